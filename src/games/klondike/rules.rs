//! The Klondike rule set as a value. The standard rules (`KLONDIKE.md`: Microsoft Solitaire
//! Collection's, and those behind the published rate of winnable deals) are the default; the
//! variants people play (draw 1, a limit on redeals, no cards back from the foundations, any
//! card on an empty pile) are fields, so that one referee plays them all.

use std::fmt;

use crate::cards::excerpt::excerpt;
pub use crate::engine::passes::{MAX_LIMITED_PASSES, Passes, PassesError};

/// Why a text is not a draw.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a draw: 1 or 3 cards at a time", excerpt(.0))]
pub struct DrawError(pub String);

/// Reads the cards one draw turns: 1 or 3.
pub fn read_draw(text: &str) -> Result<u8, DrawError> {
    match text.trim() {
        "1" => Ok(1),
        "3" => Ok(3),
        _ => Err(DrawError(text.to_string())),
    }
}

/// Which cards may fill an empty pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EmptyPile {
    /// Only a King, or a run headed by a King. A reduced deck without Kings can never fill a
    /// pile again once it is empty.
    KingsOnly,
    /// Any card or run.
    AnyCard,
}

/// A rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Cards turned by one draw: 1 or 3 (fewer when fewer are left). 0 is read as 1.
    pub draw: u8,
    pub passes: Passes,
    /// Whether a foundation's top card may come back onto a pile.
    pub foundation_to_tableau: bool,
    pub empty_pile: EmptyPile,
}

impl Rules {
    /// The standard rules: draw 3, unlimited redeals, cards may come back from the
    /// foundations, only Kings fill an empty pile.
    pub const STANDARD: Rules = Rules {
        draw: 3,
        passes: Passes::Unlimited,
        foundation_to_tableau: true,
        empty_pile: EmptyPile::KingsOnly,
    };

    /// Cards one draw turns, at least one: a draw that turned none would be a move that does
    /// nothing.
    pub fn draw_count(&self) -> usize {
        usize::from(self.draw.max(1))
    }

    /// Whether a redeal is allowed after `redeals` of them.
    pub fn may_redeal(&self, redeals: u32) -> bool {
        match self.passes {
            Passes::Unlimited => true,
            Passes::Limited(passes) => redeals < u32::from(passes).saturating_sub(1),
        }
    }
}

/// Why a text is not rules as [`Rules`] writes them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{}' are not rules: write draw 1 or draw 3, then N passes or unlimited passes, then \
     perhaps 'no cards back from the foundations' and 'any card on an empty pile'",
    excerpt(.0)
)]
pub struct RulesWordsError(pub String);

impl Rules {
    /// Reads rules as they are written ("draw 1, 3 passes, any card on an empty pile"), the
    /// words a save's `# rules:` header keeps.
    pub fn from_words(text: &str) -> Result<Rules, RulesWordsError> {
        let wrong = || RulesWordsError(text.to_string());
        let mut parts = text.split(',').map(str::trim);
        let draw = parts.next().and_then(|part| part.strip_prefix("draw "));
        let draw = read_draw(draw.ok_or_else(wrong)?).map_err(|_| wrong())?;
        let passes = match parts.next().ok_or_else(wrong)? {
            "unlimited passes" => Passes::Unlimited,
            "1 pass" => Passes::Limited(1),
            other => {
                let count = other.strip_suffix(" passes").ok_or_else(wrong)?;
                Passes::parse(count).map_err(|_| wrong())?
            }
        };
        let mut rules = Rules {
            draw,
            passes,
            ..Rules::STANDARD
        };
        for part in parts {
            match part {
                "no cards back from the foundations" => rules.foundation_to_tableau = false,
                "any card on an empty pile" => rules.empty_pile = EmptyPile::AnyCard,
                _ => return Err(wrong()),
            }
        }
        Ok(rules)
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::STANDARD
    }
}

impl fmt::Display for Rules {
    /// "draw 3, unlimited passes", then what differs from the standard rules:
    /// ", no cards back from the foundations", ", any card on an empty pile".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "draw {}, {}", self.draw_count(), self.passes)?;
        if !self.foundation_to_tableau {
            write!(f, ", no cards back from the foundations")?;
        }
        if self.empty_pile == EmptyPile::AnyCard {
            write!(f, ", any card on an empty pile")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::klondike::fixtures::every_rule_set;

    #[test]
    fn the_default_is_the_standard_game() {
        let rules = Rules::default();
        assert_eq!(rules, Rules::STANDARD);
        assert_eq!(rules.draw_count(), 3);
        assert!(rules.foundation_to_tableau);
        assert_eq!(rules.empty_pile, EmptyPile::KingsOnly);
        assert_eq!(rules.to_string(), "draw 3, unlimited passes");
    }

    #[test]
    fn variants_say_what_differs() {
        let vegas = Rules {
            draw: 1,
            passes: Passes::Limited(1),
            foundation_to_tableau: false,
            empty_pile: EmptyPile::AnyCard,
        };
        assert_eq!(
            vegas.to_string(),
            "draw 1, 1 pass, no cards back from the foundations, any card on an empty pile"
        );
        let three = Rules {
            passes: Passes::Limited(3),
            ..Rules::STANDARD
        };
        assert_eq!(three.to_string(), "draw 3, 3 passes");
    }

    #[test]
    fn rules_read_back_as_written() {
        for rules in every_rule_set() {
            assert_eq!(Rules::from_words(&rules.to_string()), Ok(rules));
        }
        for wrong in [
            "",
            "draw 2, 1 pass",
            "draw 3",
            "draw 3, 9 passes",
            "draw 1, 1 pass, x",
        ] {
            assert!(Rules::from_words(wrong).is_err(), "{wrong}");
        }
    }

    #[test]
    fn passes_limit_the_redeals() {
        let one = Rules {
            passes: Passes::Limited(1),
            ..Rules::STANDARD
        };
        assert!(!one.may_redeal(0));
        let three = Rules {
            passes: Passes::Limited(3),
            ..Rules::STANDARD
        };
        assert!(three.may_redeal(0) && three.may_redeal(1) && !three.may_redeal(2));
        assert!(Rules::STANDARD.may_redeal(u32::MAX));
        let zero = Rules {
            draw: 0,
            ..Rules::STANDARD
        };
        assert_eq!(zero.draw_count(), 1);
    }
}

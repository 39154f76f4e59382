//! The rule set a game is played under, as a value. Microsoft Solitaire Collection is the
//! default; the passes through the stock, the pairing rule and what must be cleared are
//! parameters rather than constants.

use std::fmt;

use crate::cards::excerpt::excerpt;
use crate::engine::best_line::Counted;
use crate::engine::goal::{Goal, GoalError};
use crate::engine::kind::GameKind;
pub use crate::engine::passes::{MAX_LIMITED_PASSES, Passes, PassesError};

/// Why a text is not a goal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a goal: pyramid (clear the pyramid) or all (all 52 cards)", excerpt(.0))]
pub struct FinishError(pub String);

/// What must be cleared to win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Finish {
    /// The 28 pyramid cards; the stock and waste may keep cards (MSC's Board challenge).
    #[default]
    Pyramid,
    /// All 52 cards: the pyramid, the stock and the waste.
    AllCards,
}

/// A rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    pub passes: Passes,
    /// Relaxed pairing ("overlap pairs"): a pyramid card whose only remaining cover is one
    /// card may pair with that card, when it is uncovered. MSC does not allow it.
    pub relaxed: bool,
    pub finish: Finish,
}

impl Default for Rules {
    /// Microsoft Solitaire Collection: three passes through the stock, strict pairing, the
    /// pyramid to clear.
    fn default() -> Self {
        Rules {
            passes: Passes::Limited(3),
            relaxed: false,
            finish: Finish::Pyramid,
        }
    }
}

/// Rules given in part, as a command line or a file gives them: what is not given is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RuleChanges {
    pub passes: Option<Passes>,
    pub relaxed: Option<bool>,
    pub finish: Option<Finish>,
}

impl RuleChanges {
    /// `rules` with these changes made.
    pub fn apply(self, rules: Rules) -> Rules {
        Rules {
            passes: self.passes.unwrap_or(rules.passes),
            relaxed: self.relaxed.unwrap_or(rules.relaxed),
            finish: self.finish.unwrap_or(rules.finish),
        }
    }
}

impl Finish {
    /// Reads `pyramid` or `all`.
    pub fn parse(text: &str) -> Result<Finish, FinishError> {
        match text.trim() {
            "pyramid" => Ok(Finish::Pyramid),
            "all" => Ok(Finish::AllCards),
            _ => Err(FinishError(text.to_string())),
        }
    }

    /// What a player sets out to do: "clear the pyramid".
    pub fn aim(self) -> &'static str {
        match self {
            Finish::Pyramid => "clear the pyramid",
            Finish::AllCards => "clear all 52 cards",
        }
    }

    /// The aim achieved, as a sentence: "The pyramid is cleared".
    pub fn done(self) -> &'static str {
        match self {
            Finish::Pyramid => "The pyramid is cleared",
            Finish::AllCards => "All 52 cards are cleared",
        }
    }

    /// The cards the aim counts, as the answers count them: the 28 pyramid cards, or all 52.
    pub fn counted(self) -> Counted {
        match self {
            Finish::Pyramid => Counted {
                noun: "pyramid card",
                of: super::layout::PYRAMID_SIZE,
            },
            Finish::AllCards => Counted {
                noun: "card",
                of: crate::cards::card::DECK_SIZE,
            },
        }
    }

    /// The word `parse` reads back.
    pub fn word(self) -> &'static str {
        match self {
            Finish::Pyramid => "pyramid",
            Finish::AllCards => "all",
        }
    }
}

impl Rules {
    /// How many recycles are allowed, or `None` when there is no limit.
    pub fn max_recycles(&self) -> Option<u8> {
        match self.passes {
            Passes::Limited(n) => Some(n.saturating_sub(1)),
            Passes::Unlimited => None,
        }
    }

    /// Whether a recycle is still allowed after `used` of them.
    pub fn may_recycle(&self, used: u64) -> bool {
        self.max_recycles().is_none_or(|max| used < u64::from(max))
    }

    /// The last pass through the stock a game may stand in: the passes allowed, or with
    /// unlimited passes the most a saved game's start may name (each recycle played from
    /// there counts on).
    pub fn last_pass(&self) -> u32 {
        self.max_recycles()
            .map_or(u32::MAX, |max| u32::from(max) + 1)
    }
}

impl fmt::Display for Rules {
    /// "3 passes through the stock", then any variant: ", relaxed pairing, clear all 52".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} through the stock", self.passes)?;
        if self.relaxed {
            write!(f, ", relaxed pairing")?;
        }
        if self.finish == Finish::AllCards {
            write!(f, ", clear all 52")?;
        }
        Ok(())
    }
}

impl Rules {
    /// A short form for a status line: "3 passes", "1 pass · relaxed · all 52".
    pub fn brief(&self) -> String {
        let mut text = self.passes.to_string();
        if self.relaxed {
            text.push_str(" · relaxed");
        }
        if self.finish == Finish::AllCards {
            text.push_str(" · all 52");
        }
        text
    }
}

// The Score and Card challenges are Pyramid's, so their check under Pyramid's rules lives with
// those rules.
impl Goal {
    /// Whether the challenge can be played under `rules`: its inputs pass
    /// [`Goal::check_inputs`], and a Score or Card deal ends when the pyramid is cleared (any
    /// passes, either pairing).
    pub fn check(&self, rules: Rules) -> Result<(), GoalError> {
        self.check_inputs(GameKind::Pyramid)?;
        if *self != Goal::Board && rules.finish != Finish::Pyramid {
            return Err(GoalError::NeedsPyramid);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_challenge_needs_the_pyramid_goal() {
        let all = Rules {
            finish: Finish::AllCards,
            ..Rules::default()
        };
        let score = Goal::Score {
            target: 1290,
            earned: 0,
        };
        assert_eq!(score.check(all), Err(GoalError::NeedsPyramid));
        assert_eq!(score.check(Rules::default()), Ok(()));
        assert_eq!(Goal::Board.check(all), Ok(()));
    }

    #[test]
    fn passes_read_back_what_they_write() {
        for passes in [Passes::Limited(1), Passes::Limited(3), Passes::Unlimited] {
            assert_eq!(Passes::parse(&passes.word()), Ok(passes));
        }
        assert!(
            Passes::parse("0")
                .unwrap_err()
                .to_string()
                .contains("1 to 8, or unlimited")
        );
        assert!(Passes::parse("many").is_err());
        assert_eq!(Rules::default().to_string(), "3 passes through the stock");
    }

    #[test]
    fn changes_keep_what_they_do_not_name() {
        let changes = RuleChanges {
            relaxed: Some(true),
            finish: Some(Finish::AllCards),
            ..RuleChanges::default()
        };
        let rules = changes.apply(Rules {
            passes: Passes::Limited(1),
            ..Rules::default()
        });
        assert_eq!(rules.passes, Passes::Limited(1));
        assert!(rules.relaxed);
        assert_eq!(
            rules.to_string(),
            "1 pass through the stock, relaxed pairing, clear all 52"
        );
        assert_eq!(rules.brief(), "1 pass · relaxed · all 52");
        assert_eq!(Finish::parse("all"), Ok(Finish::AllCards));
        assert!(
            Finish::parse("52")
                .unwrap_err()
                .to_string()
                .contains("pyramid")
        );
        assert_eq!(
            Finish::parse("\u{1b}[2J").unwrap_err().to_string(),
            "'\\u{1b}[2J' is not a goal: pyramid (clear the pyramid) or all (all 52 cards)"
        );
    }
}

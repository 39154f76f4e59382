//! The rule set of Minimal Triple Klondike as a value (`TRIPLE_KLONDIKE.md`). The contest's
//! rules are the default: three packs, thirteen piles, one card drawn at a time, one pass
//! through the stock, cards back from the foundations, any part of a run moved as one, and
//! foundation letters free of suits. The points the contest leaves uncertain, and the reduced
//! games the tests search exhaustively, are fields.

use std::fmt;

use crate::cards::card::Suit;
use crate::cards::excerpt::counted;
pub use crate::engine::passes::Passes;

/// The most piles: the notation names them `n` to `z`.
pub const MAX_PILES: u8 = 13;
/// The most packs: the notation names the foundations, four a pack, `b` to `m`.
pub const MAX_PACKS: u8 = 3;

/// A rule set. Every card is turned one at a time from the stock, and an empty pile takes only
/// a King or a run headed by a King: those two are not options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Packs shuffled together, 1 to 3: each card appears this many times, and each suit has
    /// this many foundations.
    pub packs: u8,
    /// Piles dealt, 1 to 13: pile k (from 1) gets k cards, the top one face up.
    pub piles: u8,
    /// Passes through the stock.
    pub passes: Passes,
    /// Whether a foundation's top card may come back onto a pile.
    pub cards_back: bool,
    /// Whether part of a pile's face-up run may move (its top cards from any card of it), or
    /// only the whole run.
    pub part_runs: bool,
    /// Whether foundation `f` (from 0, letter `b` + f) takes only the suit `SHDC`[f % 4];
    /// otherwise an empty foundation takes any Ace.
    pub tied_suits: bool,
}

/// Why a rule set cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    #[error("{0} packs cannot be played: the foundations b to m hold 1 to 3 packs")]
    Packs(u8),
    #[error("{0} piles cannot be played: the piles n to z are 1 to 13")]
    Piles(u8),
    #[error("{0} passes through the stock cannot be played: a game has at least one")]
    Passes(u8),
    #[error(
        "{} take {tableau} cards, more than the {deck} of {}",
        counted(usize::from(*.piles), "pile"),
        counted(usize::from(*.packs), "pack"),
        tableau = tableau_size(*.piles)
    )]
    TooManyPiles { piles: u8, packs: u8, deck: usize },
}

/// Cards dealt to `piles` piles: 1 + 2 + .. + piles.
pub const fn tableau_size(piles: u8) -> usize {
    let piles = piles as usize;
    piles * (piles + 1) / 2
}

impl Rules {
    /// The contest's rules.
    pub const CONTEST: Rules = Rules {
        packs: 3,
        piles: 13,
        passes: Passes::Limited(1),
        cards_back: true,
        part_runs: true,
        tied_suits: false,
    };

    /// Whether the rules can be played: 1 to 3 packs, 1 to 13 piles that a deal fills, at
    /// least one pass.
    pub fn check(&self) -> Result<(), RulesError> {
        if !(1..=MAX_PACKS).contains(&self.packs) {
            return Err(RulesError::Packs(self.packs));
        }
        if !(1..=MAX_PILES).contains(&self.piles) {
            return Err(RulesError::Piles(self.piles));
        }
        if self.passes == Passes::Limited(0) {
            return Err(RulesError::Passes(0));
        }
        if tableau_size(self.piles) > self.deck_size() {
            return Err(RulesError::TooManyPiles {
                piles: self.piles,
                packs: self.packs,
                deck: self.deck_size(),
            });
        }
        Ok(())
    }

    /// Cards in a whole deal.
    pub fn deck_size(&self) -> usize {
        52 * usize::from(self.packs)
    }

    /// Foundations: four a pack.
    pub fn foundations(&self) -> usize {
        4 * usize::from(self.packs)
    }

    /// The suit a foundation takes when suits are tied to letters: `SHDC`[f % 4].
    pub fn tied_suit(foundation: usize) -> Suit {
        [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs][foundation % 4]
    }

    /// Whether a redeal is allowed after `redeals` of them.
    pub fn may_redeal(&self, redeals: u32) -> bool {
        match self.passes {
            Passes::Unlimited => true,
            Passes::Limited(passes) => redeals + 1 < u32::from(passes),
        }
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::CONTEST
    }
}

impl fmt::Display for Rules {
    /// "3 packs, 13 piles, 1 pass", then what differs from the contest's moves: ", no cards
    /// back from the foundations", ", whole runs only", ", foundations tied to suits".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}, {}",
            counted(usize::from(self.packs), "pack"),
            counted(usize::from(self.piles), "pile"),
            self.passes
        )?;
        if !self.cards_back {
            write!(f, ", no cards back from the foundations")?;
        }
        if !self.part_runs {
            write!(f, ", whole runs only")?;
        }
        if self.tied_suits {
            write!(f, ", foundations tied to suits")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_the_contest() {
        let rules = Rules::default();
        assert_eq!(rules, Rules::CONTEST);
        assert_eq!(rules.check(), Ok(()));
        assert_eq!(rules.deck_size(), 156);
        assert_eq!(rules.foundations(), 12);
        assert_eq!(tableau_size(rules.piles), 91);
        assert_eq!(rules.to_string(), "3 packs, 13 piles, 1 pass");
        assert!(!rules.may_redeal(0));
    }

    #[test]
    fn options_say_what_differs_and_bad_ones_are_refused() {
        let small = Rules {
            packs: 1,
            piles: 4,
            passes: Passes::Limited(2),
            cards_back: false,
            part_runs: false,
            tied_suits: true,
        };
        assert_eq!(
            small.to_string(),
            "1 pack, 4 piles, 2 passes, no cards back from the foundations, whole runs only, \
             foundations tied to suits"
        );
        assert!(small.may_redeal(0) && !small.may_redeal(1));
        let bad = |rules: Rules| rules.check().unwrap_err().to_string();
        assert_eq!(
            bad(Rules { packs: 4, ..small }),
            "4 packs cannot be played: the foundations b to m hold 1 to 3 packs"
        );
        assert_eq!(
            bad(Rules { piles: 0, ..small }),
            "0 piles cannot be played: the piles n to z are 1 to 13"
        );
        assert_eq!(
            bad(Rules { piles: 13, ..small }),
            "13 piles take 91 cards, more than the 52 of 1 pack"
        );
        assert_eq!(
            bad(Rules {
                passes: Passes::Limited(0),
                ..small
            }),
            "0 passes through the stock cannot be played: a game has at least one"
        );
        assert!(
            Rules {
                passes: Passes::Unlimited,
                ..small
            }
            .may_redeal(1000)
        );
    }

    #[test]
    fn tied_letters_follow_spades_hearts_diamonds_clubs() {
        let suits: String = (0..12).map(|f| Rules::tied_suit(f).letter()).collect();
        assert_eq!(suits, "shdcshdcshdc");
    }
}

//! Minimal Triple Klondike (`TRIPLE_KLONDIKE.md`): the contest's game of three packs dealt to
//! thirteen piles, whose aim is to take the most cards to the foundations in the fewest moves.
//! Here live the rules as a value ([`rules`]), the contest's deal format ([`deal`]), the
//! referee that plays and counts a line ([`position`]), the contest's move notation
//! ([`notation`]), the lower bounds on a complete line's moves ([`bound`]), the solver
//! that looks for the best line ([`solver`]), and the game as the commands see it ([`game`],
//! its answers in [`answer`] and its part of `batch` in [`lab`]). Nothing here knows about
//! terminals or command lines.
//!
//! The rules' options, with their defaults (the contest's): packs, 1 to 3 (3); piles, 1 to
//! 13 (13); passes through the stock (one: no redeal); cards back from a foundation to a pile
//! (allowed); part of a pile's run moved as one (allowed); foundation letters tied to suits,
//! `b` spades, `c` hearts, `d` diamonds, `e` clubs and again from `f` (not tied: an empty
//! foundation takes any Ace). Not options: one card is drawn at a time; an empty pile takes
//! only a King or a run headed by a King; a run moves onto any pile that takes its head.

pub mod answer;
pub mod bound;
pub mod deal;
pub mod game;
pub mod lab;
pub mod notation;
pub mod position;
pub mod rules;
pub mod solver;

pub use deal::{Deal, DealProblem, DealProblems};
pub use position::{Foundation, IllegalMove, Move, Pile, Position, SetupError, Tally};
pub use rules::{Passes, Rules, RulesError};

/// What the library's unit tests share.
#[cfg(test)]
pub(crate) mod fixtures {
    use super::{Passes, Rules};

    /// The contest's 100 deals, read from `../shared` (other projects' data, never copied
    /// here); `None`, with a line saying so, when they are absent.
    pub fn contest_deals() -> Option<String> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/triple-klondike/deals-100.txt"
        );
        match std::fs::read_to_string(path) {
            Ok(text) => Some(text),
            Err(error) => {
                println!("skipped: the contest's deals are not at {path} ({error})");
                None
            }
        }
    }

    /// One pack dealt to `piles` piles, under the contest's moves otherwise.
    pub fn small_rules(piles: u8) -> Rules {
        Rules {
            packs: 1,
            piles,
            passes: Passes::Limited(1),
            ..Rules::CONTEST
        }
    }
}

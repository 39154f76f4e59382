//! Perfect Pair Solitaire (`PERFECT_PAIR.md`): pairs of cards adding up to 13, taken from the
//! ends of lines laid on the two sides of a ladder, with free cells. This folder holds the
//! whole game and depends only on the shared pieces of the library (cards, the referee trait,
//! the search plumbing): the rules as a value ([`rules`]), the layout as data ([`layout`]),
//! the referee ([`position`]), the moves as text ([`notation`]), a hand written down
//! ([`saved`]) and the exact solver ([`solver`]); for the commands, the game's seam
//! ([`game`]), its answers ([`answer`]) and its lab for `batch` and `stats` ([`lab`]). Nothing
//! here knows about terminals or command lines.
//!
//! What the one source says is followed as it says it. What it leaves open is reconstructed
//! (`PERFECT_PAIR.md`, "Reconstructed"), each piece either data or a rule option with the
//! documented default:
//! - the layout: a "deck" is a row of the ladder, with a left and a right line of which only
//!   the end card is available; the default is four rows of 13 cards, 7 on the left line and
//!   6 on the right ([`layout::Layout::deal`]), from one pack of 52;
//! - a perfect match is a pair of the end cards of one row's two lines; a pair using a
//!   free-cell card is a regular one ([`Rules::perfect_from_cells`]);
//! - the run starts again at 2 after its fourth pair earns its heart
//!   ([`Rules::after_fourth`]);
//! - putting a card in a free cell does not break the run ([`Rules::cell_breaks_run`]);
//! - the unused free-cell uses are paid only on a won hand ([`Rules::unused_bonus`]).

pub mod answer;
pub mod game;
pub mod lab;
pub mod layout;
pub mod notation;
pub mod position;
pub mod rules;
pub mod saved;
pub mod solver;

/// A Perfect Pair hand being played, with undo and redo.
pub type Game = crate::engine::history::History<Position>;
pub use layout::{Layout, Row, Side};
pub use position::{Gain, IllegalMove, Move, Place, Position};
pub use rules::{AfterFourth, Rules, UnusedBonus};

/// Layouts the library's unit tests share.
#[cfg(test)]
pub(crate) mod fixtures {
    use proptest::prelude::*;

    use super::{AfterFourth, Layout, Row, Rules, UnusedBonus};
    use crate::cards::card::Card;

    /// Cards from text.
    pub fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace()
            .map(|word| word.parse().expect("a card"))
            .collect()
    }

    /// A row from `left | right`, each line from its available card inward.
    pub fn row(text: &str) -> Row {
        let (left, right) = text.split_once('|').expect("a row has a '|'");
        Row {
            left: cards(left),
            right: cards(right),
        }
    }

    /// A layout from rows written as [`row`] reads them.
    pub fn layout(rows: &[&str]) -> Layout {
        Layout::new(rows.iter().map(|text| row(text)).collect()).expect("a valid layout")
    }

    /// Any rules, their uses of a free cell up to `most_uses`: the saved files' round trip
    /// takes every count, the solvers' cross-check few enough for the plain search.
    pub fn any_rules(most_uses: u8) -> impl Strategy<Value = Rules> {
        (1u8..=2, 0u8..=most_uses, any::<[bool; 4]>()).prop_map(|(free_cells, uses, flags)| Rules {
            free_cells,
            uses,
            after_fourth: if flags[0] {
                AfterFourth::StaysAtEight
            } else {
                AfterFourth::Restarts
            },
            cell_breaks_run: flags[1],
            unused_bonus: if flags[2] {
                UnusedBonus::Always
            } else {
                UnusedBonus::OnWin
            },
            perfect_from_cells: flags[3],
        })
    }
}

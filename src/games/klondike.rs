//! Klondike (`KLONDIKE.md`): the deal in the project's layout, the rules as a value (the
//! standard game and its variants: draw 1 or 3, a limit on redeals, cards back from the
//! foundations or not, what fills an empty pile), the referee that plays them, the moves as
//! text, the deal in other tools' formats, a game written down with its moves, and the exact
//! solver. Nothing here knows about terminals or command lines.

pub mod answer;
pub mod at_table;
pub mod deal;
pub mod formats;
pub mod game;
pub mod lab;
pub mod notation;
pub mod position;
pub mod reveal;
pub mod rules;
pub mod saved;
pub mod solver;

/// A Klondike game being played, with undo and redo.
pub type Game = crate::engine::history::History<Position>;
pub use deal::{Deal, DealProblem, DealProblems};
pub use position::{
    IllegalMove, Move, Pack, Pile, Position, RevealError, Seen, Setup, SetupProblem, SetupProblems,
    Spot,
};
pub use rules::{EmptyPile, Passes, Rules};

/// Positions the library's unit tests share.
#[cfg(test)]
pub(crate) mod fixtures {
    use super::{EmptyPile, Passes, Pile, Position, Rules};
    use crate::cards::card::Card;

    pub(crate) use crate::cards::card::card;

    /// Every rule set: draw 1 or 3, 1, 3 or unlimited passes, foundation cards back or not,
    /// Kings only or any card on an empty pile.
    pub fn every_rule_set() -> Vec<Rules> {
        let mut all = Vec::new();
        for draw in [1, 3] {
            for passes in [Passes::Limited(1), Passes::Limited(3), Passes::Unlimited] {
                for foundation_to_tableau in [false, true] {
                    for empty_pile in [EmptyPile::KingsOnly, EmptyPile::AnyCard] {
                        all.push(Rules {
                            draw,
                            passes,
                            foundation_to_tableau,
                            empty_pile,
                        });
                    }
                }
            }
        }
        all
    }

    /// Cards from text, `??` for one not known.
    pub fn cards(text: &str) -> Vec<Option<Card>> {
        text.split_whitespace()
            .map(|word| (word != crate::cards::deal::UNKNOWN).then(|| card(word)))
            .collect()
    }

    /// A position from piles written `face down / face up` (either part may be empty),
    /// separated by `|`, and a stock, first drawn first.
    pub fn laid_out(piles: &str, stock: &str, rules: Rules) -> Position {
        let piles = piles
            .split('|')
            .map(|pile| {
                let (down, up) = pile.split_once('/').unwrap_or(("", pile));
                Pile::new(cards(down), cards(up))
            })
            .collect();
        Position::from_piles(piles, cards(stock), rules).expect("a valid layout")
    }
}

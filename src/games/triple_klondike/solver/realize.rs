//! The solver's steps as the referee's moves: the foundation each card goes to or comes from
//! is chosen here. A card goes up on a foundation of its suit at its rank less one, the one of
//! the tied letters when it can (an Ace to an empty foundation whose tied suit is its own), so
//! that a line found under free letters also holds when suits are tied to letters.

use super::game::Step;
use crate::games::triple_klondike::position::{Move, Position};
use crate::games::triple_klondike::rules::Rules;

/// The referee's move for a step in `position`.
///
/// # Panics
/// When the step cannot be played there: the steps must come from the solver's game of this
/// position.
pub fn move_of(position: &Position, step: Step) -> Move {
    let foundations = position.foundations().len() as u8;
    let up = |card: crate::cards::card::Card| {
        let takes = |f: u8| {
            let foundation = position.foundations()[usize::from(f)];
            let suit_ok = foundation.suit.is_none_or(|suit| suit == card.suit());
            let tied_ok =
                !position.rules().tied_suits || Rules::tied_suit(usize::from(f)) == card.suit();
            suit_ok && tied_ok && foundation.height + 1 == card.rank().value()
        };
        let tied = |f: &u8| Rules::tied_suit(usize::from(*f)) == card.suit();
        let mut fits = (0..foundations).filter(|&f| takes(f));
        let first = fits.next().expect("a foundation takes the card");
        std::iter::once(first)
            .chain(fits)
            .find(tied)
            .unwrap_or(first)
    };
    match step {
        Step::Draw => Move::Draw,
        Step::Redeal => Move::Redeal,
        Step::WasteUp => {
            Move::WasteToFoundation(up(*position.waste().last().expect("a waste card")))
        }
        Step::WasteToPile(to) => Move::WasteToPile(to),
        Step::PileUp(from) => {
            let card = position.piles()[usize::from(from)]
                .top()
                .expect("a top card");
            Move::PileToFoundation { from, to: up(card) }
        }
        Step::PileToPile { from, to, count } => Move::PileToPile { from, to, count },
        Step::Down { card, to } => {
            let from = (0..foundations)
                .find(|&f| {
                    position.foundations()[usize::from(f)]
                        .top()
                        .is_some_and(|top| top.index() == usize::from(card))
                })
                .expect("a foundation's top is the card");
            Move::FoundationToPile { from, to }
        }
    }
}

/// The referee's moves for a line of steps from `start`.
///
/// # Panics
/// When a step cannot be played: see [`move_of`].
pub fn moves_of(start: &Position, steps: &[Step]) -> Vec<Move> {
    let mut position = start.clone();
    steps
        .iter()
        .map(|&step| {
            let mv = move_of(&position, step);
            position
                .apply(mv)
                .unwrap_or_else(|why| panic!("the solver's step {step:?} is legal: {why}"));
            mv
        })
        .collect()
}

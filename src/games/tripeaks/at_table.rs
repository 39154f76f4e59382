//! TriPeaks at the table ([`crate::engine::at_table`]), for the Board challenge: the chance to
//! clear the tableau. The referee's moves, the unknown cards dealt in deal order, the exact
//! Board solver, and its two searches as the proofs that hold whatever the unknown cards are:
//! cleared with them matching nothing, the board is won; not cleared with them matching
//! anything, it is lost. Then the ranked moves as `hint` gives them, in words and JSON.

use serde_json::json;

use super::answer::{from_saved, seen_slot};
use super::layout::{FIRST_WASTE, FULL, LAYOUT, TABLEAU_SIZE, face_up};
use super::saved::SavedTriPeaks;
use super::solver::{self, BoardAnswer, Solution};
use super::{Move, Position, notation};
use crate::cards::card::Card;
use crate::cards::deal::Deal;
use crate::engine::at_table::{self, AtTable, SampleBudget, Solved};
use crate::engine::search::Observer;
use crate::engine::verdict;

impl AtTable for Position {
    fn unknown(&self) -> usize {
        self.deal().unknown().count_ones() as usize
    }

    fn seen(&self) -> Vec<Card> {
        self.deal().slots().into_iter().flatten().collect()
    }

    /// The unknown slots take `cards` in deal order; the cards must be missing from the deal
    /// (the rest of the pack, or part of it).
    fn dealt(&self, cards: &[Card]) -> Position {
        let mut cards = cards.iter().copied();
        let slots = self
            .deal()
            .slots()
            .map(|slot| slot.or_else(|| cards.next()));
        let deal = Deal::from_slots(&slots, &LAYOUT).expect("cards missing from the deal");
        Position::from_parts(
            &deal,
            self.remaining(),
            self.drawn(),
            self.waste_slot(),
            self.streak(),
            self.score(),
        )
        .expect("the same position, its cards known")
    }

    /// Won when a line clears the tableau with the unknown cards matching nothing (it plays
    /// whatever they are); lost when none does even with them matching anything.
    fn settled(&self) -> Option<bool> {
        match solver::solve_board(self, &mut ()).answer? {
            Solution {
                answer: BoardAnswer::Cleared(_),
                ..
            } => Some(true),
            Solution {
                bound: None | Some(BoardAnswer::NotClearable(_)),
                ..
            } => Some(false),
            Solution { .. } => None,
        }
    }

    /// An unknown card face up in the tableau, or on the waste: the card `truth` has there.
    fn shown(&self, truth: &Position) -> Option<Position> {
        let slot = seen_slot(self)?;
        self.reveal(slot, truth.card(slot)?).ok()
    }

    fn solve(&self, observer: &mut dyn Observer) -> Solved<Move> {
        match solver::solve_board(self, observer).answer {
            Some(Solution {
                answer: BoardAnswer::Cleared(line),
                ..
            }) => Solved::Won(line.moves),
            Some(_) => Solved::Lost,
            None => Solved::Open,
        }
    }
}

/// A deal at its start as the truth, every card known, and as MSC shows it: rows 1 to 3 face
/// down and the stock, not known; the bottom row and the waste's card face up.
pub fn at_the_table(deal: &Deal) -> (Position, Position) {
    let truth = Position::new(deal);
    let shown = face_up(FULL);
    let slots = deal.slots();
    let seen: Vec<Option<Card>> = slots
        .iter()
        .enumerate()
        .map(|(slot, &card)| {
            let up = slot == FIRST_WASTE || (slot < TABLEAU_SIZE && shown & (1 << slot) != 0);
            card.filter(|_| up)
        })
        .collect();
    let seen = Deal::from_slots(&seen, &LAYOUT).expect("the deal's cards, fewer of them");
    (truth, Position::new(&seen))
}

/// The moves from where a game with cards not known stands, ranked by their chance to clear
/// the tableau over deals of the cards not seen; `None` where the exact hint answers: no card
/// is unknown, one is face up waiting to be typed in (the player sees it), or the tableau is
/// cleared, or never, whatever they are.
pub fn chances_answer(
    saved: &SavedTriPeaks,
    budget: &SampleBudget,
    observer: &mut dyn Observer,
) -> Option<verdict::Answer> {
    let position = *saved.game().position();
    let unknown = position.unknown();
    if unknown == 0 || seen_slot(&position).is_some() || position.settled().is_some() {
        return None;
    }
    let pool = at_table::rest_of_pack(&position.seen());
    let ranking = at_table::rank(&position, &pool, budget, observer).ok()?;
    let notation = |mv| notation::move_text(&position, mv);
    let head = json!({"game": "tripeaks", "challenge": "board"});
    let json = ranking.json(head, unknown, pool.len(), notation);
    let text = ranking.text(
        Some("Board: clear the tableau"),
        unknown,
        pool.len(),
        notation,
        |mv| position.describe(mv),
    );
    Some(from_saved(saved, ranking.verdict(), json, text))
}

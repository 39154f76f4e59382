//! Pyramid at the table ([`crate::engine::at_table`]), for the Board challenge: the chance to
//! clear the pyramid (or all 52 cards, as the rules ask). The referee's moves, the unknown
//! cards dealt in the order of places (the pyramid in deal order, the stock from its top, the
//! waste from its bottom), the exact Board solver, and the two searches its answers already
//! run as the proofs that hold whatever the unknown cards are: a line that clears with them
//! matching nothing plays whatever they are; no line with them as wildcards, or a plain
//! reason, and no filling clears. Then the ranked moves as `hint` gives them, in words and
//! JSON.

use serde_json::json;

use super::answer::{Bound, Standing, board_bound, solve_capped};
use super::lab::rules_json;
use super::solver::{self, Budget, Caps, Outcome};
use super::{Move, Position, notation};
use crate::cards::card::Card;
use crate::engine::at_table::{self, AtTable, SampleBudget, Solved};
use crate::engine::search::Observer;
use crate::engine::verdict;

/// The states each of the two searches that settle a position may store: a small share of a
/// hint's time, for they run once for each move before any deal is solved.
const SETTLE_CAPS: Caps = Caps {
    states: Some(50_000),
    memory: None,
    time: None,
};

impl Position {
    /// The cards in play, each once: the pyramid in deal order, the stock from its top, the
    /// waste from its bottom.
    fn in_play(&self) -> impl Iterator<Item = Card> + '_ {
        self.pyramid()
            .iter()
            .flatten()
            .copied()
            .chain(self.stock_top_first())
            .chain(self.waste_bottom_first().iter().copied())
    }

    /// The same position with every card, in play and gone, changed by `change`, and none
    /// unknown.
    fn with_cards(&self, change: impl Fn(Card) -> Card) -> Position {
        let pyramid = self.pyramid().map(|slot| slot.map(&change));
        let stock: Vec<Card> = self.stock_top_first().map(&change).collect();
        let waste: Vec<Card> = self
            .waste_bottom_first()
            .iter()
            .copied()
            .map(&change)
            .collect();
        let removed = self.removed().iter().copied().map(&change).collect();
        Position::from_parts(
            self.rules(),
            pyramid,
            &stock,
            &waste,
            self.recycles_used(),
            removed,
        )
    }
}

impl AtTable for Position {
    fn unknown(&self) -> usize {
        self.in_play().filter(|&card| self.is_unknown(card)).count()
    }

    fn seen(&self) -> Vec<Card> {
        self.in_play()
            .chain(self.removed().iter().copied())
            .filter(|&card| !self.is_unknown(card))
            .collect()
    }

    /// The unknown cards in play take `cards` in the order of places; the unknown cards gone
    /// (their stand-ins among the cards removed) take the cards not seen that are left, and
    /// stay unknown: their ranks are never read, and no card is then in the game twice.
    fn dealt(&self, cards: &[Card]) -> Position {
        let in_play: Vec<Card> = self
            .in_play()
            .filter(|&card| self.is_unknown(card))
            .collect();
        let gone: Vec<Card> = self
            .removed()
            .iter()
            .copied()
            .filter(|&card| self.is_unknown(card))
            .collect();
        let mut seen = self.seen();
        seen.extend(cards);
        let stand_ins: Vec<Card> = at_table::rest_of_pack(&seen)
            .into_iter()
            .take(gone.len())
            .collect();
        let as_dealt = |card: Card| {
            if let Some(place) = in_play.iter().position(|&c| c == card) {
                cards[place]
            } else if let Some(place) = gone.iter().position(|&c| c == card) {
                stand_ins[place]
            } else {
                card
            }
        };
        self.with_cards(as_dealt)
            .with_unknown_cards(stand_ins.iter().copied())
    }

    /// The unknown card face up (uncovered in the pyramid, or the waste's top) becomes the
    /// card `truth` has there; that card's stand-in, if it was one, takes this one's place
    /// among the unknown cards, so that no card is in the game twice.
    fn shown(&self, truth: &Position) -> Option<Position> {
        let (place, stand_in) = self.unknown_face_up()?;
        let card = truth.card_at(place)?;
        let swap = |c: Card| {
            if c == stand_in {
                card
            } else if c == card {
                stand_in
            } else {
                c
            }
        };
        let unknown: Vec<Card> = self
            .in_play()
            .chain(self.removed().iter().copied())
            .filter(|&c| self.is_unknown(c))
            .map(swap)
            .filter(|&c| c != card)
            .collect();
        Some(self.with_cards(swap).with_unknown_cards(unknown))
    }

    /// Won when a line clears with the unknown cards matching nothing (it plays whatever they
    /// are); lost when none does and the answer is definitive: a plain reason, or no line
    /// even with them as wildcards. Either search stopped by its cap settles nothing.
    fn settled(&self) -> Option<bool> {
        let budget = Budget::start(SETTLE_CAPS);
        let (report, cap) = solve_capped(self, &budget, &mut ());
        if cap.is_some() {
            return None;
        }
        match report.outcome {
            Outcome::Solved(_) => Some(true),
            Outcome::NoSolution(_) => match board_bound(self, &report, &budget) {
                None | Some((Bound::Definitive, _)) => Some(false),
                Some(_) => None,
            },
            Outcome::Cancelled => None,
        }
    }

    fn solve(&self, observer: &mut dyn Observer) -> Solved<Move> {
        match solver::solve(self, observer).outcome {
            Outcome::Solved(moves) => Solved::Won(moves),
            Outcome::NoSolution(_) => Solved::Lost,
            Outcome::Cancelled => Solved::Open,
        }
    }
}

/// The moves from where a game with cards not known stands, ranked by their chance to win
/// over deals of the cards not seen; `None` where the exact hint answers: no card is unknown,
/// one is face up waiting to be typed in (the player sees it), or the game is won, or lost,
/// whatever they are.
pub fn chances_answer(
    standing: &Standing,
    budget: &SampleBudget,
    observer: &mut dyn Observer,
) -> Option<verdict::Answer> {
    let position = &standing.position;
    let unknown = position.unknown();
    if unknown == 0 || position.unknown_face_up().is_some() || position.settled().is_some() {
        return None;
    }
    let pool = at_table::rest_of_pack(&position.seen());
    let ranking = at_table::rank(position, &pool, budget, observer).ok()?;
    let rules = position.rules();
    let notation = |mv| notation::move_text(position, mv);
    let head = json!({"game": "pyramid", "challenge": "board", "rules": rules_json(rules)});
    let json = ranking.json(head, unknown, pool.len(), notation);
    let aim = format!("Board: {}", rules.finish.aim());
    let text = ranking.text(Some(&aim), unknown, pool.len(), notation, |mv| {
        position.describe(mv)
    });
    Some(standing.answer(ranking.verdict(), json, text))
}

//! Klondike at the table ([`crate::engine::at_table`]): the referee's moves, the unknown
//! cards dealt in the order the position lists its cards, the exact solver, and the proof
//! that a game is lost whatever its unknown cards are (no line turns one face up:
//! [`reveal`]); then the ranked moves as `hint` gives them, in words and JSON.

use serde_json::json;

use super::answer::rules_json;
use super::deal::{PILES, pile_start};
use super::reveal::{self, Reveal};
use super::saved::SavedKlondike;
use super::solver::{self, Verdict as SolverVerdict};
use super::{Deal, Move, Position, Rules, Seen, notation};
use crate::cards::card::Card;
use crate::engine::at_table::{self, AimWords, AtTable, Board, SampleBudget, Solved};
use crate::engine::search::Observer;
use crate::engine::verdict;

/// Positions the proof that no card not known can ever turn up may search, for each move: a
/// small share of a hint's time.
const SETTLE_CAP: usize = 20_000;

impl AtTable for Position {
    fn unknown(&self) -> usize {
        self.in_play().filter(Option::is_none).count()
    }

    fn seen(&self) -> Vec<Card> {
        self.in_play()
            .flatten()
            .chain(self.foundation_cards())
            .collect()
    }

    fn dealt(&self, cards: &[Card]) -> Position {
        self.with_unknown_as(cards)
    }

    /// Won when every card is up; lost when no line turns a card not known face up, for then
    /// it never reaches its foundation.
    fn settled(&self) -> Option<bool> {
        if self.is_won() {
            return Some(true);
        }
        (reveal::reveal(self, SETTLE_CAP) == Reveal::Never).then_some(false)
    }

    /// A pile's face-up top not known, or a card not known that a draw fanned out on the
    /// waste (the player saw every card a draw turned, not only the top): the card `truth`
    /// has there.
    fn shown(&self, truth: &Position) -> Option<Position> {
        let piles = self.piles();
        if let Some(pile) = (0..piles.len()).find(|&pile| piles[pile].top_is_unknown()) {
            return self
                .reveal(Seen::PileTop(pile), truth.pile(pile)?.top()?)
                .ok();
        }
        // Going round the stock loses nothing here (draws and redeals come back to this
        // very position) and shows every card of it: the player may look at them all.
        if reveal::keeps_all(self)
            && let Some(at) = self.stock().iter().position(Option::is_none)
        {
            return self.reveal_in_stock(at, (*truth.stock().get(at)?)?).ok();
        }
        let at = self.fanned().rev().find(|&at| self.waste()[at].is_none())?;
        self.reveal(Seen::Waste(at), (*truth.waste().get(at)?)?)
            .ok()
    }

    /// The redeals made left out when they are unlimited.
    fn key(&self) -> Position {
        self.plays_as()
    }

    fn solve(&self, observer: &mut dyn Observer) -> Solved<Move> {
        match solver::solve(self, observer).answer {
            Some(SolverVerdict::Solvable(line)) => Solved::Won(line),
            Some(SolverVerdict::Unsolvable) => Solved::Lost,
            None => Solved::Open,
        }
    }
}

/// A deal at its start as the truth, every card known, and as a player sees it: each pile's
/// top card face up, the cards under them and the stock not known.
pub fn at_the_table(deal: &Deal, rules: Rules) -> (Position, Position) {
    let truth = Position::new(deal, rules);
    let tops: Vec<usize> = (1..=PILES).map(|pile| pile_start(pile) - 1).collect();
    let slots: Vec<Option<Card>> = deal
        .slots()
        .iter()
        .enumerate()
        .map(|(slot, &card)| card.filter(|_| tops.contains(&slot)))
        .collect();
    let seen = Deal::from_slots(&slots).expect("the deal's cards, fewer of them");
    (truth, Position::new(&seen, rules))
}

/// The moves from where a game with cards not known stands, ranked by their chance to win
/// over deals of the cards not seen; `None` where the exact hint answers: no card is unknown,
/// one is face up waiting to be typed in (the player sees it), or the game is lost whatever
/// they are.
pub fn chances_answer(
    saved: &SavedKlondike,
    budget: &SampleBudget,
    observer: &mut dyn Observer,
) -> Option<verdict::Answer> {
    let position = saved.position();
    if position.unknown() == 0 {
        return None;
    }
    match reveal::reveal(&position, SETTLE_CAP) {
        Reveal::Never => return None,
        Reveal::Shows { moves, .. } if moves.is_empty() => return None,
        _ => {}
    }
    // Klondike's answer names its rules in its first line already, and plays for the win.
    let words = AimWords {
        head: json!({"game": "klondike", "rules": rules_json(position.rules())}),
        aim: None,
        target: None,
    };
    let notation = |mv| notation::move_text(&position, mv);
    let ranked = at_table::ranked_answer(&position, &Board, words, notation, budget, observer)?;
    Some(verdict::after_moves(
        saved.moves.len(),
        ranked.verdict,
        ranked.json,
        ranked.text,
    ))
}

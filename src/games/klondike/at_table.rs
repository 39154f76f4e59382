//! Klondike at the table ([`crate::engine::at_table`]): the referee's moves, the unknown
//! cards dealt in the order the position lists its cards, the exact solver, and the proof
//! that a game is lost whatever its unknown cards are (no line turns one face up:
//! [`reveal`]); then the ranked moves as `hint` gives them, in words and JSON.

use serde_json::{Value, json};

use super::answer::{from_saved, rules_json};
use super::reveal::{self, Reveal};
use super::saved::SavedKlondike;
use super::solver::{self, Verdict as SolverVerdict};
use super::{Move, Position, notation};
use crate::cards::card::Card;
use crate::engine::at_table::{self, AtTable, Ranking, SampleBudget, Solved};
use crate::engine::search::Observer;
use crate::engine::unknowns_text;
use crate::engine::verdict::{self, Verdict};

/// Positions the proof that no card not known can ever turn up may search, for each move: a
/// small share of a hint's time.
const SETTLE_CAP: usize = 20_000;

impl AtTable for Position {
    type Move = Move;

    fn moves(&self) -> Vec<Move> {
        self.legal_moves()
    }

    fn after(&self, mv: Move) -> Position {
        let mut next = self.clone();
        next.apply(mv).expect("a legal move applies");
        next
    }

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

    fn solve(&self, observer: &mut dyn Observer) -> Solved<Move> {
        match solver::solve(self, observer).answer {
            Some(SolverVerdict::Solvable(line)) => Solved::Won(line.first().copied()),
            Some(SolverVerdict::Unsolvable) => Solved::Lost,
            None => Solved::Open,
        }
    }
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
    let pool = at_table::rest_of_pack(&position.seen());
    let ranking = at_table::rank(&position, &pool, budget, observer).ok()?;
    let verdict = match ranking.best().map(|best| best.estimate) {
        Some(at_table::Estimate::Exact(true)) => Verdict::Yes,
        _ if ranking.exact() => Verdict::No,
        _ => Verdict::Undecided,
    };
    let json = ranking_json(&position, &ranking, pool.len());
    let text = ranking_text(&position, &ranking, pool.len());
    Some(from_saved(saved, verdict, json, text))
}

/// The ranking in words: the best move with its chance, the runners-up, and what the figures
/// mean.
fn ranking_text(position: &Position, ranking: &Ranking<Move>, pool: usize) -> String {
    let unknown = position.unknown();
    let mut text = format!(
        "At the table ({}): {}, each any of the {pool} cards not seen; each move's chance \
         to win, over {} of them:\n",
        position.rules(),
        unknowns_text::not_known(unknown),
        if ranking.exact() {
            "every deal".to_string()
        } else {
            format!(
                "{} random deals",
                crate::cards::deal::thousands(ranking.deals)
            )
        }
    );
    let mut moves = ranking.moves.iter();
    if let Some(best) = moves.next() {
        text.push_str(&format!(
            "Best: {} ({}): win chance {}\n",
            notation::move_text(position, best.mv),
            position.describe(best.mv),
            best.estimate.text()
        ));
    }
    for other in moves {
        text.push_str(&format!(
            "  then {}: {}\n",
            notation::move_text(position, other.mv),
            other.estimate.text()
        ));
    }
    if !ranking.exact() {
        text.push_str(
            "A chance is the share of deals won with every card known after the move (± its \
             95% margin): it assumes more than a player learns as cards turn up, so it is an \
             upper estimate; the order is the advice.\n",
        );
    }
    if let Some(wanted) = ranking.out_of_time {
        text.push_str(&format!(
            "The time limit stopped the work at {} of the {} deals asked for: --time-limit \
             gives it more time.\n",
            crate::cards::deal::thousands(ranking.deals),
            crate::cards::deal::thousands(wanted)
        ));
    }
    if ranking.stopped {
        text.push_str("Stopped before the budget was spent: the figures cover the deals solved.\n");
    }
    text
}

/// The ranking as JSON: `unknown`, `pool` (the cards they may be), `deals`, `exact`,
/// `stopped`, `out_of_time` (the time limit ended the work before the deals asked for),
/// `best` in the notation, and `moves`, the best first, each with its `move` in
/// the notation and its figures ([`at_table::Estimate::json`]).
fn ranking_json(position: &Position, ranking: &Ranking<Move>, pool: usize) -> Value {
    let moves: Vec<Value> = ranking
        .moves
        .iter()
        .map(|chance| {
            let mut figures = chance.estimate.json();
            figures["move"] = json!(notation::move_text(position, chance.mv));
            figures
        })
        .collect();
    json!({
        "game": "klondike",
        "rules": rules_json(position.rules()),
        "unknown": position.unknown(),
        "pool": pool,
        "deals": ranking.deals,
        "exact": ranking.exact(),
        "stopped": ranking.stopped,
        "out_of_time": ranking.out_of_time.is_some(),
        "best": ranking.best().map(|best| notation::move_text(position, best.mv)),
        "moves": moves,
        "seconds": ranking.elapsed.as_secs_f64(),
    })
}

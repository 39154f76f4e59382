//! Unknown cards (`??`): what knowing them could change about an answer, and the plan that
//! turns one face up.
//!
//! The solvers play an unknown card as matching nothing, so their lines are playable whatever
//! it is. Solving again with the unknown cards as wildcards (each pairs with any card and may
//! go alone) bounds what any filling could give: when that bound is no better, the answer is
//! definitive. Otherwise the player may play to see a card: the fewest steps to turn one
//! face up, from the position or, when none can be reached from there, from the deal's start.

use std::collections::{HashMap, VecDeque};
use std::time::Instant;

use super::challenge::{CardAnswer, ChallengeReport, Line, ScoreAnswer, solve_card, solve_score};
use super::context::{Context, Pruning, State};
use super::{CHECK_EVERY, Observer, Outcome, Report, Stats, solve};
use crate::cards::card::{Card, Rank};
use crate::games::pyramid::explain;
use crate::games::pyramid::position::{Move, Place, Position};

/// What knowing the unknown cards could change about an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unknowns<A> {
    /// The answer with every unknown card a wildcard, or for the Board challenge "no
    /// solution" when a plain reason proves it whatever the cards are: at least as good as
    /// the best any filling of them gives. Its moves are not playable. `None` when the
    /// observer stopped the search.
    pub bound: Option<A>,
    /// Whether the answer is the best there is whatever the unknown cards are: the bound is
    /// no better.
    pub definitive: bool,
    /// The figures of the wildcard search.
    pub stats: Stats,
}

/// The Board challenge's bound for a position with unknown cards in play (`None` without):
/// `report` is [`solve`]'s answer for the position. A plain reason that holds whatever the
/// unknown cards are (see [`explain::lost_whatever_unknown`]) proves "no solution"
/// definitive without a search.
pub fn board_unknowns(
    position: &Position,
    report: &Report,
    observer: &mut dyn Observer,
) -> Option<Unknowns<Outcome>> {
    let wild = wildcards(position)?;
    if let Outcome::NoSolution(_) = report.outcome
        && explain::lost_whatever_unknown(position).is_some()
    {
        return Some(Unknowns {
            bound: Some(report.outcome.clone()),
            definitive: true,
            stats: Stats::default(),
        });
    }
    let bound = solve(&wild, observer);
    let definitive = match (&report.outcome, &bound.outcome) {
        (Outcome::Solved(found), Outcome::Solved(best)) => found.len() <= best.len(),
        (Outcome::NoSolution(_), Outcome::NoSolution(_)) => true,
        _ => false,
    };
    let stats = bound.stats;
    let bound = (bound.outcome != Outcome::Cancelled).then_some(bound.outcome);
    Some(Unknowns {
        definitive: definitive && bound.is_some(),
        bound,
        stats,
    })
}

/// The Score challenge's bound for a position with unknown cards in play (`None` without):
/// `answer` is [`solve_score`]'s for the same points.
pub fn score_unknowns(
    position: &Position,
    points: u32,
    answer: &ScoreAnswer,
    observer: &mut dyn Observer,
) -> Option<Unknowns<ScoreAnswer>> {
    let wild = wildcards(position)?;
    let ChallengeReport {
        answer: bound,
        stats,
    } = solve_score(&wild, points, observer);
    let key = |answer: &ScoreAnswer| match answer {
        ScoreAnswer::Reached(line) => (true, line.value, line.moves.len()),
        ScoreAnswer::Short(line) => (false, line.value, line.moves.len()),
    };
    let definitive = bound.as_ref().is_some_and(|b| key(b) == key(answer));
    Some(Unknowns {
        bound,
        definitive,
        stats,
    })
}

/// The Card challenge's bound for a position with unknown cards in play (`None` without):
/// `answer` is [`solve_card`]'s for the same rank and count. A wildcard may count as the rank.
pub fn card_unknowns(
    position: &Position,
    rank: Rank,
    count: u32,
    answer: &CardAnswer,
    observer: &mut dyn Observer,
) -> Option<Unknowns<CardAnswer>> {
    let wild = wildcards(position)?;
    let ChallengeReport {
        answer: bound,
        stats,
    } = solve_card(&wild, rank, count, observer);
    let line_key = |line: &Option<Line>| line.as_ref().map(|l| (l.value, l.moves.len()));
    let key = |answer: &CardAnswer| match answer {
        CardAnswer::Reached(line) => (Some((line.value, line.moves.len())), None, true),
        CardAnswer::Short { clearing, open } => (line_key(clearing), line_key(open), false),
    };
    let definitive = bound.as_ref().is_some_and(|b| key(b) == key(answer));
    Some(Unknowns {
        bound,
        definitive,
        stats,
    })
}

/// The position with its unknown cards as wildcards, if it has any in play.
fn wildcards(position: &Position) -> Option<Position> {
    position
        .has_unknown()
        .then(|| position.clone().with_wildcards(true))
}

/// The fewest steps to see an unknown card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevealPlan {
    /// The moves, playable whatever the unknown cards are.
    pub moves: Vec<Move>,
    /// Whether the moves start from the deal's start rather than the position: no unknown
    /// card can be turned face up from the position (the player restarts the same deal).
    pub restart: bool,
    /// Where the unknown card lies face up at the end: an uncovered pyramid card or the
    /// waste's top card.
    pub place: Place,
    /// The card standing in for it (see [`crate::cards::deal::Deal`]): the deal's card at its slot.
    pub card: Card,
}

/// The observer asked the search to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped;

/// The fewest steps from `position` to a position where an unknown card is face up (none
/// when one already is); when none can be reached from there, the fewest from `start`, the
/// deal's start. `Ok(None)` when no unknown card can be turned face up from either (or there
/// is none). Unknown cards match nothing on the way.
///
/// # Errors
/// [`Stopped`] when the observer asked the search to stop.
pub fn reveal_plan(
    position: &Position,
    start: &Position,
    observer: &mut dyn Observer,
) -> Result<Option<RevealPlan>, Stopped> {
    for (from, restart) in [(position, false), (start, true)] {
        let from = from.clone().with_wildcards(false);
        if !from.has_unknown() {
            continue;
        }
        if let Some(moves) = fewest_to_see(&from, observer)? {
            let mut end = from.clone();
            for &mv in &moves {
                end.apply(mv).expect("the search's moves are legal");
            }
            let (place, card) = end
                .unknown_face_up()
                .expect("the search ends with an unknown card face up");
            return Ok(Some(RevealPlan {
                moves,
                restart,
                place,
                card,
            }));
        }
    }
    Ok(None)
}

/// Breadth-first over single steps: the fewest to a state with an unknown card face up.
fn fewest_to_see(
    position: &Position,
    observer: &mut dyn Observer,
) -> Result<Option<Vec<Move>>, Stopped> {
    let started = Instant::now();
    let context = Context::new(position).with_pruning(Pruning::Nothing);
    let start = context.start();
    let mut parent: HashMap<State, (State, Move)> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    let mut stats = Stats::default();
    let mut goal = context.unseen_face_up(start).then_some(start);
    while goal.is_none() {
        let Some(state) = queue.pop_front() else {
            return Ok(None);
        };
        stats.expanded += 1;
        if stats.expanded.is_multiple_of(CHECK_EVERY) {
            stats.stored = parent.len();
            stats.frontier = queue.len();
            stats.memory = held(&parent, &queue);
            stats.elapsed = started.elapsed();
            observer.progress(&stats);
            if observer.should_stop() {
                return Err(Stopped);
            }
        }
        context.steps(state, |mv, after| {
            if goal.is_some() || after == start || parent.contains_key(&after) {
                return;
            }
            stats.generated += 1;
            parent.insert(after, (state, mv));
            if context.unseen_face_up(after) {
                goal = Some(after);
            } else {
                queue.push_back(after);
            }
        });
    }
    let mut moves = Vec::new();
    let mut at = goal.expect("the loop ends on a goal");
    while at != start {
        let (before, mv) = parent[&at];
        moves.push(mv);
        at = before;
    }
    moves.reverse();
    Ok(Some(moves))
}

/// The bytes the breadth-first search's tables hold at their capacity, for the memory cap: a
/// hash map's slot is its entry and a control byte.
fn held(parent: &HashMap<State, (State, Move)>, queue: &VecDeque<State>) -> usize {
    parent.capacity() * (std::mem::size_of::<(State, (State, Move))>() + 1)
        + queue.capacity() * std::mem::size_of::<State>()
}

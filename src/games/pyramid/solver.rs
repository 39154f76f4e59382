//! The optimal Board-challenge solver: the fewest steps that clear the pyramid from a position,
//! or a proof that none exists.
//!
//! Two searches over packed `u64` states share one successor function (see [`context`]):
//! a depth-first probe for *any* way, which usually finds one within a few dozen nodes and
//! otherwise goes on, in turns with A*, until it finds one or has proved there is none; and A*
//! with a bucket queue for the fewest steps. Hopeless deals are thus proved hopeless without
//! the cost of an optimal search. Pure: no threads, no printing; progress and cancellation go
//! through an [`Observer`] the caller passes in.

mod challenge;
mod context;
mod reach;
mod search;
mod sets;
mod store;
mod survey;
mod unknown;

use std::time::Instant;

pub use crate::engine::search::{
    BYTES_PER_STATE, Budget, CHECK_EVERY, CapReached, Capped, Caps, DEFAULT_MEMORY, Observer,
    Stats, bytes,
};
pub use challenge::{
    CardAnswer, ChallengeReport, Line, ScoreAnswer, solve_card, solve_most, solve_score,
};
use context::Context;
use search::{Clear, Search};
pub use unknown::{
    RevealPlan, Stopped, Unknowns, board_unknowns, card_unknowns, reveal_plan, score_unknowns,
};

use super::explain;
use super::position::{Move, Position};

/// How many expansions the depth-first probe spends alone before A* starts.
const PROBE_BUDGET: u64 = 2000;

/// How many probe expansions run for each A* expansion when both run. A probe expansion is
/// several times cheaper; on a winnable deal the probe stops at the first way it finds, while
/// on a hopeless one it is the work that counts. Measured in pairs of runs on the 1500 deals:
/// 16 spends a few percent less time than 6 or 8, and about a fifth less than 2.
const PROBE_SHARE: u64 = 16;

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// An optimal solution: the moves, in order.
    Solved(Vec<Move>),
    /// The pyramid cannot be cleared; with a reason when a simple one is known.
    NoSolution(Option<String>),
    /// The observer asked to stop.
    Cancelled,
}

/// The outcome of a search with its figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub outcome: Outcome,
    pub stats: Stats,
}

/// Finds the fewest steps that clear the pyramid from `position`, or proves there are none.
/// The position's rules (passes through the stock) are the ones searched under. Unknown
/// cards match nothing (the line is playable whatever they are); see [`board_unknowns`] for
/// what knowing them could change.
pub fn solve(position: &Position, observer: &mut dyn Observer) -> Report {
    let started = Instant::now();
    let mut stats = Stats::default();
    let outcome = if position.is_won() {
        Outcome::Solved(Vec::new())
    } else if let Some(reason) = explain::hopeless(position) {
        Outcome::NoSolution(Some(reason))
    } else {
        let context = Context::new(position);
        drive(&context, observer, &mut stats, started)
    };
    stats.elapsed = started.elapsed();
    observer.progress(&stats);
    Report { outcome, stats }
}

/// Runs the probe alone for a while, then A* alone if it found a way, or else in turns with it
/// ([`PROBE_SHARE`] probe slices for each A* one), checking in with the observer after each
/// slice of [`CHECK_EVERY`] expansions.
fn drive(
    context: &Context,
    observer: &mut dyn Observer,
    stats: &mut Stats,
    started: Instant,
) -> Outcome {
    let mut first = reach::Probe::new(context);
    let mut probe = match first.advance(PROBE_BUDGET, stats) {
        Some(false) => return Outcome::NoSolution(None),
        Some(true) => None,
        None => Some(first),
    };
    let mut search = Search::new(context, Clear);
    let mut slice = 0u64;
    loop {
        slice += 1;
        match &mut probe {
            Some(running) if slice % (PROBE_SHARE + 1) != 1 => {
                match running.advance(CHECK_EVERY, stats) {
                    Some(false) => return Outcome::NoSolution(None),
                    // A way exists: only the optimal search is left to finish.
                    Some(true) => probe = None,
                    None => {}
                }
            }
            _ => {
                if let Some(outcome) = search.advance(CHECK_EVERY, stats) {
                    return outcome;
                }
            }
        }
        stats.elapsed = started.elapsed();
        // Both searches' tables are held until the end: the caps count them together.
        stats.stored = search.stored() + probe.as_ref().map_or(0, reach::Probe::stored);
        stats.memory = search.memory() + probe.as_ref().map_or(0, reach::Probe::memory);
        observer.progress(stats);
        if observer.should_stop() {
            return Outcome::Cancelled;
        }
    }
}

#[cfg(test)]
mod tests {
    //! The caps read the figures a search reports: Pyramid's searches count every table
    //! they hold.

    use super::*;

    /// Records the figures of every call.
    #[derive(Default)]
    struct Record(Vec<Stats>);

    impl Observer for Record {
        fn progress(&mut self, stats: &Stats) {
            self.0.push(*stats);
        }
    }

    /// The figures a search reports, but the last (after the search, its tables gone).
    fn reported(search: impl FnOnce(&mut Record)) -> Vec<Stats> {
        let mut record = Record::default();
        search(&mut record);
        record.0.pop();
        assert!(
            record.0.len() > 5,
            "the search runs long enough to be watched"
        );
        record.0
    }

    /// Every table a search still holds is counted: the figures the caps read never fall
    /// while the tables are only growing.
    fn assert_growing(figures: &[Stats]) {
        for pair in figures.windows(2) {
            assert!(pair[1].stored >= pair[0].stored, "{pair:?}");
            assert!(pair[1].memory >= pair[0].memory, "{pair:?}");
        }
    }

    fn position(line: &str) -> Position {
        let deal = crate::cards::deal::Deal::parse(line).expect("a deal");
        Position::new(&deal, super::super::Rules::default())
    }

    /// `saved-games/hard-no-solution.txt`: about 200,000 expansions to prove hopeless, with
    /// the probe and A* running in turns all along.
    const HARD: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/saved-games/hard-no-solution.txt"
    ));

    #[test]
    fn the_board_solver_counts_the_probe_and_the_search_together() {
        let start = position(HARD);
        let figures = reported(|record| {
            solve(&start, record);
        });
        assert_growing(&figures);
    }

    #[test]
    fn a_challenge_counts_the_survey_it_keeps_during_its_search() {
        let start = position(HARD);
        let figures = reported(|record| {
            solve_score(&start, 1290, record);
        });
        assert_growing(&figures);
    }
}

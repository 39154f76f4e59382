//! The solver for the contest's goal: the line that takes the most cards up, in the fewest
//! moves.
//!
//! It is a beam search (`beam`) over a compact picture of the game (`game`): level by
//! level, each state makes its useful moves and the children the estimate likes best go on.
//! A state whose every card left lies face up in the piles is settled: its line ends in one
//! move a card, so it is a complete line of known length at once. The search is anytime:
//! beams of growing width (64, then four times as wide each round) are run one after
//! another, each width twice (moving whole runs only, then parts of runs too), each beam
//! hearing of the best complete line so far and cutting every state that cannot beat it,
//! until the caps of time or memory, the caller, or the widest beam stop it. Each level's
//! states are expanded on every thread asked for. Each complete line is made shorter by
//! shortcuts between its own states (`shorten`), then written as the referee's moves and
//! replayed there before it is given.
//!
//! A complete line as short as the lower bound ([`bound`](super::bound)) is proven the
//! shortest, and the search stops there.

mod beam;
mod estimate;
mod game;
mod keys;
mod realize;
mod shorten;
#[cfg(test)]
mod tests;

use std::time::Instant;

use super::bound::{Bound, lower_bound};
use super::rules::Rules;
pub use crate::engine::search::{CapReached, Caps, Observer, Stats};
use crate::games::triple_klondike::position::{Move, Position, Tally};
use beam::{BeamSettings, Found, Stop};
use game::{Game, State, Step};

/// How the solver runs.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// The time and memory it may take (the state cap is not used: a beam's width is).
    pub caps: Caps,
    /// Threads to search on: 0 for one a core.
    pub threads: usize,
    /// The narrowest beam, tried first.
    pub min_width: usize,
    /// The widest beam tried.
    pub max_width: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            caps: Caps::default(),
            threads: 0,
            min_width: 64,
            max_width: 1 << 16,
        }
    }
}

/// The best line found, what it achieves and what is known of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The moves, as the referee plays them.
    pub line: Vec<Move>,
    /// What the line achieves: the cards it takes up and its moves.
    pub tally: Tally,
    /// The lower bound on the moves of a complete line from the position.
    pub bound: Bound,
    /// Whether the line takes every card up in as few moves as the bound: no line is better.
    pub proven: bool,
    /// The figures of the search.
    pub stats: Stats,
    /// The cap that stopped the search, if one did.
    pub cap: Option<CapReached>,
    /// Whether the caller's observer stopped it.
    pub cancelled: bool,
}

/// Solves a position for the contest's goal, improving its line until the caps or the
/// observer stop it, or it can do no better. `improved` hears of each better line.
pub fn solve(
    position: &Position,
    options: &Options,
    observer: &mut dyn Observer,
    improved: &mut dyn FnMut(&Solution),
) -> Solution {
    let started = Instant::now();
    let (game, start) = Game::new(position);
    let bound = lower_bound(position);
    let all_cards = game.cards_up(&start) + game.cards_left(&start);
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        n => n,
    };
    let mut stats = Stats::default();
    let mut search = Search {
        position,
        start,
        bound,
        all_cards,
        threads,
        best: None,
        watch: Watch {
            observer,
            caps: options.caps,
            started,
            stats: &mut stats,
            cap: None,
            cancelled: false,
        },
        improved,
    };
    // Each width's beam is run twice: moving whole runs only, then any part of one. Neither
    // finds the shorter line on every deal, and the first, with fewer moves to try, often
    // completes a deal the second cannot at the same width.
    let whole_runs = Game {
        rules: Rules {
            part_runs: false,
            ..game.rules
        },
        ..game.clone()
    };
    let kinds = if game.rules.part_runs {
        vec![&whole_runs, &game]
    } else {
        vec![&game]
    };
    let mut width = options.min_width.max(1);
    'widths: loop {
        for &kind in &kinds {
            if search.run(kind, &game, &[], width) {
                break 'widths;
            }
        }
        // Then from every few moves along the best complete line, the rest searched again.
        let mut from = PREFIX_STEP;
        while let Some(line) = search.complete().map(|found| found.steps.clone())
            && from < line.len()
        {
            let kind = kinds[(from / PREFIX_STEP) % kinds.len()];
            if search.run(kind, &game, &line[..from], width) {
                break 'widths;
            }
            from += PREFIX_STEP;
        }
        if width >= options.max_width {
            break;
        }
        width = width.saturating_mul(4).min(options.max_width);
    }
    let best = search.best;
    let (cap, cancelled) = (search.watch.cap, search.watch.cancelled);
    stats.elapsed = started.elapsed();
    Solution {
        cap,
        cancelled,
        ..solution_of(position, best.as_ref(), bound, stats)
    }
}

/// How far apart along the best complete line the searches of its rest start.
const PREFIX_STEP: usize = 20;

/// A search under way: what it searches, and the best line so far.
struct Search<'a> {
    position: &'a Position,
    start: State,
    bound: Bound,
    all_cards: usize,
    threads: usize,
    best: Option<Found>,
    watch: Watch<'a>,
    improved: &'a mut dyn FnMut(&Solution),
}

impl Search<'_> {
    /// The best line so far if it takes every card up.
    fn complete(&self) -> Option<&Found> {
        self.best
            .as_ref()
            .filter(|found| found.cards_up == self.all_cards)
    }

    /// Runs one beam of a width over `kind`'s moves from the end of `prefix`, and keeps what
    /// it finds if it is better (a complete line shortened, see [`shorten`]); whether the
    /// search is over: stopped, or a line proven the shortest.
    fn run(&mut self, kind: &Game, game: &Game, prefix: &[Step], width: usize) -> bool {
        let complete = self.complete().map(|found| found.steps.len());
        if complete.is_some_and(|moves| moves <= self.bound.moves()) {
            return true;
        }
        let mut from = self.start;
        for &step in prefix {
            game.apply(&mut from, step);
        }
        let settings = BeamSettings {
            width,
            threads: self.threads,
            shorter_than: complete.map_or(usize::MAX, |moves| moves - prefix.len()),
        };
        let result = beam::beam(kind, &from, settings, &mut self.watch);
        let whole = |found: Found| Found {
            steps: [prefix, &found.steps].concat(),
            ..found
        };
        let complete = result.complete.map(whole).map(|found| Found {
            steps: shorten::shorten(game, &self.start, &found.steps, shorten::DEPTH),
            ..found
        });
        for found in [complete, result.best.map(whole)].into_iter().flatten() {
            if better(&found, self.best.as_ref()) {
                self.best = Some(found);
                let stats = *self.watch.stats;
                let mut solution =
                    solution_of(self.position, self.best.as_ref(), self.bound, stats);
                solution.stats.elapsed = self.watch.started.elapsed();
                (self.improved)(&solution);
            }
        }
        result.stopped
    }
}

/// Whether a line beats the best so far: more cards up, or as many in fewer moves.
fn better(found: &Found, best: Option<&Found>) -> bool {
    best.is_none_or(|best| {
        (found.cards_up, std::cmp::Reverse(found.steps.len()))
            > (best.cards_up, std::cmp::Reverse(best.steps.len()))
    })
}

/// The solution a line found gives: written as the referee's moves and replayed there.
fn solution_of(position: &Position, found: Option<&Found>, bound: Bound, stats: Stats) -> Solution {
    let line = found.map_or_else(Vec::new, |found| realize::moves_of(position, &found.steps));
    let (end, tally) = position
        .replay(&line)
        .unwrap_or_else(|(at, why)| panic!("the solver's move {at} is legal: {why}"));
    Solution {
        proven: end.is_won() && tally.moves <= bound.moves(),
        line,
        tally,
        bound,
        stats,
        cap: None,
        cancelled: false,
    }
}

/// The caller's observer and the caps, asked once a level.
struct Watch<'a> {
    observer: &'a mut dyn Observer,
    caps: Caps,
    started: Instant,
    stats: &'a mut Stats,
    cap: Option<CapReached>,
    cancelled: bool,
}

impl Stop for Watch<'_> {
    fn now(&mut self, expanded: u64, generated: u64, memory: usize) -> bool {
        self.stats.expanded += expanded;
        self.stats.generated += generated;
        self.stats.memory = self.stats.memory.max(memory);
        self.stats.elapsed = self.started.elapsed();
        self.observer.progress(self.stats);
        if self.observer.should_stop() {
            self.cancelled = true;
            return true;
        }
        // The beam's width, not a count of states, bounds what it keeps.
        self.cap = Caps {
            states: None,
            ..self.caps
        }
        .reached(self.stats);
        self.cap.is_some()
    }
}

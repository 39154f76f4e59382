//! The optimal Board-challenge solver: the fewest steps that clear the pyramid from a position,
//! or a proof that none exists.
//!
//! A* over packed `u64` states with a bucket queue ordered by `depth + bound`, where the bound
//! is a per-shape relaxation precomputed for the deal (see [`context`]). Pure: no threads, no
//! printing; progress and cancellation go through an [`Observer`] the caller passes in.

mod context;
mod reach;
mod store;

use std::time::{Duration, Instant};

use context::{Context, DEAD, Jump};
use store::Store;

use super::explain;
use super::position::{Move, Position};

/// Figures about a search, reported while it runs and at the end.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// States taken from the queue and expanded.
    pub expanded: u64,
    /// Successor states produced.
    pub generated: u64,
    /// Queue entries waiting.
    pub frontier: usize,
    /// The current lower bound on the solution length.
    pub bound: u16,
    /// Distinct states stored.
    pub stored: usize,
    /// Bytes held by the search's tables.
    pub memory: usize,
    /// Time since the search began.
    pub elapsed: Duration,
}

/// Watches a search: gets progress and may ask it to stop.
///
/// Both are called every [`CHECK_EVERY`] expansions (a few milliseconds at most), and once at
/// the end for `progress`.
pub trait Observer {
    /// Called with the latest figures.
    fn progress(&mut self, _stats: &Stats) {}
    /// Returning true stops the search, which then reports [`Outcome::Cancelled`].
    fn should_stop(&mut self) -> bool {
        false
    }
}

/// An observer that watches nothing.
impl Observer for () {}

/// How many expansions pass between two calls to the observer.
pub const CHECK_EVERY: u64 = 2048;

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
pub fn solve(position: &Position, observer: &mut dyn Observer) -> Report {
    let started = Instant::now();
    let mut stats = Stats::default();
    if position.is_cleared() {
        return Report { outcome: Outcome::Solved(Vec::new()), stats };
    }
    if let Some(reason) = explain::hopeless(position) {
        return Report { outcome: Outcome::NoSolution(Some(reason)), stats };
    }
    let context = Context::new(position);
    let outcome = match reach::can_clear(&context, observer, &mut stats) {
        None => Outcome::Cancelled,
        Some(false) => Outcome::NoSolution(None),
        Some(true) => Search::new(&context).run(observer, &mut stats, started),
    };
    stats.elapsed = started.elapsed();
    observer.progress(&stats);
    Report { outcome, stats }
}

struct Search<'a> {
    context: &'a Context,
    store: Store,
    /// Nodes waiting, by `depth + bound`.
    buckets: Vec<Vec<u32>>,
    queued: usize,
}

impl<'a> Search<'a> {
    fn new(context: &'a Context) -> Search<'a> {
        Search { context, store: Store::new(), buckets: Vec::new(), queued: 0 }
    }

    fn push(&mut self, node: u32, f: usize) {
        if f >= self.buckets.len() {
            self.buckets.resize_with(f + 1, Vec::new);
        }
        self.buckets[f].push(node);
        self.queued += 1;
    }

    fn run(mut self, observer: &mut dyn Observer, stats: &mut Stats, started: Instant) -> Outcome {
        let context = self.context;
        let start = context.start();
        let bound = context.bound(start);
        if bound == DEAD {
            return Outcome::NoSolution(None);
        }
        let root = self.store.insert(start, u32::MAX, 0);
        self.push(root, bound as usize);
        let mut jumps: Vec<Jump> = Vec::with_capacity(64);
        let mut f = bound as usize;
        let mut last_f = 0;
        loop {
            while f < self.buckets.len() && self.buckets[f].is_empty() {
                f += 1;
            }
            let Some(node) = self.buckets.get_mut(f).and_then(Vec::pop) else {
                return Outcome::NoSolution(None);
            };
            self.queued -= 1;
            let state = self.store.states[node as usize];
            let depth = self.store.costs[node as usize];
            // An entry left behind when a shorter way to its state was found later.
            if depth as usize + context.bound(state) as usize != f {
                continue;
            }
            if context.is_goal(state) {
                stats.bound = depth;
                stats.stored = self.store.len();
                stats.memory = self.memory();
                return Outcome::Solved(self.path_to(node));
            }
            stats.expanded += 1;
            if f != last_f { last_f = f; stats.frontier = 0; }
            stats.frontier += 1;
            if stats.expanded % CHECK_EVERY == 0 {
                stats.frontier = self.queued;
                stats.bound = f as u16;
                stats.stored = self.store.len();
                stats.memory = self.memory();
                stats.elapsed = started.elapsed();
                observer.progress(stats);
                if observer.should_stop() {
                    return Outcome::Cancelled;
                }
            }
            context.jumps(state, &mut jumps);
            for jump in &jumps {
                stats.generated += 1;
                let child = jump.after;
                let child_depth = depth + jump.turns as u16 + 1;
                let known = self.store.find(child);
                if known.is_some_and(|k| self.store.costs[k as usize] <= child_depth) {
                    continue;
                }
                let bound = context.bound(child);
                if bound == DEAD {
                    continue;
                }
                let f_child = child_depth as usize + bound as usize;
                if let Some(known) = known {
                    self.store.costs[known as usize] = child_depth;
                    self.store.parents[known as usize] = node;
                    self.push(known, f_child);
                    continue;
                }
                if self.dominated(child, child_depth) {
                    continue;
                }
                let added = self.store.insert(child, node, child_depth);
                self.push(added, f_child);
            }
        }
    }

    /// Dominance: the same cards and stock position, reached with fewer recycles used and in no
    /// more steps, can do everything this state can (a recycle left over is never a loss).
    fn dominated(&self, state: u64, depth: u16) -> bool {
        (0..Context::cycle(state)).any(|cycle| {
            self.store
                .find(Context::with_cycle(state, cycle))
                .is_some_and(|n| self.store.costs[n as usize] <= depth)
        })
    }

    fn memory(&self) -> usize {
        self.store.bytes() + self.buckets.iter().map(|b| b.capacity() * 4).sum::<usize>()
    }

    /// The moves from the start to `node`.
    fn path_to(&self, node: u32) -> Vec<Move> {
        let mut nodes = vec![node];
        let mut at = node;
        while self.store.parents[at as usize] != u32::MAX {
            at = self.store.parents[at as usize];
            nodes.push(at);
        }
        nodes.reverse();
        let mut moves = Vec::with_capacity(nodes.len() * 2);
        let mut jumps = Vec::new();
        for pair in nodes.windows(2) {
            let (from, to) = (pair[0] as usize, pair[1] as usize);
            let cost = self.store.costs[to] - self.store.costs[from];
            let mut state = self.store.states[from];
            self.context.jumps(state, &mut jumps);
            let jump = jumps
                .iter()
                .find(|j| j.after == self.store.states[to] && j.turns as u16 + 1 == cost)
                .expect("a stored parent reaches its child");
            while state != jump.before {
                let (turn, next) = self.context.turn_stock(state).expect("the jump's turns");
                moves.push(turn);
                state = next;
            }
            moves.push(jump.mv);
        }
        moves
    }
}

#[cfg(test)]
mod tests;

/// Measurement hooks for the two phases of [`solve`], for benchmarks.
#[doc(hidden)]
pub mod phases {
    use super::*;

    /// Only the reachability proof.
    pub fn reach_only(position: &Position) -> (Option<bool>, Stats) {
        let mut stats = Stats::default();
        let context = Context::new(position);
        (reach::can_clear(&context, &mut (), &mut stats), stats)
    }

    /// Only the depth-first probe.
    pub fn probe_only(position: &Position, budget: u64) -> (Option<bool>, Stats) {
        let mut stats = Stats::default();
        let context = Context::new(position);
        (reach::probe(&context, budget, &mut stats), stats)
    }

    /// Only the A* search.
    pub fn astar_only(position: &Position) -> (Outcome, Stats) {
        let mut stats = Stats::default();
        let context = Context::new(position);
        (Search::new(&context).run(&mut (), &mut stats, Instant::now()), stats)
    }
}

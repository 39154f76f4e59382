//! The optimal Board-challenge solver: the fewest steps that clear the pyramid from a position,
//! or a proof that none exists.
//!
//! Three searches over packed `u64` states share one successor function (see [`context`]):
//! a depth-first probe that usually finds *some* way within a few dozen nodes; A* with a
//! bucket queue for the fewest steps; and, when the probe gives up, an exhaustive
//! reachability proof run in turns with A*, so that hopeless deals are proved hopeless without
//! the cost of an optimal search. Pure: no threads, no printing; progress and cancellation go
//! through an [`Observer`] the caller passes in.

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
    /// Nodes expanded, over all the searches run.
    pub expanded: u64,
    /// Successor states produced.
    pub generated: u64,
    /// A* queue entries waiting.
    pub frontier: usize,
    /// The current lower bound on the solution length.
    pub bound: u16,
    /// Distinct states stored by A*.
    pub stored: usize,
    /// Bytes held by the search's tables.
    pub memory: usize,
    /// Time since the search began.
    pub elapsed: Duration,
}

/// Watches a search: gets progress and may ask it to stop.
///
/// Both are called every [`CHECK_EVERY`] expansions (a few milliseconds at most), and
/// `progress` once more at the end.
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

/// How many expansions the depth-first probe may spend looking for any way out.
const PROBE_BUDGET: u64 = 2000;

/// How many proof expansions run for each A* expansion when both run: a proof expansion is
/// several times cheaper, and on winnable deals the proof is wasted work.
const PROOF_SHARE: u64 = 2;

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
/// The position's rules (passes through the stock) are the ones searched under.
pub fn solve(position: &Position, observer: &mut dyn Observer) -> Report {
    let started = Instant::now();
    let mut stats = Stats::default();
    let outcome = if position.is_cleared() {
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

/// Runs the probe, then A* alone or in turns with the proof, checking in with the observer
/// between slices of [`CHECK_EVERY`] expansions.
fn drive(
    context: &Context,
    observer: &mut dyn Observer,
    stats: &mut Stats,
    started: Instant,
) -> Outcome {
    let mut proof = match reach::probe(context, PROBE_BUDGET, stats) {
        Some(false) => return Outcome::NoSolution(None),
        Some(true) => None,
        None => Some(reach::Proof::new(context)),
    };
    let mut search = Search::new(context);
    loop {
        if let Some(outcome) = search.advance(CHECK_EVERY, stats) {
            return outcome;
        }
        if let Some(running) = &mut proof {
            match running.advance(PROOF_SHARE * CHECK_EVERY, stats) {
                Some(false) => return Outcome::NoSolution(None),
                // A way exists: only the optimal search is left to finish.
                Some(true) => proof = None,
                None => {}
            }
        }
        stats.elapsed = started.elapsed();
        stats.memory = search.memory() + proof.as_ref().map_or(0, reach::Proof::memory);
        observer.progress(stats);
        if observer.should_stop() {
            return Outcome::Cancelled;
        }
    }
}

/// A* over jumps: nodes are states right after a removal, edges cost the draws and recycles
/// they fold in plus one. Resumable.
struct Search<'a> {
    context: &'a Context,
    store: Store,
    /// Nodes waiting, by `depth + bound`.
    buckets: Vec<Vec<u32>>,
    /// The lowest bucket that may hold nodes.
    f: usize,
    queued: usize,
    jumps: Vec<Jump>,
    /// Each node's bound, kept so that taking a node from the queue need not compute it again.
    bounds: Vec<u8>,
}

impl<'a> Search<'a> {
    fn new(context: &'a Context) -> Search<'a> {
        let mut search = Search {
            context,
            store: Store::new(),
            buckets: Vec::new(),
            f: 0,
            queued: 0,
            jumps: Vec::with_capacity(64),
            bounds: Vec::new(),
        };
        let start = context.start();
        let bound = context.bound(start);
        if bound != DEAD {
            let root = search.store.insert(start, u32::MAX, 0);
            search.bounds.push(bound);
            search.f = bound as usize;
            search.push(root, search.f);
        }
        search
    }

    fn push(&mut self, node: u32, f: usize) {
        if f >= self.buckets.len() {
            self.buckets.resize_with(f + 1, Vec::new);
        }
        self.buckets[f].push(node);
        self.queued += 1;
    }

    fn memory(&self) -> usize {
        self.store.bytes()
            + self.bounds.capacity()
            + self.buckets.iter().map(|b| b.capacity() * 4).sum::<usize>()
    }

    /// Expands up to `budget` nodes: the outcome once known, `None` if not yet.
    ///
    /// The bound is admissible, so the first goal taken from the queue is optimal. A state
    /// reached again by a shorter way is queued again; the stale entry is skipped when its
    /// bucket no longer matches the state's depth.
    fn advance(&mut self, budget: u64, stats: &mut Stats) -> Option<Outcome> {
        let outcome = self.expand(budget, stats);
        stats.frontier = self.queued;
        stats.bound = self.f as u16;
        stats.stored = self.store.len();
        outcome
    }

    fn expand(&mut self, budget: u64, stats: &mut Stats) -> Option<Outcome> {
        let context = self.context;
        for _ in 0..budget {
            while self.f < self.buckets.len() && self.buckets[self.f].is_empty() {
                self.f += 1;
            }
            let Some(node) = self.buckets.get_mut(self.f).and_then(Vec::pop) else {
                return Some(Outcome::NoSolution(None));
            };
            self.queued -= 1;
            let state = self.store.states[node as usize];
            let depth = self.store.costs[node as usize];
            if depth as usize + self.bounds[node as usize] as usize != self.f {
                continue;
            }
            if context.is_goal(state) {
                return Some(Outcome::Solved(self.path_to(node)));
            }
            stats.expanded += 1;
            context.jumps(state, &mut self.jumps);
            for index in 0..self.jumps.len() {
                let jump = self.jumps[index];
                stats.generated += 1;
                self.offer(node, jump.after, depth + jump.turns as u16 + 1);
            }
        }
        None
    }

    /// Queues a child unless it is known at no greater depth, dominated, or dead.
    fn offer(&mut self, parent: u32, child: u64, depth: u16) {
        let node = if let Some(known) = self.store.find(child) {
            if self.store.costs[known as usize] <= depth {
                return;
            }
            self.store.costs[known as usize] = depth;
            self.store.parents[known as usize] = parent;
            known
        } else {
            // The cheap test first: the bound costs more than the dominance lookups.
            if self.dominated(child, depth) {
                return;
            }
            let bound = self.context.bound(child);
            if bound == DEAD {
                return;
            }
            self.bounds.push(bound);
            self.store.insert(child, parent, depth)
        };
        let f = depth as usize + self.bounds[node as usize] as usize;
        self.push(node, f);
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

    /// The moves from the start to `node`, draws and recycles included.
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

//! A* over the packed states, towards a target: clearing the pyramid, or a score or card
//! count for the other challenges.

use super::context::{Context, DEAD, Jump, State};
use super::store::Store;
use super::{Outcome, Stats};
use crate::pyramid::position::Move;

/// What the search is after, and an admissible lower bound on the steps to it.
pub trait Target {
    /// Whether a state is what the search is after.
    fn reached(&self, context: &Context, state: State) -> bool;
    /// At most the fewest steps from `state` to a state that reaches the target, or [`DEAD`]
    /// when there is none.
    fn bound(&self, context: &Context, state: State) -> u8;
}

/// The Board challenge: clear the pyramid.
pub struct Clear;

impl Target for Clear {
    fn reached(&self, context: &Context, state: State) -> bool {
        context.is_goal(state)
    }

    fn bound(&self, context: &Context, state: State) -> u8 {
        context.bound(state)
    }
}

/// A* over jumps: nodes are states right after a removal, edges cost the draws and recycles
/// they fold in plus one. Resumable.
pub struct Search<'a, T: Target> {
    context: &'a Context,
    target: T,
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

impl<'a, T: Target> Search<'a, T> {
    /// A search from the context's start for the fewest steps to `target`.
    pub fn new(context: &'a Context, target: T) -> Search<'a, T> {
        let mut search = Search {
            context,
            target,
            store: Store::new(),
            buckets: Vec::new(),
            f: 0,
            queued: 0,
            jumps: Vec::with_capacity(64),
            bounds: Vec::new(),
        };
        let start = context.start();
        let bound = search.target.bound(context, start);
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

    /// Bytes held.
    pub fn memory(&self) -> usize {
        self.store.bytes()
            + self.bounds.capacity()
            + self.buckets.iter().map(|b| b.capacity() * 4).sum::<usize>()
    }

    /// Expands up to `budget` nodes: the outcome once known, `None` if not yet.
    ///
    /// The bound is admissible, so the first goal taken from the queue is optimal. A state
    /// reached again by a shorter way is queued again; the stale entry is skipped when its
    /// bucket no longer matches the state's depth.
    pub fn advance(&mut self, budget: u64, stats: &mut Stats) -> Option<Outcome> {
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
            let state = self.store.state(node);
            let depth = self.store.cost(node);
            if depth as usize + self.bounds[node as usize] as usize != self.f {
                continue;
            }
            if self.target.reached(context, state) {
                return Some(Outcome::Solved(self.path_to(node)));
            }
            stats.expanded += 1;
            if context.is_goal(state) {
                // The pyramid is cleared: the deal is over.
                continue;
            }
            context.jumps(state, &mut self.jumps);
            self.store.warm(self.jumps.iter().map(|jump| jump.after));
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
            if self.store.cost(known) <= depth {
                return;
            }
            self.store.set_cost(known, depth);
            self.store.parents[known as usize] = parent;
            known
        } else {
            // The cheap test first: the bound costs more than the dominance lookups.
            if self.dominated(child, depth) {
                return;
            }
            let bound = self.target.bound(self.context, child);
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
                .is_some_and(|n| self.store.cost(n) <= depth)
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
            let (from, to) = (pair[0], pair[1]);
            let cost = self.store.cost(to) - self.store.cost(from);
            let mut state = self.store.state(from);
            self.context.jumps(state, &mut jumps);
            let jump = jumps
                .iter()
                .find(|j| j.after == self.store.state(to) && j.turns as u16 + 1 == cost)
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

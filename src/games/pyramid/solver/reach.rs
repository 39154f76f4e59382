//! Whether the pyramid can be cleared at all, regardless of length: a depth-first search that
//! usually finds a way quickly, and when run to the end proves there is none.
//!
//! Reachability admits a far stronger dominance than optimality. Drawing only moves the stock
//! position forward, and a recycle starts it again from the beginning, so with the same cards
//! gone, being earlier (an earlier pass, or the same pass at an earlier position) can reach
//! everything being later can. A node is therefore just the pyramid shape and the stock cards
//! gone, labelled with the earliest (pass, position) it was reached at. Its successors are the
//! solver's jumps: every removal at every stock position it can turn to.

use super::Stats;
use super::context::{Context, Jump, State};
use super::store::Store;

const LABEL_MASK: State = 0xff << 24;

pub(super) fn key(state: State) -> State {
    state & !LABEL_MASK
}

/// Pass and position packed so that earlier compares smaller.
pub(super) fn label(state: State) -> u16 {
    ((state & LABEL_MASK) >> 24) as u16
}

pub(super) fn with_label(key: State, label: u16) -> State {
    key | (label as State) << 24
}

/// What recording a child found.
pub(super) enum Seen {
    /// A node not met before.
    New(u32),
    /// A node met before, now reached earlier: its label was lowered.
    Sooner(u32),
    /// A node already reached as early or earlier.
    Known,
}

/// Records a child state in the store, keeping each node's earliest label.
pub(super) fn record(store: &mut Store, child: State) -> Seen {
    let (child_key, child_label) = (key(child), label(child));
    match store.find(child_key) {
        Some(known) if store.cost(known) <= child_label => Seen::Known,
        Some(known) => {
            store.set_cost(known, child_label);
            Seen::Sooner(known)
        }
        None => Seen::New(store.insert(child_key, u32::MAX, child_label)),
    }
}

/// A depth-first search for any way to clear the pyramid, resumable. Most winnable deals give
/// a way up within a few dozen expansions. Run to the end it is also the proof that there is
/// none: a node is expanded again whenever it is reached at an earlier label, so when the
/// stack runs out every set of cards reachable has been expanded at the earliest label it
/// can be reached at, and none clears the pyramid.
pub struct Probe<'a> {
    context: &'a Context,
    store: Store,
    stack: Vec<u32>,
    jumps: Vec<Jump>,
}

impl<'a> Probe<'a> {
    /// A search from the context's start.
    pub fn new(context: &'a Context) -> Probe<'a> {
        let start = context.start();
        let mut store = Store::new();
        let stack = if context.is_dead(start) {
            Vec::new()
        } else {
            vec![store.insert(key(start), u32::MAX, label(start))]
        };
        Probe {
            context,
            store,
            stack,
            jumps: Vec::with_capacity(64),
        }
    }

    /// States stored.
    pub fn stored(&self) -> usize {
        self.store.len()
    }

    /// Bytes held.
    pub fn memory(&self) -> usize {
        self.store.bytes() + self.stack.capacity() * 4
    }

    /// Expands up to `budget` nodes: `Some(true)` when a way is found, `Some(false)` when
    /// there is none, `None` when out of budget.
    pub fn advance(&mut self, budget: u64, stats: &mut Stats) -> Option<bool> {
        let context = self.context;
        if context.is_goal(context.start()) {
            return Some(true);
        }
        for _ in 0..budget {
            let Some(node) = self.stack.pop() else {
                return Some(false);
            };
            stats.expanded += 1;
            let state = with_label(self.store.state(node), self.store.cost(node));
            context.jumps(state, &mut self.jumps);
            self.store
                .warm(self.jumps.iter().map(|jump| key(jump.after)));
            // The stack takes the first jumps last: removals before draws, nearest first.
            for jump in self.jumps.iter().rev() {
                let child = jump.after;
                stats.generated += 1;
                if context.is_goal(child) {
                    return Some(true);
                }
                if context.is_dead(child) {
                    continue;
                }
                match record(&mut self.store, child) {
                    Seen::New(node) | Seen::Sooner(node) => self.stack.push(node),
                    Seen::Known => {}
                }
            }
        }
        stats.stored = self.store.len();
        self.stack.is_empty().then_some(false)
    }
}

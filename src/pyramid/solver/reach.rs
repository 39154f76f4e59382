//! Whether the pyramid can be cleared at all, regardless of length: a quick depth-first probe,
//! and an exhaustive proof for when there is no way.
//!
//! Reachability admits a far stronger dominance than optimality. Drawing only moves the stock
//! position forward, and a recycle starts it again from the beginning, so with the same cards
//! gone, being earlier (an earlier pass, or the same pass at an earlier position) can reach
//! everything being later can. A node is therefore just the pyramid shape and the stock cards
//! gone, labelled with the earliest (pass, position) it was reached at. Its successors are the
//! solver's jumps: every removal at every stock position it can turn to.

use super::Stats;
use super::context::{Context, Jump, SEQ_MASK, State};
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

/// Cards gone, pyramid and stock together: every jump removes cards, so a node's parents all
/// have fewer gone than it.
pub(super) fn gone(context: &Context, key: State) -> usize {
    let pyramid_gone = 28 - context.remaining(key).count_ones();
    (pyramid_gone + (key & SEQ_MASK).count_ones()) as usize
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

/// The exhaustive search, resumable. Nodes are expanded in layers of cards gone: all ways into
/// a node come from earlier layers, so its label is final when its layer comes and no node is
/// expanded twice.
pub struct Proof<'a> {
    context: &'a Context,
    store: Store,
    layers: Vec<Vec<u32>>,
    layer: usize,
    jumps: Vec<Jump>,
}

impl<'a> Proof<'a> {
    /// A search from the context's start.
    pub fn new(context: &'a Context) -> Proof<'a> {
        let mut store = Store::new();
        let mut layers = vec![Vec::new(); 53];
        let start = context.start();
        if !context.is_dead(start) {
            let root = store.insert(key(start), u32::MAX, label(start));
            layers[gone(context, key(start))].push(root);
        }
        Proof {
            context,
            store,
            layers,
            layer: 0,
            jumps: Vec::with_capacity(64),
        }
    }

    /// Bytes held.
    pub fn memory(&self) -> usize {
        self.store.bytes() + self.layers.iter().map(|l| l.capacity() * 4).sum::<usize>()
    }

    /// Expands up to `budget` nodes: `Some(answer)` once known, `None` if not yet.
    pub fn advance(&mut self, budget: u64, stats: &mut Stats) -> Option<bool> {
        let context = self.context;
        if context.is_goal(context.start()) {
            return Some(true);
        }
        for _ in 0..budget {
            while self.layers[self.layer].is_empty() {
                self.layer += 1;
                if self.layer == self.layers.len() {
                    return Some(false);
                }
            }
            let node = self.layers[self.layer].pop().expect("a non-empty layer");
            stats.expanded += 1;
            let state = with_label(self.store.state(node), self.store.cost(node));
            context.jumps(state, &mut self.jumps);
            self.store
                .warm(self.jumps.iter().map(|jump| key(jump.after)));
            for jump in &self.jumps {
                let child = jump.after;
                stats.generated += 1;
                if context.is_goal(child) {
                    return Some(true);
                }
                if context.is_dead(child) {
                    continue;
                }
                if let Seen::New(node) = record(&mut self.store, child) {
                    self.layers[gone(context, key(child))].push(node);
                }
            }
        }
        stats.stored = self.store.len();
        None
    }
}

/// A depth-first look for any way to clear the pyramid, giving up after `budget` expansions:
/// `Some(true)` when found, `Some(false)` when the whole space was seen, `None` when out of
/// budget. Most winnable deals give a way up within a few dozen expansions.
pub fn probe(context: &Context, budget: u64, stats: &mut Stats) -> Option<bool> {
    let start = context.start();
    if context.is_goal(start) {
        return Some(true);
    }
    if context.is_dead(start) {
        return Some(false);
    }
    let mut store = Store::new();
    let mut stack = vec![store.insert(key(start), u32::MAX, label(start))];
    let mut jumps: Vec<Jump> = Vec::with_capacity(64);
    for _ in 0..budget {
        let Some(node) = stack.pop() else {
            return Some(false);
        };
        stats.expanded += 1;
        let state = with_label(store.state(node), store.cost(node));
        context.jumps(state, &mut jumps);
        // The stack takes the first jumps last: removals before draws, nearest first.
        for jump in jumps.iter().rev() {
            let child = jump.after;
            stats.generated += 1;
            if context.is_goal(child) {
                return Some(true);
            }
            if context.is_dead(child) {
                continue;
            }
            match record(&mut store, child) {
                Seen::New(node) | Seen::Sooner(node) => stack.push(node),
                Seen::Known => {}
            }
        }
    }
    stack.is_empty().then_some(false)
}

//! The proof that no solution exists: an exhaustive search for any way to clear the pyramid,
//! regardless of length.
//!
//! Reachability admits a far stronger dominance than optimality. Drawing only moves the stock
//! position forward, and a recycle starts it again from the beginning, so with the same cards
//! gone, being earlier (an earlier pass, or the same pass at an earlier position) can reach
//! everything being later can. A node is therefore just the pyramid shape and the stock cards
//! gone, labelled with the earliest (pass, position) it was reached at; a node reached again
//! earlier is searched again. Expanding a node tries the removals at every stock position it
//! can draw to: the rest of this pass, then the part of the next pass before its own position
//! (later ones are dominated by this pass).

use super::Observer;
use super::context::{Context, Jump, SEQ_MASK, State};
use super::store::Store;
use super::{CHECK_EVERY, Stats};

const LABEL_MASK: State = 0xff << 24;

fn key(state: State) -> State {
    state & !LABEL_MASK
}

/// Pass and position packed so that earlier compares smaller.
fn label(state: State) -> u16 {
    ((state & LABEL_MASK) >> 24) as u16
}

fn with_label(key: State, label: u16) -> State {
    key | (label as State) << 24
}

/// Cards gone, pyramid and stock together: every move of this search removes cards, so a
/// node's parents all have fewer gone than it.
fn gone(context: &Context, key: State) -> usize {
    let pyramid_gone = 28 - context.remaining(key).count_ones();
    (pyramid_gone + (key & SEQ_MASK).count_ones()) as usize
}

/// Whether the pyramid can be cleared from the context's start; `None` when cancelled.
///
/// Nodes are expanded in layers of cards gone. All ways into a node come from earlier layers,
/// so its label is final when its layer comes: no node is expanded twice.
pub fn can_clear(context: &Context, observer: &mut dyn Observer, stats: &mut Stats) -> Option<bool> {
    let start = context.start();
    if context.is_goal(start) {
        return Some(true);
    }
    if context.is_dead(start) {
        return Some(false);
    }
    let mut store = Store::new();
    let mut layers: Vec<Vec<u32>> = vec![Vec::new(); 53];
    let root = store.insert(key(start), u32::MAX, label(start));
    layers[gone(context, key(start))].push(root);
    let mut steps: Vec<Jump> = Vec::with_capacity(64);
    for layer in 0..layers.len() {
        let nodes = std::mem::take(&mut layers[layer]);
        for node in nodes {
            stats.expanded += 1;
            if stats.expanded % CHECK_EVERY == 0 {
                stats.frontier = layers.iter().map(Vec::len).sum();
                stats.stored = store.len();
                stats.memory = store.bytes();
                observer.progress(stats);
                if observer.should_stop() {
                    return None;
                }
            }
            let state = with_label(store.states[node as usize], store.costs[node as usize]);
            context.jumps(state, &mut steps);
            for jump in &steps {
                let child = jump.after;
                stats.generated += 1;
                if context.is_goal(child) {
                    return Some(true);
                }
                if context.is_dead(child) {
                    continue;
                }
                let (child_key, child_label) = (key(child), label(child));
                match store.find(child_key) {
                    Some(known) => {
                        let cost = &mut store.costs[known as usize];
                        *cost = (*cost).min(child_label);
                    }
                    None => {
                        let added = store.insert(child_key, u32::MAX, child_label);
                        layers[gone(context, child_key)].push(added);
                    }
                }
            }
        }
    }
    stats.stored = store.len();
    stats.memory = store.bytes();
    Some(false)
}

/// A depth-first look for any way to clear the pyramid, giving up after `budget` expansions:
/// `Some(true)` when found, `Some(false)` when the whole space was seen, `None` when out of
/// budget. Most winnable deals give up a way within a few dozen expansions.
pub fn probe(context: &Context, budget: u64, stats: &mut Stats) -> Option<bool> {
    let start = context.start();
    if context.is_goal(start) {
        return Some(true);
    }
    let mut store = Store::new();
    let mut stack = vec![store.insert(key(start), u32::MAX, label(start))];
    let mut jumps: Vec<Jump> = Vec::with_capacity(64);
    let mut spent = 0;
    while let Some(node) = stack.pop() {
        spent += 1;
        if spent > budget {
            return None;
        }
        stats.expanded += 1;
        let state = with_label(store.states[node as usize], store.costs[node as usize]);
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
            let (child_key, child_label) = (key(child), label(child));
            match store.find(child_key) {
                Some(known) if store.costs[known as usize] <= child_label => {}
                Some(known) => {
                    store.costs[known as usize] = child_label;
                    stack.push(known);
                }
                None => stack.push(store.insert(child_key, u32::MAX, child_label)),
            }
        }
    }
    Some(false)
}

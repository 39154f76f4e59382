//! A* over the packed states, towards a target: clearing the pyramid, or a score or card
//! count for the other challenges.
//!
//! With a quick bound at hand, expansion is partial: most children lie many steps past the
//! optimum (a removal far down the stock), and the search never comes to them. Looking them
//! up and working out their full bound is most of the cost of a node, so a child whose quick
//! estimate lies beyond the bucket being expanded (by more than [`SLACK`]) is put off, and
//! its parent queued again at the bucket of the nearest such child. The parent then offers
//! the children that have come within reach, and so on. A child is thus offered before the
//! search takes any node from a bucket at or above its estimate, which is at most its
//! `depth + bound`: it is queued before its bucket comes, and the first goal taken is still
//! optimal. As the quick bound falls by at most one in a removal, the parent's own shows
//! where down the stock every further child would be put off, and its jumps stop there; a
//! later turn starts at the first turn that put a child off, as all before it were offered.

use super::context::{Context, DEAD, Jump, State};
use super::store::Store;
use super::{Outcome, Stats};
use crate::games::pyramid::position::Move;

/// What the search is after, and an admissible lower bound on the steps to it.
pub trait Target {
    /// Whether a state is what the search is after.
    fn reached(&self, context: &Context, state: State) -> bool;
    /// At most the fewest steps from `state` to a state that reaches the target, or [`DEAD`]
    /// when there is none.
    fn bound(&self, context: &Context, state: State) -> u8;
    /// A bound much cheaper to work out than [`Target::bound`], and at most it, if there is
    /// one: the search then puts off children it shows to be far off (see [`SLACK`]). It must
    /// fall by at most one in a removal, so that a parent's tells how far off its children
    /// reached after many turns are without working them out.
    fn quick_bound(&self, _context: &Context, _state: State) -> Option<u8> {
        None
    }
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

    fn quick_bound(&self, context: &Context, state: State) -> Option<u8> {
        Some(context.removal_bound(state))
    }
}

/// A queue entry with this bit is a node's later turn, to offer children put off before.
/// (Node numbers stay far below it: two billion nodes would take over 40 GB.)
const LATER: u32 = 1 << 31;

/// Children whose quick estimate of `depth + bound` is more than this above the bucket being
/// expanded are put off. Measured on the 1500 deals: with 0, parents come back too often
/// (an eighth more instructions); 1 has the fewest cache misses, 3 has more of both. (With
/// later turns that made every jump again, 2 did best.)
const SLACK: usize = 1;

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
    /// Whether the target has a quick bound, so that children may be put off; only then is
    /// `offered` kept.
    puts_off: bool,
    /// By node, what it has offered so far.
    offered: Vec<Offered>,
}

/// The children a node has offered so far, and when it offers more.
#[derive(Debug, Clone, Copy, Default)]
struct Offered {
    /// Those whose quick estimate is at most this have been offered.
    upto: u16,
    /// How far past `upto` the bucket of its later turn is, or 0 when it has none. (Kept in
    /// a byte so that a record takes four: a later turn further off is queued at the furthest
    /// it can name, early, where it offers nothing and is queued again.)
    later: u8,
    /// Those after fewer turns than this have all been offered (or were dead): a later turn
    /// need not make them again.
    from: u8,
}

impl<'a, T: Target> Search<'a, T> {
    /// A search from the context's start for the fewest steps to `target`.
    pub fn new(context: &'a Context, target: T) -> Search<'a, T> {
        let start = context.start();
        let mut search = Search {
            context,
            puts_off: target.quick_bound(context, start).is_some(),
            target,
            store: Store::new(),
            buckets: Vec::new(),
            f: 0,
            queued: 0,
            jumps: Vec::with_capacity(64),
            offered: Vec::new(),
        };
        let bound = search.target.bound(context, start);
        if bound != DEAD {
            let root = search.store.insert(start, u32::MAX, 0);
            search.store.set_note(root, bound);
            search.track();
            search.f = bound as usize;
            search.push(root, search.f);
        }
        search
    }

    /// Room for a new node's record of children put off.
    fn track(&mut self) {
        if self.puts_off {
            self.offered.push(Offered::default());
        }
    }

    fn push(&mut self, node: u32, f: usize) {
        if f >= self.buckets.len() {
            self.buckets.resize_with(f + 1, Vec::new);
        }
        self.buckets[f].push(node);
        self.queued += 1;
        // With a consistent bound a child's bucket is never below its parent's; an admissible
        // one that is not may put it there, and it must still be taken.
        self.f = self.f.min(f);
    }

    /// States stored.
    pub fn stored(&self) -> usize {
        self.store.len()
    }

    /// Bytes held.
    pub fn memory(&self) -> usize {
        self.store.bytes()
            + self.offered.capacity() * size_of::<Offered>()
            + self.buckets.iter().map(|b| b.capacity() * 4).sum::<usize>()
    }

    /// Expands up to `budget` nodes, with fewer when queue entries that are not first
    /// expansions come: the outcome once known, `None` if not yet.
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
        // Later turns and stale entries are cheaper, and count for a quarter.
        let until = stats.expanded + budget;
        let mut taken = 0;
        while stats.expanded < until && taken < 4 * budget {
            taken += 1;
            while self.f < self.buckets.len() && self.buckets[self.f].is_empty() {
                self.f += 1;
            }
            let Some(entry) = self.buckets.get_mut(self.f).and_then(Vec::pop) else {
                return Some(Outcome::NoSolution(None));
            };
            self.queued -= 1;
            let node = entry & !LATER;
            let state = self.store.state(node);
            let depth = self.store.cost(node);
            let done = if entry & LATER != 0 {
                let offered = self.offered[node as usize];
                if offered.later == 0 || (offered.upto + offered.later as u16) as usize != self.f {
                    continue;
                }
                offered
            } else {
                if depth as usize + self.store.note(node) as usize != self.f {
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
                Offered::default()
            };
            self.offer_children(node, state, depth, done, stats);
        }
        None
    }

    /// Offers the children of a node not `done` before whose quick estimate lies within
    /// [`SLACK`] of the bucket, and queues the node's later turn for the rest.
    fn offer_children(
        &mut self,
        node: u32,
        state: State,
        depth: u16,
        done: Offered,
        stats: &mut Stats,
    ) {
        let context = self.context;
        let limit = self.f + SLACK;
        let mut next = usize::MAX;
        // A child after `t` turns has an estimate of at least `depth + t + 1 + quick - 1`
        // (the quick bound falls by at most one in its removal): those beyond `most_turns`
        // are all put off, and need not be made yet.
        let most_turns = match self.target.quick_bound(context, state) {
            Some(quick) => limit.saturating_sub(depth as usize + quick as usize),
            None => usize::MAX,
        };
        let most_turns = most_turns.min(u8::MAX as usize) as u8;
        let mut from = u8::MAX;
        if context.jumps_within(state, done.from..=most_turns, &mut self.jumps) {
            next = limit + 1;
            from = most_turns.saturating_add(1);
        }
        let mut count = 0;
        for index in 0..self.jumps.len() {
            let jump = self.jumps[index];
            if let Some(quick) = self.target.quick_bound(context, jump.after) {
                let estimate = (depth + jump.turns as u16 + 1) as usize + quick as usize;
                if quick == DEAD || estimate <= done.upto as usize {
                    continue;
                }
                if estimate > limit {
                    next = next.min(estimate);
                    from = from.min(jump.turns);
                    continue;
                }
            }
            self.jumps[count] = jump;
            count += 1;
        }
        self.jumps.truncate(count);
        self.store.warm(self.jumps.iter().map(|jump| jump.after));
        for index in 0..self.jumps.len() {
            let jump = self.jumps[index];
            stats.generated += 1;
            self.offer(node, jump.after, depth + jump.turns as u16 + 1);
        }
        if !self.puts_off {
            return;
        }
        let mut offered = Offered {
            upto: limit as u16,
            later: 0,
            from,
        };
        if next != usize::MAX {
            offered.later = (next - limit).min(u8::MAX as usize) as u8;
            self.push(node | LATER, limit + offered.later as usize);
        }
        self.offered[node as usize] = offered;
    }

    /// Queues a child unless it is known at no greater depth, dominated, or dead.
    fn offer(&mut self, parent: u32, child: u64, depth: u16) {
        let node = if let Some(known) = self.store.find(child) {
            if self.store.cost(known) <= depth {
                return;
            }
            self.store.set_cost(known, depth);
            self.store.parents[known as usize] = parent;
            if self.puts_off {
                // Its children are all offered again, from the new depth.
                self.offered[known as usize] = Offered::default();
            }
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
            self.track();
            let node = self.store.insert(child, parent, depth);
            // Kept so that taking the node from the queue need not work it out again.
            self.store.set_note(node, bound);
            node
        };
        let f = depth as usize + self.store.note(node) as usize;
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
        for pair in nodes.windows(2) {
            let (from, to) = (pair[0], pair[1]);
            let mut state = self.store.state(from);
            for _ in 1..self.store.cost(to) - self.store.cost(from) {
                let (turn, next) = self.context.turn_stock(state).expect("the jump's turns");
                moves.push(turn);
                state = next;
            }
            let removal = self.context.removal_between(state, self.store.state(to));
            moves.push(removal.expect("a stored parent reaches its child"));
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pyramid::position::Position;
    use crate::games::pyramid::rules::Rules;

    /// The Board bound lowered by up to two, at random by state: still admissible, but no
    /// longer consistent, so that a child's bucket may lie below its parent's.
    struct Uneven;

    impl Target for Uneven {
        fn reached(&self, context: &Context, state: State) -> bool {
            Clear.reached(context, state)
        }

        fn bound(&self, context: &Context, state: State) -> u8 {
            let bound = Clear.bound(context, state);
            let drop = (state.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 62).min(2) as u8;
            if bound == DEAD {
                bound
            } else {
                bound.saturating_sub(drop)
            }
        }
    }

    #[test]
    fn an_admissible_bound_that_is_not_consistent_still_finds_the_optimum() {
        // The optimum of each shuffled deal comes from the solver with the consistent bound.
        let mut solved = 0;
        for deal in crate::cards::deal::random_deals(2026, 40) {
            let position = Position::new(&deal, Rules::default());
            let Outcome::Solved(optimal) =
                crate::games::pyramid::solver::solve(&position, &mut ()).outcome
            else {
                continue;
            };
            let known = optimal.len();
            let line = deal.to_line();
            let context = Context::new(&position);
            let mut search = Search::new(&context, Uneven);
            let mut stats = Stats::default();
            let outcome = loop {
                if let Some(outcome) = search.advance(1 << 20, &mut stats) {
                    break outcome;
                }
            };
            let Outcome::Solved(moves) = outcome else {
                panic!("a winnable deal: {line}");
            };
            assert_eq!(moves.len(), known, "{line}");
            solved += 1;
        }
        assert!(solved > 20, "enough winnable deals: {solved}");
    }
}

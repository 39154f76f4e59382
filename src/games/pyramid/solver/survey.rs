//! Every set of cards that can be gone from a position, searched exhaustively for the best by
//! some measure (the score, or the cards of a rank removed): the proof behind "at most 60
//! points" or "at most 3 Jacks".
//!
//! A node is a set of cards gone (the pyramid shape and the stock cards gone), labelled with
//! the earliest pass and stock position it is reached at, as in the reachability proof: from
//! an earlier point the same cards can be turned to every later one, so the earliest label
//! reaches every set a later one does. The measures depend on the cards gone alone, so the
//! best set found is the best reachable. A set that clears the pyramid ends the deal and is
//! not expanded. The search goes depth first, removals first, so that a target within reach
//! is usually met early; a node reached again at an earlier label is looked at again, as it
//! may reach more from there.
//!
//! The successors are the solver's jumps without pruning rules 1 and 2, which keep a way to
//! clear the pyramid but not every set of cards. Rule 3 stays: taking a King off the stock
//! rather than drawing it reaches the same sets with the King gone too, which only adds
//! points and never lowers a count.

use super::context::{Context, Jump, State};
use super::reach::{Seen, gone, key, label, record, with_label};
use super::store::Store;
use super::{CHECK_EVERY, Observer, Stats};

/// The note of a node the survey has expanded at its current label.
const EXPANDED: u8 = 1;

/// A set of cards gone, as a state at its earliest label, and its measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    pub value: u32,
    pub state: State,
}

/// The best sets found: among those that leave pyramid cards, and among those that clear it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Best {
    pub open: Option<Found>,
    pub clearing: Option<Found>,
}

impl Best {
    fn offer(&mut self, context: &Context, state: State, value: u32) {
        let slot = if context.is_goal(state) {
            &mut self.clearing
        } else {
            &mut self.open
        };
        if slot.is_none_or(|best| value > best.value) {
            *slot = Some(Found { value, state });
        }
    }

    /// The best value over both kinds of set.
    pub fn value(&self) -> Option<u32> {
        self.open
            .into_iter()
            .chain(self.clearing)
            .map(|f| f.value)
            .max()
    }

    /// Whether a set whose open and clearing ceilings are these could beat either best.
    fn could_improve(&self, ceilings: [Option<u32>; 2]) -> bool {
        let beats = |ceiling: Option<u32>, best: Option<Found>| {
            ceiling.is_some_and(|c| best.is_none_or(|b| c > b.value))
        };
        beats(ceilings[0], self.open) || beats(ceilings[1], self.clearing)
    }
}

/// What a survey measures: the value of a set of cards, and upper bounds on the best value
/// reachable from it on a line that leaves pyramid cards and on one that clears it (`None`
/// when there is no such line).
pub struct Measure<'a> {
    pub value: &'a dyn Fn(State) -> u32,
    pub ceilings: &'a dyn Fn(State) -> [Option<u32>; 2],
}

/// What a survey found: the best sets, and, when it saw every set, the sets themselves.
pub struct Survey {
    pub best: Best,
    /// Every reachable set, when the survey did not stop early.
    pub seen: Option<Store>,
}

/// Searches every reachable set of cards for the best by `measure`, stopping early once a set
/// measures `enough`. A set whose ceilings cannot beat the best found so far, of either kind,
/// is not searched further: the bests stay exact. `None` when the observer stopped it.
pub fn survey(
    context: &Context,
    measure: &Measure,
    enough: u32,
    observer: &mut dyn Observer,
    stats: &mut Stats,
) -> Option<Survey> {
    let mut store = Store::new();
    let mut best = Best::default();
    let start = context.start();
    best.offer(context, start, (measure.value)(start));
    let early = |best: Best| Some(Survey { best, seen: None });
    if best.value() >= Some(enough) {
        return early(best);
    }
    let root = store.insert(key(start), u32::MAX, label(start));
    let mut stack = vec![root];
    let mut jumps: Vec<Jump> = Vec::with_capacity(64);
    loop {
        for _ in 0..CHECK_EVERY {
            let Some(node) = stack.pop() else {
                return Some(Survey {
                    best,
                    seen: Some(store),
                });
            };
            // A node waits on the stack once for each time it was reached sooner, and for the
            // time it was new: taken up again at the label it was expanded at, it would only
            // find its children as they are.
            if store.note(node) == EXPANDED {
                continue;
            }
            store.set_note(node, EXPANDED);
            stats.expanded += 1;
            let state = with_label(store.state(node), store.cost(node));
            if context.is_goal(state) || !best.could_improve((measure.ceilings)(state)) {
                continue;
            }
            context.jumps(state, &mut jumps);
            store.warm(jumps.iter().map(|jump| key(jump.after)));
            // The stack takes the first jumps last: removals before draws, nearest first, so
            // that a set is first met at an early label and seldom expanded again.
            for jump in jumps.iter().rev() {
                stats.generated += 1;
                match record(&mut store, jump.after) {
                    Seen::New(node) => {
                        best.offer(context, jump.after, (measure.value)(jump.after));
                        if best.value() >= Some(enough) {
                            return early(best);
                        }
                        stack.push(node);
                    }
                    // Reached earlier than before: what it reaches must be looked at again.
                    Seen::Sooner(node) => {
                        store.set_note(node, 0);
                        stack.push(node);
                    }
                    Seen::Known => {}
                }
            }
        }
        stats.stored = store.len();
        stats.memory = store.bytes();
        observer.progress(stats);
        if observer.should_stop() {
            return None;
        }
    }
}

/// The best measures reachable from each set of a complete survey, on a line that leaves
/// pyramid cards and on one that clears it: ceilings for the search that follows, which may
/// drop any state whose set cannot reach its target.
pub struct Ceilings<'a> {
    seen: &'a Store,
    /// The ceilings of a set the survey left aside.
    aside: &'a dyn Fn(State) -> [Option<u32>; 2],
    /// By node: the best open and the best clearing measure reachable from it.
    best: Vec<[Option<u32>; 2]>,
}

impl<'a> Ceilings<'a> {
    /// Works back from the sets with the most cards gone: every jump removes cards, so a
    /// set's successors all come before it.
    pub fn new(context: &Context, seen: &'a Store, measure: &Measure<'a>) -> Ceilings<'a> {
        let mut order: Vec<u32> = (0..seen.len() as u32).collect();
        order.sort_by_key(|&n| std::cmp::Reverse(gone(context, seen.state(n))));
        let mut best = vec![[None, None]; seen.len()];
        let mut jumps: Vec<Jump> = Vec::with_capacity(64);
        for node in order {
            let state = with_label(seen.state(node), seen.cost(node));
            let kind = usize::from(context.is_goal(state));
            let mut here = [None, None];
            here[kind] = Some((measure.value)(state));
            if kind == 0 {
                context.jumps(state, &mut jumps);
                seen.warm(jumps.iter().map(|jump| key(jump.after)));
                for jump in &jumps {
                    let theirs = ceilings_at(seen, &best, measure.ceilings, jump.after);
                    for (mine, theirs) in here.iter_mut().zip(theirs) {
                        *mine = (*mine).max(theirs);
                    }
                }
            }
            best[node as usize] = here;
        }
        Ceilings {
            seen,
            aside: measure.ceilings,
            best,
        }
    }

    /// The best measure reachable from a state's set of cards: on a line that clears the
    /// pyramid, on one that does not, or on either (`clears` being `None`).
    pub fn of(&self, state: State, clears: Option<bool>) -> Option<u32> {
        let [open, clearing] = ceilings_at(self.seen, &self.best, self.aside, state);
        match clears {
            Some(true) => clearing,
            Some(false) => open,
            None => open.max(clearing),
        }
    }
}

/// The best measures reachable from a state, as far as the survey tells: its set's, worked
/// out at the earliest label the survey met it at. That is the earliest there is unless a set
/// it left aside leads there sooner; for an earlier label, or a set it never met, the
/// ceilings themselves.
fn ceilings_at(
    seen: &Store,
    best: &[[Option<u32>; 2]],
    aside: &dyn Fn(State) -> [Option<u32>; 2],
    state: State,
) -> [Option<u32>; 2] {
    match seen.find(key(state)) {
        Some(node) if label(state) >= seen.cost(node) => best[node as usize],
        _ => aside(state),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::deal::Deal;
    use crate::games::pyramid::position::Position;
    use crate::games::pyramid::rules::Rules;
    use crate::games::pyramid::solver::context::Pruning;

    /// `saved-games/hard-no-solution.txt`: a large survey, every set of it searched.
    const HARD: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/saved-games/hard-no-solution.txt"
    ));

    /// A set is expanded again only when it is reached at an earlier label, and with the
    /// nearest jumps taken first few are: under twice as many expansions as sets here, where
    /// the farthest first took over five times as many.
    #[test]
    fn a_complete_survey_expands_few_sets_twice() {
        let deal = Deal::parse(HARD).expect("a deal");
        let position = Position::new(&deal, Rules::default());
        let context = Context::new(&position).with_pruning(Pruning::KingsFirst);
        let value = |state| context.score(state);
        // No ceiling ever stops it: every reachable set is searched.
        let ceilings = |_| [Some(u32::MAX), Some(u32::MAX)];
        let measure = Measure {
            value: &value,
            ceilings: &ceilings,
        };
        let mut stats = Stats::default();
        let found = survey(&context, &measure, u32::MAX, &mut (), &mut stats).expect("not stopped");
        let sets = found.seen.expect("every set seen").len() as u64;
        assert!(
            stats.expanded < 2 * sets,
            "{} expansions for {sets} sets",
            stats.expanded
        );
    }
}

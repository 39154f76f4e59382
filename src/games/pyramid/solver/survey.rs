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

use std::cell::RefCell;

use super::context::{Context, Jump, State};
use super::reach::{key, label};
use super::sets::{Met, Sets};
use super::{CHECK_EVERY, Observer, Stats};

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
    pub seen: Option<Sets>,
}

impl Survey {
    /// The sets kept and the bytes they hold, for the figures of the search that reads them.
    pub fn kept(&self) -> (usize, usize) {
        self.seen
            .as_ref()
            .map_or((0, 0), |seen| (seen.len(), seen.bytes()))
    }
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
    let mut sets = Sets::new();
    let mut best = Best::default();
    let start = context.start();
    best.offer(context, start, (measure.value)(start));
    let early = |best: Best| Some(Survey { best, seen: None });
    if best.value() >= Some(enough) {
        return early(best);
    }
    sets.record(start);
    // Sets at the label they were reached at.
    let mut stack = vec![start];
    let mut jumps: Vec<Jump> = Vec::with_capacity(64);
    loop {
        for _ in 0..CHECK_EVERY {
            let Some(reached) = stack.pop() else {
                return Some(Survey {
                    best,
                    seen: Some(sets),
                });
            };
            // A set waits on the stack once for each time it was reached sooner, and for the
            // time it was new. Reached later than its label now, it waits again above this
            // entry and was taken up first; taken up again at the label it was expanded at,
            // it would only find its children as they are.
            let slot = sets.find(key(reached)).expect("a set on the stack is held");
            let state = sets.state(slot);
            if label(state) < label(reached) || sets.is_expanded(slot) {
                continue;
            }
            sets.mark_expanded(slot);
            stats.expanded += 1;
            if context.is_goal(state) || !best.could_improve((measure.ceilings)(state)) {
                continue;
            }
            context.jumps(state, &mut jumps);
            sets.warm(jumps.iter().map(|jump| key(jump.after)));
            // The stack takes the first jumps last: removals before draws, nearest first, so
            // that a set is first met at an early label and seldom expanded again.
            for jump in jumps.iter().rev() {
                stats.generated += 1;
                match sets.record(jump.after) {
                    Met::New => {
                        best.offer(context, jump.after, (measure.value)(jump.after));
                        if best.value() >= Some(enough) {
                            return early(best);
                        }
                        stack.push(jump.after);
                    }
                    // Reached earlier than before: what it reaches must be looked at again.
                    Met::Sooner => stack.push(jump.after),
                    Met::Known => {}
                }
            }
        }
        stats.stored = sets.len();
        stats.memory = sets.bytes() + stack.capacity() * 8;
        observer.progress(stats);
        if observer.should_stop() {
            return None;
        }
    }
}

/// Whether a state can still reach a target, as far as a complete survey tells: ceilings for
/// the search that follows, which may drop any state that cannot.
///
/// Worked out only for the sets the search asks about, and remembered: a set reaches the
/// target when it measures it or one of its successors reaches it, so the first successor
/// that does settles the question, and a set whose own ceiling falls short needs no look at
/// its successors (both are upper bounds on what it reaches, so their lower one is too). A
/// pass over every set the survey met, as before, cost a third of the Score challenge's
/// time; the search asks about far fewer.
pub struct Reach<'a> {
    context: &'a Context,
    /// Held alone: the answers noted in it are this target's.
    seen: &'a mut Sets,
    measure: &'a Measure<'a>,
    /// On a line that clears the pyramid, on one that does not, or on either (`None`).
    clears: Option<bool>,
    at_least: u32,
    /// Lists of jumps to reuse, one for each set being worked out.
    spare: RefCell<Vec<Vec<Jump>>>,
}

impl<'a> Reach<'a> {
    /// What can reach `at_least` by `measure`, on a line of the kind `clears` asks for. The
    /// answers are noted in the survey's table beside each set (one wait on memory a lookup,
    /// not two), so those of an earlier target are forgotten first.
    pub fn new(
        context: &'a Context,
        seen: &'a mut Sets,
        measure: &'a Measure<'a>,
        clears: Option<bool>,
        at_least: u32,
    ) -> Reach<'a> {
        seen.forget_answers();
        Reach {
            context,
            seen,
            measure,
            clears,
            at_least,
            spare: RefCell::new(Vec::new()),
        }
    }

    /// Whether a state's set of cards may still reach the target. A set the survey met is
    /// worked out at the earliest label it met it at, which reaches everything a later label
    /// does; for an earlier label (a set it left aside may lead there sooner), or a set it
    /// never met, the ceilings decide.
    pub fn can_reach(&self, state: State) -> bool {
        match self.seen.find(key(state)) {
            Some(slot) if label(state) >= label(self.seen.state(slot)) => self.set_reaches(slot),
            _ => self.ceiling_allows(state),
        }
    }

    /// Whether the ceilings of a state leave the target within reach.
    fn ceiling_allows(&self, state: State) -> bool {
        let [open, clearing] = (self.measure.ceilings)(state);
        self.of_kind(open, clearing)
            .is_some_and(|most| most >= self.at_least)
    }

    /// The measure of the kind of line asked for, from those of both kinds.
    fn of_kind(&self, open: Option<u32>, clearing: Option<u32>) -> Option<u32> {
        match self.clears {
            Some(true) => clearing,
            Some(false) => open,
            None => open.max(clearing),
        }
    }

    /// Whether a set the survey met reaches the target from its earliest label. The
    /// recursion goes one level a jump, and every jump removes cards: 52 levels at most.
    fn set_reaches(&self, slot: usize) -> bool {
        if let Some(known) = self.seen.reaches(slot) {
            return known;
        }
        let state = self.seen.state(slot);
        let reaches = self.measures_enough(state)
            || !self.context.is_goal(state)
                && self.ceiling_allows(state)
                && self.a_successor_reaches(state);
        self.seen.note_reaches(slot, reaches);
        reaches
    }

    /// Whether a set measures the target on its own, on the kind of line asked for (a set
    /// that clears the pyramid ends the deal).
    fn measures_enough(&self, state: State) -> bool {
        let value = Some((self.measure.value)(state));
        let mine = if self.context.is_goal(state) {
            self.of_kind(None, value)
        } else {
            self.of_kind(value, None)
        };
        mine.is_some_and(|value| value >= self.at_least)
    }

    fn a_successor_reaches(&self, state: State) -> bool {
        let mut jumps = self.spare.borrow_mut().pop().unwrap_or_default();
        self.context.jumps(state, &mut jumps);
        self.seen.warm(jumps.iter().map(|jump| key(jump.after)));
        let reaches = jumps.iter().any(|jump| self.can_reach(jump.after));
        self.spare.borrow_mut().push(jumps);
        reaches
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

    /// The sets that reach a target are worked out only as asked, and stop at the first
    /// successor that reaches it: the start reaches the most the survey found, and not a
    /// point more, on the kind of line that earns it; every set met reaches at least its own
    /// measure.
    #[test]
    fn the_start_reaches_the_best_found_and_no_more() {
        let deal = Deal::parse(HARD).expect("a deal");
        let position = Position::new(&deal, Rules::default());
        let context = Context::new(&position).with_pruning(Pruning::KingsFirst);
        let value = |state| context.score(state);
        let ceilings = |_| [Some(u32::MAX), None];
        let measure = Measure {
            value: &value,
            ceilings: &ceilings,
        };
        let found = survey(&context, &measure, u32::MAX, &mut (), &mut Stats::default())
            .expect("not stopped");
        assert!(found.best.clearing.is_none(), "the deal cannot be won");
        let most = found.best.value().expect("a best");
        let mut seen = found.seen.expect("every set seen");
        let start = context.start();
        // Each target's answers are noted in the survey's table: one at a time.
        let mut reaches = |clears, at_least, state| {
            Reach::new(&context, &mut seen, &measure, clears, at_least).can_reach(state)
        };
        assert!(reaches(None, most, start));
        assert!(reaches(Some(false), most, start));
        assert!(!reaches(None, most + 1, start));
        assert!(!reaches(Some(true), 0, start), "no line clears");
        let mut jumps = Vec::new();
        context.jumps(start, &mut jumps);
        for jump in &jumps {
            let mine = value(jump.after);
            assert!(reaches(None, mine, jump.after));
        }
        // Asked in any order, with the answers of an earlier target forgotten, a set's answer
        // is the same.
        let answers = |seen: &mut Sets, order: &mut dyn Iterator<Item = &Jump>| {
            let reach = Reach::new(&context, seen, &measure, None, most);
            let mut answers: Vec<(State, bool)> = order
                .map(|jump| (jump.after, reach.can_reach(jump.after)))
                .collect();
            answers.sort_unstable();
            answers
        };
        let forward = answers(&mut seen, &mut jumps.iter());
        Reach::new(&context, &mut seen, &measure, None, most + 1).can_reach(start);
        let backward = answers(&mut seen, &mut jumps.iter().rev());
        assert_eq!(forward, backward);
    }
}

//! The targets of the Score and Card challenges for the A* search, with their admissible
//! bounds.

use std::time::Instant;

use super::context::{Context, DEAD, Pruning, State};
use super::search::{Search, Target};
use super::survey::{Measure, Reach, survey};
use super::{CHECK_EVERY, Observer, Outcome, Stats};
use crate::cards::card::Rank;
use crate::games::pyramid::layout;
use crate::games::pyramid::layout::{PYRAMID_ROWS, PYRAMID_SIZE};
use crate::games::pyramid::position::{Move, Position, REMOVAL_POINTS, ROW_BONUS};

/// All the row bonuses: what clearing the pyramid adds.
pub const ALL_ROWS: u32 = {
    let mut sum = 0;
    let mut row = 0;
    while row < ROW_BONUS.len() {
        sum += ROW_BONUS[row];
        row += 1;
    }
    sum
};

/// The most points a line that does not clear the pyramid can earn: the top card stays (it is
/// uncovered last), so not its bonus, and at most 28 removal steps (4 Kings and 24 pairs).
const OPEN_MOST: u32 = ALL_ROWS - ROW_BONUS[0] + REMOVAL_POINTS * 28;

/// At least `points` Score challenge points in this deal.
pub struct Points<'a> {
    pub at_least: u32,
    /// Only a line that clears the pyramid gets there, or only one that does not.
    pub clears: Option<bool>,
    /// Which sets of cards can still reach the target, from a complete survey.
    pub reach: Option<&'a Reach<'a>>,
}

impl Target for Points<'_> {
    fn reached(&self, context: &Context, state: State) -> bool {
        context.score(state) >= self.at_least
    }

    /// A step earns 5 points and the bonuses of the rows it empties. Rows empty from the
    /// bottom up (every card of a row lies on one of the row above), and a step removes at
    /// most two pyramid cards; so `k` more steps earn at most `5 k` plus the bonuses of the
    /// lowest rows that `2 k` cards can empty. The fewest `k` that can earn the points left
    /// is found by trying each number of rows to empty. When only clearing gets there, the
    /// steps to clear the pyramid count as well.
    fn bound(&self, context: &Context, state: State) -> u8 {
        let score = context.score(state);
        if score >= self.at_least {
            return 0;
        }
        if context.is_goal(state) || self.reach.is_some_and(|r| !r.can_reach(state)) {
            return DEAD;
        }
        // A line that must leave pyramid cards leaves the top one: it is uncovered last.
        let lowest = usize::from(self.clears == Some(false));
        let steps = self.steps_for_points(context, state, score, lowest);
        if self.clears == Some(true) {
            steps.max(context.bound(state))
        } else {
            steps
        }
    }

    /// The steps for the points alone, with every row allowed to empty, and the removal part
    /// of the clearing bound: no more than [`Points::bound`], and a removal lowers it by one
    /// at most. A removal earns 5 points (a step of the relaxation) and the bonuses of the
    /// rows it empties, which the relaxation counts for the two cards at most it takes from
    /// them; the clearing part is [`Context::removal_bound`].
    fn quick_bound(&self, context: &Context, state: State) -> Option<u8> {
        let score = context.score(state);
        if score >= self.at_least {
            return Some(0);
        }
        let steps = self.steps_for_points(context, state, score, 0);
        Some(if self.clears == Some(true) {
            steps.max(context.removal_bound(state))
        } else {
            steps
        })
    }
}

impl Points<'_> {
    /// The fewest steps that can earn the points still wanted from `score`, the rows from
    /// `lowest` down allowed to empty (see [`Points::bound`]).
    fn steps_for_points(&self, context: &Context, state: State, score: u32, lowest: usize) -> u8 {
        let wanted = self.at_least - score;
        let remaining = context.remaining(state);
        let (mut cards, mut bonus) = (0, 0);
        // A wildcard counts as a King when gone, though it may have gone with another card:
        // such a step counts two removals.
        let per_step = if context.is_wild() {
            2 * REMOVAL_POINTS
        } else {
            REMOVAL_POINTS
        };
        let mut steps = wanted.div_ceil(per_step);
        for row in (lowest..PYRAMID_ROWS).rev() {
            let in_row = (remaining & row_mask(row)).count_ones();
            if in_row == 0 {
                continue;
            }
            cards += in_row;
            bonus += ROW_BONUS[row];
            let by_points = wanted.saturating_sub(bonus).div_ceil(per_step);
            steps = steps.min(cards.div_ceil(2).max(by_points));
        }
        u8::try_from(steps.max(1)).unwrap_or(DEAD - 1)
    }
}

/// The pyramid cards of a row, as bits.
fn row_mask(row: usize) -> u32 {
    ((1 << (row + 1)) - 1) << layout::row_start(row)
}

/// At least `count` cards of one value removed in this deal, on a line that clears the
/// pyramid, or on one that does not, or either.
pub struct Cards<'a> {
    pub value: usize,
    pub count: u32,
    pub clears: Option<bool>,
    /// Which sets of cards can still reach the target, from a complete survey.
    pub reach: Option<&'a Reach<'a>>,
}

impl Target for Cards<'_> {
    fn reached(&self, context: &Context, state: State) -> bool {
        context.removed_of_value(state, self.value) >= self.count
            && self
                .clears
                .is_none_or(|clears| clears == context.is_goal(state))
    }

    /// A step removes at most one card of a value (two cards of one value never make 13, and
    /// a King goes alone), so each card still wanted takes a step; and the dearest of the
    /// cheapest cards that could be the ones wanted takes at least its own steps (see
    /// [`Context::steps_to_remove`]). A line that must clear the pyramid takes at least the
    /// steps to clear it.
    fn bound(&self, context: &Context, state: State) -> u8 {
        let removed = context.removed_of_value(state, self.value);
        let wanted = self.count.saturating_sub(removed) as usize;
        if context.is_goal(state) {
            return if self.reached(context, state) {
                0
            } else {
                DEAD
            };
        }
        if self.reach.is_some_and(|r| !r.can_reach(state)) {
            return DEAD;
        }
        let steps = if wanted == 0 {
            0
        } else if context.is_wild() {
            // A wildcard may count as the value and pair with one that does: two a step.
            wanted.div_ceil(2) as u32
        } else {
            let (costs, count) = context.steps_to_remove(state, self.value);
            if wanted > count {
                return DEAD;
            }
            costs[wanted - 1].max(wanted as u32)
        };
        let steps = u8::try_from(steps).unwrap_or(DEAD - 1);
        match self.clears {
            Some(true) => steps.max(context.bound(state)),
            // Not cleared yet, and a line may stop here: no more steps needed.
            _ => steps,
        }
    }
}

/// At least `at_least` of the cards the goal counts gone (see [`Context::cleared`]).
pub struct Cleared<'a> {
    pub at_least: u32,
    /// Which sets of cards can still reach the target, from a complete survey.
    pub reach: Option<&'a Reach<'a>>,
}

impl Target for Cleared<'_> {
    fn reached(&self, context: &Context, state: State) -> bool {
        context.cleared(state) >= self.at_least
    }

    /// A step removes two cards at most.
    fn bound(&self, context: &Context, state: State) -> u8 {
        let cleared = context.cleared(state);
        if cleared >= self.at_least {
            return 0;
        }
        if context.is_goal(state) || self.reach.is_some_and(|r| !r.can_reach(state)) {
            return DEAD;
        }
        u8::try_from((self.at_least - cleared).div_ceil(2)).unwrap_or(DEAD - 1)
    }

    /// The same without the survey's word: a removal takes two cards at most, so lowers it by
    /// one at most.
    fn quick_bound(&self, context: &Context, state: State) -> Option<u8> {
        let left = self.at_least.saturating_sub(context.cleared(state));
        Some(u8::try_from(left.div_ceil(2)).unwrap_or(DEAD - 1))
    }
}

/// A line of play and what it achieves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub moves: Vec<Move>,
    /// The points in this deal, or the cards of the rank removed in it, at the line's end.
    pub value: u32,
    /// Whether the line clears the pyramid.
    pub clears: bool,
}

/// The answer to a Score challenge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScoreAnswer {
    /// The fewest steps to the points asked for.
    Reached(Line),
    /// The points asked for are out of reach: the most this deal gives, in the fewest steps.
    Short(Line),
}

/// The answer to a Card challenge.
pub type CardAnswer = crate::engine::goal::CardAnswer<Line>;

/// A challenge's answer (`None` when the observer stopped the search) with the figures.
pub use crate::engine::search::Report as ChallengeReport;

/// The Score challenge: the fewest steps to earn `points` in this deal (counting the cards
/// already gone in it), or the most it can give.
///
/// First an exhaustive survey of every set of cards that can be gone finds whether `points`
/// can be reached and otherwise the most there is (see [`survey`]); then A* finds the fewest
/// steps to that many points.
pub fn solve_score(
    position: &Position,
    points: u32,
    observer: &mut dyn Observer,
) -> ChallengeReport<ScoreAnswer> {
    let started = Instant::now();
    let mut stats = Stats::default();
    let context = Context::new(position).with_pruning(Pruning::Nothing);
    let surveyed = context.clone().with_pruning(Pruning::KingsFirst);
    let value = |s| context.score(s);
    let ceilings = |s| score_ceilings(&context, s);
    let measure = Measure {
        value: &value,
        ceilings: &ceilings,
    };
    let answer = survey(&surveyed, &measure, points, observer, &mut stats).and_then(|survey| {
        let most = survey.best.value().unwrap_or(0);
        let reached = most >= points;
        let points = points.min(most);
        // A line that leaves pyramid cards earns OPEN_MOST at most; when short, the survey
        // says which kind of line earns the most.
        let open = survey.best.open.map_or(0, |found| found.value);
        let clearing = survey.best.clearing.map_or(0, |found| found.value);
        // Wildcards going alone make more removal steps than OPEN_MOST allows for.
        let clears = if points > OPEN_MOST && !context.is_wild() || (!reached && open < most) {
            Some(true)
        } else if !reached && clearing < most {
            Some(false)
        } else {
            None
        };
        let kept = survey.kept();
        let mut seen = survey.seen;
        let reach = seen
            .as_mut()
            .map(|seen| Reach::new(&surveyed, seen, &measure, clears, points));
        let target = Points {
            at_least: points,
            clears,
            reach: reach.as_ref(),
        };
        let line = fewest(&context, target, kept, observer, &mut stats, started)?;
        let line = line_in(position, line, Position::score);
        Some(if reached {
            ScoreAnswer::Reached(line)
        } else {
            ScoreAnswer::Short(line)
        })
    });
    stats.elapsed = started.elapsed();
    ChallengeReport { answer, stats }
}

/// The Card challenge: the fewest steps to remove `count` cards of `rank` in this deal
/// (counting those already gone in it), or the best that can be done, on a line that clears
/// the pyramid and on one that does not.
pub fn solve_card(
    position: &Position,
    rank: Rank,
    count: u32,
    observer: &mut dyn Observer,
) -> ChallengeReport<CardAnswer> {
    let started = Instant::now();
    let mut stats = Stats::default();
    let context = Context::new(position).with_pruning(Pruning::Nothing);
    let surveyed = context.clone().with_pruning(Pruning::KingsFirst);
    let value = rank.value() as usize;
    let count_of = |s| context.removed_of_value(s, value);
    let ceilings = |s| card_ceilings(&context, s, value);
    let measure = Measure {
        value: &count_of,
        ceilings: &ceilings,
    };
    let of_rank = |end: &Position| end.removed_of_rank(rank) as u32;
    let answer = survey(&surveyed, &measure, count, observer, &mut stats).and_then(|survey| {
        let best = survey.best;
        let kept = survey.kept();
        let mut seen = survey.seen;
        let mut line = |count: u32, clears: Option<bool>, stats: &mut Stats| {
            let reach = seen
                .as_mut()
                .map(|seen| Reach::new(&surveyed, seen, &measure, clears, count));
            let target = Cards {
                value,
                count,
                clears,
                reach: reach.as_ref(),
            };
            fewest(&context, target, kept, observer, stats, started)
                .map(|moves| line_in(position, moves, of_rank))
        };
        if best.value() >= Some(count) {
            return line(count, None, &mut stats).map(CardAnswer::Reached);
        }
        let clearing = match best.clearing {
            Some(found) => Some(line(found.value, Some(true), &mut stats)?),
            None => None,
        };
        let better_open = best
            .open
            .filter(|open| best.clearing.is_none_or(|c| open.value > c.value));
        let open = match better_open {
            Some(found) => Some(line(found.value, Some(false), &mut stats)?),
            None => None,
        };
        Some(CardAnswer::Short { clearing, open })
    });
    stats.elapsed = started.elapsed();
    ChallengeReport { answer, stats }
}

/// For a position whose goal cannot be reached (as [`super::solve`] proves): the line that
/// removes the most cards the goal counts (the pyramid's, or all 52), in the fewest steps.
///
/// The Score challenge's two searches, measuring the cards gone: an exhaustive survey of
/// every set of cards that can be gone finds the most (see [`survey`]), then A* the fewest
/// steps to that many, the sets that cannot reach it cut off by what the survey found.
pub fn solve_most(position: &Position, observer: &mut dyn Observer) -> ChallengeReport<Line> {
    let started = Instant::now();
    let mut stats = Stats::default();
    let context = Context::new(position).with_pruning(Pruning::Nothing);
    let surveyed = context.clone().with_pruning(Pruning::KingsFirst);
    let value = |s| context.cleared(s);
    let ceilings = |s| cleared_ceilings(&context, s);
    let measure = Measure {
        value: &value,
        ceilings: &ceilings,
    };
    // A line that does not win leaves a card: all but one is the most there can be.
    let enough = context.counted() - 1;
    let answer = survey(&surveyed, &measure, enough, observer, &mut stats).and_then(|survey| {
        let most = survey.best.value().unwrap_or(0);
        let kept = survey.kept();
        let mut seen = survey.seen;
        let reach = seen
            .as_mut()
            .map(|seen| Reach::new(&surveyed, seen, &measure, None, most));
        let target = Cleared {
            at_least: most,
            reach: reach.as_ref(),
        };
        let moves = fewest(&context, target, kept, observer, &mut stats, started)?;
        Some(line_in(position, moves, |end| end.cleared() as u32))
    });
    stats.elapsed = started.elapsed();
    ChallengeReport { answer, stats }
}

/// Upper bounds on the cards the goal counts gone from a state, where the goal cannot be
/// reached: every card but those that can never go (see [`Context::stuck`]), and never all
/// (a line that does not win leaves one); no line reaches the goal.
fn cleared_ceilings(context: &Context, state: State) -> [Option<u32>; 2] {
    let stuck = context.stuck(state).count_ones().max(1);
    [Some(context.counted() - stuck), None]
}

/// Upper bounds on the points reachable from a state, on a line that leaves pyramid cards and
/// on one that clears it.
///
/// Each step removes a King, or two cards of partner values, for 5 points; so the cards in
/// play that can still go allow a step per King and, per pair of values, as many steps as
/// the scarcer of the two has cards. Cards that can never go (see
/// [`Context::stuck`]) keep their row and every row above it from emptying: rows empty from
/// the bottom up. So the rows below the highest stuck card add their bonuses; with no stuck
/// card, all rows but the top one on a line that leaves pyramid cards (the top card is
/// uncovered last), and all on a line that clears it. With a stuck card, or when the
/// matching test says so, there is no clearing line.
fn score_ceilings(context: &Context, state: State) -> [Option<u32>; 2] {
    let score = context.score(state);
    let remaining = context.remaining(state);
    let stuck = context.stuck(state);
    let free = removable_counts(context, state, stuck);
    // A pair takes one card of a value and one of its partner's.
    let pairs: u32 = (1..=6).map(|v| free[v].min(free[13 - v])).sum();
    let steps = free[13] + pairs;
    // Rows that may still empty: those below every stuck card, and not empty yet.
    let rows: u32 = (0..PYRAMID_ROWS)
        .filter(|&row| remaining & row_mask(row) != 0)
        .filter(|&row| (row..PYRAMID_ROWS).all(|r| stuck & row_mask(r) == 0))
        .map(|row| ROW_BONUS[row])
        .sum();
    let most = score + REMOVAL_POINTS * steps + rows;
    let top = if remaining & 1 != 0 && stuck & 1 == 0 {
        ROW_BONUS[0]
    } else {
        0
    };
    let clearing = (stuck == 0 && !context.is_dead(state)).then_some(most);
    [Some(most - top), clearing]
}

/// Upper bounds on the cards of a value removed from a state: those in play that can still go
/// (see [`Context::stuck`]), and no more than there are partners for; on a line that leaves
/// pyramid cards, without the top pyramid card (it is uncovered last).
fn card_ceilings(context: &Context, state: State, value: usize) -> [Option<u32>; 2] {
    let stuck = context.stuck(state);
    let mut free = removable_counts(context, state, stuck);
    // A King goes alone; another card goes with one of its partner's value.
    let can_go = |free: &[u32; 14]| {
        if value == 13 || context.is_wild() {
            // A wildcard counts for the value and goes alone or with any card: no partner
            // needed.
            free[value]
        } else {
            free[value].min(free[13 - value])
        }
    };
    let removed = context.removed_of_value(state, value);
    let clearing = (stuck == 0 && !context.is_dead(state)).then_some(removed + can_go(&free));
    // On a line that leaves pyramid cards the top one stays.
    if stuck & 1 == 0
        && let Some(top) = context.top_card_value(state)
        && let Some(count) = free.get_mut(top)
    {
        *count = count.saturating_sub(1);
    }
    [Some(removed + can_go(&free)), clearing]
}

/// Per value, the cards in play that are not stuck.
fn removable_counts(context: &Context, state: State, stuck: u32) -> [u32; 14] {
    let mut counts = [0; 14];
    for (value, count) in counts.iter_mut().enumerate().skip(1) {
        *count = context.in_play_of_value(state, value);
    }
    for i in (0..PYRAMID_SIZE).filter(|&i| stuck & (1 << i) != 0) {
        // An unseen card (value 0) is counted for no value.
        if let Some(count) = counts.get_mut(context.pyramid_value(i)) {
            *count = count.saturating_sub(1);
        }
    }
    counts
}

/// The fewest moves to a target known to be reachable; `None` when the observer stopped.
/// The survey's table is held while it runs (its ceilings read it), and is counted with the
/// search's own in the figures the caps check: `kept`, its sets and bytes.
fn fewest<T: Target>(
    context: &Context,
    target: T,
    kept: (usize, usize),
    observer: &mut dyn Observer,
    stats: &mut Stats,
    started: Instant,
) -> Option<Vec<Move>> {
    let (kept_states, kept_bytes) = kept;
    let mut search = Search::new(context, target);
    loop {
        match search.advance(CHECK_EVERY, stats) {
            Some(Outcome::Solved(moves)) => return Some(moves),
            Some(_) => unreachable!("the survey found the target reachable"),
            None => {}
        }
        stats.elapsed = started.elapsed();
        stats.stored = kept_states + search.stored();
        stats.memory = kept_bytes + search.memory();
        observer.progress(stats);
        if observer.should_stop() {
            return None;
        }
    }
}

/// A line's moves with what the referee makes of them at its end.
fn line_in(start: &Position, moves: Vec<Move>, value: impl Fn(&Position) -> u32) -> Line {
    let mut end = start.clone();
    for &mv in &moves {
        end.apply(mv).expect("the solver's moves are legal");
    }
    Line {
        value: value(&end),
        clears: end.is_cleared(),
        moves,
    }
}

#[cfg(test)]
mod tests {
    //! The quick bounds the search puts children off by: at most the full bound, and lowered
    //! by one at most in a removal, whatever the turns before it (see [`Target::quick_bound`]).

    use super::*;
    use crate::cards::deal::random_deals;
    use crate::games::pyramid::rules::Rules;
    use crate::games::pyramid::solver::context::Jump;

    /// Checks both properties at every state met on a few lines of play down the first jumps
    /// and the last ones, of every child on the way.
    fn check(context: &Context, target: &dyn Target, what: &str) {
        let mut jumps: Vec<Jump> = Vec::new();
        for pick_last in [false, true] {
            let mut state = context.start();
            loop {
                let quick = target.quick_bound(context, state).expect("a quick bound");
                let full = target.bound(context, state);
                assert!(quick <= full, "{what}: quick {quick} above {full}");
                context.jumps(state, &mut jumps);
                // A dead state is never stored, so never expanded: its children need not
                // follow its quick bound.
                for jump in jumps.iter().filter(|_| full != DEAD) {
                    let child = target
                        .quick_bound(context, jump.after)
                        .expect("a quick bound");
                    assert!(
                        u16::from(child) + 1 >= u16::from(quick),
                        "{what}: {quick} to {child} in a removal"
                    );
                }
                let next = if pick_last {
                    jumps.last()
                } else {
                    jumps.first()
                };
                let Some(next) = next else { break };
                state = next.after;
            }
        }
    }

    #[test]
    fn quick_bounds_stay_under_the_bounds_and_fall_by_one_at_most() {
        for deal in random_deals(33, 40) {
            let position = Position::new(&deal, Rules::default());
            let context = Context::new(&position).with_pruning(Pruning::Nothing);
            for clears in [None, Some(true), Some(false)] {
                // A clearing line is asked for only when no other earns the points: beyond
                // what a line that leaves pyramid cards can earn.
                let targets: &[u32] = if clears == Some(true) {
                    &[OPEN_MOST + 5, 1290]
                } else {
                    &[200, 700, 1290]
                };
                for &at_least in targets {
                    let points = Points {
                        at_least,
                        clears,
                        reach: None,
                    };
                    check(&context, &points, &format!("{at_least} points, {clears:?}"));
                }
            }
            for at_least in [10, 27] {
                let cleared = Cleared {
                    at_least,
                    reach: None,
                };
                check(&context, &cleared, &format!("{at_least} cards cleared"));
            }
        }
    }
}

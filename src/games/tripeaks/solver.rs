//! The exact TriPeaks solvers for the Board, Score and Card challenges, and the plan to reveal
//! an unknown card.
//!
//! Each fills the exhaustive tables of the `explore` module (a few milliseconds for the Board
//! and Card challenges, a few dozen for the Score one) and reads its answer off them: steps =
//! tableau cards removed + cards drawn, so every state has a fixed step count and the fewest
//! steps to what is asked for is the least over the states that have it. The Score search carries the
//! streak in its states, and keeps the best score per (tableau, drawn, waste, streak), which is
//! exact: two lines to the same cards with different streaks are kept apart.
//!
//! Each search holds at most a few megabytes (its figures say how many), so caps and
//! cancellation rarely bite; they are honoured all the same, between cells.
//!
//! With unknown cards (`??`) every challenge is solved twice: with unknown cards matching
//! nothing, as the referee plays them, so that every line returned replays whatever they are;
//! and with them matching anything, which bounds what knowing them could give. The answer is
//! *definitive* when the two agree. Pure: no threads, no printing; progress and cancellation
//! go through an [`Observer`] the caller passes in (wrap it in [`Capped`] for caps).

mod explore;

use std::cmp::Reverse;
use std::time::Instant;

pub use crate::engine::search::{Budget, CapReached, Capped, Caps, Observer, Stats};
use explore::{Cell, Item, Scores, Table, Unknowns, Wastes};

use super::layout::{FIRST_WASTE, FULL, TABLEAU_SIZE, face_up};
use super::position::{Move, Position};
use crate::cards::card::DECK_SIZE;
use crate::cards::card::Rank;

/// A line of play and what it achieves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The moves, in order, from the position solved.
    pub moves: Vec<Move>,
    /// At the line's end: the tableau cards removed in this deal (Board), the points in this
    /// deal (Score), or the tableau cards of the rank removed in this deal (Card).
    pub value: u32,
    /// Whether the line clears the tableau.
    pub clears: bool,
}

impl Line {
    /// The steps the line takes.
    pub fn steps(&self) -> usize {
        self.moves.len()
    }
}

/// The answer to a Board challenge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardAnswer {
    /// The fewest steps that clear the tableau.
    Cleared(Line),
    /// No line clears the tableau (an exhaustive search proves it): the line that removes the
    /// most tableau cards, in the fewest steps.
    NotClearable(Line),
}

/// The answer to a Score challenge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScoreAnswer {
    /// The fewest steps to the points asked for.
    Reached(Line),
    /// The points asked for are out of reach: the most this deal gives, in the fewest steps
    /// (a line that does not clear the tableau when one as good exists); when that line does
    /// not clear, also the best-scoring line that does, if any (perhaps scoring as much).
    Short { best: Line, clearing: Option<Line> },
}

/// The answer to a Card challenge.
pub type CardAnswer = crate::engine::goal::CardAnswer<Line>;

/// A challenge's answer, with what knowing the unknown cards could give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution<A> {
    /// The answer with unknown cards matching nothing: its lines replay on the referee
    /// whatever the unknown cards are.
    pub answer: A,
    /// With unknown cards matching anything: the best that knowing them could give (its lines
    /// may play unknown cards, and only say what is possible). `None` when no card is unknown.
    pub bound: Option<A>,
    /// Whether knowing the unknown cards could not improve the answer: no card is unknown, or
    /// the bound is the same (same values and steps).
    pub definitive: bool,
}

pub use crate::engine::search::Report;

/// The lines of an answer as (values, steps, clears), with which kind of answer it is: two
/// answers that agree on these are as good as each other.
trait Outcome {
    fn outcome(&self) -> (u8, Vec<(u32, usize, bool)>);
}

fn summary(line: &Line) -> (u32, usize, bool) {
    (line.value, line.steps(), line.clears)
}

impl Outcome for BoardAnswer {
    fn outcome(&self) -> (u8, Vec<(u32, usize, bool)>) {
        match self {
            BoardAnswer::Cleared(line) => (0, vec![summary(line)]),
            BoardAnswer::NotClearable(line) => (1, vec![summary(line)]),
        }
    }
}

impl Outcome for ScoreAnswer {
    fn outcome(&self) -> (u8, Vec<(u32, usize, bool)>) {
        match self {
            ScoreAnswer::Reached(line) => (0, vec![summary(line)]),
            ScoreAnswer::Short { best, clearing } => (
                1,
                std::iter::once(best).chain(clearing).map(summary).collect(),
            ),
        }
    }
}

impl Outcome for CardAnswer {
    fn outcome(&self) -> (u8, Vec<(u32, usize, bool)>) {
        match self {
            CardAnswer::Reached(line) => (0, vec![summary(line)]),
            CardAnswer::Short { clearing, open } => {
                (1, clearing.iter().chain(open).map(summary).collect())
            }
        }
    }
}

/// Solves a challenge with unknown cards matching nothing, then, when the deal has any, with
/// them matching anything; `None` when the observer stopped either.
fn both_ways<A: Outcome>(
    position: &Position,
    observer: &mut dyn Observer,
    mut solve: impl FnMut(Unknowns, &mut dyn Observer, &mut Stats) -> Option<A>,
) -> Report<Solution<A>> {
    let started = Instant::now();
    let mut stats = Stats::default();
    let answer = solve(Unknowns::MatchNothing, observer, &mut stats).and_then(|answer| {
        if !position.deal().has_unknown() {
            return Some(Solution {
                answer,
                bound: None,
                definitive: true,
            });
        }
        let bound = solve(Unknowns::Wildcards, observer, &mut stats)?;
        let definitive = answer.outcome() == bound.outcome();
        Some(Solution {
            answer,
            bound: Some(bound),
            definitive,
        })
    });
    stats.elapsed = started.elapsed();
    observer.progress(&stats);
    Report { answer, stats }
}

/// The Board challenge: the fewest steps that clear the tableau from `position`, or, when an
/// exhaustive search proves none does, the line that removes the most tableau cards in the
/// fewest steps.
pub fn solve_board(
    position: &Position,
    observer: &mut dyn Observer,
) -> Report<Solution<BoardAnswer>> {
    let start_removed = position.removed() as u32;
    both_ways(position, observer, |unknowns, observer, stats| {
        let table = Table::new(position, unknowns);
        let wastes = Wastes::build(&table, observer, stats).ok()?;
        // The most cards removed, then the fewest steps: the fewest draws of the set.
        let (index, _, _) = wastes
            .reached()
            .min_by_key(|&(_, mask, draws)| (mask.count_ones(), draws.trailing_zeros()))
            .expect("the start is reached");
        let best = wastes.first_cell(index, 0).expect("a reached set");
        let clears = best.mask() == 0;
        let line = Line {
            moves: wastes.moves_to(best),
            value: start_removed + (position.remaining() & !best.mask()).count_ones(),
            clears,
        };
        Some(if clears {
            BoardAnswer::Cleared(line)
        } else {
            BoardAnswer::NotClearable(line)
        })
    })
}

/// The Score challenge: the fewest steps to `points` in this deal (counting the points already
/// earned in it: the target less what earlier deals earned), or the most it can give in the
/// fewest steps, whether that line clears the tableau, and when it does not, the best score of
/// a line that does.
pub fn solve_score(
    position: &Position,
    points: u32,
    observer: &mut dyn Observer,
) -> Report<Solution<ScoreAnswer>> {
    both_ways(position, observer, |unknowns, observer, stats| {
        let table = Table::new(position, unknowns);
        let scores = Scores::build(&table, observer, stats).ok()?;
        let line_of = |(cell, item): (Cell, Item)| Line {
            moves: scores.moves_to(cell, item),
            value: item.score,
            clears: cell.mask() == 0,
        };
        // In one pass over the cells, each by its best score: the fewest steps to the points;
        // the best score, then the fewest steps, then a line that does not clear (so that a
        // clearing line as good is given beside it); the best clearing score, then the fewest
        // steps. The first cell found wins a tie, and in it the item on the lowest waste card.
        let mut reached: Option<(usize, Cell)> = None;
        let mut best: Option<(u32, Reverse<usize>, bool, Cell)> = None;
        let mut clearing: Option<(u32, Reverse<usize>, Cell)> = None;
        for (cell, score) in scores.cells() {
            let steps = Reverse(table.steps(cell.mask(), cell.drawn));
            let clears = cell.mask() == 0;
            if score >= points && reached.is_none_or(|(fewest, _)| steps.0 < fewest) {
                reached = Some((steps.0, cell));
            }
            if best.is_none_or(|(s, n, open, _)| (score, steps, !clears) > (s, n, open)) {
                best = Some((score, steps, !clears, cell));
            }
            if clears && clearing.is_none_or(|(s, n, _)| (score, steps) > (s, n)) {
                clearing = Some((score, steps, cell));
            }
        }
        if let Some((_, cell)) = reached {
            let item = scores
                .reaching(cell, points)
                .expect("a cell reaching the points");
            return Some(ScoreAnswer::Reached(line_of((cell, item))));
        }
        let (_, _, best_open, best) = best.expect("the start is reached");
        let clearing = if best_open {
            clearing.map(|(_, _, cell)| cell)
        } else {
            None
        };
        let with_best = |cell: Cell| line_of((cell, scores.best_of(cell)));
        Some(ScoreAnswer::Short {
            best: with_best(best),
            clearing: clearing.map(with_best),
        })
    })
}

/// The Card challenge: the fewest steps to remove `count` tableau cards of `rank` in this deal
/// (counting those already removed in it), or the most on a line that clears the tableau and,
/// when more, on one that does not, each in the fewest steps.
///
/// With unknown cards matching anything, an unknown card removed counts as one of the rank
/// while the deal has cards of the rank not seen.
pub fn solve_card(
    position: &Position,
    rank: Rank,
    count: u32,
    observer: &mut dyn Observer,
) -> Report<Solution<CardAnswer>> {
    let deal = position.deal();
    let of_rank = (0..TABLEAU_SIZE)
        .filter(|&i| deal.card(i).is_some_and(|card| card.rank() == rank))
        .fold(0u32, |mask, i| mask | 1 << i);
    let unknown_tableau = deal.unknown() as u32 & FULL;
    let known_of_rank = deal
        .slots()
        .iter()
        .flatten()
        .filter(|card| card.rank() == rank)
        .count() as u32;
    let unseen = 4u32.saturating_sub(known_of_rank);
    let removed = |mask: u32| {
        let gone = FULL & !mask;
        (gone & of_rank).count_ones() + (gone & unknown_tableau).count_ones().min(unseen)
    };
    both_ways(position, observer, |unknowns, observer, stats| {
        let table = Table::new(position, unknowns);
        let wastes = Wastes::build(&table, observer, stats).ok()?;
        let line_of = |cell: Cell| Line {
            moves: wastes.moves_to(cell),
            value: removed(cell.mask()),
            clears: cell.mask() == 0,
        };
        // Each set at its fewest draws.
        let cells = || {
            wastes
                .reached()
                .map(|(index, _, _)| wastes.first_cell(index, 0).expect("a reached set"))
        };
        let steps = |cell: &Cell| table.steps(cell.mask(), cell.drawn);
        if let Some(reached) = cells()
            .filter(|cell| removed(cell.mask()) >= count)
            .min_by_key(steps)
        {
            return Some(CardAnswer::Reached(line_of(reached)));
        }
        let most = |clears: bool| {
            cells()
                .filter(|cell| (cell.mask() == 0) == clears)
                .max_by_key(|cell| (removed(cell.mask()), std::cmp::Reverse(steps(cell))))
        };
        let clearing = most(true);
        let open = most(false)
            .filter(|open| clearing.is_none_or(|c| removed(open.mask()) > removed(c.mask())));
        Some(CardAnswer::Short {
            clearing: clearing.map(line_of),
            open: open.map(line_of),
        })
    })
}

/// The fewest steps to turn an unknown card face up, playable whatever the unknown cards are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevealPlan {
    /// The moves; empty when an unknown card is face up already.
    pub moves: Vec<Move>,
    /// Whether the moves start from the beginning of the deal (the player restarts it):
    /// no unknown card can be turned face up from the position.
    pub from_start: bool,
}

/// The fewest steps from `position` to a position where an unknown card is face up (a tableau
/// card uncovered, or a stock card drawn); when none is reachable from there, from the start
/// of the deal. The answer is `None` when no card is unknown or none can ever be turned up.
pub fn reveal_plan(position: &Position, observer: &mut dyn Observer) -> Report<Option<RevealPlan>> {
    let started = Instant::now();
    let mut stats = Stats::default();
    let deal = *position.deal();
    let answer = if deal.has_unknown() {
        let unknown = deal.unknown();
        let unknown_tableau = unknown as u32 & FULL;
        // Draws from which an unknown stock card has been drawn (card 28 counts as drawn).
        let first_unknown_draw = (FIRST_WASTE..DECK_SIZE)
            .find(|&slot| unknown & (1 << slot) != 0)
            .map_or(usize::MAX, |slot| slot - FIRST_WASTE);
        let mut plan = |from: &Position, from_start: bool, stats: &mut Stats| {
            let table = Table::new(from, Unknowns::MatchNothing);
            let wastes = Wastes::build(&table, observer, stats).ok()?;
            let found = wastes
                .reached()
                .filter_map(|(index, mask, _)| {
                    let at_least = if face_up(mask) & unknown_tableau != 0 {
                        0
                    } else {
                        first_unknown_draw
                    };
                    wastes.first_cell(index, at_least)
                })
                .min_by_key(|cell| table.steps(cell.mask(), cell.drawn));
            Some(found.map(|cell| RevealPlan {
                moves: wastes.moves_to(cell),
                from_start,
            }))
        };
        plan(position, false, &mut stats).and_then(|here| match here {
            Some(plan) => Some(Some(plan)),
            None => plan(&Position::new(&deal), true, &mut stats),
        })
    } else {
        Some(None)
    };
    stats.elapsed = started.elapsed();
    observer.progress(&stats);
    Report { answer, stats }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::deal::Deal;
    use crate::games::tripeaks::fixtures::{
        CLEARS_IN_42, HOPELESS, ORDERED, STREAKS_MATTER, THREE_KINGS, deal,
    };
    use crate::games::tripeaks::layout::LAYOUT;

    fn start(text: &str) -> Position {
        Position::new(&deal(text))
    }

    /// Replays a line on the referee and checks what it claims.
    fn replayed(from: &Position, line: &Line) -> Position {
        let mut position = *from;
        for &mv in &line.moves {
            position.apply(mv).expect("the line replays");
        }
        assert_eq!(position.is_won(), line.clears);
        position
    }

    fn board(position: &Position) -> Solution<BoardAnswer> {
        solve_board(position, &mut ()).answer.expect("not stopped")
    }

    fn score(position: &Position, points: u32) -> Solution<ScoreAnswer> {
        solve_score(position, points, &mut ())
            .answer
            .expect("not stopped")
    }

    #[test]
    fn the_ordered_deck_clears_in_one_run_of_28() {
        let position = start(ORDERED);
        let BoardAnswer::Cleared(line) = board(&position).answer else {
            panic!("clears")
        };
        assert_eq!(line.steps(), 28);
        assert_eq!(
            &line.moves[..4],
            &[
                Move::Play(27),
                Move::Play(26),
                Move::Play(25),
                Move::Play(24)
            ]
        );
        replayed(&position, &line);
        let ScoreAnswer::Short { best, clearing } = score(&position, 90_000).answer else {
            panic!("84,900 at most")
        };
        assert_eq!((best.value, best.steps(), best.clears), (84_900, 28, true));
        assert_eq!(clearing, None);
        let ScoreAnswer::Reached(line) = score(&position, 1400).answer else {
            panic!("reached")
        };
        assert_eq!((line.value, line.steps()), (1600, 4));
        assert_eq!(replayed(&position, &line).score(), 1600);
    }

    #[test]
    fn a_deal_clears_in_42_steps_and_scores_22300_at_most() {
        let position = start(CLEARS_IN_42);
        let BoardAnswer::Cleared(line) = board(&position).answer else {
            panic!("clears")
        };
        assert_eq!(line.steps(), 42);
        replayed(&position, &line);
        let ScoreAnswer::Short { best, .. } = score(&position, 100_000).answer else {
            panic!("short")
        };
        assert_eq!(best.value, 22_300);
        assert_eq!(replayed(&position, &best).score(), 22_300);
    }

    #[test]
    fn a_hopeless_deal_is_proved_so_with_its_best_line() {
        let position = start(HOPELESS);
        let BoardAnswer::NotClearable(line) = board(&position).answer else {
            panic!("cannot be cleared")
        };
        let end = replayed(&position, &line);
        assert_eq!(end.removed() as u32, line.value);
        assert!(line.value < 28);
    }

    #[test]
    fn streaks_are_kept_apart_for_the_exact_maximum() {
        let position = start(STREAKS_MATTER);
        let ScoreAnswer::Short { best, .. } = score(&position, 100_000).answer else {
            panic!("short")
        };
        assert_eq!(best.value, 47_700);
        assert_eq!(replayed(&position, &best).score(), 47_700);
    }

    #[test]
    fn a_search_after_others_on_the_same_thread_answers_as_a_first_one() {
        // The Score search keeps its tables for the next one on its thread.
        let fresh = |text: &'static str| {
            std::thread::spawn(move || score(&start(text), 100_000))
                .join()
                .expect("the search ends")
        };
        let expected = [fresh(STREAKS_MATTER), fresh(CLEARS_IN_42)];
        for _ in 0..2 {
            assert_eq!(score(&start(STREAKS_MATTER), 100_000), expected[0]);
            assert_eq!(score(&start(CLEARS_IN_42), 100_000), expected[1]);
        }
    }

    #[test]
    fn a_score_search_from_part_way_counts_the_points_and_streak_so_far() {
        let mut position = start(STREAKS_MATTER);
        let first = score(&position, 100_000);
        let ScoreAnswer::Short { best, .. } = first.answer else {
            panic!("short")
        };
        // Part-way along the best line, in the middle of a streak: the rest of it is as good.
        let played = best
            .moves
            .iter()
            .position(|&mv| mv != Move::Draw)
            .expect("a play")
            + 1;
        for &mv in &best.moves[..played] {
            position.apply(mv).expect("the line replays");
        }
        assert!(position.streak() > 0);
        let ScoreAnswer::Short { best: rest, .. } = score(&position, 100_000).answer else {
            panic!("short")
        };
        assert_eq!(rest.value, best.value);
        assert_eq!(rest.steps() + played, best.steps());
        assert_eq!(replayed(&position, &rest).score(), best.value);
    }

    #[test]
    fn three_kings_at_most_on_a_clearing_line() {
        let position = start(THREE_KINGS);
        let solution = solve_card(&position, Rank::KING, 10, &mut ())
            .answer
            .unwrap();
        assert!(solution.definitive);
        let CardAnswer::Short { clearing, open } = solution.answer else {
            panic!("short")
        };
        let clearing = clearing.expect("a clearing line");
        assert_eq!(clearing.value, 3);
        assert_eq!(open, None, "no more Kings without clearing");
        assert_eq!(
            replayed(&position, &clearing).removed_of_rank(Rank::KING),
            3
        );
    }

    #[test]
    fn a_stopped_search_gives_no_answer_and_counts_its_tables() {
        struct Stop;
        impl Observer for Stop {
            fn should_stop(&mut self) -> bool {
                true
            }
        }
        let position = start(STREAKS_MATTER);
        let report = solve_score(&position, 100_000, &mut Stop);
        assert_eq!(report.answer, None);
        assert!(report.stats.memory > 0 && report.stats.stored > 0);
        assert_eq!(solve_board(&position, &mut Stop).answer, None);
        let capped = solve_score(&position, 100_000, &mut ()).stats;
        let mut quiet = ();
        let mut under = Capped::new(Caps::new(Some(1000), None, None), &mut quiet);
        assert_eq!(solve_score(&position, 100_000, &mut under).answer, None);
        assert!(matches!(under.reached(), Some(CapReached::States { .. })));
        assert!(capped.stored > 1000, "a whole search stores more");
    }

    #[test]
    fn unknown_peaks_hold_the_answer_back() {
        let known = deal(THREE_KINGS);
        let mut slots = known.slots();
        for slot in &mut slots[..18] {
            *slot = None;
        }
        let hidden = Deal::from_slots(&slots, &LAYOUT).unwrap();
        let position = Position::new(&hidden);
        let solution = solve_card(&position, Rank::KING, 10, &mut ())
            .answer
            .unwrap();
        assert!(!solution.definitive);
        assert!(solution.bound.is_some());
        // The bottom row and the stock still play.
        assert!(position.legal_moves().len() > 1);
        let plan = reveal_plan(&position, &mut ())
            .answer
            .unwrap()
            .expect("a plan");
        assert!(!plan.from_start);
        let mut end = position;
        for &mv in &plan.moves {
            end.apply(mv).unwrap();
        }
        assert_ne!(end.seen_unknown(), 0);
    }
}

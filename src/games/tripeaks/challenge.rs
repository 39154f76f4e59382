//! Which solver a TriPeaks challenge calls, and its answer whatever the challenge: what the
//! command line and the app both show.

use crate::engine::goal::Goal;
use crate::engine::search::{Budget, CapReached, Caps, Observer, Searched, Stats};
use crate::games::tripeaks::Position;
use crate::games::tripeaks::solver::{self, BoardAnswer, CardAnswer, Line, ScoreAnswer, Solution};

/// Any TriPeaks challenge's answer, from the solver it called.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Board(Solution<BoardAnswer>),
    Score(Solution<ScoreAnswer>),
    Card(Solution<CardAnswer>),
}

impl Answer {
    /// Whether the challenge is met: the tableau cleared, or the target reached.
    pub fn reached(&self) -> bool {
        match self {
            Answer::Board(solution) => matches!(solution.answer, BoardAnswer::Cleared(_)),
            Answer::Score(solution) => matches!(solution.answer, ScoreAnswer::Reached(_)),
            Answer::Card(solution) => matches!(solution.answer, CardAnswer::Reached(_)),
        }
    }

    /// Whether knowing the unknown cards could not improve the answer.
    pub fn definitive(&self) -> bool {
        match self {
            Answer::Board(solution) => solution.definitive,
            Answer::Score(solution) => solution.definitive,
            Answer::Card(solution) => solution.definitive,
        }
    }

    /// The lines to show, each with a title when there are two.
    pub fn lines(&self) -> Vec<(Option<&'static str>, &Line)> {
        match self {
            Answer::Board(solution) => match &solution.answer {
                BoardAnswer::Cleared(line) | BoardAnswer::NotClearable(line) => vec![(None, line)],
            },
            Answer::Score(solution) => match &solution.answer {
                ScoreAnswer::Reached(line)
                | ScoreAnswer::Short {
                    best: line,
                    clearing: None,
                } => {
                    vec![(None, line)]
                }
                ScoreAnswer::Short {
                    best,
                    clearing: Some(clearing),
                } => vec![
                    (Some("The best score"), best),
                    (Some("The best score clearing the tableau"), clearing),
                ],
            },
            Answer::Card(solution) => match &solution.answer {
                CardAnswer::Reached(line) => vec![(None, line)],
                CardAnswer::Short { clearing, open } => match (clearing, open) {
                    (Some(clearing), Some(open)) => vec![
                        (Some("Clearing the tableau"), clearing),
                        (Some("Without clearing the tableau"), open),
                    ],
                    (Some(line), None) | (None, Some(line)) => vec![(None, line)],
                    (None, None) => Vec::new(),
                },
            },
        }
    }

    /// What knowing the unknown cards could at best give: whether the challenge could be met,
    /// and the best line's value. Without unknown cards, the answer's own.
    pub fn could(&self) -> (bool, u32) {
        let at_best = match self {
            Answer::Board(solution) => solution.bound.clone().map(|answer| {
                Answer::Board(Solution {
                    answer,
                    bound: None,
                    definitive: true,
                })
            }),
            Answer::Score(solution) => solution.bound.clone().map(|answer| {
                Answer::Score(Solution {
                    answer,
                    bound: None,
                    definitive: true,
                })
            }),
            Answer::Card(solution) => solution.bound.clone().map(|answer| {
                Answer::Card(Solution {
                    answer,
                    bound: None,
                    definitive: true,
                })
            }),
        }
        .unwrap_or_else(|| self.clone());
        (at_best.reached(), at_best.best())
    }

    /// The value of the answer's best line: tableau cards, points or cards of the rank, in
    /// this deal.
    pub fn best(&self) -> u32 {
        self.lines()
            .iter()
            .map(|(_, line)| line.value)
            .max()
            .unwrap_or(0)
    }

    /// The length of the answer's first line (the one a player would follow).
    pub fn length(&self) -> Option<usize> {
        self.lines().first().map(|(_, line)| line.steps())
    }
}

/// Solves a challenge from a position under caps: the answer (`None` when a cap stopped the
/// search), its figures and the cap reached.
pub fn solve_goal(
    position: &Position,
    goal: Goal,
    caps: Caps,
) -> (Option<Answer>, Stats, Option<CapReached>) {
    solve_within(position, goal, &Budget::start(caps), &mut ())
}

/// The same within a budget that searches before it share (see [`Budget`]), reporting to
/// `observer`.
pub fn solve_within(
    position: &Position,
    goal: Goal,
    budget: &Budget,
    observer: &mut dyn Observer,
) -> (Option<Answer>, Stats, Option<CapReached>) {
    let mut capped = budget.watch(observer);
    let (answer, stats) = solve(position, goal, &mut capped);
    let cap = capped.reached();
    (answer.filter(|_| cap.is_none()), stats, cap)
}

/// Solves a challenge from a position, reporting to `observer`: the answer (`None` when the
/// observer stopped the search) and its figures.
pub fn solve(position: &Position, goal: Goal, observer: &mut dyn Observer) -> Searched<Answer> {
    match goal {
        Goal::Board => solver::solve_board(position, observer).answered(Answer::Board),
        Goal::Score { .. } => {
            solver::solve_score(position, goal.needed(), observer).answered(Answer::Score)
        }
        Goal::Card { rank, .. } => {
            solver::solve_card(position, rank, goal.needed(), observer).answered(Answer::Card)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::deal::Deal;
    use crate::games::tripeaks::layout::LAYOUT;

    #[test]
    fn what_the_unknown_cards_could_give_is_the_bound_and_else_the_answer() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/tripeaks-as-dealt.txt"
        ));
        let deal = Deal::parse_as(text, &LAYOUT).expect("a deal");
        let (answer, _, _) = solve_goal(&Position::new(&deal), Goal::Board, Caps::default());
        let answer = answer.expect("no cap");
        assert!(!answer.reached() && !answer.definitive());
        assert_eq!(answer.best(), 2, "two cards go with the cards known");
        assert_eq!(
            answer.could(),
            (true, 28),
            "the wildcards clear the tableau"
        );

        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/tripeaks-cannot-clear.txt"
        ));
        let deal = Deal::parse_as(text, &LAYOUT).expect("a deal");
        let (answer, _, _) = solve_goal(&Position::new(&deal), Goal::Board, Caps::default());
        let answer = answer.expect("no cap");
        assert!(answer.definitive());
        assert_eq!(answer.could(), (false, answer.best()));
    }
}

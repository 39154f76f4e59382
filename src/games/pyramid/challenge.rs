//! The Score and Card challenges as a front end plays them: which solver a challenge calls,
//! its answer whichever the challenge, and the running total a line reaches, earlier deals
//! included. How an answer is shown (text, JSON, a panel) is the front end's.

use super::goal::Goal;
use super::position::Position;
use super::solver::{self, CardAnswer, Line, Observer, ScoreAnswer};
use crate::engine::search::Searched;

/// A challenge's answer, whichever the challenge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Score(ScoreAnswer),
    Card(CardAnswer),
}

impl Answer {
    /// Whether the target is reached.
    pub fn reached(&self) -> bool {
        matches!(
            self,
            Answer::Score(ScoreAnswer::Reached(_)) | Answer::Card(CardAnswer::Reached(_))
        )
    }

    /// The lines to show, each with a title when there are two.
    pub fn lines(&self) -> Vec<(Option<&'static str>, &Line)> {
        match self {
            Answer::Score(ScoreAnswer::Reached(line) | ScoreAnswer::Short(line))
            | Answer::Card(CardAnswer::Reached(line)) => vec![(None, line)],
            Answer::Card(CardAnswer::Short { clearing, open }) => match (clearing, open) {
                (Some(clearing), Some(open)) => vec![
                    (Some("Clearing the board"), clearing),
                    (Some("Without clearing the board"), open),
                ],
                (Some(line), None) | (None, Some(line)) => vec![(None, line)],
                (None, None) => Vec::new(),
            },
        }
    }
}

/// Solves a Score or Card challenge from a position; the answer is `None` when the observer
/// stopped the search.
///
/// # Panics
///
/// For [`Goal::Board`], which has its own solver ([`solver::solve`]).
pub fn solve(position: &Position, goal: Goal, observer: &mut dyn Observer) -> Searched<Answer> {
    match goal {
        Goal::Score { .. } => {
            solver::solve_score(position, goal.needed(), observer).answered(Answer::Score)
        }
        Goal::Card { rank, .. } => {
            solver::solve_card(position, rank, goal.needed(), observer).answered(Answer::Card)
        }
        Goal::Board => panic!("the Board challenge has its own solver"),
    }
}

/// The running total after a position: points, or cards of the rank, earlier deals included
/// (0 for the Board challenge).
pub fn total(goal: Goal, position: &Position) -> u32 {
    base(goal)
        + match goal {
            Goal::Score { .. } => position.score(),
            Goal::Card { rank, .. } => position.removed_of_rank(rank) as u32,
            Goal::Board => 0,
        }
}

/// What earlier deals brought: the points earned, or the cards already removed.
pub fn base(goal: Goal) -> u32 {
    match goal {
        Goal::Score { earned, .. } => earned,
        Goal::Card { already, .. } => already,
        Goal::Board => 0,
    }
}

/// "1290 points", "3 Jacks", "1 Jack".
pub fn amount(goal: Goal, value: u32) -> String {
    match goal {
        Goal::Card { rank, .. } if value == 1 => format!("1 {}", rank.name()),
        Goal::Card { rank, .. } => format!("{value} {}", rank.plural()),
        _ => format!("{value} points"),
    }
}

/// When the target is out of this deal's reach: the most this deal gives, and how much must
/// come from later deals.
pub fn shortfall(goal: Goal, answer: &Answer) -> Option<(u32, u32)> {
    if answer.reached() {
        return None;
    }
    let best = answer
        .lines()
        .iter()
        .map(|(_, line)| line.value)
        .max()
        .unwrap_or(0);
    let missing = goal.needed().checked_sub(best)?;
    Some((best, missing))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::card::Rank;
    use crate::games::pyramid::fixtures::winnable_start;

    fn line(value: u32, clears: bool) -> Line {
        Line {
            moves: Vec::new(),
            value,
            clears,
        }
    }

    #[test]
    fn a_reached_target_is_one_line_and_needs_nothing_later() {
        let score = Goal::Score {
            target: 1290,
            earned: 0,
        };
        let answer = Answer::Score(ScoreAnswer::Reached(line(1290, true)));
        assert!(answer.reached());
        assert_eq!(answer.lines(), vec![(None, &line(1290, true))]);
        assert_eq!(shortfall(score, &answer), None);
        let short = Answer::Score(ScoreAnswer::Short(line(60, false)));
        assert!(!short.reached());
        assert_eq!(shortfall(score, &short), Some((60, 1230)));
    }

    #[test]
    fn a_card_target_out_of_reach_shows_both_lines_with_titles_when_there_are_two() {
        let four = Goal::Card {
            rank: Rank::new(4).unwrap(),
            target: 4,
            already: 0,
        };
        let both = Answer::Card(CardAnswer::Short {
            clearing: Some(line(2, true)),
            open: Some(line(3, false)),
        });
        let titles: Vec<_> = both.lines().iter().map(|(title, _)| *title).collect();
        assert_eq!(
            titles,
            [
                Some("Clearing the board"),
                Some("Without clearing the board")
            ]
        );
        // The most either line gives.
        assert_eq!(shortfall(four, &both), Some((3, 1)));
        let one = Answer::Card(CardAnswer::Short {
            clearing: None,
            open: Some(line(1, false)),
        });
        assert_eq!(one.lines(), vec![(None, &line(1, false))]);
        let none = Answer::Card(CardAnswer::Short {
            clearing: None,
            open: None,
        });
        assert!(none.lines().is_empty());
        assert_eq!(shortfall(four, &none), Some((0, 4)));
    }

    #[test]
    fn totals_count_earlier_deals_and_name_the_unit() {
        let mut position = winnable_start();
        let score = Goal::Score {
            target: 1290,
            earned: 40,
        };
        let queen = Rank::new(12).unwrap();
        let queens = Goal::Card {
            rank: queen,
            target: 4,
            already: 1,
        };
        assert_eq!(total(score, &position), 40);
        assert_eq!(total(queens, &position), 1);
        // A pair that removes a Queen: its points and the Queen count.
        let mv = position
            .legal_moves()
            .into_iter()
            .find(|&mv| position.cards_of(mv).iter().any(|c| c.rank() == queen))
            .expect("the winnable deal opens with a Queen to pair");
        position.apply(mv).unwrap();
        assert_eq!(total(score, &position), 40 + position.score());
        assert!(position.score() > 0);
        assert_eq!(total(queens, &position), 2);
        assert_eq!(total(Goal::Board, &position), 0);
        assert_eq!(amount(score, 1290), "1290 points");
        assert_eq!(amount(queens, 1), "1 Queen");
        assert_eq!(amount(queens, 3), "3 Queens");
    }

    #[test]
    fn solving_a_challenge_gives_a_line_that_reaches_its_target() {
        let start = winnable_start();
        let goal = Goal::Score {
            target: 100,
            earned: 30,
        };
        let (answer, _) = solve(&start, goal, &mut ());
        let answer = answer.expect("nothing stops the search");
        assert!(answer.reached());
        let (_, line) = answer.lines()[0];
        let mut position = start.clone();
        for &mv in &line.moves {
            position.apply(mv).unwrap();
        }
        assert!(total(goal, &position) >= 100);
        assert_eq!(line.value + base(goal), total(goal, &position));
    }
}

//! The Score and Card challenges' answers for people and scripts, shared by the commands and
//! the app: the headline, then each line's steps with the running score or card count, as
//! text or JSON.

use serde_json::{Value, json};

use pyramid::pyramid::solver::{
    self, CardAnswer, ChallengeReport, Line, Observer, ScoreAnswer, Stats,
};
use pyramid::pyramid::{Goal, Position};

use crate::json::{stats_json, step_json};

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

/// Solves a challenge (not the Board one) from a position; `None` when stopped.
pub fn solve(
    position: &Position,
    goal: Goal,
    observer: &mut dyn Observer,
) -> (Option<Answer>, Stats) {
    match goal {
        Goal::Score { .. } => {
            let ChallengeReport { answer, stats } =
                solver::solve_score(position, goal.needed(), observer);
            (answer.map(Answer::Score), stats)
        }
        Goal::Card { rank, .. } => {
            let ChallengeReport { answer, stats } =
                solver::solve_card(position, rank, goal.needed(), observer);
            (answer.map(Answer::Card), stats)
        }
        Goal::Board => unreachable!("the Board challenge has its own solver"),
    }
}

/// The running total after a position: points, or cards of the rank, earlier deals included.
pub fn total(goal: Goal, position: &Position) -> u32 {
    match goal {
        Goal::Score { earned, .. } => earned + position.score(),
        Goal::Card { rank, already, .. } => already + position.removed_of_rank(rank) as u32,
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

/// The headline: "Reach 1290 points in 49 steps.", "At most 60 points: the board cannot be
/// cleared; 23 steps.", "At most 2 Fours clearing the board (31 steps), 3 without (18
/// steps)."
pub fn headline(goal: Goal, answer: &Answer) -> String {
    let total = |line: &Line| amount(goal, line.value + goal_base(goal));
    let lines = answer.lines();
    if answer.reached() {
        let (_, line) = lines[0];
        let target = match goal {
            Goal::Score { target, .. } | Goal::Card { target, .. } => target,
            Goal::Board => 0,
        };
        return format!("Reach {} in {}.", amount(goal, target), steps(line));
    }
    match lines.as_slice() {
        [(_, clearing), (_, open)] => format!(
            "At most {} clearing the board ({}), or {} without clearing it ({}).",
            total(clearing),
            steps(clearing),
            total(open),
            steps(open)
        ),
        [(_, line)] if line.clears => {
            format!(
                "At most {}, clearing the board; {}.",
                total(line),
                steps(line)
            )
        }
        [(_, line)] => format!(
            "At most {}: the board cannot be cleared; {}.",
            total(line),
            steps(line)
        ),
        _ => "Nothing can be done.".to_string(),
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

/// "This deal gives at most 60 points; 1230 more are needed from later deals."
fn shortfall_text(goal: Goal, answer: &Answer) -> Option<String> {
    let (best, missing) = shortfall(goal, answer)?;
    let verb = if missing == 1 { "is" } else { "are" };
    Some(format!(
        "This deal gives at most {}; {missing} more {verb} needed from later deals.",
        amount(goal, best)
    ))
}

/// "1 step", "23 steps".
fn steps(line: &Line) -> String {
    match line.moves.len() {
        1 => "1 step".to_string(),
        n => format!("{n} steps"),
    }
}

/// What earlier deals brought.
fn goal_base(goal: Goal) -> u32 {
    match goal {
        Goal::Score { earned, .. } => earned,
        Goal::Card { already, .. } => already,
        Goal::Board => 0,
    }
}

/// The answer as text: the headline, then each line's numbered steps with the running total.
pub fn text(start: &Position, goal: Goal, answer: &Answer) -> String {
    let mut text = format!("{}\n", headline(goal, answer));
    if let Some(shortfall) = shortfall_text(goal, answer) {
        text.push_str(&shortfall);
        text.push('\n');
    }
    for (title, line) in answer.lines() {
        if let Some(title) = title {
            text.push_str(&format!("\n{title}:\n"));
        }
        let steps = start.walk(&line.moves, |before, mv, after| {
            format!(
                "{}  [{}]",
                before.describe(mv),
                amount(goal, total(goal, after))
            )
        });
        for (number, step) in steps.iter().enumerate() {
            text.push_str(&format!("{:>3}. {step}\n", number + 1));
        }
    }
    text
}

/// The answer as one JSON object.
pub fn json(start: &Position, goal: Goal, answer: &Answer, stats: &Stats) -> Value {
    let key = if matches!(goal, Goal::Score { .. }) {
        "score"
    } else {
        "count"
    };
    let lines: Vec<Value> = answer
        .lines()
        .into_iter()
        .map(|(_, line)| {
            let steps = start.walk(
                &line.moves,
                |before, mv, after| json!({"step": step_json(before, mv), key: total(goal, after)}),
            );
            json!({
                "clears": line.clears,
                key: line.value + goal_base(goal),
                "length": line.moves.len(),
                "steps": steps,
            })
        })
        .collect();
    let mut object = match goal {
        Goal::Score { target, earned } => {
            json!({"challenge": "score", "target": target, "earned": earned})
        }
        Goal::Card {
            rank,
            target,
            already,
        } => json!({"challenge": "card", "rank": rank.letter().to_string(), "target": target,
                    "already": already}),
        Goal::Board => json!({}),
    };
    object["reached"] = json!(answer.reached());
    if let Some((_, missing)) = shortfall(goal, answer) {
        object["from_later_deals"] = json!(missing);
    }
    object["lines"] = json!(lines);
    object["stats"] = stats_json(stats);
    object
}

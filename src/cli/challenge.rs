//! The Score and Card challenges' answers for people and scripts, shared by the commands and
//! the app: the headline, then each line's steps with the running score or card count, as
//! text or JSON. What the answer is comes from the library's `solitaire::games::pyramid::challenge`.

use serde_json::{Value, json};

use solitaire::games::pyramid::challenge::{Answer, amount, base, shortfall, total};
use solitaire::games::pyramid::solver::{Line, Stats};
use solitaire::games::pyramid::{Goal, Position};

use crate::cli::json::{stats_json, step_json};

/// The headline: "Reach 1290 points in 49 steps.", "At most 60 points: the board cannot be
/// cleared; 23 steps.", "At most 2 Fours clearing the board (31 steps), 3 without (18
/// steps)."
pub fn headline(goal: Goal, answer: &Answer) -> String {
    let total = |line: &Line| amount(goal, line.value + base(goal));
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
                key: line.value + base(goal),
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

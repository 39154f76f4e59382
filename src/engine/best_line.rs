//! How a game's answers say how far a line goes when it does not win: the most cards the
//! goal counts that a line removes ("The most that can be cleared: 27 of 28 in 49 steps."),
//! that line's numbered steps each with the cards removed so far, and the same line in JSON
//! (`{"clears": false, "cleared": 27, "length": 49, "steps": [{"step": ..., "cleared": 1},
//! ...]}`). TriPeaks and Pyramid say it in the same words and the same shape.

use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::cards::excerpt::counted;

/// The cards a game's goal counts: TriPeaks' 28 tableau cards, Pyramid's 28 pyramid cards,
/// or all 52 cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counted {
    /// What one is called: "tableau card", "pyramid card", "card".
    pub noun: &'static str,
    /// How many there are.
    pub of: usize,
}

impl Counted {
    /// A count of them: "1 tableau card", "27 tableau cards".
    pub fn cards(self, count: usize) -> String {
        counted(count, self.noun)
    }

    /// The cards a line removes from where the game stands (`before` of them gone), given
    /// the count it clears in all: "11 more tableau cards (22 in all)", or "22 tableau cards"
    /// from the deal's start.
    pub fn removes(self, before: usize, cleared: usize) -> String {
        let more = cleared.saturating_sub(before);
        if before == 0 {
            self.cards(more)
        } else {
            format!(
                "{} ({cleared} in all)",
                counted(more, &format!("more {}", self.noun))
            )
        }
    }

    /// The most a line clears, for a headline: "27 of 28" from the deal's start, and from a
    /// saved position as [`Counted::removes`] counts it.
    pub fn most(self, before: usize, cleared: usize) -> String {
        if before == 0 {
            format!("{cleared} of {}", self.of)
        } else {
            self.removes(before, cleared)
        }
    }

    /// The sentence a lost game's answer gives its best line: "The most that can be
    /// cleared: 27 of 28 in 49 steps.", the steps counting from where the game stands.
    pub fn most_text(self, before: usize, cleared: usize, count: usize) -> String {
        format!(
            "The most that can be cleared: {} {}.",
            self.most(before, cleared),
            still(count)
        )
    }
}

/// "1 step", "23 steps".
pub fn steps(count: usize) -> String {
    counted(count, "step")
}

/// The steps a line still takes, for a headline: "in 12 steps", or "as the game stands" when
/// there is nothing left to play.
pub fn still(count: usize) -> String {
    match count {
        0 => "as the game stands".to_string(),
        count => format!("in {}", steps(count)),
    }
}

/// A line's steps numbered, each with the figure after it: "  1. Play 3d (tableau row 4)
/// on 2d  [1 tableau card]".
pub fn numbered(steps: impl IntoIterator<Item = (String, String)>) -> String {
    let mut text = String::new();
    for (number, (step, figure)) in steps.into_iter().enumerate() {
        let _ = writeln!(text, "{:>3}. {step}  [{figure}]", number + 1);
    }
    text
}

/// A line in JSON: whether it wins, what it reaches under `key` (`"cleared"`, `"score"`),
/// its length, and each step with the figure after it under the same key.
pub fn line_json(clears: bool, key: &str, value: u32, steps: Vec<(Value, u32)>) -> Value {
    let length = steps.len();
    let steps: Vec<Value> = steps
        .into_iter()
        .map(|(step, figure)| json!({"step": step, key: figure}))
        .collect();
    json!({
        "clears": clears,
        key: value,
        "length": length,
        "steps": steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_most_is_counted_from_the_start_or_from_where_the_game_stands() {
        let tableau = Counted {
            noun: "tableau card",
            of: 28,
        };
        assert_eq!(
            tableau.most_text(0, 27, 49),
            "The most that can be cleared: 27 of 28 in 49 steps."
        );
        assert_eq!(
            tableau.most_text(11, 22, 0),
            "The most that can be cleared: 11 more tableau cards (22 in all) as the game stands."
        );
        assert_eq!(
            numbered([("Draw 6c".to_string(), tableau.cards(1))]),
            "  1. Draw 6c  [1 tableau card]\n"
        );
    }
}

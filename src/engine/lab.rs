//! What `batch` and `stats` ask of a game: a [`Lab`] solves one line of a file of deals for a
//! challenge (`batch`), and measures a deal (`stats`): its [`Outcome`] and the [`Figure`]s its
//! game measures. A lab also writes its rules in a run's identity and reads them back, and
//! gives the rule sets `stats --compare` tries.

use std::time::Duration;

use serde_json::Value;

use crate::cards::card::Rank;
use crate::cards::deal::{Deal, DeckProblem, DeckProblems};
use crate::engine::at_table::SampleBudget;
use crate::engine::goal::{Goal, MAX_DEALS, MAX_SCORE_TARGET};
use crate::engine::search::{CapReached, Stats};
use crate::engine::verdict::{Verdict, undecided_json};

/// A game's runs of many deals, under one set of rules.
pub trait Lab: Send + Sync {
    /// Solves one line's deal (its text, without the line's other columns) for the lab's
    /// challenge: the answer as JSON with the line's `number`, and what it came to; or why
    /// the text is not a deal.
    fn answer(&self, number: usize, deal: &str) -> Result<LineAnswer, LineError>;
    /// Solves a deal for what a `stats` run counts: its outcome and the figures of
    /// [`Lab::figures`] it has. An undecided deal has no figures.
    fn measure(&self, deal: &Deal) -> (Outcome, Vec<(Figure, usize)>);
    /// The figures each deal of a run is measured for, in the order its lines give them.
    fn figures(&self) -> Vec<Figure>;
    /// The rules, the goal and what is measured, as a run's identity writes them.
    fn rules_json(&self) -> Value;
    /// The rules in a summary's words: "3 passes through the stock".
    fn rules_text(&self) -> String;
    /// The rules in a comparison's first column: "3 passes · relaxed".
    fn brief_rules(&self) -> String;
    /// How many points wide a bar of the best scores' histogram is: a bar holds about a
    /// tenth of the most one deal gives.
    fn score_bin(&self) -> usize {
        5000
    }
    /// The rank whose cards a run counts ([`Figure::Most`]), if it counts one.
    fn counted_rank(&self) -> Option<Rank> {
        None
    }
    /// The rule sets `stats --compare` tries, in the order of its table; none for a game with
    /// one set of rules.
    fn compared(&self) -> Vec<Box<dyn Lab>> {
        Vec::new()
    }
    /// Whether the game plays deals at the table ([`Lab::play_at_table`]).
    fn at_table(&self) -> bool {
        false
    }
    /// Whether the game plays deals at the table for `goal` (a Score or Card challenge besides
    /// the Board one).
    fn at_table_for(&self, goal: Goal) -> bool {
        goal == Goal::Board && self.at_table()
    }
    /// Plays a whole deal at the table ([`crate::engine::table_lab::play`]), each move
    /// ranked for `goal` within `budget`; `None` for a game with no ranking at the table, or
    /// none for that goal.
    fn play_at_table(&self, _deal: &Deal, _goal: Goal, _budget: &SampleBudget) -> Option<Played> {
        None
    }
}

/// The most moves a game at the table is played for before it counts as lost: far more than
/// a game that goes somewhere takes, so that a player going round in circles stops.
pub const MOST_MOVES: usize = 500;

/// How many ranges of ten points the announced chances are counted in: 0-10%, ..., 90-100%.
pub const TENTHS: usize = 10;

/// One game played at the table ([`crate::engine::table_lab::play`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// Won or lost; or undecided, with why: a cap stopped the last exact solve.
    pub won: Outcome,
    /// Whether the deal is won with every card known from the start; `None` when a cap stopped
    /// that solve.
    pub known: Option<bool>,
    /// The chance announced for each move played (none where no deal decided it).
    pub announced: Vec<f64>,
    /// Moves played.
    pub moves: usize,
    /// For a challenge that counts points: the points the game made at the table, and the most
    /// the deal gives with every card known from the start (`None` when a cap stopped that
    /// solve).
    pub points: Option<u32>,
    pub known_points: Option<u32>,
}

/// One line of `batch` answered.
#[derive(Debug, Clone, PartialEq)]
pub struct LineAnswer {
    pub json: Value,
    pub verdict: Verdict,
    /// The length of the line found, when it reached the goal (or, for a challenge, its best).
    pub length: Option<usize>,
    /// Whether the length is the fewest whatever the unknown cards (`??`) are.
    pub definitive: bool,
    pub time: Duration,
    pub expanded: u64,
}

impl LineAnswer {
    /// A line a cap left undecided: its JSON says which cap, under `key` (`solvable`,
    /// `reached`) with the search's figures.
    pub fn undecided(number: usize, key: &str, cap: CapReached, stats: &Stats) -> LineAnswer {
        let mut json = serde_json::json!({"line": number});
        if let (Some(object), Value::Object(fields)) =
            (json.as_object_mut(), undecided_json(key, cap, stats))
        {
            object.extend(fields);
        }
        LineAnswer {
            json,
            verdict: Verdict::Undecided,
            length: None,
            definitive: true,
            time: stats.elapsed,
            expanded: stats.expanded,
        }
    }
}

/// What a deal of a run came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Won,
    Lost,
    /// A cap stopped the search, or unknown cards (`??`) hold the answer back, the reason
    /// saying which: neither won nor lost.
    Undecided(String),
}

/// A number measured on each deal besides its outcome, which a summary shows as a histogram.
/// Each game measures some of them ([`Lab::figures`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Figure {
    /// The fewest steps that win: on won deals only, and on each of them but those won
    /// whatever their unknown cards (`??`) are, which knowing the cards could make shorter.
    Length,
    /// The best score on any line.
    Score,
    /// The most tableau cards of the counted rank that any line removes.
    Most,
    /// At the table: whether the deal is won with every card known (1) or not (0).
    AllKnown,
    /// At the table: how many of the moves played were announced with a chance in this range
    /// of ten points (0 for 0% to 10%, 9 for 90% to 100%).
    Announced(usize),
    /// At the table, for a Score challenge: the points the game made, earlier deals' included.
    Points,
    /// At the table, for a Score challenge: the most points the deal gives with every card
    /// known, earlier deals' included.
    KnownPoints,
}

/// The keys of [`Figure::Announced`], by range.
const ANNOUNCED_KEYS: [&str; TENTHS] = [
    "announced_0",
    "announced_1",
    "announced_2",
    "announced_3",
    "announced_4",
    "announced_5",
    "announced_6",
    "announced_7",
    "announced_8",
    "announced_9",
];

impl Figure {
    /// Its key in a results line.
    pub fn key(self) -> &'static str {
        match self {
            Figure::Length => "length",
            Figure::Score => "score",
            Figure::Most => "most",
            Figure::AllKnown => "all_known",
            Figure::Announced(tenth) => ANNOUNCED_KEYS[tenth.min(TENTHS - 1)],
            Figure::Points => "points",
            Figure::KnownPoints => "all_known_points",
        }
    }

    /// The largest value a results line may claim: past it the line is not believed.
    pub fn limit(self) -> usize {
        match self {
            // The longest lines are a few hundred steps.
            Figure::Length => 10_000,
            // The most one deal of any game gives.
            Figure::Score => (MAX_SCORE_TARGET / MAX_DEALS) as usize,
            Figure::Most => 4,
            Figure::AllKnown => 1,
            Figure::Announced(_) => MOST_MOVES,
            // Earlier deals' points included: as high as a challenge's target goes.
            Figure::Points | Figure::KnownPoints => MAX_SCORE_TARGET as usize,
        }
    }
}

/// Why one line of a file of deals is not a deal: its problems' messages.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    #[error("{}", first_problems(.0))]
    Problems(Vec<String>),
    #[error("not a whole deal at its start (52 cards, every one known)")]
    NotWhole,
}

impl From<DeckProblems> for LineError {
    fn from(problems: DeckProblems) -> LineError {
        LineError::Problems(problems.0.iter().map(DeckProblem::message).collect())
    }
}

/// How many of a line's problems its error lists.
const LINE_PROBLEMS: usize = 3;

/// A bad line's error: its first [`LINE_PROBLEMS`] problems, and how many there are in all
/// when there are more.
fn first_problems(messages: &[String]) -> String {
    let mut texts: Vec<String> = messages.iter().take(LINE_PROBLEMS).cloned().collect();
    if messages.len() > LINE_PROBLEMS {
        texts.push(format!(
            "{} problems in all",
            crate::cards::excerpt::thousands(messages.len())
        ));
    }
    texts.join("; ")
}

/// A results file's rules that are not the game's: why, in words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NotItsRules(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_line_names_its_first_problems_and_their_count() {
        let many: Vec<String> = (1..=5).map(|n| format!("p{n}")).collect();
        assert_eq!(
            LineError::Problems(many).to_string(),
            "p1; p2; p3; 5 problems in all"
        );
    }
}

//! Triple Klondike's part of `batch`: a line's deal in the contest's format searched for the
//! best line, answered as one JSON object. `stats` does not measure the game yet: the
//! registry tells it so before a lab is asked to measure a deal.

use std::time::Instant;

use serde_json::{Value, json};

use super::Rules;
use super::answer::{best_json, options, rules_json, search};
use super::deal::{Deal, DealProblem, DealProblems};
use super::position::Position;
use crate::engine::game::LineError;
use crate::engine::lab::{Figure, Lab, LineAnswer, Outcome};
use crate::engine::search::Caps;

/// Why `stats` and its files do not take the game.
pub const NOT_MEASURED: &str = "stats does not take triple-klondike yet: batch solves its deals";

/// Triple Klondike's runs under one set of rules, each deal's search on `threads` threads.
#[derive(Debug, Clone, Copy)]
pub struct TripleKlondikeLab {
    pub rules: Rules,
    pub threads: usize,
    pub caps: Caps,
}

/// A line that is not a Triple Klondike deal: its problems' messages.
impl From<DealProblems> for LineError {
    fn from(problems: DealProblems) -> LineError {
        LineError::Problems(problems.0.iter().map(DealProblem::message).collect())
    }
}

impl Lab for TripleKlondikeLab {
    /// A line that takes every card up counts as solved; anything less is undecided.
    fn answer(&self, number: usize, deal: &str) -> Result<LineAnswer, LineError> {
        let started = Instant::now();
        let deal = Deal::read(deal, self.rules)?;
        let position = Position::new(&deal, self.rules)
            .map_err(|error| LineError::Problems(vec![error.to_string()]))?;
        let best = search(&position, &options(self.caps, self.threads), &mut ());
        let mut json = best_json(&position, &best);
        json["line"] = json!(number);
        Ok(LineAnswer {
            json,
            verdict: best.verdict(),
            length: best.complete().then_some(best.solution.tally.moves),
            definitive: true,
            time: started.elapsed(),
            expanded: best.solution.stats.expanded,
        })
    }

    /// Not reached: `stats` refuses the game before it measures a deal.
    fn measure(&self, _deal: &crate::cards::deal::Deal) -> (Outcome, Vec<(Figure, usize)>) {
        (Outcome::Undecided(NOT_MEASURED.to_string()), Vec::new())
    }

    fn figures(&self) -> Vec<Figure> {
        Vec::new()
    }

    fn rules_json(&self) -> Value {
        rules_json(self.rules)
    }

    fn rules_text(&self) -> String {
        format!("Triple Klondike, {}", self.rules)
    }

    fn brief_rules(&self) -> String {
        self.rules.to_string()
    }
}

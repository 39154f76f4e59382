//! Klondike's part of `batch` and `stats`: a line's table (in any of its formats) solved to
//! win, the verdict measured on a deal (a winning line is not the shortest, so its length is
//! no figure), the rules written in a run's identity and read back, and the six rule sets a
//! comparison tries.

use std::time::Instant;

use serde_json::{Value, json};

use super::answer::{answer_json, rules_json, solve_position};
use super::formats::{self, Format};
use super::{DealProblem, DealProblems, EmptyPile, Passes, Position, Rules};
use crate::cards::deal::Deal;
use crate::engine::at_table::SampleBudget;
use crate::engine::game::{LineError, NotItsRules};
use crate::engine::goal::Goal;
use crate::engine::lab::{Figure, Lab, LineAnswer, Outcome};
use crate::engine::search::Caps;
use crate::engine::table_lab::{self, Played};

/// Klondike's runs under one set of rules; `batch` reads its lines in `format`.
#[derive(Debug, Clone, Copy)]
pub struct KlondikeLab {
    pub rules: Rules,
    pub format: Option<Format>,
    pub caps: Caps,
}

/// A line that is not a Klondike deal: its problems' messages.
impl From<DealProblems> for LineError {
    fn from(problems: DealProblems) -> LineError {
        LineError::Problems(problems.0.iter().map(DealProblem::message).collect())
    }
}

impl Lab for KlondikeLab {
    /// A winning line counts as solved; unknown cards, like a cap, leave it undecided.
    fn answer(&self, number: usize, deal: &str) -> Result<LineAnswer, LineError> {
        let started = Instant::now();
        let table = formats::read(deal, self.format)?;
        let position = table.start(self.rules);
        let (answer, stats) = solve_position(&position, self.caps, &mut ());
        let mut json = answer_json(&position, &answer, &stats, &table);
        json["line"] = json!(number);
        Ok(LineAnswer {
            json,
            verdict: answer.verdict(),
            length: answer.line().map(<[_]>::len),
            definitive: true,
            time: started.elapsed(),
            expanded: stats.expanded,
        })
    }

    /// A deal from a file may hold cards not known yet: undecided, or lost when none can ever
    /// be turned face up.
    fn measure(&self, deal: &Deal) -> (Outcome, Vec<(Figure, usize)>) {
        let deal = super::Deal::from_slots(&deal.slots())
            .expect("a deal's 52 cards lay out as Klondike's");
        let position = Position::new(&deal, self.rules);
        let (answer, _) = solve_position(&position, self.caps, &mut ());
        let outcome = match answer.decided() {
            Some(true) => Outcome::Won,
            Some(false) => Outcome::Lost,
            None => Outcome::Undecided(answer.undecided().unwrap_or_default()),
        };
        (outcome, Vec::new())
    }

    /// A winning line, not the shortest: its length is no figure of the deal.
    fn figures(&self) -> Vec<Figure> {
        Vec::new()
    }

    fn rules_json(&self) -> Value {
        rules_json(self.rules)
    }

    fn at_table(&self) -> bool {
        true
    }

    /// The deal played as dealt: each pile's top face up, the rest and the stock not known.
    fn play_at_table(&self, deal: &Deal, goal: Goal, budget: &SampleBudget) -> Option<Played> {
        if goal != Goal::Board {
            return None;
        }
        let deal = super::Deal::from_slots(&deal.slots())
            .expect("a deal's 52 cards lay out as Klondike's");
        let (truth, view) = super::at_table::at_the_table(&deal, self.rules);
        Some(table_lab::play(
            &truth,
            &view,
            budget,
            table_lab::Player::FollowsLine,
        ))
    }

    fn rules_text(&self) -> String {
        format!("Klondike, {}", self.rules)
    }

    fn brief_rules(&self) -> String {
        self.rules.to_string()
    }

    /// 1, 3 and unlimited passes, each with draw 1 and draw 3.
    fn compared(&self) -> Vec<Box<dyn Lab>> {
        let mut labs: Vec<Box<dyn Lab>> = Vec::new();
        for passes in [Passes::Limited(1), Passes::Limited(3), Passes::Unlimited] {
            for draw in [1, 3] {
                labs.push(Box::new(KlondikeLab {
                    rules: Rules {
                        draw,
                        passes,
                        ..self.rules
                    },
                    ..*self
                }));
            }
        }
        labs
    }
}

/// The rules as [`rules_json`] wrote them, read back (by `stats merge`).
pub fn rules_from_json(rules: &Value) -> Result<Rules, NotItsRules> {
    let draw = rules.get("draw").and_then(Value::as_u64);
    let passes = match rules.get("passes").and_then(Value::as_str) {
        Some("unlimited") => Some(Passes::Unlimited),
        Some(word) => word.parse().ok().map(Passes::Limited),
        None => None,
    };
    let back = rules.get("foundation_moves").and_then(Value::as_bool);
    let empty = match rules.get("empty_pile").and_then(Value::as_str) {
        Some("kings") => Some(EmptyPile::KingsOnly),
        Some("any") => Some(EmptyPile::AnyCard),
        _ => None,
    };
    match (draw, passes, back, empty) {
        (Some(draw @ (1 | 3)), Some(passes), Some(foundation_to_tableau), Some(empty_pile)) => {
            Ok(Rules {
                draw: draw as u8,
                passes,
                foundation_to_tableau,
                empty_pile,
            })
        }
        _ => Err(NotItsRules("its rules are not Klondike's".to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::klondike::fixtures::every_rule_set;

    #[test]
    fn rules_written_as_json_read_back_the_same() {
        for rules in every_rule_set() {
            assert_eq!(rules_from_json(&rules_json(rules)), Ok(rules));
        }
        assert!(rules_from_json(&json!({"draw": 2})).is_err());
    }
}

//! Pyramid's part of `batch` and `stats`: a line of deals solved for a challenge, the verdict
//! and optimal length measured on a deal, the rules a run is under written in its identity and
//! read back, and the six rule sets a comparison tries.

use std::time::Duration;

use serde_json::{Value, json};

use super::answer::{
    Bound, add_bound_json, answer_json, board_bound, challenge_bound, challenge_json, solve_capped,
    solve_challenge_capped,
};
use super::solver::{Budget, Caps, Outcome as SearchOutcome};
use super::{Finish, Goal, Passes, Position, Rules};
use crate::cards::deal::Deal;
use crate::engine::at_table::SampleBudget;
use crate::engine::game::{LineError, NotItsRules};
use crate::engine::lab::{Figure, Lab, LineAnswer, Outcome};
use crate::engine::table_lab::{self, Played};
use crate::engine::verdict::{Verdict, undecided};
use crate::games::pyramid::layout::LAYOUT;

/// Pyramid's runs under one set of rules, for one challenge.
pub struct PyramidLab {
    pub rules: Rules,
    pub goal: Goal,
    pub caps: Caps,
}

/// A line's answer from whether it reached the goal and the length of its line: one that
/// falls short and is not `definitive` falls short only for want of the unknown cards, and is
/// neither won nor lost.
fn answered(
    json: Value,
    (reached, length): (bool, Option<usize>),
    definitive: bool,
    time: Duration,
    expanded: u64,
) -> LineAnswer {
    LineAnswer {
        json,
        verdict: Verdict::of(reached, definitive),
        length,
        definitive,
        time,
        expanded,
    }
}

impl PyramidLab {
    /// A Score or Card challenge on one deal: reached counts as solved.
    fn challenge_line(&self, number: usize, position: &Position, budget: &Budget) -> LineAnswer {
        let goal = self.goal;
        let (answer, stats) = match solve_challenge_capped(position, goal, budget, &mut ()) {
            Ok(answered) => answered,
            Err((cap, stats)) => return LineAnswer::undecided(number, "reached", cap, &stats),
        };
        let mut json = challenge_json(position, goal, &answer, &stats);
        json["line"] = json!(number);
        let (bound, bound_stats) = challenge_bound(position, goal, &answer, budget).unzip();
        add_bound_json(&mut json, bound.as_ref());
        let length = answer.lines().first().map(|(_, line)| line.moves.len());
        answered(
            json,
            (answer.reached(), length),
            bound.as_ref().is_none_or(Bound::is_definitive),
            budget.elapsed(),
            stats.expanded + bound_stats.map_or(0, |stats| stats.expanded),
        )
    }
}

impl Lab for PyramidLab {
    fn answer(&self, number: usize, deal: &str) -> Result<LineAnswer, LineError> {
        let deal = Deal::parse_as(deal, &LAYOUT)?;
        // One budget for the answer and what unknown cards could give.
        let budget = Budget::start(self.caps);
        let position = Position::new(&deal, self.rules);
        if self.goal != Goal::Board {
            return Ok(self.challenge_line(number, &position, &budget));
        }
        let (report, cap) = solve_capped(&position, &budget, &mut ());
        if let Some(cap) = cap {
            return Ok(LineAnswer::undecided(
                number,
                "solvable",
                cap,
                &report.stats,
            ));
        }
        let mut json = answer_json(&position, &report);
        json["line"] = json!(number);
        let length = match &report.outcome {
            SearchOutcome::Solved(moves) => Some(moves.len()),
            _ => None,
        };
        let (bound, bound_stats) = board_bound(&position, &report, &budget).unzip();
        add_bound_json(&mut json, bound.as_ref());
        Ok(answered(
            json,
            (length.is_some(), length),
            bound.as_ref().is_none_or(Bound::is_definitive),
            budget.elapsed(),
            report.stats.expanded + bound_stats.map_or(0, |stats| stats.expanded),
        ))
    }

    /// A deal's verdict and optimal length, under one budget for the answer and what its
    /// unknown cards (`??`) could give. A deal won whatever they are is won, its length given
    /// only when no filling of them makes it shorter; one lost with the cards known so far is
    /// lost only when no filling wins it, and otherwise undecided.
    fn measure(&self, deal: &Deal) -> (Outcome, Vec<(Figure, usize)>) {
        let budget = Budget::start(self.caps);
        let position = Position::new(deal, self.rules);
        let (report, cap) = solve_capped(&position, &budget, &mut ());
        if let Some(cap) = cap {
            return (Outcome::Undecided(undecided(cap)), Vec::new());
        }
        let bound = board_bound(&position, &report, &budget).map(|(bound, _)| bound);
        match (report.outcome, bound) {
            (SearchOutcome::Solved(moves), None | Some(Bound::Definitive)) => {
                (Outcome::Won, vec![(Figure::Length, moves.len())])
            }
            (SearchOutcome::Solved(_), Some(_)) => (Outcome::Won, Vec::new()),
            (_, None | Some(Bound::Definitive)) => (Outcome::Lost, Vec::new()),
            (_, Some(open)) => (
                Outcome::Undecided(open.undecided(deal.unknown().count_ones() as usize)),
                Vec::new(),
            ),
        }
    }

    fn figures(&self) -> Vec<Figure> {
        vec![Figure::Length]
    }

    fn rules_json(&self) -> Value {
        rules_json(self.rules)
    }

    fn rules_text(&self) -> String {
        self.rules.to_string()
    }

    fn brief_rules(&self) -> String {
        self.rules.brief()
    }

    fn at_table(&self) -> bool {
        true
    }

    /// Every challenge the rules allow is played at the table.
    fn at_table_for(&self, goal: Goal) -> bool {
        goal.check(self.rules).is_ok()
    }

    /// The deal played with its stock face down, for `goal`: to clear the pyramid (or all 52
    /// cards), following a line until a card turns up: on the same deals it wins as often as
    /// ranking every move, for two thirds of the time (docs/at-the-table.md); or a Score or
    /// Card challenge's target.
    fn play_at_table(&self, deal: &Deal, goal: Goal, budget: &SampleBudget) -> Option<Played> {
        if !self.at_table_for(goal) {
            return None;
        }
        // The truth, every card known, and the deal as a player sees it: the stock face down.
        let truth = Position::new(deal, self.rules);
        let view = truth.clone().with_unknown_cards(truth.stock_top_first());
        Some(table_lab::play_for(
            &truth,
            &view,
            &goal,
            budget,
            table_lab::Player::FollowsLine,
        ))
    }

    /// 1, 3 and unlimited passes, each with strict and relaxed pairing, to the goal given.
    fn compared(&self) -> Vec<Box<dyn Lab>> {
        let mut labs: Vec<Box<dyn Lab>> = Vec::new();
        for passes in [Passes::Limited(1), Passes::Limited(3), Passes::Unlimited] {
            for relaxed in [false, true] {
                labs.push(Box::new(PyramidLab {
                    rules: Rules {
                        passes,
                        relaxed,
                        ..self.rules
                    },
                    ..*self
                }));
            }
        }
        labs
    }
}

/// The rules as a run's identity and an answer's JSON give them:
/// `{"passes":"3","relaxed":false,"goal":"pyramid"}`.
pub fn rules_json(rules: Rules) -> Value {
    json!({
        "passes": rules.passes.word(),
        "relaxed": rules.relaxed,
        "goal": rules.finish.word(),
    })
}

/// The rules [`Lab::rules_json`] wrote, read back.
pub fn rules_of(rules: &Value) -> Result<Rules, NotItsRules> {
    let word = |key: &str| rules.get(key).and_then(Value::as_str);
    let passes = word("passes").and_then(|w| Passes::parse(w).ok());
    let relaxed = rules.get("relaxed").and_then(Value::as_bool);
    let finish = word("goal").and_then(|w| Finish::parse(w).ok());
    match (passes, relaxed, finish) {
        (Some(passes), Some(relaxed), Some(finish)) => Ok(Rules {
            passes,
            relaxed,
            finish,
        }),
        _ => Err(NotItsRules("its rules are not Pyramid's".to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_written_in_a_run_read_back_the_same() {
        for lab in (PyramidLab {
            rules: Rules::default(),
            goal: Goal::Board,
            caps: Caps::default(),
        })
        .compared()
        {
            let rules = rules_of(&lab.rules_json()).expect("Pyramid's rules");
            assert_eq!(rules.brief(), lab.brief_rules());
        }
        assert!(rules_of(&json!({"passes": "3"})).is_err());
    }
}

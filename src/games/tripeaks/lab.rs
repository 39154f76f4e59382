//! TriPeaks' part of `batch` and `stats`: a line of deals solved for a challenge, and what a
//! run measures on a deal: whether the tableau can be cleared and in how few steps, the best
//! score, and with `--card` the most cards of a rank. Its rules are fixed; a run names its goal
//! and rank.

use serde_json::{Value, json};

use super::Position;
use super::answer::{answer_json, verdict_of};
use super::challenge::{Answer, solve_within};
use crate::cards::card::Rank;
use crate::cards::deal::Deal;
use crate::engine::at_table::SampleBudget;
use crate::engine::game::{LineError, NotItsRules};
use crate::engine::goal::Goal;
use crate::engine::kind::GameKind;
use crate::engine::lab::{Figure, Lab, LineAnswer, Outcome};
use crate::engine::search::{Budget, CapReached, Caps};
use crate::engine::table_lab::{self, Played};
use crate::engine::unknowns_text;
use crate::engine::verdict::undecided;
use crate::games::tripeaks::layout::LAYOUT;

/// TriPeaks' runs, for one challenge (`batch`) or counting one rank's cards (`stats --card`).
pub struct TriPeaksLab {
    pub goal: Goal,
    pub rank: Option<Rank>,
    pub caps: Caps,
}

/// A deal a cap stopped (the search gave no answer): undecided, with no figures.
fn undecided_by(cap: Option<CapReached>) -> (Outcome, Vec<(Figure, usize)>) {
    let cap = cap.expect("only a cap stops the search");
    (Outcome::Undecided(undecided(cap)), Vec::new())
}

impl Lab for TriPeaksLab {
    /// Any challenge: cleared or reached counts as solved.
    fn answer(&self, number: usize, deal: &str) -> Result<LineAnswer, LineError> {
        let deal = Deal::parse_as(deal, &LAYOUT)?;
        let position = Position::new(&deal);
        let goal = self.goal;
        let (answer, stats, cap) =
            solve_within(&position, goal, &Budget::start(self.caps), &mut ());
        let Some(answer) = answer else {
            let key = if goal == Goal::Board {
                "solvable"
            } else {
                "reached"
            };
            let cap = cap.expect("only a cap stops the search");
            return Ok(LineAnswer::undecided(number, key, cap, &stats));
        };
        let mut json = answer_json(&position, goal, &answer, None, &stats);
        json["line"] = json!(number);
        let reached = answer.reached();
        Ok(LineAnswer {
            json,
            verdict: verdict_of(&answer),
            length: answer.length().filter(|_| reached),
            definitive: answer.definitive(),
            time: stats.elapsed,
            expanded: stats.expanded,
        })
    }

    /// A deal's verdict and figures (the fewest steps that clear it, its best score, and with
    /// a rank the most cards of it), under one budget. A deal that unknown cards (`??`) hold
    /// back is undecided, and a figure they could better is left out.
    fn measure(&self, deal: &Deal) -> (Outcome, Vec<(Figure, usize)>) {
        let budget = Budget::start(self.caps);
        let position = Position::new(deal);
        let solve = |goal| solve_within(&position, goal, &budget, &mut ());
        let (board, _, cap) = solve(Goal::Board);
        let Some(board) = board else {
            return undecided_by(cap);
        };
        let outcome = if board.reached() {
            Outcome::Won
        } else if board.definitive() {
            Outcome::Lost
        } else {
            let why = unknowns_text::not_known(deal.unknown().count_ones() as usize);
            return (Outcome::Undecided(why), Vec::new());
        };
        let best = Goal::Score {
            target: GameKind::TriPeaks.full_score() + 1,
            earned: 0,
        };
        let (score, _, cap) = solve(best);
        let Some(score) = score else {
            return undecided_by(cap);
        };
        // More than a deal holds: the answer is then the most on any line.
        let most = self.rank.and_then(|rank| {
            let (answer, _, _) = solve(Goal::Card {
                rank,
                target: 5,
                already: 0,
            });
            answer
        });
        let exact = |answer: &Answer| answer.definitive().then(|| answer.best() as usize);
        let figures = [
            (
                Figure::Length,
                board
                    .length()
                    .filter(|_| board.reached() && board.definitive()),
            ),
            (Figure::Score, exact(&score)),
            (Figure::Most, most.as_ref().and_then(exact)),
        ];
        let figures = figures
            .into_iter()
            .filter_map(|(figure, value)| value.map(|value| (figure, value)))
            .collect();
        (outcome, figures)
    }

    fn at_table(&self) -> bool {
        true
    }

    /// Every challenge is played at the table.
    fn at_table_for(&self, _goal: Goal) -> bool {
        true
    }

    /// The deal played as MSC deals it, for `goal`: rows 1 to 3 and the stock face down,
    /// every move ranked: following a line until a card turns up wins a tenth of the deals
    /// fewer (docs/at-the-table.md).
    fn play_at_table(&self, deal: &Deal, goal: Goal, budget: &SampleBudget) -> Option<Played> {
        let (truth, view) = super::at_table::at_the_table(deal);
        Some(table_lab::play_for(
            &truth,
            &view,
            &goal,
            budget,
            table_lab::Player::RanksEachMove,
        ))
    }

    fn figures(&self) -> Vec<Figure> {
        let mut figures = vec![Figure::Length, Figure::Score];
        figures.extend(self.rank.map(|_| Figure::Most));
        figures
    }

    /// `{"goal":"board","card":"K"}`: its rules are fixed; a run is solved for the Board and
    /// the best score, and with a rank for the most cards of it.
    fn rules_json(&self) -> Value {
        json!({
            "goal": "board",
            "card": self.rank.map(|rank| rank.letter().to_string()),
        })
    }

    fn rules_text(&self) -> String {
        "TriPeaks, Microsoft Solitaire Collection rules".to_string()
    }

    fn brief_rules(&self) -> String {
        self.rules_text()
    }

    fn counted_rank(&self) -> Option<Rank> {
        self.rank
    }
}

/// The rank [`Lab::rules_json`] wrote, read back.
pub fn rank_of(rules: &Value) -> Result<Option<Rank>, NotItsRules> {
    let word = |key: &str| rules.get(key).and_then(Value::as_str);
    let rank = match rules.get("card") {
        Some(Value::Null) => None,
        _ => Some(
            word("card")
                .and_then(|w| w.parse::<Rank>().ok())
                .ok_or_else(|| NotItsRules("its --card is not a rank".to_string()))?,
        ),
    };
    if word("goal") != Some("board") {
        return Err(NotItsRules("its goal is not TriPeaks' Board".to_string()));
    }
    Ok(rank)
}

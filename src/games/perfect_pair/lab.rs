//! Perfect Pair's part of `batch` and `stats`: a line of hands solved for what it is played
//! for, and what a run measures on a deal laid out in the default layout (a reconstruction):
//! whether it can be cleared, and its best score. The rules are written in a run's identity
//! and read back; a comparison tries one free cell and two.
//!
//! A line of a file is a hand in one of two forms: 52 cards in the default layout's order
//! (row by row, each row's seven left cards then its six right ones, each line from its
//! available card inward), or rows of any shape written as a hand's rows are, without their
//! `row N:`, separated by `/`: `7h Qs | 6c Ad / 5c | Kh`.

use serde_json::{Value, json};

use super::answer::{Aim, answer_json, rules_json, solve_position, stopped};
use super::layout::{DEFAULT_LEFT, DEFAULT_RIGHT, Layout, Row};
use super::position::Position;
use super::rules::{AfterFourth, Rules, UnusedBonus};
use super::saved::Problem;
use super::solver::{self, Clearing, Goal};
use crate::cards::card::Card;
use crate::cards::card::DECK_SIZE;
use crate::cards::deal::{Deal, UNKNOWN};
use crate::cards::excerpt::{counted, excerpt};
use crate::engine::game::{LineError, NotItsRules};
use crate::engine::lab::{Figure, Lab, LineAnswer, Outcome};
use crate::engine::search::{Budget, CapReached, Caps};
use crate::engine::verdict::Verdict;

/// Perfect Pair's runs under one set of rules; `batch` shows the hand for `aim`.
#[derive(Debug, Clone, Copy)]
pub struct PerfectPairLab {
    pub rules: Rules,
    pub aim: Aim,
    pub caps: Caps,
}

/// The separator of rows in a line of a file.
const ROW_SEPARATOR: char = '/';

/// A line's hand: rows separated by `/` when it has a `|`, else 52 cards of the default
/// layout.
pub fn layout_of_line(line: &str) -> Result<Layout, LineError> {
    if line.contains('|') {
        layout_of_rows(line)
    } else {
        layout_of_rows(&default_rows(line)?)
    }
}

/// A line of 52 cards written as the default layout's rows, `/` between them, so that its
/// cards are read, and their problems named, as a hand's rows are.
fn default_rows(line: &str) -> Result<String, LineError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() != DECK_SIZE {
        return Err(LineError::Problems(vec![format!(
            "{}: a line without '|' is a hand in the default layout, the {DECK_SIZE} cards \
             of a pack (rows of another shape are written with '|' and '/')",
            counted(words.len(), "card")
        )]));
    }
    let rows: Vec<String> = words
        .chunks(DEFAULT_LEFT + DEFAULT_RIGHT)
        .map(|row| {
            let (left, right) = row.split_at(DEFAULT_LEFT);
            format!("{} | {}", left.join(" "), right.join(" "))
        })
        .collect();
    Ok(rows.join(" / "))
}

/// A line's hand written as rows separated by `/`, each as a hand's row without its
/// `row N:`.
fn layout_of_rows(line: &str) -> Result<Layout, LineError> {
    // A row copied from a hand's file is said once, not as a word that is no card per row.
    let from_a_file = line.split(ROW_SEPARATOR).any(|row| {
        row.split_whitespace()
            .next()
            .is_some_and(|word| word.eq_ignore_ascii_case("row"))
    });
    if from_a_file {
        return Err(LineError::Problems(vec![
            "'row N:' is a hand file's form: a line writes its rows without it, separated by \
             '/', as in '7h Qs | 6c Ad / 5c | Kh'"
                .to_string(),
        ]));
    }
    let mut problems = Vec::new();
    let rows: Vec<Row> = line
        .split(ROW_SEPARATOR)
        .enumerate()
        .map(|(index, text)| {
            let mut said =
                |problem: Problem| problems.push(format!("row {}: {problem}", index + 1));
            let mut lines = text.split('|');
            let left = lines.next().unwrap_or("");
            let right = lines.next().unwrap_or_else(|| {
                said(Problem::NoBar);
                ""
            });
            if lines.next().is_some() {
                said(Problem::SecondBar);
            }
            let [left, right] = [left, right].map(|side| {
                side.split_whitespace()
                    .filter_map(|word| match word.parse::<Card>() {
                        Ok(card) => Some(card),
                        Err(_) if word == UNKNOWN => {
                            said(Problem::Unknown);
                            None
                        }
                        Err(_) => {
                            said(Problem::NotACard(excerpt(word)));
                            None
                        }
                    })
                    .collect()
            });
            Row { left, right }
        })
        .collect();
    if !problems.is_empty() {
        return Err(LineError::Problems(problems));
    }
    Layout::new(rows)
        .map_err(|found| LineError::Problems(found.0.iter().map(ToString::to_string).collect()))
}

/// A deal a cap stopped: undecided, with no figures.
fn undecided_by(cap: Option<CapReached>) -> (Outcome, Vec<(Figure, usize)>) {
    (Outcome::Undecided(stopped(cap)), Vec::new())
}

impl Lab for PerfectPairLab {
    /// The hand for the lab's aim; a hand that can be cleared counts as solved.
    fn answer(&self, number: usize, deal: &str) -> Result<LineAnswer, LineError> {
        let start = Position::new(layout_of_line(deal)?, self.rules);
        let solved = solve_position(&start, self.aim, &Budget::start(self.caps), &mut ());
        let mut json = answer_json(&start, self.aim, &solved);
        json["line"] = json!(number);
        let verdict = solved.verdict();
        Ok(LineAnswer {
            json,
            verdict,
            length: solved
                .hand
                .as_ref()
                .filter(|_| verdict == Verdict::Yes)
                .map(|hand| hand.moves.len()),
            definitive: true,
            time: solved.stats.elapsed,
            expanded: solved.stats.expanded,
        })
    }

    /// Whether the deal, in the default layout, can be cleared, and its best score. The best
    /// hand is searched first: when it clears the deal, so does a line, and the search for
    /// one is not needed.
    fn measure(&self, deal: &Deal) -> (Outcome, Vec<(Figure, usize)>) {
        let start = Position::new(Layout::from_pack(deal.cards()), self.rules);
        let budget = Budget::start(self.caps);
        let mut unwatched = ();
        let mut capped = budget.watch(&mut unwatched);
        let Some(best) = solver::solve(&start, Goal::Points, &mut capped).answer else {
            return undecided_by(capped.reached());
        };
        let score = vec![(Figure::Score, best.figures.score as usize)];
        if best.figures.won {
            return (Outcome::Won, score);
        }
        let mut capped = budget.watch(&mut unwatched);
        match solver::clear(&start, &mut capped).answer {
            Some(Clearing::Cleared(_)) => (Outcome::Won, score),
            Some(Clearing::NotClearable) => (Outcome::Lost, score),
            None => undecided_by(capped.reached()),
        }
    }

    /// The best score; a clearing line is not the shortest, so its length is no figure.
    fn figures(&self) -> Vec<Figure> {
        vec![Figure::Score]
    }

    fn rules_json(&self) -> Value {
        rules_json(self.rules)
    }

    fn rules_text(&self) -> String {
        format!("Perfect Pair, {}, the default layout", self.rules)
    }

    fn brief_rules(&self) -> String {
        self.rules.to_string()
    }

    /// Best scores run to a few hundred points: bars of 10.
    fn score_bin(&self) -> usize {
        10
    }

    /// One free cell and two.
    fn compared(&self) -> Vec<Box<dyn Lab>> {
        (1..=2)
            .map(|free_cells| {
                Box::new(PerfectPairLab {
                    rules: Rules {
                        free_cells,
                        ..self.rules
                    },
                    ..*self
                }) as Box<dyn Lab>
            })
            .collect()
    }
}

/// The rules as [`rules_json`] wrote them, read back (by `stats merge`).
pub fn rules_from_json(rules: &Value) -> Result<Rules, NotItsRules> {
    let number = |key: &str| {
        rules
            .get(key)
            .and_then(Value::as_u64)
            .and_then(|n| u8::try_from(n).ok())
    };
    let flag = |key: &str| rules.get(key).and_then(Value::as_bool);
    let word = |key: &str| rules.get(key).and_then(Value::as_str);
    let after_fourth = match word("run_after_four") {
        Some("restarts") => Some(AfterFourth::Restarts),
        Some("stays-at-8") => Some(AfterFourth::StaysAtEight),
        _ => None,
    };
    let unused_bonus = match word("unused_paid") {
        Some("on-win") => Some(UnusedBonus::OnWin),
        Some("always") => Some(UnusedBonus::Always),
        _ => None,
    };
    match (
        number("free_cells"),
        number("uses"),
        after_fourth,
        flag("cell_breaks_run"),
        unused_bonus,
        flag("perfect_from_cells"),
    ) {
        (
            Some(free_cells @ 1..=2),
            Some(uses @ 0..=super::rules::MAX_USES),
            Some(after_fourth),
            Some(cell_breaks_run),
            Some(unused_bonus),
            Some(perfect_from_cells),
        ) => Ok(Rules {
            free_cells,
            uses,
            after_fourth,
            cell_breaks_run,
            unused_bonus,
            perfect_from_cells,
        }),
        _ => Err(NotItsRules("its rules are not Perfect Pair's".to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_written_as_json_read_back_the_same() {
        for free_cells in 1..=2 {
            for flags in 0..16u8 {
                let rules = Rules {
                    free_cells,
                    uses: flags,
                    after_fourth: if flags & 1 == 0 {
                        AfterFourth::Restarts
                    } else {
                        AfterFourth::StaysAtEight
                    },
                    cell_breaks_run: flags & 2 != 0,
                    unused_bonus: if flags & 4 == 0 {
                        UnusedBonus::OnWin
                    } else {
                        UnusedBonus::Always
                    },
                    perfect_from_cells: flags & 8 != 0,
                };
                assert_eq!(rules_from_json(&rules_json(rules)), Ok(rules));
            }
        }
        assert!(rules_from_json(&json!({"free_cells": 3})).is_err());
    }

    #[test]
    fn a_line_is_a_pack_in_the_default_layout_or_rows_of_any_shape() {
        let deal = crate::cards::deal::random_deals(5, 1)[0];
        assert_eq!(
            layout_of_line(&deal.to_line()),
            Ok(Layout::from_pack(deal.cards()))
        );
        let rows = layout_of_line("7h Qs | 6c Ad / 5c | Kh").expect("two rows");
        assert_eq!(rows.rows().len(), 2);
        assert_eq!(rows.len(), 6);
        assert_eq!(
            layout_of_line("7h Qs | 6c / 7h | Kh")
                .unwrap_err()
                .to_string(),
            "7h appears twice: at row 1 left, card 1 and at row 2 left, card 1"
        );
        assert_eq!(
            layout_of_line("7h Zz | 6c / ?? 5c | Kh | Qd")
                .unwrap_err()
                .to_string(),
            "row 1: 'Zz' is not a card: a rank (A 2-9 T J Q K, or 10) then a suit (c d h s); \
             row 2: a second '|': a row has two lines; \
             row 2: '??' (an unknown card) is not taken: every card of a hand is face up"
        );
    }

    #[test]
    fn a_bad_line_of_the_default_layout_is_named_in_perfect_pairs_words() {
        let line = crate::cards::deal::random_deals(5, 1)[0].to_line();
        let words: Vec<&str> = line.split_whitespace().collect();
        let problem = |line: &str| layout_of_line(line).unwrap_err().to_string();
        assert_eq!(
            problem(&words[..49].join(" ")),
            "49 cards: a line without '|' is a hand in the default layout, the 52 cards of a \
             pack (rows of another shape are written with '|' and '/')"
        );
        let mut bad = words.clone();
        bad[8] = "Zz";
        assert_eq!(
            problem(&bad.join(" ")),
            "row 1: 'Zz' is not a card: a rank (A 2-9 T J Q K, or 10) then a suit (c d h s)"
        );
        bad[8] = "??";
        assert!(problem(&bad.join(" ")).contains("every card of a hand is face up"));
        let mut twice = words.clone();
        twice[14] = words[0];
        assert_eq!(
            problem(&twice.join(" ")),
            format!(
                "{} appears twice: at row 1 left, card 1 and at row 2 left, card 2",
                words[0]
            )
        );
    }
}

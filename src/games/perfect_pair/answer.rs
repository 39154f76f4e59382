//! Perfect Pair's answers for people and scripts: whether a hand can be cleared (a line with
//! the fewest free-cell uses, or the proof that none clears it), the best hand for what it is
//! played for as numbered moves in words and in the notation, with its score, hearts, perfect
//! matches, free-cell uses and the bound it was proved against; the next move of a hint; and
//! what `validate` says of a hand. Each comes as text and JSON with its verdict, which is
//! whether the hand can be cleared; nothing here prints.

use std::fmt;

use serde_json::{Value, json};

use super::Game;
use super::layout::Layout;
use super::notation::{line_text, move_text};
use super::position::{Move, Position};
use super::rules::{AfterFourth, Rules, UnusedBonus};
use super::saved::{SavedPerfectPair, TextProblems};
use super::solver::{self, Best, Clearing, Figures, Goal};
use crate::cards::deal::shown;
use crate::cards::excerpt::{counted, counted_as};
use crate::engine::game::{OpenError, Problems};
use crate::engine::search::{Budget, CapReached, Observer, Stats};
use crate::engine::verdict::{self, Verdict, stats_json, undecided, undecided_text};

/// What a hand is played for: cleared (with the fewest free-cell uses), or the most of one of
/// the solver's goals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Aim {
    /// Every card removed, with the fewest free-cell uses.
    Clear,
    /// The most points (the default).
    #[default]
    Points,
    /// The most hearts on the meter.
    Hearts,
    /// The most perfect matches.
    Perfect,
}

/// Why a word is not an aim.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{}' is not what a hand is played for: clear, points, hearts or perfect",
    crate::cards::excerpt::excerpt(.0)
)]
pub struct NotAnAim(String);

impl Aim {
    /// Every aim, in the order the help lists them.
    pub const ALL: [Aim; 4] = [Aim::Clear, Aim::Points, Aim::Hearts, Aim::Perfect];

    /// The word that names it on the command line and in JSON.
    pub fn word(self) -> &'static str {
        match self {
            Aim::Clear => "clear",
            Aim::Points => "points",
            Aim::Hearts => "hearts",
            Aim::Perfect => "perfect",
        }
    }

    /// Reads [`Aim::word`], in any case.
    pub fn parse(text: &str) -> Result<Aim, NotAnAim> {
        Aim::ALL
            .into_iter()
            .find(|aim| aim.word().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| NotAnAim(text.to_string()))
    }

    /// The solver's goal, for an aim that is one.
    fn goal(self) -> Option<Goal> {
        match self {
            Aim::Clear => None,
            Aim::Points => Some(Goal::Points),
            Aim::Hearts => Some(Goal::Hearts),
            Aim::Perfect => Some(Goal::PerfectMatches),
        }
    }
}

impl fmt::Display for Aim {
    /// "a cleared hand", "the most points", "the most hearts", "the most perfect matches".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Aim::Clear => "a cleared hand",
            Aim::Points => "the most points",
            Aim::Hearts => "the most hearts",
            Aim::Perfect => "the most perfect matches",
        })
    }
}

/// The hand an answer shows: its moves from the position solved, and the bound it was proved
/// best against (none for a clearing line, whose fewest uses are exact).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub moves: Vec<Move>,
    pub bound: Option<u32>,
}

/// What the solvers found for a position: whether it can be cleared, and the hand for the
/// aim; either `None` when a cap stopped its search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    pub clearing: Option<Clearing>,
    /// The hand for the aim; for [`Aim::Clear`] on a hand that cannot be cleared, an empty one.
    pub hand: Option<Hand>,
    pub cap: Option<CapReached>,
    pub stats: Stats,
}

impl Solved {
    /// Yes when the hand can be cleared, no when it is proved it cannot, undecided when a cap
    /// stopped a search.
    pub fn verdict(&self) -> Verdict {
        match (&self.clearing, &self.hand) {
            (Some(Clearing::Cleared(_)), Some(_)) => Verdict::Yes,
            (Some(Clearing::NotClearable), Some(_)) => Verdict::No,
            _ => Verdict::Undecided,
        }
    }

    /// Why the answer is undecided, when it is: the cap reached.
    pub fn undecided(&self) -> Option<String> {
        (self.verdict() == Verdict::Undecided).then(|| stopped(self.cap))
    }
}

/// Why a search gave no answer: the cap it reached, or the caller stopping it.
pub fn stopped(cap: Option<CapReached>) -> String {
    cap.map_or_else(|| "the search was stopped".to_string(), undecided)
}

/// Adds a search's figures to those of the searches before it.
fn add(total: &mut Stats, more: &Stats) {
    total.expanded += more.expanded;
    total.generated += more.generated;
    total.stored = total.stored.max(more.stored);
    total.memory = total.memory.max(more.memory);
    total.elapsed += more.elapsed;
}

/// Solves a position for `aim` under one budget: whether it can be cleared, then the hand
/// for the aim.
pub fn solve_position(
    position: &Position,
    aim: Aim,
    budget: &Budget,
    observer: &mut dyn Observer,
) -> Solved {
    let mut stats = Stats::default();
    let mut capped = budget.watch(observer);
    let report = solver::clear(position, &mut capped);
    add(&mut stats, &report.stats);
    let Some(clearing) = report.answer else {
        return Solved {
            clearing: None,
            hand: None,
            cap: capped.reached(),
            stats,
        };
    };
    let Some(goal) = aim.goal() else {
        let moves = match &clearing {
            Clearing::Cleared(moves) => moves.clone(),
            Clearing::NotClearable => Vec::new(),
        };
        return Solved {
            clearing: Some(clearing),
            hand: Some(Hand { moves, bound: None }),
            cap: None,
            stats,
        };
    };
    let mut capped = budget.watch(observer);
    let report = solver::solve(position, goal, &mut capped);
    add(&mut stats, &report.stats);
    let hand = report.answer.map(|Best { moves, bound, .. }| Hand {
        moves,
        bound: Some(bound),
    });
    Solved {
        clearing: Some(clearing),
        hand,
        cap: capped.reached(),
        stats,
    }
}

/// Plays moves on the referee from `start`: where a solver's line ends.
///
/// # Panics
/// When a move is illegal: the moves come from the solvers.
pub fn replay(start: &Position, moves: &[Move]) -> Position {
    let mut position = start.clone();
    for &mv in moves {
        position.apply(mv).expect("a solver's line replays");
    }
    position
}

/// The rules as JSON: `{"free_cells": 1, "uses": 6, "run_after_four": "restarts",
/// "cell_breaks_run": false, "unused_paid": "on-win", "perfect_from_cells": false}`.
pub fn rules_json(rules: Rules) -> Value {
    json!({
        "free_cells": rules.cells(),
        "uses": rules.uses(),
        "run_after_four": match rules.after_fourth {
            AfterFourth::Restarts => "restarts",
            AfterFourth::StaysAtEight => "stays-at-8",
        },
        "cell_breaks_run": rules.cell_breaks_run,
        "unused_paid": match rules.unused_bonus {
            UnusedBonus::OnWin => "on-win",
            UnusedBonus::Always => "always",
        },
        "perfect_from_cells": rules.perfect_from_cells,
    })
}

/// The figures of a hand's end as JSON: `score`, `hearts` (all earned), `meter` (at most
/// ten), `perfect`, `uses` (free-cell uses made, from the hand's start) and `cleared`.
fn figures_json(end: &Position) -> Value {
    let figures = Figures::of(end);
    json!({
        "score": figures.score,
        "hearts": end.hearts(),
        "meter": figures.meter,
        "perfect": figures.perfect,
        "uses": end.uses_made(),
        "cleared": figures.won,
    })
}

/// Merges the fields of `more` into `object`.
fn extend(object: &mut Value, more: Value) {
    if let (Some(object), Value::Object(fields)) = (object.as_object_mut(), more) {
        object.extend(fields);
    }
}

/// The answer as one JSON object: `game`, `rules`, `play_for`, `clearable` (null when
/// undecided, with `undecided` saying why) and `clearing_uses`; the hand's figures (`score`,
/// `hearts`, `meter`, `perfect`, `uses`, `cleared`), its `bound`, `length` and `steps` in
/// the notation; and `stats`.
pub fn answer_json(start: &Position, aim: Aim, solved: &Solved) -> Value {
    let clearable = solved
        .clearing
        .as_ref()
        .map(|clearing| matches!(clearing, Clearing::Cleared(_)));
    let clearing_uses = match &solved.clearing {
        Some(Clearing::Cleared(moves)) => Some(replay(start, moves).uses_made()),
        _ => None,
    };
    let mut object = json!({
        "game": super::saved::GAME_ID,
        "rules": rules_json(start.rules()),
        "play_for": aim.word(),
        "clearable": clearable,
        "clearing_uses": clearing_uses,
    });
    if let Some(hand) = &solved.hand {
        extend(&mut object, figures_json(&replay(start, &hand.moves)));
        extend(
            &mut object,
            json!({
                "bound": hand.bound,
                "length": hand.moves.len(),
                "steps": hand.moves.iter().map(|&mv| move_text(mv)).collect::<Vec<_>>(),
            }),
        );
    }
    if let Some(why) = solved.undecided() {
        object["undecided"] = json!(why);
    }
    object["stats"] = stats_json(&solved.stats);
    object
}

/// "1 free-cell use", "3 free-cell uses".
fn uses_text(count: u8) -> String {
    counted(usize::from(count), "free-cell use")
}

/// The rules and the layout in a line: "Perfect Pair (1 free cell, 6 uses): 4 rows, 52
/// cards, 9 perfect matches possible."
fn heading(layout: &Layout, rules: Rules) -> String {
    format!("Perfect Pair ({rules}): {}.\n", layout_text(layout))
}

/// A layout in words: "4 rows, 52 cards, 9 perfect matches possible".
fn layout_text(layout: &Layout) -> String {
    let rows = layout.rows().len();
    let possible = layout.possible_perfect_matches();
    format!(
        "{}, {}, {} possible",
        counted(rows, "row"),
        counted(layout.len(), "card"),
        perfect_matches(possible)
    )
}

/// Whether the hand can be cleared, in a line.
pub fn clearing_text(start: &Position, clearing: &Clearing) -> String {
    match clearing {
        Clearing::Cleared(moves) => format!(
            "Can be cleared: the fewest free-cell uses that clear it are {}.\n",
            replay(start, moves).uses_made()
        ),
        Clearing::NotClearable => "Cannot be cleared: no line of moves removes every card (every \
                                   position the moves reach was searched).\n"
            .to_string(),
    }
}

/// A hand's figures in words: "186 points, 7 hearts, 5 perfect matches, 2 free-cell uses,
/// cleared".
pub fn figures_text(end: &Position) -> String {
    let hearts = end.hearts();
    let meter = if hearts > end.meter() {
        format!(" ({} on the meter)", end.meter())
    } else {
        String::new()
    };
    let cleared = if end.is_won() {
        "cleared"
    } else {
        "not cleared"
    };
    format!(
        "{}, {}{meter}, {}, {}, {cleared}",
        counted(end.score() as usize, "point"),
        counted(hearts as usize, "heart"),
        perfect_matches(end.perfect() as usize),
        uses_text(end.uses_made())
    )
}

/// Moves from `start` in words, one a line, numbered from 1.
fn numbered(start: &Position, moves: &[Move]) -> String {
    let mut position = start.clone();
    let mut text = String::new();
    for (number, &mv) in moves.iter().enumerate() {
        text.push_str(&format!("{:>3}. {}\n", number + 1, position.describe(mv)));
        position.apply(mv).expect("a solver's line replays");
    }
    text
}

/// "1 perfect match", "9 perfect matches".
fn perfect_matches(count: usize) -> String {
    counted_as(count, "perfect match", "perfect matches")
}

/// The goal's figure with its count, for the bound: "120 points", "1 heart on the meter".
pub fn figure(aim: Aim, count: usize) -> String {
    match aim {
        Aim::Clear | Aim::Points => counted(count, "point"),
        Aim::Hearts => format!("{} on the meter", counted(count, "heart")),
        Aim::Perfect => perfect_matches(count),
    }
}

/// The hand for the aim in words: its figures, what it was proved against, the moves
/// numbered, and the line in the notation.
fn hand_text(start: &Position, aim: Aim, hand: &Hand) -> String {
    let end = replay(start, &hand.moves);
    if aim == Aim::Clear && !end.is_won() {
        return String::new();
    }
    let mut text = format!("Best hand for {aim}: {}.\n", figures_text(&end));
    if let Some(bound) = hand.bound {
        text.push_str(&format!(
            "Proved best: no hand gives more; the search started from a bound of {}.\n",
            figure(aim, bound as usize)
        ));
    }
    if hand.moves.is_empty() {
        text.push_str("No move adds to it: the hand is best ended here.\n");
        return text;
    }
    text.push_str(&numbered(start, &hand.moves));
    text.push_str(&format!("Line: {}\n", line_text(start, &hand.moves)));
    text
}

/// The answer as text a person can follow at the table.
pub fn answer_text(start: &Position, aim: Aim, solved: &Solved) -> String {
    let mut text = heading(start.layout(), start.rules());
    if let Some(clearing) = &solved.clearing {
        text.push_str(&clearing_text(start, clearing));
    }
    if let Some(hand) = &solved.hand {
        text.push_str(&hand_text(start, aim, hand));
    }
    if solved.verdict() == Verdict::Undecided {
        match solved.cap {
            Some(cap) => text.push_str(&format!("{}\n", undecided_text(cap))),
            None => text.push_str("Undecided: the search was stopped.\n"),
        }
    }
    text
}

/// A written hand solved for its aim from where its moves leave it: what both the solve and
/// the hint answer from.
pub struct Searched<'a> {
    saved: &'a SavedPerfectPair,
    aim: Aim,
    game: Game,
    solved: Solved,
}

/// Solves a written hand for `aim` from where its moves leave it, under one budget.
pub fn search<'a>(
    saved: &'a SavedPerfectPair,
    aim: Aim,
    budget: &Budget,
    observer: &mut dyn Observer,
) -> Searched<'a> {
    let game = saved.game();
    let solved = solve_position(game.position(), aim, budget, observer);
    Searched {
        saved,
        aim,
        game,
        solved,
    }
}

/// The answer to a solve: the hand for the aim, and whether the hand can be cleared.
pub fn solve_answer(searched: &Searched) -> verdict::Answer {
    let (position, aim, solved) = (searched.game.position(), searched.aim, &searched.solved);
    verdict::after_moves(
        searched.saved.moves.len(),
        solved.verdict(),
        answer_json(position, aim, solved),
        answer_text(position, aim, solved),
    )
}

/// The next move of the hand for `aim` from where the hand stands, and whether it can still
/// be cleared.
pub fn hint_answer(searched: &Searched) -> verdict::Answer {
    let Searched {
        saved,
        aim,
        game,
        solved,
    } = searched;
    let (position, aim) = (game.position(), *aim);
    let mut json = answer_json(position, aim, solved);
    let next = solved
        .hand
        .as_ref()
        .and_then(|hand| hand.moves.first().copied());
    json["next"] = json!(next.map(move_text));
    if let Some(object) = json.as_object_mut() {
        object.remove("steps");
    }
    let text = match (&solved.hand, solved.verdict()) {
        (Some(hand), verdict @ (Verdict::Yes | Verdict::No)) => {
            hint_text(position, aim, hand, verdict)
        }
        _ => answer_text(position, aim, solved),
    };
    verdict::after_moves(saved.moves.len(), solved.verdict(), json, text)
}

/// A hint in words: the next move, where the hand for the aim ends, and whether the hand can
/// still be cleared.
fn hint_text(position: &Position, aim: Aim, hand: &Hand, verdict: Verdict) -> String {
    let clearable = if verdict == Verdict::Yes {
        "The hand can be cleared from here."
    } else {
        "The hand cannot be cleared from here."
    };
    if position.is_won() {
        return format!("The hand is over: {}.\n", figures_text(position));
    }
    let end = replay(position, &hand.moves);
    match hand.moves.first() {
        Some(&mv) => format!(
            "Next: {}; in the notation {}\nThe hand for {aim} from here: {}, in {} more \
             move{}.\n{clearable}\n",
            position.describe(mv),
            move_text(mv),
            figures_text(&end),
            hand.moves.len(),
            if hand.moves.len() == 1 { "" } else { "s" }
        ),
        // Played to clear, a hand no line clears has no hand to follow: saying so is the
        // answer, with where to look for the best that is left.
        None if aim == Aim::Clear && verdict == Verdict::No => "No line clears the hand from \
             here: every position the moves reach was searched. Played for points \
             (--play-for points), the hint gives the best move left.\n"
            .to_string(),
        None if position.is_over() => format!(
            "No move is left: the hand ends at {}.\n",
            figures_text(position)
        ),
        None => format!(
            "No move adds to {aim}: the hand is best ended here, at {}.\n{clearable}\n",
            figures_text(position)
        ),
    }
}

/// That a text holds a valid Perfect Pair hand, named `name`: its rows and cards, its rules,
/// and how far it has been played.
pub fn validate_answer(saved: &SavedPerfectPair, name: &str) -> verdict::Answer {
    let game = saved.game();
    let position = game.position();
    let what = match verdict::moves_played(saved.moves.len()) {
        Some(from) if position.is_won() => format!("already cleared ({from})"),
        Some(from) => format!("in progress ({from})"),
        None => "at its start".to_string(),
    };
    let text = format!(
        "{name}: a valid Perfect Pair hand, {what}: {} ({})\n",
        layout_text(&saved.layout),
        saved.rules
    );
    verdict::Answer::new(Verdict::Yes, text, Value::Null)
}

/// A written hand's problems, each where it is, for the commands.
pub fn problems(found: &TextProblems) -> OpenError {
    let (heading, shown) = shown(&found.0);
    OpenError::Problems(Problems {
        heading,
        problems: shown
            .iter()
            .map(|problem| (problem.at, problem.problem.to_string()))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_agree_with_their_counts() {
        assert_eq!(figure(Aim::Hearts, 1), "1 heart on the meter");
        assert_eq!(figure(Aim::Hearts, 3), "3 hearts on the meter");
        assert_eq!(figure(Aim::Perfect, 1), "1 perfect match");
        assert_eq!(figure(Aim::Points, 120), "120 points");
        assert_eq!(uses_text(1), "1 free-cell use");
        assert_eq!(Rules::DEFAULT.to_string(), "1 free cell, 6 uses");
    }

    #[test]
    fn a_hint_to_clear_a_hand_no_line_clears_says_so() {
        let saved = SavedPerfectPair::read("# uses: 0\nrow 1: 2c | 3d\n").expect("a hand");
        let budget = Budget::start(crate::engine::search::Caps::default());
        let answer = hint_answer(&search(&saved, Aim::Clear, &budget, &mut ()));
        assert_eq!(answer.verdict, Verdict::No);
        assert!(
            answer.text.starts_with("No line clears the hand from here"),
            "{}",
            answer.text
        );
    }
}

//! TriPeaks' answers for people and scripts: the Board, Score and Card answers as numbered
//! steps or JSON, the next move of a hint, whether unknown cards (`??`) hold the answer back,
//! and the plan to reveal one. Each comes as text and JSON with its verdict; nothing here
//! prints.

use serde_json::{Value, json};

use super::challenge::{Answer, solve_within};
use super::saved::SavedTriPeaks;
use super::solver::{self, BoardAnswer, CardAnswer, Line, RevealPlan, ScoreAnswer};
use super::{Move, Position};
use crate::cards::card::Rank;
use crate::cards::excerpt::{counted, counted_as};
use crate::engine::best_line::{Counted, line_json, numbered, steps};
use crate::engine::goal::Goal;
use crate::engine::search::{Budget, Observer, Stats};
use crate::engine::unknowns_text;
use crate::engine::verdict::{
    self, Verdict, from_text, stats_json, undecided_json, undecided_text,
};

/// Where a saved game stands when it is not the deal's start: "12 moves played".
fn progress(saved: &SavedTriPeaks) -> Option<String> {
    verdict::moves_played(saved.moves.len())
}

/// What knowing the unknown cards could at best give, in words: "clear the tableau in 40
/// steps", "reach 20000 points in 31 steps", "give 41200 points"; `None` without
/// unknown cards.
fn bound_text(answer: &Answer, goal: Goal) -> Option<String> {
    let (reached, line) = match answer {
        Answer::Board(solution) => match solution.bound.as_ref()? {
            BoardAnswer::Cleared(line) => (true, line.clone()),
            BoardAnswer::NotClearable(line) => (false, line.clone()),
        },
        Answer::Score(solution) => match solution.bound.as_ref()? {
            ScoreAnswer::Reached(line) => (true, line.clone()),
            ScoreAnswer::Short { best, .. } => (false, best.clone()),
        },
        Answer::Card(solution) => match solution.bound.as_ref()? {
            CardAnswer::Reached(line) => (true, line.clone()),
            CardAnswer::Short { clearing, open } => (false, open.clone().or(clearing.clone())?),
        },
    };
    let count = steps(line.steps());
    Some(match (goal, reached) {
        (Goal::Board, true) => format!("clear the tableau in {count}"),
        (Goal::Board, false) => format!("clear {}", amount(goal, line.value)),
        (Goal::Score { target, .. } | Goal::Card { target, .. }, true) => {
            format!("reach {} in {count}", amount(goal, target))
        }
        (_, false) => format!("give {}", amount(goal, line.value + base(goal))),
    })
}

/// The plan to turn an unknown card face up, when one is worth it (the answer is not
/// definitive), under the budget left (none when a cap stops its search, which takes a few
/// milliseconds).
fn reveal(position: &Position, budget: &Budget) -> Option<RevealPlan> {
    let mut quiet = ();
    solver::reveal_plan(position, &mut budget.watch(&mut quiet))
        .answer
        .flatten()
}

/// The verdict of an answer: reached, proved out of reach, or out of reach only with the
/// cards known so far (unknown cards hold the answer back).
pub fn verdict_of(answer: &Answer) -> Verdict {
    Verdict::of(answer.reached(), answer.definitive())
}

/// An answer to a saved game: JSON with where the game stood as `from`, or text after a line
/// saying so.
pub fn from_saved(
    saved: &SavedTriPeaks,
    verdict: Verdict,
    mut json: Value,
    text: String,
) -> verdict::Answer {
    let Some(from) = progress(saved) else {
        return verdict::Answer::new(verdict, text, json);
    };
    // The same shape as every game's: the moves played, then what TriPeaks counts besides.
    json["from"] = json!({
        "moves_played": saved.moves.len(),
        "removed": saved.game().position().removed(),
    });
    verdict::Answer::new(verdict, from_text(&from) + &text, json)
}

/// Solves a saved game for `goal` and answers.
pub fn solve_answer(
    saved: &SavedTriPeaks,
    goal: Goal,
    budget: &Budget,
    observer: &mut dyn Observer,
) -> verdict::Answer {
    let position = *saved.game().position();
    let (answer, stats, cap) = solve_within(&position, goal, budget, observer);
    let Some(answer) = answer else {
        let cap = cap.expect("only a cap stops the search");
        let key = if goal == Goal::Board {
            "solvable"
        } else {
            "reached"
        };
        return from_saved(
            saved,
            Verdict::Undecided,
            undecided_json(key, cap, &stats),
            format!("{}\n", undecided_text(cap)),
        );
    };
    let plan = (!answer.definitive())
        .then(|| reveal(&position, budget))
        .flatten();
    from_saved(
        saved,
        verdict_of(&answer),
        answer_json(&position, goal, &answer, plan.as_ref(), &stats),
        answer_text(&position, goal, &answer, plan.as_ref()),
    )
}

/// The next move of the Board challenge's best line, and whether the tableau can still be
/// cleared.
pub fn hint_answer(
    saved: &SavedTriPeaks,
    budget: &Budget,
    observer: &mut dyn Observer,
) -> verdict::Answer {
    let position = *saved.game().position();
    let (answer, stats, cap) = solve_within(&position, Goal::Board, budget, observer);
    let Some(answer) = answer else {
        let cap = cap.expect("only a cap stops the search");
        return from_saved(
            saved,
            Verdict::Undecided,
            undecided_json("winnable", cap, &stats),
            format!("{}\n", undecided_text(cap)),
        );
    };
    let clears = answer.reached();
    let line = answer.lines()[0].1.clone();
    let next = line.moves.first().copied();
    let definitive = answer.definitive();
    let json = json!({
        "winnable": clears,
        "next": next.map(|mv| step_json(&position, mv)),
        "length": line.steps(),
        "cleared": line.value,
        "definitive": definitive,
    });
    let mut text = match next {
        None if position.is_won() => "The tableau is clear.\n".to_string(),
        None if position.is_over() => "No move is left.\n".to_string(),
        // Draws remain, but none leads to a tableau card removed on the cards known.
        None => "No move clears a tableau card with the cards known so far (draws are left).\n"
            .to_string(),
        Some(mv) => format!("Next: {}\n", position.describe(mv)),
    };
    if next.is_some() {
        text.push_str(&if clears {
            format!(
                "Clearable: {}, this one included.\n",
                counted(line.steps(), "more step")
            )
        } else {
            format!(
                "Not clearable: the best line removes {} in {}.\n",
                TABLEAU.removes(position.removed(), line.value as usize),
                steps(line.steps())
            )
        });
    }
    if !definitive {
        text.push_str("Unknown cards could change this: see `solve` for the plan to reveal one.\n");
    }
    from_saved(saved, verdict_of(&answer), json, text)
}

/// That a file holds a valid TriPeaks deal or game, named `name`.
pub fn validate_answer(saved: &SavedTriPeaks, name: &str) -> verdict::Answer {
    let what = match progress(saved) {
        Some(from) if saved.game().position().is_won() => {
            format!("a valid TriPeaks game, already won ({from})")
        }
        Some(from) => format!("a valid TriPeaks game in progress ({from})"),
        None => "a valid TriPeaks deal".to_string(),
    };
    let unknown = unknowns_text::count(saved.deal.unknown().count_ones());
    verdict::Answer::new(
        Verdict::Yes,
        format!("{name}: {what}{unknown}\n"),
        Value::Null,
    )
}

/// A step in JSON: `"draw"`, or the card played (`"5h"`).
pub fn step_json(position: &Position, mv: Move) -> Value {
    json!(super::notation::move_text(position, mv))
}

/// What a line is worth in the challenge's words: "22,300 points", "3 Kings", "28 tableau
/// cards".
pub fn amount(goal: Goal, value: u32) -> String {
    match goal {
        Goal::Board => TABLEAU.cards(value as usize),
        Goal::Score { .. } => format!("{value} points"),
        Goal::Card { rank, .. } => cards_of(rank, value),
    }
}

/// "1 King", "3 Kings".
fn cards_of(rank: Rank, count: u32) -> String {
    counted_as(count as usize, rank.name(), rank.plural())
}

/// What earlier deals gave: points earned, or cards of the rank removed.
fn base(goal: Goal) -> u32 {
    match goal {
        Goal::Board => 0,
        Goal::Score { earned, .. } => earned,
        Goal::Card { already, .. } => already,
    }
}

/// The running figure after a position: points or cards of the rank in this deal so far,
/// earlier deals included; tableau cards removed for the Board challenge.
pub fn running(goal: Goal, start: &Position, after: &Position) -> u32 {
    match goal {
        Goal::Board => (after.removed() - start.removed()) as u32,
        Goal::Score { earned, .. } => earned + after.score(),
        Goal::Card { rank, already, .. } => already + after.removed_of_rank(rank) as u32,
    }
}

/// The steps of a line, each with the position before and after it.
fn walk<T>(
    start: &Position,
    moves: &[Move],
    mut each: impl FnMut(&Position, Move, &Position) -> T,
) -> Vec<T> {
    let mut position = *start;
    moves
        .iter()
        .map(|&mv| {
            let before = position;
            position.apply(mv).expect("a solver's line replays");
            each(&before, mv, &position)
        })
        .collect()
}

/// What TriPeaks' Board challenge counts: the 28 tableau cards.
const TABLEAU: Counted = Counted {
    noun: "tableau card",
    of: super::layout::TABLEAU_SIZE,
};

/// The headline of an answer from the deal's start.
pub fn headline(goal: Goal, answer: &Answer) -> String {
    headline_from(0, goal, answer)
}

/// The headline of an answer from a position where `before` tableau cards are gone: a Board
/// line that does not clear counts the cards it removes as a hint does, from there and in all.
fn headline_from(before: usize, goal: Goal, answer: &Answer) -> String {
    let total = |line: &Line| amount(goal, line.value + base(goal));
    let lines = answer.lines();
    match (goal, answer.reached(), lines.as_slice()) {
        (Goal::Board, true, [(_, line), ..]) => format!("Cleared in {}.", steps(line.steps())),
        (Goal::Board, false, [(_, line), ..]) if answer.definitive() => format!(
            "No solution: an exhaustive search found no way to clear the tableau. {}",
            TABLEAU.most_text(before, line.value as usize, line.steps())
        ),
        (Goal::Board, false, [(_, line), ..]) => format!(
            "Not clearable with the cards known so far. {}",
            TABLEAU.most_text(before, line.value as usize, line.steps())
        ),
        (Goal::Score { target, .. } | Goal::Card { target, .. }, true, [(_, line), ..]) => {
            format!("Reach {} in {}.", amount(goal, target), steps(line.steps()))
        }
        (Goal::Card { .. }, false, [(_, clearing), (_, open)]) => format!(
            "At most {} clearing the tableau ({}), or {} without clearing it ({}).",
            total(clearing),
            steps(clearing.steps()),
            total(open),
            steps(open.steps())
        ),
        (_, false, [(_, best), (_, clearing)]) => format!(
            "At most {}, without clearing the tableau ({}); {} clearing it ({}).",
            total(best),
            steps(best.steps()),
            total(clearing),
            steps(clearing.steps())
        ),
        (_, false, [(_, line)]) if line.clears => {
            format!(
                "At most {}, clearing the tableau; {}.",
                total(line),
                steps(line.steps())
            )
        }
        (_, false, [(_, line)]) => format!(
            "At most {}, without clearing the tableau; {}.",
            total(line),
            steps(line.steps())
        ),
        _ => "Nothing can be done.".to_string(),
    }
}

/// The answer as text a person can follow at the table: the headline, the numbered steps
/// with the running figure, and what unknown cards leave open.
pub fn answer_text(
    start: &Position,
    goal: Goal,
    answer: &Answer,
    plan: Option<&RevealPlan>,
) -> String {
    let mut text = format!("{}\n", headline_from(start.removed(), goal, answer));
    if !answer.definitive() && goal != Goal::Board {
        text = unknowns_text::known_so_far(&text);
    }
    if let Some(best) = answer.lines().iter().map(|(_, line)| line.value).max()
        && goal != Goal::Board
        && !answer.reached()
    {
        let missing = goal.needed().saturating_sub(best);
        let verb = if missing == 1 { "is" } else { "are" };
        let known = if answer.definitive() {
            ""
        } else {
            " with the cards known so far"
        };
        text.push_str(&format!(
            "This deal gives at most {}{known}; {missing} more {verb} needed from later deals.\n",
            amount(goal, best)
        ));
    }
    for (title, line) in answer.lines() {
        if let Some(title) = title {
            text.push_str(&format!(
                "\n{title}: {} in {}\n",
                amount(goal, line.value + base(goal)),
                steps(line.steps())
            ));
        }
        text.push_str(&numbered(walk(start, &line.moves, |before, mv, after| {
            (
                before.describe(mv),
                amount(goal, running(goal, start, after)),
            )
        })));
    }
    if !answer.definitive() {
        let could = bound_text(answer, goal).map_or_else(
            || "give more".to_string(),
            |could| format!("at best {could}"),
        );
        let reveal = plan.map(|plan| reveal_words(start, plan));
        text.push_str(&unknowns_text::note(&could, reveal.as_ref()));
    }
    text
}

/// The plan to reveal an unknown card, in words.
pub fn reveal_words(start: &Position, plan: &RevealPlan) -> unknowns_text::Reveal {
    let from = if plan.from_start {
        Position::new(start.deal())
    } else {
        *start
    };
    let mut end = from;
    for &mv in &plan.moves {
        end.apply(mv).expect("a reveal plan replays");
    }
    unknowns_text::Reveal {
        from_start: plan.from_start,
        card: seen_place(&end).map_or_else(
            || "the card that turned up".to_string(),
            |place| format!("the card {place}"),
        ),
        steps: walk(&from, &plan.moves, |before, mv, _| before.describe(mv)),
    }
}

/// The deal-order slot of an unknown card face up in a position: in the tableau, else on
/// the waste.
pub fn seen_slot(position: &Position) -> Option<usize> {
    let deal = position.deal();
    (0..super::layout::TABLEAU_SIZE)
        .find(|&i| position.is_there(i) && position.is_face_up(i) && deal.card(i).is_none())
        .or_else(|| {
            position
                .waste_top()
                .is_none()
                .then(|| position.waste_slot())
        })
}

/// Where an unknown card shows face up in a position: "at tableau row 3", "on the waste".
fn seen_place(position: &Position) -> Option<String> {
    seen_slot(position).map(|slot| {
        if slot < super::layout::TABLEAU_SIZE {
            format!("at {}", super::layout::place_name(slot))
        } else {
            format!(
                "now on the waste ({} in the file)",
                super::layout::slot_name(slot)
            )
        }
    })
}

/// The answer as one JSON object.
pub fn answer_json(
    start: &Position,
    goal: Goal,
    answer: &Answer,
    plan: Option<&RevealPlan>,
    stats: &Stats,
) -> Value {
    let key = match goal {
        Goal::Board => "cleared",
        Goal::Score { .. } => "score",
        Goal::Card { .. } => "count",
    };
    let lines: Vec<Value> = answer
        .lines()
        .into_iter()
        .map(|(_, line)| {
            let steps = walk(start, &line.moves, |before, mv, after| {
                (step_json(before, mv), running(goal, start, after))
            });
            line_json(line.clears, key, line.value + base(goal), steps)
        })
        .collect();
    let mut object = match goal {
        Goal::Board => json!({"game": "tripeaks", "challenge": "board"}),
        Goal::Score { target, earned } => {
            json!({"game": "tripeaks", "challenge": "score", "target": target, "earned": earned})
        }
        Goal::Card {
            rank,
            target,
            already,
        } => json!({"game": "tripeaks", "challenge": "card", "rank": rank.letter().to_string(),
                    "target": target, "already": already}),
    };
    let verdict = if goal == Goal::Board {
        "solvable"
    } else {
        "reached"
    };
    object[verdict] = json!(answer.reached());
    object["length"] = json!(answer.reached().then(|| answer.length()).flatten());
    object["lines"] = json!(lines);
    object["definitive"] = json!(answer.definitive());
    if let Some(could) = bound_text(answer, goal) {
        object["could"] = json!(could);
    }
    if let Some(plan) = plan {
        let from = if plan.from_start {
            Position::new(start.deal())
        } else {
            *start
        };
        let moves = walk(&from, &plan.moves, |before, mv, _| step_json(before, mv));
        let mut end = from;
        for &mv in &plan.moves {
            end.apply(mv).expect("a reveal plan replays");
        }
        object["reveal"] = json!({
            "from_start": plan.from_start,
            "steps": moves,
            "seen_slot": seen_slot(&end),
            "seen_place": seen_slot(&end).map(super::layout::place_name),
        });
    }
    object["stats"] = stats_json(stats);
    object
}

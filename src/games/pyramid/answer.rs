//! Pyramid's answers for people and scripts: the Board answer as numbered steps or JSON, the
//! Score and Card challenges' answers (the headline, then each line's steps with the running
//! score or card count), the next move of a hint, what unknown cards (`??`) leave open and the
//! plan to reveal one, and where a saved game stood. Each comes as text and as JSON, with its
//! verdict; nothing here prints.

use serde_json::{Value, json};

use super::challenge::{Answer as ChallengeAnswer, amount, base, shortfall, total};
use super::layout::slot_name;
use super::position::place_name;
use super::saved::SavedDeal;
use super::solver::{self, Budget, CapReached, Line, Outcome, Report, Stats};
use super::{Goal, Move, Place, Position};
use crate::cards::excerpt::counted;
use crate::engine::best_line::{line_json, numbered};
use crate::engine::search::Observer;
use crate::engine::unknowns_text;
use crate::engine::verdict::{
    Answer, Verdict, from_text, stats_json, undecided, undecided_json, undecided_text,
};

/// A step in JSON: `"draw"`, `"recycle"`, `["Kd"]` or `["6h", "7c"]`.
pub fn step_json(position: &Position, mv: Move) -> Value {
    match mv {
        Move::Draw => json!("draw"),
        Move::Recycle => json!("recycle"),
        Move::King(_) | Move::Pair(..) => json!(position.cards_of(mv)),
    }
}

/// A saved game (or a deal, saved at its start) and the position it stands at: what every
/// answer starts from.
pub struct Standing {
    pub game: SavedDeal,
    pub position: Position,
}

impl Standing {
    /// The game at the position its moves reach.
    pub fn new(game: SavedDeal) -> Standing {
        let position = game.game().position().clone();
        Standing { game, position }
    }

    /// Where the game stands when it is not the deal's start: "pass 2, 12 moves played".
    pub fn progress(&self) -> Option<String> {
        let game = &self.game;
        if game.midgame.is_start() && game.moves.is_empty() {
            return None;
        }
        let mut parts = vec![format!("pass {}", self.position.pass())];
        let gone = game.midgame.gone.count_ones();
        if gone > 0 {
            parts.push(format!("{} already gone", counted(gone as usize, "card")));
        }
        parts.push(format!("{} played", counted(game.moves.len(), "move")));
        Some(parts.join(", "))
    }

    /// The same for JSON, as the `from` object.
    fn progress_json(&self) -> Option<Value> {
        self.progress()?;
        Some(json!({
            "pass": self.position.pass(),
            "gone_at_start": self.game.midgame.gone.count_ones(),
            "moves_played": self.game.moves.len(),
        }))
    }

    /// How a hint says the game cannot be won: "Not winnable" at the deal's start, "No longer
    /// winnable" once something has been played.
    fn not_winnable(&self) -> &'static str {
        if self.progress().is_some() {
            "No longer winnable"
        } else {
            "Not winnable"
        }
    }

    /// An answer: the JSON object, with where the game stood as `from`, or the text after a
    /// line saying where it stood.
    pub(super) fn answer(&self, verdict: Verdict, mut json: Value, text: String) -> Answer {
        if let Some(from) = self.progress_json() {
            json["from"] = from;
        }
        let text = match self.progress() {
            Some(from) => from_text(&from) + &text,
            None => text,
        };
        Answer::new(verdict, text, json)
    }

    /// That a cap stopped the search, the verdict under `key` being null.
    fn undecided(&self, key: &str, cap: CapReached, stats: &Stats) -> Answer {
        self.answer(
            Verdict::Undecided,
            undecided_json(key, cap, stats),
            format!("{}\n", undecided_text(cap)),
        )
    }

    /// Solves for `goal` under `caps`, the main search reporting to `observer`.
    pub fn solve(&self, goal: Goal, budget: &Budget, observer: &mut dyn Observer) -> Answer {
        if goal != Goal::Board {
            return self.solve_challenge(goal, budget, observer);
        }
        let position = &self.position;
        let (report, cap) = solve_capped(position, budget, observer);
        if let Some(cap) = cap {
            return self.undecided("solvable", cap, &report.stats);
        }
        let bound = board_bound(position, &report, budget).map(|(bound, _)| bound);
        let note = unknowns_note(position, &self.game, bound.as_ref(), budget);
        let mut json = answer_json(position, &report);
        add_unknowns_json(&mut json, bound.as_ref(), note.as_ref());
        let mut text = answer_text(position, &report);
        if matches!(report.outcome, Outcome::NoSolution(_)) {
            add_best_line(position, budget, &mut json, &mut text);
        }
        // Without the unknown cards, "no solution" is only so for the cards known.
        let text = if note.is_some() {
            text.replacen("No solution", "No solution with the cards known so far", 1)
        } else {
            text
        };
        let solved = matches!(report.outcome, Outcome::Solved(_));
        let verdict = Verdict::of(solved, bound.as_ref().is_none_or(Bound::is_definitive));
        self.answer(verdict, json, text + &note_text(note.as_ref()))
    }

    /// Solves a Score or Card challenge.
    fn solve_challenge(&self, goal: Goal, budget: &Budget, observer: &mut dyn Observer) -> Answer {
        let position = &self.position;
        let (answer, stats) = match solve_challenge_capped(position, goal, budget, observer) {
            Ok(answered) => answered,
            Err((cap, stats)) => return self.undecided("reached", cap, &stats),
        };
        let bound = challenge_bound(position, goal, &answer, budget).map(|(bound, _)| bound);
        let note = unknowns_note(position, &self.game, bound.as_ref(), budget);
        let mut json = challenge_json(position, goal, &answer, &stats);
        add_unknowns_json(&mut json, bound.as_ref(), note.as_ref());
        let text = challenge_text(position, goal, &answer);
        let text = if note.is_some() {
            unknowns_text::known_so_far(&text)
        } else {
            text
        };
        let verdict = Verdict::of(
            answer.reached(),
            bound.as_ref().is_none_or(Bound::is_definitive),
        );
        self.answer(verdict, json, text + &note_text(note.as_ref()))
    }

    /// Only the next move of an optimal line, and whether the game can still be won.
    pub fn hint(&self, budget: &Budget, observer: &mut dyn Observer) -> Answer {
        let position = &self.position;
        let (report, cap) = solve_capped(position, budget, observer);
        if let Some(cap) = cap {
            return self.undecided("winnable", cap, &report.stats);
        }
        let next = match &report.outcome {
            Outcome::Solved(moves) => moves.first().copied(),
            _ => None,
        };
        // With unknown cards, the verdict holds for the cards known so far only.
        let bound = board_bound(position, &report, budget).map(|(bound, _)| bound);
        let open = bound.as_ref().is_some_and(|bound| !bound.is_definitive());
        let mut json = json!({
            "winnable": matches!(report.outcome, Outcome::Solved(_)),
            "next": next.map(|mv| step_json(position, mv)),
        });
        if let Outcome::Solved(moves) = &report.outcome {
            json["length"] = json!(moves.len());
        }
        if let Outcome::NoSolution(Some(reason)) = &report.outcome {
            json["reason"] = json!(reason);
        }
        if let Some(from) = self.progress_json() {
            json["from"] = from;
        }
        add_bound_json(&mut json, bound.as_ref());
        let mut text = match (&report.outcome, next) {
            (Outcome::Solved(_), None) => format!("{}.\n", position.rules().finish.done()),
            (Outcome::Solved(moves), Some(mv)) => format!(
                "Next: {}\nWinnable: {}, this one included.\n",
                position.describe(mv),
                counted(moves.len(), "more step")
            ),
            (Outcome::NoSolution(Some(reason)), _) if !open => {
                format!("{}: {reason}.\n", self.not_winnable())
            }
            (Outcome::NoSolution(_), _) if open => {
                format!("{} with the cards known so far.\n", self.not_winnable())
            }
            _ => format!(
                "{}: no way to {} from here.\n",
                self.not_winnable(),
                position.rules().finish.aim()
            ),
        };
        match &bound {
            Some(Bound::Could(_)) => text.push_str(
                "Unknown cards (??) could change this: `pyramid solve` gives the plan to reveal \
                 one.\n",
            ),
            Some(Bound::Capped(cap)) => text.push_str(&format!(
                "Whether unknown cards (??) could change this is undecided: {}.\n",
                undecided(*cap)
            )),
            Some(Bound::Definitive) | None => {}
        }
        // A hint's text says where the game stands in its own words ("No longer winnable").
        let solved = matches!(report.outcome, Outcome::Solved(_));
        Answer::new(Verdict::of(solved, !open), text, json)
    }

    /// That the file holds a valid deal or game, named `name`, with the rules it is read
    /// under.
    pub fn validate(&self, name: &str) -> Answer {
        let unknown = unknowns_text::count(self.game.deal.unknown().count_ones());
        let game = format!("Pyramid game ({})", self.position.rules());
        let text = match self.progress() {
            Some(from) if self.position.is_won() => {
                format!("{name}: a valid {game}, already won ({from}){unknown}\n")
            }
            Some(from) => format!("{name}: a valid {game} in progress ({from}){unknown}\n"),
            None => format!(
                "{name}: a valid Pyramid deal ({}){unknown}\n",
                self.position.rules()
            ),
        };
        Answer::new(Verdict::Yes, text, Value::Null)
    }
}

/// The answer as one JSON object.
pub fn answer_json(start: &Position, report: &Report) -> Value {
    let stats = stats_json(&report.stats);
    match &report.outcome {
        Outcome::Solved(moves) => {
            let steps = start.walk(moves, |before, mv, _| step_json(before, mv));
            json!({"solvable": true, "length": moves.len(), "steps": steps, "stats": stats})
        }
        Outcome::NoSolution(reason) => {
            let mut object =
                json!({"solvable": false, "length": null, "steps": [], "stats": stats});
            let reason = reason.clone().or_else(|| unsearched_reason(start, report));
            if let Some(reason) = reason {
                object["reason"] = json!(reason);
            }
            object
        }
        Outcome::Cancelled => json!({"cancelled": true, "stats": stats}),
    }
}

/// The answer as text a person can follow at the table.
pub fn answer_text(start: &Position, report: &Report) -> String {
    match &report.outcome {
        Outcome::Solved(moves) => {
            let mut text = format!("Solved in {}.\n", counted(moves.len(), "step"));
            let steps = start.walk(moves, |before, mv, _| before.describe(mv));
            for (number, step) in steps.iter().enumerate() {
                text.push_str(&format!("{:>3}. {step}\n", number + 1));
            }
            text
        }
        Outcome::NoSolution(Some(reason)) => format!("No solution: {reason}.\n"),
        Outcome::NoSolution(None) if report.stats.expanded == 0 => format!(
            "No solution: {}.\n",
            unsearched_reason(start, report).unwrap_or_default()
        ),
        Outcome::NoSolution(None) => format!(
            "No solution: an exhaustive search ({} positions) found no way to {}.\n",
            report.stats.expanded,
            start.rules().finish.aim()
        ),
        Outcome::Cancelled => "Cancelled.\n".to_string(),
    }
}

/// For a game that cannot be won, the line that removes the most cards the goal counts,
/// searched under the budget left: in JSON as `lines` (TriPeaks' shape), and in text its
/// headline after the first line and its steps, each with the cards removed so far; or that
/// a cap stopped that search.
fn add_best_line(position: &Position, budget: &Budget, json: &mut Value, text: &mut String) {
    let mut quiet = ();
    let mut capped = budget.watch(&mut quiet);
    let found = solver::solve_most(position, &mut capped).answer;
    let Some(line) = found else {
        let cap = capped.reached().expect("only a cap stops the search");
        json["best_undecided"] = json!(undecided(cap));
        text.push_str(&format!(
            "The most that can be cleared is undecided: {}.\n",
            undecided(cap)
        ));
        return;
    };
    let counted = position.rules().finish.counted();
    let before = position.cleared();
    let steps = position.walk(&line.moves, |before_step, mv, after| {
        (
            (step_json(before_step, mv), before_step.describe(mv)),
            (after.cleared() - before) as u32,
        )
    });
    let json_steps = steps
        .iter()
        .map(|((step, _), figure)| (step.clone(), *figure))
        .collect();
    json["lines"] = json!([line_json(false, "cleared", line.value, json_steps)]);
    let headline = counted.most_text(before, line.value as usize, line.moves.len());
    // The headline ends the verdict's line: "No solution: ... The most that can be cleared:
    // 26 of 28 in 40 steps."
    let first_end = text.find('\n').unwrap_or(text.len());
    text.insert_str(first_end, &format!(" {headline}"));
    text.push_str(&numbered(
        steps
            .into_iter()
            .map(|((_, words), figure)| (words, counted.cards(figure as usize))),
    ));
}

/// Why there is no solution when the solver proved it before expanding a single position: the
/// count of partners its cards need already rules every line out, so no search ran.
fn unsearched_reason(start: &Position, report: &Report) -> Option<String> {
    (matches!(report.outcome, Outcome::NoSolution(None)) && report.stats.expanded == 0).then(|| {
        format!(
            "proved without a search: the cards left hold too few partners for the cards that \
             need them, so no line can {}",
            start.rules().finish.aim()
        )
    })
}

/// Solves the Board challenge under the budget: the report, and the cap that stopped it if one
/// did.
pub fn solve_capped(
    position: &Position,
    budget: &Budget,
    observer: &mut dyn Observer,
) -> (Report, Option<CapReached>) {
    let mut capped = budget.watch(observer);
    let report = solver::solve(position, &mut capped);
    (report, capped.reached())
}

/// Solves a Score or Card challenge under the budget: the answer and its figures, or the cap
/// that stopped it.
pub fn solve_challenge_capped(
    position: &Position,
    goal: Goal,
    budget: &Budget,
    observer: &mut dyn Observer,
) -> Result<(ChallengeAnswer, Stats), (CapReached, Stats)> {
    let mut capped = budget.watch(observer);
    let (answer, stats) = super::challenge::solve(position, goal, &mut capped);
    match (answer, capped.reached()) {
        (Some(answer), None) => Ok((answer, stats)),
        (_, cap) => Err((cap.expect("only a cap stops the search"), stats)),
    }
}

/// What unknown cards (`??`) in play leave open about an answer, from the search for what
/// knowing them could at best give (the cards as wildcards), run under the budget left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Bound {
    /// The answer is the best there is, whatever the cards are.
    Definitive,
    /// Knowing them could do better: what, in words ("at best clear the pyramid in 40 steps").
    Could(String),
    /// A cap stopped that search: whether the answer is the best is not known.
    Capped(CapReached),
}

impl Bound {
    /// The bound from the wildcard search's answer, the cap that stopped it if one did, and
    /// what its answer could give in words.
    fn of<A>(
        unknowns: &solver::Unknowns<A>,
        cap: Option<CapReached>,
        could: impl FnOnce(&A) -> String,
    ) -> Bound {
        match (&unknowns.bound, cap) {
            _ if unknowns.definitive => Bound::Definitive,
            (Some(bound), None) => Bound::Could(could(bound)),
            (_, cap) => Bound::Capped(cap.expect("only a cap stops the search")),
        }
    }

    pub fn is_definitive(&self) -> bool {
        *self == Bound::Definitive
    }

    /// Why a deal whose answer falls short counts as undecided: its unknown cards, `count`
    /// of them, or the cap that stopped the search for what they could give.
    pub fn undecided(&self, count: usize) -> String {
        match self {
            Bound::Capped(cap) => undecided(*cap),
            Bound::Definitive | Bound::Could(_) => unknowns_text::not_known(count),
        }
    }
}

/// What unknown cards could change about a Board answer, and the figures of that search;
/// `None` without unknown cards in play.
pub fn board_bound(
    position: &Position,
    report: &Report,
    budget: &Budget,
) -> Option<(Bound, Stats)> {
    let mut quiet = ();
    let mut capped = budget.watch(&mut quiet);
    let unknowns = solver::board_unknowns(position, report, &mut capped)?;
    let bound = Bound::of(&unknowns, capped.reached(), |bound| match bound {
        Outcome::Solved(moves) => format!(
            "at best {} in {} steps",
            position.rules().finish.aim(),
            moves.len()
        ),
        Outcome::NoSolution(_) | Outcome::Cancelled => "do better".to_string(),
    });
    Some((bound, unknowns.stats))
}

/// What unknown cards could change about a challenge's answer, and the figures of that
/// search; `None` without unknown cards in play.
pub fn challenge_bound(
    position: &Position,
    goal: Goal,
    answer: &ChallengeAnswer,
    budget: &Budget,
) -> Option<(Bound, Stats)> {
    use solver::{CardAnswer, ScoreAnswer};
    let reach = |steps: usize| format!("reach the target in {steps} steps");
    let give = |value: u32| format!("give {}", amount(goal, value + base(goal)));
    let mut quiet = ();
    let mut capped = budget.watch(&mut quiet);
    match (goal, answer) {
        (Goal::Score { .. }, ChallengeAnswer::Score(found)) => {
            let unknowns = solver::score_unknowns(position, goal.needed(), found, &mut capped)?;
            let bound = Bound::of(&unknowns, capped.reached(), |bound| match bound {
                ScoreAnswer::Reached(line) => reach(line.moves.len()),
                ScoreAnswer::Short(line) => give(line.value),
            });
            Some((bound, unknowns.stats))
        }
        (Goal::Card { rank, .. }, ChallengeAnswer::Card(found)) => {
            let unknowns =
                solver::card_unknowns(position, rank, goal.needed(), found, &mut capped)?;
            let bound = Bound::of(&unknowns, capped.reached(), |bound| match bound {
                CardAnswer::Reached(line) => reach(line.moves.len()),
                CardAnswer::Short { clearing, open } => give(
                    open.as_ref()
                        .or(clearing.as_ref())
                        .map_or(0, |line| line.value),
                ),
            });
            Some((bound, unknowns.stats))
        }
        _ => None,
    }
}

/// What unknown cards (`??`) leave open when the answer is not definitive: the bound and the
/// plan to turn one face up (or the cap that stopped the search for it).
struct UnknownsNote {
    bound: Bound,
    plan: Result<Option<solver::RevealPlan>, CapReached>,
    from: Position,
    /// The deal-order slot of the card the plan turns face up.
    slot: Option<usize>,
}

/// The note for an answer with unknown cards in play, searching for the plan under the budget
/// left; `None` when the answer is definitive.
fn unknowns_note(
    position: &Position,
    game: &SavedDeal,
    bound: Option<&Bound>,
    budget: &Budget,
) -> Option<UnknownsNote> {
    let bound = bound.filter(|bound| !bound.is_definitive())?.clone();
    let start = Position::new(&game.deal, position.rules());
    let mut quiet = ();
    let mut capped = budget.watch(&mut quiet);
    let plan = solver::reveal_plan(position, &start, &mut capped)
        .map_err(|_| capped.reached().expect("only a cap stops the search"));
    let from = match &plan {
        Ok(Some(plan)) if plan.restart => start,
        _ => position.clone(),
    };
    let slot = plan
        .as_ref()
        .ok()
        .and_then(Option::as_ref)
        .and_then(|plan| game.deal.cards().iter().position(|&card| card == plan.card));
    Some(UnknownsNote {
        bound,
        plan,
        from,
        slot,
    })
}

/// The note as text, after a blank line; empty without one.
fn note_text(note: Option<&UnknownsNote>) -> String {
    let Some(note) = note else {
        return String::new();
    };
    let plan = note.plan.as_ref().ok().and_then(Option::as_ref);
    let reveal = plan.map(|plan| unknowns_text::Reveal {
        from_start: plan.restart,
        card: match (plan.place, note.slot) {
            (Place::Pyramid(_), _) => format!("the card at {}", place_name(plan.place)),
            (Place::Stock | Place::Waste, Some(slot)) => format!(
                "the card now on the {} ({} in the file)",
                place_name(plan.place),
                slot_name(slot)
            ),
            (Place::Stock | Place::Waste, None) => {
                format!("the card on the {}", place_name(plan.place))
            }
        },
        steps: note
            .from
            .walk(&plan.moves, |before, mv, _| before.describe(mv)),
    });
    let mut text = match &note.bound {
        Bound::Could(could) => unknowns_text::note(could, reveal.as_ref()),
        Bound::Capped(cap) => unknowns_text::capped_note(&undecided(*cap), reveal.as_ref()),
        // A definitive answer has no note.
        Bound::Definitive => String::new(),
    };
    if let Err(cap) = note.plan {
        text.push_str(&format!(
            "The plan to reveal one is undecided: {}.\n",
            undecided(cap)
        ));
    }
    text
}

/// Adds `definitive`, and `could` or `undecided` when it is not, to an answer's JSON when
/// unknown cards are in play.
pub fn add_bound_json(object: &mut Value, bound: Option<&Bound>) {
    let Some(bound) = bound else {
        return;
    };
    object["definitive"] = json!(bound.is_definitive());
    match bound {
        Bound::Definitive => {}
        Bound::Could(could) => object["could"] = json!(could),
        Bound::Capped(cap) => object["undecided"] = json!(undecided(*cap)),
    }
}

/// Adds the bound (see [`add_bound_json`]) and the plan to reveal a card to an answer's JSON.
fn add_unknowns_json(object: &mut Value, bound: Option<&Bound>, note: Option<&UnknownsNote>) {
    add_bound_json(object, bound);
    let Some(note) = note else {
        return;
    };
    object["reveal"] = match &note.plan {
        Ok(Some(plan)) => json!({
            "from_start": plan.restart,
            "seen_slot": note.slot,
            "steps": note.from.walk(&plan.moves, |before, mv, _| step_json(before, mv)),
            "seen_place": note.slot.map(slot_name),
        }),
        Err(cap) => json!({"undecided": undecided(*cap)}),
        Ok(None) => return,
    };
}

/// A challenge's headline: "Reach 1290 points in 49 steps.", "At most 60 points: the board
/// cannot be cleared; 23 steps.", "At most 2 Fours clearing the board (31 steps), 3 without
/// (18 steps)."
pub fn headline(goal: Goal, answer: &ChallengeAnswer) -> String {
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
fn shortfall_text(goal: Goal, answer: &ChallengeAnswer) -> Option<String> {
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

/// A challenge's answer as text: the headline, then each line's numbered steps with the
/// running total.
pub fn challenge_text(start: &Position, goal: Goal, answer: &ChallengeAnswer) -> String {
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

/// A challenge's answer as one JSON object.
pub fn challenge_json(
    start: &Position,
    goal: Goal,
    answer: &ChallengeAnswer,
    stats: &Stats,
) -> Value {
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

//! The `solve`, `hint` and `validate` commands, and the JSON form of an answer that `batch`
//! shares.

use serde_json::{Value, json};

use solitaire::Deal;
use solitaire::games::pyramid::challenge::Answer as ChallengeAnswer;
use solitaire::games::pyramid::position::place_name;
use solitaire::games::pyramid::solver::{self, Budget, CapReached, Outcome, Report, Stats};
use solitaire::games::pyramid::{Goal, Place, Position, RuleChanges, Rules};

use crate::cli::args::{HintArgs, SolveArgs, ValidateArgs};
use crate::cli::challenge;
use crate::cli::console;
use crate::cli::input::{self, InputError, Source, game_of, read_source};
use crate::cli::json::{stats_json, step_json};
use crate::cli::klondike_output;
use crate::cli::tripeaks_output;
use crate::store::SavedDeal;
use crate::{EXIT_NO_SOLUTION, EXIT_OK, EXIT_UNDECIDED};
use solitaire::GameKind;
use solitaire::engine::unknowns_text;

/// A deal file read as a saved game, and the position it stands at.
struct Saved {
    game: SavedDeal,
    position: Position,
}

impl Saved {
    fn read(
        source: &Source,
        path: &std::path::Path,
        rules: RuleChanges,
    ) -> Result<Saved, InputError> {
        let game = game_of(source, path, rules)?;
        let position = game.game().position().clone();
        Ok(Saved { game, position })
    }

    fn solve(&self, budget: &Budget) -> (Report, Option<CapReached>) {
        solve_capped(&self.position, budget)
    }

    /// Where the game stands when it is not the deal's start: "pass 2, 12 moves played".
    fn progress(&self) -> Option<String> {
        let game = &self.game;
        if game.midgame.is_start() && game.moves.is_empty() {
            return None;
        }
        let mut parts = vec![format!("pass {}", self.position.pass())];
        let gone = game.midgame.gone.count_ones();
        if gone > 0 {
            parts.push(format!("{gone} cards already gone"));
        }
        parts.push(format!("{} moves played", game.moves.len()));
        Some(parts.join(", "))
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

    /// Prints an answer: the JSON object, with where the game stood as `from`, or the text
    /// after a line saying where it stood.
    fn print(&self, json: bool, object: impl FnOnce() -> Value, text: impl FnOnce() -> String) {
        if json {
            let mut object = object();
            if let Some(from) = self.progress_json() {
                object["from"] = from;
            }
            console::out(format_args!("{object}\n"));
        } else {
            if let Some(from) = self.progress() {
                console::out(format_args!("From the saved position: {from}.\n"));
            }
            console::out(text());
        }
    }

    /// Prints that a cap stopped the search, the verdict under `key` being null; the exit
    /// code.
    fn print_undecided(&self, json: bool, key: &str, cap: CapReached, stats: &Stats) -> u8 {
        self.print(
            json,
            || undecided_json(key, cap, stats),
            || format!("{}\n", undecided_text(cap)),
        );
        EXIT_UNDECIDED
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
}

/// Solves a deal file, from the position it was saved at, and prints the answer.
pub fn solve(args: &SolveArgs, game: Option<GameKind>) -> Result<u8, InputError> {
    let source = read_source(&args.file)?;
    let game = input::game_in(&source, game)?;
    if game == GameKind::Klondike {
        return klondike_output::solve(args, &source);
    }
    args.format.check_game(game).map_err(InputError::Usage)?;
    if game == GameKind::TriPeaks {
        return tripeaks_output::solve(args, &source);
    }
    args.goal
        .rules
        .check_game(GameKind::Pyramid)
        .map_err(InputError::Usage)?;
    let goal = args.goal(GameKind::Pyramid)?;
    let saved = Saved::read(&source, &args.file, args.goal.rules.changes())?;
    // Without a challenge on the command line, the one saved with the game.
    let goal = goal.unwrap_or(saved.game.goal);
    goal.check(saved.position.rules())?;
    // One budget for the answer, what unknown cards could give, and the plan to reveal one.
    let budget = Budget::start(args.caps.caps());
    if goal != Goal::Board {
        return Ok(solve_challenge(&saved, goal, &budget, args.json));
    }
    let (position, (report, cap)) = (&saved.position, saved.solve(&budget));
    if let Some(cap) = cap {
        return Ok(saved.print_undecided(args.json, "solvable", cap, &report.stats));
    }
    let bound = board_bound(position, &report, &budget).map(|(bound, _)| bound);
    let note = unknowns_note(position, &saved.game, bound.as_ref(), &budget);
    saved.print(
        args.json,
        || {
            let mut object = answer_json(position, &report);
            add_unknowns_json(&mut object, bound.as_ref(), note.as_ref());
            object
        },
        || {
            let text = answer_text(position, &report);
            // Without the unknown cards, "no solution" is only so for the cards known.
            let text = if note.is_some() {
                text.replacen("No solution", "No solution with the cards known so far", 1)
            } else {
                text
            };
            text + &note_text(note.as_ref())
        },
    );
    Ok(match exit_code(&report.outcome) {
        EXIT_NO_SOLUTION if bound.is_some_and(|bound| !bound.is_definitive()) => EXIT_UNDECIDED,
        code => code,
    })
}

/// What unknown cards (`??`) in play leave open about an answer, from the search for what
/// knowing them could at best give (the cards as wildcards), run under the budget left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Bound {
    /// The answer is the best there is, whatever the cards are.
    Definitive,
    /// Knowing them could do better: what, in words ("clear it in 40 steps").
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
        Outcome::Solved(moves) => format!("clear it in {} steps", moves.len()),
        Outcome::NoSolution(_) | Outcome::Cancelled => "do better".to_string(),
    });
    Some((bound, unknowns.stats))
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
                solitaire::games::pyramid::layout::slot_name(slot)
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
            "seen_place": note.slot.map(solitaire::games::pyramid::layout::slot_name),
        }),
        Err(cap) => json!({"undecided": undecided(*cap)}),
        Ok(None) => return,
    };
}

/// Solves a Score or Card challenge and prints the answer; the exit code.
fn solve_challenge(saved: &Saved, goal: Goal, budget: &Budget, json: bool) -> u8 {
    let position = &saved.position;
    let (answer, stats) = match solve_challenge_capped(position, goal, budget) {
        Ok(answered) => answered,
        Err((cap, stats)) => return saved.print_undecided(json, "reached", cap, &stats),
    };
    let bound = challenge_bound(position, goal, &answer, budget).map(|(bound, _)| bound);
    let note = unknowns_note(position, &saved.game, bound.as_ref(), budget);
    saved.print(
        json,
        || {
            let mut object = challenge::json(position, goal, &answer, &stats);
            add_unknowns_json(&mut object, bound.as_ref(), note.as_ref());
            object
        },
        || {
            let text = challenge::text(position, goal, &answer);
            let text = if note.is_some() {
                unknowns_text::known_so_far(&text)
            } else {
                text
            };
            text + &note_text(note.as_ref())
        },
    );
    if answer.reached() {
        EXIT_OK
    } else if bound.is_some_and(|bound| !bound.is_definitive()) {
        EXIT_UNDECIDED
    } else {
        EXIT_NO_SOLUTION
    }
}

/// Solves a Score or Card challenge under the budget: the answer and its figures, or the cap
/// that stopped it.
pub fn solve_challenge_capped(
    position: &Position,
    goal: Goal,
    budget: &Budget,
) -> Result<(ChallengeAnswer, Stats), (CapReached, Stats)> {
    let mut quiet = ();
    let mut capped = budget.watch(&mut quiet);
    let (answer, stats) = solitaire::games::pyramid::challenge::solve(position, goal, &mut capped);
    match (answer, capped.reached()) {
        (Some(answer), None) => Ok((answer, stats)),
        (_, cap) => Err((cap.expect("only a cap stops the search"), stats)),
    }
}

/// What unknown cards could change about a challenge's answer, and the figures of that
/// search; `None` without unknown cards in play.
pub fn challenge_bound(
    position: &Position,
    goal: Goal,
    answer: &ChallengeAnswer,
    budget: &Budget,
) -> Option<(Bound, Stats)> {
    use solitaire::games::pyramid::challenge::{amount, base};
    use solitaire::games::pyramid::solver::{CardAnswer, ScoreAnswer};
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

/// Prints only the next move from a saved game's position, and whether it can be won.
pub fn hint(args: &HintArgs, game: Option<GameKind>) -> Result<u8, InputError> {
    let source = read_source(&args.file)?;
    let game = input::game_in(&source, game)?;
    if game == GameKind::Klondike {
        return klondike_output::hint(args, &source);
    }
    args.format.check_game(game).map_err(InputError::Usage)?;
    if game == GameKind::TriPeaks {
        return tripeaks_output::hint(args, &source);
    }
    args.rules
        .check_game(GameKind::Pyramid)
        .map_err(InputError::Usage)?;
    let saved = Saved::read(&source, &args.file, args.rules.changes())?;
    let budget = Budget::start(args.caps.caps());
    let (position, (report, cap)) = (&saved.position, saved.solve(&budget));
    if let Some(cap) = cap {
        return Ok(saved.print_undecided(args.json, "winnable", cap, &report.stats));
    }
    let next = match &report.outcome {
        Outcome::Solved(moves) => moves.first().copied(),
        _ => None,
    };
    // With unknown cards, the verdict holds for the cards known so far only.
    let bound = board_bound(position, &report, &budget).map(|(bound, _)| bound);
    let open = bound.as_ref().is_some_and(|bound| !bound.is_definitive());
    if args.json {
        let mut answer = json!({
            "winnable": matches!(report.outcome, Outcome::Solved(_)),
            "next": next.map(|mv| step_json(position, mv)),
        });
        if let Outcome::Solved(moves) = &report.outcome {
            answer["length"] = json!(moves.len());
        }
        if let Outcome::NoSolution(Some(reason)) = &report.outcome {
            answer["reason"] = json!(reason);
        }
        if let Some(from) = saved.progress_json() {
            answer["from"] = from;
        }
        add_bound_json(&mut answer, bound.as_ref());
        console::out(format_args!("{answer}\n"));
    } else {
        match (&report.outcome, next) {
            (Outcome::Solved(_), None) => {
                console::out(format_args!("{}.\n", position.rules().finish.done()));
            }
            (Outcome::Solved(moves), Some(mv)) => {
                console::out(format_args!(
                    "Next: {}\nWinnable: {} more steps, this one included.\n",
                    position.describe(mv),
                    moves.len()
                ));
            }
            (Outcome::NoSolution(Some(reason)), _) if !open => {
                console::out(format_args!("{}: {reason}.\n", saved.not_winnable()));
            }
            (Outcome::NoSolution(_), _) if open => {
                console::out(format_args!(
                    "{} with the cards known so far.\n",
                    saved.not_winnable()
                ));
            }
            _ => console::out(format_args!(
                "{}: no way to {} from here.\n",
                saved.not_winnable(),
                position.rules().finish.aim()
            )),
        }
    }
    match &bound {
        _ if args.json => {}
        Some(Bound::Could(_)) => console::out(format_args!(
            "Unknown cards (??) could change this: `pyramid solve` gives the plan to reveal one.\n"
        )),
        Some(Bound::Capped(cap)) => console::out(format_args!(
            "Whether unknown cards (??) could change this is undecided: {}.\n",
            undecided(*cap)
        )),
        Some(Bound::Definitive) | None => {}
    }
    Ok(match exit_code(&report.outcome) {
        EXIT_NO_SOLUTION if open => EXIT_UNDECIDED,
        code => code,
    })
}

/// Checks a deal file, with the position and moves a saved game gives; problems are
/// returned as the error.
pub fn validate(args: &ValidateArgs, game: Option<GameKind>) -> Result<u8, InputError> {
    let source = read_source(&args.file)?;
    let game = input::game_in(&source, game)?;
    if game == GameKind::Klondike {
        return klondike_output::validate(args, &source);
    }
    args.format.check_game(game).map_err(InputError::Usage)?;
    if args.print_as.is_some() {
        return Err(InputError::Usage(format!(
            "--print-as is for Klondike deals; a {game} deal has one layout"
        )));
    }
    if game == GameKind::TriPeaks {
        return tripeaks_output::validate(args, &source);
    }
    args.rules
        .check_game(GameKind::Pyramid)
        .map_err(InputError::Usage)?;
    let saved = Saved::read(&source, &args.file, args.rules.changes())?;
    let name = input::source_name(&args.file);
    let unknown = unknowns_text::count(saved.game.deal.unknown().count_ones());
    match saved.progress() {
        Some(from) => console::out(format_args!(
            "{name}: a valid game in progress ({from}){unknown}\n"
        )),
        None => console::out(format_args!("{name}: a valid deal{unknown}\n")),
    }
    Ok(EXIT_OK)
}

/// The exit code for an outcome.
pub fn exit_code(outcome: &Outcome) -> u8 {
    match outcome {
        Outcome::Solved(_) => EXIT_OK,
        Outcome::NoSolution(_) | Outcome::Cancelled => EXIT_NO_SOLUTION,
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
            let mut text = format!("Solved in {} steps.\n", moves.len());
            let steps = start.walk(moves, |before, mv, _| before.describe(mv));
            for (number, step) in steps.iter().enumerate() {
                text.push_str(&format!("{:>3}. {step}\n", number + 1));
            }
            text
        }
        Outcome::NoSolution(Some(reason)) => format!("No solution: {reason}.\n"),
        Outcome::NoSolution(None) => format!(
            "No solution: an exhaustive search ({} positions) found no way to {}.\n",
            report.stats.expanded,
            start.rules().finish.aim()
        ),
        Outcome::Cancelled => "Cancelled.\n".to_string(),
    }
}

/// Solves a deal from its start under these rules and the budget.
pub fn solve_deal(
    deal: &Deal,
    rules: Rules,
    budget: &Budget,
) -> (Position, Report, Option<CapReached>) {
    let position = Position::new(deal, rules);
    let (report, cap) = solve_capped(&position, budget);
    (position, report, cap)
}

/// Solves the Board challenge under the budget: the report, and the cap that stopped it if one
/// did.
pub fn solve_capped(position: &Position, budget: &Budget) -> (Report, Option<CapReached>) {
    let mut quiet = ();
    let mut capped = budget.watch(&mut quiet);
    let report = solver::solve(position, &mut capped);
    (report, capped.reached())
}

/// What an undecided answer says: "cap reached (states: 12288 stored, cap 1000)".
pub fn undecided(cap: CapReached) -> String {
    format!("cap reached ({cap})")
}

/// The text for a person, with the flags that raise the caps.
pub fn undecided_text(cap: CapReached) -> String {
    format!(
        "Undecided: {}. --max-states, --max-memory and --time-limit raise the caps.",
        undecided(cap)
    )
}

/// The JSON for a search a cap stopped: the verdict under `key` (`solvable`, `winnable`,
/// `reached`) is null and `undecided` says which cap, with the figure.
pub fn undecided_json(key: &str, cap: CapReached, stats: &Stats) -> Value {
    let mut object = serde_json::Map::new();
    object.insert(key.to_string(), Value::Null);
    object.insert("undecided".to_string(), json!(undecided(cap)));
    object.insert("stats".to_string(), stats_json(stats));
    Value::Object(object)
}

//! The `solve`, `hint` and `validate` commands, and the JSON form of an answer that `batch`
//! shares.

use serde_json::{Value, json};

use solitaire::Deal;
use solitaire::pyramid::position::place_name;
use solitaire::pyramid::solver::{self, CapReached, Capped, Caps, Outcome, Report, Stats};
use solitaire::pyramid::{Goal, Place, Position, RuleChanges, Rules};

use crate::challenge;
use crate::cli::{HintArgs, SolveArgs, ValidateArgs};
use crate::console;
use crate::input::{self, InputError, Source, game_of, read_source};
use crate::json::{stats_json, step_json};
use crate::klondike_output;
use crate::storage::SavedDeal;
use crate::tripeaks_output;
use crate::unknowns_text;
use crate::{EXIT_NO_SOLUTION, EXIT_OK, EXIT_UNDECIDED};
use solitaire::GameKind;

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

    fn solve(&self, caps: Caps) -> (Report, Option<CapReached>) {
        solve_capped(&self.position, caps)
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
    let caps = args.caps.caps();
    if goal != Goal::Board {
        return Ok(solve_challenge(&saved, goal, caps, args.json));
    }
    let (position, (report, cap)) = (&saved.position, saved.solve(caps));
    if let Some(cap) = cap {
        return Ok(saved.print_undecided(args.json, "solvable", cap, &report.stats));
    }
    let unknowns = solver::board_unknowns(position, &report, &mut ()).map(|unknowns| {
        let could = match &unknowns.bound {
            Some(Outcome::Solved(moves)) => format!("clear it in {} steps", moves.len()),
            _ => "do no better".to_string(),
        };
        (unknowns.definitive, could)
    });
    let note = unknowns_note(position, &saved.game, unknowns.clone());
    saved.print(
        args.json,
        || {
            let mut object = answer_json(position, &report);
            add_unknowns_json(&mut object, unknowns.as_ref(), note.as_ref());
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
    let undecided = unknowns.is_some_and(|(definitive, _)| !definitive);
    Ok(match exit_code(&report.outcome) {
        EXIT_NO_SOLUTION if undecided => EXIT_UNDECIDED,
        code => code,
    })
}

/// What unknown cards (`??`) leave open: whether the answer is definitive, what knowing them
/// could give, and the plan to turn one face up; `None` without unknown cards in play or
/// when the answer is definitive.
struct UnknownsNote {
    could: String,
    plan: Option<solver::RevealPlan>,
    from: Position,
    /// The deal-order slot of the card the plan turns face up.
    slot: Option<usize>,
}

/// The note for an answer, from whether it is definitive and what the bound could give.
fn unknowns_note(
    position: &Position,
    game: &SavedDeal,
    unknowns: Option<(bool, String)>,
) -> Option<UnknownsNote> {
    let (definitive, could) = unknowns?;
    if definitive {
        return None;
    }
    let start = Position::new(&game.deal, position.rules());
    let plan = solver::reveal_plan(position, &start, &mut ())
        .ok()
        .flatten();
    let from = match &plan {
        Some(plan) if plan.restart => start,
        _ => position.clone(),
    };
    let slot = plan
        .as_ref()
        .and_then(|plan| game.deal.cards().iter().position(|&card| card == plan.card));
    Some(UnknownsNote {
        could,
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
    let reveal = note.plan.as_ref().map(|plan| unknowns_text::Reveal {
        from_start: plan.restart,
        card: match (plan.place, note.slot) {
            (Place::Pyramid(_), _) => format!("the card at {}", place_name(plan.place)),
            (Place::Stock | Place::Waste, Some(slot)) => format!(
                "the card now on the {} ({} in the file)",
                place_name(plan.place),
                solitaire::pyramid::layout::slot_name(slot)
            ),
            (Place::Stock | Place::Waste, None) => {
                format!("the card on the {}", place_name(plan.place))
            }
        },
        steps: note
            .from
            .walk(&plan.moves, |before, mv, _| before.describe(mv)),
    });
    unknowns_text::note(&note.could, reveal.as_ref())
}

/// Adds `definitive`, `could` and `reveal` to an answer's JSON when unknown cards are in play.
fn add_unknowns_json(
    object: &mut Value,
    unknowns: Option<&(bool, String)>,
    note: Option<&UnknownsNote>,
) {
    let Some((definitive, could)) = unknowns else {
        return;
    };
    object["definitive"] = json!(definitive);
    if !definitive {
        object["could"] = json!(could);
    }
    if let Some(UnknownsNote {
        plan: Some(plan),
        from,
        slot,
        ..
    }) = note
    {
        object["reveal"] = json!({
            "from_start": plan.restart,
            "seen_slot": slot,
            "steps": from.walk(&plan.moves, |before, mv, _| step_json(before, mv)),
            "seen_place": slot.map(solitaire::pyramid::layout::slot_name),
        });
    }
}

/// Solves a Score or Card challenge and prints the answer; the exit code.
fn solve_challenge(saved: &Saved, goal: Goal, caps: Caps, json: bool) -> u8 {
    let mut quiet = ();
    let mut capped = Capped::new(caps, &mut quiet);
    let (answer, stats) = solitaire::pyramid::challenge::solve(&saved.position, goal, &mut capped);
    let (Some(answer), None) = (answer, capped.reached()) else {
        let cap = capped.reached().expect("only a cap stops the search");
        return saved.print_undecided(json, "reached", cap, &stats);
    };
    let position = &saved.position;
    let unknowns = challenge_unknowns(position, goal, &answer);
    let note = unknowns_note(position, &saved.game, unknowns.clone());
    saved.print(
        json,
        || {
            let mut object = challenge::json(position, goal, &answer, &stats);
            add_unknowns_json(&mut object, unknowns.as_ref(), note.as_ref());
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
    } else if unknowns.is_some_and(|(definitive, _)| !definitive) {
        EXIT_UNDECIDED
    } else {
        EXIT_NO_SOLUTION
    }
}

/// Whether a challenge's answer is definitive with unknown cards in play, and what knowing
/// them could give; `None` without unknown cards.
fn challenge_unknowns(
    position: &Position,
    goal: Goal,
    answer: &solitaire::pyramid::challenge::Answer,
) -> Option<(bool, String)> {
    use solitaire::pyramid::challenge::{Answer, amount, base};
    use solitaire::pyramid::solver::{CardAnswer, ScoreAnswer};
    let reach = |steps: usize| format!("reach the target in {steps} steps");
    let give = |value: u32| format!("give {}", amount(goal, value + base(goal)));
    match (goal, answer) {
        (Goal::Score { .. }, Answer::Score(found)) => {
            let unknowns = solver::score_unknowns(position, goal.needed(), found, &mut ())?;
            let could = match unknowns.bound {
                Some(ScoreAnswer::Reached(line)) => reach(line.moves.len()),
                Some(ScoreAnswer::Short(line)) => give(line.value),
                None => "do better".to_string(),
            };
            Some((unknowns.definitive, could))
        }
        (Goal::Card { rank, .. }, Answer::Card(found)) => {
            let unknowns = solver::card_unknowns(position, rank, goal.needed(), found, &mut ())?;
            let could = match unknowns.bound {
                Some(CardAnswer::Reached(line)) => reach(line.moves.len()),
                Some(CardAnswer::Short { clearing, open }) => {
                    give(open.or(clearing).map_or(0, |line| line.value))
                }
                None => "do better".to_string(),
            };
            Some((unknowns.definitive, could))
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
    let (position, (report, cap)) = (&saved.position, saved.solve(args.caps.caps()));
    if let Some(cap) = cap {
        return Ok(saved.print_undecided(args.json, "winnable", cap, &report.stats));
    }
    let next = match &report.outcome {
        Outcome::Solved(moves) => moves.first().copied(),
        _ => None,
    };
    // With unknown cards, the verdict holds for the cards known so far only.
    let definitive =
        solver::board_unknowns(position, &report, &mut ()).map(|unknowns| unknowns.definitive);
    let open = definitive == Some(false);
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
        if let Some(definitive) = definitive {
            answer["definitive"] = json!(definitive);
        }
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
    if open && !args.json {
        console::out(format_args!(
            "Unknown cards (??) could change this: `pyramid solve` gives the plan to reveal one.\n"
        ));
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

/// Solves a deal from its start under these rules and caps.
pub fn solve_deal(deal: &Deal, rules: Rules, caps: Caps) -> (Position, Report, Option<CapReached>) {
    let position = Position::new(deal, rules);
    let (report, cap) = solve_capped(&position, caps);
    (position, report, cap)
}

/// Solves the Board challenge under caps: the report, and the cap that stopped it if one did.
pub fn solve_capped(position: &Position, caps: Caps) -> (Report, Option<CapReached>) {
    let mut quiet = ();
    let mut capped = Capped::new(caps, &mut quiet);
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

//! The `solve`, `hint` and `validate` commands, for any game of the registry: read the file,
//! tell its game, check the flags against the game, open the text as the game's table, and
//! print the table's answer as text or JSON; the answer's verdict gives the exit code.

use std::path::Path;

use serde_json::Value;
use solitaire::engine::game::{Game, Settings, Table, title};
use solitaire::engine::verdict::{Answer, titled};

use crate::cli::args::{HintArgs, SolveArgs, ValidateArgs};
use crate::cli::console;
use crate::cli::input::{self, InputError, read_source};

/// A deal file opened as its game's table: the game, the table, and a note when the text
/// reads as another game too.
struct Opened {
    game: &'static dyn Game,
    table: Box<dyn Table>,
    note: Option<String>,
}

/// Reads a deal file and opens it as its game's table, the flags checked against the game.
fn open(
    path: &Path,
    asked: Option<&'static dyn Game>,
    check: impl FnOnce(&dyn Game) -> Result<(), InputError>,
    settings: &Settings,
) -> Result<Opened, InputError> {
    let source = read_source(path)?;
    let (game, note) = input::chosen_game(&source, asked)?;
    check(game)?;
    let table = game
        .open(&source.text, &source.names(path), settings)
        .map_err(|error| InputError::open(&source.name, error))?;
    Ok(Opened { game, table, note })
}

/// The answer's JSON with the game it answers for and its rules first: `{"game": "pyramid",
/// "rules": {...}, ...}`.
fn with_game(json: &Value, opened: &Opened) -> Value {
    let mut object = serde_json::Map::new();
    object.insert("game".to_string(), Value::from(opened.game.id()));
    object.insert("rules".to_string(), opened.table.rules_json());
    match json {
        Value::Object(fields) => object.extend(fields.clone()),
        other => {
            object.insert("answer".to_string(), other.clone());
        }
    }
    Value::Object(object)
}

/// How an answer is printed: as one JSON object, or as text opening with the game and its
/// rules (`validate`'s text names them in its own words, after the file's name).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shown {
    Json,
    Titled,
    Plain,
}

/// Prints an answer, as one JSON object naming its game and rules or as text, any warning
/// before it and the note on the game it was read as after it (nothing once the answer's
/// reader has gone); the exit code.
fn print(opened: &Opened, answer: &Answer, shown: Shown) -> u8 {
    if let Some(warning) = &answer.warning {
        console::err(format_args!("{warning}\n"));
    }
    match shown {
        Shown::Json => console::out(format_args!("{}\n", with_game(&answer.json, opened))),
        Shown::Titled => console::out(titled(
            &title(opened.game, opened.table.as_ref()),
            &answer.text,
        )),
        Shown::Plain => console::out(&answer.text),
    }
    if let Some(note) = &opened.note {
        console::err(format_args!("{note}\n"));
    }
    answer.verdict.exit_code()
}

/// JSON when asked for, else text opening with the game and its rules.
fn shown(json: bool) -> Shown {
    if json { Shown::Json } else { Shown::Titled }
}

/// Solves a deal file, from the position it was saved at, and prints the answer.
pub fn solve(args: &SolveArgs, asked: Option<&'static dyn Game>) -> Result<u8, InputError> {
    let mut goal = None;
    let check = |game: &dyn Game| {
        args.game.check_game(game)?;
        goal = args.goal.goal(game, args.board)?;
        Ok(())
    };
    let source = &args.game.settings;
    let opened = open(&args.file, asked, check, source)?;
    let answer = opened
        .table
        .solve(goal, args.caps.caps(), &mut ())
        .map_err(|error| InputError::open(&input::source_name(&args.file), error))?;
    Ok(print(&opened, &answer, shown(args.json)))
}

/// Prints only the next move from a saved game's position, and whether it can be won; with
/// cards not known whose outcome may depend on them, every move ranked by its chance to win.
pub fn hint(args: &HintArgs, asked: Option<&'static dyn Game>) -> Result<u8, InputError> {
    let mut goal = None;
    let check = |game: &dyn Game| {
        args.game.check_game(game)?;
        goal = args.goal.goal(game, args.board)?;
        Ok(())
    };
    let opened = open(&args.file, asked, check, &args.game.settings)?;
    // Without a challenge on the command line, the one saved with the game.
    let goal = goal.unwrap_or_else(|| opened.table.goal());
    let budget = args.table.budget(&args.caps, goal);
    let answer = match opened.table.chances(goal, &budget, &mut ()) {
        Some(ranked) => {
            ranked.map_err(|error| InputError::open(&input::source_name(&args.file), error))?
        }
        None => opened.table.hint(args.caps.caps(), &mut ()),
    };
    Ok(print(&opened, &answer, shown(args.json)))
}

/// Checks a deal file, with the position and moves a saved game gives (problems are the
/// error), or prints it in another format.
pub fn validate(args: &ValidateArgs, asked: Option<&'static dyn Game>) -> Result<u8, InputError> {
    let settings = &args.game.settings;
    let check = |game: &dyn Game| args.game.check_game(game);
    let opened = open(&args.file, asked, check, settings)?;
    let answer = opened
        .table
        .validate(settings)
        .map_err(|error| InputError::open(&input::source_name(&args.file), error))?;
    Ok(print(&opened, &answer, Shown::Plain))
}

//! The `solve`, `hint` and `validate` commands, for any game of the registry: read the file,
//! tell its game, check the flags against the game, open the text as the game's table, and
//! print the table's answer as text or JSON; the answer's verdict gives the exit code.

use std::path::Path;

use solitaire::engine::game::{Game, Settings, Table};
use solitaire::engine::verdict::Answer;

use crate::cli::args::{HintArgs, SolveArgs, ValidateArgs};
use crate::cli::console;
use crate::cli::input::{self, InputError, read_source};

/// Reads a deal file and opens it as its game's table, the flags checked against the game.
fn open(
    path: &Path,
    asked: Option<&'static dyn Game>,
    check: impl FnOnce(&dyn Game) -> Result<(), InputError>,
    settings: &Settings,
) -> Result<(&'static dyn Game, Box<dyn Table>), InputError> {
    let source = read_source(path)?;
    let game = input::game_in(&source, asked)?;
    check(game)?;
    let table = game
        .open(&source.text, &source.names(path), settings)
        .map_err(|error| InputError::open(&source.name, error))?;
    Ok((game, table))
}

/// Prints an answer, as one JSON object or as text, and any warning beside it; the exit code.
fn print(answer: &Answer, json: bool) -> u8 {
    if let Some(warning) = &answer.warning {
        console::err(format_args!("{warning}\n"));
    }
    if json {
        console::out(format_args!("{}\n", answer.json));
    } else {
        console::out(&answer.text);
    }
    answer.verdict.exit_code()
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
    let (_, table) = open(&args.file, asked, check, source)?;
    let answer = table
        .solve(goal, args.caps.caps(), &mut ())
        .map_err(|error| InputError::open(&input::source_name(&args.file), error))?;
    Ok(print(&answer, args.json))
}

/// Prints only the next move from a saved game's position, and whether it can be won; with
/// cards not known whose outcome may depend on them, every move ranked by its chance to win.
pub fn hint(args: &HintArgs, asked: Option<&'static dyn Game>) -> Result<u8, InputError> {
    let check = |game: &dyn Game| args.game.check_game(game);
    let (_, table) = open(&args.file, asked, check, &args.game.settings)?;
    let budget = args.table.budget(&args.caps);
    let answer = match table.chances(&budget, &mut ()) {
        Some(ranked) => ranked,
        None => table.hint(args.caps.caps(), &mut ()),
    };
    Ok(print(&answer, args.json))
}

/// Checks a deal file, with the position and moves a saved game gives (problems are the
/// error), or prints it in another format.
pub fn validate(args: &ValidateArgs, asked: Option<&'static dyn Game>) -> Result<u8, InputError> {
    let settings = &args.game.settings;
    let check = |game: &dyn Game| args.game.check_game(game);
    let (_, table) = open(&args.file, asked, check, settings)?;
    let answer = table
        .validate(settings)
        .map_err(|error| InputError::open(&input::source_name(&args.file), error))?;
    Ok(print(&answer, false))
}

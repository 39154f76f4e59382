//! The `pyramid` command: with no subcommand, the full-screen app for typing a deal and
//! stepping through its solution; headless subcommands solve and validate deal files for
//! scripts and batch work.
//!
//! Exit codes: 0 solved (or valid), 1 no solution, 2 bad input or usage, 3 undecided (a cap
//! was reached), 130 a `stats` run interrupted.

mod batch;
mod challenge;
mod cli;
mod input;
mod output;
mod pool;
mod solve_job;
mod stats;
mod storage;
mod text_file;
mod theme;
mod tui;

use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Command};
use input::InputError;
use storage::Folders;

/// Exit code: the deal is solved, or valid.
pub const EXIT_OK: u8 = 0;
/// Exit code: the deal has no solution.
pub const EXIT_NO_SOLUTION: u8 = 1;
/// Exit code: bad input or usage.
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit code: a cap (states, memory or time) stopped a search before it had an answer.
pub const EXIT_UNDECIDED: u8 = 3;
/// Exit code: a `stats` run stopped by Ctrl-C before all its deals were solved (128 plus
/// SIGINT's number, as shells report it).
pub const EXIT_INTERRUPTED: u8 = 130;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Solve(args)) => output::solve(&args),
        Some(Command::Validate(args)) => output::validate(&args),
        Some(Command::Hint(args)) => output::hint(&args),
        Some(Command::Batch(args)) => batch::run(&args),
        Some(Command::Stats(args)) => stats::run(&args),
        Some(Command::Completions { shell }) => {
            cli::print_completions(shell);
            Ok(EXIT_OK)
        }
        Some(Command::Paths) => {
            print_paths(&Folders::locate(cli.saves, cli.config));
            Ok(EXIT_OK)
        }
        None => start_app(cli),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(error @ input::InputError::Deck { .. }) => {
            // Already `file:line:column: message`, one problem per line.
            eprintln!("{error}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
        Err(error) => {
            eprintln!("pyramid: {error}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

fn print_paths(folders: &Folders) {
    println!("saves   {}", folders.saves.display());
    println!("draft   {}", folders.draft().display());
    println!("themes  {}", folders.themes().display());
}

/// Starts the full-screen app. Problems found before it starts (an unreadable deal, a theme
/// asked for that does not load) are reported like the other commands' errors.
fn start_app(cli: Cli) -> Result<u8, InputError> {
    let folders = Folders::locate(cli.saves, cli.config);
    let (mut themes, theme_errors) = theme::available(&folders.themes());
    let chosen = match cli.theme.as_deref() {
        None => 0,
        Some(wanted) => {
            let theme = theme::choose(&themes, wanted)?;
            themes.iter().position(|t| *t == theme).unwrap_or_else(|| {
                themes.push(theme);
                themes.len() - 1
            })
        }
    };
    let deal = cli
        .file
        .as_deref()
        .map(|file| input::read_game(file, pyramid::pyramid::RuleChanges::default()))
        .transpose()?;
    let warnings: Vec<String> = theme_errors
        .iter()
        .map(|e| format!("Theme skipped: {e}"))
        .collect();
    for warning in &warnings {
        eprintln!("pyramid: {warning}");
    }
    let setup = tui::Setup {
        folders,
        themes,
        theme: chosen,
        ascii: cli.ascii,
        deal,
        warnings,
    };
    tui::run(setup).map_err(InputError::Terminal)?;
    Ok(EXIT_OK)
}

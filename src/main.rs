//! The `pyramid` command: headless subcommands that solve and validate deal files for scripts
//! and batch work.
//!
//! Exit codes: 0 solved (or valid), 1 no solution, 2 bad input or usage.

mod batch;
mod cli;
mod input;
mod output;

use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Command};

/// Exit code: the deal is solved, or valid.
pub const EXIT_OK: u8 = 0;
/// Exit code: the deal has no solution.
pub const EXIT_NO_SOLUTION: u8 = 1;
/// Exit code: bad input or usage.
pub const EXIT_BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Solve(args)) => output::solve(&args),
        Some(Command::Validate(args)) => output::validate(&args),
        Some(Command::Batch(args)) => batch::run(&args),
        Some(Command::Completions { shell }) => {
            cli::print_completions(shell);
            Ok(EXIT_OK)
        }
        None => {
            // The terminal front end will start here; until then, show what there is.
            let _ = <Cli as clap::CommandFactory>::command().print_long_help();
            Ok(EXIT_OK)
        }
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

//! The `pyramid` command: with no subcommand, the full-screen app for typing a deal and
//! stepping through its solution; headless subcommands solve and validate deal files for
//! scripts and batch work.
//!
//! Exit codes (`solitaire::engine::verdict`): 0 solved (or valid), 1 no solution, 2 bad input
//! or usage, 3 undecided (a cap was reached), 4 `stats merge` lacking shards or results, 130 a
//! `stats` run interrupted, 141 standard output or error closed by its reader (a broken pipe:
//! the program stops at once, quietly).

mod app;
mod cli;
mod store;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use solitaire::engine::verdict::{EXIT_BAD_INPUT, EXIT_OK};

use app::games::{Opening, Unopened};
use cli::args::{Cli, Command};
use cli::input::InputError;
use store::Folders;

fn main() -> ExitCode {
    let args = cli::args::args(std::env::args_os());
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        // `pyramid sovle FILE` reads `sovle` as the app's file and then finds a second one:
        // the mistyped command is the error worth naming.
        Err(error) => match cli::args::first_word(&args).and_then(|word| mistyped_command(&word)) {
            Some(message) if error.use_stderr() => {
                cli::console::err(format_args!("pyramid: {message}\n"));
                return ExitCode::from(EXIT_BAD_INPUT);
            }
            _ => error.exit(),
        },
    };
    let result = match cli.command {
        Some(Command::Solve(args)) => cli::solve::solve(&args, args.which.game),
        Some(Command::Validate(args)) => cli::solve::validate(&args, args.which.game),
        Some(Command::Hint(args)) => cli::solve::hint(&args, args.which.game),
        Some(Command::Batch(args)) => cli::batch::run(&args, args.which.game),
        Some(Command::Stats(args)) => cli::stats::run(&args, args.which.game),
        Some(Command::Deal(args)) => cli::deal::run(&args),
        Some(Command::Completions { shell }) => {
            cli::args::print_completions(shell);
            Ok(EXIT_OK)
        }
        Some(Command::Man { out }) => cli::man::run(&out),
        Some(Command::Paths(folders)) => {
            print_paths(&folders.folders());
            Ok(EXIT_OK)
        }
        None => start_app(&cli),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(error) if error.is_located() => {
            // Already `file:line:column: message`, one problem per line.
            cli::console::err(format_args!("{error}\n"));
            ExitCode::from(EXIT_BAD_INPUT)
        }
        Err(error) => {
            cli::console::err(format_args!("pyramid: {error}\n"));
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

fn print_paths(folders: &Folders) {
    cli::console::out(format_args!(
        "saves   {}\ndrafts  {}\nthemes  {}\nconfig  {}\n",
        folders.saves.display(),
        folders.drafts().display(),
        folders.themes().display(),
        folders.preferences().display()
    ));
}

/// Starts the full-screen app. Problems found before it starts (an unreadable deal, a theme
/// asked for that does not load) are reported like the other commands' errors.
fn start_app(cli: &Cli) -> Result<u8, InputError> {
    if let Some(word) = cli.file.as_deref().and_then(mistyped_command) {
        return Err(InputError::Usage(word));
    }
    if let Some(game) = cli.which.game.map(solitaire::engine::game::Game::kind)
        && !app::games::has_screens(game)
    {
        return Err(InputError::Usage(app::games::not_in_app(game)));
    }
    let folders = cli.folders.folders();
    let (mut themes, theme_errors) = app::theme::available(&folders.themes());
    let mut warnings: Vec<String> = theme_errors
        .iter()
        .map(|e| format!("Theme skipped: {e}"))
        .collect();
    // Broken preferences never stop the app: they are reported and the defaults apply.
    let remembered = app::preferences::load(&folders.preferences()).unwrap_or_else(|error| {
        warnings.push(format!("Preferences not read: {error}"));
        app::preferences::Preferences::default()
    });
    let (chosen, unavailable) = app::theme::starting(
        &mut themes,
        &theme_errors,
        cli.theme.as_deref(),
        remembered.theme.as_deref(),
    )?;
    warnings.extend(unavailable.map(|w| format!("Preferences: {w}")));
    let colours = app::theme::Colours::from_env(
        std::env::var("NO_COLOR").ok().as_deref(),
        std::env::var("COLORTERM").ok().as_deref(),
    );
    let themes = themes
        .into_iter()
        .map(|theme| theme.for_colours(colours))
        .collect();
    let (mut deal, mut deal_text) = (None, None);
    if let Some(file) = cli.file.as_deref() {
        let source = cli::input::read_source(file)?;
        let name = cli::input::source_name(file);
        let game = cli::input::game_in(&source, cli.which.game)?.kind();
        // The Open dialog decides the same way: a file opens alike however it is opened.
        match app::games::opening(game, &source.text, &cli::input::stem(file)) {
            Ok(Opening::Game(saved)) => deal = Some(saved),
            Ok(Opening::Edit(text)) => deal_text = Some(text),
            Err(Unopened::NotShown(reason)) => {
                return Err(InputError::Usage(format!(
                    "{name}: {}",
                    reason.0.replace("FILE", &name)
                )));
            }
            Err(Unopened::Open(error)) => return Err(InputError::open(&source.name, error)),
            Err(reason) => return Err(InputError::Usage(format!("{name}: {reason}"))),
        }
    }
    for warning in &warnings {
        cli::console::err(format_args!("pyramid: {warning}\n"));
    }
    let setup = app::Setup {
        folders,
        themes,
        theme: chosen,
        ascii: cli.ascii,
        deal,
        deal_text,
        game: cli.which.game.map(solitaire::engine::game::Game::kind),
        warnings,
        rounds: app::RoundBudget::APP,
    };
    // Raw mode and the alternate screen need a terminal on both sides; without one the
    // app could neither read keys nor draw, so say what to use instead.
    if !(std::io::stdin().is_terminal() && std::io::stdout().is_terminal()) {
        return Err(InputError::Usage(format!(
            "the app needs a terminal (standard input and output); without one, use a \
             headless command: {}",
            headless_commands().join(", ")
        )));
    }
    app::run(setup).map_err(InputError::Terminal)?;
    Ok(EXIT_OK)
}

/// The subcommands, for messages.
fn headless_commands() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .map(|command| command.get_name().to_string())
        .filter(|name| name != "help")
        .collect()
}

/// When the lone argument is not a file but a bare word (no folder, no extension), it was
/// more likely meant as a command: the message saying so, with the closest command.
fn mistyped_command(path: &std::path::Path) -> Option<String> {
    let word = path.to_str()?;
    let bare = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
    let commands = headless_commands();
    if !bare || path.exists() || commands.iter().any(|c| c == word) || word == "help" {
        return None;
    }
    let closest = commands
        .iter()
        .map(|command| (edit_distance(word, command), command))
        .min()
        .filter(|&(distance, command)| distance <= command.len().max(word.len()) / 3 + 1);
    let word = solitaire::cards::excerpt::excerpt(word);
    Some(match closest {
        Some((_, command)) => format!(
            "'{word}' is not a command or a file; did you mean '{command}'? (`pyramid --help` lists the commands)"
        ),
        None => format!(
            "'{word}' is not a command or a file; the commands are {}",
            commands.join(", ")
        ),
    })
}

/// The Levenshtein distance between two words, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mistyped_command_is_matched_to_the_closest() {
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("solv", "solve"), 1);
        let said = |word: &str| mistyped_command(std::path::Path::new(word)).unwrap_or_default();
        assert!(said("sovle").contains("did you mean 'solve'?"));
        assert!(said("validat").contains("did you mean 'validate'?"));
        assert!(said("xyzzy").contains("the commands are solve, validate"));
        assert_eq!(said("solve"), "", "a command is not mistyped");
        assert_eq!(
            said("deal.txt"),
            "",
            "a file name is opened (or its absence reported)"
        );
    }
}

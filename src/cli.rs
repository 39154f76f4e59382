//! The command line, declared with clap's derive API.

use std::path::PathBuf;

use clap::{Args, CommandFactory, Parser, Subcommand};
use clap_complete::Shell;

/// Pyramid Solitaire (Microsoft Solitaire Collection rules): the fewest steps out of any deal,
/// or a proof that there is none.
#[derive(Debug, Parser)]
#[command(name = "pyramid", version, about, long_about = None)]
#[command(after_help = "Exit codes: 0 solved (or valid), 1 no solution, 2 bad input or usage.")]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A deal file to open in the app (without it, the app opens the deal being typed last
    /// time, or an empty one).
    pub file: Option<PathBuf>,
    /// Colour theme: a name (default, light, high-contrast, four-colour, or one of yours) or
    /// a path to a theme file.
    #[arg(long, value_name = "NAME|PATH")]
    pub theme: Option<String>,
    /// Letters for suits (Th) instead of symbols (T♥), for terminals without them.
    #[arg(long)]
    pub ascii: bool,
    /// Folder for saved deals and the draft.
    #[arg(long, global = true, value_name = "DIR", env = "PYRAMID_SAVES")]
    pub saves: Option<PathBuf>,
    /// Folder for settings; user themes go in its `themes/`.
    #[arg(long, global = true, value_name = "DIR", env = "PYRAMID_CONFIG")]
    pub config: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve one deal: the optimal solution as numbered steps, or why there is none.
    Solve(SolveArgs),
    /// Check one deal and report every problem in it at once.
    Validate(ValidateArgs),
    /// Only the next move of an optimal continuation from a saved game's position, and
    /// whether it can still be won.
    Hint(SolveArgs),
    /// Solve many deals, one per line, and print JSON Lines.
    Batch(BatchArgs),
    /// Print the folders used for saves, the draft and themes.
    Paths,
    /// Print shell completions.
    Completions {
        /// The shell to complete for.
        shell: Shell,
    },
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The deal file, or `-` for standard input: 52 cards in deal order (28 pyramid cards row
    /// by row, then the stock from the top), separated by spaces, commas or new lines. A game
    /// saved part-way through is solved from where it stands.
    pub file: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The deal file, or `-` for standard input.
    pub file: PathBuf,
}

#[derive(Debug, Args)]
pub struct BatchArgs {
    /// A file with one deal per line (`-` for standard input). Blank lines and lines starting
    /// with `#` are skipped; a leading column separated by a tab (a known length) is ignored.
    pub file: PathBuf,
    /// Threads to solve with (default: all cores).
    #[arg(long, short)]
    pub jobs: Option<usize>,
    /// Compare each answer with the line's leading length column (0 = no solution) and count
    /// the mismatches; they make the exit code 2.
    #[arg(long)]
    pub check: bool,
}

/// Prints completions for a shell to standard output.
pub fn print_completions(shell: Shell) {
    clap_complete::generate(
        shell,
        &mut Cli::command(),
        "pyramid",
        &mut std::io::stdout(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }
}

//! Reading deal files for the commands: a path or `-` for standard input, with errors that name
//! the file and the line and column of each problem.

use std::fmt;
use std::path::Path;

use pyramid::excerpt::escaped;
use pyramid::pyramid::{GoalError, RuleChanges};
use pyramid::{Deal, DeckProblems};

use crate::storage::SavedDeal;
use crate::text_file;

/// Why a deal could not be read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("cannot read {name}: {source}")]
    Read {
        name: String,
        source: crate::text_file::TextFileError,
    },
    #[error("{}", located(.name, .problems))]
    Deck {
        name: String,
        problems: DeckProblems,
    },
    #[error("{name}: {message}")]
    Game { name: String, message: String },
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Goal(#[from] GoalError),
    #[error("theme {0}")]
    Theme(#[from] crate::theme::ThemeError),
    #[error("the terminal failed: {0}")]
    Terminal(std::io::Error),
}

/// Each problem on its own line, as `file:line:column: message` (or `file: message`); past
/// [`pyramid::deck::SHOWN_PROBLEMS`], a count and the first ones.
fn located(name: &str, problems: &DeckProblems) -> String {
    let (heading, shown) = problems.shown();
    let lines: Vec<String> = heading
        .map(|heading| format!("{name}: {heading}"))
        .into_iter()
        .chain(shown.iter().map(|problem| match problem.location() {
            Some(at) => format!("{name}:{at}: {}", problem.message()),
            None => format!("{name}: {}", problem.message()),
        }))
        .collect();
    lines.join("\n")
}

/// How standard input is named in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// How a path given on the command line is named in messages: as given, with any control
/// characters in it escaped; standard input for `-`.
pub fn source_name(path: &Path) -> String {
    if is_stdin(path) {
        STDIN_NAME.to_string()
    } else {
        escaped(&path.display().to_string())
    }
}

/// Whether a path given on the command line means standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// A text read from a file or standard input, with the name to report it by.
pub struct Source {
    pub name: String,
    pub text: String,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// Reads a path, or standard input for `-`.
pub fn read_source(path: &Path) -> Result<Source, InputError> {
    let name = source_name(path);
    let result = if is_stdin(path) {
        text_file::read_limited(std::io::stdin())
    } else {
        text_file::read_path(path)
    };
    match result {
        Ok(text) => Ok(Source { name, text }),
        Err(source) => Err(InputError::Read { name, source }),
    }
}

/// Reads a deal file that may be a saved game: the deal, and the start and moves its headers
/// give.
/// Under the rules the file names (MSC's when it names none), with `changes` made.
pub fn read_game(path: &Path, changes: RuleChanges) -> Result<SavedDeal, InputError> {
    game_of(&read_source(path)?, path, changes)
}

/// The name a file's game goes by: its file name without the extension.
pub fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into())
}

/// Reads a text already read from `path` as a deal file that may be a saved game.
pub fn game_of(
    source: &Source,
    path: &Path,
    changes: RuleChanges,
) -> Result<SavedDeal, InputError> {
    let deal = Deal::parse(&source.text).map_err(|problems| InputError::Deck {
        name: source.name.clone(),
        problems,
    })?;
    SavedDeal::with_headers(&source.text, deal, &stem(path), changes).map_err(|message| {
        InputError::Game {
            name: source.name.clone(),
            message,
        }
    })
}

//! Reading deal files for the commands: a path or `-` for standard input, with errors that name
//! the file and the line and column of each problem.

use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::Path;

use solitaire::DeckProblems;
use solitaire::cards::excerpt::shown_path;
use solitaire::engine::game::{Game, Names, OpenError, Problems, joined};
use solitaire::engine::goal::GoalError;
use solitaire::games;

use crate::store::text_file;

/// Why a deal could not be read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("cannot read {name}: {source}{}", read_hint(.source))]
    Read {
        name: String,
        source: crate::store::text_file::TextFileError,
    },
    #[error("{}", located(.name, .problems))]
    Deck {
        name: String,
        problems: DeckProblems,
    },
    #[error("{}", located_lines(.name, .problems.heading.clone(), .problems.problems.iter().cloned()))]
    Problems { name: String, problems: Problems },
    #[error("{name}: {message}")]
    Game { name: String, message: String },
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Goal(#[from] GoalError),
    #[error("theme {0}")]
    Theme(#[from] crate::app::theme::ThemeError),
    #[error("the terminal failed: {}", crate::store::system_error::plainly(.0))]
    Terminal(std::io::Error),
}

/// Each problem on its own line, as `file:line:column: message` (or `file: message`); past
/// [`solitaire::cards::deal::SHOWN_PROBLEMS`], a count and the first ones.
fn located(name: &str, problems: &DeckProblems) -> String {
    let (heading, shown) = problems.shown();
    let shown = shown.iter().map(|p| (p.location(), p.message()));
    located_lines(name, heading, shown)
}

impl InputError {
    /// Why a text named `name` could not be opened, in the command line's words: its problems
    /// each with the file's name and place, or what is wrong with it as a whole.
    pub fn open(name: &str, error: OpenError) -> InputError {
        let name = name.to_string();
        match error {
            OpenError::Deck(problems) => InputError::Deck { name, problems },
            OpenError::Problems(problems) => InputError::Problems { name, problems },
            OpenError::Text(message) => InputError::Game { name, message },
            // One place's problem is written as a list of problems is, `file:line:column:`.
            OpenError::At { at, message } => InputError::Problems {
                name,
                problems: Problems {
                    heading: None,
                    problems: vec![(Some(at), message)],
                },
            },
            OpenError::Goal(problem) => InputError::Goal(problem),
            OpenError::Option(problem) => InputError::Usage(problem.to_string()),
        }
    }

    /// Why the options given cannot be taken (a value the game does not read, a challenge its
    /// rules refuse): no text is named in these.
    pub fn options(error: OpenError) -> InputError {
        InputError::open("", error)
    }

    /// Whether the message is already one problem a line, each naming the file.
    pub fn is_located(&self) -> bool {
        matches!(self, InputError::Deck { .. } | InputError::Problems { .. })
    }
}

/// The heading, then each problem with the file's name and, when known, its place.
fn located_lines(
    name: &str,
    heading: Option<String>,
    shown: impl Iterator<Item = (Option<solitaire::cards::deal::TextPos>, String)>,
) -> String {
    let lines: Vec<String> = heading
        .map(|heading| format!("{name}: {heading}"))
        .into_iter()
        .chain(shown.map(|(at, message)| match at {
            Some(at) => format!("{name}:{at}: {message}"),
            None => format!("{name}: {message}"),
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
        shown_path(path)
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

impl Source {
    /// How the text is named: in messages, and as a game's name when it does not say one.
    pub fn names(&self, path: &Path) -> Names {
        Names {
            shown: self.name.clone(),
            stem: stem(path),
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// What to do instead, for a file that cannot be read as it is: a FIFO or a process
/// substitution (`<(command)`) is not read whole, since opening a FIFO waits for a writer.
fn read_hint(error: &crate::store::text_file::TextFileError) -> &'static str {
    match error {
        crate::store::text_file::TextFileError::NotAFile => {
            " (to read a command's output, pipe it in and give `-` as the file)"
        }
        _ => "",
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

/// The game a file is read as: the one `--game` asks for, else the one its `# game:` header
/// names, else the first game that claims the text (Klondike: Solvitaire's JSON, a deal
/// code), else the first listed. A file whose header names another game than the flag is
/// refused rather than read as a deal of the wrong game.
pub fn game_in(
    source: &Source,
    asked: Option<&'static dyn Game>,
) -> Result<&'static dyn Game, InputError> {
    chosen_game(source, asked).map(|(game, _)| game)
}

/// The game a file is read as ([`game_in`]), with a note when the text reads as other games
/// too and nothing said which it is: "read as Pyramid; it reads as Klondike too: give
/// `--game klondike` to solve it as Klondike".
pub fn chosen_game(
    source: &Source,
    asked: Option<&'static dyn Game>,
) -> Result<(&'static dyn Game, Option<String>), InputError> {
    let sniffed = games::of_text(&source.text).map_err(|problem| InputError::Game {
        name: source.name.clone(),
        message: format!("# game: {problem}"),
    })?;
    match asked {
        Some(asked) if sniffed.by_header && asked.id() != sniffed.game.id() => {
            Err(InputError::Game {
                name: source.name.clone(),
                message: format!(
                    "the file holds a {} game (its # game: header), not a {asked} one",
                    sniffed.game
                ),
            })
        }
        Some(asked) => Ok((asked, None)),
        None => Ok((sniffed.game, two_readings(source, &sniffed))),
    }
}

/// What a text that reads as more than one game was read as, and the flags that read it as
/// another: "deal.txt has no # game: header: read as Pyramid; --game tripeaks or --game
/// klondike reads it as TriPeaks or Klondike".
fn two_readings(source: &Source, sniffed: &games::Sniffed) -> Option<String> {
    if sniffed.also.is_empty() {
        return None;
    }
    let flags: Vec<String> = sniffed
        .also
        .iter()
        .map(|game| format!("--game {}", game.id()))
        .collect();
    let names: Vec<&str> = sniffed.also.iter().map(|game| game.name()).collect();
    Some(format!(
        "{} has no # game: header: read as {}; {} reads it as {}",
        source.name,
        sniffed.game,
        joined(&flags, "or"),
        joined(&names, "or"),
    ))
}

/// A file of deals one a line (`batch`, `stats --from`), opened once: standard input, or a
/// file that may also be a FIFO, a pipe (`<(command)`) or a device, since it is read one
/// bounded line at a time; a folder is refused.
pub struct LinesSource {
    /// How the file is named in messages.
    pub name: String,
    /// The file, or `None` for standard input.
    file: Option<File>,
}

impl LinesSource {
    /// Opens a path, or standard input for `-`.
    pub fn open(path: &Path) -> Result<LinesSource, InputError> {
        let name = source_name(path);
        if is_stdin(path) {
            return Ok(LinesSource { name, file: None });
        }
        let read = text_file::open(
            path,
            std::fs::OpenOptions::new().read(true),
            text_file::Expect::Stream,
        );
        match read {
            Ok(file) => Ok(LinesSource {
                name,
                file: Some(file),
            }),
            Err(source) => Err(InputError::Read { name, source }),
        }
    }

    /// The file, when it is a regular one: it may be read again from its start, as a pipe, a
    /// FIFO or a device may not.
    pub fn regular(&self) -> Option<&File> {
        self.file
            .as_ref()
            .filter(|file| file.metadata().is_ok_and(|meta| meta.is_file()))
    }

    /// The game the file is read as, as [`game_in`] tells it from the comments before its
    /// first deal and that deal. Standard input, a pipe or a device cannot be looked at
    /// twice: it is read as the game asked for, else the first listed.
    pub fn game(&self, asked: Option<&'static dyn Game>) -> Result<&'static dyn Game, InputError> {
        /// Enough for the comments above a deal and a deal line (a line takes at most 4 KiB).
        const HEAD: u64 = 64 << 10;
        let Some(file) = self.regular() else {
            return Ok(asked.unwrap_or(games::ALL[0]));
        };
        let mut text = String::new();
        for line in BufReader::new(file.take(HEAD)).lines() {
            let Ok(line) = line else { break };
            let trimmed = line.trim();
            if trimmed.is_empty() {
                continue;
            }
            if trimmed.starts_with('#') {
                text.push_str(trimmed);
                text.push('\n');
                continue;
            }
            // The deal is the last column of a line that gives a known length before it.
            text.push_str(trimmed.rsplit('\t').next().unwrap_or(trimmed));
            break;
        }
        self.rewind()?;
        let source = Source {
            name: self.name.clone(),
            text,
        };
        game_in(&source, asked)
    }

    /// Goes back to the start of a regular file, to read it again.
    fn rewind(&self) -> Result<(), InputError> {
        if let Some(mut file) = self.regular() {
            file.seek(SeekFrom::Start(0))
                .map_err(|error| InputError::Read {
                    name: self.name.clone(),
                    source: error.into(),
                })?;
        }
        Ok(())
    }

    /// What is left to read, from where the file is.
    pub fn reader(self) -> Box<dyn Read + Send> {
        match self.file {
            Some(file) => Box::new(file),
            None => Box::new(std::io::stdin()),
        }
    }
}

/// The name a file's game goes by: its file name without the extension.
pub fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into())
}

//! The `#` header lines of saved files and drafts, shared by every game's format: reading a
//! header's values (each given once where it names one thing), the `game`, `challenge` and
//! draft lines, and names and dates for the Open list. Each game's own headers and deal
//! layout are in its `saved` module.

use std::fmt;

use crate::cards::deal::{DeckProblems, TextPos};
use crate::cards::excerpt::excerpt;
use crate::engine::goal::{Goal, GoalError, GoalText, GoalTextError};
use crate::engine::kind::{GameKind, UnknownGame};

/// The first line of a draft, which says what the file is to whoever finds it.
pub const DRAFT_LINE: &str =
    "# draft: the game being entered or played, restored on the next start\n";

/// The `game` header line.
pub fn game_header(game: GameKind) -> String {
    format!("# game: {}\n", game.id())
}

/// The game a saved file's `# game:` header names; Pyramid when it has none.
pub fn game_of_text(text: &str) -> Result<GameKind, GameHeaderError> {
    match given_once(text, "game")? {
        Some(value) => Ok(value.parse()?),
        None => Ok(GameKind::Pyramid),
    }
}

/// Why a file's `# game:` header does not name one game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameHeaderError {
    #[error(transparent)]
    Unknown(#[from] UnknownGame),
    #[error(transparent)]
    Twice(#[from] GivenTwice),
}

/// The headers a file gives once, each naming one thing about the game; `moves`, `notes` and
/// `gone` go on over as many lines as they need.
const GIVEN_ONCE: [&str; 10] = [
    "game",
    "name",
    "saved",
    "result",
    "pass",
    "waste top",
    "challenge",
    "passes",
    "pairing",
    "goal",
];

/// A header that is given once, given again with another value: which one is meant cannot
/// be told. The same value again is read as once: it says nothing new, and refusing it would
/// lose a game that reads one way only.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "given twice, '{}' on line {first_line} and '{}' on line {second_line}: keep one",
    excerpt(.first),
    excerpt(.second)
)]
pub struct GivenTwice {
    pub first: String,
    pub first_line: usize,
    pub second: String,
    pub second_line: usize,
}

/// Why the shared headers of a saved file cannot be read: the message names the header.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeaderError {
    /// A header given once, given again with another value.
    #[error("# {key}: {twice}")]
    GivenTwice {
        key: &'static str,
        twice: GivenTwice,
    },
    /// A `challenge` header whose words are not a challenge (as written).
    #[error(
        "# challenge: '{}' is not a challenge: write score TARGET earned E, or card RANK \
         TARGET already K",
        excerpt(.0)
    )]
    NotAChallenge(String),
    /// A `challenge` header that cannot be played as asked.
    #[error("# challenge: {0}")]
    Goal(GoalError),
}

/// Why a saved game's text cannot be read, whatever the game: the message names the header
/// that does not fit, or gives the deal's problems.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SavedTextError {
    /// The deal's problems.
    #[error("{0}")]
    Deal(DeckProblems),
    /// A `game` header that does not name one game.
    #[error("# game: {0}")]
    Game(#[from] GameHeaderError),
    /// A file of another game than the one reading it.
    #[error("the file holds a {found} game, not a {wanted} one")]
    OtherGame { found: GameKind, wanted: GameKind },
    /// A header every game shares that does not fit: given twice, a challenge.
    #[error(transparent)]
    Header(#[from] HeaderError),
    /// A move of the `moves` headers that cannot be played, counted from 1, and where it is
    /// in the text.
    #[error("# moves: move {number}: {problem}")]
    Move {
        number: usize,
        at: TextPos,
        problem: String,
    },
    /// A header of the game's own whose value does not fit: `keys` names it (or the headers
    /// that do not fit together), `problem` says why.
    #[error("# {keys}: {problem}")]
    Value { keys: &'static str, problem: String },
}

impl SavedTextError {
    /// The move at `index` (from 0) of the `moves` headers of `text`, which cannot be
    /// played, found in the text.
    pub fn at_move<P: fmt::Display>(text: &str) -> impl FnOnce((usize, P)) -> SavedTextError {
        move |(index, problem)| SavedTextError::Move {
            number: index + 1,
            at: move_place(text, index),
            problem: problem.to_string(),
        }
    }

    /// A value of the header `keys` that does not fit, for `problem`.
    pub fn value(keys: &'static str, problem: impl fmt::Display) -> SavedTextError {
        SavedTextError::Value {
            keys,
            problem: problem.to_string(),
        }
    }
}

/// Checks that each header a file gives once ([`GIVEN_ONCE`]) has one value, however many
/// lines give it; the error names the header and both lines.
pub fn check_given_once(text: &str) -> Result<(), HeaderError> {
    GIVEN_ONCE.iter().try_for_each(|&key| {
        given_once(text, key)
            .map(drop)
            .map_err(|twice| HeaderError::GivenTwice { key, twice })
    })
}

/// The one value of a header (see [`headers`]), or none; a second line with another value is
/// an error naming both.
fn given_once(text: &str, key: &str) -> Result<Option<String>, GivenTwice> {
    let mut lines = text.lines().zip(1..).filter_map(|(line, number)| {
        header_value(line, key).map(|value| (number, header_text(value)))
    });
    let Some((first_line, first)) = lines.next() else {
        return Ok(None);
    };
    match lines.find(|(_, value)| *value != first) {
        Some((second_line, second)) => Err(GivenTwice {
            first,
            first_line,
            second,
            second_line,
        }),
        None => Ok(Some(first)),
    }
}

/// Every value of a header, in order, without control characters.
pub fn headers(text: &str, key: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| header_value(line, key))
        .map(header_text)
        .collect()
}

/// A header's value as it is read: without the spaces around it or control characters.
fn header_text(value: &str) -> String {
    printable(value.trim())
}

/// The value on a line of a header (`# key: value`, the key in any case, spaces allowed
/// around the `#`), as it stands on the line.
pub fn header_value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    let head = rest.get(..key.len())?;
    head.eq_ignore_ascii_case(key)
        .then(|| rest[key.len()..].strip_prefix(':'))
        .flatten()
}

/// The text without control characters (escape, bell, carriage return, line feed, ...): a
/// name or a note pasted with them would break the header line or drive the terminal of
/// whoever shows the file.
pub fn printable(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).collect()
}

/// The name a save's `# name:` header gives, or `fallback_name` (the file's) without one.
/// Whole saves and unfinished ones are named alike.
pub fn saved_name(text: &str, fallback_name: &str) -> String {
    header(text, "name").unwrap_or_else(|| fallback_name.to_string())
}

/// The date a save's `# saved:` header gives, empty without one.
pub fn saved_date(text: &str) -> String {
    header(text, "saved").unwrap_or_default()
}

/// Where the move at `index` (counted from 0 over every `# moves:` line) is in the text: its
/// line and column, counted from 1 in characters. The moves are the words after `# moves:`,
/// as [`headers`] reads them.
pub fn move_place(text: &str, index: usize) -> TextPos {
    let mut left = index;
    for (number, line) in text.lines().enumerate() {
        let Some(value) = header_value(line, "moves") else {
            continue;
        };
        let offset = line.len() - value.len();
        let mut words = word_starts(value);
        if let Some(start) = words.nth(left) {
            let column = line[..offset + start].chars().count() + 1;
            return TextPos {
                line: number + 1,
                column,
            };
        }
        left -= word_starts(value).count();
    }
    TextPos { line: 1, column: 1 }
}

/// The byte offsets at which the words of a text start.
fn word_starts(text: &str) -> impl Iterator<Item = usize> + '_ {
    let base = text.as_ptr() as usize;
    text.split_whitespace()
        .map(move |word| word.as_ptr() as usize - base)
}

/// Moves written per `# moves:` line.
const MOVES_PER_LINE: usize = 16;

/// The `moves` header lines for moves in a game's notation, 16 a line.
pub fn moves_headers<S: AsRef<str>>(words: &[S]) -> String {
    let mut text = String::new();
    for line in words.chunks(MOVES_PER_LINE) {
        let line: Vec<&str> = line.iter().map(AsRef::as_ref).collect();
        text.push_str("# moves: ");
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text
}

/// The text of an unfinished deal saved under a name: a draft's `body` (its game header
/// first) with the name, date and notes headers after the game's, and a line saying how many
/// of the `holds` cards its deal holds are typed and how to go on. It opens again into the
/// editor.
pub fn unfinished_text(
    body: &str,
    name: &str,
    saved: &str,
    notes: &[String],
    typed: usize,
    holds: usize,
) -> String {
    let mut text = format!(
        "# name: {}\n# saved: {}\n{}",
        printable(name),
        printable(saved),
        unfinished_header(typed, holds)
    );
    for note in notes {
        text.push_str(&format!("# notes: {}\n", printable(note)));
    }
    // The game header first, as in a whole save.
    let (game, rest) = body.split_at(body.find('\n').map_or(0, |end| end + 1));
    format!("{game}{text}{rest}")
}

/// The `# unfinished:` line of a deal saved before it was whole or while it had problems:
/// `typed` cards of the `holds` its deal holds, worded to read true whatever the count, since
/// a card typed twice or one too many makes it more than the deal holds ("53 cards typed, a
/// deal holds 52", never "53/52"). The readers look only for the header, not its words.
pub fn unfinished_header(typed: usize, holds: usize) -> String {
    let count = match typed.cmp(&holds) {
        std::cmp::Ordering::Less => {
            format!("{typed}/{holds} cards; `pyramid FILE` opens it to go on typing")
        }
        std::cmp::Ordering::Equal => {
            format!("{typed}/{holds} cards, with problems; `pyramid FILE` opens it to fix them")
        }
        std::cmp::Ordering::Greater => format!(
            "{typed} cards typed, a deal holds {holds}; `pyramid FILE` opens it to fix them"
        ),
    };
    format!("# unfinished: {count}\n")
}

/// The first value of a header.
pub fn header(text: &str, key: &str) -> Option<String> {
    headers(text, key).into_iter().next()
}

/// The `challenge` header, or nothing for the Board challenge.
pub fn goal_header(goal: Goal) -> String {
    match goal {
        Goal::Board => String::new(),
        _ => format!("# challenge: {}\n", goal.words()),
    }
}

/// The challenge the `challenge` header names, under `game`'s limits.
pub fn read_goal(text: &str, game: GameKind) -> Result<Goal, HeaderError> {
    let Some(value) = header(text, "challenge") else {
        return Ok(Goal::Board);
    };
    let wrong = || HeaderError::NotAChallenge(value.clone());
    GoalText::from_words(&value)
        .ok_or_else(wrong)?
        .read_in(game)
        .map_err(|problem| match problem {
            GoalTextError::Goal(problem) => HeaderError::Goal(problem),
            GoalTextError::Count { .. } | GoalTextError::Rank(_) => wrong(),
        })
}

/// The text with its `#` lines (comments and headers) blanked, each kept as an empty line so
/// that the places of the cards keep their line numbers.
pub fn hash_lines_blanked(text: &str) -> String {
    text.lines()
        .map(|line| {
            if line.trim_start().starts_with('#') {
                ""
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_unfinished_count_never_reads_as_more_than_the_deal_holds() {
        assert_eq!(
            unfinished_header(31, 52),
            "# unfinished: 31/52 cards; `pyramid FILE` opens it to go on typing\n"
        );
        assert_eq!(
            unfinished_header(52, 52),
            "# unfinished: 52/52 cards, with problems; `pyramid FILE` opens it to fix them\n"
        );
        assert_eq!(
            unfinished_header(53, 52),
            "# unfinished: 53 cards typed, a deal holds 52; `pyramid FILE` opens it to fix them\n"
        );
        assert!(!unfinished_header(53, 52).contains("53/52"));
    }

    #[test]
    fn header_errors_name_the_header_in_the_words_files_are_refused_with() {
        assert_eq!(
            check_given_once("# name: a\n# NAME: b\n")
                .unwrap_err()
                .to_string(),
            "# name: given twice, 'a' on line 1 and 'b' on line 2: keep one"
        );
        assert_eq!(
            read_goal("# challenge: golf\n", GameKind::Pyramid)
                .unwrap_err()
                .to_string(),
            "# challenge: 'golf' is not a challenge: write score TARGET earned E, or card RANK \
             TARGET already K"
        );
        assert_eq!(
            read_goal("# challenge: score 100 earned 100\n", GameKind::Pyramid),
            Err(HeaderError::Goal(GoalError::AlreadyEarned {
                target: 100,
                earned: 100
            }))
        );
    }
}

//! A Klondike game written down: a table in any of the [`formats`](super::formats), and the
//! moves played from it on `# moves:` lines in the [`notation`](super::notation) (`draw 7h>5
//! Ah>f`, one line or several, read in order), as TriPeaks' saved files keep theirs. `#`
//! lines are comments in every format, so the moves go with a JSON deal or a deal code as
//! well. The moves are read under the rules the game is played by, which the caller gives:
//! the text does not name them.

use super::formats::{self, Format, Table};
use super::notation::{self, NotationError};
use super::position::{Move, Position};
use super::rules::Rules;
use super::{DealProblems, Game};
use crate::cards::deal::TextPos;
use crate::engine::headers::{HeaderError, check_given_once, header_value, headers};

/// Why a written game cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SavedError {
    /// A header given once in every game's files (`# name:`) given again with another value.
    #[error("{0}")]
    Header(#[from] HeaderError),
    /// The table's problems, each where it is in the text.
    #[error("{0}")]
    Table(DealProblems),
    /// A move that cannot be played where it comes, counted from 1 over every `# moves:` line,
    /// and where it is in the text.
    #[error("# moves: move {number}: {error}")]
    Move {
        number: usize,
        at: TextPos,
        error: NotationError,
    },
}

/// A table, the rules it is played under and the moves played from it, each checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedKlondike {
    /// The format the table was written in.
    pub format: Format,
    pub table: Table,
    pub rules: Rules,
    pub moves: Vec<Move>,
}

impl SavedKlondike {
    /// Reads a game from text: the table in `format` (or the one the text shows), and the
    /// moves of its `# moves:` lines, played one after another under `rules`.
    pub fn read(
        text: &str,
        format: Option<Format>,
        rules: Rules,
    ) -> Result<SavedKlondike, SavedError> {
        check_given_once(text).map_err(SavedError::Header)?;
        let format = format.unwrap_or_else(|| Format::of_text(text));
        let table = formats::read(text, Some(format)).map_err(SavedError::Table)?;
        let line = headers(text, "moves").join(" ");
        let moves =
            notation::read_moves(&table.start(rules), &line).map_err(|(index, error)| {
                SavedError::Move {
                    number: index + 1,
                    at: move_place(text, index),
                    error,
                }
            })?;
        Ok(SavedKlondike {
            format,
            table,
            rules,
            moves,
        })
    }

    /// The position at the table's start.
    pub fn start(&self) -> Position {
        self.table.start(self.rules)
    }

    /// The game with its moves played, each of them there to undo.
    pub fn game(&self) -> Game {
        Game::replay(self.start(), &self.moves).expect("the moves were checked when read")
    }

    /// The position after the moves.
    pub fn position(&self) -> Position {
        self.game().position().clone()
    }
}

/// Where the move at `index` (counted from 0 over every `# moves:` line) is in the text: its
/// line and column, counted from 1 in characters. The moves are the words after `# moves:`,
/// as [`headers`] reads them.
fn move_place(text: &str, index: usize) -> TextPos {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::klondike::Deal;

    #[test]
    fn moves_on_comment_lines_are_played_in_any_format() {
        let deal = Deal::shuffled(3);
        let table = Table::of_deal(&deal);
        let start = table.start(Rules::default());
        let moves: Vec<Move> = {
            let mut position = start.clone();
            let mut moves = Vec::new();
            for _ in 0..6 {
                let mv = position.legal_moves()[0];
                position.apply(mv).unwrap();
                moves.push(mv);
            }
            moves
        };
        let line = notation::line_text(&start, &moves);
        let (first, rest) = line.split_once(' ').unwrap();
        for format in Format::ALL {
            let written = formats::write(&table, format).unwrap();
            let text = format!("# game: klondike\n# moves: {first}\n{written}# moves: {rest}\n");
            let saved = SavedKlondike::read(&text, None, Rules::default()).unwrap();
            assert_eq!(saved.format, format);
            assert_eq!(saved.moves, moves, "{format}");
            let mut end = start.clone();
            for &mv in &moves {
                end.apply(mv).unwrap();
            }
            assert_eq!(saved.position(), end);
            assert_eq!(saved.game().played(), moves.len());
        }
    }

    #[test]
    fn a_move_that_cannot_be_played_is_named_with_its_number() {
        let text = format!("# moves: draw Zz>3\n{}", Deal::shuffled(3).to_line());
        let error = SavedKlondike::read(&text, None, Rules::default()).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("# moves: move 2: 'Zz>3' is not a move"),
            "{error}"
        );
    }

    #[test]
    fn a_move_that_cannot_be_played_is_found_in_the_text() {
        let deal = Deal::shuffled(3);
        let mut text = formats::write(&Table::of_deal(&deal), Format::Layout).expect("a deal");
        text.push_str("# moves: draw  draw\n#moves:\tdraw  Zz>9 draw\n");
        let error = SavedKlondike::read(&text, None, Rules::default()).expect_err("Zz is no card");
        let SavedError::Move { number, at, .. } = error else {
            panic!("{error}");
        };
        assert_eq!(number, 4);
        let line = text.lines().count();
        assert_eq!(at, TextPos { line, column: 15 });
    }
}

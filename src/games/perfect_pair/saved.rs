//! A hand written down (`PERFECT_PAIR.md`, "Input"): the rows in order, each as its left line
//! and its right line, each written from its available card inward, under `#` headers for the
//! rules and the moves played:
//!
//! ```text
//! # game: perfect-pair
//! # free cells: 2
//! # uses: 6
//! row 1: 7h Qs 2d 9c Kd 4s 6h | 5c Jd 3s 8h Ac Th
//! row 2: ...
//! # moves: 7h+5c Kd Qs>cell
//! ```
//!
//! The headers (each at most once; any other `#` line is a comment): `game` (`perfect-pair`),
//! `free cells` (1 or 2), `uses` (0 to 15), and the reconstructed rules when they differ from
//! the defaults: `run after four` (`restarts` or `stays at 8`), `free-cell move breaks the
//! run` (`no` or `yes`), `unused uses paid` (`on a win` or `always`) and `perfect match from a
//! free cell` (`no` or `yes`). `moves` (on one line or several, read in order) are played
//! from the start in the [`notation`](super::notation). Reading reports every problem at
//! once, each at its line and column; writing reads back the same.

use std::fmt;
use std::sync::Arc;

use super::layout::{Layout, LayoutProblem, Row, Side, times};
use super::notation::{NotationError, line_text, read_move};
use super::position::{Move, Position};
use super::rules::{AfterFourth, MAX_USES, Rules, UnusedBonus};
use crate::cards::card::{Card, DECK_SIZE};
use crate::cards::deal::{TextPos, UNKNOWN};
use crate::cards::excerpt::excerpt;
use crate::engine::headers::{
    DRAFT_LINE, game_of_text, header_value, headers, printable, saved_date, saved_name,
    unfinished_text,
};
use crate::engine::kind::GameKind;
use crate::engine::referee::read_line;

/// The game's name in a `# game:` header.
pub const GAME_ID: &str = "perfect-pair";
/// Moves written per `# moves:` line.
const MOVES_PER_LINE: usize = 16;

/// The headers read, in the order they are written.
const GAME: &str = "game";
const FREE_CELLS: &str = "free cells";
const USES: &str = "uses";
const RUN_AFTER_FOUR: &str = "run after four";
const CELL_BREAKS_RUN: &str = "free-cell move breaks the run";
const UNUSED_PAID: &str = "unused uses paid";
const PERFECT_FROM_CELLS: &str = "perfect match from a free cell";
const MOVES: &str = "moves";

/// One thing wrong with a written hand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("expected a row, 'row {0}: cards | cards', or a '#' line")]
    NotARow(usize),
    #[error("row {found} where row {expected} comes next: rows are numbered in order from 1")]
    RowNumber { found: String, expected: usize },
    #[error("'{found}' is not a number: this is row {expected}, written 'row {expected}:'")]
    RowNotANumber { found: String, expected: usize },
    #[error("no '|' between the row's left and right lines")]
    NoBar,
    #[error("a second '|': a row has two lines")]
    SecondBar,
    #[error("'{0}' is not a card: a rank (A 2-9 T J Q K, or 10) then a suit (c d h s)")]
    NotACard(String),
    #[error("'{UNKNOWN}' (an unknown card) is not taken: every card of a hand is face up")]
    Unknown,
    /// A card given again, said once, at its second place, with its first and later ones.
    #[error("{card} appears {}: at {first} and here{}", times(.later.len() + 2), later_text(.later))]
    Duplicate {
        card: Card,
        first: TextPos,
        later: Vec<TextPos>,
    },
    #[error("this row holds no card")]
    EmptyRow,
    #[error("no rows: write each row as 'row 1: cards | cards'")]
    NoRows,
    #[error("# game: '{0}' is another game: this reads {GAME_ID}")]
    OtherGame(String),
    #[error("# {0}: given a second time")]
    HeaderTwice(&'static str),
    #[error("# {key}: '{value}' is not one of: {allowed}")]
    BadValue {
        key: &'static str,
        value: String,
        allowed: String,
    },
    #[error("# moves: move {number}: {error}")]
    Move { number: usize, error: NotationError },
    #[error("{0}")]
    Layout(LayoutProblem),
}

/// A problem and where it is in the text, when it is somewhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextProblem {
    pub at: Option<TextPos>,
    pub problem: Problem,
}

impl fmt::Display for TextProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::cards::deal::write_located(f, self.at, &self.problem)
    }
}

/// Every problem of a written hand, one per line (at most
/// [`SHOWN_PROBLEMS`](crate::cards::deal::SHOWN_PROBLEMS) listed).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct TextProblems(pub Vec<TextProblem>);

impl fmt::Display for TextProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (heading, shown) = crate::cards::deal::shown(&self.0);
        let lines: Vec<String> = heading
            .into_iter()
            .chain(shown.iter().map(ToString::to_string))
            .collect();
        f.write_str(&lines.join("\n"))
    }
}

/// A hand written down: its layout, its rules and the moves played from its start, each
/// checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedPerfectPair {
    pub layout: Arc<Layout>,
    pub rules: Rules,
    pub moves: Vec<Move>,
}

impl SavedPerfectPair {
    /// A hand at its start.
    pub fn new(layout: impl Into<Arc<Layout>>, rules: Rules) -> SavedPerfectPair {
        SavedPerfectPair {
            layout: layout.into(),
            rules,
            moves: Vec::new(),
        }
    }

    /// Reads a written hand under its headers' rules, reporting every problem at once; the
    /// moves are read when the rows and the headers are right.
    pub fn read(text: &str) -> Result<SavedPerfectPair, TextProblems> {
        SavedPerfectPair::read_changed(text, |written| written)
    }

    /// Reads a written hand as `read` does, played under the rules `change` makes of its
    /// headers': the moves are replayed under the changed rules, so that a change may loosen
    /// a rule they needed.
    pub fn read_changed(
        text: &str,
        change: impl FnOnce(Rules) -> Rules,
    ) -> Result<SavedPerfectPair, TextProblems> {
        let mut reader = Reader::default();
        for (index, line) in text.lines().enumerate() {
            reader.line(index + 1, line);
        }
        let rules = change(reader.rules());
        let layout = reader.layout();
        if !reader.problems.is_empty() {
            // In the order of the text; problems of no place last.
            let mut problems = reader.problems;
            problems.sort_by_key(|problem| {
                problem
                    .at
                    .map_or((usize::MAX, 0), |at| (at.line, at.column))
            });
            return Err(TextProblems(problems));
        }
        let layout = Arc::new(layout.expect("rows without problems make a layout"));
        let start = Position::new(Arc::clone(&layout), rules);
        let moves = reader.moves(&start)?;
        Ok(SavedPerfectPair {
            layout,
            rules,
            moves,
        })
    }

    /// The position at the hand's start.
    pub fn start(&self) -> Position {
        Position::new(Arc::clone(&self.layout), self.rules)
    }

    /// The game with its moves played, each of them there to undo.
    pub fn game(&self) -> super::Game {
        super::Game::replay(self.start(), &self.moves).expect("the moves were checked")
    }

    /// The hand as text: the headers, the rows, then the moves.
    pub fn to_text(&self) -> String {
        let mut text = format!("# {GAME}: {GAME_ID}\n");
        text.push_str(&rules_headers(self.rules));
        text.push_str(&layout_text(&self.layout));
        text.push_str(&moves_text(&self.start(), &self.moves));
        text
    }
}

/// The `# moves:` lines of moves played from `start`.
fn moves_text(start: &Position, moves: &[Move]) -> String {
    let line = line_text(start, moves);
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut text = String::new();
    for chunk in words.chunks(MOVES_PER_LINE) {
        text.push_str(&format!("# {MOVES}: {}\n", chunk.join(" ")));
    }
    text
}

/// The rules' headers: the free cells and their uses, and each reconstructed rule that is
/// not the default.
fn rules_headers(rules: Rules) -> String {
    let mut text = format!("# {FREE_CELLS}: {}\n", rules.cells());
    text.push_str(&format!("# {USES}: {}\n", rules.uses()));
    let default = Rules::DEFAULT;
    if rules.after_fourth != default.after_fourth {
        text.push_str(&format!(
            "# {RUN_AFTER_FOUR}: {}\n",
            after_fourth_word(rules.after_fourth)
        ));
    }
    if rules.cell_breaks_run != default.cell_breaks_run {
        text.push_str(&format!(
            "# {CELL_BREAKS_RUN}: {}\n",
            yes_no(rules.cell_breaks_run)
        ));
    }
    if rules.unused_bonus != default.unused_bonus {
        text.push_str(&format!(
            "# {UNUSED_PAID}: {}\n",
            unused_word(rules.unused_bonus)
        ));
    }
    if rules.perfect_from_cells != default.perfect_from_cells {
        text.push_str(&format!(
            "# {PERFECT_FROM_CELLS}: {}\n",
            yes_no(rules.perfect_from_cells)
        ));
    }
    text
}

/// The places of a card given a third time or more: ", and at 4:2 and 5:7".
fn later_text(later: &[TextPos]) -> String {
    if later.is_empty() {
        return String::new();
    }
    let places: Vec<String> = later.iter().map(ToString::to_string).collect();
    format!(", and at {}", crate::cards::excerpt::joined(&places, "and"))
}

/// The rules a text's headers give; a header that does not read is left at its default,
/// as a draft is only what was being typed.
pub fn read_rules(text: &str) -> Rules {
    let mut reader = Reader::default();
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with('#') {
            reader.line(index + 1, line);
        }
    }
    reader.rules()
}

/// A saved game of the app: the hand with its moves, under its name, the date it was saved
/// and the player's notes (headers the commands read as comments).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerfectPairSave {
    pub name: String,
    pub saved: String,
    pub notes: Vec<String>,
    pub hand: SavedPerfectPair,
}

impl PerfectPairSave {
    /// Reads a saved game, or a hand written without a name (named `stem`).
    pub fn read(text: &str, stem: &str) -> Result<PerfectPairSave, TextProblems> {
        Ok(PerfectPairSave {
            name: saved_name(text, stem),
            saved: saved_date(text),
            notes: headers(text, "notes"),
            hand: SavedPerfectPair::read(text)?,
        })
    }

    /// The file's text: the game, name, date and notes headers, then the hand as
    /// [`SavedPerfectPair::to_text`] writes it.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "# {GAME}: {GAME_ID}\n# name: {}\n# saved: {}\n",
            printable(&self.name),
            printable(&self.saved)
        );
        for note in &self.notes {
            text.push_str(&format!("# notes: {}\n", printable(note)));
        }
        let hand = self.hand.to_text();
        text.push_str(hand.split_once('\n').map_or("", |(_, rest)| rest));
        text
    }
}

/// A row being typed: each line's places from its available card inward, `None` for a
/// place whose card is not typed yet.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DraftRow {
    pub left: Vec<Option<Card>>,
    pub right: Vec<Option<Card>>,
}

/// A hand being typed in the app, or one saved before all its cards were typed: its rows
/// with their empty places (`..` in the text), the rules, and the moves played when the
/// rows make a hand. A card typed twice stays so, for the editor to show.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PerfectPairDraft {
    pub rows: Vec<DraftRow>,
    pub rules: Rules,
    pub moves: Vec<Move>,
}

/// An empty place in a draft's row.
const EMPTY_PLACE: &str = "..";

impl PerfectPairDraft {
    /// A whole hand with its moves.
    pub fn of_hand(hand: &SavedPerfectPair) -> PerfectPairDraft {
        let rows = hand
            .layout
            .rows()
            .iter()
            .map(|row| DraftRow {
                left: row.left.iter().copied().map(Some).collect(),
                right: row.right.iter().copied().map(Some).collect(),
            })
            .collect();
        PerfectPairDraft {
            rows,
            rules: hand.rules,
            moves: hand.moves.clone(),
        }
    }

    /// Cards typed.
    pub fn typed(&self) -> usize {
        self.rows
            .iter()
            .flat_map(|row| row.left.iter().chain(&row.right))
            .flatten()
            .count()
    }

    /// Places in its rows, typed or not: the cards the hand holds once it is whole.
    pub fn places(&self) -> usize {
        (self.rows.iter())
            .map(|row| row.left.len() + row.right.len())
            .sum()
    }

    /// Whether no card is typed.
    pub fn is_empty(&self) -> bool {
        self.typed() == 0
    }

    /// The layout the rows make, when every place holds a card and they make one.
    pub fn layout(&self) -> Option<Layout> {
        let line = |cards: &[Option<Card>]| cards.iter().copied().collect::<Option<Vec<Card>>>();
        let rows = self
            .rows
            .iter()
            .map(|row| {
                Some(Row {
                    left: line(&row.left)?,
                    right: line(&row.right)?,
                })
            })
            .collect::<Option<Vec<Row>>>()?;
        Layout::new(rows).ok()
    }

    /// The draft text: the `# draft:` line, then the headers, the rows and the moves.
    pub fn to_text(&self) -> String {
        format!("{DRAFT_LINE}{}", self.body())
    }

    /// The text of an unfinished hand saved under a name; it opens again into the editor.
    pub fn to_named_text(&self, name: &str, saved: &str, notes: &[String]) -> String {
        unfinished_text(
            &self.body(),
            name,
            saved,
            notes,
            self.typed(),
            self.places().min(DECK_SIZE),
        )
    }

    /// The game and rules headers, the rows (`..` for an empty place), then the moves that
    /// replay (the fields are public, so nothing else checked them).
    fn body(&self) -> String {
        let mut text = format!("# {GAME}: {GAME_ID}\n");
        text.push_str(&rules_headers(self.rules));
        for (number, row) in self.rows.iter().enumerate() {
            let [left, right] = [&row.left, &row.right].map(|line| {
                let words: Vec<String> = line
                    .iter()
                    .map(|place| place.map_or_else(|| EMPTY_PLACE.to_string(), |c| c.to_string()))
                    .collect();
                words.join(" ")
            });
            text.push_str(&format!("row {}: {left} | {right}\n", number + 1));
        }
        if let Some(layout) = self.layout() {
            let start = Position::new(layout, self.rules);
            if super::Game::replay(start.clone(), &self.moves).is_ok() {
                text.push_str(&moves_text(&start, &self.moves));
            }
        }
        text
    }

    /// Reads a draft back, or an unfinished hand saved under a name; `None` when the text is
    /// not one: it must name Perfect Pair in its `# game:` header and hold a row. A word that
    /// is not a card is an empty place, and moves or rules that do not read are dropped, as
    /// the draft is only what was being typed.
    pub fn parse(text: &str) -> Option<PerfectPairDraft> {
        if game_of_text(text) != Ok(GameKind::PerfectPair) {
            return None;
        }
        let rows: Vec<DraftRow> = text.lines().filter_map(draft_row).collect();
        if rows.is_empty() {
            return None;
        }
        let mut draft = PerfectPairDraft {
            rows,
            rules: read_rules(text),
            moves: Vec::new(),
        };
        if let Some(layout) = draft.layout() {
            let start = Position::new(layout, draft.rules);
            draft.moves = read_line(
                &start,
                &headers(text, MOVES).join(" "),
                super::notation::read_move,
            )
            .unwrap_or_default();
        }
        Some(draft)
    }
}

/// A draft's row from a `row N: left | right` line; `None` for any other line.
fn draft_row(line: &str) -> Option<DraftRow> {
    let content = line.split('#').next().unwrap_or("");
    let (head, cards) = content.split_once(':')?;
    let mut head = head.split_whitespace();
    if !head.next()?.eq_ignore_ascii_case("row") {
        return None;
    }
    let (left, right) = cards.split_once('|').unwrap_or((cards, ""));
    let places = |text: &str| -> Vec<Option<Card>> {
        text.split_whitespace()
            .map(|word| word.parse::<Card>().ok())
            .collect()
    };
    Some(DraftRow {
        left: places(left),
        right: places(right),
    })
}

/// The rows of a layout as text, one `row N: left | right` line each.
pub fn layout_text(layout: &Layout) -> String {
    let mut text = String::new();
    for (number, row) in layout.rows().iter().enumerate() {
        let [left, right] = Side::BOTH.map(|side| {
            let cards: Vec<String> = row.line(side).iter().map(ToString::to_string).collect();
            cards.join(" ")
        });
        text.push_str(&format!("row {}: {left} | {right}\n", number + 1));
    }
    text
}

fn after_fourth_word(after: AfterFourth) -> &'static str {
    match after {
        AfterFourth::Restarts => "restarts",
        AfterFourth::StaysAtEight => "stays at 8",
    }
}

fn unused_word(bonus: UnusedBonus) -> &'static str {
    match bonus {
        UnusedBonus::OnWin => "on a win",
        UnusedBonus::Always => "always",
    }
}

fn yes_no(value: bool) -> &'static str {
    if value { "yes" } else { "no" }
}

/// A row being read: its cards, each with where it is.
#[derive(Default)]
struct ReadRow {
    lines: [Vec<(Card, TextPos)>; 2],
}

/// What the lines of a text have given so far.
#[derive(Default)]
struct Reader {
    rows: Vec<ReadRow>,
    /// Where each card of the pack was first read.
    seen: Vec<Option<TextPos>>,
    /// Each header's value and where it starts, as first given.
    headers: Vec<(&'static str, String, TextPos)>,
    /// The number the last row was written with (0 before the first).
    last_number: usize,
    /// The lines read that are rows, or stand where a row was expected.
    places: usize,
    /// The last row whose number was right: its number and its place (0 and 0 before the
    /// first).
    anchor: (usize, usize),
    /// The words of the `# moves:` lines, with where each starts.
    moves: Vec<(String, TextPos)>,
    problems: Vec<TextProblem>,
}

/// The column (from 1, in characters) at which byte `offset` of `line` lies.
fn column(line: &str, offset: usize) -> usize {
    line[..offset].chars().count() + 1
}

/// The words of `text`, a part of `line` starting at byte `offset`, each with its column.
fn words(line: &str, offset: usize, text: &str) -> Vec<(String, usize)> {
    let base = text.as_ptr() as usize;
    text.split_whitespace()
        .map(|word| {
            let start = offset + (word.as_ptr() as usize - base);
            (word.to_string(), column(line, start))
        })
        .collect()
}

impl Reader {
    fn problem(&mut self, at: TextPos, problem: Problem) {
        self.problems.push(TextProblem {
            at: Some(at),
            problem,
        });
    }

    /// Reads one line of the text (numbered from 1).
    fn line(&mut self, number: usize, line: &str) {
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            return;
        }
        let at = |offset: usize| TextPos {
            line: number,
            column: column(line, offset),
        };
        if trimmed.starts_with('#') {
            self.header(number, line);
            return;
        }
        let start = line.len() - trimmed.len();
        let expected = self.next_place();
        // A row: `row N:`, then the cards, a `#` starting a comment.
        let content = line.split('#').next().unwrap_or("");
        let Some((head, cards)) = content[start..].split_once(':') else {
            self.problem(at(start), Problem::NotARow(self.last_number + 1));
            return;
        };
        let mut head_words = head.split_whitespace();
        let (Some(word), Some(found), None) =
            (head_words.next(), head_words.next(), head_words.next())
        else {
            self.problem(at(start), Problem::NotARow(self.last_number + 1));
            return;
        };
        if !word.eq_ignore_ascii_case("row") {
            self.problem(at(start), Problem::NotARow(self.last_number + 1));
            return;
        }
        // A row's number is right when it follows the one written before (a row left out
        // or added is named once) or fits its place (a number mistyped, or two rows
        // swapped, is named alone rather than with every row after it).
        let written = found.parse::<usize>().ok();
        let follows = written == Some(self.last_number + 1);
        if follows || written == Some(expected) {
            self.anchor = (written.unwrap_or(expected), self.places);
        } else {
            let offset = found.as_ptr() as usize - line.as_ptr() as usize;
            let found = excerpt(found);
            let problem = if written.is_some() {
                Problem::RowNumber { found, expected }
            } else {
                Problem::RowNotANumber { found, expected }
            };
            self.problem(at(offset), problem);
        }
        self.last_number = written.unwrap_or(expected);
        let cards_offset = cards.as_ptr() as usize - line.as_ptr() as usize;
        self.row(number, line, cards_offset, cards);
    }

    /// Counts a line that is a row, or stands where one was expected; returns the number
    /// its place calls for, counted on from the last row whose number was right (a line
    /// that is not a row asks for the number after the one written before it).
    fn next_place(&mut self) -> usize {
        self.places += 1;
        let (number, place) = self.anchor;
        number + self.places - place
    }

    /// Reads a row's cards: `cards` is the part of `line` after the colon, from byte `offset`.
    fn row(&mut self, number: usize, line: &str, offset: usize, cards: &str) {
        let at = |column| TextPos {
            line: number,
            column,
        };
        let mut row = ReadRow::default();
        let mut parts = cards.splitn(3, '|');
        let left = parts.next().unwrap_or("");
        let right = parts.next();
        if parts.next().is_some() {
            let bar = offset + left.len() + 1 + right.map_or(0, str::len);
            self.problem(at(column(line, bar)), Problem::SecondBar);
        }
        if right.is_none() {
            let end = offset + cards.trim_end().len();
            self.problem(at(column(line, end)), Problem::NoBar);
        }
        let right_offset = offset + left.len() + 1;
        let sides = [(left, offset), (right.unwrap_or(""), right_offset)];
        for (side, (text, start)) in sides.into_iter().enumerate() {
            for (word, column) in words(line, start, text) {
                if let Some(card) = self.card(&word, at(column)) {
                    row.lines[side].push((card, at(column)));
                }
            }
        }
        let read_any = !row.lines[0].is_empty() || !row.lines[1].is_empty();
        let words_any = !cards.replace('|', "").trim().is_empty();
        if !read_any && !words_any {
            let start = column(line, line.len() - line.trim_start().len());
            self.problem(at(start), Problem::EmptyRow);
        }
        self.rows.push(row);
    }

    /// Reads one card of a row, noting it as seen; `None` (with the problem noted) when it is
    /// not a card or has been read before.
    fn card(&mut self, word: &str, at: TextPos) -> Option<Card> {
        if word == UNKNOWN {
            self.problem(at, Problem::Unknown);
            return None;
        }
        let Ok(card) = word.parse::<Card>() else {
            self.problem(at, Problem::NotACard(excerpt(word)));
            return None;
        };
        if self.seen.is_empty() {
            self.seen = vec![None; DECK_SIZE];
        }
        if let Some(first) = self.seen[card.index()] {
            let noted = self
                .problems
                .iter_mut()
                .find_map(|noted| match &mut noted.problem {
                    Problem::Duplicate {
                        card: again, later, ..
                    } if *again == card => Some(later),
                    _ => None,
                });
            match noted {
                Some(later) => later.push(at),
                None => self.problem(
                    at,
                    Problem::Duplicate {
                        card,
                        first,
                        later: Vec::new(),
                    },
                ),
            }
            return None;
        }
        self.seen[card.index()] = Some(at);
        Some(card)
    }

    /// Reads a `#` line: a known header's value, or nothing for a comment.
    fn header(&mut self, number: usize, line: &str) {
        let keys = [
            GAME,
            FREE_CELLS,
            USES,
            RUN_AFTER_FOUR,
            CELL_BREAKS_RUN,
            UNUSED_PAID,
            PERFECT_FROM_CELLS,
            MOVES,
        ];
        let Some((key, value)) = keys
            .iter()
            .find_map(|&key| header_value(line, key).map(|value| (key, value)))
        else {
            return;
        };
        let offset = line.len() - value.len();
        if key == MOVES {
            for (word, column) in words(line, offset, value) {
                self.moves.push((
                    word,
                    TextPos {
                        line: number,
                        column,
                    },
                ));
            }
            return;
        }
        let trimmed = value.trim();
        let start = offset + (value.len() - value.trim_start().len());
        let at = TextPos {
            line: number,
            column: column(line, start),
        };
        if self.headers.iter().any(|&(other, ..)| other == key) {
            self.problem(at, Problem::HeaderTwice(key));
            return;
        }
        self.headers.push((key, trimmed.to_string(), at));
    }

    /// A header's value and where it is, if given.
    fn value(&self, key: &str) -> Option<(String, TextPos)> {
        self.headers
            .iter()
            .find(|&&(other, ..)| other == key)
            .map(|(_, value, at)| (value.clone(), *at))
    }

    /// A header's value read by `read` (the default when absent); a value it cannot read is
    /// a problem naming the values allowed.
    fn option<T>(
        &mut self,
        key: &'static str,
        default: T,
        allowed: &str,
        read: impl Fn(&str) -> Option<T>,
    ) -> T {
        let Some((value, at)) = self.value(key) else {
            return default;
        };
        if let Some(read) = read(&value.to_ascii_lowercase()) {
            return read;
        }
        let problem = Problem::BadValue {
            key,
            value: excerpt(&value),
            allowed: allowed.to_string(),
        };
        self.problem(at, problem);
        default
    }

    /// The rules the headers give, noting the problems of their values and of the game named.
    fn rules(&mut self) -> Rules {
        if let Some((game, at)) = self.value(GAME)
            && !game.eq_ignore_ascii_case(GAME_ID)
        {
            let game = excerpt(&game);
            self.problem(at, Problem::OtherGame(game));
        }
        let default = Rules::DEFAULT;
        let number = |low: u8, high: u8| {
            move |text: &str| text.parse::<u8>().ok().filter(|n| (low..=high).contains(n))
        };
        let yes_no = |text: &str| match text {
            "yes" => Some(true),
            "no" => Some(false),
            _ => None,
        };
        Rules {
            free_cells: self.option(FREE_CELLS, default.free_cells, "1, 2", number(1, 2)),
            uses: self.option(USES, default.uses, "0 to 15", number(0, MAX_USES)),
            after_fourth: self.option(
                RUN_AFTER_FOUR,
                default.after_fourth,
                "restarts, stays at 8",
                |text| match text {
                    "restarts" => Some(AfterFourth::Restarts),
                    "stays at 8" => Some(AfterFourth::StaysAtEight),
                    _ => None,
                },
            ),
            cell_breaks_run: self.option(
                CELL_BREAKS_RUN,
                default.cell_breaks_run,
                "no, yes",
                yes_no,
            ),
            unused_bonus: self.option(
                UNUSED_PAID,
                default.unused_bonus,
                "on a win, always",
                |text| match text {
                    "on a win" => Some(UnusedBonus::OnWin),
                    "always" => Some(UnusedBonus::Always),
                    _ => None,
                },
            ),
            perfect_from_cells: self.option(
                PERFECT_FROM_CELLS,
                default.perfect_from_cells,
                "no, yes",
                yes_no,
            ),
        }
    }

    /// The layout the rows make, noting when there are none; `None` when the text has
    /// problems.
    fn layout(&mut self) -> Option<Layout> {
        if self.rows.is_empty() {
            self.problems.push(TextProblem {
                at: None,
                problem: Problem::NoRows,
            });
        }
        if !self.problems.is_empty() {
            return None;
        }
        let rows: Vec<Row> = self
            .rows
            .iter()
            .map(|row| {
                let [left, right] =
                    [0, 1].map(|side| row.lines[side].iter().map(|&(card, _)| card).collect());
                Row { left, right }
            })
            .collect();
        // Duplicates and empty rows were noted, with their places, as the rows were read:
        // the layout's own check finds nothing more.
        Layout::new(rows)
            .map_err(|problems| {
                self.problems
                    .extend(problems.0.into_iter().map(|problem| TextProblem {
                        at: None,
                        problem: Problem::Layout(problem),
                    }));
            })
            .ok()
    }

    /// The moves of the `# moves:` lines, played one after another from `start` as the
    /// notation reads a line; the first that cannot be played (or comes after the win) is a
    /// problem at its place.
    fn moves(&self, start: &Position) -> Result<Vec<Move>, TextProblems> {
        let words: Vec<&str> = self.moves.iter().map(|(word, _)| word.as_str()).collect();
        read_line(start, &words.join(" "), read_move).map_err(|(index, error)| {
            TextProblems(vec![TextProblem {
                at: Some(self.moves[index].1),
                problem: Problem::Move {
                    number: index + 1,
                    error,
                },
            }])
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::games::perfect_pair::fixtures::{any_rules, layout};

    /// The problems of a text, one per line.
    fn problems(text: &str) -> String {
        SavedPerfectPair::read(text)
            .expect_err("the text has problems")
            .to_string()
    }

    #[test]
    fn the_rules_files_example_is_read() {
        let text = "# game: perfect-pair\n# free cells: 2\n# uses: 6\n\
                    row 1: 7h Qs 2d 9c Kd 4s 6h | 5c Jd 3s 8h Ac Th\n\
                    row 2: 10d 9s | Jc\n";
        let saved = SavedPerfectPair::read(text).expect("a hand");
        assert_eq!(saved.rules, Rules::with_free_cells(2));
        assert_eq!(saved.layout.rows().len(), 2);
        assert_eq!(saved.layout.rows()[0].left.len(), 7);
        assert_eq!(saved.layout.rows()[1].left[0].to_string(), "Td");
        assert!(saved.moves.is_empty());
    }

    #[test]
    fn a_card_given_three_times_is_named_once_and_a_row_number_in_words_is_no_number() {
        assert_eq!(
            problems("row 1: 7h 7h | 7h 6c\nrow 2: 7h | 2c\n"),
            "1:11: 7h appears 4 times: at 1:8 and here, and at 1:16 and 2:8"
        );
        assert_eq!(
            problems("row 1: 7h | 6c\nrow three: 2c | 3d\n"),
            "2:5: 'three' is not a number: this is row 2, written 'row 2:'"
        );
    }

    #[test]
    fn every_problem_is_named_at_its_place() {
        let text = "# game: perfect-pair\n\
                    row 1: 7h Zz | 6c ??\n\
                    row 3: 7h | 5c\n\
                    7d 6s\n\
                    row 4: 2c 3c\n\
                    row 5: 2d | 3d | 4d\n\
                    row 6: |\n\
                    # uses: many\n\
                    # free cells: 3\n\
                    # free cells: 1\n";
        assert_eq!(
            problems(text),
            "2:11: 'Zz' is not a card: a rank (A 2-9 T J Q K, or 10) then a suit (c d h s)\n\
             2:19: '??' (an unknown card) is not taken: every card of a hand is face up\n\
             3:5: row 3 where row 2 comes next: rows are numbered in order from 1\n\
             3:8: 7h appears twice: at 2:8 and here\n\
             4:1: expected a row, 'row 4: cards | cards', or a '#' line\n\
             5:13: no '|' between the row's left and right lines\n\
             6:16: a second '|': a row has two lines\n\
             7:1: this row holds no card\n\
             8:9: # uses: 'many' is not one of: 0 to 15\n\
             9:15: # free cells: '3' is not one of: 1, 2\n\
             10:15: # free cells: given a second time"
        );
    }

    #[test]
    fn one_row_number_wrong_is_named_alone() {
        let rows = [
            "row 1: 7d 9c 4d 8h 8d 5s Jd | 6d 9s Jc 5d Kd 3c",
            "row 2: 2d Jh 5h 7h 4h 2c Ad | 6s Kc Kh Th Ts Js",
            "row 3: Td 8s Qc 4s 6c 7c As | 5c Ah Ks 6h Qs Qh",
            "row 4: Qd 9d 3d 3s Ac 4c 2h | 8c Tc 3h 2s 9h 7s",
        ];
        let with_row_3 = |row: &str| {
            let mut lines = rows.to_vec();
            lines[2] = row;
            lines.join("\n")
        };
        let row_3 = rows[2].trim_start_matches("row 3:");
        for (written, problem) in [
            ("row 2:", "3:5: row 2 where row 3 comes next"),
            ("row 4:", "3:5: row 4 where row 3 comes next"),
            ("row 33:", "3:5: row 33 where row 3 comes next"),
            ("row x:", "3:5: 'x' is not a number: this is row 3"),
            (
                "row 3",
                "3:1: expected a row, 'row 3: cards | cards', or a '#' line",
            ),
        ] {
            let text = with_row_3(&format!("{written}{row_3}"));
            let found = problems(&text);
            assert!(
                found.lines().count() == 1 && found.starts_with(problem),
                "{written}: {found}"
            );
        }
        // Two rows swapped: each is named, and the row after them is not.
        let swapped = [rows[0], rows[2], rows[1], rows[3]].join("\n");
        assert_eq!(
            problems(&swapped),
            "2:5: row 3 where row 2 comes next: rows are numbered in order from 1\n\
             3:5: row 2 where row 3 comes next: rows are numbered in order from 1"
        );
        // A row left out is named once, at the row after the gap.
        let left_out = [rows[0], rows[1], rows[3]].join("\n");
        assert_eq!(
            problems(&left_out),
            "3:5: row 4 where row 3 comes next: rows are numbered in order from 1"
        );
    }

    #[test]
    fn another_game_or_no_rows_is_refused() {
        assert_eq!(
            problems("# game: tripeaks\nrow 1: 7h | 6c\n"),
            "1:9: # game: 'tripeaks' is another game: this reads perfect-pair"
        );
        assert_eq!(
            problems("# free cells: 2\n"),
            "no rows: write each row as 'row 1: cards | cards'"
        );
    }

    #[test]
    fn a_move_that_cannot_be_played_is_named_at_its_place() {
        let text = "row 1: 7h Qs | 6c Ad\n# moves: 7h+6c\n#moves:  Kd Qs+Ad\n";
        assert_eq!(
            problems(text),
            "3:10: # moves: move 2: 'Kd' cannot be played: Kd is not in this hand"
        );
        let saved = SavedPerfectPair::read(&text.replace("Kd ", "")).expect("a hand");
        assert_eq!(saved.moves.len(), 2);
        assert!(saved.game().position().is_won());
        // A move after the win is named as one, as the guide promises, not as a card gone.
        assert_eq!(
            problems(&text.replace("Kd Qs+Ad", "Qs+Ad Qs+Ad")),
            "3:16: # moves: move 3: 'Qs+Ad' cannot be played: the game is already won after \
             move 2"
        );
    }

    #[test]
    fn a_draft_keeps_its_empty_places_rules_and_moves_and_a_save_its_name() {
        let hand =
            SavedPerfectPair::read("# free cells: 2\nrow 1: 7h Qs | 6c Ad\n# moves: 7h+6c\n")
                .unwrap();
        let mut draft = PerfectPairDraft::of_hand(&hand);
        let text = draft.to_text();
        assert!(text.starts_with(DRAFT_LINE), "{text}");
        assert_eq!(PerfectPairDraft::parse(&text), Some(draft.clone()));
        // An empty place is `..`; the moves go with a layout that is not whole.
        draft.rows[0].right[1] = None;
        let named = draft.to_named_text("half", "2026-11-27 12:00", &["a note".to_string()]);
        assert!(named.contains("row 1: 7h Qs | 6c ..\n"), "{named}");
        assert!(!named.contains("# moves:"), "{named}");
        let back = PerfectPairDraft::parse(&named).unwrap();
        assert_eq!((back.rows, back.rules.free_cells), (draft.rows, 2));
        assert_eq!(
            PerfectPairDraft::parse("# game: klondike\nrow 1: 7h | 6c\n"),
            None
        );
        let save = PerfectPairSave {
            name: "Sunday".to_string(),
            saved: "2026-11-27 12:00".to_string(),
            notes: vec!["first".to_string()],
            hand,
        };
        let written = save.to_text();
        assert_eq!(PerfectPairSave::read(&written, "other"), Ok(save));
    }

    #[test]
    fn comments_and_other_headers_are_left_alone() {
        let text = "# name: Tuesday\n# notes: a good one\n  Row 1:  7h  Qs|6c  # the only row\n";
        let saved = SavedPerfectPair::read(text).expect("a hand");
        assert_eq!(*saved.layout, layout(&["7h Qs | 6c"]));
        assert_eq!(saved.rules, Rules::DEFAULT);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn a_written_hand_reads_back_the_same(
            seed in any::<u64>(),
            rules in any_rules(MAX_USES),
            picks in prop::collection::vec(any::<prop::sample::Index>(), 0..40),
        ) {
            let layout = Layout::deal(seed, 0);
            let mut position = Position::new(layout.clone(), rules);
            let mut moves = Vec::new();
            for pick in picks {
                let legal = position.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[pick.index(legal.len())];
                position.apply(mv).expect("a legal move");
                moves.push(mv);
            }
            let saved = SavedPerfectPair { layout: Arc::new(layout), rules, moves };
            let text = saved.to_text();
            prop_assert_eq!(SavedPerfectPair::read(&text), Ok(saved.clone()), "{}", text);
            let game = saved.game();
            prop_assert_eq!(game.position(), &position);
        }
    }
}

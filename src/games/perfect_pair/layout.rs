//! The ladder as data: rows, each a left and a right line of cards written from the card
//! that is available inward, so that a line is a stack and only its end card can be taken.
//! Any number of rows and any line lengths; the cards are one pack with no card twice, or a
//! part of one.
//!
//! No source describes the game's layout. The default ([`Layout::deal`]) is the
//! reconstruction of `PERFECT_PAIR.md`: four rows of 13 cards, seven on the **left** line and
//! six on the right (which side holds seven is not known either; the left is the choice made
//! here, and it changes no answer but the drawing).
//!
//! Lines are numbered row by row, left before right: line `2 * row + side`. Each card of a
//! layout also has an *origin* number, its place in that order (line by line, each from its
//! available card inward), which orders the cards of a move the same way in every position.

use std::fmt;

use crate::cards::card::{Card, DECK_SIZE};
use crate::cards::deal::RandomDeals;

/// The default layout as the deal reader asks it: 52 cards in the order [`Layout::from_pack`]
/// lays them out (row by row, each row's left line then its right one, each line from its
/// available card inward), for a line of `batch` or `stats --from` and for messages.
pub static DEAL_ORDER: crate::cards::layout::Layout = crate::cards::layout::Layout {
    name: "Perfect Pair",
    slot_name,
    drawn,
    takes_unknown: false,
};

/// Cards in a default row.
const ROW_SIZE: usize = DEFAULT_LEFT + DEFAULT_RIGHT;

/// Where slot `index` of the default deal order lies: "row 2 left, card 3"; past the 52 of a
/// pack, which card it is.
fn slot_name(index: usize) -> String {
    if index >= DECK_SIZE {
        return format!("card {}, past the {DECK_SIZE} of a deal", index + 1);
    }
    let (row, at) = (index / ROW_SIZE, index % ROW_SIZE);
    let (side, depth) = if at < DEFAULT_LEFT {
        (Side::Left, at)
    } else {
        (Side::Right, at - DEFAULT_LEFT)
    };
    Origin { row, side, depth }.to_string()
}

/// The default layout drawn as its saved text writes it, a `row N: left | right` line a row.
fn drawn(slots: &[String; DECK_SIZE]) -> String {
    let mut text = String::new();
    for (number, row) in slots.chunks(ROW_SIZE).enumerate() {
        let (left, right) = row.split_at(DEFAULT_LEFT);
        text.push_str(&format!(
            "row {}: {} | {}\n",
            number + 1,
            left.join(" "),
            right.join(" ")
        ));
    }
    text
}

/// Rows in the default layout.
pub const DEFAULT_ROWS: usize = 4;
/// Cards on the left line of a default row.
pub const DEFAULT_LEFT: usize = 7;
/// Cards on the right line of a default row.
pub const DEFAULT_RIGHT: usize = 6;

/// A side of the ladder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Left,
    Right,
}

impl Side {
    /// Both sides, left first.
    pub const BOTH: [Side; 2] = [Side::Left, Side::Right];

    /// The side's word: "left", "right".
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

/// Where a card lies in a layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Origin {
    /// The row, from 0.
    pub row: usize,
    pub side: Side,
    /// Cards lying on it at the start: 0 for the card available at the start.
    pub depth: usize,
}

impl Origin {
    /// The line's number: `2 * row`, plus 1 on the right.
    pub fn line(self) -> usize {
        line_number(self.row, self.side)
    }
}

impl fmt::Display for Origin {
    /// "row 2 left, card 3": counted from 1, the card from the available end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "row {} {}, card {}",
            self.row + 1,
            self.side.name(),
            self.depth + 1
        )
    }
}

/// The number of a row's line on a side.
pub fn line_number(row: usize, side: Side) -> usize {
    2 * row + usize::from(side == Side::Right)
}

/// One row of the ladder: a line of cards on each side, each from its available card inward.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Row {
    pub left: Vec<Card>,
    pub right: Vec<Card>,
}

impl Row {
    /// The row's line on a side.
    pub fn line(&self, side: Side) -> &[Card] {
        match side {
            Side::Left => &self.left,
            Side::Right => &self.right,
        }
    }

    /// Cards in the row.
    pub fn len(&self) -> usize {
        self.left.len() + self.right.len()
    }

    /// Whether the row holds no card.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The most perfect matches the row can give: the longest sequence of pairs adding up to
    /// 13 taken in order from its two lines (`PERFECT_PAIR.md`, "Checks").
    pub fn possible_perfect_matches(&self) -> usize {
        usize::from(self.ordered_pairs_table()[0][0])
    }

    /// For every number of cards taken from the left line (first index) and from the right
    /// one, the most pairs adding up to 13 taken in order from the cards left: the
    /// longest-common-subsequence recursion, with "adds up to 13" for "equal". Perfect
    /// matches of a row are such pairs (each line gives its cards in order), so this bounds
    /// the perfect matches still to come from any position.
    pub fn ordered_pairs_table(&self) -> Vec<Vec<u8>> {
        let (left, right) = (&self.left, &self.right);
        let mut table = vec![vec![0u8; right.len() + 1]; left.len() + 1];
        for i in (0..left.len()).rev() {
            for j in (0..right.len()).rev() {
                table[i][j] = if left[i].pairs_with(right[j]) {
                    table[i + 1][j + 1] + 1
                } else {
                    table[i + 1][j].max(table[i][j + 1])
                };
            }
        }
        table
    }
}

/// A laid-out hand: rows in order, their cards all different.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    rows: Vec<Row>,
    /// Where each card of the pack lies, by its index, `None` for a card not in the layout.
    origins: Vec<Option<Origin>>,
}

/// One thing wrong with rows given as a layout.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LayoutProblem {
    #[error("no rows: a layout needs at least one card")]
    NoRows,
    #[error("row {} holds no card", .0 + 1)]
    EmptyRow(usize),
    /// A card given more than once, said once with every place it is at.
    #[error("{card} appears {}: {}", times(.at.len()), places(.at))]
    Duplicate { card: Card, at: Vec<Origin> },
}

/// Every problem of rows given as a layout.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct LayoutProblems(pub Vec<LayoutProblem>);

impl fmt::Display for LayoutProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&lines.join("\n"))
    }
}

impl Layout {
    /// A layout from rows, checked: at least one row, no row without cards, no card twice.
    /// (With no card twice, a layout holds at most the 52 of a pack, in at most 52 rows.)
    pub fn new(rows: Vec<Row>) -> Result<Layout, LayoutProblems> {
        let problems = problems(&rows);
        if problems.is_empty() {
            Ok(Layout::of_rows(rows))
        } else {
            Err(LayoutProblems(problems))
        }
    }

    /// The default layout (a reconstruction): cards in order fill row 1's left line from its
    /// available card inward (7 cards), then its right line (6), then row 2, and so on.
    pub fn from_pack(cards: &[Card; DECK_SIZE]) -> Layout {
        let rows = cards
            .chunks(ROW_SIZE)
            .map(|row| Row {
                left: row[..DEFAULT_LEFT].to_vec(),
                right: row[DEFAULT_LEFT..].to_vec(),
            })
            .collect();
        Layout::of_rows(rows)
    }

    /// A layout of rows known to be one (no card twice), with its cards' origins.
    fn of_rows(rows: Vec<Row>) -> Layout {
        let mut origins = vec![None; DECK_SIZE];
        for (card, origin) in cards_of(&rows) {
            origins[card.index()] = Some(origin);
        }
        Layout { rows, origins }
    }

    /// The default layout of random deal `number` (from 0) of a seed: the project's one
    /// shuffle ([`crate::cards::deal::random_deals`]), its cards laid out by [`Layout::from_pack`].
    pub fn deal(seed: u64, number: usize) -> Layout {
        let deal = RandomDeals::new(seed)
            .nth(number)
            .expect("random deals never end");
        Layout::from_pack(deal.cards())
    }

    /// The rows, in order.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// Lines: two a row.
    pub fn lines(&self) -> usize {
        2 * self.rows.len()
    }

    /// The line with this number (see the module's comment).
    pub fn line(&self, line: usize) -> &[Card] {
        self.rows[line / 2].line(Side::BOTH[line % 2])
    }

    /// Cards in the layout.
    pub fn len(&self) -> usize {
        self.rows.iter().map(Row::len).sum()
    }

    /// Whether the layout holds no card (never, for a checked one).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every card with where it lies, in origin order.
    pub fn cards(&self) -> impl Iterator<Item = (Card, Origin)> + '_ {
        cards_of(&self.rows)
    }

    /// Where a card lies, if it is in the layout.
    pub fn origin(&self, card: Card) -> Option<Origin> {
        self.origins[card.index()]
    }

    /// The most perfect matches the hand can give: each row's
    /// [`Row::possible_perfect_matches`], added up.
    pub fn possible_perfect_matches(&self) -> usize {
        self.rows.iter().map(Row::possible_perfect_matches).sum()
    }
}

/// Every card of rows with where it lies, in origin order.
fn cards_of(rows: &[Row]) -> impl Iterator<Item = (Card, Origin)> + '_ {
    rows.iter().enumerate().flat_map(|(row, cards)| {
        Side::BOTH.into_iter().flat_map(move |side| {
            cards
                .line(side)
                .iter()
                .enumerate()
                .map(move |(depth, &card)| (card, Origin { row, side, depth }))
        })
    })
}

/// The problems of rows as a layout.
fn problems(rows: &[Row]) -> Vec<LayoutProblem> {
    let mut problems = Vec::new();
    if rows.is_empty() {
        problems.push(LayoutProblem::NoRows);
    }
    problems.extend(
        (0..rows.len())
            .filter(|&row| rows[row].is_empty())
            .map(LayoutProblem::EmptyRow),
    );
    let mut seen: Vec<Vec<Origin>> = vec![Vec::new(); DECK_SIZE];
    // Each card given again, in the order of its second place, as the rows are read.
    let mut again = Vec::new();
    for (card, origin) in cards_of(rows) {
        seen[card.index()].push(origin);
        if seen[card.index()].len() == 2 {
            again.push(card);
        }
    }
    problems.extend(again.into_iter().map(|card| LayoutProblem::Duplicate {
        card,
        at: std::mem::take(&mut seen[card.index()]),
    }));
    problems
}

/// How many times a card appears: "twice", "3 times".
pub fn times(count: usize) -> String {
    if count == 2 {
        "twice".to_string()
    } else {
        format!("{count} times")
    }
}

/// The places a card is at: "at row 1 left, card 1 and at row 2 left, card 2".
fn places(at: &[Origin]) -> String {
    let words: Vec<String> = at.iter().map(|origin| format!("at {origin}")).collect();
    crate::cards::excerpt::joined(&words, "and")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::perfect_pair::fixtures::{cards, row};

    #[test]
    fn the_default_layout_is_four_rows_of_seven_and_six() {
        let layout = Layout::deal(7, 0);
        assert_eq!(layout.rows().len(), DEFAULT_ROWS);
        assert_eq!(layout.len(), DECK_SIZE);
        for row in layout.rows() {
            assert_eq!((row.left.len(), row.right.len()), (7, 6));
        }
        let deal = crate::cards::deal::random_deals(7, 1)[0];
        assert_eq!(layout.rows()[0].left, deal.cards()[..7].to_vec());
        assert_eq!(layout.rows()[3].right, deal.cards()[46..].to_vec());
        assert_ne!(Layout::deal(7, 1), layout);
        assert_eq!(layout.line(3), &deal.cards()[20..26]);
    }

    #[test]
    fn the_ordered_pairs_are_a_longest_common_subsequence() {
        // 6c pairs with 7d, Qh with Ad, 2s with Js; the first two cross (6c lies before Qh,
        // 7d after Ad), so only one of them comes in order with 2s-Js.
        let r = row("6c Qh 2s | Ad 7d Js");
        assert_eq!(r.possible_perfect_matches(), 2);
        let table = r.ordered_pairs_table();
        assert_eq!(table[1][0], 2); // Qh-Ad, 2s-Js
        assert_eq!(table[0][1], 2); // 6c-7d, 2s-Js
        assert_eq!(table[0][2], 1); // 2s-Js
        assert_eq!(table[2][2], 1);
        assert_eq!(table[3][0], 0);
        assert_eq!(row("Kc | Kd").possible_perfect_matches(), 0);
    }

    #[test]
    fn a_card_twice_and_empty_rows_are_named() {
        let error = Layout::new(vec![row("7h Qs | 6c"), row("|"), row("Qs | 2d")]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "row 2 holds no card\nQs appears twice: at row 1 left, card 2 and at row 3 left, card 1"
        );
        let thrice = Layout::new(vec![row("7h 7h | 7h 6c")]).unwrap_err();
        assert_eq!(
            thrice.to_string(),
            "7h appears 3 times: at row 1 left, card 1, at row 1 left, card 2 and at row 1 \
             right, card 1"
        );
        assert_eq!(
            Layout::new(Vec::new()).unwrap_err().0,
            vec![LayoutProblem::NoRows]
        );
        let layout = Layout::new(vec![row("7h Qs | 6c")]).unwrap();
        assert_eq!(
            layout.origin(cards("6c")[0]),
            Some(Origin {
                row: 0,
                side: Side::Right,
                depth: 0
            })
        );
        assert_eq!(layout.lines(), 2);
    }
}

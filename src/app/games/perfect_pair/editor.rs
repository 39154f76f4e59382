//! Perfect Pair's editor: the shared deal editor over a layout that is itself typed. The
//! marks keep the layout's shape (how many places each row's left and right lines have), and
//! the slots lie in the order the file format writes them: row by row, each row's left line
//! then its right one, each line from its available card inward; the slots past the last
//! place stay empty. Places and rows are added and removed here, the rules and what the hand
//! is played for are kept beside them, and every change is checked by the library's own
//! check of a layout, so that drawing only reads what is wrong.

use solitaire::cards::card::Card;
use solitaire::cards::deal::DECK_SIZE;
use solitaire::games::perfect_pair::answer::Aim;
use solitaire::games::perfect_pair::layout::{
    DEFAULT_LEFT, DEFAULT_RIGHT, DEFAULT_ROWS, LayoutProblem, Origin,
};
use solitaire::games::perfect_pair::saved::{DraftRow, PerfectPairDraft};
use solitaire::games::perfect_pair::{Layout, Position, Row, Rules, Side};

use crate::app::flow::editor::{self, Marks};
use crate::app::games::perfect_pair::shape;
use crate::app::widgets::{capitalised, counted};

/// Perfect Pair's deal editor.
pub type Editor = editor::Editor<PairMarks>;

/// A row's places: on its left line and on its right one.
pub type Shape = Vec<[usize; 2]>;

/// The default layout's shape (a reconstruction): four rows of 7 places on the left and 6
/// on the right.
pub fn default_shape() -> Shape {
    vec![[DEFAULT_LEFT, DEFAULT_RIGHT]; DEFAULT_ROWS]
}

/// What Perfect Pair's editor keeps beside the cards: the layout's shape, the rules, what
/// the hand is played for, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairMarks {
    pub shape: Shape,
    pub rules: Rules,
    pub aim: Aim,
    /// The problems of the text last pasted, one a line, until the next change.
    pub pasted: Vec<String>,
    check: Check,
}

impl Default for PairMarks {
    fn default() -> PairMarks {
        PairMarks {
            shape: default_shape(),
            rules: Rules::DEFAULT,
            aim: Aim::default(),
            pasted: Vec::new(),
            check: Check::default(),
        }
    }
}

/// What is wrong with the cards typed, or still to do.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Check {
    /// Each card typed twice, with its two slots.
    duplicates: Vec<(Card, usize, usize)>,
    /// The library's problems with the cards typed, in its words, the places named as the
    /// board shows them.
    problems: Vec<String>,
    /// Places without their card.
    empty: usize,
}

/// A place of the layout: its row, side and depth from the available card.
fn origin(row: usize, side: Side, depth: usize) -> Origin {
    Origin { row, side, depth }
}

impl PairMarks {
    /// The slot of a row's line's first place.
    pub fn line_start(&self, row: usize, side: Side) -> usize {
        let before: usize = self.shape[..row].iter().flatten().sum();
        before
            + if side == Side::Right {
                self.shape[row][0]
            } else {
                0
            }
    }

    /// Where a slot lies, if the layout has it.
    pub fn place_of(&self, slot: usize) -> Option<Origin> {
        let mut start = 0;
        for (row, sides) in self.shape.iter().enumerate() {
            for (side, &count) in Side::BOTH.iter().zip(sides) {
                if slot < start + count {
                    return Some(origin(row, *side, slot - start));
                }
                start += count;
            }
        }
        None
    }

    /// Each place's slot, line by line: `lines[2 * row + side]`.
    fn line_slots(&self) -> Vec<Vec<usize>> {
        let mut start = 0;
        let mut lines = Vec::new();
        for &count in self.shape.iter().flatten() {
            lines.push((start..start + count).collect());
            start += count;
        }
        lines
    }

    /// The check of the slots against the shape: the library's check of the cards typed
    /// (each line's typed cards, in order), its places read back to the slots.
    fn check(&self, slots: &[Option<Card>; DECK_SIZE]) -> Check {
        let lines = self.line_slots();
        // Per line, the slots of its typed cards: the library sees only those.
        let typed: Vec<Vec<usize>> = lines
            .iter()
            .map(|line| {
                line.iter()
                    .copied()
                    .filter(|&slot| slots[slot].is_some())
                    .collect()
            })
            .collect();
        let cards = |line: usize| typed[line].iter().filter_map(|&slot| slots[slot]).collect();
        let rows: Vec<Row> = (0..self.shape.len())
            .map(|row| Row {
                left: cards(2 * row),
                right: cards(2 * row + 1),
            })
            .collect();
        let slot_of = |at: Origin| typed[at.line()][at.depth];
        let place = |slot: usize| self.place_of(slot).expect("a slot of the layout");
        let mut check = Check {
            empty: lines
                .iter()
                .flatten()
                .filter(|&&s| slots[s].is_none())
                .count(),
            ..Check::default()
        };
        for problem in Layout::new(rows)
            .err()
            .map(|found| found.0)
            .unwrap_or_default()
        {
            match problem {
                LayoutProblem::Duplicate { card, at } => {
                    let slots: Vec<_> = at.into_iter().map(slot_of).collect();
                    check
                        .duplicates
                        .extend(slots[1..].iter().map(|&again| (card, slots[0], again)));
                    let named = LayoutProblem::Duplicate {
                        card,
                        at: slots.into_iter().map(place).collect(),
                    };
                    check
                        .problems
                        .push(format!("{}.", capitalised(&named.to_string())));
                }
                // A row with places is only waiting for its cards: the empty places say so.
                LayoutProblem::EmptyRow(row) if self.shape[row].iter().sum::<usize>() > 0 => {}
                problem => check
                    .problems
                    .push(format!("{}.", capitalised(&problem.to_string()))),
            }
        }
        check
    }
}

impl Marks for PairMarks {
    const TYPES_UNKNOWN: bool = false;

    fn is_unknown(&self, _slot: usize) -> bool {
        false
    }

    fn typed(&mut self, _slot: usize, _card: Option<Card>) {}

    fn cleared(&mut self, _slot: usize) {}

    fn revalidate(&mut self, slots: &[Option<Card>; DECK_SIZE]) {
        self.check = self.check(slots);
    }

    fn duplicates(&self) -> Vec<(Card, usize, usize)> {
        self.check.duplicates.clone()
    }

    /// None: a hand may be a part of a pack.
    fn missing(&self) -> Vec<Card> {
        Vec::new()
    }

    fn slots(&self) -> usize {
        self.shape.iter().flatten().sum()
    }
}

/// Why a change to the layout's shape is refused.
const FULL_PACK: &str = "a hand holds at most the 52 cards of a pack: take a place away (-) first";

impl Editor {
    /// An editor holding a draft's rows, for its rules, played for `aim`.
    pub fn of_draft(draft: &PerfectPairDraft, aim: Aim) -> Editor {
        let mut slots = [None; DECK_SIZE];
        let places = draft
            .rows
            .iter()
            .flat_map(|row| row.left.iter().chain(&row.right));
        for (slot, &card) in slots.iter_mut().zip(places) {
            *slot = card;
        }
        let mut shape: Shape = draft
            .rows
            .iter()
            .map(|row| [row.left.len(), row.right.len()])
            .collect();
        // A draft written by hand may hold more places than a pack has cards: the editor
        // keeps the first 52.
        let mut room = DECK_SIZE;
        for sides in &mut shape {
            for count in sides.iter_mut() {
                *count = (*count).min(room);
                room -= *count;
            }
        }
        shape.retain(|sides| sides.iter().sum::<usize>() > 0);
        if shape.is_empty() {
            shape = default_shape();
        }
        let marks = PairMarks {
            shape,
            rules: draft.rules,
            aim,
            pasted: Vec::new(),
            check: Check::default(),
        };
        Editor::with_slots(slots, marks)
    }

    /// The rows typed, each place's card or `None`, with the rules: the draft's deal.
    pub fn draft_rows(&self) -> Vec<DraftRow> {
        let lines: Vec<Vec<Option<Card>>> = self
            .marks
            .line_slots()
            .iter()
            .map(|line| line.iter().map(|&slot| self.slots[slot]).collect())
            .collect();
        lines
            .chunks(2)
            .map(|pair| DraftRow {
                left: pair[0].clone(),
                right: pair[1].clone(),
            })
            .collect()
    }

    /// What keeps the cards from being a hand, every problem at once, a sentence each.
    pub fn problems(&self) -> Vec<String> {
        let check = &self.marks.check;
        let mut problems = check.problems.clone();
        match check.empty {
            0 => {}
            1 => problems.push("1 place is still empty: type its card, or - takes it away.".into()),
            n => problems.push(format!(
                "{n} places are still empty: type their cards, or - takes a place away."
            )),
        }
        problems
    }

    /// The layout typed, or what keeps the cards from being one, in a sentence.
    pub fn layout(&self) -> Result<Layout, String> {
        let empty = self.marks.check.empty;
        if empty > 0 {
            return Err(format!(
                "the hand has {}/{}: {} still empty",
                self.filled(),
                counted(self.size(), "card"),
                counted(empty, "place")
            ));
        }
        if let Some(problem) = self.marks.check.problems.first() {
            return Err(problem.trim_end_matches('.').to_string());
        }
        let rows = self.draft_rows();
        let draft = PerfectPairDraft {
            rows,
            ..PerfectPairDraft::default()
        };
        draft
            .layout()
            .ok_or_else(|| "the cards do not make a hand".to_string())
    }

    /// The position to play or solve from: the hand's start under the rules.
    pub fn start(&self) -> Result<Position, String> {
        self.layout()
            .map(|layout| Position::new(layout, self.marks.rules))
    }

    /// Slots where the cards are wrong: both slots of each duplicate.
    pub fn invalid_slots(&self) -> Vec<usize> {
        self.duplicates()
            .iter()
            .flat_map(|&(_, first, second)| [first, second])
            .collect()
    }

    /// A new place at `slot` on a row's line (the cards from there on move one slot on), the
    /// cursor on it; refused when the pack or the board is full.
    fn insert(&mut self, slot: usize, row: usize, side: Side) -> Result<(), String> {
        let mut shape = self.marks.shape.clone();
        shape[row][side_index(side)] += 1;
        self.open_place(slot, shape)
    }

    /// An empty place opened at `slot` for the new shape (the cards from there on move one
    /// slot on), the cursor on it; refused when the pack or the board is full.
    fn open_place(&mut self, slot: usize, shape: Shape) -> Result<(), String> {
        if self.size() >= DECK_SIZE {
            return Err(FULL_PACK.to_string());
        }
        shape::fits(&shape)?;
        self.slots[slot..].rotate_right(1);
        self.slots[slot] = None;
        self.mark(|marks| marks.shape = shape);
        self.cursor = slot;
        Ok(())
    }

    /// A new place after the cursor's, on its line.
    pub fn add_place(&mut self) -> Result<(), String> {
        let at = self.cursor_place();
        self.insert(self.cursor + 1, at.row, at.side)
    }

    /// A new place at the inner end of the cursor's row's line on `side`.
    pub fn add_at_end(&mut self, side: Side) -> Result<(), String> {
        let row = self.cursor_place().row;
        let end = self.marks.line_start(row, side) + self.marks.shape[row][side_index(side)];
        self.insert(end, row, side)
    }

    /// A new row after the cursor's, with one place on its left line.
    pub fn add_row(&mut self) -> Result<(), String> {
        let row = self.cursor_place().row + 1;
        let slot = if row < self.marks.shape.len() {
            self.marks.line_start(row, Side::Left)
        } else {
            self.size()
        };
        let mut shape = self.marks.shape.clone();
        shape.insert(row, [1, 0]);
        self.open_place(slot, shape)
    }

    /// Takes the cursor's place away with its card; a row left with no place goes too.
    pub fn remove_place(&mut self) -> Result<(), String> {
        if self.size() <= 1 {
            return Err("the hand keeps at least one place".to_string());
        }
        let at = self.cursor_place();
        let mut shape = self.marks.shape.clone();
        shape[at.row][side_index(at.side)] -= 1;
        if shape[at.row].iter().sum::<usize>() == 0 {
            shape.remove(at.row);
        }
        self.take_slots(self.cursor, 1, shape);
        Ok(())
    }

    /// Takes the cursor's row away with its cards: the row's index and the cards it held.
    pub fn remove_row(&mut self) -> Result<(usize, usize), String> {
        if self.marks.shape.len() <= 1 {
            return Err("the hand keeps at least one row".to_string());
        }
        let row = self.cursor_place().row;
        let start = self.marks.line_start(row, Side::Left);
        let count = self.marks.shape[row].iter().sum();
        let cards = self.slots[start..start + count]
            .iter()
            .filter(|slot| slot.is_some())
            .count();
        let mut shape = self.marks.shape.clone();
        shape.remove(row);
        self.take_slots(start, count, shape);
        Ok((row, cards))
    }

    /// Drops `count` slots from `start` (those after move back) for the new shape.
    fn take_slots(&mut self, start: usize, count: usize, shape: Shape) {
        self.slots[start..].rotate_left(count);
        for slot in &mut self.slots[DECK_SIZE - count..] {
            *slot = None;
        }
        self.mark(|marks| marks.shape = shape);
        self.cursor = start.min(self.last());
    }

    /// The cursor's place.
    pub fn cursor_place(&self) -> Origin {
        self.marks
            .place_of(self.cursor)
            .unwrap_or_else(|| origin(0, Side::Left, 0))
    }
}

/// A side's index in a shape's row: 0 on the left, 1 on the right.
fn side_index(side: Side) -> usize {
    usize::from(side == Side::Right)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    fn typed(editor: &mut Editor, cards: &str) {
        for c in cards.chars().filter(|c| !c.is_whitespace()) {
            editor.type_char(c);
        }
    }

    #[test]
    fn the_default_shape_is_four_rows_of_seven_and_six() {
        let editor = Editor::default();
        assert_eq!(editor.size(), DECK_SIZE);
        assert_eq!(editor.marks.shape, vec![[7, 6]; 4]);
        assert_eq!(editor.marks.place_of(7), Some(origin(0, Side::Right, 0)));
        assert_eq!(editor.marks.place_of(13), Some(origin(1, Side::Left, 0)));
        assert_eq!(editor.marks.place_of(52), None);
    }

    #[test]
    fn places_and_rows_come_and_go_with_their_cards() {
        let mut editor = Editor::default();
        editor.mark(|marks| marks.shape = vec![[1, 1]]);
        typed(&mut editor, "7h 6c");
        assert_eq!(editor.slots[..2], [Some(card("7h")), Some(card("6c"))]);
        // A place after 7h on the left line: 6c moves one slot on.
        editor.go_to(0);
        editor.add_place().unwrap();
        assert_eq!(editor.cursor, 1);
        assert_eq!(editor.marks.shape, vec![[2, 1]]);
        assert_eq!(editor.slots[2], Some(card("6c")));
        typed(&mut editor, "Qs");
        editor.add_row().unwrap();
        assert_eq!(editor.marks.shape, vec![[2, 1], [1, 0]]);
        assert_eq!(editor.cursor, 3);
        typed(&mut editor, "Ad");
        editor.add_at_end(Side::Right).unwrap();
        typed(&mut editor, "Kh");
        let rows = editor.draft_rows();
        assert_eq!(rows[1].right, vec![Some(card("Kh"))]);
        assert_eq!(
            editor.start().unwrap().to_string().lines().next(),
            Some("row 1: 7h Qs | 6c")
        );
        // Taking away the second row's left place keeps its right one.
        editor.go_to(3);
        editor.remove_place().unwrap();
        assert_eq!(editor.marks.shape, vec![[2, 1], [0, 1]]);
        assert_eq!(editor.remove_row(), Ok((1, 1)));
        assert_eq!(editor.marks.shape, vec![[2, 1]]);
        assert_eq!(editor.slots[3], None);
        assert!(editor.remove_row().is_err());
    }

    #[test]
    fn every_problem_is_named_at_once_at_its_place() {
        let mut editor = Editor::default();
        editor.mark(|marks| marks.shape = vec![[2, 1], [1, 1]]);
        typed(&mut editor, "7h Qs 6c");
        editor.go_to(4);
        typed(&mut editor, "Qs");
        assert_eq!(editor.invalid_slots(), [1, 4]);
        assert_eq!(
            editor.problems(),
            [
                "Qs appears twice: at row 1 left, card 2 and at row 2 right, card 1.",
                "1 place is still empty: type its card, or - takes it away.",
            ]
        );
        assert_eq!(
            editor.start().unwrap_err(),
            "the hand has 4/5 cards: 1 place still empty"
        );
    }
}

//! The referee: a readable rules engine for Perfect Pair (`PERFECT_PAIR.md`). A [`Position`]
//! knows the cards available (the end card of each line and the cards in the free cells), its
//! legal moves, applies one at a time, checking each, and keeps the score, the hearts, the
//! perfect matches and the run. The solver's lines are replayed here, so this module favours
//! plainness over speed.

use std::fmt;
use std::sync::Arc;

use super::layout::{Layout, Origin, Side, line_number};
use super::rules::{METER, PERFECT_POINTS, Rules, heart_points};
use crate::cards::card::Card;

/// One step of the game. Cards are named, not places: each card lies in one place of a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Remove two available cards that add up to 13; the referee lists the one that comes
    /// first in the layout first.
    Pair(Card, Card),
    /// Remove an available King on its own.
    King(Card),
    /// Put a line's end card in an empty free cell, using one of the free-cell uses.
    ToCell(Card),
}

/// Where an available card lies now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    /// At the end of this line (numbered as in [`super::layout`]).
    Line(usize),
    /// In this free cell.
    Cell(usize),
}

/// What a move earns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Gain {
    pub points: u32,
    /// Whether it earns a heart.
    pub heart: bool,
    /// Whether it is a perfect match.
    pub perfect: bool,
}

/// Why a move cannot be made, in words a player understands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("{0} is not in this hand")]
    NotInHand(Card),
    #[error("{0} is already gone")]
    Gone(Card),
    #[error("{card} is not available: {on} lies on it")]
    Covered { card: Card, on: Card },
    #[error("{0} cannot pair with itself")]
    SameCard(Card),
    #[error("{0} and {1} do not add up to 13")]
    NotThirteen(Card, Card),
    #[error("{0} is not a King: only a King is removed on its own")]
    NotAKing(Card),
    #[error("{0} is in a free cell already")]
    InCell(Card),
    #[error("no free-cell use is left")]
    NoUseLeft,
    #[error("every free cell holds a card")]
    CellsFull,
    #[error("the hand is already won: the deal ends there")]
    Won,
}

/// A position of a hand: the layout, how many cards each line has lost, the free cells, and
/// what the hand has earned.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    layout: Arc<Layout>,
    rules: Rules,
    /// Per line, the cards gone from its end (removed, or in a free cell).
    taken: Vec<usize>,
    cells: Vec<Option<Card>>,
    uses_left: u8,
    /// The run of regular pairs, as [`Rules::regular_pair`] keeps it.
    run: u8,
    /// Hearts earned, the meter's ten and those past it.
    hearts: u32,
    perfect: u32,
    /// Points earned by the moves (the unused uses not counted).
    points: u32,
}

impl Position {
    /// A hand at its start under `rules`.
    pub fn new(layout: impl Into<Arc<Layout>>, rules: Rules) -> Position {
        let layout = layout.into();
        Position {
            taken: vec![0; layout.lines()],
            cells: vec![None; rules.cells()],
            uses_left: rules.uses(),
            run: 0,
            hearts: 0,
            perfect: 0,
            points: 0,
            layout,
            rules,
        }
    }

    /// The same position with the run and the hearts of a hand further on, for tests that
    /// start past the meter's ten.
    #[cfg(test)]
    pub(crate) fn with_progress(mut self, run: u8, hearts: u32) -> Position {
        self.run = run % self.rules.run_values();
        self.hearts = hearts;
        self
    }

    /// The hand's layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The layout, shared.
    pub fn shared_layout(&self) -> Arc<Layout> {
        Arc::clone(&self.layout)
    }

    /// The rules played.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The cards a line still holds, its available card first.
    pub fn line(&self, line: usize) -> &[Card] {
        &self.layout.line(line)[self.taken[line]..]
    }

    /// Cards gone from a line's end.
    pub fn taken(&self, line: usize) -> usize {
        self.taken[line]
    }

    /// The free cells' cards.
    pub fn cells(&self) -> &[Option<Card>] {
        &self.cells
    }

    /// Free-cell uses left.
    pub fn uses_left(&self) -> u8 {
        self.uses_left
    }

    /// Free-cell uses made.
    pub fn uses_made(&self) -> u8 {
        self.rules.uses() - self.uses_left
    }

    /// Regular pairs in the current run, as [`Rules::regular_pair`] keeps it.
    pub fn run(&self) -> u8 {
        self.run
    }

    /// Hearts earned, those past the meter's ten included.
    pub fn hearts(&self) -> u32 {
        self.hearts
    }

    /// Hearts on the meter: at most ten.
    pub fn meter(&self) -> u32 {
        self.hearts.min(METER)
    }

    /// Perfect matches made.
    pub fn perfect(&self) -> u32 {
        self.perfect
    }

    /// Points earned by the moves so far, without the unused uses.
    pub fn points(&self) -> u32 {
        self.points
    }

    /// The hand's score if it ends here: the points, and the unused uses when they are paid
    /// (on a won hand, by default).
    pub fn score(&self) -> u32 {
        self.points + self.rules.unused_points(self.uses_left, self.is_won())
    }

    /// Cards still in play, in the lines and the cells.
    pub fn cards_left(&self) -> usize {
        let lines: usize = (0..self.layout.lines())
            .map(|line| self.line(line).len())
            .sum();
        lines + self.cells.iter().flatten().count()
    }

    /// Whether every card has been removed.
    pub fn is_won(&self) -> bool {
        self.cards_left() == 0
    }

    /// Whether the hand is over: won, or no move left.
    pub fn is_over(&self) -> bool {
        self.legal_moves().is_empty()
    }

    /// Where a card lies now, if it is available.
    pub fn place(&self, card: Card) -> Option<Place> {
        if let Some(cell) = self.cells.iter().position(|&c| c == Some(card)) {
            return Some(Place::Cell(cell));
        }
        let origin = self.layout.origin(card)?;
        (self.taken[origin.line()] == origin.depth).then(|| Place::Line(origin.line()))
    }

    /// The cards available, in layout order: the lines' end cards and the free cells' cards.
    pub fn available(&self) -> Vec<Card> {
        let mut cards: Vec<Card> = (0..self.layout.lines())
            .filter_map(|line| self.line(line).first().copied())
            .chain(self.cells.iter().flatten().copied())
            .collect();
        cards.sort_by_key(|&card| self.layout.origin(card));
        cards
    }

    /// Every legal move: the pairs, the Kings, then the cards that may go to a free cell,
    /// each in layout order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let available = self.available();
        let mut moves = Vec::new();
        for (i, &a) in available.iter().enumerate() {
            for &b in &available[i + 1..] {
                if a.pairs_with(b) {
                    moves.push(Move::Pair(a, b));
                }
            }
        }
        moves.extend(
            available
                .iter()
                .filter(|card| card.is_king())
                .map(|&card| Move::King(card)),
        );
        if self.uses_left > 0 && self.cells.contains(&None) {
            moves.extend(
                available
                    .iter()
                    .filter(|&&card| matches!(self.place(card), Some(Place::Line(_))))
                    .map(|&card| Move::ToCell(card)),
            );
        }
        moves
    }

    /// Why a card cannot be taken now, if it cannot.
    fn check_available(&self, card: Card) -> Result<Place, IllegalMove> {
        if let Some(place) = self.place(card) {
            return Ok(place);
        }
        let origin = self
            .layout
            .origin(card)
            .ok_or(IllegalMove::NotInHand(card))?;
        let line = origin.line();
        if self.taken[line] > origin.depth {
            Err(IllegalMove::Gone(card))
        } else {
            Err(IllegalMove::Covered {
                card,
                on: self.layout.line(line)[self.taken[line]],
            })
        }
    }

    /// Checks a move without making it.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_won() {
            return Err(IllegalMove::Won);
        }
        match mv {
            Move::Pair(a, b) => {
                self.check_available(a)?;
                self.check_available(b)?;
                if a == b {
                    Err(IllegalMove::SameCard(a))
                } else if a.pairs_with(b) {
                    Ok(())
                } else {
                    Err(IllegalMove::NotThirteen(a, b))
                }
            }
            Move::King(card) => {
                self.check_available(card)?;
                if card.is_king() {
                    Ok(())
                } else {
                    Err(IllegalMove::NotAKing(card))
                }
            }
            Move::ToCell(card) => {
                if let Place::Cell(_) = self.check_available(card)? {
                    Err(IllegalMove::InCell(card))
                } else if self.uses_left == 0 {
                    Err(IllegalMove::NoUseLeft)
                } else if !self.cells.contains(&None) {
                    Err(IllegalMove::CellsFull)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Whether two available cards would make a perfect match: one from each side of the
    /// same row, each at its line's end (or, when the rules say so, in a free cell).
    pub fn is_perfect(&self, a: Card, b: Card) -> bool {
        let (Some(from_a), Some(from_b)) = (self.layout.origin(a), self.layout.origin(b)) else {
            return false;
        };
        let in_lines = [a, b]
            .iter()
            .all(|&card| matches!(self.place(card), Some(Place::Line(_))));
        from_a.row == from_b.row
            && from_a.side != from_b.side
            && (in_lines || self.rules.perfect_from_cells)
    }

    /// What a legal move earns from here.
    pub fn gain(&self, mv: Move) -> Gain {
        match mv {
            Move::Pair(a, b) if self.is_perfect(a, b) => Gain {
                points: PERFECT_POINTS + heart_points(self.hearts),
                heart: true,
                perfect: true,
            },
            Move::Pair(..) => {
                let step = self.rules.regular_pair(self.run);
                let hearts = if step.heart {
                    heart_points(self.hearts)
                } else {
                    0
                };
                Gain {
                    points: step.points + hearts,
                    heart: step.heart,
                    perfect: false,
                }
            }
            Move::King(_) | Move::ToCell(_) => Gain::default(),
        }
    }

    /// Makes a move if it is legal; the position is unchanged otherwise.
    pub fn apply(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        let gain = self.gain(mv);
        self.points += gain.points;
        self.hearts += u32::from(gain.heart);
        self.perfect += u32::from(gain.perfect);
        match mv {
            Move::Pair(a, b) => {
                self.run = if gain.perfect {
                    0
                } else {
                    self.rules.regular_pair(self.run).run
                };
                self.take(a);
                self.take(b);
            }
            Move::King(card) => {
                self.run = 0;
                self.take(card);
            }
            Move::ToCell(card) => {
                self.take(card);
                let cell = self.cells.iter().position(Option::is_none);
                self.cells[cell.expect("a free cell was checked")] = Some(card);
                self.uses_left -= 1;
                if self.rules.cell_breaks_run {
                    self.run = 0;
                }
            }
        }
        Ok(())
    }

    /// Takes an available card from where it lies.
    fn take(&mut self, card: Card) {
        match self.place(card).expect("the card was checked available") {
            Place::Line(line) => self.taken[line] += 1,
            Place::Cell(cell) => self.cells[cell] = None,
        }
    }

    /// Names where an available card lies: "row 2 left", "a free cell".
    fn where_is(&self, card: Card) -> String {
        match (self.place(card), self.layout.origin(card)) {
            (Some(Place::Cell(_)), _) => "free cell".to_string(),
            (_, Some(Origin { row, side, .. })) => format!("row {} {}", row + 1, side.name()),
            (_, None) => "not in the hand".to_string(),
        }
    }

    /// Says a move in words a player can follow, e.g. "Perfect match: 7h (row 1 left) with
    /// 6c (row 1 right), 10 points". Call before applying it.
    pub fn describe(&self, mv: Move) -> String {
        let gain = self.gain(mv);
        let points = |gain: Gain| {
            let heart = if gain.heart { " and a heart" } else { "" };
            format!("{} points{heart}", gain.points)
        };
        match mv {
            Move::Pair(a, b) => format!(
                "{}: {a} ({}) with {b} ({}), {}",
                if gain.perfect {
                    "Perfect match"
                } else {
                    "Pair"
                },
                self.where_is(a),
                self.where_is(b),
                points(gain)
            ),
            Move::King(card) => format!("Remove {card} ({})", self.where_is(card)),
            Move::ToCell(card) => format!(
                "Put {card} ({}) in a free cell, {} use{} left after",
                self.where_is(card),
                self.uses_left.saturating_sub(1),
                if self.uses_left == 2 { "" } else { "s" }
            ),
        }
    }
}

impl fmt::Display for Position {
    /// A compact text picture, for tests and debugging: each row's lines as the layout's
    /// text writes them (each from its available card), then the free cells and the figures.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = |line: usize| -> String {
            let cards: Vec<String> = self.line(line).iter().map(ToString::to_string).collect();
            cards.join(" ")
        };
        for row in 0..self.layout.rows().len() {
            let [left, right] = Side::BOTH.map(|side| text(line_number(row, side)));
            writeln!(f, "row {}: {left} | {right}", row + 1)?;
        }
        let cells: Vec<String> = self
            .cells
            .iter()
            .map(|cell| cell.map_or_else(|| "..".to_string(), |card| card.to_string()))
            .collect();
        write!(
            f,
            "cells: {}, uses left {}, run {}, hearts {}, perfect {}, score {}",
            cells.join(" "),
            self.uses_left,
            self.run,
            self.hearts,
            self.perfect,
            self.score()
        )
    }
}

crate::engine::referee::referee_by_own_methods!(Position, Move, IllegalMove);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::perfect_pair::fixtures::{cards, layout};
    use crate::games::perfect_pair::{AfterFourth, UnusedBonus};

    fn card(text: &str) -> Card {
        cards(text)[0]
    }

    /// Plays moves written as text, checking each.
    fn play(position: &mut Position, moves: &str) {
        for word in moves.split_whitespace() {
            let mv = crate::games::perfect_pair::notation::read_move(position, word)
                .unwrap_or_else(|error| panic!("{error}\n{position}"));
            position.apply(mv).expect("a move read is legal");
        }
    }

    /// Four rows whose lines face each other card for card: every pair across the ladder is
    /// a perfect match, and the rows' cards pair with other rows' cards as regular pairs.
    fn ladder() -> Layout {
        layout(&[
            "Ac 2c 3c 4c 5c 6c | Qc Jc Tc 9c 8c 7c",
            "Ad 2d 3d 4d 5d 6d | Qd Jd Td 9d 8d 7d",
            "Ah 2h 3h | Qh Jh Th",
            "Kc Kd | As Qs",
        ])
    }

    #[test]
    fn the_available_cards_are_the_line_ends_and_the_cells() {
        let mut position = Position::new(ladder(), Rules::DEFAULT);
        assert_eq!(position.available(), cards("Ac Qc Ad Qd Ah Qh Kc As"));
        play(&mut position, "Kc Ac>cell");
        assert_eq!(position.available(), cards("Ac 2c Qc Ad Qd Ah Qh Kd As"));
        assert_eq!(position.place(card("Ac")), Some(Place::Cell(0)));
        assert_eq!(position.place(card("2c")), Some(Place::Line(0)));
        assert_eq!(position.place(card("3c")), None);
        assert_eq!(position.uses_left(), 5);
        assert_eq!(position.uses_made(), 1);
    }

    #[test]
    fn a_perfect_match_pays_ten_and_a_heart_and_ends_the_run() {
        let mut position = Position::new(ladder(), Rules::DEFAULT);
        // Ac (row 1 left) with Qd (row 2 right): a regular pair, the run's first.
        play(&mut position, "Ac+Qd");
        assert_eq!((position.points(), position.run()), (2, 1));
        assert_eq!(
            position.describe(Move::Pair(card("Ad"), card("Qc"))),
            "Pair: Ad (row 2 left) with Qc (row 1 right), 4 points"
        );
        play(&mut position, "Ad+Qc");
        assert_eq!((position.points(), position.run()), (6, 2));
        assert_eq!(
            position.describe(Move::Pair(card("2c"), card("Jc"))),
            "Perfect match: 2c (row 1 left) with Jc (row 1 right), 10 points and a heart"
        );
        play(&mut position, "2c+Jc");
        assert_eq!(position.points(), 16);
        assert_eq!(
            (position.run(), position.hearts(), position.perfect()),
            (0, 1, 1)
        );
    }

    #[test]
    fn four_regular_pairs_in_a_row_earn_a_heart_and_the_run_starts_again() {
        let mut position = Position::new(ladder(), Rules::DEFAULT);
        // Across rows 1 and 2 crosswise: every pair regular.
        play(&mut position, "Ac+Qd Ad+Qc 2c+Jd 2d+Jc");
        assert_eq!((position.points(), position.hearts()), (2 + 4 + 6 + 8, 1));
        assert_eq!(position.run(), 0);
        play(&mut position, "3c+Td");
        assert_eq!(position.points(), 22);
        // A King ends the run.
        let mut kings = Position::new(ladder(), Rules::DEFAULT);
        play(&mut kings, "Ac+Qd Kc Ad+Qc");
        assert_eq!(kings.points(), 2 + 2);
        // Under the other reading the run goes on at 8.
        let rules = Rules {
            after_fourth: AfterFourth::StaysAtEight,
            ..Rules::DEFAULT
        };
        let mut on = Position::new(ladder(), rules);
        play(&mut on, "Ac+Qd Ad+Qc 2c+Jd 2d+Jc 3c+Td");
        assert_eq!(on.points(), 28);
    }

    #[test]
    fn a_cell_move_keeps_the_run_unless_the_rules_say_otherwise() {
        for (breaks, points) in [(false, 2 + 4), (true, 2 + 2)] {
            let rules = Rules {
                cell_breaks_run: breaks,
                ..Rules::DEFAULT
            };
            let mut position = Position::new(ladder(), rules);
            play(&mut position, "Ac+Qd Ah>cell Ad+Qc");
            assert_eq!(position.points(), points, "breaks: {breaks}");
        }
    }

    #[test]
    fn a_pair_with_a_cell_card_is_regular_unless_the_rules_say_otherwise() {
        for (from_cells, perfect) in [(false, 0), (true, 1)] {
            let rules = Rules {
                perfect_from_cells: from_cells,
                ..Rules::DEFAULT
            };
            let mut position = Position::new(ladder(), rules);
            // Ah goes to the cell; Qh, across in row 3, then pairs with it.
            play(&mut position, "Ah>cell Ah+Qh");
            assert_eq!(position.perfect(), perfect, "from cells: {from_cells}");
        }
    }

    #[test]
    fn hearts_past_ten_pay_ten_points_each() {
        let mut position = Position::new(ladder(), Rules::DEFAULT);
        let perfect = "Ac+Qc 2c+Jc 3c+Tc 4c+9c 5c+8c 6c+7c Ad+Qd 2d+Jd 3d+Td 4d+9d 5d+8d 6d+7d";
        play(&mut position, perfect);
        assert_eq!(position.hearts(), 12);
        assert_eq!(position.meter(), 10);
        assert_eq!(position.perfect(), 12);
        assert_eq!(position.points(), 12 * 10 + 2 * 10);
    }

    #[test]
    fn the_unused_uses_are_paid_on_a_won_hand() {
        let hand = layout(&["7h Kd | 6c", "As | Qs"]);
        let mut position = Position::new(hand.clone(), Rules::DEFAULT);
        play(&mut position, "7h+6c");
        assert_eq!(position.score(), 10);
        play(&mut position, "Kd As+Qs");
        assert!(position.is_won() && position.is_over());
        assert_eq!(position.score(), 20 + 6 * 5);
        let always = Rules {
            unused_bonus: UnusedBonus::Always,
            ..Rules::DEFAULT
        };
        let mut position = Position::new(hand, always);
        play(&mut position, "7h+6c");
        assert_eq!(position.score(), 10 + 6 * 5);
    }

    #[test]
    fn illegal_moves_are_explained_and_change_nothing() {
        let mut position = Position::new(layout(&["7h Qs | 6c Ad", "5c | Kh"]), Rules::DEFAULT);
        let before = position.clone();
        let cases = [
            (
                Move::Pair(card("7h"), card("Ad")),
                "Ad is not available: 6c lies on it",
            ),
            (
                Move::Pair(card("7h"), card("5c")),
                "7h and 5c do not add up to 13",
            ),
            (
                Move::Pair(card("7h"), card("7h")),
                "7h cannot pair with itself",
            ),
            (
                Move::King(card("7h")),
                "7h is not a King: only a King is removed on its own",
            ),
            (Move::King(card("Kd")), "Kd is not in this hand"),
        ];
        for (mv, why) in cases {
            assert_eq!(position.apply(mv).unwrap_err().to_string(), why);
            assert_eq!(position, before);
        }
        play(&mut position, "7h+6c");
        assert_eq!(
            position
                .check(Move::King(card("7h")))
                .unwrap_err()
                .to_string(),
            "7h is already gone"
        );
        play(&mut position, "Qs>cell");
        assert_eq!(
            position.check(Move::ToCell(card("Qs"))).unwrap_err(),
            IllegalMove::InCell(card("Qs"))
        );
        assert_eq!(
            position.check(Move::ToCell(card("5c"))).unwrap_err(),
            IllegalMove::CellsFull
        );
        let no_uses = Rules {
            uses: 0,
            ..Rules::DEFAULT
        };
        let fresh = Position::new(layout(&["7h Qs | 6c Ad"]), no_uses);
        assert_eq!(
            fresh.check(Move::ToCell(card("7h"))).unwrap_err(),
            IllegalMove::NoUseLeft
        );
    }

    #[test]
    fn a_stuck_pair_clears_only_through_a_free_cell() {
        // PERFECT_PAIR.md, "Checks": 6c lies on 7d in one line.
        let hand = layout(&["6c 7d | Kh"]);
        let position = Position::new(hand.clone(), Rules::DEFAULT);
        assert_eq!(
            position.legal_moves(),
            vec![
                Move::King(card("Kh")),
                Move::ToCell(card("6c")),
                Move::ToCell(card("Kh"))
            ]
        );
        let mut position = position;
        play(&mut position, "6c>cell 6c+7d Kh");
        assert!(position.is_won());
        // Once every card is gone the deal ends: a move is refused as one after the win,
        // not as a card gone.
        assert_eq!(
            position.check(Move::King(card("Kh"))),
            Err(IllegalMove::Won)
        );
        let no_uses = Rules {
            uses: 0,
            ..Rules::DEFAULT
        };
        let mut stuck = Position::new(hand, no_uses);
        play(&mut stuck, "Kh");
        assert!(stuck.is_over() && !stuck.is_won());
    }
}

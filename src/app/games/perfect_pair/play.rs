//! Perfect Pair play mode's model: the hand with its undo history, the cursor over the
//! available cards and the free cells, the card chosen first, and what the solver found of
//! the positions played through.
//!
//! A pair is two choices, a card and then its partner; a King goes at once; a card chosen
//! and then an empty free cell goes there. The referee says whether a move may be made.
//! After every move the flow asks [`Play::wanted`] which position needs the solver, which
//! answers off the UI thread for what the hand is played for; answers are kept per position,
//! so undo and redo find them again.

use std::collections::HashMap;

use solitaire::cards::card::Card;
use solitaire::engine::search::CapReached;
use solitaire::games::perfect_pair::answer::Solved;
use solitaire::games::perfect_pair::{Game, Move, Position};

use crate::app::flow::board::Seat;
use crate::app::flow::{Choice, PlayMode};
use crate::app::games::perfect_pair::board::{self, Spot};

/// What the solver found of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Known {
    /// Whether it can be cleared, and the best hand from it.
    Solved(Solved),
    /// A cap stopped the search before it knew.
    Capped(CapReached),
}

/// The hand being played.
#[derive(Debug, Clone)]
pub struct Play {
    /// The hand, the spot the keys act on, and the card chosen first, waiting for its
    /// partner or a free cell.
    seat: Seat<Position, Spot, Card>,
    known: HashMap<Position, Known>,
}

impl Play {
    /// Play from the game's current position.
    pub fn from(game: Game) -> Play {
        Play {
            seat: Seat::new(game, first_spot),
            known: HashMap::new(),
        }
    }

    /// The card at a spot, if one is there.
    fn card_at(&self, spot: Spot) -> Option<Card> {
        let position = self.position();
        match spot {
            Spot::Line(line) => position.line(line).first().copied(),
            Spot::Cell(cell) => position.cells().get(cell).copied().flatten(),
        }
    }

    /// Chooses a spot: its card (to pair with the card chosen before, or removed at once if
    /// a King), or an empty free cell for the card chosen before.
    pub fn choose(&mut self, spot: Spot) -> Choice {
        if let Some(won) = self.won() {
            return won;
        }
        if board::spots(self.position()).contains(&spot) {
            self.cursor = spot;
        }
        match (self.card_at(spot), spot) {
            (Some(card), _) => self.choose_card(card),
            (None, Spot::Cell(_)) => match self.chosen.take() {
                Some(card) => self.play(Move::ToCell(card)),
                None => Choice::Refused(
                    "choose a card first, then the free cell it goes to (or c)".to_string(),
                ),
            },
            (None, Spot::Line(_)) => Choice::Refused("that line holds no card".to_string()),
        }
    }

    fn choose_card(&mut self, card: Card) -> Choice {
        match self.chosen.take() {
            Some(first) if first == card => Choice::Deselected,
            Some(first) => {
                let choice = self.play(self.pair(first, card));
                if matches!(choice, Choice::Refused(_)) {
                    self.chosen = Some(first);
                }
                choice
            }
            None if card.is_king() => self.play(Move::King(card)),
            None => {
                self.chosen = Some(card);
                Choice::Selected(format!(
                    "{card} chosen: now a card that adds up to 13 with it, or c for a free cell."
                ))
            }
        }
    }

    /// Once the hand is won the deal ends: every move is refused as one after the win, as
    /// the notation refuses a move written after it.
    fn won(&self) -> Option<Choice> {
        self.position().is_won().then(|| {
            Choice::Refused(format!(
                "the hand is already won after move {} (u undoes)",
                self.game.played()
            ))
        })
    }

    /// Two cards as a pair, the one that comes first in the layout first, as the referee
    /// lists them.
    fn pair(&self, a: Card, b: Card) -> Move {
        let layout = self.position().layout();
        if layout.origin(b) < layout.origin(a) {
            Move::Pair(b, a)
        } else {
            Move::Pair(a, b)
        }
    }

    /// `c`: the card chosen, or else the one under the cursor, to a free cell.
    pub fn put_in_cell(&mut self) -> Choice {
        if let Some(won) = self.won() {
            return won;
        }
        let card = self.chosen.take().or_else(|| self.card_at(self.cursor));
        match card {
            Some(card) => self.play(Move::ToCell(card)),
            None => Choice::Refused("choose a card for the free cell first".to_string()),
        }
    }

    /// Keeps the solver's answer from a position; one for a position the game has since
    /// left is dropped.
    pub fn learn(&mut self, position: Position, known: Known) {
        if position == *self.position() {
            self.known.insert(position, known);
        }
    }

    /// What the solver found from the current position.
    pub fn known(&self) -> Option<&Known> {
        self.known.get(self.position())
    }

    /// The best hand's moves from here, when the solver has found it.
    pub fn best_line(&self) -> Option<&[Move]> {
        match self.known()? {
            Known::Solved(solved) => solved.hand.as_ref().map(|hand| hand.moves.as_slice()),
            Known::Capped(_) => None,
        }
    }

    /// The best hand's next move from here.
    pub fn best_move(&self) -> Option<Move> {
        self.best_line()?.first().copied()
    }
}

/// The first line that still holds a card, else the first free cell.
fn first_spot(position: &Position) -> Spot {
    board::spots(position)
        .first()
        .copied()
        .unwrap_or(Spot::Cell(0))
}

crate::app::flow::board::play_marks_by_seat!(Play, Position, Spot, Card);

impl PlayMode for Play {
    type Position = Position;

    crate::app::flow::board::play_mode_by_fields!(board::play_neighbour);

    /// After the position changed: the hint and the card chosen were for the old one, and
    /// the cursor's line may be empty now.
    fn moved(&mut self) {
        self.seat.forget_choice();
        if !board::spots(self.position()).contains(&self.cursor) {
            self.cursor = first_spot(self.position());
        }
    }

    /// Perfect Pair has no stock.
    fn draw(&mut self) -> Choice {
        Choice::Refused("Perfect Pair has no stock: every card is dealt face up".to_string())
    }

    /// The current position, while nothing is known of it.
    fn wanted(&self) -> Option<Position> {
        let position = self.position();
        (!self.known.contains_key(position)).then(|| position.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire::games::perfect_pair::saved::SavedPerfectPair;

    fn play(text: &str) -> Play {
        Play::from(SavedPerfectPair::read(text).unwrap().game())
    }

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn a_pair_is_two_choices_a_king_one_and_a_cell_takes_the_card_chosen() {
        let mut play = play("row 1: 7h Kd | 6c Qs\nrow 2: Ad | 2h\n");
        assert_eq!(play.cursor, Spot::Line(0));
        assert!(matches!(play.choose(Spot::Line(0)), Choice::Selected(_)));
        assert_eq!(play.chosen, Some(card("7h")));
        // Ad does not add up to 13 with 7h: refused, and 7h stays chosen.
        let Choice::Refused(why) = play.choose(Spot::Line(2)) else {
            panic!("refused");
        };
        assert_eq!(why, "7h and Ad do not add up to 13");
        assert_eq!(play.chosen, Some(card("7h")));
        assert_eq!(
            play.choose(Spot::Line(1)),
            Choice::Played(
                "Perfect match: 7h (row 1 left) with 6c (row 1 right), 10 points and a heart"
                    .to_string()
            )
        );
        assert_eq!(play.chosen, None);
        // Kd alone.
        assert!(matches!(play.choose(Spot::Line(0)), Choice::Played(_)));
        assert_eq!(play.position().line(0), &[] as &[Card]);
        play.moved();
        assert_eq!(play.cursor, Spot::Line(1));
        // Qs to the free cell: chosen, then the cell.
        play.choose(Spot::Line(1));
        assert!(matches!(play.choose(Spot::Cell(0)), Choice::Played(_)));
        assert_eq!(play.position().cells(), &[Some(card("Qs"))]);
        assert_eq!(
            play.choose(Spot::Cell(0)),
            Choice::Selected(
                "Qs chosen: now a card that adds up to 13 with it, or c for a free cell."
                    .to_string()
            )
        );
        assert!(matches!(play.choose(Spot::Line(2)), Choice::Played(_)));
        assert!(play.undo());
        assert!(play.redo());
        assert_eq!(play.position().cards_left(), 1);
        assert!(matches!(play.put_in_cell(), Choice::Played(_)));
    }

    #[test]
    fn a_move_after_the_win_is_refused_as_after_the_win() {
        let mut play = play("row 1: 7h | Kd 6c\n");
        play.choose(Spot::Line(1));
        play.choose(Spot::Line(0));
        play.choose(Spot::Line(1));
        assert!(play.position().is_won());
        let after = "the hand is already won after move 2 (u undoes)".to_string();
        assert_eq!(play.choose(Spot::Line(0)), Choice::Refused(after.clone()));
        assert_eq!(play.choose(Spot::Cell(0)), Choice::Refused(after.clone()));
        assert_eq!(play.put_in_cell(), Choice::Refused(after));
    }
}

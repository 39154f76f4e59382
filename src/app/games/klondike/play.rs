//! Klondike play mode's model: the game with its undo history, the cursor, the card chosen
//! to move, the card being typed in when a move turned up one not known, and what the
//! background checks found of the positions played through.
//!
//! A move is two choices, a card (and what lies on it) and then where it goes, each by the
//! cursor or a click; the referee says whether it may. After every move the flow asks
//! [`Play::wanted`] which position needs a check: with every card known the exact solver
//! answers; with cards not known the library ranks the moves by their chance to win over
//! deals of the cards not seen, in rounds that refine the figures until enough deals are
//! solved. Answers are kept per position, so undo and redo find them again.

use solitaire::engine::goal::Goal;
use solitaire::games::klondike::answer::Answer;
use solitaire::games::klondike::{Game, Move, Position, Seen};

use crate::app::flow::board::Seat;
use crate::app::flow::table::{self, Table, TablePlay, TurnedUp};
use crate::app::flow::{Choice, PlayMode};
use crate::app::games::klondike::board::{self, Spot};
use crate::app::widgets::counted;

/// What a check found of a position: the exact answer, or the moves ranked.
pub type Known = table::Known<Answer, Move>;

/// The game being played.
#[derive(Debug, Clone)]
pub struct Play {
    /// The game, the card the keys act on, and the card chosen to move.
    seat: Seat<Position, Spot, Spot>,
    /// What the checks found, and what is typed of a card turned up not known.
    pub table: Table<Position, Answer, Move>,
}

impl Play {
    /// Play from the game's current position.
    pub fn from(game: Game) -> Play {
        Play {
            seat: Seat::new(game, |position| {
                waiting_spot(position).unwrap_or_else(|| first_spot(position))
            }),
            table: Table::default(),
        }
    }

    /// Where a card not known lies face up, waiting to be typed in: the player sees it.
    pub fn waiting(&self) -> Option<Seen> {
        waiting_in(self.position())
    }

    /// The move from the card chosen at `from` to `to`, when the two make one.
    fn move_between(&self, from: Spot, to: Spot) -> Option<Move> {
        let position = self.position();
        let top = |pile: u8| {
            position
                .pile(usize::from(pile))
                .map_or(0, |p| p.face_up.len())
        };
        Some(match (from, to) {
            (Spot::Waste, Spot::Foundation(_)) => Move::WasteToFoundation,
            (Spot::Waste, Spot::Pile { pile, .. }) => Move::WasteToPile(pile),
            (Spot::Pile { pile, .. }, Spot::Foundation(_)) => Move::PileToFoundation(pile),
            (Spot::Pile { pile, card }, Spot::Pile { pile: to, .. }) => Move::PileToPile {
                from: pile,
                to,
                count: (top(pile) - usize::from(card)) as u8,
            },
            (Spot::Foundation(suit), Spot::Pile { pile, .. }) => Move::FoundationToPile {
                suit: solitaire::cards::card::Suit::ALL[usize::from(suit)],
                to: pile,
            },
            _ => return None,
        })
    }

    /// Whether a card may be chosen at a spot: it holds a card known.
    fn holds_card(&self, spot: Spot) -> bool {
        let position = self.position();
        match spot {
            Spot::Stock => false,
            Spot::Waste => position.waste().last().is_some_and(Option::is_some),
            Spot::Foundation(suit) => {
                position.foundation(solitaire::cards::card::Suit::ALL[usize::from(suit)]) > 0
            }
            Spot::Pile { pile, card } => position
                .pile(usize::from(pile))
                .and_then(|p| p.face_up.get(usize::from(card)))
                .is_some_and(Option::is_some),
        }
    }

    /// Chooses a spot: the stock draws; a card is chosen to move, and then a second spot
    /// says where it goes; the card chosen again drops it.
    pub fn choose(&mut self, spot: Spot) -> Choice {
        self.cursor = spot;
        if spot == Spot::Stock {
            self.chosen = None;
            return self.draw();
        }
        match self.chosen.take() {
            Some(from) if from == spot => Choice::Deselected,
            Some(from) => match self.move_between(from, spot) {
                Some(mv) => self.play(mv),
                None => Choice::Refused("a card goes onto a pile or a foundation".to_string()),
            },
            None if self.holds_card(spot) => {
                self.chosen = Some(spot);
                Choice::Selected(
                    "Chosen: now where it goes (a pile or a foundation); again drops it."
                        .to_string(),
                )
            }
            None => Choice::Refused("there is no card there to move".to_string()),
        }
    }

    /// Sends the card at a spot (the waste's top or a pile's top) to its foundation.
    pub fn send_up(&mut self, spot: Spot) -> Choice {
        self.chosen = None;
        let mv = match spot {
            Spot::Waste => Move::WasteToFoundation,
            Spot::Pile { pile, .. } => Move::PileToFoundation(pile),
            _ => return Choice::Refused("only a pile's or the waste's top card goes up".into()),
        };
        self.play(mv)
    }

    /// Keeps what a check found of a position (see [`Table::learn`]); a winning line is
    /// kept for each position along it too (see [`Table::learn_line`]).
    pub fn learn(&mut self, position: Position, found: Known) {
        if let Known::Exact(Answer::Wins(line)) = &found {
            self.table
                .learn_line(&position, line, |rest| Answer::Wins(rest.to_vec()));
        }
        self.table.learn(position, found);
    }

    /// Follows the line a check chose after the best move of `position`'s ranking, until a
    /// card not known turns up (see [`Table::follow`]).
    pub fn follow(&mut self, position: &Position, line: &[Move]) {
        self.table
            .follow(position, line, |position| waiting_in(position).is_some());
    }

    /// What the checks found from the current position.
    pub fn known(&self) -> Option<&Known> {
        self.table.known(self.position())
    }

    /// Rounds of deals the current position's ranking has had.
    pub fn rounds(&self) -> u32 {
        self.table.rounds(self.position())
    }

    /// The best move known: the winning line's next, the next of the line followed, or the
    /// ranking's first.
    pub fn best_move(&self) -> Option<Move> {
        self.table
            .best_move(self.position(), |answer| answer.line()?.first().copied())
    }

    /// How the game stands, in a sentence.
    pub fn verdict(&self) -> String {
        if self.position().is_won() {
            return "Won: every card is on the foundations.".to_string();
        }
        if let Some(card) = self.waiting_card() {
            return format!("Type {card}: rank, then suit.");
        }
        if let Some(followed) = self.table.following(self.position()) {
            return table::followed_verdict(followed.estimate);
        }
        match self.known() {
            None => "Checking the game from here.".to_string(),
            Some(Known::Exact(answer)) => match (answer.decided(), answer.line()) {
                (Some(true), Some(line)) => {
                    format!(
                        "Winnable: a line of {} wins from here.",
                        counted(line.len(), "move")
                    )
                }
                // As the commands say it: a game lost from its start was never winnable.
                (Some(false), _) if self.game.played() == 0 => {
                    "Not winnable: no line wins.".to_string()
                }
                (Some(false), _) => "No longer winnable: no line wins from here.".to_string(),
                _ => answer
                    .undecided()
                    .map_or_else(String::new, |why| format!("Undecided: {why}.")),
            },
            Some(Known::Ranked { ranking, rounds }) => {
                table::ranked_verdict(ranking, *rounds, Goal::Board)
            }
        }
    }
}

impl TablePlay for Play {
    fn turned_up(&mut self) -> &mut TurnedUp {
        &mut self.table.turned_up
    }

    fn waiting_place(&self) -> Option<String> {
        self.waiting().map(|seen| seen_words(self.position(), seen))
    }
}

/// The top card of the rightmost pile that has one: where play usually starts.
fn first_spot(position: &Position) -> Spot {
    let piles = position.piles();
    (0..piles.len())
        .rev()
        .find(|&pile| !piles[pile].face_up.is_empty())
        .map_or(Spot::Stock, |pile| Spot::Pile {
            pile: pile as u8,
            card: (piles[pile].face_up.len() - 1) as u8,
        })
}

crate::app::flow::board::play_marks_by_seat!(Play, Position, Spot, Spot);

impl PlayMode for Play {
    type Position = Position;

    crate::app::flow::board::play_mode_by_fields!(board::play_neighbour);

    fn drop_typing(&mut self) {
        self.table.turned_up.drop_typing();
    }

    /// After the position changed: the hint and the card chosen were for the old one, and
    /// the cursor's card may have gone.
    fn moved(&mut self) {
        self.table.turned_up.drop_typing();
        self.seat.forget_choice();
        // The card asked for is the one the cursor shows, wherever the last move left it.
        if let Some(spot) = waiting_spot(self.position()) {
            self.cursor = spot;
        } else if !board::holds(self.position(), self.cursor) {
            self.cursor = match self.cursor {
                Spot::Pile { pile, .. } => {
                    let run = self
                        .position()
                        .pile(usize::from(pile))
                        .map_or(0, |p| p.face_up.len());
                    Spot::Pile {
                        pile,
                        card: run.saturating_sub(1) as u8,
                    }
                }
                _ => first_spot(self.position()),
            };
        }
    }

    /// Turns the stock onto the waste, or the waste back over when the stock is empty.
    fn draw(&mut self) -> Choice {
        self.chosen = None;
        if self.position().stock().is_empty() {
            self.play(Move::Redeal)
        } else {
            self.play(Move::Draw)
        }
    }

    /// The current position, while nothing is known of it or its ranking is still to be
    /// refined; none while a card turned up waits to be typed in, or once the game is won.
    fn wanted(&self) -> Option<Position> {
        if self.waiting().is_some() || self.position().is_won() {
            return None;
        }
        self.table
            .wants(self.position())
            .then(|| self.position().clone())
    }
}

/// Where a card not known lies face up in `position`, waiting to be typed in. A draw of
/// three shows every card it turns (they are fanned), so each one not known is asked for, in
/// the order drawn, not only the top.
fn waiting_in(position: &Position) -> Option<Seen> {
    let pile = position
        .piles()
        .iter()
        .position(solitaire::games::klondike::Pile::top_is_unknown);
    pile.map(Seen::PileTop)
        .or_else(|| board::waste_card_asked(position).map(Seen::Waste))
}

/// The spot of the card not known that waits to be typed in, for the cursor to show it.
fn waiting_spot(position: &Position) -> Option<Spot> {
    Some(match waiting_in(position)? {
        Seen::PileTop(pile) => Spot::Pile {
            pile: pile as u8,
            card: position
                .pile(pile)
                .map_or(0, |p| p.face_up.len().saturating_sub(1)) as u8,
        },
        Seen::WasteTop | Seen::Waste(_) => Spot::Waste,
    })
}

/// Where a card turned up lies in `position`, in words: "on pile 3", "on the waste", or of
/// the cards a draw fanned out "on the waste, card 2 of 3 from the left".
pub fn seen_words(position: &Position, seen: Seen) -> String {
    let fanned = position.fanned();
    match seen {
        Seen::PileTop(pile) => format!("on pile {}", pile + 1),
        Seen::Waste(at) if fanned.len() > 1 => format!(
            "on the waste, card {} of {} from the left",
            at + 1 - fanned.start,
            fanned.len()
        ),
        Seen::WasteTop | Seen::Waste(_) => "on the waste".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire::games::klondike::{Deal, Rules};

    #[test]
    fn a_lost_game_is_not_winnable_at_its_start_and_no_longer_winnable_after_a_move() {
        let mut play = Play::from(Game::new(Position::new(
            &Deal::shuffled(4),
            Rules::STANDARD,
        )));
        play.learn(play.position().clone(), Known::Exact(Answer::NoWin));
        assert_eq!(play.verdict(), "Not winnable: no line wins.");
        play.game
            .play(Move::Draw)
            .expect("a draw from a full stock");
        play.learn(play.position().clone(), Known::Exact(Answer::NoWin));
        assert_eq!(
            play.verdict(),
            "No longer winnable: no line wins from here."
        );
    }
}

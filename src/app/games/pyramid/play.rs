//! Play mode's model: the game with its undo history, the card cursor and selection, and the
//! library's coach, which knows what the solver found about the positions played through.
//!
//! After every move the flow asks [`Play::wanted`] which position needs the solver and runs
//! it in the background, handing what it found to the coach. At the table (cards not known
//! in play) the check ranks the moves by their chance to win, or to reach the challenge's
//! target, instead, in rounds kept per position, and a card not known turned face up waits to
//! be typed in.

use ratatui::layout::Rect;

use solitaire::engine::goal::Goal;
use solitaire::games::pyramid::coach::Coach;
use solitaire::games::pyramid::layout::slot_name;
use solitaire::games::pyramid::{Game, IllegalMove, Move, Place, Position};

use crate::app::cards::Direction;
use crate::app::flow::table::{self, Table, TablePlay, TurnedUp};
use crate::app::flow::{Choice, PlayMode};
use crate::app::games::pyramid::board;

pub use solitaire::games::pyramid::coach::{Back, Known, Standing};

/// What the user is waiting for until the current position is solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Want {
    /// Show the next move of an optimal continuation.
    Hint,
    /// Step through the rest of the solution.
    Rest,
}

/// The game being played.
#[derive(Debug)]
pub struct Play {
    pub game: Game,
    /// The card the keys act on.
    pub cursor: Place,
    /// The first card of a pair, once chosen.
    pub selected: Option<Place>,
    /// The hint is shown for the current position.
    pub hint_shown: bool,
    pub want: Option<Want>,
    coach: Coach,
    goal: Goal,
    /// At the table: the moves ranked by their chance to win or reach `goal`, and what is
    /// typed of a card turned up.
    pub table: Table<Position, (), Move>,
}

/// Whether a position is played at the table, for any challenge: cards not known in play,
/// the game not won (a challenge's deal ends when the pyramid is cleared).
pub fn at_table(position: &Position) -> bool {
    position.has_unknown() && !position.is_won()
}

/// Where a card not known face up lies, for a player looking at the game: "at pyramid row
/// 7", "on the waste".
pub fn place_words(place: Place) -> String {
    match place {
        Place::Pyramid(index) => format!("at {}", slot_name(usize::from(index))),
        Place::Stock => "on the stock".to_string(),
        Place::Waste => "on the waste".to_string(),
    }
}

impl Play {
    /// The position played to.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    fn first_available(&self) -> Place {
        let available = self.position().available();
        // The bottom-most row first: that is where play usually goes on.
        available
            .iter()
            .filter(|p| matches!(p, Place::Pyramid(_)))
            .max_by_key(|p| match p {
                Place::Pyramid(i) => (
                    solitaire::games::pyramid::layout::row_of(*i as usize),
                    -i32::from(*i),
                ),
                _ => (0, 0),
            })
            .copied()
            .unwrap_or(Place::Stock)
    }

    /// The places the cursor can go: the available pyramid cards, and the stock and waste.
    pub fn cursor_places(&self) -> Vec<Place> {
        let mut places: Vec<Place> = self
            .position()
            .available()
            .into_iter()
            .filter(|p| matches!(p, Place::Pyramid(_)))
            .collect();
        places.extend(self.position().overlapped());
        places.extend([Place::Stock, Place::Waste]);
        places
    }

    /// Chooses the card at a place: a King goes at once, a second card completes a pair.
    pub fn choose(&mut self, place: Place) -> Choice {
        // The cursor goes only where a card can be taken (a click may land on a covered one).
        if self.cursor_places().contains(&place) {
            self.cursor = place;
        }
        let position = self.position();
        if self.selected == Some(place) {
            self.selected = None;
            return Choice::Deselected;
        }
        let mv = match self.selected {
            Some(first) => Move::Pair(first, place),
            None => Move::King(place),
        };
        match position.check(mv) {
            Ok(()) => self.play(mv),
            Err(IllegalMove::NotAKing(_)) => self.select(place),
            // Relaxed pairing: a card whose last cover may go with it.
            Err(IllegalMove::Covered { .. })
                if self.selected.is_none() && position.overlapped().contains(&place) =>
            {
                self.select(place)
            }
            // A refused pair changes nothing: the card chosen first stays chosen.
            Err(why) => Choice::Refused(why.to_string()),
        }
    }

    /// Chooses the card at `place` as the first of a pair.
    fn select(&mut self, place: Place) -> Choice {
        self.selected = Some(place);
        let card = self
            .position()
            .card_on(place)
            .expect("only a card there is chosen");
        Choice::Selected(format!(
            "{card} chosen: now a card that makes 13 with it (Esc drops it)."
        ))
    }

    /// What is known from the current position.
    pub fn known(&self) -> Option<&Known> {
        self.coach.known(&self.game)
    }

    /// The next move of an optimal continuation, once known; at the table, the move with
    /// the best chance to win or reach the challenge's target.
    pub fn best_move(&self) -> Option<Move> {
        if self.at_table() {
            return self.table.best_move(self.position(), |()| None);
        }
        self.coach.best_move(&self.game)
    }

    /// Whether the current position is played at the table (see [`at_table`]).
    pub fn at_table(&self) -> bool {
        at_table(self.position())
    }

    /// The hint's lead at the table: the best move's figures for the challenge.
    pub fn hint_lead(&self) -> String {
        self.table.hint_lead(self.position(), self.goal)
    }

    /// At the table, the ranking's verdict once a round is in: "Best chance to win: 64% ±
    /// 9% (125 deals), refining."
    pub fn table_verdict(&self) -> Option<String> {
        match self.table.known(self.position())? {
            table::Known::Ranked { ranking, rounds } => {
                Some(table::ranked_verdict(ranking, *rounds, self.goal))
            }
            table::Known::Exact(()) => None,
        }
    }

    /// Where a card not known lies face up, waiting to be typed in: the player sees it.
    pub fn waiting(&self) -> Option<Place> {
        self.position().unknown_face_up().map(|(place, _)| place)
    }

    /// How the current position stands.
    pub fn standing(&self) -> Standing {
        self.coach.standing(&self.game)
    }

    /// Keeps what is known from a position (see [`Coach::learn`]).
    pub fn learn(&mut self, position: Position, known: Known) {
        self.coach.learn(&self.game, position, known);
    }
}

impl PlayMode for Play {
    type Position = Position;

    fn new(game: Game, goal: Goal) -> Play {
        let mut play = Play {
            game,
            cursor: Place::Stock,
            selected: None,
            hint_shown: false,
            want: None,
            coach: Coach::default(),
            goal,
            table: Table::default(),
        };
        play.cursor = play.first_available();
        play
    }

    fn game(&self) -> &Game {
        &self.game
    }

    /// Through the coach, which keeps the rest of a line known to win when its first move is
    /// played.
    fn apply(&mut self, mv: Move) -> Result<(), String> {
        self.coach
            .play(&mut self.game, mv)
            .map_err(|why| why.to_string())
    }

    fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    fn hint_shown(&mut self) -> &mut bool {
        &mut self.hint_shown
    }

    fn drop_typing(&mut self) {
        self.table.turned_up.drop_typing();
    }

    /// After the position changed: the selection and the hint were for the old one.
    fn moved(&mut self) {
        self.selected = None;
        self.hint_shown = false;
        self.want = None;
        self.table.turned_up.drop_typing();
        if !self.cursor_places().contains(&self.cursor) {
            self.cursor = self.first_available();
        }
    }

    fn move_cursor(&mut self, board: Rect, direction: Direction) {
        self.cursor = board::play_neighbour(board, self.cursor, &self.cursor_places(), direction);
    }

    fn choose_cursor(&mut self) -> Choice {
        self.choose(self.cursor)
    }

    /// Draws a card, or recycles the waste when the stock is empty.
    fn draw(&mut self) -> Choice {
        let mv = if self.position().stock_len() > 0 {
            Move::Draw
        } else {
            Move::Recycle
        };
        match self.position().check(mv) {
            Ok(()) => self.play(mv),
            Err(why) => Choice::Refused(why.to_string()),
        }
    }

    /// None while a card turned up waits to be typed in; at the table, the current position
    /// while its ranking is still to be made or refined.
    fn wanted(&self) -> Option<Position> {
        if self.waiting().is_some() {
            return None;
        }
        if self.at_table() {
            let position = self.position();
            return self.table.wants(position).then(|| position.clone());
        }
        self.coach.wanted(&self.game).cloned()
    }
}

impl TablePlay for Play {
    fn turned_up(&mut self) -> &mut TurnedUp {
        &mut self.table.turned_up
    }

    fn waiting_place(&self) -> Option<String> {
        self.waiting().map(place_words)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire::Deal;
    use solitaire::games::pyramid::Rules;

    fn play() -> Play {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/winnable-40-steps.txt"
        ));
        let deal = Deal::parse(text).unwrap();
        Play::new(
            Game::new(Position::new(&deal, Rules::default())),
            Goal::Board,
        )
    }

    #[test]
    fn choosing_cards_pairs_them_and_refuses_with_the_reason() {
        let mut play = play();
        // Row 7 of this deal: Qc Jh Ts Qs 6s 3d Qh. Qc and Jh make 23.
        assert_eq!(
            play.choose(Place::Pyramid(21)),
            Choice::Selected("Qc chosen: now a card that makes 13 with it (Esc drops it).".into())
        );
        assert_eq!(
            play.choose(Place::Pyramid(22)),
            Choice::Refused("Qc and Jh make 23, not 13".to_string())
        );
        assert_eq!(
            play.selected,
            Some(Place::Pyramid(21)),
            "a refused pair leaves the first card chosen"
        );
        assert_eq!(play.choose(Place::Pyramid(21)), Choice::Deselected);
        assert_eq!(
            play.choose(Place::Pyramid(0)),
            Choice::Refused("4d is covered by 8h and 8s".to_string())
        );
        // Qh with the stock's Ah.
        play.choose(Place::Pyramid(27));
        assert!(matches!(play.choose(Place::Stock), Choice::Played(_)));
        assert_eq!(play.game.played(), 1);
        assert_eq!(play.selected, None);
    }
}

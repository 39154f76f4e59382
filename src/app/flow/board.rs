//! The board of a position as the stepper and play mode show it, for the games whose play
//! mode marks a cursor, a card chosen and the move shown: [`Flow::board`] fills it in the
//! same way for each, and each game draws it as its own widget.
//!
//! [`Flow::board`]: crate::app::flow::Flow::board

use solitaire::engine::history::History;
use solitaire::engine::referee::Referee;

use crate::app::cards::CardText;
use crate::app::flow::PlayMode;
use crate::app::theme::Theme;

/// What play mode marks on its board beside the position.
pub trait PlayMarks: PlayMode {
    /// A place on the board the cursor and a click can be on.
    type Spot: Copy;
    /// What a first choice holds while it waits for the second.
    type Chosen: Copy;
    /// The spot the keys act on.
    fn cursor(&self) -> Self::Spot;
    /// The choice waiting for where it goes, if any.
    fn chosen(&self) -> Option<Self::Chosen>;
    /// The move the hint shows, once it is shown.
    fn hinted(&self) -> Option<<Self::Position as Referee>::Move>;
}

/// A position of the stepper or play mode, with the cursor, the choice and the spots of the
/// move shown (the hint, or the stepper's next step) marked.
pub struct PlayBoard<'a, P, S, C> {
    pub position: &'a P,
    pub cursor: Option<S>,
    pub chosen: Option<C>,
    pub shown: Vec<S>,
    pub text: CardText,
    pub theme: &'a Theme,
}

/// What play mode holds in every game with a cursor and a choice, beside what its checks
/// found: the game with its undo history, the cursor, the choice waiting for where it goes,
/// and whether the hint is shown. Such a game's `Play` holds one as its field `seat` and
/// reads through to it ([`play_marks_by_seat`]).
#[derive(Debug, Clone)]
pub struct Seat<P: Referee, S, C> {
    pub game: History<P>,
    /// The spot the keys act on.
    pub cursor: S,
    /// The choice waiting for where it goes.
    pub chosen: Option<C>,
    /// The hint is shown for the current position.
    pub hint_shown: bool,
}

impl<P: Referee, S, C> Seat<P, S, C> {
    /// Play from the game's current position, the cursor on the spot `first` names in it.
    pub fn new(game: History<P>, first: impl FnOnce(&P) -> S) -> Seat<P, S, C> {
        Seat {
            cursor: first(game.position()),
            game,
            chosen: None,
            hint_shown: false,
        }
    }

    /// The position played to.
    pub fn position(&self) -> &P {
        self.game.position()
    }

    /// After the position changed: the hint shown and the choice made were for the old one.
    pub fn forget_choice(&mut self) {
        self.hint_shown = false;
        self.chosen = None;
    }
}

/// Makes a game's `Play` read through to its field `seat` (a [`Seat`] of `$position`, `$spot`
/// and `$chosen`), and [`PlayMarks`] through it and its method `best_move`: every game with
/// a cursor and a choice keeps them so, and this says it once.
macro_rules! play_marks_by_seat {
    ($play:ident, $position:ty, $spot:ty, $chosen:ty) => {
        impl std::ops::Deref for $play {
            type Target = $crate::app::flow::board::Seat<$position, $spot, $chosen>;

            fn deref(&self) -> &Self::Target {
                &self.seat
            }
        }

        impl std::ops::DerefMut for $play {
            fn deref_mut(&mut self) -> &mut Self::Target {
                &mut self.seat
            }
        }

        impl $crate::app::flow::board::PlayMarks for $play {
            type Spot = $spot;
            type Chosen = $chosen;

            fn cursor(&self) -> $spot {
                self.cursor
            }

            fn chosen(&self) -> Option<$chosen> {
                self.chosen
            }

            fn hinted(
                &self,
            ) -> Option<<Self::Position as solitaire::engine::referee::Referee>::Move> {
                self.best_move().filter(|_| self.hint_shown)
            }
        }
    };
}
pub(crate) use play_marks_by_seat;

/// The part of [`PlayMode`] that is the same for every game with a cursor and a choice, said
/// once inside the game's `impl PlayMode for Play`: play starts with `Play::from`, the game
/// and the hint's state are the fields `game` and `hint_shown`, an arrow moves the cursor as
/// the game's `$neighbour` (its board's `play_neighbour`) says, and the cursor's spot is
/// taken with `Play::choose`.
macro_rules! play_mode_by_fields {
    ($neighbour:path) => {
        fn new(
            game: solitaire::engine::history::History<Self::Position>,
            _goal: solitaire::engine::goal::Goal,
        ) -> Self {
            Self::from(game)
        }

        fn game(&self) -> &solitaire::engine::history::History<Self::Position> {
            &self.game
        }

        fn game_mut(&mut self) -> &mut solitaire::engine::history::History<Self::Position> {
            &mut self.game
        }

        fn hint_shown(&mut self) -> &mut bool {
            &mut self.hint_shown
        }

        fn move_cursor(
            &mut self,
            board: ratatui::layout::Rect,
            direction: $crate::app::cards::Direction,
        ) {
            self.cursor = $neighbour(board, self.position(), self.cursor, direction);
        }

        fn choose_cursor(&mut self) -> $crate::app::flow::Choice {
            self.choose(self.cursor)
        }
    };
}
pub(crate) use play_mode_by_fields;

//! The board of a position as the stepper and play mode show it, for the games whose play
//! mode marks a cursor, a card chosen and the move shown: [`Flow::board`] fills it in the
//! same way for each, and each game draws it as its own widget.
//!
//! [`Flow::board`]: crate::app::flow::Flow::board

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

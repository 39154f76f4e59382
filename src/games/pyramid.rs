//! Pyramid Solitaire: the layout, the rules as a value, the referee that plays them, and the
//! optimal solver. Nothing here knows about terminals or command lines.

pub mod answer;
pub mod challenge;
pub mod coach;
pub mod explain;
pub mod game;
pub mod lab;
pub mod layout;
pub mod midgame;
pub mod notation;
pub mod position;
pub mod rules;
pub mod solver;
pub use crate::engine::goal;

/// A Pyramid game being played, with undo and redo.
pub type Game = crate::engine::history::History<Position>;
pub use goal::{Goal, GoalError, GoalText, GoalTextError};
pub use midgame::{Midgame, PositionProblem};
pub use position::{IllegalMove, Move, Place, Position};
pub use rules::{Finish, FinishError, Passes, PassesError, RuleChanges, Rules};

/// Deals the library's unit tests share.
#[cfg(test)]
pub(crate) mod fixtures {
    use super::{Position, Rules};
    use crate::cards::deal::Deal;

    /// The winnable example deal (40 steps).
    pub fn winnable_deal() -> Deal {
        Deal::parse(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/winnable-40-steps.txt"
        )))
        .expect("a valid deal")
    }

    /// The start of a game on the winnable example.
    pub fn winnable_start() -> Position {
        Position::new(&winnable_deal(), Rules::default())
    }
}

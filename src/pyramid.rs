//! Pyramid Solitaire: the layout, the rules as a value, the referee that plays them, and the
//! optimal solver. Nothing here knows about terminals or command lines.

pub mod explain;
pub mod game;
pub mod layout;
pub mod midgame;
pub mod notation;
pub mod position;
pub mod rules;
pub mod solver;

pub use game::Game;
pub use midgame::{Midgame, PositionProblem};
pub use position::{IllegalMove, Move, Place, Position};
pub use rules::{Passes, Rules};

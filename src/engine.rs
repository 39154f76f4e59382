//! What every game plugs into: the referee trait and a game's history (undo and redo), the
//! search's figures, observer and caps, the challenges, and the words about unknown cards that
//! every game's answers share.

pub mod game;
pub mod goal;
pub mod history;
pub mod kind;
pub mod lab;
pub mod referee;
pub mod search;
pub mod unknowns_text;
pub mod verdict;

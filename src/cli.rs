//! The headless commands, over any game of the registry (`solitaire::games::ALL`), naming
//! none: the arguments (each game's flags added from its options, under its heading), reading
//! deal files and telling their game, `solve`, `hint` and `validate` printing a game's answer,
//! `batch` and `stats` running a game's lab over many deals. A game's words and rules live in
//! its folder in the library.

pub mod args;
pub mod batch;
pub mod console;
pub mod deal;
pub mod input;
pub mod man;
pub mod pool;
pub mod solve;
pub mod stats;
pub mod times;

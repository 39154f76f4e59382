//! Pyramid Solitaire under the Microsoft Solitaire Collection rules: reading deals, a rules
//! referee, an optimal solver that finds the fewest steps or proves there is no way out, and
//! the text of saved games.
//!
//! The library knows nothing of the terminal front end; the `pyramid` binary builds on it.

pub mod card;
pub mod card_names;
pub mod deck;
pub mod excerpt;
pub mod game_kind;
pub mod goal;
pub mod history;
pub mod pyramid;
pub mod referee;
pub mod saved_game;
pub mod search;
pub mod tripeaks;

pub use card::{Card, Rank, Suit};
pub use card_names::{CardName, Notation};
pub use deck::{Deal, DeckProblem, DeckProblems};
pub use game_kind::GameKind;

//! Solitaire games under the Microsoft Solitaire Collection rules, Pyramid and TriPeaks:
//! reading deals (with `??` for a card not seen yet), a plain referee for each game, exact
//! solvers that find the fewest steps or prove there is no way out, the Score and Card
//! challenges, and the text of saved games. Klondike so far has its deal reader, its rules, its
//! referee and an exact solver; Perfect Pair its layout, rules, referee, written hands and
//! exact solver, not yet offered by the program. Each game is a sibling module; what they
//! share (cards, deals, challenges, the search plumbing, the referee trait) lives beside them.
//!
//! The library knows nothing of the terminal front end; the `pyramid` program builds on it.

pub mod cards;
pub mod engine;
pub mod games;

pub use cards::card::{Card, Rank, Suit};
pub use cards::deal::{Deal, DeckProblem, DeckProblems};
pub use cards::names::{CardName, Notation};
pub use games::GameKind;

//! What every game's referee does: the plain, obviously correct rules engine that the app's
//! stepping and play mode, undo and redo ([`History`](crate::engine::history::History)), and the
//! tests' replays and breadth-first cross-checks all drive. Fast solvers keep their own packed
//! states; the referee is what their answers are checked against.

use std::fmt::Debug;

use crate::cards::excerpt::excerpt;

/// A position of a game that knows its legal moves and plays them.
pub trait Referee: Clone {
    /// One step of the game.
    type Move: Copy + Eq + Debug;
    /// Why a move cannot be played, in words a player can act on.
    type Illegal: std::error::Error;

    /// Every move that can be played from here: none once the game is won, as the deal ends.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Plays a move, or says why it cannot be played (leaving the position as it was); every
    /// move is refused once the game is won.
    fn apply(&mut self, mv: Self::Move) -> Result<(), Self::Illegal>;

    /// Says whether a move can be played, and why not, without playing it.
    fn check(&self, mv: Self::Move) -> Result<(), Self::Illegal>;

    /// Whether the game's aim is reached (for both games, the tableau is cleared).
    fn is_won(&self) -> bool;

    /// The move in words, from this position: "play 5h on 4c", "draw".
    fn describe(&self, mv: Self::Move) -> String;
}

/// A move written after the game was won: the deal ends there, so nothing follows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' cannot be played: the game is already won {}", excerpt(.text), when(*.after))]
pub struct AlreadyWon {
    /// The move as written.
    pub text: String,
    /// The moves played when the game was won (0: it was won at its start).
    pub after: usize,
}

/// The moves of `candidates` the referee's check lets be played from `position`, none once
/// the game is won: a game lists every move it could name and keeps those, so that listing
/// and checking never disagree.
pub fn passing<P: Referee>(
    position: &P,
    candidates: impl IntoIterator<Item = P::Move>,
) -> Vec<P::Move> {
    if position.is_won() {
        return Vec::new();
    }
    candidates
        .into_iter()
        .filter(|&mv| position.check(mv).is_ok())
        .collect()
}

/// The position after a move the caller took from [`Referee::legal_moves`].
///
/// # Panics
/// When the move is not legal there: a fault of the caller's.
#[must_use]
pub fn after<P: Referee>(position: &P, mv: P::Move) -> P {
    let mut next = position.clone();
    next.apply(mv).expect("a legal move applies");
    next
}

/// Why a text is not a move from a position, in the words the games' notations share: not
/// a move at all (with how the game writes one), a move the referee refuses (with its
/// reason `I`), or a move after the game was won.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError<I> {
    #[error("'{}' is not a move: write {how}", excerpt(.text))]
    Unreadable { text: String, how: &'static str },
    #[error("'{}' cannot be played: {why}", excerpt(.text))]
    Illegal { text: String, why: I },
    #[error(transparent)]
    AlreadyWon(#[from] AlreadyWon),
}

impl<I> MoveTextError<I> {
    /// `text` is not a move: `how` says how the game writes one ("draw, or the card to play").
    pub fn unreadable(text: &str, how: &'static str) -> MoveTextError<I> {
        MoveTextError::Unreadable {
            text: text.to_string(),
            how,
        }
    }

    /// The referee refuses the move `text` names: `why`.
    pub fn illegal(text: &str, why: I) -> MoveTextError<I> {
        MoveTextError::Illegal {
            text: text.to_string(),
            why,
        }
    }
}

/// `mv`, read from `text`, when the referee lets it be played from `position`; else the
/// referee's reason, naming the text as written. Every game's notation ends its reading so.
pub fn checked<P: Referee>(
    position: &P,
    text: &str,
    mv: P::Move,
) -> Result<P::Move, MoveTextError<P::Illegal>> {
    position
        .check(mv)
        .map(|()| mv)
        .map_err(|why| MoveTextError::illegal(text, why))
}

/// When a game was won, after how many moves: "after move 40", "at its start".
fn when(after: usize) -> String {
    if after == 0 {
        "at its start".to_string()
    } else {
        format!("after move {after}")
    }
}

/// Reads moves separated by white space, each with `read` in the position the moves before it
/// lead to; on a bad one, its number (from 0) and why. A move after the game is won is one:
/// [`AlreadyWon`]. Every game's notation reads a line so.
pub fn read_line<P: Referee, E: From<AlreadyWon>>(
    start: &P,
    text: &str,
    read: impl Fn(&P, &str) -> Result<P::Move, E>,
) -> Result<Vec<P::Move>, (usize, E)> {
    let mut position = start.clone();
    let mut moves = Vec::new();
    for (number, word) in text.split_whitespace().enumerate() {
        if position.is_won() {
            let text = word.to_string();
            let won = AlreadyWon {
                text,
                after: number,
            };
            return Err((number, won.into()));
        }
        let mv = read(&position, word).map_err(|error| (number, error))?;
        position
            .apply(mv)
            .unwrap_or_else(|_| panic!("a move read is checked legal"));
        moves.push(mv);
    }
    Ok(moves)
}

/// Writes moves as text separated by spaces, each with `text` in the position the moves
/// before it lead to. Every game's notation writes a line so.
///
/// # Panics
/// When a move is illegal: the moves must come from a solver or have been checked.
pub fn write_line<P: Referee>(
    start: &P,
    moves: &[P::Move],
    text: impl Fn(&P, P::Move) -> String,
) -> String {
    let mut position = start.clone();
    let words: Vec<String> = moves
        .iter()
        .map(|&mv| {
            let word = text(&position, mv);
            position
                .apply(mv)
                .unwrap_or_else(|_| panic!("the moves are legal"));
            word
        })
        .collect();
    words.join(" ")
}

/// Makes a game's position its referee through the position's own methods of the same names
/// (`legal_moves`, `apply`, `check`, `is_won`, `describe`), which its callers use without the trait: every
/// game's position is a referee so, and this says it once.
macro_rules! referee_by_own_methods {
    ($position:ty, $move:ty, $illegal:ty) => {
        impl $crate::engine::referee::Referee for $position {
            type Move = $move;
            type Illegal = $illegal;

            fn legal_moves(&self) -> Vec<$move> {
                <$position>::legal_moves(self)
            }

            fn apply(&mut self, mv: $move) -> Result<(), $illegal> {
                <$position>::apply(self, mv)
            }

            fn check(&self, mv: $move) -> Result<(), $illegal> {
                <$position>::check(self, mv)
            }

            fn is_won(&self) -> bool {
                <$position>::is_won(self)
            }

            fn describe(&self, mv: $move) -> String {
                <$position>::describe(self, mv)
            }
        }
    };
}
pub(crate) use referee_by_own_methods;

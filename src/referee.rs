//! What every game's referee does: the plain, obviously correct rules engine that the app's
//! stepping and play mode, undo and redo ([`History`](crate::history::History)), and the
//! tests' replays and breadth-first cross-checks all drive. Fast solvers keep their own packed
//! states; the referee is what their answers are checked against.

use std::fmt::Debug;

/// A position of a game that knows its legal moves and plays them.
pub trait Referee: Clone {
    /// One step of the game.
    type Move: Copy + Eq + Debug;
    /// Why a move cannot be played, in words a player can act on.
    type Illegal: std::error::Error;

    /// Every move that can be played from here.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Plays a move, or says why it cannot be played (leaving the position as it was).
    fn apply(&mut self, mv: Self::Move) -> Result<(), Self::Illegal>;

    /// Whether the game's aim is reached (for both games, the tableau is cleared).
    fn is_won(&self) -> bool;

    /// The move in words, from this position: "play 5h on 4c", "draw".
    fn describe(&self, mv: Self::Move) -> String;
}

/// Reads moves separated by white space, each with `read` in the position the moves before it
/// lead to; on a bad one, its number (from 0) and why. Every game's notation reads a line so.
pub fn read_line<P: Referee, E>(
    start: &P,
    text: &str,
    read: impl Fn(&P, &str) -> Result<P::Move, E>,
) -> Result<Vec<P::Move>, (usize, E)> {
    let mut position = start.clone();
    let mut moves = Vec::new();
    for (number, word) in text.split_whitespace().enumerate() {
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

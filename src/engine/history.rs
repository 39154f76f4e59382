//! A game being played, in any game: the positions from its start, the moves between them,
//! and where the player stands, so that undo and redo go back and forth without limit and
//! exactly. Each game's referee plays the moves.

use crate::engine::referee::Referee;

/// A game's history. Undoing keeps the moves undone for redo until a different move is made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct History<Position: Referee> {
    /// The position before each move, and after the last one: one more than the moves.
    positions: Vec<Position>,
    moves: Vec<Position::Move>,
    /// Moves played so far: the game stands at `positions[at]`.
    at: usize,
}

impl<Position: Referee> History<Position> {
    /// A game standing at `start`.
    pub fn new(start: Position) -> History<Position> {
        History {
            positions: vec![start],
            moves: Vec::new(),
            at: 0,
        }
    }

    /// A game from `start` with `moves` played; on an illegal move, its number (from 0) and why.
    pub fn replay(
        start: Position,
        moves: &[Position::Move],
    ) -> Result<History<Position>, (usize, Position::Illegal)> {
        let mut game = History::new(start);
        for (number, &mv) in moves.iter().enumerate() {
            game.play(mv).map_err(|why| (number, why))?;
        }
        Ok(game)
    }

    /// The same game, its moves played and those that can be redone, from another `start`
    /// (the same table with a card more known): on an illegal move, its number and why.
    pub fn replayed_from(
        &self,
        start: Position,
    ) -> Result<History<Position>, (usize, Position::Illegal)> {
        let mut game = History::replay(start, &self.moves)?;
        for _ in 0..self.redoable() {
            game.undo();
        }
        Ok(game)
    }

    /// The position the game stands at.
    pub fn position(&self) -> &Position {
        &self.positions[self.at]
    }

    /// The position after `moves` moves (up to the moves that can be redone).
    pub fn position_after(&self, moves: usize) -> Option<&Position> {
        self.positions.get(moves)
    }

    /// Where the game started.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// How many moves have been played.
    pub fn played(&self) -> usize {
        self.at
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Position::Move] {
        &self.moves[..self.at]
    }

    /// The move played from the position after `moves` moves, if any (redo moves included).
    pub fn move_after(&self, moves: usize) -> Option<Position::Move> {
        self.moves.get(moves).copied()
    }

    /// How many undone moves can be redone.
    pub fn redoable(&self) -> usize {
        self.moves.len() - self.at
    }

    /// Plays a move if it is legal. Playing the move that redo would play keeps the rest of
    /// the undone moves; any other move drops them.
    pub fn play(&mut self, mv: Position::Move) -> Result<(), Position::Illegal> {
        if self.moves.get(self.at) == Some(&mv) {
            self.at += 1;
            return Ok(());
        }
        let mut next = self.position().clone();
        next.apply(mv)?;
        self.moves.truncate(self.at);
        self.positions.truncate(self.at + 1);
        self.moves.push(mv);
        self.positions.push(next);
        self.at += 1;
        Ok(())
    }

    /// Takes back the last move; false at the start.
    pub fn undo(&mut self) -> bool {
        let possible = self.at > 0;
        self.at -= usize::from(possible);
        possible
    }

    /// Plays again the last move undone; false when there is none.
    pub fn redo(&mut self) -> bool {
        let possible = self.at < self.moves.len();
        self.at += usize::from(possible);
        possible
    }
}

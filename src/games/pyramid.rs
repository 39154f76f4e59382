//! Pyramid Solitaire: the layout, the rules as a value, the referee that plays them, and the
//! optimal solver. Nothing here knows about terminals or command lines.

pub mod answer;
pub mod at_table;
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
pub mod saved;
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
    use crate::cards::deal::{Deal, WINNABLE_40};

    /// The winnable example deal (40 steps).
    pub fn winnable_deal() -> Deal {
        Deal::parse(WINNABLE_40).expect("a valid deal")
    }

    /// The start of a game on the winnable example.
    pub fn winnable_start() -> Position {
        Position::new(&winnable_deal(), Rules::default())
    }
}

#[cfg(test)]
mod tests {
    //! Undo and redo of the engine's history, on a Pyramid game.

    use super::fixtures::winnable_start as start;
    use super::{Game, Move};

    #[test]
    fn undo_to_the_start_and_redo_to_the_end_are_exact() {
        let mut game = Game::new(start());
        for _ in 0..30 {
            let mv = *game.position().legal_moves().first().unwrap();
            game.play(mv).unwrap();
        }
        let end = game.position().clone();
        while game.undo() {}
        assert_eq!(game.position(), &start());
        assert_eq!(game.played(), 0);
        assert_eq!(game.redoable(), 30);
        while game.redo() {}
        assert_eq!(game.position(), &end);
    }

    #[test]
    fn a_new_move_after_undo_drops_the_redo_moves_but_the_same_move_keeps_them() {
        let mut game = Game::new(start());
        game.play(Move::Draw).unwrap();
        game.play(Move::Draw).unwrap();
        game.undo();
        game.undo();
        game.play(Move::Draw).unwrap();
        assert_eq!(game.redoable(), 1, "the same move as redo keeps the rest");
        let other = game
            .position()
            .legal_moves()
            .into_iter()
            .find(|&mv| mv != Move::Draw)
            .unwrap();
        game.play(other).unwrap();
        assert_eq!(game.redoable(), 0);
        assert!(!game.redo());
    }

    #[test]
    fn an_illegal_move_changes_nothing() {
        let mut game = Game::new(start());
        assert!(game.play(Move::Recycle).is_err());
        assert_eq!(game.played(), 0);
        let error = Game::replay(start(), &[Move::Draw, Move::Recycle]).unwrap_err();
        assert_eq!(error.0, 1);
    }
}

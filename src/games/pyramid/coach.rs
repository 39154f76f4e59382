//! Coaching while a game is played: what the solver has found about the positions played
//! through, and from it the verdict on the current one (winnable in so many steps, lost with
//! the way back to a winnable one, undecided), its best next move, and which position the
//! solver should check next. Running the solver, and the words and drawing, are the front
//! end's.
//!
//! After every move a front end asks [`Coach::wanted`] which position needs the solver, runs
//! it, and hands back what it found with [`Coach::learn`]; answers are kept per position, so
//! undoing back to a position already checked is instant. A continuation that is optimal from
//! one position stays optimal, less its first move, from the next; so playing the hinted move
//! needs no new search.

use std::collections::HashMap;

use super::Game;
use super::challenge::Answer;
use super::position::{IllegalMove, Move, Position};
use super::solver::{Outcome, Report};

/// What the solver found from a position, for the challenge played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Known {
    /// The target is within reach: an optimal continuation (empty once it is reached).
    Winnable(Vec<Move>),
    /// No way to clear the pyramid, with a simple reason when there is one.
    Lost(Option<String>),
    /// A Score or Card target out of reach: the best line still possible, and what it gets.
    Short(Vec<Move>, String),
    /// The search reached a cap before it knew (which cap, in words).
    Undecided(String),
}

impl Known {
    /// What a Board challenge solve found; `None` when it was cancelled.
    pub fn of_report(report: &Report) -> Option<Known> {
        match &report.outcome {
            Outcome::Solved(line) => Some(Known::Winnable(line.clone())),
            Outcome::NoSolution(reason) => Some(Known::Lost(reason.clone())),
            Outcome::Cancelled => None,
        }
    }

    /// What a Score or Card challenge solve found; `gets` says in the front end's words what
    /// the best line gets, for a target out of reach.
    pub fn of_answer(answer: &Answer, gets: impl FnOnce() -> String) -> Known {
        let line = answer
            .lines()
            .first()
            .map(|(_, line)| line.moves.clone())
            .unwrap_or_default();
        if answer.reached() {
            Known::Winnable(line)
        } else {
            Known::Short(line, gets())
        }
    }
}

/// How the current position stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// The solver is still working on it.
    Checking,
    /// Winnable in this many more steps (0: the target is reached).
    Winnable(usize),
    /// No longer winnable.
    Lost { reason: Option<String>, back: Back },
    /// The solver reached a cap before it knew (which cap, in words).
    Undecided(String),
}

/// The way back from a lost position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Back {
    /// This many undos lead to the latest winnable position.
    Undos(usize),
    /// Earlier positions are still being checked.
    Looking,
    /// No position of this game, back to its start, is winnable.
    Never,
}

/// What is known about the positions of one game, for one challenge.
#[derive(Debug, Clone, Default)]
pub struct Coach {
    known: HashMap<Position, Known>,
}

impl Coach {
    /// What is known from the position after `moves` moves of the game.
    pub fn known_after(&self, game: &Game, moves: usize) -> Option<&Known> {
        self.known.get(game.position_after(moves)?)
    }

    /// What is known from the game's current position.
    pub fn known(&self, game: &Game) -> Option<&Known> {
        self.known_after(game, game.played())
    }

    /// The next move of an optimal continuation (or of the best line, when the target is out
    /// of reach), once known.
    pub fn best_move(&self, game: &Game) -> Option<Move> {
        match self.known(game)? {
            Known::Winnable(line) | Known::Short(line, _) => line.first().copied(),
            Known::Lost(_) | Known::Undecided(_) => None,
        }
    }

    /// How the current position stands.
    pub fn standing(&self, game: &Game) -> Standing {
        match self.known(game) {
            None => Standing::Checking,
            Some(Known::Winnable(line)) => Standing::Winnable(line.len()),
            Some(Known::Lost(reason)) => Standing::Lost {
                reason: reason.clone(),
                back: self.way_back(game),
            },
            Some(Known::Short(_, best)) => Standing::Lost {
                reason: Some(best.clone()),
                back: self.way_back(game),
            },
            Some(Known::Undecided(cap)) => Standing::Undecided(cap.clone()),
        }
    }

    fn way_back(&self, game: &Game) -> Back {
        match self.latest_not_lost(game) {
            Some((moves, true)) => Back::Undos(game.played() - moves),
            Some((_, false)) => Back::Looking,
            None => Back::Never,
        }
    }

    /// Looking back from the current position: the latest earlier one not known to be lost,
    /// after how many moves, and whether it is known to be winnable (or not checked yet).
    fn latest_not_lost(&self, game: &Game) -> Option<(usize, bool)> {
        (0..game.played())
            .rev()
            .find_map(|moves| match self.known_after(game, moves) {
                // Not known to be winnable either: the way back looks further.
                Some(Known::Lost(_) | Known::Short(..) | Known::Undecided(_)) => None,
                known => Some((moves, known.is_some())),
            })
    }

    /// The position the solver should work on next: the current one until it is known, then,
    /// when it is lost, earlier ones back to the latest winnable one.
    pub fn wanted<'g>(&self, game: &'g Game) -> Option<&'g Position> {
        let at = game.played();
        match self.known_after(game, at) {
            None => game.position_after(at),
            Some(Known::Winnable(_) | Known::Undecided(_)) => None,
            Some(Known::Lost(_) | Known::Short(..)) => match self.latest_not_lost(game) {
                Some((moves, false)) => game.position_after(moves),
                _ => None,
            },
        }
    }

    /// Plays a move in the game; when it is the first of the optimal continuation known, the
    /// rest of that continuation is known from the position it leads to.
    pub fn play(&mut self, game: &mut Game, mv: Move) -> Result<(), IllegalMove> {
        let before = self.known(game).cloned();
        game.play(mv)?;
        if let Some(Known::Winnable(line)) = before
            && line.first() == Some(&mv)
        {
            self.learn(
                game,
                game.position().clone(),
                Known::Winnable(line[1..].to_vec()),
            );
        }
        Ok(())
    }

    /// Keeps what is known from a position, and from the positions after it in this game
    /// (redoable moves included) that follow the same optimal line.
    pub fn learn(&mut self, game: &Game, position: Position, known: Known) {
        let mut next = None;
        if let Known::Winnable(line) = &known {
            let moves = (0..=game.played() + game.redoable())
                .find(|&m| game.position_after(m) == Some(&position));
            if let (Some(moves), Some(&first)) = (moves, line.first())
                && game.move_after(moves) == Some(first)
                && let Some(after) = game.position_after(moves + 1)
            {
                next = Some((after.clone(), Known::Winnable(line[1..].to_vec())));
            }
        }
        self.known.insert(position, known);
        if let Some((after, known)) = next
            && !self.known.contains_key(&after)
        {
            self.learn(game, after, known);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pyramid::fixtures::winnable_start;
    use crate::games::pyramid::solver;

    fn solve(position: &Position) -> Known {
        Known::of_report(&solver::solve(position, &mut ())).expect("not cancelled")
    }

    #[test]
    fn the_way_back_counts_undos_to_the_latest_winnable_position() {
        let mut game = Game::new(winnable_start());
        let mut coach = Coach::default();
        coach.learn(&game, game.position().clone(), solve(game.position()));
        for _ in 0..3 {
            coach.play(&mut game, Move::Draw).unwrap();
        }
        // Nothing known after the draws yet: the current position is wanted first.
        assert_eq!(coach.wanted(&game), Some(game.position()));
        assert_eq!(coach.standing(&game), Standing::Checking);
        coach.learn(&game, game.position().clone(), Known::Lost(None));
        // Then the positions before it, latest first.
        assert_eq!(coach.wanted(&game), game.position_after(2));
        assert_eq!(
            coach.standing(&game),
            Standing::Lost {
                reason: None,
                back: Back::Looking
            }
        );
        let after_two = game.position_after(2).unwrap().clone();
        coach.learn(&game, after_two, Known::Lost(None));
        let after_one = game.position_after(1).unwrap().clone();
        coach.learn(&game, after_one, Known::Winnable(vec![Move::Draw]));
        assert_eq!(coach.wanted(&game), None);
        assert_eq!(
            coach.standing(&game),
            Standing::Lost {
                reason: None,
                back: Back::Undos(2)
            }
        );
        assert_eq!(
            coach.best_move(&game),
            None,
            "no move wins from a lost position"
        );
    }

    #[test]
    fn playing_the_best_move_keeps_the_rest_of_the_line() {
        let mut game = Game::new(winnable_start());
        let mut coach = Coach::default();
        let known = solve(game.position());
        let Known::Winnable(line) = known.clone() else {
            panic!("winnable")
        };
        coach.learn(&game, game.position().clone(), known);
        let best = coach.best_move(&game).unwrap();
        assert_eq!(Some(&best), line.first());
        coach.play(&mut game, best).unwrap();
        assert_eq!(coach.standing(&game), Standing::Winnable(line.len() - 1));
        assert_eq!(coach.wanted(&game), None, "no new search needed");
        // Undo comes back to a known position, and redo to one the line still covers.
        game.undo();
        assert_eq!(coach.standing(&game), Standing::Winnable(line.len()));
        game.redo();
        assert_eq!(coach.best_move(&game), line.get(1).copied());
    }

    #[test]
    fn a_line_learnt_before_its_moves_are_redone_covers_them() {
        let mut game = Game::new(winnable_start());
        let Known::Winnable(line) = solve(game.position()) else {
            panic!("winnable")
        };
        for &mv in &line[..2] {
            game.play(mv).unwrap();
        }
        game.undo();
        game.undo();
        let mut coach = Coach::default();
        coach.learn(
            &game,
            game.position().clone(),
            Known::Winnable(line.clone()),
        );
        game.redo();
        game.redo();
        assert_eq!(coach.standing(&game), Standing::Winnable(line.len() - 2));
    }

    #[test]
    fn a_target_out_of_reach_is_lost_but_still_has_a_best_move() {
        let mut game = Game::new(winnable_start());
        let mut coach = Coach::default();
        coach.learn(
            &game,
            game.position().clone(),
            Known::Short(vec![Move::Draw], "at most 60 points".into()),
        );
        assert_eq!(coach.best_move(&game), Some(Move::Draw));
        assert_eq!(
            coach.standing(&game),
            Standing::Lost {
                reason: Some("at most 60 points".into()),
                back: Back::Never
            }
        );
        assert_eq!(coach.wanted(&game), None, "nothing earlier to look back to");
        coach.play(&mut game, Move::Draw).unwrap();
        assert_eq!(
            coach.standing(&game),
            Standing::Checking,
            "a short line is not followed"
        );
    }
}

//! Play mode's model: the game with its undo history, the card cursor and selection, and
//! what the solver has found about the positions played through.
//!
//! After every move the app asks [`Play::wanted`] which position needs the solver and runs it
//! in the background; answers are kept per position, so undoing back to a position already
//! checked is instant. A continuation that is optimal from one position stays optimal, less
//! its first move, from the next; so playing the hinted move needs no new search.

use std::collections::HashMap;

use pyramid::pyramid::solver::{Outcome, Report};
use pyramid::pyramid::{Game, Goal, IllegalMove, Move, Place, Position};

use pyramid::pyramid::challenge::Answer;

use crate::solve_job::SolveJob;

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
    /// What a Board challenge solve found.
    pub fn of_report(report: &Report) -> Option<Known> {
        match &report.outcome {
            Outcome::Solved(line) => Some(Known::Winnable(line.clone())),
            Outcome::NoSolution(reason) => Some(Known::Lost(reason.clone())),
            Outcome::Cancelled => None,
        }
    }

    /// What a Score or Card challenge solve found.
    pub fn of_answer(goal: Goal, answer: &Answer) -> Known {
        let line = answer
            .lines()
            .first()
            .map(|(_, line)| line.moves.clone())
            .unwrap_or_default();
        if answer.reached() {
            Known::Winnable(line)
        } else {
            Known::Short(line, crate::challenge::headline(goal, answer))
        }
    }
}

/// How the current position stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// The solver is still working on it.
    Checking,
    /// Winnable in this many more steps (0: the pyramid is cleared).
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

/// What the user is waiting for until the current position is solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Want {
    /// Show the next move of an optimal continuation.
    Hint,
    /// Step through the rest of the solution.
    Rest,
}

/// What choosing a card did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// A move was played; its description.
    Played(String),
    Selected,
    Deselected,
    /// Not possible, and why.
    Refused(String),
}

/// A solve of one position, running in the background.
#[derive(Debug)]
struct Check {
    job: SolveJob,
    position: Position,
}

/// The game being played.
#[derive(Debug)]
pub struct Play {
    pub game: Game,
    /// The card the keys act on.
    pub cursor: Place,
    /// The first card of a pair, once chosen.
    pub selected: Option<Place>,
    /// The hint is shown for the current position.
    pub hint_shown: bool,
    pub want: Option<Want>,
    known: HashMap<Position, Known>,
    check: Option<Check>,
}

impl Play {
    /// Play from the game's current position.
    pub fn new(game: Game) -> Play {
        let mut play = Play {
            game,
            cursor: Place::Stock,
            selected: None,
            hint_shown: false,
            want: None,
            known: HashMap::new(),
            check: None,
        };
        play.cursor = play.first_available();
        play
    }

    /// The position played to.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    fn first_available(&self) -> Place {
        let available = self.position().available();
        // The bottom-most row first: that is where play usually goes on.
        available
            .iter()
            .filter(|p| matches!(p, Place::Pyramid(_)))
            .max_by_key(|p| match p {
                Place::Pyramid(i) => (
                    pyramid::pyramid::layout::row_of(*i as usize),
                    -i32::from(*i),
                ),
                _ => (0, 0),
            })
            .copied()
            .unwrap_or(Place::Stock)
    }

    /// The places the cursor can go: the available pyramid cards, and the stock and waste.
    pub fn cursor_places(&self) -> Vec<Place> {
        let mut places: Vec<Place> = self
            .position()
            .available()
            .into_iter()
            .filter(|p| matches!(p, Place::Pyramid(_)))
            .collect();
        places.extend(self.position().overlapped());
        places.extend([Place::Stock, Place::Waste]);
        places
    }

    /// Chooses the card at a place: a King goes at once, a second card completes a pair.
    pub fn choose(&mut self, place: Place) -> Choice {
        // The cursor goes only where a card can be taken (a click may land on a covered one).
        if self.cursor_places().contains(&place) {
            self.cursor = place;
        }
        let position = self.position();
        if self.selected == Some(place) {
            self.selected = None;
            return Choice::Deselected;
        }
        let mv = match self.selected {
            Some(first) => Move::Pair(first, place),
            None => Move::King(place),
        };
        match position.check(mv) {
            Ok(()) => self.play(mv),
            Err(IllegalMove::NotAKing(_)) => {
                self.selected = Some(place);
                Choice::Selected
            }
            // Relaxed pairing: a card whose last cover may go with it.
            Err(IllegalMove::Covered { .. })
                if self.selected.is_none() && position.overlapped().contains(&place) =>
            {
                self.selected = Some(place);
                Choice::Selected
            }
            // A refused pair changes nothing: the card chosen first stays chosen.
            Err(why) => Choice::Refused(why.to_string()),
        }
    }

    /// Draws a card, or recycles the waste when the stock is empty.
    pub fn draw(&mut self) -> Choice {
        let mv = if self.position().stock_len() > 0 {
            Move::Draw
        } else {
            Move::Recycle
        };
        match self.position().check(mv) {
            Ok(()) => self.play(mv),
            Err(why) => Choice::Refused(why.to_string()),
        }
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) -> Choice {
        let text = self.position().describe(mv);
        let before = self.known().cloned();
        match self.game.play(mv) {
            Ok(()) => {
                if let Some(Known::Winnable(line)) = before
                    && line.first() == Some(&mv)
                {
                    self.learn(self.position().clone(), Known::Winnable(line[1..].to_vec()));
                }
                self.moved();
                Choice::Played(text)
            }
            Err(why) => Choice::Refused(why.to_string()),
        }
    }

    /// Takes back a move; false at the start.
    pub fn undo(&mut self) -> bool {
        let done = self.game.undo();
        if done {
            self.moved();
        }
        done
    }

    /// Plays again a move undone; false when there is none.
    pub fn redo(&mut self) -> bool {
        let done = self.game.redo();
        if done {
            self.moved();
        }
        done
    }

    /// After the position changed: the selection and the hint were for the old one.
    fn moved(&mut self) {
        self.selected = None;
        self.hint_shown = false;
        self.want = None;
        if !self.cursor_places().contains(&self.cursor) {
            self.cursor = self.first_available();
        }
    }

    /// What is known from the position after `moves` moves.
    fn known_after(&self, moves: usize) -> Option<&Known> {
        self.known.get(self.game.position_after(moves)?)
    }

    /// What is known from the current position.
    pub fn known(&self) -> Option<&Known> {
        self.known_after(self.game.played())
    }

    /// The next move of an optimal continuation, once known.
    pub fn best_move(&self) -> Option<Move> {
        match self.known()? {
            Known::Winnable(line) | Known::Short(line, _) => line.first().copied(),
            Known::Lost(_) | Known::Undecided(_) => None,
        }
    }

    /// How the current position stands.
    pub fn standing(&self) -> Standing {
        match self.known() {
            None => Standing::Checking,
            Some(Known::Winnable(line)) => Standing::Winnable(line.len()),
            Some(Known::Lost(reason)) => Standing::Lost {
                reason: reason.clone(),
                back: self.way_back(),
            },
            Some(Known::Short(_, best)) => Standing::Lost {
                reason: Some(best.clone()),
                back: self.way_back(),
            },
            Some(Known::Undecided(cap)) => Standing::Undecided(cap.clone()),
        }
    }

    fn way_back(&self) -> Back {
        match self.latest_not_lost() {
            Some((moves, true)) => Back::Undos(self.game.played() - moves),
            Some((_, false)) => Back::Looking,
            None => Back::Never,
        }
    }

    /// Looking back from the current position: the latest earlier one not known to be lost,
    /// after how many moves, and whether it is known to be winnable (or not checked yet).
    fn latest_not_lost(&self) -> Option<(usize, bool)> {
        (0..self.game.played())
            .rev()
            .find_map(|moves| match self.known_after(moves) {
                // Not known to be winnable either: the way back looks further.
                Some(Known::Lost(_) | Known::Short(..) | Known::Undecided(_)) => None,
                known => Some((moves, known.is_some())),
            })
    }

    /// The position the solver should work on next: the current one until it is known, then,
    /// when it is lost, earlier ones back to the latest winnable one.
    pub fn wanted(&self) -> Option<&Position> {
        let at = self.game.played();
        match self.known_after(at) {
            None => self.game.position_after(at),
            Some(Known::Winnable(_) | Known::Undecided(_)) => None,
            Some(Known::Lost(_) | Known::Short(..)) => match self.latest_not_lost() {
                Some((moves, false)) => self.game.position_after(moves),
                _ => None,
            },
        }
    }

    /// Keeps the background check on the wanted position: a check of another position is
    /// dropped (which cancels it) and a new one started with `start`.
    pub fn sync(&mut self, start: impl FnOnce(Position) -> SolveJob) {
        let wanted = self.wanted().cloned();
        if self.check.as_ref().map(|c| &c.position) == wanted.as_ref() {
            return;
        }
        self.check = wanted.map(|position| Check {
            job: start(position.clone()),
            position,
        });
    }

    /// The id of the running check, if any.
    pub fn check_id(&self) -> Option<u64> {
        self.check.as_ref().map(|c| c.job.id)
    }

    /// Takes what the running check found (`None` when it was cancelled).
    pub fn finished(&mut self, known: Option<Known>) {
        let Some(check) = self.check.take() else {
            return;
        };
        if let Some(known) = known {
            self.learn(check.position, known);
        }
    }

    /// Keeps what is known from a position, and from the positions after it in this game
    /// that follow the same optimal line.
    pub fn learn(&mut self, position: Position, known: Known) {
        let mut next = None;
        if let Known::Winnable(line) = &known {
            let moves = (0..=self.game.played() + self.game.redoable())
                .find(|&m| self.game.position_after(m) == Some(&position));
            if let (Some(moves), Some(&first)) = (moves, line.first())
                && self.game.move_after(moves) == Some(first)
                && let Some(after) = self.game.position_after(moves + 1)
            {
                next = Some((after.clone(), Known::Winnable(line[1..].to_vec())));
            }
        }
        self.known.insert(position, known);
        if let Some((after, known)) = next
            && !self.known.contains_key(&after)
        {
            self.learn(after, known);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyramid::Deal;
    use pyramid::pyramid::Rules;
    use pyramid::pyramid::solver;

    fn play() -> Play {
        let text = include_str!("../../saved-games/winnable-40-steps.txt");
        let deal = Deal::parse(text).unwrap();
        Play::new(Game::new(Position::new(&deal, Rules::default())))
    }

    fn solve(play: &Play) -> Known {
        match solver::solve(play.position(), &mut ()).outcome {
            Outcome::Solved(line) => Known::Winnable(line),
            Outcome::NoSolution(reason) => Known::Lost(reason),
            Outcome::Cancelled => unreachable!(),
        }
    }

    #[test]
    fn choosing_cards_pairs_them_and_refuses_with_the_reason() {
        let mut play = play();
        // Row 7 of this deal: Qc Jh Ts Qs 6s 3d Qh. Qc and Jh make 23.
        assert_eq!(play.choose(Place::Pyramid(21)), Choice::Selected);
        assert_eq!(
            play.choose(Place::Pyramid(22)),
            Choice::Refused("Qc and Jh make 23, not 13".to_string())
        );
        assert_eq!(
            play.selected,
            Some(Place::Pyramid(21)),
            "a refused pair leaves the first card chosen"
        );
        assert_eq!(play.choose(Place::Pyramid(21)), Choice::Deselected);
        assert_eq!(
            play.choose(Place::Pyramid(0)),
            Choice::Refused("4d is covered by 8h and 8s".to_string())
        );
        // Qh with the stock's Ah.
        play.choose(Place::Pyramid(27));
        assert!(matches!(play.choose(Place::Stock), Choice::Played(_)));
        assert_eq!(play.game.played(), 1);
        assert_eq!(play.selected, None);
    }

    #[test]
    fn the_way_back_counts_undos_to_the_latest_winnable_position() {
        let mut play = play();
        let winnable = solve(&play);
        play.learn(play.position().clone(), winnable);
        for _ in 0..3 {
            play.draw();
        }
        // Nothing known after the draws yet: the current position is wanted first.
        assert_eq!(play.wanted(), Some(play.position()));
        play.learn(play.position().clone(), Known::Lost(None));
        // Then the positions before it, latest first.
        assert_eq!(play.wanted(), play.game.position_after(2));
        assert_eq!(
            play.standing(),
            Standing::Lost {
                reason: None,
                back: Back::Looking
            }
        );
        let after_two = play.game.position_after(2).unwrap().clone();
        play.learn(after_two, Known::Lost(None));
        let after_one = play.game.position_after(1).unwrap().clone();
        play.learn(after_one, Known::Winnable(vec![Move::Draw]));
        assert_eq!(play.wanted(), None);
        assert_eq!(
            play.standing(),
            Standing::Lost {
                reason: None,
                back: Back::Undos(2)
            }
        );
    }

    #[test]
    fn playing_the_best_move_keeps_the_rest_of_the_line() {
        let mut play = play();
        let known = solve(&play);
        let Known::Winnable(line) = known.clone() else {
            panic!("winnable")
        };
        play.learn(play.position().clone(), known);
        let best = play.best_move().unwrap();
        play.play(best);
        assert_eq!(play.standing(), Standing::Winnable(line.len() - 1));
        assert_eq!(play.wanted(), None, "no new search needed");
        // Undo comes back to a known position too.
        play.undo();
        assert_eq!(play.standing(), Standing::Winnable(line.len()));
    }
}

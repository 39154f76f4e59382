//! TriPeaks play mode's model: the game with its undo history, the card cursor, what the
//! checks found about the positions played through, for the challenge played, and the card
//! being typed in when a move turned up one not known.
//!
//! After every move the flow asks [`Play::wanted`] which position needs a check, runs it off
//! the UI thread (TriPeaks solves in milliseconds, but drawing never waits), and hands what
//! it found back with [`Play::learn`]: with every card known, the challenge's answer; with
//! cards not known, the moves ranked by their chance to clear the tableau or reach the
//! challenge's target (with the mean points for a Score challenge), in rounds that refine
//! the figures.
//! What was found is kept per position, so undo and redo find it again without a new check.

use ratatui::layout::Rect;

use solitaire::cards::excerpt::counted;
use solitaire::cards::excerpt::thousands;
use solitaire::engine::goal::Goal;
use solitaire::games::tripeaks::answer::seen_slot;
use solitaire::games::tripeaks::challenge::Answer;
use solitaire::games::tripeaks::layout::{TABLEAU_SIZE, covering, place_name, row_of};
use solitaire::games::tripeaks::{Game, Move, Position};

use crate::app::cards::Direction;
use crate::app::flow::table::{self, Table, TablePlay, TurnedUp};
use crate::app::flow::{Choice, PlayMode};
use crate::app::games::tripeaks::board::{self, Spot};

/// What a check found of a position: the challenge's answer, or the moves ranked.
pub type Known = table::Known<Answer, Move>;

/// How the current position stands for the challenge played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Nothing is known of it yet: the solver is on it.
    Checking,
    /// Cards not known: the moves are ranked by their chance to clear the tableau or reach
    /// the target.
    Ranked,
    /// The challenge can still be met, in this many more steps (0: it is met).
    Reachable { steps: usize, definitive: bool },
    /// Out of reach: the most the best line still gives, in the challenge's terms (tableau
    /// cards removed in this deal; points or cards of the rank in all, earlier deals
    /// included).
    Lost { best: u32, definitive: bool },
}

/// The game being played.
#[derive(Debug, Clone)]
pub struct Play {
    pub game: Game,
    /// The card the keys act on.
    pub cursor: Spot,
    /// The hint is shown for the current position.
    pub hint_shown: bool,
    goal: Goal,
    /// What the checks found, for `goal`, and what is typed of a card turned up.
    pub table: Table<Position, Answer, Move>,
}

impl Play {
    /// The position played to.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Plays for another challenge: what was known was for the old one.
    pub fn set_goal(&mut self, goal: Goal) {
        if goal != self.goal {
            self.goal = goal;
            self.table.forget();
            self.hint_shown = false;
        }
    }

    /// The bottom-most face-up card, leftmost: that is where play usually goes on.
    fn first_spot(&self) -> Spot {
        self.tableau_spots()
            .max_by_key(|&index| (row_of(index), std::cmp::Reverse(index)))
            .map_or(Spot::Stock, |index| Spot::Card(index as u8))
    }

    fn tableau_spots(&self) -> impl Iterator<Item = usize> + '_ {
        let up = self.position().face_up();
        (0..TABLEAU_SIZE).filter(move |&index| up & (1 << index) != 0)
    }

    /// The spots the cursor can go to: the face-up tableau cards still there, in deal order,
    /// then the stock.
    pub fn cursor_spots(&self) -> Vec<Spot> {
        self.tableau_spots()
            .map(|index| Spot::Card(index as u8))
            .chain([Spot::Stock])
            .collect()
    }

    /// Chooses a spot: a tableau card goes onto the waste, the stock draws.
    pub fn choose(&mut self, spot: Spot) -> Choice {
        // The cursor goes only where a card can be taken (a click may land on a covered one).
        if self.cursor_spots().contains(&spot) {
            self.cursor = spot;
        }
        match spot {
            Spot::Card(index) => self.play(Move::Play(index)),
            Spot::Stock => self.draw(),
        }
    }

    /// Keeps what a check found of a position, for the challenge played (see
    /// [`Table::learn`]).
    pub fn learn(&mut self, position: Position, found: Known) {
        self.table.learn(position, found);
    }

    /// What the checks found from the current position.
    pub fn known(&self) -> Option<&Known> {
        self.table.known(self.position())
    }

    /// The challenge's answer from the current position, when a check gave one.
    pub fn answer(&self) -> Option<&Answer> {
        match self.known()? {
            Known::Exact(answer) => Some(answer),
            Known::Ranked { .. } => None,
        }
    }

    /// The next move: the ranking's best while cards are not known; else the next of the
    /// answer's line, the fewest steps to the challenge or the best line when it is out of
    /// reach.
    pub fn best_move(&self) -> Option<Move> {
        self.table.best_move(self.position(), |answer| {
            answer.lines().first()?.1.moves.first().copied()
        })
    }

    /// The hint's lead: while cards are not known, the best move's figures for the challenge.
    pub fn hint_lead(&self) -> String {
        self.table.hint_lead(self.position(), self.goal)
    }

    /// The deal slot of a card not known face up, waiting to be typed in: the player sees it.
    pub fn waiting(&self) -> Option<usize> {
        seen_slot(self.position())
    }

    /// How the current position stands.
    pub fn standing(&self) -> Standing {
        let answer = match self.known() {
            None => return Standing::Checking,
            Some(Known::Ranked { .. }) => return Standing::Ranked,
            Some(Known::Exact(answer)) => answer,
        };
        let definitive = answer.definitive();
        if answer.reached() {
            return Standing::Reachable {
                steps: answer.length().unwrap_or(0),
                definitive,
            };
        }
        let most = answer.lines().iter().map(|(_, line)| line.value).max();
        Standing::Lost {
            best: most.unwrap_or(0) + earlier(self.goal),
            definitive,
        }
    }

    /// The standing in one sentence: "Still clearable: 23 steps to go.", "No longer
    /// clearable: at most 24 of 28 cards.", "20,000 points still reachable in 31 steps."
    pub fn verdict(&self) -> String {
        let goal = self.goal;
        let known_so_far = |definitive: bool| {
            if definitive {
                ""
            } else {
                " with the cards known so far"
            }
        };
        if let Some(card) = self.waiting_card() {
            return format!("Type {card}: rank, then suit.");
        }
        match (self.standing(), goal) {
            (Standing::Ranked, _) => match self.known() {
                Some(Known::Ranked { ranking, rounds }) => {
                    table::ranked_verdict(ranking, *rounds, goal)
                }
                _ => String::new(),
            },
            (Standing::Checking, Goal::Board) => {
                "Checking whether the tableau can still be cleared.".to_string()
            }
            (Standing::Checking, _) => "Checking whether the target is still in reach.".into(),
            (Standing::Reachable { steps: 0, .. }, Goal::Board) => {
                "The tableau is cleared.".to_string()
            }
            (Standing::Reachable { steps: 0, .. }, _) => {
                format!("The target is reached: {}.", amount(goal, target(goal)))
            }
            (Standing::Reachable { steps, definitive }, Goal::Board) => format!(
                "Still clearable: {} to go{}.",
                counted(steps, "step"),
                known_so_far(definitive)
            ),
            (Standing::Reachable { steps, definitive }, _) => format!(
                "{} still reachable in {}{}.",
                amount(goal, target(goal)),
                counted(steps, "step"),
                known_so_far(definitive)
            ),
            (Standing::Lost { best, definitive }, Goal::Board) => {
                // "No longer" only when the game was seen clearable before: a deal that never
                // was is "not" clearable, whatever moves were played on it.
                let was = (0..self.game.played()).any(|moves| {
                    self.game
                        .position_after(moves)
                        .and_then(|position| self.table.known(position))
                        .is_some_and(
                            |known| matches!(known, Known::Exact(answer) if answer.reached()),
                        )
                });
                let not = if was { "No longer" } else { "Not" };
                format!(
                    "{not} clearable{}: at most {best} of {TABLEAU_SIZE} cards.",
                    known_so_far(definitive)
                )
            }
            (Standing::Lost { best, definitive }, _) => format!(
                "{} out of reach{}: at most {}.",
                amount(goal, target(goal)),
                known_so_far(definitive),
                amount(goal, best)
            ),
        }
    }
}

impl PlayMode for Play {
    type Position = Position;

    fn new(game: Game, goal: Goal) -> Play {
        let mut play = Play {
            game,
            cursor: Spot::Stock,
            hint_shown: false,
            goal,
            table: Table::default(),
        };
        play.cursor = play.first_spot();
        play
    }

    fn game(&self) -> &Game {
        &self.game
    }

    fn drop_typing(&mut self) {
        self.table.turned_up.drop_typing();
    }

    /// After the position changed: the hint was for the old one, and the card under the
    /// cursor may be gone.
    fn moved(&mut self) {
        self.hint_shown = false;
        self.table.turned_up.drop_typing();
        let spots = self.cursor_spots();
        if spots.contains(&self.cursor) {
            return;
        }
        // The card played is gone: a card it uncovered is where play goes on, else a
        // neighbour on its row, else the usual first card.
        let near = match self.cursor {
            Spot::Card(gone) => spots
                .iter()
                .copied()
                .filter_map(|spot| match spot {
                    Spot::Card(index) => Some(index),
                    Spot::Stock => None,
                })
                .find(|&index| {
                    covering(index as usize).is_some_and(|covers| covers.contains(&(gone as usize)))
                })
                .or_else(|| {
                    spots
                        .iter()
                        .filter_map(|&spot| match spot {
                            Spot::Card(index) => Some(index),
                            Spot::Stock => None,
                        })
                        .filter(|&index| row_of(index as usize) == row_of(gone as usize))
                        .min_by_key(|&index| index.abs_diff(gone))
                }),
            Spot::Stock => None,
        };
        self.cursor = near.map_or_else(|| self.first_spot(), Spot::Card);
    }

    fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    fn hint_shown(&mut self) -> &mut bool {
        &mut self.hint_shown
    }

    fn move_cursor(&mut self, board: Rect, direction: Direction) {
        self.cursor = board::play_neighbour(board, self.cursor, &self.cursor_spots(), direction);
    }

    fn choose_cursor(&mut self) -> Choice {
        self.choose(self.cursor)
    }

    /// Turns the stock's top card onto the waste.
    fn draw(&mut self) -> Choice {
        self.play(Move::Draw)
    }

    /// The current position, while nothing is known of it or its ranking is still to be
    /// refined; none while a card turned up waits to be typed in.
    fn wanted(&self) -> Option<Position> {
        let position = *self.position();
        (self.waiting().is_none() && self.table.wants(&position)).then_some(position)
    }
}

impl TablePlay for Play {
    fn turned_up(&mut self) -> &mut TurnedUp {
        &mut self.table.turned_up
    }

    fn waiting_place(&self) -> Option<String> {
        self.waiting().map(place_words)
    }
}

/// Where a slot is, for a player looking at the game: "at tableau row 3, card 9 from the
/// left", "on the waste".
pub fn place_words(slot: usize) -> String {
    if slot < TABLEAU_SIZE {
        format!("at {}", place_name(slot))
    } else {
        "on the waste".to_string()
    }
}

/// What earlier deals gave: points earned, or cards of the rank removed.
fn earlier(goal: Goal) -> u32 {
    match goal {
        Goal::Board => 0,
        Goal::Score { earned, .. } => earned,
        Goal::Card { already, .. } => already,
    }
}

/// The challenge's target: points or cards of the rank, in all (0 for the Board challenge).
fn target(goal: Goal) -> u32 {
    match goal {
        Goal::Board => 0,
        Goal::Score { target, .. } | Goal::Card { target, .. } => target,
    }
}

/// A figure in the challenge's terms: "20,000 points", "3 Kings", "24 cards".
fn amount(goal: Goal, value: u32) -> String {
    match goal {
        Goal::Board => counted(value as usize, "card"),
        Goal::Score { .. } => format!("{} points", thousands(value as usize)),
        Goal::Card { rank, .. } if value == 1 => format!("1 {}", rank.name()),
        Goal::Card { rank, .. } => format!("{value} {}", rank.plural()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire::Deal;
    use solitaire::engine::search::Caps;
    use solitaire::games::GameKind;
    use solitaire::games::tripeaks::challenge::solve_goal;

    use crate::app::games::tripeaks::saved_games::{AS_DEALT, CANNOT_CLEAR, CLEARS};

    fn play(text: &str, goal: Goal) -> Play {
        let deal = Deal::parse_as(text, GameKind::TriPeaks).unwrap();
        Play::new(Game::new(Position::new(&deal)), goal)
    }

    /// Solves the position the play wants, as the app does off the UI thread, and hands the
    /// answer back; the answer too, for the test to check.
    fn solve(play: &mut Play) -> Answer {
        let position = play.wanted().expect("a position to solve");
        let (answer, _, _) = solve_goal(&position, play.goal, Caps::default());
        let answer = answer.expect("no cap reached");
        play.learn(position, Known::Exact(answer.clone()));
        answer
    }

    /// Plays the answer's first line on a copy of `position`.
    fn replay(position: &Position, answer: &Answer) -> Position {
        let mut end = *position;
        for &mv in &answer.lines()[0].1.moves {
            end.apply(mv).expect("a solver's line replays");
        }
        end
    }

    #[test]
    fn the_cursor_goes_over_the_face_up_cards_then_the_stock() {
        let play = play(CLEARS, Goal::Board);
        let spots = play.cursor_spots();
        assert_eq!(spots.len(), 11, "the bottom row and the stock");
        assert_eq!(spots[0], Spot::Card(18));
        assert_eq!(spots[10], Spot::Stock);
        assert_eq!(play.cursor, Spot::Card(18), "the bottom row's first card");
    }

    #[test]
    fn choosing_plays_draws_and_refuses_with_the_referee_reason() {
        let mut play = play(CLEARS, Goal::Board);
        let start = *play.position();
        // Row 4 is Ts Ks 6d 3s Kd Ac Jh 7d 9c Th on 5d: only 6d goes.
        assert_eq!(
            play.choose(Spot::Card(18)),
            Choice::Refused("Ts is not one above or below 5d".to_string())
        );
        assert_eq!(
            play.choose(Spot::Card(0)),
            Choice::Refused("8h is face down: 5s and 9d still lie on it".to_string())
        );
        assert_eq!(play.cursor, Spot::Card(18), "not onto a face-down card");
        assert_eq!(
            play.choose(Spot::Card(20)),
            Choice::Played("Play 6d (tableau row 4) on 5d".to_string())
        );
        assert_eq!(
            play.cursor,
            Spot::Card(19),
            "to a neighbour of the card gone"
        );
        assert_eq!(
            play.choose(Spot::Card(20)),
            Choice::Refused("that tableau card (tableau row 4) is already gone".to_string())
        );
        assert_eq!(
            play.choose(Spot::Stock),
            Choice::Played("Draw Js".to_string())
        );
        assert_eq!(play.cursor, Spot::Stock);
        while play.position().stock_left() > 0 {
            assert!(matches!(play.draw(), Choice::Played(_)));
        }
        assert_eq!(
            play.draw(),
            Choice::Refused("the stock is empty: there is nothing left to draw".to_string())
        );
        let end = *play.position();
        let played = play.game.played();
        assert_eq!(played, 24);
        play.hint_shown = true;
        while play.undo() {}
        assert_eq!(play.position(), &start);
        assert!(!play.hint_shown, "the hint was for another position");
        assert!(!play.undo());
        while play.redo() {}
        assert_eq!(play.position(), &end);
        assert_eq!(play.game.played(), played);
    }

    #[test]
    fn following_the_hints_clears_the_tableau_one_step_nearer_each_time() {
        let mut play = play(CLEARS, Goal::Board);
        assert_eq!(play.standing(), Standing::Checking);
        assert_eq!(play.best_move(), None);
        let answer = solve(&mut play);
        let Standing::Reachable {
            steps: first,
            definitive: true,
        } = play.standing()
        else {
            panic!("clearable: {:?}", play.standing())
        };
        assert_eq!(Some(first), answer.length());
        assert!(replay(play.position(), &answer).is_won());
        assert_eq!(
            play.verdict(),
            format!("Still clearable: {first} steps to go.")
        );
        for left in (0..first).rev() {
            let hint = play.best_move().expect("a move while the tableau is there");
            assert!(matches!(play.play(hint), Choice::Played(_)));
            assert_eq!(play.standing(), Standing::Checking, "a new position");
            solve(&mut play);
            assert_eq!(
                play.standing(),
                Standing::Reachable {
                    steps: left,
                    definitive: true
                }
            );
        }
        assert!(play.position().is_won());
        assert_eq!(play.game.played(), first);
        assert_eq!(play.best_move(), None);
        assert_eq!(play.verdict(), "The tableau is cleared.");
        // Every position played through is known: undo and redo need no new solve.
        while play.undo() {
            assert_eq!(play.wanted(), None);
        }
        assert_eq!(
            play.standing(),
            Standing::Reachable {
                steps: first,
                definitive: true
            }
        );
    }

    #[test]
    fn an_answer_for_a_position_left_behind_is_kept_for_undo() {
        let mut play = play(CLEARS, Goal::Board);
        let start = play.wanted().unwrap();
        let (answer, _, _) = solve_goal(&start, Goal::Board, Caps::default());
        play.draw();
        play.learn(start, Known::Exact(answer.unwrap()));
        assert_eq!(play.wanted(), Some(*play.position()));
        play.undo();
        assert_eq!(play.wanted(), None, "known from before the draw");
    }

    #[test]
    fn a_lost_deal_says_the_most_its_best_line_still_clears() {
        let mut play = play(CANNOT_CLEAR, Goal::Board);
        let answer = solve(&mut play);
        let Standing::Lost {
            best,
            definitive: true,
        } = play.standing()
        else {
            panic!("not clearable: {:?}", play.standing())
        };
        let end = replay(play.position(), &answer);
        assert_eq!(best as usize, end.removed());
        assert!(best < 28);
        assert_eq!(
            play.verdict(),
            format!("Not clearable: at most {best} of 28 cards.")
        );
        // The best line's first move is still the hint.
        assert_eq!(play.best_move(), answer.lines()[0].1.moves.first().copied());
        play.draw();
        solve(&mut play);
        assert!(
            play.verdict().starts_with("Not clearable"),
            "a deal that never was clearable is not called no longer so: {}",
            play.verdict()
        );
    }

    #[test]
    fn unknown_cards_hold_the_verdict_to_the_cards_known_so_far() {
        let mut play = play(AS_DEALT, Goal::Board);
        let answer = solve(&mut play);
        assert!(!answer.definitive(), "41 cards unknown");
        assert!(
            play.verdict().contains("with the cards known so far"),
            "{}",
            play.verdict()
        );
    }

    #[test]
    fn score_targets_are_reachable_or_out_of_reach_with_the_best_score() {
        let target = 1_000;
        let mut play = play(CLEARS, Goal::Score { target, earned: 0 });
        let answer = solve(&mut play);
        let Standing::Reachable { steps, .. } = play.standing() else {
            panic!("1,000 points in reach: {:?}", play.standing())
        };
        assert!(replay(play.position(), &answer).score() >= target);
        assert_eq!(
            play.verdict(),
            format!("1,000 points still reachable in {steps} steps.")
        );
        // More than one deal gives: out of reach, with what this deal gives at most.
        play.set_goal(Goal::Score {
            target: 90_000,
            earned: 3_000,
        });
        assert_eq!(
            play.standing(),
            Standing::Checking,
            "known for the old goal only"
        );
        let answer = solve(&mut play);
        let Standing::Lost { best, .. } = play.standing() else {
            panic!("90,000 points out of reach: {:?}", play.standing())
        };
        assert_eq!(best, 3_000 + replay(play.position(), &answer).score());
        assert_eq!(
            play.verdict(),
            format!(
                "90,000 points out of reach: at most {} points.",
                thousands(best as usize)
            )
        );
    }

    #[test]
    fn a_game_seen_clearable_and_then_lost_is_no_longer_clearable() {
        let mut play = play(CLEARS, Goal::Board);
        assert!(solve(&mut play).reached());
        // Drawing the whole stock first leaves the bottom row with nothing to play on.
        while play.position().stock_left() > 0 {
            play.draw();
        }
        let answer = solve(&mut play);
        assert!(!answer.reached() && answer.definitive());
        assert!(
            play.verdict().starts_with("No longer clearable"),
            "{}",
            play.verdict()
        );
    }
}

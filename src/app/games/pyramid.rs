//! Pyramid's part of the app: the deal editor with its marks and rules, solving in the
//! background, stepping through the answer, and play mode with the coach's verdicts.

pub mod board;
pub mod editor;
pub mod play;
mod view;

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use solitaire::GameKind;
use solitaire::games::pyramid::challenge::Answer;
use solitaire::games::pyramid::solver::{CapReached, Outcome, Report, Stats};
use solitaire::games::pyramid::{Finish, Game, Goal, Move, Place, Position, Rules};

use crate::app::cards::Direction;
use crate::app::effects::{Effect, Effects, Saving, Tone, WriteSave};
use crate::app::games::pyramid::editor::{Editor, Pending, Typed, next_passes};
use crate::app::games::pyramid::play::{Back, Choice, Known, Play, Standing, Want};
use crate::app::help::{self, Binding};
use crate::app::job::{Job, JobEvent, JobHandle, JobMessage};
use crate::app::session::{self, GameSession, Ui};
use crate::app::shell::DealText;
use crate::app::widgets::{Look, counted};
use crate::store::{self, Draft, GameDraft, SavedDeal, Verdict};
use board::Spot;

/// What a Pyramid search gives: the Board challenge's report, or a Score or Card
/// challenge's answer (`None` when it was stopped).
pub enum Solved {
    Board(Report),
    Challenge(Option<Answer>, Stats),
}

/// The search for `goal` from `position`, to run in the background.
pub fn search(position: Position, goal: Goal) -> (Job, JobHandle) {
    Job::new(move |observer| {
        if goal == Goal::Board {
            Solved::Board(solitaire::games::pyramid::solver::solve(
                &position, observer,
            ))
        } else {
            let (answer, stats) =
                solitaire::games::pyramid::challenge::solve(&position, goal, observer);
            Solved::Challenge(answer, stats)
        }
    })
}

/// A solve under way.
#[derive(Debug)]
pub struct Solving {
    pub job: JobHandle,
    pub started: Instant,
    pub elapsed: Duration,
    pub stats: Stats,
    /// The position being solved.
    pub start: Position,
}

/// A finished solve being stepped through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The position before each step, and after the last: one more than the moves.
    pub positions: Vec<Position>,
    pub moves: Vec<Move>,
    /// Steps taken: the board shows `positions[step]`.
    pub step: usize,
    /// Whether the pyramid can be cleared at all.
    pub solvable: bool,
    pub reason: Option<String>,
    pub stats: Stats,
    /// Esc goes back to play mode rather than to the editor.
    pub from_play: bool,
    /// What was solved for; for a Score or Card challenge, its answer and the line shown.
    pub goal: Goal,
    pub answer: Option<Answer>,
    pub chosen: usize,
}

impl Solution {
    fn new(start: Position, report: &Report) -> Solution {
        let (moves, solvable, reason) = match &report.outcome {
            Outcome::Solved(moves) => (moves.clone(), true, None),
            Outcome::NoSolution(reason) => (Vec::new(), false, reason.clone()),
            Outcome::Cancelled => (Vec::new(), false, None),
        };
        let after = start.walk(&moves, |_, _, after| after.clone());
        let positions: Vec<Position> = std::iter::once(start).chain(after).collect();
        Solution {
            positions,
            moves,
            step: 0,
            solvable,
            reason,
            stats: report.stats,
            from_play: false,
            goal: Goal::Board,
            answer: None,
            chosen: 0,
        }
    }

    /// A Score or Card challenge's answer, showing its first line.
    fn for_challenge(start: Position, goal: Goal, answer: Answer, stats: Stats) -> Solution {
        let moves = answer
            .lines()
            .first()
            .map(|(_, line)| line.moves.clone())
            .unwrap_or_default();
        let report = Report {
            outcome: Outcome::Solved(moves),
            stats,
        };
        let mut solution = Solution::new(start, &report);
        solution.solvable = answer.reached();
        solution.goal = goal;
        solution.answer = Some(answer);
        solution
    }

    /// Shows the other line of a Card challenge with two answers, from its start.
    fn next_line(&mut self) -> bool {
        let Some(answer) = &self.answer else {
            return false;
        };
        let lines = answer.lines();
        if lines.len() < 2 {
            return false;
        }
        self.chosen = (self.chosen + 1) % lines.len();
        let moves = lines[self.chosen].1.moves.clone();
        let start = self.positions[0].clone();
        let report = Report {
            outcome: Outcome::Solved(moves),
            stats: self.stats,
        };
        let fresh = Solution::new(start, &report);
        self.positions = fresh.positions;
        self.moves = fresh.moves;
        self.step = 0;
        true
    }

    /// The board at the current step.
    pub fn position(&self) -> &Position {
        &self.positions[self.step]
    }

    /// The move after the current step: the hint.
    pub fn next_move(&self) -> Option<Move> {
        self.moves.get(self.step).copied()
    }

    fn verdict(&self) -> Verdict {
        if self.solvable {
            Verdict::Solved(self.moves.len())
        } else {
            Verdict::NoSolution
        }
    }
}

/// Pyramid's main screens.
#[derive(Debug)]
pub enum Screen {
    Editor,
    Solving(Solving),
    Solution(Solution),
    /// Playing the game in [`Session::play`].
    Play,
}

/// Pyramid's session: the deal typed, what is known of it, the game played and the screen.
#[derive(Debug)]
pub struct Session {
    pub editor: Editor,
    pub screen: Screen,
    /// What is known of the deal in the editor; reset by any edit.
    pub verdict: Verdict,
    /// The game being played on the editor's deal, kept while the deal is unchanged.
    pub play: Option<Play>,
    /// What the game is played for.
    pub goal: Goal,
    /// The editor's marked position, as the game lays it out (`v`), until the next key.
    pub preview: Option<Position>,
}

impl Default for Session {
    fn default() -> Session {
        Session {
            editor: Editor::default(),
            screen: Screen::Editor,
            verdict: Verdict::Unsolved,
            play: None,
            goal: Goal::Board,
            preview: None,
        }
    }
}

impl Session {
    /// A session on the draft's work, in play mode if a game was under way; and what to say.
    pub fn restored(fx: &mut Effects, draft: &Draft) -> (Session, String) {
        let mut session = Session::default();
        let text = session.restore(fx, draft);
        (session, text)
    }

    /// A session on a saved game, in play mode when it has moves.
    pub fn loaded(fx: &mut Effects, saved: SavedDeal) -> Session {
        let mut session = Session::default();
        session.load(fx, saved);
        session
    }

    /// A session on a deal file with problems, or an unfinished deal; and what to say.
    pub fn from_text(fx: &mut Effects, opening: &DealText) -> Session {
        let mut session = Session::default();
        session.load_text(fx, opening);
        session
    }

    /// Puts the draft's work on screen, in play mode if a game was under way; says which.
    fn restore(&mut self, fx: &mut Effects, draft: &Draft) -> String {
        self.editor = Editor::with_slots(draft.slots, draft.midgame);
        self.editor.set_rules(draft.rules);
        self.goal = draft.goal;
        // The game and any solution shown were of the work this replaces.
        self.play = None;
        self.screen = Screen::Editor;
        if self.resume(fx, &draft.moves) {
            format!(
                "Restored the game you were playing ({}).",
                counted(draft.moves.len(), "move")
            )
        } else {
            format!(
                "Restored the deal you were typing ({}/52).",
                self.editor.filled()
            )
        }
    }

    fn editor_key(&mut self, fx: &mut Effects, key: KeyEvent) {
        if self.preview.take().is_some() && key.code == KeyCode::Char('v') {
            return;
        }
        let before = (self.editor.slots, self.editor.midgame, self.editor.rules);
        // A half-typed card takes the next letter or digit as its suit (or the 0 of a ten): the
        // command letters wait until it is placed or dropped.
        if let KeyCode::Char(c) = key.code
            && c.is_alphanumeric()
            && self.editor.pending != Pending::Nothing
        {
            match self.editor.type_char(c) {
                Typed::Rejected(hint) => fx.say(Tone::Warning, hint),
                Typed::Placed(_) | Typed::Partial => fx.hush(),
            }
            if (self.editor.slots, self.editor.midgame, self.editor.rules) != before {
                self.edited(fx);
            }
            return;
        }
        match key.code {
            KeyCode::Char('?') => fx.help(),
            // Separators between pasted or typed cards.
            KeyCode::Char(' ' | ',') => {}
            KeyCode::Char('-') => {
                let text = self.editor.toggle_gone();
                fx.say(Tone::Info, text);
            }
            KeyCode::Char('w') => self.mark(fx, Editor::toggle_waste_end),
            KeyCode::Char('p') => {
                let text = self.editor.next_pass();
                fx.say(Tone::Info, text);
            }
            KeyCode::Char('v') => self.toggle_preview(fx),
            KeyCode::Char('r') => {
                self.change_rules(fx, |rules| rules.passes = next_passes(rules.passes));
            }
            KeyCode::Char('x') => self.change_rules(fx, |rules| rules.relaxed = !rules.relaxed),
            KeyCode::Char('e') => self.change_rules(fx, |rules| {
                rules.finish = match rules.finish {
                    Finish::Pyramid => Finish::AllCards,
                    Finish::AllCards => Finish::Pyramid,
                }
            }),
            KeyCode::Char('g') => fx.challenge(self.goal),
            KeyCode::Char(c) => match self.editor.type_char(c) {
                Typed::Rejected(hint) => fx.say(Tone::Warning, hint),
                Typed::Placed(_) | Typed::Partial => fx.hush(),
            },
            KeyCode::Up => self.move_cursor(Direction::Up),
            KeyCode::Down => self.move_cursor(Direction::Down),
            KeyCode::Left => self.move_cursor(Direction::Left),
            KeyCode::Right => self.move_cursor(Direction::Right),
            KeyCode::Tab => self.editor.go_to((self.editor.cursor + 1).min(51)),
            KeyCode::BackTab => self.editor.go_to(self.editor.cursor.saturating_sub(1)),
            KeyCode::Home => self.editor.go_to(0),
            KeyCode::End => self.editor.go_to(51),
            KeyCode::Backspace => self.editor.backspace(),
            KeyCode::Delete => self.editor.delete(),
            KeyCode::Esc if self.editor.cancel_pending() => {
                fx.say(Tone::Info, "Dropped the half-typed card.");
            }
            KeyCode::Enter => self.solve(fx),
            _ => {}
        }
        if (self.editor.slots, self.editor.midgame, self.editor.rules) != before {
            self.edited(fx);
        }
    }

    /// Changes the rules the game is played under, unless the challenge cannot be played
    /// under the new ones; says which.
    fn change_rules(&mut self, fx: &mut Effects, change: impl FnOnce(&mut Rules)) {
        let mut rules = self.editor.rules;
        change(&mut rules);
        if let Err(problem) = self.goal.check(rules) {
            fx.say(
                Tone::Warning,
                format!("Not with this challenge: {problem}."),
            );
        } else {
            self.editor.set_rules(rules);
            fx.say(Tone::Info, format!("Rules: {rules}."));
        }
    }

    /// Applies a mark to the card under the cursor and says what it did.
    fn mark(&mut self, fx: &mut Effects, change: fn(&mut Editor) -> Result<String, String>) {
        match change(&mut self.editor) {
            Ok(text) => fx.say(Tone::Info, text),
            Err(text) => fx.say(Tone::Warning, text),
        }
    }

    fn toggle_preview(&mut self, fx: &mut Effects) {
        match self.editor.start() {
            Ok(position) => {
                self.preview = Some(position);
                fx.say(
                    Tone::Info,
                    "The position as the game shows it. Any key goes back to editing.",
                );
            }
            Err(problem) => fx.say(Tone::Error, format!("Nothing to show yet: {problem}.")),
        }
    }

    fn move_cursor(&mut self, direction: Direction) {
        let to = board::neighbour(self.editor.cursor, direction);
        self.editor.go_to(to);
    }

    /// After any change to the cards or marks: the old answer and the game played on them no
    /// longer hold; keep the draft.
    fn edited(&mut self, fx: &mut Effects) {
        self.verdict = Verdict::Unsolved;
        self.play = None;
        fx.changed();
    }

    /// The work as a draft.
    fn draft_of(&self) -> Draft {
        Draft {
            // Stand-ins for the gone cards not known, so that the draft names their slots.
            slots: self.editor.midgame.fill_unknown(&self.editor.slots),
            midgame: self.editor.midgame,
            moves: self
                .play
                .as_ref()
                .map(|play| play.game.moves().to_vec())
                .unwrap_or_default(),
            goal: self.goal,
            rules: self.editor.rules,
        }
    }

    fn fill_offer(&mut self, fx: &mut Effects) {
        if !matches!(self.screen, Screen::Editor) {
            return;
        }
        if let Some((slot, card)) = self.editor.fill_offer() {
            self.editor.set(slot, card);
            self.edited(fx);
            fx.say(
                Tone::Success,
                format!("Filled in {card}: the deal is complete."),
            );
        }
    }

    fn mouse_event(&mut self, fx: &mut Effects, ui: &Ui, mouse: MouseEvent) {
        let click = matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left));
        if let Screen::Solution(solution) = &self.screen {
            // A click on a step goes to it; the wheel steps.
            let step = match mouse.kind {
                _ if click => view::step_at(solution, ui.panel, &ui.look, mouse.column, mouse.row),
                MouseEventKind::ScrollDown => Some(solution.step + 1),
                MouseEventKind::ScrollUp => Some(solution.step.saturating_sub(1)),
                _ => None,
            };
            if let (Some(step), Screen::Solution(solution)) = (step, &mut self.screen) {
                solution.step = step.min(solution.moves.len());
                fx.hush();
            }
            return;
        }
        if !click {
            return;
        }
        let area = ui.board;
        match self.screen {
            Screen::Editor => {
                if let Some(slot) = board::slot_at(area, mouse.column, mouse.row) {
                    self.preview = None;
                    self.editor.go_to(slot);
                }
            }
            Screen::Play => match board::spot_at(area, mouse.column, mouse.row) {
                Some(Spot::Card(place)) => self.choose(fx, place),
                Some(Spot::Draw) => self.play_action(fx, Play::draw),
                None => {}
            },
            _ => {}
        }
    }

    /// Solves the editor's position.
    fn solve(&mut self, fx: &mut Effects) {
        match self.editor.start() {
            Ok(start) => self.start_solving(fx, start),
            Err(problem) => fx.say(Tone::Error, format!("Cannot solve yet: {problem}.")),
        }
    }

    fn start_solving(&mut self, fx: &mut Effects, start: Position) {
        let (job, handle) = search(start.clone(), self.goal);
        fx.solve(job);
        self.screen = Screen::Solving(Solving {
            job: handle,
            started: Instant::now(),
            elapsed: Duration::ZERO,
            stats: Stats::default(),
            start,
        });
        fx.say(Tone::Info, "Solving. Esc cancels.");
    }

    fn job_message(&mut self, fx: &mut Effects, message: JobMessage) {
        if let Some(play) = &mut self.play
            && play.check_id() == Some(message.id)
        {
            let known = match message.event {
                JobEvent::Progress(_) => return,
                JobEvent::Done(found) => match found.take::<Solved>() {
                    Some(Solved::Board(report)) => Known::of_report(&report),
                    Some(Solved::Challenge(answer, _)) => {
                        let goal = self.goal;
                        answer.as_ref().map(|a| {
                            Known::of_answer(a, || crate::cli::challenge::headline(goal, a))
                        })
                    }
                    None => None,
                },
                JobEvent::Undecided(cap) => Some(Known::Undecided(cap.to_string())),
            };
            play.finished(known);
            self.checked(fx);
            return;
        }
        let Screen::Solving(solving) = &mut self.screen else {
            return;
        };
        if solving.job.id != message.id {
            return;
        }
        let found = match message.event {
            JobEvent::Progress(stats) => {
                solving.stats = stats;
                return;
            }
            JobEvent::Undecided(cap) => {
                self.screen = Screen::Editor;
                fx.say(Tone::Warning, undecided_text(&cap));
                return;
            }
            JobEvent::Done(found) => found.take::<Solved>(),
        };
        match found {
            None | Some(Solved::Challenge(None, _)) => self.screen = Screen::Editor,
            Some(Solved::Challenge(Some(answer), stats)) => {
                let start = solving.start.clone();
                let text = crate::cli::challenge::headline(self.goal, &answer);
                let two = answer.lines().len() > 1;
                let tone = if answer.reached() {
                    Tone::Success
                } else {
                    Tone::Warning
                };
                self.screen =
                    Screen::Solution(Solution::for_challenge(start, self.goal, answer, stats));
                let more = if two {
                    " Tab shows the other line."
                } else {
                    ""
                };
                fx.say(tone, format!("{text}{more}"));
            }
            Some(Solved::Board(report)) => {
                if report.outcome == Outcome::Cancelled {
                    self.screen = Screen::Editor;
                    return;
                }
                let start = solving.start.clone();
                let solution = Solution::new(start, &report);
                self.verdict = solution.verdict();
                let text = match &solution.reason {
                    _ if solution.solvable => format!(
                        "Solved in {}. → and ← step through it.",
                        counted(solution.moves.len(), "step")
                    ),
                    Some(reason) => format!("No solution: {reason}."),
                    None => format!(
                        "No solution: an exhaustive search found no way to {}.",
                        solution.positions[0].rules().finish.aim()
                    ),
                };
                let tone = if solution.solvable {
                    Tone::Success
                } else {
                    Tone::Warning
                };
                self.screen = Screen::Solution(solution);
                fx.say(tone, text);
            }
        }
    }

    fn solution_key(&mut self, fx: &mut Effects, key: KeyEvent) {
        let Screen::Solution(solution) = &mut self.screen else {
            return;
        };
        if let Some(step) = session::step_key(fx, key, solution.step, solution.moves.len()) {
            solution.step = step;
            return;
        }
        match key.code {
            KeyCode::Esc if solution.from_play => {
                self.screen = Screen::Play;
                fx.say(Tone::Info, "Back to your game.");
            }
            KeyCode::Esc => {
                self.screen = Screen::Editor;
                fx.say(Tone::Info, "Back to the deal.");
            }
            KeyCode::Char('p') => self.play_from_step(fx),
            KeyCode::Tab if solution.next_line() => fx.hush(),
            KeyCode::Char('q') => fx.quit(),
            KeyCode::Char('?') => fx.help(),
            _ => {}
        }
    }

    /// Play mode from the editor: the game kept for this deal, or a new one from its position.
    fn start_play(&mut self, fx: &mut Effects) {
        if self.play.is_none() {
            match self.editor.start() {
                Ok(start) => self.play = Some(Play::new(Game::new(start))),
                Err(problem) => {
                    fx.say(Tone::Error, format!("Cannot play yet: {problem}."));
                    return;
                }
            }
        }
        self.screen = Screen::Play;
        fx.say(
            Tone::Info,
            "Play: arrows choose a card, Enter takes it, d draws, u undoes, h hints.",
        );
        self.sync_check(fx);
    }

    /// Play mode at the solution step shown, with the steps before it to undo.
    fn play_from_step(&mut self, fx: &mut Effects) {
        let Screen::Solution(solution) = &self.screen else {
            return;
        };
        let game = if solution.from_play
            && let Some(play) = &self.play
        {
            // The stepper began at the game's position: go on from there.
            let mut game = play.game.clone();
            for &mv in &solution.moves[..solution.step] {
                game.play(mv).expect("the solver's moves are legal");
            }
            game
        } else {
            Game::replay(
                solution.positions[0].clone(),
                &solution.moves[..solution.step],
            )
            .expect("the solver's moves are legal")
        };
        let mut play = Play::new(game);
        if solution.solvable {
            play.learn(
                play.position().clone(),
                Known::Winnable(solution.moves[solution.step..].to_vec()),
            );
        }
        self.play = Some(play);
        self.screen = Screen::Play;
        fx.changed();
        fx.say(Tone::Info, "Your turn: play on from this step.");
        self.sync_check(fx);
    }

    /// Resumes a game from the editor's position with these moves played; false when the
    /// editor does not hold a playable position or there are no moves.
    fn resume(&mut self, fx: &mut Effects, moves: &[Move]) -> bool {
        if moves.is_empty() {
            return false;
        }
        let Ok(start) = self.editor.start() else {
            return false;
        };
        let Ok(game) = Game::replay(start, moves) else {
            return false;
        };
        self.play = Some(Play::new(game));
        self.screen = Screen::Play;
        self.sync_check(fx);
        true
    }

    fn play_key(&mut self, fx: &mut Effects, key: KeyEvent, board: Rect) {
        let Some(play) = &mut self.play else {
            self.screen = Screen::Editor;
            return;
        };
        match key.code {
            KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right => {
                let direction = match key.code {
                    KeyCode::Up => Direction::Up,
                    KeyCode::Down => Direction::Down,
                    KeyCode::Left => Direction::Left,
                    _ => Direction::Right,
                };
                let area = board;
                play.cursor =
                    board::play_neighbour(area, play.cursor, &play.cursor_places(), direction);
            }
            KeyCode::Enter | KeyCode::Char(' ') => {
                let place = play.cursor;
                self.choose(fx, place);
            }
            KeyCode::Char('d') => self.play_action(fx, Play::draw),
            KeyCode::Char('r') => self.play_action(fx, |play| play.play(Move::Recycle)),
            KeyCode::Char('u') | KeyCode::Backspace => self.undo_redo(fx, Play::undo, "Undone."),
            KeyCode::Char('U') => self.undo_redo(fx, Play::redo, "Redone."),
            KeyCode::Char('b') => self.back_to_winnable(fx),
            KeyCode::Char('h') => self.hint(fx),
            KeyCode::Char('s') => self.show_rest(fx),
            KeyCode::Esc if play.selected.is_some() => {
                play.selected = None;
                fx.hush();
            }
            KeyCode::Esc => {
                self.screen = Screen::Editor;
                fx.say(
                    Tone::Info,
                    "Back to the deal. Ctrl-P goes on with the game; any change starts a new one.",
                );
            }
            KeyCode::Char('q') => fx.quit(),
            KeyCode::Char('?') => fx.help(),
            _ => {}
        }
    }

    fn choose(&mut self, fx: &mut Effects, place: Place) {
        self.play_action(fx, |play| play.choose(place));
    }

    /// Does something to the game and reports it.
    fn play_action(&mut self, fx: &mut Effects, action: impl FnOnce(&mut Play) -> Choice) {
        let Some(play) = &mut self.play else {
            return;
        };
        if play.position().is_won() {
            let done = play.position().rules().finish.done();
            let moves = counted(play.game.played(), "move");
            fx.say(
                Tone::Info,
                format!("{done}, in {moves}: the game is over (u undoes)."),
            );
            return;
        }
        let choice = action(play);
        let selected = play.selected.and_then(|p| play.position().card_on(p));
        let won = play.position().is_won().then(|| play.game.played());
        let done = play.position().rules().finish.done();
        match choice {
            Choice::Played(text) => {
                self.moved(fx);
                match won {
                    Some(moves) => {
                        fx.say(
                            Tone::Success,
                            format!("{text}. {done}, in {}!", counted(moves, "move")),
                        );
                    }
                    None => fx.say(Tone::Info, text),
                }
            }
            Choice::Selected => {
                if let Some(card) = selected {
                    fx.say(
                        Tone::Info,
                        format!("{card} chosen: now a card that makes 13 with it (Esc drops it)."),
                    );
                }
            }
            Choice::Deselected => fx.hush(),
            Choice::Refused(why) => fx.say(Tone::Warning, format!("Not possible: {why}.")),
        }
    }

    fn undo_redo(&mut self, fx: &mut Effects, action: fn(&mut Play) -> bool, done: &str) {
        let Some(play) = &mut self.play else {
            return;
        };
        if action(play) {
            self.moved(fx);
            fx.say(Tone::Info, done);
        } else {
            fx.say(Tone::Warning, "Nothing more to take back or play again.");
        }
    }

    /// Undoes back to the latest position known to be winnable.
    fn back_to_winnable(&mut self, fx: &mut Effects) {
        let Some(play) = &mut self.play else {
            return;
        };
        match play.standing() {
            Standing::Lost {
                back: Back::Undos(n),
                ..
            } => {
                for _ in 0..n {
                    play.undo();
                }
                self.moved(fx);
                let s = if n == 1 { "" } else { "s" };
                fx.say(
                    Tone::Success,
                    format!("Back {n} move{s}, to the latest winnable position."),
                );
            }
            Standing::Lost {
                back: Back::Looking,
                ..
            } => fx.say(Tone::Info, "Still looking for the way back…"),
            Standing::Lost {
                back: Back::Never, ..
            } => fx.say(
                Tone::Warning,
                "No earlier position of this game was winnable either.",
            ),
            Standing::Checking => fx.say(Tone::Info, "Still checking this position…"),
            Standing::Winnable(_) => {
                fx.say(
                    Tone::Info,
                    "This position is winnable: nothing to go back to.",
                );
            }
            Standing::Undecided(_) => fx.say(
                Tone::Warning,
                "Undecided here: whether this position can be won is not known.",
            ),
        }
    }

    /// After a move, undo or redo: keep the draft and check the new position.
    fn moved(&mut self, fx: &mut Effects) {
        fx.changed();
        self.sync_check(fx);
    }

    /// Keeps the background check on the position play mode needs next.
    fn sync_check(&mut self, fx: &mut Effects) {
        let Some(play) = &mut self.play else {
            return;
        };
        let goal = self.goal;
        play.sync(|position| {
            let (job, handle) = search(position, goal);
            fx.solve(job);
            handle
        });
    }

    /// A check finished: start the next one, and give what the user was waiting for.
    fn checked(&mut self, fx: &mut Effects) {
        self.sync_check(fx);
        let Some(play) = &mut self.play else {
            return;
        };
        if play.known().is_none() {
            return;
        }
        match play.want.take() {
            Some(Want::Hint) => self.hint(fx),
            Some(Want::Rest) => self.show_rest(fx),
            None => {}
        }
    }

    /// Shows the next move of an optimal continuation; when it is shown, plays it.
    fn hint(&mut self, fx: &mut Effects) {
        let Some(play) = &mut self.play else {
            return;
        };
        match play.standing() {
            Standing::Checking => {
                play.want = Some(Want::Hint);
                fx.say(Tone::Info, "Thinking about a hint…");
            }
            Standing::Winnable(0) if self.goal == Goal::Board => {
                let done = self.editor.rules.finish.done();
                fx.say(Tone::Success, format!("{done}: well done!"));
            }
            Standing::Winnable(0) => fx.say(Tone::Success, "The target is reached: well done!"),
            Standing::Winnable(_) => {
                let best = play
                    .best_move()
                    .expect("a winnable position has a next move");
                if play.hint_shown {
                    self.play_action(fx, |play| play.play(best));
                } else {
                    play.hint_shown = true;
                    let text = play.position().describe(best);
                    fx.say(Tone::Success, format!("Hint: {text}. h again plays it."));
                }
            }
            Standing::Lost { back, .. } => match play.best_move() {
                // A Score or Card target out of reach: hint the best still possible.
                Some(best) if play.hint_shown => self.play_action(fx, |play| play.play(best)),
                Some(best) => {
                    play.hint_shown = true;
                    let text = play.position().describe(best);
                    fx.say(
                        Tone::Warning,
                        format!("Out of reach; the best from here: {text}. h again plays it."),
                    );
                }
                None => fx.say(
                    Tone::Warning,
                    format!("No move wins from here: {}.", back_text(back)),
                ),
            },
            Standing::Undecided(cap) => fx.say(
                Tone::Warning,
                format!("No hint: the search reached its cap here ({cap})."),
            ),
        }
    }

    /// Steps through the rest of an optimal solution from the current position.
    fn show_rest(&mut self, fx: &mut Effects) {
        let Some(play) = &mut self.play else {
            return;
        };
        if play.position().is_won() {
            fx.say(
                Tone::Success,
                "The game is already won: there is nothing left to solve.",
            );
            return;
        }
        let moves = match play.known() {
            None => {
                play.want = Some(Want::Rest);
                fx.say(Tone::Info, "Solving from here…");
                return;
            }
            Some(Known::Winnable(line) | Known::Short(line, _)) => Outcome::Solved(line.clone()),
            Some(Known::Lost(reason)) => Outcome::NoSolution(reason.clone()),
            Some(Known::Undecided(cap)) => {
                let text = format!("No solution shown: the search reached its cap here ({cap}).");
                fx.say(Tone::Warning, text);
                return;
            }
        };
        let report = Report {
            outcome: moves,
            stats: Stats::default(),
        };
        let mut solution = Solution::new(play.position().clone(), &report);
        solution.from_play = true;
        let text = match &solution.reason {
            _ if solution.solvable => {
                "The rest of the way: → steps, p plays on from a step, Esc returns.".to_string()
            }
            Some(reason) => format!("No solution from here: {reason}. Esc returns."),
            None => format!(
                "No solution from here: no way is left to {}. Esc returns.",
                solution.positions[0].rules().finish.aim()
            ),
        };
        let tone = if solution.solvable {
            Tone::Info
        } else {
            Tone::Warning
        };
        self.screen = Screen::Solution(solution);
        fx.say(tone, text);
    }

    /// Puts a saved game in the editor, and in play mode when it has moves.
    fn load(&mut self, fx: &mut Effects, saved: SavedDeal) {
        self.editor = Editor::with_deal(&saved.deal, saved.midgame);
        self.editor.set_rules(saved.rules);
        self.editor.go_to(0);
        self.verdict = saved.verdict;
        self.goal = saved.goal;
        self.play = None;
        self.screen = Screen::Editor;
        self.resume(fx, &saved.moves);
    }

    /// Puts a deal file's cards in the editor as far as they go, for the Check panel to show
    /// its problems.
    fn load_text(&mut self, fx: &mut Effects, opening: &DealText) {
        let (slots, extra, malformed) = text_slots(&opening.text);
        // An unfinished deal saved under a name: its empty slots, marks and rules as saved.
        if let Some(draft) = Draft::parse(&opening.text).filter(|draft| draft.slots.contains(&None))
        {
            self.restore(fx, &draft);
            self.verdict = Verdict::Unsolved;
            fx.say(
                Tone::Info,
                format!(
                    "Opened '{}' ({}/52): go on typing.",
                    opening.name,
                    self.editor.filled()
                ),
            );
            return;
        }
        self.editor = Editor::with_slots(slots, solitaire::games::pyramid::Midgame::default());
        self.editor.go_to(0);
        self.verdict = Verdict::Unsolved;
        self.goal = Goal::Board;
        self.play = None;
        self.screen = Screen::Editor;
        let mut text = format!(
            "Opened '{}' with problems to fix: the Check panel shows them.",
            opening.name
        );
        if malformed > 0 {
            text.push_str(&match malformed {
                1 => " 1 word was not a card.".to_string(),
                n => format!(" {n} words were not cards."),
            });
        }
        if extra > 0 {
            text.push_str(&format!(
                " {} past the 52nd {} left out.",
                counted(extra, "card"),
                if extra == 1 { "was" } else { "were" }
            ));
        }
        fx.say(Tone::Warning, text);
    }
}

impl GameSession for Session {
    fn game(&self) -> GameKind {
        GameKind::Pyramid
    }

    fn key(&mut self, ui: &Ui, key: KeyEvent) -> Effects {
        let mut fx = Effects::default();
        match self.screen {
            Screen::Editor => self.editor_key(&mut fx, key),
            Screen::Solving(_) => {
                if session::solving_key(&mut fx, key) {
                    self.screen = Screen::Editor;
                }
            }
            Screen::Solution(_) => self.solution_key(&mut fx, key),
            Screen::Play => self.play_key(&mut fx, key, ui.board),
        }
        fx
    }

    fn ctrl(&mut self, c: char) -> Effects {
        let mut fx = Effects::default();
        match c {
            'f' => self.fill_offer(&mut fx),
            'p' if matches!(self.screen, Screen::Editor) => self.start_play(&mut fx),
            _ => {}
        }
        fx
    }

    fn mouse(&mut self, ui: &Ui, mouse: MouseEvent) -> Effects {
        let mut fx = Effects::default();
        self.mouse_event(&mut fx, ui, mouse);
        fx
    }

    fn paste(&mut self, text: &str) -> Effects {
        let mut fx = Effects::default();
        if matches!(self.screen, Screen::Editor)
            && session::report_paste(&mut fx, self.editor.paste(text))
        {
            self.edited(&mut fx);
        }
        fx
    }

    fn job(&mut self, message: JobMessage) -> Effects {
        let mut fx = Effects::default();
        self.job_message(&mut fx, message);
        fx
    }

    fn tick(&mut self) -> bool {
        match &mut self.screen {
            Screen::Solving(solving) => {
                solving.elapsed = solving.started.elapsed();
                true
            }
            Screen::Play => self
                .play
                .as_ref()
                .is_some_and(|play| play.standing() == Standing::Checking),
            _ => false,
        }
    }

    fn busy(&self) -> bool {
        matches!(self.screen, Screen::Solving(_))
    }

    fn editing(&self) -> bool {
        matches!(self.screen, Screen::Editor)
    }

    fn set_goal(&mut self, goal: Goal) -> Result<Effects, String> {
        goal.check(self.editor.rules)
            .map_err(|problem| problem.to_string())?;
        let mut fx = Effects::default();
        if goal != self.goal {
            self.goal = goal;
            self.edited(&mut fx);
        }
        Ok(fx)
    }

    fn draft(&self) -> GameDraft {
        GameDraft::Pyramid(self.draft_of())
    }

    fn save_check(&self) -> Result<(), String> {
        // An unfinished deal is saved too (its empty slots kept), but not one whose cards
        // are wrong: a duplicate or marks no game can reach.
        let unfinished = self.editor.deal().is_err()
            && self.editor.duplicates().is_empty()
            && self.editor.filled() > 0;
        self.editor
            .start()
            .map(|_| ())
            .or_else(|problem| if unfinished { Ok(()) } else { Err(problem) })
    }

    fn save(&self, name: &str, notes: &[String]) -> Effect {
        let saving = |said: String, what| Saving {
            name: name.to_string(),
            notes: notes.to_vec(),
            said,
            what,
        };
        let Ok(deal) = self.editor.deal() else {
            // Saved in the draft's format; Ctrl-O or `pyramid FILE` opens it into the editor.
            let (name, notes, draft) = (name.to_string(), notes.to_vec(), self.draft_of());
            return Effect::Save(
                saving(
                    format!("Saved the unfinished deal ({}/52)", self.editor.filled()),
                    "deal",
                ),
                WriteSave(Box::new(move |folders| {
                    store::save_unfinished(folders, &name, &notes, &draft)
                })),
            );
        };
        let mut saved = SavedDeal::new(name, &store::now_text(), self.verdict.clone(), deal);
        saved.midgame = self.editor.midgame;
        saved.goal = self.goal;
        saved.rules = self.editor.rules;
        saved.notes = notes.to_vec();
        if let Some(play) = &self.play {
            saved.moves = play.game.moves().to_vec();
        }
        let said = if saved.moves.is_empty() {
            "Saved".to_string()
        } else {
            format!("Saved with {}", counted(saved.moves.len(), "move"))
        };
        Effect::Save(
            saving(said, "game"),
            WriteSave(Box::new(move |folders| store::save(folders, &saved))),
        )
    }

    fn title(&self) -> (&'static str, String) {
        let screen = match self.screen {
            Screen::Editor => "Enter the deal",
            Screen::Solving(_) => "Solving",
            Screen::Solution(_) => "Solution",
            Screen::Play => "Play",
        };
        (screen, self.editor.rules.brief())
    }

    fn draw(&self, board: Rect, panel: Rect, buf: &mut Buffer, look: &Look) {
        view::draw(self, board, panel, buf, look);
    }

    fn message(&self, look: &Look) -> Option<Line<'static>> {
        view::next_step(self, look)
    }

    fn hints(&self) -> Vec<(&'static str, &'static str)> {
        help::hints(self)
    }

    fn help_sections(&self) -> Vec<(&'static str, &'static [Binding])> {
        help::sections(self)
    }

    fn bindings(&self) -> Vec<&'static Binding> {
        help::bindings(&self.screen)
    }
}

/// The cards of a deal file in deal order, as far as they go; and how many did not fit and
/// how many words were not cards.
pub fn text_slots(
    text: &str,
) -> (
    [Option<solitaire::Card>; solitaire::cards::deal::DECK_SIZE],
    usize,
    usize,
) {
    let read = solitaire::cards::deal::read_cards(text);
    let mut slots = [None; solitaire::cards::deal::DECK_SIZE];
    // An unknown card (`??`) leaves its slot to be typed.
    for (slot, &(card, _)) in slots.iter_mut().zip(&read.cards) {
        *slot = card;
    }
    let extra = read
        .cards
        .len()
        .saturating_sub(solitaire::cards::deal::DECK_SIZE);
    (slots, extra, read.malformed.len())
}

/// The way back from a lost position, in words.
pub fn back_text(back: Back) -> String {
    match back {
        Back::Undos(1) => "1 undo leads back to a winnable position (b goes there)".to_string(),
        Back::Undos(n) => format!("{n} undos lead back to a winnable position (b goes there)"),
        Back::Looking => "looking for the way back…".to_string(),
        Back::Never => "no earlier position of this game was winnable either".to_string(),
    }
}

/// What the app says when a solve reached a cap: not an answer, and the deal is kept.
fn undecided_text(cap: &CapReached) -> String {
    format!(
        "Undecided: the search reached its cap ({cap}) before it knew. The deal is as you left \
         it; `pyramid solve --max-memory 4G FILE` can search further."
    )
}

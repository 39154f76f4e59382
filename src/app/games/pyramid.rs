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
use crate::app::games::pyramid::editor::{Editor, Pending, Typed, next_passes};
use crate::app::games::pyramid::play::{Back, Choice, Known, Play, Standing, Want};
use crate::app::help::{self, Binding};
use crate::app::job::{JobEvent, JobMessage, SolveJob};
use crate::app::session::{self, GameSession, Look, SaveResult};
use crate::app::shell::{ChallengeDialog, DealText, Msg, Overlay, Shell, Tone};
use crate::app::view::{board_area, counted};
use crate::store::{self, Draft, Folders, GameDraft, SavedDeal, Verdict};
use board::Spot;

/// A solve under way.
#[derive(Debug)]
pub struct Solving {
    pub job: SolveJob,
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
    pub fn restored(shell: &mut Shell, draft: &Draft) -> (Session, String) {
        let mut session = Session::default();
        let text = session.restore(shell, draft);
        (session, text)
    }

    /// A session on a saved game, in play mode when it has moves.
    pub fn loaded(shell: &mut Shell, saved: SavedDeal) -> Session {
        let mut session = Session::default();
        session.load(shell, saved);
        session
    }

    /// A session on a deal file with problems, or an unfinished deal; and what to say.
    pub fn from_text(shell: &mut Shell, opening: &DealText) -> Session {
        let mut session = Session::default();
        session.load_text(shell, opening);
        session
    }

    /// Puts the draft's work on screen, in play mode if a game was under way; says which.
    fn restore(&mut self, shell: &mut Shell, draft: &Draft) -> String {
        self.editor = Editor::with_slots(draft.slots, draft.midgame);
        self.editor.set_rules(draft.rules);
        self.goal = draft.goal;
        // The game and any solution shown were of the work this replaces.
        self.play = None;
        self.screen = Screen::Editor;
        if self.resume(shell, &draft.moves) {
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

    fn editor_key(&mut self, shell: &mut Shell, key: KeyEvent) {
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
                Typed::Rejected(hint) => shell.say(Tone::Warning, hint),
                Typed::Placed(_) | Typed::Partial => shell.status = None,
            }
            if (self.editor.slots, self.editor.midgame, self.editor.rules) != before {
                self.edited(shell);
            }
            return;
        }
        match key.code {
            KeyCode::Char('?') => shell.overlay = Some(Overlay::Help(0)),
            // Separators between pasted or typed cards.
            KeyCode::Char(' ' | ',') => {}
            KeyCode::Char('-') => {
                let text = self.editor.toggle_gone();
                shell.say(Tone::Info, text);
            }
            KeyCode::Char('w') => self.mark(shell, Editor::toggle_waste_end),
            KeyCode::Char('p') => {
                let text = self.editor.next_pass();
                shell.say(Tone::Info, text);
            }
            KeyCode::Char('v') => self.toggle_preview(shell),
            KeyCode::Char('r') => {
                self.change_rules(shell, |rules| rules.passes = next_passes(rules.passes));
            }
            KeyCode::Char('x') => self.change_rules(shell, |rules| rules.relaxed = !rules.relaxed),
            KeyCode::Char('e') => self.change_rules(shell, |rules| {
                rules.finish = match rules.finish {
                    Finish::Pyramid => Finish::AllCards,
                    Finish::AllCards => Finish::Pyramid,
                }
            }),
            KeyCode::Char('g') => {
                shell.overlay = Some(Overlay::Challenge(ChallengeDialog::new(
                    self.goal,
                    GameKind::Pyramid,
                )));
            }
            KeyCode::Char(c) => match self.editor.type_char(c) {
                Typed::Rejected(hint) => shell.say(Tone::Warning, hint),
                Typed::Placed(_) | Typed::Partial => shell.status = None,
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
                shell.say(Tone::Info, "Dropped the half-typed card.");
            }
            KeyCode::Enter => self.solve(shell),
            _ => {}
        }
        if (self.editor.slots, self.editor.midgame, self.editor.rules) != before {
            self.edited(shell);
        }
    }

    /// Changes the rules the game is played under, unless the challenge cannot be played
    /// under the new ones; says which.
    fn change_rules(&mut self, shell: &mut Shell, change: impl FnOnce(&mut Rules)) {
        let mut rules = self.editor.rules;
        change(&mut rules);
        if let Err(problem) = self.goal.check(rules) {
            shell.say(
                Tone::Warning,
                format!("Not with this challenge: {problem}."),
            );
        } else {
            self.editor.set_rules(rules);
            shell.say(Tone::Info, format!("Rules: {rules}."));
        }
    }

    /// Applies a mark to the card under the cursor and says what it did.
    fn mark(&mut self, shell: &mut Shell, change: fn(&mut Editor) -> Result<String, String>) {
        match change(&mut self.editor) {
            Ok(text) => shell.say(Tone::Info, text),
            Err(text) => shell.say(Tone::Warning, text),
        }
    }

    fn toggle_preview(&mut self, shell: &mut Shell) {
        match self.editor.start() {
            Ok(position) => {
                self.preview = Some(position);
                shell.say(
                    Tone::Info,
                    "The position as the game shows it. Any key goes back to editing.",
                );
            }
            Err(problem) => shell.say(Tone::Error, format!("Nothing to show yet: {problem}.")),
        }
    }

    fn move_cursor(&mut self, direction: Direction) {
        let to = board::neighbour(self.editor.cursor, direction);
        self.editor.go_to(to);
    }

    /// After any change to the cards or marks: the old answer and the game played on them no
    /// longer hold; keep the draft.
    fn edited(&mut self, shell: &mut Shell) {
        self.verdict = Verdict::Unsolved;
        self.play = None;
        shell.draft_due = true;
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

    fn fill_offer(&mut self, shell: &mut Shell) {
        if !matches!(self.screen, Screen::Editor) {
            return;
        }
        if let Some((slot, card)) = self.editor.fill_offer() {
            self.editor.set(slot, card);
            self.edited(shell);
            shell.say(
                Tone::Success,
                format!("Filled in {card}: the deal is complete."),
            );
        }
    }

    fn mouse_event(&mut self, shell: &mut Shell, mouse: MouseEvent, panel: Rect, look: &Look) {
        let click = matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left));
        if shell.overlay.is_some() {
            return;
        }
        if let Screen::Solution(solution) = &self.screen {
            // A click on a step goes to it; the wheel steps.
            let step = match mouse.kind {
                _ if click => view::step_at(solution, panel, look, mouse.column, mouse.row),
                MouseEventKind::ScrollDown => Some(solution.step + 1),
                MouseEventKind::ScrollUp => Some(solution.step.saturating_sub(1)),
                _ => None,
            };
            if let (Some(step), Screen::Solution(solution)) = (step, &mut self.screen) {
                solution.step = step.min(solution.moves.len());
                shell.status = None;
            }
            return;
        }
        if !click {
            return;
        }
        let area = board_area(shell.size);
        match self.screen {
            Screen::Editor => {
                if let Some(slot) = board::slot_at(area, mouse.column, mouse.row) {
                    self.preview = None;
                    self.editor.go_to(slot);
                }
            }
            Screen::Play => match board::spot_at(area, mouse.column, mouse.row) {
                Some(Spot::Card(place)) => self.choose(shell, place),
                Some(Spot::Draw) => self.play_action(shell, Play::draw),
                None => {}
            },
            _ => {}
        }
    }

    /// Solves the editor's position.
    fn solve(&mut self, shell: &mut Shell) {
        match self.editor.start() {
            Ok(start) => self.start_solving(shell, start),
            Err(problem) => shell.say(Tone::Error, format!("Cannot solve yet: {problem}.")),
        }
    }

    fn start_solving(&mut self, shell: &mut Shell, start: Position) {
        let job = SolveJob::start(
            shell.next_job(),
            start.clone(),
            self.goal,
            shell.sender(),
            Msg::Job,
        );
        self.screen = Screen::Solving(Solving {
            job,
            started: Instant::now(),
            elapsed: Duration::ZERO,
            stats: Stats::default(),
            start,
        });
        shell.say(Tone::Info, "Solving. Esc cancels.");
    }

    fn job_message(&mut self, shell: &mut Shell, message: JobMessage) {
        if let Some(play) = &mut self.play
            && play.check_id() == Some(message.id)
        {
            let known = match &message.event {
                JobEvent::Progress(_) | JobEvent::TriPeaks(..) => return,
                JobEvent::Finished(report) => Known::of_report(report),
                JobEvent::Challenged(answer, _) => {
                    let goal = self.goal;
                    answer.as_ref().map(|a| {
                        Known::of_answer(a, || solitaire::games::pyramid::answer::headline(goal, a))
                    })
                }
                JobEvent::Undecided(cap) => Some(Known::Undecided(cap.to_string())),
            };
            play.finished(known);
            self.checked(shell);
            return;
        }
        let Screen::Solving(solving) = &mut self.screen else {
            return;
        };
        if solving.job.id != message.id {
            return;
        }
        match message.event {
            JobEvent::Progress(stats) => solving.stats = stats,
            JobEvent::TriPeaks(..) => {}
            JobEvent::Challenged(None, _) => self.screen = Screen::Editor,
            JobEvent::Undecided(cap) => {
                self.screen = Screen::Editor;
                shell.say(Tone::Warning, undecided_text(&cap));
            }
            JobEvent::Challenged(Some(answer), stats) => {
                let start = solving.start.clone();
                let text = solitaire::games::pyramid::answer::headline(self.goal, &answer);
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
                shell.say(tone, format!("{text}{more}"));
            }
            JobEvent::Finished(report) => {
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
                shell.say(tone, text);
            }
        }
    }

    fn solution_key(&mut self, shell: &mut Shell, key: KeyEvent) {
        let Screen::Solution(solution) = &mut self.screen else {
            return;
        };
        if let Some(step) = session::step_key(shell, key, solution.step, solution.moves.len()) {
            solution.step = step;
            return;
        }
        match key.code {
            KeyCode::Esc if solution.from_play => {
                self.screen = Screen::Play;
                shell.say(Tone::Info, "Back to your game.");
            }
            KeyCode::Esc => {
                self.screen = Screen::Editor;
                shell.say(Tone::Info, "Back to the deal.");
            }
            KeyCode::Char('p') => self.play_from_step(shell),
            KeyCode::Tab if solution.next_line() => shell.status = None,
            KeyCode::Char('q') => shell.quit = true,
            KeyCode::Char('?') => shell.overlay = Some(Overlay::Help(0)),
            _ => {}
        }
    }

    /// Play mode from the editor: the game kept for this deal, or a new one from its position.
    fn start_play(&mut self, shell: &mut Shell) {
        if self.play.is_none() {
            match self.editor.start() {
                Ok(start) => self.play = Some(Play::new(Game::new(start))),
                Err(problem) => {
                    shell.say(Tone::Error, format!("Cannot play yet: {problem}."));
                    return;
                }
            }
        }
        self.screen = Screen::Play;
        shell.say(
            Tone::Info,
            "Play: arrows choose a card, Enter takes it, d draws, u undoes, h hints.",
        );
        self.sync_check(shell);
    }

    /// Play mode at the solution step shown, with the steps before it to undo.
    fn play_from_step(&mut self, shell: &mut Shell) {
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
        shell.draft_due = true;
        shell.say(Tone::Info, "Your turn: play on from this step.");
        self.sync_check(shell);
    }

    /// Resumes a game from the editor's position with these moves played; false when the
    /// editor does not hold a playable position or there are no moves.
    fn resume(&mut self, shell: &mut Shell, moves: &[Move]) -> bool {
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
        self.sync_check(shell);
        true
    }

    fn play_key(&mut self, shell: &mut Shell, key: KeyEvent) {
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
                let area = board_area(shell.size);
                play.cursor =
                    board::play_neighbour(area, play.cursor, &play.cursor_places(), direction);
            }
            KeyCode::Enter | KeyCode::Char(' ') => {
                let place = play.cursor;
                self.choose(shell, place);
            }
            KeyCode::Char('d') => self.play_action(shell, Play::draw),
            KeyCode::Char('r') => self.play_action(shell, |play| play.play(Move::Recycle)),
            KeyCode::Char('u') | KeyCode::Backspace => self.undo_redo(shell, Play::undo, "Undone."),
            KeyCode::Char('U') => self.undo_redo(shell, Play::redo, "Redone."),
            KeyCode::Char('b') => self.back_to_winnable(shell),
            KeyCode::Char('h') => self.hint(shell),
            KeyCode::Char('s') => self.show_rest(shell),
            KeyCode::Esc if play.selected.is_some() => {
                play.selected = None;
                shell.status = None;
            }
            KeyCode::Esc => {
                self.screen = Screen::Editor;
                shell.say(
                    Tone::Info,
                    "Back to the deal. Ctrl-P goes on with the game; any change starts a new one.",
                );
            }
            KeyCode::Char('q') => shell.quit = true,
            KeyCode::Char('?') => shell.overlay = Some(Overlay::Help(0)),
            _ => {}
        }
    }

    fn choose(&mut self, shell: &mut Shell, place: Place) {
        self.play_action(shell, |play| play.choose(place));
    }

    /// Does something to the game and reports it.
    fn play_action(&mut self, shell: &mut Shell, action: impl FnOnce(&mut Play) -> Choice) {
        let Some(play) = &mut self.play else {
            return;
        };
        if play.position().is_won() {
            let done = play.position().rules().finish.done();
            let moves = counted(play.game.played(), "move");
            shell.say(
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
                self.moved(shell);
                match won {
                    Some(moves) => {
                        shell.say(
                            Tone::Success,
                            format!("{text}. {done}, in {}!", counted(moves, "move")),
                        );
                    }
                    None => shell.say(Tone::Info, text),
                }
            }
            Choice::Selected => {
                if let Some(card) = selected {
                    shell.say(
                        Tone::Info,
                        format!("{card} chosen: now a card that makes 13 with it (Esc drops it)."),
                    );
                }
            }
            Choice::Deselected => shell.status = None,
            Choice::Refused(why) => shell.say(Tone::Warning, format!("Not possible: {why}.")),
        }
    }

    fn undo_redo(&mut self, shell: &mut Shell, action: fn(&mut Play) -> bool, done: &str) {
        let Some(play) = &mut self.play else {
            return;
        };
        if action(play) {
            self.moved(shell);
            shell.say(Tone::Info, done);
        } else {
            shell.say(Tone::Warning, "Nothing more to take back or play again.");
        }
    }

    /// Undoes back to the latest position known to be winnable.
    fn back_to_winnable(&mut self, shell: &mut Shell) {
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
                self.moved(shell);
                let s = if n == 1 { "" } else { "s" };
                shell.say(
                    Tone::Success,
                    format!("Back {n} move{s}, to the latest winnable position."),
                );
            }
            Standing::Lost {
                back: Back::Looking,
                ..
            } => shell.say(Tone::Info, "Still looking for the way back…"),
            Standing::Lost {
                back: Back::Never, ..
            } => shell.say(
                Tone::Warning,
                "No earlier position of this game was winnable either.",
            ),
            Standing::Checking => shell.say(Tone::Info, "Still checking this position…"),
            Standing::Winnable(_) => {
                shell.say(
                    Tone::Info,
                    "This position is winnable: nothing to go back to.",
                );
            }
            Standing::Undecided(_) => shell.say(
                Tone::Warning,
                "Undecided here: whether this position can be won is not known.",
            ),
        }
    }

    /// After a move, undo or redo: keep the draft and check the new position.
    fn moved(&mut self, shell: &mut Shell) {
        shell.draft_due = true;
        self.sync_check(shell);
    }

    /// Keeps the background check on the position play mode needs next.
    fn sync_check(&mut self, shell: &mut Shell) {
        let Some(play) = &mut self.play else {
            return;
        };
        let goal = self.goal;
        play.sync(|position| {
            SolveJob::start(shell.next_job(), position, goal, shell.sender(), Msg::Job)
        });
    }

    /// A check finished: start the next one, and give what the user was waiting for.
    fn checked(&mut self, shell: &mut Shell) {
        self.sync_check(shell);
        let Some(play) = &mut self.play else {
            return;
        };
        if play.known().is_none() {
            return;
        }
        match play.want.take() {
            Some(Want::Hint) => self.hint(shell),
            Some(Want::Rest) => self.show_rest(shell),
            None => {}
        }
    }

    /// Shows the next move of an optimal continuation; when it is shown, plays it.
    fn hint(&mut self, shell: &mut Shell) {
        let Some(play) = &mut self.play else {
            return;
        };
        match play.standing() {
            Standing::Checking => {
                play.want = Some(Want::Hint);
                shell.say(Tone::Info, "Thinking about a hint…");
            }
            Standing::Winnable(0) if self.goal == Goal::Board => {
                let done = self.editor.rules.finish.done();
                shell.say(Tone::Success, format!("{done}: well done!"));
            }
            Standing::Winnable(0) => shell.say(Tone::Success, "The target is reached: well done!"),
            Standing::Winnable(_) => {
                let best = play
                    .best_move()
                    .expect("a winnable position has a next move");
                if play.hint_shown {
                    self.play_action(shell, |play| play.play(best));
                } else {
                    play.hint_shown = true;
                    let text = play.position().describe(best);
                    shell.say(Tone::Success, format!("Hint: {text}. h again plays it."));
                }
            }
            Standing::Lost { back, .. } => match play.best_move() {
                // A Score or Card target out of reach: hint the best still possible.
                Some(best) if play.hint_shown => self.play_action(shell, |play| play.play(best)),
                Some(best) => {
                    play.hint_shown = true;
                    let text = play.position().describe(best);
                    shell.say(
                        Tone::Warning,
                        format!("Out of reach; the best from here: {text}. h again plays it."),
                    );
                }
                None => shell.say(
                    Tone::Warning,
                    format!("No move wins from here: {}.", back_text(back)),
                ),
            },
            Standing::Undecided(cap) => shell.say(
                Tone::Warning,
                format!("No hint: the search reached its cap here ({cap})."),
            ),
        }
    }

    /// Steps through the rest of an optimal solution from the current position.
    fn show_rest(&mut self, shell: &mut Shell) {
        let Some(play) = &mut self.play else {
            return;
        };
        if play.position().is_won() {
            shell.say(
                Tone::Success,
                "The game is already won: there is nothing left to solve.",
            );
            return;
        }
        let moves = match play.known() {
            None => {
                play.want = Some(Want::Rest);
                shell.say(Tone::Info, "Solving from here…");
                return;
            }
            Some(Known::Winnable(line) | Known::Short(line, _)) => Outcome::Solved(line.clone()),
            Some(Known::Lost(reason)) => Outcome::NoSolution(reason.clone()),
            Some(Known::Undecided(cap)) => {
                let text = format!("No solution shown: the search reached its cap here ({cap}).");
                shell.say(Tone::Warning, text);
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
        shell.say(tone, text);
    }

    /// Puts a saved game in the editor, and in play mode when it has moves.
    fn load(&mut self, shell: &mut Shell, saved: SavedDeal) {
        self.editor = Editor::with_deal(&saved.deal, saved.midgame);
        self.editor.set_rules(saved.rules);
        self.editor.go_to(0);
        self.verdict = saved.verdict;
        self.goal = saved.goal;
        self.play = None;
        self.screen = Screen::Editor;
        self.resume(shell, &saved.moves);
    }

    /// Puts a deal file's cards in the editor as far as they go, for the Check panel to show
    /// its problems.
    fn load_text(&mut self, shell: &mut Shell, opening: &DealText) {
        let (slots, extra, malformed) = text_slots(&opening.text);
        // An unfinished deal saved under a name: its empty slots, marks and rules as saved.
        if let Some(draft) = Draft::parse(&opening.text).filter(|draft| draft.slots.contains(&None))
        {
            self.restore(shell, &draft);
            self.verdict = Verdict::Unsolved;
            shell.say(
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
        shell.say(Tone::Warning, text);
    }
}

impl GameSession for Session {
    fn game(&self) -> GameKind {
        GameKind::Pyramid
    }

    fn key(&mut self, shell: &mut Shell, key: KeyEvent) {
        match self.screen {
            Screen::Editor => self.editor_key(shell, key),
            Screen::Solving(_) => {
                if session::solving_key(shell, key) {
                    self.screen = Screen::Editor;
                }
            }
            Screen::Solution(_) => self.solution_key(shell, key),
            Screen::Play => self.play_key(shell, key),
        }
    }

    fn ctrl(&mut self, shell: &mut Shell, c: char) {
        match c {
            'f' => self.fill_offer(shell),
            'p' if matches!(self.screen, Screen::Editor) => self.start_play(shell),
            _ => {}
        }
    }

    fn mouse(&mut self, shell: &mut Shell, mouse: MouseEvent, panel: Rect, look: &Look) {
        self.mouse_event(shell, mouse, panel, look);
    }

    fn paste(&mut self, shell: &mut Shell, text: &str) {
        if !matches!(self.screen, Screen::Editor) {
            return;
        }
        if session::report_paste(shell, self.editor.paste(text)) {
            self.edited(shell);
        }
    }

    fn job(&mut self, shell: &mut Shell, message: JobMessage) {
        self.job_message(shell, message);
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

    fn set_goal(&mut self, shell: &mut Shell, goal: Goal) -> Result<(), String> {
        goal.check(self.editor.rules)
            .map_err(|problem| problem.to_string())?;
        if goal != self.goal {
            self.goal = goal;
            self.edited(shell);
        }
        Ok(())
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

    fn save(&mut self, folders: &Folders, name: &str, notes: &[String]) -> SaveResult {
        let Ok(deal) = self.editor.deal() else {
            // Saved in the draft's format; Ctrl-O or `pyramid FILE` opens it into the editor.
            let path = store::save_unfinished(folders, name, notes, &self.draft_of())
                .map_err(|error| (error, "deal"))?;
            return Ok(format!(
                "Saved the unfinished deal ({}/52) to {}.",
                self.editor.filled(),
                path.display()
            ));
        };
        let mut saved = SavedDeal::new(name, &store::now_text(), self.verdict.clone(), deal);
        saved.midgame = self.editor.midgame;
        saved.goal = self.goal;
        saved.rules = self.editor.rules;
        saved.notes = notes.to_vec();
        if let Some(play) = &self.play {
            saved.moves = play.game.moves().to_vec();
        }
        let path = store::save(folders, &saved).map_err(|error| (error, "game"))?;
        let moves = if saved.moves.is_empty() {
            String::new()
        } else {
            format!(" with {}", counted(saved.moves.len(), "move"))
        };
        Ok(format!("Saved{moves} to {}.", path.display()))
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

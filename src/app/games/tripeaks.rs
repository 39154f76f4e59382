//! TriPeaks' part of the app: the deal typed as MSC shows it (`?` for a card still face
//! down), solving in the background, stepping through the answer, the reveal loop that turns
//! unknown cards into known ones, and play mode with hints and the live verdict.

pub mod board;
pub mod editor;
mod keys;
pub mod play;
mod view;

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use solitaire::GameKind;
use solitaire::engine::goal::Goal;
use solitaire::engine::search::Caps;
use solitaire::engine::search::Stats;
use solitaire::games::tripeaks::challenge::{Answer, solve_goal};
use solitaire::games::tripeaks::solver::{self, RevealPlan};
use solitaire::games::tripeaks::{Game, Move, Position};

use crate::app::card_input::{Input, Pending};
use crate::app::cards::Direction;
use crate::app::effects::{Effect, Effects, Saving, Tone, WriteSave};
use crate::app::help::Binding;
use crate::app::job::{Job, JobEvent, JobHandle, JobMessage};
use crate::app::session::{self, GameSession, Ui};
use crate::app::widgets::{Look, counted};
use crate::cli::tripeaks_output;
use crate::store::{self, GameDraft, SavedTriPeaks, TriPeaksDraft};
use solitaire::games::tripeaks::saved::DraftSlot;

use editor::{Editor, Typed};
use play::{Choice, Play, Standing};

/// What a TriPeaks search gives: the challenge's answer (`None` when it was stopped), and
/// its figures.
pub type Solved = (Option<Answer>, Stats);

/// The search for `goal` from `position`, to run in the background.
pub fn search(position: Position, goal: Goal) -> (Job, JobHandle) {
    Job::new(move |observer| -> Solved {
        solitaire::games::tripeaks::challenge::solve(&position, goal, observer)
    })
}

/// A solve under way.
#[derive(Debug)]
pub struct Solving {
    pub job: JobHandle,
    pub started: Instant,
    pub elapsed: Duration,
    pub stats: Stats,
    /// The position solved, and the moves that lead to it from the deal's start.
    pub start: Position,
    pub base: Vec<Move>,
    /// Started after a card was revealed.
    pub after_reveal: bool,
    /// Started from play mode: the answer's Esc goes back to the game.
    pub from_play: bool,
}

/// An answer being stepped through.
#[derive(Debug)]
pub struct Solution {
    /// The position before each step, and after the last.
    pub positions: Vec<Position>,
    pub moves: Vec<Move>,
    pub step: usize,
    pub answer: Box<Answer>,
    pub goal: Goal,
    /// Which of the answer's lines is shown.
    pub chosen: usize,
    /// The moves from the deal's start to the position solved.
    pub base: Vec<Move>,
    /// How to turn an unknown card face up, when unknown cards hold the answer back.
    pub plan: Option<RevealPlan>,
    /// Esc goes back to play mode rather than to the editor.
    pub from_play: bool,
    /// Solved again after a card was revealed.
    pub after_reveal: bool,
    /// The answer is from the deal's start, better than from where the player's game stands:
    /// they restart the same deal.
    pub restart: bool,
}

impl Solution {
    fn new(start: Position, base: Vec<Move>, goal: Goal, answer: Answer) -> Solution {
        let plan = (!answer.definitive())
            .then(|| solver::reveal_plan(&start, &mut ()).answer.flatten())
            .flatten();
        let mut solution = Solution {
            positions: vec![start],
            moves: Vec::new(),
            step: 0,
            answer: Box::new(answer),
            goal,
            chosen: 0,
            base,
            plan,
            from_play: false,
            after_reveal: false,
            restart: false,
        };
        solution.show_line(0);
        solution
    }

    /// Shows one of the answer's lines from its start.
    fn show_line(&mut self, chosen: usize) {
        let start = self.positions[0];
        let lines = self.answer.lines();
        let moves = lines
            .get(chosen)
            .map(|(_, line)| line.moves.clone())
            .unwrap_or_default();
        let mut position = start;
        self.positions = std::iter::once(start)
            .chain(moves.iter().map(|&mv| {
                position.apply(mv).expect("a solver's line replays");
                position
            }))
            .collect();
        self.moves = moves;
        self.chosen = chosen;
        self.step = 0;
    }

    /// The board at the current step.
    pub fn position(&self) -> &Position {
        &self.positions[self.step]
    }

    pub fn next_move(&self) -> Option<Move> {
        self.moves.get(self.step).copied()
    }

    /// The plan's first position (the deal's start when it starts again) and where it ends.
    pub fn plan_ends(&self) -> Option<(Position, Position)> {
        let plan = self.plan.as_ref()?;
        let from = if plan.from_start {
            Position::new(self.positions[0].deal())
        } else {
            self.positions[0]
        };
        let mut end = from;
        for &mv in &plan.moves {
            end.apply(mv).expect("a reveal plan replays");
        }
        Some((from, end))
    }
}

/// Typing the card a reveal plan turned face up.
#[derive(Debug)]
pub struct Reveal {
    pub solution: Solution,
    /// The deal-order slot of the card to type.
    pub slot: usize,
    pub input: Pending,
}

/// TriPeaks' screens.
#[derive(Debug)]
pub enum Screen {
    Editor,
    Solving(Solving),
    Solution(Solution),
    Reveal(Reveal),
    Play,
}

/// A check of play mode's position, running in the background.
#[derive(Debug)]
struct Check {
    job: JobHandle,
    position: Position,
}

/// TriPeaks' session: the deal typed, the game played and the screen.
#[derive(Debug)]
pub struct Session {
    pub editor: Editor,
    pub screen: Screen,
    pub play: Option<Play>,
    pub goal: Goal,
    check: Option<Check>,
}

impl Default for Session {
    fn default() -> Session {
        Session {
            editor: Editor::default(),
            screen: Screen::Editor,
            play: None,
            goal: Goal::Board,
            check: None,
        }
    }
}

impl Session {
    /// A session on a deal, with these moves played from its start (play mode when there are
    /// some), for a challenge.
    pub fn with_game(fx: &mut Effects, editor: Editor, moves: &[Move], goal: Goal) -> Session {
        let mut session = Session {
            editor,
            goal,
            ..Session::default()
        };
        if !moves.is_empty()
            && let Ok(start) = session.editor.start()
            && let Ok(game) = Game::replay(start, moves)
        {
            session.play = Some(Play::new(game, goal));
            session.screen = Screen::Play;
            session.sync_check(fx);
        }
        session
    }

    fn editor_key(&mut self, fx: &mut Effects, key: KeyEvent) {
        let before = (self.editor.slots, self.editor.unknown);
        match key.code {
            // Separators between pasted or typed cards.
            KeyCode::Char(' ' | ',') => {}
            KeyCode::Char('g') if self.editor.pending_text().is_none() => {
                fx.challenge(self.goal);
            }
            KeyCode::Char(c) => match self.editor.type_char(c) {
                Typed::Rejected(hint) => fx.say(Tone::Warning, hint),
                Typed::Placed(_) | Typed::Unknown | Typed::Partial => fx.hush(),
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
        if (self.editor.slots, self.editor.unknown) != before {
            self.edited(fx);
        }
    }

    fn move_cursor(&mut self, direction: Direction) {
        let to = board::neighbour(self.editor.cursor, direction);
        self.editor.go_to(to);
    }

    /// After any change to the cards: the game played on them no longer holds.
    fn edited(&mut self, fx: &mut Effects) {
        self.play = None;
        self.check = None;
        fx.changed();
    }

    fn solve(&mut self, fx: &mut Effects) {
        match self.editor.start() {
            Ok(start) => self.start_solving(fx, start, Vec::new(), false),
            Err(problem) => fx.say(Tone::Error, format!("Cannot solve yet: {problem}.")),
        }
    }

    fn start_solving(
        &mut self,
        fx: &mut Effects,
        start: Position,
        base: Vec<Move>,
        from_play: bool,
    ) {
        let (job, handle) = search(start, self.goal);
        fx.solve(job);
        self.screen = Screen::Solving(Solving {
            job: handle,
            started: Instant::now(),
            elapsed: Duration::ZERO,
            stats: Stats::default(),
            start,
            base,
            after_reveal: false,
            from_play,
        });
        fx.say(Tone::Info, "Solving. Esc cancels.");
    }

    fn job_message(&mut self, fx: &mut Effects, message: JobMessage) {
        if let Some(check) = self.check.as_ref().filter(|c| c.job.id == message.id) {
            let position = check.position;
            match message.event {
                JobEvent::Progress(_) => return,
                JobEvent::Done(found) => {
                    if let (Some(play), Some((Some(answer), _))) =
                        (&mut self.play, found.take::<Solved>())
                    {
                        play.learn(position, answer);
                    }
                }
                JobEvent::Undecided(_) => {}
            }
            self.check = None;
            self.sync_check(fx);
            return;
        }
        let Screen::Solving(solving) = &mut self.screen else {
            return;
        };
        if solving.job.id != message.id {
            return;
        }
        let answer = match message.event {
            JobEvent::Progress(stats) => {
                solving.stats = stats;
                return;
            }
            JobEvent::Undecided(cap) => {
                self.screen = Screen::Editor;
                fx.say(
                    Tone::Warning,
                    format!("Undecided: the search reached its cap ({cap}) before it knew."),
                );
                return;
            }
            JobEvent::Done(found) => found.take::<Solved>().and_then(|(answer, _)| answer),
        };
        match answer {
            Some(answer) => {
                let from_play = solving.from_play && self.play.is_some();
                let after_reveal = solving.after_reveal;
                let mut solution = Solution::new(
                    solving.start,
                    std::mem::take(&mut solving.base),
                    self.goal,
                    answer,
                );
                solution.from_play = from_play;
                solution.after_reveal = after_reveal;
                let (mut tone, mut text) = answer_text(&solution);
                if after_reveal && let Some(restart) = self.restart_if_better(&solution) {
                    (tone, text) = answer_text(&restart);
                    text = format!("Your game can no longer do as well: restart the deal. {text}");
                    solution = restart;
                }
                self.screen = Screen::Solution(solution);
                fx.say(tone, text);
            }
            None => self.screen = Screen::Editor,
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
            KeyCode::Tab if solution.answer.lines().len() > 1 => {
                let next = (solution.chosen + 1) % solution.answer.lines().len();
                solution.show_line(next);
                fx.hush();
            }
            KeyCode::Char('t') => self.start_reveal(fx),
            KeyCode::Char('p') => self.play_from_step(fx),
            KeyCode::Esc if solution.from_play => {
                self.screen = Screen::Play;
                fx.say(Tone::Info, "Back to your game.");
                self.sync_check(fx);
            }
            KeyCode::Esc => {
                self.screen = Screen::Editor;
                fx.say(Tone::Info, "Back to the deal.");
            }
            KeyCode::Char('q') => fx.quit(),
            KeyCode::Char('?') => fx.help(),
            _ => {}
        }
    }

    /// The reveal loop's second half: after playing the plan in their game, the player types
    /// the card that turned up.
    fn start_reveal(&mut self, fx: &mut Effects) {
        let Screen::Solution(solution) = &self.screen else {
            return;
        };
        let Some((_, end)) = solution.plan_ends() else {
            fx.say(
                Tone::Info,
                "No card to reveal: the answer does not depend on them.",
            );
            return;
        };
        let Some(slot) = tripeaks_output::seen_slot(&end) else {
            return;
        };
        let Screen::Solution(solution) = std::mem::replace(&mut self.screen, Screen::Editor) else {
            return;
        };
        fx.say(
            Tone::Info,
            format!(
                "Type the card that turned up {}: rank then suit. Esc goes back.",
                place_words(slot)
            ),
        );
        self.screen = Screen::Reveal(Reveal {
            solution,
            slot,
            input: Pending::Nothing,
        });
    }

    fn reveal_key(&mut self, fx: &mut Effects, key: KeyEvent) {
        let Screen::Reveal(reveal) = &mut self.screen else {
            return;
        };
        let c = match key.code {
            KeyCode::Esc => {
                let Screen::Reveal(reveal) = std::mem::replace(&mut self.screen, Screen::Editor)
                else {
                    return;
                };
                self.screen = Screen::Solution(reveal.solution);
                fx.say(Tone::Info, "Nothing revealed: the answer is as it was.");
                return;
            }
            KeyCode::Backspace => {
                reveal.input.cancel();
                return;
            }
            KeyCode::Char(c) => c,
            _ => return,
        };
        let card = match reveal.input.type_char(c) {
            Input::Card(card) => card,
            Input::Partial => {
                fx.hush();
                return;
            }
            Input::Rejected(hint) => {
                fx.say(Tone::Warning, hint);
                return;
            }
        };
        let slot = reveal.slot;
        if let Err(problem) = self.editor.reveal(slot, card) {
            fx.say(Tone::Warning, problem);
            return;
        }
        let Screen::Reveal(reveal) = std::mem::replace(&mut self.screen, Screen::Editor) else {
            return;
        };
        // The player's game now stands where the plan ended: solve on from there.
        let plan = reveal.solution.plan.expect("a plan was shown");
        let mut moves = if plan.from_start {
            Vec::new()
        } else {
            reveal.solution.base
        };
        moves.extend(plan.moves);
        let start = self
            .editor
            .start()
            .expect("a revealed deal is still a deal");
        let game = Game::replay(start, &moves).expect("a reveal plan replays");
        let position = *game.position();
        self.play = Some(Play::new(game, self.goal));
        fx.changed();
        self.start_solving(fx, position, moves, true);
        if let Screen::Solving(solving) = &mut self.screen {
            solving.after_reveal = true;
        }
        fx.say(
            Tone::Info,
            format!("{card} typed. Solving again from where your game stands."),
        );
    }

    /// After a reveal: the answer from the deal's start, when it is better than the one from
    /// where the player's game stands (the plans followed may have cost the clear). Solved at
    /// once: TriPeaks' searches take milliseconds.
    fn restart_if_better(&self, here: &Solution) -> Option<Solution> {
        if here.base.is_empty() {
            return None;
        }
        let start = self.editor.start().ok()?;
        let (answer, _, _) = solve_goal(&start, self.goal, Caps::default());
        let answer = answer?;
        // Only when the start is sure to do better than staying could do at best, whatever
        // the cards still unknown: a restart costs the player the steps played.
        let (could_reach, could_give) = here.answer.could();
        let better = !could_reach && (answer.reached() || answer.best() > could_give);
        better.then(|| {
            let mut solution = Solution::new(start, Vec::new(), self.goal, answer);
            solution.after_reveal = true;
            solution.restart = true;
            solution
        })
    }

    /// Play mode at the solution step shown, with the steps before it to undo.
    fn play_from_step(&mut self, fx: &mut Effects) {
        let Screen::Solution(solution) = &self.screen else {
            return;
        };
        let Ok(start) = self.editor.start() else {
            return;
        };
        let mut moves = solution.base.clone();
        moves.extend_from_slice(&solution.moves[..solution.step]);
        let Ok(game) = Game::replay(start, &moves) else {
            return;
        };
        self.play = Some(Play::new(game, self.goal));
        self.screen = Screen::Play;
        fx.changed();
        fx.say(Tone::Info, "Your turn: play on from this step.");
        self.sync_check(fx);
    }

    fn start_play(&mut self, fx: &mut Effects) {
        if self.play.is_none() {
            match self.editor.start() {
                Ok(start) => self.play = Some(Play::new(Game::new(start), self.goal)),
                Err(problem) => {
                    fx.say(Tone::Error, format!("Cannot play yet: {problem}."));
                    return;
                }
            }
        }
        self.screen = Screen::Play;
        fx.say(
            Tone::Info,
            "Play: arrows choose a card, Enter plays it, d draws, u undoes, h hints.",
        );
        self.sync_check(fx);
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
                    board::play_neighbour(area, play.cursor, &play.cursor_spots(), direction);
            }
            KeyCode::Enter | KeyCode::Char(' ') => {
                let spot = play.cursor;
                self.play_action(fx, |play| play.choose(spot));
            }
            KeyCode::Char('d') => self.play_action(fx, Play::draw),
            KeyCode::Char('u') | KeyCode::Backspace => self.undo_redo(fx, Play::undo, "Undone."),
            KeyCode::Char('U') => self.undo_redo(fx, Play::redo, "Redone."),
            KeyCode::Char('h') => self.hint(fx),
            KeyCode::Char('s') => self.show_rest(fx),
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

    fn play_action(&mut self, fx: &mut Effects, action: impl FnOnce(&mut Play) -> Choice) {
        let Some(play) = &mut self.play else {
            return;
        };
        if play.position().is_over() {
            let moves = counted(play.game.played(), "move");
            fx.say(
                Tone::Info,
                format!("The game is over, in {moves} (u undoes)."),
            );
            return;
        }
        match action(play) {
            Choice::Played(text) => {
                // The end is known without a search: cleared, or no move left.
                let over = play.position().is_over().then(|| {
                    if play.position().is_won() {
                        "The tableau is cleared!"
                    } else {
                        "No move is left: the game is over."
                    }
                });
                fx.changed();
                self.sync_check(fx);
                match over {
                    Some(verdict) => fx.say(Tone::Success, format!("{text}. {verdict}")),
                    None => fx.say(Tone::Info, text),
                }
            }
            Choice::Refused(why) => fx.say(Tone::Warning, format!("Not possible: {why}.")),
        }
    }

    fn undo_redo(&mut self, fx: &mut Effects, action: fn(&mut Play) -> bool, done: &str) {
        let Some(play) = &mut self.play else {
            return;
        };
        if action(play) {
            fx.changed();
            self.sync_check(fx);
            fx.say(Tone::Info, done);
        } else {
            fx.say(Tone::Warning, "Nothing more to take back or play again.");
        }
    }

    /// Shows the next move of the best line; when it is shown, plays it.
    fn hint(&mut self, fx: &mut Effects) {
        let Some(play) = &mut self.play else {
            return;
        };
        let Some(best) = play.best_move() else {
            let text = match play.standing() {
                Standing::Checking => "Thinking about a hint… h again in a moment.".to_string(),
                _ => play.verdict(),
            };
            fx.say(Tone::Info, text);
            return;
        };
        if play.hint_shown {
            self.play_action(fx, |play| play.play(best));
        } else {
            play.hint_shown = true;
            let text = play.position().describe(best);
            fx.say(Tone::Success, format!("Hint: {text}. h again plays it."));
        }
    }

    /// Steps through the answer from the current position.
    fn show_rest(&mut self, fx: &mut Effects) {
        let Some(play) = &self.play else {
            return;
        };
        let (position, base) = (*play.position(), play.game.moves().to_vec());
        match play.known() {
            Some(answer) => {
                let mut solution = Solution::new(position, base, self.goal, answer.clone());
                solution.from_play = true;
                let (tone, text) = answer_text(&solution);
                self.screen = Screen::Solution(solution);
                fx.say(tone, format!("{text} Esc returns to your game."));
            }
            None => self.start_solving(fx, position, base, true),
        }
    }

    /// Keeps the background check on the position play mode needs next.
    fn sync_check(&mut self, fx: &mut Effects) {
        let wanted = self
            .play
            .as_ref()
            .filter(|_| matches!(self.screen, Screen::Play))
            .and_then(Play::wanted);
        if self.check.as_ref().map(|c| c.position) == wanted {
            return;
        }
        self.check = wanted.map(|position| {
            let (job, handle) = search(position, self.goal);
            fx.solve(job);
            Check {
                job: handle,
                position,
            }
        });
    }

    fn mouse_event(&mut self, fx: &mut Effects, ui: &Ui, mouse: MouseEvent) {
        let click = matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left));
        if let Screen::Solution(solution) = &mut self.screen {
            // A click on a step goes to it; the wheel steps.
            let step = match mouse.kind {
                _ if click => view::step_at(solution, ui.panel, &ui.look, mouse.column, mouse.row),
                MouseEventKind::ScrollDown => Some(solution.step + 1),
                MouseEventKind::ScrollUp => Some(solution.step.saturating_sub(1)),
                _ => None,
            };
            if let Some(step) = step {
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
                    self.editor.go_to(slot);
                }
            }
            Screen::Play => {
                if let Some(spot) = board::spot_at(area, mouse.column, mouse.row) {
                    if let Some(play) = &mut self.play
                        && play.cursor_spots().contains(&spot)
                    {
                        play.cursor = spot;
                    }
                    self.play_action(fx, |play| play.choose(spot));
                }
            }
            _ => {}
        }
    }

    /// The work as a draft: each slot as typed, the moves played and the challenge.
    pub fn tripeaks_draft(&self) -> TriPeaksDraft {
        let mut slots = [DraftSlot::Empty; solitaire::cards::deal::DECK_SIZE];
        for (slot, out) in slots.iter_mut().enumerate() {
            *out = match self.editor.slots[slot] {
                Some(card) => DraftSlot::Card(card),
                None if self.editor.is_unknown(slot) => DraftSlot::Unknown,
                None => DraftSlot::Empty,
            };
        }
        TriPeaksDraft {
            slots,
            moves: self.moves(),
            goal: self.goal,
        }
    }

    /// A session on a draft's work; and what to say.
    pub fn restored(fx: &mut Effects, draft: &TriPeaksDraft) -> (Session, String) {
        let mut slots = [None; solitaire::cards::deal::DECK_SIZE];
        let mut unknown = 0u64;
        for (slot, typed) in draft.slots.iter().enumerate() {
            match typed {
                DraftSlot::Card(card) => slots[slot] = Some(*card),
                DraftSlot::Unknown => unknown |= 1 << slot,
                DraftSlot::Empty => {}
            }
        }
        let editor = Editor::with_slots(slots, unknown);
        let session = Session::with_game(fx, editor, &draft.moves, draft.goal);
        let text = if session.play.is_some() {
            format!(
                "Restored the TriPeaks game you were playing ({}).",
                counted(draft.moves.len(), "move")
            )
        } else {
            format!(
                "Restored the TriPeaks deal you were typing ({}/52).",
                session.editor.filled()
            )
        };
        (session, text)
    }

    /// A session on a saved game, in play mode when it has moves.
    pub fn loaded(fx: &mut Effects, saved: &SavedTriPeaks) -> Session {
        Session::with_game(fx, Editor::with_deal(&saved.deal), &saved.moves, saved.goal)
    }

    fn moves(&self) -> Vec<Move> {
        self.play
            .as_ref()
            .map(|play| play.game.moves().to_vec())
            .unwrap_or_default()
    }
}

/// Where a slot is, for a player looking at the game: "at tableau row 3, card 9 from the
/// left", "on the waste".
fn place_words(slot: usize) -> String {
    if slot < solitaire::games::tripeaks::layout::TABLEAU_SIZE {
        format!(
            "at {}",
            solitaire::games::tripeaks::layout::place_name(slot)
        )
    } else {
        "on the waste".to_string()
    }
}

/// The status line after an answer: its headline, and whether unknown cards hold it back.
fn answer_text(solution: &Solution) -> (Tone, String) {
    let start = solution.positions[0];
    let headline = tripeaks_output::headline(solution.goal, &solution.answer);
    let tone = if solution.answer.reached() {
        Tone::Success
    } else {
        Tone::Warning
    };
    let more = if solution.answer.lines().len() > 1 {
        " Tab shows the other line."
    } else {
        ""
    };
    if solution.answer.definitive() {
        let known = match (solution.after_reveal, start.deal().has_unknown()) {
            (true, true) => "Definitive now: the cards still unknown cannot change this. ",
            (true, false) => "Definitive now: every card is known. ",
            (false, true) => "Definitive: the unknown cards cannot change this. ",
            (false, false) => "",
        };
        return (tone, format!("{known}{headline}{more}"));
    }
    let next = if solution.plan.is_some() {
        " Unknown cards hold it back: follow the plan, then t types the card that turned up."
    } else {
        " Unknown cards hold it back, and none can be turned face up."
    };
    // The Board headline says it already; the others say it the way the command line does.
    let headline = if solution.goal == Goal::Board {
        headline
    } else {
        solitaire::engine::unknowns_text::known_so_far(&headline)
    };
    (Tone::Warning, format!("{headline}{next}"))
}

impl GameSession for Session {
    fn game(&self) -> GameKind {
        GameKind::TriPeaks
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
            Screen::Reveal(_) => self.reveal_key(&mut fx, key),
            Screen::Play => self.play_key(&mut fx, key, ui.board),
        }
        fx
    }

    fn ctrl(&mut self, c: char) -> Effects {
        let mut fx = Effects::default();
        match c {
            'f' if matches!(self.screen, Screen::Editor) => {
                if let Some((slot, card)) = self.editor.fill_offer() {
                    self.editor.set(slot, card);
                    self.edited(&mut fx);
                    fx.say(
                        Tone::Success,
                        format!("Filled in {card}: the deal is complete."),
                    );
                }
            }
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
            Screen::Play => self.check.is_some(),
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
        let mut fx = Effects::default();
        if goal != self.goal {
            self.goal = goal;
            if let Some(play) = &mut self.play {
                play.set_goal(goal);
            }
            self.check = None;
            fx.changed();
        }
        Ok(fx)
    }

    fn draft(&self) -> GameDraft {
        GameDraft::TriPeaks(self.tripeaks_draft())
    }

    fn save_check(&self) -> Result<(), String> {
        if self.editor.duplicates().is_empty() && self.editor.filled() > 0 {
            Ok(())
        } else {
            self.editor.deal().map(|_| ())
        }
    }

    fn save(&self, name: &str, notes: &[String]) -> Effect {
        let saving = |said: String, what| Saving {
            name: name.to_string(),
            notes: notes.to_vec(),
            said,
            what,
        };
        let Ok(deal) = self.editor.deal() else {
            let (name, notes, draft) = (name.to_string(), notes.to_vec(), self.tripeaks_draft());
            return Effect::Save(
                saving(
                    format!("Saved the unfinished deal ({}/52)", self.editor.filled()),
                    "deal",
                ),
                WriteSave(Box::new(move |folders| {
                    store::save_unfinished_tripeaks(folders, &name, &notes, &draft)
                })),
            );
        };
        let saved = SavedTriPeaks {
            name: name.to_string(),
            saved: store::now_text(),
            deal,
            moves: self.moves(),
            notes: notes.to_vec(),
            goal: self.goal,
        };
        let said = if saved.moves.is_empty() {
            "Saved".to_string()
        } else {
            format!("Saved with {}", counted(saved.moves.len(), "move"))
        };
        Effect::Save(
            saving(said, "game"),
            WriteSave(Box::new(move |folders| {
                store::save_tripeaks(folders, &saved)
            })),
        )
    }

    fn title(&self) -> (&'static str, String) {
        let screen = match self.screen {
            Screen::Editor => "Enter the deal",
            Screen::Solving(_) => "Solving",
            Screen::Solution(_) => "Solution",
            Screen::Reveal(_) => "Reveal a card",
            Screen::Play => "Play",
        };
        (screen, "TriPeaks".to_string())
    }

    fn draw(&self, board: Rect, panel: Rect, buf: &mut Buffer, look: &Look) {
        view::draw(self, board, panel, buf, look);
    }

    fn message(&self, look: &Look) -> Option<Line<'static>> {
        view::next_step(self, look)
    }

    fn hints(&self) -> Vec<(&'static str, &'static str)> {
        keys::hints(self)
    }

    fn help_sections(&self) -> Vec<(&'static str, &'static [Binding])> {
        keys::sections(self)
    }

    fn bindings(&self) -> Vec<&'static Binding> {
        keys::bindings(&self.screen)
    }
}

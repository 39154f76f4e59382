//! The app model and its update function: every event, from keys to solver messages, comes in
//! as a [`Msg`] and changes the model; drawing only reads it.

use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

use pyramid::Deal;
use pyramid::pyramid::solver::{Outcome, Report, Stats};
use pyramid::pyramid::{Move, Position, Rules};

use super::board::{self, Direction};
use super::editor::{Editor, Typed};
use super::view;
use crate::solve_job::{JobEvent, JobMessage, SolveJob};
use crate::storage::{self, Folders, Listed, Origin, SavedDeal, Verdict};
use crate::theme::Theme;

/// Everything that can happen to the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    Key(KeyEvent),
    Mouse(MouseEvent),
    Paste(String),
    Resize(u16, u16),
    Tick,
    Job(JobMessage),
}

/// How a status message is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Info,
    Success,
    Warning,
    Error,
}

/// The message line under the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    pub text: String,
    pub tone: Tone,
}

/// A solve under way.
#[derive(Debug)]
pub struct Solving {
    pub job: SolveJob,
    pub started: Instant,
    pub elapsed: Duration,
    pub stats: Stats,
    pub deal: Deal,
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
}

impl Solution {
    fn new(start: Position, report: &Report) -> Solution {
        let (moves, solvable, reason) = match &report.outcome {
            Outcome::Solved(moves) => (moves.clone(), true, None),
            Outcome::NoSolution(reason) => (Vec::new(), false, reason.clone()),
            Outcome::Cancelled => (Vec::new(), false, None),
        };
        let mut positions = vec![start];
        for &mv in &moves {
            let mut next = positions[positions.len() - 1].clone();
            next.apply(mv).expect("the solver's moves are legal");
            positions.push(next);
        }
        Solution {
            positions,
            moves,
            step: 0,
            solvable,
            reason,
            stats: report.stats,
        }
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

/// The main screens.
#[derive(Debug)]
pub enum Screen {
    Editor,
    Solving(Solving),
    Solution(Solution),
}

/// The deals the open dialog lists, and the filter typed into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenDialog {
    pub entries: Vec<Listed>,
    pub broken: Vec<String>,
    pub filter: String,
    pub selected: usize,
}

impl OpenDialog {
    /// The entries the filter lets through.
    pub fn visible(&self) -> Vec<&Listed> {
        let filter = self.filter.to_lowercase();
        self.entries
            .iter()
            .filter(|e| e.saved.name.to_lowercase().contains(&filter))
            .collect()
    }
}

/// A window over the screen that takes the keys while it is open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Overlay {
    Help,
    /// The save dialog, with the name typed so far.
    Save(String),
    Open(OpenDialog),
}

/// What the app starts with.
pub struct Setup {
    pub folders: Folders,
    pub themes: Vec<Theme>,
    pub theme: usize,
    pub ascii: bool,
    /// A deal to open, with its name.
    pub deal: Option<SavedDeal>,
    /// Warnings to show first (a broken user theme, say).
    pub warnings: Vec<String>,
}

/// The whole app.
pub struct App {
    pub editor: Editor,
    pub screen: Screen,
    pub overlay: Option<Overlay>,
    pub status: Option<Status>,
    pub themes: Vec<Theme>,
    pub theme: usize,
    pub ascii: bool,
    pub folders: Folders,
    /// The deal's name once it has one (opened or saved).
    pub name: Option<String>,
    /// What is known of the deal in the editor; reset by any edit.
    pub verdict: Verdict,
    pub size: Rect,
    pub ticks: u64,
    pub quit: bool,
    /// Set by a first Ctrl-N over typed cards; a second one clears them.
    confirm_new: bool,
    send: Sender<Msg>,
    next_job: u64,
}

impl App {
    /// A new app. Solver threads send their messages through `send`.
    pub fn new(setup: Setup, send: Sender<Msg>) -> App {
        let mut app = App {
            editor: Editor::default(),
            screen: Screen::Editor,
            overlay: None,
            status: None,
            themes: setup.themes,
            theme: setup.theme,
            ascii: setup.ascii,
            folders: setup.folders,
            name: None,
            verdict: Verdict::Unsolved,
            size: Rect::new(0, 0, 80, 24),
            ticks: 0,
            quit: false,
            confirm_new: false,
            send,
            next_job: 0,
        };
        if let Some(saved) = setup.deal {
            app.load(saved);
        } else if let Some(slots) = storage::restore_draft(&app.folders) {
            app.editor = Editor::with_slots(slots);
            app.say(
                Tone::Info,
                format!(
                    "Restored the deal you were typing ({}/52).",
                    app.editor.filled()
                ),
            );
        } else {
            app.say(
                Tone::Info,
                "Type the deal: the pyramid row by row, then the stock from the top. ? for help.",
            );
        }
        if let Some(warning) = setup.warnings.first() {
            app.say(Tone::Warning, warning.clone());
        }
        app
    }

    /// The theme in use.
    pub fn theme(&self) -> &Theme {
        &self.themes[self.theme]
    }

    fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.status = Some(Status {
            text: text.into(),
            tone,
        });
    }

    /// Handles one event.
    pub fn update(&mut self, msg: Msg) {
        match msg {
            // Only presses: Windows also reports releases and repeats.
            Msg::Key(key) if key.kind == KeyEventKind::Press => self.key(key),
            Msg::Key(_) => {}
            Msg::Mouse(mouse) => self.mouse(mouse),
            Msg::Paste(text) => self.paste(&text),
            Msg::Resize(width, height) => self.size = Rect::new(0, 0, width, height),
            Msg::Tick => {
                self.ticks += 1;
                if let Screen::Solving(solving) = &mut self.screen {
                    solving.elapsed = solving.started.elapsed();
                }
            }
            Msg::Job(message) => self.job(message),
        }
    }

    fn key(&mut self, key: KeyEvent) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl {
            let first_new = matches!(key.code, KeyCode::Char('n'));
            match key.code {
                KeyCode::Char('q' | 'c') => self.quit = true,
                KeyCode::Char('t') => self.next_theme(),
                KeyCode::Char('s') => self.open_save(),
                KeyCode::Char('o') => self.open_list(),
                KeyCode::Char('n') => self.new_deal(),
                KeyCode::Char('f') => self.fill_offer(),
                _ => {}
            }
            if !first_new {
                self.confirm_new = false;
            }
            return;
        }
        self.confirm_new = false;
        if key.code == KeyCode::F(1) {
            self.toggle_help();
            return;
        }
        match self.overlay.take() {
            Some(Overlay::Help) => {} // any key closes the help
            Some(Overlay::Save(name)) => self.save_key(key, name),
            Some(Overlay::Open(dialog)) => self.open_key(key, dialog),
            None => match self.screen {
                Screen::Editor => self.editor_key(key),
                Screen::Solving(_) => self.solving_key(key),
                Screen::Solution(_) => self.solution_key(key),
            },
        }
    }

    fn toggle_help(&mut self) {
        self.overlay = match self.overlay {
            Some(Overlay::Help) => None,
            _ => Some(Overlay::Help),
        };
    }

    fn editor_key(&mut self, key: KeyEvent) {
        let before = self.editor.slots;
        match key.code {
            KeyCode::Char('?') => self.overlay = Some(Overlay::Help),
            // Separators between pasted or typed cards.
            KeyCode::Char(' ' | ',') => {}
            KeyCode::Char(c) => match self.editor.type_char(c) {
                Typed::Rejected(hint) => self.say(Tone::Warning, hint),
                Typed::Placed(_) | Typed::Partial => self.status = None,
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
                self.say(Tone::Info, "Dropped the half-typed card.");
            }
            KeyCode::Enter => self.solve(),
            _ => {}
        }
        if self.editor.slots != before {
            self.edited();
        }
    }

    fn move_cursor(&mut self, direction: Direction) {
        let to = board::neighbour(self.editor.cursor, direction);
        self.editor.go_to(to);
    }

    /// After any change to the cards: the old answer no longer holds; keep the draft.
    fn edited(&mut self) {
        self.verdict = Verdict::Unsolved;
        self.keep_draft();
    }

    fn keep_draft(&mut self) {
        if let Err(error) = storage::store_draft(&self.folders, &self.editor.slots) {
            self.say(Tone::Error, format!("The draft is not kept: {error}"));
        }
    }

    fn paste(&mut self, text: &str) {
        match (&self.overlay, &self.screen) {
            (Some(Overlay::Save(_)), _) => {
                if let Some(Overlay::Save(name)) = &mut self.overlay {
                    name.push_str(text.lines().next().unwrap_or(""));
                }
            }
            (None, Screen::Editor) => {
                let (placed, bad, left_over) = self.editor.paste(text);
                let mut message = format!("Pasted {placed} cards.");
                let mut tone = Tone::Info;
                if !bad.is_empty() {
                    message.push_str(&format!(" Not cards, skipped: {}.", bad.join(" ")));
                    tone = Tone::Warning;
                }
                if left_over > 0 {
                    message.push_str(&format!(" {left_over} did not fit after the last slot."));
                    tone = Tone::Warning;
                }
                self.say(tone, message);
                if placed > 0 {
                    self.edited();
                }
            }
            _ => {}
        }
    }

    fn fill_offer(&mut self) {
        if !matches!(self.screen, Screen::Editor) {
            return;
        }
        if let Some((slot, card)) = self.editor.fill_offer() {
            self.editor.set(slot, card);
            self.edited();
            self.say(
                Tone::Success,
                format!("Filled in {card}: the deal is complete."),
            );
        }
    }

    fn mouse(&mut self, mouse: MouseEvent) {
        let click = matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left));
        if click && self.overlay.is_none() && matches!(self.screen, Screen::Editor) {
            let area = view::editor_board_area(self.size);
            if let Some(slot) = board::slot_at(area, mouse.column, mouse.row) {
                self.editor.go_to(slot);
            }
        }
    }

    fn solve(&mut self) {
        match self.editor.deal() {
            Ok(deal) => {
                self.next_job += 1;
                let position = Position::new(&deal, Rules::default());
                let job = SolveJob::start(self.next_job, position, self.send.clone(), Msg::Job);
                self.screen = Screen::Solving(Solving {
                    job,
                    started: Instant::now(),
                    elapsed: Duration::ZERO,
                    stats: Stats::default(),
                    deal,
                });
                self.say(Tone::Info, "Solving. Esc cancels.");
            }
            Err(problem) => self.say(Tone::Error, format!("Cannot solve yet: {problem}.")),
        }
    }

    fn job(&mut self, message: JobMessage) {
        let Screen::Solving(solving) = &mut self.screen else {
            return;
        };
        if solving.job.id != message.id {
            return;
        }
        match message.event {
            JobEvent::Progress(stats) => solving.stats = stats,
            JobEvent::Finished(report) => {
                if report.outcome == Outcome::Cancelled {
                    self.screen = Screen::Editor;
                    return;
                }
                let start = Position::new(&solving.deal, Rules::default());
                let solution = Solution::new(start, &report);
                self.verdict = solution.verdict();
                let text = match &solution.reason {
                    _ if solution.solvable => format!(
                        "Solved in {} steps. → and ← step through it.",
                        solution.moves.len()
                    ),
                    Some(reason) => format!("No solution: {reason}."),
                    None => "No solution: an exhaustive search found no way to clear the pyramid."
                        .to_string(),
                };
                let tone = if solution.solvable {
                    Tone::Success
                } else {
                    Tone::Warning
                };
                self.screen = Screen::Solution(solution);
                self.say(tone, text);
            }
        }
    }

    fn solving_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Esc => {
                // Dropping the job cancels it; its last message will carry a stale id.
                self.screen = Screen::Editor;
                self.say(Tone::Info, "Cancelled. The deal is as you left it.");
            }
            KeyCode::Char('q') => self.quit = true,
            KeyCode::Char('?') => self.overlay = Some(Overlay::Help),
            _ => {}
        }
    }

    fn solution_key(&mut self, key: KeyEvent) {
        let Screen::Solution(solution) = &mut self.screen else {
            return;
        };
        let last = solution.moves.len();
        // Stepping brings back the "Next:" line in place of older news.
        if matches!(
            key.code,
            KeyCode::Right
                | KeyCode::Left
                | KeyCode::Home
                | KeyCode::End
                | KeyCode::Char('l' | 'h' | ' ')
        ) {
            self.status = None;
        }
        match key.code {
            KeyCode::Right | KeyCode::Char('l' | ' ') => {
                solution.step = (solution.step + 1).min(last);
            }
            KeyCode::Left | KeyCode::Char('h') => solution.step = solution.step.saturating_sub(1),
            KeyCode::Home => solution.step = 0,
            KeyCode::End => solution.step = last,
            KeyCode::Esc => {
                self.screen = Screen::Editor;
                self.say(Tone::Info, "Back to the deal.");
            }
            KeyCode::Char('q') => self.quit = true,
            KeyCode::Char('?') => self.overlay = Some(Overlay::Help),
            _ => {}
        }
    }

    fn next_theme(&mut self) {
        self.theme = (self.theme + 1) % self.themes.len();
        let name = self.theme().name.clone();
        self.say(Tone::Info, format!("Theme: {name}."));
    }

    fn open_save(&mut self) {
        if matches!(self.screen, Screen::Solving(_)) {
            return;
        }
        if let Err(problem) = self.editor.deal() {
            self.say(
                Tone::Error,
                format!("Cannot save yet: {problem}. What you typed is kept as a draft."),
            );
            return;
        }
        let name = self
            .name
            .clone()
            .unwrap_or_else(|| format!("deal {}", storage::now_text()));
        self.overlay = Some(Overlay::Save(name));
    }

    fn save_key(&mut self, key: KeyEvent, mut name: String) {
        match key.code {
            KeyCode::Esc => self.say(Tone::Info, "Not saved."),
            KeyCode::Enter if name.trim().is_empty() => {
                self.say(Tone::Warning, "Give the deal a name.");
                self.overlay = Some(Overlay::Save(name));
            }
            KeyCode::Enter => self.save(name.trim()),
            KeyCode::Backspace => {
                name.pop();
                self.overlay = Some(Overlay::Save(name));
            }
            KeyCode::Char(c) => {
                name.push(c);
                self.overlay = Some(Overlay::Save(name));
            }
            _ => self.overlay = Some(Overlay::Save(name)),
        }
    }

    fn save(&mut self, name: &str) {
        let Ok(deal) = self.editor.deal() else {
            return;
        };
        let saved = SavedDeal {
            name: name.to_string(),
            saved: storage::now_text(),
            verdict: self.verdict.clone(),
            deal,
        };
        match storage::save(&self.folders, &saved) {
            Ok(path) => {
                self.name = Some(name.to_string());
                self.say(Tone::Success, format!("Saved to {}.", path.display()));
            }
            Err(error) => self.say(
                Tone::Error,
                format!("Not saved: {error}. The deal is still here and kept as a draft."),
            ),
        }
    }

    fn open_list(&mut self) {
        if matches!(self.screen, Screen::Solving(_)) {
            return;
        }
        let (entries, broken) = storage::list(&self.folders);
        self.overlay = Some(Overlay::Open(OpenDialog {
            entries,
            broken,
            filter: String::new(),
            selected: 0,
        }));
    }

    fn open_key(&mut self, key: KeyEvent, mut dialog: OpenDialog) {
        let count = dialog.visible().len();
        match key.code {
            KeyCode::Esc => return,
            KeyCode::Enter => {
                if let Some(entry) = dialog.visible().get(dialog.selected) {
                    let saved = entry.saved.clone();
                    let from = match &entry.origin {
                        Origin::User(path) => path.display().to_string(),
                        Origin::Example => "the examples".to_string(),
                    };
                    self.load(saved);
                    self.say(Tone::Success, format!("Opened from {from}. Enter solves."));
                    return;
                }
            }
            KeyCode::Up => dialog.selected = dialog.selected.saturating_sub(1),
            KeyCode::Down => dialog.selected = (dialog.selected + 1).min(count.saturating_sub(1)),
            KeyCode::Backspace => {
                dialog.filter.pop();
                dialog.selected = 0;
            }
            KeyCode::Char(c) => {
                dialog.filter.push(c);
                dialog.selected = 0;
            }
            _ => {}
        }
        self.overlay = Some(Overlay::Open(dialog));
    }

    /// Puts a saved deal in the editor.
    fn load(&mut self, saved: SavedDeal) {
        self.editor = Editor::with_deal(&saved.deal);
        self.editor.go_to(0);
        self.name = Some(saved.name);
        self.verdict = saved.verdict;
        self.screen = Screen::Editor;
        self.keep_draft();
    }

    fn new_deal(&mut self) {
        if matches!(self.screen, Screen::Solving(_)) {
            return;
        }
        let typed = self.editor.filled();
        if typed > 0 && self.name.is_none() && !self.confirm_new {
            self.confirm_new = true;
            self.say(
                Tone::Warning,
                format!("Ctrl-N again clears the {typed} cards typed (not saved)."),
            );
            return;
        }
        self.confirm_new = false;
        self.editor = Editor::default();
        self.name = None;
        self.screen = Screen::Editor;
        self.overlay = None;
        self.edited();
        self.say(Tone::Info, "A new, empty deal.");
    }
}

#[cfg(test)]
pub mod tests;

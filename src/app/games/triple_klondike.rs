//! Minimal Triple Klondike's screens: a session of its own rather than the shared flow, whose
//! editor types one pack. A deal comes whole (opened from a file, pasted, or dealt at
//! random) and is shown read-only with what is wrong with a text that is not one; the
//! anytime search runs in the background for the time chosen, its best line so far shown as
//! it improves; its answer (cards up, moves, the bound, the gap, whether proved) is stepped
//! through on the 13 piles, each move drawn where it happens. The line found is kept in the
//! draft and the saves as the contest's notation. Play by the player is not in the app yet.

pub mod board;
mod keys;
pub mod saved;
mod view;

use std::any::Any;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use solitaire::GameKind;
use solitaire::engine::game::OpenError;
use solitaire::engine::goal::Goal;
use solitaire::engine::search::{Caps, Stats};
use solitaire::games::triple_klondike::Position;
use solitaire::games::triple_klondike::answer::{self, DEFAULT_TIME};
use solitaire::games::triple_klondike::bound::lower_bound;
use solitaire::games::triple_klondike::solver::{self, Solution};

use crate::app::effects::{Effect, Effects, Saving, Tone, WriteSave};
use crate::app::flow::NotShown;
use crate::app::flow::keys::{self as flow_keys, Binding};
use crate::app::flow::round_budget::RoundBudget;
use crate::app::job::{Job, JobEvent, JobHandle, JobMessage};
use crate::app::session::{About, DealText, GameSessions, KeptWork, Restored, Session, Ui, Work};
use crate::app::widgets::{Look, counted};
use crate::store;
use saved::{Table, TripleKlondikeDraft, TripleKlondikeSave};

/// The times a search may be given, `t` going to the next: the commands' default among them.
const BUDGETS: [Duration; 6] = [
    Duration::from_secs(1),
    Duration::from_secs(2),
    DEFAULT_TIME,
    Duration::from_secs(10),
    Duration::from_secs(30),
    Duration::from_secs(60),
];

/// The session of Triple Klondike on screen.
#[derive(Debug)]
pub struct TripleKlondike {
    /// The deal and the line found, once there is a deal.
    pub table: Option<Table>,
    pub screen: Screen,
    /// How long a search runs.
    pub budget: Duration,
    /// What is wrong with the last text pasted, when it was not a deal.
    pub problems: Vec<String>,
    /// What the last search told of its line; `None` for a line read from a file.
    pub searched: Option<Searched>,
}

impl Default for TripleKlondike {
    fn default() -> TripleKlondike {
        TripleKlondike {
            table: None,
            screen: Screen::Deal,
            budget: DEFAULT_TIME,
            problems: Vec::new(),
            searched: None,
        }
    }
}

/// The screens.
#[derive(Debug)]
pub enum Screen {
    /// The deal, read-only, with the line found if any.
    Deal,
    Solving(Box<Solving>),
    /// The line found, stepped through: the board shows the position after `step` moves.
    Line(Stepper),
}

/// A search under way, with the best line it found so far.
#[derive(Debug)]
pub struct Solving {
    pub job: JobHandle,
    pub started: Instant,
    pub elapsed: Duration,
    pub stats: Stats,
    pub best: Option<Solution>,
}

/// What a search told of the line it gave beside the line itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Searched {
    /// Why it stopped before proving its line the shortest; `None` when it proved it.
    pub stopped: Option<String>,
    pub elapsed: Duration,
}

/// A line being stepped through.
#[derive(Debug)]
pub struct Stepper {
    /// The position before each move, and after the last: one more than the moves.
    pub positions: Vec<Position>,
    pub step: usize,
}

impl Stepper {
    fn new(table: &Table) -> Stepper {
        let mut positions = vec![table.start.clone()];
        for &mv in &table.line {
            let mut next = positions[positions.len() - 1].clone();
            next.apply(mv).expect("a line read or found replays");
            positions.push(next);
        }
        Stepper { positions, step: 0 }
    }

    /// The position shown.
    pub fn position(&self) -> &Position {
        &self.positions[self.step]
    }

    /// The moves of the line.
    pub fn moves(&self) -> usize {
        self.positions.len() - 1
    }
}

/// What a line achieves and what is known of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figures {
    pub cards_up: usize,
    pub cards: usize,
    pub moves: usize,
    /// No complete line from the deal's start has fewer moves.
    pub bound: usize,
}

impl Figures {
    /// The figures of a line from `start` ending at `end`.
    pub fn of(start: &Position, end: &Position, moves: usize) -> Figures {
        Figures {
            cards_up: end.cards_up(),
            cards: start.cards_up() + start.cards_left(),
            moves,
            bound: lower_bound(start).moves(),
        }
    }

    /// Whether the line takes every card up.
    pub fn complete(&self) -> bool {
        self.cards_up == self.cards
    }

    /// The moves a complete line has above the bound.
    pub fn gap(&self) -> Option<usize> {
        self.complete()
            .then(|| self.moves.saturating_sub(self.bound))
    }

    /// Whether no complete line is shorter.
    pub fn proved(&self) -> bool {
        self.complete() && self.moves <= self.bound
    }

    /// The answer in a sentence.
    pub fn headline(&self) -> String {
        let tally = format!("{}/{}", self.cards_up, self.moves);
        if self.proved() {
            format!(
                "Every card up in {} ({tally}): proved the fewest.",
                counted(self.moves, "move")
            )
        } else if let Some(gap) = self.gap() {
            format!(
                "Every card up in {} ({tally}); bound {}, gap {gap}.",
                counted(self.moves, "move"),
                self.bound
            )
        } else {
            format!(
                "{} of {} cards up in {} ({tally}): no line found takes every card up.",
                self.cards_up,
                self.cards,
                counted(self.moves, "move")
            )
        }
    }
}

/// The search for the best line from `start` in `budget`, on one thread a core, sending
/// each better line as it finds it.
fn search(start: Position, budget: Duration) -> (Job, JobHandle) {
    Job::anytime(Caps::NONE, move |observer, better| {
        let caps = Caps {
            time: Some(budget),
            ..Caps::default()
        };
        solver::solve(
            &start,
            &answer::options(caps, 0),
            observer,
            &mut |solution: &Solution| better(solution.clone()),
        )
    })
}

/// Why a search stopped before a proof, in words; `None` when it proved its line.
fn stopped(solution: &Solution) -> Option<String> {
    if solution.proven {
        None
    } else if let Some(cap) = solution.cap {
        Some(format!("stopped by its cap ({cap})"))
    } else if solution.cancelled {
        Some("stopped by Esc".to_string())
    } else {
        Some("the widest beam tried".to_string())
    }
}

impl TripleKlondike {
    /// A session on a table, on the line's first step when it has a line.
    fn on(table: Table) -> TripleKlondike {
        let mut session = TripleKlondike {
            table: Some(table),
            ..TripleKlondike::default()
        };
        session.show_line();
        session
    }

    /// The line found (or read) from its first step, when there is one.
    fn show_line(&mut self) -> bool {
        match &self.table {
            Some(table) if !table.line.is_empty() => {
                self.screen = Screen::Line(Stepper::new(table));
                true
            }
            _ => false,
        }
    }

    /// The figures of the line kept, if any.
    pub fn figures(&self) -> Option<Figures> {
        let (Some(table), Screen::Line(stepper)) = (&self.table, &self.screen) else {
            return None;
        };
        let end = stepper.positions.last()?;
        Some(Figures::of(&table.start, end, table.line.len()))
    }

    fn draft(&self) -> TripleKlondikeDraft {
        TripleKlondikeDraft {
            table: self.table.clone(),
        }
    }

    fn deal_key(&mut self, key: KeyEvent, fx: &mut Effects) {
        match key.code {
            KeyCode::Enter => self.solve(fx),
            KeyCode::Char('t') => {
                let next = BUDGETS.iter().position(|&time| time > self.budget);
                self.budget = BUDGETS[next.unwrap_or(0)];
                fx.say(
                    Tone::Info,
                    format!("A search runs for {} s.", self.budget.as_secs()),
                );
            }
            KeyCode::Right | KeyCode::Char('l') => {
                if self.show_line() {
                    fx.hush();
                } else {
                    fx.say(Tone::Info, "No line yet: Enter solves the deal.");
                }
            }
            KeyCode::Char('q') => fx.quit(),
            KeyCode::Char('?') => fx.help(),
            _ => {}
        }
    }

    fn solve(&mut self, fx: &mut Effects) {
        let Some(table) = &self.table else {
            fx.say(
                Tone::Error,
                "Cannot solve yet: paste a deal, Ctrl-O opens one, Ctrl-R deals one.",
            );
            return;
        };
        let (job, handle) = search(table.start.clone(), self.budget);
        fx.solve(job);
        self.screen = Screen::Solving(Box::new(Solving {
            job: handle,
            started: Instant::now(),
            elapsed: Duration::ZERO,
            stats: Stats::default(),
            best: None,
        }));
        fx.say(
            Tone::Info,
            format!(
                "Solving for {} s. Esc stops and keeps the best line so far.",
                self.budget.as_secs()
            ),
        );
    }

    fn solving_key(&mut self, key: KeyEvent, fx: &mut Effects) {
        match key.code {
            KeyCode::Esc => {
                let Screen::Solving(solving) = std::mem::replace(&mut self.screen, Screen::Deal)
                else {
                    return;
                };
                match solving.best {
                    Some(mut best) => {
                        best.cancelled = true;
                        best.stats.elapsed = solving.started.elapsed();
                        self.answered(&best, fx);
                    }
                    None => fx.say(
                        Tone::Info,
                        "Stopped before any line. The deal is as it was.",
                    ),
                }
            }
            KeyCode::Char('q') => fx.quit(),
            KeyCode::Char('?') => fx.help(),
            _ => {}
        }
    }

    fn line_key(&mut self, key: KeyEvent, fx: &mut Effects) {
        let Screen::Line(stepper) = &mut self.screen else {
            return;
        };
        if let Some(step) = flow_keys::stepped(key.code, stepper.step, stepper.moves()) {
            stepper.step = step;
            fx.hush();
            return;
        }
        match key.code {
            KeyCode::Esc => {
                self.screen = Screen::Deal;
                fx.say(Tone::Info, "Back to the deal; → shows the line again.");
            }
            KeyCode::Char('q') => fx.quit(),
            KeyCode::Char('?') => fx.help(),
            _ => {}
        }
    }

    /// The search's line becomes the one kept, and is shown from its first step.
    fn answered(&mut self, solution: &Solution, fx: &mut Effects) {
        let Some(table) = &mut self.table else {
            return;
        };
        table.line.clone_from(&solution.line);
        self.searched = Some(Searched {
            stopped: stopped(solution),
            elapsed: solution.stats.elapsed,
        });
        fx.changed();
        if !self.show_line() {
            self.screen = Screen::Deal;
            fx.say(Tone::Warning, "The search found no move to make.");
            return;
        }
        let Some(figures) = self.figures() else {
            return;
        };
        let tone = if figures.complete() {
            Tone::Success
        } else {
            Tone::Warning
        };
        fx.say(tone, format!("{} → steps through it.", figures.headline()));
    }

    fn job_message(&mut self, message: JobMessage, fx: &mut Effects) {
        let Screen::Solving(solving) = &mut self.screen else {
            return;
        };
        if solving.job.id != message.id {
            return;
        }
        match message.event {
            JobEvent::Progress(stats) => solving.stats = stats,
            JobEvent::Better(found) => {
                if let Some(best) = found.take::<Solution>() {
                    solving.best = Some(best);
                }
            }
            JobEvent::Done(found) => {
                let best = found.take::<Solution>();
                self.screen = Screen::Deal;
                match best {
                    Some(best) => self.answered(&best, fx),
                    None => fx.say(Tone::Warning, "The search gave no line."),
                }
            }
            JobEvent::Undecided(cap) => {
                self.screen = Screen::Deal;
                fx.say(
                    Tone::Warning,
                    format!("The search reached its cap ({cap})."),
                );
            }
        }
    }

    /// A text pasted on the deal's screen: a deal (and its line) in place of the one shown,
    /// or what keeps it from being one.
    fn pasted(&mut self, text: &str, fx: &mut Effects) {
        match Table::read(text) {
            Ok(table) => {
                let line = table.line.len();
                *self = TripleKlondike {
                    budget: self.budget,
                    ..TripleKlondike::on(table)
                };
                fx.changed();
                fx.replaced();
                let with = if line > 0 {
                    format!(", with a line of {}", counted(line, "move"))
                } else {
                    String::new()
                };
                fx.say(
                    Tone::Success,
                    format!("Pasted a Triple Klondike deal{with}. Enter solves it."),
                );
            }
            Err(error) => {
                self.problems = problem_lines(&error);
                fx.say(
                    Tone::Error,
                    format!(
                        "Not a Triple Klondike deal: {} (in the panel). The deal shown is kept.",
                        counted(self.problems.len(), "problem")
                    ),
                );
            }
        }
    }
}

/// What is wrong with a text, one problem a line, each where it is when that is known.
fn problem_lines(error: &OpenError) -> Vec<String> {
    match error {
        OpenError::Problems(problems) => problems
            .heading
            .iter()
            .cloned()
            .chain(problems.problems.iter().map(|(at, message)| match at {
                Some(at) => format!("{}:{}: {message}", at.line, at.column),
                None => message.clone(),
            }))
            .collect(),
        other => other.to_string().lines().map(str::to_string).collect(),
    }
}

impl Session for TripleKlondike {
    fn game(&self) -> GameKind {
        GameKind::TripleKlondike
    }

    fn first_words(&self) -> &'static str {
        "Triple Klondike: paste a deal in the contest's format, Ctrl-O opens one, Ctrl-R deals \
         one. F1 for help."
    }

    fn next_words(&self, _playing: bool) -> &'static str {
        if matches!(self.screen, Screen::Line(_)) {
            "Its line is on screen: → steps through it, Enter on the deal solves again."
        } else {
            "Enter solves it; t sets how long."
        }
    }

    fn key(&mut self, _ui: &Ui, key: KeyEvent) -> Effects {
        let mut fx = Effects::default();
        match self.screen {
            Screen::Deal => self.deal_key(key, &mut fx),
            Screen::Solving(_) => self.solving_key(key, &mut fx),
            Screen::Line(_) => self.line_key(key, &mut fx),
        }
        fx
    }

    fn ctrl(&mut self, c: char) -> Effects {
        let mut fx = Effects::default();
        if c == 'p' {
            fx.say(
                Tone::Info,
                "Triple Klondike is not played by hand in the app yet: Enter solves the deal \
                 and → steps through its line.",
            );
        }
        fx
    }

    fn mouse(&mut self, _ui: &Ui, mouse: MouseEvent) -> Effects {
        let mut fx = Effects::default();
        if let Screen::Line(stepper) = &mut self.screen {
            match mouse.kind {
                MouseEventKind::ScrollDown => {
                    stepper.step = (stepper.step + 1).min(stepper.moves());
                }
                MouseEventKind::ScrollUp => stepper.step = stepper.step.saturating_sub(1),
                _ => return fx,
            }
            fx.hush();
        }
        fx
    }

    fn paste(&mut self, text: &str) -> Effects {
        let mut fx = Effects::default();
        if matches!(self.screen, Screen::Solving(_)) {
            return fx;
        }
        self.pasted(text, &mut fx);
        fx
    }

    fn job(&mut self, message: JobMessage) -> Effects {
        let mut fx = Effects::default();
        self.job_message(message, &mut fx);
        fx
    }

    fn tick(&mut self) -> bool {
        if let Screen::Solving(solving) = &mut self.screen {
            solving.elapsed = solving.started.elapsed();
            return true;
        }
        false
    }

    fn busy(&self) -> bool {
        matches!(self.screen, Screen::Solving(_))
    }

    fn editing(&self) -> bool {
        matches!(self.screen, Screen::Deal)
    }

    fn set_goal(&mut self, _goal: Goal) -> Result<Effects, String> {
        Err(
            "Triple Klondike has no challenge: it is played for the most cards up in the \
             fewest moves"
                .to_string(),
        )
    }

    fn work(&self) -> Work {
        Work::of(&self.draft())
    }

    fn filled(&self) -> usize {
        self.draft().typed()
    }

    /// A deal is opened whole or not at all: nothing is typed here.
    fn problems_to_fix(&self) -> bool {
        false
    }

    fn draft(&self) -> Option<String> {
        let draft = self.draft();
        (!draft.is_empty()).then(|| draft.to_text())
    }

    fn save_check(&self) -> Result<(), String> {
        match &self.table {
            Some(_) => Ok(()),
            None => Err("there is no deal to save yet".to_string()),
        }
    }

    fn save(&self, name: &str, notes: &[String]) -> Effect {
        let table = self.table.clone();
        let moves = table.as_ref().map_or(0, |table| table.line.len());
        let said = match moves {
            0 => "Saved".to_string(),
            moves => format!("Saved with its line of {}", counted(moves, "move")),
        };
        let saving = Saving {
            name: name.to_string(),
            notes: notes.to_vec(),
            said,
            what: "game",
        };
        let (name, notes) = (name.to_string(), notes.to_vec());
        let write = move |folders: &store::Folders| {
            let table = table.expect("saved only with a deal, as save_check says");
            saved::save(
                folders,
                &TripleKlondikeSave {
                    name,
                    saved: store::now_text(),
                    notes,
                    table,
                },
            )
        };
        Effect::Save(saving, WriteSave(Box::new(write)))
    }

    fn copy_out(&self) -> Result<(&'static str, String), String> {
        let Some(table) = &self.table else {
            return Err("there is no deal yet".to_string());
        };
        if let Screen::Line(stepper) = &self.screen {
            let mut steps = String::new();
            for (number, (&mv, before)) in table.line.iter().zip(&stepper.positions).enumerate() {
                // Writing to a String cannot fail.
                let _ = writeln!(steps, "{:>3}. {}", number + 1, before.describe(mv));
            }
            return Ok(("solution", steps));
        }
        Ok(("deal", format!("{}\n", table.deal.to_text())))
    }

    fn title(&self) -> (&'static str, String) {
        let screen = match self.screen {
            Screen::Deal => "The deal",
            Screen::Solving(_) => "Solving",
            Screen::Line(_) => "The line",
        };
        let settings = format!("13 piles · 1 pass · {} s", self.budget.as_secs());
        (screen, settings)
    }

    fn draw(&self, board: Rect, panel: Rect, buf: &mut Buffer, look: &Look) {
        view::draw(self, board, panel, buf, look);
    }

    fn message(&self, look: &Look) -> Option<Line<'static>> {
        view::next_step(self, look)
    }

    fn hints(&self, other_game: &'static str) -> Vec<(&'static str, &'static str)> {
        keys::hints(&self.screen, other_game)
    }

    fn help_sections(&self) -> Vec<(&'static str, &'static [Binding])> {
        keys::sections(&self.screen)
    }

    fn bindings(&self) -> Vec<&'static Binding> {
        keys::bindings(&self.screen)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl GameSessions for TripleKlondike {
    const GAME: GameKind = GameKind::TripleKlondike;
    const BOARD_GOAL: &'static str = "Take the most cards up in the fewest moves.";
    const SETTINGS: &'static str = "the settings";
    type Draft = TripleKlondikeDraft;
    type Saved = TripleKlondikeSave;

    fn new_session(_rounds: RoundBudget) -> Box<dyn Session> {
        Box::new(TripleKlondike::default())
    }

    fn restored(draft: &TripleKlondikeDraft, _rounds: RoundBudget, _fx: &mut Effects) -> Restored {
        let Some(table) = draft.table.clone() else {
            return (Box::new(TripleKlondike::default()), String::new());
        };
        let line = table.line.len();
        let text = if line > 0 {
            format!(
                "Restored the Triple Klondike deal and its line of {}.",
                counted(line, "move")
            )
        } else {
            "Restored the Triple Klondike deal. Enter solves it.".to_string()
        };
        (Box::new(TripleKlondike::on(table)), text)
    }

    fn loaded(
        saved: &TripleKlondikeSave,
        _rounds: RoundBudget,
        _fx: &mut Effects,
    ) -> Box<dyn Session> {
        Box::new(TripleKlondike::on(saved.table.clone()))
    }

    fn saved_draft(saved: &TripleKlondikeSave) -> TripleKlondikeDraft {
        TripleKlondikeDraft {
            table: Some(saved.table.clone()),
        }
    }

    /// The deal comes whole: nothing is typed, so nothing is saved unfinished.
    fn unfinished(_text: &str) -> Option<TripleKlondikeDraft> {
        None
    }

    fn read_saved(text: &str, stem: &str) -> Result<TripleKlondikeSave, OpenError> {
        TripleKlondikeSave::read(text, stem)
    }

    fn shown(_saved: &TripleKlondikeSave) -> Result<(), NotShown> {
        Ok(())
    }

    fn about(saved: &TripleKlondikeSave) -> About<'_> {
        (&saved.name, &saved.notes, saved.table.line.len())
    }

    fn saved_state(saved: &TripleKlondikeSave) -> String {
        let table = &saved.table;
        if table.line.is_empty() {
            return "no line yet".to_string();
        }
        let mut end = table.start.clone();
        for &mv in &table.line {
            if end.apply(mv).is_err() {
                break;
            }
        }
        format!("line {}/{}", end.cards_up(), table.line.len())
    }

    fn read_draft(text: &str) -> Option<TripleKlondikeDraft> {
        TripleKlondikeDraft::parse(text)
    }

    fn cards_draft(_text: &str) -> Option<TripleKlondikeDraft> {
        None
    }

    fn open_cards(
        _opening: &DealText,
        _rounds: RoundBudget,
        _fx: &mut Effects,
    ) -> Option<Box<dyn Session>> {
        None
    }
}

/// The moves a line has, for the tests.
#[cfg(test)]
impl TripleKlondike {
    pub fn line(&self) -> &[solitaire::games::triple_klondike::Move] {
        self.table.as_ref().map_or(&[], |table| &table.line)
    }
}

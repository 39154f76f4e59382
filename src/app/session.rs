//! One game's part of the app: its editor, board, stepper, play mode and keys, behind one
//! interface the shell calls. The shell holds the session of the game on screen in
//! [`Session`] and knows nothing of any game's rules; a session's handlers give back the
//! effects they want, and do no I/O.

use crossterm::event::{KeyCode, KeyEvent, MouseEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use solitaire::GameKind;
use solitaire::engine::goal::Goal;

use crate::app::effects::{Effect, Effects, Tone};
use crate::app::games::{pyramid, tripeaks};
use crate::app::help::Binding;
use crate::app::job::JobMessage;
use crate::app::widgets::{Look, counted};
use crate::store::{Draft, GameDraft, TriPeaksDraft};
use solitaire::games::pyramid::Rules;

/// Where the board and the side panel are on screen now, and how it looks: what the mouse
/// and the arrows need to find what is under them.
pub struct Ui<'a> {
    pub board: Rect,
    pub panel: Rect,
    pub look: Look<'a>,
}

/// The work of a session in a form to compare: what "unsaved" is measured against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Work {
    /// The cards and where the game was entered, as text.
    pub deal: String,
    /// All of it: the deal, the settings, the challenge and the moves, as text.
    pub all: String,
    /// Cards typed (unknown ones too).
    pub typed: usize,
    /// Moves played.
    pub moves: usize,
}

impl Work {
    /// The work a draft holds: what the session holding it would say of itself, so that a
    /// draft and a game to open are compared without building either's session.
    pub fn of(draft: &GameDraft) -> Work {
        let (deal, typed, moves) = match draft {
            GameDraft::Pyramid(draft) => (
                GameDraft::Pyramid(Draft {
                    moves: Vec::new(),
                    goal: Goal::Board,
                    rules: Rules::default(),
                    ..draft.clone()
                }),
                draft.slots.iter().flatten().count(),
                draft.moves.len(),
            ),
            GameDraft::TriPeaks(draft) => (
                GameDraft::TriPeaks(TriPeaksDraft {
                    moves: Vec::new(),
                    goal: Goal::Board,
                    ..draft.clone()
                }),
                draft.typed(),
                draft.moves.len(),
            ),
        };
        Work {
            deal: deal.to_text(),
            all: draft.to_text(),
            typed,
            moves,
        }
    }
}

/// Says what a paste into an editor did: the cards placed, the words that were not cards
/// and what did not fit after the last slot. True when a card went in.
pub fn report_paste(
    fx: &mut Effects,
    (placed, bad, left_over): (usize, Vec<String>, usize),
) -> bool {
    let mut message = format!("Pasted {}.", counted(placed, "card"));
    let mut tone = Tone::Info;
    if !bad.is_empty() {
        message.push_str(&format!(" Not cards, skipped: {}.", bad.join(" ")));
        tone = Tone::Warning;
    }
    if left_over > 0 {
        message.push_str(&format!(" {left_over} did not fit after the last slot."));
        tone = Tone::Warning;
    }
    fx.say(tone, message);
    placed > 0
}

/// The keys of the solving screen, the same in every game: Esc cancels (dropping the job
/// cancels it; its last message will carry a stale id), q quits, ? shows the help. True when
/// the solve was cancelled.
pub fn solving_key(fx: &mut Effects, key: KeyEvent) -> bool {
    match key.code {
        KeyCode::Esc => {
            fx.say(Tone::Info, "Cancelled. The deal is as you left it.");
            return true;
        }
        KeyCode::Char('q') => fx.quit(),
        KeyCode::Char('?') => fx.help(),
        _ => {}
    }
    false
}

/// The stepper's keys, the same in every game: → l Space and ← h step, Home and End jump;
/// stepping brings back the "Next:" line in place of older news. The step to show, or `None`
/// for another key.
pub fn step_key(fx: &mut Effects, key: KeyEvent, step: usize, last: usize) -> Option<usize> {
    let to = match key.code {
        KeyCode::Right | KeyCode::Char('l' | ' ') => (step + 1).min(last),
        KeyCode::Left | KeyCode::Char('h') => step.saturating_sub(1),
        KeyCode::Home => 0,
        KeyCode::End => last,
        _ => return None,
    };
    fx.hush();
    Some(to)
}

/// What the shell asks of a game's session.
pub trait GameSession {
    fn game(&self) -> GameKind;
    /// A key without Control, when no overlay is open.
    fn key(&mut self, ui: &Ui, key: KeyEvent) -> Effects;
    /// Control and a letter the shell does not take itself.
    fn ctrl(&mut self, c: char) -> Effects;
    fn mouse(&mut self, ui: &Ui, mouse: MouseEvent) -> Effects;
    fn paste(&mut self, text: &str) -> Effects;
    fn job(&mut self, message: JobMessage) -> Effects;
    /// A clock tick; true when the screen shows something that moves with it.
    fn tick(&mut self) -> bool;
    /// A search is running that the user waits for: saving and opening wait too.
    fn busy(&self) -> bool;
    /// On the editor, where a new deal or another game may be started.
    fn editing(&self) -> bool;
    /// Plays for another challenge; refused when it does not fit the game's settings.
    fn set_goal(&mut self, goal: Goal) -> Result<Effects, String>;
    fn work(&self) -> Work {
        Work::of(&self.draft())
    }
    fn draft(&self) -> GameDraft;
    /// Whether the work can be saved now, or why not.
    fn save_check(&self) -> Result<(), String>;
    /// The save of the work under `name`, with `notes`.
    fn save(&self, name: &str, notes: &[String]) -> Effect;
    /// The screen's name for the title line, and the settings to show at its right.
    fn title(&self) -> (&'static str, String);
    fn draw(&self, board: Rect, panel: Rect, buf: &mut Buffer, look: &Look);
    /// The line under the board when there is no message: the next step, say.
    fn message(&self, look: &Look) -> Option<Line<'static>>;
    /// The most used keys for the bottom line.
    fn hints(&self) -> Vec<(&'static str, &'static str)>;
    /// The help's sections, the current screen's first.
    fn help_sections(&self) -> Vec<(&'static str, &'static [Binding])>;
    /// The keys of the current screen (for the tests that hold the handlers to the help).
    #[cfg_attr(not(test), allow(dead_code))]
    fn bindings(&self) -> Vec<&'static Binding>;
}

/// The session of the game on screen.
pub enum Session {
    Pyramid(Box<pyramid::Session>),
    TriPeaks(Box<tripeaks::Session>),
}

impl Session {
    /// A new, empty deal of a game.
    pub fn new(game: GameKind) -> Session {
        match game {
            // Klondike has no session yet: the command line refuses to start the app on it,
            // and a new deal asked for it is Pyramid's, the app's first game.
            GameKind::Pyramid | GameKind::Klondike => Session::Pyramid(Box::default()),
            GameKind::TriPeaks => Session::TriPeaks(Box::default()),
        }
    }

    pub fn get(&self) -> &dyn GameSession {
        match self {
            Session::Pyramid(session) => session.as_ref(),
            Session::TriPeaks(session) => session.as_ref(),
        }
    }

    pub fn get_mut(&mut self) -> &mut dyn GameSession {
        match self {
            Session::Pyramid(session) => session.as_mut(),
            Session::TriPeaks(session) => session.as_mut(),
        }
    }
}

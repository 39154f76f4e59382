//! What the shell asks of the game on screen ([`Session`]), whatever the game: its keys,
//! mouse and paste, its background searches' messages, its work for the draft and the save,
//! and its screen drawn. Every game's session is the shared flow over the game's parts
//! (see [`flow`](crate::app::flow)); the shell holds it as a `Box<dyn Session>`.

use std::any::Any;

use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use solitaire::GameKind;
use solitaire::cards::deal::DECK_SIZE;
use solitaire::engine::goal::Goal;

use solitaire::engine::game::OpenError;

use crate::app::effects::{Effect, Effects, Held};
use crate::app::flow::keys::Binding;
use crate::app::flow::round_budget::RoundBudget;
use crate::app::job::JobMessage;
use crate::app::widgets::Look;

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

/// A game's work as its draft keeps it: what the shell compares and writes.
pub trait KeptWork {
    /// The draft's text.
    fn to_text(&self) -> String;
    /// The same without the moves, the challenge and the rules: the deal alone.
    fn deal_only(&self) -> Self;
    /// Cards typed, unknown ones too.
    fn typed(&self) -> usize;
    /// Moves played.
    fn moves(&self) -> usize;
    /// Whether nothing is typed: such a draft is not kept.
    fn is_empty(&self) -> bool;
    /// The text of the unfinished deal saved under `name` on `saved` (the date), with
    /// `notes`; it opens again into the editor.
    fn named_text(&self, name: &str, saved: &str, notes: &[String]) -> String;
    /// Whether a file's text is an unfinished deal of these very slots, which saving this
    /// again may go over.
    fn same_unfinished(&self, text: &str) -> bool;
}

/// What an unfinished deal is called wherever it is named (saved, listed, opened): the cards
/// typed of the pack while only cards are still to type, else its problems to fix.
pub fn unfinished_state(typed: usize, problems: bool) -> String {
    if problems || typed >= DECK_SIZE {
        "problems to fix".to_string()
    } else {
        format!("unfinished {typed}/{DECK_SIZE}")
    }
}

impl Work {
    /// The work a draft holds.
    pub fn of(draft: &impl KeptWork) -> Work {
        Work {
            deal: draft.deal_only().to_text(),
            all: draft.to_text(),
            typed: draft.typed(),
            moves: draft.moves(),
        }
    }
}

/// A deal file that does not read as a deal (a duplicate, a card missing): the editor opens
/// it with its cards placed as far as they go and its problems shown. Its text is as the
/// bounded reader gives it (`text_file`), line ends already made `\n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealText {
    pub name: String,
    pub text: String,
}

/// What the shell asks of the game on screen.
pub trait Session {
    fn game(&self) -> GameKind;
    /// What the app says over the game's empty editor.
    fn first_words(&self) -> &'static str;
    /// What to say of the keys once a deal or a save is opened: a game `playing` goes on
    /// where it was left.
    fn next_words(&self, playing: bool) -> &'static str {
        if playing {
            "Play goes on where it was left."
        } else {
            "Enter solves, Ctrl-P plays."
        }
    }
    /// A key without Control, when no overlay is open.
    fn key(&mut self, ui: &Ui, key: KeyEvent) -> Effects;
    /// Control and a letter the shell does not take itself.
    fn ctrl(&mut self, c: char) -> Effects;
    fn mouse(&mut self, ui: &Ui, mouse: MouseEvent) -> Effects;
    fn paste(&mut self, text: &str) -> Effects;
    /// An event held back to ask first, handed back as it came.
    fn replay(&mut self, ui: &Ui, held: Held) -> Effects {
        match held {
            Held::Key(key) => self.key(ui, key),
            Held::Ctrl(c) => self.ctrl(c),
            Held::Paste(text) => self.paste(&text),
        }
    }
    /// An event held back to ask first, once the user said yes: it goes ahead, moves lost.
    fn go_ahead(&mut self, ui: &Ui, held: Held) -> Effects {
        self.replay(ui, held)
    }
    /// An event held back to ask first, once the user said no: nothing of it is left half
    /// done, such as a card half-typed.
    fn kept(&mut self) {}
    /// Whether a question holds the message line: what the game says meanwhile waits behind
    /// it, unseen until it is answered.
    fn line_taken(&mut self, _taken: bool) {}
    /// Takes the rules chosen in `earlier`, a session of the same game on another deal: the
    /// rules belong to the session, so a new or a random deal keeps them.
    fn keep_rules(&mut self, _earlier: &dyn Session) {}
    fn job(&mut self, message: JobMessage) -> Effects;
    /// A clock tick; true when the screen shows something that moves with it.
    fn tick(&mut self) -> bool;
    /// A search is running that the user waits for: saving and opening wait too.
    fn busy(&self) -> bool;
    /// On the editor, where a new deal or another game may be started.
    fn editing(&self) -> bool;
    /// A dialog of the game's own (the rules) is open: like the shell's, it holds every key
    /// but its own.
    fn in_dialog(&self) -> bool {
        false
    }
    /// Plays for another challenge; refused when it does not fit the game's settings.
    fn set_goal(&mut self, goal: Goal) -> Result<Effects, String>;
    /// The work, to compare.
    fn work(&self) -> Work;
    /// Cards typed in the editor, those not known included.
    fn filled(&self) -> usize;
    /// Whether the work has problems besides cards still to type (a card typed twice, a
    /// pile that cannot be): what an unfinished save of it is then called.
    fn problems_to_fix(&self) -> bool;
    /// The draft's text; `None` when nothing is typed.
    fn draft(&self) -> Option<String>;
    /// Whether the work can be saved now, or why not.
    fn save_check(&self) -> Result<(), String>;
    /// The save of the work under `name`, with `notes`.
    fn save(&self, name: &str, notes: &[String]) -> Effect;
    /// What Ctrl-Y copies out: on the solution screen its steps as the commands print them
    /// ("solution"), elsewhere the deal as `solve` reads it ("deal", or "game" for a game
    /// under way); or why not yet.
    fn copy_out(&self) -> Result<(&'static str, String), String>;
    /// The screen's name for the title line, and the rules in short to show at its right,
    /// after the game's name.
    fn title(&self) -> (&'static str, String);
    fn draw(&self, board: Rect, panel: Rect, buf: &mut Buffer, look: &Look);
    /// The line under the board when there is no message: the next step, say.
    fn message(&self, look: &Look) -> Option<Line<'static>>;
    /// The most used keys for the bottom line; Ctrl-G goes to `other_game`.
    fn hints(&self, other_game: &'static str) -> Vec<(&'static str, &'static str)>;
    /// The help's sections of the game's screens, the current screen's first.
    fn help_sections(&self) -> Vec<(&'static str, &'static [Binding])>;
    /// Whether the game's editor types `?` as a card not seen yet, so that only F1 opens the
    /// help there.
    fn question_is_a_card(&self) -> bool {
        false
    }
    /// The game's keys on the current screen (for the tests that hold the handlers to the
    /// help).
    #[cfg_attr(not(test), allow(dead_code))]
    fn bindings(&self) -> Vec<&'static Binding>;
    /// The session itself, for tests that look inside a game's.
    #[cfg_attr(not(test), allow(dead_code))]
    fn as_any(&self) -> &dyn Any;
    #[cfg_attr(not(test), allow(dead_code))]
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// A session on a draft's work, and what to say of it.
pub type Restored = (Box<dyn Session>, String);

/// A saved game's name, notes and how many moves it has.
pub type About<'a> = (&'a str, &'a [String], usize);

/// Why the app does not show a saved game yet, though the commands take it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NotShown(pub &'static str);

/// A game's screens as the registry needs them: its sessions, and its saves and drafts read
/// and described. Every game whose screens are the shared flow has it through
/// [`Flow`](crate::app::flow::Flow); a game whose screens are its own session implements it itself.
pub trait GameSessions: 'static {
    /// The game.
    const GAME: GameKind;
    /// What the Board challenge asks, in the challenge dialog's words.
    const BOARD_GOAL: &'static str;
    /// What the player changes beside the cards and moves, in the question before unsaved
    /// work is replaced.
    const SETTINGS: &'static str;
    /// The work as the draft keeps it.
    type Draft: KeptWork + Clone + PartialEq + std::fmt::Debug + Send + 'static;
    /// A saved game.
    type Saved: Clone + PartialEq + std::fmt::Debug + Send + 'static;

    /// A session on a new, empty deal; each round of a ranking at the table spends `rounds`
    /// (as in every constructor here; a game that ranks no moves leaves it).
    fn new_session(rounds: RoundBudget) -> Box<dyn Session>;
    /// A session on a draft's work, and what to say.
    fn restored(draft: &Self::Draft, rounds: RoundBudget, fx: &mut Effects) -> Restored;
    /// A session on a saved game.
    fn loaded(saved: &Self::Saved, rounds: RoundBudget, fx: &mut Effects) -> Box<dyn Session>;
    /// A saved game as the draft its session would keep.
    fn saved_draft(saved: &Self::Saved) -> Self::Draft;
    /// The draft of a text that holds an unfinished deal of the game, saved under a name.
    fn unfinished(text: &str) -> Option<Self::Draft>;
    /// Reads a saved game of the game, or a deal; a text without a `# name:` is named `stem`.
    fn read_saved(text: &str, stem: &str) -> Result<Self::Saved, OpenError>;
    /// Whether the app shows a saved game, or why not yet.
    fn shown(saved: &Self::Saved) -> Result<(), NotShown>;
    /// A saved game's name, notes and how many moves it has.
    fn about(saved: &Self::Saved) -> About<'_>;
    /// What the Open dialog says of a save: how far its game went and what is known of it.
    fn saved_state(saved: &Self::Saved) -> String;
    /// Reads a draft of the game back; `None` when the text is not one.
    fn read_draft(text: &str) -> Option<Self::Draft>;
    /// A deal file with problems as the draft the game's editor keeps; `None` for a game
    /// whose editor does not take one.
    fn cards_draft(text: &str) -> Option<Self::Draft>;
    /// A session on a deal file with problems in the game's editor; `None` for a game whose
    /// editor does not take one.
    fn open_cards(
        opening: &DealText,
        rounds: RoundBudget,
        fx: &mut Effects,
    ) -> Option<Box<dyn Session>>;
}

/// A draft or a saved game of whichever game the app has screens for: the shell and the
/// store carry it without knowing the game, and the game's screens take their own back
/// ([`Kept::get`]).
#[derive(Debug)]
pub struct Kept(Box<dyn KeptValue>);

/// The work a draft keeps, of whichever game.
pub type GameDraft = Kept;
/// A saved game, of whichever game.
pub type SavedGame = Kept;

impl Kept {
    /// A game's draft or save, kept as it is.
    pub fn of<T: Any + Clone + PartialEq + std::fmt::Debug + Send>(value: T) -> Kept {
        Kept(Box::new(value))
    }

    /// The value, when it is a `T`: a game's own draft or save; `None` for another game's.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }
}

/// What [`Kept`] needs of a value to be copied and compared without its type being known.
trait KeptValue: Any + std::fmt::Debug + Send {
    fn as_any(&self) -> &dyn Any;
    fn boxed(&self) -> Box<dyn KeptValue>;
    fn same(&self, other: &dyn KeptValue) -> bool;
}

impl<T: Any + Clone + PartialEq + std::fmt::Debug + Send> KeptValue for T {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn boxed(&self) -> Box<dyn KeptValue> {
        Box::new(self.clone())
    }

    fn same(&self, other: &dyn KeptValue) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
}

impl Clone for Kept {
    fn clone(&self) -> Kept {
        Kept(self.0.boxed())
    }
}

impl PartialEq for Kept {
    fn eq(&self, other: &Kept) -> bool {
        self.0.same(&*other.0)
    }
}

impl Eq for Kept {}

//! What comes into the app ([`Msg`]) and what should happen because of it ([`Effect`]), and
//! the [`Runner`] that makes it happen.
//!
//! Handlers never do I/O: a game screen's key, mouse and job handlers give back [`Effects`]
//! (say something, open the help, start a search, the work changed), and the shell's update
//! gives back what only the outside world can do (start a search on a thread, write a save
//! or the draft, list or delete saves, keep the theme chosen). The event loop hands those to
//! the runner, whose answers come back in as messages; tests run the same effects, or look at
//! them without running them.

use std::path::PathBuf;
use std::sync::mpsc::Sender;

use crossterm::event::{KeyEvent, MouseEvent};

use solitaire::engine::goal::Goal;

use crate::app::job::{Job, JobMessage};
use crate::app::preferences;
use crate::store::{self, DraftFile, DraftName, Drafts, Folders, SaveText, StorageError};

/// Everything that can happen to the app.
#[derive(Debug)]
pub enum Msg {
    Key(KeyEvent),
    Mouse(MouseEvent),
    Paste(String),
    Resize(u16, u16),
    Tick,
    Job(JobMessage),
    /// The process is told to stop (SIGTSTP, from `kill -TSTP`): the event loop hands the
    /// terminal back first.
    Stop,
    /// The process goes on after a stop (SIGCONT, from `fg`): the event loop takes the
    /// terminal again, and the whole screen is drawn anew.
    Continue,
    /// The process is told to end (SIGINT, SIGTERM or SIGHUP, from `kill` or a closed
    /// terminal): the app quits at once, as Ctrl-Q does but without asking, the draft as last
    /// written, and the terminal is handed back.
    End,
    /// What an effect did, once the runner has run it.
    Done(Done),
}

/// What the runner did with an effect that the app waits to hear about.
#[derive(Debug)]
pub enum Done {
    /// A save was written, or why not; with what was asked.
    Saved(Saving, Written),
    /// The draft was written, or why not; and what the app does next.
    DraftKept(Result<(), StorageError>, Then),
    /// What the saves folder holds (the Open dialog's rows) and the files that cannot be read.
    Listed(Vec<SaveText>, Vec<String>),
    /// A save was deleted, or why not.
    Deleted(PathBuf, Result<(), StorageError>),
    /// The theme chosen was kept for the next start, or why not.
    ThemeKept(String, Result<(), String>),
    /// A deal or a solution was copied out: sent to the terminal's clipboard, and written to
    /// a file or why not.
    CopiedOut(&'static str, Written),
}

/// What the app does once the draft is written.
#[derive(Debug)]
pub enum Then {
    /// Nothing more.
    Nothing,
    /// Says this (after a save: where it went), with the draft's failure if it was not
    /// written.
    Say(Tone, String),
    /// Says that a save failed, and where the work is kept now.
    NotSaved(StorageError, &'static str),
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

/// A save being written: the name and notes asked for, and what to say of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saving {
    /// The name the user gave, as it goes into the file.
    pub name: String,
    /// The notes saved with it.
    pub notes: Vec<String>,
    /// What to say once it is written, before "to PATH.": "Saved with 3 moves".
    pub said: String,
    /// What is lost if it is not written: "game", or "deal" when it is unfinished.
    pub what: &'static str,
}

/// The path a save was written to, or why it was not.
pub type Written = Result<PathBuf, StorageError>;

/// Writes a save in the saves folder, never over another game.
pub struct WriteSave(pub Box<dyn FnOnce(&Folders) -> Written>);

impl std::fmt::Debug for WriteSave {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WriteSave(..)")
    }
}

/// An event the game on screen held back because it would lose the moves played: handed
/// back to it once the user says yes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Held {
    Key(KeyEvent),
    /// Control and a letter the shell does not take itself.
    Ctrl(char),
    Paste(String),
}

/// What an event held back would lose the moves played to, which the question's answer keys
/// name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LostTo {
    /// A change to the deal or its rules, from which the game no longer plays.
    Edit,
    /// Play mode from a solution's step, in place of the game played.
    PlayOn,
}

/// What should happen.
#[derive(Debug)]
pub enum Effect {
    /// A message on the status line.
    Say(Tone, String),
    /// The status line empties (stepping brings the "Next:" line back).
    Hush,
    /// The help opens.
    Help,
    /// The challenge dialog opens over the challenge played.
    Challenge(Goal),
    /// Quitting is asked for: it goes ahead unless that would lose work.
    Quit,
    /// An edit that would lose the moves played, held back: the user is asked this question
    /// first when the moves are not saved.
    AskFirst(Held, LostTo, String),
    /// The work changed: the draft is written once the event is handled.
    Changed,
    /// The work on screen is a deal of its own now (a whole deal pasted in place of the one
    /// opened), so the save's name and notes no longer belong to it.
    Replaced,
    /// A search starts on a thread of its own.
    Solve(Job),
    /// A save is written.
    Save(Saving, WriteSave),
    /// The draft is written (removed when `text` is `None`: nothing is typed).
    KeepDraft {
        text: Option<String>,
        name: Option<DraftName>,
        then: Then,
    },
    /// The saves folder is listed for the Open dialog.
    ListSaves,
    /// A save is deleted.
    DeleteSave(PathBuf),
    /// The theme is kept for the next start.
    KeepTheme(String),
    /// A deal or a solution is copied out, to the clipboard and to a file.
    CopyOut(CopyOut),
}

/// What Ctrl-Y copies out: the deal as `solve` reads it, or a solution's steps as the
/// commands print them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopyOut {
    /// "deal", "game" or "solution", for the messages.
    pub what: &'static str,
    /// The name the file is written under, in the saves folder.
    pub name: String,
    /// The file's extension: `txt` for a deal, which the Open dialog lists, `steps` for a
    /// solution, which it does not.
    pub extension: &'static str,
    pub text: String,
}

/// The escape sequence (OSC 52) that asks the terminal to put `text` on the clipboard.
/// Terminals that do not take it ignore it, and none says whether it did.
pub fn osc52(text: &str) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut encoded = String::with_capacity(text.len().div_ceil(3) * 4);
    for chunk in text.as_bytes().chunks(3) {
        let bytes = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let bits = u32::from_be_bytes([0, bytes[0], bytes[1], bytes[2]]);
        for place in 0..4 {
            if place <= chunk.len() {
                let digit = (bits >> (18 - 6 * place)) & 0x3f;
                encoded.push(char::from(DIGITS[digit as usize]));
            } else {
                encoded.push('=');
            }
        }
    }
    format!("\x1b]52;c;{encoded}\x07")
}

/// The effects a handler gives back, in order.
#[derive(Debug, Default)]
#[must_use]
pub struct Effects(Vec<Effect>);

impl Effects {
    /// A message on the status line.
    pub fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.0.push(Effect::Say(tone, text.into()));
    }

    /// Adds `more` to the last message said, when something is said.
    pub fn add_to_said(&mut self, more: &str) {
        let said = self.0.iter_mut().rev().find_map(|effect| match effect {
            Effect::Say(_, text) => Some(text),
            _ => None,
        });
        if let Some(text) = said {
            text.push_str(more);
        }
    }

    /// Empties the status line.
    pub fn hush(&mut self) {
        self.0.push(Effect::Hush);
    }

    /// Whether the status line changes: something is said or it is emptied.
    pub fn says(&self) -> bool {
        (self.0.iter()).any(|effect| matches!(effect, Effect::Say(..) | Effect::Hush))
    }

    /// Opens the help.
    pub fn help(&mut self) {
        self.0.push(Effect::Help);
    }

    /// Opens the challenge dialog over `goal`.
    pub fn challenge(&mut self, goal: Goal) {
        self.0.push(Effect::Challenge(goal));
    }

    /// Asks to quit.
    pub fn quit(&mut self) {
        self.0.push(Effect::Quit);
    }

    /// Holds an event back until the user answers `question` (when there is unsaved work to
    /// lose).
    pub fn ask_first(&mut self, held: Held, lost_to: LostTo, question: String) {
        self.0.push(Effect::AskFirst(held, lost_to, question));
    }

    /// Says the work changed, for the draft.
    pub fn changed(&mut self) {
        self.0.push(Effect::Changed);
    }

    /// Says a whole new deal replaced the work, which the save's name and notes no longer
    /// name.
    pub fn replaced(&mut self) {
        self.0.push(Effect::Replaced);
    }

    /// Starts a search.
    pub fn solve(&mut self, job: Job) {
        self.0.push(Effect::Solve(job));
    }

    /// The effects, in order.
    pub fn into_vec(self) -> Vec<Effect> {
        self.0
    }
}

/// Runs the effects that reach the outside world: threads for searches, and files through
/// the store.
pub struct Runner {
    folders: Folders,
    draft: DraftFile,
    send: Sender<Msg>,
    /// Escape sequences for the terminal (a copy to its clipboard), which the event loop
    /// writes between two draws.
    to_terminal: Vec<String>,
}

impl Runner {
    /// The runner of an app starting on `folders`: the temporary files of runs killed
    /// mid-save are removed, and the draft to go on with is claimed, its file now the
    /// runner's to write; the drafts found go to the app. Searches send their messages to
    /// `send`.
    pub fn start<D, E: std::fmt::Display>(
        folders: Folders,
        send: Sender<Msg>,
        read_draft: impl Fn(&str) -> Result<D, E>,
    ) -> (Runner, Drafts<D>) {
        store::remove_stale_temporaries(&folders);
        let claim = store::claim_draft(&folders, read_draft);
        let runner = Runner {
            folders,
            draft: claim.file,
            send,
            to_terminal: Vec::new(),
        };
        (runner, claim.drafts)
    }

    /// The file this app keeps its draft in, once it has one.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn draft_path(&self) -> Option<&std::path::Path> {
        self.draft.path()
    }

    /// The escape sequences waiting for the terminal, in order; taken, they are no longer
    /// waiting.
    pub fn take_terminal_output(&mut self) -> Vec<String> {
        std::mem::take(&mut self.to_terminal)
    }

    /// Runs one effect; what the app should hear of it comes back as a message.
    pub fn run(&mut self, effect: Effect) -> Option<Msg> {
        let done = match effect {
            Effect::Solve(job) => {
                job.spawn(self.send.clone(), Msg::Job);
                return None;
            }
            Effect::Save(saving, write) => Done::Saved(saving, (write.0)(&self.folders)),
            Effect::KeepDraft { text, name, then } => {
                Done::DraftKept(self.draft.store(text.as_deref(), name.as_ref()), then)
            }
            Effect::ListSaves => {
                let (listed, broken) = store::list(&self.folders);
                Done::Listed(listed, broken)
            }
            Effect::DeleteSave(path) => {
                let deleted = store::delete(&path);
                Done::Deleted(path, deleted)
            }
            Effect::CopyOut(copy) => {
                self.to_terminal.push(osc52(&copy.text));
                let written =
                    store::save_copy(&self.folders, &copy.name, copy.extension, &copy.text);
                Done::CopiedOut(copy.what, written)
            }
            Effect::KeepTheme(name) => {
                let kept = preferences::remember_theme(&self.folders.preferences(), &name)
                    .map_err(|error| error.to_string());
                Done::ThemeKept(name, kept)
            }
            // The shell's own: nothing for the outside world to do.
            Effect::Say(..)
            | Effect::Hush
            | Effect::Help
            | Effect::Challenge(_)
            | Effect::Quit
            | Effect::AskFirst(..)
            | Effect::Changed
            | Effect::Replaced => return None,
        };
        Some(Msg::Done(done))
    }
}

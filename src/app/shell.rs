//! The app's shell and its update function: every event, from keys to solver messages and
//! what the runner did, comes in as a [`Msg`], and [`App::update`] gives back the effects
//! only the outside world can carry out (searches on threads, files). The shell owns what no
//! game has rules for (overlays, the status line, themes, saves and the draft) and hands the
//! rest to the game's session, whose handlers give back effects too.

use std::collections::VecDeque;
use std::sync::mpsc::Sender;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::text::Line;

use solitaire::GameKind;
use solitaire::cards::excerpt::shown_path;
use solitaire::engine::game::Game;
use solitaire::engine::goal::{CountError, Goal, GoalText, GoalTextError};

use crate::app::cards::CardText;
use crate::app::effects::{
    CopyOut, Done, Effect, Effects, Held, LostTo, Msg, Runner, Saving, Status, Then, Tone,
};
use crate::app::flow::keys::Binding;
use crate::app::flow::round_budget::RoundBudget;
use crate::app::games::{self, Holds};
use crate::app::help;
use crate::app::layout;
use crate::app::open_dialog::{OpenAction, OpenDialog};
use crate::app::question::{self, Reply};
use crate::app::session::{DealText, Session, Ui, Work};
use crate::app::session::{GameDraft, SavedGame};
use crate::app::text_field::TextField;
use crate::app::theme::Theme;
use crate::app::widgets::{Look, hint_width};
use crate::store::{self, Drafts, Folders, Origin, StorageError};

/// What the shell shows around the game: the status line, the overlay, the screen's size and
/// the clock.
pub struct Shell {
    pub status: Option<Status>,
    pub overlay: Option<Overlay>,
    pub size: Rect,
    pub ticks: u64,
}

impl Shell {
    pub fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.status = Some(Status {
            text: text.into(),
            tone,
        });
    }
}

/// The save dialog: the name and a note, as typed so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveDialog {
    pub name: TextField,
    pub note: TextField,
    /// Typing goes to the note rather than the name.
    pub on_note: bool,
}

impl SaveDialog {
    /// The dialog's keys, for its last line and the key bar.
    pub const KEYS: [(&'static str, &'static str); 4] = [
        ("Enter", "saves"),
        ("Tab", "name/note"),
        ("←→ Home End", "move"),
        ("Esc", "cancels"),
    ];

    /// The field typing goes to.
    fn field(&mut self) -> &mut TextField {
        if self.on_note {
            &mut self.note
        } else {
            &mut self.name
        }
    }
}

/// The challenge dialog: which challenge, and its inputs as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeDialog {
    /// 0 Board, 1 Score, 2 Card.
    pub kind: usize,
    /// Score: target, earned. Card: rank, target, already. Each opens selected: the first
    /// key typed replaces the value it came with (a default, or the value set before).
    pub score: [TextField; 2],
    pub card: [TextField; 3],
    /// The row being edited: 0 the challenge, then its fields.
    pub focus: usize,
    /// The game played: its limits and its full score.
    pub game: GameKind,
}

impl ChallengeDialog {
    /// The challenge names, in the order ←→ go through them.
    pub const KINDS: [&'static str; 3] = ["Board", "Score", "Card"];

    /// The dialog's keys, for its last line and the key bar.
    pub const KEYS: [(&'static str, &'static str); 4] = [
        ("←→", "challenge/move"),
        ("↑↓ Tab", "field"),
        ("Enter", "set"),
        ("Esc", "cancel"),
    ];

    pub fn new(goal: Goal, game: GameKind) -> ChallengeDialog {
        let mut dialog = ChallengeDialog {
            kind: 0,
            score: [
                TextField::new(game.full_score().to_string()),
                TextField::new("0"),
            ],
            card: [
                TextField::new("A"),
                TextField::new("4"),
                TextField::new("0"),
            ],
            focus: 0,
            game,
        };
        match goal {
            Goal::Board => {}
            Goal::Score { target, earned } => {
                dialog.kind = 1;
                dialog.score = [
                    TextField::new(target.to_string()),
                    TextField::new(earned.to_string()),
                ];
            }
            Goal::Card {
                rank,
                target,
                already,
            } => {
                dialog.kind = 2;
                dialog.card = [
                    TextField::new(rank.to_string()),
                    TextField::new(target.to_string()),
                    TextField::new(already.to_string()),
                ];
            }
        }
        dialog
    }

    /// The fields of the challenge chosen, with their labels.
    pub fn fields(&self) -> Vec<(&'static str, &TextField)> {
        match self.kind {
            1 => vec![("Target", &self.score[0]), ("Earned", &self.score[1])],
            2 => vec![
                ("Rank", &self.card[0]),
                ("Target", &self.card[1]),
                ("Already", &self.card[2]),
            ],
            _ => Vec::new(),
        }
    }

    /// Whether the field edited takes a number (all but the Card challenge's rank).
    fn numeric(&self) -> bool {
        !(self.kind == 2 && self.focus == 1)
    }

    fn field(&mut self) -> Option<&mut TextField> {
        match (self.kind, self.focus) {
            (_, 0) => None,
            (1, f) => self.score.get_mut(f - 1),
            (2, f) => self.card.get_mut(f - 1),
            _ => None,
        }
    }

    /// The challenge typed, or what is wrong with it.
    fn goal(&self) -> Result<Goal, String> {
        let text = match self.kind {
            1 => GoalText::Score {
                target: self.score[0].text().trim(),
                earned: self.score[1].text().trim(),
            },
            2 => GoalText::Card {
                rank: self.card[0].text().trim(),
                target: self.card[1].text().trim(),
                already: self.card[2].text().trim(),
            },
            _ => GoalText::Board,
        };
        text.read_in(self.game).map_err(|problem| refusal(&problem))
    }

    /// Goes to row `focus`, its field selected as it is entered.
    fn focus_on(&mut self, focus: usize) {
        self.focus = focus;
        if let Some(field) = self.field() {
            field.select_all();
        }
    }

    /// Whether the field edited may hold `text`: digits in a count, the start of a rank in
    /// the Card challenge's Rank.
    fn fits(&self, text: &str) -> bool {
        if self.numeric() {
            text.chars().all(|c| c.is_ascii_digit())
        } else {
            text.is_empty() || rank_start(text.trim())
        }
    }
}

/// A window over the screen that takes the keys while it is open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Overlay {
    /// The keys, scrolled down this many lines.
    Help(u16),
    Save(SaveDialog),
    Open(OpenDialog),
    Challenge(ChallengeDialog),
}

/// Where quitting stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Quitting {
    Staying,
    /// Asked for (Ctrl-Q, or `q` outside the editor): it goes ahead once the event is
    /// handled, unless that would lose work.
    Asked,
    /// Asked for while the draft is being written: whether that works decides it.
    AfterDraft,
    /// It goes ahead: the event loop ends.
    Leaving,
}

/// A change that would drop unsaved work, waiting for a y/n answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Confirm {
    /// Ctrl-N: a new, empty deal.
    New,
    /// Ctrl-G: a new, empty deal of the other game.
    Switch(GameKind),
    /// Ctrl-R: a new random deal of the game on screen.
    Random,
    /// A saved game to open in place of the work, and where it comes from.
    Open(Box<SavedGame>, String),
    /// A game pasted with its moves, to open in place of the work as its file would.
    Paste(Box<SavedGame>),
    /// A deal file with problems, or an unfinished deal, to go on with in the editor in place
    /// of the work.
    OpenText(DealText),
    /// Quitting, while neither a save nor the draft holds the work.
    Quit,
    /// An event that loses the moves played (an edit, or playing on from a solution's step),
    /// held back by the game until the user says yes.
    Edit(Held, LostTo),
}

impl Confirm {
    /// The name of the deal that would be opened; empty for a new deal.
    fn name(&self) -> &str {
        match self {
            Confirm::Open(saved, _) | Confirm::Paste(saved) => games::about(saved).0,
            Confirm::OpenText(text) => &text.name,
            Confirm::New
            | Confirm::Switch(_)
            | Confirm::Random
            | Confirm::Quit
            | Confirm::Edit(..) => "",
        }
    }

    /// The answer keys and what they do: one place for every question, read by the question's
    /// last words and by the bottom line while it waits.
    fn answers(&self) -> [(&'static str, &'static str); 2] {
        let (yes, no) = match self {
            Confirm::New | Confirm::Switch(_) => ("clears", "keeps it"),
            Confirm::Random => ("deals", "keeps it"),
            Confirm::Open(..) | Confirm::Paste(_) | Confirm::OpenText(_) => {
                ("opens it", "keeps the draft")
            }
            Confirm::Quit => ("quits", "stays"),
            Confirm::Edit(_, LostTo::Edit) => ("changes it", "keeps the game"),
            Confirm::Edit(_, LostTo::PlayOn) => ("plays on from the step", "keeps the game"),
        };
        [(question::YES_KEY, yes), (question::NO_KEYS, no)]
    }

    /// The reply to no: what was kept, and what was not done.
    fn declined(&self) -> String {
        match self {
            Confirm::New => "Kept as it was: no new deal.".to_string(),
            Confirm::Switch(game) => format!("Kept as it was: no new {game} deal."),
            Confirm::Random => "Kept as it was: no random deal.".to_string(),
            Confirm::Open(..) | Confirm::Paste(_) | Confirm::OpenText(_) => {
                format!("Kept the draft; '{}' not opened.", self.name())
            }
            Confirm::Quit => "Not quit: the work is still here.".to_string(),
            Confirm::Edit(_, LostTo::Edit) => "Kept the game; the change is not made.".to_string(),
            Confirm::Edit(_, LostTo::PlayOn) => {
                "Kept the game; not played on from the step.".to_string()
            }
        }
    }

    /// The Control key that asked the question, which says yes when pressed again.
    fn again(&self) -> Option<char> {
        match self {
            Confirm::New => Some('n'),
            Confirm::Switch(_) => Some('g'),
            Confirm::Random => Some('r'),
            Confirm::Quit => Some('q'),
            Confirm::Open(..) | Confirm::Paste(_) | Confirm::OpenText(_) | Confirm::Edit(..) => {
                None
            }
        }
    }

    /// The question's last words: how to answer it.
    fn answer_words(&self) -> String {
        let [(_, yes), (_, no)] = self.answers();
        question::answer_words(yes, no, self.again())
    }
}

/// What the game's paste says, with why the text's moves were left out when they did not
/// read (the move that cannot be played, named as the commands name it).
fn with_unread(mut fx: Effects, unread: Option<&games::Unopened>) -> Effects {
    if let Some(reason) = unread {
        fx.add_to_said(&format!(" Its moves are left out: {reason}."));
    }
    fx
}

/// What the app starts with.
pub struct Setup {
    /// Where saves, drafts and preferences are.
    pub folders: Folders,
    pub themes: Vec<Theme>,
    pub theme: usize,
    pub ascii: bool,
    /// A deal to open, with its name.
    pub deal: Option<SavedGame>,
    /// A deal file with problems to open in the editor (in place of `deal`).
    pub deal_text: Option<DealText>,
    /// The game named on the command line (`--game`), if any: the editor's game when nothing
    /// is opened, and shown in place of a draft of another game, which is saved aside.
    pub game: Option<GameKind>,
    /// Warnings to show first (a broken user theme, say).
    pub warnings: Vec<String>,
    /// What each round of a ranking at the table may spend, in every game's session.
    pub rounds: RoundBudget,
}

/// The whole app.
pub struct App {
    pub shell: Shell,
    pub session: Box<dyn Session>,
    /// What each round of a ranking at the table may spend, in every session the app starts.
    pub rounds: RoundBudget,
    pub themes: Vec<Theme>,
    pub theme: usize,
    pub ascii: bool,
    /// The deal's name once it has one (opened or saved).
    pub name: Option<String>,
    /// The notes saved with the game.
    pub notes: Vec<String>,
    /// A change that waits for y (or n) because it would drop unsaved work.
    pub confirm: Option<Confirm>,
    /// The question waiting, with how to answer it, as the message line shows it.
    asked: String,
    /// The same question in fewer words, as the Open dialog's note (two lines) shows it.
    asked_briefly: String,
    /// The question the quit question was asked over, with its words: it waits under it, and
    /// comes back when the user stays, so that quitting never drops it unanswered.
    covered: Option<(Confirm, String)>,
    /// What was said while the question waited: the question owns the message line until it
    /// is answered, and these follow its reply.
    meanwhile: Vec<Meanwhile>,
    /// The work as last saved or opened.
    clean: Option<Work>,
    /// Why the draft could not be written the last time it was, if it could not: the work
    /// since then is kept nowhere.
    draft_problem: Option<DraftProblem>,
    /// The work changed: the draft is written once the event is handled.
    draft_due: bool,
    /// Where quitting stands.
    quitting: Quitting,
    /// Something changed since the screen was last drawn.
    dirty: bool,
    /// What the outside world is to do, in order: given back by [`App::update`].
    effects: Vec<Effect>,
    /// A draft of another game than the one named at start, being saved aside.
    aside: Option<Aside>,
}

/// Why the draft could not be written.
struct DraftProblem {
    /// With the draft's path: "cannot write PATH: permission denied".
    whole: String,
    /// Without it, for a line too short for a long path: "permission denied".
    reason: String,
}

/// Something said while a question waited, held back so that the question stays in sight.
struct Meanwhile {
    status: Status,
    /// Said by the game of the work on screen: stale once a yes has replaced that work.
    of_game: bool,
}

/// The draft of another game than the one named on the command line, while it is saved
/// aside: put back on screen if that fails, so that it is never lost.
struct Aside {
    draft: GameDraft,
    name: Option<store::DraftName>,
    /// What it holds, in words: "the 7 cards typed (not saved)".
    what: String,
}

impl App {
    /// A new app and the runner of its effects; searches send their messages to `send`. The
    /// effects of the start (the first draft) are run already.
    pub fn start(setup: Setup, send: Sender<Msg>) -> (App, Runner) {
        let (mut runner, drafts) = Runner::start(setup.folders.clone(), send, games::read_draft);
        let mut app = App::new(setup, drafts);
        app.settle(&mut runner);
        (app, runner)
    }

    /// A new app over the drafts found at start; its first effects wait in it (see
    /// [`App::settle`]).
    pub fn new(setup: Setup, drafts: Drafts<GameDraft>) -> App {
        let Drafts {
            restored,
            held_elsewhere,
            unreadable,
        } = drafts;
        let mut app = App {
            shell: Shell {
                status: None,
                overlay: None,
                size: Rect::new(0, 0, 80, 24),
                ticks: 0,
            },
            session: (games::ALL[0].new)(setup.rounds),
            rounds: setup.rounds,
            themes: setup.themes,
            theme: setup.theme,
            ascii: setup.ascii,
            name: None,
            notes: Vec::new(),
            confirm: None,
            asked: String::new(),
            asked_briefly: String::new(),
            meanwhile: Vec::new(),
            clean: None,
            draft_problem: None,
            draft_due: false,
            quitting: Quitting::Staying,
            dirty: true,
            effects: Vec::new(),
            aside: None,
            covered: None,
        };
        let (draft, kept) = restored.map_or((None, None), |restored| {
            (Some(restored.draft), restored.name)
        });
        // Work saved or opened before the last run ended is still saved: no need to ask.
        let saved = kept.as_ref().is_some_and(|kept| kept.saved);
        let opening = match (setup.deal, setup.deal_text) {
            (Some(saved), _) => {
                let from = format!("'{}'", games::about(&saved).0);
                Some(Confirm::Open(Box::new(saved), from))
            }
            (None, Some(text)) => Some(Confirm::OpenText(text)),
            (None, None) => None,
        };
        match (opening, draft) {
            (Some(opening), Some(draft)) if !saved && draft_differs(&draft, &opening) => {
                // The draft is other work: it stays until the user says it may go.
                let text = app.restore(&draft);
                drop(text);
                app.restore_name(kept);
                let what = app.unsaved().unwrap_or_else(|| "the draft".to_string());
                let question = format!("Open '{}' in place of {what}?", opening.name());
                app.ask(opening, &question);
            }
            (Some(Confirm::Open(saved, from)), _) => app.opened(&saved, &from),
            (Some(Confirm::OpenText(text)), _) => app.load_text(&text),
            // Nothing else is opened at start.
            (_, Some(draft)) => {
                let text = app.restore(&draft);
                app.restore_name(kept.clone());
                match setup.game {
                    // The game named wins over a draft of another game, which is kept.
                    Some(game) if game != app.session.game() => {
                        app.set_aside(draft, kept, game);
                    }
                    _ => app.say(Tone::Info, text),
                }
            }
            (_, None) => {
                app.start_empty(setup.game.unwrap_or(GameKind::Pyramid), held_elsewhere);
            }
        }
        // A draft that cannot be restored is named, never dropped without a word (after the
        // question's answer when one waits).
        let warnings: Vec<String> = unreadable
            .iter()
            .map(|(path, reason)| {
                format!(
                    "The draft {} is left as it is: it cannot be restored ({reason}).",
                    shown_path(path)
                )
            })
            .chain(setup.warnings)
            .collect();
        if let Some(warning) = warnings.first() {
            app.say(Tone::Warning, warning.clone());
        }
        app.after_event();
        app
    }

    /// Starts on a new, empty deal of `game`, nothing else to go on with: says so, and why
    /// the drafts of the other apps running, if any, are not taken.
    fn start_empty(&mut self, game: GameKind, held_elsewhere: usize) {
        self.session = games::new_session(game, self.rounds);
        let first = self.session.first_words();
        let others = match held_elsewhere {
            0 => String::new(),
            1 => "The draft of the other pyramid running is left to it: this one keeps its \
                  own. "
                .to_string(),
            n => format!(
                "The drafts of the {n} other pyramids running are left to them: this one keeps \
                 its own. "
            ),
        };
        self.say(Tone::Info, format!("{others}{first}"));
    }

    /// Handles one event and runs its effects, and the app's answers to what they did,
    /// until none is left.
    pub fn handle(&mut self, msg: Msg, runner: &mut Runner) {
        let effects = self.update(msg);
        self.run(effects, runner);
    }

    /// Runs the effects waiting in the app.
    pub fn settle(&mut self, runner: &mut Runner) {
        let effects = std::mem::take(&mut self.effects);
        self.run(effects, runner);
    }

    fn run(&mut self, effects: Vec<Effect>, runner: &mut Runner) {
        let mut queue = VecDeque::from(effects);
        while let Some(effect) = queue.pop_front() {
            if let Some(reply) = runner.run(effect) {
                queue.extend(self.update(reply));
            }
        }
    }

    /// The theme in use.
    pub fn theme(&self) -> &Theme {
        &self.themes[self.theme]
    }

    /// How the screen looks, for drawing.
    pub fn look(&self) -> Look<'_> {
        Look {
            theme: &self.themes[self.theme],
            text: CardText { ascii: self.ascii },
            ticks: self.shell.ticks,
        }
    }

    fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.speak(tone, text.into(), false);
    }

    /// Says `text` on the message line, or while a question waits there, holds it back until
    /// the question is answered.
    fn speak(&mut self, tone: Tone, text: String, of_game: bool) {
        if self.confirm.is_none() {
            self.shell.say(tone, text);
            return;
        }
        // A newer message says what an older one said (a hint's next round, say); an error
        // stays until it is seen.
        self.meanwhile
            .retain(|held| held.status.tone == Tone::Error);
        self.meanwhile.push(Meanwhile {
            status: Status { text, tone },
            of_game,
        });
    }

    /// Whether the screen needs drawing again; clears the flag.
    pub fn take_dirty(&mut self) -> bool {
        std::mem::take(&mut self.dirty)
    }

    /// Whether the app should end.
    pub fn quitting(&self) -> bool {
        self.quitting == Quitting::Leaving
    }

    /// Handles one event; gives back what the outside world is to do.
    pub fn update(&mut self, msg: Msg) -> Vec<Effect> {
        // The clock redraws only what moves with it (a spinner, the time elapsed).
        self.dirty |= !matches!(msg, Msg::Tick);
        match msg {
            // Only presses: Windows also reports releases and repeats.
            Msg::Key(key) if key.kind == KeyEventKind::Press => self.key(key),
            // A stop or a continue changes only the terminal (see `tui::follow_signal`): the
            // screen is drawn again, whole.
            Msg::Key(_) | Msg::Stop | Msg::Continue => {}
            // Nothing is asked: no one may be there to answer. The draft holds the work as it
            // was last written.
            Msg::End => self.quitting = Quitting::Leaving,
            Msg::Mouse(_) | Msg::Paste(_) if self.too_small() => {}
            // A click or a paste answers no question: it waits, and says how to answer.
            Msg::Mouse(mouse) if self.confirm.is_some() => {
                if matches!(mouse.kind, MouseEventKind::Down(_)) {
                    self.remind("A click does not answer the question.");
                }
            }
            Msg::Paste(_) if self.confirm.is_some() => {
                self.remind("Not pasted: a paste does not answer the question.");
            }
            Msg::Mouse(mouse) => self.mouse(mouse),
            Msg::Paste(text) => self.paste(&text),
            Msg::Resize(width, height) => self.shell.size = Rect::new(0, 0, width, height),
            Msg::Tick => {
                self.shell.ticks += 1;
                self.dirty |= self.session.tick();
            }
            Msg::Job(message) => {
                let fx = self.session.job(message);
                self.apply(fx);
            }
            Msg::Done(done) => self.done(done),
        }
        self.after_event();
        std::mem::take(&mut self.effects)
    }

    /// Carries out what a game's handler gave back: what is the shell's, it does; the rest
    /// waits for the runner.
    fn apply(&mut self, fx: Effects) {
        for effect in fx.into_vec() {
            match effect {
                Effect::Say(tone, text) => self.speak(tone, text, true),
                // The game takes back what it said; a question waiting keeps the line.
                Effect::Hush if self.confirm.is_some() => {
                    self.meanwhile.retain(|held| !held.of_game);
                }
                Effect::Hush => self.shell.status = None,
                Effect::Help => self.shell.overlay = Some(Overlay::Help(0)),
                Effect::Challenge(goal) => {
                    let game = self.session.game();
                    self.shell.overlay = Some(Overlay::Challenge(ChallengeDialog::new(goal, game)));
                }
                Effect::Quit => self.quitting = Quitting::Asked,
                Effect::AskFirst(held, lost_to, question) => {
                    self.ask_first(held, lost_to, &question);
                }
                Effect::Changed => self.draft_due = true,
                Effect::Replaced => {
                    self.name = None;
                    self.notes.clear();
                }
                effect => self.effects.push(effect),
            }
        }
    }

    /// What the runner did.
    fn done(&mut self, done: Done) {
        match done {
            Done::Saved(saving, written) => self.saved(saving, written),
            Done::DraftKept(written, then) => self.draft_kept(written, then),
            Done::Listed(files, unreadable) => {
                let (listed, broken) = games::entries(files, unreadable);
                match &mut self.shell.overlay {
                    // Listed again after a delete: the filter, the place and the note stay.
                    Some(Overlay::Open(dialog)) => dialog.relist(listed, broken),
                    _ => self.shell.overlay = Some(Overlay::Open(OpenDialog::new(listed, broken))),
                }
            }
            Done::Deleted(path, deleted) => {
                if let Some(Overlay::Open(dialog)) = &mut self.shell.overlay {
                    dialog.deleted(&path, deleted);
                }
                self.effects.push(Effect::ListSaves);
            }
            Done::CopiedOut(what, written) => self.copied_out(what, written),
            Done::ThemeKept(name, Ok(())) => self.say(Tone::Info, format!("Theme: {name}.")),
            Done::ThemeKept(name, Err(error)) => self.say(
                Tone::Warning,
                format!("Theme: {name}, for this run only: {error}."),
            ),
        }
    }

    /// Keeps the draft when the work changed, then quits if that was asked for (once the
    /// draft is written, when it is being written).
    fn after_event(&mut self) {
        self.session.line_taken(self.confirm.is_some());
        if std::mem::take(&mut self.draft_due) {
            self.keep_draft(Then::Nothing);
            if self.quitting == Quitting::Asked {
                self.quitting = Quitting::AfterDraft;
            }
        }
        if self.quitting == Quitting::Asked {
            self.quit();
        }
    }

    /// Quitting was asked for (Ctrl-Q, or `q` outside the editor): it goes ahead unless the
    /// work is held neither by a save nor by the draft, which the user is asked about first.
    fn quit(&mut self) {
        let lost = self.unsaved().zip(self.draft_problem.as_ref());
        let Some((what, problem)) = lost else {
            self.quitting = Quitting::Leaving;
            return;
        };
        self.quitting = Quitting::Staying;
        // The help may cover the message line, and holds nothing: it closes.
        if matches!(self.shell.overlay, Some(Overlay::Help(_))) {
            self.shell.overlay = None;
        }
        let question = format!(
            "Quit and lose {what}? It is kept nowhere: the draft cannot be written ({}).",
            problem.whole
        );
        // Without the draft's path, a long one, the Open dialog's two lines hold why.
        let briefly = format!(
            "Quit and lose {what}? The draft cannot be written ({}).",
            problem.reason
        );
        self.ask_briefly(Confirm::Quit, &question, Some(&briefly));
    }

    /// Asks `question` and waits for its answer, whose keys the question ends with. The
    /// question owns the message line until it is answered.
    fn ask(&mut self, confirm: Confirm, question: &str) {
        self.ask_briefly(confirm, question, None);
    }

    /// Asks `text`, which the Open dialog's note says as `briefly` when given, with the
    /// answer keys in fewer words too (its bottom line names them), so that the note's two
    /// lines hold why the question is asked and how to answer it.
    fn ask_briefly(&mut self, confirm: Confirm, text: &str, briefly: Option<&str>) {
        self.asked = format!("{text} {}", confirm.answer_words());
        self.asked_briefly = match briefly {
            Some(briefly) => {
                let [(_, yes), (_, no)] = confirm.answers();
                format!("{briefly} {}", question::answer_words(yes, no, None))
            }
            None => self.asked.clone(),
        };
        self.confirm = Some(confirm);
        self.show_in_words(
            Tone::Warning,
            self.asked.clone(),
            self.asked_briefly.clone(),
        );
    }

    /// Says that what came does not answer the question waiting, and the question again.
    fn remind(&mut self, what: &str) {
        self.show_in_words(
            Tone::Warning,
            format!("{what} {}", self.asked),
            format!("{what} {}", self.asked_briefly),
        );
    }

    /// Says something where it is seen: on the message line, and on the open dialog's own
    /// line when the dialog covers the message line.
    fn tell(&mut self, tone: Tone, text: String) {
        if self.confirm.is_some() {
            self.speak(tone, text, false);
            return;
        }
        self.show(tone, text);
    }

    /// Puts `text` on the message line (and the open dialog's), over whatever is there.
    fn show(&mut self, tone: Tone, text: String) {
        self.show_in_words(tone, text.clone(), text);
    }

    /// Puts `text` on the message line and `in_dialog` on the open dialog's line, over
    /// whatever is there.
    fn show_in_words(&mut self, tone: Tone, text: String, in_dialog: String) {
        if let Some(Overlay::Open(open)) = &mut self.shell.overlay {
            open.note = Some((tone, in_dialog));
        }
        self.shell.say(tone, text);
    }

    /// The reply to a no, where the user is looking: on the Open dialog's line when the
    /// dialog is open, and then not on the message line under it, where it would be found
    /// stale once the dialog closes.
    fn reply_to_no(&mut self, text: String) {
        match &mut self.shell.overlay {
            Some(Overlay::Open(open)) => {
                open.note = Some((Tone::Info, text));
                self.shell.status = None;
            }
            _ => self.say(Tone::Info, text),
        }
    }

    /// Whether the terminal is too small for the board: only quitting works there.
    fn too_small(&self) -> bool {
        let size = self.shell.size;
        size.width < layout::MIN_WIDTH || size.height < layout::MIN_HEIGHT
    }

    fn key(&mut self, key: KeyEvent) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        // Quitting is taken everywhere, over a dialog or a question too; asked again while
        // the app asks whether to quit, it quits. A question it is asked over waits under it.
        if ctrl && matches!(key.code, KeyCode::Char('q' | 'c')) {
            self.quitting = match self.confirm.take() {
                Some(Confirm::Quit) => Quitting::Leaving,
                covered => {
                    self.covered = covered.map(|confirm| (confirm, self.asked.clone()));
                    Quitting::Asked
                }
            };
            return;
        }
        if self.too_small() {
            return;
        }
        if let Some(confirm) = self.confirm.take() {
            self.answer(confirm, key);
            return;
        }
        if let Some(overlay) = self.shell.overlay.take() {
            self.overlay_key(overlay, key);
            return;
        }
        if (ctrl || key.code == KeyCode::F(1)) && self.session.in_dialog() {
            self.refuse_key(key);
            return;
        }
        if ctrl {
            match key.code {
                KeyCode::Char('t') => self.next_theme(),
                KeyCode::Char('s') => self.open_save(),
                KeyCode::Char('o') => self.open_list(),
                KeyCode::Char('n') => self.new_deal(),
                KeyCode::Char('g') => self.switch_game(),
                KeyCode::Char('r') => self.ask_random_deal(),
                KeyCode::Char('y') => self.copy_out(),
                KeyCode::Char(c) => {
                    let fx = self.session.ctrl(c);
                    self.apply(fx);
                }
                _ => {}
            }
            return;
        }
        if key.code == KeyCode::F(1) {
            self.toggle_help();
            return;
        }
        self.hand_to_session(|session, ui| session.key(ui, key));
    }

    /// Hands a key or a click to the session, with the board and the side panel where they
    /// are on screen now, and applies what it does.
    fn hand_to_session(&mut self, event: impl FnOnce(&mut dyn Session, &Ui) -> Effects) {
        let panel = self.panel_area();
        let ui = Ui {
            board: layout::board_area(self.shell.size),
            panel,
            look: Look {
                theme: &self.themes[self.theme],
                text: CardText { ascii: self.ascii },
                ticks: self.shell.ticks,
            },
        };
        let fx = event(self.session.as_mut(), &ui);
        self.apply(fx);
    }

    /// Where the side panel is on screen now.
    fn panel_area(&self) -> Rect {
        layout::panel_area(self.shell.size, &self.message_lines(&self.look()))
    }

    /// A key while a window is open goes to it alone, so that nothing under it changes until
    /// it closes. A Control key (or F1) means nothing in a dialog: it is refused there and
    /// the dialog stays as it was; the help closes on it, as on any key it does not scroll by.
    fn overlay_key(&mut self, overlay: Overlay, key: KeyEvent) {
        // The line editor's Control keys (Ctrl-A, Ctrl-W, ...) are a field's, not commands.
        let command = key.modifiers.contains(KeyModifiers::CONTROL) && !TextField::takes(key)
            || key.code == KeyCode::F(1);
        match overlay {
            Overlay::Help(_) if command => {}
            Overlay::Help(scroll) => self.help_key(key, scroll),
            dialog if command => self.refuse_in_dialog(dialog, key),
            Overlay::Save(dialog) => self.save_key(key, dialog),
            Overlay::Open(dialog) => self.open_key(key, dialog),
            Overlay::Challenge(dialog) => self.challenge_key(key, dialog),
        }
    }

    /// Says that a command key waits until the dialog is closed.
    fn refuse_in_dialog(&mut self, dialog: Overlay, key: KeyEvent) {
        self.shell.overlay = Some(dialog);
        self.refuse_key(key);
    }

    /// Says that a command key waits until the dialog open (the shell's or the game's) is
    /// closed.
    fn refuse_key(&mut self, key: KeyEvent) {
        let name = match key.code {
            KeyCode::Char(c) => format!("Ctrl-{}", c.to_ascii_uppercase()),
            code => code.to_string(),
        };
        self.tell(
            Tone::Info,
            format!("{name} does nothing in this dialog: Esc closes it first."),
        );
    }

    fn mouse(&mut self, mouse: MouseEvent) {
        if self.shell.overlay.is_some() {
            return;
        }
        self.hand_to_session(|session, ui| session.mouse(ui, mouse));
    }

    /// The message under the board: the status, or what the screen shows there.
    pub fn message_lines(&self, look: &Look) -> Vec<Line<'static>> {
        layout::message_lines(self.shell.status.as_ref(), self.session.message(look), look)
    }

    fn paste(&mut self, text: &str) {
        // Terminals and tmux paste with CR line ends, which would leave a `#` comment line
        // running to the end of the text.
        let text = crate::store::text_file::normalize(text);
        match &mut self.shell.overlay {
            Some(Overlay::Save(dialog)) => {
                dialog.field().insert(text.lines().next().unwrap_or(""));
            }
            Some(Overlay::Open(dialog)) => dialog.paste(text.lines().next().unwrap_or("")),
            Some(Overlay::Challenge(dialog)) => {
                let line = text.lines().next().unwrap_or("").trim();
                let next = dialog.field().map(|field| field.with(line));
                if next.is_some_and(|next| dialog.fits(&next))
                    && let Some(field) = dialog.field()
                {
                    field.insert(line);
                }
            }
            None => self.paste_on_screen(&text),
            _ => {}
        }
    }

    /// A paste on the game's screen. In the editor, a game with its `# moves:` opens as its
    /// file would, played on after them (asked about first when it replaces unsaved work);
    /// otherwise the game's paste takes the cards, and says why the moves did not read.
    fn paste_on_screen(&mut self, text: &str) {
        let session = &self.session;
        let pasted = if session.editing() {
            games::pasted_game(session.game(), text)
        } else {
            None
        };
        match pasted {
            Some(Ok(saved)) => self.open_chosen(Confirm::Paste(Box::new(saved))),
            pasted => {
                let unread = pasted.and_then(Result::err);
                let fx = self.session.paste(text);
                self.apply(with_unread(fx, unread.as_ref()));
            }
        }
    }

    /// Puts the draft's work on screen; says what was restored.
    fn restore(&mut self, draft: &GameDraft) -> String {
        let mut fx = Effects::default();
        let (session, text) = games::restored(draft, self.rounds, &mut fx);
        self.session = session;
        self.apply(fx);
        text
    }

    /// Puts a deal file's cards in the editor as far as they go, for the Check panel to show
    /// its problems.
    fn load_text(&mut self, opening: &DealText) {
        let mut fx = Effects::default();
        self.session = games::from_text(opening, self.rounds, &mut fx);
        self.apply(fx);
        self.name = Some(opening.name.clone());
        self.notes.clear();
        self.clean = Some(self.session.work());
        self.draft_due = true;
    }

    /// A key while a y/n question waits: y (or Ctrl-N again for a new deal) goes ahead, n or
    /// Esc keeps the work, and any other key leaves the question waiting, so that a command
    /// key pressed out of habit answers nothing unread (Ctrl-Q is taken before, in
    /// [`App::key`]).
    fn answer(&mut self, confirm: Confirm, key: KeyEvent) {
        match question::reply(key, confirm.again()) {
            Reply::Yes => self.answered(confirm, true),
            Reply::No => self.answered(confirm, false),
            Reply::Waits => {
                self.confirm = Some(confirm);
                let what = format!("{} does not answer the question.", question::key_name(key));
                self.remind(&what);
            }
        }
    }

    /// Does what the answer says, then says what was held back while the question waited
    /// after the reply: on a yes, only what the game said of the work replaced is dropped.
    fn answered(&mut self, confirm: Confirm, yes: bool) {
        let meanwhile = std::mem::take(&mut self.meanwhile);
        if yes {
            self.go_ahead(confirm);
        } else {
            self.keep(&confirm);
        }
        for held in meanwhile {
            if !(yes && held.of_game) {
                self.follow_reply(held.status);
            }
        }
    }

    /// Adds `said` after what the line says now: the reply to a question, with what came
    /// while it waited. A question asked again keeps the line, and `said` waits for it.
    fn follow_reply(&mut self, said: Status) {
        if self.confirm.is_some() {
            self.speak(said.tone, said.text, false);
            return;
        }
        let line = match self.shell.status.take() {
            None => said,
            Some(reply) => Status {
                text: format!("{} {}", reply.text, said.text),
                tone: graver(reply.tone, said.tone),
            },
        };
        self.shell.status = Some(line);
    }

    /// The answer no: the work stays as it was, and an edit held back leaves nothing
    /// half-typed behind it. Staying brings back the question that quitting was asked over.
    fn keep(&mut self, confirm: &Confirm) {
        if matches!(confirm, Confirm::Edit(..)) {
            self.session.kept();
        }
        match (confirm, self.covered.take()) {
            (Confirm::Quit, Some((covered, asked))) => {
                self.asked = asked;
                self.confirm = Some(covered);
                self.show(
                    Tone::Warning,
                    format!("{} {}", confirm.declined(), self.asked),
                );
            }
            _ => self.reply_to_no(confirm.declined()),
        }
    }

    /// Does what a y/n question asked about, or what needed no question.
    fn go_ahead(&mut self, confirm: Confirm) {
        match confirm {
            Confirm::New => self.clear_deal(),
            Confirm::Switch(game) => self.start_game(game),
            Confirm::Random => self.random_deal(clock_seed()),
            Confirm::Open(saved, from) => self.opened(&saved, &from),
            Confirm::Paste(saved) => self.opened_pasted(&saved),
            Confirm::OpenText(opening) => self.load_text(&opening),
            Confirm::Quit => self.quitting = Quitting::Leaving,
            Confirm::Edit(held, _) => {
                // The question is answered: what the edit says, if anything, takes its place.
                self.shell.status = None;
                let unread = match &held {
                    Held::Paste(text) => {
                        games::pasted_game(self.session.game(), text).and_then(Result::err)
                    }
                    Held::Key(_) | Held::Ctrl(_) => None,
                };
                self.hand_to_session(|session, ui| {
                    with_unread(session.go_ahead(ui, held), unread.as_ref())
                });
            }
        }
    }

    /// An edit the game held back because it loses the moves played: asked about first when
    /// they are not saved, as every change that drops unsaved work is.
    fn ask_first(&mut self, held: Held, lost_to: LostTo, question: &str) {
        if self.unsaved().is_none() {
            self.go_ahead(Confirm::Edit(held, lost_to));
            return;
        }
        self.ask(Confirm::Edit(held, lost_to), question);
    }

    /// The help's sections: the game's, the current screen's first, then the keys that work
    /// anywhere.
    pub fn help_sections(&self) -> Vec<(&'static str, &'static [Binding])> {
        let mut sections = self.session.help_sections();
        sections.push(("Anywhere", self.anywhere()));
        sections
    }

    /// The keys of the current screen: the game's and those that work anywhere.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn bindings(&self) -> Vec<&'static Binding> {
        let mut bindings = self.session.bindings();
        bindings.extend(self.anywhere());
        bindings
    }

    /// The keys that work anywhere, worded for the game on screen.
    fn anywhere(&self) -> &'static [Binding] {
        help::anywhere(self.session.question_is_a_card())
    }

    /// The most used keys, for the bottom line: a window's own while one is open, since
    /// only they work there.
    pub fn hints(&self) -> Vec<(&'static str, &'static str)> {
        // Only a question's answer keys mean something while it waits.
        if let Some(confirm) = &self.confirm {
            return confirm.answers().to_vec();
        }
        match &self.shell.overlay {
            Some(Overlay::Help(_)) => help::KEYS.to_vec(),
            Some(Overlay::Save(_)) => SaveDialog::KEYS.to_vec(),
            Some(Overlay::Open(dialog)) => dialog.keys(),
            Some(Overlay::Challenge(_)) => ChallengeDialog::KEYS.to_vec(),
            None => {
                let hints = self.session.hints(games::next(self.session.game()).name());
                // A long name of the next game would push the help off an 80-column bar.
                let width: usize = hints.iter().map(|(key, what)| hint_width(key, what)).sum();
                if width > usize::from(layout::MIN_WIDTH) {
                    self.session.hints("game")
                } else {
                    hints
                }
            }
        }
    }

    /// What replacing the work now would lose, in words; `None` when nothing would be.
    pub fn unsaved(&self) -> Option<String> {
        let now = self.session.work();
        let typed = now.typed;
        if (typed == 0 && now.moves == 0) || self.clean.as_ref() == Some(&now) {
            return None;
        }
        let moves = now.moves;
        let same_deal = self
            .clean
            .as_ref()
            .is_some_and(|clean| clean.deal == now.deal);
        let s = |n: usize| if n == 1 { "" } else { "s" };
        Some(match (same_deal, moves) {
            (true, 0) => format!(
                "the changes to {} (not saved)",
                games::screens(self.session.game()).settings
            ),
            (true, m) => format!("the game played, {m} move{} (not saved)", s(m)),
            (false, 0) => format!("the {typed} card{} typed (not saved)", s(typed)),
            (false, m) => format!(
                "the {typed} card{} typed and the {m} move{} played (not saved)",
                s(typed),
                s(m)
            ),
        })
    }

    /// The name the restored draft goes by, and the work counted as saved if it was.
    fn restore_name(&mut self, kept: Option<store::DraftName>) {
        let Some(kept) = kept else {
            return;
        };
        self.name = Some(kept.name);
        if kept.saved {
            self.clean = Some(self.session.work());
        }
    }

    fn toggle_help(&mut self) {
        self.shell.overlay = match self.shell.overlay {
            Some(Overlay::Help(_)) => None,
            _ => Some(Overlay::Help(0)),
        };
    }

    /// Arrows scroll the help; any other key closes it.
    fn help_key(&mut self, key: KeyEvent, scroll: u16) {
        let scroll = match key.code {
            KeyCode::Up | KeyCode::Char('k') => scroll.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => scroll + 1,
            KeyCode::PageUp => scroll.saturating_sub(10),
            KeyCode::PageDown => scroll + 10,
            _ => return,
        };
        let most = help::most_scroll(&self.help_sections(), self.shell.size, self.theme());
        self.shell.overlay = Some(Overlay::Help(scroll.min(most)));
    }

    /// Writes the draft, with the name it goes by and whether that is as saved; `then` says
    /// what follows once it is written.
    fn keep_draft(&mut self, then: Then) {
        let name = self.name.as_ref().map(|name| store::DraftName {
            name: name.clone(),
            saved: self.clean.as_ref() == Some(&self.session.work()),
        });
        let text = self.session.draft();
        self.effects.push(Effect::KeepDraft { text, name, then });
    }

    /// The draft was written, or not: remembered, since the work since then is kept nowhere
    /// if not; then what was to follow.
    fn draft_kept(&mut self, written: Result<(), StorageError>, then: Then) {
        self.draft_problem = written.as_ref().err().map(|error| DraftProblem {
            whole: error.to_string(),
            reason: error.reason(),
        });
        match (then, written) {
            // After a save failed: what became of the work, truthfully.
            (Then::NotSaved(error, what), written) => {
                let kept = match written {
                    Ok(()) => "and kept as a draft",
                    Err(StorageError::TooLarge { .. }) => "but too long for the draft as well",
                    Err(_) => {
                        "but the draft cannot be written either: --saves DIR picks another folder"
                    }
                };
                self.say(
                    Tone::Error,
                    format!("Not saved: {error}. The {what} is still here, {kept}."),
                );
            }
            // What was to be said and the draft's failure go in one message: either alone
            // would hide the other (a random deal's seed, say, or where a save went).
            (Then::Say(_, text), Err(error)) => self.say(
                Tone::Error,
                format!("{text} The draft is not kept: {error}"),
            ),
            (Then::Nothing, Err(error)) => {
                self.say(Tone::Error, format!("The draft is not kept: {error}"));
            }
            (Then::Say(tone, text), Ok(())) => self.say(tone, text),
            (Then::Nothing, Ok(())) => {}
        }
        if self.quitting == Quitting::AfterDraft {
            self.quit();
        }
    }

    /// ←→ choose the challenge on its row and move in a field's text, ↑↓ Tab go from row to
    /// row, typing edits the field as a line editor, Enter sets the challenge.
    fn challenge_key(&mut self, key: KeyEvent, mut dialog: ChallengeDialog) {
        let rows = dialog.fields().len() + 1;
        // A refusal stands until the next key that is taken.
        if matches!(&self.shell.status, Some(status) if status.tone != Tone::Info) {
            self.shell.status = None;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        // A digit or a rank typed on the challenge's row goes to its first field.
        if dialog.focus == 0
            && rows > 1
            && !ctrl
            && matches!(key.code, KeyCode::Char(c) if c.is_alphanumeric())
        {
            dialog.focus_on(1);
        }
        match key.code {
            KeyCode::Esc => {
                self.say(Tone::Info, "The challenge is as it was.");
                return;
            }
            KeyCode::Enter => {
                let session = &mut self.session;
                match dialog
                    .goal()
                    .and_then(|goal| session.set_goal(goal).map(|fx| (goal, fx)))
                {
                    Ok((goal, fx)) => {
                        self.apply(fx);
                        self.say(
                            Tone::Success,
                            format!(
                                "Challenge set: {goal}. The dialog is closed; Enter solves, g \
                                 changes it."
                            ),
                        );
                        return;
                    }
                    Err(problem) => self.say(Tone::Error, format!("Not yet: {problem}.")),
                }
            }
            KeyCode::Left if dialog.focus == 0 => dialog.kind = (dialog.kind + 2) % 3,
            KeyCode::Right if dialog.focus == 0 => dialog.kind = (dialog.kind + 1) % 3,
            KeyCode::Up | KeyCode::BackTab => dialog.focus_on((dialog.focus + rows - 1) % rows),
            KeyCode::Down | KeyCode::Tab => dialog.focus_on((dialog.focus + 1) % rows),
            KeyCode::Char(c) if !ctrl && dialog.focus > 0 => {
                let typed = c.to_string();
                let next = dialog.field().map(|field| field.with(&typed));
                match next {
                    Some(next) if !dialog.fits(&next) => self.say(
                        Tone::Warning,
                        if dialog.numeric() {
                            format!("'{c}' is not a digit: this field is a number.")
                        } else {
                            format!("'{c}' cannot be part of a rank: A 2-9 T J Q K, or 10.")
                        },
                    ),
                    _ => {
                        if let Some(field) = dialog.field() {
                            field.insert(&typed);
                        }
                    }
                }
            }
            _ => {
                if let Some(field) = dialog.field() {
                    field.key(key);
                }
            }
        }
        self.shell.overlay = Some(Overlay::Challenge(dialog));
    }

    fn next_theme(&mut self) {
        self.theme = (self.theme + 1) % self.themes.len();
        let name = self.theme().name.clone();
        self.effects.push(Effect::KeepTheme(name));
    }

    fn open_save(&mut self) {
        let session = &self.session;
        if session.busy() {
            return;
        }
        if let Err(problem) = session.save_check() {
            self.say(
                Tone::Error,
                format!("Cannot save yet: {problem}. What you typed is kept as a draft."),
            );
            return;
        }
        let name = self
            .name
            .clone()
            .unwrap_or_else(|| format!("deal {}", store::now_text()));
        self.shell.overlay = Some(Overlay::Save(SaveDialog {
            name: TextField::new(name),
            note: TextField::new(self.notes.join(" ")),
            on_note: false,
        }));
    }

    fn save_key(&mut self, key: KeyEvent, mut dialog: SaveDialog) {
        match key.code {
            KeyCode::Esc => {
                self.say(Tone::Info, "Not saved.");
                return;
            }
            KeyCode::Enter if dialog.name.text().trim().is_empty() => {
                self.say(Tone::Warning, "Give the game a name.");
            }
            KeyCode::Enter => {
                self.save(&dialog);
                return;
            }
            KeyCode::Tab | KeyCode::BackTab | KeyCode::Up | KeyCode::Down => {
                dialog.on_note = !dialog.on_note;
                dialog.field().select_all();
            }
            _ => {
                dialog.field().key(key);
            }
        }
        self.shell.overlay = Some(Overlay::Save(dialog));
    }

    fn save(&mut self, dialog: &SaveDialog) {
        let name = store::printable(dialog.name.text().trim());
        let name = name.as_str();
        let notes: Vec<String> = Some(store::printable(dialog.note.text().trim()))
            .filter(|note| !note.is_empty())
            .into_iter()
            .collect();
        let save = self.session.save(name, &notes);
        self.effects.push(save);
    }

    /// `--game` named another game than the draft's, which is on screen: that game is shown,
    /// and the draft's work not saved yet is saved first, under its name or a new one.
    fn set_aside(&mut self, draft: GameDraft, name: Option<store::DraftName>, game: GameKind) {
        if let Some(what) = self.unsaved() {
            let saved_as = self
                .name
                .clone()
                .unwrap_or_else(|| format!("{} draft {}", self.session.game(), store::now_text()));
            let save = self.session.save(&saved_as, &self.notes.clone());
            self.effects.push(save);
            self.aside = Some(Aside { draft, name, what });
        }
        self.start_game(game);
    }

    /// The draft set aside was saved, or not: if not, it is back on screen, since the game
    /// named cannot take its place without losing it.
    fn saved_aside(&mut self, aside: Aside, written: Result<std::path::PathBuf, StorageError>) {
        let named = self.session.game();
        let Aside { draft, name, what } = aside;
        match written {
            Ok(path) => {
                self.say(
                    Tone::Info,
                    format!(
                        "A new {named} deal, as --game asked. The other game's draft, {what}, \
                         is saved: Ctrl-O opens it ({}).",
                        shown_path(&path)
                    ),
                );
            }
            Err(error) => {
                self.restore(&draft);
                self.restore_name(name);
                self.draft_due = true;
                self.say(
                    Tone::Warning,
                    format!(
                        "The draft stays on screen: --game asked for {named}, but the draft, \
                         {what}, could not be saved first ({error}). Ctrl-G starts a {named} \
                         deal once it is saved."
                    ),
                );
            }
        }
    }

    /// A save was written, or not.
    fn saved(&mut self, saving: Saving, written: Result<std::path::PathBuf, StorageError>) {
        if let Some(aside) = self.aside.take() {
            self.saved_aside(aside, written);
            return;
        }
        match written {
            Ok(path) => {
                self.name = Some(saving.name);
                self.notes = saving.notes;
                self.clean = Some(self.session.work());
                let said = format!("{} to {}.", saving.said, shown_path(&path));
                self.keep_draft(Then::Say(Tone::Success, said));
            }
            Err(error) => self.keep_draft(Then::NotSaved(error, saving.what)),
        }
    }

    fn open_list(&mut self) {
        if self.session.busy() {
            return;
        }
        self.effects.push(Effect::ListSaves);
    }

    fn open_key(&mut self, key: KeyEvent, mut dialog: OpenDialog) {
        match dialog.key(key) {
            OpenAction::Stay => self.shell.overlay = Some(Overlay::Open(dialog)),
            OpenAction::Close => {}
            OpenAction::Delete(path) => {
                self.shell.overlay = Some(Overlay::Open(dialog));
                self.effects.push(Effect::DeleteSave(path));
            }
            OpenAction::Open(entry) => {
                let from = match &entry.origin {
                    Origin::User(path) => shown_path(path),
                    Origin::Example => "the examples".to_string(),
                };
                // An unfinished deal opens into the editor as `pyramid FILE` opens it.
                let name = entry.name().to_string();
                let opening = match entry.holds {
                    Holds::Game(saved) => Confirm::Open(Box::new(saved), from),
                    Holds::Unfinished(unfinished) => Confirm::OpenText(DealText {
                        name,
                        text: unfinished.text,
                    }),
                };
                self.open_chosen(opening);
            }
        }
    }

    /// The open dialog's choice: opened at once, or after a y/n question when it would replace
    /// unsaved work.
    fn open_chosen(&mut self, opening: Confirm) {
        match self.unsaved() {
            Some(what) => {
                let question = format!("Open '{}' in place of {what}?", opening.name());
                self.ask(opening, &question);
            }
            None => self.go_ahead(opening),
        }
    }

    /// Opens a saved game and says where it came from.
    fn opened(&mut self, saved: &SavedGame, from: &str) {
        let next = self.load_saved(saved);
        self.clean = Some(self.session.work());
        self.say(Tone::Success, format!("Opened from {from}. {next}"));
    }

    /// Opens a game pasted with its moves as its file would open, not saved yet; without a
    /// `# name:` it has none, as a deal pasted has not.
    fn opened_pasted(&mut self, saved: &SavedGame) {
        let next = self.load_saved(saved);
        self.name = self.name.take().filter(|name| name != games::PASTED);
        self.clean = None;
        self.say(
            Tone::Success,
            format!("Opened the game pasted, with its moves (not saved yet). {next}"),
        );
    }

    /// Puts a saved game on screen with its name and notes; what to say of the keys next.
    fn load_saved(&mut self, saved: &SavedGame) -> &'static str {
        let (name, notes, moves) = games::about(saved);
        self.name = Some(name.to_string());
        self.notes = notes.to_vec();
        let mut fx = Effects::default();
        self.session = games::loaded(saved, self.rounds, &mut fx);
        self.apply(fx);
        self.draft_due = true;
        self.session.next_words(moves > 0)
    }

    /// Ctrl-G: the other game's editor, with a new deal; asks first when work would be lost.
    fn switch_game(&mut self) {
        let session = &self.session;
        if !session.editing() {
            self.say(
                Tone::Info,
                "Ctrl-G switches game from the deal editor: Esc goes back to it.",
            );
            return;
        }
        let other = games::next(session.game());
        if let Some(what) = self.unsaved() {
            self.ask(
                Confirm::Switch(other),
                &format!("Clear {what} for a new {other} deal?"),
            );
            return;
        }
        self.start_game(other);
    }

    /// A new, empty deal of `game` in place of the work.
    fn start_game(&mut self, game: GameKind) {
        self.session = games::new_session(game, self.rounds);
        self.name = None;
        self.notes.clear();
        self.clean = None;
        self.draft_due = true;
        self.say(Tone::Info, self.session.first_words());
    }

    fn new_deal(&mut self) {
        if self.session.busy() {
            return;
        }
        if let Some(what) = self.unsaved() {
            self.ask(Confirm::New, &format!("Clear {what} for a new deal?"));
            return;
        }
        self.clear_deal();
    }

    /// Ctrl-R: a random deal of the game on screen, from the editor; asks first when work
    /// would be lost.
    fn ask_random_deal(&mut self) {
        let session = &self.session;
        if !session.editing() {
            self.say(
                Tone::Info,
                "Ctrl-R deals from the deal editor: Esc goes back to it.",
            );
            return;
        }
        if let Some(what) = self.unsaved() {
            self.ask(
                Confirm::Random,
                &format!("Replace {what} with a random deal?"),
            );
            return;
        }
        self.random_deal(clock_seed());
    }

    /// The library's random deal from `seed` (the shuffle `stats` deals with) for the game
    /// on screen, in the editor, named after its seed so that it can be dealt again.
    fn random_deal(&mut self, seed: u64) {
        let game = self.session.game();
        let name = format!("random deal {seed}");
        let Some(dealer) = solitaire::games::of_kind(game) else {
            return;
        };
        let text = format!("# name: {name}\n{}", Game::dealt(dealer, seed));
        match games::read_saved(game, &text, &name) {
            Ok(saved) => {
                let mut fx = Effects::default();
                let mut session = games::loaded(&saved, self.rounds, &mut fx);
                session.keep_rules(self.session.as_ref());
                self.session = session;
                self.apply(fx);
                self.name = Some(name);
                self.notes.clear();
                self.clean = None;
                let said = format!(
                    "A random {game} deal, seed {seed}: `pyramid deal --game {} --seed {seed}` \
                     deals it again. {}",
                    game.id(),
                    self.session.next_words(false)
                );
                // Said once the draft is written, with its failure if it is not, so that
                // the seed is never lost under that message.
                self.draft_due = false;
                self.keep_draft(Then::Say(Tone::Info, said));
            }
            Err(error) => self.say(Tone::Error, format!("No random deal: {error}.")),
        }
    }

    /// Ctrl-Y: the deal, or the solution shown, copied to the terminal's clipboard and to a
    /// file in the saves folder.
    fn copy_out(&mut self) {
        match self.session.copy_out() {
            Ok((what, text)) => {
                let deal = self.name.clone().unwrap_or_else(|| "deal".to_string());
                let (name, extension) = match what {
                    "solution" => (format!("{deal} solution"), "steps"),
                    _ => (format!("{deal} copy"), "txt"),
                };
                self.effects.push(Effect::CopyOut(CopyOut {
                    what,
                    name,
                    extension,
                    text,
                }));
            }
            Err(problem) => self.say(Tone::Warning, format!("Nothing to copy yet: {problem}.")),
        }
    }

    /// Says where a copy went: the clipboard, as far as can be known, and its file.
    fn copied_out(&mut self, what: &str, written: Result<std::path::PathBuf, StorageError>) {
        let clipboard = "sent to the clipboard through the terminal (OSC 52: whether it \
                         took it cannot be known here)";
        match written {
            Ok(path) => self.say(
                Tone::Success,
                format!(
                    "The {what} is {clipboard}, and written to {}.",
                    shown_path(&path)
                ),
            ),
            Err(error) => self.say(
                Tone::Warning,
                format!("The {what} is {clipboard}, but not written to a file: {error}."),
            ),
        }
    }

    /// A new, empty deal of the same game in place of the work.
    fn clear_deal(&mut self) {
        let mut session = games::new_session(self.session.game(), self.rounds);
        session.keep_rules(self.session.as_ref());
        self.session = session;
        self.name = None;
        self.notes.clear();
        self.shell.overlay = None;
        self.draft_due = true;
        self.say(Tone::Info, "A new, empty deal.");
    }
}

/// Whether a draft holds work other than the game to open: cards typed or moves played that
/// opening it would replace.
fn draft_differs(draft: &GameDraft, opening: &Confirm) -> bool {
    let work = games::work(draft);
    if work.typed == 0 && work.moves == 0 {
        return false;
    }
    let other = match opening {
        Confirm::Open(saved, _) | Confirm::Paste(saved) => games::work(&games::saved_draft(saved)),
        Confirm::OpenText(text) => games::work(&games::text_draft(text)),
        Confirm::New | Confirm::Switch(_) | Confirm::Random | Confirm::Quit | Confirm::Edit(..) => {
            return false;
        }
    };
    (work.deal, work.moves) != (other.deal, other.moves)
}

/// The graver of two tones, which a line saying both takes.
fn graver(one: Tone, other: Tone) -> Tone {
    let rank = |tone: Tone| match tone {
        Tone::Info => 0,
        Tone::Success => 1,
        Tone::Warning => 2,
        Tone::Error => 3,
    };
    if rank(other) > rank(one) { other } else { one }
}

/// Why the challenge typed cannot be set, as a plain sentence that names the field and its
/// limit.
fn refusal(problem: &GoalTextError) -> String {
    match problem {
        GoalTextError::Count {
            field,
            problem: CountError::TooLarge { most, .. },
        } => format!("the {} field takes a number up to {most}", field.label()),
        GoalTextError::Count {
            field,
            problem: CountError::NotANumber(_),
        } => format!("the {} field needs a number", field.label()),
        GoalTextError::Rank(_) => "the Rank field takes A, 2 to 10, J, Q or K".to_string(),
        GoalTextError::Goal(error) => error.to_string(),
    }
}

/// A seed for a random deal from the clock: a different deal each time, in up to nine
/// digits so that it is easy to note down.
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    (now.as_secs() ^ u64::from(now.subsec_nanos())) % 1_000_000_000
}

/// Whether `text` is a rank or the start of one, as the challenge dialog's Rank field takes
/// it: one of A 2-9 T J Q K (either case), or 1 on the way to 10.
fn rank_start(text: &str) -> bool {
    text == "1" || text.parse::<solitaire::Rank>().is_ok()
}

#[cfg(test)]
pub mod tests;

//! The app model and its update function: every event, from keys to solver messages, comes in
//! as a [`Msg`] and changes the model; drawing only reads it.

use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

use solitaire::pyramid::solver::{CapReached, Outcome, Report, Stats};
use solitaire::pyramid::{Finish, Game, Goal, GoalText, Move, Place, Position, Rules};

use super::board::{self, Spot};
use super::cards::Direction;
use super::editor::{Editor, Pending, Typed, next_passes};
use super::help;
use super::open_dialog::{OpenAction, OpenDialog};
use super::play::{Back, Choice, Known, Play, Standing, Want};
use super::view;
use crate::solve_job::{JobEvent, JobMessage, SolveJob};
use crate::storage::{self, Draft, Folders, Holds, Origin, SavedDeal, Verdict};
use crate::theme::Theme;
use solitaire::pyramid::challenge::Answer;

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

/// The main screens.
#[derive(Debug)]
pub enum Screen {
    Editor,
    Solving(Solving),
    Solution(Solution),
    /// Playing the game in [`App::play`].
    Play,
}

/// The save dialog: the name and a note, as typed so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveDialog {
    pub name: String,
    pub note: String,
    /// Typing goes to the note rather than the name.
    pub on_note: bool,
}

impl SaveDialog {
    /// The field typing goes to.
    fn field(&mut self) -> &mut String {
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
    /// Score: target, earned. Card: rank, target, already.
    pub score: [String; 2],
    pub card: [String; 3],
    /// The row being edited: 0 the challenge, then its fields.
    pub focus: usize,
    /// The field's value is as it came (a default, or the value set before): the first key
    /// typed replaces it, as in a selected field.
    pub fresh: bool,
}

impl ChallengeDialog {
    /// The challenge names, in the order ←→ go through them.
    pub const KINDS: [&'static str; 3] = ["Board", "Score", "Card"];

    fn new(goal: Goal) -> ChallengeDialog {
        let mut dialog = ChallengeDialog {
            kind: 0,
            score: ["1290".to_string(), "0".to_string()],
            card: ["A".to_string(), "4".to_string(), "0".to_string()],
            focus: 0,
            fresh: true,
        };
        match goal {
            Goal::Board => {}
            Goal::Score { target, earned } => {
                dialog.kind = 1;
                dialog.score = [target.to_string(), earned.to_string()];
            }
            Goal::Card {
                rank,
                target,
                already,
            } => {
                dialog.kind = 2;
                dialog.card = [rank.to_string(), target.to_string(), already.to_string()];
            }
        }
        dialog
    }

    /// The fields of the challenge chosen, with their labels.
    pub fn fields(&self) -> Vec<(&'static str, &String)> {
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

    fn field(&mut self) -> Option<&mut String> {
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
                target: self.score[0].trim(),
                earned: self.score[1].trim(),
            },
            2 => GoalText::Card {
                rank: self.card[0].trim(),
                target: self.card[1].trim(),
                already: self.card[2].trim(),
            },
            _ => GoalText::Board,
        };
        text.read().map_err(|problem| problem.to_string())
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

/// A change that would drop unsaved work, waiting for a y/n answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Confirm {
    /// Ctrl-N: a new, empty deal.
    New,
    /// A saved game to open in place of the work, and where it comes from.
    Open(Box<SavedDeal>, String),
    /// A deal file with problems, or an unfinished deal, to go on with in the editor in place
    /// of the work.
    OpenText(DealText),
}

impl Confirm {
    /// The name of the deal that would be opened; empty for a new deal.
    fn name(&self) -> &str {
        match self {
            Confirm::Open(saved, _) => &saved.name,
            Confirm::OpenText(text) => &text.name,
            Confirm::New => "",
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

/// The work as it was when last saved or opened: what "unsaved" is measured against.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Snapshot {
    slots: [Option<solitaire::Card>; solitaire::deck::DECK_SIZE],
    midgame: solitaire::pyramid::Midgame,
    rules: Rules,
    goal: Goal,
    moves: Vec<Move>,
}

/// What the app starts with.
pub struct Setup {
    pub folders: Folders,
    pub themes: Vec<Theme>,
    pub theme: usize,
    pub ascii: bool,
    /// A deal to open, with its name.
    pub deal: Option<SavedDeal>,
    /// A deal file with problems to open in the editor (in place of `deal`).
    pub deal_text: Option<DealText>,
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
    /// The game being played on the editor's deal, kept while the deal is unchanged.
    pub play: Option<Play>,
    /// The notes saved with the game.
    pub notes: Vec<String>,
    /// What the game is played for.
    pub goal: Goal,
    pub size: Rect,
    pub ticks: u64,
    pub quit: bool,
    /// A change that waits for y (or n) because it would drop unsaved work.
    pub confirm: Option<Confirm>,
    /// The work as last saved or opened.
    clean: Option<Snapshot>,
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
            play: None,
            notes: Vec::new(),
            goal: Goal::Board,
            size: Rect::new(0, 0, 80, 24),
            ticks: 0,
            quit: false,
            confirm: None,
            clean: None,
            send,
            next_job: 0,
        };
        storage::remove_stale_temporaries(&app.folders);
        let draft = storage::restore_draft(&app.folders);
        // Work saved or opened before the last run ended is still saved: no need to ask.
        let kept = storage::draft_name(&app.folders).filter(|_| draft.is_some());
        let saved = kept.as_ref().is_some_and(|kept| kept.saved);
        let opening = match (setup.deal, setup.deal_text) {
            (Some(saved), _) => {
                let from = format!("'{}'", saved.name);
                Some(Confirm::Open(Box::new(saved), from))
            }
            (None, Some(text)) => Some(Confirm::OpenText(text)),
            (None, None) => None,
        };
        match (opening, draft) {
            (Some(opening), Some(draft)) if !saved && draft_differs(&draft, &opening) => {
                // The draft is other work: it stays until the user says it may go.
                app.restore(&draft);
                app.restore_name(kept);
                let what = app.unsaved().unwrap_or_else(|| "the draft".to_string());
                let name = opening.name().to_string();
                app.confirm = Some(opening);
                app.say(
                    Tone::Warning,
                    format!(
                        "Open '{name}' in place of {what}? y opens it, any other key keeps \
                         the draft."
                    ),
                );
            }
            (Some(Confirm::Open(saved, from)), _) => app.opened(*saved, &from),
            (Some(Confirm::OpenText(text)), _) => app.load_text(&text),
            (Some(Confirm::New) | None, Some(draft)) => {
                let text = app.restore(&draft);
                app.restore_name(kept);
                app.say(Tone::Info, text);
            }
            (Some(Confirm::New) | None, None) => app.say(
                Tone::Info,
                "Type the deal: the pyramid row by row, then the stock from the top. ? for help.",
            ),
        }
        if let Some(warning) = setup.warnings.first().filter(|_| app.confirm.is_none()) {
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
            Msg::Mouse(_) | Msg::Paste(_) if self.too_small() => {}
            // A click or a paste answers a y/n question with "no", then acts as usual.
            Msg::Mouse(_) | Msg::Paste(_) if self.confirm.is_some() => {
                self.confirm = None;
                self.say(Tone::Info, "Kept as it was.");
                match msg {
                    Msg::Mouse(mouse) => self.mouse(mouse),
                    Msg::Paste(text) => self.paste(&text),
                    _ => {}
                }
            }
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

    /// Whether the terminal is too small for the board: only quitting works there.
    fn too_small(&self) -> bool {
        self.size.width < view::MIN_WIDTH || self.size.height < view::MIN_HEIGHT
    }

    fn key(&mut self, key: KeyEvent) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if self.too_small() {
            if matches!(key.code, KeyCode::Char('q' | 'c')) && ctrl {
                self.quit = true;
            }
            return;
        }
        if let Some(confirm) = self.confirm.take() {
            self.answer(confirm, key);
            return;
        }
        if ctrl {
            match key.code {
                KeyCode::Char('q' | 'c') => self.quit = true,
                KeyCode::Char('t') => self.next_theme(),
                KeyCode::Char('s') => self.open_save(),
                KeyCode::Char('o') => self.open_list(),
                KeyCode::Char('n') => self.new_deal(),
                KeyCode::Char('f') => self.fill_offer(),
                KeyCode::Char('p') if matches!(self.screen, Screen::Editor) => self.start_play(),
                _ => {}
            }
            return;
        }
        if key.code == KeyCode::F(1) {
            self.toggle_help();
            return;
        }
        match self.overlay.take() {
            Some(Overlay::Help(scroll)) => self.help_key(key, scroll),
            Some(Overlay::Save(dialog)) => self.save_key(key, dialog),
            Some(Overlay::Open(dialog)) => self.open_key(key, dialog),
            Some(Overlay::Challenge(dialog)) => self.challenge_key(key, dialog),
            None => match self.screen {
                Screen::Editor => self.editor_key(key),
                Screen::Solving(_) => self.solving_key(key),
                Screen::Solution(_) => self.solution_key(key),
                Screen::Play => self.play_key(key),
            },
        }
    }

    /// The answer to a y/n question: y (or Ctrl-N again for a new deal) goes ahead, Ctrl-Q
    /// quits, any other key keeps the work.
    fn answer(&mut self, confirm: Confirm, key: KeyEvent) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let yes = matches!(key.code, KeyCode::Char('y' | 'Y')) && !ctrl
            || (confirm == Confirm::New && ctrl && key.code == KeyCode::Char('n'));
        if ctrl && matches!(key.code, KeyCode::Char('q' | 'c')) {
            self.quit = true;
        } else if !yes {
            self.say(Tone::Info, "Kept as it was.");
        } else {
            self.go_ahead(confirm);
        }
    }

    /// Does what a y/n question asked about, or what needed no question.
    fn go_ahead(&mut self, confirm: Confirm) {
        match confirm {
            Confirm::New => self.clear_deal(),
            Confirm::Open(saved, from) => self.opened(*saved, &from),
            Confirm::OpenText(opening) => self.load_text(&opening),
        }
    }

    /// The work as it stands, to compare with what was last saved or opened.
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            slots: self.editor.slots,
            midgame: self.editor.midgame,
            rules: self.editor.rules,
            goal: self.goal,
            moves: self
                .play
                .as_ref()
                .map(|play| play.game.moves().to_vec())
                .unwrap_or_default(),
        }
    }

    /// What replacing the work now would lose, in words; `None` when nothing would be.
    pub fn unsaved(&self) -> Option<String> {
        let now = self.snapshot();
        let typed = self.editor.filled();
        if (typed == 0 && now.moves.is_empty()) || self.clean.as_ref() == Some(&now) {
            return None;
        }
        let moves = now.moves.len();
        let same_deal = self
            .clean
            .as_ref()
            .is_some_and(|clean| (clean.slots, clean.midgame) == (now.slots, now.midgame));
        let s = |n: usize| if n == 1 { "" } else { "s" };
        Some(match (same_deal, moves) {
            (true, 0) => "the changes to the rules or the challenge (not saved)".to_string(),
            (true, m) => format!("the game played, {m} move{} (not saved)", s(m)),
            (false, 0) => format!("the {typed} card{} typed (not saved)", s(typed)),
            (false, m) => format!(
                "the {typed} card{} typed and the {m} move{} played (not saved)",
                s(typed),
                s(m)
            ),
        })
    }

    /// Puts the draft's work on screen, in play mode if a game was under way; says which.
    fn restore(&mut self, draft: &Draft) -> String {
        self.editor = Editor::with_slots(draft.slots, draft.midgame);
        self.editor.set_rules(draft.rules);
        self.goal = draft.goal;
        // The game and any solution shown were of the work this replaces.
        self.play = None;
        self.screen = Screen::Editor;
        if self.resume(&draft.moves) {
            format!(
                "Restored the game you were playing ({}).",
                view::counted(draft.moves.len(), "move")
            )
        } else {
            format!(
                "Restored the deal you were typing ({}/52).",
                self.editor.filled()
            )
        }
    }

    /// The name the restored draft goes by, and the work counted as saved if it was.
    fn restore_name(&mut self, kept: Option<storage::DraftName>) {
        let Some(kept) = kept else {
            return;
        };
        self.name = Some(kept.name);
        if kept.saved {
            self.clean = Some(self.snapshot());
        }
    }

    fn toggle_help(&mut self) {
        self.overlay = match self.overlay {
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
        self.overlay = Some(Overlay::Help(scroll.min(help::most_scroll(self))));
    }

    fn editor_key(&mut self, key: KeyEvent) {
        if std::mem::take(&mut self.editor.preview) && key.code == KeyCode::Char('v') {
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
                Typed::Rejected(hint) => self.say(Tone::Warning, hint),
                Typed::Placed(_) | Typed::Partial => self.status = None,
            }
            if (self.editor.slots, self.editor.midgame, self.editor.rules) != before {
                self.edited();
            }
            return;
        }
        match key.code {
            KeyCode::Char('?') => self.overlay = Some(Overlay::Help(0)),
            // Separators between pasted or typed cards.
            KeyCode::Char(' ' | ',') => {}
            KeyCode::Char('-') => {
                let text = self.editor.toggle_gone();
                self.say(Tone::Info, text);
            }
            KeyCode::Char('w') => self.mark(Editor::toggle_waste_end),
            KeyCode::Char('p') => {
                let text = self.editor.next_pass();
                self.say(Tone::Info, text);
            }
            KeyCode::Char('v') => self.toggle_preview(),
            KeyCode::Char('r') => {
                self.change_rules(|rules| rules.passes = next_passes(rules.passes));
            }
            KeyCode::Char('x') => self.change_rules(|rules| rules.relaxed = !rules.relaxed),
            KeyCode::Char('e') => self.change_rules(|rules| {
                rules.finish = match rules.finish {
                    Finish::Pyramid => Finish::AllCards,
                    Finish::AllCards => Finish::Pyramid,
                }
            }),
            KeyCode::Char('g') => {
                self.overlay = Some(Overlay::Challenge(ChallengeDialog::new(self.goal)));
            }
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
        if (self.editor.slots, self.editor.midgame, self.editor.rules) != before {
            self.edited();
        }
    }

    /// Changes the rules the game is played under, unless the challenge cannot be played
    /// under the new ones; says which.
    fn change_rules(&mut self, change: impl FnOnce(&mut Rules)) {
        let mut rules = self.editor.rules;
        change(&mut rules);
        if let Err(problem) = self.goal.check(rules) {
            self.say(
                Tone::Warning,
                format!("Not with this challenge: {problem}."),
            );
        } else {
            self.editor.set_rules(rules);
            self.say(Tone::Info, format!("Rules: {rules}."));
        }
    }

    /// Applies a mark to the card under the cursor and says what it did.
    fn mark(&mut self, change: fn(&mut Editor) -> Result<String, String>) {
        match change(&mut self.editor) {
            Ok(text) => self.say(Tone::Info, text),
            Err(text) => self.say(Tone::Warning, text),
        }
    }

    fn toggle_preview(&mut self) {
        match self.editor.start() {
            Ok(_) => {
                self.editor.preview = true;
                self.say(
                    Tone::Info,
                    "The position as the game shows it. Any key goes back to editing.",
                );
            }
            Err(problem) => self.say(Tone::Error, format!("Nothing to show yet: {problem}.")),
        }
    }

    fn move_cursor(&mut self, direction: Direction) {
        let to = board::neighbour(self.editor.cursor, direction);
        self.editor.go_to(to);
    }

    /// After any change to the cards or marks: the old answer and the game played on them no
    /// longer hold; keep the draft.
    fn edited(&mut self) {
        self.verdict = Verdict::Unsolved;
        self.play = None;
        self.keep_draft();
    }

    fn keep_draft(&mut self) {
        if let Err(error) = self.write_draft() {
            self.say(Tone::Error, format!("The draft is not kept: {error}"));
        }
    }

    fn write_draft(&self) -> Result<(), storage::StorageError> {
        let name = self.name.as_ref().map(|name| storage::DraftName {
            name: name.clone(),
            saved: self.clean.as_ref() == Some(&self.snapshot()),
        });
        storage::store_named_draft(&self.folders, &self.draft(), name.as_ref())
    }

    /// After a save failed: what became of the work, truthfully.
    fn not_saved(&mut self, error: &storage::StorageError, what: &str) {
        let kept = if self.write_draft().is_ok() {
            "and kept as a draft"
        } else {
            "but the draft cannot be written either: --saves DIR picks another folder"
        };
        self.say(
            Tone::Error,
            format!("Not saved: {error}. The {what} is still here, {kept}."),
        );
    }

    /// The work as a draft.
    fn draft(&self) -> Draft {
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

    fn paste(&mut self, text: &str) {
        // Terminals and tmux paste with CR line ends, which would leave a `#` comment line
        // running to the end of the text.
        let text = crate::text_file::normalize(text);
        let text = text.as_str();
        match (&mut self.overlay, &self.screen) {
            (Some(Overlay::Save(dialog)), _) => {
                dialog.field().push_str(text.lines().next().unwrap_or(""));
            }
            (None, Screen::Editor) => {
                let (placed, bad, left_over) = self.editor.paste(text);
                let mut message = format!("Pasted {}.", view::counted(placed, "card"));
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
        if self.overlay.is_some() {
            return;
        }
        if let Screen::Solution(solution) = &self.screen {
            // A click on a step goes to it; the wheel steps.
            let step = match mouse.kind {
                _ if click => view::step_at(self, mouse.column, mouse.row),
                MouseEventKind::ScrollDown => Some(solution.step + 1),
                MouseEventKind::ScrollUp => Some(solution.step.saturating_sub(1)),
                _ => None,
            };
            if let (Some(step), Screen::Solution(solution)) = (step, &mut self.screen) {
                solution.step = step.min(solution.moves.len());
                self.status = None;
            }
            return;
        }
        if !click {
            return;
        }
        let area = view::board_area(self.size);
        match self.screen {
            Screen::Editor => {
                if let Some(slot) = board::slot_at(area, mouse.column, mouse.row) {
                    self.editor.go_to(slot);
                }
            }
            Screen::Play => match board::spot_at(area, mouse.column, mouse.row) {
                Some(Spot::Card(place)) => self.choose(place),
                Some(Spot::Draw) => self.play_action(Play::draw),
                None => {}
            },
            _ => {}
        }
    }

    /// Solves the editor's position.
    fn solve(&mut self) {
        match self.editor.start() {
            Ok(start) => self.start_solving(start),
            Err(problem) => self.say(Tone::Error, format!("Cannot solve yet: {problem}.")),
        }
    }

    fn start_solving(&mut self, start: Position) {
        self.next_job += 1;
        let job = SolveJob::start(
            self.next_job,
            start.clone(),
            self.goal,
            self.send.clone(),
            Msg::Job,
        );
        self.screen = Screen::Solving(Solving {
            job,
            started: Instant::now(),
            elapsed: Duration::ZERO,
            stats: Stats::default(),
            start,
        });
        self.say(Tone::Info, "Solving. Esc cancels.");
    }

    fn job(&mut self, message: JobMessage) {
        if let Some(play) = &mut self.play
            && play.check_id() == Some(message.id)
        {
            let known = match &message.event {
                JobEvent::Progress(_) | JobEvent::TriPeaks(..) => return,
                JobEvent::Finished(report) => Known::of_report(report),
                JobEvent::Challenged(answer, _) => {
                    let goal = self.goal;
                    answer
                        .as_ref()
                        .map(|a| Known::of_answer(a, || crate::challenge::headline(goal, a)))
                }
                JobEvent::Undecided(cap) => Some(Known::Undecided(cap.to_string())),
            };
            play.finished(known);
            self.checked();
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
                self.say(Tone::Warning, undecided_text(&cap));
            }
            JobEvent::Challenged(Some(answer), stats) => {
                let start = solving.start.clone();
                let text = crate::challenge::headline(self.goal, &answer);
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
                self.say(tone, format!("{text}{more}"));
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
                        view::counted(solution.moves.len(), "step")
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
            KeyCode::Char('?') => self.overlay = Some(Overlay::Help(0)),
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
            KeyCode::Esc if solution.from_play => {
                self.screen = Screen::Play;
                self.say(Tone::Info, "Back to your game.");
            }
            KeyCode::Esc => {
                self.screen = Screen::Editor;
                self.say(Tone::Info, "Back to the deal.");
            }
            KeyCode::Char('p') => self.play_from_step(),
            KeyCode::Tab if solution.next_line() => self.status = None,
            KeyCode::Char('q') => self.quit = true,
            KeyCode::Char('?') => self.overlay = Some(Overlay::Help(0)),
            _ => {}
        }
    }

    /// Play mode from the editor: the game kept for this deal, or a new one from its position.
    fn start_play(&mut self) {
        if self.play.is_none() {
            match self.editor.start() {
                Ok(start) => self.play = Some(Play::new(Game::new(start))),
                Err(problem) => {
                    self.say(Tone::Error, format!("Cannot play yet: {problem}."));
                    return;
                }
            }
        }
        self.screen = Screen::Play;
        self.say(
            Tone::Info,
            "Play: arrows choose a card, Enter takes it, d draws, u undoes, h hints.",
        );
        self.sync_check();
    }

    /// Play mode at the solution step shown, with the steps before it to undo.
    fn play_from_step(&mut self) {
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
        self.keep_draft();
        self.say(Tone::Info, "Your turn: play on from this step.");
        self.sync_check();
    }

    /// Resumes a game from the editor's position with these moves played; false when the
    /// editor does not hold a playable position or there are no moves.
    fn resume(&mut self, moves: &[Move]) -> bool {
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
        self.sync_check();
        true
    }

    fn play_key(&mut self, key: KeyEvent) {
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
                let area = view::board_area(self.size);
                play.cursor =
                    board::play_neighbour(area, play.cursor, &play.cursor_places(), direction);
            }
            KeyCode::Enter | KeyCode::Char(' ') => {
                let place = play.cursor;
                self.choose(place);
            }
            KeyCode::Char('d') => self.play_action(Play::draw),
            KeyCode::Char('r') => self.play_action(|play| play.play(Move::Recycle)),
            KeyCode::Char('u') | KeyCode::Backspace => self.undo_redo(Play::undo, "Undone."),
            KeyCode::Char('U') => self.undo_redo(Play::redo, "Redone."),
            KeyCode::Char('b') => self.back_to_winnable(),
            KeyCode::Char('h') => self.hint(),
            KeyCode::Char('s') => self.show_rest(),
            KeyCode::Esc if play.selected.is_some() => {
                play.selected = None;
                self.status = None;
            }
            KeyCode::Esc => {
                self.screen = Screen::Editor;
                self.say(
                    Tone::Info,
                    "Back to the deal. Ctrl-P goes on with the game; any change starts a new one.",
                );
            }
            KeyCode::Char('q') => self.quit = true,
            KeyCode::Char('?') => self.overlay = Some(Overlay::Help(0)),
            _ => {}
        }
    }

    fn choose(&mut self, place: Place) {
        self.play_action(|play| play.choose(place));
    }

    /// Does something to the game and reports it.
    fn play_action(&mut self, action: impl FnOnce(&mut Play) -> Choice) {
        let Some(play) = &mut self.play else {
            return;
        };
        if play.position().is_won() {
            let done = play.position().rules().finish.done();
            let moves = view::counted(play.game.played(), "move");
            self.say(
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
                self.moved();
                match won {
                    Some(moves) => {
                        self.say(
                            Tone::Success,
                            format!("{text}. {done}, in {}!", view::counted(moves, "move")),
                        );
                    }
                    None => self.say(Tone::Info, text),
                }
            }
            Choice::Selected => {
                if let Some(card) = selected {
                    self.say(
                        Tone::Info,
                        format!("{card} chosen: now a card that makes 13 with it (Esc drops it)."),
                    );
                }
            }
            Choice::Deselected => self.status = None,
            Choice::Refused(why) => self.say(Tone::Warning, format!("Not possible: {why}.")),
        }
    }

    fn undo_redo(&mut self, action: fn(&mut Play) -> bool, done: &str) {
        let Some(play) = &mut self.play else {
            return;
        };
        if action(play) {
            self.moved();
            self.say(Tone::Info, done);
        } else {
            self.say(Tone::Warning, "Nothing more to take back or play again.");
        }
    }

    /// Undoes back to the latest position known to be winnable.
    fn back_to_winnable(&mut self) {
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
                self.moved();
                let s = if n == 1 { "" } else { "s" };
                self.say(
                    Tone::Success,
                    format!("Back {n} move{s}, to the latest winnable position."),
                );
            }
            Standing::Lost {
                back: Back::Looking,
                ..
            } => self.say(Tone::Info, "Still looking for the way back…"),
            Standing::Lost {
                back: Back::Never, ..
            } => self.say(
                Tone::Warning,
                "No earlier position of this game was winnable either.",
            ),
            Standing::Checking => self.say(Tone::Info, "Still checking this position…"),
            Standing::Winnable(_) => {
                self.say(
                    Tone::Info,
                    "This position is winnable: nothing to go back to.",
                );
            }
            Standing::Undecided(_) => self.say(
                Tone::Warning,
                "Undecided here: whether this position can be won is not known.",
            ),
        }
    }

    /// After a move, undo or redo: keep the draft and check the new position.
    fn moved(&mut self) {
        self.keep_draft();
        self.sync_check();
    }

    /// Keeps the background check on the position play mode needs next.
    fn sync_check(&mut self) {
        let Some(play) = &mut self.play else {
            return;
        };
        let (next_job, send, goal) = (&mut self.next_job, &self.send, self.goal);
        play.sync(|position| {
            *next_job += 1;
            SolveJob::start(*next_job, position, goal, send.clone(), Msg::Job)
        });
    }

    /// A check finished: start the next one, and give what the user was waiting for.
    fn checked(&mut self) {
        self.sync_check();
        let Some(play) = &mut self.play else {
            return;
        };
        if play.known().is_none() {
            return;
        }
        match play.want.take() {
            Some(Want::Hint) => self.hint(),
            Some(Want::Rest) => self.show_rest(),
            None => {}
        }
    }

    /// Shows the next move of an optimal continuation; when it is shown, plays it.
    fn hint(&mut self) {
        let Some(play) = &mut self.play else {
            return;
        };
        match play.standing() {
            Standing::Checking => {
                play.want = Some(Want::Hint);
                self.say(Tone::Info, "Thinking about a hint…");
            }
            Standing::Winnable(0) if self.goal == Goal::Board => {
                let done = self.editor.rules.finish.done();
                self.say(Tone::Success, format!("{done}: well done!"));
            }
            Standing::Winnable(0) => self.say(Tone::Success, "The target is reached: well done!"),
            Standing::Winnable(_) => {
                let best = play
                    .best_move()
                    .expect("a winnable position has a next move");
                if play.hint_shown {
                    self.play_action(|play| play.play(best));
                } else {
                    play.hint_shown = true;
                    let text = play.position().describe(best);
                    self.say(Tone::Success, format!("Hint: {text}. h again plays it."));
                }
            }
            Standing::Lost { back, .. } => match play.best_move() {
                // A Score or Card target out of reach: hint the best still possible.
                Some(best) if play.hint_shown => self.play_action(|play| play.play(best)),
                Some(best) => {
                    play.hint_shown = true;
                    let text = play.position().describe(best);
                    self.say(
                        Tone::Warning,
                        format!("Out of reach; the best from here: {text}. h again plays it."),
                    );
                }
                None => self.say(
                    Tone::Warning,
                    format!("No move wins from here: {}.", back_text(back)),
                ),
            },
            Standing::Undecided(cap) => self.say(
                Tone::Warning,
                format!("No hint: the search reached its cap here ({cap})."),
            ),
        }
    }

    /// Steps through the rest of an optimal solution from the current position.
    fn show_rest(&mut self) {
        let Some(play) = &mut self.play else {
            return;
        };
        if play.position().is_won() {
            self.say(
                Tone::Success,
                "The game is already won: there is nothing left to solve.",
            );
            return;
        }
        let moves = match play.known() {
            None => {
                play.want = Some(Want::Rest);
                self.say(Tone::Info, "Solving from here…");
                return;
            }
            Some(Known::Winnable(line) | Known::Short(line, _)) => Outcome::Solved(line.clone()),
            Some(Known::Lost(reason)) => Outcome::NoSolution(reason.clone()),
            Some(Known::Undecided(cap)) => {
                let text = format!("No solution shown: the search reached its cap here ({cap}).");
                self.say(Tone::Warning, text);
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
        self.say(tone, text);
    }

    /// ←→ choose the challenge, ↑↓ Tab the field, typing edits it, Enter sets it.
    fn challenge_key(&mut self, key: KeyEvent, mut dialog: ChallengeDialog) {
        let rows = dialog.fields().len() + 1;
        // A refusal stands until the next key that is taken.
        if matches!(&self.status, Some(status) if status.tone != Tone::Info) {
            self.status = None;
        }
        match key.code {
            KeyCode::Esc => {
                self.say(Tone::Info, "The challenge is as it was.");
                return;
            }
            KeyCode::Enter => {
                match dialog.goal().and_then(|goal| {
                    let fits = goal.check(self.editor.rules);
                    fits.map(|()| goal).map_err(|problem| problem.to_string())
                }) {
                    Ok(goal) => {
                        if goal != self.goal {
                            self.goal = goal;
                            self.edited();
                        }
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
            KeyCode::Left if dialog.focus == 0 => {
                dialog.kind = (dialog.kind + 2) % 3;
                dialog.fresh = true;
            }
            KeyCode::Right if dialog.focus == 0 => {
                dialog.kind = (dialog.kind + 1) % 3;
                dialog.fresh = true;
            }
            KeyCode::Up | KeyCode::BackTab => {
                dialog.focus = (dialog.focus + rows - 1) % rows;
                dialog.fresh = true;
            }
            KeyCode::Down | KeyCode::Tab => {
                dialog.focus = (dialog.focus + 1) % rows;
                dialog.fresh = true;
            }
            KeyCode::Backspace => {
                let fresh = std::mem::take(&mut dialog.fresh);
                if let Some(field) = dialog.field() {
                    if fresh {
                        field.clear();
                    } else {
                        field.pop();
                    }
                }
            }
            KeyCode::Char(c) if dialog.focus > 0 && dialog.numeric() && !c.is_ascii_digit() => {
                self.say(
                    Tone::Warning,
                    format!("'{c}' is not a digit: this field is a number."),
                );
            }
            KeyCode::Char(c)
                if dialog.focus > 0
                    && !dialog.numeric()
                    && !rank_start(&format!(
                        "{}{c}",
                        if dialog.fresh {
                            ""
                        } else {
                            dialog.card[0].trim()
                        }
                    )) =>
            {
                self.say(
                    Tone::Warning,
                    format!("'{c}' cannot be part of a rank: A 2-9 T J Q K, or 10."),
                );
            }
            KeyCode::Char(c) => {
                let fresh = std::mem::take(&mut dialog.fresh);
                if let Some(field) = dialog.field() {
                    if fresh {
                        field.clear();
                    }
                    field.push(c);
                }
            }
            _ => {}
        }
        self.overlay = Some(Overlay::Challenge(dialog));
    }

    fn next_theme(&mut self) {
        self.theme = (self.theme + 1) % self.themes.len();
        let name = self.theme().name.clone();
        let path = self.folders.preferences();
        match crate::preferences::remember_theme(&path, &name) {
            Ok(()) => self.say(Tone::Info, format!("Theme: {name}.")),
            Err(error) => self.say(
                Tone::Warning,
                format!("Theme: {name}, for this run only: {error}."),
            ),
        }
    }

    fn open_save(&mut self) {
        if matches!(self.screen, Screen::Solving(_)) {
            return;
        }
        // An unfinished deal is saved too (its empty slots kept), but not one whose cards
        // are wrong: a duplicate or marks no game can reach.
        let unfinished = self.editor.deal().is_err()
            && self.editor.duplicates().is_empty()
            && self.editor.filled() > 0;
        if let Err(problem) = self
            .editor
            .start()
            .map(|_| ())
            .or_else(|problem| if unfinished { Ok(()) } else { Err(problem) })
        {
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
        self.overlay = Some(Overlay::Save(SaveDialog {
            name,
            note: self.notes.join(" "),
            on_note: false,
        }));
    }

    fn save_key(&mut self, key: KeyEvent, mut dialog: SaveDialog) {
        match key.code {
            KeyCode::Esc => {
                self.say(Tone::Info, "Not saved.");
                return;
            }
            KeyCode::Enter if dialog.name.trim().is_empty() => {
                self.say(Tone::Warning, "Give the game a name.");
            }
            KeyCode::Enter => {
                self.save(&dialog);
                return;
            }
            KeyCode::Tab | KeyCode::BackTab | KeyCode::Up | KeyCode::Down => {
                dialog.on_note = !dialog.on_note;
            }
            KeyCode::Backspace => {
                dialog.field().pop();
            }
            KeyCode::Char(c) => dialog.field().push(c),
            _ => {}
        }
        self.overlay = Some(Overlay::Save(dialog));
    }

    fn save(&mut self, dialog: &SaveDialog) {
        let name = dialog.name.trim();
        let notes: Vec<String> = Some(storage::printable(dialog.note.trim()))
            .filter(|note| !note.is_empty())
            .into_iter()
            .collect();
        let Ok(deal) = self.editor.deal() else {
            self.save_unfinished(name, notes);
            return;
        };
        let mut saved = SavedDeal::new(name, &storage::now_text(), self.verdict.clone(), deal);
        saved.midgame = self.editor.midgame;
        saved.goal = self.goal;
        saved.rules = self.editor.rules;
        saved.notes.clone_from(&notes);
        if let Some(play) = &self.play {
            saved.moves = play.game.moves().to_vec();
        }
        match storage::save(&self.folders, &saved) {
            Ok(path) => {
                self.name = Some(saved.name.clone());
                self.notes = notes;
                self.clean = Some(self.snapshot());
                self.keep_draft();
                let moves = if saved.moves.is_empty() {
                    String::new()
                } else {
                    format!(" with {}", view::counted(saved.moves.len(), "move"))
                };
                self.say(
                    Tone::Success,
                    format!("Saved{moves} to {}.", path.display()),
                );
            }
            Err(error) => self.not_saved(&error, "game"),
        }
    }

    /// Saves the deal typed so far under a name; Ctrl-O or `pyramid FILE` opens it into the
    /// editor.
    fn save_unfinished(&mut self, name: &str, notes: Vec<String>) {
        let draft = self.draft();
        match storage::save_unfinished(&self.folders, name, &notes, &draft) {
            Ok(path) => {
                self.name = Some(name.to_string());
                self.notes = notes;
                self.clean = Some(self.snapshot());
                self.keep_draft();
                self.say(
                    Tone::Success,
                    format!(
                        "Saved the unfinished deal ({}/52) to {}.",
                        self.editor.filled(),
                        path.display()
                    ),
                );
            }
            Err(error) => self.not_saved(&error, "deal"),
        }
    }

    fn open_list(&mut self) {
        if matches!(self.screen, Screen::Solving(_)) {
            return;
        }
        self.overlay = Some(Overlay::Open(OpenDialog::new(&self.folders)));
    }

    fn open_key(&mut self, key: KeyEvent, mut dialog: OpenDialog) {
        match dialog.key(key) {
            OpenAction::Stay => self.overlay = Some(Overlay::Open(dialog)),
            OpenAction::Close => {}
            OpenAction::Delete(path) => {
                dialog.delete(&self.folders, &path);
                self.overlay = Some(Overlay::Open(dialog));
            }
            OpenAction::Open(entry) => {
                let from = match &entry.origin {
                    Origin::User(path) => path.display().to_string(),
                    Origin::Example => "the examples".to_string(),
                };
                // An unfinished deal opens into the editor as `pyramid FILE` opens it.
                let opening = match entry.holds {
                    Holds::Game(saved) => Confirm::Open(Box::new(saved), from),
                    Holds::Unfinished(unfinished) => Confirm::OpenText(DealText {
                        name: unfinished.name,
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
                let name = opening.name().to_string();
                self.confirm = Some(opening);
                self.say(
                    Tone::Warning,
                    format!(
                        "Open '{name}' in place of {what}? y opens it, any other key keeps it."
                    ),
                );
            }
            None => self.go_ahead(opening),
        }
    }

    /// Opens a saved game and says where it came from.
    fn opened(&mut self, saved: SavedDeal, from: &str) {
        let playing = !saved.moves.is_empty();
        self.load(saved);
        let next = if playing {
            "Play goes on where it was left."
        } else {
            "Enter solves, Ctrl-P plays."
        };
        self.say(Tone::Success, format!("Opened from {from}. {next}"));
    }

    /// Puts a saved game in the editor, and in play mode when it has moves.
    fn load(&mut self, saved: SavedDeal) {
        self.editor = Editor::with_deal(&saved.deal, saved.midgame);
        self.editor.set_rules(saved.rules);
        self.editor.go_to(0);
        self.name = Some(saved.name);
        self.verdict = saved.verdict;
        self.notes = saved.notes;
        self.goal = saved.goal;
        self.play = None;
        self.screen = Screen::Editor;
        self.resume(&saved.moves);
        self.clean = Some(self.snapshot());
        self.keep_draft();
    }

    /// Puts a deal file's cards in the editor as far as they go, for the Check panel to show
    /// its problems.
    fn load_text(&mut self, opening: &DealText) {
        let (slots, extra, malformed) = text_slots(&opening.text);
        // An unfinished deal saved under a name: its empty slots, marks and rules as saved.
        if let Some(draft) = Draft::parse(&opening.text).filter(|draft| draft.slots.contains(&None))
        {
            self.restore(&draft);
            self.name = Some(opening.name.clone());
            self.verdict = Verdict::Unsolved;
            self.notes.clear();
            self.clean = Some(self.snapshot());
            self.keep_draft();
            self.say(
                Tone::Info,
                format!(
                    "Opened '{}' ({}/52): go on typing.",
                    opening.name,
                    self.editor.filled()
                ),
            );
            return;
        }
        self.editor = Editor::with_slots(slots, solitaire::pyramid::Midgame::default());
        self.editor.go_to(0);
        self.name = Some(opening.name.clone());
        self.verdict = Verdict::Unsolved;
        self.notes.clear();
        self.goal = Goal::Board;
        self.play = None;
        self.screen = Screen::Editor;
        self.clean = Some(self.snapshot());
        self.keep_draft();
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
                view::counted(extra, "card"),
                if extra == 1 { "was" } else { "were" }
            ));
        }
        self.say(Tone::Warning, text);
    }

    fn new_deal(&mut self) {
        if matches!(self.screen, Screen::Solving(_)) {
            return;
        }
        if let Some(what) = self.unsaved() {
            self.confirm = Some(Confirm::New);
            self.say(
                Tone::Warning,
                format!("Clear {what} for a new deal? y (or Ctrl-N again) clears, any other key keeps it."),
            );
            return;
        }
        self.clear_deal();
    }

    /// A new, empty deal in place of the work.
    fn clear_deal(&mut self) {
        self.editor = Editor::default();
        self.name = None;
        self.notes.clear();
        self.screen = Screen::Editor;
        self.overlay = None;
        self.edited();
        self.say(Tone::Info, "A new, empty deal.");
    }
}

/// Whether a draft holds work other than the game to open: cards typed or moves played
/// that opening it would replace.
fn draft_differs(draft: &Draft, opening: &Confirm) -> bool {
    let empty = draft.slots.iter().all(Option::is_none) && draft.moves.is_empty();
    let same = match opening {
        Confirm::Open(saved, _) => {
            (draft.slots, draft.midgame, &draft.moves)
                == (saved.deal.cards().map(Some), saved.midgame, &saved.moves)
        }
        Confirm::OpenText(text) => {
            draft.slots == text_slots(&text.text).0
                && draft.midgame.is_start()
                && draft.moves.is_empty()
        }
        Confirm::New => true,
    };
    !empty && !same
}

/// The cards of a deal file in deal order, as far as they go; and how many did not fit and
/// how many words were not cards.
fn text_slots(
    text: &str,
) -> (
    [Option<solitaire::Card>; solitaire::deck::DECK_SIZE],
    usize,
    usize,
) {
    let read = solitaire::deck::read_cards(text);
    let mut slots = [None; solitaire::deck::DECK_SIZE];
    // An unknown card (`??`) leaves its slot to be typed.
    for (slot, &(card, _)) in slots.iter_mut().zip(&read.cards) {
        *slot = card;
    }
    let extra = read.cards.len().saturating_sub(solitaire::deck::DECK_SIZE);
    (slots, extra, read.malformed.len())
}

/// Whether `text` is a rank or the start of one, as the challenge dialog's Rank field takes
/// it: one of A 2-9 T J Q K (either case), or 1 on the way to 10.
fn rank_start(text: &str) -> bool {
    text == "1" || text.parse::<solitaire::Rank>().is_ok()
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

#[cfg(test)]
pub mod tests;

/// What the app says when a solve reached a cap: not an answer, and the deal is kept.
fn undecided_text(cap: &CapReached) -> String {
    format!(
        "Undecided: the search reached its cap ({cap}) before it knew. The deal is as you left \
         it; `pyramid solve --max-memory 4G FILE` can search further."
    )
}

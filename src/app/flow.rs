//! The flow every game's screens share, written once: the deal typed in the editor, solved
//! in the background, its answer stepped through, and played, with a check of play mode's
//! position running behind. A game fills in its parts ([`GameScreen`]): what its editor
//! marks beside the cards, where its cards lie on the board, its own keys, what its searches
//! give and how its answers read, and its play model, which plays at the table while cards
//! are not known ([`table`]). [`Flow`] over a game is the session the shell holds.
//!
//! The handlers give back effects (say this, start that search, the work changed) and do no
//! I/O, so that the shell carries them out and tests drive the flow with events.

pub mod board;
pub mod editor;
pub mod keys;
pub mod options;
pub mod round_budget;
pub mod table;
pub mod view;

use std::any::Any;
use std::fmt::Debug;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use solitaire::GameKind;
use solitaire::cards::card::Card;
use solitaire::cards::deal::{DECK_SIZE, Deal};
use solitaire::engine::game::OpenError;
use solitaire::engine::goal::Goal;
use solitaire::engine::history::History;
use solitaire::engine::referee::Referee;
use solitaire::engine::search::{CapReached, Stats};

use crate::app::cards::{Direction, Face, Mark};
use crate::app::effects::{Effect, Effects, Held, LostTo, Saving, Tone, WriteSave, Written};
use crate::app::job::{Found, Job, JobEvent, JobHandle, JobMessage};
use crate::app::layout;
pub use crate::app::session::NotShown;
use crate::app::session::{
    About, DealText, GameSessions, KeptWork, Restored, Session, Ui, Work, unfinished_state,
};
use crate::app::widgets::{Look, counted};
use crate::store::{self, Folders};
use board::{PlayBoard, PlayMarks};
use editor::{Editor, Marks, Typed};
use keys::{Binding, Keys};
use options::{OptionsDialog, OptionsKey, RuleOption};
use round_budget::RoundBudget;

/// A game's move.
pub type Move<G> = <<G as GameScreen>::Position as Referee>::Move;

/// A step as the list of steps shows it: the position it is played from, the move, the
/// list's style for it, whether it is done and the columns its words have on their line.
pub struct Step<'a, G: GameScreen> {
    pub before: &'a G::Position,
    pub mv: Move<G>,
    pub style: Style,
    pub done: bool,
    pub width: usize,
}

impl<G: GameScreen> Step<'_, G> {
    /// A card of the step as the list shows it: coloured, `??` when unknown, dimmed once the
    /// step is done.
    pub fn card(&self, card: Option<Card>, look: &Look) -> Span<'static> {
        look.text.step_span(card, look.theme, self.done)
    }

    /// The step's words, in the list's style for it.
    pub fn words(&self, words: impl Into<String>) -> Span<'static> {
        Span::styled(words.into(), self.style)
    }
}

/// A game's parts, which the shared flow fills its screens with. Implemented by the game's
/// own state (what it keeps beside the editor, the game played and the challenge).
pub trait GameScreen: Default + Clone + Debug + Sized + 'static {
    /// The game.
    const GAME: GameKind;
    /// What the app says over an empty editor.
    const FIRST_WORDS: &'static str;
    /// What the app says as play mode starts.
    const PLAY_WORDS: &'static str;
    /// How a restored draft is named after "the": "" or " TriPeaks".
    const RESTORED: &'static str;
    /// The game's keys, screen by screen.
    const KEYS: Keys;
    /// What the Board challenge asks, in the challenge dialog's words.
    const BOARD_GOAL: &'static str;
    /// What the player changes of a game beside its cards and moves, as the question before
    /// unsaved work is replaced names it: "the rules or the challenge", "the rules".
    const SETTINGS: &'static str;

    /// A position, which the stepper and play mode play moves on.
    type Position: Referee + PartialEq + Debug + Send + 'static;
    /// What the editor keeps beside the cards.
    type Marks: Marks + Default;
    /// Play mode's model.
    type Play: PlayMode<Position = Self::Position>;
    /// What the stepper shows beside the moves: the answer and its words.
    type Found: Debug;
    /// The work as the draft keeps it.
    type Draft: KeptWork + Clone + PartialEq + Debug + Send + 'static;
    /// A saved game.
    type Saved: Clone + PartialEq + Debug + Send + 'static;

    // The editor.

    /// The position the deal typed starts from, or what keeps it from being one.
    fn start(editor: &Editor<Self::Marks>) -> Result<Self::Position, String>;
    /// The position the work typed starts from: the deal's ([`GameScreen::start`]), unless
    /// the game keeps an editor of its own beside the shared one for what it is typing.
    fn start_from(flow: &Flow<Self>) -> Result<Self::Position, String> {
        Self::start(&flow.editor)
    }
    /// How many cards are typed, and whether they are all there without a duplicate: the
    /// shared editor's count, unless the game keeps an editor of its own for what it types.
    fn typed_count(flow: &Flow<Self>) -> (usize, bool) {
        let editor = &flow.editor;
        let filled = editor.filled();
        (
            filled,
            filled == editor.size() && editor.duplicates().is_empty(),
        )
    }
    /// Whether the work has problems besides cards still to type: a card typed twice.
    fn problems_to_fix(flow: &Flow<Self>) -> bool {
        !flow.editor.duplicates().is_empty()
    }
    /// Whether the editor shows a game under way as it lies on the table, rather than a
    /// deal: what the messages about the editor call it.
    fn typing_a_table(_flow: &Flow<Self>) -> bool {
        false
    }
    /// Drops what is half-typed in the editor of the game's own, if it has one.
    fn drop_typing(_flow: &mut Flow<Self>) {}
    /// Ctrl-F's offer in the editor shown: the one missing card for the one empty slot of
    /// the deal, or why Ctrl-F does not apply to the editor of the game's own shown instead.
    fn fill_offer(flow: &Flow<Self>) -> Result<Option<(usize, Card)>, &'static str> {
        Ok(flow.editor.fill_offer())
    }
    /// The game's own editor keys, before the shared ones: true when taken.
    fn editor_key(_flow: &mut Flow<Self>, _key: KeyEvent, _fx: &mut Effects) -> bool {
        false
    }
    /// A click on a slot of the editor's board.
    fn editor_click(flow: &mut Flow<Self>, slot: usize) {
        flow.editor.go_to(slot);
    }
    /// A click on the editor's board (drawn in `board`) while the game shows an editor of its
    /// own in place of the deal's: true when taken, the deal's slots then left alone.
    fn own_editor_click(_flow: &mut Flow<Self>, _board: Rect, _column: u16, _row: u16) -> bool {
        false
    }
    /// A paste into the editor in a format of the game's own, before the shared paste of
    /// cards from the cursor: true when taken (placed, or refused with its reason).
    fn paste(_flow: &mut Flow<Self>, _text: &str, _fx: &mut Effects) -> bool {
        false
    }
    /// After a change to the deal: what the game knew of it no longer holds.
    fn edited(_flow: &mut Flow<Self>) {}
    /// The rules the rules dialog (`o` in the editor) lets the player choose; none for a
    /// game without rule options.
    fn options(_flow: &Flow<Self>) -> Vec<RuleOption> {
        Vec::new()
    }
    /// The rule on `row` of [`GameScreen::options`] takes its choice `choice`.
    fn set_option(_flow: &mut Flow<Self>, _row: usize, _choice: usize, _fx: &mut Effects) {}
    /// Takes the rules chosen in `earlier` for the deal in `flow`: a new or a random deal
    /// keeps the rules the player chose. Nothing for a game without rules to choose.
    fn keep_rules(_flow: &mut Flow<Self>, _earlier: &Flow<Self>) {}
    /// Where the editor's board drawn in an area has each slot, for the marks (a game whose
    /// layout is typed lays its slots out by it; an empty rectangle for a slot not shown).
    fn slot_rects(marks: &Self::Marks, area: Rect) -> [Rect; DECK_SIZE];
    /// The deal as `pyramid solve` reads it, for Ctrl-Y; or what keeps it from being one.
    fn deal_text(flow: &Flow<Self>) -> Result<String, String> {
        Self::start(&flow.editor)?;
        let deal = Deal::from_slots(&flow.editor.slots, Self::GAME)
            .map_err(|problems| problems.to_string())?;
        Ok(deal.to_layout(Self::GAME))
    }
    /// Plays for another challenge, or says why not.
    fn set_goal(flow: &mut Flow<Self>, goal: Goal, fx: &mut Effects) -> Result<(), String>;

    // Solving and stepping.

    /// The search for `goal` from `start` under the editor's marks (the rules and what the
    /// game is played for, where they are the game's own), to run in the background.
    fn search(marks: &Self::Marks, start: Self::Position, goal: Goal) -> (Job, JobHandle);
    /// A search the user waited for answered: the screen its answer goes to, and what to
    /// say.
    fn solved(flow: &mut Flow<Self>, solving: Solving<Self>, found: Found, fx: &mut Effects);
    /// What to say when a search reached a cap before it knew.
    fn undecided(cap: &CapReached) -> String {
        format!("Undecided: the search reached its cap ({cap}) before it knew.")
    }
    /// The game's own keys on the solution screen: true when taken.
    fn solution_key(_flow: &mut Flow<Self>, _key: KeyEvent, _fx: &mut Effects) -> bool {
        false
    }
    /// The lines of moves an answer offers (a Score or Card challenge may have two); none
    /// beside the one shown for an answer with one.
    fn lines(_found: &Self::Found) -> Vec<Vec<Move<Self>>> {
        Vec::new()
    }

    // Play mode.

    /// The game's own keys in play mode, before the shared ones: true when taken.
    fn play_key(_flow: &mut Flow<Self>, _key: KeyEvent, _fx: &mut Effects) -> bool {
        false
    }
    /// A click on the play board drawn in `board`.
    fn click(flow: &mut Flow<Self>, board: Rect, column: u16, row: u16, fx: &mut Effects);
    /// `h`: the next move of the best line; shown, then played.
    fn hint(flow: &mut Flow<Self>, fx: &mut Effects);
    /// `s`: the rest of the best line from the game's position, to step through.
    fn show_rest(flow: &mut Flow<Self>, fx: &mut Effects);
    /// The card not known that waits to be typed in before play goes on, in words ("the card
    /// turned up on pile 3", "the card shown on the waste"); none in a game whose cards are all
    /// known.
    fn waiting(_play: &Self::Play) -> Option<String> {
        None
    }
    /// Play from a solution's step: what the line shows of the rest is known.
    fn continued(_play: &mut Self::Play, _solution: &Solution<Self>) {}
    /// The background check of play mode's `position`, which [`PlayMode::wanted`] asked
    /// for: the search the solve screen runs, unless the game looks at its position
    /// otherwise (Klondike ranks the moves when cards are not known, in rounds).
    fn check(
        marks: &Self::Marks,
        _play: &Self::Play,
        position: Self::Position,
        goal: Goal,
        _rounds: RoundBudget,
    ) -> (Job, JobHandle) {
        Self::search(marks, position, goal)
    }
    /// What a check of `position` found (`Err`: it reached a cap).
    fn learn(
        play: &mut Self::Play,
        position: Self::Position,
        end: Result<Found, CapReached>,
        goal: Goal,
    );
    /// After a check: what the user was waiting for.
    fn checked(_flow: &mut Flow<Self>, _fx: &mut Effects) {}
    /// When the game takes no more moves: what to say to a move asked for.
    fn over(play: &Self::Play) -> Option<String>;
    /// What to say after a move, described as `text`.
    fn played(play: &Self::Play, text: String) -> (Tone, String);

    // What is drawn.

    /// The rules in short, at the title line's right after the game's name (which the title
    /// adds for every game alike); empty when there are none to choose.
    fn settings(flow: &Flow<Self>) -> String;
    /// The board, on whatever screen.
    fn draw_board(flow: &Flow<Self>, area: Rect, buf: &mut Buffer, look: &Look);
    /// The Check panel's lines under the count of cards typed.
    fn check_lines(flow: &Flow<Self>, look: &Look) -> Vec<Line<'static>>;
    /// A slot in the Check panel's words.
    fn slot_words(slot: usize) -> String;
    /// The search's figures while it runs, beside the positions looked at.
    fn figures(_stats: &Stats) -> Vec<Line<'static>> {
        Vec::new()
    }
    /// How a line of moves ends, shown after its last step: the board cleared, or where the
    /// line leaves the game when it does not clear it.
    fn line_end(solution: &Solution<Self>) -> String;
    /// The solution panel's first lines: the answer and where the stepper stands.
    fn solution_header(solution: &Solution<Self>, look: &Look) -> Vec<Line<'static>>;
    /// A step in a few words, from the position it is played from.
    fn step_spans(step: &Step<Self>, look: &Look) -> Vec<Span<'static>>;
    /// Play mode's panel's first lines: how the game stands.
    fn play_header(flow: &Flow<Self>, play: &Self::Play, look: &Look) -> Vec<Line<'static>>;
    /// The most used keys for the bottom line; Ctrl-G goes to `other_game`.
    fn hints(flow: &Flow<Self>, other_game: &'static str) -> Vec<(&'static str, &'static str)>;

    // The work.

    /// The work as the draft keeps it.
    fn draft(flow: &Flow<Self>) -> Self::Draft;
    /// Puts a draft's deal, marks and challenge in the editor: the moves to play on with.
    fn restore(flow: &mut Flow<Self>, draft: &Self::Draft) -> Vec<Move<Self>>;
    /// Puts a saved game's deal, marks and challenge in the editor: the moves to play on
    /// with.
    fn load(flow: &mut Flow<Self>, saved: &Self::Saved) -> Vec<Move<Self>>;
    /// Whether the work can be saved now, or why not: cards typed without a duplicate are
    /// (as an unfinished deal if need be), else what keeps them from being a deal.
    fn save_check(flow: &Flow<Self>) -> Result<(), String> {
        let editor = &flow.editor;
        if editor.duplicates().is_empty() && editor.filled() > 0 {
            Ok(())
        } else {
            Self::start(editor).map(|_| ())
        }
    }
    /// The save of a game whose deal is whole, under `name`: how many moves it keeps, and
    /// the write. `None` while the deal is unfinished: the draft is saved under the name.
    fn save_game(flow: &Flow<Self>, name: &str, notes: &[String]) -> Option<(usize, WriteSave)>;
    /// Saves an unfinished deal's draft under `name`, never over another game: the same
    /// unfinished deal saved again may go over itself.
    fn save_unfinished(
        folders: &Folders,
        name: &str,
        notes: &[String],
        draft: &Self::Draft,
    ) -> Written {
        let text = draft.named_text(name, &store::now_text(), notes);
        store::save_named(folders, name, &text, |existing| {
            draft.same_unfinished(existing)
        })
    }
    /// Reads a saved game of the game, or a deal, from a file's text; a text without a
    /// `# name:` is named `stem`.
    fn read_saved(text: &str, stem: &str) -> Result<Self::Saved, OpenError>;
    /// Whether the app shows a saved game, or why not yet.
    fn shown(_saved: &Self::Saved) -> Result<(), NotShown> {
        Ok(())
    }
    /// A saved game's name, notes and how many moves it has.
    fn about(saved: &Self::Saved) -> (&str, &[String], usize);
    /// What the Open dialog says of a save: how far its game went and what is known of it.
    fn saved_state(saved: &Self::Saved) -> String;
    /// Reads a draft of the game back; `None` when the text is not one.
    fn read_draft(text: &str) -> Option<Self::Draft>;
    /// A saved game as the draft its session would keep.
    fn saved_draft(saved: &Self::Saved) -> Self::Draft;
    /// The draft of a text that holds an unfinished deal of the game, saved under a name.
    fn unfinished(text: &str) -> Option<Self::Draft>;
    /// A deal file with problems as the draft the game's editor keeps of it; `None` for a
    /// game whose editor does not take one.
    fn cards_draft(_text: &str) -> Option<Self::Draft> {
        None
    }
    /// A deal file with problems in the game's editor, its cards placed as far as they go
    /// for the Check panel to show its problems; `None` for a game whose editor does not
    /// take one.
    fn open_cards(_opening: &DealText, _fx: &mut Effects) -> Option<Flow<Self>> {
        None
    }
}

/// Whether `new` is the deal `old` is with perhaps more of its cards seen: each card known
/// in `old` is in its slot in `new`. A game saved again after cards not known turned up goes
/// over its earlier save so.
pub fn seen_more_of(old: &[Option<Card>; DECK_SIZE], new: &[Option<Card>; DECK_SIZE]) -> bool {
    old.iter()
        .zip(new)
        .all(|(old, new)| old.is_none() || old == new)
}

/// Play mode's model: the game with its undo history, the cursor and what is known of the
/// positions played through.
pub trait PlayMode: Debug {
    type Position: Referee;
    /// Play from the game's current position, for `goal`.
    fn new(game: History<Self::Position>, goal: Goal) -> Self;
    fn game(&self) -> &History<Self::Position>;
    fn game_mut(&mut self) -> &mut History<Self::Position>;
    /// Plays a move in the game, or says why it is not legal.
    fn apply(&mut self, mv: <Self::Position as Referee>::Move) -> Result<(), String> {
        self.game_mut().play(mv).map_err(|why| why.to_string())
    }
    /// After the position changed: what was shown or chosen for the old one goes.
    fn moved(&mut self);
    /// Drops what is half-typed of a card turned up, if the game asks for one.
    fn drop_typing(&mut self) {}
    /// Whether the hint for this position was shown: `h` again plays it.
    fn hint_shown(&mut self) -> &mut bool;
    /// Moves the cursor as an arrow says, on the board drawn in `board`.
    fn move_cursor(&mut self, board: Rect, direction: Direction);
    /// Takes the card under the cursor.
    fn choose_cursor(&mut self) -> Choice;
    /// Draws from the stock.
    fn draw(&mut self) -> Choice;
    /// The position the solver should work on next.
    fn wanted(&self) -> Option<Self::Position>;

    /// Plays a move if it is legal; refused with the referee's reason otherwise.
    fn play(&mut self, mv: <Self::Position as Referee>::Move) -> Choice {
        let text = self.game().position().describe(mv);
        match self.apply(mv) {
            Ok(()) => {
                self.moved();
                Choice::Played(text)
            }
            Err(why) => Choice::Refused(why),
        }
    }

    /// Takes back a move; false at the start.
    fn undo(&mut self) -> bool {
        let done = self.game_mut().undo();
        if done {
            self.moved();
        }
        done
    }

    /// Plays again a move undone; false when there is none.
    fn redo(&mut self) -> bool {
        let done = self.game_mut().redo();
        if done {
            self.moved();
        }
        done
    }
}

/// What a choice in play mode did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// A move was played; its description.
    Played(String),
    /// A card was chosen, to pair with another; what to say.
    Selected(String),
    /// The card chosen was dropped.
    Deselected,
    /// Not possible, and why.
    Refused(String),
}

/// The screens.
#[derive(Debug)]
pub enum Screen<G: GameScreen> {
    Editor,
    Solving(Solving<G>),
    Solution(Solution<G>),
    /// Playing the game in [`Flow::play`].
    Play,
}

/// A solve under way.
#[derive(Debug)]
pub struct Solving<G: GameScreen> {
    pub job: JobHandle,
    pub started: Instant,
    pub elapsed: Duration,
    pub stats: Stats,
    /// The position solved, and the moves that lead to it from the deal's start.
    pub start: G::Position,
    pub base: Vec<Move<G>>,
    /// Started from play mode: the answer's Esc goes back to the game.
    pub from_play: bool,
}

/// An answer being stepped through.
#[derive(Debug)]
pub struct Solution<G: GameScreen> {
    /// The position before each step, and after the last: one more than the moves.
    pub positions: Vec<G::Position>,
    pub moves: Vec<Move<G>>,
    /// Steps taken: the board shows `positions[step]`.
    pub step: usize,
    /// The moves from the deal's start to the first position.
    pub base: Vec<Move<G>>,
    /// Esc goes back to play mode rather than to the editor.
    pub from_play: bool,
    /// Which of the answer's lines is shown.
    pub chosen: usize,
    /// The answer, in the game's terms.
    pub found: G::Found,
}

impl<G: GameScreen> Solution<G> {
    /// The line of `moves` from `start`.
    pub fn new(start: G::Position, moves: Vec<Move<G>>, found: G::Found) -> Solution<G> {
        let mut solution = Solution {
            positions: vec![start],
            moves: Vec::new(),
            step: 0,
            base: Vec::new(),
            from_play: false,
            chosen: 0,
            found,
        };
        solution.show(moves);
        solution
    }

    /// Shows another line of moves from the same start, from its first step.
    pub fn show(&mut self, moves: Vec<Move<G>>) {
        self.positions.truncate(1);
        for &mv in &moves {
            let mut next = self.positions[self.positions.len() - 1].clone();
            next.apply(mv).expect("a solver's line replays");
            self.positions.push(next);
        }
        self.moves = moves;
        self.step = 0;
    }

    /// Shows the answer's other line, when it has one.
    fn other_line(&mut self) -> bool {
        let lines = G::lines(&self.found);
        if lines.len() < 2 {
            return false;
        }
        self.chosen = (self.chosen + 1) % lines.len();
        self.show(lines[self.chosen].clone());
        true
    }

    /// The board at the current step.
    pub fn position(&self) -> &G::Position {
        &self.positions[self.step]
    }

    /// The move after the current step: the hint.
    pub fn next_move(&self) -> Option<Move<G>> {
        self.moves.get(self.step).copied()
    }
}

/// What a game's board shows, by [`Flow::board`].
pub enum Board<'a, G: GameScreen>
where
    G::Play: PlayMarks,
{
    /// A position of the stepper or play mode, with the move pointed out on it and, in play
    /// mode, the cursor and the choice.
    Position(PlayBoard<'a, G::Position, Spot<G>, <G::Play as PlayMarks>::Chosen>),
    /// The deal in the editor.
    Deal,
}

/// A place on the board of a game whose play mode marks it.
type Spot<G> = <<G as GameScreen>::Play as PlayMarks>::Spot;

/// What the editor's board shows of the deal typed, in any game.
#[derive(Debug, Clone)]
pub struct Typing<'a> {
    pub slots: &'a [Option<Card>; DECK_SIZE],
    /// The cursor's slot; `DECK_SIZE`, past the last, where it is not shown.
    pub cursor: usize,
    /// The half-typed card (`7_`), shown in the cursor's slot.
    pub pending: Option<String>,
    /// The slots whose card is wrong.
    pub invalid: Vec<usize>,
    /// Bit `i`: slot `i` holds a card typed as not seen yet (`?`).
    pub unknown: u64,
}

impl Typing<'_> {
    /// How the editor marks a slot: the cursor, a card in error, or plain.
    pub fn mark(&self, slot: usize) -> Mark {
        if slot == self.cursor {
            Mark::Cursor
        } else if self.invalid.contains(&slot) {
            Mark::Invalid
        } else {
            Mark::Plain
        }
    }

    /// How the editor shows a slot: its card, a card not seen yet, or while not typed as
    /// the game deals it, a card's back where it starts `face_down`, else empty.
    pub fn face(&self, slot: usize, face_down: bool) -> Face {
        match self.slots[slot] {
            Some(card) => Face::Card(card),
            None if self.unknown & (1 << slot) != 0 => Face::Unknown,
            None if face_down => Face::Back,
            None => Face::Empty,
        }
    }

    /// The half-typed card, when `slot` has the cursor.
    pub fn pending_at(&self, slot: usize) -> Option<&str> {
        self.pending.as_deref().filter(|_| slot == self.cursor)
    }
}

/// A check of play mode's position, running in the background.
#[derive(Debug)]
struct Check<P> {
    job: JobHandle,
    position: P,
}

/// The shared flow over a game's parts: the session of a game on screen.
#[derive(Debug)]
pub struct Flow<G: GameScreen> {
    pub editor: Editor<G::Marks>,
    pub screen: Screen<G>,
    /// The game being played on the editor's deal, kept while the deal is unchanged.
    pub play: Option<G::Play>,
    /// What the game is played for.
    pub goal: Goal,
    /// What the game keeps of its own.
    pub own: G,
    /// The rules dialog, while it is open over the editor.
    pub options: Option<OptionsDialog>,
    check: Option<Check<G::Position>>,
    /// `h` was pressed since the last move: each check that ends says the hint again, so a
    /// hint asked for before it was known shows by itself and a shown one's figures sharpen.
    hint_asked: bool,
    /// The move the hint said last: `h` again plays it only while the hint says it still.
    hint_said: Option<Move<G>>,
    /// A check's end is saying the hint again: it says, never plays.
    hint_refreshing: bool,
    /// A question holds the message line: a hint said meanwhile waits behind it, and the one
    /// before it was never read, so none is said to have changed.
    message_line: MessageLine,
    /// The user said yes to losing the moves played: the next edit goes ahead without asking.
    edit_allowed: bool,
    /// What each round of a ranking at the table may spend.
    pub rounds: RoundBudget,
}

/// Whether what the game says is seen at once, or waits behind a question on the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MessageLine {
    Free,
    Taken,
}

impl<G: GameScreen> Default for Flow<G> {
    fn default() -> Flow<G> {
        Flow {
            editor: Editor::default(),
            screen: Screen::Editor,
            play: None,
            goal: Goal::Board,
            own: G::default(),
            options: None,
            check: None,
            hint_asked: false,
            hint_said: None,
            hint_refreshing: false,
            message_line: MessageLine::Free,
            edit_allowed: false,
            rounds: RoundBudget::APP,
        }
    }
}

impl<G: GameScreen> Flow<G> {
    /// A session on a draft's work, in play mode if a game was under way; and what to say.
    pub fn restored(draft: &G::Draft, rounds: RoundBudget, fx: &mut Effects) -> (Flow<G>, String) {
        let mut flow = Flow {
            rounds,
            ..Flow::default()
        };
        let moves = G::restore(&mut flow, draft);
        let text = if flow.resume(&moves, fx) {
            format!(
                "Restored the{} game you were playing ({}).",
                G::RESTORED,
                counted(moves.len(), "move")
            )
        } else {
            let typed = if G::typing_a_table(&flow) {
                "game under way"
            } else {
                "deal"
            };
            format!(
                "Restored the{} {typed} you were typing ({}/{}).",
                G::RESTORED,
                G::typed_count(&flow).0,
                flow.editor.size()
            )
        };
        (flow, text)
    }

    /// A session on a saved game, in play mode when it has moves.
    pub fn loaded(saved: &G::Saved, rounds: RoundBudget, fx: &mut Effects) -> Flow<G> {
        let mut flow = Flow {
            rounds,
            ..Flow::default()
        };
        let moves = G::load(&mut flow, saved);
        flow.resume(&moves, fx);
        flow
    }

    /// Resumes a game from the editor's position with these moves played; false when the
    /// editor does not hold a playable position or there are no moves.
    fn resume(&mut self, moves: &[Move<G>], fx: &mut Effects) -> bool {
        if moves.is_empty() {
            return false;
        }
        let Ok(start) = G::start_from(self) else {
            return false;
        };
        let Ok(game) = History::replay(start, moves) else {
            return false;
        };
        self.play = Some(G::Play::new(game, self.goal));
        self.show(Screen::Play);
        self.sync_check(fx);
        true
    }

    /// The id of play mode's check under way, if any.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn check_id(&self) -> Option<u64> {
        self.check.as_ref().map(|check| check.job.id)
    }

    /// What the editor's board shows of the deal typed, with the slots the game finds wrong;
    /// the cursor on the editor's screen only.
    pub fn typing(&self, invalid: Vec<usize>) -> Typing<'_> {
        Typing {
            slots: &self.editor.slots,
            cursor: if matches!(self.screen, Screen::Editor) {
                self.editor.cursor
            } else {
                DECK_SIZE
            },
            pending: self.editor.pending_text(),
            invalid,
            unknown: (0..DECK_SIZE)
                .filter(|&slot| self.editor.marks.is_unknown(slot))
                .fold(0, |bits, slot| bits | 1 << slot),
        }
    }

    /// The game played, while play mode is on screen.
    pub fn playing(&self) -> Option<&G::Play> {
        self.play
            .as_ref()
            .filter(|_| matches!(self.screen, Screen::Play))
    }

    /// What the board shows on the screen at hand: the solution's step with its next move,
    /// or the game played with its cursor, its choice and the best move once its hint is
    /// shown, or else the editor's deal; `spots` says where a move is on the board.
    pub fn board<'a>(
        &'a self,
        spots: impl FnOnce(&G::Position, Move<G>) -> Vec<Spot<G>>,
        look: &Look<'a>,
    ) -> Board<'a, G>
    where
        G::Play: PlayMarks,
    {
        let (position, pointed, play) = match (&self.screen, self.playing()) {
            (Screen::Solution(solution), _) => (solution.position(), solution.next_move(), None),
            (Screen::Play, Some(play)) => (play.game().position(), play.hinted(), Some(play)),
            _ => return Board::Deal,
        };
        Board::Position(PlayBoard {
            position,
            cursor: play.map(PlayMarks::cursor),
            chosen: play.and_then(PlayMarks::chosen),
            shown: pointed.map_or_else(Vec::new, |mv| spots(position, mv)),
            text: look.text,
            theme: look.theme,
        })
    }

    /// Drops play mode's check.
    pub fn drop_check(&mut self) {
        self.check = None;
    }

    /// Goes to `screen`. A card half-typed anywhere is dropped on the way: it was typed for
    /// the place shown, and a key there later, or on another screen, would otherwise finish
    /// it by accident (a rank typed before Enter solves, a ten begun before Esc).
    fn show(&mut self, screen: Screen<G>) {
        self.drop_typing();
        self.screen = screen;
    }

    /// Drops what is half-typed: in the shared editor, in the game's own, and at the table.
    fn drop_typing(&mut self) {
        self.editor.cancel_pending();
        G::drop_typing(self);
        if let Some(play) = &mut self.play {
            play.drop_typing();
        }
    }

    // The editor.

    /// Runs an editor event, unless it would lose the moves played: then it is held back
    /// (`held`) for the shell to ask first, and handed back once the user says yes.
    fn edit(&mut self, held: Held, fx: &mut Effects, run: impl Fn(&mut Flow<G>, &mut Effects)) {
        if !std::mem::take(&mut self.edit_allowed)
            && let Some(moves) = self.moves_lost_by(&run)
        {
            let typed = if G::typing_a_table(self) {
                "table"
            } else {
                "deal"
            };
            fx.ask_first(
                held,
                LostTo::Edit,
                format!(
                    "Change the {typed} and lose the {} played (not saved)?",
                    counted(moves, "move")
                ),
            );
            return;
        }
        run(self, fx);
    }

    /// How many moves played the editor event `run` would lose, if any: it is tried on a copy
    /// of the editor and of the game's own, and the game is lost when the start it is played
    /// from is no longer the work's.
    fn moves_lost_by(&self, run: impl Fn(&mut Flow<G>, &mut Effects)) -> Option<usize> {
        let game = self.play.as_ref()?.game();
        let played = game.played();
        if played == 0 {
            return None;
        }
        let mut trial = Flow {
            editor: self.editor.clone(),
            goal: self.goal,
            own: self.own.clone(),
            options: self.options,
            rounds: self.rounds,
            ..Flow::default()
        };
        run(&mut trial, &mut Effects::default());
        (G::start_from(&trial).as_ref() != Ok(game.start())).then_some(played)
    }

    fn editor_key(&mut self, key: KeyEvent, fx: &mut Effects) {
        let before = (self.editor.slots, self.editor.marks.clone());
        self.editor_input(key, fx);
        if (self.editor.slots, &self.editor.marks) != (before.0, &before.1) {
            self.edited(fx);
        }
    }

    fn editor_input(&mut self, key: KeyEvent, fx: &mut Effects) {
        if let Some(mut dialog) = self.options {
            // The dialog is a copy: the game reads and changes the flow around it.
            let answer = dialog.key(key.code, &G::options(self));
            self.options = Some(dialog);
            match answer {
                OptionsKey::Choose { row, choice } => G::set_option(self, row, choice, fx),
                OptionsKey::Close => {
                    self.options = None;
                    fx.hush();
                }
                OptionsKey::Stay => {}
            }
            return;
        }
        // A half-typed card takes the next letter or digit as its suit (or the 0 of a ten):
        // the command letters wait until it is placed or dropped.
        if let KeyCode::Char(c) = key.code
            && c.is_alphanumeric()
            && !self.editor.pending.is_empty()
        {
            self.type_char(c, fx);
            return;
        }
        if G::editor_key(self, key, fx) {
            return;
        }
        let cursor = self.editor.cursor;
        match key.code {
            // Separators between pasted or typed cards.
            KeyCode::Char(' ' | ',') => {}
            KeyCode::Char('g') => fx.challenge(self.goal),
            KeyCode::Char('o') if !G::options(self).is_empty() => {
                self.options = Some(OptionsDialog::default());
                fx.say(
                    Tone::Info,
                    "The rules: ↑↓ choose one, ←→ change it, Esc closes.",
                );
            }
            // `?` is the help wherever it is not a card not seen yet.
            KeyCode::Char('?') if !G::Marks::TYPES_UNKNOWN => fx.help(),
            KeyCode::Char(c) => self.type_char(c, fx),
            KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right => {
                self.editor.go_to(layout::neighbour(
                    |area| G::slot_rects(&self.editor.marks, area),
                    cursor,
                    direction(key.code),
                ));
            }
            KeyCode::Tab => self.editor.go_to(cursor + 1),
            KeyCode::BackTab => self.editor.go_to(cursor.saturating_sub(1)),
            KeyCode::Home => self.editor.go_to(0),
            KeyCode::End => self.editor.go_to(self.editor.last()),
            KeyCode::Backspace => self.editor.backspace(),
            KeyCode::Delete => self.editor.delete(),
            KeyCode::Esc if self.editor.cancel_pending() => {
                fx.say(Tone::Info, "Dropped the half-typed card.");
            }
            KeyCode::Enter => self.solve(fx),
            _ => {}
        }
    }

    fn type_char(&mut self, c: char, fx: &mut Effects) {
        match self.editor.type_char(c) {
            Typed::Rejected(hint) => fx.say(Tone::Warning, hint),
            // A rank alone waits for its suit: the line says so rather than nothing.
            Typed::Partial => match self.editor.pending.waits_for() {
                Some(words) => fx.say(Tone::Info, words),
                None => fx.hush(),
            },
            Typed::Placed(_) | Typed::Unknown => fx.hush(),
        }
    }

    /// After any change to the cards or marks: what was known of them, and the game played
    /// on them, no longer hold; the draft is kept.
    pub fn edited(&mut self, fx: &mut Effects) {
        G::edited(self);
        self.play = None;
        self.check = None;
        self.hint_asked = false;
        fx.changed();
    }

    /// A paste into the editor: the game's own format first, else cards from the cursor.
    fn paste_text(&mut self, text: &str, fx: &mut Effects) {
        if G::paste(self, text, fx) {
            return;
        }
        let (placed, bad, left_over) = self.editor.paste(text);
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
        if placed > 0 {
            self.edited(fx);
        }
    }

    /// Ctrl-F: the one missing card into the one empty slot, in the editor shown only.
    fn fill_offer(&mut self, fx: &mut Effects) {
        match G::fill_offer(self) {
            Ok(Some((slot, card))) => {
                self.editor.set(slot, card);
                self.edited(fx);
                fx.say(
                    Tone::Success,
                    format!("Filled in {card}: the deal is complete."),
                );
            }
            Ok(None) => {}
            Err(why) => fx.say(Tone::Info, why),
        }
    }

    // Solving and stepping.

    fn solve(&mut self, fx: &mut Effects) {
        match G::start_from(self) {
            Ok(start) => self.start_solving(start, Vec::new(), false, fx),
            Err(problem) => fx.say(Tone::Error, format!("Cannot solve yet: {problem}.")),
        }
    }

    /// Solves from `start`, reached from the deal's start by `base`.
    pub fn start_solving(
        &mut self,
        start: G::Position,
        base: Vec<Move<G>>,
        from_play: bool,
        fx: &mut Effects,
    ) {
        let (job, handle) = G::search(&self.editor.marks, start.clone(), self.goal);
        fx.solve(job);
        self.show(Screen::Solving(Solving {
            job: handle,
            started: Instant::now(),
            elapsed: Duration::ZERO,
            stats: Stats::default(),
            start,
            base,
            from_play,
        }));
        fx.say(Tone::Info, "Solving. Esc cancels.");
    }

    /// The solving screen's keys: Esc cancels (dropping the job cancels it; its last message
    /// will carry a stale id), q quits, ? shows the help.
    fn solving_key(&mut self, key: KeyEvent, fx: &mut Effects) {
        match key.code {
            KeyCode::Esc => {
                self.show(Screen::Editor);
                fx.say(Tone::Info, "Cancelled. The deal is as you left it.");
            }
            KeyCode::Char('q') => fx.quit(),
            KeyCode::Char('?') => fx.help(),
            _ => {}
        }
    }

    fn solution_key(&mut self, key: KeyEvent, fx: &mut Effects) {
        if G::solution_key(self, key, fx) {
            return;
        }
        let Screen::Solution(solution) = &mut self.screen else {
            return;
        };
        // Stepping brings back the "Next:" line in place of older news.
        if let Some(step) = keys::stepped(key.code, solution.step, solution.moves.len()) {
            solution.step = step;
            fx.hush();
            return;
        }
        match key.code {
            KeyCode::Tab if solution.other_line() => fx.hush(),
            KeyCode::Char('p') => self.play_from_step(Held::Key(key), fx),
            KeyCode::Esc if solution.from_play => {
                self.show(Screen::Play);
                fx.say(Tone::Info, "Back to your game.");
                self.sync_check(fx);
            }
            KeyCode::Esc => {
                self.show(Screen::Editor);
                fx.say(Tone::Info, "Back to the deal.");
            }
            KeyCode::Char('q') => fx.quit(),
            KeyCode::Char('?') => fx.help(),
            _ => {}
        }
    }

    /// Play mode at the solution step shown, with the steps before it to undo. A game played
    /// that the new one does not go on from is lost by it: the event (`held`) waits for the
    /// shell to ask first, as an edit that loses it does.
    fn play_from_step(&mut self, held: Held, fx: &mut Effects) {
        let Screen::Solution(solution) = &self.screen else {
            return;
        };
        let steps = &solution.moves[..solution.step];
        let game = match &self.play {
            // The stepper began at the game's position: it goes on from there.
            Some(play) if solution.from_play => {
                steps.iter().try_fold(play.game().clone(), |mut game, &mv| {
                    game.play(mv).map(|()| game)
                })
            }
            _ => History::replay(solution.positions[0].clone(), steps).map_err(|(_, why)| why),
        };
        // The stepper's line was found from the game's position, so its steps play there; a
        // game changed since is said, never played over.
        let Ok(game) = game else {
            fx.say(
                Tone::Error,
                "The solution's steps no longer play from the game's position: solve it again.",
            );
            return;
        };
        if !self.edit_allowed
            && let Some(moves) = self.moves_lost_to(&game)
        {
            fx.ask_first(
                held,
                LostTo::PlayOn,
                format!(
                    "Play on from this step and lose the {} played (not saved)?",
                    counted(moves, "move")
                ),
            );
            return;
        }
        let mut play = G::Play::new(game, self.goal);
        G::continued(&mut play, solution);
        // A card the last step turned up is typed before any move.
        let words = match G::waiting(&play) {
            Some(card) => format!("Your turn from this step: first type {card} (rank, then suit)."),
            None => "Your turn: play on from this step.".to_string(),
        };
        self.play = Some(play);
        self.show(Screen::Play);
        fx.changed();
        fx.say(Tone::Info, words);
        self.sync_check(fx);
    }

    /// How many moves played the game `next` would lose in place of the one kept, if any:
    /// none when it starts where the game kept does and goes on from its moves.
    fn moves_lost_to(&self, next: &History<G::Position>) -> Option<usize> {
        let game = self.play.as_ref()?.game();
        let goes_on = game.start() == next.start() && next.moves().starts_with(game.moves());
        (game.played() > 0 && !goes_on).then_some(game.played())
    }

    // Play mode.

    /// Play mode from the editor: the game kept for this deal, or a new one from its
    /// position.
    fn start_play(&mut self, fx: &mut Effects) {
        if self.play.is_none() {
            match G::start_from(self) {
                Ok(start) => self.play = Some(G::Play::new(History::new(start), self.goal)),
                Err(problem) => {
                    fx.say(Tone::Error, format!("Cannot play yet: {problem}."));
                    return;
                }
            }
        }
        self.show(Screen::Play);
        self.hint_unsaid();
        // A card not known in sight is asked for before any word on moves: none can be
        // played until it is typed in.
        match self.play.as_ref().and_then(G::waiting) {
            Some(card) => fx.say(Tone::Info, table::type_to_start(&card)),
            None => fx.say(Tone::Info, G::PLAY_WORDS),
        }
        self.sync_check(fx);
    }

    /// Play mode entered: no hint is on the line, whatever was said before leaving it, so the
    /// first `h` says one ("Hint: ...") rather than play it or call it changed.
    fn hint_unsaid(&mut self) {
        self.hint_said = None;
        if let Some(play) = &mut self.play {
            *play.hint_shown() = false;
        }
    }

    fn play_key(&mut self, key: KeyEvent, board: Rect, fx: &mut Effects) {
        if self.play.is_none() {
            self.show(Screen::Editor);
            return;
        }
        if G::play_key(self, key, fx) {
            return;
        }
        match key.code {
            KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right => {
                if let Some(play) = &mut self.play {
                    play.move_cursor(board, direction(key.code));
                }
            }
            KeyCode::Enter | KeyCode::Char(' ') => self.play_action(fx, PlayMode::choose_cursor),
            KeyCode::Char('d') => self.play_action(fx, PlayMode::draw),
            KeyCode::Char('u') | KeyCode::Backspace => {
                self.undo_redo(fx, PlayMode::undo, "Undone.");
            }
            KeyCode::Char('U') => self.undo_redo(fx, PlayMode::redo, "Redone."),
            KeyCode::Char('h') => {
                self.hint_asked = true;
                G::hint(self, fx);
            }
            KeyCode::Char('s') => G::show_rest(self, fx),
            KeyCode::Esc => {
                self.hint_asked = false;
                self.show(Screen::Editor);
                let back = if G::typing_a_table(self) {
                    "table"
                } else {
                    "deal"
                };
                fx.say(
                    Tone::Info,
                    format!(
                        "Back to the {back}. Ctrl-P goes on with the game; any change starts a \
                         new one."
                    ),
                );
            }
            KeyCode::Char('q') => fx.quit(),
            KeyCode::Char('?') => fx.help(),
            _ => {}
        }
    }

    /// Does something to the game and says what it did.
    pub fn play_action(&mut self, fx: &mut Effects, action: impl FnOnce(&mut G::Play) -> Choice) {
        let Some(play) = &mut self.play else {
            return;
        };
        if let Some(over) = G::over(play) {
            fx.say(Tone::Info, over);
            return;
        }
        match action(play) {
            Choice::Played(text) => {
                let (tone, said) = G::played(play, text);
                self.moved(fx);
                fx.say(tone, said);
            }
            Choice::Selected(said) => fx.say(Tone::Info, said),
            Choice::Deselected => fx.hush(),
            Choice::Refused(why) => fx.say(Tone::Warning, format!("Not possible: {why}.")),
        }
    }

    fn undo_redo(&mut self, fx: &mut Effects, action: fn(&mut G::Play) -> bool, done: &str) {
        let Some(play) = &mut self.play else {
            return;
        };
        if action(play) {
            // Redo up to a move whose card was taken back (`m`) waits for it to be typed:
            // the line says so, as it does when play mode starts on such a card.
            let said = match G::waiting(play) {
                Some(card) => format!("{done} {}", table::type_to_start(&card)),
                None => done.to_string(),
            };
            self.moved(fx);
            fx.say(Tone::Info, said);
        } else {
            fx.say(Tone::Warning, "Nothing more to take back or play again.");
        }
    }

    /// A hint in two steps: `best` said after `lead` the first time, played the next. Only
    /// the move the player read is played: when a check's end ranks another move first, the
    /// hint says it changed, and the next `h` shows the new move rather than play it.
    pub fn hint_move(&mut self, best: Move<G>, tone: Tone, lead: &str, fx: &mut Effects) {
        let Some(play) = &mut self.play else {
            return;
        };
        let text = play.game().position().describe(best);
        let shown = std::mem::replace(play.hint_shown(), true);
        let said = self.hint_said.replace(best);
        // Changed only from a hint the player read: never the first one said.
        let changed = shown
            && said.is_some_and(|said| said != best)
            && self.message_line == MessageLine::Free;
        if changed {
            *play.hint_shown() = false;
            fx.say(
                Tone::Warning,
                format!("Hint changed: {text}. h shows it, h again plays it."),
            );
        } else if shown && !self.hint_refreshing {
            self.play_action(fx, |play| play.play(best));
        } else {
            fx.say(tone, format!("{lead}{text}. h again plays it."));
        }
    }

    /// The hint said again with what the check that ended knows, as said, not played.
    pub(crate) fn hint_again(&mut self, fx: &mut Effects) {
        self.hint_refreshing = true;
        G::hint(self, fx);
        self.hint_refreshing = false;
    }

    /// Handles an event of play mode. What it says is newer than a hint asked for before:
    /// a check's end no longer says the hint over it ("Chosen: now where it goes" stays), until
    /// `h` asks again.
    fn said_over_hint(&mut self, fx: &mut Effects, handle: impl FnOnce(&mut Self, &mut Effects)) {
        let asked = std::mem::take(&mut self.hint_asked);
        handle(self, fx);
        // `h` sets it again itself; an event that said nothing leaves the hint on the line.
        self.hint_asked |= asked && !fx.says();
    }

    /// After a move, undo or redo: the draft is kept and the new position checked.
    pub fn moved(&mut self, fx: &mut Effects) {
        self.hint_asked = false;
        fx.changed();
        self.sync_check(fx);
    }

    /// Keeps the background check on the position play mode needs next: a check of another
    /// position is dropped (which cancels it) and a new one started. Off play mode's screen,
    /// a check under way goes on and no new one starts.
    pub fn sync_check(&mut self, fx: &mut Effects) {
        if !matches!(self.screen, Screen::Play) {
            return;
        }
        let Some(play) = &self.play else {
            self.check = None;
            return;
        };
        let wanted = play.wanted();
        if self.check.as_ref().map(|check| &check.position) == wanted.as_ref() {
            return;
        }
        self.check = wanted.map(|position| {
            let (job, handle) = G::check(
                &self.editor.marks,
                play,
                position.clone(),
                self.goal,
                self.rounds,
            );
            fx.solve(job);
            Check {
                job: handle,
                position,
            }
        });
    }

    // The background searches' messages.

    fn job_message(&mut self, message: JobMessage, fx: &mut Effects) {
        if self
            .check
            .as_ref()
            .is_some_and(|check| check.job.id == message.id)
        {
            let end = match message.event {
                JobEvent::Progress(_) | JobEvent::Better(_) => return,
                JobEvent::Done(found) => Ok(found),
                JobEvent::Undecided(cap) => Err(cap),
            };
            let Some(check) = self.check.take() else {
                return;
            };
            if let Some(play) = &mut self.play {
                G::learn(play, check.position, end, self.goal);
            }
            self.sync_check(fx);
            G::checked(self, fx);
            if self.hint_asked {
                self.hint_again(fx);
            }
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
            JobEvent::Better(_) => return,
            JobEvent::Undecided(cap) => {
                self.show(Screen::Editor);
                fx.say(Tone::Warning, G::undecided(&cap));
                return;
            }
            JobEvent::Done(found) => found,
        };
        let Screen::Solving(solving) = std::mem::replace(&mut self.screen, Screen::Editor) else {
            return;
        };
        G::solved(self, solving, found, fx);
    }

    fn mouse_event(&mut self, ui: &Ui, mouse: MouseEvent, fx: &mut Effects) {
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
        match self.screen {
            Screen::Editor => {
                if G::own_editor_click(self, ui.board, mouse.column, mouse.row) {
                    return;
                }
                if let Some(slot) = layout::slot_at(
                    |area| G::slot_rects(&self.editor.marks, area),
                    ui.board,
                    mouse.column,
                    mouse.row,
                ) {
                    G::editor_click(self, slot);
                }
            }
            Screen::Play => G::click(self, ui.board, mouse.column, mouse.row, fx),
            _ => {}
        }
    }

    /// The help's sections of the game's screens, the current screen's first.
    fn sections(&self) -> Vec<(&'static str, &'static [Binding])> {
        let keys = &G::KEYS;
        let mut sections = vec![
            keys.deal,
            ("Typing cards", keys.typing),
            keys.play,
            keys.solution,
        ];
        let first = match self.screen {
            Screen::Editor => 0,
            Screen::Play => 2,
            Screen::Solving(_) | Screen::Solution(_) => 3,
        };
        sections[..=first].rotate_right(1);
        sections
    }
}

/// The direction of an arrow key.
pub fn direction(code: KeyCode) -> Direction {
    match code {
        KeyCode::Up => Direction::Up,
        KeyCode::Down => Direction::Down,
        KeyCode::Left => Direction::Left,
        _ => Direction::Right,
    }
}

impl<G: GameScreen> Session for Flow<G> {
    fn game(&self) -> GameKind {
        G::GAME
    }

    fn first_words(&self) -> &'static str {
        G::FIRST_WORDS
    }

    fn key(&mut self, ui: &Ui, key: KeyEvent) -> Effects {
        let mut fx = Effects::default();
        match &self.screen {
            Screen::Editor => self.edit(Held::Key(key), &mut fx, |flow, fx| {
                flow.editor_key(key, fx);
            }),
            Screen::Solving(_) => self.solving_key(key, &mut fx),
            Screen::Solution(_) => self.solution_key(key, &mut fx),
            Screen::Play => self.said_over_hint(&mut fx, |flow, fx| {
                flow.play_key(key, ui.board, fx);
            }),
        }
        fx
    }

    fn ctrl(&mut self, c: char) -> Effects {
        let mut fx = Effects::default();
        match (&self.screen, c) {
            (Screen::Editor, 'f') => self.edit(Held::Ctrl(c), &mut fx, Flow::fill_offer),
            (Screen::Editor, 'p') => {
                self.options = None;
                self.start_play(&mut fx);
            }
            // An answer that cannot be proved yet says "Play on (Ctrl-P)": from its screen
            // too, as `p` does there.
            (Screen::Solution(_), 'p') => self.play_from_step(Held::Ctrl(c), &mut fx),
            _ => {}
        }
        fx
    }

    fn mouse(&mut self, ui: &Ui, mouse: MouseEvent) -> Effects {
        let mut fx = Effects::default();
        self.said_over_hint(&mut fx, |flow, fx| flow.mouse_event(ui, mouse, fx));
        fx
    }

    fn paste(&mut self, text: &str) -> Effects {
        let mut fx = Effects::default();
        if matches!(self.screen, Screen::Editor) {
            let held = Held::Paste(text.to_string());
            self.edit(held, &mut fx, |flow, fx| flow.paste_text(text, fx));
        }
        fx
    }

    /// An event held back to ask first, once the user said yes: it goes ahead, moves lost.
    fn go_ahead(&mut self, ui: &Ui, held: Held) -> Effects {
        self.edit_allowed = true;
        let fx = self.replay(ui, held);
        self.edit_allowed = false;
        fx
    }

    fn kept(&mut self) {
        self.drop_typing();
    }

    fn line_taken(&mut self, taken: bool) {
        self.message_line = if taken {
            MessageLine::Taken
        } else {
            MessageLine::Free
        };
    }

    fn job(&mut self, message: JobMessage) -> Effects {
        let mut fx = Effects::default();
        self.job_message(message, &mut fx);
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

    fn in_dialog(&self) -> bool {
        self.options.is_some() && self.editing()
    }

    fn set_goal(&mut self, goal: Goal) -> Result<Effects, String> {
        let mut fx = Effects::default();
        G::set_goal(self, goal, &mut fx)?;
        Ok(fx)
    }

    fn filled(&self) -> usize {
        G::typed_count(self).0
    }

    fn problems_to_fix(&self) -> bool {
        G::problems_to_fix(self)
    }

    fn work(&self) -> Work {
        Work::of(&G::draft(self))
    }

    fn draft(&self) -> Option<String> {
        let draft = G::draft(self);
        (!draft.is_empty()).then(|| draft.to_text())
    }

    fn save_check(&self) -> Result<(), String> {
        G::save_check(self)
    }

    fn copy_out(&self) -> Result<(&'static str, String), String> {
        if let Screen::Solution(solution) = &self.screen {
            let mut steps = String::new();
            for (number, (&mv, before)) in
                solution.moves.iter().zip(&solution.positions).enumerate()
            {
                // Writing to a String cannot fail.
                let _ = writeln!(steps, "{:>3}. {}", number + 1, before.describe(mv));
            }
            return Ok(("solution", steps));
        }
        // A game under way is copied as the table it lies on.
        let what = if G::typing_a_table(self) {
            "game"
        } else {
            "deal"
        };
        Ok((what, G::deal_text(self)?))
    }

    fn save(&self, name: &str, notes: &[String]) -> Effect {
        let saving = |said: String, what| Saving {
            name: name.to_string(),
            notes: notes.to_vec(),
            said,
            what,
        };
        if let Some((moves, write)) = G::save_game(self, name, notes) {
            let said = match moves {
                0 => "Saved".to_string(),
                moves => format!("Saved with {}", counted(moves, "move")),
            };
            return Effect::Save(saving(said, "game"), write);
        }
        // Saved in the draft's format; Ctrl-O or `pyramid FILE` opens it into the editor.
        let state = unfinished_state(G::typed_count(self).0, G::problems_to_fix(self));
        let said = format!("Saved the deal ({state})");
        let (name, notes, draft) = (name.to_string(), notes.to_vec(), G::draft(self));
        let write = move |folders: &Folders| G::save_unfinished(folders, &name, &notes, &draft);
        Effect::Save(saving(said, "deal"), WriteSave(Box::new(write)))
    }

    fn title(&self) -> (&'static str, String) {
        let screen = match &self.screen {
            Screen::Editor => "Enter the deal",
            Screen::Solving(_) => "Solving",
            Screen::Solution(_) => "Solution",
            Screen::Play => "Play",
        };
        (screen, G::settings(self))
    }

    fn draw(&self, board: Rect, panel: Rect, buf: &mut Buffer, look: &Look) {
        view::draw(self, board, panel, buf, look);
    }

    fn message(&self, look: &Look) -> Option<Line<'static>> {
        view::next_step(self, look)
    }

    fn hints(&self, other_game: &'static str) -> Vec<(&'static str, &'static str)> {
        if self.options.is_some() && matches!(self.screen, Screen::Editor) {
            return options::HINTS.to_vec();
        }
        G::hints(self, other_game)
    }

    fn help_sections(&self) -> Vec<(&'static str, &'static [Binding])> {
        self.sections()
    }

    fn question_is_a_card(&self) -> bool {
        G::Marks::TYPES_UNKNOWN
    }

    fn bindings(&self) -> Vec<&'static Binding> {
        let keys = &G::KEYS;
        match self.screen {
            Screen::Editor if self.options.is_some() => options::BINDINGS.iter().collect(),
            Screen::Editor => keys.deal.1.iter().chain(keys.typing).collect(),
            Screen::Play => keys.play.1.iter().collect(),
            Screen::Solving(_) | Screen::Solution(_) => keys.solution.1.iter().collect(),
        }
    }

    fn keep_rules(&mut self, earlier: &dyn Session) {
        if let Some(earlier) = earlier.as_any().downcast_ref::<Flow<G>>() {
            G::keep_rules(self, earlier);
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl<G: GameScreen> GameSessions for Flow<G> {
    const GAME: GameKind = G::GAME;
    const BOARD_GOAL: &'static str = G::BOARD_GOAL;
    const SETTINGS: &'static str = G::SETTINGS;
    type Draft = G::Draft;
    type Saved = G::Saved;

    fn new_session(rounds: RoundBudget) -> Box<dyn Session> {
        Box::new(Flow::<G> {
            rounds,
            ..Flow::default()
        })
    }

    fn restored(draft: &G::Draft, rounds: RoundBudget, fx: &mut Effects) -> Restored {
        let (flow, text) = Flow::<G>::restored(draft, rounds, fx);
        (Box::new(flow), text)
    }

    fn loaded(saved: &G::Saved, rounds: RoundBudget, fx: &mut Effects) -> Box<dyn Session> {
        Box::new(Flow::<G>::loaded(saved, rounds, fx))
    }

    fn saved_draft(saved: &G::Saved) -> G::Draft {
        G::saved_draft(saved)
    }

    fn unfinished(text: &str) -> Option<G::Draft> {
        G::unfinished(text)
    }

    fn read_saved(text: &str, stem: &str) -> Result<G::Saved, OpenError> {
        G::read_saved(text, stem)
    }

    fn shown(saved: &G::Saved) -> Result<(), NotShown> {
        G::shown(saved)
    }

    fn about(saved: &G::Saved) -> About<'_> {
        G::about(saved)
    }

    fn saved_state(saved: &G::Saved) -> String {
        G::saved_state(saved)
    }

    fn read_draft(text: &str) -> Option<G::Draft> {
        G::read_draft(text)
    }

    fn cards_draft(text: &str) -> Option<G::Draft> {
        G::cards_draft(text)
    }

    fn open_cards(
        opening: &DealText,
        rounds: RoundBudget,
        fx: &mut Effects,
    ) -> Option<Box<dyn Session>> {
        G::open_cards(opening, fx).map(|flow| Box::new(Flow { rounds, ..flow }) as Box<dyn Session>)
    }
}

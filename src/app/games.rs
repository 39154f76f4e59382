//! The app's registry: one line a game it has screens for. The shell starts, restores, opens
//! and switches games only through it; each game's screens live in their own folder below.
//! It also says what a saved file or a draft holds: the store hands it texts, and the game
//! its `# game:` header names reads them, so that neither the store nor the shell knows a
//! game.

pub mod klondike;
pub mod perfect_pair;
pub mod pyramid;
pub mod tripeaks;
pub mod triple_klondike;

use solitaire::GameKind;
use solitaire::cards::deal::{DECK_SIZE, DeckProblem};
use solitaire::engine::game::{OpenError, joined};
use solitaire::engine::headers::{
    GameHeaderError, game_header, game_of_text, header, headers, saved_date, saved_name,
};

use crate::app::effects::{Effects, Tone};
use crate::app::flow::round_budget::RoundBudget;
use crate::app::flow::{Flow, GameScreen, NotShown};
use crate::app::session::{
    About, DealText, GameDraft, GameSessions, Kept, Restored, SavedGame, Session, Work,
    unfinished_state,
};
use crate::store::{self, Origin, SaveText};
use klondike::Klondike;
use perfect_pair::PerfectPair;
use pyramid::Pyramid;
use tripeaks::TriPeaks;
use triple_klondike::TripleKlondike;

/// Every game the app has screens for; the first is the one it starts on, and the one whose
/// editor takes the cards of a deal file no game reads.
pub static ALL: &[Screens] = &[
    Screens::of::<Pyramid>(),
    Screens::of::<TriPeaks>(),
    Screens::of::<Klondike>(),
    Screens::sessions::<TripleKlondike>(),
    Screens::of::<PerfectPair>(),
];

/// What the shell can do with a game's screens, whatever the game.
pub struct Screens {
    pub game: GameKind,
    /// What the Board challenge asks, in the challenge dialog's words.
    pub board_goal: &'static str,
    /// What the player changes beside the cards and moves, in the question before unsaved
    /// work is replaced: "the rules or the challenge", "the rules".
    pub settings: &'static str,
    /// A session on a new, empty deal.
    pub new: fn(RoundBudget) -> Box<dyn Session>,
    /// A session on a draft of the game's, and what to say; `None` for another game's.
    restored: fn(&GameDraft, RoundBudget, &mut Effects) -> Option<Restored>,
    /// A session on a save of the game's; `None` for another game's.
    loaded: fn(&SavedGame, RoundBudget, &mut Effects) -> Option<Box<dyn Session>>,
    /// The work a draft of the game's holds; `None` for another game's.
    work: fn(&GameDraft) -> Option<Work>,
    /// A save of the game's as the draft its session would keep.
    saved_draft: fn(&SavedGame) -> Option<GameDraft>,
    /// An unfinished deal of the game's saved under a name, as the draft its session keeps.
    unfinished: fn(&str) -> Option<GameDraft>,
    /// A saved game of the game, or a deal, read from a file's text named as the second.
    read_saved: fn(&str, &str) -> Result<SavedGame, OpenError>,
    /// Whether the app shows a save of the game's, or why not; `None` for another game's.
    shown: fn(&SavedGame) -> Option<Result<(), NotShown>>,
    /// A save's name, notes and moves; `None` for another game's.
    about: fn(&SavedGame) -> Option<About<'_>>,
    /// What the Open dialog says of a save of the game's; `None` for another game's.
    saved_state: fn(&SavedGame) -> Option<String>,
    /// A draft of the game read back from its text.
    read_draft: fn(&str) -> Option<GameDraft>,
    /// A deal file with problems as the draft the game's editor keeps; `None` for a game
    /// whose editor does not take one.
    cards_draft: fn(&str) -> Option<GameDraft>,
    /// A session on a deal file with problems in the game's editor; `None` for a game whose
    /// editor does not take one.
    open_cards: fn(&DealText, RoundBudget, &mut Effects) -> Option<Box<dyn Session>>,
}

impl Screens {
    /// The shared flow over a game's screens.
    const fn of<G: GameScreen>() -> Screens {
        Screens::sessions::<Flow<G>>()
    }

    /// A game's own sessions.
    const fn sessions<S: GameSessions>() -> Screens {
        Screens {
            game: S::GAME,
            board_goal: S::BOARD_GOAL,
            settings: S::SETTINGS,
            new: S::new_session,
            restored: |draft, rounds, fx| Some(S::restored(draft.get()?, rounds, fx)),
            loaded: |saved, rounds, fx| Some(S::loaded(saved.get()?, rounds, fx)),
            work: |draft| draft.get::<S::Draft>().map(Work::of),
            saved_draft: |saved| saved.get().map(|saved| Kept::of(S::saved_draft(saved))),
            unfinished: |text| S::unfinished(text).map(Kept::of),
            read_saved: |text, stem| S::read_saved(text, stem).map(Kept::of),
            shown: |saved| saved.get().map(S::shown),
            about: |saved| saved.get().map(S::about),
            saved_state: |saved| saved.get().map(S::saved_state),
            read_draft: |text| S::read_draft(text).map(Kept::of),
            cards_draft: |text| S::cards_draft(text).map(Kept::of),
            open_cards: S::open_cards,
        }
    }
}

/// The screens of `game`; the first game's for a game the app has none for (the command
/// line does not start the app on it).
pub fn screens(game: GameKind) -> &'static Screens {
    screens_of(game).unwrap_or(&ALL[0])
}

/// Whether the app has screens for `game`.
pub fn has_screens(game: GameKind) -> bool {
    screens_of(game).is_some()
}

/// The screens of `game`, if the app has them.
fn screens_of(game: GameKind) -> Option<&'static Screens> {
    ALL.iter().find(|screens| screens.game == game)
}

/// The game Ctrl-G goes to from `game`: the next in the registry, round to the first.
pub fn next(game: GameKind) -> GameKind {
    let at = ALL
        .iter()
        .position(|screens| screens.game == game)
        .unwrap_or(0);
    ALL[(at + 1) % ALL.len()].game
}

/// A session on a new, empty deal of `game`.
pub fn new_session(game: GameKind, rounds: RoundBudget) -> Box<dyn Session> {
    (screens(game).new)(rounds)
}

/// A session on a draft's work, and what to say.
pub fn restored(draft: &GameDraft, rounds: RoundBudget, fx: &mut Effects) -> Restored {
    ALL.iter()
        .find_map(|screens| (screens.restored)(draft, rounds, fx))
        .expect("every draft is of a game with screens")
}

/// A session on a saved game.
pub fn loaded(saved: &SavedGame, rounds: RoundBudget, fx: &mut Effects) -> Box<dyn Session> {
    ALL.iter()
        .find_map(|screens| (screens.loaded)(saved, rounds, fx))
        .expect("every save is of a game with screens")
}

/// The work a draft holds.
pub fn work(draft: &GameDraft) -> Work {
    ALL.iter()
        .find_map(|screens| (screens.work)(draft))
        .expect("every draft is of a game with screens")
}

/// A saved game as the draft its session would keep.
pub fn saved_draft(saved: &SavedGame) -> GameDraft {
    ALL.iter()
        .find_map(|screens| (screens.saved_draft)(saved))
        .expect("every save is of a game with screens")
}

/// A deal file with problems, or an unfinished deal of a game, as the draft its session
/// would keep.
pub fn text_draft(opening: &DealText) -> GameDraft {
    ALL.iter()
        .find_map(|screens| (screens.unfinished)(&opening.text))
        .or_else(|| (ALL[0].cards_draft)(&opening.text))
        .expect("the first game's editor takes a deal file with problems")
}

/// A session on an unfinished deal of a game, or on a deal file with problems: the first
/// game's editor with its cards placed as far as they go.
pub fn from_text(opening: &DealText, rounds: RoundBudget, fx: &mut Effects) -> Box<dyn Session> {
    let unfinished = ALL.iter().find_map(|screens| {
        let draft = (screens.unfinished)(&opening.text)?;
        Some((screens.restored)(&draft, rounds, fx)?.0)
    });
    if let Some(session) = unfinished {
        let (tone, text) = match session.filled() {
            typed if typed < DECK_SIZE && !session.problems_to_fix() => (
                Tone::Info,
                format!("Opened '{}' ({typed}/52): go on typing.", opening.name),
            ),
            _ => (
                Tone::Warning,
                format!(
                    "Opened '{}' with problems to fix: the Check panel shows them.",
                    opening.name
                ),
            ),
        };
        fx.say(tone, text);
        return session;
    }
    (ALL[0].open_cards)(opening, rounds, fx)
        .expect("the first game's editor takes a deal file with problems")
}

/// What the app says of a game it has no screens for (in the Open list, for a draft, and
/// for a file given to it): the commands that take it.
pub fn not_in_app(game: GameKind) -> String {
    format!(
        "{} is not in the app yet: the commands take it (pyramid solve --game {} FILE)",
        game.name(),
        game.id()
    )
}

/// The games the commands play and the app does not yet, for `--game`'s help.
pub fn games_not_in_app() -> String {
    let names: Vec<&str> = solitaire::games::ALL
        .iter()
        .filter(|game| screens_of(game.kind()).is_none())
        .map(|game| game.name())
        .collect();
    if names.is_empty() {
        return "Each is played by the commands and in the app.".to_string();
    }
    let are = if names.len() == 1 { "is" } else { "are" };
    format!(
        "{} {are} played by the commands, not yet by the app",
        joined(&names, "and")
    )
}

/// Why a file does not open in the app.
#[derive(Debug, thiserror::Error)]
pub enum Unopened {
    /// Its `# game:` header does not name one game.
    #[error("# game: {0}")]
    Game(#[from] GameHeaderError),
    /// A game the app has no screens for.
    #[error("{}", not_in_app(*.0))]
    NotInApp(GameKind),
    /// Its game's reader refuses it.
    #[error(transparent)]
    Open(#[from] OpenError),
    /// A game the app does not show yet.
    #[error(transparent)]
    NotShown(#[from] NotShown),
    /// A draft that its game's reader does not take.
    #[error("it does not read as a deal being typed or played")]
    NotADraft,
}

impl Unopened {
    /// Why the file named `name` does not open, in the commands' words: `file:line:column:
    /// message` for a problem at one place of it, else `file: message`.
    pub fn of_file(&self, name: &str) -> String {
        match self {
            Unopened::Open(OpenError::At { at, message }) => format!("{name}:{at}: {message}"),
            other => format!("{name}: {other}"),
        }
    }
}

/// The screens of the game a text's `# game:` header names (Pyramid without one).
fn screens_of_text(text: &str) -> Result<&'static Screens, Unopened> {
    let game = game_of_text(text)?;
    screens_of(game).ok_or(Unopened::NotInApp(game))
}

/// Reads a file's text as a game of `game` for the app: a saved game, or a deal at its
/// start; a text without a `# name:` is named `stem`.
pub fn read_saved(game: GameKind, text: &str, stem: &str) -> Result<SavedGame, Unopened> {
    let screens = screens_of(game).ok_or(Unopened::NotInApp(game))?;
    Ok((screens.read_saved)(text, stem)?)
}

/// What a game pasted without a `# name:` is called until it is saved under a name.
pub const PASTED: &str = "pasted game";

/// A pasted text with `# moves:` read whole as a game of `game`, to open as its file would
/// and play on after its moves, or why it does not read so; `None` for a text without moves,
/// which is cards for the game's own paste. A text without a `# name:` is [`PASTED`].
pub fn pasted_game(game: GameKind, text: &str) -> Option<Result<SavedGame, Unopened>> {
    if headers(text, "moves").is_empty() {
        return None;
    }
    Some(read_saved(game, text, PASTED).and_then(|saved| {
        shown(&saved)?;
        Ok(saved)
    }))
}

/// Whether the app shows a saved game, or why not yet.
pub fn shown(saved: &SavedGame) -> Result<(), NotShown> {
    ALL.iter()
        .find_map(|screens| (screens.shown)(saved))
        .expect("every save is of a game with screens")
}

/// How the app opens a file's text as a game of `game`, whether it is given on the command
/// line (`pyramid FILE`) or chosen in the Open dialog: one decision, so that a file opens the
/// same way however it is opened.
#[derive(Debug)]
pub enum Opening {
    /// A whole game the app shows: opened at its position, its moves there to undo.
    Game(SavedGame),
    /// Work for the game's editor: an unfinished deal, or a deal with problems to fix.
    Edit(DealText),
}

/// How the app opens `text`, a file named `stem`, as a game of `game` (see [`Opening`]), or
/// why it does not: a whole game it does not show, or a text neither a game nor its editor
/// takes (the reader's reason, so that a file broken by hand is noticed).
pub fn opening(game: GameKind, text: &str, stem: &str) -> Result<Opening, Unopened> {
    match read_saved(game, text, stem) {
        Ok(saved) => {
            shown(&saved)?;
            Ok(Opening::Game(saved))
        }
        Err(Unopened::Open(error)) => to_edit(game, saved_name(text, stem), text, &error)
            .map(Opening::Edit)
            .ok_or(Unopened::Open(error)),
        Err(reason) => Err(reason),
    }
}

/// A file that does not read as a game of `game` as its editor opens it, to show its
/// problems where they are; `None` when the editor does not take it. It takes the game's own
/// work saved before it was whole or while it had problems (its draft's format, `..` for an
/// empty slot, with or without the `# unfinished:` header the app writes), or, for a game
/// whose editor takes a deal file with problems, a deal whose problems all have a slot to
/// show them in (a duplicate, a card missing, one too many). A word that is not a card has
/// no slot, and a whole save whose moves or headers do not read is not work for the editor:
/// each stays an error, so that its reason is seen.
pub fn to_edit(game: GameKind, name: String, text: &str, error: &OpenError) -> Option<DealText> {
    let screens = screens_of(game)?;
    let text = headed(game, text);
    let takes = match error {
        OpenError::Deck(_) | OpenError::Problems(_) if (screens.read_draft)(&text).is_some() => {
            true
        }
        OpenError::Deck(problems) => {
            (screens.cards_draft)(&text).is_some()
                && problems.0.iter().all(|problem| {
                    matches!(
                        problem,
                        DeckProblem::Duplicate { .. }
                            | DeckProblem::Missing { .. }
                            | DeckProblem::TooMany { .. }
                    )
                })
        }
        _ => is_unfinished(screens, &text),
    };
    takes.then_some(DealText { name, text })
}

/// Whether `text` is an unfinished deal of the game saved under a name: cards still to
/// type, or saved with its problems under the `# unfinished:` header the app writes.
fn is_unfinished(screens: &Screens, text: &str) -> bool {
    (screens.unfinished)(text)
        .and_then(|draft| (screens.work)(&draft))
        .is_some_and(|work| work.typed < DECK_SIZE || header(text, "unfinished").is_some())
}

/// A file's text with the `# game:` header of `game` on top when it has none: the game
/// chosen for it (by `--game`, or sniffed from a Klondike position or JSON) is then the one
/// every reader after finds, as one its header named would be.
fn headed(game: GameKind, text: &str) -> String {
    if headers(text, "game").is_empty() {
        format!("{}{text}", game_header(game))
    } else {
        text.to_string()
    }
}

/// The game a file given to the app is, as the commands sniff it: the one its `# game:`
/// header names, else the first that claims the text (Klondike: a position, Solvitaire's
/// JSON, a deal code), else the first listed.
pub fn game_of_file(text: &str) -> Result<GameKind, Unopened> {
    let sniffed = solitaire::games::of_text(text)?;
    Ok(sniffed.game.kind())
}

/// Reads a draft of the game its `# game:` header names (Pyramid without one, as every draft
/// was before there were other games), or says why it cannot be restored.
pub fn read_draft(text: &str) -> Result<GameDraft, Unopened> {
    (screens_of_text(text)?.read_draft)(text).ok_or(Unopened::NotADraft)
}

/// What a listed file holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Holds {
    /// A whole game, perhaps with cards not seen yet (`??`), and the moves played.
    Game(SavedGame),
    /// A deal saved before all its cards were typed, or with problems to fix.
    Unfinished(Unfinished),
}

/// Work for the editor: an unfinished deal saved under a name (the draft format, `..` for an
/// empty slot), or a file with problems the editor shows; cards still to type, or problems
/// to fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unfinished {
    /// How many cards are typed (`??` included), as the editor counts them on opening it.
    pub typed: usize,
    /// Whether it has problems besides cards still to type (a card typed twice).
    pub problems: bool,
    /// The file's text: the editor reads it as it reads `pyramid FILE`.
    pub text: String,
}

/// An entry of the Open dialog, of whichever game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    game: GameKind,
    name: String,
    saved: String,
    pub holds: Holds,
    pub origin: Origin,
}

impl Listed {
    /// The game the file holds.
    pub fn game(&self) -> GameKind {
        self.game
    }

    /// The deal's name, from its header or else its file.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// When it was saved, as the header says; empty when it does not.
    pub fn saved(&self) -> &str {
        &self.saved
    }
}

/// What a save's text holds as a game of `game`, decided as `pyramid FILE` decides it
/// ([`opening`]): a whole game the app shows, or else work for the editor, counted as the
/// editor finds it on opening it; otherwise why it is neither.
fn holds_of(game: GameKind, text: &str, stem: &str) -> Result<Holds, Unopened> {
    match opening(game, text, stem)? {
        Opening::Game(saved) => Ok(Holds::Game(saved)),
        Opening::Edit(opening) => {
            let session = from_text(&opening, RoundBudget::APP, &mut Effects::default());
            Ok(Holds::Unfinished(Unfinished {
                typed: session.filled(),
                problems: session.problems_to_fix(),
                text: opening.text,
            }))
        }
    }
}

/// A file's entry in the Open dialog, of the game `pyramid FILE` opens it as, or why it
/// cannot be opened.
fn listed(file: SaveText) -> Result<Listed, Unopened> {
    let game = game_of_file(&file.text)?;
    Ok(Listed {
        game,
        name: saved_name(&file.text, &file.stem),
        saved: saved_date(&file.text),
        holds: holds_of(game, &file.text, &file.stem)?,
        origin: file.origin,
    })
}

/// The user's saves of every game, newest first, then the examples; and the files that
/// cannot be opened, each by name with the reason, so a hand-edited save that broke is
/// noticed.
#[cfg(test)]
pub fn list(folders: &store::Folders) -> (Vec<Listed>, Vec<String>) {
    let (files, unreadable) = store::list(folders);
    entries(files, unreadable)
}

/// The Open dialog's entries of the saves folder's files, and those that cannot be opened.
pub fn entries(files: Vec<SaveText>, mut broken: Vec<String>) -> (Vec<Listed>, Vec<String>) {
    let mut entries = Vec::new();
    for file in files {
        let name = file.file_name.clone();
        match listed(file) {
            Ok(entry) => entries.push(entry),
            Err(reason) => broken.push(reason.of_file(&name)),
        }
    }
    entries.sort_by(|a, b| (&b.saved, &a.name).cmp(&(&a.saved, &b.name)));
    entries.extend(
        store::examples()
            .into_iter()
            .filter_map(|file| listed(file).ok()),
    );
    broken.sort();
    (entries, broken)
}

/// What the Open dialog says of a listed file: how far its game went and what is known of
/// it, or how many cards an unfinished deal has.
pub fn listed_state(holds: &Holds) -> String {
    match holds {
        Holds::Unfinished(unfinished) => unfinished_state(unfinished.typed, unfinished.problems),
        Holds::Game(saved) => ALL
            .iter()
            .find_map(|screens| (screens.saved_state)(saved))
            .expect("every save is of a game with screens"),
    }
}

/// A saved game's name, notes and how many moves it has.
pub fn about(saved: &SavedGame) -> About<'_> {
    ALL.iter()
        .find_map(|screens| (screens.about)(saved))
        .expect("every save is of a game with screens")
}

#[cfg(test)]
mod tests;

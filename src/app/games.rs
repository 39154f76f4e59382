//! The app's registry: one line a game it has screens for. The shell starts, restores, opens
//! and switches games only through it; each game's screens live in their own folder below.

pub mod pyramid;
pub mod tripeaks;

use solitaire::GameKind;
use solitaire::cards::deal::{DECK_SIZE, Deal};
use solitaire::engine::headers::game_of_text;
use solitaire::games::pyramid::saved::{Draft, SavedDeal};
use solitaire::games::tripeaks::saved::{SavedTriPeaks, TriPeaksDraft};

use crate::app::effects::{Effects, Tone};
use crate::app::flow::{Flow, GameScreen};
use crate::app::session::{DealText, Session, Work};
use crate::store::{GameHolds, Holds, TriPeaksHolds, Unfinished};
use pyramid::Pyramid;
use tripeaks::TriPeaks;

/// Every game the app has screens for; the first is the one it starts on, and the one whose
/// editor takes the cards of a deal file no game reads.
pub static ALL: &[Screens] = &[Screens::of::<Pyramid>(), Screens::of::<TriPeaks>()];

/// A session on a draft's work, and what to say of it.
pub type Restored = (Box<dyn Session>, String);

/// What the shell can do with a game's screens, whatever the game.
pub struct Screens {
    pub game: GameKind,
    /// What the Board challenge asks, in the challenge dialog's words.
    pub board_goal: &'static str,
    /// A session on a new, empty deal.
    pub new: fn() -> Box<dyn Session>,
    /// A session on a draft of the game's, and what to say; `None` for another game's.
    restored: fn(&GameDraft, &mut Effects) -> Option<Restored>,
    /// A session on a save of the game's; `None` for another game's.
    loaded: fn(&SavedGame, &mut Effects) -> Option<Box<dyn Session>>,
    /// The work a draft of the game's holds; `None` for another game's.
    work: fn(&GameDraft) -> Option<Work>,
    /// A save of the game's as the draft its session would keep.
    saved_draft: fn(&SavedGame) -> Option<GameDraft>,
    /// An unfinished deal of the game's saved under a name, as the draft its session keeps.
    unfinished: fn(&str) -> Option<GameDraft>,
}

impl Screens {
    /// The shared flow over a game's screens.
    const fn of<G: GameScreen>() -> Screens {
        Screens {
            game: G::GAME,
            board_goal: G::BOARD_GOAL,
            new: || Box::new(Flow::<G>::default()),
            restored: |draft, fx| {
                let (flow, text) = Flow::<G>::restored(G::draft_of(draft)?, fx);
                Some((Box::new(flow), text))
            },
            loaded: |saved, fx| Some(Box::new(Flow::<G>::loaded(G::saved_of(saved)?, fx))),
            work: |draft| G::draft_of(draft).map(Work::of),
            saved_draft: |saved| G::saved_of(saved).map(|saved| G::saved_draft(saved).into()),
            unfinished: |text| G::unfinished(text).map(Into::into),
        }
    }
}

/// The screens of `game`; the first game's for a game the app has none for (the command
/// line does not start the app on it).
pub fn screens(game: GameKind) -> &'static Screens {
    ALL.iter()
        .find(|screens| screens.game == game)
        .unwrap_or(&ALL[0])
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
pub fn new_session(game: GameKind) -> Box<dyn Session> {
    (screens(game).new)()
}

/// A session on a draft's work, and what to say.
pub fn restored(draft: &GameDraft, fx: &mut Effects) -> Restored {
    ALL.iter()
        .find_map(|screens| (screens.restored)(draft, fx))
        .expect("every draft is of a game with screens")
}

/// A session on a saved game.
pub fn loaded(saved: &SavedGame, fx: &mut Effects) -> Box<dyn Session> {
    ALL.iter()
        .find_map(|screens| (screens.loaded)(saved, fx))
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
        .unwrap_or_else(|| pyramid::cards_draft(&opening.text).into())
}

/// A session on an unfinished deal of a game, or on a deal file with problems: the first
/// game's editor with its cards placed as far as they go.
pub fn from_text(opening: &DealText, fx: &mut Effects) -> Box<dyn Session> {
    let unfinished = ALL.iter().find_map(|screens| {
        let draft = (screens.unfinished)(&opening.text)?;
        Some((screens.restored)(&draft, fx)?.0)
    });
    if let Some(session) = unfinished {
        fx.say(
            Tone::Info,
            format!(
                "Opened '{}' ({}/52): go on typing.",
                opening.name,
                session.filled()
            ),
        );
        return session;
    }
    Box::new(pyramid::open_cards(opening, fx))
}

/// What a file chosen in the Open dialog holds, whatever the game.
pub enum Chosen {
    Game(SavedGame),
    /// An unfinished deal: it opens into the editor as `pyramid FILE` opens it.
    Unfinished(Unfinished),
}

/// What a file chosen in the Open dialog holds.
pub fn chosen(holds: GameHolds) -> Chosen {
    match holds {
        GameHolds::Pyramid(Holds::Game(saved)) => Chosen::Game(SavedGame::Pyramid(saved)),
        GameHolds::TriPeaks(TriPeaksHolds::Game(saved)) => Chosen::Game(SavedGame::TriPeaks(saved)),
        GameHolds::Pyramid(Holds::Unfinished(unfinished))
        | GameHolds::TriPeaks(TriPeaksHolds::Unfinished(unfinished)) => {
            Chosen::Unfinished(unfinished)
        }
    }
}

/// What the Open dialog says of a listed file: how far its game went and what is known of
/// it, or how many cards an unfinished deal has.
pub fn listed_state(holds: &GameHolds) -> String {
    match holds {
        GameHolds::Pyramid(Holds::Unfinished(unfinished))
        | GameHolds::TriPeaks(TriPeaksHolds::Unfinished(unfinished)) => {
            format!("unfinished {}/{DECK_SIZE}", unfinished.typed)
        }
        GameHolds::Pyramid(Holds::Game(saved)) => pyramid::saved_state(saved),
        GameHolds::TriPeaks(TriPeaksHolds::Game(saved)) => tripeaks::saved_state(saved),
    }
}

/// A saved game's name, notes and how many moves it has.
pub fn about(saved: &SavedGame) -> (&str, &[String], usize) {
    match saved {
        SavedGame::Pyramid(saved) => (&saved.name, &saved.notes, saved.moves.len()),
        SavedGame::TriPeaks(saved) => (&saved.name, &saved.notes, saved.moves.len()),
    }
}

/// The draft of either game: the game being typed or played, kept between runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameDraft {
    Pyramid(Draft),
    TriPeaks(TriPeaksDraft),
}

// Read by the store's tests until the store reads drafts through the registry.
#[cfg_attr(not(test), allow(dead_code))]
impl GameDraft {
    /// Whether no card is typed: such a draft is not kept.
    pub fn is_empty(&self) -> bool {
        match self {
            GameDraft::Pyramid(draft) => draft.slots.iter().all(Option::is_none),
            GameDraft::TriPeaks(draft) => draft.is_empty(),
        }
    }

    /// The draft text, in the save format of its game.
    pub fn to_text(&self) -> String {
        match self {
            GameDraft::Pyramid(draft) => draft.to_text(),
            GameDraft::TriPeaks(draft) => draft.to_text(),
        }
    }

    /// Reads a draft of the game its `# game:` header names (Pyramid without one, as every
    /// draft was before there were other games); `None` when it is not one.
    pub fn parse(text: &str) -> Option<GameDraft> {
        match game_of_text(text).ok()? {
            GameKind::Pyramid => Draft::parse(text).map(GameDraft::Pyramid),
            GameKind::TriPeaks => TriPeaksDraft::parse(text).map(GameDraft::TriPeaks),
            // Klondike has no draft of its own yet: nothing is typed or played in it here.
            GameKind::Klondike => None,
        }
    }
}

impl From<Draft> for GameDraft {
    fn from(draft: Draft) -> GameDraft {
        GameDraft::Pyramid(draft)
    }
}

impl From<TriPeaksDraft> for GameDraft {
    fn from(draft: TriPeaksDraft) -> GameDraft {
        GameDraft::TriPeaks(draft)
    }
}

/// Why a Klondike file is not read as a saved game: Klondike deals are read by the library's
/// Klondike formats, with no name, verdict or draft of their own yet.
#[cfg_attr(not(test), allow(dead_code))]
pub const NO_KLONDIKE_SAVES: &str = "a Klondike game: Klondike has no saved games yet";

/// A saved game of either game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SavedGame {
    Pyramid(SavedDeal),
    TriPeaks(SavedTriPeaks),
}

#[cfg_attr(not(test), allow(dead_code))]
impl SavedGame {
    /// Reads a save of the game its `# game:` header names (Pyramid without one); a file
    /// without a `# name:` is named after `fallback_name`.
    pub fn parse(text: &str, fallback_name: &str) -> Result<SavedGame, String> {
        match game_of_text(text).map_err(|problem| format!("# game: {problem}"))? {
            GameKind::Pyramid => SavedDeal::parse(text, fallback_name)
                .map(SavedGame::Pyramid)
                .map_err(|error| error.to_string()),
            GameKind::TriPeaks => SavedTriPeaks::parse(text, fallback_name)
                .map(SavedGame::TriPeaks)
                .map_err(|error| error.to_string()),
            GameKind::Klondike => Err(NO_KLONDIKE_SAVES.to_string()),
        }
    }

    /// The game it is of.
    pub fn game(&self) -> GameKind {
        match self {
            SavedGame::Pyramid(_) => GameKind::Pyramid,
            SavedGame::TriPeaks(_) => GameKind::TriPeaks,
        }
    }

    /// The name it is saved under.
    pub fn name(&self) -> &str {
        match self {
            SavedGame::Pyramid(saved) => &saved.name,
            SavedGame::TriPeaks(saved) => &saved.name,
        }
    }

    /// The deal.
    pub fn deal(&self) -> &Deal {
        match self {
            SavedGame::Pyramid(saved) => &saved.deal,
            SavedGame::TriPeaks(saved) => &saved.deal,
        }
    }

    /// The file text.
    pub fn to_text(&self) -> String {
        match self {
            SavedGame::Pyramid(saved) => saved.to_text(),
            SavedGame::TriPeaks(saved) => saved.to_text(),
        }
    }
}

impl From<SavedDeal> for SavedGame {
    fn from(saved: SavedDeal) -> SavedGame {
        SavedGame::Pyramid(saved)
    }
}

impl From<SavedTriPeaks> for SavedGame {
    fn from(saved: SavedTriPeaks) -> SavedGame {
        SavedGame::TriPeaks(saved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> SavedDeal {
        SavedDeal::parse(
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/saved-games/winnable-40-steps.txt"
            )),
            "x",
        )
        .unwrap()
    }

    #[test]
    fn a_save_or_a_draft_of_either_game_is_read_by_its_game_header() {
        let pyramid = example();
        let read = SavedGame::parse(&pyramid.to_text(), "x").unwrap();
        assert_eq!(
            (read.game(), read.name()),
            (GameKind::Pyramid, pyramid.name.as_str())
        );
        assert_eq!(read, SavedGame::Pyramid(pyramid.clone()));
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/tripeaks-as-dealt.txt"
        ));
        let tripeaks = SavedGame::parse(text, "x").unwrap();
        assert_eq!(tripeaks.game(), GameKind::TriPeaks);
        assert!(tripeaks.deal().has_unknown());
        assert_eq!(SavedGame::parse(&tripeaks.to_text(), "y"), Ok(tripeaks));
        assert_eq!(
            SavedGame::parse(&text.replace("tripeaks", "golf"), "x").unwrap_err(),
            "# game: 'golf' is not a game: the games are pyramid, tripeaks and klondike"
        );

        let draft = Draft::parse(&pyramid.to_text()).unwrap();
        let text = draft.to_text();
        assert_eq!(
            GameDraft::parse(&text),
            Some(GameDraft::Pyramid(draft.clone()))
        );
        // Drafts written before there were other games have no game header.
        let old = text.replace("# game: pyramid\n", "");
        assert_eq!(GameDraft::parse(&old), Some(GameDraft::Pyramid(draft)));
        let tripeaks = TriPeaksDraft::from_deal(&pyramid.deal);
        let text = GameDraft::from(tripeaks.clone()).to_text();
        assert_eq!(GameDraft::parse(&text), Some(GameDraft::TriPeaks(tripeaks)));
        assert_eq!(GameDraft::parse(&text.replace("tripeaks", "golf")), None);
    }
}

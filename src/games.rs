//! The registry: every game the commands take, listed once in [`ALL`] as its [`Game`] seam,
//! with lookup by name and which game a text is. Each game is a sibling folder (`pyramid`,
//! `tripeaks`, `klondike`, `triple_klondike`, `perfect_pair`) with its own rules, formats, referee, solvers,
//! answers and lab. [`GameKind`], the games' identity, lives in the engine so that no game
//! reaches up here for it; here it finds each game's layout.

pub mod klondike;
pub mod perfect_pair;
pub mod pyramid;
pub mod tripeaks;
pub mod triple_klondike;

use crate::cards::card::DECK_SIZE;
use crate::cards::excerpt::excerpt;
use crate::cards::layout::Layout;
use crate::engine::game::{Game, Names, Settings, joined};
use crate::engine::headers::{GameHeaderError, game_of_text, headers};

/// Every game the commands take, in the order help, menus and messages list them. The first
/// is the one a text is read as when nothing says which game it is.
pub static ALL: &[&dyn Game] = &[
    &pyramid::game::Pyramid,
    &tripeaks::game::TriPeaks,
    &klondike::game::Klondike,
    &triple_klondike::game::TripleKlondike,
    &perfect_pair::game::PerfectPair,
];

/// The game a name (as typed: `pyramid`, `TriPeaks`, `tri-peaks`, `perfectpair`, in any
/// case) is.
pub fn find(name: &str) -> Result<&'static dyn Game, UnknownGame> {
    let word = typed(name);
    ALL.iter()
        .copied()
        .find(|game| typed(game.id()) == word)
        .ok_or_else(|| UnknownGame(excerpt(name)))
}

/// The registry's entry for one of the library's games, if the commands take it.
pub fn of_kind(kind: GameKind) -> Option<&'static dyn Game> {
    ALL.iter().copied().find(|game| game.kind() == kind)
}

/// The game a text is, whether its `# game:` header says so, and the other games that read
/// it as well when nothing says which it is (a Klondike deal in its layout reads as Pyramid).
#[derive(Debug, Clone)]
pub struct Sniffed {
    pub game: &'static dyn Game,
    pub by_header: bool,
    pub also: Vec<&'static dyn Game>,
}

/// Which game a text is: the one its `# game:` header names, else the first that claims it
/// (Klondike claims Solvitaire's JSON and deal codes), else the first listed.
pub fn of_text(text: &str) -> Result<Sniffed, GameHeaderError> {
    if !headers(text, "game").is_empty() {
        let kind = game_of_text(text)?;
        let game = of_kind(kind).ok_or_else(|| UnknownGame(kind.id().to_string()))?;
        return Ok(Sniffed {
            game,
            by_header: true,
            also: Vec::new(),
        });
    }
    // A header given twice is refused even where it is not read.
    game_of_text(text)?;
    let game = ALL
        .iter()
        .copied()
        .find(|game| game.claims(text))
        .unwrap_or(ALL[0]);
    Ok(Sniffed {
        game,
        by_header: false,
        also: also_read(text, game),
    })
}

/// The games besides `chosen` that open `text` under their default rules: a text of the
/// same shape as another game's deal is read as one game while it could be the other.
fn also_read(text: &str, chosen: &dyn Game) -> Vec<&'static dyn Game> {
    let opens = |game: &dyn Game| {
        game.open(text, &Names::default(), &Settings::default())
            .is_ok()
    };
    if !opens(chosen) {
        return Vec::new();
    }
    ALL.iter()
        .copied()
        .filter(|game| game.id() != chosen.id() && opens(*game))
        .collect()
}

/// The games' names as typed, listed: "pyramid, tripeaks and klondike".
pub fn ids(conjunction: &str) -> String {
    let ids: Vec<&str> = ALL.iter().map(|game| game.id()).collect();
    joined(&ids, conjunction)
}

use crate::engine::kind::typed;
pub use crate::engine::kind::{GameKind, UnknownGame};

// What each game's own code says of it, asked by its identity: the registry is the one place
// that lists every game's module.
impl GameKind {
    /// How this game lays a deal out: the words for its places, the deal drawn as typed.
    pub fn layout(self) -> &'static Layout {
        match self {
            GameKind::Pyramid => &pyramid::layout::LAYOUT,
            GameKind::TriPeaks => &tripeaks::layout::LAYOUT,
            GameKind::Klondike => &klondike::deal::LAYOUT,
            GameKind::TripleKlondike => &triple_klondike::game::LAYOUT,
            GameKind::PerfectPair => &perfect_pair::layout::DEAL_ORDER,
        }
    }

    /// Names a card's place in this game's deal order, for messages: "pyramid row 3",
    /// "tableau row 2", "stock card 5 from the top".
    pub fn slot_name(self, index: usize) -> String {
        self.layout().slot_name(index)
    }

    /// The deal drawn in the layout people type for this game, from each slot's text.
    pub fn drawn(self, slots: &[String; DECK_SIZE]) -> String {
        self.layout().drawn(slots)
    }
}

impl From<GameKind> for &'static Layout {
    fn from(game: GameKind) -> &'static Layout {
        game.layout()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_in_any_case() {
        for game in GameKind::ALL {
            assert_eq!(game.id().parse::<GameKind>(), Ok(game));
            assert_eq!(game.name().parse::<GameKind>(), Ok(game));
        }
        assert_eq!("Tri-Peaks".parse::<GameKind>(), Ok(GameKind::TriPeaks));
        assert_eq!("KLONDIKE".parse::<GameKind>(), Ok(GameKind::Klondike));
        for typed in [
            "perfect-pair",
            "PerfectPair",
            "perfect pair",
            "perfect_pair",
        ] {
            assert_eq!(typed.parse::<GameKind>(), Ok(GameKind::PerfectPair));
        }
        let wrong = "spider".parse::<GameKind>().unwrap_err();
        assert_eq!(
            wrong.to_string(),
            "'spider' is not a game: the games are pyramid, tripeaks, klondike, triple-klondike \
             and perfect-pair"
        );
    }

    #[test]
    fn the_registry_finds_each_game_by_its_names_and_tells_texts_apart() {
        for game in ALL {
            assert_eq!(
                find(game.id()).map(super::super::engine::game::Game::id),
                Ok(game.id())
            );
            assert_eq!(
                find(game.name()).map(super::super::engine::game::Game::id),
                Ok(game.id())
            );
            assert_eq!(
                of_kind(game.kind()).map(super::super::engine::game::Game::id),
                Some(game.id())
            );
        }
        assert_eq!(
            find("Tri-Peaks").map(super::super::engine::game::Game::id),
            Ok("tripeaks")
        );
        let sniffed = |text: &str| of_text(text).map(|s| (s.game.id(), s.by_header));
        assert_eq!(sniffed("# game: tripeaks\n"), Ok(("tripeaks", true)));
        assert_eq!(sniffed("{\"tableau piles\": []}"), Ok(("klondike", false)));
        assert_eq!(sniffed("Kd Qc"), Ok(("pyramid", false)));
        assert_eq!(
            sniffed("# game: perfect-pair\nrow 1: 7h | 6c\n"),
            Ok(("perfect-pair", true))
        );
        assert_eq!(sniffed("row 1: 7h | 6c\n"), Ok(("perfect-pair", false)));
        assert_eq!(
            find("perfectpair").map(super::super::engine::game::Game::id),
            Ok("perfect-pair")
        );
        assert!(of_text("# game: pyramid\n# game: tripeaks\n").is_err());
    }

    #[test]
    fn a_deal_that_reads_as_two_games_says_so() {
        let klondike = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/klondike-winnable.txt"
        ))
        .expect("the Klondike deal");
        let also = |text: &str| {
            let sniffed = of_text(text).expect("a text without two headers");
            let also: Vec<&str> = sniffed.also.iter().map(|game| game.id()).collect();
            (sniffed.game.id(), also)
        };
        assert_eq!(also(&klondike), ("klondike", vec![]));
        let without_header: String = klondike
            .lines()
            .filter(|line| !line.starts_with('#'))
            .flat_map(|line| [line, "\n"])
            .collect();
        assert_eq!(
            also(&without_header),
            ("pyramid", vec!["tripeaks", "klondike"])
        );
        assert_eq!(also("Kd Qc"), ("pyramid", vec![]));
    }

    #[test]
    fn slots_are_named_in_each_games_words() {
        assert_eq!(GameKind::Pyramid.slot_name(27), "pyramid row 7");
        assert_eq!(GameKind::Pyramid.slot_name(28), "stock card 1 from the top");
        assert_eq!(GameKind::TriPeaks.slot_name(0), "tableau row 1");
        assert_eq!(GameKind::TriPeaks.slot_name(27), "tableau row 4");
        assert_eq!(GameKind::TriPeaks.slot_name(28), "the waste card");
        assert_eq!(
            GameKind::TriPeaks.slot_name(29),
            "stock card 1 from the top"
        );
        assert_eq!(
            GameKind::TriPeaks.slot_name(52),
            "card 53, past the 52 of a deal"
        );
        assert_eq!(
            GameKind::Klondike.slot_name(4),
            "pile 3, card 2 from the bottom"
        );
        assert_eq!(GameKind::Klondike.slot_name(28), "stock card 1");
        assert_eq!(GameKind::PerfectPair.slot_name(0), "row 1 left, card 1");
        assert_eq!(GameKind::PerfectPair.slot_name(7), "row 1 right, card 1");
        assert_eq!(GameKind::PerfectPair.slot_name(51), "row 4 right, card 6");
    }
}

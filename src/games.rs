//! The games the library knows, as a plain list: each is a sibling module (`pyramid`,
//! `tripeaks`, `klondike`) with its own layout, referee and solvers; this enum is where code that serves
//! every game (the deal reader, saved files, the front ends) asks which one it has.

pub mod klondike;
pub mod perfect_pair;
pub mod pyramid;
pub mod saved_game;
pub mod tripeaks;
pub mod triple_klondike;

use std::fmt;
use std::str::FromStr;

use crate::cards::card::DECK_SIZE;

/// One of the games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameKind {
    /// Pyramid: pairs to 13 from a 28-card pyramid over a 24-card stock.
    #[default]
    Pyramid,
    /// TriPeaks: cards one above or below the waste card, from three peaks over a 23-card stock.
    TriPeaks,
    /// Klondike: seven piles built down in alternating colours, the foundations built up by
    /// suit, a stock drawn one or three cards at a time. The commands play it; the app does
    /// not yet.
    Klondike,
}

impl GameKind {
    /// Every game, in the order menus list them.
    pub const ALL: [GameKind; 3] = [GameKind::Pyramid, GameKind::TriPeaks, GameKind::Klondike];

    /// The name people read: "Pyramid", "TriPeaks".
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Pyramid => "Pyramid",
            GameKind::TriPeaks => "TriPeaks",
            GameKind::Klondike => "Klondike",
        }
    }

    /// The name typed on the command line and written in a saved file's `# game:` header.
    pub fn id(self) -> &'static str {
        match self {
            GameKind::Pyramid => "pyramid",
            GameKind::TriPeaks => "tripeaks",
            GameKind::Klondike => "klondike",
        }
    }

    /// Names a card's place in this game's deal order, for messages: "pyramid row 3",
    /// "tableau row 2", "stock card 5 from the top".
    pub fn slot_name(self, index: usize) -> String {
        match self {
            GameKind::Pyramid => crate::games::pyramid::layout::slot_name(index),
            GameKind::TriPeaks => crate::games::tripeaks::layout::slot_name(index),
            GameKind::Klondike => crate::games::klondike::deal::slot_name(index),
        }
    }
}

impl GameKind {
    /// The most points one deal can give: the Score challenge's target when none is given;
    /// 0 for a game without a Score challenge (Klondike).
    pub const fn full_score(self) -> u32 {
        match self {
            GameKind::Pyramid => 1290,
            // All 28 tableau cards in one streak (78,400) and the three peak bonuses (6,500).
            GameKind::TriPeaks => 84_900,
            GameKind::Klondike => 0,
        }
    }

    /// Whether the game has the Score and Card challenges besides the Board one.
    pub const fn has_challenges(self) -> bool {
        self.full_score() > 0
    }

    /// The highest Score target: [`MAX_DEALS`](crate::engine::goal::MAX_DEALS) deals' worth.
    pub const fn max_score_target(self) -> u32 {
        self.full_score() * crate::engine::goal::MAX_DEALS
    }

    /// Whether this game's solvers take unknown cards (`??`).
    pub fn takes_unknown(self) -> bool {
        match self {
            GameKind::Pyramid | GameKind::TriPeaks | GameKind::Klondike => true,
        }
    }

    /// The deal drawn in the layout people type for this game, from each slot's text.
    pub fn drawn(self, slots: &[String; DECK_SIZE]) -> String {
        match self {
            GameKind::Pyramid => crate::games::pyramid::layout::drawn(slots),
            GameKind::TriPeaks => crate::games::tripeaks::layout::drawn(slots),
            GameKind::Klondike => crate::games::klondike::deal::drawn(slots),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name that is not one of [`GameKind::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a game: the games are pyramid, tripeaks and klondike")]
pub struct UnknownGame(pub String);

impl FromStr for GameKind {
    type Err = UnknownGame;

    /// Reads `pyramid`, `tripeaks` (also `tri-peaks`) or `klondike`, in any case.
    fn from_str(text: &str) -> Result<GameKind, UnknownGame> {
        let word = text
            .trim()
            .to_ascii_lowercase()
            .replace(['-', '_', ' '], "");
        GameKind::ALL
            .into_iter()
            .find(|game| game.id() == word)
            .ok_or_else(|| UnknownGame(crate::cards::excerpt::excerpt(text)))
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
        let wrong = "spider".parse::<GameKind>().unwrap_err();
        assert_eq!(
            wrong.to_string(),
            "'spider' is not a game: the games are pyramid, tripeaks and klondike"
        );
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
    }
}

//! Which game: the identity every game, saved file and front end names a game by, with the
//! plain facts of each (its names, the most one deal can give). What needs a game's own code
//! (its layout's words, its seam) is asked of the registry, [`crate::games`], so no game has
//! to reach up to it for the identity.

use std::fmt;
use std::str::FromStr;

use crate::cards::excerpt::{excerpt, joined};

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
    /// Minimal Triple Klondike: three packs dealt to thirteen piles, played for the most cards
    /// up in the fewest moves. The commands play it; the app does not yet.
    TripleKlondike,
    /// Perfect Pair: pairs to 13 from the ends of lines on the two sides of a ladder, with
    /// free cells, played for points, hearts and perfect matches. The commands play it; the
    /// app does not yet.
    PerfectPair,
}

impl GameKind {
    /// Every game, in the order menus list them.
    pub const ALL: [GameKind; 5] = [
        GameKind::Pyramid,
        GameKind::TriPeaks,
        GameKind::Klondike,
        GameKind::TripleKlondike,
        GameKind::PerfectPair,
    ];

    /// The name people read: "Pyramid", "TriPeaks".
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Pyramid => "Pyramid",
            GameKind::TriPeaks => "TriPeaks",
            GameKind::Klondike => "Klondike",
            GameKind::TripleKlondike => "Triple Klondike",
            GameKind::PerfectPair => "Perfect Pair",
        }
    }

    /// The name typed on the command line and written in a saved file's `# game:` header.
    pub fn id(self) -> &'static str {
        match self {
            GameKind::Pyramid => "pyramid",
            GameKind::TriPeaks => "tripeaks",
            GameKind::Klondike => "klondike",
            GameKind::TripleKlondike => "triple-klondike",
            GameKind::PerfectPair => "perfect-pair",
        }
    }

    /// The most points one deal can give: the Score challenge's target when none is given;
    /// 0 for a game without a Score challenge (Klondike, Triple Klondike; Perfect Pair, whose
    /// hands are solved for their most points rather than for a target).
    pub const fn full_score(self) -> u32 {
        match self {
            GameKind::Pyramid => 1290,
            // All 28 tableau cards in one streak (78,400) and the three peak bonuses (6,500).
            GameKind::TriPeaks => 84_900,
            GameKind::Klondike | GameKind::TripleKlondike | GameKind::PerfectPair => 0,
        }
    }

    /// Whether the game has the Score and Card challenges besides the Board one.
    pub const fn has_challenges(self) -> bool {
        self.full_score() > 0
    }

    /// Whether this game's solvers take unknown cards (`??`).
    pub fn takes_unknown(self) -> bool {
        match self {
            GameKind::Pyramid | GameKind::TriPeaks | GameKind::Klondike => true,
            // Every card of a Perfect Pair hand is face up before the first move; Triple
            // Klondike's contest deals are known in full.
            GameKind::TripleKlondike | GameKind::PerfectPair => false,
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
#[error("'{}' is not a game: the games are {}", .0, joined(&GameKind::ALL.map(GameKind::id), "and"))]
pub struct UnknownGame(pub String);

impl FromStr for GameKind {
    type Err = UnknownGame;

    /// Reads `pyramid`, `tripeaks` (also `tri-peaks`), `klondike`, `triple-klondike` (also
    /// `tripleklondike`) or `perfect-pair` (also `perfectpair`), in any case.
    fn from_str(text: &str) -> Result<GameKind, UnknownGame> {
        let word = typed(text);
        GameKind::ALL
            .into_iter()
            .find(|game| typed(game.id()) == word)
            .ok_or_else(|| UnknownGame(excerpt(text)))
    }
}

/// A game's name as it is compared: in lower case, without the dashes, underscores and
/// spaces people type or leave out (`Tri-Peaks`, `perfect pair`).
pub fn typed(name: &str) -> String {
    name.trim()
        .to_ascii_lowercase()
        .replace(['-', '_', ' '], "")
}

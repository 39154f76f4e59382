//! The text of a saved TriPeaks game: the deal drawn as three peaks, the waste card and the
//! stock, under `#` headers as in Pyramid's saves (see [`crate::saved_game`]):
//!
//! ```text
//! # game: tripeaks
//! # name: Tuesday
//! # saved: 2026-11-23 18:30
//! # moves: 5h draw 6c 7d
//! # notes: stuck after the second peak
//! # challenge: score 20000 earned 0
//! ```
//!
//! `??` stands for a card not seen yet. `moves` are played from the deal's start, so that
//! reopening returns to the same position with its undo history.

use super::notation::{line_text, read_moves};
use super::{Game, Move, Position};
use crate::deck::Deal;
use crate::game_kind::GameKind;
use crate::goal::Goal;
use crate::saved_game::{
    game_header, game_of_text, goal_header, headers, printable, read_goal, saved_date, saved_name,
};

/// Moves written per `# moves:` line.
const MOVES_PER_LINE: usize = 16;

/// A saved TriPeaks game: its deal, the moves played from its start, its challenge, and what
/// the user noted. The moves replay from the start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedTriPeaks {
    pub name: String,
    pub saved: String,
    pub deal: Deal,
    pub moves: Vec<Move>,
    pub notes: Vec<String>,
    pub goal: Goal,
}

impl SavedTriPeaks {
    /// Reads a save or a plain deal file; a file without a `# name:` is named after
    /// `fallback_name`. Errors are one line naming the header or the deal's problems.
    pub fn parse(text: &str, fallback_name: &str) -> Result<SavedTriPeaks, String> {
        let game = game_of_text(text).map_err(|problem| format!("# game: {problem}"))?;
        if game != GameKind::TriPeaks && !headers(text, "game").is_empty() {
            return Err(format!("the file holds a {game} game, not a TriPeaks one"));
        }
        let deal =
            Deal::parse_as(text, GameKind::TriPeaks).map_err(|problems| problems.to_string())?;
        SavedTriPeaks::with_headers(text, deal, fallback_name)
    }

    /// The deal read from `text`, with what its headers say.
    pub fn with_headers(
        text: &str,
        deal: Deal,
        fallback_name: &str,
    ) -> Result<SavedTriPeaks, String> {
        // Pyramid's headers would be ignored here: a game entered part-way through is its
        // moves from the start, and TriPeaks has no rule variants.
        for key in ["pass", "waste top", "gone", "passes", "pairing", "goal"] {
            if !headers(text, key).is_empty() {
                return Err(format!(
                    "# {key}: is a Pyramid header; a TriPeaks game played part-way is written \
                     as its # moves: from the deal's start"
                ));
            }
        }
        let start = Position::new(&deal);
        let moves = read_moves(&start, &headers(text, "moves").join(" "))
            .map_err(|(number, error)| format!("# moves: move {}: {error}", number + 1))?;
        Ok(SavedTriPeaks {
            name: saved_name(text, fallback_name),
            saved: saved_date(text),
            deal,
            moves,
            notes: headers(text, "notes"),
            goal: read_goal(text, GameKind::TriPeaks)?,
        })
    }

    /// The position the game started from: the deal's start.
    pub fn start(&self) -> Position {
        Position::new(&self.deal)
    }

    /// The game with its moves played.
    pub fn game(&self) -> Game {
        Game::replay(self.start(), &self.moves).expect("a saved game's moves are checked")
    }

    /// The file text: `#` headers, then the deal drawn as three peaks.
    pub fn to_text(&self) -> String {
        let mut text = game_header(GameKind::TriPeaks);
        text.push_str(&format!(
            "# name: {}\n# saved: {}\n",
            printable(&self.name),
            printable(&self.saved)
        ));
        let start = self.start();
        let words = line_text(&start, &self.moves);
        let words: Vec<&str> = words.split_whitespace().collect();
        for line in words.chunks(MOVES_PER_LINE) {
            text.push_str(&format!("# moves: {}\n", line.join(" ")));
        }
        for note in &self.notes {
            text.push_str(&format!("# notes: {}\n", printable(note)));
        }
        text.push_str(&goal_header(self.goal));
        text.push_str(&self.deal.to_layout(GameKind::TriPeaks));
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tripeaks::fixtures::{ORDERED, deal};

    #[test]
    fn a_save_reads_back_as_written() {
        let deal = deal(ORDERED);
        let start = Position::new(&deal);
        let mut position = start;
        let mut moves = Vec::new();
        for _ in 0..5 {
            let mv = position.legal_moves()[0];
            position.apply(mv).unwrap();
            moves.push(mv);
        }
        let saved = SavedTriPeaks {
            name: "Tuesday".to_string(),
            saved: "2026-11-23 18:30".to_string(),
            deal,
            moves,
            notes: vec!["stuck".to_string()],
            goal: Goal::Score {
                target: 50_000,
                earned: 1000,
            },
        };
        let text = saved.to_text();
        assert!(text.starts_with("# game: tripeaks\n"), "{text}");
        assert_eq!(SavedTriPeaks::parse(&text, "x"), Ok(saved.clone()));
        assert_eq!(saved.game().position(), &position);
        // A Score target past what 1000 Pyramid deals give is still a TriPeaks one.
        let big = text.replace("score 50000", "score 2000000");
        assert!(SavedTriPeaks::parse(&big, "x").is_ok());
    }

    #[test]
    fn a_plain_deal_with_unknown_cards_is_a_game_at_its_start() {
        let text = ORDERED.replacen("Ac", "??", 1);
        let saved = SavedTriPeaks::parse(&text, "plain").unwrap();
        assert_eq!(saved.name, "plain");
        assert!(saved.deal.has_unknown());
        assert!(saved.moves.is_empty());
        assert_eq!(saved.goal, Goal::Board);
    }

    #[test]
    fn a_pyramid_save_or_a_bad_move_is_refused_with_the_reason() {
        let pyramid = format!("# game: pyramid\n{ORDERED}");
        assert_eq!(
            SavedTriPeaks::parse(&pyramid, "x").unwrap_err(),
            "the file holds a Pyramid game, not a TriPeaks one"
        );
        let gone = format!("# gone: Kd\n{ORDERED}");
        let error = SavedTriPeaks::parse(&gone, "x").unwrap_err();
        assert!(error.starts_with("# gone: is a Pyramid header"), "{error}");
        let bad = format!("# moves: draw Zz\n{ORDERED}");
        let error = SavedTriPeaks::parse(&bad, "x").unwrap_err();
        assert!(error.starts_with("# moves: move 2: 'Zz'"), "{error}");
    }
}

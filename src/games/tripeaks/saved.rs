//! The text of a saved TriPeaks game: the deal drawn as three peaks, the waste card and the
//! stock, under `#` headers as in Pyramid's saves (see [`crate::games::pyramid::saved`]):
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
//!
//! The deal being typed is kept between runs in the same format as a [`TriPeaksDraft`], with
//! `..` for a slot not typed yet, under a `# draft:` line; an unfinished deal saved under a
//! name is that text under `# name:`, `# saved:` and `# unfinished:` headers.

use super::layout;
use super::notation::{line_text, move_text, read_move};
use super::{Game, Move, Position};
pub use crate::cards::deal::DraftSlot;
use crate::cards::deal::{DECK_SIZE, Deal, draft_cards, read_draft_slots, typed_count};
use crate::engine::goal::Goal;
use crate::engine::headers::{
    DRAFT_LINE, SavedTextError, check_given_once, game_header, game_of_text, goal_header, headers,
    moves_headers, printable, read_goal, saved_date, saved_name, unfinished_text,
};
use crate::engine::kind::GameKind;
use crate::engine::referee::read_line;
use crate::games::tripeaks::layout::LAYOUT;

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
    pub fn parse(text: &str, fallback_name: &str) -> Result<SavedTriPeaks, SavedTextError> {
        let game = game_of_text(text)?;
        if game != GameKind::TriPeaks && !headers(text, "game").is_empty() {
            return Err(SavedTextError::OtherGame {
                found: game,
                wanted: GameKind::TriPeaks,
            });
        }
        let deal = Deal::parse_as(text, &LAYOUT).map_err(SavedTextError::Deal)?;
        SavedTriPeaks::with_headers(text, deal, fallback_name)
    }

    /// The deal read from `text`, with what its headers say.
    pub fn with_headers(
        text: &str,
        deal: Deal,
        fallback_name: &str,
    ) -> Result<SavedTriPeaks, SavedTextError> {
        check_given_once(text)?;
        // Pyramid's headers would be ignored here: a game entered part-way through is its
        // moves from the start, and TriPeaks has no rule variants.
        for key in ["pass", "waste top", "gone", "passes", "pairing", "goal"] {
            if !headers(text, key).is_empty() {
                return Err(SavedTextError::value(
                    key,
                    "is a Pyramid header; a TriPeaks game played part-way is written as its \
                     # moves: from the deal's start",
                ));
            }
        }
        let start = Position::new(&deal);
        let moves = read_line(&start, &headers(text, "moves").join(" "), read_move)
            .map_err(SavedTextError::at_move(text))?;
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
        text.push_str(&moves_headers(&words));
        for note in &self.notes {
            text.push_str(&format!("# notes: {}\n", printable(note)));
        }
        text.push_str(&goal_header(self.goal));
        text.push_str(&self.deal.to_layout(&LAYOUT));
        text
    }
}

/// The TriPeaks deal being typed, kept between runs: each slot as typed, the moves played
/// when the slots hold a whole deal, and the challenge. The slots need not make a valid deal
/// (a card typed twice stays so, for the editor to show); the moves are kept only when they
/// do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TriPeaksDraft {
    pub slots: [DraftSlot; DECK_SIZE],
    pub moves: Vec<Move>,
    pub goal: Goal,
}

impl Default for TriPeaksDraft {
    fn default() -> TriPeaksDraft {
        TriPeaksDraft {
            slots: [DraftSlot::Empty; DECK_SIZE],
            moves: Vec::new(),
            goal: Goal::Board,
        }
    }
}

impl TriPeaksDraft {
    /// A whole deal with nothing played, under the Board challenge.
    pub fn from_deal(deal: &Deal) -> TriPeaksDraft {
        TriPeaksDraft {
            slots: deal
                .slots()
                .map(|slot| slot.map_or(DraftSlot::Unknown, DraftSlot::Card)),
            ..TriPeaksDraft::default()
        }
    }

    /// How many slots are typed, `??` included.
    pub fn typed(&self) -> usize {
        typed_count(&self.slots)
    }

    /// Whether nothing is typed.
    pub fn is_empty(&self) -> bool {
        self.typed() == 0
    }

    /// The deal the slots hold, when every slot is typed and they make a valid deal.
    pub fn deal(&self) -> Option<Deal> {
        Deal::from_slots(&draft_cards(&self.slots)?, &LAYOUT).ok()
    }

    /// The draft text: the `# draft:` line, then the headers and the slots as a save has them.
    pub fn to_text(&self) -> String {
        format!("{DRAFT_LINE}{}", self.body())
    }

    /// The text of an unfinished deal saved under a name: the draft's headers and slots (`..`
    /// for one not typed yet) under the name, date and notes headers. It opens again into
    /// the editor.
    pub fn to_named_text(&self, name: &str, saved: &str, notes: &[String]) -> String {
        unfinished_text(&self.body(), name, saved, notes, self.typed(), DECK_SIZE)
    }

    /// The game, moves and challenge headers, then the slots drawn as three peaks.
    fn body(&self) -> String {
        let mut text = game_header(GameKind::TriPeaks);
        if let Some(deal) = self.deal() {
            // Only the moves that replay: the fields are public, so nothing else checked them.
            let mut position = Position::new(&deal);
            let words: Vec<String> = self
                .moves
                .iter()
                .map_while(|&mv| {
                    let word = move_text(&position, mv);
                    position.apply(mv).ok().map(|()| word)
                })
                .collect();
            text.push_str(&moves_headers(&words));
        }
        text.push_str(&goal_header(self.goal));
        text.push_str(&layout::drawn(&self.slots.map(DraftSlot::text)));
        text
    }

    /// Reads a draft back, or an unfinished deal saved under a name; `None` when the text is
    /// not one: it must name TriPeaks in its `# game:` header (a draft without one is
    /// Pyramid's) and hold 52 slots. Moves or a challenge that do not fit are dropped, as the
    /// draft is only what was being typed.
    pub fn parse(text: &str) -> Option<TriPeaksDraft> {
        if headers(text, "game").is_empty() || game_of_text(text) != Ok(GameKind::TriPeaks) {
            return None;
        }
        let slots = read_draft_slots(text)?;
        let mut draft = TriPeaksDraft {
            slots,
            moves: Vec::new(),
            goal: read_goal(text, GameKind::TriPeaks).unwrap_or_default(),
        };
        if let Some(deal) = draft.deal() {
            draft.moves = read_line(
                &Position::new(&deal),
                &headers(text, "moves").join(" "),
                read_move,
            )
            .unwrap_or_default();
        }
        Some(draft)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tripeaks::fixtures::{ORDERED, deal};

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

    /// The ordered deal with a few cards played, the first tableau card typed as `??` and a
    /// Card challenge.
    fn played_draft() -> TriPeaksDraft {
        let mut draft = TriPeaksDraft::from_deal(&deal(&ORDERED.replacen("Ac", "??", 1)));
        let mut position = Position::new(&draft.deal().unwrap());
        for _ in 0..4 {
            let mv = position.legal_moves()[0];
            position.apply(mv).unwrap();
            draft.moves.push(mv);
        }
        draft.goal = Goal::Card {
            rank: crate::cards::card::Rank::KING,
            target: 4,
            already: 0,
        };
        draft
    }

    #[test]
    fn a_draft_keeps_empty_and_unknown_slots_moves_and_the_challenge() {
        let draft = played_draft();
        assert_eq!(draft.slots[0], DraftSlot::Unknown);
        let text = draft.to_text();
        assert!(
            text.starts_with(&format!("{DRAFT_LINE}# game: tripeaks\n# moves: ")),
            "{text}"
        );
        assert!(text.contains("# challenge: card K 4 already 0\n"), "{text}");
        // Laid out as three peaks, as a save is.
        assert!(text.ends_with(&draft.deal().unwrap().to_layout(&LAYOUT)));
        assert_eq!(TriPeaksDraft::parse(&text), Some(draft.clone()));
        // Slots not typed yet are `..`, and the moves go, as they need a whole deal.
        let mut half = draft;
        for slot in &mut half.slots[30..] {
            *slot = DraftSlot::Empty;
        }
        assert_eq!(half.typed(), 30);
        let text = half.to_text();
        assert!(!text.contains("# moves:"), "{text}");
        assert_eq!(text.matches("..").count(), 22, "{text}");
        half.moves.clear();
        assert_eq!(TriPeaksDraft::parse(&text), Some(half));
        assert!(TriPeaksDraft::default().is_empty());
    }

    #[test]
    fn a_draft_of_cards_typed_twice_is_kept_as_typed() {
        let mut draft = TriPeaksDraft::from_deal(&deal(ORDERED));
        draft.slots[1] = draft.slots[0];
        assert_eq!(draft.deal(), None);
        assert_eq!(TriPeaksDraft::parse(&draft.to_text()), Some(draft));
    }

    #[test]
    fn an_unfinished_deal_saved_under_a_name_reads_back_as_a_draft() {
        let mut draft = played_draft();
        draft.moves.clear();
        draft.slots[51] = DraftSlot::Empty;
        let notes = ["first\u{7} note".to_string()];
        let text = draft.to_named_text("Mon\u{1b}day", "2026-11-23 18:30", &notes);
        assert!(
            text.starts_with(
                "# game: tripeaks\n# name: Monday\n# saved: 2026-11-23 18:30\n\
                 # unfinished: 51/52 cards; `pyramid FILE` opens it to go on typing\n\
                 # notes: first note\n"
            ),
            "{text}"
        );
        assert!(!text.contains("# draft:"), "{text}");
        assert_eq!(saved_name(&text, "x"), "Monday");
        assert_eq!(TriPeaksDraft::parse(&text), Some(draft));
        // Not a whole deal: a save's reader refuses it.
        assert!(SavedTriPeaks::parse(&text, "x").is_err());
    }

    #[test]
    fn a_draft_must_name_tripeaks() {
        let draft = TriPeaksDraft::from_deal(&deal(ORDERED));
        let text = draft.to_text();
        assert_eq!(
            TriPeaksDraft::parse(&text.replace("# game: tripeaks\n", "")),
            None
        );
        let pyramid = text.replace("# game: tripeaks", "# game: pyramid");
        assert_eq!(TriPeaksDraft::parse(&pyramid), None);
        let short = text.replacen("Ac", "", 1);
        assert_eq!(TriPeaksDraft::parse(&short), None);
        let word = text.replacen("Ac", "Zz", 1);
        assert_eq!(TriPeaksDraft::parse(&word), None);
    }

    #[test]
    fn a_pyramid_save_or_a_bad_move_is_refused_with_the_reason() {
        let pyramid = format!("# game: pyramid\n{ORDERED}");
        assert_eq!(
            SavedTriPeaks::parse(&pyramid, "x").unwrap_err().to_string(),
            "the file holds a Pyramid game, not a TriPeaks one"
        );
        let gone = format!("# gone: Kd\n{ORDERED}");
        let error = SavedTriPeaks::parse(&gone, "x").unwrap_err().to_string();
        assert!(error.starts_with("# gone: is a Pyramid header"), "{error}");
        let bad = format!("# moves: draw Zz\n{ORDERED}");
        let error = SavedTriPeaks::parse(&bad, "x").unwrap_err().to_string();
        assert!(error.starts_with("# moves: move 2: 'Zz'"), "{error}");
    }

    #[test]
    fn a_header_given_twice_with_different_values_is_refused_naming_both_lines() {
        let with = |headers: &str| SavedTriPeaks::parse(&format!("{headers}\n{ORDERED}"), "x");
        assert_eq!(
            with("# game: tripeaks\n# name: a\n# game: pyramid")
                .unwrap_err()
                .to_string(),
            "# game: given twice, 'tripeaks' on line 1 and 'pyramid' on line 3: keep one"
        );
        assert_eq!(
            with(
                "# game: tripeaks\n# challenge: score 100 earned 0\n# challenge: card K 4 already 0"
            )
            .unwrap_err()
            .to_string(),
            "# challenge: given twice, 'score 100 earned 0' on line 2 and 'card K 4 already 0' on \
             line 3: keep one"
        );
        assert_eq!(
            with("# game: tripeaks\n# name: a\n# name: b")
                .unwrap_err()
                .to_string(),
            "# name: given twice, 'a' on line 2 and 'b' on line 3: keep one"
        );
        let same = with("# game: tripeaks\n# game: tripeaks\n# moves: 2h\n# moves: Ah").unwrap();
        assert_eq!(same.moves, [Move::Play(27), Move::Play(26)]);
    }
}

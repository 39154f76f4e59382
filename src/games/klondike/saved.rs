//! A Klondike game written down: a table in any of the [`formats`](super::formats), and the
//! moves played from it on `# moves:` lines in the [`notation`](super::notation) (`draw 7h>5
//! Ah>f`, one line or several, read in order), as TriPeaks' saved files keep theirs. `#`
//! lines are comments in every format, so the moves go with a JSON deal or a deal code as
//! well. The moves are read under the rules the game is played by, which the caller gives:
//! the text does not name them.

use super::deal::drawn;
use super::formats::under_way::{is_position_text, read_laid_out, setup_text};
use super::formats::{self, Format, Table};
use super::notation::{self, NotationError};
use super::position::{Move, Pack, Position, Setup};
use super::rules::Rules;
use super::{Deal, DealProblems, Game};
use crate::cards::deal::{
    DECK_SIZE, DraftSlot, TextPos, draft_cards, read_draft_slots, typed_count,
};
use crate::engine::headers::{
    DRAFT_LINE, HeaderError, SavedTextError, check_given_once, game_header, game_of_text, header,
    headers, move_place, moves_headers, printable, unfinished_text,
};
use crate::engine::kind::GameKind;
use crate::engine::referee::read_line;

/// Why a written game cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SavedError {
    /// A header given once in every game's files (`# name:`) given again with another value.
    #[error("{0}")]
    Header(#[from] HeaderError),
    /// The table's problems, each where it is in the text.
    #[error("{0}")]
    Table(DealProblems),
    /// A move that cannot be played where it comes, counted from 1 over every `# moves:` line,
    /// and where it is in the text.
    #[error("# moves: move {number}: {error}")]
    Move {
        number: usize,
        at: TextPos,
        error: NotationError,
    },
}

/// A table, the rules it is played under and the moves played from it, each checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedKlondike {
    /// The format the table was written in.
    pub format: Format,
    pub table: Table,
    pub rules: Rules,
    pub moves: Vec<Move>,
}

impl SavedKlondike {
    /// Reads a game from text: the table in `format` (or the one the text shows), and the
    /// moves of its `# moves:` lines, played one after another under `rules`.
    pub fn read(
        text: &str,
        format: Option<Format>,
        rules: Rules,
    ) -> Result<SavedKlondike, SavedError> {
        check_given_once(text).map_err(SavedError::Header)?;
        let format = format.unwrap_or_else(|| Format::of_text(text));
        let table = formats::read(text, Some(format)).map_err(SavedError::Table)?;
        let line = headers(text, "moves").join(" ");
        let moves = read_line(&table.start(rules), &line, notation::read_move).map_err(
            |(index, error)| SavedError::Move {
                number: index + 1,
                at: move_place(text, index),
                error,
            },
        )?;
        Ok(SavedKlondike {
            format,
            table,
            rules,
            moves,
        })
    }

    /// The position at the table's start.
    pub fn start(&self) -> Position {
        self.table.start(self.rules)
    }

    /// The game with its moves played, each of them there to undo.
    pub fn game(&self) -> Game {
        Game::replay(self.start(), &self.moves).expect("the moves were checked when read")
    }

    /// The position after the moves.
    pub fn position(&self) -> Position {
        self.game().position().clone()
    }
}

/// A Klondike game saved from the app: the game (its table, rules and moves), and its name,
/// date and notes. The rules are kept on a `# rules:` line in the words they are shown in
/// ("draw 1, 3 passes"), so that the game reopens under the rules it was played by.
///
/// ```text
/// # game: klondike
/// # name: Sunday game
/// # saved: 2026-11-27 10:03
/// # rules: draw 3, unlimited passes
/// # moves: draw 7h>5 Ah>f
/// # notes: after the first redeal
/// # Piles 1 to 7, bottom card first; the last card is face up
/// ...
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KlondikeSave {
    pub name: String,
    pub saved: String,
    pub notes: Vec<String>,
    pub game: SavedKlondike,
}

/// The rules a text's `# rules:` header names; the standard ones without it.
pub fn read_rules(text: &str) -> Result<Rules, SavedTextError> {
    header(text, "rules").map_or(Ok(Rules::STANDARD), |words| {
        Rules::from_words(&words).map_err(|error| SavedTextError::value("rules", error))
    })
}

impl KlondikeSave {
    /// The deal at the table's start, when the table is a whole deal as dealt.
    pub fn deal(&self) -> Option<Deal> {
        self.game.table.deal()
    }

    /// The file text: the headers, then the deal one pile a line (`??` for a card not
    /// seen), or a game under way as a position text. `None` for a table that is not of the
    /// whole pack (a reduced deck).
    pub fn to_text(&self) -> Option<String> {
        let table = match self.deal() {
            Some(deal) => deal.to_layout(),
            None => formats::write(&self.game.table, Format::Position).ok()?,
        };
        let mut text = game_header(GameKind::Klondike);
        text.push_str(&format!(
            "# name: {}\n# saved: {}\n{}",
            printable(&self.name),
            printable(&self.saved),
            rules_header(self.game.rules)
        ));
        let words = notation::line_text(&self.game.start(), &self.game.moves);
        let words: Vec<&str> = words.split_whitespace().collect();
        text.push_str(&moves_headers(&words));
        for note in &self.notes {
            text.push_str(&format!("# notes: {}\n", printable(note)));
        }
        text.push_str(&table);
        Some(text)
    }
}

/// The `# rules:` line.
pub fn rules_header(rules: Rules) -> String {
    format!("# rules: {rules}\n")
}

/// The Klondike deal being typed, kept between runs: each slot as typed (in deal order: the
/// piles from pile 1, each bottom card first, then the stock in the order drawn), or a game
/// under way typed as a table; the rules, and the moves played when the slots hold a whole
/// deal or the table a whole pack. The slots or the table need not be valid (a card typed
/// twice stays so, for the editor to show); the moves are kept only when they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KlondikeDraft {
    pub slots: [DraftSlot; DECK_SIZE],
    /// A game under way being typed, in place of the slots: written as a position text.
    pub table: Option<Setup>,
    pub rules: Rules,
    pub moves: Vec<Move>,
}

impl Default for KlondikeDraft {
    fn default() -> KlondikeDraft {
        KlondikeDraft {
            slots: [DraftSlot::Empty; DECK_SIZE],
            table: None,
            rules: Rules::STANDARD,
            moves: Vec::new(),
        }
    }
}

impl KlondikeDraft {
    /// A whole deal with nothing played, under `rules`.
    pub fn from_deal(deal: &Deal, rules: Rules) -> KlondikeDraft {
        KlondikeDraft {
            slots: deal
                .slots()
                .map(|slot| slot.map_or(DraftSlot::Unknown, DraftSlot::Card)),
            table: None,
            rules,
            moves: Vec::new(),
        }
    }

    /// A game under way typed as a table, with the moves played from it, under `rules`.
    pub fn from_table(table: Setup, rules: Rules, moves: Vec<Move>) -> KlondikeDraft {
        KlondikeDraft {
            table: Some(table),
            rules,
            moves,
            ..KlondikeDraft::default()
        }
    }

    /// How many slots are typed, `??` included; for a table, the cards laid out and on the
    /// foundations.
    pub fn typed(&self) -> usize {
        match &self.table {
            Some(table) => {
                let on_foundations: usize = (table.foundations.iter())
                    .map(|top| usize::from(top.rank().value()))
                    .sum();
                table.laid_out().count() + on_foundations
            }
            None => typed_count(&self.slots),
        }
    }

    /// Whether nothing is typed.
    pub fn is_empty(&self) -> bool {
        self.typed() == 0
    }

    /// The deal the slots hold, when every slot is typed and they make a valid deal.
    pub fn deal(&self) -> Option<Deal> {
        Deal::from_slots(&draft_cards(&self.slots)?).ok()
    }

    /// The position the work starts from, when the slots make a deal or the table is a whole
    /// pack without a problem.
    pub fn start(&self) -> Option<Position> {
        match &self.table {
            Some(table) => Position::set_up(table.clone(), self.rules, Pack::Whole).ok(),
            None => self.deal().map(|deal| Position::new(&deal, self.rules)),
        }
    }

    /// The draft text: the `# draft:` line, then the headers and the slots as a save has them.
    pub fn to_text(&self) -> String {
        format!("{DRAFT_LINE}{}", self.body())
    }

    /// The text of an unfinished deal saved under a name; it opens again into the editor.
    pub fn to_named_text(&self, name: &str, saved: &str, notes: &[String]) -> String {
        unfinished_text(&self.body(), name, saved, notes, self.typed(), DECK_SIZE)
    }

    /// The game, rules and moves headers, then the slots one pile a line, or the table as a
    /// position text.
    fn body(&self) -> String {
        let mut text = game_header(GameKind::Klondike);
        text.push_str(&rules_header(self.rules));
        if let Some(mut position) = self.start() {
            // Only the moves that replay: the fields are public, so nothing else checked them.
            let words: Vec<String> = self
                .moves
                .iter()
                .map_while(|&mv| {
                    let word = notation::move_text(&position, mv);
                    position.apply(mv).ok().map(|()| word)
                })
                .collect();
            text.push_str(&moves_headers(&words));
        }
        match &self.table {
            Some(table) => text.push_str(&setup_text(table)),
            None => text.push_str(&drawn(&self.slots.map(DraftSlot::text))),
        }
        text
    }

    /// Reads a draft back, or an unfinished deal saved under a name; `None` when the text is
    /// not one: it must name Klondike in its `# game:` header and hold 52 slots or a table
    /// as a position text. Moves or rules that do not fit are dropped, as the draft is only
    /// what was being typed.
    pub fn parse(text: &str) -> Option<KlondikeDraft> {
        if game_of_text(text) != Ok(GameKind::Klondike) {
            return None;
        }
        let rules = read_rules(text).unwrap_or_default();
        let mut draft = if is_position_text(text) {
            KlondikeDraft::from_table(read_laid_out(text).ok()?, rules, Vec::new())
        } else {
            KlondikeDraft {
                slots: read_draft_slots(text)?,
                rules,
                ..KlondikeDraft::default()
            }
        };
        if let Some(start) = draft.start() {
            draft.moves = read_line(
                &start,
                &headers(text, "moves").join(" "),
                notation::read_move,
            )
            .unwrap_or_default();
        }
        Some(draft)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::klondike::Deal;

    #[test]
    fn moves_on_comment_lines_are_played_in_any_format() {
        let deal = Deal::shuffled(3);
        let table = Table::of_deal(&deal);
        let start = table.start(Rules::default());
        let moves: Vec<Move> = {
            let mut position = start.clone();
            let mut moves = Vec::new();
            for _ in 0..6 {
                let mv = position.legal_moves()[0];
                position.apply(mv).unwrap();
                moves.push(mv);
            }
            moves
        };
        let line = notation::line_text(&start, &moves);
        let (first, rest) = line.split_once(' ').unwrap();
        for format in Format::ALL {
            let written = formats::write(&table, format).unwrap();
            let text = format!("# game: klondike\n# moves: {first}\n{written}# moves: {rest}\n");
            let saved = SavedKlondike::read(&text, None, Rules::default()).unwrap();
            assert_eq!(saved.format, format);
            assert_eq!(saved.moves, moves, "{format}");
            let mut end = start.clone();
            for &mv in &moves {
                end.apply(mv).unwrap();
            }
            assert_eq!(saved.position(), end);
            assert_eq!(saved.game().played(), moves.len());
        }
    }

    #[test]
    fn a_draft_keeps_its_slots_rules_and_moves() {
        let rules = Rules {
            draw: 1,
            passes: crate::games::klondike::Passes::Limited(3),
            ..Rules::STANDARD
        };
        let mut draft = KlondikeDraft::from_deal(&Deal::shuffled(5), rules);
        draft.slots[0] = DraftSlot::Unknown;
        draft.slots[40] = DraftSlot::Unknown;
        let start = Position::new(&draft.deal().unwrap(), rules);
        draft.moves = vec![start.legal_moves()[0]];
        let text = draft.to_text();
        assert!(text.contains("# rules: draw 1, 3 passes\n"), "{text}");
        assert_eq!(KlondikeDraft::parse(&text), Some(draft.clone()));
        // Unfinished: the moves go, the empty slot stays.
        draft.slots[51] = DraftSlot::Empty;
        draft.moves.clear();
        let named = draft.to_named_text("half", "2026-11-27 10:00", &["a note".to_string()]);
        assert!(
            named.starts_with("# game: klondike\n# name: half\n"),
            "{named}"
        );
        assert_eq!(KlondikeDraft::parse(&named), Some(draft));
        assert_eq!(KlondikeDraft::parse("# game: tripeaks\n"), None);
    }

    #[test]
    fn a_draft_of_a_game_under_way_reads_back_as_typed_problems_and_all() {
        let text = include_str!("../../../tests/data/klondike-position-unknowns.txt");
        let table = formats::read(text, None).unwrap();
        let start = table.start(Rules::STANDARD);
        let mut draft = KlondikeDraft::from_table(
            table.setup().clone(),
            Rules::STANDARD,
            vec![start.legal_moves()[0]],
        );
        let written = draft.to_text();
        assert!(written.contains("pile 5: ?? ?? ?? ?? / Qs\n"), "{written}");
        assert_eq!(KlondikeDraft::parse(&written), Some(draft.clone()));
        assert_eq!(draft.typed(), 52);
        // A card twice and a run out of order stay so; the moves go, as nothing plays.
        let mut setup = table.setup().clone();
        setup.piles[0].face_up.push(Some("Qs".parse().unwrap()));
        draft = KlondikeDraft::from_table(setup, Rules::STANDARD, Vec::new());
        assert!(draft.start().is_none());
        assert_eq!(KlondikeDraft::parse(&draft.to_text()), Some(draft));
    }

    #[test]
    fn a_save_reads_back_with_its_rules_and_moves() {
        let rules = Rules {
            draw: 1,
            foundation_to_tableau: false,
            ..Rules::STANDARD
        };
        let text = format!("# game: klondike\n{}", Deal::shuffled(8).to_layout());
        let mut game = SavedKlondike::read(&text, None, rules).unwrap();
        let mut position = game.start();
        for _ in 0..5 {
            let mv = position.legal_moves()[0];
            position.apply(mv).unwrap();
            game.moves.push(mv);
        }
        let save = KlondikeSave {
            name: "Sunday".to_string(),
            saved: "2026-11-27 10:03".to_string(),
            notes: vec!["first".to_string()],
            game,
        };
        let written = save.to_text().unwrap();
        assert_eq!(read_rules(&written), Ok(rules));
        let back = SavedKlondike::read(&written, None, read_rules(&written).unwrap()).unwrap();
        assert_eq!(back, save.game);
        let wrong = written.replace("# rules: draw 1", "# rules: draw 2");
        assert!(
            read_rules(&wrong)
                .unwrap_err()
                .to_string()
                .starts_with("# rules: 'draw 2, "),
            "{wrong}"
        );
    }

    #[test]
    fn a_move_that_cannot_be_played_is_named_with_its_number() {
        let text = format!("# moves: draw Zz>3\n{}", Deal::shuffled(3).to_line());
        let error = SavedKlondike::read(&text, None, Rules::default()).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("# moves: move 2: 'Zz>3' is not a move"),
            "{error}"
        );
    }

    #[test]
    fn a_move_that_cannot_be_played_is_found_in_the_text() {
        let deal = Deal::shuffled(3);
        let mut text = formats::write(&Table::of_deal(&deal), Format::Layout).expect("a deal");
        text.push_str("# moves: draw  draw\n#moves:\tdraw  Zz>9 draw\n");
        let error = SavedKlondike::read(&text, None, Rules::default()).expect_err("Zz is no card");
        let SavedError::Move { number, at, .. } = error else {
            panic!("{error}");
        };
        assert_eq!(number, 4);
        let line = text.lines().count();
        assert_eq!(at, TextPos { line, column: 15 });
    }
}

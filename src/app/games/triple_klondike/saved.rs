//! Triple Klondike's files in the app: a save and the draft are the contest's deal under `#`
//! headers, the line found written on `# moves:` lines in the contest's notation, so that
//! `pyramid solve FILE` reads them too (it solves from where the line ends). A text without
//! `# moves:` is a deal with no line yet.

use solitaire::GameKind;
use solitaire::engine::game::OpenError;
use solitaire::engine::headers::{
    DRAFT_LINE, game_header, game_of_text, hash_lines_blanked, headers, moves_headers, printable,
    saved_date, saved_name,
};
use solitaire::games::triple_klondike::game;
use solitaire::games::triple_klondike::notation::move_text;
use solitaire::games::triple_klondike::{Deal, Move, Position, Rules};

use crate::app::effects::Written;
use crate::app::session::KeptWork;
use crate::store::{self, Folders};

/// The rules the app plays: the contest's.
pub const RULES: Rules = Rules::CONTEST;

/// A deal, the position it starts, and the line found from there (empty before a search).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub deal: Deal,
    pub start: Position,
    pub line: Vec<Move>,
}

impl Table {
    /// A deal and its line read from a text in the contest's format (with `# moves:` lines
    /// for the line), or what keeps it from being one.
    pub fn read(text: &str) -> Result<Table, OpenError> {
        let played = game::read(text, RULES)?;
        let deal = Deal::read(&hash_lines_blanked(text), RULES)
            .map_err(|problems| OpenError::Text(problems.to_string()))?;
        Ok(Table {
            deal,
            start: played.start,
            line: played.moves,
        })
    }

    /// The `# moves:` lines of the line and the deal, under the game's header.
    fn body(&self) -> String {
        let words: Vec<String> = self.line.iter().map(|&mv| move_text(mv)).collect();
        format!("{}{}", moves_headers(&words), self.deal.to_text())
    }
}

/// A Triple Klondike game saved from the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TripleKlondikeSave {
    pub name: String,
    pub saved: String,
    pub notes: Vec<String>,
    pub table: Table,
}

impl TripleKlondikeSave {
    /// Reads a save, or a deal at its start; a text without a `# name:` is named `stem`.
    pub fn read(text: &str, stem: &str) -> Result<TripleKlondikeSave, OpenError> {
        Ok(TripleKlondikeSave {
            name: saved_name(text, stem),
            saved: saved_date(text),
            notes: headers(text, "notes"),
            table: Table::read(text)?,
        })
    }

    /// The save's text: the game, its name, date and notes, the line, then the deal.
    pub fn to_text(&self) -> String {
        let mut text = game_header(GameKind::TripleKlondike);
        text.push_str(&format!(
            "# name: {}\n# saved: {}\n",
            printable(&self.name),
            printable(&self.saved)
        ));
        for note in &self.notes {
            text.push_str(&format!("# notes: {}\n", printable(note)));
        }
        text.push_str(&self.table.body());
        text.push('\n');
        text
    }
}

/// Saves a game under its name, never over another game: a file of that name holding
/// anything but the same deal is kept, and the new one gets a numbered name.
pub fn save(folders: &Folders, saved: &TripleKlondikeSave) -> Written {
    store::save_named(folders, &saved.name, &saved.to_text(), |existing| {
        game_of_text(existing) == Ok(GameKind::TripleKlondike)
            && Table::read(existing).is_ok_and(|old| old.deal == saved.table.deal)
    })
}

/// The work the draft keeps: the deal, if there is one, and the line found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TripleKlondikeDraft {
    pub table: Option<Table>,
}

impl TripleKlondikeDraft {
    /// Reads a draft back; `None` when the text is not a Triple Klondike deal.
    pub fn parse(text: &str) -> Option<TripleKlondikeDraft> {
        if game_of_text(text) != Ok(GameKind::TripleKlondike) {
            return None;
        }
        Some(TripleKlondikeDraft {
            table: Some(Table::read(text).ok()?),
        })
    }
}

impl KeptWork for TripleKlondikeDraft {
    fn to_text(&self) -> String {
        let body = self
            .table
            .as_ref()
            .map_or_else(String::new, |table| format!("{}\n", table.body()));
        format!(
            "{DRAFT_LINE}{}{body}",
            game_header(GameKind::TripleKlondike)
        )
    }

    fn deal_only(&self) -> TripleKlondikeDraft {
        TripleKlondikeDraft {
            table: self.table.as_ref().map(|table| Table {
                line: Vec::new(),
                ..table.clone()
            }),
        }
    }

    fn typed(&self) -> usize {
        self.table
            .as_ref()
            .map_or(0, |table| table.deal.cards().len())
    }

    fn moves(&self) -> usize {
        self.table.as_ref().map_or(0, |table| table.line.len())
    }

    fn is_empty(&self) -> bool {
        self.table.is_none()
    }

    /// A deal is opened whole, never typed card by card: under a name, the draft is a save.
    fn named_text(&self, name: &str, saved: &str, notes: &[String]) -> String {
        self.table.as_ref().map_or_else(
            || game_header(GameKind::TripleKlondike),
            |table| {
                TripleKlondikeSave {
                    name: name.to_string(),
                    saved: saved.to_string(),
                    notes: notes.to_vec(),
                    table: table.clone(),
                }
                .to_text()
            },
        )
    }

    fn same_unfinished(&self, text: &str) -> bool {
        game_of_text(text) == Ok(GameKind::TripleKlondike)
            && self
                .table
                .as_ref()
                .is_some_and(|table| Table::read(text).is_ok_and(|old| old.deal == table.deal))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(seed: u64) -> Table {
        Table::read(&Deal::shuffled(seed, RULES).to_text()).expect("a deal")
    }

    #[test]
    fn a_save_with_its_line_reads_back_as_it_was() {
        let mut table = table(3);
        let mut position = table.start.clone();
        for _ in 0..5 {
            let mv = position.legal_moves()[0];
            position.apply(mv).expect("a legal move");
            table.line.push(mv);
        }
        let saved = TripleKlondikeSave {
            name: "Sunday\u{1b} line".to_string(),
            saved: "2026-11-27 12:00".to_string(),
            notes: vec!["first try".to_string()],
            table,
        };
        let text = saved.to_text();
        assert!(text.starts_with("# game: triple-klondike\n"), "{text}");
        assert!(text.contains("# moves: "), "{text}");
        let read = TripleKlondikeSave::read(&text, "stem").expect("it reads back");
        assert_eq!(read.table, saved.table);
        assert_eq!(read.name, "Sunday line");
        assert_eq!(read.notes, saved.notes);
    }

    #[test]
    fn a_draft_keeps_the_deal_and_the_line_and_refuses_other_games() {
        let draft = TripleKlondikeDraft {
            table: Some(table(4)),
        };
        let text = draft.to_text();
        assert_eq!(TripleKlondikeDraft::parse(&text), Some(draft.clone()));
        assert_eq!(draft.typed(), 156);
        assert!(TripleKlondikeDraft::parse(&text.replace("triple-klondike", "klondike")).is_none());
        assert!(TripleKlondikeDraft::default().is_empty());
    }
}

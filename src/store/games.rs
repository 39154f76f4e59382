//! TriPeaks' saves: a game or an unfinished deal saved beside the Pyramid ones, told apart by
//! the `# game:` header its file has.
//! Names are claimed and files written as for Pyramid's (see the parent module): never over
//! another game.

use std::path::{Path, PathBuf};

use super::{Folders, SavedTriPeaks, StorageError, TriPeaksDraft, claim_name, now_text};
use crate::store::text_file;
use solitaire::GameKind;
use solitaire::cards::deal::{DECK_SIZE, Deal};
use solitaire::engine::headers::game_of_text;

/// Saves a TriPeaks game under its name, never over another game: a file of that name
/// holding anything else is kept and the new one gets a numbered name (`-2`, ...). A file
/// holding the same deal is replaced, as saving again after playing on is meant to, also when
/// cards unknown there have been seen since. Returns the path written.
pub fn save_tripeaks(folders: &Folders, saved: &SavedTriPeaks) -> Result<PathBuf, StorageError> {
    claim_name(folders, &saved.name, &saved.to_text(), |path| {
        read_tripeaks(path)
            .and_then(|text| SavedTriPeaks::parse(&text, "").ok())
            .is_some_and(|existing| seen_more_of(&existing.deal, &saved.deal))
    })
}

/// Saves an unfinished TriPeaks deal under a name, in the draft format, never over another
/// file; the same unfinished deal saved again may go over itself. Returns the path written.
pub fn save_unfinished_tripeaks(
    folders: &Folders,
    name: &str,
    notes: &[String],
    draft: &TriPeaksDraft,
) -> Result<PathBuf, StorageError> {
    let text = draft.to_named_text(name, &now_text(), notes);
    claim_name(folders, name, &text, |path| {
        read_tripeaks(path)
            .and_then(|text| TriPeaksDraft::parse(&text))
            .is_some_and(|old| old.slots == draft.slots)
    })
}

/// The text of a file that names TriPeaks in its `# game:` header; `None` for anything else,
/// a plain deal without the header included, which is Pyramid's.
fn read_tripeaks(path: &Path) -> Option<String> {
    text_file::read_path(path)
        .ok()
        .filter(|text| game_of_text(text) == Ok(GameKind::TriPeaks))
}

/// Whether `new` is the deal `old` is, with perhaps more of its cards seen: each card known
/// in `old` is at its place in `new`.
fn seen_more_of(old: &Deal, new: &Deal) -> bool {
    (0..DECK_SIZE).all(|slot| old.card(slot).is_none() || old.card(slot) == new.card(slot))
}

//! Saved games and the folders they live in.
//!
//! A save is the plain deal text people type under a few `#` header lines (see
//! [`solitaire::games::saved_game`] and, for TriPeaks, [`solitaire::games::tripeaks::saved`]), so `pyramid
//! solve` and other Pyramid solvers read it as it is; its `# game:` header says which game it
//! is. Every write goes to a new temporary file in the same folder (created exclusively,
//! under a random name) and is then renamed to its name, so a crash mid-write never leaves
//! half a save. A save never replaces another deal, even when two programs save under one
//! name at once. The deal being typed, of either game, is kept in the same way after each
//! change as the draft of the app running (see [`draft`]).

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use atomic_write::{
    RANDOM_CHARS, TEMP_PREFIX, TEMP_SUFFIX, folder_of, make_folder, sync_folder, temporary,
};
use solitaire::GameKind;
use solitaire::cards::deal::DECK_SIZE;
use solitaire::cards::excerpt::shown_path;
use solitaire::engine::headers::game_of_text;
use text_file::TextFileError;

pub use crate::app::games::{GameDraft, SavedGame};
pub use solitaire::engine::headers::{printable, saved_date, saved_name};
pub use solitaire::games::pyramid::saved::{Draft, SavedDeal, Verdict};
pub use solitaire::games::tripeaks::saved::{SavedTriPeaks, TriPeaksDraft};

pub mod atomic_write;
pub mod draft;
pub mod games;
pub mod text_file;

pub use draft::{DraftFile, DraftName, Drafts, claim_draft};
pub use games::{save_tripeaks, save_unfinished_tripeaks};

/// What the app says of a Klondike deal, which it does not play yet (in the Open list, and
/// for a file given to it): the commands that do.
pub const KLONDIKE_NOT_IN_APP: &str = "Klondike is not in the app yet: the commands solve, \
     hint, validate and batch take it (pyramid solve --game klondike FILE)";

/// The games the commands play and the app does not yet, for `--game`'s help.
pub const GAMES_NOT_IN_APP: &str =
    "Klondike is played by solve, hint, validate, batch and stats, not yet by the app";

/// The folders the app reads and writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Folders {
    /// User saves and the draft.
    pub saves: PathBuf,
    /// User themes live in `themes/` under it.
    pub config: PathBuf,
}

impl Folders {
    /// The platform folders (`directories`), unless overridden.
    pub fn locate(saves: Option<PathBuf>, config: Option<PathBuf>) -> Folders {
        let dirs = directories::ProjectDirs::from("", "", "pyramid");
        let fallback = || PathBuf::from(".pyramid");
        Folders {
            saves: saves.unwrap_or_else(|| {
                dirs.as_ref()
                    .map_or_else(fallback, |d| d.data_dir().join("saves"))
            }),
            config: config.unwrap_or_else(|| {
                dirs.as_ref()
                    .map_or_else(fallback, |d| d.config_dir().to_path_buf())
            }),
        }
    }

    /// Where user themes are looked for.
    pub fn themes(&self) -> PathBuf {
        self.config.join("themes")
    }

    /// The preferences file: the theme last chosen, and so on.
    pub fn preferences(&self) -> PathBuf {
        self.config.join("config.toml")
    }

    /// Where the drafts are, one for each app running (see [`draft`]): a pattern to show.
    pub fn drafts(&self) -> PathBuf {
        self.saves.join(".draft-*.txt")
    }
}

/// Why a file could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("cannot write {}: {source}", shown_path(path))]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot read {}: {source}", shown_path(path))]
    Read {
        path: PathBuf,
        source: TextFileError,
    },
    #[error("{}: {reason}", shown_path(path))]
    Invalid { path: PathBuf, reason: String },
    #[error("cannot delete {}: {source}", shown_path(path))]
    Delete {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "cannot save in {}: every name from {stem} to {stem}-{MAX_NUMBER} is taken",
        shown_path(folder)
    )]
    NoFreeName { folder: PathBuf, stem: String },
    #[error(
        "cannot write {}: its text would take {bytes} bytes, more than the {} (1 MiB) a \
         saved game or a draft is read back with",
        shown_path(path),
        text_file::MAX_BYTES
    )]
    TooLarge { path: PathBuf, bytes: usize },
}

/// Refuses to write what could not be read back: the text of a save or a draft is held to
/// the limit the reader has ([`text_file::MAX_BYTES`]), before anything is written.
fn readable_size(path: &Path, text: &str) -> Result<(), StorageError> {
    if text.len() as u64 > text_file::MAX_BYTES {
        return Err(StorageError::TooLarge {
            path: path.to_path_buf(),
            bytes: text.len(),
        });
    }
    Ok(())
}

/// Writes a file so that it is either the old content or the new, never half of one, through
/// the one safe writer ([`atomic_write`]). This replaces the file at `path`: it is for the
/// draft, the one file replaced on purpose.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), StorageError> {
    atomic_write::write_atomically(path, text).map_err(|source| StorageError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// How long a temporary file may sit before it counts as left by a run that was killed: far
/// longer than any save takes, so another instance's file being written is never removed.
const STALE_AFTER: Duration = Duration::from_secs(600);

/// Removes the temporary files that runs killed mid-save left in the saves folder: only files
/// named as this program names them, so a user's own `.notes.tmp` is never touched. Nothing
/// here is worth a message: a file that cannot be removed is simply tried again next time.
pub fn remove_stale_temporaries(folders: &Folders) {
    let Ok(entries) = fs::read_dir(&folders.saves) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if has_random_name(&name.to_string_lossy(), TEMP_PREFIX, TEMP_SUFFIX) && is_stale(&entry) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Whether a file name is one we give with `tempfile`: `prefix`, exactly [`RANDOM_CHARS`]
/// ASCII letters and digits (as `tempfile` draws them), `suffix`.
fn has_random_name(name: &str, prefix: &str, suffix: &str) -> bool {
    name.strip_prefix(prefix)
        .and_then(|rest| rest.strip_suffix(suffix))
        .is_some_and(|random| {
            random.len() == RANDOM_CHARS && random.bytes().all(|b| b.is_ascii_alphanumeric())
        })
}

/// Whether a folder entry is a regular file (not a link) untouched for [`STALE_AFTER`].
fn is_stale(entry: &fs::DirEntry) -> bool {
    entry
        .metadata()
        .ok()
        .filter(fs::Metadata::is_file)
        .and_then(|meta| meta.modified().ok())
        .and_then(|modified| modified.elapsed().ok())
        .is_some_and(|age| age > STALE_AFTER)
}

/// Where a listed deal comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A user save, at this path.
    User(PathBuf),
    /// An example shipped with the program.
    Example,
}

/// What a listed Pyramid file holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Holds {
    /// A whole deal, with how far its game went.
    Game(SavedDeal),
    /// A deal saved before all its cards were typed.
    Unfinished(Unfinished),
}

impl Holds {
    /// The deal's name, from its header or else its file.
    pub fn name(&self) -> &str {
        match self {
            Holds::Game(saved) => &saved.name,
            Holds::Unfinished(unfinished) => &unfinished.name,
        }
    }

    /// When it was saved, as the header says; empty when it does not.
    pub fn saved(&self) -> &str {
        match self {
            Holds::Game(saved) => &saved.saved,
            Holds::Unfinished(unfinished) => &unfinished.saved,
        }
    }
}

/// What a listed TriPeaks file holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TriPeaksHolds {
    /// A whole deal, perhaps with cards not seen yet (`??`), and the moves played.
    Game(SavedTriPeaks),
    /// A deal saved before all its cards were typed.
    Unfinished(Unfinished),
}

impl TriPeaksHolds {
    /// The deal's name, from its header or else its file.
    pub fn name(&self) -> &str {
        match self {
            TriPeaksHolds::Game(saved) => &saved.name,
            TriPeaksHolds::Unfinished(unfinished) => &unfinished.name,
        }
    }

    /// When it was saved, as the header says; empty when it does not.
    pub fn saved(&self) -> &str {
        match self {
            TriPeaksHolds::Game(saved) => &saved.saved,
            TriPeaksHolds::Unfinished(unfinished) => &unfinished.saved,
        }
    }
}

/// What a listed file holds, by game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameHolds {
    Pyramid(Holds),
    TriPeaks(TriPeaksHolds),
}

/// An unfinished deal saved under a name (the draft format, `..` for an empty slot).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unfinished {
    pub name: String,
    pub saved: String,
    /// How many of the 52 cards are typed (for TriPeaks, `??` included).
    pub typed: usize,
    /// The file's text: the editor reads it as it reads `pyramid FILE`.
    pub text: String,
}

/// An entry of the open dialog, of either game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub holds: GameHolds,
    pub origin: Origin,
}

impl Listed {
    /// The game the file holds.
    pub fn game(&self) -> GameKind {
        match self.holds {
            GameHolds::Pyramid(_) => GameKind::Pyramid,
            GameHolds::TriPeaks(_) => GameKind::TriPeaks,
        }
    }

    /// The deal's name, from its header or else its file.
    pub fn name(&self) -> &str {
        match &self.holds {
            GameHolds::Pyramid(holds) => holds.name(),
            GameHolds::TriPeaks(holds) => holds.name(),
        }
    }

    /// When it was saved, as the header says; empty when it does not.
    pub fn saved(&self) -> &str {
        match &self.holds {
            GameHolds::Pyramid(holds) => holds.saved(),
            GameHolds::TriPeaks(holds) => holds.saved(),
        }
    }
}

/// The example deals from `saved-games/`, built into the program so they are there wherever
/// it is installed.
const EXAMPLES: [(&str, &str); 9] = [
    (
        "winnable-40-steps",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/winnable-40-steps.txt"
        )),
    ),
    (
        "shortest-15-steps",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/shortest-15-steps.txt"
        )),
    ),
    (
        "hard-no-solution",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/hard-no-solution.txt"
        )),
    ),
    (
        "no-solution-2d-under-four-jacks",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/no-solution-2d-under-four-jacks.txt"
        )),
    ),
    (
        "game-in-progress",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/game-in-progress.txt"
        )),
    ),
    (
        "one-pass-relaxed",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/one-pass-relaxed.txt"
        )),
    ),
    (
        "tripeaks-clears-43-steps",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/tripeaks-clears-43-steps.txt"
        )),
    ),
    (
        "tripeaks-cannot-clear",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/tripeaks-cannot-clear.txt"
        )),
    ),
    (
        "tripeaks-as-dealt",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/tripeaks-as-dealt.txt"
        )),
    ),
];

/// The shipped examples, Pyramid's then TriPeaks'.
pub fn examples() -> Vec<Listed> {
    EXAMPLES
        .iter()
        .filter_map(|(name, text)| holds_of(text, name).ok())
        .map(|holds| Listed {
            holds,
            origin: Origin::Example,
        })
        .collect()
}

/// The user's saves of both games, newest first, then the examples. Files that are not deals
/// are reported by name rather than hidden, so a hand-edited save that broke is noticed. Each
/// file is looked at before it is read: what is not a regular file of at most 1 MiB is
/// reported without being opened, so no FIFO, device or huge file holds the listing up.
pub fn list(folders: &Folders) -> (Vec<Listed>, Vec<String>) {
    let mut listed = Vec::new();
    let mut broken = Vec::new();
    if let Ok(entries) = fs::read_dir(&folders.saves) {
        for entry in entries.flatten() {
            let path = entry.path();
            let hidden = entry.file_name().to_string_lossy().starts_with('.');
            if hidden || path.extension().is_none_or(|e| e != "txt") {
                continue;
            }
            // The dialog shows the saves folder, so the file name says which file is meant.
            let name = entry.file_name().to_string_lossy().into_owned();
            let holds = text_file::read_path(&path)
                .map_err(|source| format!("cannot read: {source}"))
                .and_then(|text| holds_of(&text, &file_stem_of(&path)));
            match holds {
                Ok(holds) => listed.push(Listed {
                    holds,
                    origin: Origin::User(path),
                }),
                Err(reason) => broken.push(format!("{name}: {reason}")),
            }
        }
    }
    listed.sort_by(|a, b| (b.saved(), a.name()).cmp(&(a.saved(), b.name())));
    listed.extend(examples());
    broken.sort();
    (listed, broken)
}

/// The Pyramid entries of [`list`], and the files that cannot be opened: the listing
/// as it was before TriPeaks, which the app's tests still read.
/// What a save's text holds, by the game its `# game:` header names: a whole game the app
/// takes, or else an unfinished deal; otherwise why it is neither, as a whole game's reader
/// says.
fn holds_of(text: &str, fallback_name: &str) -> Result<GameHolds, String> {
    let unfinished = |typed: Option<usize>| {
        typed
            .filter(|&typed| typed < DECK_SIZE)
            .map(|typed| Unfinished {
                name: saved_name(text, fallback_name),
                saved: saved_date(text),
                typed,
                text: text.to_string(),
            })
    };
    match game_of_text(text).map_err(|problem| format!("# game: {problem}"))? {
        GameKind::Pyramid => match SavedDeal::parse(text, fallback_name)
            .map_err(|error| error.to_string())
            .and_then(|saved| app_takes(&saved).map(|()| saved))
        {
            Ok(saved) => Ok(Holds::Game(saved)),
            Err(reason) => {
                let typed = Draft::parse(text).map(|draft| draft.slots.iter().flatten().count());
                unfinished(typed).map(Holds::Unfinished).ok_or(reason)
            }
        }
        .map(GameHolds::Pyramid),
        GameKind::TriPeaks => {
            match SavedTriPeaks::parse(text, fallback_name).map_err(|error| error.to_string()) {
                Ok(saved) => Ok(TriPeaksHolds::Game(saved)),
                Err(reason) => {
                    let typed = TriPeaksDraft::parse(text).map(|draft| draft.typed());
                    unfinished(typed)
                        .map(TriPeaksHolds::Unfinished)
                        .ok_or(reason)
                }
            }
            .map(GameHolds::TriPeaks)
        }
        GameKind::Klondike => Err(crate::store::KLONDIKE_NOT_IN_APP.to_string()),
    }
}

/// A file's name without its folder and extension: the name of a save without a `# name:`.
fn file_stem_of(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into())
}

/// Removes a save the user chose to delete.
pub fn delete(path: &Path) -> Result<(), StorageError> {
    fs::remove_file(path).map_err(|source| StorageError::Delete {
        path: path.to_path_buf(),
        source,
    })?;
    sync_folder(folder_of(path)).map_err(|source| StorageError::Delete {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads one Pyramid save; another game's is refused, as are unknown cards (see
/// [`app_takes`]).
pub fn load(path: &Path) -> Result<SavedDeal, StorageError> {
    let text = text_file::read_path(path).map_err(|source| StorageError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    SavedDeal::parse(&text, &file_stem_of(path))
        .map_err(|error| error.to_string())
        .and_then(|saved| app_takes(&saved).map(|()| saved))
        .map_err(|reason| StorageError::Invalid {
            path: path.to_path_buf(),
            reason,
        })
}

/// Whether the app can show a saved Pyramid game: not yet one with unknown cards (`??`), whose
/// stand-in cards it would show as known; `pyramid solve` answers those. TriPeaks games
/// with unknown cards are taken.
pub fn app_takes(saved: &SavedDeal) -> Result<(), String> {
    if saved.deal.has_unknown() {
        return Err(
            "it has unknown cards (??), which the app does not show yet: `pyramid solve FILE` \
             solves it and plans how to reveal them"
                .to_string(),
        );
    }
    Ok(())
}

/// Saves a deal under its name. A file of that name holding another deal is kept: the new one
/// gets a numbered name instead. Returns the path written.
///
/// The name is claimed atomically (a rename that never replaces), so two programs saving
/// under one name at once both keep their game: the second gets `-2`. A file that holds the
/// same deal is replaced, as saving again after playing on is meant to.
pub fn save(folders: &Folders, saved: &SavedDeal) -> Result<PathBuf, StorageError> {
    claim_name(folders, &saved.name, &saved.to_text(), |path| {
        load(path).is_ok_and(|existing| existing.deal == saved.deal)
    })
}

/// Saves an unfinished deal under a name, in the draft format, never over another file; the
/// same unfinished deal saved again may go over itself. Returns the path written.
pub fn save_unfinished(
    folders: &Folders,
    name: &str,
    notes: &[String],
    draft: &Draft,
) -> Result<PathBuf, StorageError> {
    let text = draft.to_named_text(name, &now_text(), notes);
    claim_name(folders, name, &text, |path| {
        text_file::read_path(path)
            .ok()
            .and_then(|existing| Draft::parse(&existing))
            .is_some_and(|old| old.slots == draft.slots)
    })
}

/// Writes `text` under the first free file name for `name` (`NAME.txt`, `NAME-2.txt`, ...),
/// or over a file that `holds_the_same` says keeps the same game.
///
/// The name is claimed atomically (a rename that never replaces), so two programs saving
/// under one name at once both keep their game: the second gets `-2`.
fn claim_name(
    folders: &Folders,
    name: &str,
    text: &str,
    holds_the_same: impl Fn(&Path) -> bool,
) -> Result<PathBuf, StorageError> {
    let stem = file_stem(name);
    readable_size(&folders.saves.join(format!("{stem}.txt")), text)?;
    let error = |path: &Path, source| StorageError::Write {
        path: path.to_path_buf(),
        source,
    };
    let mut temp =
        temporary(&folders.saves, text).map_err(|source| error(&folders.saves, source))?;
    for number in 1..=MAX_NUMBER {
        let name = if number == 1 {
            format!("{stem}.txt")
        } else {
            format!("{stem}-{number}.txt")
        };
        let path = folders.saves.join(name);
        match temp.persist_noclobber(&path) {
            Ok(_) => {
                sync_folder(&folders.saves).map_err(|source| error(&folders.saves, source))?;
                return Ok(path);
            }
            Err(taken) if taken.error.kind() == std::io::ErrorKind::AlreadyExists => {
                temp = taken.file;
            }
            Err(failed) => return Err(error(&path, failed.error)),
        }
        // Taken: replace it only when it holds this very game. Anything unreadable there is
        // left alone and the next number is tried.
        if holds_the_same(&path) {
            temp.persist(&path).map_err(|e| error(&path, e.error))?;
            sync_folder(&folders.saves).map_err(|source| error(&folders.saves, source))?;
            return Ok(path);
        }
    }
    Err(StorageError::NoFreeName {
        folder: folders.saves.clone(),
        stem,
    })
}

/// The most numbered files one name gets before saving gives up and says so.
const MAX_NUMBER: u32 = 10_000;

/// The longest file stem, in bytes: file systems take 255 bytes a name, and the number and
/// `.txt` still need room. The full name is kept inside the file.
const MAX_STEM_BYTES: usize = 100;

/// A file name from a deal name: letters, digits and dashes, at most [`MAX_STEM_BYTES`].
fn file_stem(name: &str) -> String {
    let mut stem = String::new();
    for c in name.trim().chars() {
        if c.is_alphanumeric() {
            stem.extend(c.to_lowercase());
        } else if !stem.ends_with('-') && !stem.is_empty() {
            stem.push('-');
        }
        if stem.len() > MAX_STEM_BYTES {
            break;
        }
    }
    let mut end = stem.len().min(MAX_STEM_BYTES);
    while !stem.is_char_boundary(end) {
        end -= 1;
    }
    let stem = stem[..end].trim_end_matches('-');
    if stem.is_empty() {
        "deal".to_string()
    } else {
        stem.to_string()
    }
}

/// Now, as `YYYY-MM-DD HH:MM` in UTC.
pub fn now_text() -> String {
    let seconds = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    timestamp_text(seconds)
}

/// Seconds since 1970 as `YYYY-MM-DD HH:MM` (UTC), by the civil-from-days algorithm.
fn timestamp_text(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64;
    let minutes = seconds % 86_400 / 60;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        minutes / 60,
        minutes % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads one save of either game. A Pyramid game with unknown cards is refused as
    /// [`load`] refuses it; a TriPeaks one is taken.
    fn load_game(path: &Path) -> Result<SavedGame, StorageError> {
        let text = text_file::read_path(path).map_err(|source| StorageError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        SavedGame::parse(&text, &file_stem_of(path))
            .and_then(|saved| match &saved {
                SavedGame::Pyramid(pyramid) => app_takes(pyramid).map(|()| saved),
                SavedGame::TriPeaks(_) => Ok(saved),
            })
            .map_err(|reason| StorageError::Invalid {
                path: path.to_path_buf(),
                reason,
            })
    }

    use solitaire::Deal;
    use solitaire::cards::deal::DECK_SIZE;
    use solitaire::games::pyramid::Midgame;

    fn folders(dir: &Path) -> Folders {
        Folders {
            saves: dir.join("saves"),
            config: dir.join("config"),
        }
    }

    fn example() -> SavedDeal {
        game(examples().remove(0))
    }

    /// The first example played on under unlimited passes, drawing through the stock and
    /// recycling, until its text is over the reader's limit: a game that can be played, and
    /// saved, but not read back.
    pub(super) fn too_long_to_read_back() -> SavedDeal {
        use solitaire::games::pyramid::{Move, Passes};
        let mut saved = example();
        saved.rules.passes = Passes::Unlimited;
        let round = std::iter::repeat_n(Move::Draw, 24).chain([Move::Recycle]);
        saved.moves = round.cycle().take(25 * 8_500).collect();
        assert!(saved.to_text().len() as u64 > text_file::MAX_BYTES);
        saved
    }

    /// A draft with no card typed, at the start, under MSC's rules.
    fn empty_draft() -> Draft {
        Draft {
            slots: [None; DECK_SIZE],
            midgame: Midgame::default(),
            moves: Vec::new(),
            goal: solitaire::games::pyramid::Goal::Board,
            rules: solitaire::games::pyramid::Rules::default(),
        }
    }

    /// The saved game a listed entry holds.
    fn game(listed: Listed) -> SavedDeal {
        match listed.holds {
            GameHolds::Pyramid(Holds::Game(saved)) => saved,
            holds => panic!("a whole Pyramid game, not {holds:?}"),
        }
    }

    #[test]
    fn an_unfinished_save_is_listed_to_open_and_not_as_broken() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        let mut draft = empty_draft();
        for (slot, card) in draft.slots.iter_mut().zip(["Kd", "7s", "Ah"]) {
            *slot = Some(card.parse().unwrap());
        }
        let path = save_unfinished(&folders, "Half way", &[], &draft).unwrap();
        let (listed, broken) = list(&folders);
        assert!(broken.is_empty(), "{broken:?}");
        let first = &listed[0];
        assert_eq!(first.origin, Origin::User(path));
        assert_eq!(first.name(), "Half way");
        assert!(!first.saved().is_empty());
        let GameHolds::Pyramid(Holds::Unfinished(unfinished)) = &first.holds else {
            panic!("listed as unfinished: {first:?}")
        };
        assert_eq!(unfinished.typed, 3);
        assert_eq!(Draft::parse(&unfinished.text), Some(draft));
        assert_eq!(listed.len(), 1 + examples().len());
    }

    #[test]
    fn dates_are_civil_dates() {
        assert_eq!(timestamp_text(0), "1970-01-01 00:00");
        assert_eq!(
            timestamp_text(951_782_400 + 3_600 + 120),
            "2000-02-29 01:02"
        );
        assert_eq!(timestamp_text(1_795_219_200), "2026-11-21 00:00");
    }

    #[test]
    fn a_save_reads_back_and_other_solvers_read_it_as_a_plain_deal() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        let mut saved = example();
        saved.name = "Tuesday's game!".to_string();
        saved.verdict = Verdict::Solved(40);
        let path = save(&folders, &saved).unwrap();
        assert_eq!(path.file_name().unwrap(), "tuesday-s-game.txt");
        assert_eq!(load(&path).unwrap(), saved);
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(Deal::parse(&text).unwrap(), saved.deal);
    }

    #[test]
    fn saving_never_overwrites_another_deal() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        let mut all = examples();
        let mut first = game(all.remove(0));
        let mut second = game(all.remove(0));
        first.name = "game".to_string();
        second.name = "game".to_string();
        let a = save(&folders, &first).unwrap();
        let b = save(&folders, &second).unwrap();
        assert_ne!(a, b);
        assert_eq!(load(&a).unwrap().deal, first.deal);
        // The same deal again replaces its own file.
        first.verdict = Verdict::NoSolution;
        assert_eq!(save(&folders, &first).unwrap(), a);
        assert_eq!(load(&a).unwrap().verdict, Verdict::NoSolution);
    }

    #[test]
    fn listing_shows_saves_then_examples_and_names_broken_files() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        save(&folders, &example()).unwrap();
        fs::write(folders.saves.join("broken.txt"), "Ah Ah").unwrap();
        let (listed, broken) = list(&folders);
        assert_eq!(listed.len(), 1 + EXAMPLES.len());
        assert!(matches!(listed[0].origin, Origin::User(_)));
        assert_eq!(broken.len(), 1);
        assert!(broken[0].contains("broken.txt"), "{broken:?}");
    }

    #[test]
    fn a_saves_folder_that_is_a_file_is_named_so() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("not-a-folder");
        fs::write(&file, "x").unwrap();
        let folders = Folders {
            saves: file.clone(),
            ..folders(dir.path())
        };
        let error = save(&folders, &example()).unwrap_err().to_string();
        assert!(error.contains("is a file, not a folder"), "{error}");
        assert_eq!(fs::read_to_string(&file).unwrap(), "x");
    }

    #[test]
    fn a_text_that_is_not_a_deal_is_named_so_once() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        fs::create_dir_all(&folders.saves).unwrap();
        let prose = "These words are not cards at all. ".repeat(20);
        fs::write(folders.saves.join("prose.txt"), prose).unwrap();
        let (_, broken) = list(&folders);
        assert_eq!(broken.len(), 1);
        assert_eq!(broken[0].matches("not a deal").count(), 1, "{broken:?}");
    }

    #[test]
    fn drafts_keep_empty_slots_and_an_empty_deal_removes_the_draft() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        let mut draft = empty_draft();
        draft.slots[0] = Some("Kd".parse().unwrap());
        draft.slots[51] = Some("2c".parse().unwrap());
        assert_eq!(
            kept_then_restored(&folders, &GameDraft::Pyramid(draft.clone()), None),
            Some((GameDraft::Pyramid(draft.clone()), None))
        );
        let mut file = claim_draft(&folders).file;
        let path = file.path().unwrap().to_path_buf();
        draft.slots = [None; DECK_SIZE];
        file.store(text_of(&GameDraft::Pyramid(draft.clone())).as_deref(), None)
            .unwrap();
        assert!(!path.exists());
        drop(file);
        assert_eq!(claim_draft(&folders).drafts.restored, None);
    }

    /// A draft's text as the app keeps it: none when nothing is typed.
    pub(super) fn text_of(draft: &GameDraft) -> Option<String> {
        (!draft.is_empty()).then(|| draft.to_text())
    }

    /// Keeps `draft` as an app does, ends that app, and gives what the next app started
    /// restores: the work and its name.
    pub(super) fn kept_then_restored(
        folders: &Folders,
        draft: &GameDraft,
        name: Option<&DraftName>,
    ) -> Option<(GameDraft, Option<DraftName>)> {
        let mut file = claim_draft(folders).file;
        file.store(text_of(draft).as_deref(), name).unwrap();
        drop(file);
        claim_draft(folders)
            .drafts
            .restored
            .map(|restored| (restored.draft, restored.name))
    }

    #[test]
    fn a_game_too_long_to_be_read_back_is_not_saved_and_the_save_it_would_replace_stays() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        let long = too_long_to_read_back();
        let mut short = long.clone();
        short.moves.truncate(25 * 4);
        let path = save(&folders, &short).unwrap();
        let before = fs::read(&path).unwrap();
        let error = save(&folders, &long).unwrap_err();
        assert!(matches!(error, StorageError::TooLarge { .. }), "{error}");
        let message = error.to_string();
        assert!(message.contains(&path.display().to_string()), "{message}");
        assert!(message.contains("1 MiB"), "{message}");
        assert_eq!(fs::read(&path).unwrap(), before, "the old save stays");
        assert_eq!(load(&path).unwrap().moves, short.moves);
        assert_eq!(
            fs::read_dir(&folders.saves).unwrap().count(),
            1,
            "nothing else"
        );
        // Just under the limit, the game is saved, and reads back.
        let mut longest = long.clone();
        let mut over = long.to_text().len() - text_file::MAX_BYTES as usize;
        while over > 0 {
            // Each move takes more than four bytes ("draw" and a space, or more).
            longest
                .moves
                .truncate(longest.moves.len() - over.div_ceil(4));
            over = longest
                .to_text()
                .len()
                .saturating_sub(text_file::MAX_BYTES as usize);
        }
        assert_eq!(save(&folders, &longest).unwrap(), path);
        assert_eq!(load(&path).unwrap().moves, longest.moves);
    }

    #[test]
    fn an_unwritable_folder_is_an_error_and_the_old_file_stays() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("file");
        fs::write(&blocker, "keep me").unwrap();
        // A folder below a plain file cannot be created.
        let error = write_atomically(&blocker.join("save.txt"), "x").unwrap_err();
        assert!(error.to_string().starts_with("cannot write"), "{error}");
        assert_eq!(fs::read_to_string(&blocker).unwrap(), "keep me");
    }

    /// Runs `work` on a thread and fails the test if it has not finished in ten seconds,
    /// rather than hang the whole run.
    fn in_time<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = send.send(work());
        });
        receive
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("finished in time rather than hanging")
    }

    fn save_in_time(folders: &Folders, saved: &SavedDeal) -> Result<PathBuf, StorageError> {
        let (folders, saved) = (folders.clone(), saved.clone());
        in_time(move || save(&folders, &saved))
    }

    #[test]
    fn long_names_are_shortened_for_the_file_and_kept_whole_inside_it() {
        let names = [
            "x".repeat(252),
            "y".repeat(4000),
            "象".repeat(84),
            format!("{}é tail", "ab ".repeat(40)),
        ];
        for name in names {
            let dir = tempfile::tempdir().unwrap();
            let folders = folders(dir.path());
            let mut saved = example();
            saved.name.clone_from(&name);
            let path = save_in_time(&folders, &saved).unwrap();
            let stem = path.file_stem().unwrap().to_str().unwrap();
            assert!(stem.len() <= MAX_STEM_BYTES, "{stem}");
            assert!(!stem.is_empty() && !stem.ends_with('-'), "{stem}");
            assert_eq!(load(&path).unwrap().name, name);
            // A second, different deal under the same long name gets its own number.
            let mut other = game(examples().remove(1));
            other.name.clone_from(&name);
            let second = save_in_time(&folders, &other).unwrap();
            assert_ne!(second, path);
            assert_eq!(load(&second).unwrap().deal, other.deal);
        }
    }

    #[test]
    fn a_saves_folder_that_cannot_be_entered_is_an_error_not_a_hang() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("file");
        fs::write(&blocker, "keep me").unwrap();
        let folders = Folders {
            saves: blocker.join("saves"),
            config: dir.path().join("config"),
        };
        let error = save_in_time(&folders, &example()).unwrap_err();
        assert!(error.to_string().starts_with("cannot write"), "{error}");
        assert_eq!(fs::read_to_string(&blocker).unwrap(), "keep me");
    }

    #[cfg(unix)]
    #[test]
    fn a_saves_folder_without_permission_is_an_error_not_a_hang() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        fs::create_dir_all(&folders.saves).unwrap();
        fs::set_permissions(&folders.saves, fs::Permissions::from_mode(0o000)).unwrap();
        if fs::read_dir(&folders.saves).is_ok() {
            // The superuser enters any folder: nothing to check.
            eprintln!("skipped: permissions do not apply to this user");
            return;
        }
        let result = save_in_time(&folders, &example());
        fs::set_permissions(&folders.saves, fs::Permissions::from_mode(0o755)).unwrap();
        assert!(result.is_err());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_at_a_temporary_name_is_never_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        fs::create_dir_all(&folders.saves).unwrap();
        let victim = dir.path().join("victim");
        fs::write(&victim, "keep me").unwrap();
        let pid = std::process::id();
        for name in [
            format!(".game.txt.{pid}.tmp"),
            format!("..draft.txt.{pid}.tmp"),
        ] {
            std::os::unix::fs::symlink(&victim, folders.saves.join(name)).unwrap();
        }
        let mut saved = example();
        saved.name = "game".to_string();
        let path = save(&folders, &saved).unwrap();
        assert_eq!(load(&path).unwrap().deal, saved.deal);
        let draft = Draft {
            slots: saved.deal.cards().map(Some),
            midgame: Midgame::default(),
            moves: Vec::new(),
            goal: solitaire::games::pyramid::Goal::Board,
            rules: solitaire::games::pyramid::Rules::default(),
        };
        assert_eq!(
            kept_then_restored(&folders, &GameDraft::Pyramid(draft.clone()), None),
            Some((GameDraft::Pyramid(draft), None))
        );
        assert_eq!(fs::read_to_string(&victim).unwrap(), "keep me");
    }

    #[test]
    fn two_saves_racing_under_one_name_both_keep_their_deal() {
        let mut all = examples();
        let mut first = game(all.remove(0));
        let mut second = game(all.remove(0));
        first.name = "race".to_string();
        second.name = "race".to_string();
        for _ in 0..60 {
            let dir = tempfile::tempdir().unwrap();
            let folders = folders(dir.path());
            fs::create_dir_all(&folders.saves).unwrap();
            let paths = race(&folders, [&first, &second]);
            assert_ne!(paths[0], paths[1]);
            assert_eq!(load(&paths[0]).unwrap().deal, first.deal);
            assert_eq!(load(&paths[1]).unwrap().deal, second.deal);
            let files = fs::read_dir(&folders.saves).unwrap().count();
            assert_eq!(files, 2, "no temporary file is left behind");
        }
    }

    /// Saves both games at the same moment, each from its own thread; the paths written.
    fn race(folders: &Folders, games: [&SavedDeal; 2]) -> Vec<PathBuf> {
        use std::sync::{Arc, Barrier};
        let barrier = Arc::new(Barrier::new(2));
        let writers: Vec<_> = games
            .into_iter()
            .map(|saved| {
                let (folders, saved, barrier) =
                    (folders.clone(), saved.clone(), Arc::clone(&barrier));
                std::thread::spawn(move || {
                    barrier.wait();
                    save(&folders, &saved)
                })
            })
            .collect();
        writers
            .into_iter()
            .map(|writer| writer.join().unwrap().unwrap())
            .collect()
    }

    #[test]
    fn the_same_deal_racing_under_one_name_is_kept_once_or_twice_but_never_lost() {
        let mut saved = example();
        saved.name = "same".to_string();
        for _ in 0..30 {
            let dir = tempfile::tempdir().unwrap();
            let folders = folders(dir.path());
            for path in race(&folders, [&saved, &saved]) {
                assert_eq!(load(&path).unwrap().deal, saved.deal);
            }
        }
    }

    #[test]
    fn only_our_own_stale_temporary_files_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        fs::create_dir_all(&folders.saves).unwrap();
        let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        let aged = |name: &str| {
            let file = fs::File::create(folders.saves.join(name)).unwrap();
            file.set_modified(old).unwrap();
        };
        // A temporary file as this program makes it, left by a killed save.
        let ours = temporary(&folders.saves, "half a save")
            .unwrap()
            .keep()
            .unwrap()
            .1;
        fs::File::options()
            .write(true)
            .open(&ours)
            .unwrap()
            .set_modified(old)
            .unwrap();
        let ours = ours.file_name().unwrap().to_string_lossy().into_owned();
        let stale = [ours.as_str(), ".pyramid-Ab3xZ9.tmp", ".pyramid-000000.tmp"];
        // The user's files, and names that only look like ours, however old.
        let look_alikes = [
            ".notes.tmp",
            ".game.txt.4242.tmp",
            ".pyramid-Ab3xZ.tmp",
            ".pyramid-Ab3xZ9a.tmp",
            ".pyramid-Ab_xZ9.tmp",
            ".pyramid-Ab3x\u{e9}.tmp",
            ".pyramid-Ab3xZ9.tmp.bak",
            ".pyramid-Ab3xZ9.TMP",
            "pyramid-Ab3xZ9.tmp",
            ".Pyramid-Ab3xZ9.tmp",
            "kept.txt",
        ];
        for name in stale.iter().chain(&look_alikes) {
            aged(name);
        }
        fs::write(folders.saves.join(".pyramid-fresh1.tmp"), "being written").unwrap();
        remove_stale_temporaries(&folders);
        for name in stale {
            assert!(!folders.saves.join(name).exists(), "{name}");
        }
        for name in look_alikes {
            assert!(folders.saves.join(name).exists(), "{name}");
        }
        assert!(folders.saves.join(".pyramid-fresh1.tmp").exists());
        // No folder yet is nothing to clean.
        remove_stale_temporaries(&super::tests::folders(&dir.path().join("none")));
    }

    #[cfg(unix)]
    #[test]
    fn a_link_named_as_a_stale_temporary_file_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        fs::create_dir_all(&folders.saves).unwrap();
        let target = dir.path().join("target.tmp");
        fs::write(&target, "keep me").unwrap();
        let link = folders.saves.join(".pyramid-Ab3xZ9.tmp");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        fs::File::options()
            .write(true)
            .open(&target)
            .unwrap()
            .set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(3600))
            .unwrap();
        remove_stale_temporaries(&folders);
        assert!(link.symlink_metadata().is_ok());
        assert_eq!(fs::read_to_string(&target).unwrap(), "keep me");
    }

    #[test]
    fn a_saved_file_is_followed_by_a_sync_of_its_folder() {
        let dir = tempfile::tempdir().unwrap();
        assert!(sync_folder(dir.path()).is_ok());
        assert!(sync_folder(&dir.path().join("gone")).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn listing_skips_what_is_not_a_small_regular_file_at_once_and_names_it() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        save(&folders, &example()).unwrap();
        let saves = folders.saves.clone();
        let fifo = saves.join("fifo.txt");
        let has_fifo = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success());
        std::os::unix::fs::symlink("/dev/zero", saves.join("zero.txt")).unwrap();
        fs::File::create(saves.join("huge.txt"))
            .unwrap()
            .set_len(10 << 20)
            .unwrap();
        let started = std::time::Instant::now();
        let (listed, broken) = in_time(move || list(&folders));
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
        let users = listed
            .iter()
            .filter(|l| matches!(l.origin, Origin::User(_)))
            .count();
        assert_eq!(users, 1);
        assert_eq!(broken.len(), 2 + usize::from(has_fifo), "{broken:?}");
        for name in ["zero.txt", "huge.txt"] {
            assert!(broken.iter().any(|b| b.contains(name)), "{broken:?}");
        }
    }

    #[test]
    fn the_relaxed_example_is_won_with_relaxed_pairing_only() {
        use solitaire::games::pyramid::solver::{Outcome, solve};
        use solitaire::games::pyramid::{Passes, Position, Rules};
        let saved = examples()
            .into_iter()
            .find_map(|listed| match listed.holds {
                GameHolds::Pyramid(Holds::Game(saved)) if saved.rules.relaxed => Some(saved),
                _ => None,
            })
            .expect("an example with relaxed pairing");
        assert_eq!(saved.rules.passes, Passes::Limited(1));
        let relaxed = solve(&Position::new(&saved.deal, saved.rules), &mut ());
        let Outcome::Solved(moves) = relaxed.outcome else {
            panic!("won with relaxed pairing")
        };
        assert_eq!(saved.verdict, Verdict::Solved(moves.len()));
        let strict = Rules {
            relaxed: false,
            ..saved.rules
        };
        let strict = solve(&Position::new(&saved.deal, strict), &mut ());
        assert!(matches!(strict.outcome, Outcome::NoSolution(_)));
    }

    /// A TriPeaks example: a whole game at its start.
    fn tripeaks_example(file: &str) -> SavedTriPeaks {
        let listed = examples()
            .into_iter()
            .find(|listed| listed.game() == GameKind::TriPeaks && listed.name().contains(file))
            .expect("the example is listed");
        match listed.holds {
            GameHolds::TriPeaks(TriPeaksHolds::Game(saved)) => saved,
            holds => panic!("a whole TriPeaks game, not {holds:?}"),
        }
    }

    /// The deal as MSC deals it (rows 1 to 3 and the stock unknown) with the moves the referee
    /// allows first, under a Score challenge, as the app would save it.
    fn tripeaks_played() -> SavedTriPeaks {
        let mut saved = tripeaks_example("as MSC deals it");
        let mut game = saved.game();
        for _ in 0..3 {
            let mv = game.position().legal_moves()[0];
            game.play(mv).unwrap();
        }
        saved.moves = game.moves().to_vec();
        saved.goal = solitaire::engine::goal::Goal::Score {
            target: 30_000,
            earned: 2_500,
        };
        saved.notes = vec!["the peaks are still face down".to_string()];
        saved.saved = "2026-11-23 18:30".to_string();
        saved
    }

    #[test]
    fn the_examples_hold_both_games() {
        let games: Vec<GameKind> = examples().iter().map(Listed::game).collect();
        assert_eq!(games.len(), EXAMPLES.len(), "every example reads");
        assert_eq!(
            games.iter().filter(|&&g| g == GameKind::TriPeaks).count(),
            3
        );
        assert!(tripeaks_example("clears in 43").moves.is_empty());
        assert!(!tripeaks_example("cannot be cleared").deal.has_unknown());
        assert_eq!(
            tripeaks_example("as MSC deals it")
                .deal
                .unknown()
                .count_ones(),
            41
        );
    }

    #[test]
    fn a_tripeaks_game_with_moves_unknown_cards_and_a_challenge_saves_and_loads_back() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        let saved = tripeaks_played();
        assert_eq!(saved.moves.len(), 3);
        let path = games::save_tripeaks(&folders, &saved).unwrap();
        assert_eq!(
            path.file_name().unwrap(),
            "tripeaks-as-msc-deals-it-rows-1-to-3-face-down.txt"
        );
        assert_eq!(
            load_game(&path).unwrap(),
            SavedGame::TriPeaks(saved.clone())
        );
        // Pyramid's reader still refuses it, naming the game.
        let error = load(&path).unwrap_err().to_string();
        assert!(error.contains("holds a TriPeaks game"), "{error}");
        // The file says which game it is, and the commands read it as it is.
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# game: tripeaks\n"), "{text}");
        assert_eq!(SavedTriPeaks::parse(&text, "x"), Ok(saved));
    }

    #[test]
    fn load_game_takes_unknown_cards_in_tripeaks_only() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        fs::create_dir_all(&folders.saves).unwrap();
        let pyramid = folders.saves.join("pyramid.txt");
        let text = example().to_text();
        fs::write(&pyramid, text.replacen("4d", "??", 1)).unwrap();
        let error = load_game(&pyramid).unwrap_err().to_string();
        assert!(error.contains("unknown cards (??)"), "{error}");
        fs::write(&pyramid, &text).unwrap();
        assert_eq!(
            load_game(&pyramid).unwrap(),
            SavedGame::Pyramid(load(&pyramid).unwrap())
        );
    }

    #[test]
    fn listing_names_the_game_of_each_save_and_the_broken_files() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        let mut pyramid = example();
        pyramid.saved = "2026-11-23 10:00".to_string();
        save(&folders, &pyramid).unwrap();
        let mut tripeaks = tripeaks_played();
        tripeaks.saved = "2026-11-23 11:00".to_string();
        games::save_tripeaks(&folders, &tripeaks).unwrap();
        let mut unfinished = TriPeaksDraft::from_deal(&tripeaks.deal);
        for slot in &mut unfinished.slots[30..] {
            *slot = solitaire::games::tripeaks::saved::DraftSlot::Empty;
        }
        games::save_unfinished_tripeaks(&folders, "peaks half typed", &[], &unfinished).unwrap();
        // A TriPeaks file with a card twice, and a Pyramid one.
        let twice = tripeaks.to_text().replacen("Ks", "Ts", 1);
        fs::write(folders.saves.join("twice.txt"), twice).unwrap();
        fs::write(folders.saves.join("broken.txt"), "Ah Ah").unwrap();

        let (listed, broken) = list(&folders);
        let users: Vec<(&str, GameKind)> = listed
            .iter()
            .filter(|l| matches!(l.origin, Origin::User(_)))
            .map(|l| (l.name(), l.game()))
            .collect();
        assert_eq!(
            users,
            [
                ("peaks half typed", GameKind::TriPeaks),
                (tripeaks.name.as_str(), GameKind::TriPeaks),
                (pyramid.name.as_str(), GameKind::Pyramid),
            ],
            "newest first"
        );
        assert!(matches!(
            &listed[0].holds,
            GameHolds::TriPeaks(TriPeaksHolds::Unfinished(u)) if u.typed == 30
        ));
        assert_eq!(
            listed[1].holds,
            GameHolds::TriPeaks(TriPeaksHolds::Game(tripeaks))
        );
        assert_eq!(listed.len(), 3 + EXAMPLES.len());
        assert_eq!(broken.len(), 2, "{broken:?}");
        assert!(broken[0].starts_with("broken.txt: "), "{broken:?}");
        assert!(
            broken[1].starts_with("twice.txt: ") && broken[1].contains("Ts appears twice"),
            "{broken:?}"
        );
    }

    #[test]
    fn saving_tripeaks_never_overwrites_another_game() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        let mut first = tripeaks_example("clears in 43");
        let mut second = tripeaks_example("cannot be cleared");
        first.name = "game".to_string();
        second.name = "game".to_string();
        let a = games::save_tripeaks(&folders, &first).unwrap();
        let b = games::save_tripeaks(&folders, &second).unwrap();
        assert_eq!(b.file_name().unwrap(), "game-2.txt");
        let read = |path: &Path| match load_game(path).unwrap() {
            SavedGame::TriPeaks(saved) => saved,
            SavedGame::Pyramid(saved) => panic!("a TriPeaks game, not {saved:?}"),
        };
        assert_eq!(read(&a).deal, first.deal);
        assert_eq!(read(&b).deal, second.deal);
        // The same deal, played on, replaces its own file.
        let mv = first.game().position().legal_moves()[0];
        first.moves.push(mv);
        assert_eq!(games::save_tripeaks(&folders, &first).unwrap(), a);
        assert_eq!(read(&a).moves, [mv]);
        // A Pyramid save of the very same cards under the name is another game: kept.
        let mut pyramid = SavedDeal::new("game", "", Verdict::Unsolved, first.deal);
        pyramid.name = "game".to_string();
        let c = save(&folders, &pyramid).unwrap();
        assert_eq!(c.file_name().unwrap(), "game-3.txt");
        assert_eq!(games::save_tripeaks(&folders, &first).unwrap(), a);
        assert_eq!(load(&c).unwrap(), pyramid);
        // A plain deal without a game header is Pyramid's, even with TriPeaks' cards.
        fs::write(&a, first.deal.to_layout(GameKind::TriPeaks)).unwrap();
        let d = games::save_tripeaks(&folders, &first).unwrap();
        assert_eq!(d.file_name().unwrap(), "game-4.txt");
    }

    #[test]
    fn a_tripeaks_game_saved_again_once_cards_are_seen_replaces_its_file() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        let dealt = tripeaks_example("as MSC deals it");
        let path = games::save_tripeaks(&folders, &dealt).unwrap();
        // A peak top seen: the same game, more of it known.
        let card = "Kc".parse().unwrap();
        let mut seen = dealt.clone();
        seen.deal = dealt.deal.reveal(0, card, GameKind::TriPeaks).unwrap();
        assert_eq!(games::save_tripeaks(&folders, &seen).unwrap(), path);
        // Another card there is another game.
        let mut other = dealt.clone();
        other.deal = dealt
            .deal
            .reveal(0, "Qc".parse().unwrap(), GameKind::TriPeaks)
            .unwrap();
        let stem = path.file_stem().unwrap().to_str().unwrap();
        let second = games::save_tripeaks(&folders, &other).unwrap();
        assert_eq!(second, folders.saves.join(format!("{stem}-2.txt")));
        // And fewer cards known than a file has is not its deal either.
        let third = games::save_tripeaks(&folders, &dealt).unwrap();
        assert_eq!(third, folders.saves.join(format!("{stem}-3.txt")));
        let known = |path: &Path| match load_game(path).unwrap() {
            SavedGame::TriPeaks(saved) => saved.deal.card(0),
            SavedGame::Pyramid(_) => panic!("a TriPeaks game"),
        };
        assert_eq!(known(&path), Some(card));
        assert_eq!(known(&second), Some("Qc".parse().unwrap()));
        assert_eq!(known(&third), None);
    }

    #[test]
    fn an_unfinished_tripeaks_deal_saved_again_goes_over_itself_only() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        let mut draft = TriPeaksDraft::from_deal(&tripeaks_example("clears in 43").deal);
        for slot in &mut draft.slots[10..] {
            *slot = solitaire::games::tripeaks::saved::DraftSlot::Empty;
        }
        let notes = ["typed from the screen".to_string()];
        let path = games::save_unfinished_tripeaks(&folders, "peaks", &notes, &draft).unwrap();
        let again = games::save_unfinished_tripeaks(&folders, "peaks", &notes, &draft).unwrap();
        assert_eq!(again, path);
        // A Pyramid unfinished deal under the name is kept, and kept apart.
        let mut pyramid = empty_draft();
        pyramid.slots[0] = Some("Kd".parse().unwrap());
        let other = save_unfinished(&folders, "peaks", &[], &pyramid).unwrap();
        assert_ne!(other, path);
        draft.slots[10] = solitaire::games::tripeaks::saved::DraftSlot::Unknown;
        let more = games::save_unfinished_tripeaks(&folders, "peaks", &notes, &draft).unwrap();
        assert_ne!(more, path);
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(saved_name(&text, ""), "peaks");
        assert_eq!(
            TriPeaksDraft::parse(&text).map(|d| d.typed()),
            Some(10),
            "{text}"
        );
    }

    #[test]
    fn a_klondike_file_is_named_with_the_commands_that_take_it_and_never_restored() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        let deal = solitaire::games::klondike::Deal::shuffled(1).to_layout();
        let text = format!("# game: klondike\n# moves: draw\n{deal}");
        fs::create_dir_all(&folders.saves).unwrap();
        fs::write(folders.saves.join("klondike.txt"), &text).unwrap();
        let (listed, broken) = list(&folders);
        assert_eq!(listed.len(), EXAMPLES.len(), "only the examples open");
        assert_eq!(
            broken,
            [format!(
                "klondike.txt: {}",
                crate::store::KLONDIKE_NOT_IN_APP
            )]
        );
        assert!(broken[0].contains("solve, hint, validate and batch"));
        // A draft of it (which the app never writes) starts the app on an empty deal, and
        // is named with the reason.
        let draft = folders.saves.join(".draft-Kl0ndk.txt");
        fs::write(&draft, &text).unwrap();
        let claim = claim_draft(&folders);
        assert_eq!(claim.drafts.restored, None);
        assert_eq!(
            claim.drafts.unreadable,
            [(draft, crate::store::KLONDIKE_NOT_IN_APP.to_string())]
        );
    }

    #[test]
    fn the_draft_of_either_game_is_kept_with_its_name_and_restored() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        let name = DraftName {
            name: "Tuesday's peaks".to_string(),
            saved: true,
        };
        let saved = tripeaks_played();
        let mut tripeaks = TriPeaksDraft::from_deal(&saved.deal);
        tripeaks.moves.clone_from(&saved.moves);
        tripeaks.goal = saved.goal;
        let draft = GameDraft::TriPeaks(tripeaks);
        assert_eq!(
            kept_then_restored(&folders, &draft, Some(&name)),
            Some((draft, Some(name.clone())))
        );

        let mut pyramid = empty_draft();
        pyramid.slots[0] = Some("Kd".parse().unwrap());
        let draft = GameDraft::Pyramid(pyramid.clone());
        assert_eq!(
            kept_then_restored(&folders, &draft, Some(&name)),
            Some((draft, Some(name.clone())))
        );
        // Nothing typed, of either game, removes it.
        let mut file = claim_draft(&folders).file;
        let path = file.path().unwrap().to_path_buf();
        file.store(
            text_of(&GameDraft::TriPeaks(TriPeaksDraft::default())).as_deref(),
            None,
        )
        .unwrap();
        assert!(!path.exists());
        drop(file);
        assert_eq!(claim_draft(&folders).drafts.restored, None);
    }

    #[test]
    fn a_pyramid_draft_written_before_the_game_header_still_restores() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        fs::create_dir_all(&folders.saves).unwrap();
        let cards = example()
            .deal
            .to_layout(GameKind::Pyramid)
            .replacen("4d", "..", 1);
        let old = format!(
            "# draft: the game being entered or played, restored on the next start\n\
             # name: old one\n# saved-as: old one\n# challenge: score 1290 earned 0\n{cards}"
        );
        let shared = folders.saves.join(".draft.txt");
        fs::write(&shared, old).unwrap();
        let mut claim = claim_draft(&folders);
        let Some(draft::Restored {
            draft: GameDraft::Pyramid(draft),
            name,
        }) = claim.drafts.restored
        else {
            panic!("the old draft restores as a Pyramid one")
        };
        assert_eq!(draft.slots[0], None);
        assert_eq!(draft.slots[1], Some("8h".parse().unwrap()));
        assert_eq!(
            draft.goal,
            solitaire::engine::goal::Goal::Score {
                target: 1290,
                earned: 0
            }
        );
        assert_eq!(
            name,
            Some(DraftName {
                name: "old one".to_string(),
                saved: true
            })
        );
        // It is taken over: the work goes on in it.
        assert_eq!(claim.file.path(), Some(shared.as_path()));
        let more = Draft {
            slots: [Some("Kd".parse().unwrap()); DECK_SIZE],
            ..draft
        };
        claim
            .file
            .store(text_of(&GameDraft::Pyramid(more.clone())).as_deref(), None)
            .unwrap();
        assert_eq!(
            Draft::parse(&fs::read_to_string(&shared).unwrap()),
            Some(more)
        );
    }

    #[test]
    fn a_folder_named_with_escapes_is_shown_escaped_in_errors() {
        let folder = PathBuf::from("saves\u{1b}[31m\u{7}");
        let error = StorageError::NoFreeName {
            folder: folder.clone(),
            stem: "game".to_string(),
        };
        assert!(
            error
                .to_string()
                .starts_with("cannot save in saves\\u{1b}[31m\\u{7}: ")
        );
        let error = StorageError::Invalid {
            path: folder.join("x.txt"),
            reason: "why".to_string(),
        };
        assert_eq!(error.to_string(), "saves\\u{1b}[31m\\u{7}/x.txt: why");
    }
}

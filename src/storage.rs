//! Saved games and the folders they live in.
//!
//! A save is the plain deal text people type under a few `#` header lines (see [`solitaire::saved_game`]),
//! so `pyramid solve` and other Pyramid solvers read it as it is. Every
//! write goes to a new temporary file in the same folder (created exclusively, under a random
//! name) and is then renamed to its name, so a crash mid-write never leaves half a save. A
//! save never replaces another deal, even when two programs save under one name at once. The
//! deal being typed is kept as a draft in the same way after each change.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use tempfile::NamedTempFile;

use crate::text_file::{self, TextFileError};
use solitaire::deck::DECK_SIZE;

pub use solitaire::saved_game::{Draft, SavedDeal, Verdict, printable, saved_date, saved_name};

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

    /// The autosaved deal being typed.
    pub fn draft(&self) -> PathBuf {
        self.saves.join(".draft.txt")
    }
}

/// Why a file could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: TextFileError,
    },
    #[error("{}: {reason}", path.display())]
    Invalid { path: PathBuf, reason: String },
    #[error("cannot delete {}: {source}", path.display())]
    Delete {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot save in {}: every name from {stem} to {stem}-{MAX_NUMBER} is taken", folder.display())]
    NoFreeName { folder: PathBuf, stem: String },
}

/// Writes a file so that it is either the old content or the new, never half of one. This
/// replaces whatever is at `path`: it is for the draft, the one file replaced on purpose.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), StorageError> {
    let error = |source| StorageError::Write {
        path: path.to_path_buf(),
        source,
    };
    let folder = folder_of(path);
    let temp = temporary(folder, text).map_err(error)?;
    temp.persist(path).map_err(|e| error(e.error))?;
    sync_folder(folder).map_err(error)
}

/// The folder a file is in, `.` for a bare name.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    }
}

/// How temporary files start and end, so that those a killed run left are known.
const TEMP_PREFIX: &str = ".pyramid-";
const TEMP_SUFFIX: &str = ".tmp";

/// A new file in `folder` holding `text`, synced to disk, under a random name that did not
/// exist before (created with `O_EXCL`), so no link placed in the folder is written through.
/// It is removed when dropped unless it is persisted.
fn temporary(folder: &Path, text: &str) -> std::io::Result<NamedTempFile> {
    make_folder(folder)?;
    let mut temp = tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .suffix(TEMP_SUFFIX)
        .tempfile_in(folder)?;
    temp.write_all(text.as_bytes())?;
    temp.as_file().sync_all()?;
    Ok(temp)
}

/// Makes `folder` and those above it. Where one of them is a file, the error says so, rather
/// than the system's "File exists".
fn make_folder(folder: &Path) -> std::io::Result<()> {
    fs::create_dir_all(folder).map_err(|error| match folder.ancestors().find(|a| a.is_file()) {
        Some(file) => std::io::Error::new(
            std::io::ErrorKind::NotADirectory,
            format!("{} is a file, not a folder", file.display()),
        ),
        None => error,
    })
}

/// Makes a rename in `folder` last through a power cut: the new name is on disk only once the
/// folder itself is synced.
fn sync_folder(folder: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    fs::File::open(folder)?.sync_all()?;
    #[cfg(not(unix))]
    fs::metadata(folder)?;
    Ok(())
}

/// How long a temporary file may sit before it counts as left by a run that was killed: far
/// longer than any save takes, so another instance's file being written is never removed.
const STALE_AFTER: Duration = Duration::from_secs(600);

/// Removes the temporary files that runs killed mid-save left in the saves folder. Nothing
/// here is worth a message: a file that cannot be removed is simply tried again next time.
pub fn remove_stale_temporaries(folders: &Folders) {
    let Ok(entries) = fs::read_dir(&folders.saves) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        // Older versions wrote `.NAME.PID.tmp`; this one writes `.pyramid-RANDOM.tmp`.
        if !name.starts_with('.') || !name.ends_with(TEMP_SUFFIX) {
            continue;
        }
        let stale = entry
            .metadata()
            .ok()
            .filter(fs::Metadata::is_file)
            .and_then(|meta| meta.modified().ok())
            .and_then(|modified| modified.elapsed().ok())
            .is_some_and(|age| age > STALE_AFTER);
        if stale {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Where a listed deal comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A user save, at this path.
    User(PathBuf),
    /// An example shipped with the program.
    Example,
}

/// What a listed file holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Holds {
    /// A whole deal, with how far its game went.
    Game(SavedDeal),
    /// A deal saved before all its cards were typed.
    Unfinished(Unfinished),
}

/// An unfinished deal saved under a name (the draft format, `..` for an empty slot).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unfinished {
    pub name: String,
    pub saved: String,
    /// How many of the 52 cards are typed.
    pub typed: usize,
    /// The file's text: the editor reads it as it reads `pyramid FILE`.
    pub text: String,
}

/// An entry of the open dialog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub holds: Holds,
    pub origin: Origin,
}

impl Listed {
    /// The deal's name, from its header or else its file.
    pub fn name(&self) -> &str {
        match &self.holds {
            Holds::Game(saved) => &saved.name,
            Holds::Unfinished(unfinished) => &unfinished.name,
        }
    }

    /// When it was saved, as the header says; empty when it does not.
    pub fn saved(&self) -> &str {
        match &self.holds {
            Holds::Game(saved) => &saved.saved,
            Holds::Unfinished(unfinished) => &unfinished.saved,
        }
    }
}

/// The example deals from `saved-games/`, built into the program so they are there wherever
/// it is installed.
const EXAMPLES: [(&str, &str); 6] = [
    (
        "winnable-40-steps",
        include_str!("../saved-games/winnable-40-steps.txt"),
    ),
    (
        "shortest-15-steps",
        include_str!("../saved-games/shortest-15-steps.txt"),
    ),
    (
        "hard-no-solution",
        include_str!("../saved-games/hard-no-solution.txt"),
    ),
    (
        "no-solution-2d-under-four-jacks",
        include_str!("../saved-games/no-solution-2d-under-four-jacks.txt"),
    ),
    (
        "game-in-progress",
        include_str!("../saved-games/game-in-progress.txt"),
    ),
    (
        "one-pass-relaxed",
        include_str!("../saved-games/one-pass-relaxed.txt"),
    ),
];

/// The shipped examples.
pub fn examples() -> Vec<Listed> {
    EXAMPLES
        .iter()
        .filter_map(|(name, text)| SavedDeal::parse(text, name).ok())
        .map(|saved| Listed {
            holds: Holds::Game(saved),
            origin: Origin::Example,
        })
        .collect()
}

/// The user's saves, newest first, then the examples. Files that are not deals are reported
/// by name rather than hidden, so a hand-edited save that broke is noticed. Each file is
/// looked at before it is read: what is not a regular file of at most 1 MiB is reported
/// without being opened, so no FIFO, device or huge file holds the listing up.
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
            match load(&path) {
                Ok(saved) => listed.push(Listed {
                    holds: Holds::Game(saved),
                    origin: Origin::User(path),
                }),
                Err(StorageError::Invalid { reason, .. }) => match load_unfinished(&path) {
                    Some(unfinished) => listed.push(Listed {
                        holds: Holds::Unfinished(unfinished),
                        origin: Origin::User(path),
                    }),
                    None => broken.push(format!("{name}: {reason}")),
                },
                Err(StorageError::Read { source, .. }) => {
                    broken.push(format!("{name}: cannot read: {source}"));
                }
                Err(error) => broken.push(error.to_string()),
            }
        }
    }
    listed.sort_by(|a, b| (b.saved(), a.name()).cmp(&(a.saved(), b.name())));
    listed.extend(examples());
    broken.sort();
    (listed, broken)
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

/// An unfinished deal saved from the app, when the file is one; named by its header, or
/// else by the file.
fn load_unfinished(path: &Path) -> Option<Unfinished> {
    let text = text_file::read_path(path).ok()?;
    let draft = Draft::parse(&text)?;
    let typed = draft.slots.iter().flatten().count();
    if typed == DECK_SIZE {
        return None;
    }
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into());
    Some(Unfinished {
        name: saved_name(&text, &stem),
        saved: saved_date(&text),
        typed,
        text,
    })
}

/// Reads one save.
pub fn load(path: &Path) -> Result<SavedDeal, StorageError> {
    let text = text_file::read_path(path).map_err(|source| StorageError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into());
    SavedDeal::parse(&text, &stem)
        .and_then(|saved| app_takes(&saved).map(|()| saved))
        .map_err(|reason| StorageError::Invalid {
            path: path.to_path_buf(),
            reason,
        })
}

/// Whether the app can show a saved game: not yet one with unknown cards (`??`), whose
/// stand-in cards it would show as known; `pyramid solve` answers those.
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

/// The name the draft's work goes by, and whether the work is as it was last saved or opened
/// under it: kept with the draft so that after a restart the app still knows both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftName {
    pub name: String,
    pub saved: bool,
}

/// Keeps the game being entered or played, with the name it goes by; an empty deal removes
/// the draft.
pub fn store_named_draft(
    folders: &Folders,
    draft: &Draft,
    name: Option<&DraftName>,
) -> Result<(), StorageError> {
    let Some(name) = name else {
        return store_draft(folders, draft);
    };
    if draft.slots.iter().all(Option::is_none) {
        return store_draft(folders, draft);
    }
    let mut text = draft.to_text();
    let headers = format!(
        "# name: {}\n{}",
        printable(&name.name),
        if name.saved {
            format!("{SAVED_AS}{}\n", printable(&name.name))
        } else {
            String::new()
        }
    );
    let after_first = text.find('\n').map_or(text.len(), |at| at + 1);
    text.insert_str(after_first, &headers);
    write_atomically(&folders.draft(), &text)
}

/// The header a draft has when its work is as saved or opened under its name.
const SAVED_AS: &str = "# saved-as: ";

/// The name the draft left by the last run goes by, if it has one.
pub fn draft_name(folders: &Folders) -> Option<DraftName> {
    let text = text_file::read_path(&folders.draft()).ok()?;
    let name = saved_name(&text, "");
    if name.is_empty() {
        return None;
    }
    let saved = text
        .lines()
        .any(|line| line.strip_prefix(SAVED_AS).map(str::trim) == Some(name.as_str()));
    Some(DraftName { name, saved })
}

/// Keeps the game being entered or played; an empty deal removes the draft.
pub fn store_draft(folders: &Folders, draft: &Draft) -> Result<(), StorageError> {
    let path = folders.draft();
    if draft.slots.iter().all(Option::is_none) {
        return match fs::remove_file(&path) {
            Err(source) if source.kind() != std::io::ErrorKind::NotFound => {
                Err(StorageError::Write { path, source })
            }
            _ => Ok(()),
        };
    }
    write_atomically(&path, &draft.to_text())
}

/// The draft left by the last run, if any.
pub fn restore_draft(folders: &Folders) -> Option<Draft> {
    let text = text_file::read_path(&folders.draft()).ok()?;
    Draft::parse(&text)
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
    use solitaire::Deal;
    use solitaire::deck::DECK_SIZE;
    use solitaire::pyramid::Midgame;

    fn folders(dir: &Path) -> Folders {
        Folders {
            saves: dir.join("saves"),
            config: dir.join("config"),
        }
    }

    fn example() -> SavedDeal {
        game(examples().remove(0))
    }

    /// A draft with no card typed, at the start, under MSC's rules.
    fn empty_draft() -> Draft {
        Draft {
            slots: [None; DECK_SIZE],
            midgame: Midgame::default(),
            moves: Vec::new(),
            goal: solitaire::pyramid::Goal::Board,
            rules: solitaire::pyramid::Rules::default(),
        }
    }

    /// The saved game a listed entry holds.
    fn game(listed: Listed) -> SavedDeal {
        match listed.holds {
            Holds::Game(saved) => saved,
            Holds::Unfinished(unfinished) => panic!("a whole game, not {unfinished:?}"),
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
        let Holds::Unfinished(unfinished) = &first.holds else {
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
        store_draft(&folders, &draft).unwrap();
        assert_eq!(restore_draft(&folders), Some(draft.clone()));
        draft.slots = [None; DECK_SIZE];
        store_draft(&folders, &draft).unwrap();
        assert_eq!(restore_draft(&folders), None);
        assert!(!folders.draft().exists());
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
            goal: solitaire::pyramid::Goal::Board,
            rules: solitaire::pyramid::Rules::default(),
        };
        store_draft(&folders, &draft).unwrap();
        assert_eq!(restore_draft(&folders), Some(draft));
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
    fn temporary_files_left_by_a_killed_run_are_removed_and_fresh_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        fs::create_dir_all(&folders.saves).unwrap();
        let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        let stale = [".pyramid-Ab3xZ9.tmp", ".game.txt.4242.tmp"];
        for name in stale {
            let file = fs::File::create(folders.saves.join(name)).unwrap();
            file.set_modified(old).unwrap();
        }
        fs::write(folders.saves.join(".pyramid-fresh1.tmp"), "being written").unwrap();
        let keep = fs::File::create(folders.saves.join("kept.txt")).unwrap();
        keep.set_modified(old).unwrap();
        remove_stale_temporaries(&folders);
        for name in stale {
            assert!(!folders.saves.join(name).exists(), "{name}");
        }
        assert!(folders.saves.join(".pyramid-fresh1.tmp").exists());
        assert!(folders.saves.join("kept.txt").exists());
        // No folder yet is nothing to clean.
        remove_stale_temporaries(&super::tests::folders(&dir.path().join("none")));
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
        use solitaire::pyramid::solver::{Outcome, solve};
        use solitaire::pyramid::{Passes, Position, Rules};
        let saved = examples()
            .into_iter()
            .find_map(|listed| match listed.holds {
                Holds::Game(saved) if saved.rules.relaxed => Some(saved),
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
}

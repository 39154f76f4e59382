//! Saved games and the folders they live in.
//!
//! A save is the plain deal text people type under a few `#` header lines (see [`pyramid::saved_game`]),
//! so `pyramid solve` and other Pyramid solvers read it as it is. Every
//! write goes to a temporary file in the same folder and is then renamed over the target, so
//! a crash mid-write never leaves half a save. The deal being typed is kept as a draft in the
//! same way after each change.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::text_file::{self, TextFileError};

pub use pyramid::saved_game::{Draft, SavedDeal, Verdict};

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
    #[error("{}: not a deal: {reason}", path.display())]
    Invalid { path: PathBuf, reason: String },
}

/// Writes a file so that it is either the old content or the new, never half of one.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), StorageError> {
    let error = |source| StorageError::Write {
        path: path.to_path_buf(),
        source,
    };
    let folder = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(folder).map_err(error)?;
    let file_name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into());
    let temp = folder.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let written = fs::File::create(&temp).and_then(|mut file| {
        file.write_all(text.as_bytes())?;
        file.sync_all()
    });
    if let Err(source) = written.and_then(|()| fs::rename(&temp, path)) {
        let _ = fs::remove_file(&temp);
        return Err(error(source));
    }
    Ok(())
}

/// Where a listed deal comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A user save, at this path.
    User(PathBuf),
    /// An example shipped with the program.
    Example,
}

/// An entry of the open dialog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub saved: SavedDeal,
    pub origin: Origin,
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
            saved,
            origin: Origin::Example,
        })
        .collect()
}

/// The user's saves, newest first, then the examples. Files that are not deals are reported
/// by name rather than hidden, so a hand-edited save that broke is noticed.
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
            match load(&path) {
                Ok(saved) => listed.push(Listed {
                    saved,
                    origin: Origin::User(path),
                }),
                Err(error) => broken.push(error.to_string()),
            }
        }
    }
    listed.sort_by(|a, b| (&b.saved.saved, &a.saved.name).cmp(&(&a.saved.saved, &b.saved.name)));
    listed.extend(examples());
    (listed, broken)
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
    SavedDeal::parse(&text, &stem).map_err(|reason| StorageError::Invalid {
        path: path.to_path_buf(),
        reason,
    })
}

/// Saves a deal under its name. A file of that name holding another deal is kept: the new one
/// gets a numbered name instead. Returns the path written.
pub fn save(folders: &Folders, saved: &SavedDeal) -> Result<PathBuf, StorageError> {
    let stem = file_stem(&saved.name);
    let mut number = 1;
    loop {
        let name = if number == 1 {
            format!("{stem}.txt")
        } else {
            format!("{stem}-{number}.txt")
        };
        let path = folders.saves.join(name);
        let free = match load(&path) {
            Ok(existing) => existing.deal == saved.deal,
            Err(StorageError::Read { source, .. }) => source.is_not_found(),
            Err(_) => false,
        };
        if free {
            write_atomically(&path, &saved.to_text())?;
            return Ok(path);
        }
        number += 1;
    }
}

/// A file name from a deal name: letters, digits and dashes.
fn file_stem(name: &str) -> String {
    let mut stem = String::new();
    for c in name.trim().chars() {
        if c.is_alphanumeric() {
            stem.extend(c.to_lowercase());
        } else if !stem.ends_with('-') && !stem.is_empty() {
            stem.push('-');
        }
    }
    let stem = stem.trim_end_matches('-');
    if stem.is_empty() {
        "deal".to_string()
    } else {
        stem.to_string()
    }
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
    use pyramid::Deal;
    use pyramid::deck::DECK_SIZE;
    use pyramid::pyramid::Midgame;

    fn folders(dir: &Path) -> Folders {
        Folders {
            saves: dir.join("saves"),
            config: dir.join("config"),
        }
    }

    fn example() -> SavedDeal {
        examples().remove(0).saved
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
        let mut first = all.remove(0).saved;
        let mut second = all.remove(0).saved;
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
    fn drafts_keep_empty_slots_and_an_empty_deal_removes_the_draft() {
        let dir = tempfile::tempdir().unwrap();
        let folders = folders(dir.path());
        let mut draft = Draft {
            slots: [None; DECK_SIZE],
            midgame: Midgame::default(),
            moves: Vec::new(),
            goal: pyramid::pyramid::Goal::Board,
            rules: pyramid::pyramid::Rules::default(),
        };
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

    #[test]
    fn the_relaxed_example_is_won_with_relaxed_pairing_only() {
        use pyramid::pyramid::solver::{Outcome, solve};
        use pyramid::pyramid::{Passes, Position, Rules};
        let saved = examples()
            .into_iter()
            .find(|listed| listed.saved.rules.relaxed)
            .expect("an example with relaxed pairing")
            .saved;
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

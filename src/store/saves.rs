//! The saves folder's files: their texts listed with the shipped examples, a save written
//! under the first free name that holds no other game, a save deleted, and the date a save
//! is stamped with. What a text holds is for its game to say.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::atomic_write::{folder_of, sync_folder, temporary};
use super::{Folders, StorageError, readable_size, text_file};

/// The text of a save, or of a shipped example, with where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveText {
    /// The file's name, as the Open dialog names a file it cannot open.
    pub file_name: String,
    /// The file's name without its extension: the name of a save without a `# name:`.
    pub stem: String,
    pub text: String,
    pub origin: Origin,
}

/// Where a listed deal comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A user save, at this path.
    User(PathBuf),
    /// An example shipped with the program.
    Example,
}

/// The example deals from `saved-games/`, built into the program so they are there wherever
/// it is installed.
const EXAMPLES: [(&str, &str); 10] = [
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
    (
        "klondike-winnable-seed-1",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/klondike-winnable-seed-1.txt"
        )),
    ),
];

/// The shipped examples, as texts in the order `saved-games/` lists them: what each holds is
/// its game's to say.
pub fn examples() -> Vec<SaveText> {
    EXAMPLES
        .iter()
        .map(|(name, text)| SaveText {
            file_name: format!("{name}.txt"),
            stem: (*name).to_string(),
            text: (*text).to_string(),
            origin: Origin::Example,
        })
        .collect()
}

/// The text of each save in the saves folder (files named `*.txt`, not hidden), and the files
/// that cannot be read, each by name with the reason. Each file is looked at before it is
/// read: what is not a regular file of at most 1 MiB is reported without being opened, so no
/// FIFO, device or huge file holds the listing up.
pub fn list(folders: &Folders) -> (Vec<SaveText>, Vec<String>) {
    let mut files = Vec::new();
    let mut unreadable = Vec::new();
    if let Ok(entries) = fs::read_dir(&folders.saves) {
        for entry in entries.flatten() {
            let path = entry.path();
            let hidden = entry.file_name().to_string_lossy().starts_with('.');
            if hidden || path.extension().is_none_or(|e| e != "txt") {
                continue;
            }
            // The dialog shows the saves folder, so the file name says which file is meant.
            let file_name = entry.file_name().to_string_lossy().into_owned();
            match text_file::read_path(&path) {
                Ok(text) => files.push(SaveText {
                    file_name,
                    stem: file_stem_of(&path),
                    text,
                    origin: Origin::User(path),
                }),
                Err(source) => unreadable.push(format!("{file_name}: cannot read: {source}")),
            }
        }
    }
    (files, unreadable)
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

/// Saves `text` under the first free file name for `name` (`NAME.txt`, `NAME-2.txt`, ...),
/// or over a file whose text `holds_the_same` says keeps the same game (its game says so): a
/// file of that name holding anything else is kept. Returns the path written.
///
/// The name is claimed atomically (a rename that never replaces), so two programs saving
/// under one name at once both keep their game: the second gets `-2`.
pub fn save_named(
    folders: &Folders,
    name: &str,
    text: &str,
    holds_the_same: impl Fn(&str) -> bool,
) -> Result<PathBuf, StorageError> {
    save_named_as(folders, name, "txt", text, holds_the_same)
}

/// Writes `text` under the first free file name for `name` with `extension` (`NAME.steps`,
/// `NAME-2.steps`, ...), never over another file: a text that is not a save, such as a
/// solution's steps, kept in the saves folder where the Open dialog does not list it.
pub fn save_copy(
    folders: &Folders,
    name: &str,
    extension: &str,
    text: &str,
) -> Result<PathBuf, StorageError> {
    save_named_as(folders, name, extension, text, |_| false)
}

/// [`save_named`] with the file's extension.
fn save_named_as(
    folders: &Folders,
    name: &str,
    extension: &str,
    text: &str,
    holds_the_same: impl Fn(&str) -> bool,
) -> Result<PathBuf, StorageError> {
    let stem = file_stem(name);
    let first = folders.saves.join(format!("{stem}.{extension}"));
    readable_size(&first, text)?;
    let error = |path: &Path, source| StorageError::Write {
        path: path.to_path_buf(),
        source,
    };
    // A failure to write the text names the file being saved, not the folder.
    let mut temp = temporary(&folders.saves, text).map_err(|source| error(&first, source))?;
    for number in 1..=MAX_NUMBER {
        let name = if number == 1 {
            format!("{stem}.{extension}")
        } else {
            format!("{stem}-{number}.{extension}")
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
        if text_file::read_path(&path).is_ok_and(|existing| holds_the_same(&existing)) {
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
pub const MAX_NUMBER: u32 = 10_000;

/// The longest file stem, in bytes: file systems take 255 bytes a name, and the number and
/// `.txt` still need room. The full name is kept inside the file.
pub const MAX_STEM_BYTES: usize = 100;

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

    #[test]
    fn dates_are_civil_dates() {
        assert_eq!(timestamp_text(0), "1970-01-01 00:00");
        assert_eq!(
            timestamp_text(951_782_400 + 3_600 + 120),
            "2000-02-29 01:02"
        );
        assert_eq!(timestamp_text(1_795_219_200), "2026-11-21 00:00");
    }
}

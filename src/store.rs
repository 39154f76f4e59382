//! Saved games and the folders they live in: files, names, the `#` headers every game's
//! files share, the draft and the one safe writer. What a saved text means is its game's to
//! say: the store gives texts to the app's registry of games, which reads each by the game
//! its `# game:` header names, and knows none of them.
//!
//! A save is the plain deal text people type under a few `#` header lines, so `pyramid
//! solve` and other solvers read it as it is; its `# game:` header says which game it is.
//! Every write goes to a new temporary file in the same folder (created exclusively, under a
//! random name) and is then renamed to its name, so a crash mid-write never leaves half a
//! save. A save never replaces another game, even when two programs save under one name at
//! once (see [`saves`]). The work of the app running, of whichever game, is kept in the same
//! way after each change as its draft (see [`draft`]).

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use atomic_write::{RANDOM_CHARS, TEMP_PREFIX, TEMP_SUFFIX, make_folder};
use solitaire::cards::excerpt::shown_path;

pub use solitaire::engine::headers::{printable, saved_name};

pub mod atomic_write;
pub mod draft;
pub mod saves;
pub mod system_error;
pub mod text_file;

pub use draft::{DraftFile, DraftName, Drafts, claim_draft};
pub use saves::{Origin, SaveText, delete, examples, list, now_text, save_copy, save_named};

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

    /// The folders under one folder, `saves/` and `config/`: a test's own.
    #[cfg(test)]
    pub fn under(dir: &Path) -> Folders {
        Folders {
            saves: dir.join("saves"),
            config: dir.join("config"),
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
    #[error("cannot write {}: {}", shown_path(path), system_error::plainly(.source))]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot delete {}: {}", shown_path(path), system_error::plainly(.source))]
    Delete {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "cannot save in {}: every name from {stem} to {stem}-{} is taken",
        shown_path(folder),
        saves::MAX_NUMBER
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

impl StorageError {
    /// Why it failed, without the file's path, for a line too short to hold a long path
    /// beside what is said around it.
    pub fn reason(&self) -> String {
        match self {
            StorageError::Write { source, .. } | StorageError::Delete { source, .. } => {
                system_error::plainly(source)
            }
            StorageError::TooLarge { bytes, .. } => {
                format!("its text would take {bytes} bytes, more than 1 MiB")
            }
            StorageError::NoFreeName { .. } => self.to_string(),
        }
    }
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

#[cfg(test)]
mod tests {
    use super::atomic_write::{sync_folder, temporary};
    use super::*;

    #[test]
    fn only_our_own_stale_temporary_files_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let folders = Folders::under(dir.path());
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
        remove_stale_temporaries(&Folders::under(&dir.path().join("none")));
    }

    #[cfg(unix)]
    #[test]
    fn a_link_named_as_a_stale_temporary_file_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let folders = Folders::under(dir.path());
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
    fn a_save_that_cannot_be_written_names_the_file_being_saved() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("file");
        fs::write(&blocker, "keep me").unwrap();
        let folders = Folders::under(&blocker);
        let error = save_named(&folders, "My deal", "text", |_| false).unwrap_err();
        let said = error.to_string();
        let file = shown_path(&folders.saves.join("my-deal.txt"));
        assert!(
            said.starts_with(&format!("cannot write {file}: ")),
            "{said}"
        );
        assert!(!said.contains(atomic_write::TEMP_PREFIX), "{said}");
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
        let error = StorageError::Delete {
            path: folder.join("x.txt"),
            source: std::io::Error::other("why"),
        };
        assert_eq!(
            error.to_string(),
            "cannot delete saves\\u{1b}[31m\\u{7}/x.txt: why"
        );
    }

    #[test]
    fn system_errors_are_said_in_words_without_their_number() {
        let error = StorageError::Write {
            path: PathBuf::from("saves/x.txt"),
            source: std::io::Error::from_raw_os_error(13),
        };
        assert_eq!(
            error.to_string(),
            "cannot write saves/x.txt: permission denied"
        );
        let error = text_file::read_path(Path::new("/no/such/deal.txt")).unwrap_err();
        assert_eq!(error.to_string(), "no such file or folder");
    }
}

//! The draft: the work of a running app, of whichever game, written after every change so
//! that a crash or a kill loses nothing. What a draft's text holds is read by the reader the
//! app passes ([`claim_draft`]).
//!
//! Each running app keeps a draft of its own, `.draft-RANDOM.txt` in the saves folder, and
//! holds an advisory lock on `.draft-RANDOM.lock` beside it for as long as it runs: the draft
//! itself is replaced at every write, so it cannot carry the lock. At start an app takes over
//! the newest draft that no running app holds and leaves the others alone, so a second app
//! never shows, changes or deletes the first one's work, and the work of an app that was
//! killed (the system drops its lock) is found by the next app started. `.draft.txt`, the one
//! draft of older versions, is taken over the same way.

use std::fmt::Display;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io;
use std::path::{Path, PathBuf};

use super::{
    Folders, StorageError, has_random_name, is_stale, make_folder, printable, readable_size,
    saved_name, write_atomically,
};
use crate::store::text_file;

/// How drafts and their lock files are named: `.draft-`, random letters and digits, then
/// `.txt` for the draft and `.lock` for its lock.
const PREFIX: &str = ".draft-";
const DRAFT_SUFFIX: &str = ".txt";
const LOCK_SUFFIX: &str = ".lock";
/// The draft of the versions that kept one for every app.
const SHARED: &str = ".draft.txt";

/// How many random names are tried for a new draft before giving up: each is taken only when
/// neither it nor its draft is there, which the first nearly always is.
const NAME_TRIES: usize = 100;

/// The name the draft's work goes by, and whether the work is as it was last saved or opened
/// under it: kept with the draft so that after a restart the app still knows both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftName {
    pub name: String,
    pub saved: bool,
}

/// The header a draft has when its work is as saved or opened under its name.
const SAVED_AS: &str = "# saved-as: ";

/// A draft read back at start: its work as the reader gave it, and its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restored<D> {
    pub draft: D,
    pub name: Option<DraftName>,
}

/// What an app found of the drafts when it started, and where it keeps its own.
pub struct Claim<D> {
    /// Where this app keeps its draft.
    pub file: DraftFile,
    pub drafts: Drafts<D>,
}

/// The drafts an app found when it started.
#[derive(Debug)]
pub struct Drafts<D> {
    /// The newest draft no running app held, now this app's.
    pub restored: Option<Restored<D>>,
    /// How many drafts other running apps hold: left to them.
    pub held_elsewhere: usize,
    /// The drafts that could not be read, each path with the reason: left as they are.
    pub unreadable: Vec<(PathBuf, DraftError)>,
}

/// Why a draft cannot be restored.
#[derive(Debug, thiserror::Error)]
pub enum DraftError {
    /// Its file cannot be read as text.
    #[error(transparent)]
    File(#[from] text_file::TextFileError),
    /// Its text is not a draft the app's reader takes, in the reader's words.
    #[error("{0}")]
    Text(String),
}

impl<D> Default for Drafts<D> {
    fn default() -> Drafts<D> {
        Drafts {
            restored: None,
            held_elsewhere: 0,
            unreadable: Vec::new(),
        }
    }
}

/// The draft of this app: its file, once it has one, and the lock that keeps it this app's.
pub struct DraftFile {
    saves: PathBuf,
    owned: Option<Owned>,
}

/// A draft this app holds.
struct Owned {
    draft: PathBuf,
    lock: PathBuf,
    /// Open for as long as the app runs: closing it drops the lock.
    _held: File,
}

/// Finds the draft to go on with, newest first: the first one no running app holds and that
/// `read` takes is restored and taken over; one held by another app is left to it; one that does
/// not read is named and left as it is; the older ones wait for the next app started. Lock
/// files that killed apps left without a draft are removed on the way.
pub fn claim_draft<D, E: Display>(
    folders: &Folders,
    read: impl Fn(&str) -> Result<D, E>,
) -> Claim<D> {
    let mut claim = Claim {
        file: DraftFile {
            saves: folders.saves.clone(),
            owned: None,
        },
        drafts: Drafts::default(),
    };
    remove_lone_locks(&folders.saves);
    for path in drafts(&folders.saves) {
        let lock = lock_path(&path);
        // A lock that cannot be taken at all (a folder that cannot be written, a file system
        // without locks) still lets the work be seen: this app then keeps a draft of its own.
        let held = match try_lock(&lock) {
            Ok(Some(file)) => Some(file),
            Ok(None) => {
                claim.drafts.held_elsewhere += 1;
                continue;
            }
            Err(_) => None,
        };
        match read_draft(&path, &read) {
            Ok(Some((draft, name))) => {
                claim.file.owned = held.map(|file| Owned {
                    draft: path.clone(),
                    lock,
                    _held: file,
                });
                claim.drafts.restored = Some(Restored { draft, name });
                break;
            }
            // Gone since the folder was listed: its app cleared it.
            Ok(None) => {}
            Err(reason) => claim.drafts.unreadable.push((path, reason)),
        }
    }
    claim
}

impl DraftFile {
    /// The file this app's draft is written to, once there is one.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn path(&self) -> Option<&Path> {
        self.owned.as_ref().map(|owned| owned.draft.as_path())
    }

    /// Keeps the game being entered or played (a draft's text), with the name it goes by;
    /// `None`, a deal with nothing typed, removes this app's draft (never another's).
    pub fn store(
        &mut self,
        draft: Option<&str>,
        name: Option<&DraftName>,
    ) -> Result<(), StorageError> {
        let Some(draft) = draft else {
            return self.remove();
        };
        let text = named_text(draft.to_string(), name);
        let path = match &self.owned {
            Some(owned) => owned.draft.clone(),
            None => self.own_new().map_err(|source| StorageError::Write {
                path: self.saves.clone(),
                source,
            })?,
        };
        // What could not be read back is not written: the draft there stays as it was.
        readable_size(&path, &text)?;
        write_atomically(&path, &text)
    }

    fn remove(&self) -> Result<(), StorageError> {
        let Some(owned) = &self.owned else {
            return Ok(());
        };
        match fs::remove_file(&owned.draft) {
            Err(source) if source.kind() != io::ErrorKind::NotFound => Err(StorageError::Write {
                path: owned.draft.clone(),
                source,
            }),
            _ => Ok(()),
        }
    }

    /// A new draft name of this app's own: its lock file is created exclusively under a random
    /// name and locked, and its draft is not there yet. Gives the draft's path.
    fn own_new(&mut self) -> io::Result<PathBuf> {
        make_folder(&self.saves)?;
        for _ in 0..NAME_TRIES {
            let (file, lock) = tempfile::Builder::new()
                .prefix(PREFIX)
                .suffix(LOCK_SUFFIX)
                .rand_bytes(super::RANDOM_CHARS)
                .tempfile_in(&self.saves)
                .map_err(super::atomic_write::plain)?
                .keep()
                .map_err(|failed| failed.error)?;
            let draft = draft_path(&lock);
            // Another app may have found the new lock file first, or a draft may be there
            // without its lock: either way, another name.
            if file.try_lock().is_ok() && fs::symlink_metadata(&draft).is_err() {
                self.owned = Some(Owned {
                    draft: draft.clone(),
                    lock,
                    _held: file,
                });
                return Ok(draft);
            }
        }
        Err(io::Error::other("no free name for a draft"))
    }
}

impl Drop for DraftFile {
    /// An app that leaves no draft leaves no lock file either; one that leaves a draft keeps
    /// its lock file for the app that takes it over.
    fn drop(&mut self) {
        if let Some(owned) = &self.owned
            && fs::symlink_metadata(&owned.draft).is_err()
        {
            let _ = fs::remove_file(&owned.lock);
        }
    }
}

/// The drafts in the saves folder, newest first.
fn drafts(saves: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(saves) else {
        return Vec::new();
    };
    let mut drafts: Vec<_> = entries
        .flatten()
        .filter(|entry| is_draft_name(&entry.file_name().to_string_lossy()))
        .map(|entry| {
            let modified = entry.metadata().and_then(|meta| meta.modified()).ok();
            (modified, entry.path())
        })
        .collect();
    drafts.sort_by(|a, b| b.cmp(a));
    drafts.into_iter().map(|(_, path)| path).collect()
}

fn is_draft_name(name: &str) -> bool {
    name == SHARED || has_random_name(name, PREFIX, DRAFT_SUFFIX)
}

/// The lock file of a draft: `.draft-RANDOM.lock` for `.draft-RANDOM.txt`.
fn lock_path(draft: &Path) -> PathBuf {
    draft.with_extension(&LOCK_SUFFIX[1..])
}

/// The draft of a lock file.
fn draft_path(lock: &Path) -> PathBuf {
    lock.with_extension(&DRAFT_SUFFIX[1..])
}

/// Locks a draft's lock file, made if it is not there: the file, held, or `None` when another
/// running app holds it. Made only if no file or link has its name; one that is there is
/// opened only if it is a regular file, and only to read (no more is needed for a lock).
fn try_lock(path: &Path) -> io::Result<Option<File>> {
    let file = match OpenOptions::new().write(true).create_new(true).open(path) {
        Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {
            if !fs::symlink_metadata(path)?.is_file() {
                return Err(io::Error::other("the lock is not a regular file"));
            }
            File::open(path)?
        }
        opened => opened?,
    };
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(TryLockError::WouldBlock) => Ok(None),
        Err(TryLockError::Error(error)) => Err(error),
    }
}

/// Removes the lock files that killed apps left without a draft: those untouched for a while
/// (a new one gets its draft at once), that no app holds.
fn remove_lone_locks(saves: &Path) {
    let Ok(entries) = fs::read_dir(saves) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let lock = name == ".draft.lock" || has_random_name(&name, PREFIX, LOCK_SUFFIX);
        let path = entry.path();
        if lock
            && is_stale(&entry)
            && fs::symlink_metadata(draft_path(&path)).is_err()
            && matches!(try_lock(&path), Ok(Some(_)))
        {
            let _ = fs::remove_file(&path);
        }
    }
}

/// A draft's work, as `read` takes it, and its name; `None` when the file is not there; why
/// it cannot be restored.
fn read_draft<D, E: Display>(
    path: &Path,
    read: impl Fn(&str) -> Result<D, E>,
) -> Result<Option<(D, Option<DraftName>)>, DraftError> {
    let text = match text_file::read_path(path) {
        Ok(text) => text,
        Err(error) if error.is_not_found() => return Ok(None),
        Err(error) => return Err(error.into()),
    };
    let draft = read(&text).map_err(|reason| DraftError::Text(reason.to_string()))?;
    Ok(Some((draft, name_of(&text))))
}

/// The draft `text` with the name it goes by after its first line (`# draft:`).
fn named_text(mut text: String, name: Option<&DraftName>) -> String {
    let Some(name) = name else {
        return text;
    };
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
    text
}

/// The name a draft's text goes by, if it has one; the same for either game.
fn name_of(text: &str) -> Option<DraftName> {
    let name = saved_name(text, "");
    if name.is_empty() {
        return None;
    }
    let saved = text
        .lines()
        .any(|line| line.strip_prefix(SAVED_AS).map(str::trim) == Some(name.as_str()));
    Some(DraftName { name, saved })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::atomic_write::tests::names;
    use crate::store::text_file::TextFileError;
    use std::convert::Infallible;

    /// A draft's text as an app keeps it, with `cards` typed: none when nothing is.
    fn typed(cards: &str) -> Option<String> {
        (!cards.is_empty()).then(|| format!("# draft: cards typed\n{cards}\n"))
    }

    /// The drafts as an app finds them, each read as its whole text.
    fn claim_draft(folders: &Folders) -> Claim<String> {
        super::claim_draft(folders, |text| Ok::<_, Infallible>(text.to_string()))
    }

    fn restored(claim: &Claim<String>) -> Option<&String> {
        claim
            .drafts
            .restored
            .as_ref()
            .map(|restored| &restored.draft)
    }

    /// The files in the saves folder, by name.
    fn files(folders: &Folders) -> Vec<String> {
        names(&folders.saves)
    }

    #[test]
    fn a_second_app_neither_sees_nor_deletes_the_first_ones_draft_and_a_killed_ones_is_found() {
        let dir = tempfile::tempdir().unwrap();
        let folders = Folders::under(dir.path());
        let mut first = claim_draft(&folders);
        assert!(first.drafts.restored.is_none());
        first
            .file
            .store(typed("Ah 2h 3h").as_deref(), None)
            .unwrap();
        let first_path = first.file.path().unwrap().to_path_buf();

        // A second app starts on a new deal, told that the first one's draft is left to it.
        let mut second = claim_draft(&folders);
        assert_eq!(restored(&second), None);
        assert_eq!(second.drafts.held_elsewhere, 1);
        second.file.store(typed("Kd").as_deref(), None).unwrap();
        let second_path = second.file.path().unwrap().to_path_buf();
        assert_ne!(second_path, first_path);
        // Clearing its deal removes its own draft only.
        second.file.store(typed("").as_deref(), None).unwrap();
        assert!(!second_path.exists());
        assert_eq!(fs::read_to_string(&first_path).ok(), typed("Ah 2h 3h"));

        // The first app is killed: the system drops its lock, and the next app takes its
        // draft over, while the second one still runs.
        drop(first);
        let mut third = claim_draft(&folders);
        assert_eq!(restored(&third), typed("Ah 2h 3h").as_ref());
        assert_eq!(third.file.path(), Some(first_path.as_path()));
        third
            .file
            .store(typed("Ah 2h 3h 4h").as_deref(), None)
            .unwrap();
        assert_eq!(fs::read_to_string(&first_path).ok(), typed("Ah 2h 3h 4h"));
        // Now held again, it is no other app's to take.
        let fourth = claim_draft(&folders);
        assert_eq!(restored(&fourth), None);
        assert_eq!(fourth.drafts.held_elsewhere, 1);
    }

    #[test]
    fn the_newest_draft_no_app_holds_is_restored_and_the_older_waits_for_the_next_app() {
        let dir = tempfile::tempdir().unwrap();
        let folders = Folders::under(dir.path());
        let mut older = claim_draft(&folders).file;
        let mut newer = claim_draft(&folders).file;
        older.store(typed("Ah").as_deref(), None).unwrap();
        newer.store(typed("Kd Qd").as_deref(), None).unwrap();
        let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        File::options()
            .write(true)
            .open(older.path().unwrap())
            .unwrap()
            .set_modified(an_hour_ago)
            .unwrap();
        drop((older, newer));
        let first = claim_draft(&folders);
        assert_eq!(restored(&first), typed("Kd Qd").as_ref());
        let second = claim_draft(&folders);
        assert_eq!(restored(&second), typed("Ah").as_ref());
        assert_eq!(
            second.drafts.held_elsewhere, 1,
            "the newer one, held by the first app"
        );
        let third = claim_draft(&folders);
        assert_eq!(restored(&third), None);
        assert_eq!(third.drafts.held_elsewhere, 2);
    }

    #[test]
    fn an_app_that_leaves_no_draft_leaves_no_lock_and_lone_locks_of_killed_apps_go() {
        let dir = tempfile::tempdir().unwrap();
        let folders = Folders::under(dir.path());
        let mut cleared = claim_draft(&folders).file;
        cleared.store(typed("Ah").as_deref(), None).unwrap();
        cleared.store(typed("").as_deref(), None).unwrap();
        drop(cleared);
        let mut kept = claim_draft(&folders).file;
        kept.store(typed("Ah").as_deref(), None).unwrap();
        let kept_path = kept.path().unwrap().to_path_buf();
        drop(kept);
        assert_eq!(files(&folders).len(), 2, "the draft and its lock");
        assert!(kept_path.exists());

        // A killed app's lock without a draft goes once it is old; a new one, or one held,
        // stays; a look-alike of the user's is never touched.
        let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        let aged = |name: &str| {
            File::create(folders.saves.join(name))
                .unwrap()
                .set_modified(old)
                .unwrap();
        };
        aged(".draft-L0neAa.lock");
        aged(".draft.lock");
        aged(".draft-mine.lock");
        aged(".draft-H3ldAa.lock");
        fs::write(folders.saves.join(".draft-N3wAaa.lock"), "").unwrap();
        let held = try_lock(&folders.saves.join(".draft-H3ldAa.lock"))
            .unwrap()
            .unwrap();
        let claim = claim_draft(&folders);
        assert_eq!(restored(&claim), typed("Ah").as_ref());
        let mut expected = vec![
            ".draft-H3ldAa.lock".to_string(),
            ".draft-N3wAaa.lock".to_string(),
            ".draft-mine.lock".to_string(),
            kept_path
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned(),
            lock_path(&kept_path)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned(),
        ];
        expected.sort();
        assert_eq!(files(&folders), expected);
        drop(held);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_at_a_lock_name_is_neither_followed_nor_written() {
        let dir = tempfile::tempdir().unwrap();
        let folders = Folders::under(dir.path());
        let mut file = claim_draft(&folders).file;
        file.store(typed("Ah").as_deref(), None).unwrap();
        let lock = lock_path(file.path().unwrap());
        drop(file);
        fs::remove_file(&lock).unwrap();
        let elsewhere = dir.path().join("elsewhere");
        std::os::unix::fs::symlink(&elsewhere, &lock).unwrap();
        let claim = claim_draft(&folders);
        assert!(!elsewhere.exists(), "nothing made through the link");
        // The work is still shown, in a draft of the app's own.
        assert_eq!(restored(&claim), typed("Ah").as_ref());
        assert_eq!(claim.file.path(), None);
    }

    /// A draft's text of `bytes` bytes and more: a game played on and on, past what the
    /// reader takes when `bytes` is over its limit.
    fn long_game(bytes: usize) -> String {
        let moves = "draw ".repeat(bytes.min(text_file::MAX_BYTES as usize + 10) / 5 + 1);
        format!("# draft: a long game\n# moves: {moves}\n")
    }

    #[test]
    fn a_draft_too_long_to_be_read_back_is_not_written_and_the_last_one_stays() {
        let dir = tempfile::tempdir().unwrap();
        let folders = Folders::under(dir.path());
        let mut file = claim_draft(&folders).file;
        let short = long_game(100);
        file.store(Some(&short), None).unwrap();
        let path = file.path().unwrap().to_path_buf();
        let before = fs::read(&path).unwrap();
        let error = file.store(Some(&long_game(usize::MAX)), None).unwrap_err();
        assert!(matches!(error, StorageError::TooLarge { .. }), "{error}");
        assert!(error.to_string().contains(&path.display().to_string()));
        assert_eq!(fs::read(&path).unwrap(), before);
        drop(file);
        assert_eq!(restored(&claim_draft(&folders)), Some(&short));
    }

    #[test]
    fn a_draft_that_cannot_be_read_is_named_and_left_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let folders = Folders::under(dir.path());
        fs::create_dir_all(&folders.saves).unwrap();
        // Written by hand, or by a version that did not check: over the reader's limit.
        let huge = folders.saves.join(".draft.txt");
        let text = long_game(usize::MAX);
        fs::write(&huge, &text).unwrap();
        let mut claim = claim_draft(&folders);
        assert_eq!(restored(&claim), None);
        let [(path, reason)] = &claim.drafts.unreadable[..] else {
            panic!("{:?}", claim.drafts.unreadable)
        };
        assert_eq!(path, &huge);
        assert!(
            matches!(reason, DraftError::File(TextFileError::TooLarge)),
            "{reason:?}"
        );
        assert!(reason.to_string().contains("larger than 1 MiB"), "{reason}");
        // The work of this app goes to a draft of its own; the other is kept, whole.
        claim.file.store(typed("Ah").as_deref(), None).unwrap();
        assert_ne!(claim.file.path(), Some(huge.as_path()));
        claim.file.store(typed("").as_deref(), None).unwrap();
        assert_eq!(fs::read_to_string(&huge).unwrap(), text);
        drop(claim);
        assert_eq!(
            claim_draft(&folders).drafts.unreadable.len(),
            1,
            "named at every start"
        );
    }
}

//! The one way the program writes a file it is named: the saves and the draft, and `stats
//! --export`. What is written goes to a new temporary file in the same folder, created
//! exclusively under a random name (so no link planted in the folder is written through),
//! synced, and then renamed to its name, so that the file is either the old content or the new,
//! never half of one; a write that fails or is interrupted removes its temporary file.
//!
//! A file already at the name is replaced only when it is a regular file of this user's that no
//! program holds locked (as a `stats` run holds its results file), and that the caller does not
//! refuse from its content: a link, a folder, a device, a FIFO or another user's file is left as
//! it is, with a message.

use std::fs::{self, File, TryLockError};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use solitaire::cards::excerpt::shown_path;

use crate::store::text_file::{self, Expect, TextFileError};

/// How temporary files start and end, so that those a killed run left are known.
pub const TEMP_PREFIX: &str = ".pyramid-";
pub const TEMP_SUFFIX: &str = ".tmp";
/// How many letters and digits the random part of a name of ours has.
pub const RANDOM_CHARS: usize = 6;

/// Writes `text` to `path`, whole or not at all, as [`replace`] does.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    replace(path, |_| None, |out| out.write_all(text.as_bytes()))
}

/// Replaces the file at `path` (or makes it) with what `write` writes, whole or not at all.
/// The file there, if any, must be one this user may lose (see the module's comment); `refuse`
/// is then shown it and may give a reason to keep it. It stays locked until it is replaced,
/// so that no run starts writing to it in the meantime.
pub fn replace(
    path: &Path,
    refuse: impl FnOnce(&File) -> Option<String>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    Replacement::start(path, refuse)?.finish(write)
}

/// A replacement checked and not yet written: the file at the name, if any, found one that may
/// be replaced and held locked, and an empty temporary file beside it. A command that has more
/// to check before it writes anything starts it first; dropped unfinished, it removes its
/// temporary file and leaves the old file as it was.
pub struct Replacement {
    path: PathBuf,
    temp: NamedTempFile,
    /// The file being replaced, locked until it is.
    old: Option<File>,
}

impl Replacement {
    /// Checks the file at `path` as [`replace`] does, and makes the temporary file.
    pub fn start(
        path: &Path,
        refuse: impl FnOnce(&File) -> Option<String>,
    ) -> io::Result<Replacement> {
        // Looked at first, so that no temporary file is made beside a device.
        let exists = replaceable_kind(path)?;
        let temp = empty_temporary(folder_of(path))?;
        let old = if exists {
            Some(replaceable(path, temp.as_file(), refuse)?)
        } else {
            None
        };
        Ok(Replacement {
            path: path.to_path_buf(),
            temp,
            old,
        })
    }

    /// Writes the new content and puts it in the old file's place.
    pub fn finish(self, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
        let Replacement { path, temp, old } = self;
        // The file keeps who may read it.
        if let Some(old) = &old {
            temp.as_file()
                .set_permissions(old.metadata()?.permissions())?;
        }
        let mut out = BufWriter::new(temp.as_file());
        write(&mut out)?;
        out.into_inner().map_err(io::IntoInnerError::into_error)?;
        temp.as_file().sync_all()?;
        temp.persist(&path).map_err(|e| e.error)?;
        sync_folder(folder_of(&path))
    }
}

/// Whether there is something at `path`, refusing what is not a regular file: a link (which
/// the rename would replace, not its file), a folder, a device, a FIFO.
fn replaceable_kind(path: &Path) -> io::Result<bool> {
    let kind = match fs::symlink_metadata(path) {
        Ok(meta) => meta.file_type(),
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(false),
        Err(error) => return Err(error),
    };
    if kind.is_symlink() {
        return Err(refused("it is a link; name the file itself"));
    }
    if kind.is_dir() {
        return Err(refused("it is a folder"));
    }
    if !kind.is_file() {
        return Err(not_regular());
    }
    Ok(true)
}

fn not_regular() -> io::Error {
    refused("it is not a regular file (a device, a FIFO or a socket), and is left as it is")
}

/// The regular file at `path`, opened and locked, when it may be replaced. `temp` is a file of
/// this user's, to compare owners with. What is opened is checked again: the path may have
/// changed since it was looked at.
fn replaceable(
    path: &Path,
    temp: &File,
    refuse: impl FnOnce(&File) -> Option<String>,
) -> io::Result<File> {
    let old = text_file::open(path, fs::OpenOptions::new().read(true), Expect::Regular).map_err(
        |error| match error {
            TextFileError::Io(error) => error,
            TextFileError::NotAFile => not_regular(),
            other => refused(&other.to_string()),
        },
    )?;
    if !same_owner(&old, temp)? {
        return Err(refused("it belongs to another user"));
    }
    // Any other failure to lock is a file system without locks: then nothing holds it.
    if let Err(TryLockError::WouldBlock) = old.try_lock() {
        return Err(refused(
            "another program holds it locked (a stats run writing to it?)",
        ));
    }
    if let Some(reason) = refuse(&old) {
        return Err(refused(&reason));
    }
    Ok(old)
}

/// Why a file is not replaced, as an error to report.
fn refused(reason: &str) -> io::Error {
    io::Error::new(io::ErrorKind::AlreadyExists, reason.to_string())
}

#[cfg(unix)]
fn same_owner(old: &File, temp: &File) -> io::Result<bool> {
    use std::os::unix::fs::MetadataExt;
    Ok(old.metadata()?.uid() == temp.metadata()?.uid())
}

/// Elsewhere a file the program may rename over is taken as the user's.
#[cfg(not(unix))]
#[allow(clippy::unnecessary_wraps)]
fn same_owner(_: &File, _: &File) -> io::Result<bool> {
    Ok(true)
}

/// The folder a file is in, `.` for a bare name.
pub fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    }
}

/// A new file in `folder` holding `text`, synced to disk (see [`empty_temporary`]). Written
/// through its `File`, whose errors are the system's alone: the temporary file's own would
/// add its random name (see [`plain`]).
pub fn temporary(folder: &Path, text: &str) -> io::Result<NamedTempFile> {
    let temp = empty_temporary(folder)?;
    temp.as_file().write_all(text.as_bytes())?;
    temp.as_file().sync_all()?;
    Ok(temp)
}

/// A new empty file in `folder`, under a random name that did not exist before (created with
/// `O_EXCL`), so no link placed in the folder is written through. It is removed when dropped
/// (as when a write fails, or Ctrl-C stops it) unless it is persisted.
fn empty_temporary(folder: &Path) -> io::Result<NamedTempFile> {
    make_folder(folder)?;
    let mut builder = tempfile::Builder::new();
    builder
        .prefix(TEMP_PREFIX)
        .suffix(TEMP_SUFFIX)
        .rand_bytes(RANDOM_CHARS);
    // As any new file: readable by those the user's umask lets read it, not this user alone.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    builder.tempfile_in(folder).map_err(plain)
}

/// The system's error as a person reads it (`permission denied`): tempfile adds the random
/// name of the file it tried, in Rust's quoting (`... at path "/saves/.pyramid-ww7rTE.tmp"`),
/// a name the user never gave and never sees again.
pub fn plain(error: io::Error) -> io::Error {
    match error.kind() {
        io::ErrorKind::Other => error,
        kind => io::Error::from(kind),
    }
}

/// Makes `folder` and those above it. Where one of them is a file, the error says so, rather
/// than the system's "File exists".
pub fn make_folder(folder: &Path) -> io::Result<()> {
    fs::create_dir_all(folder).map_err(|error| match folder.ancestors().find(|a| a.is_file()) {
        Some(file) => io::Error::new(
            io::ErrorKind::NotADirectory,
            format!("{} is a file, not a folder", shown_path(file)),
        ),
        None => error,
    })
}

/// Makes a rename in `folder` last through a power cut: the new name is on disk only once the
/// folder itself is synced.
pub fn sync_folder(folder: &Path) -> io::Result<()> {
    #[cfg(unix)]
    File::open(folder)?.sync_all()?;
    #[cfg(not(unix))]
    fs::metadata(folder)?;
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn a_folder_that_cannot_be_written_gives_the_system_s_plain_message() {
        // No one, the superuser neither, may make a file in /sys.
        let folder = Path::new("/sys");
        if !folder.is_dir() {
            eprintln!("skipped: no /sys");
            return;
        }
        let error = replace(&folder.join("deals.txt"), |_| None, |_| Ok(())).expect_err("refused");
        assert_eq!(error.to_string(), "permission denied");
    }

    /// The names in a folder, sorted: what a write left there, for every test of the store.
    pub(crate) fn names(folder: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(folder)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_file_is_left() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        write_atomically(&path, "one").unwrap();
        write_atomically(&path, "two").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(names(dir.path()), ["a.txt"]);
    }

    #[test]
    fn a_write_that_fails_keeps_the_old_file_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        fs::write(&path, "old").unwrap();
        let error = replace(
            &path,
            |_| None,
            |out| {
                out.write_all(&vec![b'x'; 100_000])?;
                Err(io::Error::other("stopped"))
            },
        )
        .unwrap_err();
        assert_eq!(error.to_string(), "stopped");
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(names(dir.path()), ["a.txt"]);
    }

    #[test]
    fn a_file_the_caller_refuses_or_another_program_locks_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        fs::write(&path, "precious").unwrap();
        let error = replace(
            &path,
            |_| Some("it is precious".to_string()),
            |out| out.write_all(b"x"),
        )
        .unwrap_err();
        assert_eq!(error.to_string(), "it is precious");
        let holder = File::open(&path).unwrap();
        holder.lock().unwrap();
        let error = write_atomically(&path, "x").unwrap_err();
        assert!(error.to_string().contains("locked"), "{error}");
        drop(holder);
        assert_eq!(fs::read_to_string(&path).unwrap(), "precious");
        assert_eq!(names(dir.path()), ["a.txt"]);
        write_atomically(&path, "x").unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_a_folder_a_device_or_a_fifo_at_the_name_is_left_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        fs::write(&victim, "keep me").unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        let error = write_atomically(&link, "x").unwrap_err();
        assert!(error.to_string().contains("it is a link"), "{error}");
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        let error = write_atomically(Path::new("/dev/null"), "x").unwrap_err();
        assert!(error.to_string().contains("not a regular file"), "{error}");
        let error = write_atomically(dir.path(), "x").unwrap_err();
        assert!(error.to_string().contains("folder"), "{error}");
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|status| status.success()) {
            let error = write_atomically(&fifo, "x").unwrap_err();
            assert!(error.to_string().contains("not a regular file"), "{error}");
        }
        assert_eq!(fs::read_to_string(&victim).unwrap(), "keep me");
        let mut left = names(dir.path());
        left.retain(|name| name.starts_with(TEMP_PREFIX));
        assert!(left.is_empty(), "{left:?}");
    }
}

//! Opening and reading the files the user names (a deal file, standard input, a save, a theme,
//! a results file) with a size limit, so that no input can hang the program or fill its
//! memory: a whole text (a deal, a save, a theme) comes only from a regular file, so a huge
//! file, a FIFO or a link to `/dev/zero` is refused with a message; a file of many deals, read
//! one bounded line at a time, may also be a FIFO, a pipe or a device. Line ends are read as
//! every tool writes them (LF, CRLF, or CR alone, as terminals paste) and a UTF-8 byte-order
//! mark is skipped.
//!
//! Every such path is opened by [`open`], once, and what was opened is checked, never the path
//! before it: a path swapped for a FIFO between a look and an open cannot hang the program.

use std::fs;
use std::io::{BufRead, Read};
use std::path::Path;

/// The most a deal, a saved game or a theme may take: each is a few kilobytes at most.
pub const MAX_BYTES: u64 = 1 << 20;

/// The most a line of a file of many deals may take: a deal on one line is under 200 bytes.
pub const MAX_LINE_BYTES: usize = 4 << 10;

/// Why a text could not be read.
#[derive(Debug, thiserror::Error)]
pub enum TextFileError {
    #[error("{}", crate::store::system_error::plainly(.0))]
    Io(#[from] std::io::Error),
    #[error("it is larger than 1 MiB, far more than a deal or a saved game")]
    TooLarge,
    #[error("it is not a regular file")]
    NotAFile,
    #[error("it is a folder")]
    Folder,
    #[error("it is not UTF-8 text")]
    NotText,
    #[error("line {0} runs on for more than 1 MiB without a line end: it is not a text of lines")]
    EndlessLine(usize),
}

impl TextFileError {
    /// Whether the file is simply not there.
    pub fn is_not_found(&self) -> bool {
        matches!(self, Self::Io(e) if e.kind() == std::io::ErrorKind::NotFound)
    }
}

/// What a path must turn out to be once opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// A regular file (a link is followed): a FIFO, a device or a folder is refused, without
    /// waiting for a FIFO's other end.
    Regular,
    /// A stream of lines: a regular file, a FIFO, a pipe or a device; only a folder is
    /// refused. A FIFO waits for its writer, as a command reading one is expected to.
    Stream,
}

/// Opens a path the user named, once, with `options`, and checks what was opened: as
/// [`Expect`] says. For [`Expect::Regular`] the file is opened without blocking (on Unix), so
/// that a FIFO with no other end, or a device that waits, is refused at once rather than
/// hanging the program, whatever the path was a moment before.
pub fn open(
    path: &Path,
    options: &fs::OpenOptions,
    expect: Expect,
) -> Result<fs::File, TextFileError> {
    let mut options = options.clone();
    if expect == Expect::Regular {
        without_waiting(&mut options, path)?;
    }
    let file = options.open(path).map_err(|error| {
        if error.kind() == std::io::ErrorKind::IsADirectory {
            TextFileError::Folder
        } else {
            TextFileError::Io(error)
        }
    })?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(TextFileError::Folder);
    }
    if expect == Expect::Regular && !meta.is_file() {
        return Err(TextFileError::NotAFile);
    }
    Ok(file)
}

/// Makes opening a FIFO or a device return at once (`O_NONBLOCK`); reading and writing a
/// regular file do not heed it.
#[cfg(unix)]
#[allow(clippy::unnecessary_wraps)]
fn without_waiting(options: &mut fs::OpenOptions, _: &Path) -> Result<(), TextFileError> {
    use std::os::unix::fs::OpenOptionsExt;
    options.custom_flags(libc::O_NONBLOCK);
    Ok(())
}

/// Elsewhere, a path is looked at before it is opened: there is no FIFO to wait on there, and
/// a device is refused from its look.
#[cfg(not(unix))]
fn without_waiting(_: &mut fs::OpenOptions, path: &Path) -> Result<(), TextFileError> {
    match fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err(TextFileError::Folder),
        Ok(meta) if !meta.is_file() => Err(TextFileError::NotAFile),
        _ => Ok(()),
    }
}

/// Reads a regular file (a link is followed) of at most [`MAX_BYTES`]. Anything else, such as
/// a FIFO or a device, is refused without waiting on it; so is a larger file, from its size.
pub fn read_path(path: &Path) -> Result<String, TextFileError> {
    let file = open(path, fs::OpenOptions::new().read(true), Expect::Regular)?;
    // The size says at once that a file is too large, with nothing of it read; the limited
    // read still holds should it grow after this look.
    if file.metadata()?.len() > MAX_BYTES {
        return Err(TextFileError::TooLarge);
    }
    read_limited(file)
}

/// Reads at most [`MAX_BYTES`] from a reader, refusing more, and returns the text with its line
/// ends made `\n`.
pub fn read_limited(reader: impl Read) -> Result<String, TextFileError> {
    let mut bytes = Vec::new();
    reader.take(MAX_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(TextFileError::TooLarge);
    }
    let text = String::from_utf8(bytes).map_err(|_| TextFileError::NotText)?;
    Ok(normalize(&text))
}

/// One line of a file read line by line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// The line, without its line end.
    Text(String),
    /// A line longer than [`MAX_LINE_BYTES`], of this many bytes, skipped without keeping it.
    TooLong(usize),
    /// A line that is not UTF-8.
    NotText,
}

/// A file or standard input read one bounded line at a time, so that a file of any number of
/// lines is read in constant memory: each line keeps at most [`MAX_LINE_BYTES`], and a "line"
/// of more than [`MAX_BYTES`] (such as `/dev/zero`) stops the reading with an error.
/// Line ends are LF, CRLF or CR alone; a byte-order mark before the first line is skipped.
pub struct Lines<R> {
    reader: R,
    number: usize,
    after_cr: bool,
}

impl<R: BufRead> Lines<R> {
    /// Lines from a buffered reader.
    pub fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            number: 0,
            after_cr: false,
        }
    }

    fn read_line(&mut self) -> Result<Option<Line>, TextFileError> {
        let mut kept = Vec::new();
        let mut length = 0;
        let mut started = false;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            if buffer.is_empty() {
                if !started {
                    return Ok(None);
                }
                break;
            }
            // The LF of a CRLF whose CR ended the line before.
            if std::mem::take(&mut self.after_cr) && buffer[0] == b'\n' {
                self.reader.consume(1);
                continue;
            }
            started = true;
            let end = buffer.iter().position(|&b| b == b'\n' || b == b'\r');
            let piece = &buffer[..end.unwrap_or(buffer.len())];
            length += piece.len();
            if kept.len() <= MAX_LINE_BYTES {
                let room = MAX_LINE_BYTES + 1 - kept.len();
                kept.extend_from_slice(&piece[..piece.len().min(room)]);
            }
            if let Some(end) = end {
                self.after_cr = buffer[end] == b'\r';
                self.reader.consume(end + 1);
                break;
            }
            let used = buffer.len();
            self.reader.consume(used);
            if length as u64 > MAX_BYTES {
                return Err(TextFileError::EndlessLine(self.number + 1));
            }
        }
        self.number += 1;
        if self.number == 1 && kept.starts_with("\u{feff}".as_bytes()) {
            kept.drain(..3);
            length -= 3;
        }
        if length > MAX_LINE_BYTES {
            return Ok(Some(Line::TooLong(length)));
        }
        Ok(Some(
            String::from_utf8(kept).map_or(Line::NotText, Line::Text),
        ))
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    /// The line's number (from 1) and the line, or why reading stopped.
    type Item = Result<(usize, Line), TextFileError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read_line()
            .map(|line| line.map(|line| (self.number, line)))
            .transpose()
    }
}

/// The text without a leading byte-order mark and with CRLF and lone CR line ends made `\n`.
pub fn normalize(text: &str) -> String {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.replace("\r\n", "\n").replace('\r', "\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    #[test]
    fn every_line_end_and_a_byte_order_mark_read_the_same() {
        for text in ["\u{feff}a\nb\n", "a\r\nb\r\n", "a\rb\r", "\u{feff}a\r\nb\r"] {
            assert_eq!(normalize(text), "a\nb\n", "{text:?}");
        }
    }

    #[test]
    fn more_than_the_limit_is_refused_without_reading_it_all() {
        let endless = std::io::repeat(b'x');
        assert!(matches!(
            read_limited(endless),
            Err(TextFileError::TooLarge)
        ));
        let exactly = std::io::repeat(b'x').take(MAX_BYTES);
        assert_eq!(
            read_limited(exactly).map(|t| t.len() as u64).ok(),
            Some(MAX_BYTES)
        );
    }

    #[test]
    fn bytes_that_are_not_text_are_refused() {
        assert!(matches!(
            read_limited(&[0xff, 0xfe, 0x00][..]),
            Err(TextFileError::NotText)
        ));
    }

    /// Bytes this thread has read so far, where Linux counts them.
    fn bytes_read_by_this_thread() -> Option<u64> {
        let io = fs::read_to_string("/proc/thread-self/io").ok()?;
        io.lines()
            .find_map(|line| line.strip_prefix("rchar: "))
            .and_then(|n| n.trim().parse().ok())
    }

    #[test]
    fn a_file_too_large_is_refused_from_its_size_without_reading_it() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("huge.txt");
        fs::File::create(&path)
            .and_then(|file| file.set_len(10 << 20))
            .expect("a large file");
        let Some(before) = bytes_read_by_this_thread() else {
            eprintln!("skipped: this system does not count the bytes a thread reads");
            return;
        };
        assert!(matches!(read_path(&path), Err(TextFileError::TooLarge)));
        let read = bytes_read_by_this_thread().unwrap_or(u64::MAX) - before;
        assert!(read < 4096, "{read} bytes read");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_or_a_device_is_refused_at_once() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let fifo = dir.path().join("x.txt");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            assert!(matches!(read_path(&fifo), Err(TextFileError::NotAFile)));
        }
        let link = dir.path().join("zero.txt");
        std::os::unix::fs::symlink("/dev/zero", &link).expect("a link");
        assert!(matches!(read_path(&link), Err(TextFileError::NotAFile)));
        assert!(matches!(read_path(dir.path()), Err(TextFileError::Folder)));
        assert!(matches!(
            read_path(&dir.path().join("none.txt")),
            Err(TextFileError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound
        ));
    }

    #[cfg(unix)]
    #[test]
    fn a_path_swapped_between_a_file_and_a_fifo_never_hangs_a_read() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, Ordering};
        let dir = tempfile::tempdir().expect("a temporary folder");
        let (file, fifo) = (dir.path().join("file"), dir.path().join("fifo"));
        fs::write(&file, "Ah").expect("a file");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipped: mkfifo is not there");
            return;
        }
        let path = dir.path().join("deal.txt");
        let stop = Arc::new(AtomicBool::new(false));
        let swapper = {
            let (dir, path, stop) = (dir.path().to_path_buf(), path.clone(), Arc::clone(&stop));
            std::thread::spawn(move || {
                let next = dir.join("next");
                while !stop.load(Ordering::Relaxed) {
                    for source in [&file, &fifo] {
                        let _ = fs::remove_file(&next);
                        let _ =
                            fs::hard_link(source, &next).and_then(|()| fs::rename(&next, &path));
                    }
                }
            })
        };
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for _ in 0..300_000 {
                let _ = read_path(&path);
            }
            let _ = send.send(());
        });
        let finished = receive.recv_timeout(std::time::Duration::from_secs(30));
        stop.store(true, Ordering::Relaxed);
        let _ = swapper.join();
        assert!(finished.is_ok(), "a read waited on the FIFO for a writer");
    }

    fn lines_of(bytes: &[u8]) -> Vec<Line> {
        Lines::new(bytes)
            .map(|line| line.expect("read").1)
            .collect()
    }

    #[test]
    fn lines_end_any_way_and_keep_empty_ones() {
        let text = |t: &str| Line::Text(t.to_string());
        let want = vec![text("a"), text(""), text("b"), text("c")];
        assert_eq!(lines_of(b"a\n\nb\nc"), want);
        assert_eq!(lines_of(b"a\r\n\r\nb\r\nc\r\n"), want);
        assert_eq!(lines_of(b"a\r\rb\rc\r"), want);
        assert_eq!(lines_of("\u{feff}a\n\nb\nc\n".as_bytes()), want);
        assert_eq!(lines_of(b""), vec![]);
        assert_eq!(lines_of(b"\xff\nok"), vec![Line::NotText, text("ok")]);
    }

    #[test]
    fn a_long_line_is_skipped_and_an_endless_one_stops_the_reading() {
        let mut bytes = vec![b'x'; 50_000];
        bytes.extend_from_slice(b"\nnext\n");
        assert_eq!(
            lines_of(&bytes),
            vec![Line::TooLong(50_000), Line::Text("next".into())]
        );
        let endless = BufReader::new(std::io::repeat(0));
        let mut lines = Lines::new(endless);
        assert!(matches!(
            lines.next(),
            Some(Err(TextFileError::EndlessLine(1)))
        ));
    }
}

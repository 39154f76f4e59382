//! Printing for the commands. A write to standard output or standard error that fails ends the
//! program at once: when the reader has gone (a broken pipe, as when the output is piped into
//! `head`) quietly with [`EXIT_BROKEN_PIPE`], since the reader has had all it wants; on any other
//! failure (a full disk) with a message, if standard error can still take one, and exit code 2.
//! Nothing printed can panic, and no work goes on for a reader that is gone.

use std::fmt::Display;
use std::io::{ErrorKind, Write};

use solitaire::engine::verdict::EXIT_BAD_INPUT;

/// Exit code: standard output or standard error was closed by its reader (128 plus SIGPIPE's
/// number, as shells report a program that a broken pipe stopped).
pub const EXIT_BROKEN_PIPE: u8 = 141;

/// Writes to standard output, flushed at once so that a closed pipe is seen at once.
pub fn out(text: impl Display) {
    let mut stdout = std::io::stdout().lock();
    if let Err(error) = write!(stdout, "{text}").and_then(|()| stdout.flush()) {
        fail("standard output", &error);
    }
}

/// Writes a long stream to standard output through a buffer: a failed write to it ends the
/// program as [`out`]'s does, so an error handed back is one of `write`'s own.
pub fn out_with(write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> std::io::Result<()> {
    let mut stdout = std::io::BufWriter::new(Stdout(std::io::stdout().lock()));
    write(&mut stdout)?;
    // A failure here ends the program, in `Stdout`.
    let _ = stdout.flush();
    Ok(())
}

/// Standard output, whose every failure ends the program.
struct Stdout<'a>(std::io::StdoutLock<'a>);

impl Write for Stdout<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .write(bytes)
            .or_else(|error| fail("standard output", &error))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0
            .flush()
            .or_else(|error| fail("standard output", &error))
    }
}

/// Writes to standard error.
pub fn err(text: impl Display) {
    let mut stderr = std::io::stderr().lock();
    if let Err(error) = write!(stderr, "{text}").and_then(|()| stderr.flush()) {
        fail("standard error", &error);
    }
}

/// Ends the program after a failed write, with the code for it.
fn fail(stream: &str, error: &std::io::Error) -> ! {
    if error.kind() == ErrorKind::BrokenPipe {
        std::process::exit(i32::from(EXIT_BROKEN_PIPE));
    }
    // Standard error may be the stream that failed: then nothing more can be said.
    let _ = writeln!(
        std::io::stderr(),
        "pyramid: cannot write {stream}: {}",
        crate::store::system_error::plainly(error)
    );
    std::process::exit(i32::from(EXIT_BAD_INPUT));
}

//! The system's errors in a person's words: "no such file or folder", "permission denied",
//! never the system's own text with its number ("No such file or directory (os error 2)"), which
//! says nothing more to a user and reads as a crash. Every message that reaches a user and
//! carries an [`io::Error`] words it with [`plainly`].

use std::io;

/// What went wrong, in plain lower-case words. An error the program made itself with its own
/// message keeps that message; one from the system is worded by its kind, and a kind with no
/// words here keeps the system's text without its number.
pub fn plainly(error: &io::Error) -> String {
    if error.raw_os_error().is_none()
        && let Some(inner) = error.get_ref()
    {
        return inner.to_string();
    }
    match words_for(error.kind()) {
        Some(words) => words.to_string(),
        None => without_number(&error.to_string()),
    }
}

/// The words for the kinds of error a user meets when naming, reading or writing files.
fn words_for(kind: io::ErrorKind) -> Option<&'static str> {
    use io::ErrorKind as K;
    Some(match kind {
        K::NotFound => "no such file or folder",
        K::PermissionDenied => "permission denied",
        K::AlreadyExists => "it already exists",
        K::IsADirectory => "it is a folder",
        K::NotADirectory => "a part of the path is a file, not a folder",
        K::DirectoryNotEmpty => "the folder is not empty",
        K::StorageFull => "the disk is full",
        K::QuotaExceeded => "the disk quota is used up",
        K::ReadOnlyFilesystem => "the disk is read-only",
        K::FileTooLarge => "the file is too large",
        K::InvalidFilename => "the name is too long or not allowed",
        K::CrossesDevices => "it is on another disk",
        K::ResourceBusy | K::ExecutableFileBusy => "it is busy",
        K::TooManyLinks => "too many links",
        K::BrokenPipe => "the other end was closed",
        K::Interrupted => "interrupted",
        K::TimedOut => "timed out",
        K::UnexpectedEof => "it ended too soon",
        K::InvalidData => "it is not valid text",
        K::OutOfMemory => "out of memory",
        K::Unsupported => "this system cannot do that",
        _ => return None,
    })
}

/// The system's text without its trailing `(os error N)`, starting lower-case as the rest of
/// a message does.
fn without_number(text: &str) -> String {
    let text = match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => &text[..at],
        _ => text,
    };
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_errors_are_worded_without_their_number() {
        let missing = io::Error::from_raw_os_error(2);
        assert!(missing.to_string().contains("os error"), "{missing}");
        assert_eq!(plainly(&missing), "no such file or folder");
        assert_eq!(
            plainly(&io::Error::from(io::ErrorKind::PermissionDenied)),
            "permission denied"
        );
    }

    #[test]
    fn a_kind_without_words_keeps_the_system_text_without_its_number() {
        assert_eq!(
            without_number("Too many open files (os error 24)"),
            "too many open files"
        );
        let plain = plainly(&io::Error::from_raw_os_error(24));
        assert!(!plain.contains("os error"), "{plain}");
    }

    #[test]
    fn an_error_with_its_own_message_keeps_it() {
        let own = io::Error::new(io::ErrorKind::NotADirectory, "/a/b is a file, not a folder");
        assert_eq!(plainly(&own), "/a/b is a file, not a folder");
    }
}

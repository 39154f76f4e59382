//! The theme reader on any text: it never panics; a bad theme is an error naming the file.
//!
//! The reader lives in the binary, so its module (and the bounded file reader it uses) is
//! compiled in here from its source file.

#![no_main]
#![allow(dead_code)]

#[path = "../../src/store/text_file.rs"]
mod text_file;
#[path = "../../src/app/theme.rs"]
mod theme;
/// Where the theme reader finds the file reader in the program.
mod store {
    pub(crate) use super::text_file;
}

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Err(error) = theme::Theme::parse(text, "fuzz.toml") {
        assert!(error.to_string().contains("fuzz.toml"), "{error}");
    }
});

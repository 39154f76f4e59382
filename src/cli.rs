//! The headless commands: the command line's arguments, reading deal files, `solve`, `hint`
//! and `validate` with each game's answers in words and JSON, `batch` and `stats`.

pub mod args;
pub mod batch;
pub mod challenge;
pub mod console;
pub mod input;
pub mod json;
pub mod klondike_output;
pub mod output;
pub mod pool;
pub mod stats;
pub mod times;
pub mod tripeaks_output;

//! The `deal` command: a new random deal of a game to practise on, in the game's file format
//! (the text `solve` reads), with the seed that deals it again; on standard output, or with
//! `--out` in a new file through the one safe writer.

use std::fs::File;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use solitaire::cards::excerpt::shown_path;
use solitaire::engine::verdict::EXIT_OK;

use crate::cli::args::DealArgs;
use crate::cli::console;
use crate::cli::input::InputError;
use crate::store::atomic_write::replace;

/// Seeds drawn at random stay below this, so that one is short to type again.
const RANDOM_SEEDS: u64 = 1_000_000;

/// Deals the game's deal of the seed given (else of one drawn at random), writes it, and says
/// the seed on standard error, out of the deal's way.
pub fn run(args: &DealArgs) -> Result<u8, InputError> {
    let seed = args.seed.unwrap_or_else(random_seed);
    let text = args.game.dealt(seed);
    let whither = match &args.out {
        None => {
            console::out(&text);
            String::new()
        }
        Some(path) => {
            write_new(path, &text)?;
            format!(" --out {}", shown_path(path))
        }
    };
    console::err(format_args!(
        "{} deal of seed {seed}: `pyramid deal --game {} --seed {seed}{whither}` deals it again\n",
        args.game,
        args.game.id()
    ));
    Ok(EXIT_OK)
}

/// A seed from the clock and the process: a different deal each time.
fn random_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.subsec_nanos());
    (u64::from(nanos) ^ u64::from(std::process::id()).rotate_left(20)) % RANDOM_SEEDS
}

/// Writes the deal to `path` through the safe writer: a new file, or an empty one; a file that
/// holds anything is kept.
fn write_new(path: &Path, text: &str) -> Result<(), InputError> {
    replace(path, refusal, |out| out.write_all(text.as_bytes())).map_err(|error| {
        InputError::Usage(format!(
            "cannot write {}: {}",
            shown_path(path),
            crate::store::system_error::plainly(&error)
        ))
    })
}

/// Why the file at `--out`'s name is kept: it holds something a deal would replace.
fn refusal(old: &File) -> Option<String> {
    let holds = old.metadata().map_or(1, |metadata| metadata.len());
    (holds > 0).then(|| {
        "the file is not empty, and deal writes only a new file: name another one".to_string()
    })
}

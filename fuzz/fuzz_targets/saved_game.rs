//! The saved-game and draft readers on any text: they never panic, and what they accept can
//! be written out again.

#![no_main]

use libfuzzer_sys::fuzz_target;
use pyramid::saved_game::{Draft, SavedDeal};

fuzz_target!(|text: &str| {
    if let Ok(saved) = SavedDeal::parse(text, "fuzz") {
        let _ = saved.to_text();
        let _ = saved.game();
    }
    if let Some(draft) = Draft::parse(text) {
        let _ = draft.to_text();
    }
});

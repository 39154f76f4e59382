//! The saved-game and draft readers, of both games, on any text: they never panic, and a game
//! they accept reads back the same from the text it is saved as.

#![no_main]

use libfuzzer_sys::fuzz_target;
use solitaire::games::pyramid::saved::{Draft, SavedDeal};
use solitaire::games::tripeaks::saved::{SavedTriPeaks, TriPeaksDraft};

fuzz_target!(|text: &str| {
    if let Ok(saved) = SavedDeal::parse(text, "fuzz") {
        let again = SavedDeal::parse(&saved.to_text(), "fuzz");
        assert_eq!(again.as_ref(), Ok(&saved));
        let _ = saved.game();
    }
    if let Some(draft) = Draft::parse(text) {
        let _ = draft.to_text();
        let _ = draft.to_named_text("fuzz", "", &[]);
    }
    if let Ok(saved) = SavedTriPeaks::parse(text, "fuzz") {
        let again = SavedTriPeaks::parse(&saved.to_text(), "fuzz");
        assert_eq!(again.as_ref(), Ok(&saved));
        let _ = saved.game();
    }
    if let Some(draft) = TriPeaksDraft::parse(text) {
        assert_eq!(TriPeaksDraft::parse(&draft.to_text()).as_ref(), Some(&draft));
        let _ = draft.to_named_text("fuzz", "", &[]);
    }
});

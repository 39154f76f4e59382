//! The deal reader on any text: it never panics, and a deal it accepts reads back the same
//! from both of the forms it writes (one line, and the drawn layout).

#![no_main]

use libfuzzer_sys::fuzz_target;
use solitaire::{Deal, GameKind};

fuzz_target!(|text: &str| {
    if let Ok(deal) = Deal::parse(text) {
        assert_eq!(Deal::parse(&deal.to_line()).as_ref(), Ok(&deal));
        assert_eq!(Deal::parse(&deal.to_layout(GameKind::Pyramid)).as_ref(), Ok(&deal));
    }
});

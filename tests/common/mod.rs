//! Shared helpers for the integration tests: the deal fixtures and a replay through the
//! referee.

#![allow(dead_code)]

use pyramid::Deal;
use pyramid::pyramid::{Move, Position, Rules};

/// The path of a fixture under `tests/data`.
pub fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A fixture deal.
pub fn deal(name: &str) -> Deal {
    let text = std::fs::read_to_string(data(name)).expect("fixture exists");
    Deal::parse(&text).expect("fixture is a valid deal")
}

/// The 1500 random deals with their known optimal lengths (0 = no solution).
pub fn random_1500() -> Vec<(usize, Deal)> {
    let text = std::fs::read_to_string(data("random-1500.tsv")).expect("fixture exists");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (length, cards) = line.split_once('\t').expect("length<TAB>deal");
            (
                length.parse().expect("a length"),
                Deal::parse(cards).expect("a valid deal"),
            )
        })
        .collect()
}

/// Replays moves in the referee from a position; panics on an illegal one.
pub fn replay(start: &Position, moves: &[Move]) -> Position {
    let mut position = start.clone();
    for (number, &mv) in moves.iter().enumerate() {
        if let Err(error) = position.apply(mv) {
            panic!(
                "step {} ({mv:?}) is illegal: {error}\n{position}",
                number + 1
            );
        }
    }
    position
}

/// A deal shuffled from a seed, with a small self-contained generator so the tests do not
/// depend on another crate's sequence.
pub fn shuffled(seed: u64) -> Deal {
    let mut state = seed ^ 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        // splitmix64
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut cards: Vec<pyramid::Card> = pyramid::Card::all().collect();
    for i in (1..cards.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        cards.swap(i, j);
    }
    Deal::from_cards(&cards).expect("a permutation of the deck")
}

/// A new game under the Microsoft Solitaire Collection rules.
pub fn start(deal: &Deal) -> Position {
    Position::new(deal, Rules::default())
}

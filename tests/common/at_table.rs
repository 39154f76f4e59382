//! Shared checks of the ranking of moves at the table, for every game that gives one.

use serde_json::Value;
use solitaire::engine::at_table::SampleBudget;
use solitaire::engine::search::Caps;

/// A budget of `deals` deals on two threads, no time limit, no cap.
pub fn budget(deals: usize) -> SampleBudget {
    SampleBudget {
        deals,
        time: None,
        threads: 2,
        caps: Caps::NONE,
        seed: 1,
    }
}

/// Checks `hint --json`'s ranking against the `legal` moves in the notation and the text
/// `said`: every legal move ranked once, the best first, each on `deals` deals with its chance
/// inside its interval and named in the text, and the best one named as such.
pub fn check_ranking(answer: &Value, said: &str, legal: &[String], deals: u64) {
    let moves = answer["moves"].as_array().expect("the moves");
    assert_eq!(moves.len(), legal.len(), "{answer}");
    let chance = |figures: &Value| figures["chance"].as_f64().expect("a chance");
    for (figures, next) in moves.iter().zip(moves.iter().skip(1)) {
        assert!(chance(figures) >= chance(next), "best first: {answer}");
    }
    for figures in moves {
        let named = figures["move"].as_str().expect("a move");
        assert!(legal.iter().any(|mv| mv == named), "{named} is legal");
        assert_eq!(figures["deals"], deals, "{figures}");
        let (low, high) = (figures["low"].as_f64(), figures["high"].as_f64());
        let (low, high) = (low.expect("low"), high.expect("high"));
        assert!(
            low <= chance(figures) && chance(figures) <= high,
            "{figures}"
        );
        assert!(
            said.contains(&format!("{named}: ")) || said.contains(&format!("Best: {named} (")),
            "{said}"
        );
    }
    let best = answer["best"].as_str().expect("a best move");
    assert_eq!(moves[0]["move"], best);
    assert!(said.contains(&format!("Best: {best} (")), "{said}");
    assert_eq!(
        (answer["deals"].clone(), answer["exact"].clone()),
        (deals.into(), false.into())
    );
    let first = format!("{:.0}%", chance(&moves[0]) * 100.0);
    assert!(said.contains(&format!("win chance {first} ± ")), "{said}");
}

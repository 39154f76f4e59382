//! Klondike's exact solver against the plain exhaustive search over the referee's moves: the
//! same verdict on small random deals under every rule set and on Solvitaire's four small
//! decks, and every line it gives replayed on the referee to a win; full deals solved and
//! replayed; unknown cards, a won game, and a stopped search.

mod common;

use common::klondike::{
    DECKS, SOLVITAIRE_TEST, StockOrder, every_rule_set, random_small, search, small,
};
use solitaire::Suit;
use solitaire::klondike::solver::{Verdict, solve};
use solitaire::klondike::{Game, Position};

/// Solves, and replays the line on the referee when there is one: it must win.
fn verdict(start: &Position) -> bool {
    let report = solve(start, &mut ());
    match report.answer.expect("no observer stops it") {
        Verdict::Solvable(line) => {
            let game = Game::replay(start.clone(), &line)
                .unwrap_or_else(|(at, why)| panic!("move {at} is illegal: {why}\n{start}"));
            assert!(game.position().is_won(), "the line wins\n{start}");
            true
        }
        Verdict::Unsolvable => false,
    }
}

/// The solver and the exhaustive search agree on `count` random deals of each shape under
/// every rule set.
fn cross_check(suits: &[Suit], ranks: u8, piles: usize, count: u64) -> (usize, usize) {
    let mut tally = (0, 0);
    for rules in every_rule_set() {
        for seed in 0..count {
            let start = random_small(seed, suits, ranks, piles, rules);
            let exhaustive = search(&start).is_some();
            assert_eq!(verdict(&start), exhaustive, "seed {seed}, {rules}\n{start}");
            if exhaustive {
                tally.0 += 1;
            } else {
                tally.1 += 1;
            }
        }
    }
    tally
}

#[test]
fn two_suits_of_ace_to_six_in_three_piles() {
    let (won, lost) = cross_check(&[Suit::Clubs, Suit::Diamonds], 6, 3, 12);
    assert!(won > 20 && lost > 20, "{won} won, {lost} lost");
}

#[test]
fn four_suits_of_ace_to_four_in_four_piles() {
    let (won, lost) = cross_check(&Suit::ALL, 4, 4, 8);
    assert!(won > 20 && lost > 20, "{won} won, {lost} lost");
}

#[test]
fn solvitaires_small_decks() {
    for (number, &(piles, stock, winnable)) in DECKS.iter().enumerate() {
        let start = small(piles, stock, StockOrder::LastListedFirst, SOLVITAIRE_TEST);
        assert_eq!(verdict(&start), winnable, "deck {}", number + 1);
    }
}

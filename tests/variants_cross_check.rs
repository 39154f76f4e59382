//! The Board solver under every rule variant (passes 1, 2, 3 and unlimited; strict or relaxed
//! pairing; the pyramid or all 52 cards to clear) against a plain breadth-first search over the
//! referee's positions, on small random positions: the same verdict and the same fewest steps,
//! and every solution replays to a win under those rules. `cargo test --release` checks every
//! eighth position; `-- --ignored` all of them.

mod common;

use std::collections::HashSet;

use common::{Breadth, key, next_layer, small_position};
use solitaire::games::pyramid::layout::touch;
use solitaire::games::pyramid::solver::{Outcome, solve};
use solitaire::games::pyramid::{Finish, Move, Passes, Place, Position, Rules};

/// The fewest steps to win, by breadth-first search; `None` when there is no way.
fn fewest_steps(start: &Position) -> Option<usize> {
    let mut seen = HashSet::from([key(start)]);
    let mut layer = vec![start.clone()];
    for depth in 0.. {
        if layer.is_empty() {
            return None;
        }
        if layer.iter().any(Position::is_won) {
            return Some(depth);
        }
        layer = next_layer(&layer, &mut seen);
    }
    unreachable!()
}

/// Whether a move pairs a pyramid card with one lying directly on it.
fn is_overlap(mv: Move) -> bool {
    matches!(mv, Move::Pair(Place::Pyramid(a), Place::Pyramid(b)) if touch(a as usize, b as usize))
}

/// The quick command's share of the positions.
const SAMPLE: Breadth = Breadth::Sample { stride: 8 };

/// Checks the solver against the search on the `breadth` of `count` positions; how many were
/// won, and how many of those solutions use a relaxed pair.
fn cross_check(rules: Rules, breadth: Breadth, count: u64) -> (usize, usize) {
    let (mut solved, mut overlaps) = (0, 0);
    for seed in breadth.of(0..count) {
        let start = small_position(seed, rules);
        let truth = fewest_steps(&start);
        let report = solve(&start, &mut ());
        match (&report.outcome, truth) {
            (Outcome::Solved(moves), Some(steps)) => {
                assert_eq!(moves.len(), steps, "{rules}, seed {seed}");
                assert!(
                    common::replay(&start, moves).is_won(),
                    "{rules}, seed {seed}"
                );
                solved += 1;
                overlaps += usize::from(moves.iter().copied().any(is_overlap));
            }
            (Outcome::NoSolution(_), None) => {}
            (outcome, truth) => panic!("{rules}, seed {seed}: {outcome:?} but {truth:?}"),
        }
    }
    (solved, overlaps)
}

fn every_number_of_passes(breadth: Breadth) {
    for passes in [Passes::Limited(1), Passes::Limited(2), Passes::Unlimited] {
        let rules = Rules {
            passes,
            ..Rules::default()
        };
        let (solved, _) = cross_check(rules, breadth, 400);
        assert!(solved > breadth.share(10), "{rules}: only {solved} won");
    }
}

fn relaxed_pairing(breadth: Breadth) {
    for passes in [Passes::Limited(1), Passes::Limited(3), Passes::Unlimited] {
        let rules = Rules {
            passes,
            relaxed: true,
            ..Rules::default()
        };
        let (solved, overlaps) = cross_check(rules, breadth, 400);
        assert!(solved > breadth.share(10), "{rules}: only {solved} won");
        assert!(overlaps > 0, "{rules}: no solution used a relaxed pair");
    }
}

fn clearing_all_cards(breadth: Breadth) {
    for passes in [Passes::Limited(1), Passes::Limited(3), Passes::Unlimited] {
        for relaxed in [false, true] {
            let rules = Rules {
                passes,
                relaxed,
                finish: Finish::AllCards,
            };
            let (solved, _) = cross_check(rules, breadth, 300);
            assert!(solved > breadth.share(10), "{rules}: only {solved} won");
        }
    }
}

#[test]
fn every_number_of_passes_matches_a_breadth_first_search() {
    every_number_of_passes(SAMPLE);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn every_number_of_passes_matches_a_breadth_first_search_in_full() {
    every_number_of_passes(Breadth::Full);
}

#[test]
fn relaxed_pairing_matches_a_breadth_first_search() {
    relaxed_pairing(SAMPLE);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn relaxed_pairing_matches_a_breadth_first_search_in_full() {
    relaxed_pairing(Breadth::Full);
}

#[test]
fn clearing_all_cards_matches_a_breadth_first_search() {
    clearing_all_cards(SAMPLE);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn clearing_all_cards_matches_a_breadth_first_search_in_full() {
    clearing_all_cards(Breadth::Full);
}

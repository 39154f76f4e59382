//! The Board solver under every rule variant (passes 1, 2, 3 and unlimited; strict or relaxed
//! pairing; the pyramid or all 52 cards to clear) against a plain breadth-first search over the
//! referee's positions, on small random positions: the same verdict and the same fewest steps,
//! and every solution replays to a win under those rules.

mod common;

use std::collections::HashSet;

use common::{key, next_layer, small_position};
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

/// Checks the solver against the search on `count` positions; how many were won, and how
/// many of those solutions use a relaxed pair.
fn cross_check(rules: Rules, count: u64) -> (usize, usize) {
    let (mut solved, mut overlaps) = (0, 0);
    for seed in 0..count {
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

#[test]
fn every_number_of_passes_matches_a_breadth_first_search() {
    for passes in [Passes::Limited(1), Passes::Limited(2), Passes::Unlimited] {
        let rules = Rules {
            passes,
            ..Rules::default()
        };
        let (solved, _) = cross_check(rules, 400);
        assert!(solved > 10, "{rules}: only {solved} won");
    }
}

#[test]
fn relaxed_pairing_matches_a_breadth_first_search() {
    for passes in [Passes::Limited(1), Passes::Limited(3), Passes::Unlimited] {
        let rules = Rules {
            passes,
            relaxed: true,
            ..Rules::default()
        };
        let (solved, overlaps) = cross_check(rules, 400);
        assert!(solved > 10, "{rules}: only {solved} won");
        assert!(overlaps > 0, "{rules}: no solution used a relaxed pair");
    }
}

#[test]
fn clearing_all_cards_matches_a_breadth_first_search() {
    for passes in [Passes::Limited(1), Passes::Limited(3), Passes::Unlimited] {
        for relaxed in [false, true] {
            let rules = Rules {
                passes,
                relaxed,
                finish: Finish::AllCards,
            };
            let (solved, _) = cross_check(rules, 300);
            assert!(solved > 10, "{rules}: only {solved} won");
        }
    }
}

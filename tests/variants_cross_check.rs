//! The Board solver under other passes through the stock (1, 2, unlimited) against a plain
//! breadth-first search over the referee's positions, on small random positions: the same
//! verdict and the same fewest steps, and every solution replays under those rules.

mod common;

use std::collections::HashSet;

use common::{key, small_position};
use pyramid::pyramid::solver::{Outcome, solve};
use pyramid::pyramid::{Passes, Position, Rules};

/// The fewest steps to clear the pyramid, by breadth-first search; `None` when it cannot be.
fn fewest_steps(start: &Position) -> Option<usize> {
    let mut seen = HashSet::from([key(start)]);
    let mut layer = vec![start.clone()];
    for depth in 0.. {
        if layer.is_empty() {
            return None;
        }
        if layer.iter().any(Position::is_cleared) {
            return Some(depth);
        }
        let mut next = Vec::new();
        for position in &layer {
            for mv in position.legal_moves() {
                let mut after = position.clone();
                after.apply(mv).expect("a legal move");
                if seen.insert(key(&after)) {
                    next.push(after);
                }
            }
        }
        layer = next;
    }
    unreachable!()
}

#[test]
fn every_number_of_passes_matches_a_breadth_first_search() {
    for passes in [Passes::Limited(1), Passes::Limited(2), Passes::Unlimited] {
        let rules = Rules { passes };
        let mut solved = 0;
        for seed in 0..400u64 {
            let start = small_position(seed, rules);
            let truth = fewest_steps(&start);
            let report = solve(&start, &mut ());
            match (&report.outcome, truth) {
                (Outcome::Solved(moves), Some(steps)) => {
                    assert_eq!(moves.len(), steps, "{passes:?}, seed {seed}");
                    let end = common::replay(&start, moves);
                    assert!(end.is_cleared());
                    solved += 1;
                }
                (Outcome::NoSolution(_), None) => {}
                (outcome, truth) => panic!("{passes:?}, seed {seed}: {outcome:?} but {truth:?}"),
            }
        }
        assert!(solved > 10, "{passes:?}: only {solved} solvable positions");
    }
}

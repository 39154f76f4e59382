//! Property tests on random deals: the referee's invariants, the solver's answers replayed,
//! and prompt cancellation.

mod common;

use std::collections::HashSet;

use common::{cards_in_play, replay, shuffled, start};
use proptest::prelude::*;
use solitaire::games::pyramid::solver::{CHECK_EVERY, Observer, Outcome, Stats, solve};
use solitaire::games::pyramid::{Move, Position};

/// Every card is in exactly one place: pyramid, stock, waste or removed.
fn cards_conserved(position: &Position) -> bool {
    let mut seen = HashSet::new();
    let all = cards_in_play(position)
        .into_iter()
        .chain(position.removed().iter().copied());
    all.into_iter().all(|card| seen.insert(card)) && seen.len() == 52
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random legal play: every listed move applies, nothing else changes the position, cards
    /// are conserved, and the score matches the cards removed.
    #[test]
    fn referee_invariants(seed in any::<u64>(), choices in prop::collection::vec(any::<u16>(), 0..150)) {
        let mut position = start(&shuffled(seed));
        for choice in choices {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            let before = position.clone();
            prop_assert!(position.apply(mv).is_ok());
            prop_assert!(cards_conserved(&position));
            prop_assert!(position.score() >= before.score());
            if let Move::Pair(..) | Move::King(_) = mv {
                prop_assert!(position.removed().len() > before.removed().len());
            }
            prop_assert!(position.recycles_used() <= 2);
            // An illegal move is refused and leaves the position as it was.
            let mut copy = position.clone();
            if copy.apply(Move::Recycle).is_err() {
                prop_assert_eq!(&copy, &position);
            }
        }
    }

    /// The solver's answer on a random deal replays to a cleared pyramid, and any prefix of it
    /// leaves a position whose optimal rest is exactly the remaining length.
    #[test]
    fn solutions_replay(seed in any::<u64>(), cut in 0usize..40) {
        let position = start(&shuffled(seed));
        if let Outcome::Solved(moves) = solve(&position, &mut ()).outcome {
            prop_assert!(replay(&position, &moves).is_cleared());
            let cut = cut.min(moves.len());
            let middle = replay(&position, &moves[..cut]);
            let Outcome::Solved(rest) = solve(&middle, &mut ()).outcome else {
                return Err(TestCaseError::fail("a prefix of a solution stays solvable"));
            };
            prop_assert_eq!(rest.len(), moves.len() - cut);
        }
    }
}

/// Asks to stop at the first check and counts the checks.
#[derive(Default)]
struct StopAtOnce {
    checks: usize,
    last: Stats,
}

impl Observer for StopAtOnce {
    fn progress(&mut self, stats: &Stats) {
        self.last = *stats;
    }
    fn should_stop(&mut self) -> bool {
        self.checks += 1;
        true
    }
}

#[test]
fn a_cancelled_solve_stops_at_the_next_check() {
    let mut cancelled = 0;
    for seed in 0..40 {
        let position = start(&shuffled(seed));
        let mut observer = StopAtOnce::default();
        let report = solve(&position, &mut observer);
        match report.outcome {
            Outcome::Cancelled => {
                cancelled += 1;
                assert_eq!(observer.checks, 1, "stops at the first check");
                // At most the probe alone, then one slice of A*, ran.
                assert!(
                    report.stats.expanded <= 2000 + CHECK_EVERY,
                    "{:?}",
                    report.stats
                );
            }
            // Finished before the first check: a real answer, never a false "no solution".
            Outcome::Solved(_) | Outcome::NoSolution(_) => assert_eq!(observer.checks, 0),
        }
    }
    assert!(
        cancelled > 0,
        "some of these deals take longer than one slice"
    );
}

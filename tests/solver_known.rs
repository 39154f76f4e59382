//! The solver against known answers: the project's own fixtures in `tests/data`, and, when
//! the shared decks lie beside the repository, every deal of `random-1500.tsv` and the
//! `known/` files there. Each length must equal the known optimum exactly, and each solution
//! must clear the pyramid when replayed move by move in the referee.

mod common;

use common::{deal, random_1500, replay, shared_decks, start};
use solitaire::Deal;
use solitaire::games::pyramid::solver::{Outcome, solve};

/// Checks one slice of the 1500 deals; the slices run as separate tests, in parallel.
fn check_slice(part: usize, parts: usize) {
    let Some(deals) = random_1500(&format!("random-1500 part {} of {parts}", part + 1)) else {
        return;
    };
    assert_eq!(deals.len(), 1500);
    let size = deals.len().div_ceil(parts);
    for (index, (known, deal)) in deals.iter().enumerate().skip(part * size).take(size) {
        let position = start(deal);
        match solve(&position, &mut ()).outcome {
            Outcome::Solved(moves) => {
                assert_eq!(moves.len(), *known, "deal {} ({deal})", index + 1);
                assert!(
                    replay(&position, &moves).is_cleared(),
                    "deal {} ({deal})",
                    index + 1
                );
            }
            Outcome::NoSolution(_) => assert_eq!(*known, 0, "deal {} ({deal})", index + 1),
            Outcome::Cancelled => panic!("nothing cancels this search"),
        }
    }
}

#[test]
fn random_1500_part_1_of_4() {
    check_slice(0, 4);
}

#[test]
fn random_1500_part_2_of_4() {
    check_slice(1, 4);
}

#[test]
fn random_1500_part_3_of_4() {
    check_slice(2, 4);
}

#[test]
fn random_1500_part_4_of_4() {
    check_slice(3, 4);
}

fn outcome_of(name: &str) -> Outcome {
    solve(&start(&deal(name)), &mut ()).outcome
}

#[test]
fn known_winnable_deals() {
    for (name, length) in [("shortest-15-steps.txt", 15), ("winnable-40-steps.txt", 40)] {
        let position = start(&deal(name));
        let Outcome::Solved(moves) = solve(&position, &mut ()).outcome else {
            panic!("{name} is winnable")
        };
        assert_eq!(moves.len(), length, "{name}");
        assert!(replay(&position, &moves).is_cleared(), "{name}");
    }
}

#[test]
fn known_hopeless_deals() {
    assert_eq!(
        outcome_of("hard-no-solution.txt"),
        Outcome::NoSolution(None)
    );
    assert_eq!(
        outcome_of("no-solution-2d-under-four-jacks.txt"),
        Outcome::NoSolution(Some(
            "2d can never be removed: all four Jacks cover it".into()
        ))
    );
    let Outcome::NoSolution(Some(reason)) = outcome_of("no-solution-2.txt") else {
        panic!("no-solution-2 has a plain reason")
    };
    assert!(
        reason.starts_with("the pyramid's Fives and Eights cannot all be paired"),
        "{reason}"
    );
}

#[test]
fn the_same_deal_gives_the_same_solution() {
    let position = start(&deal("winnable-40-steps.txt"));
    let first = solve(&position, &mut ()).outcome;
    assert_eq!(solve(&position, &mut ()).outcome, first);
}

#[test]
fn solves_from_the_middle_of_a_game() {
    // Play the first ten steps of an optimal line; the rest must take exactly 30 more.
    let position = start(&deal("winnable-40-steps.txt"));
    let Outcome::Solved(moves) = solve(&position, &mut ()).outcome else {
        panic!()
    };
    let middle = replay(&position, &moves[..10]);
    let Outcome::Solved(rest) = solve(&middle, &mut ()).outcome else {
        panic!()
    };
    assert_eq!(rest.len(), 30);
    assert!(replay(&middle, &rest).is_cleared());
}

/// A deal file of the shared decks' `known/` folder.
fn shared_known(dir: &std::path::Path, name: &str) -> Result<Deal, solitaire::DeckProblems> {
    let text = std::fs::read_to_string(dir.join("known").join(name)).expect("a known deal file");
    Deal::parse(&text)
}

#[test]
fn the_shared_known_deals() {
    let Some(dir) = shared_decks("the_shared_known_deals") else {
        return;
    };
    for (name, length) in [("shortest-15-steps.txt", 15), ("winnable-40-steps.txt", 40)] {
        let position = start(&shared_known(&dir, name).expect("a valid deal"));
        let Outcome::Solved(moves) = solve(&position, &mut ()).outcome else {
            panic!("{name} is winnable")
        };
        assert_eq!(moves.len(), length, "{name}");
        assert!(replay(&position, &moves).is_cleared(), "{name}");
    }
    for name in [
        "hard-no-solution.txt",
        "no-solution-2.txt",
        "no-solution-2d-under-four-jacks.txt",
    ] {
        let position = start(&shared_known(&dir, name).expect("a valid deal"));
        assert!(
            matches!(solve(&position, &mut ()).outcome, Outcome::NoSolution(_)),
            "{name} has no solution"
        );
    }
    for name in [
        "bad-malformed-card.txt",
        "bad-missing-cards.txt",
        "bad-too-many-cards.txt",
    ] {
        assert!(shared_known(&dir, name).is_err(), "{name} is refused");
    }
}

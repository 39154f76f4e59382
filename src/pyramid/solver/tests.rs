use super::*;
use crate::deck::Deal;
use crate::pyramid::rules::Rules;

fn solve_text(text: &str) -> Report {
    let deal = Deal::parse(text).unwrap();
    solve(&Position::new(&deal, Rules::default()), &mut ())
}

fn replay(text: &str, moves: &[Move]) -> Position {
    let deal = Deal::parse(text).unwrap();
    let mut position = Position::new(&deal, Rules::default());
    for &mv in moves {
        position.apply(mv).unwrap();
    }
    position
}

#[test]
fn known_lengths() {
    for (text, length) in [
        (
            include_str!("../../../tests/data/shortest-15-steps.txt"),
            15,
        ),
        (
            include_str!("../../../tests/data/winnable-40-steps.txt"),
            40,
        ),
    ] {
        let Outcome::Solved(moves) = solve_text(text).outcome else {
            panic!("solvable")
        };
        assert_eq!(moves.len(), length);
        assert!(replay(text, &moves).is_cleared());
    }
}

//! The Score and Card challenges on the checks of `RULES.md`, every line replayed in the
//! referee.

mod common;

use solitaire::games::pyramid::solver::{CardAnswer, Line, ScoreAnswer, solve_card, solve_score};
use solitaire::games::pyramid::{Position, Rules};
use solitaire::{Deal, Rank};

const ORDERED: &str = "Kd Kc Qh Ah 7d 6d 8d 5d 9d 4d Td 3d Jd 2d Qd Ad 7c 6c 8c 5c 9c 4c Tc 3c \
    Jc 2c Qc Ac 6h 7h 5h 8h 4h 9h 3h Th 2h Jh Kh As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks";
const SIXTY: &str = "4s 4d 4h Ah As 4c Qh Qd Qc Ad Th Ts 3s Ac Qs Jc Jd Jh Js Tc Td 2c 2d 2h \
    2s 3c 3d 3h Kc Kd Kh Ks 5c 6c 7c 8c 9c 5d 6d 7d 8d 9d 5h 6h 7h 8h 9h 5s 6s 7s 8s 9s";
const FOURS: &str = "Tc Ac Js 5d 2h 3h As Th Qd 7h 3c Td 8s Kh 6d Ks 5c 6h 9h 3d 5h Jh Kc 8d \
    Jd 8c 7d 7c 2d Qs 9s 2c 3s 7s Ah Ad 4h 6s 6c 4c 2s 4d Qh 9d Jc 4s Qc Ts Kd 5s 9c 8h";
const JACKS: &str = "As 5d 4s 7h 7s Kh 7d Tc 5c Qh 2d Kc 9c 6h Th 6s 5h Ks Jc 6c 2c 4h 8h 8s \
    7c Ac Jh Js Kd Td 2s 9d 8c 6d Qc 9h 8d 3d 9s 2h 4d 3s 3c 3h Qd Ad Jd 5s 4c Ts Ah Qs";

fn start(text: &str) -> Position {
    Position::new(&Deal::parse(text).expect("a valid deal"), Rules::default())
}

/// Replays a line in the referee: the end position.
fn replay(start: &Position, line: &Line) -> Position {
    let mut position = start.clone();
    for &mv in &line.moves {
        position.apply(mv).expect("every move is legal");
    }
    assert_eq!(position.is_cleared(), line.clears);
    position
}

fn rank(letter: char) -> Rank {
    Rank::from_char(letter).expect("a rank")
}

#[test]
fn score_1225_in_15_steps() {
    let start = start(ORDERED);
    let report = solve_score(&start, 1225, &mut ());
    let Some(ScoreAnswer::Reached(line)) = report.answer else {
        panic!("{:?}", report.answer)
    };
    assert_eq!(line.moves.len(), 15);
    assert!(replay(&start, &line).score() >= 1225);
    assert_eq!(line.value, replay(&start, &line).score());
}

#[test]
fn at_most_60_points_without_clearing() {
    let start = start(SIXTY);
    let report = solve_score(&start, 1290, &mut ());
    let Some(ScoreAnswer::Short(line)) = report.answer else {
        panic!("{:?}", report.answer)
    };
    assert_eq!(line.value, 60);
    assert!(!line.clears);
    assert_eq!(replay(&start, &line).score(), 60);
}

#[test]
fn fours_two_answers_clearing_2_or_not_3() {
    let start = start(FOURS);
    let report = solve_card(&start, rank('4'), 4, &mut ());
    let Some(CardAnswer::Short {
        clearing: Some(clearing),
        open: Some(open),
    }) = report.answer
    else {
        panic!("{:?}", report.answer)
    };
    assert_eq!((clearing.value, clearing.clears), (2, true));
    assert_eq!((open.value, open.clears), (3, false));
    assert_eq!(replay(&start, &clearing).removed_of_rank(rank('4')), 2);
    assert_eq!(replay(&start, &open).removed_of_rank(rank('4')), 3);
}

#[test]
fn one_more_ace_in_one_step() {
    let start = start(ORDERED);
    // Target 3 with 2 already: 1 to remove in this deal.
    let report = solve_card(&start, rank('A'), 3 - 2, &mut ());
    let Some(CardAnswer::Reached(line)) = report.answer else {
        panic!("{:?}", report.answer)
    };
    assert_eq!(line.moves.len(), 1);
    assert_eq!(start.cards_of(line.moves[0]).len(), 2, "Qc with Ac");
    assert_eq!(replay(&start, &line).removed_of_rank(rank('A')), 1);
}

#[test]
fn at_most_3_jacks_without_clearing() {
    let start = start(JACKS);
    let report = solve_card(&start, rank('J'), 4, &mut ());
    let Some(CardAnswer::Short { clearing, open }) = report.answer else {
        panic!("{:?}", report.answer)
    };
    let open = open.expect("a line that does not clear");
    assert_eq!((open.value, open.clears), (3, false));
    assert!(clearing.is_none_or(|c| c.value < 3));
}

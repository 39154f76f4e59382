//! The checks of `TRIPEAKS.md` through the public API, and the referee's properties on random
//! play.

use proptest::prelude::*;
use solitaire::cards::deal::random_deals;
use solitaire::engine::referee::read_line;
use solitaire::games::tripeaks::notation::{line_text, read_move};
use solitaire::games::tripeaks::solver::{
    BoardAnswer, CardAnswer, Line, ScoreAnswer, reveal_plan, solve_board, solve_card, solve_score,
};
use solitaire::games::tripeaks::{Game, Move, Position};
use solitaire::{Deal, GameKind, Rank};

const ORDERED: &str = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd \
    Qd Kd Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks";
const CLEARS_IN_42: &str = "6d 5h Ah Jd 4s Ks 6s 8c 2h 4d 9s Kd 6c Ad 8s Ac 5c 9d 7h 3h 8d 5s \
    4c Qc Jh Kc Kh 3c 3s 9c As 5d Qh Ts 4h 7s Td 9h Th 7c 8h 2c 7d Tc 2d 6h 2s Js Qd 3d Qs Jc";
const HOPELESS: &str = "9s 3s Kc Qd Jc 7h Ah 5h Ad Jd 3c Ks 5c 9h 9d Qh 6d 7c 4h Qc 8d 5s Js \
    As 4d 8s 8c 8h 4s Td Qs 6c 2c Kh 6s 3d 2h 4c 3h Jh Kd 2s 6h 7s Tc 9c 2d 7d Ts 5d Ac Th";
const STREAKS_MATTER: &str = "6d Jc 4d 2d 2s Ac Qs Ah Kd Kh 9c 3h Ts 6s 3c 2h Ad Qh 8h Jd 8c \
    8s 7c 3s Ks Js 9d 2c Jh 4c Qc 8d 5c 7h Td 5d 3d 5h As 5s Th 7s 4s 9s 9h 7d 4h 6c 6h Kc Qd Tc";
const THREE_KINGS: &str = "Qs 4c 2s 4d Jh 9c Ah 5d 8d 8h 7s 4s 7h 3c Jd 8s 5c 6s 9d 9h 2c 7d \
    Qd Ks Kd 5s 2d Kh 3d Ac Js 6c Td Kc Th Ad 7c Tc As Ts 6h 2h Qc 8c 6d 3s 9s Jc Qh 4h 5h 3h";

fn start(text: &str) -> Position {
    Position::new(&Deal::parse_as(text, GameKind::TriPeaks).expect("a valid deal"))
}

/// Replays a line through the undo/redo history, checking it is legal and clears as it says.
fn replayed(start: &Position, line: &Line) -> Position {
    let game = Game::replay(*start, &line.moves).expect("the line replays");
    assert_eq!(game.position().is_won(), line.clears);
    *game.position()
}

#[test]
fn the_ordered_deck_clears_in_one_run_for_84900_points() {
    let position = start(ORDERED);
    let solution = solve_board(&position, &mut ()).answer.expect("not stopped");
    let BoardAnswer::Cleared(line) = solution.answer else {
        panic!("the ordered deck clears")
    };
    assert_eq!(line.steps(), 28);
    // 2h, Ah, Kd, Qd, ... 2c, Ac: every card of the tableau, last dealt first.
    let text = line_text(&position, &line.moves);
    assert!(
        text.starts_with("2h Ah Kd Qd ") && text.ends_with(" 2c Ac"),
        "{text}"
    );
    assert_eq!(replayed(&position, &line).score(), 84_900);

    let score = solve_score(&position, 84_900, &mut ()).answer.expect("run");
    let ScoreAnswer::Reached(line) = score.answer else {
        panic!("84,900 is reachable")
    };
    assert_eq!((line.value, line.steps()), (84_900, 28));

    let score = solve_score(&position, 1400, &mut ()).answer.expect("run");
    let ScoreAnswer::Reached(line) = score.answer else {
        panic!("1,400 is reachable")
    };
    assert_eq!(
        (line.steps(), line.value),
        (4, 1600),
        "100 + 300 + 500 + 700"
    );
}

#[test]
fn a_deal_clears_in_42_steps_and_its_best_is_22300() {
    let position = start(CLEARS_IN_42);
    let BoardAnswer::Cleared(line) = solve_board(&position, &mut ()).answer.expect("run").answer
    else {
        panic!("clears")
    };
    assert_eq!(line.steps(), 42);
    replayed(&position, &line);
    let ScoreAnswer::Short { best, .. } = solve_score(&position, 84_901, &mut ())
        .answer
        .expect("run")
        .answer
    else {
        panic!("no deal scores more than 84,900")
    };
    assert_eq!(best.value, 22_300);
    assert_eq!(replayed(&position, &best).score(), 22_300);
}

#[test]
fn a_hopeless_deal_cannot_be_cleared() {
    let position = start(HOPELESS);
    let BoardAnswer::NotClearable(line) =
        solve_board(&position, &mut ()).answer.expect("run").answer
    else {
        panic!("cannot be cleared")
    };
    let end = replayed(&position, &line);
    assert_eq!(end.removed() as u32, line.value);
    assert!(line.value < 28);
}

#[test]
fn keeping_the_streak_apart_finds_47700() {
    let position = start(STREAKS_MATTER);
    let ScoreAnswer::Short { best, .. } = solve_score(&position, 84_901, &mut ())
        .answer
        .expect("run")
        .answer
    else {
        panic!("short")
    };
    assert_eq!(best.value, 47_700, "not 41,300");
    assert_eq!(replayed(&position, &best).score(), 47_700);
}

#[test]
fn three_kings_on_a_clearing_line() {
    let position = start(THREE_KINGS);
    let solution = solve_card(&position, Rank::KING, 10, &mut ())
        .answer
        .expect("run");
    assert!(solution.definitive);
    let CardAnswer::Short { clearing, open } = solution.answer else {
        panic!("10 Kings are out of reach")
    };
    let clearing = clearing.expect("a clearing line");
    assert_eq!(clearing.value, 3);
    assert!(open.is_none());
    assert_eq!(
        replayed(&position, &clearing).removed_of_rank(Rank::KING),
        3
    );
}

#[test]
fn unknown_peaks_hold_the_kings_back_but_the_bottom_and_stock_play() {
    let words: Vec<&str> = THREE_KINGS.split_whitespace().collect();
    let hidden: Vec<&str> = (0..52)
        .map(|i| if i < 18 { "??" } else { words[i] })
        .collect();
    let position = start(&hidden.join(" "));
    let solution = solve_card(&position, Rank::KING, 10, &mut ())
        .answer
        .expect("run");
    assert!(!solution.definitive);
    // All four Kings are known (three in the bottom row, one in the stock), but no line can
    // clear the board without the unknown cards: only if they fit can one.
    let CardAnswer::Short { clearing, open } = &solution.answer else {
        panic!("short")
    };
    assert!(clearing.is_none());
    let open = open.as_ref().expect("Kings are removed without clearing");
    assert_eq!(
        replayed(&position, open).removed_of_rank(Rank::KING) as u32,
        open.value
    );
    let Some(CardAnswer::Short {
        clearing: Some(bound_clearing),
        ..
    }) = solution.bound
    else {
        panic!("knowing the cards could clear the board")
    };
    assert_eq!(bound_clearing.value, 3);
    // The bottom row and the stock still play: the line found moves.
    assert!(position.legal_moves().contains(&Move::Draw));
    assert!(position.legal_moves().len() > 1);
    let plan = reveal_plan(&position, &mut ())
        .answer
        .expect("run")
        .expect("a plan");
    assert!(!plan.from_start && !plan.moves.is_empty());
    let game = Game::replay(position, &plan.moves).expect("the plan replays");
    assert_ne!(game.position().seen_unknown(), 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random play: every legal move applies, the score grows by the streak rule, steps are
    /// removals plus draws, and the moves read back from their text.
    #[test]
    fn random_play_keeps_the_rules(
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u16>(), 60),
    ) {
        let deal = random_deals(seed, 1).remove(0);
        let start = Position::new(&deal);
        let mut position = start;
        let mut moves = Vec::new();
        for choice in choices {
            let legal = position.legal_moves();
            if legal.is_empty() {
                prop_assert!(position.is_over());
                break;
            }
            let mv = legal[choice as usize % legal.len()];
            let before = position;
            let points = before.points_of(mv);
            position.apply(mv).expect("a legal move applies");
            prop_assert_eq!(position.score(), before.score() + points);
            match mv {
                Move::Draw => {
                    prop_assert_eq!(position.streak(), 0);
                    prop_assert_eq!(position.drawn(), before.drawn() + 1);
                }
                Move::Play(slot) => {
                    prop_assert_eq!(position.streak(), before.streak() + 1);
                    prop_assert!(points >= 100 + 200 * before.streak());
                    prop_assert_eq!(position.waste_slot(), slot as usize);
                }
            }
            moves.push(mv);
            prop_assert_eq!(moves.len(), position.removed() + position.drawn());
            // Nothing illegal is offered, and a move not offered is refused.
            for slot in 0..28u8 {
                let offered = position.legal_moves().contains(&Move::Play(slot));
                prop_assert_eq!(offered, position.check(Move::Play(slot)).is_ok());
            }
        }
        let text = line_text(&start, &moves);
        prop_assert_eq!(read_line(&start, &text, read_move).expect("reads back"), moves);
    }
}

//! The TriPeaks solvers against the 1500 public deals' known answers (kept beside the
//! repository, not in it), and the timing run over all of them. `cargo test --release` checks
//! the Board answer of every tenth deal and the Score answer of every fiftieth; `-- --ignored`
//! both of every deal.

mod common;

use std::time::{Duration, Instant};

use common::{Breadth, TriPeaksKnown, tripeaks_public};
use solitaire::Rank;
use solitaire::games::tripeaks::Position;
use solitaire::games::tripeaks::solver::{
    BoardAnswer, CardAnswer, ScoreAnswer, solve_board, solve_card, solve_score,
};

/// More than any deal can score: the Score solver then gives the maximum.
const UNREACHABLE: u32 = 100_000;

fn check_board(known: &TriPeaksKnown) {
    let start = Position::new(&known.deal);
    let solution = solve_board(&start, &mut ()).answer.expect("not stopped");
    assert!(solution.definitive);
    match solution.answer {
        BoardAnswer::Cleared(line) => {
            assert_eq!(
                Some(line.steps()),
                known.board_steps,
                "deal {}",
                known.number
            );
            common::tripeaks_replayed(&start, &line);
        }
        BoardAnswer::NotClearable(line) => {
            assert_eq!(known.board_steps, None, "deal {}", known.number);
            assert_eq!(
                common::tripeaks_replayed(&start, &line).removed() as u32,
                line.value
            );
        }
    }
}

fn check_score(known: &TriPeaksKnown) {
    let start = Position::new(&known.deal);
    let solution = solve_score(&start, UNREACHABLE, &mut ())
        .answer
        .expect("not stopped");
    let ScoreAnswer::Short { best, clearing } = solution.answer else {
        panic!("deal {}: no deal scores {UNREACHABLE}", known.number)
    };
    assert_eq!(
        (best.value, best.steps(), best.clears),
        (known.max_score, known.max_steps, known.max_clears),
        "deal {}",
        known.number
    );
    assert_eq!(common::tripeaks_replayed(&start, &best).score(), best.value);
    if let Some(clearing) = clearing {
        assert!(!best.clears && clearing.value <= best.value);
        assert_eq!(
            common::tripeaks_replayed(&start, &clearing).score(),
            clearing.value
        );
    }
    // The maximum itself, asked for, is reached in as few steps.
    let reached = solve_score(&start, known.max_score, &mut ())
        .answer
        .expect("not stopped");
    let ScoreAnswer::Reached(line) = reached.answer else {
        panic!("deal {}: the maximum is reachable", known.number)
    };
    assert_eq!(line.steps(), known.max_steps, "deal {}", known.number);
}

#[test]
fn board_answers_match_a_sample_of_the_public_deals() {
    let Some(deals) = tripeaks_public("board_answers_match_a_sample_of_the_public_deals") else {
        return;
    };
    let sample = Breadth::Sample { stride: 10 };
    for known in sample.of(deals.iter()) {
        check_board(known);
    }
}

#[test]
fn score_answers_match_a_sample_of_the_public_deals() {
    let Some(deals) = tripeaks_public("score_answers_match_a_sample_of_the_public_deals") else {
        return;
    };
    let sample = Breadth::Sample { stride: 50 };
    for known in sample.of(deals.iter()) {
        check_score(known);
    }
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn board_and_score_answers_match_every_public_deal() {
    let Some(deals) = tripeaks_public("board_and_score_answers_match_every_public_deal") else {
        return;
    };
    for known in &deals {
        check_board(known);
        check_score(known);
    }
}

/// Per-challenge totals, median and worst over the 1500 deals, with every answer checked:
/// `cargo test --release --test tripeaks_public -- --ignored --nocapture`.
#[test]
#[ignore = "a timing run over 1500 deals"]
fn timing_over_the_public_deals() {
    let Some(deals) = tripeaks_public("timing_over_the_public_deals") else {
        return;
    };
    let mut times: [Vec<Duration>; 3] = Default::default();
    for known in &deals {
        let clock = Instant::now();
        check_board(known);
        times[0].push(clock.elapsed());
        let clock = Instant::now();
        let start = Position::new(&known.deal);
        let solution = solve_score(&start, UNREACHABLE, &mut ())
            .answer
            .expect("not stopped");
        times[1].push(clock.elapsed());
        let ScoreAnswer::Short { best, .. } = solution.answer else {
            panic!("short")
        };
        assert_eq!(
            (best.value, best.steps(), best.clears),
            (known.max_score, known.max_steps, known.max_clears),
            "deal {}",
            known.number
        );
        let clock = Instant::now();
        let card = solve_card(&start, Rank::KING, 4, &mut ())
            .answer
            .expect("not stopped");
        times[2].push(clock.elapsed());
        if let CardAnswer::Reached(line) = card.answer {
            assert_eq!(
                common::tripeaks_replayed(&start, &line).removed_of_rank(Rank::KING),
                4
            );
        }
    }
    for (name, mut spent) in ["board", "score", "card (4 Kings)"].into_iter().zip(times) {
        spent.sort();
        let total: Duration = spent.iter().sum();
        println!(
            "{name}: total {:.2} s, median {:.2} ms, worst {:.1} ms over {} deals",
            total.as_secs_f64(),
            spent[spent.len() / 2].as_secs_f64() * 1e3,
            spent[spent.len() - 1].as_secs_f64() * 1e3,
            spent.len()
        );
    }
}

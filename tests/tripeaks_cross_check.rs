//! The TriPeaks solvers against a plain breadth-first search over referee positions, on
//! hundreds of small random positions (some with unknown cards), and the promises about
//! unknown cards checked against random fillings of them. `cargo test --release` checks every
//! eighth position; `-- --ignored` all of them.

mod common;

use std::collections::HashSet;

use common::Breadth;

use solitaire::cards::deal::random_deals;
use solitaire::engine::referee::Referee;
use solitaire::games::tripeaks::Position;
use solitaire::games::tripeaks::layout::{
    COVERS, FIRST_WASTE, FULL, STOCK_START, TABLEAU_SIZE, face_up,
};
use solitaire::games::tripeaks::solver::{
    BoardAnswer, CardAnswer, Line, ScoreAnswer, reveal_plan, solve_board, solve_card, solve_score,
};
use solitaire::{Card, Deal, GameKind, Rank};

/// A small random number generator (`SplitMix64`), so the positions are the same every run.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every position reachable from `start`, layer by layer (a layer per step), each position
/// whole (score and streak included), through the plain `Referee` trait.
fn layers<P: Referee + Eq + std::hash::Hash>(start: P) -> Vec<Vec<P>> {
    let mut layers = vec![vec![start]];
    loop {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for position in layers.last().expect("a layer") {
            for mv in position.legal_moves() {
                let mut child = position.clone();
                child.apply(mv).expect("a legal move");
                if seen.insert(child.clone()) {
                    next.push(child);
                }
            }
        }
        if next.is_empty() {
            return layers;
        }
        layers.push(next);
    }
}

/// What a plain search over all positions says of a challenge: (reached, value, steps) of the
/// best line by `order`.
fn plain_best(
    all: &[Vec<Position>],
    mut key: impl FnMut(&Position, usize) -> Option<(i64, i64, i64)>,
) -> Option<(i64, i64, i64)> {
    all.iter()
        .enumerate()
        .flat_map(|(steps, layer)| layer.iter().map(move |p| (steps, p)))
        .filter_map(|(steps, p)| key(p, steps))
        .max()
}

/// A random position: a random deal played forward at random, preferring plays, then the
/// tableau thinned at random (face-up cards removed) to 8..=16 cards, some stock drawn, and
/// some cards perhaps unknown.
fn random_position(seed: u64, unknown: bool) -> Position {
    let mut random = Random(seed);
    let deal = random_deals(seed, 1).remove(0);
    let mut position = Position::new(&deal);
    while position.tableau_left() > 16 || position.drawn() < 3 {
        let moves = position.legal_moves();
        let plays: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&mv| mv != solitaire::games::tripeaks::Move::Draw)
            .collect();
        let mv = if !plays.is_empty() && random.below(5) > 0 {
            plays[random.below(plays.len())]
        } else if moves.contains(&solitaire::games::tripeaks::Move::Draw)
            && position.stock_left() > 12
        {
            solitaire::games::tripeaks::Move::Draw
        } else {
            break;
        };
        position.apply(mv).expect("legal");
    }
    // Thin the tableau as if cards had gone (keeping the waste, streak and score).
    let target = 8 + random.below(9);
    let mut remaining = position.remaining();
    while remaining.count_ones() as usize > target {
        let up: Vec<u32> = (0..TABLEAU_SIZE as u32)
            .filter(|&i| face_up(remaining) & (1 << i) != 0)
            // The waste card, when played last, still lies on what it covered.
            .filter(|&i| {
                position.streak() == 0 || COVERS[i as usize] & (1 << position.waste_slot()) == 0
            })
            .collect();
        remaining &= !(1 << up[random.below(up.len())]);
    }
    let mut slots = deal.slots();
    if unknown {
        // Hide a few cards still to come: tableau cards left and stock cards not drawn.
        let hidden: Vec<usize> = (0..TABLEAU_SIZE)
            .filter(|&i| remaining & (1 << i) != 0)
            .chain(position.stock_slots())
            .collect();
        for _ in 0..=random.below(4) {
            slots[hidden[random.below(hidden.len())]] = None;
        }
    }
    let deal = Deal::from_slots(&slots, GameKind::TriPeaks).expect("a valid deal");
    Position::from_parts(
        &deal,
        remaining,
        position.drawn(),
        position.waste_slot(),
        position.streak(),
        position.score(),
    )
    .expect("the parts fit")
}

/// The unknown cards filled in at random with the cards the deal is missing.
fn filled(position: &Position, random: &mut Random) -> Position {
    let deal = position.deal();
    let mut slots = deal.slots();
    let mut missing: Vec<Card> = Card::all()
        .filter(|card| !slots.contains(&Some(*card)))
        .collect();
    for slot in slots.iter_mut().filter(|slot| slot.is_none()) {
        *slot = Some(missing.swap_remove(random.below(missing.len())));
    }
    let deal = Deal::from_slots(&slots, GameKind::TriPeaks).expect("a whole deal");
    Position::from_parts(
        &deal,
        position.remaining(),
        position.drawn(),
        position.waste_slot(),
        position.streak(),
        position.score(),
    )
    .expect("the same parts")
}

/// Board, as (cleared, value, -steps): bigger is better.
fn board_quality(answer: &BoardAnswer) -> (i64, i64, i64) {
    match answer {
        BoardAnswer::Cleared(line) => (1, 28, -(line.steps() as i64)),
        BoardAnswer::NotClearable(line) => (0, line.value.into(), -(line.steps() as i64)),
    }
}

fn score_quality(answer: &ScoreAnswer) -> (i64, i64, i64) {
    match answer {
        ScoreAnswer::Reached(line) => (1, 0, -(line.steps() as i64)),
        ScoreAnswer::Short { best, .. } => (0, best.value.into(), -(best.steps() as i64)),
    }
}

fn card_quality(answer: &CardAnswer) -> (i64, i64, i64) {
    match answer {
        CardAnswer::Reached(line) => (1, 0, -(line.steps() as i64)),
        CardAnswer::Short { clearing, open } => {
            let most = clearing.iter().chain(open).map(|l| l.value).max();
            (0, most.map_or(-1, i64::from), 0)
        }
    }
}

fn removed_in(p: &Position, start: &Position) -> u32 {
    (start.remaining() & !p.remaining()).count_ones() + start.removed() as u32
}

fn check_board(start: &Position, all: &[Vec<Position>]) {
    let solution = solve_board(start, &mut ()).answer.expect("not stopped");
    let plain = plain_best(all, |p, steps| {
        Some(if p.is_won() {
            (1, 28, -(steps as i64))
        } else {
            (0, removed_in(p, start).into(), -(steps as i64))
        })
    });
    assert_eq!(Some(board_quality(&solution.answer)), plain, "{start}");
    let (BoardAnswer::Cleared(line) | BoardAnswer::NotClearable(line)) = &solution.answer;
    assert_eq!(
        common::tripeaks_replayed(start, line).removed() as u32,
        line.value
    );
}

fn check_score(start: &Position, all: &[Vec<Position>], points: u32) {
    let solution = solve_score(start, points, &mut ())
        .answer
        .expect("not stopped");
    let reached = plain_best(all, |p, steps| {
        (p.score() >= points).then_some((1, 0, -(steps as i64)))
    });
    let best = plain_best(all, |p, steps| {
        Some((p.score().into(), -(steps as i64), i64::from(!p.is_won())))
    })
    .expect("the start");
    let clearing = plain_best(all, |p, steps| {
        p.is_won().then_some((p.score().into(), -(steps as i64), 1))
    });
    match &solution.answer {
        ScoreAnswer::Reached(line) => {
            assert_eq!(reached, Some((1, 0, -(line.steps() as i64))), "{start}");
            assert!(common::tripeaks_replayed(start, line).score() >= points);
        }
        ScoreAnswer::Short {
            best: line,
            clearing: clearing_line,
        } => {
            assert_eq!(reached, None, "{start}");
            assert_eq!(
                (
                    i64::from(line.value),
                    -(line.steps() as i64),
                    i64::from(!line.clears)
                ),
                best,
                "{start}"
            );
            assert_eq!(common::tripeaks_replayed(start, line).score(), line.value);
            let expected = if line.clears { None } else { clearing };
            assert_eq!(
                clearing_line
                    .as_ref()
                    .map(|l| (i64::from(l.value), -(l.steps() as i64), 1)),
                expected,
                "{start}"
            );
            if let Some(l) = clearing_line {
                assert_eq!(common::tripeaks_replayed(start, l).score(), l.value);
            }
        }
    }
}

fn check_card(start: &Position, all: &[Vec<Position>], rank: Rank, count: u32) {
    let solution = solve_card(start, rank, count, &mut ())
        .answer
        .expect("not stopped");
    let of_rank = |p: &Position| p.removed_of_rank(rank) as u32;
    let reached = plain_best(all, |p, steps| {
        (of_rank(p) >= count).then_some((1, 0, -(steps as i64)))
    });
    let most = |clears: bool| {
        plain_best(all, |p, steps| {
            (p.is_won() == clears).then_some((of_rank(p).into(), -(steps as i64), 0))
        })
    };
    match &solution.answer {
        CardAnswer::Reached(line) => {
            assert_eq!(reached, Some((1, 0, -(line.steps() as i64))), "{start}");
            assert_eq!(
                common::tripeaks_replayed(start, line).removed_of_rank(rank) as u32,
                line.value
            );
            assert!(line.value >= count);
        }
        CardAnswer::Short { clearing, open } => {
            assert_eq!(reached, None, "{start}");
            let as_key = |l: &Line| (i64::from(l.value), -(l.steps() as i64), 0);
            let (clear_most, open_most) = (most(true), most(false));
            assert_eq!(clearing.as_ref().map(as_key), clear_most, "{start}");
            let open_expected = open_most.filter(|o| clear_most.is_none_or(|c| o.0 > c.0));
            assert_eq!(open.as_ref().map(as_key), open_expected, "{start}");
            for line in clearing.iter().chain(open) {
                assert_eq!(
                    common::tripeaks_replayed(start, line).removed_of_rank(rank) as u32,
                    line.value
                );
            }
        }
    }
}

/// A rank of the tableau cards left (known), or Kings.
fn some_rank(position: &Position, random: &mut Random) -> Rank {
    let ranks: Vec<Rank> = (0..TABLEAU_SIZE)
        .filter(|&i| position.is_there(i))
        .filter_map(|i| position.card(i).map(Card::rank))
        .collect();
    if ranks.is_empty() {
        Rank::KING
    } else {
        ranks[random.below(ranks.len())]
    }
}

fn cross_check(seed: u64, unknown: bool) {
    let start = random_position(seed, unknown);
    let all = layers(start);
    let mut random = Random(seed ^ 0xABCD);
    check_board(&start, &all);
    // A target in reach or not, and one past any score: the maximum.
    let points = start.score() + 100 * random.below(80) as u32;
    check_score(&start, &all, points);
    check_score(&start, &all, 100_000);
    let rank = some_rank(&start, &mut random);
    check_card(&start, &all, rank, 1 + random.below(4) as u32);
}

/// The quick command's share of the positions.
const SAMPLE: Breadth = Breadth::Sample { stride: 8 };

#[test]
fn solvers_agree_with_a_plain_search_on_random_positions() {
    for seed in SAMPLE.of(0..300) {
        cross_check(seed, false);
    }
}

#[test]
fn solvers_agree_with_a_plain_search_when_cards_are_unknown() {
    for seed in SAMPLE.of(1000..1200) {
        cross_check(seed, true);
    }
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn solvers_agree_with_a_plain_search_in_full() {
    for seed in 0..300 {
        cross_check(seed, false);
    }
    for seed in 1000..1200 {
        cross_check(seed, true);
    }
}

#[test]
fn a_definitive_answer_holds_and_any_other_lies_between_the_line_and_the_bound() {
    definitive_answers_and_bounds(SAMPLE);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn a_definitive_answer_holds_and_any_other_lies_between_the_line_and_the_bound_in_full() {
    definitive_answers_and_bounds(Breadth::Full);
}

fn definitive_answers_and_bounds(breadth: Breadth) {
    for seed in breadth.of(2000..2150) {
        let start = random_position(seed, true);
        let mut random = Random(seed);
        let points = start.score() + 100 * random.below(80) as u32;
        let rank = some_rank(&start, &mut random);
        let count = 1 + random.below(4) as u32;
        let board = solve_board(&start, &mut ()).answer.expect("not stopped");
        let score = solve_score(&start, points, &mut ())
            .answer
            .expect("not stopped");
        let card = solve_card(&start, rank, count, &mut ())
            .answer
            .expect("not stopped");
        for _ in 0..4 {
            let known = filled(&start, &mut random);
            let checks = [
                (
                    board_quality(&board.answer),
                    board.bound.as_ref().map(board_quality),
                    board.definitive,
                    board_quality(&solve_board(&known, &mut ()).answer.expect("run").answer),
                ),
                (
                    score_quality(&score.answer),
                    score.bound.as_ref().map(score_quality),
                    score.definitive,
                    score_quality(
                        &solve_score(&known, points, &mut ())
                            .answer
                            .expect("run")
                            .answer,
                    ),
                ),
                (
                    card_quality(&card.answer),
                    card.bound.as_ref().map(card_quality),
                    card.definitive,
                    card_quality(
                        &solve_card(&known, rank, count, &mut ())
                            .answer
                            .expect("run")
                            .answer,
                    ),
                ),
            ];
            for (number, (playable, bound, definitive, optimum)) in checks.into_iter().enumerate() {
                let bound = bound.expect("a deal with unknown cards has a bound");
                assert!(playable <= optimum, "challenge {number}, {start}");
                assert!(optimum <= bound, "challenge {number}, {start}");
                if definitive {
                    assert_eq!(playable, optimum, "challenge {number}, {start}");
                }
            }
        }
    }
}

#[test]
fn a_reveal_plan_turns_an_unknown_card_face_up_in_the_fewest_steps() {
    reveal_plans(SAMPLE);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn a_reveal_plan_turns_an_unknown_card_face_up_in_the_fewest_steps_in_full() {
    reveal_plans(Breadth::Full);
}

fn reveal_plans(breadth: Breadth) {
    for seed in breadth.of(3000..3100) {
        let start = random_position(seed, true);
        let plan = reveal_plan(&start, &mut ()).answer.expect("not stopped");
        let seen = |p: &Position| p.seen_unknown() != 0;
        let fewest = layers(start)
            .iter()
            .position(|layer| layer.iter().any(seen));
        match plan {
            Some(plan) if !plan.from_start => {
                let end = plan.moves.iter().fold(start, |mut p, &mv| {
                    p.apply(mv).expect("the plan replays");
                    p
                });
                assert!(seen(&end), "{start}");
                assert_eq!(Some(plan.moves.len()), fewest, "{start}");
            }
            Some(plan) => {
                assert_eq!(fewest, None, "{start}");
                let begin = Position::new(start.deal());
                let end = plan.moves.iter().fold(begin, |mut p, &mv| {
                    p.apply(mv).expect("the plan replays from the start");
                    p
                });
                assert!(seen(&end));
            }
            None => assert_eq!(fewest, None, "{start}"),
        }
    }
}

#[test]
fn random_positions_are_what_the_cross_check_needs() {
    // The generator's positions are small, partly drawn, and valid.
    for seed in 0..50 {
        let position = random_position(seed, false);
        assert!((8..=16).contains(&position.tableau_left()));
        assert!(position.remaining() & !FULL == 0);
        assert!(position.waste_slot() < STOCK_START + position.drawn());
        assert!(
            position.drawn() > 0 || position.waste_slot() == FIRST_WASTE || position.streak() > 0
        );
    }
}

//! The Board solver under other passes through the stock (1, 2, unlimited) against a plain
//! breadth-first search over the referee's positions, on small random positions: the same
//! verdict and the same fewest steps, and every solution replays under those rules.

mod common;

use std::collections::HashSet;

use common::shuffled;
use pyramid::Card;
use pyramid::pyramid::solver::{Outcome, solve};
use pyramid::pyramid::{Passes, Position, Rules};

/// A small position: some pyramid cards gone from the bottom up, a short stock split between
/// waste and stock, under `rules`.
fn small_position(seed: u64, rules: Rules) -> Position {
    let deal = shuffled(seed);
    let mut pick = seed;
    let mut next = |n: u64| {
        pick = pick
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (pick >> 33) % n
    };
    let mut pyramid: [Option<Card>; 28] = std::array::from_fn(|i| Some(deal.cards()[i]));
    let keep = 10 + next(6) as usize;
    while pyramid.iter().flatten().count() > keep {
        let position = Position::from_parts(rules, pyramid, &[], &[], 0, Vec::new());
        let free: Vec<usize> = (0..28).filter(|&i| position.is_uncovered(i)).collect();
        pyramid[free[next(free.len() as u64) as usize]] = None;
    }
    // Partners for most pyramid cards, so that a fair share can be cleared.
    let mut unused: Vec<Card> = deal.stock().to_vec();
    unused.extend(
        (0..28)
            .filter(|&i| pyramid[i].is_none())
            .map(|i| deal.cards()[i]),
    );
    let mut cards = Vec::new();
    for card in pyramid.iter().flatten() {
        if next(8) > 0
            && let Some(at) = unused.iter().position(|c| c.value() + card.value() == 13)
        {
            cards.push(unused.swap_remove(at));
        }
    }
    for i in (1..cards.len()).rev() {
        cards.swap(i, next(i as u64 + 1) as usize);
    }
    let kept: HashSet<Card> = pyramid.iter().flatten().chain(&cards).copied().collect();
    let removed: Vec<Card> = Card::all().filter(|c| !kept.contains(c)).collect();
    Position::from_parts(rules, pyramid, &cards, &[], 0, removed)
}

type Key = (Vec<Option<Card>>, Vec<Card>, Vec<Card>, u8);

/// The fewest steps to clear the pyramid, by breadth-first search; `None` when it cannot be.
/// With unlimited passes the recycles made do not matter, so they are left out of the key.
fn fewest_steps(start: &Position) -> Option<usize> {
    let unlimited = start.rules().max_recycles().is_none();
    let key = |p: &Position| -> Key {
        (
            p.pyramid().to_vec(),
            p.stock_top_first().collect(),
            p.waste_bottom_first().to_vec(),
            if unlimited { 0 } else { p.recycles_used() },
        )
    };
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
        assert!(solved > 20, "{passes:?}: only {solved} solvable positions");
    }
}

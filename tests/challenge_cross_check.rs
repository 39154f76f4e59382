//! The Score and Card challenge solvers against a plain breadth-first search over the
//! referee's positions, on a few hundred small random positions: the same best score or card
//! count, in the same fewest steps, and every line replays to what it claims; and so for the
//! line that removes the most cards of a deal that cannot be won. `cargo test --release` checks
//! every eighth position; `-- --ignored` all of them.

mod common;

use std::collections::HashSet;

use common::{Breadth, key, next_layer, replay, small_position};
use solitaire::Rank;
use solitaire::games::pyramid::solver::{
    CardAnswer, Outcome, ScoreAnswer, solve, solve_card, solve_most, solve_score,
};
use solitaire::games::pyramid::{Finish, Position, Rules};

/// Everything a breadth-first search finds: per depth, the best score and the best count of
/// a rank, on positions that clear the pyramid and on those that do not.
struct Exhaustive {
    /// `[open, clearing]` best per depth.
    score: Vec<[Option<u32>; 2]>,
    count: Vec<[Option<u32>; 2]>,
}

fn exhaustive(start: &Position, rank: Rank) -> Exhaustive {
    let mut seen = HashSet::new();
    let mut layer = vec![start.clone()];
    seen.insert(key(start));
    let mut found = Exhaustive {
        score: Vec::new(),
        count: Vec::new(),
    };
    while !layer.is_empty() {
        let (mut score, mut count) = ([None, None], [None, None]);
        for position in &layer {
            let kind = usize::from(position.is_cleared());
            score[kind] = score[kind].max(Some(position.score()));
            count[kind] = count[kind].max(Some(position.removed_of_rank(rank) as u32));
        }
        found.score.push(score);
        found.count.push(count);
        // A cleared pyramid ends the deal.
        layer = next_layer(layer.iter().filter(|p| !p.is_cleared()), &mut seen);
    }
    found
}

/// The best over all depths of one kind (or both), and the first depth reaching it.
fn best(per_depth: &[[Option<u32>; 2]], kinds: &[usize]) -> Option<(u32, usize)> {
    let value = |d: &[Option<u32>; 2]| kinds.iter().filter_map(|&k| d[k]).max();
    let most = per_depth.iter().filter_map(value).max()?;
    let depth = per_depth.iter().position(|d| value(d) == Some(most))?;
    Some((most, depth))
}

/// The quick command's share of the positions.
const SAMPLE: Breadth = Breadth::Sample { stride: 8 };

fn relaxed() -> Rules {
    Rules {
        relaxed: true,
        ..Rules::default()
    }
}

#[test]
fn score_and_card_solvers_match_a_breadth_first_search() {
    cross_check(Rules::default(), SAMPLE);
}

#[test]
fn with_relaxed_pairing_too() {
    cross_check(relaxed(), SAMPLE);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn score_and_card_solvers_match_a_breadth_first_search_in_full() {
    cross_check(Rules::default(), Breadth::Full);
    cross_check(relaxed(), Breadth::Full);
}

fn cross_check(rules: Rules, breadth: Breadth) {
    for seed in breadth.of(0..300u64) {
        let start = small_position(seed, rules);
        let rank = Rank::new(1 + (seed % 13) as u8).expect("a rank");
        let truth = exhaustive(&start, rank);

        // The most points there are, in the fewest steps.
        let (most, depth) = best(&truth.score, &[0, 1]).expect("a score");
        let Some(ScoreAnswer::Short(line)) = solve_score(&start, u32::MAX, &mut ()).answer else {
            panic!("seed {seed}: an unreachable target is short")
        };
        assert_eq!(
            (line.value, line.moves.len()),
            (most, depth),
            "seed {seed}: max score"
        );
        assert_eq!(replay(&start, &line.moves).score(), most);

        // A target below the most: reached in the fewest steps.
        let target = most.saturating_sub(10).max(start.score() + 1).min(most);
        if target > start.score() {
            let first = truth
                .score
                .iter()
                .position(|d| d.iter().flatten().any(|&s| s >= target))
                .expect("the target is met at some depth");
            let Some(ScoreAnswer::Reached(line)) = solve_score(&start, target, &mut ()).answer
            else {
                panic!("seed {seed}: reachable")
            };
            assert_eq!(line.moves.len(), first, "seed {seed}: {target} points");
            assert!(replay(&start, &line.moves).score() >= target);
        }

        // The Card challenge beyond reach: the best clearing and open lines.
        let Some(CardAnswer::Short { clearing, open }) =
            solve_card(&start, rank, 5, &mut ()).answer
        else {
            panic!("seed {seed}: five of a rank is out of reach")
        };
        let truth_clearing = best(&truth.count, &[1]);
        let truth_open = best(&truth.count, &[0]);
        let got_clearing = clearing.as_ref().map(|l| (l.value, l.moves.len()));
        assert_eq!(got_clearing, truth_clearing, "seed {seed}: clearing line");
        let open_better = match (truth_open, truth_clearing) {
            (Some((o, _)), Some((c, _))) => o > c,
            (Some(_), None) => true,
            _ => false,
        };
        let got_open = open.as_ref().map(|l| (l.value, l.moves.len()));
        assert_eq!(
            got_open,
            truth_open.filter(|_| open_better),
            "seed {seed}: open line"
        );
        for line in clearing.iter().chain(&open) {
            let end = replay(&start, &line.moves);
            assert_eq!(end.removed_of_rank(rank) as u32, line.value);
            assert_eq!(end.is_cleared(), line.clears);
        }
    }
}

/// A plain breadth-first search over the referee's positions until the game is won: the most
/// cards the goal counts gone on a position that does not win it, and the first depth at which
/// that many are gone.
fn most_cleared(start: &Position) -> (usize, usize) {
    let mut seen = HashSet::new();
    let mut layer = vec![start.clone()];
    seen.insert(key(start));
    let (mut most, mut at) = (start.cleared(), 0);
    let mut depth = 0;
    while !layer.is_empty() {
        for position in &layer {
            assert!(!position.is_won(), "a deal the Board solver proved lost");
            if position.cleared() > most {
                (most, at) = (position.cleared(), depth);
            }
        }
        layer = next_layer(&layer, &mut seen);
        depth += 1;
    }
    (most, at)
}

#[test]
fn the_line_that_removes_the_most_matches_a_breadth_first_search() {
    the_line_that_removes_the_most(SAMPLE);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn the_line_that_removes_the_most_matches_a_breadth_first_search_in_full() {
    the_line_that_removes_the_most(Breadth::Full);
}

fn the_line_that_removes_the_most(breadth: Breadth) {
    let mut lost = 0;
    for (seed, finish) in breadth
        .of(0..400u64)
        .flat_map(|seed| [Finish::Pyramid, Finish::AllCards].map(|finish| (seed, finish)))
    {
        let rules = Rules {
            finish,
            ..Rules::default()
        };
        let start = small_position(seed, rules);
        if !matches!(solve(&start, &mut ()).outcome, Outcome::NoSolution(_)) {
            continue;
        }
        lost += 1;
        let line = solve_most(&start, &mut ())
            .answer
            .expect("no observer stops it");
        let (most, depth) = most_cleared(&start);
        assert_eq!(
            (line.value as usize, line.moves.len()),
            (most, depth),
            "seed {seed}, {finish:?}"
        );
        let end = replay(&start, &line.moves);
        assert_eq!(end.cleared(), most, "seed {seed}: the referee agrees");
        assert!(!end.is_won(), "seed {seed}: the line does not win");
    }
    assert!(
        lost >= breadth.share(30),
        "enough lost deals to cross-check: {lost}"
    );
}

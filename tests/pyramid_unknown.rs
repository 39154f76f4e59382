//! Unknown cards (`??`) in Pyramid: the solvers against a plain breadth-first search over the
//! referee's positions (unknown cards matching nothing, and as wildcards for the bound), the
//! bound against random fillings of the unknown cards, and the plan that turns one face up.
//! `cargo test --release` checks a sample of the positions (every fourth with wildcards, every
//! eighth otherwise); `-- --ignored` all of them.

mod common;

use std::collections::HashSet;

use common::{Breadth, Pick, cards_in_play, key, next_layer, replay, small_position};
use solitaire::games::pyramid::solver::{
    CardAnswer, Outcome, ScoreAnswer, board_unknowns, card_unknowns, reveal_plan, score_unknowns,
    solve, solve_card, solve_score,
};
use solitaire::games::pyramid::{Place, Position, Rules, explain};
use solitaire::{Card, Deal, Rank};

/// A small position with one to three unknown cards: now and then a pyramid card made
/// unknown, otherwise a card not in play put in the stock or the waste, unknown, so that the
/// partners there stay. No cards count as removed before, so that any card not in play may
/// fill the unknown ones.
fn with_unknowns(seed: u64) -> Position {
    let small = small_position(seed, Rules::default());
    let mut pick = Pick(seed ^ 0x5eed);
    let mut stock: Vec<Card> = small.stock_top_first().collect();
    let mut waste = small.waste_bottom_first().to_vec();
    let pyramid: Vec<Card> = small.pyramid().iter().flatten().copied().collect();
    let playing: HashSet<Card> = pyramid
        .iter()
        .chain(&stock)
        .chain(&waste)
        .copied()
        .collect();
    let mut spare: Vec<Card> = Card::all().filter(|c| !playing.contains(c)).collect();
    let mut unknown = Vec::new();
    for _ in 0..=pick.next(3) {
        if pick.next(8) == 0 {
            unknown.push(pyramid[pick.next(pyramid.len())]);
            continue;
        }
        let card = spare.swap_remove(pick.next(spare.len()));
        unknown.push(card);
        if pick.next(3) == 0 {
            waste.insert(pick.next(waste.len() + 1), card);
        } else {
            stock.insert(pick.next(stock.len() + 1), card);
        }
    }
    Position::from_parts(
        small.rules(),
        *small.pyramid(),
        &stock,
        &waste,
        small.recycles_used(),
        Vec::new(),
    )
    .with_unknown_cards(unknown)
}

/// The position with its unknown cards replaced by cards not in play, at random, and known.
fn filled(position: &Position, pick: &mut Pick) -> Position {
    let playing: HashSet<Card> = cards_in_play(position)
        .into_iter()
        .filter(|&c| !position.is_unknown(c))
        .collect();
    let mut pool: Vec<Card> = Card::all().filter(|c| !playing.contains(c)).collect();
    let mut fill = |card: Card| {
        if position.is_unknown(card) {
            pool.swap_remove(pick.next(pool.len()))
        } else {
            card
        }
    };
    let pyramid = position.pyramid().map(|slot| slot.map(&mut fill));
    let stock: Vec<Card> = position.stock_top_first().map(&mut fill).collect();
    let waste: Vec<Card> = position
        .waste_bottom_first()
        .iter()
        .map(|&c| fill(c))
        .collect();
    Position::from_parts(
        position.rules(),
        pyramid,
        &stock,
        &waste,
        position.recycles_used(),
        Vec::new(),
    )
}

/// Every position a breadth-first search reaches, layer by layer (a cleared pyramid ends the
/// deal).
fn layers(start: &Position) -> Vec<Vec<Position>> {
    let mut seen = HashSet::from([key(start)]);
    let mut all = Vec::new();
    let mut layer = vec![start.clone()];
    while !layer.is_empty() {
        let next = next_layer(layer.iter().filter(|p| !p.is_cleared()), &mut seen);
        all.push(layer);
        layer = next;
    }
    all
}

/// The fewest steps to clear the pyramid, if it can be.
fn fewest_to_clear(layers: &[Vec<Position>]) -> Option<usize> {
    layers.iter().position(|l| l.iter().any(Position::is_won))
}

/// The best of a measure over all positions, and the first depth reaching it; among the
/// positions that clear the pyramid (`Some(true)`), those that do not, or all.
fn best(
    layers: &[Vec<Position>],
    clears: Option<bool>,
    measure: impl Fn(&Position) -> u32,
) -> Option<(u32, usize)> {
    let per_depth: Vec<Option<u32>> = layers
        .iter()
        .map(|l| {
            l.iter()
                .filter(|p| clears.is_none_or(|c| c == p.is_cleared()))
                .map(&measure)
                .max()
        })
        .collect();
    let most = per_depth.iter().flatten().max().copied()?;
    let depth = per_depth.iter().position(|&d| d == Some(most))?;
    Some((most, depth))
}

fn steps(outcome: &Outcome) -> Option<usize> {
    match outcome {
        Outcome::Solved(moves) => Some(moves.len()),
        Outcome::NoSolution(_) => None,
        Outcome::Cancelled => panic!("not cancelled"),
    }
}

const SEEDS: u64 = 150;
/// Fewer for the breadth-first searches with wildcards, which reach many positions.
const WILD_SEEDS: u64 = 24;

/// The quick command's share of `SEEDS`, and of `WILD_SEEDS`.
const SAMPLE: Breadth = Breadth::Sample { stride: 8 };
const WILD_SAMPLE: Breadth = Breadth::Sample { stride: 4 };

#[test]
fn the_board_solver_and_its_bound_match_a_breadth_first_search() {
    board_solver_and_bound(WILD_SAMPLE);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn the_board_solver_and_its_bound_match_a_breadth_first_search_in_full() {
    board_solver_and_bound(Breadth::Full);
}

fn board_solver_and_bound(breadth: Breadth) {
    let (mut solved, mut definitive, mut open) = (0, 0, 0);
    for seed in breadth.of(0..WILD_SEEDS) {
        let start = with_unknowns(seed);
        let report = solve(&start, &mut ());
        let truth = fewest_to_clear(&layers(&start));
        assert_eq!(steps(&report.outcome), truth, "seed {seed}");
        if let Outcome::Solved(moves) = &report.outcome {
            assert!(replay(&start, moves).is_won(), "seed {seed}");
            solved += 1;
        }
        let wild = start.clone().with_wildcards(true);
        let bound = board_unknowns(&start, &report, &mut ()).expect("unknown cards");
        let bound_steps = steps(bound.bound.as_ref().expect("not cancelled"));
        // A plain reason that holds whatever the cards are is the bound: no filling wins.
        let wild_truth = if explain::lost_whatever_unknown(&start).is_some() {
            None
        } else {
            fewest_to_clear(&layers(&wild))
        };
        assert_eq!(bound_steps, wild_truth, "seed {seed}: the bound");
        assert_eq!(bound.definitive, bound_steps == truth, "seed {seed}");
        if bound.definitive {
            definitive += 1;
        } else {
            open += 1;
        }
    }
    // Each kind of answer met: 3 or more of each over all the seeds, 1 in the sample.
    let enough = breadth.share(3);
    assert!(
        solved >= enough && definitive >= enough && open >= enough,
        "{solved} {definitive} {open}"
    );
}

#[test]
fn the_score_and_card_solvers_and_their_bounds_match_a_breadth_first_search() {
    score_and_card_solvers_and_bounds(WILD_SAMPLE);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn the_score_and_card_solvers_and_their_bounds_match_a_breadth_first_search_in_full() {
    score_and_card_solvers_and_bounds(Breadth::Full);
}

fn score_and_card_solvers_and_bounds(breadth: Breadth) {
    let (mut definitive, mut open) = (0, 0);
    for seed in breadth.of(0..WILD_SEEDS / 2) {
        let start = with_unknowns(seed);
        let rank = Rank::new(1 + (seed % 13) as u8).expect("a rank");
        for wild in [false, true] {
            let position = start.clone().with_wildcards(wild);
            let all = layers(&position);
            let (most, depth) = best(&all, None, Position::score).expect("a score");
            let Some(ScoreAnswer::Short(line)) = solve_score(&position, u32::MAX, &mut ()).answer
            else {
                panic!("seed {seed}: an unreachable target is short")
            };
            assert_eq!(
                (line.value, line.moves.len()),
                (most, depth),
                "seed {seed}, wild {wild}: max score"
            );
            assert_eq!(replay(&position, &line.moves).score(), most);
            let count = |p: &Position| p.removed_of_rank(rank) as u32;
            let Some(CardAnswer::Short { clearing, open }) =
                solve_card(&position, rank, 9, &mut ()).answer
            else {
                panic!("seed {seed}: nine of a rank is out of reach")
            };
            let truth_clearing = best(&all, Some(true), count);
            let truth_open = best(&all, Some(false), count);
            let got_clearing = clearing.as_ref().map(|l| (l.value, l.moves.len()));
            assert_eq!(got_clearing, truth_clearing, "seed {seed}, wild {wild}");
            let better = truth_open.filter(|&(o, _)| truth_clearing.is_none_or(|(c, _)| o > c));
            let got_open = open.as_ref().map(|l| (l.value, l.moves.len()));
            assert_eq!(got_open, better, "seed {seed}, wild {wild}: open line");
        }
        let answer = solve_score(&start, u32::MAX, &mut ())
            .answer
            .expect("an answer");
        let bound = score_unknowns(&start, u32::MAX, &answer, &mut ()).expect("unknown cards");
        if bound.definitive {
            definitive += 1;
        } else {
            open += 1;
        }
        let answer = solve_card(&start, rank, 9, &mut ())
            .answer
            .expect("an answer");
        assert!(card_unknowns(&start, rank, 9, &answer, &mut ()).is_some());
    }
    // Wildcards nearly always make more points: few answers here are definitive.
    assert!(open > definitive, "{definitive} {open}");
}

#[test]
fn filling_in_the_unknown_cards_never_beats_the_bound_nor_changes_a_definitive_answer() {
    fillings(SAMPLE);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn filling_in_the_unknown_cards_never_beats_the_bound_nor_changes_a_definitive_answer_in_full() {
    fillings(Breadth::Full);
}

fn fillings(breadth: Breadth) {
    for seed in breadth.of(0..SEEDS) {
        let start = with_unknowns(seed);
        let report = solve(&start, &mut ());
        let bound = board_unknowns(&start, &report, &mut ()).expect("unknown cards");
        let found = steps(&report.outcome);
        let best = steps(bound.bound.as_ref().expect("not cancelled"));
        let score = solve_score(&start, u32::MAX, &mut ()).answer;
        let Some(ScoreAnswer::Short(score)) = score else {
            panic!("short")
        };
        let score_bound = score_unknowns(
            &start,
            u32::MAX,
            &ScoreAnswer::Short(score.clone()),
            &mut (),
        )
        .expect("unknown cards");
        let Some(ScoreAnswer::Short(score_best)) = &score_bound.bound else {
            panic!("short")
        };
        let mut pick = Pick(seed);
        for _ in 0..4 {
            let filling = filled(&start, &mut pick);
            let optimum = steps(&solve(&filling, &mut ()).outcome);
            // Fewer steps are better; no way at all is worst.
            let rank = |s: Option<usize>| s.unwrap_or(usize::MAX);
            assert!(rank(optimum) <= rank(found), "seed {seed}: {filling}");
            assert!(rank(best) <= rank(optimum), "seed {seed}: {filling}");
            if bound.definitive {
                assert_eq!(optimum, found, "seed {seed}: {filling}");
            }
            let Some(ScoreAnswer::Short(most)) = solve_score(&filling, u32::MAX, &mut ()).answer
            else {
                panic!("short")
            };
            assert!(score.value <= most.value && most.value <= score_best.value);
            if score_bound.definitive {
                assert_eq!(
                    (most.value, most.moves.len()),
                    (score.value, score.moves.len())
                );
            }
        }
    }
}

/// The fewest steps to an unknown card face up, by breadth-first search.
fn fewest_to_see(start: &Position) -> Option<usize> {
    layers(start)
        .iter()
        .position(|l| l.iter().any(|p| p.unknown_face_up().is_some()))
}

#[test]
fn the_reveal_plan_is_the_fewest_steps_to_see_an_unknown_card() {
    reveal_plans(SAMPLE);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn the_reveal_plan_is_the_fewest_steps_to_see_an_unknown_card_in_full() {
    reveal_plans(Breadth::Full);
}

fn reveal_plans(breadth: Breadth) {
    let mut steps_seen = HashSet::new();
    for seed in breadth.of(0..SEEDS) {
        let position = with_unknowns(seed);
        let plan = reveal_plan(&position, &position, &mut ()).expect("not stopped");
        let truth = fewest_to_see(&position);
        assert_eq!(plan.as_ref().map(|p| p.moves.len()), truth, "seed {seed}");
        let Some(plan) = plan else { continue };
        assert!(!plan.restart);
        let end = replay(&position, &plan.moves);
        assert_eq!(end.unknown_face_up(), Some((plan.place, plan.card)));
        steps_seen.insert(plan.moves.len());
    }
    assert!(steps_seen.len() > 3, "{steps_seen:?}");
}

#[test]
fn with_no_unknown_card_in_reach_the_plan_starts_from_the_deal() {
    let deal = common::deal("winnable-40-steps.txt");
    let mut slots = deal.slots();
    slots[0] = None;
    slots[30] = None;
    let deal = Deal::from_slots(&slots, solitaire::GameKind::Pyramid).expect("a deal");
    let start = Position::new(&deal, Rules::default());
    // The apex unknown under two Twos with nothing left to pair them.
    let two = |text: &str| text.parse::<Card>().expect("a card");
    let mut pyramid = [None; 28];
    pyramid[0] = Some(deal.cards()[0]);
    pyramid[1] = Some(two("2c"));
    pyramid[2] = Some(two("2d"));
    let stuck = Position::from_parts(Rules::default(), pyramid, &[], &[two("5h")], 2, vec![])
        .with_unknown_of(&deal);
    assert!(stuck.has_unknown());
    let plan = reveal_plan(&stuck, &start, &mut ())
        .expect("not stopped")
        .expect("a plan from the start");
    assert!(plan.restart);
    assert_eq!(plan.moves.len(), 3, "{:?}", plan.moves);
    assert_eq!(plan.place, Place::Waste);
    assert_eq!(plan.card, deal.cards()[30]);
    assert_eq!(
        replay(&start, &plan.moves).unknown_face_up(),
        Some((Place::Waste, deal.cards()[30]))
    );
    let known = Position::new(&common::deal("winnable-40-steps.txt"), Rules::default());
    assert_eq!(reveal_plan(&known, &known, &mut ()), Ok(None));
}

#[test]
fn a_deal_with_unknown_cards_is_solved_as_far_as_it_is_known() {
    // RULES.md's Card-challenge deal (3 Kings on a clearing line) with its first 18 cards
    // unknown: the bottom row and the stock are still playable.
    let text = "Qs 4c 2s 4d Jh 9c Ah 5d 8d 8h 7s 4s 7h 3c Jd 8s 5c 6s 9d 9h 2c 7d Qd Ks Kd 5s \
                2d Kh 3d Ac Js 6c Td Kc Th Ad 7c Tc As Ts 6h 2h Qc 8c 6d 3s 9s Jc Qh 4h 5h 3h";
    let known = Deal::parse(text).expect("a deal");
    let mut slots = known.slots();
    for slot in &mut slots[..18] {
        *slot = None;
    }
    let deal = Deal::from_slots(&slots, solitaire::GameKind::Pyramid).expect("a deal");
    let start = Position::new(&deal, Rules::default());
    let report = solve(&start, &mut ());
    assert!(matches!(report.outcome, Outcome::NoSolution(Some(_))));
    let kings = Rank::new(13).expect("a rank");
    let answer = solve_card(&start, kings, 10, &mut ())
        .answer
        .expect("an answer");
    let CardAnswer::Short { clearing, open } = &answer else {
        panic!("ten Kings are out of reach")
    };
    assert!(clearing.is_none(), "the unknown cards never go");
    let open = open.as_ref().expect("Kings can still go");
    let end = replay(&start, &open.moves);
    assert!(end.removed_of_rank(kings) >= 1);
    assert!(end.removed().iter().all(|&c| !start.is_unknown(c)));
    let bound = card_unknowns(&start, kings, 10, &answer, &mut ()).expect("unknown cards");
    assert!(!bound.definitive);
    let plan = reveal_plan(&start, &start, &mut ())
        .expect("not stopped")
        .expect("a plan");
    assert!(!plan.moves.is_empty() && !plan.restart);
}

#[test]
fn a_plain_reason_that_holds_whatever_the_unknown_cards_are_makes_no_solution_definitive() {
    // 2d lies under all four Jacks: with the whole stock unknown, the wildcards could pair
    // it, but no filling can.
    let deal = common::deal("no-solution-2d-under-four-jacks.txt");
    let mut slots = deal.slots();
    for slot in &mut slots[28..] {
        *slot = None;
    }
    let unknown = Deal::from_slots(&slots, solitaire::GameKind::Pyramid).expect("a deal");
    let start = Position::new(&unknown, Rules::default());
    let report = solve(&start, &mut ());
    let bound = board_unknowns(&start, &report, &mut ()).expect("unknown cards");
    assert!(bound.definitive);
    assert_eq!(bound.bound, Some(report.outcome.clone()));
    let wild = start.clone().with_wildcards(true);
    assert!(
        matches!(solve(&wild, &mut ()).outcome, Outcome::Solved(_)),
        "the wildcards alone would not prove it"
    );
    // Every filling: the stock's cards in another order.
    let mut pick = Pick(7);
    for _ in 0..20 {
        let mut stock: Vec<Card> = deal.cards()[28..].to_vec();
        for i in (1..stock.len()).rev() {
            stock.swap(i, pick.next(i + 1));
        }
        let mut cards = deal.cards()[..28].to_vec();
        cards.extend(stock);
        let line: Vec<String> = cards.iter().map(ToString::to_string).collect();
        let filling = Position::new(
            &Deal::parse(&line.join(" ")).expect("a deal"),
            Rules::default(),
        );
        assert!(matches!(
            solve(&filling, &mut ()).outcome,
            Outcome::NoSolution(_)
        ));
    }
}

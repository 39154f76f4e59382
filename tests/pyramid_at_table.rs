//! Pyramid at the table: the ranking against every deal of the unknown cards on small
//! positions (one card among thirty, or the last few stock cards among themselves), moves settled whatever the unknown cards are, and `hint` on a deal whose stock is
//! face down, as people play it.

mod common;

use common::at_table::{
    Coverage, assert_hint_waits_for_the_card_drawn, assert_same_figures_again, budget,
    check_exact_when_all_known, hint_at_table, legal_texts, orders,
};
use common::{Pick, cards_in_play, data, output, small_position};
use solitaire::Card;
use solitaire::engine::at_table::{self, AtTable, Estimate};
use solitaire::games::pyramid::Goal;
use solitaire::games::pyramid::saved::SavedDeal;
use solitaire::games::pyramid::solver::{Outcome, ScoreAnswer, solve, solve_score};
use solitaire::games::pyramid::{Position, Rules, notation};

/// A small position with one unknown card put in the stock, or now and then the waste
/// under its top; the cards gone are unknown too (the player did not type them in), so that
/// the one in play may be any of some thirty cards.
fn one_unknown(seed: u64) -> Position {
    let small = small_position(seed, Rules::default());
    let mut pick = Pick(seed ^ 0x7ab1e);
    let mut stock: Vec<Card> = small.stock_top_first().collect();
    let mut waste = small.waste_bottom_first().to_vec();
    let mut removed = small.removed().to_vec();
    let card = removed.swap_remove(pick.next(removed.len()));
    if pick.next(4) == 0 && !waste.is_empty() {
        waste.insert(pick.next(waste.len()), card);
    } else {
        stock.insert(pick.next(stock.len() + 1), card);
    }
    let unknown: Vec<Card> = removed.iter().copied().chain([card]).collect();
    Position::from_parts(
        small.rules(),
        *small.pyramid(),
        &stock,
        &waste,
        small.recycles_used(),
        removed,
    )
    .with_unknown_cards(unknown)
}

/// Whether the pyramid can be cleared, every card known.
fn clears(position: &Position) -> bool {
    matches!(solve(position, &mut ()).outcome, Outcome::Solved(_))
}

/// The share of every deal of the one unknown card that `mv` wins, every card known: what
/// the sampling estimates.
fn full_knowledge(position: &Position, mv: solitaire::games::pyramid::Move) -> f64 {
    let pool = at_table::rest_of_pack(&position.seen());
    let won = pool
        .iter()
        .filter(|&&card| clears(&position.dealt(&[card]).after(mv)))
        .count();
    won as f64 / pool.len() as f64
}

#[test]
fn the_chances_hold_the_share_of_every_deal_won_within_their_margins() {
    let mut coverage = Coverage::default();
    for seed in 0..40 {
        let position = one_unknown(seed);
        assert_eq!(position.unknown(), 1, "seed {seed}");
        let pool = at_table::rest_of_pack(&position.seen());
        let ranking = at_table::rank(&position, &pool, &budget(200), &mut ()).expect("ranked");
        assert_eq!(ranking.moves.len(), position.legal_moves().len());
        let context = format!("seed {seed}\n{position}\n{ranking:?}");
        for chance in &ranking.moves {
            let average = full_knowledge(&position, chance.mv);
            coverage.check(chance.estimate, average, &context);
        }
    }
    coverage.assert_mostly_covered(20);
}

/// A small position late in a game with its last `count` stock cards unknown and every
/// other card seen: the deals of the unknown cards are the orders of those cards, few enough
/// to go through them all. `None` when the stock is shorter.
fn stock_end_unknown(seed: u64, count: usize) -> Option<Position> {
    let small = small_position(seed, Rules::default());
    let stock: Vec<Card> = small.stock_top_first().collect();
    let known = stock.len().checked_sub(count)?;
    Some(small.with_unknown_cards(stock[known..].iter().copied()))
}

/// How many orders of the unknown cards `mv` wins every card known, of how many.
fn orders_won(position: &Position, mv: solitaire::games::pyramid::Move) -> (usize, usize) {
    let deals = orders(&at_table::rest_of_pack(&position.seen()));
    let won = deals
        .iter()
        .filter(|cards| clears(&position.dealt(cards).after(mv)))
        .count();
    (won, deals.len())
}

#[test]
fn with_the_last_stock_cards_unknown_the_chances_hold_the_share_of_every_order_won() {
    let (mut coverage, mut positions) = (Coverage::default(), 0);
    for seed in 0..40 {
        let Some(position) = stock_end_unknown(seed, 3) else {
            continue;
        };
        positions += 1;
        let pool = at_table::rest_of_pack(&position.seen());
        assert_eq!(
            pool.len(),
            3,
            "only the unknown cards are not seen: seed {seed}"
        );
        let ranking = at_table::rank(&position, &pool, &budget(200), &mut ()).expect("ranked");
        assert_eq!(ranking.moves.len(), position.legal_moves().len());
        let context = format!("seed {seed}\n{position}\n{ranking:?}");
        for chance in &ranking.moves {
            let (won, deals) = orders_won(&position, chance.mv);
            coverage.check(chance.estimate, won as f64 / deals as f64, &context);
            // A move every order wins, or none, is so on every deal sampled too.
            if won == 0 || won == deals {
                let all = f64::from(u8::from(won == deals));
                assert_eq!(chance.estimate.chance(), Some(all), "{context}");
            }
        }
    }
    assert!(
        positions >= 20,
        "only {positions} positions with stock enough"
    );
    coverage.assert_mostly_covered(20);
    println!("{positions} positions; {coverage:?}");
}

#[test]
fn with_nothing_unknown_every_move_is_exact_and_agrees_with_the_exact_solver() {
    let mut won = 0;
    for seed in 0..30 {
        let position = small_position(seed, Rules::default());
        won += check_exact_when_all_known(&position, &format!("seed {seed}"), clears);
    }
    assert!(won > 0);
}

/// A deal file's text with its last `count` stock cards unknown.
fn with_stock_unknown(name: &str, count: usize) -> String {
    let text = std::fs::read_to_string(data(name)).expect("the fixture");
    let (pyramid, stock) = text.trim_end().rsplit_once('\n').expect("a stock line");
    let mut cards: Vec<&str> = stock.split_whitespace().collect();
    let known = cards.len() - count;
    for card in &mut cards[known..] {
        *card = "??";
    }
    format!("{pyramid}\n{}\n", cards.join(" "))
}

fn position_of(text: &str) -> Position {
    Position::new(
        &solitaire::Deal::parse(text).expect("a deal"),
        Rules::default(),
    )
}

#[test]
fn a_move_after_which_the_win_is_certain_is_ranked_first_at_one_hundred_percent() {
    // The 15-step deal clears from its pyramid and first stock cards: the last five stock
    // cards unknown change nothing, so a move of its line wins whatever they are.
    let position = position_of(&with_stock_unknown("shortest-15-steps.txt", 5));
    assert_eq!(position.unknown(), 5);
    assert_eq!(position.settled(), Some(true));
    let pool = at_table::rest_of_pack(&position.seen());
    let ranking = at_table::rank(&position, &pool, &budget(20), &mut ()).expect("ranked");
    let best = ranking.best().expect("moves");
    assert_eq!(best.estimate, Estimate::Exact(true), "{ranking:?}");
    assert_eq!(best.estimate.text(), "100%, certain");
    let Outcome::Solved(line) = solve(&position, &mut ()).outcome else {
        panic!("the deal clears");
    };
    let first = ranking
        .moves
        .iter()
        .find(|chance| chance.mv == line[0])
        .expect("the line's first move is legal");
    assert_eq!(first.estimate, Estimate::Exact(true));
}

#[test]
fn a_game_lost_whatever_the_unknown_cards_are_ranks_every_move_lost_for_certain() {
    // The Two of diamonds lies under all four Jacks: no filling of the stock frees it.
    let position = position_of(&with_stock_unknown(
        "no-solution-2d-under-four-jacks.txt",
        24,
    ));
    assert_eq!(position.settled(), Some(false));
    let pool = at_table::rest_of_pack(&position.seen());
    let ranking = at_table::rank(&position, &pool, &budget(20), &mut ()).expect("ranked");
    assert!(ranking.exact());
    assert!(
        ranking
            .moves
            .iter()
            .all(|chance| chance.estimate == Estimate::Exact(false))
    );
    // And hint says so exactly, without a ranking.
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("lost.txt");
    std::fs::write(
        &file,
        with_stock_unknown("no-solution-2d-under-four-jacks.txt", 24),
    )
    .expect("written");
    let said = output(&["hint", file.to_str().expect("a path")], 1);
    assert!(!said.contains("At the table"), "{said}");
}

#[test]
fn the_unknown_cards_dealt_take_their_places_and_every_card_is_in_the_game_once() {
    // A game in progress with the stock's last ten cards unknown.
    let text = with_stock_unknown("game-in-progress.txt", 10);
    let saved = SavedDeal::parse(&text, "x").expect("a saved game");
    let in_progress = saved.game().position().clone();
    // And one unknown card gone besides (a stand-in among the cards removed).
    let gone: Card = at_table::rest_of_pack(&in_progress.seen())[0];
    let unknown: Vec<Card> = in_progress
        .stock_top_first()
        .filter(|&card| in_progress.is_unknown(card))
        .chain([gone])
        .collect();
    let mut removed = in_progress.removed().to_vec();
    removed.push(gone);
    let stock: Vec<Card> = in_progress
        .stock_top_first()
        .filter(|&card| card != gone)
        .collect();
    let waste: Vec<Card> = in_progress
        .waste_bottom_first()
        .iter()
        .copied()
        .filter(|&card| card != gone)
        .collect();
    let position = Position::from_parts(
        in_progress.rules(),
        *in_progress.pyramid(),
        &stock,
        &waste,
        in_progress.recycles_used(),
        removed,
    )
    .with_unknown_cards(unknown);
    let pool = at_table::rest_of_pack(&position.seen());
    assert_eq!(
        pool.len(),
        position.unknown() + 1,
        "the gone one is not seen"
    );
    let dealt = position.dealt(&pool[pool.len() - position.unknown()..]);
    assert_eq!(dealt.unknown(), 0);
    assert_eq!(dealt.stock_len(), position.stock_len());
    let mut all = cards_in_play(&dealt);
    all.extend(dealt.removed());
    let cards = all.len();
    all.sort_by_key(|card| card.index());
    all.dedup();
    assert_eq!((cards, all.len()), (52, 52), "every card once");
    assert!(dealt.is_unknown(pool[0]), "the card gone stays unknown");
    // The known cards keep their places.
    for (before, after) in position.stock_top_first().zip(dealt.stock_top_first()) {
        if !position.is_unknown(before) {
            assert_eq!(before, after);
        }
    }
}

#[test]
fn hint_ranks_the_moves_of_a_deal_whose_stock_is_face_down() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("face-down.txt");
    std::fs::write(&file, with_stock_unknown("winnable-40-steps.txt", 24)).expect("written");
    let file = file.to_str().expect("a path");
    let (said, answer) = hint_at_table(file, &[], 40);
    assert!(
        said.starts_with(
            "Pyramid (3 passes through the stock): At the table (Board: clear the pyramid): 24 cards are \
             not known (??), each any of the 24 cards not seen; each move's chance to win, over \
             40 random deals of them:\n"
        ),
        "{said}"
    );
    assert_eq!(
        (answer["game"].clone(), answer["challenge"].clone()),
        ("pyramid".into(), "board".into())
    );
    assert_eq!(answer["rules"]["passes"], "3");
    assert_eq!(
        (answer["unknown"].clone(), answer["pool"].clone()),
        (24.into(), 24.into())
    );
    let start = position_of(&with_stock_unknown("winnable-40-steps.txt", 24));
    let legal = legal_texts(&start, notation::move_text);
    common::at_table::check_ranking(&answer, &said, &legal, "win chance", 40);
    assert_same_figures_again(file, &[], 40, &answer);
}

#[test]
fn hint_ranks_the_moves_by_their_chance_to_reach_a_score_target_and_their_points() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("face-down.txt");
    let text = with_stock_unknown("winnable-40-steps.txt", 6);
    std::fs::write(&file, &text).expect("written");
    let file = file.to_str().expect("a path");
    let (said, answer) = hint_at_table(file, &["--score"], 10);
    assert!(
        said.starts_with(
            "Pyramid (3 passes through the stock): At the table (Score: 1290 points (0 earned)): \
             6 cards are not known (??)"
        ),
        "{said}"
    );
    assert_eq!(
        (answer["challenge"].clone(), answer["target"].clone()),
        ("score".into(), 1290.into())
    );
    let legal = legal_texts(&position_of(&text), notation::move_text);
    common::at_table::check_ranking(&answer, &said, &legal, "chance to reach 1,290", 10);
    common::at_table::check_points(&answer, &said, 0, 10);
}

#[test]
fn score_chances_and_points_agree_with_every_order_of_the_last_stock_cards() {
    let (mut coverage, mut positions) = (Coverage::default(), 0);
    for seed in 0..20 {
        let Some(position) = stock_end_unknown(seed, 3) else {
            continue;
        };
        positions += 1;
        let pool = at_table::rest_of_pack(&position.seen());
        let orders = orders(&pool);
        // The most points of each order, by the exact Score solver asked for more than any
        // deal gives.
        let most = |dealt: &Position| match solve_score(dealt, u32::MAX, &mut ()).answer {
            Some(ScoreAnswer::Short(line) | ScoreAnswer::Reached(line)) => line.value,
            None => unreachable!("nothing stops the search"),
        };
        let wholes: Vec<u32> = orders
            .iter()
            .map(|cards| most(&position.dealt(cards)))
            .collect();
        let earned = 40;
        let target = earned + wholes.iter().copied().max().unwrap_or(0).max(1);
        let goal = Goal::Score { target, earned };
        let ranking =
            at_table::rank_for(&position, &goal, &pool, &budget(100), &mut ()).expect("ranked");
        for chance in &ranking.moves {
            let points: Vec<u32> = orders
                .iter()
                .map(|cards| earned + most(&position.dealt(cards).after(chance.mv)))
                .collect();
            let context = format!("seed {seed}\n{position}\n{points:?}\n{ranking:?}");
            let reached = points.iter().filter(|&&p| p >= target).count();
            coverage.check(
                chance.estimate,
                reached as f64 / points.len() as f64,
                &context,
            );
            let mean = points.iter().map(|&p| f64::from(p)).sum::<f64>() / points.len() as f64;
            let (measured, margin) = chance
                .points
                .and_then(|figure| figure.mean_margin())
                .expect("points");
            assert!((measured - mean).abs() <= 2.0 * margin + 1e-9, "{context}");
            if points.iter().all(|&p| p == points[0]) {
                assert!((measured - mean).abs() < 1e-9, "{context}");
            }
        }
    }
    assert!(positions >= 10, "only {positions} positions");
    coverage.assert_mostly_covered(10);
}

#[test]
fn hint_answers_exactly_with_every_card_known_or_one_face_up_to_type_in() {
    let known = output(&["hint", &data("winnable-40-steps.txt")], 0);
    assert!(
        known.starts_with("Pyramid (3 passes through the stock): Next: "),
        "{known}"
    );
    // The stock's top drawn and not typed in: the player sees it.
    assert_hint_waits_for_the_card_drawn(&with_stock_unknown("winnable-40-steps.txt", 24));
}

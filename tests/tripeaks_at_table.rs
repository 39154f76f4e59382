//! TriPeaks at the table against a plain reference on small positions (a few tableau cards and
//! a few stock cards left), where every deal of the unknown cards can be gone through; then
//! `hint` on the deal as MSC shows it.
//!
//! Two cards in play are unknown, and so are the cards already gone (the player did not type
//! them in), so that the two may be any of some forty cards. Two references, both plain
//! searches over the referee's moves:
//! - the *true* chance of a move, for a player who learns each card as it turns up: a card
//!   that turns up (uncovered in the tableau, or drawn) is any of the cards not seen, each as
//!   likely (the average over them); otherwise the player picks the best move (the most over
//!   the moves), and a tableau cleared is a win;
//! - the *full-knowledge average*: the share of all deals of the two cards that the move wins
//!   with every card known. This is what the engine's sampling estimates; it is never below
//!   the true chance (knowing more never hurts).

mod common;

use common::at_table::{
    Coverage, References, assert_hint_waits_for_the_card_drawn, assert_same_figures_again, budget,
    check_against_references, check_exact_when_all_known, hint_at_table, legal_texts,
};

use std::collections::HashMap;

use common::{json_answer, output};
use solitaire::Card;
use solitaire::cards::card::Rank;
use solitaire::cards::deal::random_deals;
use solitaire::engine::at_table::{self, AtTable, Estimate, Points};
use solitaire::engine::goal::Goal;
use solitaire::games::tripeaks::answer::seen_slot;
use solitaire::games::tripeaks::layout::{COVERS, FIRST_WASTE, LAYOUT, TABLEAU_SIZE, face_up};
use solitaire::games::tripeaks::saved::SavedTriPeaks;
use solitaire::games::tripeaks::solver::{BoardAnswer, solve_board};
use solitaire::games::tripeaks::{Move, Position, notation};
use solitaire::{Deal, DeckProblems};

/// A small xorshift generator for picking places from a seed.
struct Picks(u64);

impl Picks {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        usize::try_from(self.0 % bound as u64).expect("a small number")
    }
}

/// The tableau cards `cards` with every card under them, as a mask: a card cannot go while
/// one lies on it.
fn with_cards_under_them(cards: u32) -> u32 {
    let mut mask = cards;
    loop {
        let more = (0..TABLEAU_SIZE)
            .filter(|&i| COVERS[i] & mask != 0)
            .fold(mask, |all, i| all | 1 << i);
        if more == mask {
            return mask;
        }
        mask = more;
    }
}

/// A small position from a random deal: one or two tableau cards of rows 1 to 3 with the
/// cards under them, 3 to 6 stock cards left, the waste's top known; two of the face-down or
/// stock cards unknown, and every card gone unknown too.
fn small_position(seed: u64) -> Position {
    small_position_with(seed, true)
}

/// The same, every card gone unknown when `gone_unknown`, else known: then the two cards in
/// play are the only ones not seen, and every deal of them is one of their two orders.
fn small_position_with(seed: u64, gone_unknown: bool) -> Position {
    let deal = random_deals(seed, 1).remove(0);
    let mut picks = Picks(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let roots = (0..=picks.below(2)).fold(0, |mask, _| mask | 1 << picks.below(18));
    let remaining = with_cards_under_them(roots);
    let drawn = 23 - (3 + picks.below(4));
    let waste = FIRST_WASTE + drawn;
    let face_down = remaining & !face_up(remaining);
    let mut hidden: Vec<usize> = (0..TABLEAU_SIZE)
        .filter(|&i| face_down & (1 << i) != 0)
        .chain(waste + 1..52)
        .collect();
    let mut in_play = Vec::new();
    while in_play.len() < 2 {
        in_play.push(hidden.remove(picks.below(hidden.len())));
    }
    let gone = |slot: usize| {
        gone_unknown && slot < waste && (slot >= TABLEAU_SIZE || remaining & (1 << slot) == 0)
    };
    let slots: Vec<Option<Card>> = deal
        .slots()
        .iter()
        .enumerate()
        .map(|(slot, &card)| {
            (!gone(slot) && !in_play.contains(&slot))
                .then_some(card)
                .flatten()
        })
        .collect();
    let deal = Deal::from_slots(&slots, &LAYOUT).expect("a deal with unknown cards");
    Position::from_parts(&deal, remaining, drawn, waste, 0, 0).expect("a position")
}

/// The unknown cards still in play: face down in the tableau or in the stock.
fn unknown_in_play(position: &Position) -> Vec<usize> {
    (0..TABLEAU_SIZE)
        .filter(|&i| position.is_there(i))
        .chain(position.stock_slots())
        .filter(|&slot| position.card(slot).is_none())
        .collect()
}

/// The cards the unknown cards may be.
fn pool(position: &Position) -> Vec<Card> {
    at_table::rest_of_pack(&position.seen())
}

/// The true chance to clear the tableau from a position for a player who learns each card as
/// it turns up; with nothing unknown in play, whether the tableau can be cleared at all.
fn true_chance(position: &Position, memo: &mut HashMap<Position, f64>) -> f64 {
    if let Some(slot) = seen_slot(position) {
        let pool = pool(position);
        let total: f64 = pool
            .iter()
            .map(|&card| {
                let known = position.reveal(slot, card).expect("a card not seen");
                true_chance(&known, memo)
            })
            .sum();
        return total / pool.len() as f64;
    }
    if position.is_won() {
        return 1.0;
    }
    if let Some(&chance) = memo.get(position) {
        return chance;
    }
    let best = position
        .legal_moves()
        .into_iter()
        .map(|mv| true_chance(&position.after(mv), memo))
        .fold(0.0, f64::max);
    memo.insert(*position, best);
    best
}

/// The share of all deals of the unknown cards in play that `mv` wins, every card known.
fn full_knowledge(position: &Position, mv: Move, memo: &mut HashMap<Position, f64>) -> f64 {
    let places = unknown_in_play(position);
    let pool = pool(position);
    let mut deals = vec![*position];
    for &place in &places {
        deals = deals
            .iter()
            .flat_map(|dealt| {
                pool.iter()
                    .filter_map(|&card| dealt.reveal(place, card).ok())
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    let won: f64 = deals
        .iter()
        .map(|dealt| true_chance(&dealt.after(mv), memo))
        .sum();
    won / deals.len() as f64
}

#[test]
fn the_chances_stay_within_their_margins_and_the_best_move_is_near_the_true_best() {
    let (mut coverage, mut certain) = (Coverage::default(), 0);
    for seed in 0..200 {
        let position = small_position(seed);
        assert_eq!(unknown_in_play(&position).len(), 2);
        let ranking = at_table::rank(&position, &pool(&position), &budget(300), &mut ())
            .expect("as many cards as unknown places");
        if ranking.moves.len() < 2 {
            continue;
        }
        let mut memo = HashMap::new();
        let context = format!("seed {seed}\n{position}");
        let found = check_against_references(&ranking, &context, &mut coverage, |mv| References {
            truth: true_chance(&position.after(mv), &mut memo),
            average: full_knowledge(&position, mv, &mut memo),
        });
        certain += usize::from(found.iter().any(|found| found.truth >= 1.0));
    }
    coverage.assert_mostly_covered(60);
    assert!(certain > 0, "no position has a certain move");
    println!("{coverage:?}; {certain} certain");
}

#[test]
fn with_nothing_unknown_every_move_is_exact_and_agrees_with_the_exact_solver() {
    let mut won = 0;
    for (seed, deal) in random_deals(7, 10).into_iter().enumerate() {
        let position = Position::new(&deal);
        won += check_exact_when_all_known(&position, &format!("seed {seed}"), |after| {
            let answer = solve_board(after, &mut ()).answer;
            matches!(answer.expect("solved").answer, BoardAnswer::Cleared(_))
        });
    }
    assert!(won > 0);
    // And against the plain search, on small positions with every card typed in.
    for seed in 0..20 {
        let mut position = small_position(seed);
        for place in unknown_in_play(&position) {
            let card = pool(&position)[0];
            position = position.reveal(place, card).expect("a card not seen");
        }
        let ranking =
            at_table::rank(&position, &pool(&position), &budget(50), &mut ()).expect("ranked");
        for chance in &ranking.moves {
            let wins = true_chance(&position.after(chance.mv), &mut HashMap::new()) >= 1.0;
            let figure = chance.estimate.chance().expect("decided");
            assert_eq!(figure >= 1.0, wins, "seed {seed}\n{position}\n{ranking:?}");
            assert!(
                figure == 0.0 || figure >= 1.0,
                "every deal alike: {ranking:?}"
            );
        }
    }
}

#[test]
fn moves_settled_whatever_the_unknown_cards_are_are_exact() -> Result<(), DeckProblems> {
    // The ordered deck with only its last stock card unknown: the bottom row plays down in one
    // run and the tableau clears whatever that card is.
    let ordered = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd \
        Kd Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs ??";
    let position = Position::new(&Deal::parse_as(ordered, &LAYOUT)?);
    let ranking = at_table::rank(&position, &pool(&position), &budget(20), &mut ())
        .expect("one card for one place");
    let play = ranking
        .moves
        .iter()
        .find(|chance| chance.mv == Move::Play(27));
    assert_eq!(
        play.map(|chance| chance.estimate),
        Some(Estimate::Exact(true))
    );
    Ok(())
}

/// The most points from a position, earlier deals' `earned` included, by a plain search over
/// the referee's moves: the best score of every position it reaches.
fn most_points(position: &Position, memo: &mut HashMap<Position, u32>) -> u32 {
    if let Some(&most) = memo.get(position) {
        return most;
    }
    let most = position
        .legal_moves()
        .into_iter()
        .map(|mv| most_points(&position.after(mv), memo))
        .fold(position.score(), u32::max);
    memo.insert(*position, most);
    most
}

/// Whether a line from a position removes `count` tableau cards of `rank` in all, by a plain
/// search over the referee's moves.
fn removes(
    position: &Position,
    rank: Rank,
    count: usize,
    memo: &mut HashMap<Position, bool>,
) -> bool {
    if position.removed_of_rank(rank) >= count {
        return true;
    }
    if let Some(&reached) = memo.get(position) {
        return reached;
    }
    let reached = position
        .legal_moves()
        .into_iter()
        .any(|mv| removes(&position.after(mv), rank, count, memo));
    memo.insert(*position, reached);
    reached
}

/// Checks a move's points against every deal's, `points` (each order's most): an exact
/// figure is the points of every deal; a sampled one holds their mean within its margin
/// widened by itself (its deals are some of the orders, not all), and is exact in all but
/// name when every order gives the same.
fn check_points(figure: Points, points: &[u32], context: &str) {
    let mean = points.iter().map(|&p| f64::from(p)).sum::<f64>() / points.len() as f64;
    let (measured, margin) = figure.mean_margin().expect("measured");
    match figure {
        Points::Exact(exact) => assert!(points.iter().all(|&p| p == exact), "{context}"),
        Points::Sampled { deals, .. } => {
            assert!(deals > 0, "{context}");
            assert!(
                (measured - mean).abs() <= 2.0 * margin + 1e-9,
                "{measured} ± {margin} for {mean}: {context}"
            );
        }
    }
    if points.iter().all(|&p| p == points[0]) {
        assert!((measured - mean).abs() < 1e-9 && margin < 1e-9, "{context}");
    }
}

#[test]
fn score_chances_and_points_agree_with_every_order_of_the_unknown_cards() {
    let (mut coverage, mut spread, mut exact) = (Coverage::default(), 0, 0);
    for seed in 0..60 {
        let position = small_position_with(seed, false);
        let orders = common::at_table::orders(&pool(&position));
        assert_eq!(orders.len(), 2, "only the two unknown cards are not seen");
        let mut memo = HashMap::new();
        let dealt: Vec<Position> = orders.iter().map(|cards| position.dealt(cards)).collect();
        // A target some orders reach and some do not, past points already earned.
        let mut wholes: Vec<u32> = dealt.iter().map(|d| most_points(d, &mut memo)).collect();
        wholes.sort_unstable();
        let earned = 1000;
        let goal = Goal::Score {
            target: earned + wholes[wholes.len() - 1].max(1),
            earned,
        };
        let ranking = at_table::rank_for(&position, &goal, &pool(&position), &budget(60), &mut ())
            .expect("two cards for two places");
        assert_eq!(ranking.moves.len(), position.legal_moves().len());
        for chance in &ranking.moves {
            let points: Vec<u32> = dealt
                .iter()
                .map(|d| earned + most_points(&d.after(chance.mv), &mut memo))
                .collect();
            let reached = points.iter().filter(|&&p| p >= goal_target(goal)).count();
            let context = format!("seed {seed}\n{position}\n{points:?}\n{ranking:?}");
            coverage.check(
                chance.estimate,
                reached as f64 / points.len() as f64,
                &context,
            );
            let figure = chance.points.expect("a Score ranking counts points");
            check_points(figure, &points, &context);
            spread += usize::from(points[0] != points[1]);
            exact += usize::from(matches!(figure, Points::Exact(_)));
        }
    }
    coverage.assert_mostly_covered(20);
    assert!(
        spread > 10 && exact > 0,
        "{spread} moves whose points differ, {exact} exact"
    );
}

/// A Score or Card challenge's target.
fn goal_target(goal: Goal) -> u32 {
    match goal {
        Goal::Score { target, .. } | Goal::Card { target, .. } => target,
        Goal::Board => 0,
    }
}

#[test]
fn card_chances_agree_with_every_order_of_the_unknown_cards() {
    let (mut coverage, mut certain) = (Coverage::default(), 0);
    for seed in 0..60 {
        let position = small_position_with(seed, false);
        let orders = common::at_table::orders(&pool(&position));
        // The rank of the first unknown card: one order may remove it, the other not.
        let rank = orders[0][0].rank();
        let count = position.removed_of_rank(rank) + 1;
        let goal = Goal::Card {
            rank,
            target: u32::try_from(count).expect("a few cards") + 1,
            already: 1,
        };
        let ranking = at_table::rank_for(&position, &goal, &pool(&position), &budget(60), &mut ())
            .expect("two cards for two places");
        let mut memo = HashMap::new();
        for chance in &ranking.moves {
            let reached = orders
                .iter()
                .filter(|cards| {
                    removes(
                        &position.dealt(cards).after(chance.mv),
                        rank,
                        count,
                        &mut memo,
                    )
                })
                .count();
            let context = format!("seed {seed}\n{position}\n{ranking:?}");
            coverage.check(
                chance.estimate,
                reached as f64 / orders.len() as f64,
                &context,
            );
            assert_eq!(chance.points, None, "a Card ranking counts no points");
            certain += usize::from(matches!(chance.estimate, Estimate::Exact(_)));
        }
    }
    coverage.assert_mostly_covered(20);
    assert!(certain > 0, "no move settled");
}

#[test]
fn a_score_target_every_deal_reaches_after_a_move_is_certain() -> Result<(), DeckProblems> {
    // The ordered deck with only its last stock card unknown: the bottom row plays down in one
    // run and the tableau clears whatever that card is, its points well past 100.
    let ordered = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd \
        Kd Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs ??";
    let position = Position::new(&Deal::parse_as(ordered, &LAYOUT)?);
    let goal = Goal::Score {
        target: 100,
        earned: 0,
    };
    let ranking = at_table::rank_for(&position, &goal, &pool(&position), &budget(20), &mut ())
        .expect("one card for one place");
    let play = ranking
        .moves
        .iter()
        .find(|chance| chance.mv == Move::Play(27))
        .expect("the bottom row's last card plays");
    assert_eq!(play.estimate, Estimate::Exact(true));
    let (mean, _) = play.points.and_then(|p| p.mean_margin()).expect("points");
    assert!(mean >= 100.0, "{play:?}");
    assert_eq!(ranking.best().map(|best| best.mv), Some(Move::Play(27)));
    Ok(())
}

fn saved_game(name: &str) -> String {
    format!("{}/saved-games/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn hint_ranks_the_moves_of_the_deal_as_dealt_by_their_chance_to_clear_the_tableau() {
    let file = saved_game("tripeaks-as-dealt.txt");
    let (said, answer) = hint_at_table(&file, &[], 60);
    assert!(
        said.starts_with(
            "TriPeaks (Microsoft Solitaire Collection's rules): At the table (Board: clear the tableau): 41 cards are not known (??), each any of \
             the 41 cards not seen; each move's chance to win, over 60 random deals of them:\n"
        ),
        "{said}"
    );
    assert_eq!(
        (answer["game"].clone(), answer["challenge"].clone()),
        ("tripeaks".into(), "board".into())
    );
    assert_eq!(
        (answer["unknown"].clone(), answer["pool"].clone()),
        (41.into(), 41.into())
    );
    let legal = legal_texts(&saved_start(&file), notation::move_text);
    common::at_table::check_ranking(&answer, &said, &legal, "win chance", 60);
    assert_same_figures_again(&file, &[], 60, &answer);
}

/// The position a saved TriPeaks game stands at.
fn saved_start(file: &str) -> Position {
    let text = std::fs::read_to_string(file).expect("the file");
    *SavedTriPeaks::parse(&text, "x")
        .expect("a save")
        .game()
        .position()
}

#[test]
fn hint_ranks_the_moves_by_their_chance_to_reach_a_score_or_card_target() {
    let file = saved_game("tripeaks-as-dealt.txt");
    let legal = legal_texts(&saved_start(&file), notation::move_text);
    let score = ["--score", "30000", "--earned", "500"];
    let (said, answer) = hint_at_table(&file, &score, 12);
    assert!(
        said.starts_with(
            "TriPeaks (Microsoft Solitaire Collection's rules): At the table (Score: 30000 points \
             (500 earned)): 41 cards are not known (??)"
        ),
        "{said}"
    );
    assert_eq!(
        (
            answer["challenge"].clone(),
            answer["target"].clone(),
            answer["earned"].clone()
        ),
        ("score".into(), 30000.into(), 500.into())
    );
    common::at_table::check_ranking(&answer, &said, &legal, "chance to reach 30,000", 12);
    common::at_table::check_points(&answer, &said, 500, 12);

    let card = ["--card", "K:3", "--already", "1"];
    let (said, answer) = hint_at_table(&file, &card, 12);
    assert_eq!(
        (
            answer["challenge"].clone(),
            answer["rank"].clone(),
            answer["already"].clone()
        ),
        ("card".into(), "K".into(), 1.into())
    );
    common::at_table::check_ranking(&answer, &said, &legal, "chance to reach 3 Kings", 12);
    assert!(
        !said.contains(" points"),
        "no points for a Card target: {said}"
    );
    // A challenge that makes no sense is refused, as solve refuses it.
    let refused = common::pyramid()
        .args(["hint", "--score", "100", "--earned", "200", &file])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let refused = String::from_utf8(refused).expect("UTF-8");
    assert!(
        refused.contains("above the points already earned"),
        "{refused}"
    );
}

#[test]
fn hint_with_no_score_target_ranks_the_moves_by_their_mean_points() {
    let file = saved_game("tripeaks-as-dealt.txt");
    let args = |json: bool| {
        let mut args = vec!["hint", "--score"];
        args.extend(json.then_some("--json"));
        args.extend([
            "--samples",
            "8",
            "--time-limit",
            "600",
            "--jobs",
            "2",
            &file,
        ]);
        args
    };
    let said = output(&args(false), 3);
    assert!(
        said.contains("each move's mean points, over 8 random deals"),
        "{said}"
    );
    assert!(!said.contains("0%") && !said.contains("chance"), "{said}");
    assert!(
        said.contains("Best: ") && said.contains(" points (8 deals)"),
        "{said}"
    );
    let answer = json_answer(&args(true), 3);
    assert_eq!(
        (answer["ranked_by"].clone(), answer["target"].clone()),
        ("points".into(), 84_900.into())
    );
    let moves = answer["moves"].as_array().expect("the moves");
    assert!(moves.len() >= 2, "{answer}");
    let mean = |figures: &serde_json::Value| figures["points"]["mean"].as_f64().expect("a mean");
    for figures in moves {
        assert!(figures.get("chance").is_none(), "no chance: {figures}");
        assert_eq!(figures["deals"], 8, "{figures}");
    }
    let highest = moves.iter().map(mean).fold(f64::MIN, f64::max);
    assert!((mean(&moves[0]) - highest).abs() < f64::EPSILON, "{answer}");
    assert_eq!(answer["best"], moves[0]["move"]);
    for (figures, next) in moves.iter().zip(moves.iter().skip(1)) {
        assert!(
            mean(figures) >= mean(next),
            "the most points first: {answer}"
        );
    }
}

#[test]
fn hint_answers_exactly_where_the_unknown_cards_cannot_change_it() {
    // Every card known: the next move of the best line, as before.
    let known = output(&["hint", &saved_game("tripeaks-clears-43-steps.txt")], 0);
    assert!(
        known.starts_with("TriPeaks (Microsoft Solitaire Collection's rules): Next: "),
        "{known}"
    );
    // The stock's top drawn and not typed in: where the player sees it comes first.
    let text = std::fs::read_to_string(saved_game("tripeaks-as-dealt.txt")).expect("the file");
    assert_hint_waits_for_the_card_drawn(&text);
}

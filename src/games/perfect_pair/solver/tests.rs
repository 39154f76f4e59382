//! The solver against a plain exhaustive search of the referee's positions on small hands
//! (a part of the pack, two or three short rows), under random rules and from random runs
//! and hearts: every goal's best hand, whether the hand clears, every line replayed.

use std::collections::HashSet;

use proptest::prelude::*;

use super::*;
use crate::cards::card::Card;
use crate::cards::deal::RandomDeals;
use crate::games::perfect_pair::fixtures::any_rules;
use crate::games::perfect_pair::{AfterFourth, Layout, Row, Rules, UnusedBonus};

/// Every position the referee reaches from `start`, each once.
fn reachable(start: &Position) -> Vec<Position> {
    let mut seen = HashSet::new();
    let mut waiting = vec![start.clone()];
    seen.insert(start.clone());
    let mut all = Vec::new();
    while let Some(position) = waiting.pop() {
        for mv in position.legal_moves() {
            let mut next = position.clone();
            next.apply(mv).expect("a legal move");
            if seen.insert(next.clone()) {
                waiting.push(next);
            }
        }
        all.push(position);
    }
    all
}

/// How a goal ranks a hand's end: its figure, the other two (points, hearts, perfect
/// matches), a won hand, the uses left.
fn rank(figures: &Figures, goal: Goal) -> (u32, u32, u32, bool, u8) {
    let (s, h, p) = (figures.score, figures.meter, figures.perfect);
    let (a, b, c) = match goal {
        Goal::Points => (s, h, p),
        Goal::Hearts => (h, s, p),
        Goal::PerfectMatches => (p, s, h),
    };
    (a, b, c, figures.won, figures.uses_left)
}

/// Plays a line on the referee from `start`.
fn replay(start: &Position, moves: &[Move]) -> Position {
    let mut position = start.clone();
    for &mv in moves {
        position
            .apply(mv)
            .unwrap_or_else(|why| panic!("{mv:?} in\n{position}\n: {why}"));
    }
    position
}

/// `count` cards of a shuffled pack, most with a partner making 13 among them: each card
/// taken brings the next unused card that pairs with it, unless `loners` says otherwise.
/// Partners come one after the other.
fn some_cards(seed: u64, count: usize, loners: u64) -> Vec<Card> {
    let pack = RandomDeals::new(seed).next().expect("a deal");
    let pack = pack.cards();
    let mut used = [false; 52];
    let mut cards = Vec::new();
    for (at, &card) in pack.iter().enumerate() {
        if cards.len() >= count {
            break;
        }
        if used[card.index()] {
            continue;
        }
        used[card.index()] = true;
        cards.push(card);
        if loners >> (at % 64) & 1 == 1 {
            continue;
        }
        if let Some(&partner) = pack
            .iter()
            .find(|&&other| !used[other.index()] && card.pairs_with(other))
        {
            used[partner.index()] = true;
            cards.push(partner);
        }
    }
    cards.truncate(count);
    cards
}

/// A small layout: line lengths, two per row, with the cards of [`some_cards`]; `mirrored`
/// deals them to the two lines of a row in turn, so that partners often face each other
/// (perfect matches), and otherwise shuffles them again.
fn small_layout(lengths: &[usize], seed: u64, loners: u64, mirrored: bool) -> Layout {
    let mut lengths = lengths.to_vec();
    for row in lengths.chunks_mut(2) {
        if row.iter().sum::<usize>() == 0 {
            row[0] = 1;
        }
    }
    let mut cards = some_cards(seed, lengths.iter().sum(), loners).into_iter();
    if !mirrored {
        let order = RandomDeals::new(seed ^ 0x5eed).next().expect("a deal");
        let mut shuffled: Vec<Card> = cards.collect();
        shuffled.sort_by_key(|card| order.cards().iter().position(|c| c == card));
        cards = shuffled.into_iter();
    }
    let rows = lengths
        .chunks(2)
        .map(|row| {
            let mut lines = [Vec::new(), Vec::new()];
            let mut side = 0;
            while lines[0].len() < row[0] || lines[1].len() < row[1] {
                if lines[side].len() < row[side] {
                    lines[side].extend(cards.next());
                }
                side = 1 - side;
            }
            let [left, right] = lines;
            Row { left, right }
        })
        .collect();
    Layout::new(rows).expect("distinct cards")
}

/// A small hand at its start, or with a run and hearts from earlier in a hand.
fn small_hand() -> impl Strategy<Value = Position> {
    (
        prop_oneof![
            prop::collection::vec(1usize..=4, 4),
            prop::collection::vec(0usize..=3, 6)
        ],
        (any::<u64>(), any::<u64>(), any::<bool>()),
        any_rules(4),
        0u8..8,
        prop_oneof![Just(0u32), 0u32..=14],
    )
        .prop_map(|(lengths, (seed, loners, mirrored), rules, run, hearts)| {
            let layout = small_layout(&lengths, seed, loners & loners >> 7, mirrored);
            Position::new(layout, rules).with_progress(run, hearts)
        })
}

/// Checks every goal and the clearing search against the exhaustive search.
fn agrees(start: &Position) {
    let all = reachable(start);
    for goal in Goal::ALL {
        let best = all
            .iter()
            .map(Figures::of)
            .max_by_key(|figures| rank(figures, goal))
            .expect("the start is reachable");
        let report = solve(start, goal, &mut ());
        let found = report.answer.expect("no observer stops it");
        assert_eq!(found.figures, best, "{goal:?} from\n{start}");
        let end = replay(start, &found.moves);
        assert_eq!(
            Figures::of(&end),
            found.figures,
            "{goal:?} replayed from\n{start}"
        );
        assert!(
            found.bound >= best.of_goal(goal),
            "{goal:?} bound from\n{start}"
        );
    }
    let clears = all.iter().any(Position::is_won);
    match clear(start, &mut ()).answer.expect("no observer stops it") {
        Clearing::Cleared(moves) => {
            assert!(
                replay(start, &moves).is_won(),
                "clearing line from\n{start}"
            );
        }
        Clearing::NotClearable => assert!(!clears, "said not clearable:\n{start}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_solver_agrees_with_an_exhaustive_search(start in small_hand()) {
        agrees(&start);
    }

    #[test]
    fn no_hand_has_more_perfect_matches_in_a_row_than_its_ordered_pairs(
        lengths in prop::collection::vec(0usize..=4, 2),
        seed in any::<u64>(),
        loners in any::<u64>(),
        mirrored in any::<bool>(),
        free_cells in 1u8..=2,
        uses in 0u8..=4,
    ) {
        let layout = small_layout(&lengths, seed, loners & loners >> 7, mirrored);
        let rules = Rules { free_cells, uses, ..Rules::DEFAULT };
        let start = Position::new(layout.clone(), rules);
        let all = reachable(&start);
        let most = all.iter().map(Position::perfect).max().unwrap_or(0);
        prop_assert!(most as usize <= layout.possible_perfect_matches());
        // And from every position on, for what is left of the row.
        let table = layout.rows()[0].ordered_pairs_table();
        for position in &all {
            let here = position.perfect();
            let later = reachable(position).iter().map(Position::perfect).max().unwrap_or(0) - here;
            prop_assert!(later <= u32::from(table[position.taken(0)][position.taken(1)]));
        }
    }
}

#[test]
fn a_deal_of_the_default_layout_replays_for_every_goal() {
    for cells in 1..=2 {
        let start = Position::new(Layout::deal(3, 0), Rules::with_free_cells(cells));
        for goal in Goal::ALL {
            let best = solve(&start, goal, &mut ()).answer.expect("solved");
            let end = replay(&start, &best.moves);
            assert_eq!(Figures::of(&end), best.figures);
            assert!(best.bound >= best.figures.of_goal(goal));
        }
    }
}

/// The best figures for a goal of a layout under rules.
fn best_of(rows: &[&str], rules: Rules, goal: Goal) -> Figures {
    let start = Position::new(crate::games::perfect_pair::fixtures::layout(rows), rules);
    let best = solve(&start, goal, &mut ()).answer.expect("solved");
    assert_eq!(Figures::of(&replay(&start, &best.moves)), best.figures);
    best.figures
}

#[test]
fn a_second_free_cell_clears_two_stuck_cards_at_once() {
    // 6c lies on 5d, on 8h, on 7d: both 6c and 5d wait in cells for their partners.
    let rows = ["6c 5d 8h 7d | Kh"];
    let clears = |cells| {
        let start = Position::new(
            crate::games::perfect_pair::fixtures::layout(&rows),
            Rules::with_free_cells(cells),
        );
        match clear(&start, &mut ()).answer.expect("decided") {
            Clearing::Cleared(moves) => Some(replay(&start, &moves).uses_made()),
            Clearing::NotClearable => None,
        }
    };
    assert_eq!(clears(1), None);
    assert_eq!(clears(2), Some(2));
}

#[test]
fn the_run_after_its_fourth_pair_follows_the_rule() {
    // Five regular pairs in a row across two rows, and two Kings.
    let rows = ["Ac 2c 3c 4c 5c | Kh", "Qd Jd Td 9d 8d | Ks"];
    let restarts = best_of(&rows, Rules::DEFAULT, Goal::Points);
    assert_eq!(restarts.score, 2 + 4 + 6 + 8 + 2 + 6 * 5);
    let stays = Rules {
        after_fourth: AfterFourth::StaysAtEight,
        ..Rules::DEFAULT
    };
    assert_eq!(
        best_of(&rows, stays, Goal::Points).score,
        2 + 4 + 6 + 8 + 8 + 6 * 5
    );
}

#[test]
fn a_free_cell_move_that_breaks_the_run_costs_points() {
    // 6h lies on its partner 7h in the middle of a run of regular pairs.
    let rows = ["Ac 2c 6h 7h 3c | Kh", "Qd Jd Td | Ks"];
    let keeps = best_of(&rows, Rules::DEFAULT, Goal::Points);
    let breaks = Rules {
        cell_breaks_run: true,
        ..Rules::DEFAULT
    };
    let broken = best_of(&rows, breaks, Goal::Points);
    assert_eq!(keeps.score, 2 + 4 + 6 + 8 + 5 * 5);
    assert!(broken.score < keeps.score, "{broken:?}");
}

#[test]
fn unused_uses_are_paid_on_a_lost_hand_only_when_always() {
    // 8c has no partner: the hand cannot be won.
    let rows = ["7h 8c | 6c"];
    assert_eq!(best_of(&rows, Rules::DEFAULT, Goal::Points).score, 10);
    let always = Rules {
        unused_bonus: UnusedBonus::Always,
        ..Rules::DEFAULT
    };
    assert_eq!(best_of(&rows, always, Goal::Points).score, 10 + 6 * 5);
}

#[test]
fn a_free_cell_card_makes_a_perfect_match_only_when_the_rules_say_so() {
    // Ah waits for Qh under 2s, and 2s for Jd under Ah: one goes to the cell.
    let rows = ["Ah Jd | 2s Qh"];
    let regular = best_of(&rows, Rules::DEFAULT, Goal::PerfectMatches);
    assert_eq!((regular.perfect, regular.score), (1, 10 + 2 + 5 * 5));
    let from_cells = Rules {
        perfect_from_cells: true,
        ..Rules::DEFAULT
    };
    let perfect = best_of(&rows, from_cells, Goal::PerfectMatches);
    assert_eq!((perfect.perfect, perfect.score), (2, 10 + 10 + 5 * 5));
}

#[test]
fn each_goal_is_best_at_its_own_figure() {
    for number in 0..3 {
        let start = Position::new(Layout::deal(11, number), Rules::DEFAULT);
        let figures: Vec<Figures> = Goal::ALL
            .iter()
            .map(|&goal| solve(&start, goal, &mut ()).answer.expect("solved").figures)
            .collect();
        for (at, &goal) in Goal::ALL.iter().enumerate() {
            for other in &figures {
                assert!(figures[at].of_goal(goal) >= other.of_goal(goal), "{goal:?}");
            }
        }
    }
}

#[test]
fn a_search_stopped_by_a_cap_or_the_caller_is_undecided() {
    let start = Position::new(Layout::deal(0, 0), Rules::DEFAULT);
    let caps = Caps::new(Some(100), None, None);
    let mut quiet = ();
    let mut capped = Capped::new(caps, &mut quiet);
    assert_eq!(solve(&start, Goal::Points, &mut capped).answer, None);
    assert!(matches!(capped.reached(), Some(CapReached::States { .. })));
    // Deal 59 of seed 0 cannot be cleared with one free cell: a proof of a few thousand
    // positions, which a caller that stops at once leaves undecided.
    struct Stop;
    impl Observer for Stop {
        fn should_stop(&mut self) -> bool {
            true
        }
    }
    let lost = Position::new(Layout::deal(0, 59), Rules::DEFAULT);
    let report = clear(&lost, &mut ());
    assert_eq!(report.answer, Some(Clearing::NotClearable));
    assert!(report.stats.expanded > CHECK_EVERY);
    assert_eq!(clear(&lost, &mut Stop).answer, None);
}

#[test]
fn the_most_a_pack_can_score_is_reached_on_a_ladder_of_perfect_matches() {
    // PERFECT_PAIR.md: 24 perfect matches (240), 14 hearts past ten (140) and 6 unused uses
    // (30) make 410. One pair a row, facing each other, and the Kings in rows of their own:
    // 26 rows of one card a side, whose keys need more than 64 bits.
    let mut rows: Vec<String> = Vec::new();
    for suit in ["c", "d", "h", "s"] {
        for value in 1..=6u8 {
            let rank = |value: u8| {
                crate::cards::card::Rank::new(value)
                    .expect("a rank")
                    .letter()
            };
            rows.push(format!(
                "{}{suit} | {}{suit}",
                rank(value),
                rank(13 - value)
            ));
        }
    }
    rows.extend(["Kc | Kd".to_string(), "Kh | Ks".to_string()]);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let layout = crate::games::perfect_pair::fixtures::layout(&rows);
    assert!(Game::new(&layout, Rules::DEFAULT).keys() > u128::from(u64::MAX));
    let best = best_of(&rows, Rules::DEFAULT, Goal::Points);
    assert_eq!(best.score, 410);
    assert_eq!((best.perfect, best.meter, best.won), (24, 10, true));
}

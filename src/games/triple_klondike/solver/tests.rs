//! The solver checked against the truth: an exhaustive search of the referee on one-pack
//! deals with few piles finds the best line (most cards up, then fewest moves), and the
//! solver's line must never beat it, must equal it where the solver says it is proven, and
//! must replay on the referee and through the notation; the solver's picture of the game must
//! allow exactly the referee's moves.

use std::collections::{HashSet, VecDeque};
use std::time::Duration;

use super::beam::safe_up;
use super::game::{Game, State, Step};
use super::keys::mix;
use super::realize::{move_of, moves_of};
use super::shorten::{DEPTH, shorten};
use super::{Options, solve};
use crate::cards::card::Card;
use crate::engine::search::Caps;
use crate::games::triple_klondike::bound::lower_bound;
use crate::games::triple_klondike::deal::Deal;
use crate::games::triple_klondike::fixtures::small_rules;
use crate::games::triple_klondike::notation::{line_text, read_line};
use crate::games::triple_klondike::position::{Move, Position, Tally};
use crate::games::triple_klondike::rules::{Passes, Rules};

/// The best tally of any line from `start`, by a breadth-first search of every state
/// reached by every step the rules allow (the steps of the solver's picture of the game,
/// which a test below holds to be exactly the referee's moves); `None` past `cap` states.
/// With `autoplay`, a card the solver deems safe to go up (see [`safe_up`]) goes up at once,
/// its only step: the nearly ordered deals need it to stay small, since each card could
/// otherwise wait on the waste in countless ways.
fn truth(start: &Position, cap: usize, autoplay: bool) -> Option<Tally> {
    let (game, first) = Game::new(start);
    let mut seen = HashSet::from([first]);
    let mut queue = VecDeque::from([(first, 0usize)]);
    let mut best = Tally {
        cards_up: game.cards_up(&first),
        moves: 0,
    };
    let mut steps = Vec::new();
    while let Some((state, moves)) = queue.pop_front() {
        game.all_steps(&state, &mut steps);
        if autoplay && let Some(&up) = steps.iter().find(|&&step| safe(&game, &state, step)) {
            steps.clear();
            steps.push(up);
        }
        for &step in &steps {
            let mut next = state;
            game.apply(&mut next, step);
            if !seen.insert(next) {
                continue;
            }
            if seen.len() > cap {
                return None;
            }
            let tally = Tally {
                cards_up: game.cards_up(&next),
                moves: moves + 1,
            };
            if tally.beats(&best) {
                best = tally;
            }
            queue.push_back((next, moves + 1));
        }
    }
    Some(best)
}

/// Whether a step takes up a card the solver deems safe to take up at once.
fn safe(game: &Game, state: &State, step: Step) -> bool {
    let card = match step {
        Step::WasteUp => game.waste_top(state).map(|at| game.cycle[at]),
        Step::PileUp(from) => state.piles[usize::from(from)].top(),
        _ => None,
    };
    card.is_some_and(|card| safe_up(game, state, card))
}

/// One-pack deals small enough to search exhaustively, with their truth: a pack whose
/// draws would take it up in order (Aces first, then Twos, ..), its last cards (Kings,
/// then Queens) dealt to the piles, with `swaps` pairs of cards exchanged from a seed; up to `count` of those whose search stays
/// under the cap, searched with or without autoplay (see [`truth`]).
fn small_deals(piles: u8, swaps: u64, autoplay: bool, count: usize) -> Vec<(Position, Tally)> {
    // Three passes, so that a card out of order on the waste is not always lost.
    let rules = Rules {
        passes: Passes::Limited(3),
        ..small_rules(piles)
    };
    let tableau = crate::games::triple_klondike::rules::tableau_size(piles);
    (0..40u64)
        .filter_map(|seed| {
            let mut order: Vec<Card> = Card::all().collect();
            order.sort_by_key(|card| (card.rank(), card.suit()));
            for swap in 0..swaps {
                let a = mix(seed << 16 | swap) as usize % order.len();
                let b = mix(seed << 16 | swap | 1 << 15) as usize % order.len();
                order.swap(a, b);
            }
            // The last cards of the order to the piles, the rest drawn in order.
            let (stock, piles) = order.split_at(order.len() - tableau);
            let cards = piles.iter().chain(stock.iter().rev()).copied().collect();
            let deal = Deal::from_cards(cards, rules).expect("a pack");
            let start = Position::new(&deal, rules).expect("a game");
            truth(&start, 150_000, autoplay).map(|tally| (start, tally))
        })
        .take(count)
        .collect()
}

fn quick() -> Options {
    Options {
        caps: Caps::new(None, None, Some(Duration::from_secs(20))),
        threads: 2,
        min_width: 16,
        max_width: 1024,
    }
}

/// Checks the solver's line from `start` against the truth and the notation; whether the
/// solver said it was proven.
fn check_against_truth(start: &Position, truth: Tally) -> bool {
    let solution = solve(start, &quick(), &mut (), &mut |_| {});
    let (end, tally) = start.replay(&solution.line).expect("the line replays");
    assert_eq!(tally, solution.tally);
    assert!(
        !tally.beats(&truth),
        "the solver's {tally} beats the truth, {truth}, on\n{start}"
    );
    if solution.proven {
        assert_eq!(tally, truth, "a proven line is the best on\n{start}");
    }
    if truth.cards_up == start.cards_up() + start.cards_left() {
        assert!(
            solution.bound.moves() <= truth.moves,
            "the bound {} is above the truth, {truth}, on\n{start}",
            solution.bound.moves()
        );
    }
    assert_eq!(end.cards_up(), tally.cards_up);
    let text = line_text(&solution.line);
    assert_eq!(read_line(start, &text), Ok(solution.line.clone()));
    solution.proven
}

#[test]
fn on_small_deals_the_solver_never_beats_the_truth_and_agrees_where_proven() {
    let mut checked = 0;
    let mut proven = 0;
    // Ordered deals (which the solver takes up at the floor), nearly ordered ones, and
    // shuffled ones searched without autoplay.
    let kinds = [
        (2, 0, true, 1),
        (3, 0, true, 1),
        (4, 0, true, 1),
        (2, 3, true, 2),
        (3, 6, true, 2),
        (4, 300, false, 2),
    ];
    for (piles, swaps, autoplay, count) in kinds {
        for (start, truth) in small_deals(piles, swaps, autoplay, count) {
            proven += usize::from(check_against_truth(&start, truth));
            checked += 1;
        }
    }
    println!("{checked} small deals checked, {proven} proven");
    assert!(checked >= 6, "only {checked} small deals searched");
    assert!(proven >= 3, "only {proven} small deals proven");
}

#[test]
fn the_bound_never_passes_the_shortest_complete_line() {
    let mut complete = 0;
    let mut above_floor = 0;
    for (start, truth) in small_deals(3, 6, true, 3) {
        if truth.cards_up == 52 {
            complete += 1;
            let bound = lower_bound(&start);
            above_floor += usize::from(bound.trapped > 0);
            assert!(
                bound.moves() <= truth.moves,
                "{bound:?} over {truth} on\n{start}"
            );
        }
    }
    println!("{complete} complete small deals, {above_floor} with trapped cards");
    assert!(complete >= 1, "no complete small deal");
}

/// The step a referee move is, in the solver's picture.
fn step_of(position: &Position, mv: Move) -> Step {
    match mv {
        Move::Draw => Step::Draw,
        Move::Redeal => Step::Redeal,
        Move::WasteToFoundation(_) => Step::WasteUp,
        Move::WasteToPile(to) => Step::WasteToPile(to),
        Move::PileToFoundation { from, .. } => Step::PileUp(from),
        Move::PileToPile { from, to, count } => Step::PileToPile { from, to, count },
        Move::FoundationToPile { from, to } => {
            let card = position.foundations()[usize::from(from)]
                .top()
                .expect("a foundation's top");
            Step::Down {
                card: card.index() as u8,
                to,
            }
        }
    }
}

#[test]
fn the_solvers_picture_allows_exactly_the_referees_moves() {
    let variants = [
        Rules::CONTEST,
        small_rules(7),
        Rules {
            passes: Passes::Limited(3),
            tied_suits: true,
            part_runs: false,
            cards_back: false,
            ..small_rules(6)
        },
    ];
    for (number, rules) in variants.into_iter().enumerate() {
        for seed in 0..8 {
            let mut position =
                Position::new(&Deal::shuffled(seed * 10 + number as u64, rules), rules)
                    .expect("a game");
            for turn in 0..300u64 {
                let (game, state) = Game::new(&position);
                let mut steps = Vec::new();
                game.all_steps(&state, &mut steps);
                let mut theirs: Vec<Step> = position
                    .legal_moves()
                    .into_iter()
                    .map(|mv| step_of(&position, mv))
                    .collect();
                theirs.sort_unstable_by_key(|step| step.pack());
                theirs.dedup();
                steps.sort_unstable_by_key(|step| step.pack());
                assert_eq!(steps, theirs, "on\n{position}");
                let pick = mix(seed << 20 | turn) as usize % steps.len().max(1);
                let Some(&step) = steps.get(pick) else {
                    break;
                };
                let mv = move_of(&position, step);
                let mut after = state;
                game.apply(&mut after, step);
                position.apply(mv).expect("the step's move is legal");
                let (_, fresh) = Game::new(&position);
                assert_eq!(after.piles, fresh.piles, "after {mv:?}");
                assert_eq!(after.found, fresh.found, "after {mv:?}");
                assert_eq!(game.cards_left(&after), position.cards_left());
                let waste = game.waste_top(&after).map(|at| game.cycle[at]);
                let fresh_waste = position.waste().last().map(|card| card.index() as u8);
                assert_eq!(waste, fresh_waste, "after {mv:?}");
            }
        }
    }
}

#[test]
fn a_contest_deal_gets_a_line_that_replays_within_its_time() {
    let Some(text) = crate::games::triple_klondike::fixtures::contest_deals() else {
        return;
    };
    let deal = Deal::read(text.lines().nth(1).expect("deal 2"), Rules::CONTEST).expect("a deal");
    let start = Position::new(&deal, Rules::CONTEST).expect("a game");
    let options = Options {
        caps: Caps::new(None, None, Some(Duration::from_secs(3))),
        threads: 2,
        ..Options::default()
    };
    let mut heard = Vec::new();
    let solution = solve(&start, &options, &mut (), &mut |better| {
        heard.push(better.tally);
    });
    assert!(solution.stats.elapsed < Duration::from_secs(6));
    assert!(solution.tally.cards_up > 40, "{}", solution.tally);
    assert_eq!(solution.bound.moves(), 221 + solution.bound.trapped);
    assert_eq!(heard.last(), Some(&solution.tally));
    assert!(heard.windows(2).all(|pair| pair[1].beats(&pair[0])));
    let (_, tally) = start.replay(&solution.line).expect("the line replays");
    assert_eq!(tally, solution.tally);
    let text = line_text(&solution.line);
    assert_eq!(read_line(&start, &text), Ok(solution.line));
}

/// At a fixed width the search does the same work on any machine: on the contest's first
/// deal, beams up to 256 wide on one thread give 307 moves when the rest of the best line is
/// searched again from every 40th move, 301 from every 20th.
#[test]
fn searching_the_rest_of_the_line_from_every_twentieth_move_shortens_a_contest_line() {
    let Some(text) = crate::games::triple_klondike::fixtures::contest_deals() else {
        return;
    };
    let deal = Deal::read(text.lines().next().expect("deal 1"), Rules::CONTEST).expect("a deal");
    let start = Position::new(&deal, Rules::CONTEST).expect("a game");
    let options = Options {
        caps: Caps::new(None, None, Some(Duration::from_secs(600))),
        threads: 1,
        max_width: 256,
        ..Options::default()
    };
    let solution = solve(&start, &options, &mut (), &mut |_| {});
    assert_eq!(
        solution.cap, None,
        "the widest beam ran: the work is the same anywhere"
    );
    assert_eq!(solution.tally.cards_up, 156, "{}", solution.tally);
    assert!(solution.tally.moves <= 301, "{}", solution.tally);
    let (_, tally) = start.replay(&solution.line).expect("the line replays");
    assert_eq!(tally, solution.tally);
}

/// The steps of a referee's line, in the solver's picture.
fn steps_of(start: &Position, line: &[Move]) -> Vec<Step> {
    let mut position = start.clone();
    line.iter()
        .map(|&mv| {
            let step = step_of(&position, mv);
            position.apply(mv).expect("the line's move is legal");
            step
        })
        .collect()
}

/// The line with up to `count` detours put in: a foundation's card brought down onto a pile
/// and straight back up, two moves that lead back to the same state.
fn with_detours(game: &Game, start: &State, line: &[Step], count: usize) -> Vec<Step> {
    let mut padded = Vec::new();
    let mut state = *start;
    for &step in line {
        let down = game.foundation_tops(&state).find_map(|card| {
            (0..game.piles as u8)
                .map(|to| Step::Down { card, to })
                .find(|&down| game.allows(&state, down))
        });
        if let Some(down @ Step::Down { to, .. }) = down
            && padded.len() < line.len() + 2 * count
        {
            padded.extend([down, Step::PileUp(to)]);
        }
        padded.push(step);
        game.apply(&mut state, step);
    }
    padded
}

#[test]
fn the_shortened_line_replays_drops_detours_and_never_beats_the_truth() {
    let mut detoured = 0;
    // Small deals with their truth, and shuffled ones of seven piles, whose lines have more
    // room for detours.
    let rules = small_rules(7);
    let shuffled = (0..4).map(|seed| {
        let start = Position::new(&Deal::shuffled(seed, rules), rules).expect("a game");
        (start, None)
    });
    let deals = small_deals(4, 300, false, 2)
        .into_iter()
        .map(|(start, truth)| (start, Some(truth)))
        .chain(shuffled);
    for (start, truth) in deals {
        let solution = solve(&start, &quick(), &mut (), &mut |_| {});
        let (game, first) = Game::new(&start);
        let line = steps_of(&start, &solution.line);
        let padded = with_detours(&game, &first, &line, 4);
        detoured += usize::from(padded.len() > line.len());
        let short = shorten(&game, &first, &padded, DEPTH);
        let (_, tally) = start
            .replay(&moves_of(&start, &short))
            .expect("the shortened line replays");
        assert_eq!(tally.cards_up, solution.tally.cards_up, "on\n{start}");
        assert!(
            short.len() <= line.len(),
            "{} moves from {} padded to {} on\n{start}",
            short.len(),
            line.len(),
            padded.len()
        );
        if let Some(truth) = truth {
            assert!(!tally.beats(&truth), "{tally} beats the truth, {truth}");
        }
    }
    assert!(detoured >= 3, "only {detoured} lines took a detour");
}

#[test]
fn a_settled_state_finishes_in_one_move_a_card_left() {
    let mut settled = 0;
    for (start, _) in small_deals(3, 6, true, 3) {
        let solution = solve(&start, &quick(), &mut (), &mut |_| {});
        let (game, mut state) = Game::new(&start);
        let line = steps_of(&start, &solution.line);
        let Some(at) = (0..=line.len()).find(|&at| {
            let settled = game.is_settled(&state);
            if !settled && at < line.len() {
                game.apply(&mut state, line[at]);
            }
            settled
        }) else {
            continue;
        };
        let mut finished = line[..at].to_vec();
        game.finish(&state, &mut finished);
        assert_eq!(finished.len(), at + game.cards_left(&state));
        let (end, _) = start
            .replay(&moves_of(&start, &finished))
            .expect("the finished line replays");
        assert!(end.is_won(), "on\n{start}");
        settled += 1;
    }
    assert!(settled >= 1, "no line settled");
}

//! Klondike at the table against a plain reference on small decks (Aces to Threes of three
//! suits, three piles, draw 1), where every deal of the unknown cards can be gone through.
//!
//! Two references, both plain searches over the referee's moves:
//! - the *true* chance of a move, for a player who learns each card as it turns up: after
//!   the move, an unknown card that turns up is any of the cards not seen, each as likely
//!   (the average over them); until one turns up, the player picks the line that leads to
//!   the best such moment (the most over the moves), and a game with nothing unknown left is
//!   won or lost as the exhaustive search says;
//! - the *full-knowledge average*: the share of all deals of the unknown cards that the move
//!   wins with every card known. This is what the engine's sampling estimates; it is never
//!   below the true chance (knowing more never hurts), which is why the engine calls its
//!   figures an upper estimate.
//!
//! Draw 1, so that a stock card turns up exactly when it reaches the waste's top, where the
//! referee lets it be typed in.

mod common;

use common::at_table::{
    Coverage, References, budget, check_against_references, check_exact_when_all_known, orders,
};

use std::collections::{HashMap, HashSet, VecDeque};

use common::klondike::{random_small, search};
use solitaire::cards::deal::RandomDeals;
use solitaire::engine::at_table::{self, AtTable, DEAL_CAPS, Estimate, SampleBudget};
use solitaire::engine::goal::Goal;
use solitaire::engine::lab::{Lab, MOST_MOVES, Outcome};
use solitaire::games::klondike::at_table::at_the_table;
use solitaire::games::klondike::lab::KlondikeLab;
use solitaire::games::klondike::solver::{Verdict, solve};
use solitaire::games::klondike::{Deal, EmptyPile, Move, Passes, Pile, Position, Rules, Seen};
use solitaire::{Card, Suit};

/// Draw 1, unlimited redeals, cards back from the foundations, any card on an empty pile
/// (a deck without Kings could never fill one otherwise).
const RULES: Rules = Rules {
    draw: 1,
    passes: Passes::Unlimited,
    foundation_to_tableau: true,
    empty_pile: EmptyPile::AnyCard,
};

/// The reduced deck's suits: clubs, diamonds and hearts.
const SUITS: [Suit; 3] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts];

/// The reduced deck: Aces to Threes of three suits, nine cards, small enough that the true
/// chance's search, which branches at every card that turns up, stays quick.
fn deck() -> Vec<Card> {
    Card::all()
        .filter(|card| card.rank().value() <= 3 && SUITS.contains(&card.suit()))
        .collect()
}

/// The cards of the deck not seen in the position: what its unknown cards may be.
fn pool(position: &Position) -> Vec<Card> {
    let seen: Vec<Card> = position.seen();
    deck()
        .into_iter()
        .filter(|card| !seen.contains(card))
        .collect()
}

/// A small deal with `unknown` of its face-down and stock cards not known, picked from the
/// seed.
fn with_unknowns(seed: u64, unknown: usize) -> Position {
    let dealt = random_small(seed, &SUITS, 3, 3, RULES);
    let hidden: usize = dealt
        .piles()
        .iter()
        .map(|pile| pile.face_down.len())
        .sum::<usize>()
        + dealt.stock().len();
    let mut chosen = Vec::new();
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    while chosen.len() < unknown {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let place = usize::try_from(state % hidden as u64).expect("a small number");
        if !chosen.contains(&place) {
            chosen.push(place);
        }
    }
    let mut place = 0;
    let mut hide = |card: Option<Card>| {
        let hidden = chosen.contains(&place);
        place += 1;
        if hidden { None } else { card }
    };
    let piles = dealt
        .piles()
        .iter()
        .map(|pile| {
            let down = pile.face_down.iter().map(|&card| hide(card)).collect();
            Pile::new(down, pile.face_up.clone())
        })
        .collect();
    let stock = dealt.stock().iter().map(|&card| hide(card)).collect();
    Position::from_piles(piles, stock, RULES).expect("the same layout")
}

/// Whether a position with every card known can be won: the exact solver, which
/// `klondike_solver` checks against the exhaustive search on decks like these.
fn wins(position: &Position) -> bool {
    let report = solve(position, &mut ());
    matches!(report.answer, Some(Verdict::Solvable(_)))
}

/// Where an unknown card has turned up, if one has.
fn turned_up(position: &Position) -> Option<Seen> {
    if let Some(pile) = position.piles().iter().position(Pile::top_is_unknown) {
        return Some(Seen::PileTop(pile));
    }
    (position.waste().last() == Some(&None)).then_some(Seen::WasteTop)
}

/// The true chance to win from a position for a player who learns each card as it turns up.
fn true_chance(position: &Position, memo: &mut HashMap<Position, f64>) -> f64 {
    if let Some(seen) = turned_up(position) {
        let pool = pool(position);
        let total: f64 = pool
            .iter()
            .map(|&card| {
                let known = position.reveal(seen, card).expect("a card not seen");
                true_chance(&known, memo)
            })
            .sum();
        return total / pool.len() as f64;
    }
    if position.unknown() == 0 {
        return if wins(position) { 1.0 } else { 0.0 };
    }
    if let Some(&chance) = memo.get(&position.plays_as()) {
        return chance;
    }
    // Every position reached before a card turns up is the player's to choose: the best of
    // the moments a card turns up.
    let mut best: f64 = 0.0;
    let mut met = HashSet::from([position.plays_as()]);
    let mut queue = VecDeque::from([position.clone()]);
    while let Some(at) = queue.pop_front() {
        for mv in at.legal_moves() {
            let next = at.after(mv);
            if !met.insert(next.plays_as()) {
                continue;
            }
            if turned_up(&next).is_some() {
                best = best.max(true_chance(&next, memo));
            } else {
                queue.push_back(next);
            }
        }
    }
    memo.insert(position.plays_as(), best);
    best
}

/// The share of all deals of the unknown cards that `mv` wins, every card known.
fn full_knowledge(position: &Position, mv: Move) -> f64 {
    let deals = orders(&pool(position));
    let won = deals
        .iter()
        .filter(|cards| wins(&position.with_unknown_as(cards).after(mv)))
        .count();
    won as f64 / deals.len() as f64
}

/// Whether a chance is a certain win.
fn is_certain(chance: f64) -> bool {
    chance >= 1.0
}

#[test]
fn the_chances_stay_within_their_margins_and_the_best_move_is_near_the_true_best() {
    let (mut coverage, mut certain, mut apart) = (Coverage::default(), 0, 0);
    // Two cards unknown: the true chance's search branches at each, so that a third makes
    // some deals take a minute.
    for seed in 0..30 {
        let position = with_unknowns(seed, 2);
        let ranking = at_table::rank(&position, &pool(&position), &budget(400), &mut ())
            .expect("as many cards as unknown places");
        if ranking.moves.len() < 2 {
            continue;
        }
        let mut memo = HashMap::new();
        let context = format!("seed {seed}\n{position}\n{ranking:?}");
        let found = check_against_references(&ranking, &context, &mut coverage, |mv| References {
            truth: true_chance(&position.after(mv), &mut memo),
            average: full_knowledge(&position, mv),
        });
        // Only knowing every card wins every deal: sampling's optimism.
        apart += found
            .iter()
            .filter(|found| !is_certain(found.truth) && is_certain(found.average))
            .count();
        if found.iter().any(|found| is_certain(found.truth)) {
            certain += 1;
            for (chance, found) in ranking.moves.iter().zip(&found) {
                if is_certain(found.truth) {
                    assert_eq!(chance.estimate.chance(), Some(1.0), "{context}");
                }
            }
        }
    }
    coverage.assert_mostly_covered(30);
    assert!(certain > 0, "no position has a certain move");
    println!("{coverage:?}; {apart} optimistic at 100%");
}

#[test]
fn with_nothing_unknown_every_move_is_exact_and_agrees_with_the_exhaustive_search() {
    let mut won = 0;
    for seed in 0..20 {
        let position = random_small(seed, &Suit::ALL, 4, 4, RULES);
        won += check_exact_when_all_known(&position, &format!("seed {seed}"), |after| {
            search(after).is_some()
        });
    }
    assert!(won > 0);
}

#[test]
fn cards_that_can_never_turn_up_make_every_move_exactly_lost() {
    // A Four on an unknown card, no other card in play that could take it: the card under it
    // never turns up, and no deal is solved to say so.
    let four: Card = "4h".parse().expect("a card");
    let ace: Card = "Ac".parse().expect("a card");
    let piles = vec![
        Pile::new(vec![None], vec![Some(four)]),
        Pile::new(Vec::new(), vec![Some(ace)]),
    ];
    let rules = Rules {
        empty_pile: EmptyPile::KingsOnly,
        ..RULES
    };
    let position = Position::from_piles(piles, Vec::new(), rules).expect("a layout");
    let unseen: Vec<Card> = vec!["3h".parse().expect("a card")];
    let ranking = at_table::rank(&position, &unseen, &budget(50), &mut ()).expect("one card");
    assert!(ranking.exact());
    assert_eq!(ranking.deals, 0);
    assert!(!ranking.moves.is_empty());
    for chance in &ranking.moves {
        assert_eq!(chance.estimate, Estimate::Exact(false));
    }
}

#[test]
fn too_few_cards_for_the_unknown_places_are_refused() {
    let position = with_unknowns(3, 3);
    let short = &pool(&position)[..2];
    let refused = at_table::rank(&position, short, &budget(10), &mut ());
    assert!(refused.is_err());
}

#[test]
fn a_budget_of_deals_gives_the_same_figures_on_one_thread_or_two() {
    let position = with_unknowns(5, 3);
    let one = SampleBudget {
        threads: 1,
        ..budget(100)
    };
    let mut a = at_table::rank(&position, &pool(&position), &one, &mut ()).expect("ranked");
    let mut b = at_table::rank(&position, &pool(&position), &budget(100), &mut ()).expect("ranked");
    a.elapsed = b.elapsed;
    b.stopped = a.stopped;
    assert_eq!(a, b);
    assert_eq!(a.deals, 100);
}

/// An observer that asks to stop at once, and counts what it heard.
struct StopAtOnce {
    heard: usize,
}

impl solitaire::engine::search::Observer for StopAtOnce {
    fn progress(&mut self, _stats: &solitaire::engine::search::Stats) {
        self.heard += 1;
    }

    fn should_stop(&mut self) -> bool {
        true
    }
}

#[test]
fn an_observer_that_stops_the_work_gets_the_deals_solved_so_far() {
    let position = with_unknowns(5, 2);
    let mut observer = StopAtOnce { heard: 0 };
    let ranking = at_table::rank(
        &position,
        &pool(&position),
        &budget(1_000_000),
        &mut observer,
    )
    .expect("ranked");
    assert!(ranking.stopped);
    assert!(ranking.deals < 1_000_000, "{}", ranking.deals);
    assert!(observer.heard > 0);
    for chance in &ranking.moves {
        if let Estimate::Sampled { decided, open, .. } = chance.estimate {
            assert_eq!(decided + open, ranking.deals);
        }
    }
}

#[test]
fn a_time_limit_that_ends_the_work_early_is_reported_with_the_deals_asked_for() {
    let position = with_unknowns(5, 2);
    let out_of_time = SampleBudget {
        time: Some(std::time::Duration::ZERO),
        ..budget(1_000_000)
    };
    let ranking =
        at_table::rank(&position, &pool(&position), &out_of_time, &mut ()).expect("ranked");
    assert!(!ranking.stopped, "no observer asked it to stop");
    assert!(ranking.deals < 1_000_000, "{}", ranking.deals);
    assert_eq!(ranking.out_of_time, Some(1_000_000));
    // With time enough, the deals asked for are all solved and nothing is said of time.
    let ranking =
        at_table::rank(&position, &pool(&position), &budget(20), &mut ()).expect("ranked");
    assert_eq!((ranking.deals, ranking.out_of_time), (20, None));
}

/// The view with every card the player sees typed in from `truth`, as the lab does after
/// each move.
fn everything_shown(view: &Position, truth: &Position) -> Position {
    let mut view = view.clone();
    while let Some(typed) = view.shown(truth) {
        view = typed;
    }
    view
}

#[test]
fn a_draw_of_three_shows_every_card_it_turns_not_only_the_top() {
    let rules = Rules {
        passes: Passes::Limited(1),
        ..Rules::STANDARD
    };
    let (truth, view) = at_the_table(&Deal::shuffled(1), rules);
    // One pass: going round the stock would use it up, so none of the stock is seen yet.
    assert_eq!(everything_shown(&view, &truth), view);
    let (truth, view) = (truth.after(Move::Draw), view.after(Move::Draw));
    let seen = everything_shown(&view, &truth);
    assert_eq!(seen.waste(), truth.waste());
    assert_eq!(seen.unknown(), view.unknown() - 3);
}

#[test]
fn with_redeals_unlimited_going_round_the_stock_shows_it_all() {
    let (truth, view) = at_the_table(&Deal::shuffled(1), Rules::STANDARD);
    let seen = everything_shown(&view, &truth);
    assert_eq!(seen.stock(), truth.stock());
    // Only the 21 cards face down in the piles are left unknown.
    assert_eq!(seen.unknown(), 21);
}

#[test]
fn a_player_at_the_table_follows_a_line_instead_of_going_round_the_stock() {
    // Deal 1 of seed 1, standard rules: ranking every move again went round the stock between
    // positions never met before, ranked alike, until the move limit.
    let lab = KlondikeLab {
        rules: Rules::STANDARD,
        format: None,
        caps: DEAL_CAPS,
    };
    let budget = SampleBudget {
        deals: 10,
        time: None,
        threads: 1,
        caps: DEAL_CAPS,
        seed: 1,
    };
    let deal = RandomDeals::new(1)
        .nth(1)
        .expect("the random deals never end");
    let played = lab
        .play_at_table(&deal, Goal::Board, &budget)
        .expect("Klondike plays at the table");
    assert!(played.moves < MOST_MOVES, "{played:?}");
    assert_eq!((played.won, played.known), (Outcome::Won, Some(true)));
}

//! Klondike helpers shared by the referee's and the solver's tests: a plain exhaustive search
//! over the referee's moves, Solvitaire's four small decks, every rule set, and small random
//! deals for cross-checks.

use std::collections::HashSet;

use solitaire::games::klondike::{EmptyPile, Move, Passes, Pile, Position, Rules};
use solitaire::{Card, Rank, Suit};

/// What makes two positions the same for the search: everything but the redeals made when
/// they are unlimited, since then they change nothing that can happen next.
type Key = (
    Vec<Pile>,
    Vec<Option<Card>>,
    Vec<Option<Card>>,
    [u8; 4],
    Option<u32>,
);

fn key(position: &Position) -> Key {
    let redeals = match position.rules().passes {
        Passes::Unlimited => None,
        Passes::Limited(_) => Some(position.redeals()),
    };
    (
        position.piles().to_vec(),
        position.stock().to_vec(),
        position.waste().to_vec(),
        Suit::ALL.map(|suit| position.foundation(suit)),
        redeals,
    )
}

/// Every card in the game, `None` for one not known: the piles, the stock, the waste and the
/// foundations.
pub fn all_cards(position: &Position) -> Vec<Option<Card>> {
    position
        .in_play()
        .chain(position.foundation_cards().map(Some))
        .collect()
}

/// Whether all the position's cards are on the foundations, counted directly.
pub fn all_on_foundations(position: &Position) -> bool {
    let cards = all_cards(position);
    position.foundation_cards().count() == cards.len()
}

struct Frame {
    position: Position,
    moves: Vec<Move>,
    next: usize,
}

/// Depth-first search over every position reachable from `start`, with a visited set and no
/// pruning: a winning line, or `None` when no line wins. Checks on every position reached
/// that it is won exactly when all its cards are on the foundations.
pub fn search(start: &Position) -> Option<Vec<Move>> {
    let frame = |position: Position| Frame {
        moves: position.legal_moves(),
        position,
        next: 0,
    };
    let mut visited = HashSet::from([key(start)]);
    let mut frames = vec![frame(start.clone())];
    while let Some(top) = frames.last_mut() {
        assert_eq!(top.position.is_won(), all_on_foundations(&top.position));
        if top.position.is_won() {
            let line = frames[..frames.len() - 1]
                .iter()
                .map(|frame| frame.moves[frame.next - 1])
                .collect();
            return Some(line);
        }
        let Some(&mv) = top.moves.get(top.next) else {
            frames.pop();
            continue;
        };
        top.next += 1;
        let mut child = top.position.clone();
        child.apply(mv).expect("a listed move is legal");
        if visited.insert(key(&child)) {
            frames.push(frame(child));
        }
    }
    None
}

/// Cards from text.
pub fn cards(text: &str) -> Vec<Option<Card>> {
    text.split_whitespace()
        .map(|word| Some(word.parse().expect("a card")))
        .collect()
}

/// Solvitaire's four 16-card test decks (suits c d h s, ranks A-4) as `KLONDIKE.md` copies
/// them: four piles bottom to top, each with only its top card face up, the stock as
/// Solvitaire lists it, and whether Solvitaire finds a win.
pub const DECKS: [(&str, &str, bool); 4] = [
    (
        "3d 2c Ac 2h | 4h 3h 2s | 4d 3c | As",
        "3s 4s 4c 2d Ah Ad",
        true,
    ),
    (
        "3d 2c 4c 2h | Ah 3h 2s | Ad 3c | 4s",
        "3s As Ac 2d 4h 4d",
        true,
    ),
    (
        "As 2c 2d 2h | Ah 3h 2s | Ad 3c | 4s",
        "3s 4d Ac 4c 4h 3d",
        false,
    ),
    (
        "3d 2c 4c 2h | Ah 3h 2s | Ad 3c | 4s",
        "3s 4d Ac 2d 4h As",
        false,
    ),
];

/// Which end of Solvitaire's stock list is drawn first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StockOrder {
    /// The first card listed is drawn first, as in this project's layout.
    FirstListedFirst,
    /// The last card listed is drawn first: the stock written bottom to top, like the piles.
    LastListedFirst,
}

/// A small deck laid out for the referee.
pub fn small(piles: &str, stock: &str, order: StockOrder, rules: Rules) -> Position {
    let piles = piles
        .split('|')
        .map(|pile| {
            let mut down = cards(pile);
            let up = down.split_off(down.len() - 1);
            Pile::new(down, up)
        })
        .collect();
    let mut stock = cards(stock);
    if order == StockOrder::LastListedFirst {
        stock.reverse();
    }
    Position::from_piles(piles, stock, rules).expect("a valid small deck")
}

/// Solvitaire's `-test-klondike` preset for these decks: draw 3 and unlimited redeals as in
/// the standard game, but no card back from the foundations and any card on an empty pile
/// (its defaults, which its standard Klondike preset overrides). With ranks A-4 there is no
/// King, so under the standard rules an empty pile could never be filled again.
pub const SOLVITAIRE_TEST: Rules = Rules {
    draw: 3,
    passes: Passes::Unlimited,
    foundation_to_tableau: false,
    empty_pile: EmptyPile::AnyCard,
};

/// Every rule set: draw 1 or 3, one to three passes or unlimited, cards back from the
/// foundations or not, Kings only or any card on an empty pile.
pub fn every_rule_set() -> Vec<Rules> {
    let mut all = Vec::new();
    for draw in [1, 3] {
        for passes in [1, 2, 3]
            .map(Passes::Limited)
            .into_iter()
            .chain([Passes::Unlimited])
        {
            for foundation_to_tableau in [false, true] {
                for empty_pile in [EmptyPile::KingsOnly, EmptyPile::AnyCard] {
                    all.push(Rules {
                        draw,
                        passes,
                        foundation_to_tableau,
                        empty_pile,
                    });
                }
            }
        }
    }
    all
}

/// A small random deal: the cards of `suits` (suits counted in the order `c d h s`) from Ace
/// to `ranks`, shuffled from a seed, dealt into `piles` piles of 1, 2, 3... cards (fewer
/// when the cards run out), each with its top card face up; the rest is the stock.
pub fn random_small(seed: u64, suits: &[Suit], ranks: u8, piles: usize, rules: Rules) -> Position {
    let mut deck: Vec<Card> = suits
        .iter()
        .flat_map(|&suit| {
            (1..=ranks).map(move |rank| Card::new(Rank::new(rank).expect("a rank"), suit))
        })
        .collect();
    let mut state = seed ^ 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % n as u64) as usize
    };
    for i in (1..deck.len()).rev() {
        deck.swap(i, next(i + 1));
    }
    let mut cards = deck.into_iter().map(Some);
    let mut laid = Vec::new();
    for size in 1..=piles {
        let mut down: Vec<Option<Card>> = cards.by_ref().take(size).collect();
        if down.is_empty() {
            break;
        }
        let up = down.split_off(down.len() - 1);
        laid.push(Pile::new(down, up));
    }
    Position::from_piles(laid, cards.collect(), rules).expect("a valid small deal")
}

/// The position after up to `steps` legal moves picked at random from a seed (fewer when no
/// move is left): a game under way, with cards on the foundations and in the waste, runs
/// built on the piles and redeals made.
pub fn random_walk(start: &Position, seed: u64, steps: usize) -> Position {
    let mut state = seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1;
    let mut position = start.clone();
    for _ in 0..steps {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = moves[(state % moves.len() as u64) as usize];
        position.apply(mv).expect("a listed move is legal");
    }
    position
}

//! Lower bounds on the moves of a complete line (one that takes every card up) from a
//! position.
//!
//! **The floor**: every card not yet up goes up in a move of its own (a foundation takes one
//! card at a time), and every card still in the stock is drawn at least once: 221 moves from
//! the start of a contest deal.
//!
//! **Trapped cards** add to it. A card can go up only onto a foundation of its suit built to
//! the rank below it, which holds a copy of every lower card of its suit; so a card lying in
//! its pile above every copy of some lower card of its suit cannot go up from there, and must
//! first move to another pile: a move that takes no card up and draws none. For two such
//! cards dealt face down, these first moves are different moves: one move takes cards from one
//! pile only, a card dealt face down on a pile is turned up alone once the cards above it
//! have all left, and so it leaves its pile in a move of its own, as the bottom of what moves.
//! The cards of a pile's face-up run may leave together, so a run holding trapped cards adds
//! one move, not one a card.

use super::position::Position;
use super::rules::Rules;
use crate::cards::card::Card;

/// What a lower bound is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Bound {
    /// Cards not yet up plus cards still in the stock.
    pub floor: usize,
    /// Moves off their pile that trapped cards need (see the module's comment).
    pub trapped: usize,
}

impl Bound {
    /// The fewest moves any complete line from the position can have.
    pub fn moves(&self) -> usize {
        self.floor + self.trapped
    }
}

/// The lower bound on a complete line from a position.
pub fn lower_bound(position: &Position) -> Bound {
    let floor = position.cards_left() + position.stock().len();
    let rules = position.rules();
    let trapped = position
        .piles()
        .iter()
        .map(|pile| {
            let cards: Vec<Card> = pile
                .face_down
                .iter()
                .chain(&pile.face_up)
                .copied()
                .collect();
            let down = pile.face_down.len();
            let trapped_down = (0..down)
                .filter(|&at| is_trapped(&cards, at, rules))
                .count();
            let run_trapped = (down..cards.len()).any(|at| is_trapped(&cards, at, rules));
            trapped_down + usize::from(run_trapped)
        })
        .sum();
    Bound { floor, trapped }
}

/// Whether the card at `at` in a pile (bottom first) lies above every copy of some lower card
/// of its suit.
fn is_trapped(pile: &[Card], at: usize, rules: Rules) -> bool {
    let card = pile[at];
    let mut copies = [0u8; 13];
    for below in &pile[..at] {
        if below.suit() == card.suit() && below.rank() < card.rank() {
            copies[usize::from(below.rank().value() - 1)] += 1;
        }
    }
    copies.contains(&rules.packs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::triple_klondike::deal::{Deal, read_deals};
    use crate::games::triple_klondike::fixtures::{contest_deals, small_rules};

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace()
            .map(|word| word.parse().expect("a card"))
            .collect()
    }

    #[test]
    fn a_card_over_every_copy_of_a_lower_card_of_its_suit_is_trapped() {
        let pile = cards("3h 2s 9h 5c 3h");
        let one = small_rules(4);
        // 9h lies over 3h, the only 3h of one pack; 2s over nothing of spades.
        assert!(is_trapped(&pile, 2, one));
        assert!(!is_trapped(&pile, 1, one));
        assert!(!is_trapped(&pile, 0, one));
        // The second 3h lies over the first, which is not lower.
        assert!(!is_trapped(&pile, 4, one));
        let three = Rules::CONTEST;
        assert!(!is_trapped(&pile, 2, three));
        let pile = cards("3h 2s 3h 4d 3h 9h");
        assert!(is_trapped(&pile, 5, three));
    }

    #[test]
    fn the_contest_deals_start_at_221_or_more() {
        let Some(text) = contest_deals() else {
            return;
        };
        let mut above = 0;
        for (_, deal) in read_deals(&text, Rules::CONTEST) {
            let deal = deal.expect("a contest deal");
            let bound = lower_bound(&Position::new(&deal, Rules::CONTEST).expect("a game"));
            assert_eq!(bound.floor, 221);
            above += usize::from(bound.trapped > 0);
        }
        println!("{above} of the 100 deals have a bound above 221");
    }

    #[test]
    fn one_pack_deals_count_their_trapped_cards() {
        let rules = small_rules(7);
        let deal = Deal::shuffled(3, rules);
        let position = Position::new(&deal, rules).expect("a game");
        let bound = lower_bound(&position);
        assert_eq!(bound.floor, 52 + 24);
        let by_hand: usize = (0..7)
            .map(|pile| {
                let cards = deal.pile(pile);
                (0..cards.len())
                    .filter(|&at| {
                        cards[..at].iter().any(|below| {
                            below.suit() == cards[at].suit() && below.rank() < cards[at].rank()
                        })
                    })
                    .count()
            })
            .sum();
        assert_eq!(bound.trapped, by_hand);
    }
}

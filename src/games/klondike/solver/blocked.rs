//! A proof from the piles alone that a position cannot be won: some card can never leave its
//! place. It is cheap, and it settles at once many of the deals that the search would
//! otherwise have to go through in full to call lost.
//!
//! Every card must reach its foundation, so every card must leave its place. A card leaves a
//! pile in one of three ways: onto a *parent* (a card one rank higher, of the other colour)
//! with the cards on it; onto an empty pile (a King, or any card when the rules allow); or to
//! its foundation, once every lower card of its suit is there. The proof keeps, for each card
//! that lies face down or heads a pile's face-up run, the set of cards that cannot leave their
//! places before it does (*waits*):
//! - The face-down cards under it in its pile: they are covered until it has gone.
//! - What waits for a card that waits for it.
//! - When it can leave only for its foundation, every card its foundation needs first must
//!   leave its own place before it, and with it everything waiting for it: the cards it waits
//!   for get it and its waits added to theirs.
//!
//! A card is stuck when each way out is closed: both parents lie face down under a card that
//! is among its waits, or under the card itself (they stay covered until after it has gone),
//! are not in the game, or are on their foundations with no way back; it may not fill an empty pile; and a lower card of its suit
//! is among its waits (it cannot be up in time). A card among its own waits would have to
//! leave before itself. Either one proves the position lost. Waits only grow, so the
//! working-out ends; nothing is concluded from a card that has a way out, so a position
//! called blocked is lost under the rules, whatever the stock's order.
//!
//! A face-down parent that is itself among the waits is not closed for that: it cannot
//! *leave* its place before the card does, but it is turned over in place once the cards over
//! it have gone, and may take the card then.

use super::super::{EmptyPile, Position};
use crate::cards::card::{Card, DECK_SIZE, Rank, Suit};

/// Whether some card provably can never leave its place (see the module's comment).
pub fn blocked(position: &Position) -> bool {
    let rules = position.rules();
    let mut present = 0u64;
    let mut face_down = 0u64;
    let mut up = 0u64;
    // The cards that head a face-up run or lie face down, with the face-down cards under them.
    let mut waits = [0u64; DECK_SIZE];
    let mut tracked = 0u64;
    // Per face-down card, the cards dealt over it: it stays covered until they have all left.
    let mut over = [0u64; DECK_SIZE];
    for pile in position.piles() {
        let mut under = 0u64;
        for card in pile.face_down.iter().flatten() {
            let bit = 1 << card.index();
            waits[card.index()] = under;
            tracked |= bit;
            face_down |= bit;
            under |= bit;
        }
        let mut covering = pile.face_down.iter().flatten().collect::<Vec<_>>();
        if let Some(Some(head)) = pile.face_up.first() {
            waits[head.index()] = under;
            tracked |= 1 << head.index();
            covering.push(head);
        }
        for (at, card) in covering.iter().enumerate() {
            over[card.index()] = covering[at + 1..]
                .iter()
                .fold(0, |set, above| set | 1 << above.index());
        }
        for card in pile.face_up.iter().flatten() {
            present |= 1 << card.index();
        }
        present |= under;
    }
    for card in position.stock().iter().chain(position.waste()).flatten() {
        present |= 1 << card.index();
    }
    for card in position.foundation_cards() {
        present |= 1 << card.index();
        up |= 1 << card.index();
    }
    let empty_for = |card: Card| rules.empty_pile == EmptyPile::AnyCard || card.is_king();
    loop {
        let mut changed = false;
        for index in 0..DECK_SIZE {
            if tracked & (1 << index) == 0 {
                continue;
            }
            let card = Card::from_index(index).expect("an index below 52");
            // What waits for a card waiting for this one waits for this one too.
            let mut waiting = waits[index];
            let mut open = waiting & tracked;
            while open != 0 {
                let next = open.trailing_zeros() as usize;
                open &= open - 1;
                let more = waits[next] & !waiting;
                waiting |= more;
                open |= more & tracked;
            }
            if waiting != waits[index] {
                waits[index] = waiting;
                changed = true;
            }
            if waiting & (1 << index) != 0 {
                return true;
            }
            // A face-down parent is closed only while a card over it stays in place: one in
            // the waits may still leave last, but the parent is turned over in place as soon
            // as the cards over it have gone, and can take this card then.
            let covered = |parent: usize| over[parent] & (waiting | 1 << index) != 0;
            let parent_open = parents(card).any(|parent| {
                let bit = 1 << parent.index();
                present & bit != 0
                    && !(face_down & bit != 0 && covered(parent.index()))
                    && (up & bit == 0 || rules.foundation_to_tableau)
            });
            if parent_open || empty_for(card) {
                continue;
            }
            let below = below_in_suit(card) & present;
            if below & waiting != 0 {
                return true;
            }
            // Only the foundation is left: the lower cards of the suit go first.
            let pending = below & tracked & !up;
            for (lower, waits) in waits.iter_mut().enumerate() {
                if pending & (1 << lower) != 0 {
                    let more = *waits | waiting | (1 << index);
                    if more != *waits {
                        *waits = more;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return false;
        }
    }
}

/// The two cards a card may be put on: one rank higher, of the other colour.
fn parents(card: Card) -> impl Iterator<Item = Card> {
    let higher = Rank::new(card.rank().value() + 1);
    Suit::ALL
        .into_iter()
        .filter(move |suit| suit.is_red() != card.suit().is_red())
        .filter_map(move |suit| higher.map(|rank| Card::new(rank, suit)))
}

/// The cards of the same suit and a lower rank, as a set of indices.
fn below_in_suit(card: Card) -> u64 {
    let ace = card.index() - usize::from(card.rank().value() - 1);
    ((1u64 << card.index()) - 1) & !((1u64 << ace) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::klondike::fixtures::laid_out;
    use crate::games::klondike::{Deal, Rules};

    #[test]
    fn a_nine_over_both_red_tens_and_a_lower_spade_is_stuck() {
        // Pile 7: 9s on top of Th and Td (its parents) and 3s (its foundation needs it).
        let deal = Deal::parse(
            "Qc  5d 8d  3h 9h Kd  Qh 6h 2c Ad  Js 6d 4s 7s 8c  8s 5c As 7c Ks 3c \
             Td Ts 3s 7h Th 6c 9s \
             4c 4d Ah 9c 9d Qd Kc 4h 5s Tc Qs 2d 6s 5h Jh 8h 7d 3d 2h Ac Jc Jd Kh 2s",
        )
        .expect("a full deal");
        assert!(blocked(&Position::new(&deal, Rules::STANDARD)));
        // With any card allowed on an empty pile, the nine has a way out.
        let any = Rules {
            empty_pile: EmptyPile::AnyCard,
            ..Rules::STANDARD
        };
        assert!(!blocked(&Position::new(&deal, any)));
    }

    #[test]
    fn a_face_down_parent_turned_over_in_place_takes_the_card() {
        // 6s waits for 5h and 2s (face down under it), and 5h for 7h (its foundation needs
        // 5h first): 7h cannot leave before 6s. But 3s can go onto 4h from the stock, which
        // turns 7h over where it lies, and 6s goes onto it.
        let position = laid_out(
            "5s | 7h / 3s | 2s 5h / 6s",
            "4s 3h 4h 6h 2h 7s Ah As",
            Rules::STANDARD,
        );
        assert!(!blocked(&position));
    }

    #[test]
    fn a_card_with_a_parent_in_the_stock_has_a_way_out() {
        let position = laid_out(
            "3d 2c Ac / 2h | 4h 3h / 2s | 4d / 3c | / As",
            "3s 4s 4c 2d Ah Ad",
            Rules::STANDARD,
        );
        assert!(!blocked(&position));
    }

    #[test]
    fn waits_carried_through_a_foundation_close_a_cycle() {
        // 2c lies over its parents 3d and 3h and over Ad: it can leave only for its
        // foundation, after Ac. 2d lies over its parents 3c and 3s and over Ac: it can leave
        // only after Ad. So Ac goes before 2c, which goes before Ad, which goes before 2d,
        // which goes before Ac.
        let position = laid_out(
            "3d 3h Ad / 2c | 3c 3s Ac / 2d",
            "Ah 2h As 2s",
            Rules::STANDARD,
        );
        assert!(blocked(&position));
        // With 3s in the stock instead, 2d has a parent to go to.
        let position = laid_out(
            "3d 3h Ad / 2c | 3c 2s Ac / 2d",
            "Ah 2h As 3s",
            Rules::STANDARD,
        );
        assert!(!blocked(&position));
    }
}

//! The way forward in a game whose face-down cards are not all known (`??`): the fewest moves
//! that turn one of them face up, so that it can be written in and the game solved again.
//!
//! Until a card not known is face up, what the cards not known are changes no move: a
//! face-down card, or one in the stock, is never looked at. So the search below is exact
//! whatever they are, and when no line turns one face up, none ever will: such a card can
//! never reach its foundation, and the game is lost. Once face up, a card not known never
//! moves (it matches nothing), and cards leave the stock and waste only from the waste's top,
//! so the cards not known keep their order there, the order they were dealt in. A card shows
//! on the waste when it is among the cards a draw turns (they are fanned).
//!
//! Moves may give up a win, and which ones do depends on the cards not known. Draws and
//! redeals give up nothing when redeals are unlimited and the waste holds a whole number of
//! draws (or the stock is empty): every such position goes round into every other by draws
//! and redeals alone, so they can all do the same. The moves that turn a card face up are
//! looked for among those first; only when they show none are other moves tried, and the
//! answer then says that they may lose.

use std::collections::{HashSet, VecDeque};

use super::{Deal, Move, Passes, Position, Rules, Seen};
use crate::cards::card::{Card, DECK_SIZE};
use crate::engine::at_table::rest_of_pack;
use crate::engine::referee;

/// Where a card not known is face up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// In a pile (counted from 0), at a depth counted from 0 at its bottom.
    Pile { pile: usize, depth: usize },
    /// On the waste: the card not known at this rank (counted from 0) among those of the
    /// waste and the stock in the order they go round (the table's waste from its bottom,
    /// then its stock, first drawn first: a deal's stock alone).
    Stock { unknown: usize },
}

impl Shown {
    /// The place in words, as the table's text has it: "pile 4, card 3 from the bottom",
    /// "waste card 2 (from its bottom)", "stock card 5 (in the order drawn)"; `waste` and
    /// `stock` are the table's as written.
    pub fn place(self, waste: &[Option<Card>], stock: &[Option<Card>]) -> String {
        match self {
            Shown::Pile { pile, depth } => {
                format!("pile {}, card {} from the bottom", pile + 1, depth + 1)
            }
            Shown::Stock { unknown } => {
                let unknown_at = |cards: &[Option<Card>]| -> Vec<usize> {
                    (0..cards.len()).filter(|&at| cards[at].is_none()).collect()
                };
                let (in_waste, in_stock) = (unknown_at(waste), unknown_at(stock));
                if let Some(at) = in_waste.get(unknown) {
                    return format!("waste card {} (from its bottom)", at + 1);
                }
                match in_stock.get(unknown - in_waste.len()) {
                    Some(at) => format!("stock card {} (in the order drawn)", at + 1),
                    None => "the waste".to_string(),
                }
            }
        }
    }
}

/// What the search for a card to turn face up found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reveal {
    /// The fewest moves that show a card not known (none when one is face up already), and
    /// whether they may give up a win (when no line that loses nothing shows one).
    Shows {
        moves: Vec<Move>,
        shown: Shown,
        may_lose: bool,
    },
    /// No line turns a card not known face up: the game cannot be won.
    Never,
    /// The search met this many positions without an answer.
    Capped(usize),
}

/// The fewest moves from `position` that turn a card not known face up, searching at most
/// `cap` positions: among draws and redeals that lose nothing first, then among every move.
/// Each draw, redeal, and card or run moved is one move.
pub fn reveal(position: &Position, cap: usize) -> Reveal {
    if keeps_all(position) {
        let found = search(position, cap, |mv| matches!(mv, Move::Draw | Move::Redeal));
        if matches!(found, Reveal::Shows { .. }) {
            return found;
        }
    }
    match search(position, cap, |_| true) {
        Reveal::Shows { moves, shown, .. } => Reveal::Shows {
            may_lose: !moves.is_empty(),
            moves,
            shown,
        },
        other => other,
    }
}

/// Whether draws and redeals alone lose nothing from here: redeals are unlimited, and the
/// waste holds a whole number of draws or the stock is empty.
pub fn keeps_all(position: &Position) -> bool {
    let draw = position.rules().draw_count();
    position.rules().passes == Passes::Unlimited
        && (position.waste().len().is_multiple_of(draw) || position.stock().is_empty())
}

/// A breadth-first search over the moves `allowed` for the nearest position that shows a
/// card not known (its moves said to lose nothing: the caller knows whether they may).
fn search(position: &Position, cap: usize, allowed: impl Fn(&Move) -> bool) -> Reveal {
    let mut seen = HashSet::from([position.plays_as()]);
    let mut queue = VecDeque::from([(position.clone(), Vec::new())]);
    while let Some((at, moves)) = queue.pop_front() {
        if let Some(shown) = shown(&at) {
            let may_lose = false;
            return Reveal::Shows {
                moves,
                shown,
                may_lose,
            };
        }
        for mv in at.legal_moves().into_iter().filter(&allowed) {
            let next = referee::after(&at, mv);
            if !seen.insert(next.plays_as()) {
                continue;
            }
            if seen.len() > cap {
                return Reveal::Capped(cap);
            }
            let mut longer = moves.clone();
            longer.push(mv);
            queue.push_back((next, longer));
        }
    }
    Reveal::Never
}

/// A card not known that is face up: in a pile, or among the waste's top cards that show
/// (as many as a draw turns: they are fanned), the highest one. The player sees it, so no
/// answer is given until it is written in.
pub fn shown(position: &Position) -> Option<Shown> {
    for (pile, cards) in position.piles().iter().enumerate() {
        if let Some(up) = cards.face_up.iter().position(Option::is_none) {
            let depth = cards.face_down.len() + up;
            return Some(Shown::Pile { pile, depth });
        }
    }
    let waste = position.waste();
    let at = position.fanned().rev().find(|&at| waste[at].is_none())?;
    let unknown = waste[..at].iter().filter(|card| card.is_none()).count();
    Some(Shown::Stock { unknown })
}

/// Where in the deal lies the card not known that the player sees at `seen` after `moves`
/// from the deal's start under `rules`: its deal-order slot, so that the card typed in is
/// written into the deal. `None` when no card not known lies there. Each card not known is
/// given a card of its own for the replay (the cards not known match nothing, so a card in
/// their place only allows more moves, never fewer); the one found at `seen` names its slot.
pub fn dealt_slot(deal: &Deal, rules: Rules, moves: &[Move], seen: Seen) -> Option<usize> {
    let nth = unknown_at_start(&Position::new(deal, rules), moves, seen)?;
    (0..DECK_SIZE)
        .filter(|&slot| deal.card(slot).is_none())
        .nth(nth)
}

/// Which of the cards not known at `start` (counted from 0 in the order of
/// [`Position::in_play`]) the player sees at `seen` after `moves`: the one a card typed in
/// there is, in the layout the game started from. `None` when no card not known lies there.
pub fn unknown_at_start(start: &Position, moves: &[Move], seen: Seen) -> Option<usize> {
    let known: Vec<Card> = start
        .in_play()
        .flatten()
        .chain(start.foundation_cards())
        .collect();
    let stand_ins = rest_of_pack(&known);
    let mut tagged = start.with_unknown_as(&stand_ins);
    for &mv in moves {
        tagged.apply(mv).ok()?;
    }
    let card = match seen {
        Seen::PileTop(pile) => tagged.pile(pile)?.top(),
        Seen::WasteTop => tagged.waste().last().copied().flatten(),
        Seen::Waste(at) => tagged.waste().get(at).copied().flatten(),
    }?;
    stand_ins.iter().position(|&other| other == card)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::klondike::{Deal, Pile, Rules};

    /// A deal with some cards not known.
    fn with_unknown(seed: u64, unknown: &[usize]) -> Position {
        let mut slots = *Deal::shuffled(seed).slots();
        for &slot in unknown {
            slots[slot] = None;
        }
        Position::new(&Deal::from_slots(&slots).expect("a deal"), Rules::STANDARD)
    }

    #[test]
    fn the_card_a_move_turns_up_is_found_at_its_slot_in_the_deal() {
        // Stock cards 1 to 3 and 5 to 9 not known: a draw shows the third, which is slot 30;
        // a second draw the sixth, slot 33.
        let mut slots = *Deal::shuffled(2).slots();
        let hidden: Vec<usize> = (28..31).chain(32..37).collect();
        for &slot in &hidden {
            slots[slot] = None;
        }
        let deal = Deal::from_slots(&slots).expect("a deal");
        let rules = Rules::STANDARD;
        let draws = [Move::Draw, Move::Draw];
        assert_eq!(
            dealt_slot(&deal, rules, &draws[..1], Seen::WasteTop),
            Some(30)
        );
        assert_eq!(dealt_slot(&deal, rules, &draws, Seen::WasteTop), Some(33));
        // The two fanned under the first draw's top: stock cards 1 and 2.
        assert_eq!(
            dealt_slot(&deal, rules, &draws[..1], Seen::Waste(0)),
            Some(28)
        );
        assert_eq!(
            dealt_slot(&deal, rules, &draws[..1], Seen::Waste(1)),
            Some(29)
        );
        // Pile 1's top is known: nothing not known lies there.
        assert_eq!(dealt_slot(&deal, rules, &[], Seen::PileTop(0)), None);
        // A pile's face-down card: pile 2's bottom card, once its top has gone.
        for seed in 0..500 {
            let mut slots = *Deal::shuffled(seed).slots();
            slots[1] = None;
            let deal = Deal::from_slots(&slots).expect("a deal");
            let start = Position::new(&deal, rules);
            let Some(&mv) = start.legal_moves().iter().find(|mv| {
                matches!(
                    mv,
                    Move::PileToPile { from: 1, .. } | Move::PileToFoundation(1)
                )
            }) else {
                continue;
            };
            assert_eq!(dealt_slot(&deal, rules, &[mv], Seen::PileTop(1)), Some(1));
            return;
        }
        panic!("no deal in 500 moves pile 2's top card");
    }

    #[test]
    fn a_card_face_up_already_needs_no_move() {
        // Slot 0 is pile 1's only card, face up.
        let position = with_unknown(1, &[0]);
        let shown = Shown::Pile { pile: 0, depth: 0 };
        let found = Reveal::Shows {
            moves: Vec::new(),
            shown,
            may_lose: false,
        };
        assert_eq!(reveal(&position, 1000), found);
    }

    #[test]
    fn draws_that_lose_nothing_come_before_shorter_moves_that_may() {
        // Pile 7's top face-down card and stock card 4 not known: where pile 7's top card can
        // move at once, one move would show the first, but two draws show the second and
        // give up nothing.
        let mut tried = 0;
        for seed in 0..200 {
            let position = with_unknown(seed, &[26, 31]);
            let Reveal::Shows { moves, .. } = search(&position, 10_000, |_| true) else {
                continue;
            };
            if moves.len() != 1 {
                continue;
            }
            let shown = Shown::Stock { unknown: 0 };
            let expected = Reveal::Shows {
                moves: vec![Move::Draw, Move::Draw],
                shown,
                may_lose: false,
            };
            assert_eq!(reveal(&position, 10_000), expected, "seed {seed}");
            tried += 1;
        }
        assert!(tried > 0, "no seed moves pile 7's top card at once");
    }

    #[test]
    fn a_draw_shows_the_first_stock_card() {
        // Slots 28 to 30 are the stock's first three cards: one draw of three shows them all,
        // the third on top.
        let position = with_unknown(1, &[28, 29, 30]);
        let found = reveal(&position, 1000);
        let shown = Shown::Stock { unknown: 2 };
        let expected = Reveal::Shows {
            moves: vec![Move::Draw],
            shown,
            may_lose: false,
        };
        assert_eq!(found, expected);
    }

    #[test]
    fn the_card_under_a_pile_shows_when_its_run_leaves() {
        // Every stock card known, one face-down card not known (pile 7's top face-down card):
        // the plan, replayed, leaves it face up where it says.
        for seed in 0..20 {
            let position = with_unknown(seed, &[26]);
            let Reveal::Shows {
                moves,
                shown,
                may_lose,
            } = reveal(&position, 200_000)
            else {
                continue;
            };
            // Only tableau moves can turn it over, and they may lose.
            assert!(may_lose);
            let mut played = position.clone();
            for mv in &moves {
                played.apply(*mv).expect("the plan replays");
            }
            assert_eq!(shown, Shown::Pile { pile: 6, depth: 5 });
            assert_eq!(played.piles()[6].face_up.first(), Some(&None));
            return;
        }
        panic!("no seed turns pile 7's last face-down card over");
    }

    #[test]
    fn a_card_under_the_waste_top_shows_too() {
        // Stock card 2 not known: the first draw of three shows it under stock card 3.
        let position = with_unknown(1, &[29]);
        let shown = Shown::Stock { unknown: 0 };
        let found = Reveal::Shows {
            moves: vec![Move::Draw],
            shown,
            may_lose: false,
        };
        assert_eq!(reveal(&position, 1000), found);
        assert_eq!(
            shown.place(position.waste(), position.stock()),
            "stock card 2 (in the order drawn)"
        );
    }

    #[test]
    fn a_card_that_cannot_be_turned_over_is_never_shown() {
        // A five on a card not known, and nothing else: no move at all.
        let five = "5h".parse().expect("a card");
        let piles = vec![Pile::new(vec![None], vec![Some(five)])];
        let position = Position::from_piles(piles, Vec::new(), Rules::STANDARD).expect("a table");
        assert_eq!(reveal(&position, 1000), Reveal::Never);
    }

    #[test]
    fn a_stock_gone_round_for_ever_is_not_a_way_on() {
        // The same, with a King in the stock that goes nowhere: redeals unlimited, the stock
        // goes round for ever, and no count of redeals makes a new position.
        let five = "5h".parse().expect("a card");
        let king = "Kc".parse().expect("a card");
        let piles = vec![Pile::new(vec![None], vec![Some(five)])];
        let position =
            Position::from_piles(piles, vec![Some(king)], Rules::STANDARD).expect("a table");
        assert_eq!(reveal(&position, 1000), Reveal::Never);
    }

    #[test]
    fn a_search_that_runs_out_of_room_says_so() {
        let position = with_unknown(1, &[26]);
        assert_eq!(reveal(&position, 3), Reveal::Capped(3));
    }
}

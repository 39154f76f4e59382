//! The referee: a readable rules engine for Klondike (`KLONDIKE.md`). A [`Position`] holds the
//! piles (face-down cards under a face-up run), the stock, the waste, the foundations and the
//! redeals made, under a [`Rules`] value; it lists its legal moves, checks and applies one at a
//! time, and says each in words. Solvers' answers are replayed here and the tests' exhaustive
//! searches run on it, so it favours plainness over speed.
//!
//! Every [`Move`] counts as one move; turning up the face-down card a move uncovers is part
//! of that move, not another. A card not known yet (`??`) may lie face down; once turned up
//! it stays unknown, and can be neither moved nor built on, until the player types it in
//! ([`Position::reveal`]).

mod play;
mod setup;
#[cfg(test)]
mod tests;

use std::fmt;

pub use play::{IllegalMove, Move};
pub use setup::{Pack, RevealError, Seen, Setup, SetupProblem, SetupProblems, Spot};

use super::deal::{Deal, PILES, card_text};
use super::rules::Rules;
use crate::cards::card::{Card, Rank, Suit};
use crate::cards::tableau;

/// One pile of the tableau; a card not known yet is `None`, and once turned up it is alone
/// in its run, since nothing can be built on it.
pub type Pile = tableau::Pile<Option<Card>>;

/// A deal's seven piles as they are dealt: pile k holds k cards, the top one face up.
pub(crate) fn dealt_piles(deal: &Deal) -> Vec<Pile> {
    (0..PILES)
        .map(|pile| Pile::dealt(deal.pile(pile)))
        .collect()
}

/// A position in a game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    piles: Vec<Pile>,
    /// The stock, first drawn first.
    stock: Vec<Option<Card>>,
    /// The waste, bottom first: its last card is the one that can be played.
    waste: Vec<Option<Card>>,
    /// The top rank on each suit's foundation (0 for an empty one), in the order of
    /// [`Suit::ALL`]: the cards under the top are all the lower ranks of the suit.
    foundations: [u8; 4],
    /// Times the waste has been turned back into the stock: unlimited redeals may count far
    /// past what a byte holds.
    redeals: u32,
    rules: Rules,
}

/// A suit's place in the foundations.
fn slot(suit: Suit) -> usize {
    suit as usize
}

impl Position {
    /// The start of a game on a deal: seven piles, each with its top card face up, and the
    /// stock.
    pub fn new(deal: &Deal, rules: Rules) -> Position {
        Position {
            piles: dealt_piles(deal),
            stock: deal.stock().to_vec(),
            waste: Vec::new(),
            foundations: [0; 4],
            redeals: 0,
            rules,
        }
    }

    /// The rules the game is played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The cards in play, `None` for one not known: the piles' (face down, then face up, pile
    /// by pile), the stock's and the waste's; not the foundations'.
    pub fn in_play(&self) -> impl Iterator<Item = Option<Card>> + '_ {
        self.piles
            .iter()
            .flat_map(|pile| pile.face_down.iter().chain(&pile.face_up))
            .chain(&self.stock)
            .chain(&self.waste)
            .copied()
    }

    /// The piles, from pile 1.
    pub fn piles(&self) -> &[Pile] {
        &self.piles
    }

    /// A pile, counted from 0.
    pub fn pile(&self, pile: usize) -> Option<&Pile> {
        self.piles.get(pile)
    }

    /// The stock, first drawn first.
    pub fn stock(&self) -> &[Option<Card>] {
        &self.stock
    }

    /// The waste, bottom first: the last card is the one that can be played.
    pub fn waste(&self) -> &[Option<Card>] {
        &self.waste
    }

    /// The top rank of a suit's foundation, 0 when it is empty.
    pub fn foundation(&self, suit: Suit) -> u8 {
        self.foundations[slot(suit)]
    }

    /// The top card of a suit's foundation.
    pub fn foundation_top(&self, suit: Suit) -> Option<Card> {
        Rank::new(self.foundation(suit)).map(|rank| Card::new(rank, suit))
    }

    /// The cards on the foundations, suit by suit from the Ace up.
    pub fn foundation_cards(&self) -> impl Iterator<Item = Card> + '_ {
        Suit::ALL.into_iter().flat_map(move |suit| {
            (1..=self.foundation(suit))
                .filter_map(Rank::new)
                .map(move |rank| Card::new(rank, suit))
        })
    }

    /// Times the waste has been turned back into the stock.
    pub fn redeals(&self) -> u32 {
        self.redeals
    }

    /// The position with the redeals made counted as none when they are unlimited, where the
    /// count changes no move: positions that play alike compare equal.
    #[must_use]
    pub fn plays_as(&self) -> Position {
        let mut same = self.clone();
        if self.rules.passes == super::Passes::Unlimited {
            same.redeals = 0;
        }
        same
    }

    /// Whether the rules allow another redeal (once the stock is empty).
    pub fn may_redeal(&self) -> bool {
        self.rules.may_redeal(self.redeals)
    }

    /// Whether every card is on the foundations.
    pub fn is_won(&self) -> bool {
        self.stock.is_empty() && self.waste.is_empty() && self.piles.iter().all(Pile::is_empty)
    }
}

impl fmt::Display for Position {
    /// A compact text picture, for tests and debugging: the foundations, each pile (`##` for
    /// a face-down card), the waste and the stock.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tops: Vec<String> = Suit::ALL
            .iter()
            .map(|&suit| {
                self.foundation_top(suit)
                    .map_or_else(|| "--".to_string(), |card| card.to_string())
            })
            .collect();
        writeln!(f, "foundations: {}", tops.join(" "))?;
        for (number, pile) in self.piles.iter().enumerate() {
            writeln!(f, "pile {}: {}", number + 1, pile.picture(card_text))?;
        }
        let texts = |cards: &[Option<Card>]| -> String {
            let texts: Vec<String> = cards.iter().map(|&card| card_text(card)).collect();
            texts.join(" ")
        };
        writeln!(f, "waste (top last): {}", texts(&self.waste))?;
        write!(f, "stock (first drawn first): {}", texts(&self.stock))
    }
}

crate::engine::referee::referee_by_own_methods!(Position, Move, IllegalMove);

//! The referee: a readable rules engine for Minimal Triple Klondike. A [`Position`] holds the
//! piles (face-down cards under a face-up run), the stock, the waste, the foundations and the
//! redeals made, under a [`Rules`] value; it lists its legal moves, checks and applies one at a
//! time, says each in words, and replays a line counting it as the contest does ([`Tally`]:
//! the cards up, then the moves). The solver's lines are replayed here and the tests'
//! exhaustive searches run on it, so it favours plainness over speed.
//!
//! Every [`Move`] counts as one; the face-down card a move uncovers turns up as part of it.

mod play;
#[cfg(test)]
mod tests;

use std::fmt;

pub use play::{IllegalMove, Move};

use super::deal::{Deal, DealProblems, card_text, pile_letter};
use super::rules::{Rules, RulesError};
use crate::cards::card::{Card, Rank, Suit};
use crate::cards::tableau;

/// One pile of the tableau.
pub type Pile = tableau::Pile<Card>;

/// One foundation: the suit it is built in (none while a free one is empty) and its height,
/// the rank of its top card (0 when empty).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Foundation {
    pub suit: Option<Suit>,
    pub height: u8,
}

impl Foundation {
    /// The top card, if any.
    pub fn top(&self) -> Option<Card> {
        let rank = Rank::new(self.height)?;
        Some(Card::new(rank, self.suit?))
    }
}

/// What a line achieves, as the contest ranks it: more cards up is better, then fewer moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Tally {
    pub cards_up: usize,
    pub moves: usize,
}

impl Tally {
    /// Whether this tally ranks before `other`: more cards up, or as many in fewer moves.
    pub fn beats(&self, other: &Tally) -> bool {
        (self.cards_up, std::cmp::Reverse(self.moves))
            > (other.cards_up, std::cmp::Reverse(other.moves))
    }
}

impl fmt::Display for Tally {
    /// The contest's `removed/moves`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.cards_up, self.moves)
    }
}

/// Why a deal cannot start a game under some rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error(transparent)]
    Deal(#[from] DealProblems),
}

/// A position in a game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    piles: Vec<Pile>,
    /// The stock, its last card drawn next.
    stock: Vec<Card>,
    /// The waste, bottom first: its last card is the one that can be played.
    waste: Vec<Card>,
    foundations: Vec<Foundation>,
    /// Times the waste has been turned over into the stock.
    redeals: u32,
    rules: Rules,
}

impl Position {
    /// The start of a game on a deal: the piles dealt, each with its top card face up, the rest
    /// in the stock.
    pub fn new(deal: &Deal, rules: Rules) -> Result<Position, SetupError> {
        rules.check()?;
        // The same checks as for a deal made under these rules, in case it was made under
        // others.
        let deal = Deal::from_cards(deal.cards().to_vec(), rules)?;
        let piles = (0..usize::from(rules.piles))
            .map(|pile| Pile::dealt(deal.pile(pile)))
            .collect();
        let foundations = (0..rules.foundations())
            .map(|f| Foundation {
                suit: rules.tied_suits.then(|| Rules::tied_suit(f)),
                height: 0,
            })
            .collect();
        Ok(Position {
            piles,
            stock: deal.stock(rules.piles).to_vec(),
            waste: Vec::new(),
            foundations,
            redeals: 0,
            rules,
        })
    }

    /// The rules the game is played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The piles, from pile N.
    pub fn piles(&self) -> &[Pile] {
        &self.piles
    }

    /// The stock, its last card drawn next.
    pub fn stock(&self) -> &[Card] {
        &self.stock
    }

    /// The waste, bottom first: the last card is the one that can be played.
    pub fn waste(&self) -> &[Card] {
        &self.waste
    }

    /// The foundations, from `b`.
    pub fn foundations(&self) -> &[Foundation] {
        &self.foundations
    }

    /// Times the waste has been turned over.
    pub fn redeals(&self) -> u32 {
        self.redeals
    }

    /// Cards on the foundations.
    pub fn cards_up(&self) -> usize {
        self.foundations.iter().map(|f| usize::from(f.height)).sum()
    }

    /// Cards not on the foundations.
    pub fn cards_left(&self) -> usize {
        self.stock.len() + self.waste.len() + self.piles.iter().map(Pile::len).sum::<usize>()
    }

    /// Whether every card is on the foundations.
    pub fn is_won(&self) -> bool {
        self.cards_left() == 0
    }

    /// Plays a line from here, counting it: the cards up at its end and its moves; or the
    /// number of the first move that cannot be played (from 0) and why.
    pub fn replay(&self, line: &[Move]) -> Result<(Position, Tally), (usize, IllegalMove)> {
        let mut position = self.clone();
        for (number, &mv) in line.iter().enumerate() {
            position.apply(mv).map_err(|why| (number, why))?;
        }
        let tally = Tally {
            cards_up: position.cards_up(),
            moves: line.len(),
        };
        Ok((position, tally))
    }
}

impl fmt::Display for Position {
    /// A compact text picture, for tests and debugging: the foundations, each pile (`##` for
    /// a face-down card), the waste and the stock.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tops: Vec<String> = self
            .foundations
            .iter()
            .map(|foundation| foundation.top().map_or_else(|| "--".to_string(), card_text))
            .collect();
        writeln!(f, "foundations: {}", tops.join(" "))?;
        for (number, pile) in self.piles.iter().enumerate() {
            writeln!(f, "{}: {}", pile_letter(number), pile.picture(card_text))?;
        }
        let texts = |cards: &mut dyn Iterator<Item = &Card>| -> String {
            let texts: Vec<String> = cards.map(|&card| card_text(card)).collect();
            texts.join(" ")
        };
        writeln!(f, "waste (top last): {}", texts(&mut self.waste.iter()))?;
        write!(
            f,
            "stock (next first): {}",
            texts(&mut self.stock.iter().rev())
        )
    }
}

crate::engine::referee::referee_by_own_methods!(Position, Move, IllegalMove);

//! Positions laid out by hand rather than dealt: any number of piles and any set of cards,
//! so that tests can play reduced decks (16 cards, ranks A-4, four piles) small enough to
//! search exhaustively; and typing in a card that turned up unknown.

use std::fmt;

use super::{Pile, Position};
use crate::cards::card::Card;
use crate::cards::tableau::builds_on;
use crate::games::klondike::rules::Rules;

/// One thing wrong with piles and a stock laid out by hand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupProblem {
    #[error("{card} is laid out twice: in {first} and in {second}")]
    Duplicate {
        card: Card,
        first: String,
        second: String,
    },
    #[error(
        "pile {0}'s face-up cards are not a run: each must be one lower than the card under it \
         and of the other colour, and a card not known yet must be alone"
    )]
    NotARun(usize),
    #[error("pile {0} has face-down cards but none face up: its top card must be turned up")]
    NothingFaceUp(usize),
    #[error("{0} piles are too many: a game has at most 255")]
    TooManyPiles(usize),
}

/// Every problem of a layout, one per line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct SetupProblems(pub Vec<SetupProblem>);

impl fmt::Display for SetupProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&lines.join("\n"))
    }
}

/// Where an unknown card the player now sees lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seen {
    /// The face-up top card of a pile, counted from 0.
    PileTop(usize),
    /// The waste's top card.
    WasteTop,
}

/// A place a card is typed in: a pile's top, or a place of the waste (counted from its
/// bottom) or of the stock (counted from the card drawn first).
#[derive(Debug, Clone, Copy)]
enum Place {
    PileTop(usize),
    Waste(usize),
    Stock(usize),
}

/// Why a card cannot be typed in.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RevealError {
    #[error("there is no card waiting to be typed in there")]
    NotUnknown,
    #[error("{0} is already in the game")]
    AlreadyInGame(Card),
}

impl Position {
    /// A position laid out by hand: piles (each its face-down cards and its face-up run,
    /// bottom first), the stock (first drawn first), empty waste and foundations. Any number
    /// of piles and any set of cards: a game is won when they are all on the foundations, so
    /// a deck missing a rank below another of its suit cannot be won.
    pub fn from_piles(
        piles: Vec<Pile>,
        stock: Vec<Option<Card>>,
        rules: Rules,
    ) -> Result<Position, SetupProblems> {
        let mut problems = Vec::new();
        if piles.len() > usize::from(u8::MAX) {
            problems.push(SetupProblem::TooManyPiles(piles.len()));
        }
        let mut first_place: [Option<String>; crate::cards::card::DECK_SIZE] =
            std::array::from_fn(|_| None);
        let places = piles
            .iter()
            .enumerate()
            .flat_map(|(number, pile)| {
                let name = format!("pile {}", number + 1);
                pile.face_down
                    .iter()
                    .chain(&pile.face_up)
                    .map(move |&card| (card, name.clone()))
            })
            .chain(stock.iter().map(|&card| (card, "the stock".to_string())));
        for (card, place) in places {
            let Some(card) = card else { continue };
            match &first_place[card.index()] {
                Some(first) => problems.push(SetupProblem::Duplicate {
                    card,
                    first: first.clone(),
                    second: place,
                }),
                None => first_place[card.index()] = Some(place),
            }
        }
        for (number, pile) in piles.iter().enumerate() {
            let run = &pile.face_up;
            let ordered = run.len() == 1
                || run.windows(2).all(|pair| match pair {
                    [Some(lower), Some(upper)] => builds_on(*lower, *upper),
                    _ => false,
                });
            if !run.is_empty() && !ordered {
                problems.push(SetupProblem::NotARun(number + 1));
            }
            if run.is_empty() && !pile.face_down.is_empty() {
                problems.push(SetupProblem::NothingFaceUp(number + 1));
            }
        }
        if !problems.is_empty() {
            return Err(SetupProblems(problems));
        }
        Ok(Position {
            piles,
            stock,
            waste: Vec::new(),
            foundations: [0; 4],
            redeals: 0,
            rules,
        })
    }

    /// The same position with its unknown cards given `cards`, in the order of
    /// [`Position::in_play`] (the piles' from pile 1, each face down then face up, the stock's,
    /// the waste's); the unknown cards past the end of `cards` stay unknown.
    #[must_use]
    pub fn with_unknown_as(&self, cards: &[Card]) -> Position {
        let mut next = self.clone();
        let mut cards = cards.iter().copied();
        let places = next
            .piles
            .iter_mut()
            .flat_map(|pile| pile.face_down.iter_mut().chain(pile.face_up.iter_mut()))
            .chain(next.stock.iter_mut())
            .chain(next.waste.iter_mut());
        for place in places.filter(|place| place.is_none()) {
            *place = cards.next();
        }
        next
    }

    /// The same position with the unknown card the player sees at `seen` typed in.
    pub fn reveal(&self, seen: Seen, card: Card) -> Result<Position, RevealError> {
        let place = match seen {
            Seen::PileTop(pile) => Place::PileTop(pile),
            Seen::WasteTop => Place::Waste(self.waste.len().wrapping_sub(1)),
        };
        self.typed_in(place, card)
    }

    /// The same position with the unknown card at place `at` of the waste (0 its bottom)
    /// typed in: a card a draw fanned out under the top, which the player saw too.
    pub fn reveal_in_waste(&self, at: usize, card: Card) -> Result<Position, RevealError> {
        self.typed_in(Place::Waste(at), card)
    }

    /// The same position with the unknown card at place `at` of the stock (0 the card drawn
    /// first) typed in: a card the player saw by going round the stock.
    pub fn reveal_in_stock(&self, at: usize, card: Card) -> Result<Position, RevealError> {
        self.typed_in(Place::Stock(at), card)
    }

    fn typed_in(&self, place: Place, card: Card) -> Result<Position, RevealError> {
        let known = self
            .in_play()
            .flatten()
            .chain(self.foundation_cards())
            .any(|other| other == card);
        let mut next = self.clone();
        let slot = match place {
            Place::PileTop(pile) => next.piles.get_mut(pile).and_then(|p| p.face_up.last_mut()),
            Place::Waste(at) => next.waste.get_mut(at),
            Place::Stock(at) => next.stock.get_mut(at),
        };
        match slot {
            Some(slot @ None) if !known => *slot = Some(card),
            Some(None) => return Err(RevealError::AlreadyInGame(card)),
            _ => return Err(RevealError::NotUnknown),
        }
        Ok(next)
    }
}

//! The referee: a readable rules engine. A [`Position`] knows its legal moves and applies one
//! at a time, checking each. The fast solver's answers are replayed here, and the terminal app
//! steps through solutions with it, so this module favours plainness over speed.

use std::fmt;

use super::layout::{self, covering, may_overlap};
use super::layout::{PYRAMID_ROWS, PYRAMID_SIZE, slot_name};
use super::rules::Finish;
use super::rules::Rules;
use crate::cards::card::{Card, DECK_SIZE, Rank};
use crate::cards::deal::Deal;

/// Where an available card is taken from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    /// A pyramid card, by its index in deal order (0..28).
    Pyramid(u8),
    /// The top card of the stock.
    Stock,
    /// The top card of the waste.
    Waste,
}

/// One step of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Turn the stock's top card onto the waste.
    Draw,
    /// Turn the waste back into the stock (only when the stock is empty).
    Recycle,
    /// Remove an available King alone.
    King(Place),
    /// Remove two available cards that make 13.
    Pair(Place, Place),
}

/// Why a move cannot be made, in words a player understands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("{card} is covered by {}", covered_by_text(.by))]
    Covered { card: Card, by: Vec<Card> },
    #[error("that pyramid card is already gone")]
    Gone,
    #[error("the stock is empty")]
    StockEmpty,
    #[error("the waste is empty")]
    WasteEmpty,
    #[error("{0} is not a King: only a King is removed alone")]
    NotAKing(Card),
    #[error("{0} and {1} make {2}, not 13")]
    NotThirteen(Card, Card, u8),
    #[error("a card cannot pair with itself")]
    SameCard,
    #[error("recycle only when the stock is empty")]
    StockNotEmpty,
    #[error("the waste is empty: nothing to recycle")]
    NothingToRecycle,
    #[error("no passes left: {0}")]
    NoPassesLeft(Rules),
    #[error("{0} is not in play: it is not in the pyramid, on the stock or on the waste")]
    NotInPlay(Card),
    #[error("{0} is not available: only the top cards of the stock and the waste are")]
    Buried(Card),
    #[error("the card at the {} is not known yet: type it in first", place_name(*.0))]
    Unseen(Place),
    #[error("the card at the {} is covered", place_name(*.0))]
    CoveredUnseen(Place),
    #[error("the game is already won: the deal ends there")]
    Won,
}

fn covered_by_text(cards: &[Card]) -> String {
    let texts: Vec<String> = cards.iter().map(ToString::to_string).collect();
    texts.join(" and ")
}

/// A position in a game: the pyramid cards still there, the stock, the waste, and the passes
/// used. Cards removed so far are kept for the score and card counts.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    rules: Rules,
    pyramid: [Option<Card>; PYRAMID_SIZE],
    /// The stock, top card last.
    stock: Vec<Card>,
    /// The waste, top card last.
    waste: Vec<Card>,
    /// Recycles made. Wider than a start's pass (a `u32`): each recycle is a move, and no
    /// game plays the 2^64 - 2^32 moves that would take it past its end.
    recycles: u64,
    removed: Vec<Card>,
    /// The cards standing in for unknown ones (`??`), as bits over [`Card::index`]. Their
    /// ranks are never read: an unknown card matches nothing, or anything when `wild`.
    unknown: u64,
    /// Unknown cards are wildcards: each pairs with any card and may go alone. Not the real
    /// game: a relaxation, to bound what knowing the cards could give.
    wild: bool,
}

/// Points for clearing each pyramid row, top row first.
pub const ROW_BONUS: [u32; PYRAMID_ROWS] = [500, 250, 150, 100, 75, 50, 25];
/// Points for each removal: a pair or a King alone.
pub const REMOVAL_POINTS: u32 = 5;

impl Position {
    /// The start of a game: the deal's pyramid, its stock, an empty waste.
    pub fn new(deal: &Deal, rules: Rules) -> Position {
        let mut pyramid = [None; PYRAMID_SIZE];
        for (slot, &card) in pyramid.iter_mut().zip(deal.cards()) {
            *slot = Some(card);
        }
        Position {
            rules,
            pyramid,
            stock: deal.cards()[PYRAMID_SIZE..].iter().rev().copied().collect(),
            waste: Vec::new(),
            recycles: 0,
            removed: Vec::new(),
            unknown: 0,
            wild: false,
        }
        .with_unknown_of(deal)
    }

    /// A position in the middle of a game. `stock` is top first, `waste` bottom first; `removed`
    /// lists the cards already gone. The caller is responsible for the parts being consistent.
    pub fn from_parts(
        rules: Rules,
        pyramid: [Option<Card>; PYRAMID_SIZE],
        stock_top_first: &[Card],
        waste_bottom_first: &[Card],
        recycles: u64,
        removed: Vec<Card>,
    ) -> Position {
        Position {
            rules,
            pyramid,
            stock: stock_top_first.iter().rev().copied().collect(),
            waste: waste_bottom_first.to_vec(),
            recycles,
            removed,
            unknown: 0,
            wild: false,
        }
    }

    /// The same position with the cards of `deal`'s unknown slots (its stand-ins) unknown.
    #[must_use]
    pub fn with_unknown_of(self, deal: &Deal) -> Position {
        let stand_ins = bits_of(deal.unknown()).map(|slot| deal.cards()[slot]);
        self.with_unknown_cards(stand_ins)
    }

    /// The same position with these cards unknown (and no others): stand-ins whose ranks
    /// are not to be read.
    #[must_use]
    pub fn with_unknown_cards(mut self, cards: impl IntoIterator<Item = Card>) -> Position {
        self.unknown = cards
            .into_iter()
            .fold(0, |mask, card| mask | 1 << card.index());
        self
    }

    /// The same position with its unknown cards as wildcards (or not): each pairs with any
    /// card and may be removed alone. Solving it bounds what knowing the cards could give;
    /// its lines are not playable.
    #[must_use]
    pub fn with_wildcards(mut self, wild: bool) -> Position {
        self.wild = wild;
        self
    }

    /// Whether unknown cards are wildcards here (see [`Position::with_wildcards`]).
    pub fn is_wild(&self) -> bool {
        self.wild
    }

    /// Whether a card is unknown: a stand-in whose rank means nothing.
    pub fn is_unknown(&self, card: Card) -> bool {
        self.unknown & (1 << card.index()) != 0
    }

    /// Whether any unknown card is still in play (in the pyramid, the stock or the waste).
    pub fn has_unknown(&self) -> bool {
        self.pyramid
            .iter()
            .flatten()
            .chain(&self.stock)
            .chain(&self.waste)
            .any(|&card| self.is_unknown(card))
    }

    /// An unknown card the player sees: an uncovered pyramid card, or the waste's top card
    /// (drawn onto it). Pyramid cards first, in deal order.
    pub fn unknown_face_up(&self) -> Option<(Place, Card)> {
        let pyramid = (0..PYRAMID_SIZE).map(|i| Place::Pyramid(i as u8));
        pyramid
            .chain([Place::Waste])
            .filter_map(|place| self.card_at(place).map(|card| (place, card)))
            .find(|&(_, card)| self.is_unknown(card))
    }

    /// Whether a card may be removed alone: a King, or a wildcard.
    pub fn goes_alone(&self, card: Card) -> bool {
        if self.is_unknown(card) {
            self.wild
        } else {
            card.is_king()
        }
    }

    /// Whether two cards may be removed together: they make 13, or one is a wildcard.
    pub fn pair_up(&self, a: Card, b: Card) -> bool {
        if self.is_unknown(a) || self.is_unknown(b) {
            self.wild
        } else {
            a.pairs_with(b)
        }
    }

    /// The rules this game is played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The card at a pyramid index, if still there.
    pub fn pyramid_card(&self, index: usize) -> Option<Card> {
        self.pyramid[index]
    }

    /// All 28 pyramid slots.
    pub fn pyramid(&self) -> &[Option<Card>; PYRAMID_SIZE] {
        &self.pyramid
    }

    /// The remaining pyramid cards as a bit mask over deal order.
    pub fn pyramid_mask(&self) -> u32 {
        (0..PYRAMID_SIZE)
            .filter(|&i| self.pyramid[i].is_some())
            .fold(0, |mask, i| mask | 1 << i)
    }

    /// The cards in play, each once: the pyramid in deal order, the stock from its top, the
    /// waste from its bottom.
    pub fn in_play(&self) -> impl Iterator<Item = Card> + '_ {
        self.pyramid()
            .iter()
            .flatten()
            .copied()
            .chain(self.stock_top_first())
            .chain(self.waste_bottom_first().iter().copied())
    }

    /// The stock, top card first.
    pub fn stock_top_first(&self) -> impl Iterator<Item = Card> + '_ {
        self.stock.iter().rev().copied()
    }

    /// The waste, bottom card first (the top card is last).
    pub fn waste_bottom_first(&self) -> &[Card] {
        &self.waste
    }

    /// Cards in the stock.
    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    /// Recycles made so far.
    pub fn recycles_used(&self) -> u64 {
        self.recycles
    }

    /// The pass through the stock, from 1.
    pub fn pass(&self) -> u64 {
        self.recycles + 1
    }

    /// Cards removed so far, in the order they went.
    pub fn removed(&self) -> &[Card] {
        &self.removed
    }

    /// The cards the goal counts that are gone, in all (those gone before a saved game's
    /// start too): the pyramid's, or with [`Finish::AllCards`] all 52.
    pub fn cleared(&self) -> usize {
        let pyramid_left = self.pyramid.iter().flatten().count();
        match self.rules.finish {
            Finish::Pyramid => PYRAMID_SIZE - pyramid_left,
            Finish::AllCards => DECK_SIZE - pyramid_left - self.stock.len() - self.waste.len(),
        }
    }

    /// Whether the pyramid is cleared.
    pub fn is_cleared(&self) -> bool {
        self.pyramid.iter().all(Option::is_none)
    }

    /// Whether the game is won under its rules: the pyramid cleared, and with
    /// [`Finish::AllCards`] the stock and waste too.
    pub fn is_won(&self) -> bool {
        self.is_cleared()
            && (self.rules.finish == Finish::Pyramid
                || self.stock.is_empty() && self.waste.is_empty())
    }

    /// Whether, with relaxed pairing, one of two pyramid places holds a card that may go with
    /// the other's, its only remaining cover, uncovered.
    fn overlap(&self, a: Place, b: Place) -> bool {
        let (Place::Pyramid(a), Place::Pyramid(b)) = (a, b) else {
            return false;
        };
        let (a, b) = (a as usize, b as usize);
        let mask = self.pyramid_mask();
        self.rules.relaxed
            && a < PYRAMID_SIZE
            && b < PYRAMID_SIZE
            && (may_overlap(a, b, mask) || may_overlap(b, a, mask))
    }

    /// With relaxed pairing, the covered pyramid cards that may go with the card on them.
    pub fn overlapped(&self) -> Vec<Place> {
        let mask = self.pyramid_mask();
        (0..PYRAMID_SIZE)
            .filter(|&i| {
                self.rules.relaxed
                    && covering(i).is_some_and(|pair| pair.iter().any(|&o| may_overlap(i, o, mask)))
            })
            .map(|i| Place::Pyramid(i as u8))
            .collect()
    }

    /// Whether a pyramid card is there and nothing lies on it.
    pub fn is_uncovered(&self, index: usize) -> bool {
        self.pyramid[index].is_some() && layout::is_uncovered(index, self.pyramid_mask())
    }

    /// The card at a place, if that place has an available card.
    pub fn card_at(&self, place: Place) -> Option<Card> {
        match place {
            Place::Pyramid(i) => {
                let i = i as usize;
                (i < PYRAMID_SIZE && self.is_uncovered(i))
                    .then(|| self.pyramid[i])
                    .flatten()
            }
            Place::Stock => self.stock.last().copied(),
            Place::Waste => self.waste.last().copied(),
        }
    }

    /// Where a card lies: its pyramid slot, or the top of the stock or the waste; otherwise
    /// why it cannot be taken. Whether a pyramid card is free is for [`Position::check`].
    pub fn place_of(&self, card: Card) -> Result<Place, IllegalMove> {
        if let Some(index) = self.pyramid.iter().position(|&c| c == Some(card)) {
            return Ok(Place::Pyramid(index as u8));
        }
        if self.stock.last() == Some(&card) {
            Ok(Place::Stock)
        } else if self.waste.last() == Some(&card) {
            Ok(Place::Waste)
        } else if self.stock.contains(&card) || self.waste.contains(&card) {
            Err(IllegalMove::Buried(card))
        } else {
            Err(IllegalMove::NotInPlay(card))
        }
    }

    /// Every available place, pyramid first, in deal order.
    pub fn available(&self) -> Vec<Place> {
        let mut places: Vec<Place> = (0..PYRAMID_SIZE)
            .filter(|&i| self.is_uncovered(i))
            .map(|i| Place::Pyramid(i as u8))
            .collect();
        if !self.stock.is_empty() {
            places.push(Place::Stock);
        }
        if !self.waste.is_empty() {
            places.push(Place::Waste);
        }
        places
    }

    /// Every legal move, in a fixed order; none once the game is won.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_won() {
            return Vec::new();
        }
        let places = self.available();
        let mut moves = Vec::new();
        for (i, &a) in places.iter().enumerate() {
            let Some(card_a) = self.card_at(a) else {
                continue;
            };
            if self.goes_alone(card_a) {
                moves.push(Move::King(a));
            }
            for &b in &places[i + 1..] {
                if self
                    .card_at(b)
                    .is_some_and(|card_b| self.pair_up(card_a, card_b))
                {
                    moves.push(Move::Pair(a, b));
                }
            }
        }
        for under in self.overlapped() {
            for &over in &places {
                if self.overlap(under, over) && self.check(Move::Pair(under, over)).is_ok() {
                    moves.push(Move::Pair(under, over));
                }
            }
        }
        if !self.stock.is_empty() {
            moves.push(Move::Draw);
        }
        if self.check_recycle().is_ok() {
            moves.push(Move::Recycle);
        }
        moves
    }

    /// Checks that a card is available at a place, explaining why not.
    fn take(&self, place: Place) -> Result<Card, IllegalMove> {
        match place {
            Place::Pyramid(i) => {
                let i = i as usize;
                let card = self
                    .pyramid
                    .get(i)
                    .copied()
                    .flatten()
                    .ok_or(IllegalMove::Gone)?;
                let by: Vec<Card> = covering(i)
                    .into_iter()
                    .flatten()
                    .filter_map(|c| self.pyramid[c])
                    .collect();
                if by.is_empty() {
                    Ok(card)
                } else if self.is_unknown(card) || by.iter().any(|&c| self.is_unknown(c)) {
                    // Unknown cards are not named: their stand-ins mean nothing.
                    Err(IllegalMove::CoveredUnseen(place))
                } else {
                    Err(IllegalMove::Covered { card, by })
                }
            }
            Place::Stock => self.stock.last().copied().ok_or(IllegalMove::StockEmpty),
            Place::Waste => self.waste.last().copied().ok_or(IllegalMove::WasteEmpty),
        }
    }

    fn check_recycle(&self) -> Result<(), IllegalMove> {
        if !self.stock.is_empty() {
            Err(IllegalMove::StockNotEmpty)
        } else if self.waste.is_empty() {
            Err(IllegalMove::NothingToRecycle)
        } else if !self.rules.may_recycle(self.recycles) {
            Err(IllegalMove::NoPassesLeft(self.rules))
        } else {
            Ok(())
        }
    }

    /// Checks a move without making it.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_won() {
            return Err(IllegalMove::Won);
        }
        match mv {
            Move::Draw => self.take(Place::Stock).map(drop),
            Move::Recycle => self.check_recycle(),
            Move::King(place) => {
                let card = self.take(place)?;
                if self.goes_alone(card) {
                    Ok(())
                } else if self.is_unknown(card) {
                    Err(IllegalMove::Unseen(place))
                } else {
                    Err(IllegalMove::NotAKing(card))
                }
            }
            Move::Pair(a, b) => {
                if a == b {
                    return Err(IllegalMove::SameCard);
                }
                let (card_a, card_b) = if self.overlap(a, b) {
                    (self.card_in(a), self.card_in(b))
                } else {
                    (self.take(a)?, self.take(b)?)
                };
                let sum = card_a.value() + card_b.value();
                if self.pair_up(card_a, card_b) {
                    Ok(())
                } else if self.is_unknown(card_a) {
                    Err(IllegalMove::Unseen(a))
                } else if self.is_unknown(card_b) {
                    Err(IllegalMove::Unseen(b))
                } else {
                    Err(IllegalMove::NotThirteen(card_a, card_b, sum))
                }
            }
        }
    }

    /// Makes a move if it is legal; the position is unchanged otherwise.
    pub fn apply(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        match mv {
            Move::Draw => {
                let card = self.stock.pop().expect("checked: the stock is not empty");
                self.waste.push(card);
            }
            Move::Recycle => {
                self.stock = self.waste.drain(..).rev().collect();
                self.recycles += 1;
            }
            Move::King(place) => self.remove(place),
            Move::Pair(a, b) => {
                // Take the stock before the waste or vice versa: they are separate piles, so
                // the order does not matter; pyramid cards never cover each other here.
                self.remove(a);
                self.remove(b);
            }
        }
        Ok(())
    }

    fn remove(&mut self, place: Place) {
        let card = match place {
            Place::Pyramid(i) => self.pyramid[i as usize].take(),
            Place::Stock => self.stock.pop(),
            Place::Waste => self.waste.pop(),
        };
        self.removed.extend(card);
    }

    /// The Score challenge points earned by the cards removed so far.
    pub fn score(&self) -> u32 {
        // An unknown card gone counts as a King when wild (it may have gone alone: the most
        // this can be), and otherwise as any other card.
        let kings = self
            .removed
            .iter()
            .filter(|&&c| self.goes_alone(c) && (c.is_king() || self.is_unknown(c)))
            .count() as u32;
        let others = self.removed.len() as u32 - kings;
        let rows: u32 = (0..PYRAMID_ROWS)
            .filter(|&row| {
                let start = layout::row_start(row);
                self.pyramid[start..=start + row]
                    .iter()
                    .all(Option::is_none)
            })
            .map(|row| ROW_BONUS[row])
            .sum();
        REMOVAL_POINTS * (kings + others / 2) + rows
    }

    /// How many cards of a rank have been removed.
    pub fn removed_of_rank(&self, rank: Rank) -> usize {
        self.removed
            .iter()
            .filter(|&&c| {
                if self.is_unknown(c) {
                    self.wild
                } else {
                    c.rank() == rank
                }
            })
            .count()
    }

    /// Says a move in words a player can follow at the table, e.g.
    /// "Remove 6h (pyramid row 7) and 7c (stock)". Call before applying it.
    pub fn describe(&self, mv: Move) -> String {
        let name =
            |place: Place| format!("{} ({})", self.text(self.card_in(place)), place_name(place));
        match mv {
            Move::Draw => match self.stock.last() {
                Some(&card) => format!("Draw {}", self.text(card)),
                None => "Draw".to_string(),
            },
            Move::Recycle => "Recycle the waste".to_string(),
            Move::King(place) => format!("Remove {}", name(place)),
            Move::Pair(a, b) => format!("Remove {} and {}", name(a), name(b)),
        }
    }

    /// Plays legal `moves` from here, calling `each` with the position before each move, the
    /// move and the position after it; what it gives, in order. For describing a solution step
    /// by step.
    ///
    /// # Panics
    /// When a move is illegal: the moves must come from the solver or have been checked.
    pub fn walk<T>(
        &self,
        moves: &[Move],
        mut each: impl FnMut(&Position, Move, &Position) -> T,
    ) -> Vec<T> {
        let mut position = self.clone();
        moves
            .iter()
            .map(|&mv| {
                let before = position.clone();
                position.apply(mv).expect("the moves are legal");
                each(&before, mv, &position)
            })
            .collect()
    }

    /// The cards a move removes (empty for draws and recycles).
    pub fn cards_of(&self, mv: Move) -> Vec<Card> {
        match mv {
            Move::Draw | Move::Recycle => Vec::new(),
            Move::King(a) => vec![self.card_in(a)],
            Move::Pair(a, b) => vec![self.card_in(a), self.card_in(b)],
        }
    }

    /// The card at a place, covered or not: a pyramid slot's, or a pile's top card.
    pub fn card_on(&self, place: Place) -> Option<Card> {
        match place {
            Place::Pyramid(i) => self.pyramid.get(i as usize).copied().flatten(),
            Place::Stock => self.stock.last().copied(),
            Place::Waste => self.waste.last().copied(),
        }
    }

    /// A card's text: `??` when it is unknown.
    pub fn text(&self, card: Card) -> String {
        if self.is_unknown(card) {
            crate::cards::deal::UNKNOWN.to_string()
        } else {
            card.to_string()
        }
    }

    /// The card a checked move takes from a place.
    ///
    /// # Panics
    /// When the place holds no card.
    fn card_in(&self, place: Place) -> Card {
        self.card_on(place).expect("the move was checked")
    }
}

/// The indices of the set bits of a mask, lowest first.
fn bits_of(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// Names a place for people: "pyramid row 7", "stock", "waste".
pub fn place_name(place: Place) -> String {
    match place {
        Place::Pyramid(i) => slot_name(i as usize),
        Place::Stock => "stock".to_string(),
        Place::Waste => "waste".to_string(),
    }
}

impl fmt::Display for Position {
    /// A compact text picture, for tests and debugging.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..PYRAMID_ROWS {
            let start = layout::row_start(row);
            write!(f, "{}", " ".repeat((PYRAMID_ROWS - 1 - row) * 2))?;
            for slot in &self.pyramid[start..=start + row] {
                match slot {
                    Some(card) => write!(f, "{}  ", self.text(*card))?,
                    None => write!(f, "..  ")?,
                }
            }
            writeln!(f)?;
        }
        let show = |cards: &mut dyn Iterator<Item = Card>| -> String {
            cards.map(|c| self.text(c)).collect::<Vec<_>>().join(" ")
        };
        writeln!(
            f,
            "stock (top first): {}",
            show(&mut self.stock_top_first())
        )?;
        writeln!(
            f,
            "waste (top first): {}",
            show(&mut self.waste.iter().rev().copied())
        )?;
        write!(f, "pass {}", self.pass())
    }
}

crate::engine::referee::referee_by_own_methods!(Position, Move, IllegalMove);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::card::card;

    use crate::games::pyramid::Passes;
    use crate::games::pyramid::fixtures::winnable_deal as deal;

    #[test]
    fn a_new_game_has_the_bottom_row_and_the_stock_available() {
        let position = Position::new(&deal(), Rules::default());
        let places = position.available();
        assert_eq!(places.len(), 8);
        assert_eq!(position.card_at(Place::Stock), Some(card("Ah")));
        assert_eq!(position.card_at(Place::Waste), None);
        assert_eq!(position.card_at(Place::Pyramid(0)), None, "covered");
    }

    #[test]
    fn stock_and_waste_pair_exposes_the_cards_beneath() {
        // Stock top 7h, waste top 6h: one step removes both (RULES.md's example).
        let rest = deal();
        let mut pyramid = [None; PYRAMID_SIZE];
        pyramid[27] = Some(rest.cards()[27]);
        let position = Position::from_parts(
            Rules::default(),
            pyramid,
            &[card("7h"), card("2c")],
            &[card("3d"), card("6h")],
            0,
            vec![],
        );
        let mut after = position.clone();
        after.apply(Move::Pair(Place::Stock, Place::Waste)).unwrap();
        assert_eq!(after.card_at(Place::Stock), Some(card("2c")));
        assert_eq!(after.card_at(Place::Waste), Some(card("3d")));
        assert_eq!(after.removed(), &[card("7h"), card("6h")]);
    }

    #[test]
    fn illegal_moves_are_explained() {
        let position = Position::new(&deal(), Rules::default());
        let err = position.check(Move::King(Place::Pyramid(0))).unwrap_err();
        assert_eq!(err.to_string(), "4d is covered by 8h and 8s");
        let err = position
            .check(Move::Pair(Place::Pyramid(21), Place::Pyramid(22)))
            .unwrap_err();
        assert_eq!(err.to_string(), "Qc and Jh make 23, not 13");
        assert_eq!(
            position.check(Move::Recycle),
            Err(IllegalMove::StockNotEmpty)
        );
        assert_eq!(
            position.check(Move::Pair(Place::Waste, Place::Stock)),
            Err(IllegalMove::WasteEmpty)
        );
    }

    #[test]
    fn three_passes_then_no_recycle() {
        let mut position = Position::new(&deal(), Rules::default());
        for pass in 1..=3 {
            assert_eq!(position.pass(), pass);
            for _ in 0..24 {
                position.apply(Move::Draw).unwrap();
            }
            assert_eq!(position.stock_len(), 0);
            if pass < 3 {
                assert!(position.legal_moves().contains(&Move::Recycle));
                position.apply(Move::Recycle).unwrap();
                assert_eq!(
                    position.card_at(Place::Stock),
                    Some(card("Ah")),
                    "same order again"
                );
            }
        }
        assert!(!position.legal_moves().contains(&Move::Recycle));
        assert!(matches!(
            position.apply(Move::Recycle),
            Err(IllegalMove::NoPassesLeft(_))
        ));
    }

    #[test]
    fn unlimited_passes_count_on_past_what_a_byte_holds() {
        let rules = Rules {
            passes: Passes::Unlimited,
            ..Rules::default()
        };
        let mut position = Position::new(&deal(), rules);
        for _ in 0..300 {
            for _ in 0..24 {
                position.apply(Move::Draw).unwrap();
            }
            position.apply(Move::Recycle).unwrap();
        }
        assert_eq!(position.recycles_used(), 300);
        assert_eq!(position.pass(), 301);
    }

    #[test]
    fn score_counts_removals_and_cleared_rows() {
        let deal = Deal::parse(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/shortest-15-steps.txt"
        )))
        .unwrap();
        let mut position = Position::new(&deal, Rules::default());
        assert_eq!(position.score(), 0);
        // 4h and 9h lie side by side in row 7.
        position
            .apply(Move::Pair(Place::Pyramid(26), Place::Pyramid(27)))
            .unwrap();
        assert_eq!(position.score(), 5);
        assert_eq!(position.removed_of_rank(Rank::new(4).unwrap()), 1);
    }

    /// Only 6h at the apex and 7c on its left are left; 5d on the stock.
    fn apex_under_one_cover(rules: Rules) -> Position {
        let mut pyramid = [None; PYRAMID_SIZE];
        pyramid[0] = Some(card("6h"));
        pyramid[1] = Some(card("7c"));
        Position::from_parts(rules, pyramid, &[card("5d")], &[], 0, vec![])
    }

    #[test]
    fn relaxed_pairing_lets_a_card_go_with_its_last_cover() {
        let overlap = Move::Pair(Place::Pyramid(0), Place::Pyramid(1));
        let strict = apex_under_one_cover(Rules::default());
        assert_eq!(
            strict.check(overlap).unwrap_err().to_string(),
            "6h is covered by 7c"
        );
        assert!(strict.overlapped().is_empty());
        let relaxed = apex_under_one_cover(Rules {
            relaxed: true,
            ..Rules::default()
        });
        assert_eq!(relaxed.overlapped(), [Place::Pyramid(0)]);
        assert!(relaxed.legal_moves().contains(&overlap));
        assert_eq!(
            relaxed.describe(overlap),
            "Remove 6h (pyramid row 1) and 7c (pyramid row 2)"
        );
        let mut after = relaxed.clone();
        after.apply(overlap).unwrap();
        assert!(after.is_cleared());
        // Either order names the same pair.
        assert!(
            relaxed
                .check(Move::Pair(Place::Pyramid(1), Place::Pyramid(0)))
                .is_ok()
        );
        // With the other cover still there, 6h stays covered.
        let mut both = relaxed.pyramid;
        both[2] = Some(card("Kd"));
        let covered = Position::from_parts(relaxed.rules, both, &[], &[], 0, vec![]);
        assert!(covered.overlapped().is_empty());
        assert_eq!(
            covered.check(overlap).unwrap_err().to_string(),
            "6h is covered by 7c and Kd"
        );
    }

    /// The winnable deal with its apex, a bottom-row card and the stock's top card unknown.
    fn with_unknowns() -> (Deal, Position) {
        let deal = deal();
        let mut slots = deal.slots();
        for slot in [0, 21, 28] {
            slots[slot] = None;
        }
        let unknown = Deal::from_slots(&slots, &crate::games::pyramid::layout::LAYOUT).unwrap();
        let position = Position::new(&unknown, Rules::default());
        (unknown, position)
    }

    #[test]
    fn an_unknown_card_matches_nothing() {
        let (deal, position) = with_unknowns();
        let bottom = deal.cards()[21];
        let stock = deal.cards()[28];
        assert!(position.is_unknown(bottom) && position.is_unknown(stock));
        assert!(!position.is_unknown(deal.cards()[22]));
        for mv in position.legal_moves() {
            assert!(
                position
                    .cards_of(mv)
                    .iter()
                    .all(|&c| !position.is_unknown(c)),
                "{mv:?} takes an unknown card"
            );
        }
        assert_eq!(
            position.check(Move::King(Place::Stock)),
            Err(IllegalMove::Unseen(Place::Stock))
        );
        for other in [Place::Pyramid(22), Place::Pyramid(27)] {
            assert_eq!(
                position.check(Move::Pair(Place::Pyramid(21), other)),
                Err(IllegalMove::Unseen(Place::Pyramid(21)))
            );
        }
        assert_eq!(
            IllegalMove::Unseen(Place::Stock).to_string(),
            "the card at the stock is not known yet: type it in first"
        );
        assert_eq!(
            position.check(Move::King(Place::Pyramid(0))),
            Err(IllegalMove::CoveredUnseen(Place::Pyramid(0)))
        );
        // Still drawn like any card.
        assert!(position.legal_moves().contains(&Move::Draw));
        assert!(position.to_string().contains("??"));
    }

    #[test]
    fn a_wildcard_goes_alone_or_with_any_card() {
        let (_, position) = with_unknowns();
        let wild = position.clone().with_wildcards(true);
        let moves = wild.legal_moves();
        assert!(moves.contains(&Move::King(Place::Stock)));
        assert!(moves.contains(&Move::King(Place::Pyramid(21))));
        for other in [22, 23, 27] {
            assert!(moves.contains(&Move::Pair(Place::Pyramid(21), Place::Pyramid(other))));
        }
        assert!(moves.contains(&Move::Pair(Place::Pyramid(21), Place::Stock)));
        let mut after = wild.clone();
        after
            .apply(Move::Pair(Place::Pyramid(21), Place::Pyramid(22)))
            .unwrap();
        assert_eq!(after.score(), 5);
        let mut alone = wild;
        alone.apply(Move::King(Place::Pyramid(21))).unwrap();
        assert_eq!(
            alone.removed_of_rank(Rank::KING),
            1,
            "a wildcard counts as any rank"
        );
        assert_eq!(position.removed_of_rank(Rank::KING), 0);
    }

    #[test]
    fn an_unknown_card_is_seen_once_uncovered_or_drawn() {
        let (deal, position) = with_unknowns();
        assert_eq!(
            position.unknown_face_up(),
            Some((Place::Pyramid(21), deal.cards()[21]))
        );
        let revealed = deal
            .reveal(21, deal.cards()[21], &crate::games::pyramid::layout::LAYOUT)
            .unwrap();
        let mut played = Position::new(&revealed, Rules::default());
        assert_eq!(played.unknown_face_up(), None, "the stock is face down");
        assert_eq!(played.describe(Move::Draw), "Draw ??");
        played.apply(Move::Draw).unwrap();
        assert_eq!(
            played.unknown_face_up(),
            Some((Place::Waste, revealed.cards()[28]))
        );
        assert_eq!(
            played.describe(Move::Draw),
            format!("Draw {}", revealed.cards()[29])
        );
        assert!(played.has_unknown());
    }

    #[test]
    fn clearing_all_cards_needs_the_piles_empty_too() {
        let rules = Rules {
            finish: Finish::AllCards,
            ..Rules::default()
        };
        let mut pyramid = [None; PYRAMID_SIZE];
        pyramid[27] = Some(card("Kh"));
        let mut position = Position::from_parts(rules, pyramid, &[card("Ks")], &[], 0, vec![]);
        position.apply(Move::King(Place::Pyramid(27))).unwrap();
        assert!(position.is_cleared() && !position.is_won());
        position.apply(Move::King(Place::Stock)).unwrap();
        assert!(position.is_won());
        let board = Position::from_parts(
            Rules::default(),
            [None; PYRAMID_SIZE],
            &[card("Ks")],
            &[],
            0,
            vec![],
        );
        assert!(board.is_won(), "the Board challenge leaves the stock be");
    }
}

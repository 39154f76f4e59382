//! The pyramid's geometry: rows, which cards cover which, and the 1430 shapes a pyramid can
//! have as cards are removed.
//!
//! Cards are numbered in deal order, row by row from the top. A set of remaining cards is a
//! `u32` bit mask over those 28 numbers.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::cards::card::Card;
use crate::cards::card::DECK_SIZE;
use crate::cards::deal::{Deal, DeckProblems};
use crate::cards::layout::Layout;

/// Pyramid's layout, as the deal reader asks it.
pub static LAYOUT: Layout = Layout {
    name: "Pyramid",
    slot_name,
    drawn,
    takes_unknown: true,
};

// A deal read with no game named is Pyramid's, the first game: these are its readers.
impl Deal {
    /// Reads a Pyramid deal from text; see [`Deal::parse_as`].
    pub fn parse(text: &str) -> Result<Deal, DeckProblems> {
        Deal::parse_as(text, &LAYOUT)
    }

    /// Builds a Pyramid deal from 52 cards, checking them.
    pub fn from_cards(cards: &[Card]) -> Result<Deal, DeckProblems> {
        let slots: Vec<Option<Card>> = cards.iter().copied().map(Some).collect();
        Deal::from_slots(&slots, &LAYOUT)
    }
}

/// Cards in the pyramid, the first of the deal.
pub const PYRAMID_SIZE: usize = 28;
/// Cards in the stock, the last of the deal.
pub const STOCK_SIZE: usize = DECK_SIZE - PYRAMID_SIZE;
/// Rows in the pyramid.
pub const PYRAMID_ROWS: usize = 7;

/// All 28 pyramid cards present.
pub const FULL: u32 = (1 << PYRAMID_SIZE) - 1;

/// The row (0 at the top) of a pyramid card.
pub const fn row_of(index: usize) -> usize {
    let mut row = 0;
    while (row + 1) * (row + 2) / 2 <= index {
        row += 1;
    }
    row
}

/// The index of the first card of a row.
pub const fn row_start(row: usize) -> usize {
    row * (row + 1) / 2
}

/// Row and column (both from 0) of a pyramid card.
pub const fn row_col(index: usize) -> (usize, usize) {
    let row = row_of(index);
    (row, index - row_start(row))
}

/// The index of the card at a row and column.
pub const fn index_of(row: usize, col: usize) -> usize {
    row_start(row) + col
}

/// The two cards lying on this one (none for the bottom row).
pub fn covering(index: usize) -> Option<[usize; 2]> {
    let (row, col) = row_col(index);
    (row + 1 < PYRAMID_ROWS).then(|| [index_of(row + 1, col), index_of(row + 1, col + 1)])
}

/// Whether `index` is uncovered among the `remaining` cards (it need not be present itself).
pub fn is_uncovered(index: usize, remaining: u32) -> bool {
    covering(index).is_none_or(|[a, b]| remaining & (1 << a | 1 << b) == 0)
}

/// The uncovered cards of a set of remaining cards.
pub fn uncovered(remaining: u32) -> u32 {
    (0..PYRAMID_SIZE)
        .filter(|&i| remaining & (1 << i) != 0 && is_uncovered(i, remaining))
        .fold(0, |mask, i| mask | 1 << i)
}

/// Every card that covers `index`, directly or through others: all must go before it is free.
pub fn cone_below(index: usize) -> u32 {
    CONES_BELOW[index]
}

/// Every card that `index` covers, directly or through others.
pub fn cone_above(index: usize) -> u32 {
    CONES_ABOVE[index]
}

/// The two cards lying directly on a card, as a mask (none on the bottom row).
pub fn covers_of(index: usize) -> u32 {
    COVERS[index]
}

/// The cards a card lies on directly: those it is one of the two covers of.
pub fn lies_on(index: usize) -> u32 {
    LIES_ON[index]
}

/// [`covers_of`] of every card.
const COVERS: [u32; PYRAMID_SIZE] = {
    let mut covers = [0u32; PYRAMID_SIZE];
    let mut index = 0;
    while index < PYRAMID_SIZE {
        let (row, col) = row_col(index);
        if row + 1 < PYRAMID_ROWS {
            covers[index] = 1 << index_of(row + 1, col) | 1 << index_of(row + 1, col + 1);
        }
        index += 1;
    }
    covers
};

/// [`lies_on`] of every card.
const LIES_ON: [u32; PYRAMID_SIZE] = turned(COVERS);

/// A relation between cards turned round: entry `i` has bit `j` where entry `j` has bit `i`.
const fn turned(table: [u32; PYRAMID_SIZE]) -> [u32; PYRAMID_SIZE] {
    let mut turned = [0u32; PYRAMID_SIZE];
    let mut index = 0;
    while index < PYRAMID_SIZE {
        let mut other = 0;
        while other < PYRAMID_SIZE {
            if table[other] & 1 << index != 0 {
                turned[index] |= 1 << other;
            }
            other += 1;
        }
        index += 1;
    }
    turned
}

/// [`cone_below`] of every card, worked out from the bottom row up: a card's cone is the two
/// cards on it and their cones.
const CONES_BELOW: [u32; PYRAMID_SIZE] = {
    let mut cones = [0u32; PYRAMID_SIZE];
    let mut index = PYRAMID_SIZE;
    while index > 0 {
        index -= 1;
        let (row, col) = row_col(index);
        if row + 1 < PYRAMID_ROWS {
            let (a, b) = (index_of(row + 1, col), index_of(row + 1, col + 1));
            cones[index] = 1 << a | 1 << b | cones[a] | cones[b];
        }
    }
    cones
};

/// [`cone_above`] of every card: the cards in whose cone it lies.
const CONES_ABOVE: [u32; PYRAMID_SIZE] = turned(CONES_BELOW);

/// Whether two pyramid cards can ever be uncovered at the same time (neither covers the other).
pub fn can_meet(a: usize, b: usize) -> bool {
    a != b && cone_below(a) & (1 << b) == 0 && cone_below(b) & (1 << a) == 0
}

/// Whether one of two pyramid cards lies directly on the other.
pub fn touch(a: usize, b: usize) -> bool {
    let lies_on = |x: usize, y: usize| covering(x).is_some_and(|pair| pair.contains(&y));
    lies_on(a, b) || lies_on(b, a)
}

/// Whether two pyramid cards could ever be removed together: they can meet, or, with relaxed
/// pairing, one lies directly on the other.
pub fn can_pair(a: usize, b: usize, relaxed: bool) -> bool {
    can_meet(a, b) || relaxed && touch(a, b)
}

/// With relaxed pairing, the card `under` may go with `over` when `over` is its only
/// remaining cover and is uncovered itself; this says whether it may among `remaining`.
pub fn may_overlap(under: usize, over: usize, remaining: u32) -> bool {
    remaining & 1 << under != 0
        && covers_of(under) & remaining == 1 << over
        && is_uncovered(over, remaining)
}

/// Whether a set of remaining cards is a shape a game can reach: every card still present has
/// the cards it covers still present too.
pub fn is_shape(remaining: u32) -> bool {
    remaining & !FULL == 0
        && (0..PYRAMID_SIZE).all(|i| {
            remaining & (1 << i) != 0
                || covering(i).is_none_or(|[a, b]| remaining & (1 << a | 1 << b) == 0)
        })
}

/// The reachable pyramid shapes, numbered, with their uncovered cards and transitions.
#[derive(Debug)]
pub struct Shapes {
    /// Remaining cards of each shape. Shape 0 is the full pyramid.
    pub masks: Vec<u32>,
    /// Uncovered cards of each shape.
    pub uncovered: Vec<u32>,
    /// `after_removing[shape][card]`: the shape once that uncovered card is gone.
    pub after_removing: Vec<[u16; PYRAMID_SIZE]>,
    index: HashMap<u32, u16>,
    /// The number of the empty pyramid, asked for at every goal test.
    empty: u16,
}

impl Shapes {
    /// The shapes, computed once.
    pub fn get() -> &'static Shapes {
        static SHAPES: OnceLock<Shapes> = OnceLock::new();
        SHAPES.get_or_init(Shapes::build)
    }

    fn build() -> Shapes {
        let mut masks = vec![FULL];
        let mut index = HashMap::from([(FULL, 0u16)]);
        let mut next = 0;
        while next < masks.len() {
            let mask = masks[next];
            next += 1;
            let free = uncovered(mask);
            for i in 0..PYRAMID_SIZE {
                let after = mask & !(1 << i);
                if free & (1 << i) != 0 && !index.contains_key(&after) {
                    index.insert(after, masks.len() as u16);
                    masks.push(after);
                }
            }
        }
        let uncovered_masks: Vec<u32> = masks.iter().map(|&m| uncovered(m)).collect();
        let after_removing = masks
            .iter()
            .zip(&uncovered_masks)
            .map(|(&mask, &free)| {
                let mut row = [u16::MAX; PYRAMID_SIZE];
                for (i, slot) in row.iter_mut().enumerate() {
                    if free & (1 << i) != 0 {
                        *slot = index[&(mask & !(1 << i))];
                    }
                }
                row
            })
            .collect();
        Shapes {
            masks,
            uncovered: uncovered_masks,
            after_removing,
            empty: index[&0],
            index,
        }
    }

    /// The number of a shape, if the mask is one.
    pub fn index(&self, remaining: u32) -> Option<u16> {
        self.index.get(&remaining).copied()
    }

    /// The number of the empty pyramid.
    pub fn empty(&self) -> u16 {
        self.empty
    }
}

/// Names a slot of the deal for people: "pyramid row 3", "stock card 5 from the top",
/// "card 53".
pub fn slot_name(index: usize) -> String {
    if index < PYRAMID_SIZE {
        format!("pyramid row {}", row_of(index) + 1)
    } else if index < DECK_SIZE {
        format!("stock card {} from the top", index - PYRAMID_SIZE + 1)
    } else {
        format!("card {}, past the 52 of a deal", index + 1)
    }
}

/// Slots in the layout people type: the pyramid drawn row by row, a blank line, the stock line;
/// `..` stands for an empty slot and `??` for an unknown card.
pub fn drawn(slots: &[String; DECK_SIZE]) -> String {
    let mut out = String::new();
    for row in 0..PYRAMID_ROWS {
        let start = row_start(row);
        out.push_str(&" ".repeat((PYRAMID_ROWS - 1 - row) * 2));
        out.push_str(&slots[start..=start + row].join("  "));
        out.push('\n');
    }
    out.push('\n');
    out.push_str(&slots[PYRAMID_SIZE..].join(" "));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::deal::{DeckProblem, Slot, WINNABLE_40, validate_slots};
    use LAYOUT as PYRAMID;

    #[test]
    fn reads_the_drawn_layout_and_writes_it_back() {
        let deal = Deal::parse(WINNABLE_40).unwrap();
        assert_eq!(deal.cards()[0].to_string(), "4d");
        assert_eq!(deal.cards()[27].to_string(), "Qh");
        assert_eq!(deal.cards()[28].to_string(), "Ah");
        assert_eq!(Deal::parse(&deal.to_layout(&PYRAMID)).unwrap(), deal);
        assert_eq!(Deal::parse(&deal.to_line()).unwrap(), deal);
        assert_eq!(deal.to_layout(&PYRAMID), WINNABLE_40);
    }

    #[test]
    fn partial_deals_validate_live() {
        let deal = Deal::parse(WINNABLE_40).unwrap();
        let mut slots: Vec<Option<Card>> = vec![None; DECK_SIZE];
        assert_eq!(
            validate_slots(&slots, &PYRAMID).len(),
            1,
            "only the missing list"
        );
        slots[0] = Some(deal.cards()[0]);
        slots[5] = Some(deal.cards()[0]);
        let problems = validate_slots(&slots, &PYRAMID);
        assert!(matches!(
            problems[0],
            DeckProblem::Duplicate {
                first: Slot {
                    index: 0,
                    at: None,
                    ..
                },
                second: Slot { index: 5, .. },
                ..
            }
        ));
        let Some(DeckProblem::Missing { cards, .. }) = problems.last() else {
            panic!()
        };
        assert_eq!(cards.len(), 51);
        let full: Vec<Option<Card>> = deal.cards().iter().copied().map(Some).collect();
        assert!(validate_slots(&full, &PYRAMID).is_empty());
    }

    #[test]
    fn geometry() {
        assert_eq!(row_col(0), (0, 0));
        assert_eq!(row_col(5), (2, 2));
        assert_eq!(row_col(27), (6, 6));
        assert_eq!(covering(0), Some([1, 2]));
        assert_eq!(covering(4), Some([7, 8]));
        assert_eq!(covering(21), None);
        assert_eq!(cone_below(0).count_ones(), 27);
        assert_eq!(
            cone_above(27),
            1 << 20 | 1 << 14 | 1 << 9 | 1 << 5 | 1 << 2 | 1
        );
        assert!(can_meet(21, 27));
        assert!(!can_meet(0, 27));
        assert!(can_meet(1, 2));
        assert!(touch(0, 1) && touch(2, 0) && !touch(0, 3) && !touch(1, 2));
        assert_eq!(covers_of(4), 1 << 7 | 1 << 8);
        assert_eq!(lies_on(4), 1 << 1 | 1 << 2);
        assert_eq!(covers_of(21), 0);
        assert!(can_pair(0, 1, true) && !can_pair(0, 1, false));
        // 0 lies under 1 and 2: with 2 gone and 1 uncovered, 0 may go with 1.
        let remaining = FULL & !(1 << 2 | cone_below(2));
        assert!(!may_overlap(0, 1, remaining), "1 is still covered");
        let remaining = 1 << 0 | 1 << 1;
        assert!(may_overlap(0, 1, remaining));
        assert!(!may_overlap(0, 1, remaining | 1 << 2), "2 still covers 0");
    }

    #[test]
    fn there_are_1430_shapes() {
        let shapes = Shapes::get();
        assert_eq!(shapes.masks.len(), 1430);
        assert!(shapes.masks.iter().all(|&m| is_shape(m)));
        assert_eq!(shapes.masks[shapes.empty() as usize], 0);
        assert_eq!(shapes.uncovered[0], 0b111_1111 << 21);
        assert!(!is_shape(FULL & !1));
    }
}

//! A lower bound on the free-cell uses that clearing a position takes, class by class.
//!
//! The cards of values that pair (Aces and Queens, 2s and Jacks, ..., 6s and 7s: a class)
//! pair only among themselves. Take one class alone and forget every other card: a class
//! card is available when no card of its class lies on it in its line, and a pair or a card
//! to a free cell is played as in the game, the cells holding as many cards as they do. Any
//! line that clears the real position, its moves of other cards left out, clears the class
//! this way, with the uses of the class's cards; so the fewest uses that clear each class
//! alone, added up over the classes, is at most the fewest that clear the position. Each
//! class is at most 8 cards, so its fewest uses are found exactly, once per hand, for each
//! set of its cards still in their lines and in the cells: a small table.

use super::game::{CLASSES, Game, State};

/// A class that cannot be cleared: more uses than any budget.
pub const NEVER: u8 = 100;
/// A table entry not worked out yet.
const UNKNOWN: u8 = u8::MAX;

/// The class-by-class bound of a hand.
pub struct ClassBound {
    /// Cards a class may hold in the cells at once: the free cells.
    capacity: u32,
    /// Per class and card (by bit): its value, and the class's cards lying on it in its line.
    value: [[u8; 8]; CLASSES],
    above: [[u8; 8]; CLASSES],
    /// Per class, the fewest uses for each set of its cards in their lines and in the cells
    /// (at [`ClassBound::at`]).
    table: Vec<Vec<u8>>,
    /// The number of each set of at most two cards of a class (as bits), in the cells.
    cell_sets: [u8; 256],
}

/// Sets of at most two of a class's 8 cards: none, 8 of one, 28 of two.
const CELL_SETS: usize = 37;

impl ClassBound {
    pub fn new(game: &Game) -> ClassBound {
        let mut value = [[0; 8]; CLASSES];
        let mut above = [[0; 8]; CLASSES];
        for (class, cards) in game.class_cards().iter().enumerate() {
            let origins: Vec<(usize, usize)> =
                cards.iter().map(|&card| game.origin_of(card)).collect();
            for (bit, &card) in cards.iter().enumerate() {
                value[class][bit] = game.value_of(card);
                let (line, depth) = origins[bit];
                above[class][bit] = origins
                    .iter()
                    .enumerate()
                    .filter(|&(_, &(other_line, other_depth))| {
                        other_line == line && other_depth < depth
                    })
                    .fold(0, |bits, (other, _)| bits | 1 << other);
            }
        }
        let mut cell_sets = [u8::MAX; 256];
        let mut number = 0;
        for (set, slot) in cell_sets.iter_mut().enumerate() {
            if set.count_ones() <= 2 {
                *slot = number;
                number += 1;
            }
        }
        ClassBound {
            capacity: game.cell_count() as u32,
            value,
            above,
            table: vec![vec![UNKNOWN; 256 * CELL_SETS]; CLASSES],
            cell_sets,
        }
    }

    /// Where a class's table keeps the cards in their lines and in the cells.
    fn at(&self, lines: u8, cells: u8) -> usize {
        usize::from(lines) * CELL_SETS + usize::from(self.cell_sets[usize::from(cells)])
    }

    /// The fewest uses that clearing the state takes at least ([`NEVER`] or more when a class
    /// cannot be cleared).
    pub fn lower(&mut self, game: &Game, state: &State) -> u8 {
        let mut in_cells = [0u8; CLASSES];
        for &card in &state.cells[..game.cell_count()] {
            if let Some((class, bit)) = (card != super::game::EMPTY)
                .then(|| game.class_bit(card))
                .flatten()
            {
                in_cells[class] |= bit;
            }
        }
        (0..CLASSES).fold(0u8, |total, class| {
            let (lines, cells) = (state.in_lines[class], in_cells[class]);
            let known = self.table[class][self.at(lines, cells)];
            let fewest = if known == UNKNOWN {
                self.fewest(class, lines, cells)
            } else {
                known
            };
            total.saturating_add(fewest)
        })
    }

    /// The fewest uses that clear one class from its cards in their lines and in the cells.
    fn fewest(&mut self, class: usize, lines: u8, cells: u8) -> u8 {
        if lines | cells == 0 {
            return 0;
        }
        let at = self.at(lines, cells);
        if self.table[class][at] != UNKNOWN {
            return self.table[class][at];
        }
        let exposed = (0..8)
            .filter(|&bit| lines >> bit & 1 == 1 && lines & self.above[class][bit] == 0)
            .fold(0u8, |bits, bit| bits | 1 << bit);
        let available = exposed | cells;
        let values = self.value[class];
        let mut best = NEVER;
        for x in (0..8).filter(|&bit| available >> bit & 1 == 1) {
            for y in (x + 1..8).filter(|&bit| available >> bit & 1 == 1) {
                if values[x] + values[y] == 13 {
                    let gone = !(1u8 << x | 1 << y);
                    best = best.min(self.fewest(class, lines & gone, cells & gone));
                }
            }
            if exposed >> x & 1 == 1 && cells.count_ones() < self.capacity {
                let to_cell = self.fewest(class, lines & !(1 << x), cells | 1 << x);
                best = best.min(to_cell.saturating_add(1));
            }
        }
        let best = best.min(NEVER);
        self.table[class][at] = best;
        best
    }
}

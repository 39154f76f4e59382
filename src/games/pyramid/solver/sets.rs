//! The survey's memory: every set of cards gone it has met, with the earliest label it met it
//! at, each in one word of an open-addressing table; afterwards, what the search that follows
//! has worked out about each set, in the same word.
//!
//! The A* searches' [`super::store::Store`] keeps a node's state, cost and parent in arrays
//! found through a table of indices, so a lookup waits on memory twice: the slot, then the
//! state it names. The survey needs no parents, and its label and mark fit in the word beside
//! the set, so here the table holds the words themselves and a lookup waits once. So does
//! the search's question whether a set reaches its target: the answer sits beside the set.

use std::cell::Cell;

use super::context::State;
use super::reach::{key, label};

/// The word of an empty slot: no set of cards has every bit up.
const EMPTY: u64 = u64::MAX;
/// States use the low 43 bits; above them, the mark of a set expanded at its label.
const EXPANDED: u64 = 1 << 43;
const STATE_MASK: u64 = EXPANDED - 1;
/// Above the mark, a set's answer once worked out: it reaches the target, or falls short.
const REACHES: u64 = 1 << 44;
const FALLS_SHORT: u64 = 1 << 45;

/// What recording a set reached found.
pub enum Met {
    /// A set not met before.
    New,
    /// A set met before, now reached earlier: its label was lowered and its mark taken off.
    Sooner,
    /// A set already reached as early or earlier.
    Known,
}

/// Sets of cards gone with their earliest labels, a word each.
pub struct Sets {
    /// In cells, so that the answers can be noted while the search reads the table.
    slots: Vec<Cell<u64>>,
    len: usize,
    mask: usize,
    shift: u32,
}

impl Sets {
    /// An empty table.
    pub fn new() -> Sets {
        let capacity = 1 << 16;
        Sets {
            slots: vec![Cell::new(EMPTY); capacity],
            len: 0,
            mask: capacity - 1,
            shift: 64 - capacity.trailing_zeros(),
        }
    }

    /// Sets held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Bytes held, for the statistics.
    pub fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    fn home(&self, set: State) -> usize {
        // Fibonacci hashing: the high bits of the product mix every input bit.
        (set.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The slot of a set (a state with its label left out), if it is held.
    pub fn find(&self, set: State) -> Option<usize> {
        let mut slot = self.home(set);
        loop {
            let word = self.slots[slot].get();
            if word == EMPTY {
                return None;
            }
            if key(word & STATE_MASK) == set {
                return Some(slot);
            }
            slot = (slot + 1) & self.mask;
        }
    }

    /// The set in a slot, at its earliest label.
    pub fn state(&self, slot: usize) -> State {
        self.slots[slot].get() & STATE_MASK
    }

    /// Whether the set in a slot was expanded at its label.
    pub fn is_expanded(&self, slot: usize) -> bool {
        self.slots[slot].get() & EXPANDED != 0
    }

    /// Marks the set in a slot expanded at its label.
    pub fn mark_expanded(&mut self, slot: usize) {
        let cell = &self.slots[slot];
        cell.set(cell.get() | EXPANDED);
    }

    /// Whether the set in a slot reaches the target, once noted.
    pub fn reaches(&self, slot: usize) -> Option<bool> {
        let word = self.slots[slot].get();
        if word & REACHES != 0 {
            Some(true)
        } else if word & FALLS_SHORT != 0 {
            Some(false)
        } else {
            None
        }
    }

    /// Notes whether the set in a slot reaches the target.
    pub fn note_reaches(&self, slot: usize, reaches: bool) {
        let cell = &self.slots[slot];
        cell.set(cell.get() | if reaches { REACHES } else { FALLS_SHORT });
    }

    /// Forgets every answer noted, for a search towards another target.
    pub fn forget_answers(&mut self) {
        for cell in &self.slots {
            let word = cell.get();
            if word != EMPTY {
                cell.set(word & !(REACHES | FALLS_SHORT));
            }
        }
    }

    /// Records a set reached at a state's label, keeping each set's earliest, in one walk
    /// along the table.
    pub fn record(&mut self, state: State) -> Met {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let set = key(state);
        let mut slot = self.home(set);
        loop {
            let word = self.slots[slot].get();
            if word == EMPTY {
                self.slots[slot].set(state);
                self.len += 1;
                return Met::New;
            }
            if key(word & STATE_MASK) == set {
                if label(word & STATE_MASK) <= label(state) {
                    return Met::Known;
                }
                self.slots[slot].set(state);
                return Met::Sooner;
            }
            slot = (slot + 1) & self.mask;
        }
    }

    /// Reads the slots of these sets ahead of their lookups, so that the waits on memory of a
    /// node's children overlap rather than come one after another.
    pub fn warm(&self, keys: impl Iterator<Item = State>) {
        let mut seen = 0u64;
        for set in keys {
            seen ^= self.slots[self.home(set)].get();
        }
        std::hint::black_box(seen);
    }

    fn grow(&mut self) {
        let capacity = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![Cell::new(EMPTY); capacity]);
        self.mask = capacity - 1;
        self.shift = 64 - capacity.trailing_zeros();
        for word in old.into_iter().map(Cell::into_inner) {
            if word == EMPTY {
                continue;
            }
            let mut slot = self.home(key(word & STATE_MASK));
            while self.slots[slot].get() != EMPTY {
                slot = (slot + 1) & self.mask;
            }
            self.slots[slot].set(word);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pyramid::solver::reach::with_label;

    #[test]
    fn a_set_keeps_its_earliest_label_and_loses_its_mark_when_reached_sooner() {
        let mut sets = Sets::new();
        let set = 0x5_0000_0003;
        assert!(matches!(sets.record(with_label(set, 9)), Met::New));
        let slot = sets.find(set).expect("held");
        sets.mark_expanded(slot);
        assert!(matches!(sets.record(with_label(set, 12)), Met::Known));
        assert!(sets.is_expanded(slot));
        assert!(matches!(sets.record(with_label(set, 4)), Met::Sooner));
        assert!(!sets.is_expanded(slot));
        assert_eq!(label(sets.state(slot)), 4);
        assert_eq!(key(sets.state(slot)), set);
    }

    #[test]
    fn an_answer_sits_beside_its_set_until_forgotten() {
        let mut sets = Sets::new();
        let (one, two) = (0x5_0000_0003, 0x6_0000_0001);
        sets.record(with_label(one, 9));
        sets.record(with_label(two, 2));
        let (first, second) = (sets.find(one).expect("held"), sets.find(two).expect("held"));
        sets.mark_expanded(first);
        assert_eq!(sets.reaches(first), None);
        sets.note_reaches(first, true);
        sets.note_reaches(second, false);
        assert_eq!(sets.reaches(first), Some(true));
        assert_eq!(sets.reaches(second), Some(false));
        // The set, its label and its mark stay as they were.
        assert_eq!(sets.state(first), with_label(one, 9));
        assert!(sets.is_expanded(first));
        assert_eq!(sets.find(two), Some(second));
        sets.forget_answers();
        assert_eq!(sets.reaches(first), None);
        assert_eq!(sets.reaches(second), None);
        assert!(sets.is_expanded(first));
    }

    #[test]
    fn every_set_is_found_again_after_the_table_grows() {
        let mut sets = Sets::new();
        // 1400 shapes, each with 143 different sets of stock cards gone (of the first eight).
        let keys: Vec<State> = (0..200_000u64)
            .map(|i| ((i % 1400) << 32) | (i / 1400))
            .collect();
        for &set in &keys {
            assert!(matches!(sets.record(with_label(set, 3)), Met::New));
        }
        assert_eq!(sets.len(), keys.len());
        for &set in &keys {
            let slot = sets.find(set).expect("held");
            assert_eq!(sets.state(slot), with_label(set, 3));
        }
        assert!(sets.find((7 << 32) | 0xc8).is_none());
    }
}

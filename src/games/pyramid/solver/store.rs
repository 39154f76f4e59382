//! The search's memory: every state met, with its best known cost (the depth for A*, the pass
//! and stock position for the reachability proof) and the node it was reached from, in flat
//! arrays, found again through an open-addressing table of `u32` indices.
//! About 20 bytes per state, against several times that for a map of boxed nodes.

use super::context::{CYCLE_BITS, State};

const EMPTY: u32 = u32::MAX;

/// States use the low 43 bits of a `u64`; a byte a search keeps with each state (A*: its
/// bound) and the cost share the word above them, so that a lookup that finds a state, or a
/// search that takes it up again, reads one cache line.
const NOTE_SHIFT: u32 = 43;
const COST_SHIFT: u32 = 51;
const STATE_MASK: u64 = (1 << NOTE_SHIFT) - 1;
/// Costs go up to 8191: far beyond the longest line of any search (a few hundred steps).
const COST_MAX: u16 = (1 << (64 - COST_SHIFT)) - 1;

/// Nodes of the search and a hash index over their states.
pub struct Store {
    /// By node: the state, its note above [`NOTE_SHIFT`] and its cost above [`COST_SHIFT`].
    entries: Vec<u64>,
    pub parents: Vec<u32>,
    slots: Vec<u32>,
    mask: usize,
    shift: u32,
}

impl Store {
    /// An empty store.
    pub fn new() -> Store {
        let capacity = 1 << 16;
        Store {
            entries: Vec::new(),
            parents: Vec::new(),
            slots: vec![EMPTY; capacity],
            mask: capacity - 1,
            shift: 64 - capacity.trailing_zeros(),
        }
    }

    /// Nodes stored.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// A node's state.
    pub fn state(&self, node: u32) -> State {
        self.entries[node as usize] & STATE_MASK
    }

    /// A node's best known cost.
    pub fn cost(&self, node: u32) -> u16 {
        (self.entries[node as usize] >> COST_SHIFT) as u16
    }

    /// Lowers a node's cost.
    pub fn set_cost(&mut self, node: u32, cost: u16) {
        debug_assert!(cost <= COST_MAX, "a cost fits its bits");
        let entry = &mut self.entries[node as usize];
        *entry = *entry & !(u64::from(COST_MAX) << COST_SHIFT) | u64::from(cost) << COST_SHIFT;
    }

    /// The byte kept with a node (0 until set).
    pub fn note(&self, node: u32) -> u8 {
        (self.entries[node as usize] >> NOTE_SHIFT) as u8
    }

    /// Sets the byte kept with a node.
    pub fn set_note(&mut self, node: u32, note: u8) {
        let entry = &mut self.entries[node as usize];
        *entry = *entry & !(0xff << NOTE_SHIFT) | u64::from(note) << NOTE_SHIFT;
    }

    /// Bytes held, for the statistics.
    pub fn bytes(&self) -> usize {
        self.entries.capacity() * 8 + self.parents.capacity() * 4 + self.slots.len() * 4
    }

    fn home(&self, state: State) -> usize {
        // Fibonacci hashing: the high bits of the product mix every input bit. The recycle
        // count is left out so that a state's variants, which the dominance test looks up
        // together, share a cache line.
        let state = state & !CYCLE_BITS;
        (state.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The node holding a state, if any.
    pub fn find(&self, state: State) -> Option<u32> {
        let mut slot = self.home(state);
        loop {
            let node = self.slots[slot];
            if node == EMPTY {
                return None;
            }
            if self.entries[node as usize] & STATE_MASK == state {
                return Some(node);
            }
            slot = (slot + 1) & self.mask;
        }
    }

    /// Reads the table entries of these states ahead of their lookups. A lookup in a large
    /// table waits on memory twice (the slot, then the state it names); the lookups of a
    /// node's children one after another wait in turn, where these independent reads overlap,
    /// and the lookups then find them in cache.
    pub fn warm(&self, states: impl Iterator<Item = State> + Clone) {
        let mut seen = 0u64;
        for state in states.clone() {
            seen ^= u64::from(self.slots[self.home(state)]);
        }
        for state in states {
            let node = self.slots[self.home(state)];
            if node != EMPTY {
                seen ^= self.entries[node as usize];
            }
        }
        std::hint::black_box(seen);
    }

    /// Adds a state not yet stored and returns its node.
    pub fn insert(&mut self, state: State, parent: u32, cost: u16) -> u32 {
        debug_assert!(state <= STATE_MASK, "a state fits below the note");
        debug_assert!(cost <= COST_MAX, "a cost fits its bits");
        if (self.entries.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let node = self.entries.len() as u32;
        self.entries.push(state | u64::from(cost) << COST_SHIFT);
        self.parents.push(parent);
        self.place(state, node);
        node
    }

    fn place(&mut self, state: State, node: u32) {
        let mut slot = self.home(state);
        while self.slots[slot] != EMPTY {
            slot = (slot + 1) & self.mask;
        }
        self.slots[slot] = node;
    }

    fn grow(&mut self) {
        let capacity = self.slots.len() * 2;
        self.slots = vec![EMPTY; capacity];
        self.mask = capacity - 1;
        self.shift = 64 - capacity.trailing_zeros();
        for node in 0..self.entries.len() as u32 {
            self.place(self.state(node), node);
        }
    }
}

//! A state's key, and a set of keys. Piles with no face-down card left play alike wherever
//! they stand, so the key sorts them: states that differ only in their order share a key.
//! A key is a 64-bit hash; two states sharing one by chance would only make the search skip
//! a state, never give a wrong line (every line is replayed on the referee).

use super::game::{PILES, State};

/// The finaliser of `SplitMix64`: every bit of the input moves every bit of the output.
pub fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The key of a state with `piles` piles; never 0.
pub fn key(state: &State, piles: usize) -> u64 {
    let mut codes = [0u32; PILES];
    let mut free = [0u32; PILES];
    let mut frees = 0;
    for (at, pile) in state.piles[..piles].iter().enumerate() {
        if pile.down() == 0 {
            free[frees] = pile.0;
            frees += 1;
        } else {
            codes[at] = pile.0;
        }
    }
    free[..frees].sort_unstable();
    let mut hash = 0x2545_f491_4f6c_dd1d_u64;
    let mut add = |word: u64| hash = mix(hash ^ word);
    for pair in codes.chunks(2) {
        add(u64::from(pair[0]) | u64::from(*pair.get(1).unwrap_or(&0)) << 32);
    }
    for pair in free[..frees].chunks(2) {
        add(u64::from(pair[0]) | u64::from(*pair.get(1).unwrap_or(&0)) << 32 | 1 << 63);
    }
    add(u64::from(state.found[0])
        | u64::from(state.found[1]) << 16
        | u64::from(state.found[2]) << 32
        | u64::from(state.found[3]) << 48);
    for &word in &state.in_play {
        add(word);
    }
    add(u64::from(state.next) | u64::from(state.redeals) << 8);
    hash | 1
}

/// A set of keys: open addressing with linear probing, 0 marking an empty slot.
pub struct KeySet {
    slots: Vec<u64>,
    len: usize,
}

impl KeySet {
    pub fn new() -> KeySet {
        KeySet {
            slots: vec![0; 1 << 12],
            len: 0,
        }
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    pub fn contains(&self, key: u64) -> bool {
        let mask = self.slots.len() - 1;
        let mut at = key as usize & mask;
        loop {
            match self.slots[at] {
                0 => return false,
                slot if slot == key => return true,
                _ => at = (at + 1) & mask,
            }
        }
    }

    /// Adds a key; whether it was new.
    pub fn insert(&mut self, key: u64) -> bool {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut at = key as usize & mask;
        loop {
            match self.slots[at] {
                0 => {
                    self.slots[at] = key;
                    self.len += 1;
                    return true;
                }
                slot if slot == key => return false,
                _ => at = (at + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let wider = vec![0; 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, wider);
        self.len = 0;
        for key in old.into_iter().filter(|&key| key != 0) {
            self.insert(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_kept_once_through_growth() {
        let mut set = KeySet::new();
        for n in 1..50_000u64 {
            assert!(set.insert(mix(n) | 1));
        }
        for n in 1..50_000u64 {
            assert!(set.contains(mix(n) | 1));
            assert!(!set.insert(mix(n) | 1));
        }
        assert_eq!(set.len(), 49_999);
        assert!(!set.contains(2));
    }
}

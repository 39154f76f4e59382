//! The set of states the search has met: open addressing with linear probing over keys of
//! one, two or three words (the narrowest that holds the game's keys), zero marking an empty
//! slot (every key has a mark bit set). Keys are exact, so two states share a slot only when
//! they are the same picture: no hash collision can pass for a state already seen.

/// A packed state key.
pub trait Key: Copy + Eq + Default {
    /// The key from the packer's three words (the words past its width are zero).
    fn from_words(words: [u64; 3]) -> Self;
    /// A well-mixed hash.
    fn hash(self) -> u64;
}

/// The finaliser of `SplitMix64`: every bit of the input moves every bit of the output.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Key for u64 {
    fn from_words(words: [u64; 3]) -> Self {
        words[0]
    }
    fn hash(self) -> u64 {
        mix(self)
    }
}

impl Key for u128 {
    fn from_words(words: [u64; 3]) -> Self {
        u128::from(words[0]) | (u128::from(words[1]) << 64)
    }
    fn hash(self) -> u64 {
        mix(self as u64 ^ mix((self >> 64) as u64))
    }
}

impl Key for [u64; 3] {
    fn from_words(words: [u64; 3]) -> Self {
        words
    }
    fn hash(self) -> u64 {
        mix(self[0] ^ mix(self[1] ^ mix(self[2])))
    }
}

/// A set of keys.
pub struct Table<K> {
    slots: Vec<K>,
    len: usize,
}

impl<K: Key> Table<K> {
    /// An empty set with room to start.
    pub fn new() -> Table<K> {
        Table {
            slots: vec![K::default(); 1 << 12],
            len: 0,
        }
    }

    /// Keys held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Bytes the slots take.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<K>()
    }

    /// Reads the home slots of several keys about to be added, so that the memory reads
    /// overlap rather than wait on one another.
    pub fn touch(&self, keys: &[K]) {
        let mask = self.slots.len() - 1;
        for &key in keys {
            std::hint::black_box(self.slots[key.hash() as usize & mask]);
        }
    }

    /// Adds a key; false when it was there already.
    pub fn insert(&mut self, key: K) -> bool {
        // At most half full: short probes for keys not there, the common case.
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        if Self::place(&mut self.slots, key) {
            self.len += 1;
            true
        } else {
            false
        }
    }

    /// Puts a key in its slot, or finds it there.
    fn place(slots: &mut [K], key: K) -> bool {
        let mask = slots.len() - 1;
        let mut at = key.hash() as usize & mask;
        loop {
            let slot = &mut slots[at];
            if *slot == K::default() {
                *slot = key;
                return true;
            }
            if *slot == key {
                return false;
            }
            at = (at + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let wider = vec![K::default(); 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, wider);
        for key in old {
            if key != K::default() {
                Self::place(&mut self.slots, key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_kept_once_through_growth() {
        let mut table = Table::<u128>::new();
        for n in 1..20_000u128 {
            assert!(table.insert(n << 70 | n));
        }
        for n in 1..20_000u128 {
            assert!(!table.insert(n << 70 | n));
        }
        assert_eq!(table.len(), 19_999);
        assert!(table.bytes() >= 2 * 19_999 * 16);
        let mut wide = Table::<[u64; 3]>::new();
        assert!(wide.insert([0, 0, 1]));
        assert!(wide.insert([1, 0, 1]));
        assert!(!wide.insert([0, 0, 1]));
    }
}

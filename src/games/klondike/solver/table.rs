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
pub fn mix(mut x: u64) -> u64 {
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

/// The states met: per key, the set of waste counts met with it.
pub struct Table<K> {
    slots: Vec<(K, u64)>,
    keys: usize,
    states: usize,
}

impl<K: Key> Table<K> {
    /// An empty table with room to start.
    pub fn new() -> Table<K> {
        Table {
            slots: written(1 << 12),
            keys: 0,
            states: 0,
        }
    }

    /// States held (a key with each of its waste counts).
    pub fn len(&self) -> usize {
        self.states
    }

    /// Bytes the slots take.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<(K, u64)>()
    }

    /// Asks for the home slots of keys to be visited soon to be brought into the cache,
    /// without waiting for them.
    pub fn prefetch(&self, keys: &[(K, u32)]) {
        let mask = self.slots.len() - 1;
        for &(key, _) in keys {
            let slot = &self.slots[key.hash() as usize & mask];
            #[cfg(target_arch = "x86_64")]
            #[allow(unsafe_code)]
            // SAFETY: a prefetch reads nothing and cannot fault; SSE is part of x86-64.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    std::ptr::from_ref(slot).cast(),
                );
            }
            #[cfg(not(target_arch = "x86_64"))]
            std::hint::black_box(slot.0);
        }
    }

    /// Enters a state, its key and waste count, unless one of the waste counts in `reached`
    /// (those of states that reach it) was met with the key: `None` then. Gives the waste
    /// counts met with the key, this one included.
    pub fn visit(&mut self, key: K, waste: u32, reached: u64) -> Option<u64> {
        // At most five eighths full: short probes for keys not there, the common case.
        if 8 * (self.keys + 1) > 5 * self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut at = key.hash() as usize & mask;
        loop {
            let slot = &mut self.slots[at];
            if slot.0 == K::default() {
                *slot = (key, 1 << waste);
                self.keys += 1;
                self.states += 1;
                return Some(slot.1);
            }
            if slot.0 == key {
                if slot.1 & reached != 0 {
                    return None;
                }
                slot.1 |= 1 << waste;
                self.states += 1;
                return Some(slot.1);
            }
            at = (at + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let wider = written(2 * self.slots.len());
        let old = std::mem::replace(&mut self.slots, wider);
        let mask = self.slots.len() - 1;
        for entry in old {
            if entry.0 == K::default() {
                continue;
            }
            let mut at = entry.0.hash() as usize & mask;
            while self.slots[at].0 != K::default() {
                at = (at + 1) & mask;
            }
            self.slots[at] = entry;
        }
    }
}

/// `len` empty slots, written rather than left to the system's zeroed pages: a page that is
/// read before it is first written is mapped to a shared page of zeros and copied at the
/// first write, and when other threads of the process run (`stats` and `batch` jobs), each
/// such copy interrupts them all to flush their address translations. On a 10,000-deal run
/// that cost the largest search a quarter of its time.
///
/// A large table is backed by huge pages where the system has them ([`advise_huge_pages`]),
/// asked for before the first write, which is when the pages are made.
fn written<K: Key>(len: usize) -> Vec<(K, u64)> {
    let mut slots = Vec::with_capacity(len);
    advise_huge_pages(&slots);
    slots.resize(len, (K::default(), 0));
    slots
}

/// The size from which a table asks for huge pages: below it, the few translations fit the
/// processor's cache of them anyway, and a huge page would be cleared whole for a small table.
const HUGE_FROM: usize = 8 << 20;

/// Asks Linux to back a large vector's memory, not yet written, with huge pages (2 MiB on
/// x86-64, in place of 4 KiB). The table is read at random, a lookup a page, and far
/// outgrows what the processor's cache of address translations covers in small pages: each
/// lookup then first walks the page tables, a walk that costs the more in a virtual machine.
/// On the largest lost deal of the draw-3 run, this took a seventh of the solver's time. It
/// is advice: where the system has no huge pages to give (or the range is not aligned to its
/// pages), the call fails and nothing changes.
#[cfg(target_os = "linux")]
fn advise_huge_pages<T>(vector: &Vec<T>) {
    const PAGE: usize = 4096;
    let bytes = vector.capacity() * std::mem::size_of::<T>();
    if bytes < HUGE_FROM {
        return;
    }
    let start = vector.as_ptr() as usize;
    let (first, end) = (start.next_multiple_of(PAGE), (start + bytes) / PAGE * PAGE);
    if end > first {
        #[allow(unsafe_code)]
        // SAFETY: the range lies within the vector's own allocation; the advice changes how
        // its pages are backed, never what they hold, and a failure is ignored on purpose.
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
        }
    }
}

/// Elsewhere the pages stay as the system gives them.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages<T>(_vector: &Vec<T>) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_kept_once_through_growth() {
        let mut table = Table::<u128>::new();
        for n in 1..20_000u128 {
            assert!(table.visit(n << 70 | n, 0, 1).is_some());
        }
        for n in 1..20_000u128 {
            assert!(table.visit(n << 70 | n, 0, 1).is_none());
        }
        assert_eq!(table.len(), 19_999);
        assert!(table.bytes() >= 2 * 19_999 * 24);
        let mut wide = Table::<[u64; 3]>::new();
        assert!(wide.visit([0, 0, 1], 0, 1).is_some());
        assert!(wide.visit([1, 0, 1], 0, 1).is_some());
        assert!(wide.visit([0, 0, 1], 0, 1).is_none());
    }

    /// Past the size from which it asks for huge pages, the table keeps every key as before.
    #[test]
    fn a_table_on_huge_pages_keeps_its_keys() {
        let mut table = Table::<u64>::new();
        let count = 2 * HUGE_FROM / std::mem::size_of::<(u64, u64)>();
        for n in 1..=count as u64 {
            assert!(table.visit(n, 0, 1).is_some());
        }
        assert!(table.bytes() >= 2 * HUGE_FROM);
        for n in 1..=count as u64 {
            assert!(table.visit(n, 0, 1).is_none(), "key {n}");
        }
        assert!(table.visit(count as u64 + 1, 0, 1).is_some());
    }

    #[test]
    fn a_state_reached_from_one_met_is_not_visited() {
        let mut table = Table::<u64>::new();
        // Waste 4 met; waste 7 is reached from it by a draw of 3; waste 5 is not.
        assert!(table.visit(9, 4, 1 << 4).is_some());
        assert!(table.visit(9, 7, (1 << 7) | (1 << 4) | (1 << 1)).is_none());
        assert!(table.visit(9, 5, (1 << 5) | (1 << 2)).is_some());
        assert_eq!(table.len(), 2);
    }
}

//! The exhaustive search every TriPeaks solver runs: a breadth-first walk over packed states,
//! one layer per step.
//!
//! A state is the tableau cards left, the stock cards drawn, the waste top and (for the score)
//! the streak. Every move is one step and removes a tableau card or draws a stock card, so
//! steps = tableau cards removed + cards drawn: every line to a state takes the same number of
//! steps, and the states fall into layers by step with moves only from one layer to the next.
//! The walk builds each layer whole before anyone looks at it, so the best score kept for a
//! state is final when it is visited. The future of a state depends only on its key, so
//! keeping the best score per key (streak included) is exact.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use crate::card::DECK_SIZE;
use crate::search::{CHECK_EVERY, Observer, Stats};
use crate::tripeaks::layout::{FULL, STOCK_SIZE, STOCK_START, TABLEAU_SIZE, face_up};
use crate::tripeaks::position::{Move, Position, adjacent, play_points};

/// How unknown cards (`??`) are treated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unknowns {
    /// They match nothing, as in the referee: every line found replays whatever they are.
    MatchNothing,
    /// They match anything: what knowing them could give at best.
    Wildcards,
}

/// The deal seen from a position, in tables the walk reads.
pub struct Table {
    /// For each deal-order index on the waste, the tableau cards that may be played on it.
    onto: [u32; DECK_SIZE],
    /// Whether states carry the streak (the Score challenge) or not.
    streaks: bool,
    start: Entry,
}

/// A state with the best score found for it and where it came from.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub key: u64,
    pub score: u32,
    /// The index of the state it came from in the layer before.
    parent: u32,
}

const DRAWN_SHIFT: u32 = 28;
const WASTE_SHIFT: u32 = 33;
const STREAK_SHIFT: u32 = 39;

/// Packs a state.
fn pack(mask: u32, drawn: u64, waste: u64, streak: u64) -> u64 {
    u64::from(mask) | drawn << DRAWN_SHIFT | waste << WASTE_SHIFT | streak << STREAK_SHIFT
}

/// The tableau cards left in a state.
pub fn mask(key: u64) -> u32 {
    key as u32 & FULL
}

/// The stock cards drawn in a state.
pub fn drawn(key: u64) -> usize {
    ((key >> DRAWN_SHIFT) & 31) as usize
}

/// The waste top's deal-order index in a state.
fn waste(key: u64) -> usize {
    ((key >> WASTE_SHIFT) & 63) as usize
}

/// The streak in a state (0 when streaks are not carried).
fn streak(key: u64) -> u32 {
    ((key >> STREAK_SHIFT) & 31) as u32
}

impl Table {
    /// The tables for a search from `position`, with unknown cards treated as said, carrying
    /// the streak or not.
    pub fn new(position: &Position, unknowns: Unknowns, streaks: bool) -> Table {
        let fits = |waste: usize, card: usize| match (position.card(waste), position.card(card)) {
            (Some(a), Some(b)) => adjacent(a.rank(), b.rank()),
            _ => unknowns == Unknowns::Wildcards,
        };
        let onto = std::array::from_fn(|waste| {
            (0..TABLEAU_SIZE)
                .filter(|&card| fits(waste, card))
                .fold(0, |mask, card| mask | 1 << card)
        });
        let streak = if streaks {
            u64::from(position.streak())
        } else {
            0
        };
        Table {
            onto,
            streaks,
            start: Entry {
                key: pack(
                    position.remaining(),
                    position.drawn() as u64,
                    position.waste_slot() as u64,
                    streak,
                ),
                score: position.score(),
                parent: u32::MAX,
            },
        }
    }
}

/// A multiplicative hash for packed keys: their bits are already spread over the word.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type Index = HashMap<u64, u32, BuildHasherDefault<KeyHasher>>;

/// Where a visited state lies: its layer (its step count from the start) and its index there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    pub layer: usize,
    index: usize,
}

/// How a walk ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Walked {
    /// The visitor asked to stop at this state.
    Found(Found),
    /// Every reachable state was visited.
    Exhausted,
    /// The observer stopped the walk.
    Stopped,
}

impl Walked {
    /// The state found, `None` when every state was visited; `Err` when the observer stopped
    /// the walk.
    pub fn found(self) -> Result<Option<Found>, Stopped> {
        match self {
            Walked::Found(found) => Ok(Some(found)),
            Walked::Exhausted => Ok(None),
            Walked::Stopped => Err(Stopped),
        }
    }
}

/// The observer stopped a walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped;

/// The walk: every layer built so far.
pub struct Walk<'a> {
    table: &'a Table,
    layers: Vec<Vec<Entry>>,
    started: Instant,
}

impl<'a> Walk<'a> {
    /// A walk from the table's start.
    pub fn new(table: &'a Table) -> Walk<'a> {
        Walk {
            table,
            layers: vec![vec![table.start]],
            started: Instant::now(),
        }
    }

    /// Visits every state reachable from the start, layer by layer, each layer once it is
    /// complete, until `visit` returns true for one or every state has been visited, or the
    /// observer stops the walk.
    pub fn run(
        &mut self,
        observer: &mut dyn Observer,
        stats: &mut Stats,
        mut visit: impl FnMut(&Entry, Found) -> bool,
    ) -> Walked {
        let mut index = Index::default();
        let mut since_check = 0u64;
        loop {
            let layer = self.layers.len() - 1;
            for (i, entry) in self.layers[layer].iter().enumerate() {
                let found = Found { layer, index: i };
                if visit(entry, found) {
                    return Walked::Found(found);
                }
            }
            let mut next: Vec<Entry> = Vec::new();
            index.clear();
            for (i, entry) in self.layers[layer].iter().enumerate() {
                self.expand(entry, i as u32, &mut next, &mut index);
                since_check += 1;
                if since_check >= CHECK_EVERY {
                    since_check = 0;
                    stats.expanded += CHECK_EVERY;
                    self.figures(stats, next.capacity(), index.capacity());
                    observer.progress(stats);
                    if observer.should_stop() {
                        return Walked::Stopped;
                    }
                }
            }
            stats.generated += next.len() as u64;
            if next.is_empty() {
                stats.expanded += since_check;
                self.figures(stats, 0, index.capacity());
                return Walked::Exhausted;
            }
            next.shrink_to_fit();
            self.layers.push(next);
        }
    }

    /// Adds the children of a state to the next layer, keeping the best score of each.
    fn expand(&self, entry: &Entry, parent: u32, next: &mut Vec<Entry>, index: &mut Index) {
        let key = entry.key;
        let (mask, drawn, waste, streak) = (mask(key), drawn(key), waste(key), streak(key));
        let mut add = |child: u64, score: u32| match index.entry(child) {
            std::collections::hash_map::Entry::Occupied(slot) => {
                let kept = &mut next[*slot.get() as usize];
                if score > kept.score {
                    kept.score = score;
                    kept.parent = parent;
                }
            }
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(next.len() as u32);
                next.push(Entry {
                    key: child,
                    score,
                    parent,
                });
            }
        };
        let mut playable = face_up(mask) & self.table.onto[waste];
        if playable != 0 {
            let peaks_gone = 3 - (mask & 0b111).count_ones();
            let next_streak = if self.table.streaks {
                u64::from(streak + 1)
            } else {
                0
            };
            while playable != 0 {
                let card = playable.trailing_zeros();
                playable &= playable - 1;
                let score = entry.score + play_points(streak, peaks_gone, card < 3);
                let child = pack(
                    mask & !(1 << card),
                    drawn as u64,
                    u64::from(card),
                    next_streak,
                );
                add(child, score);
            }
        }
        if drawn < STOCK_SIZE {
            let child = pack(mask, drawn as u64 + 1, (STOCK_START + drawn) as u64, 0);
            add(child, entry.score);
        }
    }

    /// Brings the figures up to date, with the layer being built and its index.
    fn figures(&self, stats: &mut Stats, building: usize, index_slots: usize) {
        let kept: usize = self.layers.iter().map(Vec::capacity).sum();
        stats.stored = kept + building;
        stats.memory = (kept + building) * size_of::<Entry>() + index_slots * 16;
        stats.elapsed = self.started.elapsed();
    }

    /// The moves from the start to a visited state.
    pub fn moves_to(&self, found: Found) -> Vec<Move> {
        let mut moves = Vec::with_capacity(found.layer);
        let (mut layer, mut index) = (found.layer, found.index);
        while layer > 0 {
            let entry = self.layers[layer][index];
            let parent = self.layers[layer - 1][entry.parent as usize];
            let gone = mask(parent.key) & !mask(entry.key);
            moves.push(if gone == 0 {
                Move::Draw
            } else {
                Move::Play(gone.trailing_zeros() as u8)
            });
            layer -= 1;
            index = entry.parent as usize;
        }
        moves.reverse();
        moves
    }
}

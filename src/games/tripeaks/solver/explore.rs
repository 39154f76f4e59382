//! The exhaustive search every TriPeaks solver runs, as dynamic programming over dense tables.
//!
//! A state is the tableau cards left, the stock cards drawn, the waste top and (for the score)
//! the streak. Every move is one step and removes a tableau card or draws a stock card, so
//! steps = tableau cards removed + cards drawn: every line to a state takes the same number of
//! steps, and the state graph has no cycle. Only 22,932 sets of tableau cards can remain
//! ([`Masks`]), so a *cell* (tableau set, cards drawn) is an index into a table of 22,932 x 24,
//! and the cells are filled in an order where every cell comes after the cells leading to it:
//! sets with more cards first, then fewer cards drawn. Each cell *pulls* from the cells before
//! it (the set with one more card at the same draw, the same set one draw less).
//!
//! - [`Wastes`] keeps, per cell, the set of waste cards possible there (a bit per tableau card,
//!   one for the stock card): enough for the Board and Card challenges and the reveal plan.
//! - [`Scores`] keeps, per cell, the best score for each waste card and streak, dropping a
//!   (streak, score) that another of the same waste card beats on both: the future of a state
//!   depends only on its cell, waste and streak, and gains no less with a longer streak, so
//!   this is exact (two lines to the same cards with different streaks are kept apart).

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Instant;

use crate::cards::card::DECK_SIZE;
use crate::engine::search::{CHECK_EVERY, Observer, Stats};
use crate::games::tripeaks::layout::{FULL, STOCK_SIZE, STOCK_START, TABLEAU_SIZE, face_up};
use crate::games::tripeaks::position::{Move, Position, STREAK_POINTS, adjacent, play_points};

/// How unknown cards (`??`) are treated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unknowns {
    /// They match nothing, as in the referee: every line found replays whatever they are.
    MatchNothing,
    /// They match anything: what knowing them could give at best.
    Wildcards,
}

/// Cards drawn take 0..=23: the cells of a tableau set.
const DRAWS: usize = STOCK_SIZE + 1;

/// Every set of tableau cards that can remain, most cards first, with the sets one more card
/// leads from.
pub struct Masks {
    /// The sets, by falling card count.
    pub list: Vec<u32>,
    /// For each set, where its parents start in `parents` (one more entry at the end).
    parent_start: Vec<u32>,
    /// (card, parent set index): the parent set is this one with the card, face up there.
    parents: Vec<(u8, u32)>,
    index: HashMap<u32, u32>,
}

impl Masks {
    /// The table, built once.
    pub fn get() -> &'static Masks {
        static MASKS: OnceLock<Masks> = OnceLock::new();
        MASKS.get_or_init(Masks::build)
    }

    fn build() -> Masks {
        let mut seen = std::collections::HashSet::from([FULL]);
        let mut frontier = vec![FULL];
        while let Some(mask) = frontier.pop() {
            let mut up = face_up(mask);
            while up != 0 {
                let card = up.trailing_zeros();
                up &= up - 1;
                let child = mask & !(1 << card);
                if seen.insert(child) {
                    frontier.push(child);
                }
            }
        }
        let mut list: Vec<u32> = seen.into_iter().collect();
        list.sort_by_key(|&mask| (std::cmp::Reverse(mask.count_ones()), mask));
        let index: HashMap<u32, u32> = list
            .iter()
            .enumerate()
            .map(|(i, &mask)| (mask, i as u32))
            .collect();
        let mut lists: Vec<Vec<(u8, u32)>> = vec![Vec::new(); list.len()];
        for (i, &mask) in list.iter().enumerate() {
            let mut up = face_up(mask);
            while up != 0 {
                let card = up.trailing_zeros();
                up &= up - 1;
                lists[index[&(mask & !(1 << card))] as usize].push((card as u8, i as u32));
            }
        }
        let mut parent_start = vec![0];
        let mut parents = Vec::new();
        for each in lists {
            parents.extend(each);
            parent_start.push(parents.len() as u32);
        }
        Masks {
            list,
            parent_start,
            parents,
            index,
        }
    }

    /// The index of a set.
    fn index_of(&self, mask: u32) -> usize {
        self.index[&mask] as usize
    }

    /// The parents of a set: (card, parent index).
    fn parents_of(&self, index: usize) -> &[(u8, u32)] {
        &self.parents[self.parent_start[index] as usize..self.parent_start[index + 1] as usize]
    }
}

/// The deal seen from a position, in tables the search reads.
pub struct Table {
    /// For each deal-order index on the waste, the tableau cards that may be played on it.
    onto: [u32; DECK_SIZE],
    /// For each tableau card, the tableau cards it may be played on.
    under: [u32; TABLEAU_SIZE],
    /// The start: its set's index, cards drawn, waste, streak and score.
    start_index: usize,
    start_drawn: usize,
    start_waste: usize,
    start_streak: u8,
    start_score: u32,
    start_mask: u32,
}

impl Table {
    /// The tables for a search from `position`, with unknown cards treated as said.
    pub fn new(position: &Position, unknowns: Unknowns) -> Table {
        let fits = |waste: usize, card: usize| match (position.card(waste), position.card(card)) {
            (Some(a), Some(b)) => adjacent(a.rank(), b.rank()),
            _ => unknowns == Unknowns::Wildcards,
        };
        let cards_fitting = |waste: usize| {
            (0..TABLEAU_SIZE)
                .filter(|&card| fits(waste, card))
                .fold(0, |mask, card| mask | 1 << card)
        };
        Table {
            onto: std::array::from_fn(cards_fitting),
            under: std::array::from_fn(|card| {
                (0..TABLEAU_SIZE)
                    .filter(|&waste| fits(waste, card))
                    .fold(0, |mask, waste| mask | 1 << waste)
            }),
            start_index: Masks::get().index_of(position.remaining()),
            start_drawn: position.drawn(),
            start_waste: position.waste_slot(),
            start_streak: position.streak() as u8,
            start_score: position.score(),
            start_mask: position.remaining(),
        }
    }

    /// The steps from the start to a cell.
    pub fn steps(&self, mask: u32, drawn: usize) -> usize {
        (self.start_mask.count_ones() - mask.count_ones()) as usize + drawn - self.start_drawn
    }

    /// Whether a set can be reached from the start: the cards gone from the start stay gone.
    fn may_reach(&self, mask: u32) -> bool {
        mask & !self.start_mask == 0
    }
}

/// The observer stopped a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped;

/// Counts cells and calls the observer every [`CHECK_EVERY`] of them.
struct Watch<'a> {
    observer: &'a mut dyn Observer,
    stats: &'a mut Stats,
    started: Instant,
    since: u64,
}

impl Watch<'_> {
    fn tick(&mut self, stored: usize, memory: usize) -> Result<(), Stopped> {
        self.since += 1;
        if self.since < CHECK_EVERY {
            return Ok(());
        }
        self.finish(stored, memory);
        self.stats.elapsed = self.started.elapsed();
        self.observer.progress(self.stats);
        if self.observer.should_stop() {
            Err(Stopped)
        } else {
            Ok(())
        }
    }

    fn finish(&mut self, stored: usize, memory: usize) {
        self.stats.expanded += self.since;
        self.since = 0;
        self.stats.stored = self.stats.stored.max(stored);
        self.stats.memory = self.stats.memory.max(memory);
    }
}

/// A reached cell: its set's index and cards drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub index: usize,
    pub drawn: usize,
}

impl Cell {
    /// The tableau cards left.
    pub fn mask(self) -> u32 {
        Masks::get().list[self.index]
    }
}

/// The waste cards possible in every cell, as sets of cards drawn per (tableau set, waste):
/// all 24 numbers of cards drawn are handled at once, a bit each.
pub struct Wastes<'a> {
    table: &'a Table,
    /// Per tableau set, the draws at which the stock card (or card 28) is the waste top.
    stock: Vec<u32>,
    /// Per tableau set and each of its parents (the card just played), the draws at which that
    /// card is the waste top; laid out as [`Masks`]' parents.
    played: Vec<u32>,
    /// Per tableau set, the draws reached.
    any: Vec<u32>,
}

/// All the draws, as bits.
const ALL_DRAWS: u32 = (1 << DRAWS) - 1;

impl<'a> Wastes<'a> {
    /// Fills the table from the start; `Err` when the observer stopped it.
    pub fn build(
        table: &'a Table,
        observer: &mut dyn Observer,
        stats: &mut Stats,
    ) -> Result<Wastes<'a>, Stopped> {
        let masks = Masks::get();
        let mut stock = vec![0u32; masks.list.len()];
        let mut played = vec![0u32; masks.parents.len()];
        let mut any = vec![0u32; masks.list.len()];
        let memory = (stock.len() * 2 + played.len()) * 4;
        let mut watch = Watch {
            observer,
            stats,
            started: Instant::now(),
            since: 0,
        };
        // For each tableau card, the draws at which it plays on the stock card.
        let stock_fit: [u32; TABLEAU_SIZE] = std::array::from_fn(|card| {
            (0..DRAWS)
                .filter(|&drawn| table.onto[STOCK_START + drawn - 1] & (1 << card) != 0)
                .fold(0, |bits, drawn| bits | 1 << drawn)
        });
        let seed = 1u32 << table.start_drawn;
        for (index, &mask) in masks.list.iter().enumerate().skip(table.start_index) {
            if !table.may_reach(mask) {
                continue;
            }
            let slots = masks.parent_start[index] as usize..masks.parent_start[index + 1] as usize;
            let mut reached = 0;
            for slot in slots {
                let (card, parent) = masks.parents[slot];
                let parent = parent as usize;
                let mut draws = stock[parent] & stock_fit[card as usize];
                let under = table.under[card as usize];
                let from = masks.parent_start[parent] as usize;
                let to = masks.parent_start[parent + 1] as usize;
                for (&(before, _), &at) in masks.parents[from..to].iter().zip(&played[from..to]) {
                    if under & (1 << before) != 0 {
                        draws |= at;
                    }
                }
                if index == table.start_index && usize::from(card) == table.start_waste {
                    draws |= seed;
                }
                played[slot] = draws;
                reached |= draws;
            }
            let mut on_stock = 0;
            if index == table.start_index && table.start_waste >= TABLEAU_SIZE {
                on_stock |= seed;
                reached |= seed;
            }
            if reached != 0 {
                // A draw from any draw reached, and every draw after it.
                let lowest = reached & reached.wrapping_neg();
                on_stock |= !((lowest << 1) - 1) & ALL_DRAWS;
                watch.tick(stock.len(), memory)?;
            }
            stock[index] = on_stock;
            any[index] = reached | on_stock;
        }
        watch.finish(stock.len(), memory);
        Ok(Wastes {
            table,
            stock,
            played,
            any,
        })
    }

    /// Every reached tableau set with its draws reached (a bit per number of cards drawn).
    pub fn reached(&self) -> impl Iterator<Item = (usize, u32, u32)> + '_ {
        let masks = Masks::get();
        self.any
            .iter()
            .enumerate()
            .filter(|&(_, &draws)| draws != 0)
            .map(|(index, &draws)| (index, masks.list[index], draws))
    }

    /// The reached cell of a set with the fewest cards drawn from `at_least` on.
    pub fn first_cell(&self, index: usize, at_least: usize) -> Option<Cell> {
        let below = u32::try_from(at_least)
            .ok()
            .and_then(|shift| 1u32.checked_shl(shift))
            .map_or(u32::MAX, |bit| bit - 1);
        let draws = self.any[index] & !below;
        (draws != 0).then(|| Cell {
            index,
            drawn: draws.trailing_zeros() as usize,
        })
    }

    /// The moves from the start to a reached cell.
    pub fn moves_to(&self, cell: Cell) -> Vec<Move> {
        let masks = Masks::get();
        let table = self.table;
        let mut moves = Vec::new();
        let (mut index, mut drawn) = (cell.index, cell.drawn);
        let bit = |drawn: usize| 1u32 << drawn;
        // The waste the line stands on: the stock card, or a card just played (its parent
        // slot); at the end any waste of the cell will do.
        let mut waste: Option<Option<usize>> = None;
        loop {
            let slots = masks.parent_start[index] as usize..masks.parent_start[index + 1] as usize;
            let start = (index, drawn) == (table.start_index, table.start_drawn);
            let on_stock = self.stock[index] & bit(drawn) != 0;
            // Which waste here: the one asked for, or any.
            let here = match waste {
                Some(choice) => choice,
                None if on_stock => None,
                None => Some(
                    slots
                        .clone()
                        .find(|&slot| self.played[slot] & bit(drawn) != 0)
                        .expect("a reached cell has a waste"),
                ),
            };
            let is_start_waste = match here {
                None => table.start_waste >= TABLEAU_SIZE,
                Some(slot) => usize::from(masks.parents[slot].0) == table.start_waste,
            };
            if start && is_start_waste {
                break;
            }
            match here {
                None => {
                    moves.push(Move::Draw);
                    drawn -= 1;
                    waste = None;
                }
                Some(slot) => {
                    let (card, parent) = masks.parents[slot];
                    let parent = parent as usize;
                    let under = table.under[card as usize];
                    let from = masks.parent_start[parent] as usize;
                    let to = masks.parent_start[parent + 1] as usize;
                    let fits_stock = self.stock[parent] & bit(drawn) != 0
                        && table.onto[STOCK_START + drawn - 1] & (1 << card) != 0;
                    waste = Some(if fits_stock {
                        None
                    } else {
                        Some(
                            (from..to)
                                .find(|&before| {
                                    under & (1 << masks.parents[before].0) != 0
                                        && self.played[before] & bit(drawn) != 0
                                })
                                .expect("a played card came from a waste it fits"),
                        )
                    });
                    moves.push(Move::Play(card));
                    index = parent;
                }
            }
        }
        moves.reverse();
        moves
    }
}

/// A state of a cell with its best score: the waste card's deal-order index (a stock card, or
/// card 28, when the streak is 0) and the streak.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item {
    waste: u8,
    streak: u8,
    pub score: u32,
}

impl Item {
    /// The item of a waste card from its packed (streak, score).
    fn unpack(waste: u8, packed: u32) -> Item {
        Item {
            waste,
            streak: (packed >> STREAK_SHIFT) as u8,
            score: packed & SCORE_BITS,
        }
    }
}

/// Where the streak sits in a packed item, above the score: packed items fall by streak, then
/// by score, as numbers. A deal scores at most 84,900, well under the score's 24 bits.
const STREAK_SHIFT: u32 = 24;
const SCORE_BITS: u32 = (1 << STREAK_SHIFT) - 1;

fn pack(streak: u8, score: u32) -> u32 {
    u32::from(streak) << STREAK_SHIFT | score
}

/// A packed item after a play that earns `bonus` (100, and a peak top's bonus) and 200 for
/// each card of the streak: one more in the streak.
fn played(packed: u32, bonus: u32) -> u32 {
    let streak = packed >> STREAK_SHIFT;
    packed + (1 << STREAK_SHIFT) + bonus + STREAK_POINTS * streak
}

/// The best scores of every cell. A cell's items are kept in groups by waste card: the stock
/// card (one item: a draw ends the streak, so only the best score counts), and, for each parent
/// of the set, the card just played from it. A set is filled a group at a time, every cell of
/// the group at once: a play from a parent set reads only the groups of the parent whose waste
/// the card fits (about one in seven), each from its start to its end, in turn.
pub struct Scores<'a> {
    table: &'a Table,
    /// Per tableau card, the draws at which the stock card (or card 28) takes it.
    stock_fit: [u32; TABLEAU_SIZE],
    tables: Tables,
}

/// About the items of a deal's search: the vector grows to it once at most.
const ITEMS_EXPECTED: usize = 1 << 20;

/// The tables of a [`Scores`], kept for the next search on the same thread: a search touches
/// some megabytes, which the system would otherwise hand out afresh (a page fault a page) for
/// every deal.
#[derive(Default)]
struct Tables {
    /// Per set, the draws at which its cells have items.
    filled: Vec<u32>,
    /// Per set, the draws at which its cells have an item on the stock card (or card 28).
    on_stock: Vec<u32>,
    /// Per cell (set index x [`DRAWS`] + cards drawn), its packed item on the stock card.
    stock: Vec<u32>,
    /// Per cell, the best score of its items.
    best: Vec<u32>,
    /// Per parent slot of [`Masks`] (a set and the card just played), where its items start.
    group_start: Vec<u32>,
    /// Per parent slot x [`DRAWS`] + cards drawn, how many items the group has at that draw.
    counts: Vec<u8>,
    /// The packed items on played cards, group by group, then by cards drawn; at each draw the
    /// streak falls and the score rises.
    items: Vec<u32>,
}

thread_local! {
    static SPARE: RefCell<Option<Tables>> = const { RefCell::new(None) };
}

impl Tables {
    /// The tables left by the last search on this thread, or new ones, ready for a search: the
    /// sets' draws, read for any parent, zeroed; the rest is read only where this search wrote.
    fn take() -> Tables {
        let masks = Masks::get();
        let cells = masks.list.len() * DRAWS;
        let mut spare = SPARE
            .with(|spare| spare.borrow_mut().take())
            .unwrap_or_default();
        for draws in [&mut spare.filled, &mut spare.on_stock] {
            draws.clear();
            draws.resize(masks.list.len(), 0);
        }
        spare.stock.resize(cells, 0);
        spare.best.resize(cells, 0);
        spare.group_start.resize(masks.parents.len(), 0);
        spare.counts.resize(masks.parents.len() * DRAWS, 0);
        spare.items.clear();
        spare.items.reserve(ITEMS_EXPECTED);
        spare
    }
}

impl Drop for Scores<'_> {
    fn drop(&mut self) {
        let tables = std::mem::take(&mut self.tables);
        // At a thread's end the spare is gone already, and the tables are simply freed.
        let _ = SPARE.try_with(|kept| *kept.borrow_mut() = Some(tables));
    }
}

/// What a set's filling gathers on the way: per draw, the best score and whether items are
/// there, and the items stored.
struct Filling {
    best: [Option<u32>; DRAWS],
    filled: u32,
    stored: usize,
}

impl<'a> Scores<'a> {
    /// Fills the table from the start; `Err` when the observer stopped it.
    pub fn build(
        table: &'a Table,
        observer: &mut dyn Observer,
        stats: &mut Stats,
    ) -> Result<Scores<'a>, Stopped> {
        let masks = Masks::get();
        let mut scores = Scores {
            table,
            stock_fit: std::array::from_fn(|card| {
                (0..DRAWS)
                    .filter(|&drawn| table.onto[STOCK_START + drawn - 1] & (1 << card) != 0)
                    .fold(0, |bits, drawn| bits | 1 << drawn)
            }),
            tables: Tables::take(),
        };
        let mut watch = Watch {
            observer,
            stats,
            started: Instant::now(),
            since: 0,
        };
        let mut stored = 0;
        let mut sources = Vec::new();
        for (index, &mask) in masks.list.iter().enumerate() {
            let slots = masks.parent_start[index] as usize..masks.parent_start[index + 1] as usize;
            let from_parents = masks.parents[slots.clone()]
                .iter()
                .fold(0, |draws, &(_, parent)| {
                    draws | scores.tables.filled[parent as usize]
                });
            let seeded = index == table.start_index;
            if index < table.start_index || !table.may_reach(mask) || from_parents == 0 && !seeded {
                continue;
            }
            let mut filling = Filling {
                best: [None; DRAWS],
                filled: 0,
                stored: 0,
            };
            for slot in slots {
                scores.fill_group(index, slot, &mut filling, &mut sources);
            }
            scores.fill_stock(index, &mut filling);
            stored += filling.stored;
            scores.tables.filled[index] = filling.filled;
            for (drawn, best) in filling.best.iter().enumerate() {
                if let Some(best) = best {
                    scores.tables.best[index * DRAWS + drawn] = *best;
                }
            }
            for _ in 0..filling.filled.count_ones() {
                watch.tick(stored, scores.memory())?;
            }
        }
        watch.finish(stored, scores.memory());
        Ok(scores)
    }

    /// Fills the group of a parent slot of set `index` (the card just played from the parent)
    /// at every draw.
    fn fill_group(
        &mut self,
        index: usize,
        slot: usize,
        filling: &mut Filling,
        sources: &mut Vec<(usize, usize)>,
    ) {
        let masks = Masks::get();
        let table = self.table;
        let (card, parent) = masks.parents[slot];
        let parent = parent as usize;
        self.tables.group_start[slot] = self.tables.items.len() as u32;
        // The parent's groups on a waste the card fits: where each is read next, and its counts.
        let under = table.under[usize::from(card)];
        sources.clear();
        // A parent this search never filled (the start's, when it starts part-way) keeps an
        // earlier search's counts: it has no groups to read.
        let parent_groups = if self.tables.filled[parent] == 0 {
            0..0
        } else {
            masks.parent_start[parent] as usize..masks.parent_start[parent + 1] as usize
        };
        for from in parent_groups {
            if under & (1 << masks.parents[from].0) != 0 {
                sources.push((self.tables.group_start[from] as usize, from * DRAWS));
            }
        }
        let mut on_stock = self.tables.on_stock[parent] & self.stock_fit[usize::from(card)];
        if parent == table.start_index && table.start_waste >= TABLEAU_SIZE {
            let start_bit = 1 << table.start_drawn;
            on_stock &= !start_bit;
            if table.onto[table.start_waste] & (1 << card) != 0 {
                on_stock |= self.tables.on_stock[parent] & start_bit;
            }
        }
        let seed = if index == table.start_index && usize::from(card) == table.start_waste {
            1 << table.start_drawn
        } else {
            0
        };
        let peaks_gone = 3 - (masks.list[parent] & 0b111).count_ones();
        let bonus = play_points(0, peaks_gone, card < 3);
        // The tables come from an earlier search: the counts of a group are read at every draw.
        self.tables.counts[slot * DRAWS..slot * DRAWS + DRAWS].fill(0);
        let mut draws = self.tables.filled[parent] | seed;
        while draws != 0 {
            let drawn = draws.trailing_zeros() as usize;
            let bit = 1 << drawn;
            draws &= draws - 1;
            // The group's items at this draw are gathered at the end of `items` and cut down
            // there.
            let at_draw = self.tables.items.len();
            if seed & bit != 0 {
                self.tables
                    .items
                    .push(pack(table.start_streak, table.start_score));
            }
            if on_stock & bit != 0 {
                let item = played(self.tables.stock[parent * DRAWS + drawn], bonus);
                self.tables.items.push(item);
            }
            for (at, counts) in sources.iter_mut() {
                let count = usize::from(self.tables.counts[*counts + drawn]);
                for from in *at..*at + count {
                    let item = played(self.tables.items[from], bonus);
                    self.tables.items.push(item);
                }
                *at += count;
            }
            if self.tables.items.len() == at_draw {
                continue;
            }
            let kept = keep_best(&mut self.tables.items[at_draw..]);
            self.tables.items.truncate(at_draw + kept);
            let found = &self.tables.items[at_draw..];
            self.tables.counts[slot * DRAWS + drawn] = found.len() as u8;
            filling.stored += found.len();
            filling.filled |= bit;
            // The last of a group scores the most.
            let most = found[found.len() - 1] & SCORE_BITS;
            let best = &mut filling.best[drawn];
            *best = Some(best.map_or(most, |best| best.max(most)));
        }
    }

    /// Fills the items of set `index` on the stock card: the start's, and after each draw from
    /// a cell with items, the best score there.
    fn fill_stock(&mut self, index: usize, filling: &mut Filling) {
        let table = self.table;
        let mut on_stock = 0;
        let from = if index == table.start_index {
            if table.start_waste >= TABLEAU_SIZE {
                let drawn = table.start_drawn;
                self.tables.stock[index * DRAWS + drawn] =
                    pack(table.start_streak, table.start_score);
                on_stock |= 1 << drawn;
                let best = &mut filling.best[drawn];
                *best = Some(best.map_or(table.start_score, |best| best.max(table.start_score)));
            }
            table.start_drawn + 1
        } else {
            // A set after the start is reached with more cards drawn than at the start only.
            (filling.filled.trailing_zeros() as usize + 1).max(table.start_drawn + 1)
        };
        for drawn in from..DRAWS {
            if let Some(before) = filling.best[drawn - 1] {
                self.tables.stock[index * DRAWS + drawn] = pack(0, before);
                on_stock |= 1 << drawn;
                let best = &mut filling.best[drawn];
                *best = Some(best.map_or(before, |best| best.max(before)));
            }
        }
        self.tables.on_stock[index] = on_stock;
        filling.filled |= on_stock;
        filling.stored += on_stock.count_ones() as usize;
    }

    /// The bytes the tables hold.
    fn memory(&self) -> usize {
        (self.tables.filled.len() + self.tables.on_stock.len() + self.tables.group_start.len()) * 4
            + (self.tables.stock.len() + self.tables.best.len() + self.tables.items.capacity()) * 4
            + self.tables.counts.len()
    }

    /// The stock card on the waste of a cell with an item on it: card 28 before any draw.
    fn stock_waste(&self, index: usize, drawn: usize) -> usize {
        if (index, drawn) == (self.table.start_index, self.table.start_drawn) {
            self.table.start_waste
        } else {
            STOCK_START + drawn - 1
        }
    }

    /// The groups of a cell's items: each waste card with its packed items (streak falling,
    /// score rising), the stock card's first when it has one.
    fn groups(&self, cell: Cell) -> impl Iterator<Item = (u8, &[u32])> + '_ {
        let masks = Masks::get();
        let (index, drawn) = (cell.index, cell.drawn);
        let bit = 1u32 << drawn;
        let stock = (self.tables.on_stock[index] & bit != 0).then(|| {
            (
                self.stock_waste(index, drawn) as u8,
                std::slice::from_ref(&self.tables.stock[index * DRAWS + drawn]),
            )
        });
        let slots = masks.parent_start[index] as usize..masks.parent_start[index + 1] as usize;
        let played = slots
            .filter(move |_| self.tables.filled[index] & bit != 0)
            .map(move |slot| {
                let counts = &self.tables.counts[slot * DRAWS..slot * DRAWS + DRAWS];
                let at = self.tables.group_start[slot] as usize
                    + counts[..drawn]
                        .iter()
                        .map(|&n| usize::from(n))
                        .sum::<usize>();
                (
                    masks.parents[slot].0,
                    &self.tables.items[at..at + usize::from(counts[drawn])],
                )
            });
        stock.into_iter().chain(played)
    }

    /// Every cell with items, in the order filled (sets as listed, then cards drawn), with the
    /// best score of its items.
    pub fn cells(&self) -> impl Iterator<Item = (Cell, u32)> + '_ {
        self.tables
            .filled
            .iter()
            .enumerate()
            .filter(|&(_, &draws)| draws != 0)
            .flat_map(move |(index, &draws)| {
                (0..DRAWS)
                    .filter(move |&drawn| draws & 1 << drawn != 0)
                    .map(move |drawn| {
                        (
                            Cell { index, drawn },
                            self.tables.best[index * DRAWS + drawn],
                        )
                    })
            })
    }

    /// A cell's item that scores the most, the lowest waste card first among equals.
    pub fn best_of(&self, cell: Cell) -> Item {
        self.groups(cell)
            .filter_map(|(waste, group)| group.last().map(|&last| Item::unpack(waste, last)))
            .min_by_key(|item| (Reverse(item.score), item.waste))
            .expect("a cell with items")
    }

    /// A cell's item that scores at least `points`, on the lowest waste card, with the longest
    /// streak of those; `None` when none does.
    pub fn reaching(&self, cell: Cell, points: u32) -> Option<Item> {
        self.groups(cell)
            .filter_map(|(waste, group)| {
                let first = group.partition_point(|&item| item & SCORE_BITS < points);
                group.get(first).map(|&item| Item::unpack(waste, item))
            })
            .min_by_key(|item| item.waste)
    }

    /// The moves from the start to an item of a reached cell; where several items lead to it,
    /// the one on the lowest waste card.
    pub fn moves_to(&self, cell: Cell, item: Item) -> Vec<Move> {
        let masks = Masks::get();
        let table = self.table;
        let mut moves = Vec::new();
        let (mut index, mut drawn, mut item) = (cell.index, cell.drawn, item);
        while (index, drawn) != (table.start_index, table.start_drawn) {
            if item.waste as usize >= TABLEAU_SIZE {
                drawn -= 1;
                item = self
                    .items_where(Cell { index, drawn }, |before| before.score == item.score)
                    .expect("the draw came from the best item");
                moves.push(Move::Draw);
                continue;
            }
            let card = item.waste;
            let (_, parent) = *masks
                .parents_of(index)
                .iter()
                .find(|&&(c, _)| c == card)
                .expect("the card was played from a parent set");
            let peaks_gone = 3 - (masks.list[parent as usize] & 0b111).count_ones();
            let cell = Cell {
                index: parent as usize,
                drawn,
            };
            item = self
                .items_where(cell, |before| {
                    table.onto[before.waste as usize] & (1 << card) != 0
                        && before.streak + 1 == item.streak
                        && before.score
                            + play_points(u32::from(before.streak), peaks_gone, card < 3)
                            == item.score
                })
                .expect("the item came from one of its parent set");
            moves.push(Move::Play(card));
            index = parent as usize;
        }
        moves.reverse();
        moves
    }

    /// The item of a cell that meets `test`, the lowest waste card first, then the longest
    /// streak.
    fn items_where(&self, cell: Cell, test: impl Fn(&Item) -> bool) -> Option<Item> {
        self.groups(cell)
            .filter_map(|(waste, group)| {
                group
                    .iter()
                    .map(|&item| Item::unpack(waste, item))
                    .find(|item| test(item))
            })
            .min_by_key(|item| item.waste)
    }
}

/// Moves to the front of one waste card's packed items those that no other beats on both
/// streak and score, the longest streak first, each score above the one before, and says how
/// many.
fn keep_best(found: &mut [u32]) -> usize {
    if found.len() < 2 {
        return found.len();
    }
    found.sort_unstable_by(|a, b| b.cmp(a));
    let mut kept = 1;
    let mut best = found[0] & SCORE_BITS;
    for i in 1..found.len() {
        let item = found[i];
        let score = item & SCORE_BITS;
        if score > best {
            best = score;
            found[kept] = item;
            kept += 1;
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tableau_sets_are_the_22932_of_the_rules_most_cards_first() {
        let masks = Masks::get();
        assert_eq!(masks.list.len(), 22_932);
        assert_eq!(masks.list[0], FULL);
        assert_eq!(*masks.list.last().expect("sets"), 0);
        assert!(
            masks
                .list
                .windows(2)
                .all(|pair| pair[0].count_ones() >= pair[1].count_ones())
        );
        // Every parent comes before its child and is the child with a face-up card more.
        for (index, &mask) in masks.list.iter().enumerate() {
            for &(card, parent) in masks.parents_of(index) {
                assert!((parent as usize) < index);
                assert_eq!(masks.list[parent as usize], mask | 1 << card);
                assert!(face_up(mask | 1 << card) & (1 << card) != 0);
            }
        }
    }

    #[test]
    fn only_the_best_streak_and_score_pairs_are_kept() {
        let mut found = vec![
            pack(1, 500),
            pack(2, 400),
            pack(1, 300),
            pack(0, 400),
            pack(0, 600),
            pack(2, 400),
        ];
        let kept = keep_best(&mut found);
        assert_eq!(found[..kept], [pack(2, 400), pack(1, 500), pack(0, 600)]);
    }

    #[test]
    fn a_play_adds_its_points_and_one_to_the_streak() {
        let after = played(pack(3, 1200), play_points(0, 1, true));
        let expected = 1200 + play_points(3, 1, true);
        assert_eq!(Item::unpack(7, after), Item::unpack(7, pack(4, expected)));
        assert_eq!(Item::unpack(7, after).score, expected);
    }
}

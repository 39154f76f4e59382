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

use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Instant;

use crate::cards::card::DECK_SIZE;
use crate::engine::search::{CHECK_EVERY, Observer, Stats};
use crate::games::tripeaks::layout::{FULL, STOCK_SIZE, STOCK_START, TABLEAU_SIZE, face_up};
use crate::games::tripeaks::position::{Move, Position, adjacent, play_points};

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

/// The best scores of every cell.
pub struct Scores<'a> {
    table: &'a Table,
    /// Where each cell's items start in `items` (one more entry at the end).
    starts: Vec<u32>,
    items: Vec<Item>,
}

impl<'a> Scores<'a> {
    /// Fills the table from the start; `Err` when the observer stopped it.
    pub fn build(
        table: &'a Table,
        observer: &mut dyn Observer,
        stats: &mut Stats,
    ) -> Result<Scores<'a>, Stopped> {
        let masks = Masks::get();
        let cells = masks.list.len() * DRAWS;
        let mut starts = Vec::with_capacity(cells + 1);
        starts.push(0u32);
        let mut items: Vec<Item> = Vec::new();
        let mut watch = Watch {
            observer,
            stats,
            started: Instant::now(),
            since: 0,
        };
        let seed = Item {
            waste: table.start_waste as u8,
            streak: table.start_streak,
            score: table.start_score,
        };
        // Per set, the draws at which it has items (a bit each): a cell is passed over, and a
        // parent's cell without items too, without reading where their items lie, which would
        // mostly miss the cache. Half the cells have no item, and most parents' cells none.
        let mut filled = vec![0u32; masks.list.len()];
        let mut found: Vec<Item> = Vec::new();
        for (index, &mask) in masks.list.iter().enumerate() {
            let parents = masks.parents_of(index);
            let from_parents = parents
                .iter()
                .fold(0, |draws, &(_, parent)| draws | filled[parent as usize]);
            let seeded = if index == table.start_index {
                1 << table.start_drawn
            } else {
                0
            };
            let unreached =
                index < table.start_index || !table.may_reach(mask) || from_parents | seeded == 0;
            if unreached {
                starts.extend(std::iter::repeat_n(items.len() as u32, DRAWS));
                continue;
            }
            // Below the first draw reached from a parent or the start, no cell has an item.
            let first = (from_parents | seeded).trailing_zeros() as usize;
            // The best score of the cell one draw before, which a draw carries over.
            let mut best_before = None;
            for drawn in 0..DRAWS {
                found.clear();
                if drawn < first {
                    starts.push(items.len() as u32);
                    continue;
                }
                if (index, drawn) == (table.start_index, table.start_drawn) {
                    found.push(seed);
                }
                if drawn > table.start_drawn
                    && let Some(best) = best_before
                {
                    found.push(Item {
                        waste: (STOCK_START + drawn - 1) as u8,
                        streak: 0,
                        score: best,
                    });
                }
                for &(card, parent) in parents {
                    if filled[parent as usize] & 1 << drawn == 0 {
                        continue;
                    }
                    let id = parent as usize * DRAWS + drawn;
                    let peaks_gone = 3 - (masks.list[parent as usize] & 0b111).count_ones();
                    for item in &items[starts[id] as usize..starts[id + 1] as usize] {
                        if table.onto[item.waste as usize] & (1 << card) != 0 {
                            found.push(Item {
                                waste: card,
                                streak: item.streak + 1,
                                score: item.score
                                    + play_points(u32::from(item.streak), peaks_gone, card < 3),
                            });
                        }
                    }
                }
                if !found.is_empty() {
                    keep_best(&mut found);
                    items.extend_from_slice(&found);
                    best_before = found.iter().map(|item| item.score).max();
                    filled[index] |= 1 << drawn;
                    watch.tick(items.len(), items.capacity() * 8 + starts.capacity() * 4)?;
                }
                starts.push(items.len() as u32);
            }
        }
        watch.finish(items.len(), items.capacity() * 8 + starts.capacity() * 4);
        Ok(Scores {
            table,
            starts,
            items,
        })
    }

    /// Every cell of a reached set with its items, in the order filled.
    pub fn cells(&self) -> impl Iterator<Item = (Cell, &[Item])> + '_ {
        (0..Masks::get().list.len())
            .filter(|&index| self.starts[index * DRAWS] != self.starts[index * DRAWS + DRAWS])
            .flat_map(move |index| {
                (0..DRAWS).map(move |drawn| (Cell { index, drawn }, self.items_of(index, drawn)))
            })
    }

    fn items_of(&self, index: usize, drawn: usize) -> &[Item] {
        let id = index * DRAWS + drawn;
        &self.items[self.starts[id] as usize..self.starts[id + 1] as usize]
    }

    /// The moves from the start to an item of a reached cell.
    pub fn moves_to(&self, cell: Cell, item: Item) -> Vec<Move> {
        let masks = Masks::get();
        let table = self.table;
        let mut moves = Vec::new();
        let (mut index, mut drawn, mut item) = (cell.index, cell.drawn, item);
        while (index, drawn) != (table.start_index, table.start_drawn) {
            if item.waste as usize >= TABLEAU_SIZE {
                drawn -= 1;
                item = *self
                    .items_of(index, drawn)
                    .iter()
                    .find(|before| before.score == item.score)
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
            item = *self
                .items_of(parent as usize, drawn)
                .iter()
                .find(|before| {
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
}

/// Keeps, for each waste card, the (streak, score) pairs that no other beats on both.
fn keep_best(found: &mut Vec<Item>) {
    if found.len() < 2 {
        return;
    }
    // By waste card, then the longest streak and the best score first, in one number: one
    // comparison of numbers instead of three of fields.
    found.sort_unstable_by_key(|item| {
        u64::from(item.waste) << 40
            | u64::from(u8::MAX - item.streak) << 32
            | u64::from(u32::MAX - item.score)
    });
    let mut kept = 0;
    let mut waste = u8::MAX;
    let mut best = 0;
    for i in 0..found.len() {
        let item = found[i];
        if item.waste != waste || item.score > best {
            if item.waste != waste {
                waste = item.waste;
            }
            best = item.score;
            found[kept] = item;
            kept += 1;
        }
    }
    found.truncate(kept);
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
    fn only_the_best_streak_and_score_pairs_are_kept_per_waste() {
        let item = |waste, streak, score| Item {
            waste,
            streak,
            score,
        };
        let mut found = vec![
            item(3, 1, 500),
            item(3, 2, 400),
            item(3, 1, 300),
            item(3, 0, 400),
            item(5, 0, 100),
            item(3, 2, 400),
        ];
        keep_best(&mut found);
        assert_eq!(
            found,
            vec![item(3, 2, 400), item(3, 1, 500), item(5, 0, 100)]
        );
    }
}

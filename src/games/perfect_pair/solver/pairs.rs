//! The most pairs a position that cannot be cleared can still make: a bound of the best-hand
//! search (a hand earns by its pairs), found by a search of its own.
//!
//! Pairs do not depend on the run or the hearts, so this search keeps positions by their
//! depths, cells and uses left only, and removes every available King at once (a King is no
//! card of a pair, and the card under it only adds moves). It is a branch and bound like the
//! best-hand search, on one figure, bounded by the pairs the cards in play could make.

use super::game::Step;
use super::{Found, Key, Stopped, Table, Walk};

/// A table entry's mark: the value is an upper bound, not exact.
const UPPER: u8 = 0x80;

/// The most pairs of positions, as far as searched.
pub struct MostPairs<K> {
    table: Table<K, u8>,
    /// Per depth, the steps being tried (reused).
    steps: Vec<Vec<Step>>,
}

impl<K: Key> MostPairs<K> {
    pub fn new() -> MostPairs<K> {
        MostPairs {
            table: Table::default(),
            steps: Vec::new(),
        }
    }

    /// Positions held, and the bytes of the table.
    pub fn held(&self) -> (usize, usize) {
        (
            self.table.len(),
            self.table.capacity() * (std::mem::size_of::<(K, u8)>() + 1),
        )
    }

    /// The most pairs the walk's state can still make if more than `need`, exact (`true`);
    /// otherwise an upper bound on them, at most `need` (`false`). `held` is what the
    /// caller's own tables hold, for the figures.
    pub fn most(
        &mut self,
        walk: &mut Walk<'_>,
        need: i32,
        held: (usize, usize),
    ) -> Result<(u8, bool), Stopped> {
        self.visit(walk, need, 0, held)
    }

    fn visit(
        &mut self,
        walk: &mut Walk<'_>,
        need: i32,
        depth: usize,
        held: (usize, usize),
    ) -> Result<(u8, bool), Stopped> {
        let game = walk.game;
        if let Some(king) = walk.forced_king(true) {
            let undo = game.play(&mut walk.state, king);
            let found = self.visit(walk, need, depth + 1, held);
            game.undo(&mut walk.state, king, undo);
            return found;
        }
        let most = walk.state.pairs_left().0 as u8;
        let key = K::of(game.play_key(&walk.state));
        if let Some(&entry) = self.table.get(&key) {
            let value = entry & !UPPER;
            if entry & UPPER == 0 || i32::from(value) <= need {
                return Ok((value, entry & UPPER == 0));
            }
        }
        if i32::from(most) <= need {
            return Ok((most, false));
        }
        let (stored, bytes) = self.held();
        walk.tick(stored + held.0, bytes + held.1)?;
        if self.steps.len() <= depth {
            self.steps.resize_with(depth + 1, Vec::new);
        }
        let mut steps = std::mem::take(&mut self.steps[depth]);
        game.steps(&walk.state, &mut walk.slots, &mut steps);
        walk.stats.generated += steps.len() as u64;
        let mut found = Found::new(0u8, 0u8);
        for &step in &steps {
            if found.best == most {
                break;
            }
            let gain = u8::from(matches!(step, Step::Pair { .. }));
            let floor = need.max(i32::from(found.best));
            let undo = game.play(&mut walk.state, step);
            let child = self.visit(walk, floor - i32::from(gain), depth + 1, held);
            game.undo(&mut walk.state, step, undo);
            if !found.take(gain, child) {
                break;
            }
        }
        self.steps[depth] = steps;
        let (value, exact) = found.value(most, need)?;
        self.table
            .insert(key, if exact { value } else { value | UPPER });
        Ok((value, exact))
    }
}

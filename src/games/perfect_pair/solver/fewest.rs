//! The fewest free-cell uses that clear a position: the clearing search, and a bound of the
//! best-hand search (a hand won pays for the uses left over, so a position that needs `k`
//! more uses to clear can be paid for at most its uses left less `k`).
//!
//! "Can the position be cleared with at most `b` uses?" is a depth-first search that stops
//! at the first clearing line. Every available King is removed at once: the card under it
//! only adds moves. The table keeps per depths and cells (the uses left aside: the budget
//! stands for them) the fewest uses known to be needed, raised each time a budget fails, and
//! marked exact when a budget that low succeeds. The fewest uses are then found by trying
//! budgets 0, 1, 2, ...: each failure is kept, so each try starts where the last left off.
//! A position that the class-by-class bound ([`ClassBound`]) says needs more uses than the
//! budget fails at once. A position whose cards do not pair off (a value not as often as its partner) never
//! clears, and neither does any position after it: pairs and Kings keep the balance.

use super::classes::ClassBound;
use super::game::{Game, Step};
use super::{Key, Stopped, Table, Walk};

/// Marks a table entry as the exact fewest uses, not a lower bound.
const EXACT: u8 = 0x80;

/// The fewest uses that clear positions, as far as searched.
pub struct FewestUses<K> {
    table: Table<K, u8>,
    classes: ClassBound,
    /// Per depth, the steps being tried (reused).
    steps: Vec<Vec<Step>>,
}

impl<K: Key> FewestUses<K> {
    pub fn new(game: &Game) -> FewestUses<K> {
        FewestUses {
            table: Table::default(),
            classes: ClassBound::new(game),
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

    /// The fewest uses that clear the walk's state, known to be at least `at_least`, when at
    /// most `cap`; `None` when it needs more or cannot be cleared. `held` is what the caller's
    /// own tables hold, for the figures.
    pub fn fewest(
        &mut self,
        walk: &mut Walk<'_>,
        at_least: u8,
        cap: u8,
        held: (usize, usize),
    ) -> Result<Option<u8>, Stopped> {
        if !walk.state.may_clear() {
            return Ok(None);
        }
        for budget in at_least..=cap {
            if self.clears(walk, budget, held)? {
                return Ok(Some(budget));
            }
        }
        Ok(None)
    }

    /// A line that clears the walk's state with `budget` uses, which is known to be enough;
    /// the state is left at the line's end.
    pub fn line(
        &mut self,
        walk: &mut Walk<'_>,
        mut budget: u8,
        held: (usize, usize),
    ) -> Result<Vec<super::Move>, Stopped> {
        let game = walk.game;
        let mut moves = Vec::new();
        'next: while !walk.state.is_won() {
            if let Some(king) = walk.forced_king(true) {
                moves.push(game.move_of(&walk.state, king));
                game.play(&mut walk.state, king);
                continue;
            }
            let mut steps = Vec::new();
            game.steps(&walk.state, &mut walk.slots, &mut steps);
            for step in steps {
                let cost = u8::from(matches!(step, Step::ToCell(_)));
                let Some(rest) = budget.checked_sub(cost) else {
                    continue;
                };
                let undo = game.play(&mut walk.state, step);
                let clears = self.clears(walk, rest, held);
                game.undo(&mut walk.state, step, undo);
                if clears? {
                    moves.push(game.move_of(&walk.state, step));
                    game.play(&mut walk.state, step);
                    budget = rest;
                    continue 'next;
                }
            }
            unreachable!("a position that clears has a step that does");
        }
        Ok(moves)
    }

    /// At least how many uses clearing the walk's state takes ([`ClassBound`]).
    pub fn lower(&mut self, walk: &Walk<'_>) -> u8 {
        self.classes.lower(walk.game, &walk.state)
    }

    /// Whether the walk's state clears with at most `budget` uses (its own uses left are
    /// read as `budget`). `held` is what the caller's own tables hold, for the figures.
    pub fn clears(
        &mut self,
        walk: &mut Walk<'_>,
        budget: u8,
        held: (usize, usize),
    ) -> Result<bool, Stopped> {
        self.clears_from(walk, budget, 0, held)
    }

    fn clears_from(
        &mut self,
        walk: &mut Walk<'_>,
        budget: u8,
        depth: usize,
        held: (usize, usize),
    ) -> Result<bool, Stopped> {
        let game = walk.game;
        if let Some(king) = walk.forced_king(true) {
            let undo = game.play(&mut walk.state, king);
            let clears = self.clears_from(walk, budget, depth + 1, held);
            game.undo(&mut walk.state, king, undo);
            return clears;
        }
        if walk.state.is_won() {
            return Ok(true);
        }
        let key = K::of(game.board_key(&walk.state));
        let known = self.table.get(&key).copied().unwrap_or(0);
        if known & EXACT != 0 {
            return Ok(known & !EXACT <= budget);
        }
        if known > budget {
            return Ok(false);
        }
        let lower = self.lower(walk);
        if lower > budget {
            self.table.insert(key, lower.min(EXACT - 1));
            return Ok(false);
        }
        let (stored, bytes) = self.held();
        walk.tick(stored + held.0, bytes + held.1)?;
        if self.steps.len() <= depth {
            self.steps.resize_with(depth + 1, Vec::new);
        }
        let mut steps = std::mem::take(&mut self.steps[depth]);
        let uses_left = walk.state.uses_left;
        walk.state.uses_left = budget;
        game.steps(&walk.state, &mut walk.slots, &mut steps);
        walk.stats.generated += steps.len() as u64;
        let mut found = Ok(false);
        for &step in &steps {
            let cost = u8::from(matches!(step, Step::ToCell(_)));
            let undo = game.play(&mut walk.state, step);
            let clears = self.clears_from(walk, budget - cost, depth + 1, held);
            game.undo(&mut walk.state, step, undo);
            if !matches!(clears, Ok(false)) {
                found = clears;
                break;
            }
        }
        walk.state.uses_left = uses_left;
        self.steps[depth] = steps;
        let entry = match found {
            Ok(true) if known == budget => EXACT | budget,
            Ok(true) => known,
            Ok(false) => budget + 1,
            Err(Stopped) => return Err(Stopped),
        };
        self.table.insert(key, entry);
        found
    }
}

//! The best-hand search: a depth-first branch and bound over the solver's states, with a
//! table of their values (see the solver's module comment).
//!
//! A state's value is what it can still earn, packed in one number ([`Packing`]) that orders
//! hands as the goal does; earnings add up field by field, and so do packed numbers. Each
//! visit asks for the value only if it is above a floor (what is needed to beat the best hand
//! found so far): the answer is the exact value when it is, and otherwise an upper bound at
//! most the floor. The table keeps either, marked; an upper bound serves a later visit only
//! when that visit's floor is at least as high.
//!
//! The bound of a state ([`Game::bound`](super::game::Game::bound)) is tightened by the
//! fewest free-cell uses that clear it ([`FewestUses`]): the uses left over are paid only on
//! a won hand, and a won hand has used at least that many more; and, when the state cannot
//! be cleared, by the most pairs it can still make ([`MostPairs`]). The children of a state
//! are tried the most promising first (by their untightened bounds), perfect matches first
//! among equals.

use super::fewest::FewestUses;
use super::game::{Bound, Earned, Step};
use super::pairs::MostPairs;
use super::{Best, Figures, Found, Goal, Key, Stopped, Table, Walk};
use crate::games::perfect_pair::Position;
use crate::games::perfect_pair::position::Move;
use crate::games::perfect_pair::rules::{METER, UNUSED_USE_POINTS, UnusedBonus};

/// The fields a hand is ranked by, each what a state can still earn (or ends with).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Fields {
    points: u32,
    meter: u32,
    perfect: u32,
    won: u32,
    uses: u32,
}

/// Bits of each field: points (at most 26 pairs at 10 and 10 more for a heart past the
/// meter, and 75 for unused uses), the meter, perfect matches, won, uses left.
const WIDTHS: [u32; 5] = [11, 4, 6, 1, 4];
const POINTS: usize = 0;
const METER_FIELD: usize = 1;
const PERFECT: usize = 2;
const WON: usize = 3;
const USES: usize = 4;

/// The fields packed in one number that orders hands as the goal does: the goal's field
/// highest, then the other two (points, hearts, perfect matches), then a won hand, then the
/// uses left. Each field has room for the most it can reach, so a sum of packed fields is
/// the packed sum.
#[derive(Debug, Clone, Copy)]
struct Packing {
    /// Shifts of points, meter, perfect, won, uses.
    shifts: [u32; 5],
}

impl Packing {
    fn new(goal: Goal) -> Packing {
        let order = match goal {
            Goal::Points => [POINTS, METER_FIELD, PERFECT, WON, USES],
            Goal::Hearts => [METER_FIELD, POINTS, PERFECT, WON, USES],
            Goal::PerfectMatches => [PERFECT, POINTS, METER_FIELD, WON, USES],
        };
        let mut shifts = [0; 5];
        let mut shift = 0;
        for &field in order.iter().rev() {
            shifts[field] = shift;
            shift += WIDTHS[field];
        }
        Packing { shifts }
    }

    fn pack(self, fields: Fields) -> u32 {
        let values = [
            fields.points,
            fields.meter,
            fields.perfect,
            fields.won,
            fields.uses,
        ];
        debug_assert!(
            values
                .iter()
                .zip(WIDTHS)
                .all(|(&value, width)| value < 1 << width)
        );
        (values[0] << self.shifts[0])
            | (values[1] << self.shifts[1])
            | (values[2] << self.shifts[2])
            | (values[3] << self.shifts[3])
            | (values[4] << self.shifts[4])
    }

    fn pack_earned(self, earned: Earned) -> u32 {
        self.pack(Fields {
            points: earned.points,
            meter: earned.meter,
            perfect: earned.perfect,
            ..Fields::default()
        })
    }

    fn unpack(self, packed: u32) -> Fields {
        let field = |at: usize| (packed >> self.shifts[at]) & ((1 << WIDTHS[at]) - 1);
        Fields {
            points: field(POINTS),
            meter: field(METER_FIELD),
            perfect: field(PERFECT),
            won: field(WON),
            uses: field(USES),
        }
    }
}

/// Two tables' states and bytes, added up.
fn add((a, x): (usize, usize), (b, y): (usize, usize)) -> (usize, usize) {
    (a + b, x + y)
}

/// A table entry: a value, exact or an upper bound (the top bit set).
const UPPER: u32 = 1 << 31;

/// The best-hand search.
struct BestSearch<'w, 'a, K> {
    walk: &'w mut Walk<'a>,
    packing: Packing,
    table: Table<K, u32>,
    fewest: FewestUses<K>,
    pairs: MostPairs<K>,
    /// A perfect match's earnings packed, with the meter not full and full.
    perfect_gain: [u32; 2],
    /// A regular pair's, per run.
    regular_gain: Vec<[u32; 2]>,
    /// Per depth, the steps with what each may lead to at most (reused).
    children: Vec<Vec<(u32, Step)>>,
    /// Per depth, the steps (reused).
    steps: Vec<Vec<Step>>,
}

impl<'w, 'a, K: Key> BestSearch<'w, 'a, K> {
    fn new(walk: &'w mut Walk<'a>, goal: Goal) -> BestSearch<'w, 'a, K> {
        let packing = Packing::new(goal);
        let game = walk.game;
        let gain = |perfect: bool, run: u8| {
            [0, METER as u8]
                .map(|hearts| packing.pack_earned(game.pair_earns(perfect, run, hearts)))
        };
        BestSearch {
            perfect_gain: gain(true, 0),
            regular_gain: (0..game.rules.run_values())
                .map(|run| gain(false, run))
                .collect(),
            walk,
            packing,
            table: Table::default(),
            fewest: FewestUses::new(game),
            pairs: MostPairs::new(),
            children: Vec::new(),
            steps: Vec::new(),
        }
    }

    /// States held by the search's three tables, and their bytes.
    fn held(&self) -> (usize, usize) {
        add(
            self.held_by_table(),
            add(self.fewest.held(), self.pairs.held()),
        )
    }

    /// The value of stopping here: the unused uses when paid, won or not, the uses left.
    fn stop_value(&self) -> u32 {
        let state = &self.walk.state;
        let won = state.is_won();
        self.packing.pack(Fields {
            points: self.walk.game.rules.unused_points(state.uses_left, won),
            won: u32::from(won),
            uses: u32::from(state.uses_left),
            ..Fields::default()
        })
    }

    /// A step's earnings, packed.
    fn gain(&self, step: Step) -> u32 {
        let state = &self.walk.state;
        let full = usize::from(u32::from(state.hearts) >= METER);
        match step {
            Step::Pair { perfect: true, .. } => self.perfect_gain[full],
            Step::Pair { .. } => self.regular_gain[state.run as usize][full],
            Step::King(_) | Step::ToCell(_) => 0,
        }
    }

    /// A state's bound, given that clearing it takes at least `uses` more free-cell uses
    /// (more than its uses left: it cannot be cleared).
    fn needing(&self, mut bound: Bound, uses: u8) -> Bound {
        let uses_left = self.walk.state.uses_left;
        let on_win = self.walk.game.rules.unused_bonus == UnusedBonus::OnWin;
        if !bound.won {
            return bound;
        }
        if uses > uses_left {
            bound.won = false;
        }
        if on_win {
            bound.points -= UNUSED_USE_POINTS * u32::from(uses.min(uses_left));
        }
        bound
    }

    /// A state's bound tightened by the fewest uses that clear it, known to be at least
    /// `needed`, with the fewest uses as far as found: the fewest is looked for only until
    /// the bound is at most `need` (then the state cannot matter) or the fewest is found.
    fn tightened(&mut self, bound: Bound, needed: u8, need: i64) -> Result<(Bound, u8), Stopped> {
        let uses_left = self.walk.state.uses_left;
        // What the other tables hold, for the figures each search reports.
        let besides_fewest = add(self.held_by_table(), self.pairs.held());
        let besides_pairs = add(self.held_by_table(), self.fewest.held());
        if bound.won && self.walk.state.may_clear() {
            let needed = needed.max(self.fewest.lower(self.walk));
            for uses in needed..=uses_left {
                let assumed = self.needing(bound, uses);
                if i64::from(self.most(&assumed)) <= need
                    || self.fewest.clears(&mut *self.walk, uses, besides_fewest)?
                {
                    return Ok((assumed, uses));
                }
            }
        }
        // The state cannot be cleared: it is bounded by the pairs it can make.
        let lost = self.needing(bound, uses_left + 1);
        if i64::from(self.most(&lost)) <= need {
            return Ok((lost, uses_left + 1));
        }
        let all = self.walk.state.pairs_left().0;
        // The fewest pairs with which the state could still beat `need`: the pairs search is
        // asked only whether it can make that many.
        let enough = (0..all)
            .find(|&pairs| i64::from(self.most(&self.lost_with(pairs))) > need)
            .unwrap_or(all);
        let (pairs, _) = self
            .pairs
            .most(&mut *self.walk, enough as i32 - 1, besides_pairs)?;
        Ok((self.lost_with(u32::from(pairs)), uses_left + 1))
    }

    /// The bound of the state, which cannot be cleared, if it can make at most `pairs` more
    /// pairs.
    fn lost_with(&self, pairs: u32) -> Bound {
        let state = &self.walk.state;
        let bound = self.walk.game.bound_with(state, pairs, false);
        self.needing(bound, state.uses_left + 1)
    }

    /// States held by the best-hand table, and its bytes.
    fn held_by_table(&self) -> (usize, usize) {
        let bytes = self.table.capacity() * (std::mem::size_of::<(K, u32)>() + 1);
        (self.table.len(), bytes)
    }

    /// The most a state with this bound can lead to, packed.
    fn most(&self, bound: &Bound) -> u32 {
        self.packing.pack(Fields {
            points: bound.points,
            meter: bound.meter,
            perfect: bound.perfect,
            won: u32::from(bound.won),
            uses: u32::from(self.walk.state.uses_left),
        })
    }

    /// The steps from the state, each with the most it may lead to, the most promising
    /// first, in the buffer of this depth (taken out; put it back when done).
    fn children_at(&mut self, depth: usize) -> Vec<(u32, Step)> {
        if self.children.len() <= depth {
            self.children.resize_with(depth + 1, Vec::new);
            self.steps.resize_with(depth + 1, Vec::new);
        }
        let mut children = std::mem::take(&mut self.children[depth]);
        let mut steps = std::mem::take(&mut self.steps[depth]);
        children.clear();
        let game = self.walk.game;
        game.steps(&self.walk.state, &mut self.walk.slots, &mut steps);
        self.walk.stats.generated += steps.len() as u64;
        for &step in &steps {
            let gain = self.gain(step);
            let undo = game.play(&mut self.walk.state, step);
            let most = self.most(&game.bound(&self.walk.state));
            game.undo(&mut self.walk.state, step, undo);
            children.push((gain + most, step));
        }
        self.steps[depth] = steps;
        // Among steps that may lead as far, perfect matches first, then the other pairs, the
        // Kings and the cards to a cell, as the steps come.
        let rank = |step: &Step| match step {
            Step::Pair { perfect: true, .. } => 0,
            Step::Pair { .. } => 1,
            Step::King(_) => 2,
            Step::ToCell(_) => 3,
        };
        children.sort_unstable_by_key(|&(most, step)| (std::cmp::Reverse(most), rank(&step)));
        children
    }

    /// The state's value if it is above `need`, exact (`true`); otherwise an upper bound on
    /// it, at most `need` (`false`).
    fn visit(&mut self, need: i64, depth: usize, needed: u8) -> Result<(u32, bool), Stopped> {
        let game = self.walk.game;
        if let Some(king) = self.walk.forced_king(false) {
            let undo = game.play(&mut self.walk.state, king);
            let found = self.visit(need, depth + 1, needed);
            game.undo(&mut self.walk.state, king, undo);
            return found;
        }
        let bound = game.bound(&self.walk.state);
        let state = &self.walk.state;
        // A state that cannot fill the meter earns the same whatever its hearts.
        let hearts = if u32::from(state.hearts) + bound.hearts < METER {
            0
        } else {
            state.hearts
        };
        let key = K::of(game.key(state, hearts));
        if let Some(&entry) = self.table.get(&key) {
            let value = entry & !UPPER;
            if entry & UPPER == 0 || i64::from(value) <= need {
                return Ok((value, entry & UPPER == 0));
            }
        }
        if i64::from(self.most(&bound)) <= need {
            return Ok((self.most(&bound), false));
        }
        let (tightened, needed) = self.tightened(bound, needed, need)?;
        let most = self.most(&tightened);
        if i64::from(most) <= need {
            self.table.insert(key, most | UPPER);
            return Ok((most, false));
        }
        let (stored, bytes) = self.held();
        self.walk.tick(stored, bytes)?;
        let mut found = Found::new(self.stop_value(), 0);
        let children = self.children_at(depth);
        for &(child_most, step) in &children {
            let floor = need.max(i64::from(found.best));
            if found.best == most || i64::from(child_most) <= floor {
                found.cut = found.cut.max(child_most);
                break;
            }
            let gain = self.gain(step);
            let undo = game.play(&mut self.walk.state, step);
            let cost = u8::from(matches!(step, Step::ToCell(_)));
            let child = self.visit(
                floor - i64::from(gain),
                depth + 1,
                needed.saturating_sub(cost),
            );
            game.undo(&mut self.walk.state, step, undo);
            if !found.take(gain, child) {
                break;
            }
        }
        self.children[depth] = children;
        let (value, exact) = found.value(most, need)?;
        self.table
            .insert(key, if exact { value } else { value | UPPER });
        Ok((value, exact))
    }

    /// The moves of a line from the state worth `value` (exact), leaving the state at its
    /// end.
    fn line(&mut self, mut value: u32) -> Result<Vec<Move>, Stopped> {
        let game = self.walk.game;
        let mut moves = Vec::new();
        'next: loop {
            if let Some(king) = self.walk.forced_king(false) {
                moves.push(game.move_of(&self.walk.state, king));
                game.play(&mut self.walk.state, king);
                continue;
            }
            if self.stop_value() == value {
                return Ok(moves);
            }
            let mut steps = Vec::new();
            game.steps(&self.walk.state, &mut self.walk.slots, &mut steps);
            for step in steps {
                let gain = self.gain(step);
                let Some(rest) = value.checked_sub(gain) else {
                    continue;
                };
                let undo = game.play(&mut self.walk.state, step);
                let found = self.visit(i64::from(rest) - 1, 1, 0);
                game.undo(&mut self.walk.state, step, undo);
                if found? == (rest, true) {
                    moves.push(game.move_of(&self.walk.state, step));
                    game.play(&mut self.walk.state, step);
                    value = rest;
                    continue 'next;
                }
            }
            unreachable!("a state's exact value is reached by one of its steps or by stopping");
        }
    }
}

/// How far each probe of the best-hand search lowers the points it asks for: proving that
/// a hand cannot reach a figure is cheap while the figure is well above the best, and costly
/// near it, so the probes walk down in steps. (On the benchmark's deals, steps of 8 points
/// beat 4 and 16, and a single search from nothing by a fifth.)
const POINTS_STEP: u32 = 8;

/// Runs the best-hand search with keys of type `K` from the walk's state, which is
/// `position`'s.
///
/// The search probes downward from the bound: "can the goal's figure reach `x`?", each probe
/// a visit of the start that needs at least `x`, with `x` lowered after each probe that
/// finds no such hand. The first probe that does returns the start's exact value (a visit
/// gives the exact value whenever it is above what it needs), and the table's entries
/// serve each probe after.
pub fn best<K: Key>(walk: &mut Walk<'_>, goal: Goal, position: &Position) -> Result<Best, Stopped> {
    let mut search = BestSearch::<K>::new(walk, goal);
    let start = search.walk.game.bound(&search.walk.state);
    let (start, needed) = search.tightened(start, 0, -1)?;
    let (mut x, step) = match goal {
        Goal::Points => (start.points, POINTS_STEP),
        Goal::Hearts => (start.meter, 1),
        Goal::PerfectMatches => (start.perfect, 1),
    };
    let found = loop {
        let asked = match goal {
            Goal::Points => Fields {
                points: x,
                ..Fields::default()
            },
            Goal::Hearts => Fields {
                meter: x,
                ..Fields::default()
            },
            Goal::PerfectMatches => Fields {
                perfect: x,
                ..Fields::default()
            },
        };
        let need = i64::from(search.packing.pack(asked)) - 1;
        match search.visit(need, 0, needed) {
            Ok((value, true)) => break Ok(value),
            Ok((_, false)) => x = x.saturating_sub(step),
            Err(stopped) => break Err(stopped),
        }
    };
    let found = found.and_then(|value| Ok((value, search.line(value)?)));
    let (stored, bytes) = search.held();
    (search.walk.stats.stored, search.walk.stats.memory) = (stored, bytes);
    let (value, moves) = found?;
    let fields = search.packing.unpack(value);
    let bound = match goal {
        Goal::Points => position.points() + start.points,
        Goal::Hearts => position.meter() + start.meter,
        Goal::PerfectMatches => position.perfect() + start.perfect,
    };
    Ok(Best {
        goal,
        moves,
        figures: Figures {
            score: position.points() + fields.points,
            meter: position.meter() + fields.meter,
            perfect: position.perfect() + fields.perfect,
            won: fields.won == 1,
            uses_left: fields.uses as u8,
        },
        bound,
    })
}

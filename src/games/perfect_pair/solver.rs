//! The exact Perfect Pair solver: whether a hand can be cleared (a clearing line with the
//! fewest free-cell uses, or a proof that none exists), and the best hand for a goal: the
//! most points, the most hearts on the meter, or the most perfect matches. Ties are broken
//! by the other two (in that order: points, hearts, perfect matches), then by a won hand,
//! then by the fewest free-cell uses.
//!
//! A hand may be ended at any point: the best hand is the best over every position the
//! moves reach. Under the default rules no move lowers the points, the hearts or the perfect
//! matches, so this is also the best over the hands played until no move is left.
//!
//! # States
//!
//! The searches run over the solver's states (`game`): each line's depth, the free cells'
//! cards, the uses left, the run and the hearts (at most the meter's ten: past it every heart
//! pays the same ten points), packed in mixed radix into one exact key (a `u64` for the
//! default layout, a `u128` for layouts whose keys do not fit). What a state can still earn
//! depends on nothing else, so each is kept in a table by its key and a state met again by
//! another order of moves is not searched again. The hearts of a state that can no longer
//! fill the meter are keyed as none: what it earns does not depend on them.
//!
//! # The best hand
//!
//! A depth-first branch and bound (`best`). A visit of a state asks for its value only if
//! it is above a floor, the best hand found so far or what the caller needs: above it, the
//! exact value; otherwise an upper bound at most the floor, which the table keeps marked as
//! such. The start is visited with floors walking down from its bound (a proof that no hand
//! reaches a figure well above the best is cheap, and each probe's table serves the next),
//! and the first probe that finds a hand gives the exact best.
//!
//! A state's bound (`Game::bound`) counts the pairs its cards can still
//! make, of which at most the perfect matches still possible row by row (the longest
//! sequence of pairs taken in order from a row's two lines, a longest-common-subsequence
//! recursion), the regular ones paid as one unbroken run (which pays most and earns the most
//! hearts), and the uses left paid if the hand can still be won. It is then tightened by two
//! searches of their own, kept for the whole solve and keyed without the run and the hearts:
//! - the fewest uses that clear the state (`fewest`): a won hand is paid only for the uses
//!   it has left; that search is itself bounded class by class (`classes`);
//! - for a state that cannot be cleared, the most pairs it can still make (`pairs`).
//!
//! Each is asked only as far as the floor needs: no further once the tightened bound is at
//! most the floor, or the figure is found.
//!
//! With no run going, an available King is removed at once: removing a King ends the run,
//! which here is already over; the card under it only adds moves; and a later King that
//! would have ended a run no longer does, which pays at least as much and earns at least as
//! many hearts.
//!
//! # Clearing
//!
//! The fewest-uses search (`fewest`) with as many uses as the position has left: a line
//! that clears, or none.
//!
//! A search that the observer stops (a cap, or the caller) is undecided: its answer is
//! `None`, never "cannot be cleared". Pure: no threads, no printing; progress goes to the
//! observer every [`CHECK_EVERY`] states searched.

mod best;
mod classes;
mod fewest;
mod game;
mod pairs;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::ops::Add;
use std::time::Instant;

use crate::engine::search::CHECK_EVERY;
pub use crate::engine::search::{CapReached, Capped, Caps, Observer, Stats};
use fewest::FewestUses;
use game::{Game, State, Step};

use super::position::{Move, Position};

/// What a hand is played for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The most points.
    Points,
    /// The most hearts on the meter (ten at most: hearts past ten count as points only).
    Hearts,
    /// The most perfect matches.
    PerfectMatches,
}

impl Goal {
    /// Every goal.
    pub const ALL: [Goal; 3] = [Goal::Points, Goal::Hearts, Goal::PerfectMatches];
}

/// What a hand ends with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Figures {
    /// The score: the points, with the unused uses when they are paid.
    pub score: u32,
    /// Hearts on the meter (at most ten).
    pub meter: u32,
    pub perfect: u32,
    pub won: bool,
    pub uses_left: u8,
}

impl Figures {
    /// The figures of a referee's position, as the hand would end there.
    pub fn of(position: &Position) -> Figures {
        Figures {
            score: position.score(),
            meter: position.meter(),
            perfect: position.perfect(),
            won: position.is_won(),
            uses_left: position.uses_left(),
        }
    }

    /// The figure a goal is after.
    pub fn of_goal(&self, goal: Goal) -> u32 {
        match goal {
            Goal::Points => self.score,
            Goal::Hearts => self.meter,
            Goal::PerfectMatches => self.perfect,
        }
    }
}

/// The best hand for a goal from a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Best {
    pub goal: Goal,
    /// The moves, from the position solved, as the referee plays them.
    pub moves: Vec<Move>,
    /// What the hand ends with, as the search counts it (the referee's replay agrees).
    pub figures: Figures,
    /// The upper bound on the goal's figure the search started from: the most it could
    /// have been, before the search proved the answer best.
    pub bound: u32,
}

/// Whether a hand can be cleared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Clearing {
    /// A line of moves that clears the hand.
    Cleared(Vec<Move>),
    /// No line clears it: the search went through every position the moves reach.
    NotClearable,
}

pub use crate::engine::search::Report;

/// The observer stopped the search.
#[derive(Debug)]
struct Stopped;

/// A hasher for keys that are already numbers: the `SplitMix64` finaliser.
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        let mut x = self.0;
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = self.0.rotate_left(29) ^ value;
    }

    fn write_u128(&mut self, value: u128) {
        self.write_u64(value as u64);
        self.write_u64((value >> 64) as u64);
    }
}

type Table<K, V> = HashMap<K, V, BuildHasherDefault<MixHasher>>;

/// What a branch and bound has found among a state's children so far: the best exact value,
/// the highest bound of the children cut short, and whether the search was stopped. Both of
/// the hand's searches (the best hand, the most pairs) take their children's answers so.
struct Found<V> {
    best: V,
    cut: V,
    stopped: Option<Stopped>,
}

impl<V: Copy + Ord + Add<Output = V>> Found<V> {
    /// Nothing found yet: the best at least `best`, no cut above `cut`.
    fn new(best: V, cut: V) -> Found<V> {
        Found {
            best,
            cut,
            stopped: None,
        }
    }

    /// Takes in a child's answer, worth `gain` more to its parent; `false` once the search is
    /// stopped, when no more children are tried.
    fn take(&mut self, gain: V, child: Result<(V, bool), Stopped>) -> bool {
        match child {
            Ok((value, true)) => self.best = self.best.max(gain + value),
            Ok((value, false)) => self.cut = self.cut.max(gain + value),
            Err(stopped) => {
                self.stopped = Some(stopped);
                return false;
            }
        }
        true
    }

    /// The state's value: exact (`true`) when it reaches `most` or is above `need`, otherwise
    /// an upper bound on it; or the stop.
    fn value<N: From<V> + PartialOrd + Copy>(self, most: V, need: N) -> Result<(V, bool), Stopped> {
        if let Some(stopped) = self.stopped {
            return Err(stopped);
        }
        let exact = self.best == most || N::from(self.best) > need;
        let value = if exact {
            self.best
        } else {
            self.best.max(self.cut)
        };
        Ok((value, exact))
    }
}

/// A state key: a `u64` when every key of the hand fits, a `u128` otherwise.
trait Key: Copy + Eq + Hash {
    fn of(key: u128) -> Self;
}

impl Key for u64 {
    fn of(key: u128) -> u64 {
        key as u64
    }
}

impl Key for u128 {
    fn of(key: u128) -> u128 {
        key
    }
}

/// What the searches share: the hand, the working state, the observer and the figures.
struct Walk<'a> {
    game: &'a Game,
    state: State,
    /// The available slots with their cards (reused).
    slots: Vec<(game::Slot, u8)>,
    observer: &'a mut dyn Observer,
    stats: Stats,
    started: Instant,
}

impl<'a> Walk<'a> {
    fn new(game: &'a Game, state: State, observer: &'a mut dyn Observer) -> Walk<'a> {
        Walk {
            game,
            state,
            slots: Vec::new(),
            observer,
            stats: Stats::default(),
            started: Instant::now(),
        }
    }

    /// Counts a state searched; every [`CHECK_EVERY`] of them, reports what the tables hold
    /// (`stored` states in `bytes`) and asks whether to stop.
    fn tick(&mut self, stored: usize, bytes: usize) -> Result<(), Stopped> {
        self.stats.expanded += 1;
        if self.stats.expanded.is_multiple_of(CHECK_EVERY) {
            self.report(stored, bytes);
            if self.observer.should_stop() {
                return Err(Stopped);
            }
        }
        Ok(())
    }

    /// Reports the figures, with what the tables hold.
    fn report(&mut self, stored: usize, bytes: usize) {
        self.stats.stored = stored;
        self.stats.memory = bytes;
        self.stats.elapsed = self.started.elapsed();
        self.observer.progress(&self.stats);
    }

    /// An available King, when the search removes it at once: with no run going (or always,
    /// for the clearing search).
    fn forced_king(&mut self, always: bool) -> Option<Step> {
        if !always && self.state.run != 0 {
            return None;
        }
        self.game.king(&self.state).map(Step::King)
    }
}

/// Runs `search` with the narrowest keys that hold every key of the position's hand, then
/// reports its figures.
fn run<T>(
    position: &Position,
    observer: &mut dyn Observer,
    search: impl FnOnce(&mut Walk<'_>, bool) -> Result<T, Stopped>,
) -> Report<T> {
    let game = Game::new(position.layout(), position.rules());
    let state = game.state_of(position);
    let mut walk = Walk::new(&game, state, observer);
    let narrow = game.keys() <= u128::from(u64::MAX);
    let answer = search(&mut walk, narrow).ok();
    walk.stats.elapsed = walk.started.elapsed();
    walk.observer.progress(&walk.stats);
    Report {
        answer,
        stats: walk.stats,
    }
}

/// The best hand for `goal` from `position`: its moves, what it ends with, and the bound the
/// search started from; `None` in the report when the observer stopped the search (wrap it in
/// [`Capped`] for caps).
pub fn solve(position: &Position, goal: Goal, observer: &mut dyn Observer) -> Report<Best> {
    run(position, observer, |walk, narrow| {
        if narrow {
            best::best::<u64>(walk, goal, position)
        } else {
            best::best::<u128>(walk, goal, position)
        }
    })
}

/// Whether the hand can be cleared from `position`: a line that clears it with the fewest
/// free-cell uses, or a proof that none does; `None` in the report when the observer stopped
/// the search.
pub fn clear(position: &Position, observer: &mut dyn Observer) -> Report<Clearing> {
    run(position, observer, |walk, narrow| {
        if narrow {
            clearing::<u64>(walk)
        } else {
            clearing::<u128>(walk)
        }
    })
}

/// Runs the clearing search with keys of type `K`.
fn clearing<K: Key>(walk: &mut Walk<'_>) -> Result<Clearing, Stopped> {
    let mut fewest = FewestUses::<K>::new(walk.game);
    let uses = walk.state.uses_left;
    let found = fewest.fewest(walk, 0, uses, (0, 0));
    let answer = match found {
        Ok(Some(budget)) => fewest.line(walk, budget, (0, 0)).map(Clearing::Cleared),
        Ok(None) => Ok(Clearing::NotClearable),
        Err(Stopped) => Err(Stopped),
    };
    (walk.stats.stored, walk.stats.memory) = fewest.held();
    answer
}

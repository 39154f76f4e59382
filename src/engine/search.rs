//! The plumbing every game's solvers share: the figures a search reports, the observer that
//! watches it (progress and cancellation) and the caps that make a search stop as undecided.
//! Pure: no threads and no printing, so the app, the command line and tests drive the same code.

mod caps;

use std::time::Duration;

pub use caps::{BYTES_PER_STATE, Budget, CapReached, Capped, Caps, DEFAULT_MEMORY, bytes};

/// Figures about a search, reported while it runs and at the end.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes expanded, over all the searches run.
    pub expanded: u64,
    /// Successor states produced.
    pub generated: u64,
    /// A* queue entries waiting.
    pub frontier: usize,
    /// The current lower bound on the solution length.
    pub bound: u16,
    /// Distinct states stored by A*.
    pub stored: usize,
    /// Bytes held by the search's tables.
    pub memory: usize,
    /// Time since the search began.
    pub elapsed: Duration,
}

/// A search's result (`None` when the observer stopped it: undecided) with its figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report<T> {
    pub answer: Option<T>,
    pub stats: Stats,
}

/// What a search gives back whatever a game makes of its answer: the answer (`None` when the
/// observer stopped the search) with its figures.
pub type Searched<A> = (Option<A>, Stats);

impl<T> Report<T> {
    /// The answer as one kind of a game's answers (a challenge's, say), with the figures.
    pub fn answered<A>(self, kind: impl FnOnce(T) -> A) -> Searched<A> {
        (self.answer.map(kind), self.stats)
    }
}

/// Watches a search: gets progress and may ask it to stop.
///
/// Both are called every [`CHECK_EVERY`] expansions (a few milliseconds at most), and
/// `progress` once more at the end.
pub trait Observer {
    /// Called with the latest figures.
    fn progress(&mut self, _stats: &Stats) {}
    /// Returning true stops the search, which then reports that it was cancelled.
    fn should_stop(&mut self) -> bool {
        false
    }
}

/// An observer that watches nothing.
impl Observer for () {}

/// How many expansions pass between two calls to the observer.
pub const CHECK_EVERY: u64 = 2048;

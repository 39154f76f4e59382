//! Caps on a search: how many states it may store, how many bytes its tables may hold and how
//! long it may run. A search that reaches one is undecided, which is told apart from a user's
//! cancel, so that a cap never passes for "no solution".
//!
//! The caps are checked by an [`Observer`] wrapped around the caller's, at the observer's
//! usual calls every [`CHECK_EVERY`](super::CHECK_EVERY) expansions: a search under caps runs
//! the same code, no slower.

use std::fmt;
use std::time::{Duration, Instant};

use super::{Observer, Stats};

/// The most bytes a stored state may take, all tables counted at their capacity: the store's
/// entry (8 bytes) and parent (4) in vectors that may have doubled (24), its hash slots (4
/// bytes, at most a quarter full after a growth: 16) and the old slots while a growth copies
/// them (8); then the A* search's record of children put off (4) and its queue entries (4 or
/// more), again in vectors that may have doubled (16). Most states take about 20.
pub const BYTES_PER_STATE: usize = 64;

/// The default memory cap for one search: 1 GiB, which leaves room on a 4 GB machine
/// running a search on each of two cores.
pub const DEFAULT_MEMORY: usize = 1 << 30;

/// The caps a search runs under; `None` is no cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caps {
    /// The most states stored.
    pub states: Option<usize>,
    /// The most bytes held by the search's tables.
    pub memory: Option<usize>,
    /// The longest time.
    pub time: Option<Duration>,
}

impl Default for Caps {
    /// [`DEFAULT_MEMORY`], the states it holds, and no time cap.
    fn default() -> Caps {
        Caps::new(None, Some(DEFAULT_MEMORY), None)
    }
}

impl Caps {
    /// No cap at all.
    pub const NONE: Caps = Caps {
        states: None,
        memory: None,
        time: None,
    };

    /// Caps from a memory cap, a state cap (by default, the states the memory cap holds at
    /// [`BYTES_PER_STATE`]) and a time cap.
    pub fn new(states: Option<usize>, memory: Option<usize>, time: Option<Duration>) -> Caps {
        Caps {
            states: states.or(memory.map(|bytes| bytes / BYTES_PER_STATE)),
            memory,
            time,
        }
    }

    /// The cap a search with these figures has reached, if any.
    pub fn reached(&self, stats: &Stats) -> Option<CapReached> {
        if let Some(cap) = self.states.filter(|&cap| stats.stored >= cap) {
            return Some(CapReached::States {
                cap,
                stored: stats.stored,
            });
        }
        if let Some(cap) = self.memory.filter(|&cap| stats.memory >= cap) {
            return Some(CapReached::Memory {
                cap,
                held: stats.memory,
            });
        }
        self.time
            .filter(|&cap| stats.elapsed >= cap)
            .map(|cap| CapReached::Time { cap })
    }
}

/// Which cap a search reached, with the figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CapReached {
    States { cap: usize, stored: usize },
    Memory { cap: usize, held: usize },
    Time { cap: Duration },
}

impl fmt::Display for CapReached {
    /// "states: 12288 stored, cap 1000", "memory: 1.0 GiB held, cap 1.0 GiB", "time: cap 10 s".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CapReached::States { cap, stored } => write!(f, "states: {stored} stored, cap {cap}"),
            CapReached::Memory { cap, held } => {
                write!(f, "memory: {} held, cap {}", bytes(*held), bytes(*cap))
            }
            CapReached::Time { cap } => write!(f, "time: cap {} s", cap.as_secs_f64()),
        }
    }
}

/// A number of bytes for people: "512.0 MiB", "1.0 GiB".
pub fn bytes(count: usize) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = count as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{count} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// An observer that stops a search at a cap and otherwise passes everything on to the
/// caller's observer. After the search, [`Capped::reached`] says whether a cap stopped it
/// (rather than the caller's observer).
pub struct Capped<'a> {
    inner: &'a mut dyn Observer,
    caps: Caps,
    /// The time spent before this search on the same answer, counted against the time cap.
    spent: Duration,
    latest: Stats,
    reached: Option<CapReached>,
}

impl<'a> Capped<'a> {
    /// Watches a search under `caps` for `inner`.
    pub fn new(caps: Caps, inner: &'a mut dyn Observer) -> Capped<'a> {
        Capped {
            inner,
            caps,
            spent: Duration::ZERO,
            latest: Stats::default(),
            reached: None,
        }
    }

    /// The same, with `spent`, the time that searches before this one on the same answer
    /// took, counted against the time cap.
    #[must_use]
    pub fn with_time_spent(self, spent: Duration) -> Capped<'a> {
        Capped { spent, ..self }
    }

    /// The cap that stopped the search, if one did.
    pub fn reached(&self) -> Option<CapReached> {
        self.reached
    }
}

impl Observer for Capped<'_> {
    fn progress(&mut self, stats: &Stats) {
        self.latest = *stats;
        self.inner.progress(stats);
    }

    fn should_stop(&mut self) -> bool {
        if self.reached.is_none() {
            let so_far = Stats {
                elapsed: self.latest.elapsed + self.spent,
                ..self.latest
            };
            self.reached = self.caps.reached(&so_far);
        }
        self.reached.is_some() || self.inner.should_stop()
    }
}

/// The caps of one answer that takes several searches, one after the other: the answer, what
/// unknown cards could at best give, the plan to turn one face up. Each search may store the
/// states and hold the memory the caps allow, since the tables of one are gone before the
/// next starts; the time cap is for them all together.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    caps: Caps,
    started: Instant,
}

impl Budget {
    /// A budget under `caps`, starting now.
    pub fn start(caps: Caps) -> Budget {
        Budget {
            caps,
            started: Instant::now(),
        }
    }

    /// Watches the next search for `inner`: under the caps, with the time spent so far on the
    /// answer counted.
    pub fn watch<'a>(&self, inner: &'a mut dyn Observer) -> Capped<'a> {
        Capped::new(self.caps, inner).with_time_spent(self.started.elapsed())
    }

    /// The time spent since the budget started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_cap_follows_the_memory_cap_unless_given() {
        let caps = Caps::default();
        assert_eq!(caps.states, Some(DEFAULT_MEMORY / BYTES_PER_STATE));
        assert_eq!(Caps::new(Some(10), Some(1 << 20), None).states, Some(10));
        assert_eq!(Caps::NONE.reached(&Stats::default()), None);
    }

    #[test]
    fn the_first_cap_passed_is_named_with_its_figure() {
        let caps = Caps::new(Some(100), Some(1 << 20), Some(Duration::from_secs(2)));
        let mut stats = Stats {
            stored: 99,
            memory: 1000,
            ..Stats::default()
        };
        assert_eq!(caps.reached(&stats), None);
        stats.memory = 2 << 20;
        assert_eq!(
            caps.reached(&stats).map(|cap| cap.to_string()),
            Some("memory: 2.0 MiB held, cap 1.0 MiB".to_string())
        );
        stats.stored = 150;
        assert_eq!(
            caps.reached(&stats),
            Some(CapReached::States {
                cap: 100,
                stored: 150
            })
        );
        stats = Stats {
            elapsed: Duration::from_secs(3),
            ..Stats::default()
        };
        assert_eq!(
            caps.reached(&stats).map(|cap| cap.to_string()),
            Some("time: cap 2 s".to_string())
        );
    }

    #[test]
    fn the_time_spent_before_a_search_counts_against_the_time_cap_and_nothing_else() {
        let caps = Caps::new(Some(10), None, Some(Duration::from_secs(30)));
        let at = |spent: u64, elapsed: u64, stored: usize| {
            let mut quiet = ();
            let mut capped =
                Capped::new(caps, &mut quiet).with_time_spent(Duration::from_secs(spent));
            capped.progress(&Stats {
                elapsed: Duration::from_secs(elapsed),
                stored,
                ..Stats::default()
            });
            capped.should_stop();
            capped.reached()
        };
        assert_eq!(at(0, 20, 9), None);
        assert_eq!(at(10, 10, 9), None);
        // Named with the cap given, not what was left of it.
        assert_eq!(
            at(20, 10, 9),
            Some(CapReached::Time {
                cap: Duration::from_secs(30)
            })
        );
        // The states cap is each search's own: what searches before it stored is gone.
        assert_eq!(at(0, 0, 9), None);
        assert!(matches!(at(0, 0, 10), Some(CapReached::States { .. })));
    }

    #[test]
    fn a_cap_is_told_apart_from_the_callers_stop() {
        struct Stop;
        impl Observer for Stop {
            fn should_stop(&mut self) -> bool {
                true
            }
        }
        let mut stop = Stop;
        let mut capped = Capped::new(Caps::NONE, &mut stop);
        capped.progress(&Stats::default());
        assert!(capped.should_stop());
        assert_eq!(capped.reached(), None);
        let mut quiet = ();
        let mut capped = Capped::new(Caps::new(Some(1), None, None), &mut quiet);
        capped.progress(&Stats {
            stored: 5,
            ..Stats::default()
        });
        assert!(capped.should_stop());
        assert!(matches!(capped.reached(), Some(CapReached::States { .. })));
    }
}

//! The Perfect Pair rule set as a value (`PERFECT_PAIR.md`). What the one source says is fixed;
//! every rule the source leaves open is a field whose default is the reconstruction the rules
//! file documents, so that a better source changes a default rather than the referee.
//!
//! The scoring helpers here are the one place the points of a move are worked out: the
//! referee and the solver both call them.

use crate::cards::excerpt::counted;
use std::fmt;

/// The most free cells a rule set has (one rule set has two).
pub const MAX_FREE_CELLS: u8 = 2;
/// The most free-cell uses a rule set may allow.
pub const MAX_USES: u8 = 15;
/// Hearts the meter holds; each heart past these is worth [`HEART_PAST_METER_POINTS`].
pub const METER: u32 = 10;
/// Points for a heart earned with the meter full.
pub const HEART_PAST_METER_POINTS: u32 = 10;
/// Points for a perfect match.
pub const PERFECT_POINTS: u32 = 10;
/// Points for each free-cell use left over.
pub const UNUSED_USE_POINTS: u32 = 5;
/// Regular pairs in a row that earn a heart (the "heartbreaker").
pub const RUN_FOR_HEART: u8 = 4;

/// What the run of regular pairs does after its fourth pair has earned its heart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AfterFourth {
    /// The run starts again: the fifth pair pays 2, the eighth 8 and a heart (the
    /// reconstruction's reading).
    Restarts,
    /// The run goes on at 8 a pair, with a heart for every fourth pair in a row.
    StaysAtEight,
}

/// When the free-cell uses left over are paid for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnusedBonus {
    /// Only on a won hand (the reconstruction's reading).
    OnWin,
    /// At the end of every hand, won or not.
    Always,
}

/// A rule set. The fields past `free_cells` and `uses` are the rules `PERFECT_PAIR.md` lists as
/// reconstructed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Free cells: 1 (most rule sets) or 2; read within 1..=2.
    pub free_cells: u8,
    /// How many times a card may be put in a free cell in one hand; read up to [`MAX_USES`].
    pub uses: u8,
    /// The run after its fourth pair.
    pub after_fourth: AfterFourth,
    /// Whether putting a card in a free cell ends the run of regular pairs (by default it
    /// does not).
    pub cell_breaks_run: bool,
    /// When the uses left over are paid.
    pub unused_bonus: UnusedBonus,
    /// Whether a card in a free cell still counts as lying on its side of its row, so that
    /// pairing it with the other side of that row is a perfect match (by default a pair with
    /// a free-cell card is a regular pair).
    pub perfect_from_cells: bool,
}

impl Rules {
    /// The reconstructed rules with one free cell and six uses.
    pub const DEFAULT: Rules = Rules {
        free_cells: 1,
        uses: 6,
        after_fourth: AfterFourth::Restarts,
        cell_breaks_run: false,
        unused_bonus: UnusedBonus::OnWin,
        perfect_from_cells: false,
    };

    /// The default rules with this many free cells.
    pub fn with_free_cells(free_cells: u8) -> Rules {
        Rules {
            free_cells,
            ..Rules::DEFAULT
        }
    }

    /// Free cells, within 1..=[`MAX_FREE_CELLS`].
    pub fn cells(&self) -> usize {
        usize::from(self.free_cells.clamp(1, MAX_FREE_CELLS))
    }

    /// Free-cell uses allowed, at most [`MAX_USES`].
    pub fn uses(&self) -> u8 {
        self.uses.min(MAX_USES)
    }

    /// A regular pair played with `run` before it: the regular pairs in a row, kept as
    /// [`RunStep::run`] says.
    pub fn regular_pair(&self, run: u8) -> RunStep {
        let count = run + 1;
        RunStep {
            points: 2 * u32::from(count.min(RUN_FOR_HEART)),
            heart: count.is_multiple_of(RUN_FOR_HEART),
            run: self.run_after(count),
        }
    }

    /// The run kept after `count` regular pairs in a row: under [`AfterFourth::Restarts`]
    /// the pairs since the last heart (0..4); under [`AfterFourth::StaysAtEight`] the pairs in
    /// a row, kept within 0..8 (from 4 on, only the count to the next heart matters).
    fn run_after(self, count: u8) -> u8 {
        match self.after_fourth {
            AfterFourth::Restarts => count % RUN_FOR_HEART,
            AfterFourth::StaysAtEight if count >= 2 * RUN_FOR_HEART => count - RUN_FOR_HEART,
            AfterFourth::StaysAtEight => count,
        }
    }

    /// How many values the run kept by [`Rules::regular_pair`] takes.
    pub fn run_values(&self) -> u8 {
        match self.after_fourth {
            AfterFourth::Restarts => RUN_FOR_HEART,
            AfterFourth::StaysAtEight => 2 * RUN_FOR_HEART,
        }
    }

    /// The points `count` more regular pairs pay at most from `run`, and the hearts they earn
    /// at most: the pairs in one unbroken run, since a run broken and started again never
    /// pays or earns more.
    pub fn best_run(&self, run: u8, count: u32) -> (u32, u32) {
        let (mut points, mut hearts, mut run) = (0, 0, run);
        for _ in 0..count {
            let step = self.regular_pair(run);
            points += step.points;
            hearts += u32::from(step.heart);
            run = step.run;
        }
        (points, hearts)
    }

    /// The points of the unused uses at the end of a hand, won or not.
    pub fn unused_points(&self, uses_left: u8, won: bool) -> u32 {
        if won || self.unused_bonus == UnusedBonus::Always {
            UNUSED_USE_POINTS * u32::from(uses_left)
        } else {
            0
        }
    }
}

/// The points of a heart earned with `hearts` already earned: 10 once the meter is full.
pub fn heart_points(hearts: u32) -> u32 {
    if hearts >= METER {
        HEART_PAST_METER_POINTS
    } else {
        0
    }
}

/// What a regular pair pays and what it leaves of the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunStep {
    /// 2, 4, 6 or 8.
    pub points: u32,
    /// Whether the pair is a fourth in a row, earning a heart.
    pub heart: bool,
    /// The run after the pair: the regular pairs since the last heart under
    /// [`AfterFourth::Restarts`] (0..4); the regular pairs in a row, kept within 0..8, under
    /// [`AfterFourth::StaysAtEight`] (from 4 on, only the count to the next heart matters).
    pub run: u8,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::DEFAULT
    }
}

impl fmt::Display for Rules {
    /// "1 free cell, 6 uses", then what differs from the reconstructed rules:
    /// ", the run stays at 8", ", a free-cell move breaks the run", ", unused uses paid
    /// always", ", perfect matches from free cells".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = self.cells();
        write!(
            f,
            "{}, {}",
            counted(cells, "free cell"),
            counted(usize::from(self.uses()), "use")
        )?;
        if self.after_fourth == AfterFourth::StaysAtEight {
            write!(f, ", the run stays at 8")?;
        }
        if self.cell_breaks_run {
            write!(f, ", a free-cell move breaks the run")?;
        }
        if self.unused_bonus == UnusedBonus::Always {
            write!(f, ", unused uses paid always")?;
        }
        if self.perfect_from_cells {
            write!(f, ", perfect matches from free cells")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_of(rules: Rules, count: usize) -> Vec<(u32, bool)> {
        let mut run = 0;
        (0..count)
            .map(|_| {
                let step = rules.regular_pair(run);
                run = step.run;
                (step.points, step.heart)
            })
            .collect()
    }

    #[test]
    fn a_run_pays_2_4_6_8_with_a_heart_and_starts_again() {
        let pays: Vec<(u32, bool)> = run_of(Rules::DEFAULT, 9);
        let expected = [2, 4, 6, 8, 2, 4, 6, 8, 2].map(|p| (p, p == 8));
        assert_eq!(pays, expected);
        assert_eq!(Rules::DEFAULT.best_run(2, 3), (6 + 8 + 2, 1));
    }

    #[test]
    fn a_run_that_stays_at_eight_earns_a_heart_every_fourth_pair() {
        let rules = Rules {
            after_fourth: AfterFourth::StaysAtEight,
            ..Rules::DEFAULT
        };
        let pays = run_of(rules, 13);
        let points: Vec<u32> = pays.iter().map(|&(p, _)| p).collect();
        assert_eq!(points, [2, 4, 6, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
        let hearts: Vec<usize> = (0..13).filter(|&i| pays[i].1).collect();
        assert_eq!(hearts, [3, 7, 11]);
        assert!((0..30).all(|run| rules.regular_pair(run % 8).run < rules.run_values()));
    }

    #[test]
    fn an_unbroken_run_pays_at_least_a_broken_one() {
        for rules in [
            Rules::DEFAULT,
            Rules {
                after_fourth: AfterFourth::StaysAtEight,
                ..Rules::DEFAULT
            },
        ] {
            for run in 0..rules.run_values() {
                for count in 0..12u32 {
                    let (points, hearts) = rules.best_run(run, count);
                    // Broken after `first` pairs, the rest from a new run.
                    for first in 0..count {
                        let (a, ha) = rules.best_run(run, first);
                        let (b, hb) = rules.best_run(0, count - first);
                        assert!(
                            points >= a + b && hearts >= ha + hb,
                            "{run} {count} {first}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn unused_uses_are_paid_on_a_win_unless_always() {
        assert_eq!(Rules::DEFAULT.unused_points(4, true), 20);
        assert_eq!(Rules::DEFAULT.unused_points(4, false), 0);
        let always = Rules {
            unused_bonus: UnusedBonus::Always,
            ..Rules::DEFAULT
        };
        assert_eq!(always.unused_points(4, false), 20);
        assert_eq!(heart_points(9), 0);
        assert_eq!(heart_points(10), 10);
    }

    #[test]
    fn rules_say_what_differs() {
        assert_eq!(Rules::DEFAULT.to_string(), "1 free cell, 6 uses");
        let all = Rules {
            free_cells: 2,
            uses: 40,
            after_fourth: AfterFourth::StaysAtEight,
            cell_breaks_run: true,
            unused_bonus: UnusedBonus::Always,
            perfect_from_cells: true,
        };
        assert_eq!(
            all.to_string(),
            "2 free cells, 15 uses, the run stays at 8, a free-cell move breaks the run, \
             unused uses paid always, perfect matches from free cells"
        );
        assert_eq!(Rules::with_free_cells(0).cells(), 1);
    }
}

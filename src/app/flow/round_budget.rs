//! What each round of a ranking at the table may spend: a value the app sets on every game's
//! flow, so that what decides it is the caller's, not the build's.

use std::time::Duration;

use solitaire::engine::at_table::SampleBudget;
use solitaire::engine::search::Caps;

/// What each round of a ranking may spend: the most deals of the cards not known it solves,
/// and the longest the first round and each later one take (no limit when `None`). The app's
/// rounds ([`RoundBudget::APP`]) end on the clock as well; a fixed number of deals and no
/// clock makes what a round finds the same however loaded the machine is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundBudget {
    pub deals: usize,
    pub first_time: Option<Duration>,
    pub time: Option<Duration>,
}

impl RoundBudget {
    /// The app's: the first round is short, so that a hint shows within a second (on fewer
    /// deals when its time runs out first), and the later ones sharpen it; a figure counts
    /// every round's deals.
    pub const APP: RoundBudget = RoundBudget {
        deals: 125,
        first_time: Some(Duration::from_millis(600)),
        time: Some(Duration::from_secs(3)),
    };

    /// The deals of round `round`, each solved under `caps`, from a seed of its own.
    pub fn of_round(self, round: u32, caps: Caps) -> SampleBudget {
        SampleBudget {
            deals: self.deals,
            time: if round == 0 {
                self.first_time
            } else {
                self.time
            },
            threads: 1,
            caps,
            seed: u64::from(round) + 1,
        }
    }
}

impl Default for RoundBudget {
    fn default() -> RoundBudget {
        RoundBudget::APP
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_app_s_first_round_is_short_and_each_round_has_a_seed_of_its_own() {
        let first = RoundBudget::APP.of_round(0, Caps::NONE);
        let later = RoundBudget::APP.of_round(2, Caps::NONE);
        assert_eq!((first.deals, later.deals), (125, 125));
        assert_eq!(first.time, Some(Duration::from_millis(600)));
        assert_eq!(later.time, Some(Duration::from_secs(3)));
        assert_eq!((first.seed, later.seed, first.threads), (1, 3, 1));
        assert_eq!(RoundBudget::default(), RoundBudget::APP);
    }
}

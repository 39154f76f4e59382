//! What a deal is played for: the Board challenge (clear the pyramid), the Score challenge
//! (reach a score over several deals) or the Card challenge (remove so many cards of a rank),
//! with what each asks of one deal.

use std::fmt;

use super::rules::{Finish, Rules};
use crate::card::Rank;

/// A challenge and its inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Goal {
    /// Clear the pyramid in the fewest steps.
    #[default]
    Board,
    /// Reach `target` points in all, `earned` of them in earlier deals.
    Score { target: u32, earned: u32 },
    /// Remove `target` cards of `rank` in all, `already` of them in earlier deals.
    Card {
        rank: Rank,
        target: u32,
        already: u32,
    },
}

/// The Score challenge's usual target: everything one deal can give.
pub const FULL_SCORE: u32 = 1290;

impl Goal {
    /// Why the inputs make no sense, if they do not.
    pub fn problem(&self) -> Option<String> {
        match *self {
            Goal::Board => None,
            Goal::Score { target, earned } => (earned >= target).then(|| {
                format!("the target ({target}) must be above the points already earned ({earned})")
            }),
            Goal::Card {
                rank,
                target,
                already,
            } => (target == 0 || already > target).then(|| {
                format!(
                    "the target must be at least 1 and no less than the {} already removed \
                     ({already} of {target})",
                    rank.plural()
                )
            }),
        }
    }

    /// Why the challenge cannot be played under these rules, if it cannot: a Score or Card
    /// deal ends when the pyramid is cleared (any passes, either pairing).
    pub fn rules_problem(&self, rules: Rules) -> Option<String> {
        (*self != Goal::Board && rules.finish != Finish::Pyramid).then(|| {
            "a Score or Card challenge's deal ends when the pyramid is cleared: clearing all 52 \
             cards is for the Board challenge"
                .to_string()
        })
    }

    /// What is left to do in this deal: points or cards (0 for the Board challenge).
    pub fn needed(&self) -> u32 {
        match *self {
            Goal::Board => 0,
            Goal::Score { target, earned } => target.saturating_sub(earned),
            Goal::Card {
                target, already, ..
            } => target.saturating_sub(already),
        }
    }
}

impl fmt::Display for Goal {
    /// "Board", "Score: 1290 points (0 earned)", "Card: 4 Aces (2 already)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Goal::Board => write!(f, "Board"),
            Goal::Score { target, earned } => write!(f, "Score: {target} points ({earned} earned)"),
            Goal::Card {
                rank,
                target,
                already,
            } => {
                let name = if target == 1 {
                    rank.name()
                } else {
                    rank.plural()
                };
                write!(f, "Card: {target} {name} ({already} already)")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_are_checked_and_the_deal_asks_for_the_rest() {
        let score = Goal::Score {
            target: 1290,
            earned: 300,
        };
        assert_eq!(score.problem(), None);
        assert_eq!(score.needed(), 990);
        let over = Goal::Score {
            target: 100,
            earned: 100,
        };
        assert!(
            over.problem()
                .unwrap()
                .contains("above the points already earned")
        );
        let ace = Rank::new(1).unwrap();
        let card = Goal::Card {
            rank: ace,
            target: 3,
            already: 2,
        };
        assert_eq!(card.needed(), 1);
        assert_eq!(card.to_string(), "Card: 3 Aces (2 already)");
        let too_many = Goal::Card {
            rank: ace,
            target: 3,
            already: 4,
        };
        assert!(too_many.problem().is_some());
    }
}

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

/// The most deals a challenge is taken to span: a target more than this many deals could give
/// is refused as out of reach (and it keeps every running total far from overflowing).
pub const MAX_DEALS: u32 = 1000;

/// The highest Score target: [`MAX_DEALS`] deals' worth of points.
pub const MAX_SCORE_TARGET: u32 = FULL_SCORE * MAX_DEALS;

/// The highest Card target: four cards of the rank in each of [`MAX_DEALS`] deals.
pub const MAX_CARD_TARGET: u32 = 4 * MAX_DEALS;

/// Why a challenge cannot be played as given: its inputs make no sense, or the rules do not
/// fit it. Every entrance (the commands, a saved file, the app's dialog) asks [`Goal::check`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GoalError {
    #[error("the target must be at least 1 point")]
    NoPoints,
    #[error(
        "the target ({target}) is more than {MAX_DEALS} deals can give: at most {MAX_SCORE_TARGET} points"
    )]
    TooManyPoints { target: u32 },
    #[error("the target ({target}) must be above the points already earned ({earned})")]
    AlreadyEarned { target: u32, earned: u32 },
    #[error("the target must be at least 1 {}", .rank.name())]
    NoCards { rank: Rank },
    #[error(
        "the target ({target} {}) is more than {MAX_DEALS} deals hold: at most {MAX_CARD_TARGET}",
        .rank.plural()
    )]
    TooManyCards { rank: Rank, target: u32 },
    #[error(
        "the target must be above the {} already removed ({already} of {target})",
        .rank.plural()
    )]
    AlreadyRemoved {
        rank: Rank,
        target: u32,
        already: u32,
    },
    #[error(
        "a Score or Card challenge's deal ends when the pyramid is cleared: clearing all 52 \
         cards is for the Board challenge"
    )]
    NeedsPyramid,
}

impl Goal {
    /// Whether the challenge can be played under `rules`: a target of at least 1, above what
    /// earlier deals gave, and within [`MAX_DEALS`] deals' worth; and a Score or Card deal
    /// ends when the pyramid is cleared (any passes, either pairing). A target above what one
    /// deal can give is allowed: such a challenge spans several deals.
    pub fn check(&self, rules: Rules) -> Result<(), GoalError> {
        self.check_inputs()?;
        if *self != Goal::Board && rules.finish != Finish::Pyramid {
            return Err(GoalError::NeedsPyramid);
        }
        Ok(())
    }

    /// The checks of [`Goal::check`] that do not depend on the rules.
    pub fn check_inputs(&self) -> Result<(), GoalError> {
        match *self {
            Goal::Board => Ok(()),
            Goal::Score { target, earned } => match target {
                0 => Err(GoalError::NoPoints),
                _ if target > MAX_SCORE_TARGET => Err(GoalError::TooManyPoints { target }),
                _ if earned >= target => Err(GoalError::AlreadyEarned { target, earned }),
                _ => Ok(()),
            },
            Goal::Card {
                rank,
                target,
                already,
            } => match target {
                0 => Err(GoalError::NoCards { rank }),
                _ if target > MAX_CARD_TARGET => Err(GoalError::TooManyCards { rank, target }),
                _ if already >= target => Err(GoalError::AlreadyRemoved {
                    rank,
                    target,
                    already,
                }),
                _ => Ok(()),
            },
        }
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
        let msc = Rules::default();
        let score = Goal::Score {
            target: 1290,
            earned: 300,
        };
        assert_eq!(score.check(msc), Ok(()));
        assert_eq!(score.needed(), 990);
        let over = Goal::Score {
            target: 100,
            earned: 100,
        };
        assert!(
            over.check(msc)
                .unwrap_err()
                .to_string()
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
        assert!(too_many.check(msc).is_err());
    }

    #[test]
    fn a_target_beyond_one_deal_is_allowed_but_not_beyond_reach_or_zero() {
        let msc = Rules::default();
        let score = |target, earned| Goal::Score { target, earned }.check(msc);
        assert_eq!(score(99_999, 0), Ok(()));
        assert_eq!(score(0, 0), Err(GoalError::NoPoints));
        assert_eq!(
            score(u32::MAX, u32::MAX - 1),
            Err(GoalError::TooManyPoints { target: u32::MAX })
        );
        let four = Rank::new(4).unwrap();
        let card = |target, already| {
            Goal::Card {
                rank: four,
                target,
                already,
            }
            .check(msc)
        };
        assert_eq!(card(5, 0), Ok(()));
        assert_eq!(card(0, 0), Err(GoalError::NoCards { rank: four }));
        assert_eq!(
            card(3, 3).unwrap_err().to_string(),
            "the target must be above the Fours already removed (3 of 3)"
        );
        assert!(matches!(card(4001, 0), Err(GoalError::TooManyCards { .. })));
    }

    #[test]
    fn a_challenge_needs_the_pyramid_goal() {
        let all = Rules {
            finish: Finish::AllCards,
            ..Rules::default()
        };
        let score = Goal::Score {
            target: 1290,
            earned: 0,
        };
        assert_eq!(score.check(all), Err(GoalError::NeedsPyramid));
        assert_eq!(Goal::Board.check(all), Ok(()));
    }
}

//! What a deal is played for, in every game: the Board challenge (clear the tableau), the
//! Score challenge (reach a score over several deals) or the Card challenge (remove so many
//! cards of a rank), with what each asks of one deal. Each game's limits come from
//! [`GameKind`].

use std::fmt;

use crate::cards::card::{Rank, RankParseError};
use crate::cards::excerpt::{excerpt, thousands};
use crate::engine::kind::GameKind;

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

/// Pyramid's Score challenge's usual target: everything one deal can give.
pub const FULL_SCORE: u32 = GameKind::Pyramid.full_score();

/// The most deals a challenge is taken to span: a target more than this many deals could give
/// is refused as out of reach (and it keeps every running total far from overflowing).
pub const MAX_DEALS: u32 = 1000;

/// The highest Score target of any game: [`MAX_DEALS`] deals' worth of points in the game
/// whose deal gives the most (TriPeaks); each game checks its own with
/// [`GameKind::max_score_target`].
pub const MAX_SCORE_TARGET: u32 = GameKind::TriPeaks.max_score_target();

/// The highest Card target: four cards of the rank in each of [`MAX_DEALS`] deals.
pub const MAX_CARD_TARGET: u32 = 4 * MAX_DEALS;

/// The answer to a Card challenge, in a game's lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardAnswer<Line> {
    /// The fewest steps to remove the cards asked for.
    Reached(Line),
    /// Out of reach: the most cards of the rank on a line that clears the layout (the pyramid,
    /// the tableau), and, when more can be removed without clearing it, the most on a line
    /// that does not; each in the fewest steps.
    Short {
        clearing: Option<Line>,
        open: Option<Line>,
    },
}

/// Why a challenge cannot be played as given: its inputs make no sense, or the rules do not
/// fit it. Every entrance (the commands, a saved file, the app's dialog) asks [`Goal::check`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GoalError {
    #[error("the target must be at least 1 point")]
    NoPoints,
    #[error("the target ({target}) is more than {MAX_DEALS} deals can give: at most {most} points")]
    TooManyPoints { target: u32, most: u32 },
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

impl GameKind {
    /// The highest Score target: [`MAX_DEALS`] deals' worth.
    pub const fn max_score_target(self) -> u32 {
        self.full_score() * MAX_DEALS
    }
}

impl Goal {
    /// The checks every game makes of a challenge's inputs: a target of at least 1, above
    /// what earlier deals gave, and within [`MAX_DEALS`] deals' worth of `game`. A target
    /// above what one deal can give is allowed: such a challenge spans several deals. A game
    /// whose rules bear on the challenge checks them besides (Pyramid's `Goal::check`).
    pub fn check_inputs(&self, game: GameKind) -> Result<(), GoalError> {
        let most = game.max_score_target();
        match *self {
            Goal::Board => Ok(()),
            Goal::Score { target, earned } => match target {
                0 => Err(GoalError::NoPoints),
                _ if target > most => Err(GoalError::TooManyPoints { target, most }),
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

    /// The target a chance is to reach, in words: "30,000", "4 Kings"; `None` for the Board
    /// challenge, whose chance is to win.
    pub fn target_text(&self) -> Option<String> {
        match *self {
            Goal::Board => None,
            Goal::Score { target, .. } => Some(thousands(target as usize)),
            Goal::Card { rank, target, .. } => Some(format!(
                "{target} {}",
                if target == 1 {
                    rank.name()
                } else {
                    rank.plural()
                }
            )),
        }
    }

    /// Whether this is a Score challenge with no target of its own for one deal of a game
    /// whose deal gives at most `full_score`: its target all one deal can give (what `--score`
    /// without a number asks for), or more than this deal can give. Next to no deal reaches
    /// it, so at the table the question is the points, not the chance to reach it.
    pub fn asks_most_points(&self, full_score: u32) -> bool {
        match *self {
            Goal::Score { target, .. } => target == full_score || self.needed() > full_score,
            Goal::Board | Goal::Card { .. } => false,
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

/// One field of a challenge as typed: the Card challenge's rank, or a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The Score challenge's target, in points.
    ScoreTarget,
    /// Points earned in earlier deals.
    Earned,
    Rank,
    /// The Card challenge's target, in cards.
    CardTarget,
    /// Cards of the rank removed in earlier deals.
    Already,
}

impl Field {
    /// The field's label in a form: "Target", "Earned", "Rank", "Already".
    pub fn label(self) -> &'static str {
        match self {
            Field::ScoreTarget | Field::CardTarget => "Target",
            Field::Earned => "Earned",
            Field::Rank => "Rank",
            Field::Already => "Already",
        }
    }

    /// The largest count the field can hold in a challenge that makes sense (below the
    /// target, for what earlier deals gave) of `game`; 0 for the rank.
    pub fn most(self, game: GameKind) -> u32 {
        match self {
            Field::ScoreTarget => game.max_score_target(),
            Field::Earned => game.max_score_target() - 1,
            Field::CardTarget => MAX_CARD_TARGET,
            Field::Already => MAX_CARD_TARGET - 1,
            Field::Rank => 0,
        }
    }

    /// Reads a count typed into this field: digits only. Digits past what a `u32` holds are
    /// too large rather than not a number, so the message can give the limit; a count within
    /// a `u32` but still too large is left to [`Goal::check_inputs`], which says why.
    pub fn count(self, text: &str, game: GameKind) -> Result<u32, CountError> {
        read_count(text, self.most(game))
    }
}

/// Reads a count: digits only. Digits past what a `u32` holds are too large rather than not
/// a number, and the message names `most`, the largest count that makes sense where it is
/// read; a count within a `u32` but above `most` is left to the caller, which says why.
pub fn read_count(text: &str, most: u32) -> Result<u32, CountError> {
    if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit()) {
        return Err(CountError::NotANumber(text.to_string()));
    }
    // Only digits: the parse fails only on a number too large.
    text.parse().map_err(|_| CountError::TooLarge {
        text: text.to_string(),
        most,
    })
}

/// Why the text typed for a count does not read; each holds the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    #[error("'{}' is not a number", excerpt(.0))]
    NotANumber(String),
    #[error("'{}' is too large: at most {most}", excerpt(.text))]
    TooLarge { text: String, most: u32 },
}

/// A challenge as typed, field by field, before it is read: the app's dialog gives its
/// fields, a saved file's `challenge` header its words ([`GoalText::from_words`]), and the
/// command line reads each flag with [`Field::count`] and the rank with [`Rank`]'s parser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoalText<'a> {
    Board,
    Score {
        target: &'a str,
        earned: &'a str,
    },
    Card {
        rank: &'a str,
        target: &'a str,
        already: &'a str,
    },
}

/// Why a challenge as typed cannot be played: a field that does not read, or inputs that make
/// no sense together.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GoalTextError {
    #[error("{}: {problem}", .field.label())]
    Count { field: Field, problem: CountError },
    #[error("Rank: {0}")]
    Rank(#[from] RankParseError),
    #[error(transparent)]
    Goal(#[from] GoalError),
}

impl<'a> GoalText<'a> {
    /// The words of a saved file's `challenge` header, as [`Goal::words`] writes them:
    /// `board`, `score TARGET earned E` or `card RANK TARGET already K`; `None` when the
    /// words are none of these.
    pub fn from_words(text: &'a str) -> Option<GoalText<'a>> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["board"] => Some(GoalText::Board),
            &["score", target, "earned", earned] => Some(GoalText::Score { target, earned }),
            &["card", rank, target, "already", already] => Some(GoalText::Card {
                rank,
                target,
                already,
            }),
            _ => None,
        }
    }

    /// The challenge, its fields read in order and its inputs checked
    /// ([`Goal::check_inputs`]).
    pub fn read(self) -> Result<Goal, GoalTextError> {
        self.read_in(GameKind::Pyramid)
    }

    /// [`GoalText::read`] under `game`'s limits.
    pub fn read_in(self, game: GameKind) -> Result<Goal, GoalTextError> {
        let count = |field: Field, text: &str| {
            field
                .count(text, game)
                .map_err(|problem| GoalTextError::Count { field, problem })
        };
        let goal = match self {
            GoalText::Board => Goal::Board,
            GoalText::Score { target, earned } => Goal::Score {
                target: count(Field::ScoreTarget, target)?,
                earned: count(Field::Earned, earned)?,
            },
            GoalText::Card {
                rank,
                target,
                already,
            } => Goal::Card {
                rank: rank.parse()?,
                target: count(Field::CardTarget, target)?,
                already: count(Field::Already, already)?,
            },
        };
        goal.check_inputs(game)?;
        Ok(goal)
    }
}

impl Goal {
    /// The words [`GoalText::from_words`] reads back: `board`, `score 1290 earned 0`,
    /// `card J 4 already 1`.
    pub fn words(&self) -> String {
        match *self {
            Goal::Board => "board".to_string(),
            Goal::Score { target, earned } => format!("score {target} earned {earned}"),
            Goal::Card {
                rank,
                target,
                already,
            } => format!("card {rank} {target} already {already}"),
        }
    }

    /// Adds the challenge to an answer's JSON `object`, as answers name it: `"challenge":
    /// "board"`; `"challenge": "score", "target": 1290, "earned": 0`; `"challenge": "card",
    /// "rank": "J", "target": 4, "already": 1`.
    pub fn add_json(&self, object: &mut serde_json::Value) {
        use serde_json::json;
        match *self {
            Goal::Board => object["challenge"] = json!("board"),
            Goal::Score { target, earned } => {
                object["challenge"] = json!("score");
                object["target"] = json!(target);
                object["earned"] = json!(earned);
            }
            Goal::Card {
                rank,
                target,
                already,
            } => {
                object["challenge"] = json!("card");
                object["rank"] = json!(rank.letter().to_string());
                object["target"] = json!(target);
                object["already"] = json!(already);
            }
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
        let pyramid = GameKind::Pyramid;
        let score = Goal::Score {
            target: 1290,
            earned: 300,
        };
        assert_eq!(score.check_inputs(pyramid), Ok(()));
        assert_eq!(score.needed(), 990);
        let over = Goal::Score {
            target: 100,
            earned: 100,
        };
        assert!(
            over.check_inputs(pyramid)
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
        assert!(too_many.check_inputs(pyramid).is_err());
    }

    #[test]
    fn a_target_beyond_one_deal_is_allowed_but_not_beyond_reach_or_zero() {
        let pyramid = GameKind::Pyramid;
        let score = |target, earned| Goal::Score { target, earned }.check_inputs(pyramid);
        assert_eq!(score(99_999, 0), Ok(()));
        assert_eq!(score(0, 0), Err(GoalError::NoPoints));
        assert_eq!(
            score(u32::MAX, u32::MAX - 1),
            Err(GoalError::TooManyPoints {
                target: u32::MAX,
                most: MAX_DEALS * FULL_SCORE
            })
        );
        let four = Rank::new(4).unwrap();
        let card = |target, already| {
            Goal::Card {
                rank: four,
                target,
                already,
            }
            .check_inputs(pyramid)
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
    fn goal_text_reads_back_the_words_written() {
        let jack = Rank::new(11).unwrap();
        for goal in [
            Goal::Board,
            Goal::Score {
                target: 1290,
                earned: 40,
            },
            Goal::Card {
                rank: jack,
                target: 4,
                already: 1,
            },
        ] {
            let words = goal.words();
            assert_eq!(
                GoalText::from_words(&words).map(GoalText::read),
                Some(Ok(goal))
            );
        }
        assert_eq!(
            GoalText::from_words("card 10 3 already 0").map(GoalText::read),
            Some(Ok(Goal::Card {
                rank: Rank::new(10).unwrap(),
                target: 3,
                already: 0
            }))
        );
        for words in ["golf", "score 1290", "card J 4 earned 1", ""] {
            assert_eq!(GoalText::from_words(words), None, "{words}");
        }
    }

    #[test]
    fn goal_text_names_the_field_that_does_not_read() {
        let said = |text: GoalText| text.read().unwrap_err().to_string();
        assert_eq!(
            said(GoalText::Score {
                target: "x",
                earned: "0"
            }),
            "Target: 'x' is not a number"
        );
        assert_eq!(
            said(GoalText::Score {
                target: "100",
                earned: "99999999999"
            }),
            "Earned: '99999999999' is too large: at most 1289999"
        );
        assert_eq!(
            said(GoalText::Card {
                rank: "z",
                target: "4",
                already: "0"
            }),
            "Rank: 'z' is not a rank: A 2-9 T J Q K"
        );
        assert_eq!(
            said(GoalText::Card {
                rank: "A",
                target: "",
                already: "0"
            }),
            "Target: '' is not a number"
        );
        // Fields that read but make no sense together get the check's message.
        assert_eq!(
            said(GoalText::Score {
                target: "100",
                earned: "100"
            }),
            GoalError::AlreadyEarned {
                target: 100,
                earned: 100
            }
            .to_string()
        );
        assert_eq!(
            Field::CardTarget.count("+4", GameKind::Pyramid),
            Err(CountError::NotANumber("+4".into()))
        );
        assert_eq!(Field::CardTarget.count("0042", GameKind::Pyramid), Ok(42));
    }
}

//! Pyramid as the front ends see it: its options (the rules a file's headers may also give),
//! its challenges, a file opened as a table that answers the commands, and its lab.

use serde_json::Value;

use super::answer::Standing;
use super::at_table::chances_answer;
use super::lab::PyramidLab;
use super::saved::SavedDeal;
use super::solver::Budget;
use super::{Finish, Goal, Passes, RuleChanges, Rules};
use crate::cards::deal::Deal;
use crate::engine::at_table::SampleBudget;
use crate::engine::game::{
    Answered, Facts, Game, GameOption, Names, NotItsRules, OpenError, Opened, OptionError,
    OptionUse, Settings, Table, checked,
};
use crate::engine::goal::GoalError;
use crate::engine::kind::GameKind;
use crate::engine::lab::Lab;
use crate::engine::passes::PASSES_OPTION;
use crate::engine::search::{Caps, Observer};
use crate::engine::verdict::Answer;
use crate::games::pyramid::layout::LAYOUT;

/// Pyramid, for the registry.
pub struct Pyramid;

/// Pyramid's options: its rules, each of which a saved file may also give.
const OPTIONS: &[GameOption] = &[
    GameOption {
        default: Some("3"),
        from_file: true,
        compared: true,
        ..PASSES_OPTION
    },
    GameOption {
        conflicts_with: &["strict"],
        compared: true,
        ..GameOption::switch(
            "relaxed",
            OptionUse::Rule,
            "Relaxed pairing (\"overlap pairs\"): a pyramid card whose only remaining cover is \
             one uncovered card may pair with that card",
        )
    },
    GameOption {
        help_without_file: Some("Strict pairing (MSC's; the default)"),
        compared: true,
        ..GameOption::switch(
            "strict",
            OptionUse::Rule,
            "Strict pairing (MSC's), even where the file says relaxed",
        )
    },
    GameOption {
        default: Some("pyramid"),
        from_file: true,
        help_without_file: Some(
            "What must be cleared to win: the pyramid (MSC's Board challenge; the default) or \
             all 52 cards",
        ),
        ..GameOption::value(
            "goal",
            OptionUse::Rule,
            "pyramid|all",
            "What must be cleared to win: the pyramid (MSC's Board challenge) or all 52 cards",
            |text| checked(Finish::parse(text)),
        )
    },
];

/// The rules the options change.
fn changes(settings: &Settings) -> Result<RuleChanges, OptionError> {
    Ok(RuleChanges {
        passes: settings.read("passes", Passes::parse)?,
        relaxed: match (settings.has("relaxed"), settings.has("strict")) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        },
        finish: settings.read("goal", Finish::parse)?,
    })
}

/// Reads a Pyramid file: a deal, or a game saved part-way through, under the rules its
/// headers give with `changes` made; a file without a `# name:` is named `stem`.
pub fn read(text: &str, stem: &str, changes: RuleChanges) -> Result<SavedDeal, OpenError> {
    let deal = Deal::parse(text).map_err(OpenError::Deck)?;
    SavedDeal::with_headers(text, deal, stem, changes).map_err(OpenError::from)
}

/// Pyramid's facts: scored, its answers the fewest steps.
static FACTS: Facts = Facts::scored(GameKind::Pyramid, &LAYOUT, OPTIONS);

impl Game for Pyramid {
    fn facts(&self) -> &'static Facts {
        &FACTS
    }

    fn open(&self, text: &str, names: &Names, settings: &Settings) -> Opened {
        let game = read(text, &names.stem, changes(settings)?)?;
        Ok(Box::new(PyramidTable {
            standing: Standing::new(game),
            name: names.shown.clone(),
        }))
    }

    fn lab(&self, settings: &Settings, goal: Goal, caps: Caps) -> Result<Box<dyn Lab>, OpenError> {
        let rules = changes(settings)?.apply(Rules::default());
        goal.check(rules)?;
        Ok(Box::new(PyramidLab { rules, goal, caps }))
    }

    fn lab_of_json(&self, rules: &Value, caps: Caps) -> Result<Box<dyn Lab>, NotItsRules> {
        let rules = super::lab::rules_of(rules)?;
        Ok(Box::new(PyramidLab {
            rules,
            goal: Goal::Board,
            caps,
        }))
    }
}

/// A Pyramid file opened: the game as it stands, and how the file is named in messages.
struct PyramidTable {
    standing: Standing,
    name: String,
}

impl Table for PyramidTable {
    fn solve(&self, goal: Option<Goal>, caps: Caps, observer: &mut dyn Observer) -> Answered {
        // Without a challenge on the command line, the one saved with the game.
        let goal = goal.unwrap_or(self.standing.game.goal);
        self.fits(goal)?;
        // One budget for the answer, what unknown cards could give, and the plan to reveal one.
        let budget = Budget::start(caps);
        Ok(self.standing.solve(goal, &budget, observer))
    }

    fn hint(&self, caps: Caps, observer: &mut dyn Observer) -> Answer {
        self.standing.hint(&Budget::start(caps), observer)
    }

    fn goal(&self) -> Goal {
        self.standing.game.goal
    }

    fn fits(&self, goal: Goal) -> Result<(), GoalError> {
        goal.check(self.standing.position.rules())
    }

    fn ranked(
        &self,
        goal: Goal,
        budget: &SampleBudget,
        observer: &mut dyn Observer,
    ) -> Option<Answer> {
        chances_answer(&self.standing, goal, budget, observer)
    }

    fn validate(&self, _settings: &Settings) -> Answered {
        Ok(self.standing.validate(&self.name))
    }

    fn rules_text(&self) -> String {
        self.standing.position.rules().to_string()
    }

    fn rules_json(&self) -> Value {
        super::lab::rules_json(self.standing.position.rules())
    }
}

//! TriPeaks as the front ends see it: no rule variants, the Board, Score and Card challenges,
//! a file opened as a table that answers the commands, and its lab (with `--card`, the most
//! cards of a rank each deal lets a player remove).

use serde_json::Value;

use super::answer::{hint_answer, solve_answer, validate_answer};
use super::at_table::chances_answer;
use super::lab::TriPeaksLab;
use super::saved::SavedTriPeaks;
use crate::cards::card::Rank;
use crate::cards::deal::Deal;
use crate::engine::at_table::SampleBudget;
use crate::engine::game::{
    Answered, Facts, Game, GameOption, Names, NotItsRules, OpenError, Opened, OptionError,
    OptionUse, Settings, Table,
};
use crate::engine::goal::{Goal, GoalError};
use crate::engine::kind::GameKind;
use crate::engine::lab::Lab;
use crate::engine::search::{Budget, Caps, Observer};
use crate::engine::verdict::Answer;
use crate::games::tripeaks::layout::LAYOUT;

/// TriPeaks, for the registry.
pub struct TriPeaks;

/// TriPeaks' options: what its runs may measure besides the Board and the best score.
const OPTIONS: &[GameOption] = &[GameOption {
    elsewhere: "is for TriPeaks runs (with --game tripeaks)",
    ..GameOption::value(
        "card",
        OptionUse::Measuring,
        "RANK",
        "Also the most tableau cards of RANK each deal lets you remove, as a histogram (the \
         Card challenge's distribution)",
        |text| {
            text.parse::<Rank>()
                .map(|_| ())
                .map_err(|error| OptionError(error.to_string()))
        },
    )
}];

/// Reads a TriPeaks file: a deal drawn as three peaks, or a game saved part-way through; a
/// file without a `# name:` is named `stem`.
pub fn read(text: &str, stem: &str) -> Result<SavedTriPeaks, OpenError> {
    let deal = Deal::parse_as(text, &LAYOUT).map_err(OpenError::Deck)?;
    SavedTriPeaks::with_headers(text, deal, stem).map_err(OpenError::from)
}

/// TriPeaks' facts: scored, its answers the fewest steps.
static FACTS: Facts = Facts::scored(GameKind::TriPeaks, &LAYOUT, OPTIONS);

impl Game for TriPeaks {
    fn facts(&self) -> &'static Facts {
        &FACTS
    }

    fn open(&self, text: &str, names: &Names, _settings: &Settings) -> Opened {
        Ok(Box::new(TriPeaksTable {
            saved: read(text, &names.stem)?,
            name: names.shown.clone(),
        }))
    }

    fn lab(&self, settings: &Settings, goal: Goal, caps: Caps) -> Result<Box<dyn Lab>, OpenError> {
        let rank = settings.read("card", str::parse::<Rank>)?;
        Ok(Box::new(TriPeaksLab { goal, rank, caps }))
    }

    fn lab_of_json(&self, rules: &Value, caps: Caps) -> Result<Box<dyn Lab>, NotItsRules> {
        let rank = super::lab::rank_of(rules)?;
        Ok(Box::new(TriPeaksLab {
            goal: Goal::Board,
            rank,
            caps,
        }))
    }
}

/// A TriPeaks file opened: the saved game, and how the file is named in messages.
struct TriPeaksTable {
    saved: SavedTriPeaks,
    name: String,
}

impl Table for TriPeaksTable {
    fn solve(&self, goal: Option<Goal>, caps: Caps, observer: &mut dyn Observer) -> Answered {
        let goal = goal.unwrap_or(self.saved.goal);
        self.fits(goal)?;
        Ok(solve_answer(
            &self.saved,
            goal,
            &Budget::start(caps),
            observer,
        ))
    }

    fn hint(&self, caps: Caps, observer: &mut dyn Observer) -> Answer {
        hint_answer(&self.saved, &Budget::start(caps), observer)
    }

    fn goal(&self) -> Goal {
        self.saved.goal
    }

    fn fits(&self, goal: Goal) -> Result<(), GoalError> {
        goal.check_inputs(GameKind::TriPeaks)
    }

    fn ranked(
        &self,
        goal: Goal,
        budget: &SampleBudget,
        observer: &mut dyn Observer,
    ) -> Option<Answer> {
        chances_answer(&self.saved, goal, budget, observer)
    }

    fn validate(&self, _settings: &Settings) -> Answered {
        Ok(validate_answer(&self.saved, &self.name))
    }

    /// One set of rules: Microsoft Solitaire Collection's.
    fn rules_text(&self) -> String {
        RULES.to_string()
    }

    fn rules_json(&self) -> Value {
        serde_json::json!({"of": RULES})
    }
}

/// The rules TriPeaks is played under, the only ones.
const RULES: &str = "Microsoft Solitaire Collection's rules";

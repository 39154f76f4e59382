//! Klondike as the front ends see it: its rules and how its texts are read and written out
//! (the layout, Solvitaire's JSON, a deal code), played only to win, a file opened as a table
//! that answers the commands, and its lab.

use serde_json::Value;

use super::answer::{hint_answer, search, solve_answer, validate_answer};
use super::at_table::chances_answer;
use super::formats::{self, Format};
use super::lab::KlondikeLab;
use super::rules::read_draw;
use super::saved::{KlondikeSave, SavedError, SavedKlondike, read_rules};
use super::{EmptyPile, Passes, Rules};
use crate::cards::deal::Deal;
use crate::engine::at_table::SampleBudget;
use crate::engine::game::{
    Answered, Facts, Game, GameOption, LineError, Names, NotItsRules, OpenError, Opened,
    OptionError, OptionUse, Problems, Settings, Table, checked,
};
use crate::engine::goal::Goal;
use crate::engine::headers::{headers, saved_date, saved_name};
use crate::engine::kind::GameKind;
use crate::engine::lab::Lab;
use crate::engine::passes::PASSES_OPTION;
use crate::engine::search::{Caps, Observer};
use crate::engine::verdict::Answer;
use crate::games::klondike::deal::LAYOUT;

/// Klondike, for the registry.
pub struct Klondike;

/// What another game says of Klondike's formats.
const ONE_LAYOUT: &str = "is for Klondike deals; a {game} deal has one layout";

/// Klondike's options: its rules, the format a deal is read in, and the one `validate` writes.
const OPTIONS: &[GameOption] = &[
    GameOption {
        default: Some("3"),
        compared: true,
        ..GameOption::value(
            "draw",
            OptionUse::Rule,
            "1|3",
            "Cards turned by one draw, 1 or 3",
            |text| checked(read_draw(text)),
        )
    },
    GameOption {
        default: Some("unlimited"),
        compared: true,
        ..PASSES_OPTION
    },
    GameOption::switch(
        "no-foundation-moves",
        OptionUse::Rule,
        "No card comes back from a foundation to a pile (by default one may)",
    ),
    GameOption::switch(
        "any-card-on-empty",
        OptionUse::Rule,
        "Any card, or a run headed by any card, may fill an empty pile (by default only a King)",
    ),
    GameOption {
        elsewhere: ONE_LAYOUT,
        ..GameOption::value(
            "format",
            OptionUse::Reading,
            "layout|solvitaire|code|position",
            "The deal's format: the project's layout, Solvitaire's JSON, Klondike-Solver's \
             deal code or the project's position text for a game under way (default: the text \
             says: `{` starts JSON, digits alone are a code, `pile 1:` starts a position)",
            |text| checked(text.parse::<Format>()),
        )
    },
    GameOption {
        elsewhere: ONE_LAYOUT,
        ..GameOption::value(
            "print-as",
            OptionUse::Printing,
            "layout|solvitaire|code|position",
            "Print the deal in this format instead of saying it is valid (a table that is not \
             a whole deal, such as a reduced deck, only as Solvitaire's JSON; a game under way \
             only as a position)",
            |text| checked(text.parse::<Format>()),
        )
    },
];

/// The rules the options give: the standard ones where an option says nothing.
fn rules(settings: &Settings) -> Result<Rules, OptionError> {
    let standard = Rules::STANDARD;
    Ok(Rules {
        draw: settings.read_or("draw", read_draw, standard.draw)?,
        passes: settings.read_or("passes", Passes::parse, Passes::Unlimited)?,
        foundation_to_tableau: !settings.has("no-foundation-moves"),
        empty_pile: if settings.has("any-card-on-empty") {
            EmptyPile::AnyCard
        } else {
            EmptyPile::KingsOnly
        },
    })
}

/// The options that set a rule.
const RULE_FLAGS: [&str; 4] = ["draw", "passes", "no-foundation-moves", "any-card-on-empty"];

/// The rules a file is played under: the flags', when any is given; else its `# rules:`
/// line's (a game saved from the app), else the standard ones.
fn rules_of(text: &str, settings: &Settings) -> Result<Rules, OpenError> {
    if RULE_FLAGS.iter().any(|flag| settings.has(flag)) {
        return Ok(rules(settings)?);
    }
    Ok(read_rules(text)?)
}

/// The format the options name for reading (`--format`) or printing (`--print-as`).
fn format(settings: &Settings, flag: &str) -> Result<Option<Format>, OptionError> {
    settings.read(flag, str::parse::<Format>)
}

/// A table's problems, each where it is.
pub fn problems(problems: &super::DealProblems) -> Problems {
    let (heading, shown) = problems.shown();
    Problems {
        heading,
        problems: shown.iter().map(|p| (p.location(), p.message())).collect(),
    }
}

/// Klondike's facts: played to win; it alone reads Solvitaire's JSON and deal codes.
static FACTS: Facts = Facts::to_win(
    GameKind::Klondike,
    &LAYOUT,
    OPTIONS,
    "Klondike is solved to put every card on the foundations",
    "Solvitaire's JSON or a deal code",
);

/// Why a written game does not open, as the front ends say it.
fn open_error(error: SavedError) -> OpenError {
    match error {
        SavedError::Header(message) => OpenError::Text(message.to_string()),
        SavedError::Table(found) => OpenError::Problems(problems(&found)),
        SavedError::Move { at, .. } => OpenError::At {
            at,
            message: error.to_string(),
        },
    }
}

/// Reads a game saved from the app, or any Klondike file (a deal at its start in any
/// format), under the rules of its `# rules:` line; a text without a `# name:` is named
/// `stem`.
pub fn read(text: &str, stem: &str) -> Result<KlondikeSave, OpenError> {
    let rules = rules_of(text, &Settings::default())?;
    let game = SavedKlondike::read(text, None, rules).map_err(open_error)?;
    Ok(KlondikeSave {
        name: saved_name(text, stem),
        saved: saved_date(text),
        notes: headers(text, "notes"),
        game,
    })
}

impl Game for Klondike {
    fn facts(&self) -> &'static Facts {
        &FACTS
    }

    fn claims(&self, text: &str) -> bool {
        Format::of_text(text) != Format::Layout
    }

    fn open(&self, text: &str, names: &Names, settings: &Settings) -> Opened {
        let saved =
            SavedKlondike::read(text, format(settings, "format")?, rules_of(text, settings)?)
                .map_err(open_error)?;
        Ok(Box::new(KlondikeTable {
            saved,
            name: names.shown.clone(),
        }))
    }

    /// A Klondike deal at its start, its cards in the deal order of its layout.
    fn deal_of_line(&self, line: &str) -> Result<Deal, LineError> {
        let table = formats::read(line, None)?;
        table
            .deal()
            .and_then(|deal| Deal::from_slots(deal.slots(), &LAYOUT).ok())
            .ok_or(LineError::NotWhole)
    }

    fn lab(&self, settings: &Settings, _goal: Goal, caps: Caps) -> Result<Box<dyn Lab>, OpenError> {
        Ok(Box::new(KlondikeLab {
            rules: rules(settings)?,
            format: format(settings, "format")?,
            caps,
        }))
    }

    fn lab_of_json(&self, rules: &Value, caps: Caps) -> Result<Box<dyn Lab>, NotItsRules> {
        Ok(Box::new(KlondikeLab {
            rules: super::lab::rules_from_json(rules)?,
            format: None,
            caps,
        }))
    }
}

/// A Klondike file opened: the table, its rules and the moves played, and how the file is
/// named in messages.
struct KlondikeTable {
    saved: SavedKlondike,
    name: String,
}

impl Table for KlondikeTable {
    /// Klondike has no challenge: it is solved to win, whatever `goal` says.
    fn solve(&self, _goal: Option<Goal>, caps: Caps, observer: &mut dyn Observer) -> Answered {
        Ok(solve_answer(&search(&self.saved, caps, observer)))
    }

    fn hint(&self, caps: Caps, observer: &mut dyn Observer) -> Answer {
        hint_answer(&search(&self.saved, caps, observer))
    }

    /// Klondike has no challenge: its moves are ranked by their chance to win.
    fn ranked(
        &self,
        _goal: Goal,
        budget: &SampleBudget,
        observer: &mut dyn Observer,
    ) -> Option<Answer> {
        chances_answer(&self.saved, budget, observer)
    }

    fn validate(&self, settings: &Settings) -> Answered {
        validate_answer(&self.saved, &self.name, format(settings, "print-as")?)
    }

    fn rules_text(&self) -> String {
        self.saved.rules.to_string()
    }

    fn rules_json(&self) -> Value {
        super::answer::rules_json(self.saved.rules)
    }
}

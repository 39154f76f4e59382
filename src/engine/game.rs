//! The Game seam: what the front ends ask of every game, so that they list the games (see
//! [`crate::games::ALL`]) and name none. A game says who it is, which options it takes (its
//! rules, how its texts are read and printed, what its runs measure), which challenges it
//! has and which texts are its own; it opens a text (a deal or a saved game) as a [`Table`],
//! which answers `solve`, `hint` and `validate`, and makes a [`Lab`] for `batch` and `stats`.
//! Each answer is an [`Answer`] whose [`Verdict`](super::verdict::Verdict) gives the exit
//! code. The traits are object safe: the registry is a list of `&dyn Game`.

use std::fmt;

use serde_json::Value;

pub use crate::cards::excerpt::joined;

use crate::cards::deal::{Deal, DeckProblems, RandomDeals, TextPos};
use crate::cards::layout::Layout;
use crate::engine::at_table::SampleBudget;
use crate::engine::goal::{Goal, GoalError};
use crate::engine::headers::SavedTextError;
use crate::engine::kind::GameKind;
use crate::engine::lab::Lab;
pub use crate::engine::lab::{LineError, NotItsRules};
use crate::engine::search::{Caps, Observer};
use crate::engine::verdict::Answer;

/// One of the games, as every front end sees it.
pub trait Game: Sync {
    /// The name typed on the command line and written in a saved file's `# game:` header.
    fn id(&self) -> &'static str {
        self.kind().id()
    }
    /// The name people read: "Pyramid", "TriPeaks".
    fn name(&self) -> &'static str {
        self.kind().name()
    }
    /// The game's plain facts, written once as a value.
    fn facts(&self) -> &'static Facts;
    /// The library's name for it, for the code that serves every game by that name (saved
    /// files, the deal reader).
    fn kind(&self) -> GameKind {
        self.facts().kind
    }
    /// How it lays a deal out: the words for its places, the deal drawn as people type it.
    fn layout(&self) -> &'static Layout {
        self.facts().layout
    }
    /// The options the game takes: each a flag of the commands, under the game's heading.
    fn options(&self) -> &'static [GameOption] {
        self.facts().options
    }
    /// Its challenges: the most points one deal gives (the Score challenge's target when none
    /// is given), or `None` for a game played only to win, with the words saying what it is
    /// solved for.
    fn challenges(&self) -> Challenges {
        self.facts().challenges
    }
    /// Whether its answers are the fewest steps (else a line that wins, not the shortest).
    fn fewest(&self) -> bool {
        self.facts().fewest
    }
    /// How the commands name a deal's outcome and its answers, in the game's own words.
    fn words(&self) -> Words {
        self.facts().words
    }
    /// Whether `stats` measures its deals.
    fn measured(&self) -> bool {
        self.facts().measured
    }
    /// Whether a text without a `# game:` header can only be this game's (a format no other
    /// game reads).
    fn claims(&self, _text: &str) -> bool {
        false
    }
    /// Whether a line of a file of deals (`batch`) can only be this game's: a shape no other
    /// game's lines take.
    fn claims_line(&self, _line: &str) -> bool {
        false
    }
    /// The texts [`Game::claims`], in words: "Solvitaire's JSON or a deal code".
    fn claimed(&self) -> Option<&'static str> {
        self.facts().claimed
    }
    /// Whether a challenge's inputs make sense in this game (whatever the rules).
    fn check_goal(&self, goal: &Goal) -> Result<(), GoalError> {
        goal.check_inputs(self.kind())
    }
    /// Reads a text (a deal, or a game saved part-way through) under the options given.
    fn open(&self, text: &str, names: &Names, settings: &Settings) -> Opened;
    /// One line of a file of deals, as 52 cards at the deal's start: by default the cards in
    /// the game's deal order.
    fn deal_of_line(&self, line: &str) -> Result<Deal, LineError> {
        Ok(Deal::parse_as(line, self.layout())?)
    }
    /// A random deal to practise on, from `seed`, in the text [`Game::open`] reads under the
    /// default rules, with its `# game:` header: by default the project's shuffle of 52
    /// cards, the first deal of [`RandomDeals`] from `seed` (the one `stats --seed` solves
    /// first), drawn in the game's layout.
    fn dealt(&self, seed: u64) -> String {
        let deal = RandomDeals::new(seed)
            .next()
            .expect("random deals never end");
        format!(
            "# game: {}
{}",
            self.id(),
            self.layout().drawn(&deal.texts())
        )
    }
    /// A lab for the options given: it solves lines of deals for `goal` (`batch`) and
    /// measures deals (`stats`), each search under `caps`.
    fn lab(&self, settings: &Settings, goal: Goal, caps: Caps) -> Result<Box<dyn Lab>, OpenError>;
    /// The lab whose [`Lab::rules_json`] wrote `rules`, read back (by `stats merge`).
    fn lab_of_json(&self, rules: &Value, caps: Caps) -> Result<Box<dyn Lab>, NotItsRules>;
}

impl fmt::Debug for dyn Game + '_ {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl fmt::Display for dyn Game + '_ {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl PartialEq for dyn Game + '_ {
    fn eq(&self, other: &Self) -> bool {
        self.id() == other.id()
    }
}

/// What a game is, as plain data: the answers to the [`Game`] questions that need none of its
/// code. Each game writes its facts once, from [`Facts::scored`] or [`Facts::to_win`].
#[derive(Debug, Clone, Copy)]
pub struct Facts {
    pub kind: GameKind,
    pub layout: &'static Layout,
    pub options: &'static [GameOption],
    pub challenges: Challenges,
    /// Whether its answers are the fewest steps.
    pub fewest: bool,
    /// Whether `stats` measures its deals.
    pub measured: bool,
    /// The texts only this game reads, in words, where there are any.
    pub claimed: Option<&'static str>,
    /// How the commands name a deal's outcome and its answers.
    pub words: Words,
}

/// How the commands name what a game's answers find, in its own words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Words {
    /// A deal that can be won, then one proved not to be, in `batch`'s summary: "3 solvable,
    /// 2 no solution".
    pub won: &'static str,
    pub lost: &'static str,
    /// The deals that can be won, in `stats`: "17 of 20 winnable".
    pub winnable: &'static str,
    /// What an answer is that is not the fewest steps: "a winning line".
    pub answer: &'static str,
}

impl Words {
    /// The words of a game played to win.
    pub const WIN: Words = Words {
        won: "solvable",
        lost: "no solution",
        winnable: "winnable",
        answer: "a winning line",
    };
}

impl Facts {
    /// A game with the Board, Score and Card challenges, its answers the fewest steps.
    pub const fn scored(
        kind: GameKind,
        layout: &'static Layout,
        options: &'static [GameOption],
    ) -> Facts {
        Facts {
            kind,
            layout,
            options,
            challenges: Challenges::Scored {
                full_score: kind.full_score(),
            },
            fewest: true,
            measured: true,
            claimed: None,
            words: Words::WIN,
        }
    }

    /// A game played only to win, solved for `aim` (a sentence), its answers a line that wins
    /// rather than the fewest moves, and the texts only it reads, in words.
    pub const fn to_win(
        kind: GameKind,
        layout: &'static Layout,
        options: &'static [GameOption],
        aim: &'static str,
        claimed: &'static str,
    ) -> Facts {
        Facts {
            challenges: Challenges::None { aim },
            fewest: false,
            claimed: Some(claimed),
            ..Facts::scored(kind, layout, options)
        }
    }
}

/// A game's challenges besides winning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Challenges {
    /// The Board, Score and Card challenges; one deal gives at most this many points.
    Scored { full_score: u32 },
    /// Winning only: what the game is solved for, in a sentence ("Klondike is solved to put
    /// every card on the foundations").
    None { aim: &'static str },
}

/// A text opened by a game: a deal at its start, or a game saved part-way through.
pub trait Table {
    /// Solves from where the game stands, for `goal` (`None`: the one saved with the game),
    /// each search under `caps` and the main one reporting to `observer`.
    fn solve(&self, goal: Option<Goal>, caps: Caps, observer: &mut dyn Observer) -> Answered;
    /// Only the next move of the best line from where the game stands, and whether it can
    /// still be won.
    fn hint(&self, caps: Caps, observer: &mut dyn Observer) -> Answer;
    /// The challenge the game was saved with (the Board one when it names none).
    fn goal(&self) -> Goal {
        Goal::Board
    }
    /// Whether the challenge `goal` fits the game as the text has it (its rules), checked
    /// before the game is solved or its moves are ranked for it: every challenge does in a
    /// game whose rules limit none.
    fn fits(&self, _goal: Goal) -> Result<(), GoalError> {
        Ok(())
    }
    /// With cards not known (`??`), every legal move ranked by its chance to win (or to reach
    /// `goal`'s target), within `budget`: the game's [`Table::ranked`], once the challenge
    /// [`Table::fits`] the game (an error when it does not, said alike for every game).
    fn chances(
        &self,
        goal: Goal,
        budget: &SampleBudget,
        observer: &mut dyn Observer,
    ) -> Option<Answered> {
        if let Err(error) = self.fits(goal) {
            return Some(Err(error.into()));
        }
        self.ranked(goal, budget, observer).map(Ok)
    }
    /// The moves ranked for [`Table::chances`] ([`crate::engine::at_table`]), for a challenge
    /// that fits; `None` where [`Table::hint`] answers instead: no card is unknown, the
    /// outcome cannot depend on them, or the game has no ranking yet.
    fn ranked(
        &self,
        _goal: Goal,
        _budget: &SampleBudget,
        _observer: &mut dyn Observer,
    ) -> Option<Answer> {
        None
    }
    /// That the text is valid, and what it holds; or, with a printing option, the text
    /// written as that option asks.
    fn validate(&self, settings: &Settings) -> Answered;
    /// The rules the table is played under, in words: "3 passes through the stock", "draw 3,
    /// unlimited passes".
    fn rules_text(&self) -> String;
    /// The same as an answer's JSON gives them under `rules`.
    fn rules_json(&self) -> Value;
}

/// What every answer's first line opens with: the game and the rules it was answered under,
/// "Pyramid (3 passes through the stock)". A text that reads as two games is thus never
/// answered without saying which.
pub fn title(game: &dyn Game, table: &dyn Table) -> String {
    format!("{} ({})", game.name(), table.rules_text())
}

/// A text opened as a table, or why it does not open: what [`Game::open`] gives, named once
/// so that every game's `open` says it in one line.
pub type Opened = Result<Box<dyn Table>, OpenError>;

/// A command's answer, or why it cannot be answered as asked: what a [`Table`] gives, named
/// once so that every game's `solve` says it in one line.
pub type Answered = Result<Answer, OpenError>;

/// How a text is named: in messages (its path as given, escaped) and, for a game it does not
/// name itself, as the saved game's name (the file's name without its extension).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Names {
    pub shown: String,
    pub stem: String,
}

/// What an option is for, which decides the commands that take it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionUse {
    /// A rule of the game: every command that solves or reads a deal.
    Rule,
    /// How a deal is read: the commands that read deal files.
    Reading,
    /// How `validate` writes the deal out.
    Printing,
    /// What a `stats` run measures.
    Measuring,
    /// How a search runs: the commands that solve (`solve`, `hint`, `batch`).
    Searching,
}

/// One option a game takes: a flag, with a value or alone (a switch).
#[derive(Debug, Clone, Copy)]
pub struct GameOption {
    /// The flag without its dashes: "passes".
    pub flag: &'static str,
    pub purpose: OptionUse,
    /// What the value is called in the help ("N|unlimited"); `None` for a switch.
    pub value_name: Option<&'static str>,
    /// What it does, in a sentence without its default.
    pub help: &'static str,
    /// The value taken when neither the flag nor the file gives one, for the help.
    pub default: Option<&'static str>,
    /// Whether a saved game's headers may give it (the help then says "the file's").
    pub from_file: bool,
    /// The help where no file gives rules (`batch`, `stats`), when it says something else.
    pub help_without_file: Option<&'static str>,
    /// The flags it cannot be given with.
    pub conflicts_with: &'static [&'static str],
    /// Whether `stats --compare` sets it itself.
    pub compared: bool,
    /// Checks a value as it is read, with the reason it is not one.
    pub check: Option<CheckValue>,
    /// For an option that is not a rule, why another game does not take it, after the flag:
    /// "is for Klondike deals; a {game} deal has one layout" (`{game}` is the other game).
    pub elsewhere: &'static str,
}

impl GameOption {
    /// A switch with nothing but its flag, purpose and help: the base the games' lists build on.
    pub const fn switch(flag: &'static str, purpose: OptionUse, help: &'static str) -> GameOption {
        GameOption {
            flag,
            purpose,
            value_name: None,
            help,
            default: None,
            from_file: false,
            help_without_file: None,
            conflicts_with: &[],
            compared: false,
            check: None,
            elsewhere: "",
        }
    }

    /// An option taking a value named `value_name`, checked by `check`.
    pub const fn value(
        flag: &'static str,
        purpose: OptionUse,
        value_name: &'static str,
        help: &'static str,
        check: CheckValue,
    ) -> GameOption {
        GameOption {
            value_name: Some(value_name),
            check: Some(check),
            ..GameOption::switch(flag, purpose, help)
        }
    }
}

/// Checks an option's value as it is read: why it is not one the option takes.
pub type CheckValue = fn(&str) -> Result<(), OptionError>;

/// Why the value given to an option is not one it takes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OptionError(pub String);

/// An option's check from a parser's answer: the parser's error in words, or none.
pub fn checked<T, E: fmt::Display>(parsed: Result<T, E>) -> Result<(), OptionError> {
    parsed
        .map(|_| ())
        .map_err(|error| OptionError(error.to_string()))
}

/// The options given for a game, as flags and values: each game reads its own.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    given: Vec<(&'static str, Option<String>)>,
}

impl Settings {
    /// Options as given: each flag with its value, `None` for a switch.
    pub fn new(given: Vec<(&'static str, Option<String>)>) -> Settings {
        Settings { given }
    }

    /// The value given to `flag`, if any.
    pub fn value(&self, flag: &str) -> Option<&str> {
        self.given
            .iter()
            .find(|(given, _)| *given == flag)
            .and_then(|(_, value)| value.as_deref())
    }

    /// Whether `flag` was given.
    pub fn has(&self, flag: &str) -> bool {
        self.given.iter().any(|(given, _)| *given == flag)
    }

    /// The flags given, in the order the games list them.
    pub fn flags(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.given.iter().map(|&(flag, _)| flag)
    }

    /// Reads the value of `flag` with `parse`, `None` when it was not given.
    pub fn read<T, E: fmt::Display>(
        &self,
        flag: &str,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<Option<T>, OptionError> {
        self.value(flag)
            .map(|value| parse(value).map_err(|error| OptionError(error.to_string())))
            .transpose()
    }

    /// Reads the value of `flag` with `parse`, `default` when it was not given: an option
    /// that changes one of a game's settings.
    pub fn read_or<T, E: fmt::Display>(
        &self,
        flag: &str,
        parse: impl FnOnce(&str) -> Result<T, E>,
        default: T,
    ) -> Result<T, OptionError> {
        Ok(self.read(flag, parse)?.unwrap_or(default))
    }
}

/// Problems of a text, each with its place when known, and a heading when only the first
/// ones are listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problems {
    pub heading: Option<String>,
    pub problems: Vec<(Option<TextPos>, String)>,
}

/// Why a text cannot be opened, or a command cannot be answered as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OpenError {
    /// The deal's problems, each where it is in the text.
    #[error("{0}")]
    Deck(DeckProblems),
    /// Problems of a text in a game's own formats, each where it is.
    #[error("{}", .0.problems.iter().map(|(_, message)| message.as_str()).collect::<Vec<_>>().join("; "))]
    Problems(Problems),
    /// What is wrong with the text as a whole, or a header of it.
    #[error("{0}")]
    Text(String),
    /// What is wrong at one place of the text.
    #[error("{message}")]
    At { at: TextPos, message: String },
    /// A challenge that cannot be played as asked.
    #[error(transparent)]
    Goal(#[from] GoalError),
    /// An option's value that the game does not take.
    #[error(transparent)]
    Option(#[from] OptionError),
}

impl From<SavedTextError> for OpenError {
    /// A saved file's problem as the front ends say it: the deal's problems and a move that
    /// cannot be played each where they are, a header's as a whole.
    fn from(error: SavedTextError) -> OpenError {
        match error {
            SavedTextError::Deal(problems) => OpenError::Deck(problems),
            SavedTextError::Move { at, .. } => OpenError::At {
                at,
                message: error.to_string(),
            },
            other => OpenError::Text(other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_give_back_what_was_given() {
        let settings = Settings::new(vec![("passes", Some("3".into())), ("relaxed", None)]);
        assert_eq!(settings.value("passes"), Some("3"));
        assert!(settings.has("relaxed") && !settings.has("strict"));
        assert_eq!(settings.flags().collect::<Vec<_>>(), ["passes", "relaxed"]);
    }
}

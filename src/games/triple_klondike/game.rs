//! Minimal Triple Klondike as the front ends see it: its rules as options (the contest's by
//! default), how many threads its search runs on, played for the most cards up in the fewest
//! moves, a text in the contest's format (with the moves played, if any) opened as a table
//! that answers the commands, and its lab for `batch`. `stats` does not measure it yet.

use serde_json::Value;

use super::answer::{self, Played};
use super::deal::{self, DealProblems, SHOWN_PROBLEMS};
use super::lab::{NOT_MEASURED, TripleKlondikeLab};
use super::notation::read_line;
use super::{Deal, Passes, Position, Rules};
use crate::cards::card::DECK_SIZE;
use crate::cards::deal::TextPos;
use crate::cards::excerpt::excerpt;
use crate::cards::layout::Layout;
use crate::engine::game::{
    Answered, Facts, Game, GameOption, Names, NotItsRules, OpenError, Opened, OptionError,
    OptionUse, Problems, Settings, Table, checked,
};
use crate::engine::goal::Goal;
use crate::engine::headers::{hash_lines_blanked, headers};
use crate::engine::kind::GameKind;
use crate::engine::lab::Lab;
use crate::engine::passes::PASSES_OPTION;
use crate::engine::search::{Caps, Observer};
use crate::engine::verdict::Answer;

/// Triple Klondike, for the registry.
pub struct TripleKlondike;

/// How the game lays a deal out: its places named as the contest's piles and stock. A deal
/// has three packs, so the layout's picture of one pack is only its cards in a row.
pub static LAYOUT: Layout = Layout {
    name: "Triple Klondike",
    slot_name,
    drawn,
    takes_unknown: false,
};

fn slot_name(index: usize) -> String {
    let rules = Rules::CONTEST;
    deal::slot_name(index, rules.deck_size(), rules.piles)
}

fn drawn(slots: &[String; DECK_SIZE]) -> String {
    slots.join(" ")
}

/// Reads a count from `low` to `high`.
fn count_in(text: &str, low: u8, high: u8, what: &str) -> Result<u8, OptionError> {
    text.trim()
        .parse::<u8>()
        .ok()
        .filter(|n| (low..=high).contains(n))
        .ok_or_else(|| OptionError(format!("'{}' is not {what}", excerpt(text))))
}

fn read_packs(text: &str) -> Result<u8, OptionError> {
    count_in(
        text,
        1,
        super::rules::MAX_PACKS,
        "a number of packs, 1 to 3",
    )
}

fn read_piles(text: &str) -> Result<u8, OptionError> {
    count_in(
        text,
        1,
        super::rules::MAX_PILES,
        "a number of piles, 1 to 13",
    )
}

/// The most threads one search may take.
const MAX_THREADS: u8 = 64;

fn read_threads(text: &str) -> Result<u8, OptionError> {
    count_in(text, 1, MAX_THREADS, "a number of threads, 1 to 64")
}

/// Triple Klondike's options: its rules, each the contest's by default, and its search's
/// threads.
const OPTIONS: &[GameOption] = &[
    GameOption {
        default: Some("1"),
        ..PASSES_OPTION
    },
    GameOption::switch(
        "no-foundation-moves",
        OptionUse::Rule,
        "No card comes back from a foundation to a pile (by default one may)",
    ),
    GameOption {
        default: Some("3"),
        ..GameOption::value(
            "packs",
            OptionUse::Rule,
            "N",
            "Packs shuffled together, 1 to 3: a deal has 52 cards a pack",
            |text| checked(read_packs(text)),
        )
    },
    GameOption {
        default: Some("13"),
        ..GameOption::value(
            "piles",
            OptionUse::Rule,
            "N",
            "Piles dealt, 1 to 13 (N to Z): pile k gets k cards",
            |text| checked(read_piles(text)),
        )
    },
    GameOption::switch(
        "whole-runs",
        OptionUse::Rule,
        "Only a pile's whole face-up run moves to another pile (by default any part of it)",
    ),
    GameOption::switch(
        "tied-suits",
        OptionUse::Rule,
        "Foundations b to m take the suits S H D C in turn (by default an empty one takes any \
         Ace)",
    ),
    GameOption {
        default: Some("one a core"),
        help_without_file: Some(
            "Threads each deal's search runs on, 1 to 64 (default: 1, as --jobs solves deals \
             side by side)",
        ),
        elsewhere: "is for Triple Klondike's search; a {game} search runs on one thread",
        ..GameOption::value(
            "threads",
            OptionUse::Searching,
            "N",
            "Threads the search runs on, 1 to 64",
            |text| checked(read_threads(text)),
        )
    },
];

/// The rules the options give: the contest's where an option says nothing.
fn rules(settings: &Settings) -> Result<Rules, OpenError> {
    let contest = Rules::CONTEST;
    let rules = Rules {
        packs: settings.read_or("packs", read_packs, contest.packs)?,
        piles: settings.read_or("piles", read_piles, contest.piles)?,
        passes: settings.read_or("passes", Passes::parse, contest.passes)?,
        cards_back: !settings.has("no-foundation-moves"),
        part_runs: !settings.has("whole-runs"),
        tied_suits: settings.has("tied-suits"),
    };
    rules
        .check()
        .map_err(|error| OptionError(error.to_string()))?;
    Ok(rules)
}

/// The threads the options ask for; `unset` when they do not say.
fn threads(settings: &Settings, unset: usize) -> Result<usize, OptionError> {
    Ok(settings
        .read("threads", read_threads)?
        .map_or(unset, usize::from))
}

/// A deal's problems, each where it is.
fn problems(problems: &DealProblems) -> Problems {
    let heading = (problems.0.len() > SHOWN_PROBLEMS)
        .then(|| format!("{} problems; the first {SHOWN_PROBLEMS}:", problems.0.len()));
    Problems {
        heading,
        problems: problems
            .0
            .iter()
            .take(SHOWN_PROBLEMS)
            .map(|problem| {
                let at = problem.location().map(|at| TextPos {
                    line: at.line,
                    column: at.column,
                });
                (at, problem.message())
            })
            .collect(),
    }
}

/// A text's words, headers aside: how many there are, how many are cards, and how many of
/// the 52 cards appear among them more than once.
fn words_cards_repeats(text: &str) -> (usize, usize, usize) {
    let text = hash_lines_blanked(text);
    let mut copies = [0u8; DECK_SIZE];
    let (mut words, mut cards) = (0, 0);
    for word in text.split_whitespace() {
        words += 1;
        if let Ok(card) = word.parse::<crate::cards::card::Card>() {
            cards += 1;
            copies[card.index()] = copies[card.index()].saturating_add(1);
        }
    }
    let repeated = copies.iter().filter(|&&count| count > 1).count();
    (words, cards, repeated)
}

/// Reads a deal in the contest's format, with the moves its `# moves:` headers give played.
pub fn read(text: &str, rules: Rules) -> Result<Played, OpenError> {
    let deal = Deal::read(&hash_lines_blanked(text), rules)
        .map_err(|found| OpenError::Problems(problems(&found)))?;
    let start = Position::new(&deal, rules).map_err(|error| OpenError::Text(error.to_string()))?;
    let written = headers(text, "moves").join(" ");
    let moves = read_line(&start, &written)
        .map_err(|(number, why)| OpenError::Text(format!("# moves: move {}: {why}", number + 1)))?;
    Ok(Played { start, moves })
}

/// Triple Klondike's facts: played for the most cards up; its search is not exhaustive, so
/// its line is the shortest only when the bound says so; `stats` does not measure it.
static FACTS: Facts = Facts {
    measured: false,
    ..Facts::to_win(
        GameKind::TripleKlondike,
        &LAYOUT,
        OPTIONS,
        "Triple Klondike is solved for the most cards up in the fewest moves",
        "a deal of three packs in the contest's format",
    )
};

impl Game for TripleKlondike {
    fn facts(&self) -> &'static Facts {
        &FACTS
    }

    /// More than two packs' worth of words, nine in ten of them cards, and most of the pack
    /// there more than once: no other game's deal is that long, a deal of one pack with a
    /// card typed many times too many or a text of words among cards is not taken for it,
    /// and a contest deal with a few words mistyped is still told its problems as one.
    fn claims(&self, text: &str) -> bool {
        let (words, cards, repeated) = words_cards_repeats(text);
        words > 2 * DECK_SIZE && cards * 10 >= words * 9 && repeated > DECK_SIZE / 2
    }

    /// Three packs shuffled by the game's own shuffle, in the contest's format.
    fn dealt(&self, seed: u64) -> String {
        let deal = Deal::shuffled(seed, Rules::default());
        format!("# game: {}\n{}\n", self.id(), deal.to_text())
    }

    fn claimed(&self) -> Option<&'static str> {
        Some("a deal of three packs in the contest's format")
    }

    fn open(&self, text: &str, names: &Names, settings: &Settings) -> Opened {
        let played = read(text, rules(settings)?)?;
        Ok(Box::new(TripleKlondikeTable {
            played,
            threads: threads(settings, 0)?,
            name: names.shown.clone(),
        }))
    }

    fn lab(&self, settings: &Settings, _goal: Goal, caps: Caps) -> Result<Box<dyn Lab>, OpenError> {
        Ok(Box::new(TripleKlondikeLab {
            rules: rules(settings)?,
            threads: threads(settings, 1)?,
            caps,
        }))
    }

    fn lab_of_json(&self, _rules: &Value, _caps: Caps) -> Result<Box<dyn Lab>, NotItsRules> {
        Err(NotItsRules(NOT_MEASURED.to_string()))
    }
}

/// A Triple Klondike text opened: the deal and the moves played, the threads to search on
/// (0: one a core), and how the text is named in messages.
struct TripleKlondikeTable {
    played: Played,
    threads: usize,
    name: String,
}

impl TripleKlondikeTable {
    /// The game searched from where it stands, within `caps`.
    fn search(&self, caps: Caps, observer: &mut dyn Observer) -> answer::Searched<'_> {
        let options = answer::options(caps, self.threads);
        answer::search_played(&self.played, &options, observer)
    }
}

impl Table for TripleKlondikeTable {
    /// Triple Klondike has no challenge: it is solved for its one goal, whatever `goal` says.
    fn solve(&self, _goal: Option<Goal>, caps: Caps, observer: &mut dyn Observer) -> Answered {
        Ok(answer::solve_answer(&self.search(caps, observer)))
    }

    fn hint(&self, caps: Caps, observer: &mut dyn Observer) -> Answer {
        answer::hint_answer(&self.search(caps, observer))
    }

    fn validate(&self, _settings: &Settings) -> Answered {
        Ok(answer::validate_answer(&self.played, &self.name))
    }

    fn rules_text(&self) -> String {
        self.played.start.rules().to_string()
    }

    fn rules_json(&self) -> Value {
        answer::rules_json(self.played.start.rules())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_text_of_more_than_two_packs_is_claimed() {
        let game = TripleKlondike;
        let contest = Deal::shuffled(1, Rules::CONTEST).to_text();
        assert!(game.claims(&contest));
        assert!(game.claims(&format!("# game: triple-klondike\n{contest}")));
        let one_pack = Deal::shuffled(
            1,
            Rules {
                packs: 1,
                ..Rules::CONTEST
            },
        )
        .to_text();
        assert!(!game.claims(&one_pack));
        let two_packs = format!("{one_pack}\n{one_pack}");
        assert!(!game.claims(&two_packs));
        assert!(!game.claims(&"word ".repeat(200)));
        let many_copies = format!("{}{}", &one_pack[..120], " 3c".repeat(100));
        assert!(!game.claims(&many_copies));
        let prose = format!("{contest} {}", "a word among the cards ".repeat(10));
        assert!(!game.claims(&prose));
        let mistyped = contest.replacen('S', "X", 3);
        assert!(game.claims(&mistyped));
    }

    #[test]
    fn options_read_into_rules_and_bad_ones_are_refused() {
        let settings = Settings::new(vec![
            ("packs", Some("1".into())),
            ("piles", Some("7".into())),
            ("passes", Some("unlimited".into())),
            ("no-foundation-moves", None),
            ("whole-runs", None),
            ("tied-suits", None),
        ]);
        assert_eq!(
            rules(&settings).map(|rules| rules.to_string()),
            Ok(
                "1 pack, 7 piles, unlimited passes, no cards back from the foundations, whole \
                runs only, foundations tied to suits"
                    .to_string()
            )
        );
        assert_eq!(rules(&Settings::default()), Ok(Rules::CONTEST));
        let too_many = Settings::new(vec![("packs", Some("1".into()))]);
        assert_eq!(
            rules(&too_many).unwrap_err().to_string(),
            "13 piles take 91 cards, more than the 52 of 1 pack"
        );
        assert_eq!(
            read_packs("4").unwrap_err().to_string(),
            "'4' is not a number of packs, 1 to 3"
        );
    }

    #[test]
    fn moves_played_are_read_from_their_header_and_bad_ones_named() {
        let deal = Deal::shuffled(5, Rules::CONTEST).to_text();
        let played = read(&format!("# moves: @ @\n{deal}"), Rules::CONTEST).expect("a game");
        assert_eq!(played.moves.len(), 2);
        let error = read(&format!("# moves: @ bb\n{deal}"), Rules::CONTEST).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("# moves: move 2: 'bb' is not a move"),
            "{error}"
        );
    }
}

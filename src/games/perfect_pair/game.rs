//! Perfect Pair as the front ends see it: its rules as options (the free cells and their uses,
//! and each rule `PERFECT_PAIR.md` reconstructs, with its documented default), what a hand is
//! played for (`--play-for`), a written hand opened as a table that answers the commands, and
//! its lab.
//!
//! What a hand is played for is an option of its own rather than one of the shared
//! challenges: those are reached (a target of points or of a rank's cards, in the fewest
//! steps), while a Perfect Pair hand is played for the most of a figure, with no target.

use serde_json::Value;

use super::answer::{Aim, Searched, hint_answer, problems, search, solve_answer, validate_answer};
use super::lab::PerfectPairLab;
use super::layout::DEAL_ORDER;
use super::rules::{AfterFourth, MAX_USES, Rules, UnusedBonus};
use super::saved::SavedPerfectPair;
use crate::cards::deal::{Deal, DeckProblem, DeckProblems, not_a_deal, read_cards};
use crate::engine::game::{
    Answered, Facts, Game, GameOption, LineError, Names, NotItsRules, OpenError, Opened,
    OptionError, OptionUse, Settings, Table, Words,
};
use crate::engine::goal::Goal;
use crate::engine::kind::GameKind;
use crate::engine::lab::Lab;
use crate::engine::search::{Budget, Caps, Observer};
use crate::engine::verdict::Answer;

/// Perfect Pair, for the registry.
pub struct PerfectPair;

/// An option's check from a parser's answer.
fn check<T>(parsed: Result<T, OptionError>) -> Result<(), OptionError> {
    parsed.map(|_| ())
}

/// A rule option with a value, which a written hand's headers may also give.
const fn rule(
    flag: &'static str,
    value_name: &'static str,
    help: &'static str,
    default: &'static str,
    check: fn(&str) -> Result<(), OptionError>,
) -> GameOption {
    GameOption {
        default: Some(default),
        from_file: true,
        ..GameOption::value(flag, OptionUse::Rule, value_name, help, check)
    }
}

/// Perfect Pair's options: its rules, and what a hand is played for.
const OPTIONS: &[GameOption] = &[
    GameOption {
        compared: true,
        ..rule(
            "free-cells",
            "1|2",
            "Free cells: 1 (most rule sets) or 2",
            "1",
            |text| check(read_free_cells(text)),
        )
    },
    rule(
        "uses",
        "N",
        "How many times a card may be put in a free cell in one hand, 0 to 15",
        "6",
        |text| check(read_uses(text)),
    ),
    rule(
        "run-after-four",
        "restarts|stays-at-8",
        "After the fourth regular pair in a row earns its heart, the run starts again at 2, or \
         stays at 8 with a heart every fourth pair (a reconstruction)",
        "restarts",
        |text| check(read_after_fourth(text)),
    ),
    rule(
        "cell-breaks-run",
        "no|yes",
        "Whether putting a card in a free cell ends the run of regular pairs (a reconstruction)",
        "no",
        |text| check(read_yes_no(text)),
    ),
    rule(
        "unused-paid",
        "on-win|always",
        "When the free-cell uses left over pay 5 points each: on a cleared hand, or always (a \
         reconstruction)",
        "on-win",
        |text| check(read_unused(text)),
    ),
    rule(
        "perfect-from-cells",
        "no|yes",
        "Whether a free-cell card paired across its own row is a perfect match (a \
         reconstruction)",
        "no",
        |text| check(read_yes_no(text)),
    ),
    GameOption {
        default: Some("points"),
        help_without_file: Some(
            "What the hand shown is played for: cleared with the fewest free-cell uses, the most \
             points, hearts on the meter, or perfect matches (default: points; stats measures \
             the best score whatever this says)",
        ),
        ..GameOption::value(
            "play-for",
            OptionUse::Rule,
            "clear|points|hearts|perfect",
            "What the hand shown is played for: cleared with the fewest free-cell uses, the most \
             points, hearts on the meter, or perfect matches",
            |text| check(read_aim(text)),
        )
    },
];

/// Reads `--free-cells`.
fn read_free_cells(text: &str) -> Result<u8, OptionError> {
    match text.trim() {
        "1" => Ok(1),
        "2" => Ok(2),
        _ => Err(not_one_of(text, "1 or 2")),
    }
}

/// Reads `--uses`.
fn read_uses(text: &str) -> Result<u8, OptionError> {
    text.trim()
        .parse::<u8>()
        .ok()
        .filter(|&uses| uses <= MAX_USES)
        .ok_or_else(|| not_one_of(text, "0 to 15"))
}

/// Reads `--run-after-four`.
fn read_after_fourth(text: &str) -> Result<AfterFourth, OptionError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "restarts" => Ok(AfterFourth::Restarts),
        "stays-at-8" => Ok(AfterFourth::StaysAtEight),
        _ => Err(not_one_of(text, "restarts or stays-at-8")),
    }
}

/// Reads `--unused-paid`.
fn read_unused(text: &str) -> Result<UnusedBonus, OptionError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "on-win" => Ok(UnusedBonus::OnWin),
        "always" => Ok(UnusedBonus::Always),
        _ => Err(not_one_of(text, "on-win or always")),
    }
}

/// Reads a `yes` or a `no`.
fn read_yes_no(text: &str) -> Result<bool, OptionError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => Err(not_one_of(text, "yes or no")),
    }
}

/// Reads `--play-for`.
fn read_aim(text: &str) -> Result<Aim, OptionError> {
    Aim::parse(text).map_err(|error| OptionError(error.to_string()))
}

/// A value that is not one an option takes: "'3' is not one of: 1 or 2".
fn not_one_of(text: &str, allowed: &str) -> OptionError {
    OptionError(format!(
        "'{}' is not one of: {allowed}",
        crate::cards::excerpt::excerpt(text)
    ))
}

/// The rules `base` (a written hand's, or the defaults) with the options given changing them.
pub fn rules(settings: &Settings, base: Rules) -> Result<Rules, OptionError> {
    Ok(Rules {
        free_cells: settings.read_or("free-cells", read_free_cells, base.free_cells)?,
        uses: settings.read_or("uses", read_uses, base.uses)?,
        after_fourth: settings.read_or("run-after-four", read_after_fourth, base.after_fourth)?,
        cell_breaks_run: settings.read_or("cell-breaks-run", read_yes_no, base.cell_breaks_run)?,
        unused_bonus: settings.read_or("unused-paid", read_unused, base.unused_bonus)?,
        perfect_from_cells: settings.read_or(
            "perfect-from-cells",
            read_yes_no,
            base.perfect_from_cells,
        )?,
    })
}

/// What the options say the hand is played for: the most points when they say nothing.
pub fn aim(settings: &Settings) -> Result<Aim, OptionError> {
    Ok(settings.read("play-for", read_aim)?.unwrap_or_default())
}

/// Reads a written hand under its headers' rules with the options' changes made before its
/// moves are replayed: the moves must be legal under the rules changed, and a change may loosen
/// a rule they needed.
pub fn read(text: &str, settings: &Settings) -> Result<SavedPerfectPair, OpenError> {
    // The options are read before the text, so that one that does not read is said first.
    rules(settings, Rules::DEFAULT)?;
    let changed = |written| rules(settings, written).unwrap_or(written);
    SavedPerfectPair::read_changed(text, changed).map_err(|found| {
        // A text plainly no hand, as a README, is said in one line, as the other games say it.
        match not_a_deal(&read_cards(text)) {
            Some(problem @ DeckProblem::NotADeal { .. }) => {
                OpenError::Deck(DeckProblems(vec![problem]))
            }
            _ => problems(&found),
        }
    })
}

/// Whether a line of a text is a row of a written hand: `row N:` at its start.
fn is_row(line: &str) -> bool {
    let mut words = line.split_whitespace();
    words
        .next()
        .is_some_and(|word| word.eq_ignore_ascii_case("row"))
        && words
            .next()
            .and_then(|word| word.strip_suffix(':'))
            .is_some_and(|number| number.parse::<usize>().is_ok())
}

/// Perfect Pair's facts: its lines are the best for their aim (or the fewest free-cell uses),
/// not the fewest moves; no other game writes rows as `row 1: ... | ...`.
static FACTS: Facts = Facts {
    words: Words {
        won: "can be cleared",
        lost: "cannot be cleared",
        winnable: "can be cleared",
        answer: "a best hand",
    },
    ..Facts::to_win(
        GameKind::PerfectPair,
        &DEAL_ORDER,
        OPTIONS,
        "a Perfect Pair hand is played for what --play-for names: the most points (the \
         default), hearts or perfect matches, or cleared",
        "rows written 'row 1: cards | cards'",
    )
};

impl Game for PerfectPair {
    fn facts(&self) -> &'static Facts {
        &FACTS
    }

    /// A text with a `row 1: ... | ...` line: no other game writes rows so.
    fn claims(&self, text: &str) -> bool {
        text.lines().any(is_row)
    }

    /// Rows of a line of deals are split by `|`, which no other game's deals hold.
    fn claims_line(&self, line: &str) -> bool {
        line.contains('|')
    }

    fn claimed(&self) -> Option<&'static str> {
        Some("rows written 'row 1: cards | cards'")
    }

    /// A deal of `stats --from`: 52 cards in the default layout's order; rows of their own
    /// shape are for `batch`.
    fn deal_of_line(&self, line: &str) -> Result<Deal, LineError> {
        if line.contains('|') {
            return Err(LineError::Problems(vec![
                "rows of their own shape are for batch: stats measures deals of the default \
                 layout, 52 cards in its order"
                    .to_string(),
            ]));
        }
        // The hand's own reading names what is wrong in Perfect Pair's words; a line it
        // takes is a whole pack in the deal order.
        super::lab::layout_of_line(line)?;
        Ok(Deal::parse_as(line, &DEAL_ORDER)?)
    }

    fn open(&self, text: &str, names: &Names, settings: &Settings) -> Opened {
        Ok(Box::new(PerfectPairTable {
            saved: read(text, settings)?,
            aim: aim(settings)?,
            name: names.shown.clone(),
        }))
    }

    fn lab(&self, settings: &Settings, _goal: Goal, caps: Caps) -> Result<Box<dyn Lab>, OpenError> {
        Ok(Box::new(PerfectPairLab {
            rules: rules(settings, Rules::DEFAULT)?,
            aim: aim(settings)?,
            caps,
        }))
    }

    fn lab_of_json(&self, rules: &Value, caps: Caps) -> Result<Box<dyn Lab>, NotItsRules> {
        Ok(Box::new(PerfectPairLab {
            rules: super::lab::rules_from_json(rules)?,
            aim: Aim::default(),
            caps,
        }))
    }
}

/// A written hand opened: the hand, what it is played for, and how the file is named in
/// messages.
struct PerfectPairTable {
    saved: SavedPerfectPair,
    aim: Aim,
    name: String,
}

impl PerfectPairTable {
    /// The hand solved for its aim from where it stands, within `caps`.
    fn search(&self, caps: Caps, observer: &mut dyn Observer) -> Searched<'_> {
        search(&self.saved, self.aim, &Budget::start(caps), observer)
    }
}

impl Table for PerfectPairTable {
    /// Perfect Pair has none of the shared challenges: it is played for its aim.
    fn solve(&self, _goal: Option<Goal>, caps: Caps, observer: &mut dyn Observer) -> Answered {
        Ok(solve_answer(&self.search(caps, observer)))
    }

    fn hint(&self, caps: Caps, observer: &mut dyn Observer) -> Answer {
        hint_answer(&self.search(caps, observer))
    }

    fn validate(&self, _settings: &Settings) -> Answered {
        Ok(validate_answer(&self.saved, &self.name))
    }

    fn rules_text(&self) -> String {
        self.saved.rules.to_string()
    }

    fn rules_json(&self) -> Value {
        super::answer::rules_json(self.saved.rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_change_the_written_rules_and_nothing_else() {
        let written = Rules::with_free_cells(2);
        let given = Settings::new(vec![
            ("uses", Some("3".into())),
            ("run-after-four", Some("stays-at-8".into())),
        ]);
        let rules = rules(&given, written).expect("options that read");
        assert_eq!(rules.free_cells, 2);
        assert_eq!(rules.uses, 3);
        assert_eq!(rules.after_fourth, AfterFourth::StaysAtEight);
        assert_eq!(rules.unused_bonus, written.unused_bonus);
        let bad = Settings::new(vec![("free-cells", Some("3".into()))]);
        assert_eq!(
            super::rules(&bad, written).unwrap_err().to_string(),
            "'3' is not one of: 1 or 2"
        );
    }

    #[test]
    fn a_text_with_rows_is_claimed_and_a_line_of_cards_is_not() {
        assert!(PerfectPair.claims("# notes\n  Row 1: 7h | 6c\n"));
        assert!(!PerfectPair.claims("Kd Qc\n7h 6c\n"));
        assert!(!PerfectPair.claims("# row 1: a comment\n"));
    }

    #[test]
    fn moves_that_the_options_make_illegal_are_refused() {
        let text = "row 1: 7h Qs | 6c Ad\n# moves: 7h>cell Qs>cell\n# free cells: 2\n";
        assert!(read(text, &Settings::default()).is_ok());
        let one = Settings::new(vec![("free-cells", Some("1".into()))]);
        let message = read(text, &one).expect_err("refused").to_string();
        assert!(
            message.contains("every free cell holds a card"),
            "{message}"
        );
    }

    #[test]
    fn a_text_plainly_no_hand_is_said_in_one_line() {
        let prose = "This is a guide to a game, not a hand: ".repeat(20);
        let Err(OpenError::Deck(found)) = read(&prose, &Settings::default()) else {
            panic!("refused as no hand");
        };
        assert_eq!(found.0.len(), 1);
        assert!(found.to_string().starts_with("not a deal: "), "{found}");
    }

    #[test]
    fn options_that_loosen_a_header_let_the_moves_that_need_them_be_played() {
        let uses = "# uses: 1\nrow 1: 6h 2c | 7c Jd\n# moves: 6h>cell 6h+7c 2c>cell\n";
        assert!(read(uses, &Settings::default()).is_err());
        let three = Settings::new(vec![("uses", Some("3".into()))]);
        assert_eq!(read(uses, &three).expect("three uses").moves.len(), 3);
        let cells = "# free cells: 1\nrow 1: 6h 2c | 5s 7c Jd\n# moves: 6h>cell 5s>cell\n";
        assert!(read(cells, &Settings::default()).is_err());
        let two = Settings::new(vec![("free-cells", Some("2".into()))]);
        assert_eq!(read(cells, &two).expect("two cells").rules.free_cells, 2);
    }
}

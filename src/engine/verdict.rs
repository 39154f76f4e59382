//! What an answer comes to, and the exit code each verdict gives: decided here once, for every
//! game and every command; and the words every game's answers share about a search that a cap
//! stopped.

use serde_json::{Value, json};

use crate::cards::excerpt::counted;

use crate::engine::search::{CapReached, Stats};

/// Exit code: the deal is solved (the challenge reached, the game winnable), or valid.
pub const EXIT_OK: u8 = 0;
/// Exit code: the deal has no solution.
pub const EXIT_NO_SOLUTION: u8 = 1;
/// Exit code: bad input or usage.
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit code: a cap (states, memory or time) stopped a search before it had an answer, or
/// unknown cards (`??`) hold the answer back.
pub const EXIT_UNDECIDED: u8 = 3;
/// Exit code: `stats merge` was not given every shard of the run, or a shard's file lacks
/// results; the numbers cover those found.
pub const EXIT_PARTIAL: u8 = 4;
/// Exit code: a `stats` run stopped by Ctrl-C before all its deals were solved (128 plus
/// SIGINT's number, as shells report it).
pub const EXIT_INTERRUPTED: u8 = 130;

/// What an answer says of the question asked: yes (solved, reached, winnable, valid), no
/// (proved out of reach), or undecided (a cap stopped the search, or unknown cards hold the
/// answer back).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Yes,
    No,
    Undecided,
}

impl Verdict {
    /// The verdict of a search that answered: yes when it reached what it was asked, no when
    /// it did not and that holds whatever the unknown cards are, else undecided.
    pub fn of(reached: bool, definitive: bool) -> Verdict {
        match (reached, definitive) {
            (true, _) => Verdict::Yes,
            (false, true) => Verdict::No,
            (false, false) => Verdict::Undecided,
        }
    }

    /// The exit code: 0 yes, 1 no, 3 undecided.
    pub fn exit_code(self) -> u8 {
        match self {
            Verdict::Yes => EXIT_OK,
            Verdict::No => EXIT_NO_SOLUTION,
            Verdict::Undecided => EXIT_UNDECIDED,
        }
    }

    /// Whether the answer is a verdict: `Some(true)` yes, `Some(false)` no, `None` undecided.
    pub fn decided(self) -> Option<bool> {
        match self {
            Verdict::Yes => Some(true),
            Verdict::No => Some(false),
            Verdict::Undecided => None,
        }
    }
}

/// What an undecided answer says: "cap reached (states: 12288 stored, cap 1000)".
pub fn undecided(cap: CapReached) -> String {
    format!("cap reached ({cap})")
}

/// What kept an undecided answer open, from the words [`undecided`] and
/// [`unknowns_text::not_known`](crate::engine::unknowns_text::not_known) give it, for counts
/// that add up deals by cause: "the states cap", "the memory cap", "the time cap", "unknown
/// cards (??)".
pub fn undecided_cause(why: &str) -> &'static str {
    let cap = |name: &str| why.starts_with(&format!("cap reached ({name}:"));
    if cap("states") {
        "the states cap"
    } else if cap("memory") {
        "the memory cap"
    } else if cap("time") {
        "the time cap"
    } else if why.ends_with("not known (??)") {
        "unknown cards (??)"
    } else {
        "another cause"
    }
}

/// The same for a person, with the flags that raise the caps.
pub fn undecided_text(cap: CapReached) -> String {
    format!(
        "Undecided: {}. --max-states, --max-memory and --time-limit raise the caps.",
        undecided(cap)
    )
}

/// The JSON for a search a cap stopped: the verdict under `key` (`solvable`, `winnable`,
/// `reached`) is null and `undecided` says which cap, with the figure.
pub fn undecided_json(key: &str, cap: CapReached, stats: &Stats) -> Value {
    let mut object = serde_json::Map::new();
    object.insert(key.to_string(), Value::Null);
    object.insert("undecided".to_string(), json!(undecided(cap)));
    object.insert("stats".to_string(), stats_json(stats));
    Value::Object(object)
}

/// A search's figures in JSON.
pub fn stats_json(stats: &Stats) -> Value {
    json!({
        "expanded": stats.expanded,
        "generated": stats.generated,
        "millis": (stats.elapsed.as_secs_f64() * 1e6).round() / 1000.0,
    })
}

/// An answer's text with its first line opening with `title`, the game and its rules
/// ("Pyramid (3 passes through the stock): Solved in 15 steps."), unless it opens with it
/// already, as the answers whose headline names their rules do (Triple Klondike's, Perfect
/// Pair's).
pub fn titled(title: &str, text: &str) -> String {
    // An answer from a saved position opens with where the game stands, then its headline.
    let headline = text
        .strip_prefix(FROM_SAVED)
        .and_then(|rest| rest.split_once('\n'))
        .map_or(text, |(_, after)| after);
    if headline.starts_with(title) {
        text.to_string()
    } else {
        format!("{title}: {text}")
    }
}

/// The words opening the line before the answer to a game saved part-way through.
const FROM_SAVED: &str = "From the saved position";

/// "From the saved position: 12 moves played.", the line before the answer to a game saved
/// part-way through.
pub fn from_text(from: &str) -> String {
    format!("{FROM_SAVED}: {from}.\n")
}

/// Where a game stands when `count` moves have been played: "12 moves played"; nothing at its
/// start.
pub fn moves_played(count: usize) -> Option<String> {
    (count > 0).then(|| format!("{} played", counted(count, "move")))
}

/// An answer to a game with `played` moves played: JSON with `from`, and text after a line
/// saying where the game stands; at its start, the answer as it is.
pub fn after_moves(played: usize, verdict: Verdict, mut json: Value, text: String) -> Answer {
    if played > 0 {
        json["from"] = json!({"moves_played": played});
    }
    let text = match moves_played(played) {
        Some(from) => from_text(&from) + &text,
        None => text,
    };
    Answer::new(verdict, text, json)
}

/// An answer to a command, ready for people and scripts: its verdict (which gives the exit
/// code), its text and its JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub verdict: Verdict,
    /// What a person reads, whole lines.
    pub text: String,
    /// What a script reads: one object.
    pub json: Value,
    /// A line for standard error beside the answer (a part of a game a format leaves out).
    pub warning: Option<String>,
}

impl Answer {
    /// An answer without a warning.
    pub fn new(verdict: Verdict, text: String, json: Value) -> Answer {
        Answer {
            verdict,
            text,
            json,
            warning: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_is_not_repeated_after_where_a_saved_game_stands() {
        let text = format!(
            "{}Perfect Pair (1 free cell): 1 row.\n",
            from_text("3 moves played")
        );
        assert_eq!(titled("Perfect Pair (1 free cell)", &text), text);
        assert_eq!(
            titled("Pyramid", &from_text("2 moves played")),
            "Pyramid: From the saved position: 2 moves played.\n"
        );
    }

    #[test]
    fn each_verdict_has_its_exit_code() {
        assert_eq!(Verdict::of(true, false).exit_code(), EXIT_OK);
        assert_eq!(Verdict::of(false, true).exit_code(), EXIT_NO_SOLUTION);
        assert_eq!(Verdict::of(false, false).exit_code(), EXIT_UNDECIDED);
        assert_eq!(Verdict::Undecided.decided(), None);
    }

    #[test]
    fn an_undecided_answer_is_put_down_to_the_cap_or_the_cards_that_kept_it_open() {
        let states = CapReached::States {
            cap: 1000,
            stored: 4903,
        };
        assert_eq!(undecided_cause(&undecided(states)), "the states cap");
        let memory = CapReached::Memory { cap: 10, held: 12 };
        assert_eq!(undecided_cause(&undecided(memory)), "the memory cap");
        let time = CapReached::Time {
            cap: std::time::Duration::from_secs(1),
        };
        assert_eq!(undecided_cause(&undecided(time)), "the time cap");
        let unknown = crate::engine::unknowns_text::not_known(24);
        assert_eq!(undecided_cause(&unknown), "unknown cards (??)");
        assert_eq!(
            undecided_cause("1 card is not known (??)"),
            "unknown cards (??)"
        );
    }
}

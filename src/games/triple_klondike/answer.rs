//! Triple Klondike's answers for people and scripts: the best line the anytime solver found
//! in its time (the cards it takes up, its moves, the line in the contest's notation and as
//! numbered moves in words), the lower bound on a complete line's moves and the gap to it,
//! whether the line is proven the shortest, and why the search stopped; the next move of a
//! hint; and what a valid text holds. Each comes as text and JSON with its verdict; nothing
//! here prints.
//!
//! The search is not exhaustive: a line that takes every card up answers yes, and no line
//! proves that not every card can go up, so anything less is undecided.

use std::time::Duration;

use serde_json::{Value, json};

use super::notation::{line_text, move_text};
use super::solver::{self, CapReached, Caps, Options, Solution};
use super::{Move, Position, Rules};
use crate::cards::excerpt::counted;
use crate::cards::excerpt::thousands;
use crate::engine::search::Observer;
use crate::engine::verdict::{self, Verdict, stats_json, undecided};

/// How long one search runs when `--time-limit` does not say: the solver improves its line
/// until it is stopped, so it is always given an end.
pub const DEFAULT_TIME: Duration = Duration::from_secs(5);

/// How moves are counted, for the answers in words.
const COUNTED: &str = "Each draw and each card or run moved is one move; a card turned face \
                       up is part of the move that uncovers it.";

/// A deal, and the moves played from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub start: Position,
    pub moves: Vec<Move>,
}

impl Played {
    /// Where the moves leave the game.
    pub fn position(&self) -> Position {
        let mut position = self.start.clone();
        for &mv in &self.moves {
            position
                .apply(mv)
                .unwrap_or_else(|why| unreachable!("moves read are checked legal: {why}"));
        }
        position
    }
}

/// The solver's options from the commands' caps and the threads asked for (0: one a core):
/// [`DEFAULT_TIME`] when no time cap is given.
pub fn options(caps: Caps, threads: usize) -> Options {
    Options {
        caps: Caps {
            time: caps.time.or(Some(DEFAULT_TIME)),
            ..caps
        },
        threads,
        ..Options::default()
    }
}

/// The best line a search from a position found, and what is known of it.
#[derive(Debug, Clone)]
pub struct Best {
    pub solution: Solution,
    /// The cards in the game: up already, and still to go up.
    pub cards: usize,
}

impl Best {
    /// Whether the line takes every card up.
    pub fn complete(&self) -> bool {
        self.solution.tally.cards_up == self.cards
    }

    /// Yes for a complete line; else undecided, as the search proves nothing lost.
    pub fn verdict(&self) -> Verdict {
        if self.complete() {
            Verdict::Yes
        } else {
            Verdict::Undecided
        }
    }

    /// The moves a complete line has above the bound, at most what a shorter one could save.
    pub fn gap(&self) -> Option<usize> {
        self.complete()
            .then(|| self.solution.tally.moves - self.solution.bound.moves())
    }

    /// Why the search stopped before proving its line the shortest: "cap reached (time: cap
    /// 5 s)", "cancelled", "the widest beam tried"; `None` when it proved it.
    pub fn stopped(&self) -> Option<String> {
        let solution = &self.solution;
        if solution.proven {
            None
        } else if let Some(cap) = solution.cap {
            Some(undecided(cap))
        } else if solution.cancelled {
            Some("cancelled".to_string())
        } else {
            Some("the widest beam tried".to_string())
        }
    }
}

/// Searches from a position for the best line, under the options.
pub fn search(position: &Position, options: &Options, observer: &mut dyn Observer) -> Best {
    let solution = solver::solve(position, options, observer, &mut |_| {});
    Best {
        solution,
        cards: position.cards_up() + position.cards_left(),
    }
}

/// The rules as JSON: `{"packs": 3, "piles": 13, "passes": "1", "foundation_moves": true,
/// "part_runs": true, "tied_suits": false}`.
pub fn rules_json(rules: Rules) -> Value {
    json!({
        "packs": rules.packs,
        "piles": rules.piles,
        "passes": rules.passes.word(),
        "foundation_moves": rules.cards_back,
        "part_runs": rules.part_runs,
        "tied_suits": rules.tied_suits,
    })
}

/// The best line as one JSON object: `game`, `rules`, `complete`, `cards`, `cards_up`,
/// `moves`, `notation` (the line in the contest's notation), `bound` (no complete line is
/// shorter), `gap` (a complete line's moves above the bound), `proven`, `stopped` (why the
/// search ended before a proof), `undecided` (why a line that leaves cards down answers
/// nothing), `seconds` and the search's `stats`.
pub fn best_json(position: &Position, best: &Best) -> Value {
    let solution = &best.solution;
    let mut object = json!({
        "game": "triple-klondike",
        "rules": rules_json(position.rules()),
        "complete": best.complete(),
        "cards": best.cards,
        "cards_up": solution.tally.cards_up,
        "moves": solution.tally.moves,
        "notation": line_text(&solution.line),
        "bound": solution.bound.moves(),
        "gap": best.gap(),
        "proven": solution.proven,
        "stopped": best.stopped(),
        "seconds": (solution.stats.elapsed.as_secs_f64() * 1000.0).round() / 1000.0,
        "stats": stats_json(&solution.stats),
    });
    if !best.complete() {
        object["undecided"] = json!(format!(
            "no line found takes every card up ({})",
            best.stopped().unwrap_or_default()
        ));
    }
    object
}

/// "1 move", "263 moves".
fn moves_text(count: usize) -> String {
    counted(count, "move")
}

/// "5.0 s".
fn seconds(elapsed: Duration) -> String {
    format!("{:.1} s", elapsed.as_secs_f64())
}

/// Why the search stopped, for people: "the time cap (5.0 s) stopped the search".
fn stop_text(solution: &Solution) -> String {
    match solution.cap {
        Some(CapReached::Time { cap }) => {
            format!("the time cap ({}) stopped the search", seconds(cap))
        }
        Some(cap) => format!("a cap stopped the search ({cap})"),
        None if solution.cancelled => "the search was cancelled".to_string(),
        None => "the search had tried its widest beam".to_string(),
    }
}

/// What the line achieves and what is known of it, in a few lines.
fn summary(position: &Position, best: &Best) -> String {
    let solution = &best.solution;
    let tally = solution.tally;
    let bound = solution.bound.moves();
    let time = seconds(solution.stats.elapsed);
    let head = format!("Triple Klondike ({}): ", position.rules());
    if best.complete() && tally.moves == 0 {
        return "The game is won: every card is on the foundations.\n".to_string();
    }
    if solution.proven {
        return format!(
            "{head}every card up in {} ({tally}), the fewest: no complete line is shorter \
             than {bound} moves.\nFound in {time}.\n",
            moves_text(tally.moves)
        );
    }
    let stopped = stop_text(solution);
    if best.complete() {
        format!(
            "{head}every card up in {} ({tally}).\nBest found in {time}, when {stopped}; no \
             complete line is shorter than {bound} moves (gap {}), so a shorter line may exist.\n",
            moves_text(tally.moves),
            tally.moves - bound
        )
    } else {
        format!(
            "{head}{} of {} cards up in {} ({tally}).\nBest found in {time}, when {stopped}; a \
             complete line takes at least {bound} moves.\nUndecided: no line found takes every \
             card up, and the search is not exhaustive, so it proves none impossible. \
             --time-limit, --max-memory and --threads give the search more.\n",
            tally.cards_up,
            best.cards,
            moves_text(tally.moves)
        )
    }
}

/// Moves from `start` in words, one a line, numbered from 1, with their letters.
fn numbered(start: &Position, moves: &[Move]) -> String {
    let mut position = start.clone();
    let mut text = String::new();
    for (number, &mv) in moves.iter().enumerate() {
        text.push_str(&format!(
            "{:>3}. {} ({})\n",
            number + 1,
            position.describe(mv),
            move_text(mv)
        ));
        position
            .apply(mv)
            .unwrap_or_else(|why| unreachable!("the solver's lines replay: {why}"));
    }
    text
}

/// The best line as text a person can follow at the table.
pub fn best_text(position: &Position, best: &Best) -> String {
    let mut text = summary(position, best);
    let line = &best.solution.line;
    if !line.is_empty() {
        text.push_str(&format!("{COUNTED}\nLine: {}\n", line_text(line)));
        text.push_str(&numbered(position, line));
    }
    text
}

/// A game searched from where it stands: what both the solve and the hint answer from.
pub struct Searched<'a> {
    played: &'a Played,
    position: Position,
    best: Best,
}

/// Searches from where the game stands, under the options.
pub fn search_played<'a>(
    played: &'a Played,
    options: &Options,
    observer: &mut dyn Observer,
) -> Searched<'a> {
    let position = played.position();
    let best = search(&position, options, observer);
    Searched {
        played,
        position,
        best,
    }
}

/// The answer to a solve: the best line found.
pub fn solve_answer(searched: &Searched) -> verdict::Answer {
    let (position, best) = (&searched.position, &searched.best);
    verdict::after_moves(
        searched.played.moves.len(),
        best.verdict(),
        best_json(position, best),
        best_text(position, best),
    )
}

/// The first move of the best line found from where the game stands.
pub fn hint_answer(searched: &Searched) -> verdict::Answer {
    let Searched {
        played,
        position,
        best,
    } = searched;
    let next = best.solution.line.first().copied();
    let mut json = best_json(position, best);
    json["next"] = json!(next.map(move_text));
    let text = match next {
        Some(mv) => format!(
            "Next: {} ({}), the first move of this line:\n{}",
            position.describe(mv),
            move_text(mv),
            summary(position, best)
        ),
        None => summary(position, best),
    };
    verdict::after_moves(played.moves.len(), best.verdict(), json, text)
}

/// That a text holds a valid Triple Klondike deal (or game in progress), named `name`.
pub fn validate_answer(played: &Played, name: &str) -> verdict::Answer {
    let start = &played.start;
    let rules = start.rules();
    let piled: usize = start
        .piles()
        .iter()
        .map(|pile| pile.face_down.len() + pile.face_up.len())
        .sum();
    let what = match verdict::moves_played(played.moves.len()) {
        Some(from) if played.position().is_won() => format!("game, already won ({from})"),
        Some(from) => format!("game in progress ({from})"),
        None => "deal".to_string(),
    };
    let text = format!(
        "{name}: a valid Triple Klondike {what} ({rules}): {} cards, {} in the piles and {} in \
         the stock\n",
        thousands(start.cards_left()),
        piled,
        start.stock().len()
    );
    verdict::Answer::new(Verdict::Yes, text, Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::Stats;
    use crate::games::triple_klondike::Deal;

    /// Stops a search at once.
    struct StopNow;

    impl Observer for StopNow {
        fn progress(&mut self, _stats: &Stats) {}
        fn should_stop(&mut self) -> bool {
            true
        }
    }

    #[test]
    fn a_search_stopped_before_a_complete_line_is_undecided_and_says_why() {
        let rules = Rules::CONTEST;
        let start = Position::new(&Deal::shuffled(2, rules), rules).expect("a game");
        let best = search(&start, &options(Caps::default(), 1), &mut StopNow);
        assert!(!best.complete());
        assert_eq!(best.verdict(), Verdict::Undecided);
        assert_eq!(best.gap(), None);
        assert_eq!(best.stopped().as_deref(), Some("cancelled"));
        let json = best_json(&start, &best);
        assert_eq!(json["complete"], false);
        assert_eq!(json["cards"], 156);
        assert!(
            json["undecided"]
                .as_str()
                .is_some_and(|why| why.contains("cancelled"))
        );
        let text = best_text(&start, &best);
        assert!(
            text.contains(
                "\nUndecided: no line found takes every card up, and the search is not \
                 exhaustive, so it proves none impossible."
            ),
            "{text}"
        );
        assert!(text.contains("when the search was cancelled"), "{text}");
    }

    #[test]
    fn the_default_time_applies_only_when_none_is_given() {
        let given = Caps::new(None, Some(1 << 20), Some(Duration::from_secs(2)));
        assert_eq!(options(given, 3).caps, given);
        assert_eq!(options(given, 3).threads, 3);
        assert_eq!(options(Caps::default(), 0).caps.time, Some(DEFAULT_TIME));
    }
}

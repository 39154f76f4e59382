//! Klondike's answers for people and scripts: a winning line as numbered moves in words (or in
//! the notation, in JSON), a proof that there is none, or why there is no answer yet (a cap,
//! unknown cards), the next move of a hint, and a table written out in another format. Each
//! comes as text and JSON with its verdict; nothing here prints.
//!
//! The solver gives a line that wins, not the fewest moves, and the answers say so. Moves are
//! counted as `KLONDIKE.md` counts them: each draw, redeal, and card or run moved is one move;
//! a card turned face up is part of the move that uncovers it.

use serde_json::{Value, json};

use super::formats::{self, Format, Table};
use super::reveal::{self, Reveal, Shown};
use super::saved::{SavedKlondike, rules_header};
use super::solver::{self, CapReached, Capped, Caps, Stats, Verdict as SolverVerdict};
use super::{EmptyPile, Move, Passes, Position, Rules, notation};
use crate::cards::excerpt::{counted, counted_are};
use crate::engine::game::OpenError;
use crate::engine::search::Observer;
use crate::engine::unknowns_text;
use crate::engine::verdict::{
    self, Verdict, stats_json, undecided, undecided_json, undecided_text,
};

/// How moves are counted, for the answers in words.
const COUNTED: &str = "Each draw, redeal, and card or run moved is one move; a card turned \
                       face up is part of the move that uncovers it.";

/// What the solver gave for a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A line that wins (empty when the game is won already).
    Wins(Vec<Move>),
    /// No line wins: the search went through every position.
    NoWin,
    /// Cards not known yet (`??`) are in play, this many: no card of them can reach its
    /// foundation until it is typed in, so there is no answer to give, only the way to turn
    /// one face up; or, when none can ever be, a proof that the game is lost.
    Unknown { count: usize, reveal: Reveal },
    /// A cap stopped the search.
    Capped(CapReached),
    /// The search was asked to stop (a cancel) before it knew.
    Stopped,
}

/// Why a search that was asked to stop gives no answer.
const STOPPED: &str = "the search was stopped before it knew";

impl Answer {
    /// The verdict: yes it wins, no it does not, or no answer yet.
    pub fn verdict(&self) -> Verdict {
        match self.decided() {
            Some(true) => Verdict::Yes,
            Some(false) => Verdict::No,
            None => Verdict::Undecided,
        }
    }

    /// Whether the game can be won; `None` when there is no answer yet.
    pub fn decided(&self) -> Option<bool> {
        match self {
            Answer::Wins(_) => Some(true),
            Answer::NoWin
            | Answer::Unknown {
                reveal: Reveal::Never,
                ..
            } => Some(false),
            Answer::Unknown { .. } | Answer::Capped(_) | Answer::Stopped => None,
        }
    }

    /// The winning line, when there is one.
    pub fn line(&self) -> Option<&[Move]> {
        match self {
            Answer::Wins(moves) => Some(moves),
            _ => None,
        }
    }

    /// Why there is no answer yet: "cap reached (...)", "3 cards are not known (??)".
    pub fn undecided(&self) -> Option<String> {
        match self {
            Answer::Capped(cap) => Some(undecided(*cap)),
            Answer::Stopped => Some(STOPPED.to_string()),
            Answer::Wins(_)
            | Answer::NoWin
            | Answer::Unknown {
                reveal: Reveal::Never,
                ..
            } => None,
            Answer::Unknown { count, .. } => Some(unknowns_text::not_known(*count)),
        }
    }
}

/// "1 card is", "3 cards are".
fn cards_are(count: usize) -> String {
    counted_are(count, "card")
}

/// Cards in play that are not known: in the piles, the stock and the waste.
fn unknown_in_play(position: &Position) -> usize {
    position.in_play().filter(Option::is_none).count()
}

/// Positions the search for a card to turn face up may meet (a few tenths of a second).
pub const REVEAL_CAP: usize = 100_000;

/// Solves a position under caps: with cards not known, finds the way to turn one face up.
pub fn solve_position(
    position: &Position,
    caps: Caps,
    observer: &mut dyn Observer,
) -> (Answer, Stats) {
    let count = unknown_in_play(position);
    if count > 0 {
        let reveal = reveal::reveal(position, REVEAL_CAP);
        return (Answer::Unknown { count, reveal }, Stats::default());
    }
    let mut capped = Capped::new(caps, observer);
    let report = solver::solve(position, &mut capped);
    let answer = match (report.answer, capped.reached()) {
        (Some(SolverVerdict::Solvable(line)), _) => Answer::Wins(line),
        (Some(SolverVerdict::Unsolvable), _) => Answer::NoWin,
        (None, Some(cap)) => Answer::Capped(cap),
        (None, None) => Answer::Stopped,
    };
    (answer, report.stats)
}

/// The rules as JSON: `{"draw": 3, "passes": "unlimited", "foundation_moves": true,
/// "empty_pile": "kings"}`.
pub fn rules_json(rules: Rules) -> Value {
    let passes = match rules.passes {
        Passes::Unlimited => "unlimited".to_string(),
        Passes::Limited(n) => n.to_string(),
    };
    json!({
        "draw": rules.draw_count(),
        "passes": passes,
        "foundation_moves": rules.foundation_to_tableau,
        "empty_pile": match rules.empty_pile {
            EmptyPile::KingsOnly => "kings",
            EmptyPile::AnyCard => "any",
        },
    })
}

/// The moves of a line in the notation (`draw`, `7h>5`, `Ah>f`), from `start`.
fn steps_json(start: &Position, moves: &[Move]) -> Vec<Value> {
    let mut position = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = notation::move_text(&position, mv);
            position.apply(mv).expect("a solver's line replays");
            json!(text)
        })
        .collect()
}

/// The way to turn a card not known face up, as JSON: `steps` in the notation, the `place`
/// to write the card in and whether the steps `may_lose` a win; or `null` when there is none
/// (`capped` says how many positions were searched when that stopped the search).
fn reveal_json(start: &Position, reveal: &Reveal, table: &Table) -> Value {
    match reveal {
        Reveal::Shows {
            moves,
            shown,
            may_lose,
        } => json!({
            "steps": steps_json(start, moves),
            "place": shown.place(table.waste(), table.stock()),
            "may_lose": may_lose,
        }),
        Reveal::Never => Value::Null,
        Reveal::Capped(positions) => json!({"capped": positions}),
    }
}

/// The answer as one JSON object: `game`, `rules`, `solvable` (null when undecided, with
/// `undecided` saying why), `length`, `steps` and the search's `stats`; with cards not known,
/// `unknown` (how many) and `reveal` ([`reveal_json`]). `table` is the table as written.
pub fn answer_json(start: &Position, answer: &Answer, stats: &Stats, table: &Table) -> Value {
    let rules = rules_json(start.rules());
    let mut object = match answer {
        Answer::Wins(moves) => json!({
            "solvable": true,
            "length": moves.len(),
            "steps": steps_json(start, moves),
        }),
        Answer::NoWin => json!({"solvable": false, "length": null, "steps": []}),
        Answer::Capped(cap) => undecided_json("solvable", *cap, stats),
        Answer::Stopped => json!({"solvable": null}),
        Answer::Unknown { count, reveal } => {
            let solvable = (*reveal == Reveal::Never).then_some(false);
            json!({"solvable": solvable, "unknown": count, "reveal": reveal_json(start, reveal, table)})
        }
    };
    if let Some(why) = answer.undecided() {
        object["undecided"] = json!(why);
    }
    object["stats"] = stats_json(stats);
    let mut head = json!({"game": "klondike", "rules": rules});
    if let (Some(head), Value::Object(fields)) = (head.as_object_mut(), object) {
        head.extend(fields);
    }
    head
}

/// The answer as text a person can follow at the table. `table` is the table as written.
pub fn answer_text(start: &Position, answer: &Answer, stats: &Stats, table: &Table) -> String {
    match answer {
        Answer::Wins(moves) if moves.is_empty() => {
            "The game is won: every card is on the foundations.\n".to_string()
        }
        Answer::Wins(moves) => {
            let mut text = format!(
                "Solved in {}: a way to win, not always the fewest moves.\n\
                 {COUNTED}\n",
                moves_text(moves.len())
            );
            text.push_str(&numbered(start, moves));
            text
        }
        Answer::NoWin => format!(
            "No solution: an exhaustive search ({} positions) found no way to win.\n",
            crate::cards::excerpt::thousands(stats.expanded as usize)
        ),
        Answer::Capped(cap) => format!("{}\n", undecided_text(*cap)),
        Answer::Stopped => format!("Undecided: {STOPPED}.\n"),
        Answer::Unknown { count, reveal } => unknown_text(start, *count, reveal, table),
    }
}

/// Moves from `start` in words, one a line, numbered from 1.
fn numbered(start: &Position, moves: &[Move]) -> String {
    let mut position = start.clone();
    let mut text = String::new();
    for (number, &mv) in moves.iter().enumerate() {
        text.push_str(&format!("{:>3}. {}\n", number + 1, position.describe(mv)));
        position.apply(mv).expect("the moves given replay");
    }
    text
}

/// What to do when cards are not known: the moves that turn one face up and where to write
/// it, or why there are none.
fn unknown_text(start: &Position, count: usize, reveal: &Reveal, table: &Table) -> String {
    let head = format!(
        "Undecided: {} not known (??), and every card must reach its foundation.",
        cards_are(count)
    );
    match reveal {
        Reveal::Shows { moves, shown, .. } if moves.is_empty() => {
            format!("{head}\n{}\n", face_up_text(*shown, table))
        }
        Reveal::Shows {
            moves,
            shown,
            may_lose,
        } => {
            let warning = if *may_lose {
                "\nEvery way to show a card not known takes a risk here: the moves below may \
                 give up a win (whether they do depends on the cards not known)."
            } else {
                ""
            };
            let mut text = format!(
                "{head}{warning}\nTo see one, play {}, then write the card it shows in at {}, \
                 and solve again:\n",
                if moves.len() == 1 {
                    "this move".to_string()
                } else {
                    format!("these {} moves", moves.len())
                },
                shown.place(table.waste(), table.stock())
            );
            text.push_str(&numbered(start, moves));
            text
        }
        Reveal::Capped(positions) => format!(
            "{head}\nNo line of the first {} positions turns one face up: the search stopped \
             there.\n",
            crate::cards::excerpt::thousands(*positions)
        ),
        Reveal::Never => format!(
            "No solution: no line turns {} not known (??) face up, so {} never \
             reach the foundations, whatever they are.\n",
            if count == 1 {
                "the card".to_string()
            } else {
                format!("the {count} cards")
            },
            if count == 1 { "it can" } else { "they can" }
        ),
    }
}

/// What a card not known lying face up asks of the player, and where it lies: the one
/// sentence `solve`, `hint` and `validate` give for it, so that they read as one refusal.
/// `table` is the table as written.
fn face_up_text(shown: Shown, table: &Table) -> String {
    format!(
        "A card not known is face up: write it in at {}, then ask again.",
        shown.place(table.waste(), table.stock())
    )
}

/// "1 move", "154 moves".
fn moves_text(count: usize) -> String {
    counted(count, "move")
}

/// A written game solved from where its moves leave it: what both the solve and the hint
/// answer from.
pub struct Searched<'a> {
    saved: &'a SavedKlondike,
    position: Position,
    answer: Answer,
    stats: Stats,
}

/// Solves a written game from where its moves leave it.
pub fn search<'a>(
    saved: &'a SavedKlondike,
    caps: Caps,
    observer: &mut dyn Observer,
) -> Searched<'a> {
    let position = saved.position();
    let (answer, stats) = solve_position(&position, caps, observer);
    Searched {
        saved,
        position,
        answer,
        stats,
    }
}

/// The answer to a solve: the winning line, or why there is none.
pub fn solve_answer(searched: &Searched) -> verdict::Answer {
    let (position, answer, stats) = (&searched.position, &searched.answer, &searched.stats);
    let table = &searched.saved.table;
    verdict::after_moves(
        searched.saved.moves.len(),
        answer.verdict(),
        answer_json(position, answer, stats, table),
        answer_text(position, answer, stats, table),
    )
}

/// The first move of a winning line from where the game stands, and whether it can still be
/// won.
pub fn hint_answer(searched: &Searched) -> verdict::Answer {
    let Searched {
        saved,
        position,
        answer,
        stats,
    } = searched;
    let not_winnable = if saved.moves.is_empty() {
        "Not winnable"
    } else {
        "No longer winnable"
    };
    let mut json = match answer {
        Answer::Wins(moves) => json!({
            "winnable": true,
            "next": moves.first().map(|&mv| notation::move_text(position, mv)),
            "length": moves.len(),
        }),
        Answer::NoWin => json!({"winnable": false, "next": null}),
        Answer::Capped(cap) => undecided_json("winnable", *cap, stats),
        Answer::Stopped => json!({"winnable": null}),
        Answer::Unknown { count, reveal } => {
            let winnable = (*reveal == Reveal::Never).then_some(false);
            let next = match reveal {
                Reveal::Shows { moves, .. } => {
                    moves.first().map(|&mv| notation::move_text(position, mv))
                }
                _ => None,
            };
            json!({
                "winnable": winnable,
                "next": next,
                "unknown": count,
                "reveal": reveal_json(position, reveal, &saved.table),
            })
        }
    };
    if let Some(why) = answer.undecided() {
        json["undecided"] = json!(why);
    }
    let text = match answer {
        Answer::Wins(moves) => match moves.first() {
            None => "The game is won: every card is on the foundations.\n".to_string(),
            Some(&mv) => format!(
                "Next: {}\nWinnable: a line of {} wins from here, this one included \
                 (not always the fewest).\n",
                position.describe(mv),
                moves_text(moves.len())
            ),
        },
        Answer::NoWin => {
            format!("{not_winnable}: an exhaustive search found no way to win.\n")
        }
        Answer::Capped(_) | Answer::Stopped | Answer::Unknown { .. } => {
            answer_text(position, answer, stats, &saved.table)
        }
    };
    verdict::after_moves(saved.moves.len(), answer.verdict(), json, text)
}

/// That a file holds a valid Klondike game, named `name` (undecided when a card not known
/// lies face up where its moves leave it, as `solve` says); or, with `print_as`, its table
/// written in that format, with the game and the moves played where the format takes
/// comments, so that the text reads back as the same game at the same point.
pub fn validate_answer(
    saved: &SavedKlondike,
    name: &str,
    print_as: Option<Format>,
) -> Result<verdict::Answer, OpenError> {
    let Some(format) = print_as else {
        // A card the player sees but the file leaves unknown holds every answer back, as
        // `solve` and `hint` say: the same words, and their exit code (undecided).
        if let Some(shown) = reveal::shown(&saved.position()) {
            let text = format!("{name}: {}\n", face_up_text(shown, &saved.table));
            return Ok(verdict::Answer::new(Verdict::Undecided, text, Value::Null));
        }
        let rules = saved.rules;
        let what = match verdict::moves_played(saved.moves.len()) {
            Some(from) if saved.position().is_won() => {
                format!("a valid Klondike game ({rules}), already won ({from})")
            }
            Some(from) => format!("a valid Klondike game ({rules}) in progress ({from})"),
            None => format!("a valid Klondike {} ({rules})", kind(&saved.table)),
        };
        let unknown = unknowns_text::count(saved.table.unknown_count() as u32);
        let text = format!("{name}: {what}, in {}{unknown}\n", saved.format.name());
        return Ok(verdict::Answer::new(Verdict::Yes, text, Value::Null));
    };
    let text =
        formats::write(&saved.table, format).map_err(|error| OpenError::Text(error.to_string()))?;
    let (header, moves) = if format == Format::Solvitaire {
        (String::new(), String::new())
    } else {
        let moves = if saved.moves.is_empty() {
            String::new()
        } else {
            let line = notation::line_text(&saved.start(), &saved.moves);
            format!("# moves: {line}\n")
        };
        (
            format!("# game: klondike\n{}", rules_line(saved.rules)),
            moves,
        )
    };
    let warning = (format == Format::Solvitaire)
        .then(|| not_in_json(saved, name))
        .flatten();
    Ok(verdict::Answer {
        warning,
        ..verdict::Answer::new(Verdict::Yes, format!("{header}{text}{moves}"), Value::Null)
    })
}

/// The `# rules:` line a printed copy needs to be read as the same game: none under the
/// standard rules, which a text without the line is played by.
fn rules_line(rules: Rules) -> String {
    if rules == Rules::STANDARD {
        String::new()
    } else {
        rules_header(rules)
    }
}

/// What Solvitaire's JSON, which takes no comment lines, leaves out of a printed copy: the
/// rules when they are not the standard ones, and the moves played.
fn not_in_json(saved: &SavedKlondike, name: &str) -> Option<String> {
    let mut left_out = Vec::new();
    if saved.rules != Rules::STANDARD {
        left_out.push(format!("the rules ({})", saved.rules));
    }
    if !saved.moves.is_empty() {
        left_out.push(format!("the {} played", moves_text(saved.moves.len())));
    }
    if left_out.is_empty() {
        return None;
    }
    Some(format!(
        "{name}: not written: {}, which Solvitaire's JSON has no place for (the layout, \
         the deal code and the position text keep them)",
        left_out.join(" and ")
    ))
}

/// "deal", "game under way, 12 cards on the foundations", or "table of 16 cards (Aces to
/// Fours) in 4 piles and a stock of 6".
fn kind(table: &Table) -> String {
    if table.deal().is_some() {
        "deal".to_string()
    } else if table.is_under_way() {
        table.under_way()
    } else {
        format!("table of {}", table.describe())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::CHECK_EVERY;
    use crate::games::klondike::Deal;

    /// An observer that asks the search to stop at its first look, as a cancel does.
    struct StopAtOnce;

    impl Observer for StopAtOnce {
        fn should_stop(&mut self) -> bool {
            true
        }
    }

    #[test]
    fn a_search_asked_to_stop_is_undecided_and_says_why() {
        // The first deal whose search outlasts the observer's first look.
        let position = (1..200)
            .map(|seed| Position::new(&Deal::shuffled(seed), Rules::default()))
            .find(|position| {
                solve_position(position, Caps::default(), &mut ())
                    .1
                    .expanded
                    > 4 * CHECK_EVERY
            })
            .expect("a deal that takes a long search");
        let (answer, stats) = solve_position(&position, Caps::default(), &mut StopAtOnce);
        assert_eq!(answer, Answer::Stopped);
        assert_eq!(answer.verdict(), Verdict::Undecided);
        let table = Table::of_position(&position);
        let text = answer_text(&position, &answer, &stats, &table);
        assert!(text.contains("stopped before it knew"), "{text}");
        let json = answer_json(&position, &answer, &stats, &table);
        assert_eq!(json["solvable"], Value::Null);
        assert_eq!(json["undecided"], json!(STOPPED));
    }

    #[test]
    fn moves_that_may_give_up_a_win_say_so_in_a_players_words() {
        let position = Position::new(&Deal::shuffled(0), Rules::default());
        let reveal = Reveal::Shows {
            moves: vec![Move::Draw],
            shown: Shown::Stock { unknown: 0 },
            may_lose: true,
        };
        let answer = Answer::Unknown { count: 1, reveal };
        let table = Table::of_position(&position);
        let text = answer_text(&position, &answer, &Stats::default(), &table);
        assert!(
            text.contains(
                "\nEvery way to show a card not known takes a risk here: the moves below may \
                 give up a win (whether they do depends on the cards not known).\n"
            ),
            "{text}"
        );
        // A card face up asks for it, then for the question again, whichever it was.
        let shown = face_up_text(Shown::Stock { unknown: 0 }, &table);
        assert!(shown.ends_with(", then ask again."), "{shown}");
    }

    #[test]
    fn a_card_not_known_in_the_waste_is_named_at_its_place_in_the_waste() {
        // The position of tests/data with waste card 2 not known (Ts, put face down on
        // pile 5 in its stead), and then with it in the stock too.
        let position = include_str!("../../../tests/data/klondike-position-unknowns.txt")
            .replace("waste: Qh Ts Jd", "waste: Qh ?? Jd")
            .replacen("pile 5: ?? ?? ?? ??", "pile 5: ?? ?? ?? Ts", 1);
        let saved = SavedKlondike::read(&position, None, Rules::STANDARD).expect("a game");
        let answer = solve_answer(&search(&saved, Caps::default(), &mut ()));
        let at = "write the card it shows in at waste card 2 (from its bottom)";
        assert!(answer.text.contains(at), "{}", answer.text);
        assert_eq!(
            answer.json["reveal"]["place"],
            "waste card 2 (from its bottom)"
        );
        // With the waste turned back into the stock, the same card is stock card 2.
        let stock = position
            .replace("waste: Qh ?? Jd 3s 9d Kd 9s Ks 7h 5s 6d Kc", "waste:")
            .replace("stock:", "stock: Qh ?? Jd 3s 9d Kd 9s Ks 7h 5s 6d Kc");
        let saved = SavedKlondike::read(&stock, None, Rules::STANDARD).expect("a game");
        let answer = solve_answer(&search(&saved, Caps::default(), &mut ()));
        assert_eq!(
            answer.json["reveal"]["place"], "stock card 2 (in the order drawn)",
            "{}",
            answer.text
        );
    }
}

//! The commands with Minimal Triple Klondike: every line `solve`, `hint` and `batch` print is
//! replayed on the library's referee and counted as the contest counts it; `validate` names
//! every problem of a deal at once; bad input and other games' flags end with exit code 2 and
//! a message; and `batch` answers the contest's deals (read from `../shared`, skipped when
//! absent) with lines the referee plays.
//!
//! The deals are the library's seeded shuffles (`Deal::shuffled`): one pack dealt to seven
//! piles, which the search completes in well under its time, and three packs for the
//! contest's own rules.

mod common;

use common::{Files, assert_holds, output, pyramid};
use serde_json::Value;
use solitaire::games::triple_klondike::notation::read_line;
use solitaire::games::triple_klondike::{Deal, Position, Rules};

/// One pack dealt to seven piles: the small game the tests solve to the end.
const SMALL: Rules = Rules {
    packs: 1,
    piles: 7,
    ..Rules::CONTEST
};

/// The flags that ask for [`SMALL`], with a short time for each search.
const SMALL_FLAGS: [&str; 8] = [
    "--game",
    "triple-klondike",
    "--packs",
    "1",
    "--piles",
    "7",
    "--time-limit",
    "0.5",
];

/// Runs the binary and gives its exit code, standard output and standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let output = pyramid().args(args).output().expect("the binary runs");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8");
    (
        output.status.code().expect("an exit code"),
        text(output.stdout),
        text(output.stderr),
    )
}

/// Runs the binary expecting exit code 2, and gives standard error.
fn refused(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {out}{err}");
    err
}

/// `args` with the small game's flags before them.
fn small(args: &[&str]) -> Vec<String> {
    args.iter()
        .chain(&SMALL_FLAGS)
        .map(ToString::to_string)
        .collect()
}

fn strings(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// Plays an answer's `notation` on the referee from `start` and checks what the answer says
/// of it: its cards up, its moves, whether it is complete, and the bound below a complete
/// line. Gives the position it leaves.
fn replayed(start: &Position, answer: &Value) -> Position {
    let notation = answer["notation"].as_str().expect("a line in the notation");
    let line = read_line(start, notation).expect("the line plays on the referee");
    let (end, tally) = start.replay(&line).expect("legal");
    assert_eq!(answer["cards_up"], tally.cards_up, "{answer}");
    assert_eq!(answer["moves"], tally.moves, "{answer}");
    assert_eq!(answer["complete"], end.is_won(), "{answer}");
    let bound = answer["bound"].as_u64().expect("a bound") as usize;
    assert!(
        bound >= start.cards_left() + start.stock().len(),
        "{answer}"
    );
    if end.is_won() {
        assert!(tally.moves >= bound, "{answer}");
        assert_eq!(answer["gap"], tally.moves - bound, "{answer}");
    } else {
        assert!(answer["gap"].is_null() && answer["undecided"].is_string());
    }
    end
}

fn start(deal: &Deal, rules: Rules) -> Position {
    Position::new(deal, rules).expect("a game")
}

#[test]
fn solve_prints_the_best_line_in_words_and_as_json_and_both_replay() {
    let files = Files::new();
    let deal = Deal::shuffled(3, SMALL);
    let path = files.write("small.txt", &deal.to_text());
    let (code, json, _) = run(&strings(&small(&["solve", "--json", &path])));
    let answer: Value = serde_json::from_str(&json).expect("one JSON object");
    assert_eq!(answer["game"], "triple-klondike");
    assert_eq!(answer["rules"]["packs"], 1);
    assert_eq!(answer["cards"], 52);
    let end = replayed(&start(&deal, SMALL), &answer);
    // Exit 0 for a line that takes every card up, 3 for one that does not.
    assert_eq!(code, if end.is_won() { 0 } else { 3 }, "{answer}");
    assert!(
        answer["seconds"].as_f64().is_some_and(|s| s < 5.0),
        "{answer}"
    );

    let (code_text, text, _) = run(&strings(&small(&["solve", &path])));
    assert_eq!(code_text, code);
    assert!(
        text.starts_with("Triple Klondike (1 pack, 7 piles, 1 pass): "),
        "{text}"
    );
    let notation = text
        .lines()
        .find_map(|line| line.strip_prefix("Line: "))
        .expect("the line in the notation");
    let moves = read_line(&start(&deal, SMALL), notation).expect("the line plays");
    // Each move in words, numbered, with its letters.
    let numbered: Vec<&str> = text
        .lines()
        .filter(|line| {
            line.trim_start()
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
        })
        .collect();
    assert_eq!(numbered.len(), moves.len(), "{text}");
    assert!(numbered[0].trim_start().starts_with("1. "), "{text}");
    let letters: String = numbered
        .iter()
        .map(|line| {
            let open = line.rfind('(').expect("the move's letters");
            line[open + 1..line.len() - 1].to_string()
        })
        .collect();
    assert_eq!(letters, notation);
    let bound = answer["bound"].to_string();
    assert_holds(&text, &format!("{bound} moves"));
}

#[test]
fn a_line_as_short_as_the_bound_is_said_to_be_the_fewest() {
    // One pile holding the King of clubs, and a stock that draws every other card in the
    // order it goes up: each card drawn and put up, the King last, as few moves as can be.
    let mut order: Vec<String> = Vec::new();
    for suit in ["S", "H", "D", "C"] {
        for rank in "A23456789TJQK".chars() {
            order.push(format!("{rank}{suit}"));
        }
    }
    let king = order.pop().expect("KC");
    let text = std::iter::once(king)
        .chain(order.into_iter().rev())
        .collect::<Vec<_>>()
        .join(" ");
    let files = Files::new();
    let path = files.write("ordered.txt", &text);
    let args = [
        "solve",
        "--game",
        "triple-klondike",
        "--packs",
        "1",
        "--piles",
        "1",
        "--json",
        &path,
    ];
    let (code, json, _) = run(&args);
    assert_eq!(code, 0, "{json}");
    let answer: Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(answer["moves"], 51 * 2 + 1, "{answer}");
    assert_eq!(answer["proven"], true, "{answer}");
    assert_eq!(answer["gap"], 0, "{answer}");
    assert!(answer["stopped"].is_null(), "{answer}");
    let text = output(
        &args[..args.len() - 2]
            .iter()
            .chain(&[&path[..]])
            .copied()
            .collect::<Vec<_>>(),
        0,
    );
    assert!(
        text.starts_with(
            "Triple Klondike (1 pack, 1 pile, 1 pass): every card up in 103 moves (52/103), \
             the fewest: no complete line is shorter than 103 moves."
        ),
        "{text}"
    );
}

#[test]
fn a_contest_deal_is_told_by_its_text_and_solved_under_a_time_cap() {
    let files = Files::new();
    let deal = Deal::shuffled(7, Rules::CONTEST);
    let path = files.write("contest.txt", &deal.to_text());
    // No --game: three packs' worth of cards is Triple Klondike.
    let (code, json, err) = run(&[
        "solve",
        "--json",
        "--time-limit",
        "1",
        "--threads",
        "1",
        &path,
    ]);
    let answer: Value = serde_json::from_str(&json).unwrap_or_else(|_| panic!("JSON: {err}"));
    assert_eq!(answer["game"], "triple-klondike");
    assert_eq!(answer["cards"], 156);
    let end = replayed(&start(&deal, Rules::CONTEST), &answer);
    assert_eq!(code, if end.is_won() { 0 } else { 3 });
    assert!(
        answer["bound"].as_u64().is_some_and(|b| b >= 221),
        "{answer}"
    );
    // The time cap stopped a search that proved nothing, and the answer says so.
    if answer["proven"] == false {
        assert_eq!(answer["stopped"], "cap reached (time: cap 1 s)", "{answer}");
    }
    // Other games' texts are not taken for it.
    let pyramid_deal = files.write("pyramid.txt", &common::shuffled(1).to_string());
    let (_, text, _) = run(&["validate", &pyramid_deal]);
    assert!(!text.contains("Triple Klondike"), "{text}");
}

#[test]
fn hint_gives_the_next_move_from_where_the_moves_played_leave_the_game() {
    let files = Files::new();
    let deal = Deal::shuffled(3, SMALL);
    let path = files.write("small.txt", &deal.to_text());
    let (_, json, _) = run(&strings(&small(&["solve", "--json", &path])));
    let answer: Value = serde_json::from_str(&json).expect("JSON");
    let notation = answer["notation"].as_str().expect("a line").to_string();
    let first = start(&deal, SMALL);
    let line = read_line(&first, &notation).expect("plays");
    // Two moves played, in a header: the hint is a move from there.
    let played = &line[..2];
    let header: String = played
        .iter()
        .map(|&mv| solitaire::games::triple_klondike::notation::move_text(mv))
        .collect();
    let game = files.write(
        "game.txt",
        &format!(
            "# game: triple-klondike\n# moves: {header}\n{}",
            deal.to_text()
        ),
    );
    let hint_args = small(&["hint", "--json", &game]);
    let (_, json, _) = run(&strings(&hint_args));
    let hint: Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(hint["from"]["moves_played"], 2, "{hint}");
    let after = first.replay(played).expect("legal").0;
    let next = hint["next"].as_str().expect("a next move");
    assert!(read_line(&after, next).is_ok(), "{hint}");
    assert!(
        hint["notation"]
            .as_str()
            .is_some_and(|line| line.starts_with(next))
    );
    let (_, text, _) = run(&strings(&small(&["hint", &game])));
    assert!(
        text.starts_with(
            "Triple Klondike (1 pack, 7 piles, 1 pass): From the saved position: 2 moves played.\nNext: "
        ),
        "{text}"
    );

    // The whole line played: validate says the game is won, solve that there is nothing left.
    if answer["complete"] == true {
        let won = files.write(
            "won.txt",
            &format!(
                "# game: triple-klondike\n# moves: {notation}\n{}",
                deal.to_text()
            ),
        );
        let said = output(&strings(&small(&["validate", &won])), 0);
        assert_holds(&said, "a valid Triple Klondike game, already won");
        let said = output(&strings(&small(&["solve", &won])), 0);
        assert_holds(&said, "The game is won");
    }
    // A move that cannot be played is named with its number.
    let bad = files.write("bad.txt", &format!("# moves: @ zz\n{}", deal.to_text()));
    let err = refused(&strings(&small(&["solve", &bad])));
    assert_holds(&err, "# moves: move 2:");
}

#[test]
fn validate_names_every_problem_of_a_deal_at_once() {
    let files = Files::new();
    let deal = Deal::shuffled(11, Rules::CONTEST);
    let good = files.write("good.txt", &deal.to_text());
    let said = output(&["validate", &good], 0);
    assert!(
        said.ends_with(
            ": a valid Triple Klondike deal (3 packs, 13 piles, 1 pass): 156 cards, 91 in the \
             piles and 65 in the stock\n"
        ),
        "{said}"
    );
    // A word that is not a card, a card four times, and a card too few: each named.
    let mut words: Vec<String> = deal.to_text().split(' ').map(str::to_string).collect();
    let fourth = words[0].clone();
    let copy = words
        .iter()
        .enumerate()
        .skip(1)
        .find(|(_, word)| **word != fourth)
        .map(|(at, _)| at)
        .expect("another card");
    let lost = std::mem::replace(&mut words[copy], fourth.clone());
    words[40] = "ZZ".to_string();
    let bad = files.write("bad.txt", &words.join(" "));
    let err = refused(&["validate", "--game", "triple-klondike", &bad]);
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines.iter().all(|line| line.starts_with(&*bad)), "{err}");
    assert_holds(&err, "'ZZ' is not a card");
    assert_holds(&err, &format!("{fourth} once too often"));
    assert_holds(&err, "155 cards: a deal of these packs has 156");
    assert!(err.contains("missing: ") && err.contains(&lost), "{err}");
    assert!(lines.len() >= 4, "{err}");
}

#[test]
fn bad_input_and_other_games_flags_are_refused_with_a_message() {
    let files = Files::new();
    let deal = files.write("deal.txt", &Deal::shuffled(1, Rules::CONTEST).to_text());
    let err = refused(&["solve", "--packs", "4", &deal]);
    assert_holds(&err, "'4' is not a number of packs, 1 to 3");
    let err = refused(&["solve", "--draw", "1", &deal]);
    assert_holds(&err, "--draw is a rule of Klondike, not of Triple Klondike");
    let err = refused(&["solve", "--score", &deal]);
    assert_holds(&err, "Triple Klondike is solved for the most cards up");
    let err = refused(&["solve", "--game", "klondike", "--threads", "2", &deal]);
    assert_holds(&err, "--threads is for Triple Klondike's search");
    let err = refused(&["solve", "--packs", "1", "--game", "triple-klondike", &deal]);
    assert_holds(&err, "13 piles take 91 cards");
    let err = refused(&["stats", "--game", "triple-klondike", "--deals", "1"]);
    assert_holds(&err, "stats does not take triple-klondike yet");
    // The app takes the game; without a terminal it says what to use instead.
    let err = refused(&["--game", "triple-klondike"]);
    assert_holds(&err, "the app needs a terminal");
    let empty = files.write("empty.txt", "# game: triple-klondike\n");
    let err = refused(&["solve", &empty]);
    assert_holds(&err, "empty: no cards");
}

/// The JSON lines `batch` printed, each checked to replay on the referee from its deal.
fn batch_replayed(out: &str, deals: &[(usize, Deal)], rules: Rules) -> Vec<Value> {
    let answers: Vec<Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON Lines"))
        .collect();
    assert_eq!(answers.len(), deals.len(), "{out}");
    for (answer, (number, deal)) in answers.iter().zip(deals) {
        assert_eq!(answer["line"], *number, "{answer}");
        replayed(&start(deal, rules), answer);
    }
    answers
}

#[test]
fn batch_answers_a_deal_a_line_with_lines_the_referee_plays() {
    let files = Files::new();
    let deals: Vec<(usize, Deal)> = [(2, 3), (3, 4), (5, 5)]
        .map(|(line, seed)| (line, Deal::shuffled(seed, SMALL)))
        .to_vec();
    let text = format!(
        "# three small deals\n{}\n{}\n\n{}\n",
        deals[0].1, deals[1].1, deals[2].1
    );
    let path = files.write("deals.txt", &text);
    let (code, out, err) = run(&strings(&small(&["batch", "--jobs", "2", &path])));
    let answers = batch_replayed(&out, &deals, SMALL);
    let undecided = answers.iter().filter(|a| a["complete"] == false).count();
    assert_eq!(code, if undecided == 0 { 0 } else { 3 }, "{err}");
    assert!(err.starts_with("3 deals: "), "{err}");
    // A bad line is answered with its problems in its place; the exit code is 2.
    let cut = deals[1].1.to_text()[3..].to_string();
    let bad = files.write("bad.txt", &format!("{}\n{cut}\n", deals[0].1));
    let (code, out, _) = run(&strings(&small(&["batch", &bad])));
    assert_eq!(code, 2);
    let second: Value = serde_json::from_str(out.lines().nth(1).expect("two lines")).expect("JSON");
    assert!(
        second["error"]
            .as_str()
            .is_some_and(|e| e.contains("51 cards")),
        "{second}"
    );
}

#[test]
fn batch_answers_the_contest_deals_with_lines_the_referee_plays() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/triple-klondike/deals-100.txt"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        println!("skipped: the contest's deals are not at {path}");
        return;
    };
    // The first three deals, from the contest's file itself, at a small budget.
    let files = Files::new();
    let head: Vec<&str> = text.lines().take(3).collect();
    let three = files.write("three.txt", &(head.join("\n") + "\n"));
    let deals: Vec<(usize, Deal)> = head
        .iter()
        .enumerate()
        .map(|(at, line)| {
            (
                at + 1,
                Deal::read(line, Rules::CONTEST).expect("a contest deal"),
            )
        })
        .collect();
    let (code, out, err) = run(&["batch", "--time-limit", "1", "--jobs", "2", &three]);
    assert!(code == 0 || code == 3, "{err}");
    let answers = batch_replayed(&out, &deals, Rules::CONTEST);
    for answer in &answers {
        assert_eq!(answer["game"], "triple-klondike", "{answer}");
        assert!(
            answer["cards_up"].as_u64().is_some_and(|up| up > 0),
            "{answer}"
        );
    }
}

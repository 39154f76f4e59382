//! The commands with Perfect Pair: every line they print is replayed on the library's referee,
//! whose figures must be the ones printed; the verdict (can the hand be cleared) is the exit
//! code; `validate` names every problem of a hand at once; `batch` and `stats` read their
//! deals; bad input and bad flags end with a message and exit code 2.
//!
//! The hands are the project's seeded shuffles laid out in the default layout
//! (`Layout::deal`), and small ones written here.

mod common;

use common::{Files, assert_holds, json_answer, output, pyramid};
use serde_json::{Value, json};
use solitaire::engine::referee::read_line;
use solitaire::games::perfect_pair::notation::read_move;
use solitaire::games::perfect_pair::saved::SavedPerfectPair;
use solitaire::games::perfect_pair::solver::{self, Clearing, Goal};
use solitaire::games::perfect_pair::{Layout, Position, Rules};

/// Seeded deals of the default layout, each solved in a few milliseconds.
const DEALS: [(u64, usize); 3] = [(1, 0), (1, 1), (7, 3)];

/// A hand that only a free cell clears: 6c lies on 7d (`PERFECT_PAIR.md`, "Checks").
const STUCK: &str = "row 1: 6c 7d | Kh\n";

/// A seeded deal's hand, as its saved text writes it.
fn hand(seed: u64, number: usize) -> (Position, String) {
    let layout = Layout::deal(seed, number);
    let saved = SavedPerfectPair::new(layout, Rules::DEFAULT);
    (saved.start(), saved.to_text())
}

/// The steps of a JSON answer, played on the referee from `start`.
fn replayed(start: &Position, answer: &Value) -> Position {
    let steps: Vec<&str> = answer["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|step| step.as_str().expect("a step in the notation"))
        .collect();
    let moves = read_line(start, &steps.join(" "), read_move).expect("the steps replay");
    let mut end = start.clone();
    for mv in moves {
        end.apply(mv).expect("a legal move");
    }
    end
}

/// The figures a JSON answer gives for its hand, checked against the referee's at its end.
fn assert_figures(end: &Position, answer: &Value) {
    assert_eq!(answer["score"], end.score(), "{answer}");
    assert_eq!(answer["hearts"], end.hearts(), "{answer}");
    assert_eq!(answer["meter"], end.meter(), "{answer}");
    assert_eq!(answer["perfect"], end.perfect(), "{answer}");
    assert_eq!(answer["uses"], end.uses_made(), "{answer}");
    assert_eq!(answer["cleared"], end.is_won(), "{answer}");
}

/// Whether the library proves a hand can be cleared.
fn clearable(start: &Position) -> bool {
    match solver::clear(start, &mut ()).answer.expect("no cap") {
        Clearing::Cleared(_) => true,
        Clearing::NotClearable => false,
    }
}

/// The exit code `solve` and `hint` give a hand: 0 when it can be cleared, 1 when not.
fn exit_code(start: &Position) -> i32 {
    i32::from(!clearable(start))
}

#[test]
fn solve_prints_the_best_hand_which_the_referee_replays_to_the_figures_printed() {
    let files = Files::new();
    for (seed, number) in DEALS {
        let (start, text) = hand(seed, number);
        // No `# game:` header: the rows alone say which game the text is.
        let text = text.replace("# game: perfect-pair\n", "");
        let file = files.write(&format!("{seed}-{number}.txt"), &text);
        let code = exit_code(&start);
        let answer = json_answer(&["solve", "--json", &file], code);
        assert_eq!(answer["game"], "perfect-pair");
        assert_eq!(answer["play_for"], "points");
        assert_eq!(answer["clearable"], code == 0);
        let end = replayed(&start, &answer);
        assert_figures(&end, &answer);
        let best = solver::solve(&start, Goal::Points, &mut ())
            .answer
            .expect("no cap");
        assert_eq!(answer["score"], best.figures.score, "the exact best");
        assert!(answer["bound"].as_u64() >= answer["score"].as_u64());

        // The text gives the same line, numbered in words and then in the notation.
        let text = output(&["solve", &file], code);
        let steps: Vec<String> = answer["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .map(|step| step.as_str().expect("a step").to_string())
            .collect();
        assert_holds(&text, &format!("Line: {}\n", steps.join(" ")));
        let numbered = text
            .lines()
            .filter(|line| {
                line.trim_start()
                    .split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
            })
            .count();
        assert_eq!(numbered, steps.len(), "{text}");
        assert_holds(&text, &format!("{} points", end.score()));
    }
}

#[test]
fn each_aim_gives_its_own_best_hand() {
    let files = Files::new();
    let (start, text) = hand(DEALS[0].0, DEALS[0].1);
    let file = files.write("hand.txt", &text);
    for (aim, goal) in [("hearts", Goal::Hearts), ("perfect", Goal::PerfectMatches)] {
        let answer = json_answer(&["solve", "--json", "--play-for", aim, &file], 0);
        assert_eq!(answer["play_for"], aim);
        let end = replayed(&start, &answer);
        assert_figures(&end, &answer);
        let best = solver::solve(&start, goal, &mut ()).answer.expect("no cap");
        let figure = if aim == "hearts" { "meter" } else { "perfect" };
        assert_eq!(answer[figure], best.figures.of_goal(goal), "{aim}");
    }
    // Played to clear: a clearing line with the fewest free-cell uses.
    let answer = json_answer(&["solve", "--json", "--play-for", "clear", &file], 0);
    let end = replayed(&start, &answer);
    assert!(end.is_won());
    assert_eq!(answer["uses"], answer["clearing_uses"]);
}

#[test]
fn a_hand_that_cannot_be_cleared_exits_1_and_a_free_cell_clears_a_stuck_pair() {
    let files = Files::new();
    let stuck = files.write("stuck.txt", STUCK);
    let answer = json_answer(&["solve", "--json", "--uses", "0", &stuck], 1);
    assert_eq!(answer["clearable"], false);
    assert_eq!(answer["rules"]["uses"], 0);
    let text = output(&["solve", "--uses", "0", &stuck], 1);
    assert_holds(&text, "Cannot be cleared");
    // With a use: 6c to the cell, then 6c+7d.
    let answer = json_answer(&["solve", "--json", "--play-for", "clear", &stuck], 0);
    assert_eq!(answer["clearing_uses"], 1);
    let start = SavedPerfectPair::read(STUCK).expect("a hand").start();
    assert!(replayed(&start, &answer).is_won());
}

#[test]
fn hint_gives_the_first_move_of_the_best_hand_from_where_the_hand_stands() {
    let files = Files::new();
    let (start, text) = hand(DEALS[1].0, DEALS[1].1);
    let file = files.write("hand.txt", &text);
    let code = exit_code(&start);
    let solved = json_answer(&["solve", "--json", &file], code);
    let first = solved["steps"][0].clone();
    let hint = json_answer(&["hint", "--json", &file], code);
    assert_eq!(hint["next"], first);
    assert_eq!(hint["score"], solved["score"]);
    let words = output(&["hint", &file], code);
    assert!(words.starts_with("Perfect Pair ("), "{words}");
    assert_holds(&words, "): Next: ");
    assert_holds(
        &words,
        &format!("; in the notation {}\n", first.as_str().expect("a step")),
    );

    // From a hand saved part-way through, after the best hand's first move: the best hand
    // from there ends with the same score, and its next move is legal there.
    let played = format!("{text}# moves: {}\n", first.as_str().expect("a step"));
    let part_way = files.write("part-way.txt", &played);
    let hint = json_answer(&["hint", "--json", &part_way], code);
    assert_eq!(hint["from"]["moves_played"], 1);
    assert_eq!(hint["score"], solved["score"]);
    let after = replayed(&start, &json!({ "steps": [first] }));
    let next = hint["next"].as_str().expect("a next move");
    assert!(read_line(&after, next, read_move).is_ok(), "{next}");
    let words = output(&["hint", &part_way], code);
    assert!(
        words.starts_with(
            "Perfect Pair (1 free cell, 6 uses): From the saved position: 1 move played."
        ),
        "{words}"
    );
}

#[test]
fn validate_names_every_problem_of_a_hand_at_once() {
    let files = Files::new();
    let (_, text) = hand(DEALS[0].0, DEALS[0].1);
    let good = files.write("good.txt", &text);
    let said = output(&["validate", &good], 0);
    assert_holds(
        &said,
        "a valid Perfect Pair hand, at its start: 4 rows, 52 cards",
    );
    let bad = files.write(
        "bad.txt",
        "# game: perfect-pair\nrow 1: 7h Zz | 6c\nrow 2: 7h | 5c\nrow 3: 2c 3c\n# free cells: 3\n",
    );
    let failure = pyramid().args(["validate", &bad]).assert().code(2);
    let stderr = String::from_utf8_lossy(&failure.get_output().stderr).to_string();
    for (at, problem) in [
        ("2:11", "'Zz' is not a card"),
        ("3:8", "7h appears twice: at 2:8 and here"),
        ("4:13", "no '|' between the row's left and right lines"),
        ("5:15", "# free cells: '3' is not one of: 1, 2"),
    ] {
        assert!(
            stderr.contains(&format!("bad.txt:{at}: {problem}")),
            "{at} {problem}:\n{stderr}"
        );
    }
    assert_eq!(stderr.lines().count(), 4, "{stderr}");
}

#[test]
fn batch_answers_a_json_line_for_each_deal_in_either_form() {
    let files = Files::new();
    let layout = Layout::deal(DEALS[2].0, DEALS[2].1);
    let pack: Vec<String> = layout.cards().map(|(card, _)| card.to_string()).collect();
    let lines = format!(
        "{}\n# a comment\n6c 7d | Kh / As | Qs\n7h Zz | 6c\n{}\n",
        pack.join(" "),
        pack[..49].join(" ")
    );
    let file = files.write("deals.txt", &lines);
    let out = output(&["batch", "--game", "perfect-pair", "-j", "1", &file], 2);
    let answers: Vec<Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    assert_eq!(answers.len(), 4, "{out}");
    let start = Position::new(layout, Rules::DEFAULT);
    assert_eq!(answers[0]["line"], 1);
    assert_figures(&replayed(&start, &answers[0]), &answers[0]);
    assert_eq!(answers[0]["clearable"], clearable(&start));
    let rows = Position::new(
        SavedPerfectPair::read("row 1: 6c 7d | Kh\nrow 2: As | Qs\n")
            .expect("a hand")
            .layout
            .as_ref()
            .clone(),
        Rules::DEFAULT,
    );
    assert_eq!(answers[1]["line"], 3);
    assert_figures(&replayed(&rows, &answers[1]), &answers[1]);
    assert_eq!(answers[2]["line"], 4);
    assert!(
        answers[2]["error"]
            .as_str()
            .is_some_and(|error| error.contains("'Zz' is not a card")),
        "{}",
        answers[2]
    );
    // A short pack is named in the hand's words, not a deal's.
    assert_eq!(
        answers[3]["error"],
        "49 cards: a line without '|' is a hand in the default layout, the 52 cards of a pack \
         (rows of another shape are written with '|' and '/')"
    );
}

/// A line of rows read without `--game`, from standard input where nothing says the game, is
/// not taken for a Pyramid deal in silence: its error names the flag that reads it.
#[test]
fn batch_names_the_game_of_a_perfect_pair_line_read_as_another() {
    let out = pyramid()
        .args(["batch", "-j", "1", "-"])
        .write_stdin("6c 7d | Kh / As | Qs\n")
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let answer: Value = serde_json::from_str(stdout.trim()).expect("a JSON line");
    let error = answer["error"].as_str().expect("an error");
    assert!(
        error.ends_with(
            "; read as Pyramid, while it is a Perfect Pair line: --game perfect-pair reads it"
        ),
        "{error}"
    );
}

#[test]
fn stats_counts_the_deals_cleared_and_their_best_scores_and_compares_the_free_cells() {
    let deals = 4;
    let summary: Value = serde_json::from_str(&output(
        &[
            "stats",
            "--game",
            "perfect-pair",
            "--deals",
            &deals.to_string(),
            "--seed",
            "1",
            "--json",
        ],
        0,
    ))
    .expect("JSON");
    let layouts: Vec<Layout> = (0..deals).map(|number| Layout::deal(1, number)).collect();
    let starts: Vec<Position> = layouts
        .into_iter()
        .map(|layout| Position::new(layout, Rules::DEFAULT))
        .collect();
    let cleared = starts.iter().filter(|start| clearable(start)).count();
    assert_eq!(summary["deals"], deals);
    assert_eq!(summary["winnable"], cleared);
    let scores: u64 = summary["scores"]
        .as_object()
        .expect("scores")
        .values()
        .map(|count| count.as_u64().expect("a count"))
        .sum();
    assert_eq!(scores, deals as u64);
    for start in &starts {
        let best = solver::solve(start, Goal::Points, &mut ())
            .answer
            .expect("no cap");
        assert!(
            summary["scores"][best.figures.score.to_string()].as_u64() >= Some(1),
            "{summary}"
        );
    }
    let text = output(
        &[
            "stats",
            "--game",
            "perfect-pair",
            "--deals",
            "2",
            "--compare",
        ],
        0,
    );
    assert_holds(&text, "1 free cell, 6 uses");
    assert_holds(&text, "2 free cells, 6 uses");
}

#[test]
fn bad_input_and_flags_end_with_a_message_and_exit_code_2() {
    let files = Files::new();
    let stuck = files.write("stuck.txt", STUCK);
    let refused = |args: &[&str], message: &str| {
        let failure = pyramid().args(args).assert().code(2);
        let stderr = String::from_utf8_lossy(&failure.get_output().stderr).to_string();
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    };
    refused(
        &["solve", "--free-cells", "3", &stuck],
        "'3' is not one of: 1 or 2",
    );
    refused(
        &["solve", "--play-for", "most", &stuck],
        "'most' is not what a hand is played for",
    );
    refused(
        &["solve", "--score", "100", &stuck],
        "a Perfect Pair hand is played for what --play-for names",
    );
    refused(
        &["solve", "--game", "perfect-pair", "--passes", "2", &stuck],
        "not of Perfect Pair: Perfect Pair's rules are --free-cells",
    );
    let headed = files.write("headed.txt", &format!("# game: perfect-pair\n{STUCK}"));
    refused(
        &["solve", "--game", "pyramid", &headed],
        "holds a Perfect Pair game",
    );
    let played = files.write(
        "played.txt",
        "# free cells: 2\nrow 1: 7h Qs | 6c Ad\n# moves: 7h>cell Qs>cell\n",
    );
    refused(
        &["solve", "--free-cells", "1", &played],
        "move 2: 'Qs>cell' cannot be played: every free cell holds a card",
    );
    let rows = files.write("rows.txt", "7h Qs | 6c Ad\n");
    refused(
        &["stats", "--game", "perfect-pair", "--from", &rows],
        "rows.txt:1: rows of their own shape are for batch",
    );
    let empty = files.write("empty.txt", "# game: perfect-pair\n");
    refused(&["solve", &empty], "no rows");
    // Nothing bad is left in the hand's file either way.
    assert_eq!(std::fs::read_to_string(&stuck).expect("readable"), STUCK);
}

/// A flag changes a header's rule before the moves are replayed: more uses or free cells let
/// the moves that needed them be played.
#[test]
fn a_flag_loosens_a_header_rule_the_moves_need() {
    let files = Files::new();
    let uses = files.write(
        "uses.txt",
        "# game: perfect-pair\n# uses: 1\nrow 1: 6h 2c | 7c Jd\n# moves: 6h>cell 6h+7c 2c>cell\n",
    );
    let cells = files.write(
        "cells.txt",
        "# game: perfect-pair\n# free cells: 1\nrow 1: 6h 2c | 5s 7c Jd\n# moves: 6h>cell 5s>cell\n",
    );
    for (file, flag, value) in [(&uses, "--uses", "3"), (&cells, "--free-cells", "2")] {
        pyramid().args(["validate", file]).assert().code(2);
        pyramid()
            .args(["validate", flag, value, file])
            .assert()
            .code(0);
        for command in ["solve", "hint"] {
            let out = pyramid()
                .args([command, flag, value, file])
                .output()
                .expect("the binary runs");
            assert_ne!(
                out.status.code(),
                Some(2),
                "{command} {flag} {value}: {out:?}"
            );
        }
    }
}

/// `batch` and `stats` count hands cleared, not deals solved, and a line copied from a hand's
/// file or a text that is no hand is said in one line.
#[test]
fn batch_and_stats_speak_of_cleared_hands_and_name_a_line_or_text_in_the_wrong_form_once() {
    let files = Files::new();
    let lines = files.write("hands.txt", "6h | 7c\n2c | 3d\n");
    let out = pyramid()
        .args(["batch", "--game", "perfect-pair", "-j", "1", &lines])
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("2 deals: 1 can be cleared, 1 cannot be cleared,"),
        "{stderr}"
    );
    let stats = output(&["stats", "--game", "perfect-pair", "--deals", "2"], 0);
    assert!(stats.contains(" of 2 can be cleared: "), "{stats}");
    let check = pyramid()
        .args(["batch", "--game", "perfect-pair", "--check", &lines])
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&check.get_output().stderr).to_string();
    assert!(
        stderr.contains("answers are a best hand, not the shortest"),
        "{stderr}"
    );
    let copied = files.write("copied.txt", "row 1: 6h | 7c / row 2: 5s | 8d\n");
    let out = output(&["batch", "--game", "perfect-pair", "-j", "1", &copied], 2);
    let answer: Value = serde_json::from_str(out.trim()).expect("a JSON line");
    let error = answer["error"].as_str().expect("an error");
    assert!(
        error.starts_with("'row N:' is a hand file's form"),
        "{error}"
    );
    assert!(!error.contains("is not a card"), "{error}");
    let prose = files.write(
        "README.md",
        &"A guide to the game, not a hand at all. ".repeat(20),
    );
    let refused = pyramid()
        .args(["validate", "--game", "perfect-pair", &prose])
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&refused.get_output().stderr).to_string();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("not a deal: "), "{stderr}");
}

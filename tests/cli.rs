//! The `pyramid` binary on good and bad input: exit codes, JSON shape, and the error messages.

mod common;

use common::{assert_holds, data, json_answer, output, pyramid};
use predicates::prelude::*;
use serde_json::Value;

/// How a Pyramid answer's text opens under the standard rules.
const PYRAMID: &str = "Pyramid (3 passes through the stock): ";

/// A file holding `text` in a fresh temporary folder (which lives as long as the guard), and
/// its path.
fn file_with(name: &str, text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("the file is written");
    (dir, path.display().to_string())
}

/// Runs the binary and expects it to refuse with exit code 2 and this on standard error.
fn refused(args: &[&str], message: &str) {
    pyramid()
        .args(args)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(message));
}

/// Standard output read as JSON Lines.
fn json_lines(stdout: Vec<u8>) -> Vec<Value> {
    String::from_utf8(stdout)
        .expect("UTF-8 output")
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

#[test]
fn solve_prints_numbered_steps() {
    let text = output(&["solve", &data("winnable-40-steps.txt")], 0);
    assert!(
        text.starts_with(&format!("{PYRAMID}Solved in 40 steps.\n")),
        "{text}"
    );
    assert!(text.contains(" 1. Remove Qh (pyramid row 7) and Ah (stock)\n"));
    assert!(text.contains("40. "));
}

#[test]
fn solve_json_has_the_documented_shape() {
    let answer = json_answer(&["solve", "--json", &data("shortest-15-steps.txt")], 0);
    assert_eq!(answer["solvable"], true);
    assert_eq!(answer["length"], 15);
    let steps = answer["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 15);
    assert_eq!(steps[0], serde_json::json!(["4h", "9h"]));
    assert_eq!(steps[14], serde_json::json!(["Kd"]));
    assert!(answer["stats"]["expanded"].is_u64());
    assert!(answer["stats"]["generated"].is_u64());
    assert!(answer["stats"]["millis"].is_number());
}

#[test]
fn no_solution_exits_1_with_the_reason() {
    pyramid()
        .args(["solve", &data("no-solution-2d-under-four-jacks.txt")])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(format!(
            "{PYRAMID}No solution: 2d can never be removed: all four Jacks cover it. The most that can be \
             cleared: ",
        )));
    let answer = json_answer(&["solve", "--json", &data("hard-no-solution.txt")], 1);
    assert_eq!(answer["solvable"], false);
    assert_eq!(answer["length"], Value::Null);
    assert_eq!(answer["steps"], serde_json::json!([]));
}

/// Plays a JSON line's steps (`"draw"`, `"recycle"`, `["Kd"]`, `["6h", "7c"]`, each under
/// `step`) on the referee from the start of a Pyramid deal file.
fn replay_pyramid_line(file: &str, steps: &Value) -> solitaire::games::pyramid::Position {
    use solitaire::engine::referee::read_line;
    use solitaire::games::pyramid::notation::read_move;
    use solitaire::games::pyramid::saved::SavedDeal;
    let text = std::fs::read_to_string(file).expect("the file is there");
    let start = SavedDeal::parse(&text, "x")
        .expect("a Pyramid deal")
        .game()
        .position()
        .clone();
    let words: Vec<String> = steps
        .as_array()
        .expect("a list of steps")
        .iter()
        .map(|step| match &step["step"] {
            Value::String(word) => word.clone(),
            Value::Array(cards) => cards
                .iter()
                .map(|card| card.as_str().expect("a card"))
                .collect::<Vec<_>>()
                .join("+"),
            other => panic!("not a step: {other}"),
        })
        .collect();
    let mut position = start.clone();
    for mv in read_line(&start, &words.join(" "), read_move).expect("every step is legal in turn") {
        position.apply(mv).expect("legal");
    }
    position
}

#[test]
fn a_deal_that_cannot_be_cleared_gives_the_line_that_removes_the_most_as_tripeaks_does() {
    for file in [
        "no-solution-2d-under-four-jacks.txt",
        "hard-no-solution.txt",
    ] {
        let file = data(file);
        let answer = json_answer(&["solve", "--json", &file], 1);
        let line = &answer["lines"][0];
        assert_eq!(line["clears"], false, "{answer}");
        let cleared = line["cleared"].as_u64().expect("a count");
        let steps = line["steps"].as_array().expect("steps");
        assert_eq!(line["length"].as_u64(), Some(steps.len() as u64));
        // The referee removes what the line claims, step by step to the last.
        let end = replay_pyramid_line(&file, &line["steps"]);
        assert_eq!(end.cleared() as u64, cleared, "{file}");
        assert_eq!(
            steps.last().expect("a step")["cleared"].as_u64(),
            Some(cleared)
        );
        assert!(!end.is_cleared());
        let text = output(&["solve", &file], 1);
        let headline = format!(
            "The most that can be cleared: {cleared} of 28 in {}.\n",
            counted_steps(steps.len())
        );
        assert!(
            text.lines()
                .next()
                .is_some_and(|first| first.ends_with(headline.trim_end())),
            "{text}"
        );
        assert_holds(&text, &format!("{:>3}. ", steps.len()));
        assert_holds(&text, &format!("  [{cleared} pyramid cards]\n"));
    }
}

/// "1 step", "34 steps".
fn counted_steps(count: usize) -> String {
    if count == 1 {
        "1 step".to_string()
    } else {
        format!("{count} steps")
    }
}

#[test]
fn reads_standard_input() {
    let text = std::fs::read_to_string(data("shortest-15-steps.txt")).unwrap();
    pyramid()
        .args(["solve", "-"])
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with(format!(
            "{PYRAMID}Solved in 15 steps."
        )));
}

#[test]
fn malformed_card_is_reported_with_file_line_and_column() {
    let file = data("bad-malformed-card.txt");
    pyramid()
        .args(["validate", &file])
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "{file}:2:15: '8' is not a card: expected a rank (A 2-9 T J Q K, or 10) followed by a \
         suit (c d h s), or ?? for a card not seen yet\n{file}: 1 card missing: 8s\n"
        ));
}

#[test]
fn missing_cards_are_listed() {
    let file = data("bad-missing-cards.txt");
    pyramid()
        .args(["solve", &file])
        .assert()
        .code(2)
        .stderr(format!("{file}: 2 cards missing: 8s Js\n"));
}

#[test]
fn too_many_cards_name_the_duplicate_and_the_count() {
    let file = data("bad-too-many-cards.txt");
    pyramid()
        .args(["validate", &file])
        .assert()
        .code(2)
        .stderr(format!(
            "{file}:9:73: 4d appears twice: at 1:13 (pyramid row 1) and at 9:73 (card 53, past the \
         52 of a deal)\n{file}:9:73: 53 cards, but a deal has 52; the first extra card is at \
         9:73\n"
        ));
}

#[test]
fn validate_accepts_a_good_deal() {
    assert!(
        output(&["validate", &data("winnable-40-steps.txt")], 0)
            .ends_with("a valid Pyramid deal (3 passes through the stock)\n")
    );
}

#[test]
fn unreadable_file_and_bad_usage_exit_2() {
    pyramid()
        .args(["solve", "no/such/file.txt"])
        .assert()
        .code(2)
        .stderr("pyramid: cannot read no/such/file.txt: no such file or folder\n");
    pyramid().args(["solve", "--frobnicate"]).assert().code(2);
}

#[test]
fn batch_prints_json_lines_in_order_with_a_summary() {
    use solitaire::games::pyramid::solver::{Outcome, solve};
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("deals.tsv");
    // Three comment lines, then nine shuffled deals with their lengths from the library.
    let mut deals = String::from("# lengths\n# from the library's solver\n# 0 = no solution\n");
    for seed in 1..=9 {
        let deal = common::shuffled(seed);
        let known = match solve(&common::start(&deal), &mut ()).outcome {
            Outcome::Solved(moves) => moves.len(),
            _ => 0,
        };
        deals.push_str(&format!("{known}\t{}\n", deal.to_line()));
    }
    let mut text: Vec<&str> = deals.lines().take(12).collect();
    text.insert(5, "");
    text.push("# a comment");
    text.push("As Ks");
    std::fs::write(&file, text.join("\n")).unwrap();
    let output = pyramid()
        .args(["batch", "--jobs", "2", "--check"])
        .arg(&file)
        .assert()
        .code(2) // the bad line makes it 2
        .stderr(predicate::str::contains("10 deals: "))
        .stderr(predicate::str::contains("1 invalid"))
        .stderr(predicate::str::contains(
            "check: 9 of 9 known lengths match",
        ))
        .stderr(predicate::str::contains("time per deal: total "))
        .get_output()
        .stdout
        .clone();
    let lines = json_lines(output);
    assert_eq!(lines.len(), 10);
    let numbers: Vec<u64> = lines.iter().map(|l| l["line"].as_u64().unwrap()).collect();
    assert_eq!(numbers, vec![4, 5, 7, 8, 9, 10, 11, 12, 13, 15]);
    for (line, known) in lines.iter().zip(deals.lines().skip(3)) {
        if line.get("error").is_some() {
            continue;
        }
        let known: u64 = known.split('\t').next().unwrap().parse().unwrap();
        assert_eq!(line["length"].as_u64().unwrap_or(0), known);
    }
    assert!(
        lines[9]["error"]
            .as_str()
            .unwrap()
            .contains("cards missing")
    );
}

#[test]
fn batch_check_marks_each_line_and_names_the_mismatched_ones() {
    let forty = forty_line();
    let (_dir, file) = file_with(
        "deals.tsv",
        &format!("40\t{forty}\n39\t{forty}\n0\t{forty}\n{forty}\n7\tAs Ks\n"),
    );
    let output = pyramid()
        .args(["batch", "--jobs", "1", "--check", &file])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "check: 1 of 4 known lengths match; mismatched lines: 2, 3; not checkable line: 5 \
             (bad, undecided, or unknown cards (??) may allow fewer steps)\n",
        ))
        .get_output()
        .stdout
        .clone();
    let lines = json_lines(output);
    let check = |n: usize| lines[n]["check"].clone();
    assert_eq!(check(0), serde_json::json!({"known": 40, "matches": true}));
    assert_eq!(check(1), serde_json::json!({"known": 39, "matches": false}));
    assert_eq!(check(2), serde_json::json!({"known": 0, "matches": false}));
    assert_eq!(check(3), Value::Null, "no known length");
    assert_eq!(
        check(4),
        serde_json::json!({"known": 7, "matches": null, "unchecked": "not a deal"})
    );
}

#[test]
fn completions_are_printed() {
    assert!(output(&["completions", "bash"], 0).contains("pyramid"));
}

#[test]
fn paths_prints_the_folders_and_flags_override_them() {
    let output = pyramid()
        .args([
            "paths",
            "--saves",
            "/tmp/my-saves",
            "--config",
            "/tmp/my-config",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert_holds(&text, "saves   /tmp/my-saves\n");
    assert_holds(&text, "drafts  /tmp/my-saves/.draft-*.txt\n");
    assert_holds(&text, "themes  /tmp/my-config/themes\n");
    assert_holds(&text, "config  /tmp/my-config/config.toml\n");
}

#[test]
fn an_unknown_theme_lists_the_users_themes_too() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("themes")).unwrap();
    std::fs::write(dir.path().join("themes/ocean.toml"), "cursor = \"blue\"\n").unwrap();
    let output = pyramid()
        .args(["--theme", "nosuch", "--config"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let text = String::from_utf8(output.stderr).unwrap();
    assert_holds(
        &text,
        "the themes are default, light, high-contrast, four-colour, ocean",
    );
}

#[test]
fn an_unknown_theme_is_refused_before_the_app_starts() {
    refused(
        &["--theme", "no-such-theme"],
        "no such theme or file; the themes are default, light, high-contrast, four-colour",
    );
}

#[test]
fn a_broken_theme_file_asked_for_names_file_line_and_key() {
    let (_dir, path) = file_with("mine.toml", "name = \"mine\"\ncard_rde = \"red\"\n");
    refused(&["--theme", &path], "mine.toml:2: unknown key 'card_rde'");
}

#[test]
fn a_broken_theme_of_the_config_folder_asked_for_by_name_names_file_line_and_key() {
    let config = tempfile::tempdir().unwrap();
    let themes = config.path().join("themes");
    std::fs::create_dir(&themes).unwrap();
    std::fs::write(themes.join("bad.toml"), "cursor = \"notacolour\"\n").unwrap();
    pyramid()
        .args(["--theme", "bad"])
        .env("PYRAMID_CONFIG", config.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "bad.toml:1: key 'cursor': 'notacolour' is not a colour",
        ));
}

#[test]
fn opening_a_bad_deal_file_is_refused_before_the_app_starts() {
    refused(&[&common::data("bad-malformed-card.txt")], "is not a card");
}

/// The position of `game-in-progress.txt` reached by playing from the deal's start: its
/// marks say Qh and Ah are gone, then three moves were played.
fn game_in_progress_position() -> solitaire::games::pyramid::Position {
    use solitaire::engine::referee::read_line;
    use solitaire::games::pyramid::notation::read_move;
    use solitaire::games::pyramid::{Position, Rules};
    let start = Position::new(&common::deal("game-in-progress.txt"), Rules::default());
    let moves = read_line(&start, "Qh+Ah draw Jh+2s draw", read_move).expect("legal moves");
    let mut position = start;
    for mv in moves {
        position.apply(mv).expect("read_line checked it");
    }
    position
}

#[test]
fn solve_on_a_saved_game_solves_from_its_position_and_says_so() {
    use solitaire::games::pyramid::solver::{self, Outcome};
    let Outcome::Solved(moves) = solver::solve(&game_in_progress_position(), &mut ()).outcome
    else {
        panic!("winnable")
    };
    let file = data("game-in-progress.txt");
    assert!(output(&["solve", &file], 0).starts_with(&format!(
        "{PYRAMID}From the saved position: pass 1, 2 cards already gone, 3 moves played.\nSolved in {} \
             steps.\n",
        moves.len()
    )));
    let answer = json_answer(&["solve", "--json", &file], 0);
    assert_eq!(answer["length"], moves.len());
    assert_eq!(answer["from"]["moves_played"], 3);
    assert!(
        output(&["validate", &file], 0)
            .ends_with("in progress (pass 1, 2 cards already gone, 3 moves played)\n")
    );
}

/// Counts agree with their nouns where a saved game says where it stands: "1 move played".
#[test]
fn one_move_played_is_said_in_the_singular() {
    let text = std::fs::read_to_string(data("game-in-progress.txt")).expect("the file");
    let one_move = text.replace("# moves: draw Jh+2s draw", "# moves: draw");
    let (_dir, file) = file_with("one-move.txt", &one_move);
    let said = output(&["validate", &file], 0);
    assert!(
        said.ends_with("in progress (pass 1, 2 cards already gone, 1 move played)\n"),
        "{said}"
    );
}

#[test]
fn hint_prints_the_next_move_and_the_verdict() {
    let position = game_in_progress_position();
    let answer = json_answer(&["hint", "--json", &data("game-in-progress.txt")], 0);
    assert_eq!(answer["winnable"], true);
    // The hinted move is legal where the game stands, and optimal: one step closer.
    use solitaire::games::pyramid::notation::read_move;
    use solitaire::games::pyramid::solver::{self, Outcome};
    let next = match &answer["next"] {
        Value::String(word) => word.clone(),
        Value::Array(cards) => cards
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect::<Vec<_>>()
            .join("+"),
        other => panic!("{other}"),
    };
    let mv = read_move(&position, &next).unwrap();
    let mut after = position.clone();
    after.apply(mv).unwrap();
    let Outcome::Solved(rest) = solver::solve(&after, &mut ()).outcome else {
        panic!("still winnable")
    };
    assert_eq!(answer["length"], rest.len() + 1);
    let text = output(&["hint", &data("game-in-progress.txt")], 0);
    assert!(text.starts_with(&format!("{PYRAMID}Next: ")), "{text}");
    assert!(text.contains("more steps, this one included."));
}

#[test]
fn hint_says_not_winnable_at_the_start_and_no_longer_after_moves() {
    let lost = data("no-solution-2d-under-four-jacks.txt");
    pyramid()
        .args(["hint", &lost])
        .assert()
        .code(1)
        .stdout(format!(
            "{PYRAMID}Not winnable: 2d can never be removed: all four Jacks cover it.\n"
        ));
    let answer = json_answer(&["hint", "--json", &lost], 1);
    assert_eq!(answer["winnable"], false);
    assert_eq!(answer["from"], Value::Null, "nothing played: {answer}");
    let text = std::fs::read_to_string(&lost).unwrap();
    let (_dir, played) = file_with("played.txt", &format!("# moves: draw\n{text}"));
    pyramid()
        .args(["hint", &played])
        .assert()
        .code(1)
        .stdout(format!(
            "{PYRAMID}No longer winnable: 2d can never be removed: all four Jacks cover it.\n"
        ));
    let answer = json_answer(&["hint", "--json", &played], 1);
    assert_eq!(answer["winnable"], false);
    assert_eq!(answer["from"]["moves_played"], 1);
}

#[test]
fn a_saved_game_whose_moves_do_not_fit_names_the_header() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("broken-game.txt");
    let deal = std::fs::read_to_string(data("winnable-40-steps.txt")).unwrap();
    std::fs::write(&file, format!("# gone: 4d\n# moves: draw\n{deal}")).unwrap();
    let name = file.display().to_string();
    pyramid()
        .args(["solve", &name])
        .assert()
        .code(2)
        .stderr(format!(
            "pyramid: {name}: # gone, waste top, pass: 4d cannot be gone: 8h and 8s still cover \
             it\n"
        ));
    // A move that cannot be played is named at its place, `file:line:column: message`.
    std::fs::write(&file, format!("# moves: draw recycle\n{deal}")).unwrap();
    pyramid()
        .args(["hint", &name])
        .assert()
        .code(2)
        .stderr(format!(
            "{name}:1:15: # moves: move 2: 'recycle' cannot be played: recycle only when the \
             stock is empty\n"
        ));
}

const ORDERED: &str = "Kd Kc Qh Ah 7d 6d 8d 5d 9d 4d Td 3d Jd 2d Qd Ad 7c 6c 8c 5c 9c 4c Tc 3c \
    Jc 2c Qc Ac 6h 7h 5h 8h 4h 9h 3h Th 2h Jh Kh As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks";
const SIXTY: &str = "4s 4d 4h Ah As 4c Qh Qd Qc Ad Th Ts 3s Ac Qs Jc Jd Jh Js Tc Td 2c 2d 2h \
    2s 3c 3d 3h Kc Kd Kh Ks 5c 6c 7c 8c 9c 5d 6d 7d 8d 9d 5h 6h 7h 8h 9h 5s 6s 7s 8s 9s";

#[test]
fn score_challenge_says_the_result_first_then_the_running_score() {
    pyramid()
        .args(["solve", "--score", "1225", "-"])
        .write_stdin(ORDERED)
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with(format!(
            "{PYRAMID}Reach 1225 points in 15 steps.\n  1. Remove Qc (pyramid row 7) and Ac (pyramid row \
             7)  [5 points]\n",
        )));
    // Without a number the target is 1290; short of it, the exit code is 1.
    pyramid()
        .args(["solve", "--score", "-"])
        .write_stdin(SIXTY)
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(format!(
            "{PYRAMID}At most 60 points: the board cannot be cleared; 23 steps.\n",
        )));
    pyramid()
        .args(["solve", "--score", "1225", "--earned", "1000", "-"])
        .write_stdin(ORDERED)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("Reach 1225 points in "));
    pyramid()
        .args(["solve", "--score", "100", "--earned", "200", "-"])
        .write_stdin(ORDERED)
        .assert()
        .code(2)
        .stderr("pyramid: the target (100) must be above the points already earned (200)\n");
}

#[test]
fn challenge_json_adds_the_running_score_or_count_to_each_step() {
    let (_dir, file) = file_with("ordered.txt", ORDERED);
    let answer = json_answer(&["solve", "--json", "--score", "1225", &file], 0);
    assert_eq!(answer["challenge"], "score");
    assert_eq!(answer["reached"], true);
    let line = &answer["lines"][0];
    assert_eq!(line["length"], 15);
    assert_eq!(
        line["steps"][0],
        serde_json::json!({"step": ["Qc", "Ac"], "score": 5})
    );
    assert!(line["score"].as_u64().unwrap() >= 1225);
    let answer = json_answer(
        &["solve", "--json", "--card", "A:3", "--already", "2", &file],
        0,
    );
    assert_eq!(answer["challenge"], "card");
    assert_eq!(answer["rank"], "A");
    assert_eq!(answer["lines"][0]["length"], 1);
    assert_eq!(answer["lines"][0]["steps"][0]["count"], 3);
    refused(&["solve", "--card", "X", &file], "'X' is not a rank");
}

#[test]
fn batch_answers_a_challenge_for_every_line() {
    let (_dir, file) = file_with("deals.txt", &format!("{ORDERED}\n{SIXTY}\n"));
    let output = pyramid()
        .args(["batch", "--jobs", "1", "--score"])
        .arg(&file)
        .assert()
        .code(0)
        .stderr(predicate::str::contains(
            "2 deals (Score: 1290 points (0 earned)): 1 reach the target, 1 fall short",
        ))
        .get_output()
        .stdout
        .clone();
    let lines = json_lines(output);
    assert_eq!(lines[0]["reached"], true);
    assert_eq!(lines[1]["reached"], false);
    assert_eq!(lines[1]["lines"][0]["score"], 60);
    assert_eq!(lines[1]["line"], 2);
}

#[test]
fn a_game_saved_with_a_challenge_is_solved_for_it() {
    let (_dir, file) = file_with(
        "saved.txt",
        &format!("# challenge: score 1225 earned 0\n{ORDERED}\n"),
    );
    assert!(
        output(&["solve", &file], 0)
            .starts_with(&format!("{PYRAMID}Reach 1225 points in 15 steps.\n"))
    );
}

#[test]
fn board_solves_a_game_saved_with_a_challenge_for_the_board() {
    let (_dir, file) = file_with(
        "saved.txt",
        &format!("# challenge: score 1225 earned 0\n{ORDERED}\n"),
    );
    // The same deal without the header: its Board answer is what `--board` must give.
    let (_plain_dir, plain) = file_with("plain.txt", &format!("{ORDERED}\n"));
    let board = output(&["solve", "--board", &file], 0);
    assert!(
        board.starts_with(&format!("{PYRAMID}Solved in ")),
        "{board}"
    );
    assert_eq!(board, output(&["solve", &plain], 0));
    let answer = json_answer(&["solve", "--board", "--json", &file], 0);
    assert!(answer["solvable"].is_boolean() && answer.get("challenge").is_none());
    refused(
        &["solve", "--board", "--score", "1225", &file],
        "cannot be used with",
    );
}

#[test]
fn passes_change_the_answer_as_the_solver_says() {
    use solitaire::games::pyramid::solver::{Outcome, solve};
    use solitaire::games::pyramid::{Passes, Position, Rules};
    let file = data("winnable-40-steps.txt");
    for (flag, passes) in [
        ("1", Passes::Limited(1)),
        ("2", Passes::Limited(2)),
        ("unlimited", Passes::Unlimited),
    ] {
        let rules = Rules {
            passes,
            ..Rules::default()
        };
        let start = Position::new(&common::deal("winnable-40-steps.txt"), rules);
        let expected = match solve(&start, &mut ()).outcome {
            Outcome::Solved(moves) => serde_json::json!(moves.len()),
            _ => Value::Null,
        };
        let code = i32::from(expected.is_null());
        let answer = json_answer(&["solve", "--json", "--passes", flag, &file], code);
        assert_eq!(answer["length"], expected, "--passes {flag}");
    }
    refused(&["solve", "--passes", "0", &file], "1 to 8, or unlimited");
}

#[test]
fn rule_variants_on_the_command_line_are_the_ones_solved_under() {
    use solitaire::games::pyramid::solver::{Outcome, ScoreAnswer, solve, solve_score};
    use solitaire::games::pyramid::{Finish, Passes, Position, Rules};
    let file = data("winnable-40-steps.txt");
    let deal = common::deal("winnable-40-steps.txt");
    let variants: [(&[&str], Rules); 3] = [
        (
            &["--relaxed"],
            Rules {
                relaxed: true,
                ..Rules::default()
            },
        ),
        (
            &["--goal", "all"],
            Rules {
                finish: Finish::AllCards,
                ..Rules::default()
            },
        ),
        (
            &["--passes", "1", "--relaxed", "--goal", "all"],
            Rules {
                passes: Passes::Limited(1),
                relaxed: true,
                finish: Finish::AllCards,
            },
        ),
    ];
    for (flags, rules) in variants {
        let expected = match solve(&Position::new(&deal, rules), &mut ()).outcome {
            Outcome::Solved(moves) => serde_json::json!(moves.len()),
            _ => Value::Null,
        };
        let code = i32::from(expected.is_null());
        let mut args = vec!["solve", "--json"];
        args.extend(flags);
        args.push(&file);
        let answer = json_answer(&args, code);
        assert_eq!(answer["length"], expected, "{flags:?}");
    }
    refused(
        &["solve", "--goal", "52", &file],
        "pyramid (clear the pyramid) or all",
    );
    // The challenges take relaxed pairing too.
    let relaxed = Position::new(
        &deal,
        Rules {
            relaxed: true,
            ..Rules::default()
        },
    );
    let (reached, length) = match solve_score(&relaxed, 1290, &mut ()).answer {
        Some(ScoreAnswer::Reached(line)) => (true, line.moves.len()),
        Some(ScoreAnswer::Short(line)) => (false, line.moves.len()),
        None => panic!("nothing stops the search"),
    };
    let answer = json_answer(
        &["solve", "--json", "--score", "--relaxed", &file],
        i32::from(!reached),
    );
    assert_eq!(answer["lines"][0]["length"], length);
    refused(
        &["solve", "--score", "--goal", "all", &file],
        "clearing all 52 cards is for the Board challenge",
    );
}

#[test]
fn a_file_saved_with_variant_rules_is_solved_under_them_unless_told_otherwise() {
    let deal = std::fs::read_to_string(data("winnable-40-steps.txt")).unwrap();
    let (_dir, file) = file_with("relaxed.txt", &format!("# pairing: relaxed\n{deal}"));
    let relaxed = json_answer(&["solve", "--json", &file], 0);
    let told = json_answer(
        &[
            "solve",
            "--json",
            "--relaxed",
            data("winnable-40-steps.txt").as_str(),
        ],
        0,
    );
    assert_eq!(relaxed["length"], told["length"]);
    let strict = json_answer(&["solve", "--json", "--strict", &file], 0);
    assert_eq!(strict["length"], 40);
    assert!(output(&["validate", &file], 0).contains("a valid Pyramid deal"));
    let (_dir, broken) = file_with("broken.txt", &format!("# pairing: loose\n{deal}"));
    refused(
        &["validate", &broken],
        "# pairing: 'loose' is not a pairing rule: strict or relaxed",
    );
}

/// The first deal of the winnable example, on one line.
fn forty_line() -> String {
    solitaire::Deal::parse(&std::fs::read_to_string(data("winnable-40-steps.txt")).expect("read"))
        .expect("a deal")
        .to_line()
}

/// Runs the binary, expects exit code 2, and gives standard error.
fn error_of(command: &mut assert_cmd::Command) -> String {
    let stderr = command.assert().code(2).get_output().stderr.clone();
    String::from_utf8(stderr).expect("text")
}

#[test]
fn many_problems_are_counted_and_only_the_first_twenty_listed() {
    let mut text = forty_line();
    for _ in 0..100 {
        text.push_str(" 3c");
    }
    let (_dir, file) = file_with("many.txt", &text);
    for command in ["validate", "solve"] {
        let stderr = error_of(pyramid().args([command, &file]));
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 21, "{stderr}");
        assert_eq!(lines[0], format!("{file}: 101 problems; the first 20:"));
        assert!(lines[1].contains("3c appears twice"), "{stderr}");
    }
}

#[test]
fn a_text_that_is_not_a_deal_is_said_to_be_so_in_one_line() {
    let readme = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    let stderr = error_of(pyramid().args(["validate", readme]));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert_holds(&stderr, ": not a deal: ");
    assert_holds(&stderr, "words are not cards");
}

#[test]
fn an_empty_file_has_no_cards_rather_than_52_missing() {
    let (_dir, file) = file_with("empty.txt", "");
    let stderr = error_of(pyramid().args(["validate", &file]));
    assert_eq!(stderr, format!("{file}: empty: no cards\n"));
    let stderr = error_of(pyramid().args(["solve", "-"]).write_stdin("# nothing\n"));
    assert_eq!(stderr, "<stdin>: empty: no cards\n");
}

#[test]
fn a_huge_token_is_echoed_as_a_short_excerpt() {
    let text = format!("{} {}", forty_line(), "x".repeat(100_000));
    let (_dir, file) = file_with("long.txt", &text);
    let stderr = error_of(pyramid().args(["validate", &file]));
    assert!(stderr.len() < 300, "{} bytes", stderr.len());
    assert_holds(&stderr, "'xxxxxxxxxxxxxxxxxxxxxxxx…' is not a card");
}

#[test]
fn batch_reads_line_by_line_with_each_line_bounded() {
    // Over 1 MiB in all (a file of many deals may be any size), with one line too long.
    let deal = forty_line();
    let mut text = format!("{}\n{deal}\n", "x".repeat(50_000));
    for _ in 0..16_000 {
        text.push_str("# a comment line to make the file larger than a deal file may be\n");
    }
    text.push_str(&deal);
    assert!(text.len() > 1 << 20);
    let (_dir, file) = file_with("deals.txt", &text);
    let output = pyramid()
        .args(["batch", "--jobs", "1", &file])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "3 deals: 2 solvable, 0 no solution, 1 invalid",
        ))
        .get_output()
        .stdout
        .clone();
    assert!(output.len() < 4000, "{} bytes", output.len());
    let lines = json_lines(output);
    assert_eq!(
        lines[0]["error"],
        "50,000 bytes, more than the 4 KiB a deal line may take"
    );
    assert_eq!(lines[1]["length"], 40);
    assert_eq!(lines[2]["line"], 16_003);
}

#[test]
fn batch_on_an_endless_line_stops_with_a_message() {
    let endless = vec![0_u8; 3 << 20];
    let stderr = error_of(pyramid().args(["batch", "-"]).write_stdin(endless));
    assert_eq!(
        stderr,
        "pyramid: cannot read <stdin>: line 1 runs on for more than 1 MiB without a line end: \
         it is not a text of lines\n"
    );
}

#[cfg(unix)]
#[test]
fn a_deal_from_a_device_is_refused_with_the_way_to_pipe_it_in() {
    let stderr = error_of(pyramid().args(["solve", "/dev/null"]));
    assert_eq!(
        stderr,
        "pyramid: cannot read /dev/null: it is not a regular file (to read a command's output, \
         pipe it in and give `-` as the file)\n"
    );
}

#[cfg(unix)]
#[test]
fn batch_reads_a_device_and_a_fifo_line_by_line_but_not_a_folder() {
    let stderr = error_of(pyramid().args(["batch", "/dev/zero"]));
    assert_eq!(
        stderr,
        "pyramid: cannot read /dev/zero: line 1 runs on for more than 1 MiB without a line end: \
         it is not a text of lines\n"
    );
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("deals");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let deal = forty_line();
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(&fifo, format!("{deal}\n{deal}\n")))
    };
    let stdout = pyramid()
        .arg("batch")
        .arg(&fifo)
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    writer.join().unwrap().unwrap();
    let lines = json_lines(stdout);
    assert_eq!(lines.len(), 2);
    assert!(lines.iter().all(|line| line["length"] == 40));
    let folder = dir.path().display().to_string();
    refused(&["batch", &folder], "it is a folder");
    refused(&["stats", "--from", &folder], "it is a folder");
}

#[test]
fn stats_from_a_file_names_a_bad_line_briefly() {
    let text = format!("{}\n{}\n", forty_line(), "y".repeat(10_000));
    let (_dir, file) = file_with("deals.txt", &text);
    let stderr = error_of(pyramid().args(["stats", "--from", &file]));
    assert_eq!(
        stderr,
        format!("pyramid: {file}:2: 10,000 bytes, more than the 4 KiB a deal line may take\n")
    );
}

#[test]
fn escape_sequences_in_the_input_are_shown_escaped() {
    let (_dir, file) = file_with("escape.txt", &format!("{} 3c \x1b]0;X\x07\n", forty_line()));
    let stderr = error_of(pyramid().args(["validate", &file]));
    assert!(
        !stderr.contains('\x1b') && !stderr.contains('\x07'),
        "{stderr:?}"
    );
    assert_holds(&stderr, "'\\u{1b}]0;X\\u{7}' is not a card");
    // In a header, in a batch line and in a file name too.
    let (_dir, file) = file_with(
        "header.txt",
        &format!("# passes: \x1b[2J\n{}\n", forty_line()),
    );
    // Header values lose their control characters as they are read, so none is echoed.
    let stderr = error_of(pyramid().args(["solve", &file]));
    assert!(
        !stderr.contains('\x1b') && stderr.contains("'[2J' is not a number of passes"),
        "{stderr}"
    );
    let (_dir, file) = file_with("batch.txt", "As \x1b[31m\n");
    let output = pyramid()
        .args(["batch", &file])
        .assert()
        .code(2)
        .get_output()
        .stdout
        .clone();
    let lines = json_lines(output);
    assert!(
        lines[0]["error"]
            .as_str()
            .unwrap()
            .contains("'\\u{1b}[31m'")
    );
    let stderr = error_of(pyramid().args(["validate", "no-such-\x1b[2J.txt"]));
    assert!(
        stderr.starts_with("pyramid: cannot read no-such-\\u{1b}[2J.txt: "),
        "{stderr}"
    );
}

#[test]
fn a_target_that_would_overflow_is_refused() {
    let stderr = error_of(
        pyramid()
            .args([
                "solve",
                "--score",
                "4294967295",
                "--earned",
                "4294967294",
                "-",
            ])
            .write_stdin(ORDERED),
    );
    assert_eq!(
        stderr,
        "pyramid: the target (4294967295) is more than 1000 deals can give: at most 1290000 \
         points\n"
    );
    let stderr = error_of(pyramid().args(["solve", "--score", "99999999999", "-"]));
    assert_holds(&stderr, "more than 1000 deals can give");
    let stderr = error_of(pyramid().args(["solve", "--card", "4:5000", "-"]));
    assert_holds(&stderr, "more than 1000 deals hold");
}

#[test]
fn a_number_too_large_is_said_to_be_too_large_with_the_limit() {
    let deal = data("winnable-40-steps.txt");
    let cards = "'99999999999' is more than 1000 deals hold: at most 4000";
    refused(&["solve", "--card", "A:99999999999", &deal], cards);
    refused(
        &["solve", "--card", "A", "--already", "99999999999", &deal],
        cards,
    );
    refused(
        &["solve", "--score", "5", "--earned", "99999999999", &deal],
        "'99999999999' is more than 1000 deals can give: at most 1290000 points in Pyramid, 84900000 \
         in TriPeaks",
    );
    refused(
        &["solve", "--score", "99999999999", &deal],
        "more than 1000 deals can give: at most 1290000 points in Pyramid",
    );
}

#[test]
fn a_target_beyond_this_deal_says_what_later_deals_must_give() {
    pyramid()
        .args(["solve", "--score", "99999", "-"])
        .write_stdin(SIXTY)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "\nThis deal gives at most 60 points; 99939 more are needed from later deals.\n",
        ));
    let (_dir, file) = file_with("sixty.txt", SIXTY);
    let answer = json_answer(&["solve", "--json", "--score", "99999", &file], 1);
    assert_eq!(answer["from_later_deals"], 99939);
    let text = output(
        &["solve", "--card", "4:5", &data("winnable-40-steps.txt")],
        1,
    );
    assert!(
        text.starts_with(
            &format!("{PYRAMID}At most 4 Fours, clearing the board; 40 steps.\nThis deal gives at most 4 Fours; \
             1 more is needed from later deals.\n")
        ),
        "{text}"
    );
    refused(
        &["solve", "--score", "0", &file],
        "the target must be at least 1 point",
    );
    refused(
        &["solve", "--card", "4:0", &file],
        "the target must be at least 1 Four",
    );
}

#[test]
fn one_rule_for_a_challenge_and_the_goal_at_every_entrance() {
    let text = format!("# challenge: score 1290 earned 0\n# goal: all\n{ORDERED}\n");
    let (_dir, file) = file_with("both.txt", &text);
    let message = "# challenge and # goal: a Score or Card challenge's deal ends when the pyramid \
                   is cleared";
    refused(&["validate", &file], message);
    refused(&["solve", &file], message);
    refused(&["hint", &file], message);
    // The app refuses it before it starts, the same way.
    refused(&["--saves", "/nonexistent", &file], message);
    // A flag that makes the goal the pyramid's makes it fit.
    output(&["validate", "--goal", "pyramid", &file], 0);
    // And a challenge asked for on the command line with the all-52 goal.
    let (_dir, plain) = file_with("plain.txt", ORDERED);
    refused(
        &["solve", "--score", "--goal", "all", &plain],
        "a Score or Card challenge's deal ends when the pyramid is cleared",
    );
}

#[test]
fn each_command_takes_what_its_help_says() {
    let help = |command: &str| output(&[command, "--help"], 0);
    let solve = help("solve");
    assert!(
        solve.contains("<FILE>") && !solve.contains("[FILE]"),
        "{solve}"
    );
    assert!(
        solve.contains("all one deal can give: 1290 in Pyramid, 84900 in TriPeaks)"),
        "--score's help gives each game's full score: {solve}"
    );
    let batch = help("batch");
    assert!(
        batch.contains("<FILE>") && !batch.contains("[FILE]"),
        "{batch}"
    );
    let hint = help("hint");
    assert!(
        hint.contains("--score") && hint.contains("--card") && hint.contains("--board"),
        "hint ranks the moves for a challenge with cards not known: {hint}"
    );
    assert!(
        hint.contains("--passes") && hint.contains("--json"),
        "{hint}"
    );
    // Every command's --game says which games the app plays.
    assert_holds(&hint, "Each is played by the commands and in the app.");
    assert!(
        help("stats").contains("The same deals under six rule sets in one table"),
        "stats --help names the rule sets --compare tries"
    );
    let (_dir, file) = file_with("ordered.txt", ORDERED);
    // With every card known, hint gives the next move whatever the challenge.
    output(&["hint", "--score", &file], 0);
    refused(
        &["hint", "--score", "--card", "A", &file],
        "cannot be used with",
    );
    refused(&["solve"], "<FILE>");
    refused(&["solve", "--score"], "<FILE>");
    refused(&["batch", "--score"], "<FILE>");
    // The target may still be left out before the file, as the help says.
    assert!(
        output(&["solve", "--score", &file], 0)
            .starts_with(&format!("{PYRAMID}Reach 1290 points in "))
    );
}

#[test]
fn a_bare_word_that_is_not_a_file_is_taken_for_a_command() {
    let stderr = error_of(pyramid().arg("sovle"));
    assert_eq!(
        stderr,
        "pyramid: 'sovle' is not a command or a file; did you mean 'solve'? (`pyramid --help` \
         lists the commands)\n"
    );
    let stderr = error_of(pyramid().args(["sovle", &data("winnable-40-steps.txt")]));
    assert!(
        stderr.starts_with("pyramid: 'sovle' is not a command or a file; did you mean 'solve'?"),
        "{stderr}"
    );
    let stderr = error_of(pyramid().args(["--ascii", "sovle", "--json", "x.txt"]));
    assert_holds(&stderr, "did you mean 'solve'?");
    let stderr = error_of(pyramid().arg("frobnicate"));
    assert_holds(&stderr, "'frobnicate' is not a command or a file");
    assert_holds(&stderr, "validate");
}

#[test]
fn the_app_without_a_terminal_says_so_and_names_the_commands() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().display().to_string();
    let stderr = error_of(
        pyramid()
            .args(["--saves", &folder, "--config", &folder])
            .write_stdin(""),
    );
    assert_holds(&stderr, "the app needs a terminal");
    assert_holds(&stderr, "solve, validate, hint, batch, stats");
    assert!(
        !stderr.contains("panicked") && !stderr.contains('\x1b'),
        "{stderr:?}"
    );
}

/// The binary's path, for tests that wire its streams themselves.
fn binary() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("pyramid")
}

#[test]
fn batch_stops_at_once_and_quietly_when_its_reader_goes() {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let deals = dir.path().join("deals.txt");
    // About 20 s of solving on one thread: far longer than stopping may take.
    pyramid()
        .args(["stats", "--deals", "3000", "--export"])
        .arg(&deals)
        .assert()
        .success();
    let started = Instant::now();
    let mut child = Command::new(binary())
        .args(["batch", "--jobs", "1"])
        .arg(&deals)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_holds(&first, "\"line\":1");
    drop(child.stderr.take());
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(8) {
            let _ = child.kill();
            panic!("batch went on solving after its reader had gone");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(141), "{status}");
}

#[test]
fn every_command_exits_quietly_on_a_closed_output() {
    use std::process::{Command, Stdio};
    let deal = data("winnable-40-steps.txt");
    let commands: [&[&str]; 8] = [
        &["solve", &deal],
        &["solve", "--json", &deal],
        &["hint", &deal],
        &["validate", &deal],
        &["batch", &deal],
        &["stats", "--deals", "3"],
        &["paths"],
        &["completions", "bash"],
    ];
    for args in commands {
        for closed_stderr in [false, true] {
            // Pipes whose reading ends are closed before the program starts.
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            let mut command = Command::new(binary());
            command.args(args).stdout(writer).stdin(Stdio::null());
            if closed_stderr {
                let (reader, writer) = std::io::pipe().unwrap();
                drop(reader);
                command.stderr(writer);
            } else {
                command.stderr(Stdio::piped());
            }
            let output = command.output().unwrap();
            assert_eq!(output.status.code(), Some(141), "{args:?}: {output:?}");
            assert!(output.stderr.is_empty(), "{args:?}: {output:?}");
        }
    }
}

#[test]
fn the_folders_from_the_environment_stay_out_of_the_usage_lines() {
    let stderr = pyramid()
        .args(["solve", "--earned", "5", &data("winnable-40-steps.txt")])
        .env("PYRAMID_SAVES", "/nowhere/saves")
        .env("PYRAMID_CONFIG", "/nowhere/config")
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let stderr = String::from_utf8(stderr).unwrap();
    assert_holds(
        &stderr,
        "Usage: pyramid solve --score [<TARGET>] --earned <E> <FILE>\n",
    );
    // The variables still name the folders.
    pyramid()
        .arg("paths")
        .env("PYRAMID_SAVES", "/nowhere/saves")
        .env("PYRAMID_CONFIG", "/nowhere/config")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("saves   /nowhere/saves\n"))
        .stdout(predicate::str::contains("themes  /nowhere/config/themes\n"));
}

#[test]
fn every_help_text_is_whole_and_true_of_its_command() {
    for command in [
        "solve",
        "hint",
        "validate",
        "batch",
        "stats",
        "paths",
        "completions",
    ] {
        let help = output(&[command, "--help"], 0);
        for line in help.lines() {
            // No sentence stops on a word that needs another after it.
            let last = line.split_whitespace().last().unwrap_or_default();
            let cut = last.ends_with("'s")
                || last.ends_with(',')
                || ["and", "or", "in", "the", "a", "of", "to"].contains(&last);
            assert!(!cut, "{command} --help: cut short: {line}");
        }
        if command != "validate" && command != "paths" && command != "completions" {
            assert!(
                help.contains(
                    "(default: no limit, but 5 for Triple Klondike, whose search improves its \
                     line until it is stopped); `batch` and `stats` give each deal this long\n"
                ),
                "{command} --help: {help}"
            );
        }
        if command == "batch" || command == "stats" {
            assert!(
                !help.contains("the file's"),
                "{command} reads no rules: {help}"
            );
            // `stats` does not take Triple Klondike, nor offer its options.
            let passes = if command == "batch" {
                "or unlimited (default: 3 in Pyramid; unlimited in Klondike; 1 in Triple \
                 Klondike)\n"
            } else {
                "or unlimited (default: 3 in Pyramid; unlimited in Klondike)\n"
            };
            assert_holds(&help, passes);
        }
    }
}

#[test]
fn a_pyramid_deal_with_unknown_stock_cards_is_answered_with_a_plan_to_reveal_one() {
    let text = std::fs::read_to_string(data("winnable-40-steps.txt")).expect("fixture");
    // The first three stock cards not seen yet.
    let stock = text.lines().last().expect("the stock line").to_string();
    let mut cards: Vec<&str> = stock.split_whitespace().collect();
    cards[..3].copy_from_slice(&["??", "??", "??"]);
    let unknown = text.replace(&stock, &cards.join(" "));
    let run = |args: &[&str], code: i32| {
        let out = pyramid()
            .args(args)
            .write_stdin(unknown.clone())
            .assert()
            .code(code)
            .get_output()
            .stdout
            .clone();
        String::from_utf8(out).expect("UTF-8")
    };
    let answer: serde_json::Value =
        serde_json::from_str(&run(&["solve", "--json", "-"], 3)).expect("JSON");
    assert_eq!(answer["definitive"], false);
    assert_eq!(answer["reveal"]["seen_slot"], 28, "the stock's top card");
    assert_eq!(answer["reveal"]["steps"], serde_json::json!(["draw"]));
    let shown = run(&["solve", "-"], 3);
    assert_holds(&shown, "Not definitive");
    // The hint ranks the moves at the table, by their chance over deals of the unknown cards.
    let hint = run(&["hint", "--samples", "40", "-"], 3);
    assert_holds(&hint, "At the table");
    let hint: serde_json::Value =
        serde_json::from_str(&run(&["hint", "--json", "--samples", "40", "-"], 3)).expect("JSON");
    let moves = hint["moves"].as_array().expect("the moves ranked");
    assert!(
        moves.iter().any(|chance| chance["move"] == hint["best"]),
        "{hint}"
    );
    assert_holds(&shown, "then type the card now on the waste");
    // Known again, the deal is definitive and solved as before.
    let known = pyramid()
        .args(["solve", "--json", &data("winnable-40-steps.txt")])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let known: serde_json::Value = serde_json::from_slice(&known).expect("JSON");
    assert!(
        known.get("definitive").is_none(),
        "no unknown cards, nothing to say"
    );
}

/// The words of a solution's steps as `solve --json` gives them, in each game's notation.
fn solution_words(answer: &Value) -> Vec<String> {
    let steps = answer["lines"][0]["steps"]
        .as_array()
        .or_else(|| answer["steps"].as_array())
        .expect("a solution");
    steps
        .iter()
        .map(|step| match step.get("step").unwrap_or(step) {
            Value::Array(cards) => {
                let cards: Vec<&str> = cards.iter().filter_map(Value::as_str).collect();
                cards.join("+")
            }
            word => word.as_str().expect("a step is text").to_string(),
        })
        .collect()
}

#[test]
fn a_saved_game_with_a_move_after_its_win_is_refused_naming_the_move() {
    let tripeaks = format!(
        "{}/saved-games/tripeaks-clears-43-steps.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    // Each game's winning line and a move its referee took after the win: a stock card
    // drawn, or a King back from its foundation to an empty pile.
    for (file, after) in [
        (data("shortest-15-steps.txt"), "draw"),
        (tripeaks, "draw"),
        (data("klondike-winnable.txt"), "Ks>1"),
    ] {
        let words = solution_words(&json_answer(&["solve", "--json", &file], 0));
        let text = std::fs::read_to_string(&file).expect("the example is there");
        let played = format!("# moves: {} {after}\n{text}", words.join(" "));
        let (_dir, path) = file_with("played-on.txt", &played);
        let won = words.len();
        refused(
            &["solve", &path],
            &format!(
                "# moves: move {}: '{after}' cannot be played: the game is already won after \
                 move {won}",
                won + 1
            ),
        );
    }
}

#[test]
fn validate_refuses_a_header_given_twice_with_different_values_naming_both_lines() {
    let tripeaks = format!(
        "{}/saved-games/tripeaks-clears-43-steps.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    // Each file with a header added twice, or added once where the file gives it already.
    for (file, added, twice) in [
        (
            data("winnable-40-steps.txt"),
            "# passes: 1\n# passes: 2\n",
            "# passes: given twice, '1' on line {1} and '2' on line {2}",
        ),
        (
            tripeaks,
            "# name: a\n",
            "# name: given twice, 'TriPeaks: clears in 43 s…' on line 2 and 'a' on line {1}",
        ),
        (
            data("klondike-winnable.txt"),
            "# game: klondike\n# game: tripeaks\n",
            "# game: given twice, 'klondike' on line 1 and 'tripeaks' on line {2}",
        ),
    ] {
        let text = std::fs::read_to_string(&file).expect("the example is there");
        let lines = text.lines().count();
        let (_dir, path) = file_with("twice.txt", &format!("{text}{added}"));
        let message = error_of(pyramid().args(["validate", &path]));
        let twice = twice
            .replace("{1}", &(lines + 1).to_string())
            .replace("{2}", &(lines + 2).to_string());
        assert_holds(&message, &format!("{twice}: keep one"));
    }
}

/// Standard error of a run that must refuse (exit code 2), with no escape or bell character
/// in it: whatever of the user's it shows is escaped.
fn escaped_refusal(command: &mut assert_cmd::Command) -> String {
    let stderr = error_of(command);
    assert!(
        !stderr.contains(['\x1b', '\x07']),
        "a control character reached the terminal: {stderr:?}"
    );
    stderr
}

#[test]
fn a_themes_name_file_and_content_are_shown_escaped_in_errors() {
    let config = tempfile::tempdir().unwrap();
    let themes = config.path().join("themes");
    std::fs::create_dir(&themes).unwrap();
    // A theme named with escapes, one whose file name holds them, and one with a bad value.
    std::fs::write(themes.join("a.toml"), "name = \"\\u001b[31mred\\u0007\"\n").unwrap();
    std::fs::write(themes.join("b\x1b[2J.toml"), "cursor = \"blue\"\n").unwrap();
    std::fs::write(themes.join("c.toml"), "cursor = \"\\u001b]0;x\\u0007\"\n").unwrap();
    let run = |theme: &str| {
        escaped_refusal(
            pyramid()
                .args(["--theme", theme])
                .env("PYRAMID_CONFIG", config.path())
                .write_stdin(""),
        )
    };
    let stderr = run("\x1b[31mx\x07");
    assert_holds(&stderr, "theme \\u{1b}[31mx\\u{7}: no such theme");
    assert_holds(&stderr, "\\u{1b}[31mred\\u{7}, b\\u{1b}[2J");
    // The broken theme, asked for by its name or its path.
    for theme in ["c".to_string(), themes.join("c.toml").display().to_string()] {
        let stderr = run(&theme);
        assert_holds(
            &stderr,
            "c.toml:1: key 'cursor': '\\u{1b}]0;x\\u{7}' is not a colour",
        );
    }
    // Not asked for, it is skipped with a warning.
    let stderr = escaped_refusal(
        pyramid()
            .env("PYRAMID_CONFIG", config.path())
            .env("PYRAMID_SAVES", config.path())
            .write_stdin(""),
    );
    assert!(
        stderr.contains("Theme skipped: ")
            && stderr.contains("c.toml:1: key 'cursor': '\\u{1b}]0;x\\u{7}' is not a colour"),
        "{stderr}"
    );
}

#[test]
fn a_config_folder_and_preferences_are_shown_escaped_in_warnings() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("conf\x1b[31m");
    std::fs::create_dir(&config).unwrap();
    std::fs::write(config.join("config.toml"), "\"\\u0007key\" = 1\n").unwrap();
    let stderr = escaped_refusal(
        pyramid()
            .arg("--config")
            .arg(&config)
            .args(["--saves", &dir.path().display().to_string()])
            .write_stdin(""),
    );
    assert_holds(&stderr, "Preferences not read: ");
    assert_holds(&stderr, "conf\\u{1b}[31m/config.toml");
    assert_holds(&stderr, "\\u{7}key");
    // A theme remembered there that is gone is named escaped too.
    std::fs::write(config.join("config.toml"), "theme = \"\\u001b[5mgone\"\n").unwrap();
    let stderr = escaped_refusal(
        pyramid()
            .arg("--config")
            .arg(&config)
            .args(["--saves", &dir.path().display().to_string()])
            .write_stdin(""),
    );
    assert_holds(
        &stderr,
        "the theme '\\u{1b}[5mgone' of the preferences is not available",
    );
}

#[test]
fn file_names_in_stats_and_merge_errors_are_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no\x1b[2Jfolder/run\x07.jsonl");
    let missing = missing.display().to_string();
    let stderr = escaped_refusal(pyramid().args(["stats", "--deals", "1", "--out", &missing]));
    assert_holds(&stderr, "no\\u{1b}[2Jfolder/run\\u{7}.jsonl");
    let stderr = escaped_refusal(pyramid().args(["stats", "merge", &missing]));
    assert_holds(&stderr, "no\\u{1b}[2Jfolder/run\\u{7}.jsonl");
    let stderr = escaped_refusal(pyramid().args(["batch", &missing]));
    assert_holds(&stderr, "no\\u{1b}[2Jfolder/run\\u{7}.jsonl");
}

#[test]
fn validate_says_a_saved_game_already_won_is_won() {
    let deal = std::fs::read_to_string(data("shortest-15-steps.txt")).expect("the fixture");
    let answer = json_answer(&["solve", "--json", &data("shortest-15-steps.txt")], 0);
    let moves: Vec<String> = answer["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|step| {
            let cards: Vec<&str> = step
                .as_array()
                .expect("a removal")
                .iter()
                .map(|card| card.as_str().expect("a card"))
                .collect();
            cards.join("+")
        })
        .collect();
    let won = format!("# moves: {}\n{deal}", moves.join(" "));
    let (_dir, path) = file_with("won.txt", &won);
    let text = output(&["validate", &path], 0);
    assert_holds(
        &text,
        ": a valid Pyramid game (3 passes through the stock), already won (pass 1, 15 moves played)",
    );
    let half = format!("# moves: {}\n{deal}", moves[..5].join(" "));
    let (_dir, path) = file_with("half.txt", &half);
    let text = output(&["validate", &path], 0);
    assert!(
        text.contains(": a valid Pyramid game (3 passes through the stock) in progress ("),
        "{text}"
    );
}

#[test]
fn validate_says_a_tripeaks_game_already_won_is_won() {
    let file = format!(
        "{}/saved-games/tripeaks-clears-43-steps.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let deal = std::fs::read_to_string(&file).expect("the fixture");
    let answer = json_answer(&["solve", "--json", &file], 0);
    let moves: Vec<&str> = answer["lines"][0]["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|step| step["step"].as_str().expect("a step"))
        .collect();
    assert_eq!(moves.len(), 43);
    let won = format!("# moves: {}\n{deal}", moves.join(" "));
    let (_dir, path) = file_with("won.txt", &won);
    let text = output(&["validate", &path], 0);
    assert_holds(
        &text,
        ": a valid TriPeaks game, already won (43 moves played)",
    );
}

#[test]
fn a_time_limit_too_long_is_refused_as_too_long() {
    for huge in ["1e30", "inf", "99999999999999"] {
        refused(
            &[
                "solve",
                "--time-limit",
                huge,
                &data("shortest-15-steps.txt"),
            ],
            "is too long: at most 1000000000 seconds",
        );
    }
    let text = output(
        &[
            "solve",
            "--time-limit",
            "1000000000",
            &data("shortest-15-steps.txt"),
        ],
        0,
    );
    assert!(
        text.starts_with(&format!("{PYRAMID}Solved in 15 steps.")),
        "{text}"
    );
}

/// Runs the binary whatever its exit code: the code, standard output and standard error.
fn ran(args: &[&str]) -> (Option<i32>, String, String) {
    let out = pyramid().args(args).output().expect("the binary runs");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8 output");
    (out.status.code(), text(out.stdout), text(out.stderr))
}

/// The top-level help names every game; each command's help lists only the flags it uses;
/// `solve --help` puts the challenges, the caps and each game's options under headings.
#[test]
fn each_help_lists_the_flags_its_command_uses_under_their_headings() {
    let top = output(&["--help"], 0);
    let about = top.lines().next().expect("a first line");
    for game in solitaire::games::ALL {
        assert!(about.contains(game.name()), "{about}");
    }
    for command in [
        "solve",
        "hint",
        "validate",
        "batch",
        "stats",
        "completions",
        "man",
        "deal",
    ] {
        let help = output(&[command, "--help"], 0);
        assert!(
            !help.contains("--saves") && !help.contains("--config"),
            "{command}: {help}"
        );
    }
    for command in ["paths", "completions", "man"] {
        let help = output(&[command, "--help"], 0);
        assert!(!help.contains("--game"), "{command}: {help}");
    }
    assert!(output(&["paths", "--help"], 0).contains("--saves <DIR>"));
    let (code, _, stderr) = ran(&["paths", "--game", "tripeaks"]);
    assert_eq!(code, Some(2), "{stderr}");
    let solve = output(&["solve", "--help"], 0);
    let headings = [
        "Options:",
        "Pyramid and TriPeaks challenges:",
        "Caps on each search:",
        "Pyramid options:",
        "Klondike options:",
        "Triple Klondike options:",
        "Perfect Pair options:",
    ];
    let at = |heading: &str| solve.find(&format!("\n{heading}\n")).expect(heading);
    for pair in headings.windows(2) {
        assert!(at(pair[0]) < at(pair[1]), "{pair:?} in {solve}");
    }
    let challenges = &solve[at(headings[1])..at(headings[2])];
    for flag in ["--board", "--score", "--earned", "--card", "--already"] {
        assert!(challenges.contains(flag), "{flag} in {challenges}");
    }
    assert!(
        solve[at("Options:")..at(headings[1])].contains("--game <"),
        "{solve}"
    );
}

/// `deal` deals every game of the registry in the format `solve` reads, the same deal for the
/// same seed, said on standard error; in the games `stats` measures, the deal of a seed is the
/// first that `stats --seed` solves, and `--out` writes a new file only.
#[test]
fn deal_gives_a_seeded_deal_of_every_game_that_solve_reads() {
    for game in solitaire::games::ALL {
        let id = game.id();
        let (code, dealt, said) = ran(&["deal", "--game", id, "--seed", "7"]);
        assert_eq!(code, Some(0), "{id}: {said}");
        assert!(
            said.contains(&format!("pyramid deal --game {id} --seed 7")),
            "{said}"
        );
        assert_eq!(ran(&["deal", "--game", id, "--seed", "7"]).1, dealt);
        assert_ne!(ran(&["deal", "--game", id, "--seed", "8"]).1, dealt);
        let (_dir, file) = file_with("deal.txt", &dealt);
        let valid = output(&["validate", &file], 0);
        assert!(
            valid.contains(&format!("a valid {} ", game.name())) || id == "pyramid",
            "{valid}"
        );
        if !game.measured() {
            continue;
        }
        let (_, line, _) = ran(&[
            "stats", "--game", id, "--deals", "1", "--seed", "7", "--export", "-",
        ]);
        let (_lines_dir, lines) = file_with("deals.txt", &line);
        let (_, batch, _) = ran(&["batch", "--game", id, "-j", "1", &lines]);
        let batch: Value = serde_json::from_str(batch.trim()).expect("a JSON line");
        let solved = json_answer_any(&["solve", "--json", &file]);
        for key in ["solvable", "clearable", "length"] {
            assert_eq!(
                batch.get(key),
                solved.get(key),
                "{id}: {key}: {batch} {solved}"
            );
        }
        assert!(
            batch.get("solvable").or(batch.get("clearable")).is_some(),
            "{batch}"
        );
    }
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("practice.txt");
    let path = path.to_str().expect("a UTF-8 path");
    let (code, written, said) = ran(&["deal", "--game", "tripeaks", "--seed", "3", "--out", path]);
    assert_eq!((code, written.as_str()), (Some(0), ""), "{said}");
    let text = std::fs::read_to_string(path).expect("the deal is written");
    assert_eq!(text, ran(&["deal", "--game", "tripeaks", "--seed", "3"]).1);
    let (code, _, said) = ran(&["deal", "--game", "tripeaks", "--seed", "4", "--out", path]);
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("not empty"), "{said}");
    assert_eq!(std::fs::read_to_string(path).expect("kept"), text);
}

/// A command's JSON answer, whatever its exit code.
fn json_answer_any(args: &[&str]) -> Value {
    serde_json::from_str(&ran(args).1).expect("valid JSON")
}

#[test]
fn every_json_answer_names_its_game_and_its_rules() {
    let saved = |name: &str| format!("{}/saved-games/{name}", env!("CARGO_MANIFEST_DIR"));
    // Each file, its game, a rule its JSON gives, and the answers' exit code.
    let games = [
        (data("shortest-15-steps.txt"), "pyramid", "passes", 0),
        (saved("tripeaks-clears-43-steps.txt"), "tripeaks", "of", 0),
        (data("klondike-winnable.txt"), "klondike", "draw", 0),
        (
            data("perfect-pair-small.txt"),
            "perfect-pair",
            "free_cells",
            1,
        ),
    ];
    for (file, game, rule, code) in games {
        for command in ["solve", "hint"] {
            let answer = json_answer(&[command, "--json", &file], code);
            assert_eq!(answer["game"], game, "{command} {file}: {answer}");
            assert!(
                answer["rules"].get(rule).is_some(),
                "{command} {file}: {answer}"
            );
        }
    }
    // Rules given on the command line are the ones the answer names.
    let file = data("shortest-15-steps.txt");
    let answer = json_answer(&["solve", "--json", "--passes", "1", "--relaxed", &file], 0);
    assert_eq!(answer["rules"]["passes"], "1", "{answer}");
    assert_eq!(answer["rules"]["relaxed"], true, "{answer}");
}

/// A Klondike deal piped in without its headers reads as Pyramid too: each text answer's first
/// line names the game and rules it was answered under, and without `--game` the note on
/// standard error names the other reading.
#[test]
fn a_headerless_klondike_deal_piped_in_is_answered_under_a_named_game() {
    let text = std::fs::read_to_string(data("klondike-winnable.txt")).expect("the deal");
    let mut headerless = String::new();
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        headerless.push_str(line);
        headerless.push('\n');
    }
    let readings = [
        (&[][..], "Pyramid (3 passes through the stock): ", true),
        (
            &["--game", "klondike"][..],
            "Klondike (draw 3, unlimited passes): ",
            false,
        ),
    ];
    for (flags, title, noted) in readings {
        let run = pyramid()
            .arg("solve")
            .args(flags)
            .arg("-")
            .write_stdin(headerless.clone())
            .output()
            .expect("the binary runs");
        let said = String::from_utf8(run.stdout).expect("UTF-8 output");
        let first = said.lines().next().unwrap_or_default();
        assert!(first.starts_with(title), "{flags:?}: {said}");
        assert_eq!(said.matches(title).count(), 1, "{flags:?}: {said}");
        let note = String::from_utf8(run.stderr).expect("UTF-8 output");
        assert_eq!(note.contains("--game klondike"), noted, "{flags:?}: {note}");
    }
}

/// Every game's `solve` and `hint` text opens with the game and its rules, said once.
#[test]
fn every_text_answer_opens_with_its_game_and_rules() {
    let saved = |name: &str| format!("{}/saved-games/{name}", env!("CARGO_MANIFEST_DIR"));
    let games = [
        (
            data("shortest-15-steps.txt"),
            "Pyramid (3 passes through the stock): ",
        ),
        (
            saved("tripeaks-clears-43-steps.txt"),
            "TriPeaks (Microsoft Solitaire Collection's rules): ",
        ),
        (
            data("klondike-winnable.txt"),
            "Klondike (draw 3, unlimited passes): ",
        ),
        (
            data("perfect-pair-small.txt"),
            "Perfect Pair (1 free cell, 6 uses): ",
        ),
    ];
    for (file, title) in games {
        for command in ["solve", "hint"] {
            let (_, text, _) = ran(&[command, &file]);
            assert!(text.starts_with(title), "{command} {file}: {text}");
            assert_eq!(text.matches(title).count(), 1, "{command} {file}: {text}");
        }
    }
}

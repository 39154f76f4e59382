//! The `pyramid` binary on good and bad input: exit codes, JSON shape, and the error messages.

mod common;

use assert_cmd::Command;
use common::data;
use predicates::prelude::*;
use serde_json::Value;

fn pyramid() -> Command {
    Command::cargo_bin("pyramid").expect("the binary is built")
}

/// Runs the binary, expects an exit code, and reads standard output as one JSON value.
fn json_answer(args: &[&str], code: i32) -> Value {
    let output = pyramid()
        .args(args)
        .assert()
        .code(code)
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&output).expect("valid JSON")
}

#[test]
fn solve_prints_numbered_steps() {
    pyramid()
        .args(["solve", &data("winnable-40-steps.txt")])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("Solved in 40 steps.\n"))
        .stdout(predicate::str::contains(
            " 1. Remove Ts (pyramid row 7) and 3h (stock)\n",
        ))
        .stdout(predicate::str::contains("40. "));
}

#[test]
fn solve_json_has_the_documented_shape() {
    let answer = json_answer(&["solve", "--json", &data("shortest-15-steps.txt")], 0);
    assert_eq!(answer["solvable"], true);
    assert_eq!(answer["length"], 15);
    let steps = answer["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 15);
    assert_eq!(steps[0], serde_json::json!(["Qc", "Ac"]));
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
        .stdout("No solution: 2d can never be removed: all four Jacks cover it.\n");
    let answer = json_answer(&["solve", "--json", &data("hard-no-solution.txt")], 1);
    assert_eq!(answer["solvable"], false);
    assert_eq!(answer["length"], Value::Null);
    assert_eq!(answer["steps"], serde_json::json!([]));
}

#[test]
fn reads_standard_input() {
    let text = std::fs::read_to_string(data("shortest-15-steps.txt")).unwrap();
    pyramid()
        .args(["solve", "-"])
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("Solved in 15 steps."));
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
            "{file}:2:15: 'J' is not a card: expected a rank (A 2-9 T J Q K, or 10) followed by a \
         suit (c d h s)\n{file}: 1 card missing: Jd\n"
        ));
}

#[test]
fn missing_cards_are_listed() {
    let file = data("bad-missing-cards.txt");
    pyramid()
        .args(["solve", &file])
        .assert()
        .code(2)
        .stderr(format!("{file}: 2 cards missing: Jd Qs\n"));
}

#[test]
fn too_many_cards_name_the_duplicate_and_the_count() {
    let file = data("bad-too-many-cards.txt");
    pyramid()
        .args(["validate", &file])
        .assert()
        .code(2)
        .stderr(format!(
            "{file}:9:73: 3c appears twice: at 1:13 (pyramid row 1) and at 9:73 (card 53, past the \
         52 of a deal)\n{file}:9:73: 53 cards, but a deal has 52; the first extra card is at \
         9:73\n"
        ));
}

#[test]
fn validate_accepts_a_good_deal() {
    pyramid()
        .args(["validate", &data("winnable-40-steps.txt")])
        .assert()
        .code(0)
        .stdout(predicate::str::ends_with("a valid deal\n"));
}

#[test]
fn unreadable_file_and_bad_usage_exit_2() {
    pyramid()
        .args(["solve", "no/such/file.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "pyramid: cannot read no/such/file.txt:",
        ));
    pyramid().args(["solve", "--frobnicate"]).assert().code(2);
}

#[test]
fn batch_prints_json_lines_in_order_with_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("deals.tsv");
    let deals = std::fs::read_to_string(data("random-1500.tsv")).unwrap();
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
    let lines: Vec<Value> = String::from_utf8(output)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
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
fn completions_are_printed() {
    pyramid()
        .args(["completions", "bash"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("pyramid"));
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
    assert!(text.contains("saves   /tmp/my-saves\n"), "{text}");
    assert!(
        text.contains("draft   /tmp/my-saves/.draft.txt\n"),
        "{text}"
    );
    assert!(text.contains("themes  /tmp/my-config/themes\n"), "{text}");
}

#[test]
fn an_unknown_theme_is_refused_before_the_app_starts() {
    pyramid()
        .args(["--theme", "no-such-theme"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no such theme or file; the themes are default, light, high-contrast, four-colour",
        ));
}

#[test]
fn a_broken_theme_file_asked_for_names_file_line_and_key() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.toml");
    std::fs::write(&path, "name = \"mine\"\ncard_rde = \"red\"\n").unwrap();
    pyramid()
        .arg("--theme")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "mine.toml:2: unknown key 'card_rde'",
        ));
}

#[test]
fn opening_a_bad_deal_file_is_refused_before_the_app_starts() {
    pyramid()
        .arg(common::data("bad-malformed-card.txt"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not a card"));
}

/// The position of `game-in-progress.txt` reached by playing from the deal's start: its
/// marks say Ts and 3h are gone, then three moves were played.
fn game_in_progress_position() -> pyramid::pyramid::Position {
    use pyramid::pyramid::notation::read_moves;
    use pyramid::pyramid::{Position, Rules};
    let start = Position::new(&common::deal("game-in-progress.txt"), Rules::default());
    let moves = read_moves(&start, "Ts+3h draw draw 7d+6c").expect("legal moves");
    let mut position = start;
    for mv in moves {
        position.apply(mv).expect("read_moves checked it");
    }
    position
}

#[test]
fn solve_on_a_saved_game_solves_from_its_position_and_says_so() {
    use pyramid::pyramid::solver::{self, Outcome};
    let Outcome::Solved(moves) = solver::solve(&game_in_progress_position(), &mut ()).outcome
    else {
        panic!("winnable")
    };
    let file = data("game-in-progress.txt");
    pyramid()
        .args(["solve", &file])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with(format!(
            "From the saved position: pass 1, 2 cards already gone, 3 moves played.\nSolved in {} \
             steps.\n",
            moves.len()
        )));
    let answer = json_answer(&["solve", "--json", &file], 0);
    assert_eq!(answer["length"], moves.len());
    assert_eq!(answer["from"]["moves_played"], 3);
    pyramid()
        .args(["validate", &file])
        .assert()
        .code(0)
        .stdout(predicate::str::ends_with(
            "a valid game in progress (pass 1, 2 cards already gone, 3 moves played)\n",
        ));
}

#[test]
fn hint_prints_the_next_move_and_the_verdict() {
    let position = game_in_progress_position();
    let answer = json_answer(&["hint", "--json", &data("game-in-progress.txt")], 0);
    assert_eq!(answer["winnable"], true);
    // The hinted move is legal where the game stands, and optimal: one step closer.
    use pyramid::pyramid::notation::read_move;
    use pyramid::pyramid::solver::{self, Outcome};
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
    pyramid()
        .args(["hint", &data("game-in-progress.txt")])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("Next: "))
        .stdout(predicate::str::contains("more steps, this one included."));
    pyramid()
        .args(["hint", &data("no-solution-2d-under-four-jacks.txt")])
        .assert()
        .code(1)
        .stdout("No longer winnable: 2d can never be removed: all four Jacks cover it.\n");
}

#[test]
fn a_saved_game_whose_moves_do_not_fit_names_the_header() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("broken-game.txt");
    let deal = std::fs::read_to_string(data("winnable-40-steps.txt")).unwrap();
    std::fs::write(&file, format!("# gone: 3c\n# moves: draw\n{deal}")).unwrap();
    let name = file.display().to_string();
    pyramid()
        .args(["solve", &name])
        .assert()
        .code(2)
        .stderr(format!(
            "pyramid: {name}: # gone, waste top, pass: 3c cannot be gone: 7s and Jd still cover \
             it\n"
        ));
    std::fs::write(&file, format!("# moves: draw recycle\n{deal}")).unwrap();
    pyramid()
        .args(["hint", &name])
        .assert()
        .code(2)
        .stderr(format!(
            "pyramid: {name}: # moves: move 2: 'recycle' cannot be played: recycle only when the \
             stock is empty\n"
        ));
}

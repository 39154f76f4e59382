//! `pyramid stats`: the same seed gives the same deals and numbers with any number of threads,
//! an interrupted run resumed gives the totals of one run, and exported deals read back.

use assert_cmd::Command;
use serde_json::Value;

fn pyramid() -> Command {
    Command::cargo_bin("pyramid").expect("the binary is built")
}

/// Runs `stats --json` with these arguments: the summary without the times, which vary.
fn summary(args: &[&str]) -> Value {
    let output = pyramid()
        .arg("stats")
        .args(args)
        .arg("--json")
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let mut value: Value = serde_json::from_slice(&output).expect("JSON");
    let object = value.as_object_mut().expect("an object");
    object.remove("millis");
    object.remove("seconds");
    value
}

#[test]
fn the_same_seed_gives_the_same_numbers_on_any_number_of_threads() {
    let one = summary(&["--deals", "40", "--seed", "5", "--jobs", "1"]);
    let two = summary(&["--deals", "40", "--seed", "5", "--jobs", "2"]);
    assert_eq!(one, two);
    assert_eq!(one["deals"], 40);
    let winnable = one["winnable"].as_u64().unwrap();
    let lengths: u64 = one["lengths"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(winnable, lengths);
    let other = summary(&["--deals", "40", "--seed", "6", "--jobs", "2"]);
    assert_ne!(
        one["lengths"], other["lengths"],
        "another seed, other deals"
    );
}

#[test]
fn a_resumed_run_gives_the_totals_of_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let full = dir.path().join("full.jsonl");
    let whole = summary(&[
        "--deals",
        "30",
        "--seed",
        "9",
        "--out",
        full.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&full).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 31, "a header line and one line a deal");
    // An interruption after ten deals, the last line cut short.
    let cut = dir.path().join("cut.jsonl");
    let mut partial = lines[..11].join("\n");
    partial.push('\n');
    partial.push_str(&lines[11][..lines[11].len() / 2]);
    std::fs::write(&cut, partial).unwrap();
    let resumed = summary(&[
        "--deals",
        "30",
        "--seed",
        "9",
        "--resume",
        cut.to_str().unwrap(),
    ]);
    assert_eq!(resumed, whole);
    // A file from another run is refused.
    pyramid()
        .args(["stats", "--deals", "30", "--seed", "10", "--resume"])
        .arg(&cut)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("written for another run"));
}

#[test]
fn exported_deals_read_back_give_the_same_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let deals = dir.path().join("deals.txt");
    let seeded = summary(&[
        "--deals",
        "20",
        "--seed",
        "3",
        "--export",
        deals.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read_to_string(&deals).unwrap().lines().count(), 20);
    let from_file = summary(&["--from", deals.to_str().unwrap()]);
    assert_eq!(from_file, seeded);
}

#[test]
fn compare_runs_the_same_deals_under_six_rule_sets() {
    let output = pyramid()
        .args([
            "stats",
            "--deals",
            "20",
            "--seed",
            "2",
            "--compare",
            "--json",
        ])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let all: Vec<Value> = serde_json::from_slice(&output).unwrap();
    let winnable: Vec<u64> = all
        .iter()
        .map(|s| s["winnable"].as_u64().unwrap())
        .collect();
    assert_eq!(all.len(), 6);
    // Strict then relaxed for 1, 3 and unlimited passes. More passes can only win more deals,
    // and so can relaxed pairing, which only adds moves.
    for strict in [0, 2, 4] {
        assert!(winnable[strict] <= winnable[strict + 1], "{winnable:?}");
        if strict < 4 {
            assert!(winnable[strict] <= winnable[strict + 2], "{winnable:?}");
            assert!(winnable[strict + 1] <= winnable[strict + 3], "{winnable:?}");
        }
    }
    assert_eq!(all[4]["rules"], "unlimited passes through the stock");
    assert_eq!(
        all[5]["rules"],
        "unlimited passes through the stock, relaxed pairing"
    );
}

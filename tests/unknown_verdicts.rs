//! Deals with unknown cards (`??`) in `stats` and `batch`: a deal whose answer unknown cards
//! hold back is undecided, never lost, and stays out of the winnable count and the histograms;
//! a deal whose answer holds whatever they are is decided, as `solve` says. In Pyramid,
//! TriPeaks and Klondike, in text, JSON, the results file of `--out` and `stats merge`.

mod common;

use std::path::{Path, PathBuf};

use common::{data, pyramid, results_lines};
use serde_json::Value;

/// A deal file's cards on one line, the cards at `unknown` (deal-order slots) written `??`.
fn line_with_unknown(path: &str, unknown: impl IntoIterator<Item = usize>) -> String {
    let text = std::fs::read_to_string(path).expect("the fixture");
    let mut cards: Vec<String> = text
        .lines()
        .filter(|line| !line.trim_start().starts_with('#'))
        .flat_map(str::split_whitespace)
        .map(str::to_string)
        .collect();
    assert_eq!(cards.len(), 52, "{path}");
    for slot in unknown {
        cards[slot] = "??".to_string();
    }
    cards.join(" ")
}

fn saved_game(name: &str) -> String {
    format!("{}/saved-games/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The 40-step deal with its whole stock unknown: the wildcards clear it, the cards known
/// do not.
fn pyramid_stock_unknown() -> String {
    line_with_unknown(&data("winnable-40-steps.txt"), 28..52)
}

/// The 40-step deal with its last stock card unknown: won in 42 steps whatever it is, in 40
/// when it is the card dealt.
fn pyramid_last_unknown() -> String {
    line_with_unknown(&data("winnable-40-steps.txt"), [51])
}

/// 2d under all four Jacks, with the whole stock unknown: lost whatever the stock is.
fn pyramid_lost_whatever() -> String {
    line_with_unknown(&data("no-solution-2d-under-four-jacks.txt"), 28..52)
}

/// The TriPeaks deal cleared in 43 steps with its stock unknown (the waste card known).
fn tripeaks_stock_unknown() -> String {
    line_with_unknown(&saved_game("tripeaks-clears-43-steps.txt"), 29..52)
}

/// The same with only its last stock card unknown, which the 43 steps never need.
fn tripeaks_last_unknown() -> String {
    line_with_unknown(&saved_game("tripeaks-clears-43-steps.txt"), [51])
}

/// Writes deal lines to a file in `dir`.
fn deals_file(dir: &Path, name: &str, lines: &[String]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, lines.join("\n") + "\n").expect("written");
    path
}

/// Runs the binary on a file, expecting an exit code: standard output and error.
fn run(args: &[&str], file: &Path, code: i32) -> (String, String) {
    let output = pyramid()
        .args(args)
        .arg(file)
        .assert()
        .code(code)
        .get_output()
        .clone();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8");
    (text(output.stdout), text(output.stderr))
}

/// `batch`'s JSON lines.
fn batch_lines(args: &[&str], file: &Path, code: i32) -> (Vec<Value>, String) {
    let (out, err) = run(args, file, code);
    let lines = out
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    (lines, err)
}

/// `stats --json`'s summary.
fn stats_json(args: &[&str], file: &Path, code: i32) -> Value {
    let (out, _) = run(
        &[&["stats", "--json"], args, &["--from"]].concat(),
        file,
        code,
    );
    serde_json::from_str(&out).expect("JSON")
}

#[test]
fn pyramid_stats_count_a_deal_unknown_cards_hold_back_as_undecided_and_one_they_cannot_change_as_decided()
 {
    let dir = tempfile::tempdir().expect("a folder");
    let deals = [
        pyramid_stock_unknown(),
        pyramid_last_unknown(),
        pyramid_lost_whatever(),
    ];
    let file = deals_file(dir.path(), "pyramid.txt", &deals);
    let (text, _) = run(&["stats", "--from"], &file, 3);
    assert!(text.contains("1 of 2 winnable"), "{text}");
    assert!(
        text.contains("1 undecided (a cap was reached, or cards are not known)"),
        "{text}"
    );
    // Won in 42 steps with the card unknown, in 40 with it known: no length to give.
    assert!(
        text.contains("optimal lengths, leaving out 1 won deal whose unknown cards (??)"),
        "{text}"
    );
    assert!(!text.contains("40-44"), "{text}");
    let summary = stats_json(&[], &file, 3);
    assert_eq!(summary["deals"], 2);
    assert_eq!(summary["winnable"], 1);
    assert_eq!(summary["undecided"], 1);
    assert_eq!(summary["lengths"], serde_json::json!({}));
    let out = dir.path().join("pyramid.jsonl");
    run(
        &["stats", "--out", out.to_str().unwrap(), "--from"],
        &file,
        3,
    );
    let lines = results_lines(&out);
    let by_deal = |deal: u64| {
        lines
            .iter()
            .find(|line| line["deal"] == deal)
            .expect("every deal has a line")
            .clone()
    };
    assert_eq!(by_deal(0)["solvable"], Value::Null);
    assert_eq!(by_deal(0)["undecided"], "24 cards are not known (??)");
    assert_eq!(by_deal(1)["solvable"], true);
    assert_eq!(by_deal(1)["length"], Value::Null);
    assert_eq!(by_deal(2)["solvable"], false);
    // The file read back by `stats merge` and `--resume` gives the same verdicts.
    let (merged, _) = run(&["stats", "merge"], &out, 3);
    assert!(merged.contains("1 of 2 winnable"), "{merged}");
    assert!(merged.contains("1 undecided"), "{merged}");
    let (resumed, err) = run(
        &["stats", "--resume", out.to_str().unwrap(), "--from"],
        &file,
        3,
    );
    assert!(!err.contains("skipped"), "{err}");
    assert!(resumed.contains("1 of 2 winnable"), "{resumed}");
    // Known, the deal is won in 40 steps and counted so.
    let known = deals_file(
        dir.path(),
        "known.txt",
        &[line_with_unknown(&data("winnable-40-steps.txt"), [])],
    );
    assert_eq!(stats_json(&[], &known, 0)["lengths"]["40"], 1);
}

#[test]
fn pyramid_solve_words_the_wildcard_figure_as_a_bound_and_a_proof_without_search_as_such() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = deals_file(dir.path(), "stock.txt", &[pyramid_stock_unknown()]);
    let (text, _) = run(&["solve"], &file, 3);
    assert!(!text.contains("(0 positions)"), "{text}");
    assert!(
        text.contains("No solution with the cards known so far: proved without a search:"),
        "{text}"
    );
    assert!(
        text.contains("were each unknown card (??) any card at all, the deal could at best clear the pyramid in"),
        "{text}"
    );
    assert!(
        text.contains("a bound, which the cards actually missing may not reach"),
        "{text}"
    );
    let (json, _) = run(&["solve", "--json"], &file, 3);
    let json: Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(json["stats"]["expanded"], 0, "{json}");
    assert!(
        json["reason"]
            .as_str()
            .is_some_and(|reason| reason.starts_with("proved without a search")),
        "{json}"
    );
}

#[test]
fn batch_check_says_which_lines_unknown_cards_leave_unchecked() {
    let dir = tempfile::tempdir().expect("a folder");
    let lines = [
        format!("40\t{}", pyramid_stock_unknown()),
        format!("42\t{}", pyramid_last_unknown()),
        format!(
            "40\t{}",
            line_with_unknown(&data("winnable-40-steps.txt"), [])
        ),
    ];
    let file = deals_file(dir.path(), "check.tsv", &lines);
    let (answers, summary) = batch_lines(&["batch", "--check"], &file, 3);
    assert_eq!(answers[0]["check"]["matches"], Value::Null);
    assert!(
        answers[0]["check"]["unchecked"].is_string(),
        "{}",
        answers[0]
    );
    assert_eq!(
        answers[1]["check"]["unchecked"],
        "unknown cards (??) may allow fewer steps"
    );
    assert_eq!(answers[2]["check"]["matches"], true);
    assert!(answers[2]["check"].get("unchecked").is_none());
    assert!(
        summary.contains(
            "check: 1 of 3 known lengths match; not checkable lines: 1, 2 (bad, undecided, or \
             unknown cards (??) may allow fewer steps)"
        ),
        "{summary}"
    );
}

#[test]
fn pyramid_batch_marks_a_line_unknown_cards_hold_back_undecided_in_every_challenge() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = deals_file(dir.path(), "stock.txt", &[pyramid_stock_unknown()]);
    for challenge in [&[][..], &["--score"], &["--card", "A"]] {
        let args = [&["batch"], challenge].concat();
        let (lines, summary) = batch_lines(&args, &file, 3);
        let verdict = if challenge.is_empty() {
            "solvable"
        } else {
            "reached"
        };
        assert_eq!(lines[0][verdict], false, "{args:?}");
        assert_eq!(lines[0]["definitive"], false, "{args:?}");
        assert!(lines[0]["could"].is_string(), "{args:?}");
        assert!(
            summary.contains(": 0 solvable, 0 no solution, 1 undecided")
                || summary.contains(": 0 reach the target, 0 fall short, 1 undecided"),
            "{args:?}: {summary}"
        );
    }
    // Won whatever the last card is, perhaps in fewer steps: solvable, not definitive.
    let file = deals_file(dir.path(), "last.txt", &[pyramid_last_unknown()]);
    let (lines, _) = batch_lines(&["batch"], &file, 0);
    assert_eq!(lines[0]["solvable"], true);
    assert_eq!(lines[0]["definitive"], false);
    // Lost whatever the stock is: no solution, definitive.
    let file = deals_file(dir.path(), "lost.txt", &[pyramid_lost_whatever()]);
    let (lines, summary) = batch_lines(&["batch"], &file, 0);
    assert_eq!(lines[0]["solvable"], false);
    assert_eq!(lines[0]["definitive"], true);
    assert!(
        summary.contains(": 0 solvable, 1 no solution, 0 invalid"),
        "{summary}"
    );
}

#[test]
fn tripeaks_stats_and_batch_count_a_deal_unknown_cards_hold_back_as_undecided() {
    let dir = tempfile::tempdir().expect("a folder");
    let deals = [tripeaks_stock_unknown(), tripeaks_last_unknown()];
    let file = deals_file(dir.path(), "tripeaks.txt", &deals);
    let (text, _) = run(&["stats", "--game", "tripeaks", "--from"], &file, 3);
    assert!(text.contains("1 of 1 winnable"), "{text}");
    assert!(text.contains("1 undecided"), "{text}");
    // The last card changes nothing on the 43 steps: definitive, its length counted.
    let summary = stats_json(&["--game", "tripeaks", "--card", "K"], &file, 3);
    assert_eq!(summary["deals"], 1);
    assert_eq!(summary["undecided"], 1);
    assert_eq!(summary["lengths"], serde_json::json!({"43": 1}));
    let out = dir.path().join("tripeaks.jsonl");
    run(
        &[
            "stats",
            "--game",
            "tripeaks",
            "--out",
            out.to_str().unwrap(),
            "--from",
        ],
        &file,
        3,
    );
    let lines = results_lines(&out);
    let stock = lines.iter().find(|line| line["deal"] == 0).expect("deal 0");
    assert_eq!(stock["solvable"], Value::Null);
    assert_eq!(stock["undecided"], "23 cards are not known (??)");
    assert_eq!(stock["score"], Value::Null);
    let file = deals_file(dir.path(), "stock.txt", &[tripeaks_stock_unknown()]);
    for challenge in [&[][..], &["--score"], &["--card", "A"]] {
        let args = [&["batch", "--game", "tripeaks"], challenge].concat();
        let (lines, summary) = batch_lines(&args, &file, 3);
        assert_eq!(lines[0]["definitive"], false, "{args:?}");
        assert!(summary.contains(", 1 undecided"), "{args:?}: {summary}");
    }
}

#[test]
fn tripeaks_stats_card_counts_the_deals_its_histogram_leaves_out_undecided_ones_included() {
    let dir = tempfile::tempdir().expect("a folder");
    let deals = [tripeaks_stock_unknown(), tripeaks_last_unknown()];
    let file = deals_file(dir.path(), "tripeaks.txt", &deals);
    let args = ["stats", "--game", "tripeaks", "--card", "K", "--from"];
    let (text, _) = run(&args, &file, 3);
    assert!(text.contains("1 undecided"), "{text}");
    assert!(
        text.contains("most Kings removed in a deal, leaving out 1 deal whose unknown cards (??)"),
        "{text}"
    );
    let summary = stats_json(&["--game", "tripeaks", "--card", "K"], &file, 3);
    let counted: u64 = summary["cards"]["most"]
        .as_object()
        .expect("a histogram")
        .values()
        .filter_map(Value::as_u64)
        .sum();
    assert_eq!(counted, 1, "{summary}");
    assert_eq!(summary["cards"]["left_out"], 1, "{summary}");
}

#[test]
fn klondike_stats_and_batch_count_a_deal_with_cards_not_known_as_undecided() {
    let dir = tempfile::tempdir().expect("a folder");
    let text = std::fs::read_to_string(data("klondike-unknowns.txt")).expect("the fixture");
    let line: Vec<&str> = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .flat_map(str::split_whitespace)
        .collect();
    let file = deals_file(dir.path(), "klondike.txt", &[line.join(" ")]);
    let summary = stats_json(&["--game", "klondike"], &file, 3);
    assert_eq!(
        (summary["deals"].clone(), summary["undecided"].clone()),
        (0.into(), 1.into())
    );
    let out = dir.path().join("klondike.jsonl");
    run(
        &[
            "stats",
            "--game",
            "klondike",
            "--out",
            out.to_str().unwrap(),
            "--from",
        ],
        &file,
        3,
    );
    assert_eq!(
        results_lines(&out)[0]["undecided"],
        "2 cards are not known (??)"
    );
    let (lines, summary) = batch_lines(&["batch", "--game", "klondike"], &file, 3);
    assert_eq!(lines[0]["solvable"], Value::Null);
    assert!(summary.contains(", 1 undecided"), "{summary}");
}

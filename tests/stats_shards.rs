//! `pyramid stats --shard K/N` and `stats merge`: the shards of a run, merged, give the summary
//! of one run over all its deals (Pyramid and TriPeaks, seeded and from a file); shards
//! missing, cut short, given twice or from other runs are named; a shard resumes; and a line
//! planted in the wrong shard is not counted twice.

mod common;

use std::path::Path;

use common::{AT_THE_TABLE, pyramid};
use serde_json::Value;

/// Runs the binary with these arguments, expects an exit code, and gives standard output and
/// standard error.
fn run(args: &[&str], code: i32) -> (String, String) {
    let output = pyramid()
        .args(args)
        .assert()
        .code(code)
        .get_output()
        .clone();
    (
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8(output.stderr).expect("UTF-8 errors"),
    )
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).expect("one JSON object")
}

/// A summary without its time figures, which are measured.
fn deterministic(summary: &Value) -> Value {
    let mut summary = summary.clone();
    let object = summary.as_object_mut().expect("an object");
    object.remove("millis").expect("solve times");
    object.remove("seconds").expect("the time in all");
    summary
}

/// A text summary without its last line, the measured times.
fn without_times(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let (last, rest) = lines.split_last().expect("lines");
    assert!(last.starts_with("solve time: median "), "{text}");
    rest.join("\n")
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_str().expect("a UTF-8 path").to_string()
}

/// Runs the N shards of a run, each with `--out` into `dir`: the files and each shard's JSON
/// summary.
fn shards(dir: &Path, name: &str, flags: &[&str], count: usize) -> (Vec<String>, Vec<Value>) {
    let mut files = Vec::new();
    let mut summaries = Vec::new();
    for index in 1..=count {
        let file = path(dir, &format!("{name}-{index}.jsonl"));
        let shard = format!("{index}/{count}");
        let args = [
            &["stats"],
            flags,
            &["--shard", &shard, "--out", &file, "--json"],
        ]
        .concat();
        let (stdout, _) = run_ok(&args);
        let summary = json(&stdout);
        assert_eq!(summary["shard"], shard.as_str());
        files.push(file);
        summaries.push(summary);
    }
    (files, summaries)
}

fn run_ok(args: &[&str]) -> (String, String) {
    run(args, 0)
}

/// `stats merge` of these files, with more arguments.
fn merge(files: &[String], more: &[&str], code: i32) -> (String, String) {
    let mut args = vec!["stats", "merge"];
    args.extend(files.iter().map(String::as_str));
    args.extend(more);
    run(&args, code)
}

/// The result lines of a results file (without the first, which names the run).
fn results(file: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(file).expect("the results file");
    text.lines().skip(1).map(json).collect()
}

/// Checks that merged shards give what one run gives: the same summary but for the measured
/// times, which come from the shards' own lines and must agree with them.
fn check_merge_is_one_run(dir: &Path, name: &str, flags: &[&str], count: usize) {
    let (whole, _) = run_ok(&[&["stats"], flags, &["--json"]].concat());
    let whole = json(&whole);
    let (files, summaries) = shards(dir, name, flags, count);
    // Handed over in any order.
    let mut shuffled = files.clone();
    shuffled.reverse();
    let (merged, stderr) = merge(&shuffled, &["--json"], 0);
    assert_eq!(stderr, "");
    let merged = json(&merged);
    assert_eq!(deterministic(&merged), deterministic(&whole));
    assert_eq!(
        merged.as_object().map(|o| o.keys().collect::<Vec<_>>()),
        whole.as_object().map(|o| o.keys().collect::<Vec<_>>()),
        "the same fields, in the same order"
    );
    // Every deal once, each in its shard: shard K has deals K-1, K-1+N, ...
    let total =
        whole["deals"].as_u64().expect("deals") + whole["undecided"].as_u64().expect("undecided");
    let mut deals = Vec::new();
    let mut times = Vec::new();
    for (index, file) in files.iter().enumerate() {
        for line in results(file) {
            let deal = line["deal"].as_u64().expect("a deal number");
            assert_eq!(deal as usize % count, index, "{file}: deal {deal}");
            deals.push(deal);
            times.push(line["millis"].as_f64().expect("a time"));
        }
    }
    deals.sort_unstable();
    assert_eq!(deals, (0..total).collect::<Vec<u64>>());
    // The times are the shards' own: the longest exactly, the median and p99 between the
    // shortest and the longest, in order, and the time in all their sum.
    let millis = |summary: &Value, key: &str| summary["millis"][key].as_f64().expect("a time");
    let longest = times.iter().copied().fold(0.0, f64::max);
    let shortest = times.iter().copied().fold(f64::INFINITY, f64::min);
    assert!((millis(&merged, "max") - longest).abs() < 1e-9);
    let shards_longest = summaries
        .iter()
        .map(|s| millis(s, "max"))
        .fold(0.0, f64::max);
    assert!((millis(&merged, "max") - shards_longest).abs() < 1e-9);
    let (median, p99) = (millis(&merged, "median"), millis(&merged, "p99"));
    assert!(
        shortest * 0.99 <= median && median <= p99 && p99 <= longest,
        "{merged}"
    );
    let sum: f64 = times.iter().sum();
    let seconds = merged["seconds"].as_f64().expect("the time in all");
    assert!((seconds - sum / 1000.0).abs() < 1e-6, "{seconds} {sum}");
    // The text too: the same lines but the times.
    let (text, _) = merge(&files, &[], 0);
    let (whole_text, _) = run_ok(&[&["stats"], flags].concat());
    assert_eq!(without_times(&text), without_times(&whole_text));
}

#[test]
fn games_at_the_table_give_the_same_figures_again_and_their_shards_merge_to_one_run() {
    let dir = tempfile::tempdir().expect("a folder");
    let (first, _) = run_ok(&[&["stats"], &AT_THE_TABLE[..], &["--json", "--jobs=1"]].concat());
    let (again, _) = run_ok(&[&["stats"], &AT_THE_TABLE[..], &["--json", "--jobs=2"]].concat());
    let first = json(&first);
    assert_eq!(deterministic(&first), deterministic(&json(&again)));
    let table = &first["at_table"];
    let known = table["all_known"]["deals"].as_u64().expect("deals known");
    assert_eq!(known, 4, "{first}");
    let moves: u64 = table["calibration"]
        .as_array()
        .expect("ten ranges")
        .iter()
        .map(|range| range["moves"].as_u64().expect("moves"))
        .sum();
    assert!(moves > 0, "{first}");
    check_merge_is_one_run(dir.path(), "table", &AT_THE_TABLE, 2);
}

#[test]
fn a_run_at_the_table_resumes_and_refuses_another_budget() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = path(dir.path(), "table.jsonl");
    let (whole, _) = run_ok(&[&["stats"], &AT_THE_TABLE[..], &["--json", "--out", &file]].concat());
    let text = std::fs::read_to_string(&file).expect("the results file");
    let kept: Vec<&str> = text.lines().take(3).collect();
    std::fs::write(&file, kept.join("\n") + "\n").expect("cut short");
    let (resumed, _) = run_ok(
        &[
            &["stats"],
            &AT_THE_TABLE[..],
            &["--json", "--resume", &file],
        ]
        .concat(),
    );
    assert_eq!(deterministic(&json(&resumed)), deterministic(&json(&whole)));
    assert_eq!(results(&file).len(), 4);
    let mut other = AT_THE_TABLE.to_vec();
    other[4] = "5";
    let (_, refused) = run(&[&["stats"], &other[..], &["--resume", &file]].concat(), 2);
    assert!(refused.contains("samples"), "{refused}");
}

#[test]
fn at_the_table_is_for_the_games_that_rank_moves_there() {
    let (_, refused) = run(
        &[
            "stats",
            "--game",
            "perfect-pair",
            "--at-table",
            "--deals",
            "1",
        ],
        2,
    );
    assert!(
        refused.contains("--at-table is for Pyramid, TriPeaks and Klondike games"),
        "{refused}"
    );
}

#[test]
fn pyramid_shards_merged_are_one_run() {
    let dir = tempfile::tempdir().unwrap();
    check_merge_is_one_run(dir.path(), "p", &["--deals", "31", "--seed", "9"], 3);
}

#[test]
fn tripeaks_shards_merged_are_one_run_with_their_scores_and_cards() {
    let dir = tempfile::tempdir().unwrap();
    let flags = [
        "--game", "tripeaks", "--deals", "5", "--seed", "5", "--card", "K",
    ];
    check_merge_is_one_run(dir.path(), "t", &flags, 2);
    let line = &results(&path(dir.path(), "t-1.jsonl"))[0];
    assert!(line["score"].is_u64() && line["most"].is_u64(), "{line}");
}

#[test]
fn shards_of_a_file_s_deals_are_known_by_the_deals_not_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let deals = path(dir.path(), "deals.txt");
    run_ok(&["stats", "--deals", "12", "--seed", "4", "--export", &deals]);
    // The same deals under another name, with a comment: the same run.
    let copy = path(dir.path(), "copy.txt");
    let text = std::fs::read_to_string(&deals).unwrap();
    std::fs::write(&copy, format!("# the same deals\n{text}")).unwrap();
    let one = path(dir.path(), "one.jsonl");
    let two = path(dir.path(), "two.jsonl");
    run_ok(&["stats", "--from", &deals, "--shard", "1/2", "--out", &one]);
    run_ok(&["stats", "--from", &copy, "--shard", "2/2", "--out", &two]);
    let (merged, _) = merge(&[one.clone(), two], &["--json"], 0);
    let (whole, _) = run_ok(&["stats", "--from", &deals, "--json"]);
    assert_eq!(deterministic(&json(&merged)), deterministic(&json(&whole)));
    // Other deals are another run.
    let other = path(dir.path(), "other.txt");
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(&other, lines[1..].join("\n") + "\n").unwrap();
    let three = path(dir.path(), "three.jsonl");
    run_ok(&["stats", "--from", &other, "--shard", "2/2", "--out", &three]);
    let (_, stderr) = merge(&[one, three.clone()], &[], 2);
    assert!(
        stderr.contains("are shards of different runs: sha256 "),
        "{stderr}"
    );
    assert!(stderr.contains("deals 12 against 11"), "{stderr}");
}

#[test]
fn a_missing_shard_leaves_a_partial_total_with_its_own_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    let (files, _) = shards(dir.path(), "p", &["--deals", "20", "--seed", "3"], 4);
    let given = [files[0].clone(), files[2].clone()];
    let (stdout, stderr) = merge(&given, &["--json"], 4);
    assert_eq!(
        stderr,
        "pyramid: shards 2, 4 of 4 missing: no file given holds them\n"
    );
    let partial = json(&stdout);
    assert_eq!(partial["complete"], false);
    assert_eq!(partial["partial"]["missing"], serde_json::json!([2, 4]));
    let found = results(&given[0]).len() + results(&given[1]).len();
    let counted = partial["deals"].as_u64().unwrap() + partial["undecided"].as_u64().unwrap();
    assert_eq!(counted as usize, found);
    let (text, _) = merge(&given, &[], 4);
    assert!(
        text.starts_with(&format!(
            "Partial: {found} of 20 deals have a result (shards 2, 4 of 4 missing); the \
             numbers cover those.\n"
        )),
        "{text}"
    );
}

#[test]
fn the_same_shard_twice_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (files, _) = shards(dir.path(), "p", &["--deals", "10", "--seed", "3"], 2);
    let twice = path(dir.path(), "again.jsonl");
    std::fs::copy(&files[1], &twice).unwrap();
    let (stdout, stderr) = merge(&[files[0].clone(), files[1].clone(), twice.clone()], &[], 2);
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        format!(
            "pyramid: {} and {twice} are both shard 2/2: their deals would count twice\n",
            files[1]
        )
    );
}

#[test]
fn shards_of_different_runs_are_refused_naming_the_files_and_fields() {
    let dir = tempfile::tempdir().unwrap();
    let base = ["--deals", "10", "--seed", "3"];
    let (files, _) = shards(dir.path(), "base", &base, 2);
    let refused = |name: &str, flags: &[&str], shard: &str, said: &str| {
        let file = path(dir.path(), name);
        run_ok(&[&["stats"], flags, &["--shard", shard, "--out", &file]].concat());
        let (_, stderr) = merge(&[files[0].clone(), file.clone()], &[], 2);
        assert!(stderr.starts_with(&format!("pyramid: {} and {file} ", files[0])));
        assert!(stderr.contains(said), "{name}: {stderr}");
    };
    let shards_of = "are shards of different runs: ";
    refused(
        "seed.jsonl",
        &["--deals", "10", "--seed", "4"],
        "2/2",
        &format!("{shards_of}seed 3 against 4\n"),
    );
    refused(
        "deals.jsonl",
        &["--deals", "11", "--seed", "3"],
        "2/2",
        &format!("{shards_of}deals 10 against 11\n"),
    );
    refused(
        "passes.jsonl",
        &["--deals", "10", "--seed", "3", "--passes", "1"],
        "2/2",
        r#"rules {"passes":"3","relaxed":false,"goal":"pyramid"} against {"passes":"1","#,
    );
    refused(
        "goal.jsonl",
        &["--deals", "10", "--seed", "3", "--goal", "all"],
        "2/2",
        r#""goal":"all"}"#,
    );
    refused(
        "caps.jsonl",
        &["--deals", "10", "--seed", "3", "--max-states", "100000"],
        "2/2",
        "caps {",
    );
    refused(
        "game.jsonl",
        &["--game", "tripeaks", "--deals", "10", "--seed", "3"],
        "2/2",
        r#"game "pyramid" against "tripeaks""#,
    );
    refused(
        "split.jsonl",
        &base,
        "2/3",
        "cut the run into different shards (1/2 and 2/3): their deals overlap\n",
    );
    // A file that is no results file at all.
    let deals = path(dir.path(), "deals.txt");
    run_ok(&["stats", "--deals", "2", "--export", &deals]);
    let (_, stderr) = merge(&[files[0].clone(), deals.clone()], &[], 2);
    assert_eq!(
        stderr,
        format!("pyramid: {deals}: not a stats results file (its first line is not JSON)\n")
    );
    // The game comes from the files; a flag that says otherwise is refused.
    let (_, stderr) = merge(&files, &["--game", "tripeaks"], 2);
    assert!(stderr.contains("holds a Pyramid run"), "{stderr}");
}

#[test]
fn a_shard_cut_short_is_reported_and_resumed_to_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let flags = ["--deals", "30", "--seed", "9"];
    let (files, _) = shards(dir.path(), "p", &flags, 3);
    let (whole, _) = merge(&files, &["--json"], 0);
    // Shard 2 stopped after four deals, its fifth line half written.
    let text = std::fs::read_to_string(&files[1]).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut cut = lines[..5].join("\n") + "\n";
    cut.push_str(&lines[5][..lines[5].len() / 2]);
    std::fs::write(&files[1], cut).unwrap();
    let (partial, stderr) = merge(&files, &["--json"], 4);
    assert!(
        stderr.contains(&format!(
            "pyramid: {}: shard 2/3 is incomplete: 6 of its 10 deals have no result",
            files[1]
        )),
        "{stderr}"
    );
    let partial = json(&partial);
    assert_eq!(partial["partial"]["incomplete"][0]["lacking"], 6);
    assert_eq!(partial["partial"]["missing"], serde_json::json!([]));
    // Resumed as another shard, it is refused; as its own, it is finished.
    let resume = |shard: &str, code| {
        run(
            &[
                &["stats"],
                &flags[..],
                &["--shard", shard, "--resume", &files[1]],
            ]
            .concat(),
            code,
        )
    };
    let (_, stderr) = resume("1/3", 2);
    assert!(
        stderr.contains("written for another run (its shard is 2/3, this run's 1/3)"),
        "{stderr}"
    );
    let (stdout, _) = resume("2/3", 0);
    assert!(stdout.starts_with("Shard 2/3: 10 of the run's 30 deals (every 3rd deal).\n"));
    assert_eq!(results(&files[1]).len(), 10);
    let (merged, stderr) = merge(&files, &["--json"], 0);
    assert_eq!(stderr, "");
    assert_eq!(deterministic(&json(&merged)), deterministic(&json(&whole)));
}

#[test]
fn a_line_planted_in_the_wrong_shard_is_not_counted_twice() {
    let dir = tempfile::tempdir().unwrap();
    let (files, _) = shards(dir.path(), "p", &["--deals", "12", "--seed", "2"], 2);
    let (whole, _) = merge(&files, &["--json"], 0);
    // Deal 0 is shard 1's; a copy of its line at the end of shard 2's file.
    let first = results(&files[0])
        .into_iter()
        .find(|line| line["deal"] == 0)
        .unwrap();
    let mut text = std::fs::read_to_string(&files[1]).unwrap();
    text.push_str(&format!("{first}\n"));
    std::fs::write(&files[1], text).unwrap();
    let (merged, stderr) = merge(&files, &["--json"], 0);
    assert_eq!(
        stderr,
        format!(
            "pyramid: {}:8: skipped: deal 0 is in shard 1/2, not 2/2\n",
            files[1]
        )
    );
    assert_eq!(deterministic(&json(&merged)), deterministic(&json(&whole)));
}

#[test]
fn a_shard_is_k_of_n_and_writes_a_results_file() {
    let dir = tempfile::tempdir().unwrap();
    let (_, stderr) = run(&["stats", "--deals", "4", "--shard", "1/2"], 2);
    assert!(stderr.contains("--out <FILE>|--resume <FILE>"), "{stderr}");
    let out = path(dir.path(), "x.jsonl");
    for wrong in ["0/2", "3/2", "2", "1/0", "a/2"] {
        let (_, stderr) = run(&["stats", "--shard", wrong, "--out", &out], 2);
        assert!(stderr.contains("is not a shard: K/N"), "{wrong}: {stderr}");
    }
    // More shards than deals: the last ones are empty, and still complete.
    let (files, _) = shards(dir.path(), "small", &["--deals", "2", "--seed", "1"], 3);
    assert!(results(&files[2]).is_empty());
    // Its summary says it has nothing to count, rather than a rate of 0 of 0.
    let empty = path(dir.path(), "empty.jsonl");
    let args = [
        "stats", "--deals", "2", "--seed", "1", "--shard", "3/3", "--out", &empty,
    ];
    let (said, _) = run_ok(&args);
    assert!(
        said.contains("no deal decided, so no rate to give"),
        "{said}"
    );
    assert!(said.contains("no deal solved;"), "{said}");
    let (merged, _) = merge(&files, &["--json"], 0);
    let (whole, _) = run_ok(&["stats", "--deals", "2", "--seed", "1", "--json"]);
    assert_eq!(deterministic(&json(&merged)), deterministic(&json(&whole)));
    // Without the empty shard's file, nothing is missing: the total is whole.
    let (merged, stderr) = merge(&files[..2], &["--json"], 0);
    assert_eq!(deterministic(&json(&merged)), deterministic(&json(&whole)));
    assert!(!stderr.contains("missing"), "{stderr}");
    // The run's identity is the first line of the file.
    let text = std::fs::read_to_string(&files[1]).unwrap();
    let first = json(text.lines().next().unwrap());
    assert_eq!(
        first,
        serde_json::json!({"run": {
            "game": "pyramid",
            "rules": {"passes": "3", "relaxed": false, "goal": "pyramid"},
            "seed": 1, "sha256": null, "deals": 2,
            "caps": {"states": 16_777_216, "memory": 1_073_741_824, "time": null},
            "shard": "2/3",
        }})
    );
}

#[test]
fn klondike_shards_merged_are_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let flags = [
        "--game",
        "klondike",
        "--deals",
        "24",
        "--seed",
        "3",
        "--max-states",
        "200000",
    ];
    check_merge_is_one_run(dir.path(), "k", &flags, 3);
    let first = std::fs::read_to_string(path(dir.path(), "k-1.jsonl")).unwrap();
    let run = json(first.lines().next().expect("a first line"));
    assert_eq!(run["run"]["game"], "klondike");
    assert_eq!(run["run"]["rules"]["draw"], 3);
    assert_eq!(run["run"]["rules"]["passes"], "unlimited");
}

#[test]
fn klondike_runs_are_the_same_from_their_exported_deals_and_under_each_rule_set() {
    let dir = tempfile::tempdir().unwrap();
    let exported = path(dir.path(), "deals.txt");
    let flags = ["--game", "klondike", "--max-states", "3000000", "--json"];
    let (seeded, _) = run_ok(
        &[
            &[
                "stats", "--deals", "12", "--seed", "8", "--export", &exported,
            ],
            &flags[..],
        ]
        .concat(),
    );
    let (from_file, _) = run_ok(&[&["stats", "--from", &exported], &flags[..]].concat());
    assert_eq!(
        deterministic(&json(&seeded)),
        deterministic(&json(&from_file))
    );
    // Draw 1 and 3 under 1, 3 and unlimited passes: more passes never win fewer deals.
    let (table, _) = run_ok(&[&["stats", "--from", &exported, "--compare"], &flags[..]].concat());
    let rows: Vec<Value> = serde_json::from_str(&table).expect("a JSON array");
    let rules: Vec<&str> = rows.iter().map(|r| r["rules"].as_str().unwrap()).collect();
    assert_eq!(
        rules,
        [
            "Klondike, draw 1, 1 pass",
            "Klondike, draw 3, 1 pass",
            "Klondike, draw 1, 3 passes",
            "Klondike, draw 3, 3 passes",
            "Klondike, draw 1, unlimited passes",
            "Klondike, draw 3, unlimited passes",
        ]
    );
    let won = |row: usize| rows[row]["winnable"].as_u64().unwrap();
    for draw in 0..2 {
        assert!(
            won(draw) <= won(draw + 2) && won(draw + 2) <= won(draw + 4),
            "{table}"
        );
    }
    // The seeded run is the standard rules' row.
    assert_eq!(rows[5]["winnable"], json(&seeded)["winnable"]);
}

#[test]
fn out_never_writes_over_a_file_that_holds_anything() {
    let dir = tempfile::tempdir().unwrap();
    let file = path(dir.path(), "results.jsonl");
    std::fs::write(&file, "a long run's results\n").unwrap();
    let (_, said) = run(&["stats", "--deals", "3", "--out", &file], 2);
    assert!(
        said.contains("the file exists and is not empty; go on with its run with --resume"),
        "{said}"
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "a long run's results\n"
    );
    // An empty file (made ready by a job script) is written.
    std::fs::write(&file, "").unwrap();
    run_ok(&["stats", "--deals", "3", "--out", &file]);
    assert_eq!(results(&file).len(), 3);
}

#[test]
fn a_comparison_names_the_deals_a_cap_left_undecided() {
    let (table, _) = run(
        &[
            "stats",
            "--game",
            "klondike",
            "--deals",
            "6",
            "--max-states",
            "50",
            "--compare",
        ],
        3,
    );
    let last = table.lines().last().expect("lines");
    assert!(
        last.starts_with("Undecided (counted neither won nor lost), with what kept them open: "),
        "{table}"
    );
    assert!(
        last.contains(" under draw 1, 1 pass (the states cap: "),
        "{table}"
    );
}

#[test]
fn a_small_file_claiming_a_hundred_million_shards_is_refused_not_listed() {
    let dir = tempfile::tempdir().unwrap();
    let (files, _) = shards(dir.path(), "p", &["--deals", "4", "--seed", "3"], 2);
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let (first, body) = text.split_once('\n').unwrap();
    let mut run = json(first);
    run["run"]["deals"] = serde_json::json!(100_000_000);
    let claimed = |count: usize| {
        let mut run = run.clone();
        run["run"]["shard"] = serde_json::json!(format!("1/{count}"));
        let file = path(dir.path(), &format!("claims-{count}.jsonl"));
        std::fs::write(&file, format!("{run}\n{body}")).unwrap();
        file
    };
    let (_, stderr) = merge(&[claimed(100_000_000)], &[], 2);
    assert!(
        stderr.contains("99999999 of them would be missing: more than the 1000000 a merge lists"),
        "{stderr}"
    );
    // As many missing as may be listed are listed.
    let (_, stderr) = merge(&[claimed(1_000_001)], &[], 4);
    assert!(
        stderr.contains("shards 2-1000001 of 1000001 missing"),
        "{stderr}"
    );
}

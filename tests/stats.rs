//! `pyramid stats`: the same seed gives the same deals and numbers with any number of threads,
//! an interrupted run resumed gives the totals of one run, and exported deals read back; the
//! ranges of its numbers, the results file's lock and its checks, and Ctrl-C's exit code.

mod common;

use common::{AT_THE_TABLE, assert_holds, pyramid, results_lines};
use serde_json::Value;

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
    // The piece cut short is gone and the lines added after it start on their own.
    let text = std::fs::read_to_string(&cut).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 31, "{text}");
    for line in &lines {
        serde_json::from_str::<Value>(line).expect("every line whole");
    }
    // A file from another run is refused.
    pyramid()
        .args(["stats", "--deals", "30", "--seed", "10", "--resume"])
        .arg(&cut)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("written for another run"));
}

#[test]
fn a_line_cut_short_after_lines_skipped_is_named_by_its_own_number() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("run.jsonl");
    let run = ["stats", "--deals", "6", "--seed", "9", "--out"];
    pyramid().args(run).arg(&file).assert().code(0);
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Two lines that do not belong, then three results, the last cut short: line 6.
    let cut = format!(
        "{}\nnot JSON\n{{}}\n{}\n{}\n{}",
        lines[0],
        lines[1],
        lines[2],
        &lines[3][..lines[3].len() / 2]
    );
    std::fs::write(&file, cut).unwrap();
    let resumed = pyramid()
        .args(["stats", "--deals", "6", "--seed", "9", "--resume"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(resumed.status.success());
    let stderr = String::from_utf8(resumed.stderr).unwrap();
    let name = file.display();
    assert_holds(
        &stderr,
        &format!("{name}:6: the last line was cut short; its deal is solved again"),
    );
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

/// Runs `stats` with these arguments and expects exit code 2 and this on standard error.
fn refused(args: &[&str], message: &str) {
    pyramid()
        .arg("stats")
        .args(args)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(message));
}

#[test]
fn numbers_out_of_range_are_refused() {
    refused(&["--deals", "0"], "--deals");
    refused(&["--deals", "100000000000"], "not in 1..=100000000");
    refused(&["--deals", "18446744073709551615"], "--deals");
    refused(&["--jobs", "1000000"], "not in 1..=256");
    refused(&["--jobs", "0"], "--jobs");
    pyramid()
        .args(["batch", "--jobs", "1000000", "x.txt"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("not in 1..=256"));
}

/// The lines of a results file of a run of 30 deals from seed 9, and the summary of the run.
fn full_run(dir: &std::path::Path) -> (Vec<String>, Value) {
    let full = dir.join("full.jsonl");
    let whole = summary(&[
        "--deals",
        "30",
        "--seed",
        "9",
        "--out",
        full.to_str().expect("a UTF-8 path"),
    ]);
    let text = std::fs::read_to_string(&full).expect("the results file");
    (text.lines().map(str::to_string).collect(), whole)
}

/// Resumes [`full_run`]'s run from `file`: what it says on standard error, and its JSON
/// summary without the timings, to compare with the whole run's.
fn resume_full_run(file: &std::path::Path) -> (String, Value) {
    let output = pyramid()
        .args([
            "stats", "--deals", "30", "--seed", "9", "--json", "--resume",
        ])
        .arg(file)
        .assert()
        .code(0)
        .get_output()
        .clone();
    let stderr = String::from_utf8(output.stderr).expect("UTF-8 messages");
    let mut resumed: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let object = resumed.as_object_mut().expect("an object");
    object.remove("millis");
    object.remove("seconds");
    (stderr, resumed)
}

#[test]
fn lines_that_do_not_belong_to_the_run_are_skipped_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let (lines, whole) = full_run(dir.path());
    let file = dir.path().join("forged.jsonl");
    let mut forged = lines[..11].to_vec();
    forged.push(r#"{"deal":30,"solvable":true,"length":40,"millis":1.0}"#.to_string());
    // Deal 12 said lost, with a length: it is solved again.
    forged.push(r#"{"deal":12,"solvable":false,"length":44,"millis":1.0}"#.to_string());
    // A deal twice: the first one counts.
    forged.push(lines[4].clone());
    let twice = serde_json::from_str::<Value>(&lines[4]).unwrap()["deal"].clone();
    forged.push("not json".to_string());
    std::fs::write(&file, forged.join("\n") + "\n").unwrap();
    let (stderr, resumed) = resume_full_run(&file);
    assert_holds(
        &stderr,
        ":12: skipped: deal 30 is not in this run of 30 deals",
    );
    assert_holds(&stderr, ":13: skipped: solvable and length disagree");
    let again = format!(":14: skipped: deal {twice} is already in the file");
    assert_holds(&stderr, &again);
    assert_holds(&stderr, ":15: skipped: not a JSON line");
    assert_eq!(resumed, whole);
}

#[test]
fn a_line_naming_its_deal_twice_is_skipped_by_its_own_number_and_takes_no_deal() {
    let dir = tempfile::tempdir().unwrap();
    let (lines, whole) = full_run(dir.path());
    let deal_of = |line: &str| serde_json::from_str::<Value>(line).unwrap()["deal"].clone();
    let (first, second) = (deal_of(&lines[1]), deal_of(&lines[2]));
    // Line 2 is the first deal's, naming the second's number after its own: read as the last
    // key says, it would take the second deal's place and make line 3 look like the repeat.
    let forged_line = format!(
        "{},\"deal\":{second}}}",
        lines[1].strip_suffix('}').unwrap()
    );
    let mut forged = vec![lines[0].clone(), forged_line];
    forged.extend(lines[2..].iter().cloned());
    let file = dir.path().join("forged.jsonl");
    std::fs::write(&file, forged.join("\n") + "\n").unwrap();
    let (stderr, resumed) = resume_full_run(&file);
    assert_holds(&stderr, ":2: skipped: the line names 'deal' twice");
    assert!(!stderr.contains("already in the file"), "{stderr}");
    // The first deal is solved again; the second keeps its own line.
    assert_eq!(resumed, whole);
    let text = std::fs::read_to_string(&file).unwrap();
    let again = text
        .lines()
        .skip(forged.len())
        .filter(|line| deal_of(line) == first)
        .count();
    assert_eq!(again, 1, "{text}");
}

#[test]
fn an_endless_line_in_a_results_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (lines, _) = full_run(dir.path());
    let file = dir.path().join("long.jsonl");
    let mut text = lines[..3].join("\n") + "\n";
    text.push_str(&"x".repeat(10 << 20));
    text.push('\n');
    std::fs::write(&file, text).unwrap();
    refused(
        &[
            "--deals",
            "30",
            "--seed",
            "9",
            "--resume",
            file.to_str().unwrap(),
        ],
        ":4: a line longer than 8192 bytes",
    );
}

/// Waits for a child to end, killing it past a deadline.
fn wait(child: &mut std::process::Child, seconds: u64) -> std::process::ExitStatus {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    loop {
        if let Some(status) = child.try_wait().expect("the child's status") {
            return status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("still running after {seconds} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Waits until a file has at least `count` whole lines.
fn wait_for_lines(path: &std::path::Path, count: usize) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while std::fs::read_to_string(path).map_or(0, |t| t.matches('\n').count()) < count {
        assert!(
            std::time::Instant::now() < deadline,
            "no results within 60 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

fn stats_process(args: &[&str]) -> std::process::Command {
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("pyramid"));
    command
        .arg("stats")
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    command
}

#[test]
fn a_second_run_on_a_file_in_use_is_refused_and_the_lines_stay_whole() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shared.jsonl");
    let path = file.to_str().unwrap();
    let run = ["--deals", "300", "--seed", "4", "--jobs", "1"];
    let mut first = stats_process(&[&run[..], &["--out", path]].concat())
        .spawn()
        .unwrap();
    wait_for_lines(&file, 3);
    for flag in ["--resume", "--out"] {
        pyramid()
            .arg("stats")
            .args(run)
            .args([flag, path])
            .assert()
            .code(2)
            .stderr(predicates::str::contains(
                "another stats run is writing to it",
            ));
    }
    assert!(wait(&mut first, 300).success());
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("every line whole"))
        .collect();
    assert_eq!(lines.len(), 301);
    let mut deals: Vec<u64> = lines[1..]
        .iter()
        .map(|l| l["deal"].as_u64().unwrap())
        .collect();
    deals.sort_unstable();
    assert_eq!(deals, (0..300).collect::<Vec<u64>>());
}

/// Starts a long run, waits for its first results, and stops it as Ctrl-C does.
#[cfg(unix)]
fn interrupted(args: &[&str]) -> (std::process::ExitStatus, String) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("out.jsonl");
    let mut child = stats_process(
        &[
            args,
            &["--jobs", "1", "--out", file.to_str().expect("a UTF-8 path")],
        ]
        .concat(),
    )
    .spawn()
    .expect("stats starts");
    wait_for_lines(&file, 3);
    common::signal("INT", child.id());
    let status = wait(&mut child, 60);
    let mut stdout = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().expect("piped"), &mut stdout)
        .expect("the output");
    (status, stdout)
}

#[cfg(unix)]
#[test]
fn an_interrupted_run_says_so_with_its_own_exit_code() {
    // A hundred million deals: made as they are solved, so the run starts at once.
    let (status, stdout) = interrupted(&["--deals", "100000000", "--json"]);
    assert_eq!(status.code(), Some(130), "{stdout}");
    let summary: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(summary["complete"], false);
    assert!(summary["deals"].as_u64().unwrap() >= 2);
    let (status, stdout) = interrupted(&["--deals", "5000"]);
    assert_eq!(status.code(), Some(130));
    assert!(stdout.starts_with("Interrupted: "), "{stdout}");
    assert_holds(&stdout, " of 5000 deals solved");
}

#[test]
fn undecided_deals_are_counted_apart() {
    let output = pyramid()
        .args([
            "stats",
            "--deals",
            "30",
            "--seed",
            "9",
            "--max-states",
            "1",
            "--json",
        ])
        .assert()
        .code(3)
        .get_output()
        .stdout
        .clone();
    let capped: Value = serde_json::from_slice(&output).unwrap();
    let undecided = capped["undecided"].as_u64().unwrap();
    assert!(undecided > 0);
    assert_eq!(capped["deals"].as_u64().unwrap() + undecided, 30);
    assert_eq!(capped["complete"], true);
    // Every deal decided under the cap is decided the same way without it.
    let whole = summary(&["--deals", "30", "--seed", "9"]);
    assert!(capped["winnable"].as_u64() <= whole["winnable"].as_u64());
    let lost = |s: &Value| s["deals"].as_u64().unwrap() - s["winnable"].as_u64().unwrap();
    assert!(lost(&capped) <= lost(&whole));
}

#[cfg(target_os = "linux")]
#[test]
fn an_export_that_fails_leaves_no_results_file_holding_only_its_first_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.jsonl");
    // The deals go to standard output, here a full disk: the export fails.
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        println!("skipped: no /dev/full");
        return;
    };
    let status = stats_process(&[
        "--deals",
        "3000",
        "--export",
        "-",
        "--out",
        out.to_str().unwrap(),
    ])
    .stdout(full)
    .status()
    .unwrap();
    assert_eq!(status.code(), Some(2));
    assert!(!out.exists(), "{:?}", std::fs::read_to_string(&out));
    // A file that was there, empty, is left empty.
    std::fs::write(&out, "").unwrap();
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let status = stats_process(&[
        "--deals",
        "3000",
        "--export",
        "-",
        "--out",
        out.to_str().unwrap(),
    ])
    .stdout(full)
    .status()
    .unwrap();
    assert_eq!(status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "");
}

#[cfg(unix)]
#[test]
fn an_export_stopped_by_sigterm_leaves_no_results_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.jsonl");
    let export = dir.path().join("deals.txt");
    // A hundred million deals take minutes to write: the signal comes while they are.
    let mut child = stats_process(&[
        "--deals",
        "100000000",
        "--export",
        export.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ])
    .spawn()
    .unwrap();
    // The signal once the export's temporary file is there: the export is being written.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while std::fs::read_dir(dir.path()).unwrap().count() == 0 {
        assert!(std::time::Instant::now() < deadline, "no export started");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    common::signal("TERM", child.id());
    let status = wait(&mut child, 60);
    assert_eq!(status.code(), Some(130));
    assert!(!out.exists(), "{:?}", std::fs::read_to_string(&out));
    assert!(!export.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[cfg(unix)]
#[test]
fn a_run_at_the_table_stopped_by_sigterm_ends_at_once_keeping_its_results_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.jsonl");
    // Two thousand deals of the stock a move: a game takes many minutes, so the signal comes
    // in the middle of its first.
    let mut child = stats_process(&[
        "--at-table",
        "--deals",
        "10",
        "--samples",
        "2000",
        "--jobs",
        "1",
        "--out",
        out.to_str().unwrap(),
    ])
    .spawn()
    .unwrap();
    // The run's first line is written before its first game starts.
    wait_for_lines(&out, 1);
    std::thread::sleep(std::time::Duration::from_millis(500));
    common::signal("TERM", child.id());
    let status = wait(&mut child, 20);
    assert_eq!(status.code(), Some(130));
    let kept = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        kept.lines().count(),
        1,
        "no game the stop ended is kept: {kept}"
    );
}

#[test]
fn a_score_challenge_at_the_table_keeps_each_games_points_and_never_beats_every_card_known() {
    let dir = tempfile::tempdir().unwrap();
    let run = |game: &str, out: &str| {
        let args = [
            "--game",
            game,
            "--at-table",
            "--score",
            "--deals",
            "2",
            "--samples",
            "2",
            "--jobs",
            "1",
            "--out",
            out,
        ];
        summary(&args)
    };
    for game in ["pyramid", "tripeaks"] {
        let file = dir.path().join(format!("{game}.jsonl"));
        let out = file.to_str().unwrap();
        let first = run(game, out);
        let at_table = &first["at_table"];
        let (points, known) = (&at_table["points"], &at_table["all_known_points"]);
        assert_eq!(
            (points["deals"].clone(), known["deals"].clone()),
            (2.into(), 2.into())
        );
        let mean = |figure: &Value| figure["mean"].as_f64().expect("a mean");
        assert!(mean(points) <= mean(known), "{first}");
        assert!(
            first["winnable"].as_u64() <= at_table["all_known"]["winnable"].as_u64(),
            "{first}"
        );
        // The run's first line names the challenge; each game's line its points.
        let header = std::fs::read_to_string(out).unwrap();
        let header: Value =
            serde_json::from_str(header.lines().next().unwrap()).expect("the run's line");
        assert_eq!(
            header["run"]["rules"]["at_table"]["challenge"], "score",
            "{header}"
        );
        for line in results_lines(std::path::Path::new(out)) {
            let made = line["points"].as_u64().expect("points");
            let most = line["all_known_points"]
                .as_u64()
                .expect("points every card known");
            assert!(made <= most, "{line}");
        }
        // The same deals played again give the same figures; merged, the file gives them too.
        assert_eq!(run(game, &format!("{out}.again")), first);
        let merged = pyramid()
            .args(["stats", "merge", "--json", out])
            .assert()
            .code(0)
            .get_output()
            .stdout
            .clone();
        let merged: Value = serde_json::from_slice(&merged).expect("JSON");
        assert_eq!(merged["at_table"], first["at_table"], "{merged}");
        assert_eq!(merged["winnable"], first["winnable"]);
    }
}

#[test]
fn a_results_file_of_one_challenge_at_the_table_is_not_resumed_for_another() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("score.jsonl");
    let out = out.to_str().unwrap();
    let budget = [
        "--at-table",
        "--deals",
        "1",
        "--samples",
        "2",
        "--jobs",
        "1",
    ];
    pyramid()
        .arg("stats")
        .args(budget)
        .args(["--score", "--out", out])
        .assert()
        .code(0);
    for other in [&["--score", "1000"][..], &[]] {
        let refused = pyramid()
            .arg("stats")
            .args(budget)
            .args(other)
            .args(["--resume", out])
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        let refused = String::from_utf8(refused).unwrap();
        assert_holds(&refused, "written for another run");
        assert_holds(
            &refused,
            "it was played at the table for Score: 1290 points",
        );
    }
    // The same challenge resumes: its one deal is done already.
    pyramid()
        .arg("stats")
        .args(budget)
        .args(["--score", "--resume", out])
        .assert()
        .code(0);
}

/// The calibration is the table lab's, so every game played at the table gives it: each
/// range's moves are those its decided games' results lines announced in that range, and its
/// `won` those of them in games won.
#[test]
fn every_game_at_the_table_gives_its_calibration_from_its_results_lines() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["pyramid", "tripeaks", "klondike"] {
        let file = dir.path().join(format!("{game}.jsonl"));
        let out = file.to_str().unwrap();
        let args = [
            &["--game", game][..],
            &AT_THE_TABLE,
            &["--jobs", "1", "--out", out],
        ]
        .concat();
        let run = summary(&args);
        let ranges = run["at_table"]["calibration"]
            .as_array()
            .expect("the calibration");
        assert_eq!(ranges.len(), 10, "{game}: {run}");
        let lines = results_lines(&file);
        let mut announced = 0;
        for (tenth, range) in ranges.iter().enumerate() {
            let key = format!("announced_{tenth}");
            let count = |won_only: bool| {
                lines
                    .iter()
                    .filter(|line| !line["solvable"].is_null())
                    .filter(|line| !won_only || line["solvable"] == true)
                    .map(|line| line[&key].as_u64().expect("moves announced"))
                    .sum::<u64>()
            };
            assert_eq!(range["moves"].as_u64(), Some(count(false)), "{game}: {run}");
            assert_eq!(range["won"].as_u64(), Some(count(true)), "{game}: {run}");
            announced += count(false);
        }
        assert!(announced > 0, "{game} announced no chance: {run}");
    }
}

//! `batch` and `stats --from` read their deals as they solve them: an answer comes out while
//! the input is still being written, answers come in the input's order, memory does not grow
//! with the input's length, and `stats --from -` gives what the same deals in a file give.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::{deal, pyramid};
use serde_json::Value;

/// `pyramid batch -`, its standard input and output piped.
fn batch_from_a_pipe() -> Child {
    Command::new(assert_cmd::cargo::cargo_bin("pyramid"))
        .args(["batch", "--jobs", "2", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("batch starts")
}

/// Reads answer lines on a thread, each sent on as it comes, so that a test can wait for one
/// with a deadline rather than hang.
fn answers(stdout: ChildStdout) -> mpsc::Receiver<Value> {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let answer = serde_json::from_str(&line).expect("a JSON answer");
            if send.send(answer).is_err() {
                break;
            }
        }
    });
    receive
}

/// The next answer, within a generous deadline.
fn next(answers: &mpsc::Receiver<Value>) -> Value {
    answers
        .recv_timeout(Duration::from_secs(60))
        .expect("an answer while the input is still open")
}

#[test]
fn answers_come_as_lines_come_and_in_their_order() {
    let mut child = batch_from_a_pipe();
    let mut stdin = child.stdin.take().expect("piped");
    let answers = answers(child.stdout.take().expect("piped"));
    let lines = [
        deal("winnable-40-steps.txt").to_line(),
        deal("shortest-15-steps.txt").to_line(),
        "Ah Ah".to_string(),
    ];
    writeln!(stdin, "{}", lines[0]).expect("written");
    stdin.flush().expect("flushed");
    // The input is still open: the first answer comes all the same.
    let first = next(&answers);
    assert_eq!(first["line"], 1);
    assert_eq!(first["length"], 40);
    // Many more, fast and slow and bad: each answer in its line's place.
    for number in 2..=300 {
        writeln!(stdin, "{}", lines[number % 3]).expect("written");
    }
    drop(stdin);
    for number in 2..=300 {
        let answer = next(&answers);
        assert_eq!(answer["line"], number, "{answer}");
        match number % 3 {
            0 => assert_eq!(answer["length"], 40, "{answer}"),
            1 => assert_eq!(answer["length"], 15, "{answer}"),
            _ => assert!(answer["error"].is_string(), "{answer}"),
        }
    }
    assert!(answers.recv_timeout(Duration::from_secs(60)).is_err());
    assert_eq!(child.wait().expect("batch ends").code(), Some(2));
}

/// The most memory a process has held, in kB, where Linux tells it.
fn peak_kilobytes(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
}

#[test]
fn memory_does_not_grow_with_the_number_of_lines() {
    let mut child = batch_from_a_pipe();
    if peak_kilobytes(child.id()).is_none() {
        let _ = child.kill();
        let _ = child.wait();
        eprintln!("skipped: this system does not tell a process's peak memory");
        return;
    }
    let mut stdin = child.stdin.take().expect("piped");
    let answers = answers(child.stdout.take().expect("piped"));
    // Half a million short bad lines, each answered; the input held open at the end, so that
    // the process is still there to be measured.
    const LINES: usize = 500_000;
    let writer = std::thread::spawn(move || {
        let mut out = std::io::BufWriter::new(&mut stdin);
        for _ in 0..LINES {
            writeln!(out, "x").expect("written");
        }
        out.flush().expect("flushed");
        drop(out);
        stdin
    });
    for number in 1..=LINES {
        let answer = next(&answers);
        assert_eq!(answer["line"], number);
    }
    let peak = peak_kilobytes(child.id()).expect("the peak memory");
    drop(writer.join().expect("the lines written"));
    assert_eq!(child.wait().expect("batch ends").code(), Some(2));
    // Kept answers would take hundreds of megabytes; the run holds a few lines at a time.
    assert!(peak < 64 << 10, "{peak} kB at most");
}

#[test]
fn stats_from_standard_input_gives_what_the_file_gives() {
    let dir = tempfile::tempdir().unwrap();
    let deals = dir.path().join("deals.txt");
    let path = |name: &str| dir.path().join(name).to_str().expect("UTF-8").to_string();
    pyramid()
        .args([
            "stats",
            "--deals",
            "12",
            "--seed",
            "5",
            "--export",
            &path("deals.txt"),
        ])
        .assert()
        .success();
    let run = |from: &str, out: &str, stdin: Option<&std::path::Path>| {
        let mut command = pyramid();
        command.args(["stats", "--json", "--from", from, "--out", &path(out)]);
        if let Some(file) = stdin {
            command.pipe_stdin(file).expect("the deals");
        }
        let output = command.assert().success().get_output().stdout.clone();
        let mut summary: Value = serde_json::from_slice(&output).expect("JSON");
        summary.as_object_mut().expect("an object").remove("millis");
        summary
            .as_object_mut()
            .expect("an object")
            .remove("seconds");
        summary
    };
    let from_file = run(&path("deals.txt"), "file.jsonl", None);
    let from_stdin = run("-", "stdin.jsonl", Some(&deals));
    assert_eq!(from_file, from_stdin);
    assert_eq!(
        from_file["deals"].as_u64().unwrap() + from_file["undecided"].as_u64().unwrap(),
        12
    );
    // The same run: the same digest of the deals names both.
    let first = |name: &str| {
        std::fs::read_to_string(path(name))
            .expect("results")
            .lines()
            .next()
            .map(str::to_string)
    };
    assert_eq!(first("file.jsonl"), first("stdin.jsonl"));
    // And a bad line on standard input is named, as in a file.
    let mut bad = std::fs::read_to_string(&deals).unwrap();
    bad.push_str("Ah Ah\n");
    pyramid()
        .args(["stats", "--from", "-"])
        .write_stdin(bad)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("<stdin>:13: "));
}

//! The files `stats` is pointed at: `--out`, `--resume` and `stats merge` refuse a FIFO at
//! once.

mod common;

use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

fn text(path: &Path) -> String {
    path.to_str().expect("a UTF-8 path").to_string()
}

/// Starts the binary with these arguments, its output piped.
fn spawn(args: &[&str]) -> Child {
    Command::new(assert_cmd::cargo::cargo_bin("pyramid"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Waits for a child to end, killing it past a generous deadline: a command that should
/// return at once and hangs fails the test rather than hanging it.
fn wait(child: &mut Child, seconds: u64) -> ExitStatus {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        if let Some(status) = child.try_wait().expect("the child's status") {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("still running after {seconds} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn stderr_of(child: &mut Child) -> String {
    let mut text = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("piped"), &mut text)
        .expect("its errors");
    text
}

#[cfg(unix)]
#[test]
fn a_fifo_as_a_results_file_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("shard.jsonl");
    if !Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        eprintln!("skipped: mkfifo is not there");
        return;
    }
    let fifo = text(&fifo);
    for args in [
        &["stats", "--deals", "3", "--out", &fifo][..],
        &["stats", "--deals", "3", "--resume", &fifo],
        &["stats", "merge", &fifo],
    ] {
        let mut child = spawn(args);
        assert_eq!(wait(&mut child, 60).code(), Some(2), "{args:?}");
        let stderr = stderr_of(&mut child);
        assert!(
            stderr.contains(&format!("{fifo}: it is not a regular file")),
            "{args:?}: {stderr}"
        );
    }
}

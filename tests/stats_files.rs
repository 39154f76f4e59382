//! The files `stats` is pointed at: `--export` never writes over its `--from` file, a file it
//! would not write back, a results file, a locked file, a link, a device or a FIFO, nor before
//! every file named is checked, writes `-` to standard output, and leaves nothing behind when
//! Ctrl-C, TERM or HUP stops it; `--out`, `--resume` and `stats merge` refuse a FIFO at once;
//! a full disk stops a run at its first failed write; a shard of a long run goes straight to
//! its deals.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use common::{assert_holds, pyramid};
use serde_json::Value;

fn text(path: &Path) -> String {
    path.to_str().expect("a UTF-8 path").to_string()
}

/// The names in a folder.
fn names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .expect("a folder")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into()
        })
        .collect();
    names.sort();
    names
}

/// Runs `pyramid stats` with these arguments, expecting exit code 2 and a message with `says`.
fn refused(args: &[&str], says: &str) {
    pyramid()
        .arg("stats")
        .args(args)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(says));
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

/// A results file of a run of three deals.
fn results(dir: &Path) -> (PathBuf, String) {
    let path = dir.join("keep.jsonl");
    pyramid()
        .args(["stats", "--deals", "3", "--out", &text(&path)])
        .assert()
        .success();
    let kept = std::fs::read_to_string(&path).expect("the results");
    (path, kept)
}

/// Exports two deals of `seed` to `path`, giving what was written.
fn export(path: &Path, seed: &str) -> String {
    pyramid()
        .args([
            "stats",
            "--deals",
            "2",
            "--seed",
            seed,
            "--export",
            &text(path),
        ])
        .assert()
        .success();
    std::fs::read_to_string(path).expect("the deals")
}

#[test]
fn an_export_never_goes_over_its_from_file_or_a_file_it_would_not_write_back() {
    let dir = tempfile::tempdir().unwrap();
    let exported = dir.path().join("exported.txt");
    let deals = export(&exported, "3");
    let first = deals.lines().next().unwrap();
    let mine = dir.path().join("mine.txt");
    let annotated = format!("# my annotated deals\n40\t{first}\n");
    std::fs::write(&mine, &annotated).unwrap();
    let klondike = dir.path().join("k.txt");
    std::fs::write(&klondike, format!("# game: klondike\n{deals}")).unwrap();
    let kept = |path: &Path| std::fs::read_to_string(path).unwrap();
    let (mine_kept, klondike_kept) = (kept(&mine), kept(&klondike));
    // The file read from, by its own name or another (a hard link is the same file).
    let same = "it is the --from file the deals are read from";
    refused(&["--from", &text(&mine), "--export", &text(&mine)], same);
    refused(
        &["--from", &text(&klondike), "--export", &text(&klondike)],
        same,
    );
    refused(
        &["--from", &text(&exported), "--export", &text(&exported)],
        same,
    );
    let link = dir.path().join("link.txt");
    std::fs::hard_link(&exported, &link).unwrap();
    refused(
        &["--from", &text(&link), "--export", &text(&exported)],
        same,
    );
    // A file with more than the deals an export writes: a comment, a length column.
    let other = "its line 1 is not a deal as --export writes it";
    refused(&["--deals", "2", "--export", &text(&mine)], other);
    refused(
        &["--from", &text(&exported), "--export", &text(&klondike)],
        other,
    );
    assert_eq!(kept(&mine), mine_kept);
    assert_eq!(kept(&klondike), klondike_kept);
    assert_eq!(kept(&exported), deals);
    // Another run's export, or the deals of another file, replace an earlier export.
    pyramid()
        .args([
            "stats",
            "--from",
            &text(&mine),
            "--export",
            &text(&exported),
        ])
        .assert()
        .success();
    assert_eq!(kept(&exported), format!("{first}\n"));
    let mut names = names(dir.path());
    names.retain(|name| name.starts_with('.'));
    assert!(names.is_empty(), "no temporary file left: {names:?}");
}

#[test]
fn nothing_is_written_before_every_file_named_is_checked() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.txt");
    let earlier = export(&notes, "4");
    let other = dir.path().join("other.jsonl");
    std::fs::write(&other, "{\"x\":1}\n").unwrap();
    refused(
        &[
            "--deals",
            "3",
            "--export",
            &text(&notes),
            "--out",
            &text(&other),
        ],
        "other.jsonl: the file exists and is not empty",
    );
    refused(
        &[
            "--deals",
            "3",
            "--export",
            &text(&notes),
            "--resume",
            &text(&other),
        ],
        "other.jsonl: not a stats results file",
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), earlier);
    // And a refused export leaves no results file begun.
    let mine = dir.path().join("mine.txt");
    std::fs::write(&mine, "# mine\n").unwrap();
    let out = dir.path().join("new.jsonl");
    refused(
        &[
            "--deals",
            "3",
            "--export",
            &text(&mine),
            "--out",
            &text(&out),
        ],
        "its line 1 is not a deal",
    );
    assert!(!out.exists());
    assert_eq!(
        names(dir.path()),
        ["mine.txt", "notes.txt", "other.jsonl"],
        "no temporary file left"
    );
}

#[test]
fn an_export_never_goes_over_a_results_file() {
    let dir = tempfile::tempdir().unwrap();
    let (path, kept) = results(dir.path());
    let path = text(&path);
    refused(
        &["--deals", "3", "--resume", &path, "--export", &path],
        "it holds the results of a stats run",
    );
    refused(
        &["--deals", "3", "--export", &path],
        "it holds the results of a stats run",
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), kept);
    assert_eq!(names(dir.path()), ["keep.jsonl"], "no temporary file left");
}

#[test]
fn an_export_never_goes_over_a_file_another_program_holds_locked() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("live.txt");
    let earlier = export(&path, "5");
    let holder = std::fs::File::open(&path).unwrap();
    holder.lock().unwrap();
    refused(
        &["--deals", "3", "--export", &text(&path)],
        "holds it locked",
    );
    drop(holder);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), earlier);
    // Once let go of, it is replaced as an export is meant to be.
    pyramid()
        .args(["stats", "--deals", "3", "--export", &text(&path)])
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 3);
    assert_eq!(names(dir.path()), ["live.txt"]);
}

#[cfg(unix)]
#[test]
fn an_export_never_goes_through_a_link_or_over_a_device_or_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "keep me").unwrap();
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    refused(&["--deals", "3", "--export", &text(&link)], "it is a link");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    refused(
        &["--deals", "3", "--export", "/dev/null"],
        "cannot write /dev/null: it is not a regular file",
    );
    let fifo = dir.path().join("fifo.txt");
    if Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        let mut child = spawn(&["stats", "--deals", "3", "--export", &text(&fifo)]);
        assert_eq!(wait(&mut child, 60).code(), Some(2));
        assert!(stderr_of(&mut child).contains("it is not a regular file"));
    }
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    let left: Vec<String> = names(dir.path())
        .into_iter()
        .filter(|name| name.starts_with('.'))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn an_export_to_dash_goes_to_standard_output_and_the_summary_out_of_its_way() {
    let dir = tempfile::tempdir().unwrap();
    let output = pyramid()
        .current_dir(dir.path())
        .args(["stats", "--deals", "4", "--seed", "2", "--export", "-"])
        .assert()
        .success()
        .get_output()
        .clone();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stdout.lines().count(), 4, "{stdout}");
    assert!(
        stdout.lines().all(|line| line.split(' ').count() == 52),
        "{stdout}"
    );
    assert_holds(&stderr, " of 4 winnable");
    assert!(names(dir.path()).is_empty(), "no file named -");
    // The same deals as a file holds.
    let file = dir.path().join("deals.txt");
    pyramid()
        .args([
            "stats",
            "--deals",
            "4",
            "--seed",
            "2",
            "--export",
            &text(&file),
        ])
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), stdout);
}

#[cfg(unix)]
#[test]
fn an_export_stopped_by_ctrl_c_term_or_hup_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.txt");
    let earlier = export(&path, "2");
    // A shutdown (TERM) or a closed terminal (HUP) stops the run as Ctrl-C (INT) does.
    for signal in ["INT", "TERM", "HUP"] {
        // Fifteen gigabytes of deals: far more than is written before the signal comes.
        let mut child = spawn(&["stats", "--deals", "100000000", "--export", &text(&path)]);
        let deadline = Instant::now() + Duration::from_secs(60);
        while names(dir.path()).len() < 2 {
            assert!(Instant::now() < deadline, "no temporary file within 60 s");
            std::thread::sleep(Duration::from_millis(20));
        }
        common::signal(signal, child.id());
        assert_eq!(wait(&mut child, 60).code(), Some(130), "{signal}");
        assert!(stderr_of(&mut child).contains("interrupted: "), "{signal}");
        assert_eq!(names(dir.path()), ["big.txt"], "{signal}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), earlier, "{signal}");
    }
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

#[cfg(unix)]
#[test]
fn a_results_file_is_never_written_through_a_link_even_one_to_nowhere() {
    let dir = tempfile::tempdir().unwrap();
    let (kept, before) = results(dir.path());
    for (name, target) in [
        ("dangling.jsonl", dir.path().join("nowhere.jsonl")),
        ("kept-link.jsonl", kept.clone()),
    ] {
        let link = dir.path().join(name);
        std::os::unix::fs::symlink(&target, &link).unwrap();
        for flag in ["--out", "--resume"] {
            refused(
                &["--deals", "3", flag, &text(&link)],
                &format!("{name}: it is a link; name the file itself"),
            );
        }
    }
    assert!(!dir.path().join("nowhere.jsonl").exists());
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), before);
}

#[cfg(unix)]
#[test]
fn a_full_disk_stops_the_run_at_the_first_failed_write() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.jsonl");
    // Files of this process may not pass 4 blocks: a write past them fails (EFBIG) as on a
    // full disk, the signal it would raise ignored.
    let binary = assert_cmd::cargo::cargo_bin("pyramid");
    let script = format!(
        "trap '' XFSZ; ulimit -f 4 && exec '{}' stats --deals 100000000 --jobs 1 --out '{}'",
        binary.display(),
        path.display()
    );
    let mut child = Command::new("sh")
        .args(["-c", &script])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    // A hundred million deals: only stopping at the first failure ends it in time.
    let status = wait(&mut child, 120);
    let stderr = stderr_of(&mut child);
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert_holds(&stderr, &format!("cannot write {}: ", path.display()));
    // The results so far are whole lines, which --resume reads back.
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(written.ends_with('\n'), "{written}");
    let lines: Vec<Value> = written
        .lines()
        .map(|line| serde_json::from_str(line).expect("a whole line"))
        .collect();
    assert!(lines.len() > 2, "{written}");
    assert!(lines[0].get("run").is_some());
}

#[test]
fn a_shard_of_a_long_run_goes_straight_to_its_deals() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("last.jsonl");
    // Its one deal is the run's last: the hundred million before it are never made.
    let mut child = spawn(&[
        "stats",
        "--deals",
        "100000000",
        "--shard",
        "100000000/100000000",
        "--out",
        &text(&out),
        "--json",
    ]);
    let status = wait(&mut child, 30);
    assert!(status.success(), "{}", stderr_of(&mut child));
    let written = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<Value> = written
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{written}");
    assert_eq!(lines[1]["deal"], 99_999_999);
}

#[test]
fn an_endless_stream_of_deals_is_refused_past_the_copy_limit() {
    let deal = pyramid()
        .args(["stats", "--deals", "1", "--export", "-"])
        .output()
        .unwrap()
        .stdout;
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("pyramid"))
        .args(["stats", "--from", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().unwrap();
    // `yes`: the same deal until the reader stops reading.
    let writer = std::thread::spawn(
        move || {
            while std::io::Write::write_all(&mut input, &deal).is_ok() {}
        },
    );
    assert_eq!(wait(&mut child, 120).code(), Some(2));
    assert!(
        stderr_of(&mut child).contains("<stdin>: more than 1000000 deals, the most a run copies"),
        "refused past the limit"
    );
    writer.join().unwrap();
}

#[cfg(unix)]
#[test]
fn a_signal_while_the_deals_are_read_stops_the_run_at_once() {
    let deal = pyramid()
        .args(["stats", "--deals", "1", "--export", "-"])
        .output()
        .unwrap()
        .stdout;
    for signal in ["INT", "TERM", "HUP"] {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("pyramid"))
            .args(["stats", "--from", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut input = child.stdin.take().unwrap();
        let written = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let count = std::sync::Arc::clone(&written);
        let deal = deal.clone();
        let writer = std::thread::spawn(move || {
            while std::io::Write::write_all(&mut input, &deal).is_ok() {
                count.fetch_add(deal.len(), std::sync::atomic::Ordering::Relaxed);
            }
        });
        // Far past what a pipe holds: the run is reading them.
        let deadline = Instant::now() + Duration::from_secs(60);
        while written.load(std::sync::atomic::Ordering::Relaxed) < 1 << 20 {
            assert!(Instant::now() < deadline, "nothing read within 60 s");
            std::thread::sleep(Duration::from_millis(5));
        }
        common::signal(signal, child.id());
        assert_eq!(wait(&mut child, 60).code(), Some(130), "{signal}");
        assert!(
            stderr_of(&mut child).contains("interrupted while the deals were read"),
            "{signal}"
        );
        writer.join().unwrap();
    }
}

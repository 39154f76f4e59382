//! The command examples of the README and of the guide (every Markdown file under `docs/`)
//! are the program's real output: every fenced block that opens with `$ pyramid ...` is run
//! from the repository's top folder, and the lines it shows must be what the command prints
//! (standard output, then standard error), in order.
//!
//! A line that is only `...` stands for any number of lines left out; `...` inside a line
//! stands for any text there (timings, long lists). Without `...`, the lines shown must follow
//! one another and run to the end of the output.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// One `$ pyramid ...` command of a Markdown file and the lines shown under it.
struct Example {
    /// The line the command is on, for the failure message.
    line: usize,
    args: Vec<String>,
    shown: Vec<String>,
}

/// The examples of every fenced block whose first line is a `$ pyramid` command.
fn examples(readme: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut checked = false;
    let mut first = false;
    for (number, line) in readme.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            checked = false;
            first = in_block;
            continue;
        }
        if !in_block {
            continue;
        }
        if first {
            checked = line.starts_with("$ pyramid");
            first = false;
        }
        if !checked {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ pyramid") {
            examples.push(Example {
                line: number + 1,
                args: command.split_whitespace().map(str::to_string).collect(),
                shown: Vec::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            example.shown.push(line.to_string());
        }
    }
    for example in &mut examples {
        while example.shown.last().is_some_and(|l| l.trim().is_empty()) {
            example.shown.pop();
        }
    }
    examples
}

/// Whether an output line matches a shown one, where `...` inside it stands for any text.
fn line_matches(shown: &str, actual: &str) -> bool {
    let parts: Vec<&str> = shown.split("...").collect();
    if parts.len() == 1 {
        return shown == actual;
    }
    let (head, tail) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(head) || actual.len() < head.len() + tail.len() {
        return false;
    }
    let mut rest = &actual[head.len()..];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(tail)
}

/// Whether the shown lines are the output's, `...` lines skipping any number of them.
fn output_matches(shown: &[String], actual: &[&str]) -> bool {
    // Runs of shown lines between `...` lines; each must match consecutive output lines.
    let segments: Vec<&[String]> = shown.split(|l| l.trim() == "...").collect();
    let last = segments.len() - 1;
    let mut at = 0;
    for (index, segment) in segments.iter().enumerate() {
        if segment.is_empty() {
            continue;
        }
        let fits = |start: usize| {
            start + segment.len() <= actual.len()
                && segment
                    .iter()
                    .zip(&actual[start..])
                    .all(|(s, a)| line_matches(s, a))
        };
        let anchored_start = index == 0;
        let anchored_end = index == last;
        let start = if anchored_start {
            fits(at).then_some(at)
        } else if anchored_end {
            let start = actual.len().checked_sub(segment.len());
            start.filter(|&s| s >= at && fits(s))
        } else {
            (at..actual.len()).find(|&s| fits(s))
        };
        let Some(start) = start else {
            return false;
        };
        at = start + segment.len();
        if anchored_end && at != actual.len() {
            return false;
        }
    }
    true
}

/// The fewest examples the README and the guide hold together: as many as the README held
/// before its text was spread over the guide, so that none is lost on the way.
const FEWEST_EXAMPLES: usize = 28;

/// The README, then every Markdown file under `docs/`, sorted.
fn documents(root: &Path) -> Vec<PathBuf> {
    fn walk(folder: &Path, found: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(folder) else {
            return;
        };
        for path in entries.map(|entry| entry.expect("a folder entry").path()) {
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "md") {
                found.push(path);
            }
        }
    }
    let mut guide = Vec::new();
    walk(&root.join("docs"), &mut guide);
    guide.sort();
    let mut documents = vec![root.join("README.md")];
    documents.extend(guide);
    documents
}

#[test]
fn every_command_example_in_the_readme_and_the_guide_is_the_real_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let folders = tempfile::tempdir().expect("a temporary folder");
    let mut wrong = Vec::new();
    let mut count = 0;
    for document in documents(root) {
        let text = std::fs::read_to_string(&document).expect("a Markdown file");
        let name = document
            .strip_prefix(root)
            .expect("in the repository")
            .display();
        let examples = examples(&text);
        count += examples.len();
        for example in &examples {
            let output = Command::cargo_bin("pyramid")
                .expect("the binary is built")
                .current_dir(root)
                .env("PYRAMID_SAVES", folders.path().join("saves"))
                .env("PYRAMID_CONFIG", folders.path().join("config"))
                .args(&example.args)
                .output()
                .expect("the command runs");
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            let actual: Vec<&str> = text.lines().collect();
            if !output_matches(&example.shown, &actual) {
                wrong.push(format!(
                    "{name}:{}: $ pyramid {}\n--- shown\n{}\n--- printed\n{text}",
                    example.line,
                    example.args.join(" "),
                    example.shown.join("\n"),
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(
        count >= FEWEST_EXAMPLES,
        "found {count} examples, fewer than {FEWEST_EXAMPLES}"
    );
}

#[test]
fn the_matcher_skips_lines_and_text_only_where_told() {
    let shown = |lines: &[&str]| lines.iter().map(|l| (*l).to_string()).collect::<Vec<_>>();
    let actual = ["Solved in 3 steps.", "  1. a", "  2. b", "  3. c"];
    assert!(output_matches(
        &shown(&["Solved in 3 steps.", "...", "  3. c"]),
        &actual
    ));
    assert!(output_matches(
        &shown(&["Solved in ... steps.", "  1. a", "..."]),
        &actual
    ));
    assert!(!output_matches(&shown(&["Solved in 3 steps."]), &actual));
    assert!(!output_matches(
        &shown(&["Solved in 3 steps.", "  2. b", "..."]),
        &actual
    ));
    assert!(!output_matches(
        &shown(&["Solved in 4 steps.", "..."]),
        &actual
    ));
    assert!(line_matches(
        "median ... ms, max ... ms",
        "median 1.2 ms, max 30 ms"
    ));
    assert!(!line_matches("median ... ms", "median 1.2 s"));
}

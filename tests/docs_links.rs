//! Every link between the repository's Markdown files goes somewhere: a relative link names a
//! file or folder that is there, and a `#anchor` names a heading of the page it points to, by
//! GitHub's rule (the heading's text in lower case, spaces turned to `-`, other punctuation
//! dropped, `-1`, `-2` ... after a repeated one). Links to the web are left alone.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Every Markdown file of the repository, its build folder and Git's aside.
fn markdown_files(folder: &Path, found: &mut Vec<PathBuf>) {
    for path in std::fs::read_dir(folder)
        .expect("a folder")
        .map(|entry| entry.expect("a folder entry").path())
    {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                markdown_files(&path, found);
            }
        } else if name.ends_with(".md") {
            found.push(path);
        }
    }
}

/// The lines of `text` outside fenced code blocks, with their numbers from 1.
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            lines.push((number + 1, line));
        }
    }
    lines
}

/// A heading's anchor as GitHub makes it.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page's headings, repeated ones numbered as GitHub numbers them.
fn anchors(text: &str) -> HashSet<String> {
    let mut found = HashSet::new();
    for (_, line) in prose(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        let Some(heading) = line[hashes..].strip_prefix(' ') else {
            continue;
        };
        if hashes == 0 || hashes > 6 {
            continue;
        }
        let base = anchor(heading);
        let mut name = base.clone();
        let mut repeat = 0;
        while found.contains(&name) {
            repeat += 1;
            name = format!("{base}-{repeat}");
        }
        found.insert(name);
    }
    found
}

/// The targets of a line's inline links `[text](target)`, code spans left out.
fn link_targets(line: &str) -> Vec<String> {
    // Code spans hold text such as `[0](x)` that is no link.
    let outside_code: String = line
        .split('`')
        .enumerate()
        .map(|(index, part)| if index % 2 == 0 { part } else { "" })
        .collect::<Vec<_>>()
        .join(" ");
    let mut targets = Vec::new();
    let mut rest = outside_code.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else {
            break;
        };
        let target = after[..end].split_whitespace().next().unwrap_or_default();
        targets.push(target.to_string());
        rest = &after[end..];
    }
    targets
}

/// What is wrong with each link of the page at `path`.
fn broken_links(root: &Path, path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("a Markdown file");
    let shown = path
        .strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string();
    let mut broken = Vec::new();
    for (number, line) in prose(&text) {
        for target in link_targets(line) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = match target.split_once('#') {
                Some((file, fragment)) => (file, Some(fragment)),
                None => (target.as_str(), None),
            };
            let linked = if file.is_empty() {
                path.to_path_buf()
            } else {
                path.parent().expect("a folder").join(file)
            };
            if !linked.exists() {
                broken.push(format!("{shown}:{number}: {target}: no such file"));
                continue;
            }
            let Some(fragment) = fragment else {
                continue;
            };
            let linked_text = std::fs::read_to_string(&linked).unwrap_or_default();
            if !anchors(&linked_text).contains(fragment) {
                broken.push(format!("{shown}:{number}: {target}: no such heading"));
            }
        }
    }
    broken
}

#[test]
fn every_relative_link_and_anchor_of_the_markdown_files_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    markdown_files(root, &mut files);
    assert!(files.len() >= 2, "found {files:?}");
    let broken: Vec<String> = files
        .iter()
        .flat_map(|file| broken_links(root, file))
        .collect();
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_follow_github_s_rule() {
    assert_eq!(
        anchor("Unknown cards (`??`), in both games"),
        "unknown-cards--in-both-games"
    );
    assert_eq!(
        anchor("Caps: memory, states and time"),
        "caps-memory-states-and-time"
    );
    assert_eq!(
        anchor("`stats`: how many deals can be won"),
        "stats-how-many-deals-can-be-won"
    );
    let page = "# A\n## Set-up\n```sh\n# not a heading\n```\n## Set-up\n";
    let found = anchors(page);
    assert!(
        found.contains("set-up") && found.contains("set-up-1"),
        "{found:?}"
    );
    assert!(!found.contains("not-a-heading"), "{found:?}");
    assert_eq!(
        link_targets("see [a](b.md#c \"title\") and `[x](y)`, [d](#e)"),
        ["b.md#c", "#e"]
    );
}

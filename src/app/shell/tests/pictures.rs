//! The pictures of the app in the README and the guide are its own screens: each is drawn
//! here and compared with its file under `docs/pictures/`, and a Markdown file that shows one
//! (in the `text` block after a `<!-- picture: NAME -->` line) must show it as it is, so that
//! no picture goes stale. Run with `PYRAMID_PICTURES=write`, the test writes them anew.

use super::tripeaks::{CLEARS, as_dealt, tripeaks_app};
use super::*;

/// The command that draws the pictures again, for the failure message and the guide.
const REGENERATE: &str = "PYRAMID_PICTURES=write cargo test --release --bin pyramid pictures";

/// What a line naming a picture starts and ends with.
const MARK: (&str, &str) = ("<!-- picture: ", " -->");

/// Pyramid's solution screen for the winnable example, after 12 steps.
fn pyramid_solution() -> String {
    let (_dir, mut app, receive) = fresh();
    solve_and_step(&mut app, &receive, WINNABLE, 12);
    app.shell.status = None;
    screen(&app, 80, 24)
}

/// TriPeaks' solution screen for the example that clears, after 10 steps.
fn tripeaks_solution() -> String {
    let (_dir, mut app, receive) = tripeaks_app();
    solve_and_step(&mut app, &receive, CLEARS, 10);
    app.shell.status = None;
    screen(&app, 100, 26)
}

/// TriPeaks' answer for a deal as MSC shows it, its peaks face down: the plan to reveal one.
fn tripeaks_reveal() -> String {
    let (_dir, mut app, receive) = tripeaks_app();
    app.update(Msg::Paste(as_dealt().0));
    press(&mut app, KeyCode::Enter);
    finish(&mut app, &receive);
    app.shell.status = None;
    screen(&app, 100, 30)
}

/// Each picture by its name, drawn now.
/// Klondike at the table, a card turned up typed in and the move after it hinted.
fn klondike_play() -> String {
    let (_dir, mut app, receive) = super::klondike::klondike_play_hinted();
    drop(receive);
    app.shell.status = None;
    screen(&app, 80, 24)
}

/// Triple Klondike's line from the project's deal stepped to the move that turns a card up.
fn triple_klondike_line() -> String {
    let (_dir, app) = super::triple_klondike::line_stepped(25);
    screen(&app, 80, 24)
}

/// Perfect Pair's solution screen for the guide's small hand, three steps in.
fn perfect_pair_solution() -> String {
    let (_dir, mut app, receive) = super::perfect_pair::pair_solution_step();
    drop(receive);
    app.shell.status = None;
    screen(&app, 80, 24)
}

fn pictures() -> Vec<(&'static str, String)> {
    vec![
        ("pyramid-solution", pyramid_solution()),
        ("tripeaks-solution", tripeaks_solution()),
        ("tripeaks-reveal", tripeaks_reveal()),
        ("klondike-play", klondike_play()),
        ("triple-klondike-line", triple_klondike_line()),
        ("perfect-pair-solution", perfect_pair_solution()),
    ]
}

/// `text` with the block after each picture line holding that picture; an error names a
/// picture that is not drawn here, or a line not followed by a `text` block.
fn with_pictures(text: &str, pictures: &[(&str, String)]) -> Result<String, String> {
    let mut out = String::new();
    let mut lines = text.lines().enumerate();
    while let Some((number, line)) = lines.next() {
        out.push_str(line);
        out.push('\n');
        let Some(name) = line
            .strip_prefix(MARK.0)
            .and_then(|rest| rest.strip_suffix(MARK.1))
        else {
            continue;
        };
        let Some((_, picture)) = pictures.iter().find(|(known, _)| *known == name) else {
            return Err(format!("line {}: no picture is named '{name}'", number + 1));
        };
        if lines.next().map(|(_, l)| l) != Some("```text") {
            return Err(format!("line {}: a ```text block must follow", number + 1));
        }
        // The old picture is skipped up to its block's end.
        if !lines.by_ref().any(|(_, l)| l == "```") {
            return Err(format!("line {}: the block does not end", number + 1));
        }
        out.push_str("```text\n");
        out.push_str(picture);
        out.push_str("```\n");
    }
    Ok(out)
}

/// The README and every Markdown file of the guide.
fn markdown_files(root: &Path) -> Vec<std::path::PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut guide: Vec<_> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    guide.sort();
    files.extend(guide);
    files
}

#[test]
fn the_pictures_of_the_app_in_the_docs_are_its_own_screens() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let write = std::env::var("PYRAMID_PICTURES").is_ok_and(|value| value == "write");
    let pictures = pictures();
    let mut stale = Vec::new();
    for (name, picture) in &pictures {
        let path = root.join("docs/pictures").join(format!("{name}.txt"));
        if write {
            std::fs::write(&path, picture).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_ref() != Some(picture) {
            stale.push(format!(
                "docs/pictures/{name}.txt differs from the screen:\n{picture}"
            ));
        }
    }
    let mut shown = 0;
    for path in markdown_files(root) {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.strip_prefix(root).unwrap().display().to_string();
        shown += text.lines().filter(|l| l.starts_with(MARK.0)).count();
        let updated = with_pictures(&text, &pictures).unwrap_or_else(|e| panic!("{name}: {e}"));
        if updated == text {
            continue;
        }
        if write {
            std::fs::write(&path, updated).unwrap();
        } else {
            stale.push(format!("{name} shows a picture that is not the screen"));
        }
    }
    assert!(
        shown >= pictures.len(),
        "every picture is shown: {shown} shown"
    );
    assert!(
        stale.is_empty(),
        "{}\nDraw them again with `{REGENERATE}`",
        stale.join("\n")
    );
}

#[test]
fn a_picture_line_replaces_its_block_and_nothing_else() {
    let pictures = [("p", "new\n".to_string())];
    let text = "a\n<!-- picture: p -->\n```text\nold\nlines\n```\nb\n";
    assert_eq!(
        with_pictures(text, &pictures).unwrap(),
        "a\n<!-- picture: p -->\n```text\nnew\n```\nb\n"
    );
    assert!(with_pictures("<!-- picture: q -->\n```text\n```\n", &pictures).is_err());
    assert!(with_pictures("<!-- picture: p -->\nno block\n", &pictures).is_err());
}

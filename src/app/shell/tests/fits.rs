//! The dialogs of both games at the smallest size the app takes, 80x24 (the other screens
//! have theirs beside their tests); and below that size, the note that says so, whole at any
//! size.

use super::tripeaks::{CLEARS, tripeaks_app};
use super::*;

#[test]
fn tripeaks_dialogs_at_80x24() {
    let (_dir, mut app, _receive) = tripeaks_app();
    app.update(Msg::Paste(CLEARS.to_string()));
    press(&mut app, KeyCode::Char('g'));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Down);
    type_text(&mut app, "3000");
    press(&mut app, KeyCode::Left);
    insta::assert_snapshot!("tripeaks_challenge_dialog_at_80x24", screen(&app, 80, 24));
    press(&mut app, KeyCode::Esc);
    ctrl(&mut app, 's');
    if let Some(Overlay::Save(dialog)) = &mut app.shell.overlay {
        dialog.name = TextField::new("Monday game");
    }
    press(&mut app, KeyCode::Tab);
    type_text(&mut app, "with the kids");
    insta::assert_snapshot!("tripeaks_save_dialog_at_80x24", screen(&app, 80, 24));
}

#[test]
fn pyramid_save_dialog_at_80x24() {
    let (_dir, mut app, _receive) = fresh();
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 's');
    if let Some(Overlay::Save(dialog)) = &mut app.shell.overlay {
        dialog.name = TextField::new("Sunday game");
    }
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Left);
    insta::assert_snapshot!(screen(&app, 80, 24));
}

#[test]
fn the_too_small_note_is_whole_at_any_size() {
    let (_dir, app, _receive) = fresh();
    let mut app = app;
    for (width, height) in [
        (79, 23),
        (60, 15),
        (40, 12),
        (30, 4),
        (20, 2),
        (12, 1),
        (6, 1),
    ] {
        app.update(Msg::Resize(width, height));
        let shown = screen(&app, width, height);
        let size = format!("{width}x{height}");
        let whole = [
            "The terminal is too small.".to_string(),
            format!("It is {size}; the board needs 80x24."),
            "Make the window larger, or Ctrl-Q to quit.".to_string(),
            format!("Too small: {size}, needs 80x24."),
            "Ctrl-Q quits.".to_string(),
            "Too small: needs 80x24.".to_string(),
            "Too small.".to_string(),
        ];
        let lines: Vec<&str> = shown
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        assert!(!lines.is_empty(), "something is said at {size}");
        for line in &lines {
            let cut_short =
                line.ends_with('…') && "Too small.".starts_with(line.trim_end_matches('…'));
            assert!(
                whole.iter().any(|w| w == line) || cut_short,
                "'{line}' is not a whole line of the note at {size}:\n{shown}"
            );
        }
        if width == 40 {
            assert_eq!(lines, ["Too small: 40x12, needs 80x24.", "Ctrl-Q quits."]);
        }
    }
}

#[test]
fn a_message_longer_than_three_lines_is_cut_in_its_middle_and_a_shorter_one_shows_whole() {
    let (_dir, mut app, _receive) = fresh();
    let words: Vec<String> = (0..60).map(|n| format!("word{n:02}")).collect();
    let message_rows = |app: &App| {
        let shown = screen(app, 80, 24);
        let lines: Vec<String> = shown.lines().map(str::to_string).collect();
        assert!(
            lines[19].starts_with('└'),
            "the board keeps its room: {shown}"
        );
        lines[20..23].to_vec()
    };
    app.say(Tone::Info, words[..30].join(" "));
    let rows = message_rows(&app);
    assert!(rows[2].ends_with("word29"), "{rows:?}");
    app.say(Tone::Info, words.join(" "));
    let rows = message_rows(&app);
    assert!(rows[0].starts_with(" word00 word01"), "{rows:?}");
    // Cut in its middle: the first and the last words are seen, with the cut between them.
    assert!(rows[2].ends_with("word59"), "{rows:?}");
    assert!(rows.concat().contains('…'), "the cut is shown: {rows:?}");
    assert!(!rows.concat().contains("word30"), "{rows:?}");
}

/// A folder whose path takes most of three lines at 80 columns, as a saves folder chosen
/// with `--saves` deep in a home folder may.
fn long_folder(dir: &Path) -> std::path::PathBuf {
    dir.join("the-games-of-the-whole-family-kept-here-since-the-first-winter")
        .join("pyramid-tripeaks-and-klondike-every-one-of-them")
}

/// The message lines of an 80x24 screen, joined as the words they wrap.
fn message_at_80x24(app: &App) -> String {
    let shown = screen(app, 80, 24);
    let lines: Vec<&str> = shown.lines().collect();
    lines[20..23].join(" ")
}

#[test]
fn a_failed_save_in_a_long_folder_keeps_its_reason_and_its_end_in_sight_at_80_columns() {
    let dir = tempfile::tempdir().unwrap();
    let base = long_folder(dir.path());
    let (mut app, _receive) = start(&base);
    type_text(&mut app, "Ah");
    super::dialogs::block(&Folders::under(&base).saves);
    save_named(&mut app, "Sunday");
    let said = said(&app);
    assert!(said.starts_with("Not saved: cannot write"), "{said}");
    let shown = message_at_80x24(&app);
    // The path gives up its middle; what is said around it is whole.
    assert!(shown.starts_with(" Not saved: cannot write /"), "{shown}");
    assert!(shown.contains("…"), "{shown}");
    assert!(shown.contains("sunday.txt: "), "{shown}");
    assert!(shown.contains("is a file, not a folder."), "{shown}");
    assert!(
        shown
            .ends_with("but the draft cannot be written either: --saves DIR picks another folder."),
        "{shown}"
    );
}

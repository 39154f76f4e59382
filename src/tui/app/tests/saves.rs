//! Saving from the app and the Open dialog: names and notes as pasted, long names, every
//! unreadable file named, two saves of one name told apart, and deleting a save.

use super::*;

/// Opens the save dialog over the winnable example and replaces the name with `name`.
fn save_as(app: &mut App, name: &str, note: &str) {
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(app, 's');
    let Some(Overlay::Save(dialog)) = &app.overlay else {
        panic!("the save dialog opens")
    };
    for _ in 0..dialog.name.chars().count() {
        press(app, KeyCode::Backspace);
    }
    app.update(Msg::Paste(name.to_string()));
    press(app, KeyCode::Tab);
    app.update(Msg::Paste(note.to_string()));
    press(app, KeyCode::Enter);
}

#[test]
fn control_characters_pasted_into_a_name_or_note_are_not_saved() {
    let (dir, mut app, _receive) = fresh();
    save_as(
        &mut app,
        "red\u{1b}[31m game\u{7}",
        "a\u{1b}]0;x\u{7} note\r",
    );
    assert_eq!(
        app.status.clone().unwrap().tone,
        Tone::Success,
        "{}",
        said(&app)
    );
    assert_eq!(app.name.as_deref(), Some("red[31m game"));
    assert_eq!(app.notes, ["a]0;x note"]);
    let path = dir.path().join("saves/red-31m-game.txt");
    let text = std::fs::read_to_string(path).unwrap();
    assert!(!text.contains(['\u{1b}', '\u{7}', '\r']), "{text:?}");
}

#[test]
fn a_long_pasted_name_is_saved_under_a_shorter_file_name() {
    let (dir, mut app, _receive) = fresh();
    let name = "象".repeat(84);
    save_as(&mut app, &name, "");
    assert_eq!(
        app.status.clone().unwrap().tone,
        Tone::Success,
        "{}",
        said(&app)
    );
    let files: Vec<_> = std::fs::read_dir(dir.path().join("saves"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|name| name != ".draft.txt")
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    ctrl(&mut app, 'o');
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.name.as_deref(), Some(name.as_str()));
}

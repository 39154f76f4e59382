//! Saving from the app and the Open dialog: names and notes as pasted, long names, every
//! unreadable file named, two saves of one name told apart, and deleting a save.

use super::*;

/// Opens the save dialog over the winnable example and replaces the name with `name`.
fn save_as(app: &mut App, name: &str, note: &str) {
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(app, 's');
    let Some(Overlay::Save(dialog)) = &app.shell.overlay else {
        panic!("the save dialog opens")
    };
    for _ in 0..dialog.name.text().chars().count() {
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
        app.shell.status.clone().unwrap().tone,
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
        app.shell.status.clone().unwrap().tone,
        Tone::Success,
        "{}",
        said(&app)
    );
    let files: Vec<_> = std::fs::read_dir(dir.path().join("saves"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|name| !name.to_string_lossy().starts_with(".draft-"))
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    ctrl(&mut app, 'o');
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.name.as_deref(), Some(name.as_str()));
}

/// Saves `text` as `name` straight into the app's saves folder, dated so screens stay fixed.
fn saved(app: &App, text: &str, name: &str) -> std::path::PathBuf {
    let mut game = SavedDeal::new(name, "2026-11-22 10:00", Verdict::Unsolved, deal(text));
    game.verdict = Verdict::Unsolved;
    crate::app::games::pyramid::save(&app.folders, &game).unwrap()
}

/// Saves the first `typed` cards of the winnable deal as an unfinished deal named `name`
/// straight into the app's saves folder, dated so screens stay fixed.
fn saved_unfinished(app: &App, typed: usize, name: &str) -> std::path::PathBuf {
    let mut draft = Draft::parse(&crate::store::text_file::normalize(WINNABLE)).unwrap();
    for slot in &mut draft.slots[typed..] {
        *slot = None;
    }
    let path = app
        .folders
        .saves
        .join(format!("{}.txt", name.to_lowercase().replace(' ', "-")));
    std::fs::create_dir_all(&app.folders.saves).unwrap();
    std::fs::write(&path, draft.to_named_text(name, "2026-11-22 09:00", &[])).unwrap();
    path
}

fn open_dialog(app: &App) -> &OpenDialog {
    let Some(Overlay::Open(dialog)) = &app.shell.overlay else {
        panic!("the open dialog is open")
    };
    dialog
}

/// Files in the saves folder that cannot be opened, each for another reason.
fn unreadable_files(app: &App) {
    let saves = &app.folders.saves;
    std::fs::create_dir_all(saves).unwrap();
    std::fs::write(saves.join("broken.txt"), "Ah Xq").unwrap();
    std::fs::write(saves.join("binary.txt"), [0xff, 0xfe, 0]).unwrap();
    std::fs::File::create(saves.join("huge.txt"))
        .unwrap()
        .set_len(10 << 20)
        .unwrap();
    std::fs::create_dir(saves.join("a-folder.txt")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("/dev/zero", saves.join("zero.txt")).unwrap();
}

#[test]
fn every_unreadable_file_is_listed_whole_and_scrolls() {
    let (_dir, mut app, _receive) = fresh();
    unreadable_files(&app);
    saved(&app, WINNABLE, "good one");
    ctrl(&mut app, 'o');
    let count = open_dialog(&app).broken.len();
    assert_eq!(count, if cfg!(unix) { 5 } else { 4 });
    assert_eq!(
        open_dialog(&app).visible().len(),
        1 + store::examples().len()
    );
    let shown = screen(&app, 100, 40);
    for name in ["broken.txt", "binary.txt", "huge.txt", "a-folder.txt"] {
        assert!(shown.contains(name), "{name} in\n{shown}");
    }
    assert!(shown.contains("larger than 1 MiB"), "{shown}");
    // PgDn moves through them, never past the last.
    for _ in 0..10 {
        press(&mut app, KeyCode::PageDown);
    }
    assert_eq!(open_dialog(&app).broken_first, count - 1);
    press(&mut app, KeyCode::PageUp);
    assert_eq!(open_dialog(&app).broken_first, count - 2);
}

#[test]
fn two_saves_of_one_name_show_their_files_and_long_names_use_the_width() {
    let (_dir, mut app, _receive) = fresh();
    saved(&app, WINNABLE, "game");
    saved(&app, HOPELESS, "game");
    let long = "A rather long name for a deal, to see it whole on a wide screen";
    saved(&app, TWO_D, long);
    ctrl(&mut app, 'o');
    let shown = screen(&app, 120, 30);
    assert!(
        shown.contains("game.txt") && shown.contains("game-2.txt"),
        "{shown}"
    );
    assert!(shown.contains(long), "{shown}");
}

#[test]
fn the_dialog_uses_the_height_of_the_screen() {
    let (_dir, mut app, _receive) = fresh();
    for number in 0..30 {
        let mut game = SavedDeal::new(
            &format!("save {number:02}"),
            "2026-11-22 10:00",
            Verdict::Unsolved,
            deal(WINNABLE),
        );
        game.notes = vec![format!("{number}")];
        crate::app::games::pyramid::save(&app.folders, &game).unwrap();
    }
    ctrl(&mut app, 'o');
    let shown = screen(&app, 80, 40);
    let rows = shown.lines().filter(|line| line.contains("save ")).count();
    assert!(rows >= 30, "{rows} rows:\n{shown}");
}

#[test]
fn delete_asks_first_and_removes_only_after_yes() {
    let (_dir, mut app, _receive) = fresh();
    let path = saved(&app, WINNABLE, "doomed");
    ctrl(&mut app, 'o');
    let entries = open_dialog(&app).entries.len();
    press(&mut app, KeyCode::Delete);
    assert!(open_dialog(&app).confirm.is_some());
    assert!(screen(&app, 80, 24).contains("Delete doomed (doomed.txt)?"));
    // A key that is no answer leaves the question waiting, and is not typed.
    press(&mut app, KeyCode::Char('x'));
    assert!(open_dialog(&app).confirm.is_some());
    assert!(screen(&app, 80, 24).contains("y deletes it, n or Esc keeps it."));
    press(&mut app, KeyCode::Char('n'));
    assert!(path.exists(), "n keeps it");
    assert!(open_dialog(&app).confirm.is_none());
    assert_eq!(
        open_dialog(&app).filter.text(),
        "",
        "the answer is not typed into the filter"
    );
    press(&mut app, KeyCode::Delete);
    press(&mut app, KeyCode::Esc);
    assert!(path.exists());
    assert!(
        app.shell.overlay.is_some(),
        "Esc answers no and leaves the dialog open"
    );
    press(&mut app, KeyCode::Delete);
    press(&mut app, KeyCode::Char('y'));
    assert!(!path.exists());
    let dialog = open_dialog(&app);
    assert_eq!(dialog.entries.len(), entries - 1);
    assert_eq!(dialog.note.as_ref().map(|n| n.0), Some(Tone::Success));
}

#[test]
fn the_examples_cannot_be_deleted() {
    let (_dir, mut app, _receive) = fresh();
    ctrl(&mut app, 'o');
    let entries = open_dialog(&app).entries.len();
    press(&mut app, KeyCode::Delete);
    assert!(open_dialog(&app).confirm.is_none());
    press(&mut app, KeyCode::Char('y'));
    let dialog = open_dialog(&app);
    assert_eq!(dialog.entries.len(), entries);
    assert_eq!(dialog.filter.text(), "y");
}

#[test]
fn open_dialog_with_saves_and_unreadable_files() {
    let (_dir, mut app, _receive) = fresh();
    unreadable_files(&app);
    saved(&app, WINNABLE, "Sunday");
    saved(&app, HOPELESS, "Sunday");
    saved_unfinished(&app, 31, "Saturday");
    ctrl(&mut app, 'o');
    insta::assert_snapshot!(screen(&app, 80, 24));
    press(&mut app, KeyCode::Delete);
    insta::assert_snapshot!("open_dialog_asking_to_delete", screen(&app, 80, 24));
}

#[test]
fn a_game_opened_with_a_long_name_header_saves_again_in_time() {
    // On a thread with a time limit: saving such a name once spun for ever.
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let dir = tempfile::tempdir().unwrap();
        let name = "n".repeat(300);
        // In place of the example's own name: a name is given once.
        let (_, rest) = WINNABLE.split_once('\n').unwrap();
        assert!(WINNABLE.starts_with("# name: "));
        let text = format!("# name: {name}\n{rest}");
        let mut setup = setup(dir.path());
        setup.deal = Some(Kept::of(SavedDeal::parse(&text, "x").unwrap()));
        let (app_send, _app_receive) = mpsc::channel();
        let mut app = App::new(setup, app_send);
        ctrl(&mut app, 's');
        press(&mut app, KeyCode::Enter);
        let _ = send.send((app.shell.status.clone().map(|s| s.tone), app.name.clone()));
    });
    let (tone, saved_name) = receive
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("saved in time rather than spinning");
    assert_eq!(tone, Some(Tone::Success));
    assert_eq!(saved_name.map(|n| n.len()), Some(300));
}

#[test]
fn an_unfinished_save_is_listed_filtered_opened_into_the_editor_and_deleted() {
    let (_dir, mut app, _receive) = fresh();
    saved(&app, HOPELESS, "half done, but whole");
    let path = saved_unfinished(&app, 8, "half way");
    // Other cards typed: opening asks first.
    type_text(&mut app, "Ah2h");
    ctrl(&mut app, 'o');
    type_text(&mut app, "way");
    assert_eq!(open_dialog(&app).visible().len(), 1);
    assert!(open_dialog(&app).broken.is_empty());
    let shown = screen(&app, 80, 24);
    assert!(
        shown.contains("half way") && shown.contains("unfinished 8/52"),
        "{shown}"
    );
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.confirm, Some(Confirm::OpenText(_))));
    assert!(said(&app).contains("Open 'half way'"), "{}", said(&app));
    assert_eq!(app.pyramid().editor.filled(), 2, "nothing replaced yet");
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.pyramid().editor.filled(), 8);
    let cards = Draft::parse(&crate::store::text_file::normalize(WINNABLE)).unwrap();
    assert_eq!(app.pyramid().editor.slots[..8], cards.slots[..8]);
    assert_eq!(app.pyramid().editor.slots[8], None);
    assert_eq!(app.name.as_deref(), Some("half way"));
    assert!(said(&app).contains("go on typing"), "{}", said(&app));
    // Nothing unsaved now: it opens again at once.
    ctrl(&mut app, 'o');
    type_text(&mut app, "way");
    press(&mut app, KeyCode::Enter);
    assert!(app.confirm.is_none());
    assert_eq!(app.pyramid().editor.filled(), 8);
    // And it is deleted like any save.
    ctrl(&mut app, 'o');
    type_text(&mut app, "way");
    press(&mut app, KeyCode::Delete);
    press(&mut app, KeyCode::Char('y'));
    assert!(!path.exists());
    assert!(open_dialog(&app).visible().is_empty());
}

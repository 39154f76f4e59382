//! The dialogs' text fields edit as a line editor, the same in every field, and the key bar
//! shows the keys of the dialog that is open.

use super::*;
use ratatui::style::Modifier;

fn save_dialog(app: &App) -> &SaveDialog {
    let Some(Overlay::Save(dialog)) = &app.shell.overlay else {
        panic!("the save dialog is open: {}", said(app))
    };
    dialog
}

fn challenge(app: &App) -> &ChallengeDialog {
    let Some(Overlay::Challenge(dialog)) = &app.shell.overlay else {
        panic!("the challenge dialog is open: {}", said(app))
    };
    dialog
}

/// The screen's last line: the key bar.
fn key_bar(app: &App) -> String {
    screen(app, 80, 24).lines().last().unwrap_or("").to_string()
}

#[test]
fn the_save_dialogs_name_edits_as_a_line_editor() {
    let (_dir, mut app, _receive) = fresh();
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 's');
    assert!(
        save_dialog(&app).name.is_selected(),
        "the default is selected"
    );
    type_text(&mut app, "Sunday gam");
    assert_eq!(
        save_dialog(&app).name.text(),
        "Sunday gam",
        "typed over the default"
    );
    press(&mut app, KeyCode::Home);
    type_text(&mut app, "My ");
    press(&mut app, KeyCode::End);
    type_text(&mut app, "e");
    assert_eq!(save_dialog(&app).name.text(), "My Sunday game");
    ctrl(&mut app, 'w');
    assert_eq!(save_dialog(&app).name.text(), "My Sunday ");
    assert!(!said(&app).contains("does nothing"), "{}", said(&app));
    ctrl(&mut app, 'a');
    press(&mut app, KeyCode::Delete);
    press(&mut app, KeyCode::Delete);
    press(&mut app, KeyCode::Delete);
    ctrl(&mut app, 'e');
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Backspace);
    assert_eq!(save_dialog(&app).name.text(), "Sunda ");
    ctrl(&mut app, 'k');
    assert_eq!(save_dialog(&app).name.text(), "Sunda");
    ctrl(&mut app, 'u');
    assert_eq!(save_dialog(&app).name.text(), "");
    // The note is the same field: entered selected, edited at the cursor.
    type_text(&mut app, "Late");
    press(&mut app, KeyCode::Tab);
    type_text(&mut app, "one");
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    type_text(&mut app, "only ");
    assert_eq!(save_dialog(&app).note.text(), "only one");
    // Commands still wait for the dialog to close.
    ctrl(&mut app, 'n');
    assert!(said(&app).contains("Ctrl-N does nothing in this dialog"));
}

#[test]
fn the_cursor_is_drawn_in_the_field_being_edited() {
    let (_dir, mut app, _receive) = fresh();
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 's');
    type_text(&mut app, "abc");
    press(&mut app, KeyCode::Left);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| view::draw(frame, &app)).unwrap();
    let buffer = terminal.backend().buffer();
    let row = (0..24)
        .find(|&y| {
            (0..80)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
                .contains("Name  abc")
        })
        .expect("the name is shown");
    let reversed: String = (0..80)
        .filter(|&x| buffer[(x, row)].modifier.contains(Modifier::REVERSED))
        .map(|x| buffer[(x, row)].symbol().to_string())
        .collect();
    assert_eq!(reversed, "c", "the cursor is on the c");
}

#[test]
fn after_typing_in_a_challenge_field_the_arrows_move_in_its_text() {
    let (_dir, mut app, _receive) = fresh();
    press(&mut app, KeyCode::Char('g'));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Down);
    type_text(&mut app, "100");
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    type_text(&mut app, "2");
    assert_eq!(challenge(&app).score[0].text(), "1200");
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Backspace);
    assert_eq!(challenge(&app).score[0].text(), "120");
    assert_eq!(challenge(&app).kind, 1, "still the Score challenge");
    press(&mut app, KeyCode::End);
    type_text(&mut app, "5");
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.pyramid().goal,
        Goal::Score {
            target: 1205,
            earned: 0
        },
        "{}",
        said(&app)
    );
}

#[test]
fn a_number_too_large_is_refused_in_a_sentence_naming_the_field_and_its_limit() {
    let (_dir, mut app, _receive) = fresh();
    press(&mut app, KeyCode::Char('g'));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Down);
    type_text(&mut app, "99999999999");
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        said(&app),
        "Not yet: the Target field takes a number up to 1290000."
    );
    press(&mut app, KeyCode::Down);
    ctrl(&mut app, 'u');
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        said(&app),
        "Not yet: the Target field takes a number up to 1290000."
    );
    ctrl(&mut app, 'a');
    ctrl(&mut app, 'k');
    press(&mut app, KeyCode::Up);
    type_text(&mut app, "100");
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Backspace);
    press(&mut app, KeyCode::Enter);
    assert_eq!(said(&app), "Not yet: the Earned field needs a number.");
}

#[test]
fn the_key_bar_shows_the_keys_of_the_dialog_that_is_open() {
    let (_dir, mut app, _receive) = fresh();
    let editor = key_bar(&app);
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 's');
    let bar = key_bar(&app);
    assert!(
        bar.contains("name/note") && bar.contains("Esc cancels"),
        "{bar}"
    );
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('g'));
    let bar = key_bar(&app);
    assert!(
        bar.contains("Enter set") && bar.contains("↑↓ Tab field"),
        "{bar}"
    );
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::F(1));
    let bar = key_bar(&app);
    assert!(bar.contains("closes the help"), "{bar}");
    press(&mut app, KeyCode::Esc);
    ctrl(&mut app, 'o');
    let bar = key_bar(&app);
    assert!(bar.contains("Enter open"), "{bar}");
    assert_ne!(bar, editor);
    press(&mut app, KeyCode::Esc);
    assert_eq!(key_bar(&app), editor, "the editor keys are back");
}

#[test]
fn the_open_dialogs_filter_is_the_same_line_editor() {
    let (_dir, mut app, _receive) = fresh();
    ctrl(&mut app, 'o');
    type_text(&mut app, "winable");
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    type_text(&mut app, "n");
    let Some(Overlay::Open(dialog)) = &app.shell.overlay else {
        panic!("the open dialog is open")
    };
    assert_eq!(dialog.filter.text(), "winnable");
    assert!(
        !dialog.visible().is_empty(),
        "the shipped winnable deal is listed"
    );
    ctrl(&mut app, 'w');
    app.update(Msg::Paste("hard".to_string()));
    let Some(Overlay::Open(dialog)) = &app.shell.overlay else {
        panic!("the open dialog is open")
    };
    assert_eq!(dialog.filter.text(), "hardable");
}

//! Every screen of both games at the smallest size the app takes, 80x24, with nothing cut
//! that the user needs; and below it, the note that says so, whole at any size.

use super::tripeaks::{CLEARS, as_dealt, finish, tripeaks_app};
use super::*;

/// The rows of the side panel that list steps, as drawn: the text between its borders.
fn step_rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .filter_map(|line| line.split('│').nth(3).map(str::to_string))
        .filter(|panel| {
            let number = panel.trim_start_matches(['▶', ' ']);
            number
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        })
        .collect()
}

/// Fails when a step's text reaches the panel's right border: it may have been cut there.
fn assert_steps_whole(screen: &str) {
    let rows = step_rows(screen);
    assert!(!rows.is_empty(), "steps are listed:\n{screen}");
    for row in rows {
        assert!(row.ends_with(' '), "'{row}' reaches the border:\n{screen}");
    }
}

#[test]
fn tripeaks_solution_at_80x24() {
    let (_dir, mut app, receive) = tripeaks_app();
    app.update(Msg::Paste(CLEARS.to_string()));
    press(&mut app, KeyCode::Enter);
    finish(&mut app, &receive);
    for _ in 0..10 {
        press(&mut app, KeyCode::Right);
    }
    let shown = screen(&app, 80, 24);
    assert_steps_whole(&shown);
    insta::assert_snapshot!(shown);
}

#[test]
fn tripeaks_reveal_plan_at_80x24() {
    let (_dir, mut app, receive) = tripeaks_app();
    app.update(Msg::Paste(as_dealt().0));
    press(&mut app, KeyCode::Enter);
    finish(&mut app, &receive);
    let shown = screen(&app, 80, 24);
    assert_steps_whole(&shown);
    insta::assert_snapshot!(shown);
}

#[test]
fn tripeaks_play_mode_at_80x24() {
    let (_dir, mut app, receive) = tripeaks_app();
    app.update(Msg::Paste(CLEARS.to_string()));
    ctrl(&mut app, 'p');
    for _ in 0..6 {
        press(&mut app, KeyCode::Char('d'));
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while app
        .tripeaks()
        .play
        .as_ref()
        .is_some_and(|play| play.known().is_none())
    {
        assert!(std::time::Instant::now() < deadline, "the check answers");
        if let Ok(msg) = receive.recv_timeout(std::time::Duration::from_secs(1)) {
            app.update(msg);
        }
    }
    let shown = screen(&app, 80, 24);
    assert_steps_whole(&shown);
    insta::assert_snapshot!(shown);
}

#[test]
fn tripeaks_editor_at_80x24() {
    let (_dir, mut app, _receive) = tripeaks_app();
    type_text(&mut app, "8h?Kh??4d5s9dAh8c8dAd");
    insta::assert_snapshot!(screen(&app, 80, 24));
}

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

//! What the screens show: long messages whole, cards in the board's notation, the mouse on
//! the steps.

use super::*;

fn solved_at(step: usize, ascii: bool) -> (tempfile::TempDir, App) {
    let (dir, mut app, receive) = fresh();
    app.ascii = ascii;
    solve_and_step(&mut app, &receive, WINNABLE, step);
    app.shell.status = None;
    (dir, app)
}

#[test]
fn a_long_message_is_shown_whole() {
    let (_dir, mut app, _receive) = fresh();
    let long = "Not with this challenge: a Score or Card challenge's deal ends when the pyramid \
                is cleared, so it cannot be played to clear all 52 cards.";
    app.say(Tone::Warning, long);
    let shown = screen(&app, 80, 24);
    let words: String = shown.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains(long), "{shown}");
    insta::assert_snapshot!(shown);
}

#[test]
fn the_next_line_and_messages_use_the_boards_notation() {
    let (_dir, app) = solved_at(12, false);
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("Next: Remove K♦ (stock)"), "{shown}");
    assert!(!shown.contains("Kd"), "{shown}");
    let (_dir, mut app) = solved_at(12, false);
    app.say(
        Tone::Info,
        "Hint: Remove 6h (pyramid row 7) and 7c (stock).",
    );
    let shown = screen(&app, 80, 24);
    assert!(
        shown.contains("Remove 6♥ (pyramid row 7) and 7♣ (stock)"),
        "{shown}"
    );
    let (_dir, app) = solved_at(12, true);
    assert!(screen(&app, 80, 24).contains("Next: Remove Kd (stock)"));
}

#[test]
fn a_click_on_a_step_goes_to_it_and_the_wheel_steps() {
    let (_dir, mut app) = solved_at(12, true);
    let row = step_row(&mut app, " 16. ");
    let left = mouse_button();
    mouse(&mut app, left, 60, row);
    assert_eq!(solution(&app).step, 15, "the 16th step is next");
    assert!(screen(&app, 80, 24).contains("▶ 16."));
    mouse(&mut app, MouseEventKind::ScrollDown, 60, 10);
    assert_eq!(solution(&app).step, 16);
    mouse(&mut app, MouseEventKind::ScrollUp, 60, 10);
    mouse(&mut app, MouseEventKind::ScrollUp, 60, 10);
    assert_eq!(solution(&app).step, 14);
    // A click outside the list changes nothing.
    mouse(&mut app, left, 60, 0);
    assert_eq!(solution(&app).step, 14);
}

fn mouse_button() -> MouseEventKind {
    MouseEventKind::Down(crossterm::event::MouseButton::Left)
}

#[test]
fn ctrl_t_remembers_the_theme_in_the_preferences() {
    let (dir, mut app, _receive) = fresh();
    ctrl(&mut app, 't');
    assert_eq!(app.theme().name, "light");
    let remembered =
        crate::app::preferences::load(&Folders::under(dir.path()).preferences()).unwrap();
    assert_eq!(remembered.theme.as_deref(), Some("light"));
    assert_eq!(said(&app), "Theme: light.");
}

#[test]
fn without_colours_the_cursor_and_the_problems_stay_marked() {
    let dir = tempfile::tempdir().unwrap();
    let mut setup = setup(dir.path());
    setup.themes = setup
        .themes
        .into_iter()
        .map(|t| t.for_colours(theme::Colours::Off))
        .collect();
    let (send, _receive) = mpsc::channel();
    let mut app = App::new(setup, send);
    type_text(&mut app, "3c 7s 3c");
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| view::draw(frame, &app)).unwrap();
    let buffer = terminal.backend().buffer();
    let cells: Vec<_> = buffer.content().iter().collect();
    assert!(
        cells
            .iter()
            .all(|c| c.fg == ratatui::style::Color::Reset && c.bg == ratatui::style::Color::Reset)
    );
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("[..]"), "{shown}");
    let reversed = cells
        .iter()
        .filter(|c| c.modifier.contains(ratatui::style::Modifier::REVERSED))
        .count();
    assert!(reversed >= 4, "both copies of 3c are marked: {reversed}");
    let bold = cells
        .iter()
        .filter(|c| c.symbol() == "[" && c.modifier.contains(ratatui::style::Modifier::BOLD))
        .count();
    assert_eq!(bold, 1, "the cursor");
}

#[test]
fn the_bad_key_hint_is_on_the_message_line_until_the_next_good_key() {
    let (_dir, mut app, _receive) = fresh();
    type_text(&mut app, "3c z");
    let hint = "'z' is not a rank: type A 2-9 T J Q K (or 10), then the suit";
    assert_eq!(said(&app), hint);
    let shown = screen(&app, 80, 24);
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines[22].trim(), hint, "{shown}");
    assert_eq!(
        shown.matches("is not a rank").count(),
        1,
        "only there: {shown}"
    );
    type_text(&mut app, "7s");
    assert_eq!(said(&app), "");
    assert_eq!(app.pyramid().editor.filled(), 2);
}

#[test]
fn the_last_step_says_the_board_is_clear_rather_than_a_blank_next_line() {
    let (_dir, mut app) = solved_at(0, true);
    press(&mut app, KeyCode::End);
    app.shell.status = None;
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("End: The pyramid is cleared."), "{shown}");
    assert!(!shown.contains("Next:"), "{shown}");
}

/// The app's screen at 120 by 40, its words one space apart.
fn words_on_screen(app: &App) -> String {
    screen(app, 120, 40)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn every_editor_words_a_card_not_seen_yet_alike_with_its_notation() {
    // Each editor that takes a card not seen yet, and how to reach a slot that takes one
    // (Pyramid's are in the stock, after the 28 of the pyramid; Klondike's table editor on a
    // pile's face-down card).
    let editors: [(GameKind, &[KeyCode]); 4] = [
        (GameKind::Pyramid, &[KeyCode::Tab; 28]),
        (GameKind::TriPeaks, &[]),
        (GameKind::Klondike, &[]),
        (GameKind::Klondike, &[KeyCode::Char('u'), KeyCode::Down]),
    ];
    for (game, keys) in editors {
        let (_dir, mut app, _receive) = app_on(game);
        for &key in keys {
            press(&mut app, key);
        }
        let before = words_on_screen(&app);
        press(&mut app, KeyCode::Char('?'));
        let shown = words_on_screen(&app);
        assert_ne!(shown, before, "{game} {keys:?}: ? typed a card");
        assert!(
            shown.contains("not seen yet (??)"),
            "{game} {keys:?}: {shown}"
        );
        for other in ["(?)", "face down (?", "not known (?"] {
            assert!(
                !shown.contains(other),
                "{game} {keys:?}: {other} in {shown}"
            );
        }
        press(&mut app, KeyCode::F(1));
        let help = words_on_screen(&app);
        assert!(
            help.contains("? a card not seen yet (??)"),
            "{game} {keys:?}: {help}"
        );
    }
}

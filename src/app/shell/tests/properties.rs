//! Random events on every screen: no panic, and the model stays consistent (cursors in
//! range, dialogs pointing at real rows, the solution's positions matching its moves) and
//! draws at any size.

use proptest::prelude::*;

use super::*;

/// One thing that can happen to the app.
#[derive(Debug, Clone)]
enum Event {
    Key(KeyCode),
    Ctrl(char),
    Paste(String),
    Click(u16, u16),
    Resize(u16, u16),
    Tick,
    /// Waits for the solver: the running solve or play mode's check answers.
    Solver,
}

fn key_code() -> impl Strategy<Value = KeyCode> {
    prop_oneof![
        Just(KeyCode::Enter),
        Just(KeyCode::Esc),
        Just(KeyCode::Tab),
        Just(KeyCode::BackTab),
        Just(KeyCode::Backspace),
        Just(KeyCode::Delete),
        Just(KeyCode::Left),
        Just(KeyCode::Right),
        Just(KeyCode::Up),
        Just(KeyCode::Down),
        Just(KeyCode::Home),
        Just(KeyCode::End),
        Just(KeyCode::PageUp),
        Just(KeyCode::PageDown),
        Just(KeyCode::F(1)),
        // Letters, digits and the signs the keys use, more often than the rest.
        prop::sample::select(
            "abcdeghjklnpqrstuvwxyUAJQKT0123456789-?|, "
                .chars()
                .collect::<Vec<_>>()
        )
        .prop_map(KeyCode::Char),
        prop::sample::select("bcdeghlnpqrsuvwxyT0123456789-?".chars().collect::<Vec<_>>())
            .prop_map(KeyCode::Char),
        any::<char>().prop_map(KeyCode::Char),
    ]
}

fn paste() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(WINNABLE.to_string()),
        Just(WINNABLE.replace('\n', "\r")),
        Just(WINNABLE.replace('\n', "\r\n")),
        Just(TWO_D.to_string()),
        Just("Ah 2h 3h, zz\n# note\nKs".to_string()),
        ".{0,40}",
    ]
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        12 => key_code().prop_map(Event::Key),
        2 => prop::sample::select(vec!['s', 'o', 'n', 't', 'f', 'p', 'q', 'x'])
            .prop_map(Event::Ctrl),
        1 => paste().prop_map(Event::Paste),
        2 => (0u16..100, 0u16..40).prop_map(|(x, y)| Event::Click(x, y)),
        1 => (10u16..140, 5u16..50).prop_map(|(w, h)| Event::Resize(w, h)),
        1 => Just(Event::Tick),
        2 => Just(Event::Solver),
    ]
}

/// Delivers the solver's messages: those already sent, or when asked, all until the solve
/// or check under way answers.
fn deliver(app: &mut App, receive: &Receiver<Msg>, wait: bool) {
    while let Ok(msg) = receive.try_recv() {
        app.update(msg);
    }
    if !wait {
        return;
    }
    for _ in 0..10_000 {
        let busy = matches!(app.pyramid().screen, Screen::Solving(_))
            || app.pyramid().check_id().is_some();
        if !busy {
            return;
        }
        let msg = receive
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the solver answers");
        app.update(msg);
    }
}

fn apply(app: &mut App, receive: &Receiver<Msg>, event: Event) {
    match event {
        Event::Key(code) => press(app, code),
        Event::Ctrl(c) => ctrl(app, c),
        Event::Paste(text) => app.update(Msg::Paste(text)),
        Event::Click(column, row) => app.update(Msg::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })),
        Event::Resize(width, height) => app.update(Msg::Resize(width, height)),
        Event::Tick => app.update(Msg::Tick),
        Event::Solver => deliver(app, receive, true),
    }
    deliver(app, receive, false);
}

fn check_invariants(app: &App) {
    assert!(
        app.pyramid().editor.cursor < 52,
        "editor cursor {}",
        app.pyramid().editor.cursor
    );
    assert!(app.theme < app.themes.len());
    if let Screen::Solution(solution) = &app.pyramid().screen {
        assert_eq!(solution.positions.len(), solution.moves.len() + 1);
        assert!(solution.step <= solution.moves.len());
    }
    if matches!(app.pyramid().screen, Screen::Play) {
        let play = app.pyramid().play.as_ref().expect("play mode has a game");
        assert!(
            play.cursor_places().contains(&play.cursor),
            "play cursor {:?}",
            play.cursor
        );
        if let Some(selected) = play.selected {
            assert!(play.position().card_at(selected).is_some());
        }
    }
    match &app.shell.overlay {
        Some(Overlay::Open(dialog)) => {
            assert!(dialog.selected < dialog.visible().len().max(1));
        }
        Some(Overlay::Challenge(dialog)) => {
            assert!(dialog.kind < ChallengeDialog::KINDS.len());
            assert!(dialog.focus <= dialog.fields().len());
        }
        _ => {}
    }
    let (width, height) = (
        app.shell.size.width.clamp(1, 160),
        app.shell.size.height.clamp(1, 60),
    );
    let _ = screen(app, width, height);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_events_on_every_screen_keep_the_model_consistent(
        opening in 0usize..4,
        events in prop::collection::vec(event(), 1..200),
    ) {
        let (_dir, mut app, receive) = fresh();
        // Start on each screen: an empty editor, a whole deal, play mode, the solution.
        if opening > 0 {
            app.update(Msg::Paste(WINNABLE.to_string()));
        }
        match opening {
            2 => ctrl(&mut app, 'p'),
            3 => {
                press(&mut app, KeyCode::Enter);
                deliver(&mut app, &receive, true);
            }
            _ => {}
        }
        check_invariants(&app);
        for event in events {
            apply(&mut app, &receive, event);
            check_invariants(&app);
        }
    }
}

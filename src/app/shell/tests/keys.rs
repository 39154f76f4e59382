//! Every key a screen answers to is in the help for that screen, and the key bars fit.

use super::*;
use crate::app::flow::keys::Press;

/// What a key press could change: a key that changes none of it does nothing.
fn fingerprint(app: &App) -> String {
    let screen = match &app.pyramid().screen {
        Screen::Editor => "editor".to_string(),
        Screen::Solving(solving) => format!("solving {}", solving.job.id),
        Screen::Solution(solution) => {
            format!("solution {} {}", solution.step, solution.chosen)
        }
        Screen::Play => "play".to_string(),
    };
    let play = app.pyramid().play.as_ref().map(|play| {
        format!(
            "{} {:?} {:?} {} {:?}",
            play.position(),
            play.cursor,
            play.selected,
            play.hint_shown,
            play.want
        )
    });
    format!(
        "{screen}|{:?}|{:?}|{}|{}|{:?}|{:?}|{:?}|{:?}|{:?}",
        app.shell.overlay,
        app.shell.status,
        app.theme,
        app.quitting(),
        app.pyramid().editor,
        app.pyramid().goal,
        play,
        app.name,
        app.pyramid().own.verdict
    )
}

/// Every key worth pressing: printable characters, the special keys, Control and a letter.
pub(super) fn every_key() -> Vec<KeyEvent> {
    let mut keys: Vec<KeyEvent> = (' '..='~')
        .map(|c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
        .collect();
    let specials = [
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Tab,
        KeyCode::BackTab,
        KeyCode::Backspace,
        KeyCode::Delete,
        KeyCode::Insert,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::F(1),
        KeyCode::F(2),
    ];
    keys.extend(specials.map(|code| KeyEvent::new(code, KeyModifiers::NONE)));
    keys.extend(('a'..='z').map(|c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)));
    keys
}

/// Whether the help lists the key for the screen the app is on.
pub(super) fn listed(app: &App, key: KeyEvent) -> bool {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    app.bindings().iter().any(|binding| {
        binding.keys.iter().any(|&press| match (press, key.code) {
            (Press::Ctrl(c), KeyCode::Char(k)) => ctrl && c == k,
            (Press::Key(code), _) => !ctrl && code == key.code,
            (Press::Cards, KeyCode::Char(c)) => {
                !ctrl && !matches!(Editor::default().type_char(c), Typed::Rejected(_))
            }
            _ => false,
        })
    })
}

/// Presses every key on a fresh app made by `make`, and lists those that change something
/// without being in the help.
fn unlisted(make: impl Fn() -> (tempfile::TempDir, App, Receiver<Msg>)) -> Vec<String> {
    let mut missing = Vec::new();
    for key in every_key() {
        let (_dir, mut app, _receive) = make();
        let before = fingerprint(&app);
        app.update(Msg::Key(key));
        // In the editor, a key that is not a card only earns the bad-key hint.
        let rejected = matches!(app.pyramid().screen, Screen::Editor)
            && key.modifiers.is_empty()
            && matches!(key.code, KeyCode::Char(c)
                if matches!(Editor::default().type_char(c), Typed::Rejected(hint)
                    if said(&app) == hint));
        if fingerprint(&app) != before && !rejected && !listed(&make().1, key) {
            missing.push(format!("{:?} {:?}", key.modifiers, key.code));
        }
    }
    missing
}

fn editor() -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = fresh();
    type_text(&mut app, "3c 7s Jd");
    app.pyramid_mut().editor.go_to(1);
    (dir, app, receive)
}

fn solution_screen() -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = fresh();
    solve_and_step(&mut app, &receive, WINNABLE, 3);
    (dir, app, receive)
}

fn playing() -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = fresh();
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    press(&mut app, KeyCode::Char('d'));
    settle(&mut app, &receive);
    (dir, app, receive)
}

fn solving() -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = fresh();
    app.update(Msg::Paste(HOPELESS.to_string()));
    press(&mut app, KeyCode::Enter);
    (dir, app, receive)
}

#[test]
fn every_key_the_editor_handles_is_in_its_help() {
    assert_eq!(unlisted(editor), Vec::<String>::new());
}

#[test]
fn every_key_the_solution_screen_handles_is_in_its_help() {
    assert_eq!(unlisted(solution_screen), Vec::<String>::new());
}

#[test]
fn every_key_play_mode_handles_is_in_its_help() {
    assert_eq!(unlisted(playing), Vec::<String>::new());
}

#[test]
fn every_key_the_solving_screen_handles_is_in_its_help() {
    assert_eq!(unlisted(solving), Vec::<String>::new());
}

#[test]
fn the_key_bars_fit_80_columns_and_name_the_editors_keys() {
    for (_dir, app, _receive) in [editor(), solution_screen(), playing(), solving()] {
        let width: usize = app
            .hints()
            .iter()
            .map(|(key, what)| key.chars().count() + what.chars().count() + 3)
            .sum();
        assert!(width <= 80, "{width} columns");
        let shown = screen(&app, 80, 24);
        let bar = shown.lines().last().unwrap_or_default();
        // In the editor `?` is a card not seen yet: F1 is the help there.
        assert!(bar.contains("? help") || bar.contains("F1 help"), "{bar}");
    }
    let (_dir, app, _receive) = editor();
    let shown = screen(&app, 80, 24);
    let bar = shown.lines().last().unwrap_or_default();
    for key in ["^G", " g ", "o rules", "Enter", "^P"] {
        assert!(bar.contains(key), "{key} in {bar}");
    }
}

#[test]
fn the_screen_is_drawn_again_only_when_something_changed() {
    let (_dir, mut app, _receive) = fresh();
    assert!(app.take_dirty(), "the first screen is drawn");
    app.update(Msg::Tick);
    assert!(
        !app.take_dirty(),
        "a tick with nothing moving draws nothing"
    );
    press(&mut app, KeyCode::Char('A'));
    assert!(app.take_dirty(), "a key is drawn");
    let (_dir, mut app, _receive) = solving();
    app.take_dirty();
    app.update(Msg::Tick);
    assert!(
        app.take_dirty(),
        "the spinner and the time move while solving"
    );
}

#[test]
fn the_help_says_where_question_opens_it_in_every_game() {
    for screens in crate::app::games::ALL {
        let (_dir, mut app, _receive) = app_on(screens.game);
        press(&mut app, KeyCode::Char('?'));
        let question_opens_help = matches!(app.shell.overlay, Some(Overlay::Help(_)));
        let help = app
            .help_sections()
            .iter()
            .flat_map(|(_, keys)| keys.iter())
            .find(|binding| binding.label == "? or F1")
            .map(|binding| binding.what)
            .expect("the help's own key is in the help");
        let says_f1_in_editor = help.contains("F1 in the editor");
        assert_eq!(
            says_f1_in_editor,
            !question_opens_help,
            "{}: {help}",
            screens.game.name()
        );
        assert!(!help.contains("TriPeaks"), "{help}");
    }
}

#[test]
fn every_games_first_screen_says_how_to_quit_at_80_columns() {
    for screens in crate::app::games::ALL {
        let (_dir, app, _receive) = app_on(screens.game);
        let width: usize = app
            .hints()
            .iter()
            .map(|(key, what)| crate::app::widgets::hint_width(key, what))
            .sum();
        let name = screens.game.name();
        assert!(width <= 80, "{name}: {width} columns");
        let shown = screen(&app, 80, 24);
        let bar = shown.lines().last().unwrap_or_default();
        assert!(bar.contains("^Q quit"), "{name}: {bar}");
    }
}

#[test]
fn every_games_title_names_the_game_at_80_columns() {
    for screens in crate::app::games::ALL {
        let (_dir, app, _receive) = app_on(screens.game);
        let shown = screen(&app, 80, 24);
        let title = shown.lines().next().unwrap_or_default();
        let name = screens.game.name();
        assert!(title.contains(name), "{name}: {title}");
    }
}

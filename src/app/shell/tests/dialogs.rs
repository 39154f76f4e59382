//! A dialog owns the keyboard until it closes, in both games; quitting asks first when the
//! work is held neither by a save nor by the draft.

use super::*;

use crate::app::games::tripeaks::saved_games::CLEARS;

/// An app on the editor of `game` with a whole deal typed and not saved.
fn typed(game: GameKind) -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = fresh();
    if game == GameKind::TriPeaks {
        ctrl(&mut app, 'g');
    }
    let deal = match game {
        GameKind::TriPeaks => CLEARS,
        _ => WINNABLE,
    };
    app.update(Msg::Paste(deal.to_string()));
    assert_eq!(app.session.game(), game);
    assert_eq!(app.session.work().typed, 52, "{}", said(&app));
    assert!(app.unsaved().is_some());
    (dir, app, receive)
}

/// The draft on disk, as the app wrote it.
fn draft_text(app: &App) -> String {
    std::fs::read_to_string(app.draft_path().unwrap()).expect("the draft is written")
}

/// A key with Control.
fn control(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
}

fn plain(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

/// Which window is open, without what is typed in it.
fn window(app: &App) -> Option<&'static str> {
    app.shell.overlay.as_ref().map(|overlay| match overlay {
        Overlay::Help(_) => "help",
        Overlay::Save(_) => "save",
        Overlay::Open(_) => "open",
        Overlay::Challenge(_) => "challenge",
    })
}

#[test]
fn keys_under_a_dialog_never_reach_the_game_under_it() {
    // The sequences found to clear the deal, start play or swap the dialog.
    let sequences = [
        vec![control('n'), plain('y')],
        vec![control('g'), plain('y')],
        vec![control('p')],
        vec![control('o')],
        vec![KeyEvent::new(KeyCode::F(1), KeyModifiers::NONE), plain('y')],
    ];
    let openers = [
        ("save", control('s')),
        ("open", control('o')),
        ("challenge", plain('g')),
        ("help", KeyEvent::new(KeyCode::F(1), KeyModifiers::NONE)),
    ];
    for game in [GameKind::Pyramid, GameKind::TriPeaks] {
        for (opened, opener) in openers {
            for sequence in &sequences {
                let (_dir, mut app, _receive) = typed(game);
                let work = app.session.work();
                let draft = draft_text(&app);
                app.update(Msg::Key(opener));
                assert_eq!(window(&app), Some(opened), "{}", said(&app));
                for &key in sequence {
                    app.update(Msg::Key(key));
                }
                let case = format!("{game}, {opened}, {sequence:?}");
                assert_eq!(app.session.work(), work, "{case}");
                assert!(app.session.editing(), "{case}");
                assert_eq!(draft_text(&app), draft, "{case}");
                if opened == "help" {
                    // The help closes on a key it does not scroll by, and takes it no further.
                    assert!(app.confirm.is_none(), "{case}");
                } else {
                    assert_eq!(window(&app), Some(opened), "{case}");
                }
            }
        }
    }
}

#[test]
fn the_reported_sequences_over_the_save_dialog_change_nothing() {
    for game in [GameKind::Pyramid, GameKind::TriPeaks] {
        let (_dir, mut app, _receive) = typed(game);
        let work = app.session.work();
        let draft = draft_text(&app);
        ctrl(&mut app, 's');
        let Some(Overlay::Save(dialog)) = app.shell.overlay.clone() else {
            panic!("the save dialog opens")
        };
        press(&mut app, KeyCode::Char('m'));
        ctrl(&mut app, 'n');
        assert!(said(&app).contains("Ctrl-N does nothing in this dialog"));
        press(&mut app, KeyCode::Char('y'));
        let Some(Overlay::Save(now)) = app.shell.overlay.clone() else {
            panic!("the save dialog stays")
        };
        assert_eq!(
            now.name.text(),
            "my",
            "typed in the dialog only, over the default {dialog:?}"
        );
        ctrl(&mut app, 'g');
        press(&mut app, KeyCode::Char('y'));
        ctrl(&mut app, 'p');
        ctrl(&mut app, 'o');
        assert!(matches!(app.shell.overlay, Some(Overlay::Save(_))));
        assert_eq!(app.session.work(), work);
        assert!(app.session.editing());
        assert_eq!(draft_text(&app), draft);
        // Esc closes it; then Ctrl-N asks as it always did.
        press(&mut app, KeyCode::Esc);
        ctrl(&mut app, 'n');
        says(&app, "Clear the 52 cards typed");
    }
}

#[test]
fn a_control_key_in_the_open_dialog_is_refused_on_its_own_line_and_never_deletes() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _receive) = start(dir.path());
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 's');
    press(&mut app, KeyCode::Enter);
    let saved: Vec<_> = std::fs::read_dir(Folders::under(dir.path()).saves)
        .unwrap()
        .flatten()
        .filter(|entry| !entry.file_name().to_string_lossy().starts_with('.'))
        .map(|entry| entry.path())
        .collect();
    assert_eq!(saved.len(), 1, "{}", said(&app));
    ctrl(&mut app, 'o');
    press(&mut app, KeyCode::Delete);
    ctrl(&mut app, 'y');
    let Some(Overlay::Open(dialog)) = &app.shell.overlay else {
        panic!("the open dialog stays")
    };
    assert!(dialog.confirm.is_some(), "still asking");
    let note = dialog.note.clone().unwrap().1;
    assert!(
        note.contains("Ctrl-Y does nothing in this dialog"),
        "{note}"
    );
    assert!(saved[0].exists());
}

/// Makes the saves folder unwritable, whoever runs the tests (the superuser writes in a
/// folder without permissions): a file takes its place.
pub(super) fn block(saves: &Path) {
    if saves.is_dir() {
        std::fs::remove_dir_all(saves).unwrap();
    }
    std::fs::write(saves, "not a folder").unwrap();
}

#[test]
fn quitting_asks_when_neither_a_save_nor_the_draft_holds_the_work() {
    let (dir, mut app, _receive) = fresh();
    let saves = Folders::under(dir.path()).saves;
    type_text(&mut app, "Ah");
    assert!(!said(&app).starts_with("The draft is not kept"));
    block(&saves);
    type_text(&mut app, "2h");
    says(&app, "The draft is not kept");
    ctrl(&mut app, 'q');
    assert!(!app.quitting());
    let question = said(&app);
    assert!(
        question.starts_with("Quit and lose the 2 cards typed (not saved)? It is kept nowhere"),
        "{question}"
    );
    // A key that is no answer leaves the question waiting, and says it again.
    press(&mut app, KeyCode::Char('x'));
    assert!(!app.quitting());
    assert_eq!(app.confirm, Some(Confirm::Quit));
    assert_eq!(
        said(&app),
        format!("'x' does not answer the question. {question}")
    );
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.quitting());
    assert_eq!(app.pyramid().editor.filled(), 2);
    assert_eq!(said(&app), "Not quit: the work is still here.");
    // Asked again: y quits.
    ctrl(&mut app, 'c');
    assert!(!app.quitting());
    press(&mut app, KeyCode::Char('y'));
    assert!(app.quitting());

    // Ctrl-Q twice quits too, on a screen too small for the board as well, which shows the
    // question.
    let (mut app, _receive) = start(dir.path());
    type_text(&mut app, "Ah");
    app.update(Msg::Resize(60, 20));
    ctrl(&mut app, 'q');
    assert!(!app.quitting());
    assert!(screen(&app, 60, 20).contains("Quit and lose"));
    ctrl(&mut app, 'q');
    assert!(app.quitting());

    // Over the open dialog, which covers the message line, and over the help, the question
    // is seen too.
    for (opener, still_open) in [
        (control('o'), Some("open")),
        (KeyEvent::new(KeyCode::F(1), KeyModifiers::NONE), None),
    ] {
        let (mut app, _receive) = start(dir.path());
        type_text(&mut app, "Ah");
        app.update(Msg::Key(opener));
        ctrl(&mut app, 'q');
        assert!(!app.quitting());
        assert_eq!(window(&app), still_open);
        assert!(
            screen(&app, 80, 24).contains("Quit and lose"),
            "{}",
            screen(&app, 80, 24)
        );
        ctrl(&mut app, 'q');
        assert!(app.quitting());
    }

    // Once the draft can be written again, it holds the work: Ctrl-Q quits at once.
    std::fs::remove_file(&saves).unwrap();
    let (mut app, _receive) = start(dir.path());
    type_text(&mut app, "Ah");
    ctrl(&mut app, 'q');
    assert!(app.quitting());
}

/// The bottom row of the screen: the key line.
fn key_line(app: &App) -> String {
    let shown = screen(app, 80, 24);
    shown.lines().last().unwrap_or_default().to_string()
}

#[test]
fn a_question_shows_its_answer_keys_on_the_bottom_line_in_every_game() {
    for game in GameKind::ALL {
        let (_dir, mut app, _receive) = app_on(game);
        if game == GameKind::TripleKlondike {
            // Its deals are pasted, not typed.
            let deal = include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/data/triple-klondike-seed-7.txt"
            ));
            app.update(Msg::Paste(deal.to_string()));
        } else {
            type_text(&mut app, "Ah");
        }
        assert!(app.unsaved().is_some(), "{game}: work to lose");
        let keys = key_line(&app);
        ctrl(&mut app, 'n');
        let asked = key_line(&app);
        assert_ne!(asked, keys, "{game}");
        assert!(
            asked.contains("y clears") && asked.contains("n Esc keeps it"),
            "{game}: {asked}"
        );
        assert!(!asked.contains("help"), "{game}: {asked}");
        if game == GameKind::Pyramid {
            insta::assert_snapshot!("pyramid_question_at_80x24", screen(&app, 80, 24));
        }
        // A command key, a click or a paste answers nothing: the question waits, its keys
        // stay, and the line says the question again.
        let work = app.session.work();
        let question = said(&app);
        for key in [
            control('p'),
            control('s'),
            KeyEvent::new(KeyCode::F(1), KeyModifiers::NONE),
            KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE),
            KeyEvent::new(KeyCode::Left, KeyModifiers::NONE),
            plain('h'),
        ] {
            app.update(Msg::Key(key));
            assert!(app.confirm.is_some(), "{game}: {key:?}");
            assert!(app.shell.overlay.is_none(), "{game}: {key:?}");
            assert_eq!(app.session.work(), work, "{game}: {key:?}");
            assert_eq!(key_line(&app), asked, "{game}: {key:?}");
            assert!(said(&app).ends_with(&question), "{game}: {}", said(&app));
        }
        says(&app, "'h' does not answer the question. Clear ");
        mouse(
            &mut app,
            MouseEventKind::Down(crossterm::event::MouseButton::Left),
            10,
            5,
        );
        app.update(Msg::Paste("Kh".to_string()));
        assert!(app.confirm.is_some(), "{game}");
        assert_eq!(app.session.work(), work, "{game}");
        // Answered, the screen's keys come back.
        press(&mut app, KeyCode::Esc);
        assert_eq!(key_line(&app), keys, "{game}");
    }
}

#[test]
fn a_long_question_cut_at_80_by_24_keeps_how_to_answer_it() {
    let top = tempfile::tempdir().unwrap();
    let dir = top
        .path()
        .join("a-folder-with-a-rather-long-name-for-the-saves-of-this-player")
        .join("and-another-one-below-it-just-as-long-as-the-first-one-was");
    std::fs::create_dir_all(&dir).unwrap();
    let (mut app, _receive) = start(&dir);
    type_text(&mut app, "Ah");
    block(&Folders::under(&dir).saves);
    type_text(&mut app, "2h");
    ctrl(&mut app, 'q');
    assert!(!app.quitting());
    let shown = screen(&app, 80, 24);
    assert!(shown.contains('…'), "the question is cut: {shown}");
    let words: String = shown.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("Quit and lose"), "{shown}");
    assert!(
        words.contains("y (or Ctrl-Q again) quits, n or Esc stays."),
        "{shown}"
    );
}

/// The quit question asked over another question leaves that one waiting under it: `n`
/// brings it back whole, and it is answered as before. With nothing that quitting would lose,
/// Ctrl-Q quits at once, over a question too.
#[test]
fn staying_brings_back_the_question_that_quitting_was_asked_over() {
    let (dir, mut app, _receive) = fresh();
    type_text(&mut app, "Ah");
    block(&Folders::under(dir.path()).saves);
    type_text(&mut app, "2h");
    says(&app, "The draft is not kept");
    ctrl(&mut app, 'n');
    let question = said(&app);
    assert!(
        question.starts_with("Clear the 2 cards typed"),
        "{question}"
    );
    ctrl(&mut app, 'q');
    assert_eq!(app.confirm, Some(Confirm::Quit));
    says(&app, "Quit and lose the 2 cards typed");
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.quitting());
    assert_eq!(app.confirm, Some(Confirm::New), "{}", said(&app));
    assert_eq!(
        said(&app),
        format!("Not quit: the work is still here. {question}")
    );
    // The question back is the one asked: Esc keeps the cards, and says so.
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.confirm, None);
    assert_eq!(app.pyramid().editor.filled(), 2);
    says(&app, "Kept as it was: no new deal.");
    // Asked again, covered again, and after staying, y goes ahead.
    ctrl(&mut app, 'n');
    ctrl(&mut app, 'q');
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.pyramid().editor.filled(), 0);

    // The draft holds the work: quitting loses nothing, and goes at once.
    let (_dir, mut app, _receive) = fresh();
    type_text(&mut app, "Ah");
    ctrl(&mut app, 'n');
    assert!(app.confirm.is_some());
    ctrl(&mut app, 'q');
    assert!(app.quitting());
}

/// The Open dialog's delete question under the quit question: the dialog shows the quit
/// question and its keys, so `y` is known to quit; staying brings the delete question back.
#[test]
fn the_quit_question_over_the_delete_question_is_the_one_the_dialog_shows() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _receive) = unkept_over_the_open_dialog(dir.path());
    press(&mut app, KeyCode::Delete);
    assert!(screen(&app, 80, 24).contains("Delete Sunday (sunday.txt)?"));
    ctrl(&mut app, 'q');
    assert_eq!(app.confirm, Some(Confirm::Quit));
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("│Quit and lose"), "{shown}");
    assert!(!shown.contains("Delete Sunday"), "{shown}");
    assert!(shown.contains("y quits, n or Esc stays."), "{shown}");
    assert!(shown.contains("│y quits  n Esc stays"), "{shown}");
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.quitting());
    let shown = screen(&app, 80, 24);
    assert!(
        words(&shown).contains("Delete Sunday (sunday.txt)? y deletes it"),
        "{shown}"
    );
    assert!(shown.contains("│y delete  n Esc keep it"), "{shown}");
    press(&mut app, KeyCode::Char('y'));
    assert!(!app.folders.saves.join("sunday.txt").exists());
}

/// The words on the screen, one space between them: the dialog's note as read, whatever
/// lines it wraps into.
fn words(shown: &str) -> String {
    shown
        .split(|c: char| c.is_whitespace() || c == '│')
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// An app whose saves folder has a long path and holds "Sunday", with work the draft can no
/// longer hold (a folder stands where it goes), on the Open dialog filtered to "sunday".
fn unkept_over_the_open_dialog(top: &Path) -> (App, Receiver<Msg>) {
    let dir = top
        .join("a-folder-with-a-rather-long-name-for-the-saves-of-this-player")
        .join("and-another-one-below-it-just-as-long-as-the-first-one-was");
    std::fs::create_dir_all(&dir).unwrap();
    let (mut app, receive) = start(&dir);
    app.update(Msg::Paste(WINNABLE.to_string()));
    save_named(&mut app, "Sunday");
    let draft = app.draft_path().expect("a draft is kept").to_path_buf();
    std::fs::remove_file(&draft).unwrap();
    std::fs::create_dir_all(draft.join("in the way")).unwrap();
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Backspace);
    says(&app, "The draft is not kept");
    ctrl(&mut app, 'o');
    type_text(&mut app, "sunday");
    (app, receive)
}

/// The quit question in the Open dialog's two lines says why the work would be lost (the
/// draft cannot be written, and the system's reason) and how to answer, whole: the draft's
/// long path is left to the message line under the dialog.
#[test]
fn the_quit_question_in_the_open_dialog_keeps_its_reason_and_keys_whole() {
    let top = tempfile::tempdir().unwrap();
    let (mut app, _receive) = unkept_over_the_open_dialog(top.path());
    press(&mut app, KeyCode::Delete);
    ctrl(&mut app, 'q');
    assert_eq!(app.confirm, Some(Confirm::Quit));
    let shown = screen(&app, 80, 24);
    let read = words(&shown);
    let Some(Overlay::Open(dialog)) = &app.shell.overlay else {
        panic!("the dialog stays open")
    };
    let (_, note) = dialog
        .note
        .clone()
        .expect("the question is on the dialog's line");
    assert!(
        note.starts_with("Quit and lose the ") && !note.contains('/'),
        "{note}"
    );
    assert!(note.contains("? The draft cannot be written ("), "{note}");
    assert!(note.ends_with("). y quits, n or Esc stays."), "{note}");
    assert!(read.contains(&words(&note)), "{shown}");
    assert!(!shown.contains('…'), "{shown}");
    // The message line keeps the question in full, with the draft's path.
    says_in(
        &app,
        "It is kept nowhere: the draft cannot be written (cannot write /",
    );
}

/// Each answer's reply is said where the user is looking when it is given, and only then:
/// staying brings back the delete question with "Not quit" before it, Esc then says what
/// was kept, and nothing of either waits under the dialog to be found once it closes.
#[test]
fn replies_in_the_open_dialog_are_said_there_and_then() {
    let top = tempfile::tempdir().unwrap();
    let (mut app, _receive) = unkept_over_the_open_dialog(top.path());
    press(&mut app, KeyCode::Delete);
    ctrl(&mut app, 'q');
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.quitting());
    let read = words(&screen(&app, 80, 24));
    assert!(
        read.contains("Not quit: the work is still here. Delete Sunday (sunday.txt)? y deletes"),
        "{read}"
    );
    assert!(!said(&app).contains("Not quit"), "{}", said(&app));
    press(&mut app, KeyCode::Esc);
    let read = words(&screen(&app, 80, 24));
    assert!(read.contains("Kept Sunday."), "{read}");
    assert!(!read.contains("Not quit"), "{read}");
    assert!(!read.contains("Delete Sunday"), "{read}");
    press(&mut app, KeyCode::Esc);
    assert!(window(&app).is_none());
    let read = words(&screen(&app, 80, 24));
    assert!(!read.contains("Not quit"), "{read}");
    assert!(!read.contains("Quit and lose"), "{read}");

    // Without a delete question under it: staying leaves no question on the dialog's line.
    ctrl(&mut app, 'o');
    ctrl(&mut app, 'q');
    press(&mut app, KeyCode::Char('n'));
    let read = words(&screen(&app, 80, 24));
    assert!(read.contains("Not quit: the work is still here."), "{read}");
    assert!(!read.contains("Quit and lose"), "{read}");
    press(&mut app, KeyCode::Esc);
    assert!(window(&app).is_none());
    assert!(!words(&screen(&app, 80, 24)).contains("Not quit"));
}

//! The model without the outside world: an event in, the effects out, none of them run.

use super::*;

fn key(code: KeyCode) -> Msg {
    Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn control(c: char) -> Msg {
    Msg::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
}

#[test]
fn update_gives_back_the_searches_and_the_writes_without_running_them() {
    let (dir, mut app, receive) = fresh();
    let model = &mut app.app;
    // A change to the work: the draft is to be written.
    let effects = model.update(Msg::Paste(WINNABLE.to_string()));
    let [
        Effect::KeepDraft {
            text: Some(text), ..
        },
    ] = &effects[..]
    else {
        panic!("the draft to keep: {effects:?}")
    };
    assert_eq!(deal(text), deal(WINNABLE));
    // Enter: a search to start, on the solving screen already, and no thread yet.
    let effects = model.update(key(KeyCode::Enter));
    assert!(matches!(effects[..], [Effect::Solve(_)]), "{effects:?}");
    assert!(matches!(model.pyramid().screen, Screen::Solving(_)));
    std::thread::sleep(std::time::Duration::from_millis(50));
    assert!(receive.try_recv().is_err(), "nothing runs but the runner");
    // Esc cancels: nothing more to do outside.
    assert!(model.update(key(KeyCode::Esc)).is_empty());
    // Saving, listing the saves and keeping the theme are the runner's too.
    assert!(model.update(control('s')).is_empty(), "the dialog opens");
    let effects = model.update(key(KeyCode::Enter));
    assert!(matches!(effects[..], [Effect::Save(..)]), "{effects:?}");
    assert!(matches!(
        model.update(control('o'))[..],
        [Effect::ListSaves]
    ));
    assert!(
        model.shell.overlay.is_none(),
        "the dialog waits for the list"
    );
    assert!(matches!(
        model.update(control('t'))[..],
        [Effect::KeepTheme(_)]
    ));
    assert!(
        !dir.path().join("saves").exists(),
        "no file was written, not even the draft"
    );
}

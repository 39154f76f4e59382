//! Files without a `# game:` line open as the game they hold, as `pyramid FILE` opens them:
//! listed and opened by Ctrl-O, and given to the app with `--game` or sniffed, into the
//! editor with their problems as a header naming the game would have them.

use super::*;
use crate::app::games::{self, Holds, Opening, Unopened};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).expect("a fixture")
}

/// A text without its `# game:` line, as a file typed by hand has none.
fn without_game_line(text: &str) -> String {
    text.lines()
        .filter(|line| !line.starts_with("# game:"))
        .flat_map(|line| [line, "\n"])
        .collect()
}

#[test]
fn ctrl_o_lists_and_opens_klondike_files_without_a_game_line_as_klondike() {
    let dir = tempfile::tempdir().unwrap();
    let saves = Folders::under(dir.path()).saves;
    std::fs::create_dir_all(&saves).unwrap();
    let files = [
        ("solvitaire", data("klondike-no-win.json")),
        (
            "position",
            without_game_line(&data("klondike-position.txt")),
        ),
        (
            "under way",
            without_game_line(&data("klondike-under-way.txt")),
        ),
    ];
    for (stem, text) in &files {
        assert!(!text.contains("# game:"), "{stem}");
        std::fs::write(saves.join(format!("{stem}.txt")), text).unwrap();
    }
    let (listed, broken) = games::list(&Folders::under(dir.path()));
    assert!(broken.is_empty(), "{broken:?}");
    for (stem, _) in &files {
        let entry = listed.iter().find(|entry| entry.name() == *stem);
        let entry = entry.unwrap_or_else(|| panic!("{stem} listed"));
        assert_eq!(entry.game(), GameKind::Klondike, "{stem}");
        assert!(matches!(entry.holds, Holds::Game(_)), "{stem}");
    }
    let (mut app, _receive) = start(dir.path());
    ctrl(&mut app, 'o');
    type_text(&mut app, "under way");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.session.game(), GameKind::Klondike, "{}", said(&app));
    assert_eq!(app.session.work().moves, 4, "{}", said(&app));
}

#[test]
fn a_table_with_problems_given_as_klondike_opens_in_its_editor_as_with_its_header() {
    let headed = data("klondike-position.txt").replace("pile 6: Kh Qc", "pile 6: Kh Kc");
    for text in [headed.clone(), without_game_line(&headed)] {
        let Err(Unopened::Open(error)) = games::read_saved(GameKind::Klondike, &text, "twice")
        else {
            panic!("a table with Kc twice does not read as a game")
        };
        let opening = games::to_edit(GameKind::Klondike, "twice".into(), &text, &error)
            .expect("the table's editor takes it");
        let dir = tempfile::tempdir().unwrap();
        let (send, _receive) = mpsc::channel();
        let app = App::new(
            Setup {
                deal_text: Some(opening),
                ..setup(dir.path())
            },
            send,
        );
        assert_eq!(app.session.game(), GameKind::Klondike, "{}", said(&app));
        says(
            &app,
            "Opened 'twice' with problems to fix: the Check panel shows them.",
        );
    }
}

/// The app started on a file as `pyramid FILE` starts it: the game sniffed from the text,
/// then opened as the registry decides.
fn given_on_the_command_line(dir: &Path, stem: &str, text: &str) -> Result<App, Unopened> {
    let game = games::game_of_file(text)?;
    let mut setup = setup(dir);
    match games::opening(game, text, stem)? {
        Opening::Game(saved) => setup.deal = Some(saved),
        Opening::Edit(text) => setup.deal_text = Some(text),
    }
    let (send, _receive) = mpsc::channel();
    Ok(App::new(setup, send))
}

/// The app opening the save `stem` from the Open dialog, or what the dialog lists as not
/// opened when it is not there to choose.
fn opened_with_ctrl_o(dir: &Path, stem: &str) -> Result<App, Vec<String>> {
    let (mut app, _receive) = start(dir);
    ctrl(&mut app, 'o');
    let Some(Overlay::Open(dialog)) = &app.shell.overlay else {
        panic!("the open dialog opens: {}", said(&app))
    };
    if !dialog.entries.iter().any(|entry| entry.name() == stem) {
        return Err(dialog.broken.clone());
    }
    type_text(&mut app, stem);
    press(&mut app, KeyCode::Enter);
    Ok(app)
}

/// Hand-made files of every game with an editor, each with a card twice and no
/// `# unfinished:` header, and one with a word that is not a card.
fn hand_made() -> Vec<(&'static str, String)> {
    // Its headers dropped (all of them, or the name), as a file typed by hand has none.
    let without = |text: &str, dropped: &str| -> String {
        text.lines()
            .filter(|line| !line.starts_with(dropped))
            .flat_map(|line| [line, "\n"])
            .collect()
    };
    vec![
        (
            "pyramid-twice",
            without(WINNABLE, "#").replacen("8h", "4d", 1),
        ),
        (
            "tripeaks-twice",
            without(super::tripeaks::CLEARS, "# name:").replacen("Kh", "8h", 1),
        ),
        (
            "klondike-twice",
            data("klondike-position.txt").replace("pile 6: Kh Qc", "pile 6: Kh Kc"),
        ),
        (
            "pair-twice",
            data("perfect-pair-small.txt").replace("Kh 2h", "Kd 2h"),
        ),
    ]
}

#[test]
fn a_hand_made_file_with_problems_opens_alike_from_the_command_line_and_with_ctrl_o() {
    let dir = tempfile::tempdir().unwrap();
    let saves = Folders::under(dir.path()).saves;
    std::fs::create_dir_all(&saves).unwrap();
    let mut files = hand_made();
    files.push(("not-cards", "Ah Xq\n".to_string()));
    for (stem, text) in &files {
        assert!(!text.contains("# unfinished:"), "{stem}");
        std::fs::write(saves.join(format!("{stem}.txt")), text).unwrap();
    }
    for (stem, text) in &hand_made() {
        let elsewhere = tempfile::tempdir().unwrap();
        let given = given_on_the_command_line(elsewhere.path(), stem, text)
            .unwrap_or_else(|error| panic!("{stem}: {error}"));
        let chosen = opened_with_ctrl_o(dir.path(), stem)
            .unwrap_or_else(|broken| panic!("{stem} is listed to open, not in {broken:?}"));
        for app in [&given, &chosen] {
            assert!(app.session.editing(), "{stem}: {}", said(app));
            assert!(app.session.problems_to_fix(), "{stem}: {}", said(app));
            says(
                app,
                &format!("Opened '{stem}' with problems to fix: the Check panel shows them."),
            );
        }
        assert_eq!(given.session.game(), chosen.session.game(), "{stem}");
        assert_eq!(given.session.work(), chosen.session.work(), "{stem}");
        assert_eq!(given.name, chosen.name, "{stem}");
    }
    // A word that is not a card has no slot to show it in: both paths refuse it, naming it.
    let refused = given_on_the_command_line(dir.path(), "not-cards", "Ah Xq\n");
    assert!(matches!(refused, Err(Unopened::Open(_))), "refused");
    let broken = opened_with_ctrl_o(dir.path(), "not-cards")
        .err()
        .expect("not listed to open");
    assert!(
        broken
            .iter()
            .any(|reason| reason.starts_with("not-cards.txt:")),
        "{broken:?}"
    );
}

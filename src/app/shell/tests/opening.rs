//! Files without a `# game:` line open as the game they hold, as `pyramid FILE` opens them:
//! listed and opened by Ctrl-O, and given to the app with `--game` or sniffed, into the
//! editor with their problems as a header naming the game would have them.

use super::*;
use crate::app::games::{self, Holds, Unopened};

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

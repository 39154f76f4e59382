//! The draft of each app running: restored on the next start, never shown, changed or
//! deleted by a second app, and found again after its app was killed; a game too long to be
//! read back, neither saved nor kept as a draft, and a draft that cannot be read, kept.

use super::*;

#[test]
fn a_second_app_keeps_its_own_draft_and_a_killed_apps_work_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let (mut first, _first) = start(dir.path());
    type_text(&mut first, "Ah2h3h");

    // A second app, while the first runs: a new deal, and why.
    let (mut second, _second) = start(dir.path());
    assert_eq!(second.pyramid().editor.filled(), 0, "{}", said(&second));
    says(
        &second,
        "The draft of the other pyramid running is left to it",
    );
    type_text(&mut second, "Kd");
    ctrl(&mut second, 'n');
    press(&mut second, KeyCode::Char('y'));
    assert_eq!(second.pyramid().editor.filled(), 0);

    // The first app is killed (nothing of it runs on): its work comes back on the next
    // start, though the second app still runs and cleared its own deal.
    drop(first);
    let (third, _third) = start(dir.path());
    assert_eq!(third.pyramid().editor.filled(), 3, "{}", said(&third));
    says(&third, "Restored");

    // The second app's next cards go to its own draft, never over the third one's.
    type_text(&mut second, "Qc");
    drop(third);
    drop(second);
    // Two apps started one after the other take one draft each.
    let apps: Vec<(App, Receiver<Msg>)> = (0..2).map(|_| start(dir.path())).collect();
    let mut found: Vec<usize> = apps
        .iter()
        .map(|(app, _)| app.pyramid().editor.filled())
        .collect();
    found.sort_unstable();
    assert_eq!(found, [1, 3], "both drafts are there");
}

/// The winnable example played on under unlimited passes, drawing through the stock and
/// recycling, until its text is over the 1 MiB a save is read back with.
fn too_long_to_read_back() -> SavedDeal {
    let mut saved = SavedDeal::parse(WINNABLE, "long game").unwrap();
    saved.rules.passes = solitaire::games::pyramid::Passes::Unlimited;
    let round = std::iter::repeat_n(Move::Draw, 24).chain([Move::Recycle]);
    saved.moves = round.cycle().take(25 * 8_500).collect();
    assert!(saved.to_text().len() as u64 > crate::store::text_file::MAX_BYTES);
    saved
}

#[test]
fn a_game_too_long_to_be_read_back_is_not_saved_over_a_readable_save_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let long = too_long_to_read_back();
    let mut short = long.clone();
    short.moves.truncate(25 * 4);
    let path = crate::app::games::pyramid::save(&Folders::under(dir.path()), &short).unwrap();
    let before = std::fs::read(&path).unwrap();

    let mut setup = setup(dir.path());
    setup.deal = Some(Kept::of(long.clone()));
    let (send, _receive) = mpsc::channel();
    let mut app = App::new(setup, send);
    assert!(matches!(app.pyramid().screen, Screen::Play));
    let said_first = said(&app);
    assert!(
        said_first.starts_with("The draft is not kept"),
        "{said_first}"
    );
    assert!(said_first.contains("1 MiB"), "{said_first}");

    ctrl(&mut app, 's');
    let Some(Overlay::Save(dialog)) = &app.shell.overlay else {
        panic!("the save dialog opens")
    };
    assert_eq!(dialog.name.text(), long.name);
    press(&mut app, KeyCode::Enter);
    let message = said(&app);
    assert!(
        message.starts_with(&format!("Not saved: cannot write {}", path.display())),
        "{message}"
    );
    assert!(
        message.contains("more than the 1048576 (1 MiB)"),
        "{message}"
    );
    assert!(
        message.ends_with("but too long for the draft as well."),
        "{message}"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the readable save stays"
    );
    assert_eq!(load(&path).unwrap().moves, short.moves);
}

#[test]
fn a_draft_that_cannot_be_read_at_start_is_named_and_kept_whole() {
    let dir = tempfile::tempdir().unwrap();
    // A folder whose name would recolour the terminal, were it shown as it is.
    let base = dir.path().join("e\u{1b}[31mvil");
    let saves = Folders::under(&base).saves;
    std::fs::create_dir_all(&saves).unwrap();
    let huge = saves.join(".draft.txt");
    let text = format!(
        "# draft: the game being entered or played, restored on the next start\n{}",
        too_long_to_read_back().to_text()
    );
    std::fs::write(&huge, &text).unwrap();
    let (mut app, _receive) = start(&base);
    let message = said(&app);
    assert!(
        message.starts_with(&format!(
            "The draft {} is left as it is",
            solitaire::cards::excerpt::shown_path(&huge)
        )),
        "{message}"
    );
    assert!(!message.contains('\u{1b}'), "{message}");
    assert!(message.contains("larger than 1 MiB"), "{message}");
    assert_eq!(app.pyramid().editor.filled(), 0);
    type_text(&mut app, "Ah");
    ctrl(&mut app, 'n');
    press(&mut app, KeyCode::Char('y'));
    drop(app);
    assert_eq!(
        std::fs::read_to_string(&huge).unwrap(),
        text,
        "never written over"
    );
}

/// An app started with `--game GAME` over the folder `dir`.
fn start_named(dir: &Path, game: GameKind) -> (App, Receiver<Msg>) {
    let mut setup = setup(dir);
    setup.game = Some(game);
    let (send, receive) = mpsc::channel();
    (App::new(setup, send), receive)
}

#[test]
fn the_game_named_wins_over_a_draft_of_another_game_which_is_saved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let (mut first, _first) = start(dir.path());
    type_text(&mut first, "Ah2h3h");
    drop(first);

    let (mut app, _receive) = start_named(dir.path(), GameKind::TriPeaks);
    assert_eq!(app.session.game(), GameKind::TriPeaks, "{}", said(&app));
    assert_eq!(app.tripeaks().editor.filled(), 0);
    let message = said(&app);
    assert!(
        message.contains("the 3 cards typed (not saved), is saved: Ctrl-O opens it (")
            && message.ends_with(".txt)."),
        "{message}"
    );
    // The Pyramid work is in the saves, and opens again as it was.
    ctrl(&mut app, 'o');
    let Some(Overlay::Open(dialog)) = &app.shell.overlay else {
        panic!("the open dialog opens")
    };
    let row = dialog
        .visible()
        .iter()
        .position(|entry| entry.name().starts_with("Pyramid draft "))
        .expect("the draft is listed");
    for _ in 0..row {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.session.game(), GameKind::Pyramid, "{}", said(&app));
    assert_eq!(app.pyramid().editor.filled(), 3, "{}", said(&app));

    // Named the draft's own game, or nothing, the draft is restored as before.
    drop(app);
    let (app, _receive) = start_named(dir.path(), GameKind::Pyramid);
    assert_eq!(app.pyramid().editor.filled(), 3, "{}", said(&app));
}

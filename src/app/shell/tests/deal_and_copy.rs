//! A random deal dealt in the editor from a seed that deals it again, and the deal or the
//! solution copied out to the terminal's clipboard and to a file.

use super::tripeaks::{CLEARS, tripeaks_app};
use super::*;
use crate::app::effects::osc52;
use solitaire::cards::deal::RandomDeals;

/// The seed a random deal is named after.
fn seed_of(app: &App) -> u64 {
    let name = app.name.clone().expect("a random deal is named");
    name.strip_prefix("random deal ")
        .and_then(|seed| seed.parse().ok())
        .unwrap_or_else(|| panic!("named after its seed: {name}"))
}

#[test]
fn ctrl_r_deals_the_librarys_random_deal_of_the_game_on_screen_and_shows_its_seed() {
    let (_dir, mut app, _receive) = fresh();
    ctrl(&mut app, 'r');
    let seed = seed_of(&app);
    let deal = RandomDeals::new(seed).next().unwrap();
    assert_eq!(app.pyramid().editor.slots, deal.slots());
    assert!(
        said(&app).contains(&format!("seed {seed}")),
        "{}",
        said(&app)
    );
    assert!(
        said(&app).contains(&format!("pyramid deal --game pyramid --seed {seed}`")),
        "{}",
        said(&app)
    );
    // Another deal replaces it only after a yes.
    ctrl(&mut app, 'r');
    says(&app, "Replace the 52 cards typed");
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(seed_of(&app), seed);
    assert_eq!(app.pyramid().editor.slots, deal.slots());

    let (_dir, mut app, _receive) = tripeaks_app();
    ctrl(&mut app, 'r');
    let seed = seed_of(&app);
    assert_eq!(app.session.game(), GameKind::TriPeaks);
    assert_eq!(
        app.tripeaks().editor.slots,
        RandomDeals::new(seed).next().unwrap().slots()
    );
    let bar = screen(&app, 80, 24)
        .lines()
        .last()
        .unwrap_or("")
        .to_string();
    assert!(bar.contains("^R random"), "{bar}");
}

#[test]
fn ctrl_r_without_a_draft_names_the_seed_and_the_draft_not_kept_in_one_message() {
    let (dir, mut app, _receive) = fresh();
    // The saves folder, where the draft goes, made unwritable whoever runs the tests (the
    // superuser writes in a folder without permissions): a file takes its place.
    let saves = Folders::under(dir.path()).saves;
    if saves.is_dir() {
        std::fs::remove_dir_all(&saves).unwrap();
    }
    std::fs::write(&saves, "not a folder").unwrap();
    ctrl(&mut app, 'r');
    let seed = seed_of(&app);
    let message = said(&app);
    assert!(
        message.starts_with(&format!(
            "A random Pyramid deal, seed {seed}: `pyramid deal"
        )),
        "{message}"
    );
    assert!(message.contains("The draft is not kept: "), "{message}");
    assert_eq!(app.shell.status.as_ref().map(|s| s.tone), Some(Tone::Error));
}

#[test]
fn the_clipboard_sequence_is_base64_in_osc_52() {
    assert_eq!(osc52("Man"), "\x1b]52;c;TWFu\x07");
    assert_eq!(osc52("Ma"), "\x1b]52;c;TWE=\x07");
    assert_eq!(osc52("M"), "\x1b]52;c;TQ==\x07");
    assert_eq!(osc52(""), "\x1b]52;c;\x07");
}

#[test]
fn ctrl_y_copies_the_deal_then_the_solution_out_never_over_another_file() {
    let (dir, mut app, receive) = fresh();
    ctrl(&mut app, 'y');
    says(&app, "Nothing to copy yet");
    assert!(app.runner.take_terminal_output().is_empty());

    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 'y');
    let message = said(&app);
    assert!(message.contains("cannot be known"), "{message}");
    let path = dir.path().join("saves/deal-copy.txt");
    assert!(message.contains(&path.display().to_string()), "{message}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        deal(&text),
        deal(WINNABLE),
        "the file reads back as the deal"
    );
    assert_eq!(app.runner.take_terminal_output(), [osc52(&text)]);
    // Again: a new file, the first kept.
    ctrl(&mut app, 'y');
    assert!(dir.path().join("saves/deal-copy-2.txt").exists());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);

    press(&mut app, KeyCode::Enter);
    finish_solving(&mut app, &receive);
    ctrl(&mut app, 'y');
    let steps = std::fs::read_to_string(dir.path().join("saves/deal-solution.steps")).unwrap();
    let solution = solution(&app);
    assert_eq!(steps.lines().count(), solution.moves.len());
    let mut position = solution.positions[0].clone();
    for (number, (line, &mv)) in steps.lines().zip(&solution.moves).enumerate() {
        assert_eq!(
            line,
            format!("{:>3}. {}", number + 1, position.describe(mv))
        );
        position.apply(mv).unwrap();
    }
    assert!(position.is_cleared());
    // The steps are not a save: the Open dialog does not list them.
    press(&mut app, KeyCode::Esc);
    ctrl(&mut app, 'o');
    let Some(Overlay::Open(dialog)) = &app.shell.overlay else {
        panic!("the open dialog opens: {}", said(&app))
    };
    assert!(dialog.broken.is_empty(), "{:?}", dialog.broken);
    assert_eq!(
        dialog
            .entries
            .iter()
            .filter(|e| e.name().starts_with("deal-copy"))
            .count(),
        2,
        "the deal's copies are deals"
    );
}

#[test]
fn ctrl_y_copies_a_tripeaks_deal_as_solve_reads_it() {
    let (dir, mut app, _receive) = tripeaks_app();
    app.update(Msg::Paste(CLEARS.to_string()));
    ctrl(&mut app, 'y');
    let text = std::fs::read_to_string(dir.path().join("saves/deal-copy.txt")).unwrap();
    assert_eq!(
        solitaire::Deal::parse_as(&text, GameKind::TriPeaks).unwrap(),
        solitaire::Deal::parse_as(CLEARS, GameKind::TriPeaks).unwrap()
    );
}

/// A key of each game's editor that changes its rules, for a game with rules to choose.
fn rule_key(game: GameKind) -> Option<char> {
    match game {
        GameKind::Pyramid => Some('r'),
        GameKind::Klondike => Some('w'),
        GameKind::PerfectPair => Some('f'),
        _ => None,
    }
}

#[test]
fn ctrl_n_and_ctrl_r_keep_the_rules_chosen_in_every_game() {
    for screens in crate::app::games::ALL {
        let game = screens.game;
        let (_dir, mut app, _receive) = app_on(game);
        let before = app.session.title().1;
        if let Some(key) = rule_key(game) {
            press(&mut app, KeyCode::Char(key));
        }
        let chosen = app.session.title().1;
        if rule_key(game).is_some() {
            assert_ne!(chosen, before, "{game}: the key changes the rules");
        }
        ctrl(&mut app, 'n');
        assert_eq!(app.session.title().1, chosen, "{game}: Ctrl-N");
        ctrl(&mut app, 'r');
        assert!(app.name.is_some(), "{game}: a random deal");
        assert_eq!(app.session.title().1, chosen, "{game}: Ctrl-R");
        // The random deal is drafted, and would be solved, under the rules kept.
        let draft = kept_draft(&app);
        let restored = crate::app::games::restored(&draft, TEST_ROUNDS, &mut Effects::default()).0;
        assert_eq!(restored.title().1, chosen, "{game}: the draft");
        ctrl(&mut app, 'n');
        press(&mut app, KeyCode::Char('y'));
        assert!(app.name.is_none(), "{game}: a new deal");
        assert_eq!(app.session.title().1, chosen, "{game}: Ctrl-N over a deal");
    }
}

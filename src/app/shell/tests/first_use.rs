//! What a new user ran into: opening an unfinished save over a game, a saved game across a
//! restart, long names on the title line, the help and Open dialog widths, a lost or won
//! game's keys, singular counts, a gone mark where it cannot be, and the challenge dialog.

use super::*;
use crate::app::cards::CardText;
use ratatui::style::Modifier;

/// Saves one typed card as an unfinished deal named `name` by keys, as a user does.
fn unfinished_by_keys(dir: &Path, name: &str) -> std::path::PathBuf {
    let (mut app, _receive) = start(dir);
    type_text(&mut app, "Ah");
    ctrl(&mut app, 's');
    let Some(Overlay::Save(dialog)) = &app.shell.overlay else {
        panic!("the save dialog opens")
    };
    for _ in 0..dialog.name.text().chars().count() {
        press(&mut app, KeyCode::Backspace);
    }
    type_text(&mut app, name);
    press(&mut app, KeyCode::Enter);
    assert!(said(&app).contains("unfinished"), "{}", said(&app));
    let path = dir.join("saves").join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("# unfinished: 1/52 cards"), "{text}");
    std::fs::remove_file(app.draft_path().unwrap()).unwrap();
    path
}

#[test]
fn an_unfinished_save_opened_over_a_game_leaves_play_mode_and_the_draft_holds_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = unfinished_by_keys(dir.path(), "half");
    // A game in progress, one move played, then quit.
    let mut with_deal = setup(dir.path());
    with_deal.deal = Some(Kept::of(SavedDeal::parse(WINNABLE, "winnable").unwrap()));
    let (send, _receive) = mpsc::channel();
    let mut app = App::new(with_deal, send);
    ctrl(&mut app, 'p');
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(app.pyramid().play.as_ref().unwrap().game.moves().len(), 1);
    drop(app);
    // Starting with the unfinished file asks, and y opens it.
    let mut with_text = setup(dir.path());
    with_text.deal_text = Some(DealText {
        name: "half".to_string(),
        text: std::fs::read_to_string(&path).unwrap(),
    });
    let (send, _receive) = mpsc::channel();
    let mut app = App::new(with_text, send);
    assert!(said(&app).contains("1 move played"), "{}", said(&app));
    press(&mut app, KeyCode::Char('y'));
    assert!(
        matches!(app.pyramid().screen, Screen::Editor),
        "{:?}",
        app.pyramid().screen
    );
    assert!(app.pyramid().play.is_none());
    assert_eq!(app.pyramid().editor.filled(), 1);
    let shown = screen(&app, 100, 30);
    assert!(shown.contains("Enter the deal"), "{shown}");
    // Ctrl-P does not bring the old game back: the deal is not whole.
    ctrl(&mut app, 'p');
    assert!(matches!(app.pyramid().screen, Screen::Editor));
    let Some(draft) = kept_draft(&app).get::<Draft>().cloned() else {
        panic!("a Pyramid draft")
    };
    assert_eq!(draft.slots.iter().flatten().count(), 1);
    assert!(draft.moves.is_empty());
}

#[test]
fn a_saved_game_is_still_named_and_saved_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _receive) = start(dir.path());
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 'p');
    for _ in 0..3 {
        press(&mut app, KeyCode::Char('d'));
    }
    ctrl(&mut app, 's');
    let Some(Overlay::Save(dialog)) = &app.shell.overlay else {
        panic!("the save dialog opens")
    };
    for _ in 0..dialog.name.text().chars().count() {
        press(&mut app, KeyCode::Backspace);
    }
    type_text(&mut app, "three draws");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.unsaved(), None);
    drop(app);
    let (mut app, _receive) = start(dir.path());
    assert_eq!(app.pyramid().play.as_ref().unwrap().game.moves().len(), 3);
    assert_eq!(app.name.as_deref(), Some("three draws"));
    assert_eq!(app.unsaved(), None, "the work is as saved");
    let shown = screen(&app, 100, 30);
    assert!(
        shown.lines().next().unwrap().contains("three draws"),
        "{shown}"
    );
    // Opening another game goes ahead without asking.
    ctrl(&mut app, 'o');
    press(&mut app, KeyCode::Enter);
    assert!(app.confirm.is_none(), "{}", said(&app));
    // A move after the restart is unsaved work, and stays so across the next one.
    let (mut app, _receive) = start(dir.path());
    ctrl(&mut app, 'n');
    assert!(app.confirm.is_none());
    drop(app);
    let mut with_deal = setup(dir.path());
    let path = dir.path().join("saves/three-draws.txt");
    with_deal.deal = Some(Kept::of(load(&path).unwrap()));
    let (send, _receive) = mpsc::channel();
    let mut app = App::new(with_deal, send);
    assert_eq!(app.unsaved(), None);
    press(&mut app, KeyCode::Char('d'));
    assert!(app.unsaved().is_some());
    drop(app);
    let (app, _receive) = start(dir.path());
    assert_eq!(app.name.as_deref(), Some("three draws"));
    assert!(
        app.unsaved().is_some(),
        "a move after the save is not saved"
    );
}

#[test]
fn a_long_name_on_the_title_line_is_cut_in_its_middle_after_the_theme_leaves_and_before_the_rules()
{
    let (_dir, mut app, _receive) = fresh();
    let name = "Example: no solution (needs the full search)";
    app.name = Some(name.to_string());
    type_text(&mut app, "rrre");
    let mut seen = (false, false);
    for width in layout::MIN_WIDTH..=160 {
        let shown = screen(&app, width, 30);
        let title = shown.lines().next().unwrap();
        let whole = title.contains(name);
        assert!(
            whole || (title.contains("Example: ") && title.contains("search)  ")),
            "{width}: {title:?}"
        );
        assert!(
            title.contains("  Pyramid · unlimited passes"),
            "the rules stay: {width}: {title:?}"
        );
        let theme = title.contains("theme:");
        assert!(
            whole || !theme,
            "the theme leaves first: {width}: {title:?}"
        );
        seen = (seen.0 || !whole, seen.1 || theme);
    }
    assert_eq!(seen, (true, true), "the theme shows, the name is cut");
    // A name longer than the line alone is cut in its middle beside the rules.
    app.name = Some("A deal with a name far too long for any title line ".repeat(2));
    let shown = screen(&app, 80, 30);
    let title = shown.lines().next().unwrap();
    assert!(
        title.contains("A deal with") && title.contains('…') && title.contains("  Pyramid · "),
        "{title}"
    );
}

#[test]
fn the_deal_s_name_and_the_rules_show_on_the_title_line_of_every_screen_at_80_by_24() {
    let text = include_str!("../../../../tests/data/pyramid-stock-face-down.txt");
    let name = "The 40-step deal as dealt: the stock face down";
    let dir = tempfile::tempdir().unwrap();
    let (send, _receive) = mpsc::channel();
    let mut setup = setup(dir.path());
    setup.deal =
        Some(crate::app::games::read_saved(GameKind::Pyramid, text, "face-down").expect("a deal"));
    let mut app = App::new(setup, send);
    for key in ["editor", "play"] {
        let shown = screen(&app, 80, 24);
        let title = shown.lines().next().unwrap();
        // The name's start and end, cut in its middle for the rules.
        let (start, end) = name.split_at(15);
        assert!(
            title.contains(start)
                && title.contains(&end[end.len() - 15..])
                && title.ends_with("Pyramid · 3 passes"),
            "{key}: {title}"
        );
        ctrl(&mut app, 'p');
    }
}

#[test]
fn the_help_uses_the_width_there_is_and_wraps_what_does_not_fit() {
    let (_dir, mut app, _receive) = fresh();
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 'p');
    press(&mut app, KeyCode::Char('?'));
    let words = |text: &str| {
        text.split_whitespace()
            .filter(|word| !"│┌┐└┘─".contains(*word))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let whole = {
        let mut all = Vec::new();
        for (_, section) in app.help_sections() {
            for binding in section {
                all.extend(words(binding.what));
            }
        }
        all
    };
    for (width, height) in [(80, 200), (100, 200), (160, 200)] {
        app.update(Msg::Resize(width, height));
        let shown = screen(&app, width, height);
        let mut seen: Vec<String> = Vec::new();
        for line in shown.lines() {
            seen.extend(words(&line.replace(['│', '┌', '┐', '└', '┘'], " ")));
        }
        for word in &whole {
            assert!(seen.contains(word), "{width}: '{word}' is cut\n{shown}");
        }
        let widest = shown.lines().map(|l| l.chars().count()).max().unwrap();
        if width > 100 {
            assert!(widest > 80, "{width}: the help stays narrow\n{shown}");
        }
    }
    // At 80 columns a long description goes on under itself, indented.
    let shown = screen(&app, 80, 200);
    assert!(shown.contains("play on from the step shown"), "{shown}");
    assert!(
        shown.contains(&format!("{}undo)", " ".repeat(20))),
        "{shown}"
    );
}

#[test]
fn the_open_dialog_shows_the_state_whole_and_fills_a_wide_screen() {
    let (_dir, mut app, _receive) = fresh();
    let start = Draft::parse(&crate::store::text_file::normalize(WINNABLE))
        .unwrap()
        .slots
        .map(Option::unwrap);
    let deal = Deal::from_cards(&start).unwrap();
    for (name, moves) in [
        ("deal 2026-11-23 20:00", 3),
        ("Example: no solution (needs the full search) played", 45),
    ] {
        let mut game = SavedDeal::new(name, "2026-11-22 10:00", Verdict::Unsolved, deal);
        let mut played = Game::new(game.midgame.position(&game.deal, game.rules).unwrap());
        for _ in 0..moves {
            if played.play(Move::Draw).is_err() {
                played.play(Move::Recycle).unwrap();
            }
        }
        game.moves = played.moves().to_vec();
        crate::app::games::pyramid::save(&app.folders, &game).unwrap();
    }
    ctrl(&mut app, 'o');
    for width in [80, 100, 160] {
        let shown = screen(&app, width, 30);
        assert!(shown.contains("3 moves in"), "{width}:\n{shown}");
        // A state is whole or not shown: the name comes first, being what tells the rows
        // apart, and at 80 and 100 columns this one leaves no room for it.
        assert_eq!(
            shown.contains("45 moves in"),
            width > 100,
            "{width}:\n{shown}"
        );
        if width == 100 {
            assert!(
                shown.contains("│▶  Example: no solution (needs the full search) played "),
                "{shown}"
            );
        }
        assert!(!shown.contains("45 mo…"), "{width}:\n{shown}");
        // Nothing of the board shows beside the dialog.
        assert!(!shown.contains("Deal ─"), "{width}:\n{shown}");
    }
}

#[test]
fn one_move_and_one_card_gone_are_singular() {
    let (_dir, mut app, _receive) = fresh();
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 'p');
    press(&mut app, KeyCode::Char('d'));
    let shown = screen(&app, 100, 30);
    assert!(shown.contains("1 move played"), "{shown}");
    // A card marked gone: the Check panel counts it.
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Char('-'));
    assert!(
        said(&app).starts_with("Change the deal and lose the 1 move played (not saved)?"),
        "{}",
        said(&app)
    );
    press(&mut app, KeyCode::Char('y'));
    let shown = screen(&app, 100, 30);
    assert!(shown.contains("1 card gone"), "{}\n{shown}", said(&app));
    assert!(
        !shown.contains(" 1 cards") && !shown.contains(" 1 moves"),
        "{shown}"
    );
}

#[test]
fn a_card_marked_gone_where_it_cannot_be_shows_the_mark_in_the_error_colour() {
    let (_dir, mut app, _receive) = fresh();
    app.update(Msg::Paste(WINNABLE.to_string()));
    press(&mut app, KeyCode::Home);
    press(&mut app, KeyCode::Char('-'));
    assert!(
        app.pyramid().editor.marks.midgame.is_gone(0),
        "{}",
        said(&app)
    );
    press(&mut app, KeyCode::Tab);
    let card = app.pyramid().editor.slots[0].unwrap();
    let label = format!("({})", CardText { ascii: true }.of(card));
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    terminal.draw(|frame| view::draw(frame, &app)).unwrap();
    let buffer = terminal.backend().buffer();
    let cell = (0..30u16)
        .flat_map(|y| (0..96u16).map(move |x| (x, y)))
        .find(|&(x, y)| {
            (0..4)
                .map(|i| buffer[(x + i, y)].symbol())
                .collect::<String>()
                == label
        })
        .unwrap_or_else(|| panic!("{label} is not shown:\n{}", screen(&app, 100, 30)));
    for i in 0..4 {
        let shown = &buffer[(cell.0 + i, cell.1)];
        assert_eq!(shown.fg, app.theme().invalid, "{label} column {i}");
        assert!(!shown.modifier.contains(Modifier::REVERSED), "{label}");
    }
}

fn challenge(app: &App) -> &ChallengeDialog {
    let Some(Overlay::Challenge(dialog)) = &app.shell.overlay else {
        panic!("the challenge dialog is open")
    };
    dialog
}

#[test]
fn the_challenge_dialog_refuses_a_bad_key_at_once_and_forgets_it_on_a_good_one() {
    let (_dir, mut app, _receive) = fresh();
    press(&mut app, KeyCode::Char('g'));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Down);
    type_text(&mut app, "a");
    assert!(said(&app).contains("'a' is not a digit"), "{}", said(&app));
    type_text(&mut app, "5");
    assert_eq!(said(&app), "", "a good key clears the refusal");
    // A number too large says so, with the limit.
    for _ in 0..3 {
        press(&mut app, KeyCode::Backspace);
    }
    type_text(&mut app, "999999999999");
    press(&mut app, KeyCode::Enter);
    assert!(
        said(&app).contains("Not yet: the Target field takes a number up to 1290000."),
        "{}",
        said(&app)
    );
    // The Rank field takes only what can be part of a rank.
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Down);
    type_text(&mut app, "x");
    assert!(
        said(&app).contains("'x' cannot be part of a rank"),
        "{}",
        said(&app)
    );
    assert_eq!(challenge(&app).card[0].text(), "A", "x is not typed");
    type_text(&mut app, "1");
    assert_eq!(said(&app), "");
    type_text(&mut app, "0");
    assert_eq!(challenge(&app).card[0].text(), "10");
    type_text(&mut app, "0");
    assert_eq!(challenge(&app).card[0].text(), "10");
    assert!(
        said(&app).contains("cannot be part of a rank"),
        "{}",
        said(&app)
    );
    press(&mut app, KeyCode::Backspace);
    press(&mut app, KeyCode::Backspace);
    type_text(&mut app, "q");
    assert_eq!(challenge(&app).card[0].text(), "q");
    press(&mut app, KeyCode::Down);
    type_text(&mut app, "99999999999");
    press(&mut app, KeyCode::Enter);
    assert!(
        said(&app).contains("Not yet: the Target field takes a number up to 4000."),
        "{}",
        said(&app)
    );
}

#[test]
fn a_save_into_a_folder_that_is_a_file_says_so_and_does_not_claim_a_draft() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-folder");
    std::fs::write(&file, "x").unwrap();
    let (send, _receive) = mpsc::channel();
    let mut app = App::new(
        Setup {
            folders: Folders {
                saves: file.clone(),
                ..Folders::under(dir.path())
            },
            ..setup(dir.path())
        },
        send,
    );
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 's');
    press(&mut app, KeyCode::Enter);
    let text = said(&app);
    assert!(text.contains("is a file, not a folder"), "{text}");
    assert!(
        text.contains("the draft cannot be written either"),
        "{text}"
    );
    assert!(!text.contains("kept as a draft"), "{text}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
}

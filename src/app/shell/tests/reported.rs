//! Work is never dropped without asking, pasted text with any line ends, command letters
//! while a card is half typed, the challenge dialog's fields, and the too-small screen.

use super::*;

/// The first example the open dialog lists, opened with Enter.
fn open_first(app: &mut App) {
    ctrl(app, 'o');
    assert!(matches!(app.shell.overlay, Some(Overlay::Open(_))));
    press(app, KeyCode::Enter);
}

#[test]
fn opening_a_game_over_typed_cards_asks_first_and_keeps_the_draft() {
    let (_dir, mut app, _receive) = fresh();
    type_text(&mut app, "3c7sJd5s8cTh2s");
    assert_eq!(app.pyramid().editor.filled(), 7);
    open_first(&mut app);
    assert_eq!(app.pyramid().editor.filled(), 7, "nothing replaced yet");
    assert!(app.confirm.is_some());
    assert!(said(&app).contains("the 7 cards typed"), "{}", said(&app));
    let Some(draft) = kept_draft(&app).get::<Draft>().cloned() else {
        panic!("a Pyramid draft")
    };
    assert_eq!(draft.slots.iter().flatten().count(), 7, "the draft is kept");
    press(&mut app, KeyCode::Char('n'));
    assert!(app.confirm.is_none());
    assert_eq!(app.pyramid().editor.filled(), 7, "n keeps the cards");
    open_first(&mut app);
    app.update(Msg::Paste("Ah".to_string()));
    assert!(app.confirm.is_some(), "a paste answers nothing");
    assert_eq!(app.pyramid().editor.filled(), 7, "and is not taken");
    says(
        &app,
        "Not pasted: a paste does not answer the question. Open '",
    );
    press(&mut app, KeyCode::Esc);
    assert!(app.confirm.is_none(), "Esc answers no");
    says(&app, "Kept the draft; '");
    says_in(&app, "' not opened.");
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.pyramid().editor.filled(), 7, "y is no longer an answer");
    open_first(&mut app);
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.pyramid().editor.filled(), 52, "y opens the game");
    // Nothing unsaved now: another open goes ahead at once.
    open_first(&mut app);
    assert!(app.confirm.is_none());
}

#[test]
fn a_file_on_the_command_line_asks_before_replacing_a_half_typed_draft() {
    let dir = tempfile::tempdir().unwrap();
    {
        let (mut app, _receive) = start(dir.path());
        type_text(&mut app, "Ah2h3h4h5h");
    }
    let saved = SavedDeal::parse(WINNABLE, "winnable").unwrap();
    let (send, _receive) = mpsc::channel();
    let mut app = App::new(
        Setup {
            deal: Some(Kept::of(saved.clone())),
            ..setup(dir.path())
        },
        send,
    );
    assert_eq!(app.pyramid().editor.filled(), 5, "the draft is on screen");
    assert!(said(&app).contains("the 5 cards typed"), "{}", said(&app));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.pyramid().editor.deal(), Ok(deal(WINNABLE)));
    // The same file over a draft of itself opens without a question.
    let (send, _receive) = mpsc::channel();
    let app = App::new(
        Setup {
            deal: Some(Kept::of(saved)),
            ..setup(dir.path())
        },
        send,
    );
    assert!(app.confirm.is_none());
    assert_eq!(app.pyramid().editor.filled(), 52);
}

#[test]
fn a_command_key_leaves_the_question_of_a_file_named_at_start_waiting() {
    let dir = tempfile::tempdir().unwrap();
    {
        let (mut app, _receive) = start(dir.path());
        type_text(&mut app, "Ah2h3h4h5h");
    }
    let saved = SavedDeal::parse(WINNABLE, "winnable").unwrap();
    let (send, _receive) = mpsc::channel();
    let mut app = App::new(
        Setup {
            deal: Some(Kept::of(saved)),
            ..setup(dir.path())
        },
        send,
    );
    let question = said(&app);
    assert!(
        question.starts_with("Open '") && question.contains("in place of the 5 cards typed"),
        "{question}"
    );
    assert!(
        question.ends_with("? y opens it, n or Esc keeps the draft."),
        "{question}"
    );
    ctrl(&mut app, 'p');
    assert!(app.confirm.is_some(), "Ctrl-P answers nothing");
    assert_eq!(app.pyramid().editor.filled(), 5);
    assert_eq!(
        said(&app),
        format!("Ctrl-P does not answer the question. {question}")
    );
    assert_eq!(
        app.hints(),
        vec![("y", "opens it"), ("n Esc", "keeps the draft")]
    );
    press(&mut app, KeyCode::Char('n'));
    assert!(app.confirm.is_none());
    assert_eq!(app.pyramid().editor.filled(), 5);
    says(&app, "Kept the draft; '");
    assert!(said(&app).ends_with("' not opened."), "{}", said(&app));
}

#[test]
fn ctrl_n_asks_before_dropping_moves_played_on_an_opened_game() {
    let (_dir, mut app, _receive) = fresh();
    open_first(&mut app);
    assert_eq!(app.pyramid().editor.filled(), 52);
    ctrl(&mut app, 'p');
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(app.pyramid().play.as_ref().unwrap().game.played(), 2);
    ctrl(&mut app, 'n');
    assert_eq!(
        app.pyramid().play.as_ref().map(|play| play.game.played()),
        Some(2),
        "the moves are still there"
    );
    assert!(said(&app).contains("2 moves"), "{}", said(&app));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.pyramid().play.as_ref().unwrap().game.played(), 2);
    ctrl(&mut app, 'n');
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.pyramid().editor.filled(), 0);
    assert!(app.pyramid().play.is_none());
}

#[test]
fn a_paste_with_cr_line_ends_places_every_card() {
    let (_dir, mut app, _receive) = fresh();
    let text = WINNABLE.replace('\n', "\r");
    app.update(Msg::Paste(text));
    assert_eq!(app.pyramid().editor.filled(), 52, "{}", said(&app));
    assert_eq!(app.pyramid().editor.deal(), Ok(deal(WINNABLE)));
}

#[test]
fn a_half_typed_rank_takes_letters_as_suits_only() {
    let (_dir, mut app, _receive) = fresh();
    let rules = app.pyramid().editor.marks.rules;
    for c in ['e', 'x', 'r', 'g', 'w', 'p', 'v', 'q'] {
        press(&mut app, KeyCode::Char('7'));
        press(&mut app, KeyCode::Char(c));
        assert_eq!(
            app.pyramid().editor.marks.rules,
            rules,
            "{c} changed the rules"
        );
        assert!(app.shell.overlay.is_none(), "{c} opened a dialog");
        assert_eq!(
            app.pyramid().editor.pending,
            Pending::Rank(Rank::new(7).unwrap())
        );
        assert!(said(&app).contains("not a suit"), "{c}: {}", said(&app));
        press(&mut app, KeyCode::Esc);
    }
    type_text(&mut app, "7h");
    assert_eq!(app.pyramid().editor.slots[0], Some("7h".parse().unwrap()));
    // Without a rank pending, the letters are commands again.
    press(&mut app, KeyCode::Char('x'));
    assert!(app.pyramid().editor.marks.rules.relaxed);
}

#[test]
fn a_half_typed_rank_shows_on_its_slot() {
    let (_dir, mut app, _receive) = fresh();
    press(&mut app, KeyCode::Char('7'));
    let text = screen(&app, 80, 24);
    assert!(text.contains("[7_]"), "{text}");
    press(&mut app, KeyCode::Char('h'));
    press(&mut app, KeyCode::Char('1'));
    assert!(screen(&app, 80, 24).contains("[1_]"));
}

#[test]
fn the_challenge_dialog_replaces_a_default_takes_digits_only_and_says_when_set() {
    let (_dir, mut app, _receive) = fresh();
    press(&mut app, KeyCode::Char('g'));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Down);
    type_text(&mut app, "1000");
    press(&mut app, KeyCode::Char('k'));
    assert!(said(&app).contains("not a digit"), "{}", said(&app));
    let Some(Overlay::Challenge(dialog)) = &app.shell.overlay else {
        panic!("the dialog stays open")
    };
    assert_eq!(
        dialog.score[0].text(),
        "1000",
        "the first key replaced the default"
    );
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Char('5'));
    press(&mut app, KeyCode::Enter);
    assert!(app.shell.overlay.is_none());
    assert_eq!(
        app.pyramid().goal,
        Goal::Score {
            target: 1000,
            earned: 5
        }
    );
    assert!(said(&app).contains("dialog is closed"), "{}", said(&app));
}

#[test]
fn the_too_small_screen_ignores_every_key_but_quit() {
    let (_dir, mut app, _receive) = fresh();
    app.update(Msg::Resize(60, 20));
    type_text(&mut app, "7h");
    ctrl(&mut app, 'o');
    press(&mut app, KeyCode::Char('?'));
    app.update(Msg::Paste(WINNABLE.to_string()));
    assert_eq!(app.pyramid().editor.filled(), 0);
    assert!(app.shell.overlay.is_none());
    assert!(!app.quitting());
    ctrl(&mut app, 'q');
    assert!(app.quitting());
}

/// The winnable example with its second card written over by its first: 4d twice, 8h missing.
fn with_a_duplicate() -> String {
    WINNABLE.replacen("8h", "4d", 1)
}

#[test]
fn a_deal_file_with_a_duplicate_opens_in_the_editor_with_its_problems_shown() {
    let dir = tempfile::tempdir().unwrap();
    let (send, _receive) = mpsc::channel();
    let app = App::new(
        Setup {
            deal_text: Some(DealText {
                name: "dup".to_string(),
                text: with_a_duplicate(),
            }),
            ..setup(dir.path())
        },
        send,
    );
    assert_eq!(app.pyramid().editor.filled(), 52);
    assert_eq!(app.pyramid().editor.duplicate_slots(), [0, 1]);
    assert_eq!(app.pyramid().editor.missing(), ["8h".parse().unwrap()]);
    assert!(said(&app).contains("problems to fix"), "{}", said(&app));
    let text = screen(&app, 80, 24);
    assert!(text.contains("twice"), "{text}");
}

#[test]
fn gone_slots_with_unknown_cards_solve_as_the_real_cards_do_and_are_saved() {
    let (dir, mut app, receive) = fresh();
    app.update(Msg::Paste(WINNABLE.to_string()));
    // Qh (row 7) went with Ah (stock card 1): marked with their cards, then without.
    for slot in [27, 28] {
        app.pyramid_mut().editor.go_to(slot);
        press(&mut app, KeyCode::Char('-'));
    }
    press(&mut app, KeyCode::Enter);
    finish_solving(&mut app, &receive);
    let real = solution(&app).moves.len();
    press(&mut app, KeyCode::Esc);
    for slot in [27, 28] {
        app.pyramid_mut().editor.go_to(slot);
        press(&mut app, KeyCode::Delete);
        press(&mut app, KeyCode::Char('-'));
        assert!(
            app.pyramid().editor.marks.midgame.is_unknown(slot),
            "{}",
            said(&app)
        );
    }
    assert_eq!(app.pyramid().editor.slots[27], None);
    assert_eq!(app.pyramid().editor.filled(), 52);
    assert!(app.pyramid().editor.missing().is_empty());
    assert!(app.pyramid().editor.position_problems().is_empty());
    press(&mut app, KeyCode::Enter);
    finish_solving(&mut app, &receive);
    assert_eq!(solution(&app).moves.len(), real);
    press(&mut app, KeyCode::Esc);

    // Saved and opened again, the slots are still gone with their cards unknown.
    ctrl(&mut app, 's');
    press(&mut app, KeyCode::Enter);
    let path = std::fs::read_dir(Folders::under(dir.path()).saves)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("# gone: (Ah) (Qh)"), "{text}");
    assert!(
        Deal::parse(&text).is_ok(),
        "other solvers still read a whole deal"
    );
    ctrl(&mut app, 'n');
    assert_eq!(app.pyramid().editor.filled(), 0);
    ctrl(&mut app, 'o');
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.pyramid().editor.slots[27], None);
    assert!(
        app.pyramid().editor.marks.midgame.is_unknown(27)
            && app.pyramid().editor.marks.midgame.is_unknown(28)
    );
    // And so does the draft, on the next start.
    drop(app);
    let (restarted, _receive) = start(dir.path());
    assert!(restarted.pyramid().editor.marks.midgame.is_unknown(28));
    assert_eq!(restarted.pyramid().editor.slots[28], None);
}

#[test]
fn an_unfinished_deal_is_saved_under_a_name_and_opens_again_into_the_editor() {
    let (dir, mut app, _receive) = fresh();
    type_text(&mut app, "3c7sJd5s8cTh2s");
    app.pyramid_mut().editor.go_to(30);
    type_text(&mut app, "Kd");
    ctrl(&mut app, 's');
    let Some(Overlay::Save(dialog)) = &mut app.shell.overlay else {
        panic!("the save dialog opens: {}", said(&app))
    };
    dialog.name = TextField::new("half way");
    press(&mut app, KeyCode::Enter);
    assert!(
        said(&app).contains("Saved the deal (unfinished 8/52) to "),
        "{}",
        said(&app)
    );
    let path = Folders::under(dir.path()).saves.join("half-way.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("# name: half way"), "{text}");
    let (listed, broken) = crate::app::games::list(&Folders::under(dir.path()));
    assert!(broken.is_empty(), "{broken:?}");
    assert!(
        listed.iter().any(|l| l.name() == "half way"
            && matches!(l.holds, crate::app::games::Holds::Unfinished(_))),
        "{listed:?}"
    );
    // Nothing unsaved now.
    ctrl(&mut app, 'n');
    assert_eq!(app.pyramid().editor.filled(), 0);

    let (send, _receive) = mpsc::channel();
    let other = tempfile::tempdir().unwrap();
    let app = App::new(
        Setup {
            deal_text: Some(DealText {
                name: "half-way".to_string(),
                text,
            }),
            ..setup(other.path())
        },
        send,
    );
    assert_eq!(app.pyramid().editor.filled(), 8);
    assert_eq!(app.pyramid().editor.slots[30], Some("Kd".parse().unwrap()));
    assert_eq!(app.pyramid().editor.slots[7], None);
    assert_eq!(
        app.pyramid().editor.cursor,
        7,
        "typing goes on at the first empty slot"
    );
}

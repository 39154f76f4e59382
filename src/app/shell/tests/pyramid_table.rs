//! Pyramid with its stock not seen yet, driven by events: `?` typed for each card face down,
//! the draft and the save keeping them, what the solve proves, and play at the table with
//! each card typed as it is drawn.

use super::*;
use crate::app::flow::{Choice, PlayMode};

/// The 40-step deal as a player sees it at the start: the pyramid, and the stock face down.
const STOCK_FACE_DOWN: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/pyramid-stock-face-down.txt"
));

/// The pyramid of the 40-step deal, typed card by card.
fn pyramid_typed() -> String {
    deal(WINNABLE).cards()[..28]
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn question_marks_type_the_stock_not_seen_yet_and_the_deal_keeps_them() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _receive) = start(dir.path());
    type_text(&mut app, &pyramid_typed());
    type_text(&mut app, &"?".repeat(23));
    assert!(app.shell.overlay.is_none(), "? types a card, not the help");
    let editor = &app.pyramid().editor;
    assert_eq!((editor.unseen_count(), editor.filled()), (23, 51));
    assert!(editor.deal().unwrap_err().contains("51/52"));
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("23 cards not seen yet (??)"), "{shown}");
    assert!(shown.contains("Missing (24, 23 of them not"), "{shown}");
    type_text(&mut app, "?");
    let editor = &app.pyramid().editor;
    assert_eq!(editor.deal(), Ok(deal(STOCK_FACE_DOWN)));
    let position = editor.start().unwrap();
    assert_eq!(position.stock_len(), 24);
    assert!(
        position
            .stock_top_first()
            .all(|card| position.is_unknown(card))
    );
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("A valid deal"), "{shown}");
    assert!(
        shown.contains("??  ??  ??"),
        "the stock drawn as not seen: {shown}"
    );
    // The draft keeps them, and brings them back on the next start.
    let Some(draft) = kept_draft(&app).get::<Draft>().cloned() else {
        panic!("a Pyramid draft")
    };
    assert_eq!(draft.unseen.count_ones(), 24);
    drop(app);
    let (app, _receive) = start(dir.path());
    assert_eq!(app.pyramid().editor.deal(), Ok(deal(STOCK_FACE_DOWN)));
}

#[test]
fn a_game_with_cards_not_seen_saves_with_them_and_opens_into_play() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _receive) = start(dir.path());
    app.update(Msg::Paste(STOCK_FACE_DOWN.to_string()));
    assert_eq!(app.pyramid().editor.unseen_count(), 24);
    ctrl(&mut app, 'p');
    assert!(
        matches!(app.pyramid().screen, Screen::Play),
        "{}",
        said(&app)
    );
    // Ts and 3d make 13.
    let pair = Move::Pair(Place::Pyramid(23), Place::Pyramid(26));
    let played = app.pyramid_mut().play.as_mut().unwrap().play(pair);
    assert!(matches!(played, Choice::Played(_)), "{played:?}");
    save_named(&mut app, "face down");
    assert_eq!(
        app.shell.status.clone().unwrap().tone,
        Tone::Success,
        "{}",
        said(&app)
    );
    let path = dir.path().join("saves/face-down.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("?? ?? ??"), "{text}");
    let saved = load(&path).unwrap();
    assert_eq!(saved.deal, deal(STOCK_FACE_DOWN));
    assert_eq!(saved.moves, [pair]);
    ctrl(&mut app, 'n');
    ctrl(&mut app, 'n');
    ctrl(&mut app, 'o');
    type_text(&mut app, "face down");
    press(&mut app, KeyCode::Enter);
    assert!(!said(&app).contains("does not show"), "{}", said(&app));
    assert_eq!(app.pyramid().editor.deal(), Ok(deal(STOCK_FACE_DOWN)));
    ctrl(&mut app, 'p');
    let play = app.pyramid().play.as_ref().expect("the game goes on");
    assert_eq!(play.game.moves(), [pair]);
}

#[test]
fn solving_with_the_stock_not_seen_says_what_is_proved_and_ctrl_p_plays_on() {
    let (_dir, mut app, receive) = fresh();
    solve_and_step(&mut app, &receive, STOCK_FACE_DOWN, 0);
    // No line clears with every stock card matching nothing, but one could with them known.
    says(
        &app,
        "No solution with the cards known so far; not definitive",
    );
    assert!(!solution(&app).found.definitive());
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("Not definitive"), "{shown}");
    // The answer says to play on with Ctrl-P, and the key does so from the answer's screen.
    assert!(said(&app).contains("Play on (Ctrl-P)"), "{}", said(&app));
    ctrl(&mut app, 'p');
    assert!(play(&app).at_table(), "{}", said(&app));
}

fn play(app: &App) -> &Play {
    app.pyramid().play.as_ref().expect("a game is being played")
}

/// An app playing the 40-step deal with its stock face down, from its start.
fn at_the_table() -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = fresh();
    app.update(Msg::Paste(STOCK_FACE_DOWN.to_string()));
    ctrl(&mut app, 'p');
    assert!(play(&app).at_table(), "{}", said(&app));
    (dir, app, receive)
}

/// Feeds play mode's checks to the app until the current position has its first round.
fn first_round(app: &mut App, receive: &Receiver<Msg>) {
    feed_while(
        app,
        receive,
        |app| play(app).table_verdict().is_none(),
        "the check answers",
    );
}

/// The rounds the current position's ranking has had.
fn rounds(app: &App) -> u32 {
    play(app).table.rounds(play(app).position())
}

#[test]
fn at_the_table_the_hint_gives_the_best_chance_and_refines() {
    let (_dir, mut app, receive) = at_the_table();
    press(&mut app, KeyCode::Char('h'));
    says(&app, "Thinking");
    first_round(&mut app, &receive);
    // Asked for before the round, the hint shows by itself with its chance, not played.
    says(&app, "Hint (");
    assert!(said(&app).contains(" deals)"), "{}", said(&app));
    assert_eq!(play(&app).game.played(), 0);
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("Best chance to win"), "{shown}");
    assert!(shown.contains('»'), "the hint marked on the board: {shown}");
    let first = said(&app);
    // The rounds refine the figure, said again on the deals now known.
    feed_while(
        &mut app,
        &receive,
        |app| rounds(app) < 2,
        "the check answers",
    );
    says(&app, "Hint (");
    assert_ne!(said(&app), first, "more deals: {first}");
    assert_eq!(play(&app).game.played(), 0, "said, not played");
    // h again plays the move ranked first.
    let best = play(&app).best_move().expect("a best move");
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(play(&app).game.moves(), [best]);
}

/// A measurement on the clock, run by hand: `cargo test --release --bin pyramid
/// first_hint_at_the_table -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement on the clock of a machine: run by hand"]
fn the_first_hint_at_the_table_of_pyramid_is_timed() {
    print_first_hint_times("Pyramid", &first_hint_times(0, STOCK_FACE_DOWN));
}

#[test]
fn at_the_table_a_score_challenge_hints_the_move_its_ranking_puts_first_with_the_points() {
    let goal = Goal::Score {
        target: 1000,
        earned: 0,
    };
    let (_dir, mut app, receive) = fresh();
    app.update(Msg::Paste(STOCK_FACE_DOWN.to_string()));
    super::challenges::choose(&mut app, 1, &["1000", "0"]);
    assert_eq!(app.pyramid().goal, goal, "{}", said(&app));
    ctrl(&mut app, 'p');
    assert!(play(&app).at_table(), "{}", said(&app));
    first_round(&mut app, &receive);
    let position = play(&app).position().clone();
    let (ranking, 1) = ranked(play(&app).table.known(&position)) else {
        panic!("one round: {:?}", play(&app).table.known(&position));
    };
    let ranking = ranking.clone();
    hints_the_score_ranking(&mut app, &position, &ranking, goal, "1,000");
    // The panel gives the chance to reach the target and the mean points.
    let verdict = play(&app).table_verdict().expect("a round is in");
    assert!(
        verdict.starts_with("Best chance to reach 1,000: "),
        "{verdict}"
    );
    assert!(verdict.contains(" points"), "{verdict}");
    // A figure measured with every card known after the move: said to be an upper estimate.
    assert!(
        verdict.ends_with(crate::app::flow::table::UPPER_ESTIMATE),
        "{verdict}"
    );
}

#[test]
fn at_the_table_a_card_drawn_is_asked_for_typed_and_undone_across() {
    let (_dir, mut app, receive) = at_the_table();
    let truth = deal(WINNABLE);
    first_round(&mut app, &receive);
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(play(&app).waiting(), Some(Place::Waste));
    assert!(
        said(&app).contains("A card not known turned up on the waste: type it"),
        "{}",
        said(&app)
    );
    assert_eq!(app.pyramid().check_id(), None, "no check while it waits");
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("Type the card turned up on"), "{shown}");
    // No move while it waits; h says to type it first.
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(play(&app).game.played(), 1);
    says(&app, "First type the card");
    press(&mut app, KeyCode::Char('h'));
    says(&app, "First type the card");
    // A card already in the deal is refused; then the true one, stock card 1, goes in.
    type_text(&mut app, "4d");
    assert!(said(&app).contains("already in the deal"), "{}", said(&app));
    let card = truth.cards()[28];
    type_text(&mut app, &card.to_string().to_lowercase());
    says(
        &app,
        &format!("{card} typed in at stock card 1 from the top"),
    );
    assert_eq!(app.pyramid().editor.slots[28], Some(card));
    assert_eq!(app.pyramid().editor.unseen_count(), 23);
    assert_eq!(play(&app).waiting(), None);
    assert_eq!(play(&app).position().card_on(Place::Waste), Some(card));
    // Play goes on: the new position is ranked.
    first_round(&mut app, &receive);
    assert!(play(&app).best_move().is_some());
    // Undo goes back before the draw, the card stays known; redo draws it again.
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(play(&app).game.played(), 0);
    press(&mut app, KeyCode::Char('U'));
    assert_eq!(play(&app).game.played(), 1);
    assert_eq!(play(&app).waiting(), None);
    assert_eq!(play(&app).position().card_on(Place::Waste), Some(card));
    assert!(!play(&app).position().is_unknown(card));
}

#[test]
fn a_card_not_seen_in_the_pyramid_at_the_start_is_asked_for_before_any_move() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _receive) = start(dir.path());
    let cards = deal(WINNABLE).cards().to_vec();
    // The pyramid's last card typed `?`: it lies face up from the start.
    let typed: String = cards[..27].iter().map(ToString::to_string).collect();
    let stock: String = cards[28..].iter().map(ToString::to_string).collect();
    type_text(&mut app, &format!("{typed}?{stock}"));
    ctrl(&mut app, 'p');
    assert_eq!(
        play(&app).waiting(),
        Some(Place::Pyramid(27)),
        "{}",
        said(&app)
    );
    says(&app, "Type the card shown at pyramid row 7");
    says_in(&app, "(rank, then suit): play goes on once it is known.");
    let shown = screen(&app, 80, 24);
    assert!(
        shown.contains("Type the card shown at pyramid row 7"),
        "{shown}"
    );
    assert!(!shown.contains("turned up"), "{shown}");
    type_text(&mut app, &cards[27].to_string());
    says(&app, &format!("{} typed in at pyramid row 7", cards[27]));
    assert_eq!(play(&app).waiting(), None);
}

#[test]
fn at_the_table_a_card_typed_wrong_is_mended_keeping_the_moves_before_it() {
    let (_dir, mut app, _receive) = at_the_table();
    let truth = deal(WINNABLE);
    press(&mut app, KeyCode::Char('d'));
    // Stock card 2 typed for stock card 1; then a draw more, waiting for its card.
    let (wrong, card) = (truth.cards()[29], truth.cards()[28]);
    type_text(&mut app, &wrong.to_string());
    assert_eq!(app.pyramid().editor.slots[28], Some(wrong));
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(play(&app).game.played(), 2);
    assert_eq!(play(&app).waiting(), Some(Place::Waste));
    // m, even while a card waits, takes back the one typed last: the draw after it goes.
    press(&mut app, KeyCode::Char('m'));
    says(
        &app,
        &format!("Took back {wrong} at stock card 1 from the top: type the card turned up"),
    );
    says_in(&app, "The move after it is dropped.");
    assert_eq!(play(&app).game.played(), 1);
    assert_eq!(play(&app).waiting(), Some(Place::Waste));
    assert_eq!(app.pyramid().editor.unseen_count(), 24);
    type_text(&mut app, &card.to_string());
    says(
        &app,
        &format!("{card} typed in at stock card 1 from the top"),
    );
    assert_eq!(app.pyramid().editor.slots[28], Some(card));
    assert_eq!(play(&app).position().card_on(Place::Waste), Some(card));
}

#[test]
fn at_the_table_the_rest_solved_claims_no_proof_while_cards_are_not_seen() {
    let (_dir, mut app, receive) = at_the_table();
    let truth = deal(WINNABLE);
    press(&mut app, KeyCode::Char('d'));
    type_text(&mut app, &truth.cards()[28].to_string());
    press(&mut app, KeyCode::Char('s'));
    finish(&mut app, &receive);
    assert!(!solution(&app).found.definitive(), "{}", said(&app));
    let shown = screen(&app, 120, 40);
    assert!(shown.contains("Not definitive"), "{shown}");
    // The reason holds as far as the cards known go, not as a proof.
    assert!(
        shown.contains("There is no way to clear the pyramid, with the cards known so far."),
        "{shown}"
    );
}

/// The app as `pyramid FILE` starts it on the 40-step deal with its stock face down.
fn opened_from_the_command_line() -> (tempfile::TempDir, App, Receiver<Msg>) {
    let dir = tempfile::tempdir().unwrap();
    let (send, receive) = mpsc::channel();
    let mut setup = setup(dir.path());
    setup.deal = Some(
        crate::app::games::read_saved(GameKind::Pyramid, STOCK_FACE_DOWN, "stock-face-down")
            .expect("a deal"),
    );
    let app = App::new(setup, send);
    (dir, app, receive)
}

#[test]
fn opened_from_the_command_line_the_deal_plays_at_the_table_as_pasted() {
    let (_dir, mut app, receive) = opened_from_the_command_line();
    assert!(said(&app).starts_with("Opened from"), "{}", said(&app));
    ctrl(&mut app, 'p');
    assert!(play(&app).at_table(), "{}", said(&app));
    let (_pasted_dir, pasted, _pasted_receive) = at_the_table();
    assert_eq!(play(&app).position(), play(&pasted).position());
    assert_eq!(app.pyramid().goal, pasted.pyramid().goal);
    first_round(&mut app, &receive);
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("Best chance to win"), "{shown}");
    assert!(!shown.contains("No longer winnable"), "{shown}");
}

mod snapshots {
    use super::*;

    #[test]
    fn pyramid_at_the_table() {
        let (_dir, mut app, _receive) = at_the_table();
        let position = play(&app).position().clone();
        let ranking = fixed_ranking(&position);
        let known = crate::app::flow::table::Known::Ranked { ranking, rounds: 1 };
        let flow = app.pyramid_mut();
        flow.play.as_mut().unwrap().table.learn(position, known);
        press(&mut app, KeyCode::Char('h'));
        says(&app, "Hint (");
        insta::assert_snapshot!("pyramid_at_the_table_hint_at_80x24", screen(&app, 80, 24));
        press(&mut app, KeyCode::Char('d'));
        type_text(&mut app, "7");
        insta::assert_snapshot!("pyramid_at_the_table_ask_at_80x24", screen(&app, 80, 24));
    }
}

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
    assert!(shown.contains("23 cards not seen yet (?)"), "{shown}");
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
    ctrl(&mut app, 's');
    for _ in 0..40 {
        press(&mut app, KeyCode::Backspace);
    }
    type_text(&mut app, "face down");
    press(&mut app, KeyCode::Enter);
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
fn solving_with_the_stock_not_seen_says_what_is_proved() {
    let (_dir, mut app, receive) = fresh();
    app.update(Msg::Paste(STOCK_FACE_DOWN.to_string()));
    press(&mut app, KeyCode::Enter);
    finish_solving(&mut app, &receive);
    // No line clears with every stock card matching nothing, but one could with them known.
    assert!(
        said(&app).starts_with("No solution with the cards known so far; not definitive"),
        "{}",
        said(&app)
    );
    assert!(!solution(&app).found.definitive());
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("Not definitive"), "{shown}");
}

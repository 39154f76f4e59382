//! A text pasted with `# moves:` in every game: read whole, it opens as its file would and
//! play goes on after its moves; when a move does not replay, the cards are pasted and the
//! message names the move.

use super::*;

/// Klondike-Solver's deal code of a winnable deal, four moves played.
const KLONDIKE_UNDER_WAY: &str = include_str!("../../../../tests/data/klondike-under-way.txt");

/// Pastes `text` into a new app on `game`'s editor.
fn pasted(game: GameKind, text: &str) -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = app_on(game);
    app.update(Msg::Paste(text.to_string()));
    (dir, app, receive)
}

/// The game pasted is on screen in play after its `moves`, and counted as not saved.
#[track_caller]
fn opened_in_play(app: &App, moves: usize) {
    says(
        app,
        "Opened the game pasted, with its moves (not saved yet).",
    );
    assert_eq!(app.session.title().0, "Play", "{}", said(app));
    assert_eq!(app.session.work().moves, moves, "{}", said(app));
    assert!(app.unsaved().is_some(), "a paste is not a save");
}

#[test]
fn a_klondike_game_pasted_with_its_moves_is_played_on_after_them() {
    let (_dir, app, _receive) = pasted(GameKind::Klondike, KLONDIKE_UNDER_WAY);
    opened_in_play(&app, 4);
}

#[test]
fn a_pyramid_game_pasted_with_its_moves_is_played_on_after_them() {
    let text = format!("# moves: draw draw draw draw\n{WINNABLE}");
    let (_dir, app, _receive) = pasted(GameKind::Pyramid, &text);
    opened_in_play(&app, 4);
    assert_eq!(app.name.as_deref(), Some("Example: winnable in 40 steps"));
}

#[test]
fn a_tripeaks_game_pasted_with_its_moves_is_played_on_after_them() {
    let text = format!("# moves: 6d 7d draw\n{}", super::tripeaks::CLEARS);
    let (_dir, app, _receive) = pasted(GameKind::TriPeaks, &text);
    opened_in_play(&app, 3);
    assert_eq!(app.name.as_deref(), Some("TriPeaks: clears in 43 steps"));
    // Without a name of its own, it has none until it is saved under one.
    let (_dir, app, _receive) = pasted(GameKind::TriPeaks, &text.replace("# name:", "#"));
    opened_in_play(&app, 3);
    assert_eq!(app.name, None);
}

#[test]
fn a_paste_whose_moves_do_not_replay_takes_the_cards_and_names_the_move() {
    let cases = [
        (
            GameKind::Klondike,
            KLONDIKE_UNDER_WAY.replace("8d>2", "Ks>f"),
            "Pasted a whole deal, in Klondike-Solver's deal code. Its moves are left out: \
             # moves: move 4: ",
        ),
        (
            GameKind::Pyramid,
            format!("# moves: draw recycle\n{WINNABLE}"),
            "Pasted 52 cards. Its moves are left out: # moves: move 2: 'recycle'",
        ),
        (
            GameKind::TriPeaks,
            format!("# moves: 6d 4d\n{}", super::tripeaks::CLEARS),
            "Pasted 52 cards. Its moves are left out: # moves: move 2: ",
        ),
    ];
    for (game, text, start) in cases {
        let (_dir, app, _receive) = pasted(game, &text);
        says(&app, start);
        assert_eq!(app.session.work().moves, 0, "{game}: not played");
        assert!(app.session.editing(), "{game}: the cards in the editor");
        assert_eq!(app.session.filled(), 52, "{game}");
    }
    // Without moves, nothing is said of them.
    let deal = KLONDIKE_UNDER_WAY.replace("# moves: Ac>f Ad>f Ah>f 8d>2\n", "");
    let (_dir, app, _receive) = pasted(GameKind::Klondike, &deal);
    assert_eq!(
        said(&app),
        "Pasted a whole deal, in Klondike-Solver's deal code."
    );
}

#[test]
fn a_game_pasted_over_unsaved_work_asks_first_as_opening_does() {
    let (_dir, mut app, _receive) = app_on(GameKind::Pyramid);
    type_text(&mut app, "4d8h");
    app.update(Msg::Paste(format!("# moves: draw\n{WINNABLE}")));
    says(
        &app,
        "Open 'Example: winnable in 40 steps' in place of the 2 cards typed",
    );
    press(&mut app, KeyCode::Char('y'));
    opened_in_play(&app, 1);
}

//! A card half-typed never outlives the screen it was typed on, in every game with a card to
//! type: a rank typed before Enter solves, a ten begun at the table before Esc. And the hint
//! said again at a check's end never overwrites what was said after it.

use super::*;
use crate::app::flow::table::TablePlay;
use crate::app::games::klondike::Klondike;
use crate::app::games::klondike::board::Spot;
use crate::app::games::klondike::play::Known;
use crate::app::games::tripeaks::saved_games::CLEARS;

const KLONDIKE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/klondike-winnable.txt"
));
const PYRAMID_STOCK_FACE_DOWN: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/pyramid-stock-face-down.txt"
));

/// The Klondike deal with the slots `hide` names as `??`.
fn klondike_hiding(hide: impl Fn(usize) -> bool) -> String {
    let deal = solitaire::games::klondike::formats::read(KLONDIKE, None)
        .unwrap()
        .deal()
        .unwrap();
    words_hiding(|slot| deal.card(slot), hide)
}

/// The TriPeaks deal that clears with its stock (past the first waste card) as `??`.
fn tripeaks_stock_not_known() -> String {
    let deal = Deal::parse_as(CLEARS, GameKind::TriPeaks).unwrap();
    words_hiding(|slot| deal.card(slot), |slot| slot > 28)
}

fn words_hiding(
    card: impl Fn(usize) -> Option<solitaire::Card>,
    hide: impl Fn(usize) -> bool,
) -> String {
    let words: Vec<String> = (0..52)
        .map(|slot| match card(slot) {
            Some(card) if !hide(slot) => card.to_string(),
            _ => "??".to_string(),
        })
        .collect();
    words.join(" ")
}

/// The app on `game` with `text` pasted into its editor.
fn pasted(game: GameKind, text: &str) -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = app_on(game);
    app.update(Msg::Paste(text.to_string()));
    (dir, app, receive)
}

fn flow<G: GameScreen + 'static>(app: &mut App) -> &mut Flow<G> {
    on_screen_mut::<Flow<G>>(app)
}

/// What is typed of the card turned up, in play.
fn at_table_typed<G: GameScreen + 'static>(app: &mut App) -> Option<String>
where
    G::Play: TablePlay,
{
    flow::<G>(app)
        .play
        .as_mut()
        .expect("play")
        .turned_up()
        .typing
        .text()
}

/// A rank typed over a whole deal, then Enter: the solve runs, and back from it the rank
/// is gone, so that the next key is a key of its own.
fn a_rank_typed_before_enter_is_gone_after_the_solve<G: GameScreen + 'static>(
    game: GameKind,
    deal: &str,
) {
    let (_dir, mut app, receive) = pasted(game, deal);
    press(&mut app, KeyCode::Char('8'));
    assert_eq!(flow::<G>(&mut app).editor.pending_text(), Some("8_".into()));
    press(&mut app, KeyCode::Enter);
    finish(&mut app, &receive);
    assert!(
        matches!(flow::<G>(&mut app).screen, Screen::Solution(_)),
        "{game}: {}",
        said(&app)
    );
    press(&mut app, KeyCode::Esc);
    assert!(matches!(flow::<G>(&mut app).screen, Screen::Editor));
    assert_eq!(flow::<G>(&mut app).editor.pending_text(), None, "{game}");
    let slots = flow::<G>(&mut app).editor.slots;
    press(&mut app, KeyCode::Char('h'));
    let now = flow::<G>(&mut app).editor.slots;
    assert_eq!(now, slots, "{game}: {}", said(&app));
}

#[test]
fn a_rank_typed_in_the_editor_before_a_solve_is_dropped_in_every_game() {
    a_rank_typed_before_enter_is_gone_after_the_solve::<Klondike>(GameKind::Klondike, KLONDIKE);
    a_rank_typed_before_enter_is_gone_after_the_solve::<Pyramid>(GameKind::Pyramid, WINNABLE);
    a_rank_typed_before_enter_is_gone_after_the_solve::<TriPeaks>(GameKind::TriPeaks, CLEARS);
}

/// In play, a card drawn not known: `1` `0` typed of it, Esc drops it, Esc again to the
/// editor, Ctrl-P back. The ten begun is gone, and `d` is play mode's key again, not the suit
/// of a ten.
fn a_ten_begun_at_the_table_is_gone_after_a_trip_to_the_editor<G: GameScreen + 'static>(
    game: GameKind,
    deal: &str,
) where
    G::Play: TablePlay,
{
    let (_dir, mut app, _receive) = pasted(game, deal);
    ctrl(&mut app, 'p');
    press(&mut app, KeyCode::Char('d'));
    let waits = |app: &mut App| {
        (flow::<G>(app).play.as_ref())
            .and_then(TablePlay::waiting_place)
            .is_some()
    };
    assert!(waits(&mut app), "{game}: {}", said(&app));
    type_text(&mut app, "10");
    assert_eq!(at_table_typed::<G>(&mut app), Some("T_".into()), "{game}");
    // The first Esc drops the ten begun, as in the editor; the second leaves play.
    press(&mut app, KeyCode::Esc);
    assert!(matches!(flow::<G>(&mut app).screen, Screen::Play), "{game}");
    assert_eq!(at_table_typed::<G>(&mut app), None, "{game}");
    press(&mut app, KeyCode::Esc);
    assert!(matches!(flow::<G>(&mut app).screen, Screen::Editor));
    ctrl(&mut app, 'p');
    assert_eq!(at_table_typed::<G>(&mut app), None, "{game}");
    press(&mut app, KeyCode::Char('d'));
    says(&app, "First type the card turned up");
    assert!(waits(&mut app), "{game}: {}", said(&app));
}

#[test]
fn a_card_begun_at_the_table_is_dropped_on_leaving_play_in_every_game() {
    let stock_not_known = klondike_hiding(|slot| slot >= 28);
    a_ten_begun_at_the_table_is_gone_after_a_trip_to_the_editor::<Klondike>(
        GameKind::Klondike,
        &stock_not_known,
    );
    a_ten_begun_at_the_table_is_gone_after_a_trip_to_the_editor::<Pyramid>(
        GameKind::Pyramid,
        PYRAMID_STOCK_FACE_DOWN,
    );
    a_ten_begun_at_the_table_is_gone_after_a_trip_to_the_editor::<TriPeaks>(
        GameKind::TriPeaks,
        &tripeaks_stock_not_known(),
    );
}

/// The rounds of the ranking of Klondike's position in play.
fn klondike_rounds(app: &mut App) -> u32 {
    match flow::<Klondike>(app)
        .play
        .as_ref()
        .and_then(|play| play.known())
    {
        Some(Known::Ranked { rounds, .. }) => *rounds,
        _ => 0,
    }
}

#[test]
fn a_card_chosen_while_the_hint_is_refined_stays_said() {
    // The piles' face-down cards not known: the hint is ranked in rounds that go on.
    let at_the_table = klondike_hiding(|slot| {
        let mut start = 0;
        (1..=7).any(|pile| {
            let hidden = (start..start + pile - 1).contains(&slot);
            start += pile;
            hidden
        })
    });
    let (_dir, mut app, receive) = pasted(GameKind::Klondike, &at_the_table);
    ctrl(&mut app, 'p');
    feed_while(
        &mut app,
        &receive,
        |app| {
            let play = on_screen::<Flow<Klondike>>(app).play.as_ref();
            play.is_some_and(|play| play.known().is_none())
        },
        "the check answers",
    );
    press(&mut app, KeyCode::Char('h'));
    says(&app, "Hint (");
    let rounds = klondike_rounds(&mut app);
    // Ac, face up on pile 4, chosen.
    flow::<Klondike>(&mut app).play.as_mut().unwrap().cursor = Spot::Pile { pile: 3, card: 0 };
    press(&mut app, KeyCode::Enter);
    says(&app, "Chosen: now where it goes");
    checks_done::<Klondike>(&mut app, &receive);
    assert!(klondike_rounds(&mut app) > rounds, "a round ended since");
    says(&app, "Chosen: now where it goes");
}

#[test]
fn a_rank_typed_alone_says_that_the_suit_is_waited_for() {
    let (_dir, mut app, _receive) = fresh();
    press(&mut app, KeyCode::Char('5'));
    assert_eq!(said(&app), "Typed 5: now the suit (c d h s).");
    press(&mut app, KeyCode::Char('h'));
    press(&mut app, KeyCode::Char('1'));
    assert_eq!(said(&app), "Typed 1: now 0 for a ten, then the suit.");
    press(&mut app, KeyCode::Char('0'));
    assert_eq!(said(&app), "Typed T: now the suit (c d h s).");
}

//! Klondike in the app, driven by events: typing a deal with `?` and the rules, solving and
//! stepping, play mode by keys and clicks with undo and redo, a card turned up typed in, the
//! hint ranked at the table, saving and reopening; and its screens.

use super::*;
use crate::app::flow::Screen as KlondikeScreen;
use crate::app::games::klondike::Klondike;
use crate::app::games::klondike::board::Spot;
use crate::app::games::klondike::play::Known;
use crate::app::games::klondike::table_editor::{Place, TableEditor};
use solitaire::cards::card::Suit;
use solitaire::games::klondike::{Deal as KlondikeDeal, Move as KlondikeMove, Seen};

/// A deal the solver wins with draw 3.
const WINNABLE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/klondike-winnable.txt"
));

fn winnable() -> KlondikeDeal {
    solitaire::games::klondike::formats::read(WINNABLE, None)
        .unwrap()
        .deal()
        .unwrap()
}

/// The winnable deal as a player sees it at the table: the face-down cards of the piles
/// not known (`??`), the top cards and the stock known.
fn at_the_table() -> String {
    let deal = winnable();
    let words: Vec<String> = (0..52)
        .map(|slot| {
            let (pile, depth) = pile_and_depth(slot);
            if slot < 28 && depth < pile {
                "??".to_string()
            } else {
                deal.card(slot).unwrap().to_string()
            }
        })
        .collect();
    words.join(" ")
}

/// The pile of a tableau slot (from 0) and its depth from the bottom; past the tableau, the
/// stock as pile 7.
fn pile_and_depth(slot: usize) -> (usize, usize) {
    let mut start = 0;
    for pile in 0..7 {
        if slot < start + pile + 1 {
            return (pile, slot - start);
        }
        start += pile + 1;
    }
    (7, slot - 28)
}

trait KlondikeSession {
    fn klondike(&self) -> &Flow<Klondike>;
}

impl KlondikeSession for App {
    fn klondike(&self) -> &Flow<Klondike> {
        on_screen(self)
    }
}

/// A new app on the Klondike editor.
fn klondike_app() -> (tempfile::TempDir, App, Receiver<Msg>) {
    app_on(GameKind::Klondike)
}

/// The app on Klondike with `text` pasted and play started on it.
fn klondike_playing(text: String) -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = klondike_app();
    app.update(Msg::Paste(text));
    ctrl(&mut app, 'p');
    (dir, app, receive)
}

/// The app started again on the draft of a Klondike app stopped after `work`, on Klondike.
fn klondike_restarted(work: impl FnOnce(&mut App)) -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, _receive) = klondike_app();
    work(&mut app);
    drop(app);
    let (again, receive) = start(dir.path());
    assert_eq!(again.session.game(), GameKind::Klondike);
    (dir, again, receive)
}

/// Feeds play mode's checks to the app until none is running.
fn settle(app: &mut App, receive: &Receiver<Msg>) {
    checks_done::<Klondike>(app, receive);
}

/// Feeds play mode's checks until something is known of the position.
fn first_known(app: &mut App, receive: &Receiver<Msg>) {
    while app
        .klondike()
        .play
        .as_ref()
        .is_some_and(|play| play.known().is_none())
    {
        let msg = receive
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the check answers");
        app.update(msg);
    }
}

fn play(app: &App) -> &crate::app::games::klondike::play::Play {
    app.klondike().play.as_ref().expect("play mode")
}

/// Plays a move by the cursor as a player does: the card, then where it goes.
fn choose(app: &mut App, from: Spot, to: Spot) {
    put_cursor(app, from);
    press(app, KeyCode::Enter);
    put_cursor(app, to);
    press(app, KeyCode::Enter);
}

/// The winnable deal in play: Ac up, a draw, and the next move hinted (the figure of the
/// guide's Klondike page).
pub(super) fn klondike_play_hinted() -> (tempfile::TempDir, App, Receiver<Msg>) {
    play_hinted(klondike_app())
}

/// The winnable deal in play on `app`: Ac up, a draw, and the next move hinted.
fn play_hinted(
    (dir, mut app, receive): (tempfile::TempDir, App, Receiver<Msg>),
) -> (tempfile::TempDir, App, Receiver<Msg>) {
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    choose(
        &mut app,
        Spot::Pile { pile: 3, card: 0 },
        Spot::Foundation(0),
    );
    press(&mut app, KeyCode::Char('d'));
    settle(&mut app, &receive);
    press(&mut app, KeyCode::Char('h'));
    (dir, app, receive)
}

#[test]
fn ctrl_g_goes_round_every_game_with_screens() {
    let (_dir, mut app, _receive) = fresh();
    let mut seen = vec![app.session.game()];
    for _ in 0..crate::app::games::ALL.len() {
        ctrl(&mut app, 'g');
        seen.push(app.session.game());
    }
    assert_eq!(
        seen,
        [
            GameKind::Pyramid,
            GameKind::TriPeaks,
            GameKind::Klondike,
            GameKind::TripleKlondike,
            GameKind::PerfectPair,
            GameKind::Pyramid
        ]
    );
}

#[test]
fn typing_a_deal_with_question_marks_validates_live_naming_every_problem() {
    let (_dir, mut app, _receive) = klondike_app();
    type_text(&mut app, "8s?9cKh??8s");
    let editor = &app.klondike().editor;
    assert_eq!(editor.filled(), 7);
    assert_eq!(editor.unknown_count(), 3);
    assert_eq!(editor.invalid_slots(), [0, 6]);
    let problems = editor.problems();
    assert!(
        problems[0].starts_with(
            "8s appears twice: at (pile 1, card 1 from the bottom) and at (pile 4, card 1"
        ),
        "{problems:?}"
    );
    assert!(
        problems[1].starts_with("45 slots are still empty"),
        "{problems:?}"
    );
    refuses_to_solve(&mut app, &["3 cards not seen yet", "appears twice"]);
}

/// A pasted text's `# rules:` line is taken, as opening its file takes it, and said; a
/// line that does not read keeps the rules chosen, and says so (issue 29).
#[test]
fn a_paste_takes_the_rules_of_its_rules_line_and_says_so() {
    let position = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/klondike-position.txt"
    ));
    for (text, pasted) in [
        (WINNABLE, "Pasted a whole deal"),
        (position, "Pasted a game under way"),
    ] {
        let (_dir, mut app, _receive) = klondike_app();
        app.update(Msg::Paste(format!("# rules: draw 1, 3 passes\n{text}")));
        says(&app, pasted);
        says_in(
            &app,
            " Rules: draw 1, 3 passes, from the text's # rules: line.",
        );
        assert_eq!(
            app.klondike().editor.marks.rules.to_string(),
            "draw 1, 3 passes",
            "{}",
            said(&app)
        );
    }
    let (_dir, mut app, _receive) = klondike_app();
    press(&mut app, KeyCode::Char('w'));
    app.update(Msg::Paste(format!("# rules: draw 2, 3 passes\n{WINNABLE}")));
    says_in(&app, " Rules kept: draw 1, unlimited passes (");
    assert_eq!(
        app.klondike().editor.marks.rules.to_string(),
        "draw 1, unlimited passes"
    );
}

/// A cut-off Solvitaire JSON is said not to be pasted once, in words (issue 29).
#[test]
fn a_cut_off_json_paste_says_where_it_ends() {
    use solitaire::games::klondike::formats::{Format, Table};
    let json = solitaire::games::klondike::formats::write(
        &Table::of_deal(&winnable()),
        Format::Solvitaire,
    )
    .unwrap();
    let cut: Vec<&str> = json.lines().take(3).collect();
    let (_dir, mut app, _receive) = klondike_app();
    app.update(Msg::Paste(cut.join("\n")));
    assert_eq!(
        said(&app),
        "Not pasted: the text is not a Klondike deal in Solvitaire's JSON: the JSON ends too \
         soon (line 3)."
    );
}

#[test]
fn the_rules_chosen_by_keys_are_shown_and_played_under() {
    let (_dir, mut app, _receive) = klondike_app();
    for c in ['w', 'r', 'x', 'e'] {
        press(&mut app, KeyCode::Char(c));
    }
    let rules = app.klondike().editor.marks.rules;
    assert_eq!(
        rules.to_string(),
        "draw 1, 3 passes, no cards back from the foundations, any card on an empty pile"
    );
    says(&app, "Rules: draw 1, 3 passes");
    app.update(Msg::Paste(WINNABLE.to_string()));
    assert_eq!(app.klondike().editor.filled(), 52, "{}", said(&app));
    assert_eq!(app.klondike().editor.start().unwrap().rules(), rules);
    let shown = screen(&app, 140, 30);
    assert!(
        shown.contains(
            "Klondike · draw 1 · 3 passes · no cards back from foundations · \
             any card on an empty pile"
        ),
        "{shown}"
    );
    // At 80 columns the title keeps the game, the draw and the passes, rather than no rules.
    let narrow = screen(&app, 80, 24);
    let title = narrow.lines().next().unwrap_or_default();
    assert!(title.ends_with("Klondike · draw 1 · 3 passes"), "{narrow}");
    press(&mut app, KeyCode::Char('g'));
    says(&app, "Klondike has no challenge");
}

#[test]
fn the_board_says_the_pass_through_the_stock_out_of_those_the_rules_allow() {
    let (_dir, mut app, receive) = klondike_app();
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(
        app.klondike().editor.marks.rules.passes,
        solitaire::games::klondike::Passes::Limited(3)
    );
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    let dealt = screen(&app, 80, 24);
    assert!(dealt.contains(" 24 · pass 1 of 3 "), "{dealt}");
    // Eight draws of three empty the stock; the ninth turns the waste over.
    for _ in 0..9 {
        press(&mut app, KeyCode::Char('d'));
        settle(&mut app, &receive);
    }
    let played = screen(&app, 80, 24);
    assert!(played.contains(" 24 · pass 2 of 3 "), "{played}");
}

#[test]
fn the_rules_dialog_lists_each_rule_and_changes_it_as_the_keys_do() {
    let (_dir, mut app, _receive) = klondike_app();
    press(&mut app, KeyCode::Char('o'));
    assert!(app.klondike().options.is_some());
    let shown = screen(&app, 80, 24);
    for words in [
        "Rules",
        "» Draw",
        "‹ 3 cards ›",
        "Passes",
        "unlimited",
        "Back from foundations",
        "Empty pile takes",
        "a King only",
    ] {
        assert!(shown.contains(words), "{words}: {shown}");
    }
    // The key bar shows the dialog's keys, not the editor's.
    assert!(shown.contains("←→ change"), "{shown}");
    // Draw 1, then the passes one back from unlimited (8), then any card on an empty pile.
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Enter);
    let rules = app.klondike().editor.marks.rules;
    assert_eq!(
        rules.to_string(),
        "draw 1, 8 passes, any card on an empty pile"
    );
    says(&app, "Rules: draw 1, 8 passes");
    // A card key changes nothing while the dialog is open.
    press(&mut app, KeyCode::Char('K'));
    assert_eq!(app.klondike().editor.filled(), 0);
    press(&mut app, KeyCode::Esc);
    assert!(app.klondike().options.is_none());
    // The keys stay shortcuts, and the dialog shows what they chose.
    press(&mut app, KeyCode::Char('w'));
    press(&mut app, KeyCode::Char('o'));
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("‹ 3 cards ›"), "{shown}");
    assert!(shown.contains("any card"), "{shown}");
    press(&mut app, KeyCode::Char('o'));
    app.update(Msg::Paste(WINNABLE.to_string()));
    assert_eq!(app.klondike().editor.start().unwrap().rules().draw, 3);
}

#[test]
fn a_deal_pasted_in_any_format_the_commands_read_lands_in_the_editor() {
    use solitaire::games::klondike::formats::{Format, Table, write};
    let table = Table::of_deal(&winnable());
    for format in Format::ALL {
        let (_dir, mut app, _receive) = klondike_app();
        // The cursor anywhere: a whole deal replaces what was typed.
        type_text(&mut app, "Kh Kh");
        app.update(Msg::Paste(write(&table, format).unwrap()));
        let editor = &app.klondike().editor;
        assert_eq!(editor.deal(), Ok(winnable()), "{format}: {}", said(&app));
        assert!(editor.problems().is_empty(), "{format}");
        assert_eq!(
            said(&app),
            format!("Pasted a whole deal, in {}.", format.name())
        );
    }
    // Cards that are not a whole deal go in from the cursor, as in every game's editor.
    let (_dir, mut app, _receive) = klondike_app();
    type_text(&mut app, "Kh");
    app.update(Msg::Paste("Qs ?? 2d".to_string()));
    assert_eq!(said(&app), "Pasted 3 cards.");
    assert_eq!(app.klondike().editor.filled(), 4);
    assert_eq!(app.klondike().editor.unknown_count(), 1);
}

/// A game under way in the project's position text, eight face-down cards not known.
const UNDER_WAY: &str = include_str!("../../../../tests/data/klondike-position-unknowns.txt");

/// The table a position text lays out.
fn laid_out(text: &str) -> solitaire::games::klondike::Setup {
    solitaire::games::klondike::formats::under_way::read_laid_out(text).unwrap()
}

/// The game under way being typed.
fn table(app: &App) -> &TableEditor {
    app.klondike().own.table.as_ref().expect("a game under way")
}

#[test]
fn a_paste_that_is_not_a_klondike_deal_says_so_and_changes_nothing() {
    let cases = [
        (
            "{\"tableau piles\": [[\"8S\"]",
            "not a Klondike deal in Solvitaire's JSON",
        ),
        (
            "123456789012",
            "not a Klondike deal in Klondike-Solver's deal code",
        ),
        (
            "hello there, world",
            "not a Klondike deal in the project's layout",
        ),
        (
            "{\"tableau piles\": [[\"AS\"], [\"AH\"], [\"AD\"], [\"AC\"]], \"stock\": []}",
            "the text is 4 cards",
        ),
        (
            "pile 1: Kh\npile 1: Qs\n",
            "not a Klondike deal in the project's position text: pile 1 is given twice",
        ),
    ];
    for (text, words) in cases {
        let (_dir, mut app, _receive) = klondike_app();
        type_text(&mut app, "Kh");
        app.update(Msg::Paste(text.to_string()));
        assert!(
            said(&app).starts_with("Not pasted"),
            "{text}: {}",
            said(&app)
        );
        assert!(said(&app).contains(words), "{text}: {}", said(&app));
        assert_eq!(app.klondike().editor.filled(), 1, "{text}");
    }
}

#[test]
fn solve_then_step_through_a_line_that_wins() {
    let (_dir, mut app, receive) = klondike_app();
    solve_and_step(&mut app, &receive, WINNABLE, 0);
    says(&app, "Winnable: a line of");
    let KlondikeScreen::Solution(solution) = &app.klondike().screen else {
        panic!("the solution: {}", said(&app));
    };
    let moves = solution.moves.clone();
    let start = app.klondike().editor.start().unwrap();
    let game = solitaire::games::klondike::Game::replay(start.clone(), &moves).unwrap();
    assert!(game.position().is_won(), "the line wins on the referee");
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Left);
    let KlondikeScreen::Solution(solution) = &app.klondike().screen else {
        panic!("still the solution");
    };
    assert_eq!(solution.step, 1);
    assert_eq!(*solution.position(), *game.position_after(1).unwrap());
}

#[test]
fn play_by_keys_and_clicks_with_undo_and_redo() {
    let (_dir, mut app, receive) = klondike_playing(WINNABLE.to_string());
    settle(&mut app, &receive);
    // Pile 4's Ac goes up: chosen, then a foundation.
    choose(
        &mut app,
        Spot::Pile { pile: 3, card: 0 },
        Spot::Foundation(0),
    );
    says(&app, "Move Ac from pile 4 to the foundation");
    assert_eq!(play(&app).game.played(), 1);
    // A card that does not fit is refused with the referee's reason.
    choose(
        &mut app,
        Spot::Pile { pile: 0, card: 0 },
        Spot::Pile { pile: 1, card: 0 },
    );
    says(&app, "Not possible: 8s does not go on 9c");
    assert_eq!(play(&app).game.played(), 1);
    // The stock draws; f sends the waste's top up when it fits, else says why.
    press(&mut app, KeyCode::Char('d'));
    says(&app, "Draw 3: Qh Ts Qc");
    press(&mut app, KeyCode::Char('u'));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(play(&app).game.played(), 0);
    press(&mut app, KeyCode::Char('U'));
    assert_eq!(play(&app).game.played(), 1);
    assert_eq!(play(&app).game.redoable(), 1);
    // A double click on pile 6's Ah sends it up.
    let board = layout::board_area(ratatui::layout::Rect::new(0, 0, 80, 24));
    let position = play(&app).position().clone();
    let cell = crate::app::games::klondike::board::spot_rect(
        board,
        &position,
        Spot::Pile { pile: 5, card: 0 },
    );
    app.update(Msg::Resize(80, 24));
    for _ in 0..2 {
        app.update(Msg::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: cell.x + 1,
            row: cell.y,
            modifiers: KeyModifiers::NONE,
        }));
    }
    says(&app, "Move Ah from pile 6 to the foundation");
    assert_eq!(play(&app).game.played(), 2);
}

#[test]
fn a_card_turned_up_is_typed_in_and_undo_goes_back_over_it() {
    let (_dir, mut app, receive) = klondike_playing(at_the_table());
    assert_eq!(app.klondike().editor.unknown_count(), 21, "{}", said(&app));
    first_known(&mut app, &receive);
    // Ac from pile 4 turns up pile 4's third card, 3d.
    choose(
        &mut app,
        Spot::Pile { pile: 3, card: 0 },
        Spot::Foundation(0),
    );
    assert_eq!(play(&app).waiting(), Some(Seen::PileTop(3)));
    assert!(
        said(&app).contains("turned up on pile 4: type it"),
        "{}",
        said(&app)
    );
    assert_eq!(
        app.klondike().check_id(),
        None,
        "no check while the card waits"
    );
    // No other move is taken while it waits: a draw is refused, saying what comes first.
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(play(&app).game.played(), 1, "{}", said(&app));
    says(&app, "First type the card turned up on pile 4");
    // A wrong card is refused; then 3d goes in.
    type_text(&mut app, "8s");
    assert!(
        said(&app).contains("8s is already in the deal"),
        "{}",
        said(&app)
    );
    type_text(&mut app, "3d");
    says(&app, "3d typed in at pile 4, card 3 from the bottom");
    assert_eq!(play(&app).waiting(), None);
    assert_eq!(app.klondike().editor.slots[8], Some("3d".parse().unwrap()));
    assert_eq!(app.klondike().editor.unknown_count(), 20);
    assert_eq!(play(&app).game.played(), 1);
    // Undo goes back before the move, the card stays known, redo plays it again.
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(play(&app).game.played(), 0);
    press(&mut app, KeyCode::Char('U'));
    assert_eq!(play(&app).game.played(), 1);
    assert_eq!(play(&app).waiting(), None);
    assert_eq!(
        play(&app).position().pile(3).unwrap().top(),
        Some("3d".parse().unwrap())
    );
}

#[test]
fn a_face_up_card_typed_as_not_known_is_named_and_play_asks_for_it_under_the_cursor() {
    let (_dir, mut app, _receive) = klondike_app();
    // A `?` forgotten under 4h: pile 2's face-up card is the `?` typed after it.
    type_text(&mut app, "7c4h??Kd");
    type_text(&mut app, &"?".repeat(47));
    let editor = &app.klondike().editor;
    assert!(editor.problems().is_empty(), "{:?}", editor.problems());
    assert_eq!(
        editor.warnings(),
        [
            "The face-up cards of piles 2 and 3 are not known: type them, or mark the piles' \
             face-down cards (?).",
            "The top cards of piles 4, 5, 6 and 7 are face up, so they must be known: type them."
        ]
    );
    let shown = screen(&app, 80, 24);
    assert!(!shown.contains("A valid deal"), "{shown}");
    assert!(shown.contains("The face-up cards of"), "{shown}");
    // Only pile 2's top not known (the table seen, with it typed `?`): named alone, and
    // played as it is, it is asked for first, the cursor on it.
    let (_dir, mut app, _receive) = klondike_app();
    let mut words: Vec<String> = at_the_table().split(' ').map(str::to_string).collect();
    words[2] = "??".to_string();
    app.update(Msg::Paste(words.join(" ")));
    assert_eq!(
        app.klondike().editor.warnings(),
        // Its face-down card is marked: the top card is what is to be typed (issue 29).
        ["Pile 2's top card is face up, so it must be known: type it."]
    );
    ctrl(&mut app, 'p');
    assert_eq!(
        play(&app).waiting(),
        Some(Seen::PileTop(1)),
        "{}",
        said(&app)
    );
    // The first word of play is the question, for a card shown from the start: no move
    // turned it up.
    says(
        &app,
        "Type the card shown on pile 2 (rank, then suit): play goes on once it is known.",
    );
    assert_eq!(play(&app).cursor, Spot::Pile { pile: 1, card: 0 });
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("[??]   Qd"), "the cursor on pile 2: {shown}");
    let wide = screen(&app, 120, 30);
    assert!(wide.contains("Type the card shown on pile 2:"), "{wide}");
    assert!(!wide.contains("turned up"), "{wide}");
    // A hint or a move asked for meanwhile asks for it the same way.
    press(&mut app, KeyCode::Char('h'));
    says(
        &app,
        "First type the card shown on pile 2: rank, then suit.",
    );
    let card = winnable().card(2).unwrap();
    type_text(&mut app, &card.to_string());
    says(&app, &format!("{card} typed in at pile 2"));
    assert_eq!(play(&app).waiting(), None);
}

#[test]
fn a_card_typed_wrong_as_it_turned_up_is_mended_keeping_the_moves_before_it() {
    let (_dir, mut app, _receive) = klondike_playing(at_the_table());
    // Ac from pile 4 turns up pile 4's third card, 3d; a face-down card of pile 4 is typed.
    draw_then_ace_up(&mut app);
    assert_eq!(play(&app).waiting(), Some(Seen::PileTop(3)));
    let wrong = winnable().card(7).unwrap();
    type_text(&mut app, &wrong.to_string());
    assert_eq!(app.klondike().editor.slots[8], Some(wrong));
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(play(&app).game.played(), 3);
    // m takes it back: the draw after it goes, the draw and Ac before it stay.
    press(&mut app, KeyCode::Char('m'));
    says(
        &app,
        &format!(
            "Took back {wrong} at pile 4, card 3 from the bottom: type the card turned up on \
             pile 4 anew (rank, then suit). The move after it is dropped."
        ),
    );
    assert_eq!(play(&app).game.played(), 2);
    assert_eq!(play(&app).waiting(), Some(Seen::PileTop(3)));
    assert_eq!(play(&app).cursor, Spot::Pile { pile: 3, card: 0 });
    assert_eq!(app.klondike().editor.slots[8], None);
    assert_eq!(app.klondike().editor.unknown_count(), 21);
    // The new card is checked as the first was; then the true one goes in.
    type_text(&mut app, "8s");
    assert!(
        said(&app).contains("8s is already in the deal"),
        "{}",
        said(&app)
    );
    type_text(&mut app, "3d");
    says(&app, "3d typed in at pile 4, card 3 from the bottom");
    assert_eq!(app.klondike().editor.slots[8], Some("3d".parse().unwrap()));
    assert_eq!(play(&app).game.played(), 2);
    // Nothing more typed to take back.
    press(&mut app, KeyCode::Char('m'));
    press(&mut app, KeyCode::Char('m'));
    says(&app, "No card typed in as it turned up to mend");
    assert_eq!(app.klondike().editor.slots[8], None);
}

#[test]
fn a_card_mended_on_the_waste_of_a_draw_of_three_has_the_cursor_on_it() {
    let (_dir, mut app, _receive) = klondike_playing(stock_not_known());
    press(&mut app, KeyCode::Char('d'));
    let dealt = |slot: usize| winnable().card(slot).unwrap().to_string();
    // The first drawn is asked for first, the cursor on it rather than on the waste's top.
    assert_eq!(play(&app).waiting(), Some(Seen::Waste(0)));
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("[??]?? ??"), "the cursor on card 1: {shown}");
    type_text(&mut app, &dealt(28));
    let shown = screen(&app, 80, 24);
    assert!(
        shown.contains(&format!("{}[??]??", dealt(28))),
        "the cursor on card 2: {shown}"
    );
    type_text(&mut app, &dealt(29));
    assert_eq!(play(&app).waiting(), Some(Seen::Waste(2)));
    let shown = screen(&app, 80, 24);
    assert!(
        shown.contains(&format!("{} {}[??]", dealt(28), dealt(29))),
        "the cursor on card 3: {shown}"
    );
    // m takes card 2 back: it is asked for again, and the cursor goes back onto it.
    press(&mut app, KeyCode::Char('m'));
    says(
        &app,
        &format!(
            "Took back {} at stock card 2: type the card turned up on the waste, card 2 of 3 \
             from the left anew (rank, then suit).",
            dealt(29)
        ),
    );
    assert_eq!(play(&app).waiting(), Some(Seen::Waste(1)));
    assert_eq!(play(&app).cursor, Spot::Waste);
    let shown = screen(&app, 80, 24);
    assert!(
        shown.contains(&format!("{}[??]??", dealt(28))),
        "the cursor on card 2, the one asked for: {shown}"
    );
    let wide = screen(&app, 120, 30);
    assert!(
        wide.contains("Type the card turned up on the waste, card 2 of 3"),
        "{wide}"
    );
}

/// A draw, then Ac from pile 4 to its foundation, which turns up pile 4's third card.
fn draw_then_ace_up(app: &mut App) {
    press(app, KeyCode::Char('d'));
    choose(app, Spot::Pile { pile: 3, card: 0 }, Spot::Foundation(0));
}

/// Plays the moves of the mend tests: a draw, then Ac from pile 4 to its foundation, which
/// turns up pile 4's third card; a wrong card is typed for it (slot 7's, the card under it);
/// then `draws` draws. Gives the wrong card.
fn typed_wrong_then_drawn(app: &mut App, draws: usize) -> solitaire::cards::card::Card {
    draw_then_ace_up(app);
    assert_eq!(play(app).waiting(), Some(Seen::PileTop(3)));
    let wrong = winnable().card(7).unwrap();
    type_text(app, &wrong.to_string());
    for _ in 0..draws {
        press(app, KeyCode::Char('d'));
    }
    assert_eq!(play(app).game.played(), 2 + draws);
    wrong
}

#[test]
fn a_mend_after_undo_says_the_moves_undone_after_the_card_can_no_longer_be_redone() {
    let (_dir, mut app, _receive) = klondike_playing(at_the_table());
    let wrong = typed_wrong_then_drawn(&mut app, 3);
    // One draw after the card stays played; the last two are undone, waiting for redo.
    press(&mut app, KeyCode::Char('u'));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(
        (play(&app).game.played(), play(&app).game.redoable()),
        (3, 2)
    );
    press(&mut app, KeyCode::Char('m'));
    says(
        &app,
        &format!(
            "Took back {wrong} at pile 4, card 3 from the bottom: type the card turned up on \
             pile 4 anew (rank, then suit). The move after it is dropped, and the 2 moves you \
             had undone after it can no longer be redone."
        ),
    );
    assert_eq!(
        (play(&app).game.played(), play(&app).game.redoable()),
        (2, 0)
    );
    assert_eq!(play(&app).waiting(), Some(Seen::PileTop(3)));
    // With only undone moves after it, only they are named.
    let (_dir, mut app, _receive) = klondike_playing(at_the_table());
    let wrong = typed_wrong_then_drawn(&mut app, 1);
    press(&mut app, KeyCode::Char('u'));
    press(&mut app, KeyCode::Char('m'));
    says(
        &app,
        &format!(
            "Took back {wrong} at pile 4, card 3 from the bottom: type the card turned up on \
             pile 4 anew (rank, then suit). The move you had undone after it can no longer be \
             redone."
        ),
    );
    assert_eq!(
        (play(&app).game.played(), play(&app).game.redoable()),
        (2, 0)
    );
}

#[test]
fn a_mend_after_undoing_the_move_that_turned_the_card_up_keeps_that_move_to_redo() {
    let (_dir, mut app, _receive) = klondike_playing(at_the_table());
    let wrong = typed_wrong_then_drawn(&mut app, 1);
    // Back to the start: the two moves up to the card, and the draw after it, are undone.
    for _ in 0..3 {
        press(&mut app, KeyCode::Char('u'));
    }
    press(&mut app, KeyCode::Char('m'));
    says(
        &app,
        &format!(
            "Took back {wrong} at pile 4, card 3 from the bottom: it is not known again, and U \
             redoes the 2 moves up to where it turns up. The move you had undone after it can \
             no longer be redone."
        ),
    );
    assert_eq!(
        (play(&app).game.played(), play(&app).game.redoable()),
        (0, 2)
    );
    assert_eq!(app.klondike().editor.slots[8], None);
    // Redo goes up to the move that turns it up, and it is asked for anew.
    press(&mut app, KeyCode::Char('U'));
    press(&mut app, KeyCode::Char('U'));
    assert_eq!(play(&app).waiting(), Some(Seen::PileTop(3)));
    says_in(&app, "Redone.");
    press(&mut app, KeyCode::Char('U'));
    assert_eq!(
        (play(&app).game.played(), play(&app).game.redoable()),
        (2, 0)
    );
    type_text(&mut app, "3d");
    says(&app, "3d typed in at pile 4, card 3 from the bottom");
}

/// The winnable deal with its stock not known (`??`), the piles known.
fn stock_not_known() -> String {
    let deal = winnable();
    let words: Vec<String> = (0..52)
        .map(|slot| match deal.card(slot) {
            Some(card) if slot < 28 => card.to_string(),
            _ => "??".to_string(),
        })
        .collect();
    words.join(" ")
}

#[test]
fn every_card_a_draw_of_three_turns_up_not_known_is_asked_for_in_the_order_drawn() {
    let (_dir, mut app, receive) = klondike_app();
    app.update(Msg::Paste(stock_not_known()));
    assert_eq!(app.klondike().editor.unknown_count(), 24, "{}", said(&app));
    ctrl(&mut app, 'p');
    press(&mut app, KeyCode::Char('d'));
    // The draw shows stock cards 1 to 3, fanned: the first drawn is asked for first.
    assert_eq!(play(&app).waiting(), Some(Seen::Waste(0)));
    assert!(
        said(&app).contains("turned up on the waste, card 1 of 3 from the left: type it"),
        "{}",
        said(&app)
    );
    let dealt = |slot: usize| winnable().card(slot).unwrap().to_string();
    type_text(&mut app, &dealt(28));
    assert_eq!(play(&app).waiting(), Some(Seen::Waste(1)));
    assert!(
        said(&app).contains("another card not known turned up on the waste, card 2 of 3"),
        "{}",
        said(&app)
    );
    type_text(&mut app, &dealt(29));
    assert_eq!(play(&app).waiting(), Some(Seen::Waste(2)));
    type_text(&mut app, &dealt(30));
    assert_eq!(play(&app).waiting(), None, "{}", said(&app));
    assert!(said(&app).ends_with("Your turn."), "{}", said(&app));
    let known: Vec<_> = (28..31).map(|slot| winnable().card(slot)).collect();
    assert_eq!(app.klondike().editor.slots[28..31], known[..]);
    assert_eq!(app.klondike().editor.unknown_count(), 21);
    // No card not known is left face up: the solve shows the draws that turn the next one
    // up, no dead end.
    press(&mut app, KeyCode::Char('s'));
    finish(&mut app, &receive);
    says(
        &app,
        "Undecided: 21 cards not known. This move turns one face up",
    );
}

#[test]
fn a_key_no_part_of_a_card_while_one_waits_says_what_the_card_takes() {
    let (_dir, mut app, _receive) = klondike_playing(stock_not_known());
    press(&mut app, KeyCode::Char('d'));
    let before = said(&app);
    for key in ['x', 'c', 'p'] {
        press(&mut app, KeyCode::Char(key));
        assert!(
            said(&app).starts_with(&format!("'{key}' is not a rank: type A 2-9 T J Q K")),
            "{key}: {}",
            said(&app)
        );
    }
    // After a rank, a key that is no suit is named as such; the rank stays typed.
    type_text(&mut app, "7!");
    says(&app, "'!' is not a suit: after 7 type c, d, h or s");
    assert_eq!(
        play(&app).table.turned_up.typing.text(),
        Some("7_".to_string())
    );
    // Play mode's keys stay its own: a draw says what comes first.
    press(&mut app, KeyCode::Backspace);
    press(&mut app, KeyCode::Char('d'));
    says(&app, "First type the card turned up");
    assert_eq!(play(&app).game.played(), 1, "{before}");
}

#[test]
fn with_cards_not_known_the_hint_is_the_ranking_at_the_table() {
    let (_dir, mut app, receive) = klondike_playing(at_the_table());
    first_known(&mut app, &receive);
    let (ranking, 1) = ranked(play(&app).known()) else {
        panic!("one round: {:?}", play(&app).known());
    };
    assert!(ranking.deals > 0);
    press(&mut app, KeyCode::Char('h'));
    says(&app, "Hint (");
    assert!(said(&app).contains(" deals"), "{}", said(&app));
    // The rounds refine the figures on more deals.
    settle(&mut app, &receive);
    let (more, rounds) = ranked(play(&app).known());
    assert!(rounds > 1 && more.deals > 0, "{rounds}");
}

#[test]
fn solving_with_cards_not_known_shows_the_moves_that_turn_one_up() {
    let (_dir, mut app, receive) = klondike_app();
    app.update(Msg::Paste(at_the_table()));
    press(&mut app, KeyCode::Enter);
    finish(&mut app, &receive);
    says(&app, "Undecided: 21 cards not known.");
    let KlondikeScreen::Solution(solution) = &app.klondike().screen else {
        panic!("the moves to turn a card up");
    };
    assert!(!solution.moves.is_empty());
}

#[test]
fn a_game_at_the_table_saves_and_reopens_with_its_cards_and_moves() {
    let (dir, mut app, receive) = klondike_app();
    press(&mut app, KeyCode::Char('w'));
    app.update(Msg::Paste(at_the_table()));
    ctrl(&mut app, 'p');
    first_known(&mut app, &receive);
    choose(
        &mut app,
        Spot::Pile { pile: 3, card: 0 },
        Spot::Foundation(0),
    );
    type_text(&mut app, "3d");
    save_named(&mut app, "table");
    says(&app, "Saved with 1 move");
    let path = dir.path().join("saves/table.txt");
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("# game: klondike\n"), "{saved}");
    assert!(
        saved.contains("# rules: draw 1, unlimited passes\n"),
        "{saved}"
    );
    assert!(saved.contains("# moves: Ac>f\n"), "{saved}");
    let (send, _receive) = mpsc::channel();
    let mut setup = setup(dir.path());
    setup.deal = Some(Kept::of(
        solitaire::games::klondike::game::read(&saved, "table").unwrap(),
    ));
    let reopened = App::new(setup, send);
    let session = reopened.klondike();
    assert_eq!(session.editor.unknown_count(), 20);
    assert_eq!(session.editor.marks.rules.draw, 1);
    assert!(matches!(session.screen, KlondikeScreen::Play));
    assert_eq!(session.play.as_ref().unwrap().game.played(), 1);
    let moves: Vec<KlondikeMove> = session.play.as_ref().unwrap().game.moves().to_vec();
    assert_eq!(moves, [KlondikeMove::PileToFoundation(3)]);
}

#[test]
fn the_draft_keeps_a_klondike_deal_between_runs() {
    let (_dir, again, _receive) = klondike_restarted(|app| {
        press(app, KeyCode::Char('r'));
        type_text(app, "8s?Kh");
    });
    assert_eq!(again.klondike().editor.filled(), 3);
    assert_eq!(again.klondike().editor.marks.unknown, 0b10);
    assert_eq!(
        again.klondike().editor.marks.rules.passes,
        solitaire::games::klondike::Passes::Limited(3)
    );
}

#[test]
fn a_game_under_way_is_typed_place_by_place_with_every_problem_named_live() {
    let (_dir, mut app, receive) = klondike_app();
    press(&mut app, KeyCode::Char('u'));
    says(&app, "A game under way:");
    // The piles, each from its bottom: known face-down cards typed face up, then turned
    // down (v); those not seen yet as ? (face down).
    let piles = [
        "8s7d",
        "Jh",
        "2s2dQdJsTh9c8d7s6h5c4dvv",
        "6sTc3dvv",
        "????Qs",
        "KhQc",
        "????8h",
    ];
    for (number, keys) in piles.into_iter().enumerate() {
        if number > 0 {
            press(&mut app, KeyCode::Right);
        }
        type_text(&mut app, keys);
    }
    assert_eq!(
        table(&app).place_text(Place::Pile(6)),
        "pile 7: ?? ?? ?? ?? / 8h"
    );
    // Up to the foundations, left to the waste: cards typed there go on its top.
    press(&mut app, KeyCode::Up);
    for _ in 0..4 {
        press(&mut app, KeyCode::Left);
    }
    assert_eq!(table(&app).cursor, Place::Waste);
    type_text(&mut app, "QhTsJd3s9dKd9sKs7h5s6dKc");
    let problems = table(&app).problems();
    assert!(
        problems[0].contains("more than the 8 not known (??)"),
        "{problems:?}"
    );
    // The count said is that of the cards listed.
    let (count, listed) = problems[0].split_once(": ").expect("a list");
    let count = count.split_whitespace().next().unwrap_or_default();
    assert_eq!(
        count.parse::<usize>().ok(),
        Some(listed.split_whitespace().count()),
        "{problems:?}"
    );
    // A foundation's top card: 8s is on pile 1 too, each card named where it is.
    press(&mut app, KeyCode::Right);
    type_text(&mut app, "8s");
    let problems = table(&app).problems();
    assert!(
        problems.contains(
            &"8s is laid out twice: in the spades foundation and in pile 1 (a foundation's top \
              card stands for every lower card of its suit)."
                .into()
        ),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("2s is laid out twice")),
        "{problems:?}"
    );
    assert!(table(&app).invalid_places().contains(&Place::Pile(0)));
    assert!(screen(&app, 80, 24).contains("laid out twice"));
    press(&mut app, KeyCode::Delete);
    type_text(&mut app, "4cAd5hAs");
    assert!(
        table(&app).problems().is_empty(),
        "{:?}",
        table(&app).problems()
    );
    assert_eq!(table(&app).setup, laid_out(UNDER_WAY));
    // The pack all laid out, `=` has no room to fill.
    press(&mut app, KeyCode::Char('='));
    says(&app, "No room in the stock");
    assert_eq!(table(&app).setup, laid_out(UNDER_WAY));
    // Solved as the commands solve it: the moves that turn a card not known face up.
    press(&mut app, KeyCode::Enter);
    finish(&mut app, &receive);
    says(&app, "Undecided: 8 cards not known.");
    let KlondikeScreen::Solution(solution) = &app.klondike().screen else {
        panic!("the moves to turn a card up");
    };
    assert_eq!(solution.moves.len(), 6);
    // Back to the table as it was typed; u sets it aside for the deal and brings it back.
    press(&mut app, KeyCode::Esc);
    assert_eq!(table(&app).setup, laid_out(UNDER_WAY));
    press(&mut app, KeyCode::Char('u'));
    assert!(app.klondike().own.table.is_none(), "{}", said(&app));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(table(&app).setup, laid_out(UNDER_WAY));
}

#[test]
fn a_game_under_way_pasted_is_played_at_the_table_saved_and_reopened() {
    let (dir, mut app, receive) = klondike_app();
    app.update(Msg::Paste(UNDER_WAY.to_string()));
    assert_eq!(
        said(&app),
        "Pasted a game under way, in the project's position text."
    );
    assert_eq!(table(&app).setup, laid_out(UNDER_WAY));
    // The six moves that turn a card up, played from the line's end.
    press(&mut app, KeyCode::Enter);
    finish(&mut app, &receive);
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Char('p'));
    assert_eq!(play(&app).game.played(), 6);
    assert_eq!(
        play(&app).waiting(),
        Some(Seen::PileTop(4)),
        "{}",
        said(&app)
    );
    // The card asked for goes into the table at its place: pile 5's fourth card.
    type_text(&mut app, "Qs");
    says_in(&app, "Qs is already on the table");
    type_text(&mut app, "8c");
    says(&app, "8c typed in on pile 5. Your turn.");
    assert_eq!(
        table(&app).place_text(Place::Pile(4)),
        "pile 5: ?? ?? ?? 8c / Qs"
    );
    assert_eq!(play(&app).game.played(), 6);
    assert_eq!(play(&app).waiting(), None);
    // Saved as a position text with its moves; reopened, the same table and game.
    save_named(&mut app, "underway");
    says(&app, "Saved with 6 moves");
    let saved = std::fs::read_to_string(dir.path().join("saves/underway.txt")).unwrap();
    assert!(saved.contains("pile 5: ?? ?? ?? 8c / Qs\n"), "{saved}");
    let typed = table(&app).setup.clone();
    let (send, _receive) = mpsc::channel();
    let mut setup = setup(dir.path());
    setup.deal = Some(Kept::of(
        solitaire::games::klondike::game::read(&saved, "underway").unwrap(),
    ));
    let reopened = App::new(setup, send);
    assert_eq!(table(&reopened).setup, typed);
    assert!(matches!(reopened.klondike().screen, KlondikeScreen::Play));
    assert_eq!(play(&reopened).game.moves(), play(&app).game.moves());
}

#[test]
fn ctrl_f_acts_on_the_game_under_way_shown_never_on_the_deal_set_aside() {
    let (_dir, mut app, _receive) = klondike_app();
    let deal = winnable();
    let cards: Vec<String> = (0..51)
        .map(|slot| deal.card(slot).unwrap().to_string())
        .collect();
    app.update(Msg::Paste(cards.join(" ")));
    let offer = app.klondike().editor.fill_offer();
    assert_eq!(offer, Some((51, deal.card(51).unwrap())));
    press(&mut app, KeyCode::Char('u'));
    assert!(
        !screen(&app, 80, 24).contains("Ctrl-F"),
        "no offer for the deal hidden"
    );
    ctrl(&mut app, 'f');
    says(&app, "Ctrl-F fills a deal's");
    assert_eq!(
        app.klondike().editor.filled(),
        51,
        "the deal set aside is untouched"
    );
    assert_eq!(table(&app).filled(), 0);
    // Back at the deal, Ctrl-F fills it in.
    press(&mut app, KeyCode::Char('u'));
    ctrl(&mut app, 'f');
    assert_eq!(app.klondike().editor.deal(), Ok(deal), "{}", said(&app));
}

#[test]
fn moves_played_go_on_over_a_switch_of_editors_that_changes_nothing() {
    let (_dir, mut app, _receive) = klondike_playing(WINNABLE.to_string());
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Char('d'));
    let played = play(&app).game.moves().to_vec();
    assert_eq!(played.len(), 2);
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('u'));
    press(&mut app, KeyCode::Char('u'));
    ctrl(&mut app, 'p');
    assert_eq!(play(&app).game.moves(), played, "{}", said(&app));
    // Over to the game under way and playing there goes on too.
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('u'));
    ctrl(&mut app, 'p');
    assert_eq!(play(&app).game.moves(), played, "{}", said(&app));
}

#[test]
fn a_deal_typed_after_a_game_under_way_was_set_aside_opens_as_its_own_table() {
    let (_dir, mut app, _receive) = klondike_app();
    ctrl(&mut app, 'n');
    press(&mut app, KeyCode::Char('y'));
    press(&mut app, KeyCode::Char('u'));
    press(&mut app, KeyCode::Char('u'));
    let deal = winnable();
    let cards: String = (0..52)
        .map(|slot| deal.card(slot).unwrap().to_string())
        .collect();
    type_text(&mut app, &cards);
    assert_eq!(app.klondike().editor.deal(), Ok(deal));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(table(&app).filled(), 52, "{:?}", table(&app).problems());
    assert_eq!(table(&app).setup, TableEditor::of_deal(&deal).setup);
}

#[test]
fn playing_from_a_step_that_turned_a_card_up_asks_for_the_card_first() {
    let (_dir, mut app, receive) = klondike_app();
    solve_and_step(&mut app, &receive, UNDER_WAY, 0);
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Char('p'));
    assert_eq!(play(&app).waiting(), Some(Seen::PileTop(4)));
    assert_eq!(
        said(&app),
        "Your turn from this step: first type the card turned up on pile 5 (rank, then suit)."
    );
}

#[test]
fn the_draft_keeps_a_game_under_way_with_its_problems() {
    let (_dir, again, _receive) = klondike_restarted(|app| {
        press(app, KeyCode::Char('u'));
        type_text(app, "??Kh8s");
    });
    assert_eq!(
        table(&again).place_text(Place::Pile(0)),
        "pile 1: ?? ?? / Kh 8s"
    );
    assert!(
        table(&again).problems()[0].starts_with("Pile 1's face-up cards are not a run"),
        "{:?}",
        table(&again).problems()
    );
}

/// A game under way pasted and played one move (a draw), then back to its editor.
fn table_with_a_move_played() -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = klondike_playing(UNDER_WAY.to_string());
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(play(&app).game.played(), 1, "{}", said(&app));
    press(&mut app, KeyCode::Esc);
    (dir, app, receive)
}

#[test]
fn an_edit_of_the_game_under_way_asks_before_losing_the_moves_played() {
    let (_dir, mut app, _receive) = table_with_a_move_played();
    // Keys that change nothing ask nothing.
    for code in [KeyCode::Right, KeyCode::Tab, KeyCode::End, KeyCode::Home] {
        press(&mut app, code);
    }
    assert!(app.confirm.is_none(), "{}", said(&app));
    // A rule changed, a card removed, a card typed: each asks, and any key but y keeps all.
    let typed = table(&app).setup.clone();
    let rules = app.klondike().editor.marks.rules;
    for keys in ["w", "\u{8}", "u", "Kd"] {
        for c in keys.chars() {
            let code = if c == '\u{8}' {
                KeyCode::Backspace
            } else {
                KeyCode::Char(c)
            };
            press(&mut app, code);
        }
        assert!(
            matches!(app.confirm, Some(Confirm::Edit(..))),
            "{keys}: {}",
            said(&app)
        );
        assert_eq!(
            said(&app),
            "Change the table and lose the 1 move played (not saved)? y changes it, n or Esc \
             keeps the game."
        );
        press(&mut app, KeyCode::Char('n'));
        assert_eq!(said(&app), "Kept the game; the change is not made.");
        assert_eq!(table(&app).setup, typed);
        assert_eq!(app.klondike().editor.marks.rules, rules);
        assert_eq!(play(&app).game.played(), 1);
    }
    press(&mut app, KeyCode::Esc);
    // A paste too; y goes ahead, the moves dropped.
    app.update(Msg::Paste("Kd".to_string()));
    assert!(matches!(app.confirm, Some(Confirm::Edit(..))));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.klondike().play.is_none());
    assert_eq!(said(&app), "Pasted 1 card on pile 1.");
    assert_eq!(table(&app).place_text(Place::Pile(0)), "pile 1: 8s 7d Kd");
    // With no move left to lose, an edit goes ahead at once.
    press(&mut app, KeyCode::Backspace);
    assert!(app.confirm.is_none());
    assert_eq!(table(&app).setup, typed);
}

#[test]
fn an_edit_of_the_deal_asks_too_unless_the_moves_are_saved() {
    let (_dir, mut app, _receive) = klondike_playing(WINNABLE.to_string());
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Esc);
    // Over to the deal's own table and back: the same game, nothing asked.
    press(&mut app, KeyCode::Char('u'));
    press(&mut app, KeyCode::Char('u'));
    assert!(app.confirm.is_none(), "{}", said(&app));
    // A card typed over the slot under the cursor: asked, and on no nothing is left half-typed.
    let editor = &app.klondike().editor;
    let other = if editor.slots.get(editor.cursor) == Some(&"Kd".parse().ok()) {
        "Qd"
    } else {
        "Kd"
    };
    type_text(&mut app, &other[..1]);
    assert!(app.confirm.is_none(), "a rank alone changes nothing");
    type_text(&mut app, &other[1..]);
    says(
        &app,
        "Change the deal and lose the 2 moves played (not saved)?",
    );
    press(&mut app, KeyCode::Esc);
    assert_eq!(said(&app), "Kept the game; the change is not made.");
    assert_eq!(app.klondike().editor.pending_text(), None);
    assert_eq!(app.klondike().editor.deal(), Ok(winnable()));
    assert_eq!(play(&app).game.played(), 2);
    // Ctrl-F has nothing to fill: it changes nothing and asks nothing.
    ctrl(&mut app, 'f');
    assert!(app.confirm.is_none(), "{}", said(&app));
    // Saved, the moves are not lost by an edit: it goes ahead without a question.
    save_named(&mut app, "two draws");
    press(&mut app, KeyCode::Char('x'));
    assert!(app.confirm.is_none(), "{}", said(&app));
    assert!(app.klondike().play.is_none());
    assert!(!app.klondike().editor.marks.rules.foundation_to_tableau);
}

#[test]
fn a_click_on_a_place_of_the_game_under_way_moves_the_cursor_there() {
    let (_dir, mut app, _receive) = klondike_app();
    app.update(Msg::Paste(UNDER_WAY.to_string()));
    let board = layout::board_area(app.shell.size);
    let position = table(&app)
        .start(app.klondike().editor.marks.rules)
        .unwrap();
    let click = |app: &mut App, column: u16, row: u16| {
        app.update(Msg::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        }));
    };
    let places = [
        (Spot::Stock, Place::Stock),
        (Spot::Waste, Place::Waste),
        (Spot::Foundation(3), Place::Foundation(Suit::Spades)),
        (Spot::Pile { pile: 2, card: 4 }, Place::Pile(2)),
        (Spot::Pile { pile: 6, card: 0 }, Place::Pile(6)),
    ];
    for (spot, place) in places {
        let cell = crate::app::games::klondike::board::spot_rect(board, &position, spot);
        click(&mut app, cell.x + 1, cell.y);
        assert_eq!(table(&app).cursor, place, "{spot:?}");
    }
    // Below a pile's cards is the pile; the deal's slots under the table are never clicked.
    let pile_one = crate::app::games::klondike::board::spot_rect(
        board,
        &position,
        Spot::Pile { pile: 0, card: 1 },
    );
    click(&mut app, pile_one.x, pile_one.y + 5);
    assert_eq!(table(&app).cursor, Place::Pile(0));
}

#[test]
fn tab_and_home_and_end_go_over_the_places_of_the_game_under_way() {
    let (_dir, mut app, _receive) = klondike_app();
    press(&mut app, KeyCode::Char('u'));
    press(&mut app, KeyCode::End);
    assert_eq!(table(&app).cursor, Place::Foundation(Suit::Spades));
    press(&mut app, KeyCode::Tab);
    assert_eq!(
        table(&app).cursor,
        Place::Foundation(Suit::Spades),
        "stays at the end"
    );
    press(&mut app, KeyCode::Home);
    assert_eq!(table(&app).cursor, Place::Pile(0));
    let mut seen = vec![Place::Pile(0)];
    for _ in 0..12 {
        press(&mut app, KeyCode::Tab);
        seen.push(table(&app).cursor);
    }
    assert_eq!(seen[7..9], [Place::Waste, Place::Stock]);
    assert_eq!(seen.last(), Some(&Place::Foundation(Suit::Spades)));
    press(&mut app, KeyCode::BackTab);
    assert_eq!(table(&app).cursor, Place::Foundation(Suit::Hearts));
}

#[test]
fn ctrl_p_on_a_table_not_whole_says_why_in_a_line() {
    let (_dir, mut app, _receive) = klondike_app();
    press(&mut app, KeyCode::Char('u'));
    ctrl(&mut app, 'p');
    assert_eq!(
        said(&app),
        "Cannot play yet: the table is empty; type its cards where they lie."
    );
    type_text(&mut app, "Kd");
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        said(&app),
        "Cannot solve yet: 51 cards missing (the Check panel names them)."
    );
    // One line at 80 columns: the status line under the board, then the key bar.
    let shown = screen(&app, 80, 24);
    let lines: Vec<&str> = shown.lines().collect();
    let status = (lines.iter())
        .position(|line| line.starts_with(" Cannot solve yet"))
        .expect("the status line");
    assert!(lines[status + 1].starts_with(" ←↑→↓ place"), "{shown}");
}

#[test]
fn a_card_turned_up_on_the_waste_of_a_game_under_way_is_said_typed_in_on_the_waste() {
    let (_dir, mut app, _receive) = klondike_app();
    app.update(Msg::Paste(stock_not_known()));
    press(&mut app, KeyCode::Char('w'));
    press(&mut app, KeyCode::Char('u'));
    assert!(app.klondike().own.table.is_some());
    ctrl(&mut app, 'p');
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(play(&app).waiting(), Some(Seen::Waste(0)), "{}", said(&app));
    let drawn = winnable().card(28).unwrap();
    type_text(&mut app, &drawn.to_string());
    assert_eq!(
        said(&app),
        format!("{drawn} typed in on the waste. Your turn.")
    );
    assert_eq!(table(&app).unknown_count(), 23, "written into the table");
}

#[test]
fn a_card_typed_wrong_in_a_game_under_way_is_mended_in_its_table() {
    let (_dir, mut app, _receive) = klondike_app();
    app.update(Msg::Paste(stock_not_known()));
    press(&mut app, KeyCode::Char('w'));
    press(&mut app, KeyCode::Char('u'));
    ctrl(&mut app, 'p');
    press(&mut app, KeyCode::Char('d'));
    // Stock card 2 typed for stock card 1, then a draw more.
    let (drawn, wrong) = (winnable().card(28).unwrap(), winnable().card(29).unwrap());
    type_text(&mut app, &wrong.to_string());
    assert_eq!(table(&app).unknown_count(), 23);
    press(&mut app, KeyCode::Char('d'));
    type_text(&mut app, &drawn.to_string());
    assert_eq!(play(&app).game.played(), 2);
    // m takes back the card typed last, then the one before it, and the draw after it.
    press(&mut app, KeyCode::Char('m'));
    says(
        &app,
        &format!("Took back {drawn} from the table: type the card turned up"),
    );
    assert_eq!(play(&app).game.played(), 2);
    press(&mut app, KeyCode::Char('m'));
    says(
        &app,
        &format!("Took back {wrong} from the table: type the card turned up"),
    );
    says_in(&app, "The move after it is dropped.");
    assert_eq!(play(&app).game.played(), 1);
    assert_eq!(table(&app).unknown_count(), 24);
    type_text(&mut app, &drawn.to_string());
    assert_eq!(
        said(&app),
        format!("{drawn} typed in on the waste. Your turn.")
    );
}

mod snapshots {
    use super::*;

    #[test]
    fn klondike_help_of_the_game_under_way() {
        let (_dir, mut app, _receive) = klondike_app();
        press(&mut app, KeyCode::Char('u'));
        press(&mut app, KeyCode::F(1));
        for _ in 0..10 {
            press(&mut app, KeyCode::Down);
        }
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn klondike_game_under_way_in_the_editor() {
        let (_dir, mut app, _receive) = klondike_app();
        app.update(Msg::Paste(UNDER_WAY.to_string()));
        for _ in 0..4 {
            press(&mut app, KeyCode::Right);
        }
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn klondike_game_under_way_in_play() {
        let (_dir, mut app, receive) = klondike_playing(POSITION.to_string());
        settle(&mut app, &receive);
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn klondike_editor_with_unknown_cards() {
        let (_dir, mut app, _receive) = klondike_app();
        type_text(&mut app, "8s?9cKh??8s");
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn klondike_rules_dialog() {
        let (_dir, mut app, _receive) = klondike_app();
        app.update(Msg::Paste(WINNABLE.to_string()));
        press(&mut app, KeyCode::Char('o'));
        press(&mut app, KeyCode::Down);
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    /// A new app on the Klondike editor in a theme named as in `themes/`, or with `NO_COLOR`
    /// set, in the default theme without its colours.
    fn klondike_in(theme: &str) -> (tempfile::TempDir, App, Receiver<Msg>) {
        let dir = tempfile::tempdir().unwrap();
        let mut setup = setup(dir.path());
        setup.game = Some(GameKind::Klondike);
        if theme == "NO_COLOR" {
            setup.themes = setup
                .themes
                .into_iter()
                .map(|t| t.for_colours(theme::Colours::Off))
                .collect();
        } else {
            setup.theme = setup.themes.iter().position(|t| t.name == theme).unwrap();
        }
        let (send, receive) = mpsc::channel();
        let app = App::new(setup, send);
        assert_eq!(app.session.game(), GameKind::Klondike);
        (dir, app, receive)
    }

    /// The screen at 80x24 with its styles: each line, then where each colour and
    /// modifier starts.
    fn styled_screen(app: &App) -> String {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|frame| view::draw(frame, app)).unwrap();
        format!("{:?}", terminal.backend().buffer())
    }

    const THEMES: [&str; 5] = [
        "default",
        "light",
        "high-contrast",
        "four-colour",
        "NO_COLOR",
    ];

    #[test]
    fn klondike_editor_and_play_in_each_theme() {
        let built_in: Vec<String> = theme::built_in().into_iter().map(|t| t.name).collect();
        assert_eq!(
            built_in,
            THEMES[..4],
            "a snapshot for each theme in themes/"
        );
        for name in THEMES {
            let (_dir, mut app, _receive) = klondike_in(name);
            type_text(&mut app, "8s?9cKh??8s");
            insta::assert_snapshot!(format!("klondike_editor_{name}"), styled_screen(&app));
            let (_dir, app, _receive) = play_hinted(klondike_in(name));
            insta::assert_snapshot!(format!("klondike_play_{name}"), styled_screen(&app));
        }
    }

    #[test]
    fn klondike_solution_step() {
        let (_dir, mut app, receive) = klondike_app();
        solve_and_step(&mut app, &receive, WINNABLE, 6);
        insta::assert_snapshot!(screen(&app, 100, 26));
    }

    #[test]
    fn klondike_play_with_a_hint() {
        let (_dir, app, _receive) = klondike_play_hinted();
        insta::assert_snapshot!(screen(&app, 100, 26));
    }
}

/// Pressing `h` twice over and over, settling each check, until the game is won or `most`
/// moves are played; the moves played.
fn follow_hints(app: &mut App, receive: &Receiver<Msg>, most: usize) -> usize {
    while !play(app).position().is_won() && play(app).game.played() < most {
        let before = play(app).game.played();
        first_known(app, receive);
        press(app, KeyCode::Char('h'));
        press(app, KeyCode::Char('h'));
        assert_eq!(play(app).game.played(), before + 1, "{}", said(app));
    }
    play(app).game.played()
}

#[test]
fn following_the_hint_with_every_card_known_wins_within_the_first_line() {
    let (_dir, mut app, receive) = klondike_app();
    app.update(Msg::Paste(POSITION.to_string()));
    app.session
        .as_any_mut()
        .downcast_mut::<Flow<Klondike>>()
        .unwrap()
        .editor
        .marks
        .rules
        .passes = solitaire::games::klondike::Passes::Unlimited;
    ctrl(&mut app, 'p');
    first_known(&mut app, &receive);
    let Some(Known::Exact(answer)) = play(&app).known() else {
        panic!("an exact answer: {:?}", play(&app).known());
    };
    let line = answer.line().expect("a winning line").len();
    let played = follow_hints(&mut app, &receive, 3 * line);
    assert!(
        play(&app).position().is_won(),
        "{played} moves: {}",
        said(&app)
    );
    assert_eq!(played, line);
}

#[test]
fn a_game_under_way_restored_from_the_draft_is_called_one() {
    let (_dir, again, _receive) =
        klondike_restarted(|app| app.update(Msg::Paste(POSITION.to_string())));
    says(
        &again,
        "Restored the Klondike game under way you were typing (52/52)",
    );
}

#[test]
fn the_editor_of_a_game_under_way_is_called_the_table_and_says_the_redeals_counted() {
    let (_dir, mut app, _receive) = klondike_playing(POSITION.to_string());
    press(&mut app, KeyCode::Esc);
    says(&app, "Back to the table. Ctrl-P goes on");
    press(&mut app, KeyCode::Char('+'));
    assert_eq!(said(&app), "Redeals made: 1.");
    press(&mut app, KeyCode::Char('-'));
    assert_eq!(said(&app), "Redeals made: 0.");
}

#[test]
fn following_the_hint_with_cards_not_known_goes_along_one_line_until_a_card_turns_up() {
    // The stock is empty and the waste known: going round the stock turns nothing up, and
    // many moves tie with every card known.
    let (_dir, mut app, receive) = klondike_playing(UNDER_WAY.to_string());
    for _ in 0..80 {
        settle(&mut app, &receive);
        if play(&app).waiting().is_some() || play(&app).position().is_won() {
            return;
        }
        let before = play(&app).game.played();
        press(&mut app, KeyCode::Char('h'));
        assert!(said(&app).starts_with("Hint ("), "{}", said(&app));
        press(&mut app, KeyCode::Char('h'));
        assert_eq!(play(&app).game.played(), before + 1, "{}", said(&app));
    }
    panic!(
        "no card turned up in 80 moves of the hint: {:?}",
        play(&app).game.moves()
    );
}

#[test]
fn left_and_right_go_over_every_pile_whatever_lies_face_down() {
    let (_dir, mut app, receive) = klondike_playing(WINNABLE.to_string());
    settle(&mut app, &receive);
    let pile = |app: &App| match play(app).cursor {
        Spot::Pile { pile, .. } => Some(pile),
        _ => None,
    };
    // Pile 1 has no card face down: its card stands a row above the others'.
    app.session
        .as_any_mut()
        .downcast_mut::<Flow<Klondike>>()
        .unwrap()
        .play
        .as_mut()
        .unwrap()
        .cursor = Spot::Pile { pile: 0, card: 0 };
    for to in 1..7 {
        press(&mut app, KeyCode::Right);
        assert_eq!(pile(&app), Some(to));
    }
    press(&mut app, KeyCode::Right);
    assert_eq!(pile(&app), Some(6), "the last pile stays");
    for to in (0..6).rev() {
        press(&mut app, KeyCode::Left);
        assert_eq!(pile(&app), Some(to));
    }
}

#[test]
fn a_run_is_cut_only_when_it_does_not_fit_the_terminal() {
    // Pile 3: two cards face down under a run of nine, more than the smallest board's rows.
    let (_dir, mut app, receive) = klondike_playing(POSITION.to_string());
    settle(&mut app, &receive);
    let shown = screen(&app, 80, 24);
    assert!(!shown.contains(" +"), "{shown}");
    for card in ["Qd", "Js", "4d"] {
        assert!(shown.contains(card), "{card}: {shown}");
    }
}

#[test]
fn at_80_by_24_the_title_and_the_steps_are_whole() {
    let (_dir, app, _receive) = klondike_play_hinted();
    let shown = screen(&app, 80, 24);
    let title = shown.lines().next().unwrap_or_default();
    assert!(title.contains("· new deal "), "{title}");
    assert!(title.contains("Klondike · draw 3 · ∞ passes"), "{title}");
    // Each step whole, up to the panel's border.
    for step in ["1. Ac 4→found. turns 3d  │", "2. Draw 3: Qh Ts Qc  "] {
        assert!(shown.contains(step), "{step}: {shown}");
    }
}

#[test]
fn at_80_by_24_the_steps_header_is_whole_under_a_long_answer() {
    let (_dir, mut app, receive) = klondike_app();
    let unknowns = include_str!("../../../../tests/data/klondike-unknowns.txt");
    app.update(Msg::Paste(unknowns.to_string()));
    press(&mut app, KeyCode::Enter);
    finish(&mut app, &receive);
    says(&app, "Undecided: 2 cards not known. These 5 moves");
    let shown = screen(&app, 80, 24);
    let panel: String = shown
        .lines()
        .filter_map(|line| line.split('│').nth(3))
        .collect::<Vec<_>>()
        .join(" ");
    let panel = panel.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        panel.contains("step 0 of 5 · 0 on the foundations"),
        "{shown}"
    );
    assert!(panel.contains("1. Draw 3"), "{shown}");
}

#[test]
fn at_80_by_24_a_step_that_turns_a_card_up_names_it() {
    let (_dir, mut app, receive) = klondike_app();
    solve_and_step(&mut app, &receive, WINNABLE, 0);
    let KlondikeScreen::Solution(solution) = &app.klondike().screen else {
        panic!("the solution: {}", said(&app));
    };
    // The first move of a run from one pile to another that turns a card face up.
    let (step, shown) = (solution.moves.iter().enumerate())
        .find_map(|(step, &mv)| {
            let before = &solution.positions[step];
            let KlondikeMove::PileToPile { from, .. } = mv else {
                return None;
            };
            let after = &solution.positions[step + 1];
            let pile = |position: &solitaire::games::klondike::Position| {
                position
                    .pile(usize::from(from))
                    .cloned()
                    .unwrap_or_default()
            };
            (pile(after).face_down.len() < pile(before).face_down.len())
                .then(|| (step, pile(after).face_up[0].unwrap()))
        })
        .expect("a run turns a card up");
    for _ in 0..step {
        press(&mut app, KeyCode::Right);
    }
    let shown_line = format!("{:>3}. ", step + 1);
    let screen = screen(&app, 80, 24);
    let line = (screen.lines())
        .find(|line| line.contains(&format!("▶{shown_line}")))
        .unwrap_or_else(|| panic!("step {}: {screen}", step + 1));
    assert!(
        line.contains(&format!(" turns {shown}")),
        "{shown}: {screen}"
    );
    insta::assert_snapshot!(screen);
}

/// The side panel's words at 80x24, its lines joined by a space.
fn panel_words(app: &App) -> String {
    let shown = screen(app, 80, 24);
    let lines: Vec<&str> = (shown.lines())
        .filter_map(|line| line.split('│').nth(3))
        .map(str::trim)
        .collect();
    lines.join(" ")
}

/// The numbers that come just before `words` in `text`, a noun between them or not.
fn figures_before(text: &str, words: &str) -> Vec<usize> {
    (text.match_indices(words))
        .filter_map(|(at, _)| {
            let mut before = text[..at].split_whitespace().rev().take(2);
            before.find_map(|word| word.parse().ok())
        })
        .collect()
}

#[test]
fn the_table_editors_check_panel_counts_the_cards_not_seen_of_the_table_after_every_edit() {
    let (_dir, mut app, _receive) = klondike_app();
    // A deal with cards not seen, set aside for a game under way.
    type_text(&mut app, "????????");
    press(&mut app, KeyCode::Char('u'));
    let edits: [&[KeyCode]; 9] = [
        &[
            KeyCode::Up,
            KeyCode::Right,
            KeyCode::Char('7'),
            KeyCode::Char('c'),
        ],
        &[KeyCode::Char('?')],
        &[
            KeyCode::Left,
            KeyCode::Char('?'),
            KeyCode::Char('5'),
            KeyCode::Char('h'),
        ],
        &[
            KeyCode::Down,
            KeyCode::Char('?'),
            KeyCode::Char('K'),
            KeyCode::Char('d'),
        ],
        &[KeyCode::Char('v')],
        &[KeyCode::Char('^')],
        &[KeyCode::Char('+')],
        &[KeyCode::Backspace],
        &[KeyCode::Up, KeyCode::Char('=')],
    ];
    for keys in edits {
        for &key in keys {
            press(&mut app, key);
        }
        let unknown = table(&app).unknown_count();
        let panel = panel_words(&app);
        let counted = figures_before(&panel, " not seen yet");
        let expected = if unknown > 0 { vec![unknown] } else { vec![] };
        assert_eq!(counted, expected, "after {keys:?}: {panel}");
        for figure in figures_before(&panel, " not known (??)") {
            assert_eq!(figure, unknown, "after {keys:?}: {panel}");
        }
    }
}

#[test]
fn at_80_by_24_the_check_panel_counts_the_problems_it_has_no_room_for() {
    let (_dir, mut app, _receive) = klondike_app();
    press(&mut app, KeyCode::Char('u'));
    // Seven piles whose face-up cards are not runs, and the cards missing.
    for (pile, cards) in ["2c3c", "2d3d", "2h3h", "2s3s", "4c5c", "4d5d", "4h5h"]
        .iter()
        .enumerate()
    {
        if pile > 0 {
            press(&mut app, KeyCode::Right);
        }
        type_text(&mut app, cards);
    }
    let problems = table(&app).problems();
    assert_eq!(problems.len(), 8, "{problems:?}");
    let panel = panel_words(&app);
    let hidden = (problems.iter())
        .filter(|problem| !panel.contains(&problem[..16]))
        .count();
    assert!(hidden > 0, "{panel}");
    assert!(
        panel.contains(&format!("… and {hidden} more")),
        "{hidden}: {panel}"
    );
    // A taller terminal shows them all.
    let tall = screen(&app, 80, 80);
    assert!(!tall.contains("… and"), "{tall}");
    insta::assert_snapshot!(screen(&app, 80, 24));
}

#[test]
fn one_move_that_turns_a_card_up_is_named_in_the_singular() {
    let (_dir, mut app, receive) = klondike_app();
    app.update(Msg::Paste(stock_not_known()));
    press(&mut app, KeyCode::Enter);
    finish(&mut app, &receive);
    says(
        &app,
        "Undecided: 24 cards not known. This move turns one face up;",
    );
}

#[test]
fn s_while_a_card_turned_up_waits_says_to_type_it_first() {
    let (_dir, mut app, _receive) = klondike_playing(stock_not_known());
    press(&mut app, KeyCode::Char('d'));
    assert!(play(&app).waiting().is_some());
    press(&mut app, KeyCode::Char('s'));
    says(&app, "First type the card turned up on the waste");
    assert!(matches!(app.klondike().screen, KlondikeScreen::Play));
}

/// A game under way laid out whole, every card known.
const POSITION: &str = include_str!("../../../../tests/data/klondike-position.txt");

/// The text of the save named `name` in the saves folder under `dir`.
fn save_text(dir: &Path, name: &str) -> String {
    let file = format!("saves/{}.txt", name.replace(' ', "-"));
    std::fs::read_to_string(dir.join(file)).unwrap()
}

#[test]
fn a_table_saved_with_a_card_too_many_counts_it_in_words_and_opens_again() {
    use crate::app::games::{self, Opening};
    let (dir, mut app, _receive) = klondike_app();
    // The whole table and a Queen of spades twice: 53 cards laid out, one more than a deal.
    let twice = POSITION.replace("pile 2: Jh\n", "pile 2: Jh Qs\n");
    app.update(Msg::Paste(twice.clone()));
    save_named(&mut app, "one too many");
    says(&app, "Saved the deal (problems to fix)");
    let text = save_text(dir.path(), "one too many");
    let count = text.lines().find(|line| line.starts_with("# unfinished:"));
    assert_eq!(
        count,
        Some("# unfinished: 53 cards typed, a deal holds 52; `pyramid FILE` opens it to fix them"),
        "{text}"
    );
    // Read back as before: `pyramid FILE` and Ctrl-O open it into the table's editor.
    let opening = games::opening(GameKind::Klondike, &text, "one-too-many");
    assert!(matches!(opening, Ok(Opening::Edit(_))), "{opening:?}");
    ctrl(&mut app, 'o');
    type_text(&mut app, "one too many");
    press(&mut app, KeyCode::Enter);
    says(
        &app,
        "Opened 'one too many' with problems to fix: the Check panel shows them.",
    );
    assert_eq!(table(&app).setup, laid_out(&twice));
}

#[test]
fn unfinished_and_faulty_saves_open_again_into_the_editor_problems_and_all() {
    use crate::app::games::{self, Holds, Unopened};
    let (dir, mut app, _receive) = klondike_app();
    type_text(&mut app, "AhKd");
    save_named(&mut app, "partial deal");
    says(&app, "Saved the deal (unfinished 2/52)");
    press(&mut app, KeyCode::Char('u'));
    type_text(&mut app, "8s7d");
    save_named(&mut app, "partial table");
    says(&app, "Saved the deal (unfinished 2/52)");
    // A whole table with a card twice is saved as it is, for its problems to be mended.
    let twice = POSITION.replace("pile 2: Jh\n", "pile 2: Jh Qs\n");
    app.update(Msg::Paste(twice.clone()));
    save_named(&mut app, "full twice");
    says(&app, "Saved the deal (problems to fix)");
    // A table short of cards with one twice is named by its problems too, not as unfinished.
    let short_twice = POSITION
        .replace("pile 2: Jh\n", "pile 2: Qs\n")
        .replace("waste: Qh ", "waste: ");
    app.update(Msg::Paste(short_twice.clone()));
    assert_eq!(table(&app).filled(), 51);
    save_named(&mut app, "short twice");
    says(&app, "Saved the deal (problems to fix)");
    // `pyramid FILE`: the game's reader refuses each, and its editor takes it.
    for name in ["partial deal", "partial table", "full twice", "short twice"] {
        let text = save_text(dir.path(), name);
        let Err(Unopened::Open(error)) = games::read_saved(GameKind::Klondike, &text, name) else {
            panic!("{name} does not read as a whole game")
        };
        assert!(
            games::to_edit(GameKind::Klondike, name.to_string(), &text, &error).is_some(),
            "{name}: {error}"
        );
    }
    // Ctrl-O lists each, and opens the table with its problems into the table's editor.
    let (listed, broken) = games::list(&Folders::under(dir.path()));
    assert!(broken.is_empty(), "{broken:?}");
    let state = |name: &str| {
        let entry = listed.iter().find(|entry| entry.name() == name).unwrap();
        assert!(matches!(entry.holds, Holds::Unfinished(_)), "{name}");
        games::listed_state(&entry.holds)
    };
    assert_eq!(state("partial deal"), "unfinished 2/52");
    assert_eq!(state("partial table"), "unfinished 2/52");
    assert_eq!(state("full twice"), "problems to fix");
    assert_eq!(state("short twice"), "problems to fix");
    ctrl(&mut app, 'o');
    type_text(&mut app, "full twice");
    press(&mut app, KeyCode::Enter);
    says(
        &app,
        "Opened 'full twice' with problems to fix: the Check panel shows them.",
    );
    assert_eq!(table(&app).setup, laid_out(&twice));
    assert!(!table(&app).problems().is_empty());
    ctrl(&mut app, 'o');
    type_text(&mut app, "short twice");
    press(&mut app, KeyCode::Enter);
    says(
        &app,
        "Opened 'short twice' with problems to fix: the Check panel shows them.",
    );
    ctrl(&mut app, 'o');
    type_text(&mut app, "partial table");
    press(&mut app, KeyCode::Enter);
    says(&app, "Opened 'partial table' (2/52): go on typing.");
    assert_eq!(table(&app).filled(), 2);
}

#[test]
fn ctrl_y_copies_open_as_klondike_like_any_deal() {
    use crate::app::games::{self, Holds};
    let (dir, mut app, receive) = klondike_app();
    press(&mut app, KeyCode::Char('r'));
    let rules = app.klondike().editor.marks.rules;
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 'y');
    says(&app, "The deal is sent to the clipboard");
    // A game under way is a game, in its table's editor and in play.
    app.update(Msg::Paste(POSITION.to_string()));
    ctrl(&mut app, 'y');
    says(&app, "The game is sent to the clipboard");
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    assert!(matches!(app.klondike().screen, KlondikeScreen::Play));
    ctrl(&mut app, 'y');
    says(&app, "The game is sent to the clipboard");
    // Each copy lists as a Klondike deal under the rules typed, and opens as one.
    let (listed, broken) = games::list(&Folders::under(dir.path()));
    assert!(broken.is_empty(), "{broken:?}");
    for (name, start) in [
        ("deal-copy", None),
        ("deal-copy-2", Some(laid_out(POSITION))),
    ] {
        let entry = listed.iter().find(|entry| entry.name() == name).unwrap();
        assert_eq!(entry.game(), GameKind::Klondike, "{name}");
        let Holds::Game(saved) = &entry.holds else {
            panic!("{name} holds a whole game")
        };
        let saved = saved
            .get::<solitaire::games::klondike::saved::KlondikeSave>()
            .unwrap();
        assert_eq!(saved.game.rules, rules, "{name}");
        match start {
            None => assert_eq!(saved.deal(), Some(winnable()), "{name}"),
            Some(start) => assert_eq!(saved.game.table.setup(), &start, "{name}"),
        }
    }
}

/// Puts play mode's cursor on a spot.
fn put_cursor(app: &mut App, spot: Spot) {
    let flow = app
        .session
        .as_any_mut()
        .downcast_mut::<Flow<Klondike>>()
        .unwrap();
    flow.play.as_mut().unwrap().cursor = spot;
}

#[test]
fn up_and_down_in_play_keep_to_the_column() {
    let (_dir, mut app, receive) = klondike_playing(WINNABLE.to_string());
    settle(&mut app, &receive);
    let step = |app: &mut App, from: Spot, key: KeyCode| {
        put_cursor(app, from);
        press(app, key);
        play(app).cursor
    };
    let pile = |pile: u8| Spot::Pile { pile, card: 0 };
    // From a pile's top card to what stands over its column, not to pile 1: as in the
    // table editor, the stock over piles 1 and 2, the waste (fanned) over pile 3.
    let over = [
        (0, Spot::Stock),
        (1, Spot::Stock),
        (2, Spot::Waste),
        (3, Spot::Foundation(0)),
        (4, Spot::Foundation(1)),
        (5, Spot::Foundation(2)),
        (6, Spot::Foundation(3)),
    ];
    for (number, above) in over {
        assert_eq!(
            step(&mut app, pile(number), KeyCode::Up),
            above,
            "pile {number}"
        );
    }
    // And from the top line down to the pile under it.
    let under = [
        (Spot::Stock, 0),
        (Spot::Waste, 2),
        (Spot::Foundation(0), 3),
        (Spot::Foundation(3), 6),
    ];
    for (from, number) in under {
        assert_eq!(
            step(&mut app, from, KeyCode::Down),
            pile(number),
            "{from:?}"
        );
    }
    // A pile's only card stays put going down; the top line stays going up.
    assert_eq!(step(&mut app, pile(4), KeyCode::Down), pile(4));
    assert_eq!(step(&mut app, Spot::Waste, KeyCode::Up), Spot::Waste);
}

#[test]
fn a_hint_that_changes_before_it_is_played_says_so_and_is_shown_before_it_is_played() {
    use solitaire::games::klondike::answer::Answer;
    let (_dir, mut app, _receive) = klondike_play_hinted();
    says(&app, "Hint: ");
    let position = play(&app).position().clone();
    let shown = play(&app).best_move().expect("a hint");
    let other = position
        .legal_moves()
        .into_iter()
        .find(|&mv| mv != shown)
        .expect("another move");
    let played = play(&app).game.played();
    // A later check puts another move first.
    on_screen_mut::<Flow<Klondike>>(&mut app)
        .play
        .as_mut()
        .unwrap()
        .learn(position.clone(), Known::Exact(Answer::Wins(vec![other])));
    let again = hint_said_again::<Klondike>(&mut app);
    assert!(again.starts_with("Hint changed: "), "{again}");
    assert!(again.contains(&position.describe(other)), "{again}");
    // The next h shows the new move rather than play it; the one after plays it.
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(play(&app).game.played(), played, "{}", said(&app));
    says(&app, "Hint: ");
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(play(&app).game.moves().last(), Some(&other));
}

#[test]
fn a_card_typed_over_a_game_under_way_and_kept_leaves_nothing_half_typed() {
    let (_dir, mut app, _receive) = table_with_a_move_played();
    type_text(&mut app, "2d");
    assert!(
        matches!(app.confirm, Some(Confirm::Edit(..))),
        "{}",
        said(&app)
    );
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(said(&app), "Kept the game; the change is not made.");
    assert_eq!(table(&app).pending.text(), None);
    // The next key is a key of its own, not the suit of a rank left waiting.
    press(&mut app, KeyCode::Char('u'));
    assert!(!said(&app).contains("is not a suit"), "{}", said(&app));
}

#[test]
fn a_change_of_rules_not_saved_is_asked_about_in_the_game_s_own_words() {
    let (_dir, mut app, _receive) = klondike_app();
    app.update(Msg::Paste(WINNABLE.to_string()));
    save_named(&mut app, "winnable");
    assert_eq!(app.unsaved(), None, "{}", said(&app));
    press(&mut app, KeyCode::Char('w'));
    // Klondike has rules and no challenge: the question names only what it has.
    assert_eq!(
        app.unsaved().as_deref(),
        Some("the changes to the rules (not saved)")
    );
    ctrl(&mut app, 'n');
    says(
        &app,
        "Clear the changes to the rules (not saved) for a new deal?",
    );
}

#[test]
fn the_hint_along_a_line_gives_the_line_s_figure_and_a_fresh_ranking_the_move_s() {
    let (_dir, mut app, receive) = klondike_app();
    app.update(Msg::Paste(UNDER_WAY.to_string()));
    ctrl(&mut app, 'p');
    let (mut along, mut ranked) = (0, 0);
    for _ in 0..40 {
        settle(&mut app, &receive);
        if play(&app).waiting().is_some() || play(&app).position().is_won() {
            break;
        }
        let following = play(&app).table.following(play(&app).position()).is_some();
        // The panel says the figure it gives is an upper estimate, along a line or ranked.
        let verdict = play(&app).verdict();
        if verdict.contains('%') {
            assert!(
                verdict.ends_with(crate::app::flow::table::UPPER_ESTIMATE),
                "{verdict}"
            );
        }
        press(&mut app, KeyCode::Char('h'));
        let hint = said(&app);
        if following {
            // The move was not ranked: its figure is the ranking's that chose the line.
            along += 1;
            assert!(hint.starts_with("Hint (on the line ranked "), "{hint}");
        } else {
            ranked += 1;
            assert!(
                hint.starts_with("Hint (") && !hint.contains("line"),
                "{hint}"
            );
        }
        press(&mut app, KeyCode::Char('h'));
    }
    assert!(along > 0 && ranked > 0, "{along} {ranked}");
}

#[test]
fn the_rules_dialog_holds_every_command_key_as_the_shell_dialogs_do() {
    let (_dir, mut app, _receive) = klondike_app();
    type_text(&mut app, "Ah");
    assert_eq!(app.klondike().editor.filled(), 1);
    press(&mut app, KeyCode::Char('o'));
    for c in ['n', 'o', 'g', 'r', 'p', 's', 'y', 'f'] {
        ctrl(&mut app, c);
        assert!(app.confirm.is_none(), "Ctrl-{c} asks nothing");
        assert!(app.shell.overlay.is_none(), "Ctrl-{c} opens nothing");
        assert!(
            app.klondike().options.is_some(),
            "Ctrl-{c}: the rules stay open"
        );
        assert_eq!(app.session.game(), GameKind::Klondike, "Ctrl-{c}");
        assert_eq!(app.klondike().editor.filled(), 1, "Ctrl-{c}");
        says(
            &app,
            &format!(
                "Ctrl-{} does nothing in this dialog",
                c.to_ascii_uppercase()
            ),
        );
    }
    // y after Ctrl-N answers nothing: the deal stays.
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.klondike().editor.filled(), 1);
    press(&mut app, KeyCode::F(1));
    assert!(
        app.shell.overlay.is_none(),
        "F1 opens no help over the rules"
    );
    press(&mut app, KeyCode::Esc);
    assert!(app.klondike().options.is_none());
    ctrl(&mut app, 'n');
    assert!(
        app.confirm.is_some(),
        "closed, the editor's keys work again"
    );
}

#[test]
fn a_question_keeps_the_message_line_while_hint_rounds_end_and_they_follow_its_reply() {
    let (_dir, mut app, receive) = klondike_playing(at_the_table());
    press(&mut app, KeyCode::Char('h'));
    // The hint's rounds are still running when a question is asked.
    assert!(on_screen::<Flow<Klondike>>(&app).check_id().is_some());
    ctrl(&mut app, 'n');
    let question = said(&app);
    assert!(
        question.starts_with("Clear the 52 cards typed"),
        "{question}"
    );
    let keys = app.hints();
    settle(&mut app, &receive);
    assert!(
        play(&app).best_move().is_some(),
        "a round has ranked the moves"
    );
    assert_eq!(said(&app), question, "the question stays on the line");
    assert_eq!(app.hints(), keys);
    // Answered, the reply comes first and the hint that came meanwhile follows it.
    press(&mut app, KeyCode::Char('n'));
    assert!(app.confirm.is_none());
    says(&app, "Kept as it was: no new deal. Hint (");
    says_in(&app, "h again plays it.");
    // The hint said is the one `h` plays.
    let hinted = play(&app).best_move();
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(play(&app).game.moves().last().copied(), hinted);
}

#[test]
fn what_the_game_said_while_a_question_waited_is_dropped_when_yes_replaces_the_game() {
    let (_dir, mut app, receive) = klondike_playing(at_the_table());
    press(&mut app, KeyCode::Char('h'));
    ctrl(&mut app, 'n');
    settle(&mut app, &receive);
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(said(&app), "A new, empty deal.");
}

#[test]
fn the_first_hint_after_coming_back_to_play_is_said_not_played_nor_called_changed() {
    use solitaire::games::klondike::answer::Answer;
    let (_dir, mut app, _receive) = klondike_play_hinted();
    says(&app, "Hint: ");
    let shown = play(&app).best_move().expect("a hint");
    let played = play(&app).game.played();
    // Back to the editor and on with the game: the hint is no longer on the line.
    press(&mut app, KeyCode::Esc);
    ctrl(&mut app, 'p');
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(play(&app).game.played(), played, "{}", said(&app));
    says(&app, "Hint: ");
    // Again, with a check meanwhile ranking another move first: the first hint is a hint.
    press(&mut app, KeyCode::Esc);
    ctrl(&mut app, 'p');
    let position = play(&app).position().clone();
    let other = position
        .legal_moves()
        .into_iter()
        .find(|&mv| mv != shown)
        .expect("another move");
    on_screen_mut::<Flow<Klondike>>(&mut app)
        .play
        .as_mut()
        .unwrap()
        .learn(position.clone(), Known::Exact(Answer::Wins(vec![other])));
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(play(&app).game.played(), played, "{}", said(&app));
    says(&app, &format!("Hint: {}", position.describe(other)));
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(play(&app).game.moves().last(), Some(&other));
}

#[test]
fn playing_on_from_a_step_asks_before_it_drops_the_klondike_game_played() {
    let (_dir, mut app, receive) = klondike_playing(WINNABLE.to_string());
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Enter);
    finish(&mut app, &receive);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Char('p'));
    says(
        &app,
        "Play on from this step and lose the 2 moves played (not saved)?",
    );
    press(&mut app, KeyCode::Char('n'));
    assert!(matches!(app.klondike().screen, Screen::Solution(_)));
    assert_eq!(play(&app).game.played(), 2);
}

#[test]
fn a_long_save_name_is_cut_in_its_middle_and_the_title_keeps_the_rules_at_80_columns() {
    let (_dir, mut app, _receive) = klondike_app();
    press(&mut app, KeyCode::Char('w'));
    press(&mut app, KeyCode::Char('r'));
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 'p');
    press(&mut app, KeyCode::Char('d'));
    let name = "my sunday klondike game at the kitchen table with a very long name indeed";
    save_named(&mut app, name);
    ctrl(&mut app, 'n');
    ctrl(&mut app, 'o');
    type_text(&mut app, "kitchen table");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.name.as_deref(), Some(name));
    let shown = screen(&app, 80, 24);
    let title = shown.lines().next().unwrap_or_default();
    assert!(
        title.starts_with(" pyramid · Play · my sunday klond")
            && title.contains("…ong name indeed  Klondike · draw 1 · 3 passes"),
        "{title:?}"
    );
}

#[test]
fn redo_up_to_a_card_taken_back_says_that_the_card_is_asked_for() {
    let (_dir, mut app, _receive) = klondike_playing(at_the_table());
    // Ac from pile 4 turns up a card of pile 4, typed in; then both moves are undone.
    draw_then_ace_up(&mut app);
    type_text(&mut app, "3d");
    press(&mut app, KeyCode::Char('u'));
    press(&mut app, KeyCode::Char('m'));
    assert_eq!(play(&app).waiting(), None);
    press(&mut app, KeyCode::Char('U'));
    assert_eq!(play(&app).waiting(), Some(Seen::PileTop(3)));
    assert_eq!(
        said(&app),
        "Redone. Type the card turned up on pile 4 (rank, then suit): play goes on once it is \
         known."
    );
}

//! TriPeaks in the app, driven by events: typing a deal with `?`, solving, stepping, play
//! mode with hints, at the table with each card typed as it turns up, saving and reopening;
//! and its screens.

use super::*;
use crate::app::flow::{Screen as TriPeaksScreen, Solution};
use crate::app::games::tripeaks::TriPeaks;
use crate::app::games::tripeaks::play::Known;
use solitaire::games::tripeaks::{Move as TriPeaksMove, Position as TriPeaksPosition};

pub(super) use crate::app::games::tripeaks::saved_games::CLEARS;

/// The deal of `CLEARS` with the face-down tableau cards of rows 1 to 3 replaced by `??`,
/// as MSC shows it at the start (the stock is face down too, but the first ones drawn are
/// seen at once: only the tableau is hidden here, so that a card turns up in few steps).
pub(super) fn as_dealt() -> (String, solitaire::Deal) {
    hidden(|slot| slot < 18)
}

/// The deal of `CLEARS` with the slots `hide` names as `??`.
fn hidden(hide: impl Fn(usize) -> bool) -> (String, solitaire::Deal) {
    let deal = solitaire::Deal::parse_as(CLEARS, GameKind::TriPeaks).unwrap();
    let texts: Vec<String> = (0..52)
        .map(|slot| {
            if hide(slot) {
                "??".to_string()
            } else {
                deal.card(slot).unwrap().to_string()
            }
        })
        .collect();
    (texts.join(" "), deal)
}

/// A new app on the TriPeaks editor.
pub(super) fn tripeaks_app() -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = fresh();
    ctrl(&mut app, 'g');
    assert_eq!(app.session.game(), GameKind::TriPeaks, "{}", said(&app));
    (dir, app, receive)
}

/// Feeds play mode's checks to the app until the position is known.
fn settle(app: &mut App, receive: &Receiver<Msg>) {
    let unknown = |app: &App| {
        app.tripeaks()
            .play
            .as_ref()
            .is_some_and(|play| play.known().is_none())
    };
    feed_while(app, receive, unknown, "the check answers");
}

fn solution(app: &App) -> &Solution<TriPeaks> {
    match &app.tripeaks().screen {
        TriPeaksScreen::Solution(solution) => solution,
        _ => panic!("not on the solution screen: {}", said(app)),
    }
}

/// Replays moves on the referee from `start`.
fn replay(start: TriPeaksPosition, moves: &[TriPeaksMove]) -> TriPeaksPosition {
    let mut position = start;
    for &mv in moves {
        position.apply(mv).expect("a legal move");
    }
    position
}

#[test]
fn ctrl_g_switches_game_and_asks_before_dropping_work() {
    let (_dir, mut app, _receive) = fresh();
    type_text(&mut app, "Ah");
    ctrl(&mut app, 'g');
    assert!(app.confirm.is_some(), "typed cards are not dropped unasked");
    assert_eq!(app.session.game(), GameKind::Pyramid);
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.pyramid().editor.filled(), 1);
    ctrl(&mut app, 'g');
    ctrl(&mut app, 'g');
    assert_eq!(app.session.game(), GameKind::TriPeaks);
    assert_eq!(app.tripeaks().editor.filled(), 0);
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("^G Klondike"), "{shown}");
    ctrl(&mut app, 'g');
    assert_eq!(app.session.game(), GameKind::Klondike, "empty: no question");
}

#[test]
fn typing_with_question_marks_validates_live() {
    let (_dir, mut app, _receive) = tripeaks_app();
    type_text(&mut app, "8h?Kh??4d");
    let editor = &app.tripeaks().editor;
    assert_eq!(editor.filled(), 6);
    assert_eq!(editor.marks.unknown, 0b11010);
    assert_eq!(editor.cursor, 6);
    type_text(&mut app, "8h");
    assert_eq!(app.tripeaks().editor.invalid_slots(), vec![0, 6]);
    refuses_to_solve(&mut app, &["3 cards not seen yet (??)", "twice"]);
}

#[test]
fn solve_then_step_to_the_end_and_back_to_the_exact_start() {
    let (_dir, mut app, receive) = tripeaks_app();
    app.update(Msg::Paste(CLEARS.to_string()));
    assert_eq!(app.tripeaks().editor.filled(), 52, "{}", said(&app));
    press(&mut app, KeyCode::Enter);
    finish(&mut app, &receive);
    let start = app.tripeaks().editor.start().unwrap();
    let moves = solution(&app).moves.clone();
    assert!(
        replay(start, &moves).is_won(),
        "the line clears the tableau"
    );
    says(&app, "Cleared in");
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    assert_eq!(*solution(&app).position(), replay(start, &moves[..2]));
    press(&mut app, KeyCode::End);
    assert!(solution(&app).position().is_won());
    app.shell.status = None;
    let shown = screen(&app, 80, 24);
    assert!(
        shown.contains("End: The tableau is cleared, score "),
        "{shown}"
    );
    for _ in 0..moves.len() {
        press(&mut app, KeyCode::Left);
    }
    assert_eq!(*solution(&app).position(), start);
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.tripeaks().screen, TriPeaksScreen::Editor));
}

#[test]
fn a_click_on_a_step_goes_to_it_and_the_wheel_steps() {
    let (_dir, mut app, receive) = tripeaks_app();
    solve_and_step(&mut app, &receive, CLEARS, 0);
    let row = step_row(&mut app, "  5. ");
    let left = MouseEventKind::Down(MouseButton::Left);
    mouse(&mut app, left, 60, row);
    assert_eq!(solution(&app).step, 4, "the 5th step is next");
    mouse(&mut app, MouseEventKind::ScrollDown, 60, 10);
    assert_eq!(solution(&app).step, 5);
    mouse(&mut app, left, 60, 0);
    assert_eq!(
        solution(&app).step,
        5,
        "a click outside the list changes nothing"
    );
}

fn play(app: &App) -> &crate::app::games::tripeaks::play::Play {
    app.tripeaks().play.as_ref().expect("play mode")
}

/// Feeds play mode's checks until none runs: the ranking refined as far as it goes.
fn refine(app: &mut App, receive: &Receiver<Msg>) {
    checks_done::<TriPeaks>(app, receive);
}

/// Follows the hints (h shows the best move, h again plays it) until a card not known turns
/// up; says the first hint.
fn hint_until_a_card_turns_up(app: &mut App, receive: &Receiver<Msg>) -> String {
    let mut first = None;
    for _ in 0..40 {
        if play(app).waiting().is_some() {
            return first.expect("a hint was given");
        }
        settle(app, receive);
        press(app, KeyCode::Char('h'));
        first.get_or_insert_with(|| said(app));
        press(app, KeyCode::Char('h'));
    }
    panic!("no card turned up in 40 moves: {}", said(app));
}

#[test]
fn at_the_table_the_hint_ranks_the_moves_and_refines() {
    let (_dir, mut app, receive) = tripeaks_app();
    app.update(Msg::Paste(as_dealt().0));
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    let (ranking, 1) = ranked(play(&app).known()) else {
        panic!("one round: {:?}", play(&app).known());
    };
    let first = ranking.deals;
    assert!(first > 0);
    // The Board challenge's hint: the ranking's best move with its chance, no points.
    let best = *ranking.best().expect("a move to rank");
    let position = *play(&app).position();
    press(&mut app, KeyCode::Char('h'));
    says(
        &app,
        &format!(
            "Hint ({}): {}.",
            best.estimate.text(),
            position.describe(best.mv)
        ),
    );
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("Best chance to win"), "{shown}");
    // The rounds refine the figures on more deals.
    refine(&mut app, &receive);
    let (more, rounds) = ranked(play(&app).known());
    assert!(rounds > 1 && more.deals > first, "{rounds}");
    // The hint shown sharpens with them, said again (not played) on the deals now known.
    says_in(&app, &format!(", {} deals)", more.deals));
    assert_eq!(play(&app).game.played(), 0);
}

#[test]
fn each_round_at_the_table_ranks_as_many_deals_as_the_app_was_started_with() {
    let dir = tempfile::tempdir().unwrap();
    let (send, receive) = mpsc::channel();
    let rounds = RoundBudget {
        deals: 5,
        ..TEST_ROUNDS
    };
    let mut app = App::new(
        Setup {
            rounds,
            ..setup(dir.path())
        },
        send,
    );
    // The session Ctrl-G starts spends what the app was given, as every session does.
    ctrl(&mut app, 'g');
    assert_eq!(app.session.game(), GameKind::TriPeaks, "{}", said(&app));
    app.update(Msg::Paste(as_dealt().0));
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    let (ranking, 1) = ranked(play(&app).known()) else {
        panic!("one round: {:?}", play(&app).known());
    };
    assert_eq!(ranking.deals, 5);
}

/// The Score challenge played at the table in the tests.
const SCORE: solitaire::engine::goal::Goal = solitaire::engine::goal::Goal::Score {
    target: 20_000,
    earned: 0,
};

/// Sets the Score challenge of 20,000 points through its dialog.
fn score_challenge(app: &mut App) {
    super::challenges::choose(app, 1, &["20000", "0"]);
    assert_eq!(app.tripeaks().goal, SCORE, "{}", said(app));
}

#[test]
fn at_the_table_a_score_challenge_hints_the_move_its_ranking_puts_first_with_the_points() {
    let (_dir, mut app, receive) = tripeaks_app();
    app.update(Msg::Paste(as_dealt().0));
    score_challenge(&mut app);
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    let (ranking, 1) = ranked(play(&app).known()) else {
        panic!("one round: {:?}", play(&app).known());
    };
    let (ranking, position) = (ranking.clone(), *play(&app).position());
    hints_the_score_ranking(&mut app, &position, &ranking, SCORE, "20,000");
    // The panel gives the chance to reach the target and the mean points.
    let verdict = play(&app).verdict();
    assert!(
        verdict.starts_with("Best chance to reach 20,000: "),
        "{verdict}"
    );
    assert!(verdict.contains(" points"), "{verdict}");
    // A figure measured with every card known after the move: said to be an upper estimate.
    assert!(
        verdict.ends_with(crate::app::flow::table::UPPER_ESTIMATE),
        "{verdict}"
    );
    assert!(screen(&app, 80, 24).contains("Best chance to reach"));
}

#[test]
fn at_the_table_a_hint_asked_for_before_the_first_round_shows_by_itself() {
    let (_dir, mut app, receive) = tripeaks_app();
    app.update(Msg::Paste(as_dealt().0));
    ctrl(&mut app, 'p');
    press(&mut app, KeyCode::Char('h'));
    says(&app, "Thinking");
    settle(&mut app, &receive);
    says(&app, "Hint (");
    assert_eq!(play(&app).game.played(), 0, "said, not played");
}

#[test]
fn at_the_table_h_plays_only_the_move_the_hint_said() {
    let (_dir, mut app, receive) = tripeaks_app();
    app.update(Msg::Paste(as_dealt().0));
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    refine(&mut app, &receive);
    press(&mut app, KeyCode::Char('h'));
    says(&app, "Hint (");
    // Said again on the same ranking, the hint stands: still "h again plays it".
    let again = hint_said_again::<TriPeaks>(&mut app);
    assert!(again.starts_with("Hint ("), "{again}");
    // A later round ranks another move first.
    let position = *play(&app).position();
    let Some(Known::Ranked {
        mut ranking,
        rounds,
    }) = play(&app).known().cloned()
    else {
        panic!("a ranking: {:?}", play(&app).known());
    };
    assert!(ranking.moves.len() > 1, "two moves to rank");
    ranking.moves.swap(0, 1);
    let other = ranking.moves[0].mv;
    let session = on_screen_mut::<Flow<TriPeaks>>(&mut app)
        .play
        .as_mut()
        .unwrap();
    session.table.forget();
    session.learn(position, Known::Ranked { ranking, rounds });
    let again = hint_said_again::<TriPeaks>(&mut app);
    assert!(again.starts_with("Hint changed: "), "{again}");
    // The next h shows it, and only the one after plays it.
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(play(&app).game.played(), 0, "{}", said(&app));
    says(&app, "Hint (");
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(play(&app).game.moves(), [other]);
}

#[test]
fn at_the_table_a_card_turned_up_is_asked_for_typed_and_undone_across() {
    let (_dir, mut app, receive) = tripeaks_app();
    let (text, truth) = as_dealt();
    app.update(Msg::Paste(text));
    assert_eq!(app.tripeaks().editor.unknown_count(), 18);
    ctrl(&mut app, 'p');
    let hint = hint_until_a_card_turns_up(&mut app, &receive);
    assert!(hint.starts_with("Hint ("), "{hint}");
    let slot = play(&app).waiting().expect("a card waits");
    says_in(&app, "turned up at tableau row");
    assert_eq!(
        app.tripeaks().check_id(),
        None,
        "no check while the card waits"
    );
    // No move while it waits; h says to type it first.
    let played = play(&app).game.played();
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(play(&app).game.played(), played);
    says(&app, "First type the card");
    // A card already in the deal is refused; then the true one goes in.
    let elsewhere = truth.card(20).unwrap().to_string();
    type_text(&mut app, &elsewhere);
    assert!(said(&app).contains("already in the deal"), "{}", said(&app));
    let card = type_turned_up(&mut app, &truth, slot);
    assert_eq!(app.tripeaks().editor.unknown_count(), 17);
    assert_eq!(play(&app).waiting(), None);
    assert_eq!(play(&app).game.played(), played);
    // Play goes on: the new position is checked.
    settle(&mut app, &receive);
    assert!(play(&app).best_move().is_some());
    // Undo goes back before the move, the card stays known, redo plays it again.
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(play(&app).game.played(), played - 1);
    press(&mut app, KeyCode::Char('U'));
    assert_eq!(play(&app).game.played(), played);
    assert_eq!(play(&app).waiting(), None);
    assert_eq!(play(&app).position().card(slot), Some(card));
}

#[test]
fn at_the_table_esc_drops_a_half_typed_card_and_stays_in_play() {
    let (_dir, mut app, receive) = tripeaks_app();
    let (text, truth) = hidden(|slot| slot > 28);
    app.update(Msg::Paste(text));
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    press(&mut app, KeyCode::Char('d'));
    let slot = play(&app).waiting().expect("a card waits");
    let rank = truth.card(slot).unwrap().to_string();
    type_text(&mut app, &rank[..1]);
    press(&mut app, KeyCode::Esc);
    says(&app, "Dropped the half-typed card.");
    assert!(matches!(app.tripeaks().screen, TriPeaksScreen::Play));
    assert_eq!(play(&app).waiting(), Some(slot));
    type_turned_up(&mut app, &truth, slot);
}

/// Types in the card turned up at `slot` as `truth` deals it, and checks it lands there.
fn type_turned_up(
    app: &mut App,
    truth: &solitaire::Deal,
    slot: usize,
) -> solitaire::cards::card::Card {
    let card = truth.card(slot).unwrap();
    type_text(app, &card.to_string());
    says(app, &format!("{card} typed in at "));
    assert_eq!(app.tripeaks().editor.slots[slot], Some(card));
    card
}

/// A measurement on the clock, run by hand: `cargo test --release --bin pyramid
/// first_hint_at_the_table -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement on the clock of a machine: run by hand"]
fn the_first_hint_at_the_table_is_timed() {
    // As MSC deals it: rows 1 to 3 face down and the stock (slots 29 on) not known.
    let (text, _) = hidden(|slot| !(18..=28).contains(&slot));
    print_first_hint_times("TriPeaks", &first_hint_times(1, &text));
}

#[test]
fn at_the_table_a_card_drawn_from_a_stock_not_known_is_asked_for_and_typed_in() {
    let (_dir, mut app, receive) = tripeaks_app();
    // The tableau and the first waste card known, the stock not (slots 29 on).
    let (text, truth) = hidden(|slot| slot > 28);
    app.update(Msg::Paste(text));
    assert_eq!(app.tripeaks().editor.unknown_count(), 23);
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    for slot in [29, 30] {
        press(&mut app, KeyCode::Char('d'));
        assert_eq!(play(&app).waiting(), Some(slot), "{}", said(&app));
        says_in(&app, "A card not known turned up on the waste: type it");
        assert_eq!(app.tripeaks().check_id(), None, "no check while it waits");
        let card = type_turned_up(&mut app, &truth, slot);
        assert_eq!(play(&app).waiting(), None);
        assert_eq!(play(&app).position().waste_top(), Some(card));
        settle(&mut app, &receive);
    }
    assert_eq!(app.tripeaks().editor.unknown_count(), 21);
    // Undo puts the card back on the stock, known; redo draws it again, nothing to type.
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(play(&app).position().waste_top(), truth.card(29));
    press(&mut app, KeyCode::Char('U'));
    assert_eq!(play(&app).waiting(), None);
    assert_eq!(play(&app).position().waste_top(), truth.card(30));
}

#[test]
fn at_the_table_a_card_not_known_in_sight_at_the_start_is_asked_for_before_any_move() {
    // The waste card not known (with the stock): shown from the start, no move turned it up.
    let (_dir, mut app, _receive) = tripeaks_app();
    let (text, truth) = hidden(|slot| slot >= 28);
    app.update(Msg::Paste(text));
    ctrl(&mut app, 'p');
    assert_eq!(play(&app).waiting(), Some(28), "{}", said(&app));
    says(
        &app,
        "Type the card shown on the waste (rank, then suit): play goes on once it is known.",
    );
    let shown = screen(&app, 120, 30);
    assert!(
        shown.contains("Type the card shown on the waste:"),
        "{shown}"
    );
    assert!(!shown.contains("turned up"), "{shown}");
    type_turned_up(&mut app, &truth, 28);
    assert_eq!(play(&app).waiting(), None);
    // An open card of the bottom row not known: asked for at once, where it lies.
    let (_dir, mut app, _receive) = tripeaks_app();
    let (text, truth) = hidden(|slot| slot == 27);
    app.update(Msg::Paste(text));
    ctrl(&mut app, 'p');
    assert_eq!(play(&app).waiting(), Some(27), "{}", said(&app));
    says(&app, "Type the card shown at ");
    type_turned_up(&mut app, &truth, 27);
    assert_eq!(play(&app).waiting(), None);
}

#[test]
fn back_from_the_rest_of_the_line_the_game_is_checked_again() {
    let (_dir, mut app, receive) = tripeaks_app();
    app.update(Msg::Paste(CLEARS.to_string()));
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Char('s'));
    finish(&mut app, &receive);
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.tripeaks().screen, TriPeaksScreen::Play));
    settle(&mut app, &receive);
    assert!(app.tripeaks().play.as_ref().unwrap().known().is_some());
}

#[test]
fn a_number_typed_on_the_challenge_row_goes_to_its_first_field() {
    let (_dir, mut app, _receive) = tripeaks_app();
    press(&mut app, KeyCode::Char('g'));
    press(&mut app, KeyCode::Right);
    for _ in 0..5 {
        press(&mut app, KeyCode::Backspace);
    }
    type_text(&mut app, "20000");
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.tripeaks().goal,
        solitaire::engine::goal::Goal::Score {
            target: 20000,
            earned: 0
        },
        "{}",
        said(&app)
    );
}

#[test]
fn play_with_hints_brings_the_clear_one_step_nearer_each_time() {
    let (_dir, mut app, receive) = tripeaks_app();
    app.update(Msg::Paste(CLEARS.to_string()));
    ctrl(&mut app, 'p');
    assert!(matches!(app.tripeaks().screen, TriPeaksScreen::Play));
    let steps_left = |app: &App| match app.tripeaks().play.as_ref().unwrap().standing() {
        crate::app::games::tripeaks::play::Standing::Reachable { steps, .. } => steps,
        other => panic!("not reachable: {other:?}"),
    };
    settle(&mut app, &receive);
    let before = steps_left(&app);
    press(&mut app, KeyCode::Char('h'));
    says(&app, "Hint:");
    let shown = screen(&app, 100, 30);
    assert!(
        shown.contains('»'),
        "the hint is marked on the board: {shown}"
    );
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(app.tripeaks().play.as_ref().unwrap().game.played(), 1);
    settle(&mut app, &receive);
    assert_eq!(steps_left(&app), before - 1);
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.tripeaks().play.as_ref().unwrap().game.played(), 0);
}

#[test]
fn hints_played_out_clear_the_tableau_and_say_so() {
    let (_dir, mut app, receive) = tripeaks_app();
    app.update(Msg::Paste(CLEARS.to_string()));
    ctrl(&mut app, 'p');
    for _ in 0..43 {
        settle(&mut app, &receive);
        press(&mut app, KeyCode::Char('h'));
        press(&mut app, KeyCode::Char('h'));
    }
    let play = app.tripeaks().play.as_ref().unwrap();
    assert!(play.position().is_won(), "{}", said(&app));
    assert_eq!(play.game.played(), 43, "the fewest steps");
    assert!(
        said(&app).ends_with("The tableau is cleared!"),
        "{}",
        said(&app)
    );
}

#[test]
fn a_saved_game_reopens_with_its_unknown_cards_moves_and_challenge() {
    let (dir, mut app, receive) = tripeaks_app();
    let (text, _) = as_dealt();
    app.update(Msg::Paste(text));
    press(&mut app, KeyCode::Char('g'));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Enter);
    says(&app, "Challenge set");
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    press(&mut app, KeyCode::Char('d'));
    save_named(&mut app, "peaks");
    says(&app, "Saved with 1 move");
    let path = dir.path().join("saves/peaks.txt");
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("# game: tripeaks"), "{saved}");
    let (send, _receive) = mpsc::channel();
    let mut setup = setup(dir.path());
    setup.deal = Some(Kept::of(
        solitaire::games::tripeaks::saved::SavedTriPeaks::parse(&saved, "peaks").unwrap(),
    ));
    let reopened = App::new(setup, send);
    let session = reopened.tripeaks();
    assert_eq!(session.editor.unknown_count(), 18);
    assert_eq!(session.goal, app.tripeaks().goal);
    assert_ne!(session.goal, solitaire::engine::goal::Goal::Board);
    assert_eq!(session.play.as_ref().unwrap().game.played(), 1);
    assert!(matches!(session.screen, TriPeaksScreen::Play));
}

#[test]
fn the_draft_keeps_a_tripeaks_deal_between_runs() {
    let (dir, mut app, _receive) = tripeaks_app();
    type_text(&mut app, "8h?Kh");
    drop(app);
    let (again, _receive) = start(dir.path());
    assert_eq!(again.session.game(), GameKind::TriPeaks);
    assert_eq!(again.tripeaks().editor.filled(), 3);
    assert_eq!(again.tripeaks().editor.marks.unknown, 0b10);
}

mod snapshots {
    use super::*;
    use crate::app::games::tripeaks::board::{Spot, spot_rect};

    /// The rows of the side panel that list steps, as drawn: the text between its borders.
    fn step_rows(screen: &str) -> Vec<String> {
        screen
            .lines()
            .filter_map(|line| line.split('│').nth(3).map(str::to_string))
            .filter(|panel| {
                let number = panel.trim_start_matches(['▶', ' ']);
                number
                    .split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
            })
            .collect()
    }

    /// Fails when a step's text reaches the panel's right border: it may have been cut there.
    fn assert_steps_whole(screen: &str) {
        let rows = step_rows(screen);
        assert!(!rows.is_empty(), "steps are listed:\n{screen}");
        for row in rows {
            assert!(row.ends_with(' '), "'{row}' reaches the border:\n{screen}");
        }
    }

    #[test]
    fn tripeaks_editor_with_unknown_cards() {
        let (_dir, mut app, _receive) = tripeaks_app();
        type_text(&mut app, "8h?Kh??4d5s9dAh8c8dAd");
        insta::assert_snapshot!(screen(&app, 100, 26));
        insta::assert_snapshot!("tripeaks_editor_at_80x24", screen(&app, 80, 24));
    }

    #[test]
    fn tripeaks_solution_mid_way() {
        let (_dir, mut app, receive) = tripeaks_app();
        solve_and_step(&mut app, &receive, CLEARS, 10);
        insta::assert_snapshot!(screen(&app, 100, 26));
        let small = screen(&app, 80, 24);
        assert_steps_whole(&small);
        insta::assert_snapshot!("tripeaks_solution_at_80x24", small);
    }

    #[test]
    fn tripeaks_reveal_plan() {
        let (_dir, mut app, receive) = tripeaks_app();
        app.update(Msg::Paste(as_dealt().0));
        press(&mut app, KeyCode::Enter);
        finish(&mut app, &receive);
        insta::assert_snapshot!(screen(&app, 100, 30));
        insta::assert_snapshot!("tripeaks_reveal_plan_at_80x24", screen(&app, 80, 24));
    }

    /// A click on a spot of the board drawn at 80x24, as a player plays a card or draws.
    fn click(app: &mut App, spot: Spot) {
        app.update(Msg::Resize(80, 24));
        let board = layout::board_area(ratatui::layout::Rect::new(0, 0, 80, 24));
        let cell = spot_rect(board, spot);
        app.update(Msg::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: cell.x + 1,
            row: cell.y,
            modifiers: KeyModifiers::NONE,
        }));
    }

    #[test]
    fn tripeaks_at_the_table() {
        let (_dir, mut app, _receive) = tripeaks_app();
        app.update(Msg::Paste(as_dealt().0));
        ctrl(&mut app, 'p');
        let position = *play(&app).position();
        let ranking = fixed_ranking(&position);
        let flow: &mut Flow<TriPeaks> = app.session.as_any_mut().downcast_mut().unwrap();
        let known = Known::Ranked { ranking, rounds: 1 };
        flow.play.as_mut().unwrap().learn(position, known);
        press(&mut app, KeyCode::Char('h'));
        says(&app, "Hint (");
        insta::assert_snapshot!("tripeaks_at_the_table_hint_at_80x24", screen(&app, 80, 24));
        // 6d, 7d, a draw, Th and 9c uncover the peak card over the last two.
        for spot in [20, 25, 28, 27, 26] {
            click(
                &mut app,
                if spot < 28 {
                    Spot::Card(spot)
                } else {
                    Spot::Stock
                },
            );
        }
        assert_eq!(play(&app).waiting(), Some(16), "{}", said(&app));
        insta::assert_snapshot!(
            "tripeaks_at_the_table_asking_at_80x24",
            screen(&app, 80, 24)
        );
    }

    #[test]
    fn tripeaks_at_the_table_for_a_score_challenge() {
        let (_dir, mut app, _receive) = tripeaks_app();
        app.update(Msg::Paste(as_dealt().0));
        score_challenge(&mut app);
        ctrl(&mut app, 'p');
        let position = *play(&app).position();
        let ranking = ranking_for(&position, &SCORE, deal_caps(SCORE), 8);
        let known = Known::Ranked { ranking, rounds: 1 };
        let flow: &mut Flow<TriPeaks> = app.session.as_any_mut().downcast_mut().unwrap();
        flow.play.as_mut().unwrap().learn(position, known);
        press(&mut app, KeyCode::Char('h'));
        says(&app, "Hint (reaches 20,000: ");
        insta::assert_snapshot!(
            "tripeaks_at_the_table_score_hint_at_80x24",
            screen(&app, 80, 24)
        );
    }

    #[test]
    fn tripeaks_play_mode() {
        let (_dir, mut app, receive) = tripeaks_app();
        app.update(Msg::Paste(CLEARS.to_string()));
        ctrl(&mut app, 'p');
        settle(&mut app, &receive);
        press(&mut app, KeyCode::Char('h'));
        insta::assert_snapshot!(screen(&app, 100, 26));
        insta::assert_snapshot!("tripeaks_play_mode_at_80x24", screen(&app, 80, 24));
    }
}

#[test]
fn at_the_table_a_score_challenge_with_no_target_hints_the_move_with_the_most_points() {
    let (_dir, mut app, receive) = tripeaks_app();
    app.update(Msg::Paste(as_dealt().0));
    // The target all one deal can give: the Score challenge with no target of its own.
    super::challenges::choose(&mut app, 1, &["84900", "0"]);
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    let (ranking, _) = ranked(play(&app).known());
    assert!(ranking.by_points, "{ranking:?}");
    let best = *ranking.best().expect("a move to rank");
    let most = ranking
        .moves
        .iter()
        .filter_map(|chance| chance.points?.mean_margin())
        .map(|(mean, _)| mean)
        .fold(f64::MIN, f64::max);
    let (mean, _) = best.points.and_then(|p| p.mean_margin()).expect("points");
    assert!((mean - most).abs() < f64::EPSILON, "{ranking:?}");
    let verdict = play(&app).verdict();
    assert!(
        verdict.starts_with("Best move's points: mean "),
        "{verdict}"
    );
    assert!(!verdict.contains('%'), "{verdict}");
    assert!(
        verdict.ends_with(crate::app::flow::table::UPPER_ESTIMATE),
        "{verdict}"
    );
    let position = *play(&app).position();
    press(&mut app, KeyCode::Char('h'));
    says(
        &app,
        &format!(
            "Hint ({}): {}.",
            best.points.expect("points").mean_text(),
            position.describe(best.mv)
        ),
    );
}

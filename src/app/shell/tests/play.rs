//! Play mode driven by keys: moves, undo and redo, hints, the live verdict, games entered
//! part-way through, and games saved and reopened where they stood.

use super::*;
use crate::app::games::pyramid::Solved;
use solitaire::games::pyramid::solver;

fn play(app: &App) -> &Play {
    app.pyramid().play.as_ref().expect("a game is being played")
}

/// An app playing the winnable example from its start.
fn playing() -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = fresh();
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 'p');
    assert!(matches!(app.pyramid().screen, Screen::Play));
    (dir, app, receive)
}

fn optimal_length(position: &Position) -> Option<usize> {
    match solver::solve(position, &mut ()).outcome {
        Outcome::Solved(moves) => Some(moves.len()),
        _ => None,
    }
}

/// Along an optimal line from `start`, the first position with a move that loses: the moves
/// leading there and the losing move.
fn a_losing_move(start: &Position) -> (Vec<Move>, Move) {
    let Outcome::Solved(line) = solver::solve(start, &mut ()).outcome else {
        panic!("winnable")
    };
    let mut position = start.clone();
    for (taken, &best) in line.iter().enumerate() {
        for mv in position.legal_moves() {
            let mut after = position.clone();
            after.apply(mv).unwrap();
            if optimal_length(&after).is_none() {
                return (line[..taken].to_vec(), mv);
            }
        }
        position.apply(best).unwrap();
    }
    panic!("no losing move along the line")
}

/// Plays by keys along an optimal line up to its first losing move, then that move; returns
/// the winnable position before it.
fn play_into_a_loss(app: &mut App) -> Position {
    let (prefix, losing) = a_losing_move(play(app).position());
    for mv in prefix {
        play_by_keys(app, mv);
    }
    let winnable = play(app).position().clone();
    play_by_keys(app, losing);
    winnable
}

/// Plays an optimal line to the win by keys.
fn play_to_the_win(app: &mut App) {
    let Outcome::Solved(line) = solver::solve(play(app).position(), &mut ()).outcome else {
        panic!("winnable")
    };
    for &mv in &line {
        play_by_keys(app, mv);
    }
}

/// Plays a move by keys: `d` for a draw or recycle, else the cursor onto each card and Enter.
fn play_by_keys(app: &mut App, mv: Move) {
    match mv {
        Move::Draw | Move::Recycle => press(app, KeyCode::Char('d')),
        Move::King(a) => choose(app, a),
        Move::Pair(a, b) => {
            choose(app, a);
            choose(app, b);
        }
    }
}

/// Moves the cursor to a place with the arrow keys, then takes the card.
fn choose(app: &mut App, place: Place) {
    for _ in 0..40 {
        let cursor = play(app).cursor;
        if cursor == place {
            press(app, KeyCode::Enter);
            return;
        }
        let area = layout::board_area(app.shell.size);
        let (from, to) = (
            board::place_rect(area, cursor),
            board::place_rect(area, place),
        );
        let key = if to.y < from.y {
            KeyCode::Up
        } else if to.y > from.y {
            KeyCode::Down
        } else if to.x < from.x {
            KeyCode::Left
        } else {
            KeyCode::Right
        };
        press(app, key);
    }
    panic!("the arrows never reached {place:?}");
}

#[test]
fn moves_by_keys_then_undo_to_the_start_restore_the_exact_initial_position() {
    let (_dir, mut app, _receive) = playing();
    let start = play(&app).position().clone();
    let Outcome::Solved(line) = solver::solve(&start, &mut ()).outcome else {
        panic!("winnable")
    };
    for &mv in &line[..10] {
        play_by_keys(&mut app, mv);
    }
    assert_eq!(play(&app).game.played(), 10, "{:?}", app.shell.status);
    let after_ten = play(&app).position().clone();
    for _ in 0..10 {
        press(&mut app, KeyCode::Char('u'));
    }
    assert_eq!(play(&app).position(), &start);
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(
        app.shell.status.clone().unwrap().tone,
        Tone::Warning,
        "nothing to undo"
    );
    for _ in 0..10 {
        press(&mut app, KeyCode::Char('U'));
    }
    assert_eq!(play(&app).position(), &after_ten);
}

#[test]
fn an_illegal_choice_says_why_and_changes_nothing() {
    let (_dir, mut app, _receive) = playing();
    // 4d at the apex is covered.
    app.update(Msg::Mouse(click_on(&app, Place::Pyramid(0))));
    let status = app.shell.status.clone().unwrap();
    assert_eq!(status.text, "Not possible: 4d is covered by 8h and 8s.");
    assert_eq!(play(&app).game.played(), 0);
    press(&mut app, KeyCode::Char('r'));
    assert!(said(&app).contains("stock is empty"));
}

fn click_on(app: &App, place: Place) -> MouseEvent {
    let rect = board::place_rect(layout::board_area(app.shell.size), place);
    MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: rect.x + 1,
        row: rect.y,
        modifiers: KeyModifiers::NONE,
    }
}

#[test]
fn a_hint_shows_an_optimal_move_and_pressing_again_plays_it() {
    let (_dir, mut app, receive) = playing();
    press(&mut app, KeyCode::Char('h'));
    settle(&mut app, &receive);
    assert!(play(&app).hint_shown, "{:?}", app.shell.status);
    assert!(said(&app).starts_with("Hint: "));
    let before = optimal_length(play(&app).position()).unwrap();
    assert_eq!(play(&app).standing(), Standing::Winnable(before));
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(play(&app).game.played(), 1);
    let after = optimal_length(play(&app).position()).unwrap();
    assert_eq!(after, before - 1, "the hinted move was an optimal one");
    assert_eq!(
        play(&app).standing(),
        Standing::Winnable(after),
        "known at once"
    );
}

#[test]
fn following_the_hints_clears_the_pyramid_in_the_optimal_number_of_moves() {
    let (_dir, mut app, receive) = playing();
    for _ in 0..200 {
        if play(&app).position().is_cleared() {
            break;
        }
        press(&mut app, KeyCode::Char('h'));
        settle(&mut app, &receive);
    }
    assert_eq!(play(&app).game.played(), 40);
    assert_eq!(play(&app).standing(), Standing::Winnable(0));
    let status = app.shell.status.clone().unwrap();
    assert!(
        status
            .text
            .ends_with("The pyramid is cleared, in 40 moves!"),
        "{}",
        status.text
    );
}

#[test]
fn a_losing_move_says_no_longer_winnable_and_how_many_undos_lead_back() {
    let (_dir, mut app, receive) = playing();
    play_into_a_loss(&mut app);
    settle(&mut app, &receive);
    let Standing::Lost { back, reason } = play(&app).standing() else {
        panic!("lost: {:?}", play(&app).standing())
    };
    assert_eq!(back, Back::Undos(1));
    let reason = reason.expect("a loss gives its reason");
    let text = screen(&app, 80, 24);
    assert!(text.contains("No longer winnable"), "{text}");
    let words: String = text
        .lines()
        .map(|line| line.split('│').nth(3).unwrap_or("").trim())
        .collect::<Vec<_>>()
        .join(" ");
    let first_words: String = reason
        .split_whitespace()
        .take(4)
        .collect::<Vec<_>>()
        .join(" ");
    assert!(words.contains(&first_words), "{reason} in {text}");
    assert!(text.contains("1 undo leads back"), "{text}");
    press(&mut app, KeyCode::Char('h'));
    assert!(said(&app).contains("1 undo leads back"));
    press(&mut app, KeyCode::Char('u'));
    settle(&mut app, &receive);
    assert!(matches!(play(&app).standing(), Standing::Winnable(_)));
}

#[test]
fn answers_for_a_position_left_behind_are_ignored() {
    let (_dir, mut app, receive) = playing();
    let first = app.pyramid().check_id().unwrap();
    press(&mut app, KeyCode::Char('d'));
    let second = app.pyramid().check_id().unwrap();
    assert_ne!(first, second, "a new check for the new position");
    // The first check's answer, whenever it comes, is for the start: not the current position.
    let mut stale = 0;
    while app.pyramid().check_id().is_some() {
        let msg = receive
            .recv_timeout(std::time::Duration::from_secs(60))
            .unwrap();
        if matches!(&msg, Msg::Job(m) if m.id == first && matches!(m.event, JobEvent::Done(_))) {
            stale += 1;
        }
        app.update(msg);
    }
    assert!(stale <= 1);
    let after = optimal_length(play(&app).position()).unwrap();
    assert_eq!(play(&app).standing(), Standing::Winnable(after));
    // A made-up answer with the old id changes nothing either.
    app.update(Msg::Job(JobMessage {
        id: first,
        event: JobEvent::Done(Found::new(Solved::Board(
            Report {
                outcome: Outcome::NoSolution(None),
                stats: Stats::default(),
            },
            None,
        ))),
    }));
    assert_eq!(play(&app).standing(), Standing::Winnable(after));
}

#[test]
fn show_the_rest_steps_through_the_solution_from_here_and_comes_back() {
    let (_dir, mut app, receive) = playing();
    press(&mut app, KeyCode::Char('d'));
    settle(&mut app, &receive);
    press(&mut app, KeyCode::Char('s'));
    let rest = solution(&app);
    assert!(rest.from_play);
    assert_eq!(rest.positions[0], *play(&app).position());
    let length = optimal_length(&rest.positions[0]).unwrap();
    assert_eq!(rest.moves.len(), length);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Char('p'));
    assert!(matches!(app.pyramid().screen, Screen::Play));
    assert_eq!(
        play(&app).game.played(),
        3,
        "the draw and two steps, all undoable"
    );
    assert_eq!(play(&app).standing(), Standing::Winnable(length - 2));
}

#[test]
fn a_game_entered_part_way_is_played_from_its_position() {
    let (_dir, mut app, receive) = fresh();
    app.update(Msg::Paste(WINNABLE.to_string()));
    // Qh (row 7) and Ah (stock card 1) are gone; the waste holds stock cards 2-3; pass 2.
    app.pyramid_mut().editor.go_to(27);
    press(&mut app, KeyCode::Char('-'));
    app.pyramid_mut().editor.go_to(28);
    press(&mut app, KeyCode::Char('-'));
    app.pyramid_mut().editor.go_to(30);
    press(&mut app, KeyCode::Char('w'));
    press(&mut app, KeyCode::Char('p'));
    assert!(app.pyramid().editor.position_problems().is_empty());
    ctrl(&mut app, 'p');
    let position = play(&app).position().clone();
    assert_eq!(position.pass(), 2);
    assert_eq!(position.waste_bottom_first().len(), 2);
    assert_eq!(position.pyramid_card(27), None);
    settle(&mut app, &receive);
    assert!(matches!(play(&app).standing(), Standing::Winnable(_)));
    // Esc, then a mark that makes no sense: refused with the reason, live.
    press(&mut app, KeyCode::Esc);
    app.pyramid_mut().editor.go_to(0);
    press(&mut app, KeyCode::Char('-'));
    let problems = app.pyramid().editor.position_problems();
    assert_eq!(problems[0], "4d cannot be gone: 8h and 8s still cover it");
    assert!(problems[1].contains("leave in pairs"), "{problems:?}");
    ctrl(&mut app, 'p');
    assert!(matches!(app.pyramid().screen, Screen::Editor));
    assert!(said(&app).contains("4d cannot be gone"));
}

#[test]
fn a_saved_game_reopens_where_it_stood_with_its_undo_history() {
    let (dir, mut app, receive) = playing();
    for _ in 0..4 {
        press(&mut app, KeyCode::Char('d'));
    }
    let position = play(&app).position().clone();
    ctrl(&mut app, 's');
    press(&mut app, KeyCode::Tab);
    type_text(&mut app, "four draws in");
    if let Some(Overlay::Save(dialog)) = &mut app.shell.overlay {
        dialog.name = TextField::new("midway");
    }
    press(&mut app, KeyCode::Enter);
    assert!(said(&app).starts_with("Saved with 4 moves"));
    settle(&mut app, &receive);
    let path = dir.path().join("saves/midway.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("# moves: draw draw draw draw\n"), "{text}");
    assert!(text.contains("# notes: four draws in\n"), "{text}");

    let mut setup = setup(dir.path());
    setup.deal = Some(Kept::of(load(&path).unwrap()));
    let (send, _receive) = mpsc::channel();
    let mut reopened = App::new(setup, send);
    assert!(matches!(reopened.pyramid().screen, Screen::Play));
    assert_eq!(play(&reopened).position(), &position);
    assert_eq!(reopened.notes, ["four draws in"]);
    for _ in 0..4 {
        press(&mut reopened, KeyCode::Char('u'));
    }
    assert_eq!(play(&reopened).game.played(), 0);
}

#[test]
fn a_game_in_play_comes_back_from_the_draft_after_quitting() {
    let (dir, mut app, _receive) = playing();
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Char('d'));
    let position = play(&app).position().clone();
    ctrl(&mut app, 'q');
    drop(app);
    let (app, _receive) = start(dir.path());
    assert!(matches!(app.pyramid().screen, Screen::Play));
    assert_eq!(play(&app).position(), &position);
    assert!(said(&app).contains("2 moves"));
}

mod snapshots {
    use super::*;

    #[test]
    fn play_mode_with_a_card_chosen_and_the_verdict() {
        let (_dir, mut app, receive) = playing();
        for _ in 0..3 {
            press(&mut app, KeyCode::Char('d'));
        }
        settle(&mut app, &receive);
        // 6c in row 7, chosen: the status asks for its partner.
        app.update(Msg::Mouse(click_on(&app, Place::Pyramid(22))));
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn play_mode_with_a_hint() {
        let (_dir, mut app, receive) = playing();
        press(&mut app, KeyCode::Char('h'));
        settle(&mut app, &receive);
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn editor_with_a_game_in_progress() {
        let (_dir, mut app, _receive) = fresh();
        app.update(Msg::Paste(WINNABLE.to_string()));
        for slot in [27, 28, 21] {
            app.pyramid_mut().editor.go_to(slot);
            press(&mut app, KeyCode::Char('-'));
        }
        app.pyramid_mut().editor.go_to(32);
        press(&mut app, KeyCode::Char('w'));
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn preview_of_a_game_in_progress() {
        let (_dir, mut app, _receive) = fresh();
        app.update(Msg::Paste(WINNABLE.to_string()));
        for slot in [27, 28] {
            app.pyramid_mut().editor.go_to(slot);
            press(&mut app, KeyCode::Char('-'));
        }
        app.pyramid_mut().editor.go_to(32);
        press(&mut app, KeyCode::Char('w'));
        press(&mut app, KeyCode::Char('v'));
        insta::assert_snapshot!(screen(&app, 80, 24));
    }
}

#[test]
fn a_relaxed_pair_is_played_by_choosing_a_card_and_its_last_cover() {
    use solitaire::games::pyramid::layout::touch;
    let relaxed = Rules {
        relaxed: true,
        ..Rules::default()
    };
    let is_overlap = |mv: &Move| matches!(*mv, Move::Pair(Place::Pyramid(a), Place::Pyramid(b)) if touch(a as usize, b as usize));
    // The first of some reproducible deals whose optimal line under relaxed pairing uses one.
    let (deal, line, at) = solitaire::cards::deal::random_deals(3, 100)
        .into_iter()
        .find_map(|deal| {
            let start = Position::new(&deal, relaxed);
            let Outcome::Solved(line) = solver::solve(&start, &mut ()).outcome else {
                return None;
            };
            let at = line.iter().position(is_overlap)?;
            Some((deal, line, at))
        })
        .expect("a deal with a relaxed pair");
    let (_dir, mut app, _receive) = fresh();
    app.update(Msg::Paste(deal.to_string()));
    press(&mut app, KeyCode::Char('x'));
    ctrl(&mut app, 'p');
    for &mv in &line[..=at] {
        play_by_keys(&mut app, mv);
    }
    assert_eq!(play(&app).game.played(), at + 1, "{:?}", app.shell.status);
    let mut expected = Position::new(&deal, relaxed);
    for &mv in &line[..=at] {
        expected.apply(mv).unwrap();
    }
    assert_eq!(play(&app).position(), &expected);
}

#[test]
fn a_won_game_takes_no_more_moves_but_undo_still_works() {
    let (_dir, mut app, _receive) = playing();
    play_to_the_win(&mut app);
    assert!(play(&app).position().is_won());
    let played = play(&app).game.played();
    let position = play(&app).position().clone();
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Char('r'));
    let area = layout::board_area(app.shell.size);
    let stock = board::place_rect(area, Place::Stock);
    app.update(Msg::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: stock.x,
        row: stock.y,
        modifiers: KeyModifiers::NONE,
    }));
    assert_eq!(play(&app).game.played(), played, "{}", said(&app));
    assert_eq!(play(&app).position(), &position);
    assert!(said(&app).contains("the game is over"), "{}", said(&app));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(play(&app).game.played(), played - 1);
}

#[test]
fn a_refused_pair_leaves_the_first_card_chosen() {
    let (_dir, mut app, _receive) = playing();
    // Row 7: Qc Jh Ts Qs 6s 3d Qh.
    app.update(Msg::Mouse(click_on(&app, Place::Pyramid(21))));
    app.update(Msg::Mouse(click_on(&app, Place::Pyramid(22))));
    assert_eq!(said(&app), "Not possible: Qc and Jh make 23, not 13.");
    assert_eq!(play(&app).selected, Some(Place::Pyramid(21)));
    assert_eq!(play(&app).game.played(), 0);
}

#[test]
fn b_undoes_back_to_the_latest_winnable_position() {
    let (_dir, mut app, receive) = playing();
    let winnable = play_into_a_loss(&mut app);
    press(&mut app, KeyCode::Char('d'));
    settle(&mut app, &receive);
    let Standing::Lost { back, .. } = play(&app).standing() else {
        panic!("lost: {:?}", play(&app).standing())
    };
    let Back::Undos(undos) = back else {
        panic!("{back:?}")
    };
    assert!(undos >= 1);
    press(&mut app, KeyCode::Char('h'));
    assert!(said(&app).contains("(b goes there)"), "{}", said(&app));
    assert!(screen(&app, 80, 24).contains("b back to winnable"));
    press(&mut app, KeyCode::Char('b'));
    assert_eq!(play(&app).position(), &winnable);
    assert!(matches!(play(&app).standing(), Standing::Winnable(_)));
}

#[test]
fn s_on_a_lost_game_says_there_is_no_solution() {
    let (_dir, mut app, receive) = playing();
    play_into_a_loss(&mut app);
    settle(&mut app, &receive);
    press(&mut app, KeyCode::Char('s'));
    assert!(matches!(app.pyramid().screen, Screen::Solution(_)));
    says(&app, "No solution from here");
}

/// Job `id` answers that it reached a cap of 1000 states.
fn undecided(app: &mut App, id: u64) {
    let cap = solitaire::games::pyramid::solver::CapReached::States {
        cap: 1000,
        stored: 4096,
    };
    app.update(Msg::Job(JobMessage {
        id,
        event: JobEvent::Undecided(cap),
    }));
}

#[test]
fn a_check_stopped_by_a_cap_says_undecided_and_is_not_started_again() {
    let (_dir, mut app, _receive) = playing();
    let id = app.pyramid().check_id().expect("a check runs");
    undecided(&mut app, id);
    assert!(
        matches!(play(&app).standing(), Standing::Undecided(ref text) if text.contains("cap 1000"))
    );
    assert_eq!(
        app.pyramid().check_id(),
        None,
        "no new search for the same position"
    );
    press(&mut app, KeyCode::Char('h'));
    assert!(said(&app).contains("reached its cap"), "{}", said(&app));
    press(&mut app, KeyCode::Char('s'));
    assert!(matches!(app.pyramid().screen, Screen::Play));
    assert!(said(&app).contains("reached its cap"), "{}", said(&app));
}

#[test]
fn a_solve_stopped_by_a_cap_says_undecided_and_keeps_the_deal() {
    let (_dir, mut app, _receive) = fresh();
    app.update(Msg::Paste(WINNABLE.to_string()));
    press(&mut app, KeyCode::Enter);
    let Screen::Solving(solving) = &app.pyramid().screen else {
        panic!("solving")
    };
    let id = solving.job.id;
    undecided(&mut app, id);
    assert!(matches!(app.pyramid().screen, Screen::Editor));
    says(&app, "Undecided");
    assert_eq!(app.pyramid().editor.filled(), 52);
}

#[test]
fn on_a_lost_deal_s_says_so_without_a_count_and_offers_no_steps() {
    let (_dir, mut app, receive) = fresh();
    app.update(Msg::Paste(TWO_D.to_string()));
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    press(&mut app, KeyCode::Char('s'));
    let shown = screen(&app, 100, 30);
    assert!(shown.contains("No solution"), "{shown}");
    assert!(!shown.contains("0 positions"), "{shown}");
    let keys = shown.lines().last().unwrap();
    assert!(
        !keys.contains("step") && !keys.contains("play on"),
        "{keys}"
    );
    assert!(keys.contains("Esc back"), "{keys}");
    // Without a reason, and with no search of its own, it says so without a count.
    if let Screen::Solution(solution) = &mut app.pyramid_mut().screen {
        solution.found.reason = None;
    }
    let shown = screen(&app, 100, 30);
    assert!(shown.contains("There is no way to"), "{shown}");
    assert!(!shown.contains("0 positions"), "{shown}");
}

#[test]
fn a_won_game_offers_only_the_keys_that_work_and_s_says_it_is_won() {
    let (_dir, mut app, _receive) = playing();
    play_to_the_win(&mut app);
    let keys = screen(&app, 100, 30).lines().last().unwrap().to_string();
    for gone in ["Enter take", "d draw", "h hint", "s solution"] {
        assert!(!keys.contains(gone), "{keys}");
    }
    assert!(keys.contains("undo") && keys.contains("save"), "{keys}");
    press(&mut app, KeyCode::Char('s'));
    assert!(matches!(app.pyramid().screen, Screen::Play));
    assert!(said(&app).contains("already won"), "{}", said(&app));
}

#[test]
fn a_loss_without_a_simple_reason_gives_the_proofs_words() {
    let (_dir, mut app, _receive) = playing();
    play_into_a_loss(&mut app);
    let id = app
        .pyramid()
        .check_id()
        .expect("the lost position is being checked");
    app.update(Msg::Job(JobMessage {
        id,
        event: JobEvent::Done(Found::new(Solved::Board(
            Report {
                outcome: Outcome::NoSolution(None),
                stats: Stats {
                    expanded: 1234,
                    ..Stats::default()
                },
            },
            None,
        ))),
    }));
    let Standing::Lost { reason, .. } = play(&app).standing() else {
        panic!("lost: {:?}", play(&app).standing())
    };
    assert_eq!(
        reason.as_deref(),
        Some("An exhaustive search of 1,234 positions found no way to clear the pyramid.")
    );
    let text = screen(&app, 80, 24);
    assert!(text.contains("An exhaustive search of"), "{text}");
}

#[test]
fn playing_on_from_a_step_that_no_longer_plays_says_so_and_keeps_the_game() {
    let (_dir, mut app, receive) = playing();
    settle(&mut app, &receive);
    press(&mut app, KeyCode::Char('s'));
    let moves = solution(&app).moves.clone();
    // The steps up to the first that takes cards away, played in the game under the
    // stepper: those cards are gone there, so the steps no longer play.
    let taking = moves
        .iter()
        .position(|mv| !matches!(mv, Move::Draw | Move::Recycle))
        .expect("a line that clears takes cards away");
    let game = &mut app.pyramid_mut().play.as_mut().unwrap().game;
    for &mv in &moves[..=taking] {
        game.play(mv).unwrap();
    }
    for _ in 0..=taking {
        press(&mut app, KeyCode::Right);
    }
    press(&mut app, KeyCode::Char('p'));
    assert!(said(&app).contains("no longer play"), "{}", said(&app));
    assert!(matches!(app.pyramid().screen, Screen::Solution(_)));
    assert_eq!(play(&app).game.moves(), &moves[..=taking]);
}

/// Plays two moves, then solves the deal from its start and steps once into the solution,
/// where `p` would start a game other than the one played.
fn solved_beside_a_game_played(app: &mut App, receive: &Receiver<Msg>) {
    press(app, KeyCode::Char('d'));
    press(app, KeyCode::Char('d'));
    solve_from_the_start_and_step(app, receive);
}

#[test]
fn playing_on_from_a_step_asks_before_it_drops_the_game_played() {
    let (_dir, mut app, receive) = playing();
    solved_beside_a_game_played(&mut app, &receive);
    press(&mut app, KeyCode::Char('p'));
    assert_eq!(
        said(&app),
        "Play on from this step and lose the 2 moves played (not saved)? y plays on from the \
         step, n or Esc keeps the game."
    );
    assert!(matches!(app.pyramid().screen, Screen::Solution(_)));
    press(&mut app, KeyCode::Esc);
    says(&app, "Kept the game; not played on from the step.");
    assert!(matches!(app.pyramid().screen, Screen::Solution(_)));
    assert_eq!(play(&app).game.played(), 2);
    // Ctrl-P there asks the same, and yes plays on from the step.
    ctrl(&mut app, 'p');
    says(&app, "Play on from this step and lose the 2 moves played");
    press(&mut app, KeyCode::Char('y'));
    assert!(matches!(app.pyramid().screen, Screen::Play));
    assert_eq!(play(&app).game.played(), 1);
    says(&app, "Your turn: play on from this step.");
}

#[test]
fn playing_on_from_a_step_over_a_game_saved_asks_nothing() {
    let (_dir, mut app, receive) = playing();
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Char('d'));
    save_named(&mut app, "two draws");
    solve_from_the_start_and_step(&mut app, &receive);
    press(&mut app, KeyCode::Char('p'));
    assert!(matches!(app.pyramid().screen, Screen::Play));
    says(&app, "Your turn: play on from this step.");
}

/// Leaves the game with Esc, solves the deal from its start and steps once.
fn solve_from_the_start_and_step(app: &mut App, receive: &Receiver<Msg>) {
    press(app, KeyCode::Esc);
    press(app, KeyCode::Enter);
    finish(app, receive);
    press(app, KeyCode::Right);
    assert!(matches!(app.pyramid().screen, Screen::Solution(_)));
}

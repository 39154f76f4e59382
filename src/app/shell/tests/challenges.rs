//! Choosing a Score or Card challenge in the editor, solving it in the background, stepping
//! through its lines with the running score or count, and keeping it with the game.

use super::*;
use crate::app::games::pyramid::play;
use solitaire::engine::passes::MAX_LIMITED_PASSES;

const ORDERED: &str = "Kd Kc Qh Ah 7d 6d 8d 5d 9d 4d Td 3d Jd 2d Qd Ad 7c 6c 8c 5c 9c 4c Tc 3c \
    Jc 2c Qc Ac 6h 7h 5h 8h 4h 9h 3h Th 2h Jh Kh As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks";
const FOURS: &str = "Tc Ac Js 5d 2h 3h As Th Qd 7h 3c Td 8s Kh 6d Ks 5c 6h 9h 3d 5h Jh Kc 8d \
    Jd 8c 7d 7c 2d Qs 9s 2c 3s 7s Ah Ad 4h 6s 6c 4c 2s 4d Qh 9d Jc 4s Qc Ts Kd 5s 9c 8h";

/// Opens the challenge dialog, picks the challenge `right` presses from Board, fills its
/// fields and sets it.
pub(super) fn choose(app: &mut App, right: usize, fields: &[&str]) {
    press(app, KeyCode::Char('g'));
    for _ in 0..right {
        press(app, KeyCode::Right);
    }
    for value in fields {
        press(app, KeyCode::Down);
        for _ in 0..6 {
            press(app, KeyCode::Backspace);
        }
        type_text(app, value);
    }
    press(app, KeyCode::Enter);
}

#[test]
fn a_score_challenge_is_solved_and_stepped_with_the_running_score() {
    let (_dir, mut app, receive) = fresh();
    app.update(Msg::Paste(ORDERED.to_string()));
    choose(&mut app, 1, &["1225", "0"]);
    assert_eq!(
        app.pyramid().goal,
        Goal::Score {
            target: 1225,
            earned: 0
        }
    );
    press(&mut app, KeyCode::Enter);
    finish_solving(&mut app, &receive);
    assert_eq!(said(&app), "Reach 1225 points in 15 steps.");
    assert_eq!(solution(&app).moves.len(), 15);
    for _ in 0..15 {
        press(&mut app, KeyCode::Right);
    }
    assert!(solution(&app).position().score() >= 1225);
    let text = screen(&app, 80, 24);
    assert!(text.contains("step 15 of 15 · "), "{text}");
    assert!(text.contains(" points"), "{text}");
}

#[test]
fn a_card_challenge_with_two_answers_shows_either_line() {
    let (_dir, mut app, receive) = fresh();
    app.update(Msg::Paste(FOURS.to_string()));
    choose(&mut app, 2, &["4", "4", "0"]);
    press(&mut app, KeyCode::Enter);
    finish_solving(&mut app, &receive);
    let four = Rank::new(4).unwrap();
    let end = |app: &App| solution(app).positions.last().unwrap().clone();
    assert_eq!(end(&app).removed_of_rank(four), 2);
    assert!(end(&app).is_cleared());
    press(&mut app, KeyCode::Tab);
    assert_eq!(solution(&app).step, 0);
    assert_eq!(end(&app).removed_of_rank(four), 3);
    assert!(!end(&app).is_cleared());
    press(&mut app, KeyCode::Tab);
    assert_eq!(end(&app).removed_of_rank(four), 2, "back to the first");
}

#[test]
fn a_bad_challenge_is_refused_and_the_dialog_stays() {
    let (_dir, mut app, _receive) = fresh();
    choose(&mut app, 1, &["100", "200"]);
    assert!(matches!(app.shell.overlay, Some(Overlay::Challenge(_))));
    assert!(said(&app).contains("must be above the points already earned"));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.pyramid().goal, Goal::Board);
}

#[test]
fn the_challenge_is_saved_with_the_game_and_comes_back() {
    let (dir, mut app, _receive) = fresh();
    app.update(Msg::Paste(FOURS.to_string()));
    choose(&mut app, 2, &["J", "3", "1"]);
    ctrl(&mut app, 's');
    if let Some(Overlay::Save(dialog)) = &mut app.shell.overlay {
        dialog.name = TextField::new("jacks");
    }
    press(&mut app, KeyCode::Enter);
    let path = dir.path().join("saves/jacks.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("# challenge: card J 3 already 1\n"), "{text}");
    let mut setup = setup(dir.path());
    setup.deal = Some(Kept::of(load(&path).unwrap()));
    let (send, _receive) = mpsc::channel();
    let reopened = App::new(setup, send);
    assert_eq!(reopened.pyramid().goal, app.pyramid().goal);
}

#[test]
fn hints_in_play_follow_the_challenge() {
    let (_dir, mut app, receive) = fresh();
    app.update(Msg::Paste(ORDERED.to_string()));
    choose(&mut app, 1, &["1225", "0"]);
    ctrl(&mut app, 'p');
    press(&mut app, KeyCode::Char('h'));
    settle(&mut app, &receive);
    let play = app.pyramid().play.as_ref().unwrap();
    assert!(play.hint_shown);
    assert_eq!(play.standing(), play::Standing::Winnable(15));
    press(&mut app, KeyCode::Char('h'));
    let play = app.pyramid().play.as_ref().unwrap();
    assert_eq!(play.game.played(), 1);
    assert_eq!(
        play.standing(),
        play::Standing::Winnable(14),
        "one step nearer 1225 points"
    );
    let text = screen(&app, 80, 24);
    assert!(text.contains("In reach: 14 more steps"), "{text}");
}

mod snapshots {
    use super::*;

    #[test]
    fn challenge_dialog() {
        let (_dir, mut app, _receive) = fresh();
        press(&mut app, KeyCode::Char('g'));
        press(&mut app, KeyCode::Right);
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn score_challenge_solution() {
        let (_dir, mut app, receive) = fresh();
        app.update(Msg::Paste(ORDERED.to_string()));
        choose(&mut app, 1, &["1225", "0"]);
        press(&mut app, KeyCode::Enter);
        finish_solving(&mut app, &receive);
        for _ in 0..6 {
            press(&mut app, KeyCode::Right);
        }
        insta::assert_snapshot!(screen(&app, 80, 24));
    }
}

/// The rules, the message and the title after `keys` in Pyramid's editor, with a Score
/// challenge set first when `scored`.
fn after_rule_keys(scored: bool, keys: &[KeyCode]) -> (Rules, String, String) {
    let (_dir, mut app, _receive) = fresh();
    if scored {
        choose(&mut app, 1, &["1225", "0"]);
    }
    for &key in keys {
        press(&mut app, key);
    }
    let title = screen(&app, 80, 24)
        .lines()
        .next()
        .unwrap_or("")
        .to_string();
    (app.pyramid().editor.marks.rules, said(&app), title)
}

#[test]
fn pyramids_rules_dialog_changes_the_rules_as_its_keys_do() {
    use KeyCode::{Char, Down, Right};
    for scored in [false, true] {
        for (key, row) in [('r', 0), ('x', 1), ('e', 2)] {
            let by_key = after_rule_keys(scored, &[Char(key)]);
            let mut dialog = vec![Char('o')];
            dialog.extend(std::iter::repeat_n(Down, row));
            // The passes go up one by one in the dialog (1 is 7 on from 3, round past
            // unlimited) and round 3, 1, 2 by key.
            let steps = if key == 'r' {
                usize::from(MAX_LIMITED_PASSES) - 1
            } else {
                1
            };
            dialog.extend(std::iter::repeat_n(Right, steps));
            let by_dialog = after_rule_keys(scored, &dialog);
            assert_eq!(by_dialog, by_key, "{key} with a challenge: {scored}");
        }
    }
    let (_dir, mut app, _receive) = fresh();
    // Its widest choice fits over the board at 80 by 24.
    for key in [Char('o'), Down, Right] {
        press(&mut app, key);
    }
    insta::assert_snapshot!("pyramid_rules_dialog_at_80x24", screen(&app, 80, 24));
    // All 52 cards to clear is refused under a Score challenge, by key and in the dialog.
    let (rules, message, _) = after_rule_keys(true, &[Char('e')]);
    assert_eq!(rules, Rules::default());
    assert!(message.starts_with("Not with this challenge"), "{message}");
}

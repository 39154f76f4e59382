//! Perfect Pair in the app, driven by events: typing a layout of its own with places and
//! rows added and taken away, the problems named live, the rules and the goal by keys, a
//! pasted hand, solving and stepping, play by keys and clicks with undo, redo and the hint,
//! saving and reopening, the draft; and its screens.

use super::*;
use crate::app::flow::Screen as PairScreen;
use crate::app::games::perfect_pair::PerfectPair;
use crate::app::games::perfect_pair::board::{Spot, spot_rect};
use solitaire::games::perfect_pair::answer::Aim;
use solitaire::games::perfect_pair::{Move as PairMove, Position as PairPosition};

/// The small hand of the guide: two rows, twenty cards, not clearable.
const SMALL: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/perfect-pair-small.txt"
));

trait PairSession {
    fn pair(&self) -> &Flow<PerfectPair>;
}

impl PairSession for App {
    fn pair(&self) -> &Flow<PerfectPair> {
        on_screen(self)
    }
}

/// A new app on the Perfect Pair editor.
pub(super) fn pair_app() -> (tempfile::TempDir, App, Receiver<Msg>) {
    app_on(GameKind::PerfectPair)
}

/// Feeds play mode's checks to the app until none is running.
fn settle(app: &mut App, receive: &Receiver<Msg>) {
    checks_done::<PerfectPair>(app, receive);
}

fn play(app: &App) -> &crate::app::games::perfect_pair::play::Play {
    app.pair().play.as_ref().expect("play mode")
}

/// The small hand in play, its best first move hinted.
pub(super) fn pair_play_hinted() -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = pair_app();
    app.update(Msg::Paste(SMALL.to_string()));
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    press(&mut app, KeyCode::Char('h'));
    (dir, app, receive)
}

/// The small hand solved, its answer stepped through to step 3.
pub(super) fn pair_solution_step() -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = pair_app();
    solve_and_step(&mut app, &receive, SMALL, 3);
    (dir, app, receive)
}

#[test]
fn a_layout_of_its_own_is_typed_with_its_places_and_rows_and_checked_live() {
    let (_dir, mut app, _receive) = pair_app();
    assert_eq!(app.pair().editor.size(), 52, "the default layout");
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("Layout: 4 rows of 7 | 6: the"), "{shown}");
    assert!(shown.contains("reconstruction)"), "{shown}");
    // Down to one row, then one place a side.
    type_text(&mut app, "xxx");
    assert_eq!(app.pair().editor.marks.shape, [[7, 6]]);
    type_text(&mut app, "------");
    type_text(&mut app, "7h");
    type_text(&mut app, "-----");
    type_text(&mut app, "6c");
    assert_eq!(app.pair().editor.marks.shape, [[1, 1]]);
    // A second row: a King on its left, a place added on its right.
    type_text(&mut app, "nKd]");
    assert_eq!(app.pair().editor.marks.shape, [[1, 1], [1, 1]]);
    type_text(&mut app, "7h");
    assert_eq!(
        app.pair().editor.problems(),
        ["7h appears twice: at row 1 left, card 1 and at row 2 right, card 1."]
    );
    let shown = screen(&app, 100, 26);
    assert!(
        shown.contains("7h appears twice: at row 1 left, card 1 and at"),
        "{shown}"
    );
    press(&mut app, KeyCode::Backspace);
    assert!(
        screen(&app, 80, 24).contains("1 place is still empty"),
        "{}",
        screen(&app, 80, 24)
    );
    press(&mut app, KeyCode::Enter);
    says(&app, "Cannot solve yet: the hand has 3/4 cards");
    type_text(&mut app, "Ad");
    let editor = &app.pair().editor;
    assert!(editor.problems().is_empty(), "{:?}", editor.problems());
    assert_eq!(
        editor
            .start()
            .unwrap()
            .to_string()
            .lines()
            .take(2)
            .collect::<Vec<_>>(),
        ["row 1: 7h | 6c", "row 2: Kd | Ad"]
    );
    assert!(screen(&app, 100, 26).contains("A valid hand, 1 perfect match possible."));
    // The 53rd card has no place: a pack has 52.
    type_text(&mut app, "x");
    assert_eq!(app.pair().editor.marks.shape, [[1, 1]]);
}

#[test]
fn the_rules_and_the_goal_change_by_key_and_show_on_the_board() {
    let (_dir, mut app, _receive) = pair_app();
    type_text(&mut app, "fuuUb");
    let rules = app.pair().editor.marks.rules;
    assert_eq!(
        (rules.free_cells, rules.uses, rules.cell_breaks_run),
        (2, 7, true)
    );
    assert_eq!(
        said(&app),
        "Rules: 2 free cells, 7 uses, a free-cell move breaks the run."
    );
    type_text(&mut app, "g");
    assert_eq!(app.pair().editor.marks.aim, Aim::Hearts);
    let shown = screen(&app, 100, 26);
    assert!(shown.contains("for the most hearts"), "{shown}");
    assert!(
        shown.contains("Rules: 2 free cells, 7 uses, a free-cell move"),
        "{shown}"
    );
}

#[test]
fn a_pasted_hand_with_problems_is_read_as_far_as_it_goes_and_each_problem_said() {
    let (_dir, mut app, _receive) = pair_app();
    app.update(Msg::Paste(
        "row 1: 7h Zz | 6c\nrow 2: 7h | Kd\n".to_string(),
    ));
    let text = said(&app);
    assert_eq!(
        text,
        "Pasted as far as it reads, with 2 problems: the Check panel lists them."
    );
    let editor = &app.pair().editor;
    assert_eq!(editor.marks.shape, [[2, 1], [1, 1]]);
    assert_eq!(editor.invalid_slots(), [0, 3]);
    assert_eq!(editor.problems().len(), 2, "{:?}", editor.problems());
    assert_eq!(editor.marks.pasted.len(), 2, "{:?}", editor.marks.pasted);
    // The next change is to the hand as pasted: its text's problems go.
    press(&mut app, KeyCode::Char('f'));
    assert!(app.pair().editor.marks.pasted.is_empty());
}

#[test]
fn a_paste_with_many_problems_lists_each_on_a_line_of_its_own() {
    let (_dir, mut app, _receive) = pair_app();
    app.update(Msg::Paste(
        "row 1: 7h Zz | 6c\nrow 2: 7h | Kd\nrow 3: Yy | 5c\nrow 4: Xx | 4c\nrow 5: Ww | 3c\n\
         row 6: 2c | Vv\n"
            .to_string(),
    ));
    assert_eq!(
        said(&app),
        "Pasted as far as it reads, with 6 problems: the Check panel lists the first 4."
    );
    let shown = screen(&app, 120, 40);
    for start in [
        "│1:11: 'Zz' is not",
        "│2:8: 7h appears",
        "│3:8: 'Yy' is not",
        "│4:8: 'Xx' is not",
        "│and 2 more: pyramid validate",
    ] {
        assert!(shown.contains(start), "{start}\n{shown}");
    }
    assert!(!shown.contains("'Ww' is not"), "{shown}");
}

#[test]
fn another_games_text_pasted_is_said_to_be_one_and_an_empty_row_goes_without_cards() {
    let (_dir, mut app, _receive) = pair_app();
    app.update(Msg::Paste("# game: klondike\nAh 2h 3h\n".to_string()));
    says(&app, "Not pasted: this is a Klondike text");
    assert_eq!(app.pair().editor.marks.pasted, Vec::<String>::new());
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Char('x'));
    // No card was typed in the row taken away, so none is said to go with it.
    assert!(said(&app).ends_with(" is taken away."), "{}", said(&app));
}

#[test]
fn each_editors_help_says_what_its_keys_do_there_once() {
    let (_dir, mut app, _receive) = fresh();
    let first = app.session.game();
    loop {
        let labels: Vec<&str> = app.bindings().iter().map(|binding| binding.label).collect();
        for label in &labels {
            let times = labels.iter().filter(|other| *other == label).count();
            assert_eq!(times, 1, "{:?}: {label} {times} times", app.session.game());
        }
        ctrl(&mut app, 'g');
        if app.session.game() == first {
            break;
        }
    }
    // Perfect Pair's paste is its own, and no card is missing from a part of a pack.
    let (_dir, app, _receive) = pair_app();
    let sections = app.help_sections();
    let help: Vec<_> = sections.iter().flat_map(|(_, keys)| keys.iter()).collect();
    assert!(!help.iter().any(|binding| binding.label == "Ctrl-F"));
    let pastes: Vec<&str> = help
        .iter()
        .filter(|binding| binding.label == "paste")
        .map(|binding| binding.what)
        .collect();
    assert_eq!(
        pastes,
        ["a hand in the file's words (row 1: ... | ...) replaces the layout"]
    );
}

#[test]
fn a_hand_that_cannot_be_cleared_says_so_with_its_proof_and_steps_its_best_hand() {
    let (_dir, mut app, receive) = pair_app();
    app.update(Msg::Paste(SMALL.to_string()));
    assert_eq!(app.pair().editor.size(), 20);
    press(&mut app, KeyCode::Enter);
    finish(&mut app, &receive);
    says(
        &app,
        "Cannot be cleared: no line of moves removes every card (every position the moves \
             reach was searched). Best hand for the most points: 16 points, 1 heart",
    );
    let PairScreen::Solution(solution) = &app.pair().screen else {
        panic!("the solution screen");
    };
    assert_eq!(solution.moves.len(), 6);
    assert_eq!(solution.moves[0], PairMove::King("Kh".parse().unwrap()));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    let shown = screen(&app, 100, 26);
    assert!(shown.contains("step 2 of 6 · 2 points"), "{shown}");
    assert!(
        shown.contains("Next: Put 2h (row 2 right) in a free cell"),
        "{shown}"
    );
    press(&mut app, KeyCode::End);
    let shown = screen(&app, 100, 26);
    assert!(
        shown.contains("End: The hand ends here: 16 points"),
        "{shown}"
    );
    // Said once, by the figures.
    let end = shown
        .lines()
        .find(|line| line.contains("End: "))
        .expect("the end line");
    assert_eq!(end.matches("cleared").count(), 1, "{end}");
    press(&mut app, KeyCode::Home);
    let PairScreen::Solution(solution) = &app.pair().screen else {
        panic!("the solution screen");
    };
    assert_eq!(solution.position(), &app.pair().editor.start().unwrap());
}

#[test]
fn play_by_keys_and_clicks_with_undo_redo_and_the_hint() {
    let (_dir, mut app, receive) = pair_app();
    app.update(Msg::Paste(SMALL.to_string()));
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    // h shows the solver's next move, then plays it: Kh alone.
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(
        said(&app),
        "Hint: Remove Kh (row 2 right). h again plays it."
    );
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(play(&app).game.played(), 1);
    // 7h and then 6c by the cursor: the cursor starts on row 1's left line.
    assert_eq!(play(&app).cursor, Spot::Line(0));
    press(&mut app, KeyCode::Enter);
    says(&app, "7h chosen");
    press(&mut app, KeyCode::Down);
    assert_eq!(play(&app).cursor, Spot::Line(2));
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        said(&app),
        "Pair: 7h (row 1 left) with 6c (row 2 left), 2 points"
    );
    assert_eq!(play(&app).position().points(), 2);
    // A click on Qs and then on the free cell.
    let board = layout::board_area(ratatui::layout::Rect::new(0, 0, 80, 24));
    let click = |app: &mut App, spot: Spot| {
        let rect = spot_rect(board, play(app).position(), spot);
        app.update(Msg::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: rect.x + 1,
            row: rect.y,
            modifiers: KeyModifiers::NONE,
        }));
    };
    click(&mut app, Spot::Line(0));
    click(&mut app, Spot::Cell(0));
    says(&app, "Put Qs (row 1 left) in a free cell");
    assert_eq!(
        play(&app).position().cells(),
        &[Some("Qs".parse().unwrap())]
    );
    press(&mut app, KeyCode::Char('u'));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(play(&app).game.played(), 1);
    press(&mut app, KeyCode::Char('U'));
    assert_eq!(play(&app).game.played(), 2);
    assert_eq!(play(&app).game.redoable(), 1);
    settle(&mut app, &receive);
    let shown = screen(&app, 100, 26);
    assert!(
        shown.contains("2 points · hearts 0/10 · 0 perfect"),
        "{shown}"
    );
    assert!(shown.contains("Best from here: "), "{shown}");
}

#[test]
fn a_hand_in_play_saves_and_reopens_with_its_moves_and_the_draft_keeps_it() {
    let (dir, mut app, receive) = pair_app();
    type_text(&mut app, "g");
    app.update(Msg::Paste(SMALL.to_string()));
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    press(&mut app, KeyCode::Char('h'));
    press(&mut app, KeyCode::Char('h'));
    save_named(&mut app, "ladder");
    says(&app, "Saved with 1 move");
    let path = dir.path().join("saves/ladder.txt");
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(
        saved.starts_with("# game: perfect-pair\n# name: ladder\n"),
        "{saved}"
    );
    assert!(saved.contains("row 2: 6c 7d Ad | Kh 2h Jc Qd\n"), "{saved}");
    assert!(saved.contains("# play for: hearts\n"), "{saved}");
    // The commands read the save as it is.
    let hand = solitaire::games::perfect_pair::saved::SavedPerfectPair::read(&saved).unwrap();
    assert_eq!(hand.moves.len(), 1);
    let (send, _receive) = mpsc::channel();
    let mut setup = setup(dir.path());
    setup.deal =
        Some(crate::app::games::read_saved(GameKind::PerfectPair, &saved, "ladder").unwrap());
    let reopened = App::new(setup, send);
    let session = reopened.pair();
    assert!(matches!(session.screen, PairScreen::Play));
    assert_eq!(session.play.as_ref().unwrap().game.played(), 1);
    assert_eq!(session.editor.marks.aim, Aim::Hearts);
    drop(reopened);
    // The draft brings the game back on the next start.
    drop(app);
    let (again, _receive) = start(dir.path());
    assert_eq!(again.session.game(), GameKind::PerfectPair);
    let game = &again.pair().play.as_ref().expect("play mode").game;
    assert_eq!(game.played(), 1);
    let start: &PairPosition = game.position_after(0).unwrap();
    assert_eq!(start.layout().len(), 20);
}

#[test]
fn a_hand_pasted_over_an_opened_save_drops_the_saves_name_and_note() {
    let dir = tempfile::tempdir().unwrap();
    let saved = SMALL.replace(
        "# game: perfect-pair\n",
        "# game: perfect-pair\n# name: ladder\n# notes: a note\n",
    );
    let mut setup = setup(dir.path());
    setup.deal =
        Some(crate::app::games::read_saved(GameKind::PerfectPair, &saved, "ladder").unwrap());
    let (send, _receive) = mpsc::channel();
    let mut app = App::new(setup, send);
    assert_eq!(app.name.as_deref(), Some("ladder"));
    assert!(
        !app.notes.is_empty(),
        "the save's note is kept while it is the save's hand"
    );
    app.update(Msg::Paste(SMALL.replace("7h Qs", "Qs 7h")));
    assert_eq!(app.name, None, "{}", said(&app));
    assert!(app.notes.is_empty());
}

/// What a key press could change on Perfect Pair's screens: a key that changes none of it
/// does nothing.
fn fingerprint(app: &App) -> String {
    let flow = app.pair();
    let screen = match &flow.screen {
        PairScreen::Editor => "editor".to_string(),
        PairScreen::Solving(solving) => format!("solving {}", solving.job.id),
        PairScreen::Solution(solution) => format!("solution {}", solution.step),
        PairScreen::Play => "play".to_string(),
    };
    let play = flow.play.as_ref().map(|play| {
        format!(
            "{} {:?} {:?} {}",
            play.position(),
            play.cursor,
            play.chosen,
            play.hint_shown
        )
    });
    format!(
        "{screen}|{:?}|{:?}|{}|{}|{:?}|{:?}",
        app.shell.overlay,
        app.shell.status,
        app.theme,
        app.quitting(),
        flow.editor,
        play,
    )
}

/// Presses every key on a fresh app made by `make`, and lists those that change something
/// without being in the help.
fn unlisted(make: impl Fn() -> (tempfile::TempDir, App, Receiver<Msg>)) -> Vec<String> {
    let mut missing = Vec::new();
    for key in super::keys::every_key() {
        let (_dir, mut app, _receive) = make();
        let before = fingerprint(&app);
        app.update(Msg::Key(key));
        // In the editor, a key that is not a card only earns the bad-key hint.
        let rejected = matches!(app.pair().screen, PairScreen::Editor)
            && key.modifiers.is_empty()
            && matches!(key.code, KeyCode::Char(c)
                if matches!(Editor::default().type_char(c), Typed::Rejected(hint)
                    if said(&app) == hint));
        if fingerprint(&app) != before && !rejected && !super::keys::listed(&make().1, key) {
            missing.push(format!("{:?} {:?}", key.modifiers, key.code));
        }
    }
    missing
}

fn editor_typed() -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = pair_app();
    type_text(&mut app, "7h6cQs");
    app.update(Msg::Key(KeyEvent::new(KeyCode::Left, KeyModifiers::NONE)));
    (dir, app, receive)
}

fn playing() -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = pair_app();
    app.update(Msg::Paste(SMALL.to_string()));
    ctrl(&mut app, 'p');
    settle(&mut app, &receive);
    (dir, app, receive)
}

#[test]
fn every_key_perfect_pairs_editor_and_play_mode_handle_is_in_their_help() {
    assert_eq!(unlisted(editor_typed), Vec::<String>::new());
    assert_eq!(unlisted(playing), Vec::<String>::new());
    assert_eq!(unlisted(pair_solution_step), Vec::<String>::new());
}

mod snapshots {
    use super::*;

    #[test]
    fn perfect_pair_editor_with_a_card_twice() {
        let (_dir, mut app, _receive) = pair_app();
        type_text(&mut app, "7hQs2d9cKd4s6h5cJd3s8hAcTh6c7dAdKh2hJcQd7h");
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn perfect_pair_solution_step() {
        let (_dir, app, _receive) = pair_solution_step();
        insta::assert_snapshot!(screen(&app, 100, 26));
    }

    #[test]
    fn perfect_pair_play_with_a_hint() {
        let (_dir, app, _receive) = pair_play_hinted();
        insta::assert_snapshot!(screen(&app, 100, 26));
    }

    #[test]
    fn perfect_pair_play_in_80_by_24() {
        let (_dir, app, _receive) = pair_play_hinted();
        insta::assert_snapshot!(screen(&app, 80, 24));
    }
}

#[test]
fn question_mark_opens_the_help_in_the_editor_as_its_key_bar_says() {
    let (_dir, mut app, _receive) = pair_app();
    type_text(&mut app, "?");
    assert!(
        matches!(app.shell.overlay, Some(Overlay::Help(_))),
        "{}",
        said(&app)
    );
}

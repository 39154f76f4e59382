//! Triple Klondike in the app, driven by events: a deal opened from a file, pasted and dealt at
//! random, solved in the background for a short time with its best line shown as it improves,
//! its line stepped through, saved, kept in the draft and reopened; and its screens.

use std::time::Duration;

use super::*;
use crate::app::games::triple_klondike::saved::{RULES, TripleKlondikeSave};
use crate::app::games::triple_klondike::{Screen as TkScreen, TripleKlondike};
use solitaire::games::triple_klondike::bound::lower_bound;
use solitaire::games::triple_klondike::notation::move_text;
use solitaire::games::triple_klondike::{Deal as TkDeal, Move as TkMove, Position as TkPosition};

/// The project's own deal, the library's shuffle of seed 7.
const SEED_7: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/triple-klondike-seed-7.txt"
));

fn tk(app: &App) -> &TripleKlondike {
    on_screen(app)
}

fn tk_mut(app: &mut App) -> &mut TripleKlondike {
    on_screen_mut(app)
}

/// An app started as `pyramid --game triple-klondike`, on an empty deal screen.
fn tk_app() -> (tempfile::TempDir, App, Receiver<Msg>) {
    let dir = tempfile::tempdir().unwrap();
    let (send, receive) = mpsc::channel();
    let mut setup = setup(dir.path());
    setup.game = Some(GameKind::TripleKlondike);
    let app = App::new(setup, send);
    (dir, app, receive)
}

/// An app started as `pyramid FILE` on a file's text.
fn opened(dir: &Path, text: &str, stem: &str) -> (App, Receiver<Msg>) {
    let (send, receive) = mpsc::channel();
    let mut setup = setup(dir);
    setup.deal =
        Some(crate::app::games::read_saved(GameKind::TripleKlondike, text, stem).expect("a deal"));
    (App::new(setup, send), receive)
}

/// The seed-7 deal's start.
fn seed_7_start() -> TkPosition {
    TkPosition::new(&TkDeal::read(SEED_7, RULES).unwrap(), RULES).unwrap()
}

/// A line of up to `count` moves from `start`, the same every time unlike a search's: a card
/// up where one goes, else a whole run moved off face-down cards, else the waste's card onto
/// a pile, else a draw. Each kind of move makes progress, so it never goes round in circles.
fn plain_line(start: &TkPosition, count: usize) -> Vec<TkMove> {
    let mut position = start.clone();
    let mut line = Vec::new();
    while line.len() < count {
        let moves = position.legal_moves();
        let uncovers = |mv: &TkMove| match *mv {
            TkMove::PileToPile { from, count, .. } => {
                let pile = &position.piles()[usize::from(from)];
                !pile.face_down.is_empty() && usize::from(count) == pile.face_up.len()
            }
            _ => false,
        };
        let up = |mv: &TkMove| {
            matches!(
                mv,
                TkMove::PileToFoundation { .. } | TkMove::WasteToFoundation(_)
            )
        };
        let Some(&mv) = moves
            .iter()
            .find(|mv| up(mv))
            .or_else(|| moves.iter().find(|mv| uncovers(mv)))
            .or_else(|| moves.iter().find(|mv| matches!(mv, TkMove::WasteToPile(_))))
            .or_else(|| moves.iter().find(|&&mv| mv == TkMove::Draw))
        else {
            break;
        };
        position.apply(mv).unwrap();
        line.push(mv);
    }
    line
}

/// The seed-7 deal with a line on `# moves:` lines.
fn with_line(line: &[TkMove]) -> String {
    let words: Vec<String> = line.iter().map(|&mv| move_text(mv)).collect();
    format!("# moves: {}\n{SEED_7}", words.join(" "))
}

/// The first line under the board, as text.
fn first_message_line(app: &App) -> String {
    let message = app.message_lines(&app.look());
    message[0]
        .spans
        .iter()
        .map(|span| span.content.as_ref())
        .collect()
}

/// Hands the search's next message to the app; true when it was a better line.
fn next_message(app: &mut App, receive: &Receiver<Msg>) -> bool {
    let msg = receive
        .recv_timeout(Duration::from_secs(60))
        .expect("the search answers");
    let improves = matches!(
        &msg,
        Msg::Job(JobMessage {
            event: JobEvent::Better(_),
            ..
        })
    );
    app.update(msg);
    improves
}

/// Solves for one second, feeding the search's messages until it answers; returns how many
/// better lines came on the way, each shown on the solving screen as it came.
fn solve_briefly(app: &mut App, receive: &Receiver<Msg>) -> usize {
    tk_mut(app).budget = Duration::from_secs(1);
    press(app, KeyCode::Enter);
    assert!(matches!(tk(app).screen, TkScreen::Solving(_)));
    let mut better = 0;
    while matches!(tk(app).screen, TkScreen::Solving(_)) {
        if next_message(app, receive) {
            better += 1;
            let TkScreen::Solving(solving) = &tk(app).screen else {
                panic!("a better line keeps the solving screen")
            };
            let best = solving.best.as_ref().expect("the best line so far");
            let shown = format!("{}/{}", best.tally.cards_up, best.tally.moves);
            assert!(screen(app, 80, 24).contains(&shown), "{shown}");
        }
    }
    better
}

#[test]
fn a_deal_file_opens_read_only_and_a_bad_one_is_refused_with_its_problems() {
    let dir = tempfile::tempdir().unwrap();
    let (app, _receive) = opened(dir.path(), SEED_7, "triple-klondike-seed-7");
    assert_eq!(app.session.game(), GameKind::TripleKlondike);
    let table = tk(&app).table.as_ref().expect("the deal");
    assert_eq!(table.start, seed_7_start());
    assert!(matches!(tk(&app).screen, TkScreen::Deal));
    says(&app, "Opened from");
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("A valid deal"), "{shown}");
    let bound = lower_bound(&seed_7_start()).moves();
    assert!(
        shown.contains(&format!("bound    {bound} moves")),
        "{shown}"
    );

    // A card missing: the reader names the problem, and the app does not open it.
    let short = SEED_7.replacen("QD ", "", 1);
    let refused = crate::app::games::read_saved(GameKind::TripleKlondike, &short, "short")
        .expect_err("a card short");
    assert!(refused.to_string().contains("QD"), "{refused}");
}

#[test]
fn a_paste_replaces_the_deal_and_a_text_that_is_no_deal_shows_its_problems() {
    let (_dir, mut app, _receive) = tk_app();
    says(&app, "Triple Klondike: paste a deal");
    press(&mut app, KeyCode::Enter);
    says(&app, "Cannot solve yet");

    app.update(Msg::Paste(SEED_7.to_string()));
    assert_eq!(tk(&app).table.as_ref().unwrap().start, seed_7_start());
    says(&app, "Pasted a Triple Klondike deal.");

    app.update(Msg::Paste("AS KH 9x".to_string()));
    assert_eq!(tk(&app).table.as_ref().unwrap().start, seed_7_start());
    assert!(!tk(&app).problems.is_empty());
    says(&app, "Not a Triple Klondike deal");
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("Pasted, not a deal:"), "{shown}");
    assert!(shown.contains("9x"), "{shown}");
}

#[test]
fn ctrl_r_deals_the_librarys_random_deal_and_names_the_command_that_deals_it_again() {
    let (_dir, mut app, _receive) = tk_app();
    ctrl(&mut app, 'r');
    let name = app.name.clone().expect("a random deal is named");
    let seed: u64 = name.strip_prefix("random deal ").unwrap().parse().unwrap();
    let dealt = TkDeal::shuffled(seed, RULES);
    assert_eq!(tk(&app).table.as_ref().unwrap().deal, dealt);
    assert!(
        said(&app).contains(&format!(
            "pyramid deal --game triple-klondike --seed {seed}`"
        )),
        "{}",
        said(&app)
    );
}

#[test]
fn t_sets_the_time_a_search_runs_from_the_commands_default() {
    let (_dir, mut app, _receive) = tk_app();
    assert_eq!(tk(&app).budget, Duration::from_secs(5));
    press(&mut app, KeyCode::Char('t'));
    assert_eq!(tk(&app).budget, Duration::from_secs(10));
    for _ in 0..3 {
        press(&mut app, KeyCode::Char('t'));
    }
    assert_eq!(tk(&app).budget, Duration::from_secs(1));
    assert_eq!(said(&app), "A search runs for 1 s.");
}

#[test]
fn a_search_shows_its_best_line_as_it_improves_then_the_line_steps_through() {
    let (_dir, mut app, receive) = tk_app();
    app.update(Msg::Paste(SEED_7.to_string()));
    let better = solve_briefly(&mut app, &receive);
    assert!(
        better > 0,
        "an anytime search sends its lines as it finds them"
    );
    let session = tk(&app);
    let TkScreen::Line(stepper) = &session.screen else {
        panic!("the line is shown: {}", said(&app))
    };
    let start = seed_7_start();
    let line = session.line().to_vec();
    let (end, tally) = start.replay(&line).expect("the line replays");
    let figures = session.figures().unwrap();
    assert_eq!(
        (figures.cards_up, figures.moves),
        (tally.cards_up, tally.moves)
    );
    assert_eq!(figures.bound, lower_bound(&start).moves());
    assert_eq!(stepper.positions.last(), Some(&end));
    assert!(said(&app).contains(&format!("({}/{})", tally.cards_up, tally.moves)));
    assert!(session.searched.is_some());

    // Stepping: each step shows the position after its move, and back again.
    press(&mut app, KeyCode::Right);
    let mut after_first = start.clone();
    after_first.apply(line[0]).unwrap();
    let TkScreen::Line(stepper) = &tk(&app).screen else {
        panic!("stepping stays on the line")
    };
    assert_eq!((stepper.step, stepper.position()), (1, &after_first));
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    let TkScreen::Line(stepper) = &tk(&app).screen else {
        panic!("stepping stays on the line")
    };
    assert_eq!(stepper.step, 0);
    press(&mut app, KeyCode::End);
    let text = first_message_line(&app);
    assert!(text.starts_with(" End: "), "{text}");

    // The draft keeps the line found.
    let draft = kept_draft(&app);
    assert_eq!(crate::app::games::work(&draft).moves, line.len());
    press(&mut app, KeyCode::Esc);
    assert!(matches!(tk(&app).screen, TkScreen::Deal));
    press(&mut app, KeyCode::Right);
    assert!(matches!(tk(&app).screen, TkScreen::Line(_)));
}

#[test]
fn esc_stops_the_search_and_keeps_its_best_line_so_far() {
    let (_dir, mut app, receive) = tk_app();
    app.update(Msg::Paste(SEED_7.to_string()));
    tk_mut(&mut app).budget = Duration::from_secs(60);
    press(&mut app, KeyCode::Enter);
    while !next_message(&mut app, &receive) {}
    let TkScreen::Solving(solving) = &tk(&app).screen else {
        panic!("still solving")
    };
    let best = solving.best.clone().expect("a line so far");
    press(&mut app, KeyCode::Esc);
    assert!(matches!(tk(&app).screen, TkScreen::Line(_)));
    assert_eq!(tk(&app).line(), best.line.as_slice());
    let stopped = tk(&app).searched.clone().unwrap().stopped;
    assert_eq!(stopped.as_deref(), Some("stopped by Esc"));
}

#[test]
fn the_line_found_is_saved_and_reopens_as_it_was() {
    let (dir, mut app, receive) = tk_app();
    app.update(Msg::Paste(SEED_7.to_string()));
    solve_briefly(&mut app, &receive);
    let line = tk(&app).line().to_vec();
    save_named(&mut app, "seven");
    says(
        &app,
        &format!("Saved with its line of {} moves", line.len()),
    );
    let path = dir.path().join("saves/seven.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.starts_with("# game: triple-klondike\n# name: seven\n"),
        "{text}"
    );
    assert!(text.contains("# moves: "), "{text}");
    let read = TripleKlondikeSave::read(&text, "seven").unwrap();
    assert_eq!(read.table.line, line);

    // Opened again, from the file as `pyramid FILE` and from the Open dialog's list.
    let (again, _receive) = opened(dir.path(), &text, "seven");
    assert_eq!(tk(&again).line(), line.as_slice());
    assert!(matches!(tk(&again).screen, TkScreen::Line(_)));
    assert!(
        said(&again).contains("→ steps through it"),
        "{}",
        said(&again)
    );
    let (listed, broken) = crate::app::games::list(&app.folders);
    assert!(broken.is_empty(), "{broken:?}");
    let entry = listed.iter().find(|entry| entry.name() == "seven").unwrap();
    let state = crate::app::games::listed_state(&entry.holds);
    assert!(state.starts_with("line "), "{state}");
}

#[test]
fn the_draft_brings_the_deal_and_its_line_back_on_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let line = plain_line(&seed_7_start(), 30);
    {
        let (send, _receive) = mpsc::channel();
        let mut setup = setup(dir.path());
        setup.game = Some(GameKind::TripleKlondike);
        let mut app = App::new(setup, send);
        app.update(Msg::Paste(with_line(&line)));
        assert_eq!(tk(&app).line(), line.as_slice());
    }
    let (again, _receive) = start(dir.path());
    assert_eq!(again.session.game(), GameKind::TripleKlondike);
    assert_eq!(tk(&again).line(), line.as_slice());
    assert!(said(&again).starts_with("Restored the Triple Klondike deal and its line of 30"));
}

#[test]
fn a_step_names_its_move_in_the_notation_and_in_words_and_the_card_it_turns_up() {
    let (_dir, mut app, _receive) = tk_app();
    let start = seed_7_start();
    let line = plain_line(&start, 40);
    app.update(Msg::Paste(with_line(&line)));
    // The first step that turns a card up.
    let mut position = start.clone();
    let turning = line
        .iter()
        .position(|&mv| {
            let before = position
                .piles()
                .iter()
                .map(|p| p.face_down.len())
                .sum::<usize>();
            position.apply(mv).unwrap();
            position
                .piles()
                .iter()
                .map(|p| p.face_down.len())
                .sum::<usize>()
                < before
        })
        .expect("the line turns a card up");
    for _ in 0..turning {
        press(&mut app, KeyCode::Right);
    }
    app.shell.status = None;
    let text = first_message_line(&app);
    let notation = move_text(line[turning]);
    assert!(
        text.starts_with(&format!(" Next ({}): {notation} Move ", turning + 1)),
        "{text}"
    );
    assert!(text.contains(", turning up "), "{text}");
}

#[test]
fn every_theme_draws_the_line_and_without_colours_the_moves_stay_marked() {
    let line = with_line(&plain_line(&seed_7_start(), 40));
    for colours in [
        theme::Colours::True,
        theme::Colours::Indexed,
        theme::Colours::Off,
    ] {
        for index in 0..theme::built_in().len() {
            let dir = tempfile::tempdir().unwrap();
            let mut setup = setup(dir.path());
            setup.themes = setup
                .themes
                .into_iter()
                .map(|t| t.for_colours(colours))
                .collect();
            setup.theme = index;
            setup.game = Some(GameKind::TripleKlondike);
            let (send, _receive) = mpsc::channel();
            let mut app = App::new(setup, send);
            app.update(Msg::Paste(line.clone()));
            // Past the move that turns Qc up; the next one draws.
            for _ in 0..26 {
                press(&mut app, KeyCode::Right);
            }
            let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
            terminal.draw(|frame| view::draw(frame, &app)).unwrap();
            let cells: Vec<_> = terminal.backend().buffer().content().to_vec();
            let marked = |modifier| {
                cells
                    .iter()
                    .filter(|c| c.modifier.contains(modifier))
                    .count()
            };
            assert!(
                marked(ratatui::style::Modifier::UNDERLINED) >= 4,
                "the stock and the waste"
            );
            assert!(
                marked(ratatui::style::Modifier::REVERSED) >= 2,
                "the card turned up"
            );
            if colours == theme::Colours::Off {
                assert!(cells.iter().all(|c| c.fg == ratatui::style::Color::Reset
                    && c.bg == ratatui::style::Color::Reset));
            }
        }
    }
}

/// The seed-7 deal opened, its line of 40 plain moves stepped to `step`.
pub fn line_stepped(step: usize) -> (tempfile::TempDir, App) {
    let (dir, mut app, _receive) = tk_app();
    app.update(Msg::Paste(with_line(&plain_line(&seed_7_start(), 40))));
    for _ in 0..step {
        press(&mut app, KeyCode::Right);
    }
    app.shell.status = None;
    (dir, app)
}

mod snapshots {
    use super::*;

    /// The seed-7 deal pasted, drawn at a size.
    fn deal_shown(width: u16, height: u16) -> String {
        let (_dir, mut app, _receive) = tk_app();
        app.update(Msg::Paste(SEED_7.to_string()));
        app.shell.status = None;
        screen(&app, width, height)
    }

    #[test]
    fn triple_klondike_deal_at_80x24() {
        insta::assert_snapshot!(deal_shown(80, 24));
    }

    #[test]
    fn triple_klondike_deal_at_120x40() {
        insta::assert_snapshot!(deal_shown(120, 40));
    }

    #[test]
    fn triple_klondike_line_step_at_80x24() {
        let (_dir, app) = line_stepped(17);
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn triple_klondike_line_step_at_120x40() {
        let (_dir, app) = line_stepped(17);
        insta::assert_snapshot!(screen(&app, 120, 40));
    }

    #[test]
    fn triple_klondike_help() {
        let (_dir, mut app, _receive) = tk_app();
        press(&mut app, KeyCode::Char('?'));
        insta::assert_snapshot!(screen(&app, 80, 24));
    }
}

//! The app driven by events, without a terminal; screens drawn with `TestBackend`.

use std::ops::{Deref, DerefMut};
use std::path::Path;
use std::sync::mpsc::{self, Receiver};

use crossterm::event::{KeyEvent, KeyModifiers, MouseEvent, MouseEventKind};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::*;
use crate::app::card_input::Pending;
use crate::app::flow::editor::Typed;
use crate::app::flow::{Flow, GameScreen, Screen, Solution};
use crate::app::games::pyramid::Pyramid;
use crate::app::games::pyramid::board;
use crate::app::games::pyramid::editor::Editor;
use crate::app::games::pyramid::play::{Back, Play, Standing};
use crate::app::games::tripeaks::TriPeaks;
use crate::app::job::{Found, JobEvent, JobMessage};
use crate::app::session::{GameDraft, Kept};
use crate::app::theme;
use crate::app::{layout, view};
use crossterm::event::MouseButton;
use solitaire::engine::at_table::{
    self, Aim, AtTable, Board, DEAL_CAPS, Ranking, SampleBudget, deal_caps,
};
use solitaire::engine::headers::SavedTextError;
use solitaire::games::pyramid::Rules;
use solitaire::games::pyramid::saved::{Draft, SavedDeal, Verdict};
use solitaire::games::pyramid::solver::{Outcome, Report, Stats};
use solitaire::games::pyramid::{Finish, Game, Move, Place, Position};
use solitaire::{Deal, GameKind, Rank};

const WINNABLE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/saved-games/winnable-40-steps.txt"
));
const HOPELESS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/saved-games/hard-no-solution.txt"
));
const TWO_D: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/saved-games/no-solution-2d-under-four-jacks.txt"
));

fn setup(dir: &Path) -> Setup {
    Setup {
        folders: Folders::under(dir),
        themes: theme::built_in(),
        theme: 0,
        ascii: true,
        deal: None,
        deal_text: None,
        game: None,
        warnings: Vec::new(),
        rounds: TEST_ROUNDS,
    }
}

/// A round of a ranking at the table in the tests: a fixed number of deals, few enough for
/// every round to end soon on a busy machine, and no clock, so that what a test sees is the
/// same however loaded the machine is.
pub const TEST_ROUNDS: RoundBudget = RoundBudget {
    deals: 16,
    first_time: None,
    time: None,
};

/// The session of each game, when that game is on screen.
pub trait Sessions {
    fn pyramid(&self) -> &Flow<Pyramid>;
    fn tripeaks(&self) -> &Flow<TriPeaks>;
    fn pyramid_mut(&mut self) -> &mut Flow<Pyramid>;
}

impl Sessions for super::App {
    fn pyramid(&self) -> &Flow<Pyramid> {
        on_screen(self)
    }

    fn tripeaks(&self) -> &Flow<TriPeaks> {
        on_screen(self)
    }

    fn pyramid_mut(&mut self) -> &mut Flow<Pyramid> {
        on_screen_mut(self)
    }
}

/// The session on screen, as the game's session `S` the test expects there.
fn on_screen<S: 'static>(app: &super::App) -> &S {
    app.session
        .as_any()
        .downcast_ref()
        .expect("the game expected is on screen")
}

/// The session on screen, as the game's session `S` the test expects there, to change.
fn on_screen_mut<S: 'static>(app: &mut super::App) -> &mut S {
    app.session
        .as_any_mut()
        .downcast_mut()
        .expect("the game expected is on screen")
}

/// The app with the runner of its effects, as the event loop has them: each event's
/// effects run, and the app's answers to what they did, until none is left.
pub struct TestApp {
    app: super::App,
    runner: Runner,
    /// Where the app keeps its files.
    pub folders: Folders,
}

/// The tests drive the app as the event loop does.
type App = TestApp;

impl TestApp {
    /// The app started on `setup`, as the program starts it; searches send to `send`.
    fn new(setup: Setup, send: mpsc::Sender<Msg>) -> TestApp {
        let folders = setup.folders.clone();
        let (app, runner) = super::App::start(setup, send);
        TestApp {
            app,
            runner,
            folders,
        }
    }

    /// Handles one event, and runs its effects.
    fn update(&mut self, msg: Msg) {
        self.app.handle(msg, &mut self.runner);
    }

    /// The file this app keeps its draft in, once it has one.
    fn draft_path(&self) -> Option<&Path> {
        self.runner.draft_path()
    }
}

impl Deref for TestApp {
    type Target = super::App;

    fn deref(&self) -> &super::App {
        &self.app
    }
}

impl DerefMut for TestApp {
    fn deref_mut(&mut self) -> &mut super::App {
        &mut self.app
    }
}

fn start(dir: &Path) -> (App, Receiver<Msg>) {
    let (send, receive) = mpsc::channel();
    (App::new(setup(dir), send), receive)
}

/// A new app over an empty temporary folder, which lives as long as the returned guard.
fn fresh() -> (tempfile::TempDir, App, Receiver<Msg>) {
    let dir = tempfile::tempdir().unwrap();
    let (app, receive) = start(dir.path());
    (dir, app, receive)
}

fn press(app: &mut App, code: KeyCode) {
    app.update(Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn ctrl(app: &mut App, c: char) {
    app.update(Msg::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::CONTROL,
    )));
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

/// Saves from play or the editor under `name`: Ctrl-S, the name offered rubbed out, `name`
/// typed, Enter.
fn save_named(app: &mut App, name: &str) {
    ctrl(app, 's');
    for _ in 0..40 {
        press(app, KeyCode::Backspace);
    }
    type_text(app, name);
    press(app, KeyCode::Enter);
}

fn deal(text: &str) -> Deal {
    Deal::parse(text).unwrap()
}

/// Feeds the solver's messages to the app until it leaves the solving screen; returns how
/// many progress messages came.
fn finish_solving(app: &mut App, receive: &Receiver<Msg>) -> usize {
    let mut progress = 0;
    while matches!(app.pyramid().screen, Screen::Solving(_)) {
        let msg = receive
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the solver answers");
        if let Msg::Job(JobMessage {
            event: JobEvent::Progress(stats),
            ..
        }) = &msg
        {
            let stats = *stats;
            progress += 1;
            app.update(msg);
            let Screen::Solving(solving) = &app.pyramid().screen else {
                panic!("progress keeps the solving screen")
            };
            assert_eq!(solving.stats, stats);
            continue;
        }
        app.update(msg);
    }
    progress
}

/// Feeds the background work's messages to the app while `waiting` says it waits for one;
/// `answers` says what a test that gets none waited for.
fn feed_while(
    app: &mut App,
    receive: &Receiver<Msg>,
    waiting: impl Fn(&App) -> bool,
    answers: &str,
) {
    while waiting(app) {
        let msg = receive
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect(answers);
        app.update(msg);
    }
}

/// Feeds the solver's messages to the app until it leaves the solving screen, whatever the
/// game.
fn finish(app: &mut App, receive: &Receiver<Msg>) {
    feed_while(app, receive, |app| app.session.busy(), "the solver answers");
}

/// Pastes the deal `text` into the game on screen, solves it and steps `steps` steps into
/// the solution.
fn solve_and_step(app: &mut App, receive: &Receiver<Msg>, text: &str, steps: usize) {
    app.update(Msg::Paste(text.to_string()));
    press(app, KeyCode::Enter);
    finish(app, receive);
    for _ in 0..steps {
        press(app, KeyCode::Right);
    }
}

/// The moves of `position` ranked over a fixed number of deals, whatever the machine's
/// speed, so that the figures are the same on every run.
fn fixed_ranking<P: AtTable>(position: &P) -> Ranking<P::Move> {
    ranking_for(position, &Board, DEAL_CAPS, 20)
}

/// The library's ranking of `position`'s moves for `aim` over the first `deals` deals of the
/// cards not seen that a first round deals (its seed), each solve under `caps`.
fn ranking_for<P: AtTable, A: Aim<P>>(
    position: &P,
    aim: &A,
    caps: solitaire::engine::search::Caps,
    deals: usize,
) -> Ranking<P::Move> {
    let pool = at_table::rest_of_pack(&position.seen());
    let budget = SampleBudget {
        deals,
        time: None,
        threads: 1,
        caps,
        seed: 1,
    };
    at_table::rank_for(position, aim, &pool, &budget, &mut ()).unwrap()
}

/// Asserts that the app's first round of a ranking for the Score challenge `goal` (`ranked`,
/// at `position`) is the library's ranking for that goal on the same deals, and that `h`
/// (pressed by `hint`) names its best move with its chance to reach the target (`target` in
/// words) and its mean points.
#[track_caller]
fn hints_the_score_ranking<P: AtTable>(
    app: &mut App,
    position: &P,
    ranked: &Ranking<P::Move>,
    goal: Goal,
    target: &str,
) where
    Goal: Aim<P>,
    P::Move: std::fmt::Debug,
{
    let library = ranking_for(position, &goal, deal_caps(goal), ranked.deals);
    assert_eq!(ranked.moves, library.moves);
    let best = library.best().expect("a move to rank");
    let points = best.points.expect("a Score ranking counts points");
    press(app, KeyCode::Char('h'));
    says(
        app,
        &format!(
            "Hint (reaches {target}: {}, {}): {}.",
            best.estimate.text(),
            points.mean_text(),
            position.describe(best.mv)
        ),
    );
}

/// Feeds play mode's background checks' messages to the app, on game `G`, until none is
/// running.
fn checks_done<G: GameScreen + 'static>(app: &mut App, receive: &Receiver<Msg>) {
    let running = |app: &App| on_screen::<Flow<G>>(app).check_id().is_some();
    feed_while(app, receive, running, "the check answers");
}

/// What play mode says when a check's end says the hint asked for again, on what the test
/// left known of the position.
fn hint_said_again<G: GameScreen + 'static>(app: &mut App) -> String {
    let mut fx = crate::app::effects::Effects::default();
    on_screen_mut::<Flow<G>>(app).hint_again(&mut fx);
    fx.into_vec()
        .into_iter()
        .filter_map(|effect| match effect {
            crate::app::effects::Effect::Say(_, text) => Some(text),
            _ => None,
        })
        .last()
        .unwrap_or_default()
}

/// How long the first hint at the table takes to show with the app's own rounds
/// ([`RoundBudget::APP`]), five times, each in a new app: from Ctrl-P on `deal`, in the game
/// `switches` presses of Ctrl-G away from Pyramid, with `h` pressed at once, until the status
/// line gives the hint. The worst case of a hint asked for: the check starts with play.
fn first_hint_times(switches: usize, deal: &str) -> Vec<std::time::Duration> {
    (0..5)
        .map(|_| {
            let dir = tempfile::tempdir().unwrap();
            let (send, receive) = mpsc::channel();
            let setup = Setup {
                rounds: RoundBudget::APP,
                ..setup(dir.path())
            };
            let mut app = App::new(setup, send);
            for _ in 0..switches {
                ctrl(&mut app, 'g');
            }
            app.update(Msg::Paste(deal.to_string()));
            let asked = std::time::Instant::now();
            ctrl(&mut app, 'p');
            press(&mut app, KeyCode::Char('h'));
            let waiting = |app: &App| !said(app).starts_with("Hint (");
            feed_while(&mut app, &receive, waiting, "the first hint");
            asked.elapsed()
        })
        .collect()
}

/// Prints how long each first hint took, for the figures in `docs/app.md`. The 1 s target
/// is read from these figures on an idle machine, not asserted: a clock on a shared machine
/// says more of its load than of the app.
fn print_first_hint_times(game: &str, times: &[std::time::Duration]) {
    let millis: Vec<u128> = times.iter().map(std::time::Duration::as_millis).collect();
    println!("{game}: the first hint at the table in {millis:?} ms");
}

/// Feeds Pyramid's play mode checks to the app until none is running.
fn settle(app: &mut App, receive: &Receiver<Msg>) {
    checks_done::<Pyramid>(app, receive);
}

/// Asserts that the status line starts with `start`, and shows what it says when not.
#[track_caller]
fn says(app: &App, start: &str) {
    let said = said(app);
    assert!(said.starts_with(start), "{said}");
}

/// The moves a check ranked and the rounds it ran, and what is known when it ranked none.
#[track_caller]
fn ranked<A: std::fmt::Debug, M: std::fmt::Debug>(
    known: Option<&crate::app::flow::table::Known<A, M>>,
) -> (&solitaire::engine::at_table::Ranking<M>, u32) {
    let Some(crate::app::flow::table::Known::Ranked { ranking, rounds }) = known else {
        panic!("a ranking: {known:?}");
    };
    (ranking, *rounds)
}

/// Asserts that the status line holds `part`, and shows what it says when not.
#[track_caller]
fn says_in(app: &App, part: &str) {
    let said = said(app);
    assert!(said.contains(part), "{said}");
}

/// Asserts that the editor's screen names each of `problems`, and that Enter then refuses to
/// solve.
#[track_caller]
fn refuses_to_solve(app: &mut App, problems: &[&str]) {
    let shown = screen(app, 100, 30);
    for problem in problems {
        assert!(shown.contains(problem), "{shown}");
    }
    press(app, KeyCode::Enter);
    says(app, "Cannot solve yet");
}

/// A mouse event at a cell of the screen.
fn mouse(app: &mut App, kind: MouseEventKind, column: u16, row: u16) {
    app.update(Msg::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }));
}

/// The row on which the 80 by 24 screen lists a solution's step (`" 16. "`).
fn step_row(app: &mut App, step: &str) -> u16 {
    app.update(Msg::Resize(80, 24));
    let shown = screen(app, 80, 24);
    let row = shown.lines().position(|line| line.contains(step));
    row.expect("the step is listed") as u16
}

/// A new app on the editor of `game`.
fn app_on(game: GameKind) -> (tempfile::TempDir, App, Receiver<Msg>) {
    let (dir, mut app, receive) = fresh();
    while app.session.game() != game {
        ctrl(&mut app, 'g');
    }
    (dir, app, receive)
}

/// What the status line says now (nothing when it is empty).
/// The draft the app keeps, read from its file.
fn kept_draft(app: &App) -> GameDraft {
    let path = app.draft_path().expect("the app keeps a draft");
    crate::app::games::read_draft(&std::fs::read_to_string(path).unwrap()).expect("a draft")
}

/// Reads a Pyramid save back, named after its file when it has no name.
fn load(path: &std::path::Path) -> Result<SavedDeal, SavedTextError> {
    let stem = path.file_stem().unwrap().to_string_lossy();
    SavedDeal::parse(&std::fs::read_to_string(path).unwrap(), &stem)
}

fn said(app: &App) -> String {
    app.shell
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default()
}

fn solution(app: &App) -> &Solution<Pyramid> {
    match &app.pyramid().screen {
        Screen::Solution(solution) => solution,
        _ => panic!("not on the solution screen"),
    }
}

/// The screen as text, one line per row, trailing spaces trimmed.
fn screen(app: &App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| view::draw(frame, app)).unwrap();
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..height {
        let mut line = String::new();
        for x in 0..width {
            line.push_str(buffer[(x, y)].symbol());
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

#[test]
fn typing_a_whole_deal_by_keys_makes_it_valid() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _receive) = start(dir.path());
    // Typed as people read it off the file: spaces and new lines are skipped.
    let body: String = WINNABLE
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect::<Vec<_>>()
        .join(" ");
    type_text(&mut app, &body.to_lowercase());
    assert_eq!(app.pyramid().editor.filled(), 52);
    assert_eq!(app.pyramid().editor.deal(), Ok(deal(WINNABLE)));
    assert!(app.pyramid().editor.missing().is_empty());
}

#[test]
fn validation_shows_duplicates_at_both_places_and_what_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _receive) = start(dir.path());
    type_text(&mut app, "Kd Qh Kd z");
    assert_eq!(app.pyramid().editor.filled(), 3);
    assert_eq!(app.pyramid().editor.duplicate_slots(), [0, 2]);
    assert_eq!(app.pyramid().editor.missing().len(), 50);
    let status = app.shell.status.clone().unwrap();
    assert_eq!(status.tone, Tone::Warning);
    assert!(status.text.contains("'z' is not a rank"), "{}", status.text);
    press(&mut app, KeyCode::Enter);
    let status = app.shell.status.clone().unwrap();
    assert!(
        status
            .text
            .starts_with("Cannot solve yet: Kd is there twice"),
        "{}",
        status.text
    );
    assert!(matches!(app.pyramid().screen, Screen::Editor));
}

#[test]
fn arrows_tab_backspace_and_clicks_move_the_cursor() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _receive) = start(dir.path());
    press(&mut app, KeyCode::Down);
    assert_eq!(app.pyramid().editor.cursor, 1);
    press(&mut app, KeyCode::Right);
    assert_eq!(app.pyramid().editor.cursor, 2);
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.pyramid().editor.cursor, 3);
    press(&mut app, KeyCode::BackTab);
    type_text(&mut app, "7c");
    assert_eq!(app.pyramid().editor.slots[2], Some("7c".parse().unwrap()));
    press(&mut app, KeyCode::Backspace);
    assert_eq!(app.pyramid().editor.slots[2], None);
    assert_eq!(app.pyramid().editor.cursor, 2);
    // A click on the first stock slot.
    let area = layout::board_area(app.shell.size);
    let target = board::slot_rects(area)[28];
    app.update(Msg::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: target.x + 1,
        row: target.y,
        modifiers: KeyModifiers::NONE,
    }));
    assert_eq!(app.pyramid().editor.cursor, 28);
}

#[test]
fn key_releases_are_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _receive) = start(dir.path());
    let mut release = KeyEvent::new(KeyCode::Char('k'), KeyModifiers::NONE);
    release.kind = KeyEventKind::Release;
    app.update(Msg::Key(release));
    assert_eq!(app.pyramid().editor.pending, Pending::Nothing);
}

#[test]
fn a_paste_fills_from_the_cursor_and_the_last_card_is_offered() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _receive) = start(dir.path());
    let full = deal(WINNABLE);
    let mut text = full.to_line();
    // Leave the last card out.
    text.truncate(text.len() - 3);
    app.update(Msg::Paste(text));
    assert_eq!(app.pyramid().editor.filled(), 51);
    assert_eq!(
        app.pyramid().editor.fill_offer(),
        Some((51, full.cards()[51]))
    );
    ctrl(&mut app, 'f');
    assert_eq!(app.pyramid().editor.deal(), Ok(full));
}

#[test]
fn solving_shows_progress_then_the_solution_and_stepping_back_restores_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, receive) = start(dir.path());
    app.update(Msg::Paste(WINNABLE.to_string()));
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.pyramid().screen, Screen::Solving(_)));
    app.update(Msg::Tick);
    assert!(
        finish_solving(&mut app, &receive) >= 1,
        "at least one progress message"
    );
    let start = Position::new(&deal(WINNABLE), Rules::default());
    assert_eq!(solution(&app).moves.len(), 40);
    assert_eq!(solution(&app).position(), &start);
    assert_eq!(app.pyramid().own.verdict, Verdict::Solved(40));
    for _ in 0..45 {
        press(&mut app, KeyCode::Right);
    }
    assert_eq!(solution_step(&app), 40);
    assert!(solution(&app).position().is_cleared());
    for _ in 0..20 {
        press(&mut app, KeyCode::Left);
    }
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(solution_step(&app), 19);
    press(&mut app, KeyCode::Home);
    assert_eq!(solution(&app).position(), &start);
    press(&mut app, KeyCode::End);
    assert_eq!(solution_step(&app), 40);
    for _ in 0..40 {
        press(&mut app, KeyCode::Char('h'));
    }
    assert_eq!(solution(&app).position(), &start);
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.pyramid().screen, Screen::Editor));
    assert_eq!(app.pyramid().editor.deal(), Ok(deal(WINNABLE)));
}

fn solution_step(app: &App) -> usize {
    solution(app).step
}

#[test]
fn the_rules_chosen_by_keys_are_shown_and_solved_under() {
    let (_dir, mut app, receive) = fresh();
    app.update(Msg::Paste(WINNABLE.to_string()));
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(said(&app), "Rules: 1 pass through the stock.");
    press(&mut app, KeyCode::Char('x'));
    press(&mut app, KeyCode::Char('e'));
    assert_eq!(
        said(&app),
        "Rules: 1 pass through the stock, relaxed pairing, clear all 52."
    );
    let wide = screen(&app, 120, 30);
    assert!(
        wide.contains("1 pass · a card pairs with its cover · clear all 52 cards"),
        "{wide}"
    );
    let narrow = screen(&app, 80, 24);
    let title = narrow.lines().next().unwrap_or_default();
    assert!(title.ends_with("Pyramid · 1 pass"), "{narrow}");
    press(&mut app, KeyCode::Enter);
    finish_solving(&mut app, &receive);
    let rules = app.pyramid().editor.marks.rules;
    assert!(rules.relaxed && rules.finish == Finish::AllCards);
    let expected =
        solitaire::games::pyramid::solver::solve(&Position::new(&deal(WINNABLE), rules), &mut ());
    assert_eq!(solution(&app).positions[0].rules(), rules);
    match expected.outcome {
        Outcome::Solved(moves) => {
            assert_eq!(solution(&app).moves.len(), moves.len());
            let end = solution(&app).positions.last().unwrap();
            assert!(end.is_won() && end.stock_len() == 0, "all 52 cards went");
        }
        _ => assert!(!solution(&app).found.solvable),
    }
}

#[test]
fn a_challenge_and_the_all_cards_goal_refuse_each_other() {
    let (_dir, mut app, _receive) = fresh();
    app.update(Msg::Paste(WINNABLE.to_string()));
    press(&mut app, KeyCode::Char('e'));
    // A Score challenge is not played to all 52 cards: the dialog refuses it.
    press(&mut app, KeyCode::Char('g'));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Enter);
    assert!(
        said(&app).contains("clearing all 52 cards is for the Board challenge"),
        "{:?}",
        app.shell.status
    );
    assert_eq!(app.pyramid().goal, Goal::Board);
    // Back to the pyramid, the challenge is taken, with relaxed pairing; then the goal key
    // refuses to leave the pyramid.
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('e'));
    press(&mut app, KeyCode::Char('x'));
    press(&mut app, KeyCode::Char('g'));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.pyramid().goal, Goal::Score { .. }));
    assert!(app.pyramid().editor.marks.rules.relaxed);
    press(&mut app, KeyCode::Char('e'));
    assert_eq!(app.pyramid().editor.marks.rules.finish, Finish::Pyramid);
    assert!(said(&app).starts_with("Not with this challenge"));
}

#[test]
fn escape_cancels_a_solve_and_keeps_the_deal() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, receive) = start(dir.path());
    app.update(Msg::Paste(HOPELESS.to_string()));
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.pyramid().screen, Screen::Editor));
    assert_eq!(app.pyramid().editor.deal(), Ok(deal(HOPELESS)));
    // The job's last word arrives and changes nothing.
    loop {
        let msg = receive
            .recv_timeout(std::time::Duration::from_secs(60))
            .unwrap();
        let last = matches!(&msg, Msg::Job(m) if matches!(m.event, JobEvent::Done(_)));
        app.update(msg);
        if last {
            break;
        }
    }
    assert!(matches!(app.pyramid().screen, Screen::Editor));
    assert_eq!(app.pyramid().own.verdict, Verdict::Unsolved);
}

#[test]
fn a_deal_without_solution_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, receive) = start(dir.path());
    solve_and_step(&mut app, &receive, TWO_D, 0);
    let answer = solution(&app);
    assert!(!answer.found.solvable);
    assert!(
        answer
            .found
            .reason
            .as_deref()
            .unwrap()
            .contains("all four Jacks")
    );
    assert_eq!(app.pyramid().own.verdict, Verdict::NoSolution);
}

#[test]
fn save_then_open_gives_the_same_deal_back() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _receive) = start(dir.path());
    // A deal with a duplicate is not saved, and says so.
    type_text(&mut app, "AhAh");
    ctrl(&mut app, 's');
    assert!(app.shell.overlay.is_none());
    assert!(said(&app).starts_with("Cannot save yet"));
    ctrl(&mut app, 'n');
    ctrl(&mut app, 'n');
    app.update(Msg::Paste(WINNABLE.to_string()));
    ctrl(&mut app, 's');
    let Some(Overlay::Save(SaveDialog {
        name: default_name, ..
    })) = app.shell.overlay.clone()
    else {
        panic!("the save dialog opens")
    };
    assert!(
        default_name.text().starts_with("deal 20"),
        "{default_name:?}"
    );
    for _ in 0..default_name.text().len() {
        press(&mut app, KeyCode::Backspace);
    }
    type_text(&mut app, "Sunday game");
    press(&mut app, KeyCode::Enter);
    assert!(app.shell.overlay.is_none());
    assert_eq!(app.shell.status.clone().unwrap().tone, Tone::Success);
    let path = dir.path().join("saves/sunday-game.txt");
    assert_eq!(
        deal(&std::fs::read_to_string(&path).unwrap()),
        deal(WINNABLE)
    );

    ctrl(&mut app, 'n');
    assert_eq!(
        app.pyramid().editor.filled(),
        0,
        "a saved deal is cleared at once"
    );
    ctrl(&mut app, 'o');
    type_text(&mut app, "sunday");
    let Some(Overlay::Open(dialog)) = &app.shell.overlay else {
        panic!("the open dialog opens")
    };
    assert_eq!(dialog.visible().len(), 1);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.pyramid().editor.deal(), Ok(deal(WINNABLE)));
    assert_eq!(app.name.as_deref(), Some("Sunday game"));
}

#[test]
fn ctrl_n_asks_before_dropping_typed_cards() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _receive) = start(dir.path());
    type_text(&mut app, "Ah2h");
    ctrl(&mut app, 'n');
    assert_eq!(app.pyramid().editor.filled(), 2);
    press(&mut app, KeyCode::Right);
    assert!(app.confirm.is_some(), "an arrow answers nothing");
    press(&mut app, KeyCode::Esc);
    assert!(app.confirm.is_none(), "Esc answers no");
    ctrl(&mut app, 'n');
    assert_eq!(
        app.pyramid().editor.filled(),
        2,
        "asked again after an answer"
    );
    ctrl(&mut app, 'n');
    assert_eq!(app.pyramid().editor.filled(), 0);
}

#[test]
fn the_draft_comes_back_on_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _receive) = start(dir.path());
    type_text(&mut app, "Ah2h3h");
    drop(app);
    let (app, _receive) = start(dir.path());
    assert_eq!(app.pyramid().editor.filled(), 3);
    assert_eq!(app.pyramid().editor.cursor, 3);
    assert!(said(&app).starts_with("Restored"));
}

#[test]
fn a_broken_user_theme_warns_and_the_default_is_used() {
    let dir = tempfile::tempdir().unwrap();
    let themes = Folders::under(dir.path()).themes();
    std::fs::create_dir_all(&themes).unwrap();
    std::fs::write(themes.join("mine.toml"), "cursor = \"nope\"\n").unwrap();
    let (found, errors) = theme::available(&themes);
    let mut setup = setup(dir.path());
    setup.themes = found;
    setup.warnings = errors.iter().map(ToString::to_string).collect();
    let (send, _receive) = mpsc::channel();
    let mut app = App::new(setup, send);
    let status = app.shell.status.clone().unwrap();
    assert_eq!(status.tone, Tone::Warning);
    assert!(
        status.text.contains("mine.toml:1: key 'cursor'"),
        "{}",
        status.text
    );
    assert_eq!(app.theme().name, "default");
    for expected in ["light", "high-contrast", "four-colour", "default"] {
        ctrl(&mut app, 't');
        assert_eq!(app.theme().name, expected);
    }
}

#[test]
fn quitting_works_from_everywhere_but_q_types_a_queen_in_the_editor() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _receive) = start(dir.path());
    press(&mut app, KeyCode::Char('q'));
    assert!(!app.quitting());
    press(&mut app, KeyCode::F(1));
    assert_eq!(app.shell.overlay, Some(Overlay::Help(0)));
    ctrl(&mut app, 'q');
    assert!(app.quitting());
}

#[test]
fn no_key_sequence_panics() {
    // A fixed pseudo-random walk over every kind of key, on every screen.
    let dir = tempfile::tempdir().unwrap();
    let (mut app, receive) = start(dir.path());
    app.update(Msg::Paste(WINNABLE.to_string()));
    let keys = [
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::Tab,
        KeyCode::BackTab,
        KeyCode::Backspace,
        KeyCode::Delete,
        KeyCode::F(1),
        KeyCode::Char('?'),
        KeyCode::Char('k'),
        KeyCode::Char('1'),
        KeyCode::Char('h'),
        KeyCode::Char(' '),
        KeyCode::Char('d'),
        KeyCode::Char('u'),
        KeyCode::Char('U'),
        KeyCode::Char('s'),
        KeyCode::Char('p'),
        KeyCode::Char('-'),
        KeyCode::Char('w'),
        KeyCode::Char('v'),
    ];
    let mut seed: u64 = 7;
    for _ in 0..3000 {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let pick = (seed >> 33) as usize;
        if pick.is_multiple_of(23) {
            let c = ['s', 'o', 't', 'f', 'p'][pick / 23 % 5];
            ctrl(&mut app, c);
        } else {
            press(&mut app, keys[pick % keys.len()]);
        }
        while let Ok(msg) = receive.try_recv() {
            app.update(msg);
        }
        let _ = screen(&app, 80, 24);
    }
}

mod play;

mod snapshots {
    use super::*;

    fn solved(text: &str) -> (tempfile::TempDir, App) {
        let (dir, mut app, receive) = fresh();
        app.update(Msg::Paste(text.to_string()));
        press(&mut app, KeyCode::Enter);
        finish_solving(&mut app, &receive);
        app.shell.status = None;
        (dir, app)
    }

    #[test]
    fn editor_empty() {
        let (_dir, app, _receive) = fresh();
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn editor_with_a_duplicate() {
        let (_dir, mut app, _receive) = fresh();
        type_text(
            &mut app,
            "4d 8h 8s Jc 6h 7c Tc 3c 9c 9s 5d 3h Qd 6d 4c 5s 2d 4d",
        );
        type_text(&mut app, "K");
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn editor_with_suit_symbols() {
        let (_dir, mut app, _receive) = fresh();
        app.ascii = false;
        type_text(&mut app, "4d 8h 8s Jc 6h 7c");
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn solving() {
        let (_dir, mut app, _receive) = fresh();
        app.update(Msg::Paste(HOPELESS.to_string()));
        press(&mut app, KeyCode::Enter);
        app.shell.status = None;
        let Screen::Solving(solving) = &mut app.pyramid_mut().screen else {
            panic!("solving")
        };
        // Fixed figures: the real ones depend on the machine.
        solving.stats = Stats {
            expanded: 1_234_567,
            frontier: 8_910,
            bound: 42,
            ..Stats::default()
        };
        solving.elapsed = std::time::Duration::from_millis(1500);
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn solution_mid_way() {
        let (_dir, mut app) = solved(WINNABLE);
        for _ in 0..12 {
            press(&mut app, KeyCode::Right);
        }
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn no_solution() {
        let (_dir, app) = solved(TWO_D);
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn help() {
        let (_dir, mut app, _receive) = fresh();
        press(&mut app, KeyCode::Char('?'));
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn open_dialog() {
        let (_dir, mut app, _receive) = fresh();
        ctrl(&mut app, 'o');
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn too_small() {
        let (_dir, app, _receive) = fresh();
        insta::assert_snapshot!(screen(&app, 60, 15));
    }
}

mod challenges;
mod deal_and_copy;
mod dialogs;
mod drafts;
mod effects;
mod first_use;
mod fits;
mod forms;
mod half_typed;
mod keys;
mod klondike;
mod opening;
mod pasted;
mod perfect_pair;
mod pictures;
mod properties;
mod pyramid_table;
mod reported;
mod saves;
mod screens;
mod tripeaks;
mod triple_klondike;

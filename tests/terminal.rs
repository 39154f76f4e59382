//! The real binary in a pseudo-terminal: type a deal, solve it, step, save, quit; the screen
//! is read through a terminal emulator.

#![allow(clippy::unwrap_used)]

mod common;

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

struct Session {
    screen: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    /// The terminal's side held open, so that its modes can be read after the app ends.
    master: Box<dyn portable_pty::MasterPty + Send>,
}

impl Session {
    fn send(&mut self, text: &str) {
        self.writer.write_all(text.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    fn contents(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits until the screen shows `text`.
    fn wait_for(&self, text: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if self.contents().contains(text) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!(
            "the screen never showed {text:?}; it shows:\n{}",
            self.contents()
        );
    }
}

/// Starts the app in a 100x30 pseudo-terminal with its folders under `dir`.
fn spawn(
    dir: &std::path::Path,
    args: &[&str],
) -> (Session, Box<dyn portable_pty::Child + Send + Sync>) {
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: 30,
            cols: 100,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_pyramid"));
    command.args(["--ascii", "--saves"]);
    command.arg(dir.join("saves"));
    command.arg("--config");
    command.arg(dir.join("config"));
    command.args(args);
    command.env("TERM", "xterm-256color");
    let child = pty.slave.spawn_command(command).unwrap();
    drop(pty.slave);

    let screen = Arc::new(Mutex::new(vt100::Parser::new(
        30.try_into().unwrap(),
        100.try_into().unwrap(),
        0,
    )));
    let mut reader = pty.master.try_clone_reader().unwrap();
    let sink = Arc::clone(&screen);
    std::thread::spawn(move || {
        let mut buffer = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buffer) {
            if n == 0 {
                break;
            }
            sink.lock().unwrap().process(&buffer[..n]);
        }
    });
    let session = Session {
        screen,
        writer: pty.master.take_writer().unwrap(),
        master: pty.master,
    };
    (session, child)
}

/// Saves the game on screen under `name` (Ctrl-S, the default name cleared first), waits for
/// the app to say `said`, and quits: every run that reopens a save gets there so.
fn save_and_quit(
    session: &mut Session,
    child: &mut Box<dyn portable_pty::Child + Send + Sync>,
    name: &str,
    said: &str,
) {
    session.send("\x13");
    session.wait_for("Save the game");
    session.send(&"\x7f".repeat(40));
    session.send(&format!("{name}\r"));
    session.wait_for(said);
    quit(session, child);
}

/// Sends Ctrl-Q and checks the app ends well and leaves the alternate screen.
fn quit(session: &mut Session, child: &mut Box<dyn portable_pty::Child + Send + Sync>) {
    session.send("\x11");
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the app did not quit");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
    // The last bytes may still be on their way to the reader: wait for them, not a fixed time.
    wait_for_alternate(session, false);
}

#[test]
fn type_solve_step_play_save_quit_and_reopen_in_a_real_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let (mut session, mut child) = spawn(dir.path(), &[]);

    session.wait_for("Enter the deal");
    let text = std::fs::read_to_string(common::data("winnable-40-steps.txt")).unwrap();
    session.send(&text.split_whitespace().collect::<Vec<_>>().join(" "));
    session.wait_for("52/52 cards");
    session.wait_for("A valid deal");

    session.send("\r");
    session.wait_for("Solved in 40 steps");
    session.wait_for("step 0 of 40");
    session.send("\x1b[C\x1b[C\x1b[C");
    session.wait_for("step 3 of 40");
    session.send("\x1b[D");
    session.wait_for("step 2 of 40");

    // Play on from step 2; a hint, then the hinted move.
    session.send("p");
    session.wait_for("2 moves played");
    session.wait_for("Winnable: 38 more steps");
    session.send("h");
    session.wait_for("Hint: ");
    session.send("h");
    session.wait_for("3 moves played");
    session.wait_for("Winnable: 37 more steps");

    // Ctrl-S, clear the suggested name, type one.
    save_and_quit(&mut session, &mut child, "pty game", "Saved with 3 moves");

    let path = dir.path().join("saves/pty-game.txt");
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("# name: pty game"));
    assert!(saved.contains("# result: solved in 40 steps"));
    let deal = solitaire::Deal::parse(&saved).unwrap();
    assert_eq!(deal, solitaire::Deal::parse(&text).unwrap());

    // Reopened, the game stands where it was, with its moves to undo.
    let (mut session, mut child) = spawn(dir.path(), &[path.to_str().unwrap()]);
    session.wait_for("3 moves played");
    session.wait_for("Winnable: 37 more steps");
    session.send("u");
    session.wait_for("2 moves played, 1 to redo");
    quit(&mut session, &mut child);
}

#[test]
fn the_theme_chosen_is_kept_for_the_next_start_and_a_broken_config_only_warns() {
    let dir = tempfile::tempdir().unwrap();
    let (mut session, mut child) = spawn(dir.path(), &[]);
    session.wait_for("theme: default");
    session.send("\x14");
    session.wait_for("theme: light");
    quit(&mut session, &mut child);
    let config = dir.path().join("config/config.toml");
    assert!(std::fs::read_to_string(&config).unwrap().contains("light"));

    let (mut session, mut child) = spawn(dir.path(), &[]);
    session.wait_for("theme: light");
    quit(&mut session, &mut child);

    std::fs::write(&config, "theme = [\n").unwrap();
    let (mut session, mut child) = spawn(dir.path(), &[]);
    session.wait_for("theme: default");
    session.wait_for("Preferences not read");
    quit(&mut session, &mut child);
}

#[test]
fn a_deal_file_with_a_duplicate_opens_in_the_editor_rather_than_failing() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(common::data("winnable-40-steps.txt")).unwrap();
    let path = dir.path().join("dup.txt");
    std::fs::write(&path, text.replacen("7s", "3c", 1)).unwrap();
    let (mut session, mut child) = spawn(dir.path(), &[path.to_str().unwrap()]);
    session.wait_for("problems to fix");
    session.wait_for("52/52");
    quit(&mut session, &mut child);
}

/// A fixture with its `# game:` line taken out, as a file typed by hand has none.
fn without_game_line(name: &str) -> String {
    let text = std::fs::read_to_string(common::data(name)).unwrap();
    text.lines()
        .filter(|line| !line.starts_with("# game:"))
        .flat_map(|line| [line, "\n"])
        .collect()
}

#[test]
fn game_klondike_opens_a_table_or_deal_with_problems_in_the_editor_as_its_header_does() {
    let dir = tempfile::tempdir().unwrap();
    // A position with Kc twice, and a deal with its first card typed twice.
    let table =
        without_game_line("klondike-position.txt").replace("pile 6: Kh Qc", "pile 6: Kh Kc");
    let deal = without_game_line("klondike-winnable.txt").replacen("\nJh 9c\n", "\n8s 9c\n", 1);
    for (name, text) in [("table.txt", table), ("deal.txt", deal)] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let (mut session, mut child) =
            spawn(dir.path(), &["--game", "klondike", path.to_str().unwrap()]);
        session.wait_for("with problems to fix");
        session.wait_for("Klondike");
        quit(&mut session, &mut child);
    }
}

#[test]
fn an_unfinished_deal_saved_from_the_app_opens_into_the_editor() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("# name: half way\n# unfinished: 3/52 cards\n");
    text.push_str("Ah 2h 3h");
    text.push_str(&" ..".repeat(49));
    let path = dir.path().join("half-way.txt");
    std::fs::write(&path, text).unwrap();
    let (mut session, mut child) = spawn(dir.path(), &[path.to_str().unwrap()]);
    session.wait_for("go on typing");
    session.wait_for("3/52");
    // Named by its header, as the Open dialog names it, not by its file.
    session.wait_for("half way");
    quit(&mut session, &mut child);
}

#[test]
fn a_saved_game_pasted_with_cr_line_ends_lands_whole() {
    let dir = tempfile::tempdir().unwrap();
    let (mut session, mut child) = spawn(dir.path(), &[]);
    session.wait_for("Enter the deal");
    // Terminals and tmux send a paste's line ends as CR; the headers must not swallow the deal.
    let text = std::fs::read_to_string(common::data("winnable-40-steps.txt")).unwrap();
    let pasted = format!("# name: pasted\n{text}").replace('\n', "\r");
    session.send(&format!("\x1b[200~{pasted}\x1b[201~"));
    session.wait_for("52/52 cards");
    session.wait_for("A valid deal");
    session.send("\r");
    session.wait_for("Solved in 40 steps");
    quit(&mut session, &mut child);
}

#[test]
fn a_tripeaks_game_typed_solved_stepped_saved_and_reopened_in_a_real_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let (mut session, mut child) = spawn(dir.path(), &["--game", "tripeaks"]);
    session.wait_for("the peaks row by row");
    // The deal as MSC shows it: the peaks' backs as `?`, the bottom row, the waste card and
    // the stock (drawn one by one in the game, typed here as they turn up).
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/saved-games/tripeaks-clears-43-steps.txt"
    ));
    let deal = solitaire::Deal::parse_as(text, solitaire::GameKind::TriPeaks).unwrap();
    let typed: Vec<String> = (0..52)
        .map(|slot| {
            if slot < 18 {
                "?".to_string()
            } else {
                deal.card(slot).unwrap().to_string()
            }
        })
        .collect();
    session.send(&typed.join(" "));
    session.wait_for("52/52 cards");
    session.wait_for("18 cards not seen yet (??)");

    session.send("\r");
    session.wait_for("Not definitive");
    session.wait_for("step 0 of");
    session.send("\x1b[C\x1b[C");
    session.wait_for("step 2 of");

    // Play on from step 2, then save.
    session.send("p");
    session.wait_for("2 moves played");
    save_and_quit(&mut session, &mut child, "pty peaks", "Saved with 2 moves");

    let path = dir.path().join("saves/pty-peaks.txt");
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("# game: tripeaks"), "{saved}");
    assert!(saved.contains("??"), "{saved}");

    // Reopened, the game stands where it was.
    let (mut session, mut child) = spawn(dir.path(), &[path.to_str().unwrap()]);
    session.wait_for("2 moves played");
    session.send("u");
    session.wait_for("1 move played, 1 to redo");
    quit(&mut session, &mut child);
}

#[test]
fn a_klondike_game_at_the_table_typed_played_saved_and_reopened_in_a_real_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let (mut session, mut child) = spawn(dir.path(), &["--game", "klondike"]);
    session.wait_for("Type the deal pile by pile");
    // The deal as a player sees it: each pile's face-down cards as `?`, its top card, and
    // the stock.
    let text = std::fs::read_to_string(common::data("klondike-winnable.txt")).unwrap();
    let deal = solitaire::games::klondike::formats::read(&text, None)
        .unwrap()
        .deal()
        .unwrap();
    let mut typed = Vec::new();
    for pile in 0..7 {
        typed.extend(std::iter::repeat_n("?".to_string(), pile));
        typed.push(deal.pile(pile)[pile].unwrap().to_string());
    }
    typed.extend(deal.stock().iter().map(|card| card.unwrap().to_string()));
    session.send(&typed.join(" "));
    session.wait_for("52/52 cards");
    session.wait_for("21 cards not seen yet");
    session.wait_for("A valid deal");

    // Play: f sends pile 7's Ad up, which turns up a card not known; it is typed in.
    session.send("\x10");
    session.wait_for("0 moves played");
    session.send("f");
    session.wait_for("turned up on pile 7: type it");
    session.send("8d");
    session.wait_for("8d typed in at pile 7, card 6 from the bottom");
    // The hint ranks the moves at the table.
    session.wait_for("Best chance to win");
    session.send("h");
    session.wait_for("Hint (");
    session.send("d");
    session.wait_for("2 moves played");

    save_and_quit(
        &mut session,
        &mut child,
        "pty klondike",
        "Saved with 2 moves",
    );

    let path = dir.path().join("saves/pty-klondike.txt");
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("# game: klondike"), "{saved}");
    assert!(saved.contains("# moves: Ad>f draw\n"), "{saved}");
    // The card typed in is in the deal now; the cards not seen yet are still `??`.
    assert_eq!(saved.matches("??").count(), 20, "{saved}");

    // Reopened, the game stands where it was, with its moves to undo.
    let (mut session, mut child) = spawn(dir.path(), &[path.to_str().unwrap()]);
    session.wait_for("2 moves played");
    session.send("u");
    session.wait_for("1 move played, 1 to redo");
    quit(&mut session, &mut child);
}

#[test]
fn a_klondike_game_under_way_pasted_solved_played_saved_and_reopened_in_a_real_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let (mut session, mut child) = spawn(dir.path(), &["--game", "klondike"]);
    session.wait_for("Type the deal pile by pile");
    // A game under way, eight face-down cards not known, pasted as a position text.
    let text = std::fs::read_to_string(common::data("klondike-position-unknowns.txt")).unwrap();
    session.send(&format!("\x1b[200~{}\x1b[201~", text.replace('\n', "\r")));
    session.wait_for("8 cards not seen yet (??)");
    session.wait_for("A valid table");
    // Solved: the moves that turn a card up; played from their end, the card is asked for.
    session.send("\r");
    session.wait_for("Undecided: 8 cards not known");
    session.send("\x1b[F");
    session.send("p");
    session.wait_for("Type the card turned up on pile 5");
    session.send("8c");
    session.wait_for("8c typed in on pile 5");
    save_and_quit(
        &mut session,
        &mut child,
        "pty under way",
        "Saved with 6 moves",
    );
    let path = dir.path().join("saves/pty-under-way.txt");
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("pile 5: ?? ?? ?? 8c / Qs\n"), "{saved}");
    // Reopened, the game stands where it was, with its moves to undo.
    let (mut session, mut child) = spawn(dir.path(), &[path.to_str().unwrap()]);
    session.wait_for("6 moves played");
    session.send("u");
    session.wait_for("5 moves played, 1 to redo");
    quit(&mut session, &mut child);
}

/// The screen's text on one line, its rows joined and its runs of spaces made one: a
/// message wrapped over two rows reads whole.
fn one_line(screen: &str) -> String {
    screen.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The words after "turned up " while the status line asks for a card turned up, whether in
/// the move's own words or after another key met the card waiting.
fn waiting_place(text: &str) -> Option<&str> {
    [
        "card not known turned up ",
        "First type the card turned up ",
    ]
    .iter()
    .find_map(|asks| text.split_once(asks).map(|(_, after)| after))
}

/// Follows the hints to the end of the game (`h` shows the best move, `h` again plays it),
/// typing each card not known as the app asks for it, the card `truth` gives for the words
/// after "turned up " ("at tableau row 3, ...: type it"), until the status says one of
/// `ends`; the moves played.
fn hint_to_the_end(
    session: &mut Session,
    mut truth: impl FnMut(&str) -> String,
    ends: &[&str],
) -> usize {
    let ended = |session: &Session| {
        let text = one_line(&session.contents());
        ends.iter().any(|end| text.contains(end))
    };
    for played in 1..200 {
        let count = if played == 1 {
            "1 move played".to_string()
        } else {
            format!("{played} moves played")
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut asked: Option<Instant> = None;
        loop {
            let screen = session.contents();
            assert!(Instant::now() < deadline, "no move {played}: {screen}");
            if screen.contains(&count) {
                break;
            }
            if ended(session) {
                return played - 1;
            }
            // `h` shows the hint, and again plays it; a hint asked for also shows by itself
            // when its check ends, so `h` is pressed again only when one shows or after a
            // long wait. One key at a time: the next waits until this one has changed the
            // screen, so that none plays a hint not read here yet.
            if screen.contains("h again plays it")
                || asked.is_none_or(|at| at.elapsed() > Duration::from_secs(10))
            {
                session.send("h");
                asked = Some(Instant::now());
                let changed = Instant::now() + Duration::from_secs(2);
                while Instant::now() < changed && session.contents() == screen {
                    std::thread::sleep(Duration::from_millis(20));
                }
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        // A move may turn up two cards: each is asked for in turn. Under load an `h` sent
        // before the move showed may meet the card waiting, and the status line then says
        // "First type the card turned up ..." in place of the move's own words.
        let mut text = one_line(&session.contents());
        while let Some(after) = waiting_place(&text) {
            let card = truth(after);
            session.send(&card);
            session.wait_for(&format!("{card} typed in at"));
            text = one_line(&session.contents());
        }
        if ended(session) {
            return played;
        }
    }
    panic!("the game never ended: {}", session.contents());
}

#[test]
fn a_tripeaks_deal_played_at_the_table_to_the_end_in_a_real_terminal() {
    use solitaire::games::tripeaks::layout::place_name;
    let dir = tempfile::tempdir().unwrap();
    let (mut session, mut child) = spawn(dir.path(), &["--game", "tripeaks"]);
    session.wait_for("Type the deal as MSC shows it");
    // As MSC deals it, the stock seen: rows 1 to 3 face down.
    let text = std::fs::read_to_string(format!(
        "{}/saved-games/tripeaks-clears-43-steps.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let deal = solitaire::Deal::parse_as(&text, solitaire::GameKind::TriPeaks).unwrap();
    let typed: Vec<String> = (0..52)
        .map(|slot| match deal.card(slot) {
            Some(_) if slot < 18 => "?".to_string(),
            Some(card) => card.to_string(),
            None => unreachable!("a whole deal"),
        })
        .collect();
    session.send(&typed.join(" "));
    session.wait_for("18 cards not seen yet (??)");
    session.send("\x10");
    session.wait_for("0 moves played");
    let places: Vec<(usize, String)> = (0..18).map(|slot| (slot, place_name(slot))).collect();
    let played = hint_to_the_end(
        &mut session,
        |after| {
            let (slot, _) = places
                .iter()
                .find(|(_, place)| after.starts_with(&format!("at {place}:")))
                .unwrap_or_else(|| panic!("a place of the deal: {after}"));
            deal.card(*slot).unwrap().to_string()
        },
        &[
            "The tableau is cleared!",
            "No move is left",
            "The game is over",
        ],
    );
    save_and_quit(
        &mut session,
        &mut child,
        "pty table peaks",
        &format!("Saved with {played} moves"),
    );
    let saved = std::fs::read_to_string(dir.path().join("saves/pty-table-peaks.txt")).unwrap();
    assert!(saved.contains("# game: tripeaks"), "{saved}");
}

#[test]
fn a_pyramid_deal_played_at_the_table_to_the_end_in_a_real_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let (mut session, mut child) = spawn(dir.path(), &[]);
    session.wait_for("Enter the deal");
    // The 40-step deal as a player sees it: the pyramid, and the stock face down.
    let deal = common::deal("winnable-40-steps.txt");
    let typed: Vec<String> = (0..52)
        .map(|slot| {
            if slot < 28 {
                deal.cards()[slot].to_string()
            } else {
                "?".to_string()
            }
        })
        .collect();
    session.send(&typed.join(" "));
    session.wait_for("24 cards not seen yet (??)");
    session.send("\x10");
    session.wait_for("Ranking the moves");
    // On the first pass the stock is drawn from its top: the n-th card asked for is stock
    // card n. Later passes go round cards already seen.
    let mut drawn = 28;
    let played = hint_to_the_end(
        &mut session,
        |after| {
            assert!(after.starts_with("on the waste:"), "{after}");
            drawn += 1;
            deal.cards()[drawn - 1].to_string()
        },
        &["is cleared", "No move is left", "No move wins from here"],
    );
    assert_eq!(drawn, 52, "every stock card was typed in as it was drawn");
    save_and_quit(
        &mut session,
        &mut child,
        "pty table pyramid",
        &format!("Saved with {played} moves"),
    );
    let saved = std::fs::read_to_string(dir.path().join("saves/pty-table-pyramid.txt")).unwrap();
    assert!(!saved.contains("??"), "every card typed in: {saved}");
}

#[test]
fn a_triple_klondike_deal_opened_solved_stepped_saved_and_reopened_in_a_real_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let deal = common::data("triple-klondike-seed-7.txt");
    let (mut session, mut child) = spawn(dir.path(), &[deal.as_str()]);
    session.wait_for("A valid deal");
    session.wait_for("search   5 s (t)");
    // The shortest search: t goes 5, 10, 30, 60, then round to 1 s.
    session.send("tttt");
    session.wait_for("A search runs for 1 s.");
    session.send("\r");
    session.wait_for("→ steps through it.");
    session.wait_for("step 0 of");
    session.send("\x1b[C\x1b[C");
    session.wait_for("step 2 of");
    session.wait_for("Next (3): ");

    save_and_quit(
        &mut session,
        &mut child,
        "pty triple",
        "Saved with its line of",
    );

    let path = dir.path().join("saves/pty-triple.txt");
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.starts_with("# game: triple-klondike\n"), "{saved}");
    assert!(saved.contains("# moves: "), "{saved}");

    // Reopened, the line saved is on screen from its start.
    let (mut session, mut child) = spawn(dir.path(), &[path.to_str().unwrap()]);
    session.wait_for("the line saved");
    session.wait_for("step 0 of");
    session.send("\x1b[C");
    session.wait_for("step 1 of");
    quit(&mut session, &mut child);
}

#[test]
fn a_perfect_pair_layout_typed_solved_stepped_played_saved_and_reopened_in_a_real_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let (mut session, mut child) = spawn(dir.path(), &["--game", "perfect-pair"]);
    session.wait_for("Type the hand row by row");
    // A layout of its own: one row of one place a side (x takes rows away, - places), then
    // a second row under it with a place added on its right.
    session.send("xxx------7h-----6c");
    session.wait_for("2/2 cards");
    session.send("nQs]Ad");
    session.wait_for("4/4 cards");
    session.wait_for("A valid hand, 2 perfect matches possible.");

    session.send("\r");
    session.wait_for("Can be cleared: the fewest free-cell uses that clear it are 0.");
    session.wait_for("step 0 of 2");
    session.send("\x1b[C");
    session.wait_for("step 1 of 2");

    // Play on from step 1: the pair left is played by the cursor (its left card, then the
    // right one beside it), then saved.
    session.send("p");
    session.wait_for("1 move played");
    session.send("\r");
    session.wait_for("chosen: now a card");
    session.send("\x1b[C\r");
    session.wait_for("2 moves played");
    session.wait_for("The hand is over: ");
    save_and_quit(&mut session, &mut child, "pty pairs", "Saved with 2 moves");

    let path = dir.path().join("saves/pty-pairs.txt");
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("# game: perfect-pair"), "{saved}");
    assert!(
        saved.contains("row 1: 7h | 6c\nrow 2: Qs | Ad\n"),
        "{saved}"
    );
    assert!(
        saved.contains("7h+6c") && saved.contains("Qs+Ad"),
        "{saved}"
    );

    // Reopened, the hand stands where it was, with its moves to undo.
    let (mut session, mut child) = spawn(dir.path(), &[path.to_str().unwrap()]);
    session.wait_for("2 moves played");
    session.send("u");
    session.wait_for("1 move played, 1 to redo");
    quit(&mut session, &mut child);
}

/// Waits until the app's process is stopped (`T` in `ps`), or running again.
#[cfg(unix)]
fn wait_until_stopped(pid: u32, stopped: bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let state = std::process::Command::new("ps")
            .args(["-o", "stat=", "-p", &pid.to_string()])
            .output()
            .unwrap();
        let state = String::from_utf8_lossy(&state.stdout).trim().to_string();
        if state.starts_with('T') == stopped {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the app's state stayed {state:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits until the terminal is on the alternate screen, or off it.
fn wait_for_alternate(session: &Session, on: bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while session.screen.lock().unwrap().screen().alternate_screen() != on {
        assert!(
            Instant::now() < deadline,
            "the terminal stayed {} the alternate screen:\n{}",
            if on { "off" } else { "on" },
            session.contents()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[cfg(unix)]
#[test]
fn stopped_from_outside_and_continued_the_app_takes_the_terminal_back_and_draws_it_whole() {
    let dir = tempfile::tempdir().unwrap();
    let (mut session, mut child) = spawn(dir.path(), &[]);
    session.wait_for("Enter the deal");
    session.send("4d");
    session.wait_for("1/52");
    let pid = child.process_id().unwrap();

    // `kill -TSTP`: the terminal is handed back (the normal screen, no mouse capture, no
    // bracketed paste) before the process stops.
    common::signal("TSTP", pid);
    wait_for_alternate(&session, false);
    wait_until_stopped(pid, true);
    {
        let parser = session.screen.lock().unwrap();
        let screen = parser.screen();
        assert!(!screen.bracketed_paste());
        assert_eq!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None);
    }

    // `fg`: the alternate screen, which the terminal clears on entering, is drawn whole again,
    // the modes are back, and keys come one by one, without Enter, as raw keys do.
    common::signal("CONT", pid);
    wait_until_stopped(pid, false);
    wait_for_alternate(&session, true);
    session.wait_for("Enter the deal");
    session.wait_for("1/52");
    {
        let parser = session.screen.lock().unwrap();
        let screen = parser.screen();
        assert!(screen.bracketed_paste());
        assert_ne!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None);
    }
    session.send("8h");
    session.wait_for("2/52");
    quit(&mut session, &mut child);
}

/// Whether the terminal is in raw mode: lines not gathered, nor keys echoed.
#[cfg(unix)]
fn raw_mode(session: &Session) -> bool {
    let modes = session.master.get_termios().expect("the terminal's modes");
    modes.local_flags.bits() & (libc::ICANON | libc::ECHO) == 0
}

#[cfg(unix)]
#[test]
fn ended_from_outside_the_app_hands_the_terminal_back_and_keeps_the_draft() {
    for name in ["TERM", "INT", "HUP"] {
        let dir = tempfile::tempdir().unwrap();
        let (mut session, mut child) = spawn(dir.path(), &[]);
        session.wait_for("Enter the deal");
        session.send("4d");
        session.wait_for("1/52");
        assert!(raw_mode(&session));
        common::signal(name, child.process_id().unwrap());
        let deadline = Instant::now() + Duration::from_secs(10);
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "the app did not end on {name}");
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(status.success(), "{name}: {status:?}");
        wait_for_alternate(&session, false);
        {
            let parser = session.screen.lock().unwrap();
            let screen = parser.screen();
            assert!(!screen.bracketed_paste(), "{name}");
            assert_eq!(
                screen.mouse_protocol_mode(),
                vt100::MouseProtocolMode::None,
                "{name}"
            );
        }
        assert!(!raw_mode(&session), "{name}: raw mode left on");
        // The card typed is in the draft, which the next start opens.
        let (mut session, mut child) = spawn(dir.path(), &[]);
        session.wait_for("1/52");
        quit(&mut session, &mut child);
    }
}

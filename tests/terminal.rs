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

#[test]
fn type_solve_step_save_and_quit_in_a_real_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
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
    command.arg(&saves);
    command.arg("--config");
    command.arg(dir.path().join("config"));
    command.env("TERM", "xterm-256color");
    let mut child = pty.slave.spawn_command(command).unwrap();
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
    let mut session = Session {
        screen,
        writer: pty.master.take_writer().unwrap(),
    };

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

    // Ctrl-S, clear the suggested name, type one.
    session.send("\x13");
    session.wait_for("Save the deal");
    session.send(&"\x7f".repeat(40));
    session.send("pty game\r");
    session.wait_for("Saved to");

    session.send("\x11"); // Ctrl-Q
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the app did not quit");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
    // Give the reader a moment for the last bytes, then check the terminal was restored.
    std::thread::sleep(Duration::from_millis(200));
    assert!(!session.screen.lock().unwrap().screen().alternate_screen());

    let saved = std::fs::read_to_string(saves.join("pty-game.txt")).unwrap();
    assert!(saved.contains("# name: pty game"));
    assert!(saved.contains("# result: solved in 40 steps"));
    let deal = pyramid::Deal::parse(&saved).unwrap();
    assert_eq!(deal, pyramid::Deal::parse(&text).unwrap());
}

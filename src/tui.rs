//! The full-screen terminal app: type a deal, solve it in the background, step through the
//! answer, save and open deals.
//!
//! Elm style: keys, mouse, paste, resize, a clock tick and solver messages all arrive through
//! one channel as [`Msg`]s; [`App::update`] changes the model and the view draws it, once per
//! batch of messages.

mod app;
mod board;
mod card_input;
mod cards;
mod editor;
mod help;
mod open_dialog;
mod play;
mod pyramid;
mod session;
mod tripeaks;
mod view;

use std::io;
use std::sync::mpsc::{self, Sender};
use std::thread;
use std::time::Duration;

use crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    Event,
};
use crossterm::execute;

pub use app::{App, DealText, Msg, Setup};

/// How often the clock ticks: the spinner and the elapsed time move with it.
const TICK: Duration = Duration::from_millis(100);

/// Turns the extra terminal modes off again, however the app ends.
struct Modes;

impl Modes {
    fn on() -> io::Result<Modes> {
        execute!(io::stdout(), EnableMouseCapture, EnableBracketedPaste)?;
        Ok(Modes)
    }

    fn off() {
        let _ = execute!(io::stdout(), DisableMouseCapture, DisableBracketedPaste);
    }
}

impl Drop for Modes {
    fn drop(&mut self) {
        Modes::off();
    }
}

/// Runs the app until the user quits; the terminal is restored on every way out, a panic too.
pub fn run(setup: Setup) -> io::Result<()> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        Modes::off();
        previous(info);
    }));
    // `init` chains its own hook (leave the alternate screen, raw mode off) before ours.
    let mut terminal = ratatui::init();
    let result = Modes::on().and_then(|modes| {
        let result = event_loop(&mut terminal, setup);
        drop(modes);
        result
    });
    ratatui::restore();
    result
}

fn event_loop(terminal: &mut ratatui::DefaultTerminal, setup: Setup) -> io::Result<()> {
    let (send, receive) = mpsc::channel();
    spawn_input(send.clone());
    spawn_clock(send.clone());
    let mut app = App::new(setup, send);
    let size = terminal.size()?;
    app.update(Msg::Resize(size.width, size.height));
    loop {
        // Drawn only when something changed: a batch of ticks with nothing moving draws
        // nothing.
        if app.take_dirty() {
            terminal.draw(|frame| view::draw(frame, &app))?;
        }
        let Ok(first) = receive.recv() else {
            return Ok(());
        };
        app.update(first);
        while let Ok(msg) = receive.try_recv() {
            app.update(msg);
        }
        if app.quitting() {
            return Ok(());
        }
    }
}

fn spawn_input(send: Sender<Msg>) {
    thread::spawn(move || {
        while let Ok(event) = event::read() {
            let msg = match event {
                Event::Key(key) => Msg::Key(key),
                Event::Mouse(mouse) => Msg::Mouse(mouse),
                Event::Paste(text) => Msg::Paste(text),
                Event::Resize(width, height) => Msg::Resize(width, height),
                _ => continue,
            };
            if send.send(msg).is_err() {
                return;
            }
        }
    });
}

fn spawn_clock(send: Sender<Msg>) {
    thread::spawn(move || {
        while send.send(Msg::Tick).is_ok() {
            thread::sleep(TICK);
        }
    });
}

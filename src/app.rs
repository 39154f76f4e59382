//! The full-screen terminal app: type a deal, solve it in the background, step through the
//! answer, save and open deals.
//!
//! Elm style: keys, mouse, paste, resize, a clock tick, solver messages and the signals that
//! stop, continue and end the process all arrive through one channel as [`Msg`]s;
//! [`App::update`] changes the model and gives back the effects the runner carries out (whose
//! answers come back as messages), and the view draws the model, once per batch of messages.

mod card_input;
mod cards;
mod effects;
mod flow;
pub mod games;
mod help;
mod job;
mod layout;
mod open_dialog;
pub mod preferences;
mod question;
mod session;
mod shell;
mod text_field;
pub mod theme;
mod view;
mod widgets;

use std::io;
use std::sync::mpsc::{self, Sender};
use std::thread;
use std::time::Duration;

use crossterm::cursor::Show;
use crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    Event,
};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, disable_raw_mode, enable_raw_mode};

pub use effects::Msg;
pub use flow::round_budget::RoundBudget;
pub use shell::{App, Setup};

/// How often the clock ticks: the spinner and the elapsed time move with it.
const TICK: Duration = Duration::from_millis(100);

/// Turns the extra terminal modes off again, however the app ends.
struct Modes;

impl Modes {
    fn on() -> io::Result<Modes> {
        execute!(io::stdout(), EnableMouseCapture, EnableBracketedPaste)?;
        Ok(Modes)
    }

    /// Turns them on again after the terminal was handed back.
    fn again() -> io::Result<()> {
        execute!(io::stdout(), EnableMouseCapture, EnableBracketedPaste)
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
    spawn_signals(send.clone())?;
    let (mut app, mut runner) = App::start(setup, send);
    let size = terminal.size()?;
    app.handle(Msg::Resize(size.width, size.height), &mut runner);
    loop {
        // Drawn only when something changed: a batch of ticks with nothing moving draws
        // nothing.
        if app.take_dirty() {
            terminal.draw(|frame| view::draw(frame, &app))?;
        }
        let Ok(first) = receive.recv() else {
            return Ok(());
        };
        for msg in std::iter::once(first).chain(receive.try_iter()) {
            follow_signal(terminal, &msg)?;
            app.handle(msg, &mut runner);
        }
        // A copy to the clipboard goes to the terminal between two draws, never inside one.
        let output = runner.take_terminal_output();
        if !output.is_empty() {
            let backend = terminal.backend_mut();
            for sequence in output {
                io::Write::write_all(backend, sequence.as_bytes())?;
            }
            io::Write::flush(backend)?;
        }
        if app.quitting() {
            return Ok(());
        }
    }
}

/// Crossterm leaves the job control signals to the program: on a stop the terminal is handed
/// back as the shell expects it (raw mode off, the normal screen, the cursor shown) before the
/// process stops, and on a continue it is taken again as at start and the whole screen drawn
/// anew (the shell may have set the terminal back meanwhile).
fn follow_signal(terminal: &mut ratatui::DefaultTerminal, msg: &Msg) -> io::Result<()> {
    match msg {
        Msg::Stop => {
            Modes::off();
            ratatui::restore();
            let _ = execute!(io::stdout(), Show);
            stop_process();
            // Going on here: take the terminal before anything is drawn.
            take_terminal(terminal)
        }
        Msg::Continue => take_terminal(terminal),
        _ => Ok(()),
    }
}

/// Raw mode, the alternate screen, mouse capture and bracketed paste, as at start, and a
/// screen to be drawn whole.
fn take_terminal(terminal: &mut ratatui::DefaultTerminal) -> io::Result<()> {
    // Set afresh: crossterm may take it as still on, whatever the shell did meanwhile.
    let _ = disable_raw_mode();
    enable_raw_mode()?;
    execute!(io::stdout(), EnterAlternateScreen)?;
    Modes::again()?;
    // Resizing to the terminal's size clears it and makes the next draw whole, as `clear`
    // would without asking the terminal where its cursor is: the input thread would swallow
    // the answer.
    let size = terminal.size()?;
    terminal.resize(ratatui::layout::Rect::new(0, 0, size.width, size.height))
}

/// Stops the process as the default action of SIGTSTP would; returns once it is continued.
fn stop_process() {
    #[cfg(unix)]
    let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP);
}

/// Turns SIGTSTP and SIGCONT into messages, and the signals that end a program (SIGINT,
/// SIGTERM, SIGHUP) into quitting: taken here, none of them stops or ends the process before
/// the terminal is handed back.
#[cfg(unix)]
fn spawn_signals(send: Sender<Msg>) -> io::Result<()> {
    use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP};
    let mut signals =
        signal_hook::iterator::Signals::new([SIGTSTP, SIGCONT, SIGINT, SIGTERM, SIGHUP])?;
    thread::spawn(move || {
        for signal in signals.forever() {
            let msg = match signal {
                SIGTSTP => Msg::Stop,
                SIGCONT => Msg::Continue,
                _ => Msg::End,
            };
            if send.send(msg).is_err() {
                return;
            }
        }
    });
    Ok(())
}

/// Other systems have no such signals.
#[cfg(not(unix))]
#[allow(clippy::unnecessary_wraps)]
fn spawn_signals(_send: Sender<Msg>) -> io::Result<()> {
    Ok(())
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

//! Triple Klondike's keys: its tables for the help (the deal's screen, and solving and
//! stepping) and the hints on the bottom line.

use crossterm::event::KeyCode;

use crate::app::flow::keys::{self, Binding, ENDS, Hint, Press, QUIT, STEP, bind, ch};
use crate::app::games::triple_klondike::Screen;

/// The keys of the deal's screen.
const DEAL: &[Binding] = &[
    keys::solve("solve the deal, for the time set; the best line so far shows as it improves"),
    bind(
        &[ch('t')],
        "t",
        "how long a search runs: 1, 2, 5, 10, 30 or 60 s",
    ),
    bind(
        &[Press::Key(KeyCode::Right), ch('l')],
        "→ l",
        "the line found, to step through",
    ),
    bind(
        &[],
        "paste",
        "a deal in the contest's format (with # moves: for a line) in place of the one shown",
    ),
    bind(
        &[Press::Ctrl('p')],
        "Ctrl-P",
        "play by hand: not in the app yet (it says so)",
    ),
    bind(&[ch('?')], "?", "this help"),
    QUIT,
];

/// The keys while solving and stepping through the line.
const SOLUTION: &[Binding] = &[
    bind(
        &[Press::Key(KeyCode::Esc)],
        "Esc",
        "stop the search, keeping its best line / back to the deal",
    ),
    STEP,
    ENDS,
    bind(&[], "wheel", "step"),
    bind(&[ch('?')], "?", "this help"),
    QUIT,
];

const DEAL_SECTION: (&str, &[Binding]) = ("The Triple Klondike deal", DEAL);
const SOLUTION_SECTION: (&str, &[Binding]) = ("Solving and stepping", SOLUTION);

/// The help's sections, the current screen's first.
pub fn sections(screen: &Screen) -> Vec<(&'static str, &'static [Binding])> {
    match screen {
        Screen::Deal => vec![DEAL_SECTION, SOLUTION_SECTION],
        Screen::Solving(_) | Screen::Line(_) => vec![SOLUTION_SECTION, DEAL_SECTION],
    }
}

/// The keys of the current screen.
pub fn bindings(screen: &Screen) -> Vec<&'static Binding> {
    match screen {
        Screen::Deal => DEAL.iter().collect(),
        Screen::Solving(_) | Screen::Line(_) => SOLUTION.iter().collect(),
    }
}

/// The short hints for the bottom line.
pub fn hints(screen: &Screen, other_game: &'static str) -> Vec<Hint> {
    match screen {
        // Room for the way out, as on every game's first screen (Ctrl-R is in the help).
        Screen::Deal => vec![
            ("Enter", "solve"),
            ("t", "time"),
            ("→", "line"),
            ("^O", "open"),
            ("^G", other_game),
            ("F1", "help"),
            ("^Q", "quit"),
        ],
        Screen::Solving(_) => vec![("Esc", "stop"), ("F1", "help"), ("^Q", "quit")],
        Screen::Line(_) => vec![
            ("→ ←", "step"),
            ("Home End", "start/end"),
            ("^Y", "copy"),
            ("Esc", "back"),
            ("^S", "save"),
            ("?", "help"),
        ],
    }
}

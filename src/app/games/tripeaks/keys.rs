//! TriPeaks' keys: one table per screen, which the help overlay and the hint bar read, and
//! which the tests hold the handlers to.

use crossterm::event::KeyCode;

use crate::app::games::tripeaks::{Screen, Session};
use crate::app::help::{ANYWHERE, ARROWS, Binding, Press, TYPING, bind, ch};

/// Keys of the editor.
pub const EDITOR: &[Binding] = &[
    bind(
        &[ch('?')],
        "?",
        "a card still face down: unknown until it turns up",
    ),
    bind(&[Press::Key(KeyCode::Enter)], "Enter", "solve the deal"),
    bind(&[Press::Ctrl('p')], "Ctrl-P", "play the deal"),
    bind(
        &[ch('g')],
        "g",
        "the challenge: Board, Score (points) or Card (cards of a rank)",
    ),
];

/// Keys while solving, stepping through an answer and revealing a card.
pub const SOLUTION: &[Binding] = &[
    bind(
        &[Press::Key(KeyCode::Esc)],
        "Esc",
        "cancel the solve / back to the deal (or the game)",
    ),
    bind(
        &[
            Press::Key(KeyCode::Right),
            ch('l'),
            ch(' '),
            Press::Key(KeyCode::Left),
            ch('h'),
        ],
        "→ l Space / ← h",
        "next / previous step",
    ),
    bind(
        &[Press::Key(KeyCode::Home), Press::Key(KeyCode::End)],
        "Home / End",
        "the start / the end",
    ),
    bind(&[], "click, wheel", "go to a step in the list / step"),
    bind(
        &[Press::Key(KeyCode::Tab)],
        "Tab",
        "the answer's other line, when it has two",
    ),
    bind(
        &[ch('t')],
        "t",
        "after playing the reveal plan: type the card that turned up",
    ),
    bind(
        &[ch('p')],
        "p",
        "play on from the step shown (the steps before it to undo)",
    ),
    bind(&[ch('q')], "q", "quit"),
];

/// Keys of play mode.
pub const PLAY: &[Binding] = &[
    bind(
        ARROWS,
        "arrows, click",
        "move between the cards you can play",
    ),
    bind(
        &[Press::Key(KeyCode::Enter), ch(' ')],
        "Enter Space",
        "play the card onto the waste (one above or below it)",
    ),
    bind(&[ch('d')], "d, click Stock", "draw from the stock"),
    bind(
        &[Press::Key(KeyCode::Backspace), ch('u'), ch('U')],
        "u Backspace / U",
        "undo / redo, without limit",
    ),
    bind(
        &[ch('h')],
        "h",
        "hint: show the best next move; h again plays it",
    ),
    bind(
        &[ch('s')],
        "s",
        "the rest of the best line from here; p there plays on",
    ),
    bind(&[Press::Key(KeyCode::Esc)], "Esc", "back to the deal"),
    bind(&[ch('q')], "q", "quit"),
];

/// The keys of a screen: its own and those that work everywhere.
#[cfg_attr(not(test), allow(dead_code))]
pub fn bindings(screen: &Screen) -> Vec<&'static Binding> {
    let own = match screen {
        Screen::Editor => return EDITOR.iter().chain(TYPING).chain(ANYWHERE).collect(),
        Screen::Play => PLAY,
        Screen::Solving(_) | Screen::Solution(_) | Screen::Reveal(_) => SOLUTION,
    };
    own.iter().chain(ANYWHERE).collect()
}

/// The short hints for the bottom line.
pub fn hints(session: &Session) -> Vec<(&'static str, &'static str)> {
    match &session.screen {
        Screen::Editor => vec![
            ("←↑→↓", "move"),
            ("?", "unknown"),
            ("Enter", "solve"),
            ("^P", "play"),
            ("g", "challenge"),
            ("^G", "Pyramid"),
            ("F1", "help"),
        ],
        Screen::Solving(_) => vec![("Esc", "cancel"), ("F1", "help"), ("^Q", "quit")],
        Screen::Reveal(_) => vec![("A-K c d h s", "the card"), ("Esc", "back")],
        Screen::Solution(solution) if solution.plan.is_some() => vec![
            ("→ ←", "step"),
            ("t", "type the revealed card"),
            ("p", "play on"),
            ("Esc", "back"),
            ("?", "help"),
        ],
        Screen::Solution(_) => vec![
            ("→ ←", "step"),
            ("Home End", "start/end"),
            ("p", "play on"),
            ("Esc", "back"),
            ("^S", "save"),
            ("?", "help"),
        ],
        Screen::Play => vec![
            ("←↑→↓", "move"),
            ("Enter", "play"),
            ("d", "draw"),
            ("u U", "undo redo"),
            ("h", "hint"),
            ("s", "solution"),
            ("?", "help"),
        ],
    }
}

/// The help's sections; the current screen's comes first.
pub fn sections(session: &Session) -> Vec<(&'static str, &'static [Binding])> {
    let mut sections = vec![
        ("The TriPeaks deal", EDITOR),
        ("Typing cards", TYPING),
        ("Playing TriPeaks", PLAY),
        ("Solving, stepping and revealing", SOLUTION),
        ("Anywhere", ANYWHERE),
    ];
    let first = match session.screen {
        Screen::Editor => 0,
        Screen::Play => 2,
        Screen::Solving(_) | Screen::Solution(_) | Screen::Reveal(_) => 3,
    };
    sections[..=first].rotate_right(1);
    sections
}

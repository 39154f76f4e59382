//! TriPeaks' keys: its tables for the help (the shared ones and its own: `?` for a card not
//! seen yet, `t` to type the card a reveal plan turned up) and the hints on the bottom line.

use crate::app::flow::keys::{
    self, Binding, CHALLENGE, CLICK_STEP, ENDS, ESC_SOLVING, HINT, Keys, PLAY_ON, QUIT, STEP, UNDO,
    bind, ch,
};
use crate::app::flow::{Flow, Screen};
use crate::app::games::tripeaks::TriPeaks;

/// TriPeaks' tables.
pub const KEYS: Keys = Keys {
    deal: ("The TriPeaks deal", EDITOR),
    typing: keys::TYPING,
    play: ("Playing TriPeaks", PLAY),
    solution: ("Solving, stepping and revealing", SOLUTION),
};

/// Keys of the editor, beside the typing ones.
const EDITOR: &[Binding] = &[
    bind(
        &[ch('?')],
        "?",
        "a card still face down: unknown until it turns up",
    ),
    keys::solve("solve the deal"),
    keys::play("play the deal"),
    CHALLENGE,
];

/// Keys while solving, stepping through an answer and revealing a card.
const SOLUTION: &[Binding] = &[
    ESC_SOLVING,
    STEP,
    ENDS,
    CLICK_STEP,
    keys::other_line("the answer's other line, when it has two"),
    bind(
        &[ch('t')],
        "t",
        "after playing the reveal plan: type the card that turned up",
    ),
    PLAY_ON,
    QUIT,
];

/// Keys of play mode.
const PLAY: &[Binding] = &[
    keys::cursor("move between the cards you can play"),
    keys::take("play the card onto the waste (one above or below it)"),
    bind(&[ch('d')], "d, click Stock", "draw from the stock"),
    UNDO,
    HINT,
    keys::rest("the rest of the best line from here; p there plays on"),
    keys::back("back to the deal"),
    QUIT,
];

/// The short hints for the bottom line.
pub fn hints(flow: &Flow<TriPeaks>, other_game: &'static str) -> Vec<(&'static str, &'static str)> {
    match &flow.screen {
        // The arrows move as expected; the room goes to the keys no one would guess.
        Screen::Editor => vec![
            ("?", "unknown"),
            ("Enter", "solve"),
            ("^P", "play"),
            ("^R", "random"),
            ("g", "challenge"),
            ("^G", other_game),
            ("F1", "help"),
        ],
        Screen::Solving(_) => vec![("Esc", "cancel"), ("F1", "help"), ("^Q", "quit")],
        Screen::Own(_) => vec![("A-K c d h s", "the card"), ("Esc", "back")],
        Screen::Solution(solution) if solution.found.plan.is_some() => vec![
            ("→ ←", "step"),
            ("t", "type the revealed card"),
            ("p", "play on"),
            ("Esc", "back"),
            ("?", "help"),
        ],
        Screen::Solution(_) => keys::STEPPING.to_vec(),
        Screen::Play => [
            keys::playing("play"),
            vec![("s", "solution"), ("?", "help")],
        ]
        .concat(),
    }
}

//! TriPeaks' keys: its tables for the help (the shared ones and its own: `?` for a card not
//! seen yet, typing a card that turned up) and the hints on the bottom line.

use crate::app::flow::keys::{
    self, Binding, CHALLENGE, CLICK_STEP, ENDS, ESC_SOLVING, HINT, Keys, PLAY_ON, QUIT, STEP,
    TURNED_UP, UNDO, bind, ch,
};
use crate::app::flow::{Flow, Screen, table};
use crate::app::games::tripeaks::TriPeaks;

/// TriPeaks' tables.
pub const KEYS: Keys = Keys {
    deal: ("The TriPeaks deal", EDITOR),
    typing: keys::TYPING,
    play: ("Playing TriPeaks", PLAY),
    solution: ("Solving and stepping", SOLUTION),
};

/// Keys of the editor, beside the typing ones.
const EDITOR: &[Binding] = &[
    bind(
        &[ch('?')],
        "?",
        "a card not seen yet (??): one face down, known when it turns up",
    ),
    keys::solve("solve the deal"),
    keys::play("play the deal"),
    CHALLENGE,
];

/// Keys while solving and stepping through an answer.
const SOLUTION: &[Binding] = &[
    ESC_SOLVING,
    STEP,
    ENDS,
    CLICK_STEP,
    keys::other_line("the answer's other line, when it has two"),
    PLAY_ON,
    QUIT,
];

/// Keys of play mode.
const PLAY: &[Binding] = &[
    keys::cursor("move between the cards you can play"),
    keys::take("play the card onto the waste (one above or below it)"),
    bind(&[ch('d')], "d, click Stock", "draw from the stock"),
    TURNED_UP,
    keys::MEND,
    UNDO,
    HINT,
    keys::rest("the rest of the best line from here; p there plays on"),
    keys::back("back to the deal"),
    QUIT,
];

/// The short hints for the bottom line.
pub fn hints(flow: &Flow<TriPeaks>, other_game: &'static str) -> Vec<(&'static str, &'static str)> {
    match &flow.screen {
        // The arrows move as expected; the room goes to the keys no one would guess, and to
        // the way out, since q types a Queen here (g, the challenge, is in the help).
        Screen::Editor => vec![
            ("?", "unseen"),
            ("Enter", "solve"),
            ("^P", "play"),
            ("^R", "random"),
            ("^G", other_game),
            ("F1", "help"),
            ("^Q", "quit"),
        ],
        Screen::Solving(_) => vec![("Esc", "cancel"), ("F1", "help"), ("^Q", "quit")],
        Screen::Solution(_) => keys::STEPPING.to_vec(),
        Screen::Play if table::card_waits(flow) => table::waiting_keys("?"),
        Screen::Play => [
            keys::playing("play"),
            vec![("s", "solution"), ("?", "help")],
        ]
        .concat(),
    }
}

//! Klondike's keys: its tables for the help (the shared ones and its own: `?` for a card not
//! seen yet, the rules, the foundation key, typing a card that turned up) and the hints on
//! the bottom line.

use crate::app::flow::keys::{
    self, Binding, CLICK_STEP, ENDS, ESC_SOLVING, HINT, Keys, PLAY_ON, QUIT, STEP, TURNED_UP, UNDO,
    bind, ch,
};
use crate::app::flow::{Flow, Screen, table};
use crate::app::games::klondike::Klondike;

/// Klondike's tables.
pub const KEYS: Keys = Keys {
    deal: ("The Klondike deal", EDITOR),
    typing: keys::TYPING,
    play: ("Playing Klondike", PLAY),
    solution: ("Solving and stepping", SOLUTION),
};

/// Keys of the editor, beside the typing ones.
const EDITOR: &[Binding] = &[
    bind(
        &[ch('?')],
        "?",
        "a card not seen yet (??): face down or in the stock (under way, in the waste too), \
         known when it turns up",
    ),
    keys::solve("solve the deal (with cards not seen yet: the moves that turn one up)"),
    keys::play("play the deal"),
    bind(
        &[ch('o')],
        "o",
        "the rules in a dialog: draw, passes, cards back from the foundations, what fills \
         an empty pile",
    ),
    bind(
        &[ch('w'), ch('r'), ch('x'), ch('e')],
        "w / r / x / e",
        "rules: draw 1 or 3 / passes / cards back from the foundations / what fills an \
         empty pile",
    ),
    bind(
        &[ch('g')],
        "g",
        "Klondike has no challenge: it is played to win",
    ),
    bind(
        &[ch('u')],
        "u",
        "a game under way in place of the deal: its piles, waste, stock and foundations (u \
         again: back to the deal)",
    ),
    // Under way: labels short enough for the key column, so every line wraps under itself.
    bind(
        &[],
        "←↑→↓, click",
        "under way: choose a place: a pile, the stock, the waste, a foundation; Tab, \
         Shift-Tab, Home and End go along them as the position text lists them",
    ),
    bind(
        &[],
        "a card",
        "under way: goes on top of the place (on a pile, face up; on a foundation, its \
         suit's top)",
    ),
    bind(
        &[ch('v'), ch('^')],
        "v / ^",
        "under way: the pile's lowest face-up card face down / its top face-down card face up",
    ),
    bind(
        &[],
        "Backspace / Del",
        "under way: take the top card off the place (a foundation goes down a rank) / empty it",
    ),
    bind(
        &[ch('=')],
        "=",
        "under way: the stock takes ?? for every card of the pack not laid out yet",
    ),
    bind(
        &[ch('+'), ch('-')],
        "+ / -",
        "under way: one redeal made more / fewer",
    ),
];

/// Keys while solving and stepping through an answer.
const SOLUTION: &[Binding] = &[ESC_SOLVING, STEP, ENDS, CLICK_STEP, PLAY_ON, QUIT];

/// Keys of play mode.
const PLAY: &[Binding] = &[
    keys::cursor("move between the stock, the waste, the foundations and the piles' cards"),
    keys::take(
        "choose the card under the cursor (and those on it), then where it goes; on the \
         stock, draw",
    ),
    bind(
        &[ch('d')],
        "d, click Stock",
        "draw (or turn the waste over)",
    ),
    bind(
        &[ch('f')],
        "f, double click",
        "send the card under the cursor to its foundation",
    ),
    TURNED_UP,
    keys::MEND,
    UNDO,
    HINT,
    keys::rest("the rest of a winning line from here; p there plays on"),
    keys::back("drop the card chosen / back to the deal"),
    QUIT,
];

/// The short hints for the bottom line.
pub fn hints(flow: &Flow<Klondike>, other_game: &'static str) -> Vec<(&'static str, &'static str)> {
    match &flow.screen {
        Screen::Editor if flow.own.table.is_some() => vec![
            ("←↑→↓", "place"),
            ("?", "unseen"),
            ("v ^", "turn"),
            ("Enter", "solve"),
            ("^P", "play"),
            ("u", "deal"),
            ("F1", "help"),
            ("^Q", "quit"),
        ],
        // The arrows move as expected; the room goes to the way out, since q types a Queen.
        Screen::Editor => vec![
            ("?", "unseen"),
            ("Enter", "solve"),
            ("^P", "play"),
            ("o", "rules"),
            ("u", "table"),
            ("^G", other_game),
            ("F1", "help"),
            ("^Q", "quit"),
        ],
        Screen::Solving(_) => vec![("Esc", "cancel"), ("F1", "help"), ("^Q", "quit")],
        Screen::Solution(_) => keys::STEPPING.to_vec(),
        Screen::Play if table::card_waits(flow) => table::waiting_keys("F1"),
        Screen::Play => [
            keys::playing("choose"),
            vec![("f", "foundation"), ("F1", "help")],
        ]
        .concat(),
    }
}

//! Perfect Pair's keys: its tables for the help (the shared ones and its own: the places
//! and rows of the layout, the rules, what the hand is played for, the free cell in play)
//! and the hints on the bottom line.

use crate::app::flow::keys::{
    self, Binding, CLICK_STEP, ENDS, ESC_SOLVING, HINT, Keys, PLAY_ON, QUIT, STEP, UNDO, bind, ch,
};
use crate::app::flow::{Flow, Screen};
use crate::app::games::perfect_pair::PerfectPair;

/// Perfect Pair's tables.
pub const KEYS: Keys = Keys {
    deal: ("The Perfect Pair hand", EDITOR),
    typing: keys::TYPING_PLACES,
    play: ("Playing Perfect Pair", PLAY),
    solution: ("Solving and stepping", SOLUTION),
};

/// Keys of the editor, beside the typing ones.
const EDITOR: &[Binding] = &[
    keys::solve("solve the hand: can it be cleared, and the best hand for the goal"),
    keys::play("play the hand"),
    bind(
        &[ch('+'), ch('-')],
        "+ / -",
        "a new place after the cursor's, on its line / take the cursor's place away",
    ),
    bind(
        &[ch('['), ch(']')],
        "[ / ]",
        "a new place at the inner end of the row's left / right line",
    ),
    bind(
        &[ch('n'), ch('x')],
        "n / x",
        "a new row under the cursor's / take the cursor's row away",
    ),
    bind(
        &[ch('g')],
        "g",
        "the goal the hand is played for: points, hearts, perfect matches, or cleared",
    ),
    bind(
        &[ch('f'), ch('u'), ch('U')],
        "f / u U",
        "rules: 1 or 2 free cells / one use more, one fewer (0 to 15)",
    ),
    bind(
        &[ch('o'), ch('b'), ch('w'), ch('m')],
        "o / b / w / m",
        "rules: the run after four / a free-cell move breaks the run / unused uses paid / \
         a perfect match from a free cell",
    ),
    bind(
        &[],
        "paste",
        "a hand in the file's words (row 1: ... | ...) replaces the layout",
    ),
];

/// Keys while solving and stepping through an answer.
const SOLUTION: &[Binding] = &[ESC_SOLVING, STEP, ENDS, CLICK_STEP, PLAY_ON, QUIT];

/// Keys of play mode.
const PLAY: &[Binding] = &[
    keys::cursor("move between the lines' available cards and the free cells"),
    keys::take(
        "choose the card, then its partner (adding up to 13) or an empty free cell; a King goes \
         at once",
    ),
    bind(
        &[ch('c')],
        "c",
        "the card chosen (or under the cursor) to a free cell",
    ),
    UNDO,
    HINT,
    keys::rest("the rest of the best hand from here; p there plays on"),
    keys::back("drop the card chosen / back to the hand"),
    QUIT,
];

/// The short hints for the bottom line.
pub fn hints(
    flow: &Flow<PerfectPair>,
    other_game: &'static str,
) -> Vec<(&'static str, &'static str)> {
    match &flow.screen {
        Screen::Editor => vec![
            ("+ - n x", "places"),
            ("g f u", "rules"),
            ("Enter", "solve"),
            ("^P", "play"),
            ("^G", other_game),
            ("?", "help"),
            ("^Q", "quit"),
        ],
        Screen::Solving(_) => vec![("Esc", "cancel"), ("?", "help"), ("^Q", "quit")],
        Screen::Solution(_) => keys::STEPPING.to_vec(),
        Screen::Play => vec![
            ("←↑→↓", "move"),
            ("Enter", "choose"),
            ("c", "free cell"),
            ("u U", "undo redo"),
            ("h", "hint"),
            ("Esc", "back"),
            ("?", "help"),
        ],
    }
}

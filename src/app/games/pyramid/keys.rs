//! Pyramid's keys: its tables for the help (the shared ones and its own: the marks of a game
//! in progress, the rules, the preview, recycling and going back to a winnable position),
//! and the hints on the bottom line.

use crossterm::event::KeyCode;

use crate::app::flow::keys::{
    self, Binding, CHALLENGE, CLICK_STEP, ENDS, ESC_SOLVING, HINT, Keys, PLAY_ON, Press, QUIT,
    STEP, TURNED_UP, UNDO, bind, ch,
};
use crate::app::flow::{Flow, Screen, table};
use crate::app::games::pyramid::Pyramid;
use crate::app::games::pyramid::play::{Back, Standing};

/// Pyramid's tables.
pub const KEYS: Keys = Keys {
    deal: ("The deal", EDITOR),
    typing: keys::TYPING,
    play: ("Playing", PLAY),
    solution: ("Solving and stepping", SOLUTION),
};

/// Keys of Pyramid's editor, beside the typing ones.
const EDITOR: &[Binding] = &[
    bind(
        &[ch('?')],
        "?",
        "a card not seen yet (??): one of the stock's, known when it is drawn",
    ),
    keys::solve("solve the deal (from the marked position)"),
    keys::play("play the deal from the marked position"),
    bind(
        &[ch('-'), ch('w'), ch('p')],
        "- / w / p",
        "game in progress: card gone / waste ends here / pass",
    ),
    bind(
        &[],
        "- on empty slot",
        "gone, card unknown: the missing cards are the gone ones",
    ),
    bind(
        &[],
        "MSC stock?",
        "restart the deal, draw through the stock once, type it",
    ),
    bind(
        &[ch('v')],
        "v",
        "see the marked position as the game shows it",
    ),
    CHALLENGE,
    bind(
        &[ch('o')],
        "o",
        "the rules in a dialog: passes, pairing, what wins",
    ),
    bind(
        &[ch('r'), ch('x'), ch('e')],
        "r / x / e",
        "rules: passes / relaxed pairing / clear all 52 cards",
    ),
];

/// Keys while solving and stepping through a solution.
const SOLUTION: &[Binding] = &[
    ESC_SOLVING,
    STEP,
    ENDS,
    CLICK_STEP,
    PLAY_ON,
    keys::other_line("a Card challenge's other line (clearing or not)"),
    QUIT,
];

/// Keys of play mode.
const PLAY: &[Binding] = &[
    keys::cursor("move between the cards you can take"),
    keys::take("take the card: a King goes, two cards making 13 go"),
    bind(
        &[ch('d')],
        "d, click Stock",
        "draw (recycle when the stock is empty)",
    ),
    bind(&[ch('r')], "r", "recycle the waste"),
    TURNED_UP,
    keys::MEND,
    UNDO,
    bind(&[ch('b')], "b", "undo back to the latest winnable position"),
    HINT,
    keys::rest("the rest of the solution from here; p there plays on"),
    bind(
        &[Press::Key(KeyCode::Esc)],
        "Esc",
        "drop the chosen card / back to the deal",
    ),
    QUIT,
];

/// The short hints for the bottom line: the most used keys and `?` for the rest.
pub fn hints(flow: &Flow<Pyramid>, other_game: &'static str) -> Vec<(&'static str, &'static str)> {
    let won = flow
        .play
        .as_ref()
        .is_some_and(|play| play.position().is_won());
    match &flow.screen {
        // The arrows move as expected; the room goes to the keys no one would guess, and to
        // the way out, since q types a Queen here (Ctrl-R is in the help).
        Screen::Editor => vec![
            ("Enter", "solve"),
            ("^P", "play"),
            ("^G", other_game),
            ("g", "challenge"),
            ("o", "rules"),
            ("F1", "help"),
            ("^Q", "quit"),
        ],
        Screen::Solving(_) => vec![("Esc", "cancel"), ("?", "help"), ("^Q", "quit")],
        // A won game takes no more moves: only what still works.
        Screen::Play if won => vec![
            ("u U", "undo redo"),
            ("^N", "new"),
            ("^S", "save"),
            ("Esc", "back"),
            ("?", "help"),
            ("q", "quit"),
        ],
        Screen::Play if table::card_waits(flow) => table::waiting_keys("?"),
        // Nothing to step through.
        Screen::Solution(solution) if solution.moves.is_empty() => vec![
            ("Esc", "back"),
            ("^S", "save"),
            ("?", "help"),
            ("q", "quit"),
        ],
        Screen::Play => [
            keys::playing("take"),
            vec![lost_or_rest(flow), ("?", "help")],
        ]
        .concat(),
        Screen::Solution(_) => keys::STEPPING.to_vec(),
    }
}

/// `b` when undos lead back to a winnable position, else `s`.
fn lost_or_rest(flow: &Flow<Pyramid>) -> (&'static str, &'static str) {
    match flow.play.as_ref().map(super::play::Play::standing) {
        Some(Standing::Lost {
            back: Back::Undos(_),
            ..
        }) => ("b", "back to winnable"),
        _ => ("s", "solution"),
    }
}

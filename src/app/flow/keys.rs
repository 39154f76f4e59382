//! The keys of the screens every game shares, as tables: each binding names the very key
//! codes the flow answers to, so a test can press every other key and check that nothing
//! happens, and the help and the key hints are read from them. A game's tables take the
//! shared bindings and add its own.

use crossterm::event::KeyCode;

/// A key press a binding answers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Press {
    /// A key without Control.
    Key(KeyCode),
    /// Control and a letter.
    Ctrl(char),
    /// Any rank or suit character typed into the editor.
    Cards,
}

/// Keys, how the help writes them, and what they do.
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    pub keys: &'static [Press],
    pub label: &'static str,
    pub what: &'static str,
}

/// A game's keys, screen by screen: each a help section's title and its table.
pub struct Keys {
    /// The editor's own keys, beside its typing ones.
    pub deal: (&'static str, &'static [Binding]),
    /// The keys that type the cards: [`TYPING`], or [`TYPING_PLACES`] for a layout typed.
    pub typing: &'static [Binding],
    /// Play mode's.
    pub play: (&'static str, &'static [Binding]),
    /// Solving, stepping and the game's own screens'.
    pub solution: (&'static str, &'static [Binding]),
}

/// Whether one of `bindings` answers to a key pressed without Control.
pub fn binds(bindings: &[Binding], code: KeyCode) -> bool {
    bindings
        .iter()
        .any(|binding| binding.keys.contains(&Press::Key(code)))
}

pub const fn bind(keys: &'static [Press], label: &'static str, what: &'static str) -> Binding {
    Binding { keys, label, what }
}

pub const fn ch(c: char) -> Press {
    Press::Key(KeyCode::Char(c))
}

pub const ARROWS: &[Press] = &[
    Press::Key(KeyCode::Up),
    Press::Key(KeyCode::Down),
    Press::Key(KeyCode::Left),
    Press::Key(KeyCode::Right),
];

const RANK: Binding = bind(
    &[Press::Cards],
    "A 2-9 T J Q K",
    "rank (10 works too), then c d h s for the suit",
);

const MOVE: Binding = bind(
    ARROWS,
    "arrows, click",
    "move between slots as they lie on the board",
);

const NEXT: Binding = bind(
    &[Press::Key(KeyCode::Tab), Press::Key(KeyCode::BackTab)],
    "Tab / Shift-Tab",
    "next / previous slot in deal order",
);

const FIRST_LAST: Binding = bind(
    &[Press::Key(KeyCode::Home), Press::Key(KeyCode::End)],
    "Home / End",
    "the first / the last slot",
);

const BACKSPACE: Binding = bind(
    &[Press::Key(KeyCode::Backspace)],
    "Backspace",
    "clear the previous slot and move back",
);

const DELETE: Binding = bind(
    &[Press::Key(KeyCode::Delete)],
    "Delete",
    "clear the slot under the cursor",
);

const SEPARATORS: Binding = bind(
    &[ch(' '), ch(',')],
    "Space ,",
    "skipped, so a deal may be typed or pasted with them",
);

const DROP: Binding = bind(&[Press::Key(KeyCode::Esc)], "Esc", "drop a half-typed card");

/// The keys that type a deal of a whole pack: a paste fills the slots, and Ctrl-F the one
/// missing card.
pub const TYPING: &[Binding] = &[
    RANK,
    MOVE,
    NEXT,
    FIRST_LAST,
    BACKSPACE,
    DELETE,
    SEPARATORS,
    bind(
        &[],
        "paste",
        "fills slots from the cursor with a whole deal",
    ),
    DROP,
    bind(
        &[Press::Ctrl('f')],
        "Ctrl-F",
        "fill the one empty slot with the one missing card",
    ),
];

/// The keys that type the cards of a layout that is itself typed: no card is missing from
/// a part of a pack, and a paste is the game's own.
pub const TYPING_PLACES: &[Binding] = &[
    RANK, MOVE, NEXT, FIRST_LAST, BACKSPACE, DELETE, SEPARATORS, DROP,
];

/// The editor's Enter, Ctrl-P and g, as every game has them; the game says how.
pub const fn solve(what: &'static str) -> Binding {
    bind(&[Press::Key(KeyCode::Enter)], "Enter", what)
}

pub const fn play(what: &'static str) -> Binding {
    bind(&[Press::Ctrl('p')], "Ctrl-P", what)
}

pub const CHALLENGE: Binding = bind(
    &[ch('g')],
    "g",
    "the challenge: Board, Score (points) or Card (cards of a rank)",
);

/// The solving and stepping keys every game has, before its own.
pub const ESC_SOLVING: Binding = bind(
    &[Press::Key(KeyCode::Esc)],
    "Esc",
    "cancel the solve / back to the deal (or the game)",
);

pub const STEP: Binding = bind(
    &[
        Press::Key(KeyCode::Right),
        ch('l'),
        ch(' '),
        Press::Key(KeyCode::Left),
        ch('h'),
    ],
    "→ l Space / ← h",
    "next / previous step",
);

pub const ENDS: Binding = bind(
    &[Press::Key(KeyCode::Home), Press::Key(KeyCode::End)],
    "Home / End",
    "the start / the end",
);

/// Where [`STEP`] and [`ENDS`] go from `step` in a line of `last` moves; `None` for another
/// key.
pub fn stepped(code: KeyCode, step: usize, last: usize) -> Option<usize> {
    match code {
        KeyCode::Right | KeyCode::Char('l' | ' ') => Some((step + 1).min(last)),
        KeyCode::Left | KeyCode::Char('h') => Some(step.saturating_sub(1)),
        KeyCode::Home => Some(0),
        KeyCode::End => Some(last),
        _ => None,
    }
}

pub const CLICK_STEP: Binding = bind(&[], "click, wheel", "go to a step in the list / step");

pub const PLAY_ON: Binding = bind(
    &[ch('p'), Press::Ctrl('p')],
    "p, Ctrl-P",
    "play on from the step shown (the steps before it to undo)",
);

/// The other line of an answer with two, in the game's words.
pub const fn other_line(what: &'static str) -> Binding {
    bind(&[Press::Key(KeyCode::Tab)], "Tab", what)
}

/// Play mode's keys every game has, beside its own.
pub const fn cursor(what: &'static str) -> Binding {
    bind(ARROWS, "arrows, click", what)
}

pub const fn take(what: &'static str) -> Binding {
    const ENTER_SPACE: &[Press] = &[Press::Key(KeyCode::Enter), ch(' ')];
    bind(ENTER_SPACE, "Enter Space", what)
}

pub const UNDO: Binding = bind(
    &[Press::Key(KeyCode::Backspace), ch('u'), ch('U')],
    "u Backspace / U",
    "undo / redo, without limit",
);

/// Typing a card not known that a move turned up, in play at the table.
pub const TURNED_UP: Binding = bind(
    &[Press::Cards],
    "A-K, then c d h s",
    "a card not seen yet turned up: type it (q is a Queen then)",
);

/// Mending the card typed last at the table, when it was typed wrong.
pub const MEND: Binding = bind(
    &[ch('m')],
    "m",
    "mend the card typed last when it turned up: it is not known again, the moves after \
     the one that turned it up are dropped, and it is typed anew",
);

pub const HINT: Binding = bind(
    &[ch('h')],
    "h",
    "hint: show the best next move; h again plays it",
);

pub const fn rest(what: &'static str) -> Binding {
    const S: &[Press] = &[ch('s')];
    bind(S, "s", what)
}

pub const fn back(what: &'static str) -> Binding {
    bind(&[Press::Key(KeyCode::Esc)], "Esc", what)
}

pub const QUIT: Binding = bind(&[ch('q')], "q", "quit");

/// A key hint of the bottom line: the key and what it does, in a word or two.
pub type Hint = (&'static str, &'static str);

/// The solution screen's key hints, as every game has them.
pub const STEPPING: [Hint; 7] = [
    ("→ ←", "step"),
    ("Home End", "start/end"),
    ("p", "play on"),
    ("^Y", "copy"),
    ("Esc", "back"),
    ("^S", "save"),
    ("?", "help"),
];

/// Play mode's first key hints, as every game has them; the game says what Enter does.
pub fn playing(enter: &'static str) -> Vec<Hint> {
    vec![
        ("←↑→↓", "move"),
        ("Enter", enter),
        ("d", "draw"),
        ("u U", "undo redo"),
        ("h", "hint"),
    ]
}

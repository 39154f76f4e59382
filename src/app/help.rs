//! The key hints under the screen and the `?` help overlay, from one table of keys per screen.
//!
//! The tables name the very key codes the app answers to, so a test can press every other key
//! and check that nothing happens: a key the app handles cannot be missing from the help.

use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::app::games::pyramid::{Screen, Session};
use crate::app::theme::Theme;
use crate::app::widgets::popup;

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
    // Read by the tests that hold the handlers to this table.
    #[cfg_attr(not(test), allow(dead_code))]
    pub keys: &'static [Press],
    pub label: &'static str,
    pub what: &'static str,
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

/// The keys that type a deal, the same in every game's editor.
pub const TYPING: &[Binding] = &[
    bind(
        &[Press::Cards],
        "A 2-9 T J Q K",
        "rank (10 works too), then c d h s for the suit",
    ),
    bind(
        ARROWS,
        "arrows, click",
        "move between slots as they lie on the board",
    ),
    bind(
        &[Press::Key(KeyCode::Tab), Press::Key(KeyCode::BackTab)],
        "Tab / Shift-Tab",
        "next / previous slot in deal order",
    ),
    bind(
        &[Press::Key(KeyCode::Home), Press::Key(KeyCode::End)],
        "Home / End",
        "the first / the last slot",
    ),
    bind(
        &[Press::Key(KeyCode::Backspace)],
        "Backspace",
        "clear the previous slot and move back",
    ),
    bind(
        &[Press::Key(KeyCode::Delete)],
        "Delete",
        "clear the slot under the cursor",
    ),
    bind(
        &[ch(' '), ch(',')],
        "Space ,",
        "skipped, so a deal may be typed or pasted with them",
    ),
    bind(
        &[],
        "paste",
        "fills slots from the cursor with a whole deal",
    ),
    bind(&[Press::Key(KeyCode::Esc)], "Esc", "drop a half-typed card"),
    bind(
        &[Press::Ctrl('f')],
        "Ctrl-F",
        "fill the one empty slot with the one missing card",
    ),
];

/// Keys of Pyramid's editor, beside [`TYPING`].
pub const EDITOR: &[Binding] = &[
    bind(
        &[Press::Key(KeyCode::Enter)],
        "Enter",
        "solve the deal (from the marked position)",
    ),
    bind(
        &[Press::Ctrl('p')],
        "Ctrl-P",
        "play the deal from the marked position",
    ),
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
    bind(
        &[ch('g')],
        "g",
        "the challenge: Board, Score (points) or Card (cards of a rank)",
    ),
    bind(
        &[ch('r'), ch('x'), ch('e')],
        "r / x / e",
        "rules: passes / relaxed pairing / clear all 52 cards",
    ),
];

/// Keys while solving and stepping through a solution.
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
        &[ch('p')],
        "p",
        "play on from the step shown (the steps before it to undo)",
    ),
    bind(
        &[Press::Key(KeyCode::Tab)],
        "Tab",
        "a Card challenge's other line (clearing or not)",
    ),
    bind(&[ch('q')], "q", "quit"),
];

/// Keys of play mode.
pub const PLAY: &[Binding] = &[
    bind(
        ARROWS,
        "arrows, click",
        "move between the cards you can take",
    ),
    bind(
        &[Press::Key(KeyCode::Enter), ch(' ')],
        "Enter Space",
        "take the card: a King goes, two cards making 13 go",
    ),
    bind(
        &[ch('d')],
        "d, click Stock",
        "draw (recycle when the stock is empty)",
    ),
    bind(&[ch('r')], "r", "recycle the waste"),
    bind(
        &[Press::Key(KeyCode::Backspace), ch('u'), ch('U')],
        "u Backspace / U",
        "undo / redo, without limit",
    ),
    bind(&[ch('b')], "b", "undo back to the latest winnable position"),
    bind(
        &[ch('h')],
        "h",
        "hint: show the best next move; h again plays it",
    ),
    bind(
        &[ch('s')],
        "s",
        "the rest of the solution from here; p there plays on",
    ),
    bind(
        &[Press::Key(KeyCode::Esc)],
        "Esc",
        "drop the chosen card / back to the deal",
    ),
    bind(&[ch('q')], "q", "quit"),
];

/// Keys that work everywhere.
pub const ANYWHERE: &[Binding] = &[
    bind(
        &[Press::Ctrl('s')],
        "Ctrl-S",
        "save the deal (asks for a name)",
    ),
    bind(
        &[Press::Ctrl('o')],
        "Ctrl-O",
        "open a saved deal or an example",
    ),
    bind(&[Press::Ctrl('n')], "Ctrl-N", "new empty deal"),
    bind(
        &[Press::Ctrl('g')],
        "Ctrl-G",
        "the other game, Pyramid or TriPeaks, with a new deal (from the editor)",
    ),
    bind(
        &[Press::Ctrl('t')],
        "Ctrl-T",
        "next colour theme (kept for the next start)",
    ),
    bind(
        &[ch('?'), Press::Key(KeyCode::F(1))],
        "? or F1",
        "this help (F1 in TriPeaks' editor, where ? is a card)",
    ),
    bind(
        &[Press::Ctrl('q'), Press::Ctrl('c')],
        "Ctrl-Q Ctrl-C",
        "quit",
    ),
];

/// The keys of a screen: its own and those that work everywhere.
#[cfg_attr(not(test), allow(dead_code))]
pub fn bindings(screen: &Screen) -> Vec<&'static Binding> {
    let own = match screen {
        Screen::Editor => return EDITOR.iter().chain(TYPING).chain(ANYWHERE).collect(),
        Screen::Play => PLAY,
        Screen::Solving(_) | Screen::Solution(_) => SOLUTION,
    };
    own.iter().chain(ANYWHERE).collect()
}

/// `b` when undos lead back to a winnable position, else `s`.
fn lost_or_rest(session: &Session) -> (&'static str, &'static str) {
    let back = session
        .play
        .as_ref()
        .map(crate::app::games::pyramid::play::Play::standing);
    match back {
        Some(crate::app::games::pyramid::play::Standing::Lost {
            back: crate::app::games::pyramid::play::Back::Undos(_),
            ..
        }) => ("b", "back to winnable"),
        _ => ("s", "solution"),
    }
}

/// The short hints for the bottom line: the most used keys and `?` for the rest.
pub fn hints(session: &Session) -> Vec<(&'static str, &'static str)> {
    match session.screen {
        Screen::Editor => vec![
            ("←↑→↓", "move"),
            ("Enter", "solve"),
            ("^P", "play"),
            ("^G", "TriPeaks"),
            ("g", "challenge"),
            ("r x e", "rules"),
            ("?", "help"),
        ],
        Screen::Solving(_) => vec![("Esc", "cancel"), ("?", "help"), ("^Q", "quit")],
        // A won game takes no more moves: only what still works.
        Screen::Play
            if session
                .play
                .as_ref()
                .is_some_and(|play| play.position().is_won()) =>
        {
            vec![
                ("u U", "undo redo"),
                ("^N", "new"),
                ("^S", "save"),
                ("Esc", "back"),
                ("?", "help"),
                ("q", "quit"),
            ]
        }
        // Nothing to step through.
        Screen::Solution(ref solution) if solution.moves.is_empty() => vec![
            ("Esc", "back"),
            ("^S", "save"),
            ("?", "help"),
            ("q", "quit"),
        ],
        Screen::Play => vec![
            ("←↑→↓", "move"),
            ("Enter", "take"),
            ("d", "draw"),
            ("u U", "undo redo"),
            ("h", "hint"),
            lost_or_rest(session),
            ("?", "help"),
        ],
        Screen::Solution(_) => vec![
            ("→ ←", "step"),
            ("Home End", "start/end"),
            ("p", "play on"),
            ("Esc", "back"),
            ("^S", "save"),
            ("?", "help"),
            ("q", "quit"),
        ],
    }
}

/// The help's sections; the current screen's comes first.
pub fn sections(session: &Session) -> Vec<(&'static str, &'static [Binding])> {
    let mut sections = vec![
        ("The deal", EDITOR),
        ("Typing cards", TYPING),
        ("Playing", PLAY),
        ("Solving and stepping", SOLUTION),
        ("Anywhere", ANYWHERE),
    ];
    let first = match session.screen {
        Screen::Editor => 0,
        Screen::Play => 2,
        Screen::Solving(_) | Screen::Solution(_) => 3,
    };
    sections[..=first].rotate_right(1);
    sections
}

/// How wide the key column is, its indent included; wrapped descriptions start under it.
const KEY_COLUMN: usize = 20;

/// The help's sections, each a title and its keys.
pub type Sections = [(&'static str, &'static [Binding])];

/// Where the help overlay goes on a screen of `area`: as wide as its longest line where the
/// screen allows.
fn frame(sections: &Sections, area: Rect) -> Rect {
    let widest = sections
        .iter()
        .flat_map(|(_, keys)| keys.iter())
        .map(|binding| KEY_COLUMN + Span::raw(binding.what).width())
        .max()
        .unwrap_or(0);
    let width = u16::try_from(widest + 2)
        .unwrap_or(u16::MAX)
        .min(area.width.saturating_sub(2));
    let height = area.height.saturating_sub(2);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// The help's lines for an overlay `width` columns wide inside: a description that does not
/// fit goes on under itself.
fn lines(sections: &Sections, theme: &Theme, width: u16) -> Vec<Line<'static>> {
    let heading = |text: &'static str| {
        Line::styled(
            text,
            Style::new().fg(theme.title).add_modifier(Modifier::BOLD),
        )
    };
    let room = usize::from(width).saturating_sub(KEY_COLUMN).max(10);
    let mut lines = Vec::new();
    for (title, keys) in sections {
        lines.push(heading(title));
        for binding in *keys {
            let mut label = Some(binding.label);
            for part in wrapped(binding.what, room) {
                let key = label.take().unwrap_or("");
                lines.push(Line::from(vec![
                    Span::styled(
                        format!("  {key:<width$}", width = KEY_COLUMN - 2),
                        Style::new().fg(theme.key),
                    ),
                    Span::raw(part),
                ]));
            }
        }
    }
    lines
}

/// How far the help scrolls at most on a screen of `size`: until its last line shows.
pub fn most_scroll(sections: &Sections, size: Rect, theme: &Theme) -> u16 {
    let rect = frame(sections, size);
    let inner_height = rect.height.saturating_sub(2);
    let count = u16::try_from(lines(sections, theme, rect.width.saturating_sub(2)).len())
        .unwrap_or(u16::MAX);
    count.saturating_sub(inner_height)
}

/// The help overlay, scrolled down `scroll` lines.
pub fn render(sections: &Sections, scroll: u16, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let place = frame(sections, area);
    let rect = popup(area, place.width, place.height, buf, theme);
    let block = Block::bordered()
        .border_style(Style::new().fg(theme.title))
        .title(" Keys ")
        .title_bottom(Line::styled(
            " ↑↓ scroll · any other key closes this help ",
            Style::new().fg(theme.dim),
        ));
    let inner = block.inner(rect);
    block.render(rect, buf);
    let lines = lines(sections, theme, inner.width);
    let most = u16::try_from(lines.len())
        .unwrap_or(u16::MAX)
        .saturating_sub(inner.height);
    Paragraph::new(lines)
        .scroll((scroll.min(most), 0))
        .render(inner, buf);
}

/// `text` in lines of at most `width` columns, broken between words (a word longer than a
/// line is a line of its own).
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let line = lines.last_mut().expect("one line at least");
        let wide = Span::raw(line.as_str()).width();
        if wide > 0 && wide + 1 + Span::raw(word).width() > width {
            lines.push(word.to_string());
        } else {
            if wide > 0 {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

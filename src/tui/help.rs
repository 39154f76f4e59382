//! The key hints under the screen and the `?` help overlay, from one table of keys.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::app::{App, Screen};
use super::view;

/// Keys of the editor.
const EDITOR: &[(&str, &str)] = &[
    (
        "A 2-9 T J Q K",
        "rank (10 works too), then c d h s for the suit",
    ),
    (
        "arrows, click",
        "move between slots as they lie on the board",
    ),
    ("Tab / Shift-Tab", "next / previous slot in deal order"),
    ("Backspace", "clear the previous slot and move back"),
    ("Delete", "clear the slot under the cursor"),
    ("paste", "fills slots from the cursor with a whole deal"),
    (
        "Ctrl-F",
        "fill the one empty slot with the one missing card",
    ),
    ("Enter", "solve the deal (from the marked position)"),
    ("Ctrl-P", "play the deal from the marked position"),
    (
        "- / w / p",
        "game in progress: card gone / waste ends here / pass",
    ),
    (
        "- on empty slot",
        "gone, card unknown: the missing cards are the gone ones",
    ),
    (
        "MSC stock?",
        "restart the deal, draw through the stock once, type it",
    ),
    ("v", "see the marked position as the game shows it"),
    (
        "g",
        "the challenge: Board, Score (points) or Card (cards of a rank)",
    ),
    (
        "r / x / e",
        "rules: passes / relaxed pairing / clear all 52 cards",
    ),
];

/// Keys while solving and stepping through a solution.
const SOLUTION: &[(&str, &str)] = &[
    ("Esc", "cancel the solve / back to the deal"),
    ("→ l Space / ← h", "next / previous step"),
    ("Home / End", "the start / the end"),
    ("Tab", "a Card challenge's other line (clearing or not)"),
    ("q", "quit (outside the editor)"),
];

/// Keys of play mode.
const PLAY: &[(&str, &str)] = &[
    ("arrows, click", "move between the cards you can take"),
    (
        "Enter Space",
        "take the card: a King goes, two cards making 13 go",
    ),
    (
        "d, click Stock",
        "draw (recycle when the stock is empty); r recycles",
    ),
    ("u Backspace / U", "undo / redo, without limit"),
    ("b", "undo back to the latest winnable position"),
    ("h", "hint: show the best next move; h again plays it"),
    ("s", "the rest of the solution from here; p there plays on"),
    ("Esc", "drop the chosen card / back to the deal"),
];

/// Keys that work everywhere.
const ANYWHERE: &[(&str, &str)] = &[
    ("Ctrl-S", "save the deal (asks for a name)"),
    ("Ctrl-O", "open a saved deal or an example"),
    ("Ctrl-N", "new empty deal"),
    ("Ctrl-T", "next colour theme"),
    ("? or F1", "this help"),
    ("Ctrl-Q Ctrl-C", "quit"),
];

/// `b` when undos lead back to a winnable position, else `s`.
fn lost_or_rest(app: &App) -> (&'static str, &'static str) {
    let back = app.play.as_ref().map(super::play::Play::standing);
    match back {
        Some(super::play::Standing::Lost {
            back: super::play::Back::Undos(_),
            ..
        }) => ("b", "back to winnable"),
        _ => ("s", "rest"),
    }
}

/// The short hints for the bottom line.
pub fn hints(app: &App) -> Vec<(&'static str, &'static str)> {
    match app.screen {
        Screen::Editor => vec![
            ("type", "cards"),
            ("←↑→↓", "move"),
            ("Enter", "solve"),
            ("^P", "play"),
            ("^S", "save"),
            ("^O", "open"),
            ("?", "help"),
            ("^Q", "quit"),
        ],
        Screen::Solving(_) => vec![("Esc", "cancel"), ("?", "help"), ("^Q", "quit")],
        Screen::Play => vec![
            ("←↑→↓", "move"),
            ("Enter", "take"),
            ("d", "draw"),
            ("u U", "undo redo"),
            ("h", "hint"),
            lost_or_rest(app),
            ("?", "help"),
            ("q", "quit"),
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
fn sections(app: &App) -> Vec<(&'static str, &'static [(&'static str, &'static str)])> {
    let mut sections = vec![
        ("Typing the deal", EDITOR),
        ("Playing", PLAY),
        ("Solving and stepping", SOLUTION),
        ("Anywhere", ANYWHERE),
    ];
    let first = match app.screen {
        Screen::Editor => 0,
        Screen::Play => 1,
        Screen::Solving(_) | Screen::Solution(_) => 2,
    };
    sections[..=first].rotate_right(1);
    sections
}

/// How far the help can scroll at most: its length.
pub const LINES: u16 = (EDITOR.len() + PLAY.len() + SOLUTION.len() + ANYWHERE.len() + 4) as u16;

/// The help overlay, scrolled down `scroll` lines.
pub fn render(app: &App, scroll: u16, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let rect = view::popup(area, 78, area.height.saturating_sub(2), buf, theme);
    let block = Block::bordered()
        .border_style(Style::new().fg(theme.title))
        .title(" Keys ")
        .title_bottom(Line::styled(
            " ↑↓ scroll · any other key closes this help ",
            Style::new().fg(theme.dim),
        ));
    let inner = block.inner(rect);
    block.render(rect, buf);
    let heading = |text: &'static str| {
        Line::styled(
            text,
            Style::new().fg(theme.title).add_modifier(Modifier::BOLD),
        )
    };
    let mut lines = Vec::new();
    for (title, keys) in sections(app) {
        lines.push(heading(title));
        for (key, what) in keys {
            lines.push(Line::from(vec![
                Span::styled(format!("  {key:<18}"), Style::new().fg(theme.key)),
                Span::raw(*what),
            ]));
        }
    }
    let most = (lines.len() as u16).saturating_sub(inner.height);
    Paragraph::new(lines)
        .scroll((scroll.min(most), 0))
        .render(inner, buf);
}

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
    ("Enter", "solve the deal"),
];

/// Keys while solving and stepping through a solution.
const SOLUTION: &[(&str, &str)] = &[
    ("Esc", "cancel the solve / back to the deal"),
    ("→ l Space / ← h", "next / previous step"),
    ("Home / End", "the start / the end"),
    ("q", "quit (outside the editor)"),
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

/// The short hints for the bottom line.
pub fn hints(app: &App) -> Vec<(&'static str, &'static str)> {
    match app.screen {
        Screen::Editor => vec![
            ("type", "cards"),
            ("←↑→↓", "move"),
            ("Enter", "solve"),
            ("^S", "save"),
            ("^O", "open"),
            ("^N", "new"),
            ("?", "help"),
            ("^Q", "quit"),
        ],
        Screen::Solving(_) => vec![("Esc", "cancel"), ("?", "help"), ("^Q", "quit")],
        Screen::Solution(_) => vec![
            ("→ ←", "step"),
            ("Home End", "start/end"),
            ("Esc", "edit"),
            ("^S", "save"),
            ("^O", "open"),
            ("?", "help"),
            ("q", "quit"),
        ],
    }
}

/// The help overlay.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let rect = view::popup(area, 78, 24, buf, theme);
    let block = Block::bordered()
        .border_style(Style::new().fg(theme.title))
        .title(" Keys ")
        .title_bottom(Line::styled(
            " any key closes this help ",
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
    for (title, keys) in [
        ("Typing the deal", EDITOR),
        ("Solving and stepping", SOLUTION),
        ("Anywhere", ANYWHERE),
    ] {
        lines.push(heading(title));
        for (key, what) in keys {
            lines.push(Line::from(vec![
                Span::styled(format!("  {key:<18}"), Style::new().fg(theme.key)),
                Span::raw(*what),
            ]));
        }
    }
    Paragraph::new(lines).render(inner, buf);
}

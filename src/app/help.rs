//! The `?` help overlay: the game's keys, screen by screen (the current screen's first), and
//! the keys that work anywhere, which are the shell's.

use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::app::flow::keys::{Binding, Press, bind, ch};
use crate::app::theme::Theme;
use crate::app::widgets::popup;

/// Keys that work everywhere, the help's own worded by `$help`.
macro_rules! anywhere {
    ($help:expr) => {
        &[
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
                "the next game, with a new deal (from the editor)",
            ),
            bind(
                &[Press::Ctrl('r')],
                "Ctrl-R",
                "a random deal of the game on screen, its seed shown (from the editor)",
            ),
            bind(
                &[Press::Ctrl('y')],
                "Ctrl-Y",
                "copy out the deal (the solution, on its screen): clipboard and a file",
            ),
            bind(
                &[Press::Ctrl('t')],
                "Ctrl-T",
                "next colour theme (kept for the next start)",
            ),
            bind(&[ch('?'), Press::Key(KeyCode::F(1))], "? or F1", $help),
            bind(
                &[Press::Ctrl('q'), Press::Ctrl('c')],
                "Ctrl-Q Ctrl-C",
                "quit (asks only when work would be lost; n stays, and a question it \
                 covered comes back)",
            ),
        ]
    };
}

/// Keys that work everywhere, in a game whose editor takes `?` as a key like any other.
const ANYWHERE: &[Binding] = anywhere!("this help");

/// Keys that work everywhere, in a game whose editor types `?` as a card not seen yet.
const ANYWHERE_QUESTION_A_CARD: &[Binding] =
    anywhere!("this help (F1 in the editor, where ? is a card not seen yet)");

/// The keys that work everywhere, their help's worded for the game on screen: whether its
/// editor types `?` as a card, which leaves F1 alone to open the help there.
pub fn anywhere(question_is_a_card: bool) -> &'static [Binding] {
    if question_is_a_card {
        ANYWHERE_QUESTION_A_CARD
    } else {
        ANYWHERE
    }
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

/// The help's keys, for the key bar while it is open.
pub const KEYS: [(&str, &str); 3] = [
    ("↑↓", "scroll"),
    ("PgUp PgDn", "page"),
    ("any other key", "closes the help"),
];

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

//! Drawing one card cell, in any game: the card in letters or symbols (or `??`, a card's back,
//! nothing), and the marks around it (cursor, hint, chosen, covered); and finding the nearest
//! cell in an arrow's direction.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use solitaire::cards::card::Card;
use solitaire::cards::names::Notation;

use crate::app::theme::Theme;

/// Characters per card cell: a space, the two-character card, a space.
pub const CELL: u16 = 4;

/// An arrow direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

/// The cell nearest to `from` in a direction among `cells`, as the board looks: preferring
/// the nearest line and then the nearest column. `None` at an edge.
pub fn nearest<T: Copy>(
    from: Rect,
    cells: impl Iterator<Item = (T, Rect)>,
    direction: Direction,
) -> Option<T> {
    let centre = |r: Rect| (i32::from(r.x) * 2 + i32::from(r.width), i32::from(r.y));
    let (x0, y0) = centre(from);
    let mut best: Option<((i32, i32), T)> = None;
    for (item, rect) in cells {
        let (x, y) = centre(rect);
        let (dx, dy) = (x - x0, y - y0);
        let key = match direction {
            Direction::Up if dy < 0 => (-dy, dx.abs()),
            Direction::Down if dy > 0 => (dy, dx.abs()),
            Direction::Left if dy == 0 && dx < 0 => (0, -dx),
            Direction::Right if dy == 0 && dx > 0 => (0, dx),
            _ => continue,
        };
        if best.is_none_or(|(k, _)| key < k) {
            best = Some((key, item));
        }
    }
    best.map(|(_, item)| item)
}

/// How a card is shown: letters or Unicode suit symbols.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardText {
    pub ascii: bool,
}

impl CardText {
    /// The notation the app writes cards in: symbols unless `--ascii` asked for letters.
    pub fn notation(self) -> Notation {
        if self.ascii {
            Notation::Letters
        } else {
            Notation::Symbols
        }
    }

    /// The two characters of a card.
    pub fn of(self, card: Card) -> String {
        card.named(self.notation()).to_string()
    }

    /// A message composed with cards in letters, its card names written as the board shows
    /// them. Every message the app shows goes through here.
    pub fn names(self, message: &str) -> String {
        self.notation().rewrite(message)
    }

    /// A card as a coloured span.
    pub fn span(self, card: Card, theme: &Theme) -> Span<'static> {
        Span::styled(self.of(card), Style::new().fg(theme.suit(card.suit())))
    }

    /// A card in a list of steps: coloured, `??` when unknown, dimmed in a step done.
    pub fn step_span(self, card: Option<Card>, theme: &Theme, done: bool) -> Span<'static> {
        let span = card.map_or_else(|| Span::raw("??"), |card| self.span(card, theme));
        if done {
            span.patch_style(Style::new().add_modifier(Modifier::DIM))
        } else {
            span
        }
    }
}

/// What a slot looks like beyond its card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mark {
    #[default]
    Plain,
    Cursor,
    Invalid,
    Hint,
    /// The first card of a pair, chosen in play.
    Selected,
    /// Marked as already gone, in a game entered part-way through.
    Gone,
    /// Marked as gone where no game can have taken it yet: the mark and the error both show.
    GoneInvalid,
    /// Covered: in the game but not playable yet.
    Covered,
}

/// How play mode marks a card: the one chosen first, the cursor's, the hint's, or plain.
pub fn play_mark(chosen: bool, cursor: bool, hint: bool) -> Mark {
    if chosen {
        Mark::Selected
    } else if cursor {
        Mark::Cursor
    } else if hint {
        Mark::Hint
    } else {
        Mark::Plain
    }
}

/// What a cell shows between its marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    Card(Card),
    /// A card there but not known yet: `??`.
    Unknown,
    /// A card lying face down: `▒▒`, `##` with `--ascii`.
    Back,
    /// No card: `··`.
    Empty,
}

/// Draws one cell showing any face: a card, `??`, a card's back or nothing.
pub fn draw_face(
    buf: &mut Buffer,
    rect: Rect,
    face: Face,
    mark: Mark,
    text: CardText,
    theme: &Theme,
) {
    let (open, close) = match mark {
        Mark::Cursor => ("[", "]"),
        Mark::Hint => ("»", "«"),
        Mark::Selected => ("<", ">"),
        Mark::Gone | Mark::GoneInvalid => ("(", ")"),
        _ => (" ", " "),
    };
    let frame = match mark {
        Mark::Cursor => Style::new().fg(theme.cursor).add_modifier(Modifier::BOLD),
        Mark::Hint | Mark::Selected => Style::new().fg(theme.highlight_move),
        Mark::Gone => Style::new().fg(theme.dim),
        Mark::GoneInvalid => Style::new().fg(theme.invalid).add_modifier(Modifier::BOLD),
        _ => Style::new(),
    };
    let line = Line::from(vec![
        Span::styled(open, frame),
        face_span(face, mark, text, theme),
        Span::styled(close, frame),
    ]);
    line.render(rect, buf);
}

/// A face's two characters, styled as its mark says, without the marks around it: what a
/// board too narrow for them draws (the style alone shows the mark).
pub fn face_span(face: Face, mark: Mark, text: CardText, theme: &Theme) -> Span<'static> {
    let (label, style) = match face {
        Face::Card(card) => (
            text.of(card),
            Style::new().fg(theme.suit(card.suit())).bg(theme.card_face),
        ),
        Face::Unknown => (
            "??".to_string(),
            Style::new().fg(theme.text).bg(theme.card_face),
        ),
        Face::Back => {
            let back = if text.ascii { "##" } else { "▒▒" };
            (back.to_string(), Style::new().fg(theme.border))
        }
        Face::Empty => {
            let empty = if text.ascii { ".." } else { "··" };
            (empty.to_string(), Style::new().fg(theme.dim))
        }
    };
    let style = match mark {
        Mark::Invalid => style.fg(theme.invalid).add_modifier(Modifier::REVERSED),
        Mark::Hint => style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        Mark::Selected => style.add_modifier(Modifier::REVERSED),
        Mark::Cursor => style.add_modifier(Modifier::BOLD),
        Mark::Covered => style.add_modifier(Modifier::DIM),
        Mark::Gone => style.add_modifier(Modifier::DIM | Modifier::CROSSED_OUT),
        Mark::GoneInvalid => style
            .fg(theme.invalid)
            .add_modifier(Modifier::BOLD | Modifier::CROSSED_OUT),
        Mark::Plain => style,
    };
    Span::styled(label, style)
}

/// Draws a half-typed card (`7_`) in a slot, framed as the cursor.
pub fn draw_pending(buf: &mut Buffer, rect: Rect, pending: &str, theme: &Theme) {
    let frame = Style::new().fg(theme.cursor).add_modifier(Modifier::BOLD);
    Line::from(vec![
        Span::styled("[", frame),
        Span::styled(pending.to_string(), Style::new().fg(theme.warning)),
        Span::styled("]", frame),
    ])
    .render(rect, buf);
}

//! Where the cards go on screen, and drawing them: the pyramid as the game lays it out, the
//! stock and the waste.
//!
//! One geometry function serves drawing, mouse clicks and arrow keys, so that what the arrows
//! do always matches what the screen shows.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Point, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use pyramid::card::Card;
use pyramid::deck::{DECK_SIZE, PYRAMID_ROWS, PYRAMID_SIZE, STOCK_SIZE};
use pyramid::pyramid::{Position, layout};

use crate::theme::Theme;

/// Characters per card cell: a space, the two-character card, a space.
pub const CELL: u16 = 4;
/// Stock slots per line in the editor.
const STOCK_PER_LINE: usize = 12;
/// The width the editor board needs.
pub const EDITOR_WIDTH: u16 = STOCK_PER_LINE as u16 * CELL;
/// The height the editor board needs: pyramid, gap, label, two stock lines.
pub const EDITOR_HEIGHT: u16 = PYRAMID_ROWS as u16 + 4;
/// The width of the pyramid's bottom row.
const PYRAMID_WIDTH: u16 = PYRAMID_ROWS as u16 * CELL;

/// The screen cell of each slot, in deal order, for a board drawn in `area`.
pub fn slot_rects(area: Rect) -> [Rect; DECK_SIZE] {
    let mut rects = [Rect::default(); DECK_SIZE];
    let pyramid_left = area.x + area.width.saturating_sub(PYRAMID_WIDTH) / 2;
    for (index, rect) in rects.iter_mut().enumerate().take(PYRAMID_SIZE) {
        let (row, col) = layout::row_col(index);
        let x = pyramid_left + (PYRAMID_ROWS - 1 - row) as u16 * CELL / 2 + col as u16 * CELL;
        *rect = Rect::new(x, area.y + row as u16, CELL, 1);
    }
    let stock_left = area.x + area.width.saturating_sub(EDITOR_WIDTH) / 2;
    for i in 0..STOCK_SIZE {
        let x = stock_left + (i % STOCK_PER_LINE) as u16 * CELL;
        let y = area.y + PYRAMID_ROWS as u16 + 2 + (i / STOCK_PER_LINE) as u16;
        rects[PYRAMID_SIZE + i] = Rect::new(x, y, CELL, 1).intersection(area);
    }
    rects
}

/// The slot at a screen cell, if any.
pub fn slot_at(area: Rect, column: u16, row: u16) -> Option<usize> {
    slot_rects(area)
        .iter()
        .position(|rect| rect.contains(Point::new(column, row)))
}

/// An arrow direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

/// The slot an arrow key leads to from `from`, as the board looks: the nearest slot that way,
/// preferring the nearest line and then the nearest column. Stays put at an edge.
pub fn neighbour(from: usize, direction: Direction) -> usize {
    let rects = slot_rects(Rect::new(0, 0, EDITOR_WIDTH, EDITOR_HEIGHT));
    let centre = |r: Rect| (i32::from(r.x) * 2 + i32::from(r.width), i32::from(r.y));
    let (x0, y0) = centre(rects[from]);
    let mut best: Option<((i32, i32), usize)> = None;
    for (index, &rect) in rects.iter().enumerate() {
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
            best = Some((key, index));
        }
    }
    best.map_or(from, |(_, index)| index)
}

/// How a card is shown: letters or Unicode suit symbols.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardText {
    pub ascii: bool,
}

impl CardText {
    /// The two characters of a card.
    pub fn of(self, card: Card) -> String {
        if self.ascii {
            card.to_string()
        } else {
            card.symbol_text()
        }
    }

    /// A card as a coloured span.
    pub fn span(self, card: Card, theme: &Theme) -> Span<'static> {
        Span::styled(self.of(card), Style::new().fg(theme.suit(card.suit())))
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
    /// Covered: in the game but not playable yet.
    Covered,
}

/// Draws one cell: `[Th]` under the cursor, ` Th ` otherwise, ` ·· ` when empty.
pub fn draw_cell(
    buf: &mut Buffer,
    rect: Rect,
    card: Option<Card>,
    mark: Mark,
    text: CardText,
    theme: &Theme,
) {
    let empty = if text.ascii { ".." } else { "··" };
    let (label, mut style) = match card {
        Some(card) => (
            text.of(card),
            Style::new().fg(theme.suit(card.suit())).bg(theme.card_face),
        ),
        None => (empty.to_string(), Style::new().fg(theme.dim)),
    };
    let (open, close) = match mark {
        Mark::Cursor => ("[", "]"),
        Mark::Hint => ("»", "«"),
        _ => (" ", " "),
    };
    let frame = match mark {
        Mark::Cursor => Style::new().fg(theme.cursor).add_modifier(Modifier::BOLD),
        Mark::Hint => Style::new().fg(theme.highlight_move),
        _ => Style::new(),
    };
    style = match mark {
        Mark::Invalid => style.fg(theme.invalid).add_modifier(Modifier::REVERSED),
        Mark::Hint => style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        Mark::Cursor => style.add_modifier(Modifier::BOLD),
        Mark::Covered => style.add_modifier(Modifier::DIM),
        Mark::Plain => style,
    };
    let line = Line::from(vec![
        Span::styled(open, frame),
        Span::styled(label, style),
        Span::styled(close, frame),
    ]);
    line.render(rect, buf);
}

/// The editor's board: all 52 slots, with the cursor and the duplicates marked.
pub struct EditorBoard<'a> {
    pub slots: &'a [Option<Card>; DECK_SIZE],
    pub cursor: usize,
    pub invalid: &'a [usize],
    pub text: CardText,
    pub theme: &'a Theme,
}

impl Widget for &EditorBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let rects = slot_rects(area);
        for (index, &rect) in rects.iter().enumerate() {
            let mark = if index == self.cursor {
                Mark::Cursor
            } else if self.invalid.contains(&index) {
                Mark::Invalid
            } else {
                Mark::Plain
            };
            draw_cell(buf, rect, self.slots[index], mark, self.text, self.theme);
        }
        let label_y = area.y + PYRAMID_ROWS as u16 + 1;
        if label_y < area.bottom() {
            let label = Line::styled(
                "Stock, top card first (1-12, then 13-24)",
                Style::new().fg(self.theme.dim),
            );
            label
                .centered()
                .render(Rect::new(area.x, label_y, area.width, 1), buf);
        }
    }
}

/// The pyramid of a position in play, with the cards of the next move marked.
pub struct PlayPyramid<'a> {
    pub position: &'a Position,
    pub hint: &'a [usize],
    pub text: CardText,
    pub theme: &'a Theme,
}

impl Widget for &PlayPyramid<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let rects = slot_rects(area);
        for (index, card) in self.position.pyramid().iter().enumerate() {
            let mark = if self.hint.contains(&index) {
                Mark::Hint
            } else if self.position.is_uncovered(index) {
                Mark::Plain
            } else {
                Mark::Covered
            };
            match card {
                Some(_) => draw_cell(buf, rects[index], *card, mark, self.text, self.theme),
                None => Line::raw("    ").render(rects[index], buf),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_move_as_the_board_looks() {
        use Direction::{Down, Right, Up};
        // The apex: down goes to the left card of row 2 (the nearer of two equal ones).
        assert_eq!(neighbour(0, Down), 1);
        assert_eq!(neighbour(1, Right), 2);
        assert_eq!(neighbour(2, Right), 2, "no wrapping at the edge");
        assert_eq!(neighbour(2, Up), 0);
        // Row 7's first card, then down into the stock's first line, then to its second.
        assert_eq!(neighbour(21, Down), 28 + 2);
        assert_eq!(neighbour(28, Down), 40);
        assert_eq!(neighbour(40, Up), 28);
        assert_eq!(neighbour(33, Up), 23);
        assert_eq!(neighbour(0, Up), 0);
    }

    #[test]
    fn every_slot_has_its_own_cell_and_clicks_find_it() {
        let area = Rect::new(3, 2, EDITOR_WIDTH + 6, EDITOR_HEIGHT);
        let rects = slot_rects(area);
        for (index, rect) in rects.iter().enumerate() {
            assert_eq!(slot_at(area, rect.x + 1, rect.y), Some(index));
        }
        assert_eq!(slot_at(area, 0, 0), None);
    }
}

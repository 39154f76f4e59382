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

use solitaire::cards::card::Card;
use solitaire::cards::deal::DECK_SIZE;
use solitaire::games::pyramid::layout::{PYRAMID_ROWS, PYRAMID_SIZE, STOCK_SIZE};
use solitaire::games::pyramid::{Midgame, Place, Position, layout};

use crate::app::cards::{
    CELL, CardText, Direction, Face, Mark, draw_face, draw_pending, nearest, play_mark,
};
use crate::app::flow::Typing;
use crate::app::layout::{BOARD_HEIGHT, BOARD_WIDTH};
use crate::app::theme::Theme;

/// Stock slots per line in the editor: as many as the board's width holds.
const STOCK_PER_LINE: usize = (BOARD_WIDTH / CELL) as usize;

// The editor fills the board: the pyramid, a gap, a label and two stock lines.
const _: () = assert!(PYRAMID_ROWS as u16 + 4 == BOARD_HEIGHT);
const _: () = assert!(STOCK_SIZE.div_ceil(STOCK_PER_LINE) == 2);

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
    let stock_left = area.x + area.width.saturating_sub(BOARD_WIDTH) / 2;
    for i in 0..STOCK_SIZE {
        let x = stock_left + (i % STOCK_PER_LINE) as u16 * CELL;
        let y = area.y + PYRAMID_ROWS as u16 + 2 + (i / STOCK_PER_LINE) as u16;
        rects[PYRAMID_SIZE + i] = Rect::new(x, y, CELL, 1).intersection(area);
    }
    rects
}

/// The line of the play board that shows the stock; the waste is on the next one, then the
/// pass.
const PILES_ROW: u16 = PYRAMID_ROWS as u16 + 1;
/// The width of a pile's label, "Stock 24  ", before its top card.
pub const PILE_LABEL: u16 = 10;

/// The cell of a place on the play board drawn in `area`.
pub fn place_rect(area: Rect, place: Place) -> Rect {
    let pile = |line: u16| Rect::new(area.x + 1 + PILE_LABEL, area.y + PILES_ROW + line, CELL, 1);
    match place {
        Place::Pyramid(i) => slot_rects(area)[i as usize],
        Place::Stock => pile(0),
        Place::Waste => pile(1),
    }
}

/// The line of a pile on the play board: stock first, then waste, then the pass.
pub fn pile_row(area: Rect, line: u16) -> Rect {
    Rect::new(
        area.x + 1,
        area.y + PILES_ROW + line,
        area.width.saturating_sub(1),
        1,
    )
}

/// What a click on the play board hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    Card(Place),
    /// The stock's label: draw (or recycle), as a click on the stock does in the game.
    Draw,
}

/// The spot at a screen cell of the play board, if any.
pub fn spot_at(area: Rect, column: u16, row: u16) -> Option<Spot> {
    let point = Point::new(column, row);
    let places = (0..PYRAMID_SIZE as u8)
        .map(Place::Pyramid)
        .chain([Place::Stock, Place::Waste]);
    for place in places {
        if place_rect(area, place).contains(point) {
            return Some(Spot::Card(place));
        }
    }
    let mut label = pile_row(area, 0);
    label.width = PILE_LABEL;
    label.contains(point).then_some(Spot::Draw)
}

/// The place an arrow key leads to in play mode, among the places the cursor may go.
pub fn play_neighbour(area: Rect, from: Place, places: &[Place], direction: Direction) -> Place {
    let cells = places.iter().map(|&p| (p, place_rect(area, p)));
    nearest(place_rect(area, from), cells, direction).unwrap_or(from)
}

/// The editor's board: all 52 slots, with the cursor, the problems, the cards marked gone
/// and where the waste ends.
pub struct EditorBoard<'a> {
    pub typing: Typing<'a>,
    pub midgame: &'a Midgame,
    pub text: CardText,
    pub theme: &'a Theme,
}

impl Widget for &EditorBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let rects = slot_rects(area);
        for (index, &rect) in rects.iter().enumerate() {
            let mark = match (self.typing.mark(index), self.midgame.is_gone(index)) {
                (Mark::Invalid, true) => Mark::GoneInvalid,
                (Mark::Plain, true) => Mark::Gone,
                (mark, _) => mark,
            };
            // A card gone and not known shows as a gap, `(..)`; one not seen yet as `??`.
            let face = match self.typing.face(index, false) {
                Face::Unknown if self.midgame.is_gone(index) => Face::Empty,
                face => face,
            };
            draw_face(buf, rect, face, mark, self.text, self.theme);
            if let Some(pending) = self.typing.pending_at(index) {
                draw_pending(buf, rect, pending, self.theme);
            }
        }
        // The cursor's bracket wins over the bar; the label below still says where it is.
        let waste_end = self
            .midgame
            .waste_to
            .filter(|&s| s >= PYRAMID_SIZE && s != self.typing.cursor);
        if let Some(end) = waste_end {
            // A bar after the waste's last slot: the waste is to its left.
            let rect = rects[end];
            let bar = Rect::new(rect.right().saturating_sub(1), rect.y, 1, 1).intersection(area);
            Span::styled(
                "|",
                Style::new()
                    .fg(self.theme.highlight_move)
                    .add_modifier(Modifier::BOLD),
            )
            .render(bar, buf);
        }
        let label_y = area.y + PYRAMID_ROWS as u16 + 1;
        if label_y < area.bottom() {
            let text = match self.midgame.waste_to {
                Some(end) if end >= PYRAMID_SIZE => {
                    format!("Waste 1-{} | stock, top card first", end - PYRAMID_SIZE + 1)
                }
                _ => "Stock, top card first (1-12, then 13-24)".to_string(),
            };
            Line::styled(text, Style::new().fg(self.theme.dim))
                .centered()
                .render(Rect::new(area.x, label_y, area.width, 1), buf);
        }
    }
}

/// A position in play: the pyramid with removed cards as gaps, the stock and the waste with
/// their counts and top cards, and the pass; with the cursor, the chosen card and a hint.
pub struct PlayBoard<'a> {
    pub position: &'a Position,
    pub hint: &'a [Place],
    pub cursor: Option<Place>,
    pub selected: Option<Place>,
    pub text: CardText,
    pub theme: &'a Theme,
}

impl PlayBoard<'_> {
    /// A card as the player sees it: `??` while it is not known.
    fn face(&self, card: Card) -> Face {
        if self.position.is_unknown(card) {
            Face::Unknown
        } else {
            Face::Card(card)
        }
    }

    fn mark(&self, place: Place) -> Mark {
        play_mark(
            self.selected == Some(place),
            self.cursor == Some(place),
            self.hint.contains(&place),
        )
    }

    /// "Stock 14 " then the top card's cell, then the next few cards, dimmed.
    fn pile(&self, place: Place, line: u16, area: Rect, buf: &mut Buffer) {
        let position = self.position;
        let cards: Vec<Card> = match place {
            Place::Stock => position.stock_top_first().collect(),
            _ => position
                .waste_bottom_first()
                .iter()
                .rev()
                .copied()
                .collect(),
        };
        let label = if place == Place::Stock {
            "Stock"
        } else {
            "Waste"
        };
        let row = pile_row(area, line);
        if row.y >= area.bottom() {
            return;
        }
        Span::styled(
            format!("{label} {:>2}", cards.len()),
            Style::new().fg(self.theme.dim),
        )
        .render(row, buf);
        let top = place_rect(area, place);
        let face = cards.first().map_or(Face::Empty, |&card| self.face(card));
        draw_face(buf, top, face, self.mark(place), self.text, self.theme);
        const SHOWN: usize = 8;
        let mut spans = Vec::new();
        for &card in cards.iter().skip(1).take(SHOWN) {
            // Dimmed, `??` while not known.
            let known = (!self.position.is_unknown(card)).then_some(card);
            spans.push(self.text.step_span(known, self.theme, true));
            spans.push(Span::raw(" "));
        }
        if cards.len() > SHOWN + 1 {
            spans.push(Span::styled(
                format!("+{}", cards.len() - SHOWN - 1),
                Style::new().fg(self.theme.dim),
            ));
        }
        let rest = Rect::new(
            top.right() + 1,
            row.y,
            row.right().saturating_sub(top.right() + 1),
            1,
        );
        Line::from(spans).render(rest, buf);
    }
}

impl Widget for &PlayBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let rects = slot_rects(area);
        // Relaxed pairing lets these covered cards go with their last cover: not dimmed.
        let overlapped = self.position.overlapped();
        for (index, card) in self.position.pyramid().iter().enumerate() {
            let place = Place::Pyramid(index as u8);
            let mark = match self.mark(place) {
                Mark::Plain
                    if !self.position.is_uncovered(index) && !overlapped.contains(&place) =>
                {
                    Mark::Covered
                }
                mark => mark,
            };
            match card {
                Some(card) => {
                    let face = self.face(*card);
                    draw_face(buf, rects[index], face, mark, self.text, self.theme);
                }
                None => Line::raw("    ").render(rects[index], buf),
            }
        }
        self.pile(Place::Stock, 0, area, buf);
        self.pile(Place::Waste, 1, area, buf);
        let pass = pile_row(area, 2);
        if pass.y < area.bottom() {
            Line::styled(pass_text(self.position), Style::new().fg(self.theme.dim))
                .render(pass, buf);
        }
    }
}

/// "pass 2 of 3".
pub fn pass_text(position: &Position) -> String {
    match position.rules().max_recycles() {
        Some(recycles) => format!("pass {} of {}", position.pass(), recycles + 1),
        None => format!("pass {}", position.pass()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::layout::{neighbour, slot_at};

    #[test]
    fn arrows_move_as_the_board_looks() {
        use Direction::{Down, Right, Up};
        // The apex: down goes to the left card of row 2 (the nearer of two equal ones).
        assert_eq!(neighbour(slot_rects, 0, Down), 1);
        assert_eq!(neighbour(slot_rects, 1, Right), 2);
        assert_eq!(
            neighbour(slot_rects, 2, Right),
            2,
            "no wrapping at the edge"
        );
        assert_eq!(neighbour(slot_rects, 2, Up), 0);
        // Row 7's first card, then down into the stock's first line, then to its second.
        assert_eq!(neighbour(slot_rects, 21, Down), 28 + 2);
        assert_eq!(neighbour(slot_rects, 28, Down), 40);
        assert_eq!(neighbour(slot_rects, 40, Up), 28);
        assert_eq!(neighbour(slot_rects, 33, Up), 23);
        assert_eq!(neighbour(slot_rects, 0, Up), 0);
    }

    #[test]
    fn every_slot_has_its_own_cell_and_clicks_find_it() {
        let area = Rect::new(3, 2, BOARD_WIDTH + 6, BOARD_HEIGHT);
        let rects = slot_rects(area);
        for (index, rect) in rects.iter().enumerate() {
            assert_eq!(slot_at(slot_rects, area, rect.x + 1, rect.y), Some(index));
        }
        assert_eq!(slot_at(slot_rects, area, 0, 0), None);
    }
}

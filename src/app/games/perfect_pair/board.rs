//! Where Perfect Pair's cards go on screen, and drawing them: the ladder's rows one under
//! another, the shaft down the middle, each row's left line running left from it and its
//! right line running right, the available card of each line next to the shaft (a line
//! longer than a screen line goes on under itself). In the editor every place of the layout
//! typed; in play and in the stepper the cards still in the lines, the covered ones dimmed,
//! and the free cells on the top line.
//!
//! One geometry serves drawing, mouse clicks and arrow keys, so that what the arrows do
//! always matches what the screen shows. The board fills the area every game draws in.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Point, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use solitaire::cards::card::Card;
use solitaire::cards::deal::DECK_SIZE;
use solitaire::games::perfect_pair::layout::line_number;
use solitaire::games::perfect_pair::{Move, Place, Position, Side};

use crate::app::cards::{CELL, CardText, Direction, Face, Mark, draw_face, draw_pending, nearest};
use crate::app::flow::editor::Marks as _;
use crate::app::flow::{Typing, board};
use crate::app::games::perfect_pair::editor::{PairMarks, Shape};
use crate::app::games::perfect_pair::shape::{FIRST_ROW, PER_LINE, row_lines};
use crate::app::theme::Theme;

/// Columns from one card of a line to the next: cells overlap by their frame's column, so
/// that a line of seven fits on each side.
const STEP: u16 = 3;
/// The first screen line of each row, from the board's top.
fn row_tops(shape: &[[usize; 2]]) -> Vec<u16> {
    let mut top = FIRST_ROW;
    shape
        .iter()
        .map(|&sides| {
            let this = top;
            top += row_lines(sides) as u16;
            this
        })
        .collect()
}

/// The shaft's column on a board drawn in `area`.
fn shaft_x(area: Rect) -> u16 {
    area.x + area.width / 2
}

/// The cell of a card at `depth` from the available end of a line on `side`, for a row
/// whose first screen line is `top`.
fn card_rect(area: Rect, top: u16, side: Side, depth: usize) -> Rect {
    let (line, at) = ((depth / PER_LINE) as u16, (depth % PER_LINE) as u16);
    let shaft = shaft_x(area);
    let x = match side {
        Side::Left => shaft.saturating_sub(CELL + 1 + STEP * at),
        Side::Right => shaft + 2 + STEP * at,
    };
    Rect::new(x, area.y + top + line, CELL, 1).intersection(area)
}

/// The screen cell of each slot of the editor's layout, in slot order; an empty rectangle
/// for a slot past the layout's places.
pub fn slot_rects(marks: &PairMarks, area: Rect) -> [Rect; DECK_SIZE] {
    let mut rects = [Rect::default(); DECK_SIZE];
    let tops = row_tops(&marks.shape);
    for (slot, rect) in rects.iter_mut().enumerate() {
        if let Some(at) = marks.place_of(slot) {
            *rect = card_rect(area, tops[at.row], at.side, at.depth);
        }
    }
    rects
}

/// Writes text in the board's dim colour at a cell, when the board has it.
fn label(area: Rect, x: u16, y: u16, text: &str, buf: &mut Buffer, theme: &Theme) {
    let spot = Rect::new(x, y, area.right().saturating_sub(x), 1).intersection(area);
    if !spot.is_empty() {
        Line::styled(text.to_string(), Style::new().fg(theme.dim)).render(spot, buf);
    }
}

/// The shaft down the middle of each row's lines, its number on the row's first line.
fn draw_shaft(area: Rect, shape: &[[usize; 2]], text: CardText, buf: &mut Buffer, theme: &Theme) {
    let shaft = shaft_x(area);
    let bar = if text.ascii { "|" } else { "│" };
    for (row, (&top, &sides)) in row_tops(shape).iter().zip(shape).enumerate() {
        let number = (row + 1).to_string();
        let x = shaft + 1 - number.len() as u16;
        label(area, x, area.y + top, &number, buf, theme);
        for line in 1..row_lines(sides) as u16 {
            label(area, shaft, area.y + top + line, bar, buf, theme);
        }
    }
}

/// Draws cells in order, the marked ones after the plain ones and the cursor last, so that
/// their frames show over the cells they overlap.
fn draw_cells(buf: &mut Buffer, cells: &[(Rect, Face, Mark)], text: CardText, theme: &Theme) {
    let rank = |mark: Mark| match mark {
        Mark::Plain | Mark::Covered => 0,
        Mark::Cursor => 2,
        _ => 1,
    };
    let mut order: Vec<&(Rect, Face, Mark)> = cells.iter().collect();
    order.sort_by_key(|(_, _, mark)| rank(*mark));
    for &(rect, face, mark) in order {
        draw_face(buf, rect, face, mark, text, theme);
    }
}

/// The editor's board: every place of the layout typed, with the cursor and the problems.
pub struct EditorBoard<'a> {
    pub marks: &'a PairMarks,
    pub typing: Typing<'a>,
    pub text: CardText,
    pub theme: &'a Theme,
}

impl Widget for &EditorBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let shaft = shaft_x(area);
        let left = "left line";
        let x = shaft.saturating_sub(left.len() as u16 + 3);
        label(area, x, area.y, left, buf, self.theme);
        label(area, shaft - 1, area.y, "row", buf, self.theme);
        label(area, shaft + 3, area.y, "right line", buf, self.theme);
        draw_shaft(area, &self.marks.shape, self.text, buf, self.theme);
        let rects = slot_rects(self.marks, area);
        let cells: Vec<(Rect, Face, Mark)> = (0..self.marks.slots().min(DECK_SIZE))
            .map(|slot| {
                let face = self.typing.slots[slot].map_or(Face::Empty, Face::Card);
                // Deeper cards first: each card's frame shows over the one under it.
                (rects[slot], face, self.typing.mark(slot))
            })
            .rev()
            .collect();
        draw_cells(buf, &cells, self.text, self.theme);
        let cursor = self.typing.cursor;
        if let Some(pending) = self.typing.pending_at(cursor) {
            draw_pending(buf, rects[cursor], pending, self.theme);
        }
    }
}

/// What the cursor or a click can be on in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Spot {
    /// A line's available card, by the line's number (`2 * row`, plus 1 on the right).
    Line(usize),
    /// A free cell.
    Cell(usize),
}

/// The shape of a position's layout, as dealt.
fn shape_of(position: &Position) -> Shape {
    position
        .layout()
        .rows()
        .iter()
        .map(|row| [row.left.len(), row.right.len()])
        .collect()
}

/// Where the free cells' label ends, and each cell's width with its gap.
const CELLS_X: u16 = 12;
const CELL_GAP: u16 = 5;

/// A free cell's place on the top line.
fn cell_rect(area: Rect, cell: usize) -> Rect {
    Rect::new(area.x + CELLS_X + CELL_GAP * cell as u16, area.y, CELL, 1).intersection(area)
}

/// Where a spot is on a board drawn in `area` for this position.
pub fn spot_rect(area: Rect, position: &Position, spot: Spot) -> Rect {
    match spot {
        Spot::Cell(cell) => cell_rect(area, cell),
        Spot::Line(line) => {
            let tops = row_tops(&shape_of(position));
            card_rect(area, tops[line / 2], Side::BOTH[line % 2], 0)
        }
    }
}

/// The spots of a position: each line that still holds a card, then the free cells.
pub fn spots(position: &Position) -> Vec<Spot> {
    (0..position.layout().lines())
        .filter(|&line| !position.line(line).is_empty())
        .map(Spot::Line)
        .chain((0..position.cells().len()).map(Spot::Cell))
        .collect()
}

/// The spot at a screen cell, if any.
pub fn spot_at(area: Rect, position: &Position, column: u16, row: u16) -> Option<Spot> {
    spots(position)
        .into_iter()
        .find(|&spot| spot_rect(area, position, spot).contains(Point::new(column, row)))
}

/// The spot an arrow leads to from `from`; stays put at an edge.
pub fn play_neighbour(area: Rect, position: &Position, from: Spot, direction: Direction) -> Spot {
    let cells = spots(position)
        .into_iter()
        .map(|spot| (spot, spot_rect(area, position, spot)));
    nearest(spot_rect(area, position, from), cells, direction).unwrap_or(from)
}

/// The spots a move takes its cards from, on the board of the position it is played from:
/// a pair's two cards, the King, or the card and the free cell it goes to.
pub fn move_spots(position: &Position, mv: Move) -> Vec<Spot> {
    let at = |card: Card| {
        position.place(card).map(|place| match place {
            Place::Line(line) => Spot::Line(line),
            Place::Cell(cell) => Spot::Cell(cell),
        })
    };
    match mv {
        Move::Pair(a, b) => [at(a), at(b)].into_iter().flatten().collect(),
        Move::King(card) => at(card).into_iter().collect(),
        Move::ToCell(card) => {
            let cell = position.cells().iter().position(Option::is_none);
            at(card).into_iter().chain(cell.map(Spot::Cell)).collect()
        }
    }
}

/// The board of a position: its rows as they stand, the free cells and the uses left, with
/// the cursor, the card chosen and the move shown marked.
pub type PlayBoard<'a> = board::PlayBoard<'a, Position, Spot, Card>;

impl PlayBoard<'_> {
    fn mark(&self, spot: Spot, card: Option<Card>) -> Mark {
        let chosen = card.is_some() && card == self.chosen;
        crate::app::cards::play_mark(
            chosen,
            self.cursor == Some(spot),
            self.shown.contains(&spot),
        )
    }
}

impl Widget for &PlayBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let position = self.position;
        label(area, area.x + 1, area.y, "Free cells", buf, self.theme);
        let mut cells = Vec::new();
        for (cell, &card) in position.cells().iter().enumerate() {
            let face = card.map_or(Face::Empty, Face::Card);
            cells.push((
                cell_rect(area, cell),
                face,
                self.mark(Spot::Cell(cell), card),
            ));
        }
        let uses = format!("{} left", counted_uses(position.uses_left()));
        let after = CELLS_X + CELL_GAP * position.cells().len() as u16;
        label(area, area.x + after, area.y, &uses, buf, self.theme);
        let shape = shape_of(position);
        draw_shaft(area, &shape, self.text, buf, self.theme);
        for (row, &top) in row_tops(&shape).iter().enumerate() {
            for side in Side::BOTH {
                let line = line_number(row, side);
                let cards = position.line(line);
                // Deeper cards first: each card's frame shows over the one under it.
                for (depth, &card) in cards.iter().enumerate().rev() {
                    let mark = if depth == 0 {
                        self.mark(Spot::Line(line), Some(card))
                    } else {
                        Mark::Covered
                    };
                    let rect = card_rect(area, top, side, depth);
                    cells.push((rect, Face::Card(card), mark));
                }
            }
        }
        draw_cells(buf, &cells, self.text, self.theme);
    }
}

/// "1 use", "6 uses".
fn counted_uses(uses: u8) -> String {
    crate::app::widgets::counted(usize::from(uses), "use")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::games::perfect_pair::editor::default_shape;
    use crate::app::games::perfect_pair::shape::{ROW_LINES, fits};
    use crate::app::layout::{BOARD_HEIGHT, BOARD_WIDTH, neighbour, slot_at};

    fn marks(shape: Shape) -> PairMarks {
        let mut marks = PairMarks::default();
        marks.shape = shape;
        marks
    }

    #[test]
    fn the_default_layout_fits_the_board_with_each_line_next_to_the_shaft() {
        let area = Rect::new(0, 0, BOARD_WIDTH, BOARD_HEIGHT);
        let marks = marks(default_shape());
        let rects = slot_rects(&marks, area);
        let shaft = shaft_x(area);
        // Row 1: left line's available card just left of the shaft, right's just right.
        assert_eq!(rects[0].right(), shaft - 1);
        assert_eq!(rects[7].x, shaft + 2);
        for (slot, rect) in rects.iter().enumerate() {
            assert_eq!(rect.width, CELL, "slot {slot} is whole");
            assert_eq!(
                slot_at(|a| slot_rects(&marks, a), area, rect.x + 2, rect.y),
                Some(slot)
            );
        }
        assert_eq!(rects[13].y, rects[0].y + 1);
        let by = |slot, direction| neighbour(|a| slot_rects(&marks, a), slot, direction);
        assert_eq!(by(0, Direction::Down), 13);
        assert_eq!(by(0, Direction::Left), 1);
        assert_eq!(by(0, Direction::Right), 7);
        assert_eq!(by(7, Direction::Left), 0);
        assert_eq!(by(6, Direction::Left), 6);
    }

    #[test]
    fn a_long_line_goes_on_under_itself_and_too_many_lines_are_refused() {
        let area = Rect::new(0, 0, BOARD_WIDTH, BOARD_HEIGHT);
        let marks = marks(vec![[9, 0], [1, 1]]);
        let rects = slot_rects(&marks, area);
        assert_eq!((rects[7].x, rects[7].y), (rects[0].x, rects[0].y + 1));
        assert_eq!(rects[9].y, rects[0].y + 2);
        assert_eq!(rects[11], Rect::default());
        assert!(fits(&[[1, 1]; ROW_LINES]).is_ok());
        assert!(fits(&[[1, 1]; ROW_LINES + 1]).is_err());
        assert!(fits(&[[52, 0]]).is_ok());
    }
}

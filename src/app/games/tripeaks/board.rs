//! Where TriPeaks' cards go on screen, and drawing them: the three peaks as the game lays them
//! out, the waste card and the stock; in the editor every slot of the deal, in play the stock
//! and the waste's top card.
//!
//! One geometry function serves drawing, mouse clicks and arrow keys, so that what the arrows
//! do always matches what the screen shows. The board fills the area every game draws in.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Point, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use solitaire::cards::deal::DECK_SIZE;
use solitaire::cards::excerpt::thousands;
use solitaire::games::tripeaks::Position;
use solitaire::games::tripeaks::layout::{
    FIRST_WASTE, FULL, ROWS, STOCK_SIZE, STOCK_START, TABLEAU_SIZE, covering, is_face_up, row_of,
};

use crate::app::cards::{
    CELL, CardText, Direction, Face, Mark, draw_face, draw_pending, nearest, play_mark,
};
use crate::app::flow::Typing;
use crate::app::layout::{BOARD_HEIGHT, BOARD_WIDTH};
use crate::app::theme::Theme;

/// Cards in the bottom row, the last of the tableau.
const BOTTOM_CARDS: usize = 10;
/// The width of the peaks: the bottom row's cells side by side.
const PEAKS_WIDTH: u16 = BOTTOM_CARDS as u16 * CELL;
/// Stock slots per line in the editor.
const STOCK_PER_LINE: usize = (BOARD_WIDTH / CELL) as usize;
/// The editor's lines below the peaks: the waste card's label and slot, then the stock's.
const WASTE_LABEL_ROW: u16 = ROWS as u16 + 1;
const WASTE_ROW: u16 = WASTE_LABEL_ROW + 1;
const STOCK_LABEL_ROW: u16 = WASTE_ROW + 2;
const STOCK_ROW: u16 = STOCK_LABEL_ROW + 1;

// The editor fills the board every game draws in.
const _: () = assert!(STOCK_ROW + STOCK_SIZE.div_ceil(STOCK_PER_LINE) as u16 == BOARD_HEIGHT);
const _: () = assert!(PEAKS_WIDTH <= BOARD_WIDTH);

/// A tableau card's column from the peaks' left edge: the bottom row a cell apart, every other
/// card halfway between the two covering it.
fn peak_column(index: usize) -> u16 {
    match covering(index) {
        Some([a, b]) => peak_column(a).midpoint(peak_column(b)),
        None => (index - (TABLEAU_SIZE - BOTTOM_CARDS)) as u16 * CELL,
    }
}

/// The cell of a tableau card, for a board drawn in `area`, centred.
fn tableau_rect(area: Rect, index: usize) -> Rect {
    let left = area.x + area.width.saturating_sub(PEAKS_WIDTH) / 2;
    let row = row_of(index) as u16;
    Rect::new(left + peak_column(index), area.y + row, CELL, 1)
}

/// The screen cell of each slot, in deal order, for an editor board drawn in `area`.
pub fn slot_rects(area: Rect) -> [Rect; DECK_SIZE] {
    let mut rects = [Rect::default(); DECK_SIZE];
    for (index, rect) in rects.iter_mut().enumerate().take(TABLEAU_SIZE) {
        *rect = tableau_rect(area, index);
    }
    let waste_x = area.x + area.width.saturating_sub(CELL) / 2;
    rects[FIRST_WASTE] = Rect::new(waste_x, area.y + WASTE_ROW, CELL, 1).intersection(area);
    let stock_left = area.x + area.width.saturating_sub(BOARD_WIDTH) / 2;
    for i in 0..STOCK_SIZE {
        let x = stock_left + (i % STOCK_PER_LINE) as u16 * CELL;
        let y = area.y + STOCK_ROW + (i / STOCK_PER_LINE) as u16;
        rects[STOCK_START + i] = Rect::new(x, y, CELL, 1).intersection(area);
    }
    rects
}

/// The line of the play board that shows the stock; the waste is on the next one.
const PILES_ROW: u16 = ROWS as u16 + 1;
/// The width of a pile's label, "Stock 23  ", before its top card.
const PILE_LABEL: u16 = 10;

/// The line of a pile on the play board (stock first, then waste), from under the peaks'
/// first card to their right edge.
fn pile_row(area: Rect, line: u16) -> Rect {
    let left = area.x + area.width.saturating_sub(PEAKS_WIDTH) / 2 + 1;
    Rect::new(
        left,
        area.y + PILES_ROW + line,
        PEAKS_WIDTH
            .saturating_sub(2)
            .min(area.right().saturating_sub(left)),
        1,
    )
}

/// The cell of a pile's top card on the play board.
fn pile_rect(area: Rect, line: u16) -> Rect {
    let row = pile_row(area, line);
    Rect::new(row.x + PILE_LABEL, row.y, CELL, 1)
}

/// What a click or the cursor can be on in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    /// A tableau card, by its deal-order index (0..28).
    Card(u8),
    /// The stock: a click draws, as in the game.
    Stock,
}

/// The cell of a spot on the play board drawn in `area`.
pub fn spot_rect(area: Rect, spot: Spot) -> Rect {
    match spot {
        Spot::Card(index) => tableau_rect(area, index as usize),
        Spot::Stock => pile_rect(area, 0),
    }
}

/// The spot at a screen cell of the play board, if any: the stock's label counts as the stock.
pub fn spot_at(area: Rect, column: u16, row: u16) -> Option<Spot> {
    let point = Point::new(column, row);
    let card = (0..TABLEAU_SIZE as u8)
        .map(Spot::Card)
        .find(|&spot| spot_rect(area, spot).contains(point));
    let row = pile_row(area, 0);
    let stock = Rect::new(row.x, row.y, PILE_LABEL + CELL, 1);
    card.or_else(|| stock.contains(point).then_some(Spot::Stock))
}

/// The spot an arrow key leads to in play, among the spots the cursor may go.
pub fn play_neighbour(area: Rect, from: Spot, spots: &[Spot], direction: Direction) -> Spot {
    let cells = spots.iter().map(|&spot| (spot, spot_rect(area, spot)));
    nearest(spot_rect(area, from), cells, direction).unwrap_or(from)
}

/// Whether a slot's card lies face down when the deal starts: rows 1 to 3 and the stock.
fn starts_face_down(index: usize) -> bool {
    if index < TABLEAU_SIZE {
        !is_face_up(index, FULL)
    } else {
        index >= STOCK_START
    }
}

/// The editor's board: all 52 slots, with the cursor and the problems. A slot not typed yet
/// looks as the game deals it: a card's back if it starts face down, empty if face up.
pub struct EditorBoard<'a> {
    pub typing: Typing<'a>,
    pub text: CardText,
    pub theme: &'a Theme,
}

impl EditorBoard<'_> {
    fn face(&self, index: usize) -> Face {
        self.typing.face(index, starts_face_down(index))
    }
}

impl Widget for &EditorBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        for (index, &rect) in slot_rects(area).iter().enumerate() {
            let mark = self.typing.mark(index);
            draw_face(buf, rect, self.face(index), mark, self.text, self.theme);
            if let Some(pending) = self.typing.pending_at(index) {
                draw_pending(buf, rect, pending, self.theme);
            }
        }
        let label = |row: u16, text: &str, buf: &mut Buffer| {
            if area.y + row < area.bottom() {
                Line::styled(text.to_string(), Style::new().fg(self.theme.dim))
                    .centered()
                    .render(Rect::new(area.x, area.y + row, area.width, 1), buf);
            }
        };
        label(WASTE_LABEL_ROW, "Waste card", buf);
        label(
            STOCK_LABEL_ROW,
            "Stock, top card first (1-12, then 13-23)",
            buf,
        );
    }
}

/// A position in play: the peaks with removed cards as gaps and face-down cards as backs, the
/// stock with its count, the waste's top card, the score and the streak; with the cursor and
/// a hint.
pub struct PlayBoard<'a> {
    pub position: &'a Position,
    pub hint: Option<Spot>,
    pub cursor: Option<Spot>,
    pub text: CardText,
    pub theme: &'a Theme,
}

impl PlayBoard<'_> {
    fn mark(&self, spot: Spot) -> Mark {
        play_mark(false, self.cursor == Some(spot), self.hint == Some(spot))
    }

    /// One line of the piles: a label, then a card; and, at the peaks' right edge, one of
    /// the numbers the next play depends on.
    fn pile(
        &self,
        area: Rect,
        line: u16,
        label: String,
        top: (Face, Mark),
        right: String,
        buf: &mut Buffer,
    ) {
        let row = pile_row(area, line).intersection(area);
        if row.is_empty() {
            return;
        }
        let dim = Style::new().fg(self.theme.dim);
        Span::styled(label, dim).render(row, buf);
        let cell = pile_rect(area, line);
        draw_face(buf, cell, top.0, top.1, self.text, self.theme);
        let rest = Rect::new(
            cell.right(),
            row.y,
            row.right().saturating_sub(cell.right()),
            1,
        );
        Line::styled(right, dim).right_aligned().render(rest, buf);
    }
}

impl Widget for &PlayBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let position = self.position;
        for index in 0..TABLEAU_SIZE {
            let spot = Spot::Card(index as u8);
            let rect = spot_rect(area, spot);
            if !position.is_there(index) {
                Line::raw("    ").render(rect, buf);
            } else if position.is_face_up(index) {
                let face = position.card(index).map_or(Face::Unknown, Face::Card);
                draw_face(buf, rect, face, self.mark(spot), self.text, self.theme);
            } else {
                let mark = match self.mark(spot) {
                    Mark::Plain => Mark::Covered,
                    mark => mark,
                };
                draw_face(buf, rect, Face::Back, mark, self.text, self.theme);
            }
        }
        let stock = if position.stock_left() > 0 {
            Face::Back
        } else {
            Face::Empty
        };
        let stock_count = format!("Stock {:>2}", position.stock_left());
        let score = format!("Score {}", thousands(position.score() as usize));
        self.pile(
            area,
            0,
            stock_count,
            (stock, self.mark(Spot::Stock)),
            score,
            buf,
        );
        let waste = position.waste_top().map_or(Face::Unknown, Face::Card);
        let streak = format!("Streak {}", position.streak());
        self.pile(
            area,
            1,
            "Waste".to_string(),
            (waste, Mark::Plain),
            streak,
            buf,
        );
    }
}

#[cfg(test)]
mod tests {
    use solitaire::cards::deal::Deal;
    use solitaire::games::GameKind;
    use solitaire::games::tripeaks::Move;

    use super::*;
    use crate::app::layout::{neighbour, slot_at};

    use crate::app::games::tripeaks::saved_games::{AS_DEALT, CLEARS};

    fn deal(text: &str) -> Deal {
        Deal::parse_as(text, GameKind::TriPeaks).unwrap()
    }

    fn shown(widget: impl Widget) -> String {
        crate::app::widgets::board_text(widget)
    }

    #[test]
    fn every_slot_has_its_own_cell_and_clicks_find_it() {
        let area = Rect::new(3, 2, BOARD_WIDTH + 6, BOARD_HEIGHT);
        for (index, rect) in slot_rects(area).iter().enumerate() {
            assert_eq!(rect.width, CELL, "slot {index} is whole");
            assert_eq!(slot_at(slot_rects, area, rect.x + 1, rect.y), Some(index));
            assert_eq!(slot_at(slot_rects, area, rect.x + 2, rect.y), Some(index));
        }
        assert_eq!(slot_at(slot_rects, area, 0, 0), None);
        // The line between the peaks and the waste card holds nothing.
        assert_eq!(
            slot_at(slot_rects, area, area.x + 20, area.y + ROWS as u16),
            None
        );
    }

    #[test]
    fn the_peaks_are_drawn_as_the_deal_text_lays_them_out() {
        let rects = slot_rects(Rect::new(0, 0, BOARD_WIDTH, BOARD_HEIGHT));
        // The bottom row a cell apart and centred; each peak top above its pair's middle.
        assert_eq!(rects[18].x, 4);
        assert_eq!(rects[27].x, 40);
        assert_eq!(rects[0].x, 10);
        assert_eq!(rects[2].x, 34);
        for index in 0..18 {
            let [a, b] = covering(index).unwrap();
            assert_eq!(rects[index].y + 1, rects[a].y);
            assert_eq!(rects[index].x * 2, rects[a].x + rects[b].x, "card {index}");
        }
    }

    #[test]
    fn arrows_move_as_the_board_looks() {
        use Direction::{Down, Left, Right, Up};
        // A peak top: down goes to the left one of its two covers (the nearer of two equal).
        assert_eq!(neighbour(slot_rects, 0, Down), 3);
        assert_eq!(neighbour(slot_rects, 0, Right), 1);
        assert_eq!(
            neighbour(slot_rects, 2, Right),
            2,
            "no wrapping at the edge"
        );
        assert_eq!(
            neighbour(slot_rects, 4, Right),
            5,
            "across the gap between two peaks"
        );
        assert_eq!(neighbour(slot_rects, 18, Up), 9);
        // From the bottom row to the waste card, and on into the stock.
        assert_eq!(neighbour(slot_rects, 22, Down), FIRST_WASTE);
        assert_eq!(neighbour(slot_rects, FIRST_WASTE, Up), 22);
        assert_eq!(neighbour(slot_rects, FIRST_WASTE, Left), FIRST_WASTE);
        assert_eq!(neighbour(slot_rects, FIRST_WASTE, Down), STOCK_START + 5);
        assert_eq!(neighbour(slot_rects, STOCK_START, Up), FIRST_WASTE);
        assert_eq!(neighbour(slot_rects, STOCK_START, Down), STOCK_START + 12);
        // The stock's second line is one card shorter: its last card is the nearest.
        assert_eq!(neighbour(slot_rects, STOCK_START + 11, Down), DECK_SIZE - 1);
        assert_eq!(neighbour(slot_rects, DECK_SIZE - 1, Down), DECK_SIZE - 1);
    }

    #[test]
    fn every_spot_is_hit_by_a_click() {
        let area = Rect::new(3, 2, BOARD_WIDTH + 6, BOARD_HEIGHT);
        let spots = (0..TABLEAU_SIZE as u8).map(Spot::Card).chain([Spot::Stock]);
        for spot in spots {
            let rect = spot_rect(area, spot);
            assert_eq!(spot_at(area, rect.x + 1, rect.y), Some(spot));
        }
        // The stock's label draws as well as its card; the waste is no spot.
        let stock = spot_rect(area, Spot::Stock);
        assert_eq!(
            spot_at(area, stock.x - PILE_LABEL, stock.y),
            Some(Spot::Stock)
        );
        assert_eq!(spot_at(area, stock.x + 1, stock.y + 1), None);
        assert_eq!(
            spot_at(area, stock.right() + 20, stock.y),
            None,
            "the score"
        );
        assert_eq!(spot_at(area, area.x, area.y + ROWS as u16), None);
    }

    #[test]
    fn play_arrows_go_among_the_given_spots() {
        use Direction::{Down, Left, Up};
        let area = Rect::new(0, 0, BOARD_WIDTH, BOARD_HEIGHT);
        let spots: Vec<Spot> = (18..28).map(Spot::Card).chain([Spot::Stock]).collect();
        assert_eq!(
            play_neighbour(area, Spot::Card(18), &spots, Down),
            Spot::Stock
        );
        assert_eq!(
            play_neighbour(area, Spot::Stock, &spots, Up),
            Spot::Card(21)
        );
        assert_eq!(
            play_neighbour(area, Spot::Card(18), &spots, Up),
            Spot::Card(18)
        );
        assert_eq!(
            play_neighbour(area, Spot::Card(20), &spots, Left),
            Spot::Card(19)
        );
    }

    #[test]
    fn editor_with_cards_typed_unknowns_and_backs() {
        let cards = deal(CLEARS).cards().to_owned();
        let mut slots = [None; DECK_SIZE];
        // The bottom row, the waste card, the stock's first three and row 3's first four.
        for index in (9..13).chain(18..STOCK_START + 3) {
            slots[index] = Some(cards[index]);
        }
        let board = EditorBoard {
            typing: Typing {
                slots: &slots,
                cursor: 15,
                pending: None,
                invalid: Vec::new(),
                unknown: (1 << 13) | (1 << 14),
            },
            text: CardText { ascii: false },
            theme: &Theme::default(),
        };
        let screen = shown(&board);
        assert_eq!(screen.matches("??").count(), 2, "{screen}");
        // Untyped: 12 face-down tableau slots (one under the cursor) and 20 stock slots.
        assert_eq!(screen.matches("▒▒").count(), 32, "{screen}");
        assert!(screen.contains("[▒▒]"), "{screen}");
        insta::assert_snapshot!(screen);

        let ascii = EditorBoard {
            text: CardText { ascii: true },
            typing: Typing {
                pending: Some("7_".to_string()),
                ..board.typing.clone()
            },
            ..board
        };
        let screen = shown(&ascii);
        assert_eq!(screen.matches("##").count(), 31, "the cursor shows 7_");
        assert!(!screen.contains('▒'), "{screen}");
        assert!(screen.contains("[7_]"), "{screen}");
    }

    #[test]
    fn play_board_as_dealt() {
        let deal = deal(AS_DEALT);
        assert_eq!(deal.unknown().count_ones(), 41);
        let position = Position::new(&deal);
        let board = PlayBoard {
            position: &position,
            hint: None,
            cursor: None,
            text: CardText { ascii: false },
            theme: &Theme::default(),
        };
        let screen = shown(&board);
        assert_eq!(
            screen.matches("▒▒").count(),
            19,
            "18 face down and the stock"
        );
        assert!(screen.contains("Stock 23"), "{screen}");
        insta::assert_snapshot!(screen);

        // The stock's top card is not known: drawn, it shows as `??` on the waste.
        let mut drawn = position;
        drawn.apply(Move::Draw).unwrap();
        let screen = shown(&PlayBoard {
            position: &drawn,
            ..board
        });
        assert!(screen.contains("Stock 22"), "{screen}");
        assert!(screen.contains("Waste      ??"), "{screen}");
    }

    #[test]
    fn play_board_after_a_few_moves_with_a_hint_and_the_cursor() {
        let mut position = Position::new(&deal(CLEARS));
        // Play the first card that goes, else draw: six steps, a draw among them.
        for _ in 0..6 {
            let moves = position.legal_moves();
            let mv = moves
                .iter()
                .copied()
                .find(|mv| matches!(mv, Move::Play(_)))
                .unwrap_or(Move::Draw);
            position.apply(mv).unwrap();
        }
        assert_eq!(position.drawn(), 1, "the line drew once");
        let spot = |mv: Move| match mv {
            Move::Play(index) => Spot::Card(index),
            Move::Draw => Spot::Stock,
        };
        let hint = spot(position.legal_moves()[0]);
        let cursor = (0..TABLEAU_SIZE as u8)
            .map(Spot::Card)
            .find(|&s| matches!(s, Spot::Card(i) if position.is_face_up(i as usize)) && s != hint)
            .unwrap();
        let board = PlayBoard {
            position: &position,
            hint: Some(hint),
            cursor: Some(cursor),
            text: CardText { ascii: false },
            theme: &Theme::default(),
        };
        let screen = shown(&board);
        assert!(screen.contains('»') && screen.contains('['), "{screen}");
        assert!(screen.contains(&format!("Score {}", thousands(position.score() as usize))));
        insta::assert_snapshot!(screen);
    }
}

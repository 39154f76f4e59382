//! Where Klondike's cards go on screen, and drawing them: in the editor, the seven piles as
//! dealt (each from its bottom card down the screen) and the stock's 24 slots; in play, the
//! stock, the waste fanned and the four foundations on the top line, and the piles below,
//! each its face-down cards as one count and its face-up run.
//!
//! One geometry function serves drawing, mouse clicks and arrow keys, so that what the arrows
//! do always matches what the screen shows. The board fills the area every game draws in.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Point, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use solitaire::cards::card::Suit;
use solitaire::cards::deal::DECK_SIZE;
use solitaire::games::klondike::deal::{PILES, STOCK_SIZE, TABLEAU_SIZE, pile_start};
use solitaire::games::klondike::{Passes, Pile, Position};

use crate::app::cards::{CELL, CardText, Direction, Face, Mark, draw_face, draw_pending, nearest};
use crate::app::flow::{Typing, board};
use crate::app::games::klondike::table_editor::{Place, TableEditor};
use crate::app::layout::{BOARD_HEIGHT, BOARD_WIDTH};
use crate::app::theme::Theme;

/// Columns from one pile to the next.
const PILE_STEP: u16 = 6;
/// The piles' width, from the first pile's cell to the last's.
const PILES_WIDTH: u16 = PILE_STEP * (PILES as u16 - 1) + CELL;
/// Stock slots per line in the editor.
const STOCK_PER_LINE: usize = (BOARD_WIDTH / CELL) as usize;
/// The editor's rows: the piles' numbers, the piles (pile 7's seven cards), the stock's
/// label and its two lines.
const PILES_ROW: u16 = 1;
const STOCK_LABEL_ROW: u16 = PILES_ROW + PILES as u16;
const STOCK_ROW: u16 = STOCK_LABEL_ROW + 1;

// The editor fills the board every game draws in.
const _: () = assert!(STOCK_ROW + STOCK_SIZE.div_ceil(STOCK_PER_LINE) as u16 == BOARD_HEIGHT);
const _: () = assert!(PILES_WIDTH <= BOARD_WIDTH);

/// The left edge of a pile's column on a board drawn in `area`, the piles centred.
fn pile_x(area: Rect, pile: usize) -> u16 {
    area.x + area.width.saturating_sub(PILES_WIDTH) / 2 + pile as u16 * PILE_STEP
}

/// The pile a deal-order slot of the tableau is in, and its place from the bottom.
fn pile_of(slot: usize) -> (usize, usize) {
    let pile = (0..PILES)
        .rev()
        .find(|&pile| pile_start(pile) <= slot)
        .unwrap_or(0);
    (pile, slot - pile_start(pile))
}

/// The screen cell of each slot, in deal order, for an editor board drawn in `area`.
pub fn slot_rects(area: Rect) -> [Rect; DECK_SIZE] {
    let mut rects = [Rect::default(); DECK_SIZE];
    for (slot, rect) in rects.iter_mut().enumerate() {
        *rect = if slot < TABLEAU_SIZE {
            let (pile, depth) = pile_of(slot);
            Rect::new(
                pile_x(area, pile),
                area.y + PILES_ROW + depth as u16,
                CELL,
                1,
            )
        } else {
            let i = slot - TABLEAU_SIZE;
            let left = area.x + area.width.saturating_sub(BOARD_WIDTH) / 2;
            Rect::new(
                left + (i % STOCK_PER_LINE) as u16 * CELL,
                area.y + STOCK_ROW + (i / STOCK_PER_LINE) as u16,
                CELL,
                1,
            )
        }
        .intersection(area);
    }
    rects
}

/// A label in the board's dim colour at a row, when the board has that row.
fn label(area: Rect, x: u16, row: u16, text: &str, buf: &mut Buffer, theme: &Theme) {
    if area.y + row < area.bottom() && x < area.right() {
        Line::styled(text.to_string(), Style::new().fg(theme.dim))
            .render(Rect::new(x, area.y + row, area.right() - x, 1), buf);
    }
}

/// The editor's board: all 52 slots with the cursor and the problems. A slot not typed yet
/// looks as the game deals it: a card's back if it starts face down, empty if face up.
pub struct EditorBoard<'a> {
    pub typing: Typing<'a>,
    pub text: CardText,
    pub theme: &'a Theme,
}

impl EditorBoard<'_> {
    fn face(&self, slot: usize) -> Face {
        let top = slot < TABLEAU_SIZE && {
            let (pile, depth) = pile_of(slot);
            depth == pile
        };
        self.typing.face(slot, !top)
    }
}

impl Widget for &EditorBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        for pile in 0..PILES {
            let number = format!(" {}", pile + 1);
            label(area, pile_x(area, pile), 0, &number, buf, self.theme);
        }
        for (slot, &rect) in slot_rects(area).iter().enumerate() {
            draw_face(
                buf,
                rect,
                self.face(slot),
                self.typing.mark(slot),
                self.text,
                self.theme,
            );
            if let Some(pending) = self.typing.pending_at(slot) {
                draw_pending(buf, rect, pending, self.theme);
            }
        }
        let left = area.x + area.width.saturating_sub(BOARD_WIDTH) / 2;
        label(
            area,
            left + 1,
            STOCK_LABEL_ROW,
            "Stock, first drawn first (1-12, then 13-24)",
            buf,
            self.theme,
        );
    }
}

/// What a click or the cursor can be on in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Spot {
    /// The stock: choosing it draws, or turns the waste over when it is empty.
    Stock,
    /// The waste's top card.
    Waste,
    /// A suit's foundation, in the order of [`Suit::ALL`].
    Foundation(u8),
    /// A pile (from 0) at a card of its face-up run counted from the run's bottom (0 for an
    /// empty pile, or a pile whose top is a card not known).
    Pile { pile: u8, card: u8 },
}

/// The play board's rows: the stock, waste and foundations, their labels, then the piles.
const TOP_ROW: u16 = 0;
const LABEL_ROW: u16 = 1;
const PILE_TOP_ROW: u16 = 2;
/// The fewest rows a pile has, whatever the board's height: its face-down count, the count
/// of cards left out and its top card.
const LEAST_PILE_ROWS: u16 = 3;
/// Waste cards shown, fanned: the most a draw turns.
const FANNED: usize = 3;

/// The stock's cell on a play board drawn in `area`.
fn stock_rect(area: Rect) -> Rect {
    Rect::new(pile_x(area, 0), area.y + TOP_ROW, CELL, 1)
}

/// The waste's cells, left to right: its top card is the last.
fn waste_rects(area: Rect) -> [Rect; FANNED] {
    std::array::from_fn(|i| Rect::new(pile_x(area, 1) + i as u16 * 3, area.y + TOP_ROW, CELL, 1))
}

/// A foundation's cell: they stand over piles 4 to 7.
fn foundation_rect(area: Rect, suit: usize) -> Rect {
    Rect::new(pile_x(area, 3 + suit), area.y + TOP_ROW, CELL, 1)
}

/// Rows a pile has on a play board drawn in `area`, for its face-down count and its face-up
/// cards: every row down to the board's bottom, so that a run is cut only when it does not
/// fit the terminal.
fn pile_rows(area: Rect) -> u16 {
    area.height
        .saturating_sub(PILE_TOP_ROW)
        .max(LEAST_PILE_ROWS)
}

/// How a pile is drawn: whether a row shows its face-down count, how many of its face-up
/// cards are left out at the bottom of the run (shown as `+N`), the first face-up card
/// shown, and its last row.
struct PileRows {
    down_row: bool,
    left_out: bool,
    first_shown: usize,
    last_row: u16,
}

impl PileRows {
    /// A pile drawn in `rows` rows.
    fn of(pile: &Pile, rows: u16) -> PileRows {
        let down_row = !pile.face_down.is_empty();
        let up_rows = usize::from(rows) - usize::from(down_row);
        let up = pile.face_up.len();
        let left_out = up > up_rows;
        PileRows {
            down_row,
            left_out,
            // One row says how many are left out.
            first_shown: if left_out { up - (up_rows - 1) } else { 0 },
            last_row: rows - 1,
        }
    }

    /// The row of a face-up card shown, counted from the pile's first row.
    fn row(&self, card: usize) -> u16 {
        let shown = card.saturating_sub(self.first_shown) as u16;
        (u16::from(self.down_row) + u16::from(self.left_out) + shown).min(self.last_row)
    }
}

/// The cell of a spot on the play board of `position` drawn in `area`.
pub fn spot_rect(area: Rect, position: &Position, spot: Spot) -> Rect {
    match spot {
        Spot::Stock => stock_rect(area),
        Spot::Waste => {
            let shown = position.waste().len().clamp(1, FANNED);
            waste_rects(area)[shown - 1]
        }
        Spot::Foundation(suit) => foundation_rect(area, usize::from(suit)),
        Spot::Pile { pile, card } => {
            let row = position.pile(usize::from(pile)).map_or(0, |p| {
                PileRows::of(p, pile_rows(area)).row(usize::from(card))
            });
            Rect::new(
                pile_x(area, usize::from(pile)),
                area.y + PILE_TOP_ROW + row,
                CELL,
                1,
            )
        }
    }
}

/// The waste card not known that waits to be typed in (its place in the waste), when the
/// card asked for lies on the waste: a draw of three shows every card it turns, so each one
/// not known is asked for in the order drawn, the first drawn first; a pile's top not known
/// is asked for before any.
pub fn waste_card_asked(position: &Position) -> Option<usize> {
    if position.piles().iter().any(Pile::top_is_unknown) {
        return None;
    }
    let waste = position.waste();
    position.fanned().find(|&at| waste[at].is_none())
}

/// Whether a spot is on the table of `position`: a pile's spot names a card of its face-up
/// run (or the pile, when it has none).
pub fn holds(position: &Position, spot: Spot) -> bool {
    match spot {
        Spot::Pile { pile, card } => position
            .pile(usize::from(pile))
            .is_some_and(|p| usize::from(card) < p.face_up.len().max(1)),
        _ => true,
    }
}

/// Every spot of a position on a play board drawn in `area`: the stock, the waste, the
/// foundations, and each pile's face-up cards shown (one spot for an empty pile).
pub fn spots(area: Rect, position: &Position) -> Vec<Spot> {
    let mut spots = vec![Spot::Stock, Spot::Waste];
    spots.extend((0..4).map(Spot::Foundation));
    for (number, pile) in position.piles().iter().enumerate() {
        let rows = PileRows::of(pile, pile_rows(area));
        let shown = rows.first_shown..pile.face_up.len().max(1);
        spots.extend(shown.map(|card| Spot::Pile {
            pile: number as u8,
            card: card as u8,
        }));
    }
    spots
}

/// The spot at a screen cell of the play board, if any: a pile's face-down count stands for
/// its first face-up card, and any row below a pile's last card for its top.
pub fn spot_at(area: Rect, position: &Position, column: u16, row: u16) -> Option<Spot> {
    let point = Point::new(column, row);
    let all = spots(area, position);
    if let Some(&spot) = all
        .iter()
        .find(|&&spot| spot_rect(area, position, spot).contains(point))
    {
        return Some(spot);
    }
    // Below a pile's cards, or on its face-down count: the pile.
    let pile = (0..PILES)
        .find(|&pile| (pile_x(area, pile)..pile_x(area, pile) + CELL).contains(&column))?;
    if row < area.y + PILE_TOP_ROW {
        return None;
    }
    all.into_iter()
        .filter(|spot| matches!(spot, Spot::Pile { pile: p, .. } if usize::from(*p) == pile))
        .min_by_key(|&spot| spot_rect(area, position, spot).y.abs_diff(row))
}

/// The spot an arrow key leads to in play. Up and down keep to the column
/// ([`column_step`]). Left and right from a pile go to the next pile that way, at its card
/// nearest the row: the piles' cards start on different rows (under a face-down count or
/// not), so that a row of one pile may be no other pile's.
pub fn play_neighbour(area: Rect, position: &Position, from: Spot, direction: Direction) -> Spot {
    let all = spots(area, position);
    if let Some(to) = column_step(&all, from, direction) {
        return to;
    }
    let rect = |spot: Spot| spot_rect(area, position, spot);
    if let Spot::Pile { pile, .. } = from {
        let next = match direction {
            Direction::Left => pile.checked_sub(1),
            Direction::Right => Some(pile + 1),
            Direction::Up | Direction::Down => None,
        };
        if let Some(next) = next {
            let row = rect(from).y;
            return all
                .into_iter()
                .filter(|spot| matches!(spot, Spot::Pile { pile, .. } if *pile == next))
                .min_by_key(|&spot| rect(spot).y.abs_diff(row))
                .unwrap_or(from);
        }
    }
    let cells = all.into_iter().map(|spot| (spot, rect(spot)));
    nearest(rect(from), cells, direction).unwrap_or(from)
}

/// Up or down within a column, as the table editor's cursor goes: along a pile's cards
/// shown, from its first to what stands over the pile (the stock, the waste or a
/// foundation), and from the top line down to the first card shown of the pile under it.
/// The nearest cell would not do: a pile's first card may sit on the row of the others'
/// face-down counts. `None` for left and right.
fn column_step(all: &[Spot], from: Spot, direction: Direction) -> Option<Spot> {
    let up = match direction {
        Direction::Up => true,
        Direction::Down => false,
        Direction::Left | Direction::Right => return None,
    };
    let shown = |number: u8| {
        all.iter()
            .copied()
            .filter(move |spot| matches!(spot, Spot::Pile { pile, .. } if *pile == number))
    };
    let to = match from {
        Spot::Pile { pile, card } => {
            let mut run = shown(pile);
            let above = run.clone().take_while(|&spot| spot != from).last();
            match (up, above) {
                (true, Some(above)) => above,
                (true, None) => top_spot(Place::Pile(usize::from(pile)).neighbour(direction)),
                (false, _) => run
                    .find(|spot| matches!(spot, Spot::Pile { card: c, .. } if *c > card))
                    .unwrap_or(from),
            }
        }
        _ if up => from,
        top => match top_place(top).neighbour(direction) {
            Place::Pile(pile) => shown(pile as u8).next().unwrap_or(from),
            _ => from,
        },
    };
    Some(to)
}

/// The table editor's place of a spot on the top line.
fn top_place(spot: Spot) -> Place {
    match spot {
        Spot::Waste => Place::Waste,
        Spot::Foundation(suit) => Place::Foundation(Suit::ALL[usize::from(suit)]),
        Spot::Stock | Spot::Pile { .. } => Place::Stock,
    }
}

/// The spot of a place on the top line.
fn top_spot(place: Place) -> Spot {
    match place {
        Place::Waste => Spot::Waste,
        Place::Foundation(suit) => Spot::Foundation(suit as u8),
        Place::Stock | Place::Pile(_) => Spot::Stock,
    }
}

/// A position in play, with the cursor, the card chosen and where the hinted move (or the
/// step shown) takes a card from, and where to.
pub type PlayBoard<'a> = board::PlayBoard<'a, Position, Spot, Spot>;

impl PlayBoard<'_> {
    fn mark(&self, spot: Spot) -> Mark {
        if self.chosen == Some(spot) {
            Mark::Selected
        } else if self.cursor == Some(spot) {
            Mark::Cursor
        } else if self.shown.contains(&spot) {
            Mark::Hint
        } else {
            Mark::Plain
        }
    }

    fn cell(&self, buf: &mut Buffer, rect: Rect, face: Face, spot: Spot) {
        draw_face(buf, rect, face, self.mark(spot), self.text, self.theme);
    }
}

/// A card's face, `??` for one not known.
fn face_of(card: Option<solitaire::cards::card::Card>) -> Face {
    card.map_or(Face::Unknown, Face::Card)
}

impl Widget for &PlayBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let position = self.position;
        let theme = self.theme;
        let stock = if position.stock().is_empty() {
            Face::Empty
        } else {
            Face::Back
        };
        self.cell(buf, stock_rect(area).intersection(area), stock, Spot::Stock);
        self.render_waste(area, buf);
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            let face = position
                .foundation_top(suit)
                .map_or(Face::Empty, Face::Card);
            let rect = foundation_rect(area, i).intersection(area);
            self.cell(buf, rect, face, Spot::Foundation(i as u8));
        }
        let passes = position.rules().passes;
        let pass = (passes != Passes::Unlimited).then(|| pass_label(position.redeals(), passes));
        top_labels(area, buf, position.stock().len(), pass, theme);
        for (number, pile) in position.piles().iter().enumerate() {
            self.render_pile(area, buf, number, pile);
        }
    }
}

impl PlayBoard<'_> {
    /// The waste, its last cards fanned, the top one last. The cursor on the waste sits on
    /// the card asked for while one a draw fanned out waits to be typed in (the first drawn
    /// of them, which need not be the top), else on the top; it is drawn last, so that the
    /// card fanned over it does not cut its brackets.
    fn render_waste(&self, area: Rect, buf: &mut Buffer) {
        let waste = self.position.waste();
        let first_shown = waste.len().saturating_sub(FANNED);
        let fanned = &waste[first_shown..];
        let Some(top) = fanned.len().checked_sub(1) else {
            self.cell(
                buf,
                waste_rects(area)[0].intersection(area),
                Face::Empty,
                Spot::Waste,
            );
            return;
        };
        let asked = waste_card_asked(self.position)
            .filter(|_| self.cursor == Some(Spot::Waste))
            .map_or(top, |at| at - first_shown);
        // The top card keeps the waste's marks (a hint, a card chosen) but the cursor's,
        // when the cursor sits on the card asked for instead.
        let mark = |i: usize| match (i == asked, i == top, self.mark(Spot::Waste)) {
            (false, true, Mark::Cursor) => Mark::Plain,
            (true, _, mark) | (false, true, mark) => mark,
            (false, false, _) => Mark::Covered,
        };
        let order = (0..fanned.len()).filter(|&i| i != asked).chain([asked]);
        for i in order {
            let rect = waste_rects(area)[i].intersection(area);
            draw_face(
                buf,
                rect,
                face_of(fanned[i]),
                mark(i),
                self.text,
                self.theme,
            );
        }
    }

    fn render_pile(&self, area: Rect, buf: &mut Buffer, number: usize, pile: &Pile) {
        let spot = |card: usize| Spot::Pile {
            pile: number as u8,
            card: card as u8,
        };
        let mark = |card: usize| self.mark(spot(card));
        draw_pile(area, buf, number, pile, mark, self.text, self.theme);
    }
}

/// The pass through the stock a game is on, after `redeals` redeals, out of those the rules
/// allow: "pass 1 of 7" says both what is used and what is left, where "redeals 0" left a
/// player to guess which.
fn pass_label(redeals: u32, passes: Passes) -> String {
    let pass = redeals.saturating_add(1);
    match passes {
        // A table typed with more redeals than the rules allow is on its last pass.
        Passes::Limited(passes) => format!("pass {} of {passes}", pass.min(u32::from(passes))),
        Passes::Unlimited => format!("pass {pass}"),
    }
}

/// The labels under the top line: the stock's count with the pass it is on where passes
/// count, and the foundations'.
fn top_labels(area: Rect, buf: &mut Buffer, stock: usize, pass: Option<String>, theme: &Theme) {
    let pass = pass.map_or_else(String::new, |pass| format!(" · {pass}"));
    let stock_label = format!("{stock:>3}{pass}");
    label(area, pile_x(area, 0), LABEL_ROW, &stock_label, buf, theme);
    let foundations_x = pile_x(area, 3) + 1;
    label(area, foundations_x, LABEL_ROW, "foundations", buf, theme);
}

/// Draws a pile: its face-down cards as one count, then its face-up run (an empty cell when
/// it has none), each card marked as `mark` says from its place in the run.
fn draw_pile(
    area: Rect,
    buf: &mut Buffer,
    number: usize,
    pile: &Pile,
    mark: impl Fn(usize) -> Mark,
    text: CardText,
    theme: &Theme,
) {
    let x = pile_x(area, number);
    let top = area.y + PILE_TOP_ROW;
    let rows = PileRows::of(pile, pile_rows(area));
    let at = |row: u16| Rect::new(x, top + row, CELL, 1).intersection(area);
    if rows.down_row {
        let back = if text.ascii { '#' } else { '▒' };
        let count = format!(" {back}{}", pile.face_down.len());
        Line::styled(count, Style::new().fg(theme.border)).render(at(0), buf);
    }
    if rows.left_out {
        let more = format!(" +{}", rows.first_shown);
        Line::styled(more, Style::new().fg(theme.dim)).render(at(u16::from(rows.down_row)), buf);
    }
    if pile.face_up.is_empty() {
        let row = u16::from(rows.down_row);
        draw_face(buf, at(row), Face::Empty, mark(0), text, theme);
    }
    for (card, &face) in pile.face_up.iter().enumerate().skip(rows.first_shown) {
        draw_face(
            buf,
            at(rows.row(card)),
            face_of(face),
            mark(card),
            text,
            theme,
        );
    }
}

/// The place of a table under way at a screen cell of its board drawn in `area`, if any: a
/// card of the waste fanned is the waste, any row of a pile's column below the top line the
/// pile.
pub fn place_at(area: Rect, column: u16, row: u16) -> Option<Place> {
    let point = Point::new(column, row);
    let top = [(stock_rect(area), Place::Stock)]
        .into_iter()
        .chain(waste_rects(area).map(|rect| (rect, Place::Waste)))
        .chain(
            (0..Suit::ALL.len())
                .map(|i| (foundation_rect(area, i), Place::Foundation(Suit::ALL[i]))),
        );
    if let Some((_, place)) = top.clone().find(|(rect, _)| rect.contains(point)) {
        return Some(place);
    }
    if !(area.y + PILE_TOP_ROW..area.bottom()).contains(&row) {
        return None;
    }
    (0..PILES)
        .find(|&pile| (pile_x(area, pile)..pile_x(area, pile) + CELL).contains(&column))
        .map(Place::Pile)
}

/// A table under way being typed, laid out as play shows a game, the place under the cursor
/// and those a problem names marked.
pub struct TableBoard<'a> {
    pub editor: &'a TableEditor,
    /// The passes the rules allow, so that the pass a game is on is shown where it counts.
    pub passes: Passes,
    /// The cursor is shown: the editor is on screen.
    pub cursor: bool,
    pub text: CardText,
    pub theme: &'a Theme,
}

impl TableBoard<'_> {
    fn mark(&self, place: Place, top: bool) -> Mark {
        if self.cursor && top && self.editor.cursor == place {
            Mark::Cursor
        } else if self.editor.invalid_places().contains(&place) {
            Mark::Invalid
        } else {
            Mark::Plain
        }
    }

    /// The cell of a place's top card.
    fn top_rect(&self, area: Rect, place: Place) -> Rect {
        match place {
            Place::Stock => stock_rect(area),
            Place::Waste => {
                let shown = self.editor.setup.waste.len().clamp(1, FANNED);
                waste_rects(area)[shown - 1]
            }
            Place::Foundation(suit) => foundation_rect(area, suit as usize),
            Place::Pile(number) => {
                let pile = &self.editor.setup.piles[number];
                let rows = PileRows::of(pile, pile_rows(area));
                let row = match pile.face_up.len() {
                    0 => u16::from(rows.down_row),
                    up => rows.row(up - 1),
                };
                Rect::new(pile_x(area, number), area.y + PILE_TOP_ROW + row, CELL, 1)
            }
        }
        .intersection(area)
    }
}

impl Widget for &TableBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (setup, text, theme) = (&self.editor.setup, self.text, self.theme);
        let stock = if setup.stock.is_empty() {
            Face::Empty
        } else {
            Face::Back
        };
        let at = |rect: Rect| rect.intersection(area);
        let mark = self.mark(Place::Stock, true);
        draw_face(buf, at(stock_rect(area)), stock, mark, text, theme);
        let fanned = &setup.waste[setup.waste.len().saturating_sub(FANNED)..];
        let mark = self.mark(Place::Waste, true);
        if fanned.is_empty() {
            draw_face(
                buf,
                at(waste_rects(area)[0]),
                Face::Empty,
                mark,
                text,
                theme,
            );
        }
        for (i, &card) in fanned.iter().enumerate() {
            let top = i + 1 == fanned.len();
            let mark = if top { mark } else { Mark::Covered };
            draw_face(
                buf,
                at(waste_rects(area)[i]),
                face_of(card),
                mark,
                text,
                theme,
            );
        }
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            let face = self
                .editor
                .foundation_top(suit)
                .map_or(Face::Empty, Face::Card);
            let mark = self.mark(Place::Foundation(suit), true);
            draw_face(buf, at(foundation_rect(area, i)), face, mark, text, theme);
        }
        let counts = self.passes != Passes::Unlimited || setup.redeals > 0;
        let pass = counts.then(|| pass_label(setup.redeals, self.passes));
        top_labels(area, buf, setup.stock.len(), pass, theme);
        for (number, pile) in setup.piles.iter().enumerate().take(PILES) {
            let place = Place::Pile(number);
            let last = pile.face_up.len().saturating_sub(1);
            let mark = |card: usize| self.mark(place, card == last);
            draw_pile(area, buf, number, pile, mark, text, theme);
        }
        if self.cursor
            && let Some(pending) = self.editor.pending.text()
        {
            draw_pending(
                buf,
                self.top_rect(area, self.editor.cursor),
                &pending,
                theme,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use solitaire::cards::card::Card;
    use solitaire::games::klondike::Rules;

    use super::*;

    fn cards(text: &str) -> Vec<Option<Card>> {
        text.split_whitespace()
            .map(|word| Some(word.parse().unwrap()))
            .collect()
    }

    /// Pile 1 under a whole run from a King down to the Ace, three cards face down under it;
    /// pile 2 a short run; the stock one card.
    fn long_pile() -> Position {
        let piles = vec![
            Pile::new(
                cards("2c 3c 4c"),
                cards("Kh Qs Jh Ts 9h 8s 7h 6s 5h 4s 3h 2s Ah"),
            ),
            Pile::new(Vec::new(), cards("Kc Qh")),
        ];
        Position::from_piles(piles, cards("5c"), Rules::STANDARD).unwrap()
    }

    /// The text the play board draws in the smallest board, as the screen tests read it.
    fn shown(position: &Position) -> String {
        crate::app::widgets::board_text(&PlayBoard {
            position,
            cursor: None,
            chosen: None,
            shown: Vec::new(),
            text: CardText { ascii: true },
            theme: &Theme::default(),
        })
    }

    #[test]
    fn a_pile_taller_than_the_board_shows_how_many_cards_are_left_out_and_its_top() {
        let position = long_pile();
        let screen = shown(&position);
        // Nine rows for a pile: the face-down count, the count left out, and seven cards.
        assert!(screen.contains(" #3"), "{screen}");
        assert!(screen.contains(" +6"), "{screen}");
        for shown in ["7h", "6s", "2s", "Ah", "Kc", "Qh"] {
            assert!(screen.contains(shown), "{shown}: {screen}");
        }
        for left_out in ["Kh", "Qs", "8s"] {
            assert!(!screen.contains(left_out), "{left_out}: {screen}");
        }
        let area = Rect::new(0, 0, BOARD_WIDTH, BOARD_HEIGHT);
        let pile_spots: Vec<Spot> = spots(area, &position)
            .into_iter()
            .filter(|spot| matches!(spot, Spot::Pile { pile: 0, .. }))
            .collect();
        assert_eq!(pile_spots.len(), 7);
        assert_eq!(pile_spots[0], Spot::Pile { pile: 0, card: 6 });
        // Every card shown has a cell of its own inside the board, none cut off.
        let rows: Vec<u16> = pile_spots
            .iter()
            .map(|&spot| spot_rect(area, &position, spot).y)
            .collect();
        assert_eq!(rows, (4..=10).collect::<Vec<u16>>());
        // A click on the count left out takes the first card shown.
        let x = spot_rect(area, &position, pile_spots[0]).x;
        assert_eq!(spot_at(area, &position, x, 3), Some(pile_spots[0]));
    }
}

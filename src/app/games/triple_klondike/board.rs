//! Triple Klondike's table on screen, compact enough for the 13 piles to fit the board every
//! game draws in: each card in two columns, one apart. The top lines hold the stock (its
//! cards as a count), the waste's top card and how many lie under it, and the 12
//! foundations' top cards, each under its letter in the contest's notation (`@`, `a`, `b` to
//! `m`); below, the piles under their letters `n` to `z`, a line counting each pile's
//! face-down cards, then its face-up run down the screen. A run taller than the board shows
//! `+N` for the N cards under the ones drawn.
//!
//! The next move's cards and where they go are marked as a hint; the card the last move
//! turned face up is marked as chosen.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Span;
use ratatui::widgets::Widget;

use solitaire::games::triple_klondike::{Move, Pile, Position};

use crate::app::cards::{CardText, Face, Mark, face_span};
use crate::app::theme::Theme;

/// Columns from one card to the next.
const STEP: u16 = 3;
/// The board's width: the stock, the waste and 12 foundations.
const WIDTH: u16 = 12 + 12 * STEP;
/// Where things are, from the board's left edge.
const STOCK_X: u16 = 0;
const WASTE_X: u16 = 4;
const FOUNDATIONS_X: u16 = 12;
const PILES_X: u16 = 5;
/// Rows: the letters, the top cards, a gap, the piles' letters, the face-down counts, then
/// the runs.
const LETTERS_ROW: u16 = 0;
const TOPS_ROW: u16 = 1;
const PILE_LETTERS_ROW: u16 = 3;
const FACE_DOWN_ROW: u16 = 4;
const RUNS_ROW: u16 = 5;

/// A place on the table a move takes a card from or puts one on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    Stock,
    Waste,
    Foundation(u8),
    /// A pile's face-up cards from `from` (counted from the run's bottom) to its top; a pile
    /// with no face-up card is marked where its first would be.
    Pile {
        pile: u8,
        from: usize,
    },
}

/// Where a move takes its cards from and where it puts them, on the position it is played
/// from.
pub fn spots_of(position: &Position, mv: Move) -> [Option<Spot>; 2] {
    let run = |pile: u8| {
        position
            .piles()
            .get(usize::from(pile))
            .map_or(0, |p| p.face_up.len())
    };
    let top = |pile: u8| Spot::Pile {
        pile,
        from: run(pile).saturating_sub(1),
    };
    let onto = |pile: u8| Spot::Pile {
        pile,
        from: run(pile),
    };
    match mv {
        Move::Draw | Move::Redeal => [Some(Spot::Stock), Some(Spot::Waste)],
        Move::WasteToFoundation(to) => [Some(Spot::Waste), Some(Spot::Foundation(to))],
        Move::WasteToPile(to) => [Some(Spot::Waste), Some(onto(to))],
        Move::PileToFoundation { from, to } => [Some(top(from)), Some(Spot::Foundation(to))],
        Move::PileToPile { from, to, count } => [
            Some(Spot::Pile {
                pile: from,
                from: run(from).saturating_sub(usize::from(count)),
            }),
            Some(onto(to)),
        ],
        Move::FoundationToPile { from, to } => [Some(Spot::Foundation(from)), Some(onto(to))],
    }
}

/// The pile whose face-down card a move turned up, going from `before` to `after`.
pub fn turned_up(before: &Position, after: &Position) -> Option<u8> {
    before
        .piles()
        .iter()
        .zip(after.piles())
        .position(|(was, now)| now.face_down.len() < was.face_down.len())
        .and_then(|pile| u8::try_from(pile).ok())
}

/// The table drawn at one step of a line.
pub struct TableBoard<'a> {
    pub position: &'a Position,
    /// The places of the next move, marked as a hint.
    pub hint: [Option<Spot>; 2],
    /// The pile whose card the last move turned face up.
    pub turned: Option<u8>,
    pub text: CardText,
    pub theme: &'a Theme,
}

impl TableBoard<'_> {
    /// How a spot is marked: the hint's places, or plain.
    fn mark(&self, spot: Spot) -> Mark {
        let hinted = self.hint.iter().flatten().any(|&hint| match (hint, spot) {
            (
                Spot::Pile { pile, from },
                Spot::Pile {
                    pile: at,
                    from: card,
                },
            ) => pile == at && card >= from,
            (hint, spot) => hint == spot,
        });
        if hinted { Mark::Hint } else { Mark::Plain }
    }

    fn pile_mark(&self, pile: u8, card: usize, turned_card: bool) -> Mark {
        if turned_card && self.turned == Some(pile) {
            return Mark::Selected;
        }
        self.mark(Spot::Pile { pile, from: card })
    }
}

/// Writes a span at a board cell, when the board has it.
fn put(buf: &mut Buffer, area: Rect, x: u16, row: u16, span: Span) {
    let (x, y) = (area.x + x, area.y + row);
    if y < area.bottom() && x < area.right() {
        span.render(Rect::new(x, y, area.right() - x, 1), buf);
    }
}

/// A number in two columns, right-aligned.
fn two_columns(n: usize) -> String {
    format!("{n:>2}")
}

impl Widget for &TableBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = Rect {
            x: area.x + area.width.saturating_sub(WIDTH) / 2,
            width: area.width.min(WIDTH),
            ..area
        };
        let (text, theme) = (self.text, self.theme);
        let dim = Style::new().fg(theme.dim);
        let face = |card: Option<_>| card.map_or(Face::Empty, Face::Card);
        let position = self.position;

        put(buf, area, STOCK_X + 1, LETTERS_ROW, Span::styled("@", dim));
        put(buf, area, WASTE_X, LETTERS_ROW, Span::styled("a", dim));
        let stock = position.stock().len();
        let stock_span = if stock == 0 {
            face_span(Face::Empty, self.mark(Spot::Stock), text, theme)
        } else {
            let back = face_span(Face::Back, self.mark(Spot::Stock), text, theme);
            Span::styled(two_columns(stock), back.style)
        };
        put(buf, area, STOCK_X, TOPS_ROW, stock_span);
        let waste = position.waste();
        let waste_mark = self.mark(Spot::Waste);
        put(
            buf,
            area,
            WASTE_X,
            TOPS_ROW,
            face_span(face(waste.last().copied()), waste_mark, text, theme),
        );
        if waste.len() > 1 {
            let under = format!("+{}", waste.len() - 1);
            put(
                buf,
                area,
                WASTE_X + STEP,
                TOPS_ROW,
                Span::styled(under, dim),
            );
        }
        for (index, foundation) in position.foundations().iter().enumerate() {
            let x = FOUNDATIONS_X + index as u16 * STEP;
            let letter = char::from(b'b' + index as u8).to_string();
            put(buf, area, x, LETTERS_ROW, Span::styled(letter, dim));
            let mark = self.mark(Spot::Foundation(index as u8));
            put(
                buf,
                area,
                x,
                TOPS_ROW,
                face_span(face(foundation.top()), mark, text, theme),
            );
        }

        let back = face_span(Face::Back, Mark::Plain, text, theme);
        put(buf, area, 0, FACE_DOWN_ROW, back.clone());
        let rows = usize::from(area.height.saturating_sub(RUNS_ROW));
        for (index, pile) in position.piles().iter().enumerate() {
            let x = PILES_X + index as u16 * STEP;
            let letter = char::from(b'n' + index as u8).to_string();
            put(buf, area, x, PILE_LETTERS_ROW, Span::styled(letter, dim));
            let down = pile.face_down.len();
            if down > 0 {
                let count = Span::styled(two_columns(down), back.style);
                put(buf, area, x, FACE_DOWN_ROW, count);
            }
            self.run(buf, area, x, index as u8, pile, rows);
        }
    }
}

impl TableBoard<'_> {
    /// A pile's face-up run down from the runs' row, in `rows` lines: `+N` first when it
    /// is taller, for the N cards under those drawn.
    fn run(&self, buf: &mut Buffer, area: Rect, x: u16, index: u8, pile: &Pile, rows: usize) {
        let (text, theme) = (self.text, self.theme);
        if rows == 0 {
            return;
        }
        let run = &pile.face_up;
        if run.is_empty() {
            let mark = self.pile_mark(index, 0, false);
            put(
                buf,
                area,
                x,
                RUNS_ROW,
                face_span(Face::Empty, mark, text, theme),
            );
            return;
        }
        let hidden = if run.len() > rows {
            run.len() - rows + 1
        } else {
            0
        };
        let mut row = RUNS_ROW;
        if hidden > 0 {
            let more = Span::styled(format!("+{hidden}"), Style::new().fg(theme.dim));
            put(buf, area, x, row, more);
            row += 1;
        }
        for (card_index, &card) in run.iter().enumerate().skip(hidden) {
            let mark = self.pile_mark(index, card_index, card_index == 0);
            put(
                buf,
                area,
                x,
                row,
                face_span(Face::Card(card), mark, text, theme),
            );
            row += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire::cards::card::Card;
    use solitaire::games::triple_klondike::{Deal, Rules};

    use crate::app::theme;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    fn start(seed: u64) -> Position {
        Position::new(&Deal::shuffled(seed, Rules::CONTEST), Rules::CONTEST).unwrap()
    }

    /// The text of one row of a buffer.
    fn row(buf: &Buffer, y: u16) -> String {
        (0..buf.area.width)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect::<String>()
            .trim_end()
            .to_string()
    }

    #[test]
    fn a_run_taller_than_the_board_shows_how_many_cards_lie_under_those_drawn() {
        let themes = theme::built_in();
        let position = start(1);
        let board = TableBoard {
            position: &position,
            hint: [None, None],
            turned: None,
            text: CardText { ascii: true },
            theme: &themes[0],
        };
        let pile = Pile::new(vec![], vec![card("Kh"), card("Qs"), card("Jd"), card("Tc")]);
        let area = Rect::new(0, 0, WIDTH, RUNS_ROW + 3);
        let mut buf = Buffer::empty(area);
        board.run(&mut buf, area, 0, 0, &pile, 3);
        let rows: Vec<String> = (RUNS_ROW..RUNS_ROW + 3).map(|y| row(&buf, y)).collect();
        assert_eq!(rows, ["+2", "Jd", "Tc"]);

        let mut buf = Buffer::empty(area);
        board.run(&mut buf, area, 0, 0, &pile, 4);
        let rows: Vec<String> = (RUNS_ROW..RUNS_ROW + 3).map(|y| row(&buf, y)).collect();
        assert_eq!(rows, ["Kh", "Qs", "Jd"]);
    }

    #[test]
    fn a_move_off_face_down_cards_names_the_pile_whose_card_turned_up() {
        let (before, mv) = (1..100)
            .map(start)
            .find_map(|position| {
                let mv = position
                    .legal_moves()
                    .into_iter()
                    .find(|&mv| matches!(mv, Move::PileToFoundation { from, .. } if from > 0))?;
                Some((position, mv))
            })
            .expect("a deal whose pile top goes up at once");
        let Move::PileToFoundation { from, .. } = mv else {
            unreachable!()
        };
        let mut after = before.clone();
        after.apply(mv).unwrap();
        assert_eq!(turned_up(&before, &after), Some(from));
        let [source, target] = spots_of(&before, mv);
        assert_eq!(
            source,
            Some(Spot::Pile {
                pile: from,
                from: 0
            })
        );
        assert!(matches!(target, Some(Spot::Foundation(_))));
        let mut drawn = before.clone();
        drawn.apply(Move::Draw).unwrap();
        assert_eq!(turned_up(&before, &drawn), None);
    }
}

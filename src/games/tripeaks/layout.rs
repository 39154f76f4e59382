//! The three peaks' geometry: rows, which cards cover which, and the names of places.
//!
//! Cards are numbered in deal order: 0..28 the tableau, row by row from the peak tops and left
//! to right; 28 the first waste card; 29..52 the stock, 29 on top. A set of tableau cards is a
//! `u32` bit mask over the 28 numbers.

use crate::cards::card::DECK_SIZE;
use crate::cards::layout::Layout;

/// TriPeaks' layout, as the deal reader asks it.
pub static LAYOUT: Layout = Layout {
    name: "TriPeaks",
    slot_name,
    drawn,
    takes_unknown: true,
};

/// Cards in the tableau, the first of the deal.
pub const TABLEAU_SIZE: usize = 28;
/// The deal-order index of the card that starts face up on the waste.
pub const FIRST_WASTE: usize = 28;
/// The deal-order index of the stock's top card.
pub const STOCK_START: usize = 29;
/// Cards in the stock.
pub const STOCK_SIZE: usize = DECK_SIZE - STOCK_START;
/// Rows in the tableau.
pub const ROWS: usize = 4;
/// All 28 tableau cards present.
pub const FULL: u32 = (1 << TABLEAU_SIZE) - 1;
/// The three peak tops, whose removal scores the peak bonuses.
pub const PEAK_TOPS: [usize; 3] = [0, 1, 2];

/// The index of the first card of each row, and one past the last row.
const ROW_STARTS: [usize; ROWS + 1] = [0, 3, 9, 18, 28];

/// The row (0 for the peak tops, 3 for the bottom row) of a tableau card.
pub const fn row_of(index: usize) -> usize {
    let mut row = 0;
    while ROW_STARTS[row + 1] <= index {
        row += 1;
    }
    row
}

/// The two cards lying on this one (none for the bottom row).
pub const fn covering(index: usize) -> Option<[usize; 2]> {
    match index {
        // Row 1 to row 2: each peak top lies under the pair of its own peak.
        0..=2 => Some([3 + 2 * index, 4 + 2 * index]),
        // Row 2 to row 3: each peak's pair lies under three cards of row 3; peaks share none.
        3..=8 => {
            let (peak, side) = ((index - 3) / 2, (index - 3) % 2);
            let left = 9 + 3 * peak + side;
            Some([left, left + 1])
        }
        9..=17 => Some([index + 9, index + 10]),
        _ => None,
    }
}

/// The tableau cards covering each card, as bit masks.
const fn covers_table() -> [u32; TABLEAU_SIZE] {
    let mut table = [0u32; TABLEAU_SIZE];
    let mut index = 0;
    while index < TABLEAU_SIZE {
        if let Some([a, b]) = covering(index) {
            table[index] = (1 << a) | (1 << b);
        }
        index += 1;
    }
    table
}

/// For each tableau card, the mask of the two cards covering it (0 for the bottom row).
pub const COVERS: [u32; TABLEAU_SIZE] = covers_table();

/// Whether a card still in `remaining` is face up: nothing of `remaining` covers it.
pub const fn is_face_up(index: usize, remaining: u32) -> bool {
    COVERS[index] & remaining == 0
}

/// The face-up cards of `remaining`, as a mask.
pub fn face_up(remaining: u32) -> u32 {
    let mut up = 0;
    let mut rest = remaining;
    while rest != 0 {
        let index = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if is_face_up(index, remaining) {
            up |= 1 << index;
        }
    }
    up
}

/// Names a place in deal order for people: "tableau row 2", "the waste card",
/// "stock card 5 from the top".
pub fn slot_name(index: usize) -> String {
    if index < TABLEAU_SIZE {
        format!("tableau row {}", row_of(index) + 1)
    } else if index == FIRST_WASTE {
        "the waste card".to_string()
    } else if index < DECK_SIZE {
        format!("stock card {} from the top", index - STOCK_START + 1)
    } else {
        format!("card {}, past the 52 of a deal", index + 1)
    }
}

/// Names a tableau card precisely, for a player who must find one face-down card among
/// several: "tableau row 3, card 9 from the left"; other places as [`slot_name`].
pub fn place_name(index: usize) -> String {
    if index < TABLEAU_SIZE {
        let row = row_of(index);
        format!(
            "tableau row {}, card {} from the left",
            row + 1,
            index - ROW_STARTS[row] + 1
        )
    } else {
        slot_name(index)
    }
}

/// The column (in characters) where each tableau card is drawn: the bottom row four apart,
/// every other card halfway between the two covering it.
const fn drawn_columns() -> [usize; TABLEAU_SIZE] {
    let mut columns = [0usize; TABLEAU_SIZE];
    let mut index = TABLEAU_SIZE;
    while index > 0 {
        index -= 1;
        columns[index] = match covering(index) {
            Some([a, b]) => columns[a].midpoint(columns[b]),
            None => (index - ROW_STARTS[ROWS - 1]) * 4,
        };
    }
    columns
}

const DRAWN_COLUMNS: [usize; TABLEAU_SIZE] = drawn_columns();

/// Slots in the layout people type: the three peaks drawn row by row, a blank line, the waste
/// card, then the stock line, top first; each slot's text is two characters wide (a card,
/// `??` or `..`).
pub fn drawn(slots: &[String; DECK_SIZE]) -> String {
    let mut out = String::new();
    for row in 0..ROWS {
        let mut line = String::new();
        for index in ROW_STARTS[row]..ROW_STARTS[row + 1] {
            let column = DRAWN_COLUMNS[index];
            line.push_str(&" ".repeat(column.saturating_sub(line.chars().count())));
            line.push_str(&slots[index]);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out.push('\n');
    out.push_str(&slots[FIRST_WASTE]);
    out.push('\n');
    out.push_str(&slots[STOCK_START..].join(" "));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::deal::{Deal, UNKNOWN};
    use crate::games::tripeaks::fixtures::{ORDERED, deal};
    use LAYOUT as TRIPEAKS;

    #[test]
    fn unknown_cards_stand_in_for_the_missing_ones() {
        let deal = deal(ORDERED);
        let mut texts = deal.texts();
        texts[3] = UNKNOWN.to_string();
        texts[40] = UNKNOWN.to_string();
        let line = texts.join(" ");
        let read = Deal::parse_as(&line, &TRIPEAKS).unwrap();
        assert_eq!(read.unknown(), (1 << 3) | (1 << 40));
        assert_eq!(read.card(3), None);
        assert_eq!(read.card(4), deal.card(4));
        assert_eq!(read.to_line(), line);
        // The stand-ins make a whole deck.
        let mut seen: Vec<usize> = read.cards().iter().map(|card| card.index()).collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..DECK_SIZE).collect::<Vec<_>>());
        // Revealing both gives the deal back; a known place or a card in the deal is refused.
        let back = read
            .reveal(3, deal.cards()[3], &TRIPEAKS)
            .and_then(|d| d.reveal(40, deal.cards()[40], &TRIPEAKS))
            .unwrap();
        assert_eq!(back, deal);
        let known = read.reveal(4, deal.cards()[3], &TRIPEAKS).unwrap_err();
        assert_eq!(
            known.to_string(),
            "(tableau row 2) does not hold an unknown card"
        );
        let twice = read.reveal(3, deal.cards()[0], &TRIPEAKS).unwrap_err();
        assert!(twice.to_string().contains("appears twice"), "{twice}");
    }

    #[test]
    fn unknown_cards_are_counted_apart_from_missing_ones() {
        let deal = deal(ORDERED);
        let mut texts = deal.texts().to_vec();
        texts[0] = UNKNOWN.to_string();
        texts.pop();
        let problems = Deal::parse_as(&texts.join(" "), &TRIPEAKS).unwrap_err();
        let mut gone = [deal.cards()[0], deal.cards()[51]];
        gone.sort_by_key(|card| card.index());
        assert_eq!(
            problems.to_string(),
            format!(
                "2 cards are not in the deal, 1 more than the 1 unknown: {} {}",
                gone[0], gone[1]
            )
        );
    }

    #[test]
    fn a_tripeaks_deal_is_drawn_as_three_peaks() {
        let deal = deal(ORDERED);
        let drawn = deal.to_layout(&TRIPEAKS);
        let lines: Vec<&str> = drawn.lines().collect();
        assert_eq!(lines.len(), 7, "{drawn}");
        assert_eq!(lines[0].split_whitespace().count(), 3);
        assert_eq!(lines[3].split_whitespace().count(), 10);
        assert_eq!(lines[5], deal.cards()[28].to_string());
        assert_eq!(Deal::parse_as(&drawn, &TRIPEAKS).unwrap(), deal);
    }

    #[test]
    fn covers_follow_the_rules_text() {
        // TRIPEAKS.md: 0 under 3 and 4; 1 under 5, 6; 2 under 7, 8; 3 under 9, 10; 4 under
        // 10, 11; 5 under 12, 13; 6 under 13, 14; 7 under 15, 16; 8 under 16, 17; 9+k under
        // 18+k and 19+k.
        let expected = [
            [3, 4],
            [5, 6],
            [7, 8],
            [9, 10],
            [10, 11],
            [12, 13],
            [13, 14],
            [15, 16],
            [16, 17],
        ];
        for (index, pair) in expected.iter().enumerate() {
            assert_eq!(covering(index), Some(*pair), "card {index}");
        }
        for k in 0..9 {
            assert_eq!(covering(9 + k), Some([18 + k, 19 + k]));
        }
        for index in 18..TABLEAU_SIZE {
            assert_eq!(covering(index), None);
        }
    }

    #[test]
    fn only_the_bottom_row_starts_face_up() {
        assert_eq!(face_up(FULL), FULL & !((1 << 18) - 1));
        assert_eq!(row_of(2), 0);
        assert_eq!(row_of(3), 1);
        assert_eq!(row_of(17), 2);
        assert_eq!(row_of(18), 3);
        // Clearing 3's two covers turns it face up.
        assert!(is_face_up(3, FULL & !(1 << 9) & !(1 << 10)));
    }
}

//! How much of a Perfect Pair layout the board has room for: the screen lines each row
//! takes, from the number of places on each side. Both the board, which draws the rows, and
//! the editor, which refuses a shape the board cannot show, ask it.

use crate::app::layout::BOARD_HEIGHT;

/// Cards a screen line holds on each side of the shaft.
pub const PER_LINE: usize = 7;
/// The board's first line of rows; the line above has the free cells or the labels.
pub const FIRST_ROW: u16 = 1;
/// Screen lines the rows may take.
pub const ROW_LINES: usize = (BOARD_HEIGHT - FIRST_ROW) as usize;

/// Screen lines a row of this many places a side takes.
pub fn row_lines(sides: [usize; 2]) -> usize {
    sides[0].max(sides[1]).max(1).div_ceil(PER_LINE)
}

/// Whether the board has room for a shape's rows, or why not.
pub fn fits(shape: &[[usize; 2]]) -> Result<(), String> {
    let lines: usize = shape.iter().map(|&sides| row_lines(sides)).sum();
    if lines <= ROW_LINES {
        Ok(())
    } else {
        Err(format!(
            "the board has room for {ROW_LINES} lines of cards, {PER_LINE} a side on each \
             (the commands take any layout)"
        ))
    }
}

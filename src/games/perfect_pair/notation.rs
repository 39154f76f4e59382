//! Moves as short text, for saved lines and `--moves`: a pair as its two cards joined by `+`
//! (`7h+6c`), a King removed alone as the card (`Kd`), a card put in a free cell as the card
//! and `>cell` (`7h>cell`). Cards are named rather than places: each card lies in one place
//! of a hand, so a move reads the same whatever was played before it. Either case is read,
//! and `10` for `T`.

use super::position::{IllegalMove, Move, Position};
use crate::cards::card::Card;
use crate::engine::referee::{MoveTextError, checked};

/// What ends a move that puts a card in a free cell.
pub const TO_CELL: &str = ">cell";

/// Why a text is not a move in a position.
pub type NotationError = MoveTextError<IllegalMove>;

/// How a move is written, for the message about a text that is not one.
const HOW: &str = "a pair as 7h+6c, a King as Kd, a card to a free cell as 7h>cell";

/// A move as text.
pub fn move_text(mv: Move) -> String {
    match mv {
        Move::Pair(a, b) => format!("{a}+{b}"),
        Move::King(card) => card.to_string(),
        Move::ToCell(card) => format!("{card}{TO_CELL}"),
    }
}

/// The moves of a line as text, separated by spaces, from `start`.
///
/// # Panics
/// When a move is illegal: the moves must come from a solver or have been checked.
pub fn line_text(start: &Position, moves: &[Move]) -> String {
    crate::engine::referee::write_line(start, moves, |_, mv| move_text(mv))
}

/// Reads a move as [`move_text`] writes it, checking it is legal in `position`. A pair is
/// returned with its cards in the order the referee lists them, whichever order was written.
pub fn read_move(position: &Position, text: &str) -> Result<Move, NotationError> {
    let unreadable = || NotationError::unreadable(text, HOW);
    let card = |part: &str| part.parse::<Card>().map_err(|_| unreadable());
    let mv = if let Some((a, b)) = text.split_once('+') {
        let (a, b) = (card(a)?, card(b)?);
        let layout = position.layout();
        if layout.origin(b) < layout.origin(a) {
            Move::Pair(b, a)
        } else {
            Move::Pair(a, b)
        }
    } else if let Some(cell) = strip_suffix_ignore_case(text, TO_CELL) {
        Move::ToCell(card(cell)?)
    } else {
        let king = card(text)?;
        Move::King(king)
    };
    checked(position, text, mv)
}

/// `text` without `suffix` at its end, in any case.
fn strip_suffix_ignore_case<'a>(text: &'a str, suffix: &str) -> Option<&'a str> {
    let split = text.len().checked_sub(suffix.len())?;
    let (head, tail) = (text.get(..split)?, text.get(split..)?);
    tail.eq_ignore_ascii_case(suffix).then_some(head)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::referee::read_line;
    use crate::games::perfect_pair::Rules;
    use crate::games::perfect_pair::fixtures::{cards, layout};

    #[test]
    fn a_line_round_trips_through_text() {
        let start = Position::new(layout(&["7h Qs Kd | 6c Ad", "5c 8d | 2h"]), Rules::DEFAULT);
        let [h7, qs, kd, c6, ad] = cards("7h Qs Kd 6c Ad")[..] else {
            unreachable!()
        };
        let moves = [
            Move::Pair(h7, c6),
            Move::ToCell(qs),
            Move::King(kd),
            Move::Pair(qs, ad),
        ];
        let text = line_text(&start, &moves);
        assert_eq!(text, "7h+6c Qs>cell Kd Qs+Ad");
        assert_eq!(read_line(&start, &text, read_move), Ok(moves.to_vec()));
        assert_eq!(
            read_line(&start, "6C+7H qs>CELL kd AD+10s", read_move),
            Err((
                3,
                NotationError::Illegal {
                    text: "AD+10s".to_string(),
                    why: IllegalMove::NotInHand(cards("Ts")[0])
                }
            ))
        );
        assert_eq!(
            read_line(&start, "6C+7H qs>CELL kd AD+qS", read_move),
            Ok(moves.to_vec())
        );
    }

    #[test]
    fn bad_move_texts_name_the_token_and_why() {
        let start = Position::new(layout(&["7h Qs Kd | 6c Ad", "5c | 2h"]), Rules::DEFAULT);
        let (number, error) = read_line(&start, "7h+6c jump", read_move).unwrap_err();
        assert_eq!(number, 1);
        assert_eq!(
            error.to_string(),
            "'jump' is not a move: write a pair as 7h+6c, a King as Kd, a card to a free cell as \
             7h>cell"
        );
        assert_eq!(
            read_move(&start, "Qs+Ad").unwrap_err().to_string(),
            "'Qs+Ad' cannot be played: Qs is not available: 7h lies on it"
        );
        assert_eq!(
            read_move(&start, "7h").unwrap_err().to_string(),
            "'7h' cannot be played: 7h is not a King: only a King is removed on its own"
        );
        assert_eq!(
            read_move(&start, "7h+5c").unwrap_err().to_string(),
            "'7h+5c' cannot be played: 7h and 5c do not add up to 13"
        );
        assert_eq!(
            read_move(&start, "7h+Ad").unwrap_err().to_string(),
            "'7h+Ad' cannot be played: Ad is not available: 6c lies on it"
        );
        assert!(matches!(
            read_move(&start, ">cell"),
            Err(NotationError::Unreadable { .. })
        ));
        assert!(matches!(
            read_move(&start, "7h>cél"),
            Err(NotationError::Unreadable { .. })
        ));
    }
}

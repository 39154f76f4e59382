//! Moves as short text, for save files and `--moves`: `draw`, or the tableau card played
//! (`5h`). Cards are named rather than places, so a file stays readable, and each move is read
//! back in the position it was played from.

use super::layout::TABLEAU_SIZE;
use super::position::{IllegalMove, Move, Position};
use crate::cards::card::Card;
use crate::cards::excerpt::excerpt;
use crate::engine::referee::AlreadyWon;

/// Why a text is not a move in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("'{}' is not a move: write draw, or the tableau card to play (5h)", excerpt(.0))]
    Unreadable(String),
    #[error("'{}' cannot be played: it is not in the tableau", excerpt(.0))]
    NotInTableau(String),
    #[error("'{}' cannot be played: {why}", excerpt(.text))]
    Illegal { text: String, why: IllegalMove },
    #[error(transparent)]
    AlreadyWon(#[from] AlreadyWon),
}

/// A move as text, in the position it is played from: `draw`, or the card played (`??` for a
/// card not known, which the referee never plays).
pub fn move_text(position: &Position, mv: Move) -> String {
    match mv {
        Move::Draw => "draw".to_string(),
        Move::Play(slot) => position.card(slot as usize).map_or_else(
            || crate::cards::deal::UNKNOWN.to_string(),
            |card| card.to_string(),
        ),
    }
}

/// The moves of a line as text, separated by spaces, from `start`.
///
/// # Panics
/// When a move is illegal: the moves must come from a solver or have been checked.
pub fn line_text(start: &Position, moves: &[Move]) -> String {
    crate::engine::referee::write_line(start, moves, move_text)
}

/// Reads a move written by [`move_text`], checking it is legal in `position`.
pub fn read_move(position: &Position, text: &str) -> Result<Move, NotationError> {
    let mv = if text.eq_ignore_ascii_case("draw") {
        Move::Draw
    } else {
        let card: Card = text
            .parse()
            .map_err(|_| NotationError::Unreadable(text.to_string()))?;
        let slot = (0..TABLEAU_SIZE)
            .find(|&i| position.is_there(i) && position.card(i) == Some(card))
            .ok_or_else(|| NotationError::NotInTableau(text.to_string()))?;
        Move::Play(slot as u8)
    };
    position.check(mv).map_err(|why| NotationError::Illegal {
        text: text.to_string(),
        why,
    })?;
    Ok(mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::referee::read_line;
    use crate::games::tripeaks::fixtures::{ORDERED, deal};

    #[test]
    fn a_line_round_trips_through_text() {
        let start = Position::new(&deal(ORDERED));
        let moves = [Move::Play(27), Move::Play(26), Move::Draw, Move::Draw];
        let text = line_text(&start, &moves);
        assert_eq!(text, "2h Ah draw draw");
        assert_eq!(read_line(&start, &text, read_move), Ok(moves.to_vec()));
        assert_eq!(
            read_line(&start, "2H AH DRAW", read_move),
            Ok(moves[..3].to_vec())
        );
    }

    #[test]
    fn bad_move_texts_name_the_token_and_why() {
        let start = Position::new(&deal(ORDERED));
        let (number, error) = read_line(&start, "2h jump", read_move).unwrap_err();
        assert_eq!(number, 1);
        assert_eq!(
            error.to_string(),
            "'jump' is not a move: write draw, or the tableau card to play (5h)"
        );
        let (number, error) = read_line(&start, "draw 4h", read_move).unwrap_err();
        assert_eq!(number, 1);
        assert_eq!(
            error.to_string(),
            "'4h' cannot be played: it is not in the tableau"
        );
        assert_eq!(
            read_move(&start, "Ac").unwrap_err().to_string(),
            "'Ac' cannot be played: Ac is face down: 4c and 5c still lie on it"
        );
    }

    #[test]
    fn a_move_after_the_win_is_refused_naming_the_move_that_won() {
        // The ordered deck clears in one run from the right, with the stock left to draw.
        let start = Position::new(&deal(ORDERED));
        let clearing: Vec<Move> = (0..TABLEAU_SIZE as u8).rev().map(Move::Play).collect();
        let mut won = start;
        for &mv in &clearing {
            won.apply(mv).unwrap();
        }
        assert!(won.is_won() && won.stock_left() > 0);
        assert_eq!(won.legal_moves(), []);
        assert_eq!(won.check(Move::Draw), Err(IllegalMove::Won));
        let mut after = won;
        assert_eq!(after.apply(Move::Draw), Err(IllegalMove::Won));
        let line = line_text(&start, &clearing);
        let (number, error) = read_line(&start, &format!("{line} draw"), read_move).unwrap_err();
        assert_eq!(number, 28);
        assert_eq!(
            error.to_string(),
            "'draw' cannot be played: the game is already won after move 28"
        );
    }
}

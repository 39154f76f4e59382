//! Moves as short text, for save files: `draw`, `recycle`, a King alone (`Kd`) or a pair
//! (`6h+7c`). Cards are named rather than places, so a file stays readable, and each move is
//! read back in the position it was played from.

use super::position::{IllegalMove, Move, Position};
use crate::cards::card::Card;
use crate::engine::referee::{MoveTextError, checked};

/// Why a text is not a move in a position.
pub type NotationError = MoveTextError<IllegalMove>;

/// How a move is written, for the message about a text that is not one.
const HOW: &str = "draw, recycle, a King (Kd) or a pair (6h+7c)";

/// A move as text, in the position it is played from.
pub fn move_text(position: &Position, mv: Move) -> String {
    match mv {
        Move::Draw => "draw".to_string(),
        Move::Recycle => "recycle".to_string(),
        Move::King(_) | Move::Pair(..) => {
            let cards: Vec<String> = position
                .cards_of(mv)
                .iter()
                .map(ToString::to_string)
                .collect();
            cards.join("+")
        }
    }
}

/// Reads a move written by [`move_text`], checking it is legal in `position`.
pub fn read_move(position: &Position, text: &str) -> Result<Move, NotationError> {
    let mv = match text.to_ascii_lowercase().as_str() {
        "draw" => Move::Draw,
        "recycle" => Move::Recycle,
        _ => {
            let cards: Vec<Card> = text
                .split('+')
                .map(str::parse)
                .collect::<Result<_, _>>()
                .map_err(|_| NotationError::unreadable(text, HOW))?;
            let places: Vec<_> = cards
                .iter()
                .map(|&card| position.place_of(card))
                .collect::<Result<_, _>>()
                .map_err(|why| NotationError::illegal(text, why))?;
            match places.as_slice() {
                [a] => Move::King(*a),
                [a, b] => Move::Pair(*a, *b),
                _ => return Err(NotationError::unreadable(text, HOW)),
            }
        }
    };
    checked(position, text, mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::referee::read_line;
    use crate::games::pyramid::fixtures::winnable_start as start;
    use crate::games::pyramid::{Place, solver};

    #[test]
    fn a_whole_solution_round_trips_through_text() {
        let start = start();
        let solver::Outcome::Solved(moves) = solver::solve(&start, &mut ()).outcome else {
            panic!("winnable")
        };
        let mut position = start.clone();
        let mut words = Vec::new();
        for &mv in &moves {
            words.push(move_text(&position, mv));
            position.apply(mv).unwrap();
        }
        assert_eq!(words[0], "Qh+Ah");
        assert_eq!(read_line(&start, &words.join(" "), read_move), Ok(moves));
    }

    #[test]
    fn bad_move_texts_say_what_is_wrong() {
        let start = start();
        assert!(matches!(
            read_move(&start, "jump"),
            Err(NotationError::Unreadable { .. })
        ));
        let error = read_move(&start, "4d").unwrap_err();
        assert_eq!(
            error.to_string(),
            "'4d' cannot be played: 4d is covered by 8h and 8s"
        );
        assert_eq!(read_move(&start, "DRAW"), Ok(Move::Draw));
        assert_eq!(
            read_move(&start, "Qh+Ah"),
            Ok(Move::Pair(Place::Pyramid(27), Place::Stock))
        );
        let (number, _) = read_line(&start, "draw recycle", read_move).unwrap_err();
        assert_eq!(number, 1);
    }

    #[test]
    fn a_move_after_the_win_is_refused_naming_the_move_that_won() {
        // Won in 15 steps with stock cards left to draw.
        let deal = crate::cards::deal::Deal::parse(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/shortest-15-steps.txt"
        )));
        let start = Position::new(&deal.unwrap(), crate::games::pyramid::Rules::default());
        let solver::Outcome::Solved(moves) = solver::solve(&start, &mut ()).outcome else {
            panic!("winnable")
        };
        let mut won = start.clone();
        for &mv in &moves {
            won.apply(mv).unwrap();
        }
        assert!(
            won.is_won() && won.stock_len() > 0,
            "the stock has a card to draw"
        );
        assert_eq!(won.legal_moves(), []);
        assert_eq!(won.check(Move::Draw), Err(IllegalMove::Won));
        assert_eq!(won.clone().apply(Move::Draw), Err(IllegalMove::Won));
        let line = crate::engine::referee::write_line(&start, &moves, move_text);
        let (number, error) = read_line(&start, &format!("{line} draw"), read_move).unwrap_err();
        assert_eq!(number, moves.len());
        assert_eq!(
            error.to_string(),
            format!(
                "'draw' cannot be played: the game is already won after move {}",
                moves.len()
            )
        );
    }
}

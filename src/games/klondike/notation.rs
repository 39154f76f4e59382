//! Moves as short text, for save files: `draw`, `redeal`, or a card and where it goes,
//! `7h>5` (7h, with the cards on it, onto pile 5) or `Ah>f` (onto its foundation). Cards are
//! named rather than places, so a file stays readable; a card is in one place only, so the
//! card says where the move starts, and each move is read back in the position it was played
//! from.

use super::deal::card_text;
use super::position::{IllegalMove, Move, Pile, Position};
use crate::cards::card::Card;
use crate::cards::excerpt::excerpt;
use crate::engine::referee::AlreadyWon;

/// Why a text is not a move in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error(
        "'{}' is not a move: write draw, redeal, or a card and where it goes (7h>5 for pile 5, \
         Ah>f for its foundation)",
        excerpt(.0)
    )]
    Unreadable(String),
    #[error(
        "'{}' cannot be played: {card} is not on top of the waste, face up in a pile or on top \
         of a foundation",
        excerpt(.text)
    )]
    NotPlayable { text: String, card: Card },
    #[error(
        "'{}' cannot be played: {card} has cards on it, and only a pile's top card goes to a \
         foundation",
        excerpt(.text)
    )]
    Covered { text: String, card: Card },
    #[error("'{}' cannot be played: {card} is on its foundation already", excerpt(.text))]
    OnFoundation { text: String, card: Card },
    #[error("'{}' cannot be played: {}", excerpt(.text), .why.in_a_file())]
    Illegal { text: String, why: IllegalMove },
    #[error(transparent)]
    AlreadyWon(#[from] AlreadyWon),
}

/// Where a move sends its cards.
#[derive(Clone, Copy)]
enum Target {
    Foundation,
    Pile(u8),
}

/// A move as text, in the position it is played from.
pub fn move_text(position: &Position, mv: Move) -> String {
    let waste = || card_text(position.waste().last().copied().flatten());
    let pile = |to: u8| (u16::from(to) + 1).to_string();
    match mv {
        Move::Draw => "draw".to_string(),
        Move::Redeal => "redeal".to_string(),
        Move::WasteToFoundation => format!("{}>f", waste()),
        Move::WasteToPile(to) => format!("{}>{}", waste(), pile(to)),
        Move::PileToFoundation(from) => {
            let top = position.pile(from as usize).and_then(Pile::top);
            format!("{}>f", card_text(top))
        }
        Move::PileToPile { from, to, count } => {
            let head = position.pile(from as usize).and_then(|p| {
                let at = p.face_up.len().checked_sub(count as usize)?;
                p.face_up.get(at).copied().flatten()
            });
            format!("{}>{}", card_text(head), pile(to))
        }
        Move::FoundationToPile { suit, to } => {
            format!("{}>{}", card_text(position.foundation_top(suit)), pile(to))
        }
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
    let unreadable = || NotationError::Unreadable(text.to_string());
    let mv = if text.eq_ignore_ascii_case("draw") {
        Move::Draw
    } else if text.eq_ignore_ascii_case("redeal") {
        Move::Redeal
    } else {
        let (card, target) = text.split_once('>').ok_or_else(unreadable)?;
        let card: Card = card.parse().map_err(|_| unreadable())?;
        let target = if target.eq_ignore_ascii_case("f") {
            Target::Foundation
        } else {
            match target.parse::<u8>() {
                Ok(number @ 1..) => Target::Pile(number - 1),
                _ => return Err(unreadable()),
            }
        };
        move_of(position, text, card, target)?
    };
    position.check(mv).map_err(|why| NotationError::Illegal {
        text: text.to_string(),
        why,
    })?;
    Ok(mv)
}

/// The move that takes `card` from where it lies to `target`.
fn move_of(
    position: &Position,
    text: &str,
    card: Card,
    target: Target,
) -> Result<Move, NotationError> {
    if position.waste().last() == Some(&Some(card)) {
        return Ok(match target {
            Target::Foundation => Move::WasteToFoundation,
            Target::Pile(to) => Move::WasteToPile(to),
        });
    }
    let in_pile = position
        .piles()
        .iter()
        .enumerate()
        .find_map(|(from, pile)| {
            let at = pile.face_up.iter().position(|&c| c == Some(card))?;
            Some((from as u8, (pile.face_up.len() - at) as u8))
        });
    if let Some((from, count)) = in_pile {
        return Ok(match target {
            Target::Foundation if count == 1 => Move::PileToFoundation(from),
            Target::Foundation => {
                return Err(NotationError::Covered {
                    text: text.to_string(),
                    card,
                });
            }
            Target::Pile(to) => Move::PileToPile { from, to, count },
        });
    }
    if position.foundation_top(card.suit()) == Some(card) {
        return match target {
            Target::Foundation => Err(NotationError::OnFoundation {
                text: text.to_string(),
                card,
            }),
            Target::Pile(to) => Ok(Move::FoundationToPile {
                suit: card.suit(),
                to,
            }),
        };
    }
    Err(NotationError::NotPlayable {
        text: text.to_string(),
        card,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::card::Suit;
    use crate::engine::referee::read_line;
    use crate::games::klondike::fixtures::laid_out;
    use crate::games::klondike::{Deal, Rules};

    /// Every kind of move, from a small layout under the standard rules.
    fn every_kind() -> (Position, Vec<Move>) {
        let start = laid_out("Ac | 5d / Kc | Qh | Th | 3d", "2c 9s Jc", Rules::default());
        let moves = vec![
            Move::PileToFoundation(0),
            Move::PileToPile {
                from: 2,
                to: 1,
                count: 1,
            },
            Move::Draw,
            Move::Redeal,
            Move::Draw,
            Move::WasteToPile(1),
            Move::WasteToPile(3),
            Move::WasteToFoundation,
            Move::PileToPile {
                from: 1,
                to: 2,
                count: 3,
            },
            Move::FoundationToPile {
                suit: Suit::Clubs,
                to: 4,
            },
        ];
        (start, moves)
    }

    #[test]
    fn a_line_round_trips_through_text() {
        let (start, moves) = every_kind();
        let text = line_text(&start, &moves);
        assert_eq!(text, "Ac>f Qh>2 draw redeal draw Jc>2 9s>4 2c>f Kc>3 2c>5");
        assert_eq!(read_line(&start, &text, read_move), Ok(moves.clone()));
        assert_eq!(
            read_line(&start, "AC>F qh>2 DRAW", read_move),
            Ok(moves[..3].to_vec())
        );
    }

    #[test]
    fn random_games_round_trip_through_text() {
        for seed in 0..20 {
            let start = Position::new(&Deal::shuffled(seed), Rules::default());
            let mut position = start.clone();
            let mut moves = Vec::new();
            for step in 0..200 {
                let legal = position.legal_moves();
                let Some(&mv) = legal.get((step * 7 + seed as usize) % legal.len().max(1)) else {
                    break;
                };
                position.apply(mv).unwrap();
                moves.push(mv);
            }
            let text = line_text(&start, &moves);
            assert_eq!(read_line(&start, &text, read_move), Ok(moves), "{text}");
        }
    }

    #[test]
    fn bad_move_texts_name_the_word_and_why() {
        let (start, moves) = every_kind();
        let error = |position: &Position, text: &str| read_move(position, text).unwrap_err();
        for text in ["jump", "7h>0", "7h>x", "7h", "Zz>3", ">f"] {
            assert!(
                matches!(error(&start, text), NotationError::Unreadable(_)),
                "{text}"
            );
        }
        assert_eq!(
            error(&start, "jump").to_string(),
            "'jump' is not a move: write draw, redeal, or a card and where it goes (7h>5 for \
             pile 5, Ah>f for its foundation)"
        );
        assert_eq!(
            error(&start, "5d>1").to_string(),
            "'5d>1' cannot be played: 5d is not on top of the waste, face up in a pile or on top \
             of a foundation"
        );
        assert_eq!(
            error(&start, "Qh>4").to_string(),
            "'Qh>4' cannot be played: Qh does not go on Th: a pile takes the next lower card of \
             the other colour"
        );
        let mut after = start.clone();
        for &mv in &moves[..8] {
            after.apply(mv).unwrap();
        }
        assert_eq!(
            error(&after, "2c>f").to_string(),
            "'2c>f' cannot be played: 2c is on its foundation already"
        );
        assert_eq!(
            error(&after, "Kc>f").to_string(),
            "'Kc>f' cannot be played: Kc has cards on it, and only a pile's top card goes to a \
             foundation"
        );
        let (number, _) = read_line(&start, "Ac>f draw Ac>f", read_move).unwrap_err();
        assert_eq!(number, 2);
    }

    #[test]
    fn a_move_after_the_win_is_refused_naming_the_move_that_won() {
        // With any card on an empty pile, the Ace could come back from its foundation.
        let rules = Rules {
            empty_pile: crate::games::klondike::EmptyPile::AnyCard,
            ..Rules::default()
        };
        let start = laid_out("Ac | ", "", rules);
        let mut won = start.clone();
        won.apply(Move::PileToFoundation(0)).unwrap();
        assert!(won.is_won());
        let back = Move::FoundationToPile {
            suit: Suit::Clubs,
            to: 1,
        };
        assert_eq!(won.legal_moves(), []);
        assert_eq!(won.check(back), Err(IllegalMove::Won));
        assert_eq!(won.clone().apply(back), Err(IllegalMove::Won));
        let (number, error) = read_line(&start, "Ac>f Ac>2", read_move).unwrap_err();
        assert_eq!(number, 1);
        assert_eq!(
            error.to_string(),
            "'Ac>2' cannot be played: the game is already won after move 1"
        );
    }
}

//! The contest's move notation (`TRIPLE_KLONDIKE.md`): `@` draws a card (or, on an empty
//! stock when the rules allow another pass, turns the waste over); otherwise two letters say
//! from where to where: `a` the waste, `b` to `m` the foundations, `n` to `z` the piles. A
//! pile-to-pile pair moves as many cards as the destination takes: the one card of the run
//! that fits on its top, with the cards on it, or the run headed by a King onto an empty pile.
//! A line is one string, written in lower case with no separators and read in any case, blanks
//! between moves allowed.

use super::deal::pile_letter;
use super::position::{IllegalMove, Move, Position};
use crate::engine::referee::{AlreadyWon, MoveTextError, checked};

/// Why a text is not a line of moves from a position.
pub type NotationError = MoveTextError<IllegalMove>;

/// How a move is written, for the message about a text that is not one.
const HOW: &str = "@ to draw, or two letters from a (the waste), b-m (the foundations) or n-z (the \
                          piles) to another of them";

/// A place a move's letter names.
#[derive(Clone, Copy)]
enum Place {
    Waste,
    Foundation(u8),
    Pile(u8),
}

fn place(letter: char) -> Option<Place> {
    match letter.to_ascii_lowercase() {
        'a' => Some(Place::Waste),
        c @ 'b'..='m' => Some(Place::Foundation(c as u8 - b'b')),
        c @ 'n'..='z' => Some(Place::Pile(c as u8 - b'n')),
        _ => None,
    }
}

/// A move in the notation: `@` or two letters. The letters follow from the move alone.
pub fn move_text(mv: Move) -> String {
    let foundation = |f: u8| char::from(b'b' + f);
    let pile = |p: u8| pile_letter(usize::from(p)).to_ascii_lowercase();
    match mv {
        Move::Draw | Move::Redeal => "@".to_string(),
        Move::WasteToFoundation(to) => format!("a{}", foundation(to)),
        Move::WasteToPile(to) => format!("a{}", pile(to)),
        Move::PileToFoundation { from, to } => format!("{}{}", pile(from), foundation(to)),
        Move::PileToPile { from, to, .. } => format!("{}{}", pile(from), pile(to)),
        Move::FoundationToPile { from, to } => format!("{}{}", foundation(from), pile(to)),
    }
}

/// A line in the notation: its moves' texts with no separators.
pub fn line_text(line: &[Move]) -> String {
    line.iter().map(|&mv| move_text(mv)).collect()
}

/// Reads one move (`@` or two letters) as played in `position`, checking it is legal there.
pub fn read_move(position: &Position, text: &str) -> Result<Move, NotationError> {
    let unreadable = || NotationError::unreadable(text, HOW);
    let letters: Vec<char> = text.chars().collect();
    let mv = match letters[..] {
        ['@'] if position.stock().is_empty() && !position.waste().is_empty() => Move::Redeal,
        ['@'] => Move::Draw,
        [from, to] => match (
            place(from).ok_or_else(unreadable)?,
            place(to).ok_or_else(unreadable)?,
        ) {
            (Place::Waste, Place::Foundation(to)) => Move::WasteToFoundation(to),
            (Place::Waste, Place::Pile(to)) => Move::WasteToPile(to),
            (Place::Pile(from), Place::Foundation(to)) => Move::PileToFoundation { from, to },
            (Place::Pile(from), Place::Pile(to)) => Move::PileToPile {
                from,
                to,
                count: count_taken(position, from, to),
            },
            (Place::Foundation(from), Place::Pile(to)) => Move::FoundationToPile { from, to },
            _ => return Err(unreadable()),
        },
        _ => return Err(unreadable()),
    };
    checked(position, text, mv)
}

/// The cards a pile-to-pile pair moves: from the card of the run that fits on the
/// destination's top (or the King, onto an empty pile), to the top; the top card alone when
/// none fits, so that the check names it.
fn count_taken(position: &Position, from: u8, to: u8) -> u8 {
    let (Some(source), Some(target)) = (
        position.piles().get(usize::from(from)),
        position.piles().get(usize::from(to)),
    ) else {
        return 1;
    };
    let fits = |card: crate::cards::card::Card| match target.top() {
        None => card.is_king(),
        Some(onto) => {
            onto.rank().value() == card.rank().value() + 1
                && onto.suit().is_red() != card.suit().is_red()
        }
    };
    let run = &source.face_up;
    run.iter()
        .position(|&card| fits(card))
        .map_or(1, |at| (run.len() - at) as u8)
}

/// Reads a line (one string, any case, blanks between moves allowed) played from `start`; on
/// a bad move, its number (from 0) and why.
pub fn read_line(start: &Position, text: &str) -> Result<Vec<Move>, (usize, NotationError)> {
    let mut position = start.clone();
    let mut moves = Vec::new();
    let mut letters = text.chars().filter(|c| !c.is_whitespace());
    while let Some(first) = letters.next() {
        let number = moves.len();
        let word: String = if first == '@' {
            first.to_string()
        } else {
            std::iter::once(first).chain(letters.next()).collect()
        };
        if position.is_won() {
            let won = AlreadyWon {
                text: word,
                after: number,
            };
            return Err((number, won.into()));
        }
        let mv = read_move(&position, &word).map_err(|error| (number, error))?;
        position
            .apply(mv)
            .unwrap_or_else(|_| panic!("a move read is checked legal"));
        moves.push(mv);
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::triple_klondike::fixtures::small_rules;
    use crate::games::triple_klondike::{Deal, Rules};

    /// A line of random legal moves from a deal.
    fn random_line(start: &Position, seed: usize, length: usize) -> Vec<Move> {
        let mut position = start.clone();
        let mut line = Vec::new();
        for step in 0..length {
            let legal = position.legal_moves();
            let Some(&mv) = legal.get((step * 7919 + seed * 31) % legal.len().max(1)) else {
                break;
            };
            position.apply(mv).unwrap();
            line.push(mv);
        }
        line
    }

    #[test]
    fn random_lines_round_trip_through_text() {
        for seed in 0..30 {
            for rules in [Rules::default(), small_rules(4)] {
                let deal = Deal::shuffled(seed as u64, rules);
                let start = Position::new(&deal, rules).unwrap();
                let line = random_line(&start, seed, 300);
                let text = line_text(&line);
                assert_eq!(read_line(&start, &text), Ok(line.clone()), "{text}");
                assert_eq!(read_line(&start, &text.to_uppercase()), Ok(line), "{text}");
            }
        }
    }

    #[test]
    fn every_kind_of_move_has_its_letters() {
        let texts: Vec<String> = [
            Move::Draw,
            Move::Redeal,
            Move::WasteToFoundation(11),
            Move::WasteToPile(0),
            Move::PileToFoundation { from: 12, to: 0 },
            Move::PileToPile {
                from: 1,
                to: 2,
                count: 3,
            },
            Move::FoundationToPile { from: 4, to: 5 },
        ]
        .into_iter()
        .map(move_text)
        .collect();
        assert_eq!(texts.join(" "), "@ @ am an zb op fs");
    }

    #[test]
    fn bad_letters_and_illegal_moves_are_named() {
        let rules = Rules::default();
        let start = Position::new(&Deal::shuffled(1, rules), rules).unwrap();
        let error = |text: &str| read_line(&start, text).unwrap_err();
        for text in ["aa", "bc", "na", "x1", "a", "@#", "ba"] {
            let (_, why) = error(text);
            assert!(
                matches!(why, NotationError::Unreadable { .. }),
                "{text}: {why}"
            );
        }
        assert_eq!(
            error("@ @ bb").1.to_string(),
            "'bb' is not a move: write @ to draw, or two letters from a (the waste), b-m (the \
             foundations) or n-z (the piles) to another of them"
        );
        let (number, why) = error("@@nb");
        assert_eq!(number, 2);
        assert!(matches!(why, NotationError::Illegal { .. }), "{why}");
        let one = small_rules(1);
        let tiny = Position::new(
            &Deal::from_cards(vec!["Ks".parse().unwrap()], one).unwrap(),
            one,
        )
        .unwrap();
        assert_eq!(
            read_line(&tiny, "nb").unwrap_err().1.to_string(),
            "'nb' cannot be played: KS does not go on foundation b: it takes an Ace next"
        );
    }
}

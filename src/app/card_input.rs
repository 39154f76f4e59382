//! Typing one card key by key, as every deal editor does: a rank (`A 2-9 T J Q K`, or `1`
//! then `0` for a ten), then its suit, with a hint for each key refused; and the cards of a
//! paste. One state machine, so that both games' editors take the same keys and say the same
//! words.

use solitaire::cards::card::{Card, Rank, Suit};
use solitaire::cards::deal::{self, DeckProblem};

/// A paste into the slots from `cursor`: the cards that fit (`None` for `??`), the words that
/// were not cards, and how many cards did not fit after the last slot.
pub struct Pasted {
    pub cards: Vec<Option<Card>>,
    pub bad: Vec<String>,
    pub left_over: usize,
}

impl Pasted {
    /// Reads a pasted text in any layout the deal reader takes, for `room` slots.
    pub fn read(text: &str, room: usize) -> Pasted {
        let read = deal::read_cards(text);
        let bad = read
            .malformed
            .iter()
            .filter_map(|problem| match problem {
                DeckProblem::Malformed { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect();
        let cards: Vec<Option<Card>> = read.cards.iter().map(|&(card, _)| card).collect();
        let left_over = cards.len().saturating_sub(room);
        Pasted {
            cards: cards.into_iter().take(room).collect(),
            bad,
            left_over,
        }
    }
}

/// What has been typed of the next card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    Nothing,
    /// `1`, waiting for the `0` of a ten.
    One,
    /// A rank, waiting for its suit.
    Rank(Rank),
}

/// What a keystroke made of the card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Part of a card: more keys to come.
    Partial,
    /// The card is complete.
    Card(Card),
    /// The key was refused, with a hint.
    Rejected(String),
}

impl Pending {
    /// Takes one typed character. A wrong suit keeps the rank, so that only the suit is typed
    /// again; a wrong key after `1` drops it.
    pub fn type_char(&mut self, c: char) -> Input {
        match *self {
            Pending::One if c == '0' => {
                *self = Pending::Rank(Rank::new(10).expect("10 is a rank"));
                Input::Partial
            }
            Pending::One => {
                *self = Pending::Nothing;
                Input::Rejected(format!(
                    "'1{c}' is not a rank: type 10 or T for a ten, A for an ace"
                ))
            }
            Pending::Rank(rank) => match Suit::from_char(c) {
                Some(suit) => {
                    *self = Pending::Nothing;
                    Input::Card(Card::new(rank, suit))
                }
                None => Input::Rejected(format!(
                    "'{c}' is not a suit: after {} type c, d, h or s",
                    rank.letter()
                )),
            },
            Pending::Nothing if c == '1' => {
                *self = Pending::One;
                Input::Partial
            }
            Pending::Nothing => match Rank::from_char(c) {
                Some(rank) => {
                    *self = Pending::Rank(rank);
                    Input::Partial
                }
                None => Input::Rejected(format!(
                    "'{c}' is not a rank: type A 2-9 T J Q K (or 10), then the suit"
                )),
            },
        }
    }

    /// The half-typed card as its slot shows it (`7_`, `1_`), when a rank is typed.
    pub fn text(self) -> Option<String> {
        match self {
            Pending::Nothing => None,
            Pending::One => Some("1_".to_string()),
            Pending::Rank(rank) => Some(format!("{}_", rank.letter())),
        }
    }

    /// What the half-typed card waits for, in words for the message line.
    pub fn waits_for(self) -> Option<String> {
        match self {
            Pending::Nothing => None,
            Pending::One => Some("Typed 1: now 0 for a ten, then the suit.".to_string()),
            Pending::Rank(rank) => {
                Some(format!("Typed {}: now the suit (c d h s).", rank.letter()))
            }
        }
    }

    /// Drops the half-typed card; true when there was one.
    pub fn cancel(&mut self) -> bool {
        std::mem::replace(self, Pending::Nothing) != Pending::Nothing
    }

    /// Whether nothing is typed of the next card.
    pub fn is_empty(self) -> bool {
        self == Pending::Nothing
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn type_text(pending: &mut Pending, text: &str) -> Vec<Input> {
        text.chars().map(|c| pending.type_char(c)).collect()
    }

    #[test]
    fn a_rank_then_a_suit_make_a_card_and_one_zero_makes_a_ten() {
        let mut pending = Pending::Nothing;
        let typed = type_text(&mut pending, "10H");
        assert_eq!(typed[2], Input::Card("Th".parse().unwrap()));
        assert!(pending.is_empty());
        assert_eq!(pending.type_char('q'), Input::Partial);
        assert_eq!(pending.text(), Some("Q_".to_string()));
        assert!(pending.cancel());
        assert!(!pending.cancel(), "nothing left to drop");
        assert_eq!(pending.text(), None);
    }

    #[test]
    fn refused_keys_say_what_to_type() {
        let mut pending = Pending::Nothing;
        assert_eq!(pending.type_char('1'), Input::Partial);
        assert_eq!(pending.text(), Some("1_".to_string()));
        let Input::Rejected(hint) = pending.type_char('2') else {
            panic!("12 is not a rank")
        };
        assert_eq!(
            hint,
            "'12' is not a rank: type 10 or T for a ten, A for an ace"
        );
        assert!(pending.is_empty(), "a wrong key after 1 drops it");
        pending.type_char('k');
        let Input::Rejected(hint) = pending.type_char('x') else {
            panic!("x is not a suit")
        };
        assert_eq!(hint, "'x' is not a suit: after K type c, d, h or s");
        assert_eq!(pending, Pending::Rank(Rank::new(13).unwrap()));
    }
}

//! Card names as people read them: letters (`Th`), as deal files and the command line write
//! them, or suit symbols (`T♥`), as a board on screen shows them.
//!
//! Messages are composed once, in letters; [`Notation::rewrite`] renders their card names in
//! the notation a display uses, so that a message and the board beside it never disagree.

use std::fmt;

use crate::cards::card::{Card, Suit};

/// How a card's suit is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Notation {
    /// `Th`: the letters of deal files.
    #[default]
    Letters,
    /// `T♥`: Unicode suit symbols.
    Symbols,
}

/// A card written in a notation; see [`Card::named`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardName {
    card: Card,
    notation: Notation,
}

impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suit = self.card.suit();
        let suit = match self.notation {
            Notation::Letters => suit.letter(),
            Notation::Symbols => suit.symbol(),
        };
        write!(f, "{}{suit}", self.card.rank().letter())
    }
}

impl Card {
    /// The card written in `notation`: `format!("{}", card.named(Notation::Symbols))` is `T♥`.
    pub fn named(self, notation: Notation) -> CardName {
        CardName {
            card: self,
            notation,
        }
    }
}

impl Notation {
    /// The text with each card name written in letters (`6d`, standing alone as a word)
    /// rewritten in this notation. A name inside a longer word or a file name (`deal-6d.txt`)
    /// is left alone.
    pub fn rewrite(self, text: &str) -> String {
        if self == Notation::Letters {
            return text.to_string();
        }
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len());
        let mut i = 0;
        while i < chars.len() {
            if let Some(card) = card_word(&chars, i) {
                out.push_str(&card.named(self).to_string());
                i += 2;
            } else {
                out.push(chars[i]);
                i += 1;
            }
        }
        out
    }
}

/// The card whose letter name starts a word at `i`, if one does.
fn card_word(chars: &[char], i: usize) -> Option<Card> {
    let (&rank, &suit) = (chars.get(i)?, chars.get(i + 1)?);
    if !"A23456789TJQK".contains(rank) || !"cdhs".contains(suit) {
        return None;
    }
    let starts = i == 0 || chars[i - 1].is_whitespace() || "([«»<>+'\"|,".contains(chars[i - 1]);
    let ends = match chars.get(i + 2) {
        None => true,
        Some(&c) if c.is_whitespace() || ")]«»<>+'\"|".contains(c) => true,
        // Punctuation ends a word only when a space or the end follows it.
        Some(&c) if ",.:;!?".contains(c) => chars.get(i + 3).is_none_or(|c| c.is_whitespace()),
        Some(_) => false,
    };
    let suit = Suit::from_char(suit)?;
    let rank = crate::cards::card::Rank::from_char(rank)?;
    (starts && ends).then(|| Card::new(rank, suit))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_is_named_in_either_notation() {
        let card: Card = "Th".parse().unwrap();
        assert_eq!(card.named(Notation::Letters).to_string(), "Th");
        assert_eq!(card.named(Notation::Symbols).to_string(), "T♥");
    }

    #[test]
    fn messages_are_rewritten_card_by_card() {
        let symbols = Notation::Symbols;
        assert_eq!(symbols.rewrite("Draw 6d"), "Draw 6♦");
        assert_eq!(
            symbols.rewrite("Remove 6h (pyramid row 7) and 7c (stock)."),
            "Remove 6♥ (pyramid row 7) and 7♣ (stock)."
        );
        assert_eq!(
            symbols.rewrite("3c is covered by 7s and Jd"),
            "3♣ is covered by 7♠ and J♦"
        );
        assert_eq!(symbols.rewrite("moves: 6h+7c, Kd"), "moves: 6♥+7♣, K♦");
        assert_eq!(
            symbols.rewrite("Saved to /tmp/deal-6d.txt or As.txt; Ash 10h 2dx"),
            "Saved to /tmp/deal-6d.txt or As.txt; Ash 10h 2dx"
        );
        assert_eq!(Notation::Letters.rewrite("Draw 6d"), "Draw 6d");
    }
}

//! Playing cards: ranks, suits, their values in Pyramid, and the text people type for them.
//!
//! A card is read from `Th`, `10h`, `th`, `TH` or `T♥` and always written back canonically
//! (`Th`). Unicode suit symbols are offered for display only.

use std::fmt;
use std::str::FromStr;

use crate::cards::excerpt::excerpt;

/// The four suits, in the order `c d h s`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    /// All suits in canonical order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The lower-case letter used in deal files.
    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }

    /// The Unicode symbol for display.
    pub fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    /// The suit's name, plural and in lower case: "clubs", "hearts".
    pub fn plural_name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }

    /// Whether the suit is printed in red.
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// Reads a suit letter (either case) or symbol.
    pub fn from_char(c: char) -> Option<Suit> {
        match c {
            'c' | 'C' | '♣' | '♧' => Some(Suit::Clubs),
            'd' | 'D' | '♦' | '♢' => Some(Suit::Diamonds),
            'h' | 'H' | '♥' | '♡' => Some(Suit::Hearts),
            's' | 'S' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }

    fn index(self) -> u8 {
        self as u8
    }
}

/// A rank, stored as its Pyramid value: Ace 1 up to King 13.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    /// The King, which is removed alone.
    pub const KING: Rank = Rank(13);

    /// All ranks from Ace to King.
    pub fn all() -> impl Iterator<Item = Rank> {
        (1..=13).map(Rank)
    }

    /// The rank with this value, if it is 1..=13.
    pub fn new(value: u8) -> Option<Rank> {
        (1..=13).contains(&value).then_some(Rank(value))
    }

    /// The Pyramid value: Ace 1, Jack 11, Queen 12, King 13.
    pub fn value(self) -> u8 {
        self.0
    }

    /// The rank that pairs with this one to make 13 (none for a King).
    pub fn partner(self) -> Option<Rank> {
        (self.0 < 13).then(|| Rank(13 - self.0))
    }

    /// The single character used in deal files.
    pub fn letter(self) -> char {
        b"A23456789TJQK"[(self.0 - 1) as usize] as char
    }

    /// The English name, singular.
    pub fn name(self) -> &'static str {
        [
            "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
            "Queen", "King",
        ][(self.0 - 1) as usize]
    }

    /// The English name, plural.
    pub fn plural(self) -> &'static str {
        [
            "Aces", "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines",
            "Tens", "Jacks", "Queens", "Kings",
        ][(self.0 - 1) as usize]
    }

    /// Reads a rank letter (either case), as typed one key at a time; text, `10` included, is
    /// read by [`Rank::from_str`].
    pub fn from_char(c: char) -> Option<Rank> {
        let value = match c.to_ascii_uppercase() {
            'A' => 1,
            d @ '2'..='9' => d as u8 - b'0',
            'T' => 10,
            'J' => 11,
            'Q' => 12,
            'K' => 13,
            _ => return None,
        };
        Some(Rank(value))
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Why a piece of text is not a rank; it holds the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a rank: A 2-9 T J Q K", excerpt(.0))]
pub struct RankParseError(pub String);

impl FromStr for Rank {
    type Err = RankParseError;

    /// Reads `A 2..9 T J Q K` or `10`, either case: the one reader of a rank's text, for
    /// cards, the command line, saved files and the app.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "10" {
            return Ok(Rank(10));
        }
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Rank::from_char(c),
            _ => None,
        }
        .ok_or_else(|| RankParseError(s.to_string()))
    }
}

/// One of the 52 cards, stored as `suit * 13 + value - 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

/// Cards in a deck, and so in every deal.
pub const DECK_SIZE: usize = 52;

impl Card {
    /// The card of this rank and suit.
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit.index() * 13 + rank.0 - 1)
    }

    /// The card with this index in `0..52` (suits `c d h s`, Ace to King within each).
    pub fn from_index(index: usize) -> Option<Card> {
        (index < 52).then_some(Card(index as u8))
    }

    /// This card's index in `0..52`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// All 52 cards in canonical order (`Ac 2c .. Kc Ad .. Ks`).
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }

    /// The rank.
    pub fn rank(self) -> Rank {
        Rank(self.0 % 13 + 1)
    }

    /// The suit.
    pub fn suit(self) -> Suit {
        Suit::ALL[(self.0 / 13) as usize]
    }

    /// The Pyramid value (1..=13).
    pub fn value(self) -> u8 {
        self.rank().value()
    }

    /// Whether this card is a King, removed alone.
    pub fn is_king(self) -> bool {
        self.rank() == Rank::KING
    }

    /// Whether the two cards make 13 and so can be removed together.
    pub fn pairs_with(self, other: Card) -> bool {
        self.value() + other.value() == 13
    }

    /// The card with a Unicode suit symbol, e.g. `T♥`.
    pub fn symbol_text(self) -> String {
        format!("{}{}", self.rank().letter(), self.suit().symbol())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().letter(), self.suit().letter())
    }
}

/// Why a piece of text is not a card.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a rank (A 2-9 T J Q K, or 10) followed by a suit (c d h s)")]
pub struct CardParseError;

impl FromStr for Card {
    type Err = CardParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let suit_char = s.chars().next_back().ok_or(CardParseError)?;
        let suit = Suit::from_char(suit_char).ok_or(CardParseError)?;
        let rank_text = &s[..s.len() - suit_char.len_utf8()];
        let rank = rank_text.parse::<Rank>().map_err(|_| CardParseError)?;
        Ok(Card::new(rank, suit))
    }
}

impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A card from its text, for every unit test that names cards, so that no module writes its own.
#[cfg(test)]
pub(crate) fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_its_text() {
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(card.symbol_text().parse::<Card>(), Ok(card));
        }
        assert_eq!(Card::all().count(), 52);
    }

    #[test]
    fn accepts_ten_and_either_case() {
        let th: Card = "Th".parse().unwrap();
        for text in ["10h", "10H", "th", "TH", "tH", "T♥"] {
            assert_eq!(text.parse::<Card>(), Ok(th), "{text}");
        }
        assert_eq!(th.to_string(), "Th");
    }

    #[test]
    fn rejects_malformed_text() {
        for text in ["", "J", "1h", "11h", "Tx", "hT", "Thh", "0h", "♥"] {
            assert_eq!(text.parse::<Card>(), Err(CardParseError), "{text}");
        }
    }

    #[test]
    fn ranks_read_a_letter_or_ten_in_either_case() {
        assert_eq!("10".parse::<Rank>(), Ok(Rank::new(10).unwrap()));
        for (text, value) in [
            ("A", 1),
            ("a", 1),
            ("7", 7),
            ("t", 10),
            ("T", 10),
            ("q", 12),
        ] {
            assert_eq!(text.parse::<Rank>().map(Rank::value), Ok(value), "{text}");
        }
        for text in ["", "1", "11", "AA", "x", "10h", " A"] {
            assert_eq!(
                text.parse::<Rank>(),
                Err(RankParseError(text.to_string())),
                "{text}"
            );
        }
        assert_eq!(
            "\u{1b}[2J".parse::<Rank>().unwrap_err().to_string(),
            "'\\u{1b}[2J' is not a rank: A 2-9 T J Q K"
        );
    }

    #[test]
    fn values_and_pairs() {
        let card = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(card("Ac").value(), 1);
        assert_eq!(card("Ks").value(), 13);
        assert!(card("6h").pairs_with(card("7c")));
        assert!(!card("6h").pairs_with(card("6c")));
        assert!(card("Kd").is_king());
        assert_eq!(card("Qd").rank().partner(), Rank::new(1));
        assert_eq!(Rank::KING.partner(), None);
    }
}

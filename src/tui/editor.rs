//! The deal being typed: 52 slots, a cursor, half-typed input, and live validation.

use pyramid::Deal;
use pyramid::card::{Card, Rank, Suit};
use pyramid::deck::{self, DECK_SIZE, DeckProblem};

/// What has been typed of the next card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    Nothing,
    /// `1`, waiting for the `0` of a ten.
    One,
    /// A rank, waiting for its suit.
    Rank(Rank),
}

/// What a keystroke did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// Part of a card; nothing changed on the board yet.
    Partial,
    /// A card went into a slot.
    Placed(Card),
    /// The key was refused, with a hint.
    Rejected(String),
}

/// The deal editor's model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editor {
    pub slots: [Option<Card>; DECK_SIZE],
    pub cursor: usize,
    pub pending: Pending,
    problems: Vec<DeckProblem>,
}

impl Default for Editor {
    fn default() -> Editor {
        Editor::with_slots([None; DECK_SIZE])
    }
}

impl Editor {
    /// An editor holding these slots, the cursor on the first empty one.
    pub fn with_slots(slots: [Option<Card>; DECK_SIZE]) -> Editor {
        let mut editor = Editor {
            slots,
            cursor: 0,
            pending: Pending::Nothing,
            problems: Vec::new(),
        };
        editor.cursor = editor.slots.iter().position(Option::is_none).unwrap_or(0);
        editor.revalidate();
        editor
    }

    /// An editor holding a whole deal.
    pub fn with_deal(deal: &Deal) -> Editor {
        let mut slots = [None; DECK_SIZE];
        for (slot, &card) in slots.iter_mut().zip(deal.cards()) {
            *slot = Some(card);
        }
        Editor::with_slots(slots)
    }

    fn revalidate(&mut self) {
        self.problems = deck::validate_slots(&self.slots);
    }

    /// Cards typed so far.
    pub fn filled(&self) -> usize {
        self.slots.iter().flatten().count()
    }

    /// Slots that hold a card also held elsewhere.
    pub fn duplicate_slots(&self) -> Vec<usize> {
        let mut slots = Vec::new();
        for problem in &self.problems {
            if let DeckProblem::Duplicate { first, second, .. } = problem {
                slots.extend([first.index, second.index]);
            }
        }
        slots
    }

    /// The duplicates, each as the card and the two slots.
    pub fn duplicates(&self) -> Vec<(Card, usize, usize)> {
        self.problems
            .iter()
            .filter_map(|problem| match problem {
                DeckProblem::Duplicate {
                    card,
                    first,
                    second,
                } => Some((*card, first.index, second.index)),
                _ => None,
            })
            .collect()
    }

    /// Cards of the deck not in any slot.
    pub fn missing(&self) -> Vec<Card> {
        self.problems
            .iter()
            .find_map(|problem| match problem {
                DeckProblem::Missing { cards } => Some(cards.clone()),
                _ => None,
            })
            .unwrap_or_default()
    }

    /// When one slot is empty and one card missing: where it would go, and the card.
    pub fn fill_offer(&self) -> Option<(usize, Card)> {
        let empty: Vec<usize> = (0..DECK_SIZE)
            .filter(|&i| self.slots[i].is_none())
            .collect();
        match (empty.as_slice(), self.missing().as_slice()) {
            (&[slot], &[card]) if self.duplicates().is_empty() => Some((slot, card)),
            _ => None,
        }
    }

    /// The deal, or what keeps it from being one, in a sentence.
    pub fn deal(&self) -> Result<Deal, String> {
        if let Some((card, a, b)) = self.duplicates().first() {
            return Err(format!(
                "{card} is there twice: {} and {}",
                deck::slot_name(*a),
                deck::slot_name(*b)
            ));
        }
        let cards: Vec<Card> = self.slots.iter().flatten().copied().collect();
        if cards.len() < DECK_SIZE {
            let empty = DECK_SIZE - cards.len();
            let s = if empty == 1 { "" } else { "s" };
            return Err(format!(
                "the deal has {}/{DECK_SIZE} cards: {empty} slot{s} still empty",
                cards.len()
            ));
        }
        Deal::from_cards(&cards).map_err(|problems| problems.to_string())
    }

    /// Handles one typed character.
    pub fn type_char(&mut self, c: char) -> Typed {
        match self.pending {
            Pending::One if c == '0' => {
                self.pending = Pending::Rank(Rank::new(10).expect("10 is a rank"));
                Typed::Partial
            }
            Pending::One => {
                self.pending = Pending::Nothing;
                Typed::Rejected(format!(
                    "'1{c}' is not a rank: type 10 or T for a ten, A for an ace"
                ))
            }
            Pending::Rank(rank) => match Suit::from_char(c) {
                Some(suit) => {
                    self.pending = Pending::Nothing;
                    let card = Card::new(rank, suit);
                    self.place(card);
                    Typed::Placed(card)
                }
                None => Typed::Rejected(format!(
                    "'{c}' is not a suit: after {} type c, d, h or s",
                    rank.letter()
                )),
            },
            Pending::Nothing if c == '1' => {
                self.pending = Pending::One;
                Typed::Partial
            }
            Pending::Nothing => match Rank::from_char(c) {
                Some(rank) => {
                    self.pending = Pending::Rank(rank);
                    Typed::Partial
                }
                None => Typed::Rejected(format!(
                    "'{c}' is not a rank: type A 2-9 T J Q K (or 10), then the suit"
                )),
            },
        }
    }

    /// Drops half-typed input; true when there was some.
    pub fn cancel_pending(&mut self) -> bool {
        std::mem::replace(&mut self.pending, Pending::Nothing) != Pending::Nothing
    }

    fn place(&mut self, card: Card) {
        self.slots[self.cursor] = Some(card);
        self.cursor = (self.cursor + 1).min(DECK_SIZE - 1);
        self.revalidate();
    }

    /// Clears the previous slot and moves back to it; on the filled last slot, clears it.
    pub fn backspace(&mut self) {
        if self.cancel_pending() {
            return;
        }
        let last_filled = self.cursor == DECK_SIZE - 1 && self.slots[self.cursor].is_some();
        if !last_filled {
            if self.cursor == 0 {
                return;
            }
            self.cursor -= 1;
        }
        self.slots[self.cursor] = None;
        self.revalidate();
    }

    /// Clears the slot under the cursor.
    pub fn delete(&mut self) {
        self.pending = Pending::Nothing;
        self.slots[self.cursor] = None;
        self.revalidate();
    }

    /// Puts a card in a slot (the fill offer).
    pub fn set(&mut self, slot: usize, card: Card) {
        self.slots[slot] = Some(card);
        self.revalidate();
    }

    /// Moves the cursor to a slot.
    pub fn go_to(&mut self, slot: usize) {
        self.pending = Pending::Nothing;
        self.cursor = slot.min(DECK_SIZE - 1);
    }

    /// Fills slots from the cursor with the cards of a pasted text. Returns how many went in,
    /// the tokens that were not cards, and how many did not fit.
    pub fn paste(&mut self, text: &str) -> (usize, Vec<String>, usize) {
        self.pending = Pending::Nothing;
        let read = deck::read_cards(text);
        let bad: Vec<String> = read
            .malformed
            .iter()
            .filter_map(|problem| match problem {
                DeckProblem::Malformed { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect();
        let room = DECK_SIZE - self.cursor;
        let placed = read.cards.len().min(room);
        for (offset, &(card, _)) in read.cards.iter().take(placed).enumerate() {
            self.slots[self.cursor + offset] = Some(card);
        }
        self.cursor = (self.cursor + placed).min(DECK_SIZE - 1);
        self.revalidate();
        (placed, bad, read.cards.len() - placed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn type_text(editor: &mut Editor, text: &str) -> Vec<Typed> {
        text.chars().map(|c| editor.type_char(c)).collect()
    }

    #[test]
    fn typing_a_rank_then_a_suit_fills_the_slot_and_moves_on() {
        let mut editor = Editor::default();
        type_text(&mut editor, "th10HaS");
        assert_eq!(editor.slots[0], Some("Th".parse().unwrap()));
        assert_eq!(editor.slots[1], Some("Th".parse().unwrap()));
        assert_eq!(editor.slots[2], Some("As".parse().unwrap()));
        assert_eq!(editor.cursor, 3);
        assert_eq!(editor.filled(), 3);
        assert_eq!(editor.duplicate_slots(), [0, 1]);
        assert_eq!(editor.missing().len(), 50);
    }

    #[test]
    fn bad_keys_are_refused_with_a_hint_and_change_nothing() {
        let mut editor = Editor::default();
        let Typed::Rejected(hint) = editor.type_char('x') else {
            panic!("x is not a rank")
        };
        assert!(hint.contains("not a rank"), "{hint}");
        editor.type_char('9');
        let Typed::Rejected(hint) = editor.type_char('z') else {
            panic!("z is not a suit")
        };
        assert!(hint.contains("after 9 type c, d, h or s"), "{hint}");
        // The rank stays pending after a wrong suit.
        assert_eq!(editor.type_char('d'), Typed::Placed("9d".parse().unwrap()));
        assert!(matches!(editor.type_char('1'), Typed::Partial));
        assert!(matches!(editor.type_char('1'), Typed::Rejected(_)));
        assert_eq!(editor.filled(), 1);
    }

    #[test]
    fn backspace_clears_backwards_and_delete_clears_in_place() {
        let mut editor = Editor::default();
        type_text(&mut editor, "2c3c4c");
        editor.backspace();
        assert_eq!(editor.cursor, 2);
        assert_eq!(editor.slots[2], None);
        editor.go_to(0);
        editor.delete();
        assert_eq!(editor.slots[0], None);
        assert_eq!(editor.slots[1], Some("3c".parse().unwrap()));
        editor.type_char('5');
        editor.backspace();
        assert_eq!(
            editor.pending,
            Pending::Nothing,
            "backspace drops a half-typed card first"
        );
        assert_eq!(editor.slots[1], Some("3c".parse().unwrap()));
    }

    #[test]
    fn pasting_fills_from_the_cursor_and_reports_what_did_not_go_in() {
        let mut editor = Editor::default();
        editor.go_to(50);
        let (placed, bad, left_over) = editor.paste("Ah, zz 2h\n3h");
        assert_eq!((placed, bad, left_over), (2, vec!["zz".to_string()], 1));
        assert_eq!(editor.slots[51], Some("2h".parse().unwrap()));
    }

    #[test]
    fn the_last_missing_card_is_offered() {
        let deal = Deal::parse(include_str!("../../saved-games/winnable-40-steps.txt")).unwrap();
        let mut editor = Editor::with_deal(&deal);
        assert!(editor.deal().is_ok());
        editor.go_to(17);
        editor.delete();
        let card = deal.cards()[17];
        assert_eq!(editor.fill_offer(), Some((17, card)));
        assert!(editor.deal().unwrap_err().contains("51/52"));
        editor.set(17, card);
        assert_eq!(editor.deal(), Ok(deal));
    }
}

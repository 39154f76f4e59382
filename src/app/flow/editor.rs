//! The deal being typed, in any game: 52 slots in the game's deal order (fewer where the
//! game's layout is typed too), a cursor, a card half typed, and the game's marks beside
//! the cards ([`Marks`]: Pyramid's cards gone and its rules, TriPeaks' cards not seen yet),
//! checked again on every change so that drawing only reads what is wrong.

use solitaire::cards::card::Card;
use solitaire::cards::deal::DECK_SIZE;

use crate::app::card_input::{Input, Pasted, Pending};

/// What a game's editor keeps beside the cards, and what it finds wrong with them.
pub trait Marks: Clone + PartialEq + std::fmt::Debug {
    /// Whether `?` types a card not seen yet (else a slot without its card is a mark of the
    /// game's, the cursor steps over it and `?` is no card).
    const TYPES_UNKNOWN: bool;

    /// Whether the slot's card is there but not known.
    fn is_unknown(&self, slot: usize) -> bool;
    /// A card, or one not known (`None`), was typed or pasted into the slot.
    fn typed(&mut self, slot: usize, card: Option<Card>);
    /// The slot was emptied: the marks that need its card go.
    fn cleared(&mut self, slot: usize);
    /// Checks the slots again after a change.
    fn revalidate(&mut self, slots: &[Option<Card>; DECK_SIZE]);
    /// Each card held twice, with its two slots.
    fn duplicates(&self) -> Vec<(Card, usize, usize)>;
    /// Cards of the deck that no slot holds or stands for.
    fn missing(&self) -> Vec<Card>;
    /// How many of the slots the deal has, from the first: all 52 of a pack, or fewer where
    /// the game's layout is itself typed (the slots past them stay empty).
    fn slots(&self) -> usize {
        DECK_SIZE
    }
}

/// What a keystroke did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// Part of a card; nothing changed on the board yet.
    Partial,
    /// A card went into a slot.
    Placed(Card),
    /// A card not seen yet (`?`) went into a slot.
    Unknown,
    /// The key was refused, with a hint.
    Rejected(String),
}

/// The deal editor's model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editor<M> {
    /// The cards typed, in deal order; `None` for an empty slot or a card not known.
    pub slots: [Option<Card>; DECK_SIZE],
    pub cursor: usize,
    pub pending: Pending,
    pub marks: M,
}

impl<M: Marks + Default> Default for Editor<M> {
    fn default() -> Editor<M> {
        Editor::with_slots([None; DECK_SIZE], M::default())
    }
}

impl<M: Marks> Editor<M> {
    /// Whether a slot holds a card not seen yet.
    pub fn is_unknown(&self, slot: usize) -> bool {
        self.marks.is_unknown(slot)
    }

    /// The player saw the card not known at `slot` (named by `name`): it becomes `card`.
    /// Refused when the slot's card is known or the card is already in the deal.
    pub fn reveal_named(
        &mut self,
        slot: usize,
        card: Card,
        name: impl Fn(usize) -> String,
    ) -> Result<(), String> {
        if slot >= DECK_SIZE || !self.is_unknown(slot) {
            return Err(format!("the card at {} is not unknown", name(slot)));
        }
        if let Some(at) = self.slots.iter().position(|&typed| typed == Some(card)) {
            return Err(format!(
                "{card} is already in the deal, at {}: the card seen must be another",
                name(at)
            ));
        }
        self.set(slot, card);
        Ok(())
    }

    /// The card at `slot` is not known again: one typed wrong at the table, to type anew.
    pub fn forget(&mut self, slot: usize) {
        self.put(slot, None);
        self.revalidate();
    }

    /// An editor holding these slots and marks, the cursor on the first empty slot. A slot
    /// whose card is not known is shown empty, whatever stand-in it holds.
    pub fn with_slots(mut slots: [Option<Card>; DECK_SIZE], marks: M) -> Editor<M> {
        for (slot, card) in slots.iter_mut().enumerate() {
            if marks.is_unknown(slot) {
                *card = None;
            }
        }
        let mut editor = Editor {
            slots,
            cursor: 0,
            pending: Pending::Nothing,
            marks,
        };
        editor.cursor = (0..editor.size())
            .find(|&slot| editor.is_empty(slot))
            .unwrap_or(0);
        editor.revalidate();
        editor
    }

    /// How many slots the deal has ([`Marks::slots`]).
    pub fn size(&self) -> usize {
        self.marks.slots().clamp(1, DECK_SIZE)
    }

    /// The deal's last slot.
    pub fn last(&self) -> usize {
        self.size() - 1
    }

    /// Checks the slots again.
    pub fn revalidate(&mut self) {
        self.marks.revalidate(&self.slots);
    }

    /// Changes the marks, and checks again.
    pub fn mark(&mut self, change: impl FnOnce(&mut M)) {
        self.pending = Pending::Nothing;
        change(&mut self.marks);
        self.revalidate();
    }

    /// Whether a slot is still to type: no card, and none not known.
    pub fn is_empty(&self, slot: usize) -> bool {
        self.slots[slot].is_none() && !self.is_unknown(slot)
    }

    /// Whether backspace on the slot clears it: it holds a card typed, `?` included.
    fn holds(&self, slot: usize) -> bool {
        self.slots[slot].is_some() || (M::TYPES_UNKNOWN && self.marks.is_unknown(slot))
    }

    /// Whether every slot is typed (`?` included), or how many are still empty, in words.
    pub fn all_typed(&self) -> Result<(), String> {
        let filled = self.filled();
        let empty = DECK_SIZE - filled;
        let s = if empty == 1 { "" } else { "s" };
        if empty == 0 {
            Ok(())
        } else {
            Err(format!(
                "the deal has {filled}/{DECK_SIZE} cards: {empty} slot{s} still empty"
            ))
        }
    }

    /// Cards typed so far, those not known included.
    pub fn filled(&self) -> usize {
        (0..self.size())
            .filter(|&slot| !self.is_empty(slot))
            .count()
    }

    /// The duplicates, each as the card and its two slots.
    pub fn duplicates(&self) -> Vec<(Card, usize, usize)> {
        self.marks.duplicates()
    }

    /// Cards of the deck in no slot.
    pub fn missing(&self) -> Vec<Card> {
        self.marks.missing()
    }

    /// When one slot is empty and one card missing: where it would go, and the card.
    pub fn fill_offer(&self) -> Option<(usize, Card)> {
        let empty: Vec<usize> = (0..self.size()).filter(|&i| self.is_empty(i)).collect();
        match (empty.as_slice(), self.missing().as_slice()) {
            (&[slot], &[card]) if self.duplicates().is_empty() => Some((slot, card)),
            _ => None,
        }
    }

    /// Handles one typed character: a card's rank and suit, or `?` for a card not seen yet
    /// where the game takes one.
    pub fn type_char(&mut self, c: char) -> Typed {
        // After a rank, `?` is a wrong suit like any other key.
        if M::TYPES_UNKNOWN && c == '?' && self.pending.is_empty() {
            self.place(None);
            return Typed::Unknown;
        }
        match self.pending.type_char(c) {
            Input::Partial => Typed::Partial,
            Input::Card(card) => {
                self.place(Some(card));
                Typed::Placed(card)
            }
            Input::Rejected(hint) => Typed::Rejected(hint),
        }
    }

    /// The half-typed card as its slot shows it (`7_`, `1_`), when a rank is typed.
    pub fn pending_text(&self) -> Option<String> {
        self.pending.text()
    }

    /// Drops half-typed input; true when there was some.
    pub fn cancel_pending(&mut self) -> bool {
        self.pending.cancel()
    }

    /// Puts a card, or one not known (`None`), in a slot; the check follows.
    fn put(&mut self, slot: usize, card: Option<Card>) {
        self.slots[slot] = card;
        self.marks.typed(slot, card);
    }

    fn place(&mut self, card: Option<Card>) {
        self.put(self.cursor, card);
        self.cursor = (self.cursor + 1).min(self.last());
        self.revalidate();
    }

    /// Clears the previous slot and moves back to it; on the filled last slot, clears it.
    pub fn backspace(&mut self) {
        if self.cancel_pending() {
            return;
        }
        let last_filled = self.cursor == self.last() && self.holds(self.cursor);
        if !last_filled {
            if self.cursor == 0 {
                return;
            }
            self.cursor -= 1;
        }
        self.clear(self.cursor);
    }

    /// Clears the slot under the cursor.
    pub fn delete(&mut self) {
        self.pending = Pending::Nothing;
        self.clear(self.cursor);
    }

    fn clear(&mut self, slot: usize) {
        self.slots[slot] = None;
        self.marks.cleared(slot);
        self.revalidate();
    }

    /// Puts a card in a slot (the fill offer).
    pub fn set(&mut self, slot: usize, card: Card) {
        self.put(slot, Some(card));
        self.revalidate();
    }

    /// Moves the cursor to a slot.
    pub fn go_to(&mut self, slot: usize) {
        self.pending = Pending::Nothing;
        self.cursor = slot.min(self.last());
    }

    /// Fills slots from the cursor with the cards of a pasted text, in any layout the deal
    /// reader takes (the deal drawn, one line, `#` headers), `??` as a card not known: a
    /// whole deal pasted at the first slot fills them all. Returns how many went in, the
    /// words that were not cards, and how many did not fit.
    pub fn paste(&mut self, text: &str) -> (usize, Vec<String>, usize) {
        self.pending = Pending::Nothing;
        let pasted = Pasted::read(text, self.size().saturating_sub(self.cursor));
        let placed = pasted.cards.len();
        for (offset, &card) in pasted.cards.iter().enumerate() {
            self.put(self.cursor + offset, card);
        }
        self.cursor = (self.cursor + placed).min(self.last());
        self.revalidate();
        (placed, pasted.bad, pasted.left_over)
    }
}

/// What the check of an editor where `?` types a card finds in the slots, made anew on every
/// change so that drawing only reads it.
pub trait SlotCheck: Clone + PartialEq + std::fmt::Debug + Default {
    /// The check of the slots, those of `unknown` holding cards not seen yet.
    fn of(slots: &[Option<Card>; DECK_SIZE], unknown: u64) -> Self;
    /// Each card held twice, with its two slots.
    fn duplicates(&self) -> Vec<(Card, usize, usize)>;
    /// Cards of the deck that no slot holds.
    fn missing(&self) -> Vec<Card>;
}

/// The marks of an editor where `?` types a card not seen yet: those slots, the rules chosen
/// beside the deal (`()` for a game that has none) and the game's check of the slots.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UnknownMarks<C, R = ()> {
    /// Bit `i`: slot `i` holds a card not seen yet (its slot is `None`).
    pub unknown: u64,
    pub rules: R,
    pub check: C,
}

impl<C: SlotCheck, R: Clone + PartialEq + std::fmt::Debug> Marks for UnknownMarks<C, R> {
    const TYPES_UNKNOWN: bool = true;

    fn is_unknown(&self, slot: usize) -> bool {
        self.unknown & (1 << slot) != 0
    }

    fn typed(&mut self, slot: usize, card: Option<Card>) {
        if card.is_some() {
            self.unknown &= !(1 << slot);
        } else {
            self.unknown |= 1 << slot;
        }
    }

    fn cleared(&mut self, slot: usize) {
        self.unknown &= !(1 << slot);
    }

    fn revalidate(&mut self, slots: &[Option<Card>; DECK_SIZE]) {
        self.check = C::of(slots, self.unknown);
    }

    fn duplicates(&self) -> Vec<(Card, usize, usize)> {
        self.check.duplicates()
    }

    fn missing(&self) -> Vec<Card> {
        self.check.missing()
    }
}

impl<C: SlotCheck, R: Clone + PartialEq + std::fmt::Debug> Editor<UnknownMarks<C, R>> {
    /// An editor holding these slots, those of `unknown` holding cards not seen yet, for
    /// `rules`.
    pub fn with_unknown(slots: [Option<Card>; DECK_SIZE], unknown: u64, rules: R) -> Self {
        Editor::with_slots(
            slots,
            UnknownMarks {
                unknown,
                rules,
                check: C::default(),
            },
        )
    }

    /// Slots holding a card not seen yet.
    pub fn unknown_count(&self) -> usize {
        self.marks.unknown.count_ones() as usize
    }
}

/// Slots neither typed nor holding a card not seen yet.
pub fn empty_slots(slots: &[Option<Card>; DECK_SIZE], unknown: u64) -> usize {
    (0..DECK_SIZE)
        .filter(|&slot| slots[slot].is_none() && unknown & (1 << slot) == 0)
        .count()
}

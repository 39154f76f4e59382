//! The deal being typed: 52 slots, a cursor, half-typed input, and live validation; and,
//! for a game entered part-way through, the cards already gone, where the waste ends and the
//! pass, validated as a position too.

use solitaire::Deal;
use solitaire::GameKind;
use solitaire::cards::card::Card;
use solitaire::cards::deal::{self, DECK_SIZE, DeckProblem};
use solitaire::games::pyramid::layout::PYRAMID_SIZE;
use solitaire::games::pyramid::{Midgame, Passes, Position, PositionProblem, Rules};

use crate::app::card_input::{Input, Pasted};
// The app and the view name the half-typed card from here.
pub use crate::app::card_input::Pending;

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
    /// The marks of a game entered part-way through.
    pub midgame: Midgame,
    /// The rules the game is played under.
    pub rules: Rules,
    problems: Vec<DeckProblem>,
    position_problems: Vec<PositionProblem>,
}

impl Default for Editor {
    fn default() -> Editor {
        Editor::with_slots([None; DECK_SIZE], Midgame::default())
    }
}

impl Editor {
    /// An editor holding these slots, the cursor on the first empty one. Slots gone with
    /// their card unknown are shown empty, whatever stand-in they hold.
    pub fn with_slots(mut slots: [Option<Card>; DECK_SIZE], midgame: Midgame) -> Editor {
        for (slot, card) in slots.iter_mut().enumerate() {
            if midgame.is_unknown(slot) {
                *card = None;
            }
        }
        let mut editor = Editor {
            slots,
            cursor: 0,
            pending: Pending::Nothing,
            midgame,
            rules: Rules::default(),
            problems: Vec::new(),
            position_problems: Vec::new(),
        };
        editor.cursor = (0..DECK_SIZE)
            .find(|&slot| editor.slots[slot].is_none() && !midgame.is_unknown(slot))
            .unwrap_or(0);
        editor.revalidate();
        editor
    }

    /// An editor holding a whole deal, and where a game on it stands.
    pub fn with_deal(deal: &Deal, midgame: Midgame) -> Editor {
        Editor::with_slots(deal.cards().map(Some), midgame)
    }

    fn revalidate(&mut self) {
        self.problems =
            deal::validate_slots(&self.midgame.fill_unknown(&self.slots), GameKind::Pyramid);
        self.position_problems = self.midgame.problems(&self.slots, self.rules);
    }

    /// What keeps the marks from being a position the game can reach, in words.
    pub fn position_problems(&self) -> Vec<String> {
        self.position_problems
            .iter()
            .map(|problem| problem.message(&self.slots))
            .collect()
    }

    /// Slots to show as wrong: duplicates, and the cards a position problem names.
    pub fn invalid_slots(&self) -> Vec<usize> {
        let mut slots = self.duplicate_slots();
        for problem in &self.position_problems {
            slots.extend(problem.slots());
        }
        slots
    }

    /// Marks the card under the cursor as gone, or back in play.
    pub fn toggle_gone(&mut self) -> String {
        self.pending = Pending::Nothing;
        let slot = self.cursor;
        let Some(card) = self.slots[slot] else {
            // An empty slot: gone, its card not known. The missing cards stand in for them.
            let unknown = !self.midgame.is_unknown(slot);
            if unknown {
                self.midgame.set_unknown(slot, true);
            } else {
                self.midgame.set_gone(slot, false);
            }
            self.revalidate();
            return if unknown {
                "Marked gone, its card unknown: the cards missing from the deal are the gone ones."
                    .to_string()
            } else {
                "The slot is empty again: type its card.".to_string()
            };
        };
        let gone = !self.midgame.is_gone(slot);
        self.midgame.set_gone(slot, gone);
        self.revalidate();
        if gone {
            format!("{card} is marked gone.")
        } else {
            format!("{card} is back in play.")
        }
    }

    /// Makes the stock card under the cursor the last one in the waste; again, empties the
    /// waste.
    pub fn toggle_waste_end(&mut self) -> Result<String, String> {
        self.pending = Pending::Nothing;
        let slot = self.cursor;
        if slot < PYRAMID_SIZE {
            return Err("Only stock cards go to the waste: move to a stock slot first.".into());
        }
        let message = if self.midgame.waste_to == Some(slot) {
            self.midgame.waste_to = None;
            "The waste is empty: every card left is in the stock.".to_string()
        } else {
            self.midgame.waste_to = Some(slot);
            format!(
                "Stock cards 1-{} are in the waste (those not gone), the rest in the stock.",
                slot - PYRAMID_SIZE + 1
            )
        };
        self.revalidate();
        Ok(message)
    }

    /// Goes to the next pass through the stock, round to the first after the last.
    pub fn next_pass(&mut self) -> String {
        let passes = self.rules.last_pass();
        self.midgame.pass = self.midgame.pass % passes + 1;
        self.revalidate();
        match self.rules.max_recycles() {
            Some(_) => format!("Pass {} of {passes}.", self.midgame.pass),
            None => format!("Pass {}.", self.midgame.pass),
        }
    }

    /// Plays under these rules.
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
        self.revalidate();
    }

    /// The position to play or solve from: the deal with its marks.
    pub fn start(&self) -> Result<Position, String> {
        let deal = self.deal()?;
        self.midgame
            .position(&deal, self.rules)
            .map_err(|problems| problems[0].message(&self.slots))
    }

    /// Cards typed so far, with the slots marked gone whose card is unknown.
    pub fn filled(&self) -> usize {
        self.slots.iter().flatten().count() + self.midgame.unknown.count_ones() as usize
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
                DeckProblem::Missing { cards, .. } => Some(cards.clone()),
                _ => None,
            })
            .unwrap_or_default()
    }

    /// When one slot is empty and one card missing: where it would go, and the card.
    pub fn fill_offer(&self) -> Option<(usize, Card)> {
        let empty: Vec<usize> = (0..DECK_SIZE)
            .filter(|&i| self.slots[i].is_none() && !self.midgame.is_unknown(i))
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
                solitaire::games::pyramid::layout::slot_name(*a),
                solitaire::games::pyramid::layout::slot_name(*b)
            ));
        }
        let cards: Vec<Card> = self
            .midgame
            .fill_unknown(&self.slots)
            .iter()
            .flatten()
            .copied()
            .collect();
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
        match self.pending.type_char(c) {
            Input::Partial => Typed::Partial,
            Input::Card(card) => {
                self.place(card);
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

    fn place(&mut self, card: Card) {
        self.slots[self.cursor] = Some(card);
        self.midgame.set_unknown(self.cursor, false);
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
        self.clear(self.cursor);
    }

    /// Clears the slot under the cursor.
    pub fn delete(&mut self) {
        self.pending = Pending::Nothing;
        self.clear(self.cursor);
    }

    /// An empty slot has no card to be gone.
    fn clear(&mut self, slot: usize) {
        self.slots[slot] = None;
        self.midgame.set_gone(slot, false);
        self.revalidate();
    }

    /// Puts a card in a slot (the fill offer).
    pub fn set(&mut self, slot: usize, card: Card) {
        self.slots[slot] = Some(card);
        self.midgame.set_unknown(slot, false);
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
        let pasted = Pasted::read(text, self.cursor);
        let placed = pasted.cards.len();
        for (offset, &card) in pasted.cards.iter().enumerate() {
            // An unknown card (`??`) leaves its slot to be typed.
            self.slots[self.cursor + offset] = card;
            self.midgame.set_unknown(self.cursor + offset, false);
        }
        self.cursor = (self.cursor + placed).min(DECK_SIZE - 1);
        self.revalidate();
        (placed, pasted.bad, pasted.left_over)
    }
}

/// The next number of passes through the stock: 3 (the default), 1, 2, unlimited, and round
/// again.
pub fn next_passes(passes: Passes) -> Passes {
    match passes {
        Passes::Limited(3) => Passes::Limited(1),
        Passes::Limited(1) => Passes::Limited(2),
        Passes::Limited(_) => Passes::Unlimited,
        Passes::Unlimited => Passes::Limited(3),
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
        let deal = Deal::parse(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/winnable-40-steps.txt"
        )))
        .unwrap();
        let mut editor = Editor::with_deal(&deal, Midgame::default());
        assert!(editor.deal().is_ok());
        editor.go_to(17);
        editor.delete();
        let card = deal.cards()[17];
        assert_eq!(editor.fill_offer(), Some((17, card)));
        assert!(editor.deal().unwrap_err().contains("51/52"));
        editor.set(17, card);
        assert_eq!(editor.deal(), Ok(deal));
    }

    #[test]
    fn marks_make_a_position_and_are_checked_live() {
        let deal = Deal::parse(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/winnable-40-steps.txt"
        )))
        .unwrap();
        let mut editor = Editor::with_deal(&deal, Midgame::default());
        // Qh (row 7) with Ah (stock card 1) gone.
        editor.go_to(27);
        editor.toggle_gone();
        assert_eq!(
            editor.position_problems().len(),
            1,
            "a Queen without its Ace"
        );
        editor.go_to(28);
        editor.toggle_gone();
        assert!(editor.position_problems().is_empty());
        // Pyramid row 6's last card is still covered by 3d (row 7).
        editor.go_to(20);
        editor.toggle_gone();
        assert_eq!(editor.invalid_slots(), [20, 26]);
        editor.toggle_gone();
        editor.go_to(30);
        assert!(editor.toggle_waste_end().is_ok());
        assert!(editor.next_pass().starts_with("Pass 2"));
        let start = editor.start().unwrap();
        assert_eq!(start.pass(), 2);
        assert_eq!(start.waste_bottom_first().len(), 2);
        assert_eq!(start.stock_len(), 21);
        assert_eq!(start.pyramid_card(27), None);
        // Clearing a slot drops its mark.
        editor.go_to(27);
        editor.delete();
        assert!(!editor.midgame.is_gone(27));
        editor.go_to(3);
        assert!(editor.toggle_waste_end().is_err(), "not a stock slot");
    }

    #[test]
    fn unlimited_passes_go_on_past_what_a_byte_holds() {
        let deal = Deal::parse(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/winnable-40-steps.txt"
        )))
        .unwrap();
        let mut editor = Editor::with_deal(&deal, Midgame::default());
        editor.set_rules(Rules {
            passes: Passes::Unlimited,
            ..Rules::default()
        });
        let mut said = String::new();
        for _ in 0..300 {
            said = editor.next_pass();
        }
        assert_eq!(said, "Pass 301.");
        assert_eq!(editor.start().unwrap().pass(), 301);
    }
}

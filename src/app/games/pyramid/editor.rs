//! Pyramid's editor: the shared deal editor with, beside the cards, the cards not seen yet
//! (`?`, the stock as it lies face down), the marks of a game entered part-way through (the
//! cards already gone, where the waste ends and the pass) and the rules, validated as a
//! position too.

use solitaire::Deal;
use solitaire::GameKind;
use solitaire::cards::card::Card;
use solitaire::cards::deal::{self, DECK_SIZE, DeckProblem};
use solitaire::games::pyramid::layout::PYRAMID_SIZE;
use solitaire::games::pyramid::{Midgame, Position, PositionProblem, Rules};

use crate::app::card_input::Pending;
use crate::app::flow::editor::{self, Marks};

/// Pyramid's deal editor.
pub type Editor = editor::Editor<PyramidMarks>;

/// What Pyramid's editor keeps beside the cards, and what it finds wrong with them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PyramidMarks {
    /// Bit `i`: slot `i` holds a card in play not seen yet (`?`, `??` in a file); its slot is
    /// `None`. Never a gone slot: a card gone and not known is the midgame's.
    pub unseen: u64,
    /// The marks of a game entered part-way through.
    pub midgame: Midgame,
    /// The rules the game is played under.
    pub rules: Rules,
    problems: Vec<DeckProblem>,
    position_problems: Vec<PositionProblem>,
}

impl PyramidMarks {
    /// Whether the slot holds a card in play not seen yet.
    pub fn is_unseen(&self, slot: usize) -> bool {
        slot < DECK_SIZE && self.unseen & (1 << slot) != 0
    }

    /// The slots with a card in each slot not known, gone or not seen yet, when the cards
    /// missing are as many: the missing cards, in deck order, stand in for them (which one
    /// lies where is not known, and changes nothing). Otherwise those slots stay empty.
    fn stand_ins(&self, slots: &[Option<Card>; DECK_SIZE]) -> [Option<Card>; DECK_SIZE] {
        let not_known = Midgame {
            unknown: self.midgame.unknown | self.unseen,
            ..self.midgame
        };
        not_known.fill_unknown(slots)
    }

    /// The slots as a deal holds them: the cards gone and not known filled in, the cards
    /// not seen yet left `None` (`??`).
    pub fn deal_slots(&self, slots: &[Option<Card>; DECK_SIZE]) -> [Option<Card>; DECK_SIZE] {
        let mut filled = self.stand_ins(slots);
        for (slot, card) in filled.iter_mut().enumerate() {
            if self.is_unseen(slot) {
                *card = None;
            }
        }
        filled
    }
}

impl Marks for PyramidMarks {
    /// `?` is a card in play not seen yet; a slot gone without its card is marked with `-`.
    const TYPES_UNKNOWN: bool = true;

    fn is_unknown(&self, slot: usize) -> bool {
        self.midgame.is_unknown(slot) || self.is_unseen(slot)
    }

    /// A card typed over a gone one makes it known (still gone); `?` is a card in play not
    /// seen yet, not gone.
    fn typed(&mut self, slot: usize, card: Option<Card>) {
        self.midgame.set_unknown(slot, false);
        if slot >= DECK_SIZE {
            return;
        }
        if card.is_some() {
            self.unseen &= !(1 << slot);
        } else {
            self.midgame.set_gone(slot, false);
            self.unseen |= 1 << slot;
        }
    }

    /// An empty slot has no card to be gone, nor one not seen.
    fn cleared(&mut self, slot: usize) {
        self.midgame.set_gone(slot, false);
        if slot < DECK_SIZE {
            self.unseen &= !(1 << slot);
        }
    }

    /// The cards not seen yet, like those gone and not known, are the cards missing: with
    /// as many missing, the deal is whole.
    fn revalidate(&mut self, slots: &[Option<Card>; DECK_SIZE]) {
        let filled = self.stand_ins(slots);
        self.problems = deal::validate_slots(&filled, GameKind::Pyramid);
        self.position_problems = self.midgame.problems(&filled, self.rules);
    }

    fn duplicates(&self) -> Vec<(Card, usize, usize)> {
        self.problems
            .iter()
            .filter_map(DeckProblem::twice)
            .collect()
    }

    fn missing(&self) -> Vec<Card> {
        self.problems
            .iter()
            .find_map(|problem| match problem {
                DeckProblem::Missing { cards, .. } => Some(cards.clone()),
                _ => None,
            })
            .unwrap_or_default()
    }
}

impl Editor {
    /// An editor holding these slots with these marks, those of `unseen` holding cards not
    /// seen yet, under the default rules.
    pub fn with_unseen(slots: [Option<Card>; DECK_SIZE], unseen: u64, midgame: Midgame) -> Editor {
        Editor::with_slots(
            slots,
            PyramidMarks {
                unseen,
                midgame,
                ..PyramidMarks::default()
            },
        )
    }

    /// An editor holding a whole deal, its cards not seen yet (`??`) still not seen, and
    /// where a game on it stands.
    pub fn with_deal(deal: &Deal, midgame: Midgame) -> Editor {
        Editor::with_unseen(deal.slots(), deal.unknown(), midgame)
    }

    /// Slots holding a card not seen yet.
    pub fn unseen_count(&self) -> usize {
        self.marks.unseen.count_ones() as usize
    }

    /// What keeps the marks from being a position the game can reach, in words.
    pub fn position_problems(&self) -> Vec<String> {
        self.marks
            .position_problems
            .iter()
            .map(|problem| problem.message(&self.slots))
            .collect()
    }

    /// Slots to show as wrong: duplicates, and the cards a position problem names.
    pub fn invalid_slots(&self) -> Vec<usize> {
        let mut slots = self.duplicate_slots();
        for problem in &self.marks.position_problems {
            slots.extend(problem.slots());
        }
        slots
    }

    /// Slots that hold a card also held elsewhere.
    pub fn duplicate_slots(&self) -> Vec<usize> {
        self.duplicates()
            .iter()
            .flat_map(|&(_, first, second)| [first, second])
            .collect()
    }

    /// Marks the card under the cursor as gone, or back in play.
    pub fn toggle_gone(&mut self) -> String {
        let slot = self.cursor;
        let Some(card) = self.slots[slot] else {
            // An empty slot, or one not seen: gone, its card not known. The missing cards
            // stand in for them.
            let unknown = !self.marks.midgame.is_unknown(slot);
            self.mark(|marks| {
                marks.unseen &= !(1 << slot);
                if unknown {
                    marks.midgame.set_unknown(slot, true);
                } else {
                    marks.midgame.set_gone(slot, false);
                }
            });
            return if unknown {
                "Marked gone, its card unknown: the cards missing from the deal are the gone ones."
                    .to_string()
            } else {
                "The slot is empty again: type its card.".to_string()
            };
        };
        let gone = !self.marks.midgame.is_gone(slot);
        self.mark(|marks| marks.midgame.set_gone(slot, gone));
        if gone {
            format!("{card} is marked gone.")
        } else {
            format!("{card} is back in play.")
        }
    }

    /// Makes the stock card under the cursor the last one in the waste; again, empties the
    /// waste.
    pub fn toggle_waste_end(&mut self) -> Result<String, String> {
        let slot = self.cursor;
        if slot < PYRAMID_SIZE {
            self.pending = Pending::Nothing;
            return Err("Only stock cards go to the waste: move to a stock slot first.".into());
        }
        let emptied = self.marks.midgame.waste_to == Some(slot);
        self.mark(|marks| marks.midgame.waste_to = (!emptied).then_some(slot));
        Ok(if emptied {
            "The waste is empty: every card left is in the stock.".to_string()
        } else {
            format!(
                "Stock cards 1-{} are in the waste (those not gone), the rest in the stock.",
                slot - PYRAMID_SIZE + 1
            )
        })
    }

    /// Goes to the next pass through the stock, round to the first after the last.
    pub fn next_pass(&mut self) -> String {
        let passes = self.marks.rules.last_pass();
        self.mark(|marks| marks.midgame.pass = marks.midgame.pass % passes + 1);
        match self.marks.rules.max_recycles() {
            Some(_) => format!("Pass {} of {passes}.", self.marks.midgame.pass),
            None => format!("Pass {}.", self.marks.midgame.pass),
        }
    }

    /// Plays under these rules.
    pub fn set_rules(&mut self, rules: Rules) {
        self.marks.rules = rules;
        self.revalidate();
    }

    /// The position to play or solve from: the deal with its marks. With cards not seen
    /// yet, the stand-ins of the cards gone and not known are not known either: any of the
    /// cards missing may be gone, and any may be in play.
    pub fn start(&self) -> Result<Position, String> {
        let deal = self.deal()?;
        let midgame = &self.marks.midgame;
        let position = midgame
            .position(&deal, self.marks.rules)
            .map_err(|problems| problems[0].message(&self.slots))?;
        if !deal.has_unknown() || midgame.unknown == 0 {
            return Ok(position);
        }
        let not_known = (0..DECK_SIZE)
            .filter(|&slot| deal.unknown() & (1 << slot) != 0 || midgame.is_unknown(slot))
            .map(|slot| deal.cards()[slot]);
        Ok(position.with_unknown_cards(not_known))
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
        let slots = self.marks.deal_slots(&self.slots);
        let placed = slots.iter().flatten().count() + self.unseen_count();
        if placed < DECK_SIZE {
            let empty = DECK_SIZE - placed;
            let s = if empty == 1 { "" } else { "s" };
            return Err(format!(
                "the deal has {placed}/{DECK_SIZE} cards: {empty} slot{s} still empty"
            ));
        }
        Deal::from_slots(&slots, GameKind::Pyramid).map_err(|problems| problems.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::flow::editor::Typed;
    use solitaire::games::pyramid::Passes;

    /// The project's own 40-step deal, which every test here starts from.
    fn winnable_deal() -> Deal {
        Deal::parse(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/winnable-40-steps.txt"
        )))
        .unwrap()
    }

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
        let deal = winnable_deal();
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
        let deal = winnable_deal();
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
        assert!(!editor.marks.midgame.is_gone(27));
        editor.go_to(3);
        assert!(editor.toggle_waste_end().is_err(), "not a stock slot");
    }

    #[test]
    fn unlimited_passes_go_on_past_what_a_byte_holds() {
        let deal = winnable_deal();
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

    #[test]
    fn a_question_mark_is_a_card_not_seen_yet_and_the_missing_cards_stand_for_it() {
        let deal = winnable_deal();
        let mut editor = Editor::with_deal(&deal, Midgame::default());
        editor.go_to(50);
        assert_eq!(
            type_text(&mut editor, "??"),
            [Typed::Unknown, Typed::Unknown]
        );
        assert_eq!((editor.unseen_count(), editor.filled()), (2, 52));
        assert!(
            editor.missing().is_empty(),
            "the two missing stand for them"
        );
        let with_unknown = editor.deal().unwrap();
        assert_eq!(with_unknown.unknown(), 0b11 << 50);
        let start = editor.start().unwrap();
        assert_eq!(
            start
                .stock_top_first()
                .filter(|&c| start.is_unknown(c))
                .count(),
            2
        );
        // A card typed over one not seen makes it known; backspace empties it.
        editor.go_to(50);
        type_text(&mut editor, &deal.cards()[50].to_string());
        assert_eq!(editor.unseen_count(), 1);
        editor.go_to(51);
        editor.delete();
        assert_eq!((editor.unseen_count(), editor.filled()), (0, 51));
        assert_eq!(editor.fill_offer(), Some((51, deal.cards()[51])));
        // `-` on a card not seen marks it gone, its card not known: no longer in play.
        editor.type_char('?');
        editor.go_to(51);
        editor.toggle_gone();
        assert_eq!(editor.unseen_count(), 0);
        assert!(editor.marks.midgame.is_unknown(51));
        // A deal file's `??` comes back as cards not seen.
        assert_eq!(
            Editor::with_deal(&with_unknown, Midgame::default()).unseen_count(),
            2
        );
    }

    #[test]
    fn a_card_gone_not_known_beside_cards_not_seen_is_not_known_either() {
        let deal = winnable_deal();
        let mut editor = Editor::with_deal(&deal, Midgame::default());
        // Qh (row 7) and Ah (stock card 1) gone, Ah not known; the last stock card not seen.
        editor.go_to(27);
        editor.toggle_gone();
        editor.go_to(28);
        editor.delete();
        editor.toggle_gone();
        editor.go_to(51);
        editor.type_char('?');
        assert!(
            editor.position_problems().is_empty(),
            "{:?}",
            editor.position_problems()
        );
        let start = editor.start().unwrap();
        let removed_unknown = start
            .removed()
            .iter()
            .filter(|&&c| start.is_unknown(c))
            .count();
        assert_eq!(
            removed_unknown, 1,
            "any of the two missing may be the one gone"
        );
    }
}

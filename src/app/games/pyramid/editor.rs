//! Pyramid's editor: the shared deal editor with, beside the cards, the marks of a game
//! entered part-way through (the cards already gone, where the waste ends and the pass) and
//! the rules, validated as a position too.

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
    /// The marks of a game entered part-way through.
    pub midgame: Midgame,
    /// The rules the game is played under.
    pub rules: Rules,
    problems: Vec<DeckProblem>,
    position_problems: Vec<PositionProblem>,
}

impl Marks for PyramidMarks {
    /// A slot without its card is one gone, its card unknown: `?` types no card here.
    const TYPES_UNKNOWN: bool = false;

    fn is_unknown(&self, slot: usize) -> bool {
        self.midgame.is_unknown(slot)
    }

    /// A card typed over a gone one makes it known (still gone); `??` pasted leaves the
    /// slot to be typed.
    fn typed(&mut self, slot: usize, _card: Option<Card>) {
        self.midgame.set_unknown(slot, false);
    }

    /// An empty slot has no card to be gone.
    fn cleared(&mut self, slot: usize) {
        self.midgame.set_gone(slot, false);
    }

    fn revalidate(&mut self, slots: &[Option<Card>; DECK_SIZE]) {
        self.problems = deal::validate_slots(&self.midgame.fill_unknown(slots), GameKind::Pyramid);
        self.position_problems = self.midgame.problems(slots, self.rules);
    }

    fn duplicates(&self) -> Vec<(Card, usize, usize)> {
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
    /// An editor holding these slots with these marks, under the default rules.
    pub fn with_marks(slots: [Option<Card>; DECK_SIZE], midgame: Midgame) -> Editor {
        Editor::with_slots(
            slots,
            PyramidMarks {
                midgame,
                ..PyramidMarks::default()
            },
        )
    }

    /// An editor holding a whole deal, and where a game on it stands.
    pub fn with_deal(deal: &Deal, midgame: Midgame) -> Editor {
        Editor::with_marks(deal.cards().map(Some), midgame)
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
            // An empty slot: gone, its card not known. The missing cards stand in for them.
            let unknown = !self.marks.midgame.is_unknown(slot);
            self.mark(|marks| {
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

    /// The position to play or solve from: the deal with its marks.
    pub fn start(&self) -> Result<Position, String> {
        let deal = self.deal()?;
        self.marks
            .midgame
            .position(&deal, self.marks.rules)
            .map_err(|problems| problems[0].message(&self.slots))
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
            .marks
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::flow::editor::Typed;
    use solitaire::games::pyramid::Passes;

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
        assert!(!editor.marks.midgame.is_gone(27));
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

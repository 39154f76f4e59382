//! TriPeaks' editor: the shared deal editor, in TriPeaks' deal order (the tableau's 28
//! cards from the peak tops down, row by row; the waste card; the stock, top first), where
//! `?` types a card not seen yet; checked on every change so that drawing only reads it.

use solitaire::cards::card::Card;
use solitaire::cards::deal::{DECK_SIZE, Deal, DeckProblem};
use solitaire::games::GameKind;
use solitaire::games::tripeaks::Position;
use solitaire::games::tripeaks::layout::place_name;

use crate::app::flow::editor::{self, SlotCheck, UnknownMarks, empty_slots};
use crate::app::widgets::capitalised;

/// TriPeaks' deal editor.
pub type Editor = editor::Editor<TriPeaksMarks>;

/// What TriPeaks' editor keeps beside the cards: which are not seen yet, and what is wrong.
pub type TriPeaksMarks = UnknownMarks<Check>;

/// What is wrong with the slots, or still to do.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Check {
    /// Each card held twice, with its two slots.
    duplicates: Vec<(Card, usize, usize)>,
    /// Cards of the deck in no slot, in deck order: the unknown cards are among them.
    missing: Vec<Card>,
    /// Slots neither typed nor unknown.
    empty: usize,
}

impl SlotCheck for Check {
    fn of(slots: &[Option<Card>; DECK_SIZE], unknown: u64) -> Check {
        let mut first = [None; DECK_SIZE];
        let mut duplicates = Vec::new();
        for (slot, card) in slots.iter().enumerate() {
            let Some(card) = card else { continue };
            match first[card.index()] {
                Some(earlier) => duplicates.push((*card, earlier, slot)),
                None => first[card.index()] = Some(slot),
            }
        }
        let missing = Card::all()
            .filter(|card| first[card.index()].is_none())
            .collect();
        Check {
            duplicates,
            missing,
            empty: empty_slots(slots, unknown),
        }
    }

    fn duplicates(&self) -> Vec<(Card, usize, usize)> {
        self.duplicates.clone()
    }

    fn missing(&self) -> Vec<Card> {
        self.missing.clone()
    }
}

impl Editor {
    /// An editor holding a whole deal; its unknown cards stay unknown.
    pub fn with_deal(deal: &Deal) -> Editor {
        Editor::with_unknown(deal.slots(), deal.unknown(), ())
    }

    /// Slots to show as wrong: both slots of each duplicate.
    pub fn invalid_slots(&self) -> Vec<usize> {
        self.marks
            .check
            .duplicates
            .iter()
            .flat_map(|&(_, first, second)| [first, second])
            .collect()
    }

    /// What keeps the slots from being a deal, a short sentence each: empty when they are one.
    pub fn problems(&self) -> Vec<String> {
        let mut problems: Vec<String> = self
            .duplicates()
            .iter()
            .map(|&(card, a, b)| format!("{}.", twice(card, a, b)))
            .collect();
        let empty = self.marks.check.empty;
        if empty > 0 {
            problems.push(if empty == 1 {
                "1 slot is still empty: type its card, or ? for a card not seen yet.".to_string()
            } else {
                format!(
                    "{empty} slots are still empty: type their cards, or ? for cards not seen yet."
                )
            });
        }
        let unknown = self.unknown_count();
        if self.missing().len() > unknown {
            let missing = DeckProblem::Missing {
                cards: self.missing(),
                unknown,
            };
            problems.push(format!("{}.", capitalised(&missing.message())));
        }
        problems
    }

    /// The deal, or what keeps it from being one, in a sentence. Unknown cards are allowed.
    pub fn deal(&self) -> Result<Deal, String> {
        if let Some(&(card, a, b)) = self.duplicates().first() {
            return Err(twice(card, a, b));
        }
        self.all_typed()?;
        Deal::from_slots(&self.slots, GameKind::TriPeaks).map_err(|problems| problems.to_string())
    }

    /// The position to play or solve from: the deal's start.
    pub fn start(&self) -> Result<Position, String> {
        self.deal().map(|deal| Position::new(&deal))
    }
}

/// "Kh is there twice: tableau row 2 and stock card 3 from the top".
fn twice(card: Card, a: usize, b: usize) -> String {
    format!(
        "{card} is there twice: {} and {}",
        place_name(a),
        place_name(b)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::flow::editor::Typed;

    use crate::app::games::tripeaks::saved_games::{AS_DEALT, CLEARS};

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    fn deal(text: &str) -> Deal {
        Deal::parse_as(text, GameKind::TriPeaks).unwrap()
    }

    fn type_text(editor: &mut Editor, text: &str) -> Vec<Typed> {
        text.chars().map(|c| editor.type_char(c)).collect()
    }

    #[test]
    fn a_question_mark_places_an_unknown_card_and_moves_on() {
        let mut editor = Editor::default();
        let typed = type_text(&mut editor, "?5d??");
        assert_eq!(
            typed,
            [
                Typed::Unknown,
                Typed::Partial,
                Typed::Placed(card("5d")),
                Typed::Unknown,
                Typed::Unknown
            ]
        );
        assert_eq!(editor.marks.unknown, 0b1101);
        assert_eq!(editor.slots[1], Some(card("5d")));
        assert_eq!(
            (editor.cursor, editor.filled(), DECK_SIZE - editor.filled()),
            (4, 4, 48)
        );
        assert_eq!(editor.unknown_count(), 3);
        // After a rank, `?` is refused as a suit and the rank stays.
        editor.type_char('7');
        assert_eq!(
            editor.type_char('?'),
            Typed::Rejected("'?' is not a suit: after 7 type c, d, h or s".to_string())
        );
        assert_eq!(editor.pending_text(), Some("7_".to_string()));
        assert_eq!(editor.type_char('h'), Typed::Placed(card("7h")));
        // A card typed over an unknown one makes it known.
        editor.go_to(0);
        type_text(&mut editor, "Kc");
        assert_eq!(editor.marks.unknown, 0b1100);
        assert_eq!(
            editor.type_char('x'),
            Typed::Rejected(
                "'x' is not a rank: type A 2-9 T J Q K (or 10), then the suit".to_string()
            )
        );
    }

    #[test]
    fn backspace_and_delete_clear_unknown_cards_too() {
        let mut editor = Editor::default();
        type_text(&mut editor, "??2c");
        editor.backspace();
        assert_eq!((editor.cursor, editor.slots[2]), (2, None));
        editor.backspace();
        assert_eq!(editor.cursor, 1);
        assert!(editor.is_empty(1), "the unknown card is gone");
        editor.go_to(0);
        editor.delete();
        assert_eq!((editor.marks.unknown, editor.filled()), (0, 0));
        // A half-typed card goes first.
        editor.type_char('5');
        editor.backspace();
        assert!(editor.pending.is_empty());
        assert_eq!(editor.cursor, 0);
        // On the filled last slot, backspace clears it and stays.
        editor.go_to(51);
        editor.type_char('?');
        editor.backspace();
        assert_eq!((editor.cursor, editor.filled()), (51, 0));
    }

    #[test]
    fn a_whole_deal_pasted_at_the_start_fills_every_slot() {
        for text in [AS_DEALT, CLEARS] {
            let expected = deal(text);
            let mut editor = Editor::default();
            let (placed, bad, left_over) = editor.paste(text);
            assert_eq!((placed, bad.len(), left_over), (DECK_SIZE, 0, 0));
            assert_eq!(editor.deal(), Ok(expected));
            assert_eq!(editor.marks.unknown, expected.unknown());
            assert!(editor.problems().is_empty(), "{:?}", editor.problems());
            assert_eq!(editor.start(), Ok(Position::new(&expected)));
        }
        let editor = {
            let mut editor = Editor::default();
            editor.paste(AS_DEALT);
            editor
        };
        assert_eq!(editor.unknown_count(), 41);
        assert_eq!(editor.filled(), DECK_SIZE);
        // The same deal on one line, and drawn as the peaks without headers.
        let dealt = deal(CLEARS);
        for text in [dealt.to_line(), dealt.to_layout(GameKind::TriPeaks)] {
            let mut editor = Editor::default();
            editor.paste(&text);
            assert_eq!(editor.deal(), Ok(dealt), "{text}");
        }
    }

    #[test]
    fn a_partial_paste_fills_from_the_cursor_and_reports_what_did_not_go_in() {
        let mut editor = Editor::default();
        editor.go_to(50);
        let (placed, bad, left_over) = editor.paste("Ah, zz ??\n3h");
        assert_eq!((placed, bad, left_over), (2, vec!["zz".to_string()], 1));
        assert_eq!(editor.slots[50], Some(card("Ah")));
        assert!(editor.is_unknown(51));
        assert_eq!(editor.cursor, 51);
        // Pasted over, an unknown card becomes known.
        editor.paste("Kd");
        assert!(!editor.is_unknown(51));
        assert_eq!(editor.slots[51], Some(card("Kd")));
    }

    #[test]
    fn duplicates_and_missing_cards_are_reported_live() {
        let mut editor = Editor::with_deal(&deal(CLEARS));
        // Card 28, the waste card, is 5d: typed again at stock card 2.
        editor.go_to(30);
        type_text(&mut editor, "5d");
        let qs = card("Qs");
        assert_eq!(editor.duplicates(), [(card("5d"), 28, 30)]);
        assert_eq!(editor.invalid_slots(), [28, 30]);
        assert_eq!(editor.missing(), [qs]);
        assert_eq!(editor.fill_offer(), None, "not while a card is there twice");
        assert_eq!(
            editor.problems(),
            [
                "5d is there twice: the waste card and stock card 2 from the top.",
                "1 card missing: Qs."
            ]
        );
        assert_eq!(
            editor.deal(),
            Err("5d is there twice: the waste card and stock card 2 from the top".to_string())
        );
        // Emptied, the slot is offered its card back.
        editor.go_to(30);
        editor.delete();
        assert_eq!(editor.fill_offer(), Some((30, qs)));
        assert_eq!(
            editor.problems(),
            [
                "1 slot is still empty: type its card, or ? for a card not seen yet.",
                "1 card missing: Qs."
            ]
        );
        assert_eq!(
            editor.deal(),
            Err("the deal has 51/52 cards: 1 slot still empty".to_string())
        );
        editor.set(30, qs);
        assert_eq!(editor.deal(), Ok(deal(CLEARS)));
        // With unknown cards, only the cards short of them are missing.
        editor.go_to(0);
        editor.type_char('?');
        editor.go_to(5);
        editor.delete();
        assert_eq!(editor.missing().len(), 2);
        assert_eq!(editor.problems().len(), 2);
        assert!(
            editor.problems()[1]
                .starts_with("2 cards are not in the deal, 1 more than the 1 unknown"),
            "{:?}",
            editor.problems()
        );
        assert_eq!(editor.fill_offer(), None);
    }

    #[test]
    fn an_empty_editor_is_not_a_deal() {
        let editor = Editor::default();
        assert_eq!(
            editor.deal(),
            Err("the deal has 0/52 cards: 52 slots still empty".to_string())
        );
        assert!(editor.start().is_err());
        assert_eq!(editor.missing().len(), DECK_SIZE);
    }

    #[test]
    fn a_deal_with_unknown_cards_opens_and_comes_back_the_same() {
        let dealt = deal(AS_DEALT);
        let editor = Editor::with_deal(&dealt);
        assert_eq!(editor.marks.unknown, dealt.unknown());
        assert!(editor.slots[0].is_none() && editor.is_unknown(0));
        assert_eq!(editor.cursor, 0, "no slot is empty");
        assert_eq!(editor.deal(), Ok(dealt));
        let part = Editor::with_unknown([None; DECK_SIZE], 1, ());
        assert_eq!(part.cursor, 1, "the first slot to type");
    }

    #[test]
    fn revealing_makes_an_unknown_card_known_and_refuses_a_card_already_there() {
        let mut editor = Editor::with_deal(&deal(AS_DEALT));
        // Ts is the first card of row 4 (card 18).
        assert_eq!(
            editor.reveal_named(0, card("Ts"), place_name),
            Err(
                "Ts is already in the deal, at tableau row 4, card 1 from the left: the card seen must be \
                 another"
                    .to_string()
            )
        );
        assert_eq!(
            editor.reveal_named(18, card("Ah"), place_name),
            Err("the card at tableau row 4, card 1 from the left is not unknown".to_string())
        );
        assert_eq!(editor.reveal_named(0, card("8h"), place_name), Ok(()));
        assert!(!editor.is_unknown(0));
        let revealed = editor.deal().unwrap();
        assert_eq!(revealed.card(0), Some(card("8h")));
        assert_eq!(revealed.unknown().count_ones(), 40);
        assert!(
            editor.reveal_named(0, card("9h"), place_name).is_err(),
            "known now"
        );
    }
}

//! Klondike's editor: the shared deal editor, in Klondike's deal order (the seven piles from
//! pile 1, each from its bottom, face-down card to its top, face-up one; then the stock in
//! the order it is drawn), where `?` types a card not seen yet; the rules the deal is played
//! under; checked on every change by the library's own check of a deal, so that drawing
//! only reads what is wrong.

use solitaire::cards::card::Card;
use solitaire::cards::deal::{DECK_SIZE, DeckProblem};
use solitaire::games::klondike::deal::{PILES, pile_start};
use solitaire::games::klondike::{Deal, DealProblem, Position, Rules};

use crate::app::flow::editor::{self, SlotCheck, UnknownMarks, empty_slots};
use crate::app::widgets::capitalised;

/// Klondike's deal editor.
pub type Editor = editor::Editor<KlondikeMarks>;

/// What Klondike's editor keeps beside the cards: which are not seen yet, the rules, and
/// what is wrong.
pub type KlondikeMarks = UnknownMarks<Check, Rules>;

/// What is wrong with the slots, or still to do.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Check {
    /// The library's problems with the cards typed, an empty slot read as a card not seen:
    /// the duplicates, and the cards missing beyond the slots not known.
    problems: Vec<DealProblem>,
    /// Cards of the deck in no slot.
    missing: Vec<Card>,
    /// Slots neither typed nor unknown.
    empty: usize,
}

impl SlotCheck for Check {
    fn of(slots: &[Option<Card>; DECK_SIZE], unknown: u64) -> Check {
        let problems = Deal::from_slots(slots).err().map(|found| found.0);
        let mut present = [false; DECK_SIZE];
        for card in slots.iter().flatten() {
            present[card.index()] = true;
        }
        Check {
            problems: problems.unwrap_or_default(),
            missing: Card::all().filter(|card| !present[card.index()]).collect(),
            empty: empty_slots(slots, unknown),
        }
    }

    fn duplicates(&self) -> Vec<(Card, usize, usize)> {
        self.problems
            .iter()
            .filter_map(DealProblem::twice)
            .collect()
    }

    fn missing(&self) -> Vec<Card> {
        self.missing.clone()
    }
}

impl Editor {
    /// An editor holding a whole deal, its unknown cards unknown, for `rules`.
    pub fn with_deal(deal: &Deal, rules: Rules) -> Editor {
        let unknown = (0..DECK_SIZE)
            .filter(|&slot| deal.card(slot).is_none())
            .fold(0u64, |bits, slot| bits | 1 << slot);
        Editor::with_unknown(*deal.slots(), unknown, rules)
    }

    /// Slots to show as wrong: both slots of each duplicate.
    pub fn invalid_slots(&self) -> Vec<usize> {
        self.duplicates()
            .iter()
            .flat_map(|&(_, first, second)| [first, second])
            .collect()
    }

    /// What keeps the slots from being a deal, every problem at once, a short sentence
    /// each: the library's (each card twice, the cards missing), and the slots still empty.
    pub fn problems(&self) -> Vec<String> {
        let check = &self.marks.check;
        let mut problems: Vec<String> = check
            .problems
            .iter()
            .filter(|problem| !matches!(problem, DealProblem::Deck(DeckProblem::Missing { .. })))
            .map(|problem| format!("{}.", capitalised(&problem.message())))
            .collect();
        if check.empty > 0 {
            problems.push(if check.empty == 1 {
                "1 slot is still empty: type its card, or ? for a card not seen yet.".to_string()
            } else {
                format!(
                    "{} slots are still empty: type their cards, or ? for cards not seen yet.",
                    check.empty
                )
            });
        }
        // The cards missing beyond those not known, counted as the library counts them.
        let unknown = self.unknown_count();
        if check.missing.len() > unknown + check.empty {
            let missing = DeckProblem::Missing {
                cards: check.missing.clone(),
                unknown,
            };
            problems.push(format!("{}.", capitalised(&missing.message())));
        }
        problems
    }

    /// What a player at the table would not see so: a pile whose face-up card is typed as not
    /// seen (`?`). Under a face-down card typed as known, it is most likely a `?` missing from
    /// the face-down cards, which shifts the pile's cards up one; under face-down cards all
    /// marked `?`, the top card itself is to be typed. The deal can still be played (play
    /// asks for the card first), so this warns rather than stops it.
    pub fn warnings(&self) -> Vec<String> {
        let (shifted, untyped): (Vec<usize>, Vec<usize>) = (0..PILES)
            .filter(|&pile| self.is_unknown(pile_start(pile) + pile))
            .partition(|&pile| self.face_down_typed(pile));
        let shifted = shifted_warning(numbers(&shifted));
        let untyped = untyped_warning(numbers(&untyped));
        shifted.into_iter().chain(untyped).collect()
    }

    /// Whether a pile has a face-down card typed as known.
    fn face_down_typed(&self, pile: usize) -> bool {
        (pile_start(pile)..pile_start(pile) + pile).any(|slot| !self.is_unknown(slot))
    }

    /// The deal, or what keeps it from being one, in a sentence. Unknown cards are allowed.
    pub fn deal(&self) -> Result<Deal, String> {
        self.all_typed()?;
        Deal::from_slots(&self.slots).map_err(|problems| {
            let first = problems.0.first().map(DealProblem::message);
            first.unwrap_or_default()
        })
    }

    /// The position to play or solve from: the deal's start under the rules.
    pub fn start(&self) -> Result<Position, String> {
        self.deal()
            .map(|deal| Position::new(&deal, self.marks.rules))
    }
}

/// Piles counted from 0, as the player counts them: "2", "2, 3 and 5"; `None` for none.
fn numbers(piles: &[usize]) -> Option<(bool, String)> {
    let words: Vec<String> = piles.iter().map(|pile| (pile + 1).to_string()).collect();
    match words.as_slice() {
        [] => None,
        [one] => Some((false, one.clone())),
        [first @ .., last] => Some((true, format!("{} and {last}", first.join(", ")))),
    }
}

/// Piles whose face-up card is `?` over a face-down card typed as known: most likely a `?`
/// forgotten under it.
fn shifted_warning(piles: Option<(bool, String)>) -> Option<String> {
    Some(match piles? {
        (false, pile) => format!(
            "Pile {pile}'s face-up card is not known: type it, or mark the pile's face-down \
             cards (?)."
        ),
        (true, piles) => format!(
            "The face-up cards of piles {piles} are not known: type them, or mark the piles' \
             face-down cards (?)."
        ),
    })
}

/// Piles whose face-down cards are all marked `?` and whose top card is `?` too: the top
/// card, face up at a table, is to be typed.
fn untyped_warning(piles: Option<(bool, String)>) -> Option<String> {
    Some(match piles? {
        (false, pile) => {
            format!("Pile {pile}'s top card is face up, so it must be known: type it.")
        }
        (true, piles) => {
            format!("The top cards of piles {piles} are face up, so they must be known: type them.")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use solitaire::games::klondike::deal::slot_name;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn every_problem_is_named_at_once_in_the_piles_words() {
        let mut editor = Editor::default();
        editor.paste(&Deal::shuffled(4).to_line());
        assert!(editor.problems().is_empty(), "{:?}", editor.problems());
        let first = editor.slots[0].unwrap();
        let second = editor.slots[1].unwrap();
        // The first card typed again at stock card 1, the second's slot emptied.
        editor.go_to(28);
        editor.paste(&first.to_string());
        editor.go_to(1);
        editor.delete();
        assert_eq!(editor.invalid_slots(), [0, 28]);
        let problems = editor.problems();
        assert_eq!(
            problems[..2],
            [
                format!(
                    "{first} appears twice: at (pile 1, card 1 from the bottom) and at (stock \
                     card 1)."
                ),
                "1 slot is still empty: type its card, or ? for a card not seen yet.".to_string(),
            ]
        );
        assert!(problems[2].starts_with("2 cards missing: "), "{problems:?}");
        assert!(problems[2].contains(&second.to_string()), "{problems:?}");
        assert!(editor.deal().unwrap_err().contains("slot still empty"));
        // As unknown, the empty slot makes a deal of cards not seen.
        editor.go_to(1);
        editor.type_char('?');
        editor.go_to(28);
        editor.type_char('?');
        assert!(editor.problems().is_empty(), "{:?}", editor.problems());
        let deal = editor.deal().unwrap();
        assert_eq!(deal.unknown_count(), 2);
        assert_eq!(
            editor.start().unwrap(),
            Position::new(&deal, Rules::STANDARD)
        );
    }

    #[test]
    fn revealing_makes_an_unknown_card_known_and_refuses_a_card_already_there() {
        let deal = Deal::shuffled(4);
        let mut slots = *deal.slots();
        let hidden = slots[1].take().unwrap();
        let mut editor = Editor::with_unknown(slots, 1 << 1, Rules::STANDARD);
        let there = editor.slots[0].unwrap();
        assert!(
            editor
                .reveal_named(1, there, slot_name)
                .unwrap_err()
                .contains("already in the deal")
        );
        assert!(
            editor.reveal_named(0, card("Ah"), slot_name).is_err(),
            "not unknown"
        );
        assert_eq!(editor.reveal_named(1, hidden, slot_name), Ok(()));
        assert_eq!(editor.deal(), Ok(deal));
    }
}

//! Klondike's editor of a game under way: the seven piles (their face-down cards, known or
//! not, under a face-up run), the stock and the waste as far as they have been seen (`??`
//! for a card not seen yet), the foundations' top cards and the redeals made. The cursor is
//! on a place of the table, and a card typed goes on top of it. The layout is checked on
//! every change by the library's one check of a laid-out table ([`Setup::problems`]), so
//! that drawing only reads what is wrong, every problem at once.

use solitaire::cards::card::{Card, DECK_SIZE, Rank, Suit};
use solitaire::games::klondike::deal::PILES;
use solitaire::games::klondike::formats::Table;
use solitaire::games::klondike::{Deal, Pack, Pile, Position, Rules, Setup, SetupProblem, Spot};

use crate::app::card_input::{Input, Pending};
use crate::app::cards::Direction;
use crate::app::flow::editor::Typed;
use crate::app::widgets::{capitalised, counted};

/// A place of the table the cursor can be on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// A pile, counted from 0.
    Pile(usize),
    Stock,
    Waste,
    /// A suit's foundation.
    Foundation(Suit),
}

impl Place {
    /// The place in words.
    pub fn name(self) -> String {
        match self {
            Place::Pile(pile) => format!("pile {}", pile + 1),
            Place::Stock => "the stock".to_string(),
            Place::Waste => "the waste".to_string(),
            Place::Foundation(suit) => format!("the {} foundation", suit.plural_name()),
        }
    }

    /// The place a problem's card lies in.
    fn of_spot(spot: Spot) -> Place {
        match spot {
            Spot::Pile { pile, .. } => Place::Pile(pile),
            Spot::Stock(_) => Place::Stock,
            Spot::Waste(_) => Place::Waste,
            Spot::Foundation(suit) => Place::Foundation(suit),
        }
    }

    /// The places on the top line, left to right, as the board shows them.
    const TOP: [Place; 6] = [
        Place::Stock,
        Place::Waste,
        Place::Foundation(Suit::ALL[0]),
        Place::Foundation(Suit::ALL[1]),
        Place::Foundation(Suit::ALL[2]),
        Place::Foundation(Suit::ALL[3]),
    ];

    /// Every place in the order the position text writes them: the piles, the waste, the
    /// stock, the foundations. Tab goes along it, Home and End to its ends.
    pub const ORDER: [Place; PILES + 6] = [
        Place::Pile(0),
        Place::Pile(1),
        Place::Pile(2),
        Place::Pile(3),
        Place::Pile(4),
        Place::Pile(5),
        Place::Pile(6),
        Place::Waste,
        Place::Stock,
        Place::Foundation(Suit::ALL[0]),
        Place::Foundation(Suit::ALL[1]),
        Place::Foundation(Suit::ALL[2]),
        Place::Foundation(Suit::ALL[3]),
    ];

    /// The next place in [`Place::ORDER`] (the previous one, `back`), staying at its ends.
    #[must_use]
    pub fn next(self, back: bool) -> Place {
        let at = Place::ORDER
            .iter()
            .position(|&place| place == self)
            .unwrap_or(0);
        let to = if back {
            at.saturating_sub(1)
        } else {
            (at + 1).min(Place::ORDER.len() - 1)
        };
        Place::ORDER[to]
    }

    /// The place an arrow leads to: along the top line or the piles, and between a pile and
    /// what stands over it (the foundations over piles 4 to 7).
    #[must_use]
    pub fn neighbour(self, direction: Direction) -> Place {
        let top_index = Place::TOP.iter().position(|&place| place == self);
        match (self, top_index, direction) {
            (Place::Pile(pile), _, Direction::Left) => Place::Pile(pile.saturating_sub(1)),
            (Place::Pile(pile), _, Direction::Right) => Place::Pile((pile + 1).min(PILES - 1)),
            (Place::Pile(pile), _, Direction::Up) => {
                Place::TOP[pile.saturating_sub(1).min(Place::TOP.len() - 1)]
            }
            (_, Some(at), Direction::Left) => Place::TOP[at.saturating_sub(1)],
            (_, Some(at), Direction::Right) => Place::TOP[(at + 1).min(Place::TOP.len() - 1)],
            (_, Some(at), Direction::Down) => Place::Pile(if at == 0 { 0 } else { at + 1 }),
            _ => self,
        }
    }
}

/// The editor of a game under way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableEditor {
    /// The table typed: seven piles, the foundations' tops one a suit in suit order.
    pub setup: Setup,
    pub cursor: Place,
    pub pending: Pending,
    /// The library's problems with the table, found on the last change.
    problems: Vec<SetupProblem>,
    /// The cards laid out not known yet, counted on the last change with the problems, so
    /// that the Check panel's count and its problems speak of one table.
    unknown: usize,
}

impl Default for TableEditor {
    fn default() -> TableEditor {
        TableEditor::of_setup(Setup {
            piles: vec![Pile::default(); PILES],
            ..Setup::default()
        })
    }
}

impl TableEditor {
    /// An editor holding a table laid out, the cursor on pile 1.
    pub fn of_setup(setup: Setup) -> TableEditor {
        let mut editor = TableEditor {
            setup,
            cursor: Place::Pile(0),
            pending: Pending::Nothing,
            problems: Vec::new(),
            unknown: 0,
        };
        editor.setup.foundations.sort_by_key(|card| card.suit());
        editor.revalidate();
        editor
    }

    /// An editor holding a deal as it is dealt.
    pub fn of_deal(deal: &Deal) -> TableEditor {
        TableEditor::of_setup(Table::of_deal(deal).setup().clone())
    }

    /// The deal the table is, when it is one as dealt with nothing played.
    pub fn deal(&self) -> Option<Deal> {
        Table::of_position(&self.start(Rules::STANDARD).ok()?).deal()
    }

    /// Checks the table as it is now: its problems and the cards not known yet, together.
    fn revalidate(&mut self) {
        self.problems = self.setup.problems(Pack::Whole);
        self.unknown = (self.setup.laid_out())
            .filter(|(card, _)| card.is_none())
            .count();
    }

    /// The position to play or solve from under `rules`, or the first problem in words, short
    /// enough for the status line: the cards missing are counted there, the Check panel names
    /// them.
    pub fn start(&self, rules: Rules) -> Result<Position, String> {
        if self.filled() == 0 {
            return Err("the table is empty; type its cards where they lie".to_string());
        }
        Position::set_up(self.setup.clone(), rules, Pack::Whole).map_err(|problems| match problems
            .0
            .first()
        {
            Some(SetupProblem::Missing { missing, unknown }) => format!(
                "{} missing (the Check panel names them)",
                counted(missing.len().saturating_sub(*unknown), "card")
            ),
            Some(problem) => problem.to_string(),
            None => String::new(),
        })
    }

    /// Every problem of the table, a short sentence each.
    pub fn problems(&self) -> Vec<String> {
        self.problems
            .iter()
            .map(|problem| format!("{}.", capitalised(&problem.to_string())))
            .collect()
    }

    /// Whether a problem is more than cards still to type: a card laid out twice, a pile that
    /// cannot be.
    pub fn problems_to_fix(&self) -> bool {
        self.problems
            .iter()
            .any(|problem| !matches!(problem, SetupProblem::Missing { .. }))
    }

    /// The places a problem names: both of a card laid out twice, a pile that cannot be.
    pub fn invalid_places(&self) -> Vec<Place> {
        self.problems
            .iter()
            .flat_map(|problem| match *problem {
                SetupProblem::Duplicate { first, second, .. } => {
                    vec![Place::of_spot(first), Place::of_spot(second)]
                }
                SetupProblem::NotARun { pile: number, .. }
                | SetupProblem::NothingFaceUp(number)
                | SetupProblem::TooManyFaceDown { pile: number, .. } => {
                    vec![Place::Pile(number - 1)]
                }
                _ => Vec::new(),
            })
            .collect()
    }

    /// Cards laid out not known yet, as the last check counted them.
    pub fn unknown_count(&self) -> usize {
        self.unknown
    }

    /// Cards laid out, known or not, and on the foundations.
    pub fn filled(&self) -> usize {
        let on_foundations: usize = (self.setup.foundations.iter())
            .map(|top| usize::from(top.rank().value()))
            .sum();
        self.setup.laid_out().count() + on_foundations
    }

    /// The place under the cursor as the position text writes it: `pile 3: ?? / 9h 8s`.
    pub fn place_text(&self, place: Place) -> String {
        let texts = |cards: &[Option<Card>]| -> Vec<String> {
            cards
                .iter()
                .map(|card| card.map_or_else(|| "??".to_string(), |card| card.to_string()))
                .collect()
        };
        let cards = match place {
            Place::Pile(pile) => {
                let pile = &self.setup.piles[pile];
                let (down, up) = (texts(&pile.face_down), texts(&pile.face_up));
                if down.is_empty() {
                    up.join(" ")
                } else {
                    format!("{} / {}", down.join(" "), up.join(" "))
                }
            }
            Place::Stock => texts(&self.setup.stock).join(" "),
            Place::Waste => texts(&self.setup.waste).join(" "),
            Place::Foundation(suit) => self
                .foundation_top(suit)
                .map_or_else(String::new, |card| card.to_string()),
        };
        format!("{}: {cards}", place.name()).trim_end().to_string()
    }

    /// A suit's foundation's top card.
    pub fn foundation_top(&self, suit: Suit) -> Option<Card> {
        self.setup
            .foundations
            .iter()
            .copied()
            .find(|card| card.suit() == suit)
    }

    /// Puts `top` on its suit's foundation, or empties the foundation of `suit`.
    fn set_foundation(&mut self, suit: Suit, top: Option<Card>) {
        self.setup.foundations.retain(|card| card.suit() != suit);
        self.setup.foundations.extend(top);
        self.setup.foundations.sort_by_key(|card| card.suit());
    }

    /// Moves the cursor.
    pub fn go(&mut self, place: Place) {
        self.pending = Pending::Nothing;
        self.cursor = place;
    }

    /// Handles one typed character: a card's rank and suit, which goes on top of the place
    /// under the cursor (on a foundation, the top of its suit's), or `?` for a card not seen
    /// yet (face down on a pile).
    pub fn type_char(&mut self, c: char) -> Typed {
        if c == '?' && self.pending.is_empty() {
            return match self.put(None) {
                Ok(()) => Typed::Unknown,
                Err(why) => Typed::Rejected(why),
            };
        }
        match self.pending.type_char(c) {
            Input::Partial => Typed::Partial,
            Input::Card(card) => match self.put(Some(card)) {
                Ok(()) => Typed::Placed(card),
                Err(why) => Typed::Rejected(why),
            },
            Input::Rejected(hint) => Typed::Rejected(hint),
        }
    }

    /// A card, or one not known (`None`), on top of the place under the cursor.
    pub fn put(&mut self, card: Option<Card>) -> Result<(), String> {
        match (self.cursor, card) {
            (Place::Pile(pile), Some(_)) => self.setup.piles[pile].face_up.push(card),
            (Place::Pile(pile), None) => self.setup.piles[pile].face_down.push(None),
            (Place::Stock, _) => self.setup.stock.push(card),
            (Place::Waste, _) => self.setup.waste.push(card),
            (Place::Foundation(_), Some(card)) => {
                self.set_foundation(card.suit(), Some(card));
                self.cursor = Place::Foundation(card.suit());
            }
            (Place::Foundation(_), None) => {
                return Err(
                    "a foundation's top card is in sight: type it, rank then suit".to_string(),
                );
            }
        }
        self.revalidate();
        Ok(())
    }

    /// Takes the top card off the place under the cursor: a pile's face-up top (a
    /// face-down card once none is face up); a foundation's top goes down a rank.
    pub fn backspace(&mut self) {
        if self.pending.cancel() {
            return;
        }
        match self.cursor {
            Place::Pile(pile) => {
                let pile = &mut self.setup.piles[pile];
                if pile.face_up.pop().is_none() {
                    pile.face_down.pop();
                }
            }
            Place::Stock => {
                self.setup.stock.pop();
            }
            Place::Waste => {
                self.setup.waste.pop();
            }
            Place::Foundation(suit) => {
                let lower = self.foundation_top(suit).and_then(|top| {
                    Rank::new(top.rank().value() - 1).map(|rank| Card::new(rank, suit))
                });
                self.set_foundation(suit, lower);
            }
        }
        self.revalidate();
    }

    /// Empties the place under the cursor.
    pub fn clear(&mut self) {
        self.pending = Pending::Nothing;
        match self.cursor {
            Place::Pile(pile) => self.setup.piles[pile] = Pile::default(),
            Place::Stock => self.setup.stock.clear(),
            Place::Waste => self.setup.waste.clear(),
            Place::Foundation(suit) => self.set_foundation(suit, None),
        }
        self.revalidate();
    }

    /// Turns the bottom card of the pile's face-up run face down (`true`), or its top
    /// face-down card face up: a known card typed face up goes under the run so.
    pub fn turn(&mut self, down: bool) -> Result<(), String> {
        let Place::Pile(number) = self.cursor else {
            return Err("only a pile's cards lie face down".to_string());
        };
        let pile = &mut self.setup.piles[number];
        let moved = if down {
            (!pile.face_up.is_empty()).then(|| pile.face_up.remove(0))
        } else {
            pile.face_down.pop()
        };
        let Some(card) = moved else {
            let none = if down { "face up" } else { "face down" };
            return Err(format!("pile {} has no card {none}", number + 1));
        };
        if down {
            pile.face_down.push(card);
        } else {
            pile.face_up.insert(0, card);
        }
        self.revalidate();
        Ok(())
    }

    /// Adds to the stock a card not seen (`??`) for each card of the pack not laid out yet:
    /// how many.
    pub fn fill_stock(&mut self) -> usize {
        let rest = DECK_SIZE.saturating_sub(self.filled());
        self.setup.stock.extend(std::iter::repeat_n(None, rest));
        self.revalidate();
        rest
    }

    /// One more redeal made, or one fewer.
    pub fn count_redeal(&mut self, more: bool) {
        self.setup.redeals = if more {
            self.setup.redeals.saturating_add(1)
        } else {
            self.setup.redeals.saturating_sub(1)
        };
        self.revalidate();
    }

    /// Types in the `nth` card not seen yet (in the order the table lays them out): the
    /// card a game played from the table turned up. Refused when it is elsewhere on the
    /// table.
    pub fn reveal(&mut self, nth: usize, card: Card) -> Result<(), String> {
        let Some((_, spot)) = self
            .setup
            .laid_out()
            .filter(|(card, _)| card.is_none())
            .nth(nth)
        else {
            return Err("no card not seen yet lies there".to_string());
        };
        let known =
            self.setup.laid_out().any(|(other, _)| other == Some(card))
                || self.setup.foundations.iter().any(|top| {
                    top.suit() == card.suit() && top.rank().value() >= card.rank().value()
                });
        if known {
            return Err(format!("{card} is already on the table"));
        }
        let Some(slot) = self.slot_mut(spot) else {
            return Err("no card not seen yet lies there".to_string());
        };
        *slot = Some(card);
        self.revalidate();
        Ok(())
    }

    /// Where the `nth` card not seen yet lies, counted among every card laid out, known or
    /// not: a count that stays once the card is typed in, for [`TableEditor::forget`].
    pub fn unknown_place(&self, nth: usize) -> Option<usize> {
        self.setup
            .laid_out()
            .enumerate()
            .filter(|(_, (card, _))| card.is_none())
            .nth(nth)
            .map(|(place, _)| place)
    }

    /// The card laid out at `place` (counted as [`TableEditor::unknown_place`] counts) is
    /// not known again: one typed wrong as it turned up, to type anew. False when none lies
    /// there.
    pub fn forget(&mut self, place: usize) -> bool {
        let Some((_, spot)) = self.setup.laid_out().nth(place) else {
            return false;
        };
        let Some(slot) = self.slot_mut(spot) else {
            return false;
        };
        *slot = None;
        self.revalidate();
        true
    }

    /// The card laid out at a spot, to write; none on a foundation.
    fn slot_mut(&mut self, spot: Spot) -> Option<&mut Option<Card>> {
        Some(match spot {
            Spot::Pile { pile, card: at } => {
                let pile = self.setup.piles.get_mut(pile)?;
                let down = pile.face_down.len();
                if at < down {
                    pile.face_down.get_mut(at)?
                } else {
                    pile.face_up.get_mut(at - down)?
                }
            }
            Spot::Stock(at) => self.setup.stock.get_mut(at)?,
            Spot::Waste(at) => self.setup.waste.get_mut(at)?,
            Spot::Foundation(_) => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(editor: &mut TableEditor, keys: &str) {
        for c in keys.chars().filter(|c| !c.is_whitespace()) {
            editor.type_char(c);
        }
    }

    #[test]
    fn a_table_typed_place_by_place_is_checked_with_every_problem_named() {
        let mut editor = TableEditor::default();
        // Pile 3: two cards not seen under 9h 8s; the waste a card not seen under 4c; the
        // hearts' foundation up to the Two.
        editor.go(Place::Pile(2));
        typed(&mut editor, "?? 9h 8s");
        assert_eq!(editor.place_text(Place::Pile(2)), "pile 3: ?? ?? / 9h 8s");
        editor.go(Place::Waste);
        typed(&mut editor, "? 4c");
        editor.go(Place::Foundation(Suit::ALL[0]));
        typed(&mut editor, "2h");
        assert_eq!(editor.cursor, Place::Foundation(Suit::Hearts));
        assert_eq!(
            editor.foundation_top(Suit::Hearts),
            Some("2h".parse().unwrap())
        );
        // 8s again on pile 2, and 7h under 6s... out of order: both named at once.
        editor.go(Place::Pile(1));
        typed(&mut editor, "8s 6s 7h");
        let problems = editor.problems();
        assert!(
            problems
                .iter()
                .any(|p| p.starts_with("8s is laid out twice: in pile 2 and in pile 3")),
            "{problems:?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| p.starts_with("Pile 2's face-up cards are not a run")),
            "{problems:?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| p.contains("more than the 3 not known (??)")),
            "{problems:?}"
        );
        assert!(editor.invalid_places().contains(&Place::Pile(2)));
        assert!(editor.invalid_places().contains(&Place::Pile(1)));
        // Mended: pile 2 emptied, the rest of the pack unseen in the stock.
        editor.clear();
        editor.go(Place::Stock);
        assert_eq!(editor.fill_stock(), 52 - 6 - 2);
        assert!(editor.problems().is_empty(), "{:?}", editor.problems());
        let start = editor.start(Rules::STANDARD).unwrap();
        assert_eq!(start.in_play().filter(Option::is_none).count(), 3 + 44);
        assert_eq!(start.foundation(Suit::Hearts), 2);
    }

    #[test]
    fn a_face_up_card_turns_down_and_back_and_backspace_takes_the_top() {
        let mut editor = TableEditor::default();
        editor.go(Place::Pile(2));
        typed(&mut editor, "Kd Qc");
        editor.turn(true).unwrap();
        assert_eq!(editor.place_text(Place::Pile(2)), "pile 3: Kd / Qc");
        editor.turn(false).unwrap();
        assert_eq!(editor.place_text(Place::Pile(2)), "pile 3: Kd Qc");
        editor.backspace();
        editor.backspace();
        assert!(editor.turn(true).is_err());
        editor.go(Place::Foundation(Suit::Spades));
        assert!(matches!(editor.type_char('?'), Typed::Rejected(_)));
        typed(&mut editor, "2s");
        editor.backspace();
        assert_eq!(
            editor.foundation_top(Suit::Spades),
            Some("As".parse().unwrap())
        );
    }

    #[test]
    fn a_deal_becomes_its_table_and_back() {
        let deal = Deal::shuffled(6);
        let editor = TableEditor::of_deal(&deal);
        assert!(editor.problems().is_empty());
        assert_eq!(editor.deal(), Some(deal));
    }
}

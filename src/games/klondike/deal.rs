//! A Klondike deal in the project's layout (`KLONDIKE.md`): pile 1 (one card) to pile 7 (seven
//! cards), each from its bottom card to its top card, then the 24 stock cards in the order
//! they are drawn (first drawn first). `??` is a card not seen yet. The text may be one line
//! or several; reading reports every problem at once, naming places as a player finds them
//! on the table ("pile 3, card 2 from the bottom", "stock card 5").

use std::fmt;

use crate::cards::layout::Layout;

use crate::cards::card::{Card, DECK_SIZE};
use crate::cards::deal::{
    DeckProblem, RandomDeals, ReadCards, TextPos, UNKNOWN, not_a_deal, read_cards,
};
use crate::cards::excerpt::counted;

/// Piles in a deal.
pub const PILES: usize = 7;

/// Klondike's layout, as the deal reader asks it.
pub static LAYOUT: Layout = Layout {
    name: "Klondike",
    slot_name,
    drawn,
    takes_unknown: true,
};
/// Cards dealt to the piles: 1 + 2 + .. + 7.
pub const TABLEAU_SIZE: usize = PILES * (PILES + 1) / 2;
/// Cards in the stock.
pub const STOCK_SIZE: usize = DECK_SIZE - TABLEAU_SIZE;

/// The deal-order index of a pile's bottom card (piles counted from 0): pile k holds k + 1
/// cards, so the piles before it hold 0 + 1 + .. + k.
pub const fn pile_start(pile: usize) -> usize {
    pile * (pile + 1) / 2
}

/// Names a place in deal order for people: "pile 3, card 2 from the bottom", "stock card 5".
pub fn slot_name(index: usize) -> String {
    if index < TABLEAU_SIZE {
        let pile = (0..PILES)
            .rev()
            .find(|&pile| pile_start(pile) <= index)
            .unwrap_or(0);
        format!(
            "pile {}, card {} from the bottom",
            pile + 1,
            index - pile_start(pile) + 1
        )
    } else if index < DECK_SIZE {
        format!("stock card {}", index - TABLEAU_SIZE + 1)
    } else {
        format!("card {}, past the 52 of a deal", index + 1)
    }
}

/// A card's place in the deal, and in the text it came from when there was one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// Index in deal order: 0..28 the piles, 28..52 the stock, 52.. past a whole deal.
    pub index: usize,
    pub at: Option<TextPos>,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(at) = self.at {
            write!(f, "{at} ")?;
        }
        write!(f, "({})", slot_name(self.index))
    }
}

/// One thing wrong with a Klondike deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealProblem {
    /// What every game's reader finds: a token that is not a card, no cards, a text that is
    /// not a deal, too many cards, cards missing.
    Deck(DeckProblem),
    /// The same card twice; the places are named in Klondike's words, which the shared
    /// problem cannot do while Klondike is not among the games it knows.
    Duplicate {
        card: Card,
        first: Place,
        second: Place,
    },
    /// A problem only one format's text can have (a JSON shape, a deal code's digits, a
    /// card's face in Solvitaire's JSON), in words, with where it is when that is known.
    Text {
        at: Option<TextPos>,
        message: String,
    },
}

impl DealProblem {
    /// The card a duplicate names, with the indices of its two places in deal order; `None`
    /// for every other problem.
    pub fn twice(&self) -> Option<(Card, usize, usize)> {
        match self {
            DealProblem::Deck(problem) => problem.twice(),
            DealProblem::Duplicate {
                card,
                first,
                second,
            } => Some((*card, first.index, second.index)),
            DealProblem::Text { .. } => None,
        }
    }

    /// Where in the text the problem is, when it came from a text.
    pub fn location(&self) -> Option<TextPos> {
        match self {
            DealProblem::Deck(problem) => problem.location(),
            DealProblem::Duplicate { second, .. } => second.at,
            DealProblem::Text { at, .. } => *at,
        }
    }

    /// The problem in words, without the location prefix.
    pub fn message(&self) -> String {
        match self {
            DealProblem::Deck(problem) => problem.message(),
            DealProblem::Duplicate {
                card,
                first,
                second,
            } => format!("{card} appears twice: at {first} and at {second}"),
            DealProblem::Text { message, .. } => message.clone(),
        }
    }
}

impl fmt::Display for DealProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::cards::deal::write_located(f, self.location(), &self.message())
    }
}

/// All problems of one deal, one per line (at most [`crate::cards::deal::SHOWN_PROBLEMS`] of them listed).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct DealProblems(pub Vec<DealProblem>);

impl DealProblems {
    /// The problems a message lists, and the line to put before them when there are more
    /// than that: "6,785 problems; the first 20:".
    pub fn shown(&self) -> (Option<String>, &[DealProblem]) {
        crate::cards::deal::shown(&self.0)
    }
}

impl fmt::Display for DealProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (heading, shown) = self.shown();
        let lines: Vec<String> = heading
            .into_iter()
            .chain(shown.iter().map(ToString::to_string))
            .collect();
        f.write_str(&lines.join("\n"))
    }
}

/// A whole Klondike deal: 52 slots in deal order, `None` for a card not seen yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deal {
    slots: [Option<Card>; DECK_SIZE],
}

/// The lines of a text that hold cards or words that are not cards, in order: where each
/// starts, how many words it holds, and how many of them are not cards.
fn token_lines(read: &ReadCards) -> Vec<(TextPos, usize, usize)> {
    let mut tokens: Vec<(TextPos, bool)> = read.cards.iter().map(|&(_, at)| (at, true)).collect();
    tokens.extend(
        read.malformed
            .iter()
            .filter_map(DeckProblem::location)
            .map(|at| (at, false)),
    );
    tokens.sort_by_key(|&(at, _)| (at.line, at.column));
    let mut lines: Vec<(TextPos, usize, usize)> = Vec::new();
    for (at, card) in tokens {
        let bad = usize::from(!card);
        match lines.last_mut() {
            Some((first, count, bads)) if first.line == at.line => {
                *count += 1;
                *bads += bad;
            }
            _ => lines.push((at, 1, bad)),
        }
    }
    lines
}

/// A deal written one pile a line, then the stock (eight lines holding words), whose lines do
/// not hold 1 to 7 words and then 24: the cards would be dealt into other piles than the lines
/// show, so each line out of shape is named rather than the deal read anyway. A word that is
/// not a card still takes its place on its line. Seven lines shaped as the piles are a deal
/// whose stock line is missing, said in one problem rather than as 24 cards missing.
fn misshapen_piles(read: &ReadCards) -> Vec<DealProblem> {
    let lines = token_lines(read);
    if lines.len() != PILES + 1 && lines.len() != PILES {
        return Vec::new();
    }
    let mut problems: Vec<DealProblem> = lines
        .iter()
        .enumerate()
        .filter_map(|(index, &(at, count, bad))| {
            let (holds, what) = if index < PILES {
                (index + 1, format!("pile {}", index + 1))
            } else {
                (STOCK_SIZE, "the stock".to_string())
            };
            let words = if bad == 0 {
                counted(count, "card")
            } else {
                let not = if bad == 1 { "not a card" } else { "not cards" };
                format!("{} ({bad} {not})", counted(count, "word"))
            };
            (count != holds).then(|| DealProblem::Text {
                at: Some(at),
                message: format!(
                    "{words} on this line, read as {what}, which holds {holds}: with one pile a \
                     line, pile k holds k cards and the stock line 24 (or write the deal on \
                     fewer lines, and it is dealt in order)"
                ),
            })
        })
        .collect();
    if lines.len() == PILES && problems.is_empty() {
        problems.push(DealProblem::Text {
            at: None,
            message: format!(
                "no stock line: {STOCK_SIZE} cards expected on a line after the piles' {PILES}"
            ),
        });
    }
    problems
}

impl Deal {
    /// Reads a deal from text: cards separated by white space or commas, `#` comments, `10`
    /// for T, either case, `??` for a card not seen yet.
    pub fn parse(text: &str) -> Result<Deal, DealProblems> {
        let read = read_cards(text);
        if let Some(problem) = not_a_deal(&read) {
            return Err(DealProblems(vec![DealProblem::Deck(problem)]));
        }
        let places = places(&read);
        let slots: Vec<Option<Card>> = read.cards.iter().map(|&(card, _)| card).collect();
        let mut problems: Vec<DealProblem> = read
            .malformed
            .iter()
            .cloned()
            .map(DealProblem::Deck)
            .collect();
        // A line with a card too many or too few is named on that line: the places of the
        // cards after it (and so the count, duplicates and missing cards) are read wrongly.
        let shape = misshapen_piles(&read);
        if shape.is_empty() {
            problems.extend(check(&slots, &places, read.cards.len(), first_extra(&read)));
        }
        problems.extend(shape);
        if problems.is_empty() {
            Deal::from_slots(&slots)
        } else {
            Err(DealProblems(problems))
        }
    }

    /// A deal from 52 slots in deal order, `None` for a card not seen yet, checked.
    pub fn from_slots(slots: &[Option<Card>]) -> Result<Deal, DealProblems> {
        let places: Vec<Place> = (0..slots.len())
            .map(|index| Place { index, at: None })
            .collect();
        let problems = check(slots, &places, slots.len(), None);
        if !problems.is_empty() {
            return Err(DealProblems(problems));
        }
        let mut whole = [None; DECK_SIZE];
        whole.copy_from_slice(slots);
        Ok(Deal { slots: whole })
    }

    /// The deal the shared seeded shuffle gives ([`crate::cards::deal::random_deals`]), read in
    /// Klondike's deal order: the same seed gives the same cards in every game.
    pub fn shuffled(seed: u64) -> Deal {
        let deal = RandomDeals::new(seed)
            .next()
            .expect("the random deals never end");
        Deal {
            slots: deal.slots(),
        }
    }

    /// All 52 slots in deal order.
    pub fn slots(&self) -> &[Option<Card>; DECK_SIZE] {
        &self.slots
    }

    /// The card at a slot of the deal order, `None` when it is not known.
    pub fn card(&self, index: usize) -> Option<Card> {
        self.slots.get(index).copied().flatten()
    }

    /// A pile's cards (piles counted from 0, fewer than [`PILES`]), bottom first: the last one
    /// starts face up.
    pub fn pile(&self, pile: usize) -> &[Option<Card>] {
        &self.slots[pile_start(pile)..pile_start(pile + 1)]
    }

    /// The stock, first drawn first.
    pub fn stock(&self) -> &[Option<Card>] {
        &self.slots[TABLEAU_SIZE..]
    }

    /// How many cards are not known.
    pub fn unknown_count(&self) -> usize {
        self.slots.iter().filter(|slot| slot.is_none()).count()
    }

    /// The deal on one line, in deal order.
    pub fn to_line(&self) -> String {
        let texts: Vec<String> = self.slots.iter().map(|&slot| card_text(slot)).collect();
        texts.join(" ")
    }

    /// The deal in a layout people read and the reader takes back: one pile per line, bottom
    /// card first, under a comment, then the stock on one line.
    ///
    /// One pile a line rather than the piles drawn as columns, as they lie on the table:
    /// the reader takes cards line by line, so columns would read across the piles and mean a
    /// different deal, while lines keep the deal order; the seven lines, one card longer each,
    /// still show the deal's staircase.
    pub fn to_layout(&self) -> String {
        let texts: [String; DECK_SIZE] = std::array::from_fn(|index| card_text(self.slots[index]));
        drawn(&texts)
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// A deal in the layout [`Deal::to_layout`] writes, from each slot's text in deal order.
pub fn drawn(slots: &[String; DECK_SIZE]) -> String {
    let mut out = String::from("# Piles 1 to 7, bottom card first; the last card is face up\n");
    for pile in 0..PILES {
        out.push_str(&slots[pile_start(pile)..pile_start(pile + 1)].join(" "));
        out.push('\n');
    }
    out.push_str("# Stock, first drawn first\n");
    out.push_str(&slots[TABLEAU_SIZE..].join(" "));
    out.push('\n');
    out
}

/// A card's text, `??` when it is not known.
pub fn card_text(card: Option<Card>) -> String {
    card.map_or_else(|| UNKNOWN.to_string(), |card| card.to_string())
}

/// Where each card read lies in the deal: a malformed token keeps its place, so the cards
/// after it are named where they lie in the text's deal, not among the cards alone.
fn places(read: &ReadCards) -> Vec<Place> {
    let malformed: Vec<TextPos> = read
        .malformed
        .iter()
        .filter_map(DeckProblem::location)
        .collect();
    let before = |at: TextPos| {
        malformed
            .iter()
            .filter(|m| (m.line, m.column) < (at.line, at.column))
            .count()
    };
    read.cards
        .iter()
        .enumerate()
        .map(|(card, &(_, at))| Place {
            index: card + before(at),
            at: Some(at),
        })
        .collect()
}

/// Where the first token past a whole deal is, malformed ones counted.
fn first_extra(read: &ReadCards) -> Option<TextPos> {
    let mut all: Vec<TextPos> = read.cards.iter().map(|&(_, at)| at).collect();
    all.extend(read.malformed.iter().filter_map(DeckProblem::location));
    all.sort_by_key(|at| (at.line, at.column));
    all.get(DECK_SIZE).copied()
}

/// Duplicates, too many cards (of `cards` read; a word that is not a card is not one), and
/// the cards missing beyond the unknown ones.
pub(super) fn check(
    slots: &[Option<Card>],
    places: &[Place],
    cards: usize,
    first_extra: Option<TextPos>,
) -> Vec<DealProblem> {
    let mut problems = Vec::new();
    let mut first_seen: [Option<Place>; DECK_SIZE] = [None; DECK_SIZE];
    for (&slot, &place) in slots.iter().zip(places) {
        let Some(card) = slot else { continue };
        match first_seen[card.index()] {
            Some(first) => problems.push(DealProblem::Duplicate {
                card,
                first,
                second: place,
            }),
            None => first_seen[card.index()] = Some(place),
        }
    }
    if cards > DECK_SIZE {
        problems.push(DealProblem::Deck(DeckProblem::TooMany {
            count: cards,
            first_extra,
        }));
    }
    let missing: Vec<Card> = Card::all()
        .filter(|card| first_seen[card.index()].is_none())
        .collect();
    let unknown = slots.iter().filter(|slot| slot.is_none()).count();
    if missing.len() > unknown {
        problems.push(DealProblem::Deck(DeckProblem::Missing {
            cards: missing,
            unknown,
        }));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ordered deck in deal order: pile 1 is Ac, pile 7 ends with 2h, the stock starts 3h.
    fn ordered() -> Deal {
        let cards: Vec<Option<Card>> = Card::all().map(Some).collect();
        Deal::from_slots(&cards).unwrap()
    }

    #[test]
    fn places_are_named_as_on_the_table() {
        assert_eq!(slot_name(0), "pile 1, card 1 from the bottom");
        assert_eq!(slot_name(4), "pile 3, card 2 from the bottom");
        assert_eq!(slot_name(27), "pile 7, card 7 from the bottom");
        assert_eq!(slot_name(32), "stock card 5");
        assert_eq!(slot_name(52), "card 53, past the 52 of a deal");
        assert_eq!((pile_start(0), pile_start(6), pile_start(7)), (0, 21, 28));
    }

    #[test]
    fn a_deal_one_pile_a_line_must_have_its_piles_shaped() {
        let layout = ordered().to_layout();
        assert_eq!(Deal::parse(&layout).unwrap(), ordered());
        // The same cards with the first card of pile 2 moved up to pile 1's line.
        let moved = layout.replacen("Ac\n2c", "Ac 2c\n", 1);
        assert_ne!(moved, layout);
        let problems = Deal::parse(&moved).unwrap_err();
        assert_eq!(problems.0.len(), 2, "{problems}");
        assert!(
            problems.to_string().starts_with(
                "2:1: 2 cards on this line, read as pile 1, which holds 1: with one pile a line"
            ),
            "{problems}"
        );
        assert!(
            (problems.to_string()).contains("3:2: 1 card on this line, read as pile 2"),
            "{problems}"
        );
        // A card too many on pile 1's line is named there, not as a 53rd card at the end, nor
        // as a duplicate at a place read wrongly.
        let extra = layout.replacen("Ac\n", "Ac Kd\n", 1);
        let problems = Deal::parse(&extra).unwrap_err();
        assert_eq!(problems.0.len(), 1, "{problems}");
        assert!(
            problems
                .to_string()
                .starts_with("2:1: 2 cards on this line, read as pile 1, which holds 1"),
            "{problems}"
        );
        // A card moved from the stock to pile 3's line: both lines are named.
        let lines: Vec<&str> = layout.lines().collect();
        let card_lines: Vec<usize> = (0..lines.len())
            .filter(|&at| !lines[at].is_empty() && !lines[at].starts_with('#'))
            .collect();
        let (pile3, stock) = (card_lines[2], card_lines[7]);
        let (first, rest) = lines[stock].split_once(' ').expect("a stock of many cards");
        let mut moved: Vec<String> = lines.iter().map(ToString::to_string).collect();
        moved[pile3] = format!("{} {first}", lines[pile3]);
        moved[stock] = rest.to_string();
        let problems = Deal::parse(&moved.join("\n")).unwrap_err();
        let text = problems.to_string();
        assert_eq!(problems.0.len(), 2, "{text}");
        assert!(text.contains("read as pile 3, which holds 3"), "{text}");
        assert!(
            text.contains("23 cards on this line, read as the stock"),
            "{text}"
        );
        // On one line, or on two, the cards are dealt in order.
        let one_line: String = layout
            .lines()
            .filter(|line| !line.starts_with('#'))
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(Deal::parse(&one_line).unwrap(), ordered());
    }

    #[test]
    fn the_layout_reads_back_and_shows_the_piles_and_the_stock() {
        let deal = Deal::shuffled(7);
        let layout = deal.to_layout();
        assert_eq!(Deal::parse(&layout), Ok(deal));
        assert_eq!(Deal::parse(&deal.to_line()), Ok(deal));
        let lines: Vec<&str> = layout.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(lines.len(), 8);
        for (pile, line) in lines.iter().take(PILES).enumerate() {
            assert_eq!(line.split_whitespace().count(), pile + 1);
        }
        assert_eq!(lines[7].split_whitespace().count(), STOCK_SIZE);
        let ordered = ordered();
        assert_eq!(
            ordered.pile(2),
            [Some(card("4c")), Some(card("5c")), Some(card("6c"))]
        );
        assert_eq!(ordered.stock()[0], Some(card("3h")));
    }

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn unknown_cards_stand_for_the_missing_ones() {
        let mut texts: Vec<String> = ordered().slots().iter().map(|&c| card_text(c)).collect();
        texts[5] = UNKNOWN.to_string();
        texts[40] = UNKNOWN.to_string();
        let deal = Deal::parse(&texts.join(" ")).unwrap();
        assert_eq!(deal.unknown_count(), 2);
        assert_eq!(deal.card(5), None);
        assert_eq!(Deal::parse(&deal.to_layout()), Ok(deal));
        // One card short besides the unknown ones.
        texts.pop();
        let problems = Deal::parse(&texts.join(" ")).unwrap_err();
        assert_eq!(
            problems.to_string(),
            "3 cards are not in the deal, 1 more than the 2 unknown: 6c 2s Ks"
        );
    }

    #[test]
    fn every_problem_is_reported_at_once_with_its_place() {
        let mut texts: Vec<String> = ordered().slots().iter().map(|&c| card_text(c)).collect();
        texts[1] = "Xx".to_string();
        texts[4] = texts[3].clone();
        texts[32] = texts[0].clone();
        let problems = Deal::parse(&texts.join(" ")).unwrap_err();
        let shown: Vec<String> = problems.0.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "1:4: 'Xx' is not a card: expected a rank (A 2-9 T J Q K, or 10) followed by a \
                 suit (c d h s), or ?? for a card not seen yet",
                "1:13: 4c appears twice: at 1:10 (pile 3, card 1 from the bottom) and at 1:13 \
                 (pile 3, card 2 from the bottom)",
                "1:97: Ac appears twice: at 1:1 (pile 1, card 1 from the bottom) and at 1:97 \
                 (stock card 5)",
                "3 cards missing: 2c 5c 7h",
            ]
        );
    }

    /// The deal one pile a line and the stock, as the layout writes it.
    fn layout_lines() -> Vec<String> {
        ordered()
            .to_layout()
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn a_bad_card_does_not_hide_a_line_with_a_card_too_many() {
        let mut lines = layout_lines();
        let stock_card = lines[7].split(' ').next().unwrap().to_string();
        lines[1] = format!("{} {stock_card}", lines[1]);
        let mut pile3: Vec<&str> = lines[2].split(' ').collect();
        pile3[1] = "Xx";
        lines[2] = pile3.join(" ");
        let shown: Vec<String> = Deal::parse(&lines.join("\n"))
            .unwrap_err()
            .0
            .iter()
            .map(ToString::to_string)
            .collect();
        assert!(shown[0].contains("'Xx' is not a card"), "{shown:?}");
        assert!(
            shown[1].starts_with("2:1: 3 cards on this line, read as pile 2, which holds 2"),
            "{shown:?}"
        );
        assert_eq!(shown.len(), 2, "{shown:?}");
    }

    #[test]
    fn a_word_that_is_not_a_card_is_not_counted_as_one() {
        let mut lines = layout_lines();
        lines[7] = format!("Zz {}", lines[7]);
        let shown = Deal::parse(&lines.join("\n")).unwrap_err().to_string();
        assert!(!shown.contains("53 cards"), "{shown}");
        assert!(
            shown.contains("8:1: 25 words (1 not a card) on this line, read as the stock"),
            "{shown}"
        );
        let one_line = format!("{} Zz", ordered().to_line());
        let shown = Deal::parse(&one_line).unwrap_err().to_string();
        assert!(shown.contains("'Zz' is not a card"), "{shown}");
        assert!(!shown.contains("53 cards"), "{shown}");
    }

    #[test]
    fn a_deal_without_its_stock_line_says_so_in_one_problem() {
        let lines = layout_lines();
        let shown = Deal::parse(&lines[..7].join("\n")).unwrap_err().to_string();
        assert_eq!(
            shown,
            "no stock line: 24 cards expected on a line after the piles' 7"
        );
    }

    #[test]
    fn too_many_cards_and_not_a_deal() {
        let text = format!("{} Ac", ordered().to_line());
        let problems = Deal::parse(&text).unwrap_err();
        assert!(
            problems
                .to_string()
                .ends_with("53 cards, but a deal has 52; the first extra card is at 1:157"),
            "{problems}"
        );
        assert_eq!(Deal::parse("").unwrap_err().to_string(), "empty: no cards");
        let prose = "Deal the cards and play. ".repeat(20);
        assert!(
            Deal::parse(&prose)
                .unwrap_err()
                .to_string()
                .starts_with("not a deal")
        );
    }
}

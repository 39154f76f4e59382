//! A deal: 52 cards in deal order (28 pyramid cards row by row, then the stock, top first).
//!
//! The reader takes any layout people type, and validation reports every problem at once, with
//! where it is, so that the file reader, the CLI and the live editor share one set of messages.

use std::fmt;

use crate::card::{Card, CardParseError};
use crate::excerpt::excerpt;

/// Cards in a full deal.
pub const DECK_SIZE: usize = 52;
/// Cards in the pyramid, the first of the deal.
pub const PYRAMID_SIZE: usize = 28;
/// Cards in the stock, the last of the deal.
pub const STOCK_SIZE: usize = 24;
/// Rows in the pyramid.
pub const PYRAMID_ROWS: usize = 7;
/// The most problems a message lists; the rest are counted.
pub const SHOWN_PROBLEMS: usize = 20;

/// A place in a text: line and column, both counted from 1 (columns in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextPos {
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for TextPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// A card's place in the deal, and in the text it came from when there was one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    /// Index in deal order: 0..28 pyramid, 28..52 stock, 52.. beyond a full deal.
    pub index: usize,
    pub at: Option<TextPos>,
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(at) = self.at {
            write!(f, "{at} ")?;
        }
        write!(f, "({})", slot_name(self.index))
    }
}

/// Names a slot for people: "pyramid row 3", "stock card 5 from the top", "card 53".
pub fn slot_name(index: usize) -> String {
    if index < PYRAMID_SIZE {
        let row = crate::pyramid::layout::row_of(index);
        format!("pyramid row {}", row + 1)
    } else if index < DECK_SIZE {
        format!("stock card {} from the top", index - PYRAMID_SIZE + 1)
    } else {
        format!("card {}, past the 52 of a deal", index + 1)
    }
}

/// One thing wrong with a deal. Validation returns all of them at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeckProblem {
    /// A piece of text that is not a card (an excerpt of it, safe to show).
    Malformed { text: String, at: TextPos },
    /// No cards at all.
    Empty,
    /// A text that is mostly not cards: `words` of its pieces are not cards and only `cards`
    /// are, the first that is not being `first` (an excerpt) at `at`.
    NotADeal {
        words: usize,
        cards: usize,
        first: String,
        at: TextPos,
    },
    /// The same card twice.
    Duplicate {
        card: Card,
        first: Slot,
        second: Slot,
    },
    /// Cards of the deck that are not in the deal.
    Missing { cards: Vec<Card> },
    /// More than 52 cards.
    TooMany {
        count: usize,
        first_extra: Option<TextPos>,
    },
}

impl DeckProblem {
    /// Where in the text the problem is, when it came from a text: the malformed token, the
    /// second copy of a duplicate, the first card too many.
    pub fn location(&self) -> Option<TextPos> {
        match self {
            DeckProblem::Malformed { at, .. } => Some(*at),
            DeckProblem::Duplicate { second, .. } => second.at,
            DeckProblem::TooMany { first_extra, .. } => *first_extra,
            DeckProblem::Missing { .. } | DeckProblem::Empty | DeckProblem::NotADeal { .. } => None,
        }
    }

    /// The problem in words, without the location prefix.
    pub fn message(&self) -> String {
        match self {
            DeckProblem::Malformed { text, .. } => {
                format!("'{text}' is not a card: {CardParseError}")
            }
            DeckProblem::Empty => "empty: no cards".to_string(),
            DeckProblem::NotADeal {
                words,
                cards,
                first,
                at,
            } => format!(
                "not a deal: {} of its {} words are not cards (the first, '{first}', at {at})",
                thousands(*words),
                thousands(words + cards)
            ),
            DeckProblem::Duplicate {
                card,
                first,
                second,
            } => {
                format!("{card} appears twice: at {first} and at {second}")
            }
            DeckProblem::Missing { cards } => {
                let list: Vec<String> = cards.iter().map(ToString::to_string).collect();
                let s = if cards.len() == 1 { "" } else { "s" };
                format!("{} card{s} missing: {}", cards.len(), list.join(" "))
            }
            DeckProblem::TooMany { count, first_extra } => {
                let extra = first_extra
                    .map(|at| format!("; the first extra card is at {at}"))
                    .unwrap_or_default();
                format!("{count} cards, but a deal has {DECK_SIZE}{extra}")
            }
        }
    }
}

impl fmt::Display for DeckProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.location() {
            Some(at) => write!(f, "{at}: {}", self.message()),
            None => f.write_str(&self.message()),
        }
    }
}

/// All problems of one deal, displayed one per line (at most [`SHOWN_PROBLEMS`] of them).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct DeckProblems(pub Vec<DeckProblem>);

impl DeckProblems {
    /// The problems a message lists, and the line to put before them when there are more
    /// than that: "6,785 problems; the first 20:".
    pub fn shown(&self) -> (Option<String>, &[DeckProblem]) {
        let all = &self.0;
        if all.len() <= SHOWN_PROBLEMS {
            return (None, all);
        }
        let heading = format!(
            "{} problems; the first {SHOWN_PROBLEMS}:",
            thousands(all.len())
        );
        (Some(heading), &all[..SHOWN_PROBLEMS])
    }
}

impl fmt::Display for DeckProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (heading, shown) = self.shown();
        let mut lines = heading
            .into_iter()
            .chain(shown.iter().map(ToString::to_string));
        if let Some(first) = lines.next() {
            f.write_str(&first)?;
        }
        for line in lines {
            write!(f, "\n{line}")?;
        }
        Ok(())
    }
}

/// A count with commas between thousands: "6,785".
pub fn thousands(count: usize) -> String {
    let digits = count.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A complete, valid deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deal {
    cards: [Card; DECK_SIZE],
}

impl Deal {
    /// Reads a deal from text in any layout: cards separated by white space or commas, `#`
    /// comments, `10` for T, either case.
    pub fn parse(text: &str) -> Result<Deal, DeckProblems> {
        let read = read_cards(text);
        if let Some(problem) = not_a_deal(&read) {
            return Err(DeckProblems(vec![problem]));
        }
        let slots: Vec<Option<(Card, TextPos)>> =
            read.cards.iter().map(|&(c, at)| Some((c, at))).collect();
        let mut problems = read.malformed;
        problems.extend(check_slots(&slots, read.cards.len() + problems.len()));
        if problems.is_empty() {
            let cards: Vec<Card> = read.cards.iter().map(|&(c, _)| c).collect();
            Ok(Deal::from_valid(&cards))
        } else {
            Err(DeckProblems(problems))
        }
    }

    /// Builds a deal from 52 cards, checking them.
    pub fn from_cards(cards: &[Card]) -> Result<Deal, DeckProblems> {
        let slots: Vec<Option<Card>> = cards.iter().copied().map(Some).collect();
        let problems = validate_slots(&slots);
        if problems.is_empty() {
            Ok(Deal::from_valid(cards))
        } else {
            Err(DeckProblems(problems))
        }
    }

    fn from_valid(cards: &[Card]) -> Deal {
        let mut all = [Card::all().next().expect("a deck has cards"); DECK_SIZE];
        all.copy_from_slice(cards);
        Deal { cards: all }
    }

    /// All 52 cards in deal order.
    pub fn cards(&self) -> &[Card; DECK_SIZE] {
        &self.cards
    }

    /// The 28 pyramid cards, row by row from the top.
    pub fn pyramid(&self) -> &[Card] {
        &self.cards[..PYRAMID_SIZE]
    }

    /// The 24 stock cards, top first.
    pub fn stock(&self) -> &[Card] {
        &self.cards[PYRAMID_SIZE..]
    }

    /// The deal on one line, as in `random-1500.tsv`.
    pub fn to_line(&self) -> String {
        let texts: Vec<String> = self.cards.iter().map(ToString::to_string).collect();
        texts.join(" ")
    }

    /// The deal in the layout people type: the pyramid drawn row by row, a blank line, the stock.
    pub fn to_layout(&self) -> String {
        layout(&self.cards.map(Some))
    }
}

/// Slots in the layout people type: the pyramid drawn row by row, a blank line, the stock line;
/// `..` stands for an empty slot.
pub fn layout(slots: &[Option<Card>; DECK_SIZE]) -> String {
    let text = |slot: &Option<Card>| slot.map_or_else(|| "..".to_string(), |c| c.to_string());
    let mut out = String::new();
    for row in 0..PYRAMID_ROWS {
        let start = row * (row + 1) / 2;
        out.push_str(&" ".repeat((PYRAMID_ROWS - 1 - row) * 2));
        let cards: Vec<String> = slots[start..=start + row].iter().map(text).collect();
        out.push_str(&cards.join("  "));
        out.push('\n');
    }
    out.push('\n');
    let stock: Vec<String> = slots[PYRAMID_SIZE..].iter().map(text).collect();
    out.push_str(&stock.join(" "));
    out.push('\n');
    out
}

/// `count` random deals from a seed, made the same way everywhere: a `SplitMix64` generator
/// seeded with `seed` gives, deal after deal, a Fisher-Yates shuffle of the 52 cards in the
/// order `Ac 2c .. Kc Ad .. Ks`: for `i` from 51 down to 1, swap card `i` with card
/// `next() % (i + 1)`.
pub fn random_deals(seed: u64, count: usize) -> Vec<Deal> {
    RandomDeals::new(seed).take(count).collect()
}

/// The deals of [`random_deals`], one at a time and without end, so that a long run holds only
/// the deals being solved.
#[derive(Debug, Clone)]
pub struct RandomDeals {
    state: u64,
}

impl RandomDeals {
    /// The deals from a seed.
    pub fn new(seed: u64) -> RandomDeals {
        RandomDeals { state: seed }
    }

    fn next_number(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Iterator for RandomDeals {
    type Item = Deal;

    fn next(&mut self) -> Option<Deal> {
        let mut cards: Vec<Card> = Card::all().collect();
        for i in (1..cards.len()).rev() {
            let j = (self.next_number() % (i as u64 + 1)) as usize;
            cards.swap(i, j);
        }
        Some(Deal::from_valid(&cards))
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// Cards and malformed tokens read from a text, in order.
#[derive(Debug, Clone, Default)]
pub struct ReadCards {
    pub cards: Vec<(Card, TextPos)>,
    pub malformed: Vec<DeckProblem>,
}

/// The one problem to report when a text is empty or plainly not a deal (more words that are
/// not cards than a deal has cards, and more of them than cards, as in a README), rather than
/// each of its words.
fn not_a_deal(read: &ReadCards) -> Option<DeckProblem> {
    let words = read.malformed.len();
    if words == 0 && read.cards.is_empty() {
        return Some(DeckProblem::Empty);
    }
    if words <= DECK_SIZE || words <= read.cards.len() {
        return None;
    }
    let DeckProblem::Malformed { text, at } = read.malformed.first()? else {
        return None;
    };
    Some(DeckProblem::NotADeal {
        words,
        cards: read.cards.len(),
        first: text.clone(),
        at: *at,
    })
}

/// Splits a text into card tokens and reads each one, keeping where it was.
pub fn read_cards(text: &str) -> ReadCards {
    let mut read = ReadCards::default();
    for (line_index, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        let mut token_start: Option<(usize, usize)> = None;
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        for (column, &(byte, c)) in chars.iter().enumerate() {
            let separator = c.is_whitespace() || c == ',';
            match (separator, token_start) {
                (false, None) => token_start = Some((byte, column)),
                (true, Some((start, start_column))) => {
                    push_token(&mut read, &line[start..byte], line_index, start_column);
                    token_start = None;
                }
                _ => {}
            }
        }
        if let Some((start, start_column)) = token_start {
            push_token(&mut read, &line[start..], line_index, start_column);
        }
    }
    read
}

fn push_token(read: &mut ReadCards, text: &str, line_index: usize, column: usize) {
    let at = TextPos {
        line: line_index + 1,
        column: column + 1,
    };
    match text.parse::<Card>() {
        Ok(card) => read.cards.push((card, at)),
        Err(CardParseError) => {
            read.malformed.push(DeckProblem::Malformed {
                text: excerpt(text),
                at,
            });
        }
    }
}

/// Validates a deal that may be partly filled (`None` for an empty slot): duplicates, too many
/// cards, and the cards still missing. An empty list means the deal is complete and valid.
pub fn validate_slots(slots: &[Option<Card>]) -> Vec<DeckProblem> {
    let located: Vec<Option<(Card, TextPos)>> = slots
        .iter()
        .map(|slot| slot.map(|c| (c, TextPos { line: 0, column: 0 })))
        .collect();
    let mut problems = check_slots(&located, slots.iter().flatten().count());
    for problem in &mut problems {
        // Slots typed in the editor have no place in a text.
        if let DeckProblem::Duplicate { first, second, .. } = problem {
            first.at = None;
            second.at = None;
        }
        if let DeckProblem::TooMany { first_extra, .. } = problem {
            *first_extra = None;
        }
    }
    problems
}

/// The shared checks: `count` is how many tokens the deal had (cards and malformed ones).
fn check_slots(slots: &[Option<(Card, TextPos)>], count: usize) -> Vec<DeckProblem> {
    let mut problems = Vec::new();
    let mut first_seen: [Option<Slot>; DECK_SIZE] = [None; DECK_SIZE];
    for (index, slot) in slots.iter().enumerate() {
        let Some((card, at)) = *slot else { continue };
        let here = Slot {
            index,
            at: Some(at),
        };
        match first_seen[card.index()] {
            Some(first) => problems.push(DeckProblem::Duplicate {
                card,
                first,
                second: here,
            }),
            None => first_seen[card.index()] = Some(here),
        }
    }
    if count > DECK_SIZE {
        let first_extra = slots.get(DECK_SIZE).copied().flatten().map(|(_, at)| at);
        problems.push(DeckProblem::TooMany { count, first_extra });
    }
    let missing: Vec<Card> = Card::all()
        .filter(|c| first_seen[c.index()].is_none())
        .collect();
    if !missing.is_empty() {
        problems.push(DeckProblem::Missing { cards: missing });
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    const FORTY: &str = include_str!("../tests/data/winnable-40-steps.txt");

    #[test]
    fn reads_the_drawn_layout_and_writes_it_back() {
        let deal = Deal::parse(FORTY).unwrap();
        assert_eq!(deal.cards()[0].to_string(), "4d");
        assert_eq!(deal.cards()[27].to_string(), "Qh");
        assert_eq!(deal.stock()[0].to_string(), "Ah");
        assert_eq!(Deal::parse(&deal.to_layout()).unwrap(), deal);
        assert_eq!(Deal::parse(&deal.to_line()).unwrap(), deal);
        assert_eq!(deal.to_layout(), FORTY);
    }

    #[test]
    fn commas_comments_and_ten() {
        let deal = Deal::parse(FORTY).unwrap();
        let text = format!(
            "# a comment\n{}",
            deal.to_line().replace(' ', ",").replace("Th", "10h")
        );
        assert_eq!(Deal::parse(&text).unwrap(), deal);
    }

    #[test]
    fn malformed_card_is_located() {
        let problems = Deal::parse(include_str!("../tests/data/bad-malformed-card.txt"))
            .unwrap_err()
            .0;
        assert_eq!(
            problems,
            vec![
                DeckProblem::Malformed {
                    text: "8".into(),
                    at: TextPos {
                        line: 2,
                        column: 15
                    }
                },
                DeckProblem::Missing {
                    cards: vec!["8s".parse().unwrap()]
                },
            ]
        );
    }

    #[test]
    fn missing_cards_are_listed() {
        let problems = Deal::parse(include_str!("../tests/data/bad-missing-cards.txt"))
            .unwrap_err()
            .0;
        let cards = vec!["8s".parse().unwrap(), "Js".parse().unwrap()];
        assert_eq!(problems, vec![DeckProblem::Missing { cards }]);
        assert_eq!(problems[0].to_string(), "2 cards missing: 8s Js");
    }

    #[test]
    fn too_many_cards_name_the_duplicate_and_the_extra() {
        let problems = Deal::parse(include_str!("../tests/data/bad-too-many-cards.txt"))
            .unwrap_err()
            .0;
        assert_eq!(problems.len(), 2);
        assert_eq!(
            problems[0].message(),
            "4d appears twice: at 1:13 (pyramid row 1) and at 9:73 (card 53, past the 52 of a deal)"
        );
        assert_eq!(
            problems[0].location(),
            Some(TextPos {
                line: 9,
                column: 73
            })
        );
        assert_eq!(
            problems[1].to_string(),
            "9:73: 53 cards, but a deal has 52; the first extra card is at 9:73"
        );
    }

    #[test]
    fn partial_deals_validate_live() {
        let deal = Deal::parse(FORTY).unwrap();
        let mut slots: Vec<Option<Card>> = vec![None; DECK_SIZE];
        assert_eq!(validate_slots(&slots).len(), 1, "only the missing list");
        slots[0] = Some(deal.cards()[0]);
        slots[5] = Some(deal.cards()[0]);
        let problems = validate_slots(&slots);
        assert!(matches!(
            problems[0],
            DeckProblem::Duplicate {
                first: Slot { index: 0, at: None },
                second: Slot { index: 5, .. },
                ..
            }
        ));
        let Some(DeckProblem::Missing { cards }) = problems.last() else {
            panic!()
        };
        assert_eq!(cards.len(), 51);
        let full: Vec<Option<Card>> = deal.cards().iter().copied().map(Some).collect();
        assert!(validate_slots(&full).is_empty());
    }

    #[test]
    fn an_empty_text_says_so_rather_than_list_every_card() {
        for text in ["", "\n\n", "# only a comment\n"] {
            let problems = Deal::parse(text).unwrap_err();
            assert_eq!(problems.to_string(), "empty: no cards", "{text:?}");
        }
    }

    #[test]
    fn a_text_that_is_not_a_deal_is_one_problem() {
        let prose = "The quick brown fox jumps over the lazy dog. ".repeat(200);
        let problems = Deal::parse(&prose).unwrap_err();
        assert_eq!(
            problems.to_string(),
            "not a deal: 1,800 of its 1,800 words are not cards (the first, 'The', at 1:1)"
        );
        // A deal written another way is still a deal with every card wrong, and says which.
        let other = Deal::parse(FORTY).unwrap().to_line().replace(' ', "! ");
        let problems = Deal::parse(&other).unwrap_err();
        assert!(matches!(problems.0[0], DeckProblem::Malformed { .. }));
    }

    #[test]
    fn many_problems_are_counted_and_only_the_first_listed() {
        let deal = Deal::parse(FORTY).unwrap();
        let mut text = deal.to_line();
        for _ in 0..40 {
            text.push_str(" 3c");
        }
        let problems = Deal::parse(&text).unwrap_err();
        assert_eq!(problems.0.len(), 41);
        let shown = problems.to_string();
        assert_eq!(shown.lines().count(), 1 + SHOWN_PROBLEMS);
        assert!(shown.starts_with("41 problems; the first 20:\n"), "{shown}");
        assert_eq!(thousands(6785), "6,785");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(999), "999");
    }

    #[test]
    fn a_bad_token_is_shown_short_and_escaped() {
        let deal = Deal::parse(FORTY).unwrap();
        let text = format!("{} \u{1b}]0;X\u{7} {}", deal.to_line(), "y".repeat(5000));
        let shown = Deal::parse(&text).unwrap_err().to_string();
        assert!(
            shown
                .lines()
                .all(|line| !line.chars().any(char::is_control)),
            "{shown}"
        );
        assert!(
            shown.contains("'\\u{1b}]0;X\\u{7}' is not a card"),
            "{shown}"
        );
        assert!(shown.len() < 400, "{shown}");
    }
}

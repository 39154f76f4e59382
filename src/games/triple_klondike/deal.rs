//! A deal in the contest's format (`TRIPLE_KLONDIKE.md`): the cards separated by blanks, rank
//! `A23456789TJQK` then suit `SHDC` (read in either case, `10` for a ten too), first the
//! tableau pile by pile (pile N's one card, then pile O's two, bottom first, each pile's last
//! card its face-up top), then the stock, its last card drawn first. A file holds one deal a
//! line. Reading reports every problem at once, each with its place in the text and in the
//! deal ("pile Q, card 2 from the bottom", "stock card 5 to be drawn").
//!
//! A deal of whole packs is what the contest deals; tests also lay out reduced decks (fewer
//! cards, each at most as often as the packs hold it), which [`Deal::from_cards`] takes.

use std::fmt;

use super::rules::{Rules, tableau_size};
use crate::cards::card::{Card, DECK_SIZE, Rank, Suit};
use crate::cards::excerpt::{counted, excerpt};

/// The most problems a message lists; the rest are counted.
pub const SHOWN_PROBLEMS: usize = 20;

/// A place in a text: line and column, both from 1 (columns in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextAt {
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for TextAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// The letter of a pile (from 0): `N` to `Z`.
pub fn pile_letter(pile: usize) -> char {
    char::from(b'N' + pile as u8)
}

/// Names a place in deal order (from 0) for people: "pile Q, card 2 from the bottom", "stock
/// card 5 to be drawn" (the deal's last card is the first drawn).
pub fn slot_name(index: usize, deal_size: usize, piles: u8) -> String {
    let tableau = tableau_size(piles);
    if index < tableau {
        let pile = (0..usize::from(piles))
            .rev()
            .find(|&pile| pile * (pile + 1) / 2 <= index)
            .unwrap_or(0);
        let from_bottom = index - pile * (pile + 1) / 2 + 1;
        format!(
            "pile {}, card {from_bottom} from the bottom",
            pile_letter(pile)
        )
    } else if index < deal_size {
        format!("stock card {} to be drawn", deal_size - index)
    } else {
        format!("card {}, past the {deal_size} of a deal", index + 1)
    }
}

/// A card in the contest's spelling: `TS`, `4D`.
pub fn card_text(card: Card) -> String {
    format!(
        "{}{}",
        card.rank().letter(),
        card.suit().letter().to_ascii_uppercase()
    )
}

/// One thing wrong with a deal's text or cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealProblem {
    /// A word that is not a card (an excerpt of it, safe to show).
    Malformed { text: String, at: TextAt },
    /// No cards at all.
    Empty,
    /// A card more times than the packs hold it: the copy too many and its place.
    TooManyCopies {
        card: Card,
        packs: u8,
        slot: String,
        at: Option<TextAt>,
    },
    /// A whole deal's count of cards is not the packs'.
    WrongCount { found: usize, expected: usize },
    /// Fewer cards than the piles take.
    TooFew { found: usize, tableau: usize },
    /// Cards a whole deal lacks, each as many times as it lacks it.
    Missing { cards: Vec<Card> },
}

impl DealProblem {
    /// Where in the text the problem is, when it came from a text.
    pub fn location(&self) -> Option<TextAt> {
        match self {
            DealProblem::Malformed { at, .. } => Some(*at),
            DealProblem::TooManyCopies { at, .. } => *at,
            DealProblem::Empty
            | DealProblem::WrongCount { .. }
            | DealProblem::TooFew { .. }
            | DealProblem::Missing { .. } => None,
        }
    }

    /// The problem in words, without the location.
    pub fn message(&self) -> String {
        match self {
            DealProblem::Malformed { text, .. } => {
                format!("'{text}' is not a card: a rank (A 2-9 T J Q K) then a suit (S H D C)")
            }
            DealProblem::Empty => "empty: no cards".to_string(),
            DealProblem::TooManyCopies {
                card, packs, slot, ..
            } => {
                let held = if *packs == 1 {
                    "1 pack holds it once".to_string()
                } else {
                    format!("{packs} packs hold it {packs} times")
                };
                format!("{} once too often, at {slot}: {held}", card_text(*card))
            }
            DealProblem::WrongCount { found, expected } => {
                // One pack's worth under the contest's rules is most likely a deal of
                // Klondike's size meant for one pack and seven piles.
                let one_pack = if *found == DECK_SIZE && *expected != DECK_SIZE {
                    "; a deal of one pack is read with --packs 1 --piles 7"
                } else {
                    ""
                };
                format!(
                    "{}: a deal of these packs has {expected}{one_pack}",
                    counted(*found, "card")
                )
            }
            DealProblem::TooFew { found, tableau } => {
                format!(
                    "{}: the piles alone take {tableau}",
                    counted(*found, "card")
                )
            }
            DealProblem::Missing { cards } => {
                let texts: Vec<String> = cards.iter().map(|&card| card_text(card)).collect();
                format!("missing: {}", texts.join(" "))
            }
        }
    }
}

impl fmt::Display for DealProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::cards::deal::write_located(f, self.location(), &self.message())
    }
}

/// Every problem of a deal, one a line (the first [`SHOWN_PROBLEMS`] of them, and how many
/// there are when there are more).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct DealProblems(pub Vec<DealProblem>);

impl fmt::Display for DealProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut lines = Vec::new();
        if self.0.len() > SHOWN_PROBLEMS {
            lines.push(format!(
                "{} problems; the first {SHOWN_PROBLEMS}:",
                self.0.len()
            ));
        }
        lines.extend(self.0.iter().take(SHOWN_PROBLEMS).map(ToString::to_string));
        f.write_str(&lines.join("\n"))
    }
}

/// A deal: its cards in the contest's order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Deal {
    cards: Vec<Card>,
}

impl Deal {
    /// Reads a whole deal (all of the rules' packs) from text: every problem at once.
    pub fn read(text: &str, rules: Rules) -> Result<Deal, DealProblems> {
        Deal::read_from_line(text, 1, rules)
    }

    /// Reads a whole deal whose text starts at line `first_line` of a file, for the places
    /// problems name.
    pub fn read_from_line(
        text: &str,
        first_line: usize,
        rules: Rules,
    ) -> Result<Deal, DealProblems> {
        let (cards, mut problems) = read_words(text, first_line);
        if cards.is_empty() && problems.is_empty() {
            return Err(DealProblems(vec![DealProblem::Empty]));
        }
        let expected = rules.deck_size();
        problems.extend(copies_problems(&cards, rules));
        if cards.len() != expected {
            problems.push(DealProblem::WrongCount {
                found: cards.len(),
                expected,
            });
        }
        let missing = missing_cards(cards.iter().map(|&(card, _)| card), rules.packs);
        if !missing.is_empty() {
            problems.push(DealProblem::Missing { cards: missing });
        }
        if problems.is_empty() {
            Ok(Deal {
                cards: cards.into_iter().map(|(card, _)| card).collect(),
            })
        } else {
            Err(DealProblems(problems))
        }
    }

    /// A deal of any cards, in the contest's order (a reduced deck for tests): each card at
    /// most as often as the packs hold it, and at least the cards the piles take.
    pub fn from_cards(cards: Vec<Card>, rules: Rules) -> Result<Deal, DealProblems> {
        let placed: Vec<(Card, Option<TextAt>)> = cards.iter().map(|&card| (card, None)).collect();
        let mut problems = copies_problems(&placed, rules);
        let tableau = tableau_size(rules.piles);
        if cards.len() < tableau {
            problems.push(DealProblem::TooFew {
                found: cards.len(),
                tableau,
            });
        }
        if problems.is_empty() {
            Ok(Deal { cards })
        } else {
            Err(DealProblems(problems))
        }
    }

    /// A shuffled deal of the rules' packs from a seed: a `SplitMix64` generator gives a
    /// Fisher-Yates shuffle of the packs one after another (`Ac 2c .. Ks`, then again).
    pub fn shuffled(seed: u64, rules: Rules) -> Deal {
        let mut cards: Vec<Card> = (0..rules.packs).flat_map(|_| Card::all()).collect();
        let mut state = seed;
        for i in (1..cards.len()).rev() {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            cards.swap(i, (z % (i as u64 + 1)) as usize);
        }
        Deal { cards }
    }

    /// The cards in the contest's order.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// A pile's cards (pile from 0), bottom first, under `piles` piles.
    pub fn pile(&self, pile: usize) -> &[Card] {
        let start = pile * (pile + 1) / 2;
        &self.cards[start..=start + pile]
    }

    /// The stock under `piles` piles, in the deal's order: its last card is drawn first.
    pub fn stock(&self, piles: u8) -> &[Card] {
        &self.cards[tableau_size(piles).min(self.cards.len())..]
    }

    /// The deal in the contest's format: the cards separated by blanks, on one line.
    pub fn to_text(&self) -> String {
        let texts: Vec<String> = self.cards.iter().map(|&card| card_text(card)).collect();
        texts.join(" ")
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// The deals of a file, one a line (blank lines skipped): each with its line number, and the
/// deal or its problems (placed on that line).
pub fn read_deals(text: &str, rules: Rules) -> Vec<(usize, Result<Deal, DealProblems>)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| (index + 1, Deal::read_from_line(line, index + 1, rules)))
        .collect()
}

/// The cards of a text and the words that are not cards, each with its place.
fn read_words(text: &str, first_line: usize) -> (Vec<(Card, Option<TextAt>)>, Vec<DealProblem>) {
    let mut cards = Vec::new();
    let mut problems = Vec::new();
    for (line_index, line) in text.lines().enumerate() {
        let mut start: Option<(usize, usize)> = None;
        let mut chars = line.char_indices().enumerate().peekable();
        while let Some((column, (byte, c))) = chars.next() {
            if !c.is_whitespace() && start.is_none() {
                start = Some((byte, column));
            }
            let ends = chars
                .peek()
                .is_none_or(|(_, (_, next))| next.is_whitespace());
            if let (true, Some((from, from_column))) = (ends && !c.is_whitespace(), start) {
                let word = &line[from..byte + c.len_utf8()];
                let at = TextAt {
                    line: first_line + line_index,
                    column: from_column + 1,
                };
                match word.parse::<Card>() {
                    Ok(card) => cards.push((card, Some(at))),
                    Err(_) => problems.push(DealProblem::Malformed {
                        text: excerpt(word),
                        at,
                    }),
                }
                start = None;
            }
        }
    }
    (cards, problems)
}

/// A copy of a card past the packs' count, for each one, with its place.
fn copies_problems(cards: &[(Card, Option<TextAt>)], rules: Rules) -> Vec<DealProblem> {
    let mut seen = [0u8; 52];
    let mut problems = Vec::new();
    for (index, &(card, at)) in cards.iter().enumerate() {
        seen[card.index()] += 1;
        if seen[card.index()] > rules.packs {
            problems.push(DealProblem::TooManyCopies {
                card,
                packs: rules.packs,
                slot: slot_name(index, cards.len(), rules.piles),
                at,
            });
        }
    }
    problems
}

/// The cards fewer times than `packs`, each once per copy lacking, in the order `Ac .. Ks`.
fn missing_cards(cards: impl Iterator<Item = Card>, packs: u8) -> Vec<Card> {
    let mut seen = [0u8; 52];
    for card in cards {
        seen[card.index()] += 1;
    }
    Suit::ALL
        .into_iter()
        .flat_map(|suit| Rank::all().map(move |rank| Card::new(rank, suit)))
        .flat_map(|card| {
            let lacking = packs.saturating_sub(seen[card.index()]);
            std::iter::repeat_n(card, usize::from(lacking))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::triple_klondike::fixtures::{contest_deals, small_rules};

    #[test]
    fn places_are_named_as_on_the_table() {
        assert_eq!(slot_name(0, 156, 13), "pile N, card 1 from the bottom");
        assert_eq!(slot_name(2, 156, 13), "pile O, card 2 from the bottom");
        assert_eq!(slot_name(90, 156, 13), "pile Z, card 13 from the bottom");
        assert_eq!(slot_name(155, 156, 13), "stock card 1 to be drawn");
        assert_eq!(slot_name(91, 156, 13), "stock card 65 to be drawn");
        assert_eq!(slot_name(156, 156, 13), "card 157, past the 156 of a deal");
    }

    #[test]
    fn a_shuffled_deal_round_trips_through_its_text() {
        for seed in 0..20 {
            let rules = Rules::default();
            let deal = Deal::shuffled(seed, rules);
            assert_eq!(deal.cards().len(), 156);
            let text = deal.to_text();
            assert_eq!(Deal::read(&text, rules), Ok(deal.clone()));
            let lower = text.to_lowercase().replace(' ', "\n\t ");
            assert_eq!(Deal::read(&lower, rules), Ok(deal));
        }
    }

    #[test]
    fn the_contest_deals_round_trip_and_deal_12_lies_as_described() {
        let Some(text) = contest_deals() else {
            return;
        };
        let rules = Rules::default();
        let deals = read_deals(&text, rules);
        assert_eq!(deals.len(), 100);
        for (number, (line, deal)) in deals.iter().enumerate() {
            assert_eq!(*line, number + 1);
            let deal = deal.as_ref().expect("a valid deal");
            let written = deal.to_text();
            assert_eq!(written, text.lines().nth(number).unwrap().trim());
            assert_eq!(Deal::read(&written, rules).as_ref(), Ok(deal));
        }
        let twelve = deals[11].1.as_ref().unwrap();
        let tops: Vec<String> = (0..13)
            .map(|pile| card_text(*twelve.pile(pile).last().unwrap()))
            .collect();
        assert_eq!(tops.join(" "), "4D AD 3H AC 5H 6S AH 5D 3C AS 4C KH QC");
        let draws: Vec<String> = twelve
            .stock(13)
            .iter()
            .rev()
            .take(4)
            .map(|&c| card_text(c))
            .collect();
        assert_eq!(draws.join(" "), "5C TH 2C KD");
    }

    #[test]
    fn every_problem_is_named_with_its_place() {
        let rules = small_rules(4);
        let mut words: Vec<String> = Deal::shuffled(3, Rules { packs: 1, ..rules })
            .cards()
            .iter()
            .map(|&card| card_text(card))
            .collect();
        let lost = words[1].clone();
        words[1] = words[0].clone();
        words[5] = "XX".to_string();
        words.push("\u{1b}[2J".to_string());
        let text = words.join(" ");
        let problems = Deal::read(&text, rules).unwrap_err();
        let lines: Vec<String> = problems.0.iter().map(ToString::to_string).collect();
        assert_eq!(
            lines,
            [
                "1:16: 'XX' is not a card: a rank (A 2-9 T J Q K) then a suit (S H D C)"
                    .to_string(),
                "1:157: '\\u{1b}[2J' is not a card: a rank (A 2-9 T J Q K) then a suit (S H D C)"
                    .to_string(),
                format!(
                    "1:4: {} once too often, at pile O, card 1 from the bottom: 1 pack holds it \
                     once",
                    words[0]
                ),
                "51 cards: a deal of these packs has 52".to_string(),
                lines[4].clone(),
            ]
        );
        assert!(lines[4].starts_with("missing: "), "{}", lines[4]);
        assert!(lines[4].contains(&lost), "{}", lines[4]);
        assert_eq!(lines[4].split(' ').count(), 3, "{}", lines[4]);
        assert_eq!(
            Deal::read("  \n ", rules).unwrap_err().to_string(),
            "empty: no cards"
        );
        assert_eq!(
            Deal::read("AS 2S", Rules::default()).unwrap_err().0[0].to_string(),
            "2 cards: a deal of these packs has 156"
        );
        // One pack's worth of cards under the contest's rules points to the flags for it.
        let one_pack = Deal::shuffled(
            5,
            Rules {
                packs: 1,
                ..small_rules(7)
            },
        );
        let text: Vec<String> = one_pack
            .cards()
            .iter()
            .map(|&card| card_text(card))
            .collect();
        assert_eq!(
            Deal::read(&text.join(" "), Rules::default()).unwrap_err().0[0].to_string(),
            "52 cards: a deal of these packs has 156; a deal of one pack is read with --packs 1 \
             --piles 7"
        );
    }

    #[test]
    fn a_reduced_deck_keeps_each_card_within_the_packs() {
        let rules = small_rules(3);
        let card = |text: &str| text.parse::<Card>().unwrap();
        let ok = Deal::from_cards(
            ["As", "2s", "3h", "Ah", "Kd", "Qc", "2h"]
                .map(card)
                .to_vec(),
            rules,
        );
        assert!(ok.is_ok());
        let twice = Deal::from_cards(
            ["As", "2s", "As", "Ah", "Kd", "Qc"].map(card).to_vec(),
            rules,
        )
        .unwrap_err();
        assert_eq!(
            twice.to_string(),
            "AS once too often, at pile O, card 2 from the bottom: 1 pack holds it once"
        );
        let few = Deal::from_cards(["As", "2s"].map(card).to_vec(), rules).unwrap_err();
        assert_eq!(few.to_string(), "2 cards: the piles alone take 6");
    }
}

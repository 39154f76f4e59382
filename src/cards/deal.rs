//! A deal: 52 cards in deal order, each game laying them out its own way (for Pyramid, 28
//! pyramid cards row by row, then the stock, top first), some of them perhaps unknown (`??`):
//! cards the player has not seen yet.
//!
//! The reader takes any layout people type, and validation reports every problem at once, with
//! where it is, so that the file reader, the CLI and the live editor share one set of messages.

use std::fmt;

pub use crate::cards::card::DECK_SIZE;
use crate::cards::card::{Card, CardParseError};
use crate::cards::excerpt::{counted, excerpt, thousands};
use crate::cards::layout::Layout;

/// How an unknown card is written: a card the player has not seen yet.
pub const UNKNOWN: &str = "??";

/// What one slot of a draft holds, in any game: nothing typed yet, a card typed as not seen yet
/// (`??`), or a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DraftSlot {
    #[default]
    Empty,
    Unknown,
    Card(Card),
}

impl DraftSlot {
    /// Its text in a draft: `..`, `??` or the card.
    pub fn text(self) -> String {
        match self {
            DraftSlot::Empty => EMPTY_SLOT.to_string(),
            DraftSlot::Unknown => UNKNOWN.to_string(),
            DraftSlot::Card(card) => card.to_string(),
        }
    }

    /// Reads a slot's text; `None` when it is neither `..`, `??` nor a card.
    pub fn read(token: &str) -> Option<DraftSlot> {
        match token {
            EMPTY_SLOT => Some(DraftSlot::Empty),
            UNKNOWN => Some(DraftSlot::Unknown),
            _ => token.parse().ok().map(DraftSlot::Card),
        }
    }
}

/// How a draft writes a slot not typed yet.
const EMPTY_SLOT: &str = "..";

/// A draft's 52 slots read from its text (`#` lines and comments skipped), in deal order;
/// `None` unless every word is a slot and there are exactly 52.
pub fn read_draft_slots(text: &str) -> Option<[DraftSlot; DECK_SIZE]> {
    let mut slots = [DraftSlot::Empty; DECK_SIZE];
    let mut count = 0;
    for token in text
        .lines()
        .map(|line| line.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
    {
        *slots.get_mut(count)? = DraftSlot::read(token)?;
        count += 1;
    }
    (count == DECK_SIZE).then_some(slots)
}

/// A draft's slots from an editor's: its cards, and bit `i` of `unknown` set where slot `i`
/// holds a card not known.
pub fn draft_slots(cards: &[Option<Card>; DECK_SIZE], unknown: u64) -> [DraftSlot; DECK_SIZE] {
    std::array::from_fn(|slot| match cards[slot] {
        Some(card) => DraftSlot::Card(card),
        None if unknown & (1 << slot) != 0 => DraftSlot::Unknown,
        None => DraftSlot::Empty,
    })
}

/// An editor's cards and its bits of cards not known, from a draft's slots: the other way
/// of [`draft_slots`].
pub fn typed_slots(slots: &[DraftSlot; DECK_SIZE]) -> ([Option<Card>; DECK_SIZE], u64) {
    let mut cards = [None; DECK_SIZE];
    let mut unknown = 0u64;
    for (slot, typed) in slots.iter().enumerate() {
        match typed {
            DraftSlot::Card(card) => cards[slot] = Some(*card),
            DraftSlot::Unknown => unknown |= 1 << slot,
            DraftSlot::Empty => {}
        }
    }
    (cards, unknown)
}

/// How many of a draft's slots are typed, `??` included.
pub fn typed_count(slots: &[DraftSlot]) -> usize {
    slots
        .iter()
        .filter(|&&slot| slot != DraftSlot::Empty)
        .count()
}

/// The cards of a draft's slots, `None` for a card not known; `None` in all while a slot is
/// not typed yet.
pub fn draft_cards(slots: &[DraftSlot]) -> Option<Vec<Option<Card>>> {
    slots
        .iter()
        .map(|&slot| match slot {
            DraftSlot::Empty => None,
            DraftSlot::Unknown => Some(None),
            DraftSlot::Card(card) => Some(Some(card)),
        })
        .collect()
}

/// The most problems a message lists; the rest are counted.
pub const SHOWN_PROBLEMS: usize = 20;

/// The problems to list, at most [`SHOWN_PROBLEMS`], with a heading that counts them all when
/// some are left out.
pub fn shown<T>(all: &[T]) -> (Option<String>, &[T]) {
    if all.len() <= SHOWN_PROBLEMS {
        return (None, all);
    }
    let heading = format!(
        "{} problems; the first {SHOWN_PROBLEMS}:",
        thousands(all.len())
    );
    (Some(heading), &all[..SHOWN_PROBLEMS])
}

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
    /// Index in deal order (for Pyramid: 0..28 pyramid, 28..52 stock), 52.. beyond a full deal.
    pub index: usize,
    pub at: Option<TextPos>,
    /// The game whose layout names the place.
    pub game: &'static Layout,
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(at) = self.at {
            write!(f, "{at} ")?;
        }
        write!(f, "({})", self.game.slot_name(self.index))
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
    /// Too few cards: the cards of the deck that are not in the deal, of which `unknown` may
    /// be the deal's unknown cards.
    Missing { cards: Vec<Card>, unknown: usize },
    /// An unknown card (`??`) in a game whose solvers do not take them.
    UnknownRefused {
        game: &'static Layout,
        at: Option<TextPos>,
    },
    /// A card revealed at a place that does not hold an unknown card.
    NotUnknown { slot: Slot },
    /// More than 52 cards.
    TooMany {
        count: usize,
        first_extra: Option<TextPos>,
    },
}

/// The cards a deal or a position lacks, `unknown` of them stood for by cards not known:
/// the count said is the list's, so the list is never read as the missing ones alone. `absent`
/// says where they are not, `unknown_word` what the cards not known are called.
pub fn missing_text(cards: &[Card], unknown: usize, absent: &str, unknown_word: &str) -> String {
    let list: Vec<String> = cards.iter().map(ToString::to_string).collect();
    let list = list.join(" ");
    if unknown == 0 {
        return format!("{} missing: {list}", counted(cards.len(), "card"));
    }
    let more = cards.len().saturating_sub(unknown);
    format!(
        "{} cards are {absent}, {more} more than the {unknown} {unknown_word}: {list}",
        cards.len()
    )
}

impl DeckProblem {
    /// The card a duplicate names, with the indices of its two places in deal order; `None`
    /// for every other problem.
    pub fn twice(&self) -> Option<(Card, usize, usize)> {
        match self {
            DeckProblem::Duplicate {
                card,
                first,
                second,
            } => Some((*card, first.index, second.index)),
            _ => None,
        }
    }

    /// Where in the text the problem is, when it came from a text: the malformed token, the
    /// second copy of a duplicate, the first card too many.
    pub fn location(&self) -> Option<TextPos> {
        match self {
            DeckProblem::Malformed { at, .. } => Some(*at),
            DeckProblem::UnknownRefused { at, .. } => *at,
            DeckProblem::Duplicate { second, .. } => second.at,
            DeckProblem::TooMany { first_extra, .. } => *first_extra,
            DeckProblem::Missing { .. }
            | DeckProblem::Empty
            | DeckProblem::NotADeal { .. }
            | DeckProblem::NotUnknown { .. } => None,
        }
    }

    /// The problem in words, without the location prefix.
    pub fn message(&self) -> String {
        match self {
            DeckProblem::Malformed { text, .. } => {
                format!(
                    "'{text}' is not a card: {CardParseError}, or {UNKNOWN} for a card not seen yet"
                )
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
            DeckProblem::Missing { cards, unknown } => {
                missing_text(cards, *unknown, "not in the deal", "unknown")
            }
            DeckProblem::UnknownRefused { game, .. } => {
                format!("'{UNKNOWN}' (an unknown card) is not taken in {game} deals")
            }
            DeckProblem::NotUnknown { slot } => {
                format!("{slot} does not hold an unknown card")
            }
            DeckProblem::TooMany { count, first_extra } => {
                let extra = first_extra
                    .map(|at| format!("; the first extra card is at {at}"))
                    .unwrap_or_default();
                format!(
                    "{}, but a deal has {DECK_SIZE}{extra}",
                    counted(*count, "card")
                )
            }
        }
    }
}

impl fmt::Display for DeckProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_located(f, self.location(), &self.message())
    }
}

/// Writes a problem after its place in the text, when it has one: "line 3, word 2: ...".
pub fn write_located(
    f: &mut fmt::Formatter<'_>,
    at: Option<impl fmt::Display>,
    problem: &dyn fmt::Display,
) -> fmt::Result {
    match at {
        Some(at) => write!(f, "{at}: {problem}"),
        None => write!(f, "{problem}"),
    }
}

/// All problems of one deal, displayed one per line (at most [`SHOWN_PROBLEMS`] of them).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct DeckProblems(pub Vec<DeckProblem>);

impl DeckProblems {
    /// The problems a message lists, and the line to put before them when there are more
    /// than that: "6,785 problems; the first 20:".
    pub fn shown(&self) -> (Option<String>, &[DeckProblem]) {
        shown(&self.0)
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

/// A complete, valid deal: every card of the deck in deal order, some perhaps unknown.
///
/// An unknown card's slot holds one of the cards the deal is missing, in deck order, so that
/// [`Deal::cards`] is always a whole deck; the solvers and referees must read
/// [`Deal::unknown`] and never use those cards' ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deal {
    cards: [Card; DECK_SIZE],
    unknown: u64,
}

impl Deal {
    /// Reads a deal of `game` from text in any layout: cards separated by white space or
    /// commas, `#` comments, `10` for T, either case, `??` for an unknown card. Problems name
    /// places in `game`'s words.
    pub fn parse_as(text: &str, game: impl Into<&'static Layout>) -> Result<Deal, DeckProblems> {
        let game = game.into();
        let read = read_cards(text);
        if let Some(problem) = not_a_deal(&read) {
            return Err(DeckProblems(vec![problem]));
        }
        let slots: Vec<Option<Card>> = read.cards.iter().map(|&(c, _)| c).collect();
        let at: Vec<TextPos> = read.cards.iter().map(|&(_, at)| at).collect();
        let places = Places::of(&read);
        let mut problems = read.malformed;
        if !game.takes_unknown {
            problems.extend(
                read.cards
                    .iter()
                    .filter(|(card, _)| card.is_none())
                    .map(|&(_, at)| DeckProblem::UnknownRefused { game, at: Some(at) }),
            );
        }
        problems.extend(check_slots(
            &slots,
            Some((&at, &places)),
            read.cards.len() + problems.len(),
            game,
        ));
        if problems.is_empty() {
            Ok(Deal::from_valid(&slots))
        } else {
            Err(DeckProblems(problems))
        }
    }

    /// Builds a deal from 52 slots, `None` for an unknown card, checking them.
    pub fn from_slots(
        slots: &[Option<Card>],
        game: impl Into<&'static Layout>,
    ) -> Result<Deal, DeckProblems> {
        let game = game.into();
        let mut problems = Vec::new();
        if !game.takes_unknown && slots.contains(&None) {
            problems.push(DeckProblem::UnknownRefused { game, at: None });
        }
        problems.extend(check_slots(slots, None, slots.len(), game));
        if problems.is_empty() {
            Ok(Deal::from_valid(slots))
        } else {
            Err(DeckProblems(problems))
        }
    }

    /// A deal from 52 checked slots: each unknown one takes the next card missing.
    fn from_valid(slots: &[Option<Card>]) -> Deal {
        let mut present = [false; DECK_SIZE];
        for card in slots.iter().flatten() {
            present[card.index()] = true;
        }
        let mut missing = Card::all().filter(|card| !present[card.index()]);
        let mut cards = [Card::all().next().expect("a deck has cards"); DECK_SIZE];
        let mut unknown = 0u64;
        for (index, slot) in slots.iter().enumerate() {
            cards[index] = if let Some(card) = slot {
                *card
            } else {
                unknown |= 1 << index;
                missing.next().expect("as many cards missing as unknown")
            };
        }
        Deal { cards, unknown }
    }

    /// All 52 cards in deal order. An unknown card's slot holds a stand-in (see [`Deal`]):
    /// read [`Deal::slots`] or [`Deal::unknown`] where that matters.
    pub fn cards(&self) -> &[Card; DECK_SIZE] {
        &self.cards
    }

    /// All 52 slots in deal order, `None` for an unknown card.
    pub fn slots(&self) -> [Option<Card>; DECK_SIZE] {
        std::array::from_fn(|index| self.card(index))
    }

    /// The card at a slot of the deal order, `None` when it is unknown.
    pub fn card(&self, index: usize) -> Option<Card> {
        (self.unknown & (1 << index) == 0).then(|| self.cards[index])
    }

    /// The unknown cards' slots, as a bit mask over deal order.
    pub fn unknown(&self) -> u64 {
        self.unknown
    }

    /// Whether any card is unknown.
    pub fn has_unknown(&self) -> bool {
        self.unknown != 0
    }

    /// The deal with the unknown card at `index` known to be `card`: the card the player saw
    /// when it turned face up. Refused when the slot is not unknown or the card is already in
    /// the deal; problems name places in `game`'s words.
    pub fn reveal(
        &self,
        index: usize,
        card: Card,
        game: impl Into<&'static Layout>,
    ) -> Result<Deal, DeckProblems> {
        let game = game.into();
        let mut slots = self.slots();
        if slots.get(index).is_none_or(Option::is_some) {
            let slot = Slot {
                index,
                at: None,
                game,
            };
            return Err(DeckProblems(vec![DeckProblem::NotUnknown { slot }]));
        }
        slots[index] = Some(card);
        Deal::from_slots(&slots, game)
    }

    /// The deal on one line, as in `random-1500.tsv`; `??` for an unknown card.
    pub fn to_line(&self) -> String {
        let texts: Vec<String> = self.texts().to_vec();
        texts.join(" ")
    }

    /// Each slot's text: the card, or `??` when it is unknown.
    pub fn texts(&self) -> [String; DECK_SIZE] {
        self.slots()
            .map(|slot| slot.map_or_else(|| UNKNOWN.to_string(), |card| card.to_string()))
    }

    /// The deal in the layout people type for `game`: for Pyramid, the pyramid drawn row by
    /// row, a blank line, the stock.
    pub fn to_layout(&self, game: impl Into<&'static Layout>) -> String {
        game.into().drawn(&self.texts())
    }
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
    /// What each number adds to the generator's state (`SplitMix64`'s step).
    const STEP: u64 = 0x9E37_79B9_7F4A_7C15;
    /// The numbers a deal takes: one a swap, for cards 51 down to 1.
    const NUMBERS_PER_DEAL: u64 = DECK_SIZE as u64 - 1;

    /// The deals from a seed.
    pub fn new(seed: u64) -> RandomDeals {
        RandomDeals { state: seed }
    }

    fn next_number(&mut self) -> u64 {
        self.state = self.state.wrapping_add(Self::STEP);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Iterator for RandomDeals {
    type Item = Deal;

    fn next(&mut self) -> Option<Deal> {
        let mut cards: Vec<Option<Card>> = Card::all().map(Some).collect();
        for i in (1..cards.len()).rev() {
            let j = (self.next_number() % (i as u64 + 1)) as usize;
            cards.swap(i, j);
        }
        Some(Deal::from_valid(&cards))
    }

    /// The deal `n` places on, the deals between skipped without being made: the state only
    /// ever grows by a fixed step, a fixed number of times a deal, so skipping is one
    /// multiplication (and a shard of a long run starts at once).
    fn nth(&mut self, n: usize) -> Option<Deal> {
        let numbers = (n as u64).wrapping_mul(Self::NUMBERS_PER_DEAL);
        self.state = self.state.wrapping_add(numbers.wrapping_mul(Self::STEP));
        self.next()
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// Cards and malformed tokens read from a text, in order; `None` for `??`, an unknown card.
#[derive(Debug, Clone, Default)]
pub struct ReadCards {
    pub cards: Vec<(Option<Card>, TextPos)>,
    pub malformed: Vec<DeckProblem>,
}

/// The one problem to report when a text is empty or plainly not a deal (more words that are
/// not cards than a deal has cards, and more of them than cards, as in a README), rather than
/// each of its words.
pub fn not_a_deal(read: &ReadCards) -> Option<DeckProblem> {
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
    if text == UNKNOWN {
        read.cards.push((None, at));
        return;
    }
    match text.parse::<Card>() {
        Ok(card) => read.cards.push((Some(card), at)),
        Err(CardParseError) => {
            read.malformed.push(DeckProblem::Malformed {
                text: excerpt(text),
                at,
            });
        }
    }
}

/// Validates a deal that may be partly filled (`None` for an empty slot): duplicates, too many
/// cards, and the cards still missing, places named in `game`'s words. An empty list means the
/// deal is complete and valid.
pub fn validate_slots(
    slots: &[Option<Card>],
    game: impl Into<&'static Layout>,
) -> Vec<DeckProblem> {
    let count = slots.iter().flatten().count();
    let mut problems = check_slots(slots, None, count, game.into());
    // An empty slot in the editor is a card still to type, not an unknown one.
    for problem in &mut problems {
        if let DeckProblem::Missing { unknown, .. } = problem {
            *unknown = 0;
        }
    }
    if !problems
        .iter()
        .any(|problem| matches!(problem, DeckProblem::Missing { .. }))
    {
        let missing = missing_cards(slots);
        if !missing.is_empty() {
            problems.push(DeckProblem::Missing {
                cards: missing,
                unknown: 0,
            });
        }
    }
    problems
}

/// The cards of the deck found in none of the slots.
fn missing_cards(slots: &[Option<Card>]) -> Vec<Card> {
    let mut present = [false; DECK_SIZE];
    for card in slots.iter().flatten() {
        present[card.index()] = true;
    }
    Card::all().filter(|card| !present[card.index()]).collect()
}

/// Where each card read lies among all the tokens of a text, malformed ones included.
struct Places {
    /// For each card read, in order, its index in the deal.
    deal_index: Vec<usize>,
    /// Where the first token past a whole deal is.
    first_extra: Option<TextPos>,
}

impl Places {
    fn of(read: &ReadCards) -> Places {
        let mut tokens: Vec<(TextPos, Option<usize>)> = read
            .cards
            .iter()
            .enumerate()
            .map(|(card, &(_, at))| (at, Some(card)))
            .chain(read.malformed.iter().filter_map(|problem| match problem {
                DeckProblem::Malformed { at, .. } => Some((*at, None)),
                _ => None,
            }))
            .collect();
        tokens.sort_by_key(|&(at, _)| (at.line, at.column));
        let mut deal_index = vec![0; read.cards.len()];
        for (index, &(_, card)) in tokens.iter().enumerate() {
            if let Some(card) = card {
                deal_index[card] = index;
            }
        }
        Places {
            deal_index,
            first_extra: tokens.get(DECK_SIZE).map(|&(at, _)| at),
        }
    }
}

/// The shared checks over slots in deal order (`None` an unknown or empty one, not counted as
/// a card), with where each slot was in a text when it came from one; `count` is how many
/// tokens the deal had (cards, unknown ones and malformed ones).
fn check_slots(
    slots: &[Option<Card>],
    text: Option<(&[TextPos], &Places)>,
    count: usize,
    game: &'static Layout,
) -> Vec<DeckProblem> {
    let mut problems = Vec::new();
    let at = text.map(|(at, _)| at);
    // A malformed token still takes its place in the deal: the cards after it are named by
    // where they lie in the deal, not among the cards alone.
    let place = |index: usize| Slot {
        index: text.map_or(index, |(_, places)| places.deal_index[index]),
        at: at.and_then(|at| at.get(index).copied()),
        game,
    };
    let mut first_seen: [Option<Slot>; DECK_SIZE] = [None; DECK_SIZE];
    for (index, slot) in slots.iter().enumerate() {
        let Some(card) = *slot else { continue };
        match first_seen[card.index()] {
            Some(first) => problems.push(DeckProblem::Duplicate {
                card,
                first,
                second: place(index),
            }),
            None => first_seen[card.index()] = Some(place(index)),
        }
    }
    if count > DECK_SIZE {
        let first_extra = text.and_then(|(_, places)| places.first_extra);
        problems.push(DeckProblem::TooMany { count, first_extra });
    }
    let missing: Vec<Card> = Card::all()
        .filter(|c| first_seen[c.index()].is_none())
        .collect();
    let unknown = slots.iter().filter(|slot| slot.is_none()).count();
    if missing.len() > unknown {
        problems.push(DeckProblem::Missing {
            cards: missing,
            unknown,
        });
    }
    problems
}

/// The winnable example deal (40 steps) as its file draws it, which the library's unit tests
/// share.
#[cfg(test)]
pub(crate) const WINNABLE_40: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/winnable-40-steps.txt"
));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skipping_random_deals_gives_the_deals_made_one_by_one() {
        let made: Vec<Deal> = RandomDeals::new(11).take(40).collect();
        for (n, deal) in made.iter().enumerate() {
            assert_eq!(RandomDeals::new(11).nth(n), Some(*deal), "deal {n}");
        }
        let every_seventh: Vec<Deal> = RandomDeals::new(11).skip(3).step_by(7).take(5).collect();
        let want: Vec<Deal> = made.iter().copied().skip(3).step_by(7).take(5).collect();
        assert_eq!(every_seventh, want);
        // Far on, the skip takes no time: the state grows by a fixed step per number.
        let mut far = RandomDeals::new(11);
        let _ = far.nth(99_999_998);
        let mut walked = RandomDeals::new(11);
        walked.state = walked
            .state
            .wrapping_add(RandomDeals::STEP.wrapping_mul(51 * 99_999_999));
        assert_eq!(far.next(), walked.next());
    }

    #[test]
    fn commas_comments_and_ten() {
        let deal = Deal::parse(WINNABLE_40).unwrap();
        let text = format!(
            "# a comment\n{}",
            deal.to_line().replace(' ', ",").replace("Th", "10h")
        );
        assert_eq!(Deal::parse(&text).unwrap(), deal);
    }

    #[test]
    fn malformed_card_is_located() {
        let problems = Deal::parse(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/bad-malformed-card.txt"
        )))
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
                    cards: vec!["8s".parse().unwrap()],
                    unknown: 0,
                },
            ]
        );
    }

    #[test]
    fn missing_cards_are_listed() {
        let problems = Deal::parse(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/bad-missing-cards.txt"
        )))
        .unwrap_err()
        .0;
        let cards = vec!["8s".parse().unwrap(), "Js".parse().unwrap()];
        assert_eq!(problems, vec![DeckProblem::Missing { cards, unknown: 0 }]);
        assert_eq!(problems[0].to_string(), "2 cards missing: 8s Js");
    }

    #[test]
    fn too_many_cards_name_the_duplicate_and_the_extra() {
        let problems = Deal::parse(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/bad-too-many-cards.txt"
        )))
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
        let other = Deal::parse(WINNABLE_40)
            .unwrap()
            .to_line()
            .replace(' ', "! ");
        let problems = Deal::parse(&other).unwrap_err();
        assert!(matches!(problems.0[0], DeckProblem::Malformed { .. }));
    }

    #[test]
    fn many_problems_are_counted_and_only_the_first_listed() {
        let deal = Deal::parse(WINNABLE_40).unwrap();
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
        let deal = Deal::parse(WINNABLE_40).unwrap();
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

    #[test]
    fn a_pyramid_deal_takes_unknown_cards() {
        let deal = Deal::parse(WINNABLE_40).unwrap();
        let line = deal.to_line().replacen("4d", UNKNOWN, 1);
        let read = Deal::parse(&line).unwrap();
        assert_eq!(read.unknown(), 1, "the apex is unknown");
        assert_eq!(read.card(0), None);
        assert_eq!(read.to_line(), line);
    }

    #[test]
    fn a_malformed_token_keeps_its_place_in_the_deal() {
        let deal = Deal::parse(WINNABLE_40).unwrap();
        let mut texts = deal.texts().to_vec();
        // The first card malformed, and stock card 2 a copy of stock card 1.
        texts[0] = "Xx".to_string();
        texts[29] = texts[28].clone();
        texts.push("Ac".to_string());
        let problems = Deal::parse(&texts.join(" ")).unwrap_err();
        let twice = problems
            .0
            .iter()
            .find(|problem| matches!(problem, DeckProblem::Duplicate { .. }))
            .unwrap();
        assert!(
            twice
                .message()
                .ends_with("(stock card 1 from the top) and at 1:88 (stock card 2 from the top)"),
            "{}",
            twice.message()
        );
        let many = problems
            .0
            .iter()
            .find(|problem| matches!(problem, DeckProblem::TooMany { .. }))
            .unwrap();
        assert_eq!(
            many.message(),
            "53 cards, but a deal has 52; the first extra card is at 1:157"
        );
    }
}

//! Klondike deals in the three texts they travel in: the project's layout
//! ([`Deal::parse`]), Solvitaire's JSON and Klondike-Solver's deal code; read into a
//! [`Table`] (a whole [`Deal`], or any table Solvitaire's JSON lays out), written back in any of
//! them, and told apart by the text itself. Every reader reports all its problems at once,
//! each where it is in the text.
//!
//! What each tool's own code and files show, read before trusting the formats:
//!
//! - **Solvitaire** (`thecharlieblake/Solvitaire`). `src/main/input-output/input/json-parsing/
//!   deal_parser.cpp` places the cards of each `"tableau piles"` list, and of `"stock"`, one
//!   after another with `place`, which pushes on top (`pile.cpp`: `pile_vec.emplace_back`); a
//!   pile's first card is its bottom one. The stock is dealt from its top: the stock moves of
//!   `game_state.legal_moves.cpp` take `piles[stock][count - 1]`, and `pile::operator[]`
//!   counts from the top (`pile_vec[size - 1 - i]`), so the **last** card of `"stock"` is
//!   drawn first. `card.cpp` reads the suit from a card's last letter and the rank from the
//!   rest (`A`, `1` to `13`, `J`, `Q`, `K`: `"10H"`), and marks a tableau card face down when
//!   its suit letter is lower case. `resources/deal-presets/shootMeKlondikeConverter.py`
//!   agrees: it reverses Klondike-Solver's stock, listed top first, to write `"stock"`. Older
//!   files such as `klondikeSM1.json` write every card in upper case; a file with no
//!   lower-case suit is read with the faces of a deal (each pile's top card up).
//! - **Klondike-Solver** (`ShootMe/Klondike-Solver`). `Solitaire::LoadSolitaire` in
//!   `Solitaire.cpp` reads 52 cards of three digits, the rank `01` to `13` then the suit,
//!   which `GetSolitaire` writes as 1 clubs, 2 diamonds, 3 hearts, 4 spades. `ResetGame`
//!   deals the first 28 **row by row**, as people deal: card 0 face up on pile 1, cards 1 to 6
//!   face down on piles 2 to 7, card 7 face up on pile 2, and so on (`GetPysol`'s order table
//!   lists the same places); it then puts cards 51 down to 28 on the stock, so card 28 is on
//!   top and, drawn first (`GetTalonCards` takes the stock's last cards), the stock runs from
//!   card 28 to card 51 in the order it is drawn. `TestDeals.txt` holds such codes.

use std::fmt;
use std::str::FromStr;

use serde_json::Value;

use super::deal::{
    Deal, DealProblem, DealProblems, PILES, Place, STOCK_SIZE, TABLEAU_SIZE, check, pile_start,
};
use super::position::{Pack, Pile, Position, Setup, dealt_piles};
use super::rules::Rules;
use crate::cards::card::{Card, DECK_SIZE, Rank, Suit};
use crate::cards::deal::{DeckProblem, TextPos};
use crate::cards::excerpt::{counted, excerpt};
use crate::engine::headers::hash_lines_blanked;

/// A way of writing a deal down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// The project's layout: pile 1 to pile 7, each bottom card first, then the stock, first
    /// drawn first (`KLONDIKE.md`).
    Layout,
    /// Solvitaire's JSON: `{"tableau piles": [[...], ...], "stock": [...]}`.
    Solvitaire,
    /// Klondike-Solver's deal code: 156 digits.
    Code,
    /// The project's position text, for a game under way: `pile 1: ?? / 9h 8s`, `waste:`,
    /// `stock:`, `foundations:`, `redeals:` ([`under_way`]).
    Position,
}

impl Format {
    /// Every format, in the order help lists them.
    pub const ALL: [Format; 4] = [
        Format::Layout,
        Format::Solvitaire,
        Format::Code,
        Format::Position,
    ];

    /// The word for the format on the command line: `layout`, `solvitaire`, `code`,
    /// `position`.
    pub fn id(self) -> &'static str {
        match self {
            Format::Layout => "layout",
            Format::Solvitaire => "solvitaire",
            Format::Code => "code",
            Format::Position => "position",
        }
    }

    /// The format in words: "the project's layout", "Solvitaire's JSON", "Klondike-Solver's
    /// deal code".
    pub fn name(self) -> &'static str {
        match self {
            Format::Layout => "the project's layout",
            Format::Solvitaire => "Solvitaire's JSON",
            Format::Code => "Klondike-Solver's deal code",
            Format::Position => "the project's position text",
        }
    }

    /// The format a text is written in, from the text itself, `#` lines left aside: JSON
    /// when it starts with `{`, a deal code when it holds only digits, a position when its
    /// first line names a part of the table (`pile 1:`), else the layout.
    pub fn of_text(text: &str) -> Format {
        if under_way::is_position_text(text) {
            return Format::Position;
        }
        let text = hash_lines_blanked(text);
        let marks: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        let digits = marks.iter().filter(|c| c.is_ascii_digit()).count();
        match marks.first() {
            Some('{') => Format::Solvitaire,
            // Nearly all digits: a code, with a typo or two that its reader names. A layout
            // is at most two thirds digits (`10h`), and most of it letters.
            Some(first) if first.is_ascii_digit() && 10 * digits >= 9 * marks.len() => Format::Code,
            _ => Format::Layout,
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A format name that is not one of [`Format::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a deal format: layout, solvitaire, code or position")]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(text: &str) -> Result<Format, UnknownFormat> {
        let word = text.trim().to_ascii_lowercase();
        Format::ALL
            .into_iter()
            .find(|format| format.id() == word)
            .ok_or_else(|| UnknownFormat(excerpt(text)))
    }
}

/// The cards as a text lays them out: piles, each its face-down cards under a face-up run
/// (bottom first), and a stock, first drawn first; and for a game under way
/// ([`position_text`]), a waste, cards on the foundations and redeals made. A whole [`Deal`]
/// is one; Solvitaire's JSON may lay out others (a reduced deck such as its 16-card test decks,
/// other piles). A table is checked when it is read, so a game can always start on it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Table {
    setup: Setup,
}

impl Table {
    /// A deal as it is dealt: pile k holds k cards, the top one face up.
    pub fn of_deal(deal: &Deal) -> Table {
        Table {
            setup: Setup::of_piles(dealt_piles(deal), deal.stock().to_vec()),
        }
    }

    /// Where a game stands, as a table to start from: its piles, stock, waste, foundations
    /// and redeals.
    pub fn of_position(position: &Position) -> Table {
        Table {
            setup: position.setup(),
        }
    }

    /// The table as a player lays it out.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The piles, from pile 1.
    pub fn piles(&self) -> &[Pile] {
        &self.setup.piles
    }

    /// The stock, first drawn first.
    pub fn stock(&self) -> &[Option<Card>] {
        &self.setup.stock
    }

    /// The waste, from its bottom (empty for a deal).
    pub fn waste(&self) -> &[Option<Card>] {
        &self.setup.waste
    }

    /// Every card laid out, `None` for one not known: the piles in order, bottom first,
    /// then the stock and the waste; not the foundations'.
    pub fn cards(&self) -> impl Iterator<Item = Option<Card>> + '_ {
        self.setup.laid_out().map(|(card, _)| card)
    }

    /// How many cards are not known (`??`).
    pub fn unknown_count(&self) -> usize {
        self.cards().filter(Option::is_none).count()
    }

    /// Whether a game is under way on the table: cards on the waste or the foundations, or
    /// redeals made.
    pub fn is_under_way(&self) -> bool {
        !self.setup.waste.is_empty() || !self.setup.foundations.is_empty() || self.setup.redeals > 0
    }

    /// The deal, when the table is one as dealt: seven piles of 1 to 7 cards with only the
    /// top one face up, and the other 24 cards in the stock.
    pub fn deal(&self) -> Option<Deal> {
        let dealt =
            !self.is_under_way()
                && self.piles().len() == PILES
                && self.stock().len() == STOCK_SIZE
                && self.piles().iter().enumerate().all(|(number, pile)| {
                    pile.face_down.len() == number && pile.face_up.len() == 1
                });
        let slots: Vec<Option<Card>> = self.cards().collect();
        dealt.then(|| Deal::from_slots(&slots).ok()).flatten()
    }

    /// Whether the table holds the whole pack: its cards laid out, unknown ones included, and
    /// on the foundations make 52 with none missing.
    pub fn is_whole(&self) -> bool {
        self.setup.problems(Pack::Whole).is_empty()
    }

    /// "game under way, 12 cards on the foundations".
    pub fn under_way(&self) -> String {
        let on_foundations: u8 = self
            .setup
            .foundations
            .iter()
            .map(|c| c.rank().value())
            .sum();
        format!(
            "game under way, {} on the foundations",
            counted(usize::from(on_foundations), "card")
        )
    }

    /// The start of a game on the table under `rules`.
    pub fn start(&self, rules: Rules) -> Position {
        Position::set_up(self.setup.clone(), rules, Pack::AsLaidOut)
            .expect("a table is checked when it is read")
    }

    /// The table in words: "a deal" for a whole deal, "a game under way, 12 cards on the
    /// foundations" for one, else "16 cards (Aces to Fours) in 4 piles and a stock of 6".
    pub fn describe(&self) -> String {
        if self.deal().is_some() {
            return "a deal".to_string();
        }
        if self.is_under_way() {
            return format!("a {}", self.under_way());
        }
        let cards = self.cards().count();
        let highest = self.cards().flatten().map(Card::rank).max();
        let deck = highest.map_or_else(String::new, |rank| format!(" (Aces to {})", rank.plural()));
        let piles = self.piles().len();
        let s = if piles == 1 { "" } else { "s" };
        format!(
            "{cards} cards{deck} in {piles} pile{s} and a stock of {}",
            self.stock().len()
        )
    }
}

impl From<&Deal> for Table {
    fn from(deal: &Deal) -> Table {
        Table::of_deal(deal)
    }
}

/// Reads a table written in `format`, or in the format the text shows ([`Format::of_text`])
/// when it is `None`. `#` lines are comments in every format.
pub fn read(text: &str, format: Option<Format>) -> Result<Table, DealProblems> {
    match format.unwrap_or_else(|| Format::of_text(text)) {
        Format::Layout => Deal::parse(text).map(|deal| Table::of_deal(&deal)),
        Format::Solvitaire => read_solvitaire(text),
        Format::Code => read_code(text).map(|deal| Table::of_deal(&deal)),
        Format::Position => under_way::read_position(text),
    }
}

/// Why a table cannot be written in a format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    #[error(
        "{format} holds only a whole deal of 52 cards as dealt, not a table of {table}: \
         Solvitaire's JSON can write it"
    )]
    NotADeal { format: &'static str, table: String },
    #[error("{0} has no way to write a card not known yet (??): the project's layout has")]
    Unknown(&'static str),
    #[error(
        "{format} holds the cards before any move, not {table}: the project's position text \
         can write it"
    )]
    UnderWay { format: &'static str, table: String },
    #[error(
        "the project's position text holds the whole pack of 52 cards, not a table of {0}: \
         Solvitaire's JSON can write it"
    )]
    NotWholePack(String),
}

/// Writes a table in a format: a game under way or a deal as a position text; any table
/// before its first move as Solvitaire's JSON; a whole deal in the others, and a deal code
/// only when every card is known.
pub fn write(table: &Table, format: Format) -> Result<String, WriteError> {
    if format == Format::Position {
        return if table.is_whole() {
            Ok(under_way::position_text(table))
        } else {
            Err(WriteError::NotWholePack(table.describe()))
        };
    }
    if table.is_under_way() {
        return Err(WriteError::UnderWay {
            format: format.name(),
            table: table.describe(),
        });
    }
    if format == Format::Solvitaire {
        return if table.unknown_count() > 0 {
            Err(WriteError::Unknown(format.name()))
        } else {
            Ok(solvitaire_text(table))
        };
    }
    let deal = table.deal().ok_or_else(|| WriteError::NotADeal {
        format: format.name(),
        table: table.describe(),
    })?;
    match format {
        Format::Layout => Ok(deal.to_layout()),
        Format::Code if table.unknown_count() > 0 => Err(WriteError::Unknown(format.name())),
        _ => Ok(format!("{}\n", code_text(&deal))),
    }
}

/// A problem at a place in the text.
fn problem(at: Option<TextPos>, message: String) -> DealProblem {
    DealProblem::Text { at, message }
}

// ---------------------------------------------------------------------------------------------
// Klondike-Solver's deal code

/// Digits one card takes in a deal code.
const CODE_DIGITS: usize = 3;

/// The deal-order index of the card at place `code` of a deal code: the first 28 are dealt
/// row by row (row r puts a card on each of piles r + 1 to 7), the stock keeps its order.
pub fn deal_index_of_code(code: usize) -> usize {
    if code >= TABLEAU_SIZE {
        return code;
    }
    let (mut row, mut start) = (0, 0);
    while code >= start + (PILES - row) {
        start += PILES - row;
        row += 1;
    }
    pile_start(row + code - start) + row
}

/// A deal as Klondike-Solver's code: 156 digits.
pub fn code_text(deal: &Deal) -> String {
    (0..DECK_SIZE)
        .map(|code| {
            deal.card(deal_index_of_code(code))
                .map_or_else(|| "???".to_string(), card_code)
        })
        .collect()
}

/// A card in Klondike-Solver's deal code: its rank `01` to `13`, then its suit, `1` clubs,
/// `2` diamonds, `3` hearts, `4` spades.
pub fn card_code(card: Card) -> String {
    let suit = match card.suit() {
        Suit::Clubs => 1,
        Suit::Diamonds => 2,
        Suit::Hearts => 3,
        Suit::Spades => 4,
    };
    format!("{:02}{suit}", card.rank().value())
}

/// Reads Klondike-Solver's deal code: three digits a card, white space anywhere.
fn read_code(text: &str) -> Result<Deal, DealProblems> {
    let text = hash_lines_blanked(text);
    let mut problems = Vec::new();
    let mut digits: Vec<(char, TextPos)> = Vec::new();
    for (at, c) in positions(&text) {
        if c.is_ascii_digit() {
            digits.push((c, at));
        } else if !c.is_whitespace() && problems.len() <= DECK_SIZE {
            problems.push(problem(
                Some(at),
                format!(
                    "'{}' is not a digit: a deal code is digits only",
                    excerpt(&c.to_string())
                ),
            ));
        }
    }
    if digits.is_empty() && problems.is_empty() {
        return Err(DealProblems(vec![DealProblem::Deck(DeckProblem::Empty)]));
    }
    let wanted = DECK_SIZE * CODE_DIGITS;
    // A mark typed in place of a digit puts every later card out of step (its three digits
    // would be read wrongly from there on): the mark and the count are named, not those.
    let shifted = !problems.is_empty() && !digits.len().is_multiple_of(CODE_DIGITS);
    if digits.len() != wanted {
        problems.push(problem(
            digits.get(wanted).map(|&(_, at)| at),
            format!(
                "{} digits, but a deal code has {wanted}: three for each of the 52 cards",
                digits.len()
            ),
        ));
    }
    if shifted {
        return Err(DealProblems(problems));
    }
    let mut slots = Vec::new();
    let mut places = Vec::new();
    for (code, triple) in digits.chunks_exact(CODE_DIGITS).take(DECK_SIZE).enumerate() {
        let text: String = triple.iter().map(|&(c, _)| c).collect();
        let at = triple[0].1;
        match code_card(&text) {
            Some(card) => {
                slots.push(Some(card));
                places.push(Place {
                    index: deal_index_of_code(code),
                    at: Some(at),
                });
            }
            None => problems.push(problem(
                Some(at),
                format!(
                    "'{text}' is not a card of a deal code: the rank in two digits (01 to 13), \
                     then the suit (1 clubs, 2 diamonds, 3 hearts, 4 spades)"
                ),
            )),
        }
    }
    problems.extend(check(&slots, &places, slots.len(), None));
    if !problems.is_empty() {
        return Err(DealProblems(problems));
    }
    let mut ordered = [None; DECK_SIZE];
    for (card, place) in slots.iter().zip(&places) {
        ordered[place.index] = *card;
    }
    Deal::from_slots(&ordered)
}

/// A card from its three digits in a deal code.
fn code_card(text: &str) -> Option<Card> {
    let rank = Rank::new(text.get(..2)?.parse().ok()?)?;
    let suit = match text.get(2..)? {
        "1" => Suit::Clubs,
        "2" => Suit::Diamonds,
        "3" => Suit::Hearts,
        "4" => Suit::Spades,
        _ => return None,
    };
    Some(Card::new(rank, suit))
}

/// Each character of a text with its place (line and column from 1, in characters).
fn positions(text: &str) -> impl Iterator<Item = (TextPos, char)> + '_ {
    text.lines().enumerate().flat_map(|(line, content)| {
        content.chars().enumerate().map(move |(column, c)| {
            (
                TextPos {
                    line: line + 1,
                    column: column + 1,
                },
                c,
            )
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Solvitaire's JSON

/// The keys of Solvitaire's JSON that this reader takes: the deal's, and the two a game under
/// way adds, taken only when empty.
const PILES_KEY: &str = "tableau piles";
const STOCK_KEY: &str = "stock";
const LATER_KEYS: [&str; 2] = ["waste", "foundations"];

/// How Solvitaire writes a card: rank `A 2-10 J Q K`, then the suit in upper case, or in lower
/// case for a card face down.
pub fn solvitaire_card(card: Card, face_down: bool) -> String {
    let rank = match card.rank().value() {
        1 => "A".to_string(),
        11 => "J".to_string(),
        12 => "Q".to_string(),
        13 => "K".to_string(),
        value => value.to_string(),
    };
    let suit = card.suit().letter();
    let suit = if face_down {
        suit.to_ascii_lowercase()
    } else {
        suit.to_ascii_uppercase()
    };
    format!("{rank}{suit}")
}

/// A table as Solvitaire's JSON, one pile a line: piles bottom card first, face-down cards
/// with a lower-case suit, the stock last drawn first.
///
/// # Panics
/// On a card not known: [`write`] refuses such a table first.
pub fn solvitaire_text(table: &Table) -> String {
    let quoted = |card: Option<Card>, face_down: bool| {
        format!(
            "\"{}\"",
            solvitaire_card(card.expect("every card is known"), face_down)
        )
    };
    let piles: Vec<String> = table
        .piles()
        .iter()
        .map(|pile| {
            let cards: Vec<String> = pile
                .face_down
                .iter()
                .map(|&card| quoted(card, true))
                .chain(pile.face_up.iter().map(|&card| quoted(card, false)))
                .collect();
            format!("    [{}]", cards.join(", "))
        })
        .collect();
    let stock: Vec<String> = table
        .stock()
        .iter()
        .rev()
        .map(|&card| quoted(card, false))
        .collect();
    format!(
        "{{\n  \"{PILES_KEY}\": [\n{}\n  ],\n  \"{STOCK_KEY}\": [{}]\n}}\n",
        piles.join(",\n"),
        stock.join(", ")
    )
}

/// A card read from Solvitaire's JSON, with its place.
struct Placed {
    card: Card,
    face_down: bool,
    at: Option<TextPos>,
    /// Where it lies, in words: "pile 3, card 2 from the bottom", "stock card 5".
    place: String,
}

/// Each pile's cards as read, and whether they were all read (its faces are checked only
/// then, so that a card that is not one does not also leave a face wrong).
type ReadPiles = Vec<(Vec<Placed>, bool)>;

/// Reads Solvitaire's JSON: the piles and the stock (see the module's notes for the order).
fn read_solvitaire(text: &str) -> Result<Table, DealProblems> {
    let text = hash_lines_blanked(text);
    let value = json_value(&text)?;
    let strings = string_positions(&text);
    // Each string of the value takes the next place in the text; duplicate keys, which the
    // value keeps once, would put them out of step, and then no place is given.
    let mut places = (count_strings(&value) == strings.len()).then(|| strings.into_iter());
    let mut next_at = || places.as_mut().and_then(Iterator::next);
    let Value::Object(fields) = &value else {
        return Err(DealProblems(vec![problem(
            Some(TextPos { line: 1, column: 1 }),
            format!(
                "Solvitaire's JSON is an object: {{\"{PILES_KEY}\": [[...], ...], \
                 \"{STOCK_KEY}\": [...]}}"
            ),
        )]));
    };
    let mut problems = Vec::new();
    let mut piles: Option<ReadPiles> = None;
    let mut stock: Vec<Placed> = Vec::new();
    for (key, field) in fields {
        let key_at = next_at();
        match key.as_str() {
            PILES_KEY => piles = Some(read_piles(field, key_at, &mut next_at, &mut problems)),
            STOCK_KEY => {
                let count = field.as_array().map_or(0, Vec::len);
                // Listed last drawn first: the list's last card is stock card 1.
                let name = |card: usize| format!("stock card {}", count + 1 - card);
                stock = cards_of(field, "the stock", name, &mut next_at, &mut problems);
                stock.reverse();
            }
            key => {
                skip(field, &mut next_at);
                problems.extend(other_key(key, field, key_at));
            }
        }
    }
    let Some(piles) = piles else {
        problems.push(problem(
            None,
            format!("no '{PILES_KEY}': Solvitaire's JSON for Klondike lists the piles there"),
        ));
        return Err(DealProblems(problems));
    };
    lay_out(&piles, &stock, problems)
}

/// The text read as JSON, or where and why it is not JSON.
fn json_value(text: &str) -> Result<Value, DealProblems> {
    serde_json::from_str(text).map_err(|error| DealProblems(vec![not_json(text, &error)]))
}

/// Why a text is not JSON, in words: serde's own for a text cut off ("EOF while parsing a
/// list at line 3 column 0") is a parser's, with a column past the text, so that case says
/// it in words with the last line the text holds.
fn not_json(text: &str, error: &serde_json::Error) -> DealProblem {
    if error.is_eof() {
        let line = text.trim_end().lines().count().max(1);
        return problem(None, format!("the JSON ends too soon (line {line})"));
    }
    let message = error.to_string();
    let message = message.split(" at line ").next().unwrap_or(&message);
    let at = (error.line() > 0).then(|| TextPos {
        line: error.line(),
        column: error.column().max(1),
    });
    problem(at, format!("the JSON does not read here: {message}"))
}

/// The piles of `"tableau piles"`, each with whether all its cards were read.
fn read_piles(
    field: &Value,
    key_at: Option<TextPos>,
    next_at: &mut impl FnMut() -> Option<TextPos>,
    problems: &mut Vec<DealProblem>,
) -> ReadPiles {
    let Value::Array(lists) = field else {
        skip(field, next_at);
        problems.push(shape(key_at, PILES_KEY, "a list of piles, each a list"));
        return Vec::new();
    };
    let mut piles = Vec::new();
    for (number, list) in lists.iter().enumerate() {
        let name = |card: usize| format!("pile {}, card {card} from the bottom", number + 1);
        let before = problems.len();
        let what = format!("pile {}", number + 1);
        let cards = cards_of(list, &what, name, next_at, problems);
        piles.push((cards, problems.len() == before));
    }
    piles
}

/// The problem of a key other than the piles and the stock: a game under way's `waste` or
/// `foundations` holding cards, or a key of another game.
fn other_key(key: &str, field: &Value, key_at: Option<TextPos>) -> Option<DealProblem> {
    if LATER_KEYS.contains(&key) {
        let empty = match field {
            Value::Array(list) => list
                .iter()
                .all(|item| item.as_array().is_some_and(Vec::is_empty) || item.is_null()),
            Value::Null => true,
            _ => false,
        };
        return (!empty).then(|| {
            problem(
                key_at,
                format!(
                    "'{key}' holds cards: this is a game under way, and only a deal's \
                     '{PILES_KEY}' and '{STOCK_KEY}' are read"
                ),
            )
        });
    }
    Some(problem(
        key_at,
        format!(
            "'{}' is not a key of a Klondike deal: Solvitaire's JSON for Klondike has \
             '{PILES_KEY}' and '{STOCK_KEY}'",
            excerpt(key)
        ),
    ))
}

/// The table the cards read make, with the problems found so far and those of the faces, the
/// deck and the runs.
fn lay_out(
    piles: &ReadPiles,
    stock: &[Placed],
    mut problems: Vec<DealProblem>,
) -> Result<Table, DealProblems> {
    let marked = piles
        .iter()
        .flat_map(|(cards, _)| cards)
        .any(|placed| placed.face_down);
    let mut table = Table {
        setup: Setup::of_piles(
            Vec::new(),
            stock.iter().map(|placed| Some(placed.card)).collect(),
        ),
    };
    for (number, (cards, whole)) in piles.iter().enumerate() {
        let mut found = Vec::new();
        table
            .setup
            .piles
            .push(faces(number, cards, marked, &mut found));
        if *whole {
            problems.extend(found);
        }
    }
    let all: Vec<&Placed> = piles
        .iter()
        .flat_map(|(cards, _)| cards)
        .chain(stock)
        .collect();
    problems.extend(deck_problems(&all));
    if problems.is_empty() {
        problems.extend(table.setup.problems(Pack::AsLaidOut).iter().map(|problem| {
            DealProblem::Text {
                at: None,
                message: problem.to_string(),
            }
        }));
    }
    if problems.is_empty() {
        Ok(table)
    } else {
        Err(DealProblems(problems))
    }
}

/// The problem of a field that is not what Solvitaire writes there.
fn shape(at: Option<TextPos>, key: &str, wanted: &str) -> DealProblem {
    problem(
        at,
        format!("'{key}' should be {wanted} of cards such as \"10H\""),
    )
}

/// The cards of a JSON list, each named by `name` (from 1), with their places; problems for
/// what is not a card.
fn cards_of(
    list: &Value,
    what: &str,
    name: impl Fn(usize) -> String,
    next_at: &mut impl FnMut() -> Option<TextPos>,
    problems: &mut Vec<DealProblem>,
) -> Vec<Placed> {
    let Value::Array(items) = list else {
        let at = next_at_of(list, next_at);
        problems.push(problem(
            at,
            format!("{what} should be a list of cards such as \"10H\""),
        ));
        return Vec::new();
    };
    let mut cards = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let Value::String(text) = item else {
            let at = next_at_of(item, next_at);
            problems.push(problem(
                at,
                format!(
                    "{}: a card is a string such as \"10H\", not {}",
                    name(index + 1),
                    excerpt(&item.to_string())
                ),
            ));
            continue;
        };
        let at = next_at();
        match read_card(text) {
            Some((card, face_down)) => cards.push(Placed {
                card,
                face_down,
                at,
                place: name(index + 1),
            }),
            None => problems.push(problem(
                at,
                format!(
                    "'{}' is not a card: a rank (A, 2 to 10, J, Q, K) then a suit (C, D, H, S; \
                     lower case for a card face down), as Solvitaire writes them",
                    excerpt(text)
                ),
            )),
        }
    }
    cards
}

/// Takes the places of a value's strings, giving the first one's (for a value that is in the
/// wrong place, so that it can be pointed at when it is a string or holds one).
fn next_at_of(value: &Value, next_at: &mut impl FnMut() -> Option<TextPos>) -> Option<TextPos> {
    let first = (count_strings(value) > 0).then(&mut *next_at).flatten();
    for _ in 1..count_strings(value) {
        next_at();
    }
    first
}

/// Passes over a value's strings.
fn skip(value: &Value, next_at: &mut impl FnMut() -> Option<TextPos>) {
    for _ in 0..count_strings(value) {
        next_at();
    }
}

/// Strings in a value, object keys included, as they appear in its text.
fn count_strings(value: &Value) -> usize {
    match value {
        Value::String(_) => 1,
        Value::Array(items) => items.iter().map(count_strings).sum(),
        Value::Object(fields) => fields.values().map(|value| 1 + count_strings(value)).sum(),
        Value::Null | Value::Bool(_) | Value::Number(_) => 0,
    }
}

/// Where each string of a JSON text starts (its opening quote), in order.
fn string_positions(text: &str) -> Vec<TextPos> {
    let mut found = Vec::new();
    let mut inside = false;
    let mut escaped = false;
    for (at, c) in positions(text) {
        if inside {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                inside = false;
            }
        } else if c == '"' {
            inside = true;
            found.push(at);
        }
    }
    found
}

/// Reads a card as Solvitaire writes it: the rank (`A`, `1` to `13`, `J`, `Q`, `K`; `T` too),
/// then the suit, in lower case for a card face down.
fn read_card(text: &str) -> Option<(Card, bool)> {
    let suit_char = text.chars().next_back()?;
    let suit = Suit::from_char(suit_char).filter(|_| suit_char.is_ascii_alphabetic())?;
    let rank_text = &text[..text.len() - suit_char.len_utf8()];
    let value = match rank_text.to_ascii_uppercase().as_str() {
        "A" => 1,
        "T" => 10,
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        digits if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) => {
            digits.parse().ok()?
        }
        _ => return None,
    };
    let rank = Rank::new(value)?;
    Some((Card::new(rank, suit), suit_char.is_ascii_lowercase()))
}

/// A pile from its cards: with faces marked, the face-down ones must all lie under the face-up
/// ones, and the top card be face up; without, each pile's top card is face up, as dealt.
fn faces(number: usize, cards: &[Placed], marked: bool, problems: &mut Vec<DealProblem>) -> Pile {
    let Some(top) = cards.last() else {
        return Pile::default();
    };
    if !marked {
        let down = cards[..cards.len() - 1].iter().map(|p| Some(p.card));
        return Pile::new(down.collect(), vec![Some(top.card)]);
    }
    let first_up = cards
        .iter()
        .position(|placed| !placed.face_down)
        .unwrap_or(cards.len());
    for placed in cards.iter().take(cards.len() - 1).skip(first_up) {
        if placed.face_down {
            problems.push(problem(
                placed.at,
                format!(
                    "{} (pile {}) is face down (a lower-case suit) over a face-up card: a pile's \
                     face-down cards lie under its face-up ones",
                    placed.card,
                    number + 1
                ),
            ));
        }
    }
    if top.face_down {
        problems.push(problem(
            top.at,
            format!(
                "{}, the top card of pile {}, is face down (a lower-case suit): a pile's top \
                 card is face up",
                top.card,
                number + 1
            ),
        ));
    }
    Pile::new(
        cards[..first_up].iter().map(|p| Some(p.card)).collect(),
        cards[first_up..].iter().map(|p| Some(p.card)).collect(),
    )
}

/// The same card twice, and the cards missing from the deck the table is of: every suit
/// from the Ace up to the highest rank laid out (the whole deck when there is a King).
fn deck_problems(cards: &[&Placed]) -> Vec<DealProblem> {
    let mut problems = Vec::new();
    let Some(highest) = cards.iter().map(|placed| placed.card.rank()).max() else {
        problems.push(DealProblem::Deck(DeckProblem::Empty));
        return problems;
    };
    let mut first: Vec<Option<&Placed>> = vec![None; DECK_SIZE];
    for &placed in cards {
        match first[placed.card.index()] {
            Some(earlier) => problems.push(problem(
                placed.at,
                format!(
                    "{} appears twice: at {} and at {}",
                    placed.card,
                    where_is(earlier),
                    where_is(placed)
                ),
            )),
            None => first[placed.card.index()] = Some(placed),
        }
    }
    let missing: Vec<String> = Card::all()
        .filter(|card| card.rank() <= highest && first[card.index()].is_none())
        .map(|card| card.to_string())
        .collect();
    if !missing.is_empty() {
        let s = if missing.len() == 1 { "" } else { "s" };
        let deck = if highest == Rank::KING {
            String::new()
        } else if highest.value() == 1 {
            " from a deck of the four Aces".to_string()
        } else {
            format!(
                " from a deck of Aces to {} ({} cards)",
                highest.plural(),
                4 * usize::from(highest.value())
            )
        };
        problems.push(problem(
            None,
            format!(
                "{} card{s} missing{deck}: {}",
                missing.len(),
                missing.join(" ")
            ),
        ));
    }
    problems
}

/// A card's place for messages: "2:14 (pile 3, card 2 from the bottom)".
fn where_is(placed: &Placed) -> String {
    match placed.at {
        Some(at) => format!("{at} ({})", placed.place),
        None => format!("({})", placed.place),
    }
}

#[cfg(test)]
mod tests;
pub mod under_way;

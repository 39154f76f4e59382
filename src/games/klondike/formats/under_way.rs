//! A game under way in the project's position text: one line a part of the table, each a
//! name, a colon and its cards, as a player reads them off the table.
//!
//! ```text
//! pile 1: ?? ?? / 9h 8s
//! pile 2: Kd Qc
//! pile 3:
//! waste: ?? 4c 7d
//! stock: ?? ?? ??
//! foundations: 2c Ad
//! redeals: 1
//! ```
//!
//! A pile's cards go from its bottom: the face-down ones, then `/` and the face-up run (with
//! no `/`, every card is face up); `pile 3:` alone is an empty pile, and piles 1 to the last
//! are each given. The waste goes from its bottom (its last card is the one to play), the
//! stock first drawn first, the foundations by their top cards, and `redeals` counts the times
//! the waste was turned back. `??` is a card not known: with the whole pack of 52, the cards
//! not known are the rest of it. Every problem is named at once, where it is in the text.

use std::collections::{BTreeMap, BTreeSet};

use super::{Table, problem};
use crate::cards::card::{Card, Suit};
use crate::cards::deal::{DeckProblem, TextPos, UNKNOWN, read_cards};
use crate::cards::excerpt::excerpt;
use crate::engine::headers::hash_lines_blanked;
use crate::games::klondike::deal::{DealProblem, DealProblems, card_text};
use crate::games::klondike::position::{Pack, Pile, Setup, SetupProblem, Spot};

/// Most piles a position has: what the referee counts in a byte.
const MOST_PILES: usize = u8::MAX as usize;

/// What a line of the text gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Part {
    /// A pile, counted from 1 as the text counts them.
    Pile(usize),
    Waste,
    Stock,
    Foundations,
    Redeals,
}

impl Part {
    /// The part a line's name gives (`pile 3`, `stock`), any case, when it is one; `Err` when
    /// it names a pile that cannot be.
    fn of_name(name: &str) -> Option<Result<Part, NoSuchPile>> {
        let words: Vec<String> = name.split_whitespace().map(str::to_lowercase).collect();
        let part = match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            ["waste"] => Part::Waste,
            ["stock"] => Part::Stock,
            ["foundations" | "foundation"] => Part::Foundations,
            ["redeals"] => Part::Redeals,
            ["pile", number] => {
                return Some(match number.parse::<usize>() {
                    Ok(number @ 1..=MOST_PILES) => Ok(Part::Pile(number)),
                    _ => Err(NoSuchPile(excerpt(number))),
                });
            }
            _ => return None,
        };
        Some(Ok(part))
    }

    /// The part in words, as its line names it.
    fn name(self) -> String {
        match self {
            Part::Pile(number) => format!("pile {number}"),
            Part::Waste => "waste".to_string(),
            Part::Stock => "stock".to_string(),
            Part::Foundations => "foundations".to_string(),
            Part::Redeals => "redeals".to_string(),
        }
    }
}

/// A line's name that gives a pile no position has: its number (an excerpt of it, safe to
/// show) is not one from 1 to [`MOST_PILES`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'pile {0}': piles are counted from 1 to at most {MOST_PILES}")]
struct NoSuchPile(String);

/// Whether a text is a position: its first line that is not blank or a `#` line names a
/// part of the table (`pile 1:`, `stock:`, ...).
pub fn is_position_text(text: &str) -> bool {
    let first = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'));
    first
        .and_then(|line| line.split_once(':'))
        .is_some_and(|(name, _)| Part::of_name(name).is_some())
}

/// Cards read from a part of a line, each where it is in the text.
type Placed = Vec<(Option<Card>, TextPos)>;

/// The cards of `value`, which starts at `at` in the text; problems for words that are not
/// cards.
fn cards_at(value: &str, at: TextPos, problems: &mut Vec<DealProblem>) -> Placed {
    let shift = |pos: TextPos| TextPos {
        line: at.line,
        column: at.column + pos.column - 1,
    };
    let read = read_cards(value);
    for malformed in read.malformed {
        if let DeckProblem::Malformed { text, at } = malformed {
            problems.push(DealProblem::Deck(DeckProblem::Malformed {
                text,
                at: shift(at),
            }));
        }
    }
    read.cards
        .into_iter()
        .map(|(card, pos)| (card, shift(pos)))
        .collect()
}

/// What the lines give, each card with its place in the text.
#[derive(Default)]
struct Read {
    /// Each pile given: its face-down and face-up cards.
    piles: BTreeMap<usize, (Placed, Placed)>,
    stock: Placed,
    waste: Placed,
    foundations: Placed,
    redeals: u32,
    /// Where each part was first given.
    given: BTreeMap<Part, TextPos>,
}

impl Read {
    /// Takes one line's value for `part`; `at` is where the value starts.
    fn take(&mut self, part: Part, value: &str, at: TextPos, problems: &mut Vec<DealProblem>) {
        match part {
            Part::Pile(number) => {
                let (down, up) = match value.split_once('/') {
                    Some((down, up)) => {
                        let up_at = TextPos {
                            line: at.line,
                            column: at.column + down.chars().count() + 1,
                        };
                        if let Some(extra) = up.find('/') {
                            let column = up_at.column + up[..extra].chars().count();
                            problems.push(problem(
                                Some(TextPos { column, ..at }),
                                format!(
                                    "a second '/' in pile {number}: one '/' parts the face-down \
                                     cards from the face-up ones"
                                ),
                            ));
                        }
                        (
                            cards_at(down, at, problems),
                            cards_at(&up.replace('/', " "), up_at, problems),
                        )
                    }
                    None => (Vec::new(), cards_at(value, at, problems)),
                };
                self.piles.insert(number, (down, up));
            }
            Part::Waste => self.waste = cards_at(value, at, problems),
            Part::Stock => self.stock = cards_at(value, at, problems),
            Part::Foundations => {
                self.foundations = cards_at(value, at, problems);
                let mut suits: BTreeSet<Suit> = BTreeSet::new();
                for &(card, pos) in &self.foundations {
                    match card {
                        None => problems.push(problem(
                            Some(pos),
                            format!(
                                "{UNKNOWN} on the foundations: a foundation's top card is in \
                                 sight, so write it (or leave out a suit with no card there)"
                            ),
                        )),
                        Some(card) if !suits.insert(card.suit()) => {
                            problems.push(problem(
                                Some(pos),
                                format!(
                                    "{card}: the {} foundation is given twice; write only the \
                                     top card of each",
                                    card.suit().plural_name()
                                ),
                            ));
                        }
                        Some(_) => {}
                    }
                }
            }
            Part::Redeals => match value.trim().parse::<u32>() {
                Ok(count) => self.redeals = count,
                Err(_) => problems.push(problem(
                    Some(TextPos {
                        column: at.column + value.chars().take_while(|c| c.is_whitespace()).count(),
                        ..at
                    }),
                    format!(
                        "'{}' is not a count of redeals: a whole number such as 0 or 2",
                        excerpt(value.trim())
                    ),
                )),
            },
        }
    }

    /// The piles as the setup takes them (a missing one empty, and named as a problem).
    fn piles(&self, problems: &mut Vec<DealProblem>) -> Vec<Pile> {
        let last = self.piles.keys().next_back().copied().unwrap_or(0);
        if last == 0 {
            problems.push(problem(
                None,
                "no piles: a position gives its piles one a line, `pile 1: ?? / 9h 8s`".to_string(),
            ));
        }
        (1..=last)
            .map(|number| {
                if let Some((down, up)) = self.piles.get(&number) {
                    return Pile::new(slots(down), slots(up));
                }
                problems.push(problem(
                    None,
                    format!(
                        "no line for pile {number}: piles 1 to {last} are each given, an empty \
                         one as `pile {number}:`"
                    ),
                ));
                Pile::default()
            })
            .collect()
    }

    /// The foundations' top cards: of a suit given twice, the first (the second is named on
    /// its line).
    fn foundation_tops(&self) -> Vec<Card> {
        let mut tops: Vec<Card> = Vec::new();
        for card in self.foundations.iter().filter_map(|&(card, _)| card) {
            if tops.iter().all(|top| top.suit() != card.suit()) {
                tops.push(card);
            }
        }
        tops
    }

    /// Where a card the setup names lies in the text.
    fn place(&self, spot: Spot) -> Option<TextPos> {
        let nth = |placed: &Placed, at: usize| placed.get(at).map(|&(_, pos)| pos);
        match spot {
            Spot::Pile { pile, card } => {
                let (down, up) = self.piles.get(&(pile + 1))?;
                card.checked_sub(down.len())
                    .map_or_else(|| nth(down, card), |above| nth(up, above))
            }
            Spot::Stock(at) => nth(&self.stock, at),
            Spot::Waste(at) => nth(&self.waste, at),
            Spot::Foundation(suit) => self
                .foundations
                .iter()
                .find(|(card, _)| card.is_some_and(|card| card.suit() == suit))
                .map(|&(_, pos)| pos),
        }
    }

    /// Where a setup problem is in the text: the card, or the pile's line.
    fn located(&self, setup: &SetupProblem) -> Option<TextPos> {
        match setup {
            SetupProblem::NotARun { pile: number, .. }
            | SetupProblem::NothingFaceUp(number)
            | SetupProblem::TooManyFaceDown { pile: number, .. } => {
                self.given.get(&Part::Pile(*number)).copied()
            }
            _ => self.place(setup.spot()?),
        }
    }
}

/// The cards alone.
fn slots(placed: &Placed) -> Vec<Option<Card>> {
    placed.iter().map(|&(card, _)| card).collect()
}

/// Reads a position text (see the module's notes), checked as the whole pack.
pub fn read_position(text: &str) -> Result<Table, DealProblems> {
    let (setup, read, mut problems) = read_parts(text);
    // With a line not read, the count of the pack cannot be told (a card may be on a line
    // skipped): the table's other problems are named all the same, so that one pass shows
    // every problem.
    let pack = if problems.is_empty() {
        Pack::Whole
    } else {
        Pack::AsLaidOut
    };
    problems.extend(setup.problems(pack).iter().map(|found| DealProblem::Text {
        at: read.located(found),
        message: found.to_string(),
    }));
    if problems.is_empty() {
        Ok(Table { setup })
    } else {
        Err(DealProblems(problems))
    }
}

/// Reads a position text as it is laid out, without [`Setup::problems`]' check: a table
/// still being typed (a card twice, a run out of order) reads back as it was written, for
/// whoever types it to see what is wrong. Only the text's own problems (a line that names no
/// part, a word that is no card) refuse it.
pub fn read_laid_out(text: &str) -> Result<Setup, DealProblems> {
    let (setup, _, problems) = read_parts(text);
    if problems.is_empty() {
        Ok(setup)
    } else {
        Err(DealProblems(problems))
    }
}

/// The lines of a position text read: the setup they lay out, where each part is, and the
/// text's own problems.
fn read_parts(text: &str) -> (Setup, Read, Vec<DealProblem>) {
    let text = hash_lines_blanked(text);
    let mut problems = Vec::new();
    let mut read = Read::default();
    for (index, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("");
        let Some(first) = content.chars().position(|c| !c.is_whitespace()) else {
            continue;
        };
        let start = TextPos {
            line: index + 1,
            column: first + 1,
        };
        let named = content
            .split_once(':')
            .and_then(|(name, value)| Some((Part::of_name(name)?, name, value)));
        let Some((part, name, value)) = named else {
            problems.push(problem(
                Some(start),
                format!(
                    "'{}' is not a line of a position: each line is `pile 1:` (to the last \
                     pile), `waste:`, `stock:`, `foundations:` or `redeals:`, then its cards",
                    excerpt(content.trim())
                ),
            ));
            continue;
        };
        let part = match part {
            Ok(part) => part,
            Err(why) => {
                problems.push(problem(Some(start), why.to_string()));
                continue;
            }
        };
        if let Some(first) = read.given.get(&part) {
            problems.push(problem(
                Some(start),
                format!("{} is given twice: first at {first}", part.name()),
            ));
            continue;
        }
        read.given.insert(part, start);
        let value_at = TextPos {
            line: index + 1,
            column: name.chars().count() + 2,
        };
        read.take(part, value, value_at, &mut problems);
    }
    let setup = Setup {
        piles: read.piles(&mut problems),
        stock: slots(&read.stock),
        waste: slots(&read.waste),
        foundations: read.foundation_tops(),
        redeals: read.redeals,
    };
    (setup, read, problems)
}

/// A table as a position text, which [`read_position`] takes back.
pub fn position_text(table: &Table) -> String {
    setup_text(&table.setup)
}

/// A layout as a position text, checked or not: [`read_laid_out`] takes it back as it is.
pub fn setup_text(setup: &Setup) -> String {
    let texts = |cards: &[Option<Card>]| -> String {
        let texts: Vec<String> = cards.iter().map(|&card| card_text(card)).collect();
        texts.join(" ")
    };
    let line = |name: &str, cards: String| {
        if cards.is_empty() {
            format!("{name}:\n")
        } else {
            format!("{name}: {cards}\n")
        }
    };
    let mut out = String::from(
        "# Each pile from its bottom: the face-down cards, then / and the face-up ones\n",
    );
    for (number, pile) in setup.piles.iter().enumerate() {
        let cards = match (texts(&pile.face_down), texts(&pile.face_up)) {
            (down, up) if down.is_empty() => up,
            (down, up) => format!("{down} / {up}"),
        };
        out.push_str(&line(&format!("pile {}", number + 1), cards));
    }
    out.push_str("# The waste from its bottom (its last card is played next)\n");
    out.push_str(&line("waste", texts(&setup.waste)));
    out.push_str("# The stock, first drawn first\n");
    out.push_str(&line("stock", texts(&setup.stock)));
    out.push_str("# The top card of each foundation, and the times the waste was turned back\n");
    let tops: Vec<Option<Card>> = setup.foundations.iter().copied().map(Some).collect();
    out.push_str(&line("foundations", texts(&tops)));
    out.push_str(&format!("redeals: {}\n", setup.redeals));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::klondike::formats::{Format, read, write};
    use crate::games::klondike::saved::SavedKlondike;
    use crate::games::klondike::solver::{self, Verdict};
    use crate::games::klondike::{Deal, Move, Passes, Position, Rules};

    /// The winning line the solver finds from a position.
    fn winning_line(position: &Position) -> Vec<Move> {
        match solver::solve(position, &mut ()).answer {
            Some(Verdict::Solvable(line)) => line,
            other => panic!("a winnable position, not {other:?}"),
        }
    }

    /// A deal the solver wins at once, half its winning line played: cards on the
    /// foundations, the waste and the piles of many lengths.
    fn half_played() -> Position {
        let mut position = Position::new(&Deal::shuffled(0), Rules::STANDARD);
        let line = winning_line(&position);
        for &mv in &line[..line.len() / 2] {
            position.apply(mv).expect("the solver's line replays");
        }
        position
    }

    fn messages(problems: &DealProblems) -> Vec<String> {
        problems.0.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_game_under_way_reads_back_and_solves_as_the_deal_with_its_moves() {
        let reached = half_played();
        let table = Table::of_position(&reached);
        assert!(table.is_under_way() && table.deal().is_none());
        let text = write(&table, Format::Position).expect("a whole pack");
        assert_eq!(Format::of_text(&text), Format::Position, "{text}");
        assert_eq!(read(&text, None), Ok(table.clone()), "{text}");
        let again = read(&text, None).expect("read").start(Rules::STANDARD);
        assert_eq!(again, reached);
        // Solved from the text as from the deal with its moves, and the line wins on the
        // referee.
        let line = winning_line(&again);
        assert_eq!(line, winning_line(&reached));
        let mut end = again;
        for mv in line {
            end.apply(mv).expect("the solver's line replays");
        }
        assert!(end.is_won());
        // Moves after the position are played from it, as after a deal.
        let first = reached.legal_moves()[0];
        let with_move = format!(
            "# game: klondike\n{text}# moves: {}\n",
            crate::games::klondike::notation::move_text(&reached, first)
        );
        let saved = SavedKlondike::read(&with_move, None, Rules::STANDARD).expect("a game");
        assert_eq!(saved.format, Format::Position);
        let mut after = reached.clone();
        after.apply(first).expect("legal");
        assert_eq!(saved.position(), after);
    }

    #[test]
    fn redeals_and_cards_not_known_read_back() {
        let rules = Rules {
            draw: 1,
            passes: Passes::Limited(2),
            ..Rules::STANDARD
        };
        let mut position = Position::new(&Deal::shuffled(4), rules);
        while !position.stock().is_empty() {
            position.apply(Move::Draw).expect("a card to draw");
        }
        position.apply(Move::Redeal).expect("a second pass");
        position.apply(Move::Draw).expect("a card to draw");
        let mut setup = position.setup();
        setup.piles[6].face_down[2] = None;
        setup.stock[5] = None;
        setup.waste[0] = None;
        let table = Table { setup };
        let text = write(&table, Format::Position).expect("a whole pack");
        assert!(text.contains("\nredeals: 1\n"), "{text}");
        assert!(text.contains("\nwaste: ??\n"), "{text}");
        let back = read(&text, None).expect("a position");
        assert_eq!(back.unknown_count(), 3);
        let start = back.start(rules);
        assert_eq!(start.redeals(), 1);
        assert!(!start.may_redeal(), "the second pass is the last");
    }

    #[test]
    fn a_pile_may_be_typed_face_up_alone_or_empty_in_any_case() {
        let text = write(&Table::of_position(&half_played()), Format::Position).expect("text");
        let loose: String = text
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(|line| ["  ", &line.replacen("pile", "PILE", 1), "\n"].concat())
            .collect();
        assert_eq!(read(&loose, None), read(&text, None));
    }

    /// The text of the half-played position with its line `key:` given `value`.
    fn with_line(key: &str, value: &str) -> String {
        let text = write(&Table::of_position(&half_played()), Format::Position).expect("text");
        text.lines()
            .map(|line| {
                if line.split(':').next() == Some(key) {
                    format!("{key}: {value}\n")
                } else {
                    format!("{line}\n")
                }
            })
            .collect()
    }

    /// The line number (from 1) of the line that starts with `key:`.
    fn line_of(text: &str, key: &str) -> usize {
        text.lines()
            .position(|line| line.starts_with(&format!("{key}:")))
            .expect("the line")
            + 1
    }

    #[test]
    fn every_problem_of_the_lines_is_named_where_it_is() {
        let mut text = with_line("redeals", "two");
        text.push_str("pile 2: Kd\nPile 0: Ac\ntableau: Ac\nfoundations: ?? 2c 5c\n");
        text = text.replacen("waste:", "waste: Zz", 1);
        let found = messages(&read(&text, Some(Format::Position)).expect_err("bad lines"));
        let line = |key| line_of(&text, key);
        let last = text.lines().count();
        let expected = [
            format!("{}:8: 'Zz' is not a card", line("waste")),
            format!("{}:10: 'two' is not a count of redeals", line("redeals")),
            format!("{}:1: pile 2 is given twice: first at", last - 3),
            format!("{}:1: 'pile 0': piles are counted from 1", last - 2),
            format!("{}:1: 'tableau: Ac' is not a line of a position", last - 1),
            format!("{last}:1: foundations is given twice"),
        ];
        assert_eq!(found.len(), expected.len(), "{found:#?}");
        for (found, expected) in found.iter().zip(&expected) {
            assert!(found.starts_with(expected), "{found} / {expected}");
        }
        let foundations = "foundations: ?? 2c 5c\n";
        let found = messages(&read(&with_line("foundations", "?? 2c 5c"), None).unwrap_err());
        assert!(
            found[0].ends_with(
                ":14: ?? on the foundations: a foundation's top card is in \
             sight, so write it (or leave out a suit with no card there)"
            ),
            "{found:?}"
        );
        assert!(
            found[1].contains(":20: 5c: the clubs foundation is given twice"),
            "{found:?}"
        );
        assert_eq!(found.len(), 2, "{foundations} {found:?}");
        let found = messages(&read(&with_line("pile 3", "?? / 9h / 8s"), None).unwrap_err());
        assert!(
            found[0].contains(":17: a second '/' in pile 3"),
            "{found:?}"
        );
        let no_pile_2: String = with_line("pile 2", "")
            .lines()
            .filter(|line| !line.starts_with("pile 2:"))
            .map(|line| [line, "\n"].concat())
            .collect();
        let found = messages(&read(&no_pile_2, None).unwrap_err());
        assert!(
            found[0].starts_with("no line for pile 2: piles 1 to 7"),
            "{found:?}"
        );
    }

    #[test]
    fn every_problem_of_the_table_is_named_at_once_where_it_is() {
        let reached = half_played();
        let setup = reached.setup();
        let top = |pile: usize| setup.piles[pile].face_up.last().copied().flatten();
        let base = write(&Table::of_position(&reached), Format::Position).expect("text");
        // Pile 1 given a card of pile 2's on top of its own, out of order; the foundations a
        // card laid out; pile 3 its face-up cards turned down.
        let pile = |number: usize| {
            let line = base
                .lines()
                .find(|l| l.starts_with(&format!("pile {number}:")));
            line.expect("the pile")
                .split_once(": ")
                .map_or(String::new(), |(_, v)| v.to_string())
        };
        let doubled = top(1).expect("pile 2 has a known top");
        let mut text = base.replacen(
            &format!("pile 1: {}", pile(1)),
            &format!("pile 1: {} {doubled}", pile(1)),
            1,
        );
        let down = pile(3).replace('/', "");
        text = text.replacen(
            &format!("pile 3: {}", pile(3)),
            &format!("pile 3: {down} /"),
            1,
        );
        let found = messages(&read(&text, None).expect_err("bad table"));
        let line = |key| line_of(&text, key);
        // Named where its second copy lies, pile 2's top card.
        let doubled_at = format!("pile 2: {}", pile(2)).chars().count() - 1;
        assert!(
            found.contains(&format!(
                "{}:{doubled_at}: {doubled} is laid out twice: in pile 1 and in pile 2",
                line("pile 2")
            )),
            "{found:#?}"
        );
        assert!(
            found.contains(&format!(
                "{}:1: pile 1's face-up cards are not a run: {doubled} cannot lie on {} (face \
                 up, each card is one rank lower than the card under it and of the other colour)",
                line("pile 1"),
                top(0).expect("pile 1 has a known top")
            )),
            "{found:#?}"
        );
        assert!(
            found.contains(&format!(
                "{}:1: pile 3 has cards face down but none face up: play turns a pile's top card \
                 face up as soon as it is uncovered, so write its top card face up",
                line("pile 3")
            )),
            "{found:#?}"
        );
        // Pile 3 is dealt 2 cards face down: more cannot be.
        let down_count = down.split_whitespace().count();
        assert!(
            found.contains(&format!(
                "{}:1: pile 3 has {down_count} cards face down, but a new deal leaves it 2, and \
                 play never adds one (pile N is dealt N-1 face down)",
                line("pile 3")
            )),
            "{found:#?}"
        );
        assert!(
            found.iter().any(|f| f.contains(
                "on the foundations make 53, but a pack has 52 (a \
                                     foundation's top card stands for every lower card of its \
                                     suit)"
            )),
            "{found:#?}"
        );
        assert_eq!(found.len(), 5, "{found:#?}");
        // A card of the foundations laid out again, and a card left out of the pack.
        let ace = setup.foundations[0];
        let waste = format!("{} {ace}", pile_words(&base, "waste"));
        let found = messages(&read(&with_line("waste", &waste), None).unwrap_err());
        assert!(
            found[0].contains(&format!(
                "{ace} is laid out twice: in the {} foundation and in the waste (a \
                 foundation's top card stands for every lower card of its suit)",
                ace.suit().plural_name()
            )),
            "{found:#?}"
        );
        let short = pile_words(&base, "waste");
        let (gone, rest) = short.split_once(' ').expect("a waste of several cards");
        let found = messages(&read(&with_line("waste", rest), None).unwrap_err());
        assert_eq!(found, [format!("1 card missing: {gone}")]);
        // A card not known stands for it.
        let unknown = format!("?? {rest}");
        assert!(read(&with_line("waste", &unknown), None).is_ok());
    }

    /// The cards on a line of a text.
    fn pile_words(text: &str, key: &str) -> String {
        text.lines()
            .find_map(|line| line.strip_prefix(&format!("{key}: ")))
            .expect("the line")
            .to_string()
    }

    #[test]
    fn a_bad_line_hides_no_problem_of_the_table_and_a_card_twice_in_a_pile_is_placed_in_it() {
        // Pile 4 given 6s twice (Tc left out) and a redeals line that is no count.
        let text = include_str!("../../../../tests/data/klondike-position.txt")
            .replace("pile 4: 6s Tc / 3d", "pile 4: 6s 6s / 3d")
            .replace("redeals: 0", "redeals: two");
        let found = messages(&read(&text, None).expect_err("bad lines"));
        assert_eq!(
            found,
            [
                "14:10: 'two' is not a count of redeals: a whole number such as 0 or 2",
                "7:12: 6s is laid out twice: in pile 4, cards 1 and 2 from its bottom",
            ],
        );
        // With the lines read, the card left out is named too.
        let counted = text.replace("redeals: two", "redeals: 0");
        let found = messages(&read(&counted, None).expect_err("bad table"));
        assert_eq!(found.len(), 2, "{found:#?}");
        assert!(found[1].ends_with("1 card missing: Tc"), "{found:#?}");
    }
}

//! Positions laid out by hand rather than dealt, and the one check every such layout passes: a
//! game under way as a player sees it (piles of any length, a waste, a stock, cards on the
//! foundations, redeals made), and any number of piles and any set of cards, so that tests can
//! play reduced decks (16 cards, ranks A-4, four piles) small enough to search exhaustively;
//! and typing in a card that turned up unknown.

use std::fmt;

use super::{Pile, Position, slot};
use crate::cards::card::{Card, DECK_SIZE, Rank, Suit};
use crate::cards::deal::missing_text;
use crate::cards::excerpt::counted;
use crate::cards::tableau::builds_on;
use crate::games::klondike::rules::Rules;

/// Where a card lies in a layout, for the problems that name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Spot {
    /// A pile (counted from 0) and the card in it, counted from its bottom, face-down cards
    /// first.
    Pile { pile: usize, card: usize },
    /// The stock, counted from the card drawn first.
    Stock(usize),
    /// The waste, counted from its bottom.
    Waste(usize),
    /// A suit's foundation.
    Foundation(Suit),
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spot::Pile { pile, .. } => write!(f, "pile {}", pile + 1),
            Spot::Stock(_) => f.write_str("the stock"),
            Spot::Waste(_) => f.write_str("the waste"),
            Spot::Foundation(suit) => write!(f, "the {} foundation", suit.plural_name()),
        }
    }
}

/// How many cards a layout is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pack {
    /// The whole pack of 52: the cards not known (`??`) are the rest of it, so the cards
    /// laid out, the unknown ones and the foundations' add up to 52.
    Whole,
    /// Just the cards laid out, as many as there are (a reduced deck).
    AsLaidOut,
}

/// One thing wrong with a layout, said so that a player sees what to change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupProblem {
    #[error("{card} is laid out twice: {}", twice(*first, *second))]
    Duplicate {
        card: Card,
        first: Spot,
        second: Spot,
    },
    /// A pile's face-up cards that do not build down: the first two that do not, the lower
    /// first (`None` for a card not known).
    #[error("pile {pile}'s face-up cards are not a run: {}", broken_run(*under, *over))]
    NotARun {
        pile: usize,
        under: Option<Card>,
        over: Option<Card>,
    },
    #[error(
        "pile {0} has cards face down but none face up: play turns a pile's top card face up \
         as soon as it is uncovered, so write its top card face up"
    )]
    NothingFaceUp(usize),
    #[error(
        "pile {pile} has {} face down, but a new deal leaves it {}, and play never adds one \
         (pile N is dealt N-1 face down)",
        counted(*.face_down, "card"),
        dealt_face_down(*.pile)
    )]
    TooManyFaceDown { pile: usize, face_down: usize },
    #[error("{0} piles are too many: a game has at most 255")]
    TooManyPiles(usize),
    #[error(
        "the {} foundation is given two top cards: write only its top card, which stands for \
         every lower card of its suit",
        .0.plural_name()
    )]
    FoundationTwice(Suit),
    #[error(
        "{} laid out and {} on the foundations make {}, but a pack has {DECK_SIZE} (a \
         foundation's top card stands for every lower card of its suit)",
        counted(*.laid_out, "card"),
        .on_foundations,
        .laid_out + .on_foundations
    )]
    TooMany {
        laid_out: usize,
        on_foundations: usize,
    },
    #[error(
        "{}",
        missing_text(.missing, *.unknown, "nowhere in the position", "not known (??)")
    )]
    Missing { missing: Vec<Card>, unknown: usize },
}

/// How many cards a new deal leaves face down on pile `pile` (counted from 1): "none", "6".
fn dealt_face_down(pile: usize) -> String {
    match pile.saturating_sub(1) {
        0 => "none".to_string(),
        down => down.to_string(),
    }
}

/// Why a face-up run breaks where it does: `over` cannot lie on `under`, or a card not known
/// lies face up with other cards (it matches nothing, so nothing is ever played on it, and
/// it is never played onto another card).
fn broken_run(under: Option<Card>, over: Option<Card>) -> String {
    match (under, over) {
        (Some(under), Some(over)) => format!(
            "{over} cannot lie on {under} (face up, each card is one rank lower than the card \
             under it and of the other colour)"
        ),
        _ => "a card not known (??) lies face up only alone, as a pile's one face-up card"
            .to_string(),
    }
}

impl SetupProblem {
    /// The card the problem is at, when it is one card.
    pub fn spot(&self) -> Option<Spot> {
        match self {
            SetupProblem::Duplicate { second, .. } => Some(*second),
            _ => None,
        }
    }
}

/// Where a card laid out twice lies: "in pile 1 and in the waste", or, both in one pile,
/// the waste or the stock, that part and the two places in it ("in pile 2, cards 1 and 3
/// from its bottom"), for "in pile 2 and in pile 2" would not say where to look.
fn twice(first: Spot, second: Spot) -> String {
    let within = match (first, second) {
        (
            Spot::Pile { pile, card },
            Spot::Pile {
                pile: other,
                card: again,
            },
        ) if pile == other => Some((card, again, "from its bottom")),
        (Spot::Waste(at), Spot::Waste(again)) => Some((at, again, "from its bottom")),
        (Spot::Stock(at), Spot::Stock(again)) => Some((at, again, "in the order drawn")),
        _ => None,
    };
    let placed = match within {
        Some((at, again, counted)) => {
            format!("in {first}, cards {} and {} {counted}", at + 1, again + 1)
        }
        None => format!("in {first} and in {second}"),
    };
    // A card below a foundation's top card is not written, so say why it is there.
    let foundation = [first, second]
        .iter()
        .any(|spot| matches!(spot, Spot::Foundation(_)));
    if foundation {
        format!("{placed} (a foundation's top card stands for every lower card of its suit)")
    } else {
        placed
    }
}

/// Every problem of a layout, one per line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct SetupProblems(pub Vec<SetupProblem>);

impl fmt::Display for SetupProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&lines.join("\n"))
    }
}

/// A position as a player lays it out: the piles (each its face-down cards, known or not, and
/// its face-up run, bottom first), the stock (first drawn first), the waste (bottom first: its
/// last card is the one to play), the top card of each foundation that holds any, and the
/// redeals made. A deal at its start is one, with no waste, foundations or redeals.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Setup {
    pub piles: Vec<Pile>,
    pub stock: Vec<Option<Card>>,
    pub waste: Vec<Option<Card>>,
    /// The top cards of the foundations that hold any, in any order: the cards under each
    /// are all the lower ranks of its suit.
    pub foundations: Vec<Card>,
    /// Times the waste has been turned back into the stock; at or past the rules' limit, no
    /// redeal is left.
    pub redeals: u32,
}

impl Setup {
    /// Piles and a stock, nothing played yet.
    pub fn of_piles(piles: Vec<Pile>, stock: Vec<Option<Card>>) -> Setup {
        Setup {
            piles,
            stock,
            ..Setup::default()
        }
    }

    /// Every card laid out, `None` for one not known, where it lies: the piles' (face down,
    /// then face up, pile by pile), the stock's and the waste's; not the foundations'.
    pub fn laid_out(&self) -> impl Iterator<Item = (Option<Card>, Spot)> + '_ {
        let piles = self.piles.iter().enumerate().flat_map(|(pile, cards)| {
            cards
                .face_down
                .iter()
                .chain(&cards.face_up)
                .enumerate()
                .map(move |(card, &slot)| (slot, Spot::Pile { pile, card }))
        });
        let stock = (self.stock.iter().enumerate()).map(|(at, &slot)| (slot, Spot::Stock(at)));
        let waste = (self.waste.iter().enumerate()).map(|(at, &slot)| (slot, Spot::Waste(at)));
        piles.chain(stock).chain(waste)
    }

    /// The cards on the foundations, each with its suit's foundation, from the Ace up.
    fn on_foundations(&self) -> impl Iterator<Item = (Card, Spot)> + '_ {
        self.foundations.iter().flat_map(|top| {
            (1..=top.rank().value())
                .filter_map(Rank::new)
                .map(|rank| (Card::new(rank, top.suit()), Spot::Foundation(top.suit())))
        })
    }

    /// Every problem of the layout at once: a card in two places (a foundation's cards
    /// included), a suit's foundation given twice, a face-up run out of order or a pile with
    /// no face-up card over face-down ones, too many piles; with the whole pack, a pile with
    /// more face-down cards than it is dealt (pile N is dealt N-1), cards past 52 or missing
    /// beyond the unknown ones.
    pub fn problems(&self, pack: Pack) -> Vec<SetupProblem> {
        let mut problems = Vec::new();
        if self.piles.len() > usize::from(u8::MAX) {
            problems.push(SetupProblem::TooManyPiles(self.piles.len()));
        }
        let mut suits_given = [false; 4];
        for top in &self.foundations {
            let given = &mut suits_given[slot(top.suit())];
            if *given {
                problems.push(SetupProblem::FoundationTwice(top.suit()));
            }
            *given = true;
        }
        let mut first_spot: [Option<Spot>; DECK_SIZE] = [None; DECK_SIZE];
        let known = self.on_foundations().chain(
            self.laid_out()
                .filter_map(|(slot, spot)| Some((slot?, spot))),
        );
        for (card, spot) in known {
            match first_spot[card.index()] {
                Some(first) if first != spot => problems.push(SetupProblem::Duplicate {
                    card,
                    first,
                    second: spot,
                }),
                Some(_) => {}
                None => first_spot[card.index()] = Some(spot),
            }
        }
        for (number, pile) in self.piles.iter().enumerate() {
            if let Some((under, over)) = first_break(&pile.face_up) {
                problems.push(SetupProblem::NotARun {
                    pile: number + 1,
                    under,
                    over,
                });
            }
            if pile.face_up.is_empty() && !pile.face_down.is_empty() {
                problems.push(SetupProblem::NothingFaceUp(number + 1));
            }
            // Pile N of a whole pack's deal is dealt N-1 cards face down and play only ever
            // turns them up; a reduced deck's piles are laid out as a test pleases.
            if pack == Pack::Whole && pile.face_down.len() > number {
                problems.push(SetupProblem::TooManyFaceDown {
                    pile: number + 1,
                    face_down: pile.face_down.len(),
                });
            }
        }
        if pack == Pack::Whole {
            problems.extend(self.count_problem(&first_spot));
        }
        problems
    }

    /// With the whole pack: the cards laid out and on the foundations past 52, or the cards
    /// nowhere in the position more than the unknown ones.
    fn count_problem(&self, first_spot: &[Option<Spot>; DECK_SIZE]) -> Option<SetupProblem> {
        let laid_out = self.laid_out().count();
        let on_foundations = self.on_foundations().count();
        if laid_out + on_foundations > DECK_SIZE {
            return Some(SetupProblem::TooMany {
                laid_out,
                on_foundations,
            });
        }
        let unknown = self.laid_out().filter(|(slot, _)| slot.is_none()).count();
        let missing: Vec<Card> = Card::all()
            .filter(|card| first_spot[card.index()].is_none())
            .collect();
        (missing.len() > unknown).then_some(SetupProblem::Missing { missing, unknown })
    }
}

/// The first two cards of a face-up run, from its bottom, that do not build down (one rank
/// lower, the other colour), the lower first; a card not known builds with none. `None` when
/// the run is one.
fn first_break(run: &[Option<Card>]) -> Option<(Option<Card>, Option<Card>)> {
    if run.len() < 2 {
        return None;
    }
    run.windows(2).find_map(|pair| match *pair {
        [Some(under), Some(over)] if builds_on(under, over) => None,
        [under, over] => Some((under, over)),
        _ => None,
    })
}

/// Where an unknown card the player now sees lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seen {
    /// The face-up top card of a pile, counted from 0.
    PileTop(usize),
    /// The waste's top card.
    WasteTop,
    /// A card of the waste, counted from its bottom: one a draw fanned out under the top
    /// (see [`Position::fanned`]), which the player saw too.
    Waste(usize),
}

/// A place a card is typed in: a pile's top, or a place of the waste (counted from its
/// bottom) or of the stock (counted from the card drawn first).
#[derive(Debug, Clone, Copy)]
enum Place {
    PileTop(usize),
    Waste(usize),
    Stock(usize),
}

/// Why a card cannot be typed in.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RevealError {
    #[error("there is no card waiting to be typed in there")]
    NotUnknown,
    #[error("{0} is already in the game")]
    AlreadyInGame(Card),
}

impl Position {
    /// A position laid out by hand, checked ([`Setup::problems`]) as a layout of `pack`.
    pub fn set_up(setup: Setup, rules: Rules, pack: Pack) -> Result<Position, SetupProblems> {
        let problems = setup.problems(pack);
        if !problems.is_empty() {
            return Err(SetupProblems(problems));
        }
        let mut foundations = [0; 4];
        for top in &setup.foundations {
            foundations[slot(top.suit())] = top.rank().value();
        }
        Ok(Position {
            piles: setup.piles,
            stock: setup.stock,
            waste: setup.waste,
            foundations,
            redeals: setup.redeals,
            rules,
        })
    }

    /// A position laid out by hand: piles (each its face-down cards and its face-up run,
    /// bottom first), the stock (first drawn first), empty waste and foundations. Any number
    /// of piles and any set of cards: a game is won when they are all on the foundations, so
    /// a deck missing a rank below another of its suit cannot be won.
    pub fn from_piles(
        piles: Vec<Pile>,
        stock: Vec<Option<Card>>,
        rules: Rules,
    ) -> Result<Position, SetupProblems> {
        Position::set_up(Setup::of_piles(piles, stock), rules, Pack::AsLaidOut)
    }

    /// The position as a player lays it out: what [`Position::set_up`] takes back.
    pub fn setup(&self) -> Setup {
        Setup {
            piles: self.piles.clone(),
            stock: self.stock.clone(),
            waste: self.waste.clone(),
            foundations: Suit::ALL
                .into_iter()
                .filter_map(|suit| self.foundation_top(suit))
                .collect(),
            redeals: self.redeals,
        }
    }
    /// The same position with its unknown cards given `cards`, in the order of
    /// [`Position::in_play`] (the piles' from pile 1, each face down then face up, the stock's,
    /// the waste's); the unknown cards past the end of `cards` stay unknown.
    #[must_use]
    pub fn with_unknown_as(&self, cards: &[Card]) -> Position {
        let mut next = self.clone();
        let mut cards = cards.iter().copied();
        let places = next
            .piles
            .iter_mut()
            .flat_map(|pile| pile.face_down.iter_mut().chain(pile.face_up.iter_mut()))
            .chain(next.stock.iter_mut())
            .chain(next.waste.iter_mut());
        for place in places.filter(|place| place.is_none()) {
            *place = cards.next();
        }
        next
    }

    /// The same position with the unknown card the player sees at `seen` typed in.
    pub fn reveal(&self, seen: Seen, card: Card) -> Result<Position, RevealError> {
        let place = match seen {
            Seen::PileTop(pile) => Place::PileTop(pile),
            Seen::WasteTop => Place::Waste(self.waste.len().wrapping_sub(1)),
            Seen::Waste(at) => Place::Waste(at),
        };
        self.typed_in(place, card)
    }

    /// The places of the waste that a draw fans out, from its bottom: its last cards, as
    /// many as a draw turns. The player sees them all, not only the top.
    pub fn fanned(&self) -> std::ops::Range<usize> {
        self.waste.len().saturating_sub(self.rules.draw_count())..self.waste.len()
    }

    /// The same position with the unknown card at place `at` of the stock (0 the card drawn
    /// first) typed in: a card the player saw by going round the stock.
    pub fn reveal_in_stock(&self, at: usize, card: Card) -> Result<Position, RevealError> {
        self.typed_in(Place::Stock(at), card)
    }

    fn typed_in(&self, place: Place, card: Card) -> Result<Position, RevealError> {
        let known = self
            .in_play()
            .flatten()
            .chain(self.foundation_cards())
            .any(|other| other == card);
        let mut next = self.clone();
        let slot = match place {
            Place::PileTop(pile) => next.piles.get_mut(pile).and_then(|p| p.face_up.last_mut()),
            Place::Waste(at) => next.waste.get_mut(at),
            Place::Stock(at) => next.stock.get_mut(at),
        };
        match slot {
            Some(slot @ None) if !known => *slot = Some(card),
            Some(None) => return Err(RevealError::AlreadyInGame(card)),
            _ => return Err(RevealError::NotUnknown),
        }
        Ok(next)
    }
}

//! The moves and the rules that allow them: each move is checked on its own, and the legal
//! moves are every move that passes the check, so that listing and checking never disagree.

use super::{Foundation, Pile, Position};
use crate::cards::card::Card;
use crate::cards::stock::StockProblem;
use crate::cards::tableau::{self, FamilyReferee, RunProblem, builds_on};
use crate::engine::referee;
use crate::games::triple_klondike::deal::{card_text, pile_letter};
use crate::games::triple_klondike::rules::Passes;

/// One move. Piles and foundations are counted from 0 here (pile N and foundation `b` are 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Turn the stock's next card onto the waste.
    Draw,
    /// Turn the whole waste over into the stock, when the rules allow another pass.
    Redeal,
    /// The waste's top card onto a foundation.
    WasteToFoundation(u8),
    /// The waste's top card onto a pile.
    WasteToPile(u8),
    /// A pile's top card onto a foundation.
    PileToFoundation { from: u8, to: u8 },
    /// The top `count` face-up cards of a pile, as one, onto another pile.
    PileToPile { from: u8, to: u8, count: u8 },
    /// A foundation's top card back onto a pile.
    FoundationToPile { from: u8, to: u8 },
}

tableau::family_move_by_variants!(Move);

/// A foundation's letter: `b` for the first.
pub(crate) fn foundation_letter(foundation: u8) -> char {
    char::from(b'b' + foundation)
}

/// Why a move cannot be made, in words a player understands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("there is no pile {}: the piles are N to {}", pile_letter(usize::from(*.pile)), pile_letter(*.piles - 1))]
    NoSuchPile { pile: u8, piles: usize },
    #[error(
        "there is no foundation {}: the foundations are b to {}",
        foundation_letter(*.foundation),
        foundation_letter(*.foundations as u8 - 1)
    )]
    NoSuchFoundation { foundation: u8, foundations: usize },
    #[error(transparent)]
    Stock(#[from] StockProblem),
    #[error("no pass is left: these rules allow {0} through the stock")]
    NoPassLeft(Passes),
    #[error("{}", .problem.words(&pile_letter(usize::from(*.pile)).to_string(), *.count))]
    Run {
        pile: u8,
        count: u8,
        problem: RunProblem,
    },
    #[error("these rules move a pile's whole face-up run, not part of it")]
    WholeRunsOnly,
    #[error("a run cannot move onto its own pile")]
    SamePile,
    #[error("foundation {} is empty", foundation_letter(*.0))]
    FoundationEmpty(u8),
    #[error("these rules keep the foundations' cards: none may come back to a pile")]
    NoCardsBack,
    #[error("the game is already won: the deal ends there")]
    Won,
    #[error("{} does not go on foundation {}: it takes {wants} next", card_text(*.card), foundation_letter(*.foundation))]
    NotNext {
        card: Card,
        foundation: u8,
        wants: String,
    },
    #[error("{} does not go on {}: a pile takes the next lower card of the other colour", card_text(*.card), card_text(*.onto))]
    DoesNotFit { card: Card, onto: Card },
    #[error("{} cannot fill an empty pile: only a King or a run headed by a King can", card_text(*.0))]
    OnlyKings(Card),
}

impl Position {
    /// Every legal move: foundation moves first, then moves onto piles, then the stock; none
    /// once the game is won.
    pub fn legal_moves(&self) -> Vec<Move> {
        let piles = self.piles.len() as u8;
        let foundations = self.foundations.len() as u8;
        let to_foundations =
            (0..foundations)
                .map(Move::WasteToFoundation)
                .chain((0..piles).flat_map(|from| {
                    (0..foundations).map(move |to| Move::PileToFoundation { from, to })
                }));
        let back = (0..foundations)
            .flat_map(|from| (0..piles).map(move |to| Move::FoundationToPile { from, to }));
        referee::passing(self, tableau::every_move(&self.piles, to_foundations, back))
    }

    /// Checks a move without making it.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        match mv {
            _ if self.is_won() => Err(IllegalMove::Won),
            Move::WasteToFoundation(to) => self.fits_foundation(self.waste_card()?, to),
            Move::PileToFoundation { from, to } => {
                self.fits_foundation(self.run_head(from, 1)?, to)
            }
            Move::FoundationToPile { from, to } => {
                if !self.rules.cards_back {
                    return Err(IllegalMove::NoCardsBack);
                }
                let card = self
                    .foundation_at(from)?
                    .top()
                    .ok_or(IllegalMove::FoundationEmpty(from))?;
                self.fits_pile(card, to)
            }
            family => self.check_family(family),
        }
    }

    /// Makes a move if it is legal, turning up the card it uncovers; the position is
    /// unchanged otherwise.
    pub fn apply(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        match mv {
            Move::WasteToFoundation(to) => {
                let card = self.waste.pop().expect("checked: a waste card");
                self.raise(to, card);
            }
            Move::PileToFoundation { from, to } => {
                let run = self.piles[usize::from(from)].take_run(1);
                self.raise(to, run[0]);
            }
            Move::FoundationToPile { from, to } => {
                let foundation = &mut self.foundations[usize::from(from)];
                let card = foundation.top().expect("checked: a card on the foundation");
                foundation.height -= 1;
                if foundation.height == 0 && !self.rules.tied_suits {
                    foundation.suit = None;
                }
                self.piles[usize::from(to)].face_up.push(card);
            }
            family => self.play_family(family),
        }
        Ok(())
    }

    /// Says a move in words a player can follow at the table, e.g. "Move 7S 6H from pile Q to
    /// pile T" or "Draw KD". Call it before applying the move.
    pub fn describe(&self, mv: Move) -> String {
        let to_pile = |to: u8| {
            let empty = self.piles.get(usize::from(to)).is_some_and(Pile::is_empty);
            let the_empty = if empty { "the empty " } else { "" };
            format!("{the_empty}pile {}", pile_letter(usize::from(to)))
        };
        let shown = |card: Option<Card>| card.map_or_else(|| "?".to_string(), card_text);
        let waste = || shown(self.waste.last().copied());
        let foundation = |f: u8| format!("foundation {}", foundation_letter(f));
        match mv {
            Move::Draw => format!("Draw {}", shown(self.stock.last().copied())),
            Move::Redeal => {
                let count = self.waste.len();
                format!("Turn the waste's {count} card(s) over into the stock")
            }
            Move::WasteToFoundation(to) => {
                format!("Move {} from the waste to {}", waste(), foundation(to))
            }
            Move::WasteToPile(to) => format!("Move {} from the waste to {}", waste(), to_pile(to)),
            Move::PileToFoundation { from, to } => format!(
                "Move {} from pile {} to {}",
                shown(self.piles.get(usize::from(from)).and_then(Pile::top)),
                pile_letter(usize::from(from)),
                foundation(to)
            ),
            Move::PileToPile { from, to, count } => {
                let run = self
                    .piles
                    .get(usize::from(from))
                    .map_or(&[][..], |pile| pile.run(count));
                let cards: Vec<String> = run.iter().map(|&card| card_text(card)).collect();
                format!(
                    "Move {} from pile {} to {}",
                    cards.join(" "),
                    pile_letter(usize::from(from)),
                    to_pile(to)
                )
            }
            Move::FoundationToPile { from, to } => format!(
                "Move {} from {} to {}",
                shown(
                    self.foundations
                        .get(usize::from(from))
                        .and_then(Foundation::top)
                ),
                foundation(from),
                to_pile(to)
            ),
        }
    }

    /// A pile by its number in a move, or why there is none.
    fn pile_at(&self, pile: u8) -> Result<&Pile, IllegalMove> {
        self.piles
            .get(usize::from(pile))
            .ok_or(IllegalMove::NoSuchPile {
                pile,
                piles: self.piles.len(),
            })
    }

    /// A foundation by its number in a move, or why there is none.
    fn foundation_at(&self, foundation: u8) -> Result<&Foundation, IllegalMove> {
        self.foundations
            .get(usize::from(foundation))
            .ok_or(IllegalMove::NoSuchFoundation {
                foundation,
                foundations: self.foundations.len(),
            })
    }

    /// The first card of the run made of a pile's top `count` face-up cards.
    fn run_head(&self, from: u8, count: u8) -> Result<Card, IllegalMove> {
        self.pile_at(from)?
            .run_head(count)
            .map_err(|problem| IllegalMove::Run {
                pile: from,
                count,
                problem,
            })
    }

    /// Whether a card goes on a foundation now.
    fn fits_foundation(&self, card: Card, to: u8) -> Result<(), IllegalMove> {
        let foundation = self.foundation_at(to)?;
        let suit = foundation.suit.unwrap_or(card.suit());
        let next = if foundation.height == 13 {
            None
        } else {
            crate::cards::card::Rank::new(foundation.height + 1).map(|rank| Card::new(rank, suit))
        };
        if next == Some(card) {
            return Ok(());
        }
        let wants = match (next, foundation.suit) {
            (None, _) => "nothing: it is full".to_string(),
            (Some(_), None) => "an Ace".to_string(),
            (Some(next), Some(suit)) if foundation.height == 0 => {
                format!("the Ace of {} ({})", suit.plural_name(), card_text(next))
            }
            (Some(next), Some(_)) => card_text(next),
        };
        Err(IllegalMove::NotNext {
            card,
            foundation: to,
            wants,
        })
    }

    /// Puts a card on a foundation checked to take it.
    fn raise(&mut self, to: u8, card: Card) {
        let foundation = &mut self.foundations[usize::from(to)];
        foundation.suit = Some(card.suit());
        foundation.height += 1;
    }
}

impl FamilyReferee for Position {
    type Slot = Card;
    type Move = Move;
    type Illegal = IllegalMove;
    const SAME_PILE: IllegalMove = IllegalMove::SamePile;

    fn stock_and_waste(&self) -> (usize, usize) {
        (self.stock.len(), self.waste.len())
    }

    fn waste_and_piles(&mut self) -> (&mut Vec<Card>, &mut [Pile]) {
        (&mut self.waste, &mut self.piles)
    }

    /// Whether the rules leave another pass through the stock, or why not.
    fn pass_left(&self) -> Result<(), IllegalMove> {
        let passes = self.rules.passes;
        let left = self.rules.may_redeal(self.redeals);
        left.then_some(()).ok_or(IllegalMove::NoPassLeft(passes))
    }

    /// The waste's top card.
    fn waste_card(&self) -> Result<Card, IllegalMove> {
        Ok(self.waste.last().copied().ok_or(StockProblem::WasteEmpty)?)
    }

    /// The run's head, when the rules move part of a pile's face-up run or it is the whole.
    fn movable_run(&self, from: u8, count: u8) -> Result<Card, IllegalMove> {
        let card = self.run_head(from, count)?;
        let whole = self.piles[usize::from(from)].face_up.len();
        if !self.rules.part_runs && usize::from(count) != whole {
            return Err(IllegalMove::WholeRunsOnly);
        }
        Ok(card)
    }

    /// Whether a card (or the run it heads) goes on a pile.
    fn fits_pile(&self, card: Card, to: u8) -> Result<(), IllegalMove> {
        let pile = self.pile_at(to)?;
        match pile.top() {
            None if card.is_king() => Ok(()),
            None => Err(IllegalMove::OnlyKings(card)),
            Some(onto) if builds_on(onto, card) => Ok(()),
            Some(onto) => Err(IllegalMove::DoesNotFit { card, onto }),
        }
    }

    fn draw(&mut self) {
        let card = self.stock.pop().expect("checked: a stock card");
        self.waste.push(card);
    }

    fn turn_over(&mut self) {
        // The waste's bottom card was drawn first, and is drawn first again.
        self.stock = std::mem::take(&mut self.waste);
        self.stock.reverse();
        self.redeals += 1;
    }
}

//! The moves of Klondike and the rules that allow them: each move is checked on its own,
//! and the legal moves are simply every move that passes the check, so that listing and
//! checking can never disagree.

use std::iter;

use super::{Pile, Position, slot};
use crate::cards::card::{Card, Rank, Suit};
use crate::cards::stock::StockProblem;
use crate::cards::tableau::{self, FamilyReferee, RunProblem, builds_on};
use crate::engine::referee;
use crate::games::klondike::deal::card_text;
use crate::games::klondike::rules::{EmptyPile, Passes};

/// One move. Piles are counted from 0 here (pile 1 is `0`); words and text count from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Turn the rules' number of stock cards (or the fewer left) onto the waste.
    Draw,
    /// Turn the whole waste back into the stock, in the same order.
    Redeal,
    /// The waste's top card onto its foundation.
    WasteToFoundation,
    /// The waste's top card onto a pile.
    WasteToPile(u8),
    /// A pile's top card onto its foundation.
    PileToFoundation(u8),
    /// The top `count` face-up cards of a pile, as a unit, onto another pile.
    PileToPile { from: u8, to: u8, count: u8 },
    /// A foundation's top card back onto a pile, when the rules allow it.
    FoundationToPile { suit: Suit, to: u8 },
}

tableau::family_move_by_variants!(Move);

/// A pile's number as people count it, from 1.
fn number(pile: u8) -> u16 {
    u16::from(pile) + 1
}

/// Why a move cannot be made, in words a player understands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("there is no pile {}: the piles are 1 to {piles}", number(*.pile))]
    NoSuchPile { pile: u8, piles: usize },
    #[error(transparent)]
    Stock(#[from] StockProblem),
    #[error("no redeal is left: these rules allow {0} through the stock")]
    NoPassLeft(Passes),
    #[error("{}", .problem.words(&number(*.pile).to_string(), *.count))]
    Run {
        pile: u8,
        count: u8,
        problem: RunProblem,
    },
    #[error("a run cannot move onto its own pile")]
    SamePile,
    #[error("the {} foundation is empty", .0.plural_name())]
    FoundationEmpty(Suit),
    #[error("these rules keep the foundations' cards: none may come back to a pile")]
    NoFoundationToTableau,
    #[error("the card on top of pile {} is not known yet: type it in first", number(*.0))]
    UnknownInPile(u8),
    #[error("the waste card is not known yet: type it in first")]
    UnknownWaste,
    #[error("the game is already won: the deal ends there")]
    Won,
    #[error(
        "the card on top of pile {} is not known yet: type it in before building on it",
        number(*.0)
    )]
    UnknownTarget(u8),
    #[error(
        "{card} cannot go to the foundation yet: the {} foundation takes {next} next",
        .card.suit().plural_name()
    )]
    NotNextOnFoundation { card: Card, next: Card },
    #[error("{card} does not go on {onto}: a pile takes the next lower card of the other colour")]
    DoesNotFit { card: Card, onto: Card },
    #[error("{0} cannot fill an empty pile: only a King can")]
    OnlyKings(Card),
}

impl IllegalMove {
    /// Why a move written in a file (a `# moves:` line) cannot be made: a card not known is
    /// written in the file, where the app has it typed in.
    pub fn in_a_file(&self) -> String {
        match self {
            IllegalMove::UnknownInPile(pile) => format!(
                "the card on top of pile {} is not known yet (??): write it in the file first",
                number(*pile)
            ),
            IllegalMove::UnknownWaste => {
                "the waste card is not known yet (??): write it in the file first".to_string()
            }
            IllegalMove::UnknownTarget(pile) => format!(
                "the card on top of pile {} is not known yet (??): write it in the file \
                 before building on it",
                number(*pile)
            ),
            other => other.to_string(),
        }
    }
}

impl Position {
    /// Every legal move: foundation moves first, then moves onto piles, then the stock; none
    /// once the game is won.
    pub fn legal_moves(&self) -> Vec<Move> {
        let piles = self.piles.len() as u8;
        let to_foundations =
            iter::once(Move::WasteToFoundation).chain((0..piles).map(Move::PileToFoundation));
        let back = Suit::ALL
            .into_iter()
            .flat_map(|suit| (0..piles).map(move |to| Move::FoundationToPile { suit, to }));
        referee::passing(self, tableau::every_move(&self.piles, to_foundations, back))
    }

    /// Checks a move without making it.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        match mv {
            _ if self.is_won() => Err(IllegalMove::Won),
            Move::WasteToFoundation => self.fits_foundation(self.waste_card()?),
            Move::PileToFoundation(from) => self.fits_foundation(self.run_head(from, 1)?),
            Move::FoundationToPile { suit, to } => {
                if !self.rules.foundation_to_tableau {
                    return Err(IllegalMove::NoFoundationToTableau);
                }
                let card = self
                    .foundation_top(suit)
                    .ok_or(IllegalMove::FoundationEmpty(suit))?;
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
            Move::WasteToFoundation => {
                let card = self.waste.pop().flatten().expect("checked: a known card");
                self.foundations[slot(card.suit())] += 1;
            }
            Move::PileToFoundation(from) => {
                let run = self.piles[from as usize].take_run(1);
                let card = run[0].expect("checked: a known card");
                self.foundations[slot(card.suit())] += 1;
            }
            Move::FoundationToPile { suit, to } => {
                let card = self.foundation_top(suit);
                self.foundations[slot(suit)] -= 1;
                self.piles[to as usize].face_up.push(card);
            }
            family => self.play_family(family),
        }
        Ok(())
    }

    /// Says a move in words a player can follow at the table, e.g. "Move 7h from pile 3 to
    /// pile 5" or "Draw 3: Qs Jd 4c" (the last card named is the one that can be played).
    /// Call it before applying the move.
    pub fn describe(&self, mv: Move) -> String {
        let to_pile = |to: u8| {
            let empty = self.pile(to as usize).is_some_and(Pile::is_empty);
            let the_empty = if empty { "the empty " } else { "" };
            format!("{the_empty}pile {}", number(to))
        };
        let waste = || card_text(self.waste.last().copied().flatten());
        match mv {
            Move::Draw => {
                let count = self.rules.draw_count().min(self.stock.len());
                let cards: Vec<String> =
                    self.stock[..count].iter().map(|&c| card_text(c)).collect();
                format!("Draw {count}: {}", cards.join(" "))
            }
            Move::Redeal => {
                let s = if self.waste.len() == 1 { "" } else { "s" };
                let count = self.waste.len();
                format!("Redeal: the waste's {count} card{s} back to the stock")
            }
            Move::WasteToFoundation => format!("Move {} from the waste to the foundation", waste()),
            Move::WasteToPile(to) => format!("Move {} from the waste to {}", waste(), to_pile(to)),
            Move::PileToFoundation(from) => {
                let card = self.pile(from as usize).and_then(Pile::top);
                let from = number(from);
                format!(
                    "Move {} from pile {from} to the foundation",
                    card_text(card)
                )
            }
            Move::PileToPile { from, to, count } => {
                let run = self
                    .pile(from as usize)
                    .map_or(&[][..], |pile| pile.run(count));
                let cards: Vec<String> = run.iter().map(|&card| card_text(card)).collect();
                let target = to_pile(to);
                format!(
                    "Move {} from pile {} to {target}",
                    cards.join(" "),
                    number(from)
                )
            }
            Move::FoundationToPile { suit, to } => format!(
                "Move {} from the foundation to {}",
                card_text(self.foundation_top(suit)),
                to_pile(to)
            ),
        }
    }

    /// A pile by its number in a move, or why there is none.
    fn pile_at(&self, pile: u8) -> Result<&Pile, IllegalMove> {
        self.piles
            .get(pile as usize)
            .ok_or(IllegalMove::NoSuchPile {
                pile,
                piles: self.piles.len(),
            })
    }

    /// The first card of the run made of a pile's top `count` face-up cards, known.
    fn run_head(&self, from: u8, count: u8) -> Result<Card, IllegalMove> {
        let head = self
            .pile_at(from)?
            .run_head(count)
            .map_err(|problem| IllegalMove::Run {
                pile: from,
                count,
                problem,
            })?;
        // An unknown card is alone in its run (nothing is built on it), so checking the head
        // checks the whole run.
        head.ok_or(IllegalMove::UnknownInPile(from))
    }

    /// Whether a card goes on its foundation now.
    fn fits_foundation(&self, card: Card) -> Result<(), IllegalMove> {
        let top = self.foundation(card.suit());
        if card.rank().value() == top + 1 {
            return Ok(());
        }
        let next = Rank::new(top + 1).map(|rank| Card::new(rank, card.suit()));
        Err(IllegalMove::NotNextOnFoundation {
            card,
            next: next.expect("a foundation below the card's rank takes a next card"),
        })
    }
}

impl FamilyReferee for Position {
    type Slot = Option<Card>;
    type Move = Move;
    type Illegal = IllegalMove;
    const SAME_PILE: IllegalMove = IllegalMove::SamePile;

    fn stock_and_waste(&self) -> (usize, usize) {
        (self.stock.len(), self.waste.len())
    }

    fn waste_and_piles(&mut self) -> (&mut Vec<Option<Card>>, &mut [Pile]) {
        (&mut self.waste, &mut self.piles)
    }

    /// Whether the rules leave another pass through the stock, or why not.
    fn pass_left(&self) -> Result<(), IllegalMove> {
        let passes = self.rules.passes;
        self.may_redeal()
            .then_some(())
            .ok_or(IllegalMove::NoPassLeft(passes))
    }

    /// The waste's top card, known.
    fn waste_card(&self) -> Result<Card, IllegalMove> {
        self.waste
            .last()
            .ok_or(StockProblem::WasteEmpty)?
            .ok_or(IllegalMove::UnknownWaste)
    }

    fn movable_run(&self, from: u8, count: u8) -> Result<Card, IllegalMove> {
        self.run_head(from, count)
    }

    /// Whether a card (or the run it heads) goes on a pile.
    fn fits_pile(&self, card: Card, to: u8) -> Result<(), IllegalMove> {
        let pile = self.pile_at(to)?;
        match pile.face_up.last() {
            None => match self.rules.empty_pile {
                EmptyPile::KingsOnly if !card.is_king() => Err(IllegalMove::OnlyKings(card)),
                _ => Ok(()),
            },
            Some(None) => Err(IllegalMove::UnknownTarget(to)),
            Some(&Some(onto)) if builds_on(onto, card) => Ok(()),
            Some(&Some(onto)) => Err(IllegalMove::DoesNotFit { card, onto }),
        }
    }

    fn draw(&mut self) {
        let count = self.rules.draw_count().min(self.stock.len());
        self.waste.extend(self.stock.drain(..count));
    }

    fn turn_over(&mut self) {
        // The waste, bottom first, is the order the cards were drawn in.
        self.stock = std::mem::take(&mut self.waste);
        self.redeals += 1;
    }
}

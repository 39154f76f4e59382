//! From the solver's moves to the referee's: each [`Step`] is played on a real position, with
//! the runs where they really lie. A step names a card and where it goes; here the card is
//! found, a free parent or an empty pile is picked, a run in the way is moved onto the card's
//! twin first, and the stock is drawn (and redealt) until the card is on the waste's top. The
//! parent module says why each of these is always possible.

use super::game::{From, Step, To};
use crate::cards::card::{Card, Suit};
use crate::games::klondike::{Move, Pile, Position};

/// Plays the steps from `start` on the referee, returning its moves.
pub fn realize(start: &Position, steps: &[Step]) -> Vec<Move> {
    let mut line = Line {
        position: start.clone(),
        moves: Vec::new(),
    };
    for &step in steps {
        line.step(step);
    }
    line.moves
}

/// A line being played.
struct Line {
    position: Position,
    moves: Vec<Move>,
}

impl Line {
    fn play(&mut self, mv: Move) {
        if let Err(why) = self.position.apply(mv) {
            panic!(
                "the solver's move {mv:?} is legal: {why}\n{}",
                self.position
            );
        }
        self.moves.push(mv);
    }

    fn step(&mut self, step: Step) {
        let card = Card::from_index(usize::from(step.card)).expect("a card number");
        if let From::Stock { .. } = step.from {
            self.draw_to(card);
        }
        let target = match step.to {
            To::Foundation => None,
            To::Parent => Some(self.free_parent(card)),
            To::Empty => Some(self.empty_pile()),
        };
        match (step.from, target) {
            (From::Tableau, None) => {
                let (pile, at) = self.find(card);
                let above = self.position.piles()[pile].face_up.len() - at - 1;
                if above > 0 {
                    // The cards on it go onto its twin, which is then free (parent module).
                    let twin = self.on_top(twin(card));
                    self.play(Move::PileToPile {
                        from: pile as u8,
                        to: twin,
                        count: above as u8,
                    });
                }
                self.play(Move::PileToFoundation(pile as u8));
            }
            (From::Tableau, Some(to)) => {
                let (pile, at) = self.find(card);
                let count = self.position.piles()[pile].face_up.len() - at;
                self.play(Move::PileToPile {
                    from: pile as u8,
                    to,
                    count: count as u8,
                });
            }
            (From::Stock { .. }, None) => self.play(Move::WasteToFoundation),
            (From::Stock { .. }, Some(to)) => self.play(Move::WasteToPile(to)),
            (From::Foundation, to) => self.play(Move::FoundationToPile {
                suit: card.suit(),
                to: to.expect("a foundation card goes to a pile"),
            }),
        }
    }

    /// Draws, and redeals when the stock runs out, until the card is on the waste's top.
    fn draw_to(&mut self, card: Card) {
        let cycle = self.position.stock().len() + self.position.waste().len();
        for _ in 0..=2 * (cycle + 1) {
            if self.position.waste().last() == Some(&Some(card)) {
                return;
            }
            let mv = if self.position.stock().is_empty() {
                Move::Redeal
            } else {
                Move::Draw
            };
            self.play(mv);
        }
        panic!("the solver reaches {card} in the stock\n{}", self.position);
    }

    /// The pile and the face-up place of a tableau card.
    fn find(&self, card: Card) -> (usize, usize) {
        self.position
            .piles()
            .iter()
            .enumerate()
            .find_map(|(number, pile)| {
                let at = pile.face_up.iter().position(|&up| up == Some(card))?;
                Some((number, at))
            })
            .unwrap_or_else(|| panic!("{card} is face up in a pile\n{}", self.position))
    }

    /// The pile whose top card is this one.
    fn on_top(&self, card: Card) -> u8 {
        let pile = self
            .position
            .piles()
            .iter()
            .position(|pile| pile.top() == Some(card));
        pile.unwrap_or_else(|| panic!("{card} is a pile's top\n{}", self.position)) as u8
    }

    /// A pile whose top card takes this card.
    fn free_parent(&self, card: Card) -> u8 {
        let pile = self.position.piles().iter().position(|pile| {
            pile.top().is_some_and(|top| {
                top.rank().value() == card.rank().value() + 1
                    && top.suit().is_red() != card.suit().is_red()
            })
        });
        pile.unwrap_or_else(|| panic!("a pile takes {card}\n{}", self.position)) as u8
    }

    /// An empty pile.
    fn empty_pile(&self) -> u8 {
        let pile = self.position.piles().iter().position(Pile::is_empty);
        pile.unwrap_or_else(|| panic!("a pile is empty\n{}", self.position)) as u8
    }
}

/// The other card of the same rank and colour.
fn twin(card: Card) -> Card {
    let suit = match card.suit() {
        Suit::Clubs => Suit::Spades,
        Suit::Spades => Suit::Clubs,
        Suit::Diamonds => Suit::Hearts,
        Suit::Hearts => Suit::Diamonds,
    };
    Card::new(card.rank(), suit)
}

//! The tableau of the Klondike family: piles of face-down cards under a face-up run built
//! down in alternating colours. What a pile is and how a run leaves it is the same in every
//! game of the family; a game's referee adds its own foundations, stock and words. A pile
//! holds card slots: known cards, or cards that may not be known yet ([`Slot`]).

use super::card::Card;
use super::excerpt::counted;
use super::stock::{self, StockProblem};

/// What lies in a pile's place: a known card, or one that may not be known yet (`None`).
pub trait Slot: Copy {
    /// The card, when it is known.
    fn known(self) -> Option<Card>;
}

impl Slot for Card {
    fn known(self) -> Option<Card> {
        Some(self)
    }
}

impl Slot for Option<Card> {
    fn known(self) -> Option<Card> {
        self
    }
}

/// Whether `upper` may lie on `lower` in a face-up run: one rank lower, of the other colour.
pub fn builds_on(lower: Card, upper: Card) -> bool {
    lower.rank().value() == upper.rank().value() + 1
        && lower.suit().is_red() != upper.suit().is_red()
}

/// One pile of the tableau.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pile<C> {
    /// Face-down cards, bottom first.
    pub face_down: Vec<C>,
    /// The face-up run, bottom first: each card one lower than the one under it and of the
    /// other colour.
    pub face_up: Vec<C>,
}

impl<C> Default for Pile<C> {
    /// An empty pile (whatever its cards would be).
    fn default() -> Pile<C> {
        Pile {
            face_down: Vec::new(),
            face_up: Vec::new(),
        }
    }
}

/// Why a pile cannot give the run a move asks of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunProblem {
    /// The pile holds no card.
    Empty,
    /// The move asks for no card.
    NoCards,
    /// The pile has fewer face-up cards than asked for.
    NotThatMany { face_up: usize },
}

impl RunProblem {
    /// The problem in words, for a move of `count` cards from the pile a game names `pile`
    /// ("3", "Q"): every game of the family says it so, naming its piles its own way.
    pub fn words(self, pile: &str, count: u8) -> String {
        match self {
            RunProblem::Empty => format!("pile {pile} is empty: there is no card to move"),
            RunProblem::NoCards => "a move takes at least one card".to_string(),
            RunProblem::NotThatMany { face_up } => {
                format!(
                    "pile {pile} has {}, not {count}",
                    counted(face_up, "face-up card")
                )
            }
        }
    }
}

impl<C: Slot> Pile<C> {
    /// A pile from its face-down cards and its face-up run, both bottom first.
    pub fn new(face_down: Vec<C>, face_up: Vec<C>) -> Pile<C> {
        Pile { face_down, face_up }
    }

    /// A pile as it is dealt: its cards bottom first, the top one face up.
    pub fn dealt(cards: &[C]) -> Pile<C> {
        let (down, up) = cards.split_at(cards.len().saturating_sub(1));
        Pile::new(down.to_vec(), up.to_vec())
    }

    /// Whether the pile holds no card.
    pub fn is_empty(&self) -> bool {
        self.face_down.is_empty() && self.face_up.is_empty()
    }

    /// Cards in the pile, face down and face up.
    pub fn len(&self) -> usize {
        self.face_down.len() + self.face_up.len()
    }

    /// The top card when it is known (`None` for an empty pile or an unknown top).
    pub fn top(&self) -> Option<Card> {
        self.face_up.last().copied().and_then(Slot::known)
    }

    /// Whether the top card is face up and not known yet.
    pub fn top_is_unknown(&self) -> bool {
        self.face_up
            .last()
            .is_some_and(|&card| card.known().is_none())
    }

    /// The top `count` face-up cards (as many as there are, when fewer).
    pub fn run(&self, count: u8) -> &[C] {
        &self.face_up[self.face_up.len().saturating_sub(usize::from(count))..]
    }

    /// The first card of the run made of the top `count` face-up cards.
    pub fn run_head(&self, count: u8) -> Result<C, RunProblem> {
        if self.is_empty() {
            return Err(RunProblem::Empty);
        }
        if count == 0 {
            return Err(RunProblem::NoCards);
        }
        let face_up = self.face_up.len();
        let start = face_up
            .checked_sub(usize::from(count))
            .ok_or(RunProblem::NotThatMany { face_up })?;
        Ok(self.face_up[start])
    }

    /// Takes the top `count` face-up cards off (checked to be there), turning up the card
    /// that uncovers.
    pub fn take_run(&mut self, count: u8) -> Vec<C> {
        let run = self
            .face_up
            .split_off(self.face_up.len() - usize::from(count));
        self.turn_up();
        run
    }

    /// Turns up the top face-down card when no face-up card is left: part of the move that
    /// uncovered it, not a move of its own.
    fn turn_up(&mut self) {
        if self.face_up.is_empty()
            && let Some(card) = self.face_down.pop()
        {
            self.face_up.push(card);
        }
    }

    /// The pile in a line of text, bottom first: `##` for a face-down card, then the face-up
    /// cards as `text` writes them.
    pub fn picture(&self, text: impl Fn(C) -> String) -> String {
        let cards: Vec<String> = self
            .face_down
            .iter()
            .map(|_| "##".to_string())
            .chain(self.face_up.iter().map(|&card| text(card)))
            .collect();
        cards.join(" ")
    }
}

/// The moves every game of the family makes alike, whatever its own move type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FamilyStep {
    /// Turn the stock's next cards onto the waste.
    Draw,
    /// Turn the waste back over into the stock.
    Redeal,
    /// The waste's top card onto pile `to`.
    WasteToPile(u8),
    /// The top `count` face-up cards of pile `from`, as one, onto pile `to`.
    PileToPile { from: u8, to: u8, count: u8 },
}

/// A game's move type, which holds the family's moves beside the game's own.
pub trait FamilyMove: Copy {
    /// The game's move for one of the family's.
    fn family(step: FamilyStep) -> Self;
    /// The family's move this is; `None` for one of the game's own (its foundations').
    fn family_step(self) -> Option<FamilyStep>;
}

/// Makes a game's move type a [`FamilyMove`] through its variants of the same names (`Draw`,
/// `Redeal`, `WasteToPile(to)`, `PileToPile { from, to, count }`): every game of the family
/// names them so, and this says it once.
macro_rules! family_move_by_variants {
    ($move:ident) => {
        impl $crate::cards::tableau::FamilyMove for $move {
            fn family(step: $crate::cards::tableau::FamilyStep) -> $move {
                use $crate::cards::tableau::FamilyStep;
                match step {
                    FamilyStep::Draw => $move::Draw,
                    FamilyStep::Redeal => $move::Redeal,
                    FamilyStep::WasteToPile(to) => $move::WasteToPile(to),
                    FamilyStep::PileToPile { from, to, count } => {
                        $move::PileToPile { from, to, count }
                    }
                }
            }

            fn family_step(self) -> Option<$crate::cards::tableau::FamilyStep> {
                use $crate::cards::tableau::FamilyStep;
                match self {
                    $move::Draw => Some(FamilyStep::Draw),
                    $move::Redeal => Some(FamilyStep::Redeal),
                    $move::WasteToPile(to) => Some(FamilyStep::WasteToPile(to)),
                    $move::PileToPile { from, to, count } => {
                        Some(FamilyStep::PileToPile { from, to, count })
                    }
                    _ => None,
                }
            }
        }
    };
}
pub(crate) use family_move_by_variants;

/// Every move a game of the family could name, in the order its referee lists them (the
/// rules then say which are legal): the game's own moves onto its foundations
/// (`to_foundations`), the waste onto each pile, each pile's runs of its top 1, 2, ...
/// face-up cards onto each pile, the game's own moves from its foundations back onto piles
/// (`back`), then the draw and the redeal.
pub fn every_move<C, M: FamilyMove>(
    piles: &[Pile<C>],
    to_foundations: impl IntoIterator<Item = M>,
    back: impl IntoIterator<Item = M>,
) -> Vec<M> {
    let count = piles.len() as u8;
    let mut moves: Vec<M> = to_foundations.into_iter().collect();
    moves.extend((0..count).map(|to| M::family(FamilyStep::WasteToPile(to))));
    for (pile, from) in piles.iter().zip(0u8..) {
        for run in 1..=pile.face_up.len() as u8 {
            moves.extend((0..count).map(|to| {
                M::family(FamilyStep::PileToPile {
                    from,
                    to,
                    count: run,
                })
            }));
        }
    }
    moves.extend(back);
    moves.extend([M::family(FamilyStep::Draw), M::family(FamilyStep::Redeal)]);
    moves
}

/// A position of a game of the family, as the family's referee step sees it: each game keeps
/// its own stock order, passes, foundations and words, and lends the step the rest, so that
/// the moves the family makes alike are checked and played alike.
pub trait FamilyReferee {
    /// What lies in a place of the piles, the stock and the waste.
    type Slot: Slot;
    /// The game's moves.
    type Move: FamilyMove;
    /// Why a move cannot be made, in the game's words.
    type Illegal: From<StockProblem>;
    /// That a run cannot move onto its own pile, in the game's words.
    const SAME_PILE: Self::Illegal;

    /// How many cards the stock and the waste hold.
    fn stock_and_waste(&self) -> (usize, usize);
    /// The waste and the piles, to move cards between them.
    fn waste_and_piles(&mut self) -> (&mut Vec<Self::Slot>, &mut [Pile<Self::Slot>]);
    /// Whether the rules leave another pass through the stock, or why not.
    fn pass_left(&self) -> Result<(), Self::Illegal>;
    /// The waste's top card, or why it cannot be played.
    fn waste_card(&self) -> Result<Card, Self::Illegal>;
    /// The first card of the run of pile `from`'s top `count` face-up cards, when the rules
    /// let that run move to another pile.
    fn movable_run(&self, from: u8, count: u8) -> Result<Card, Self::Illegal>;
    /// Whether a card (or the run it heads) goes on pile `to`.
    fn fits_pile(&self, card: Card, to: u8) -> Result<(), Self::Illegal>;
    /// Turns the stock's next cards onto the waste (a move checked legal).
    fn draw(&mut self);
    /// Turns the waste back over into the stock, one more pass (a move checked legal).
    fn turn_over(&mut self);

    /// Checks one of the moves the family makes alike; a game checks its own (its
    /// foundations') itself.
    fn check_family(&self, mv: Self::Move) -> Result<(), Self::Illegal> {
        let (stock, waste) = self.stock_and_waste();
        match family_step(mv) {
            FamilyStep::Draw => Ok(stock::check_draw(stock)?),
            FamilyStep::Redeal => stock::check_turn_over(stock, waste, self.pass_left()),
            FamilyStep::WasteToPile(to) => self.fits_pile(self.waste_card()?, to),
            FamilyStep::PileToPile { from, to, count } => {
                let card = self.movable_run(from, count)?;
                if from == to {
                    return Err(Self::SAME_PILE);
                }
                self.fits_pile(card, to)
            }
        }
    }

    /// Plays one of the moves the family makes alike, checked legal, turning up the card it
    /// uncovers.
    fn play_family(&mut self, mv: Self::Move) {
        match family_step(mv) {
            FamilyStep::Draw => self.draw(),
            FamilyStep::Redeal => self.turn_over(),
            FamilyStep::WasteToPile(to) => {
                let (waste, piles) = self.waste_and_piles();
                let card = waste.pop().expect("checked: a waste card");
                piles[usize::from(to)].face_up.push(card);
            }
            FamilyStep::PileToPile { from, to, count } => {
                let (_, piles) = self.waste_and_piles();
                let run = piles[usize::from(from)].take_run(count);
                piles[usize::from(to)].face_up.extend(run);
            }
        }
    }
}

/// The family's move a game handed to the family's referee step.
fn family_step(mv: impl FamilyMove) -> FamilyStep {
    mv.family_step()
        .expect("a game checks and plays its own moves itself")
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::cards::card::card;

    #[test]
    fn a_run_leaves_its_pile_and_the_card_under_it_turns_up() {
        let mut pile = Pile::new(vec![card("Kc")], vec![card("9h"), card("8s")]);
        assert_eq!(pile.run_head(2), Ok(card("9h")));
        assert_eq!(
            pile.run_head(3),
            Err(RunProblem::NotThatMany { face_up: 2 })
        );
        assert_eq!(pile.run_head(0), Err(RunProblem::NoCards));
        assert_eq!(pile.take_run(2), vec![card("9h"), card("8s")]);
        assert_eq!(pile.face_up, vec![card("Kc")]);
        assert!(pile.face_down.is_empty());
        assert_eq!(Pile::<Card>::default().run_head(1), Err(RunProblem::Empty));
    }

    #[test]
    fn run_problems_name_the_pile_as_the_game_does() {
        let too_few = RunProblem::NotThatMany { face_up: 1 };
        assert_eq!(too_few.words("Q", 3), "pile Q has 1 face-up card, not 3");
        assert_eq!(
            RunProblem::Empty.words("2", 1),
            "pile 2 is empty: there is no card to move"
        );
    }

    #[test]
    fn runs_build_down_in_alternating_colours() {
        assert!(builds_on(card("9h"), card("8s")));
        assert!(!builds_on(card("9h"), card("8d")));
        assert!(!builds_on(card("9h"), card("7s")));
    }

    /// A family's moves, as plain as can be: the listing's order is what is tested.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Move {
        Draw,
        Redeal,
        WasteToPile(u8),
        PileToPile { from: u8, to: u8, count: u8 },
        Foundation,
    }

    family_move_by_variants!(Move);

    #[test]
    fn every_move_names_each_run_onto_each_pile_between_the_games_own() {
        let piles = vec![
            Pile::new(vec![], vec![card("9h"), card("8s")]),
            Pile::new(vec![card("Kc")], vec![]),
        ];
        let moves = every_move(&piles, [Move::Foundation], []);
        let run = |from, to, count| Move::PileToPile { from, to, count };
        assert_eq!(
            moves,
            [
                Move::Foundation,
                Move::WasteToPile(0),
                Move::WasteToPile(1),
                run(0, 0, 1),
                run(0, 1, 1),
                run(0, 0, 2),
                run(0, 1, 2),
                Move::Draw,
                Move::Redeal,
            ]
        );
    }
}

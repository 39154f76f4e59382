//! TriPeaks at the table ([`crate::engine::at_table`]): the chance to clear the tableau, or to
//! reach a Score or Card challenge's target. The referee's moves, the unknown cards dealt in
//! deal order, the exact solver of the challenge, and its two searches as the proofs that hold
//! whatever the unknown cards are: reached with them matching nothing, the target is reached;
//! not reached with them matching anything, it is not; the same most points both ways, those
//! are the points. Then the ranked moves as `hint` gives them, in words and JSON.

use super::answer::{from_saved, seen_slot};
use super::layout::{FIRST_WASTE, FULL, LAYOUT, TABLEAU_SIZE, face_up};
use super::saved::SavedTriPeaks;
use super::solver::{self, BoardAnswer, CardAnswer, Line, ScoreAnswer, Solution};
use super::{Move, Position, notation};
use crate::cards::card::Card;
use crate::cards::deal::Deal;
use crate::engine::at_table::{self, Aim, AimWords, AtTable, Reach, SampleBudget, Settled, Solved};
use crate::engine::goal::Goal;
use crate::engine::kind::GameKind;
use crate::engine::search::Observer;
use crate::engine::verdict;

impl AtTable for Position {
    fn unknown(&self) -> usize {
        self.deal().unknown().count_ones() as usize
    }

    fn seen(&self) -> Vec<Card> {
        self.deal().slots().into_iter().flatten().collect()
    }

    /// The unknown slots take `cards` in deal order; the cards must be missing from the deal
    /// (the rest of the pack, or part of it).
    fn dealt(&self, cards: &[Card]) -> Position {
        let mut cards = cards.iter().copied();
        let slots = self
            .deal()
            .slots()
            .map(|slot| slot.or_else(|| cards.next()));
        let deal = Deal::from_slots(&slots, &LAYOUT).expect("cards missing from the deal");
        Position::from_parts(
            &deal,
            self.remaining(),
            self.drawn(),
            self.waste_slot(),
            self.streak(),
            self.score(),
        )
        .expect("the same position, its cards known")
    }

    /// Won when a line clears the tableau with the unknown cards matching nothing (it plays
    /// whatever they are); lost when none does even with them matching anything.
    fn settled(&self) -> Option<bool> {
        match solver::solve_board(self, &mut ()).answer? {
            Solution {
                answer: BoardAnswer::Cleared(_),
                ..
            } => Some(true),
            Solution {
                bound: None | Some(BoardAnswer::NotClearable(_)),
                ..
            } => Some(false),
            Solution { .. } => None,
        }
    }

    /// An unknown card face up in the tableau, or on the waste: the card `truth` has there.
    fn shown(&self, truth: &Position) -> Option<Position> {
        let slot = seen_slot(self)?;
        self.reveal(slot, truth.card(slot)?).ok()
    }

    fn solve(&self, observer: &mut dyn Observer) -> Solved<Move> {
        match solver::solve_board(self, observer).answer {
            Some(Solution {
                answer: BoardAnswer::Cleared(line),
                ..
            }) => Solved::Won(line.moves),
            Some(_) => Solved::Lost,
            None => Solved::Open,
        }
    }
}

/// A TriPeaks challenge as what a ranking aims at: each deal solved by the challenge's exact
/// solver. A Score challenge counts the most points a deal gives (earlier deals' included),
/// and is reached when they reach its target.
impl Aim<Position> for Goal {
    type Yield = Reach<Move>;

    fn counts_points(&self) -> bool {
        matches!(self, Goal::Score { .. })
    }

    /// A Score challenge with no target of its own asks for the points.
    fn ranks_by_points(&self) -> bool {
        self.asks_most_points(GameKind::TriPeaks.full_score())
    }

    fn settled(&self, position: &Position) -> Settled {
        let needed = self.needed();
        match *self {
            Goal::Board => Settled {
                reached: position.settled(),
                points: None,
            },
            Goal::Score { earned, .. } => {
                let Some(solution) = most_points(position, &mut ()) else {
                    return Settled::default();
                };
                // The lines matching nothing play whatever the unknown cards are; the
                // wildcards' best is more than any deal of them gives.
                let least = best_line(&solution.answer).value;
                let most = solution
                    .bound
                    .as_ref()
                    .map_or(least, |b| best_line(b).value);
                Settled {
                    reached: reached_between(least, most, needed),
                    points: (least == most).then_some(earned + least),
                }
            }
            Goal::Card { rank, .. } => {
                let Some(solution) = solver::solve_card(position, rank, needed, &mut ()).answer
                else {
                    return Settled::default();
                };
                let at_best = solution.bound.as_ref().unwrap_or(&solution.answer);
                Settled {
                    reached: match (&solution.answer, at_best) {
                        (CardAnswer::Reached(_), _) => Some(true),
                        (_, CardAnswer::Short { .. }) => Some(false),
                        _ => None,
                    },
                    points: None,
                }
            }
        }
    }

    fn solve(&self, position: &Position, observer: &mut dyn Observer) -> Reach<Move> {
        let needed = self.needed();
        match *self {
            Goal::Board => position.solve(observer).into(),
            Goal::Score { earned, .. } => {
                most_points(position, observer).map_or_else(Reach::open, |solution| {
                    let best = best_line(&solution.answer);
                    Reach {
                        reached: Some(best.value >= needed),
                        line: best.moves.clone(),
                        points: Some(earned + best.value),
                    }
                })
            }
            Goal::Card { rank, .. } => solver::solve_card(position, rank, needed, observer)
                .answer
                .map_or_else(Reach::open, |solution| match solution.answer {
                    CardAnswer::Reached(line) => Reach {
                        reached: Some(true),
                        line: line.moves,
                        points: None,
                    },
                    CardAnswer::Short { clearing, open } => Reach {
                        reached: Some(false),
                        line: open.or(clearing).map(|line| line.moves).unwrap_or_default(),
                        points: None,
                    },
                }),
        }
    }
}

/// The Score solver asked for more points than any deal gives: its answer is the most there
/// is. `None` when the observer stopped it.
fn most_points(position: &Position, observer: &mut dyn Observer) -> Option<Solution<ScoreAnswer>> {
    solver::solve_score(position, u32::MAX, observer).answer
}

/// A Score answer's line to the most points.
fn best_line(answer: &ScoreAnswer) -> &Line {
    match answer {
        ScoreAnswer::Reached(line) | ScoreAnswer::Short { best: line, .. } => line,
    }
}

/// Whether `needed` is reached whatever the unknown cards are, when every deal of them gives
/// between `least` and `most`.
fn reached_between(least: u32, most: u32, needed: u32) -> Option<bool> {
    if least >= needed {
        Some(true)
    } else if most < needed {
        Some(false)
    } else {
        None
    }
}

/// A deal at its start as the truth, every card known, and as MSC shows it: rows 1 to 3 face
/// down and the stock, not known; the bottom row and the waste's card face up.
pub fn at_the_table(deal: &Deal) -> (Position, Position) {
    let truth = Position::new(deal);
    let shown = face_up(FULL);
    let slots = deal.slots();
    let seen: Vec<Option<Card>> = slots
        .iter()
        .enumerate()
        .map(|(slot, &card)| {
            let up = slot == FIRST_WASTE || (slot < TABLEAU_SIZE && shown & (1 << slot) != 0);
            card.filter(|_| up)
        })
        .collect();
    let seen = Deal::from_slots(&seen, &LAYOUT).expect("the deal's cards, fewer of them");
    (truth, Position::new(&seen))
}

/// The moves from where a game with cards not known stands, ranked by their chance to reach
/// `goal` (clear the tableau, or a challenge's target) over deals of the cards not seen,
/// with the mean points for a Score challenge; `None` where the exact hint answers: no card
/// is unknown, one is face up waiting to be typed in (the player sees it), or the target is
/// reached, or never, whatever they are (and for a Score challenge, the points too).
pub fn chances_answer(
    saved: &SavedTriPeaks,
    goal: Goal,
    budget: &SampleBudget,
    observer: &mut dyn Observer,
) -> Option<verdict::Answer> {
    let position = *saved.game().position();
    if position.unknown() == 0
        || seen_slot(&position).is_some()
        || at_table::settled(&goal, &position)
    {
        return None;
    }
    let words = AimWords::challenge("tripeaks", goal, "clear the tableau", None);
    let notation = |mv| notation::move_text(&position, mv);
    let ranked = at_table::ranked_answer(&position, &goal, words, notation, budget, observer)?;
    Some(from_saved(saved, ranked.verdict, ranked.json, ranked.text))
}

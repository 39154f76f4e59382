//! Pyramid at the table ([`crate::engine::at_table`]): the chance to clear the pyramid (or
//! all 52 cards, as the rules ask), or to reach a Score or Card challenge's target. The
//! referee's moves, the unknown cards dealt in the order of places (the pyramid in deal order,
//! the stock from its top, the waste from its bottom), the exact solver of the challenge, and
//! the two searches its answers already run as the proofs that hold whatever the unknown cards
//! are: a line that reaches the target with them matching nothing plays whatever they are; no
//! line with them as wildcards, or a plain reason, and no filling reaches it. Then the ranked
//! moves as `hint` gives them, in words and JSON.

use super::Goal;
use super::answer::{
    Bound, Standing, board_bound, challenge_bound, solve_capped, solve_challenge_capped,
};
use super::challenge::{self, Answer as ChallengeAnswer};
use super::lab::rules_json;
use super::solver::{self, Budget, Caps, Outcome, ScoreAnswer};
use super::{Move, Position, notation};
use crate::cards::card::Card;
use crate::engine::at_table::{self, Aim, AimWords, AtTable, Reach, SampleBudget, Settled, Solved};
use crate::engine::kind::GameKind;
use crate::engine::search::Observer;
use crate::engine::verdict;

/// The states each of the two searches that settle a position may store: a small share of a
/// hint's time, for they run once for each move before any deal is solved.
const SETTLE_CAPS: Caps = Caps {
    states: Some(50_000),
    memory: None,
    time: None,
};

impl Position {
    /// The same position with every card, in play and gone, changed by `change`, and none
    /// unknown.
    fn with_cards(&self, change: impl Fn(Card) -> Card) -> Position {
        let pyramid = self.pyramid().map(|slot| slot.map(&change));
        let stock: Vec<Card> = self.stock_top_first().map(&change).collect();
        let waste: Vec<Card> = self
            .waste_bottom_first()
            .iter()
            .copied()
            .map(&change)
            .collect();
        let removed = self.removed().iter().copied().map(&change).collect();
        Position::from_parts(
            self.rules(),
            pyramid,
            &stock,
            &waste,
            self.recycles_used(),
            removed,
        )
    }
}

impl AtTable for Position {
    fn unknown(&self) -> usize {
        self.in_play().filter(|&card| self.is_unknown(card)).count()
    }

    fn seen(&self) -> Vec<Card> {
        self.in_play()
            .chain(self.removed().iter().copied())
            .filter(|&card| !self.is_unknown(card))
            .collect()
    }

    /// The unknown cards in play take `cards` in the order of places; the unknown cards gone
    /// (their stand-ins among the cards removed) take the cards not seen that are left, and
    /// stay unknown: their ranks are never read, and no card is then in the game twice.
    fn dealt(&self, cards: &[Card]) -> Position {
        let in_play: Vec<Card> = self
            .in_play()
            .filter(|&card| self.is_unknown(card))
            .collect();
        let gone: Vec<Card> = self
            .removed()
            .iter()
            .copied()
            .filter(|&card| self.is_unknown(card))
            .collect();
        let mut seen = self.seen();
        seen.extend(cards);
        let stand_ins: Vec<Card> = at_table::rest_of_pack(&seen)
            .into_iter()
            .take(gone.len())
            .collect();
        let as_dealt = |card: Card| {
            if let Some(place) = in_play.iter().position(|&c| c == card) {
                cards[place]
            } else if let Some(place) = gone.iter().position(|&c| c == card) {
                stand_ins[place]
            } else {
                card
            }
        };
        self.with_cards(as_dealt)
            .with_unknown_cards(stand_ins.iter().copied())
    }

    /// The unknown card face up (uncovered in the pyramid, or the waste's top) becomes the
    /// card `truth` has there; that card's stand-in, if it was one, takes this one's place
    /// among the unknown cards, so that no card is in the game twice.
    fn shown(&self, truth: &Position) -> Option<Position> {
        let (place, stand_in) = self.unknown_face_up()?;
        let card = truth.card_at(place)?;
        let swap = |c: Card| {
            if c == stand_in {
                card
            } else if c == card {
                stand_in
            } else {
                c
            }
        };
        let unknown: Vec<Card> = self
            .in_play()
            .chain(self.removed().iter().copied())
            .filter(|&c| self.is_unknown(c))
            .map(swap)
            .filter(|&c| c != card)
            .collect();
        Some(self.with_cards(swap).with_unknown_cards(unknown))
    }

    /// Won when a line clears with the unknown cards matching nothing (it plays whatever they
    /// are); lost when none does and the answer is definitive: a plain reason, or no line
    /// even with them as wildcards. Either search stopped by its cap settles nothing.
    fn settled(&self) -> Option<bool> {
        let budget = Budget::start(SETTLE_CAPS);
        let (report, cap) = solve_capped(self, &budget, &mut ());
        if cap.is_some() {
            return None;
        }
        match report.outcome {
            Outcome::Solved(_) => Some(true),
            Outcome::NoSolution(_) => match board_bound(self, &report, &budget) {
                None | Some((Bound::Definitive, _)) => Some(false),
                Some(_) => None,
            },
            Outcome::Cancelled => None,
        }
    }

    fn solve(&self, observer: &mut dyn Observer) -> Solved<Move> {
        match solver::solve(self, observer).outcome {
            Outcome::Solved(moves) => Solved::Won(moves),
            Outcome::NoSolution(_) => Solved::Lost,
            Outcome::Cancelled => Solved::Open,
        }
    }
}

/// A Pyramid challenge as what a ranking aims at: each deal solved by the challenge's exact
/// solver. A Score challenge counts the most points a deal gives (earlier deals' included),
/// and is reached when they reach its target.
impl Aim<Position> for Goal {
    type Yield = Reach<Move>;

    fn counts_points(&self) -> bool {
        matches!(self, Goal::Score { .. })
    }

    /// Only a Score target beyond what one deal gives asks for the points: a deal's full
    /// score (1,290) is reached whenever the board is cleared in time, so `--score`'s own
    /// target keeps its chance.
    fn ranks_by_points(&self) -> bool {
        matches!(self, Goal::Score { .. }) && self.needed() > GameKind::Pyramid.full_score()
    }

    /// The Board challenge as [`AtTable::settled`]; a challenge reached by a line with the
    /// unknown cards matching nothing is reached whatever they are; one the search for what
    /// they could give (as wildcards) proves out of reach is not, and then a Score
    /// challenge's most points are the answer's. Either search stopped by its cap settles
    /// nothing.
    fn settled(&self, position: &Position) -> Settled {
        if *self == Goal::Board {
            return Settled {
                reached: position.settled(),
                points: None,
            };
        }
        let budget = Budget::start(SETTLE_CAPS);
        let Ok((answer, _)) = solve_challenge_capped(position, *self, &budget, &mut ()) else {
            return Settled::default();
        };
        if answer.reached() {
            return Settled {
                reached: Some(true),
                points: None,
            };
        }
        match challenge_bound(position, *self, &answer, &budget) {
            None | Some((Bound::Definitive, _)) => Settled {
                reached: Some(false),
                points: match (self, &answer) {
                    (
                        Goal::Score { earned, .. },
                        ChallengeAnswer::Score(ScoreAnswer::Short(line)),
                    ) => Some(earned + line.value),
                    _ => None,
                },
            },
            Some(_) => Settled::default(),
        }
    }

    fn solve(&self, position: &Position, observer: &mut dyn Observer) -> Reach<Move> {
        let needed = self.needed();
        match *self {
            Goal::Board => AtTable::solve(position, observer).into(),
            // Asked for more than any deal gives, the solver finds the most there is.
            Goal::Score { earned, .. } => solver::solve_score(position, u32::MAX, observer)
                .answer
                .map_or_else(Reach::open, |answer| {
                    let (ScoreAnswer::Reached(line) | ScoreAnswer::Short(line)) = answer;
                    Reach {
                        reached: Some(line.value >= needed),
                        line: line.moves,
                        points: Some(earned + line.value),
                    }
                }),
            Goal::Card { .. } => {
                let (answer, _) = challenge::solve(position, *self, observer);
                answer.map_or_else(Reach::open, |answer| {
                    let line = answer
                        .lines()
                        .into_iter()
                        .map(|(_, line)| line)
                        .max_by_key(|line| line.value);
                    Reach {
                        reached: Some(answer.reached()),
                        line: line.map(|line| line.moves.clone()).unwrap_or_default(),
                        points: None,
                    }
                })
            }
        }
    }
}

/// The moves from where a game with cards not known stands, ranked by their chance to reach
/// `goal` (win, or a challenge's target) over deals of the cards not seen, with the mean
/// points for a Score challenge; `None` where the exact hint answers: no card is unknown, one
/// is face up waiting to be typed in (the player sees it), or the target is reached, or
/// never, whatever they are (and for a Score challenge, the points too).
pub fn chances_answer(
    standing: &Standing,
    goal: Goal,
    budget: &SampleBudget,
    observer: &mut dyn Observer,
) -> Option<verdict::Answer> {
    let position = &standing.position;
    if position.unknown() == 0
        || position.unknown_face_up().is_some()
        || at_table::settled(&goal, position)
    {
        return None;
    }
    let rules = position.rules();
    let words = AimWords::challenge("pyramid", goal, rules.finish.aim(), Some(rules_json(rules)));
    let notation = |mv| notation::move_text(position, mv);
    let ranked = at_table::ranked_answer(position, &goal, words, notation, budget, observer)?;
    Some(standing.answer(ranked.verdict, ranked.json, ranked.text))
}

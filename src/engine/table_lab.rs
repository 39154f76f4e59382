//! The at-the-table lab: whole games played as a player sees them, every move the one
//! [`at_table::rank`] puts first, to measure how often a player following the engine wins.
//!
//! A game starts from a whole deal twice over: the *truth*, every card known, and the *view*,
//! the same position with the cards a player cannot see unknown (`??`). Each move is ranked on
//! the view, at a fixed budget, and played on both; a card that play turns face up in the view
//! is then typed in from the truth ([`AtTable::shown`]), so the view learns each card only as
//! the game turns it up, and keeps it. A player that follows lines ([`Player::FollowsLine`])
//! plays on after the move ranked first along a line that wins with it on one deal of the
//! cards not seen ([`at_table::line_to_follow`]), until a card not known turns up, and only
//! then ranks again. The game ends:
//! - when no card is left unknown: the player knows every card and plays a winning line if
//!   there is one, so the game is won exactly when the exact solver wins it;
//! - when the best move is certain ([`Estimate::Exact`]): won when it wins whatever the unknown
//!   cards are; lost when every move is lost whatever they are;
//! - when every deal of the budget is decided and lost after every move (the engine sees no
//!   way: the player gives up),
//!   when every move leads back to a position already played through (the player does not go
//!   round in circles: a move that does is never played), or after [`MOST_MOVES`] moves: lost;
//! - when the run is stopped ([`TableLab::stop`]): undecided, its rankings and solves ended
//!   at once.
//!
//! A move that is the only one is played without a ranking.
//!
//! Beside it, the same deal every card known, solved once: the rate a player who knew every
//! card would reach. And each chance the engine announced for the move it played, for the
//! calibration: how often the games in which a chance was announced were won.

use std::cell::RefCell;
use std::collections::{HashSet, VecDeque};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde_json::{Value, json};

use crate::cards::deal::Deal;
use crate::engine::at_table::{
    self, Aim, AtTable, Board, Estimate, MoveChance, SampleBudget, Yield,
};
use crate::engine::goal::Goal;
use crate::engine::lab::{Figure, Lab, LineAnswer, LineError, Outcome};
pub use crate::engine::lab::{MOST_MOVES, Played, TENTHS};
use crate::engine::search::{Capped, Caps, Observer};
use crate::engine::verdict::undecided;

/// The range of ten points a chance falls in: 0 for 0% to 10% (not included), 9 for 90% to
/// 100%.
pub fn tenth(chance: f64) -> usize {
    // A chance is between 0 and 1: the cast keeps its tenths.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let tenth = (chance * TENTHS as f64).floor().max(0.0) as usize;
    tenth.min(TENTHS - 1)
}

/// Why a game stopped by its run is undecided.
pub const STOPPED: &str = "stopped";

thread_local! {
    /// The stop of the run whose game this thread plays: set by [`TableLab::measure`] for the
    /// game's length, so that [`play`] sees it however the game's lab hands the deal on.
    static RUN_STOP: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// The run's stop, as a game's rankings and solves watch it.
struct RunStop(Option<Arc<AtomicBool>>);

impl RunStop {
    /// The stop of the run this thread plays for, if any.
    fn current() -> RunStop {
        RunStop(RUN_STOP.with(|stop| stop.borrow().clone()))
    }

    fn asked(&self) -> bool {
        self.0
            .as_ref()
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
    }
}

impl Observer for RunStop {
    fn should_stop(&mut self) -> bool {
        self.asked()
    }
}

/// Solves a position with every card known for `aim` under `caps`, until `stop`: reached
/// (won) or not, or undecided with the cap that stopped it in words; and the most points, for
/// an aim that counts them.
fn solve_known<P: AtTable, A: Aim<P>>(
    position: &P,
    aim: &A,
    caps: Caps,
    stop: &mut RunStop,
) -> (Outcome, Option<u32>) {
    let mut capped = Capped::new(caps, stop);
    let solved = aim.solve(position, &mut capped);
    let outcome = match solved.reached() {
        Some(true) => Outcome::Won,
        Some(false) => Outcome::Lost,
        None => Outcome::Undecided(
            capped
                .reached()
                .map_or_else(|| STOPPED.to_string(), undecided),
        ),
    };
    (outcome, solved.points())
}

/// How a player at the table chooses the moves it plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// Every move the one ranked first.
    RanksEachMove,
    /// The move ranked first, then the rest of a line that wins after it on one of the deals
    /// of the cards not seen ([`at_table::winning_line`]), until a card not known turns up:
    /// until then the line is as good on the cards seen as on that deal. For games where
    /// many moves tie with every card known, so that ranking each move again goes round in
    /// circles (Klondike's stock) instead of making the progress one line makes.
    FollowsLine,
}

/// Plays a game at the table from `truth` (every card known) and `view` (the same position as
/// the player sees it), each ranking within `budget` (its threads: one game on one thread
/// is what a lab of many games wants), the moves chosen as `player` does.
pub fn play<P: AtTable>(truth: &P, view: &P, budget: &SampleBudget, player: Player) -> Played {
    play_for(truth, view, &Board, budget, player)
}

/// Plays a game at the table as [`play`] does, each move ranked for `aim` (the game's win, or
/// a challenge's target) by [`at_table::rank_for`]. For an aim that counts points the game is
/// played to its end, whatever is certain on the way, for the points it makes: it ends when
/// no card is left unknown (the player then plays the line to the most points, the target
/// reached or not), when no move is left, or after [`MOST_MOVES`] moves; every move is
/// ranked (a line followed is one that wins, not one to the most points), and a ranking by
/// points announces no chance.
pub fn play_for<P: AtTable, A: Aim<P>>(
    truth: &P,
    view: &P,
    aim: &A,
    budget: &SampleBudget,
    player: Player,
) -> Played {
    let mut stop = RunStop::current();
    let counts_points = aim.counts_points();
    let player = if counts_points {
        Player::RanksEachMove
    } else {
        player
    };
    let (known, known_points) = match solve_known(truth, aim, budget.caps, &mut stop) {
        (Outcome::Won, points) => (Some(true), points),
        (Outcome::Lost, points) => (Some(false), points),
        (Outcome::Undecided(_), _) => (None, None),
    };
    let (mut truth, mut view) = (truth.clone(), view.clone());
    let mut announced = Vec::new();
    let mut moves = 0;
    let mut met = HashSet::new();
    // The rest of the line being followed.
    let mut line: VecDeque<P::Move> = VecDeque::new();
    // How the game ended, and whether the points are those of its end as played.
    let end = loop {
        while let Some(typed) = view.shown(&truth) {
            view = typed;
            // A card turned up: the line counted on the deal's card there.
            line.clear();
        }
        if view.unknown() == 0 {
            break None;
        }
        if stop.asked() {
            break Some(Outcome::Undecided(STOPPED.to_string()));
        }
        if moves == MOST_MOVES {
            break Some(Outcome::Lost);
        }
        met.insert(view.key());
        let legal = view.moves();
        let followed = line.pop_front().filter(|mv| legal.contains(mv));
        let mv = if let Some(mv) = followed {
            mv
        } else {
            line.clear();
            let new = |mv: P::Move| !met.contains(&view.after(mv).key());
            match legal.as_slice() {
                // No move: the game is over, won or not.
                [] => break None,
                [only] if new(*only) => *only,
                _ => match best_new_move(&view, aim, budget, &new, &mut stop) {
                    Ok((best, chance)) => {
                        announced.extend(chance);
                        if player == Player::FollowsLine {
                            line = line_after(&view, budget, best);
                        }
                        best.mv
                    }
                    Err(end) => break Some(end),
                },
            }
        };
        truth = truth.after(mv);
        view = view.after(mv);
        moves += 1;
    };
    // Where the game ran out of unknown cards or of moves, the rest is played every card
    // known: the exact solve says how it ends, and its most points are the game's. Any other
    // end keeps the points the rest could make every card known, an upper figure.
    let (won, points) = match end {
        None => solve_known(&truth, aim, budget.caps, &mut stop),
        Some(outcome) if counts_points => {
            (outcome, solve_known(&truth, aim, budget.caps, &mut stop).1)
        }
        Some(outcome) => (outcome, None),
    };
    Played {
        won,
        known,
        announced,
        moves,
        points: points.filter(|_| counts_points),
        known_points: known_points.filter(|_| counts_points),
    }
}

/// The moves after `best` of a line that wins with it on one of the budget's deals of the
/// cards `view` has not seen; none when no deal won after it.
fn line_after<P: AtTable>(
    view: &P,
    budget: &SampleBudget,
    best: MoveChance<P::Move>,
) -> VecDeque<P::Move> {
    at_table::line_to_follow(view, budget, best)
        .into_iter()
        .skip(1)
        .collect()
}

/// The move ranked first for `aim` among those that lead to a position not met before, with
/// the chance announced for it (none in a ranking by points), or how the game ends: won when
/// the best is certain to win, lost when it is certain to lose, when every deal the budget
/// asked for is decided and lost after it, or when no move is new; undecided when the run
/// stopped the ranking. For an aim that counts points, only a stop or no new move ends it: the
/// points are still to be made.
fn best_new_move<P: AtTable, A: Aim<P>>(
    view: &P,
    aim: &A,
    budget: &SampleBudget,
    new: &dyn Fn(P::Move) -> bool,
    stop: &mut RunStop,
) -> Result<(MoveChance<P::Move>, Option<f64>), Outcome> {
    let pool = at_table::rest_of_pack(&view.seen());
    let Ok(ranking) = at_table::rank_for(view, aim, &pool, budget, stop) else {
        unreachable!("the view's unknown cards are the cards it has not seen")
    };
    if ranking.stopped {
        return Err(Outcome::Undecided(STOPPED.to_string()));
    }
    let best = ranking
        .moves
        .iter()
        .find(|chance| new(chance.mv))
        .copied()
        .ok_or(Outcome::Lost)?;
    let chance = (!ranking.by_points)
        .then(|| best.estimate.chance())
        .flatten();
    if aim.counts_points() {
        return Ok((best, chance));
    }
    match best.estimate {
        Estimate::Exact(won) => Err(if won { Outcome::Won } else { Outcome::Lost }),
        // Every deal the budget asked for decided and lost after the best move: the engine
        // sees no way. (Fewer, when the time ran out first, say too little: the move ranked
        // first is played.)
        Estimate::Sampled {
            wins: 0, decided, ..
        } if decided >= budget.deals => Err(Outcome::Lost),
        Estimate::Sampled { .. } => Ok((best, chance)),
    }
}

/// What each move's ranking may spend in a lab: the deals, the time, the seed, and the caps
/// on each deal's solve. One thread: the lab plays one game a thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableBudget {
    pub samples: usize,
    /// The longest a move's ranking may take (`None`: no limit, and the figures are the same
    /// on any machine).
    pub time: Option<Duration>,
    pub seed: u64,
}

impl TableBudget {
    /// The budget of one move's ranking, each deal's solve under `caps`.
    pub fn per_move(&self, caps: Caps) -> SampleBudget {
        SampleBudget {
            deals: self.samples,
            time: self.time,
            threads: 1,
            caps,
            seed: self.seed,
        }
    }

    /// As a run's identity writes it: `{"samples":100,"seconds":null,"seed":1}`.
    pub fn json(&self) -> Value {
        json!({
            "samples": self.samples,
            "seconds": self.time.map(|time| time.as_secs_f64()),
            "seed": self.seed,
        })
    }

    /// Read back from [`TableBudget::json`].
    pub fn of_json(value: &Value) -> Option<TableBudget> {
        let samples = usize::try_from(value.get("samples")?.as_u64()?).ok()?;
        let time = match value.get("seconds")? {
            Value::Null => None,
            seconds => Some(Duration::try_from_secs_f64(seconds.as_f64()?).ok()?),
        };
        let seed = value.get("seed")?.as_u64()?;
        Some(TableBudget {
            samples,
            time,
            seed,
        })
    }
}

/// The key of a run's rules that holds the at-the-table budget.
pub const AT_TABLE_KEY: &str = "at_table";

/// A game's lab, its deals played at the table: the game's lab gives the rules and plays a
/// deal ([`Lab::play_at_table`]); this counts the game won or lost at the table, with the
/// all-known outcome and the announced chances as its figures.
pub struct TableLab {
    pub inner: Box<dyn Lab>,
    /// The challenge each game is played for: the game's win (Board), or a Score or Card
    /// challenge's target.
    pub goal: Goal,
    pub budget: TableBudget,
    /// The caps on each deal's solve.
    pub caps: Caps,
    /// The run's stop (Ctrl-C, a signal): a game under way sees it in its rankings and
    /// solves and ends undecided at once, where the other labs' deals are short enough to
    /// finish.
    pub stop: Arc<AtomicBool>,
}

impl TableLab {
    /// The lab a run's rules name when they hold [`AT_TABLE_KEY`]: `inner` reads the rest.
    pub fn of_rules(
        rules: &Value,
        inner: impl FnOnce(&Value) -> Option<Box<dyn Lab>>,
        caps: Caps,
    ) -> Option<Option<TableLab>> {
        let Some(budget) = rules.get(AT_TABLE_KEY) else {
            return Some(None);
        };
        let goal = goal_of_json(budget)?;
        let budget = TableBudget::of_json(budget)?;
        let mut rest = rules.clone();
        rest.as_object_mut()?.remove(AT_TABLE_KEY);
        Some(Some(TableLab {
            inner: inner(&rest)?,
            goal,
            budget,
            caps,
            stop: Arc::default(),
        }))
    }
}

impl Lab for TableLab {
    fn answer(&self, number: usize, deal: &str) -> Result<LineAnswer, LineError> {
        self.inner.answer(number, deal)
    }

    /// The game at the table: won or lost (undecided when a cap stopped its last solve), with
    /// whether the deal is won every card known and the chances announced, by tenths.
    fn measure(&self, deal: &Deal) -> (Outcome, Vec<(Figure, usize)>) {
        RUN_STOP.with(|stop| *stop.borrow_mut() = Some(Arc::clone(&self.stop)));
        let played = self
            .inner
            .play_at_table(deal, self.goal, &self.budget.per_move(self.caps));
        RUN_STOP.with(|stop| *stop.borrow_mut() = None);
        let Some(played) = played else {
            return (
                Outcome::Undecided("the game is not played at the table".to_string()),
                Vec::new(),
            );
        };
        let outcome = played.won;
        if let Outcome::Undecided(_) = outcome {
            return (outcome, Vec::new());
        }
        let mut figures: Vec<(Figure, usize)> = played
            .known
            .map(|known| (Figure::AllKnown, usize::from(known)))
            .into_iter()
            .collect();
        let mut counts = [0; TENTHS];
        for &chance in &played.announced {
            counts[tenth(chance)] += 1;
        }
        figures.extend(
            counts
                .iter()
                .enumerate()
                .map(|(tenth, &count)| (Figure::Announced(tenth), count)),
        );
        let points = [
            (Figure::Points, played.points),
            (Figure::KnownPoints, played.known_points),
        ];
        figures.extend(
            points
                .into_iter()
                .filter_map(|(figure, points)| Some((figure, points? as usize))),
        );
        (outcome, figures)
    }

    fn figures(&self) -> Vec<Figure> {
        let points = matches!(self.goal, Goal::Score { .. });
        std::iter::once(Figure::AllKnown)
            .chain((0..TENTHS).map(Figure::Announced))
            .chain(
                points
                    .then_some([Figure::Points, Figure::KnownPoints])
                    .into_iter()
                    .flatten(),
            )
            .collect()
    }

    /// The game's rules with the budget under [`AT_TABLE_KEY`], and there the challenge when
    /// it is not the Board one (a run for another challenge is another run).
    fn rules_json(&self) -> Value {
        let mut rules = self.inner.rules_json();
        let mut at_table = self.budget.json();
        if self.goal != Goal::Board {
            self.goal.add_json(&mut at_table);
        }
        rules[AT_TABLE_KEY] = at_table;
        rules
    }

    fn rules_text(&self) -> String {
        let time = self.budget.time.map_or(String::new(), |time| {
            format!(" or {} s", time.as_secs_f64())
        });
        let challenge = match self.goal {
            Goal::Board => String::new(),
            goal => format!(" ({goal})"),
        };
        format!(
            "{}; at the table{challenge}, {} deals of the cards not seen{time} a move",
            self.inner.rules_text(),
            crate::cards::excerpt::thousands(self.budget.samples)
        )
    }

    fn brief_rules(&self) -> String {
        self.inner.brief_rules()
    }
}

/// The challenge a run's `rules` play each deal at the table for; `None` for a run not at
/// the table (or whose challenge does not read).
pub fn challenge_of_rules(rules: &Value) -> Option<Goal> {
    goal_of_json(rules.get(AT_TABLE_KEY)?)
}

/// The challenge a run's at-the-table budget names ([`Goal::add_json`]'s fields): the Board
/// one when it names none (a run written before challenges were played at the table); `None`
/// when its fields do not read.
fn goal_of_json(value: &Value) -> Option<Goal> {
    let count = |key: &str| {
        value
            .get(key)
            .and_then(Value::as_u64)
            .and_then(|n| u32::try_from(n).ok())
    };
    match value.get("challenge").map(Value::as_str) {
        None | Some(Some("board")) => Some(Goal::Board),
        Some(Some("score")) => Some(Goal::Score {
            target: count("target")?,
            earned: count("earned")?,
        }),
        Some(Some("card")) => Some(Goal::Card {
            rank: value.get("rank")?.as_str()?.parse().ok()?,
            target: count("target")?,
            already: count("already")?,
        }),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_challenge_written_in_a_run_reads_back_the_same() {
        let score = Goal::Score {
            target: 30_000,
            earned: 500,
        };
        let card = Goal::Card {
            rank: "K".parse().expect("a rank"),
            target: 3,
            already: 1,
        };
        for goal in [Goal::Board, score, card] {
            let mut written = json!({"samples": 10});
            goal.add_json(&mut written);
            assert_eq!(goal_of_json(&written), Some(goal));
        }
        assert_eq!(goal_of_json(&json!({"samples": 10})), Some(Goal::Board));
        assert_eq!(goal_of_json(&json!({"challenge": "score"})), None);
    }
}

//! At the table: the legal moves of a position whose unknown cards (`??`) may be any of the
//! cards not seen, ranked by their chance to win, each with its 95% interval and the deals it
//! rests on. The engine names no game: a game plugs in through [`AtTable`] (its moves, its
//! unknown cards dealt, its exact solver), and [`rank`] goes from a position and a budget to
//! the ranked moves, so that `hint`, the app and a lab can all ask it.
//!
//! # Exact where it can be
//!
//! A move whose outcome holds whatever the unknown cards are (the game's own proofs say so:
//! [`AtTable::settled`], or [`Aim::settled`]) is exact, and so is every move of a position with
//! no unknown card, solved once. The other moves are estimated.
//!
//! # What the ranking aims at
//!
//! By default, the game's win ([`Board`]: clear the tableau). A game may give other aims
//! ([`Aim`]): a Score or Card challenge, whose target a deal reaches or not, each deal solved
//! by the game's exact challenge solver. An aim that counts points (a Score challenge) gives
//! each move besides the mean of the best points the deals reach after it ([`Points`]). One
//! ranking ([`rank_for`]) serves every aim: it reads a deal's solve through [`Yield`].
//!
//! # The estimate, and why it is optimistic
//!
//! Deal `i` gives the unknown cards at random: the shared seeded shuffle's deal `i`
//! ([`RandomDeals`]) orders the cards not seen, and the unknown places take the first of them,
//! in the game's order. Each deal is solved with every card known, after each move, by the
//! game's exact solver under the caps given; the same deals serve every move, so that the
//! moves are compared on the same cards. A move's chance is the fraction of deals it wins,
//! with its 95% Wilson interval: it estimates the chance to win *were the unknown cards
//! known after the move* (the full-knowledge average). A player who learns each card only as
//! it turns up cannot always do as well, so the figure is an upper estimate of the chance at
//! the table; the order of the moves is what the player should read first. A deal a cap left
//! open counts for no move that it left open, and is reported.
//!
//! # Budget and stopping
//!
//! Deals are solved on the threads given, each taking the next deal's number, until the
//! budget's deals are solved, its time is spent or the observer asks to stop; the deals
//! solved so far are the answer (anytime). With a budget of deals and no time, the answer is
//! the same on any number of threads: deal `i` is the same deal whoever solves it.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::cards::card::{Card, DECK_SIZE};
use crate::cards::deal::RandomDeals;
use crate::cards::excerpt::{counted_are, thousands};
use crate::engine::goal::Goal;
use crate::engine::interval::{mean_margin, wilson};
use crate::engine::referee::{self, Referee};
use crate::engine::search::{Capped, Caps, Observer, Stats};
use crate::engine::unknowns_text;
use crate::engine::verdict::Verdict;

/// What an exact solve of a position with every card known found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Solved<M> {
    /// A line wins: its moves (none when the game is won already).
    Won(Vec<M>),
    /// No line wins.
    Lost,
    /// The search stopped before it knew (a cap, or a stop asked for).
    Open,
}

/// What a game gives the engine: a position at the table, its unknown cards and its exact
/// solver. The position is the game's referee, whose moves (the unknown cards matching
/// nothing) are the moves ranked: every game plays at the table by its own rules, so that
/// [`AtTable::moves`] and [`AtTable::after`] are the referee's, written once here.
pub trait AtTable: Referee<Move: Send + Sync> + Eq + std::hash::Hash + Send + Sync {
    /// The legal moves from the position, the unknown cards matching nothing.
    fn moves(&self) -> Vec<Self::Move> {
        self.legal_moves()
    }
    /// The position after a legal move.
    #[must_use]
    fn after(&self, mv: Self::Move) -> Self {
        referee::after(self, mv)
    }
    /// How many cards of the position are not known.
    fn unknown(&self) -> usize;
    /// The cards seen: every known card of the game, wherever it is.
    fn seen(&self) -> Vec<Card>;
    /// The position with its unknown cards dealt `cards`, in the game's order of places.
    #[must_use]
    fn dealt(&self, cards: &[Card]) -> Self;
    /// Whether the game is won (`Some(true)`) or lost (`Some(false)`) whatever the unknown
    /// cards are, when the game can prove it; `None` when that may depend on them.
    fn settled(&self) -> Option<bool>;
    /// Solves the position, every card known, stopping when `observer` asks.
    fn solve(&self, observer: &mut dyn Observer) -> Solved<Self::Move>;
    /// When an unknown card lies face up (the player sees it), the position with it typed in
    /// as `truth` (the same position, every card known) has it; `None` when none does.
    #[must_use]
    fn shown(&self, truth: &Self) -> Option<Self>;
    /// The position as far as play goes: two positions with the same key play alike (a count
    /// that changes no move left out), so that a player can tell a position met before.
    #[must_use]
    fn key(&self) -> Self {
        self.clone()
    }
}

/// What a ranking aims at: which exact solve each deal of the unknown cards gets, and what the
/// game can settle whatever they are. [`Board`] is the game's own win; a game gives its
/// challenges besides.
pub trait Aim<P: AtTable>: Sync {
    /// What one deal's solve yields.
    type Yield: Yield<P::Move>;
    /// Whether each deal's points are measured (a Score challenge).
    fn counts_points(&self) -> bool {
        false
    }
    /// Whether the moves are ranked by their mean points rather than by a chance: a Score
    /// challenge with no target of its own (all one deal can give, which next to no deal
    /// reaches), whose chance would read 0% for every move. Only an aim that counts points.
    fn ranks_by_points(&self) -> bool {
        false
    }
    /// What holds whatever the unknown cards are, when the game can prove it.
    fn settled(&self, position: &P) -> Settled;
    /// Solves `position`, every card known, for the aim, stopping when `observer` asks.
    fn solve(&self, position: &P, observer: &mut dyn Observer) -> Self::Yield;
}

/// What the ranking reads of one deal's exact solve.
pub trait Yield<M>: Send {
    /// Whether the aim is reached; `None` when the search stopped before it knew.
    fn reached(&self) -> Option<bool>;
    /// The line the solve found, whose outcome this is (the one that reaches the aim, or for
    /// an aim that counts points the one to the most): its first move fares as the deal does.
    fn line(&self) -> Option<&[M]>;
    /// The most points the deal gives, earlier deals' included, for an aim that counts them.
    fn points(&self) -> Option<u32> {
        None
    }
}

impl<M: Send> Yield<M> for Solved<M> {
    fn reached(&self) -> Option<bool> {
        match self {
            Solved::Won(_) => Some(true),
            Solved::Lost => Some(false),
            Solved::Open => None,
        }
    }

    fn line(&self) -> Option<&[M]> {
        match self {
            Solved::Won(line) => Some(line),
            Solved::Lost | Solved::Open => None,
        }
    }
}

/// What a challenge's exact solve found: whether its target is reached, the line it found
/// and, for a Score challenge, the most points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach<M> {
    /// `None` when the search stopped before it knew.
    pub reached: Option<bool>,
    pub line: Vec<M>,
    pub points: Option<u32>,
}

impl<M> Reach<M> {
    /// The search stopped before it knew.
    pub fn open() -> Reach<M> {
        Reach {
            reached: None,
            line: Vec::new(),
            points: None,
        }
    }
}

/// The Board challenge's reach: its target is the game won.
impl<M> From<Solved<M>> for Reach<M> {
    fn from(solved: Solved<M>) -> Reach<M> {
        match solved {
            Solved::Won(line) => Reach {
                reached: Some(true),
                line,
                points: None,
            },
            Solved::Lost => Reach {
                reached: Some(false),
                line: Vec::new(),
                points: None,
            },
            Solved::Open => Reach::open(),
        }
    }
}

impl<M: Send> Yield<M> for Reach<M> {
    fn reached(&self) -> Option<bool> {
        self.reached
    }

    fn line(&self) -> Option<&[M]> {
        self.reached.map(|_| self.line.as_slice())
    }

    fn points(&self) -> Option<u32> {
        self.points
    }
}

/// What holds of a position whatever the unknown cards are: whether the aim is reached, and
/// the most points (for an aim that counts them); `None` where it may depend on them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Settled {
    pub reached: Option<bool>,
    pub points: Option<u32>,
}

impl Settled {
    /// Whether all an aim measures is settled: whether it is reached, and the points when it
    /// `counts_points`.
    pub fn all(&self, counts_points: bool) -> bool {
        self.reached.is_some() && (!counts_points || self.points.is_some())
    }
}

/// Whether `aim` is settled from `position` whatever its unknown cards are, points and all:
/// a ranking then has nothing to measure.
pub fn settled<P: AtTable, A: Aim<P>>(aim: &A, position: &P) -> bool {
    aim.settled(position).all(aim.counts_points())
}

/// The game's own win: the Board challenge, as [`AtTable`] gives it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Board;

impl<P: AtTable> Aim<P> for Board {
    type Yield = Solved<P::Move>;

    fn settled(&self, position: &P) -> Settled {
        Settled {
            reached: position.settled(),
            points: None,
        }
    }

    fn solve(&self, position: &P, observer: &mut dyn Observer) -> Solved<P::Move> {
        position.solve(observer)
    }
}

/// What the engine may spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SampleBudget {
    /// The most deals of the unknown cards solved.
    pub deals: usize,
    /// The longest time for them all (`None`: no limit).
    pub time: Option<Duration>,
    /// Threads solving deals.
    pub threads: usize,
    /// The caps on each exact solve.
    pub caps: Caps,
    /// The seed the deals come from.
    pub seed: u64,
}

/// The caps on each deal's solve by default: a few hundred thousand states (some 20 MB), far
/// above what most deals need and low enough that a hard deal does not hold the rest up.
pub const DEAL_CAPS: Caps = Caps {
    states: Some(300_000),
    memory: None,
    time: None,
};

/// The caps on each deal's solve by default for a Score challenge: its search keeps each
/// streak or score apart, several times the states of a win's (some 900,000 at a TriPeaks
/// deal's start, some 90 MB).
pub const SCORE_DEAL_CAPS: Caps = Caps {
    states: Some(2_000_000),
    memory: None,
    time: None,
};

/// The caps on each deal's solve by default when the ranking aims at `goal`.
pub fn deal_caps(goal: Goal) -> Caps {
    match goal {
        Goal::Score { .. } => SCORE_DEAL_CAPS,
        Goal::Board | Goal::Card { .. } => DEAL_CAPS,
    }
}

/// The fewest deals a ranking rests on whatever the time limit (fewer only when the budget
/// asks for fewer, or the observer stops the work): a ranking on one deal or none is a guess,
/// and a player who follows it wanders.
pub const LEAST_DEALS: usize = 8;

/// A move's chance to win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Estimate {
    /// Known for certain: the move wins whatever the unknown cards are, or never does.
    Exact(bool),
    /// Measured on deals of the unknown cards: won in `wins` of the `decided` deals; `open`
    /// more were left open by a cap.
    Sampled {
        wins: usize,
        decided: usize,
        open: usize,
    },
}

impl Estimate {
    /// The chance to win, `None` when no deal decided it.
    pub fn chance(&self) -> Option<f64> {
        match *self {
            Estimate::Exact(wins) => Some(if wins { 1.0 } else { 0.0 }),
            Estimate::Sampled { decided: 0, .. } => None,
            Estimate::Sampled { wins, decided, .. } => Some(wins as f64 / decided as f64),
        }
    }

    /// The 95% interval of the chance (Wilson's); a point for an exact one.
    pub fn interval(&self) -> (f64, f64) {
        match *self {
            Estimate::Exact(_) => self.chance().map_or((0.0, 1.0), |c| (c, c)),
            Estimate::Sampled { wins, decided, .. } => wilson(wins, decided),
        }
    }

    /// The margin: how far the interval reaches from the chance, the larger side.
    pub fn margin(&self) -> f64 {
        let (low, high) = self.interval();
        self.chance().map_or(1.0, |c| (c - low).max(high - c))
    }

    /// The figure in words, a sampled one with its 95% interval as it is (Wilson's is not
    /// symmetric, and a "±" would run past 0% or 100%): "64% (62% to 66%, 2,000 deals)",
    /// "100%, certain", "0%, certain", "not known (3 deals left open by a cap)".
    pub fn text(&self) -> String {
        match (*self, self.chance()) {
            (Estimate::Exact(_), Some(chance)) => format!("{}, certain", percent(chance)),
            (Estimate::Sampled { decided, open, .. }, Some(chance)) => {
                let open = if open == 0 {
                    String::new()
                } else {
                    format!(", {} left open", thousands(open))
                };
                let (low, high) = self.interval();
                format!(
                    "{} ({} to {}, {} {}{open})",
                    percent(chance),
                    percent(low),
                    percent(high),
                    thousands(decided),
                    if decided == 1 { "deal" } else { "deals" }
                )
            }
            (Estimate::Sampled { open, .. }, None) => {
                format!("not known ({} left open by a cap)", deals(open))
            }
            (Estimate::Exact(_), None) => unreachable!("an exact figure has a chance"),
        }
    }

    /// The figures as JSON: `chance` (null when no deal decided it), `low` and `high` (the
    /// 95% interval), `exact`, and for a sampled one `wins`, `deals` and `open`.
    pub fn json(&self) -> Value {
        let (low, high) = self.interval();
        let mut object = json!({
            "chance": self.chance(),
            "low": low,
            "high": high,
            "exact": matches!(self, Estimate::Exact(_)),
        });
        if let Estimate::Sampled {
            wins,
            decided,
            open,
        } = *self
        {
            object["wins"] = json!(wins);
            object["deals"] = json!(decided);
            object["open"] = json!(open);
        }
        object
    }
}

/// "64%", "0.5%": a chance as a percentage, one decimal below 10%.
fn percent(chance: f64) -> String {
    let value = chance * 100.0;
    if value > 0.0 && value < 10.0 {
        format!("{value:.1}%")
    } else {
        format!("{value:.0}%")
    }
}

/// "1 deal", "2,000 deals".
fn deals(count: usize) -> String {
    if count == 1 {
        "1 deal".to_string()
    } else {
        format!("{} deals", thousands(count))
    }
}

/// A move's points, for an aim that counts them: the most each deal gives after the move,
/// earlier deals' included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Points {
    /// The same whatever the unknown cards are.
    Exact(u32),
    /// Measured on `deals` deals: their points add up to `sum`, their squares to `squares`.
    Sampled {
        sum: u64,
        squares: u64,
        deals: usize,
    },
}

impl Points {
    /// The mean and the half-width of its 95% interval; `None` when no deal measured it.
    pub fn mean_margin(&self) -> Option<(f64, f64)> {
        match *self {
            Points::Exact(points) => Some((f64::from(points), 0.0)),
            Points::Sampled {
                sum,
                squares,
                deals,
            } => mean_margin(sum, squares, deals),
        }
    }

    /// One deal's points added.
    fn add(&mut self, points: u32) {
        if let Points::Sampled {
            sum,
            squares,
            deals,
        } = self
        {
            *sum += u64::from(points);
            *squares += u64::from(points) * u64::from(points);
            *deals += 1;
        }
    }

    /// The points of more deals added; an exact figure stays so.
    fn merged(self, more: Points) -> Points {
        match (self, more) {
            (
                Points::Sampled {
                    sum,
                    squares,
                    deals,
                },
                Points::Sampled {
                    sum: more_sum,
                    squares: more_squares,
                    deals: more_deals,
                },
            ) => Points::Sampled {
                sum: sum + more_sum,
                squares: squares + more_squares,
                deals: deals + more_deals,
            },
            (points, _) => points,
        }
    }

    /// The figure in words: "mean 31,200 ± 450 points", "31,200 points, certain", "points
    /// not known".
    pub fn text(&self) -> String {
        match (self, self.mean_margin()) {
            (Points::Exact(points), _) => {
                format!("{} points, certain", thousands(*points as usize))
            }
            (Points::Sampled { .. }, Some((mean, margin))) => format!(
                "mean {} ± {} points",
                thousands(whole(mean)),
                thousands(whole(margin))
            ),
            (Points::Sampled { .. }, None) => "points not known".to_string(),
        }
    }

    /// The points in a few words, the margin left out: "mean 31,200 points", "31,200
    /// points", "points not known".
    pub fn mean_text(&self) -> String {
        match (self, self.mean_margin()) {
            (Points::Exact(points), _) => format!("{} points", thousands(*points as usize)),
            (Points::Sampled { .. }, Some((mean, _))) => {
                format!("mean {} points", thousands(whole(mean)))
            }
            (Points::Sampled { .. }, None) => "points not known".to_string(),
        }
    }

    /// The figures as JSON: `mean` (null when no deal measured it), `margin`, `exact`, and
    /// for a sampled one `deals`.
    pub fn json(&self) -> Value {
        let (mean, margin) = self.mean_margin().unzip();
        let mut object = json!({
            "mean": mean,
            "margin": margin,
            "exact": matches!(self, Points::Exact(_)),
        });
        if let Points::Sampled { deals, .. } = *self {
            object["deals"] = json!(deals);
        }
        object
    }
}

/// A move's figures as JSON in a ranking by points, the chance left out: `exact` (its points
/// are the same whatever the unknown cards are), and for a sampled one `deals` (those that
/// measured its points) and `open` (those a cap left open).
fn points_json<M>(chance: &MoveChance<M>) -> Value {
    let mut object = json!({"exact": matches!(chance.points, Some(Points::Exact(_)))});
    if let Some(Points::Sampled { deals, .. }) = chance.points {
        object["deals"] = json!(deals);
        let open = match chance.estimate {
            Estimate::Sampled { open, .. } => open,
            Estimate::Exact(_) => 0,
        };
        object["open"] = json!(open);
    }
    object
}

/// A move's points in words with the deals they rest on, for a ranking by points: "mean
/// 31,200 ± 450 points (40 deals, 2 left open)", "31,200 points, certain".
fn points_figures_text(points: Points, estimate: &Estimate) -> String {
    match points {
        Points::Exact(_) => points.text(),
        Points::Sampled {
            deals: measured, ..
        } => {
            let open = match *estimate {
                Estimate::Sampled { open, .. } if open > 0 => {
                    format!(", {} left open", thousands(open))
                }
                _ => String::new(),
            };
            format!("{} ({}{open})", points.text(), deals(measured))
        }
    }
}

/// A mean of points, rounded to a whole number of them.
fn whole(value: f64) -> usize {
    // Points are whole, positive and far below `usize::MAX`: the cast keeps them.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let whole = value.round().max(0.0) as usize;
    whole
}

/// One legal move and its chance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveChance<M> {
    pub mv: M,
    pub estimate: Estimate,
    /// For an aim that counts points, the move's points.
    pub points: Option<Points>,
    /// The deals whose winning line, as the exact solver found it, starts with the move: of
    /// two moves with the same chance, the one more lines start with comes first, so that a
    /// player who follows the ranking makes progress rather than going round in circles.
    pub firsts: usize,
}

impl<M> MoveChance<M> {
    /// The chance in words, and the points when the aim counts them: "64% (62% to 66%,
    /// 2,000 deals), mean 31,200 ± 450 points".
    pub fn figures_text(&self) -> String {
        match self.points {
            Some(points) => format!("{}, {}", self.estimate.text(), points.text()),
            None => self.estimate.text(),
        }
    }
}

/// The legal moves ranked, the best first, and what the ranking rests on.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranking<M> {
    pub moves: Vec<MoveChance<M>>,
    /// Whether the moves are ranked by their mean points, with no chance to speak of
    /// ([`Aim::ranks_by_points`]).
    pub by_points: bool,
    /// The deals of the unknown cards solved.
    pub deals: usize,
    /// Whether the observer stopped the work before the budget was spent.
    pub stopped: bool,
    /// The deals the budget asked for, when its time ran out before they were all solved.
    pub out_of_time: Option<usize>,
    pub elapsed: Duration,
}

impl<M> Ranking<M> {
    /// Whether every figure is exact: every chance, or for a ranking by points every move's
    /// points.
    pub fn exact(&self) -> bool {
        self.moves.iter().all(|chance| {
            if self.by_points {
                matches!(chance.points, Some(Points::Exact(_)))
            } else {
                matches!(chance.estimate, Estimate::Exact(_))
            }
        })
    }

    /// The best move, when there is a move.
    pub fn best(&self) -> Option<&MoveChance<M>> {
        self.moves.first()
    }

    /// A move's figures in words as this ranking reads them: its chance (and its points where
    /// they count), "64% (62% to 66%, 2,000 deals), mean 31,200 ± 450 points"; for a ranking by
    /// points its points and the deals they rest on, "mean 31,200 ± 450 points (2,000
    /// deals)", "31,200 points, certain".
    pub fn figures_text(&self, chance: &MoveChance<M>) -> String {
        match (self.by_points, chance.points) {
            (true, Some(points)) => points_figures_text(points, &chance.estimate),
            _ => chance.figures_text(),
        }
    }

    /// The verdict: won when the best move wins whatever the unknown cards are, lost when
    /// every move is certain and none wins, undecided otherwise.
    pub fn verdict(&self) -> Verdict {
        match self.best().map(|best| best.estimate) {
            Some(Estimate::Exact(true)) => Verdict::Yes,
            _ if self.exact() => Verdict::No,
            _ => Verdict::Undecided,
        }
    }
}

impl<M: Copy> Ranking<M> {
    /// The ranking in words: a heading with the `aim` when it is not the game's own (the
    /// answer's first line names the game and its rules already), the unknown cards and the
    /// `pool` they come from; the best move in the game's `notation`
    /// and in `words`, with its chance; the runners-up; and what the figures mean. A
    /// challenge's `target` ("30,000") names the chance: "chance to reach 30,000", not to win.
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &self,
        aim: Option<&str>,
        target: Option<&str>,
        unknown: usize,
        pool: usize,
        notation: impl Fn(M) -> String,
        words: impl Fn(M) -> String,
    ) -> String {
        let over = if self.exact() {
            "every deal".to_string()
        } else {
            format!("{} random deals", thousands(self.deals))
        };
        let aim = aim.map(|aim| format!(" ({aim})")).unwrap_or_default();
        if self.by_points {
            return self.points_text(&aim, &over, unknown, pool, notation, words);
        }
        let (chance, best_chance, counted) = target.map_or_else(
            || {
                (
                    "chance to win".to_string(),
                    "win chance".to_string(),
                    "deals won",
                )
            },
            |target| {
                let chance = format!("chance to reach {target}");
                (chance.clone(), chance, "deals reaching it")
            },
        );
        let mut text = format!(
            "At the table{aim}: {}, each any of the {pool} cards not seen; each move's \
             {chance}, over {over} of them:\n",
            unknowns_text::not_known(unknown),
        );
        let mut moves = self.moves.iter();
        if let Some(best) = moves.next() {
            text.push_str(&format!(
                "Best: {} ({}): {best_chance} {}\n",
                notation(best.mv),
                words(best.mv),
                best.figures_text()
            ));
        }
        text.push_str(&others_text(moves, &notation, MoveChance::figures_text));
        if !self.exact() {
            text.push_str(&format!(
                "A chance is the share of {counted} with every card known after the move (in \
                 brackets its 95% interval): it assumes more than a player learns as cards \
                 turn up, so it is an upper estimate; the order is the advice.\n"
            ));
        }
        text.push_str(&self.ending_text());
        text
    }

    /// A ranking by points in words: the heading, each move's points, the best first, and
    /// what the figures mean; no chance, for the question is the points.
    fn points_text(
        &self,
        aim: &str,
        over: &str,
        unknown: usize,
        pool: usize,
        notation: impl Fn(M) -> String,
        words: impl Fn(M) -> String,
    ) -> String {
        let mut text = format!(
            "At the table{aim}: {}, each any of the {pool} cards not seen; each move's mean \
             points, over {over} of them:\n",
            unknowns_text::not_known(unknown),
        );
        let mut moves = self.moves.iter();
        if let Some(best) = moves.next() {
            text.push_str(&format!(
                "Best: {} ({}): {}\n",
                notation(best.mv),
                words(best.mv),
                self.figures_text(best)
            ));
        }
        text.push_str(&others_text(moves, &notation, |other| {
            self.figures_text(other)
        }));
        if !self.exact() {
            text.push_str(
                "Mean points are the most each deal gives with every card known after the move \
                 (± their 95% margin): a player learns less as cards turn up, so they are an \
                 upper estimate; the order is the advice.\n",
            );
        }
        text.push_str(&self.ending_text());
        text
    }

    /// What ended the work early, if anything, in words.
    fn ending_text(&self) -> String {
        let mut text = String::new();
        if let Some(wanted) = self.out_of_time {
            text.push_str(&format!(
                "The time limit stopped the work at {} of the {} deals asked for: --time-limit \
                 gives it more time.\n",
                thousands(self.deals),
                thousands(wanted)
            ));
        }
        if self.stopped {
            text.push_str(
                "Stopped before the budget was spent: the figures cover the deals solved.\n",
            );
        }
        text
    }

    /// The ranking as JSON, after the fields of `head` (the game and its rules): `unknown`,
    /// `pool` (the cards they may be), `deals`, `exact`, `stopped`, `out_of_time` (the time
    /// limit ended the work before the deals asked for), `ranked_by` (`"chance"`, or
    /// `"points"` for a ranking by points), `best` in the game's `notation`, `moves`, the best
    /// first, each with its `move` and its figures ([`Estimate::json`]; for a ranking by points
    /// no chance, only `exact`, and for a sampled one `deals` and `open`), its `points` where
    /// they count ([`Points::json`]), and `seconds`.
    pub fn json(
        &self,
        head: Value,
        unknown: usize,
        pool: usize,
        notation: impl Fn(M) -> String,
    ) -> Value {
        let moves: Vec<Value> = self
            .moves
            .iter()
            .map(|chance| {
                let mut figures = if self.by_points {
                    points_json(chance)
                } else {
                    chance.estimate.json()
                };
                figures["move"] = json!(notation(chance.mv));
                if let Some(points) = chance.points {
                    figures["points"] = points.json();
                }
                figures
            })
            .collect();
        let mut object = head;
        object["ranked_by"] = json!(if self.by_points { "points" } else { "chance" });
        object["unknown"] = json!(unknown);
        object["pool"] = json!(pool);
        object["deals"] = json!(self.deals);
        object["exact"] = json!(self.exact());
        object["stopped"] = json!(self.stopped);
        object["out_of_time"] = json!(self.out_of_time.is_some());
        object["best"] = json!(self.best().map(|best| notation(best.mv)));
        object["moves"] = json!(moves);
        object["seconds"] = json!(self.elapsed.as_secs_f64());
        object
    }
}

/// What a game's at-table answer says of what it aims at, in the game's words.
#[derive(Debug, Clone, PartialEq)]
pub struct AimWords {
    /// The answer's JSON fields before the ranking's: the game, its challenge, its rules.
    pub head: Value,
    /// The aim the heading names when it is not the game's own win ("Board: clear the
    /// tableau", "Score: 1290 points (0 earned)").
    pub aim: Option<String>,
    /// A challenge's target, which each chance is to reach ("30,000", "4 Kings").
    pub target: Option<String>,
}

impl AimWords {
    /// The words of a challenge `goal` in `game`: the JSON names the game, the challenge and,
    /// when given, the `rules`; the Board challenge's aim is `board` ("clear the tableau").
    pub fn challenge(game: &str, goal: Goal, board: &str, rules: Option<Value>) -> AimWords {
        let mut head = json!({"game": game});
        goal.add_json(&mut head);
        if let Some(rules) = rules {
            head["rules"] = rules;
        }
        let aim = match goal {
            Goal::Board => format!("Board: {board}"),
            _ => goal.to_string(),
        };
        AimWords {
            head,
            aim: Some(aim),
            target: goal.target_text(),
        }
    }
}

/// A ranking as an answer gives it: its verdict, its JSON and its words.
#[derive(Debug, Clone, PartialEq)]
pub struct RankedAnswer {
    pub verdict: Verdict,
    pub json: Value,
    pub text: String,
}

/// The moves of `position` ranked by their chance to reach `aim`, its unknown cards being any
/// of the rest of the pack, within `budget`, said in `words` with each move in the game's
/// `notation`: what every game's `hint` at the table ends with. `None` when the moves cannot
/// be ranked (fewer cards left than are unknown).
pub fn ranked_answer<P: AtTable, A: Aim<P>>(
    position: &P,
    aim: &A,
    words: AimWords,
    notation: impl Fn(P::Move) -> String,
    budget: &SampleBudget,
    observer: &mut dyn Observer,
) -> Option<RankedAnswer> {
    let unknown = position.unknown();
    let pool = rest_of_pack(&position.seen());
    let ranking = rank_for(position, aim, &pool, budget, observer).ok()?;
    let json = ranking.json(words.head, unknown, pool.len(), &notation);
    let text = ranking.text(
        words.aim.as_deref(),
        words.target.as_deref(),
        unknown,
        pool.len(),
        &notation,
        |mv| position.describe(mv),
    );
    Some(RankedAnswer {
        verdict: ranking.verdict(),
        json,
        text,
    })
}

/// The moves ranked after the best, each with its figures: choices to play in the best one's
/// place, not moves to play after it, so a heading says so and no line reads as a next step.
fn others_text<'a, M: Copy + 'a>(
    others: impl ExactSizeIterator<Item = &'a MoveChance<M>>,
    notation: impl Fn(M) -> String,
    figures: impl Fn(&MoveChance<M>) -> String,
) -> String {
    if others.len() == 0 {
        return String::new();
    }
    let mut text = OTHER_MOVES.to_string();
    for other in others {
        text.push_str(&format!("  {}: {}\n", notation(other.mv), figures(other)));
    }
    text
}

/// The heading of the moves ranked after the best.
const OTHER_MOVES: &str = "Other moves, each instead of the best one:\n";

/// Why the moves cannot be ranked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RankError {
    #[error(
        "{} not known but only {} left to be them",
        counted_are(*.unknown, "card"),
        counted_are(*.pool, "card")
    )]
    TooFewCards { unknown: usize, pool: usize },
}

/// The cards not seen: the rest of the pack, `Ac` to `Ks`.
pub fn rest_of_pack(seen: &[Card]) -> Vec<Card> {
    let mut was_seen = [false; DECK_SIZE];
    for card in seen {
        was_seen[card.index()] = true;
    }
    Card::all().filter(|card| !was_seen[card.index()]).collect()
}

/// Ranks the legal moves of `position` by their chance to win, its unknown cards being any
/// of `pool` (the rest of the pack, usually: [`rest_of_pack`]), within `budget`. `observer`
/// hears how many deals are solved (as [`Stats::expanded`]) and may stop the work.
pub fn rank<P: AtTable>(
    position: &P,
    pool: &[Card],
    budget: &SampleBudget,
    observer: &mut dyn Observer,
) -> Result<Ranking<P::Move>, RankError> {
    rank_for(position, &Board, pool, budget, observer)
}

/// Ranks the legal moves of `position` by their chance to reach `aim`, as [`rank`] does for
/// the game's win; for an aim that counts points, each move with its points, and of two
/// moves with the same chance the one with more points first.
pub fn rank_for<P: AtTable, A: Aim<P>>(
    position: &P,
    aim: &A,
    pool: &[Card],
    budget: &SampleBudget,
    observer: &mut dyn Observer,
) -> Result<Ranking<P::Move>, RankError> {
    let started = Instant::now();
    let unknown = position.unknown();
    if pool.len() < unknown {
        return Err(RankError::TooFewCards {
            unknown,
            pool: pool.len(),
        });
    }
    let moves = position.moves();
    let counts_points = aim.counts_points();
    let by_points = counts_points && aim.ranks_by_points();
    let settled: Vec<Settled> = if unknown == 0 {
        vec![Settled::default(); moves.len()]
    } else {
        moves
            .iter()
            .map(|&mv| aim.settled(&position.after(mv)))
            .collect()
    };
    // A move is sampled when its chance, or its points where they count, may depend on the
    // unknown cards.
    let is_open = |settled: &Settled| !settled.all(counts_points);
    let open: Vec<P::Move> = moves
        .iter()
        .zip(&settled)
        .filter(|(_, settled)| is_open(settled))
        .map(|(&mv, _)| mv)
        .collect();
    // With nothing unknown, one deal is every deal: solved once, it is exact.
    let wanted = if unknown == 0 { 1 } else { budget.deals };
    let sampler = Sampler {
        position,
        aim,
        pool,
        moves: &open,
        caps: budget.caps,
        seed: budget.seed,
    };
    let (tally, stopped, timed_out) = if open.is_empty() {
        (Tally::new(0, counts_points), false, false)
    } else {
        sampler.run(wanted, budget, started, observer)
    };
    let mut sampled = tally.figures.into_iter();
    let mut firsts = tally.firsts.into_iter();
    let mut ranked: Vec<MoveChance<P::Move>> = moves
        .iter()
        .zip(settled)
        .map(|(&mv, settled)| {
            // Only the open moves were sampled, in order: a settled one takes no figure.
            let (figure, first) = if is_open(&settled) {
                let figure = sampled.next().expect("every open move is sampled");
                (Some(figure), firsts.next().unwrap_or(0))
            } else {
                (None, 0)
            };
            // With nothing unknown, the one deal solved is every deal.
            let every_deal = figure.filter(|figure| unknown == 0 && figure.decided == 1);
            let estimate = match (settled.reached, every_deal, figure) {
                (Some(wins), _, _) => Estimate::Exact(wins),
                (None, Some(figure), _) => Estimate::Exact(figure.wins == 1),
                (None, None, Some(figure)) => figure.estimate(),
                (None, None, None) => unreachable!("a move not settled is sampled"),
            };
            let points = match (settled.points, every_deal, figure) {
                _ if !counts_points => None,
                (Some(points), _, _) => Some(Points::Exact(points)),
                (None, Some(figure), _) => figure.points.map(|points| match points {
                    Points::Sampled { sum, .. } => {
                        Points::Exact(u32::try_from(sum).unwrap_or(u32::MAX))
                    }
                    exact @ Points::Exact(_) => exact,
                }),
                (None, None, Some(figure)) => figure.points,
                (None, None, None) => unreachable!("a move not settled is sampled"),
            };
            MoveChance {
                mv,
                estimate,
                points,
                firsts: first,
            }
        })
        .collect();
    ranked.sort_by(|a, b| ranked_before(a, b, by_points));
    Ok(Ranking {
        moves: ranked,
        by_points,
        deals: tally.deals,
        stopped,
        out_of_time: (timed_out && tally.deals < wanted).then_some(wanted),
        elapsed: started.elapsed(),
    })
}

impl<M: Copy + PartialEq> Ranking<M> {
    /// The ranking refined by `more`, a ranking of the same position over other deals (of
    /// another seed): each move's deals added up, the moves ranked again. A figure that is
    /// exact stays so.
    #[must_use]
    pub fn merged(&self, more: &Ranking<M>) -> Ranking<M> {
        let mut moves: Vec<MoveChance<M>> = self
            .moves
            .iter()
            .map(|chance| {
                let other = more.moves.iter().find(|other| other.mv == chance.mv);
                let estimate = match (chance.estimate, other.map(|other| other.estimate)) {
                    (
                        Estimate::Sampled {
                            wins,
                            decided,
                            open,
                        },
                        Some(Estimate::Sampled {
                            wins: more_wins,
                            decided: more_decided,
                            open: more_open,
                        }),
                    ) => Estimate::Sampled {
                        wins: wins + more_wins,
                        decided: decided + more_decided,
                        open: open + more_open,
                    },
                    (estimate, _) => estimate,
                };
                let points = match (chance.points, other.and_then(|other| other.points)) {
                    (Some(points), Some(more)) => Some(points.merged(more)),
                    (points, _) => points,
                };
                MoveChance {
                    mv: chance.mv,
                    estimate,
                    points,
                    firsts: chance.firsts + other.map_or(0, |other| other.firsts),
                }
            })
            .collect();
        moves.sort_by(|a, b| ranked_before(a, b, self.by_points));
        Ranking {
            moves,
            by_points: self.by_points,
            deals: self.deals + more.deals,
            stopped: more.stopped,
            out_of_time: more.out_of_time,
            elapsed: self.elapsed + more.elapsed,
        }
    }
}

impl<M: Copy + PartialEq> Ranking<M> {
    /// The ranking with `shown`, the move it put first before (the one the player was
    /// shown), first again unless the move now first is ahead of it beyond the margins. Two
    /// moves whose chances are equal within their margins (the same card to two piles, two
    /// moves along one line) trade places from one round of deals to the next by chance
    /// alone; a hint that followed them would jump back and forth, so the one shown stays
    /// until another is surely better. The figures themselves are not changed.
    #[must_use]
    pub fn keeping_first(mut self, shown: M) -> Ranking<M> {
        let Some(at) = self.moves.iter().position(|chance| chance.mv == shown) else {
            return self;
        };
        if at > 0 && !self.ahead_beyond_margins(&self.moves[0], &self.moves[at]) {
            let kept = self.moves.remove(at);
            self.moves.insert(0, kept);
        }
        self
    }

    /// Whether `leader` is ahead of `other` beyond the margins, on what the ranking ranks by
    /// (the chance, or for a ranking by points the mean points): its figure higher by more
    /// than the larger of the two margins. One with no figure (no deal decided it) is behind
    /// any that has one.
    fn ahead_beyond_margins(&self, leader: &MoveChance<M>, other: &MoveChance<M>) -> bool {
        let figure = |chance: &MoveChance<M>| {
            if self.by_points {
                chance.points.and_then(|points| points.mean_margin())
            } else {
                chance
                    .estimate
                    .chance()
                    .map(|value| (value, chance.estimate.margin()))
            }
        };
        match (figure(leader), figure(other)) {
            (Some((lead, lead_margin)), Some((behind, behind_margin))) => {
                lead - behind > lead_margin.max(behind_margin)
            }
            (lead, behind) => lead.is_some() && behind.is_none(),
        }
    }
}

/// Which of two moves the ranking puts first: the one with the better chance ([`order`]), then
/// the one with more points, then the one more winning lines start with; in a ranking
/// `by_points`, the one with more points first, the chance left out.
fn ranked_before<M>(a: &MoveChance<M>, b: &MoveChance<M>, by_points: bool) -> std::cmp::Ordering {
    let mean = |chance: &MoveChance<M>| {
        chance
            .points
            .and_then(|points| points.mean_margin())
            .map_or(-1.0, |(mean, _)| mean)
    };
    let by_chance = if by_points {
        std::cmp::Ordering::Equal
    } else {
        order(&b.estimate).total_cmp(&order(&a.estimate))
    };
    by_chance
        .then(mean(b).total_cmp(&mean(a)))
        .then(b.firsts.cmp(&a.firsts))
}

/// A move's place in the ranking: by its chance, then by its interval's low end (so that,
/// of two equal chances, the surer comes first); a move no deal decided comes last.
fn order(estimate: &Estimate) -> f64 {
    let low = estimate.interval().0;
    estimate
        .chance()
        .map_or(-1.0, |chance| chance * 2.0 + low / 2.0)
}

/// What the deals solved say of each open move, in the order of the moves.
struct Tally {
    figures: Vec<Figure>,
    /// For each open move, the deals whose winning line starts with it.
    firsts: Vec<usize>,
    deals: usize,
}

/// One move's deals: won, decided, left open; and their points, where they count.
#[derive(Debug, Clone, Copy, Default)]
struct Figure {
    wins: usize,
    decided: usize,
    open: usize,
    points: Option<Points>,
}

impl Figure {
    fn estimate(self) -> Estimate {
        Estimate::Sampled {
            wins: self.wins,
            decided: self.decided,
            open: self.open,
        }
    }
}

impl Tally {
    fn new(moves: usize, counts_points: bool) -> Tally {
        let figure = Figure {
            points: counts_points.then_some(Points::Sampled {
                sum: 0,
                squares: 0,
                deals: 0,
            }),
            ..Figure::default()
        };
        Tally {
            figures: vec![figure; moves],
            firsts: vec![0; moves],
            deals: 0,
        }
    }

    /// Adds one deal's outcome for each move (won or lost with its points, or open: `None`),
    /// and which move its winning line starts with, if one of them.
    fn add(&mut self, (outcomes, first): &Outcomes) {
        self.deals += 1;
        if let Some(first) = first {
            self.firsts[*first] += 1;
        }
        for (figure, outcome) in self.figures.iter_mut().zip(outcomes) {
            match outcome {
                Some((won, points)) => {
                    figure.decided += 1;
                    figure.wins += usize::from(*won);
                    if let (Some(sampled), Some(points)) = (&mut figure.points, points) {
                        sampled.add(*points);
                    }
                }
                None => figure.open += 1,
            }
        }
    }
}

/// A stop asked for by the caller: each solve watches it.
struct Flag<'a>(&'a AtomicBool);

impl Observer for Flag<'_> {
    fn should_stop(&mut self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// One deal's outcome for each open move (reached or not, with its points where they count;
/// `None` when a cap left it open), and which move the line found starts with.
type Outcomes = (Vec<Option<(bool, Option<u32>)>>, Option<usize>);

/// The work was stopped before a deal was solved.
struct Stopped;

/// How often the caller's observer hears from the work.
const REPORT_EVERY: Duration = Duration::from_millis(50);

/// Deals the unknown cards and solves each deal after each open move.
struct Sampler<'a, P: AtTable, A> {
    position: &'a P,
    aim: &'a A,
    pool: &'a [Card],
    moves: &'a [P::Move],
    caps: Caps,
    seed: u64,
}

impl<P: AtTable, A: Aim<P>> Sampler<'_, P, A> {
    /// Solves deals `0..wanted` on the budget's threads, until they are done, the budget's
    /// time is spent or the observer stops the work; says whether the observer stopped it and
    /// whether the time ran out.
    fn run(
        &self,
        wanted: usize,
        budget: &SampleBudget,
        started: Instant,
        observer: &mut dyn Observer,
    ) -> (Tally, bool, bool) {
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let mut tally = Tally::new(self.moves.len(), self.aim.counts_points());
        let mut stopped = false;
        let mut timed_out = false;
        std::thread::scope(|scope| {
            let (sender, results) = mpsc::channel();
            for _ in 0..budget.threads.max(1) {
                let sender = sender.clone();
                let (next, stop) = (&next, &stop);
                scope.spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        let number = next.fetch_add(1, Ordering::Relaxed);
                        if number >= wanted {
                            break;
                        }
                        let Ok(outcomes) = self.deal(number, stop) else {
                            break;
                        };
                        if sender.send(outcomes).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(sender);
            loop {
                match results.recv_timeout(REPORT_EVERY) {
                    Ok(outcomes) => tally.add(&outcomes),
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => break,
                }
                let elapsed = started.elapsed();
                observer.progress(&Stats {
                    expanded: tally.deals as u64,
                    elapsed,
                    ..Stats::default()
                });
                if observer.should_stop() {
                    stopped = true;
                    stop.store(true, Ordering::Relaxed);
                }
                // The time limit ends the work only once the least deals a ranking rests on
                // are solved: fewer would make it a guess.
                let enough = tally.deals >= LEAST_DEALS.min(wanted);
                if enough && budget.time.is_some_and(|time| elapsed >= time) {
                    timed_out = true;
                    stop.store(true, Ordering::Relaxed);
                }
            }
        });
        (tally, stopped, timed_out)
    }

    /// Deal `number`: the unknown cards dealt, each open move's outcome on it, and which of
    /// them the line found starts with. The position solved first settles every move when
    /// the aim is not reached and no points count (no move can win a lost game), and the
    /// first move of its line, which fares as the position does.
    fn deal(&self, number: usize, stop: &AtomicBool) -> Result<Outcomes, Stopped> {
        let dealt = dealt(self.position, self.pool, self.seed, number);
        let whole = self.solve(&dealt, stop)?;
        let whole_first = whole.line().and_then(<[P::Move]>::first);
        let first = whole_first.and_then(|first| self.moves.iter().position(|mv| mv == first));
        let lost = whole.reached() == Some(false) && !self.aim.counts_points();
        let outcome = |solved: &A::Yield| solved.reached().map(|won| (won, solved.points()));
        let outcomes = self
            .moves
            .iter()
            .map(|&mv| {
                if lost {
                    Ok(Some((false, None)))
                } else if whole_first == Some(&mv) {
                    Ok(outcome(&whole))
                } else {
                    Ok(outcome(&self.solve(&dealt.after(mv), stop)?))
                }
            })
            .collect::<Result<_, _>>()?;
        Ok((outcomes, first))
    }

    /// One exact solve under the caps: not reached nor lost when a cap stopped it,
    /// `Stopped` when the stop.
    fn solve(&self, position: &P, stop: &AtomicBool) -> Result<A::Yield, Stopped> {
        let mut flag = Flag(stop);
        let mut capped = Capped::new(self.caps, &mut flag);
        let solved = self.aim.solve(position, &mut capped);
        if solved.reached().is_none() && capped.reached().is_none() {
            return Err(Stopped);
        }
        Ok(solved)
    }
}

/// `position` with its unknown cards dealt from `pool` as the shuffle's deal `number` from
/// `seed` gives them.
fn dealt<P: AtTable>(position: &P, pool: &[Card], seed: u64, number: usize) -> P {
    let cards = shuffled(pool, seed, number);
    position.dealt(&cards[..position.unknown()])
}

/// A line that wins from `position` starting with `mv`, on the first of the budget's deals of
/// the unknown cards (from `pool`, as [`rank`] deals them) that it wins: `mv`, then the exact
/// solver's line on that deal. `None` when no deal of the budget is won after `mv` (or a cap
/// left them open). Until a card not known turns up, the line is as good on the cards the
/// player sees as on the deal: a player may follow it that far without ranking every move.
pub fn winning_line<P: AtTable>(
    position: &P,
    pool: &[Card],
    budget: &SampleBudget,
    mv: P::Move,
) -> Option<Vec<P::Move>> {
    if pool.len() < position.unknown() {
        return None;
    }
    let stop = AtomicBool::new(false);
    (0..budget.deals.max(1)).find_map(|number| {
        let after = dealt(position, pool, budget.seed, number).after(mv);
        let mut flag = Flag(&stop);
        let mut capped = Capped::new(budget.caps, &mut flag);
        match after.solve(&mut capped) {
            Solved::Won(line) => Some(std::iter::once(mv).chain(line).collect()),
            Solved::Lost | Solved::Open => None,
        }
    })
}

/// The line a player at the table follows after a ranking put `best` first: `best`, then the
/// rest of a line that wins after it on one of the budget's deals of the cards not seen
/// ([`winning_line`]), to be followed until a card not known turns up; `best` alone when no
/// deal of the budget wins after it. Where many moves tie with every card known (Klondike's
/// stock), ranking each move again goes round in circles; one line makes progress. The lab's
/// player and the app's hint both follow it.
pub fn line_to_follow<P: AtTable>(
    position: &P,
    budget: &SampleBudget,
    best: MoveChance<P::Move>,
) -> Vec<P::Move> {
    let may_win = best.estimate.chance().is_some_and(|chance| chance > 0.0);
    let pool = rest_of_pack(&position.seen());
    may_win
        .then(|| winning_line(position, &pool, budget, best.mv))
        .flatten()
        .unwrap_or_else(|| vec![best.mv])
}

/// The cards of `pool` in the order the shared shuffle's deal `number` from `seed` puts them:
/// every order equally likely.
fn shuffled(pool: &[Card], seed: u64, number: usize) -> Vec<Card> {
    let deal = RandomDeals::new(seed)
        .nth(number)
        .expect("the random deals never end");
    let mut place = [0; DECK_SIZE];
    for (at, card) in deal.slots().iter().enumerate() {
        if let Some(card) = card {
            place[card.index()] = at;
        }
    }
    let mut cards = pool.to_vec();
    cards.sort_by_key(|card| place[card.index()]);
    cards
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_few_cards_agree_with_their_counts() {
        let one = RankError::TooFewCards {
            unknown: 1,
            pool: 0,
        };
        assert_eq!(
            one.to_string(),
            "1 card is not known but only 0 cards are left to be them"
        );
    }

    #[test]
    fn a_shuffle_orders_the_pool_and_changes_with_the_deal() {
        let pool: Vec<Card> = Card::all().take(10).collect();
        let first = shuffled(&pool, 1, 0);
        let mut sorted = first.clone();
        sorted.sort_by_key(|card| card.index());
        assert_eq!(sorted, pool);
        assert_eq!(first, shuffled(&pool, 1, 0));
        assert_ne!(first, shuffled(&pool, 1, 1));
    }

    #[test]
    fn the_rest_of_the_pack_leaves_out_what_was_seen() {
        let seen: Vec<Card> = Card::all().take(50).collect();
        let rest = rest_of_pack(&seen);
        assert_eq!(rest, Card::all().skip(50).collect::<Vec<_>>());
    }

    /// A game of one move: move 0 is lost whatever the unknown card is, move 1 always wins.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    struct OneMove {
        played: Option<u8>,
        unknown: usize,
        /// How long each solve takes.
        pause: Duration,
    }

    impl Referee for OneMove {
        type Move = u8;
        type Illegal = std::fmt::Error;

        fn legal_moves(&self) -> Vec<u8> {
            if self.played.is_none() {
                vec![0, 1]
            } else {
                Vec::new()
            }
        }

        fn apply(&mut self, mv: u8) -> Result<(), std::fmt::Error> {
            self.played = Some(mv);
            Ok(())
        }

        fn check(&self, _mv: u8) -> Result<(), std::fmt::Error> {
            Ok(())
        }

        fn is_won(&self) -> bool {
            self.played == Some(1)
        }

        fn describe(&self, mv: u8) -> String {
            format!("move {mv}")
        }
    }

    impl AtTable for OneMove {
        fn unknown(&self) -> usize {
            self.unknown
        }

        fn seen(&self) -> Vec<Card> {
            Vec::new()
        }

        fn dealt(&self, _cards: &[Card]) -> OneMove {
            OneMove {
                unknown: 0,
                ..*self
            }
        }

        fn settled(&self) -> Option<bool> {
            (self.played == Some(0)).then_some(false)
        }

        fn shown(&self, _truth: &OneMove) -> Option<OneMove> {
            None
        }

        fn solve(&self, _observer: &mut dyn Observer) -> Solved<u8> {
            std::thread::sleep(self.pause);
            match self.played {
                None => Solved::Won(vec![1]),
                Some(1) => Solved::Won(Vec::new()),
                Some(_) => Solved::Lost,
            }
        }
    }

    #[test]
    fn a_settled_move_before_an_open_one_leaves_it_its_own_figures() {
        let start = OneMove {
            played: None,
            unknown: 1,
            pause: Duration::ZERO,
        };
        let budget = SampleBudget {
            deals: 10,
            time: None,
            threads: 1,
            caps: Caps::NONE,
            seed: 1,
        };
        let pool: Vec<Card> = Card::all().take(1).collect();
        let ranking = rank(&start, &pool, &budget, &mut ()).expect("one card for one place");
        let figures: Vec<(u8, Estimate)> = ranking
            .moves
            .iter()
            .map(|chance| (chance.mv, chance.estimate))
            .collect();
        let won = Estimate::Sampled {
            wins: 10,
            decided: 10,
            open: 0,
        };
        assert_eq!(figures, vec![(1, won), (0, Estimate::Exact(false))]);
    }

    #[test]
    fn a_ranking_rests_on_the_least_deals_whatever_the_time_limit() {
        // Each deal takes two solves of 30 ms: the time limit is spent before the first ends.
        let start = OneMove {
            played: None,
            unknown: 1,
            pause: Duration::from_millis(30),
        };
        let budget = SampleBudget {
            deals: 100,
            time: Some(Duration::ZERO),
            threads: 1,
            caps: Caps::NONE,
            seed: 1,
        };
        let pool: Vec<Card> = Card::all().take(1).collect();
        let ranking = rank(&start, &pool, &budget, &mut ()).expect("one card for one place");
        // A deal started as the least were reached may end too.
        assert!(
            (LEAST_DEALS..LEAST_DEALS + 2).contains(&ranking.deals),
            "{}",
            ranking.deals
        );
        assert_eq!(ranking.out_of_time, Some(100));
        // A budget of fewer deals is met.
        let few = SampleBudget { deals: 2, ..budget };
        let ranking = rank(&start, &pool, &few, &mut ()).expect("one card for one place");
        assert_eq!((ranking.deals, ranking.out_of_time), (2, None));
    }

    #[test]
    fn rankings_over_more_deals_add_up_and_rank_again() {
        let sampled = |wins, decided| Estimate::Sampled {
            wins,
            decided,
            open: 1,
        };
        let ranking = |moves: Vec<(u8, Estimate)>, deals| Ranking {
            by_points: false,
            moves: moves
                .into_iter()
                .map(|(mv, estimate)| MoveChance {
                    mv,
                    estimate,
                    points: None,
                    firsts: 0,
                })
                .collect(),
            deals,
            stopped: false,
            out_of_time: None,
            elapsed: Duration::from_secs(1),
        };
        let first = ranking(
            vec![
                (0, sampled(6, 10)),
                (1, sampled(5, 10)),
                (2, Estimate::Exact(false)),
            ],
            10,
        );
        let more = ranking(
            vec![
                (1, sampled(20, 20)),
                (0, sampled(0, 20)),
                (2, Estimate::Exact(false)),
            ],
            20,
        );
        let both = first.merged(&more);
        let figures: Vec<(u8, Estimate)> = both
            .moves
            .iter()
            .map(|chance| (chance.mv, chance.estimate))
            .collect();
        let wins = |wins, decided| Estimate::Sampled {
            wins,
            decided,
            open: 2,
        };
        assert_eq!(
            figures,
            vec![
                (1, wins(25, 30)),
                (0, wins(6, 30)),
                (2, Estimate::Exact(false))
            ]
        );
        assert_eq!((both.deals, both.elapsed), (30, Duration::from_secs(2)));
    }

    /// A ranking of moves `0, 1, ...` by their chances, as the rounds merge them.
    fn chances(moves: &[(u8, Estimate)]) -> Ranking<u8> {
        Ranking {
            by_points: false,
            moves: moves
                .iter()
                .map(|&(mv, estimate)| MoveChance {
                    mv,
                    estimate,
                    points: None,
                    firsts: 0,
                })
                .collect(),
            deals: 100,
            stopped: false,
            out_of_time: None,
            elapsed: Duration::ZERO,
        }
    }

    fn won(wins: usize, decided: usize) -> Estimate {
        Estimate::Sampled {
            wins,
            decided,
            open: 0,
        }
    }

    fn first(ranking: &Ranking<u8>) -> Option<u8> {
        ranking.best().map(|best| best.mv)
    }

    #[test]
    fn the_move_shown_stays_first_until_another_is_ahead_beyond_the_margins() {
        // 52% and 50% of 100 deals: within the margins (about 10%), move 1 shown stays first.
        let close = chances(&[(0, won(52, 100)), (1, won(50, 100)), (2, won(10, 100))]);
        assert_eq!(first(&close.clone().keeping_first(1)), Some(1));
        // Ahead beyond them: the new leader goes first.
        let clear = chances(&[(0, won(80, 100)), (1, won(50, 100)), (2, won(10, 100))]);
        assert_eq!(first(&clear.clone().keeping_first(1)), Some(0));
        // The rest keep their order; a move no longer ranked, or already first, changes
        // nothing.
        let kept = close.clone().keeping_first(1);
        let order: Vec<u8> = kept.moves.iter().map(|chance| chance.mv).collect();
        assert_eq!(order, [1, 0, 2]);
        assert_eq!(close.clone().keeping_first(7), close);
        assert_eq!(close.clone().keeping_first(0), close);
        // A certain win is ahead of a sampled chance beyond its margin; a move no deal
        // decided is behind any with a figure.
        let certain = chances(&[(0, Estimate::Exact(true)), (1, won(60, 100))]);
        assert_eq!(first(&certain.keeping_first(1)), Some(0));
        let undecided = chances(&[(0, won(1, 100)), (1, won(0, 0))]);
        assert_eq!(first(&undecided.keeping_first(1)), Some(0));
    }

    #[test]
    fn points_read_as_a_mean_and_its_margin_and_add_up_over_more_deals() {
        let mut sampled = Points::Sampled {
            sum: 0,
            squares: 0,
            deals: 0,
        };
        assert_eq!(sampled.text(), "points not known");
        for points in [30_000, 32_000, 34_000] {
            sampled.add(points);
        }
        // Mean 32,000, sample deviation 2,000: a margin of 1.96 * 2,000 / √3.
        assert_eq!(sampled.text(), "mean 32,000 ± 2,263 points");
        assert_eq!(sampled.mean_text(), "mean 32,000 points");
        assert_eq!(Points::Exact(31_200).mean_text(), "31,200 points");
        assert_eq!(Points::Exact(31_200).text(), "31,200 points, certain");
        let more = Points::Sampled {
            sum: 32_000,
            squares: 32_000 * 32_000,
            deals: 1,
        };
        let both = sampled.merged(more);
        assert_eq!(both.mean_margin().map(|(mean, _)| mean), Some(32_000.0));
        assert!(matches!(both, Points::Sampled { deals: 4, .. }));
        assert_eq!(Points::Exact(5).merged(more), Points::Exact(5));
        assert_eq!(sampled.json()["deals"], 3);
        assert_eq!(Points::Exact(5).json()["exact"], true);
        // A normal interval of a mean: on few deals of very different points it reaches
        // below 0, as the at-the-table page says.
        let spread = Points::Sampled {
            sum: 8_000,
            squares: 8_000 * 8_000,
            deals: 8,
        };
        assert_eq!(spread.text(), "mean 1,000 ± 1,960 points");
    }

    #[test]
    fn figures_read_as_a_chance_and_its_interval() {
        let sampled = Estimate::Sampled {
            wins: 1280,
            decided: 2000,
            open: 0,
        };
        assert_eq!(sampled.text(), "64% (62% to 66%, 2,000 deals)");
        // 18 of 20: Wilson's interval is 70% to 97%, wider below; a "±" of its larger
        // side would run past 100%.
        let few = Estimate::Sampled {
            wins: 18,
            decided: 20,
            open: 2,
        };
        assert_eq!(few.text(), "90% (70% to 97%, 20 deals, 2 left open)");
        let all = Estimate::Sampled {
            wins: 32,
            decided: 32,
            open: 0,
        };
        assert_eq!(all.text(), "100% (89% to 100%, 32 deals)");
        assert_eq!(Estimate::Exact(true).text(), "100%, certain");
        let none = Estimate::Sampled {
            wins: 0,
            decided: 0,
            open: 3,
        };
        assert_eq!(none.text(), "not known (3 deals left open by a cap)");
        assert!(order(&Estimate::Exact(true)) > order(&sampled));
        assert!(order(&sampled) > order(&none));
    }
}

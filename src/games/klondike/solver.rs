//! The exact solver for thoughtful Klondike (every card known): a line of moves that wins, or
//! a proof that none does under the position's rules. A card not known (`??`) matches
//! nothing, as in the referee: it can never reach its foundation, so a position holding one
//! cannot be won, and is answered so at once.
//!
//! The search is depth first, with a table of the states met, over a picture of the position
//! that forgets what cannot change the outcome, with the stock seen as the cards it can play
//! and with the foundation moves that cannot lose made without searching. Every shortcut
//! below is exact: the answer is the one an exhaustive search of the referee's moves would
//! give (the tests check this on small decks under every rule set). No time-out or guess is
//! involved; a search that the observer stops is undecided, never lost.
//!
//! # Lost at a glance
//!
//! Before searching, a position in which some card can never leave its place (its parents
//! and a lower card of its suit stay covered until it has gone, directly or through other
//! cards that wait in turn: [`blocked`]) is answered lost. The search would have had to go
//! through every position it reaches to say so.
//!
//! # The picture
//!
//! Face-up tableau cards are of three kinds. A *dealt* card is the top of the cards still
//! lying where they were dealt in a pile (face up, with the pile's face-down cards under it);
//! a *base* lies at the bottom of a pile that holds no dealt card; every other face-up card
//! is *hosted*: it lies on a *parent*, a card of one rank higher and the other colour, of
//! which there are two. The state keeps the sets of face-up, dealt and base cards, how many
//! cards each pile still holds where they were dealt (which says which cards are face down),
//! the stock and waste, the redeals made (when they are limited) and the foundations. It does
//! not keep which parent each hosted card lies on, nor the order of the piles.
//!
//! Why that is enough: a parent can only hold a card of its rank - 1 and other colour, so the
//! two parents of a card `c` hold at most `c` and its *twin* (the other card of its rank and
//! colour). Take two positions A and B with the same picture and a move in A; B can make one
//! leading to the same picture, after at most one move that changes no picture:
//! - A hosted card's run onto another parent changes no picture (and is never searched). Under
//!   "any card on an empty pile", a hosted card's run to an empty pile or a base's run onto a
//!   parent is made the same way in B (the card is hosted, or a base, in both).
//! - A dealt card, a base, a waste card or a foundation card `c` goes onto a free parent in A.
//!   In B the parents of `c` hold at most its twin, as in A, so as many are free: B puts `c` on
//!   one. An empty pile is empty in both (the count of empty piles is in the picture).
//! - A card `c` goes to its foundation from the top of a pile in A. In B a card `d` may lie on
//!   `c`; in A, `d` lies on `c`'s twin `c'` (it is hosted in both), so the other card that may
//!   lie on `c'` is not hosted or lies on `c` in B, where `c'` is then free: B moves `d`'s run
//!   onto `c'`, then `c` up.
//! - The stock and the foundations are the same in both.
//!
//! So A can win exactly when B can (follow A's winning line), and the search keeps one key per
//! picture. Moves are searched as *card moves* on the picture: a dealt card, base, stock card
//! or foundation card onto "a free parent" or an empty pile, a card to its foundation, and a
//! hosted card to an empty pile or a base onto a parent where any card fills an empty pile.
//! The same counts decide, whichever the runs' order, whether a card can move; the referee's
//! moves for a card move are found when the line is played ([`realize`]). A lone card at a
//! pile's bottom that may fill an empty pile is counted a base, not a dealt card: the two are
//! the same position, so they take the same key.
//!
//! # The stock
//!
//! The stock and waste are one row, the *cycle* (the waste bottom first, then the stock);
//! cards leave it only from the waste's top, so it stays in order, and a state is the cards
//! left plus how many of them form the waste. Draws and redeals change nothing but that
//! count, and a play from the waste leaves the same state however the card got to the top
//! (the waste is then the cards before it). So a line's draws and redeals can all be moved to
//! just before the next play from the waste (tableau moves do not depend on the stock), and
//! the search plays "the stock card at place `i`" as one move, for each card some draws (and
//! at most one redeal: after one, every card reachable in a pass is) bring to the top. When
//! a card can be reached without a redeal, the redeal is not tried: a state with fewer
//! redeals used can do all the other can. With redeals unlimited, the states whose waste holds
//! a whole number of draws (or every card left) go round into one another by draws and
//! redeals alone, and reach the same cards: they are one state, and share a key. More
//! generally, a state whose waste count some draws (and redeals) lead to from another state
//! with the same key can do nothing the other cannot: once the other has been met, it is not
//! searched (the table keeps, per key, the waste counts met).
//!
//! With redeals unlimited, a state off the cycle of whole passes also leaves to the other
//! states of its key met before it the plays they make: a card played from the stock leaves
//! the same state whichever of them it was played from, and every state met is searched once.
//! When any other state of its key was met, it leaves it the cards only a redeal brings up
//! and the stock's last card (every state of the key brings all of those up, by draws or by
//! a redeal); when a state was met whose waste draws from this one lead to, it leaves it the
//! cards from that one's top on (draws bring them up from both). A state leaves plays only to
//! states met before it, which make them or leave them in turn to states met still earlier,
//! so each play is still made by some state of the key.
//!
//! # A relaxed game
//!
//! With draw 3, or a limit on redeals, the same position is also searched under draw 1 with
//! unlimited redeals, in turns of growing length with the real search (its own four times as
//! long, its states being cheaper and fewer). There every card of the cycle can be played at
//! any time, leaving the cycle without it, as in the real game; so every line of the real
//! game, its draws and redeals left out, is a line of the relaxed one, and when the relaxed
//! game cannot be won, neither can the real one. Its search is often much smaller. A win in
//! the relaxed game proves nothing, and ends its search.
//!
//! # The stock as a pool
//!
//! With draw 1 and redeals unlimited (the real game's rules, or the relaxed game's), every
//! card of the cycle can be played at any time: the stock is a *pool*. There a stock card is
//! put on the tableau only together with the move that puts a card on it next (a card from
//! the piles, the pool or the foundations, with what that move needs), or alone when a card
//! that may go on it lies on its twin, from where it can come over. Why no win is lost: in
//! a winning line, move each play of a pool card `c` to the tableau to just before the first
//! later move that involves `c` (puts a card on it, moves it, or moves the run it lies on).
//! The moves between do not need it: they cannot put anything where it lies, and the pool
//! still holds it. If that move takes `c` to its foundation or elsewhere, play it from the
//! pool straight there instead; if it moves the run `c` lies on, make that move first. Each
//! change makes the line shorter or puts the play later, so they end, with every play of a
//! pool card to the tableau followed by a move putting a card on it, and no more moves
//! than before: the bound `d` below is kept.
//!
//! # Moves made without searching
//!
//! Below, `d(S)` is the fewest moves other than foundation-to-tableau moves in a winning line
//! from S (draws and redeals not counted, nor moves that change no picture).
//!
//! **Safe moves.** A card `c` of rank `r` that can go to its foundation goes there at once,
//! with no other move tried, when both foundations of the other colour hold at least rank
//! `r - 2` and the other suit of `c`'s colour at least `r - 3` (a suit whose cards are all up
//! counts as full, for reduced decks). Every Ace and 2 qualifies. This applies to a card of
//! the tableau (dealt, hosted or base), and to the waste's top card when taking it out of the
//! cycle changes no other card's draws: with draw 1, when no redeal is left, or when it is
//! the cycle's last card (the stock is empty). A state on the cycle of whole passes is the
//! same state with any whole number of draws made, so there the cycle's last card (drawing
//! to the end) and, with draw 1, any card of the cycle count as the waste's top.
//!
//! Why a safe move never loses a win, foundation-to-tableau moves included: let L win from P,
//! and P' be P with `c` up. Follow L from P', keeping a set E of cards that are up in P' but
//! not in L's position (at first `{c}`); cards of E lie only under other cards of E (E holds
//! the tops of its piles). When `c` lay on a face-down card, P' has turned it over; L cannot
//! reach it before moving `c` off, after which both have it face up. Moves of E cards are
//! skipped (a card of E going up leaves E); a foundation card that L brings down is left up
//! and joins E when it is of rank `r - 1` or lower, or when it lands on an E card; other
//! moves are made as L makes them, the cards of E on a moved run left out. The only move that
//! may not be made so is L putting a card `x` (with what lies on it) onto an E card: then `x`
//! and those cards go up instead, top first, and join E. They can: `x` lies on an E card, so
//! its rank is at most `r - 1`, and the foundations of P' never fall below P's levels for
//! ranks under `r` (the cards of rank `r - 1` or lower are never brought down in P'). `x` of
//! rank `r - 1` lies on `c` (no other E card has rank `r`), so it is of the other colour,
//! whose foundations hold `r - 2`; a card of rank `r - 2` needs `r - 3` in its suit, which
//! the rule gives for every suit; lower cards need less. Each card that joins E this way
//! saves the move L makes later to put it up, and `c`'s own move is saved, so
//! `d(P') < d(P)`. For a waste card the cycle of P' is L's without `c`, and the conditions
//! above make every other card's draws the same (a draw of `c` alone, or a redeal of `c`
//! alone, is skipped).
//!
//! **Cards that can come back.** When foundation cards may come back to the tableau, any
//! card that lies on a parent or at a pile's bottom (not a dealt card: that would turn a card
//! over for good) goes up as soon as it can, safe or not. Let L win from S and S' be S with
//! such a card `c` up. Follow L from S', skipping the moves of `c`, and bring `c` back down
//! just before L needs it in the tableau (to take a card, to let the card under it on its
//! foundation come down, to take what lies on its twin, or to go to an empty pile): a parent
//! is free for it then, since its parents hold at most its twin besides itself, and for a
//! base its pile is still empty. The added moves are foundation-to-tableau moves, and `c`'s
//! own move up is saved if L makes it first, so `d(S') <= d(S)`.
//!
//! # Moves left out, and moves made together
//!
//! - A run from one parent to another, or a base's run to an empty pile: the picture does
//!   not change.
//! - A foundation card brought down on its own. A foundation-to-tableau move can wait until
//!   just before the first move that needs its card down (one that puts a card on it, brings
//!   down the card under it, takes what lies on its twin, or moves it): the moves between do
//!   not need it, and only gain from it being up (a parent more for its twin, fewer cards on
//!   its own parent). So in some best line every such move comes just before the move it
//!   serves, and the search makes them together, as one move: a card from the tableau or
//!   the stock onto a parent, or to its foundation, after bringing down one of its parents
//!   or its twin, the cards above that one on its foundation first, each onto a free parent,
//!   an empty pile, or (when no parent is free) a parent brought down for it the same way.
//!   A card brought down alone would go straight back up (above), so nothing is lost.
//!
//! # Why the shortcuts hold together
//!
//! The search's graph is the pictures after the moves made without searching, each with its
//! card moves (the stock's with draws folded in, and those made together with foundation
//! cards brought down). From a picture that can be won, the first moves of a best line up to
//! and including its first move other than a foundation-to-tableau move are one move of the
//! graph, which lowers `d`; the moves made without searching then do not raise it, and lower
//! it for a safe move, and each puts a card up, so they end. The depth-first search leaves
//! out a state when the table holds it, or a state that reaches it by draws alone (which has
//! no larger `d`). Suppose the search ends without a win while some state it met can be won;
//! take such a state X with the smallest `d`. X was expanded, so its child Y on a best line
//! was made, with a smaller `d`, by X or by a state of its key that X left the play to (met,
//! so expanded too); Y, or a state reaching it by draws with no larger `d`, was met: a state
//! met that can be won with a smaller `d` than X's, which cannot be. So the search
//! finds a win when there is one. The order the moves are tried in (turning a face-down card
//! over first, the more face-down cards under it the sooner) changes only how soon.

mod blocked;
mod game;
mod realize;
mod table;

use std::time::Instant;

pub use crate::engine::search::{CapReached, Capped, Caps, Observer, Stats};
use game::{Choice, Game, State, Step};
use table::{Key, Table};

use super::{Move, Passes, Position, Rules};
use crate::cards::card::Suit;
use crate::engine::search::CHECK_EVERY;

/// What the solver found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A line of moves that wins from the position solved, as the referee plays them. Each
    /// move counts as one (`KLONDIKE.md`): a card or run moved, a draw, a redeal.
    Solvable(Vec<Move>),
    /// No line wins: the search went through every position the rules reach (or a card
    /// is not known, or a suit misses a card, which no line can get past).
    Unsolvable,
}

impl Verdict {
    /// The winning line, if there is one.
    pub fn line(&self) -> Option<&[Move]> {
        match self {
            Verdict::Solvable(line) => Some(line),
            Verdict::Unsolvable => None,
        }
    }
}

pub use crate::engine::search::Report;

/// Solves a position: a winning line, a proof there is none, or `None` in the report when the
/// observer stopped the search (wrap it in [`Capped`] for caps). The position's rules are the
/// ones searched under. Progress goes to the observer every [`CHECK_EVERY`] states searched.
pub fn solve(position: &Position, observer: &mut dyn Observer) -> Report<Verdict> {
    let started = Instant::now();
    let mut stats = Stats::default();
    let answer = if position.is_won() {
        Some(Verdict::Solvable(Vec::new()))
    } else if !all_known(position) || has_gap(position) || blocked::blocked(position) {
        Some(Verdict::Unsolvable)
    } else {
        let rules = position.rules();
        let (game, start) = Game::new(position, rules);
        // The stock relaxed: draw 1 with unlimited redeals plays every card the real stock
        // can, in any order (see "A relaxed game" above).
        let loose = Rules {
            draw: 1,
            passes: Passes::Unlimited,
            ..rules
        };
        let relaxed = (loose != rules).then(|| Game::new(position, loose));
        let mut search = Search {
            observer,
            stats: &mut stats,
            started,
        };
        let bits = relaxed.iter().fold(game.key_bits(), |bits, (relaxed, _)| {
            bits.max(relaxed.key_bits())
        });
        let relaxed = relaxed.as_ref().map(|(game, start)| (game, *start));
        let found = match bits {
            0..=64 => search.run::<u64>((&game, start), relaxed),
            65..=128 => search.run::<u128>((&game, start), relaxed),
            _ => search.run::<[u64; 3]>((&game, start), relaxed),
        };
        match found {
            Ok(Outcome::Won(steps)) => Some(Verdict::Solvable(realize::realize(position, &steps))),
            Ok(Outcome::Lost) => Some(Verdict::Unsolvable),
            Err(Stopped) => None,
        }
    };
    stats.elapsed = started.elapsed();
    observer.progress(&stats);
    Report { answer, stats }
}

/// Whether every card in play is known.
fn all_known(position: &Position) -> bool {
    position.in_play().all(|card| card.is_some())
}

/// Whether a suit misses a card below its highest in the game (a reduced deck laid out by
/// hand): that card's suit can never be built past the gap.
fn has_gap(position: &Position) -> bool {
    let mut ranks = [0u16; 4];
    let piles = position
        .piles()
        .iter()
        .flat_map(|pile| pile.face_down.iter().chain(&pile.face_up));
    let in_play = piles
        .chain(position.stock())
        .chain(position.waste())
        .flatten()
        .copied();
    for card in in_play.chain(position.foundation_cards()) {
        ranks[card.suit() as usize] |= 1 << (card.rank().value() - 1);
    }
    Suit::ALL
        .iter()
        .any(|&suit| (ranks[suit as usize] + 1) & ranks[suit as usize] != 0)
}

/// A position of the depth-first search: its children (in the shared list of children, from
/// `begin` to `end`, those from `next` on not yet searched, their steps from `steps` on), and
/// where its line ends.
struct Frame {
    begin: usize,
    next: usize,
    end: usize,
    steps: usize,
    line: usize,
}

/// A state met for the first time, waiting to be searched, with the steps that lead to it
/// from its parent (in the shared list of steps).
#[derive(Clone, Copy)]
struct Child {
    state: State,
    start: u32,
    len: u32,
    /// The waste counts met with its key when it was entered, its own included.
    met: u64,
}

/// The observer stopped the search.
struct Stopped;

/// How a search ended.
enum Outcome {
    Won(Vec<Step>),
    Lost,
}

/// The figures' parts that are not the searches' own.
struct Search<'a> {
    observer: &'a mut dyn Observer,
    stats: &'a mut Stats,
    started: Instant,
}

/// Expansions the real game's search makes before the relaxed game's gets a turn; each turn
/// after that is twice as long as the one before.
const FIRST_TURN: u64 = 1 << 15;

/// How many times longer the relaxed game's turns are than the real game's. Its states are
/// cheaper and far fewer (it has no stock order to keep), and when it cannot be won it
/// decides the deal: on the slowest deals of a 10,000-deal draw-3 run that it decides, four
/// times the real game's turn saved a third to a half of their states, and it costs nothing
/// where it wins early, as on the slowest of all.
const RELAXED_SHARE: u64 = 4;

impl Search<'_> {
    /// Decides the game, searching it and, when there is one, the relaxed game in turns of
    /// growing length: a win in the game decides it, and so does a search of the relaxed game
    /// that finds no win; one that finds a win says nothing and ends.
    fn run<K: Key>(
        &mut self,
        real: (&Game, State),
        relaxed: Option<(&Game, State)>,
    ) -> Result<Outcome, Stopped> {
        let mut real = Dfs::<K>::new(real.0, real.1, WALKERS);
        let mut relaxed = relaxed.map(|(game, start)| Dfs::<K>::new(game, start, 1));
        let mut turn = FIRST_TURN;
        loop {
            for _ in 0..turn / CHECK_EVERY {
                let outcome = real.run(CHECK_EVERY);
                self.report(&real, relaxed.as_ref())?;
                if let Some(outcome) = outcome {
                    return Ok(outcome);
                }
            }
            if let Some(search) = &mut relaxed {
                for _ in 0..turn * RELAXED_SHARE / CHECK_EVERY {
                    let outcome = search.run(CHECK_EVERY);
                    self.report(&real, Some(search))?;
                    match outcome {
                        Some(Outcome::Lost) => return Ok(Outcome::Lost),
                        Some(Outcome::Won(_)) => {
                            relaxed = None;
                            break;
                        }
                        None => {}
                    }
                }
            }
            turn *= 2;
        }
    }

    /// Brings the figures up to date and passes them on; stops when the observer says so.
    fn report<K: Key>(&mut self, real: &Dfs<K>, relaxed: Option<&Dfs<K>>) -> Result<(), Stopped> {
        let searches = std::iter::once(real).chain(relaxed);
        let mut stats = Stats {
            elapsed: self.started.elapsed(),
            ..Stats::default()
        };
        for search in searches {
            stats.expanded += search.expanded;
            stats.generated += search.generated;
            stats.stored += search.table.len();
            stats.memory += search.bytes();
        }
        // A relaxed search that ended keeps its part of the figures.
        stats.expanded = stats.expanded.max(self.stats.expanded);
        stats.generated = stats.generated.max(self.stats.generated);
        *self.stats = stats;
        self.observer.progress(self.stats);
        if self.observer.should_stop() {
            Err(Stopped)
        } else {
            Ok(())
        }
    }
}

/// How many walkers the real game's search sends through the states (see [`Dfs`]). On the
/// slowest deals of a 10,000-deal draw-3 run, 16 to 128 did about as well as one another,
/// and far better than 1 to 8 (the README's "Performance" has the figures).
const WALKERS: u64 = 32;

/// Walkers that take their turns together (see [`Dfs`]).
const TOGETHER: usize = 2;

/// Expansions a walker makes before the next one's turn.
const SLICE: u64 = 1 << 9;

/// A depth-first search that can be run a number of expansions at a time, by one or more
/// *walkers* that take turns and share the table of states met. Children are made, keyed and
/// entered in the table all at once when their parent is searched; each is searched later by
/// the walker that met it. A walker that has searched every state on its list takes the next
/// child waiting at the shallowest level of another walker's list. So every state in the table
/// is on one walker's list until it is searched, once; the search is over, and lost, when no
/// walker has a state left to search. That is the single search's argument (module comment,
/// "Why the shortcuts hold together"): only the order the states are searched in changes.
///
/// Why several: how soon a depth-first search finds a win depends heavily on the order it
/// tries the moves in. One poor choice near the start can hold it for millions of states
/// where another order wins in a few hundred; several walkers, each taking over the choices
/// nearest the start that the others have not tried yet, try many of those choices at once.
/// The first walker tries the moves in the order of their priorities; the others add to each
/// move's priority a fixed amount drawn at random for the card it moves, so that they head
/// elsewhere below the choice they took over. A deal that cannot be won costs the same
/// states as with one walker.
///
/// Two walkers take their turns together, one expansion each in alternation, and a walker
/// enters the children it made in the table only after the other's expansion: the table is
/// far larger than the processor's caches, and the memory of the children's slots is fetched
/// meanwhile rather than waited for (a third of the time on the largest searches).
struct Dfs<'g, K> {
    game: &'g Game,
    table: Table<K>,
    walkers: Vec<Walker<K>>,
    /// The first of the walkers whose turn it is.
    turn: usize,
    /// The start, until it is expanded.
    start: Option<State>,
    expanded: u64,
    /// Children made, for the figures.
    generated: u64,
}

/// One walker: its stack of positions and children, and the order it tries moves in.
struct Walker<K> {
    /// 0 for the priorities as they are; otherwise the seed of the amounts added to them.
    order: u64,
    frames: Vec<Frame>,
    /// The children waiting, for every frame.
    children: Vec<Child>,
    /// The steps leading to them.
    steps: Vec<Step>,
    /// The line to the state being searched.
    line: Vec<Step>,
    /// The last expansion's moves and children.
    scratch: Scratch<K>,
    /// Whether the last expansion's children wait to be entered in the table, and where its
    /// frame's children and steps begin.
    pending: Option<(usize, usize)>,
}

/// What a walker's expansion gave.
enum Advance {
    /// A state searched: its children wait to be entered.
    Made,
    /// It has searched every state on its list.
    Done,
    Won(Vec<Step>),
}

impl<'g, K: Key> Dfs<'g, K> {
    fn new(game: &'g Game, start: State, walkers: u64) -> Dfs<'g, K> {
        Dfs {
            game,
            table: Table::new(),
            walkers: (0..walkers)
                .map(|order| Walker {
                    order,
                    frames: Vec::new(),
                    children: Vec::new(),
                    steps: Vec::new(),
                    line: Vec::new(),
                    scratch: Scratch::default(),
                    pending: None,
                })
                .collect(),
            turn: 0,
            start: Some(start),
            expanded: 0,
            generated: 0,
        }
    }

    /// Searches at most about `budget` more states (a pair's turn may end one expansion
    /// past it): how the search ended, or `None` when it goes on.
    fn run(&mut self, budget: u64) -> Option<Outcome> {
        let game = self.game;
        if let Some(mut state) = self.start.take() {
            let mut line = Vec::new();
            game.settle(&mut state, &mut line);
            if game.is_won(&state) {
                return Some(Outcome::Won(line));
            }
            let (words, waste) = game.key(&state);
            self.table
                .visit(K::from_words(words), waste, game.reached_from(waste));
            let first = &mut self.walkers[0];
            first.line = line;
            if let Some(won) = first.make(game, &self.table, &state, 0, &mut self.generated) {
                return Some(Outcome::Won(won));
            }
            first.enter(game, &mut self.table);
            self.expanded += 1;
        }
        let mut left = budget;
        loop {
            if self.walkers.is_empty() {
                break Some(Outcome::Lost);
            }
            if left == 0 {
                break None;
            }
            let count = self.walkers.len();
            let first = self.turn % count;
            // The first walker's first turn is its own: most deals are won in it, in the
            // walker's own order.
            let alone = self.expanded < SLICE;
            let pair: [usize; TOGETHER] = std::array::from_fn(|at| (first + at) % count);
            let pair = &pair[..if alone { 1 } else { count.min(TOGETHER) }];
            let mut active = [true; TOGETHER];
            let mut made = 0;
            'turn: for _ in 0..SLICE {
                for (side, &at) in pair.iter().enumerate() {
                    if !active[side] {
                        continue;
                    }
                    loop {
                        let walker = &mut self.walkers[at];
                        walker.enter(game, &mut self.table);
                        match walker.advance(game, &self.table, &mut self.generated) {
                            Advance::Made => {
                                made += 1;
                                break;
                            }
                            Advance::Won(won) => return Some(Outcome::Won(won)),
                            Advance::Done => {
                                if !self.take_over(at) {
                                    active[side] = false;
                                    break;
                                }
                            }
                        }
                    }
                }
                if made >= left || !active[..pair.len()].contains(&true) {
                    break 'turn;
                }
            }
            self.expanded += made;
            left = left.saturating_sub(made);
            // Walkers with nothing left and nothing to take over leave, the later first so
            // that the other's place holds.
            let mut leaving: Vec<usize> = (pair.iter().zip(active))
                .filter(|&(_, active)| !active)
                .map(|(&at, _)| at)
                .collect();
            leaving.sort_unstable();
            leaving.dedup();
            for &at in leaving.iter().rev() {
                self.walkers.remove(at);
            }
            self.turn = first + pair.len() - leaving.len();
        }
    }

    /// Gives a walker that has searched its list the next child waiting at the shallowest
    /// level of another walker's list: false when no walker has one.
    fn take_over(&mut self, idle: usize) -> bool {
        let waiting = |walker: &Walker<K>| walker.frames.iter().position(|f| f.next < f.end);
        let Some((from, level)) = (self.walkers.iter().enumerate())
            .filter(|&(at, _)| at != idle)
            .filter_map(|(at, walker)| Some((at, waiting(walker)?)))
            .min_by_key(|&(_, level)| level)
        else {
            return false;
        };
        let busy = &mut self.walkers[from];
        let frame = &mut busy.frames[level];
        let child = busy.children[frame.next];
        frame.next += 1;
        let steps = &busy.steps[child.start as usize..(child.start + child.len) as usize];
        let (steps, line) = (steps.to_vec(), busy.line[..frame.line].to_vec());
        let walker = &mut self.walkers[idle];
        walker.frames.clear();
        walker.frames.push(Frame {
            begin: 0,
            next: 0,
            end: 1,
            steps: 0,
            line: line.len(),
        });
        walker.children.clear();
        walker.children.push(Child { start: 0, ..child });
        walker.steps = steps;
        walker.line = line;
        true
    }

    /// Bytes held.
    fn bytes(&self) -> usize {
        self.table.bytes() + self.walkers.iter().map(Walker::bytes).sum::<usize>()
    }
}

impl<K: Key> Walker<K> {
    /// Searches the next state on its list: makes its children, to be entered in the table
    /// by [`Walker::enter`] before the walker's next expansion.
    fn advance(&mut self, game: &Game, table: &Table<K>, generated: &mut u64) -> Advance {
        let frame = loop {
            let Some(frame) = self.frames.last_mut() else {
                return Advance::Done;
            };
            if frame.next < frame.end {
                break frame;
            }
            self.children.truncate(frame.begin);
            self.steps.truncate(frame.steps);
            self.frames.pop();
        };
        let child = self.children[frame.next];
        frame.next += 1;
        self.line.truncate(frame.line);
        let steps = &self.steps[child.start as usize..(child.start + child.len) as usize];
        self.line.extend_from_slice(steps);
        match self.make(game, table, &child.state, child.met, generated) {
            Some(won) => Advance::Won(won),
            None => Advance::Made,
        }
    }

    /// Makes a state's children (each move, then the moves made without searching), best
    /// first in the walker's order, and asks for their slots in the table; or the winning
    /// line, when a child is won (the walker's line leads to the state).
    fn make(
        &mut self,
        game: &Game,
        table: &Table<K>,
        state: &State,
        met: u64,
        generated: &mut u64,
    ) -> Option<Vec<Step>> {
        let scratch = &mut self.scratch;
        let (begin, steps) = (self.children.len(), self.steps.len());
        scratch.choices.clear();
        scratch.made.clear();
        scratch.fresh.clear();
        scratch.keys.clear();
        game.moves(state, met, &mut scratch.choices, &mut scratch.made);
        if self.order != 0 {
            let made = &scratch.made;
            let order = self.order;
            for choice in &mut scratch.choices {
                let card = made[(choice.start + choice.len - 1) as usize].card;
                choice.rank = choice.rank.saturating_add(bonus(order, card));
            }
        }
        // Stable, so that moves of one priority keep the order they were listed in.
        scratch
            .choices
            .sort_by_key(|choice| std::cmp::Reverse(choice.rank));
        for choice in &scratch.choices {
            let start = self.steps.len();
            // Made where it is kept: copying a state just changed field by field stalls.
            scratch.fresh.push(Child {
                state: *state,
                start: start as u32,
                len: 0,
                met: 0,
            });
            let fresh = scratch.fresh.last_mut().expect("just pushed");
            let child = &mut fresh.state;
            let made = &scratch.made[choice.start as usize..(choice.start + choice.len) as usize];
            for &step in made {
                game.apply(child, step);
            }
            self.steps.extend_from_slice(made);
            game.settle(child, &mut self.steps);
            fresh.len = (self.steps.len() - start) as u32;
            *generated += 1;
            if game.is_won(child) {
                let mut won = self.line.clone();
                won.extend_from_slice(&self.steps[start..]);
                return Some(won);
            }
            let (words, waste) = game.key(child);
            scratch.keys.push((K::from_words(words), waste));
        }
        table.prefetch(&scratch.keys);
        self.pending = Some((begin, steps));
        None
    }

    /// Enters the last expansion's children in the table, and those not met before on the
    /// list, under a new frame.
    fn enter(&mut self, game: &Game, table: &mut Table<K>) {
        let Some((begin, steps)) = self.pending.take() else {
            return;
        };
        let scratch = &self.scratch;
        for (child, &(key, waste)) in scratch.fresh.iter().zip(&scratch.keys) {
            if let Some(met) = table.visit(key, waste, game.reached_from(waste)) {
                self.children.push(Child { met, ..*child });
            }
        }
        self.frames.push(Frame {
            begin,
            next: begin,
            end: self.children.len(),
            steps,
            line: self.line.len(),
        });
    }

    /// Bytes held.
    fn bytes(&self) -> usize {
        self.frames.capacity() * std::mem::size_of::<Frame>()
            + self.children.capacity() * std::mem::size_of::<Child>()
            + self.steps.capacity() * std::mem::size_of::<Step>()
    }
}

/// The amount a walker adds to the priority of a move of `card`: fixed per walker and card,
/// up to 40 (the gap between turning a card over and putting a stock card on the tableau).
fn bonus(order: u64, card: u8) -> u8 {
    (table::mix(order << 8 | u64::from(card)) % 40) as u8
}

/// One expansion's scratch lists: the moves, their steps, the children made and their keys.
struct Scratch<K> {
    choices: Vec<Choice>,
    made: Vec<Step>,
    fresh: Vec<Child>,
    keys: Vec<(K, u32)>,
}

impl<K> Default for Scratch<K> {
    fn default() -> Self {
        Scratch {
            choices: Vec::new(),
            made: Vec::new(),
            fresh: Vec::new(),
            keys: Vec::new(),
        }
    }
}

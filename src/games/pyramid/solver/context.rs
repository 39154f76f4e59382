//! What the fast solver precomputes for one starting position, the packed state, and the
//! successor function with its pruning rules.
//!
//! A state is a `u64`:
//! - bits 0..24: which cards of the stock sequence are gone (1 = removed),
//! - bits 24..29: the stock position: the waste is the remaining cards below it, the stock the
//!   remaining cards from it on; kept as "just past the waste's top card" so that equal piles
//!   give equal states,
//! - bits 29..32: recycles used (always 0 when passes are unlimited),
//! - bits 32..43: the pyramid shape, one of 1430.
//!
//! The stock sequence is the order cards come off the stock in every pass: the waste from the
//! bottom up, then the stock from the top down. Removing cards never reorders it.

use super::super::layout::{Shapes, can_pair, cone_above, cone_below, covers_of, lies_on};
use super::super::position::{Move, Place, Position, REMOVAL_POINTS, ROW_BONUS};
use super::super::rules::{Finish, Rules};
use crate::cards::card::{Card, DECK_SIZE};
use crate::games::pyramid::layout::{PYRAMID_ROWS, PYRAMID_SIZE};
use std::ops::RangeInclusive;

pub type State = u64;

pub const SEQ_MASK: u64 = (1 << 24) - 1;
const POS_SHIFT: u32 = 24;
const CYCLE_SHIFT: u32 = 29;
/// The bits of a state that count recycles.
pub const CYCLE_BITS: u64 = 7 << CYCLE_SHIFT;
const SHAPE_SHIFT: u32 = 32;
/// A heuristic value meaning "the pyramid can never be cleared from here".
pub const DEAD: u8 = u8::MAX;

/// The value of a King, the card that goes alone.
const KING: u8 = 13;
/// The value an unknown card takes when it matches nothing: it is in no value's table, and
/// its partners' entry is empty (entry 0, which holds no card: a card gone before the start
/// has value 0 but is never in play).
const UNSEEN: u8 = 0;
/// The value an unknown card takes as a wildcard: it goes alone like a King and pairs with
/// any card; it is in every value's table 1..=13 and in its own, which holds only wildcards
/// and is a King's partners' entry; its partners' entry is [`ANY`].
const WILD: u8 = 14;
/// The table entry holding every card: a wildcard's partners.
const ANY: usize = 15;
/// Table entries: values 0..=13, the wildcards, [`ANY`].
const VALUES: usize = 16;
/// Per value, the table entry of the values it pairs with: 13 - v, only wildcards for a
/// King, none for an unseen card, every card for a wildcard.
const PARTNER: [usize; VALUES] = [0, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 14, ANY, 0];

/// The table entry of a value's partners (see [`PARTNER`]); the mask spares a bounds check.
#[inline]
fn partner(v: u8) -> usize {
    PARTNER[(v & 15) as usize]
}

/// Whether cards of two values (as the solver keeps them) may be removed together.
fn pair_values(a: u8, b: u8) -> bool {
    a + b == 13 && a != UNSEEN && b != UNSEEN || a == WILD || b == WILD
}

/// Which pruning rules [`Context::jumps`] applies (see there for the rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pruning {
    /// Rules 1 and 2: for clearing the pyramid in the fewest steps.
    Board,
    /// Rule 1 alone, and not for the last pyramid card: for the best set of cards reachable.
    /// Removing an uncovered pyramid King at once reaches, for every set of cards some line
    /// reaches, that set with the King gone too: removing it first only uncovers cards
    /// earlier and leaves the piles as they were. That set has 5 points more and no fewer
    /// cards of any rank, and, the King not being the last pyramid card, it clears the
    /// pyramid exactly when the first set does. So the best sets of each kind are still met.
    KingsFirst,
    /// None: for the fewest steps to a score or a card count.
    Nothing,
}

/// Per-position tables for the search.
#[derive(Clone)]
pub struct Context {
    shapes: &'static Shapes,
    /// Pyramid card values by deal index (0 once the card is gone at the start).
    pyramid_value: [u8; PYRAMID_SIZE],
    /// Stock sequence values.
    seq_value: Vec<u8>,
    /// Per value 1..=13, the stock sequence positions holding it (wildcards in every one);
    /// at [`ANY`], all of them.
    seq_of_value: [u32; VALUES],
    /// Per value 1..=13, the pyramid cards holding it (wildcards in every one); at [`ANY`],
    /// all of them.
    pyramid_of_value: [u32; VALUES],
    /// Unknown cards are wildcards (see [`Position::with_wildcards`]): no pruning rule and no
    /// pile bound, which assume cards of fixed values.
    wild: bool,
    /// The pyramid cards that are wildcards.
    wild_pyramid: u32,
    /// The pyramid cards that are unknown and match nothing.
    unseen_pyramid: u32,
    /// Per pyramid card, the cards it covers directly or not: never its partners.
    above: [u32; PYRAMID_SIZE],
    /// Per pyramid card, the cards that cover it directly or not: all go before it can.
    below: [u32; PYRAMID_SIZE],
    /// Per pyramid card, the pyramid cards it could ever be removed with: those it can meet,
    /// and with relaxed pairing those lying directly on it or under it.
    partners: [u32; PYRAMID_SIZE],
    /// Relaxed pairing: a card may go with its only remaining cover.
    relaxed: bool,
    /// Whether the stock and waste must be cleared too.
    all_cards: bool,
    /// Fewest removals to clear each shape if stock cards were always at hand; DEAD if none.
    shape_bound: Vec<u8>,
    /// Per shape and value 1..=6, the most pairs of value v with 13 - v inside the pyramid.
    shape_pairs: Vec<[u8; 6]>,
    /// Per shape, what the pile bound needs of the stock and waste.
    shape_piles: Vec<PileNeeds>,
    max_recycles: Option<u8>,
    start: State,
    /// Which pruning rules [`Context::jumps`] applies.
    pruning: Pruning,
    /// Cards of each value removed before the start, for the score and card counts.
    removed_before: [u8; 14],
    /// The pyramid cards there at the start.
    start_pyramid: u32,
    /// Per shape, the row bonuses of the Score challenge for its cleared rows.
    shape_rows: Vec<u16>,
}

/// What the pile bound reads of a shape, kept together as it is read together.
#[derive(Debug, Clone, Copy, Default)]
struct PileNeeds {
    /// How many stock or waste cards of each value the pyramid must be paired with: the
    /// pyramid cards of the partner value beyond those that can pair inside the pyramid.
    needs: [u8; 14],
    /// The values with a need, as bits.
    needed: u16,
    /// The stock sequence cards whose value pairs with a remaining pyramid card.
    useful: u32,
    /// The fewest single removals (a pyramid card with a pile card) in the plans that reach
    /// the removal bound.
    singles: u8,
}

/// A removal reached from a state by `turns` draws and recycles, giving `after`. It costs
/// `turns + 1` steps. (Which removal it was is found again when a path is written out: see
/// [`Context::removal_between`].)
#[derive(Debug, Clone, Copy)]
pub struct Jump {
    pub turns: u8,
    pub after: State,
}

impl Context {
    /// Tables for solving from this position.
    pub fn new(position: &Position) -> Context {
        let shapes = Shapes::get();
        let wild = position.is_wild();
        let values = Values::of(position);
        let seq = values.seq.clone();
        let waste = position.waste_bottom_first();
        let above: [u32; PYRAMID_SIZE] = std::array::from_fn(cone_above);
        let below: [u32; PYRAMID_SIZE] = std::array::from_fn(cone_below);
        let rules: Rules = position.rules();
        let partners = std::array::from_fn(|i| {
            (0..PYRAMID_SIZE)
                .filter(|&j| can_pair(i, j, rules.relaxed))
                .fold(0, |mask, j| mask | 1 << j)
        });
        let max_recycles = rules.max_recycles();
        let mut context = Context {
            shapes,
            pyramid_value: values.pyramid,
            seq_value: values.seq,
            seq_of_value: values.seq_of_value,
            pyramid_of_value: values.pyramid_of_value,
            wild,
            wild_pyramid: values.wild_pyramid,
            unseen_pyramid: values.unseen_pyramid,
            above,
            below,
            partners,
            relaxed: rules.relaxed,
            all_cards: rules.finish == Finish::AllCards,
            shape_bound: Vec::new(),
            shape_pairs: Vec::new(),
            shape_piles: Vec::new(),
            max_recycles,
            start: 0,
            pruning: if wild {
                Pruning::Nothing
            } else {
                Pruning::Board
            },
            removed_before: [0; 14],
            start_pyramid: position.pyramid_mask(),
            shape_rows: Vec::new(),
        };
        for &card in position.removed() {
            // An unknown card gone counts for no rank (entry 0: only the score's count of
            // cards gone reads it), or as a wildcard for a King, as the referee counts it.
            let entry = match (position.is_unknown(card), wild) {
                (false, _) => card.value() as usize,
                (true, false) => 0,
                (true, true) => KING as usize,
            };
            context.removed_before[entry] += 1;
        }
        context.shape_rows = shapes
            .masks
            .iter()
            .map(|&remaining| {
                (0..PYRAMID_ROWS)
                    .filter(|&row| {
                        let start = super::super::layout::row_start(row);
                        remaining & (((1u32 << (row + 1)) - 1) << start) == 0
                    })
                    .map(|row| ROW_BONUS[row] as u16)
                    .sum()
            })
            .collect();
        context.shape_bound = context.relaxed_bounds();
        if wild {
            // The pile bound reasons about cards of fixed values: off for wildcards.
            context.shape_pairs = vec![[0; 6]; shapes.masks.len()];
            context.shape_piles = vec![PileNeeds::default(); shapes.masks.len()];
        } else {
            context.shape_pairs = context.pyramid_pairs();
            context.shape_piles = context.pile_needs();
        }
        let shape = shapes
            .index(position.pyramid_mask())
            .expect("a position's pyramid is a reachable shape");
        let gone_beyond = SEQ_MASK & !((1u64 << seq.len()) - 1);
        let cycle = if max_recycles.is_some() {
            position.recycles_used()
        } else {
            0
        };
        context.start = gone_beyond
            | (waste.len() as u64) << POS_SHIFT
            | cycle << CYCLE_SHIFT
            | (shape as u64) << SHAPE_SHIFT;
        context
    }

    /// The packed starting state.
    pub fn start(&self) -> State {
        self.start
    }

    /// The same tables with other pruning rules: for goals other than clearing the pyramid,
    /// where removing a card early is not always as good.
    pub fn with_pruning(mut self, pruning: Pruning) -> Context {
        // The pruning rules assume cards of fixed values: none for wildcards.
        if !self.wild {
            self.pruning = pruning;
        }
        self
    }

    /// Whether unknown cards are wildcards (see [`Position::with_wildcards`]).
    pub fn is_wild(&self) -> bool {
        self.wild
    }

    /// Cards of a value removed so far in this deal, before the start included.
    pub fn removed_of_value(&self, state: State, value: usize) -> u32 {
        let remaining = self.remaining(state);
        let gone_seq = state as u32 & self.seq_all();
        self.removed_before[value] as u32
            + (self.pyramid_of_value[value] & !remaining).count_ones()
            + (self.seq_of_value[value] & gone_seq).count_ones()
    }

    /// Cards of a value still in play: in the pyramid, the stock or the waste.
    pub fn in_play_of_value(&self, state: State, value: usize) -> u32 {
        (self.pyramid_of_value[value] & self.remaining(state)).count_ones()
            + (self.seq_of_value[value] & !(state as u32)).count_ones()
    }

    /// The pyramid cards that can never be removed from a state: a card that is not a King
    /// and has no partner left that it could be removed with (a pyramid card of the other
    /// value that neither covers it nor lies under it, one touching it under relaxed pairing,
    /// or one in the stock or waste), and every card it covers, which it never uncovers.
    pub fn stuck(&self, state: State) -> u32 {
        let remaining = self.remaining(state);
        let left = !(state as u32) & self.seq_all();
        let mut stuck = 0;
        for i in bits(remaining) {
            let v = self.pyramid_value[i] as usize;
            if v >= KING as usize || stuck & (1 << i) != 0 {
                continue;
            }
            let partners = (self.pyramid_of_value[partner(v as u8)] & remaining & self.partners[i])
                != 0
                || (self.seq_of_value[partner(v as u8)] & left) != 0;
            if !partners {
                stuck |= 1 << i | self.above[i];
            }
        }
        stuck & remaining
    }

    /// The value of a pyramid card (0 for one gone before the start).
    pub fn pyramid_value(&self, index: usize) -> usize {
        self.pyramid_value[index] as usize
    }

    /// The value of the top pyramid card, while it is there.
    pub fn top_card_value(&self, state: State) -> Option<usize> {
        (self.remaining(state) & 1 != 0).then_some(self.pyramid_value[0] as usize)
    }

    /// For each card of a value still in play, at least how many steps it takes to remove it,
    /// cheapest first. A step removes at most two pyramid cards, and never a card with one
    /// that covers it, so a pyramid card takes half the cards on it, rounded up, and one more;
    /// with relaxed pairing its last cover may go with it, so half of one more than those.
    /// A step moves the stock's top card (or the waste's) one card on at most, so a pile card
    /// takes the cards before it in its way, and one more: the stock's cards from its top, or
    /// the waste's from its top, or (with a recycle left) the rest of the stock, the recycle
    /// and the cards before it.
    ///
    /// A value has four cards at most: the costs come in an array, with how many there are.
    pub fn steps_to_remove(&self, state: State, value: usize) -> ([u32; 4], usize) {
        let remaining = self.remaining(state);
        let left = !(state as u32) & self.seq_all();
        let pos = Context::pos(state);
        let before = |i: u32| (1u32 << i) - 1;
        let mut costs = [u32::MAX; 4];
        let mut count = 0;
        for i in bits(self.pyramid_of_value[value] & remaining) {
            let on = (self.below[i] & remaining).count_ones();
            costs[count] = if self.relaxed {
                (on + 1).div_ceil(2)
            } else {
                on.div_ceil(2) + 1
            };
            count += 1;
        }
        for i in bits(self.seq_of_value[value] & left) {
            let i = i as u32;
            let cost = if i >= pos {
                (left & before(i) & !before(pos)).count_ones()
            } else {
                let dig = (left & before(pos) & !before(i + 1)).count_ones();
                if self.may_recycle(state) {
                    let round =
                        (left & !before(pos)).count_ones() + 1 + (left & before(i)).count_ones();
                    dig.min(round)
                } else {
                    dig
                }
            };
            costs[count] = cost + 1;
            count += 1;
        }
        costs.sort_unstable();
        (costs, count)
    }

    /// The row bonuses earned in a state: its empty rows'.
    pub fn row_bonus(&self, state: State) -> u32 {
        self.shape_rows[Context::shape(state)] as u32
    }

    /// The Score challenge points of a state: 5 a removal step, and the cleared rows' bonuses.
    pub fn score(&self, state: State) -> u32 {
        let remaining = self.remaining(state);
        let gone = (self.start_pyramid & !remaining).count_ones()
            + (state as u32 & self.seq_all()).count_ones()
            + self.removed_before.iter().map(|&n| n as u32).sum::<u32>();
        let kings = self.removed_of_value(state, 13);
        let steps = kings + (gone - kings) / 2;
        REMOVAL_POINTS * steps + self.row_bonus(state)
    }

    /// The cards the goal counts that are gone in a state, in all (those gone before the
    /// start too): the pyramid's, or under [`Finish::AllCards`] all 52.
    pub fn cleared(&self, state: State) -> u32 {
        let pyramid_left = self.remaining(state).count_ones();
        if self.all_cards {
            let piles_left = (!(state as u32) & self.seq_all()).count_ones();
            DECK_SIZE as u32 - pyramid_left - piles_left
        } else {
            PYRAMID_SIZE as u32 - pyramid_left
        }
    }

    /// How many cards the goal counts: the pyramid's 28, or all 52.
    pub fn counted(&self) -> u32 {
        if self.all_cards {
            DECK_SIZE as u32
        } else {
            PYRAMID_SIZE as u32
        }
    }

    /// The bits of the stock sequence's cards.
    fn seq_all(&self) -> u32 {
        ((1u64 << self.seq_value.len()) - 1) as u32
    }

    /// The pyramid cards remaining in a state.
    pub fn remaining(&self, state: State) -> u32 {
        self.shapes.masks[Context::shape(state)]
    }

    /// The pyramid shape of a state.
    pub fn shape(state: State) -> usize {
        (state >> SHAPE_SHIFT) as usize
    }

    /// The state with its recycle count replaced: for the dominance test.
    pub fn with_cycle(state: State, cycle: u64) -> State {
        state & !(7 << CYCLE_SHIFT) | cycle << CYCLE_SHIFT
    }

    /// Recycles used in a state.
    pub fn cycle(state: State) -> u64 {
        (state >> CYCLE_SHIFT) & 7
    }

    /// Whether the game is won: the pyramid cleared, and under [`Finish::AllCards`] the stock
    /// and waste too. (The Score and Card challenges are played to the pyramid only, so for
    /// them this is the pyramid cleared.)
    pub fn is_goal(&self, state: State) -> bool {
        Context::shape(state) == self.shapes.empty() as usize
            && (!self.all_cards || state as u32 & self.seq_all() == self.seq_all())
    }

    /// Steps that remove cards, still to come when every card must go: one per King, one per
    /// two other cards.
    fn removals_left(&self, state: State) -> u32 {
        let remaining = self.remaining(state);
        let left = !(state as u32) & self.seq_all();
        // Wildcards may pair: they are not counted as Kings, which would make more steps.
        let wild_seq = self.seq_of_value[1] & self.seq_of_value[2];
        let kings = (remaining & self.pyramid_of_value[13] & !self.wild_pyramid).count_ones()
            + (left & self.seq_of_value[13] & !wild_seq).count_ones();
        let cards = remaining.count_ones() + left.count_ones();
        kings + (cards - kings) / 2
    }

    /// An admissible lower bound on the steps left, or [`DEAD`] when the state provably cannot
    /// reach the goal. It adds two counts of disjoint kinds of step:
    /// - steps that remove pyramid cards: at least the relaxed per-shape bound;
    /// - steps that do not (draws, recycles, stock-with-waste pairs, Kings off the piles): at
    ///   least the pile bound below.
    ///
    /// The pile bound. Some pyramid cards must be paired with stock or waste cards of a given
    /// value (more of them than can pair inside the pyramid): if `k` are needed, `k` such cards
    /// must become a top card, so at least the `k`-th cheapest to reach must be reached. A card
    /// in the way leaves one per step: by a step of this kind (a draw, a stock-with-waste pair,
    /// a King off a pile) or paired with a pyramid card. Only cards whose value pairs with a
    /// remaining pyramid card (useful ones) can leave the second way, and that is a single
    /// removal. The pyramid's `n` non-King cards take `(n + s) / 2` removal steps when `s` of
    /// them go as singles, and the removal bound already allows the fewest singles `s_min`; so
    /// passing `u` useful cards by pairing costs at least `(u - s_min) / 2` removal steps more.
    /// Crossing `b` blocking and `u` useful cards thus costs at least `b + max(0, u - s_min) / 2`
    /// steps beyond the removal bound. Reaching stock card `i` crosses the cards between the
    /// position and `i`; reaching waste card `i`, those above it, or else those to the end of
    /// the stock, one recycle, and those before `i`.
    ///
    /// When every card must go, the pyramid must still be cleared, so that bound holds; and
    /// every card left leaves in a removal step, a King alone or two others together. The
    /// larger of the two is the bound.
    pub fn bound(&self, state: State) -> u8 {
        let board = self.board_bound(state);
        if self.all_cards && board != DEAD {
            board.max(self.removals_left(state).min(DEAD as u32 - 1) as u8)
        } else {
            board
        }
    }

    /// The removal part of the bound: cheap, and at most [`Context::bound`]. It falls by at
    /// most one in a removal: every removal is a move of the relaxation it is the fewest moves
    /// of (a pile card's value is one the stock holds), or leaves the pyramid as it was.
    pub fn removal_bound(&self, state: State) -> u8 {
        self.shape_bound[Context::shape(state)]
    }

    /// The bound for clearing the pyramid (see [`Context::bound`]).
    fn board_bound(&self, state: State) -> u8 {
        let shape = Context::shape(state);
        let removals = self.shape_bound[shape];
        if removals == DEAD {
            return DEAD;
        }
        let piles = &self.shape_piles[shape];
        let left = (!state & SEQ_MASK) as u32;
        let blocking = left & !piles.useful;
        let pos = Context::pos(state);
        let below = |i: u32| (1u32 << i) - 1;
        let useful = left & piles.useful;
        let singles = piles.singles as u32;
        let cross = |way: u32| {
            (blocking & way).count_ones() + (useful & way).count_ones().saturating_sub(singles) / 2
        };
        let between = |from: u32, to: u32| cross(below(to) & !below(from));
        let end = self.seq_value.len() as u32;
        let may_recycle = self.may_recycle(state);
        let mut steps = 0;
        for w in bits(piles.needed as u32) {
            let need = piles.needs[w] as usize;
            let cards = left & self.seq_of_value[w];
            if (cards.count_ones() as usize) < need {
                return DEAD;
            }
            let around = |i: u32| {
                if may_recycle {
                    cross(below(end) & !below(pos) | below(i)) + 1
                } else {
                    u32::MAX
                }
            };
            let cost = if need == 1 {
                // Reaching stock cards costs more the deeper they lie, and waste cards more
                // the deeper they lie by digging but less by going round: only the nearest
                // card of each kind can be the cheapest.
                let (ahead, behind) = (cards & !below(pos), cards & below(pos));
                let mut best = u32::MAX;
                if ahead != 0 {
                    best = between(pos, ahead.trailing_zeros());
                    if best <= steps {
                        // The cheapest is cheaper still: it cannot raise the bound.
                        continue;
                    }
                }
                if behind != 0 {
                    let top = behind.ilog2();
                    best = best
                        .min(between(top + 1, pos))
                        .min(around(behind.trailing_zeros()));
                }
                best
            } else {
                let mut costs = [u32::MAX; 4];
                for (slot, i) in costs.iter_mut().zip(bits(cards)) {
                    let i = i as u32;
                    *slot = if i >= pos {
                        between(pos, i)
                    } else {
                        between(i + 1, pos).min(around(i))
                    };
                }
                costs.sort_unstable();
                costs[need - 1]
            };
            steps = steps.max(cost);
        }
        removals.saturating_add(steps as u8).min(DEAD - 1)
    }

    /// Whether the state provably cannot reach the goal.
    ///
    /// Besides shapes the relaxation cannot clear, the matching test: for each pair of values
    /// v and 13 - v, every pyramid card of either value needs its own partner of the other
    /// value, inside the pyramid (two cards that can meet: at most the shape's maximum matching
    /// of such pairs at once) or among the remaining stock and waste cards (any of them can be
    /// reached in some order). So the piles must hold at least the pyramid's cards of one value
    /// beyond that matching, of the other value. If not, no sequence of moves can clear it.
    pub fn is_dead(&self, state: State) -> bool {
        let shape = Context::shape(state);
        let left = (!state & SEQ_MASK) as u32;
        let piles = &self.shape_piles[shape];
        self.shape_bound[shape] == DEAD
            || bits(piles.needed as u32)
                .any(|w| (left & self.seq_of_value[w]).count_ones() < piles.needs[w] as u32)
    }

    /// Per shape, what the pile bound needs of the stock and waste (see [`PileNeeds`]).
    fn pile_needs(&self) -> Vec<PileNeeds> {
        let shapes = self.shapes.masks.iter().enumerate();
        shapes
            .map(|(shape, &remaining)| {
                let mut piles = PileNeeds {
                    singles: self.fewest_singles(remaining, self.shape_bound[shape]),
                    ..PileNeeds::default()
                };
                for v in 1..=12usize {
                    let w = 13 - v;
                    let here_v = (remaining & self.pyramid_of_value[v]).count_ones();
                    if here_v > 0 {
                        piles.useful |= self.seq_of_value[w];
                    }
                    if v <= 6 {
                        let here_w = (remaining & self.pyramid_of_value[w]).count_ones();
                        let inside = self.shape_pairs[shape][v - 1] as u32;
                        piles.needs[w] = here_v.saturating_sub(inside) as u8;
                        piles.needs[v] = here_w.saturating_sub(inside) as u8;
                    }
                }
                piles.needed = (1..14)
                    .filter(|&w| piles.needs[w] > 0)
                    .fold(0, |bits, w| bits | 1 << w);
                piles
            })
            .collect()
    }

    fn stock_top(state: State) -> Option<u32> {
        let pos = ((state >> POS_SHIFT) & 31) as u32;
        let stock = (!state & SEQ_MASK) >> pos;
        (stock != 0).then(|| pos + stock.trailing_zeros())
    }

    fn waste_top(state: State) -> Option<u32> {
        let pos = ((state >> POS_SHIFT) & 31) as u32;
        let waste = !state & SEQ_MASK & ((1 << pos) - 1);
        (waste != 0).then(|| waste.ilog2())
    }

    /// The state after removing sequence card `index`, keeping the position normalised.
    fn remove_seq(state: State, index: u32) -> State {
        let state = state | 1 << index;
        let pos = ((state >> POS_SHIFT) & 31) as u32;
        if index + 1 == pos {
            // The waste's top went: the position moves down to just past the new top.
            let new_pos = Context::waste_top(state).map_or(0, |t| t + 1);
            state & !(31 << POS_SHIFT) | (new_pos as u64) << POS_SHIFT
        } else {
            state
        }
    }

    fn remove_pyramid(&self, state: State, card: usize) -> State {
        let shape = Context::shape(state);
        let after = self.shapes.after_removing[shape][card] as u64;
        state & !(0x7ff << SHAPE_SHIFT) | after << SHAPE_SHIFT
    }

    /// The moves worth searching from a state, each a removal reached after some draws and
    /// recycles (a jump), in a fixed order.
    ///
    /// Draws are folded into the removal that follows them: a solution never ends on a draw,
    /// and a removal inside the pyramid does not care where the stock stands, so it is only
    /// tried before any draw. A removal from the piles is tried at every position the stock can
    /// be turned to: the rest of this pass, then the next pass up to where this one began
    /// (further on, the same position is reached sooner in this pass, with a recycle to spare).
    ///
    /// Pruning rules, each keeping at least one optimal solution:
    /// 1. An uncovered pyramid King is removed at once, and nothing else is tried. Every
    ///    solution removes it some time; removing it first only uncovers cards earlier and
    ///    touches neither stock nor waste, so the same moves stay legal, in as many steps.
    /// 2. An uncovered pyramid card whose only remaining possible partner (a card of the other
    ///    value that it does not cover, or under relaxed pairing one lying directly under it)
    ///    may go with it now is removed with it at once, alone.
    ///    Every solution removes these two together some time. Doing it first leaves a position
    ///    with a subset of the cards; the rest of that solution still works there: pyramid moves
    ///    need fewer cards gone, and a stock or waste card taken out early only means skipping
    ///    the draw of it, while the other piles' top cards are the same or better. Relaxed
    ///    pairs stay legal too: with fewer cards, a card's only remaining cover is still its
    ///    only one, or none.
    ///
    /// All three hold as well when every card must go: the argument never uses that cards may
    /// stay in the stock or waste, and the subset reached has no more cards left.
    /// 3. A King on top of the stock is removed rather than drawn. Both cost a step; drawing it
    ///    leaves the King on the waste, where it only hides cards, so removing it reaches
    ///    everything drawing it does, by the argument of rule 2.
    pub fn jumps(&self, state: State, out: &mut Vec<Jump>) {
        self.jumps_within(state, 0..=u8::MAX, out);
    }

    /// The jumps of [`Context::jumps`] whose number of turns lies in `turns`; says whether
    /// it stopped short of more.
    pub fn jumps_within(
        &self,
        state: State,
        turns: RangeInclusive<u8>,
        out: &mut Vec<Jump>,
    ) -> bool {
        out.clear();
        let (first_turn, most_turns) = (*turns.start(), *turns.end());
        let mut now = |_: Move, after: State| {
            if first_turn == 0 {
                out.push(Jump { turns: 0, after });
            }
        };
        let forced = match self.pruning {
            Pruning::Board => self.forced(state, &mut now),
            Pruning::KingsFirst => self.king_first(state, &mut now),
            Pruning::Nothing => false,
        };
        if forced {
            return false;
        }
        if first_turn == 0 {
            self.pyramid_pairs_of(state, &mut now);
        }
        let own_pos = Context::pos(state);
        let free = self.shapes.uncovered[Context::shape(state)];
        let left = (!state & SEQ_MASK) as u32;
        let mut recycled = false;
        let mut at = state;
        let mut turns = 0;
        // The piles' top cards, followed as the stock turns rather than found again each time.
        let (mut stock, mut waste) = (Context::stock_top(state), Context::waste_top(state));
        loop {
            if turns >= first_turn {
                self.pile_removals(at, free, stock, waste, |_, after| {
                    out.push(Jump { turns, after });
                });
            }
            // As `turn_stock`: draw (never a King), or recycle when the stock is empty.
            match stock {
                Some(s) if self.seq_value[s as usize] == KING => break,
                Some(s) => {
                    at = Context::with_pos(at, s + 1);
                    waste = Some(s);
                    let beyond = left & !((2u32 << s) - 1);
                    stock = (beyond != 0).then(|| beyond.trailing_zeros());
                }
                None => {
                    if recycled || waste.is_none() || !self.may_recycle(at) {
                        break;
                    }
                    recycled = true;
                    at = self.recycled(at);
                    waste = None;
                    stock = (left != 0).then(|| left.trailing_zeros());
                }
            }
            if recycled && Context::pos(at) >= own_pos {
                return false;
            }
            if turns == most_turns {
                return true;
            }
            turns += 1;
        }
        false
    }

    /// Every single step from a state, with no pruning: each removal, and the draw (a King
    /// too) or the recycle. For searches whose goal is not a set of cards gone.
    pub fn steps(&self, state: State, mut emit: impl FnMut(Move, State)) {
        self.pyramid_pairs_of(state, &mut emit);
        let free = self.shapes.uncovered[Context::shape(state)];
        let (stock, waste) = (Context::stock_top(state), Context::waste_top(state));
        self.pile_removals(state, free, stock, waste, &mut emit);
        match stock {
            Some(s) => emit(Move::Draw, Context::with_pos(state, s + 1)),
            None if waste.is_some() && self.may_recycle(state) => {
                emit(Move::Recycle, self.recycled(state));
            }
            None => {}
        }
    }

    /// Whether an unknown card that matches nothing is face up in a state: an uncovered
    /// pyramid card, or the waste's top card.
    pub fn unseen_face_up(&self, state: State) -> bool {
        self.shapes.uncovered[Context::shape(state)] & self.unseen_pyramid != 0
            || Context::waste_top(state).is_some_and(|w| self.seq_value[w as usize] == UNSEEN)
    }

    /// The removal that takes `state` to `after`, if one does.
    pub fn removal_between(&self, state: State, after: State) -> Option<Move> {
        let mut found = None;
        let mut check = |mv: Move, next: State| {
            if next == after {
                found = Some(mv);
            }
        };
        self.pyramid_pairs_of(state, &mut check);
        let free = self.shapes.uncovered[Context::shape(state)];
        let (stock, waste) = (Context::stock_top(state), Context::waste_top(state));
        self.pile_removals(state, free, stock, waste, &mut check);
        found
    }

    /// Emits the removal of an uncovered pyramid King that is not the last pyramid card, if
    /// there is one, and says so.
    fn king_first(&self, state: State, mut emit: impl FnMut(Move, State)) -> bool {
        let shape = Context::shape(state);
        if self.shapes.masks[shape].count_ones() < 2 {
            return false;
        }
        let kings = self.shapes.uncovered[shape] & self.pyramid_of_value[13];
        let Some(i) = bits(kings).next() else {
            return false;
        };
        emit(
            Move::King(Place::Pyramid(i as u8)),
            self.remove_pyramid(state, i),
        );
        true
    }

    /// Emits the forced move of rules 1 and 2, if there is one, and says so.
    fn forced(&self, state: State, mut emit: impl FnMut(Move, State)) -> bool {
        let shape = Context::shape(state);
        let free = self.shapes.uncovered[shape];
        let remaining = self.shapes.masks[shape];
        let left = !state & SEQ_MASK;
        let stock = Context::stock_top(state);
        let waste = Context::waste_top(state);
        for i in bits(free) {
            let v = self.pyramid_value[i];
            let at = Place::Pyramid(i as u8);
            if v == KING {
                emit(Move::King(at), self.remove_pyramid(state, i));
                return true;
            }
            let w = partner(v);
            let in_pyramid = remaining & self.pyramid_of_value[w] & self.partners[i];
            let in_seq = left & self.seq_of_value[w] as u64;
            if in_pyramid.count_ones() + in_seq.count_ones() != 1 {
                continue;
            }
            let after = self.remove_pyramid(state, i);
            let seq_index = in_seq.trailing_zeros();
            let j = in_pyramid.trailing_zeros() as usize;
            if in_pyramid & free != 0 {
                emit(
                    Move::Pair(at, Place::Pyramid(j as u8)),
                    self.remove_pyramid(after, j),
                );
            } else if in_pyramid != 0 && covers_of(j) & remaining == 1 << i {
                // Relaxed pairing: the partner lies under this card, which is its last cover.
                emit(
                    Move::Pair(Place::Pyramid(j as u8), at),
                    self.remove_pyramid(after, j),
                );
            } else if in_seq != 0 && stock == Some(seq_index) {
                emit(
                    Move::Pair(at, Place::Stock),
                    Context::remove_seq(after, seq_index),
                );
            } else if in_seq != 0 && waste == Some(seq_index) {
                emit(
                    Move::Pair(at, Place::Waste),
                    Context::remove_seq(after, seq_index),
                );
            } else {
                continue;
            }
            return true;
        }
        false
    }

    /// Emits every uncovered pyramid King and every pair of uncovered pyramid cards that make
    /// 13, and under relaxed pairing every card that may go with its last cover. (With the
    /// forced moves on, an uncovered King never gets here: rule 1 takes it.)
    fn pyramid_pairs_of(&self, state: State, mut emit: impl FnMut(Move, State)) {
        let free = self.shapes.uncovered[Context::shape(state)];
        if self.relaxed {
            self.overlaps(state, |under, over| {
                let after = self.remove_pyramid(state, over);
                let mv = Move::Pair(Place::Pyramid(under as u8), Place::Pyramid(over as u8));
                emit(mv, self.remove_pyramid(after, under));
            });
        }
        for i in bits(free) {
            let v = self.pyramid_value[i];
            if v >= KING {
                emit(
                    Move::King(Place::Pyramid(i as u8)),
                    self.remove_pyramid(state, i),
                );
            }
            // A King's partners are the wildcards, if any.
            let w = partner(v);
            let partners = free & self.pyramid_of_value[w] & !((1 << (i + 1)) - 1);
            let after = self.remove_pyramid(state, i);
            for j in bits(partners) {
                let mv = Move::Pair(Place::Pyramid(i as u8), Place::Pyramid(j as u8));
                emit(mv, self.remove_pyramid(after, j));
            }
        }
    }

    /// Calls `each(under, over)` for every relaxed pair of a state: an uncovered card `over`
    /// and a card of the partner value lying under it, whose only remaining cover it is.
    fn overlaps(&self, state: State, mut each: impl FnMut(usize, usize)) {
        let shape = Context::shape(state);
        let remaining = self.shapes.masks[shape];
        for over in bits(self.shapes.uncovered[shape]) {
            let w = partner(self.pyramid_value[over]);
            for under in bits(lies_on(over) & remaining & self.pyramid_of_value[w]) {
                if covers_of(under) & remaining == 1 << over {
                    each(under, over);
                }
            }
        }
    }

    /// Emits every removal that takes the stock's or the waste's top card.
    /// `free` are the uncovered pyramid cards, `stock` and `waste` the piles' top cards.
    fn pile_removals(
        &self,
        state: State,
        free: u32,
        stock: Option<u32>,
        waste: Option<u32>,
        mut emit: impl FnMut(Move, State),
    ) {
        for (index, place) in [(stock, Place::Stock), (waste, Place::Waste)] {
            let Some(index) = index else { continue };
            let value = self.seq_value[index as usize];
            if value >= KING {
                emit(Move::King(place), Context::remove_seq(state, index));
            }
            // A King's partners are the wildcards, if any.
            let partners = free & self.pyramid_of_value[partner(value)];
            if partners == 0 {
                continue;
            }
            let without = Context::remove_seq(state, index);
            for i in bits(partners) {
                emit(
                    Move::Pair(Place::Pyramid(i as u8), place),
                    self.remove_pyramid(without, i),
                );
            }
        }
        if let (Some(s), Some(w)) = (stock, waste)
            && pair_values(self.seq_value[s as usize], self.seq_value[w as usize])
        {
            let both = Context::remove_seq(Context::remove_seq(state, s), w);
            emit(Move::Pair(Place::Stock, Place::Waste), both);
        }
    }

    /// The draw, or the recycle when the stock is empty. A King on the stock is never drawn
    /// (rule 3): [`Context::pile_removals`] offers its removal instead.
    pub fn turn_stock(&self, state: State) -> Option<(Move, State)> {
        match Context::stock_top(state) {
            Some(s) if self.seq_value[s as usize] == KING => None,
            Some(s) => Some((Move::Draw, Context::with_pos(state, s + 1))),
            None => (Context::waste_top(state).is_some() && self.may_recycle(state))
                .then(|| (Move::Recycle, self.recycled(state))),
        }
    }

    /// The state once the waste is turned back into the stock: the position at its start,
    /// and one more recycle used when they are counted.
    fn recycled(&self, state: State) -> State {
        let cycle = if self.max_recycles.is_some() {
            Context::cycle(state) + 1
        } else {
            0
        };
        Context::with_cycle(Context::with_pos(state, 0), cycle)
    }

    /// Whether another recycle is allowed in this state.
    pub fn may_recycle(&self, state: State) -> bool {
        self.max_recycles
            .is_none_or(|max| Context::cycle(state) < max as u64)
    }

    /// The stock position of a state.
    pub fn pos(state: State) -> u32 {
        ((state >> POS_SHIFT) & 31) as u32
    }

    /// The state with its stock position replaced.
    pub fn with_pos(state: State, pos: u32) -> State {
        state & !(31 << POS_SHIFT) | (pos as u64) << POS_SHIFT
    }

    /// Fewest removal steps to clear each shape when any stock value is always at hand: a
    /// relaxation of the real game (draws are free, the stock is a wildcard for the values it
    /// holds), so a lower bound; a shape it cannot clear can never be cleared.
    fn relaxed_bounds(&self) -> Vec<u8> {
        let shapes = self.shapes;
        let n = shapes.masks.len();
        let mut bound = vec![DEAD; n];
        // Shapes are numbered breadth-first from the full pyramid, so every shape reached by a
        // removal has a larger number: fill from the end.
        for s in (0..n).rev() {
            let remaining = shapes.masks[s];
            if remaining == 0 {
                bound[s] = 0;
                continue;
            }
            let free = shapes.uncovered[s];
            let mut best = DEAD;
            let mut consider = |after: usize| {
                if bound[after] != DEAD {
                    best = best.min(bound[after] + 1);
                }
            };
            let mut cards = free;
            while cards != 0 {
                let i = cards.trailing_zeros() as usize;
                cards &= cards - 1;
                let v = self.pyramid_value[i];
                let after = shapes.after_removing[s][i] as usize;
                if v >= KING {
                    consider(after);
                }
                let w = partner(v);
                if self.seq_of_value[w] != 0 {
                    consider(after);
                }
                let mut partners = free & self.pyramid_of_value[w] & !((1 << (i + 1)) - 1);
                while partners != 0 {
                    let j = partners.trailing_zeros() as usize;
                    partners &= partners - 1;
                    consider(shapes.after_removing[after][j] as usize);
                }
            }
            if self.relaxed {
                let state = (s as u64) << SHAPE_SHIFT;
                self.overlaps(state, |under, over| {
                    let after = shapes.after_removing[s][over] as usize;
                    consider(shapes.after_removing[after][under] as usize);
                });
            }
            bound[s] = best;
        }
        bound
    }

    /// The fewest singles of a shape: with `k` Kings and `n` other cards, a plan of `r` removal
    /// steps has `2 (r - k) - n` singles, fewest at the removal bound.
    fn fewest_singles(&self, remaining: u32, bound: u8) -> u8 {
        if bound == DEAD {
            return 0;
        }
        let kings = (remaining & self.pyramid_of_value[13]).count_ones() as i32;
        let others = remaining.count_ones() as i32 - kings;
        (2 * (bound as i32 - kings) - others).max(0) as u8
    }

    /// For each shape and value v in 1..=6, the largest set of disjoint pairs (v, 13 - v) of its
    /// cards that could be removed together (see `partners`).
    ///
    /// A value pair has at most eight pyramid cards, so the matchings of all 256 subsets of
    /// them are worked out once, and each shape looks its subset up.
    fn pyramid_pairs(&self) -> Vec<[u8; 6]> {
        let tables: Vec<(Vec<usize>, Vec<u8>)> = (1..=6)
            .map(|v| {
                let cards: Vec<usize> =
                    bits(self.pyramid_of_value[v] | self.pyramid_of_value[13 - v]).collect();
                let matchings = (0..1u32 << cards.len())
                    .map(|subset| {
                        let mask = bits(subset).fold(0, |mask, k| mask | 1 << cards[k]);
                        self.max_matching(
                            mask & self.pyramid_of_value[v],
                            mask & self.pyramid_of_value[13 - v],
                        )
                    })
                    .collect();
                (cards, matchings)
            })
            .collect();
        self.shapes
            .masks
            .iter()
            .map(|&remaining| {
                std::array::from_fn(|v| {
                    let (cards, matchings) = &tables[v];
                    let subset = cards
                        .iter()
                        .enumerate()
                        .filter(|&(_, &card)| remaining & 1 << card != 0)
                        .fold(0, |subset, (k, _)| subset | 1 << k);
                    matchings[subset]
                })
            })
            .collect()
    }

    /// Maximum matching between two small card sets (at most 4 each), trying every way.
    fn max_matching(&self, low: u32, high: u32) -> u8 {
        let Some(a) = bits(low).next() else {
            return 0;
        };
        let rest = low & !(1 << a);
        let mut best = self.max_matching(rest, high);
        for b in bits(high & self.partners[a]) {
            best = best.max(1 + self.max_matching(rest, high & !(1 << b)));
        }
        best
    }
}

/// The values of a position's cards as the solver keeps them, and the tables by value.
struct Values {
    pyramid: [u8; PYRAMID_SIZE],
    pyramid_of_value: [u32; VALUES],
    wild_pyramid: u32,
    unseen_pyramid: u32,
    seq: Vec<u8>,
    seq_of_value: [u32; VALUES],
}

impl Values {
    fn of(position: &Position) -> Values {
        let wild = position.is_wild();
        let value_of = |card: Card| match (position.is_unknown(card), wild) {
            (false, _) => card.value(),
            (true, false) => UNSEEN,
            (true, true) => WILD,
        };
        // Which table entries a card of a value is in.
        let entries = |v: u8| -> u32 {
            match v {
                UNSEEN => 0,
                WILD => ((1 << 15) - 2) | 1 << ANY,
                v => 1 << v | 1 << ANY,
            }
        };
        let mut pyramid_value = [0u8; PYRAMID_SIZE];
        let mut pyramid_of_value = [0u32; VALUES];
        let (mut wild_pyramid, mut unseen_pyramid) = (0, 0);
        for (i, value) in pyramid_value.iter_mut().enumerate() {
            if let Some(card) = position.pyramid_card(i) {
                *value = value_of(card);
                for entry in bits(entries(*value)) {
                    pyramid_of_value[entry] |= 1 << i;
                }
                if *value == WILD {
                    wild_pyramid |= 1 << i;
                } else if *value == UNSEEN {
                    unseen_pyramid |= 1 << i;
                }
            }
        }
        let waste = position.waste_bottom_first();
        let seq: Vec<u8> = waste
            .iter()
            .copied()
            .chain(position.stock_top_first())
            .map(value_of)
            .collect();
        let mut seq_of_value = [0u32; VALUES];
        for (i, &v) in seq.iter().enumerate() {
            for entry in bits(entries(v)) {
                seq_of_value[entry] |= 1 << i;
            }
        }
        Values {
            pyramid: pyramid_value,
            pyramid_of_value,
            wild_pyramid,
            unseen_pyramid,
            seq,
            seq_of_value,
        }
    }
}

/// The indices of the set bits of a mask, lowest first.
pub fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

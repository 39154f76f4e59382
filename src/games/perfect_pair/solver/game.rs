//! The hand as the searches see it: cards numbered in layout order, a state that a move
//! changes in place and its undo puts back, the state's exact key, and the upper bounds.
//!
//! A state is each line's depth (cards taken from it), the free cells' cards, the uses left,
//! the run and the hearts earned (at most the meter's ten: past it, every heart pays the same
//! ten points). Its key packs these in mixed radix: the depths (each line's length + 1
//! values), the cells as an unordered pair (the cells are alike), then the uses, the run and
//! the hearts. Two states share a key only when they are the same.

use crate::cards::card::Card;
use crate::games::perfect_pair::layout::Layout;
use crate::games::perfect_pair::position::Move;
use crate::games::perfect_pair::rules::{
    HEART_PAST_METER_POINTS, METER, PERFECT_POINTS, Rules, heart_points,
};

/// A free cell with no card.
pub const EMPTY: u8 = u8::MAX;

/// Classes of values that pair: a value and its partner (Kings belong to none).
pub const CLASSES: usize = 6;

/// The class of a value (1..=12): the lower of it and its partner, less one.
pub fn class_of(value: u8) -> usize {
    usize::from(value.min(13 - value) - 1)
}

/// Where an available card lies: a line's end (`0..lines`) or a cell (`CELL + cell`).
pub type Slot = u8;
/// The first slot that is a cell.
pub const CELL: Slot = 128;

/// One move of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Two available cards adding up to 13; `perfect` when they make a perfect match.
    Pair {
        a: Slot,
        b: Slot,
        perfect: bool,
    },
    King(Slot),
    /// A line's end card to the first empty cell.
    ToCell(Slot),
}

/// What a step changed that its undo cannot work out: the card of each slot it emptied, and
/// the state's figures before it.
#[derive(Debug, Clone, Copy)]
pub struct Undo {
    cards: [u8; 2],
    uses_left: u8,
    run: u8,
    hearts: u8,
}

/// A position of the search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// Per line, the cards taken from its end.
    pub taken: Vec<u8>,
    /// Per line, the card at its end ([`EMPTY`] when it holds none).
    ends: Vec<u8>,
    /// The lines whose end card is a King, as bits.
    kings: u128,
    /// The cells' cards ([`EMPTY`] for none); only the rules' number of cells is used.
    pub cells: [u8; 2],
    pub uses_left: u8,
    pub run: u8,
    /// Hearts earned, at most the meter's ten.
    pub hearts: u8,
    /// Cards in play of each value (1..=13).
    pub counts: [u8; 14],
    /// The depths' part of the key: each line's depth times its stride.
    board: u128,
    /// Per class of values adding up to 13 (Aces and Queens, 2s and Jacks, ..., 6s and 7s),
    /// its cards still in their lines, as bits ([`Game::class_cards`]).
    pub in_lines: [u8; CLASSES],
}

impl State {
    /// Whether every card has been removed.
    pub fn is_won(&self) -> bool {
        self.counts.iter().all(|&count| count == 0)
    }

    /// The pairs the cards in play can still make at most, and whether they can all go (each
    /// value as many as its partner's, Kings aside).
    pub fn pairs_left(&self) -> (u32, bool) {
        let mut pairs = 0;
        let mut all = true;
        for value in 1..=6 {
            let (a, b) = (self.counts[value], self.counts[13 - value]);
            pairs += u32::from(a.min(b));
            all &= a == b;
        }
        (pairs, all)
    }

    /// Whether the cards in play may all still go: each value as many as its partner's.
    pub fn may_clear(&self) -> bool {
        self.pairs_left().1
    }
}

/// What a step earns, in the fields the searches rank hands by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Earned {
    pub points: u32,
    /// Hearts added to the meter (none once it is full).
    pub meter: u32,
    pub perfect: u32,
}

/// The most a state can still earn: each field at most so much (not all at once).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    pub points: u32,
    pub meter: u32,
    pub perfect: u32,
    /// Whether the hand may still be won.
    pub won: bool,
    /// Hearts the state may still earn, the meter's and past it.
    pub hearts: u32,
}

/// The hand, numbered for the searches.
pub struct Game {
    pub rules: Rules,
    cells: usize,
    /// Every line's cards, by number, from its available card inward, each line followed by
    /// [`EMPTY`]; and where each line starts.
    line_cards: Vec<u8>,
    line_start: Vec<usize>,
    /// Each line's length.
    line_len: Vec<u8>,
    /// Per card, its class and its bit among its class's cards (none for a King).
    class_bit: Vec<Option<(usize, u8)>>,
    /// Per class, its cards by bit, from the first in layout order.
    class_cards: Vec<Vec<u8>>,
    /// Each card by number (layout order), its value, row and side (0 left, 1 right).
    cards: Vec<Card>,
    value: Vec<u8>,
    row: Vec<u8>,
    side: Vec<u8>,
    /// Per row, the most pairs adding up to 13 taken in order from what is left of its lines
    /// ([`Row::ordered_pairs_table`](crate::games::perfect_pair::layout::Row::ordered_pairs_table)), or,
    /// when free-cell cards may make perfect matches, the most pairs in any order; indexed
    /// by `taken left * (right length + 1) + taken right`.
    perfect_table: Vec<Vec<u8>>,
    /// The key's strides: per line, then the cells', the uses', the run's and the hearts'.
    stride: Vec<u128>,
    cells_stride: u128,
    uses_stride: u128,
    run_stride: u128,
    hearts_stride: u128,
    /// The number of keys: one past the largest.
    keys: u128,
    /// For each run and count of regular pairs, the most points and hearts they give
    /// ([`Rules::best_run`]).
    best_run: Vec<Vec<(u32, u32)>>,
}

impl Game {
    /// The searches' picture of a layout under `rules`.
    pub fn new(layout: &Layout, rules: Rules) -> Game {
        let cards: Vec<Card> = layout.cards().map(|(card, _)| card).collect();
        let origins: Vec<_> = layout.cards().map(|(_, origin)| origin).collect();
        let mut lines = vec![Vec::new(); layout.lines()];
        for (number, origin) in origins.iter().enumerate() {
            lines[origin.line()].push(number as u8);
        }
        let mut line_cards = Vec::new();
        let mut line_start = Vec::new();
        for line in &lines {
            line_start.push(line_cards.len());
            line_cards.extend_from_slice(line);
            line_cards.push(EMPTY);
        }
        let perfect_table = layout
            .rows()
            .iter()
            .map(|row| {
                let table = if rules.perfect_from_cells {
                    unordered_pairs_table(&row.left, &row.right)
                } else {
                    row.ordered_pairs_table()
                };
                table.concat()
            })
            .collect();
        let mut stride = Vec::with_capacity(lines.len());
        let mut radix: u128 = 1;
        for line in &lines {
            stride.push(radix);
            radix *= line.len() as u128 + 1;
        }
        let cells = rules.cells();
        let cells_stride = radix;
        let slots = cards.len() as u128 + 1;
        radix *= slots.pow(cells as u32);
        let uses_stride = radix;
        radix *= u128::from(rules.uses()) + 1;
        let run_stride = radix;
        radix *= u128::from(rules.run_values());
        let hearts_stride = radix;
        radix *= u128::from(METER) + 1;
        let best_run = (0..rules.run_values())
            .map(|run| {
                (0..=cards.len() as u32 / 2)
                    .map(|count| rules.best_run(run, count))
                    .collect()
            })
            .collect();
        let mut class_cards = vec![Vec::new(); CLASSES];
        let class_bit = cards
            .iter()
            .enumerate()
            .map(|(number, card)| {
                let value = card.value();
                (value != 13).then(|| {
                    let class = class_of(value);
                    class_cards[class].push(number as u8);
                    (class, 1 << (class_cards[class].len() - 1))
                })
            })
            .collect();
        Game {
            rules,
            cells,
            class_bit,
            class_cards,
            line_len: lines.iter().map(|line| line.len() as u8).collect(),
            line_cards,
            line_start,
            value: cards.iter().map(|card| card.value()).collect(),
            row: origins.iter().map(|origin| origin.row as u8).collect(),
            side: origins
                .iter()
                .map(|origin| u8::from(origin.side == crate::games::perfect_pair::Side::Right))
                .collect(),
            cards,
            perfect_table,
            stride,
            cells_stride,
            uses_stride,
            run_stride,
            hearts_stride,
            keys: radix,
            best_run,
        }
    }

    /// The number of keys: every key is below it.
    pub fn keys(&self) -> u128 {
        self.keys
    }

    /// The start of the hand.
    pub fn start(&self) -> State {
        let mut counts = [0u8; 14];
        for &value in &self.value {
            counts[value as usize] += 1;
        }
        let ends: Vec<u8> = self
            .line_start
            .iter()
            .map(|&at| self.line_cards[at])
            .collect();
        let mut in_lines = [0; CLASSES];
        for (class, cards) in self.class_cards.iter().enumerate() {
            in_lines[class] = ((1u16 << cards.len()) - 1) as u8;
        }
        State {
            in_lines,
            taken: vec![0; self.line_len.len()],
            kings: (0..ends.len())
                .filter(|&line| self.is_king(ends[line]))
                .fold(0, |bits, line| bits | 1 << line),
            ends,
            cells: [EMPTY; 2],
            uses_left: self.rules.uses(),
            run: 0,
            hearts: 0,
            counts,
            board: 0,
        }
    }

    /// The state of a referee's position.
    pub fn state_of(&self, position: &crate::games::perfect_pair::Position) -> State {
        let mut state = self.start();
        for line in 0..self.line_len.len() {
            for _ in 0..position.taken(line) {
                self.take(&mut state, line as Slot);
            }
        }
        for (cell, card) in position.cells().iter().enumerate() {
            if let Some(card) = card {
                let number = self.cards.iter().position(|c| c == card);
                let number = number.expect("a cell's card is in the layout") as u8;
                state.cells[cell] = number;
                state.counts[self.value[number as usize] as usize] += 1;
            }
        }
        state.uses_left = position.uses_left();
        state.run = position.run();
        state.hearts = position.hearts().min(METER) as u8;
        state
    }

    /// The card a slot holds.
    fn card_at(state: &State, slot: Slot) -> u8 {
        if slot >= CELL {
            state.cells[(slot - CELL) as usize]
        } else {
            state.ends[slot as usize]
        }
    }

    /// The available slots with their cards: the lines' ends, then the cells holding a card.
    fn available(&self, state: &State, out: &mut Vec<(Slot, u8)>) {
        out.clear();
        for (line, &card) in state.ends.iter().enumerate() {
            if card != EMPTY {
                out.push((line as Slot, card));
            }
        }
        for cell in 0..self.cells {
            if state.cells[cell] != EMPTY {
                out.push((CELL + cell as Slot, state.cells[cell]));
            }
        }
    }

    /// Whether a card (or [`EMPTY`]) is a King.
    fn is_king(&self, card: u8) -> bool {
        card != EMPTY && self.value[card as usize] == 13
    }

    /// An available King, if there is one.
    pub fn king(&self, state: &State) -> Option<Slot> {
        if state.kings != 0 {
            return Some(state.kings.trailing_zeros() as Slot);
        }
        state.cells[..self.cells]
            .iter()
            .position(|&card| self.is_king(card))
            .map(|cell| CELL + cell as Slot)
    }

    /// Sets a line's end card, keeping the lines with a King at their end.
    fn set_end(&self, state: &mut State, line: usize, card: u8) {
        state.ends[line] = card;
        let bit = 1u128 << line;
        if self.is_king(card) {
            state.kings |= bit;
        } else {
            state.kings &= !bit;
        }
    }

    /// Whether two available cards, from these slots, make a perfect match.
    fn is_perfect(&self, (a, x): (Slot, u8), (b, y): (Slot, u8)) -> bool {
        let (x, y) = (x as usize, y as usize);
        self.row[x] == self.row[y]
            && self.side[x] != self.side[y]
            && (self.rules.perfect_from_cells || (a < CELL && b < CELL))
    }

    /// Every step from a state: the pairs, the Kings, then the cards that may go to a cell.
    pub fn steps(&self, state: &State, scratch: &mut Vec<(Slot, u8)>, out: &mut Vec<Step>) {
        out.clear();
        self.available(state, scratch);
        for (i, &first) in scratch.iter().enumerate() {
            let value = self.value[first.1 as usize];
            if value == 13 {
                out.push(Step::King(first.0));
                continue;
            }
            for &second in &scratch[i + 1..] {
                if value + self.value[second.1 as usize] == 13 {
                    let perfect = self.is_perfect(first, second);
                    out.push(Step::Pair {
                        a: first.0,
                        b: second.0,
                        perfect,
                    });
                }
            }
        }
        if state.uses_left > 0 && state.cells[..self.cells].contains(&EMPTY) {
            out.extend(
                scratch
                    .iter()
                    .filter(|&&(slot, _)| slot < CELL)
                    .map(|&(slot, _)| Step::ToCell(slot)),
            );
        }
    }

    /// What a pair (a perfect match or not) earns with `run` and `hearts` (at most the
    /// meter's ten) before it; Kings and cell moves earn nothing.
    pub fn pair_earns(&self, perfect: bool, run: u8, hearts: u8) -> Earned {
        let (points, heart) = if perfect {
            (PERFECT_POINTS, true)
        } else {
            let step = self.rules.regular_pair(run);
            (step.points, step.heart)
        };
        let hearts = u32::from(hearts);
        Earned {
            points: points + if heart { heart_points(hearts) } else { 0 },
            meter: u32::from(heart && hearts < METER),
            perfect: u32::from(perfect),
        }
    }

    /// Takes the card of a slot from it; returns the card.
    fn take(&self, state: &mut State, slot: Slot) -> u8 {
        let card = Game::card_at(state, slot);
        if slot >= CELL {
            state.cells[(slot - CELL) as usize] = EMPTY;
        } else {
            let line = slot as usize;
            if let Some((class, bit)) = self.class_bit[card as usize] {
                state.in_lines[class] &= !bit;
            }
            state.taken[line] += 1;
            let end = self.line_cards[self.line_start[line] + state.taken[line] as usize];
            self.set_end(state, line, end);
            state.board += self.stride[line];
        }
        state.counts[self.value[card as usize] as usize] -= 1;
        card
    }

    /// Puts a card taken from a slot back.
    fn put_back(&self, state: &mut State, slot: Slot, card: u8) {
        if slot >= CELL {
            state.cells[(slot - CELL) as usize] = card;
        } else {
            let line = slot as usize;
            if let Some((class, bit)) = self.class_bit[card as usize] {
                state.in_lines[class] |= bit;
            }
            state.taken[line] -= 1;
            self.set_end(state, line, card);
            state.board -= self.stride[line];
        }
        state.counts[self.value[card as usize] as usize] += 1;
    }

    /// Plays a step (legal in the state), returning what its undo needs.
    pub fn play(&self, state: &mut State, step: Step) -> Undo {
        let mut undo = Undo {
            cards: [EMPTY; 2],
            uses_left: state.uses_left,
            run: state.run,
            hearts: state.hearts,
        };
        match step {
            Step::Pair { a, b, perfect } => {
                let heart = perfect || self.rules.regular_pair(state.run).heart;
                state.run = if perfect {
                    0
                } else {
                    self.rules.regular_pair(state.run).run
                };
                if heart {
                    state.hearts = (state.hearts + 1).min(METER as u8);
                }
                undo.cards = [self.take(state, a), self.take(state, b)];
            }
            Step::King(slot) => {
                state.run = 0;
                undo.cards[0] = self.take(state, slot);
            }
            Step::ToCell(slot) => {
                let card = self.take(state, slot);
                state.counts[self.value[card as usize] as usize] += 1;
                let cell = state.cells[..self.cells]
                    .iter()
                    .position(|&c| c == EMPTY)
                    .expect("a step to a cell has an empty cell");
                state.cells[cell] = card;
                undo.cards = [card, cell as u8];
                state.uses_left -= 1;
                if self.rules.cell_breaks_run {
                    state.run = 0;
                }
            }
        }
        undo
    }

    /// Takes a step back: `undo` is what [`Game::play`] returned for it.
    pub fn undo(&self, state: &mut State, step: Step, undo: Undo) {
        match step {
            Step::Pair { a, b, .. } => {
                self.put_back(state, b, undo.cards[1]);
                self.put_back(state, a, undo.cards[0]);
            }
            Step::King(slot) => self.put_back(state, slot, undo.cards[0]),
            Step::ToCell(slot) => {
                let [card, cell] = undo.cards;
                state.cells[cell as usize] = EMPTY;
                state.counts[self.value[card as usize] as usize] -= 1;
                self.put_back(state, slot, card);
            }
        }
        state.uses_left = undo.uses_left;
        state.run = undo.run;
        state.hearts = undo.hearts;
    }

    /// The referee's move for a step in a state (before it is played).
    pub fn move_of(&self, state: &State, step: Step) -> Move {
        let card = |slot| Game::card_at(state, slot);
        match step {
            Step::Pair { a, b, .. } => {
                let (x, y) = (card(a), card(b));
                let (x, y) = (x.min(y), x.max(y));
                Move::Pair(self.cards[x as usize], self.cards[y as usize])
            }
            Step::King(slot) => Move::King(self.cards[card(slot) as usize]),
            Step::ToCell(slot) => Move::ToCell(self.cards[card(slot) as usize]),
        }
    }

    /// Per class, its cards in layout order, by number.
    pub fn class_cards(&self) -> &[Vec<u8>] {
        &self.class_cards
    }

    /// A card's class and bit, none for a King.
    pub fn class_bit(&self, card: u8) -> Option<(usize, u8)> {
        self.class_bit[card as usize]
    }

    /// Where a card lies at the start: its line and depth.
    pub fn origin_of(&self, card: u8) -> (usize, usize) {
        let line = (0..self.line_len.len())
            .find(|&line| {
                let start = self.line_start[line];
                self.line_cards[start..start + self.line_len[line] as usize].contains(&card)
            })
            .expect("every card lies in a line");
        let start = self.line_start[line];
        let depth = self.line_cards[start..]
            .iter()
            .position(|&c| c == card)
            .expect("the card is in its line");
        (line, depth)
    }

    /// A card's value.
    pub fn value_of(&self, card: u8) -> u8 {
        self.value[card as usize]
    }

    /// The number of free cells.
    pub fn cell_count(&self) -> usize {
        self.cells
    }

    /// The most perfect matches still to come: each row's table at its depths, and, when
    /// cards in cells may make perfect matches, one more for each cell card (a card more on
    /// a side adds at most one pair).
    fn perfect_left(&self, state: &State) -> u32 {
        let mut total: u32 = 0;
        for (row, table) in self.perfect_table.iter().enumerate() {
            let (left, right) = (2 * row, 2 * row + 1);
            let width = self.line_len[right] as usize + 1;
            let at = state.taken[left] as usize * width + state.taken[right] as usize;
            total += u32::from(table[at]);
        }
        if self.rules.perfect_from_cells {
            total += state.cells[..self.cells]
                .iter()
                .filter(|&&card| card != EMPTY)
                .count() as u32;
        }
        total
    }

    /// The most the state can still earn. With `pairs` pairs left of which at most `perfect`
    /// perfect matches, the rest regular: a perfect match pays 10 and a heart, a regular pair
    /// at most 8 and at most the heart it may complete, so the more perfect matches the more
    /// of each field; the regular pairs pay most in one unbroken run ([`Rules::best_run`]).
    pub fn bound(&self, state: &State) -> Bound {
        let (pairs, all) = state.pairs_left();
        self.bound_with(state, pairs, all)
    }

    /// [`Game::bound`] for a state that can make at most `pairs` more pairs, and can be won
    /// only if `won`.
    pub fn bound_with(&self, state: &State, pairs: u32, won: bool) -> Bound {
        let perfect = self.perfect_left(state).min(pairs);
        let (run_points, run_hearts) =
            self.best_run[state.run as usize][(pairs - perfect) as usize];
        let hearts = perfect + run_hearts;
        let before = u32::from(state.hearts);
        let meter = (before + hearts).min(METER) - before;
        let past = hearts - meter;
        let unused = self.rules.unused_points(state.uses_left, won);
        Bound {
            points: PERFECT_POINTS * perfect + run_points + HEART_PAST_METER_POINTS * past + unused,
            meter,
            perfect,
            won,
            hearts,
        }
    }

    /// The state's key; the hearts are read as `hearts` (see the solver's search).
    pub fn key(&self, state: &State, hearts: u8) -> u128 {
        self.board_key(state)
            + u128::from(state.uses_left) * self.uses_stride
            + u128::from(state.run) * self.run_stride
            + u128::from(hearts) * self.hearts_stride
    }

    /// The part of the key that the play left depends on, the run and the hearts aside: the
    /// depths, the cells and the uses left.
    pub fn play_key(&self, state: &State) -> u128 {
        self.board_key(state) + u128::from(state.uses_left) * self.uses_stride
    }

    /// The part of the key the clearing search keeps: the depths and the cells (as an
    /// unordered pair: the cells are alike).
    pub fn board_key(&self, state: &State) -> u128 {
        let code = |card: u8| {
            if card == EMPTY {
                0
            } else {
                u128::from(card) + 1
            }
        };
        let cells = if self.cells == 1 {
            code(state.cells[0])
        } else {
            let (a, b) = (code(state.cells[0]), code(state.cells[1]));
            let slots = self.cards.len() as u128 + 1;
            a.min(b) * slots + a.max(b)
        };
        state.board + cells * self.cells_stride
    }
}

/// For every number of cards taken from each line, the most pairs adding up to 13 between
/// what is left of the two, in any order: the bound on perfect matches when free-cell cards
/// may make them (a card taken to a cell no longer comes in its line's order).
fn unordered_pairs_table(left: &[Card], right: &[Card]) -> Vec<Vec<u8>> {
    let mut table = vec![vec![0u8; right.len() + 1]; left.len() + 1];
    for (i, row) in table.iter_mut().enumerate() {
        for (j, cell) in row.iter_mut().enumerate() {
            let mut pairs = 0;
            for value in 1..=12u8 {
                let on_left = left[i..].iter().filter(|c| c.value() == value).count();
                let on_right = right[j..]
                    .iter()
                    .filter(|c| c.value() == 13 - value)
                    .count();
                pairs += on_left.min(on_right);
            }
            *cell = pairs as u8;
        }
    }
    table
}

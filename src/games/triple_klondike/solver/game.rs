//! The solver's picture of a position: small, copied and hashed by the million. A pile is one
//! word (its face-down count, and its face-up run as the run's bottom card, its length and,
//! for each card above the bottom, which of the two suits of its colour it has: a run's ranks
//! and colours follow from its bottom card); each suit's foundations are their heights in
//! one word, sorted (the foundations of a suit are alike but for their letters, given when
//! the line is written); the stock and waste are one row, the *cycle* (the waste bottom first,
//! then the stock in the order it is drawn), with the cards still in play and the place of the
//! next draw.
//!
//! The face-down cards never change, so they are the game's, not the state's: a state says
//! only how many of each pile's are left.

use crate::cards::card::Card;
use crate::games::triple_klondike::position::Position;
use crate::games::triple_klondike::rules::Rules;

/// Words in a cycle's mask: room for the 155 cards of the largest stock.
pub const CYCLE_WORDS: usize = 3;
/// The most piles.
pub const PILES: usize = 13;
/// A foundation height that never takes a card: the place of a foundation the packs lack.
const UNUSED: u16 = 15;

/// A card as the solver holds it: its index in `0..52` (suits `c d h s`, Ace to King).
pub type CardId = u8;

pub fn rank(card: CardId) -> u8 {
    card % 13 + 1
}

pub fn suit(card: CardId) -> usize {
    usize::from(card / 13)
}

/// Whether the card is red (diamonds, hearts).
pub fn is_red(card: CardId) -> bool {
    matches!(suit(card), 1 | 2)
}

/// Which of the two suits of its colour a card has: clubs and diamonds 0, hearts and spades 1.
fn which(card: CardId) -> u32 {
    (card / 26) as u32
}

/// The card of a rank, a colour and one of the colour's two suits.
fn card_of(rank: u8, red: bool, which: u32) -> CardId {
    let suit = match (red, which) {
        (false, 0) => 0,
        (true, 0) => 1,
        (true, _) => 2,
        (false, _) => 3,
    };
    suit * 13 + rank - 1
}

/// Whether `upper` may lie on `lower` in a run.
pub fn builds_on(lower: CardId, upper: CardId) -> bool {
    rank(lower) == rank(upper) + 1 && is_red(lower) != is_red(upper)
}

/// One pile in a word: bits 0-3 its face-down count, 4-7 its run's length, 8-13 the run's
/// bottom card, 14-25 for each card above the bottom (height 1 at bit 14) which suit of its
/// colour it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct PileCode(pub u32);

impl PileCode {
    pub fn down(self) -> usize {
        (self.0 & 15) as usize
    }

    pub fn len(self) -> usize {
        ((self.0 >> 4) & 15) as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    fn bottom(self) -> CardId {
        ((self.0 >> 8) & 63) as CardId
    }

    fn suits(self) -> u32 {
        self.0 >> 14
    }

    /// The run's card at a height (0 its bottom); the height must be below the length.
    pub fn card(self, height: usize) -> CardId {
        let bottom = self.bottom();
        if height == 0 {
            return bottom;
        }
        let red = is_red(bottom) ^ (height % 2 == 1);
        card_of(
            rank(bottom) - height as u8,
            red,
            (self.suits() >> (height - 1)) & 1,
        )
    }

    /// The top card, if any.
    pub fn top(self) -> Option<CardId> {
        let len = self.len();
        (len > 0).then(|| self.card(len - 1))
    }

    /// A pile of `down` face-down cards under a run of one card.
    fn single(down: usize, card: CardId) -> PileCode {
        PileCode(down as u32 | 1 << 4 | u32::from(card) << 8)
    }

    /// The height in the run of the card that goes on `onto` (a King onto an empty pile), if
    /// there is one.
    pub fn fitting(self, onto: Option<CardId>) -> Option<usize> {
        let len = self.len();
        if len == 0 {
            return None;
        }
        let bottom = self.bottom();
        let wanted = onto.map_or(13, |onto| rank(onto) - 1);
        let height = usize::from(rank(bottom).checked_sub(wanted)?);
        if height >= len {
            return None;
        }
        match onto {
            None => Some(height),
            Some(onto) => (is_red(self.card(height)) != is_red(onto)).then_some(height),
        }
    }

    /// The which-suit bits of the cards from `height` up, lowest first.
    fn suits_from(self, height: usize) -> u32 {
        if height == 0 {
            (self.suits() << 1) | which(self.bottom())
        } else {
            self.suits() >> (height - 1)
        }
    }

    /// The pile with the run cut at `height`: the cards from there up gone, and the top
    /// face-down card turned up if no face-up card is left.
    fn cut(self, height: usize, face_down: &[CardId]) -> PileCode {
        if height > 0 {
            let keep = (1u32 << (height - 1)) - 1;
            let base = self.0 & 0x3f0f;
            return PileCode(base | (height as u32) << 4 | (self.suits() & keep) << 14);
        }
        match self.down() {
            0 => PileCode(0),
            down => PileCode::single(down - 1, face_down[down - 1]),
        }
    }

    /// The pile with `count` cards put on its run, their bottom `head`, their which-suit bits
    /// `suits` (lowest first, the head's included).
    fn extended(self, head: CardId, count: usize, suits: u32) -> PileCode {
        let mask = (1u32 << count) - 1;
        let len = self.len();
        if len == 0 {
            return PileCode(
                self.down() as u32
                    | (count as u32) << 4
                    | u32::from(head) << 8
                    | (suits & mask) >> 1 << 14,
            );
        }
        let suits = self.suits() | (suits & mask) << (len - 1);
        PileCode((self.0 & 0x3f0f) | ((len + count) as u32) << 4 | suits << 14)
    }
}

/// A move on the picture. Foundations are named by the card that goes up or comes down; the
/// letters are chosen when the line is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    Draw,
    Redeal,
    WasteUp,
    WasteToPile(u8),
    PileUp(u8),
    PileToPile {
        from: u8,
        to: u8,
        count: u8,
    },
    /// A foundation's top card, this card, down onto a pile.
    Down {
        card: CardId,
        to: u8,
    },
}

impl Step {
    /// The step in 16 bits.
    pub fn pack(self) -> u16 {
        match self {
            Step::Draw => 0,
            Step::Redeal => 1,
            Step::WasteUp => 2,
            Step::WasteToPile(to) => 3 | u16::from(to) << 3,
            Step::PileUp(from) => 4 | u16::from(from) << 3,
            Step::PileToPile { from, to, count } => {
                5 | u16::from(from) << 3 | u16::from(to) << 7 | u16::from(count) << 11
            }
            Step::Down { card, to } => 6 | u16::from(card) << 3 | u16::from(to) << 9,
        }
    }

    /// The step packed by [`Step::pack`].
    pub fn unpack(word: u16) -> Step {
        let field = |shift: u32, bits: u32| ((word >> shift) & ((1 << bits) - 1)) as u8;
        match word & 7 {
            0 => Step::Draw,
            1 => Step::Redeal,
            2 => Step::WasteUp,
            3 => Step::WasteToPile(field(3, 4)),
            4 => Step::PileUp(field(3, 4)),
            5 => Step::PileToPile {
                from: field(3, 4),
                to: field(7, 4),
                count: field(11, 5),
            },
            _ => Step::Down {
                card: field(3, 6),
                to: field(9, 4),
            },
        }
    }
}

/// A state of the picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    pub piles: [PileCode; PILES],
    /// Per suit, its foundations' heights, a nibble each, sorted from the lowest; a place the
    /// packs lack holds [`UNUSED`].
    pub found: [u16; 4],
    /// The cycle's cards still in play.
    pub in_play: [u64; CYCLE_WORDS],
    /// The cycle's place of the next card to draw: the cards in play before it are the waste.
    pub next: u8,
    pub redeals: u8,
    /// How far the waste is from unwinding in order: over each card and the one under it,
    /// how much higher the upper one is (kept as the waste changes, for the estimate).
    pub waste_chaos: u16,
}

/// What the game's positions share: the rules, the face-down cards and the cycle.
#[derive(Debug, Clone)]
pub struct Game {
    pub rules: Rules,
    pub piles: usize,
    pub packs: usize,
    /// Each pile's face-down cards, bottom first.
    pub face_down: Vec<Vec<CardId>>,
    /// The cycle's cards: the waste bottom first, then the stock first drawn first.
    pub cycle: Vec<CardId>,
    /// Per pile and count of face-down cards left, how far the cards still where they were
    /// dealt are from coming off in order: over each of them and the one dealt on it, how much
    /// higher the upper one is.
    pub dealt_chaos: Vec<Vec<u16>>,
    /// Per pile and count of face-down cards left, how many of them lie above a lower card
    /// of their suit in the pile.
    pub down_blockers: Vec<Vec<u16>>,
    /// Per pile and count of face-down cards left, the lowest rank of each suit among them
    /// (14 for none).
    pub down_lowest: Vec<Vec<[u8; 4]>>,
}

fn bit(words: &[u64; CYCLE_WORDS], at: usize) -> bool {
    words[at / 64] >> (at % 64) & 1 == 1
}

impl Game {
    /// The game and state of a referee's position.
    pub fn new(position: &Position) -> (Game, State) {
        let rules = position.rules();
        let id = |card: &Card| card.index() as CardId;
        let mut face_down = Vec::new();
        let mut piles = [PileCode(0); PILES];
        for (number, pile) in position.piles().iter().enumerate() {
            let down: Vec<CardId> = pile.face_down.iter().map(id).collect();
            let mut code = PileCode(down.len() as u32);
            if let Some((&head, rest)) = pile.face_up.split_first() {
                let suits = rest
                    .iter()
                    .enumerate()
                    .fold(which(id(&head)), |bits, (at, card)| {
                        bits | which(id(card)) << (at + 1)
                    });
                code = code.extended(id(&head), pile.face_up.len(), suits);
            }
            piles[number] = code;
            face_down.push(down);
        }
        let cycle: Vec<CardId> = position
            .waste()
            .iter()
            .chain(position.stock().iter().rev())
            .map(id)
            .collect();
        let mut in_play = [0u64; CYCLE_WORDS];
        for at in 0..cycle.len() {
            in_play[at / 64] |= 1 << (at % 64);
        }
        let packs = usize::from(rules.packs);
        let mut found = [0u16; 4];
        for (suit, word) in found.iter_mut().enumerate() {
            let mut heights: Vec<u16> = position
                .foundations()
                .iter()
                .filter(|f| f.height > 0 && f.suit.map(|s| s as usize) == Some(suit))
                .map(|f| u16::from(f.height))
                .collect();
            heights.resize(packs, 0);
            heights.resize(3, UNUSED);
            heights.sort_unstable();
            *word = heights[0] | heights[1] << 4 | heights[2] << 8;
        }
        let dealt_chaos = position
            .piles()
            .iter()
            .zip(&face_down)
            .map(|(pile, down)| {
                let dealt: Vec<CardId> = down
                    .iter()
                    .copied()
                    .chain(pile.face_up.first().map(id))
                    .collect();
                let mut sums = vec![0u16];
                for pair in dealt.windows(2) {
                    let rise = rank(pair[1]).saturating_sub(rank(pair[0]));
                    sums.push(sums[sums.len() - 1] + u16::from(rise));
                }
                sums
            })
            .collect();
        let waste_chaos = position
            .waste()
            .windows(2)
            .map(|pair| u16::from(rank(id(&pair[1])).saturating_sub(rank(id(&pair[0])))))
            .sum();
        let (down_blockers, down_lowest) = down_order(&face_down);
        let game = Game {
            rules,
            piles: position.piles().len(),
            packs,
            face_down,
            cycle,
            dealt_chaos,
            down_blockers,
            down_lowest,
        };
        let redeals = position.redeals().min(u32::from(u8::MAX)) as u8;
        let state = State {
            piles,
            found,
            in_play,
            next: position.waste().len() as u8,
            redeals,
            waste_chaos,
        };
        (game, state)
    }

    /// The waste's top: its place in the cycle.
    #[allow(clippy::unused_self)] // asked of the game, as the stock's next card is
    pub fn waste_top(&self, state: &State) -> Option<usize> {
        (0..usize::from(state.next))
            .rev()
            .find(|&at| bit(&state.in_play, at))
    }

    /// The next card to draw: its place in the cycle.
    pub fn stock_next(&self, state: &State) -> Option<usize> {
        (usize::from(state.next)..self.cycle.len()).find(|&at| bit(&state.in_play, at))
    }

    /// Cards still in the stock.
    pub fn stock_left(&self, state: &State) -> usize {
        (usize::from(state.next)..self.cycle.len())
            .filter(|&at| bit(&state.in_play, at))
            .count()
    }

    /// Cards on the foundations.
    pub fn cards_up(&self, state: &State) -> usize {
        state
            .found
            .iter()
            .map(|&word| {
                (0..self.packs)
                    .map(|at| usize::from((word >> (4 * at)) & 15))
                    .sum::<usize>()
            })
            .sum()
    }

    /// Whether a card goes on one of its suit's foundations now.
    pub fn fits_up(state: &State, card: CardId) -> bool {
        let word = state.found[suit(card)];
        let below = u16::from(rank(card) - 1);
        (0..3).any(|at| (word >> (4 * at)) & 15 == below)
    }

    /// The lowest height among a suit's foundations.
    #[allow(clippy::unused_self)] // asked of the game, as the other heights are
    pub fn lowest(&self, state: &State, suit: usize) -> u8 {
        (state.found[suit] & 15) as u8
    }

    /// Whether a step can be made: the referee's rules, on the picture.
    pub fn allows(&self, state: &State, step: Step) -> bool {
        let pile = |p: u8| {
            state
                .piles
                .get(usize::from(p))
                .copied()
                .filter(|_| usize::from(p) < self.piles)
        };
        match step {
            Step::Draw => self.stock_next(state).is_some(),
            Step::Redeal => {
                self.stock_next(state).is_none()
                    && self.waste_top(state).is_some()
                    && self.rules.may_redeal(u32::from(state.redeals))
            }
            Step::WasteUp => self
                .waste_top(state)
                .is_some_and(|at| Game::fits_up(state, self.cycle[at])),
            Step::WasteToPile(to) => match (self.waste_top(state), pile(to)) {
                (Some(at), Some(target)) => fits_pile(target, self.cycle[at]),
                _ => false,
            },
            Step::PileUp(from) => pile(from)
                .and_then(PileCode::top)
                .is_some_and(|card| Game::fits_up(state, card)),
            Step::PileToPile { from, to, count } => match (pile(from), pile(to)) {
                (Some(source), Some(target)) if from != to => {
                    let len = source.len();
                    let count = usize::from(count);
                    count >= 1
                        && count <= len
                        && (self.rules.part_runs || count == len)
                        && source.fitting(target.top()) == Some(len - count)
                }
                _ => false,
            },
            Step::Down { card, to } => {
                self.rules.cards_back
                    && self.is_foundation_top(state, card)
                    && pile(to).is_some_and(|target| fits_pile(target, card))
            }
        }
    }

    /// Whether some foundation's top card is this card.
    pub fn is_foundation_top(&self, state: &State, card: CardId) -> bool {
        let word = state.found[suit(card)];
        (0..self.packs).any(|at| (word >> (4 * at)) & 15 == u16::from(rank(card)))
    }

    /// Makes a step checked by [`Game::allows`].
    pub fn apply(&self, state: &mut State, step: Step) {
        match step {
            Step::Draw => {
                let at = self.stock_next(state).expect("checked: a stock card");
                if let Some(below) = self.waste_top(state) {
                    state.waste_chaos += rise(self.cycle[below], self.cycle[at]);
                }
                state.next = at as u8 + 1;
            }
            Step::Redeal => {
                state.next = 0;
                state.redeals = state.redeals.saturating_add(1);
                state.waste_chaos = 0;
            }
            Step::WasteUp => {
                let at = self.take_waste(state);
                raise(state, self.cycle[at]);
            }
            Step::WasteToPile(to) => {
                let at = self.take_waste(state);
                let card = self.cycle[at];
                let pile = &mut state.piles[usize::from(to)];
                *pile = pile.extended(card, 1, which(card));
            }
            Step::PileUp(from) => {
                let from = usize::from(from);
                let pile = state.piles[from];
                let card = pile.top().expect("checked: a top card");
                state.piles[from] = pile.cut(pile.len() - 1, &self.face_down[from]);
                raise(state, card);
            }
            Step::PileToPile { from, to, count } => {
                let (from, to) = (usize::from(from), usize::from(to));
                let source = state.piles[from];
                let height = source.len() - usize::from(count);
                let head = source.card(height);
                let suits = source.suits_from(height);
                state.piles[from] = source.cut(height, &self.face_down[from]);
                state.piles[to] = state.piles[to].extended(head, usize::from(count), suits);
            }
            Step::Down { card, to } => {
                lower(state, card);
                let pile = &mut state.piles[usize::from(to)];
                *pile = pile.extended(card, 1, which(card));
            }
        }
    }

    /// Takes the waste's top card out of play: its place in the cycle.
    fn take_waste(&self, state: &mut State) -> usize {
        let at = self.waste_top(state).expect("checked: a waste card");
        state.in_play[at / 64] &= !(1 << (at % 64));
        if let Some(below) = self.waste_top(state) {
            state.waste_chaos -= rise(self.cycle[below], self.cycle[at]);
        }
        at
    }

    /// Every step allowed from a state, in the referee's terms (the tests check them against
    /// the referee's legal moves): nothing is left out, as the line-shortening pass needs.
    pub fn all_steps(&self, state: &State, steps: &mut Vec<Step>) {
        steps.clear();
        let waste = self.waste_top(state).map(|at| self.cycle[at]);
        if self.cards_left(state) == 0 {
            return;
        }
        if waste.is_some_and(|card| Game::fits_up(state, card)) {
            steps.push(Step::WasteUp);
        }
        for from in 0..self.piles {
            if state.piles[from]
                .top()
                .is_some_and(|card| Game::fits_up(state, card))
            {
                steps.push(Step::PileUp(from as u8));
            }
        }
        for to in 0..self.piles {
            let target = state.piles[to];
            if waste.is_some_and(|card| fits_pile(target, card)) {
                steps.push(Step::WasteToPile(to as u8));
            }
            for from in 0..self.piles {
                let source = state.piles[from];
                if from == to {
                    continue;
                }
                if let Some(height) = source.fitting(target.top())
                    && (self.rules.part_runs || height == 0)
                {
                    steps.push(Step::PileToPile {
                        from: from as u8,
                        to: to as u8,
                        count: (source.len() - height) as u8,
                    });
                }
            }
            if self.rules.cards_back {
                for card in self.foundation_tops(state) {
                    if fits_pile(target, card) {
                        steps.push(Step::Down { card, to: to as u8 });
                    }
                }
            }
        }
        if self.stock_next(state).is_some() {
            steps.push(Step::Draw);
        } else if self.allows(state, Step::Redeal) {
            steps.push(Step::Redeal);
        }
    }

    /// The distinct cards on top of the foundations.
    pub fn foundation_tops(&self, state: &State) -> impl Iterator<Item = CardId> + '_ {
        let found = state.found;
        (0..4).flat_map(move |suit| {
            let word = found[suit];
            (0..self.packs).filter_map(move |at| {
                let height = ((word >> (4 * at)) & 15) as u8;
                let repeated = at > 0 && ((word >> (4 * (at - 1))) & 15) as u8 == height;
                (height > 0 && !repeated).then(|| suit as u8 * 13 + height - 1)
            })
        })
    }

    /// Whether every card left lies face up in the piles: each pile is then one run, its top
    /// its lowest card, so the lowest card left of all is a top whose suit's lower cards are
    /// all up, and it can go up. The line ends in one move a card left ([`Game::finish`]),
    /// and no line from here is shorter.
    pub fn is_settled(&self, state: &State) -> bool {
        state.in_play.iter().all(|&word| word == 0)
            && state.piles[..self.piles]
                .iter()
                .all(|pile| pile.down() == 0)
    }

    /// Appends the steps that take every card of a settled state up, one a card.
    pub fn finish(&self, state: &State, steps: &mut Vec<Step>) {
        let mut state = *state;
        while let Some(from) = (0..self.piles).find(|&p| {
            state.piles[p]
                .top()
                .is_some_and(|card| Game::fits_up(&state, card))
        }) {
            let step = Step::PileUp(from as u8);
            self.apply(&mut state, step);
            steps.push(step);
        }
        debug_assert_eq!(self.cards_left(&state), 0, "a settled state finishes");
    }

    /// Cards not on the foundations.
    pub fn cards_left(&self, state: &State) -> usize {
        let in_cycle: u32 = state.in_play.iter().map(|word| word.count_ones()).sum();
        let piles: usize = state.piles[..self.piles]
            .iter()
            .map(|pile| pile.down() + pile.len())
            .sum();
        in_cycle as usize + piles
    }
}

/// Per pile and count of face-down cards left: how many of them lie above a lower card of
/// their suit in the pile, and the lowest rank of each suit among them.
#[allow(clippy::type_complexity)]
fn down_order(face_down: &[Vec<CardId>]) -> (Vec<Vec<u16>>, Vec<Vec<[u8; 4]>>) {
    let mut down_blockers = Vec::new();
    let mut down_lowest = Vec::new();
    for down in face_down {
        let mut lowest = vec![[14u8; 4]];
        let mut blockers = vec![0u16];
        for &card in down {
            let below = lowest[lowest.len() - 1];
            let blocked = below[suit(card)] < rank(card);
            blockers.push(blockers[blockers.len() - 1] + u16::from(blocked));
            let mut next = below;
            next[suit(card)] = next[suit(card)].min(rank(card));
            lowest.push(next);
        }
        down_blockers.push(blockers);
        down_lowest.push(lowest);
    }
    (down_blockers, down_lowest)
}

/// How much higher `upper` is than `lower`, 0 when it is not.
fn rise(lower: CardId, upper: CardId) -> u16 {
    u16::from(rank(upper).saturating_sub(rank(lower)))
}

/// Whether a card (heading a run) goes on a pile.
pub fn fits_pile(pile: PileCode, card: CardId) -> bool {
    match pile.top() {
        None => rank(card) == 13,
        Some(onto) => builds_on(onto, card),
    }
}

/// Puts a card on a foundation of its suit that takes it: the highest of those at its rank
/// less one, which keeps the heights sorted.
fn raise(state: &mut State, card: CardId) {
    let word = &mut state.found[suit(card)];
    let below = u16::from(rank(card) - 1);
    let at = (0..3)
        .rev()
        .find(|&at| (*word >> (4 * at)) & 15 == below)
        .expect("checked: a foundation takes the card");
    *word += 1 << (4 * at);
}

/// Takes a card down from a foundation whose top it is: the lowest of those, which keeps the
/// heights sorted.
fn lower(state: &mut State, card: CardId) {
    let word = &mut state.found[suit(card)];
    let height = u16::from(rank(card));
    let at = (0..3)
        .find(|&at| (*word >> (4 * at)) & 15 == height)
        .expect("checked: the card is a foundation's top");
    *word -= 1 << (4 * at);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_pack_into_sixteen_bits_and_back() {
        let steps = [
            Step::Draw,
            Step::Redeal,
            Step::WasteUp,
            Step::WasteToPile(12),
            Step::PileUp(7),
            Step::PileToPile {
                from: 12,
                to: 3,
                count: 13,
            },
            Step::Down { card: 51, to: 12 },
        ];
        for step in steps {
            assert_eq!(Step::unpack(step.pack()), step);
        }
    }

    #[test]
    fn a_runs_cards_follow_from_its_bottom_and_suit_bits() {
        // Ks Qh Jc Td: spades bottom; hearts (1), clubs (0), diamonds (0).
        let cards: Vec<CardId> = ["Ks", "Qh", "Jc", "Td"]
            .iter()
            .map(|text| text.parse::<Card>().unwrap().index() as CardId)
            .collect();
        let suits = cards
            .iter()
            .enumerate()
            .fold(0, |bits, (at, &card)| bits | which(card) << at);
        let pile = PileCode(2).extended(cards[0], 4, suits);
        assert_eq!(pile.down(), 2);
        for (height, &card) in cards.iter().enumerate() {
            assert_eq!(pile.card(height), card);
        }
        let cut = pile.cut(2, &[5, 6]);
        assert_eq!((cut.len(), cut.top()), (2, Some(cards[1])));
        let moved = PileCode(0).extended(cards[2], 2, pile.suits_from(2));
        assert_eq!((moved.card(0), moved.card(1)), (cards[2], cards[3]));
        assert_eq!(pile.fitting(None), Some(0));
        assert_eq!(pile.cut(0, &[5, 6]), PileCode::single(1, 6));
    }
}

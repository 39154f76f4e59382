//! The solver's own picture of a Klondike game: what a position is *up to the order of the
//! face-up runs*, packed into a few words, its moves and their effect, and the moves it makes
//! without searching. The reasons that make each of these exact are in the parent module's
//! documentation; the comments here say which of them a piece of code relies on.
//!
//! Cards are numbered as [`Card::index`] numbers them (suits `c d h s`, Ace to King), and a
//! set of cards is a `u64` with bit `i` for card `i`. The stock and the waste are one row, the
//! *cycle*: the waste bottom first, then the stock, first drawn first; a set of places in it is
//! a `u64` too.

use crate::cards::card::{Card, DECK_SIZE};
use crate::games::klondike::{EmptyPile, Passes, Position, Rules};

/// Marks a card that is not among a table's entries.
const NONE: u8 = u8::MAX;

/// Ranks per suit.
const RANKS: usize = 13;

/// A card's suit, 0 to 3 in the order `c d h s`.
const fn suit_of(card: usize) -> usize {
    card / RANKS
}

/// A card's rank, Ace 1 to King 13.
const fn rank_of(card: usize) -> usize {
    card % RANKS + 1
}

/// The card of a suit and rank.
const fn card_at(suit: usize, rank: usize) -> usize {
    suit * RANKS + rank - 1
}

/// The other suit of the same colour: clubs and spades, diamonds and hearts.
const fn twin_suit(suit: usize) -> usize {
    3 - suit
}

/// The two suits of the other colour.
const fn other_colour(suit: usize) -> [usize; 2] {
    if suit == 1 || suit == 2 {
        [0, 3]
    } else {
        [1, 2]
    }
}

/// A set holding one card.
const fn bit(card: usize) -> u64 {
    1 << card
}

/// Per card, the cards of one rank higher and the other colour: the two it may lie on.
const PARENTS: [u64; DECK_SIZE] = {
    let mut table = [0; DECK_SIZE];
    let mut card = 0;
    while card < DECK_SIZE {
        let rank = rank_of(card);
        if rank < RANKS {
            let [a, b] = other_colour(suit_of(card));
            table[card] = bit(card_at(a, rank + 1)) | bit(card_at(b, rank + 1));
        }
        card += 1;
    }
    table
};

/// Per card, the cards of one rank lower and the other colour: the two that may lie on it.
const CHILDREN: [u64; DECK_SIZE] = {
    let mut table = [0; DECK_SIZE];
    let mut card = 0;
    while card < DECK_SIZE {
        let rank = rank_of(card);
        if rank > 1 {
            let [a, b] = other_colour(suit_of(card));
            table[card] = bit(card_at(a, rank - 1)) | bit(card_at(b, rank - 1));
        }
        card += 1;
    }
    table
};

/// Per card, the other card of its rank and colour.
const TWIN: [u64; DECK_SIZE] = {
    let mut table = [0; DECK_SIZE];
    let mut card = 0;
    while card < DECK_SIZE {
        table[card] = bit(card_at(twin_suit(suit_of(card)), rank_of(card)));
        card += 1;
    }
    table
};

/// The Kings.
const KINGS: u64 = bit(12) | bit(25) | bit(38) | bit(51);

/// Where a move takes its card from. The cards lying on a tableau card go with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum From {
    /// A face-up card of the tableau.
    Tableau,
    /// A card of the cycle, brought to the waste's top by drawing (and, when `redeal`, a
    /// redeal on the way).
    Stock { redeal: bool },
    /// The top card of its foundation.
    Foundation,
}

/// Where a move puts its card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum To {
    Foundation,
    /// One of the two cards it may lie on, whichever is free.
    Parent,
    /// An empty pile.
    Empty,
}

/// One move of the solver's game. A move to the foundation from the tableau may first move
/// the card's run onto the other card of the same rank and colour; a move from the stock may
/// draw and redeal first: [`super::realize`] makes the referee's moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The card's number ([`Card::index`]).
    pub card: u8,
    pub from: From,
    pub to: To,
}

/// A position up to the order of the face-up runs: which face-up cards lie where they were
/// dealt, which lie at the bottom of a pile that holds no dealt card, the cycle, the
/// foundations. Every other face-up card lies on one of its two parents, and which one does
/// not matter (the parent module says why).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// The face-up cards of the tableau.
    pub visible: u64,
    /// The face-up cards still where they were dealt, on the face-down cards of their pile
    /// (or at its bottom): one per pile that still holds a dealt card.
    pub locked: u64,
    /// The face-up cards at the bottom of a pile that holds no dealt card.
    pub bases: u64,
    /// The places of the cycle still holding their card.
    pub stock: u64,
    /// How many cards each pile still holds where they were dealt, as one number (each pile
    /// a digit of its own base).
    pub dealt: u64,
    /// The places of the cycle below this one are the waste; the others, the stock.
    pub cursor: u8,
    /// Redeals made.
    pub redeals: u8,
    /// The top rank of each suit's foundation.
    pub found: [u8; 4],
}

/// How a state's fields are packed into a key.
#[derive(Debug, Clone, Copy, Default)]
struct KeyLayout {
    dealt: u32,
    stock: u32,
    redeals: u32,
    bases: u32,
}

impl KeyLayout {
    /// Bits a key takes, its mark included.
    fn bits(self) -> u32 {
        16 + self.dealt + self.stock + self.redeals + self.bases + 1
    }
}

/// Bits that hold every number below `count`.
fn bits_for(count: u64) -> u32 {
    if count <= 1 {
        0
    } else {
        64 - (count - 1).leading_zeros()
    }
}

/// The fixed part of a game: its rules, where each card was dealt, the cycle's order, how
/// far each suit goes.
#[derive(Debug, Clone)]
pub struct Game {
    pub rules: Rules,
    draw: u32,
    any_card: bool,
    /// Piles on the table, empty ones included.
    piles: u32,
    /// Per card where it was dealt: the card dealt under it, `NONE` for none (or a card not
    /// dealt).
    under: [u8; DECK_SIZE],
    /// Per card: its place in its dealt pile, from the bottom.
    depth_of: [u8; DECK_SIZE],
    /// Per card where it was dealt: the weight of its pile's count in [`State::dealt`].
    weight: [u64; DECK_SIZE],
    /// The cycle's cards: the waste bottom first, then the stock, first drawn first.
    cycle: Vec<u8>,
    /// Per card: its place in the cycle, `NONE` for a card not there.
    place_of: [u8; DECK_SIZE],
    /// The highest rank of each suit in the game, 0 for a suit not in it.
    top: [u8; 4],
    layout: KeyLayout,
    /// Per waste count: [`Game::reached_from`].
    reached: Vec<u64>,
    /// The waste counts that are whole numbers of draws.
    whole_draws: u64,
    /// Per suit and foundation height: the set holding the suit's next card, empty when the
    /// suit is complete.
    next_of: [[u64; RANKS + 1]; 4],
}

impl Game {
    /// The game under `rules` and its start from a position whose cards are all known and
    /// whose suits have no gap (every rank below a suit's highest is in the game).
    pub fn new(position: &Position, rules: Rules) -> (Game, State) {
        let any_card = rules.empty_pile == EmptyPile::AnyCard;
        let known = |cards: &[Option<Card>]| -> Vec<u8> {
            cards
                .iter()
                .map(|card| card.expect("the solver is given known cards").index() as u8)
                .collect()
        };
        let mut game = Game {
            rules,
            draw: rules.draw_count() as u32,
            any_card,
            piles: position.piles().len() as u32,
            under: [NONE; DECK_SIZE],
            depth_of: [NONE; DECK_SIZE],
            weight: [0; DECK_SIZE],
            cycle: Vec::new(),
            place_of: [NONE; DECK_SIZE],
            top: [0; 4],
            reached: Vec::new(),
            whole_draws: multiples(rules.draw_count() as u32),
            next_of: [[0; RANKS + 1]; 4],
            layout: KeyLayout::default(),
        };
        let mut state = State {
            visible: 0,
            locked: 0,
            bases: 0,
            stock: 0,
            dealt: 0,
            cursor: position.waste().len() as u8,
            // Counted only under limited passes (below their `u8` count); with unlimited
            // ones the key leaves the count out, and a byte that stops at its top will do.
            redeals: u8::try_from(position.redeals()).unwrap_or(u8::MAX),
            found: [0; 4],
        };
        let mut range = 1u64;
        for pile in position.piles() {
            let up = known(&pile.face_up);
            // The cards on the first face-up card lie on their parents: a face-up run is in
            // order.
            let Some(&first) = up.first() else {
                continue;
            };
            for &card in &up {
                state.visible |= bit(card.into());
            }
            let mut cards = known(&pile.face_down);
            cards.push(first);
            if cards.len() == 1 && game.fills_empty(first.into()) {
                // A lone card at the bottom that could come back to an empty pile is as good
                // as a card put there: the same picture, so the same key.
                state.bases |= bit(first.into());
                continue;
            }
            for (depth, &card) in cards.iter().enumerate() {
                let card = usize::from(card);
                game.depth_of[card] = depth as u8;
                game.weight[card] = range;
                if depth > 0 {
                    game.under[card] = cards[depth - 1];
                }
            }
            state.locked |= bit(first.into());
            state.dealt += range * cards.len() as u64;
            range *= cards.len() as u64 + 1;
        }
        game.cycle = known(position.waste());
        game.cycle.extend(known(position.stock()));
        for (place, &card) in game.cycle.iter().enumerate() {
            game.place_of[usize::from(card)] = place as u8;
            state.stock |= 1 << place;
        }
        let in_play = position
            .piles()
            .iter()
            .flat_map(|pile| pile.face_down.iter().chain(&pile.face_up))
            .chain(position.stock())
            .chain(position.waste())
            .flatten()
            .copied()
            .chain(position.foundation_cards());
        for card in in_play {
            let (suit, rank) = (suit_of(card.index()), rank_of(card.index()) as u8);
            game.top[suit] = game.top[suit].max(rank);
        }
        for (slot, suit) in crate::cards::card::Suit::ALL.into_iter().enumerate() {
            state.found[slot] = position.foundation(suit);
        }
        let redeals = match rules.passes {
            Passes::Unlimited => 0,
            Passes::Limited(passes) => bits_for(u64::from(passes.max(state.redeals + 1))),
        };
        game.layout = KeyLayout {
            dealt: bits_for(range),
            stock: game.cycle.len() as u32,
            redeals,
            bases: if any_card { DECK_SIZE as u32 } else { 0 },
        };
        game.reached = (0..=game.cycle.len() as u32)
            .map(|waste| game.reaching(waste))
            .collect();
        game.next_of = next_cards(game.top);
        (game, state)
    }

    /// Bits a key takes.
    pub fn key_bits(&self) -> u32 {
        self.layout.bits()
    }

    /// The key of a state but for how many of the cycle's cards form the waste, and that
    /// count (0 for a state on the cycle of whole passes): everything that tells it from
    /// another, packed, with a mark bit so that no key is zero. With only Kings on empty
    /// piles, the bases are left out: they are then the face-up Kings not where they were
    /// dealt, which the rest tells.
    pub fn key(&self, state: &State) -> ([u64; 3], u32) {
        let found = state
            .found
            .iter()
            .enumerate()
            .fold(0u64, |code, (suit, &rank)| {
                code | (u64::from(rank) << (4 * suit))
            });
        let waste = if self.on_cycle(state) {
            0
        } else {
            (state.stock & below(state.cursor)).count_ones()
        };
        let layout = self.layout;
        if layout.bits() <= 64 {
            // One word, the common case: the same packing without the spill checks.
            let mut key = found;
            let mut at = 16;
            for (value, bits) in [
                (state.dealt, layout.dealt),
                (state.stock, layout.stock),
                (u64::from(state.redeals), layout.redeals),
                (state.bases, layout.bases),
            ] {
                if bits > 0 {
                    key |= value << at;
                    at += bits;
                }
            }
            return ([key | (1 << at), 0, 0], waste);
        }
        let mut packer = Packer::default();
        packer.push(found, 16);
        packer.push(state.dealt, layout.dealt);
        packer.push(state.stock, layout.stock);
        packer.push(u64::from(state.redeals), layout.redeals);
        packer.push(state.bases, layout.bases);
        packer.push(1, 1);
        (packer.words, waste)
    }

    /// The waste counts (as [`Game::key`] gives them) of the states that reach, by draws and
    /// redeals alone, the state of the same key with this waste count: a card reached from
    /// one is reached from the other, so it is decided as soon as one of them is met. From a
    /// waste of `w` cards, draws give `w + draw`, `w + 2 draw`...; with redeals unlimited, the
    /// cycle (count 0) is reached from every state.
    pub fn reached_from(&self, waste: u32) -> u64 {
        self.reached[waste as usize]
    }

    /// [`Game::reached_from`] worked out.
    fn reaching(&self, waste: u32) -> u64 {
        let unlimited = self.rules.passes == Passes::Unlimited;
        if unlimited && waste == 0 {
            return u64::MAX;
        }
        let lowest = u32::from(unlimited);
        (lowest..=waste)
            .filter(|&from| (waste - from).is_multiple_of(self.draw))
            .fold(0, |set, from| set | (1 << from))
    }

    /// Whether the stock stands where whole passes bring it back, with redeals unlimited:
    /// the waste holds a whole number of draws, or every card left. Such states go round into
    /// one another by draws and redeals alone, so they are one state (the key counts their
    /// waste as empty).
    fn on_cycle(&self, state: &State) -> bool {
        if self.rules.passes != Passes::Unlimited {
            return false;
        }
        let waste = (state.stock & below(state.cursor)).count_ones();
        self.whole_draws & (1 << waste) != 0 || waste == state.stock.count_ones()
    }

    /// Whether every card of the game is on the foundations.
    pub fn is_won(&self, state: &State) -> bool {
        state.found == self.top
    }

    /// The card of the cycle at a place.
    pub fn cycle_card(&self, place: u32) -> u8 {
        self.cycle[place as usize]
    }

    /// Whether a card may fill an empty pile.
    fn fills_empty(&self, card: usize) -> bool {
        self.any_card || bit(card) & KINGS != 0
    }

    /// The next card of every foundation, as a set.
    fn nexts(&self, state: &State) -> u64 {
        (0..4).fold(0, |set, suit| {
            set | self.next_of[suit][usize::from(state.found[suit])]
        })
    }

    /// A suit's foundation for the safe-move rule: a suit whose cards are all up counts as
    /// full, so that a reduced deck's short or missing suits hold nothing back.
    fn level(&self, state: &State, suit: usize) -> usize {
        if state.found[suit] >= self.top[suit] {
            RANKS
        } else {
            usize::from(state.found[suit])
        }
    }

    /// The safe-move rule (parent module, "Moves made without searching"): both foundations
    /// of the other colour hold at least rank - 2, and the other suit of the card's colour at
    /// least rank - 3.
    fn safe(&self, state: &State, card: usize) -> bool {
        let (suit, rank) = (suit_of(card), rank_of(card));
        let [a, b] = other_colour(suit);
        self.level(state, a) + 2 >= rank
            && self.level(state, b) + 2 >= rank
            && self.level(state, twin_suit(suit)) + 3 >= rank
    }

    /// How many piles are empty.
    fn empty_piles(&self, state: &State) -> u32 {
        self.piles - state.locked.count_ones() - state.bases.count_ones()
    }

    /// Whether a card that lies on no parent (dealt, at a pile's bottom, in the cycle or on
    /// the foundations) has a free parent: each parent holds at most the card's twin, so one
    /// is free when more are face up than the twin can take, whatever the runs' order.
    fn free_parent(state: &State, card: usize) -> bool {
        let hosted = state.visible & !state.locked & !state.bases;
        (PARENTS[card] & state.visible).count_ones() > (TWIN[card] & hosted).count_ones()
    }

    /// Whether a face-up card can be made its pile's top: the cards that may lie on it lie on
    /// it or on its twin, so they fit on the twin alone when fewer lie on parents than the
    /// card and its twin face up.
    fn can_clear(state: &State, card: usize) -> bool {
        let hosted = state.visible & !state.locked & !state.bases;
        (CHILDREN[card] & hosted).count_ones()
            < ((TWIN[card] | bit(card)) & state.visible).count_ones()
    }

    /// Turns over what lies under a dealt card that leaves its place: the card under it
    /// becomes the pile's dealt top, or, when it is the pile's last and could come back to an
    /// empty pile anyway, a base (the same picture as such a card put there).
    fn uncover(&self, state: &mut State, card: usize) {
        state.locked &= !bit(card);
        state.dealt -= self.weight[card];
        let under = self.under[card];
        if under == NONE {
            return;
        }
        let under = usize::from(under);
        state.visible |= bit(under);
        if self.depth_of[under] == 0 && self.fills_empty(under) {
            state.dealt -= self.weight[card];
            state.bases |= bit(under);
        } else {
            state.locked |= bit(under);
        }
    }

    /// Makes a move.
    pub fn apply(&self, state: &mut State, step: Step) {
        let card = usize::from(step.card);
        let suit = suit_of(card);
        match step.from {
            From::Tableau => {
                if state.locked & bit(card) != 0 {
                    self.uncover(state, card);
                } else {
                    state.bases &= !bit(card);
                }
                if step.to == To::Foundation {
                    state.visible &= !bit(card);
                }
            }
            From::Stock { redeal } => {
                let place = self.place_of[card];
                state.stock &= !(1 << place);
                state.cursor = place;
                if redeal {
                    state.redeals = state.redeals.saturating_add(1);
                }
                if step.to != To::Foundation {
                    state.visible |= bit(card);
                }
            }
            From::Foundation => {
                state.found[suit] -= 1;
                state.visible |= bit(card);
            }
        }
        match step.to {
            To::Foundation => state.found[suit] += 1,
            To::Empty => state.bases |= bit(card),
            To::Parent => {}
        }
    }

    /// The cycle's cards that can be brought to the waste's top: the top itself, every
    /// third (or `draw`-th) card of the stock and the stock's last, and, when a redeal is
    /// allowed, the same through the whole cycle after it (only those not reached without).
    pub fn reachable(&self, state: &State) -> Reach {
        let left = state.stock;
        let mut reach = Reach::default();
        if left == 0 {
            return reach;
        }
        let waste = left & below(state.cursor);
        if waste != 0 {
            reach.plain |= 1 << waste.ilog2();
        }
        let drawn = |mut places: u64| {
            let mut tops = 0u64;
            // Counts down the cards to draw to the next that comes up (no division: this is
            // the search's innermost loop).
            let mut to_top = self.draw;
            while places != 0 {
                let place = places.trailing_zeros();
                places &= places - 1;
                to_top -= 1;
                if to_top == 0 || places == 0 {
                    tops |= 1 << place;
                    to_top = self.draw;
                }
            }
            tops
        };
        reach.plain |= drawn(left & !waste);
        if self.rules.may_redeal(u32::from(state.redeals)) {
            reach.after_redeal = drawn(left) & !reach.plain;
        }
        reach
    }

    /// Makes the moves made without searching, one at a time, until none is left, adding
    /// each to `line`. See the parent module for why none loses a win.
    pub fn settle(&self, state: &mut State, line: &mut Vec<Step>) {
        'again: loop {
            let nexts = self.nexts(state);
            let mut ready = nexts & state.visible;
            while ready != 0 {
                let card = ready.trailing_zeros() as usize;
                ready &= ready - 1;
                // With cards allowed back, a card that lies on a parent or at a pile's bottom
                // goes up and comes back when needed (parent module: "Cards put up because
                // they can come back").
                let back = self.rules.foundation_to_tableau && state.locked & bit(card) == 0;
                if !back && !self.safe(state, card) {
                    continue;
                }
                if Self::can_clear(state, card) {
                    let step = Step {
                        card: card as u8,
                        from: From::Tableau,
                        to: To::Foundation,
                    };
                    self.apply(state, step);
                    line.push(step);
                    continue 'again;
                }
            }
            // A card of the cycle, when taking it out changes no other card's draws: the
            // waste's top with draw 1, when no redeal is left, or when it is the cycle's last
            // card (the stock is empty). On the cycle of whole passes the state is the same
            // with any whole number of draws made, so the last card (drawing to the end) and,
            // with draw 1, any card may be brought to the top first.
            let waste = state.stock & below(state.cursor);
            let candidates = match (self.on_cycle(state), state.stock) {
                (false, _) | (true, 0) => 0,
                (true, left) if self.draw == 1 => left,
                (true, left) => 1 << left.ilog2(),
            };
            let top = if waste != 0
                && (self.draw == 1
                    || !self.rules.may_redeal(u32::from(state.redeals))
                    || state.stock & !below(state.cursor) == 0)
            {
                1u64 << waste.ilog2()
            } else {
                0
            };
            let mut places = candidates | top;
            while places != 0 {
                let place = places.trailing_zeros();
                places &= places - 1;
                let card = usize::from(self.cycle_card(place));
                if nexts & bit(card) != 0 && self.safe(state, card) {
                    let step = Step {
                        card: card as u8,
                        from: From::Stock { redeal: false },
                        to: To::Foundation,
                    };
                    self.apply(state, step);
                    line.push(step);
                    continue 'again;
                }
            }
            return;
        }
    }

    /// Every move worth searching from a settled state, with its priority, into `choices`
    /// (after what it holds), their steps into `steps`. Moves that change nothing in the picture (a
    /// run from one parent to another, a pile's bottom run to an empty pile) are not listed,
    /// nor are foundation cards brought down on their own (settling puts them back); with
    /// cards allowed back from the foundations, a card with no free parent, or a card whose
    /// twin must take what lies on it, gets the ways to bring cards down to make room first.
    ///
    /// Priorities: turning a face-down card over first, the more face-down cards under it the
    /// sooner; then cards to the foundations, then the stock, the empty piles; a move that
    /// needs cards brought down from the foundations comes after the same move without.
    ///
    /// `met` holds the waste counts met with the state's key (see [`Game::key`]) when it was
    /// met: with passes unlimited, the stock's cards that another of those states brings up
    /// are left to it when it is searched for them, as it leads to the same children (the
    /// parent module's "The stock").
    pub fn moves(&self, state: &State, met: u64, choices: &mut Vec<Choice>, steps: &mut Vec<Step>) {
        let mut out = Out { choices, steps };
        let reach = self.left_to_others(state, met, self.reachable(state));
        self.listed(state, reach, u64::MAX, &mut out);
    }

    /// `reach` without the cards that another state of the same key met before this one plays
    /// itself (or leaves to a state met before it in turn), with passes unlimited and this
    /// state off the cycle of whole passes (waste `w`): those only a redeal brings up, and the
    /// stock's last card, when any other state of the key was met (every state of the key
    /// brings all of them up, by draws or a redeal); and those from the `w2`-th card of the
    /// cycle on, when a state with waste `w2` was met that draws from this one lead to (it
    /// brings those up by draws).
    fn left_to_others(&self, state: &State, met: u64, mut reach: Reach) -> Reach {
        if self.rules.passes != Passes::Unlimited || self.on_cycle(state) {
            return reach;
        }
        let waste = (state.stock & below(state.cursor)).count_ones();
        if met & !(1 << waste) != 0 {
            reach.after_redeal = 0;
            // The stock's last card too: every state brings it up by draws.
            reach.plain &= !(1 << state.stock.ilog2());
        }
        // The counts draws lead to: `waste + draw`, `waste + 2 draw`...
        let drawn = self.whole_draws << waste & !below(waste as u8 + 1);
        let later = met & drawn;
        if later != 0 {
            // The card that is the waste's top with that count.
            let count = later.trailing_zeros();
            let mut left = state.stock;
            for _ in 1..count {
                left &= left - 1;
            }
            reach.plain &= below(left.trailing_zeros() as u8);
        }
        reach
    }

    /// The moves, the stock's cards brought up as in `reach` and put on the tableau only when
    /// in `stock_cards`.
    fn listed(&self, state: &State, reach: Reach, stock_cards: u64, out: &mut Out) {
        self.foundation_moves(state, out);
        self.placements(state, reach, stock_cards, out);
        self.empty_pile_moves(state, reach, stock_cards, out);
    }

    /// Whether every card of the cycle can be played at any time (draw 1, redeals
    /// unlimited): a *pool* ("The stock as a pool" in the parent module).
    fn is_pool(&self) -> bool {
        self.draw == 1 && self.rules.passes == Passes::Unlimited
    }

    /// In a pool, a stock card put on the tableau by `made` with the move that puts a card on
    /// it next (none when one lies on its twin, from where it can come over).
    fn served(&self, state: &State, card: usize, made: &[Step], rank: u8, out: &mut Out) {
        let mut after = *state;
        for &step in made {
            self.apply(&mut after, step);
        }
        let hosted = after.visible & !after.locked & !after.bases;
        let children = CHILDREN[card];
        if children & hosted != 0 {
            out.push(rank, made);
        }
        let up = Self::all_up(&after);
        if !self.rules.foundation_to_tableau || children & up == 0 {
            // No child can come down from the foundations: it comes from the piles, where it
            // has a free parent now, or from the pool.
            let mut both = made.to_vec();
            let mut from_piles = children & (after.locked | after.bases);
            while from_piles != 0 {
                let child = from_piles.trailing_zeros() as usize;
                from_piles &= from_piles - 1;
                both.push(step(child, From::Tableau, To::Parent));
                out.push(rank, &both);
                both.pop();
            }
            self.reachable(&after).each(|at, redeal| {
                let child = usize::from(self.cycle_card(at));
                if children & bit(child) != 0 {
                    both.push(step(child, From::Stock { redeal }, To::Parent));
                    self.served(state, child, &both, rank, out);
                    both.pop();
                }
            });
            return;
        }
        let mut next = Out {
            choices: &mut Vec::new(),
            steps: &mut Vec::new(),
        };
        self.listed(&after, self.reachable(&after), children, &mut next);
        let mut both = made.to_vec();
        for choice in next.choices.iter() {
            let steps = &next.steps[choice.start as usize..(choice.start + choice.len) as usize];
            let onto =
                |step: &Step| step.to == To::Parent && children & bit(usize::from(step.card)) != 0;
            if steps.iter().any(onto) {
                both.truncate(made.len());
                both.extend_from_slice(steps);
                out.push(rank, &both);
            }
        }
    }

    /// The cards on every foundation.
    fn all_up(state: &State) -> u64 {
        (0..4).fold(0, |up, suit| up | Self::foundation_cards(state, suit))
    }

    /// The cards on a suit's foundation.
    fn foundation_cards(state: &State, suit: usize) -> u64 {
        let rank = usize::from(state.found[suit]);
        ((1u64 << rank) - 1) << card_at(suit, 1)
    }

    /// The priority of moving a dealt card with face-down cards under it.
    fn uncovers(&self, state: &State, card: usize) -> Option<u8> {
        let depth = self.depth_of[card];
        (state.locked & bit(card) != 0 && depth > 0 && depth != NONE).then(|| 100 + 2 * depth)
    }

    /// Tableau cards to their foundations, after bringing down the twin to take what lies on
    /// the card when that is needed.
    fn foundation_moves(&self, state: &State, out: &mut Out) {
        let mut ready = self.nexts(state) & state.visible;
        while ready != 0 {
            let card = ready.trailing_zeros() as usize;
            ready &= ready - 1;
            let rank = self.uncovers(state, card).map_or(90, |rank| rank + 1);
            let up = step(card, From::Tableau, To::Foundation);
            if Self::can_clear(state, card) {
                out.push(rank, &[up]);
            } else if self.rules.foundation_to_tableau {
                let twin = TWIN[card].trailing_zeros() as usize;
                if usize::from(state.found[suit_of(twin)]) >= rank_of(twin) {
                    self.lower(state, twin, &mut Vec::new(), &mut |room, made| {
                        if Self::can_clear(room, card) {
                            made.push(up);
                            out.push(rank - 5, made);
                            made.pop();
                        }
                    });
                }
            }
        }
    }

    /// Dealt cards, bases and stock cards onto a free parent, after making room when that is
    /// needed.
    fn placements(&self, state: &State, reach: Reach, stock_cards: u64, out: &mut Out) {
        let pool = self.is_pool();
        // The cards that may come down from the foundations to make room.
        let up = if self.rules.foundation_to_tableau {
            Self::all_up(state)
        } else {
            0
        };
        let mut place = |rank: u8, card: usize, from: From| {
            if rank_of(card) == RANKS {
                return;
            }
            let onto = step(card, from, To::Parent);
            let served = pool && matches!(from, From::Stock { .. });
            if Self::free_parent(state, card) {
                if served {
                    self.served(state, card, &[onto], rank, out);
                } else {
                    out.push(rank, &[onto]);
                }
            } else if PARENTS[card] & up != 0 {
                self.make_room(state, card, &mut Vec::new(), &mut |_, made| {
                    made.push(onto);
                    if served {
                        self.served(state, card, made, rank - 5, out);
                    } else {
                        out.push(rank - 5, made);
                    }
                    made.pop();
                });
            }
        };
        let mut locked = state.locked;
        while locked != 0 {
            let card = locked.trailing_zeros() as usize;
            locked &= locked - 1;
            place(
                self.uncovers(state, card).unwrap_or(55),
                card,
                From::Tableau,
            );
        }
        let mut bases = state.bases & !KINGS;
        while bases != 0 {
            let card = bases.trailing_zeros() as usize;
            bases &= bases - 1;
            place(55, card, From::Tableau);
        }
        reach.each(|at, redeal| {
            let card = usize::from(self.cycle_card(at));
            if stock_cards & bit(card) != 0 {
                place(60, card, From::Stock { redeal });
            }
        });
    }

    /// Cards to empty piles, and stock cards to their foundations.
    fn empty_pile_moves(&self, state: &State, reach: Reach, stock_cards: u64, out: &mut Out) {
        let empty = self.empty_piles(state) > 0;
        let mut locked = state.locked;
        while locked != 0 {
            let card = locked.trailing_zeros() as usize;
            locked &= locked - 1;
            // A dealt card at its pile's bottom that may fill an empty pile is a base, so a
            // dealt card that may go there has face-down cards under it.
            if empty && self.fills_empty(card) {
                let rank = self.uncovers(state, card).unwrap_or(50);
                out.push(rank, &[step(card, From::Tableau, To::Empty)]);
            }
        }
        if self.any_card && empty {
            let mut hosted = state.visible & !state.locked & !state.bases;
            while hosted != 0 {
                let card = hosted.trailing_zeros() as usize;
                hosted &= hosted - 1;
                out.push(30, &[step(card, From::Tableau, To::Empty)]);
            }
        }
        let nexts = self.nexts(state);
        reach.each(|at, redeal| {
            let card = usize::from(self.cycle_card(at));
            let from = From::Stock { redeal };
            if nexts & bit(card) != 0 {
                out.push(80, &[step(card, from, To::Foundation)]);
            }
            if empty && self.fills_empty(card) && stock_cards & bit(card) != 0 {
                let made = [step(card, from, To::Empty)];
                if self.is_pool() {
                    self.served(state, card, &made, 50, out);
                } else {
                    out.push(50, &made);
                }
            }
        });
    }

    /// Calls `each` with every way to give a card with no free parent one, by bringing
    /// cards down from the foundations: one of its parents, with what lies above it on its
    /// foundation first. `made` holds the steps so far (it is left as it was found).
    fn make_room(
        &self,
        state: &State,
        card: usize,
        made: &mut Vec<Step>,
        each: &mut dyn FnMut(&State, &mut Vec<Step>),
    ) {
        let mut parents = PARENTS[card];
        while parents != 0 {
            let parent = parents.trailing_zeros() as usize;
            parents &= parents - 1;
            if usize::from(state.found[suit_of(parent)]) < rank_of(parent) {
                continue;
            }
            self.lower(state, parent, made, &mut |room, made| {
                if Self::free_parent(room, card) {
                    each(room, made);
                }
            });
        }
    }

    /// Calls `each` with every way to bring a foundation card down to the tableau, with the
    /// cards above it on its foundation first, each onto a free parent or an empty pile, or
    /// onto a parent brought down for it when none is free. Ranks rise from a card to its
    /// parent, and each suit comes down from its top, so this ends.
    fn lower(
        &self,
        state: &State,
        card: usize,
        made: &mut Vec<Step>,
        each: &mut dyn FnMut(&State, &mut Vec<Step>),
    ) {
        let (suit, rank) = (suit_of(card), rank_of(card));
        let top = usize::from(state.found[suit]);
        if top < rank {
            each(state, made);
            return;
        }
        self.land(state, card_at(suit, top), made, &mut |room, made| {
            self.lower(room, card, made, each);
        });
    }

    /// Calls `each` with every way to bring a foundation's top card down: onto a free parent,
    /// onto an empty pile, or, with no free parent, onto a parent brought down first.
    fn land(
        &self,
        state: &State,
        card: usize,
        made: &mut Vec<Step>,
        each: &mut dyn FnMut(&State, &mut Vec<Step>),
    ) {
        let mut put = |room: &State, made: &mut Vec<Step>, to: To| {
            let mut after = *room;
            let down = Step {
                card: card as u8,
                from: From::Foundation,
                to,
            };
            self.apply(&mut after, down);
            made.push(down);
            each(&after, made);
            made.pop();
        };
        if Self::free_parent(state, card) {
            put(state, made, To::Parent);
        } else {
            self.make_room(state, card, made, &mut |room, made| {
                put(room, made, To::Parent);
            });
        }
        if self.empty_piles(state) > 0 && self.fills_empty(card) {
            put(state, made, To::Empty);
        }
    }
}

/// The places of the cycle whose card can be brought to the waste's top.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reach {
    /// By draws alone.
    pub plain: u64,
    /// Only with a redeal on the way.
    pub after_redeal: u64,
}

impl Reach {
    /// Calls `each(place, redeal)` for every place, those reached by draws alone first, each
    /// kind in the cycle's order.
    pub fn each(self, mut each: impl FnMut(u32, bool)) {
        for (mut places, redeal) in [(self.plain, false), (self.after_redeal, true)] {
            while places != 0 {
                let place = places.trailing_zeros();
                places &= places - 1;
                each(place, redeal);
            }
        }
    }
}

/// A step.
fn step(card: usize, from: From, to: To) -> Step {
    Step {
        card: card as u8,
        from,
        to,
    }
}

/// Where moves are listed: the moves and their steps.
struct Out<'a> {
    choices: &'a mut Vec<Choice>,
    steps: &'a mut Vec<Step>,
}

impl Out<'_> {
    fn push(&mut self, rank: u8, made: &[Step]) {
        self.choices.push(Choice {
            rank,
            start: self.steps.len() as u32,
            len: made.len() as u32,
        });
        self.steps.extend_from_slice(made);
    }
}

/// One move of the search: a run of steps in the shared list (a single step, or cards
/// brought down from the foundations and the move they make room for), with its priority.
#[derive(Debug, Clone, Copy)]
pub struct Choice {
    pub rank: u8,
    pub start: u32,
    pub len: u32,
}

/// Per suit and foundation height, the set holding the suit's next card, empty once the suit
/// reaches `top`.
fn next_cards(top: [u8; 4]) -> [[u64; RANKS + 1]; 4] {
    let mut next_of = [[0; RANKS + 1]; 4];
    for (suit, heights) in next_of.iter_mut().enumerate() {
        for (rank, next) in heights.iter_mut().enumerate() {
            if rank < usize::from(top[suit]) {
                *next = bit(card_at(suit, rank + 1));
            }
        }
    }
    next_of
}

/// The numbers below 64 that are multiples of `step`, as a set.
fn multiples(step: u32) -> u64 {
    (0..64)
        .filter(|number: &u32| number.is_multiple_of(step))
        .fold(0, |set, number| set | 1 << number)
}

/// The places of the cycle below `cursor`.
fn below(cursor: u8) -> u64 {
    if cursor >= 64 {
        u64::MAX
    } else {
        (1u64 << cursor) - 1
    }
}

/// Packs numbers of given widths into three words, low bits first.
#[derive(Default)]
struct Packer {
    words: [u64; 3],
    at: u32,
}

impl Packer {
    fn push(&mut self, value: u64, bits: u32) {
        if bits == 0 {
            return;
        }
        let (word, offset) = ((self.at / 64) as usize, self.at % 64);
        self.words[word] |= value << offset;
        if offset + bits > 64 {
            self.words[word + 1] |= value >> (64 - offset);
        }
        self.at += bits;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parents_children_and_twins() {
        let card = |text: &str| text.parse::<Card>().expect("a card").index();
        let set = |texts: &[&str]| texts.iter().fold(0, |set, text| set | bit(card(text)));
        assert_eq!(PARENTS[card("5h")], set(&["6c", "6s"]));
        assert_eq!(CHILDREN[card("5h")], set(&["4c", "4s"]));
        assert_eq!(TWIN[card("5h")], set(&["5d"]));
        assert_eq!(TWIN[card("Ks")], set(&["Kc"]));
        assert_eq!(PARENTS[card("Kd")], 0);
        assert_eq!(CHILDREN[card("Ac")], 0);
        assert_eq!(KINGS, set(&["Kc", "Kd", "Kh", "Ks"]));
    }

    #[test]
    fn a_state_off_the_cycle_leaves_plays_to_states_of_its_key_met_before_it() {
        let start = Position::new(&crate::games::klondike::Deal::shuffled(5), Rules::STANDARD);
        let (game, mut state) = Game::new(&start, Rules::STANDARD);
        let places = |list: &[u32]| list.iter().fold(0u64, |set, place| set | 1 << place);
        // 24 cards, the first of them drawn and put back: waste 1, off the cycle.
        assert_eq!(state.stock, (1 << 24) - 1);
        state.cursor = 1;
        let reach = game.reachable(&state);
        assert_eq!(reach.plain, places(&[0, 3, 6, 9, 12, 15, 18, 21, 23]));
        assert_eq!(reach.after_redeal, places(&[2, 5, 8, 11, 14, 17, 20]));
        let left = |met: u64| game.left_to_others(&state, met | 1 << 1, reach);
        assert_eq!(left(0), reach);
        // Any other state of the key met plays what only a redeal brings up, and the stock's
        // last card: the cycle's state (waste 0), or waste 5, which draws from waste 1 do not
        // lead to.
        for other in [0, 5] {
            assert_eq!(left(1 << other).plain, reach.plain & !(1 << 23));
            assert_eq!(left(1 << other).after_redeal, 0);
        }
        // Waste 7 met, which draws from waste 1 lead to: it also plays its top (the 7th card,
        // place 6) and what draws bring up from there.
        assert_eq!(left(1 << 7).plain, places(&[0, 3]));
        assert_eq!(left(1 << 7).after_redeal, 0);
        // On the cycle, nothing is left to others.
        state.cursor = 3;
        let on_cycle = game.reachable(&state);
        assert_eq!(game.left_to_others(&state, 1 | 1 << 9, on_cycle), on_cycle);
    }

    #[test]
    fn a_packer_spills_into_the_next_word() {
        let mut packer = Packer::default();
        packer.push(0b101, 3);
        packer.push(u64::MAX >> 4, 60);
        packer.push(0b11, 2);
        // The last two bits straddle the words: one at the first word's top, one after.
        assert_eq!(packer.words[0], 0b101 | ((u64::MAX >> 4) << 3) | (1 << 63));
        assert_eq!(packer.words[1], 0b1);
        assert_eq!(bits_for(1), 0);
        assert_eq!(bits_for(2), 1);
        assert_eq!(bits_for(40320), 16);
    }
}

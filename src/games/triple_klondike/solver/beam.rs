//! The beam search: level by level (a level a move), every state of the beam makes each of
//! its useful moves, and the `width` children the estimate likes best, each state once, make
//! the next level. Children are scored, not kept: a child's state is made again from its
//! parent only when it is chosen, so a level's candidates take a few words each.
//!
//! The moves a state makes are the referee's, less those that cannot help: a card that can go
//! up and that no card left will want to lie on goes up at once, alone ([`safe_up`]); a run
//! moves from pile to pile only when that turns a card over, empties a pile a King can use,
//! or uncovers a card that can then go up or take a card; a card comes down from a foundation
//! only when a card can then be put on it.

use super::estimate::score;
use super::game::{CardId, Game, State, Step, builds_on, fits_pile, is_red, rank};
use super::keys::{KeySet, key};

/// One choice of the search: a step, or two made together (a step that only prepares the
/// next, such as part of a run moved off the card that then goes up).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Play {
    pub first: Step,
    pub then: Option<Step>,
}

impl Play {
    fn one(first: Step) -> Play {
        Play { first, then: None }
    }

    fn two(first: Step, then: Step) -> Play {
        Play {
            first,
            then: Some(then),
        }
    }

    /// The moves it makes: 1 or 2.
    fn moves(self) -> usize {
        1 + usize::from(self.then.is_some())
    }

    fn pack(self) -> u32 {
        u32::from(self.first.pack()) | u32::from(self.then.map_or(u16::MAX, Step::pack)) << 16
    }

    fn unpack(word: u32) -> Play {
        let then = (word >> 16) as u16;
        Play {
            first: Step::unpack(word as u16),
            then: (then != u16::MAX).then(|| Step::unpack(then)),
        }
    }

    fn apply(self, game: &Game, state: &mut State) {
        game.apply(state, self.first);
        if let Some(then) = self.then {
            game.apply(state, then);
        }
    }
}

/// A child waiting to be chosen: its key, its score (lower is better; 0 for a settled state,
/// see [`Game::is_settled`]), its parent's place in its level and the play from the parent.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    score: u32,
    key: u64,
    parent: u32,
    play: u32,
}

impl Candidate {
    fn moves(&self) -> usize {
        Play::unpack(self.play).moves()
    }
}

/// A line found by a search: its steps and the cards it takes up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub steps: Vec<Step>,
    pub cards_up: usize,
}

/// What one beam search gives: the best complete line found, if any, and the line that took
/// the most cards up in the fewest moves.
#[derive(Debug, Clone, Default)]
pub struct BeamResult {
    pub complete: Option<Found>,
    pub best: Option<Found>,
    /// Whether the caller asked it to stop before its end.
    pub stopped: bool,
    pub expanded: u64,
    pub generated: u64,
    /// The most bytes its tables held.
    pub memory: usize,
}

/// A beam search's settings.
#[derive(Debug, Clone, Copy)]
pub struct BeamSettings {
    pub width: usize,
    pub threads: usize,
    /// Moves a complete line must stay under to be of use (a line already known).
    pub shorter_than: usize,
}

/// Whether the search should stop now; asked once a level with the states expanded and the
/// children made in that level, and the bytes its tables hold.
pub trait Stop {
    fn now(&mut self, expanded: u64, generated: u64, memory: usize) -> bool;
}

/// Runs a beam search from `start`.
pub fn beam(game: &Game, start: &State, settings: BeamSettings, stop: &mut dyn Stop) -> BeamResult {
    let mut result = BeamResult::default();
    // The states of the last two levels, the latest last.
    let mut levels: [Vec<State>; 2] = [Vec::new(), vec![*start]];
    // Per level from 1, each state's parent and the play from it.
    let mut links: Vec<Vec<(u32, u32)>> = vec![Vec::new()];
    let mut seen = KeySet::new();
    seen.insert(key(start, game.piles));
    let mut limit = settings.shorter_than;
    // The best so far: (cards up, level, place in it).
    let mut best = (game.cards_up(start), 0usize, 0usize);
    let all_cards = game.cards_up(start) + game.cards_left(start);
    if game.is_settled(start) {
        let mut steps = Vec::new();
        game.finish(start, &mut steps);
        if steps.len() < limit {
            result.complete = Some(Found {
                steps,
                cards_up: all_cards,
            });
        }
        levels[1].clear();
    }
    let threads = settings.threads.max(1);
    // Candidates for the level after the next, made by two-move plays.
    let mut later: Vec<Candidate> = Vec::new();
    loop {
        let depth = links.len() - 1;
        if (levels[1].is_empty() && later.is_empty()) || depth + 1 >= limit {
            break;
        }
        let made = expand_all(game, &levels[1], threads, depth, limit);
        let (expanded, generated) = (levels[1].len() as u64, made.len() as u64);
        result.expanded += expanded;
        result.generated += generated;
        let (mut candidates, after): (Vec<Candidate>, Vec<Candidate>) = made
            .into_iter()
            .partition(|candidate| candidate.moves() == 1);
        candidates.append(&mut later);
        later = after;
        candidates.retain(|candidate| !seen.contains(candidate.key));
        let parent_of = |candidate: &Candidate| -> State {
            let level = &levels[2 - candidate.moves()];
            let mut state = level[candidate.parent as usize];
            Play::unpack(candidate.play).apply(game, &mut state);
            state
        };
        // A settled state's line ends in one move a card left: it is a complete line of
        // known length, and goes no further in the beam.
        for settled in candidates.iter().filter(|c| c.score == 0) {
            let state = parent_of(settled);
            let total = depth + 1 + game.cards_left(&state);
            if total < limit {
                limit = total;
                let play = Play::unpack(settled.play);
                let mut steps = line_to(&links, depth + 1 - play.moves(), settled.parent as usize);
                steps.push(play.first);
                steps.extend(play.then);
                game.finish(&state, &mut steps);
                result.complete = Some(Found {
                    steps,
                    cards_up: all_cards,
                });
            }
        }
        candidates.retain(|candidate| candidate.score != 0);
        let chosen = choose(&mut candidates, settings.width);
        let mut next = Vec::with_capacity(chosen.len());
        let mut level_links = Vec::with_capacity(chosen.len());
        for candidate in &chosen {
            let state = parent_of(candidate);
            seen.insert(candidate.key);
            let up = game.cards_up(&state);
            if up > best.0 {
                best = (up, depth + 1, next.len());
            }
            next.push(state);
            level_links.push((candidate.parent, candidate.play));
        }
        links.push(level_links);
        levels.swap(0, 1);
        levels[1] = next;
        let memory = seen.bytes()
            + links
                .iter()
                .map(|level| level.capacity() * 8)
                .sum::<usize>()
            + (levels[0].capacity() + levels[1].capacity()) * std::mem::size_of::<State>()
            + (candidates.capacity() + later.capacity()) * std::mem::size_of::<Candidate>();
        result.memory = result.memory.max(memory);
        if stop.now(expanded, generated, memory) {
            result.stopped = true;
            break;
        }
    }
    result.best = Some(Found {
        steps: line_to(&links, best.1, best.2),
        cards_up: best.0,
    });
    result
}

/// The steps from the start to the state at a place of a level, by the levels' links.
fn line_to(links: &[Vec<(u32, u32)>], mut level: usize, mut at: usize) -> Vec<Step> {
    let mut steps = Vec::with_capacity(level);
    while level > 0 {
        let (parent, play) = links[level][at];
        let play = Play::unpack(play);
        steps.extend(play.then);
        steps.push(play.first);
        level -= play.moves();
        at = parent as usize;
    }
    steps.reverse();
    steps
}

/// The children of every state of a level, on `threads` threads.
fn expand_all(
    game: &Game,
    level: &[State],
    threads: usize,
    depth: usize,
    limit: usize,
) -> Vec<Candidate> {
    let chunk = level.len().div_ceil(threads).max(64);
    if threads == 1 || level.len() <= chunk {
        let mut out = Vec::new();
        expand_range(game, level, 0, depth, limit, &mut out);
        return out;
    }
    let mut parts: Vec<Vec<Candidate>> = Vec::new();
    std::thread::scope(|scope| {
        let handles: Vec<_> = level
            .chunks(chunk)
            .enumerate()
            .map(|(number, states)| {
                scope.spawn(move || {
                    let mut out = Vec::new();
                    expand_range(game, states, number * chunk, depth, limit, &mut out);
                    out
                })
            })
            .collect();
        for handle in handles {
            parts.push(handle.join().expect("an expansion thread does not panic"));
        }
    });
    parts.concat()
}

fn expand_range(
    game: &Game,
    states: &[State],
    first: usize,
    depth: usize,
    limit: usize,
    out: &mut Vec<Candidate>,
) {
    let mut plays = Vec::with_capacity(64);
    for (offset, state) in states.iter().enumerate() {
        useful_plays(game, state, &mut plays);
        for &play in &plays {
            let mut child = *state;
            play.apply(game, &mut child);
            let floor = game.cards_left(&child) + game.stock_left(&child);
            // Past the line already known: of no use.
            if depth + play.moves() + floor >= limit {
                continue;
            }
            let score = if game.is_settled(&child) {
                0
            } else {
                1 + score(game, &child)
            };
            out.push(Candidate {
                score,
                key: key(&child, game.piles),
                parent: (first + offset) as u32,
                play: play.pack(),
            });
        }
    }
}

/// The best `width` candidates, each key once.
fn choose(candidates: &mut Vec<Candidate>, width: usize) -> Vec<Candidate> {
    let room = (width * 2).min(candidates.len());
    if room < candidates.len() {
        candidates.select_nth_unstable_by_key(room, |c| (c.score, c.key));
        candidates.truncate(room);
    }
    candidates.sort_unstable_by_key(|c| (c.score, c.key));
    let mut chosen: Vec<Candidate> = Vec::with_capacity(width);
    for &candidate in candidates.iter() {
        if chosen.last().is_some_and(|last| last.key == candidate.key) {
            continue;
        }
        chosen.push(candidate);
        if chosen.len() == width {
            break;
        }
    }
    chosen
}

/// The card on top of the waste, if any.
fn waste_card(game: &Game, state: &State) -> Option<CardId> {
    game.waste_top(state).map(|at| game.cycle[at])
}

/// Whether a card that can go up may go at once, alone: no card left can want to lie on it
/// that could not itself go up (both suits of the other colour are up to two below it on
/// every foundation, both of its colour to three below), and Aces and 2s always.
pub fn safe_up(game: &Game, state: &State, card: CardId) -> bool {
    let r = rank(card);
    if r <= 2 {
        return true;
    }
    let red = is_red(card);
    (0..4).all(|s| {
        let same_colour = matches!(s, 1 | 2) == red;
        let need = if same_colour { r - 3 } else { r - 2 };
        game.lowest(state, s) >= need
    })
}

/// The plays worth trying from a state (see the module's comment).
pub fn useful_plays(game: &Game, state: &State, plays: &mut Vec<Play>) {
    plays.clear();
    if game.cards_left(state) == 0 {
        return;
    }
    let waste = waste_card(game, state);
    if let Some(card) = waste
        && Game::fits_up(state, card)
        && safe_up(game, state, card)
    {
        plays.push(Play::one(Step::WasteUp));
        return;
    }
    let piles = game.piles;
    for from in 0..piles {
        if let Some(card) = state.piles[from].top()
            && Game::fits_up(state, card)
            && safe_up(game, state, card)
        {
            plays.push(Play::one(Step::PileUp(from as u8)));
            return;
        }
    }
    if game.stock_next(state).is_some() {
        plays.push(Play::one(Step::Draw));
    } else if game.allows(state, Step::Redeal) {
        plays.push(Play::one(Step::Redeal));
    }
    if let Some(card) = waste {
        if Game::fits_up(state, card) {
            plays.push(Play::one(Step::WasteUp));
        }
        // Onto each pile that takes it; a King onto the first empty pile only.
        let empty = (0..piles).find(|&p| state.piles[p].is_empty());
        for to in 0..piles {
            let target = state.piles[to];
            if fits_pile(target, card) && (!target.is_empty() || Some(to) == empty) {
                plays.push(Play::one(Step::WasteToPile(to as u8)));
            }
        }
    }
    for from in 0..piles {
        if state.piles[from]
            .top()
            .is_some_and(|card| Game::fits_up(state, card))
        {
            plays.push(Play::one(Step::PileUp(from as u8)));
        }
    }
    run_plays(game, state, waste, plays);
    if game.rules.cards_back {
        down_plays(game, state, waste, plays);
    }
}

/// The plays that move a run, or part of one, from pile to pile.
fn run_plays(game: &Game, state: &State, waste: Option<CardId>, plays: &mut Vec<Play>) {
    let piles = game.piles;
    let king_waits = king_waits(game, state, waste);
    for from in 0..piles {
        let source = state.piles[from];
        if source.is_empty() {
            continue;
        }
        let mut empty_tried = false;
        for to in 0..piles {
            if to == from {
                continue;
            }
            let target = state.piles[to];
            let Some(height) = source.fitting(target.top()) else {
                continue;
            };
            if !game.rules.part_runs && height > 0 {
                continue;
            }
            if target.is_empty() {
                // A King's run to an empty pile, to one empty pile of all, and only when it
                // turns a card over.
                if empty_tried || source.down() == 0 {
                    continue;
                }
                empty_tried = true;
            }
            let step = Step::PileToPile {
                from: from as u8,
                to: to as u8,
                count: (source.len() - height) as u8,
            };
            if height == 0 {
                if source.down() > 0 || king_waits {
                    plays.push(Play::one(step));
                }
                continue;
            }
            // Part of a run: made with the move it prepares on the card it uncovers.
            let uncovered = source.card(height - 1);
            if Game::fits_up(state, uncovered) {
                plays.push(Play::two(step, Step::PileUp(from as u8)));
            }
            if waste.is_some_and(|card| builds_on(uncovered, card)) {
                plays.push(Play::two(step, Step::WasteToPile(from as u8)));
            }
            for other in 0..piles {
                let run = state.piles[other];
                if other != from
                    && other != to
                    && run.down() > 0
                    && run.fitting(Some(uncovered)) == Some(0)
                {
                    let count = run.len() as u8;
                    plays.push(Play::two(
                        step,
                        Step::PileToPile {
                            from: other as u8,
                            to: from as u8,
                            count,
                        },
                    ));
                }
            }
        }
    }
}

/// The plays that bring a foundation's card down, each with the move it prepares.
fn down_plays(game: &Game, state: &State, waste: Option<CardId>, plays: &mut Vec<Play>) {
    let piles = game.piles;
    let tops: Vec<CardId> = game.foundation_tops(state).collect();
    for card in tops {
        for to in 0..piles {
            let target = state.piles[to];
            if target.is_empty() || !fits_pile(target, card) {
                continue;
            }
            let down = Step::Down { card, to: to as u8 };
            if waste.is_some_and(|top| builds_on(card, top)) {
                plays.push(Play::two(down, Step::WasteToPile(to as u8)));
            }
            for other in 0..piles {
                let run = state.piles[other];
                if other == to {
                    continue;
                }
                let Some(height) = run.fitting(Some(card)) else {
                    continue;
                };
                let reveals = height == 0 && run.down() > 0;
                let frees = height > 0 && Game::fits_up(state, run.card(height - 1));
                if reveals || frees {
                    let count = (run.len() - height) as u8;
                    plays.push(Play::two(
                        down,
                        Step::PileToPile {
                            from: other as u8,
                            to: to as u8,
                            count,
                        },
                    ));
                }
            }
        }
    }
}
/// Whether a King could use an empty pile: one on the waste, or one heading part of a run or
/// a run over face-down cards.
fn king_waits(game: &Game, state: &State, waste: Option<CardId>) -> bool {
    waste.is_some_and(|card| rank(card) == 13)
        || (0..game.piles).any(|p| {
            let pile = state.piles[p];
            pile.fitting(None)
                .is_some_and(|height| height > 0 || pile.down() > 0)
        })
}

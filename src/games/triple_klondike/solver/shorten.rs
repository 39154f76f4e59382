//! The line-shortening pass: a complete line made shorter by shortcuts between its own states.
//!
//! The beam commits to a move a level and cannot take it back: a run moved twice where once
//! would do, a card put on a pile and moved on, moves made in an order that costs one more.
//! So from each state of the line, every line of up to [`DEPTH`] steps the rules allow is
//! searched for a state the line reaches later, more steps on: the line's steps between are
//! replaced by the shorter way, and the rest of the line plays on unchanged from the very same
//! state. Each shortcut saves a move or more, so the pass ends; the line it gives replays
//! wherever the input did and is never longer.

use std::collections::{HashMap, HashSet};

use super::game::{Game, State, Step};

/// The most steps a shortcut takes: every line that long is tried from each state of the
/// line, so the cost grows as the moves' count to this power. Two steps find, on the
/// contest's deals, what three do, in a fortieth of the time (under a second a line).
pub const DEPTH: usize = 2;

/// The line made shorter by shortcuts of up to `depth` steps between its states (see the
/// module's comment); the line as it is when none is found.
pub fn shorten(game: &Game, start: &State, line: &[Step], depth: usize) -> Vec<Step> {
    let mut line = line.to_vec();
    let mut states = states_of(game, start, &line);
    let mut last = last_places(&states);
    let mut from = 0;
    while from < line.len() {
        // A loop back to the very state: no step at all.
        let again = last[&states[from]];
        let found = if again > from {
            Some((again, Vec::new()))
        } else {
            shortcut(game, &states[from], from, &last, depth)
        };
        match found {
            Some((to, steps)) => {
                line.splice(from..to, steps);
                states = states_of(game, start, &line);
                last = last_places(&states);
            }
            None => from += 1,
        }
    }
    line
}

/// The states a line passes through, from the start to its end.
fn states_of(game: &Game, start: &State, line: &[Step]) -> Vec<State> {
    let mut state = *start;
    let mut states = Vec::with_capacity(line.len() + 1);
    states.push(state);
    for &step in line {
        debug_assert!(game.allows(&state, step), "the line's {step:?} is allowed");
        game.apply(&mut state, step);
        states.push(state);
    }
    states
}

/// Each state of a line, with the last place it holds there.
fn last_places(states: &[State]) -> HashMap<State, usize> {
    states
        .iter()
        .enumerate()
        .map(|(at, &state)| (state, at))
        .collect()
}

/// The best shortcut from the line's state at `from`: the place on the line it reaches, and
/// its steps, fewer than the line takes there; breadth first, to `depth` steps.
fn shortcut(
    game: &Game,
    state: &State,
    from: usize,
    last: &HashMap<State, usize>,
    depth: usize,
) -> Option<(usize, Vec<Step>)> {
    // Every state reached, with the place of its parent here and the step from it.
    let mut reached: Vec<(State, usize, Step)> = vec![(*state, usize::MAX, Step::Draw)];
    let mut seen = HashSet::from([*state]);
    let mut best: Option<(usize, usize)> = None;
    let mut level = 0..1;
    let mut steps = Vec::new();
    for moves in 1..=depth {
        let next_start = reached.len();
        for parent in level.clone() {
            game.all_steps(&reached[parent].0, &mut steps);
            for &step in &steps {
                let mut child = reached[parent].0;
                game.apply(&mut child, step);
                if !seen.insert(child) {
                    continue;
                }
                if let Some(&to) = last.get(&child) {
                    let saves = to.saturating_sub(from + moves);
                    if saves > 0 && best.is_none_or(|(_, saved)| saves > saved) {
                        best = Some((reached.len(), saves));
                    }
                }
                reached.push((child, parent, step));
            }
        }
        level = next_start..reached.len();
    }
    let (mut at, _) = best?;
    let to = last[&reached[at].0];
    let mut path = Vec::new();
    while at != 0 {
        let (_, parent, step) = reached[at];
        path.push(step);
        at = parent;
    }
    path.reverse();
    Some((to, path))
}

//! The beam's estimate of a state: how far it is from a complete line, lower being better.

use super::game::{Game, State, rank, suit};

/// The weights of the score's terms: the floor (cards still to go up and to be drawn), the
/// waste's disorder, the disorder of the cards still where they were dealt, and the cards
/// lying above a lower card of their suit in their pile. Chosen by trying them on the
/// contest's first deals: the floor must weigh most, so that the beam makes progress, and
/// the disorder terms keep it from drawing the whole stock onto the waste early.
const WEIGHTS: Weights = Weights {
    floor: 9,
    waste: 5,
    dealt: 2,
    blocked: 3,
};

struct Weights {
    floor: u32,
    waste: u32,
    dealt: u32,
    blocked: u32,
}

/// The beam's score of a state, lower being better: the moves still needed at the least
/// (each card left goes up, each stock card is drawn), weighted far above how far the waste
/// and the cards still where they were dealt are from coming off in order, and how many
/// cards lie above a lower card of their suit in their pile.
pub fn score(game: &Game, state: &State) -> u32 {
    let floor = game.cards_left(state) + game.stock_left(state);
    let mut dealt = 0u32;
    let mut blocked = 0u32;
    for pile in 0..game.piles {
        let code = state.piles[pile];
        let d = code.down();
        dealt += u32::from(game.dealt_chaos[pile][d]);
        blocked += u32::from(game.down_blockers[pile][d]);
        let lowest = game.down_lowest[pile][d];
        for height in 0..code.len() {
            let card = code.card(height);
            if lowest[suit(card)] < rank(card) {
                blocked += 1;
            }
        }
    }
    WEIGHTS.floor * floor as u32
        + WEIGHTS.waste * u32::from(state.waste_chaos)
        + WEIGHTS.dealt * dealt
        + WEIGHTS.blocked * blocked
}

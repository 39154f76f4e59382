//! Cards and deals, for every game: a card and its names (letters or suit symbols), a deal read
//! from any text with every problem at once (its places named by a game's [`layout::Layout`]
//! value), input shown back in messages, and the Klondike family's tableau piles, stock and
//! waste.

pub mod card;
pub mod deal;
pub mod excerpt;
pub mod layout;
pub mod names;
pub mod stock;
pub mod tableau;

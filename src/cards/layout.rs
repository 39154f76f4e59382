//! How a game lays a deal out, as a value the game gives: its name in messages, the words for
//! each place of its deal order, the deal drawn as people type it, and whether it takes
//! unknown cards. The deal reader asks this value, so that cards name no game.

use std::fmt;

use crate::cards::card::DECK_SIZE;

/// One game's layout of a 52-card deal.
pub struct Layout {
    /// The game's name as messages give it: "Pyramid".
    pub name: &'static str,
    /// Names a card's place in deal order: "pyramid row 3", "stock card 5 from the top".
    pub slot_name: fn(usize) -> String,
    /// The deal drawn in the layout people type, from each slot's text.
    pub drawn: fn(&[String; DECK_SIZE]) -> String,
    /// Whether the game's solvers take unknown cards (`??`).
    pub takes_unknown: bool,
}

impl Layout {
    /// Names a card's place in this layout's deal order, for messages.
    pub fn slot_name(&self, index: usize) -> String {
        (self.slot_name)(index)
    }

    /// The deal drawn in this layout, from each slot's text.
    pub fn drawn(&self, slots: &[String; DECK_SIZE]) -> String {
        (self.drawn)(slots)
    }
}

// Two layouts are the same game's when they bear its name: the functions inside are not
// compared, as their addresses say nothing reliable.
impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        self.name == other.name
    }
}

impl Eq for Layout {}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({})", self.name)
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

//! How many times a stock may be gone through: a rule of every game with a stock that is
//! turned over again (Pyramid, Klondike, Triple Klondike), read and written the same way, and
//! the option that sets it.

use std::fmt;

use crate::cards::excerpt::excerpt;
use crate::engine::game::{GameOption, OptionUse, checked};

/// The `--passes` option of every game with a stock turned over again; each game gives its
/// default, and whether a saved file may give it too.
pub const PASSES_OPTION: GameOption = GameOption::value(
    "passes",
    OptionUse::Rule,
    "N|unlimited",
    "Passes through the stock: 1 to 8, or unlimited",
    |text| checked(Passes::parse(text)),
);

/// The most passes [`Passes::Limited`] may name: past it, unlimited (Pyramid's solver keeps
/// the recycles used in 3 bits).
pub const MAX_LIMITED_PASSES: u8 = 8;

/// Why a text is not a number of passes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a number of passes: 1 to {MAX_LIMITED_PASSES}, or unlimited", excerpt(.0))]
pub struct PassesError(pub String);

/// How many times the stock may be gone through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Passes {
    /// At most this many passes: `Limited(1)` allows no recycle (or redeal), `Limited(3)` two.
    Limited(u8),
    /// Recycle as often as wanted.
    Unlimited,
}

impl Passes {
    /// Reads `1` to `8` or `unlimited`.
    pub fn parse(text: &str) -> Result<Passes, PassesError> {
        match text.trim() {
            "unlimited" => Ok(Passes::Unlimited),
            number => match number.parse::<u8>() {
                Ok(n) if (1..=MAX_LIMITED_PASSES).contains(&n) => Ok(Passes::Limited(n)),
                _ => Err(PassesError(text.to_string())),
            },
        }
    }

    /// The next in the cycle a key goes through to choose passes: 3, 1, 2, unlimited, and
    /// round again.
    #[must_use]
    pub fn cycled(self) -> Passes {
        match self {
            Passes::Limited(3) => Passes::Limited(1),
            Passes::Limited(1) => Passes::Limited(2),
            Passes::Limited(_) => Passes::Unlimited,
            Passes::Unlimited => Passes::Limited(3),
        }
    }

    /// The words `parse` reads back: `3`, `unlimited`.
    pub fn word(self) -> String {
        match self {
            Passes::Limited(n) => n.to_string(),
            Passes::Unlimited => "unlimited".to_string(),
        }
    }
}

impl fmt::Display for Passes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Passes::Limited(1) => write!(f, "1 pass"),
            Passes::Limited(n) => write!(f, "{n} passes"),
            Passes::Unlimited => write!(f, "unlimited passes"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_read_back_what_they_write_and_refuse_the_rest() {
        for passes in (1..=MAX_LIMITED_PASSES)
            .map(Passes::Limited)
            .chain([Passes::Unlimited])
        {
            assert_eq!(Passes::parse(&passes.word()), Ok(passes));
        }
        for text in ["0", "9", "three", "", "-1"] {
            assert_eq!(Passes::parse(text), Err(PassesError(text.to_string())));
        }
        assert_eq!(Passes::Limited(1).to_string(), "1 pass");
        assert_eq!(Passes::Unlimited.to_string(), "unlimited passes");
    }
}

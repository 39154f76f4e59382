//! The rule set a game is played under, as a value. Microsoft Solitaire Collection is the
//! default; the passes through the stock are a parameter rather than a constant.

use std::fmt;

/// How many times the stock may be gone through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Passes {
    /// At most this many passes (1 = no recycle). MSC plays 3.
    Limited(u8),
    /// Recycle as often as wanted.
    Unlimited,
}

/// The most passes [`Passes::Limited`] may name: the solver keeps the recycles used in 3 bits.
pub const MAX_LIMITED_PASSES: u8 = 8;

/// A rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    pub passes: Passes,
}

impl Default for Rules {
    /// Microsoft Solitaire Collection: three passes through the stock.
    fn default() -> Self {
        Rules {
            passes: Passes::Limited(3),
        }
    }
}

impl Rules {
    /// How many recycles are allowed, or `None` when there is no limit.
    pub fn max_recycles(&self) -> Option<u8> {
        match self.passes {
            Passes::Limited(n) => Some(n.saturating_sub(1)),
            Passes::Unlimited => None,
        }
    }

    /// Whether a recycle is still allowed after `used` of them.
    pub fn may_recycle(&self, used: u8) -> bool {
        self.max_recycles().is_none_or(|max| used < max)
    }
}

impl Passes {
    /// Reads `1` to `8` or `unlimited`.
    pub fn parse(text: &str) -> Result<Passes, String> {
        match text.trim() {
            "unlimited" => Ok(Passes::Unlimited),
            number => match number.parse::<u8>() {
                Ok(n) if (1..=MAX_LIMITED_PASSES).contains(&n) => Ok(Passes::Limited(n)),
                _ => Err(format!(
                    "'{text}' is not a number of passes: 1 to {MAX_LIMITED_PASSES}, or unlimited"
                )),
            },
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

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} through the stock", self.passes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_read_back_what_they_write() {
        for passes in [Passes::Limited(1), Passes::Limited(3), Passes::Unlimited] {
            assert_eq!(Passes::parse(&passes.word()), Ok(passes));
        }
        assert!(
            Passes::parse("0")
                .unwrap_err()
                .contains("1 to 8, or unlimited")
        );
        assert!(Passes::parse("many").is_err());
        assert_eq!(Rules::default().to_string(), "3 passes through the stock");
    }
}

//! The words both games use about unknown cards (`??`): how many a deal has, a headline that
//! holds for the cards known so far, and the note with the plan to reveal one.

use crate::cards::excerpt::{counted, counted_are};

/// ", 3 cards unknown" after a deal's verdict; empty without unknown cards.
pub fn count(unknown: u32) -> String {
    match unknown {
        0 => String::new(),
        n => format!(", {} unknown", counted(n as usize, "card")),
    }
}

/// Why a deal is undecided for want of its unknown cards: "1 card is not known (??)", "24
/// cards are not known (??)".
pub fn not_known(count: usize) -> String {
    format!("{} not known (??)", counted_are(count, "card"))
}

/// A headline that holds for the cards known so far only: "With the cards known so far, at
/// most 400 points ...".
pub fn known_so_far(headline: &str) -> String {
    let mut chars = headline.chars();
    let first = chars
        .next()
        .map(|c| c.to_lowercase().to_string())
        .unwrap_or_default();
    format!("With the cards known so far, {first}{}", chars.as_str())
}

/// A plan to turn an unknown card face up, in words.
pub struct Reveal {
    /// Whether it starts again from the deal's start.
    pub from_start: bool,
    /// The card to type: "the card at tableau row 3, card 9 from the left".
    pub card: String,
    /// Each step, described.
    pub steps: Vec<String>,
}

/// The note after an answer that is not definitive: what the unknown cards `could` give, and
/// the plan to reveal one when there is one; after a blank line, ending in a new line. The
/// figure comes from a search with each unknown card a wildcard, any card at all rather than
/// only the cards missing from the deal, so it is worded as the bound it is.
pub fn note(could: &str, reveal: Option<&Reveal>) -> String {
    let headline = format!(
        "Not definitive: were each unknown card (??) any card at all, the deal could {could}; \
         a bound, which the cards actually missing may not reach."
    );
    with_plan(&headline, reveal)
}

/// The note after an answer whose search for what knowing the unknown cards could give was
/// stopped by a cap (`cap` says which): the answer may not be the best; then the plan to
/// reveal one, as in [`note`].
pub fn capped_note(cap: &str, reveal: Option<&Reveal>) -> String {
    let headline = format!(
        "Not definitive: what knowing the unknown cards (??) could give is undecided: {cap}. \
         --max-states, --max-memory and --time-limit raise the caps."
    );
    with_plan(&headline, reveal)
}

/// A note's headline after a blank line, then the plan to reveal a card when there is one.
fn with_plan(headline: &str, reveal: Option<&Reveal>) -> String {
    let mut text = format!("\n{headline}\n");
    let Some(reveal) = reveal else {
        return text;
    };
    let card = &reveal.card;
    if reveal.steps.is_empty() {
        text.push_str(&format!("To reveal: type {card}, then solve again.\n"));
        return text;
    }
    let start = if reveal.from_start {
        "restart the same deal, then play"
    } else {
        "play"
    };
    let these = match reveal.steps.len() {
        1 => "this step".to_string(),
        n => format!("these {n} steps"),
    };
    text.push_str(&format!(
        "To reveal: {start} {these}, then type {card} and solve again:\n"
    ));
    for (number, step) in reveal.steps.iter().enumerate() {
        text.push_str(&format!("{:>3}. {step}\n", number + 1));
    }
    text
}

//! Pyramid's rules as the rules dialog lists them: the passes through the stock, the pairing
//! and what wins. Each rule's choices are the whole rule sets it gives from the rules now, so
//! that the dialog's choice and the rules can never disagree, and a choice goes through the
//! same check as the rule keys (`r`, `x`, `e`).

use solitaire::engine::passes::{MAX_LIMITED_PASSES, Passes};
use solitaire::games::pyramid::{Finish, Rules};

use crate::app::flow::options::Variants;

/// Every rule the dialog lists, with each choice as the rules it gives from `rules`.
pub fn variants(rules: Rules) -> [Variants<Rules>; 3] {
    let passes = (1..=MAX_LIMITED_PASSES)
        .map(Passes::Limited)
        .chain([Passes::Unlimited])
        .map(|passes| (passes.word(), Rules { passes, ..rules }))
        .collect();
    // Relaxed pairing: a card may also pair with the one card left over it.
    let pairing = [
        ("uncovered cards only", false),
        ("also with the card over it", true),
    ]
    .map(|(words, relaxed)| (words.to_string(), Rules { relaxed, ..rules }))
    .to_vec();
    let finish = [
        ("the pyramid is cleared", Finish::Pyramid),
        ("all 52 cards are gone", Finish::AllCards),
    ]
    .map(|(words, finish)| (words.to_string(), Rules { finish, ..rules }))
    .to_vec();
    [
        ("Passes", passes),
        ("Pairing", pairing),
        ("Won when", finish),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::flow::options::{assert_each_choice_changes_only_its_rule, options_of};

    #[test]
    fn each_choice_changes_only_its_rule_and_is_shown_chosen() {
        let rules = Rules::default();
        let shown = options_of(&rules, variants(rules));
        assert_eq!(shown[0].choices[shown[0].chosen], "3");
        assert_eq!(shown[1].choices[shown[1].chosen], "uncovered cards only");
        assert_each_choice_changes_only_its_rule(rules, variants);
    }
}

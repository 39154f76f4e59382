//! Klondike's rules as the rules dialog lists them: draw 1 or 3, the passes, cards back from
//! the foundations, what fills an empty pile. Each rule's choices are the whole rule sets it
//! gives from the rules now, so that the dialog's choice and the rules can never disagree.

use solitaire::games::klondike::rules::MAX_LIMITED_PASSES;
use solitaire::games::klondike::{EmptyPile, Passes, Rules};

use crate::app::flow::options::Variants;

/// Every rule the dialog lists, with each choice as the rules it gives from `rules`.
pub fn variants(rules: Rules) -> [Variants<Rules>; 4] {
    let draw = [1, 3]
        .map(|draw| {
            let s = if draw == 1 { "" } else { "s" };
            (format!("{draw} card{s}"), Rules { draw, ..rules })
        })
        .to_vec();
    let passes = (1..=MAX_LIMITED_PASSES)
        .map(Passes::Limited)
        .chain([Passes::Unlimited])
        .map(|passes| (passes.word(), Rules { passes, ..rules }))
        .collect();
    let back = [("allowed", true), ("not allowed", false)]
        .map(|(words, foundation_to_tableau)| {
            (
                words.to_string(),
                Rules {
                    foundation_to_tableau,
                    ..rules
                },
            )
        })
        .to_vec();
    let empty = [
        ("a King only", EmptyPile::KingsOnly),
        ("any card", EmptyPile::AnyCard),
    ]
    .map(|(words, empty_pile)| {
        (
            words.to_string(),
            Rules {
                empty_pile,
                ..rules
            },
        )
    })
    .to_vec();
    [
        ("Draw", draw),
        ("Passes", passes),
        ("Back from foundations", back),
        ("Empty pile takes", empty),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::flow::options::{
        assert_each_choice_changes_only_its_rule, options_of, with_option_of,
    };

    #[test]
    fn each_choice_changes_only_its_rule_and_is_shown_chosen() {
        let rules = Rules::STANDARD;
        let shown = options_of(&rules, variants(rules));
        assert_eq!(shown[0].choices[shown[0].chosen], "3 cards");
        assert_eq!(shown[1].choices[shown[1].chosen], "unlimited");
        assert_each_choice_changes_only_its_rule(rules, variants);
        let one_pass = with_option_of(rules, variants(rules), 1, 0);
        assert_eq!(one_pass.passes, Passes::Limited(1));
    }
}

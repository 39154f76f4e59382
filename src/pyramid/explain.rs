//! Plain reasons why a position has no solution, found without searching: a pyramid card that
//! no remaining card can ever pair with.

use super::layout::{can_meet, cone_below};
use super::position::Position;
use crate::card::Card;
use crate::deck::PYRAMID_SIZE;

/// A reason the pyramid can never be cleared, if a simple one exists.
///
/// A pyramid card that is not a King leaves only in a pair. Its partner must be a card of the
/// other value that is still in play and that it can meet: a pyramid card that covers it, or
/// that it covers, is never uncovered together with it. With no such card it stays forever.
pub fn hopeless(position: &Position) -> Option<String> {
    (0..PYRAMID_SIZE).find_map(|i| {
        let card = position.pyramid_card(i)?;
        let partner = card.rank().partner()?;
        let in_pyramid: Vec<(usize, Card)> = (0..PYRAMID_SIZE)
            .filter_map(|j| position.pyramid_card(j).map(|c| (j, c)))
            .filter(|&(_, c)| c.rank() == partner)
            .collect();
        let elsewhere = position
            .stock_top_first()
            .chain(position.waste_bottom_first().iter().copied())
            .any(|c| c.rank() == partner);
        if elsewhere || in_pyramid.iter().any(|&(j, _)| can_meet(i, j)) {
            return None;
        }
        let plural = partner.plural();
        let why = if in_pyramid.is_empty() {
            format!("no {} are left", plural)
        } else if in_pyramid.iter().all(|&(j, _)| cone_below(i) & (1 << j) != 0) {
            let count = ["no", "the only", "both", "all three", "all four"][in_pyramid.len()];
            if in_pyramid.len() == 1 {
                format!("{count} {} left covers it", partner.name())
            } else if in_pyramid.len() == 4 {
                format!("{count} {plural} cover it")
            } else {
                format!("{count} {plural} left cover it")
            }
        } else {
            format!("every {} left covers it or lies under it", partner.name())
        };
        Some(format!("{card} can never be removed: {why}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::Deal;
    use crate::pyramid::rules::Rules;

    #[test]
    fn two_of_diamonds_under_four_jacks() {
        let text = include_str!("../../tests/data/no-solution-2d-under-four-jacks.txt");
        let position = Position::new(&Deal::parse(text).unwrap(), Rules::default());
        assert_eq!(
            hopeless(&position).as_deref(),
            Some("2d can never be removed: all four Jacks cover it")
        );
    }

    #[test]
    fn a_winnable_deal_has_no_such_reason() {
        let text = include_str!("../../tests/data/winnable-40-steps.txt");
        let position = Position::new(&Deal::parse(text).unwrap(), Rules::default());
        assert_eq!(hopeless(&position), None);
    }
}

//! Plain reasons why a position has no solution, found without searching: a pyramid card that
//! no remaining card can ever pair with, or a pair of values the pyramid holds more of than can
//! ever be paired.

use super::layout::PYRAMID_SIZE;
use super::layout::{can_pair, cone_below};
use super::position::Position;
use crate::cards::card::{Card, Rank};
use crate::cards::excerpt::counted;

/// A reason the pyramid can never be cleared, if a simple one exists. An unknown card matches
/// nothing, so it is never anyone's partner, and one in the pyramid stays until it is seen.
/// A reason holds whatever the unknown cards turn out to be: none is given that an unknown
/// card could prove wrong by being of a rank it names. With wildcards (see
/// [`Position::with_wildcards`]) there is no simple reason to give.
pub fn hopeless(position: &Position) -> Option<String> {
    lost_whatever_unknown(position)
        .or_else(|| unseen_card(position).filter(|_| !position.is_wild()))
}

/// A reason the pyramid can never be cleared whatever the unknown cards turn out to be, if a
/// simple one exists: such a reason proves the answer for every filling of them.
pub fn lost_whatever_unknown(position: &Position) -> Option<String> {
    if position.is_wild() {
        return None;
    }
    lone_card(position).or_else(|| short_of_partners(position))
}

/// An unknown pyramid card: it matches nothing until the player sees it.
fn unseen_card(position: &Position) -> Option<String> {
    let i = (0..PYRAMID_SIZE).find(|&i| {
        position
            .pyramid_card(i)
            .is_some_and(|c| position.is_unknown(c))
    })?;
    Some(format!(
        "the card at {} is not known yet: it can be removed only once it is seen and typed in",
        super::layout::slot_name(i)
    ))
}

/// A pyramid card with no possible partner.
///
/// A pyramid card that is not a King leaves only in a pair. Its partner must be a card of the
/// other value that is still in play and that it can meet: a pyramid card that covers it, or
/// that it covers, is never uncovered together with it (under relaxed pairing, one lying
/// directly on it or under it still may go with it). With no such card it stays forever.
fn lone_card(position: &Position) -> Option<String> {
    let relaxed = position.rules().relaxed;
    (0..PYRAMID_SIZE).find_map(|i| {
        let card = position
            .pyramid_card(i)
            .filter(|&card| !position.is_unknown(card))?;
        let partner = card.rank().partner()?;
        if may_hide(position, partner) {
            return None;
        }
        let in_pyramid: Vec<(usize, Card)> = (0..PYRAMID_SIZE)
            .filter_map(|j| position.pyramid_card(j).map(|c| (j, c)))
            .filter(|&(_, c)| c.rank() == partner && !position.is_unknown(c))
            .collect();
        let elsewhere = position
            .stock_top_first()
            .chain(position.waste_bottom_first().iter().copied())
            .any(|c| c.rank() == partner && !position.is_unknown(c));
        if elsewhere || in_pyramid.iter().any(|&(j, _)| can_pair(i, j, relaxed)) {
            return None;
        }
        let plural = partner.plural();
        let why = if in_pyramid.is_empty() {
            format!("no {plural} are left")
        } else if in_pyramid
            .iter()
            .all(|&(j, _)| cone_below(i) & (1 << j) != 0)
        {
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

/// Values v and 13 - v whose pyramid cards cannot all get a partner. Each pyramid card of
/// either value leaves with its own card of the other value: one in the pyramid that it can
/// meet, or one from the stock or waste. If the most pairs that can form inside the pyramid,
/// plus the stock and waste cards of the other value, fall short, some card stays.
fn short_of_partners(position: &Position) -> Option<String> {
    let piles: Vec<Card> = position
        .stock_top_first()
        .chain(position.waste_bottom_first().iter().copied())
        .filter(|&c| !position.is_unknown(c))
        .collect();
    (1..=6u8).find_map(|v| {
        let low = Rank::new(v)?;
        let high = low.partner()?;
        if may_hide(position, low) || may_hide(position, high) {
            return None;
        }
        let in_pyramid = |rank: Rank| -> Vec<usize> {
            (0..PYRAMID_SIZE)
                .filter(|&i| {
                    position
                        .pyramid_card(i)
                        .is_some_and(|c| c.rank() == rank && !position.is_unknown(c))
                })
                .collect()
        };
        let (lows, highs) = (in_pyramid(low), in_pyramid(high));
        let in_piles = |rank: Rank| piles.iter().filter(|c| c.rank() == rank).count();
        let inside = max_pairs(&lows, &highs, position.rules().relaxed);
        let short = lows.len().saturating_sub(inside) > in_piles(high)
            || highs.len().saturating_sub(inside) > in_piles(low);
        short.then(|| {
            format!(
                "the pyramid's {} and {} cannot all be paired: it holds {} and {} of them, at \
                 most {} can ever be uncovered together, and the stock and waste hold {} and {} \
                 more",
                low.plural(),
                high.plural(),
                lows.len(),
                highs.len(),
                counted(inside, "such pair"),
                in_piles(low),
                in_piles(high)
            )
        })
    })
}

/// Whether an unknown card in play may be of `rank`: a card of that rank is neither known in
/// play nor known to be gone. (From a whole deal, the unknown cards are the cards its known
/// ones lack, in an order not known, so any of them may be any of those.)
fn may_hide(position: &Position, rank: Rank) -> bool {
    if !position.has_unknown() {
        return false;
    }
    let known = position
        .in_play()
        .chain(position.removed().iter().copied())
        .filter(|&card| !position.is_unknown(card))
        .fold(0u64, |known, card| known | 1 << card.index());
    Card::all().any(|card| card.rank() == rank && known & (1 << card.index()) == 0)
}

/// The most disjoint pairs, one card from each list, of pyramid cards that could go together.
fn max_pairs(lows: &[usize], highs: &[usize], relaxed: bool) -> usize {
    // At most four cards a side: trying every order of the second list is plenty fast.
    fn best(lows: &[usize], highs: &mut Vec<usize>, relaxed: bool) -> usize {
        let Some((&first, rest)) = lows.split_first() else {
            return 0;
        };
        let mut most = best(rest, highs, relaxed);
        for k in 0..highs.len() {
            if can_pair(first, highs[k], relaxed) {
                let taken = highs.remove(k);
                most = most.max(1 + best(rest, highs, relaxed));
                highs.insert(k, taken);
            }
        }
        most
    }
    best(lows, &mut highs.to_vec(), relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::deal::Deal;
    use crate::games::pyramid::rules::Rules;

    #[test]
    fn two_of_diamonds_under_four_jacks() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/no-solution-2d-under-four-jacks.txt"
        ));
        let position = Position::new(&Deal::parse(text).unwrap(), Rules::default());
        assert_eq!(
            hopeless(&position).as_deref(),
            Some("2d can never be removed: all four Jacks cover it")
        );
    }

    #[test]
    fn values_short_of_partners() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/no-solution-2.txt"
        ));
        let position = Position::new(&Deal::parse(text).unwrap(), Rules::default());
        let reason = hopeless(&position).unwrap();
        assert!(reason.contains("cannot all be paired"), "{reason}");
    }

    /// A fixture's deal with the cards at these slots unknown.
    fn with_unknown(text: &str, slots: &[usize]) -> Position {
        let mut cards = Deal::parse(text).unwrap().slots();
        for &slot in slots {
            cards[slot] = None;
        }
        let deal = Deal::from_slots(&cards, &crate::games::pyramid::layout::LAYOUT).unwrap();
        Position::new(&deal, Rules::default())
    }

    #[test]
    fn no_reason_is_given_that_an_unknown_card_could_prove_wrong() {
        // 4d lies under three Nines; the fourth, 9c, is the second stock card. With the first
        // four stock cards unknown, any of them may be that Nine.
        let hard = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/hard-no-solution.txt"
        ));
        let nine_unknown = with_unknown(hard, &[28, 29, 30, 31]);
        let reason = hopeless(&nine_unknown);
        assert!(
            reason.as_ref().is_none_or(|r| !r.contains("Nine")),
            "{reason:?}"
        );
        // All four Jacks are in the pyramid: whatever the stock is, 2d stays.
        let jacks = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/no-solution-2d-under-four-jacks.txt"
        ));
        let stock: Vec<usize> = (28..52).collect();
        assert_eq!(
            hopeless(&with_unknown(jacks, &stock)).as_deref(),
            Some("2d can never be removed: all four Jacks cover it")
        );
        // The pyramid's Fives and Eights are short of partners: still so with an unknown
        // card that may be neither (the last stock card, 2h), not with one that may be an
        // Eight (the stock's 8s).
        let short = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/no-solution-2.txt"
        ));
        let known = hopeless(&with_unknown(short, &[])).unwrap();
        assert!(known.contains("Fives and Eights"), "{known}");
        assert_eq!(hopeless(&with_unknown(short, &[51])), Some(known));
        let reason = hopeless(&with_unknown(short, &[36]));
        assert!(
            reason.as_ref().is_none_or(|r| !r.contains("Eights")),
            "{reason:?}"
        );
    }

    #[test]
    fn a_winnable_deal_has_no_such_reason() {
        let position = crate::games::pyramid::fixtures::winnable_start();
        assert_eq!(hopeless(&position), None);
    }
}

//! A game entered part-way through: which dealt cards are already gone, where the remaining
//! stock cards divide into waste and stock, and the pass. It is checked for being a position
//! the game can reach, then turned into a [`Position`] the solver and the referee play from.
//!
//! Why a single split describes the stock and the waste: the waste read from the bottom,
//! followed by the stock read from the top, is always the stock's remaining cards in deal
//! order. A draw moves the first stock card to the end of the waste; a removal takes a card
//! out of the sequence; a recycle turns the waste back into the stock in the same order. So a
//! position is the deal, the gone cards, and the point where the waste ends.

use std::fmt;

use super::layout::PYRAMID_SIZE;
use super::layout::covering;
use super::position::Position;
use super::rules::Rules;
use crate::cards::card::{Card, Rank};
use crate::cards::deal::{DECK_SIZE, Deal};
use crate::cards::excerpt::counted;

/// Which dealt cards are gone, where the waste ends, and the pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Midgame {
    /// Deal slots (0..52) whose card is gone, as bits.
    pub gone: u64,
    /// The last stock slot (28..52) whose card, if still there, lies in the waste: every
    /// remaining stock card dealt up to it is in the waste, the others in the stock. `None`:
    /// the waste is empty.
    pub waste_to: Option<usize>,
    /// The pass through the stock, from 1 to the rules' [`Rules::last_pass`].
    pub pass: u32,
    /// Gone slots whose card the player does not know, as bits (a subset of `gone`). The
    /// gone cards' identities never change how the game goes on: only which cards are left
    /// and where. So the cards missing from the deal stand in for them, as a set.
    pub unknown: u64,
}

impl Default for Midgame {
    /// The start of a game: nothing gone, an empty waste, the first pass.
    fn default() -> Self {
        Midgame {
            gone: 0,
            waste_to: None,
            pass: 1,
            unknown: 0,
        }
    }
}

/// Why marks do not describe a position the game can reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionProblem {
    /// A pyramid card is gone while a card lying on it is still there.
    StillCovered { slot: usize, by: Vec<usize> },
    /// The pass is not one the rules allow.
    Pass { pass: u32, rules: Rules },
    /// Cards leave in pairs making 13 (or as Kings): the gone cards of two partner values
    /// must be as many of one as of the other.
    Unpaired {
        low: Rank,
        high: Rank,
        lows: usize,
        highs: usize,
    },
    /// On the first pass only the stock's top card is ever taken, so no card is gone from
    /// below a card still in the stock.
    FirstPassGap { gone: usize, above: usize },
    /// The waste is said to end at a slot that is not in the stock.
    NotAStockSlot { slot: usize },
}

impl PositionProblem {
    /// The slots to point at on screen.
    pub fn slots(&self) -> Vec<usize> {
        match self {
            PositionProblem::StillCovered { slot, by } => {
                let mut slots = vec![*slot];
                slots.extend(by);
                slots
            }
            PositionProblem::FirstPassGap { gone, above } => vec![*gone, *above],
            PositionProblem::NotAStockSlot { slot } => vec![*slot],
            PositionProblem::Pass { .. } | PositionProblem::Unpaired { .. } => Vec::new(),
        }
    }

    /// The problem in words, naming the cards where they are known.
    pub fn message(&self, cards: &[Option<Card>; DECK_SIZE]) -> String {
        let name = |slot: usize| match cards.get(slot).copied().flatten() {
            Some(card) => card.to_string(),
            None => format!("the card at {}", super::layout::slot_name(slot)),
        };
        match self {
            PositionProblem::StillCovered { slot, by } => {
                let by: Vec<String> = by.iter().map(|&s| name(s)).collect();
                let verb = if by.len() == 1 { "covers" } else { "cover" };
                format!(
                    "{} cannot be gone: {} still {verb} it",
                    name(*slot),
                    by.join(" and ")
                )
            }
            PositionProblem::Pass { pass, rules } => match rules.max_recycles() {
                Some(max) => format!(
                    "pass {pass} is not possible: passes go from 1 to {}",
                    max + 1
                ),
                None => format!("pass {pass} is not possible: passes count from 1"),
            },
            PositionProblem::Unpaired {
                low,
                high,
                lows,
                highs,
            } => {
                let (more, more_count, fewer, fewer_count) = if lows > highs {
                    (low, lows, high, highs)
                } else {
                    (high, highs, low, lows)
                };
                let verb = if *more_count == 1 { "is" } else { "are" };
                format!(
                    "{more_count} {} {verb} gone but {fewer_count} {}: {} and {} only leave in \
                     pairs",
                    plural(*more, *more_count),
                    plural(*fewer, *fewer_count),
                    low.plural(),
                    high.plural()
                )
            }
            // A card drawn to the waste and played from there is the likely story: saying
            // where the waste ends puts the cards above it in the waste, not the stock.
            PositionProblem::FirstPassGap { gone, above } => format!(
                "{} cannot be gone on the first pass while {}, above it, is still in the stock: \
                 if {} was drawn, mark where the waste ends (`w` on its last card in the \
                 editor, `# waste top:` in a saved game)",
                name(*gone),
                name(*above),
                name(*above)
            ),
            PositionProblem::NotAStockSlot { slot } => format!(
                "the waste can only end at a stock card, not at {}",
                super::layout::slot_name(*slot)
            ),
        }
    }
}

fn plural(rank: Rank, count: usize) -> &'static str {
    if count == 1 {
        rank.name()
    } else {
        rank.plural()
    }
}

impl Midgame {
    /// Whether this is the start of a game.
    pub fn is_start(&self) -> bool {
        *self == Midgame::default()
    }

    /// Whether the card dealt at `slot` is gone.
    pub fn is_gone(&self, slot: usize) -> bool {
        slot < DECK_SIZE && self.gone & (1 << slot) != 0
    }

    /// Marks or unmarks the card at `slot` as gone (unmarked, its card is known again).
    pub fn set_gone(&mut self, slot: usize, gone: bool) {
        if slot < DECK_SIZE {
            if gone {
                self.gone |= 1 << slot;
            } else {
                self.gone &= !(1 << slot);
                self.unknown &= !(1 << slot);
            }
        }
    }

    /// Whether the slot's card is gone without the player knowing which card it was.
    pub fn is_unknown(&self, slot: usize) -> bool {
        slot < DECK_SIZE && self.unknown & (1 << slot) != 0
    }

    /// Marks the slot gone with its card unknown, or its card known (still gone).
    pub fn set_unknown(&mut self, slot: usize, unknown: bool) {
        if slot < DECK_SIZE {
            if unknown {
                self.set_gone(slot, true);
                self.unknown |= 1 << slot;
            } else {
                self.unknown &= !(1 << slot);
            }
        }
    }

    /// The slots with the unknown gone ones filled: when as many cards are missing from the
    /// other slots as there are unknown ones, the missing cards (in deck order) go there, and
    /// the deal is complete. Otherwise the unknown slots are left empty.
    pub fn fill_unknown(&self, cards: &[Option<Card>; DECK_SIZE]) -> [Option<Card>; DECK_SIZE] {
        let mut filled = *cards;
        let unknown: Vec<usize> = (0..DECK_SIZE).filter(|&s| self.is_unknown(s)).collect();
        for &slot in &unknown {
            filled[slot] = None;
        }
        if unknown.is_empty() {
            return filled;
        }
        let missing: Vec<Card> = Card::all()
            .filter(|card| !filled.contains(&Some(*card)))
            .collect();
        if missing.len() == unknown.len() {
            for (&slot, &card) in unknown.iter().zip(&missing) {
                filled[slot] = Some(card);
            }
        }
        filled
    }

    /// Whether the stock card dealt at `slot` lies in the waste (when it is still there).
    pub fn in_waste(&self, slot: usize) -> bool {
        slot >= PYRAMID_SIZE && self.waste_to.is_some_and(|end| slot <= end)
    }

    /// The last remaining stock slot in the waste: the waste's top card.
    pub fn waste_top(&self) -> Option<usize> {
        (PYRAMID_SIZE..DECK_SIZE)
            .rev()
            .find(|&slot| self.in_waste(slot) && !self.is_gone(slot))
    }

    /// Every way the marks fail to describe a reachable position, for a deal that may be
    /// partly typed (`None` for an empty slot). Empty when they are fine.
    pub fn problems(
        &self,
        cards: &[Option<Card>; DECK_SIZE],
        rules: Rules,
    ) -> Vec<PositionProblem> {
        let mut problems = Vec::new();
        for slot in 0..PYRAMID_SIZE {
            if !self.is_gone(slot) {
                continue;
            }
            let by: Vec<usize> = covering(slot)
                .into_iter()
                .flatten()
                .filter(|&c| !self.is_gone(c))
                .collect();
            if !by.is_empty() {
                problems.push(PositionProblem::StillCovered { slot, by });
            }
        }
        if !(1..=rules.last_pass()).contains(&self.pass) {
            problems.push(PositionProblem::Pass {
                pass: self.pass,
                rules,
            });
        }
        problems.extend(self.unpaired(&self.fill_unknown(cards)));
        if let Some(slot) = self
            .waste_to
            .filter(|&s| !(PYRAMID_SIZE..DECK_SIZE).contains(&s))
        {
            problems.push(PositionProblem::NotAStockSlot { slot });
        }
        if self.pass == 1 {
            problems.extend(self.first_pass_gap());
        }
        problems
    }

    fn unpaired(&self, cards: &[Option<Card>; DECK_SIZE]) -> Vec<PositionProblem> {
        let mut gone = [0usize; 14];
        for (slot, card) in cards.iter().enumerate() {
            if let Some(card) = card.filter(|_| self.is_gone(slot)) {
                gone[card.value() as usize] += 1;
            }
        }
        (1..=6u8)
            .filter_map(|v| {
                let low = Rank::new(v)?;
                let high = low.partner()?;
                let (lows, highs) = (gone[v as usize], gone[high.value() as usize]);
                (lows != highs).then_some(PositionProblem::Unpaired {
                    low,
                    high,
                    lows,
                    highs,
                })
            })
            .collect()
    }

    /// On the first pass the stock is the untouched end of the dealt stock: a gone card after
    /// a card still in the stock could only have been taken from below the top.
    fn first_pass_gap(&self) -> Option<PositionProblem> {
        let first_in_stock =
            (PYRAMID_SIZE..DECK_SIZE).find(|&slot| !self.in_waste(slot) && !self.is_gone(slot))?;
        let gone = (first_in_stock..DECK_SIZE).find(|&slot| self.is_gone(slot))?;
        Some(PositionProblem::FirstPassGap {
            gone,
            above: first_in_stock,
        })
    }

    /// The position these marks describe in a complete deal. The cards the deal holds at
    /// unknown slots are taken as stand-ins: any of the cards gone will do.
    pub fn position(&self, deal: &Deal, rules: Rules) -> Result<Position, Vec<PositionProblem>> {
        let cards = deal.cards().map(Some);
        let problems = self.problems(&cards, rules);
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut pyramid = [None; PYRAMID_SIZE];
        for (slot, place) in pyramid.iter_mut().enumerate() {
            *place = (!self.is_gone(slot)).then_some(deal.cards()[slot]);
        }
        let remaining = (PYRAMID_SIZE..DECK_SIZE).filter(|&slot| !self.is_gone(slot));
        let (waste, stock): (Vec<usize>, Vec<usize>) = remaining.partition(|&s| self.in_waste(s));
        let card = |slot: &usize| deal.cards()[*slot];
        let removed: Vec<Card> = (0..DECK_SIZE)
            .filter(|&slot| self.is_gone(slot))
            .map(|slot| deal.cards()[slot])
            .collect();
        Ok(Position::from_parts(
            rules,
            pyramid,
            &stock.iter().map(card).collect::<Vec<_>>(),
            &waste.iter().map(card).collect::<Vec<_>>(),
            u64::from(self.pass - 1),
            removed,
        )
        .with_unknown_of(deal))
    }
}

impl fmt::Display for Midgame {
    /// "pass 2, 6 cards gone (2 unknown), waste to stock card 9".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pass {}, {} gone",
            self.pass,
            counted(self.gone.count_ones() as usize, "card")
        )?;
        if self.unknown != 0 {
            write!(f, " ({} unknown)", self.unknown.count_ones())?;
        }
        if let Some(top) = self.waste_top() {
            write!(f, ", waste up to stock card {}", top - PYRAMID_SIZE + 1)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pyramid::Move;

    use crate::games::pyramid::fixtures::winnable_deal as deal;

    fn cards() -> [Option<Card>; DECK_SIZE] {
        deal().cards().map(Some)
    }

    fn gone(slots: &[usize]) -> Midgame {
        let mut midgame = Midgame::default();
        for &slot in slots {
            midgame.set_gone(slot, true);
        }
        midgame
    }

    #[test]
    fn the_start_is_the_new_game_position() {
        let position = Midgame::default()
            .position(&deal(), Rules::default())
            .unwrap();
        assert_eq!(position, Position::new(&deal(), Rules::default()));
    }

    #[test]
    fn a_covered_card_cannot_be_gone() {
        // Slot 15 (row 6) lies under 21 and 22 (row 7).
        let midgame = gone(&[15, 21]);
        let problems = midgame.problems(&cards(), Rules::default());
        assert!(
            problems.contains(&PositionProblem::StillCovered {
                slot: 15,
                by: vec![22]
            }),
            "{problems:?}"
        );
        let message = problems[0].message(&cards());
        let c = cards();
        assert_eq!(
            message,
            format!(
                "{} cannot be gone: {} still covers it",
                c[15].unwrap(),
                c[22].unwrap()
            )
        );
    }

    #[test]
    fn the_pass_must_be_one_the_rules_allow() {
        for (pass, fine) in [(0, false), (1, true), (3, true), (4, false)] {
            let midgame = Midgame {
                pass,
                ..Midgame::default()
            };
            let problems = midgame.problems(&cards(), Rules::default());
            assert_eq!(problems.is_empty(), fine, "pass {pass}: {problems:?}");
        }
        let message = PositionProblem::Pass {
            pass: 4,
            rules: Rules::default(),
        }
        .message(&cards());
        assert_eq!(message, "pass 4 is not possible: passes go from 1 to 3");
    }

    #[test]
    fn gone_cards_of_unknown_identity_solve_as_the_real_ones_do() {
        use crate::games::pyramid::solver::{self, Outcome};
        let rules = Rules::default();
        // Qh (row 7) went with Ah (stock card 1), and Kh (stock card 10) alone; the player
        // knows only that those slots are empty.
        let mut known = gone(&[27, 28, 37]);
        known.waste_to = Some(37);
        let real = known.position(&deal(), rules).unwrap();
        let mut unknown = known;
        let mut cards = cards();
        for slot in [27, 28, 37] {
            unknown.set_unknown(slot, true);
            cards[slot] = None;
        }
        assert!(unknown.problems(&cards, rules).is_empty());
        let filled = unknown.fill_unknown(&cards);
        let stand_in = Deal::from_cards(&filled.map(|c| c.unwrap())).unwrap();
        let guessed = unknown.position(&stand_in, rules).unwrap();
        let length = |position: &Position| match solver::solve(position, &mut ()).outcome {
            Outcome::Solved(moves) => Some(moves.len()),
            _ => None,
        };
        assert!(length(&real).is_some());
        assert_eq!(length(&guessed), length(&real));
        assert_eq!(guessed.legal_moves(), real.legal_moves());
        assert_eq!(guessed.stock_len(), real.stock_len());
        // One unknown slot with only Qh known gone: the missing card (Ah) pairs it.
        let mut half = gone(&[27]);
        half.set_unknown(28, true);
        let mut cards = self::cards();
        cards[28] = None;
        assert!(half.problems(&cards, rules).is_empty());
        // Unknown slots only count once every other card is there.
        cards[40] = None;
        assert_eq!(half.fill_unknown(&cards)[28], None);
    }

    #[test]
    fn gone_cards_must_pair_up() {
        // The deal's first two bottom-row cards are Qc and Jh: not partners.
        let problems = gone(&[21, 22]).problems(&cards(), Rules::default());
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert_eq!(
            problems[0].message(&cards()),
            "1 Queen is gone but 0 Aces: Aces and Queens only leave in pairs"
        );
    }

    #[test]
    fn on_the_first_pass_the_stock_is_taken_from_the_top_only() {
        // Stock card 2 gone while card 1 is still in the stock: only possible on a later pass.
        let mut midgame = gone(&[29, 30]);
        midgame.set_gone(30, false);
        let c = cards();
        let pairs = |m: &Midgame| {
            m.problems(&c, Rules::default())
                .into_iter()
                .filter(|p| matches!(p, PositionProblem::FirstPassGap { .. }))
                .count()
        };
        assert_eq!(pairs(&midgame), 1);
        // The message names the remedy: marking where the waste ends, at the card above.
        let problems = midgame.problems(&c, Rules::default());
        let gap = problems
            .iter()
            .find(|p| matches!(p, PositionProblem::FirstPassGap { .. }))
            .unwrap();
        let message = gap.message(&c);
        assert!(
            message.contains("mark where the waste ends (`w`"),
            "{message}"
        );
        assert!(message.contains("`# waste top:`"), "{message}");
        // With stock card 1 drawn onto the waste, the gap is fine.
        midgame.waste_to = Some(28);
        assert_eq!(pairs(&midgame), 0);
        midgame.waste_to = None;
        midgame.pass = 2;
        assert_eq!(pairs(&midgame), 0);
    }

    #[test]
    fn marks_give_the_position_reached_by_playing() {
        // Five draws: the waste ends at stock card 5. Then a recycle and a draw: pass 2, the
        // waste ends at stock card 1.
        let deal = deal();
        let rules = Rules::default();
        let mut played = Position::new(&deal, rules);
        for _ in 0..5 {
            played.apply(Move::Draw).unwrap();
        }
        let mut midgame = Midgame {
            waste_to: Some(PYRAMID_SIZE + 4),
            ..Midgame::default()
        };
        assert_eq!(midgame.position(&deal, rules).unwrap(), played);
        assert_eq!(midgame.waste_top(), Some(PYRAMID_SIZE + 4));
        for _ in 0..19 {
            played.apply(Move::Draw).unwrap();
        }
        played.apply(Move::Recycle).unwrap();
        played.apply(Move::Draw).unwrap();
        midgame.pass = 2;
        midgame.waste_to = Some(PYRAMID_SIZE);
        assert_eq!(midgame.position(&deal, rules).unwrap(), played);
    }
}

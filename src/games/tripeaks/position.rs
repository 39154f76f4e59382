//! The referee: a readable rules engine for TriPeaks (`TRIPEAKS.md`). A [`Position`] knows its
//! legal moves, applies one at a time, checking each, and keeps the score with its streak. The
//! solvers' answers are replayed here and the app steps through them with it, so this module
//! favours plainness over speed.
//!
//! An unknown card (`??`) matches nothing: it cannot be played, and nothing can be played onto
//! it while it is the waste top. The player sees it once it is face up and types it in
//! ([`Position::reveal`]).

use std::fmt;

use super::layout::{
    COVERS, FIRST_WASTE, FULL, PEAK_TOPS, STOCK_SIZE, STOCK_START, TABLEAU_SIZE, face_up,
    is_face_up, slot_name,
};
use crate::cards::card::{Card, DECK_SIZE, Rank};
use crate::cards::deal::{Deal, DeckProblems};
use crate::games::tripeaks::layout::LAYOUT;

/// Points for a tableau card played with no card played since the last draw.
pub const PLAY_POINTS: u32 = 100;
/// What each card played before it in the same run (since the last draw) adds to a play.
pub const STREAK_POINTS: u32 = 200;
/// The bonuses for the first, second and third peak top to go.
pub const PEAK_BONUS: [u32; 3] = [500, 1000, 5000];

/// The points for playing a tableau card with `streak` cards played since the last draw,
/// `peaks_gone` peak tops gone before it, and whether the card is a peak top.
pub const fn play_points(streak: u32, peaks_gone: u32, peak: bool) -> u32 {
    let bonus = if peak {
        PEAK_BONUS[peaks_gone as usize]
    } else {
        0
    };
    PLAY_POINTS + STREAK_POINTS * streak + bonus
}

/// Whether two ranks are one apart, King and Ace included.
pub fn adjacent(a: Rank, b: Rank) -> bool {
    let diff = (i16::from(a.value()) - i16::from(b.value())).rem_euclid(13);
    diff == 1 || diff == 12
}

/// One step of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Play the tableau card at this deal-order index (0..28) onto the waste.
    Play(u8),
    /// Turn the stock's top card onto the waste.
    Draw,
}

/// Why a move cannot be made, in words a player understands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("there is no tableau card {0}: the tableau holds cards 0 to 27")]
    NoSuchCard(u8),
    #[error("that tableau card ({}) is already gone", slot_name(*.0 as usize))]
    Gone(u8),
    #[error("{} is face down: {} still lie on it", card_text(*.card), covered_by_text(.by))]
    Covered {
        card: Option<Card>,
        by: Vec<Option<Card>>,
    },
    #[error("that card ({}) is not known yet: type it in first", slot_name(*.0 as usize))]
    Unknown(u8),
    #[error("the waste card is not known yet: type it in before playing on it")]
    WasteUnknown,
    #[error("{card} is not one above or below {waste}")]
    NotAdjacent { card: Card, waste: Card },
    #[error("the stock is empty: there is nothing left to draw")]
    StockEmpty,
    #[error("the game is already won: the deal ends there")]
    Won,
}

/// A card's text, `??` when unknown.
fn card_text(card: Option<Card>) -> String {
    card.map_or_else(
        || crate::cards::deal::UNKNOWN.to_string(),
        |card| card.to_string(),
    )
}

fn covered_by_text(cards: &[Option<Card>]) -> String {
    let texts: Vec<String> = cards.iter().map(|&card| card_text(card)).collect();
    texts.join(" and ")
}

/// A position in a game: the deal, the tableau cards still there, how many stock cards have
/// been drawn, the waste top, the streak and the score so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    deal: Deal,
    /// Tableau cards still there, as a bit mask over deal order.
    remaining: u32,
    /// Stock cards drawn so far.
    drawn: u8,
    /// The deal-order index of the waste's top card.
    waste: u8,
    /// Tableau cards played since the last draw.
    streak: u8,
    score: u32,
}

impl Position {
    /// The start of a game: the whole tableau, card 28 on the waste, the full stock.
    pub fn new(deal: &Deal) -> Position {
        Position {
            deal: *deal,
            remaining: FULL,
            drawn: 0,
            waste: FIRST_WASTE as u8,
            streak: 0,
            score: 0,
        }
    }

    /// A position in the middle of a game: `remaining` tableau cards (a bit mask; every card
    /// lying on a remaining card remains too), `drawn` stock cards drawn, the waste top's
    /// deal-order index (with a streak, the tableau card played last; otherwise card
    /// 28 + `drawn`), the streak and the score earned in this deal. `None` when the parts do
    /// not fit together.
    pub fn from_parts(
        deal: &Deal,
        remaining: u32,
        drawn: usize,
        waste: usize,
        streak: u32,
        score: u32,
    ) -> Option<Position> {
        let tableau_ok = remaining & !FULL == 0
            && (0..TABLEAU_SIZE)
                .filter(|&i| remaining & (1 << i) == 0)
                .all(|i| COVERS[i] & remaining == 0);
        let removed = (FULL & !remaining).count_ones();
        // With a streak, the waste card was the last played: nothing under it went after it.
        let waste_ok = if streak > 0 {
            waste < TABLEAU_SIZE
                && remaining & (1 << waste) == 0
                && streak <= removed
                && (0..TABLEAU_SIZE)
                    .filter(|&i| COVERS[i] & (1 << waste) != 0)
                    .all(|i| remaining & (1 << i) != 0)
        } else {
            waste == FIRST_WASTE + drawn
        };
        (tableau_ok && drawn <= STOCK_SIZE && waste_ok).then_some(Position {
            deal: *deal,
            remaining,
            drawn: drawn as u8,
            waste: waste as u8,
            streak: streak as u8,
            score,
        })
    }

    /// The deal being played.
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// The same position with the unknown card at `index` known to be `card`, as the player
    /// saw it.
    pub fn reveal(&self, index: usize, card: Card) -> Result<Position, DeckProblems> {
        Ok(Position {
            deal: self.deal.reveal(index, card, &LAYOUT)?,
            ..*self
        })
    }

    /// The card at a deal-order index, `None` when it is unknown.
    pub fn card(&self, index: usize) -> Option<Card> {
        self.deal.card(index)
    }

    /// The tableau cards still there, as a bit mask over deal order.
    pub fn remaining(&self) -> u32 {
        self.remaining
    }

    /// Whether the tableau card at `index` is still there.
    pub fn is_there(&self, index: usize) -> bool {
        index < TABLEAU_SIZE && self.remaining & (1 << index) != 0
    }

    /// Whether the tableau card at `index` is there and face up (nothing lies on it).
    pub fn is_face_up(&self, index: usize) -> bool {
        self.is_there(index) && is_face_up(index, self.remaining)
    }

    /// The face-up tableau cards, as a bit mask.
    pub fn face_up(&self) -> u32 {
        face_up(self.remaining)
    }

    /// Tableau cards still there.
    pub fn tableau_left(&self) -> usize {
        self.remaining.count_ones() as usize
    }

    /// Tableau cards removed so far.
    pub fn removed(&self) -> usize {
        TABLEAU_SIZE - self.tableau_left()
    }

    /// Stock cards drawn so far.
    pub fn drawn(&self) -> usize {
        self.drawn as usize
    }

    /// Cards left in the stock.
    pub fn stock_left(&self) -> usize {
        STOCK_SIZE - self.drawn as usize
    }

    /// The deal-order indices of the stock cards left, top first.
    pub fn stock_slots(&self) -> std::ops::Range<usize> {
        STOCK_START + self.drawn as usize..DECK_SIZE
    }

    /// The deal-order index of the waste's top card.
    pub fn waste_slot(&self) -> usize {
        self.waste as usize
    }

    /// The waste's top card, `None` when it is unknown.
    pub fn waste_top(&self) -> Option<Card> {
        self.deal.card(self.waste as usize)
    }

    /// Tableau cards played since the last draw: the next play scores 100 plus 200 for each.
    pub fn streak(&self) -> u32 {
        u32::from(self.streak)
    }

    /// The points earned in this deal so far.
    pub fn score(&self) -> u32 {
        self.score
    }

    /// Peak tops gone so far.
    pub fn peaks_gone(&self) -> u32 {
        PEAK_TOPS
            .iter()
            .filter(|&&top| self.remaining & (1 << top) == 0)
            .count() as u32
    }

    /// Whether the tableau is cleared: the Board challenge's aim.
    pub fn is_won(&self) -> bool {
        self.remaining == 0
    }

    /// Whether the deal is over: the tableau cleared or no move left.
    pub fn is_over(&self) -> bool {
        self.is_won() || self.legal_moves().is_empty()
    }

    /// Tableau cards of a rank removed so far (stock cards drawn do not count).
    pub fn removed_of_rank(&self, rank: Rank) -> usize {
        (0..TABLEAU_SIZE)
            .filter(|&i| self.remaining & (1 << i) == 0)
            .filter(|&i| self.deal.card(i).is_some_and(|card| card.rank() == rank))
            .count()
    }

    /// The unknown cards the player has seen (face up in the tableau, on the waste or drawn
    /// before), as a bit mask over deal order: they can be typed in now.
    pub fn seen_unknown(&self) -> u64 {
        let tableau = u64::from(self.face_up());
        let turned = ((1u64 << (STOCK_START + self.drawn as usize)) - 1) & !u64::from(FULL);
        self.deal.unknown() & (tableau | turned)
    }

    /// Every legal move: the playable tableau cards in deal order, then the draw; none once the
    /// game is won.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_won() {
            return Vec::new();
        }
        let mut moves: Vec<Move> = (0..TABLEAU_SIZE as u8)
            .map(Move::Play)
            .filter(|&mv| self.check(mv).is_ok())
            .collect();
        if self.stock_left() > 0 {
            moves.push(Move::Draw);
        }
        moves
    }

    /// Checks a move without making it.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        match mv {
            _ if self.is_won() => Err(IllegalMove::Won),
            Move::Draw if self.stock_left() == 0 => Err(IllegalMove::StockEmpty),
            Move::Draw => Ok(()),
            Move::Play(slot) => {
                let index = slot as usize;
                if index >= TABLEAU_SIZE {
                    return Err(IllegalMove::NoSuchCard(slot));
                }
                if !self.is_there(index) {
                    return Err(IllegalMove::Gone(slot));
                }
                if !is_face_up(index, self.remaining) {
                    let by = (0..TABLEAU_SIZE)
                        .filter(|&c| COVERS[index] & self.remaining & (1 << c) != 0)
                        .map(|c| self.deal.card(c))
                        .collect();
                    return Err(IllegalMove::Covered {
                        card: self.deal.card(index),
                        by,
                    });
                }
                let card = self.deal.card(index).ok_or(IllegalMove::Unknown(slot))?;
                let waste = self.waste_top().ok_or(IllegalMove::WasteUnknown)?;
                if adjacent(card.rank(), waste.rank()) {
                    Ok(())
                } else {
                    Err(IllegalMove::NotAdjacent { card, waste })
                }
            }
        }
    }

    /// Makes a move if it is legal; the position is unchanged otherwise.
    pub fn apply(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        match mv {
            Move::Draw => {
                self.waste = (STOCK_START + self.drawn as usize) as u8;
                self.drawn += 1;
                self.streak = 0;
            }
            Move::Play(slot) => {
                let peak = PEAK_TOPS.contains(&(slot as usize));
                self.score += play_points(self.streak(), self.peaks_gone(), peak);
                self.remaining &= !(1 << slot);
                self.waste = slot;
                self.streak += 1;
            }
        }
        Ok(())
    }

    /// The points a legal move earns from here (0 for a draw).
    pub fn points_of(&self, mv: Move) -> u32 {
        match mv {
            Move::Draw => 0,
            Move::Play(slot) => play_points(
                self.streak(),
                self.peaks_gone(),
                PEAK_TOPS.contains(&(slot as usize)),
            ),
        }
    }

    /// Says a move in words a player can follow at the table, e.g. "Play 5h (tableau row 2)
    /// on 4c" or "Draw 7d". Call before applying it.
    pub fn describe(&self, mv: Move) -> String {
        match mv {
            Move::Draw => match self.stock_slots().next() {
                Some(index) => match self.deal.card(index) {
                    Some(card) => format!("Draw {card}"),
                    None => "Draw (an unknown card)".to_string(),
                },
                None => "Draw".to_string(),
            },
            Move::Play(slot) => format!(
                "Play {} ({}) on {}",
                card_text(self.deal.card(slot as usize)),
                slot_name(slot as usize),
                card_text(self.waste_top())
            ),
        }
    }
}

impl fmt::Display for Position {
    /// A compact text picture, for tests and debugging: the peaks (`..` for a gone card,
    /// `##` for a face-down one), then the waste, stock, streak and score.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let slots: [String; DECK_SIZE] = std::array::from_fn(|index| {
            if index < TABLEAU_SIZE {
                if !self.is_there(index) {
                    "..".to_string()
                } else if self.is_face_up(index) {
                    card_text(self.deal.card(index))
                } else {
                    "##".to_string()
                }
            } else {
                card_text(self.deal.card(index))
            }
        });
        let drawn = super::layout::drawn(&slots);
        let peaks: Vec<&str> = drawn.lines().take(4).collect();
        writeln!(f, "{}", peaks.join("\n"))?;
        writeln!(f, "waste: {}", card_text(self.waste_top()))?;
        let stock: Vec<String> = self
            .stock_slots()
            .map(|i| card_text(self.deal.card(i)))
            .collect();
        writeln!(f, "stock (top first): {}", stock.join(" "))?;
        write!(f, "streak {}, score {}", self.streak, self.score)
    }
}

crate::engine::referee::referee_by_own_methods!(Position, Move, IllegalMove);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::card::card;
    use crate::games::tripeaks::fixtures::{ORDERED, deal};

    #[test]
    fn kings_and_aces_are_adjacent_and_suits_do_not_matter() {
        let rank = |s: &str| card(s).rank();
        assert!(adjacent(rank("Kc"), rank("Ad")));
        assert!(adjacent(rank("Ac"), rank("Kd")));
        assert!(adjacent(rank("5h"), rank("4h")));
        assert!(adjacent(rank("5h"), rank("6s")));
        assert!(!adjacent(rank("5h"), rank("5s")));
        assert!(!adjacent(rank("Qh"), rank("Ac")));
        assert!(!adjacent(rank("2h"), rank("Kc")));
    }

    #[test]
    fn a_new_game_shows_the_bottom_row_and_the_waste_card() {
        let start = Position::new(&deal(ORDERED));
        // Ordered deck: card 28 is 3h, the bottom row 6d..2h.
        assert_eq!(start.waste_top(), Some(card("3h")));
        assert_eq!(start.face_up().count_ones(), 10);
        assert_eq!(start.stock_left(), 23);
        assert_eq!(start.legal_moves(), vec![Move::Play(27), Move::Draw]);
        assert_eq!(
            start.describe(Move::Play(27)),
            "Play 2h (tableau row 4) on 3h"
        );
        assert_eq!(start.describe(Move::Draw), "Draw 4h");
    }

    #[test]
    fn a_run_scores_with_its_streak_and_a_draw_resets_it() {
        let mut position = Position::new(&deal(ORDERED));
        for (slot, total) in [(27, 100), (26, 400), (25, 900), (24, 1600)] {
            position.apply(Move::Play(slot)).unwrap();
            assert_eq!(position.score(), total);
        }
        assert_eq!(position.streak(), 4);
        position.apply(Move::Draw).unwrap();
        assert_eq!(position.streak(), 0);
        assert_eq!(position.score(), 1600);
        assert_eq!(position.waste_top(), Some(card("4h")));
    }

    #[test]
    fn illegal_moves_are_explained() {
        let start = Position::new(&deal(ORDERED));
        assert_eq!(
            start.check(Move::Play(0)).unwrap_err().to_string(),
            "Ac is face down: 4c and 5c still lie on it"
        );
        assert_eq!(
            start.check(Move::Play(18)).unwrap_err().to_string(),
            "6d is not one above or below 3h"
        );
        assert!(matches!(
            start.check(Move::Play(28)),
            Err(IllegalMove::NoSuchCard(28))
        ));
        let mut after = start;
        after.apply(Move::Play(27)).unwrap();
        assert_eq!(
            after.check(Move::Play(27)).unwrap_err().to_string(),
            "that tableau card (tableau row 4) is already gone"
        );
        for _ in 0..STOCK_SIZE {
            after.apply(Move::Draw).unwrap();
        }
        assert_eq!(after.check(Move::Draw), Err(IllegalMove::StockEmpty));
        assert_eq!(after.apply(Move::Draw), Err(IllegalMove::StockEmpty));
    }

    #[test]
    fn unknown_cards_match_nothing_until_revealed() {
        let mut slots = deal(ORDERED).slots();
        slots[27] = None; // 2h
        slots[29] = None; // 4h, the stock's top
        let dealt = Deal::from_slots(&slots, &LAYOUT).unwrap();
        let start = Position::new(&dealt);
        assert_eq!(start.check(Move::Play(27)), Err(IllegalMove::Unknown(27)));
        assert_eq!(start.seen_unknown(), 1 << 27);
        let mut drawn = start;
        drawn.apply(Move::Draw).unwrap();
        assert_eq!(drawn.waste_top(), None);
        assert_eq!(drawn.check(Move::Play(26)), Err(IllegalMove::WasteUnknown));
        assert_eq!(drawn.legal_moves(), vec![Move::Draw]);
        let known = drawn.reveal(29, card("2h")).unwrap();
        assert_eq!(known.waste_top(), Some(card("2h")));
        assert_eq!(known.legal_moves(), vec![Move::Play(26), Move::Draw]);
    }

    #[test]
    fn peak_tops_earn_their_bonuses_in_order() {
        // The ordered deck clears in one run: 28 plays at streaks 0..27 and the three peaks.
        let mut position = Position::new(&deal(ORDERED));
        let order = [
            27u8, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
            5, 4, 3, 2, 1, 0,
        ];
        for slot in order {
            position.apply(Move::Play(slot)).unwrap();
        }
        assert!(position.is_won() && position.is_over());
        assert_eq!(position.score(), 84_900);
    }

    #[test]
    fn parts_must_fit_together() {
        let dealt = deal(ORDERED);
        assert!(Position::from_parts(&dealt, FULL, 0, FIRST_WASTE, 0, 0).is_some());
        // Card 0 gone while 3 and 4 lie on it.
        assert!(Position::from_parts(&dealt, FULL & !1, 0, FIRST_WASTE, 0, 0).is_none());
        // A streak needs a tableau card on the waste.
        assert!(Position::from_parts(&dealt, FULL & !(1 << 27), 0, 27, 1, 100).is_some());
        // 17 lies under 26 and 27: with 27 the last played, 17 cannot be gone.
        let both = FULL & !(1 << 26) & !(1 << 27) & !(1 << 17);
        assert!(Position::from_parts(&dealt, both, 0, 27, 1, 100).is_none());
        assert!(Position::from_parts(&dealt, FULL, 3, FIRST_WASTE + 3, 0, 0).is_some());
        assert!(Position::from_parts(&dealt, FULL, 3, FIRST_WASTE + 2, 0, 0).is_none());
    }
}

//! TriPeaks under the Microsoft Solitaire Collection rules (`TRIPEAKS.md`): the layout of three
//! peaks over a stock, the referee that plays the rules and keeps the score, the moves as text,
//! and the exact solvers for the Board, Score and Card challenges. Nothing here knows about
//! terminals or command lines.

pub mod answer;
pub mod at_table;
pub mod challenge;
pub mod game;
pub mod lab;
pub mod layout;
pub mod notation;
pub mod position;
pub mod saved;
pub mod solver;

/// A TriPeaks game being played, with undo and redo.
pub type Game = crate::engine::history::History<Position>;
pub use position::{IllegalMove, Move, Position};

/// Deals the library's unit tests share.
#[cfg(test)]
pub(crate) mod fixtures {
    use crate::cards::deal::Deal;
    use crate::games::tripeaks::layout::LAYOUT;

    /// The ordered deck, `Ac 2c .. Kc Ad .. Kd Ah .. Kh As .. Ks`: cleared in one run.
    pub const ORDERED: &str = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad 2d 3d 4d 5d 6d 7d 8d 9d \
        Td Jd Qd Kd Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks";

    /// `TRIPEAKS.md`: cleared in 42 steps, 22,300 points at most.
    pub const CLEARS_IN_42: &str = "6d 5h Ah Jd 4s Ks 6s 8c 2h 4d 9s Kd 6c Ad 8s Ac 5c 9d 7h 3h \
        8d 5s 4c Qc Jh Kc Kh 3c 3s 9c As 5d Qh Ts 4h 7s Td 9h Th 7c 8h 2c 7d Tc 2d 6h 2s Js Qd 3d \
        Qs Jc";

    /// `TRIPEAKS.md`: the board cannot be cleared.
    pub const HOPELESS: &str = "9s 3s Kc Qd Jc 7h Ah 5h Ad Jd 3c Ks 5c 9h 9d Qh 6d 7c 4h Qc 8d \
        5s Js As 4d 8s 8c 8h 4s Td Qs 6c 2c Kh 6s 3d 2h 4c 3h Jh Kd 2s 6h 7s Tc 9c 2d 7d Ts 5d Ac \
        Th";

    /// `TRIPEAKS.md`: 47,700 points at most, 41,300 when only the best score per position is
    /// kept.
    pub const STREAKS_MATTER: &str = "6d Jc 4d 2d 2s Ac Qs Ah Kd Kh 9c 3h Ts 6s 3c 2h Ad Qh 8h Jd \
        8c 8s 7c 3s Ks Js 9d 2c Jh 4c Qc 8d 5c 7h Td 5d 3d 5h As 5s Th 7s 4s 9s 9h 7d 4h 6c 6h Kc \
        Qd Tc";

    /// `TRIPEAKS.md`: 3 Kings at most, on a line that clears the board.
    pub const THREE_KINGS: &str = "Qs 4c 2s 4d Jh 9c Ah 5d 8d 8h 7s 4s 7h 3c Jd 8s 5c 6s 9d 9h \
        2c 7d Qd Ks Kd 5s 2d Kh 3d Ac Js 6c Td Kc Th Ad 7c Tc As Ts 6h 2h Qc 8c 6d 3s 9s Jc Qh 4h \
        5h 3h";

    /// A deal from its text.
    pub fn deal(text: &str) -> Deal {
        Deal::parse_as(text, &LAYOUT).expect("a valid deal")
    }
}

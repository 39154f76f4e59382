//! What every game plugs into: which game ([`kind::GameKind`]), the Game seam and the lab the
//! registry lists, the referee trait and a game's history (undo and redo), the search's
//! figures, observer and caps, the challenges, the passes through a stock, saved files' shared
//! headers, and the words about unknown cards and about a lost game's best line that the games'
//! answers share. Nothing here names a game's module.

pub mod at_table;
pub mod best_line;
pub mod game;
pub mod goal;
pub mod headers;
pub mod history;
pub mod interval;
pub mod kind;
pub mod lab;
pub mod passes;
pub mod referee;
pub mod search;
pub mod table_lab;
pub mod unknowns_text;
pub mod verdict;

//! TriPeaks in the full-screen app: the three peaks on screen, the deal editor and play.

pub mod board;

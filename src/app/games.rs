//! Each game's screens in the app: its editor, board, stepper and play mode.

pub mod pyramid;
pub mod tripeaks;

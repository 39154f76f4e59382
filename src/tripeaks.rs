//! TriPeaks under the Microsoft Solitaire Collection rules (`TRIPEAKS.md`): the layout of three
//! peaks over a stock. Nothing here knows about terminals or command lines.

pub mod layout;

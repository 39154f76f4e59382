//! Lower bounds on the moves of a complete line.

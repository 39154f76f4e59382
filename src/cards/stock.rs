//! The stock and the waste of the Klondike family: a draw turns stock cards onto the waste,
//! and once the stock is empty the waste goes back into it, to be gone through again. When
//! either can be made is the same in every game of the family; how many cards a draw turns
//! and how many passes are allowed are each game's rules.

/// Why the stock cannot be drawn from, or the waste turned over or played from, in the
/// words every game of the family says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StockProblem {
    #[error("the stock is empty: there is nothing to draw")]
    NothingToDraw,
    #[error("the stock still holds cards: draw them all before turning the waste over")]
    StockNotEmpty,
    #[error("the waste is empty: there is nothing to turn over")]
    NothingToTurnOver,
    #[error("the waste is empty: draw first")]
    WasteEmpty,
}

/// Whether a draw can be made from a stock of `stock` cards.
pub fn check_draw(stock: usize) -> Result<(), StockProblem> {
    if stock == 0 {
        return Err(StockProblem::NothingToDraw);
    }
    Ok(())
}

/// Whether the waste (`waste` cards) can be turned over into the stock (`stock` cards): only
/// once every stock card is drawn, when there is something to turn over, and then as
/// `pass_left` says (the game's rules on passes, in its own words).
pub fn check_turn_over<E: From<StockProblem>>(
    stock: usize,
    waste: usize,
    pass_left: Result<(), E>,
) -> Result<(), E> {
    if stock > 0 {
        return Err(StockProblem::StockNotEmpty.into());
    }
    if waste == 0 {
        return Err(StockProblem::NothingToTurnOver.into());
    }
    pass_left
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_waste_goes_back_only_once_the_stock_is_drawn() {
        assert_eq!(check_draw(0), Err(StockProblem::NothingToDraw));
        assert_eq!(check_draw(1), Ok(()));
        let no_pass = Err(StockProblem::WasteEmpty);
        assert_eq!(
            check_turn_over(1, 5, no_pass),
            Err(StockProblem::StockNotEmpty)
        );
        assert_eq!(
            check_turn_over(0, 0, no_pass),
            Err(StockProblem::NothingToTurnOver)
        );
        assert_eq!(check_turn_over(0, 5, no_pass), no_pass);
        assert_eq!(check_turn_over::<StockProblem>(0, 5, Ok(())), Ok(()));
    }
}

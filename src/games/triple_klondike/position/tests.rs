use super::*;
use crate::cards::stock::StockProblem;
use crate::games::triple_klondike::fixtures::{contest_deals, small_rules};
use crate::games::triple_klondike::notation::{line_text, read_line};
use crate::games::triple_klondike::{Passes, deal::read_deals};

fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

/// A reduced deal from its piles (bottom first, the top face up) and the cards in the order
/// they are drawn, one pack, under `rules` but for the piles' count.
fn laid_out(piles: &[&str], draws: &str, rules: Rules) -> Position {
    let mut cards: Vec<Card> = piles
        .iter()
        .flat_map(|pile| pile.split_whitespace().map(card))
        .collect();
    cards.extend(draws.split_whitespace().rev().map(card));
    let rules = Rules {
        piles: piles.len() as u8,
        ..rules
    };
    let deal = Deal::from_cards(cards, rules).expect("a reduced deal");
    Position::new(&deal, rules).expect("a valid layout")
}

#[test]
fn deal_12_shows_its_tops_and_first_draws() {
    let Some(text) = contest_deals() else {
        return;
    };
    let rules = Rules::default();
    let deal = read_deals(&text, rules).swap_remove(11).1.expect("deal 12");
    let mut position = Position::new(&deal, rules).unwrap();
    let tops: Vec<String> = position
        .piles()
        .iter()
        .map(|pile| card_text(pile.top().unwrap()))
        .collect();
    assert_eq!(tops.join(" "), "4D AD 3H AC 5H 6S AH 5D 3C AS 4C KH QC");
    let mut draws = Vec::new();
    for _ in 0..4 {
        position.apply(Move::Draw).unwrap();
        draws.push(card_text(*position.waste().last().unwrap()));
    }
    assert_eq!(draws.join(" "), "5C TH 2C KD");
    assert_eq!(position.stock().len(), 61);
    assert_eq!(position.cards_left(), 156);
    assert_eq!(position.piles()[12].face_down.len(), 12);
}

#[test]
fn every_kind_of_move_is_played_and_counted() {
    let start = laid_out(&["Qh", "2h Ks", "Ah 5d Qd"], "As Jc Th", small_rules(3));
    let line = [
        Move::PileToPile {
            from: 0,
            to: 1,
            count: 1,
        },
        Move::Draw,
        Move::WasteToFoundation(1),
        Move::Draw,
        Move::WasteToPile(1),
        // Part of a run: Jc off Ks Qh onto Qd.
        Move::PileToPile {
            from: 1,
            to: 2,
            count: 1,
        },
        // A run headed by a King onto the empty pile.
        Move::PileToPile {
            from: 1,
            to: 0,
            count: 2,
        },
        Move::Draw,
        Move::WasteToPile(2),
        // As comes back from its foundation onto the 2h just turned up, and goes up again.
        Move::FoundationToPile { from: 1, to: 1 },
        Move::PileToFoundation { from: 1, to: 1 },
    ];
    assert_eq!(start.check(line[9]), Err(IllegalMove::FoundationEmpty(1)));
    let (end, tally) = start.replay(&line).unwrap();
    assert_eq!(
        tally,
        Tally {
            cards_up: 1,
            moves: 11
        }
    );
    assert_eq!(tally.to_string(), "1/11");
    assert_eq!(
        end.to_string(),
        "foundations: -- AS -- --\nN: KS QH\nO: 2H\nP: ## ## QD JC TH\nwaste (top last): \n\
         stock (next first): "
    );
    let text = line_text(&line);
    assert_eq!(text, "no@ac@aoopon@apcooc");
    assert_eq!(read_line(&start, &text), Ok(line.to_vec()));
    let mut before_last = start.clone();
    for &mv in &line[..9] {
        before_last.apply(mv).unwrap();
    }
    assert_eq!(
        before_last.describe(line[9]),
        "Move AS from foundation c to pile O"
    );
    assert_eq!(start.describe(line[0]), "Move QH from pile N to pile O");
}

#[test]
fn the_options_refuse_what_they_leave_out() {
    let strict = Rules {
        cards_back: false,
        part_runs: false,
        tied_suits: true,
        ..small_rules(3)
    };
    let mut position = laid_out(&["Qh", "2h Ks", "Ah 5d Qd"], "As Jc Th", strict);
    position
        .apply(Move::PileToPile {
            from: 0,
            to: 1,
            count: 1,
        })
        .unwrap();
    position.apply(Move::Draw).unwrap();
    assert_eq!(
        position
            .check(Move::WasteToFoundation(2))
            .unwrap_err()
            .to_string(),
        "AS does not go on foundation d: it takes the Ace of diamonds (AD) next"
    );
    position.apply(Move::WasteToFoundation(0)).unwrap();
    assert_eq!(
        position.check(Move::FoundationToPile { from: 0, to: 1 }),
        Err(IllegalMove::NoCardsBack)
    );
    position.apply(Move::Draw).unwrap();
    position.apply(Move::WasteToPile(1)).unwrap();
    assert_eq!(
        position.check(Move::PileToPile {
            from: 1,
            to: 2,
            count: 1
        }),
        Err(IllegalMove::WholeRunsOnly)
    );
    assert_eq!(
        position
            .check(Move::PileToPile {
                from: 2,
                to: 0,
                count: 1
            })
            .unwrap_err()
            .to_string(),
        "QD cannot fill an empty pile: only a King or a run headed by a King can"
    );
    assert_eq!(
        position
            .check(Move::PileToFoundation { from: 1, to: 12 })
            .unwrap_err()
            .to_string(),
        "there is no foundation n: the foundations are b to e"
    );
}

#[test]
fn the_stock_goes_round_as_often_as_the_passes_allow() {
    let rules = Rules {
        passes: Passes::Limited(2),
        ..small_rules(1)
    };
    let start = laid_out(&["Kh"], "2c 3d", rules);
    let mut position = start.clone();
    assert_eq!(
        position.check(Move::Redeal),
        Err(IllegalMove::Stock(StockProblem::StockNotEmpty))
    );
    position.apply(Move::Draw).unwrap();
    position.apply(Move::Draw).unwrap();
    assert_eq!(
        position.describe(Move::Redeal),
        "Turn the waste's 2 card(s) over into the stock"
    );
    position.apply(Move::Redeal).unwrap();
    assert_eq!(position.describe(Move::Draw), "Draw 2C");
    position.apply(Move::Draw).unwrap();
    position.apply(Move::Draw).unwrap();
    assert_eq!(
        position.check(Move::Redeal),
        Err(IllegalMove::NoPassLeft(Passes::Limited(2)))
    );
    assert!(!position.legal_moves().contains(&Move::Redeal));
    let text = line_text(&[Move::Draw, Move::Draw, Move::Redeal, Move::Draw]);
    assert_eq!(text, "@@@@");
    assert_eq!(
        read_line(&start, &text),
        Ok(vec![Move::Draw, Move::Draw, Move::Redeal, Move::Draw])
    );
}

#[test]
fn a_won_game_takes_no_move() {
    let start = laid_out(&["Ah"], "", small_rules(1));
    let mut position = start.clone();
    assert_eq!(
        position.describe(Move::PileToFoundation { from: 0, to: 3 }),
        "Move AH from pile N to foundation e"
    );
    position
        .apply(Move::PileToFoundation { from: 0, to: 3 })
        .unwrap();
    assert!(position.is_won());
    assert_eq!(position.legal_moves(), []);
    assert_eq!(position.check(Move::Draw), Err(IllegalMove::Won));
    let (number, error) = read_line(&start, "nenb").unwrap_err();
    assert_eq!(number, 1);
    assert_eq!(
        error.to_string(),
        "'nb' cannot be played: the game is already won after move 1"
    );
}

#[test]
fn legal_moves_are_exactly_the_checked_ones() {
    let rules = Rules::default();
    for seed in 0..10 {
        let mut position = Position::new(&Deal::shuffled(seed, rules), rules).unwrap();
        for step in 0..150 {
            let legal = position.legal_moves();
            for &mv in &legal {
                let mut after = position.clone();
                assert_eq!(after.apply(mv), Ok(()));
                assert_eq!(after.cards_left() + after.cards_up(), 156);
            }
            let Some(&mv) = legal.get((step * 13 + seed as usize) % legal.len().max(1)) else {
                break;
            };
            position.apply(mv).unwrap();
        }
    }
}

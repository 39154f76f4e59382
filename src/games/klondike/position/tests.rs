//! The referee's rules, one at a time, under every rule variant they should not depend on,
//! and each refusal in the words a player reads.

use super::*;
use crate::games::klondike::fixtures::{card, cards, every_rule_set, laid_out};
use crate::games::klondike::{EmptyPile, Game, Passes};

fn refusal(position: &Position, mv: Move) -> String {
    position.check(mv).unwrap_err().to_string()
}

#[test]
fn a_deal_starts_with_each_piles_top_card_face_up() {
    let deal = Deal::shuffled(3);
    let start = Position::new(&deal, Rules::default());
    for (number, pile) in start.piles().iter().enumerate() {
        assert_eq!(pile.face_down.len(), number);
        assert_eq!(pile.face_up, [deal.pile(number)[number]]);
    }
    assert_eq!(start.stock(), deal.stock());
    assert!(start.waste().is_empty() && !start.is_won());
    assert!(start.legal_moves().contains(&Move::Draw));
}

#[test]
fn a_draw_turns_the_rules_count_or_the_fewer_left() {
    for rules in every_rule_set() {
        let mut position = laid_out("Kc", "Ah 2h 3h 4h 5h 6h 7h", rules);
        let mut sizes = Vec::new();
        while position.apply(Move::Draw).is_ok() {
            sizes.push(position.waste().len());
        }
        let expected = if rules.draw == 3 {
            vec![3, 6, 7]
        } else {
            (1..=7).collect()
        };
        assert_eq!(sizes, expected, "{rules}");
        // The last card drawn is the one on top.
        assert_eq!(position.waste().last(), Some(&Some(card("7h"))));
        assert_eq!(
            refusal(&position, Move::Draw),
            "the stock is empty: there is nothing to draw"
        );
    }
    let rules = Rules::default();
    let position = laid_out("Kc", "Ah 2h 3h 4h", rules);
    assert_eq!(position.describe(Move::Draw), "Draw 3: Ah 2h 3h");
    let one = Rules { draw: 1, ..rules };
    assert_eq!(
        laid_out("Kc", "Ah 2h", one).describe(Move::Draw),
        "Draw 1: Ah"
    );
}

#[test]
fn a_redeal_turns_the_waste_back_in_the_same_order() {
    for rules in every_rule_set() {
        let mut position = laid_out("Kc", "Ah 2h 3h 4h", rules);
        assert_eq!(
            refusal(&position, Move::Redeal),
            "the stock still holds cards: draw them all before turning the waste over"
        );
        while position.apply(Move::Draw).is_ok() {}
        if rules.passes == Passes::Limited(1) {
            assert_eq!(
                refusal(&position, Move::Redeal),
                "no redeal is left: these rules allow 1 pass through the stock"
            );
            continue;
        }
        assert_eq!(
            position.describe(Move::Redeal),
            "Redeal: the waste's 4 cards back to the stock"
        );
        position.apply(Move::Redeal).unwrap();
        assert_eq!(position.stock(), cards("Ah 2h 3h 4h"), "{rules}");
        assert!(position.waste().is_empty());
        assert_eq!(position.redeals(), 1);
    }
    let mut empty = laid_out("Kc", "", Rules::default());
    assert_eq!(
        refusal(&empty, Move::Redeal),
        "the waste is empty: there is nothing to turn over"
    );
    assert!(empty.apply(Move::Redeal).is_err());
    assert_eq!(empty.legal_moves(), []);
}

#[test]
fn passes_limit_the_redeals() {
    for (passes, redeals) in [(Passes::Limited(1), 0), (Passes::Limited(3), 2)] {
        let rules = Rules {
            passes,
            ..Rules::default()
        };
        let mut position = laid_out("Kc", "Ah 2h", rules);
        let mut made = 0;
        loop {
            while position.apply(Move::Draw).is_ok() {}
            if position.apply(Move::Redeal).is_err() {
                break;
            }
            made += 1;
        }
        assert_eq!(made, redeals, "{passes}");
        assert_eq!(
            position.check(Move::Redeal),
            Err(IllegalMove::NoPassLeft(passes))
        );
        assert!(!position.legal_moves().contains(&Move::Redeal));
    }
    let mut unlimited = laid_out("Kc", "Ah", Rules::default());
    for _ in 0..300 {
        unlimited.apply(Move::Draw).unwrap();
        unlimited.apply(Move::Redeal).unwrap();
    }
    assert_eq!(unlimited.redeals(), 300, "counted on, and never refused");
}

#[test]
fn foundations_take_the_next_card_of_the_suit_from_a_pile_or_the_waste() {
    for rules in every_rule_set() {
        let mut position = laid_out("2c / Ac | 3c", "Ah 2h 3h", rules);
        assert_eq!(
            refusal(&position, Move::WasteToFoundation),
            "the waste is empty: draw first"
        );
        assert_eq!(
            refusal(&position, Move::PileToFoundation(1)),
            "3c cannot go to the foundation yet: the clubs foundation takes Ac next"
        );
        assert_eq!(
            position.describe(Move::PileToFoundation(0)),
            "Move Ac from pile 1 to the foundation"
        );
        position.apply(Move::PileToFoundation(0)).unwrap();
        // The card under it turned up as part of the same move.
        assert_eq!(position.piles()[0].face_up, cards("2c"));
        position.apply(Move::PileToFoundation(0)).unwrap();
        position.apply(Move::PileToFoundation(1)).unwrap();
        assert_eq!(position.foundation_top(Suit::Clubs), Some(card("3c")));
        while position.waste().len() < 3 {
            position.apply(Move::Draw).unwrap();
        }
        assert_eq!(
            refusal(&position, Move::WasteToFoundation),
            "3h cannot go to the foundation yet: the hearts foundation takes Ah next"
        );
    }
    let mut position = laid_out("Kc", "Ah", Rules::default());
    position.apply(Move::Draw).unwrap();
    assert_eq!(
        position.describe(Move::WasteToFoundation),
        "Move Ah from the waste to the foundation"
    );
    position.apply(Move::WasteToFoundation).unwrap();
    assert_eq!(position.foundation(Suit::Hearts), 1);
}

#[test]
fn piles_build_down_in_alternating_colours() {
    for rules in every_rule_set() {
        let position = laid_out("8s | 7h | 7c | 6s | 9h", "", rules);
        let onto = |from, to| Move::PileToPile { from, to, count: 1 };
        assert!(position.check(onto(1, 0)).is_ok(), "a red 7 on a black 8");
        assert!(position.check(onto(0, 4)).is_ok(), "a black 8 on a red 9");
        assert_eq!(
            refusal(&position, onto(2, 0)),
            "7c does not go on 8s: a pile takes the next lower card of the other colour"
        );
        assert_eq!(
            refusal(&position, onto(3, 0)),
            "6s does not go on 8s: a pile takes the next lower card of the other colour"
        );
        assert_eq!(
            refusal(&position, onto(4, 0)),
            "9h does not go on 8s: a pile takes the next lower card of the other colour"
        );
        assert_eq!(
            position.describe(onto(1, 0)),
            "Move 7h from pile 2 to pile 1"
        );
    }
}

#[test]
fn a_run_moves_as_a_unit_and_uncovers_the_card_under_it() {
    for rules in every_rule_set() {
        let mut position = laid_out("4d / 9c 8h 7s | 2c / Th | 5c", "", rules);
        let run = |from, to, count| Move::PileToPile { from, to, count };
        assert_eq!(
            position.describe(run(0, 1, 3)),
            "Move 9c 8h 7s from pile 1 to pile 2"
        );
        let mut game = Game::new(position.clone());
        game.play(run(0, 1, 3)).unwrap();
        assert_eq!(game.played(), 1, "turning up 4d is not a move");
        let after = game.position();
        assert_eq!(after.piles()[0].face_up, cards("4d"));
        assert_eq!(after.piles()[1].face_up, cards("Th 9c 8h 7s"));
        // Part of a run moves too, from any face-up card.
        for (mv, words) in [
            (run(0, 2, 4), "pile 1 has 3 face-up cards, not 4"),
            (run(0, 2, 0), "a move takes at least one card"),
            (run(0, 0, 3), "a run cannot move onto its own pile"),
            (run(7, 0, 1), "there is no pile 8: the piles are 1 to 3"),
            (Move::WasteToPile(9), "the waste is empty: draw first"),
        ] {
            assert_eq!(refusal(&position, mv), words, "{rules}");
        }
        position.apply(run(0, 1, 3)).unwrap();
        position.apply(run(0, 2, 1)).unwrap();
        assert!(position.piles()[0].is_empty());
        assert_eq!(
            refusal(&position, Move::PileToFoundation(0)),
            "pile 1 is empty: there is no card to move"
        );
    }
}

#[test]
fn only_a_king_fills_an_empty_pile_under_the_standard_rules() {
    for rules in every_rule_set() {
        let mut position = laid_out(" | Qh | Kc Qd | 2c / Ac", "5s", rules);
        position.apply(Move::Draw).unwrap();
        position.apply(Move::PileToFoundation(3)).unwrap();
        let queen = Move::PileToPile {
            from: 1,
            to: 0,
            count: 1,
        };
        let king_run = Move::PileToPile {
            from: 2,
            to: 0,
            count: 2,
        };
        let queen_of_run = Move::PileToPile {
            from: 2,
            to: 0,
            count: 1,
        };
        let from_waste = Move::WasteToPile(0);
        let from_foundation = Move::FoundationToPile {
            suit: Suit::Clubs,
            to: 0,
        };
        assert!(position.check(king_run).is_ok(), "{rules}");
        assert_eq!(
            position.describe(king_run),
            "Move Kc Qd from pile 3 to the empty pile 1"
        );
        if rules.empty_pile == EmptyPile::KingsOnly {
            assert_eq!(
                refusal(&position, queen),
                "Qh cannot fill an empty pile: only a King can"
            );
            assert_eq!(
                position.check(queen_of_run),
                Err(IllegalMove::OnlyKings(card("Qd")))
            );
            assert_eq!(
                position.check(from_waste),
                Err(IllegalMove::OnlyKings(card("5s")))
            );
            if rules.foundation_to_tableau {
                assert_eq!(
                    position.check(from_foundation),
                    Err(IllegalMove::OnlyKings(card("Ac")))
                );
            }
        } else {
            for mv in [queen, queen_of_run, from_waste] {
                assert!(position.check(mv).is_ok(), "{mv:?} under {rules}");
            }
            assert_eq!(
                position.check(from_foundation).is_ok(),
                rules.foundation_to_tableau
            );
        }
    }
}

#[test]
fn a_foundation_card_comes_back_only_when_the_rules_allow() {
    for rules in every_rule_set() {
        let mut position = laid_out("Ac | 2d / 3s", "2h", rules);
        position.apply(Move::PileToFoundation(0)).unwrap();
        let hearts = Move::FoundationToPile {
            suit: Suit::Hearts,
            to: 1,
        };
        let clubs = Move::FoundationToPile {
            suit: Suit::Clubs,
            to: 1,
        };
        if !rules.foundation_to_tableau {
            assert_eq!(
                refusal(&position, clubs),
                "these rules keep the foundations' cards: none may come back to a pile"
            );
            continue;
        }
        assert_eq!(refusal(&position, hearts), "the hearts foundation is empty");
        // The pile's rule applies to a card from the foundations too.
        assert_eq!(
            refusal(&position, clubs),
            "Ac does not go on 3s: a pile takes the next lower card of the other colour"
        );
        while position.waste().is_empty() {
            position.apply(Move::Draw).unwrap();
        }
        position.apply(Move::WasteToPile(1)).unwrap();
        position.apply(clubs).unwrap();
        assert_eq!(position.piles()[1].face_up, cards("3s 2h Ac"));
        assert_eq!(position.foundation(Suit::Clubs), 0);
    }
    let mut position = laid_out("Ah | 2h | 3s", "", Rules::default());
    position.apply(Move::PileToFoundation(0)).unwrap();
    position.apply(Move::PileToFoundation(1)).unwrap();
    let back = Move::FoundationToPile {
        suit: Suit::Hearts,
        to: 2,
    };
    assert_eq!(
        position.describe(back),
        "Move 2h from the foundation to pile 3"
    );
    position.apply(back).unwrap();
    assert_eq!(position.foundation(Suit::Hearts), 1);
    assert_eq!(position.piles()[2].face_up, cards("3s 2h"));
    assert!(!position.legal_moves().contains(&back));
}

#[test]
fn the_game_is_won_when_every_card_is_on_the_foundations() {
    let mut position = laid_out("2h / Ah | 3h", "", Rules::default());
    let mut game = Game::new(position.clone());
    for mv in [Move::PileToFoundation(0); 2]
        .into_iter()
        .chain([Move::PileToFoundation(1)])
    {
        assert!(!position.is_won());
        position.apply(mv).unwrap();
        game.play(mv).unwrap();
    }
    assert!(position.is_won());
    assert_eq!(game.played(), 3);
    assert_eq!(position.foundation_cards().count(), 3);
    while game.undo() {}
    assert_eq!(game.position(), game.start());
    assert!(!game.position().is_won());
}

#[test]
fn an_unknown_card_turned_up_can_be_neither_moved_nor_built_on() {
    let mut position = laid_out("?? / Ac | 8s | Kh", "?? 7h", Rules::default());
    position.apply(Move::PileToFoundation(0)).unwrap();
    assert!(position.piles()[0].top_is_unknown());
    assert_eq!(
        refusal(
            &position,
            Move::PileToPile {
                from: 0,
                to: 1,
                count: 1
            }
        ),
        "the card on top of pile 1 is not known yet: type it in first"
    );
    assert_eq!(
        refusal(&position, Move::PileToFoundation(0)),
        "the card on top of pile 1 is not known yet: type it in first"
    );
    assert_eq!(
        refusal(
            &position,
            Move::PileToPile {
                from: 1,
                to: 0,
                count: 1
            }
        ),
        "the card on top of pile 1 is not known yet: type it in before building on it"
    );
    let one = Rules {
        draw: 1,
        ..Rules::default()
    };
    let mut drawn = laid_out("Kh", "?? 7h", one);
    drawn.apply(Move::Draw).unwrap();
    assert_eq!(drawn.describe(Move::Draw), "Draw 1: 7h");
    assert_eq!(
        refusal(&drawn, Move::WasteToFoundation),
        "the waste card is not known yet: type it in first"
    );
    assert_eq!(drawn.legal_moves(), [Move::Draw]);
    // Typed in, the cards play.
    let known = position.reveal(Seen::PileTop(0), card("9h")).unwrap();
    assert!(
        known
            .check(Move::PileToPile {
                from: 1,
                to: 0,
                count: 1
            })
            .is_ok()
    );
    let waste = drawn.reveal(Seen::WasteTop, card("Qs")).unwrap();
    assert!(waste.check(Move::WasteToPile(0)).is_ok());
    assert_eq!(
        position.reveal(Seen::PileTop(0), card("Ac")),
        Err(RevealError::AlreadyInGame(card("Ac")))
    );
    assert_eq!(
        position.reveal(Seen::PileTop(1), card("9h")),
        Err(RevealError::NotUnknown)
    );
    assert_eq!(
        position
            .reveal(Seen::PileTop(0), card("8s"))
            .unwrap_err()
            .to_string(),
        "8s is already in the game"
    );
}

#[test]
fn a_layout_by_hand_is_checked() {
    let rules = Rules::default();
    let problems = Position::from_piles(
        vec![
            Pile::new(cards("Ac"), cards("5h 4s")),
            Pile::new(cards("2c"), Vec::new()),
            Pile::new(Vec::new(), cards("5h 3s")),
            Pile::new(Vec::new(), cards("?? 8c")),
        ],
        cards("Ac"),
        rules,
    )
    .unwrap_err();
    assert_eq!(
        problems.to_string(),
        "5h is laid out twice: in pile 1 and in pile 3\n\
         Ac is laid out twice: in pile 1 and in the stock\n\
         pile 2 has cards face down but none face up: play turns a pile's top card face up as \
         soon as it is uncovered, so write its top card face up\n\
         pile 3's face-up cards are not a run: 3s cannot lie on 5h (face up, each card is one \
         rank lower than the card under it and of the other colour)\n\
         pile 4's face-up cards are not a run: a card not known (??) lies face up only alone, \
         as a pile's one face-up card"
    );
    let small = laid_out("3d 2c Ac / 2h | 4h 3h / 2s | 4d / 3c | As", "3s 4s", rules);
    assert_eq!(small.piles().len(), 4);
    assert_eq!(
        small.to_string().lines().nth(1),
        Some("pile 1: ## ## ## 2h")
    );
}

#[test]
fn a_pile_with_more_cards_face_down_than_it_is_dealt_cannot_be() {
    let rules = Rules::default();
    let mut setup = Position::new(&Deal::shuffled(5), rules).setup();
    assert!(setup.problems(Pack::Whole).is_empty());
    // One card moved under pile 1: said of one card.
    let mut one = setup.clone();
    let card = one.stock.split_off(one.stock.len() - 1);
    one.piles[0].face_down.extend(card);
    let said: Vec<String> = (one.problems(Pack::Whole).iter())
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        said,
        [
            "pile 1 has 1 card face down, but a new deal leaves it none, and play never adds one \
             (pile N is dealt N-1 face down)"
        ]
    );
    // Cards moved from the stock under piles 1 and 7: still the 52, but no deal lays them so.
    let three = setup.stock.split_off(setup.stock.len() - 3);
    setup.piles[0].face_down.extend(three);
    let two = setup.stock.split_off(setup.stock.len() - 2);
    setup.piles[6].face_down.extend(two);
    let said: Vec<String> = (setup.problems(Pack::Whole).iter())
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        said,
        [
            "pile 1 has 3 cards face down, but a new deal leaves it none, and play never adds \
             one (pile N is dealt N-1 face down)",
            "pile 7 has 8 cards face down, but a new deal leaves it 6, and play never adds one \
             (pile N is dealt N-1 face down)",
        ]
    );
}

#[test]
fn undo_returns_to_the_exact_position() {
    let start = Position::new(&Deal::shuffled(11), Rules::default());
    let mut game = Game::new(start.clone());
    for step in 0..60 {
        let moves = game.position().legal_moves();
        let Some(&mv) = moves.get(step % moves.len().max(1)) else {
            break;
        };
        game.play(mv).unwrap();
    }
    let end = game.position().clone();
    while game.undo() {}
    assert_eq!(game.position(), &start);
    while game.redo() {}
    assert_eq!(game.position(), &end);
}

use super::*;
use crate::games::klondike::Passes;

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn messages(problems: &DealProblems) -> Vec<String> {
    problems.0.iter().map(ToString::to_string).collect()
}

/// The deck `Ac 2c .. Kc Ad .. Ks` as a deal code, one card after another in the code's order.
fn ordered_code() -> String {
    let cards: Vec<String> = Card::all().map(card_code).collect();
    cards.concat()
}

#[test]
fn the_format_is_told_by_the_text() {
    let deal = Deal::shuffled(1);
    assert_eq!(Format::of_text(&deal.to_layout()), Format::Layout);
    assert_eq!(Format::of_text(&deal.to_line()), Format::Layout);
    assert_eq!(
        Format::of_text("# moves: draw\n  {\"stock\": []}"),
        Format::Solvitaire
    );
    let code = code_text(&deal);
    assert_eq!(
        Format::of_text(&format!("# a code\n{code}\n")),
        Format::Code
    );
    assert_eq!(
        Format::of_text(&format!("{} {}", &code[..78], &code[78..])),
        Format::Code
    );
    assert_eq!(Format::of_text("10h 3c"), Format::Layout);
    assert_eq!("Solvitaire".parse::<Format>(), Ok(Format::Solvitaire));
    assert_eq!(
        "json".parse::<Format>().unwrap_err().to_string(),
        "'json' is not a deal format: layout, solvitaire, code or position"
    );
    assert_eq!(
        Format::of_text(
            "# game: klondike

  Pile 1: ?? / 9h
stock: ??"
        ),
        Format::Position
    );
    assert_eq!(Format::of_text("pile: 9h"), Format::Layout);
}

#[test]
fn every_format_writes_a_deal_that_reads_back_the_same() {
    for seed in 0..20 {
        let deal = Deal::shuffled(seed);
        let table = Table::of_deal(&deal);
        assert_eq!(table.deal(), Some(deal));
        assert_eq!(table.describe(), "a deal");
        for format in Format::ALL {
            let text = write(&table, format).unwrap();
            assert_eq!(Format::of_text(&text), format, "{text}");
            assert_eq!(read(&text, None), Ok(table.clone()), "{format}: {text}");
            assert_eq!(read(&text, Some(format)), Ok(table.clone()));
        }
        assert_eq!(
            table.start(Rules::default()),
            Position::new(&deal, Rules::default())
        );
    }
}

#[test]
fn a_deal_code_deals_row_by_row_and_draws_from_card_29() {
    // Klondike-Solver's ResetGame: card 0 face up on pile 1, cards 1-6 face down on piles
    // 2-7, card 7 face up on pile 2, ..., card 27 face up on pile 7; cards 28.. the stock.
    let table = read(&ordered_code(), None).unwrap();
    let deal = table.deal().unwrap();
    let pile = |n: usize| -> Vec<String> {
        deal.pile(n)
            .iter()
            .map(|&c| c.unwrap().to_string())
            .collect()
    };
    assert_eq!(pile(0), ["Ac"]);
    assert_eq!(pile(1), ["2c", "8c"]);
    assert_eq!(pile(2), ["3c", "9c", "Ad"]);
    // Pile 7 takes the last card of each row: cards 6, 12, 17, 21, 24, 26 and 27.
    assert_eq!(pile(6), ["7c", "Kc", "5d", "9d", "Qd", "Ah", "2h"]);
    // The stock from the code's card 28 (3h), drawn first, on.
    assert_eq!(deal.stock()[0], Some(card("3h")));
    assert_eq!(deal.stock()[23], Some(card("Ks")));
    // The suit digits: 1 clubs, 2 diamonds, 3 hearts, 4 spades.
    assert_eq!(code_card("011"), Some(card("Ac")));
    assert_eq!(code_card("102"), Some(card("Td")));
    assert_eq!(code_card("123"), Some(card("Qh")));
    assert_eq!(code_card("134"), Some(card("Ks")));
    assert_eq!(code_card("141"), None);
    assert_eq!(code_card("005"), None);
    let places: Vec<usize> = (0..DECK_SIZE).map(deal_index_of_code).collect();
    let mut sorted = places.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..DECK_SIZE).collect::<Vec<_>>(), "a permutation");
}

#[test]
fn a_deal_code_reports_every_problem_at_once() {
    let mut code = ordered_code();
    // The second card made a copy of the first, the fourth not a card, a digit too many.
    code.replace_range(3..6, "011");
    code.replace_range(9..12, "145");
    code.push('7');
    let problems = read(&code, Some(Format::Code)).unwrap_err();
    assert_eq!(
        messages(&problems),
        [
            "1:157: 157 digits, but a deal code has 156: three for each of the 52 cards",
            "1:10: '145' is not a card of a deal code: the rank in two digits (01 to 13), then \
             the suit (1 clubs, 2 diamonds, 3 hearts, 4 spades)",
            "1:4: Ac appears twice: at 1:1 (pile 1, card 1 from the bottom) and at 1:4 (pile 2, \
             card 1 from the bottom)",
            "2 cards missing: 2c 4c",
        ]
    );
    let letters = read("011 0x2", Some(Format::Code)).unwrap_err();
    assert!(
        messages(&letters)[0].starts_with("1:6: 'x' is not a digit"),
        "{letters}"
    );
}

/// Solvitaire's JSON for a 52-card deal, as its files write one: face-down cards in lower
/// case, the stock last drawn first.
fn solvitaire_json(deal: &Deal, marked: bool) -> String {
    let piles: Vec<String> = (0..PILES)
        .map(|n| {
            let pile = deal.pile(n);
            let cards: Vec<String> = pile
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    let down = marked && i + 1 < pile.len();
                    format!("\"{}\"", solvitaire_card(c.unwrap(), down))
                })
                .collect();
            format!("[{}]", cards.join(","))
        })
        .collect();
    let stock: Vec<String> = deal
        .stock()
        .iter()
        .rev()
        .map(|&c| format!("\"{}\"", solvitaire_card(c.unwrap(), false)))
        .collect();
    format!(
        "{{\"tableau piles\": [{}], \"stock\": [{}]}}",
        piles.join(","),
        stock.join(",")
    )
}

#[test]
fn solvitaire_lists_piles_bottom_first_and_the_stock_last_drawn_first() {
    let deal = Deal::shuffled(11);
    let text = solvitaire_json(&deal, true);
    assert_eq!(read(&text, None).unwrap().deal(), Some(deal));
    // Without lower-case suits (older files), the faces are a deal's.
    let upper = solvitaire_json(&deal, false);
    assert!(
        ["c\"", "d\"", "h\""].iter().all(|end| !upper.contains(end)),
        "{upper}"
    );
    assert_eq!(read(&upper, None).unwrap().deal(), Some(deal));
    // Ranks as Solvitaire writes them: 10, and 1 for the Ace too.
    assert_eq!(read_card("10H"), Some((card("Th"), false)));
    assert_eq!(read_card("1s"), Some((card("As"), true)));
    assert_eq!(read_card("13d"), Some((card("Kd"), true)));
    assert_eq!(read_card("14d"), None);
    assert_eq!(read_card("H"), None);
    assert_eq!(solvitaire_card(card("Th"), false), "10H");
    assert_eq!(solvitaire_card(card("Ac"), true), "Ac");
}

#[test]
fn a_small_deck_is_a_table_of_its_own() {
    // Solvitaire's first 16-card test deck (KLONDIKE.md), as its files write it.
    let text = r#"{
  "tableau piles": [
    ["3d", "2c", "Ac", "2H"],
    ["4h", "3h", "2S"],
    ["4d", "3C"],
    ["AS"]
  ],
  "stock": ["3S", "4S", "4C", "2D", "AH", "AD"]
}"#;
    let table = read(text, None).unwrap();
    assert_eq!(table.deal(), None);
    assert_eq!(
        table.describe(),
        "16 cards (Aces to Fours) in 4 piles and a stock of 6"
    );
    assert_eq!(table.piles()[0].face_down.len(), 3);
    assert_eq!(table.piles()[0].face_up, [Some(card("2h"))]);
    assert_eq!(
        table.stock()[0],
        Some(card("Ad")),
        "the last listed is drawn first"
    );
    let rules = Rules {
        passes: Passes::Unlimited,
        ..Rules::default()
    };
    assert_eq!(table.start(rules).piles().len(), 4);
    // It writes back as Solvitaire's JSON only.
    assert_eq!(
        read(&write(&table, Format::Solvitaire).unwrap(), None),
        Ok(table.clone())
    );
    assert_eq!(
        write(&table, Format::Code).unwrap_err().to_string(),
        "Klondike-Solver's deal code holds only a whole deal of 52 cards as dealt, not a table \
         of 16 cards (Aces to Fours) in 4 piles and a stock of 6: Solvitaire's JSON can write it"
    );
    // A face-up run is taken when it is one.
    let run = text.replace(r#"["4d", "3C"]"#, r#"["4D", "3C"]"#);
    assert_eq!(read(&run, None).unwrap().piles()[2].face_up.len(), 2);
    let not_a_run = text.replace(r#""Ac", "2H""#, r#""AC", "2H""#);
    assert_eq!(
        messages(&read(&not_a_run, None).unwrap_err()),
        [
            "pile 1's face-up cards are not a run: 2h cannot lie on Ac (face up, each card is \
             one rank lower than the card under it and of the other colour)"
        ]
    );
}

#[test]
fn solvitaire_json_reports_every_problem_at_once_with_its_place() {
    let text = r#"{
  "tableau piles": [
    ["3d", "2c", "Ac", "2H"],
    ["4h", "3H", "2s"],
    ["4d", "XX"],
    ["AS"]
  ],
  "stock": ["3S", "4S", "4C", "2D", "AH", "AD", "AS"],
  "cells": []
}"#;
    let problems = read(text, None).unwrap_err();
    assert_eq!(
        messages(&problems),
        [
            "5:12: 'XX' is not a card: a rank (A, 2 to 10, J, Q, K) then a suit (C, D, H, S; \
             lower case for a card face down), as Solvitaire writes them",
            "9:3: 'cells' is not a key of a Klondike deal: Solvitaire's JSON for Klondike has \
             'tableau piles' and 'stock'",
            "4:18: 2s, the top card of pile 2, is face down (a lower-case suit): a pile's top \
             card is face up",
            "8:49: As appears twice: at 6:6 (pile 4, card 1 from the bottom) and at 8:49 (stock \
             card 1)",
            "1 card missing from a deck of Aces to Fours (16 cards): 3c",
        ]
    );
    let buried = text.replace(r#"["3d", "2c", "Ac", "2H"]"#, r#"["3d", "2C", "Ac", "2H"]"#);
    assert!(
        messages(&read(&buried, None).unwrap_err()).contains(
            &"3:18: Ac (pile 1) is face down (a lower-case suit) over a face-up card: a pile's \
              face-down cards lie under its face-up ones"
                .to_string()
        )
    );
    let broken = read("{\"tableau piles\":\n  [[\"AS\"] [\"2S\"]]}\n", None).unwrap_err();
    assert_eq!(
        messages(&broken),
        ["2:11: the JSON does not read here: expected `,` or `]`"]
    );
    // Cut off: said once, in words, with the line the text ends on.
    let cut = read("{\"tableau piles\":\n  [[\"AS\"],\n  [\"2S\"", None).unwrap_err();
    assert_eq!(messages(&cut), ["the JSON ends too soon (line 3)"]);
    let waste = read(
        r#"{"tableau piles": [["AS"]], "stock": [], "waste": ["2S"]}"#,
        None,
    )
    .unwrap_err();
    assert_eq!(
        messages(&waste),
        [
            "1:42: 'waste' holds cards: this is a game under way, and only a deal's 'tableau \
             piles' and 'stock' are read",
            "3 cards missing from a deck of the four Aces: Ac Ad Ah"
        ]
    );
    assert_eq!(
        messages(&read("[1, 2]", Some(Format::Solvitaire)).unwrap_err())[0],
        "1:1: Solvitaire's JSON is an object: {\"tableau piles\": [[...], ...], \"stock\": [...]}"
    );
    assert_eq!(
        messages(&read(r#"{"stock": ["AS"]}"#, None).unwrap_err()),
        ["no 'tableau piles': Solvitaire's JSON for Klondike lists the piles there"]
    );
}

/// A code with a mark typed in place of a digit is still read as a code, and the mark and
/// the count are named, not the cards after it, which are out of step.
#[test]
fn a_code_with_a_typo_names_the_typo() {
    let typo = ordered_code().replacen('1', "x", 1);
    assert_eq!(Format::of_text(&typo), Format::Code);
    let problems: Vec<String> = read(&typo, None)
        .unwrap_err()
        .0
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        problems,
        [
            "1:2: 'x' is not a digit: a deal code is digits only",
            "155 digits, but a deal code has 156: three for each of the 52 cards"
        ]
    );
    // A layout starting with a Ten is not taken for a code.
    assert_eq!(Format::of_text("10h 9c 8d"), Format::Layout);
}

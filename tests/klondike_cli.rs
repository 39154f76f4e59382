//! The commands with Klondike: every line they print is replayed on the library's referee to
//! a win, the three formats of one deal give the same answer, and bad input, bad flags, caps
//! and unknown cards end with the exit codes and messages of the other games.
//!
//! The deals are the library's seeded shuffles (`Deal::shuffled`), picked among those the
//! solver decides in a millisecond or less, and Solvitaire's four 16-card decks.

mod common;

use common::klondike::{DECKS, SOLVITAIRE_TEST};
use common::{Files, assert_holds, json_answer, output, pyramid};
use serde_json::Value;
use solitaire::engine::referee::read_line;
use solitaire::games::klondike::formats::{self, Format, Table};
use solitaire::games::klondike::{Deal, Move, Position, Rules, notation};

/// Seeds whose deals draw 3 wins, each solved in a millisecond or less.
const WINNABLE: [u64; 3] = [0, 2, 3];
/// A seed whose deal cannot be won with draw 3 or draw 1, proved in a millisecond.
const HOPELESS: u64 = 20;

impl Files {
    /// A Klondike deal in a format, with the `# game:` header the layout and code take as a
    /// comment line (JSON gets it the same way: `#` lines are comments in every format).
    fn deal(&self, name: &str, table: &Table, format: Format) -> String {
        let text = formats::write(table, format).expect("a whole deal writes in every format");
        self.write(name, &format!("# game: klondike\n{text}"))
    }
}

fn table(seed: u64) -> Table {
    Table::of_deal(&Deal::shuffled(seed))
}

/// Reads a move said in words back as the notation, from the words alone: "Move 7h 6s from
/// pile 3 to the empty pile 5" is `7h>5`, "... to the foundation" is `7h>f`, "Draw 3: ..."
/// is `draw`, "Redeal: ..." is `redeal`.
fn notation_of(words: &str) -> String {
    if words.starts_with("Draw ") {
        return "draw".to_string();
    }
    if words.starts_with("Redeal") {
        return "redeal".to_string();
    }
    let rest = words.strip_prefix("Move ").expect("a move");
    let card = rest.split_whitespace().next().expect("a card");
    let target = rest.rsplit(" to ").next().expect("a target");
    let to = if target == "the foundation" {
        "f".to_string()
    } else {
        target
            .rsplit(' ')
            .next()
            .expect("a pile number")
            .to_string()
    };
    format!("{card}>{to}")
}

/// The numbered moves of a `solve` answer in words.
fn numbered(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| {
            let (number, words) = line.trim_start().split_once(". ")?;
            number.parse::<usize>().ok()?;
            Some(words.to_string())
        })
        .collect()
}

/// Plays moves written in the notation from `start`, each checked by the referee.
fn replay(start: &Position, words: &[String]) -> Position {
    let moves: Vec<Move> = read_line(start, &words.join(" "), notation::read_move)
        .expect("every move is legal in turn");
    let mut position = start.clone();
    for mv in moves {
        position.apply(mv).expect("legal");
    }
    position
}

/// The JSON steps as words of the notation.
fn steps(answer: &Value) -> Vec<String> {
    answer["steps"]
        .as_array()
        .expect("a list of steps")
        .iter()
        .map(|step| step.as_str().expect("a step is text").to_string())
        .collect()
}

/// Standard error of a run that exits with `code`.
fn error(args: &[&str], code: i32) -> String {
    let stderr = pyramid()
        .args(args)
        .assert()
        .code(code)
        .get_output()
        .stderr
        .clone();
    String::from_utf8(stderr).expect("UTF-8")
}

#[test]
fn every_printed_move_replays_to_a_win() {
    let files = Files::new();
    for seed in WINNABLE {
        for draw in ["3", "1"] {
            let rules = Rules {
                draw: draw.parse().expect("a number"),
                ..Rules::STANDARD
            };
            let file = files.deal("deal.txt", &table(seed), Format::Layout);
            let start = table(seed).start(rules);
            let text = output(&["solve", "--draw", draw, &file], 0);
            let (headline, rest) = text.split_once('\n').expect("a headline");
            let moves = numbered(rest);
            let rules_words = format!("(draw {draw}, unlimited passes)");
            assert_eq!(
                headline,
                format!(
                    "Klondike {rules_words}: Solved in {} moves: a way to win, not always the fewest moves.",
                    moves.len()
                )
            );
            assert!(rest.starts_with("Each draw, redeal, and card or run moved is one move"));
            let words: Vec<String> = moves.iter().map(|m| notation_of(m)).collect();
            assert!(replay(&start, &words).is_won(), "seed {seed}, draw {draw}");
            // The same line in JSON, in the notation.
            let answer = json_answer(&["solve", "--json", "--draw", draw, &file], 0);
            assert_eq!(answer["game"], "klondike");
            assert_eq!(answer["solvable"], true);
            assert_eq!(answer["rules"]["draw"], rules.draw_count());
            assert_eq!(answer["rules"]["passes"], "unlimited");
            assert_eq!(steps(&answer), words);
            assert_eq!(answer["length"], words.len());
            // The hint is the line's first move.
            let hint = json_answer(&["hint", "--json", "--draw", draw, &file], 0);
            assert_eq!(hint["next"], answer["steps"][0]);
            assert_eq!(hint["length"], answer["length"]);
            let hint = output(&["hint", "--draw", draw, &file], 0);
            assert_eq!(
                hint.lines().next(),
                Some(
                    format!(
                        "Klondike (draw {draw}, unlimited passes): Next: {}",
                        moves[0]
                    )
                    .as_str()
                )
            );
        }
    }
}

#[test]
fn the_three_formats_of_a_deal_give_the_same_answer() {
    let files = Files::new();
    for seed in [WINNABLE[0], HOPELESS] {
        let answers: Vec<Value> = Format::ALL
            .iter()
            .map(|&format| {
                let file = files.deal(&format!("deal-{format}"), &table(seed), format);
                let valid = output(&["validate", &file], 0);
                assert!(
                    valid.ends_with(&format!(
                        ": a valid Klondike deal (draw 3, unlimited passes), in {}\n",
                        format.name()
                    )),
                    "{valid}"
                );
                let code = i32::from(seed == HOPELESS);
                let mut answer = json_answer(&["solve", "--json", &file], code);
                answer["stats"] = Value::Null;
                answer
            })
            .collect();
        assert_eq!(
            answers[0], answers[1],
            "seed {seed}: layout and Solvitaire's JSON"
        );
        assert_eq!(
            answers[0], answers[2],
            "seed {seed}: layout and the deal code"
        );
    }
    let text = output(
        &[
            "solve",
            &files.deal("lost.json", &table(HOPELESS), Format::Solvitaire),
        ],
        1,
    );
    assert!(
        text.starts_with(
            "Klondike (draw 3, unlimited passes): No solution: an exhaustive search ("
        ),
        "{text}"
    );
    assert!(
        text.ends_with(" positions) found no way to win.\n"),
        "{text}"
    );
    let hint = output(
        &[
            "hint",
            &files.deal("lost.code", &table(HOPELESS), Format::Code),
        ],
        1,
    );
    assert_eq!(
        hint,
        "Klondike (draw 3, unlimited passes): Not winnable: an exhaustive search found no way to win.\n"
    );
}

#[test]
fn print_as_writes_each_format_and_they_read_back() {
    let files = Files::new();
    let layout = files.deal("deal.txt", &table(5), Format::Layout);
    for format in Format::ALL {
        let written = output(&["validate", "--print-as", format.id(), &layout], 0);
        assert_eq!(Format::of_text(&written), format);
        let back = files.write(&format!("back-{format}"), &written);
        let again = output(
            &[
                "validate",
                "--game",
                "klondike",
                "--print-as",
                "layout",
                &back,
            ],
            0,
        );
        assert_eq!(
            again,
            format!("# game: klondike\n{}", Deal::shuffled(5).to_layout()),
            "{format}"
        );
        // `--format` says the same as the text.
        output(
            &[
                "validate",
                "--game",
                "klondike",
                "--format",
                format.id(),
                &back,
            ],
            0,
        );
    }
    let code = files.write("code.txt", &formats::code_text(&Deal::shuffled(5)));
    let refused = error(
        &[
            "validate",
            "--game",
            "klondike",
            "--format",
            "solvitaire",
            &code,
        ],
        2,
    );
    assert_holds(&refused, "the JSON does not read here");
}

#[test]
fn a_game_under_way_is_answered_from_where_it_stands() {
    let files = Files::new();
    let deal = files.deal("deal.json", &table(0), Format::Solvitaire);
    let line = steps(&json_answer(&["solve", "--json", &deal], 0));
    let text = std::fs::read_to_string(&deal).expect("readable");
    let played = &line[..6];
    let game = files.write(
        "game.json",
        &format!(
            "# moves: {}\n{text}# moves: {}\n",
            played[..2].join(" "),
            played[2..].join(" ")
        ),
    );
    let after = replay(&table(0).start(Rules::STANDARD), played);
    let answer = json_answer(&["solve", "--json", &game], 0);
    assert_eq!(answer["from"]["moves_played"], 6);
    assert!(replay(&after, &steps(&answer)).is_won());
    let said = output(&["solve", &game], 0);
    assert!(
        said.starts_with("Klondike (draw 3, unlimited passes): From the saved position: 6 moves played.\nSolved in "),
        "{said}"
    );
    let valid = output(&["validate", &game], 0);
    assert!(
        valid.ends_with(
            "a valid Klondike game (draw 3, unlimited passes) in progress (6 moves played), in Solvitaire's JSON\n"
        ),
        "{valid}"
    );
    let hint = json_answer(&["hint", "--json", &game], 0);
    assert_eq!(hint["next"], answer["steps"][0]);
    // A move that cannot be played is named with its number and its place in the file.
    let bad = files.write("bad.json", &format!("# moves: {} Kd>f\n{text}", played[0]));
    let said = error(&["solve", &bad], 2);
    let column = "# moves: ".len() + played[0].len() + 2;
    let expected = format!("bad.json:1:{column}: # moves: move 2: 'Kd>f' cannot be played");
    assert_holds(&said, &expected);
}

#[test]
fn solvitaires_small_decks_get_its_verdicts() {
    // Solvitaire's test preset for these decks: draw 3, unlimited redeals, no card back from
    // the foundations, any card on an empty pile (see `common::klondike::SOLVITAIRE_TEST`).
    assert_eq!(SOLVITAIRE_TEST.draw, 3);
    let files = Files::new();
    for (number, (piles, stock, winnable)) in DECKS.iter().enumerate() {
        // As Solvitaire's files write them: piles bottom first, face-down cards in lower
        // case, the stock last drawn first (the list as KLONDIKE.md copies it).
        let piles: Vec<String> = piles
            .split('|')
            .map(|pile| {
                let cards: Vec<&str> = pile.split_whitespace().collect();
                let last = cards.len() - 1;
                let cards: Vec<String> = cards
                    .iter()
                    .enumerate()
                    .map(|(i, card)| {
                        let card = if i == last {
                            card.to_ascii_uppercase()
                        } else {
                            card.to_string()
                        };
                        format!("\"{card}\"")
                    })
                    .collect();
                format!("[{}]", cards.join(", "))
            })
            .collect();
        let stock: Vec<String> = stock
            .split_whitespace()
            .map(|card| format!("\"{}\"", card.to_ascii_uppercase()))
            .collect();
        let json = format!(
            "{{\"tableau piles\": [{}], \"stock\": [{}]}}\n",
            piles.join(", "),
            stock.join(", ")
        );
        let file = files.write(&format!("deck-{number}.json"), &json);
        let flags = ["--no-foundation-moves", "--any-card-on-empty"];
        let code = i32::from(!*winnable);
        let args = [
            ["solve", "--game", "klondike", "--json"].as_slice(),
            &flags,
            &[&file],
        ]
        .concat();
        let answer = json_answer(&args, code);
        assert_eq!(answer["rules"]["foundation_moves"], false);
        assert_eq!(answer["rules"]["empty_pile"], "any");
        if *winnable {
            let table = formats::read(&json, None).expect("a table");
            assert!(replay(&table.start(SOLVITAIRE_TEST), &steps(&answer)).is_won());
        }
        let valid = output(&["validate", "--game", "klondike", &file], 0);
        assert!(
            valid.ends_with(
                "a valid Klondike table of 16 cards (Aces to Fours) in 4 piles and a stock of \
                 6 (draw 3, unlimited passes), in Solvitaire's JSON\n"
            ),
            "{valid}"
        );
    }
}

#[test]
fn validate_reports_every_problem_at_once_with_its_place() {
    let files = Files::new();
    let good = formats::write(&table(0), Format::Solvitaire).expect("writes");
    // A face-down top card, a card that is not one, a duplicate (so a card missing).
    let bad = good
        .replacen("[\"8S\"]", "[\"8s\"]", 1)
        .replacen("\"KC\"", "\"XX\"", 1);
    let bad = bad.replacen("\"QH\"", "\"QD\"", 1);
    let file = files.write("bad.json", &bad);
    let said = error(&["validate", "--game", "klondike", &file], 2);
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.len(), 4, "{said}");
    for line in &lines {
        assert!(line.starts_with(&file), "{line}");
    }
    assert_holds(&said, ":11:20: 'XX' is not a card");
    assert_holds(&said, ":3:6: 8s, the top card of pile 1, is face down");
    assert_holds(
        &said,
        ":11:153: Qd appears twice: at 5:18 (pile 3, card 3 from the bottom) and at 11:153 \
             (stock card 1)",
    );
    assert!(
        said.ends_with("bad.json: 2 cards missing: Kc Qh\n"),
        "{said}"
    );
    // Cut off: said once, in words, with the line it ends on (issue 29).
    let cut: Vec<&str> = good.lines().take(5).collect();
    let file = files.write("cut.json", &format!("{}\n", cut.join("\n")));
    let said = error(&["validate", "--game", "klondike", &file], 2);
    assert_eq!(said, format!("{file}: the JSON ends too soon (line 5)\n"));
    // A deal code: a card that is not one and the digits short, at once.
    let code = formats::code_text(&Deal::shuffled(0));
    let code = format!("145{}", &code[3..150]);
    let file = files.write("bad.code", &code);
    let said = error(&["validate", "--game", "klondike", &file], 2);
    assert_holds(&said, "bad.code: 150 digits, but a deal code has 156");
    assert_holds(&said, "bad.code:1:1: '145' is not a card of a deal code");
    // The layout, as the other games read theirs.
    let layout = Deal::shuffled(0).to_line().replacen("8s", "8x", 1);
    let file = files.write("bad.txt", &format!("# game: klondike\n{layout} Ks\n"));
    let said = error(&["validate", &file], 2);
    assert_holds(&said, "bad.txt:2:1: '8x' is not a card");
    assert_holds(&said, "Ks appears twice");
}

#[test]
fn rule_flags_belong_to_their_game() {
    let files = Files::new();
    let deal = files.deal("deal.txt", &table(0), Format::Layout);
    let plain = files.write("plain.txt", &Deal::shuffled(0).to_line());
    let said = error(&["solve", "--relaxed", &deal], 2);
    assert_eq!(
        said,
        "pyramid: --relaxed is a rule of Pyramid, not of Klondike: Klondike's rules are --draw, \
         --passes, --no-foundation-moves and --any-card-on-empty\n"
    );
    let said = error(&["solve", "--draw", "1", "--any-card-on-empty", &plain], 2);
    assert_eq!(
        said,
        "pyramid: --draw and --any-card-on-empty are rules of Klondike, not of Pyramid: \
         Pyramid's rules are --passes, --relaxed, --strict and --goal\n"
    );
    assert!(error(&["solve", "--draw", "2", &deal], 2).contains("'2' is not a draw: 1 or 3"));
    assert!(error(&["solve", "--score", &deal], 2).contains("Klondike is solved to put"));
    assert!(error(&["solve", "--format", "code", &plain], 2).contains("--format is for Klondike"));
    assert!(error(&["validate", "--print-as", "code", &plain], 2).contains("--print-as is for"));
    assert!(error(&["batch", "--game", "klondike", "--check", &plain], 2).contains("--check"));
    assert!(
        error(
            &["stats", "--game", "klondike", "--relaxed", "--deals", "1"],
            2
        )
        .contains("--relaxed is a rule of Pyramid, not of Klondike")
    );
    assert!(error(&["solve", "--board", &deal], 2).contains("--board is Pyramid's and TriPeaks'"));
    assert!(
        error(
            &["stats", "--game", "klondike", "--card", "4", "--deals", "1"],
            2
        )
        .contains("--card is for TriPeaks runs")
    );
    // The comparison sets the draw itself.
    assert!(
        error(
            &["stats", "--game", "klondike", "--compare", "--draw", "1"],
            2
        )
        .contains("cannot be used with")
    );
    // The flags take effect: with one pass, the winning line never redeals.
    let one = json_answer(
        &["solve", "--json", "--passes", "1", "--draw", "1", &deal],
        0,
    );
    assert_eq!(one["rules"]["passes"], "1");
    assert!(!steps(&one).contains(&"redeal".to_string()));
    let rules = Rules {
        draw: 1,
        passes: solitaire::games::klondike::Passes::Limited(1),
        ..Rules::STANDARD
    };
    assert!(replay(&table(0).start(rules), &steps(&one)).is_won());
    // Each game's help lists Klondike's flags.
    let help = output(&["solve", "--help"], 0);
    for flag in [
        "--draw",
        "--no-foundation-moves",
        "--any-card-on-empty",
        "--format",
    ] {
        assert!(help.contains(flag), "{flag}");
    }
}

#[test]
fn caps_and_unknown_cards_leave_the_answer_undecided() {
    let files = Files::new();
    let deal = files.deal("deal.txt", &table(0), Format::Layout);
    let said = output(&["solve", "--max-states", "10", &deal], 3);
    assert!(
        said.starts_with("Klondike (draw 3, unlimited passes): Undecided: cap reached (states: "),
        "{said}"
    );
    let answer = json_answer(&["solve", "--json", "--max-states", "10", &deal], 3);
    assert_eq!(answer["solvable"], Value::Null);
    assert!(
        answer["undecided"]
            .as_str()
            .is_some_and(|u| u.starts_with("cap reached"))
    );
    let hint = json_answer(&["hint", "--json", "--max-states", "10", &deal], 3);
    assert_eq!(hint["winnable"], Value::Null);
    // Two cards not known: no line can win until they are.
    let mut texts: Vec<String> = Deal::shuffled(0)
        .slots()
        .iter()
        .map(|card| card.map(|c| c.to_string()).unwrap_or_default())
        .collect();
    texts[3] = "??".to_string();
    texts[40] = "??".to_string();
    let unknown = files.write(
        "unknown.txt",
        &format!("# game: klondike\n{}\n", texts.join(" ")),
    );
    assert!(output(&["validate", &unknown], 0).ends_with(", 2 cards unknown\n"));
    let said = output(&["solve", &unknown], 3);
    assert!(
        said.starts_with(
            "Klondike (draw 3, unlimited passes): Undecided: 2 cards are not known (??)"
        ),
        "{said}"
    );
    // The way forward: the fewest moves that turn one of them face up, and where it goes.
    let places = [
        "pile 3, card 1 from the bottom",
        "stock card 13 (in the order drawn)",
    ];
    assert_holds(&said, "To see one, play ");
    assert!(places.iter().any(|place| said.contains(place)), "{said}");
    let answer = json_answer(&["solve", "--json", &unknown], 3);
    assert_eq!(answer["unknown"], 2);
    let reveal = &answer["reveal"];
    assert!(
        places.iter().any(|place| reveal["place"] == *place),
        "{reveal}"
    );
    let steps = reveal["steps"].as_array().expect("the steps");
    assert!(!steps.is_empty(), "{reveal}");
    // Played, the steps leave the card face up: typed in, the game goes on from there.
    let moves: Vec<&str> = steps.iter().filter_map(Value::as_str).collect();
    let under_way = files.write(
        "under-way.txt",
        &format!(
            "# game: klondike\n# moves: {}\n{}\n",
            moves.join(" "),
            texts.join(" ")
        ),
    );
    let hint = json_answer(&["hint", "--json", &under_way], 3);
    assert_eq!(hint["reveal"]["steps"], serde_json::json!([]), "{hint}");
    assert_eq!(hint["reveal"]["place"], reveal["place"], "{hint}");
    let place = reveal["place"].as_str().expect("a place");
    assert_eq!(
        output(&["validate", &under_way], 3),
        format!(
            "{under_way}: A card not known is face up: write it in at {place}, then ask again.\n"
        )
    );
    assert!(error(&["validate", "--print-as", "code", &unknown], 2).contains("(??)"));
}

#[test]
fn hint_ranks_the_moves_of_a_game_with_cards_not_known_by_their_chance_to_win() {
    // A deal the solver decides at once, with a face-down card and a stock card not known.
    let files = Files::new();
    let mut texts: Vec<String> = Deal::shuffled(0)
        .slots()
        .iter()
        .map(|card| card.map(|c| c.to_string()).unwrap_or_default())
        .collect();
    texts[3] = "??".to_string();
    texts[40] = "??".to_string();
    let file = files.write(
        "unknown.txt",
        &format!("# game: klondike\n{}\n", texts.join(" ")),
    );
    let (said, answer) = common::at_table::hint_at_table(&file, &[], 60);
    assert!(
        said.starts_with(
            "Klondike (draw 3, unlimited passes): At the table: 2 cards are not known (??), each any of \
             the 2 cards not seen"
        ),
        "{said}"
    );
    let legal = common::at_table::legal_texts(&klondike_start(&file), notation::move_text);
    common::at_table::check_ranking(&answer, &said, &legal, "win chance", 60);
    // The moves after the best are choices in its place, not moves to play after it.
    let others = said
        .split_once("\nOther moves, each instead of the best one:\n")
        .map_or("", |(_, rest)| rest);
    let listed: Vec<&str> = others.lines().take_while(|l| l.starts_with("  ")).collect();
    assert_eq!(listed.len(), legal.len() - 1, "{said}");
    assert!(!said.contains("then "), "{said}");
    common::at_table::assert_same_figures_again(&file, &[], 60, &answer);
}

/// The position a Klondike file stands at, read through the library.
fn klondike_start(file: &str) -> Position {
    let text = std::fs::read_to_string(file).expect("the fixture");
    let saved =
        solitaire::games::klondike::saved::SavedKlondike::read(&text, None, Rules::STANDARD)
            .expect("a Klondike game");
    saved.position()
}

#[test]
fn batch_takes_a_deal_a_line_in_any_format() {
    let files = Files::new();
    let one_line = |format: Format, seed: u64| {
        formats::write(&table(seed), format)
            .expect("writes")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let layout = Deal::shuffled(WINNABLE[0]).to_line();
    let lines = [
        layout.clone(),
        one_line(Format::Solvitaire, WINNABLE[1]),
        one_line(Format::Code, HOPELESS),
    ];
    let path = files.write(
        "deals.txt",
        &format!("# three deals\n{}\n", lines.join("\n")),
    );
    let out = output(&["batch", "--game", "klondike", &path], 0);
    let answers: Vec<Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON Lines"))
        .collect();
    assert_eq!(answers.len(), 3);
    assert_eq!(answers[0]["line"], 2);
    for (answer, seed) in answers.iter().zip([WINNABLE[0], WINNABLE[1]]) {
        assert_eq!(answer["solvable"], true);
        assert!(replay(&table(seed).start(Rules::STANDARD), &steps(answer)).is_won());
    }
    assert_eq!(answers[2]["solvable"], false);
    // The summary, as for the other games.
    let summary = error(&["batch", "--game", "klondike", &path], 0);
    assert!(
        summary.starts_with("3 deals: 2 solvable, 1 no solution, 0 invalid; "),
        "{summary}"
    );
    // A bad line is reported in its place and makes the exit code 2; a capped one 3.
    let bad = files.write("bad.txt", &format!("{layout}\n{}\n", &layout[3..]));
    let out = output(&["batch", "--game", "klondike", &bad], 2);
    let second: Value = serde_json::from_str(out.lines().nth(1).expect("two lines")).expect("JSON");
    assert!(
        second["error"]
            .as_str()
            .is_some_and(|e| e.contains("missing")),
        "{second}"
    );
    output(
        &["batch", "--game", "klondike", "--max-states", "10", &path],
        3,
    );
}

#[test]
fn a_move_that_is_not_one_is_named_at_its_place_as_any_problem_of_a_file() {
    let files = Files::new();
    let text = format!(
        "# game: klondike\n# moves: draw zz\n{}",
        Deal::shuffled(0).to_line()
    );
    let saved = files.write("saved.txt", &text);
    let said = error(&["solve", &saved], 2);
    // `file:line:column: message`, as a card that is not one is named: no program name first.
    assert!(said.starts_with(&format!("{saved}:2:")), "{said}");
    assert_holds(&said, "'zz' is not a move");
}

#[test]
fn a_file_saved_from_the_app_is_played_under_its_rules_line_unless_a_flag_says_otherwise() {
    let files = Files::new();
    let text = format!(
        "# game: klondike\n# rules: draw 1, unlimited passes\n{}",
        Deal::shuffled(0).to_line()
    );
    let saved = files.write("saved.txt", &text);
    assert!(
        output(&["solve", &saved], 0).contains("(draw 1, unlimited passes)"),
        "the rules line"
    );
    assert!(
        output(&["solve", "--draw", "3", &saved], 0).contains("(draw 3, unlimited passes)"),
        "a flag over the line"
    );
    let wrong = files.write("wrong.txt", &text.replace("draw 1,", "draw 2,"));
    assert!(
        error(&["solve", &wrong], 2).contains("# rules: 'draw 2, unlimited passes' are not rules")
    );
}

#[test]
fn the_game_flag_goes_before_the_command_and_klondike_formats_need_none() {
    let files = Files::new();
    let deal = files.deal("deal.txt", &table(0), Format::Layout);
    // The game flag before the command, as for the other games.
    let plain = files.write("plain.txt", &Deal::shuffled(0).to_line());
    assert!(
        output(&["--game", "klondike", "solve", &plain], 0)
            .starts_with("Klondike (draw 3, unlimited passes): Solved in ")
    );
    // JSON and deal codes are Klondike's alone: no flag or header is needed.
    let json = files.write(
        "deal.json",
        &formats::write(&table(0), Format::Solvitaire).expect("writes"),
    );
    assert!(
        output(&["validate", &json], 0)
            .ends_with("a valid Klondike deal (draw 3, unlimited passes), in Solvitaire's JSON\n")
    );
    // A file's header and the flag must agree.
    assert!(error(&["solve", "--game", "pyramid", &deal], 2).contains("holds a Klondike game"));
}

/// A deal written in another format reads back as the same Klondike game at the same point:
/// the layout and the code carry the game and the moves played.
#[test]
fn a_deal_printed_in_another_format_reads_back_as_the_same_game() {
    let files = Files::new();
    let start = table(WINNABLE[0]);
    let deal = formats::write(&start, Format::Layout).expect("a whole deal");
    let under_way = files.write(
        "under-way.txt",
        &format!("# game: klondike\n{deal}# moves: draw\n"),
    );
    for format in ["layout", "code"] {
        let printed = output(&["validate", "--print-as", format, &under_way], 0);
        assert!(printed.starts_with("# game: klondike\n"), "{printed}");
        let again = files.write("again.txt", &printed);
        // No --game: the header says it.
        let said = output(&["validate", &again], 0);
        assert_holds(
            &said,
            "a valid Klondike game (draw 3, unlimited passes) in progress (1 move played)",
        );
    }
    // Solvitaire's JSON has no place for them: it says so rather than drop them quietly.
    let warned = error(&["validate", "--print-as", "solvitaire", &under_way], 0);
    assert_holds(&warned, "not written: the 1 move played, which Solvitaire");
}

/// `batch` and `stats --from` read a file's `# game:` header, or know Klondike's own
/// formats, as the other commands do; a deal with unknown cards is undecided, not a crash.
#[test]
fn files_of_deals_say_their_game_and_unknown_cards_leave_a_deal_undecided() {
    let files = Files::new();
    let lines: Vec<String> = [WINNABLE[0], HOPELESS]
        .iter()
        .map(|&seed| formats::write(&table(seed), Format::Layout).expect("a deal"))
        .map(|text| {
            text.lines()
                .filter(|l| !l.starts_with('#'))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let headed = files.write(
        "headed.txt",
        &format!("# game: klondike\n{}\n", lines.join("\n")),
    );
    let codes: Vec<String> = [WINNABLE[0], HOPELESS]
        .iter()
        .map(|&seed| formats::write(&table(seed), Format::Code).expect("a deal"))
        .collect();
    let coded = files.write("coded.txt", &codes.concat());
    for file in [&headed, &coded] {
        let summary: Value =
            serde_json::from_str(&output(&["stats", "--from", file, "--json"], 0)).unwrap();
        assert_eq!(summary["game"], "klondike", "{file}");
        assert_eq!(summary["winnable"], 1, "{summary}");
        assert_eq!(summary["deals"], 2, "{summary}");
        let batch = output(&["batch", file], 0);
        assert_eq!(batch.lines().count(), 2, "{batch}");
    }
    let unknown = lines[0].replacen(&lines[0][..2], "??", 1);
    let unknown = files.write("unknown.txt", &format!("# game: klondike\n{unknown}\n"));
    let summary: Value =
        serde_json::from_str(&output(&["stats", "--from", &unknown, "--json"], 3)).unwrap();
    assert_eq!(summary["undecided"], 1, "{summary}");
}

#[test]
fn a_header_given_twice_with_another_value_is_refused_as_in_every_game() {
    let files = Files::new();
    let deal = std::fs::read_to_string(common::data("klondike-winnable.txt")).expect("fixture");
    let twice = files.write("twice.txt", &format!("# name: a\n# name: b\n{deal}"));
    pyramid()
        .args(["validate", &twice])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "# name: given twice, 'a' on line 1 and 'b' on line 2: keep one",
        ));
    // The same value again says nothing new, and is read as once.
    let again = files.write("again.txt", &format!("# name: a\n# name: a\n{deal}"));
    let text = output(&["validate", &again], 0);
    assert_holds(&text, "a valid Klondike deal");
}

/// A Klondike deal in its layout without the `# game:` header reads as Pyramid too: the
/// answer says which game it was read as, in its JSON and in a note naming the flag for the
/// other, and `--game klondike` solves it as Klondike without the note.
#[test]
fn a_deal_that_reads_as_two_games_says_which_and_how_to_pick_the_other() {
    let layout = formats::write(&table(WINNABLE[0]), Format::Layout).expect("a whole deal");
    let bare: String = layout
        .lines()
        .filter(|line| !line.starts_with('#'))
        .flat_map(|line| [line, "\n"])
        .collect();
    let run = |args: &[&str]| {
        let result = pyramid().args(args).write_stdin(bare.clone()).output();
        let result = result.expect("the command runs");
        let stdout = String::from_utf8(result.stdout).expect("UTF-8 output");
        let stderr = String::from_utf8(result.stderr).expect("UTF-8 errors");
        (stdout, stderr)
    };
    let (json, note) = run(&["solve", "--json", "-"]);
    let answer: Value = serde_json::from_str(&json).expect("valid JSON");
    assert_eq!(answer["game"], "pyramid", "{json}");
    assert!(
        note.contains("<stdin> has no # game: header: read as Pyramid; ")
            && note.contains("--game klondike reads it as ")
            && note.ends_with(" or Klondike\n"),
        "{note}"
    );
    let (_, hint_note) = run(&["hint", "-"]);
    assert_eq!(hint_note, note);
    let (json, note) = run(&["solve", "--json", "--game", "klondike", "-"]);
    let answer: Value = serde_json::from_str(&json).expect("valid JSON");
    assert_eq!(answer["game"], "klondike", "{json}");
    assert_eq!(answer["solvable"], true, "{json}");
    assert!(note.is_empty(), "{note}");
}

#[test]
fn a_game_under_way_typed_as_a_position_is_answered_as_the_deal_with_its_moves() {
    let files = Files::new();
    let deal = files.deal("deal.txt", &table(0), Format::Layout);
    let line = steps(&json_answer(&["solve", "--json", &deal], 0));
    let played = &line[..20];
    let after = replay(&table(0).start(Rules::STANDARD), played);
    let with_moves = files.write(
        "moves.txt",
        &format!(
            "{}# moves: {}\n",
            std::fs::read_to_string(&deal).expect("written"),
            played.join(" ")
        ),
    );
    let text = formats::write(&Table::of_position(&after), Format::Position).expect("a pack");
    let typed = files.write("typed.txt", &format!("# game: klondike\n{text}"));
    let answer = json_answer(&["solve", "--json", &typed], 0);
    assert!(replay(&after, &steps(&answer)).is_won());
    let from_moves = json_answer(&["solve", "--json", &with_moves], 0);
    assert_eq!(answer["steps"], from_moves["steps"]);
    let hint = json_answer(&["hint", "--json", &typed], 0);
    assert_eq!(hint["next"], answer["steps"][0]);
    let valid = output(&["validate", &typed], 0);
    assert!(
        valid.contains(": a valid Klondike game under way, ")
            && valid.ends_with(
                " on the foundations (draw 3, unlimited passes), in the project's position text\n"
            ),
        "{valid}"
    );
    // Printed again as a position, it reads back the same.
    let printed = output(&["validate", "--print-as", "position", &typed], 0);
    assert_eq!(printed, format!("# game: klondike\n{text}"));
    let refused = error(&["validate", "--print-as", "layout", &typed], 2);
    assert_holds(&refused, "the project's position text can write it");
}

#[test]
fn a_position_with_cards_not_known_is_ranked_at_the_table_and_a_bad_one_named_where_it_is() {
    let file = common::data("klondike-position-unknowns.txt");
    let said = output(&["solve", &file], 3);
    assert_holds(&said, "8 cards are not known (??)");
    let args = ["hint", "--samples", "40", "--jobs", "2", &file];
    let ranked = output(&args, 3);
    assert_holds(&ranked, "At the table: 8 cards are not known (??)");
    let files = Files::new();
    let text = std::fs::read_to_string(&file).expect("the fixture");
    let bad = files.write(
        "bad.txt",
        &text
            .replacen("pile 2: Jh", "pile 2: Jh 9c", 1)
            .replacen("stock:", "stock: Xx", 1),
    );
    let said = error(&["validate", &bad], 2);
    assert_holds(&said, "bad.txt:12:8: 'Xx' is not a card");
    let bad = files.write("bad2.txt", &text.replacen("pile 2: Jh", "pile 2: Jh 9c", 1));
    let said = error(&["validate", &bad], 2);
    assert_holds(
        &said,
        "bad2.txt:6:26: 9c is laid out twice: in pile 2 and in pile 3",
    );
    assert_holds(&said, "make 53, but a pack has 52");
    assert_holds(&said, "bad2.txt:5:1: pile 2's face-up cards are not a run");
}

#[test]
fn validate_refuses_a_pile_with_more_cards_face_down_than_it_is_dealt() {
    let text = std::fs::read_to_string(common::data("klondike-position-unknowns.txt"))
        .expect("the fixture");
    let files = Files::new();
    let bad = files.write(
        "bad.txt",
        &text.replacen("pile 3: 2s 2d / Qd Js", "pile 3: 2s 2d Qd / Js", 1),
    );
    let said = error(&["validate", &bad], 2);
    assert_holds(
        &said,
        "bad.txt:6:1: pile 3 has 3 cards face down, but a new deal leaves it 2, and play never \
         adds one (pile N is dealt N-1 face down)",
    );
    assert_eq!(said.lines().count(), 1, "{said}");
    // Pile 1 is dealt with no card face down: said as none, not as "dealt 0".
    let bad = files.write(
        "bad1.txt",
        &text.replacen("pile 1: 8s 7d", "pile 1: 8s / 7d", 1),
    );
    let said = error(&["validate", &bad], 2);
    assert_eq!(
        said,
        format!(
            "{bad}:4:1: pile 1 has 1 card face down, but a new deal leaves it none, and play \
             never adds one (pile N is dealt N-1 face down)\n"
        )
    );
}

#[test]
fn validate_refuses_a_card_not_known_face_up_in_the_words_of_solve_and_hint() {
    let files = Files::new();
    let read = |name: &str| std::fs::read_to_string(common::data(name)).expect("the fixture");
    let position = read("klondike-position-unknowns.txt");
    // The player sees a pile's top card and the waste's top cards: a file that leaves one
    // not known (??) cannot be answered until it is written in.
    let cases = [
        (
            files.write(
                "pile-top.txt",
                &position.replacen("?? ?? ?? ?? / Qs", "?? ?? ?? ?? / ??", 1),
            ),
            "pile 5, card 5 from the bottom",
        ),
        (
            files.write("waste-top.txt", &position.replacen("6d Kc", "6d ??", 1)),
            "waste card 12 (from its bottom)",
        ),
        (
            files.write(
                "deal.txt",
                &read("klondike-unknowns.txt").replacen("?? 8d 5s", "?? 8d ??", 1),
            ),
            "pile 3, card 3 from the bottom",
        ),
    ];
    for (file, place) in &cases {
        let sentence =
            format!("A card not known is face up: write it in at {place}, then ask again.");
        for command in ["solve", "hint"] {
            let said = output(&[command, file], 3);
            assert!(said.ends_with(&format!("\n{sentence}\n")), "{said}");
        }
        // validate says the same, with the same exit code, rather than that the file is valid.
        assert_eq!(
            output(&["validate", file], 3),
            format!("{file}: {sentence}\n")
        );
    }
}

#[test]
fn an_unfinished_or_faulty_save_from_the_app_is_taken_by_the_app() {
    let files = Files::new();
    // A game under way saved with Ctrl-S after two cards were typed, then with one twice.
    let partial = "# game: klondike\n# name: partial table\n# saved: 2026-11-27 22:15\n\
                   # unfinished: 2/52 cards; `pyramid FILE` opens it to go on typing\n\
                   # rules: draw 3, unlimited passes\npile 1: 8s 7d\npile 2:\npile 3:\n\
                   pile 4:\npile 5:\npile 6:\npile 7:\nwaste:\nstock:\nfoundations:\n\
                   redeals: 0\n";
    let twice = partial.replace("pile 1: 8s 7d", "pile 1: 8s 7d 8s");
    for (name, text) in [("partial.txt", partial), ("twice.txt", twice.as_str())] {
        let file = files.write(name, text);
        // The app opens it into its editor to mend it: without a terminal it can only say
        // it needs one, where before it refused the file for its cards missing.
        let out = pyramid().arg(&file).write_stdin("").assert().code(2);
        let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert_holds(&err, "the app needs a terminal");
        assert!(!err.contains("missing"), "{err}");
    }
}

/// A game saved under other rules than the standard ones, printed in another format, reads
/// back as the same game: the copy keeps its `# rules:` line, so its moves replay and its
/// cards not known stay hidden as they were (issue 29).
#[test]
fn a_game_printed_in_another_format_keeps_its_rules() {
    let files = Files::new();
    let rules = "# rules: draw 1, 3 passes\n# moves: draw draw draw draw draw draw\n";
    let layout = Deal::shuffled(WINNABLE[0]).to_layout();
    let whole = files.write("whole.txt", &format!("# game: klondike\n{rules}{layout}"));
    // Stock card 9: hidden after six draws of one card, face up after six draws of three.
    let stock = layout.lines().last().expect("a stock line");
    let mut cards: Vec<&str> = stock.split_whitespace().collect();
    cards[8] = "??";
    let hidden = layout.replace(stock, &cards.join(" "));
    let unknown = files.write("unknown.txt", &format!("# game: klondike\n{rules}{hidden}"));
    let cases = [
        (&whole, "layout"),
        (&whole, "code"),
        (&whole, "position"),
        (&unknown, "layout"),
        (&unknown, "position"),
    ];
    for (file, format) in cases {
        let printed = output(&["validate", "--print-as", format, file], 0);
        assert_holds(&printed, "# rules: draw 1, 3 passes\n");
        let copy = files.write(&format!("copy.{format}"), &printed);
        assert_holds(
            &output(&["validate", &copy], 0),
            ": a valid Klondike game (draw 1, 3 passes) in progress (6 moves played), in ",
        );
        if file == &whole {
            assert_eq!(solved(file), solved(&copy), "{format}: {printed}");
        }
    }
    // The standard rules need no line: a copy reads under them without it.
    let plain = files.deal("plain.txt", &table(WINNABLE[0]), Format::Layout);
    let printed = output(&["validate", "--print-as", "code", &plain], 0);
    assert!(!printed.contains("# rules:"), "{printed}");
    // Solvitaire's JSON takes no comment: it says what it leaves out.
    let warned = error(&["validate", "--print-as", "solvitaire", &whole], 0);
    assert_holds(
        &warned,
        "not written: the rules (draw 1, 3 passes) and the 6 moves played",
    );
}

/// What `solve --json` answers of a file, its exit code first, the search's counts left out.
fn solved(file: &str) -> (Option<i32>, Value) {
    let out = pyramid()
        .args(["solve", "--json", file])
        .output()
        .expect("runs");
    let mut answer: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    answer["stats"] = Value::Null;
    (out.status.code(), answer)
}

/// A `# moves:` line that builds on a card not known asks for it to be written in the file,
/// where the app asks for it to be typed (issue 29).
#[test]
fn a_move_onto_a_card_not_known_asks_for_it_in_the_file() {
    let files = Files::new();
    let layout = Deal::shuffled(0).to_layout();
    let lines: Vec<&str> = layout.lines().collect();
    let pile_1 = lines[1].trim();
    let pile_2 = lines[2].split_whitespace().collect::<Vec<_>>();
    let hidden = layout.replacen(lines[2], &format!("{} ??", pile_2[0]), 1);
    let text = format!("# game: klondike\n# moves: {pile_1}>2\n{hidden}");
    let said = error(&["solve", &files.write("onto.txt", &text)], 2);
    assert_holds(
        &said,
        "the card on top of pile 2 is not known yet (??): write it in the file before building \
         on it",
    );
}

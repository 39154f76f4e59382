//! The commands with TriPeaks: every answer they print is replayed on the library's referee,
//! and the figures they claim are checked against the replay.

mod common;

use common::{Files, assert_holds, json_answer, output, pyramid};
use serde_json::Value;
use solitaire::engine::referee::read_line;
use solitaire::games::GameKind;
use solitaire::games::tripeaks::saved::SavedTriPeaks;
use solitaire::games::tripeaks::{Move, Position, notation};

fn saved_game(name: &str) -> String {
    format!("{}/saved-games/{name}", env!("CARGO_MANIFEST_DIR"))
}

const CLEARS: &str = "tripeaks-clears-43-steps.txt";
const HOPELESS: &str = "tripeaks-cannot-clear.txt";
const AS_DEALT: &str = "tripeaks-as-dealt.txt";

/// The start of a saved game.
fn start(name: &str) -> Position {
    let text = std::fs::read_to_string(saved_game(name)).expect("the file is there");
    SavedTriPeaks::parse(&text, "x")
        .expect("a TriPeaks save")
        .game()
        .position()
        .to_owned()
}

/// Plays a JSON list of steps (`"draw"` or a card, or objects with a `step`) from `start`.
fn replay(start: &Position, steps: &Value) -> Position {
    let words: Vec<String> = steps
        .as_array()
        .expect("a list of steps")
        .iter()
        .map(|step| {
            let step = step.get("step").unwrap_or(step);
            step.as_str().expect("a step is text").to_string()
        })
        .collect();
    let moves: Vec<Move> = read_line(start, &words.join(" "), notation::read_move)
        .expect("every step is legal in turn");
    let mut position = *start;
    for mv in moves {
        position.apply(mv).expect("legal");
    }
    position
}

#[test]
fn a_clearable_deal_is_solved_and_the_line_clears_it() {
    let file = saved_game(CLEARS);
    let text = output(&["solve", &file], 0);
    assert!(
        text.starts_with(
            "TriPeaks (Microsoft Solitaire Collection's rules): Cleared in 43 steps.\n"
        ),
        "{text}"
    );
    let answer = json_answer(&["solve", "--json", &file], 0);
    assert_eq!(answer["game"], "tripeaks");
    assert_eq!(answer["solvable"], true);
    assert_eq!(answer["definitive"], true);
    let line = &answer["lines"][0];
    assert_eq!(line["length"], 43);
    assert!(replay(&start(CLEARS), &line["steps"]).is_won());
    // The hint is the first step of that line.
    let hint = json_answer(&["hint", "--json", &file], 0);
    assert_eq!(hint["next"], line["steps"][0]["step"]);
    assert_eq!(hint["length"], 43);
}

#[test]
fn a_hopeless_deal_is_proved_so_with_the_line_that_clears_the_most() {
    let file = saved_game(HOPELESS);
    let text = output(&["solve", &file], 1);
    assert!(
        text.starts_with(
            "TriPeaks (Microsoft Solitaire Collection's rules): No solution: an exhaustive search"
        ),
        "{text}"
    );
    let answer = json_answer(&["solve", "--json", &file], 1);
    assert_eq!(answer["solvable"], false);
    assert_eq!(answer["definitive"], true);
    let line = &answer["lines"][0];
    let end = replay(&start(HOPELESS), &line["steps"]);
    assert!(!end.is_won());
    assert_eq!(line["cleared"], end.removed());
}

#[test]
fn the_score_and_card_answers_replay_to_what_they_claim() {
    let file = saved_game(CLEARS);
    let best = json_answer(&["solve", "--json", "--score", &file], 1);
    assert_eq!(best["target"], GameKind::TriPeaks.full_score());
    assert_eq!(best["reached"], false);
    let line = &best["lines"][0];
    let end = replay(&start(CLEARS), &line["steps"]);
    assert_eq!(line["score"], end.score());
    // A target under the best is reached, on a line that gets there.
    let target = end.score() / 2;
    let reached = json_answer(
        &["solve", "--json", "--score", &target.to_string(), &file],
        0,
    );
    let line = &reached["lines"][0];
    let end = replay(&start(CLEARS), &line["steps"]);
    assert!(end.score() >= target);
    assert!(line["length"].as_u64() <= best["lines"][0]["length"].as_u64());
    // Earlier deals' points count towards the target.
    let earned = json_answer(
        &[
            "solve", "--json", "--score", "200000", "--earned", "150000", &file,
        ],
        1,
    );
    assert_eq!(
        earned["lines"][0]["score"].as_u64(),
        best["lines"][0]["score"].as_u64().map(|s| s + 150_000)
    );
    let card = json_answer(&["solve", "--json", "--card", "K:2", &file], 0);
    let end = replay(&start(CLEARS), &card["lines"][0]["steps"]);
    let king = "K".parse().expect("a rank");
    assert!(end.removed_of_rank(king) >= 2);
}

#[test]
fn unknown_cards_give_an_answer_that_is_not_definitive_and_a_plan_to_reveal_one() {
    let file = saved_game(AS_DEALT);
    let text = output(&["solve", &file], 3);
    assert_holds(&text, "Not definitive");
    assert_holds(&text, "To reveal:");
    let answer = json_answer(&["solve", "--json", &file], 3);
    assert_eq!(answer["definitive"], false);
    let from = start(AS_DEALT);
    let end = replay(&from, &answer["reveal"]["steps"]);
    let slot = answer["reveal"]["seen_slot"].as_u64().expect("a slot") as usize;
    assert_ne!(
        from.deal().unknown() & (1 << slot),
        0,
        "the card seen was unknown"
    );
    assert!(
        end.seen_unknown() & (1 << slot) != 0,
        "the plan turns slot {slot} face up"
    );
    let valid = output(&["validate", &file], 0);
    assert!(
        valid.ends_with("a valid TriPeaks deal, 41 cards unknown\n"),
        "{valid}"
    );
}

/// With the card drawn not known, no move clears a tableau card on the cards known, but the
/// stock can still be drawn: the hint must not say the game has no move.
#[test]
fn a_hint_with_only_draws_left_on_the_cards_known_does_not_say_no_move_is_left() {
    let files = Files::new();
    let text = std::fs::read_to_string(saved_game(AS_DEALT)).expect("the example");
    let drawn = files.write("drawn.txt", &format!("{text}# moves: draw\n"));
    let hint = output(&["hint", &drawn], 3);
    assert!(!hint.contains("No move is left"), "{hint}");
    assert_holds(&hint, "No move clears a tableau card");
}

#[test]
fn the_game_comes_from_the_flag_or_the_header_and_they_must_agree() {
    let deal = std::fs::read_to_string(saved_game(CLEARS)).expect("readable");
    let plain: String = deal
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n");
    // A plain deal file is Pyramid unless the flag says otherwise.
    let as_tripeaks = pyramid()
        .args(["solve", "--game", "tripeaks", "-"])
        .write_stdin(plain.clone())
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    assert!(
        String::from_utf8_lossy(&as_tripeaks)
            .starts_with("TriPeaks (Microsoft Solitaire Collection's rules): Cleared in 43 steps.")
    );
    let as_pyramid = pyramid()
        .args(["validate", "-"])
        .write_stdin(plain)
        .assert()
        .code(0);
    assert!(
        String::from_utf8_lossy(&as_pyramid.get_output().stdout).contains("a valid Pyramid deal")
    );
    let refused = pyramid()
        .args(["solve", "--game", "pyramid", &saved_game(CLEARS)])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(
        String::from_utf8_lossy(&refused).contains("holds a TriPeaks game"),
        "{}",
        String::from_utf8_lossy(&refused)
    );
    let rules = pyramid()
        .args(["solve", "--passes", "1", &saved_game(CLEARS)])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(String::from_utf8_lossy(&rules).contains("Pyramid's rules"));
}

#[test]
fn a_rule_given_to_tripeaks_is_refused_with_every_games_rules() {
    let refused = |flags: &[&str]| {
        let mut args = vec!["solve"];
        args.extend_from_slice(flags);
        let file = saved_game(CLEARS);
        args.push(&file);
        let stderr = pyramid()
            .args(&args)
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        String::from_utf8(stderr).expect("UTF-8 errors")
    };
    let every = "(Pyramid's rules are --passes, --relaxed, --strict and --goal; Klondike's are \
                 --draw, --passes, --no-foundation-moves and --any-card-on-empty; Triple \
                 Klondike's are --passes, --no-foundation-moves, --packs, --piles, --whole-runs \
                 and --tied-suits; Perfect Pair's are --free-cells, --uses, --run-after-four, \
                 --cell-breaks-run, --unused-paid, --perfect-from-cells and --play-for)";
    // A rule of one game or of two: TriPeaks has none, and the message lists every game's.
    for (flags, named) in [
        (&["--goal", "all"][..], "--goal is a rule"),
        (&["--passes", "1"][..], "--passes is a rule"),
        (
            &["--draw", "1", "--relaxed"][..],
            "--relaxed and --draw are rules",
        ),
    ] {
        assert_eq!(
            refused(flags),
            format!("pyramid: {named} of other games: TriPeaks has none to change {every}\n")
        );
    }
}

#[test]
fn batch_reads_named_columns_and_checks_the_known_lengths() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let deals = dir.path().join("deals.tsv");
    let clears = start(CLEARS).deal().to_line();
    let hopeless = start(HOPELESS).deal().to_line();
    std::fs::write(
        &deals,
        format!("# two deals\nnumber\tboard_steps\tdeal\n1\t43\t{clears}\n2\t0\t{hopeless}\n"),
    )
    .expect("writable");
    let path = deals.to_str().expect("UTF-8 path");
    let lines = output(&["batch", "--game", "tripeaks", "--check", path], 0);
    let answers: Vec<Value> = lines
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON Lines"))
        .collect();
    assert_eq!(answers.len(), 2);
    assert_eq!(answers[0]["check"]["matches"], true);
    assert_eq!(answers[1]["check"]["matches"], true);
    assert_eq!(answers[1]["solvable"], false);
    // A deal held back by unknown cards is counted undecided, never as lost.
    let as_dealt = start(AS_DEALT).deal().to_line();
    std::fs::write(&deals, format!("{clears}\n{as_dealt}\n")).expect("writable");
    let lines = output(&["batch", "--game", "tripeaks", path], 3);
    let second: Value =
        serde_json::from_str(lines.lines().nth(1).expect("two lines")).expect("JSON");
    assert_eq!(second["definitive"], false);
    // A wrong known length is a mismatch.
    std::fs::write(
        &deals,
        format!("number\tboard_steps\tdeal\n1\t42\t{clears}\n"),
    )
    .expect("w");
    output(&["batch", "--game", "tripeaks", "--check", path], 2);
}

#[test]
fn stats_count_clearable_deals_and_their_best_scores() {
    let summary = json_answer(
        &[
            "stats", "--game", "tripeaks", "--deals", "12", "--seed", "5", "--card", "K", "--json",
        ],
        0,
    );
    assert_eq!(summary["game"], "tripeaks");
    assert_eq!(summary["deals"], 12);
    let scores: u64 = summary["scores"]
        .as_object()
        .expect("scores by value")
        .values()
        .filter_map(Value::as_u64)
        .sum();
    assert_eq!(scores, 12, "one best score a deal");
    let most = summary["scores"]
        .as_object()
        .expect("scores")
        .keys()
        .filter_map(|score| score.parse::<u32>().ok())
        .max()
        .expect("a score");
    assert!(most <= GameKind::TriPeaks.full_score());
    // The Card challenge's distribution: the most Kings of each deal, at most four.
    let kings = summary["cards"]["most"]
        .as_object()
        .expect("counts of Kings");
    assert_eq!(kings.values().filter_map(Value::as_u64).sum::<u64>(), 12);
    assert!(
        kings
            .keys()
            .all(|count| count.parse::<u32>().is_ok_and(|c| c <= 4))
    );
}

#[test]
fn the_game_flag_may_come_before_the_command() {
    let text = output(&["--game", "tripeaks", "solve", &saved_game(CLEARS)], 0);
    assert!(
        text.starts_with("TriPeaks (Microsoft Solitaire Collection's rules): Cleared in 43 steps."),
        "{text}"
    );
}

/// A hint from a saved position counts the cards its line removes from there, and says how
/// many that makes in all, as the JSON's `cleared` does.
#[test]
fn a_hint_from_a_saved_position_counts_the_cards_still_to_remove() {
    let text = std::fs::read_to_string(saved_game("tripeaks-cannot-clear.txt"))
        .expect("the file is there");
    let played = text.replacen(
        "# game: tripeaks\n",
        "# game: tripeaks\n# moves: 3d 2s draw 5c\n",
        1,
    );
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("played.txt");
    std::fs::write(&path, played).expect("writable");
    let path = path.to_str().expect("a UTF-8 path");
    let answer = json_answer(&["hint", "--json", path], 1);
    assert_eq!(answer["from"]["moves_played"], 4, "{answer}");
    assert_eq!(answer["from"]["removed"], 3, "{answer}");
    let cleared = answer["cleared"].as_u64().expect("a count");
    let length = answer["length"].as_u64().expect("a length");
    let hint = output(&["hint", path], 1);
    // Three tableau cards are gone in the four moves played.
    let said = format!(
        "the best line removes {} more tableau cards ({cleared} in all) in {length} steps.",
        cleared - 3
    );
    assert!(hint.contains(&said), "{hint}\n{said}");
    // solve's headline counts the same way as hint, from the saved position and in all.
    let solved = output(&["solve", path], 1);
    let headline = solved
        .lines()
        .nth(1)
        .expect("a headline after the saved position");
    let counted = format!(
        "The most that can be cleared: {} more tableau cards ({cleared} in all) in {length} steps.",
        cleared - 3
    );
    assert!(headline.ends_with(&counted), "{solved}\n{counted}");
}

#[test]
fn a_move_that_cannot_be_played_is_named_at_its_place_as_any_problem_of_a_file() {
    let files = Files::new();
    let text = std::fs::read_to_string(saved_game(CLEARS)).expect("the file is there");
    let saved = files.write("saved.txt", &format!("# moves: draw\n#moves:  Zz\n{text}"));
    let said = pyramid()
        .args(["solve", &saved])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let said = String::from_utf8(said).expect("text");
    // `file:line:column: message`, as a card that is not one is named: no program name first.
    assert!(
        said.starts_with(&format!("{saved}:2:10: # moves: move 2: 'Zz'")),
        "{said}"
    );
}

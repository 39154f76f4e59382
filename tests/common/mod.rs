//! Shared helpers for the integration tests: the deal fixtures and a replay through the
//! referee.

#![allow(dead_code)]

pub mod at_table;
pub mod klondike;

use solitaire::games::pyramid::{Finish, Move, Position, Rules};
use solitaire::{Card, Deal};

/// The path of a fixture under `tests/data`.
pub fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A fixture deal.
pub fn deal(name: &str) -> Deal {
    let text = std::fs::read_to_string(data(name)).expect("fixture exists");
    Deal::parse(&text).expect("fixture is a valid deal")
}

/// The folder of deals with known answers kept beside the repository (`../shared/decks`, or
/// `PYRAMID_SHARED_DECKS`), when it is there. They belong to other projects and are not
/// shipped, so a checkout without them skips the tests that use them, saying so.
pub fn shared_decks(test: &str) -> Option<std::path::PathBuf> {
    let dir = std::env::var_os("PYRAMID_SHARED_DECKS").map_or_else(
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/decks"),
        std::path::PathBuf::from,
    );
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipped {test}: {} is not there (the deals with known answers)",
            dir.display()
        );
        None
    }
}

/// The 1500 random deals of `random-1500.tsv` with their known optimal lengths (0 = no
/// solution), when the shared decks are there.
pub fn random_1500(test: &str) -> Option<Vec<(usize, Deal)>> {
    let path = shared_decks(test)?.join("random-1500.tsv");
    let text = std::fs::read_to_string(&path).expect("random-1500.tsv is readable");
    Some(
        text.lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .map(|line| {
                let (length, cards) = line.split_once('\t').expect("length<TAB>deal");
                (
                    length.parse().expect("a length"),
                    Deal::parse(cards).expect("a valid deal"),
                )
            })
            .collect(),
    )
}

/// Replays moves in the referee from a position; panics on an illegal one.
pub fn replay(start: &Position, moves: &[Move]) -> Position {
    let mut position = start.clone();
    for (number, &mv) in moves.iter().enumerate() {
        if let Err(error) = position.apply(mv) {
            panic!(
                "step {} ({mv:?}) is illegal: {error}\n{position}",
                number + 1
            );
        }
    }
    position
}

/// A deal shuffled from a seed: the first of the library's reproducible random deals.
pub fn shuffled(seed: u64) -> Deal {
    solitaire::cards::deal::random_deals(seed, 1).remove(0)
}

/// How much of a long cross-check runs. The README's command (`cargo test --release`) runs a
/// sample, every `stride`-th case from the first, fixed so that a failure names the same case
/// every time; the full range runs behind `cargo test --release -- --ignored`, in a test of the
/// same check marked `#[ignore = "long: ..."]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Breadth {
    Sample { stride: usize },
    Full,
}

impl Breadth {
    /// The cases this breadth runs of `all`.
    pub fn of<T>(self, all: impl Iterator<Item = T>) -> impl Iterator<Item = T> {
        all.step_by(self.stride())
    }

    /// A count met over the full range, scaled to the share of it this breadth runs (at least
    /// 1): how many cases of a kind a sample must still meet.
    pub fn share(self, full: usize) -> usize {
        (full / self.stride()).max(1)
    }

    fn stride(self) -> usize {
        match self {
            Breadth::Sample { stride } => stride,
            Breadth::Full => 1,
        }
    }
}

/// A new game under the Microsoft Solitaire Collection rules.
pub fn start(deal: &Deal) -> Position {
    Position::new(deal, Rules::default())
}

/// A small random generator for the tests' choices.
pub struct Pick(pub u64);

impl Pick {
    /// A number below `n`.
    pub fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from((self.0 >> 33) % n as u64).expect("a small number")
    }
}

/// A small position for exhaustive cross-checks, from a random deal: 10 to 15 pyramid cards
/// left (taken off from the bottom up), piles made mostly of partners for them so that a fair
/// share can be cleared, split at random between waste and stock, on a random pass the rules
/// allow. Every other card counts as removed. When all 52 cards are to be cleared, every pyramid
/// card gets a partner and the extra cards are a pair (or a King), so that more can be won.
pub fn small_position(seed: u64, rules: Rules) -> Position {
    let deal = shuffled(seed);
    let mut pick = seed;
    let mut next = |n: u64| {
        pick = pick
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (pick >> 33) % n
    };
    let mut pyramid: [Option<Card>; 28] = std::array::from_fn(|i| Some(deal.cards()[i]));
    let keep = 10 + next(6) as usize;
    while pyramid.iter().flatten().count() > keep {
        let position = Position::from_parts(rules, pyramid, &[], &[], 0, Vec::new());
        let free: Vec<usize> = (0..28).filter(|&i| position.is_uncovered(i)).collect();
        pyramid[free[next(free.len() as u64) as usize]] = None;
    }
    let mut unused: Vec<Card> = deal.cards()[28..].to_vec();
    unused.extend(
        (0..28)
            .filter(|&i| pyramid[i].is_none())
            .map(|i| deal.cards()[i]),
    );
    let all_cards = rules.finish == Finish::AllCards;
    let mut cards = Vec::new();
    for card in pyramid.iter().flatten() {
        if (all_cards || next(8) > 0)
            && let Some(at) = unused.iter().position(|c| c.value() + card.value() == 13)
        {
            cards.push(unused.swap_remove(at));
        }
    }
    for _ in 0..2 {
        let at = next(unused.len() as u64) as usize;
        let card = unused.swap_remove(at);
        cards.push(card);
        if all_cards {
            if let Some(at) = unused.iter().position(|c| c.value() + card.value() == 13) {
                cards.push(unused.swap_remove(at));
            }
            break;
        }
    }
    for i in (1..cards.len()).rev() {
        cards.swap(i, next(i as u64 + 1) as usize);
    }
    let waste = next(cards.len() as u64 + 1) as usize;
    let passes = rules.max_recycles().map_or(3, |most| u64::from(most) + 1);
    let recycles = next(passes);
    let kept: std::collections::HashSet<Card> =
        pyramid.iter().flatten().chain(&cards).copied().collect();
    let removed: Vec<Card> = Card::all().filter(|c| !kept.contains(c)).collect();
    Position::from_parts(
        rules,
        pyramid,
        &cards[waste..],
        &cards[..waste],
        recycles,
        removed,
    )
}

/// What tells two positions apart for an exhaustive search: the cards and where they lie, and
/// the recycles made (unless passes are unlimited, when they make no difference).
pub type Key = (Vec<Option<Card>>, Vec<Card>, Vec<Card>, u64);

/// The key of a position.
pub fn key(position: &Position) -> Key {
    let counted = position.rules().max_recycles().is_some();
    (
        position.pyramid().to_vec(),
        position.stock_top_first().collect(),
        position.waste_bottom_first().to_vec(),
        if counted { position.recycles_used() } else { 0 },
    )
}

/// The positions one legal move after those of `layer` that `seen` did not hold (it holds
/// them after): the next layer of a breadth-first search over the referee's positions.
pub fn next_layer<'a>(
    layer: impl IntoIterator<Item = &'a Position>,
    seen: &mut std::collections::HashSet<Key>,
) -> Vec<Position> {
    let mut next = Vec::new();
    for position in layer {
        for mv in position.legal_moves() {
            let mut after = position.clone();
            after.apply(mv).expect("a legal move");
            if seen.insert(key(&after)) {
                next.push(after);
            }
        }
    }
    next
}

/// The cards in play: the pyramid's, the stock's from its top and the waste's from its
/// bottom.
pub fn cards_in_play(position: &Position) -> Vec<Card> {
    position.in_play().collect()
}

/// A folder for the test's files, kept until the end of the test.
pub struct Files(tempfile::TempDir);

impl Files {
    pub fn new() -> Files {
        Files(tempfile::tempdir().expect("a temporary folder"))
    }

    /// Writes a file and gives its path as text.
    pub fn write(&self, name: &str, text: &str) -> String {
        let path = self.0.path().join(name);
        std::fs::write(&path, text).expect("writable");
        path.to_str().expect("a UTF-8 path").to_string()
    }
}

/// Asserts that `text` holds `part`, showing the whole text when it does not.
#[track_caller]
pub fn assert_holds(text: &str, part: &str) {
    assert!(text.contains(part), "{part:?} is not in:\n{text}");
}

/// The program under test.
pub fn pyramid() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("pyramid").expect("the binary is built")
}

/// Runs the binary, expects an exit code, and gives standard output.
pub fn output(args: &[&str], code: i32) -> String {
    let stdout = pyramid()
        .args(args)
        .assert()
        .code(code)
        .get_output()
        .stdout
        .clone();
    String::from_utf8(stdout).expect("UTF-8 output")
}

/// Runs the binary, expects an exit code, and reads standard output as one JSON value.
pub fn json_answer(args: &[&str], code: i32) -> serde_json::Value {
    serde_json::from_str(&output(args, code)).expect("valid JSON")
}

/// Games at the table, at a tiny budget: a few deals, a few deals of the cards not seen a
/// move, no time limit, so that the figures are the same on every run.
pub const AT_THE_TABLE: [&str; 7] = [
    "--at-table",
    "--deals",
    "4",
    "--samples",
    "4",
    "--seed",
    "3",
];

/// The results lines of a file written by `stats --out`, after the run's first line.
pub fn results_lines(path: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .expect("the results file")
        .lines()
        .skip(1)
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// One deal of `tripeaks/public-1500.tsv` with its known answers.
#[derive(Debug, Clone)]
pub struct TriPeaksKnown {
    /// The deal's line number in the file, from 1.
    pub number: usize,
    /// Fewest steps to clear the tableau, `None` when it cannot be cleared.
    pub board_steps: Option<usize>,
    /// The exact maximum score, the fewest steps to it, and whether that line clears.
    pub max_score: u32,
    pub max_steps: usize,
    pub max_clears: bool,
    pub deal: Deal,
}

/// The 1500 public TriPeaks deals with their known answers (`../shared/tripeaks/public-1500.tsv`,
/// or `PYRAMID_SHARED_TRIPEAKS`), when the file is there; otherwise says the test is skipped.
pub fn tripeaks_public(test: &str) -> Option<Vec<TriPeaksKnown>> {
    let path = std::env::var_os("PYRAMID_SHARED_TRIPEAKS").map_or_else(
        || {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../shared/tripeaks/public-1500.tsv")
        },
        std::path::PathBuf::from,
    );
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "skipped {test}: {} is not there (the TriPeaks deals with known answers)",
            path.display()
        );
        return None;
    };
    Some(
        text.lines()
            .filter(|line| !line.starts_with('#') && !line.starts_with("line\t"))
            .filter(|line| !line.trim().is_empty())
            .map(|line| {
                let fields: Vec<&str> = line.split('\t').collect();
                assert_eq!(fields.len(), 8, "eight columns: {line}");
                let number = |i: usize| fields[i].parse::<usize>().expect("a number");
                TriPeaksKnown {
                    number: number(0),
                    board_steps: Some(number(1)).filter(|&steps| steps > 0),
                    max_score: number(2) as u32,
                    max_steps: number(3),
                    max_clears: number(4) == 1,
                    deal: Deal::parse_as(fields[7], solitaire::GameKind::TriPeaks)
                        .expect("a valid deal"),
                }
            })
            .collect(),
    )
}

/// Replays a TriPeaks solver's line from `start`, checking it is legal and that it clears the
/// tableau as it says; the position at its end.
pub fn tripeaks_replayed(
    start: &solitaire::games::tripeaks::Position,
    line: &solitaire::games::tripeaks::solver::Line,
) -> solitaire::games::tripeaks::Position {
    let mut position = *start;
    for &mv in &line.moves {
        position.apply(mv).expect("a solver's line replays");
    }
    assert_eq!(position.is_won(), line.clears);
    position
}

/// Sends a signal by name (`INT`, `TERM`, `TSTP`) to a process, as a shell's `kill` does.
pub fn signal(name: &str, pid: u32) {
    let sent = std::process::Command::new("kill")
        .arg(format!("-{name}"))
        .arg(pid.to_string())
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -{name} {pid}");
}

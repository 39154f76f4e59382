//! Shared checks of the ranking of moves at the table, for every game that gives one.

use serde_json::Value;
use solitaire::Card;
use solitaire::engine::at_table::{self, AtTable, Estimate, Ranking, SampleBudget};
use solitaire::engine::referee::Referee;
use solitaire::engine::search::Caps;

/// A budget of `deals` deals on two threads, no time limit, no cap.
pub fn budget(deals: usize) -> SampleBudget {
    SampleBudget {
        deals,
        time: None,
        threads: 2,
        caps: Caps::NONE,
        seed: 1,
    }
}

/// The legal moves of `position`, each in the game's notation (`text`).
pub fn legal_texts<P: Referee>(position: &P, text: impl Fn(&P, P::Move) -> String) -> Vec<String> {
    position
        .legal_moves()
        .into_iter()
        .map(|mv| text(position, mv))
        .collect()
}

/// The words of `hint` at the table on `file`, with a challenge's flags (none for the
/// game's win), over `deals` deals on two threads with time enough (in JSON when `json`).
fn hint_args<'a>(file: &'a str, challenge: &[&'a str], deals: &'a str, json: bool) -> Vec<&'a str> {
    let mut args = vec!["hint"];
    args.extend(json.then_some("--json"));
    args.extend(challenge);
    args.extend([
        "--samples",
        deals,
        "--time-limit",
        "600",
        "--jobs",
        "2",
        file,
    ]);
    args
}

/// `hint` at the table on `file` (see [`hint_args`]), undecided as cards are not known: its
/// words and its JSON.
pub fn hint_at_table(file: &str, challenge: &[&str], deals: u64) -> (String, Value) {
    let deals = deals.to_string();
    let said = super::output(&hint_args(file, challenge, &deals, false), 3);
    let answer = super::json_answer(&hint_args(file, challenge, &deals, true), 3);
    (said, answer)
}

/// Asserts that `hint` at the table on `file` gives the same figures again: the same seed,
/// the same deals.
#[track_caller]
pub fn assert_same_figures_again(file: &str, challenge: &[&str], deals: u64, answer: &Value) {
    let deals = deals.to_string();
    let again = super::json_answer(&hint_args(file, challenge, &deals, true), 3);
    assert_eq!(again["moves"], answer["moves"]);
}

/// Asserts that `hint` on the game `text` with the stock's top drawn and not typed in
/// answers without ranking the moves: the player sees that card, and it comes first.
#[track_caller]
pub fn assert_hint_waits_for_the_card_drawn(text: &str) {
    let dir = tempfile::tempdir().expect("a folder");
    let drawn = dir.path().join("drawn.txt");
    std::fs::write(&drawn, format!("# moves: draw\n{text}")).expect("written");
    let waiting = super::output(&["hint", drawn.to_str().expect("a path")], 3);
    assert!(!waiting.contains("At the table"), "{waiting}");
}

/// Checks `hint --json`'s ranking against the `legal` moves in the notation and the text
/// `said`: every legal move ranked once, the best first, each on `deals` deals with its chance
/// inside its interval and named in the text, and the best one named as such, its chance
/// called `words` ("win chance", "chance to reach 30,000").
pub fn check_ranking(answer: &Value, said: &str, legal: &[String], words: &str, deals: u64) {
    let moves = answer["moves"].as_array().expect("the moves");
    assert_eq!(moves.len(), legal.len(), "{answer}");
    let chance = |figures: &Value| figures["chance"].as_f64().expect("a chance");
    for (figures, next) in moves.iter().zip(moves.iter().skip(1)) {
        assert!(chance(figures) >= chance(next), "best first: {answer}");
    }
    for figures in moves {
        let named = figures["move"].as_str().expect("a move");
        assert!(legal.iter().any(|mv| mv == named), "{named} is legal");
        assert_eq!(figures["deals"], deals, "{figures}");
        let (low, high) = (figures["low"].as_f64(), figures["high"].as_f64());
        let (low, high) = (low.expect("low"), high.expect("high"));
        assert!(
            low <= chance(figures) && chance(figures) <= high,
            "{figures}"
        );
        assert!(
            said.contains(&format!("{named}: ")) || said.contains(&format!("Best: {named} (")),
            "{said}"
        );
    }
    let best = answer["best"].as_str().expect("a best move");
    assert_eq!(moves[0]["move"], best);
    assert!(said.contains(&format!("Best: {best} (")), "{said}");
    assert_eq!(
        (answer["deals"].clone(), answer["exact"].clone()),
        (deals.into(), false.into())
    );
    let first = percent(chance(&moves[0]));
    let bound = |name: &str| percent(moves[0][name].as_f64().expect("a bound"));
    let interval = format!("({} to {}, ", bound("low"), bound("high"));
    assert!(
        said.contains(&format!("{words} {first} {interval}")),
        "{said}"
    );
}

/// A chance as the text says it: "64%", "0.5%" (one decimal below 10%).
fn percent(chance: f64) -> String {
    let value = chance * 100.0;
    if value > 0.0 && value < 10.0 {
        format!("{value:.1}%")
    } else {
        format!("{value:.0}%")
    }
}

/// Checks the points of a Score ranking in `hint --json`: every move's mean, within its
/// margin, at least the points `earned` before, on `deals` deals; and named in the text
/// `said`.
pub fn check_points(answer: &Value, said: &str, earned: u64, deals: u64) {
    for figures in answer["moves"].as_array().expect("the moves") {
        let points = &figures["points"];
        let mean = points["mean"].as_f64().expect("a mean");
        let margin = points["margin"].as_f64().expect("a margin");
        assert!(mean >= earned as f64 && margin >= 0.0, "{figures}");
        assert_eq!(
            (points["deals"].clone(), points["exact"].clone()),
            (deals.into(), false.into()),
            "{figures}"
        );
    }
    assert!(said.contains(" points\n"), "{said}");
    assert!(said.contains(", mean "), "{said}");
}

/// What the figures checked against the full-knowledge average came to: the sampled ones,
/// and those whose 95% interval holds the average.
#[derive(Debug, Default)]
pub struct Coverage {
    pub sampled: usize,
    pub covered: usize,
}

impl Coverage {
    /// Checks one move's figure against `average`, the share of every deal of the unknown
    /// cards that the move wins with every card known (what the sampling estimates): an exact
    /// figure is that share; a sampled one holds it within its interval widened by its margin,
    /// and within the interval itself about 95 times in a hundred, counted here.
    pub fn check(&mut self, estimate: Estimate, average: f64, context: &str) {
        if let Estimate::Exact(wins) = estimate {
            let exact = if wins { 1.0 } else { 0.0 };
            assert!((average - exact).abs() < 1e-9, "settled: {context}");
            return;
        }
        let (low, high) = estimate.interval();
        let margin = estimate.margin();
        self.sampled += 1;
        self.covered += usize::from((low - 1e-9..=high + 1e-9).contains(&average));
        assert!(
            (low - margin - 1e-9..=high + margin + 1e-9).contains(&average),
            "{average} far outside {low}..{high}: {context}"
        );
    }

    /// At least `fewest` figures sampled, and nine in ten of their intervals holding the
    /// average: at 95%, about one in twenty may miss it.
    pub fn assert_mostly_covered(&self, fewest: usize) {
        let Coverage { sampled, covered } = *self;
        assert!(sampled >= fewest, "only {sampled} moves sampled");
        assert!(
            covered * 100 >= sampled * 90,
            "{covered} of {sampled} covered"
        );
    }
}

/// The two references a ranked move is checked against: the *true* chance, for a player who
/// learns each card as it turns up, and the *full-knowledge average*, the share of all deals
/// of the unknown cards that the move wins with every card known (what the sampling
/// estimates).
#[derive(Debug, Clone, Copy)]
pub struct References {
    pub truth: f64,
    pub average: f64,
}

/// Checks each move of `ranking` against its `references`: the truth never above the
/// average (knowing more never hurts), the figure holding the average within its margins
/// (counted in `coverage`), the best move's truth near the best there is, and the best move
/// at 100% when some move wins for certain. The references, in the ranking's order.
pub fn check_against_references<M: Copy + std::fmt::Debug>(
    ranking: &Ranking<M>,
    context: &str,
    coverage: &mut Coverage,
    references: impl FnMut(M) -> References,
) -> Vec<References> {
    let found: Vec<References> = ranking
        .moves
        .iter()
        .map(|chance| chance.mv)
        .map(references)
        .collect();
    let context = format!("{context}\n{found:?}\n{ranking:?}");
    for (chance, found) in ranking.moves.iter().zip(&found) {
        assert!(
            found.truth <= found.average + 1e-9,
            "knowing more never hurts: {context}"
        );
        coverage.check(chance.estimate, found.average, &context);
    }
    let best_truth = found.iter().map(|found| found.truth).fold(0.0, f64::max);
    assert!(found[0].truth >= best_truth - 0.05, "{context}");
    if best_truth >= 1.0 {
        let best = ranking.best().expect("moves").estimate;
        assert_eq!(best.chance(), Some(1.0), "{context}");
    }
    found
}

/// Ranks the moves of a position with every card known, and checks that each is exact and
/// agrees with `wins` (a plain reference: whether the position after it can be won), the one
/// deal there is solved once; says how many moves win. `context` names the position in a
/// failure.
pub fn check_exact_when_all_known<P: AtTable>(
    position: &P,
    context: &str,
    wins: impl Fn(&P) -> bool,
) -> usize {
    let ranking = at_table::rank(position, &[], &budget(50), &mut ()).expect("no unknown");
    assert!(ranking.exact(), "{context}");
    assert_eq!(ranking.deals, usize::from(!ranking.moves.is_empty()));
    assert_eq!(ranking.moves.len(), position.moves().len(), "{context}");
    let mut won = 0;
    for chance in &ranking.moves {
        let wins = wins(&position.after(chance.mv));
        assert_eq!(chance.estimate, Estimate::Exact(wins), "{context}");
        won += usize::from(wins);
    }
    won
}

/// Every order of `cards`: every deal of them to as many unknown places.
pub fn orders(cards: &[Card]) -> Vec<Vec<Card>> {
    if cards.is_empty() {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for (at, &first) in cards.iter().enumerate() {
        let mut rest = cards.to_vec();
        rest.remove(at);
        for mut order in orders(&rest) {
            order.insert(0, first);
            all.push(order);
        }
    }
    all
}

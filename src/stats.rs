//! The `stats` command: how many deals can be won, and under which rules. Random deals from a
//! seed (or a file's deals) are solved on every core; the summary gives the winnable fraction
//! with its 95% Wilson interval, a histogram of the optimal lengths, and the solve times.
//!
//! The random deals are [`solitaire::deck::random_deals`], which anyone can make again; they
//! are made as they are solved, so a run of any length holds only the deals being solved and
//! a few thousand counts. Each search runs under the caps given (per job); a deal a cap stops
//! is undecided, counted apart and never as a loss.

mod results_file;

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use solitaire::deck::RandomDeals;
use solitaire::goal::Goal;
use solitaire::pyramid::solver::{CapReached, Caps, Outcome};
use solitaire::pyramid::{Passes, Position, Rules};
use solitaire::{Deal, GameKind, Rank};

use crate::batch::progress_bar;
use crate::cli::StatsArgs;
use crate::console;
use crate::input::InputError;
use crate::output::{solve_capped, undecided};
use crate::{EXIT_INTERRUPTED, EXIT_OK, EXIT_UNDECIDED, pool};
use results_file::{ResultsFile, Seen, Solved};

/// The 95% quantile of the normal distribution used by the interval.
const Z95: f64 = 1.959_964;

/// The Wilson score interval for `successes` out of `trials`, at 95%.
pub fn wilson(successes: usize, trials: usize) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Solve times in buckets a hundredth apart on a log scale (with the longest kept exactly), so
/// that a run of any length holds a few thousand counts, not a time per deal.
#[derive(Debug, Default)]
struct Times {
    buckets: BTreeMap<u32, usize>,
    count: usize,
    max: f64,
}

impl Times {
    /// The shortest time told apart, in milliseconds.
    const FLOOR: f64 = 1e-3;
    /// The ratio of one bucket to the next.
    const RATIO: f64 = 1.01;

    fn add(&mut self, millis: f64) {
        let bucket = ((millis / Self::FLOOR).max(1.0).ln() / Self::RATIO.ln()) as u32;
        *self.buckets.entry(bucket).or_insert(0) += 1;
        self.count += 1;
        self.max = self.max.max(millis);
    }

    /// The time at quantile `q`, to within half a percent (the longest exactly).
    fn quantile(&self, q: f64) -> f64 {
        if self.count == 0 {
            return 0.0;
        }
        let rank = ((self.count - 1) as f64 * q).round() as usize;
        if rank + 1 == self.count {
            return self.max;
        }
        let mut below = 0;
        for (&bucket, &count) in &self.buckets {
            below += count;
            if below > rank {
                return (Self::FLOOR * Self::RATIO.powf(f64::from(bucket) + 0.5)).min(self.max);
            }
        }
        self.max
    }
}

/// What a set of results says, gathered as they come.
#[derive(Debug, Default)]
struct Tally {
    /// Deals won or proved lost.
    decided: usize,
    winnable: usize,
    /// Deals a cap stopped: neither won nor lost, and left out of the fraction.
    undecided: usize,
    lengths: BTreeMap<usize, usize>,
    /// The best score of each deal, by how many deals have it (TriPeaks).
    scores: BTreeMap<u32, usize>,
    /// The most cards of the rank asked for that each deal lets go, by how many deals
    /// (TriPeaks, with `--card`).
    cards: BTreeMap<u32, usize>,
    times: Times,
}

impl Tally {
    fn add(&mut self, solved: &Solved) {
        self.times.add(solved.millis);
        if solved.undecided.is_some() {
            self.undecided += 1;
            return;
        }
        self.decided += 1;
        if let Some(length) = solved.length {
            self.winnable += 1;
            *self.lengths.entry(length).or_insert(0) += 1;
        }
    }

    /// Deals with a result, undecided ones included.
    fn solved(&self) -> usize {
        self.decided + self.undecided
    }
}

/// What a run says.
struct Summary {
    game: GameKind,
    /// The rank whose cards are counted, with `--card`.
    rank: Option<Rank>,
    rules: Rules,
    tally: Tally,
    /// Deals in the run.
    total: usize,
    /// Wall-clock time for the run, all threads together.
    wall: Duration,
}

impl Summary {
    /// Whether every deal of the run has a result (not stopped by Ctrl-C).
    fn complete(&self) -> bool {
        self.tally.solved() == self.total
    }

    fn quantile(&self, q: f64) -> f64 {
        self.tally.times.quantile(q)
    }

    fn json(&self) -> Value {
        let tally = &self.tally;
        let (low, high) = wilson(tally.winnable, tally.decided);
        let lengths: serde_json::Map<String, Value> = tally
            .lengths
            .iter()
            .map(|(length, count)| (length.to_string(), json!(count)))
            .collect();
        let scores: serde_json::Map<String, Value> = tally
            .scores
            .iter()
            .map(|(score, count)| (score.to_string(), json!(count)))
            .collect();
        json!({
            "game": self.game.id(),
            "rules": self.rules_text(),
            "scores": scores,
            "cards": self.rank.map(|rank| json!({
                "rank": rank.letter().to_string(),
                "most": tally
                    .cards
                    .iter()
                    .map(|(count, deals)| (count.to_string(), json!(deals)))
                    .collect::<serde_json::Map<String, Value>>(),
            })),
            "deals": tally.decided,
            "winnable": tally.winnable,
            "fraction": self.fraction(),
            "interval95": [low, high],
            "lengths": lengths,
            "undecided": tally.undecided,
            "complete": self.complete(),
            "millis": {"median": self.quantile(0.5), "p99": self.quantile(0.99),
                       "max": self.quantile(1.0)},
            "seconds": self.wall.as_secs_f64(),
        })
    }

    fn fraction(&self) -> f64 {
        if self.tally.decided == 0 {
            0.0
        } else {
            self.tally.winnable as f64 / self.tally.decided as f64
        }
    }

    /// "665 of 1000 winnable: 66.5% (95% interval 63.5% to 69.4%)".
    fn winnable_line(&self) -> String {
        let (low, high) = wilson(self.tally.winnable, self.tally.decided);
        format!(
            "{} of {} winnable: {:.1}% (95% interval {:.1}% to {:.1}%, Wilson)",
            self.tally.winnable,
            self.tally.decided,
            100.0 * self.fraction(),
            100.0 * low,
            100.0 * high
        )
    }

    fn times_line(&self) -> String {
        format!(
            "solve time: median {:.1} ms, p99 {:.1} ms, max {:.1} ms; {:.1} s in all",
            self.quantile(0.5),
            self.quantile(0.99),
            self.quantile(1.0),
            self.wall.as_secs_f64()
        )
    }

    fn text(&self) -> String {
        let mut text = String::new();
        if !self.complete() {
            text.push_str(&format!(
                "Interrupted: {} of {} deals solved; the numbers cover those.\n",
                self.tally.solved(),
                self.total
            ));
        }
        text.push_str(&format!(
            "{}\n{}\n",
            self.rules_text(),
            self.winnable_line()
        ));
        if self.tally.undecided > 0 {
            text.push_str(&format!(
                "{} undecided (a cap was reached): counted neither won nor lost\n",
                self.tally.undecided
            ));
        }
        if !self.tally.lengths.is_empty() {
            text.push_str("optimal lengths:\n");
            for line in histogram(&self.tally.lengths, 40) {
                text.push_str(&format!("{line}\n"));
            }
        }
        if !self.tally.scores.is_empty() {
            text.push_str("best scores (points):\n");
            let mut bins: BTreeMap<usize, usize> = BTreeMap::new();
            for (&score, &count) in &self.tally.scores {
                *bins.entry(score as usize).or_insert(0) += count;
            }
            for line in histogram_by(&bins, SCORE_BIN, 40) {
                text.push_str(&format!("{line}\n"));
            }
        }
        if let Some(rank) = self.rank {
            text.push_str(&format!("most {} removed in a deal:\n", rank.plural()));
            let most = self.tally.cards.values().copied().max().unwrap_or(1).max(1);
            for (count, deals) in &self.tally.cards {
                let bar = "█".repeat(deals * 40 / most);
                text.push_str(&format!("{count:>6} {bar} {deals}\n"));
            }
        }
        text.push_str(&format!("{}\n", self.times_line()));
        text
    }

    /// The rules the run was under: Pyramid's, or TriPeaks' (which has no variants).
    fn rules_text(&self) -> String {
        match self.game {
            GameKind::Pyramid => self.rules.to_string(),
            GameKind::TriPeaks => "TriPeaks, Microsoft Solitaire Collection rules".to_string(),
            GameKind::Klondike => unreachable!("stats refuses Klondike before it starts"),
        }
    }

    /// The exit code: interrupted, else undecided deals, else 0.
    fn exit_code(&self) -> u8 {
        if !self.complete() {
            EXIT_INTERRUPTED
        } else if self.tally.undecided > 0 {
            EXIT_UNDECIDED
        } else {
            EXIT_OK
        }
    }
}

/// The lengths in bins of 5 steps, a bar each: `40-44 ████████▌ 123`.
fn histogram(lengths: &BTreeMap<usize, usize>, width: usize) -> Vec<String> {
    histogram_by(lengths, 5, width)
}

/// How wide a bar of the best scores' histogram is, in points.
const SCORE_BIN: usize = 5000;

/// Bars of `width` characters at most over bins `bin` wide: `low-high bar count`.
fn histogram_by(values: &BTreeMap<usize, usize>, bin: usize, width: usize) -> Vec<String> {
    let mut bins: BTreeMap<usize, usize> = BTreeMap::new();
    for (&value, &count) in values {
        *bins.entry(value / bin * bin).or_insert(0) += count;
    }
    let most = bins.values().copied().max().unwrap_or(1).max(1);
    const EIGHTHS: [&str; 8] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];
    bins.iter()
        .map(|(&low, &count)| {
            let eighths = count * width * 8 / most;
            let bar = "█".repeat(eighths / 8) + EIGHTHS[eighths % 8];
            let high = low + bin - 1;
            if bin == 5 {
                format!("{low:>3}-{high:<3} {bar} {count}")
            } else {
                format!("{low:>6}-{high:<6} {bar} {count}")
            }
        })
        .collect()
}

/// The run's deals, made as they are solved.
enum Deals {
    Random { seed: u64, count: usize },
    File(Vec<Deal>),
}

impl Deals {
    fn count(&self) -> usize {
        match self {
            Deals::Random { count, .. } => *count,
            Deals::File(deals) => deals.len(),
        }
    }

    fn stream(&self) -> Box<dyn Iterator<Item = Deal> + Send + '_> {
        match self {
            Deals::Random { seed, count } => Box::new(RandomDeals::new(*seed).take(*count)),
            Deals::File(deals) => Box::new(deals.iter().copied()),
        }
    }
}

/// Solves the deals under some rules and caps, skipping those `done` says, until done or
/// stopped; every result goes to `tally` and `sink` as it comes.
#[allow(clippy::too_many_arguments)]
fn solve_all(
    deals: &Deals,
    done: &(dyn Fn(usize) -> bool + Sync),
    game: GameKind,
    rank: Option<Rank>,
    rules: Rules,
    caps: Caps,
    jobs: usize,
    stop: &AtomicBool,
    tally: &mut Tally,
    mut sink: impl FnMut(&Solved),
) {
    let bar = progress_bar(deals.count() - tally.solved(), "deals");
    let todo = deals
        .stream()
        .enumerate()
        .filter(|&(index, _)| !done(index));
    let work = |(index, deal): (usize, Deal)| {
        let started = Instant::now();
        let (length, score, cap) = match game {
            GameKind::Pyramid => {
                let (report, cap) = solve_capped(&Position::new(&deal, rules), caps);
                let length = match report.outcome {
                    Outcome::Solved(moves) => Some(moves.len()),
                    _ => None,
                };
                (length, None, cap)
            }
            GameKind::TriPeaks => tripeaks_figures(&deal, caps),
            GameKind::Klondike => unreachable!("stats refuses Klondike before it starts"),
        };
        let cards = rank.and_then(|rank| tripeaks_most_of(&deal, rank, caps));
        let solved = Solved {
            deal: index,
            length,
            undecided: cap.map(undecided),
            millis: started.elapsed().as_secs_f64() * 1000.0,
        };
        (solved, score, cards)
    };
    pool::stream(todo, jobs, stop, work, |_, (solved, score, cards)| {
        bar.inc(1);
        sink(&solved);
        tally.add(&solved);
        if let (Some(score), None) = (score, &solved.undecided) {
            *tally.scores.entry(score).or_insert(0) += 1;
        }
        if let (Some(count), None) = (cards, &solved.undecided) {
            *tally.cards.entry(count).or_insert(0) += 1;
        }
    });
    bar.finish_and_clear();
}

/// A TriPeaks deal's figures: the fewest steps that clear it (`None` when it cannot be
/// cleared), its best score, and the cap that stopped either search.
fn tripeaks_figures(deal: &Deal, caps: Caps) -> (Option<usize>, Option<u32>, Option<CapReached>) {
    let position = solitaire::tripeaks::Position::new(deal);
    let (board, _, cap) = solitaire::tripeaks::challenge::solve_goal(&position, Goal::Board, caps);
    let Some(board) = board else {
        return (None, None, cap);
    };
    let length = board.reached().then(|| board.length()).flatten();
    let best = Goal::Score {
        target: GameKind::TriPeaks.full_score() + 1,
        earned: 0,
    };
    let (score, _, cap) = solitaire::tripeaks::challenge::solve_goal(&position, best, caps);
    let score = score.and_then(|score| score.lines().first().map(|(_, line)| line.value));
    (length, score, cap)
}

/// The most tableau cards of `rank` a TriPeaks deal lets go, on any line (`None` when a cap
/// stopped the search).
fn tripeaks_most_of(deal: &Deal, rank: Rank, caps: Caps) -> Option<u32> {
    let position = solitaire::tripeaks::Position::new(deal);
    // More than a deal holds: the answer is then the most on any line.
    let goal = Goal::Card {
        rank,
        target: 5,
        already: 0,
    };
    let (answer, _, _) = solitaire::tripeaks::challenge::solve_goal(&position, goal, caps);
    answer?.lines().iter().map(|(_, line)| line.value).max()
}

/// The run's description, the first line of an `--out` file, so that `--resume` goes on
/// with the same deals and rules.
fn run_header(args: &StatsArgs, rules: Rules, count: usize) -> Value {
    json!({"run": {
        "seed": args.from.as_ref().map_or(json!(args.seed), |_| Value::Null),
        "from": args.from.as_ref().map(|f| f.display().to_string()),
        "deals": count,
        "passes": rules.passes.word(),
        "relaxed": rules.relaxed,
        "goal": rules.finish.word(),
    }})
}

/// Writes the deals one per line, streamed to a temporary file renamed over `path` at the end.
fn export(path: &Path, deals: &Deals) -> Result<(), InputError> {
    let error = |source: std::io::Error| {
        InputError::Usage(format!("cannot write {}: {source}", path.display()))
    };
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into());
    let temp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let written = File::create(&temp).and_then(|file| {
        let mut out = BufWriter::new(file);
        for deal in deals.stream() {
            writeln!(out, "{}", deal.to_line())?;
        }
        out.into_inner()
            .map_err(std::io::IntoInnerError::into_error)?
            .sync_all()
    });
    if let Err(source) = written.and_then(|()| std::fs::rename(&temp, path)) {
        let _ = std::fs::remove_file(&temp);
        return Err(error(source));
    }
    Ok(())
}

/// The results file of `--out` or `--resume`, locked, with what it already holds: the tally of
/// its results and which deals they are.
fn open_results(
    args: &StatsArgs,
    header: &Value,
    count: usize,
) -> Result<(Tally, Seen, Option<ResultsFile>), InputError> {
    let usage = |error: results_file::ResultsError| InputError::Usage(error.to_string());
    let mut tally = Tally::default();
    match (&args.resume, &args.out) {
        (Some(path), _) => {
            let warn = |message| console::err(format_args!("pyramid: {message}\n"));
            let resumed = ResultsFile::resume(path, header, count, warn).map_err(usage)?;
            for solved in &resumed.results {
                tally.add(solved);
            }
            Ok((tally, resumed.done, Some(resumed.file)))
        }
        (None, Some(path)) => {
            let file = ResultsFile::create(path, header).map_err(usage)?;
            Ok((tally, Seen::default(), Some(file)))
        }
        (None, None) => Ok((tally, Seen::default(), None)),
    }
}

/// Refuses the flags a game's run does not take: Pyramid's rules, and for other games the
/// comparison and the results file.
fn check_game(args: &StatsArgs, game: GameKind) -> Result<(), InputError> {
    args.rules.check_game(game).map_err(InputError::Usage)?;
    if game == GameKind::Pyramid && args.card.is_some() {
        return Err(InputError::Usage(
            "--card is for TriPeaks runs (with --game tripeaks)".to_string(),
        ));
    }
    if game != GameKind::Pyramid && (args.compare || args.out.is_some() || args.resume.is_some()) {
        return Err(InputError::Usage(format!(
            "--compare, --out and --resume are for Pyramid; a {game} run is reported at its end"
        )));
    }
    Ok(())
}

/// The run's deals: a file's, or random ones from the seed; written out with `--export`.
fn deals_of(args: &StatsArgs, game: GameKind) -> Result<Deals, InputError> {
    let deals = match &args.from {
        Some(path) => Deals::File(crate::batch::read_deals(path, game)?),
        None => Deals::Random {
            seed: args.seed,
            count: args.deals,
        },
    };
    if deals.count() == 0 {
        return Err(InputError::Usage("no deals to solve".to_string()));
    }
    if let Some(path) = &args.export {
        export(path, &deals)?;
    }
    Ok(deals)
}

/// Runs the command.
pub fn run(args: &StatsArgs, game: GameKind) -> Result<u8, InputError> {
    check_game(args, game)?;
    let deals = deals_of(args, game)?;
    let jobs = pool::threads(args.jobs);
    let caps = args.caps.caps();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    // Ctrl-C stops starting new deals; the summary covers those finished. Without a handler
    // (one is already set) Ctrl-C simply ends the program.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    let rules = args.rules.changes().apply(Rules::default());
    if args.compare {
        let mut summaries = Vec::new();
        for passes in [Passes::Limited(1), Passes::Limited(3), Passes::Unlimited] {
            for relaxed in [false, true] {
                let rules = Rules {
                    passes,
                    relaxed,
                    ..rules
                };
                let started = Instant::now();
                let mut tally = Tally::default();
                solve_all(
                    &deals,
                    &|_| false,
                    game,
                    args.card,
                    rules,
                    caps,
                    jobs,
                    &stop,
                    &mut tally,
                    |_| {},
                );
                summaries.push(Summary {
                    game,
                    rank: args.card,
                    rules,
                    tally,
                    total: deals.count(),
                    wall: started.elapsed(),
                });
            }
        }
        print_comparison(&summaries, args.json);
        let code = summaries
            .iter()
            .map(Summary::exit_code)
            .max()
            .unwrap_or(EXIT_OK);
        return Ok(code);
    }
    let header = run_header(args, rules, deals.count());
    let (mut tally, done, mut file) = open_results(args, &header, deals.count())?;
    let mut failed = None;
    let started = Instant::now();
    let is_done = |index: usize| done.contains(index);
    solve_all(
        &deals,
        &is_done,
        game,
        args.card,
        rules,
        caps,
        jobs,
        &stop,
        &mut tally,
        |solved| {
            if let Some(file) = &mut file
                && failed.is_none()
            {
                failed = file.write(&solved.json()).err();
            }
        },
    );
    if let Some(error) = failed {
        return Err(InputError::Usage(error.to_string()));
    }
    let summary = Summary {
        game,
        rank: args.card,
        rules,
        tally,
        total: deals.count(),
        wall: started.elapsed(),
    };
    if args.json {
        console::out(format_args!("{}\n", summary.json()));
    } else {
        console::out(summary.text());
    }
    Ok(summary.exit_code())
}

/// One table for the same deals under several rules.
fn print_comparison(summaries: &[Summary], json: bool) {
    if json {
        let all: Vec<Value> = summaries.iter().map(Summary::json).collect();
        console::out(format_args!("{}\n", json!(all)));
        return;
    }
    console::out(format_args!(
        "{:<28} {:>11} {:>8} {:>17} {:>9} {:>9} {:>8}\n",
        "rules", "winnable", "", "95% interval", "median", "max", "time"
    ));
    for summary in summaries {
        let (low, high) = wilson(summary.tally.winnable, summary.tally.decided);
        console::out(format_args!(
            "{:<28} {:>11} {:>7.1}% {:>7.1}% to {:>5.1}% {:>6.1} ms {:>6.0} ms {:>6.1} s\n",
            summary.rules.brief(),
            format!("{}/{}", summary.tally.winnable, summary.tally.decided),
            100.0 * summary.fraction(),
            100.0 * low,
            100.0 * high,
            summary.quantile(0.5),
            summary.quantile(1.0),
            summary.wall.as_secs_f64()
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_known_values() {
        // Values from the closed form, checked against published tables.
        let (low, high) = wilson(0, 10);
        assert!(
            (low - 0.0).abs() < 1e-9 && (high - 0.2775).abs() < 1e-4,
            "{high}"
        );
        let (low, high) = wilson(5, 10);
        assert!((low - 0.2366).abs() < 1e-4 && (high - 0.7634).abs() < 1e-4);
        let (low, high) = wilson(665, 1000);
        assert!(
            (low - 0.6350).abs() < 1e-3 && (high - 0.6936).abs() < 1e-3,
            "{low} {high}"
        );
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn the_same_seed_gives_the_same_deals() {
        use solitaire::deck::random_deals;
        assert_eq!(random_deals(7, 5), random_deals(7, 5));
        assert_ne!(random_deals(7, 1), random_deals(8, 1));
        assert_eq!(random_deals(7, 3)[..2], random_deals(7, 2)[..]);
        let streamed: Vec<Deal> = RandomDeals::new(7).take(5).collect();
        assert_eq!(streamed, random_deals(7, 5));
    }

    #[test]
    fn time_quantiles_come_within_a_percent_and_the_longest_exactly() {
        let mut times = Times::default();
        for millis in 1..=1000 {
            times.add(f64::from(millis) / 10.0);
        }
        let median = times.quantile(0.5);
        assert!((median - 50.0).abs() < 0.5, "{median}");
        let p99 = times.quantile(0.99);
        assert!((p99 - 99.0).abs() < 1.0, "{p99}");
        assert!((times.quantile(1.0) - 100.0).abs() < f64::EPSILON);
        assert!(Times::default().quantile(0.5).abs() < f64::EPSILON);
    }

    #[test]
    fn undecided_deals_are_counted_apart_never_as_lost() {
        let mut tally = Tally::default();
        let solved = |deal, length, undecided: Option<&str>| Solved {
            deal,
            length,
            undecided: undecided.map(str::to_string),
            millis: 1.0,
        };
        tally.add(&solved(0, Some(40), None));
        tally.add(&solved(1, None, None));
        tally.add(&solved(
            2,
            None,
            Some("cap reached (states: 9 stored, cap 5)"),
        ));
        let summary = Summary {
            game: GameKind::Pyramid,
            rank: None,
            rules: Rules::default(),
            tally,
            total: 4,
            wall: Duration::ZERO,
        };
        let text = summary.text();
        assert!(
            text.starts_with("Interrupted: 3 of 4 deals solved"),
            "{text}"
        );
        assert!(text.contains("1 of 2 winnable: 50.0%"), "{text}");
        assert!(text.contains("1 undecided (a cap was reached)"), "{text}");
        assert_eq!(summary.json()["undecided"], 1);
        assert_eq!(summary.json()["complete"], false);
        assert_eq!(summary.exit_code(), EXIT_INTERRUPTED);
    }

    #[test]
    fn the_histogram_bins_by_five_steps_with_the_longest_bar_full() {
        let lengths = BTreeMap::from([(15, 1), (41, 4), (44, 4)]);
        let lines = histogram(&lengths, 8);
        assert_eq!(lines, [" 15-19  █ 1", " 40-44  ████████ 8"]);
    }
}

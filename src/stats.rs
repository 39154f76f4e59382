//! The `stats` command: how many deals can be won, and under which rules. Random deals from a
//! seed (or a file's deals) are solved on every core; the summary gives the winnable fraction
//! with its 95% Wilson interval, a histogram of the optimal lengths, and the solve times.
//!
//! The random deals are [`pyramid::deck::random_deals`], which anyone can make again.

use std::collections::{BTreeMap, HashMap};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use pyramid::Deal;
use pyramid::deck::random_deals;
use pyramid::pyramid::solver::{Outcome, solve};
use pyramid::pyramid::{Passes, Position, Rules};

use crate::batch::progress_bar;
use crate::cli::StatsArgs;
use crate::input::InputError;
use crate::{EXIT_OK, pool};

/// The 95% quantile of the normal distribution used by the interval.
const Z95: f64 = 1.959_964;

/// What one deal gave.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Solved {
    deal: usize,
    length: Option<usize>,
    millis: f64,
}

impl Solved {
    fn json(&self) -> Value {
        json!({"deal": self.deal, "solvable": self.length.is_some(), "length": self.length,
               "millis": self.millis})
    }

    fn from_json(value: &Value) -> Option<Solved> {
        Some(Solved {
            deal: usize::try_from(value.get("deal")?.as_u64()?).ok()?,
            length: value
                .get("length")?
                .as_u64()
                .and_then(|n| usize::try_from(n).ok()),
            millis: value.get("millis")?.as_f64()?,
        })
    }
}

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

/// What a set of results says.
struct Summary {
    rules: Rules,
    deals: usize,
    winnable: usize,
    lengths: BTreeMap<usize, usize>,
    /// Sorted.
    millis: Vec<f64>,
    /// Wall-clock time for the run, all threads together.
    wall: Duration,
}

impl Summary {
    fn new(rules: Rules, results: &[Solved], wall: Duration) -> Summary {
        let mut lengths = BTreeMap::new();
        for length in results.iter().filter_map(|r| r.length) {
            *lengths.entry(length).or_insert(0) += 1;
        }
        let mut millis: Vec<f64> = results.iter().map(|r| r.millis).collect();
        millis.sort_by(f64::total_cmp);
        Summary {
            rules,
            deals: results.len(),
            winnable: lengths.values().sum(),
            lengths,
            millis,
            wall,
        }
    }

    fn quantile(&self, q: f64) -> f64 {
        if self.millis.is_empty() {
            return 0.0;
        }
        self.millis[((self.millis.len() - 1) as f64 * q).round() as usize]
    }

    fn json(&self) -> Value {
        let (low, high) = wilson(self.winnable, self.deals);
        let lengths: serde_json::Map<String, Value> = self
            .lengths
            .iter()
            .map(|(length, count)| (length.to_string(), json!(count)))
            .collect();
        json!({
            "rules": self.rules.to_string(),
            "deals": self.deals,
            "winnable": self.winnable,
            "fraction": self.fraction(),
            "interval95": [low, high],
            "lengths": lengths,
            "millis": {"median": self.quantile(0.5), "p99": self.quantile(0.99),
                       "max": self.quantile(1.0)},
            "seconds": self.wall.as_secs_f64(),
        })
    }

    fn fraction(&self) -> f64 {
        if self.deals == 0 {
            0.0
        } else {
            self.winnable as f64 / self.deals as f64
        }
    }

    /// "665 of 1000 winnable: 66.5% (95% interval 63.5% to 69.4%)".
    fn winnable_line(&self) -> String {
        let (low, high) = wilson(self.winnable, self.deals);
        format!(
            "{} of {} winnable: {:.1}% (95% interval {:.1}% to {:.1}%, Wilson)",
            self.winnable,
            self.deals,
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
        let mut text = format!("{}\n{}\n", self.rules, self.winnable_line());
        if !self.lengths.is_empty() {
            text.push_str("optimal lengths:\n");
            for line in histogram(&self.lengths, 40) {
                text.push_str(&format!("{line}\n"));
            }
        }
        text.push_str(&format!("{}\n", self.times_line()));
        text
    }
}

/// The lengths in bins of 5 steps, a bar each: `40-44 ████████▌ 123`.
fn histogram(lengths: &BTreeMap<usize, usize>, width: usize) -> Vec<String> {
    let mut bins: BTreeMap<usize, usize> = BTreeMap::new();
    for (&length, &count) in lengths {
        *bins.entry(length / 5 * 5).or_insert(0) += count;
    }
    let most = bins.values().copied().max().unwrap_or(1).max(1);
    const EIGHTHS: [&str; 8] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];
    bins.iter()
        .map(|(&low, &count)| {
            let eighths = count * width * 8 / most;
            let bar = "█".repeat(eighths / 8) + EIGHTHS[eighths % 8];
            format!("{low:>3}-{:<3} {bar} {count}", low + 4)
        })
        .collect()
}

/// Solves deals under some rules, skipping those already done, until done or stopped;
/// every result goes to `sink` as it comes.
fn solve_all(
    deals: &[Deal],
    rules: Rules,
    jobs: usize,
    done: &HashMap<usize, Solved>,
    stop: &AtomicBool,
    mut sink: impl FnMut(&Solved),
) -> Vec<Solved> {
    let todo: Vec<usize> = (0..deals.len()).filter(|i| !done.contains_key(i)).collect();
    let bar = progress_bar(todo.len(), "deals");
    let mut results: Vec<Solved> = done.values().copied().collect();
    let work = |&index: &usize| {
        let started = Instant::now();
        let report = solve(&Position::new(&deals[index], rules), &mut ());
        let length = match report.outcome {
            Outcome::Solved(moves) => Some(moves.len()),
            _ => None,
        };
        Solved {
            deal: index,
            length,
            millis: started.elapsed().as_secs_f64() * 1000.0,
        }
    };
    pool::run(&todo, jobs, stop, work, |_, solved| {
        bar.inc(1);
        sink(&solved);
        results.push(solved);
    });
    bar.finish_and_clear();
    results.sort_by_key(|r| r.deal);
    results
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

/// Reads an `--out` file to go on with: the results in it, after checking it was written for
/// this run.
fn read_results(path: &Path, header: &Value) -> Result<HashMap<usize, Solved>, InputError> {
    let name = path.display().to_string();
    let usage = |message: String| InputError::Usage(format!("{name}: {message}"));
    let file = File::open(path).map_err(|source| InputError::Read {
        name: name.clone(),
        source: source.into(),
    })?;
    let mut lines = BufReader::new(file).lines().map_while(Result::ok);
    let first: Value = lines
        .next()
        .and_then(|line| serde_json::from_str(&line).ok())
        .ok_or_else(|| usage("not a stats results file".to_string()))?;
    if first != *header {
        return Err(usage(format!(
            "written for another run ({}); this one is {}",
            first["run"], header["run"]
        )));
    }
    // A line cut short by the interruption is skipped: that deal is solved again.
    Ok(lines
        .filter_map(|line| serde_json::from_str::<Value>(&line).ok())
        .filter_map(|value| Solved::from_json(&value))
        .map(|solved| (solved.deal, solved))
        .collect())
}

/// Runs the command.
pub fn run(args: &StatsArgs) -> Result<u8, InputError> {
    let deals = match &args.from {
        Some(path) => crate::batch::read_deals(path)?,
        None => random_deals(args.seed, args.deals),
    };
    if let Some(path) = &args.export {
        let lines: Vec<String> = deals.iter().map(Deal::to_line).collect();
        let text = lines.join("\n") + "\n";
        crate::storage::write_atomically(path, &text)
            .map_err(|error| InputError::Usage(error.to_string()))?;
    }
    let jobs = pool::threads(args.jobs);
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
                let results = solve_all(&deals, rules, jobs, &HashMap::new(), &stop, |_| {});
                summaries.push(Summary::new(rules, &results, started.elapsed()));
            }
        }
        print_comparison(&summaries, args.json);
        return Ok(EXIT_OK);
    }
    let header = run_header(args, rules, deals.len());
    let (done, mut file) = match (&args.resume, &args.out) {
        (Some(path), _) => (
            read_results(path, &header)?,
            Some(open_results(path, true)?),
        ),
        (None, Some(path)) => {
            let mut file = open_results(path, false)?;
            write_line(&mut file, path, &header)?;
            (HashMap::new(), Some(file))
        }
        (None, None) => (HashMap::new(), None),
    };
    let path = args.resume.as_ref().or(args.out.as_ref());
    let mut failed = None;
    let started = Instant::now();
    let results = solve_all(&deals, rules, jobs, &done, &stop, |solved| {
        if let (Some(file), Some(path)) = (&mut file, path)
            && failed.is_none()
        {
            failed = write_line(file, path, &solved.json()).err();
        }
    });
    if let Some(error) = failed {
        return Err(error);
    }
    let summary = Summary::new(rules, &results, started.elapsed());
    if args.json {
        println!("{}", summary.json());
    } else {
        if results.len() < deals.len() {
            println!(
                "Stopped: {} of {} deals solved.",
                results.len(),
                deals.len()
            );
        }
        print!("{}", summary.text());
    }
    Ok(EXIT_OK)
}

fn open_results(path: &Path, append: bool) -> Result<File, InputError> {
    OpenOptions::new()
        .create(true)
        .write(true)
        .append(append)
        .truncate(!append)
        .open(path)
        .map_err(|source| InputError::Usage(format!("cannot write {}: {source}", path.display())))
}

fn write_line(file: &mut File, path: &Path, value: &Value) -> Result<(), InputError> {
    writeln!(file, "{value}")
        .and_then(|()| file.flush())
        .map_err(|source| InputError::Usage(format!("cannot write {}: {source}", path.display())))
}

/// One table for the same deals under several rules.
fn print_comparison(summaries: &[Summary], json: bool) {
    if json {
        let all: Vec<Value> = summaries.iter().map(Summary::json).collect();
        println!("{}", json!(all));
        return;
    }
    println!(
        "{:<28} {:>11} {:>8} {:>17} {:>9} {:>9} {:>8}",
        "rules", "winnable", "", "95% interval", "median", "max", "time"
    );
    for summary in summaries {
        let (low, high) = wilson(summary.winnable, summary.deals);
        println!(
            "{:<28} {:>11} {:>7.1}% {:>7.1}% to {:>5.1}% {:>6.1} ms {:>6.0} ms {:>6.1} s",
            summary.rules.brief(),
            format!("{}/{}", summary.winnable, summary.deals),
            100.0 * summary.fraction(),
            100.0 * low,
            100.0 * high,
            summary.quantile(0.5),
            summary.quantile(1.0),
            summary.wall.as_secs_f64()
        );
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
        assert_eq!(random_deals(7, 5), random_deals(7, 5));
        assert_ne!(random_deals(7, 1), random_deals(8, 1));
        assert_eq!(random_deals(7, 3)[..2], random_deals(7, 2)[..]);
    }

    #[test]
    fn the_histogram_bins_by_five_steps_with_the_longest_bar_full() {
        let lengths = BTreeMap::from([(15, 1), (41, 4), (44, 4)]);
        let lines = histogram(&lengths, 8);
        assert_eq!(lines, [" 15-19  █ 1", " 40-44  ████████ 8"]);
    }
}

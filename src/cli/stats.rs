//! The `stats` command: how many deals can be won, and under which rules. Random deals from a
//! seed (or a file's deals) are solved on every core; the summary gives the winnable fraction
//! with its 95% Wilson interval, a histogram of the optimal lengths, and the solve times.
//!
//! The random deals are [`solitaire::cards::deal::random_deals`], which anyone can make again; they
//! are made as they are solved, so a run of any length holds only the deals being solved and
//! a few thousand counts. Each search runs under the caps given (per job); a deal a cap stops
//! is undecided, counted apart and never as a loss.
//!
//! A run may be cut into shards run apart (`--shard K/N`, see [`shard`]), each writing its
//! results file, and `stats merge` adds the files up into the summary of the whole run. What
//! is game-specific (what a deal is solved for, the figures measured on it, how the game's
//! rules are written in a run's identity and read back, the rule sets `--compare` tries) is
//! the game's [`Lab`], so nothing here names a game.

mod deals;
mod merge;
mod results_file;
pub mod shard;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use solitaire::Deal;
use solitaire::cards::excerpt::thousands;
use solitaire::engine::at_table::deal_caps;
use solitaire::engine::game::{Game, Settings};
use solitaire::engine::game::{NotItsRules, joined};
use solitaire::engine::goal::Goal;
use solitaire::engine::lab::Lab;
use solitaire::engine::search::Caps;
use solitaire::engine::table_lab::{STOPPED, TENTHS, TableBudget, TableLab};
use solitaire::engine::verdict::{
    EXIT_INTERRUPTED, EXIT_OK, EXIT_PARTIAL, EXIT_UNDECIDED, undecided_cause,
};
use solitaire::games;

use crate::cli::args::{CapArgs, StatsArgs, StatsCommand, owners};
use crate::cli::batch::progress_bar;
use crate::cli::console;
use crate::cli::input::{InputError, LinesSource};
use crate::cli::pool;
use crate::cli::times::Times;
use deals::{DealFile, Deals, Exported};
use results_file::{Claimed, Figure, Outcome, ResultsError, ResultsFile, Seen, Solved};
use shard::RunId;
use shard::Shard;
use solitaire::engine::interval::{mean_margin, wilson};

/// What a set of results says, gathered as they come.
#[derive(Debug, Default)]
struct Tally {
    /// Deals won or proved lost.
    decided: usize,
    winnable: usize,
    /// Deals a cap stopped: neither won nor lost, and left out of the fraction.
    undecided: usize,
    /// The undecided deals by what kept them open: a cap (which one), or unknown cards.
    causes: BTreeMap<&'static str, usize>,
    /// Each figure's values over the decided deals, by how many deals have each: the optimal
    /// lengths, TriPeaks' best scores, the most cards of `--card`'s rank.
    figures: BTreeMap<Figure, BTreeMap<usize, usize>>,
    /// At the table: by tenths of the chance announced, the moves announced so and how many of
    /// them were in games then won.
    calibration: [(usize, usize); TENTHS],
    times: Times,
}

impl Tally {
    fn add(&mut self, solved: &Solved) {
        self.times.add(solved.millis);
        match &solved.verdict {
            Outcome::Undecided(why) => {
                self.undecided += 1;
                *self.causes.entry(undecided_cause(why)).or_insert(0) += 1;
                return;
            }
            Outcome::Won => self.winnable += 1,
            Outcome::Lost => {}
        }
        self.decided += 1;
        for &(figure, value) in &solved.figures {
            if let Figure::Announced(tenth) = figure {
                let (moves, won) = &mut self.calibration[tenth];
                *moves += value;
                if solved.verdict == Outcome::Won {
                    *won += value;
                }
            }
            *self
                .figures
                .entry(figure)
                .or_default()
                .entry(value)
                .or_insert(0) += 1;
        }
    }

    /// A figure's histogram: each value, by how many deals have it.
    fn histogram(&self, figure: Figure) -> &BTreeMap<usize, usize> {
        static EMPTY: BTreeMap<usize, usize> = BTreeMap::new();
        self.figures.get(&figure).unwrap_or(&EMPTY)
    }

    /// What kept the undecided deals open: "the states cap: 2, unknown cards (??): 1".
    fn causes_text(&self) -> String {
        let causes: Vec<String> = self
            .causes
            .iter()
            .map(|(cause, count)| format!("{cause}: {count}"))
            .collect();
        causes.join(", ")
    }

    /// Deals with a result, undecided ones included.
    fn solved(&self) -> usize {
        self.decided + self.undecided
    }
}

/// What a run says.
struct Summary {
    game: &'static dyn Game,
    /// What the run measured, under which rules.
    lab: Box<dyn Lab>,
    tally: Tally,
    /// Deals in the run (in the shard, for a shard).
    total: usize,
    /// Wall-clock time for the run, all threads together; for a merge, the deals' solve times
    /// added up, since the shards' clocks ran side by side.
    wall: Duration,
    /// Whether this is the whole run, a shard of it, or the shards found of it.
    part: Part,
}

/// What part of a run a summary covers.
enum Part {
    Whole,
    /// One shard, of a run of `of` deals.
    Shard {
        shard: Shard,
        of: usize,
    },
    /// A merge that lacks shards or results.
    Partial(merge::Partial),
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
        let histogram = |figure| -> serde_json::Map<String, Value> {
            tally
                .histogram(figure)
                .iter()
                .map(|(value, count)| (value.to_string(), json!(count)))
                .collect()
        };
        let mut summary = json!({
            "game": self.game.id(),
            "rules": self.rules_text(),
            "scores": histogram(Figure::Score),
            "cards": self.lab.counted_rank().map(|rank| json!({
                "rank": rank.letter().to_string(),
                "most": histogram(Figure::Most),
                "left_out": self.left_out(Figure::Most),
            })),
            "deals": tally.decided,
            "winnable": tally.winnable,
            "fraction": self.fraction(),
            "interval95": [low, high],
            "lengths": histogram(Figure::Length),
            "undecided": tally.undecided,
            "undecided_by": tally.causes,
            "complete": self.complete(),
            "millis": {"median": self.quantile(0.5), "p99": self.quantile(0.99),
                       "max": self.quantile(1.0)},
            "seconds": self.wall.as_secs_f64(),
        });
        if let Some(at_table) = self.at_table_json() {
            summary["at_table"] = at_table;
        }
        match &self.part {
            Part::Whole => {}
            Part::Shard { shard, .. } => summary["shard"] = json!(shard.to_string()),
            Part::Partial(partial) => summary["partial"] = partial.json(),
        }
        summary
    }

    fn fraction(&self) -> f64 {
        if self.tally.decided == 0 {
            0.0
        } else {
            self.tally.winnable as f64 / self.tally.decided as f64
        }
    }

    /// "665 of 1000 winnable: 66.5% (95% interval 63.5% to 69.4%)" (in the game's words), or why there is no rate
    /// (an empty shard, or every deal undecided).
    fn winnable_line(&self) -> String {
        if self.tally.decided == 0 {
            return "no deal decided, so no rate to give".to_string();
        }
        let (low, high) = wilson(self.tally.winnable, self.tally.decided);
        format!(
            "{} of {} {}: {:.1}% (95% interval {:.1}% to {:.1}%, Wilson)",
            self.tally.winnable,
            self.tally.decided,
            self.game.words().winnable,
            100.0 * self.fraction(),
            100.0 * low,
            100.0 * high
        )
    }

    fn times_line(&self) -> String {
        if self.tally.solved() == 0 {
            return format!("no deal solved; {:.1} s in all", self.wall.as_secs_f64());
        }
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
        if let Part::Shard { shard, of } = self.part {
            text.push_str(&format!(
                "Shard {shard}: {} of the run's {of} deals (every {}).\n",
                self.total,
                ordinal(shard.count)
            ));
        }
        if let Part::Partial(partial) = &self.part {
            text.push_str(&partial.line(self.tally.solved(), self.total));
            text.push('\n');
        } else if !self.complete() {
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
                "{} undecided (a cap was reached, or cards are not known): counted neither won \
                 nor lost ({})\n",
                self.tally.undecided,
                self.tally.causes_text()
            ));
        }
        let lengths = self.tally.histogram(Figure::Length);
        if !lengths.is_empty() || self.left_out(Figure::Length) > 0 {
            text.push_str(&self.heading(Figure::Length, "optimal lengths"));
            for line in histogram(lengths, 40) {
                text.push_str(&format!("{line}\n"));
            }
        }
        let scores = self.tally.histogram(Figure::Score);
        if !scores.is_empty() || self.left_out(Figure::Score) > 0 {
            text.push_str(&self.heading(Figure::Score, "best scores (points)"));
            for line in histogram_by(scores, self.lab.score_bin(), 40) {
                text.push_str(&format!("{line}\n"));
            }
        }
        if let Some(rank) = self.lab.counted_rank() {
            let title = format!("most {} removed in a deal", rank.plural());
            text.push_str(&self.heading(Figure::Most, &title));
            let cards = self.tally.histogram(Figure::Most);
            let most = cards.values().copied().max().unwrap_or(1).max(1);
            for (count, deals) in cards {
                let bar = "█".repeat(deals * 40 / most);
                text.push_str(&format!("{count:>6} {bar} {deals}\n"));
            }
        }
        text.push_str(&self.at_table_text());
        text.push_str(&format!("{}\n", self.times_line()));
        text
    }

    /// At the table, the deals won with every card known (of those decided so): `(won,
    /// decided)`; `None` for a run not at the table.
    fn all_known(&self) -> Option<(usize, usize)> {
        if !self.lab.figures().contains(&Figure::AllKnown) {
            return None;
        }
        let known = self.tally.histogram(Figure::AllKnown);
        let won = known.get(&1).copied().unwrap_or(0);
        Some((won, won + known.get(&0).copied().unwrap_or(0)))
    }

    /// At the table: the rate with every card known on the same deals, and the calibration,
    /// each range of announced chances with its moves and the share of them in games won.
    fn at_table_text(&self) -> String {
        let Some((won, decided)) = self.all_known() else {
            return String::new();
        };
        let (low, high) = wilson(won, decided);
        let mut text = format!(
            "every card known, the same deals: {won} of {decided} winnable: {:.1}% (95% \
             interval {:.1}% to {:.1}%)\n",
            percent(won, decided),
            100.0 * low,
            100.0 * high
        );
        text.push_str(&self.points_text());
        text.push_str(
            "calibration, the chance announced for each move played against how often its \
             game was won:\n  announced    moves   won\n",
        );
        for (tenth, &(moves, won)) in self.tally.calibration.iter().enumerate() {
            let range = format!("{}-{}%", tenth * 10, tenth * 10 + 10);
            let share = if moves == 0 {
                "-".to_string()
            } else {
                format!("{:.1}%", percent(won, moves))
            };
            text.push_str(&format!("  {range:>9} {moves:>8} {share:>6}\n"));
        }
        text
    }

    /// The same as JSON: `all_known` (`deals`, `winnable`, `fraction`, `interval95`) and
    /// `calibration`, a range of ten points each (`low`, `high`, `moves`, `won`).
    fn at_table_json(&self) -> Option<Value> {
        let (won, decided) = self.all_known()?;
        let (low, high) = wilson(won, decided);
        let calibration: Vec<Value> = self
            .tally
            .calibration
            .iter()
            .enumerate()
            .map(|(tenth, &(moves, won))| {
                json!({"low": tenth as f64 / 10.0, "high": (tenth + 1) as f64 / 10.0,
                       "moves": moves, "won": won})
            })
            .collect();
        let mut at_table = json!({
            "all_known": {"deals": decided, "winnable": won,
                          "fraction": percent(won, decided) / 100.0, "interval95": [low, high]},
            "calibration": calibration,
        });
        if self.lab.figures().contains(&Figure::Points) {
            let points = |figure| {
                let (mean, margin) = self.mean_points(figure).unzip();
                json!({"mean": mean, "margin": margin,
                       "deals": self.tally.histogram(figure).values().sum::<usize>()})
            };
            at_table["points"] = points(Figure::Points);
            at_table["all_known_points"] = points(Figure::KnownPoints);
        }
        Some(at_table)
    }

    /// The mean of a figure over the deals that have it, and the half-width of its 95%
    /// interval: at the table, the points made; `None` when no deal has it.
    fn mean_points(&self, figure: Figure) -> Option<(f64, f64)> {
        let histogram = self.tally.histogram(figure);
        let (mut sum, mut squares, mut deals) = (0_u64, 0_u64, 0);
        for (&value, &count) in histogram {
            let (value, times) = (value as u64, count as u64);
            sum += value * times;
            squares += value * value * times;
            deals += count;
        }
        mean_margin(sum, squares, deals)
    }

    /// At the table, for a Score challenge: the mean points made, and with every card known
    /// on the same deals; nothing for a run that counts no points.
    fn points_text(&self) -> String {
        if !self.lab.figures().contains(&Figure::Points) {
            return String::new();
        }
        let words = |figure| {
            self.mean_points(figure).map_or_else(
                || "none measured".to_string(),
                |(mean, margin)| {
                    format!(
                        "mean {} ± {} ({} deals)",
                        thousands(mean.round() as usize),
                        thousands(margin.round() as usize),
                        self.tally.histogram(figure).values().sum::<usize>()
                    )
                },
            )
        };
        format!(
            "points at the table: {}; every card known, the same deals: {}\n",
            words(Figure::Points),
            words(Figure::KnownPoints)
        )
    }

    /// How many deals that should have a figure lack it: won deals their optimal length,
    /// decided ones their best score, when unknown cards (`??`) could better the value found;
    /// and any deal the most cards of `--card`'s rank, undecided ones included, since every
    /// deal has a most whether or not it can be won. 0 in a game that does not measure it.
    fn left_out(&self, figure: Figure) -> usize {
        if !self.lab.figures().contains(&figure) {
            return 0;
        }
        let should = match figure {
            Figure::Length => self.tally.winnable,
            Figure::Score => self.tally.decided,
            Figure::Most => self.tally.solved(),
            // At the table, the figures are counted apart (see `at_table_text`).
            Figure::AllKnown | Figure::Announced(_) | Figure::Points | Figure::KnownPoints => {
                return 0;
            }
        };
        let measured: usize = self.tally.histogram(figure).values().sum();
        should.saturating_sub(measured)
    }

    /// A histogram's heading line, saying how many deals it leaves out and why, if any.
    fn heading(&self, figure: Figure, title: &str) -> String {
        let left_out = self.left_out(figure);
        if left_out == 0 {
            return format!("{title}:\n");
        }
        let deals = if left_out == 1 { "deal" } else { "deals" };
        let why = match figure {
            Figure::Length => "won {deals} whose unknown cards (??) may allow fewer steps",
            Figure::Score => "{deals} whose unknown cards (??) may allow more",
            Figure::Most => {
                "{deals} whose unknown cards (??) may allow more, or whose search a cap stopped"
            }
            Figure::AllKnown | Figure::Announced(_) | Figure::Points | Figure::KnownPoints => {
                "{deals} not counted"
            }
        }
        .replace("{deals}", deals);
        format!("{title}, leaving out {left_out} {why}:\n")
    }

    /// The rules in a comparison's first column.
    fn brief_rules(&self) -> String {
        self.lab.brief_rules()
    }

    /// The rules the run was under.
    fn rules_text(&self) -> String {
        self.lab.rules_text()
    }

    /// The exit code: a merge lacking results, else interrupted, else undecided deals, else 0.
    fn exit_code(&self) -> u8 {
        if matches!(self.part, Part::Partial(_)) {
            EXIT_PARTIAL
        } else if !self.complete() {
            EXIT_INTERRUPTED
        } else if self.tally.undecided > 0 {
            EXIT_UNDECIDED
        } else {
            EXIT_OK
        }
    }
}

/// `part` of `whole` in percent, 0 for none.
fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// How often a shard takes a deal: "2nd deal", "21st deal".
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix} deal")
}

/// The lengths in bins of 5 steps, a bar each: `40-44 ████████▌ 123`.
fn histogram(lengths: &BTreeMap<usize, usize>, width: usize) -> Vec<String> {
    histogram_by(lengths, 5, width)
}

/// Bars of `width` characters at most over bins `bin` wide: `low-high bar count`.
fn histogram_by(values: &BTreeMap<usize, usize>, bin: usize, width: usize) -> Vec<String> {
    let mut bins: BTreeMap<usize, usize> = BTreeMap::new();
    for (&value, &count) in values {
        *bins.entry(value / bin * bin).or_insert(0) += count;
    }
    // Every range between the first and the last, an empty one with a zero, so that the bars
    // keep the shape of the figures.
    if let (Some(&first), Some(&last)) = (bins.keys().next(), bins.keys().next_back()) {
        for low in (first..last).step_by(bin) {
            bins.entry(low).or_insert(0);
        }
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

/// Solves the deals of a shard, skipping those `done` says, until done or stopped; every
/// result goes to `tally` and `sink` as it comes. The first error `sink` gives stops the run
/// (no deal is started after it) and is handed back.
#[allow(clippy::too_many_arguments)]
fn solve_all(
    deals: &Deals,
    shard: Shard,
    done: &(dyn Fn(usize) -> bool + Sync),
    lab: &dyn Lab,
    jobs: usize,
    stop: &AtomicBool,
    tally: &mut Tally,
    mut sink: impl FnMut(&Solved) -> Result<(), ResultsError>,
) -> Result<(), ResultsError> {
    let bar = progress_bar(Some(shard.size(deals.count()) - tally.solved()), "deals");
    let todo = deals.shard(shard).filter(|&(index, _)| !done(index));
    let work = |(index, deal): (usize, Deal)| {
        let started = Instant::now();
        let (verdict, figures) = lab.measure(&deal);
        Solved {
            deal: index,
            verdict,
            figures,
            millis: started.elapsed().as_secs_f64() * 1000.0,
        }
    };
    let mut failed = None;
    pool::stream(todo, jobs, stop, work, |_, solved| {
        if failed.is_some() {
            return;
        }
        // A game at the table the stop ended is no result: it is not kept, so that a resumed
        // run plays it again.
        if matches!(&solved.verdict, Outcome::Undecided(why) if why == STOPPED) {
            return;
        }
        bar.inc(1);
        match sink(&solved) {
            Ok(()) => tally.add(&solved),
            Err(error) => {
                failed = Some(error);
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    bar.finish_and_clear();
    failed.map_or(Ok(()), Err)
}

/// The results file of `--out` or `--resume`, checked and locked (begun later, see
/// [`Claimed`]), with what it already holds: the tally of its results and which deals they are.
fn open_results(
    args: &StatsArgs,
    run: &RunId,
    figures: &[Figure],
) -> Result<(Tally, Seen, Option<Claimed>), InputError> {
    let usage = |error: results_file::ResultsError| InputError::Usage(error.to_string());
    let mut tally = Tally::default();
    match (&args.resume, &args.out) {
        (Some(path), _) => {
            let warn = |message| console::err(format_args!("pyramid: {message}\n"));
            let (file, done) =
                ResultsFile::resume(path, run, figures, |solved| tally.add(&solved), warn)
                    .map_err(usage)?;
            Ok((tally, done, Some(Claimed::Resumed(file))))
        }
        (None, Some(path)) => {
            let claimed = ResultsFile::claim(path).map_err(usage)?;
            Ok((tally, Seen::default(), Some(claimed)))
        }
        (None, None) => Ok((tally, Seen::default(), None)),
    }
}

/// The lab of a game's run, the flags checked against the game: a game `stats` does not
/// measure, another game's rules or options are refused, and so is `--compare` for a game
/// with one set of rules.
fn lab_of(
    args: &StatsArgs,
    game: &'static dyn Game,
    stop: &Arc<AtomicBool>,
) -> Result<Box<dyn Lab>, InputError> {
    if !game.measured() {
        return Err(InputError::Usage(format!(
            "stats does not take {} yet: batch solves its deals",
            game.id()
        )));
    }
    args.game.check_game(game)?;
    let lab = game
        .lab(&args.game.settings, Goal::Board, args.caps.caps())
        .map_err(InputError::options)?;
    if args.at_table {
        let goal = args.goal.goal(game, false)?.unwrap_or(Goal::Board);
        return at_table_lab(args, lab, goal, stop);
    }
    if args.compare && lab.compared().is_empty() {
        let comparing: Vec<&dyn Game> = games::ALL
            .iter()
            .copied()
            .filter(|game| {
                game.lab(&Settings::default(), Goal::Board, args.caps.caps())
                    .is_ok_and(|lab| !lab.compared().is_empty())
            })
            .collect();
        return Err(InputError::Usage(format!(
            "--compare is for {} rule sets; {game} has one",
            owners(&comparing)
        )));
    }
    Ok(lab)
}

/// The lab that plays a game's deals at the table for `goal`, `lab` giving its rules, its
/// games ended by the run's `stop`; refused for a game with no ranking at the table, or with
/// none for the challenge.
fn at_table_lab(
    args: &StatsArgs,
    lab: Box<dyn Lab>,
    goal: Goal,
    stop: &Arc<AtomicBool>,
) -> Result<Box<dyn Lab>, InputError> {
    if lab.at_table() && !lab.at_table_for(goal) {
        return Err(InputError::Usage(format!(
            "--at-table does not play {goal} under {}",
            lab.rules_text()
        )));
    }
    if !lab.at_table() {
        let playing: Vec<&dyn Game> = games::ALL
            .iter()
            .copied()
            .filter(|game| {
                game.lab(&Settings::default(), Goal::Board, args.caps.caps())
                    .is_ok_and(|lab| lab.at_table())
            })
            .collect();
        return Err(InputError::Usage(format!(
            "--at-table is for {} games",
            joined(
                &playing
                    .iter()
                    .map(|game| game.name().to_string())
                    .collect::<Vec<_>>(),
                "and"
            )
        )));
    }
    let budget = TableBudget {
        samples: args.samples,
        time: args.caps.time_limit,
        seed: args.seed,
    };
    Ok(Box::new(TableLab {
        inner: lab,
        goal,
        budget,
        caps: table_caps(&args.caps, goal),
        stop: Arc::clone(stop),
    }))
}

/// The caps on each deal of the cards not seen that a move's ranking solves for `goal`: the
/// states cap given, or the ranking's own ([`deal_caps`]: a Score search keeps more states),
/// and the memory cap; the time limit is the move's, not each solve's.
fn table_caps(caps: &CapArgs, goal: Goal) -> Caps {
    let states = caps
        .max_states
        .map_or(deal_caps(goal).states, |n| usize::try_from(n).ok());
    Caps::new(states, Some(caps.max_memory), None)
}

/// The lab a results file's rules name: the game's own, or at the table when they say so.
pub fn lab_of_rules(
    game: &'static dyn Game,
    rules: &Value,
    caps: Caps,
) -> Result<Box<dyn Lab>, NotItsRules> {
    let not_its = || NotItsRules(format!("its rules are not {game}'s at the table"));
    match TableLab::of_rules(rules, |rest| game.lab_of_json(rest, caps).ok(), caps) {
        Some(Some(lab)) => Ok(Box::new(lab)),
        Some(None) => game.lab_of_json(rules, caps),
        None => Err(not_its()),
    }
}

/// A run's game, the lab that measures its deals, and the deals.
type Run = (&'static dyn Game, Box<dyn Lab>, Deals);

/// The run's game, its lab and its deals: a file's (whose game is the one asked for, else the
/// one it says), or random ones from the seed. The flags are checked against the game before
/// a file is read through; `None` when Ctrl-C (`stop`) came first.
fn deals_of(
    args: &StatsArgs,
    asked: Option<&'static dyn Game>,
    stop: &Arc<AtomicBool>,
) -> Result<Option<Run>, InputError> {
    let Some(path) = &args.from else {
        let game = asked.unwrap_or(games::ALL[0]);
        let lab = lab_of(args, game, stop)?;
        let deals = Deals::Random {
            seed: args.seed,
            count: args.deals,
        };
        return Ok(Some((game, lab, deals)));
    };
    let source = LinesSource::open(path)?;
    let game = source.game(asked)?;
    let lab = lab_of(args, game, stop)?;
    let Some(file) = DealFile::read(source, game, stop)? else {
        return Ok(None);
    };
    let deals = Deals::File(file);
    if deals.count() == 0 {
        return Err(InputError::Usage("no deals to solve".to_string()));
    }
    Ok(Some((game, lab, deals)))
}

/// Runs the command, or `stats merge`. `asked` is the `--game` flag, if given.
pub fn run(args: &StatsArgs, asked: Option<&'static dyn Game>) -> Result<u8, InputError> {
    if let Some(StatsCommand::Merge(merge)) = &args.command {
        return merge::run(merge, merge.which.game.or(asked));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    // Ctrl-C stops starting new deals; the summary covers those finished. Without a handler
    // (one is already set) Ctrl-C simply ends the program.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    let Some((game, lab, deals)) = deals_of(args, asked, &stop)? else {
        console::err(format_args!(
            "pyramid: interrupted while the deals were read: none was solved\n"
        ));
        return Ok(EXIT_INTERRUPTED);
    };
    // The deals on standard output: the summary goes to standard error, out of their way.
    let to_stderr = args
        .export
        .as_deref()
        .is_some_and(crate::cli::input::is_stdin);
    // Every file that may be refused is checked (and held) before any is written.
    let export = args
        .export
        .as_deref()
        .map(|path| deals::Export::start(path, &deals))
        .transpose()?;
    let jobs = pool::threads(args.jobs);
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let run = RunId {
        game,
        rules: lab.rules_json(),
        source: deals.source(),
        deals: deals.count(),
        caps: args.caps.caps(),
        shard,
    };
    let figures = lab.figures();
    let (mut tally, done, claimed) = open_results(args, &run, &figures)?;
    if let (Some(export), Some(path)) = (export, &args.export)
        && export.write(&deals, &stop)? == Exported::Interrupted
    {
        console::err(format_args!(
            "pyramid: interrupted: {} was not written\n",
            crate::cli::input::source_name(path)
        ));
        return Ok(EXIT_INTERRUPTED);
    }
    // Begun only now: an export that failed or was stopped leaves no file holding only the
    // run's first line.
    let mut file = claimed
        .map(|claimed| claimed.begin(&run))
        .transpose()
        .map_err(|error| InputError::Usage(error.to_string()))?;
    if args.compare {
        let code = compare(args, game, lab.as_ref(), &deals, jobs, &stop, to_stderr);
        return deals.check().map(|()| code);
    }
    let started = Instant::now();
    let is_done = |index: usize| done.contains(index);
    solve_all(
        &deals,
        shard,
        &is_done,
        lab.as_ref(),
        jobs,
        &stop,
        &mut tally,
        |solved| match &mut file {
            Some(file) => file.write(&solved.json(&figures)),
            None => Ok(()),
        },
    )
    .map_err(|error| InputError::Usage(error.to_string()))?;
    deals.check()?;
    let summary = Summary {
        game,
        lab,
        tally,
        total: shard.size(deals.count()),
        wall: started.elapsed(),
        part: if shard.is_whole() {
            Part::Whole
        } else {
            Part::Shard {
                shard,
                of: deals.count(),
            }
        },
    };
    print_summary(&summary, args.json, to_stderr);
    Ok(summary.exit_code())
}

/// Prints a summary, as text or JSON, on standard output or, where that holds the exported
/// deals, standard error.
fn print_summary(summary: &Summary, json: bool, to_stderr: bool) {
    let text = if json {
        format!("{}\n", summary.json())
    } else {
        summary.text()
    };
    say(text, to_stderr);
}

/// Prints on standard output, or standard error.
fn say(text: impl std::fmt::Display, to_stderr: bool) {
    if to_stderr {
        console::err(text);
    } else {
        console::out(text);
    }
}

/// `--compare`: the same deals under the rule sets the game's lab compares, in one table;
/// gives the exit code.
fn compare(
    args: &StatsArgs,
    game: &'static dyn Game,
    lab: &dyn Lab,
    deals: &Deals,
    jobs: usize,
    stop: &AtomicBool,
    to_stderr: bool,
) -> u8 {
    let mut summaries = Vec::new();
    for lab in lab.compared() {
        let started = Instant::now();
        let mut tally = Tally::default();
        // Nothing is written, so nothing can fail.
        let _ = solve_all(
            deals,
            Shard::WHOLE,
            &|_| false,
            lab.as_ref(),
            jobs,
            stop,
            &mut tally,
            |_| Ok(()),
        );
        summaries.push(Summary {
            game,
            lab,
            tally,
            total: deals.count(),
            wall: started.elapsed(),
            part: Part::Whole,
        });
    }
    say(comparison(&summaries, args.json), to_stderr);
    summaries
        .iter()
        .map(Summary::exit_code)
        .max()
        .unwrap_or(EXIT_OK)
}

/// One table for the same deals under several rules, or its JSON.
fn comparison(summaries: &[Summary], json: bool) -> String {
    if json {
        let all: Vec<Value> = summaries.iter().map(Summary::json).collect();
        return format!("{}\n", json!(all));
    }
    let width = summaries
        .iter()
        .map(|summary| summary.brief_rules().chars().count())
        .fold(28, usize::max);
    let mut text = format!(
        "{:<width$} {:>11} {:>8} {:>17} {:>9} {:>9} {:>8}\n",
        "rules", "winnable", "", "95% interval", "median", "max", "time"
    );
    for summary in summaries {
        let (low, high) = wilson(summary.tally.winnable, summary.tally.decided);
        text.push_str(&format!(
            "{:<width$} {:>11} {:>7.1}% {:>7.1}% to {:>5.1}% {:>6.1} ms {:>6.0} ms {:>6.1} s\n",
            summary.brief_rules(),
            format!("{}/{}", summary.tally.winnable, summary.tally.decided),
            100.0 * summary.fraction(),
            100.0 * low,
            100.0 * high,
            summary.quantile(0.5),
            summary.quantile(1.0),
            summary.wall.as_secs_f64()
        ));
    }
    // Deals a cap stopped are in no column: say how many, where there are any.
    let undecided: Vec<String> = summaries
        .iter()
        .filter(|summary| summary.tally.undecided > 0)
        .map(|summary| {
            format!(
                "{} under {} ({})",
                summary.tally.undecided,
                summary.brief_rules(),
                summary.tally.causes_text()
            )
        })
        .collect();
    if !undecided.is_empty() {
        text.push_str(&format!(
            "Undecided (counted neither won nor lost), with what kept them open: {}\n",
            undecided.join("; ")
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first game's lab under its default rules.
    fn pyramid_lab() -> Box<dyn Lab> {
        games::ALL[0]
            .lab(&Settings::default(), Goal::Board, Caps::default())
            .expect("the default rules")
    }

    #[test]
    fn the_same_seed_gives_the_same_deals() {
        use solitaire::cards::deal::random_deals;
        assert_eq!(random_deals(7, 5), random_deals(7, 5));
        assert_ne!(random_deals(7, 1), random_deals(8, 1));
        assert_eq!(random_deals(7, 3)[..2], random_deals(7, 2)[..]);
        let streamed: Vec<Deal> = solitaire::cards::deal::RandomDeals::new(7)
            .take(5)
            .collect();
        assert_eq!(streamed, random_deals(7, 5));
    }

    #[test]
    fn undecided_deals_are_counted_apart_never_as_lost() {
        let mut tally = Tally::default();
        let solved = |deal, verdict, figures| Solved {
            deal,
            verdict,
            figures,
            millis: 1.0,
        };
        tally.add(&solved(0, Outcome::Won, vec![(Figure::Length, 40)]));
        tally.add(&solved(1, Outcome::Lost, Vec::new()));
        let why = "cap reached (states: 9 stored, cap 5)".to_string();
        tally.add(&solved(2, Outcome::Undecided(why), Vec::new()));
        let summary = Summary {
            game: games::ALL[0],
            lab: pyramid_lab(),
            tally,
            total: 4,
            wall: Duration::ZERO,
            part: Part::Whole,
        };
        let text = summary.text();
        assert!(
            text.starts_with("Interrupted: 3 of 4 deals solved"),
            "{text}"
        );
        assert!(text.contains("1 of 2 winnable: 50.0%"), "{text}");
        assert!(
            text.contains("1 undecided (a cap was reached, or cards are not known)"),
            "{text}"
        );
        assert_eq!(summary.json()["undecided"], 1);
        assert_eq!(summary.json()["complete"], false);
        assert_eq!(summary.exit_code(), EXIT_INTERRUPTED);
    }

    #[test]
    fn announced_chances_count_by_tenths_against_the_games_won() {
        use solitaire::engine::table_lab::tenth;
        assert_eq!(
            [0.0, 0.05, 0.1, 0.55, 0.999, 1.0].map(tenth),
            [0, 0, 1, 5, 9, 9]
        );
        let mut tally = Tally::default();
        let game = |deal, verdict, known, announced: &[(usize, usize)]| Solved {
            deal,
            verdict,
            figures: std::iter::once((Figure::AllKnown, known))
                .chain(announced.iter().map(|&(t, n)| (Figure::Announced(t), n)))
                .collect(),
            millis: 1.0,
        };
        tally.add(&game(0, Outcome::Won, 1, &[(9, 3), (5, 1)]));
        tally.add(&game(1, Outcome::Lost, 1, &[(9, 1), (2, 2)]));
        tally.add(&game(2, Outcome::Lost, 0, &[(2, 4)]));
        assert_eq!(tally.calibration[9], (4, 3));
        assert_eq!(tally.calibration[5], (1, 1));
        assert_eq!(tally.calibration[2], (6, 0));
        let lab = TableLab {
            inner: pyramid_lab(),
            goal: Goal::Board,
            budget: TableBudget {
                samples: 5,
                time: None,
                seed: 1,
            },
            caps: Caps::default(),
            stop: Arc::default(),
        };
        let summary = Summary {
            game: games::ALL[0],
            lab: Box::new(lab),
            tally,
            total: 3,
            wall: Duration::ZERO,
            part: Part::Whole,
        };
        let text = summary.text();
        assert!(text.contains("1 of 3 winnable: 33.3%"), "{text}");
        assert!(
            text.contains("every card known, the same deals: 2 of 3 winnable: 66.7%"),
            "{text}"
        );
        assert!(text.contains(" 90-100%        4  75.0%\n"), "{text}");
        assert!(text.contains(" 20-30%        6   0.0%\n"), "{text}");
        let json = summary.json();
        assert_eq!(json["at_table"]["all_known"]["winnable"], 2);
        assert_eq!(json["at_table"]["calibration"][9]["moves"], 4);
        assert_eq!(json["at_table"]["calibration"][9]["won"], 3);
    }

    #[test]
    fn the_histogram_bins_by_five_steps_with_the_longest_bar_full() {
        let lengths = BTreeMap::from([(15, 1), (41, 4), (44, 4)]);
        let lines = histogram(&lengths, 8);
        assert_eq!(lines[0], " 15-19  █ 1");
        assert_eq!(lines[1], " 20-24   0");
        assert_eq!(lines.last().map(String::as_str), Some(" 40-44  ████████ 8"));
        assert_eq!(lines.len(), 6, "every range from 15-19 to 40-44: {lines:?}");
    }

    #[test]
    fn the_first_failed_write_stops_the_run() {
        let deals = Deals::Random {
            seed: 1,
            count: 2000,
        };
        let lab = pyramid_lab();
        let stop = AtomicBool::new(false);
        let mut tally = Tally::default();
        let mut writes = 0;
        let result = solve_all(
            &deals,
            Shard::WHOLE,
            &|_| false,
            lab.as_ref(),
            2,
            &stop,
            &mut tally,
            |_| {
                writes += 1;
                Err(ResultsError::Write {
                    path: "full.jsonl".to_string(),
                    source: std::io::Error::other("no space left"),
                })
            },
        );
        assert!(result.is_err());
        assert_eq!(
            writes, 1,
            "no result is written after the first that failed"
        );
        assert_eq!(
            tally.solved(),
            0,
            "a result that was not written is not counted"
        );
        assert!(stop.load(Ordering::Relaxed), "no deal is started after it");
    }
}

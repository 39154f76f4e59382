//! Times the Perfect Pair solver on seeded random deals of the default layout (a
//! reconstruction: four rows of 7 and 6 cards), one after another on one core:
//! `cargo run --release --example perfect_pair_bench -- [DEALS] [SEED] [GOALS]`
//! (by default 1,000 deals of seed 0; `GOALS` 1 also solves for the most hearts and the
//! most perfect matches). Prints the time for the exact best score per deal (median, mean,
//! worst and the worst deal), the most states a deal held, the distribution of the best
//! score, the share of deals that can be cleared with one and with two free cells, and the
//! possible perfect matches before play (the per-row count, `PERFECT_PAIR.md`: more than
//! twelve is "extremely rare"). Every line is replayed on the referee, outside the timing.
//! Peak memory: run it under `/usr/bin/time -v`.
//!
//! The totals are the thread's time on the processor where Linux gives it
//! (`/proc/thread-self/schedstat`), so that a machine shared with other work does not count
//! the time spent waiting for it, with the wall-clock time beside them. Linux updates that
//! figure only every few milliseconds, which is fine for a total but not for one deal: the
//! times per deal are on the clock, and so at most what they would be on a machine of one's
//! own.

use std::time::{Duration, Instant};

use solitaire::games::perfect_pair::solver::{Clearing, Figures, Goal, clear, solve};
use solitaire::games::perfect_pair::{Layout, Position, Rules};

/// Plays a line on the referee and returns where it ends.
fn replay(start: &Position, moves: &[solitaire::games::perfect_pair::Move]) -> Position {
    let mut position = start.clone();
    for &mv in moves {
        position.apply(mv).expect("the solver's moves are legal");
    }
    position
}

/// The time this thread has spent on a processor, where Linux tells it.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// The time `work` takes on the processor, where that is known, and on the clock.
fn timed<T>(work: impl FnOnce() -> T) -> (T, Option<Duration>, Duration) {
    let (cpu, wall) = (cpu_time(), Instant::now());
    let result = work();
    let on_cpu = cpu
        .zip(cpu_time())
        .map(|(before, after)| after.saturating_sub(before));
    (result, on_cpu, wall.elapsed())
}

/// A total time for people: "7.75 s on the processor (19.49 s on the clock)".
fn total(on_cpu: Option<Duration>, wall: Duration) -> String {
    match on_cpu {
        Some(cpu) => format!(
            "{:.2} s on the processor ({:.2} s on the clock)",
            cpu.as_secs_f64(),
            wall.as_secs_f64()
        ),
        None => format!("{:.2} s on the clock", wall.as_secs_f64()),
    }
}

/// Adds up times that may be unknown.
fn add(total: &mut Option<Duration>, time: Option<Duration>) {
    *total = total.zip(time).map(|(a, b)| a + b);
}

/// A share as a percentage of `count`.
fn percent(part: usize, count: usize) -> f64 {
    100.0 * part as f64 / count as f64
}

/// Counts per value, as "value:count" words.
fn histogram(values: &[u32], bucket: u32) -> String {
    let mut counts = std::collections::BTreeMap::new();
    for &value in values {
        *counts.entry(value / bucket * bucket).or_insert(0) += 1;
    }
    let words: Vec<String> = counts
        .iter()
        .map(|(value, count)| format!("{value}:{count}"))
        .collect();
    words.join(" ")
}

/// Milliseconds of a time.
fn ms(time: Duration) -> f64 {
    time.as_secs_f64() * 1000.0
}

/// Times the best score of every deal, replays each line, and prints the figures.
fn best_scores(layouts: &[Layout], seed: u64) {
    let rules = Rules::DEFAULT;
    let deals = layouts.len();
    let mut times = Vec::new();
    let mut answers = Vec::new();
    let (mut most_stored, mut most_memory) = (0, 0);
    let (mut on_cpu, mut wall) = (Some(Duration::ZERO), Duration::ZERO);
    for (number, layout) in layouts.iter().enumerate() {
        let start = Position::new(layout.clone(), rules);
        let (report, cpu, clock) = timed(|| solve(&start, Goal::Points, &mut ()));
        add(&mut on_cpu, cpu);
        wall += clock;
        times.push((clock, number));
        most_stored = most_stored.max(report.stats.stored);
        most_memory = most_memory.max(report.stats.memory);
        answers.push(report.answer.expect("no cap"));
    }
    let mut scores = Vec::new();
    let mut won = 0;
    for (layout, best) in layouts.iter().zip(&answers) {
        let start = Position::new(layout.clone(), rules);
        let end = replay(&start, &best.moves);
        assert_eq!(Figures::of(&end), best.figures, "the referee agrees");
        scores.push(best.figures.score);
        won += usize::from(best.figures.won);
    }
    times.sort();
    let (worst, worst_deal) = times[deals - 1];
    println!(
        "best score, {rules}: {deals} deals of seed {seed}, one core: {}",
        total(on_cpu, wall)
    );
    println!(
        "per deal on the clock: median {:.2} ms, mean {:.2} ms, 90% {:.1} ms, 99% {:.1} ms, \
         worst {:.1} ms (deal {worst_deal})",
        ms(times[deals / 2].0),
        ms(wall) / deals as f64,
        ms(times[deals * 9 / 10].0),
        ms(times[deals * 99 / 100].0),
        ms(worst),
    );
    println!(
        "most states held by one deal: {most_stored} ({})",
        solitaire::engine::search::bytes(most_memory)
    );
    let mut sorted = scores.clone();
    sorted.sort_unstable();
    println!(
        "best score: lowest {}, median {}, highest {}, mean {:.1}; the best hand clears {:.1}% \
         of deals",
        sorted[0],
        sorted[deals / 2],
        sorted[deals - 1],
        f64::from(scores.iter().sum::<u32>()) / deals as f64,
        percent(won, deals)
    );
    println!("best score by tens: {}", histogram(&scores, 10));
}

/// Prints the share of deals that can be cleared with one and with two free cells.
fn clearing(layouts: &[Layout]) {
    for cells in 1..=2 {
        let rules = Rules::with_free_cells(cells);
        let (mut on_cpu, mut wall) = (Some(Duration::ZERO), Duration::ZERO);
        let mut cleared = 0;
        for layout in layouts {
            let start = Position::new(layout.clone(), rules);
            let (report, cpu, clock) = timed(|| clear(&start, &mut ()));
            add(&mut on_cpu, cpu);
            wall += clock;
            if let Clearing::Cleared(moves) = report.answer.expect("no cap") {
                assert!(replay(&start, &moves).is_won(), "the line clears");
                cleared += 1;
            }
        }
        println!(
            "{rules}: {:.1}% of deals can be cleared ({cleared} of {}); {}",
            percent(cleared, layouts.len()),
            layouts.len(),
            total(on_cpu, wall)
        );
    }
}

/// Prints the possible perfect matches before play: the rows' ordered pairs.
fn possible_perfect_matches(layouts: &[Layout]) {
    let possible: Vec<u32> = layouts
        .iter()
        .map(|layout| layout.possible_perfect_matches() as u32)
        .collect();
    println!(
        "possible perfect matches before play (per row, in order): {}; more than twelve in {} \
         of {}",
        histogram(&possible, 1),
        possible.iter().filter(|&&count| count > 12).count(),
        layouts.len()
    );
    let most = possible.iter().max().copied().unwrap_or(0);
    println!("most possible perfect matches seen: {most}");
}

/// Times the most hearts and the most perfect matches of every deal, and prints them.
fn other_goals(layouts: &[Layout]) {
    for goal in [Goal::Hearts, Goal::PerfectMatches] {
        let (mut on_cpu, mut wall) = (Some(Duration::ZERO), Duration::ZERO);
        let mut figures = Vec::new();
        let mut worst = (Duration::ZERO, 0);
        for (number, layout) in layouts.iter().enumerate() {
            let start = Position::new(layout.clone(), Rules::DEFAULT);
            let (report, cpu, clock) = timed(|| solve(&start, goal, &mut ()));
            add(&mut on_cpu, cpu);
            wall += clock;
            worst = worst.max((clock, number));
            let best = report.answer.expect("no cap");
            assert_eq!(Figures::of(&replay(&start, &best.moves)), best.figures);
            figures.push(best.figures.of_goal(goal));
        }
        println!(
            "{goal:?}: {}, worst {:.1} ms on the clock (deal {}); best per deal: {}",
            total(on_cpu, wall),
            ms(worst.0),
            worst.1,
            histogram(&figures, 1)
        );
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|arg| arg.parse().expect("numbers: deals, seed, goals"))
        .collect();
    let deals = args.first().copied().unwrap_or(1000).max(1) as usize;
    let seed = args.get(1).copied().unwrap_or(0);
    let layouts: Vec<Layout> = (0..deals)
        .map(|number| Layout::deal(seed, number))
        .collect();
    best_scores(&layouts, seed);
    clearing(&layouts);
    possible_perfect_matches(&layouts);
    if args.get(2) == Some(&1) {
        other_goals(&layouts);
    }
}

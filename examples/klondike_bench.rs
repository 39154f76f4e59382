//! Times the Klondike solver on seeded random deals, one after another on one core:
//! `cargo run --release --example klondike_bench -- [DEALS] [DRAW] [FIRST SEED] [STATE CAP]`
//! (by default 200 deals, draw 3, seeds from 0, no cap), under the standard rules otherwise;
//! a deal that reaches the cap is counted undecided. Prints the share of
//! deals won, the time per deal (median, mean, worst and the worst deal's seed) and the
//! winning lines' lengths; every line is replayed on the referee.

use std::time::{Duration, Instant};

use solitaire::games::klondike::solver::{Capped, Caps, Verdict, solve};
use solitaire::games::klondike::{Deal, Game, Position, Rules};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|arg| arg.parse().expect("numbers: deals, draw, first seed"))
        .collect();
    let deals = args.first().copied().unwrap_or(200);
    let draw = args.get(1).copied().unwrap_or(3) as u8;
    let first = args.get(2).copied().unwrap_or(0);
    let caps = Caps::new(args.get(3).map(|&cap| cap as usize), None, None);
    let mut undecided = Vec::new();
    let rules = Rules {
        draw,
        ..Rules::STANDARD
    };
    let mut times = Vec::new();
    let mut lengths = Vec::new();
    let mut states = 0;
    let started = Instant::now();
    for seed in first..first + deals {
        let start = Position::new(&Deal::shuffled(seed), rules);
        let report = solve(&start, &mut Capped::new(caps, &mut ()));
        if report.answer.is_none() {
            undecided.push(seed);
        }
        times.push((report.stats.elapsed, seed));
        states = states.max(report.stats.stored);
        if let Some(Verdict::Solvable(line)) = report.answer {
            let game = Game::replay(start, &line).expect("the line is legal");
            assert!(game.position().is_won(), "seed {seed}: the line wins");
            lengths.push(line.len());
        }
    }
    let total = started.elapsed();
    times.sort();
    lengths.sort_unstable();
    let ms = |time: Duration| time.as_secs_f64() * 1000.0;
    let count = times.len();
    let (worst, worst_seed) = times[count - 1];
    println!(
        "{rules}: {deals} deals from seed {first} in {:.1} s",
        total.as_secs_f64()
    );
    println!(
        "won {} ({:.1}%), lost {}, undecided {} {undecided:?}",
        lengths.len(),
        100.0 * lengths.len() as f64 / count as f64,
        count - lengths.len() - undecided.len(),
        undecided.len()
    );
    println!(
        "per deal: median {:.3} ms, mean {:.1} ms, 90% {:.1} ms, 99% {:.1} ms, worst {:.0} ms (seed {worst_seed})",
        ms(times[count / 2].0),
        ms(total) / count as f64,
        ms(times[count * 9 / 10].0),
        ms(times[count * 99 / 100].0),
        ms(worst),
    );
    println!("most states stored for one deal: {states}");
    if !lengths.is_empty() {
        println!(
            "winning lines: median {} moves, shortest {}, longest {}",
            lengths[lengths.len() / 2],
            lengths[0],
            lengths[lengths.len() - 1]
        );
    }
}

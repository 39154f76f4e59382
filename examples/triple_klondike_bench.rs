//! Solves the contest's deals of Minimal Triple Klondike, one after another:
//! `cargo run --release --example triple_klondike_bench -- [FIRST] [LAST] [SECONDS] [THREADS]
//! [WIDTH]` (by default deals 1 to 100, 30 s a deal, one thread, beams up to the solver's
//! widest). A fixed `WIDTH` makes runs comparable on a busy machine: the same beams are run
//! whatever the machine's speed, so long as the time allows. The deals are read from
//! `../shared/triple-klondike/deals-100.txt` (or the file `TK_DEALS` names). Prints one JSON
//! line a deal (its number, the cards up, the moves, the lower bound on a complete line's
//! moves, whether the line is proven the shortest, the time, the line) and a summary; every
//! line is replayed on the referee.

use std::time::{Duration, Instant};

use solitaire::games::triple_klondike::deal::read_deals;
use solitaire::games::triple_klondike::notation::line_text;
use solitaire::games::triple_klondike::solver::{Caps, Options, solve};
use solitaire::games::triple_klondike::{Position, Rules};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|arg| arg.parse().expect("numbers: first, last, seconds, threads"))
        .collect();
    let first = args.first().copied().unwrap_or(1) as usize;
    let last = args.get(1).copied().unwrap_or(100) as usize;
    let seconds = args.get(2).copied().unwrap_or(30);
    let threads = args.get(3).copied().unwrap_or(1) as usize;
    let widest = args
        .get(4)
        .map_or(Options::default().max_width, |&width| width as usize);
    let path = std::env::var("TK_DEALS").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/triple-klondike/deals-100.txt"
        )
        .to_string()
    });
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipped: the contest's deals are not at {path}");
        return;
    };
    let rules = Rules::default();
    let deals = read_deals(&text, rules);
    let options = Options {
        caps: Caps::new(None, Some(3 << 30), Some(Duration::from_secs(seconds))),
        threads,
        max_width: widest,
        ..Options::default()
    };
    let started = Instant::now();
    let mut complete = Vec::new();
    let mut gaps = Vec::new();
    let mut cards_up = 0;
    let mut solved = 0;
    for (line_number, deal) in deals.iter().filter(|(n, _)| (first..=last).contains(n)) {
        let deal = deal.as_ref().expect("the contest's deals are valid");
        let position = Position::new(deal, rules).expect("a deal of the contest");
        let solution = solve(&position, &options, &mut (), &mut |_| {});
        let (_, tally) = position.replay(&solution.line).expect("the line replays");
        assert_eq!(tally, solution.tally);
        let bound = solution.bound.moves();
        println!(
            "{{\"deal\": {line_number}, \"cards_up\": {}, \"moves\": {}, \"bound\": {bound}, \"proven\": {}, \"seconds\": {:.1}, \"line\": \"{}\"}}",
            tally.cards_up,
            tally.moves,
            solution.proven,
            solution.stats.elapsed.as_secs_f64(),
            line_text(&solution.line),
        );
        solved += 1;
        cards_up += tally.cards_up;
        if tally.cards_up == 156 {
            complete.push(tally.moves);
            gaps.push(tally.moves - bound);
        }
    }
    complete.sort_unstable();
    gaps.sort_unstable();
    let middle = |values: &[usize]| values.get(values.len() / 2).copied().unwrap_or(0);
    println!(
        "{solved} deals at {seconds} s on {threads} thread(s): complete {}, cards up {cards_up}; \
         complete lines' moves median {}, best {}, worst {}; gap to the bound median {}, worst {}; \
         total {:.0} s",
        complete.len(),
        middle(&complete),
        complete.first().copied().unwrap_or(0),
        complete.last().copied().unwrap_or(0),
        middle(&gaps),
        gaps.last().copied().unwrap_or(0),
        started.elapsed().as_secs_f64()
    );
}

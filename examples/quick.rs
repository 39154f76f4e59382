use pyramid::Deal;
use pyramid::pyramid::solver::{Outcome, solve};
use pyramid::pyramid::{Position, Rules};
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let mut times = vec![];
    let mut bad = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (len, deal) = line.split_once('\t').unwrap();
        let len: usize = len.parse().unwrap();
        let deal = Deal::parse(deal).unwrap();
        let t = Instant::now();
        let r = solve(&Position::new(&deal, Rules::default()), &mut ());
        let el = t.elapsed().as_secs_f64();
        let got = match r.outcome {
            Outcome::Solved(m) => m.len(),
            _ => 0,
        };
        if got != len {
            bad += 1;
            eprintln!("MISMATCH want {len} got {got}: {}", deal);
        }
        times.push((el, r.stats.expanded, r.stats.stored, len));
    }
    let total: f64 = times.iter().map(|t| t.0).sum();
    times.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap());
    println!(
        "total {total:.2}s median {:.4} worst {:?} bad {bad}",
        times[times.len() / 2].0,
        times.last().unwrap()
    );
    for t in times.iter().rev().take(3) {
        println!("{t:?}");
    }
    let s: f64 = times.iter().filter(|t| t.3 > 0).map(|t| t.0).sum();
    let u: f64 = times.iter().filter(|t| t.3 == 0).map(|t| t.0).sum();
    println!("solvable {s:.2} unsolvable {u:.2}");
}

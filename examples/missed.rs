use pyramid::pyramid::solver::phases::{probe_only, reach_only, astar_only};
use pyramid::pyramid::{Position, Rules};
use pyramid::Deal;
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).unwrap();
    let budget: u64 = std::env::args().nth(2).unwrap().parse().unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (len, deal) = line.split_once('\t').unwrap();
        let len: usize = len.parse().unwrap();
        if len == 0 { continue; }
        let p = Position::new(&Deal::parse(deal).unwrap(), Rules::default());
        let (r, _) = probe_only(&p, budget);
        if r.is_none() {
            let t = Instant::now();
            let (_, st) = reach_only(&p);
            let e1 = t.elapsed().as_secs_f64();
            let t = Instant::now();
            let (_, st2) = astar_only(&p);
            println!("len {len} reach {e1:.3}s {} astar {:.3}s {}", st.expanded, t.elapsed().as_secs_f64(), st2.expanded);
        }
    }
}

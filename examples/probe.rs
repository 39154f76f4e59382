use pyramid::pyramid::solver::phases::probe_only;
use pyramid::pyramid::{Position, Rules};
use pyramid::Deal;
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).unwrap();
    let budget: u64 = std::env::args().nth(2).unwrap().parse().unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let mut found = vec![]; let mut missed = 0; let mut t_unsolv = 0.0; let mut t_solv = 0.0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (len, deal) = line.split_once('\t').unwrap();
        let len: usize = len.parse().unwrap();
        let p = Position::new(&Deal::parse(deal).unwrap(), Rules::default());
        let t = Instant::now();
        let (r, st) = probe_only(&p, budget);
        let el = t.elapsed().as_secs_f64();
        if len > 0 { t_solv += el; match r { Some(true) => found.push(st.expanded), None => missed += 1, Some(false) => panic!("wrong") } }
        else { t_unsolv += el; assert_ne!(r, Some(true)); }
    }
    found.sort();
    println!("found {} missed {missed} median {} p99 {} max {} time solv {t_solv:.2} unsolv {t_unsolv:.2}", found.len(), found[found.len()/2], found[found.len()*99/100], found.last().unwrap());
}

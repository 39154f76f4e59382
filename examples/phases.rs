use pyramid::pyramid::solver::phases::{astar_only, reach_only};
use pyramid::pyramid::{Position, Rules};
use pyramid::Deal;
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let (mut rs, mut ru, mut a) = (vec![], vec![], vec![]);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (len, deal) = line.split_once('\t').unwrap();
        let len: usize = len.parse().unwrap();
        let p = Position::new(&Deal::parse(deal).unwrap(), Rules::default());
        let t = Instant::now();
        let (r, st) = if len > 0 && std::env::var("SKIP").is_ok() { (Some(true), Default::default()) } else { reach_only(&p) };
        let el = t.elapsed().as_secs_f64();
        assert_eq!(r, Some(len > 0), "{deal}");
        if len > 0 { rs.push((el, st.expanded)); } else { ru.push((el, st.expanded)); }
        if len > 0 {
            let t = Instant::now();
            let (o, st) = astar_only(&p);
            match o { pyramid::pyramid::solver::Outcome::Solved(m) => assert_eq!(m.len(), len), _ => panic!() }
            a.push((t.elapsed().as_secs_f64(), st.expanded, len, st.frontier, 0usize));
        }
    }
    for (name, v) in [("reach solvable", rs), ("reach unsolvable", ru)] {
        let total: f64 = v.iter().map(|x| x.0).sum();
        let worst = v.iter().map(|x| x.0).fold(0.0, f64::max);
        println!("{name}: n={} total {total:.2} worst {worst:.3}", v.len());
    }
    let total: f64 = a.iter().map(|x| x.0).sum();
    println!("astar expanded {} at last f {} h0 {}", a.iter().map(|x| x.1).sum::<u64>(), a.iter().map(|x| x.3).sum::<usize>(), a.iter().map(|x| x.4).sum::<usize>());
    a.sort_by(|x, y| x.0.partial_cmp(&y.0).unwrap());
    println!("astar solvable total {total:.2} worst {:?}", &a[a.len()-3..]);
}

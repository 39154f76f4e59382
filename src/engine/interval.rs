//! How sure a fraction measured on samples is: the 95% Wilson score interval, which `stats`
//! gives for the deals it solves and the chances at the table give for each move.

/// The 95% quantile of the normal distribution used by the interval.
const Z95: f64 = 1.959_964;

/// The Wilson score interval for `successes` out of `trials`, at 95%: `(0, 1)` for none.
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
}

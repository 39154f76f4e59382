//! How sure a fraction measured on samples is: the 95% Wilson score interval, which `stats`
//! gives for the deals it solves and the chances at the table give for each move; and how
//! sure a mean is (the points at the table).

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

/// The mean of `count` samples whose values add up to `sum` and their squares to `squares`,
/// with the half-width of its 95% interval (the normal one, from the samples' own spread):
/// `None` for no sample, a margin of 0 for one.
pub fn mean_margin(sum: u64, squares: u64, count: usize) -> Option<(f64, f64)> {
    if count == 0 {
        return None;
    }
    let n = count as f64;
    let mean = sum as f64 / n;
    if count == 1 {
        return Some((mean, 0.0));
    }
    // The sample variance, never below 0 for rounding.
    let variance = ((squares as f64 - n * mean * mean) / (n - 1.0)).max(0.0);
    Some((mean, Z95 * (variance / n).sqrt()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mean_margin_follows_the_spread_of_the_samples() {
        assert_eq!(mean_margin(0, 0, 0), None);
        assert_eq!(mean_margin(7, 49, 1), Some((7.0, 0.0)));
        assert_eq!(mean_margin(20, 100, 4), Some((5.0, 0.0)));
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32 / 7.
        let (mean, margin) = mean_margin(40, 232, 8).expect("samples");
        assert!((mean - 5.0).abs() < 1e-12);
        assert!((margin - Z95 * (32.0 / 7.0 / 8.0_f64).sqrt()).abs() < 1e-12);
    }

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

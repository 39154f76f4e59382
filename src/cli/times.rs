//! Solve times kept as a histogram, so that a run of any number of deals reports its median,
//! p99 and longest time from a few thousand counts rather than a time per deal.

use std::collections::BTreeMap;

/// Solve times in buckets a hundredth apart on a log scale (with the longest kept exactly), so
/// that a run of any length holds a few thousand counts, not a time per deal.
#[derive(Debug, Default)]
pub struct Times {
    buckets: BTreeMap<u32, usize>,
    count: usize,
    max: f64,
    /// All the times added up.
    pub sum: f64,
}

impl Times {
    /// The shortest time told apart, in milliseconds.
    const FLOOR: f64 = 1e-3;
    /// The ratio of one bucket to the next.
    const RATIO: f64 = 1.01;

    /// Counts one time, in milliseconds.
    pub fn add(&mut self, millis: f64) {
        let bucket = ((millis / Self::FLOOR).max(1.0).ln() / Self::RATIO.ln()) as u32;
        *self.buckets.entry(bucket).or_insert(0) += 1;
        self.count += 1;
        self.max = self.max.max(millis);
        self.sum += millis;
    }

    /// The time at quantile `q`, to within half a percent (the longest exactly).
    pub fn quantile(&self, q: f64) -> f64 {
        if self.count == 0 {
            return 0.0;
        }
        let rank = ((self.count - 1) as f64 * q).round() as usize;
        if rank + 1 == self.count {
            return self.max;
        }
        let mut below = 0;
        for (&bucket, &count) in &self.buckets {
            below += count;
            if below > rank {
                return (Self::FLOOR * Self::RATIO.powf(f64::from(bucket) + 0.5)).min(self.max);
            }
        }
        self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_quantiles_come_within_a_percent_and_the_longest_exactly() {
        let mut times = Times::default();
        for millis in 1..=1000 {
            times.add(f64::from(millis) / 10.0);
        }
        let median = times.quantile(0.5);
        assert!((median - 50.0).abs() < 0.5, "{median}");
        let p99 = times.quantile(0.99);
        assert!((p99 - 99.0).abs() < 1.0, "{p99}");
        assert!((times.quantile(1.0) - 100.0).abs() < f64::EPSILON);
        assert!(Times::default().quantile(0.5).abs() < f64::EPSILON);
    }
}

//! One `stats` run spread over many machines: the run's deals cut into N disjoint shards, and
//! the run's identity, which every shard writes as the first line of its results file so that
//! `stats merge` can tell the shards of one run from those of another. Nothing here knows a
//! game: the rules and what is measured on each deal are the game's own JSON, only compared.

use std::fmt::{self, Write as _};

use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

use solitaire::engine::game::Game;
use solitaire::engine::search::Caps;
use solitaire::games;

/// The most random deals in one `stats` run: about ten days on two cores.
pub const MAX_RUN_DEALS: usize = 100_000_000;

/// The most shards a run may be cut into: as many as it may have deals.
pub const MAX_SHARDS: usize = MAX_RUN_DEALS;

/// The K-th of N slices of a run's deals (K from 1).
///
/// The slices interleave: deal `i` (from 0) is in shard `i % N + 1`, rather than shards being
/// blocks of consecutive deals. Hard deals come in clusters where a file's deals were sorted or
/// gathered by difficulty, and a block would hand a whole cluster to one machine while the
/// others sit idle; every N-th deal spreads the slow deals evenly, so the shards end together.
/// Random deals between a shard's own are skipped without being made (see
/// [`solitaire::cards::deal::RandomDeals`]), so a shard of a long run starts at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// K, from 1 to `count`.
    pub index: usize,
    /// N.
    pub count: usize,
}

impl Shard {
    /// The whole run, as an unsharded run is: shard 1 of 1.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Reads `K/N`, with 1 <= K <= N.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let wrong = || {
            format!(
                "'{}' is not a shard: K/N, the K-th of N (1 <= K <= N), such as 2/8",
                solitaire::cards::excerpt::excerpt(text)
            )
        };
        let (index, count) = text.trim().split_once('/').ok_or_else(wrong)?;
        let number = |word: &str| {
            let word = word.trim();
            (!word.is_empty() && word.chars().all(|c| c.is_ascii_digit()))
                .then(|| word.parse::<usize>().ok())
                .flatten()
        };
        let (Some(index), Some(count)) = (number(index), number(count)) else {
            return Err(wrong());
        };
        if count > MAX_SHARDS {
            return Err(format!(
                "{count} shards: a run has at most {MAX_SHARDS} deals, so at most as many shards"
            ));
        }
        if !(1..=count).contains(&index) {
            return Err(wrong());
        }
        Ok(Shard { index, count })
    }

    /// Whether the run's deal `deal` (from 0) is this shard's.
    pub fn contains(self, deal: usize) -> bool {
        deal % self.count == self.index - 1
    }

    /// The shard a deal is in.
    pub fn of(self, deal: usize) -> Shard {
        Shard {
            index: deal % self.count + 1,
            count: self.count,
        }
    }

    /// How many of a run's `total` deals are this shard's.
    pub fn size(self, total: usize) -> usize {
        total / self.count + usize::from(self.index - 1 < total % self.count)
    }

    /// Whether this is a whole run, not a part of one.
    pub fn is_whole(self) -> bool {
        self.count == 1
    }
}

impl fmt::Display for Shard {
    /// `2/8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Where a run's deals come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// The random deals of a seed.
    Seed(u64),
    /// A file's deals, known by the SHA-256 of their lines as `--export` writes them (so that
    /// copies on other machines, under other names, with other comments or layouts, are the
    /// same run, and `sha256sum` of an exported file shows the digest).
    Deals { sha256: String },
}

impl Source {
    /// The digest of deals written one per line, in hex.
    #[cfg(test)]
    pub fn of_lines<S: AsRef<str>>(lines: impl IntoIterator<Item = S>) -> Source {
        let mut digest = LinesDigest::default();
        for line in lines {
            digest.add(line.as_ref());
        }
        digest.source()
    }
}

/// The digest of a file's deals (see [`Source::Deals`]), taken one line at a time as they are
/// read, so that no deal need be kept.
#[derive(Default)]
pub struct LinesDigest(Sha256);

impl LinesDigest {
    /// Adds a deal's line, written without its line end.
    pub fn add(&mut self, line: &str) {
        self.0.update(line.as_bytes());
        self.0.update(b"\n");
    }

    /// The deals' source: their digest, in hex.
    pub fn source(self) -> Source {
        let sha256 = self
            .0
            .finalize()
            .iter()
            .fold(String::new(), |mut hex, byte| {
                let _ = write!(hex, "{byte:02x}");
                hex
            });
        Source::Deals { sha256 }
    }
}

/// What makes a run the run it is; its shards share all of it but the shard.
#[derive(Debug, Clone, PartialEq)]
pub struct RunId {
    pub game: &'static dyn Game,
    /// The game's rules, its goal and what is measured on each deal, as the game writes them:
    /// compared here, read back by the game.
    pub rules: Value,
    pub source: Source,
    /// Deals in the whole run.
    pub deals: usize,
    /// The caps on each deal's search, which decide which deals come out undecided.
    pub caps: Caps,
    pub shard: Shard,
}

impl RunId {
    /// The first line of a results file:
    /// `{"run":{"game":"pyramid","rules":{..},"seed":1,"sha256":null,"deals":1000,
    /// "caps":{"states":..,"memory":..,"time":null},"shard":"2/8"}}`.
    pub fn json(&self) -> Value {
        let (seed, sha256) = match &self.source {
            Source::Seed(seed) => (json!(seed), Value::Null),
            Source::Deals { sha256 } => (Value::Null, json!(sha256)),
        };
        json!({"run": {
            "game": self.game.id(),
            "rules": self.rules,
            "seed": seed,
            "sha256": sha256,
            "deals": self.deals,
            "caps": {
                "states": self.caps.states,
                "memory": self.caps.memory,
                "time": self.caps.time.map(|time| time.as_secs_f64()),
            },
            "shard": self.shard.to_string(),
        }})
    }

    /// Reads a results file's first line back, or says what is wrong with it.
    pub fn from_json(line: &Value) -> Result<RunId, String> {
        let run = line
            .get("run")
            .and_then(Value::as_object)
            .ok_or("its first line does not describe a run")?;
        if !run.contains_key("game") && run.contains_key("passes") {
            return Err(
                "it names its run as an earlier version did, without the game and the caps; \
                 start the run again with --out"
                    .to_string(),
            );
        }
        let field = |key: &str| run.get(key).ok_or(format!("the run has no '{key}'"));
        let game = field("game")?
            .as_str()
            .and_then(|id| games::ALL.iter().copied().find(|game| game.id() == id))
            .ok_or("the run's game is not one this program knows")?;
        let rules = field("rules")?.clone();
        let source = match (field("seed")?, field("sha256")?) {
            (Value::Number(seed), Value::Null) => {
                Source::Seed(seed.as_u64().ok_or("the run's seed is not a number")?)
            }
            (Value::Null, Value::String(sha256))
                if sha256.len() == 64 && sha256.bytes().all(|b| b.is_ascii_hexdigit()) =>
            {
                Source::Deals {
                    sha256: sha256.clone(),
                }
            }
            _ => return Err("the run names neither a seed nor a file's digest".to_string()),
        };
        let deals = field("deals")?
            .as_u64()
            .and_then(|deals| usize::try_from(deals).ok())
            .filter(|deals| (1..=MAX_RUN_DEALS).contains(deals))
            .ok_or("the run's number of deals is not one a run may have")?;
        let caps = field("caps")?;
        let count = |key: &str| match caps.get(key) {
            Some(Value::Null) => Ok(None),
            Some(value) => value
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .map(Some)
                .ok_or(format!("the run's {key} cap is not a number")),
            None => Err(format!("the run's caps have no '{key}'")),
        };
        let time = match caps.get("time") {
            Some(Value::Null) => None,
            Some(value) => Some(
                value
                    .as_f64()
                    .and_then(|seconds| std::time::Duration::try_from_secs_f64(seconds).ok())
                    .ok_or("the run's time cap is not a number of seconds")?,
            ),
            None => return Err("the run's caps have no 'time'".to_string()),
        };
        let caps = Caps {
            states: count("states")?,
            memory: count("memory")?,
            time,
        };
        let shard = field("shard")?
            .as_str()
            .and_then(|text| Shard::parse(text).ok())
            .ok_or("the run's shard is not K/N")?;
        Ok(RunId {
            game,
            rules,
            source,
            deals,
            caps,
            shard,
        })
    }

    /// The fields, other than the shard, in which two runs differ: each field's name, its value
    /// here and there. None for two shards of one run.
    pub fn differences(&self, other: &RunId) -> Vec<(String, Value, Value)> {
        let fields = |id: &RunId| -> Map<String, Value> {
            let mut json = id.json();
            let mut fields = match json.get_mut("run").map(Value::take) {
                Some(Value::Object(fields)) => fields,
                _ => Map::new(),
            };
            fields.remove("shard");
            fields
        };
        let (mine, mut theirs) = (fields(self), fields(other));
        mine.into_iter()
            .filter_map(|(key, value)| {
                let other = theirs.remove(&key).unwrap_or(Value::Null);
                (other != value).then_some((key, value, other))
            })
            .collect()
    }
}

/// Numbers as short ranges for a message: `2, 5-7, 10`.
pub fn ranges(numbers: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut at = 0;
    while at < numbers.len() {
        let mut end = at;
        while end + 1 < numbers.len() && numbers[end + 1] == numbers[end] + 1 {
            end += 1;
        }
        parts.push(if end == at {
            numbers[at].to_string()
        } else {
            format!("{}-{}", numbers[at], numbers[end])
        });
        at = end + 1;
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_read_k_of_n_and_refuse_the_rest() {
        assert_eq!(Shard::parse("2/8"), Ok(Shard { index: 2, count: 8 }));
        assert_eq!(Shard::parse("1/1"), Ok(Shard::WHOLE));
        for wrong in ["0/4", "5/4", "4", "a/b", "-1/4", "1/0", "/4", "2/", "+1/4"] {
            let error = Shard::parse(wrong).unwrap_err();
            assert!(error.contains("is not a shard: K/N"), "{wrong}: {error}");
        }
        assert!(
            Shard::parse("1/999999999999")
                .unwrap_err()
                .contains("at most 100000000")
        );
        assert_eq!(Shard { index: 3, count: 8 }.to_string(), "3/8");
    }

    #[test]
    fn the_shards_of_a_run_cover_every_deal_once() {
        for total in [1, 2, 7, 10, 64] {
            for count in 1..=9 {
                let mut seen = vec![0; total];
                for index in 1..=count {
                    let shard = Shard { index, count };
                    let mine: Vec<usize> = (0..total).filter(|&d| shard.contains(d)).collect();
                    assert_eq!(mine.len(), shard.size(total), "{shard} of {total}");
                    for deal in mine {
                        seen[deal] += 1;
                        assert_eq!(shard.of(deal), shard);
                    }
                }
                assert!(seen.iter().all(|&n| n == 1), "{count} shards of {total}");
            }
        }
    }

    fn run() -> RunId {
        RunId {
            game: games::ALL[0],
            rules: json!({"passes": "3"}),
            source: Source::Seed(1),
            deals: 100,
            caps: Caps::default(),
            shard: Shard { index: 2, count: 4 },
        }
    }

    #[test]
    fn a_run_reads_back_what_it_writes() {
        let mut id = run();
        assert_eq!(RunId::from_json(&id.json()), Ok(id.clone()));
        id.source = Source::of_lines(["a", "b"]);
        id.caps.time = Some(std::time::Duration::from_millis(2500));
        assert_eq!(RunId::from_json(&id.json()), Ok(id.clone()));
        let mut broken = id.json();
        broken["run"]["shard"] = json!("5/4");
        assert!(RunId::from_json(&broken).unwrap_err().contains("shard"));
        assert!(RunId::from_json(&json!({"deal": 1})).is_err());
    }

    #[test]
    fn the_digest_is_that_of_the_lines_written_out() {
        // `printf 'a\nb\n' | sha256sum`.
        assert_eq!(
            Source::of_lines(["a", "b"]),
            Source::Deals {
                sha256: "911169ddaaf146aff539f58c26c489af3b892dff0fe283c1c264c65ae5aa59a2"
                    .to_string()
            }
        );
    }

    #[test]
    fn runs_differ_in_the_fields_named_not_in_their_shards() {
        let one = run();
        let mut other = run();
        other.shard = Shard { index: 3, count: 4 };
        assert!(one.differences(&other).is_empty());
        other.source = Source::Seed(2);
        other.deals = 50;
        assert_eq!(
            one.differences(&other),
            [
                ("seed".to_string(), json!(1), json!(2)),
                ("deals".to_string(), json!(100), json!(50))
            ]
        );
    }

    #[test]
    fn numbers_are_shown_as_ranges() {
        assert_eq!(ranges(&[2, 5, 6, 7, 10]), "2, 5-7, 10");
        assert_eq!(ranges(&[]), "");
    }
}

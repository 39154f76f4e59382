//! The `--out` and `--resume` file of `stats`: a first line describing the run, then one JSON
//! line per deal as it finishes. The file is locked while a run writes to it, so that a second
//! run on it is refused rather than interleaving its lines; each line goes out in one write. It
//! is read back line by line, each line bounded, and a line that does not belong to the run
//! (a deal outside it, fields that disagree, a deal already there) is skipped with a message.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{BufRead, BufReader, Read as _, Write};
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

/// The longest line read back: a result line takes about 80 bytes, the run's line a few
/// hundred with a long `--from` path.
pub const MAX_LINE: usize = 8192;

/// The longest solution a line may claim; the longest lines are a few hundred steps.
const MAX_LENGTH: u64 = 10_000;

/// How many skipped lines are named one by one; the rest are counted.
const NAMED_SKIPS: usize = 10;

/// Why a results file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: another stats run is writing to it; wait for it to end, or use another file")]
    Locked { path: String },
    #[error("{path}: not a stats results file (its first line does not describe a run)")]
    NotResults { path: String },
    #[error("{path}: written for another run ({found}); this one is {wanted}")]
    OtherRun {
        path: String,
        found: String,
        wanted: String,
    },
    #[error("{path}:{line}: a line longer than {MAX_LINE} bytes: not a stats results file")]
    TooLong { path: String, line: usize },
}

/// What one deal gave, as a line of the file.
#[derive(Debug, Clone, PartialEq)]
pub struct Solved {
    /// The deal's place in the run, from 0.
    pub deal: usize,
    /// The optimal length, when winnable.
    pub length: Option<usize>,
    /// Which cap stopped the search, when one did: neither won nor lost.
    pub undecided: Option<String>,
    pub millis: f64,
}

impl Solved {
    /// The line: `{"deal":3,"solvable":true,"length":41,"millis":2.5}`, or with
    /// `"solvable":null` and `"undecided"` saying which cap.
    pub fn json(&self) -> Value {
        match &self.undecided {
            Some(why) => json!({"deal": self.deal, "solvable": null, "undecided": why,
                                "length": null, "millis": self.millis}),
            None => json!({"deal": self.deal, "solvable": self.length.is_some(),
                           "length": self.length, "millis": self.millis}),
        }
    }

    /// A line read back, if it belongs to a run of `deals` deals; otherwise why not.
    pub fn from_json(value: &Value, deals: usize) -> Result<Solved, String> {
        let deal = value
            .get("deal")
            .and_then(Value::as_u64)
            .ok_or("no deal number")?;
        let deal = usize::try_from(deal)
            .ok()
            .filter(|&deal| deal < deals)
            .ok_or_else(|| {
                format!(
                    "deal {deal} is not in this run of {deals} deals (0 to {})",
                    deals - 1
                )
            })?;
        let millis = value
            .get("millis")
            .and_then(Value::as_f64)
            .filter(|millis| millis.is_finite() && *millis >= 0.0)
            .ok_or("no time in milliseconds")?;
        let length = value.get("length").unwrap_or(&Value::Null);
        let (length, undecided) = match (value.get("solvable"), length) {
            (Some(Value::Bool(true)), length) => {
                let length = length
                    .as_u64()
                    .filter(|&n| (1..=MAX_LENGTH).contains(&n))
                    .ok_or("solvable, but no length of 1 to 10000 steps")?;
                (Some(length as usize), None)
            }
            (Some(Value::Bool(false)), Value::Null) => (None, None),
            (Some(Value::Null), Value::Null) => {
                let why = value
                    .get("undecided")
                    .and_then(Value::as_str)
                    .ok_or("neither solvable nor not, and not undecided")?;
                (None, Some(why.to_string()))
            }
            _ => return Err("solvable and length disagree".to_string()),
        };
        Ok(Solved {
            deal,
            length,
            undecided,
            millis,
        })
    }
}

/// An open results file, locked for this run.
pub struct ResultsFile {
    file: File,
    path: PathBuf,
}

/// What a file to go on with holds.
pub struct Resumed {
    pub file: ResultsFile,
    /// The results in it, one per deal, in the order written.
    pub results: Vec<Solved>,
    /// Their deals.
    pub done: Seen,
}

impl ResultsFile {
    /// Starts a new file for a run: locked, emptied, and its first line written.
    pub fn create(path: &Path, header: &Value) -> Result<ResultsFile, ResultsError> {
        let file = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(path)
            .map_err(|source| io(path, source))?;
        let mut results = ResultsFile::locked(file, path)?;
        // Emptied only once locked: a run still writing to it keeps its lines.
        results.file.set_len(0).map_err(|source| io(path, source))?;
        results.write(header)?;
        Ok(results)
    }

    /// Opens a file to go on with: locked, checked to describe this run, and read back. A last
    /// line cut short (the run was stopped while writing it) is cut off, and its deal solved
    /// again; lines that do not belong to the run are skipped, each with a message to `warn`.
    pub fn resume(
        path: &Path,
        header: &Value,
        deals: usize,
        mut warn: impl FnMut(String),
    ) -> Result<Resumed, ResultsError> {
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(path)
            .map_err(|source| io(path, source))?;
        let results = ResultsFile::locked(file, path)?;
        let name = path.display().to_string();
        let mut reader = BufReader::new(&results.file);
        let mut line = Vec::new();
        let mut number = 1;
        let mut whole: u64 = 0;
        let first = match read_line(&mut reader, &mut line).map_err(|source| io(path, source))? {
            LineRead::Whole => serde_json::from_slice::<Value>(&line).ok(),
            LineRead::TooLong => {
                return Err(ResultsError::TooLong {
                    path: name,
                    line: 1,
                });
            }
            LineRead::Partial | LineRead::End => None,
        };
        let Some(first) = first.filter(|first| first.get("run").is_some()) else {
            return Err(ResultsError::NotResults { path: name });
        };
        if first != *header {
            return Err(ResultsError::OtherRun {
                path: name,
                found: first["run"].to_string(),
                wanted: header["run"].to_string(),
            });
        }
        whole += line.len() as u64;
        let mut seen = Seen::default();
        let mut found = Vec::new();
        let mut skipped = 0;
        let mut skip = |number: usize, why: String| {
            skipped += 1;
            if skipped <= NAMED_SKIPS {
                warn(format!("{name}:{number}: skipped: {why}"));
            }
        };
        loop {
            number += 1;
            match read_line(&mut reader, &mut line).map_err(|source| io(path, source))? {
                LineRead::End => break,
                LineRead::TooLong => {
                    return Err(ResultsError::TooLong {
                        path: name,
                        line: number,
                    });
                }
                LineRead::Partial => {
                    warn(format!(
                        "{name}:{number}: the last line was cut short; its deal is solved again"
                    ));
                    break;
                }
                LineRead::Whole => whole += line.len() as u64,
            }
            let read = serde_json::from_slice::<Value>(&line)
                .map_err(|_| "not a JSON line".to_string())
                .and_then(|value| Solved::from_json(&value, deals));
            match read {
                Ok(solved) if seen.insert(solved.deal) => found.push(solved),
                Ok(solved) => skip(
                    number,
                    format!("deal {} is already in the file", solved.deal),
                ),
                Err(why) => skip(number, why),
            }
        }
        if skipped > NAMED_SKIPS {
            warn(format!(
                "{name}: {} more lines skipped",
                skipped - NAMED_SKIPS
            ));
        }
        drop(reader);
        // The next line starts on a line of its own.
        results
            .file
            .set_len(whole)
            .map_err(|source| io(path, source))?;
        Ok(Resumed {
            file: results,
            results: found,
            done: seen,
        })
    }

    fn locked(file: File, path: &Path) -> Result<ResultsFile, ResultsError> {
        match file.try_lock() {
            Ok(()) => Ok(ResultsFile {
                file,
                path: path.to_path_buf(),
            }),
            Err(TryLockError::WouldBlock) => Err(ResultsError::Locked {
                path: path.display().to_string(),
            }),
            Err(TryLockError::Error(source)) => Err(io(path, source)),
        }
    }

    /// Adds a line, in one write so that nothing comes between its parts.
    pub fn write(&mut self, value: &Value) -> Result<(), ResultsError> {
        let mut line = value.to_string();
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .map_err(|source| io(&self.path, source))
    }
}

fn io(path: &Path, source: std::io::Error) -> ResultsError {
    ResultsError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// How a line read ended.
enum LineRead {
    /// With its line end.
    Whole,
    /// At the end of the file, without a line end.
    Partial,
    /// Past [`MAX_LINE`] without a line end.
    TooLong,
    /// Nothing more.
    End,
}

/// Reads one line into `line` (with its `\n`), never more than [`MAX_LINE`] bytes of it.
fn read_line<R: BufRead>(reader: &mut R, line: &mut Vec<u8>) -> std::io::Result<LineRead> {
    line.clear();
    let read = reader.take(MAX_LINE as u64 + 1).read_until(b'\n', line)?;
    Ok(if read == 0 {
        LineRead::End
    } else if line.ends_with(b"\n") {
        LineRead::Whole
    } else if line.len() > MAX_LINE {
        LineRead::TooLong
    } else {
        LineRead::Partial
    })
}

/// The deals already read: a bit each, grown as far as the largest deal met.
#[derive(Default)]
pub struct Seen(Vec<u64>);

impl Seen {
    /// Whether a deal is marked.
    pub fn contains(&self, deal: usize) -> bool {
        self.0
            .get(deal / 64)
            .is_some_and(|word| word & (1u64 << (deal % 64)) != 0)
    }

    /// Marks a deal; false when it was marked already.
    fn insert(&mut self, deal: usize) -> bool {
        let (word, bit) = (deal / 64, 1u64 << (deal % 64));
        if word >= self.0.len() {
            self.0.resize(word + 1, 0);
        }
        let new = self.0[word] & bit == 0;
        self.0[word] |= bit;
        new
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_must_belong_to_the_run() {
        let read = |text: &str| Solved::from_json(&serde_json::from_str(text).unwrap(), 10);
        assert_eq!(
            read(r#"{"deal":3,"solvable":true,"length":41,"millis":2.5}"#).map(|s| s.length),
            Ok(Some(41))
        );
        assert!(read(r#"{"deal":9,"solvable":false,"length":null,"millis":1}"#).is_ok());
        let why = |text: &str| read(text).unwrap_err();
        assert!(
            why(r#"{"deal":10,"solvable":false,"length":null,"millis":1}"#)
                .contains("deal 10 is not in this run of 10 deals")
        );
        assert!(why(r#"{"deal":1,"solvable":false,"length":44,"millis":1}"#).contains("disagree"));
        assert!(why(r#"{"deal":1,"solvable":true,"length":null,"millis":1}"#).contains("length"));
        assert!(why(r#"{"deal":1,"solvable":true,"length":0,"millis":1}"#).contains("length"));
        assert!(
            why(r#"{"deal":1,"solvable":null,"length":null,"millis":1}"#).contains("undecided")
        );
        assert!(why(r#"{"deal":1,"solvable":false,"length":null,"millis":-1}"#).contains("time"));
        let undecided = read(
            r#"{"deal":2,"solvable":null,"undecided":"cap reached (x)","length":null,"millis":1}"#,
        )
        .unwrap();
        assert_eq!(undecided.undecided.as_deref(), Some("cap reached (x)"));
        assert_eq!(Solved::from_json(&undecided.json(), 10), Ok(undecided));
    }

    #[test]
    fn lines_are_read_bounded() {
        let mut text = b"short\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', MAX_LINE * 4));
        text.extend(b"\nlast");
        let mut reader = BufReader::new(&text[..]);
        let mut line = Vec::new();
        assert!(matches!(
            read_line(&mut reader, &mut line),
            Ok(LineRead::Whole)
        ));
        assert_eq!(line, b"short\n");
        assert!(matches!(
            read_line(&mut reader, &mut line),
            Ok(LineRead::TooLong)
        ));
        assert!(line.len() <= MAX_LINE + 1);
    }

    #[test]
    fn each_deal_is_seen_once() {
        let mut seen = Seen::default();
        assert!(seen.insert(5) && seen.insert(700) && !seen.insert(5) && seen.insert(0));
        assert!(seen.contains(700) && seen.contains(0) && !seen.contains(6));
        assert!(!seen.contains(100_000));
    }
}

//! The `--out` and `--resume` file of `stats`, which `stats merge` reads: a first line naming
//! the run (its [`RunId`]), then one JSON line per deal as it finishes. The file is locked
//! while a run writes to it, so that a second run on it is refused rather than interleaving
//! its lines; each line goes out in one write. It is read back line by line, each line
//! bounded, and a line that does not belong to the run (a deal outside it or outside its
//! shard, fields that disagree, a deal already there) is skipped with a message.
//!
//! A line holds what every game gives (the verdict and the time) and the figures its game
//! measures on a deal ([`Figure`]); a game joins by naming its figures in its lab, and
//! nothing here changes.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{BufRead, BufReader, Read as _, Write};
use std::path::{Path, PathBuf};

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value, json};
use solitaire::cards::excerpt::shown_path;
pub use solitaire::engine::lab::{Figure, Outcome};
use solitaire::engine::table_lab::challenge_of_rules;

use super::shard::{RunId, Shard};

/// The longest line read back: a result line takes about 80 bytes, the run's line a few
/// hundred.
pub const MAX_LINE: usize = 8192;

/// How many skipped lines are named one by one; the rest are counted.
const NAMED_SKIPS: usize = 10;

/// Why a results file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    #[error("{path}: {}", crate::store::system_error::plainly(.source))]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: another stats run is writing to it; wait for it to end, or use another file")]
    Locked { path: String },
    #[error(
        "{path}: the file exists and is not empty; go on with its run with --resume {path}, or \
         name a new file"
    )]
    Exists { path: String },
    #[error("{path}: not a stats results file ({why})")]
    NotResults { path: String, why: String },
    #[error("{path}: written for another run ({differences})")]
    OtherRun { path: String, differences: String },
    #[error("{path}:{line}: a line longer than {MAX_LINE} bytes: not a stats results file")]
    TooLong { path: String, line: usize },
    #[error(
        "cannot write {path}: {}; the run stops here, its results so far kept (--resume \
         {path} goes on from them)",
        crate::store::system_error::plainly(.source)
    )]
    Write {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: it is a link; name the file itself")]
    Link { path: String },
    #[error("{path}: {source}")]
    Open {
        path: String,
        source: crate::store::text_file::TextFileError,
    },
}

/// What one deal gave, as a line of the file.
#[derive(Debug, Clone, PartialEq)]
pub struct Solved {
    /// The deal's place in the whole run, from 0 (not in its shard).
    pub deal: usize,
    pub verdict: Outcome,
    /// The figures the run measures that this deal has: a lost deal has no length, an
    /// undecided one no figure at all, and a figure whose own search a cap stopped is left out.
    pub figures: Vec<(Figure, usize)>,
    pub millis: f64,
}

/// What the lines of a run's file must be.
#[derive(Debug, Clone, Copy)]
pub struct Expected<'a> {
    /// Deals in the whole run.
    pub deals: usize,
    pub shard: Shard,
    /// The figures each line carries.
    pub figures: &'a [Figure],
}

impl Solved {
    /// A figure's value, if the deal has it.
    pub fn figure(&self, figure: Figure) -> Option<usize> {
        self.figures
            .iter()
            .find(|&&(which, _)| which == figure)
            .map(|&(_, value)| value)
    }

    /// The line: `{"deal":3,"solvable":true,"length":41,"millis":2.5}`, or with
    /// `"solvable":null` and `"undecided"` saying which cap; each figure of `figures` is there,
    /// null where the deal has none.
    pub fn json(&self, figures: &[Figure]) -> Value {
        let mut line = Map::new();
        line.insert("deal".into(), json!(self.deal));
        match &self.verdict {
            Outcome::Won => line.insert("solvable".into(), json!(true)),
            Outcome::Lost => line.insert("solvable".into(), json!(false)),
            Outcome::Undecided(why) => {
                line.insert("solvable".into(), Value::Null);
                line.insert("undecided".into(), json!(why))
            }
        };
        for &figure in figures {
            line.insert(figure.key().into(), json!(self.figure(figure)));
        }
        line.insert("millis".into(), json!(self.millis));
        Value::Object(line)
    }

    /// A line read back, if it belongs to the run; otherwise why not.
    pub fn from_json(value: &Value, expected: Expected) -> Result<Solved, String> {
        let deals = expected.deals;
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
        if !expected.shard.contains(deal) {
            return Err(format!(
                "deal {deal} is in shard {}, not {}",
                expected.shard.of(deal),
                expected.shard
            ));
        }
        let millis = value
            .get("millis")
            .and_then(Value::as_f64)
            .filter(|millis| millis.is_finite() && *millis >= 0.0)
            .ok_or("no time in milliseconds")?;
        let verdict = match value.get("solvable") {
            Some(Value::Bool(true)) => Outcome::Won,
            Some(Value::Bool(false)) => Outcome::Lost,
            Some(Value::Null) => Outcome::Undecided(
                value
                    .get("undecided")
                    .and_then(Value::as_str)
                    .ok_or("neither solvable nor not, and not undecided")?
                    .to_string(),
            ),
            _ => return Err("no verdict: solvable true, false or null".to_string()),
        };
        let mut figures = Vec::new();
        for &figure in expected.figures {
            let key = figure.key();
            let read = match value.get(key) {
                None => return Err(format!("no {key}")),
                Some(Value::Null) => None,
                Some(number) => Some(
                    number
                        .as_u64()
                        .and_then(|n| usize::try_from(n).ok())
                        .filter(|&n| n <= figure.limit())
                        .ok_or_else(|| format!("{key} is not a number up to {}", figure.limit()))?,
                ),
            };
            let fits = match (&verdict, figure) {
                // An undecided deal has no figures; a lost one no length; a won one a length
                // of at least a step, unless unknown cards may make it shorter.
                (Outcome::Undecided(_), _) | (Outcome::Lost, Figure::Length) => read.is_none(),
                (Outcome::Won, Figure::Length) => read.is_none_or(|n| n > 0),
                _ => true,
            };
            if !fits {
                return Err(format!("solvable and {key} disagree"));
            }
            figures.extend(read.map(|n| (figure, n)));
        }
        Ok(Solved {
            deal,
            verdict,
            figures,
            millis,
        })
    }
}

/// An open results file, locked for this run.
pub struct ResultsFile {
    file: File,
    path: PathBuf,
    /// The bytes of its whole lines: where a line that could not be written whole is cut off.
    len: u64,
}

/// What the result lines of a file came to; the results themselves went to the caller one by
/// one.
pub struct Body {
    /// Their deals.
    pub done: Seen,
    /// How many results.
    pub count: usize,
    /// The bytes of the whole lines.
    whole: u64,
    /// The number of the last line, when it was cut short.
    pub cut: Option<usize>,
}

/// The results file of a run, checked before anything of the run is written and begun (its
/// first line written) only when the deals are about to be solved: an export that fails or
/// is stopped before then leaves no file holding a first line only.
pub enum Claimed {
    /// `--out` names no file yet: it is made when the run begins.
    Absent(PathBuf),
    /// `--out` names an empty file, held locked until the run begins.
    Empty(ResultsFile),
    /// `--resume`'s file, with its results.
    Resumed(ResultsFile),
}

impl Claimed {
    /// The file, its first line written if it is a new one.
    pub fn begin(self, run: &RunId) -> Result<ResultsFile, ResultsError> {
        match self {
            Claimed::Absent(path) => ResultsFile::create(&path, run),
            Claimed::Empty(mut file) => {
                file.write(&run.json())?;
                Ok(file)
            }
            Claimed::Resumed(file) => Ok(file),
        }
    }
}

impl ResultsFile {
    /// Checks `--out`'s file as [`ResultsFile::create`] does, without making it or writing to
    /// it: a file there is locked and must be empty; one that is not there is left to make.
    pub fn claim(path: &Path) -> Result<Claimed, ResultsError> {
        match std::fs::symlink_metadata(path) {
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                Ok(Claimed::Absent(path.to_path_buf()))
            }
            _ => ResultsFile::empty(path).map(Claimed::Empty),
        }
    }

    /// Starts a new file for a run: locked, emptied, and its first line written. Only a
    /// regular file is taken: a FIFO or a device is refused at once (see [`open`]).
    pub fn create(path: &Path, run: &RunId) -> Result<ResultsFile, ResultsError> {
        let mut results = ResultsFile::empty(path)?;
        results.write(&run.json())?;
        Ok(results)
    }

    /// A file for a new run, made if need be, locked, and refused unless it is empty.
    fn empty(path: &Path) -> Result<ResultsFile, ResultsError> {
        // Read as well as written: a FIFO opened to be written alone, without waiting, would
        // fail for want of a reader rather than be named for what it is.
        let file = open_to_write(
            path,
            OpenOptions::new()
                .create(true)
                .read(true)
                .write(true)
                .truncate(false),
        )?;
        let results = ResultsFile::locked(file, path)?;
        // Checked only once locked: a run still writing to it is told apart. A file with
        // results (or anything else) in it is never written over.
        let held = results
            .file
            .metadata()
            .map_err(|source| io(path, source))?
            .len();
        if held > 0 {
            return Err(ResultsError::Exists {
                path: shown_path(path),
            });
        }
        Ok(results)
    }

    /// Opens a file to go on with: locked, checked to name this run, and read back, each
    /// result to `found`. A last line cut short (the run was stopped while writing it) is cut
    /// off, and its deal solved again; lines that do not belong to the run are skipped, each
    /// with a message to `warn`. Gives the file and the deals in it.
    pub fn resume(
        path: &Path,
        run: &RunId,
        figures: &[Figure],
        found: impl FnMut(Solved),
        mut warn: impl FnMut(String),
    ) -> Result<(ResultsFile, Seen), ResultsError> {
        let file = open_to_write(path, OpenOptions::new().read(true).append(true))?;
        let results = ResultsFile::locked(file, path)?;
        let mut reader = BufReader::new(&results.file);
        let (written, first) = read_run(&mut reader, path)?;
        let differences: Vec<String> = written
            .differences(run)
            .into_iter()
            .map(|(field, theirs, mine)| {
                other_challenge(&field, &theirs, &mine)
                    .unwrap_or_else(|| format!("its {field} is {theirs}, this run's {mine}"))
            })
            .chain(
                (written.shard != run.shard)
                    .then(|| format!("its shard is {}, this run's {}", written.shard, run.shard)),
            )
            .collect();
        if !differences.is_empty() {
            return Err(ResultsError::OtherRun {
                path: shown_path(path),
                differences: differences.join("; "),
            });
        }
        let expected = Expected {
            deals: run.deals,
            shard: run.shard,
            figures,
        };
        let body = read_body(&mut reader, path, expected, found, &mut warn)?;
        if let Some(number) = body.cut {
            warn(format!(
                "{}:{number}: the last line was cut short; its deal is solved again",
                shown_path(path),
            ));
        }
        drop(reader);
        // The next line starts on a line of its own.
        let mut results = results;
        results.len = first + body.whole;
        results
            .file
            .set_len(results.len)
            .map_err(|source| io(path, source))?;
        Ok((results, body.done))
    }

    fn locked(file: File, path: &Path) -> Result<ResultsFile, ResultsError> {
        match file.try_lock() {
            Ok(()) => Ok(ResultsFile {
                file,
                path: path.to_path_buf(),
                len: 0,
            }),
            Err(TryLockError::WouldBlock) => Err(ResultsError::Locked {
                path: shown_path(path),
            }),
            Err(TryLockError::Error(source)) => Err(io(path, source)),
        }
    }

    /// Adds a line, in one write so that nothing comes between its parts. A line that cannot
    /// be written whole (a full disk) is cut off again, as far as the file lets it, so that
    /// the lines before stay whole for `--resume`.
    pub fn write(&mut self, value: &Value) -> Result<(), ResultsError> {
        let mut line = value.to_string();
        line.push('\n');
        match self.file.write_all(line.as_bytes()) {
            Ok(()) => {
                self.len += line.len() as u64;
                Ok(())
            }
            Err(source) => {
                let _ = self.file.set_len(self.len);
                Err(ResultsError::Write {
                    path: shown_path(&self.path),
                    source,
                })
            }
        }
    }
}

/// A results file opened to be read, not written: as `stats merge` reads a shard's.
pub struct Reader {
    lines: BufReader<File>,
    path: PathBuf,
    /// Whether a run still writes to it (holding its lock).
    pub busy: bool,
}

impl Reader {
    /// Opens a file and reads the run it names.
    pub fn open(path: &Path) -> Result<(Reader, RunId), ResultsError> {
        let file = open(path, OpenOptions::new().read(true))?;
        let busy = match file.try_lock_shared() {
            Ok(()) => false,
            Err(TryLockError::WouldBlock) => true,
            Err(TryLockError::Error(source)) => return Err(io(path, source)),
        };
        let mut reader = BufReader::new(file);
        let (run, _) = read_run(&mut reader, path)?;
        let reader = Reader {
            lines: reader,
            path: path.to_path_buf(),
            busy,
        };
        Ok((reader, run))
    }

    /// Reads the result lines, each to `found`; a line that does not belong to the run is
    /// skipped with a message to `warn`, as `--resume` skips it.
    pub fn results(
        mut self,
        expected: Expected,
        found: impl FnMut(Solved),
        mut warn: impl FnMut(String),
    ) -> Result<Body, ResultsError> {
        read_body(&mut self.lines, &self.path, expected, found, &mut warn)
    }
}

/// Whether a file holds a run's results: its first line names a run, as [`ResultsFile`] writes
/// it first. Read from wherever the file is, for a file just opened.
pub fn holds_results(file: &File) -> bool {
    let mut line = Vec::new();
    let read = read_line(&mut BufReader::new(file), &mut line);
    matches!(read, Ok(LineRead::Whole | LineRead::Partial))
        && serde_json::from_slice::<Value>(&line)
            .is_ok_and(|first| first.get("run").is_some_and(Value::is_object))
}

/// Reads a file's first line: the run it names, and the line's length in bytes.
fn read_run<R: BufRead>(reader: &mut R, path: &Path) -> Result<(RunId, u64), ResultsError> {
    let name = shown_path(path);
    let mut line = Vec::new();
    let not_results = |why: &str| ResultsError::NotResults {
        path: name.clone(),
        why: why.to_string(),
    };
    match read_line(reader, &mut line).map_err(|source| io(path, source))? {
        LineRead::Whole => {}
        LineRead::TooLong => {
            return Err(ResultsError::TooLong {
                path: name,
                line: 1,
            });
        }
        LineRead::Partial | LineRead::End => return Err(not_results("it has no whole first line")),
    }
    let first = parse_line(&line)
        .map_err(|twice| not_results(&format!("its first line {}", not_a_line(twice))))?;
    let run = RunId::from_json(&first).map_err(|why| not_results(&why))?;
    Ok((run, line.len() as u64))
}

/// Reads the result lines after the first.
fn read_body<R: BufRead>(
    reader: &mut R,
    path: &Path,
    expected: Expected,
    mut found: impl FnMut(Solved),
    warn: &mut dyn FnMut(String),
) -> Result<Body, ResultsError> {
    let name = shown_path(path);
    let mut line = Vec::new();
    let mut body = Body {
        done: Seen::default(),
        count: 0,
        whole: 0,
        cut: None,
    };
    let mut skipped = 0;
    let mut skip = |number: usize, why: String| {
        skipped += 1;
        if skipped <= NAMED_SKIPS {
            warn(format!("{name}:{number}: skipped: {why}"));
        }
    };
    for number in 2.. {
        match read_line(reader, &mut line).map_err(|source| io(path, source))? {
            LineRead::End => break,
            LineRead::TooLong => {
                return Err(ResultsError::TooLong {
                    path: name,
                    line: number,
                });
            }
            LineRead::Partial => {
                body.cut = Some(number);
                break;
            }
            LineRead::Whole => body.whole += line.len() as u64,
        }
        let read = parse_line(&line)
            .map_err(|twice| match twice {
                None => "not a JSON line".to_string(),
                twice => format!("the line {}", not_a_line(twice)),
            })
            .and_then(|value| Solved::from_json(&value, expected));
        match read {
            Ok(solved) if body.done.insert(solved.deal) => {
                body.count += 1;
                found(solved);
            }
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
    Ok(body)
}

/// Opens a results file through the one opener of the user's files: once, without waiting on
/// a FIFO or a device, and a regular file only.
fn open(path: &Path, options: &OpenOptions) -> Result<File, ResultsError> {
    crate::store::text_file::open(path, options, crate::store::text_file::Expect::Regular).map_err(
        |source| ResultsError::Open {
            path: shown_path(path),
            source,
        },
    )
}

/// Where a run's `rules` differ in the challenge its deals are played for at the table, that
/// in words: "it was played at the table for Score: 84900 points (0 earned), this run for
/// Board"; `None` otherwise, the rules then shown whole.
fn other_challenge(field: &str, theirs: &Value, mine: &Value) -> Option<String> {
    if field != "rules" {
        return None;
    }
    let (theirs, mine) = (challenge_of_rules(theirs)?, challenge_of_rules(mine)?);
    (theirs != mine)
        .then(|| format!("it was played at the table for {theirs}, this run for {mine}"))
}

/// Opens a results file to be written, as [`open`] does, but never through a link: writing
/// there would make or change a file under another name than the one given.
fn open_to_write(path: &Path, options: &OpenOptions) -> Result<File, ResultsError> {
    if std::fs::symlink_metadata(path).is_ok_and(|meta| meta.file_type().is_symlink()) {
        return Err(ResultsError::Link {
            path: shown_path(path),
        });
    }
    open(path, options)
}

/// A line read as JSON, refusing an object that names a key twice: this program never writes
/// one, and reading it would take one value and hide the other (a line naming two deals would
/// stand for the second, which its own line would then seem to repeat). The error is the key
/// named twice, or `None` for a line that is not JSON.
fn parse_line(line: &[u8]) -> Result<Value, Option<String>> {
    let mut reader = serde_json::Deserializer::from_slice(line);
    let read = UniqueKeys::deserialize(&mut reader).and_then(|read| reader.end().map(|()| read));
    match read {
        Ok(UniqueKeys { value, twice: None }) => Ok(value),
        Ok(UniqueKeys { twice, .. }) => Err(twice),
        Err(_) => Err(None),
    }
}

/// Why a line [`parse_line`] refuses is no line of a results file, after "the line" or "its
/// first line".
fn not_a_line(twice: Option<String>) -> String {
    match twice {
        Some(key) => format!(
            "names '{}' twice, which no line written by a run does",
            solitaire::cards::excerpt::excerpt(&key)
        ),
        None => "is not JSON".to_string(),
    }
}

/// A JSON value, and the first key that an object in it names twice.
struct UniqueKeys {
    value: Value,
    twice: Option<String>,
}

impl UniqueKeys {
    fn new(value: Value) -> UniqueKeys {
        UniqueKeys { value, twice: None }
    }
}

impl<'de> Deserialize<'de> for UniqueKeys {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(UniqueKeysVisitor)
    }
}

struct UniqueKeysVisitor;

impl<'de> Visitor<'de> for UniqueKeysVisitor {
    type Value = UniqueKeys;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys::new(Value::Bool(value)))
    }

    fn visit_i64<E>(self, value: i64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys::new(value.into()))
    }

    fn visit_u64<E>(self, value: u64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys::new(value.into()))
    }

    fn visit_f64<E>(self, value: f64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys::new(value.into()))
    }

    fn visit_str<E>(self, value: &str) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys::new(value.into()))
    }

    fn visit_unit<E>(self) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys::new(Value::Null))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<UniqueKeys, A::Error> {
        let mut values = Vec::new();
        let mut twice = None;
        while let Some(element) = seq.next_element::<UniqueKeys>()? {
            twice = twice.or(element.twice);
            values.push(element.value);
        }
        Ok(UniqueKeys {
            value: Value::Array(values),
            twice,
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<UniqueKeys, A::Error> {
        let mut object = Map::new();
        let mut twice = None;
        while let Some(key) = map.next_key::<String>()? {
            let entry = map.next_value::<UniqueKeys>()?;
            twice = twice.or(entry.twice);
            if object.contains_key(&key) {
                twice = twice.or(Some(key));
            } else {
                object.insert(key, entry.value);
            }
        }
        Ok(UniqueKeys {
            value: Value::Object(object),
            twice,
        })
    }
}

fn io(path: &Path, source: std::io::Error) -> ResultsError {
    ResultsError::Io {
        path: shown_path(path),
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

    const PYRAMID: [Figure; 1] = [Figure::Length];

    fn expected(figures: &[Figure], shard: Shard) -> Expected<'_> {
        Expected {
            deals: 10,
            shard,
            figures,
        }
    }

    #[test]
    fn a_line_must_belong_to_the_run() {
        let read = |text: &str| {
            Solved::from_json(
                &serde_json::from_str(text).unwrap(),
                expected(&PYRAMID, Shard::WHOLE),
            )
        };
        assert_eq!(
            read(r#"{"deal":3,"solvable":true,"length":41,"millis":2.5}"#)
                .map(|s| s.figure(Figure::Length)),
            Ok(Some(41))
        );
        assert!(read(r#"{"deal":9,"solvable":false,"length":null,"millis":1}"#).is_ok());
        let why = |text: &str| read(text).unwrap_err();
        assert!(
            why(r#"{"deal":10,"solvable":false,"length":null,"millis":1}"#)
                .contains("deal 10 is not in this run of 10 deals")
        );
        assert!(why(r#"{"deal":1,"solvable":false,"length":44,"millis":1}"#).contains("disagree"));
        // Won whatever its unknown cards are, perhaps in fewer steps than its line's.
        assert_eq!(
            read(r#"{"deal":1,"solvable":true,"length":null,"millis":1}"#)
                .map(|s| (s.figure(Figure::Length), s.verdict)),
            Ok((None, Outcome::Won))
        );
        assert!(why(r#"{"deal":1,"solvable":true,"length":0,"millis":1}"#).contains("length"));
        assert!(why(r#"{"deal":1,"solvable":true,"millis":1}"#).contains("no length"));
        assert!(
            why(r#"{"deal":1,"solvable":true,"length":99999,"millis":1}"#)
                .contains("length is not a number up to 10000")
        );
        assert!(
            why(r#"{"deal":1,"solvable":null,"length":null,"millis":1}"#).contains("undecided")
        );
        assert!(why(r#"{"deal":1,"solvable":false,"length":null,"millis":-1}"#).contains("time"));
        let undecided = read(
            r#"{"deal":2,"solvable":null,"undecided":"cap reached (x)","length":null,"millis":1}"#,
        )
        .unwrap();
        assert_eq!(
            undecided.verdict,
            Outcome::Undecided("cap reached (x)".to_string())
        );
        assert_eq!(
            Solved::from_json(&undecided.json(&PYRAMID), expected(&PYRAMID, Shard::WHOLE)),
            Ok(undecided)
        );
    }

    #[test]
    fn a_line_must_be_in_its_shard() {
        let shard = Shard { index: 2, count: 4 };
        let read = |deal: usize| {
            let line = json!({"deal": deal, "solvable": false, "length": null, "millis": 1});
            Solved::from_json(&line, expected(&PYRAMID, shard))
        };
        assert!(read(1).is_ok() && read(5).is_ok() && read(9).is_ok());
        assert_eq!(read(2).unwrap_err(), "deal 2 is in shard 3/4, not 2/4");
    }

    #[test]
    fn each_game_s_figures_are_written_and_read_back() {
        let figures = [Figure::Length, Figure::Score, Figure::Most];
        let lost = Solved {
            deal: 4,
            verdict: Outcome::Lost,
            figures: vec![(Figure::Score, 23_450)],
            millis: 0.5,
        };
        let line = lost.json(&figures);
        assert_eq!(
            line.to_string(),
            r#"{"deal":4,"solvable":false,"length":null,"score":23450,"most":null,"millis":0.5}"#
        );
        let back = Solved::from_json(&line, expected(&figures, Shard::WHOLE));
        assert_eq!(back, Ok(lost));
        // A game with no figures (a verdict alone) reads its lines as well.
        let bare = Solved {
            deal: 0,
            verdict: Outcome::Won,
            figures: Vec::new(),
            millis: 3.0,
        };
        assert_eq!(
            Solved::from_json(&bare.json(&[]), expected(&[], Shard::WHOLE)),
            Ok(bare)
        );
        let undecided = json!({"deal": 1, "solvable": null, "undecided": "x", "length": null,
                               "score": 10, "most": null, "millis": 1});
        assert!(
            Solved::from_json(&undecided, expected(&figures, Shard::WHOLE))
                .unwrap_err()
                .contains("disagree")
        );
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

    #[test]
    fn a_line_naming_a_key_twice_is_skipped_by_its_own_number_and_takes_no_deal() {
        // Line 3 names deal 1 and then deal 2: read as the last, it would take deal 2's place
        // and make line 4, deal 2's own, look like the repeat.
        let text = concat!(
            r#"{"deal":0,"solvable":false,"length":null,"millis":1}"#,
            "\n",
            r#"{"deal":1,"solvable":false,"length":null,"millis":1,"deal":2}"#,
            "\n",
            r#"{"deal":2,"solvable":true,"length":40,"millis":1}"#,
            "\n",
        );
        let mut found = Vec::new();
        let mut warnings = Vec::new();
        let body = read_body(
            &mut text.as_bytes(),
            Path::new("r.jsonl"),
            expected(&PYRAMID, Shard::WHOLE),
            |solved| found.push(solved),
            &mut |warning| warnings.push(warning),
        )
        .unwrap();
        assert_eq!(
            warnings,
            [
                "r.jsonl:3: skipped: the line names 'deal' twice, which no line written by a run \
              does"
            ]
        );
        let deals: Vec<(usize, Outcome)> =
            found.iter().map(|s| (s.deal, s.verdict.clone())).collect();
        assert_eq!(deals, [(0, Outcome::Lost), (2, Outcome::Won)]);
        assert_eq!(body.count, 2);
        assert!(!body.done.contains(1), "deal 1 is solved again");
        // Nested keys count too, and so does a run's line.
        assert_eq!(
            parse_line(br#"{"a":{"b":1,"b":2}}"#),
            Err(Some("b".to_string()))
        );
        assert_eq!(parse_line(b"{\"a\":1} x"), Err(None));
        let run = br#"{"run":{"game":"pyramid","game":"tripeaks"}}"#;
        let error = read_run(
            &mut BufReader::new(&[run.as_slice(), b"\n"].concat()[..]),
            Path::new("r.jsonl"),
        )
        .err()
        .map(|e| e.to_string());
        assert_eq!(
            error.as_deref(),
            Some(
                "r.jsonl: not a stats results file (its first line names 'game' twice, which no \
                 line written by a run does)"
            )
        );
    }

    /// Runs `work` on a thread, failing the test when it has not finished within a generous
    /// deadline, rather than hanging it.
    #[cfg(unix)]
    fn in_time<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = send.send(work());
        });
        receive
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("finished in time rather than hanging")
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_at_once_as_a_results_file() {
        use super::super::shard::Source;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("results.jsonl");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|status| status.success()) {
            eprintln!("skipped: mkfifo is not there");
            return;
        }
        let run = RunId {
            game: solitaire::games::ALL[0],
            rules: json!({}),
            source: Source::Seed(1),
            deals: 10,
            caps: solitaire::engine::search::Caps::default(),
            shard: Shard::WHOLE,
        };
        let (path, id) = (fifo.clone(), run.clone());
        let created = in_time(move || ResultsFile::create(&path, &id).err().map(|e| e.to_string()));
        let (path, id) = (fifo.clone(), run);
        let resumed = in_time(move || {
            ResultsFile::resume(&path, &id, &PYRAMID, |_| {}, |_| {})
                .err()
                .map(|e| e.to_string())
        });
        let path = fifo.clone();
        let merged = in_time(move || Reader::open(&path).err().map(|e| e.to_string()));
        let want = format!("{}: it is not a regular file", fifo.display());
        for error in [created, resumed, merged] {
            assert_eq!(error.as_deref(), Some(want.as_str()));
        }
    }

    #[test]
    fn a_failed_write_names_the_file_and_keeps_the_lines_before() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        let mut results = ResultsFile {
            file: File::create(&path).unwrap(),
            path: path.clone(),
            len: 0,
        };
        results.write(&json!({"run": 1})).unwrap();
        // The file opened to be read only: every write fails, as on a full disk.
        results.file = OpenOptions::new()
            .read(true)
            .write(false)
            .open(&path)
            .unwrap();
        let error = results.write(&json!({"deal": 0})).unwrap_err().to_string();
        assert!(
            error.starts_with(&format!("cannot write {}: ", path.display())),
            "{error}"
        );
        assert!(error.contains("--resume"), "{error}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"run\":1}\n");
    }
}

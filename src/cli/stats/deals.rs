//! The deals of a `stats` run, made or read as they are solved, so that a run of any length
//! holds only the deals being solved: random ones made from the seed (a shard's own deals made
//! without those between them), or a file's, read once to count them and name them by their
//! digest, then again for each pass. A file that cannot be read twice (standard input, a
//! pipe, a FIFO, a device) has its deals copied on the first reading into an unnamed temporary
//! file, which goes when the run ends. `--export` writes them out through the one safe writer,
//! or to standard output; it replaces only an earlier export, never a file it would not write
//! back whole (the `--from` file, results, comments).

use std::fs::File;
use std::io::{self, BufWriter, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::SystemTime;

use solitaire::cards::deal::{DECK_SIZE, RandomDeals, UNKNOWN};
use solitaire::engine::game::Game;
use solitaire::{Card, Deal};

use super::results_file;
use super::shard::{LinesDigest, Shard, Source};
use crate::cli::input::{self, InputError, LinesSource};
use crate::cli::{batch, console};
use crate::store::{atomic_write, text_file};

/// The run's deals.
pub enum Deals {
    Random { seed: u64, count: usize },
    File(DealFile),
}

/// A file's deals, read again from the start for each pass.
pub struct DealFile {
    /// How the file is named in messages.
    name: String,
    /// The user's file when it is a regular one, else the copy of its deals.
    file: File,
    game: &'static dyn Game,
    count: usize,
    source: Source,
    /// The user's file's length and last change when it was first read, to tell that it was
    /// changed while the run read it; `None` for a copy, which nothing else writes.
    stamp: Option<(u64, SystemTime)>,
    /// Set when a pass could not read the deals the first reading found.
    unread: AtomicBool,
}

impl Deals {
    /// How many deals the run has.
    pub fn count(&self) -> usize {
        match self {
            Deals::Random { count, .. } => *count,
            Deals::File(file) => file.count,
        }
    }

    /// The deals from the first, each made or read when it is taken.
    pub fn stream(&self) -> Box<dyn Iterator<Item = Deal> + Send + '_> {
        match self {
            Deals::Random { seed, count } => Box::new(RandomDeals::new(*seed).take(*count)),
            Deals::File(file) => file.stream(),
        }
    }

    /// A shard's deals with their places in the run. Random deals between them are skipped
    /// without being made, so a shard of a long run starts at once.
    pub fn shard(&self, shard: Shard) -> impl Iterator<Item = (usize, Deal)> + Send + '_ {
        self.stream()
            .enumerate()
            .skip(shard.index - 1)
            .step_by(shard.count)
    }

    /// Where the deals come from, for the run's identity.
    pub fn source(&self) -> Source {
        match self {
            Deals::Random { seed, .. } => Source::Seed(*seed),
            Deals::File(file) => file.source.clone(),
        }
    }

    /// Whether `file` is the `--from` file the deals are read from (the same file, whatever
    /// the names it goes by).
    pub fn is_read_from(&self, file: &File) -> bool {
        match self {
            Deals::File(deals) => deals.stamp.is_some() && same_file(&deals.file, file),
            Deals::Random { .. } => false,
        }
    }

    /// An error when the file was changed while the run read it, so that its numbers may not
    /// be those of the deals it names.
    pub fn check(&self) -> Result<(), InputError> {
        let Deals::File(file) = self else {
            return Ok(());
        };
        let changed = file.stamp.is_some() && stamp_of(&file.file) != file.stamp;
        if changed || file.unread.load(Ordering::Relaxed) {
            return Err(InputError::Usage(format!(
                "{}: the file changed while the run read it, so the numbers may not be its \
                 deals'; run again once it is written",
                file.name
            )));
        }
        Ok(())
    }
}

impl DealFile {
    /// Reads a file of deals once, as `batch` reads it: the first line that is not a deal is an
    /// error naming it. Counts the deals and takes their digest; copies them when the file
    /// cannot be read again. `None` when Ctrl-C (`stop`) ends the reading: a long file takes
    /// minutes.
    pub fn read(
        source: LinesSource,
        game: &'static dyn Game,
        stop: &AtomicBool,
    ) -> Result<Option<DealFile>, InputError> {
        let name = source.name.clone();
        let cannot = |what: &str, error: io::Error| {
            InputError::Usage(format!(
                "cannot {what} the deals of {name}: {}",
                crate::store::system_error::plainly(&error)
            ))
        };
        let regular = source
            .regular()
            .map(File::try_clone)
            .transpose()
            .map_err(|error| cannot("read", error))?;
        let mut copy = match regular {
            Some(_) => None,
            None => Some(BufWriter::new(
                tempfile::tempfile().map_err(|error| cannot("keep a copy of", error))?,
            )),
        };
        let stamp = regular.as_ref().and_then(stamp_of);
        let most = if copy.is_some() {
            MAX_COPIED_DEALS
        } else {
            super::shard::MAX_RUN_DEALS
        };
        let mut digest = LinesDigest::default();
        let mut count = 0;
        for deal in batch::deals(name.clone(), source.reader(), game) {
            if count % LOOK_EVERY == 0 && stop.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let line = deal?.to_line();
            count += 1;
            // The copy made so far goes with its file handle.
            if count > most {
                return Err(too_many(&name, copy.is_some()));
            }
            digest.add(&line);
            if let Some(copy) = &mut copy {
                writeln!(copy, "{line}").map_err(|error| cannot("keep a copy of", error))?;
            }
        }
        let file = match (regular, copy) {
            (Some(file), _) => file,
            (None, copy) => copy
                .expect("a copy is made of what cannot be read again")
                .into_inner()
                .map_err(|error| cannot("keep a copy of", error.into_error()))?,
        };
        Ok(Some(DealFile {
            name,
            file,
            game,
            count,
            source: digest.source(),
            stamp,
            unread: AtomicBool::new(false),
        }))
    }

    /// The deals from the start of the file. A line that no longer reads as a deal ends them,
    /// and [`Deals::check`] says so.
    fn stream(&self) -> Box<dyn Iterator<Item = Deal> + Send + '_> {
        let rewound = self.file.try_clone().and_then(|mut file| {
            file.seek(SeekFrom::Start(0))?;
            Ok(file)
        });
        let Ok(file) = rewound else {
            self.unread.store(true, Ordering::Relaxed);
            return Box::new(std::iter::empty());
        };
        let deals = batch::deals(self.name.clone(), Box::new(file), self.game);
        Box::new(deals.map_while(|deal| {
            deal.inspect_err(|_| self.unread.store(true, Ordering::Relaxed))
                .ok()
        }))
    }
}

/// The most deals a run copies from a file that cannot be read twice (standard input, a pipe,
/// a FIFO): a copy of about 160 MB, so that an endless stream ends in an error rather than
/// filling the disk.
pub const MAX_COPIED_DEALS: usize = 1_000_000;

/// The error for a file of more deals than a run takes from it.
fn too_many(name: &str, copied: bool) -> InputError {
    InputError::Usage(if copied {
        format!(
            "{name}: more than {MAX_COPIED_DEALS} deals, the most a run copies from standard \
             input, a pipe or a FIFO (about 160 MB); put them in a file and give its name"
        )
    } else {
        format!(
            "{name}: more than {} deals, the most a run may have",
            super::shard::MAX_RUN_DEALS
        )
    })
}

/// Whether two open files are one, as its device and inode say.
#[cfg(unix)]
fn same_file(a: &File, b: &File) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (a.metadata(), b.metadata()) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// Elsewhere there is no stable way to tell: the file is then kept by what it holds, since a
/// `--from` file that is not an earlier export is never replaced (see [`kept`]).
#[cfg(not(unix))]
fn same_file(_: &File, _: &File) -> bool {
    false
}

/// A file's length and last change, where the system tells them.
fn stamp_of(file: &File) -> Option<(u64, SystemTime)> {
    let meta = file.metadata().ok()?;
    Some((meta.len(), meta.modified().ok()?))
}

/// How an export ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Exported {
    Written,
    /// Ctrl-C stopped it: nothing was written over, and no temporary file is left.
    Interrupted,
}

/// How many deals are written between two looks at Ctrl-C.
const LOOK_EVERY: usize = 4096;

/// Where `--export` writes the deals: standard output for `-`, or a file, through the one safe
/// writer, whose replacement is checked and begun before the run writes anything else.
pub enum Export {
    Stdout,
    File {
        name: String,
        replacement: atomic_write::Replacement,
    },
}

impl Export {
    /// Checks the file `--export` names, holding it locked: it is refused when it is the file
    /// the deals are read from, holds a `stats` run's results, or holds anything but deals as
    /// an export writes them (see [`kept`]); a new file, an empty one or an earlier export is
    /// replaced.
    pub fn start(path: &Path, deals: &Deals) -> Result<Export, InputError> {
        if input::is_stdin(path) {
            return Ok(Export::Stdout);
        }
        let name = input::source_name(path);
        let replacement = atomic_write::Replacement::start(path, |old| kept(old, deals))
            .map_err(|error| cannot_write(&name, &error))?;
        Ok(Export::File { name, replacement })
    }

    /// Writes the deals one per line. Ctrl-C (`stop`) ends the writing, leaving the file as it
    /// was.
    pub fn write(self, deals: &Deals, stop: &AtomicBool) -> Result<Exported, InputError> {
        let write = |out: &mut dyn Write| -> io::Result<()> {
            for (written, deal) in deals.stream().enumerate() {
                if written % LOOK_EVERY == 0 && stop.load(Ordering::Relaxed) {
                    return Err(io::Error::other("interrupted"));
                }
                writeln!(out, "{}", deal.to_line())?;
            }
            Ok(())
        };
        let (name, written) = match self {
            Export::Stdout => (input::STDIN_NAME.to_string(), console::out_with(write)),
            Export::File { name, replacement } => (name, replacement.finish(write)),
        };
        match written {
            Err(_) if stop.load(Ordering::Relaxed) => Ok(Exported::Interrupted),
            Err(error) => Err(cannot_write(&name, &error)),
            Ok(()) => deals.check().map(|()| Exported::Written),
        }
    }
}

fn cannot_write(name: &str, error: &io::Error) -> InputError {
    InputError::Usage(format!(
        "cannot write {name}: {}",
        crate::store::system_error::plainly(error)
    ))
}

/// Why the file at the export's name is kept, if it is: it is the `--from` file the deals are
/// read from; it holds a run's results; or it holds something an export would not write back
/// (a comment, a length column, a deal laid out over lines), which replacing it would lose.
fn kept(old: &File, deals: &Deals) -> Option<String> {
    if deals.is_read_from(old) {
        return Some(
            "it is the --from file the deals are read from; name another file for them".to_string(),
        );
    }
    if results_file::holds_results(old) {
        return Some(
            "it holds the results of a stats run (--out); name another file for the deals"
                .to_string(),
        );
    }
    let other = not_exported(old)?;
    Some(format!(
        "its {other} is not a deal as --export writes it, and writing over the file would lose \
         it: --export replaces only an earlier export; name another file, or remove this one"
    ))
}

/// Where a file stops being an export (deals one a line, each as [`Deal::to_line`] writes it):
/// "line 3", or `None` when it is one, or empty.
fn not_exported(file: &File) -> Option<String> {
    let mut file = file;
    if file.seek(SeekFrom::Start(0)).is_err() {
        return Some("content".to_string());
    }
    let words = ExportWords::new();
    for line in text_file::Lines::new(io::BufReader::new(file)) {
        match line {
            Ok((_, text_file::Line::Text(text))) if words.is_deal(&text) => {}
            Ok((number, _)) => return Some(format!("line {number}")),
            Err(_) => return Some("content".to_string()),
        }
    }
    None
}

/// The words of an exported deal: each card as it is written, and `??`; all of two bytes, so
/// that a word is looked up at once (an earlier export of a million deals is read through in
/// about a second).
struct ExportWords(Vec<bool>);

impl ExportWords {
    fn new() -> ExportWords {
        let mut known = vec![false; 1 << 16];
        for word in Card::all()
            .map(|card| card.to_string())
            .chain([UNKNOWN.into()])
        {
            if let &[first, second] = word.as_bytes() {
                known[usize::from(first) << 8 | usize::from(second)] = true;
            }
        }
        ExportWords(known)
    }

    /// Whether a line is a deal as [`Deal::to_line`] writes it: 52 of the words, with one
    /// space between.
    fn is_deal(&self, line: &str) -> bool {
        let mut count = 0;
        let each_known = line.split(' ').all(|word| {
            count += 1;
            match *word.as_bytes() {
                [first, second] => self.0[usize::from(first) << 8 | usize::from(second)],
                _ => false,
            }
        });
        each_known && count == DECK_SIZE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shard_s_deals_are_those_of_the_whole_run_at_its_places() {
        let deals = Deals::Random { seed: 3, count: 23 };
        let all: Vec<Deal> = deals.stream().collect();
        for count in [1, 2, 5, 23, 40] {
            for index in 1..=count {
                let shard = Shard { index, count };
                let mine: Vec<(usize, Deal)> = deals.shard(shard).collect();
                let want: Vec<(usize, Deal)> = all
                    .iter()
                    .copied()
                    .enumerate()
                    .filter(|&(place, _)| shard.contains(place))
                    .collect();
                assert_eq!(mine, want, "{shard}");
            }
        }
    }

    #[cfg(unix)]
    #[test]
    fn an_export_never_writes_through_a_link_at_a_temporary_name() {
        let dir = tempfile::tempdir().expect("a folder");
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "keep me").expect("written");
        // The name an earlier version wrote to, with this very process's id.
        let planted = dir
            .path()
            .join(format!(".deals.txt.{}.tmp", std::process::id()));
        std::os::unix::fs::symlink(&victim, planted).expect("a link");
        let path = dir.path().join("deals.txt");
        let deals = Deals::Random { seed: 1, count: 3 };
        let stop = AtomicBool::new(false);
        assert_eq!(export(&path, &deals, &stop).ok(), Some(Exported::Written));
        assert_eq!(
            std::fs::read_to_string(&victim).ok().as_deref(),
            Some("keep me")
        );
        let lines = std::fs::read_to_string(&path).expect("exported");
        assert_eq!(lines.lines().count(), 3);
    }

    /// Checks the file and writes the deals, as `--export` does.
    fn export(path: &Path, deals: &Deals, stop: &AtomicBool) -> Result<Exported, InputError> {
        Export::start(path, deals)?.write(deals, stop)
    }

    #[test]
    fn an_interrupted_export_leaves_the_file_as_it_was_and_nothing_else() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("deals.txt");
        let last = Deals::Random { seed: 2, count: 3 };
        let stop = AtomicBool::new(false);
        assert_eq!(export(&path, &last, &stop).ok(), Some(Exported::Written));
        let before = std::fs::read_to_string(&path).expect("the last export");
        let deals = Deals::Random {
            seed: 1,
            count: 100_000,
        };
        let stop = AtomicBool::new(true);
        assert_eq!(
            export(&path, &deals, &stop).ok(),
            Some(Exported::Interrupted)
        );
        assert_eq!(std::fs::read_to_string(&path).ok(), Some(before));
        assert_eq!(std::fs::read_dir(dir.path()).expect("listed").count(), 1);
    }

    #[test]
    fn an_export_replaces_an_earlier_export_and_keeps_any_other_file() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("deals.txt");
        let stop = AtomicBool::new(false);
        let deals = |seed| Deals::Random { seed, count: 3 };
        std::fs::write(&path, "").expect("written");
        assert_eq!(
            export(&path, &deals(1), &stop).ok(),
            Some(Exported::Written)
        );
        assert_eq!(
            export(&path, &deals(2), &stop).ok(),
            Some(Exported::Written)
        );
        let exported = std::fs::read_to_string(&path).expect("exported");
        let first = exported.lines().next().expect("a deal");
        for (kept, line) in [
            (format!("# my deals\n{exported}"), "line 1"),
            (format!("{exported}40\t{first}\n"), "line 4"),
            (format!("{first}\n\n{first}\n"), "line 2"),
            (first.to_lowercase(), "line 1"),
            (first.replacen(' ', "  ", 1), "line 1"),
            (
                first.rsplit_once(' ').expect("52 cards").0.to_string(),
                "line 1",
            ),
            (format!("{first} ??"), "line 1"),
        ] {
            std::fs::write(&path, &kept).expect("written");
            let error = export(&path, &deals(3), &stop)
                .expect_err("kept")
                .to_string();
            assert!(
                error.contains(&format!("its {line} is not a deal as --export writes it")),
                "{error}"
            );
            assert_eq!(std::fs::read_to_string(&path).ok(), Some(kept));
        }
        let unknown = format!("?? {}\n", first.split_once(' ').expect("52 cards").1);
        std::fs::write(&path, unknown).expect("written");
        assert_eq!(
            export(&path, &deals(4), &stop).ok(),
            Some(Exported::Written)
        );
        assert_eq!(std::fs::read_dir(dir.path()).expect("listed").count(), 1);
    }
}

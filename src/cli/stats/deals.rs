//! The deals of a `stats` run, made or read as they are solved, so that a run of any length
//! holds only the deals being solved: random ones made from the seed (a shard's own deals made
//! without those between them), or a file's, read once to count them and name them by their
//! digest, then again for each pass. A file that cannot be read twice (standard input, a
//! pipe, a FIFO, a device) has its deals copied on the first reading into an unnamed temporary
//! file, which goes when the run ends. `--export` writes them out through the one safe writer,
//! or to standard output.

use std::fs::File;
use std::io::{self, BufWriter, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::SystemTime;

use solitaire::Deal;
use solitaire::cards::deal::RandomDeals;
use solitaire::engine::game::Game;

use super::results_file;
use super::shard::{LinesDigest, Shard, Source};
use crate::cli::input::{self, InputError, LinesSource};
use crate::cli::{batch, console};
use crate::store::atomic_write;

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
    /// cannot be read again.
    pub fn read(source: LinesSource, game: &'static dyn Game) -> Result<DealFile, InputError> {
        let name = source.name.clone();
        let cannot = |what: &str, error: io::Error| {
            InputError::Usage(format!("cannot {what} the deals of {name}: {error}"))
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
        let mut digest = LinesDigest::default();
        let mut count = 0;
        for deal in batch::deals(name.clone(), source.reader(), game) {
            let line = deal?.to_line();
            count += 1;
            if count > super::shard::MAX_RUN_DEALS {
                return Err(InputError::Usage(format!(
                    "{name}: more than {} deals, the most a run may have",
                    super::shard::MAX_RUN_DEALS
                )));
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
        Ok(DealFile {
            name,
            file,
            game,
            count,
            source: digest.source(),
            stamp,
            unread: AtomicBool::new(false),
        })
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

/// `--export`: the deals one per line, through the one safe writer, or to standard output for
/// `-`. A file holding a `stats` run's results is never written over. Ctrl-C (`stop`) ends
/// the writing, leaving the file as it was.
pub fn export(path: &Path, deals: &Deals, stop: &AtomicBool) -> Result<Exported, InputError> {
    let write = |out: &mut dyn Write| -> io::Result<()> {
        for (written, deal) in deals.stream().enumerate() {
            if written % LOOK_EVERY == 0 && stop.load(Ordering::Relaxed) {
                return Err(io::Error::other("interrupted"));
            }
            writeln!(out, "{}", deal.to_line())?;
        }
        Ok(())
    };
    let written = if input::is_stdin(path) {
        console::out_with(write)
    } else {
        atomic_write::replace(path, holds_results, write)
    };
    match written {
        Err(_) if stop.load(Ordering::Relaxed) => Ok(Exported::Interrupted),
        Err(error) => Err(InputError::Usage(format!(
            "cannot write {}: {error}",
            input::source_name(path)
        ))),
        Ok(()) => deals.check().map(|()| Exported::Written),
    }
}

/// Why a file is not written over: it holds a run's results.
fn holds_results(file: &File) -> Option<String> {
    results_file::holds_results(file).then(|| {
        "it holds the results of a stats run (--out); name another file for the deals".to_string()
    })
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

    #[test]
    fn an_interrupted_export_leaves_the_file_as_it_was_and_nothing_else() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("deals.txt");
        std::fs::write(&path, "the last export").expect("written");
        let deals = Deals::Random {
            seed: 1,
            count: 100_000,
        };
        let stop = AtomicBool::new(true);
        assert_eq!(
            export(&path, &deals, &stop).ok(),
            Some(Exported::Interrupted)
        );
        assert_eq!(
            std::fs::read_to_string(&path).ok().as_deref(),
            Some("the last export")
        );
        assert_eq!(std::fs::read_dir(dir.path()).expect("listed").count(), 1);
    }
}

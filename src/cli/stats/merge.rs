//! `stats merge`: the results files of a run's shards added up into the summary that one run
//! over all the deals prints. The files must be shards of one run (every field of the run's
//! identity the same but the shard), each shard once; files that fail this are refused, naming
//! them. Shards with no file, or whose file lacks results (its run was stopped), leave a
//! partial total, said so first and with its own exit code.
//!
//! Each file is read as `--resume` reads it, line by line and bounded, a line that does not
//! belong skipped with a message; so merging one run's file gives what resuming it would count.

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};

use solitaire::cards::excerpt::shown_path;
use solitaire::engine::game::Game;

use super::results_file::{Expected, Reader, ResultsError};
use super::shard::{RunId, Shard, ranges};
use super::{Part, Summary, Tally, print_summary};
use crate::cli::args::MergeArgs;
use crate::cli::console;
use crate::cli::input::InputError;

/// What a merge lacks.
#[derive(Debug)]
pub struct Partial {
    /// How many shards the run was cut into.
    count: usize,
    /// The shards (K) that no file holds.
    missing: Vec<usize>,
    /// The shards whose file lacks results: the file, the shard and how many deals it lacks.
    incomplete: Vec<(String, Shard, usize)>,
}

impl Partial {
    /// `{"shards":4,"missing":[2],"incomplete":[{"file":"c.jsonl","shard":"3/4","lacking":12}]}`
    pub fn json(&self) -> Value {
        let incomplete: Vec<Value> = self
            .incomplete
            .iter()
            .map(|(file, shard, lacking)| {
                json!({"file": file, "shard": shard.to_string(), "lacking": lacking})
            })
            .collect();
        json!({"shards": self.count, "missing": self.missing, "incomplete": incomplete})
    }

    /// The summary's first line: "Partial: 700 of 1000 deals have a result (shards 2, 4 of 4
    /// missing; shard 3 lacks 50); the numbers cover those."
    pub fn line(&self, solved: usize, total: usize) -> String {
        let mut gaps = Vec::new();
        if !self.missing.is_empty() {
            let shards = if self.missing.len() == 1 {
                "shard"
            } else {
                "shards"
            };
            gaps.push(format!(
                "{shards} {} of {} missing",
                ranges(&self.missing),
                self.count
            ));
        }
        for (_, shard, lacking) in &self.incomplete {
            gaps.push(format!("shard {} lacks {lacking}", shard.index));
        }
        format!(
            "Partial: {solved} of {total} deals have a result ({}); the numbers cover those.",
            gaps.join("; ")
        )
    }
}

fn usage(error: &ResultsError) -> InputError {
    InputError::Usage(error.to_string())
}

fn name(path: &Path) -> String {
    shown_path(path)
}

/// The run the files are shards of, once they are checked to be its shards, each once: the
/// files in the order of their shards, with the run each names.
fn shards_of(files: &[std::path::PathBuf]) -> Result<Vec<(&Path, RunId)>, InputError> {
    // The first lines only, each file closed again: a run may have thousands of shards.
    let mut shards = Vec::new();
    for path in files {
        let (_, run) = Reader::open(path).map_err(|error| usage(&error))?;
        shards.push((path.as_path(), run));
    }
    let (first_path, first) = &shards[0];
    for (path, run) in &shards[1..] {
        let differences: Vec<String> = first
            .differences(run)
            .into_iter()
            .map(|(field, mine, theirs)| format!("{field} {mine} against {theirs}"))
            .collect();
        if !differences.is_empty() {
            return Err(InputError::Usage(format!(
                "{} and {} are shards of different runs: {}",
                name(first_path),
                name(path),
                differences.join("; ")
            )));
        }
        if run.shard.count != first.shard.count {
            return Err(InputError::Usage(format!(
                "{} and {} cut the run into different shards ({} and {}): their deals overlap",
                name(first_path),
                name(path),
                first.shard,
                run.shard
            )));
        }
    }
    shards.sort_by_key(|(_, run)| run.shard.index);
    if let Some(pair) = shards
        .windows(2)
        .find(|pair| pair[0].1.shard == pair[1].1.shard)
    {
        return Err(InputError::Usage(format!(
            "{} and {} are both shard {}: their deals would count twice",
            name(pair[0].0),
            name(pair[1].0),
            pair[0].1.shard
        )));
    }
    Ok(shards)
}

/// The most shards a merge lists as missing: the list is kept, and printed, whole.
pub const MAX_MISSING_SHARDS: usize = 1_000_000;

/// Refuses a merge that lacks more shards than it may list, counted without listing them: a
/// small file's first line may claim a run of a hundred million shards.
fn check_missing(first_path: &Path, first: &RunId, given: &[usize]) -> Result<(), InputError> {
    // The shards with deals are the first ones, one deal each at most when there are more
    // shards than deals.
    let with_deals = first.shard.count.min(first.deals);
    let given_with_deals = given.iter().filter(|&&index| index <= with_deals).count();
    let missing = with_deals - given_with_deals;
    if missing > MAX_MISSING_SHARDS {
        return Err(InputError::Usage(format!(
            "{}: its run is cut into {} shards, and {missing} of them would be missing: more \
             than the {MAX_MISSING_SHARDS} a merge lists; merge more of its shards at once",
            name(first_path),
            first.shard.count
        )));
    }
    Ok(())
}

/// Runs `stats merge`. `game` is the `--game` flag, if given: it must be the files' game.
pub fn run(args: &MergeArgs, game: Option<&'static dyn Game>) -> Result<u8, InputError> {
    let shards = shards_of(&args.files)?;
    let (first_path, first) = &shards[0];
    if let Some(game) = game.filter(|game| game.id() != first.game.id()) {
        return Err(InputError::Usage(format!(
            "--game {}, but {} holds a {} run",
            game.id(),
            name(first_path),
            first.game
        )));
    }
    let lab = super::lab_of_rules(first.game, &first.rules, first.caps).map_err(|why| {
        usage(&ResultsError::NotResults {
            path: name(first_path),
            why: why.to_string(),
        })
    })?;
    let figures = lab.figures();
    let mut tally = Tally::default();
    let mut incomplete = Vec::new();
    for (path, run) in &shards {
        let (reader, again) = Reader::open(path).map_err(|error| usage(&error))?;
        if again != *run {
            return Err(InputError::Usage(format!(
                "{}: changed while it was read; merge again once it is written",
                name(path)
            )));
        }
        let busy = reader.busy;
        let expected = Expected {
            deals: run.deals,
            shard: run.shard,
            figures: &figures,
        };
        let warn = |message| console::err(format_args!("pyramid: {message}\n"));
        let body = reader
            .results(expected, |solved| tally.add(&solved), warn)
            .map_err(|error| usage(&error))?;
        let size = run.shard.size(run.deals);
        let lacking = size - body.count;
        if lacking > 0 {
            let why = if busy {
                "a stats run is still writing it"
            } else {
                "its run was stopped; --resume with the shard's flags finishes it"
            };
            console::err(format_args!(
                "pyramid: {}: shard {} is incomplete: {lacking} of its {size} deals have no \
                 result ({why})\n",
                name(path),
                run.shard
            ));
            incomplete.push((name(path), run.shard, lacking));
        }
    }
    // Every line was checked to be in its file's shard, and no two files are the same shard:
    // so no deal is counted twice.
    let count = first.shard.count;
    let given: Vec<usize> = shards.iter().map(|(_, run)| run.shard.index).collect();
    check_missing(first_path, first, &given)?;
    let missing: Vec<usize> = (1..=count)
        .filter(|index| given.binary_search(index).is_err())
        // A shard with no deals (more shards than deals) lacks nothing.
        .filter(|&index| Shard { index, count }.size(first.deals) > 0)
        .collect();
    if !missing.is_empty() {
        console::err(format_args!(
            "pyramid: {} {} of {count} missing: no file given holds {}\n",
            if missing.len() == 1 {
                "shard"
            } else {
                "shards"
            },
            ranges(&missing),
            if missing.len() == 1 { "it" } else { "them" }
        ));
    }
    let part = if missing.is_empty() && incomplete.is_empty() {
        Part::Whole
    } else {
        Part::Partial(Partial {
            count,
            missing,
            incomplete,
        })
    };
    // No clock spans shards run side by side on several machines: the time in all is the
    // deals' solve times added up.
    let wall = Duration::from_secs_f64(tally.times.sum / 1000.0);
    let summary = Summary {
        game: first.game,
        lab,
        tally,
        total: first.deals,
        wall,
        part,
    };
    print_summary(&summary, args.json, false);
    Ok(summary.exit_code())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_partial_total_says_what_it_lacks() {
        let partial = Partial {
            count: 8,
            missing: vec![2, 4, 5],
            incomplete: vec![("c.jsonl".to_string(), Shard { index: 3, count: 8 }, 12)],
        };
        assert_eq!(
            partial.line(588, 1000),
            "Partial: 588 of 1000 deals have a result (shards 2, 4-5 of 8 missing; shard 3 \
             lacks 12); the numbers cover those."
        );
        assert_eq!(
            partial.json(),
            json!({"shards": 8, "missing": [2, 4, 5],
                   "incomplete": [{"file": "c.jsonl", "shard": "3/8", "lacking": 12}]})
        );
    }
}

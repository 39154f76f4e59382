//! The `batch` command: many deals, solved on several threads, answered as JSON Lines in input
//! order, with a progress bar and a closing summary on standard error. With `--jobs 1` it is the
//! benchmark: the summary gives the total, median, p99 and worst time per deal.

use std::io::{BufRead, BufReader, IsTerminal, Read};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Value, json};

use solitaire::Deal;
use solitaire::cards::excerpt::counted;
use solitaire::cards::excerpt::thousands;
use solitaire::engine::game::{Game, Words};
use solitaire::engine::goal::Goal;
use solitaire::engine::lab::{Lab, LineAnswer};
use solitaire::engine::verdict::{EXIT_BAD_INPUT, EXIT_OK, EXIT_UNDECIDED, Verdict};

use crate::cli::args::BatchArgs;
use crate::cli::console;
use crate::cli::input::{InputError, LinesSource};
use crate::cli::pool;
use crate::cli::times::Times;
use crate::store::text_file;

/// One deal line of the input: its deal's text (read by the game as its solved), or why the
/// line cannot be read.
struct Line {
    number: usize,
    known_length: Option<usize>,
    deal: Result<String, String>,
}

/// The deal lines of a file of deals, read one bounded line at a time as they are taken:
/// blank and comment lines skipped, a heading line naming the columns, the optional leading
/// length column read. A line that is not a deal keeps a short error in its place; a file that
/// cannot be read ends the lines with that error.
struct DealLines<R> {
    lines: text_file::Lines<R>,
    name: String,
    columns: Columns,
    ended: bool,
}

impl DealLines<BufReader<Box<dyn Read + Send>>> {
    /// The deal lines of what is left of `reader`, named `name` in messages.
    fn new(name: String, reader: Box<dyn Read + Send>) -> Self {
        DealLines {
            name,
            lines: text_file::Lines::new(BufReader::new(reader)),
            columns: Columns::default(),
            ended: false,
        }
    }
}

impl<R: BufRead> Iterator for DealLines<R> {
    type Item = Result<Line, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.ended {
            let (number, line) = match self.lines.next()? {
                Ok(read) => read,
                Err(source) => {
                    self.ended = true;
                    let name = self.name.clone();
                    return Some(Err(InputError::Read { name, source }));
                }
            };
            let deal = match line {
                text_file::Line::Text(text) => {
                    if let Some(named) = Columns::named(&text) {
                        self.columns = named;
                        continue;
                    }
                    deal_line(&text, self.columns)
                }
                text_file::Line::TooLong(bytes) => Some((
                    None,
                    Err(format!(
                        "{} bytes, more than the {} KiB a deal line may take",
                        thousands(bytes),
                        text_file::MAX_LINE_BYTES >> 10
                    )),
                )),
                text_file::Line::NotText => Some((None, Err("not UTF-8 text".to_string()))),
            };
            if let Some((known_length, deal)) = deal {
                return Some(Ok(Line {
                    number,
                    known_length,
                    deal,
                }));
            }
        }
        None
    }
}

/// Where a line's deal and known length are, among its tab-separated columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Columns {
    deal: usize,
    known_length: Option<usize>,
}

impl Default for Columns {
    /// Without a heading: `LENGTH<TAB>DEAL`, or the deal alone.
    fn default() -> Columns {
        Columns {
            deal: 1,
            known_length: Some(0),
        }
    }
}

impl Columns {
    /// The columns a heading line names: `deal` for the deal, and `length` or `board_steps`
    /// for the known fewest steps (0 = no solution); `None` when the line is not a heading.
    fn named(line: &str) -> Option<Columns> {
        let names: Vec<&str> = line.split('\t').map(str::trim).collect();
        let deal = names.iter().position(|&name| name == "deal")?;
        let known_length = names
            .iter()
            .position(|&name| name == "length" || name == "board_steps");
        Some(Columns { deal, known_length })
    }
}

/// One line's deal text and its known length, or `None` for a blank or comment line.
fn deal_line(line: &str, columns: Columns) -> Option<(Option<usize>, Result<String, String>)> {
    if line.trim().is_empty() || line.trim_start().starts_with('#') {
        return None;
    }
    let fields: Vec<&str> = line.split('\t').collect();
    let (known_length, cards) = if fields.len() == 1 {
        (None, line)
    } else {
        let known = columns
            .known_length
            .and_then(|column| fields.get(column))
            .and_then(|field| field.trim().parse().ok());
        (known, fields.get(columns.deal).copied().unwrap_or(""))
    };
    Some((known_length, Ok(cards.to_string())))
}

/// The deals of a file read as `batch` reads it, one at a time as they are taken; the first
/// line that is not a deal is an error naming it, and ends the deals.
pub fn deals(
    name: String,
    reader: Box<dyn Read + Send>,
    game: &'static dyn Game,
) -> impl Iterator<Item = Result<Deal, InputError>> + Send {
    let mut ended = false;
    DealLines::new(name.clone(), reader).map_while(move |line| {
        if ended {
            return None;
        }
        let deal = line.and_then(|line| line.whole_deal(&name, game));
        ended = deal.is_err();
        Some(deal)
    })
}

impl Line {
    /// The line's deal as 52 cards at its start, or an error naming the line.
    fn whole_deal(self, name: &str, game: &dyn Game) -> Result<Deal, InputError> {
        let number = self.number;
        let deal = self
            .deal
            .and_then(|text| game.deal_of_line(&text).map_err(|error| error.to_string()));
        deal.map_err(|error| InputError::Usage(format!("{name}:{number}: {error}")))
    }
}

/// What solving one line gave.
struct Answer {
    json: Value,
    /// `None` for a line that is not a deal, or one a cap or unknown cards left undecided.
    solved: Option<bool>,
    undecided: bool,
    length: Option<usize>,
    /// Whether the answer is the best whatever the unknown cards (`??`) are: with a shorter
    /// line perhaps possible, its length is not checked against a known one.
    definitive: bool,
    time: Duration,
    expanded: u64,
}

impl Answer {
    /// A line the game answered.
    fn of(answer: LineAnswer) -> Answer {
        Answer {
            json: answer.json,
            solved: answer.verdict.decided(),
            undecided: answer.verdict == Verdict::Undecided,
            length: answer.length,
            definitive: answer.definitive,
            time: answer.time,
            expanded: answer.expanded,
        }
    }
}

/// Solves one line with the lab of `game`; a line that is not a deal is answered with its
/// error, and with the game that reads it when another game's lines have its shape.
fn solve_line(line: &Line, game: &dyn Game, lab: &dyn Lab) -> Answer {
    let started = Instant::now();
    let answer = line.deal.as_ref().map_err(Clone::clone).and_then(|deal| {
        lab.answer(line.number, deal)
            .map_err(|error| error.to_string() + &other_game(game, deal))
    });
    match answer {
        Ok(answer) => Answer::of(answer),
        Err(error) => Answer {
            json: json!({"line": line.number, "error": error}),
            solved: None,
            undecided: false,
            length: None,
            definitive: true,
            time: started.elapsed(),
            expanded: 0,
        },
    }
}

/// For a line that `game` cannot read, the game whose lines have its shape, if another's do:
/// "; read as Pyramid, while it is a Perfect Pair line: --game perfect-pair reads it".
fn other_game(game: &dyn Game, deal: &str) -> String {
    solitaire::games::ALL
        .iter()
        .find(|other| other.id() != game.id() && other.claims_line(deal))
        .map(|other| {
            format!(
                "; read as {game}, while it is a {other} line: --game {} reads it",
                other.id()
            )
        })
        .unwrap_or_default()
}

/// Runs the command. `asked` is the `--game` flag, if given; else the file says.
pub fn run(args: &BatchArgs, asked: Option<&'static dyn Game>) -> Result<u8, InputError> {
    let source = LinesSource::open(&args.file)?;
    let game = source.game(asked)?;
    args.game.check_game(game)?;
    // Deals one a line have no challenge of their own: without a flag, the Board one.
    let goal = args.goal.goal(game, false)?.unwrap_or(Goal::Board);
    if args.check && !game.fewest() {
        return Err(refuse_check(game));
    }
    let lab = game
        .lab(&args.game.settings, goal, args.caps.caps())
        .map_err(|error| InputError::open(&source.name, error))?;
    let lines = DealLines::new(source.name.clone(), source.reader());
    let jobs = pool::threads(args.jobs);
    // The lines are read as they are solved: how many there are is known at the end only.
    let bar = progress_bar(None, "deals");
    let started = Instant::now();
    let mut totals = Totals::default();
    let mut failed = None;
    let solve = |line: Result<Line, InputError>| {
        line.map(|line| {
            let answer = solve_line(&line, game, lab.as_ref());
            (line.number, line.known_length, answer)
        })
    };
    pool::ordered(lines, jobs, solve, |solved| match solved {
        Ok((number, known_length, mut answer)) => {
            bar.inc(1);
            if args.check
                && let Some(known) = known_length
            {
                answer.json["check"] = check_json(known, &answer);
            }
            // A closed stdout (e.g. piped into `head`) ends the run here, quietly.
            console::out(format_args!("{}\n", answer.json));
            totals.add(number, known_length, &answer);
        }
        // The last item: the file could not be read on.
        Err(error) => failed = Some(error),
    });
    bar.finish_and_clear();
    if let Some(error) = failed {
        return Err(error);
    }
    console::err(totals.summary(jobs, started.elapsed(), args.check, goal, game.words()));
    Ok(totals.exit_code(args.check))
}

/// `--check` for a game whose answers are a winning line, not the shortest: the known
/// lengths are fewest steps, so there is nothing to compare.
fn refuse_check(game: &dyn Game) -> InputError {
    let fewest: Vec<&dyn Game> = solitaire::games::ALL
        .iter()
        .copied()
        .filter(|game| game.fewest())
        .collect();
    let names: Vec<&str> = fewest.iter().map(|game| game.name()).collect();
    InputError::Usage(format!(
        "--check compares the fewest steps, and {game}'s answers are {}, not the shortest: it \
         is for {}",
        game.words().answer,
        solitaire::engine::game::joined(&names, "and")
    ))
}

/// A progress bar on standard error with the rate and, when the total is known, the time left;
/// hidden when standard error is not a terminal.
pub fn progress_bar(total: Option<usize>, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let (bar, template) = match total {
        Some(total) => (
            ProgressBar::new(total as u64),
            format!("{{bar:40}} {{pos}}/{{len}} {what}  {{rate}}  eta {{eta}}"),
        ),
        None => (
            ProgressBar::no_length(),
            format!("{{spinner}} {{pos}} {what}  {{rate}}"),
        ),
    };
    let style = ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "rate",
            |state: &indicatif::ProgressState, out: &mut dyn std::fmt::Write| {
                let _ = out.write_str(&rate(state.per_sec()));
            },
        );
    bar.set_style(style);
    bar
}

/// A rate for the progress bar, to the nearest whole deal: "341/s", or "0.4/s" below one.
fn rate(per_second: f64) -> String {
    if per_second < 1.0 {
        format!("{per_second:.1}/s")
    } else {
        format!("{per_second:.0}/s")
    }
}

/// Whether an answer agrees with its line's known length (0 = no solution); `None` when the
/// answer is not a verdict (a bad line, an undecided search, a line unknown cards may make
/// shorter).
fn matches(known: usize, answer: &Answer) -> Option<bool> {
    answer.solved?;
    if !answer.definitive {
        return None;
    }
    Some(answer.length.unwrap_or(0) == known)
}

/// Why an answer's length cannot be compared with a known one, when [`matches`] gives no
/// verdict.
fn unchecked_why(answer: &Answer) -> &'static str {
    if answer.undecided {
        "undecided: a cap was reached, or unknown cards (??) hold the answer back"
    } else if answer.solved.is_none() {
        "not a deal"
    } else {
        "unknown cards (??) may allow fewer steps"
    }
}

/// A line's `"check"`: its known length, whether the answer matches it, and when that cannot
/// be told, why not.
fn check_json(known: usize, answer: &Answer) -> Value {
    let matches = matches(known, answer);
    let mut check = json!({"known": known, "matches": matches});
    if matches.is_none() {
        check["unchecked"] = json!(unchecked_why(answer));
    }
    check
}

/// How many mismatched (or unchecked) lines the summary names.
const SHOWN_MISMATCHES: usize = 20;

/// The mismatched lines for the summary: "; mismatched lines: 3, 8", the first
/// [`SHOWN_MISMATCHES`] (`shown`) and then how many more of `all`.
fn mismatch_list(shown: &[usize], all: usize) -> String {
    if all == 0 {
        return String::new();
    }
    format!("; mismatched {}", line_list(shown, all))
}

/// The lines whose answer cannot be compared, for the summary: "; not checkable lines: 3, 8
/// (bad, undecided, ...)".
fn unchecked_list(shown: &[usize], all: usize) -> String {
    if all == 0 {
        return String::new();
    }
    format!(
        "; not checkable {} (bad, undecided, or unknown cards (??) may allow fewer steps)",
        line_list(shown, all)
    )
}

/// "lines: 3, 8", the first `shown` and then how many more of `all`.
fn line_list(shown: &[usize], all: usize) -> String {
    let numbers: Vec<String> = shown.iter().map(ToString::to_string).collect();
    let more = match all.saturating_sub(shown.len()) {
        0 => String::new(),
        more => format!(" and {} more", thousands(more)),
    };
    let lines = if all == 1 { "line" } else { "lines" };
    format!("{lines}: {}{more}", numbers.join(", "))
}

fn millis(millis: f64) -> String {
    format!("{millis:.1} ms")
}

/// What the answers came to, counted as they are printed, so that a run of any length keeps a
/// few counts and the first mismatched lines rather than its answers.
#[derive(Default)]
struct Totals {
    solvable: usize,
    unsolvable: usize,
    undecided: usize,
    invalid: usize,
    times: Times,
    /// The longest time and its line.
    worst: Option<(Duration, usize)>,
    total: Duration,
    expanded: u64,
    most: u64,
    /// Lines with a known length, those that match it and those that do not.
    known: usize,
    right: usize,
    wrong: usize,
    /// The first [`SHOWN_MISMATCHES`] lines that do not match.
    shown_wrong: Vec<usize>,
    /// Lines with a known length whose answer cannot be compared with it (bad, undecided, or
    /// one unknown cards may shorten), and the first [`SHOWN_MISMATCHES`] of them.
    unchecked: usize,
    shown_unchecked: Vec<usize>,
}

impl Totals {
    /// Counts a line's answer, and whether it matches the line's known length, if it has one.
    fn add(&mut self, number: usize, known_length: Option<usize>, answer: &Answer) {
        match (answer.solved, answer.undecided) {
            (Some(true), _) => self.solvable += 1,
            (Some(false), _) => self.unsolvable += 1,
            (None, true) => self.undecided += 1,
            (None, false) => self.invalid += 1,
        }
        self.times.add(answer.time.as_secs_f64() * 1000.0);
        if self.worst.is_none_or(|(worst, _)| answer.time >= worst) {
            self.worst = Some((answer.time, number));
        }
        self.total += answer.time;
        self.expanded += answer.expanded;
        self.most = self.most.max(answer.expanded);
        let Some(known) = known_length else { return };
        self.known += 1;
        match matches(known, answer) {
            Some(true) => self.right += 1,
            Some(false) => {
                self.wrong += 1;
                if self.shown_wrong.len() < SHOWN_MISMATCHES {
                    self.shown_wrong.push(number);
                }
            }
            // A line without a verdict (bad, undecided) neither matches nor mismatches.
            None => {
                self.unchecked += 1;
                if self.shown_unchecked.len() < SHOWN_MISMATCHES {
                    self.shown_unchecked.push(number);
                }
            }
        }
    }

    fn answers(&self) -> usize {
        self.solvable + self.unsolvable + self.undecided + self.invalid
    }

    /// 2 for a bad line or, with `--check`, a mismatch; else 3 for an undecided line; else 0.
    fn exit_code(&self, check: bool) -> u8 {
        if self.invalid > 0 || (check && self.wrong > 0) {
            EXIT_BAD_INPUT
        } else if self.undecided > 0 {
            EXIT_UNDECIDED
        } else {
            EXIT_OK
        }
    }

    /// The closing summary: counts, then the time per deal, then the states expanded.
    fn summary(
        &self,
        jobs: usize,
        wall: Duration,
        check: bool,
        goal: Goal,
        words: Words,
    ) -> String {
        let threads = if jobs == 1 { "thread" } else { "threads" };
        let (yes, no, challenge) = match goal {
            Goal::Board => (words.won, words.lost, String::new()),
            _ => ("reach the target", "fall short", format!(" ({goal})")),
        };
        let undecided = if self.undecided > 0 {
            format!(
                ", {} undecided (a cap was reached, or cards are unknown)",
                self.undecided
            )
        } else {
            String::new()
        };
        let mut text = format!(
            "{}{challenge}: {} {yes}, {} {no}{undecided}, {} invalid; {:.2} s on {jobs} \
             {threads}\n",
            counted(self.answers(), "deal"),
            self.solvable,
            self.unsolvable,
            self.invalid,
            wall.as_secs_f64()
        );
        if let Some((worst, worst_line)) = self.worst {
            text.push_str(&format!(
                "time per deal: total {:.2} s, median {}, p99 {}, worst {} (line {worst_line})\n",
                self.total.as_secs_f64(),
                millis(self.times.quantile(0.5)),
                millis(self.times.quantile(0.99)),
                millis(worst.as_secs_f64() * 1000.0),
            ));
            text.push_str(&format!(
                "states expanded: {} in all, {} at most\n",
                self.expanded, self.most
            ));
        }
        if check {
            text.push_str(&format!(
                "check: {} of {} known lengths match{}{}\n",
                self.right,
                self.known,
                mismatch_list(&self.shown_wrong, self.wrong),
                unchecked_list(&self.shown_unchecked, self.unchecked)
            ));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mismatched_lines_are_listed_up_to_twenty() {
        assert_eq!(mismatch_list(&[], 0), "");
        assert_eq!(mismatch_list(&[7], 1), "; mismatched line: 7");
        let shown: Vec<usize> = (1..=20).collect();
        assert_eq!(
            mismatch_list(&shown, 25),
            "; mismatched lines: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, \
             19, 20 and 5 more"
        );
    }

    #[test]
    fn the_rate_is_rounded() {
        assert_eq!(rate(341.2039), "341/s");
        assert_eq!(rate(9.96), "10/s");
        assert_eq!(rate(0.4321), "0.4/s");
    }
}

//! The `batch` command: many deals, solved on several threads, answered as JSON Lines in input
//! order, with a progress bar and a closing summary on standard error. With `--jobs 1` it is the
//! benchmark: the summary gives the total, median, p99 and worst time per deal.

use std::io::{BufRead, BufReader, IsTerminal, Read};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Value, json};

use solitaire::Deal;
use solitaire::DeckProblem;
use solitaire::cards::deal::thousands;
use solitaire::games::klondike::DealProblem as KlondikeProblem;
use solitaire::games::klondike::formats::{self, Format, Table};
use solitaire::games::pyramid::solver::{Budget, CapReached, Caps, Outcome, Stats};
use solitaire::games::pyramid::{Goal, Position, Rules};

use crate::cli::args::BatchArgs;
use crate::cli::challenge;
use crate::cli::console;
use crate::cli::input::{InputError, LinesSource};
use crate::cli::klondike_output;
use crate::cli::output::{
    Bound, add_bound_json, answer_json, board_bound, challenge_bound, solve_challenge_capped,
    solve_deal, undecided_json,
};
use crate::cli::pool;
use crate::cli::times::Times;
use crate::cli::tripeaks_output;
use crate::store::text_file;
use crate::{EXIT_BAD_INPUT, EXIT_OK, EXIT_UNDECIDED};
use solitaire::GameKind;

/// One deal line of the input.
struct Line {
    number: usize,
    known_length: Option<usize>,
    deal: Result<Dealt, String>,
}

/// A line's deal: Pyramid's or TriPeaks' 52 cards, or a Klondike table in any of its formats.
enum Dealt {
    Cards(Deal),
    Klondike(Table),
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

/// How many of a line's problems its error lists.
const LINE_PROBLEMS: usize = 3;

/// The deal lines of a file of deals, read one bounded line at a time as they are taken:
/// blank and comment lines skipped, a heading line naming the columns, the optional leading
/// length column read. A line that is not a deal keeps a short error in its place; a file that
/// cannot be read ends the lines with that error.
struct DealLines<R> {
    lines: text_file::Lines<R>,
    name: String,
    game: GameKind,
    format: Option<Format>,
    columns: Columns,
    ended: bool,
}

impl DealLines<BufReader<Box<dyn Read + Send>>> {
    /// The deal lines of what is left of `reader`, named `name` in messages.
    fn new(
        name: String,
        reader: Box<dyn Read + Send>,
        game: GameKind,
        format: Option<Format>,
    ) -> Self {
        DealLines {
            name,
            lines: text_file::Lines::new(BufReader::new(reader)),
            game,
            format,
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
                    deal_line(&text, self.game, self.format, self.columns)
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

/// One line's deal and its known length, or `None` for a blank or comment line.
fn deal_line(
    line: &str,
    game: GameKind,
    format: Option<Format>,
    columns: Columns,
) -> Option<(Option<usize>, Result<Dealt, String>)> {
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
    let deal = if game == GameKind::Klondike {
        formats::read(cards, format)
            .map(Dealt::Klondike)
            .map_err(|problems| first_problems(problems.0.iter().map(KlondikeProblem::message)))
    } else {
        Deal::parse_as(cards, game)
            .map(Dealt::Cards)
            .map_err(|problems| first_problems(problems.0.iter().map(DeckProblem::message)))
    };
    Some((known_length, deal))
}

/// A bad line's error: its first [`LINE_PROBLEMS`] problems, and how many there are in all
/// when there are more.
fn first_problems(messages: impl ExactSizeIterator<Item = String>) -> String {
    let all = messages.len();
    let mut texts: Vec<String> = messages.take(LINE_PROBLEMS).collect();
    if all > LINE_PROBLEMS {
        texts.push(format!("{} problems in all", thousands(all)));
    }
    texts.join("; ")
}

/// The deals of a file read as `batch` reads it, one at a time as they are taken; the first
/// line that is not a deal is an error naming it, and ends the deals.
pub fn deals(
    name: String,
    reader: Box<dyn Read + Send>,
    game: GameKind,
) -> impl Iterator<Item = Result<Deal, InputError>> + Send {
    let mut ended = false;
    DealLines::new(name.clone(), reader, game, None).map_while(move |line| {
        if ended {
            return None;
        }
        let deal = line.and_then(|line| line.whole_deal(&name));
        ended = deal.is_err();
        Some(deal)
    })
}

impl Line {
    /// The line's deal as 52 cards, or an error naming the line.
    fn whole_deal(self, name: &str) -> Result<Deal, InputError> {
        match self.deal {
            Ok(Dealt::Cards(deal)) => Ok(deal),
            // A Klondike deal at its start, its cards in the deal order of its layout.
            Ok(Dealt::Klondike(table)) => table
                .deal()
                .and_then(|deal| Deal::from_slots(deal.slots(), GameKind::Klondike).ok())
                .ok_or_else(|| {
                    InputError::Usage(format!(
                        "{name}:{}: not a whole deal at its start (52 cards, every one known)",
                        self.number
                    ))
                }),
            Err(error) => Err(InputError::Usage(format!(
                "{name}:{}: {error}",
                self.number
            ))),
        }
    }
}

fn solve_line(line: &Line, game: GameKind, goal: Goal, rules: &AllRules, caps: Caps) -> Answer {
    let started = Instant::now();
    let deal = match &line.deal {
        Ok(Dealt::Cards(deal)) => deal,
        Ok(Dealt::Klondike(table)) => {
            return solve_klondike(line.number, table, rules.klondike, caps, started);
        }
        Err(error) => {
            return Answer {
                json: json!({"line": line.number, "error": error}),
                solved: None,
                undecided: false,
                length: None,
                definitive: true,
                time: started.elapsed(),
                expanded: 0,
            };
        }
    };
    let rules = rules.pyramid;
    if game == GameKind::TriPeaks {
        return solve_tripeaks(line.number, deal, goal, caps);
    }
    // One budget for the answer and what unknown cards could give.
    let budget = Budget::start(caps);
    if goal != Goal::Board {
        return solve_challenge(line.number, deal, goal, rules, &budget);
    }
    let (position, report, cap) = solve_deal(deal, rules, &budget);
    if let Some(cap) = cap {
        return undecided(line.number, "solvable", cap, &report.stats);
    }
    let mut json = answer_json(&position, &report);
    json["line"] = json!(line.number);
    let length = match &report.outcome {
        Outcome::Solved(moves) => Some(moves.len()),
        _ => None,
    };
    let (bound, bound_stats) = board_bound(&position, &report, &budget).unzip();
    add_bound_json(&mut json, bound.as_ref());
    answered(
        json,
        (length.is_some(), length),
        bound.as_ref().is_none_or(Bound::is_definitive),
        &budget,
        report.stats.expanded + bound_stats.map_or(0, |stats| stats.expanded),
    )
}

/// A Score or Card challenge on one deal: reached counts as solved.
fn solve_challenge(
    number: usize,
    deal: &Deal,
    goal: Goal,
    rules: Rules,
    budget: &Budget,
) -> Answer {
    let position = Position::new(deal, rules);
    let (answer, stats) = match solve_challenge_capped(&position, goal, budget) {
        Ok(answered) => answered,
        Err((cap, stats)) => return undecided(number, "reached", cap, &stats),
    };
    let mut json = challenge::json(&position, goal, &answer, &stats);
    json["line"] = json!(number);
    let (bound, bound_stats) = challenge_bound(&position, goal, &answer, budget).unzip();
    add_bound_json(&mut json, bound.as_ref());
    let length = answer.lines().first().map(|(_, line)| line.moves.len());
    answered(
        json,
        (answer.reached(), length),
        bound.as_ref().is_none_or(Bound::is_definitive),
        budget,
        stats.expanded + bound_stats.map_or(0, |stats| stats.expanded),
    )
}

/// A Pyramid line's answer from whether it reached the goal and the length of its line: one
/// that falls short and is not `definitive` falls short only for want of the unknown cards,
/// and is neither won nor lost. Its time is the budget's: the answer's search and the
/// bound's.
fn answered(
    json: Value,
    (reached, length): (bool, Option<usize>),
    definitive: bool,
    budget: &Budget,
    expanded: u64,
) -> Answer {
    let open = !reached && !definitive;
    Answer {
        json,
        solved: (!open).then_some(reached),
        undecided: open,
        length,
        definitive,
        time: budget.elapsed(),
        expanded,
    }
}

/// The rules of every game a batch may be of: each line is solved under its game's.
struct AllRules {
    pyramid: Rules,
    klondike: solitaire::games::klondike::Rules,
}

/// A Klondike table: a winning line counts as solved; unknown cards, like a cap, leave it
/// undecided.
fn solve_klondike(
    number: usize,
    table: &Table,
    rules: solitaire::games::klondike::Rules,
    caps: Caps,
    started: Instant,
) -> Answer {
    let position = table.start(rules);
    let (answer, stats) = klondike_output::solve_position(&position, caps);
    let mut json = klondike_output::answer_json(&position, &answer, &stats, table.stock());
    json["line"] = json!(number);
    let solved = answer.verdict();
    Answer {
        json,
        solved,
        undecided: solved.is_none(),
        length: answer.line().map(<[_]>::len),
        definitive: true,
        time: started.elapsed(),
        expanded: stats.expanded,
    }
}

/// A TriPeaks deal, any challenge: cleared or reached counts as solved.
fn solve_tripeaks(number: usize, deal: &Deal, goal: Goal, caps: Caps) -> Answer {
    let position = solitaire::games::tripeaks::Position::new(deal);
    let (answer, stats, cap) =
        solitaire::games::tripeaks::challenge::solve_goal(&position, goal, caps);
    let Some(answer) = answer else {
        let key = if goal == Goal::Board {
            "solvable"
        } else {
            "reached"
        };
        return undecided(
            number,
            key,
            cap.expect("only a cap stops the search"),
            &stats,
        );
    };
    let mut json = tripeaks_output::answer_json(&position, goal, &answer, None, &stats);
    json["line"] = json!(number);
    let reached = answer.reached();
    // Out of reach with the cards known so far only: neither won nor lost.
    let open = !reached && !answer.definitive();
    Answer {
        json,
        solved: (!open).then_some(reached),
        undecided: open,
        length: answer.length().filter(|_| reached),
        definitive: answer.definitive(),
        time: stats.elapsed,
        expanded: stats.expanded,
    }
}

/// A line a cap left undecided: marked so in its JSON, and counted apart.
fn undecided(number: usize, key: &str, cap: CapReached, stats: &Stats) -> Answer {
    let mut json = json!({"line": number});
    if let (Some(object), Value::Object(fields)) =
        (json.as_object_mut(), undecided_json(key, cap, stats))
    {
        object.extend(fields);
    }
    Answer {
        json,
        solved: None,
        undecided: true,
        length: None,
        definitive: true,
        time: stats.elapsed,
        expanded: stats.expanded,
    }
}

/// Runs the command. `asked` is the `--game` flag, if given; else the file says.
pub fn run(args: &BatchArgs, asked: Option<GameKind>) -> Result<u8, InputError> {
    let source = LinesSource::open(&args.file)?;
    let game = source.game(asked)?;
    args.goal
        .rules
        .check_game(game)
        .map_err(InputError::Usage)?;
    args.format.check_game(game).map_err(InputError::Usage)?;
    if game == GameKind::Klondike {
        refuse_for_klondike(args)?;
    }
    // Deals one a line have no challenge of their own: without a flag, the Board one.
    let goal = args.goal.goal(game)?.unwrap_or(Goal::Board);
    let rules = AllRules {
        pyramid: args.goal.rules.changes().apply(Rules::default()),
        klondike: args.goal.rules.klondike(),
    };
    if game == GameKind::Pyramid {
        goal.check(rules.pyramid)?;
    }
    let lines = DealLines::new(
        source.name.clone(),
        source.reader(),
        game,
        args.format.format,
    );
    let jobs = pool::threads(args.jobs);
    // The lines are read as they are solved: how many there are is known at the end only.
    let bar = progress_bar(None, "deals");
    let started = Instant::now();
    let mut totals = Totals::default();
    let mut failed = None;
    let caps = args.caps.caps();
    let solve = |line: Result<Line, InputError>| {
        line.map(|line| {
            let answer = solve_line(&line, game, goal, &rules, caps);
            (line.number, line.known_length, answer)
        })
    };
    pool::ordered(lines, jobs, solve, |solved| match solved {
        Ok((number, known_length, mut answer)) => {
            bar.inc(1);
            if args.check
                && let Some(known) = known_length
            {
                answer.json["check"] = json!({"known": known, "matches": matches(known, &answer)});
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
    console::err(totals.summary(jobs, started.elapsed(), args.check, goal));
    Ok(totals.exit_code(args.check))
}

/// Refuses what a Klondike batch does not take: the challenges, which Klondike does not have,
/// and `--check`, whose known lengths are fewest moves while Klondike's answers are a winning
/// line, not the shortest.
fn refuse_for_klondike(args: &BatchArgs) -> Result<(), InputError> {
    klondike_output::refuse_challenges(&args.goal)?;
    if args.check {
        return Err(InputError::Usage(
            "--check compares the fewest steps, and Klondike's answers are a winning line, not \
             the shortest: it is for Pyramid and TriPeaks"
                .to_string(),
        ));
    }
    Ok(())
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

/// How many mismatched lines the summary names.
const SHOWN_MISMATCHES: usize = 20;

/// The mismatched lines for the summary: "; mismatched lines: 3, 8", the first
/// [`SHOWN_MISMATCHES`] (`shown`) and then how many more of `all`.
fn mismatch_list(shown: &[usize], all: usize) -> String {
    if all == 0 {
        return String::new();
    }
    let numbers: Vec<String> = shown.iter().map(ToString::to_string).collect();
    let more = match all.saturating_sub(shown.len()) {
        0 => String::new(),
        more => format!(" and {} more", thousands(more)),
    };
    let lines = if all == 1 { "line" } else { "lines" };
    format!("; mismatched {lines}: {}{more}", numbers.join(", "))
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
            None => {}
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
    fn summary(&self, jobs: usize, wall: Duration, check: bool, goal: Goal) -> String {
        let threads = if jobs == 1 { "thread" } else { "threads" };
        let (yes, no, challenge) = match goal {
            Goal::Board => ("solvable", "no solution", String::new()),
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
            "{} deals{challenge}: {} {yes}, {} {no}{undecided}, {} invalid; {:.2} s on {jobs} \
             {threads}\n",
            self.answers(),
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
                "check: {} of {} known lengths match{}\n",
                self.right,
                self.known,
                mismatch_list(&self.shown_wrong, self.wrong)
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

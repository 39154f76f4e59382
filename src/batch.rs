//! The `batch` command: many deals, solved on several threads, answered as JSON Lines in input
//! order, with a progress bar and a closing summary on standard error. With `--jobs 1` it is the
//! benchmark: the summary gives the total, median, p99 and worst time per deal.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Value, json};

use solitaire::Deal;
use solitaire::DeckProblem;
use solitaire::deck::thousands;
use solitaire::klondike::DealProblem as KlondikeProblem;
use solitaire::klondike::formats::{self, Format, Table};
use solitaire::pyramid::solver::{Budget, CapReached, Caps, Outcome, Stats};
use solitaire::pyramid::{Goal, Position, Rules};

use crate::challenge;
use crate::cli::BatchArgs;
use crate::console;
use crate::input::{self, InputError};
use crate::klondike_output;
use crate::output::{
    Bound, add_bound_json, answer_json, board_bound, challenge_bound, solve_challenge_capped,
    solve_deal, undecided_json,
};
use crate::pool;
use crate::text_file::{self, TextFileError};
use crate::tripeaks_output;
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

/// Reads a file of deals (or standard input for `-`) one bounded line at a time, skipping
/// blanks and comments and reading the optional leading length column. A line that is not a
/// deal keeps a short error in its place; only a file that cannot be read is an error.
fn read_lines(
    path: &Path,
    game: GameKind,
    format: Option<Format>,
) -> Result<Vec<Line>, InputError> {
    let name = input::source_name(path);
    let failed = |source| InputError::Read {
        name: name.clone(),
        source,
    };
    let mut lines = Vec::new();
    let mut columns = Columns::default();
    let mut push = |numbered: Result<(usize, text_file::Line), TextFileError>| {
        let (number, line) = numbered.map_err(failed)?;
        let deal = match line {
            text_file::Line::Text(text) => {
                if let Some(named) = Columns::named(&text) {
                    columns = named;
                    return Ok(());
                }
                deal_line(&text, game, format, columns)
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
            lines.push(Line {
                number,
                known_length,
                deal,
            });
        }
        Ok::<(), InputError>(())
    };
    if input::is_stdin(path) {
        text_file::Lines::new(std::io::stdin().lock()).try_for_each(&mut push)?;
    } else {
        text_file::open_lines(path)
            .map_err(failed)?
            .try_for_each(&mut push)?;
    }
    Ok(lines)
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

/// The deals of a file read as `batch` reads it; the first line that is not a deal is an
/// error naming it.
pub fn read_deals(path: &Path, game: GameKind) -> Result<Vec<Deal>, InputError> {
    let name = input::source_name(path);
    read_lines(path, game, None)?
        .into_iter()
        .map(|line| match line.deal {
            Ok(Dealt::Cards(deal)) => Ok(deal),
            // A Klondike deal at its start, its cards in the deal order of its layout.
            Ok(Dealt::Klondike(table)) => table
                .deal()
                .and_then(|deal| Deal::from_slots(deal.slots(), GameKind::Klondike).ok())
                .ok_or_else(|| {
                    InputError::Usage(format!(
                        "{name}:{}: not a whole deal at its start (52 cards, every one known)",
                        line.number
                    ))
                }),
            Err(error) => Err(InputError::Usage(format!(
                "{name}:{}: {error}",
                line.number
            ))),
        })
        .collect()
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
    klondike: solitaire::klondike::Rules,
}

/// A Klondike table: a winning line counts as solved; unknown cards, like a cap, leave it
/// undecided.
fn solve_klondike(
    number: usize,
    table: &Table,
    rules: solitaire::klondike::Rules,
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
    let position = solitaire::tripeaks::Position::new(deal);
    let (answer, stats, cap) = solitaire::tripeaks::challenge::solve_goal(&position, goal, caps);
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

/// Runs the command.
pub fn run(args: &BatchArgs, game: GameKind) -> Result<u8, InputError> {
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
    let lines = read_lines(&args.file, game, args.format.format)?;
    let jobs = pool::threads(args.jobs);
    let bar = progress_bar(lines.len(), "deals");
    let started = Instant::now();
    let mut answers: Vec<Option<Answer>> = Vec::new();
    answers.resize_with(lines.len(), || None);
    // Print in input order: hold answers that arrive early until their turn.
    let mut waiting = BTreeMap::new();
    let mut printed = 0;
    let never = AtomicBool::new(false);
    let caps = args.caps.caps();
    let solve = |line: &Line| solve_line(line, game, goal, &rules, caps);
    pool::run(&lines, jobs, &never, solve, |index, answer| {
        bar.inc(1);
        waiting.insert(index, answer);
        while let Some(mut answer) = waiting.remove(&printed) {
            if args.check
                && let Some(check) = check_json(&lines[printed], &answer)
            {
                answer.json["check"] = check;
            }
            // A closed stdout (e.g. piped into `head`) ends the run here, quietly.
            console::out(format_args!("{}\n", answer.json));
            answers[printed] = Some(answer);
            printed += 1;
        }
    });
    bar.finish_and_clear();
    let answers: Vec<Answer> = answers.into_iter().flatten().collect();
    console::err(summary(
        &lines,
        &answers,
        jobs,
        started.elapsed(),
        args.check,
        goal,
    ));
    let invalid = answers.iter().any(|a| a.solved.is_none() && !a.undecided);
    let mismatched = args.check && mismatches(&lines, &answers) > 0;
    Ok(if invalid || mismatched {
        EXIT_BAD_INPUT
    } else if answers.iter().any(|a| a.undecided) {
        EXIT_UNDECIDED
    } else {
        EXIT_OK
    })
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

/// A progress bar on standard error with the rate and the time left, hidden when standard
/// error is not a terminal.
pub fn progress_bar(total: usize, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total as u64);
    let template = format!("{{bar:40}} {{pos}}/{{len}} {what}  {{rate}}  eta {{eta}}");
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
/// line has none, or the answer is not a verdict (a bad line, an undecided search, a line
/// unknown cards may make shorter).
fn matches(line: &Line, answer: &Answer) -> Option<bool> {
    let known = line.known_length?;
    answer.solved?;
    if !answer.definitive {
        return None;
    }
    Some(answer.length.unwrap_or(0) == known)
}

/// What `--check` adds to a line with a known length: `{"known": 40, "matches": true}`, with
/// `null` for a line that has no verdict to compare.
fn check_json(line: &Line, answer: &Answer) -> Option<Value> {
    let known = line.known_length?;
    Some(json!({"known": known, "matches": matches(line, answer)}))
}

/// The numbers of the lines whose answer differs from their known length.
fn mismatched_lines(lines: &[Line], answers: &[Answer]) -> Vec<usize> {
    lines
        .iter()
        .zip(answers)
        .filter(|&(line, answer)| matches(line, answer) == Some(false))
        .map(|(line, _)| line.number)
        .collect()
}

fn mismatches(lines: &[Line], answers: &[Answer]) -> usize {
    mismatched_lines(lines, answers).len()
}

/// How many mismatched lines the summary names.
const SHOWN_MISMATCHES: usize = 20;

/// The mismatched lines for the summary: "; mismatched lines: 3, 8", the first
/// [`SHOWN_MISMATCHES`] and then how many more.
fn mismatch_list(wrong: &[usize]) -> String {
    if wrong.is_empty() {
        return String::new();
    }
    let shown: Vec<String> = wrong
        .iter()
        .take(SHOWN_MISMATCHES)
        .map(ToString::to_string)
        .collect();
    let more = match wrong.len().saturating_sub(SHOWN_MISMATCHES) {
        0 => String::new(),
        more => format!(" and {} more", thousands(more)),
    };
    let lines = if wrong.len() == 1 { "line" } else { "lines" };
    format!("; mismatched {lines}: {}{more}", shown.join(", "))
}

fn millis(time: Duration) -> String {
    format!("{:.1} ms", time.as_secs_f64() * 1000.0)
}

/// The closing summary: counts, then the time per deal, then the states expanded.
fn summary(
    lines: &[Line],
    answers: &[Answer],
    jobs: usize,
    wall: Duration,
    check: bool,
    goal: Goal,
) -> String {
    let solvable = answers.iter().filter(|a| a.solved == Some(true)).count();
    let unsolvable = answers.iter().filter(|a| a.solved == Some(false)).count();
    let undecided = answers.iter().filter(|a| a.undecided).count();
    let invalid = answers.len() - solvable - unsolvable - undecided;
    let threads = if jobs == 1 { "thread" } else { "threads" };
    let (yes, no, challenge) = match goal {
        Goal::Board => ("solvable", "no solution", String::new()),
        _ => ("reach the target", "fall short", format!(" ({goal})")),
    };
    let undecided = if undecided > 0 {
        format!(", {undecided} undecided (a cap was reached, or cards are unknown)")
    } else {
        String::new()
    };
    let mut text = format!(
        "{} deals{challenge}: {solvable} {yes}, {unsolvable} {no}{undecided}, {invalid} invalid; \
         {:.2} s on {jobs} {threads}\n",
        answers.len(),
        wall.as_secs_f64()
    );
    let mut times: Vec<(Duration, usize)> = answers
        .iter()
        .zip(lines)
        .map(|(a, l)| (a.time, l.number))
        .collect();
    times.sort();
    if let Some(&(worst, worst_line)) = times.last() {
        let total: Duration = times.iter().map(|t| t.0).sum();
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize].0;
        text.push_str(&format!(
            "time per deal: total {:.2} s, median {}, p99 {}, worst {} (line {worst_line})\n",
            total.as_secs_f64(),
            millis(at(0.5)),
            millis(at(0.99)),
            millis(worst),
        ));
        let expanded: u64 = answers.iter().map(|a| a.expanded).sum();
        let most = answers.iter().map(|a| a.expanded).max().unwrap_or(0);
        text.push_str(&format!(
            "states expanded: {expanded} in all, {most} at most\n"
        ));
    }
    if check {
        let known = lines.iter().filter(|l| l.known_length.is_some()).count();
        // A line without a verdict (bad, undecided) neither matches nor mismatches.
        let right = lines
            .iter()
            .zip(answers)
            .filter(|&(line, answer)| matches(line, answer) == Some(true))
            .count();
        let wrong = mismatched_lines(lines, answers);
        text.push_str(&format!(
            "check: {right} of {known} known lengths match{}\n",
            mismatch_list(&wrong)
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mismatched_lines_are_listed_up_to_twenty() {
        assert_eq!(mismatch_list(&[]), "");
        assert_eq!(mismatch_list(&[7]), "; mismatched line: 7");
        let many: Vec<usize> = (1..=25).collect();
        assert_eq!(
            mismatch_list(&many),
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

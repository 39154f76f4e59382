//! The command line, declared with clap's derive API.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, CommandFactory, Parser, Subcommand};
use clap_complete::Shell;

use crate::store::Folders;

use solitaire::cards::card::RankParseError;
use solitaire::cards::excerpt::excerpt;
use solitaire::games::klondike::formats::Format;
use solitaire::games::pyramid::goal::{CountError, Field, MAX_CARD_TARGET, MAX_DEALS};
use solitaire::games::pyramid::solver::{BYTES_PER_STATE, Caps};
use solitaire::games::pyramid::{Finish, Goal, GoalError, Passes, RuleChanges};
use solitaire::{GameKind, Rank};

/// What the app says of a Klondike deal, which it does not play yet: the commands that do.
pub const KLONDIKE_NOT_IN_APP: &str = "Klondike is not in the app yet: the commands solve, \
     hint, validate and batch take it (pyramid solve --game klondike FILE)";

/// Pyramid Solitaire (Microsoft Solitaire Collection rules): the fewest steps out of any deal,
/// or a proof that there is none.
#[derive(Debug, Parser)]
#[command(name = "pyramid", version, about, long_about = None)]
#[command(
    after_help = "Exit codes: 0 solved (or valid), 1 no solution, 2 bad input or usage, \
                         3 undecided (a cap was reached, or unknown cards hold the answer \
                         back), 4 stats merge with shards missing, 130 stats interrupted, 141 \
                         output closed by its reader."
)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A deal file to open in the app (without it, the app opens the deal being typed last
    /// time, or an empty one).
    pub file: Option<PathBuf>,
    /// Colour theme: a name (default, light, high-contrast, four-colour, or one of yours) or
    /// a path to a theme file.
    #[arg(long, value_name = "NAME|PATH")]
    pub theme: Option<String>,
    /// Letters for suits (Th) instead of symbols (T♥), for terminals without them.
    #[arg(long)]
    pub ascii: bool,
    // The folders' environment variables are read by `folders`, not by clap: clap counts a
    // value from the environment as given, and then shows it in every usage line it prints.
    /// Folder for saved deals and the draft (default: `PYRAMID_SAVES`, else the platform's).
    #[arg(long, global = true, value_name = "DIR")]
    pub saves: Option<PathBuf>,
    /// Folder for settings; user themes go in its `themes/` (default: `PYRAMID_CONFIG`, else
    /// the platform's).
    #[arg(long, global = true, value_name = "DIR")]
    pub config: Option<PathBuf>,
    /// The game: pyramid, tripeaks or klondike (default: a file's `# game:` header, else
    /// klondike for Solvitaire's JSON or a deal code, else pyramid). Klondike is played by
    /// solve, hint, validate, batch and stats, not yet by the app.
    #[arg(long, global = true, value_name = "pyramid|tripeaks|klondike")]
    pub game: Option<GameKind>,
}

impl Cli {
    /// The folders: each the flag's, else its environment variable's (when set and not
    /// empty), else the platform's.
    pub fn folders(&self) -> Folders {
        let from_env = |name: &str| {
            std::env::var_os(name)
                .filter(|value| !value.is_empty())
                .map(PathBuf::from)
        };
        Folders::locate(
            self.saves.clone().or_else(|| from_env("PYRAMID_SAVES")),
            self.config.clone().or_else(|| from_env("PYRAMID_CONFIG")),
        )
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve one deal: a way to win as numbered steps (the fewest, but for Klondike), or why
    /// there is none.
    Solve(SolveArgs),
    /// Check one deal and report every problem in it at once.
    Validate(ValidateArgs),
    /// Only the next move of an optimal continuation from a saved game's position (for
    /// Klondike, of a winning line), and whether it can still be won.
    Hint(HintArgs),
    /// Solve many deals, one per line, and print JSON Lines.
    #[command(mut_args(rules_without_file))]
    Batch(BatchArgs),
    /// How many deals can be won: random deals (or a file's) solved, with the winnable
    /// fraction, its 95% interval, the optimal lengths (not for Klondike) and the solve times. `stats merge`
    /// adds up the shards of a run.
    #[command(mut_args(rules_without_file), args_conflicts_with_subcommands = true)]
    Stats(StatsArgs),
    /// Print the folders used for saves, the draft and themes.
    Paths,
    /// Print shell completions.
    Completions {
        /// The shell to complete for.
        shell: Shell,
    },
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The deal file, or `-` for standard input: 52 cards in deal order (28 pyramid cards row
    /// by row, then the stock from the top), separated by spaces, commas or new lines; for
    /// Klondike, its layout, Solvitaire's JSON or a deal code (see the README). A game saved
    /// part-way through is solved from where it stands.
    pub file: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Board challenge: the fewest steps to clear the pyramid, even for a game saved with a
    /// Score or Card challenge (without a challenge flag, a saved game's own is solved).
    #[arg(long, conflicts_with_all = ["score", "card"])]
    pub board: bool,
    #[command(flatten)]
    pub goal: GoalArgs,
    #[command(flatten)]
    pub caps: CapArgs,
    #[command(flatten)]
    pub format: FormatArg,
}

/// How a Klondike deal is written, when the text is not to say it.
#[derive(Debug, Args, Clone, Copy, Default)]
pub struct FormatArg {
    /// Klondike: the deal's format: the project's layout, Solvitaire's JSON or Klondike-Solver's
    /// deal code (default: the text says: `{` starts JSON, digits alone are a code).
    #[arg(long, value_name = "layout|solvitaire|code")]
    pub format: Option<Format>,
}

impl FormatArg {
    /// Refuses the flag for a game other than Klondike, whose deals have one layout.
    pub fn check_game(self, game: GameKind) -> Result<(), String> {
        match self.format {
            Some(_) if game != GameKind::Klondike => Err(format!(
                "--format is for Klondike deals; a {game} deal has one layout"
            )),
            _ => Ok(()),
        }
    }
}

impl SolveArgs {
    /// The challenge the command line names, or `None` when it names none: a saved game's
    /// own challenge then applies.
    pub fn goal(&self, game: GameKind) -> Result<Option<Goal>, GoalError> {
        if self.board {
            return Ok(Some(Goal::Board));
        }
        self.goal.goal(game)
    }
}

#[derive(Debug, Args)]
pub struct HintArgs {
    /// The deal file, or `-` for standard input; a game saved part-way through is taken from
    /// where it stands.
    pub file: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub caps: CapArgs,
    #[command(flatten)]
    pub format: FormatArg,
}

/// The rules to play under, where they differ from the file's (else MSC's for Pyramid, the
/// standard ones for Klondike). Each game takes its own: see [`RuleArgs::check_game`].
// Each bool is a switch people type; an enum would not read as the flags do.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Args, Clone, Default)]
pub struct RuleArgs {
    /// Passes through the stock: 1 to 8, or unlimited (default: the file's, else 3 in
    /// Pyramid; unlimited in Klondike).
    #[arg(long, value_name = "N|unlimited", value_parser = Passes::parse)]
    pub passes: Option<Passes>,
    /// Relaxed pairing ("overlap pairs"): a pyramid card whose only remaining cover is one
    /// uncovered card may pair with that card.
    #[arg(long, conflicts_with = "strict")]
    pub relaxed: bool,
    /// Strict pairing (MSC's), even where the file says relaxed.
    #[arg(long)]
    pub strict: bool,
    /// What must be cleared to win: the pyramid (MSC's Board challenge) or all 52 cards
    /// (default: the file's, else pyramid).
    #[arg(long, value_name = "pyramid|all", value_parser = Finish::parse)]
    pub goal: Option<Finish>,
    /// Klondike: cards turned by one draw, 1 or 3 (default: 3).
    #[arg(long, value_name = "1|3", value_parser = draw_count)]
    pub draw: Option<u8>,
    /// Klondike: no card comes back from a foundation to a pile (by default one may).
    #[arg(long)]
    pub no_foundation_moves: bool,
    /// Klondike: any card, or a run headed by any card, may fill an empty pile (by default
    /// only a King).
    #[arg(long)]
    pub any_card_on_empty: bool,
}

/// Each game's rule flags, as they are written, for [`RuleArgs::check_game`]'s messages.
const PYRAMID_RULES: &str = "--passes, --relaxed, --strict and --goal";
const KLONDIKE_RULES: &str = "--draw, --passes, --no-foundation-moves and --any-card-on-empty";

impl RuleArgs {
    /// Refuses the flags that are not rules of `game`: Pyramid's are --passes, --relaxed,
    /// --strict and --goal; Klondike's --draw, --passes, --no-foundation-moves and
    /// --any-card-on-empty; TriPeaks has none.
    pub fn check_game(&self, game: GameKind) -> Result<(), String> {
        let pyramid = [
            ("--relaxed", self.relaxed),
            ("--strict", self.strict),
            ("--goal", self.goal.is_some()),
        ];
        let klondike = [
            ("--draw", self.draw.is_some()),
            ("--no-foundation-moves", self.no_foundation_moves),
            ("--any-card-on-empty", self.any_card_on_empty),
        ];
        let passes = ("--passes", self.passes.is_some());
        let refused: Vec<&str> = match game {
            GameKind::Pyramid => klondike.to_vec(),
            GameKind::Klondike => pyramid.to_vec(),
            GameKind::TriPeaks => [vec![passes], pyramid.to_vec(), klondike.to_vec()].concat(),
        }
        .into_iter()
        .filter_map(|(flag, given)| given.then_some(flag))
        .collect();
        let flags = match refused.as_slice() {
            [] => return Ok(()),
            [flag] => format!("{flag} is a rule"),
            [rest @ .., last] => format!("{} and {last} are rules", rest.join(", ")),
        };
        Err(match game {
            GameKind::Pyramid => {
                format!("{flags} of Klondike, not of Pyramid: Pyramid's rules are {PYRAMID_RULES}")
            }
            GameKind::Klondike => format!(
                "{flags} of Pyramid, not of Klondike: Klondike's rules are {KLONDIKE_RULES}"
            ),
            GameKind::TriPeaks => format!(
                "{flags} of other games: TriPeaks has none to change (Pyramid's rules are \
                 {PYRAMID_RULES}; Klondike's are {KLONDIKE_RULES})"
            ),
        })
    }

    /// The Klondike rules these flags give: the standard ones where a flag says nothing.
    pub fn klondike(&self) -> solitaire::games::klondike::Rules {
        use solitaire::games::klondike::{EmptyPile, Rules};
        let standard = Rules::STANDARD;
        Rules {
            draw: self.draw.unwrap_or(standard.draw),
            passes: match self.passes {
                None | Some(Passes::Unlimited) => solitaire::games::klondike::Passes::Unlimited,
                Some(Passes::Limited(n)) => solitaire::games::klondike::Passes::Limited(n),
            },
            foundation_to_tableau: !self.no_foundation_moves,
            empty_pile: if self.any_card_on_empty {
                EmptyPile::AnyCard
            } else {
                EmptyPile::KingsOnly
            },
        }
    }

    /// The rules these flags change.
    pub fn changes(&self) -> RuleChanges {
        RuleChanges {
            passes: self.passes,
            relaxed: match (self.relaxed, self.strict) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            },
            finish: self.goal,
        }
    }
}

/// The Score or Card challenge to solve for, if one of these is given, and the rules.
#[derive(Debug, Args, Clone, Default)]
pub struct GoalArgs {
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Score challenge: the fewest steps to TARGET points in all (without a number, all one
    /// deal can give: 1290 in Pyramid, 84900 in TriPeaks).
    #[arg(long, value_name = "TARGET", num_args = 0..=1, default_missing_value = FULL)]
    #[arg(conflicts_with = "card", value_parser = target_score)]
    pub score: Option<ScoreTarget>,
    /// Score challenge: points already earned in earlier deals.
    #[arg(long, value_name = "E", requires = "score", value_parser = earned_points)]
    pub earned: Option<u32>,
    /// Card challenge: remove N cards of RANK in all (4 without a number), e.g. `A` or `J:3`.
    #[arg(long, value_name = "RANK[:N]", value_parser = card_goal)]
    pub card: Option<(Rank, u32)>,
    /// Card challenge: cards of that rank already removed in earlier deals.
    #[arg(long, value_name = "K", requires = "card", value_parser = removed_cards)]
    pub already: Option<u32>,
}

impl GoalArgs {
    /// The challenge the arguments ask for, `None` when they name none, or why it makes no
    /// sense (whatever the rules).
    pub fn goal(&self, game: GameKind) -> Result<Option<Goal>, GoalError> {
        let goal = match (self.score, self.card) {
            (Some(target), _) => Goal::Score {
                target: match target {
                    ScoreTarget::Full => game.full_score(),
                    ScoreTarget::Points(points) => points,
                },
                earned: self.earned.unwrap_or(0),
            },
            (None, Some((rank, target))) => Goal::Card {
                rank,
                target,
                already: self.already.unwrap_or(0),
            },
            (None, None) => return Ok(None),
        };
        goal.check_inputs(game)?;
        Ok(Some(goal))
    }
}

/// The command line as clap should read it. `--score` may stand without its number, so in
/// `solve --score deal.txt` the word after it is the file, not the target: when that word is
/// not a number and names a file (or is `-`), the target is written out (`--score=1290`).
pub fn args(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut args: Vec<OsString> = args.into_iter().collect();
    // `pyramid --game tripeaks solve FILE`: the flag belongs to every command, so it moves
    // after the command's name, where clap reads it (before it, the app's FILE is read).
    if let Some(at) = args.iter().position(|a| a == "--game")
        && at == 1
        && args.len() > 3
        && Cli::command()
            .get_subcommands()
            .any(|command| args[3].to_str() == Some(command.get_name()))
    {
        let flag: Vec<OsString> = args.drain(1..3).collect();
        args.splice(2..2, flag);
    }
    let end = args.iter().position(|a| a == "--").unwrap_or(args.len());
    for i in 0..end {
        let Some(next) = args.get(i + 1).and_then(|n| n.to_str()) else {
            continue;
        };
        let a_number = !next.is_empty() && next.chars().all(|c| c.is_ascii_digit());
        let a_file = next == "-" || (!next.starts_with('-') && Path::new(next).exists());
        if args[i] == "--score" && !a_number && a_file {
            args[i] = format!("--score={FULL}").into();
        }
    }
    args
}

/// The first word of a command line that is neither an option nor an option's value: the
/// command, or the app's file.
pub fn first_word(args: &[OsString]) -> Option<PathBuf> {
    let mut words = args.iter().skip(1);
    while let Some(word) = words.next() {
        if ["--theme", "--saves", "--config"].iter().any(|o| word == o) {
            words.next();
        } else if word == "--" {
            return words.next().map(PathBuf::from);
        } else if !word.to_string_lossy().starts_with('-') {
            return Some(PathBuf::from(word));
        }
    }
    None
}

/// How `--score` without a number is written out: all one deal of the game can give.
const FULL: &str = "full";

/// A Score target as given: a number of points, or all one deal of the game can give (the
/// game is known only later).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoreTarget {
    Full,
    Points(u32),
}

/// Reads a Score target: a number of points, or [`FULL`].
fn target_score(text: &str) -> Result<ScoreTarget, String> {
    if text == FULL {
        return Ok(ScoreTarget::Full);
    }
    let points = count(
        Field::ScoreTarget,
        text,
        "a target score: a number of points",
        || {
            format!(
                "the target ({}) is more than {MAX_DEALS} deals can give: {}",
                excerpt(text),
                most_points()
            )
        },
    )?;
    Ok(ScoreTarget::Points(points))
}

/// The most points a challenge takes, in each game: the command line reads a number before
/// it knows the game.
fn most_points() -> String {
    let limits: Vec<String> = GameKind::ALL
        .iter()
        .filter(|game| game.has_challenges())
        .enumerate()
        .map(|(index, game)| {
            let unit = if index == 0 { " points" } else { "" };
            format!("{}{unit} in {game}", game.max_score_target())
        })
        .collect();
    format!("at most {}", limits.join(", "))
}

/// Reads a count given by hand, as the library reads a challenge's field, in the command
/// line's words: what was expected, and for a number too large for any challenge, the limit.
fn count(
    field: Field,
    text: &str,
    what: &str,
    too_large: impl FnOnce() -> String,
) -> Result<u32, String> {
    field
        .count(text, GameKind::TriPeaks)
        .map_err(|problem| match problem {
            CountError::NotANumber(_) => format!("'{}' is not {what}", excerpt(text)),
            CountError::TooLarge { .. } => too_large(),
        })
}

/// The words for a number of cards too large for any Card challenge.
fn too_many_cards(text: &str) -> String {
    format!(
        "'{}' is more than {MAX_DEALS} deals hold: at most {MAX_CARD_TARGET}",
        excerpt(text)
    )
}

/// Reads `--earned`: the points earned in earlier deals.
fn earned_points(text: &str) -> Result<u32, String> {
    count(Field::Earned, text, "a number of points", || {
        format!(
            "'{}' is more than {MAX_DEALS} deals can give: {}",
            excerpt(text),
            most_points()
        )
    })
}

/// Reads `--already`: the cards of the rank removed in earlier deals.
fn removed_cards(text: &str) -> Result<u32, String> {
    count(Field::Already, text, "a number of cards", || {
        too_many_cards(text)
    })
}

/// Reads `RANK[:N]`: a rank letter (or 10), and how many cards, 4 when not given.
fn card_goal(text: &str) -> Result<(Rank, u32), String> {
    let (rank, target) = text.split_once(':').unwrap_or((text, "4"));
    let rank: Rank = rank
        .parse()
        .map_err(|problem: RankParseError| problem.to_string())?;
    let target = count(Field::CardTarget, target, "a number of cards", || {
        too_many_cards(target)
    })?;
    Ok((rank, target))
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The deal file, or `-` for standard input.
    pub file: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub format: FormatArg,
    /// Klondike: print the deal in this format instead of saying it is valid (a table that
    /// is not a whole deal, such as a reduced deck, only as Solvitaire's JSON).
    #[arg(long, value_name = "layout|solvitaire|code")]
    pub print_as: Option<Format>,
}

/// The rule flags' help for the commands that read deals without headers, so without rules of
/// their own (`batch`, `stats`): the defaults are MSC's.
fn rules_without_file(arg: clap::Arg) -> clap::Arg {
    let help = match arg.get_id().as_str() {
        "passes" => {
            "Passes through the stock: 1 to 8, or unlimited (default: 3 in Pyramid; unlimited \
             in Klondike)"
        }
        "strict" => "Strict pairing (MSC's; the default)",
        "goal" => {
            "What must be cleared to win: the pyramid (MSC's Board challenge; the default) or \
             all 52 cards"
        }
        _ => return arg,
    };
    arg.help(help)
}

#[derive(Debug, Args)]
pub struct BatchArgs {
    /// A file with one deal per line (`-` for standard input). Blank lines and lines starting
    /// with `#` are skipped; a leading column separated by a tab (a known length) is ignored.
    /// Read line by line as the deals are solved, each answered as soon as those before it
    /// are: each line may take 4 KiB, the file any number of lines; it may be a FIFO or a
    /// pipe, such as `<(command)`.
    pub file: PathBuf,
    /// Threads to solve with, 1 to 256 (default: all cores).
    #[arg(long, short, value_parser = jobs_range())]
    pub jobs: Option<usize>,
    /// Compare each answer with the line's leading length column (0 = no solution) and count
    /// the mismatches; they make the exit code 2. Board challenge only.
    #[arg(long, conflicts_with_all = ["score", "card"])]
    pub check: bool,
    #[command(flatten)]
    pub goal: GoalArgs,
    #[command(flatten)]
    pub caps: CapArgs,
    #[command(flatten)]
    pub format: FormatArg,
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("results").args(["out", "resume"])))]
pub struct StatsArgs {
    #[command(subcommand)]
    pub command: Option<StatsCommand>,
    /// How many random deals, 1 to 100000000.
    #[arg(long, default_value_t = 1000, value_parser = deals_range())]
    pub deals: usize,
    /// The seed the random deals come from (see the README for the shuffle).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Threads to solve with, 1 to 256 (default: all cores).
    #[arg(long, short, value_parser = jobs_range())]
    pub jobs: Option<usize>,
    /// Deals from a file, one per line (as `batch` reads them), instead of random ones; `-`
    /// for standard input.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["deals", "seed"])]
    pub from: Option<PathBuf>,
    /// Write the deals, one per line, to FILE (`-` for standard output, the summary then
    /// going to standard error). Only a new file, an empty one or an earlier export is
    /// written over: never the --from file, a file with anything else in it, a results file,
    /// a locked file, a link or a device.
    #[arg(long, value_name = "FILE")]
    pub export: Option<PathBuf>,
    /// Stream each deal's result to FILE as JSON Lines while they finish, after a first line
    /// naming the run (its game, rules, deals, caps and shard). A write that fails stops the
    /// run (exit code 2), the lines before kept.
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    pub out: Option<PathBuf>,
    /// Go on with an interrupted run: the deals already in FILE (written by --out) are not
    /// solved again, and the new ones are added to it. The run's flags must be the same.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Solve only the K-th of N slices of the run (every N-th deal, from the K-th), to run
    /// the slices on several machines; needs --out (or --resume), whose files `stats merge`
    /// adds up into the whole run's summary.
    #[arg(long, value_name = "K/N", value_parser = crate::cli::stats::Shard::parse)]
    #[arg(requires = "results", conflicts_with = "export")]
    pub shard: Option<crate::cli::stats::Shard>,
    /// The same deals under six rule sets in one table: 1, 3 and unlimited passes, each with
    /// strict and relaxed pairing (Pyramid, to the goal given) or with draw 1 and draw 3
    /// (Klondike).
    #[arg(long, conflicts_with_all = ["passes", "relaxed", "strict", "draw", "out", "resume", "shard"])]
    pub compare: bool,
    /// TriPeaks: also the most tableau cards of RANK each deal lets you remove, as a
    /// histogram (the Card challenge's distribution).
    #[arg(long, value_name = "RANK")]
    pub card: Option<Rank>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub caps: CapArgs,
}

/// What `stats` does besides a run.
#[derive(Debug, Subcommand)]
pub enum StatsCommand {
    /// Add up the results files of a run's shards (written by `stats --shard K/N --out
    /// FILE`) into the summary one run over all the deals prints.
    #[command(
        after_help = "Files of different runs (any flag but --shard differs), the same \
                            shard twice, or a file that is not a results file are refused (exit \
                            code 2). Shards with no file, or whose file lacks results, give the \
                            total of those found, headed 'Partial:' (exit code 4)."
    )]
    Merge(MergeArgs),
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shards' results files, in any order.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The most threads: far more than any machine's cores, and few enough that each has room.
pub const MAX_JOBS: usize = 256;

/// The most random deals in one `stats` run: about ten days on two cores.
pub const MAX_RUN_DEALS: usize = 100_000_000;

fn jobs_range() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(1..=MAX_JOBS as u64)
}

fn deals_range() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(1..=MAX_RUN_DEALS as u64)
}

/// Caps on each search, so that one hard deal cannot take all the memory or all night. A
/// search that reaches one is undecided (exit code 3), never "no solution".
#[derive(Debug, Args, Clone)]
pub struct CapArgs {
    /// The most states one search may store (default: as many as --max-memory holds, at
    /// 64 bytes a state).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_states: Option<u64>,
    /// The most memory one search's tables may hold: bytes, or a number with K, M, G or T
    /// (powers of 1024), e.g. 512M or 2G. Each of `batch`'s and `stats`' jobs has its own.
    #[arg(long, value_name = "SIZE", value_parser = memory_size, default_value = "1G")]
    pub max_memory: usize,
    /// The longest one search may take, in seconds (default: no limit); `batch` and `stats`
    /// give each deal this long.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub time_limit: Option<Duration>,
}

impl CapArgs {
    /// The caps these flags set.
    pub fn caps(&self) -> Caps {
        let states = self
            .max_states
            .map(|n| usize::try_from(n).unwrap_or(usize::MAX));
        Caps::new(states, Some(self.max_memory), self.time_limit)
    }
}

/// The least memory cap: room for a few thousand states.
const MIN_MEMORY: usize = 1 << 20;

/// Reads a memory size: `1073741824`, `1024M`, `1G`, `512k` (K, M, G, T are powers of 1024;
/// a trailing `B` or `iB` is allowed).
fn memory_size(text: &str) -> Result<usize, String> {
    let trimmed = text.trim();
    let lower = trimmed.to_ascii_lowercase();
    let lower = lower
        .strip_suffix("ib")
        .or_else(|| lower.strip_suffix('b'))
        .unwrap_or(&lower);
    let (digits, shift) = match lower.char_indices().last() {
        Some((at, 'k')) => (&lower[..at], 10),
        Some((at, 'm')) => (&lower[..at], 20),
        Some((at, 'g')) => (&lower[..at], 30),
        Some((at, 't')) => (&lower[..at], 40),
        _ => (lower, 0),
    };
    let number: usize = digits.trim().parse().map_err(|_| {
        format!(
            "'{}' is not a size: a number, with K, M, G or T after it",
            excerpt(trimmed)
        )
    })?;
    let bytes = number
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("'{trimmed}' is more memory than there is"))?;
    if bytes < MIN_MEMORY {
        return Err(format!(
            "'{trimmed}' is too little: at least 1M ({} states at {BYTES_PER_STATE} bytes)",
            MIN_MEMORY / BYTES_PER_STATE
        ));
    }
    Ok(bytes)
}

/// Reads Klondike's draw count: 1 or 3.
fn draw_count(text: &str) -> Result<u8, String> {
    match text.trim() {
        "1" => Ok(1),
        "3" => Ok(3),
        _ => Err(format!(
            "'{}' is not a draw: 1 or 3 cards at a time",
            excerpt(text)
        )),
    }
}

/// Reads a time limit in seconds, with a fraction if wanted: `30`, `2.5`.
fn seconds(text: &str) -> Result<Duration, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{}' is not a number of seconds", excerpt(text)))?;
    if !(value > 0.0 && value <= 1e9) {
        return Err(format!(
            "'{}' is not a time limit: more than 0 seconds",
            excerpt(text)
        ));
    }
    Ok(Duration::from_secs_f64(value))
}

/// Prints completions for a shell to standard output.
pub fn print_completions(shell: Shell) {
    // Written to memory first: the generator panics on a failed write, such as a closed pipe.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "pyramid", &mut script);
    crate::cli::console::out(String::from_utf8_lossy(&script));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn a_score_target_may_be_left_out_before_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("d.txt");
        std::fs::write(&file, "").unwrap();
        let d = file.to_str().unwrap();
        let parse = |words: &[&str]| {
            let words = words.iter().map(OsString::from);
            let cli = Cli::try_parse_from(args(words)).map_err(|e| e.to_string())?;
            let Some(Command::Solve(solve)) = cli.command else {
                panic!("solve")
            };
            Ok::<_, String>((
                solve.file.clone(),
                solve.goal(GameKind::Pyramid).map_err(|e| e.to_string())?,
            ))
        };
        let full = Goal::Score {
            target: 1290,
            earned: 0,
        };
        assert_eq!(
            parse(&["pyramid", "solve", "--score", d]),
            Ok((file.clone(), Some(full)))
        );
        assert_eq!(
            parse(&["pyramid", "solve", d, "--score"]),
            Ok((file.clone(), Some(full)))
        );
        let (_, goal) = parse(&["pyramid", "solve", "--score", "1225", d]).unwrap();
        assert_eq!(goal.map(|g| g.needed()), Some(1225));
        assert!(
            parse(&["pyramid", "solve", "--score", "x", d])
                .unwrap_err()
                .contains("'x' is not a target score")
        );
        assert!(
            parse(&["pyramid", "solve", "--score", "99999999999", d])
                .unwrap_err()
                .contains("more than 1000 deals")
        );
        assert_eq!(parse(&["pyramid", "solve", d]), Ok((file.clone(), None)));
        assert_eq!(
            parse(&["pyramid", "solve", "--board", d]),
            Ok((file.clone(), Some(Goal::Board)))
        );
        assert!(parse(&["pyramid", "solve", "--board", "--score", d]).is_err());
        assert!(parse(&["pyramid", "solve", "--score"]).is_err());
    }

    #[test]
    fn memory_sizes_read_units_and_refuse_nonsense() {
        assert_eq!(memory_size("512M"), Ok(512 << 20));
        assert_eq!(memory_size("2G"), Ok(2 << 30));
        assert_eq!(memory_size("2gib"), Ok(2 << 30));
        assert_eq!(memory_size("1048576"), Ok(1 << 20));
        assert!(memory_size("12K").unwrap_err().contains("too little"));
        assert!(memory_size("lots").unwrap_err().contains("not a size"));
        assert!(
            memory_size("99999999999T")
                .unwrap_err()
                .contains("more memory")
        );
        assert_eq!(seconds("2.5"), Ok(Duration::from_millis(2500)));
        assert!(seconds("0").is_err() && seconds("-1").is_err() && seconds("x").is_err());
    }

    #[test]
    fn every_solving_command_has_the_default_caps() {
        for command in ["solve", "hint", "batch", "stats"] {
            let mut args = vec!["pyramid", command];
            if command != "stats" {
                args.push("d.txt");
            }
            let cli = Cli::try_parse_from(&args).unwrap();
            let caps = match cli.command {
                Some(Command::Solve(a)) => a.caps.caps(),
                Some(Command::Hint(a)) => a.caps.caps(),
                Some(Command::Batch(a)) => a.caps.caps(),
                Some(Command::Stats(a)) => a.caps.caps(),
                _ => panic!("{command}"),
            };
            assert_eq!(caps, Caps::default(), "{command}");
        }
    }

    #[test]
    fn card_goals_read_a_rank_and_a_count() {
        let ace = Rank::new(1).unwrap();
        assert_eq!(card_goal("A"), Ok((ace, 4)));
        assert_eq!(card_goal("j:3"), Ok((Rank::new(11).unwrap(), 3)));
        assert_eq!(card_goal("10:2"), Ok((Rank::new(10).unwrap(), 2)));
        assert!(card_goal("X").unwrap_err().contains("not a rank"));
        assert_eq!(
            card_goal("\u{1b}[2J").unwrap_err(),
            "'\\u{1b}[2J' is not a rank: A 2-9 T J Q K"
        );
        assert!(card_goal("A:x").unwrap_err().contains("not a number"));
        assert_eq!(
            card_goal("A:99999999999").unwrap_err(),
            "'99999999999' is more than 1000 deals hold: at most 4000"
        );
        assert_eq!(
            removed_cards("99999999999").unwrap_err(),
            "'99999999999' is more than 1000 deals hold: at most 4000"
        );
        assert!(
            removed_cards("-1")
                .unwrap_err()
                .contains("not a number of cards")
        );
        assert_eq!(
            earned_points("99999999999").unwrap_err(),
            "'99999999999' is more than 1000 deals can give: at most 1290000 points in Pyramid, 84900000 in TriPeaks"
        );
        assert_eq!(earned_points("12"), Ok(12));
    }
}

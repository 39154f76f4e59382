//! The command line, declared with clap's derive API.

use std::ffi::OsString;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;
use std::time::Duration;

use clap::{Args, CommandFactory, Parser, Subcommand};
use clap_complete::Shell;

use crate::cli::input::InputError;
use crate::cli::stats::shard::{MAX_RUN_DEALS, Shard};
use crate::store::Folders;

use solitaire::Rank;
use solitaire::cards::card::RankParseError;
use solitaire::cards::excerpt::excerpt;
use solitaire::engine::at_table::{SampleBudget, deal_caps};
use solitaire::engine::game::{Challenges, Game, GameOption, OptionUse, Settings, joined};
use solitaire::engine::goal::{CountError, Goal, MAX_CARD_TARGET, MAX_DEALS, read_count};
use solitaire::engine::search::{BYTES_PER_STATE, Caps};
use solitaire::games;

/// Solitaire solved exactly, in every game of the registry.
#[derive(Debug, Parser)]
#[command(name = "pyramid", version, about = ABOUT.as_str(), long_about = None)]
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
    #[command(flatten)]
    pub folders: FolderArgs,
    #[command(flatten)]
    pub which: GameArg,
}

/// What the program does, from the registry: every game and what is asked of each.
static ABOUT: LazyLock<String> = LazyLock::new(|| {
    let names: Vec<&str> = games::ALL.iter().map(|game| game.name()).collect();
    let best_found: Vec<&str> = games::ALL
        .iter()
        .filter(|game| !game.fewest())
        .map(|game| game.name())
        .collect();
    let in_app: Vec<&str> = games::ALL
        .iter()
        .filter(|game| crate::app::games::has_screens(game.kind()))
        .map(|game| game.name())
        .collect();
    format!(
        "Solitaire solved exactly: {}. A deal's fewest steps to win (for {}, a winning line), \
         or a proof that there is none; without a command, the app ({}).",
        joined(&names, "and"),
        joined(&best_found, "and"),
        joined(&in_app, "and")
    )
});

/// The heading of the challenges' flags: "Pyramid and TriPeaks challenges", the games that
/// have them.
static CHALLENGES: LazyLock<String> = LazyLock::new(|| {
    let names: Vec<&str> = games::ALL
        .iter()
        .filter(|game| matches!(game.challenges(), Challenges::Scored { .. }))
        .map(|game| game.name())
        .collect();
    format!("{} challenges", joined(&names, "and"))
});

/// The folders the app and `paths` use; only they take these flags.
#[derive(Debug, Args)]
pub struct FolderArgs {
    // The folders' environment variables are read by `folders`, not by clap: clap counts a
    // value from the environment as given, and then shows it in every usage line it prints.
    /// Folder for saved deals and the draft (default: `PYRAMID_SAVES`, else the platform's).
    #[arg(long, value_name = "DIR")]
    pub saves: Option<PathBuf>,
    /// Folder for settings; user themes go in its `themes/` (default: `PYRAMID_CONFIG`, else
    /// the platform's).
    #[arg(long, value_name = "DIR")]
    pub config: Option<PathBuf>,
}

/// `--game`, taken by the app and the commands that read or deal a game's deals.
#[derive(Debug, Args)]
pub struct GameArg {
    #[arg(long, value_name = GAME_VALUES.as_str(), help = GAME_HELP.as_str())]
    #[arg(value_parser = games::find)]
    pub game: Option<&'static dyn Game>,
}

/// The games `--game` takes: "pyramid|tripeaks|klondike|perfect-pair".
static GAME_VALUES: LazyLock<String> = LazyLock::new(|| {
    let ids: Vec<&str> = games::ALL.iter().map(|game| game.id()).collect();
    ids.join("|")
});

/// `--game`'s help, from the registry: the games, which a file is read as without it, and
/// those the app does not play yet.
static GAME_HELP: LazyLock<String> = LazyLock::new(|| {
    let claims: String = games::ALL
        .iter()
        .filter_map(|game| Some(format!(", else {} for {}", game.id(), game.claimed()?)))
        .collect();
    format!(
        "The game: {} (default: a file's `# game:` header{claims}, else {}). {}",
        games::ids("or"),
        games::ALL[0].id(),
        crate::app::games::games_not_in_app()
    )
});

impl FolderArgs {
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
    Batch(BatchArgs),
    /// How many deals can be won: random deals (or a file's) solved, with the winnable
    /// fraction, its 95% interval, the optimal lengths (not for Klondike) and the solve times. `stats merge`
    /// adds up the shards of a run.
    #[command(
        mut_arg("compare", compare_conflicts),
        args_conflicts_with_subcommands = true
    )]
    Stats(StatsArgs),
    /// Print the folders used for saves, the draft and themes.
    Paths(FolderArgs),
    /// Deal a new random deal to practise on, in the game's file format (the one `solve`
    /// reads), with the seed that deals it again.
    Deal(DealArgs),
    /// Print shell completions.
    Completions {
        /// The shell to complete for.
        shell: Shell,
    },
    /// Write the manual pages: pyramid.1 and one page per command (pyramid-solve.1, ...),
    /// replacing only earlier pages of the same names.
    Man {
        /// The folder to write them in, made if missing (as ~/.local/share/man/man1).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The deal file, or `-` for standard input: 52 cards in deal order (28 pyramid cards row
    /// by row, then the stock from the top), separated by spaces, commas or new lines; for
    /// Klondike, its layout, Solvitaire's JSON or a deal code (see the README). A game saved
    /// part-way through is solved from where it stands.
    pub file: PathBuf,
    #[command(flatten)]
    pub which: GameArg,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Board challenge: the fewest steps to clear the pyramid, even for a game saved with a
    /// Score or Card challenge (without a challenge flag, a saved game's own is solved).
    #[arg(long, conflicts_with_all = ["score", "card"], help_heading = CHALLENGES.as_str())]
    pub board: bool,
    #[command(flatten)]
    pub goal: GoalArgs,
    #[command(flatten)]
    pub caps: CapArgs,
    #[command(flatten)]
    pub game: GameFlags<ReadingFiles>,
}

#[derive(Debug, Args)]
pub struct HintArgs {
    /// The deal file, or `-` for standard input; a game saved part-way through is taken from
    /// where it stands.
    pub file: PathBuf,
    #[command(flatten)]
    pub which: GameArg,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Board challenge: with cards not known, the chance to clear the pyramid, even for a
    /// game saved with a Score or Card challenge (without a challenge flag, a saved game's
    /// own is ranked for).
    #[arg(long, conflicts_with_all = ["score", "card"], help_heading = CHALLENGES.as_str())]
    pub board: bool,
    #[command(flatten)]
    pub goal: GoalArgs,
    #[command(flatten)]
    pub caps: CapArgs,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub game: GameFlags<ReadingFiles>,
}

/// How `hint` ranks the moves of a Klondike game with cards not known (`??`): deals of the
/// cards not seen, each solved after each move (see docs/at-the-table.md).
#[derive(Debug, Args)]
#[command(next_help_heading = "With cards not known (??)")]
pub struct TableArgs {
    /// The most random deals of the cards not seen to solve; --time-limit then bounds the
    /// whole ranking (default 3 s) and --max-states each deal's solve (default 300,000)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_DEALS, value_parser = deals_range())]
    pub samples: usize,
    /// Threads solving deals, 1 to 256 (default: all cores).
    #[arg(long, short, value_parser = jobs_range())]
    pub jobs: Option<usize>,
    /// The seed the deals of the cards not seen come from.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The deals `hint` solves by default with cards not known: some 150 a second on one core
/// for a Klondike deal at its start, so under two seconds on two cores.
pub const DEFAULT_DEALS: usize = 500;

/// The time a ranking takes at most when --time-limit does not say: a busy machine gives
/// fewer deals, not a longer wait.
pub const DEFAULT_TABLE_TIME: Duration = Duration::from_secs(3);

impl TableArgs {
    /// The budget these flags and the caps' flags give: `--time-limit` for the whole
    /// ranking, `--max-states` (by default, `goal`'s: [`deal_caps`]) and `--max-memory` for
    /// each deal's solve.
    pub fn budget(&self, caps: &CapArgs, goal: Goal) -> SampleBudget {
        let states = caps
            .max_states
            .map_or(deal_caps(goal).states, |n| usize::try_from(n).ok());
        SampleBudget {
            deals: self.samples,
            time: Some(caps.time_limit.unwrap_or(DEFAULT_TABLE_TIME)),
            threads: crate::cli::pool::threads(self.jobs),
            caps: Caps::new(states, Some(caps.max_memory), None),
            seed: self.seed,
        }
    }
}

/// Which of the games' options a command takes, and whether its deals come from files whose
/// headers may give rules (their help then says so).
pub trait Uses {
    const USES: &'static [OptionUse];
    const FILES: bool;
}

/// `solve` and `hint`: the rules, how a deal is read and how the search runs.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReadingFiles;
impl Uses for ReadingFiles {
    const USES: &'static [OptionUse] = &[OptionUse::Rule, OptionUse::Reading, OptionUse::Searching];
    const FILES: bool = true;
}

/// `validate`: the rules, how a deal is read and how it is printed.
#[derive(Debug, Clone, Copy, Default)]
pub struct Validating;
impl Uses for Validating {
    const USES: &'static [OptionUse] = &[OptionUse::Rule, OptionUse::Reading, OptionUse::Printing];
    const FILES: bool = true;
}

/// `batch`: the rules, how a deal is read, for lines without headers, and how the searches
/// run.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReadingLines;
impl Uses for ReadingLines {
    const USES: &'static [OptionUse] = &[OptionUse::Rule, OptionUse::Reading, OptionUse::Searching];
    const FILES: bool = false;
}

/// `stats`: the rules and what a run measures.
#[derive(Debug, Clone, Copy, Default)]
pub struct Measuring;
impl Uses for Measuring {
    const USES: &'static [OptionUse] = &[OptionUse::Rule, OptionUse::Measuring];
    const FILES: bool = false;
}

/// The games' options a command takes, added from the registry, each under its games'
/// heading ("Pyramid options"); read back as the flags given.
#[derive(Debug, Clone, Default)]
pub struct GameFlags<U> {
    pub settings: Settings,
    uses: PhantomData<U>,
}

/// One flag as the commands offer it: the option, and the games that take it.
struct Offered {
    option: &'static GameOption,
    games: Vec<&'static dyn Game>,
}

/// The options for `uses`, each flag once, in the order the registry lists games and each
/// game its options; for `stats`, only the games it measures.
fn offered(uses: &[OptionUse]) -> Vec<Offered> {
    let mut offered: Vec<Offered> = Vec::new();
    let measuring = uses.contains(&OptionUse::Measuring);
    for &game in games::ALL
        .iter()
        .filter(|game| !measuring || game.measured())
    {
        for option in game.options() {
            if !uses.contains(&option.purpose) {
                continue;
            }
            match offered.iter_mut().find(|o| o.option.flag == option.flag) {
                Some(known) => known.games.push(game),
                None => offered.push(Offered {
                    option,
                    games: vec![game],
                }),
            }
        }
    }
    offered
}

impl Offered {
    /// The heading the flag is listed under: "Pyramid options", "Pyramid and Klondike options".
    fn heading(&self) -> String {
        let names: Vec<&str> = self.games.iter().map(|game| game.name()).collect();
        format!("{} options", joined(&names, "and"))
    }

    /// The help: the option's, with its default where it has one ("the file's" first where a
    /// saved file may give it), each game's when several take the flag.
    fn help(&self, files: bool) -> String {
        let option = self.option;
        if let (false, Some(help)) = (files, option.help_without_file) {
            return help.to_string();
        }
        let owners: Vec<(&dyn Game, &GameOption)> = self
            .games
            .iter()
            .filter_map(|&game| {
                let own = game.options().iter().find(|o| o.flag == option.flag)?;
                Some((game, own))
            })
            .collect();
        let defaults: Vec<String> = owners
            .iter()
            .filter_map(|(game, own)| {
                own.default.map(|default| match owners.len() {
                    1 => default.to_string(),
                    _ => format!("{default} in {}", game.name()),
                })
            })
            .collect();
        if defaults.is_empty() {
            return option.help.to_string();
        }
        let from_file = files && owners.iter().any(|(_, own)| own.from_file);
        let file = if from_file { "the file's, else " } else { "" };
        format!("{} (default: {file}{})", option.help, defaults.join("; "))
    }

    /// The flag for clap.
    fn arg(&self, files: bool) -> clap::Arg {
        let option = self.option;
        let arg = clap::Arg::new(option.flag)
            .long(option.flag)
            .help(self.help(files))
            .help_heading(self.heading())
            .conflicts_with_all(option.conflicts_with);
        match (option.value_name, option.check) {
            (Some(value_name), Some(check)) => arg
                .value_name(value_name)
                .action(clap::ArgAction::Set)
                .value_parser(move |text: &str| check(text).map(|()| text.to_string())),
            (Some(value_name), None) => arg.value_name(value_name).action(clap::ArgAction::Set),
            (None, _) => arg.action(clap::ArgAction::SetTrue),
        }
    }
}

impl<U: Uses> clap::FromArgMatches for GameFlags<U> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let mut given = Vec::new();
        for offered in offered(U::USES) {
            let flag = offered.option.flag;
            if offered.option.value_name.is_some() {
                if let Some(value) = matches.get_one::<String>(flag) {
                    given.push((flag, Some(value.clone())));
                }
            } else if matches.get_flag(flag) {
                given.push((flag, None));
            }
        }
        Ok(GameFlags {
            settings: Settings::new(given),
            uses: PhantomData,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl<U: Uses> clap::Args for GameFlags<U> {
    fn augment_args(command: clap::Command) -> clap::Command {
        offered(U::USES).iter().fold(command, |command, offered| {
            command.arg(offered.arg(U::FILES))
        })
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}

impl<U: Uses> GameFlags<U> {
    /// Refuses the flags given that `game` does not take: another game's rules, with each
    /// game's rules named, or another game's other options.
    pub fn check_game(&self, game: &dyn Game) -> Result<(), InputError> {
        let takes = |flag: &str| game.options().iter().any(|o| o.flag == flag);
        let offered = offered(U::USES);
        let refused: Vec<&Offered> = self
            .settings
            .flags()
            .filter(|flag| !takes(flag))
            .filter_map(|flag| offered.iter().find(|o| o.option.flag == flag))
            .collect();
        if let Some(other) = refused
            .iter()
            .find(|offered| offered.option.purpose != OptionUse::Rule)
        {
            let why = other.option.elsewhere.replace("{game}", game.name());
            return Err(InputError::Usage(format!("--{} {why}", other.option.flag)));
        }
        let flags: Vec<String> = refused
            .iter()
            .map(|offered| format!("--{}", offered.option.flag))
            .collect();
        let flags = match flags.as_slice() {
            [] => return Ok(()),
            [flag] => format!("{flag} is a rule"),
            _ => format!("{} are rules", joined(&flags, "and")),
        };
        let rules = |game: &dyn Game| -> Vec<String> {
            game.options()
                .iter()
                .filter(|o| o.purpose == OptionUse::Rule)
                .map(|o| format!("--{}", o.flag))
                .collect()
        };
        let mut owners: Vec<&dyn Game> = Vec::new();
        for offered in &refused {
            for &owner in &offered.games {
                if !owners.iter().any(|known| known.id() == owner.id()) {
                    owners.push(owner);
                }
            }
        }
        // A game without rules of its own is told every game's, so their owners go unnamed.
        let of = match owners.as_slice() {
            [owner] if !rules(game).is_empty() => format!("of {owner}"),
            _ => "of other games".to_string(),
        };
        let own = rules(game);
        Err(InputError::Usage(if own.is_empty() {
            let others: Vec<String> = games::ALL
                .iter()
                .filter(|other| !rules(**other).is_empty())
                .enumerate()
                .map(|(index, other)| {
                    let are = if index == 0 { "rules are" } else { "are" };
                    format!("{}'s {are} {}", other.name(), joined(&rules(*other), "and"))
                })
                .collect();
            format!(
                "{flags} {of}: {game} has none to change ({})",
                others.join("; ")
            )
        } else {
            format!(
                "{flags} {of}, not of {game}: {game}'s rules are {}",
                joined(&own, "and")
            )
        }))
    }
}

/// The flags `stats --compare` sets itself, which it cannot be given with.
fn compared_flags() -> Vec<&'static str> {
    offered(Measuring::USES)
        .iter()
        .filter(|offered| offered.option.compared)
        .map(|offered| offered.option.flag)
        .collect()
}

/// `--compare` refuses the flags the comparison sets.
fn compare_conflicts(arg: clap::Arg) -> clap::Arg {
    arg.conflicts_with_all(compared_flags())
}

/// "Pyramid's and TriPeaks'": games' names as owners, listed.
pub fn owners(games: &[&dyn Game]) -> String {
    let names: Vec<String> = games
        .iter()
        .map(|game| {
            let name = game.name();
            if name.ends_with('s') {
                format!("{name}'")
            } else {
                format!("{name}'s")
            }
        })
        .collect();
    joined(&names, "and")
}

/// The games with the Score and Card challenges.
fn with_challenges() -> Vec<&'static dyn Game> {
    games::ALL
        .iter()
        .copied()
        .filter(|game| matches!(game.challenges(), Challenges::Scored { .. }))
        .collect()
}

/// `--score`'s help, with each game's full score from the registry.
static SCORE_HELP: LazyLock<String> = LazyLock::new(|| {
    let full: Vec<String> = with_challenges()
        .iter()
        .filter_map(|game| match game.challenges() {
            Challenges::Scored { full_score } => Some(format!("{full_score} in {game}")),
            Challenges::None { .. } => None,
        })
        .collect();
    format!(
        "Score challenge: the fewest steps to TARGET points in all (without a number, all one \
         deal can give: {})",
        full.join(", ")
    )
});

/// The Score or Card challenge to solve for, if one of these is given.
#[derive(Debug, Args, Clone, Default)]
#[command(next_help_heading = CHALLENGES.as_str())]
pub struct GoalArgs {
    #[arg(long, value_name = "TARGET", num_args = 0..=1, default_missing_value = FULL)]
    #[arg(help = SCORE_HELP.as_str())]
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
    /// The challenge the arguments ask for in `game` (the Board one with `board`), `None`
    /// when they name none, or why it makes no sense (whatever the rules), or why the game
    /// has no such challenge.
    pub fn goal(&self, game: &dyn Game, board: bool) -> Result<Option<Goal>, InputError> {
        let full_score = match game.challenges() {
            Challenges::Scored { full_score } => full_score,
            Challenges::None { aim } => {
                let owners = owners(&with_challenges());
                if self.score.is_some() || self.card.is_some() {
                    return Err(InputError::Usage(format!(
                        "--score and --card are {owners} challenges; {aim}"
                    )));
                }
                if board {
                    return Err(InputError::Usage(format!(
                        "--board is {owners} challenge; {aim}"
                    )));
                }
                return Ok(None);
            }
        };
        if board {
            return Ok(Some(Goal::Board));
        }
        let goal = match (self.score, self.card) {
            (Some(target), _) => Goal::Score {
                target: match target {
                    ScoreTarget::Full => full_score,
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
        game.check_goal(&goal)?;
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
    let points = count(text, "a target score: a number of points", || {
        format!(
            "the target ({}) is more than {MAX_DEALS} deals can give: {}",
            excerpt(text),
            most_points()
        )
    })?;
    Ok(ScoreTarget::Points(points))
}

/// The most points a challenge takes, in each game: the command line reads a number before
/// it knows the game.
fn most_points() -> String {
    let limits: Vec<String> = with_challenges()
        .iter()
        .enumerate()
        .filter_map(|(index, game)| {
            let Challenges::Scored { full_score } = game.challenges() else {
                return None;
            };
            let unit = if index == 0 { " points" } else { "" };
            Some(format!("{}{unit} in {game}", full_score * MAX_DEALS))
        })
        .collect();
    format!("at most {}", limits.join(", "))
}

/// Reads a count given by hand, as the library reads a challenge's field, in the command
/// line's words: what was expected, and for a number too large for any challenge, the limit.
fn count(text: &str, what: &str, too_large: impl FnOnce() -> String) -> Result<u32, String> {
    read_count(text, u32::MAX).map_err(|problem| match problem {
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
    count(text, "a number of points", || {
        format!(
            "'{}' is more than {MAX_DEALS} deals can give: {}",
            excerpt(text),
            most_points()
        )
    })
}

/// Reads `--already`: the cards of the rank removed in earlier deals.
fn removed_cards(text: &str) -> Result<u32, String> {
    count(text, "a number of cards", || too_many_cards(text))
}

/// Reads `RANK[:N]`: a rank letter (or 10), and how many cards, 4 when not given.
fn card_goal(text: &str) -> Result<(Rank, u32), String> {
    let (rank, target) = text.split_once(':').unwrap_or((text, "4"));
    let rank: Rank = rank
        .parse()
        .map_err(|problem: RankParseError| problem.to_string())?;
    let target = count(target, "a number of cards", || too_many_cards(target))?;
    Ok((rank, target))
}

#[derive(Debug, Args)]
pub struct DealArgs {
    /// The game to deal.
    #[arg(long, value_name = GAME_VALUES.as_str(), value_parser = games::find)]
    pub game: &'static dyn Game,
    /// The seed the deal comes from (default: one drawn at random, and printed): the deal
    /// `stats --seed N` solves first, in the games `stats` measures.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Write the deal to this new file instead of standard output (an existing file that is
    /// not empty is kept).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The deal file, or `-` for standard input.
    pub file: PathBuf,
    #[command(flatten)]
    pub which: GameArg,
    #[command(flatten)]
    pub game: GameFlags<Validating>,
}

#[derive(Debug, Args)]
pub struct BatchArgs {
    /// A file with one deal per line (`-` for standard input). Blank lines and lines starting
    /// with `#` are skipped; a leading column separated by a tab (a known length) is ignored.
    /// Read line by line as the deals are solved, each answered as soon as those before it
    /// are: each line may take 4 KiB, the file any number of lines; it may be a FIFO or a
    /// pipe, such as `<(command)`.
    pub file: PathBuf,
    #[command(flatten)]
    pub which: GameArg,
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
    pub game: GameFlags<ReadingLines>,
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("results").args(["out", "resume"])))]
pub struct StatsArgs {
    #[command(subcommand)]
    pub command: Option<StatsCommand>,
    #[command(flatten)]
    pub which: GameArg,
    /// How many random deals, 1 to 100000000.
    #[arg(long, default_value_t = 1000, value_parser = deals_range())]
    pub deals: usize,
    /// The seed the random deals come from (see the README for the shuffle).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
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
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    #[arg(requires = "results", conflicts_with = "export")]
    pub shard: Option<Shard>,
    /// The same deals under six rule sets in one table: 1, 3 and unlimited passes, each with
    /// strict and relaxed pairing (Pyramid, to the goal given) or with draw 1 and draw 3
    /// (Klondike); for Perfect Pair, one free cell and two.
    #[arg(long, conflicts_with_all = ["out", "resume", "shard"])]
    pub compare: bool,
    /// Play each deal at the table, seeing only the cards face up: every move the one hint
    /// ranks first, at --samples deals of the cards not seen (and at most --time-limit
    /// seconds) a move; the rate won beside the rate with every card known, and how often the
    /// chances announced came true (see docs/at-the-table.md).
    #[arg(long, conflicts_with = "compare")]
    pub at_table: bool,
    /// With --at-table: the random deals of the cards not seen solved for each move.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = deals_range())]
    pub samples: usize,
    /// With --at-table: a Score challenge to play each deal for (see solve's --score).
    #[command(flatten)]
    pub goal: TableGoalArgs,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub caps: CapArgs,
    #[command(flatten)]
    pub game: GameFlags<Measuring>,
}

/// The challenge `stats --at-table` plays each deal for: a Score challenge with `--score`, the
/// Board one without.
#[derive(Debug, Args, Clone, Default)]
pub struct TableGoalArgs {
    /// With --at-table: play each deal for the Score challenge, TARGET points in all (without
    /// a number, all one deal can give; the moves are then ranked by their mean points).
    #[arg(long, value_name = "TARGET", num_args = 0..=1, default_missing_value = FULL)]
    #[arg(requires = "at_table", value_parser = target_score)]
    pub score: Option<ScoreTarget>,
    /// With --at-table --score: points already earned in earlier deals.
    #[arg(long, value_name = "E", requires = "score", value_parser = earned_points)]
    pub earned: Option<u32>,
}

impl TableGoalArgs {
    /// The challenge asked for in `game`, as [`GoalArgs::goal`] reads it; `None` for none.
    pub fn goal(&self, game: &dyn Game, board: bool) -> Result<Option<Goal>, InputError> {
        GoalArgs {
            score: self.score,
            earned: self.earned,
            card: None,
            already: None,
        }
        .goal(game, board)
    }
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
    #[command(flatten)]
    pub which: GameArg,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The most threads: far more than any machine's cores, and few enough that each has room.
pub const MAX_JOBS: usize = 256;

fn jobs_range() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(1..=MAX_JOBS as u64)
}

fn deals_range() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(1..=MAX_RUN_DEALS as u64)
}

/// Caps on each search, so that one hard deal cannot take all the memory or all night. A
/// search that reaches one is undecided (exit code 3), never "no solution".
#[derive(Debug, Args, Clone)]
#[command(next_help_heading = "Caps on each search")]
pub struct CapArgs {
    /// The most states one search may store (default: as many as --max-memory holds, at
    /// 64 bytes a state).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_states: Option<u64>,
    /// The most memory one search's tables may hold: bytes, or a number with K, M, G or T
    /// (powers of 1024), e.g. 512M or 2G. Each of `batch`'s and `stats`' jobs has its own.
    #[arg(long, value_name = "SIZE", value_parser = memory_size, default_value = "1G")]
    pub max_memory: usize,
    /// The longest one search may take, in seconds (default: no limit, but 5 for Triple
    /// Klondike, whose search improves its line until it is stopped); `batch` and `stats`
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

/// The longest time limit, in seconds.
const MAX_SECONDS: f64 = 1e9;

/// Reads a time limit in seconds, with a fraction if wanted: `30`, `2.5`.
fn seconds(text: &str) -> Result<Duration, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{}' is not a number of seconds", excerpt(text)))?;
    if value.is_nan() {
        return Err(format!("'{}' is not a number of seconds", excerpt(text)));
    }
    if value <= 0.0 {
        return Err(format!(
            "'{}' is not a time limit: more than 0 seconds",
            excerpt(text)
        ));
    }
    // Past this the limit is no limit: say so, rather than count on a clock decades ahead.
    if value > MAX_SECONDS {
        return Err(format!(
            "'{}' is too long: at most {MAX_SECONDS} seconds (about 31 years); leave \
             --time-limit out for no limit",
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
            let pyramid = games::find("pyramid").map_err(|e| e.to_string())?;
            Ok::<_, String>((
                solve.file.clone(),
                solve
                    .goal
                    .goal(pyramid, solve.board)
                    .map_err(|e| e.to_string())?,
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
    fn a_time_limit_too_long_says_so_not_that_it_must_be_more_than_zero() {
        for huge in ["1e30", "inf", "99999999999999", "1e300"] {
            let error = seconds(huge).expect_err(huge);
            assert!(
                error.contains("too long: at most 1000000000 seconds"),
                "{error}"
            );
            assert!(!error.contains("more than 0"), "{error}");
        }
        assert_eq!(
            seconds("NaN"),
            Err("'NaN' is not a number of seconds".to_string())
        );
        assert_eq!(
            seconds("1000000000"),
            Ok(Duration::from_secs(1_000_000_000))
        );
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

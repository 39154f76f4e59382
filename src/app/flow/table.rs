//! Playing at the table, in any game whose deal has cards not known: while some are, the
//! background check ranks the moves by their chance to win, or to reach the challenge's
//! target ([`at_table::rank_for`]), in rounds on deals of their own, merged as they arrive so
//! that the hint sharpens; a move that turns one face up waits for it to be typed (one card,
//! rank then suit), which writes it into the deal and plays the game again on it with its
//! moves to undo and redo as they were. What a game gives: the deal slot of the card turned
//! up, its aim (the challenge played) and its exact answer once every card is known.

use std::collections::HashMap;
use std::hash::Hash;
use std::time::Duration;

use crossterm::event::KeyCode;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use solitaire::cards::card::{Card, Rank};
use solitaire::cards::excerpt::thousands;
use solitaire::engine::at_table::{
    self, Aim, AtTable, Estimate, MoveChance, Ranking, SampleBudget,
};
use solitaire::engine::goal::Goal;
use solitaire::engine::history::History;
use solitaire::engine::referee::Referee;
use solitaire::engine::search::{CapReached, Caps};
use solitaire::engine::table_lab::Player;

use crate::app::card_input::{Input, Pending};
use crate::app::effects::{Effects, Tone};
use crate::app::flow::{Flow, GameScreen, PlayMode, keys};
use crate::app::job::{Found, Job, JobHandle};
use crate::app::widgets::Look;

pub use super::round_budget::RoundBudget;

/// Rounds of deals a ranking is refined over before the check rests.
pub const ROUNDS: u32 = 4;

/// What a check found of a position.
#[derive(Debug, Clone, PartialEq)]
pub enum Known<A, M> {
    /// With every card known: the game's exact answer.
    Exact(A),
    /// With cards not known: the moves ranked over `rounds` rounds of deals of them.
    Ranked { ranking: Ranking<M>, rounds: u32 },
}

/// What a check gives: the game's exact answer (`None` when it was stopped), or one round
/// of the ranking (`None` when the moves cannot be ranked) with the line chosen after its
/// best move for a player that follows lines (none for one that ranks each move).
#[derive(Debug)]
pub enum Checked<A, M> {
    Solved(Option<A>),
    Ranked(Option<Ranking<M>>, Vec<M>),
}

/// The next move of a line followed at the table ([`Table::follow`]), and the chance of the
/// ranking that chose the line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Followed<M> {
    pub mv: M,
    pub estimate: Estimate,
}

/// What play mode keeps at the table: what the checks found of the positions played through
/// and the next move of the lines followed (kept per position, so that undo and redo find
/// them again), and what is typed of the cards turned up.
#[derive(Debug, Clone)]
pub struct Table<P, A, M> {
    known: HashMap<P, Known<A, M>>,
    followed: HashMap<P, Followed<M>>,
    pub turned_up: TurnedUp,
}

/// What is typed at the table of the cards not known as they turn up, the same in every
/// game: the card being typed, and those typed in.
#[derive(Debug, Clone)]
pub struct TurnedUp {
    pub typing: Pending,
    /// The cards typed in as they turned up, the last typed last: `m` mends them from the
    /// last back.
    pub typed_in: Vec<TypedIn>,
}

impl TurnedUp {
    /// Drops what is half-typed of the card turned up: it was for a position left.
    pub fn drop_typing(&mut self) {
        self.typing = Pending::Nothing;
    }
}

/// A card typed in at the table as it turned up: where it went (the game's index of the
/// place, a deal slot), the card, and how many moves were played then, the last of them the
/// move that turned it up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TypedIn {
    pub slot: usize,
    pub card: Card,
    pub played: usize,
}

impl<P, A, M> Default for Table<P, A, M> {
    fn default() -> Table<P, A, M> {
        Table {
            known: HashMap::new(),
            followed: HashMap::new(),
            turned_up: TurnedUp {
                typing: Pending::Nothing,
                typed_in: Vec::new(),
            },
        }
    }
}

impl<P: Eq + Hash, A, M: Copy + PartialEq> Table<P, A, M> {
    /// Keeps what a check found of a position, a round of a ranking merged with the rounds
    /// before; one of a position the game has since left is kept too, for undo to find. The
    /// move the rounds before put first, the one the hint showed, stays first unless the
    /// merged ranking puts another ahead of it beyond the margins
    /// ([`Ranking::keeping_first`]): the hint does not jump between moves of equal worth.
    pub fn learn(&mut self, position: P, found: Known<A, M>) {
        let found = match (self.known.remove(&position), found) {
            (
                Some(Known::Ranked { ranking, rounds }),
                Known::Ranked {
                    ranking: more,
                    rounds: _,
                },
            ) => {
                let merged = ranking.merged(&more);
                Known::Ranked {
                    ranking: match ranking.best() {
                        Some(shown) => merged.keeping_first(shown.mv),
                        None => merged,
                    },
                    rounds: rounds + 1,
                }
            }
            (_, found) => found,
        };
        self.known.insert(position, found);
    }

    /// Keeps an exact answer's winning `line` from `start` for each position it passes
    /// through, as `rest` makes the answer of the line's rest: a player following the hint
    /// follows this one line to its end, and a new check starts only off it. Without this,
    /// each position's hint would open a winning line of its own (the solver's line is one
    /// that wins, not the shortest), and two such lines can send a card back and forth.
    pub fn learn_line(&mut self, start: &P, line: &[M], rest: impl Fn(&[M]) -> A)
    where
        P: Referee<Move = M>,
    {
        let mut position = start.clone();
        for (played, &mv) in line.iter().enumerate() {
            if position.apply(mv).is_err() {
                return;
            }
            let answer = rest(&line[played + 1..]);
            self.known.insert(position.clone(), Known::Exact(answer));
        }
    }

    /// Keeps the `line` chosen after the best move of `start`'s ranking
    /// ([`at_table::line_to_follow`]) for each position it passes through after that move,
    /// with the ranking's figure, until a move turns a card not known face up
    /// (`turned_up`): a player following the hint follows the line that far, with no ranking
    /// of its own, as the lab's player does. A line the ranking no longer puts first (a round
    /// since ranked another move first) is not followed.
    pub fn follow(&mut self, start: &P, line: &[M], turned_up: impl Fn(&P) -> bool)
    where
        P: Referee<Move = M>,
    {
        let Some(Known::Ranked { ranking, .. }) = self.known(start) else {
            return;
        };
        let Some(best) = ranking.best().filter(|best| line.first() == Some(&best.mv)) else {
            return;
        };
        let estimate = best.estimate;
        let mut position = start.clone();
        for (played, &mv) in line.iter().enumerate() {
            if played > 0 {
                if turned_up(&position) {
                    return;
                }
                self.followed
                    .insert(position.clone(), Followed { mv, estimate });
            }
            if position.apply(mv).is_err() {
                return;
            }
        }
    }

    /// What the checks found of a position.
    pub fn known(&self, position: &P) -> Option<&Known<A, M>> {
        self.known.get(position)
    }

    /// The next move of a line followed through a position, and its figure.
    pub fn following(&self, position: &P) -> Option<&Followed<M>> {
        self.followed.get(position)
    }

    /// Forgets everything found (it was for another challenge).
    pub fn forget(&mut self) {
        self.known.clear();
        self.followed.clear();
    }

    /// Rounds of deals a position's ranking has had.
    pub fn rounds(&self, position: &P) -> u32 {
        match self.known(position) {
            Some(Known::Ranked { rounds, .. }) => *rounds,
            _ => 0,
        }
    }

    /// The best move from a position: the next of a line followed, the ranking's first, or
    /// the exact answer's next move as `next` reads it.
    pub fn best_move(&self, position: &P, next: impl FnOnce(&A) -> Option<M>) -> Option<M> {
        if let Some(followed) = self.following(position) {
            return Some(followed.mv);
        }
        match self.known(position)? {
            Known::Exact(answer) => next(answer),
            Known::Ranked { ranking, .. } => ranking.best().map(|best| best.mv),
        }
    }

    /// The hint's lead from a position, for `goal`: along a line followed, the figure of the
    /// ranking that chose the line, said as the line's (the move itself was not ranked); else
    /// the ranking's figures of its best move ("Hint (64% (55% to 72%, 125 deals)): ",
    /// "Hint (reaches 30,000: 64% (55% to 72%, 125 deals), mean 31,200 points): "); "Hint: " for a move of
    /// an exact line.
    pub fn hint_lead(&self, position: &P, goal: Goal) -> String {
        if let Some(followed) = self.following(position) {
            return format!("Hint (on the line ranked {}): ", followed.estimate.text());
        }
        match self.known(position) {
            Some(Known::Ranked { ranking, .. }) => ranking.best().map_or_else(
                || "Hint: ".to_string(),
                |best| format!("Hint ({}): ", hint_figures(ranking, best, goal)),
            ),
            _ => "Hint: ".to_string(),
        }
    }

    /// Whether a position needs a check: nothing is known of it and no line followed goes
    /// through it, or its ranking is still to be refined.
    pub fn wants(&self, position: &P) -> bool {
        if self.following(position).is_some() {
            return false;
        }
        match self.known(position) {
            None => true,
            Some(Known::Exact(_)) => false,
            Some(Known::Ranked { ranking, rounds }) => *rounds < ROUNDS && !ranking.exact(),
        }
    }
}

/// The ranking's verdict for `goal` in a sentence: "Best chance to win: 64% (55% to 72%, 125
/// deals), refining.", "Best chance to reach 30,000: 64% (55% to 72%, 125 deals), mean
/// 31,200 ± 2,104 points, refining."; for a ranking by points (a Score challenge with no
/// target of its own), "Best move's points: mean 31,200 ± 2,104 points (125 deals),
/// refining."; then, unless every figure is certain, that they are upper estimates.
pub fn ranked_verdict<M>(ranking: &Ranking<M>, rounds: u32, goal: Goal) -> String {
    let refining = if rounds < ROUNDS && !ranking.exact() {
        ", refining"
    } else {
        ""
    };
    let aim =
        target_words(goal).map_or_else(|| "win".to_string(), |target| format!("reach {target}"));
    match ranking.best() {
        None => "No move is left: the game is lost.".to_string(),
        Some(best) if ranking.by_points => {
            format!(
                "Best move's points: {}{refining}.{}",
                ranking.figures_text(best),
                upper_estimate(ranking)
            )
        }
        Some(best) => format!(
            "Best chance to {aim}: {}{refining}.{}",
            best.figures_text(),
            upper_estimate(ranking)
        ),
    }
}

/// What a figure measured at the table is worth, said once beside it: every deal is solved
/// with every card known after the move, more than a player learns as cards turn up.
pub const UPPER_ESTIMATE: &str = "An upper estimate: it takes every card as known after the move.";

/// The note that the ranking's figures are upper estimates, after a space; none when every
/// figure is certain.
fn upper_estimate<M>(ranking: &Ranking<M>) -> String {
    if ranking.exact() {
        String::new()
    } else {
        format!(" {UPPER_ESTIMATE}")
    }
}

/// What a challenge's ranking gives the chance to reach, in words: "30,000" (points, earlier
/// deals' included), "4 Aces"; none for the Board challenge, whose chance is to win.
fn target_words(goal: Goal) -> Option<String> {
    match goal {
        Goal::Board => None,
        Goal::Score { target, .. } => Some(thousands(target as usize)),
        Goal::Card {
            rank, target: 1, ..
        } => Some(format!("1 {}", rank.name())),
        Goal::Card { rank, target, .. } => Some(format!("{target} {}", rank.plural())),
    }
}

/// The best move's figures in a hint, short for the status line: its chance, "64% (55% to
/// 72%, 125 deals)"; for a challenge what it is the chance to reach, and the mean points
/// where they count: "reaches 30,000: 64% (55% to 72%, 125 deals), mean 31,200 points"; for a ranking by
/// points only those: "mean 31,200 points".
fn hint_figures<M>(ranking: &Ranking<M>, best: &MoveChance<M>, goal: Goal) -> String {
    if let (true, Some(points)) = (ranking.by_points, best.points) {
        return points.mean_text();
    }
    let chance = best.estimate.text();
    let points = best
        .points
        .map(|points| format!(", {}", points.mean_text()))
        .unwrap_or_default();
    match target_words(goal) {
        Some(target) => format!("reaches {target}: {chance}{points}"),
        None => format!("{chance}{points}"),
    }
}

/// The verdict along a line followed: "Following a line ranked 64% (55% to 72%, 125
/// deals), until a card turns up.", and that the figure is an upper estimate.
pub fn followed_verdict(estimate: Estimate) -> String {
    format!(
        "Following a line ranked {}, until a card turns up. {UPPER_ESTIMATE}",
        estimate.text()
    )
}

/// A round of the ranking of `position`'s moves for `aim` (the game's win, or a challenge's
/// target) on the deals of `budget` (a round's: [`RoundBudget::of_round`]); and for a
/// `player` that follows lines the line chosen after its best move
/// ([`at_table::line_to_follow`], on the round's deals, a line that wins the game).
pub fn rank_round<P, A, G>(
    position: P,
    aim: G,
    budget: SampleBudget,
    player: Player,
) -> (Job, JobHandle)
where
    P: AtTable + Send + 'static,
    P::Move: Send + 'static,
    A: Send + 'static,
    G: Aim<P> + Send + 'static,
{
    Job::with_caps(Caps::NONE, move |observer| {
        let pool = at_table::rest_of_pack(&position.seen());
        let ranking = at_table::rank_for(&position, &aim, &pool, &budget, observer).ok();
        let line = match (ranking.as_ref().and_then(Ranking::best), player) {
            (Some(&best), Player::FollowsLine) => {
                at_table::line_to_follow(&position, &budget, best)
            }
            _ => Vec::new(),
        };
        Checked::<A, P::Move>::Ranked(ranking, line)
    })
}

/// What a check's end says of its position: the exact answer (`capped` makes one of a cap
/// reached, when the game has one), or a round of the ranking with the line chosen after its
/// best move (none when no line was asked for). A check that ended without either (stopped,
/// or moves that cannot be ranked) leaves a ranking of nothing that no round refines, so
/// that it is not asked again.
pub fn learned<A: 'static, M: 'static>(
    end: Result<Found, CapReached>,
    capped: impl FnOnce(CapReached) -> Option<A>,
) -> Option<(Known<A, M>, Vec<M>)> {
    let known = match end.map(Found::take::<Checked<A, M>>) {
        Ok(Some(Checked::Solved(Some(answer)))) => Known::Exact(answer),
        Ok(Some(Checked::Ranked(Some(ranking), line))) => {
            return Some((Known::Ranked { ranking, rounds: 1 }, line));
        }
        Err(cap) => Known::Exact(capped(cap)?),
        Ok(_) => Known::Ranked {
            ranking: Ranking {
                moves: Vec::new(),
                by_points: false,
                deals: 0,
                stopped: true,
                out_of_time: None,
                elapsed: Duration::ZERO,
            },
            rounds: ROUNDS,
        },
    };
    Some((known, Vec::new()))
}

/// What a move that turned a card not known face up `place` ("on pile 3") says after its
/// own words.
pub fn turned_up(text: &str, place: &str) -> String {
    format!("{text}. A card not known turned up {place}: type it (rank, then suit).")
}

/// How a card not known that waits to be typed in came into sight: a move turned it up, or
/// it lay face up from the game's start (typed `??` where the player sees a card), which no
/// move turned up. Every question for it says which.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sight {
    TurnedUp,
    Shown,
}

impl Sight {
    /// How the card waiting in a game with `played` moves played came into sight: no move
    /// can be played while one waits, so one waiting before any move lay face up from the
    /// start.
    pub fn after(played: usize) -> Sight {
        if played == 0 {
            Sight::Shown
        } else {
            Sight::TurnedUp
        }
    }

    /// The card waiting at `place` ("on the waste"), in words: "the card turned up on pile
    /// 3", "the card shown on the waste".
    pub fn card(self, place: &str) -> String {
        match self {
            Sight::TurnedUp => format!("the card turned up {place}"),
            Sight::Shown => format!("the card shown {place}"),
        }
    }

    /// That a card not known is there to type, at `place`: "turned up on pile 3", "is shown
    /// on the waste".
    fn came(self, place: &str) -> String {
        match self {
            Sight::TurnedUp => format!("turned up {place}"),
            Sight::Shown => format!("is shown {place}"),
        }
    }
}

/// What a hint or a move asked for says while `card` waits ("the card turned up on pile 3").
pub fn type_first(card: &str) -> String {
    format!("First type {card}: rank, then suit.")
}

/// What play mode says as it starts (or goes on) while `card` waits to be typed in: the
/// question comes first, before any word on moves.
pub fn type_to_start(card: &str) -> String {
    format!("Type {card} (rank, then suit): play goes on once it is known.")
}

/// Whether play mode waits for a card turned up to be typed in.
pub fn card_waits<G: GameScreen>(flow: &Flow<G>) -> bool {
    flow.play
        .as_ref()
        .is_some_and(|play| G::waiting(play).is_some())
}

/// The key bar while a card turned up waits to be typed in; `help` is the key that opens the
/// help there.
pub fn waiting_keys(help: &'static str) -> Vec<(&'static str, &'static str)> {
    vec![
        ("A-K c d h s", "the card"),
        ("u", "undo"),
        ("m", "mend last"),
        (help, "help"),
    ]
}

/// What a move or a hint asked for meets while a card turned up waits to be typed in: what
/// comes first; nothing when none waits.
pub fn waits<P: TablePlay>(play: &P) -> Option<String> {
    play.waiting_card().map(|card| type_first(&card))
}

/// Play mode's panel while `card` waits ("the card turned up on pile 3"): which, and what is
/// typed of it.
pub fn typing_lines(card: &str, typing: Pending, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let typed = typing.text().unwrap_or_default();
    vec![
        Line::styled(
            format!("Type {card}:"),
            Style::new().fg(theme.title).add_modifier(Modifier::BOLD),
        ),
        Line::from(vec![
            Span::styled("Card: ", Style::new().fg(theme.dim)),
            Span::styled(format!("{typed}█"), Style::new().fg(theme.cursor)),
        ]),
    ]
}

/// Play mode at the table: what is typed of the cards turned up (its [`Table`]'s), and where
/// one waits.
pub trait TablePlay: PlayMode {
    /// What is typed of the cards turned up: the play's [`Table::turned_up`].
    fn turned_up(&mut self) -> &mut TurnedUp;
    /// Where a card not known lies face up, waiting to be typed in (the player sees it), in
    /// words: "on pile 3", "at tableau row 3, card 9 from the left".
    fn waiting_place(&self) -> Option<String>;
    /// The card not known waiting to be typed in, in words: "the card turned up on pile 3",
    /// "the card shown on the waste" (see [`Sight`]).
    fn waiting_card(&self) -> Option<String> {
        let place = self.waiting_place()?;
        Some(self.sight().card(&place))
    }
    /// How the card waiting came into sight.
    fn sight(&self) -> Sight {
        Sight::after(self.game().played())
    }
    /// Whether a check is still to come for the current position.
    fn refining(&self) -> bool {
        self.wanted().is_some()
    }
}

/// Whether a key types part of a card: a rank, or after one its suit (`1` starts a ten).
pub fn types_card(code: KeyCode, rank_typed: bool) -> bool {
    let KeyCode::Char(c) = code else {
        return false;
    };
    if rank_typed {
        return c.is_alphanumeric();
    }
    c == '1' || Rank::from_char(c).is_some()
}

/// A key in play mode while a card turned up waits: part of the card (the whole card goes to
/// `typed`), or backspace dropping what is typed of it. True when taken.
pub fn typing_key<G: GameScreen>(
    flow: &mut Flow<G>,
    code: KeyCode,
    fx: &mut Effects,
    typed: impl FnOnce(&mut Flow<G>, Card, &mut Effects),
) -> bool
where
    G::Play: TablePlay,
{
    let Some(play) = &mut flow.play else {
        return false;
    };
    if play.waiting_place().is_none() {
        return false;
    }
    let typing = &mut play.turned_up().typing;
    // Esc drops a half-typed card as in the editor; with nothing typed it leaves play.
    if matches!(code, KeyCode::Backspace | KeyCode::Esc) && typing.cancel() {
        fx.say(Tone::Info, "Dropped the half-typed card.");
        return true;
    }
    let KeyCode::Char(c) = code else {
        return false;
    };
    if !types_card(code, !typing.is_empty()) {
        // Play mode's own keys (and `?`, the help everywhere) stay theirs: a move says what
        // comes first. Any other is no part of a card: say what is, as the editor does.
        if c == '?' || keys::binds(G::KEYS.play.1, code) {
            return false;
        }
        let mut untouched = *typing;
        if let Input::Rejected(hint) = untouched.type_char(c) {
            fx.say(Tone::Warning, hint);
        }
        return true;
    }
    match typing.type_char(c) {
        Input::Card(card) => typed(flow, card, fx),
        Input::Partial => match typing.waits_for() {
            Some(words) => fx.say(Tone::Info, words),
            None => fx.hush(),
        },
        Input::Rejected(hint) => fx.say(Tone::Warning, hint),
    }
    true
}

/// The card typed for the one not known that turned up: written into the deal at `slot`,
/// the slot it was dealt to (`name` names it), and the game played again on the deal now
/// known better, with its moves to undo and redo as they were. Says where it went, or why
/// not.
pub fn type_turned_up<G: GameScreen>(
    flow: &mut Flow<G>,
    slot: usize,
    card: Card,
    name: impl Fn(usize) -> String,
    fx: &mut Effects,
) where
    G::Play: TablePlay,
{
    let Some(play) = &flow.play else {
        return;
    };
    if let Err(problem) = flow.editor.reveal_named(slot, card, &name) {
        fx.say(Tone::Warning, format!("Not possible: {problem}."));
        return;
    }
    let Ok(start) = G::start(&flow.editor) else {
        return;
    };
    let Ok(game) = play.game().replayed_from(start) else {
        return;
    };
    let Some(play) = &mut flow.play else {
        return;
    };
    let played = game.played();
    *play.game_mut() = game;
    play.moved();
    play.turned_up()
        .typed_in
        .push(TypedIn { slot, card, played });
    let next = play.waiting_place().map(|place| (place, play.sight()));
    let text = typed_in(card, &format!("at {}", name(slot)), next);
    flow.moved(fx);
    fx.say(Tone::Info, text);
}

/// What is said once a card turned up is typed in: where it went (`at`, in words with their
/// preposition: "at stock slot 3", "on the waste"), and, as a move may turn up two cards (or
/// the start show two), the next one to type at once (where it lies and how it came into
/// sight, `next`).
pub fn typed_in(card: Card, at: &str, next: Option<(String, Sight)>) -> String {
    match next {
        Some((place, sight)) => format!(
            "{card} typed in {at}; another card not known {}: type it (rank, then suit).",
            sight.came(&place)
        ),
        None => format!("{card} typed in {at}. Your turn."),
    }
}

/// `m` in play mode: mends the card typed last as it turned up, which lies in the deal's
/// slots (`name` names a slot); see [`mend_last`]. True when taken.
pub fn mend_key<G: GameScreen>(
    flow: &mut Flow<G>,
    code: KeyCode,
    name: impl Fn(usize) -> String,
    fx: &mut Effects,
) -> bool
where
    G::Play: TablePlay,
{
    if code != KeyCode::Char('m') || flow.play.is_none() {
        return false;
    }
    mend_last(flow, fx, |flow, last| {
        let mut editor = flow.editor.clone();
        editor.forget(last.slot);
        let start = G::start(&editor).ok()?;
        flow.editor = editor;
        Some((start, format!("at {}", name(last.slot))))
    });
    true
}

/// The card typed last as it turned up was typed wrong: `forget` makes it not known again
/// where it was written (or changes nothing and gives `None` when it cannot), giving the
/// start the game is played from then and where the card was, in words ("at stock card 1").
/// The game is played again up to the move that turned it up, which waits for it to be typed
/// anew, checked as the first was. The moves before stay; those after it, chosen with the
/// wrong card in sight, go, whether played or undone and waiting to be redone (undo keeps a
/// card typed known, so only this takes one back). When the player had undone the move that
/// turned it up, the game stays where it stood, and redo goes up to that move again.
pub fn mend_last<G: GameScreen>(
    flow: &mut Flow<G>,
    fx: &mut Effects,
    forget: impl FnOnce(&mut Flow<G>, TypedIn) -> Option<(G::Position, String)>,
) where
    G::Play: TablePlay,
{
    let Some(last) = flow
        .play
        .as_mut()
        .and_then(|play| play.turned_up().typed_in.pop())
    else {
        fx.say(
            Tone::Warning,
            "No card typed in as it turned up to mend: m types anew the card typed last.",
        );
        return;
    };
    let Some((start, at)) = forget(flow, last) else {
        if let Some(play) = &mut flow.play {
            play.turned_up().typed_in.push(last);
        }
        fx.say(
            Tone::Warning,
            "Not possible: the table without that card is no game.",
        );
        return;
    };
    let Some(play) = &mut flow.play else {
        return;
    };
    let (game, mended) = mended(start, play.game(), last.played);
    *play.game_mut() = game;
    play.moved();
    let again = match (play.waiting_card(), mended.redo_to_it) {
        (Some(card), _) => format!("type {card} anew (rank, then suit)"),
        (None, 0) => "it is not known again".to_string(),
        (None, moves) => format!(
            "it is not known again, and U redoes {} up to where it turns up",
            if moves == 1 {
                "the move".to_string()
            } else {
                format!("the {moves} moves")
            }
        ),
    };
    let text = format!("Took back {} {at}: {again}.{}", last.card, mended.dropped());
    flow.moved(fx);
    fx.say(Tone::Info, text);
}

/// What mending a card did to the moves after the one that turned it up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Mended {
    /// Moves played after it, now gone.
    pub played_after: usize,
    /// Moves the player had undone after it, which can no longer be redone.
    pub undone_after: usize,
    /// Moves undone up to it (the one that turned it up included), which redo still plays.
    pub redo_to_it: usize,
}

impl Mended {
    /// The moves gone, in words after the rest of the message (empty when none went): "The
    /// move after it is dropped.", "The 2 moves you had undone can no longer be redone.".
    pub fn dropped(self) -> String {
        let played = match self.played_after {
            0 => None,
            1 => Some("the move after it is dropped".to_string()),
            many => Some(format!("the {many} moves after it are dropped")),
        };
        let undone = match self.undone_after {
            0 => None,
            1 => Some("the move you had undone after it can no longer be redone".to_string()),
            many => Some(format!(
                "the {many} moves you had undone after it can no longer be redone"
            )),
        };
        let sentence = match (played, undone) {
            (None, None) => return String::new(),
            (Some(one), None) | (None, Some(one)) => one,
            (Some(played), Some(undone)) => format!("{played}, and {undone}"),
        };
        let mut chars = sentence.chars();
        let first = chars.next().map(|c| c.to_ascii_uppercase());
        format!(
            " {}{}.",
            first.map(String::from).unwrap_or_default(),
            chars.as_str()
        )
    }
}

/// The game played again from `start` (the table with the card mended not known again) up to
/// its `turned_up`-th move, the one that turned the card up: standing there, or where the
/// player stood when they had undone that far, the moves up to it then left to redo. The moves
/// after it go (they were chosen with the wrong card in sight, and may not even be legal
/// without it); what went is counted.
fn mended<P: Referee>(start: P, game: &History<P>, turned_up: usize) -> (History<P>, Mended) {
    let (played, every) = (game.played(), game.played() + game.redoable());
    let mut again = History::new(start);
    let mut kept = 0;
    while kept < turned_up.min(every) {
        let Some(mv) = game.move_after(kept) else {
            break;
        };
        if again.play(mv).is_err() {
            break;
        }
        kept += 1;
    }
    let stands = played.min(kept);
    for _ in stands..kept {
        again.undo();
    }
    let mended = Mended {
        played_after: played.saturating_sub(kept),
        undone_after: every - played.max(kept),
        redo_to_it: kept - stands,
    };
    (again, mended)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn won(wins: usize, decided: usize) -> Estimate {
        Estimate::Sampled {
            wins,
            decided,
            open: 0,
        }
    }

    /// A round's ranking of moves `0, 1, ...`, best first as the round found them.
    fn round(moves: &[(u8, usize)]) -> Known<(), u8> {
        Known::Ranked {
            ranking: Ranking {
                moves: moves
                    .iter()
                    .map(|&(mv, wins)| MoveChance {
                        mv,
                        estimate: won(wins, 125),
                        points: None,
                        firsts: 0,
                    })
                    .collect(),
                by_points: false,
                deals: 125,
                stopped: false,
                out_of_time: None,
                elapsed: Duration::ZERO,
            },
            rounds: 1,
        }
    }

    #[test]
    fn the_hint_keeps_its_move_through_rounds_that_rank_another_first_within_the_margins() {
        let mut table: Table<u8, (), u8> = Table::default();
        let best = |table: &Table<u8, (), u8>| table.best_move(&0, |()| None);
        // Moves 0 and 1 are worth the same: each round ranks one of them a little ahead.
        table.learn(0, round(&[(0, 66), (1, 64), (2, 10)]));
        assert_eq!(best(&table), Some(0));
        table.learn(0, round(&[(1, 70), (0, 60), (2, 12)]));
        assert_eq!(best(&table), Some(0), "{:?}", table.known(&0));
        table.learn(0, round(&[(1, 68), (0, 62), (2, 11)]));
        assert_eq!(best(&table), Some(0), "{:?}", table.known(&0));
        assert_eq!(table.rounds(&0), 3);
        // A round that puts move 1 far ahead moves the hint: it is surely better now.
        table.learn(0, round(&[(1, 125), (0, 20), (2, 11)]));
        assert_eq!(best(&table), Some(1), "{:?}", table.known(&0));
    }
}

//! TriPeaks' screens: the shared flow filled with TriPeaks' parts. The deal is typed as MSC
//! shows it (`?` for a card still face down); an answer that unknown cards hold back comes
//! with a plan to turn one face up, and the reveal screen, TriPeaks' own, takes the card
//! that turned up and solves again; play mode goes one above or below the waste card, with
//! hints and the live verdict.

pub mod board;
pub mod editor;
mod keys;
pub mod play;
mod view;

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use solitaire::GameKind;
use solitaire::cards::deal::DECK_SIZE;
use solitaire::cards::deal::{draft_slots, typed_slots};
use solitaire::engine::goal::Goal;
use solitaire::engine::search::{CapReached, Caps, Stats};
use solitaire::games::tripeaks::challenge::{Answer, solve_goal};
use solitaire::games::tripeaks::solver::{self, RevealPlan};
use solitaire::games::tripeaks::{Game, Move, Position};

use crate::app::card_input::{Input, Pending};
use crate::app::effects::{Effects, Tone, WriteSave, Written};
use crate::app::flow::keys::Keys;
use crate::app::flow::{Flow, GameScreen, PlayMode, Screen, Solution, Solving, Step, seen_more_of};
use crate::app::job::{Found, Job, JobHandle};
use crate::app::session::KeptWork;
use crate::app::widgets::{Look, counted, played_and_unknown};
use crate::store::{self, Folders};
use solitaire::cards::excerpt::thousands;
use solitaire::engine::game::OpenError;
use solitaire::engine::headers::game_of_text;
use solitaire::games::tripeaks::answer as tripeaks_output;
use solitaire::games::tripeaks::saved::{SavedTriPeaks, TriPeaksDraft};

use editor::Editor;
use play::Play;

/// What TriPeaks keeps of its own beside the shared flow.
#[derive(Debug, Default)]
pub struct TriPeaks {
    /// The id of the search started after a card was revealed: its answer says whether the
    /// cards still unknown can change it now.
    revealed: Option<u64>,
}

/// What a TriPeaks search gives: the challenge's answer (`None` when it was stopped), and
/// its figures.
pub type Solved = (Option<Answer>, Stats);

/// What the stepper shows of a TriPeaks answer beside its moves.
#[derive(Debug)]
pub struct Answered {
    pub answer: Box<Answer>,
    pub goal: Goal,
    /// How to turn an unknown card face up, when unknown cards hold the answer back.
    pub plan: Option<RevealPlan>,
    /// Solved again after a card was revealed.
    pub after_reveal: bool,
    /// The answer is from the deal's start, better than from where the player's game stands:
    /// they restart the same deal.
    pub restart: bool,
}

impl Solution<TriPeaks> {
    /// The answer from `start` for `goal`, its first line shown; with a plan to turn a card
    /// face up when unknown cards hold it back.
    fn answered(start: Position, goal: Goal, answer: Answer) -> Solution<TriPeaks> {
        let plan = (!answer.definitive())
            .then(|| solver::reveal_plan(&start, &mut ()).answer.flatten())
            .flatten();
        let moves = first_line(&answer);
        let found = Answered {
            answer: Box::new(answer),
            goal,
            plan,
            after_reveal: false,
            restart: false,
        };
        Solution::new(start, moves, found)
    }

    /// The plan's first position (the deal's start when it starts again) and where it ends.
    pub fn plan_ends(&self) -> Option<(Position, Position)> {
        let plan = self.found.plan.as_ref()?;
        let from = if plan.from_start {
            Position::new(self.positions[0].deal())
        } else {
            self.positions[0]
        };
        let mut end = from;
        for &mv in &plan.moves {
            end.apply(mv).expect("a reveal plan replays");
        }
        Some((from, end))
    }
}

/// The moves of an answer's first line.
fn first_line(answer: &Answer) -> Vec<Move> {
    answer
        .lines()
        .first()
        .map(|(_, line)| line.moves.clone())
        .unwrap_or_default()
}

/// TriPeaks' own screen: typing the card a reveal plan turned face up.
#[derive(Debug)]
pub struct Reveal {
    pub solution: Solution<TriPeaks>,
    /// The deal-order slot of the card to type.
    pub slot: usize,
    pub input: Pending,
}

impl GameScreen for TriPeaks {
    const GAME: GameKind = GameKind::TriPeaks;
    const KEYS: Keys = keys::KEYS;
    const FIRST_WORDS: &'static str = "Type the deal as MSC shows it: the peaks row by row (? for \
         a card face down), the waste card, then the stock. F1 for help.";
    type Position = Position;
    type Marks = editor::TriPeaksMarks;

    fn start(editor: &Editor) -> Result<Position, String> {
        editor.start()
    }

    fn slot_rects(_marks: &Self::Marks, area: Rect) -> [Rect; DECK_SIZE] {
        board::slot_rects(area)
    }

    const BOARD_GOAL: &'static str = "Clear the tableau in the fewest steps.";

    /// The game goes on under the new challenge: what was known was for the old one.
    fn set_goal(flow: &mut Flow<TriPeaks>, goal: Goal, fx: &mut Effects) -> Result<(), String> {
        if goal != flow.goal {
            flow.goal = goal;
            if let Some(play) = &mut flow.play {
                play.set_goal(goal);
            }
            flow.drop_check();
            fx.changed();
        }
        Ok(())
    }

    type Found = Answered;

    fn search(_marks: &Self::Marks, start: Position, goal: Goal) -> (Job, JobHandle) {
        Job::new(move |observer| -> Solved {
            solitaire::games::tripeaks::challenge::solve(&start, goal, observer)
        })
    }

    fn solved(
        flow: &mut Flow<TriPeaks>,
        solving: Solving<TriPeaks>,
        found: Found,
        fx: &mut Effects,
    ) {
        let after_reveal = flow.own.revealed.take() == Some(solving.job.id);
        // Cancelled: the editor stays.
        let Some((Some(answer), _)) = found.take::<Solved>() else {
            return;
        };
        let mut solution = Solution::answered(solving.start, flow.goal, answer);
        solution.base = solving.base;
        solution.from_play = solving.from_play && flow.play.is_some();
        solution.found.after_reveal = after_reveal;
        let (mut tone, mut text) = answer_text(&solution);
        if after_reveal && let Some(restart) = restart_if_better(flow, &solution) {
            (tone, text) = answer_text(&restart);
            text = format!("Your game can no longer do as well: restart the deal. {text}");
            solution = restart;
        }
        flow.screen = Screen::Solution(solution);
        fx.say(tone, text);
    }

    fn solution_key(flow: &mut Flow<TriPeaks>, key: KeyEvent, fx: &mut Effects) -> bool {
        if key.code != KeyCode::Char('t') {
            return false;
        }
        start_reveal(flow, fx);
        true
    }

    fn lines(found: &Answered) -> Vec<Vec<Move>> {
        let lines = found.answer.lines();
        lines.iter().map(|(_, line)| line.moves.clone()).collect()
    }

    fn line_end(solution: &Solution<TriPeaks>) -> String {
        let position = solution.position();
        let score = thousands(position.score() as usize);
        if position.is_won() {
            format!("The tableau is cleared, score {score}.")
        } else {
            format!("Score {score}, the tableau not cleared.")
        }
    }

    fn solution_header(solution: &Solution<TriPeaks>, look: &Look) -> Vec<Line<'static>> {
        view::solution_header(solution, look)
    }

    type Play = Play;
    const PLAY_WORDS: &'static str =
        "Play: arrows choose a card, Enter plays it, d draws, u undoes, h hints.";

    fn click(flow: &mut Flow<TriPeaks>, board: Rect, column: u16, row: u16, fx: &mut Effects) {
        let Some(spot) = board::spot_at(board, column, row) else {
            return;
        };
        if let Some(play) = &mut flow.play
            && play.cursor_spots().contains(&spot)
        {
            play.cursor = spot;
        }
        flow.play_action(fx, |play| play.choose(spot));
    }

    fn hint(flow: &mut Flow<TriPeaks>, fx: &mut Effects) {
        let Some(play) = &mut flow.play else {
            return;
        };
        let Some(best) = play.best_move() else {
            let text = match play.standing() {
                play::Standing::Checking => {
                    "Thinking about a hint… h again in a moment.".to_string()
                }
                _ => play.verdict(),
            };
            fx.say(Tone::Info, text);
            return;
        };
        flow.hint_move(best, Tone::Success, "Hint: ", fx);
    }

    fn show_rest(flow: &mut Flow<TriPeaks>, fx: &mut Effects) {
        let Some(play) = &flow.play else {
            return;
        };
        let (position, base) = (*play.position(), play.game.moves().to_vec());
        match play.known() {
            Some(answer) => {
                let mut solution = Solution::answered(position, flow.goal, answer.clone());
                solution.base = base;
                solution.from_play = true;
                let (tone, text) = answer_text(&solution);
                flow.screen = Screen::Solution(solution);
                fx.say(tone, format!("{text} Esc returns to your game."));
            }
            None => flow.start_solving(position, base, true, fx),
        }
    }

    fn learn(play: &mut Play, position: Position, end: Result<Found, CapReached>, _goal: Goal) {
        if let Some((Some(answer), _)) = end.ok().and_then(Found::take::<Solved>) {
            play.learn(position, answer);
        }
    }

    type Screen = Reveal;

    fn over(play: &Play) -> Option<String> {
        play.position().is_over().then(|| {
            let moves = counted(play.game.played(), "move");
            format!("The game is over, in {moves} (u undoes).")
        })
    }

    /// The end is known without a search: cleared, or no move left.
    fn played(play: &Play, text: String) -> (Tone, String) {
        let position = play.position();
        if !position.is_over() {
            return (Tone::Info, text);
        }
        let verdict = if position.is_won() {
            "The tableau is cleared!"
        } else {
            "No move is left: the game is over."
        };
        (Tone::Success, format!("{text}. {verdict}"))
    }

    fn own_key(flow: &mut Flow<TriPeaks>, key: KeyEvent, fx: &mut Effects) {
        reveal_key(flow, key, fx);
    }

    fn own_title(_screen: &Reveal) -> &'static str {
        "Reveal a card"
    }

    fn own_panel(
        _flow: &Flow<TriPeaks>,
        reveal: &Reveal,
        area: Rect,
        buf: &mut Buffer,
        look: &Look,
    ) {
        view::reveal_panel(reveal, area, buf, look);
    }

    fn settings(_flow: &Flow<TriPeaks>) -> String {
        "TriPeaks".to_string()
    }

    fn draw_board(flow: &Flow<TriPeaks>, area: Rect, buf: &mut Buffer, look: &Look) {
        view::draw_board(flow, area, buf, look);
    }

    fn check_lines(flow: &Flow<TriPeaks>, look: &Look) -> Vec<Line<'static>> {
        view::check_lines(flow, look)
    }

    fn slot_words(slot: usize) -> String {
        solitaire::games::tripeaks::layout::slot_name(slot)
    }

    fn step_spans(step: &Step<Self>, look: &Look) -> Vec<Span<'static>> {
        view::step_spans(step, look)
    }

    fn play_header(_flow: &Flow<TriPeaks>, play: &Play, look: &Look) -> Vec<Line<'static>> {
        view::play_header(play, look)
    }

    fn hints(flow: &Flow<TriPeaks>, other_game: &'static str) -> Vec<(&'static str, &'static str)> {
        keys::hints(flow, other_game)
    }

    /// Each slot as typed, the moves played and the challenge.
    fn draft(flow: &Flow<TriPeaks>) -> TriPeaksDraft {
        let editor = &flow.editor;
        TriPeaksDraft {
            slots: draft_slots(&editor.slots, editor.marks.unknown),
            moves: moves(flow),
            goal: flow.goal,
        }
    }

    type Draft = TriPeaksDraft;
    const RESTORED: &'static str = " TriPeaks";

    fn restore(flow: &mut Flow<TriPeaks>, draft: &TriPeaksDraft) -> Vec<Move> {
        let (slots, unknown) = typed_slots(&draft.slots);
        flow.editor = Editor::with_unknown(slots, unknown, ());
        flow.goal = draft.goal;
        draft.moves.clone()
    }

    type Saved = SavedTriPeaks;

    fn load(flow: &mut Flow<TriPeaks>, saved: &SavedTriPeaks) -> Vec<Move> {
        flow.editor = Editor::with_deal(&saved.deal);
        flow.goal = saved.goal;
        saved.moves.clone()
    }

    fn save_game(
        flow: &Flow<TriPeaks>,
        name: &str,
        notes: &[String],
    ) -> Option<(usize, WriteSave)> {
        let saved = SavedTriPeaks {
            name: name.to_string(),
            saved: store::now_text(),
            deal: flow.editor.deal().ok()?,
            moves: moves(flow),
            notes: notes.to_vec(),
            goal: flow.goal,
        };
        let moves = saved.moves.len();
        let write = move |folders: &Folders| save(folders, &saved);
        Some((moves, WriteSave(Box::new(write))))
    }

    fn saved_draft(saved: &SavedTriPeaks) -> TriPeaksDraft {
        TriPeaksDraft {
            moves: saved.moves.clone(),
            goal: saved.goal,
            ..TriPeaksDraft::from_deal(&saved.deal)
        }
    }

    fn unfinished(text: &str) -> Option<TriPeaksDraft> {
        TriPeaksDraft::parse(text)
    }

    fn read_saved(text: &str, stem: &str) -> Result<SavedTriPeaks, OpenError> {
        solitaire::games::tripeaks::game::read(text, stem)
    }

    fn about(saved: &SavedTriPeaks) -> (&str, &[String], usize) {
        (&saved.name, &saved.notes, saved.moves.len())
    }

    /// How far its game went and how many of its cards are not seen yet.
    fn saved_state(saved: &SavedTriPeaks) -> String {
        played_and_unknown(
            saved.moves.len(),
            saved.deal.unknown().count_ones() as usize,
        )
    }

    fn read_draft(text: &str) -> Option<TriPeaksDraft> {
        TriPeaksDraft::parse(text)
    }
}

/// Saves a TriPeaks game under its name, never over another game: a file of that name
/// holding anything else is kept and the new one gets a numbered name (`-2`, ...). A file
/// holding the same deal is replaced, as saving again after playing on is meant to, also when
/// cards unknown there have been seen since. Returns the path written.
pub fn save(folders: &Folders, saved: &SavedTriPeaks) -> Written {
    store::save_named(folders, &saved.name, &saved.to_text(), |existing| {
        // A plain deal without the game header is Pyramid's.
        game_of_text(existing) == Ok(GameKind::TriPeaks)
            && SavedTriPeaks::parse(existing, "")
                .is_ok_and(|existing| seen_more_of(&existing.deal.slots(), &saved.deal.slots()))
    })
}

/// The moves of the game played, if any.
fn moves(flow: &Flow<TriPeaks>) -> Vec<Move> {
    flow.play
        .as_ref()
        .map(|play| play.game.moves().to_vec())
        .unwrap_or_default()
}

/// The reveal loop's second half: after playing the plan in their game, the player types
/// the card that turned up.
fn start_reveal(flow: &mut Flow<TriPeaks>, fx: &mut Effects) {
    let Screen::Solution(solution) = &flow.screen else {
        return;
    };
    let Some((_, end)) = solution.plan_ends() else {
        fx.say(
            Tone::Info,
            "No card to reveal: the answer does not depend on them.",
        );
        return;
    };
    let Some(slot) = tripeaks_output::seen_slot(&end) else {
        return;
    };
    let Screen::Solution(solution) = std::mem::replace(&mut flow.screen, Screen::Editor) else {
        return;
    };
    fx.say(
        Tone::Info,
        format!(
            "Type the card that turned up {}: rank then suit. Esc goes back.",
            place_words(slot)
        ),
    );
    flow.screen = Screen::Own(Reveal {
        solution,
        slot,
        input: Pending::Nothing,
    });
}

/// The reveal screen's keys: the card, key by key; Esc goes back to the plan.
fn reveal_key(flow: &mut Flow<TriPeaks>, key: KeyEvent, fx: &mut Effects) {
    let Screen::Own(reveal) = &mut flow.screen else {
        return;
    };
    let c = match key.code {
        KeyCode::Esc => {
            let Screen::Own(reveal) = std::mem::replace(&mut flow.screen, Screen::Editor) else {
                return;
            };
            flow.screen = Screen::Solution(reveal.solution);
            fx.say(Tone::Info, "Nothing revealed: the answer is as it was.");
            return;
        }
        KeyCode::Backspace => {
            reveal.input.cancel();
            return;
        }
        KeyCode::Char(c) => c,
        _ => return,
    };
    let card = match reveal.input.type_char(c) {
        Input::Card(card) => card,
        Input::Partial => {
            fx.hush();
            return;
        }
        Input::Rejected(hint) => {
            fx.say(Tone::Warning, hint);
            return;
        }
    };
    if let Err(problem) = flow.editor.reveal(reveal.slot, card) {
        fx.say(Tone::Warning, problem);
        return;
    }
    let Screen::Own(reveal) = std::mem::replace(&mut flow.screen, Screen::Editor) else {
        return;
    };
    // The player's game now stands where the plan ended: solve on from there.
    let plan = reveal.solution.found.plan.expect("a plan was shown");
    let mut moves = if plan.from_start {
        Vec::new()
    } else {
        reveal.solution.base
    };
    moves.extend(plan.moves);
    let start = flow
        .editor
        .start()
        .expect("a revealed deal is still a deal");
    let game = Game::replay(start, &moves).expect("a reveal plan replays");
    let position = *game.position();
    flow.play = Some(Play::new(game, flow.goal));
    fx.changed();
    flow.start_solving(position, moves, true, fx);
    if let Screen::Solving(solving) = &flow.screen {
        flow.own.revealed = Some(solving.job.id);
    }
    fx.say(
        Tone::Info,
        format!("{card} typed. Solving again from where your game stands."),
    );
}

/// After a reveal: the answer from the deal's start, when it is better than the one from
/// where the player's game stands (the plans followed may have cost the clear). Solved at
/// once: TriPeaks' searches take milliseconds.
fn restart_if_better(
    flow: &Flow<TriPeaks>,
    here: &Solution<TriPeaks>,
) -> Option<Solution<TriPeaks>> {
    if here.base.is_empty() {
        return None;
    }
    let start = flow.editor.start().ok()?;
    let (answer, _, _) = solve_goal(&start, flow.goal, Caps::default());
    let answer = answer?;
    // Only when the start is sure to do better than staying could do at best, whatever the
    // cards still unknown: a restart costs the player the steps played.
    let (could_reach, could_give) = here.found.answer.could();
    let better = !could_reach && (answer.reached() || answer.best() > could_give);
    better.then(|| {
        let mut solution = Solution::answered(start, flow.goal, answer);
        solution.found.after_reveal = true;
        solution.found.restart = true;
        solution
    })
}

/// Where a slot is, for a player looking at the game: "at tableau row 3, card 9 from the
/// left", "on the waste".
fn place_words(slot: usize) -> String {
    if slot < solitaire::games::tripeaks::layout::TABLEAU_SIZE {
        format!(
            "at {}",
            solitaire::games::tripeaks::layout::place_name(slot)
        )
    } else {
        "on the waste".to_string()
    }
}

/// The status line after an answer: its headline, and whether unknown cards hold it back.
fn answer_text(solution: &Solution<TriPeaks>) -> (Tone, String) {
    let found = &solution.found;
    let start = solution.positions[0];
    let headline = tripeaks_output::headline(found.goal, &found.answer);
    let tone = if found.answer.reached() {
        Tone::Success
    } else {
        Tone::Warning
    };
    let more = if found.answer.lines().len() > 1 {
        " Tab shows the other line."
    } else {
        ""
    };
    if found.answer.definitive() {
        let known = match (found.after_reveal, start.deal().has_unknown()) {
            (true, true) => "Definitive now: the cards still unknown cannot change this. ",
            (true, false) => "Definitive now: every card is known. ",
            (false, true) => "Definitive: the unknown cards cannot change this. ",
            (false, false) => "",
        };
        return (tone, format!("{known}{headline}{more}"));
    }
    let next = if found.plan.is_some() {
        " Unknown cards hold it back: follow the plan, then t types the card that turned up."
    } else {
        " Unknown cards hold it back, and none can be turned face up."
    };
    // The Board headline says it already; the others say it the way the command line does.
    let headline = if found.goal == Goal::Board {
        headline
    } else {
        solitaire::engine::unknowns_text::known_so_far(&headline)
    };
    (Tone::Warning, format!("{headline}{next}"))
}

impl KeptWork for TriPeaksDraft {
    fn to_text(&self) -> String {
        TriPeaksDraft::to_text(self)
    }

    fn deal_only(&self) -> TriPeaksDraft {
        TriPeaksDraft {
            moves: Vec::new(),
            goal: Goal::Board,
            ..self.clone()
        }
    }

    fn typed(&self) -> usize {
        TriPeaksDraft::typed(self)
    }

    fn moves(&self) -> usize {
        self.moves.len()
    }

    fn is_empty(&self) -> bool {
        TriPeaksDraft::is_empty(self)
    }

    fn named_text(&self, name: &str, saved: &str, notes: &[String]) -> String {
        self.to_named_text(name, saved, notes)
    }

    fn same_unfinished(&self, text: &str) -> bool {
        TriPeaksDraft::parse(text).is_some_and(|old| old.slots == self.slots)
    }
}

/// The saved TriPeaks games the app's tests open, type and play, read in one place.
#[cfg(test)]
pub(crate) mod saved_games {
    /// A deal as MSC shows it at the start, with the cards still face down as `?`.
    pub(crate) const AS_DEALT: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/saved-games/tripeaks-as-dealt.txt"
    ));
    /// A whole deal that clears in 43 steps.
    pub(crate) const CLEARS: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/saved-games/tripeaks-clears-43-steps.txt"
    ));
    /// A whole deal that cannot be cleared.
    pub(crate) const CANNOT_CLEAR: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/saved-games/tripeaks-cannot-clear.txt"
    ));
}

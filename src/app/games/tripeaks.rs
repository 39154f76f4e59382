//! TriPeaks' screens: the shared flow filled with TriPeaks' parts. The deal is typed as MSC
//! shows it (`?` for a card still face down); an answer that unknown cards hold back comes
//! with a plan to turn one face up; play mode goes one above or below the waste card, asks
//! for each card not known as it turns up, and hints with the exact line or, while cards are
//! not known, the moves ranked by their chance to clear the tableau or reach the challenge's
//! target, with the live verdict.

pub mod board;
pub mod editor;
mod keys;
pub mod play;
mod view;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use solitaire::GameKind;
use solitaire::cards::card::Card;
use solitaire::cards::deal::DECK_SIZE;
use solitaire::cards::deal::{draft_slots, typed_slots};
use solitaire::engine::at_table::{AtTable, deal_caps};
use solitaire::engine::goal::Goal;
use solitaire::engine::search::{CapReached, Searched};
use solitaire::engine::table_lab::Player;
use solitaire::games::tripeaks::challenge::Answer;
use solitaire::games::tripeaks::layout::place_name;
use solitaire::games::tripeaks::solver::{self, RevealPlan};
use solitaire::games::tripeaks::{Move, Position};

use crate::app::effects::{Effects, Tone, WriteSave, Written};
use crate::app::flow::keys::Keys;
use crate::app::flow::table::{self, Checked, RoundBudget, TablePlay};
use crate::app::flow::{Flow, GameScreen, Screen, Solution, Solving, Step, seen_more_of};
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

/// What TriPeaks keeps of its own beside the shared flow: nothing.
#[derive(Debug, Default, Clone)]
pub struct TriPeaks;

/// What a TriPeaks search gives: the challenge's answer (`None` when it was stopped), and
/// its figures.
pub type Solved = Searched<Answer>;

/// What the stepper shows of a TriPeaks answer beside its moves.
#[derive(Debug)]
pub struct Answered {
    pub answer: Box<Answer>,
    pub goal: Goal,
    /// How to turn an unknown card face up, when unknown cards hold the answer back.
    pub plan: Option<RevealPlan>,
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
        };
        Solution::new(start, moves, found)
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

impl GameScreen for TriPeaks {
    const GAME: GameKind = GameKind::TriPeaks;
    const KEYS: Keys = keys::KEYS;
    const FIRST_WORDS: &'static str = "Type the deal as MSC shows it: the peaks row by row (? for \
         a card not seen yet), the waste card, then the stock. F1 for help.";
    type Position = Position;
    type Marks = editor::TriPeaksMarks;

    fn start(editor: &Editor) -> Result<Position, String> {
        editor.start()
    }

    fn slot_rects(_marks: &Self::Marks, area: Rect) -> [Rect; DECK_SIZE] {
        board::slot_rects(area)
    }

    const BOARD_GOAL: &'static str = "Clear the tableau in the fewest steps.";
    const SETTINGS: &'static str = "the challenge";

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
        // Cancelled: the editor stays.
        let Some((Some(answer), _)) = found.take::<Solved>() else {
            return;
        };
        let mut solution = Solution::answered(solving.start, flow.goal, answer);
        solution.base = solving.base;
        solution.from_play = solving.from_play && flow.play.is_some();
        let (tone, text) = answer_text(&solution);
        flow.screen = Screen::Solution(solution);
        fx.say(tone, text);
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

    /// A card turned up not known takes the card keys first.
    fn play_key(flow: &mut Flow<TriPeaks>, key: KeyEvent, fx: &mut Effects) -> bool {
        table::typing_key(flow, key.code, fx, type_turned_up)
            || table::mend_key(flow, key.code, place_name, fx)
    }

    fn hint(flow: &mut Flow<TriPeaks>, fx: &mut Effects) {
        let Some(play) = &mut flow.play else {
            return;
        };
        if let Some(first) = table::waits(play) {
            fx.say(Tone::Info, first);
            return;
        }
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
        let lead = play.hint_lead();
        flow.hint_move(best, Tone::Success, &lead, fx);
    }

    fn show_rest(flow: &mut Flow<TriPeaks>, fx: &mut Effects) {
        let Some(play) = &flow.play else {
            return;
        };
        let (position, base) = (*play.position(), play.game.moves().to_vec());
        match play.answer() {
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

    /// With cards not known, a round of the ranking for the challenge, each round on deals of
    /// its own; else the challenge's answer.
    fn check(
        _marks: &Self::Marks,
        play: &Play,
        position: Position,
        goal: Goal,
        rounds: RoundBudget,
    ) -> (Job, JobHandle) {
        if position.unknown() > 0 && !position.is_over() {
            let budget = rounds.of_round(play.table.rounds(&position), deal_caps(goal));
            return table::rank_round::<_, Answer, _>(
                position,
                goal,
                budget,
                Player::RanksEachMove,
            );
        }
        Job::new(move |observer| {
            let (answer, _) =
                solitaire::games::tripeaks::challenge::solve(&position, goal, observer);
            Checked::<Answer, Move>::Solved(answer)
        })
    }

    fn learn(play: &mut Play, position: Position, end: Result<Found, CapReached>, _goal: Goal) {
        if let Some((known, _)) = table::learned(end, |_| None) {
            play.learn(position, known);
        }
    }

    fn waiting(play: &Play) -> Option<String> {
        play.waiting_card()
    }

    /// No move while a card turned up waits to be typed in, nor once the game is over.
    fn over(play: &Play) -> Option<String> {
        table::waits(play).or_else(|| {
            play.position().is_over().then(|| {
                let moves = counted(play.game.played(), "move");
                format!("The game is over, in {moves} (u undoes).")
            })
        })
    }

    /// The end is known without a search: cleared, or no move left.
    fn played(play: &Play, text: String) -> (Tone, String) {
        let position = play.position();
        if let Some(place) = play.waiting_place() {
            return (Tone::Info, table::turned_up(&text, &place));
        }
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

    /// No rules to choose: the title names the game alone.
    fn settings(_flow: &Flow<TriPeaks>) -> String {
        String::new()
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

/// The card typed for the one not known that turned up, written into the deal at its slot.
fn type_turned_up(flow: &mut Flow<TriPeaks>, card: Card, fx: &mut Effects) {
    if let Some(slot) = flow.play.as_ref().and_then(Play::waiting) {
        table::type_turned_up(flow, slot, card, place_name, fx);
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
        let known = if start.deal().has_unknown() {
            "Definitive: the unknown cards cannot change this. "
        } else {
            ""
        };
        return (tone, format!("{known}{headline}{more}"));
    }
    let next = if found.plan.is_some() {
        " Unknown cards hold it back: play on (p) and type each card as it turns up."
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

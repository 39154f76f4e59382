//! Pyramid's screens: the shared flow filled with Pyramid's parts. Its editor marks a game
//! entered part-way through and sets the rules, with a preview of the marked position; its
//! searches answer the Board challenge with a report and the Score and Card challenges with
//! their lines; play mode takes pairs to 13, and the coach says whether the game can still
//! be won and how many undos lead back to where it could.

pub mod board;
pub mod editor;
mod keys;
pub mod play;
mod rules;
mod view;

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use solitaire::GameKind;
use solitaire::cards::card::Card;
use solitaire::cards::deal::DECK_SIZE;
use solitaire::engine::at_table::deal_caps;
use solitaire::engine::referee::Referee;
use solitaire::engine::search::{Budget, Caps};
use solitaire::engine::search::{CapReached, Stats};
use solitaire::engine::table_lab::Player;
use solitaire::games::pyramid::answer::{Bound, board_bound};
use solitaire::games::pyramid::challenge::Answer;
use solitaire::games::pyramid::layout::slot_name;
use solitaire::games::pyramid::solver::{Outcome, Report};
use solitaire::games::pyramid::{Finish, Goal, Midgame, Move, Place, Position, Rules};

use crate::app::effects::{Effects, Tone, WriteSave, Written};
use crate::app::flow::keys::Keys;
use crate::app::flow::options::{RuleOption, options_of, with_option_of};
use crate::app::flow::table::{self, RoundBudget, TablePlay};
use crate::app::flow::{Flow, GameScreen, PlayMode, Screen, Solution, Solving, Step, seen_more_of};
use crate::app::job::{Found, Job, JobHandle};
use crate::app::session::{DealText, KeptWork};
use crate::app::widgets::{Look, counted, moves_in};
use crate::store::{self, Folders};
use board::Spot;
use editor::Editor;
use play::{Back, Known, Play, Standing, Want};
use solitaire::engine::game::OpenError;
use solitaire::games::pyramid::RuleChanges;
use solitaire::games::pyramid::answer as challenge;
use solitaire::games::pyramid::saved::{Draft, SavedDeal, Verdict};

/// What Pyramid keeps of its own beside the shared flow.
#[derive(Debug, Clone)]
pub struct Pyramid {
    /// What is known of the deal in the editor; reset by any edit.
    pub verdict: Verdict,
    /// The editor's marked position, as the game lays it out (`v`), until the next key.
    pub preview: Option<Position>,
}

impl Default for Pyramid {
    fn default() -> Pyramid {
        Pyramid {
            verdict: Verdict::Unsolved,
            preview: None,
        }
    }
}

/// What a Pyramid search gives: the Board challenge's report with what the cards not seen
/// yet could change of it, or a Score or Card challenge's answer (`None` when it was stopped).
pub enum Solved {
    Board(Report, Option<Bound>),
    Challenge(Option<Answer>, Stats),
}

/// What the stepper shows of a Pyramid answer beside its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answered {
    /// Whether the pyramid can be cleared at all (the target reached, for a challenge).
    pub solvable: bool,
    pub reason: Option<String>,
    pub stats: Stats,
    /// What was solved for; for a Score or Card challenge, its answer and the line shown.
    pub goal: Goal,
    pub answer: Option<Answer>,
    /// With cards not seen yet, what knowing them could change of a Board answer.
    pub bound: Option<Bound>,
}

impl Answered {
    /// Whether the answer holds whatever the cards not seen yet are.
    pub fn definitive(&self) -> bool {
        self.bound.as_ref().is_none_or(Bound::is_definitive)
    }

    /// A Board answer: its line, whether it clears, and why not.
    fn board(report: &Report) -> (Vec<Move>, Answered) {
        let (moves, solvable, reason) = match &report.outcome {
            Outcome::Solved(moves) => (moves.clone(), true, None),
            Outcome::NoSolution(reason) => (Vec::new(), false, reason.clone()),
            Outcome::Cancelled => (Vec::new(), false, None),
        };
        let answered = Answered {
            solvable,
            reason,
            stats: report.stats,
            goal: Goal::Board,
            answer: None,
            bound: None,
        };
        (moves, answered)
    }

    /// A Score or Card challenge's answer, showing its first line.
    fn challenge(goal: Goal, answer: Answer, stats: Stats) -> (Vec<Move>, Answered) {
        let moves = answer
            .lines()
            .first()
            .map(|(_, line)| line.moves.clone())
            .unwrap_or_default();
        let answered = Answered {
            solvable: answer.reached(),
            reason: None,
            stats,
            goal,
            answer: Some(answer),
            bound: None,
        };
        (moves, answered)
    }
}

impl GameScreen for Pyramid {
    const GAME: GameKind = GameKind::Pyramid;
    const KEYS: Keys = keys::KEYS;
    const FIRST_WORDS: &'static str =
        "Type the pyramid row by row, then the stock (? not seen yet). F1 help.";
    type Position = Position;
    type Marks = editor::PyramidMarks;

    fn start(editor: &Editor) -> Result<Position, String> {
        editor.start()
    }

    fn editor_key(flow: &mut Flow<Pyramid>, key: KeyEvent, fx: &mut Effects) -> bool {
        // The preview stays until the next key; `v` again only closes it.
        if flow.own.preview.take().is_some() && key.code == KeyCode::Char('v') {
            return true;
        }
        let editor = &mut flow.editor;
        match key.code {
            KeyCode::Char('-') => fx.say(Tone::Info, editor.toggle_gone()),
            KeyCode::Char('w') => match editor.toggle_waste_end() {
                Ok(text) => fx.say(Tone::Info, text),
                Err(text) => fx.say(Tone::Warning, text),
            },
            KeyCode::Char('p') => fx.say(Tone::Info, editor.next_pass()),
            KeyCode::Char('v') => match editor.start() {
                Ok(position) => {
                    flow.own.preview = Some(position);
                    fx.say(
                        Tone::Info,
                        "The position as the game shows it. Any key goes back to editing.",
                    );
                }
                Err(problem) => fx.say(Tone::Error, format!("Nothing to show yet: {problem}.")),
            },
            KeyCode::Char('r') => {
                change_rules(flow, fx, |rules| rules.passes = rules.passes.cycled());
            }
            KeyCode::Char('x') => change_rules(flow, fx, |rules| rules.relaxed = !rules.relaxed),
            KeyCode::Char('e') => change_rules(flow, fx, |rules| {
                rules.finish = match rules.finish {
                    Finish::Pyramid => Finish::AllCards,
                    Finish::AllCards => Finish::Pyramid,
                }
            }),
            _ => return false,
        }
        true
    }

    /// The rules only: the pass, the cards gone and the challenge are the deal's.
    fn keep_rules(flow: &mut Flow<Pyramid>, earlier: &Flow<Pyramid>) {
        let rules = earlier.editor.marks.rules;
        if flow.goal.check(rules).is_ok() {
            flow.editor.set_rules(rules);
        }
    }

    fn options(flow: &Flow<Pyramid>) -> Vec<RuleOption> {
        let chosen = flow.editor.marks.rules;
        options_of(&chosen, rules::variants(chosen))
    }

    /// A choice in the rules dialog goes through the same check as the rule keys.
    fn set_option(flow: &mut Flow<Pyramid>, row: usize, choice: usize, fx: &mut Effects) {
        change_rules(flow, fx, |chosen| {
            *chosen = with_option_of(*chosen, rules::variants(*chosen), row, choice);
        });
    }

    fn editor_click(flow: &mut Flow<Pyramid>, slot: usize) {
        flow.own.preview = None;
        flow.editor.go_to(slot);
    }

    fn edited(flow: &mut Flow<Pyramid>) {
        flow.own.verdict = Verdict::Unsolved;
    }

    fn slot_rects(_marks: &Self::Marks, area: Rect) -> [Rect; DECK_SIZE] {
        board::slot_rects(area)
    }

    const BOARD_GOAL: &'static str = "Clear the pyramid in the fewest steps.";
    const SETTINGS: &'static str = "the rules or the challenge";

    fn set_goal(flow: &mut Flow<Pyramid>, goal: Goal, fx: &mut Effects) -> Result<(), String> {
        goal.check(flow.editor.marks.rules)
            .map_err(|problem| problem.to_string())?;
        if goal != flow.goal {
            flow.goal = goal;
            flow.edited(fx);
        }
        Ok(())
    }

    type Found = Answered;

    fn search(_marks: &Self::Marks, start: Position, goal: Goal) -> (Job, JobHandle) {
        Job::new(move |observer| {
            if goal == Goal::Board {
                let report = solitaire::games::pyramid::solver::solve(&start, observer);
                // With cards not seen yet: whether knowing them could do better, as `solve`
                // says it.
                let bound = (report.outcome != Outcome::Cancelled)
                    .then(|| board_bound(&start, &report, &Budget::start(Caps::default())))
                    .flatten()
                    .map(|(bound, _)| bound);
                Solved::Board(report, bound)
            } else {
                let (answer, stats) =
                    solitaire::games::pyramid::challenge::solve(&start, goal, observer);
                Solved::Challenge(answer, stats)
            }
        })
    }

    fn solved(flow: &mut Flow<Pyramid>, solving: Solving<Pyramid>, found: Found, fx: &mut Effects) {
        match found.take::<Solved>() {
            // Cancelled: the editor stays.
            None | Some(Solved::Challenge(None, _)) => {}
            Some(Solved::Challenge(Some(answer), stats)) => {
                let text = challenge::headline(flow.goal, &answer);
                let two = answer.lines().len() > 1;
                let tone = if answer.reached() {
                    Tone::Success
                } else {
                    Tone::Warning
                };
                let (moves, answered) = Answered::challenge(flow.goal, answer, stats);
                flow.screen =
                    Screen::Solution(Solution::<Pyramid>::new(solving.start, moves, answered));
                let more = if two {
                    " Tab shows the other line."
                } else {
                    ""
                };
                fx.say(tone, format!("{text}{more}"));
            }
            Some(Solved::Board(report, bound)) => {
                if report.outcome == Outcome::Cancelled {
                    return;
                }
                let (moves, mut answered) = Answered::board(&report);
                answered.bound = bound;
                let mut solution = Solution::<Pyramid>::new(solving.start, moves, answered);
                solution.base = solving.base;
                solution.from_play = solving.from_play && flow.play.is_some();
                flow.own.verdict = if solution.found.solvable {
                    Verdict::Solved(solution.moves.len())
                } else if solution.found.definitive() {
                    Verdict::NoSolution
                } else {
                    Verdict::Unsolved
                };
                let (tone, text) = no_solution_words(&solution).unwrap_or_else(|| {
                    let steps = counted(solution.moves.len(), "step");
                    (
                        Tone::Success,
                        format!("Solved in {steps}. → and ← step through it."),
                    )
                });
                flow.screen = Screen::Solution(solution);
                fx.say(tone, text);
            }
        }
    }

    fn undecided(cap: &CapReached) -> String {
        format!(
            "Undecided: the search reached its cap ({cap}) before it knew. The deal is as you \
             left it; `pyramid solve --max-memory 4G FILE` can search further."
        )
    }

    fn lines(found: &Answered) -> Vec<Vec<Move>> {
        let lines = found.answer.as_ref().map(Answer::lines).unwrap_or_default();
        lines.iter().map(|(_, line)| line.moves.clone()).collect()
    }

    fn line_end(solution: &Solution<Pyramid>) -> String {
        let position = solution.position();
        if Referee::is_won(position) {
            return format!("{}.", position.rules().finish.done());
        }
        match solution.found.goal {
            Goal::Board => "No move is left.".to_string(),
            goal => {
                let total = solitaire::games::pyramid::challenge::total(goal, position);
                format!(
                    "{}, the pyramid not cleared.",
                    solitaire::games::pyramid::challenge::amount(goal, total)
                )
            }
        }
    }

    fn solution_header(solution: &Solution<Pyramid>, look: &Look) -> Vec<Line<'static>> {
        view::solution_header(solution, look)
    }

    type Play = Play;
    const PLAY_WORDS: &'static str =
        "Play: arrows choose a card, Enter takes it, d draws, u undoes, h hints.";

    /// A card turned up not known takes the card keys first.
    fn play_key(flow: &mut Flow<Pyramid>, key: KeyEvent, fx: &mut Effects) -> bool {
        if table::typing_key(flow, key.code, fx, type_turned_up)
            || table::mend_key(flow, key.code, slot_name, fx)
        {
            return true;
        }
        match key.code {
            KeyCode::Char('r') => flow.play_action(fx, |play| play.play(Move::Recycle)),
            KeyCode::Char('b') => back_to_winnable(flow, fx),
            KeyCode::Esc
                if flow
                    .play
                    .as_ref()
                    .is_some_and(|play| play.selected.is_some()) =>
            {
                if let Some(play) = &mut flow.play {
                    play.selected = None;
                }
                fx.hush();
            }
            _ => return false,
        }
        true
    }

    fn click(flow: &mut Flow<Pyramid>, board: Rect, column: u16, row: u16, fx: &mut Effects) {
        match board::spot_at(board, column, row) {
            Some(Spot::Card(place)) => flow.play_action(fx, |play| play.choose(place)),
            Some(Spot::Draw) => flow.play_action(fx, Play::draw),
            None => {}
        }
    }

    fn hint(flow: &mut Flow<Pyramid>, fx: &mut Effects) {
        let finish = flow.editor.marks.rules.finish;
        let board = flow.goal == Goal::Board;
        let Some(play) = &mut flow.play else {
            return;
        };
        if let Some(first) = table::waits(play) {
            fx.say(Tone::Info, first);
            return;
        }
        if play.at_table() {
            table_hint(flow, fx);
            return;
        }
        match play.standing() {
            Standing::Checking => {
                play.want = Some(Want::Hint);
                fx.say(Tone::Info, "Thinking about a hint…");
            }
            Standing::Winnable(0) if board => {
                fx.say(Tone::Success, format!("{}: well done!", finish.done()));
            }
            Standing::Winnable(0) => fx.say(Tone::Success, "The target is reached: well done!"),
            Standing::Winnable(_) => {
                let best = play
                    .best_move()
                    .expect("a winnable position has a next move");
                flow.hint_move(best, Tone::Success, "Hint: ", fx);
            }
            Standing::Lost { back, .. } => match play.best_move() {
                // A Score or Card target out of reach: hint the best still possible.
                Some(best) => {
                    let lead = "Out of reach; the best from here: ";
                    flow.hint_move(best, Tone::Warning, lead, fx);
                }
                None => fx.say(
                    Tone::Warning,
                    format!("No move wins from here: {}.", back_text(back)),
                ),
            },
            Standing::Undecided(cap) => fx.say(
                Tone::Warning,
                format!("No hint: the search reached its cap here ({cap})."),
            ),
        }
    }

    fn show_rest(flow: &mut Flow<Pyramid>, fx: &mut Effects) {
        let Some(play) = &mut flow.play else {
            return;
        };
        // At the table the check ranks the moves: the rest is solved as Enter solves.
        if play.at_table() {
            let (position, base) = (play.position().clone(), play.game.moves().to_vec());
            flow.start_solving(position, base, true, fx);
            return;
        }
        if play.position().is_won() {
            fx.say(
                Tone::Success,
                "The game is already won: there is nothing left to solve.",
            );
            return;
        }
        let outcome = match play.known() {
            None => {
                play.want = Some(Want::Rest);
                fx.say(Tone::Info, "Solving from here…");
                return;
            }
            Some(Known::Winnable(line) | Known::Short(line, _)) => Outcome::Solved(line.clone()),
            Some(Known::Lost(reason)) => Outcome::NoSolution(reason.clone()),
            Some(Known::Undecided(cap)) => {
                let text = format!("No solution shown: the search reached its cap here ({cap}).");
                fx.say(Tone::Warning, text);
                return;
            }
        };
        let (moves, answered) = Answered::board(&Report {
            outcome,
            stats: Stats::default(),
        });
        let mut solution = Solution::<Pyramid>::new(play.position().clone(), moves, answered);
        solution.from_play = true;
        let text = match &solution.found.reason {
            _ if solution.found.solvable => {
                "The rest of the way: → steps, p plays on from a step, Esc returns.".to_string()
            }
            Some(reason) => format!("No solution from here: {reason}. Esc returns."),
            None => format!(
                "No solution from here: no way is left to {}. Esc returns.",
                solution.positions[0].rules().finish.aim()
            ),
        };
        let tone = if solution.found.solvable {
            Tone::Info
        } else {
            Tone::Warning
        };
        flow.screen = Screen::Solution(solution);
        fx.say(tone, text);
    }

    /// The line played from is known to win: the rest of it is what is known from here.
    fn continued(play: &mut Play, solution: &Solution<Pyramid>) {
        if solution.found.solvable {
            play.learn(
                play.position().clone(),
                Known::Winnable(solution.moves[solution.step..].to_vec()),
            );
        }
    }

    /// At the table, a round of the ranking of the moves for the challenge, each round on
    /// deals of its own; else the search the solve screen runs.
    fn check(
        marks: &Self::Marks,
        play: &Play,
        position: Position,
        goal: Goal,
        rounds: RoundBudget,
    ) -> (Job, JobHandle) {
        if play::at_table(&position) {
            let budget = rounds.of_round(play.table.rounds(&position), deal_caps(goal));
            return table::rank_round::<_, (), _>(position, goal, budget, Player::RanksEachMove);
        }
        Self::search(marks, position, goal)
    }

    fn learn(play: &mut Play, position: Position, end: Result<Found, CapReached>, goal: Goal) {
        if play::at_table(&position) {
            if let Some((known, _)) = table::learned(end, |_| None) {
                play.table.learn(position, known);
            }
            return;
        }
        let known = match end {
            Ok(found) => match found.take::<Solved>() {
                // A loss always gives its reason: the cards that cannot be removed, or else
                // the proof's words.
                Some(Solved::Board(report, _)) => match Known::of_report(&report) {
                    Some(Known::Lost(None)) => Some(Known::Lost(Some(view::no_way(
                        position.rules().finish.aim(),
                        report.stats.expanded,
                    )))),
                    known => known,
                },
                Some(Solved::Challenge(answer, _)) => answer
                    .as_ref()
                    .map(|answer| Known::of_answer(answer, || challenge::headline(goal, answer))),
                None => None,
            },
            Err(cap) => Some(Known::Undecided(cap.to_string())),
        };
        if let Some(known) = known {
            play.learn(position, known);
        }
    }

    /// What the user waited for until the position was known: the hint, or the rest.
    fn checked(flow: &mut Flow<Pyramid>, fx: &mut Effects) {
        let Some(play) = &mut flow.play else {
            return;
        };
        if play.known().is_none() {
            return;
        }
        match play.want.take() {
            Some(Want::Hint) => Pyramid::hint(flow, fx),
            Some(Want::Rest) => Pyramid::show_rest(flow, fx),
            None => {}
        }
    }

    fn waiting(play: &Play) -> Option<String> {
        play.waiting_card()
    }

    /// No move while a card turned up waits to be typed in, nor once the game is won.
    fn over(play: &Play) -> Option<String> {
        table::waits(play).or_else(|| {
            let position = play.position();
            position.is_won().then(|| {
                let done = position.rules().finish.done();
                let moves = counted(play.game.played(), "move");
                format!("{done}, in {moves}: the game is over (u undoes).")
            })
        })
    }

    fn played(play: &Play, text: String) -> (Tone, String) {
        if let Some(place) = play.waiting_place() {
            return (Tone::Info, table::turned_up(&text, &place));
        }
        let position = play.position();
        if position.is_won() {
            let done = position.rules().finish.done();
            let moves = counted(play.game.played(), "move");
            (Tone::Success, format!("{text}. {done}, in {moves}!"))
        } else {
            (Tone::Info, text)
        }
    }

    /// The rules in words a player reads without the docs (the library's brief words,
    /// "relaxed" and "all 52", name them only for those who know them).
    fn settings(flow: &Flow<Pyramid>) -> String {
        let rules = flow.editor.marks.rules;
        let mut text = rules.passes.to_string();
        if rules.relaxed {
            text.push_str(" · a card pairs with its cover");
        }
        if rules.finish == Finish::AllCards {
            text.push_str(" · clear all 52 cards");
        }
        text
    }

    fn draw_board(flow: &Flow<Pyramid>, area: Rect, buf: &mut Buffer, look: &Look) {
        view::draw_board(flow, area, buf, look);
    }

    fn check_lines(flow: &Flow<Pyramid>, look: &Look) -> Vec<Line<'static>> {
        view::check_lines(flow, look)
    }

    fn slot_words(slot: usize) -> String {
        view::slot_label(slot)
    }

    fn figures(stats: &Stats) -> Vec<Line<'static>> {
        view::figures(stats)
    }

    fn step_spans(step: &Step<Self>, look: &Look) -> Vec<Span<'static>> {
        view::step_spans(step, look)
    }

    fn play_header(flow: &Flow<Pyramid>, play: &Play, look: &Look) -> Vec<Line<'static>> {
        view::play_header(flow, play, look)
    }

    fn hints(flow: &Flow<Pyramid>, other_game: &'static str) -> Vec<(&'static str, &'static str)> {
        keys::hints(flow, other_game)
    }

    fn draft(flow: &Flow<Pyramid>) -> Draft {
        let editor = &flow.editor;
        Draft {
            // Stand-ins for the gone cards not known, so that the draft names their slots.
            slots: editor.marks.deal_slots(&editor.slots),
            unseen: editor.marks.unseen,
            midgame: editor.marks.midgame,
            moves: flow
                .play
                .as_ref()
                .map(|play| play.game.moves().to_vec())
                .unwrap_or_default(),
            goal: flow.goal,
            rules: editor.marks.rules,
        }
    }

    type Draft = Draft;
    const RESTORED: &'static str = "";

    fn restore(flow: &mut Flow<Pyramid>, draft: &Draft) -> Vec<Move> {
        flow.editor = Editor::with_unseen(draft.slots, draft.unseen, draft.midgame);
        flow.editor.set_rules(draft.rules);
        flow.goal = draft.goal;
        draft.moves.clone()
    }

    type Saved = SavedDeal;

    fn load(flow: &mut Flow<Pyramid>, saved: &SavedDeal) -> Vec<Move> {
        flow.editor = Editor::with_deal(&saved.deal, saved.midgame);
        flow.editor.set_rules(saved.rules);
        flow.editor.go_to(0);
        flow.own.verdict = saved.verdict.clone();
        flow.goal = saved.goal;
        saved.moves.clone()
    }

    fn save_check(flow: &Flow<Pyramid>) -> Result<(), String> {
        // An unfinished deal is saved too (its empty slots kept), but not one whose cards
        // are wrong: a duplicate or marks no game can reach.
        let editor = &flow.editor;
        let unfinished =
            editor.deal().is_err() && editor.duplicates().is_empty() && editor.filled() > 0;
        editor
            .start()
            .map(|_| ())
            .or_else(|problem| if unfinished { Ok(()) } else { Err(problem) })
    }

    fn save_game(flow: &Flow<Pyramid>, name: &str, notes: &[String]) -> Option<(usize, WriteSave)> {
        let editor = &flow.editor;
        let deal = editor.deal().ok()?;
        let mut saved = SavedDeal::new(name, &store::now_text(), flow.own.verdict.clone(), deal);
        saved.midgame = editor.marks.midgame;
        saved.goal = flow.goal;
        saved.rules = editor.marks.rules;
        saved.notes = notes.to_vec();
        if let Some(play) = &flow.play {
            saved.moves = play.game.moves().to_vec();
        }
        let moves = saved.moves.len();
        Some((
            moves,
            WriteSave(Box::new(move |folders| save(folders, &saved))),
        ))
    }

    /// The same unfinished deal saved again may go over itself.
    fn saved_draft(saved: &SavedDeal) -> Draft {
        let mut slots = saved.deal.slots();
        // The stand-ins of the gone cards not known name their slots, as the editor's draft.
        for slot in (0..DECK_SIZE).filter(|&slot| saved.midgame.is_unknown(slot)) {
            slots[slot] = Some(saved.deal.cards()[slot]);
        }
        Draft {
            slots,
            unseen: saved.deal.unknown() & !saved.midgame.unknown,
            midgame: saved.midgame,
            moves: saved.moves.clone(),
            goal: saved.goal,
            rules: saved.rules,
        }
    }

    /// A Pyramid draft with empty slots: one saved with Ctrl-S before the deal was whole.
    fn unfinished(text: &str) -> Option<Draft> {
        Draft::parse(text).filter(|draft| draft.slots.contains(&None))
    }

    fn read_saved(text: &str, stem: &str) -> Result<SavedDeal, OpenError> {
        solitaire::games::pyramid::game::read(text, stem, RuleChanges::default())
    }

    fn about(saved: &SavedDeal) -> (&str, &[String], usize) {
        (&saved.name, &saved.notes, saved.moves.len())
    }

    fn saved_state(saved: &SavedDeal) -> String {
        match saved.moves.len() {
            0 => saved.verdict.label(),
            n => moves_in(n),
        }
    }

    fn read_draft(text: &str) -> Option<Draft> {
        Draft::parse(text)
    }

    /// A deal file with problems in Pyramid's editor, its cards placed as far as they go for the
    /// Check panel to show its problems; and what to say.
    fn open_cards(opening: &DealText, fx: &mut Effects) -> Option<Flow<Pyramid>> {
        let (slots, unseen, extra, malformed) = text_slots(&opening.text);
        let mut flow = Flow::<Pyramid>::default();
        flow.editor = Editor::with_unseen(slots, unseen, Midgame::default());
        flow.editor.go_to(0);
        let mut text = format!(
            "Opened '{}' with problems to fix: the Check panel shows them.",
            opening.name
        );
        if malformed > 0 {
            text.push_str(&match malformed {
                1 => " 1 word was not a card.".to_string(),
                n => format!(" {n} words were not cards."),
            });
        }
        if extra > 0 {
            text.push_str(&format!(
                " {} past the 52nd {} left out.",
                counted(extra, "card"),
                if extra == 1 { "was" } else { "were" }
            ));
        }
        fx.say(Tone::Warning, text);
        Some(flow)
    }

    /// A deal file with problems as the draft Pyramid's editor keeps of it.
    fn cards_draft(text: &str) -> Option<Draft> {
        let (slots, unseen, _, _) = text_slots(text);
        Some(Draft {
            slots,
            unseen,
            midgame: Midgame::default(),
            moves: Vec::new(),
            goal: Goal::Board,
            rules: Rules::default(),
        })
    }
}

/// Saves a Pyramid game under its name, never over another game: a file of that name
/// holding another deal is kept and the new one gets a numbered name. A file that holds the
/// same deal is replaced, as saving again after playing on is meant to, also when cards not
/// seen there have been seen since. Returns the path written.
pub fn save(folders: &Folders, saved: &SavedDeal) -> Written {
    store::save_named(folders, &saved.name, &saved.to_text(), |existing| {
        SavedDeal::parse(existing, "")
            .is_ok_and(|existing| seen_more_of(&existing.deal.slots(), &saved.deal.slots()))
    })
}

/// What to say of an answer with no way out, when it has none.
fn no_solution_words(solution: &Solution<Pyramid>) -> Option<(Tone, String)> {
    let found = &solution.found;
    if found.solvable {
        return None;
    }
    if !found.definitive() {
        return Some((Tone::Warning, not_definitive(found)));
    }
    let text = match &solution.found.reason {
        Some(reason) => format!("No solution: {reason}."),
        None => format!(
            "No solution: an exhaustive search found no way to {}.",
            solution.positions[0].rules().finish.aim()
        ),
    };
    Some((Tone::Warning, text))
}

/// A Board answer with no way out that the cards not seen yet may change, in words.
pub fn not_definitive(found: &Answered) -> String {
    let could = match &found.bound {
        Some(Bound::Could(could)) => format!("were each any card at all, they could {could}"),
        Some(Bound::Capped(cap)) => format!("whether they could is undecided: {cap}"),
        Some(Bound::Definitive) | None => "they could".to_string(),
    };
    format!(
        "No solution with the cards known so far; not definitive: the cards not seen yet may \
         change it ({could}). Play on (Ctrl-P) and type each card as it turns up."
    )
}

/// Changes the rules the game is played under, unless the challenge cannot be played under
/// the new ones; says which.
fn change_rules(flow: &mut Flow<Pyramid>, fx: &mut Effects, change: impl FnOnce(&mut Rules)) {
    let mut rules = flow.editor.marks.rules;
    change(&mut rules);
    if let Err(problem) = flow.goal.check(rules) {
        fx.say(
            Tone::Warning,
            format!("Not with this challenge: {problem}."),
        );
    } else {
        flow.editor.set_rules(rules);
        fx.say(Tone::Info, format!("Rules: {rules}."));
    }
}

/// Undoes back to the latest position known to be winnable.
fn back_to_winnable(flow: &mut Flow<Pyramid>, fx: &mut Effects) {
    let Some(play) = &mut flow.play else {
        return;
    };
    match play.standing() {
        Standing::Lost {
            back: Back::Undos(n),
            ..
        } => {
            for _ in 0..n {
                play.undo();
            }
            flow.moved(fx);
            let s = if n == 1 { "" } else { "s" };
            fx.say(
                Tone::Success,
                format!("Back {n} move{s}, to the latest winnable position."),
            );
        }
        Standing::Lost {
            back: Back::Looking,
            ..
        } => fx.say(Tone::Info, "Still looking for the way back…"),
        Standing::Lost {
            back: Back::Never, ..
        } => fx.say(
            Tone::Warning,
            "No earlier position of this game was winnable either.",
        ),
        Standing::Checking => fx.say(Tone::Info, "Still checking this position…"),
        Standing::Winnable(_) => {
            fx.say(
                Tone::Info,
                "This position is winnable: nothing to go back to.",
            );
        }
        Standing::Undecided(_) => fx.say(
            Tone::Warning,
            "Undecided here: whether this position can be won is not known.",
        ),
    }
}

/// `h` at the table: the move with the best chance to win or reach the challenge's target,
/// with its figures; while no round
/// is in, that it is coming (it shows by itself when the round ends).
fn table_hint(flow: &mut Flow<Pyramid>, fx: &mut Effects) {
    let Some(play) = &flow.play else {
        return;
    };
    if let Some(best) = play.best_move() {
        let lead = play.hint_lead();
        flow.hint_move(best, Tone::Success, &lead, fx);
    } else {
        let text = play
            .table_verdict()
            .unwrap_or_else(|| "Thinking about a hint… h again in a moment.".to_string());
        fx.say(Tone::Info, text);
    }
}

/// The card typed for the one not known that turned up, written into the deal at its slot:
/// a pyramid card's own, or the slot the waste's top card was dealt to.
fn type_turned_up(flow: &mut Flow<Pyramid>, card: Card, fx: &mut Effects) {
    let Some((place, stand_in)) = flow
        .play
        .as_ref()
        .and_then(|play| play.position().unknown_face_up())
    else {
        return;
    };
    let slot = match place {
        Place::Pyramid(index) => Some(usize::from(index)),
        Place::Stock | Place::Waste => flow.editor.deal().ok().and_then(|deal| {
            (0..DECK_SIZE)
                .find(|&slot| deal.unknown() & (1 << slot) != 0 && deal.cards()[slot] == stand_in)
        }),
    };
    if let Some(slot) = slot {
        table::type_turned_up(flow, slot, card, slot_name, fx);
    }
}

/// The way back from a lost position, in words.
pub fn back_text(back: Back) -> String {
    match back {
        Back::Undos(1) => "1 undo leads back to a winnable position (b goes there)".to_string(),
        Back::Undos(n) => format!("{n} undos lead back to a winnable position (b goes there)"),
        Back::Looking => "looking for the way back…".to_string(),
        Back::Never => "no earlier position of this game was winnable either".to_string(),
    }
}

impl KeptWork for Draft {
    fn typed(&self) -> usize {
        Draft::typed(self)
    }

    fn to_text(&self) -> String {
        Draft::to_text(self)
    }

    fn deal_only(&self) -> Draft {
        Draft {
            rules: Rules::default(),
            moves: Vec::new(),
            goal: Goal::Board,
            ..self.clone()
        }
    }

    fn moves(&self) -> usize {
        self.moves.len()
    }

    fn is_empty(&self) -> bool {
        self.typed() == 0
    }

    fn named_text(&self, name: &str, saved: &str, notes: &[String]) -> String {
        self.to_named_text(name, saved, notes)
    }

    fn same_unfinished(&self, text: &str) -> bool {
        Draft::parse(text).is_some_and(|old| (old.slots, old.unseen) == (self.slots, self.unseen))
    }
}

/// The cards of a deal file in deal order, as far as they go, with the slots of its cards not
/// seen yet (`??`); and how many did not fit and how many words were not cards.
fn text_slots(text: &str) -> ([Option<solitaire::Card>; DECK_SIZE], u64, usize, usize) {
    let read = solitaire::cards::deal::read_cards(text);
    let mut slots = [None; DECK_SIZE];
    let mut unseen = 0u64;
    for (index, (slot, &(card, _))) in slots.iter_mut().zip(&read.cards).enumerate() {
        *slot = card;
        if card.is_none() {
            unseen |= 1 << index;
        }
    }
    let extra = read.cards.len().saturating_sub(DECK_SIZE);
    (slots, unseen, extra, read.malformed.len())
}

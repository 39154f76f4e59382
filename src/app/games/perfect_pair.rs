//! Perfect Pair's screens: the shared flow filled with Perfect Pair's parts. The hand is
//! typed as the player sees it, row by row, each row's left and right lines from their
//! available cards inward, in any layout (places and rows added and taken away; the default
//! is the reconstructed one), under rules and a goal chosen by keys; a solve says whether the
//! hand can be cleared, or proves it cannot, and gives the best hand for the goal; play mode
//! takes a card and then its partner or a free cell, with the solver's next move as the hint.

pub mod board;
pub mod editor;
mod keys;
pub mod play;
mod shape;
mod view;

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use solitaire::GameKind;
use solitaire::cards::deal::DECK_SIZE;
use solitaire::engine::game::OpenError;
use solitaire::engine::goal::Goal;
use solitaire::engine::headers::{game_of_text, header, saved_date, saved_name};
use solitaire::engine::search::{Budget, CapReached, Caps};
use solitaire::games::perfect_pair::answer::{self, Aim, Solved, figures_text, solve_position};
use solitaire::games::perfect_pair::lab::layout_of_line;
use solitaire::games::perfect_pair::rules::MAX_USES;
use solitaire::games::perfect_pair::saved::{
    GAME_ID, PerfectPairDraft, PerfectPairSave, SavedPerfectPair, read_rules,
};
use solitaire::games::perfect_pair::{AfterFourth, Move, Position, Rules, Side, UnusedBonus};

use crate::app::effects::{Effects, Tone, WriteSave, Written};
use crate::app::flow::keys::Keys;
use crate::app::flow::{Flow, GameScreen, NotShown, Screen, Solution, Solving, Step};
use crate::app::job::{Found, Job, JobHandle};
use crate::app::session::KeptWork;
use crate::app::widgets::{Look, counted, played_and_unknown};
use crate::store::{self, Folders};

use editor::{Editor, PairMarks};
use play::{Known, Play};

/// What Perfect Pair keeps of its own beside the shared flow: nothing.
#[derive(Debug, Default, Clone)]
pub struct PerfectPair;

/// What a Perfect Pair search gives: what the hand was played for, and what the solvers
/// found.
#[derive(Debug, Clone)]
pub struct Answer {
    pub aim: Aim,
    pub solved: Solved,
}

/// The header that keeps what the hand is played for in the app's saves and drafts; the
/// commands read it as a comment (`--play-for` says it to them).
const PLAY_FOR: &str = "play for";

/// A text with what the hand is played for kept in it, when it is not the default.
fn with_aim(mut text: String, aim: Aim) -> String {
    if aim != Aim::default() {
        text.push_str(&format!("# {PLAY_FOR}: {}\n", aim.word()));
    }
    text
}

/// What a text's `# play for:` header says the hand is played for: the default without one
/// or with a word that is not an aim.
fn aim_of(text: &str) -> Aim {
    header(text, PLAY_FOR)
        .and_then(|word| Aim::parse(&word).ok())
        .unwrap_or_default()
}

/// The work as the draft keeps it: the hand typed with its places, the rules and moves, and
/// what it is played for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairDraft {
    pub draft: PerfectPairDraft,
    pub aim: Aim,
}

impl PairDraft {
    fn parse(text: &str) -> Option<PairDraft> {
        Some(PairDraft {
            draft: PerfectPairDraft::parse(text)?,
            aim: aim_of(text),
        })
    }
}

/// A saved game: the hand with its moves, its name and notes, and what it is played for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairSave {
    pub save: PerfectPairSave,
    pub aim: Aim,
}

/// The rules' changes by key in the editor: what each does to the rules.
fn rule_change(c: char) -> Option<fn(&mut Rules)> {
    Some(match c {
        'f' => |rules| rules.free_cells = if rules.free_cells == 1 { 2 } else { 1 },
        'u' => |rules| rules.uses = (rules.uses + 1).min(MAX_USES),
        'U' => |rules| rules.uses = rules.uses.saturating_sub(1),
        'o' => |rules| {
            rules.after_fourth = match rules.after_fourth {
                AfterFourth::Restarts => AfterFourth::StaysAtEight,
                AfterFourth::StaysAtEight => AfterFourth::Restarts,
            }
        },
        'b' => |rules| rules.cell_breaks_run = !rules.cell_breaks_run,
        'w' => |rules| {
            rules.unused_bonus = match rules.unused_bonus {
                UnusedBonus::OnWin => UnusedBonus::Always,
                UnusedBonus::Always => UnusedBonus::OnWin,
            }
        },
        'm' => |rules| rules.perfect_from_cells = !rules.perfect_from_cells,
        _ => return None,
    })
}

/// The goal after `aim`, round: points, hearts, perfect matches, cleared.
fn next_aim(aim: Aim) -> Aim {
    match aim {
        Aim::Points => Aim::Hearts,
        Aim::Hearts => Aim::Perfect,
        Aim::Perfect => Aim::Clear,
        Aim::Clear => Aim::Points,
    }
}

/// A change to the layout's places or rows by key, and what to say of it.
fn layout_change(editor: &mut Editor, c: char) -> Option<Result<String, String>> {
    let done = match c {
        '+' => editor
            .add_place()
            .map(|()| "A new place after the cursor's.".to_string()),
        '[' => editor
            .add_at_end(Side::Left)
            .map(|()| "A new place at the inner end of the left line.".to_string()),
        ']' => editor
            .add_at_end(Side::Right)
            .map(|()| "A new place at the inner end of the right line.".to_string()),
        '-' => editor
            .remove_place()
            .map(|()| "The place is taken away.".to_string()),
        'n' => editor
            .add_row()
            .map(|()| "A new row, with one place on its left line.".to_string()),
        'x' => editor.remove_row().map(|(row, cards)| match cards {
            0 => format!("Row {} is taken away.", row + 1),
            _ => format!(
                "Row {} is taken away with its {}.",
                row + 1,
                counted(cards, "card")
            ),
        }),
        _ => return None,
    };
    Some(done)
}

/// How many problems of a text pasted the Check panel lists, so that the last line, saying
/// how many more there are, is seen on a small terminal too.
const PASTED_LISTED: usize = 4;

/// Whether a text holds a hand in the file's words: a `row N:` line.
fn has_rows(text: &str) -> bool {
    text.lines().any(|line| {
        let mut words = line.split_whitespace();
        words.next().is_some_and(|w| w.eq_ignore_ascii_case("row"))
            && line
                .split('#')
                .next()
                .is_some_and(|part| part.contains(':'))
    })
}

/// The moves of the hand played, if any.
fn moves(flow: &Flow<PerfectPair>) -> Vec<Move> {
    flow.play
        .as_ref()
        .map(|play| play.game.moves().to_vec())
        .unwrap_or_default()
}

impl GameScreen for PerfectPair {
    const GAME: GameKind = GameKind::PerfectPair;
    const KEYS: Keys = keys::KEYS;
    const FIRST_WORDS: &'static str = "Type the hand row by row: each row's left line, then its \
         right one, each from its available card inward. + - n x change the layout; ? for help.";
    const PLAY_WORDS: &'static str = "Play: arrows and Enter choose a card, then its partner or \
         a free cell (c); a King goes at once; u undoes, h hints.";
    const RESTORED: &'static str = " Perfect Pair";
    const BOARD_GOAL: &'static str = "Clear every card.";
    const SETTINGS: &'static str = "the rules or what the hand is played for";

    type Position = Position;
    type Marks = PairMarks;
    type Play = Play;
    type Found = Answer;
    type Draft = PairDraft;
    type Saved = PairSave;

    fn start(editor: &Editor) -> Result<Position, String> {
        editor.start()
    }

    /// The problems of a text pasted were for the hand as pasted.
    fn edited(flow: &mut Flow<PerfectPair>) {
        flow.editor.marks.pasted.clear();
    }

    /// The rules only: what the hand is played for goes with the hand, as a challenge does.
    fn keep_rules(flow: &mut Flow<PerfectPair>, earlier: &Flow<PerfectPair>) {
        let rules = earlier.editor.marks.rules;
        flow.editor.mark(|marks| marks.rules = rules);
    }

    /// The layout's places and rows, the rules and the goal, by key.
    fn editor_key(flow: &mut Flow<PerfectPair>, key: KeyEvent, fx: &mut Effects) -> bool {
        let KeyCode::Char(c) = key.code else {
            return false;
        };
        if let Some(change) = rule_change(c) {
            flow.editor.mark(|marks| change(&mut marks.rules));
            fx.say(Tone::Info, format!("Rules: {}.", flow.editor.marks.rules));
            return true;
        }
        if c == 'g' {
            flow.editor.mark(|marks| marks.aim = next_aim(marks.aim));
            fx.say(
                Tone::Info,
                format!("The hand is played for {}.", flow.editor.marks.aim),
            );
            return true;
        }
        match layout_change(&mut flow.editor, c) {
            Some(Ok(said)) => fx.say(Tone::Info, said),
            Some(Err(why)) => fx.say(Tone::Warning, format!("Not possible: {why}.")),
            None => return false,
        }
        true
    }

    fn slot_rects(marks: &PairMarks, area: Rect) -> [Rect; DECK_SIZE] {
        board::slot_rects(marks, area)
    }

    /// A hand in the file's words replaces the layout, its rules and moves with it; a text
    /// with problems is read as far as it goes, each problem said.
    fn paste(flow: &mut Flow<PerfectPair>, text: &str, fx: &mut Effects) -> bool {
        // Another game's text is said to be one rather than read as cards for the places.
        if let Ok(game) = game_of_text(text)
            && game != GameKind::PerfectPair
            && header(text, "game").is_some()
        {
            fx.say(
                Tone::Warning,
                format!(
                    "Not pasted: this is a {} text (its # game: header), not a Perfect Pair \
                     hand; Ctrl-O opens it as a file.",
                    game.name()
                ),
            );
            return true;
        }
        if !has_rows(text) {
            return false;
        }
        match SavedPerfectPair::read(text) {
            Ok(hand) => {
                let draft = PairDraft {
                    draft: PerfectPairDraft::of_hand(&hand),
                    aim: flow.editor.marks.aim,
                };
                if let Err(why) = shape::fits(&shape_of(&draft.draft)) {
                    fx.say(Tone::Warning, format!("Not pasted: {why}."));
                    return true;
                }
                let (restored, _) = Flow::restored(&draft, flow.rounds, fx);
                *flow = restored;
                fx.changed();
                fx.replaced();
                fx.say(
                    Tone::Info,
                    format!(
                        "Pasted {} in {}.",
                        counted(hand.layout.len(), "card"),
                        counted(hand.layout.rows().len(), "row")
                    ),
                );
            }
            Err(problems) => {
                let header = format!("# game: {GAME_ID}\n");
                let lenient = PerfectPairDraft::parse(&format!("{header}{text}"))
                    .filter(|draft| shape::fits(&shape_of(draft)).is_ok());
                let found = counted(problems.0.len(), "problem");
                // Each on a line of its own in the Check panel, until the next change; a long
                // list is cut where the panel has room, saying how many more there are.
                let mut listed: Vec<String> =
                    problems.to_string().lines().map(String::from).collect();
                let lists = if listed.len() > PASTED_LISTED {
                    let more = listed.len() - PASTED_LISTED;
                    listed.truncate(PASTED_LISTED);
                    listed.push(format!("and {more} more: pyramid validate names every one"));
                    format!("the Check panel lists the first {PASTED_LISTED}")
                } else {
                    "the Check panel lists them".to_string()
                };
                let said = if let Some(draft) = lenient {
                    flow.editor = Editor::of_draft(&draft, flow.editor.marks.aim);
                    flow.edited(fx);
                    fx.replaced();
                    format!("Pasted as far as it reads, with {found}: {lists}.")
                } else {
                    format!("Not pasted, {found}: {lists}.")
                };
                flow.editor.marks.pasted = listed;
                fx.say(Tone::Warning, said);
            }
        }
        true
    }

    /// The hand as `pyramid solve` reads it.
    fn deal_text(flow: &Flow<PerfectPair>) -> Result<String, String> {
        let layout = flow.editor.layout()?;
        let hand = SavedPerfectPair::new(layout, flow.editor.marks.rules);
        Ok(with_aim(hand.to_text(), flow.editor.marks.aim))
    }

    fn set_goal(
        _flow: &mut Flow<PerfectPair>,
        goal: Goal,
        _fx: &mut Effects,
    ) -> Result<(), String> {
        if goal == Goal::Board {
            Ok(())
        } else {
            Err("Perfect Pair has no challenge: g chooses what the hand is played for".to_string())
        }
    }

    fn search(marks: &PairMarks, start: Position, _goal: Goal) -> (Job, JobHandle) {
        let aim = marks.aim;
        Job::new(move |observer| Answer {
            aim,
            solved: solve_position(&start, aim, &Budget::start(Caps::NONE), observer),
        })
    }

    fn solved(
        flow: &mut Flow<PerfectPair>,
        solving: Solving<PerfectPair>,
        found: Found,
        fx: &mut Effects,
    ) {
        // Stopped: the editor stays.
        let Some(answer) = found.take::<Answer>().filter(|a| a.solved.hand.is_some()) else {
            return;
        };
        let moves = answer
            .solved
            .hand
            .as_ref()
            .map(|hand| hand.moves.clone())
            .unwrap_or_default();
        let lines = view::answer_lines(&solving.start, &answer);
        let tone = if matches!(
            answer.solved.clearing,
            Some(solitaire::games::perfect_pair::solver::Clearing::Cleared(_))
        ) {
            Tone::Success
        } else {
            Tone::Warning
        };
        let mut solution = Solution::new(solving.start, moves, answer);
        solution.base = solving.base;
        solution.from_play = solving.from_play && flow.play.is_some();
        flow.screen = Screen::Solution(solution);
        fx.say(tone, lines[..lines.len().min(2)].join(" "));
    }

    fn play_key(flow: &mut Flow<PerfectPair>, key: KeyEvent, fx: &mut Effects) -> bool {
        let Some(play) = &mut flow.play else {
            return false;
        };
        match key.code {
            KeyCode::Esc if play.chosen.take().is_some() => fx.hush(),
            KeyCode::Char('c') => flow.play_action(fx, Play::put_in_cell),
            // No stock to draw from: d is not a key here.
            KeyCode::Char('d') => {}
            _ => return false,
        }
        true
    }

    fn click(flow: &mut Flow<PerfectPair>, board: Rect, column: u16, row: u16, fx: &mut Effects) {
        let Some(play) = &flow.play else {
            return;
        };
        if let Some(spot) = board::spot_at(board, play.position(), column, row) {
            flow.play_action(fx, |play| play.choose(spot));
        }
    }

    fn hint(flow: &mut Flow<PerfectPair>, fx: &mut Effects) {
        let Some(play) = &flow.play else {
            return;
        };
        let Some(best) = play.best_move() else {
            let text = match play.known() {
                None => "Thinking about a hint… h again in a moment.".to_string(),
                Some(Known::Capped(cap)) => {
                    format!("No hint: the search reached its cap ({cap}).")
                }
                Some(Known::Solved(_)) if play.position().is_over() => format!(
                    "The hand is over at {}: no move is left.",
                    figures_text(play.position())
                ),
                Some(Known::Solved(_)) => format!(
                    "No move adds to {}: the hand is best ended here.",
                    flow.editor.marks.aim
                ),
            };
            fx.say(Tone::Info, text);
            return;
        };
        flow.hint_move(best, Tone::Success, "Hint: ", fx);
    }

    fn show_rest(flow: &mut Flow<PerfectPair>, fx: &mut Effects) {
        let Some(play) = &flow.play else {
            return;
        };
        let (position, base) = (play.position().clone(), play.game.moves().to_vec());
        match play.known() {
            Some(Known::Solved(solved)) if solved.hand.is_some() => {
                let answer = Answer {
                    aim: flow.editor.marks.aim,
                    solved: solved.clone(),
                };
                let moves = play.best_line().map(<[Move]>::to_vec).unwrap_or_default();
                let said = view::answer_lines(&position, &answer).join(" ");
                let mut solution = Solution::new(position, moves, answer);
                solution.base = base;
                solution.from_play = true;
                flow.screen = Screen::Solution(solution);
                fx.say(Tone::Info, format!("{said} Esc returns to your game."));
            }
            _ => flow.start_solving(position, base, true, fx),
        }
    }

    fn learn(play: &mut Play, position: Position, end: Result<Found, CapReached>, _goal: Goal) {
        let known = match end {
            Ok(found) => match found.take::<Answer>() {
                Some(answer) if answer.solved.hand.is_some() => Known::Solved(answer.solved),
                Some(Answer { solved, .. }) => match solved.cap {
                    Some(cap) => Known::Capped(cap),
                    None => return,
                },
                None => return,
            },
            Err(cap) => Known::Capped(cap),
        };
        play.learn(position, known);
    }

    fn over(play: &Play) -> Option<String> {
        play.position().is_over().then(|| {
            format!(
                "The hand is over at {}, in {} (u undoes).",
                figures_text(play.position()),
                counted(play.game.played(), "move")
            )
        })
    }

    /// The end is known without a search: cleared, or no move left.
    fn played(play: &Play, text: String) -> (Tone, String) {
        let position = play.position();
        if position.is_won() {
            let figures = figures_text(position);
            return (
                Tone::Success,
                format!("{text}. The hand is over: {figures}!"),
            );
        }
        if position.is_over() {
            let figures = figures_text(position);
            return (Tone::Info, format!("{text}. No move is left: {figures}."));
        }
        (Tone::Info, text)
    }

    /// The rules and the goal in short; the Check panel has them in full.
    fn settings(flow: &Flow<PerfectPair>) -> String {
        let marks = &flow.editor.marks;
        format!("{} · for {}", marks.rules, marks.aim)
    }

    fn draw_board(flow: &Flow<PerfectPair>, area: Rect, buf: &mut Buffer, look: &Look) {
        view::draw_board(flow, area, buf, look);
    }

    fn check_lines(flow: &Flow<PerfectPair>, look: &Look) -> Vec<Line<'static>> {
        view::check_lines(flow, look)
    }

    /// Never asked: Perfect Pair's editor offers no card to fill in.
    fn slot_words(slot: usize) -> String {
        format!("place {}", slot + 1)
    }

    /// The figures end by saying whether the hand is cleared: the words before them do not.
    fn line_end(solution: &Solution<PerfectPair>) -> String {
        format!("The hand ends here: {}.", figures_text(solution.position()))
    }

    fn solution_header(solution: &Solution<PerfectPair>, look: &Look) -> Vec<Line<'static>> {
        view::solution_header(solution, look)
    }

    fn step_spans(step: &Step<Self>, look: &Look) -> Vec<Span<'static>> {
        view::step_spans(step, look)
    }

    fn play_header(_flow: &Flow<PerfectPair>, play: &Play, look: &Look) -> Vec<Line<'static>> {
        view::play_header(play, look)
    }

    fn hints(
        flow: &Flow<PerfectPair>,
        other_game: &'static str,
    ) -> Vec<(&'static str, &'static str)> {
        keys::hints(flow, other_game)
    }

    /// The rows typed, the rules, the moves played and the goal.
    fn draft(flow: &Flow<PerfectPair>) -> PairDraft {
        PairDraft {
            draft: PerfectPairDraft {
                rows: flow.editor.draft_rows(),
                rules: flow.editor.marks.rules,
                moves: moves(flow),
            },
            aim: flow.editor.marks.aim,
        }
    }

    fn restore(flow: &mut Flow<PerfectPair>, draft: &PairDraft) -> Vec<Move> {
        flow.editor = Editor::of_draft(&draft.draft, draft.aim);
        draft.draft.moves.clone()
    }

    fn load(flow: &mut Flow<PerfectPair>, saved: &PairSave) -> Vec<Move> {
        let hand = &saved.save.hand;
        flow.editor = Editor::of_draft(&PerfectPairDraft::of_hand(hand), saved.aim);
        hand.moves.clone()
    }

    fn save_check(flow: &Flow<PerfectPair>) -> Result<(), String> {
        let editor = &flow.editor;
        if editor.duplicates().is_empty() && editor.filled() > 0 {
            Ok(())
        } else {
            editor.layout().map(|_| ())
        }
    }

    fn save_game(
        flow: &Flow<PerfectPair>,
        name: &str,
        notes: &[String],
    ) -> Option<(usize, WriteSave)> {
        let layout = flow.editor.layout().ok()?;
        let mut hand = SavedPerfectPair::new(layout, flow.editor.marks.rules);
        hand.moves = moves(flow);
        let saved = PairSave {
            save: PerfectPairSave {
                name: name.to_string(),
                saved: store::now_text(),
                notes: notes.to_vec(),
                hand,
            },
            aim: flow.editor.marks.aim,
        };
        let count = saved.save.hand.moves.len();
        let write = move |folders: &Folders| save(folders, &saved);
        Some((count, WriteSave(Box::new(write))))
    }

    /// A saved game or a hand in the file's words; a text without rows is a pack in the
    /// default layout's order, as a random deal comes.
    fn read_saved(text: &str, stem: &str) -> Result<PairSave, OpenError> {
        let aim = aim_of(text);
        if has_rows(text) {
            let save =
                PerfectPairSave::read(text, stem).map_err(|found| answer::problems(&found))?;
            return Ok(PairSave { save, aim });
        }
        let cards: Vec<&str> = text
            .lines()
            .filter(|line| !line.trim_start().starts_with('#'))
            .collect();
        let layout =
            layout_of_line(&cards.join(" ")).map_err(|error| OpenError::Text(error.to_string()))?;
        let save = PerfectPairSave {
            name: saved_name(text, stem),
            saved: saved_date(text),
            notes: Vec::new(),
            hand: SavedPerfectPair::new(layout, read_rules(text)),
        };
        Ok(PairSave { save, aim })
    }

    /// A layout the board has room for: the commands take any.
    fn shown(saved: &PairSave) -> Result<(), NotShown> {
        let draft = PerfectPairDraft::of_hand(&saved.save.hand);
        shape::fits(&shape_of(&draft)).map_err(|_| {
            NotShown(
                "the app's board has room for 10 lines of cards, 7 a side on each; the commands \
                 take any layout (pyramid solve --game perfect-pair FILE)",
            )
        })
    }

    fn about(saved: &PairSave) -> (&str, &[String], usize) {
        (
            &saved.save.name,
            &saved.save.notes,
            saved.save.hand.moves.len(),
        )
    }

    fn saved_state(saved: &PairSave) -> String {
        played_and_unknown(saved.save.hand.moves.len(), 0)
    }

    fn read_draft(text: &str) -> Option<PairDraft> {
        PairDraft::parse(text)
    }

    fn saved_draft(saved: &PairSave) -> PairDraft {
        PairDraft {
            draft: PerfectPairDraft::of_hand(&saved.save.hand),
            aim: saved.aim,
        }
    }

    fn unfinished(text: &str) -> Option<PairDraft> {
        PairDraft::parse(text)
    }
}

/// The shape of a draft's rows: each row's places on the left and on the right.
fn shape_of(draft: &PerfectPairDraft) -> editor::Shape {
    draft
        .rows
        .iter()
        .map(|row| [row.left.len(), row.right.len()])
        .collect()
}

/// Saves a hand under its name, never over another game: a file of that name holding
/// anything else is kept and the new one gets a numbered name. A file holding the same
/// layout is replaced.
pub fn save(folders: &Folders, saved: &PairSave) -> Written {
    let text = with_aim(saved.save.to_text(), saved.aim);
    let layout = &saved.save.hand.layout;
    store::save_named(folders, &saved.save.name, &text, |existing| {
        SavedPerfectPair::read(existing).is_ok_and(|old| old.layout == *layout)
    })
}

impl KeptWork for PairDraft {
    fn to_text(&self) -> String {
        with_aim(self.draft.to_text(), self.aim)
    }

    fn deal_only(&self) -> PairDraft {
        PairDraft {
            draft: PerfectPairDraft {
                rows: self.draft.rows.clone(),
                ..PerfectPairDraft::default()
            },
            aim: Aim::default(),
        }
    }

    fn typed(&self) -> usize {
        self.draft.typed()
    }

    fn moves(&self) -> usize {
        self.draft.moves.len()
    }

    fn is_empty(&self) -> bool {
        self.draft.is_empty()
    }

    fn named_text(&self, name: &str, saved: &str, notes: &[String]) -> String {
        with_aim(self.draft.to_named_text(name, saved, notes), self.aim)
    }

    /// The same unfinished hand saved again may go over itself.
    fn same_unfinished(&self, text: &str) -> bool {
        PerfectPairDraft::parse(text).is_some_and(|old| old.rows == self.draft.rows)
    }
}

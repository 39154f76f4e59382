//! Klondike's screens: the shared flow filled with Klondike's parts. The deal is typed pile by
//! pile as the library's layout has it (`?` for a card not seen yet), under rules chosen by
//! keys; a solve gives a winning line, a proof that none wins, or, with cards not known, the
//! moves that turn one face up; play mode moves cards by choosing one and then where it goes,
//! asks for each card not known as it turns up, and hints with the exact line or, while
//! cards are not known, the library's ranking of the moves by their chance to win.

pub mod board;
pub mod editor;
mod keys;
pub mod play;
mod rules;
mod view;

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use solitaire::GameKind;
use solitaire::cards::card::Card;
use solitaire::cards::deal::{DECK_SIZE, draft_slots, typed_slots};
use solitaire::engine::at_table::AtTable;
use solitaire::engine::game::OpenError;
use solitaire::engine::goal::Goal;
use solitaire::engine::headers::game_of_text;
use solitaire::engine::search::{CapReached, Observer};
use solitaire::games::klondike::answer::{Answer, REVEAL_CAP};
use solitaire::games::klondike::deal::slot_name;
use solitaire::games::klondike::formats::{self, Format, Table};
use solitaire::games::klondike::reveal::{self, Reveal, dealt_slot};
use solitaire::games::klondike::saved::{KlondikeDraft, KlondikeSave, SavedKlondike};
use solitaire::games::klondike::solver::{self, Verdict};
use solitaire::games::klondike::{EmptyPile, Move, Position};

use crate::app::card_input::Pasted;
use crate::app::effects::{Effects, Tone, WriteSave, Written};
use crate::app::flow::keys::Keys;
use crate::app::flow::options::RuleOption;
use crate::app::flow::table::{self, Checked, TablePlay};
use crate::app::flow::{Flow, GameScreen, NotShown, Screen, Solution, Solving, Step, seen_more_of};
use crate::app::job::{Found, Job, JobHandle};
use crate::app::session::KeptWork;
use crate::app::widgets::{Look, counted, played_and_unknown};
use crate::store::{self, Folders};

use board::Spot;
use editor::Editor;
use play::Play;

/// Two clicks on one card this close together are a double click.
const DOUBLE_CLICK: Duration = Duration::from_millis(400);

/// What Klondike keeps of its own beside the shared flow.
#[derive(Debug, Default)]
pub struct Klondike {
    /// The last click in play: where and when, to tell a double click.
    last_click: Option<(Spot, Instant)>,
}

/// Solves a position: with every card known, the exact solver; with cards not known, the
/// fewest moves that turn one face up, or the proof that none ever will.
fn solve(position: &Position, observer: &mut dyn Observer) -> Option<Answer> {
    let count = position.unknown();
    if count > 0 {
        let reveal = reveal::reveal(position, REVEAL_CAP);
        return Some(Answer::Unknown { count, reveal });
    }
    match solver::solve(position, observer).answer? {
        Verdict::Solvable(line) => Some(Answer::Wins(line)),
        Verdict::Unsolvable => Some(Answer::NoWin),
    }
}

/// The moves an answer shows on the board: the winning line, or those that turn a card not
/// known face up.
fn answer_moves(answer: &Answer) -> Vec<Move> {
    match answer {
        Answer::Wins(line) => line.clone(),
        Answer::Unknown {
            reveal: Reveal::Shows { moves, .. },
            ..
        } => moves.clone(),
        _ => Vec::new(),
    }
}

/// An answer's headline, and whether it is good news.
pub fn answer_headline(answer: &Answer, moves: usize) -> (bool, String) {
    match answer {
        Answer::Wins(_) if moves == 0 => (true, "Won: every card is on the foundations.".into()),
        Answer::Wins(_) => (
            true,
            format!(
                "Winnable: a line of {} wins (not always the fewest).",
                counted(moves, "move")
            ),
        ),
        Answer::NoWin => (
            false,
            "No solution: an exhaustive search found no way to win.".to_string(),
        ),
        Answer::Unknown {
            reveal: Reveal::Never,
            ..
        } => (
            false,
            "Lost: no line turns a card not known face up, so it never reaches its foundation."
                .to_string(),
        ),
        Answer::Unknown {
            count,
            reveal: Reveal::Shows {
                moves, may_lose, ..
            },
        } => {
            let not_known = counted(*count, "card");
            let lose = if *may_lose {
                " (they may give up a win)"
            } else {
                ""
            };
            let text = if moves.is_empty() {
                format!("Undecided: {not_known} not known; one is face up: play on and type it.")
            } else {
                format!(
                    "Undecided: {not_known} not known. These {} turn one face up{lose}; in \
                     play, h ranks every move by its chance.",
                    counted(moves.len(), "move")
                )
            };
            (false, text)
        }
        Answer::Unknown {
            count,
            reveal: Reveal::Capped(_),
        } => (
            false,
            format!(
                "Undecided: {} not known, and no card turns up in the moves looked at; in \
                 play, h ranks every move by its chance.",
                counted(*count, "card")
            ),
        ),
        Answer::Capped(cap) => (
            false,
            format!("Undecided: the search reached its cap ({cap})."),
        ),
        Answer::Stopped => (false, "Undecided: the search was stopped.".to_string()),
    }
}

impl GameScreen for Klondike {
    const GAME: GameKind = GameKind::Klondike;
    const KEYS: Keys = keys::KEYS;
    const FIRST_WORDS: &'static str = "Type the deal pile by pile, each from its bottom card \
         (? for a card not seen yet), then the stock in the order drawn. F1 for help.";
    const PLAY_WORDS: &'static str = "Play: arrows and Enter choose a card, then where it goes; \
         d draws, f sends to the foundation, u undoes, h hints.";
    const RESTORED: &'static str = " Klondike";
    const BOARD_GOAL: &'static str = "Put every card on the foundations.";

    type Position = Position;
    type Marks = editor::KlondikeMarks;
    type Play = Play;
    type Found = Answer;
    type Draft = KlondikeDraft;
    type Saved = KlondikeSave;

    fn start(editor: &Editor) -> Result<Position, String> {
        editor.start()
    }

    /// The rules by key (`w`, `r`, `x`, `e`), and `g`: Klondike has no challenge.
    fn editor_key(flow: &mut Flow<Klondike>, key: KeyEvent, fx: &mut Effects) -> bool {
        let KeyCode::Char(c) = key.code else {
            return false;
        };
        let change: fn(&mut solitaire::games::klondike::Rules) = match c {
            'w' => |rules| rules.draw = if rules.draw_count() == 3 { 1 } else { 3 },
            'r' => |rules| rules.passes = rules.passes.cycled(),
            'x' => |rules| rules.foundation_to_tableau = !rules.foundation_to_tableau,
            'e' => |rules| {
                rules.empty_pile = match rules.empty_pile {
                    EmptyPile::KingsOnly => EmptyPile::AnyCard,
                    EmptyPile::AnyCard => EmptyPile::KingsOnly,
                }
            },
            'g' => {
                fx.say(
                    Tone::Info,
                    "Klondike has no challenge: it is played to put every card on the \
                     foundations.",
                );
                return true;
            }
            _ => return false,
        };
        flow.editor.mark(|marks| change(&mut marks.rules));
        fx.say(Tone::Info, format!("Rules: {}.", flow.editor.marks.rules));
        true
    }

    fn options(flow: &Flow<Klondike>) -> Vec<RuleOption> {
        rules::options(flow.editor.marks.rules)
    }

    fn set_option(flow: &mut Flow<Klondike>, row: usize, choice: usize, fx: &mut Effects) {
        flow.editor
            .mark(|marks| marks.rules = rules::with_option(marks.rules, row, choice));
        fx.say(Tone::Info, format!("Rules: {}.", flow.editor.marks.rules));
    }

    /// A whole deal in any of the formats the commands read replaces what was typed,
    /// wherever the cursor is (Solvitaire's JSON and a deal code hold no cards in the
    /// editor's order); cards in the layout that are not a whole deal are the shared
    /// paste's, from the cursor, as in every game; any other text is said not to be a deal.
    fn paste(flow: &mut Flow<Klondike>, text: &str, fx: &mut Effects) -> bool {
        let format = Format::of_text(text);
        let read = formats::read(text, Some(format));
        if format == Format::Layout
            && read.is_err()
            && !Pasted::read(text, DECK_SIZE).cards.is_empty()
        {
            return false;
        }
        match read.map(|table| (table.deal(), table)) {
            Ok((Some(deal), _)) => {
                flow.editor = Editor::with_deal(&deal, flow.editor.marks.rules);
                flow.edited(fx);
                fx.replaced();
                fx.say(
                    Tone::Success,
                    format!("Pasted a whole deal, in {}.", format.name()),
                );
            }
            Ok((None, table)) => fx.say(
                Tone::Warning,
                format!(
                    "Not pasted: the text is {}, not a Klondike deal as dealt (52 cards in \
                     seven piles and the stock), which is what the app shows.",
                    table.describe()
                ),
            ),
            Err(problems) => {
                let (first, more) = match problems.0.split_first() {
                    Some((first, rest)) => (first.message(), rest.len()),
                    None => (String::new(), 0),
                };
                let more = if more > 0 {
                    format!(" (and {} more)", counted(more, "problem"))
                } else {
                    String::new()
                };
                fx.say(
                    Tone::Warning,
                    format!(
                        "Not pasted: the text is not a Klondike deal in {}: {first}{more}.",
                        format.name()
                    ),
                );
            }
        }
        true
    }

    fn slot_rects(_marks: &Self::Marks, area: Rect) -> [Rect; DECK_SIZE] {
        board::slot_rects(area)
    }

    fn set_goal(_flow: &mut Flow<Klondike>, goal: Goal, _fx: &mut Effects) -> Result<(), String> {
        if goal == Goal::Board {
            Ok(())
        } else {
            Err("Klondike has no challenge: it is played to win".to_string())
        }
    }

    fn search(_marks: &Self::Marks, start: Position, _goal: Goal) -> (Job, JobHandle) {
        Job::new(move |observer| Checked::<Answer, Move>::Solved(solve(&start, observer)))
    }

    /// With cards not known, a round of the ranking, each round on deals of its own.
    fn check(
        marks: &editor::KlondikeMarks,
        play: &Play,
        position: Position,
        goal: Goal,
    ) -> (Job, JobHandle) {
        if position.unknown() == 0 {
            return Klondike::search(marks, position, goal);
        }
        table::rank_round::<Position, Answer>(position, play.rounds())
    }

    fn solved(
        flow: &mut Flow<Klondike>,
        solving: Solving<Klondike>,
        found: Found,
        fx: &mut Effects,
    ) {
        // Cancelled: the editor stays.
        let Some(Checked::Solved(Some(answer))) = found.take::<Checked<Answer, Move>>() else {
            return;
        };
        let moves = answer_moves(&answer);
        let (good, text) = answer_headline(&answer, moves.len());
        let mut solution = Solution::new(solving.start, moves, answer);
        solution.base = solving.base;
        solution.from_play = solving.from_play && flow.play.is_some();
        flow.screen = Screen::Solution(solution);
        let tone = if good { Tone::Success } else { Tone::Warning };
        fx.say(tone, text);
    }

    fn play_key(flow: &mut Flow<Klondike>, key: KeyEvent, fx: &mut Effects) -> bool {
        if table::typing_key(flow, key.code, fx, type_turned_up) {
            return true;
        }
        let Some(play) = &mut flow.play else {
            return false;
        };
        match key.code {
            KeyCode::Esc if play.chosen.take().is_some() => fx.hush(),
            KeyCode::Char('f') => {
                let cursor = play.cursor;
                flow.play_action(fx, |play| play.send_up(cursor));
            }
            _ => return false,
        }
        true
    }

    /// A click chooses the card under it, or where the card chosen goes; a double click
    /// sends it to its foundation.
    fn click(flow: &mut Flow<Klondike>, board: Rect, column: u16, row: u16, fx: &mut Effects) {
        let Some(play) = &flow.play else {
            return;
        };
        let Some(spot) = board::spot_at(board, play.position(), column, row) else {
            return;
        };
        let now = Instant::now();
        let double = flow
            .own
            .last_click
            .take()
            .is_some_and(|(last, at)| last == spot && now.duration_since(at) < DOUBLE_CLICK);
        if double {
            flow.play_action(fx, |play| play.send_up(spot));
        } else {
            flow.own.last_click = Some((spot, now));
            flow.play_action(fx, |play| play.choose(spot));
        }
    }

    fn hint(flow: &mut Flow<Klondike>, fx: &mut Effects) {
        let Some(play) = &flow.play else {
            return;
        };
        if let Some(first) = table::waits(play) {
            fx.say(Tone::Info, first);
            return;
        }
        let Some(best) = play.best_move() else {
            let text = match play.known() {
                None => "Thinking about a hint… h again in a moment.".to_string(),
                Some(_) => play.verdict(),
            };
            fx.say(Tone::Info, text);
            return;
        };
        let lead = table::hint_lead(play.best_estimate());
        flow.hint_move(best, Tone::Success, &lead, fx);
    }

    fn show_rest(flow: &mut Flow<Klondike>, fx: &mut Effects) {
        let Some(play) = &flow.play else {
            return;
        };
        let (position, base) = (play.position().clone(), play.game.moves().to_vec());
        flow.start_solving(position, base, true, fx);
    }

    fn learn(play: &mut Play, position: Position, end: Result<Found, CapReached>, _goal: Goal) {
        if let Some(known) = table::learned(end, |cap| Some(Answer::Capped(cap))) {
            play.learn(position, known);
        }
    }

    /// No move while a card turned up waits to be typed in, nor once the game is won.
    fn over(play: &Play) -> Option<String> {
        table::waits(play).or_else(|| {
            play.position().is_won().then(|| {
                let moves = counted(play.game.played(), "move");
                format!("The game is won, in {moves} (u undoes).")
            })
        })
    }

    fn played(play: &Play, text: String) -> (Tone, String) {
        if play.position().is_won() {
            return (Tone::Success, format!("{text}. Won: every card is up!"));
        }
        match play.waiting_place() {
            Some(place) => (Tone::Info, table::turned_up(&text, &place)),
            None => (Tone::Info, text),
        }
    }

    /// The rules in short; the Check panel has them in full.
    fn settings(flow: &Flow<Klondike>) -> String {
        let rules = flow.editor.marks.rules;
        let mut text = format!("Klondike · draw {} · {}", rules.draw_count(), rules.passes);
        if !rules.foundation_to_tableau {
            text.push_str(" · foundations keep");
        }
        if rules.empty_pile == EmptyPile::AnyCard {
            text.push_str(" · any card on empty");
        }
        text
    }

    fn draw_board(flow: &Flow<Klondike>, area: Rect, buf: &mut Buffer, look: &Look) {
        view::draw_board(flow, area, buf, look);
    }

    fn check_lines(flow: &Flow<Klondike>, look: &Look) -> Vec<Line<'static>> {
        view::check_lines(flow, look)
    }

    fn slot_words(slot: usize) -> String {
        slot_name(slot)
    }

    fn line_end(solution: &Solution<Klondike>) -> String {
        if solution.position().is_won() {
            "Every card is on the foundations.".to_string()
        } else {
            "A card not known is face up here: play on and type it in.".to_string()
        }
    }

    fn solution_header(solution: &Solution<Klondike>, look: &Look) -> Vec<Line<'static>> {
        view::solution_header(solution, look)
    }

    fn step_spans(step: &Step<Self>, look: &Look) -> Vec<Span<'static>> {
        view::step_spans(step, look)
    }

    fn play_header(_flow: &Flow<Klondike>, play: &Play, look: &Look) -> Vec<Line<'static>> {
        view::play_header(play, look)
    }

    fn hints(flow: &Flow<Klondike>, other_game: &'static str) -> Vec<(&'static str, &'static str)> {
        keys::hints(flow, other_game)
    }

    /// Each slot as typed, the rules and the moves played.
    fn draft(flow: &Flow<Klondike>) -> KlondikeDraft {
        let editor = &flow.editor;
        KlondikeDraft {
            slots: draft_slots(&editor.slots, editor.marks.unknown),
            rules: editor.marks.rules,
            moves: moves(flow),
        }
    }

    fn restore(flow: &mut Flow<Klondike>, draft: &KlondikeDraft) -> Vec<Move> {
        let (slots, unknown) = typed_slots(&draft.slots);
        flow.editor = Editor::with_unknown(slots, unknown, draft.rules);
        draft.moves.clone()
    }

    fn load(flow: &mut Flow<Klondike>, saved: &KlondikeSave) -> Vec<Move> {
        if let Some(deal) = saved.deal() {
            flow.editor = Editor::with_deal(&deal, saved.game.rules);
        }
        saved.game.moves.clone()
    }

    fn save_game(
        flow: &Flow<Klondike>,
        name: &str,
        notes: &[String],
    ) -> Option<(usize, WriteSave)> {
        let deal = flow.editor.deal().ok()?;
        let saved = KlondikeSave {
            name: name.to_string(),
            saved: store::now_text(),
            notes: notes.to_vec(),
            game: SavedKlondike {
                format: Format::Layout,
                table: Table::of_deal(&deal),
                rules: flow.editor.marks.rules,
                moves: moves(flow),
            },
        };
        let count = saved.game.moves.len();
        let write = move |folders: &Folders| save(folders, &saved);
        Some((count, WriteSave(Box::new(write))))
    }

    fn read_saved(text: &str, stem: &str) -> Result<KlondikeSave, OpenError> {
        solitaire::games::klondike::game::read(text, stem)
    }

    /// A whole deal as dealt: a table of another shape (Solvitaire's reduced decks, a game
    /// under way typed as a position) is for the commands.
    fn shown(saved: &KlondikeSave) -> Result<(), NotShown> {
        saved.deal().map(|_| ()).ok_or(NotShown(
            "the app shows a Klondike deal as dealt, 52 cards in seven piles and the stock; \
             the commands take other tables and games under way typed as a position (pyramid \
             solve --game klondike FILE)",
        ))
    }

    fn about(saved: &KlondikeSave) -> (&str, &[String], usize) {
        (&saved.name, &saved.notes, saved.game.moves.len())
    }

    fn saved_state(saved: &KlondikeSave) -> String {
        played_and_unknown(saved.game.moves.len(), saved.game.table.unknown_count())
    }

    fn read_draft(text: &str) -> Option<KlondikeDraft> {
        KlondikeDraft::parse(text)
    }

    fn saved_draft(saved: &KlondikeSave) -> KlondikeDraft {
        let draft = saved.deal().map_or_else(KlondikeDraft::default, |deal| {
            KlondikeDraft::from_deal(&deal, saved.game.rules)
        });
        KlondikeDraft {
            moves: saved.game.moves.clone(),
            ..draft
        }
    }

    fn unfinished(text: &str) -> Option<KlondikeDraft> {
        KlondikeDraft::parse(text)
    }
}

/// Saves a Klondike game under its name, never over another game: a file of that name
/// holding anything else is kept and the new one gets a numbered name. A file holding the
/// same deal is replaced, also when cards not known there have been seen since.
pub fn save(folders: &Folders, saved: &KlondikeSave) -> Written {
    let text = saved
        .to_text()
        .expect("the app saves only a whole deal as dealt");
    let deal = saved.deal();
    store::save_named(folders, &saved.name, &text, |existing| {
        game_of_text(existing) == Ok(GameKind::Klondike)
            && solitaire::games::klondike::game::read(existing, "")
                .ok()
                .and_then(|old| old.deal())
                .zip(deal)
                .is_some_and(|(old, new)| seen_more_of(old.slots(), new.slots()))
    })
}

/// The moves of the game played, if any.
fn moves(flow: &Flow<Klondike>) -> Vec<Move> {
    flow.play
        .as_ref()
        .map(|play| play.game.moves().to_vec())
        .unwrap_or_default()
}

/// The card typed for the one not known that turned up, written into the deal at the slot
/// it was dealt to.
fn type_turned_up(flow: &mut Flow<Klondike>, card: Card, fx: &mut Effects) {
    let Some(play) = &flow.play else {
        return;
    };
    let (Some(seen), Ok(deal)) = (play.waiting(), flow.editor.deal()) else {
        return;
    };
    let rules = flow.editor.marks.rules;
    if let Some(slot) = dealt_slot(&deal, rules, play.game.moves(), seen) {
        table::type_turned_up(flow, slot, card, slot_name, fx);
    }
}

impl KeptWork for KlondikeDraft {
    fn to_text(&self) -> String {
        KlondikeDraft::to_text(self)
    }

    fn deal_only(&self) -> KlondikeDraft {
        KlondikeDraft {
            moves: Vec::new(),
            rules: solitaire::games::klondike::Rules::STANDARD,
            ..self.clone()
        }
    }

    fn typed(&self) -> usize {
        KlondikeDraft::typed(self)
    }

    fn moves(&self) -> usize {
        self.moves.len()
    }

    fn is_empty(&self) -> bool {
        KlondikeDraft::is_empty(self)
    }

    fn named_text(&self, name: &str, saved: &str, notes: &[String]) -> String {
        self.to_named_text(name, saved, notes)
    }

    fn same_unfinished(&self, text: &str) -> bool {
        KlondikeDraft::parse(text).is_some_and(|old| old.slots == self.slots)
    }
}

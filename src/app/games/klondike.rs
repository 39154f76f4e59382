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
pub mod table_editor;
mod view;

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use solitaire::GameKind;
use solitaire::cards::card::Card;
use solitaire::cards::deal::{DECK_SIZE, draft_slots, typed_slots};
use solitaire::engine::at_table::{AtTable, Board, DEAL_CAPS};
use solitaire::engine::game::OpenError;
use solitaire::engine::goal::Goal;
use solitaire::engine::headers::{game_header, game_of_text, header};
use solitaire::engine::search::{CapReached, Observer};
use solitaire::engine::table_lab::Player;
use solitaire::games::klondike::answer::{Answer, REVEAL_CAP};
use solitaire::games::klondike::deal::PILES;
use solitaire::games::klondike::deal::slot_name;
use solitaire::games::klondike::formats::under_way::read_laid_out;
use solitaire::games::klondike::formats::{self, Format, Table};
use solitaire::games::klondike::reveal::{self, Reveal, dealt_slot, unknown_at_start};
use solitaire::games::klondike::saved::{
    KlondikeDraft, KlondikeSave, SavedKlondike, read_rules, rules_header,
};
use solitaire::games::klondike::solver::{self, Verdict};
use solitaire::games::klondike::{EmptyPile, Move, Passes, Position, Setup};

use crate::app::card_input::Pasted;
use crate::app::effects::{Effects, Tone, WriteSave, Written};
use crate::app::flow::editor::Typed;
use crate::app::flow::keys::Keys;
use crate::app::flow::options::{RuleOption, options_of, with_option_of};
use crate::app::flow::table::{self, Checked, RoundBudget, TablePlay, TypedIn};
use crate::app::flow::{
    Flow, GameScreen, NotShown, PlayMode, Screen, Solution, Solving, Step,
    direction as flow_direction,
};
use crate::app::job::{Found, Job, JobHandle};
use crate::app::session::KeptWork;
use crate::app::widgets::{Look, counted, played_and_unknown};
use crate::store::{self, Folders};

use board::Spot;
use editor::Editor;
use play::Play;
use table_editor::{Place, TableEditor};

/// Two clicks on one card this close together are a double click.
const DOUBLE_CLICK: Duration = Duration::from_millis(400);

/// What Klondike keeps of its own beside the shared flow.
#[derive(Debug, Default, Clone)]
pub struct Klondike {
    /// The last click in play: where and when, to tell a double click.
    last_click: Option<(Spot, Instant)>,
    /// A game under way being typed, in place of the deal: its editor is the one shown.
    pub table: Option<TableEditor>,
    /// A game under way set aside to go back to the deal (`u`), for `u` to bring back, with
    /// the deal's cards as they were then: a whole deal typed since wins over it.
    set_aside: Option<(TableEditor, [Option<Card>; DECK_SIZE])>,
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
            let (these, lose) = match moves.len() {
                1 => ("This move turns".to_string(), " (it may give up a win)"),
                many => (
                    format!("These {many} moves turn"),
                    " (they may give up a win)",
                ),
            };
            let lose = if *may_lose { lose } else { "" };
            let text = if moves.is_empty() {
                format!("Undecided: {not_known} not known; one is face up: play on and type it.")
            } else {
                format!(
                    "Undecided: {not_known} not known. {these} one face up{lose}; in play, h \
                     ranks every move by its chance."
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
         (? for a card not seen yet), then the stock in the order drawn; u types a game under \
         way. F1 for help.";
    const PLAY_WORDS: &'static str = "Play: arrows and Enter choose a card, then where it goes; \
         d draws, f sends to the foundation, u undoes, h hints.";
    const RESTORED: &'static str = " Klondike";
    const BOARD_GOAL: &'static str = "Put every card on the foundations.";
    const SETTINGS: &'static str = "the rules";

    type Position = Position;
    type Marks = editor::KlondikeMarks;
    type Play = Play;
    type Found = Answer;
    type Draft = KlondikeDraft;
    type Saved = KlondikeSave;

    fn start(editor: &Editor) -> Result<Position, String> {
        editor.start()
    }

    /// The game under way typed, when it is the one shown; else the deal.
    fn start_from(flow: &Flow<Klondike>) -> Result<Position, String> {
        match &flow.own.table {
            Some(table) => table.start(flow.editor.marks.rules),
            None => flow.editor.start(),
        }
    }

    /// No deal's slot is empty while the game under way is shown: its cards go where they lie.
    fn fill_offer(flow: &Flow<Klondike>) -> Result<Option<(usize, Card)>, &'static str> {
        if flow.own.table.is_some() {
            return Err(
                "Ctrl-F fills a deal's one empty slot: in a game under way, type the \
                 missing card where it lies.",
            );
        }
        Ok(flow.editor.fill_offer())
    }

    fn problems_to_fix(flow: &Flow<Klondike>) -> bool {
        match &flow.own.table {
            Some(table) => table.problems_to_fix(),
            None => !flow.editor.duplicates().is_empty(),
        }
    }

    fn typing_a_table(flow: &Flow<Klondike>) -> bool {
        flow.own.table.is_some()
    }

    fn drop_typing(flow: &mut Flow<Klondike>) {
        if let Some(table) = &mut flow.own.table {
            table.pending.cancel();
        }
    }

    fn typed_count(flow: &Flow<Klondike>) -> (usize, bool) {
        if let Some(table) = &flow.own.table {
            return (table.filled(), table.problems().is_empty());
        }
        let editor = &flow.editor;
        let filled = editor.filled();
        (
            filled,
            filled == DECK_SIZE && editor.duplicates().is_empty(),
        )
    }

    /// `u` between the deal and a game under way; the table's own keys while it is shown;
    /// the rules by key (`w`, `r`, `x`, `e`), and `g`: Klondike has no challenge.
    fn editor_key(flow: &mut Flow<Klondike>, key: KeyEvent, fx: &mut Effects) -> bool {
        if key.code == KeyCode::Char('u')
            && flow.own.table.as_ref().is_none_or(|t| t.pending.is_empty())
        {
            switch_editor(flow, fx);
            return true;
        }
        if flow.own.table.is_some() && table_key(flow, key.code, fx) {
            return true;
        }
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

    fn keep_rules(flow: &mut Flow<Klondike>, earlier: &Flow<Klondike>) {
        let rules = earlier.editor.marks.rules;
        flow.editor.mark(|marks| marks.rules = rules);
    }

    fn options(flow: &Flow<Klondike>) -> Vec<RuleOption> {
        let chosen = flow.editor.marks.rules;
        options_of(&chosen, rules::variants(chosen))
    }

    fn set_option(flow: &mut Flow<Klondike>, row: usize, choice: usize, fx: &mut Effects) {
        flow.editor.mark(|marks| {
            marks.rules = with_option_of(marks.rules, rules::variants(marks.rules), row, choice);
        });
        fx.say(Tone::Info, format!("Rules: {}.", flow.editor.marks.rules));
    }

    /// A whole deal in any of the formats the commands read replaces what was typed,
    /// wherever the cursor is (Solvitaire's JSON and a deal code hold no cards in the
    /// editor's order); cards in the layout that are not a whole deal are the shared
    /// paste's, from the cursor, as in every game; any other text is said not to be a deal.
    fn paste(flow: &mut Flow<Klondike>, text: &str, fx: &mut Effects) -> bool {
        let format = Format::of_text(text);
        let read = formats::read(text, Some(format));
        let dealt = read.as_ref().is_ok_and(|table| table.deal().is_some());
        // A game under way goes to its editor with its problems, to be mended there.
        if format == Format::Position
            && !dealt
            && let Ok(setup) = read_laid_out(text)
        {
            if paste_table(flow, setup, format, fx) {
                take_pasted_rules(flow, text, fx);
            }
            return true;
        }
        let cards = Pasted::read(text, DECK_SIZE).cards;
        if format == Format::Layout && read.is_err() && !cards.is_empty() {
            if let Some(table) = &mut flow.own.table {
                let placed = cards
                    .iter()
                    .filter(|&&card| table.put(card).is_ok())
                    .count();
                fx.say(
                    Tone::Info,
                    format!(
                        "Pasted {} on {}.",
                        counted(placed, "card"),
                        table.cursor.name()
                    ),
                );
                flow.edited(fx);
                return true;
            }
            return false;
        }
        match read.map(|table| (table.deal(), table)) {
            Ok((Some(deal), _)) => {
                flow.editor = Editor::with_deal(&deal, flow.editor.marks.rules);
                (flow.own.table, flow.own.set_aside) = (None, None);
                flow.edited(fx);
                fx.replaced();
                fx.say(
                    Tone::Success,
                    format!("Pasted a whole deal, in {}.", format.name()),
                );
                take_pasted_rules(flow, text, fx);
            }
            Ok((None, table)) if table.is_whole() && table.piles().len() == PILES => {
                if paste_table(flow, table.setup().clone(), format, fx) {
                    take_pasted_rules(flow, text, fx);
                }
            }
            Ok((None, table)) => fx.say(
                Tone::Warning,
                format!(
                    "Not pasted: the text is {}, not a Klondike table of the whole pack in \
                     seven piles, which is what the app shows.",
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

    /// While a game under way is shown, a click on one of its places puts the cursor there;
    /// the deal's slots under it are never clicked.
    fn own_editor_click(flow: &mut Flow<Klondike>, board: Rect, column: u16, row: u16) -> bool {
        let Some(table) = &mut flow.own.table else {
            return false;
        };
        if let Some(place) = board::place_at(board, column, row) {
            table.go(place);
        }
        true
    }

    /// A game under way as a position text; else the deal. Under the game and rules headers
    /// a save has, so that the copy opens as Klondike (Ctrl-O, `pyramid FILE`) under the rules
    /// it was typed under: a deal in the layout reads as Pyramid's too.
    fn deal_text(flow: &Flow<Klondike>) -> Result<String, String> {
        let rules = flow.editor.marks.rules;
        let table = match &flow.own.table {
            None => {
                flow.editor.start()?;
                flow.editor.deal()?.to_layout()
            }
            Some(table) => {
                let start = table.start(rules)?;
                formats::write(&Table::of_position(&start), Format::Position)
                    .map_err(|error| error.to_string())?
            }
        };
        Ok(format!(
            "{}{}{table}",
            game_header(GameKind::Klondike),
            rules_header(rules)
        ))
    }

    /// A game under way with a card typed can be saved, as an unfinished one if need be.
    fn save_check(flow: &Flow<Klondike>) -> Result<(), String> {
        match &flow.own.table {
            Some(table) if table.filled() > 0 => Ok(()),
            Some(table) => table.start(flow.editor.marks.rules).map(|_| ()),
            None if flow.editor.duplicates().is_empty() && flow.editor.filled() > 0 => Ok(()),
            None => flow.editor.start().map(|_| ()),
        }
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
        rounds: RoundBudget,
    ) -> (Job, JobHandle) {
        if position.unknown() == 0 {
            return Klondike::search(marks, position, goal);
        }
        let budget = rounds.of_round(play.rounds(), DEAL_CAPS);
        table::rank_round::<_, Answer, _>(position, Board, budget, Player::FollowsLine)
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
        if flow.own.table.is_some() && key.code == KeyCode::Char('m') {
            table::mend_last(flow, fx, forget_on_table);
            return true;
        }
        if table::mend_key(flow, key.code, slot_name, fx) {
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
        let lead = play.table.hint_lead(play.position(), Goal::Board);
        flow.hint_move(best, Tone::Success, &lead, fx);
    }

    /// The rest of a winning line from where the game stands; while a card turned up waits,
    /// that the card comes first.
    fn show_rest(flow: &mut Flow<Klondike>, fx: &mut Effects) {
        let Some(play) = &flow.play else {
            return;
        };
        if let Some(first) = table::waits(play) {
            fx.say(Tone::Info, first);
            return;
        }
        let (position, base) = (play.position().clone(), play.game.moves().to_vec());
        flow.start_solving(position, base, true, fx);
    }

    fn learn(play: &mut Play, position: Position, end: Result<Found, CapReached>, _goal: Goal) {
        if let Some((known, line)) = table::learned(end, |cap| Some(Answer::Capped(cap))) {
            play.learn(position.clone(), known);
            play.follow(&position, &line);
        }
    }

    fn waiting(play: &Play) -> Option<String> {
        play.waiting_card()
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

    /// The rules in words a player reads without the docs, after the game's name in the
    /// title; each part after a ` · ` is one the title may leave out, the last first, when the
    /// line is narrow. The Check panel has them in full.
    fn settings(flow: &Flow<Klondike>) -> String {
        let rules = flow.editor.marks.rules;
        let passes = match rules.passes {
            Passes::Unlimited => "∞ passes".to_string(),
            limited @ Passes::Limited(_) => limited.to_string(),
        };
        let mut text = format!("draw {} · {passes}", rules.draw_count());
        if !rules.foundation_to_tableau {
            text.push_str(" · no cards back from foundations");
        }
        if rules.empty_pile == EmptyPile::AnyCard {
            text.push_str(" · any card on an empty pile");
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

    /// Each slot as typed, or the game under way as typed; the rules and the moves played.
    fn draft(flow: &Flow<Klondike>) -> KlondikeDraft {
        let editor = &flow.editor;
        if let Some(table) = &flow.own.table {
            return KlondikeDraft::from_table(table.setup.clone(), editor.marks.rules, moves(flow));
        }
        KlondikeDraft {
            slots: draft_slots(&editor.slots, editor.marks.unknown),
            table: None,
            rules: editor.marks.rules,
            moves: moves(flow),
        }
    }

    fn restore(flow: &mut Flow<Klondike>, draft: &KlondikeDraft) -> Vec<Move> {
        let (slots, unknown) = typed_slots(&draft.slots);
        flow.editor = Editor::with_unknown(slots, unknown, draft.rules);
        flow.own.table = draft.table.clone().map(TableEditor::of_setup);
        draft.moves.clone()
    }

    /// A deal as dealt into the deal's editor, a game under way into the table's.
    fn load(flow: &mut Flow<Klondike>, saved: &KlondikeSave) -> Vec<Move> {
        let rules = saved.game.rules;
        if let Some(deal) = saved.deal() {
            flow.editor = Editor::with_deal(&deal, rules);
        } else {
            flow.editor.mark(|marks| marks.rules = rules);
            flow.own.table = Some(TableEditor::of_setup(saved.game.table.setup().clone()));
        }
        saved.game.moves.clone()
    }

    fn save_game(
        flow: &Flow<Klondike>,
        name: &str,
        notes: &[String],
    ) -> Option<(usize, WriteSave)> {
        let (format, table) = match &flow.own.table {
            Some(table) => {
                let start = table.start(flow.editor.marks.rules).ok()?;
                (Format::Position, Table::of_position(&start))
            }
            None => (Format::Layout, Table::of_deal(&flow.editor.deal().ok()?)),
        };
        let saved = KlondikeSave {
            name: name.to_string(),
            saved: store::now_text(),
            notes: notes.to_vec(),
            game: SavedKlondike {
                format,
                table,
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

    /// A table of the whole pack in seven piles, dealt or under way: another (Solvitaire's
    /// reduced decks) is for the commands.
    fn shown(saved: &KlondikeSave) -> Result<(), NotShown> {
        let table = &saved.game.table;
        (table.is_whole() && table.piles().len() == PILES)
            .then_some(())
            .ok_or(NotShown(
                "the app shows a Klondike table of the whole pack in seven piles, as dealt or \
                 under way; the commands take other tables (pyramid solve --game klondike \
                 FILE)",
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
        let (table, rules) = (&saved.game.table, saved.game.rules);
        let draft = match saved.deal() {
            Some(deal) => KlondikeDraft::from_deal(&deal, rules),
            None => KlondikeDraft::from_table(table.setup().clone(), rules, Vec::new()),
        };
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
/// same deal or table is replaced, also when cards not known there have been seen since.
pub fn save(folders: &Folders, saved: &KlondikeSave) -> Written {
    let text = saved
        .to_text()
        .expect("the app saves only a table of the whole pack");
    store::save_named(folders, &saved.name, &text, |existing| {
        game_of_text(existing) == Ok(GameKind::Klondike)
            && solitaire::games::klondike::game::read(existing, "")
                .is_ok_and(|old| seen_more_of(old.game.table.setup(), saved.game.table.setup()))
    })
}

/// Whether `new` is the table `old` is with perhaps more of its cards seen: the same places
/// holding as many cards, each card known in `old` where it was.
fn seen_more_of(old: &Setup, new: &Setup) -> bool {
    let shape = |setup: &Setup| {
        let piles: Vec<(usize, usize)> = (setup.piles.iter())
            .map(|pile| (pile.face_down.len(), pile.face_up.len()))
            .collect();
        let foundations = (setup.foundations.iter().copied())
            .map(Some)
            .collect::<Vec<_>>();
        (
            piles,
            setup.stock.len(),
            setup.waste.len(),
            foundations,
            setup.redeals,
        )
    };
    shape(old) == shape(new)
        && old
            .laid_out()
            .zip(new.laid_out())
            .all(|((old, _), (new, _))| old.is_none() || old == new)
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
    if flow.own.table.is_some() {
        type_turned_up_on_table(flow, card, fx);
        return;
    }
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
        KlondikeDraft::parse(text)
            .is_some_and(|old| old.slots == self.slots && old.table == self.table)
    }
}

/// `u`: from the deal to a game under way (the one set aside, else the deal's own table, or
/// an empty one while the deal is not whole), and back; a game under way is set aside, and the
/// deal typed stays as it was, unless the table is a deal as dealt.
fn switch_editor(flow: &mut Flow<Klondike>, fx: &mut Effects) {
    // Over to the other editor the game is the same when its start is: its moves go on.
    let played = flow.play.take();
    show_other_editor(flow, fx);
    let start = Klondike::start_from(flow);
    flow.play = played.filter(|play| start.as_ref() == Ok(play.game.start()));
}

/// The editor of a game under way in place of the deal's, or the deal's back.
fn show_other_editor(flow: &mut Flow<Klondike>, fx: &mut Effects) {
    let own = &mut flow.own;
    if let Some(table) = own.table.take() {
        let text = if let Some(deal) = table.deal() {
            flow.editor = Editor::with_deal(&deal, flow.editor.marks.rules);
            "Back to the deal: the table is the deal as dealt."
        } else {
            own.set_aside = Some((table, flow.editor.slots));
            "Back to the deal; the game under way is set aside, u brings it back."
        };
        flow.edited(fx);
        fx.say(Tone::Info, text);
        return;
    }
    let deal = flow.editor.deal();
    let table = match own.set_aside.take() {
        Some((table, over)) if over == flow.editor.slots || deal.is_err() => table,
        _ => deal.map_or_else(
            |_| TableEditor::default(),
            |deal| TableEditor::of_deal(&deal),
        ),
    };
    own.table = Some(table);
    flow.edited(fx);
    fx.say(Tone::Info, TABLE_WORDS);
}

/// What the app says as the editor of a game under way opens.
const TABLE_WORDS: &str = "A game under way: arrows choose a place, cards typed go on top of it \
     (? a face-down card not seen, v / ^ turn a pile's card down / up, = fills the stock with \
     ??, + / - count a redeal); u goes back to the deal.";

/// The rules of a pasted text's `# rules:` line, taken as a file's are when it is opened,
/// and said after what the paste said: a text saved under other rules would otherwise be
/// solved under the ones chosen before, and read as another game.
fn take_pasted_rules(flow: &mut Flow<Klondike>, text: &str, fx: &mut Effects) {
    if header(text, "rules").is_none() {
        return;
    }
    match read_rules(text) {
        Ok(rules) => {
            flow.editor.mark(|marks| marks.rules = rules);
            fx.add_to_said(&format!(" Rules: {rules}, from the text's # rules: line."));
        }
        Err(error) => fx.add_to_said(&format!(
            " Rules kept: {} ({error}).",
            flow.editor.marks.rules
        )),
    }
}

/// A table read from a pasted text into the editor of a game under way: its problems, if
/// any, are the Check panel's. False when it is not pasted.
fn paste_table(flow: &mut Flow<Klondike>, setup: Setup, format: Format, fx: &mut Effects) -> bool {
    if setup.piles.len() != PILES {
        fx.say(
            Tone::Warning,
            format!(
                "Not pasted: the app shows seven piles, and the text has {}.",
                setup.piles.len()
            ),
        );
        return false;
    }
    let table = TableEditor::of_setup(setup);
    let problems = table.problems().len();
    (flow.own.table, flow.own.set_aside) = (Some(table), None);
    flow.edited(fx);
    fx.replaced();
    if problems == 0 {
        fx.say(
            Tone::Success,
            format!("Pasted a game under way, in {}.", format.name()),
        );
    } else {
        fx.say(
            Tone::Warning,
            format!(
                "Pasted a game under way, in {}, with {}: see the Check panel.",
                format.name(),
                counted(problems, "problem")
            ),
        );
    }
    true
}

/// The keys of the editor of a game under way: the arrows over its places, cards typed on
/// top of the one under the cursor, the keys that change it. False for the keys the deal's
/// editor shares (Enter, the rules, `o`).
fn table_key(flow: &mut Flow<Klondike>, code: KeyCode, fx: &mut Effects) -> bool {
    let Some(table) = &mut flow.own.table else {
        return false;
    };
    let before = table.setup.clone();
    match code {
        KeyCode::Char(c) if c.is_alphanumeric() && !table.pending.is_empty() => {
            type_on_table(table, c, fx);
        }
        KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right => {
            table.go(table.cursor.neighbour(flow_direction(code)));
            fx.hush();
        }
        KeyCode::Tab | KeyCode::BackTab => table.go(table.cursor.next(code == KeyCode::BackTab)),
        KeyCode::Home => table.go(Place::ORDER[0]),
        KeyCode::End => table.go(Place::ORDER[Place::ORDER.len() - 1]),
        KeyCode::Backspace => table.backspace(),
        KeyCode::Delete => table.clear(),
        KeyCode::Esc if table.pending.cancel() => {
            fx.say(Tone::Info, "Dropped the half-typed card.");
        }
        KeyCode::Char(' ' | ',') => {}
        KeyCode::Char(turn @ ('v' | '^')) => {
            if let Err(why) = table.turn(turn == 'v') {
                fx.say(Tone::Warning, format!("Not possible: {why}."));
            }
        }
        KeyCode::Char('=') => {
            let said = match table.fill_stock() {
                0 => "No room in the stock: every card of the pack is laid out.".to_string(),
                added => format!("The stock takes {} not seen yet.", counted(added, "card")),
            };
            fx.say(Tone::Info, said);
        }
        KeyCode::Char(sign @ ('+' | '-')) => {
            table.count_redeal(sign == '+');
            let redeals = table.setup.redeals;
            fx.say(Tone::Info, format!("Redeals made: {redeals}."));
        }
        KeyCode::Char('o' | 'w' | 'r' | 'x' | 'e' | 'g') | KeyCode::Enter => return false,
        KeyCode::Char(c) => type_on_table(table, c, fx),
        _ => return false,
    }
    if table.setup != before {
        flow.edited(fx);
    }
    true
}

/// A character typed on the table: part of a card, a card, `?`, or refused with a hint.
fn type_on_table(table: &mut TableEditor, c: char, fx: &mut Effects) {
    match table.type_char(c) {
        Typed::Rejected(hint) => fx.say(Tone::Warning, hint),
        Typed::Placed(_) | Typed::Unknown | Typed::Partial => fx.hush(),
    }
}

/// The card typed last as it turned up in a game played from a table under way is not known
/// again in the table, at the place it was written (see [`table::mend_last`]).
fn forget_on_table(flow: &mut Flow<Klondike>, last: TypedIn) -> Option<(Position, String)> {
    let mut table = flow.own.table.clone()?;
    if !table.forget(last.slot) {
        return None;
    }
    let start = table.start(flow.editor.marks.rules).ok()?;
    flow.own.table = Some(table);
    Some((start, "from the table".to_string()))
}

/// The card typed for the one not known that turned up in a game played from a table
/// under way: written into the table at its place there, and the game played again from the
/// table now known better, its moves to undo and redo as they were.
fn type_turned_up_on_table(flow: &mut Flow<Klondike>, card: Card, fx: &mut Effects) {
    let rules = flow.editor.marks.rules;
    let (Some(play), Some(table)) = (&flow.play, &flow.own.table) else {
        return;
    };
    let (Some(seen), Some(seen_at)) = (play.waiting(), play.waiting_place()) else {
        return;
    };
    let (Ok(start), game) = (table.start(rules), &play.game) else {
        return;
    };
    let Some(nth) = unknown_at_start(&start, game.moves(), seen) else {
        return;
    };
    let mut table = table.clone();
    let place = table.unknown_place(nth);
    // Written where it lay at the start; named where the player sees it now.
    if let Err(problem) = table.reveal(nth, card) {
        fx.say(Tone::Warning, format!("Not possible: {problem}."));
        return;
    }
    let Ok(game) = table
        .start(rules)
        .map_err(drop)
        .and_then(|start| game.replayed_from(start).map_err(drop))
    else {
        return;
    };
    flow.own.table = Some(table);
    let Some(play) = &mut flow.play else {
        return;
    };
    let played = game.played();
    play.game = game;
    play.moved();
    if let Some(slot) = place {
        play.table
            .turned_up
            .typed_in
            .push(TypedIn { slot, card, played });
    }
    let next = play.waiting_place().map(|place| (place, play.sight()));
    let text = table::typed_in(card, &seen_at, next);
    flow.moved(fx);
    fx.say(Tone::Info, text);
}

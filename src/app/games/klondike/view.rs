//! Drawing Klondike's parts of the screens: the board as the editor, the stepper or play mode
//! shows it, and the lines of the side panels that are Klondike's own (the rules and the
//! cards not seen yet, an answer's headline, the standing of the game played with the best
//! move's chance, the card being typed in).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use solitaire::cards::card::{Card, Suit};
use solitaire::games::klondike::deal::slot_name;
use solitaire::games::klondike::{Move, Passes, Pile, Position};

use crate::app::flow::table::{self, TablePlay};
use crate::app::flow::view::problem_lines;
use crate::app::flow::{Board, Flow, Screen, Solution, Step};
use crate::app::games::klondike::board::{EditorBoard, Spot, TableBoard};
use crate::app::games::klondike::play::Play;
use crate::app::games::klondike::table_editor::TableEditor;
use crate::app::games::klondike::{Klondike, answer_headline};
use crate::app::widgets::{Look, counted, spinner};

/// Draws the board: the solution's step, the game played, or the editor's slots.
pub fn draw_board(flow: &Flow<Klondike>, area: Rect, buf: &mut Buffer, look: &Look) {
    let (text, theme) = (look.text, look.theme);
    match flow.board(spots_of, look) {
        Board::Position(board) => board.render(area, buf),
        Board::Deal if let Some(table) = &flow.own.table => TableBoard {
            editor: table,
            limited: flow.editor.marks.rules.passes != Passes::Unlimited,
            cursor: matches!(flow.screen, Screen::Editor),
            text,
            theme,
        }
        .render(area, buf),
        Board::Deal => EditorBoard {
            typing: flow.typing(flow.editor.invalid_slots()),
            text,
            theme,
        }
        .render(area, buf),
    }
}

/// Where a move takes a card from and where to, on the board of the position it is played
/// from: the stock for a draw or a redeal.
pub fn spots_of(position: &Position, mv: Move) -> Vec<Spot> {
    let run = |pile: u8| {
        position
            .pile(usize::from(pile))
            .map_or(0, |p| p.face_up.len())
    };
    let top = |pile: u8| Spot::Pile {
        pile,
        card: run(pile).saturating_sub(1) as u8,
    };
    let foundation = |suit: Suit| Spot::Foundation(suit as u8);
    let waste_suit = position.waste().last().copied().flatten().map(Card::suit);
    let pile_suit = |pile: u8| {
        position
            .pile(usize::from(pile))
            .and_then(Pile::top)
            .map(Card::suit)
    };
    match mv {
        Move::Draw | Move::Redeal => vec![Spot::Stock],
        Move::WasteToFoundation => {
            let mut spots = vec![Spot::Waste];
            spots.extend(waste_suit.map(foundation));
            spots
        }
        Move::WasteToPile(to) => vec![Spot::Waste, top(to)],
        Move::PileToFoundation(from) => {
            let mut spots = vec![top(from)];
            spots.extend(pile_suit(from).map(foundation));
            spots
        }
        Move::PileToPile { from, to, count } => vec![
            Spot::Pile {
                pile: from,
                card: run(from).saturating_sub(usize::from(count)) as u8,
            },
            top(to),
        ],
        Move::FoundationToPile { suit, to } => vec![foundation(suit), top(to)],
    }
}

/// The Check panel's lines: the rules, the cards not seen yet, where the cursor is, then
/// what keeps the slots from being a deal.
pub fn check_lines(flow: &Flow<Klondike>, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let editor = &flow.editor;
    let dim = Style::new().fg(theme.dim);
    let mut lines = vec![Line::styled(
        format!("Rules: {}", editor.marks.rules),
        Style::new().fg(theme.title),
    )];
    let unknown = editor.unknown_count();
    if unknown > 0 {
        lines.push(Line::styled(
            format!("{} not seen yet (?)", counted(unknown, "card")),
            dim,
        ));
    }
    if let Some(table) = &flow.own.table {
        lines.extend(table_lines(table, look));
        return lines;
    }
    lines.push(Line::styled(
        format!("Cursor: {}", slot_name(editor.cursor)),
        dim,
    ));
    lines.push(Line::raw(""));
    lines.extend(problem_lines(&editor.problems(), look));
    lines
}

/// The Check panel's lines for a game under way: the cards not seen yet, the place under
/// the cursor in full (the board shows a pile's face-down cards as a count), the redeals,
/// then what keeps the table from being a game, every problem at once.
fn table_lines(table: &TableEditor, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let dim = Style::new().fg(theme.dim);
    let mut lines = vec![Line::styled("A game under way (u: the deal)", dim)];
    let unknown = table.unknown_count();
    if unknown > 0 {
        lines.push(Line::styled(
            format!("{} not seen yet (??)", counted(unknown, "card")),
            dim,
        ));
    }
    lines.push(Line::styled(
        look.text.names(&table.place_text(table.cursor)),
        Style::new().fg(theme.title),
    ));
    if table.setup.redeals > 0 {
        lines.push(Line::styled(
            format!("Redeals made: {}", table.setup.redeals),
            dim,
        ));
    }
    lines.push(Line::raw(""));
    let problems = table.problems();
    if problems.is_empty() {
        lines.push(Line::styled(
            "A valid table. Enter solves it, Ctrl-P plays it.",
            Style::new().fg(theme.success),
        ));
    } else {
        lines.extend(problem_lines(&problems, look));
    }
    lines
}

/// The answer's headline and where the stepper stands.
pub fn solution_header(solution: &Solution<Klondike>, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let (tone, headline) = answer_headline(&solution.found, solution.moves.len());
    let colour = if tone { theme.success } else { theme.warning };
    let now = solution.position();
    vec![
        Line::styled(
            look.text.names(&headline),
            Style::new().fg(colour).add_modifier(Modifier::BOLD),
        ),
        Line::raw(format!(
            "step {} of {} · {} on the foundations",
            solution.step,
            solution.moves.len(),
            now.foundation_cards().count()
        )),
    ]
}

/// A step in short words, from the position it is played from, so that it fits the panel
/// at 80 columns (`8d pile 7 → 2, shows 8h`, `Ac pile 4 up` to its foundation); a card it
/// turns face up is named. The message under the board says the next step in full.
pub fn step_spans(step: &Step<Klondike>, look: &Look) -> Vec<Span<'static>> {
    let &Step {
        before, mv, style, ..
    } = step;
    let mut text = short_words(before, mv);
    if let Some(shown) = turned_up(before, mv) {
        text.push_str(&format!(", shows {shown}"));
    }
    vec![Span::styled(look.text.names(&text), style)]
}

/// A move in short words: the card moved (`+2` after it for the two cards on it), where from
/// and where to; a draw names its cards.
fn short_words(before: &Position, mv: Move) -> String {
    let name = |card: Option<Card>| card.map_or_else(|| "??".to_string(), |card| card.to_string());
    let waste_top = || name(before.waste().last().copied().flatten());
    let pile_card = |pile: u8, count: u8| {
        let run = before
            .pile(usize::from(pile))
            .map_or(&[][..], |p| p.face_up.as_slice());
        let first = run.len().saturating_sub(usize::from(count));
        let more = if count > 1 {
            format!(" +{}", count - 1)
        } else {
            String::new()
        };
        format!("{}{more}", name(run.get(first).copied().flatten()))
    };
    match mv {
        Move::Draw => before.describe(mv),
        Move::Redeal => "Redeal".to_string(),
        Move::WasteToFoundation => format!("{} waste up", waste_top()),
        Move::WasteToPile(to) => format!("{} waste → pile {}", waste_top(), to + 1),
        Move::PileToFoundation(from) => format!("{} pile {} up", pile_card(from, 1), from + 1),
        Move::PileToPile { from, to, count } => {
            format!("{} pile {} → {}", pile_card(from, count), from + 1, to + 1)
        }
        Move::FoundationToPile { suit, to } => {
            let top = before.foundation_top(suit);
            format!("{} down → pile {}", name(top), to + 1)
        }
    }
}

/// The card a pile's move turns face up: the face-down card under what leaves the pile.
fn turned_up(before: &Position, mv: Move) -> Option<String> {
    let (Move::PileToFoundation(from) | Move::PileToPile { from, .. }) = mv else {
        return None;
    };
    let mut after = before.clone();
    after.apply(mv).ok()?;
    let (was, now) = (
        before.pile(usize::from(from))?,
        after.pile(usize::from(from))?,
    );
    (now.face_down.len() < was.face_down.len()).then(|| {
        now.face_up
            .last()
            .copied()
            .flatten()
            .map_or_else(|| "??".to_string(), |card| card.to_string())
    })
}

/// Play mode's panel's first lines: how the game stands, the card being typed in.
pub fn play_header(play: &Play, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let mut lines = Vec::new();
    if let Some(place) = play.waiting_place() {
        return table::typing_lines(&place, play.table.typing, look);
    }
    let verdict = play.verdict();
    // Along a line followed nothing is checked: the line is the hint.
    let checked = play.known().is_some() || play.table.following(play.position()).is_some();
    let style = if checked {
        Style::new().fg(theme.success).add_modifier(Modifier::BOLD)
    } else {
        Style::new().fg(theme.dim)
    };
    let verdict = if !checked || play.refining() {
        format!("{} {verdict}", spinner(look))
    } else {
        verdict
    };
    lines.push(Line::styled(look.text.names(&verdict), style));
    lines.push(Line::raw(format!(
        "stock {} · waste {} · {} on the foundations",
        play.position().stock().len(),
        play.position().waste().len(),
        play.position().foundation_cards().count()
    )));
    lines
}

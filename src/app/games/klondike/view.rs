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
use solitaire::games::klondike::{Move, Pile, Position};

use crate::app::flow::table::{self, TablePlay};
use crate::app::flow::view::{problem_lines, unknown_and_cursor_lines};
use crate::app::flow::{Board, Flow, Screen, Solution, Step};
use crate::app::games::klondike::board::{EditorBoard, Spot, TableBoard};
use crate::app::games::klondike::play::Play;
use crate::app::games::klondike::table_editor::TableEditor;
use crate::app::games::klondike::{Klondike, answer_headline};
use crate::app::widgets::{Look, not_seen_yet, spinner};

/// Draws the board: the solution's step, the game played, or the editor's slots.
pub fn draw_board(flow: &Flow<Klondike>, area: Rect, buf: &mut Buffer, look: &Look) {
    let (text, theme) = (look.text, look.theme);
    match flow.board(spots_of, look) {
        Board::Position(board) => board.render(area, buf),
        Board::Deal if let Some(table) = &flow.own.table => TableBoard {
            editor: table,
            passes: flow.editor.marks.rules.passes,
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
/// what keeps the slots from being a deal. While a game under way is shown, its own lines:
/// the deal set aside under it counts for nothing there.
pub fn check_lines(flow: &Flow<Klondike>, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let editor = &flow.editor;
    let mut lines = vec![Line::styled(
        format!("Rules: {}", editor.marks.rules),
        Style::new().fg(theme.title),
    )];
    if let Some(table) = &flow.own.table {
        lines.extend(table_lines(table, look));
        return lines;
    }
    lines.extend(unknown_and_cursor_lines(
        editor.unknown_count(),
        &slot_name(editor.cursor),
        theme,
    ));
    lines.push(Line::raw(""));
    let problems = editor.problems();
    // The problems come first: the panel is short, and a deal not whole is no table yet.
    let warnings = if problems.is_empty() {
        editor.warnings()
    } else {
        Vec::new()
    };
    if !warnings.is_empty() {
        let warn = Style::new().fg(theme.warning);
        lines.extend(warnings.into_iter().map(|line| Line::styled(line, warn)));
        lines.push(Line::styled(
            "Enter solves it as it is; Ctrl-P plays it, asking for the face-up cards first.",
            warn,
        ));
        return lines;
    }
    lines.extend(problem_lines(&problems, look));
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
        lines.push(Line::styled(not_seen_yet(unknown), dim));
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

/// A step in short words, from the position it is played from (`8d pile 7 → 2, shows 8h`,
/// `Ac pile 4 up` to its foundation); where its line is too narrow for them (the panel at
/// 80 columns), in fewer (`8d 7>2 shows 8h`). A card it turns face up is always named. The
/// message under the board says the next step in full.
pub fn step_spans(step: &Step<Klondike>, look: &Look) -> Vec<Span<'static>> {
    let &Step {
        before,
        mv,
        style,
        width,
        ..
    } = step;
    vec![Span::styled(
        look.text.names(&step_words(before, mv, width)),
        style,
    )]
}

/// A step's words as they fit `width` columns: the short words when they do, else the
/// fewest. Both say it alike: the card, where it comes from, an arrow, where it goes, then
/// the card it turns face up ("Ah pile 7 → foundation, turns up Qs", "Ah 7→found. turns Qs").
fn step_words(before: &Position, mv: Move, width: usize) -> String {
    let shown = turned_up(before, mv);
    let short = match &shown {
        Some(card) => format!("{}, turns up {card}", short_words(before, mv)),
        None => short_words(before, mv),
    };
    if Span::raw(short.as_str()).width() <= width {
        return short;
    }
    match &shown {
        Some(card) => format!("{} turns {card}", fewest_words(before, mv)),
        None => fewest_words(before, mv),
    }
}

/// The name of a card in a step, `??` when it is not known.
fn card_name(card: Option<Card>) -> String {
    card.map_or_else(|| "??".to_string(), |card| card.to_string())
}

/// The card a move takes, `+2` after it for the two cards on it (`+` alone in the fewest
/// words, `fewest`).
fn moved_card(before: &Position, mv: Move, fewest: bool) -> String {
    let card = |pile: u8, count: u8| {
        let run = before
            .pile(usize::from(pile))
            .map_or(&[][..], |p| p.face_up.as_slice());
        let first = run.len().saturating_sub(usize::from(count));
        let more = match (count, fewest) {
            (0 | 1, _) => String::new(),
            (_, true) => format!("+{}", count - 1),
            (_, false) => format!(" +{}", count - 1),
        };
        format!("{}{more}", card_name(run.get(first).copied().flatten()))
    };
    match mv {
        Move::WasteToFoundation | Move::WasteToPile(_) => {
            card_name(before.waste().last().copied().flatten())
        }
        Move::PileToFoundation(from) => card(from, 1),
        Move::PileToPile { from, count, .. } => card(from, count),
        Move::FoundationToPile { suit, .. } => card_name(before.foundation_top(suit)),
        Move::Draw | Move::Redeal => String::new(),
    }
}

/// A move in short words: the card moved (`+2` for the two cards on it), where from, an
/// arrow and where to, every place named in full; a draw names its cards.
fn short_words(before: &Position, mv: Move) -> String {
    let card = moved_card(before, mv, false);
    match mv {
        Move::Draw => before.describe(mv),
        Move::Redeal => "Redeal".to_string(),
        Move::WasteToFoundation => format!("{card} waste → foundation"),
        Move::WasteToPile(to) => format!("{card} waste → pile {}", to + 1),
        Move::PileToFoundation(from) => format!("{card} pile {} → foundation", from + 1),
        Move::PileToPile { from, to, .. } => {
            format!("{card} pile {} → pile {}", from + 1, to + 1)
        }
        Move::FoundationToPile { to, .. } => format!("{card} foundation → pile {}", to + 1),
    }
}

/// A move in the fewest words, the short words' order and arrow with piles by their numbers
/// alone and the foundation cut to `found.` (`7c waste→5`, `8d+2 7→2`): short enough for
/// the narrowest list of steps with the card it turns up after it.
fn fewest_words(before: &Position, mv: Move) -> String {
    let card = moved_card(before, mv, true);
    match mv {
        Move::Draw | Move::Redeal => short_words(before, mv),
        Move::WasteToFoundation => format!("{card} waste→found."),
        Move::WasteToPile(to) => format!("{card} waste→{}", to + 1),
        Move::PileToFoundation(from) => format!("{card} {}→found.", from + 1),
        Move::PileToPile { from, to, .. } => format!("{card} {}→{}", from + 1, to + 1),
        Move::FoundationToPile { to, .. } => format!("{card} found.→{}", to + 1),
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
    (now.face_down.len() < was.face_down.len())
        .then(|| card_name(now.face_up.last().copied().flatten()))
}

/// Play mode's panel's first lines: how the game stands, the card being typed in.
pub fn play_header(play: &Play, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let mut lines = Vec::new();
    if let Some(card) = play.waiting_card() {
        return table::typing_lines(&card, play.table.turned_up.typing, look);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::layout::{BOARD_WIDTH, MIN_WIDTH};
    use crate::app::widgets::step_words_width;
    use solitaire::games::klondike::{Deal, Pack, Rules, Setup};

    /// The columns a step's words have in the side panel at the smallest terminal: the
    /// screen less the board's and the panel's frames.
    fn narrowest() -> usize {
        step_words_width(Rect::new(0, 0, MIN_WIDTH - (BOARD_WIDTH + 2) - 2, 1))
    }

    #[test]
    fn every_step_fits_the_narrowest_list_and_names_the_card_it_turns_up() {
        let width = narrowest();
        let (mut shown, mut runs) = (0, 0);
        for seed in 0..40 {
            let mut position = Position::new(&Deal::shuffled(seed), Rules::STANDARD);
            for turn in 0..150_usize {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in &moves {
                    let words = step_words(&position, mv, width);
                    assert!(
                        Span::raw(words.as_str()).width() <= width,
                        "{words:?} is wider than {width} columns"
                    );
                    if let Some(card) = turned_up(&position, mv) {
                        assert!(words.ends_with(&format!(" {card}")), "{words}");
                        shown += 1;
                        runs += usize::from(matches!(mv, Move::PileToPile { count: 2.., .. }));
                    }
                    let wide = step_words(&position, mv, 80);
                    assert_eq!(wide, {
                        let short = short_words(&position, mv);
                        turned_up(&position, mv)
                            .map_or(short.clone(), |card| format!("{short}, turns up {card}"))
                    });
                }
                let mv = moves[(turn * 7 + seed as usize) % moves.len()];
                position.apply(mv).expect("a legal move");
            }
        }
        assert!(
            shown > 0 && runs > 0,
            "{shown} cards turned up, {runs} by a run"
        );
    }

    #[test]
    fn a_run_of_twelve_that_turns_a_card_up_not_known_fits() {
        // The longest step there is: a King's run, from a pile with a card face down to an
        // empty pile, the card turned up not known; the rest of the pack in the stock.
        let run: Vec<Option<Card>> = "Kd Qc Jd Tc 9d 8c 7d 6c 5d 4c 3d 2c"
            .split(' ')
            .map(|card| Some(card.parse().expect("a card")))
            .collect();
        let mut piles = vec![Pile::default(); 7];
        piles[6] = Pile {
            face_down: vec![None],
            face_up: run,
        };
        let setup = Setup {
            piles,
            stock: vec![None; 52 - 13],
            ..Setup::default()
        };
        let position = Position::set_up(setup, Rules::STANDARD, Pack::Whole).expect("a table");
        let mv = Move::PileToPile {
            from: 6,
            to: 1,
            count: 12,
        };
        position.check(mv).expect("a legal move");
        assert_eq!(
            step_words(&position, mv, 80),
            "Kd +11 pile 7 → pile 2, turns up ??"
        );
        assert_eq!(step_words(&position, mv, narrowest()), "Kd+11 7→2 turns ??");
    }
}

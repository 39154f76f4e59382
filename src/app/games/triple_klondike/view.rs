//! Drawing Triple Klondike's screens: the table at the step shown (the deal's start on the
//! deal's screen and while solving), and beside it the deal's panel (what it is, what is
//! wrong with a text pasted, the line kept), the search's progress with its best line so
//! far, or the line's figures and its steps in the contest's notation and in words.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use solitaire::cards::card::Card;
use solitaire::cards::excerpt::thousands;
use solitaire::games::triple_klondike::bound::lower_bound;
use solitaire::games::triple_klondike::deal::card_text;
use solitaire::games::triple_klondike::notation::move_text;
use solitaire::games::triple_klondike::{Foundation, Move, Pile, Position};

use crate::app::games::triple_klondike::board::{TableBoard, spots_of, turned_up};
use crate::app::games::triple_klondike::{Figures, Screen, Solving, Stepper, TripleKlondike};
use crate::app::widgets::{Look, headed_panel, panel_block, spinner, step_list};

/// Draws the board and the side panel.
pub fn draw(session: &TripleKlondike, board: Rect, panel: Rect, buf: &mut Buffer, look: &Look) {
    draw_board(session, board, buf, look);
    match &session.screen {
        Screen::Deal => deal_panel(session, panel, buf, look),
        Screen::Solving(solving) => {
            let lines = solving_lines(session, solving, look);
            Paragraph::new(lines)
                .wrap(Wrap { trim: true })
                .block(panel_block("Solving", look.theme))
                .render(panel, buf);
        }
        Screen::Line(stepper) => line_panel(session, stepper, panel, buf, look),
    }
}

fn draw_board(session: &TripleKlondike, area: Rect, buf: &mut Buffer, look: &Look) {
    let Some(table) = &session.table else {
        return;
    };
    let (position, hint, turned) = match &session.screen {
        Screen::Line(stepper) => {
            let position = stepper.position();
            let hint = table
                .line
                .get(stepper.step)
                .map_or([None, None], |&mv| spots_of(position, mv));
            let turned = stepper
                .step
                .checked_sub(1)
                .and_then(|last| turned_up(&stepper.positions[last], position));
            (position, hint, turned)
        }
        _ => (&table.start, [None, None], None),
    };
    TableBoard {
        position,
        hint,
        turned,
        text: look.text,
        theme: look.theme,
    }
    .render(area, buf);
}

/// The deal's panel: what the deal is and what is known of it, or what keeps the text
/// pasted from being a deal.
fn deal_panel(session: &TripleKlondike, area: Rect, buf: &mut Buffer, look: &Look) {
    let theme = look.theme;
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let dim = Style::new().fg(theme.dim);
    let mut lines = Vec::new();
    if let Some(table) = &session.table {
        {
            lines.push(Line::styled("A valid deal", bold.fg(theme.success)));
            lines.push(Line::raw(format!(
                "{} cards: {} in the piles, {} in the stock",
                table.deal.cards().len(),
                table.deal.cards().len() - table.start.stock().len(),
                table.start.stock().len()
            )));
            lines.push(Line::raw(format!(
                "bound    {} moves",
                lower_bound(&table.start).moves()
            )));
            lines.push(Line::raw(format!(
                "search   {} s (t)",
                session.budget.as_secs()
            )));
            if !table.line.is_empty() {
                let mut end = table.start.clone();
                for &mv in &table.line {
                    let _ = end.apply(mv);
                }
                lines.push(Line::raw(format!(
                    "line     {}/{} (→ shows it)",
                    end.cards_up(),
                    table.line.len()
                )));
            }
            lines.push(Line::raw(""));
            lines.push(Line::styled("Enter solves it.", Style::new().fg(theme.key)));
            lines.push(Line::styled(
                "Shown as dealt, read-only: paste or open another deal to change it.",
                dim,
            ));
        }
    } else {
        lines.push(Line::styled("No deal yet", bold.fg(theme.warning)));
        lines.push(Line::styled(
            "Paste one in the contest's format, Ctrl-O opens a file, Ctrl-R deals one.",
            dim,
        ));
    }
    if !session.problems.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Pasted, not a deal:", bold));
        for problem in &session.problems {
            lines.push(Line::styled(
                look.text.names(problem),
                Style::new().fg(theme.invalid),
            ));
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(panel_block("Deal", theme))
        .render(area, buf);
}

/// "3.2 of 5 s".
fn time_of(elapsed: Duration, budget: Duration) -> String {
    format!("{:.1} of {} s", elapsed.as_secs_f64(), budget.as_secs())
}

/// The search under way: its best line so far, the bound, its figures and its time.
fn solving_lines(session: &TripleKlondike, solving: &Solving, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let bound = session
        .table
        .as_ref()
        .map_or(0, |table| lower_bound(&table.start).moves());
    let best_text = solving.best.as_ref().map_or_else(
        || "none yet".to_string(),
        |best| format!("{}/{}", best.tally.cards_up, best.tally.moves),
    );
    vec![
        Line::styled(
            format!("{} Searching", spinner(look)),
            Style::new().fg(theme.warning),
        ),
        Line::raw(""),
        Line::from(vec![
            Span::raw("best     "),
            Span::styled(best_text, Style::new().fg(theme.success)),
        ]),
        Line::raw(format!("bound    {bound} moves")),
        Line::raw(format!(
            "states   {}",
            thousands(solving.stats.expanded as usize)
        )),
        Line::raw(format!(
            "time     {}",
            time_of(solving.elapsed, session.budget)
        )),
        Line::raw(""),
        Line::from(vec![
            Span::styled("Esc", Style::new().fg(theme.key)),
            Span::raw(" stops, keeping the best line"),
        ]),
    ]
}

/// The line's figures, then its steps.
fn line_panel(
    session: &TripleKlondike,
    stepper: &Stepper,
    area: Rect,
    buf: &mut Buffer,
    look: &Look,
) {
    let lines = line_header(session, stepper, look);
    let list = headed_panel("Line", lines, area, buf, look.theme);
    let Some(table) = &session.table else {
        return;
    };
    let moves = &table.line;
    step_list(
        list,
        buf,
        (moves.len(), stepper.step),
        look.theme,
        |number, style, _done| {
            let words = named(&step_short(&stepper.positions[number], moves[number]), look);
            vec![Span::styled(words, style)]
        },
    );
}

/// What the line achieves, what is known of it, and where the stepper stands.
fn line_header(session: &TripleKlondike, stepper: &Stepper, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let Some(figures) = session.figures() else {
        return Vec::new();
    };
    let Figures {
        cards_up,
        cards,
        moves,
        bound,
    } = figures;
    let colour = if figures.complete() {
        theme.success
    } else {
        theme.warning
    };
    let mut lines = vec![Line::styled(
        format!("{cards_up}/{moves}: {cards_up} of {cards} up"),
        Style::new().fg(colour).add_modifier(Modifier::BOLD),
    )];
    lines.push(Line::raw(match figures.gap() {
        _ if figures.proved() => format!("bound {bound}: proved the fewest"),
        Some(gap) => format!("bound {bound} · gap {gap}"),
        None => format!("bound {bound} moves"),
    }));
    lines.push(Line::styled(
        match &session.searched {
            Some(searched) => format!(
                "found in {:.1} s{}",
                searched.elapsed.as_secs_f64(),
                searched
                    .stopped
                    .as_ref()
                    .map_or_else(String::new, |why| format!(", {why}"))
            ),
            None => "the line saved".to_string(),
        },
        Style::new().fg(theme.dim),
    ));
    lines.push(Line::raw(format!(
        "step {} of {} · {} up",
        stepper.step,
        stepper.moves(),
        stepper.position().cards_up()
    )));
    lines
}

/// A move in the contest's notation and in words, with the card it turns face up.
fn step_words(before: &Position, mv: Move) -> String {
    let mut words = format!("{} {}", move_text(mv), before.describe(mv));
    if let Some(card) = card_turned_up(before, mv) {
        words.push_str(&format!(", turning up {}", card_text(card)));
    }
    words
}

/// A move in short, for the list of steps: its notation, the cards it moves and the card
/// it turns face up.
fn step_short(before: &Position, mv: Move) -> String {
    let mut words = move_text(mv);
    for card in moved_cards(before, mv) {
        words.push(' ');
        words.push_str(&card_text(card));
    }
    if let Some(card) = card_turned_up(before, mv) {
        words.push_str(&format!(", up {}", card_text(card)));
    }
    words
}

/// The card a move turns face up, if it uncovers one.
fn card_turned_up(before: &Position, mv: Move) -> Option<Card> {
    let mut after = before.clone();
    after.apply(mv).ok()?;
    let pile = turned_up(before, &after)?;
    after.piles()[usize::from(pile)].face_up.first().copied()
}

/// The cards a move takes from where they lie, bottom first.
fn moved_cards(before: &Position, mv: Move) -> Vec<Card> {
    let pile = |pile: u8| before.piles().get(usize::from(pile));
    let waste = before.waste().last().copied();
    match mv {
        Move::Redeal => Vec::new(),
        Move::Draw => before.stock().last().copied().into_iter().collect(),
        Move::WasteToFoundation(_) | Move::WasteToPile(_) => waste.into_iter().collect(),
        Move::PileToFoundation { from, .. } => pile(from).and_then(Pile::top).into_iter().collect(),
        Move::PileToPile { from, count, .. } => {
            pile(from).map_or_else(Vec::new, |pile| pile.run(count).to_vec())
        }
        Move::FoundationToPile { from, .. } => before
            .foundations()
            .get(usize::from(from))
            .and_then(Foundation::top)
            .into_iter()
            .collect(),
    }
}

/// On the line's screen, the next step in the contest's notation and in words, or after the
/// last how the line ends: the message line shows it when nothing else is said.
pub fn next_step(session: &TripleKlondike, look: &Look) -> Option<Line<'static>> {
    let (Screen::Line(stepper), Some(table)) = (&session.screen, &session.table) else {
        return None;
    };
    let (label, text) = if let Some(&mv) = table.line.get(stepper.step) {
        (
            format!(" Next ({}): ", stepper.step + 1),
            step_words(stepper.position(), mv),
        )
    } else {
        (" End: ".to_string(), session.figures()?.headline())
    };
    Some(Line::from(vec![
        Span::styled(label, Style::new().fg(look.theme.highlight_move)),
        Span::raw(named(&text, look)),
    ]))
}

/// A text with cards in the contest's spelling (`5H`) written as the board shows them.
fn named(text: &str, look: &Look) -> String {
    let words: Vec<String> = text
        .split(' ')
        .map(|word| {
            let chars: Vec<char> = word.chars().collect();
            let contest = matches!(chars.as_slice(), [rank, suit] | [rank, suit, ',']
                if "A23456789TJQK".contains(*rank) && "SHDC".contains(*suit));
            if contest {
                word.chars()
                    .enumerate()
                    .map(|(i, c)| if i == 1 { c.to_ascii_lowercase() } else { c })
                    .collect()
            } else {
                word.to_string()
            }
        })
        .collect();
    look.text.names(&words.join(" "))
}

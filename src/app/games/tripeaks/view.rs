//! Drawing TriPeaks' parts of the screens: the board as the editor, the stepper or play mode
//! shows it, and the lines of the side panels that are TriPeaks' own (the cards not seen
//! yet, an answer's headline with the reveal plan that unknown cards call for, the live
//! verdict with the score and streak, the card turned up being typed in).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use solitaire::cards::card::Card;
use solitaire::cards::excerpt::thousands;
use solitaire::games::tripeaks::Move;
use solitaire::games::tripeaks::layout::{place_name, row_of};

use super::tripeaks_output;
use crate::app::flow::table::{self, TablePlay};
use crate::app::flow::view::{goal_line, problem_lines, unknown_and_cursor_lines};
use crate::app::flow::{Flow, Screen, Solution, Step};
use crate::app::games::tripeaks::TriPeaks;
use crate::app::games::tripeaks::board::{EditorBoard, PlayBoard, Spot};
use crate::app::games::tripeaks::play::{Play, Standing};
use crate::app::widgets::{Look, counted, spinner};

/// Draws the board: the solution's step, the game played, or the editor's slots.
pub fn draw_board(flow: &Flow<TriPeaks>, area: Rect, buf: &mut Buffer, look: &Look) {
    let (text, theme) = (look.text, look.theme);
    match (&flow.screen, flow.playing()) {
        (Screen::Solution(solution), _) => PlayBoard {
            position: solution.position(),
            hint: spot_of(solution.next_move()),
            cursor: None,
            text,
            theme,
        }
        .render(area, buf),
        (Screen::Play, Some(play)) => PlayBoard {
            position: play.position(),
            hint: spot_of(play.best_move().filter(|_| play.hint_shown)),
            cursor: Some(play.cursor),
            text,
            theme,
        }
        .render(area, buf),
        _ => {
            EditorBoard {
                typing: flow.typing(flow.editor.invalid_slots()),
                text,
                theme,
            }
            .render(area, buf);
        }
    }
}

/// Where a move is on the board: the tableau card played, or the stock drawn from.
fn spot_of(mv: Option<Move>) -> Option<Spot> {
    match mv? {
        Move::Play(index) => Some(Spot::Card(index)),
        Move::Draw => Some(Spot::Stock),
    }
}

/// The Check panel's lines: the cards not seen yet, where the cursor is, the challenge, then
/// what keeps the slots from being a deal.
pub fn check_lines(flow: &Flow<TriPeaks>, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let editor = &flow.editor;
    let mut lines =
        unknown_and_cursor_lines(editor.unknown_count(), &place_name(editor.cursor), theme);
    lines.extend(goal_line(flow.goal, theme));
    lines.push(Line::raw(""));
    lines.extend(problem_lines(&editor.problems(), look));
    lines
}

/// The answer's headline, where the stepper stands with the running score and streak, and
/// the reveal plan when unknown cards hold the answer back.
pub fn solution_header(solution: &Solution<TriPeaks>, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let found = &solution.found;
    let start = solution.positions[0];
    let colour = if found.answer.reached() {
        theme.success
    } else {
        theme.warning
    };
    let mut lines = vec![Line::styled(
        look.text
            .names(&tripeaks_output::headline(found.goal, &found.answer)),
        Style::new().fg(colour).add_modifier(Modifier::BOLD),
    )];
    let now = solution.position();
    lines.push(Line::raw(format!(
        "step {} of {} · score {} · streak {}",
        solution.step,
        solution.moves.len(),
        thousands(now.score() as usize),
        now.streak()
    )));
    let titles = found.answer.lines();
    if let Some((Some(title), _)) = titles.get(solution.chosen) {
        lines.push(Line::styled(
            format!("{title} (Tab: the other)"),
            Style::new().fg(theme.dim),
        ));
    }
    if found.answer.definitive() {
        if start.deal().has_unknown() {
            lines.push(Line::styled(
                "Definitive: the unknown cards cannot change it.",
                Style::new().fg(theme.success),
            ));
        }
    } else {
        lines.extend(plan_lines(solution, look));
    }
    lines
}

/// The reveal plan, as the player follows it in their game.
fn plan_lines(solution: &Solution<TriPeaks>, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let warn = Style::new().fg(theme.warning);
    let Some(plan) = &solution.found.plan else {
        return vec![Line::styled(
            "Not definitive, and no unknown card can be turned face up.",
            warn,
        )];
    };
    let reveal = tripeaks_output::reveal_words(&solution.positions[0], plan);
    let mut lines = vec![Line::styled(
        "Not definitive: unknown cards hold it back.",
        warn,
    )];
    let card = look.text.names(&reveal.card);
    if reveal.steps.is_empty() {
        lines.push(Line::raw(format!("In play, type {card}.")));
        return lines;
    }
    let start = if reveal.from_start {
        "Restart the same deal in your game, then play"
    } else if solution.from_play {
        "In your game, play"
    } else {
        "From the deal's start, play"
    };
    // What to do comes first, so that it shows however long the plan is.
    lines.push(Line::raw(format!(
        "{start} {}, then type {card} as it turns up:",
        counted(reveal.steps.len(), "step")
    )));
    let style = Style::new().fg(theme.highlight_move);
    let mut number = 0;
    for run in plan
        .moves
        .chunk_by(|a, b| (*a == Move::Draw) == (*b == Move::Draw))
    {
        let texts = &reveal.steps[number..number + run.len()];
        // A run of draws takes one line: the cards as they turn up.
        if run[0] == Move::Draw && run.len() > 2 {
            let cards: Vec<&str> = texts
                .iter()
                .map(|text| text.strip_prefix("Draw ").unwrap_or(text))
                .collect();
            lines.push(Line::styled(
                look.text.names(&format!(
                    " {:>2}-{}. Draw {} cards: {}",
                    number + 1,
                    number + run.len(),
                    run.len(),
                    cards.join(", ")
                )),
                style,
            ));
        } else {
            for (offset, text) in texts.iter().enumerate() {
                lines.push(Line::styled(
                    format!(" {:>2}. {}", number + offset + 1, look.text.names(text)),
                    style,
                ));
            }
        }
        number += run.len();
    }
    lines
}

/// A step in the list of steps, short enough for the side panel beside the board at 80
/// columns, as Pyramid's list writes its own: "Draw Qs", "Ks row 4 on Ac".
pub fn step_spans(step: &Step<TriPeaks>, look: &Look) -> Vec<Span<'static>> {
    let before = step.before;
    let card = |card: Option<Card>| step.card(card, look);
    match step.mv {
        Move::Draw => {
            let mut spans = vec![step.words("Draw ")];
            if let Some(slot) = before.stock_slots().next() {
                spans.push(card(before.deal().card(slot)));
            }
            spans
        }
        Move::Play(slot) => vec![
            card(before.deal().card(usize::from(slot))),
            step.words(format!(" row {} on ", row_of(usize::from(slot)) + 1)),
            card(before.waste_top()),
        ],
    }
}

/// Play mode's panel's first lines: the live verdict, the score and streak.
pub fn play_header(play: &Play, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    if let Some(card) = play.waiting_card() {
        return table::typing_lines(&card, play.table.turned_up.typing, look);
    }
    let standing = play.standing();
    let style = match standing {
        Standing::Checking => Style::new().fg(theme.dim),
        Standing::Reachable { .. } | Standing::Ranked => {
            Style::new().fg(theme.success).add_modifier(Modifier::BOLD)
        }
        Standing::Lost { .. } => Style::new().fg(theme.warning).add_modifier(Modifier::BOLD),
    };
    let verdict = play.verdict();
    let verdict = if standing == Standing::Checking || play.refining() {
        format!("{} {verdict}", spinner(look))
    } else {
        verdict
    };
    let position = play.position();
    vec![
        Line::styled(verdict, style),
        Line::raw(format!(
            "score {} · streak {}",
            thousands(position.score() as usize),
            position.streak()
        )),
    ]
}

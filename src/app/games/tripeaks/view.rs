//! Drawing TriPeaks' screens: the board as the editor, the stepper or play mode shows it, and
//! the side panel beside it (the Check panel, the search's progress, the answer with its
//! reveal plan, the game).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use solitaire::cards::deal::{DECK_SIZE, thousands};
use solitaire::engine::goal::Goal;
use solitaire::games::tripeaks::{Move, Position};

use crate::app::games::tripeaks::board::{EditorBoard, PlayBoard, Spot};
use crate::app::games::tripeaks::play::Play;
use crate::app::games::tripeaks::{Reveal, Screen, Session, Solution, Solving};
use crate::app::widgets::{Look, below, counted, first_shown, header_height, panel_block, spinner};
use crate::cli::tripeaks_output;

/// Draws the board and the side panel.
pub fn draw(session: &Session, board: Rect, panel: Rect, buf: &mut Buffer, look: &Look) {
    let (text, theme) = (look.text, look.theme);
    let play = session
        .play
        .as_ref()
        .filter(|_| matches!(session.screen, Screen::Play));
    match (&session.screen, play) {
        (Screen::Solution(solution) | Screen::Reveal(Reveal { solution, .. }), _) => {
            PlayBoard {
                position: solution.position(),
                hint: spot_of(solution.next_move()),
                cursor: None,
                text,
                theme,
            }
            .render(board, buf);
        }
        (Screen::Play, Some(play)) => PlayBoard {
            position: play.position(),
            hint: spot_of(play.best_move().filter(|_| play.hint_shown)),
            cursor: Some(play.cursor),
            text,
            theme,
        }
        .render(board, buf),
        _ => {
            let invalid = session.editor.invalid_slots();
            EditorBoard {
                slots: &session.editor.slots,
                unknown: session.editor.unknown,
                cursor: if matches!(session.screen, Screen::Editor) {
                    session.editor.cursor
                } else {
                    DECK_SIZE
                },
                pending: session.editor.pending_text(),
                invalid: &invalid,
                text,
                theme,
            }
            .render(board, buf);
        }
    }
    match (&session.screen, play) {
        (Screen::Solving(solving), _) => solving_panel(solving, panel, buf, look),
        (Screen::Solution(solution), _) => solution_panel(solution, panel, buf, look),
        (Screen::Reveal(reveal), _) => reveal_panel(reveal, panel, buf, look),
        (Screen::Play, Some(play)) => play_panel(play, panel, buf, look),
        _ => editor_panel(session, panel, buf, look),
    }
}

/// On the solution screen, the next step: the message line shows it when nothing else is said.
pub fn next_step(session: &Session, look: &Look) -> Option<Line<'static>> {
    let Screen::Solution(solution) = &session.screen else {
        return None;
    };
    let mv = solution.next_move()?;
    Some(Line::from(vec![
        Span::styled(" Next: ", Style::new().fg(look.theme.highlight_move)),
        Span::raw(look.text.names(&solution.position().describe(mv))),
    ]))
}

/// Where a move is on the board: the tableau card played, or the stock drawn from.
fn spot_of(mv: Option<Move>) -> Option<Spot> {
    match mv? {
        Move::Play(index) => Some(Spot::Card(index)),
        Move::Draw => Some(Spot::Stock),
    }
}

fn editor_panel(session: &Session, area: Rect, buf: &mut Buffer, look: &Look) {
    let (theme, text) = (look.theme, look.text);
    let editor = &session.editor;
    let filled = editor.filled();
    let count_style = if filled == DECK_SIZE && editor.duplicates().is_empty() {
        Style::new().fg(theme.success)
    } else {
        Style::new().fg(theme.warning)
    };
    let mut lines = vec![Line::from(vec![
        Span::styled(
            format!("{filled}/{DECK_SIZE}"),
            count_style.add_modifier(Modifier::BOLD),
        ),
        Span::raw(" cards"),
    ])];
    let unknown = editor.unknown_count();
    if unknown > 0 {
        lines.push(Line::styled(
            format!("{} still face down (?)", counted(unknown, "card")),
            Style::new().fg(theme.dim),
        ));
    }
    lines.push(Line::styled(
        format!(
            "Cursor: {}",
            solitaire::games::tripeaks::layout::place_name(editor.cursor)
        ),
        Style::new().fg(theme.dim),
    ));
    if session.goal != Goal::Board {
        lines.push(Line::styled(
            format!("{} (g changes it)", session.goal),
            Style::new().fg(theme.title),
        ));
    }
    lines.push(Line::raw(""));
    let problems = editor.problems();
    if problems.is_empty() {
        lines.push(Line::styled(
            "A valid deal. Enter solves it, Ctrl-P plays it.",
            Style::new().fg(theme.success),
        ));
    }
    for problem in problems {
        lines.push(Line::styled(
            text.names(&problem),
            Style::new().fg(theme.invalid),
        ));
    }
    if let Some((slot, card)) = editor.fill_offer() {
        lines.push(Line::raw(""));
        lines.push(Line::from(vec![
            Span::styled("Ctrl-F", Style::new().fg(theme.key)),
            Span::raw(" puts "),
            text.span(card, theme),
            Span::raw(format!(
                " in {}",
                solitaire::games::tripeaks::layout::slot_name(slot)
            )),
        ]));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(panel_block("Check", theme))
        .render(area, buf);
}

fn solving_panel(solving: &Solving, area: Rect, buf: &mut Buffer, look: &Look) {
    let theme = look.theme;
    let lines = vec![
        Line::styled(
            format!("{} Searching", spinner(look)),
            Style::new().fg(theme.warning),
        ),
        Line::raw(""),
        Line::raw(format!(
            "positions  {}",
            thousands(solving.stats.expanded as usize)
        )),
        Line::raw(format!("elapsed    {:.1} s", solving.elapsed.as_secs_f64())),
        Line::raw(""),
        Line::from(vec![
            Span::styled("Esc", Style::new().fg(theme.key)),
            Span::raw(" cancels"),
        ]),
    ];
    Paragraph::new(lines)
        .block(panel_block("Solving", theme))
        .render(area, buf);
}

/// The answer's headline, where the stepper stands with the running score and streak, and
/// the reveal plan when unknown cards hold the answer back; then the steps.
fn solution_panel(solution: &Solution, area: Rect, buf: &mut Buffer, look: &Look) {
    let theme = look.theme;
    let block = panel_block("Steps", theme);
    let inner = block.inner(area);
    block.render(area, buf);
    let lines = solution_header(solution, look);
    let height = header_height(&lines, inner);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .render(Rect::new(inner.x, inner.y, inner.width, height), buf);
    step_list(
        below(inner, height + 1),
        buf,
        &solution.moves,
        &solution.positions,
        solution.step,
        look,
    );
}

/// The step a mouse click at a screen cell lands on in the solution's list of steps.
pub fn step_at(
    solution: &Solution,
    panel: Rect,
    look: &Look,
    column: u16,
    row: u16,
) -> Option<usize> {
    let inner = panel_block("Steps", look.theme).inner(panel);
    let lines = solution_header(solution, look);
    let list = below(inner, header_height(&lines, inner) + 1);
    if !list.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let first = first_shown(solution.step, solution.moves.len(), list.height);
    let number = first + usize::from(row - list.y);
    (number < solution.moves.len()).then_some(number)
}

fn solution_header(solution: &Solution, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let start = solution.positions[0];
    let colour = if solution.answer.reached() {
        theme.success
    } else {
        theme.warning
    };
    let mut lines = vec![Line::styled(
        look.text
            .names(&tripeaks_output::headline(solution.goal, &solution.answer)),
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
    let titles = solution.answer.lines();
    if let Some((Some(title), _)) = titles.get(solution.chosen) {
        lines.push(Line::styled(
            format!("{title} (Tab: the other)"),
            Style::new().fg(theme.dim),
        ));
    }
    if solution.answer.definitive() {
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
fn plan_lines(solution: &Solution, look: &Look) -> Vec<Line<'static>> {
    let theme = look.theme;
    let warn = Style::new().fg(theme.warning);
    let Some(plan) = &solution.plan else {
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
        lines.push(Line::raw(format!("Press t and type {card}.")));
        return lines;
    }
    let start = if reveal.from_start || solution.restart {
        "Restart the same deal in your game, then play"
    } else if solution.from_play {
        "In your game, play"
    } else {
        "From the deal's start, play"
    };
    // What to do comes first, so that it shows however long the plan is.
    lines.push(Line::raw(format!(
        "{start} {}, then press t and type {card}:",
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

fn reveal_panel(reveal: &Reveal, area: Rect, buf: &mut Buffer, look: &Look) {
    let theme = look.theme;
    let mut lines = vec![
        Line::styled(
            "Type the card that turned up",
            Style::new().fg(theme.title).add_modifier(Modifier::BOLD),
        ),
        Line::raw(crate::app::games::tripeaks::place_words(reveal.slot)),
        Line::raw(""),
    ];
    let typed = reveal.input.text().unwrap_or_default();
    lines.push(Line::from(vec![
        Span::styled("Card: ", Style::new().fg(theme.dim)),
        Span::styled(format!("{typed}█"), Style::new().fg(theme.cursor)),
    ]));
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "Rank then suit (Qh, 10s). Esc goes back to the plan.",
        Style::new().fg(theme.dim),
    ));
    lines.extend(plan_lines(&reveal.solution, look));
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(panel_block("Reveal", theme))
        .render(area, buf);
}

/// Play mode's panel: the live verdict, the score and streak, then the moves played.
fn play_panel(play: &Play, area: Rect, buf: &mut Buffer, look: &Look) {
    let theme = look.theme;
    let block = panel_block("Game", theme);
    let inner = block.inner(area);
    block.render(area, buf);
    let verdict = play.verdict();
    let style = match play.standing() {
        crate::app::games::tripeaks::play::Standing::Checking => Style::new().fg(theme.dim),
        crate::app::games::tripeaks::play::Standing::Reachable { .. } => {
            Style::new().fg(theme.success).add_modifier(Modifier::BOLD)
        }
        crate::app::games::tripeaks::play::Standing::Lost { .. } => {
            Style::new().fg(theme.warning).add_modifier(Modifier::BOLD)
        }
    };
    let verdict = if matches!(
        play.standing(),
        crate::app::games::tripeaks::play::Standing::Checking
    ) {
        format!("{} {verdict}", spinner(look))
    } else {
        verdict
    };
    let game = &play.game;
    let position = play.position();
    let redo = game.redoable();
    let mut count = format!("{} played", counted(game.played(), "move"));
    if redo > 0 {
        count.push_str(&format!(", {redo} to redo"));
    }
    let lines = vec![
        Line::styled(verdict, style),
        Line::raw(format!(
            "score {} · streak {}",
            thousands(position.score() as usize),
            position.streak()
        )),
        Line::styled(count, Style::new().fg(theme.dim)),
    ];
    let height = header_height(&lines, inner);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .render(Rect::new(inner.x, inner.y, inner.width, height), buf);
    let moves: Vec<Move> = (0..game.played() + redo)
        .filter_map(|n| game.move_after(n))
        .collect();
    let positions: Vec<Position> = (0..=moves.len())
        .filter_map(|n| game.position_after(n).copied())
        .collect();
    step_list(
        below(inner, height + 1),
        buf,
        &moves,
        &positions,
        game.played(),
        look,
    );
}

/// Numbered steps, the current one marked and kept in view; steps before it dimmed.
/// `positions[n]` is the position step `n` is played from.
fn step_list(
    list: Rect,
    buf: &mut Buffer,
    moves: &[Move],
    positions: &[Position],
    current: usize,
    look: &Look,
) {
    let theme = look.theme;
    let rows = list.height as usize;
    if rows == 0 || moves.is_empty() {
        return;
    }
    let first = first_shown(current, moves.len(), list.height);
    for (offset, number) in (first..moves.len()).take(rows).enumerate() {
        let Some(before) = positions.get(number) else {
            break;
        };
        let is_current = number == current;
        let style = if is_current {
            Style::new()
                .fg(theme.highlight_move)
                .add_modifier(Modifier::BOLD)
        } else if number < current {
            Style::new().fg(theme.dim)
        } else {
            Style::new().fg(theme.text)
        };
        let marker = if is_current { "▶" } else { " " };
        let text = look.text.names(&before.describe(moves[number]));
        Line::styled(format!("{marker}{:>3}. {text}", number + 1), style).render(
            Rect::new(list.x, list.y + offset as u16, list.width, 1),
            buf,
        );
    }
}

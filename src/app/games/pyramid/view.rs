//! Drawing Pyramid's screens: the board as the editor, the stepper or play mode shows it, and
//! the side panel beside it (the Check panel, the search's progress, the steps, the game).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use solitaire::cards::deal::{DECK_SIZE, thousands};
use solitaire::games::pyramid::layout::PYRAMID_SIZE;
use solitaire::games::pyramid::{Goal, Move, Place, Position};

use crate::app::cards::CardText;
use crate::app::games::pyramid::board::{EditorBoard, PlayBoard};
use crate::app::games::pyramid::editor::Pending;
use crate::app::games::pyramid::play::{Play, Standing};
use crate::app::games::pyramid::{Screen, Session, Solution, Solving, back_text};
use crate::app::theme::Theme;
use crate::app::widgets::{
    Look, below, capitalised, counted, first_shown, header_height, panel_block, spinner,
};
use crate::cli::challenge;

/// Draws the board and the side panel.
pub fn draw(session: &Session, board: Rect, panel: Rect, buf: &mut Buffer, look: &Look) {
    let (text, theme) = (look.text, look.theme);
    let preview = session
        .preview
        .as_ref()
        .filter(|_| matches!(session.screen, Screen::Editor));
    let play = session
        .play
        .as_ref()
        .filter(|_| matches!(session.screen, Screen::Play));
    match (&session.screen, preview, play) {
        (_, Some(position), _) => PlayBoard {
            position,
            hint: &[],
            cursor: None,
            selected: None,
            text,
            theme,
        }
        .render(board, buf),
        (Screen::Solution(solution), _, _) => PlayBoard {
            position: solution.position(),
            hint: &move_places(solution.next_move()),
            cursor: None,
            selected: None,
            text,
            theme,
        }
        .render(board, buf),
        (Screen::Play, _, Some(play)) => {
            let hint = move_places(play.best_move().filter(|_| play.hint_shown));
            PlayBoard {
                position: play.position(),
                hint: &hint,
                cursor: Some(play.cursor),
                selected: play.selected,
                text,
                theme,
            }
            .render(board, buf);
        }
        _ => {
            let invalid = session.editor.invalid_slots();
            let editor = EditorBoard {
                slots: &session.editor.slots,
                midgame: &session.editor.midgame,
                cursor: if matches!(session.screen, Screen::Editor) {
                    session.editor.cursor
                } else {
                    DECK_SIZE
                },
                pending: session.editor.pending_text(),
                invalid: &invalid,
                text,
                theme,
            };
            editor.render(board, buf);
        }
    }
    match (&session.screen, play) {
        (Screen::Solving(solving), _) => solving_panel(solving, panel, buf, look),
        (Screen::Solution(solution), _) => solution_panel(solution, panel, buf, text, theme),
        (Screen::Play, Some(play)) => play_panel(session, play, panel, buf, look),
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

fn editor_panel(session: &Session, area: Rect, buf: &mut Buffer, look: &Look) {
    let (theme, text) = (look.theme, look.text);
    let editor = &session.editor;
    let filled = editor.filled();
    let duplicates = editor.duplicates();
    let count_style = if filled == DECK_SIZE && duplicates.is_empty() {
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
    let slot = editor.cursor;
    lines.push(Line::styled(
        format!("Cursor: {}", slot_label(slot)),
        Style::new().fg(theme.dim),
    ));
    match editor.pending {
        Pending::Nothing => {}
        Pending::One => lines.push(Line::styled("Typed: 1_", Style::new().fg(theme.warning))),
        Pending::Rank(rank) => lines.push(Line::styled(
            format!("Typed: {}_ (now the suit)", rank.letter()),
            Style::new().fg(theme.warning),
        )),
    }
    if session.goal != Goal::Board {
        lines.push(Line::styled(
            format!("{} (g changes it)", session.goal),
            Style::new().fg(theme.title),
        ));
    }
    if !editor.midgame.is_start() {
        lines.push(Line::styled(
            format!("In progress: {}", editor.midgame),
            Style::new().fg(theme.highlight_move),
        ));
    }
    lines.push(Line::raw(""));
    let position_problems = editor.position_problems();
    let position_fine = position_problems.is_empty();
    for problem in position_problems {
        lines.push(Line::styled(
            text.names(&problem),
            Style::new().fg(theme.invalid),
        ));
    }
    for (card, a, b) in &duplicates {
        lines.push(Line::from(vec![
            text.span(*card, theme),
            Span::styled(
                format!(" twice: {} and {}", slot_label(*a), slot_label(*b)),
                Style::new().fg(theme.invalid),
            ),
        ]));
    }
    let missing = editor.missing();
    if missing.is_empty() && duplicates.is_empty() && position_fine {
        lines.push(Line::styled(
            "A valid deal. Enter solves it, Ctrl-P plays it.",
            Style::new().fg(theme.success),
        ));
    } else if !missing.is_empty() {
        lines.push(Line::raw(format!("Missing ({}):", missing.len())));
        let mut spans = Vec::new();
        for card in missing {
            spans.push(text.span(card, theme));
            spans.push(Span::raw(" "));
        }
        lines.push(Line::from(spans));
    }
    if let Some((slot, card)) = editor.fill_offer() {
        lines.push(Line::raw(""));
        lines.push(Line::from(vec![
            Span::styled("Ctrl-F", Style::new().fg(theme.key)),
            Span::raw(" puts "),
            text.span(card, theme),
            Span::raw(format!(" in {}", slot_label(slot))),
        ]));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(panel_block("Check", theme))
        .render(area, buf);
}

/// A slot for the side panel: "row 3" or "stock 5".
fn slot_label(slot: usize) -> String {
    if slot < PYRAMID_SIZE {
        solitaire::games::pyramid::layout::slot_name(slot).replace("pyramid ", "")
    } else {
        format!("stock {}", slot - PYRAMID_SIZE + 1)
    }
}

fn solving_panel(solving: &Solving, area: Rect, buf: &mut Buffer, look: &Look) {
    let theme = look.theme;
    let spinner = spinner(look);
    let stats = solving.stats;
    let lines = vec![
        Line::styled(
            format!("{spinner} Searching"),
            Style::new().fg(theme.warning),
        ),
        Line::raw(""),
        Line::raw(format!("positions  {}", thousands(stats.expanded as usize))),
        Line::raw(format!("waiting    {}", thousands(stats.frontier))),
        Line::raw(format!(
            "at least   {}",
            counted(stats.bound as usize, "step")
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

/// The places a move takes its cards from (the stock for a draw, the waste for a recycle).
fn move_places(mv: Option<Move>) -> Vec<Place> {
    match mv {
        Some(Move::King(a)) => vec![a],
        Some(Move::Pair(a, b)) => vec![a, b],
        Some(Move::Draw) => vec![Place::Stock],
        Some(Move::Recycle) => vec![Place::Waste],
        None => Vec::new(),
    }
}

fn solution_panel(
    solution: &Solution,
    area: Rect,
    buf: &mut Buffer,
    text: CardText,
    theme: &Theme,
) {
    let block = panel_block("Steps", theme);
    let inner = block.inner(area);
    block.render(area, buf);
    let lines = solution_header(solution, text, theme);
    let header_height = header_height(&lines, inner);
    let header = Text::from(lines);
    Paragraph::new(header)
        .wrap(Wrap { trim: true })
        .render(Rect::new(inner.x, inner.y, inner.width, header_height), buf);
    step_list(
        below(inner, header_height + 1),
        buf,
        &solution.moves,
        &|number| &solution.positions[number],
        solution.step,
        text,
        theme,
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
    let lines = solution_header(solution, look.text, look.theme);
    let list = below(inner, header_height(&lines, inner) + 1);
    if !list.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let first = first_shown(solution.step, solution.moves.len(), list.height);
    let number = first + usize::from(row - list.y);
    (number < solution.moves.len()).then_some(number)
}

/// The solution panel's first lines: the answer and where the stepper stands.
fn solution_header(solution: &Solution, text: CardText, theme: &Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(answer) = &solution.answer {
        let goal = solution.goal;
        let colour = if answer.reached() {
            theme.success
        } else {
            theme.warning
        };
        lines.push(Line::styled(
            challenge::headline(goal, answer),
            Style::new().fg(colour).add_modifier(Modifier::BOLD),
        ));
        let now = solitaire::games::pyramid::challenge::amount(
            goal,
            solitaire::games::pyramid::challenge::total(goal, solution.position()),
        );
        lines.push(Line::raw(format!(
            "step {} of {} · {now}",
            solution.step,
            solution.moves.len()
        )));
        let titles = answer.lines();
        if let Some((Some(title), _)) = titles.get(solution.chosen) {
            lines.push(Line::styled(
                format!("{title} (Tab: the other)"),
                Style::new().fg(theme.dim),
            ));
        }
    } else if solution.solvable {
        lines.push(Line::styled(
            format!("Solved in {}", counted(solution.moves.len(), "step")),
            Style::new().fg(theme.success).add_modifier(Modifier::BOLD),
        ));
        lines.push(Line::raw(format!(
            "step {} of {}",
            solution.step,
            solution.moves.len()
        )));
    } else {
        lines.push(Line::styled(
            "No solution",
            Style::new().fg(theme.warning).add_modifier(Modifier::BOLD),
        ));
        let aim = solution.positions[0].rules().finish.aim();
        // The answer may come from play mode's check, with no search of its own to count.
        let reason = solution
            .reason
            .clone()
            .unwrap_or_else(|| match solution.stats.expanded {
                0 => format!("There is no way to {aim}."),
                expanded => format!(
                    "An exhaustive search of {} positions found no way to {aim}.",
                    thousands(expanded as usize),
                ),
            });
        lines.push(Line::raw(text.names(&reason)));
    }
    lines
}

/// Numbered steps, the current one marked and kept in view a few lines from the top; steps
/// before it dimmed. `before(n)` is the position step `n` is played from.
fn step_list<'a>(
    list: Rect,
    buf: &mut Buffer,
    moves: &[Move],
    before: &dyn Fn(usize) -> &'a Position,
    current: usize,
    text: CardText,
    theme: &Theme,
) {
    let rows = list.height as usize;
    if rows == 0 || moves.is_empty() {
        return;
    }
    let first = first_shown(current, moves.len(), list.height);
    for (offset, number) in (first..moves.len()).take(rows).enumerate() {
        let mv = moves[number];
        let is_current = number == current;
        let done = number < current;
        let marker = if is_current { "▶" } else { " " };
        let style = if is_current {
            Style::new()
                .fg(theme.highlight_move)
                .add_modifier(Modifier::BOLD)
        } else if done {
            Style::new().fg(theme.dim)
        } else {
            Style::new().fg(theme.text)
        };
        let mut spans = vec![Span::styled(format!("{marker}{:>3}. ", number + 1), style)];
        spans.extend(step_spans(before(number), mv, text, theme, style, done));
        Line::from(spans).render(
            Rect::new(list.x, list.y + offset as u16, list.width, 1),
            buf,
        );
    }
}

/// Play mode's panel: whether the game can still be won, then the moves played (and those
/// that redo would play again).
fn play_panel(session: &Session, play: &Play, area: Rect, buf: &mut Buffer, look: &Look) {
    let (theme, text) = (look.theme, look.text);
    let block = panel_block("Game", theme);
    let inner = block.inner(area);
    block.render(area, buf);
    let bold = Modifier::BOLD;
    let mut lines = match play.standing() {
        Standing::Checking => vec![Line::styled(
            format!("{} Checking whether it can still be won", spinner(look)),
            Style::new().fg(theme.dim),
        )],
        Standing::Undecided(cap) => vec![
            Line::styled(
                "Undecided",
                Style::new().fg(theme.warning).add_modifier(bold),
            ),
            Line::styled(
                format!("The search reached its cap: {cap}."),
                Style::new().fg(theme.dim),
            ),
        ],
        Standing::Winnable(0) if session.goal != Goal::Board => vec![Line::styled(
            format!("Reached: {}", session.goal),
            Style::new().fg(theme.success).add_modifier(bold),
        )],
        Standing::Winnable(steps) if session.goal != Goal::Board => vec![Line::styled(
            format!("In reach: {steps} more steps"),
            Style::new().fg(theme.success).add_modifier(bold),
        )],
        Standing::Winnable(0) => vec![Line::styled(
            "Cleared! The pyramid is gone.",
            Style::new().fg(theme.success).add_modifier(bold),
        )],
        Standing::Winnable(steps) => vec![Line::styled(
            format!("Winnable: {steps} more steps"),
            Style::new().fg(theme.success).add_modifier(bold),
        )],
        Standing::Lost { reason, back } => {
            let headline = if session.goal == Goal::Board {
                "No longer winnable"
            } else {
                "Target out of reach"
            };
            let mut lines = vec![Line::styled(
                headline,
                Style::new().fg(theme.warning).add_modifier(bold),
            )];
            if let Some(reason) = reason {
                lines.push(Line::raw(
                    text.names(&format!("{}.", reason.trim_end_matches('.'))),
                ));
            }
            lines.push(Line::raw(format!("{}.", capitalised(&back_text(back)))));
            lines
        }
    };
    let game = &play.game;
    let redo = game.redoable();
    let mut count = format!("{} played", counted(game.played(), "move"));
    if redo > 0 {
        count.push_str(&format!(", {redo} to redo"));
    }
    lines.push(Line::styled(count, Style::new().fg(theme.dim)));
    // Word wrapping may need a line more than the widths say; the gap below the header
    // takes it.
    let width = usize::from(inner.width.max(1));
    let wrapped: usize = lines.iter().map(|l| l.width().max(1).div_ceil(width)).sum();
    let header_height = (wrapped as u16).min(inner.height);
    let header = Paragraph::new(lines).wrap(Wrap { trim: true });
    header.render(Rect::new(inner.x, inner.y, inner.width, header_height), buf);
    let moves: Vec<Move> = (0..game.played() + redo)
        .filter_map(|n| game.move_after(n))
        .collect();
    step_list(
        below(inner, header_height + 1),
        buf,
        &moves,
        &|n| {
            game.position_after(n)
                .expect("a move has a position before it")
        },
        game.played(),
        text,
        theme,
    );
}

/// A step in a few words: "Draw 7c", "Recycle", "Kd row 1", "6h row 7 + 7c stock".
fn step_spans(
    before: &Position,
    mv: Move,
    text: CardText,
    theme: &Theme,
    style: Style,
    done: bool,
) -> Vec<Span<'static>> {
    let card = |place: Place| -> Vec<Span<'static>> {
        let where_ = match place {
            Place::Pyramid(i) => slot_label(i as usize),
            Place::Stock => "stock".to_string(),
            Place::Waste => "waste".to_string(),
        };
        let mut span = before
            .card_at(place)
            .map_or_else(|| Span::raw("??"), |c| text.span(c, theme));
        if done {
            span = span.patch_style(Style::new().add_modifier(Modifier::DIM));
        }
        vec![span, Span::styled(format!(" {where_}"), style)]
    };
    match mv {
        Move::Draw => {
            let mut spans = vec![Span::styled("Draw ", style)];
            if let Some(top) = before.stock_top_first().next() {
                spans.push(text.span(top, theme));
            }
            spans
        }
        Move::Recycle => vec![Span::styled("Recycle the waste", style)],
        Move::King(a) => card(a),
        Move::Pair(a, b) => {
            let mut spans = card(a);
            spans.push(Span::styled(" + ", style));
            spans.extend(card(b));
            spans
        }
    }
}

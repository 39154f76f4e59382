//! Drawing the flow's screens, whatever the game: the board the game draws, and beside it
//! the Check panel, the search's progress, the steps of an answer or the game played, each
//! filled with the game's words.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use solitaire::cards::excerpt::thousands;
use solitaire::engine::goal::Goal;
use solitaire::engine::referee::Referee;

use crate::app::flow::{Flow, GameScreen, Move, PlayMode, Screen, Solution, Solving, Step};
use crate::app::theme::Theme;
use crate::app::widgets::{
    Look, below, counted, first_shown, fitted, headed_panel, header_height, not_seen_yet,
    panel_block, spinner, step_list, step_words_width,
};

/// Draws the board and the side panel.
pub fn draw<G: GameScreen>(
    flow: &Flow<G>,
    board: Rect,
    panel: Rect,
    buf: &mut Buffer,
    look: &Look,
) {
    G::draw_board(flow, board, buf, look);
    if let (Screen::Editor, Some(dialog)) = (&flow.screen, &flow.options) {
        dialog.draw(&G::options(flow), board, buf, look);
    }
    match (&flow.screen, &flow.play) {
        (Screen::Solving(solving), _) => solving_panel(solving, panel, buf, look),
        (Screen::Solution(solution), _) => solution_panel(solution, panel, buf, look),
        (Screen::Play, Some(play)) => play_panel(flow, play, panel, buf, look),
        _ => editor_panel(flow, panel, buf, look),
    }
}

/// On the solution screen, the next step, or after the last how the line ends: the message
/// line shows it when nothing else is said.
pub fn next_step<G: GameScreen>(flow: &Flow<G>, look: &Look) -> Option<Line<'static>> {
    let Screen::Solution(solution) = &flow.screen else {
        return None;
    };
    let (label, text) = match solution.next_move() {
        Some(mv) => (" Next: ", solution.position().describe(mv)),
        // Past the last step, the line's end: never a blank line after a solution.
        None if !solution.moves.is_empty() => (" End: ", G::line_end(solution)),
        None => return None,
    };
    Some(Line::from(vec![
        Span::styled(label, Style::new().fg(look.theme.highlight_move)),
        Span::raw(look.text.names(&text)),
    ]))
}

/// The Check panel: the cards typed, then the game's lines (where the cursor is, its marks,
/// what is wrong), then the offer of the one missing card.
fn editor_panel<G: GameScreen>(flow: &Flow<G>, area: Rect, buf: &mut Buffer, look: &Look) {
    let (theme, text) = (look.theme, look.text);
    let editor = &flow.editor;
    let size = editor.size();
    let (filled, whole) = G::typed_count(flow);
    let count_style = if whole {
        Style::new().fg(theme.success)
    } else {
        Style::new().fg(theme.warning)
    };
    let mut lines = vec![Line::from(vec![
        Span::styled(
            format!("{filled}/{size}"),
            count_style.add_modifier(Modifier::BOLD),
        ),
        Span::raw(" cards"),
    ])];
    lines.extend(G::check_lines(flow, look));
    if let Ok(Some((slot, card))) = G::fill_offer(flow) {
        lines.push(Line::raw(""));
        lines.push(Line::from(vec![
            Span::styled("Ctrl-F", Style::new().fg(theme.key)),
            Span::raw(" puts "),
            text.span(card, theme),
            Span::raw(format!(" in {}", G::slot_words(slot))),
        ]));
    }
    let block = panel_block("Check", theme);
    let inner = block.inner(area);
    block.render(area, buf);
    Paragraph::new(fitted(lines, inner, theme))
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// The Check panel's lines on the cards typed: how many are not seen yet, when some are,
/// then the place under the cursor (`cursor`).
pub fn unknown_and_cursor_lines(unknown: usize, cursor: &str, theme: &Theme) -> Vec<Line<'static>> {
    let dim = Style::new().fg(theme.dim);
    let mut lines = Vec::new();
    if unknown > 0 {
        lines.push(Line::styled(not_seen_yet(unknown), dim));
    }
    lines.push(Line::styled(format!("Cursor: {cursor}"), dim));
    lines
}

/// The Check panel's last lines: that the deal is valid, or each of its problems.
pub fn problem_lines(problems: &[String], look: &Look) -> Vec<Line<'static>> {
    let (theme, text) = (look.theme, look.text);
    if problems.is_empty() {
        return vec![Line::styled(
            "A valid deal. Enter solves it, Ctrl-P plays it.",
            Style::new().fg(theme.success),
        )];
    }
    problems
        .iter()
        .map(|problem| Line::styled(text.names(problem), Style::new().fg(theme.invalid)))
        .collect()
}

/// The Check panel's line for a challenge other than the Board one.
pub fn goal_line(goal: Goal, theme: &Theme) -> Option<Line<'static>> {
    (goal != Goal::Board).then(|| {
        Line::styled(
            format!("{goal} (g changes it)"),
            Style::new().fg(theme.title),
        )
    })
}

/// The search under way: its figures and the time it took so far.
fn solving_panel<G: GameScreen>(solving: &Solving<G>, area: Rect, buf: &mut Buffer, look: &Look) {
    let theme = look.theme;
    let mut lines = vec![
        Line::styled(
            format!("{} Searching", spinner(look)),
            Style::new().fg(theme.warning),
        ),
        Line::raw(""),
    ];
    lines.push(Line::raw(format!(
        "positions  {}",
        thousands(solving.stats.expanded as usize)
    )));
    lines.extend(G::figures(&solving.stats));
    lines.extend([
        Line::raw(format!("elapsed    {:.1} s", solving.elapsed.as_secs_f64())),
        Line::raw(""),
        Line::from(vec![
            Span::styled("Esc", Style::new().fg(theme.key)),
            Span::raw(" cancels"),
        ]),
    ]);
    Paragraph::new(lines)
        .block(panel_block("Solving", theme))
        .render(area, buf);
}

/// The answer's header, then its steps.
fn solution_panel<G: GameScreen>(
    solution: &Solution<G>,
    area: Rect,
    buf: &mut Buffer,
    look: &Look,
) {
    let lines = G::solution_header(solution, look);
    let list = headed_panel("Steps", lines, area, buf, look.theme);
    steps::<G>(
        list,
        buf,
        &solution.moves,
        &solution.positions,
        solution.step,
        look,
    );
}

/// The step a mouse click at a screen cell lands on in the solution's list of steps.
pub fn step_at<G: GameScreen>(
    solution: &Solution<G>,
    panel: Rect,
    look: &Look,
    column: u16,
    row: u16,
) -> Option<usize> {
    let inner = panel_block("Steps", look.theme).inner(panel);
    let lines = G::solution_header(solution, look);
    let list = below(inner, header_height(&lines, inner) + 1);
    if !list.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let first = first_shown(solution.step, solution.moves.len(), list.height);
    let number = first + usize::from(row - list.y);
    (number < solution.moves.len()).then_some(number)
}

/// Play mode's panel: how the game stands, how many moves are played (and how many redo
/// would play again), then those moves.
fn play_panel<G: GameScreen>(
    flow: &Flow<G>,
    play: &G::Play,
    area: Rect,
    buf: &mut Buffer,
    look: &Look,
) {
    let theme = look.theme;
    let game = play.game();
    let redo = game.redoable();
    let mut count = format!("{} played", counted(game.played(), "move"));
    if redo > 0 {
        count.push_str(&format!(", {redo} to redo"));
    }
    let mut lines = G::play_header(flow, play, look);
    lines.push(Line::styled(count, Style::new().fg(theme.dim)));
    let list = headed_panel("Game", lines, area, buf, theme);
    let moves: Vec<Move<G>> = (0..game.played() + redo)
        .filter_map(|n| game.move_after(n))
        .collect();
    let positions: Vec<G::Position> = (0..=moves.len())
        .filter_map(|n| game.position_after(n).cloned())
        .collect();
    steps::<G>(list, buf, &moves, &positions, game.played(), look);
}

/// The game's steps, each in its words from the position it is played from
/// (`positions[n]` for step `n`).
fn steps<G: GameScreen>(
    list: Rect,
    buf: &mut Buffer,
    moves: &[Move<G>],
    positions: &[G::Position],
    current: usize,
    look: &Look,
) {
    step_list(
        list,
        buf,
        (moves.len(), current),
        look.theme,
        |number, style, done| {
            positions.get(number).map_or_else(Vec::new, |before| {
                let mv = moves[number];
                G::step_spans(
                    &Step {
                        before,
                        mv,
                        style,
                        done,
                        width: step_words_width(list),
                    },
                    look,
                )
            })
        },
    );
}

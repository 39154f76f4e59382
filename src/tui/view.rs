//! Drawing the app: reads the model, never changes it.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use solitaire::deck::{DECK_SIZE, thousands};
use solitaire::pyramid::layout::PYRAMID_SIZE;
use solitaire::pyramid::{Goal, Move, Place, Position};

use super::app::back_text;
use super::app::{App, ChallengeDialog, Overlay, SaveDialog, Screen, Solution, Solving, Tone};
use super::board::{EDITOR_HEIGHT, EDITOR_WIDTH, EditorBoard, PlayBoard};
use super::cards::CardText;
use super::editor::Pending;
use super::help;
use super::open_dialog;
use super::play::{Play, Standing};
use crate::challenge;
use crate::theme::Theme;

/// The smallest terminal the board fits in.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Width of the board column.
const BOARD_WIDTH: u16 = EDITOR_WIDTH + 2;

const SPINNER: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const ASCII_SPINNER: [&str; 4] = ["|", "/", "-", "\\"];

/// The screen's parts: title, board, side panel, message and key hints.
struct Areas {
    title: Rect,
    board: Rect,
    panel: Rect,
    message: Rect,
    keys: Rect,
}

/// The parts of a screen whose message takes `message_rows` lines.
fn areas(area: Rect, message_rows: u16) -> Areas {
    let [title, body, message, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(message_rows),
        Constraint::Length(1),
    ])
    .areas(area);
    let [board, panel] =
        Layout::horizontal([Constraint::Length(BOARD_WIDTH), Constraint::Min(0)]).areas(body);
    Areas {
        title,
        board,
        panel,
        message,
        keys,
    }
}

/// Where the board is drawn, the editor's slots or a position in play (also used for mouse
/// clicks and arrow keys).
pub fn board_area(size: Rect) -> Rect {
    // The board's top and its rows do not depend on the message's height.
    let board = areas(size, 1).board;
    let inner = Block::bordered().inner(board);
    Rect::new(
        inner.x,
        inner.y + 1,
        inner.width,
        EDITOR_HEIGHT.min(inner.height),
    )
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let theme = app.theme();
    let buf = frame.buffer_mut();
    Block::new()
        .style(Style::new().bg(theme.background).fg(theme.text))
        .render(area, buf);
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        too_small(area, buf, theme);
        return;
    }
    let text = CardText { ascii: app.ascii };
    let message_lines = message_lines(app, text);
    let parts = areas(area, message_rows(&message_lines, area.width));
    title(app, parts.title, buf);
    let block = Block::bordered()
        .border_style(Style::new().fg(theme.border))
        .title(" Deal ");
    let inner = block.inner(parts.board);
    block.render(parts.board, buf);
    let board_area = Rect::new(
        inner.x,
        inner.y + 1,
        inner.width,
        inner.height.saturating_sub(1),
    );
    let preview = app
        .editor
        .start()
        .ok()
        .filter(|_| app.editor.preview && matches!(app.screen, Screen::Editor));
    let play = app
        .play
        .as_ref()
        .filter(|_| matches!(app.screen, Screen::Play));
    match (&app.screen, &preview, play) {
        (_, Some(position), _) => PlayBoard {
            position,
            hint: &[],
            cursor: None,
            selected: None,
            text,
            theme,
        }
        .render(board_area, buf),
        (Screen::Solution(solution), _, _) => PlayBoard {
            position: solution.position(),
            hint: &move_places(solution.next_move()),
            cursor: None,
            selected: None,
            text,
            theme,
        }
        .render(board_area, buf),
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
            .render(board_area, buf);
        }
        _ => {
            let invalid = app.editor.invalid_slots();
            let board = EditorBoard {
                slots: &app.editor.slots,
                midgame: &app.editor.midgame,
                cursor: if matches!(app.screen, Screen::Editor) {
                    app.editor.cursor
                } else {
                    DECK_SIZE
                },
                pending: app.editor.pending_text(),
                invalid: &invalid,
                text,
                theme,
            };
            board.render(board_area, buf);
        }
    }
    match (&app.screen, play) {
        (Screen::Solving(solving), _) => solving_panel(app, solving, parts.panel, buf),
        (Screen::Solution(solution), _) => solution_panel(solution, parts.panel, buf, text, theme),
        (Screen::Play, Some(play)) => play_panel(app, play, parts.panel, buf),
        _ => editor_panel(app, parts.panel, buf),
    }
    Paragraph::new(message_lines)
        .wrap(Wrap { trim: false })
        .render(parts.message, buf);
    key_hints(app, parts.keys, buf);
    match &app.overlay {
        Some(Overlay::Help(scroll)) => help::render(app, *scroll, area, buf),
        Some(Overlay::Save(dialog)) => save_dialog(dialog, area, buf, theme),
        Some(Overlay::Open(dialog)) => open_dialog::render(dialog, area, buf, theme),
        Some(Overlay::Challenge(dialog)) => challenge_dialog(dialog, area, buf, theme),
        None => {}
    }
}

fn too_small(area: Rect, buf: &mut Buffer, theme: &Theme) {
    let text = Text::from(vec![
        Line::styled("The terminal is too small.", Style::new().fg(theme.warning)),
        Line::raw(format!(
            "It is {}x{}; the board needs {MIN_WIDTH}x{MIN_HEIGHT}.",
            area.width, area.height
        )),
        Line::raw("Make the window larger, or Ctrl-Q to quit."),
    ]);
    let height = (text.height() as u16).min(area.height);
    let y = area.y + area.height.saturating_sub(height) / 2;
    Paragraph::new(text)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(Rect::new(area.x, y, area.width, height), buf);
}

fn title(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let screen = match app.screen {
        Screen::Editor => "Enter the deal",
        Screen::Solving(_) => "Solving",
        Screen::Solution(_) => "Solution",
        Screen::Play => "Play",
    };
    let name = app.name.as_deref().unwrap_or("new deal");
    let head = format!("· {screen} · ");
    let right = Line::styled(
        format!("{} · theme: {} ", app.editor.rules.brief(), theme.name),
        Style::new().fg(theme.dim),
    )
    .right_aligned();
    let used = u16::try_from(" pyramid ".len() + Span::raw(&head).width()).unwrap_or(u16::MAX);
    // The rules keep their place while a name of at least a few columns still fits beside
    // them, two spaces apart; a narrower title drops them.
    let right_width = u16::try_from(right.width()).unwrap_or(u16::MAX);
    let with_right = area
        .width
        .saturating_sub(used)
        .saturating_sub(right_width + TITLE_GAP);
    let room = if with_right >= MIN_TITLE_NAME {
        with_right
    } else {
        area.width.saturating_sub(used)
    };
    let left = Line::from(vec![
        Span::styled(
            " pyramid ",
            Style::new().fg(theme.title).add_modifier(Modifier::BOLD),
        ),
        Span::styled(
            head + &shortened(name, usize::from(room)),
            Style::new().fg(theme.text),
        ),
    ]);
    left.render(area, buf);
    if with_right >= MIN_TITLE_NAME {
        right.render(area, buf);
    }
}

/// `n` and the noun, singular for one: "1 move", "3 moves".
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The spaces kept between the deal's name and the rules on the title line.
const TITLE_GAP: u16 = 2;

/// The fewest columns the deal's name gets before the rules leave the title line.
const MIN_TITLE_NAME: u16 = 4;

/// `text` cut to `width` columns, ending in `…` when it was cut.
pub(super) fn shortened(text: &str, width: usize) -> String {
    if Span::raw(text).width() <= width {
        return text.to_string();
    }
    let mut cut = String::new();
    let mut used = 0;
    for c in text.chars() {
        let wide = Span::raw(c.to_string()).width();
        if used + wide + 1 > width {
            break;
        }
        cut.push(c);
        used += wide;
    }
    if width > 0 {
        cut.push('…');
    }
    cut
}

pub(super) fn panel_block(title: &str, theme: &Theme) -> Block<'static> {
    Block::bordered()
        .border_style(Style::new().fg(theme.border))
        .title(format!(" {title} "))
}

fn editor_panel(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let editor = &app.editor;
    let text = CardText { ascii: app.ascii };
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
    if app.goal != Goal::Board {
        lines.push(Line::styled(
            format!("{} (g changes it)", app.goal),
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
        solitaire::pyramid::layout::slot_name(slot).replace("pyramid ", "")
    } else {
        format!("stock {}", slot - PYRAMID_SIZE + 1)
    }
}

fn solving_panel(app: &App, solving: &Solving, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let spinner = spinner(app);
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

/// The spinner's frame for the current tick.
fn spinner(app: &App) -> &'static str {
    if app.ascii {
        ASCII_SPINNER[app.ticks as usize % ASCII_SPINNER.len()]
    } else {
        SPINNER[app.ticks as usize % SPINNER.len()]
    }
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

/// The rows a panel's header takes in `inner`, wrapped.
fn header_height(lines: &[Line], inner: Rect) -> u16 {
    let width = usize::from(inner.width.max(1));
    let wrapped: usize = lines.iter().map(|l| l.width().max(1).div_ceil(width)).sum();
    (wrapped as u16).min(inner.height)
}

/// The step a mouse click at a screen cell lands on in the solution's list of steps.
pub fn step_at(app: &App, column: u16, row: u16) -> Option<usize> {
    let Screen::Solution(solution) = &app.screen else {
        return None;
    };
    let text = CardText { ascii: app.ascii };
    let size = app.size;
    let parts = areas(size, message_rows(&message_lines(app, text), size.width));
    let inner = panel_block("Steps", app.theme()).inner(parts.panel);
    let lines = solution_header(solution, text, app.theme());
    let list = below(inner, header_height(&lines, inner) + 1);
    if !list.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let first = first_shown(solution.step, solution.moves.len(), list.height);
    let number = first + usize::from(row - list.y);
    (number < solution.moves.len()).then_some(number)
}

/// The first step a list of `rows` lines shows, keeping the current one a few lines down.
fn first_shown(current: usize, steps: usize, rows: u16) -> usize {
    current
        .saturating_sub(3)
        .min(steps.saturating_sub(usize::from(rows)))
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
        let now = solitaire::pyramid::challenge::amount(
            goal,
            solitaire::pyramid::challenge::total(goal, solution.position()),
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

/// The part of `area` below its first `rows` lines.
fn below(area: Rect, rows: u16) -> Rect {
    let rows = rows.min(area.height);
    Rect::new(area.x, area.y + rows, area.width, area.height - rows)
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
fn play_panel(app: &App, play: &Play, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let text = CardText { ascii: app.ascii };
    let block = panel_block("Game", theme);
    let inner = block.inner(area);
    block.render(area, buf);
    let bold = Modifier::BOLD;
    let mut lines = match play.standing() {
        Standing::Checking => vec![Line::styled(
            format!("{} Checking whether it can still be won", spinner(app)),
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
        Standing::Winnable(0) if app.goal != Goal::Board => vec![Line::styled(
            format!("Reached: {}", app.goal),
            Style::new().fg(theme.success).add_modifier(bold),
        )],
        Standing::Winnable(steps) if app.goal != Goal::Board => vec![Line::styled(
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
            let headline = if app.goal == Goal::Board {
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

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
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

/// The message under the board: the status, or on the solution screen the next step.
fn message_lines(app: &App, text: CardText) -> Vec<Line<'static>> {
    let theme = app.theme();
    let next = match &app.screen {
        Screen::Solution(solution) => solution.next_move().map(|mv| (solution, mv)),
        _ => None,
    };
    let line = match (&app.status, next) {
        (None, Some((solution, mv))) => Line::from(vec![
            Span::styled(" Next: ", Style::new().fg(theme.highlight_move)),
            Span::raw(text.names(&solution.position().describe(mv))),
        ]),
        (Some(status), _) => {
            let colour = match status.tone {
                Tone::Info => theme.text,
                Tone::Success => theme.success,
                Tone::Warning => theme.warning,
                Tone::Error => theme.invalid,
            };
            Line::styled(
                format!(" {}", text.names(&status.text)),
                Style::new().fg(colour),
            )
        }
        _ => Line::raw(""),
    };
    vec![line]
}

/// The rows the message needs to be read whole: one, or as many as wrapping it takes (at
/// most three, so the board keeps its room).
fn message_rows(lines: &[Line], width: u16) -> u16 {
    let rows = Paragraph::new(lines.to_vec())
        .wrap(Wrap { trim: false })
        .line_count(width);
    (rows as u16).clamp(1, 3)
}

fn key_hints(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let mut spans = Vec::new();
    for (key, what) in help::hints(app) {
        spans.push(Span::styled(format!(" {key}"), Style::new().fg(theme.key)));
        spans.push(Span::styled(
            format!(" {what} "),
            Style::new().fg(theme.dim),
        ));
    }
    Line::from(spans).render(area, buf);
}

/// A centred box of the given size, cleared.
pub fn popup(area: Rect, width: u16, height: u16, buf: &mut Buffer, theme: &Theme) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(rect, buf);
    Block::new()
        .style(Style::new().bg(theme.background).fg(theme.text))
        .render(rect, buf);
    rect
}

fn save_dialog(dialog: &SaveDialog, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let rect = popup(area, 60, 9, buf, theme);
    let block = panel_block("Save the game", theme).border_style(Style::new().fg(theme.title));
    let inner = block.inner(rect);
    block.render(rect, buf);
    let field = |label: &str, value: &str, active: bool| {
        let style = if active {
            Style::new().fg(theme.cursor)
        } else {
            Style::new().fg(theme.text)
        };
        let cursor = if active { "█" } else { "" };
        Line::from(vec![
            Span::styled(format!("{label:<6}"), Style::new().fg(theme.dim)),
            Span::styled(format!("{value}{cursor}"), style),
        ])
    };
    let lines = vec![
        field("Name", &dialog.name, !dialog.on_note),
        Line::raw(""),
        field("Note", &dialog.note, dialog.on_note),
        Line::raw(""),
        key_line(
            &[("Enter", "saves"), ("Tab", "name/note"), ("Esc", "cancels")],
            theme,
        ),
    ];
    Paragraph::new(lines).render(inner, buf);
}

fn challenge_dialog(dialog: &ChallengeDialog, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let rect = popup(area, 60, 10, buf, theme);
    let block = panel_block("Challenge", theme).border_style(Style::new().fg(theme.title));
    let inner = block.inner(rect);
    block.render(rect, buf);
    let active = |row: usize| {
        if dialog.focus == row {
            Style::new().fg(theme.cursor).add_modifier(Modifier::BOLD)
        } else {
            Style::new().fg(theme.text)
        }
    };
    let mut kinds = vec![Span::styled(
        format!("{:<9}", "Play for"),
        Style::new().fg(theme.dim),
    )];
    for (index, name) in ChallengeDialog::KINDS.iter().enumerate() {
        let mark = if index == dialog.kind { "●" } else { "○" };
        kinds.push(Span::styled(format!("{mark} {name}  "), active(0)));
    }
    let mut lines = vec![Line::from(kinds), Line::raw("")];
    for (row, (label, value)) in dialog.fields().into_iter().enumerate() {
        let cursor = if dialog.focus == row + 1 { "█" } else { "" };
        lines.push(Line::from(vec![
            Span::styled(format!("{label:<9}"), Style::new().fg(theme.dim)),
            Span::styled(format!("{value}{cursor}"), active(row + 1)),
        ]));
    }
    if dialog.kind == 0 {
        lines.push(Line::raw("Clear the pyramid in the fewest steps."));
    }
    Paragraph::new(lines).render(inner, buf);
    footer(
        &[
            ("←→", "challenge"),
            ("↑↓", "field"),
            ("Enter", "set"),
            ("Esc", "cancel"),
        ],
        inner,
        buf,
        theme,
    );
}

/// Keys and what they do, on one line: `Enter open  Esc close`.
fn key_line(keys: &[(&str, &str)], theme: &Theme) -> Line<'static> {
    let mut spans = Vec::new();
    for (index, (key, what)) in keys.iter().enumerate() {
        let gap = if index + 1 < keys.len() { "  " } else { "" };
        spans.push(Span::styled((*key).to_string(), Style::new().fg(theme.key)));
        spans.push(Span::raw(format!(" {what}{gap}")));
    }
    Line::from(spans)
}

/// A dialog's keys on its last inner line.
pub(super) fn footer(keys: &[(&str, &str)], inner: Rect, buf: &mut Buffer, theme: &Theme) {
    key_line(keys, theme).render(
        Rect::new(inner.x, inner.bottom().saturating_sub(1), inner.width, 1),
        buf,
    );
}

//! Drawing the app: reads the model, never changes it.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::app::games::pyramid::board::{EDITOR_HEIGHT, EDITOR_WIDTH};
use crate::app::help;
use crate::app::open_dialog;
use crate::app::session::Look;
use crate::app::shell::{App, ChallengeDialog, Confirm, Overlay, SaveDialog, Tone};
use crate::app::theme::Theme;

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
        // A question to quit must be seen to be answered.
        let asking = (app.confirm == Some(Confirm::Quit))
            .then(|| app.shell.status.as_ref().map(|status| status.text.as_str()))
            .flatten();
        too_small(area, buf, theme, asking);
        return;
    }
    let look = app.look();
    let message_lines = message_lines(app, &look);
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
    app.session.get().draw(board_area, parts.panel, buf, &look);
    Paragraph::new(message_lines)
        .wrap(Wrap { trim: false })
        .render(parts.message, buf);
    key_hints(app, parts.keys, buf);
    match &app.shell.overlay {
        Some(Overlay::Help(scroll)) => help::render(app, *scroll, area, buf),
        Some(Overlay::Save(dialog)) => save_dialog(dialog, area, buf, theme),
        Some(Overlay::Open(dialog)) => open_dialog::render(dialog, area, buf, theme),
        Some(Overlay::Challenge(dialog)) => challenge_dialog(dialog, area, buf, theme),
        None => {}
    }
}

fn too_small(area: Rect, buf: &mut Buffer, theme: &Theme, asking: Option<&str>) {
    let mut lines = vec![
        Line::styled("The terminal is too small.", Style::new().fg(theme.warning)),
        Line::raw(format!(
            "It is {}x{}; the board needs {MIN_WIDTH}x{MIN_HEIGHT}.",
            area.width, area.height
        )),
        Line::raw("Make the window larger, or Ctrl-Q to quit."),
    ];
    if let Some(question) = asking {
        lines.push(Line::styled(
            question.to_string(),
            Style::new().fg(theme.warning),
        ));
    }
    let text = Paragraph::new(Text::from(lines))
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true });
    let height = (text.line_count(area.width) as u16).min(area.height);
    let y = area.y + area.height.saturating_sub(height) / 2;
    text.render(Rect::new(area.x, y, area.width, height), buf);
}

fn title(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let (screen, settings) = app.session.get().title();
    let name = app.name.as_deref().unwrap_or("new deal");
    let head = format!("· {screen} · ");
    let right = Line::styled(
        format!("{settings} · theme: {} ", theme.name),
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

pub fn panel_block(title: &str, theme: &Theme) -> Block<'static> {
    Block::bordered()
        .border_style(Style::new().fg(theme.border))
        .title(format!(" {title} "))
}

/// The spinner's frame for the current tick.
pub fn spinner(look: &Look) -> &'static str {
    if look.text.ascii {
        ASCII_SPINNER[look.ticks as usize % ASCII_SPINNER.len()]
    } else {
        SPINNER[look.ticks as usize % SPINNER.len()]
    }
}

/// Where the side panel is on the app's screen now (for mouse clicks).
pub fn panel_area(app: &App) -> Rect {
    let size = app.shell.size;
    let look = app.look();
    areas(size, message_rows(&message_lines(app, &look), size.width)).panel
}

/// The rows a panel's header takes in `inner`, wrapped.
pub fn header_height(lines: &[Line], inner: Rect) -> u16 {
    let width = usize::from(inner.width.max(1));
    let wrapped: usize = lines.iter().map(|l| l.width().max(1).div_ceil(width)).sum();
    (wrapped as u16).min(inner.height)
}

/// The first step a list of `rows` lines shows, keeping the current one a few lines down.
pub fn first_shown(current: usize, steps: usize, rows: u16) -> usize {
    current
        .saturating_sub(3)
        .min(steps.saturating_sub(usize::from(rows)))
}

/// The part of `area` below its first `rows` lines.
pub fn below(area: Rect, rows: u16) -> Rect {
    let rows = rows.min(area.height);
    Rect::new(area.x, area.y + rows, area.width, area.height - rows)
}

pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The message under the board: the status, or on the solution screen the next step.
fn message_lines(app: &App, look: &Look) -> Vec<Line<'static>> {
    let (theme, text) = (look.theme, look.text);
    let line = match &app.shell.status {
        None => app.session.get().message(look).unwrap_or_default(),
        Some(status) => {
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
    for (key, what) in app.session.get().hints() {
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
        lines.push(Line::raw(match dialog.game {
            solitaire::GameKind::Pyramid => "Clear the pyramid in the fewest steps.",
            solitaire::GameKind::TriPeaks => "Clear the tableau in the fewest steps.",
            solitaire::GameKind::Klondike => "Put every card on the foundations.",
        }));
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

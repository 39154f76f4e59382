//! Drawing the app: reads the model, never changes it.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::app::games;
use crate::app::help;
use crate::app::layout::{self, MIN_HEIGHT, MIN_WIDTH};
use crate::app::open_dialog;
use crate::app::shell::{App, ChallengeDialog, Confirm, Overlay, SaveDialog};
use crate::app::text_field::TextField;
use crate::app::theme::Theme;
use crate::app::widgets::{footer, hint_width, panel_block, popup, shortened, shortened_in_middle};

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
    let message_lines = layout::fitted_message(app.message_lines(&look), area.width);
    let parts = layout::areas(area, layout::message_rows(&message_lines, area.width));
    title(app, parts.title, buf);
    let block = Block::bordered()
        .border_style(Style::new().fg(theme.border))
        .title(" Deal ");
    block.render(parts.board, buf);
    app.session
        .draw(layout::board_area(area), parts.panel, buf, &look);
    Paragraph::new(message_lines)
        .wrap(Wrap { trim: false })
        .render(parts.message, buf);
    key_hints(app, parts.keys, buf);
    match &app.shell.overlay {
        Some(Overlay::Help(scroll)) => {
            let sections = app.help_sections();
            help::render(&sections, *scroll, area, buf, theme);
        }
        Some(Overlay::Save(dialog)) => save_dialog(dialog, area, buf, theme),
        Some(Overlay::Open(dialog)) => {
            let app_asks = app.confirm.as_ref().map(|_| app.hints());
            open_dialog::render(dialog, app_asks.as_deref(), area, buf, theme);
        }
        Some(Overlay::Challenge(dialog)) => challenge_dialog(dialog, area, buf, theme),
        None => {}
    }
}

/// The note that the terminal is too small, in the fullest words whose lines fit the width
/// whole, down to one line cut to the width: it is all the user sees. A question to quit
/// comes under it, wrapped.
fn too_small(area: Rect, buf: &mut Buffer, theme: &Theme, asking: Option<&str>) {
    let warn = Style::new().fg(theme.warning);
    let size = format!("{}x{}", area.width, area.height);
    let needs = format!("{MIN_WIDTH}x{MIN_HEIGHT}");
    let notes = [
        vec![
            "The terminal is too small.".to_string(),
            format!("It is {size}; the board needs {needs}."),
            "Make the window larger, or Ctrl-Q to quit.".to_string(),
        ],
        vec![
            format!("Too small: {size}, needs {needs}."),
            "Ctrl-Q quits.".to_string(),
        ],
        vec![format!("Too small: needs {needs}.")],
        vec!["Too small.".to_string()],
    ];
    let width = usize::from(area.width);
    let question = asking.map(|question| {
        Paragraph::new(Line::styled(question.to_string(), warn)).wrap(Wrap { trim: true })
    });
    let question_rows = question.as_ref().map_or(0, |q| q.line_count(area.width));
    let fits = |note: &[String]| {
        note.iter().all(|line| Span::raw(line).width() <= width)
            && note.len() + question_rows <= usize::from(area.height)
    };
    // Not even the shortest note fits with the question: the question alone, since it must
    // be answered, or the note's first words.
    let Some(note) = notes.iter().find(|note| fits(note)) else {
        let last = asking.unwrap_or("Too small.");
        let y = area.y + area.height.saturating_sub(1) / 2;
        Line::styled(shortened(last, width), warn)
            .alignment(Alignment::Center)
            .render(Rect::new(area.x, y, area.width, area.height.min(1)), buf);
        return;
    };
    let lines = note.iter().enumerate().map(|(row, text)| {
        let style = if row == 0 { warn } else { Style::new() };
        Line::styled(text.clone(), style)
    });
    let height = (note.len() + question_rows) as u16;
    let mut y = area.y + area.height.saturating_sub(height) / 2;
    for line in lines {
        line.alignment(Alignment::Center)
            .render(Rect::new(area.x, y, area.width, 1), buf);
        y += 1;
    }
    if let Some(question) = question {
        question
            .alignment(Alignment::Center)
            .render(Rect::new(area.x, y, area.width, question_rows as u16), buf);
    }
}

fn title(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let (screen, settings) = app.session.title();
    let settings = named_game(app.session.game().name(), &settings);
    let name = app.name.as_deref().unwrap_or("new deal");
    let head = format!("· {screen} · ");
    let used = u16::try_from(" pyramid ".len() + Span::raw(&head).width()).unwrap_or(u16::MAX);
    // Beside the deal's name, the game, its rules and the theme: the theme leaves first, then
    // the name is cut in its middle (down to `NAME_KEPT` columns) so that the rules stay,
    // then the rules' last parts leave, then the game. A name too long for the line alone
    // takes all of it, cut.
    let room_beside = |right: &Line| {
        let width = u16::try_from(right.width()).unwrap_or(u16::MAX);
        area.width
            .saturating_sub(used)
            .saturating_sub(width + TITLE_GAP)
    };
    let name_width = u16::try_from(Span::raw(name).width()).unwrap_or(u16::MAX);
    let rights: Vec<Line> = title_rights(&settings, &theme.name)
        .into_iter()
        .map(|text| Line::styled(text, Style::new().fg(theme.dim)).right_aligned())
        .collect();
    let kept = name_width.min(NAME_KEPT);
    let right = rights
        .first()
        .filter(|right| room_beside(right) >= name_width)
        .or_else(|| {
            rights
                .iter()
                .skip(1)
                .find(|right| room_beside(right) >= kept)
        });
    let room = right.map_or(area.width.saturating_sub(used), room_beside);
    let left = Line::from(vec![
        Span::styled(
            " pyramid ",
            Style::new().fg(theme.title).add_modifier(Modifier::BOLD),
        ),
        Span::styled(
            head + &shortened_in_middle(name, usize::from(room)),
            Style::new().fg(theme.text),
        ),
    ]);
    left.render(area, buf);
    if let Some(right) = right {
        right.render(area, buf);
    }
}

/// The game's name before its rules in short, so that every game's title names it alike.
fn named_game(game: &str, settings: &str) -> String {
    if settings.is_empty() {
        game.to_string()
    } else {
        format!("{game} · {settings}")
    }
}

/// What the title may show right of the deal's name, widest first: the rules and the theme,
/// the rules alone, then the rules without their last parts one at a time (the options a game
/// lists after its main rules), so that a narrow line still says the game and its draw.
fn title_rights(settings: &str, theme: &str) -> Vec<String> {
    let mut rights = vec![format!("{settings} · theme: {theme} ")];
    let mut shown = settings;
    loop {
        rights.push(format!("{shown} "));
        match shown.rsplit_once(" · ") {
            Some((kept, _)) => shown = kept,
            None => return rights,
        }
    }
}

/// The spaces kept between the deal's name and the rules on the title line.
const TITLE_GAP: u16 = 2;

/// The columns a long name keeps on the title line before the rules' parts leave for it:
/// enough of its start and end to tell it from the others.
const NAME_KEPT: u16 = 20;

/// The key bar shows only whole hints: one too wide for what is left of the line is left out
/// (a later, shorter one may still fit), so that a narrow screen never shows half a key.
fn key_hints(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let mut room = usize::from(area.width);
    let mut spans = Vec::new();
    for (key, what) in app.hints() {
        let width = hint_width(key, what);
        if width > room {
            continue;
        }
        room -= width;
        spans.push(Span::styled(format!(" {key}"), Style::new().fg(theme.key)));
        spans.push(Span::styled(
            format!(" {what} "),
            Style::new().fg(theme.dim),
        ));
    }
    Line::from(spans).render(area, buf);
}

fn save_dialog(dialog: &SaveDialog, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let rect = popup(area, 60, 9, buf, theme);
    let block = panel_block("Save the game", theme).border_style(Style::new().fg(theme.title));
    let inner = block.inner(rect);
    block.render(rect, buf);
    let room = usize::from(inner.width).saturating_sub(6);
    let field = |label: &str, value: &TextField, active: bool| {
        let style = if active {
            Style::new().fg(theme.cursor)
        } else {
            Style::new().fg(theme.text)
        };
        let mut spans = vec![Span::styled(
            format!("{label:<6}"),
            Style::new().fg(theme.dim),
        )];
        spans.extend(value.spans(room, style, active));
        Line::from(spans)
    };
    let lines = vec![
        field("Name", &dialog.name, !dialog.on_note),
        Line::raw(""),
        field("Note", &dialog.note, dialog.on_note),
    ];
    Paragraph::new(lines).render(inner, buf);
    footer(&SaveDialog::KEYS, inner, buf, theme);
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
    let room = usize::from(inner.width).saturating_sub(9);
    for (row, (label, value)) in dialog.fields().into_iter().enumerate() {
        let mut spans = vec![Span::styled(
            format!("{label:<9}"),
            Style::new().fg(theme.dim),
        )];
        spans.extend(value.spans(room, active(row + 1), dialog.focus == row + 1));
        lines.push(Line::from(spans));
    }
    if dialog.kind == 0 {
        lines.push(Line::raw(games::screens(dialog.game).board_goal));
    }
    Paragraph::new(lines).render(inner, buf);
    footer(&ChallengeDialog::KEYS, inner, buf, theme);
}

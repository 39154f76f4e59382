//! The small pieces every panel and dialog is drawn with, one style throughout: a panel's
//! frame, a popup, a line of keys, the spinner, counts in words, and where a list of steps
//! starts so that the current one stays in view.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::app::cards::CardText;
use crate::app::theme::Theme;

/// How the screen looks: what drawing needs beside the model.
pub struct Look<'a> {
    pub theme: &'a Theme,
    pub text: CardText,
    /// The clock's ticks, for the spinner.
    pub ticks: u64,
}

const SPINNER: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const ASCII_SPINNER: [&str; 4] = ["|", "/", "-", "\\"];

/// `n` and the noun, singular for one: "1 move", "3 moves".
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The Check panel's count of the cards not seen yet, in every game's editor the same words
/// and the same `??` the board shows them as (and a pasted deal writes): "3 cards not seen
/// yet (??)".
pub fn not_seen_yet(n: usize) -> String {
    format!("{} not seen yet (??)", counted(n, "card"))
}

/// How far a game went: "1 move in", "12 moves in".
pub fn moves_in(moves: usize) -> String {
    format!("{} in", counted(moves, "move"))
}

/// How far a saved game went and how many of its cards are not seen yet, for the Open
/// dialog: "not played", "3 unknown", "12 moves in", "12 moves in, 3 unknown".
pub fn played_and_unknown(moves: usize, unknown: usize) -> String {
    match (moves, unknown) {
        (0, 0) => "not played".to_string(),
        (0, unknown) => format!("{unknown} unknown"),
        (moves, 0) => moves_in(moves),
        (moves, unknown) => format!("{}, {unknown} unknown", moves_in(moves)),
    }
}

/// The text with its first letter in capitals.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// `text` cut to `width` columns in its middle, `…` where it was cut: its start and its end
/// stay, so that names that begin alike (saves of one series, say) still show where they
/// differ.
pub fn shortened_in_middle(text: &str, width: usize) -> String {
    // The end gets the odd column: names of a series differ at their end.
    cut_around(text, width, |room| room / 2)
}

/// `text` cut to `width` columns at its start, `…` where it was cut: its end stays, where
/// files named alike differ (`sunday-2.txt`).
pub fn shortened_at_start(text: &str, width: usize) -> String {
    cut_around(text, width, |_| 0)
}

/// `text` whole when it fits in `width` columns, else `…` in place of its middle, with
/// `head_room(room)` of the columns left for the `…`'s start and the rest for its end.
fn cut_around(text: &str, width: usize, head_room: impl Fn(usize) -> usize) -> String {
    if Span::raw(text).width() <= width {
        return text.to_string();
    }
    let Some(room) = width.checked_sub(1) else {
        return String::new();
    };
    let head_room = head_room(room).min(room);
    let head = widest_start(text.chars(), head_room);
    let tail: String = widest_start(text.chars().rev(), room - head_room)
        .chars()
        .rev()
        .collect();
    format!("{head}…{tail}")
}

/// The first of `chars` that fit in `width` columns.
fn widest_start(chars: impl Iterator<Item = char>, width: usize) -> String {
    let mut used = 0;
    chars
        .take_while(|c| {
            used += Span::raw(c.to_string()).width();
            used <= width
        })
        .collect()
}

/// `text` cut to `width` columns, ending in `…` when it was cut.
pub fn shortened(text: &str, width: usize) -> String {
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

/// As many of `lines` as fit `area` wrapped (without trimming); when some do not, the next
/// one cut to the rows left (ending in `…`) and a last line counting those left out
/// (`… and 2 more`, blank lines not counted), so that a short terminal never hides a line
/// without a word.
pub fn fitted(lines: Vec<Line<'static>>, area: Rect, theme: &Theme) -> Vec<Line<'static>> {
    let rows = |lines: &[Line<'static>]| {
        let paragraph = Paragraph::new(lines.to_vec()).wrap(Wrap { trim: false });
        paragraph.line_count(area.width)
    };
    let height = usize::from(area.height);
    if rows(&lines) <= height {
        return lines;
    }
    // The whole lines that fit with a row to spare.
    let whole = (0..lines.len())
        .find(|&count| rows(&lines[..=count]) >= height)
        .unwrap_or(lines.len());
    let (mut shown, rest) = (lines[..whole].to_vec(), &lines[whole..]);
    let said = |line: &Line| line.width() > 0;
    let mut left_out = rest.iter().filter(|line| said(line)).count();
    if let Some(next) = rest.first().filter(|line| said(line)) {
        // The count takes a row unless the line cut is the last one left out.
        let count_row = usize::from(left_out > 1);
        let free = height.saturating_sub(rows(&shown) + count_row);
        if let Some(cut) = cut_to_rows(next, free, |line| rows(std::slice::from_ref(line))) {
            shown.push(cut);
            left_out -= 1;
        }
    }
    if left_out > 0 {
        shown.push(Line::styled(
            format!("… and {left_out} more"),
            Style::new().fg(theme.warning).add_modifier(Modifier::BOLD),
        ));
    }
    shown
}

/// `line` cut to take at most `rows` rows, as `rows_of` counts a line's rows, ending in
/// `…`, in the style of its first words; none when no row is free.
fn cut_to_rows(
    line: &Line<'static>,
    rows: usize,
    rows_of: impl Fn(&Line<'static>) -> usize,
) -> Option<Line<'static>> {
    let style = line.style.patch(
        line.spans
            .first()
            .map_or_else(Style::new, |span| span.style),
    );
    let text = line.to_string();
    (1..=text.chars().count()).rev().find_map(|columns| {
        let cut = Line::styled(shortened(&text, columns), style);
        (rows > 0 && rows_of(&cut) <= rows).then_some(cut)
    })
}

/// A side panel's or a dialog's frame, titled.
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

/// The rows a panel's header takes in `inner`, wrapped at words as it is drawn: counted by
/// its widths alone, a line ending in a long word would be one short, and the last line of
/// the header (where the stepper stands) cut.
pub fn header_height(lines: &[Line], inner: Rect) -> u16 {
    let wrapped = Paragraph::new(lines.to_vec())
        .wrap(Wrap { trim: true })
        .line_count(inner.width.max(1));
    u16::try_from(wrapped).unwrap_or(u16::MAX).min(inner.height)
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

/// A side panel of lines over a list: its frame titled, the lines wrapped at its top, and
/// the part left under them, a line apart, for the list.
pub fn headed_panel(
    title: &str,
    lines: Vec<Line<'static>>,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) -> Rect {
    let block = panel_block(title, theme);
    let inner = block.inner(area);
    block.render(area, buf);
    let height = header_height(&lines, inner);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .render(Rect::new(inner.x, inner.y, inner.width, height), buf);
    below(inner, height + 1)
}

/// The columns a step's number and marker take at the start of its line in a list of
/// steps: `▶ 12. `.
const STEP_NUMBER_WIDTH: u16 = 6;

/// The columns a step's words have in a list of steps drawn in `list`, after its number.
pub fn step_words_width(list: Rect) -> usize {
    usize::from(list.width.saturating_sub(STEP_NUMBER_WIDTH))
}

/// Numbered steps, the current one marked and kept in view a few lines from the top; steps
/// before it dimmed. `spans` gives a step's words in the style given, and whether it is
/// done.
pub fn step_list(
    list: Rect,
    buf: &mut Buffer,
    (steps, current): (usize, usize),
    theme: &Theme,
    spans: impl Fn(usize, Style, bool) -> Vec<Span<'static>>,
) {
    if list.height == 0 || steps == 0 {
        return;
    }
    let first = first_shown(current, steps, list.height);
    for (offset, number) in (first..steps).take(usize::from(list.height)).enumerate() {
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
        // The number right-aligned between the marker and ". ".
        let digits = usize::from(STEP_NUMBER_WIDTH) - 3;
        let number_text = format!("{marker}{:>digits$}. ", number + 1);
        let mut line = vec![Span::styled(number_text, style)];
        line.extend(spans(number, style, done));
        Line::from(line).render(
            Rect::new(list.x, list.y + offset as u16, list.width, 1),
            buf,
        );
    }
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

/// The columns one hint of the screen's key bar takes, drawn as ` key what `: the bar
/// leaves out a hint that does not fit, and the shell measures a whole bar by it.
pub fn hint_width(key: &str, what: &str) -> usize {
    Span::raw(format!(" {key} {what} ")).width()
}

/// Keys and what they do, on one line: `Enter open  Esc close`.
pub fn key_line(keys: &[(&str, &str)], theme: &Theme) -> Line<'static> {
    let mut spans = Vec::new();
    for (index, (key, what)) in keys.iter().enumerate() {
        let gap = if index + 1 < keys.len() { "  " } else { "" };
        spans.push(Span::styled((*key).to_string(), Style::new().fg(theme.key)));
        spans.push(Span::raw(format!(" {what}{gap}")));
    }
    Line::from(spans)
}

/// A dialog's keys on its last inner line.
pub fn footer(keys: &[(&str, &str)], inner: Rect, buf: &mut Buffer, theme: &Theme) {
    key_line(keys, theme).render(
        Rect::new(inner.x, inner.bottom().saturating_sub(1), inner.width, 1),
        buf,
    );
}

/// The text a widget draws in a board-sized area, each line's end trimmed, as the screen
/// tests read screens.
#[cfg(test)]
pub fn board_text(widget: impl Widget) -> String {
    use crate::app::layout::{BOARD_HEIGHT, BOARD_WIDTH};
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(
        BOARD_WIDTH,
        BOARD_HEIGHT,
    ))
    .expect("a test terminal");
    terminal
        .draw(|frame| frame.render_widget(widget, frame.area()))
        .expect("a test terminal draws");
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..BOARD_HEIGHT {
        let line: String = (0..BOARD_WIDTH).map(|x| buffer[(x, y)].symbol()).collect();
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines' text, one string a line.
    fn texts(lines: &[Line]) -> Vec<String> {
        lines.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn lines_that_do_not_fit_are_cut_and_counted_on_the_last_line() {
        let theme = Theme::default();
        let mut lines = vec![Line::raw("0/52 cards"), Line::raw("")];
        lines
            .extend((1..=6).map(|n| Line::raw(format!("Problem {n}: a line long enough to wrap"))));
        let area = Rect::new(0, 0, 28, 8);
        let shown = texts(&fitted(lines.clone(), area, &theme));
        // Two rows for the header, two for each problem: two whole, the third cut to the
        // row left beside the count of the three not shown.
        assert_eq!(shown.len(), 6, "{shown:?}");
        assert_eq!(shown[..4], texts(&lines[..4]));
        assert!(shown[4].starts_with("Problem 3: a line") && shown[4].ends_with('…'));
        assert!(Span::raw(shown[4].as_str()).width() <= 28, "{shown:?}");
        assert_eq!(shown[5], "… and 3 more");
        let tall = Rect::new(0, 0, 28, 14);
        assert_eq!(texts(&fitted(lines.clone(), tall, &theme)), texts(&lines));
        // The last line left out takes the count's row, cut.
        let one_short = Rect::new(0, 0, 28, 13);
        let shown = texts(&fitted(lines.clone(), one_short, &theme));
        assert_eq!(shown.len(), lines.len(), "{shown:?}");
        assert!(shown[7].ends_with('…'), "{shown:?}");
        // Blank lines left out are not counted.
        lines.push(Line::raw(""));
        lines.push(Line::raw("Ctrl-F puts 8s in pile 7"));
        let shown = texts(&fitted(lines, area, &theme));
        assert_eq!(shown.last().map(String::as_str), Some("… and 4 more"));
    }
}

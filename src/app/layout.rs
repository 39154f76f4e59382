//! Where the screen's parts go: the title line, the board every game fills, the side panel,
//! the message under them and the key hints. Drawing, mouse clicks and arrow keys all lay
//! the screen out here, from its size, so that what a click hits is what was drawn.

use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use solitaire::cards::deal::DECK_SIZE;

use crate::app::cards::{CELL, Direction, nearest};
use crate::app::effects::{Status, Tone};
use crate::app::widgets::{Look, shortened_in_middle};

/// The smallest terminal the board fits in.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// The board every game draws its deal in: twelve cards a line, eleven lines.
pub const BOARD_WIDTH: u16 = 12 * CELL;
pub const BOARD_HEIGHT: u16 = 11;

/// The slot at a screen cell of the editor's board drawn in `area`, if any.
pub fn slot_at(
    slot_rects: impl Fn(Rect) -> [Rect; DECK_SIZE],
    area: Rect,
    column: u16,
    row: u16,
) -> Option<usize> {
    slot_rects(area)
        .iter()
        .position(|rect| rect.contains(Position::new(column, row)))
}

/// The slot an arrow key leads to from `from` in the editor. Stays put at an edge. A slot
/// the board does not show (an empty rectangle: past the end of a layout typed as data) is
/// never one.
pub fn neighbour(
    slot_rects: impl Fn(Rect) -> [Rect; DECK_SIZE],
    from: usize,
    direction: Direction,
) -> usize {
    let rects = slot_rects(Rect::new(0, 0, BOARD_WIDTH, BOARD_HEIGHT));
    let shown = rects
        .iter()
        .copied()
        .enumerate()
        .filter(|(_, rect)| !rect.is_empty());
    nearest(rects[from], shown, direction).unwrap_or(from)
}

/// The screen's parts: title, board, side panel, message and key hints.
pub struct Areas {
    pub title: Rect,
    pub board: Rect,
    pub panel: Rect,
    pub message: Rect,
    pub keys: Rect,
}

/// The parts of a screen whose message takes `message_rows` lines.
pub fn areas(area: Rect, message_rows: u16) -> Areas {
    let [title, body, message, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(message_rows),
        Constraint::Length(1),
    ])
    .areas(area);
    let [board, panel] =
        Layout::horizontal([Constraint::Length(BOARD_WIDTH + 2), Constraint::Min(0)]).areas(body);
    Areas {
        title,
        board,
        panel,
        message,
        keys,
    }
}

/// The most lines the message under the board takes.
const MOST_MESSAGE_ROWS: u16 = 3;

/// Where the board is drawn, the editor's slots or a position in play (also used for mouse
/// clicks and arrow keys): inside the board's frame, below its first line, down to where the
/// frame ends when the message takes its most lines, so that neither the board's top nor its
/// rows depend on the message's height. A game whose cards run down (Klondike's piles) has
/// every row of it.
pub fn board_area(size: Rect) -> Rect {
    let board = areas(size, MOST_MESSAGE_ROWS).board;
    let inner = Block::bordered().inner(board);
    Rect::new(
        inner.x,
        inner.y + 1,
        inner.width,
        inner.height.saturating_sub(1),
    )
}

/// Where the side panel is on a screen of `size` showing this message.
pub fn panel_area(size: Rect, message: &[Line]) -> Rect {
    areas(size, message_rows(message, size.width)).panel
}

/// The message under the board: the status, or else what the screen shows there (on the
/// solution screen, the next step).
pub fn message_lines(
    status: Option<&Status>,
    otherwise: Option<Line<'static>>,
    look: &Look,
) -> Vec<Line<'static>> {
    let (theme, text) = (look.theme, look.text);
    let line = match status {
        None => otherwise.unwrap_or_default(),
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

/// The message as it is drawn `width` columns wide: whole when it wraps into the lines it may
/// take, else with its paths cut in their middle (see [`fitted_in_rows`]), else cut in its
/// middle with `…`, so that no cut is unseen and its last words (how to answer a question,
/// say) stay with its first.
pub fn fitted_message(lines: Vec<Line<'static>>, width: u16) -> Vec<Line<'static>> {
    fitted_in_rows(lines, width, MOST_MESSAGE_ROWS)
}

/// The fewest columns a path in a message is cut to before the message itself is cut: enough
/// for its start and its file's name to be told.
const SHORTEST_PATH: usize = 20;

/// `lines` as they fit in `rows` lines `width` columns wide. A path (a long word with a `/`:
/// a folder the user chose may be as long as it likes) gives up its middle first, no more of
/// it than needed, so that what is said around it (why a file could not be written, what
/// became of the work) stays whole; only when that is not enough is the message cut in its
/// middle.
pub fn fitted_in_rows(lines: Vec<Line<'static>>, width: u16, rows: u16) -> Vec<Line<'static>> {
    let fits = |lines: &[Line]| {
        Paragraph::new(lines.to_vec())
            .wrap(Wrap { trim: false })
            .line_count(width)
            <= usize::from(rows)
    };
    if fits(&lines) {
        return lines;
    }
    let longest = longest_path(&lines);
    let lines = if longest > SHORTEST_PATH {
        let cut_to = |most: usize| with_paths_cut(&lines, most);
        if fits(&cut_to(SHORTEST_PATH)) {
            // The longest paths that still fit: cutting more never takes more lines.
            return cut_to(most_that_fits(SHORTEST_PATH, longest, |most| {
                fits(&cut_to(most))
            }));
        }
        cut_to(SHORTEST_PATH)
    } else {
        lines
    };
    let style = lines.first().map(|line| line.style).unwrap_or_default();
    let spans: Vec<Span<'static>> = lines.into_iter().flat_map(|line| line.spans).collect();
    let whole = Line::from(spans).style(style);
    let cut = |kept: usize| vec![cut_line(&whole, kept)];
    // The most characters kept that still fit with the `…`: wrapping more never takes fewer
    // lines, so the search halves.
    let all = whole.spans.iter().map(|s| s.content.chars().count()).sum();
    cut(most_that_fits(0, all, |kept| fits(&cut(kept))))
}

/// The largest count from `fitting` (which fits) up to below `too_many` (which does not)
/// that `fits`, for a test that holds up to some count and fails above it.
fn most_that_fits(mut fitting: usize, mut too_many: usize, fits: impl Fn(usize) -> bool) -> usize {
    while too_many - fitting > 1 {
        let middle = usize::midpoint(fitting, too_many);
        if fits(middle) {
            fitting = middle;
        } else {
            too_many = middle;
        }
    }
    fitting
}

/// The columns of the longest path in `lines`, 0 when they name none.
fn longest_path(lines: &[Line]) -> usize {
    lines
        .iter()
        .flat_map(|line| &line.spans)
        .flat_map(|span| span.content.split(' '))
        .filter_map(|word| path_in(word).map(|(_, path, _)| Span::raw(path).width()))
        .max()
        .unwrap_or(0)
}

/// `lines` with every path longer than `most` columns cut to `most` in its middle, as the
/// Open dialog cuts a long name: its start and its file's name stay.
fn with_paths_cut(lines: &[Line<'static>], most: usize) -> Vec<Line<'static>> {
    let cut_words = |text: &str| -> String {
        let words: Vec<String> = text
            .split(' ')
            .map(|word| match path_in(word) {
                Some((before, path, after)) if Span::raw(path).width() > most => {
                    format!("{before}{}{after}", shortened_in_middle(path, most))
                }
                _ => word.to_string(),
            })
            .collect();
        words.join(" ")
    };
    lines
        .iter()
        .map(|line| {
            let mut cut = line.clone();
            for span in &mut cut.spans {
                span.content = cut_words(&span.content).into();
            }
            cut
        })
        .collect()
}

/// A word that is a path, split into what comes before it (an opening bracket or quote),
/// the path, and what follows it (the sentence's `:`, `.`, `)` or quote).
fn path_in(word: &str) -> Option<(&str, &str, &str)> {
    let start = word.len() - word.trim_start_matches(['(', '\'', '"']).len();
    let end = word
        .trim_end_matches(['.', ',', ':', ';', ')', '\'', '"'])
        .len();
    let path = word.get(start..end.max(start))?;
    path.contains('/')
        .then(|| (&word[..start], path, &word[end.max(start)..]))
}

/// `kept` characters of `line`, in their styles, half from its start and half from its end,
/// with `…` between them in the style of the characters before it.
fn cut_line(line: &Line<'static>, kept: usize) -> Line<'static> {
    let total: usize = line.spans.iter().map(|s| s.content.chars().count()).sum();
    let head = kept.div_ceil(2);
    let tail_from = total - (kept - head);
    let (mut spans, mut at, mut ellipsis_style, mut start) = (Vec::new(), 0, line.style, 0);
    for span in &line.spans {
        let length = span.content.chars().count();
        let before: String = span
            .content
            .chars()
            .take(head.saturating_sub(start))
            .collect();
        if !before.is_empty() {
            ellipsis_style = span.style;
            spans.push(Span::styled(before, span.style));
            at = spans.len();
        }
        if start + length > tail_from {
            let after = span.content.chars().skip(tail_from.saturating_sub(start));
            spans.push(Span::styled(after.collect::<String>(), span.style));
        }
        start += length;
    }
    spans.insert(at, Span::styled("…", ellipsis_style));
    Line::from(spans).style(line.style)
}

/// The rows the message needs to be read whole: one, or as many as wrapping it takes (at
/// most three, so the board keeps its room).
pub fn message_rows(lines: &[Line], width: u16) -> u16 {
    let rows = Paragraph::new(lines.to_vec())
        .wrap(Wrap { trim: false })
        .line_count(width);
    (rows as u16).clamp(1, MOST_MESSAGE_ROWS)
}

//! The Open dialog (Ctrl-O): the user's saves of both games (whole games and unfinished
//! deals) and the built-in examples, each row naming its game, a filter typed over them, the
//! files that could not be read, and deleting a save after a yes. It decides what a key means
//! and draws itself over the whole screen; the app lists the saves, deletes them and opens
//! the deal it answers with.

use std::path::{Path, PathBuf};

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::effects::Tone;
use crate::app::games::{self, Listed};
use crate::app::layout;
use crate::app::question::{self, Reply};
use crate::app::text_field::{Edit, TextField};
use crate::app::theme::Theme;
use crate::app::widgets::{
    footer, panel_block, popup, shortened, shortened_at_start, shortened_in_middle,
};
use crate::store::{Origin, StorageError};

/// The deals the open dialog lists, and the filter typed into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenDialog {
    pub entries: Vec<Listed>,
    /// Files in the saves folder that could not be read, each with the reason.
    pub broken: Vec<String>,
    pub filter: TextField,
    pub selected: usize,
    /// The first unreadable file shown; `PgUp` and `PgDn` move it.
    pub broken_first: usize,
    /// The save asked about after Delete: `y` removes it, `n` or Esc keeps it, and any other
    /// key leaves the question waiting, as every question of the app does.
    pub confirm: Option<Box<Listed>>,
    /// What the last key did, shown above the keys.
    pub note: Option<(Tone, String)>,
}

/// What a key in the dialog asks the app to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenAction {
    /// Keep the dialog open.
    Stay,
    /// Close it without opening anything.
    Close,
    /// Open this entry.
    Open(Box<Listed>),
    /// Remove this save (the user said yes), then list again.
    Delete(PathBuf),
}

impl OpenDialog {
    /// The dialog over what the saves folder holds: its deals and the files that cannot be
    /// read.
    pub fn new(entries: Vec<Listed>, broken: Vec<String>) -> OpenDialog {
        OpenDialog {
            entries,
            broken,
            filter: TextField::default(),
            selected: 0,
            broken_first: 0,
            confirm: None,
            note: None,
        }
    }

    /// The entries the filter lets through.
    pub fn visible(&self) -> Vec<&Listed> {
        let filter = self.filter.text().to_lowercase();
        self.entries
            .iter()
            .filter(|e| e.name().to_lowercase().contains(&filter))
            .collect()
    }

    /// Handles one key.
    pub fn key(&mut self, key: KeyEvent) -> OpenAction {
        // What the last key did is said once: the next one answers it or replaces it.
        self.note = None;
        if let Some(asked) = self.confirm.take() {
            return self.answer(key, asked);
        }
        let count = self.visible().len();
        match key.code {
            KeyCode::Esc => return OpenAction::Close,
            KeyCode::Enter => {
                if let Some(entry) = self.visible().get(self.selected) {
                    return OpenAction::Open(Box::new((*entry).clone()));
                }
            }
            KeyCode::Up => self.selected = self.selected.saturating_sub(1),
            KeyCode::Down => self.selected = (self.selected + 1).min(count.saturating_sub(1)),
            KeyCode::PageUp => self.broken_first = self.broken_first.saturating_sub(1),
            KeyCode::PageDown => {
                self.broken_first =
                    (self.broken_first + 1).min(self.broken.len().saturating_sub(1));
            }
            KeyCode::Delete => self.ask_delete(),
            _ => {
                if self.filter.key(key) == Edit::Changed {
                    self.selected = 0;
                }
            }
        }
        OpenAction::Stay
    }

    /// A line pasted into the filter.
    pub fn paste(&mut self, line: &str) {
        self.filter.insert(line);
        self.selected = 0;
    }

    /// Delete on the chosen entry: asks first, and never for a built-in example.
    fn ask_delete(&mut self) {
        let Some(entry) = self.visible().get(self.selected).map(|e| (*e).clone()) else {
            return;
        };
        match entry.origin {
            Origin::User(_) => self.confirm = Some(Box::new(entry)),
            Origin::Example => {
                self.note = Some((
                    Tone::Warning,
                    "The examples are built in: they cannot be deleted.".to_string(),
                ));
            }
        }
    }

    /// The key that answers "delete this save?": only `y` deletes, `n` or Esc keeps it, and
    /// any other key leaves the question waiting on the dialog's last line.
    fn answer(&mut self, key: KeyEvent, asked: Box<Listed>) -> OpenAction {
        match (question::reply(key, None), &asked.origin) {
            (Reply::Yes, Origin::User(path)) => return OpenAction::Delete(path.clone()),
            (Reply::Waits, _) => self.confirm = Some(asked),
            _ => self.note = Some((Tone::Info, format!("Kept {}.", asked.name()))),
        }
        OpenAction::Stay
    }

    /// Says what became of the save at `path` that the user asked to delete.
    pub fn deleted(&mut self, path: &Path, deleted: Result<(), StorageError>) {
        self.note = Some(match deleted {
            Ok(()) => (Tone::Success, format!("Deleted {}.", file_name(path))),
            Err(error) => (Tone::Error, format!("Not deleted: {error}.")),
        });
    }

    /// What the saves folder holds now, keeping the filter, the place and the note.
    pub fn relist(&mut self, entries: Vec<Listed>, broken: Vec<String>) {
        self.entries = entries;
        self.broken = broken;
        self.broken_first = 0;
        self.selected = self.selected.min(self.visible().len().saturating_sub(1));
    }

    /// The keys the dialog takes now, for its last line.
    pub fn keys(&self) -> Vec<(&'static str, &'static str)> {
        if self.confirm.is_some() {
            return vec![
                (question::YES_KEY, "delete"),
                (question::NO_KEYS, "keep it"),
            ];
        }
        let mut keys = vec![
            ("type", "filter"),
            ("↑↓", "choose"),
            ("Enter", "open"),
            ("Del", "delete"),
        ];
        if !self.broken.is_empty() {
            keys.push(("PgUp/PgDn", "skipped"));
        }
        keys.push(("Esc", "close"));
        keys
    }
}

/// The file a save is in, as the dialog shows it.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into(),
    )
}

/// Columns of the date and of the game, and the fewest of the state: it widens to
/// "unfinished 31/52" when such a deal is listed.
const DATE_WIDTH: u16 = 16;
const GAME_WIDTH: u16 = 8;
const STATE_WIDTH: u16 = 11;

/// The columns a file keeps while a long name wants them.
const FILE_KEEPS: u16 = 12;

/// Draws the dialog over `area`, using all of its height. `app_asks` holds the answer keys of
/// a question the app asks over the dialog (whether to quit): that question, which the app
/// puts in the dialog's note, takes the note's line and the dialog's keys, and a delete
/// question waits under it.
pub fn render(
    dialog: &OpenDialog,
    app_asks: Option<&[(&str, &str)]>,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    // All the screen but its title and key lines, which still say where the user is.
    let rect = popup(area, area.width, area.height.saturating_sub(2), buf, theme);
    let block = panel_block("Open a deal", theme).border_style(Style::new().fg(theme.title));
    let inner = block.inner(rect);
    block.render(rect, buf);
    let broken_rows = if dialog.broken.is_empty() {
        0
    } else {
        (inner.height / 3).max(3)
    };
    let note_lines = note_lines(dialog, app_asks.is_some(), inner.width, theme);
    let note_rows = Paragraph::new(note_lines.clone())
        .wrap(Wrap { trim: false })
        .line_count(inner.width)
        .clamp(1, usize::from(MOST_NOTE_ROWS)) as u16;
    let [filter, list, broken, note, _keys] = inner.layout(&Layout::vertical([
        Constraint::Length(2),
        Constraint::Fill(1),
        Constraint::Length(broken_rows),
        Constraint::Length(note_rows),
        Constraint::Length(1),
    ]));
    let label = "Filter: ";
    let room = usize::from(filter.width).saturating_sub(label.len());
    let mut spans = vec![Span::raw(label)];
    spans.extend(
        dialog
            .filter
            .spans(room, Style::new().fg(theme.cursor), true),
    );
    Line::from(spans).render(filter, buf);
    entry_rows(dialog, list, buf, theme);
    unreadable(dialog, broken, buf, theme);
    Paragraph::new(note_lines)
        .wrap(Wrap { trim: false })
        .render(note, buf);
    let keys = app_asks.map_or_else(|| dialog.keys(), <[_]>::to_vec);
    footer(&keys, inner, buf, theme);
}

/// The most lines the dialog's note takes: one, or two for a long question or failure.
const MOST_NOTE_ROWS: u16 = 2;

/// The delete question waiting, after what the last key did if anything (the reply to the
/// app's question asked over it, say), or else what the last key did (or, when `app_asks`,
/// the app's question), fitted in the note's lines `width` columns wide: a long name or path
/// gives up its middle, so that how to answer (or why a delete failed) is always seen.
fn note_lines(
    dialog: &OpenDialog,
    app_asks: bool,
    width: u16,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let own_question = dialog.confirm.as_ref().filter(|_| !app_asks);
    let (colour, text) = match (own_question, &dialog.note) {
        (Some(asked), said) => {
            let file = match &asked.origin {
                Origin::User(path) => file_name(path),
                Origin::Example => String::new(),
            };
            let before = said
                .as_ref()
                .map_or(String::new(), |(_, text)| format!("{text} "));
            (
                theme.warning,
                format!(
                    "{before}Delete {} ({file})? {}",
                    asked.name(),
                    question::answer_words("deletes it", "keeps it", None)
                ),
            )
        }
        (None, Some((tone, text))) => (
            match tone {
                Tone::Info => theme.text,
                Tone::Success => theme.success,
                Tone::Warning => theme.warning,
                Tone::Error => theme.invalid,
            },
            text.clone(),
        ),
        (None, None) => return Vec::new(),
    };
    layout::fitted_in_rows(
        vec![Line::styled(text, Style::new().fg(colour))],
        width,
        MOST_NOTE_ROWS,
    )
}

/// The saves and examples, one a row under column heads, scrolled to keep the choice in
/// view. A row's name and state share the width the game, file and date leave, the state at
/// its end (as a file manager puts a size): a name comes first and its state takes what it
/// leaves (see [`name_and_state`]), so one long state ("3 moves in, 41 unknown") narrows no
/// other row's name, nor its own.
fn entry_rows(dialog: &OpenDialog, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let visible = dialog.visible();
    if visible.is_empty() {
        Line::styled("No deal matches.", Style::new().fg(theme.dim)).render(area, buf);
        return;
    }
    let columns = entry_columns(dialog, &visible, area.width);
    let mut row = |y: u16, cells: [Span; 6]| {
        entry_row(Rect::new(area.x, y, area.width, 1), &columns, cells, buf);
    };
    let dim = Style::new().fg(theme.dim);
    row(
        area.y,
        [
            Span::raw(""),
            Span::styled("Name", dim),
            Span::styled("Game", dim),
            Span::styled("File", dim),
            Span::styled("Saved", dim),
            Span::styled("State", dim),
        ],
    );
    let rows = area.height.saturating_sub(1) as usize;
    let first = dialog.selected.saturating_sub(rows.saturating_sub(1));
    for (line, (index, entry)) in visible
        .iter()
        .enumerate()
        .skip(first)
        .take(rows)
        .enumerate()
    {
        let selected = index == dialog.selected;
        let style = if selected {
            Style::new().fg(theme.cursor).add_modifier(Modifier::BOLD)
        } else {
            Style::new().fg(theme.text)
        };
        row(
            area.y + 1 + line as u16,
            [
                Span::styled(if selected { "▶" } else { "" }, style),
                Span::styled(entry.name().to_string(), style),
                Span::styled(entry.game().name(), dim),
                Span::styled(file_shown(entry), dim),
                Span::styled(entry.saved().to_string(), dim),
                Span::styled(games::listed_state(&entry.holds), style),
            ],
        );
    }
}

/// What a row's file column shows: the save's file, or that it is a built-in example.
fn file_shown(entry: &Listed) -> String {
    match &entry.origin {
        Origin::User(path) => file_name(path),
        Origin::Example => "example".to_string(),
    }
}

/// The columns of the rows `width` wide: the mark, the name with its state, the game, the
/// file and the date.
fn entry_columns(dialog: &OpenDialog, visible: &[&Listed], width: u16) -> Layout {
    let widest = |text: &dyn Fn(&Listed) -> String| {
        visible
            .iter()
            .map(|e| Span::raw(text(e)).width())
            .max()
            .unwrap_or(0) as u16
    };
    let widest_name = widest(&|e| e.name().to_string());
    let widest_file = widest(&file_shown).max(4);
    // Every listed state fits whole, and the columns keep their widths while a filter is
    // typed.
    let state_width = dialog
        .entries
        .iter()
        .map(|e| Span::raw(games::listed_state(&e.holds)).width())
        .max()
        .map_or(STATE_WIDTH, |w| (w as u16).max(STATE_WIDTH));
    // The name and state come first: they get what they need while the file keeps a dozen
    // columns, and the file gets what is left; what both leave over widens the name.
    let free = width.saturating_sub(2 + GAME_WIDTH + DATE_WIDTH + 4);
    let name_and_state =
        (widest_name + 1 + state_width).min(free.saturating_sub(widest_file.min(FILE_KEEPS) + 1));
    let file_width = widest_file.min(free.saturating_sub(name_and_state + 1));
    Layout::horizontal([
        Constraint::Length(2),
        Constraint::Fill(1),
        Constraint::Length(GAME_WIDTH),
        Constraint::Length(file_width),
        Constraint::Length(DATE_WIDTH),
    ])
    .spacing(1)
}

/// One row in `rect`: its mark, name, game, file, date and state, the state at the end of
/// the name's column when it has room. A cell too long for its column is never cut without
/// a sign. A name is
/// cut in its middle and a file at its start (its name shows the start), so that saves whose
/// names begin alike still differ on screen.
fn entry_row(rect: Rect, columns: &Layout, cells: [Span; 6], buf: &mut Buffer) {
    let [mark, name, game, file, saved]: [Rect; 5] = rect.layout(columns);
    let [
        mark_cell,
        name_cell,
        game_cell,
        file_cell,
        saved_cell,
        state_cell,
    ] = cells;
    let (name_room, state) = name_and_state(&name_cell.content, &state_cell.content, name.width);
    let state_columns = Span::raw(&state).width() as u16;
    let name_text = shortened_in_middle(&name_cell.content, usize::from(name_room));
    Span::styled(name_text, name_cell.style).render(name, buf);
    let state_at = Rect {
        x: name.right() - state_columns,
        width: state_columns,
        ..name
    };
    Span::styled(state, state_cell.style).render(state_at, buf);
    for (cell, rect) in [(mark_cell, mark), (game_cell, game), (saved_cell, saved)] {
        Span::styled(
            shortened(&cell.content, usize::from(rect.width)),
            cell.style,
        )
        .render(rect, buf);
    }
    let file_text = shortened_at_start(&file_cell.content, usize::from(file.width));
    Span::styled(file_text, file_cell.style).render(file, buf);
}

/// How a row's name and state share `width` columns: the name is what tells the rows apart,
/// so it comes first, whole when the column holds it (a name cut even a little loses a word
/// in its middle). The state shows in what it leaves: whole, or else its first part ("3
/// moves in" of "3 moves in, 41 unknown"), or else not at all, rather than cut too short to
/// read. Gives the name's columns and the state as shown.
fn name_and_state(name: &str, state: &str, width: u16) -> (u16, String) {
    let columns = |text: &str| Span::raw(text).width() as u16;
    let first_part = state.split(", ").next().unwrap_or(state);
    for shown in [state, first_part] {
        if columns(name) + 1 + columns(shown) <= width {
            return (width - columns(shown) - 1, shown.to_string());
        }
    }
    (width, String::new())
}

/// Every file that could not be read, whole and wrapped, from the one PgUp/PgDn reached.
fn unreadable(dialog: &OpenDialog, area: Rect, buf: &mut Buffer, theme: &Theme) {
    if area.height == 0 {
        return;
    }
    let count = dialog.broken.len();
    let first = dialog.broken_first.min(count.saturating_sub(1));
    let head = if first == 0 {
        format!("Skipped, cannot be opened ({count}):")
    } else {
        format!(
            "Skipped, cannot be opened ({count}), from number {}:",
            first + 1
        )
    };
    let mut lines = vec![Line::styled(head, Style::new().fg(theme.warning))];
    // A reason may take several lines (every problem of a deal): each gets its own.
    for broken in &dialog.broken[first..] {
        for (index, part) in broken.lines().enumerate() {
            let mark = if index == 0 { "· " } else { "  " };
            lines.push(Line::styled(
                format!("{mark}{part}"),
                Style::new().fg(theme.warning),
            ));
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(area, buf);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyModifiers;
    use solitaire::GameKind;
    use solitaire::games::tripeaks::saved::DraftSlot;

    use crate::app::games::{Holds, pyramid, tripeaks};
    use crate::store::Folders;
    use solitaire::games::pyramid::saved::{SavedDeal, Verdict};
    use solitaire::games::tripeaks::saved::{SavedTriPeaks, TriPeaksDraft};

    const WINNABLE: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/saved-games/winnable-40-steps.txt"
    ));
    use crate::app::games::tripeaks::saved_games::{AS_DEALT, CLEARS};

    /// The dialog over what the saves folder holds now.
    fn listed(folders: &Folders) -> OpenDialog {
        let (entries, broken) = games::list(folders);
        OpenDialog::new(entries, broken)
    }

    fn press(dialog: &mut OpenDialog, code: KeyCode) -> OpenAction {
        dialog.key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    /// The dialog drawn on a screen of this size, as text.
    fn screen(dialog: &OpenDialog, width: u16, height: u16) -> String {
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        render(dialog, None, area, &mut buf, &Theme::default());
        let mut text = String::new();
        for y in 0..height {
            let line: String = (0..width).map(|x| buf[(x, y)].symbol()).collect();
            text.push_str(line.trim_end());
            text.push('\n');
        }
        text
    }

    /// A saves folder holding a game of each kind, a TriPeaks game played part-way with cards
    /// not seen yet, an unfinished TriPeaks deal, a TriPeaks file with a card twice (for its
    /// editor, as `pyramid FILE` opens it) and one with a word that is not a card (which
    /// cannot be opened), each dated so the screen stays fixed.
    fn both_games(dir: &Path) -> Folders {
        let folders = Folders::under(dir);
        let mut pyramid = SavedDeal::parse(WINNABLE, "x").unwrap();
        pyramid.name = "Monday".to_string();
        pyramid.saved = "2026-11-23 09:00".to_string();
        pyramid.verdict = Verdict::Unsolved;
        pyramid::save(&folders, &pyramid).unwrap();
        let mut played = SavedTriPeaks::parse(AS_DEALT, "x").unwrap();
        played.name = "Tuesday".to_string();
        played.saved = "2026-11-24 09:00".to_string();
        let mut game = played.game();
        for _ in 0..3 {
            let mv = game.position().legal_moves()[0];
            game.play(mv).unwrap();
        }
        played.moves = game.moves().to_vec();
        tripeaks::save(&folders, &played).unwrap();
        let mut fresh = SavedTriPeaks::parse(CLEARS, "x").unwrap();
        fresh.name = "Wednesday".to_string();
        fresh.saved = "2026-11-25 09:00".to_string();
        tripeaks::save(&folders, &fresh).unwrap();
        let mut half = TriPeaksDraft::from_deal(&fresh.deal);
        for slot in &mut half.slots[30..] {
            *slot = DraftSlot::Empty;
        }
        let text = half.to_named_text("Thursday", "2026-11-26 09:00", &[]);
        std::fs::write(folders.saves.join("thursday.txt"), text).unwrap();
        let twice = (fresh.to_text().replacen("Kh", "8h", 1)).replacen(
            "# name: Wednesday",
            "# name: Wednesday twice",
            1,
        );
        std::fs::write(folders.saves.join("twice.txt"), twice).unwrap();
        let unreadable = fresh.to_text().replacen("9d", "9x", 1);
        std::fs::write(folders.saves.join("unreadable.txt"), unreadable).unwrap();
        folders
    }

    /// The dialog's line that holds `part`.
    fn row_with<'a>(shown: &'a str, part: &str) -> &'a str {
        shown
            .lines()
            .find(|line| line.contains(part))
            .unwrap_or_else(|| panic!("a row with {part} in\n{shown}"))
    }

    #[test]
    fn each_row_names_its_game_and_tripeaks_rows_their_state() {
        let dir = tempfile::tempdir().unwrap();
        let dialog = listed(&both_games(dir.path()));
        let shown = screen(&dialog, 100, 30);
        insta::assert_snapshot!(shown);
        let row = |name: &str| row_with(&shown, name);
        for (name, game) in [
            ("Thursday", "TriPeaks"),
            ("Wednesday", "TriPeaks"),
            ("Tuesday", "TriPeaks"),
            ("Monday", "Pyramid"),
            ("TriPeaks: clears in 43 steps", "TriPeaks"),
            ("Example: winnable in 40 steps", "Pyramid"),
        ] {
            assert!(row(name).contains(&format!(" {game} ")), "{}", row(name));
        }
        assert!(shown.contains("unfinished 30/52"), "{shown}");
        assert!(shown.contains("3 moves in, 41 unknown"), "{shown}");
        assert!(shown.contains("not played"), "{shown}");
        assert!(
            row("Wednesday twice").contains("problems to fix"),
            "{shown}"
        );
        assert!(shown.contains("unreadable.txt: "), "{shown}");
    }

    #[test]
    fn saves_whose_names_begin_alike_are_told_apart_at_80_columns() {
        let dir = tempfile::tempdir().unwrap();
        let folders = Folders::under(dir.path());
        let beginning = "Sunday at the club, the long game we played after lunch";
        for (ending, saved) in [("first deal", "09:00"), ("second deal", "10:00")] {
            let mut save = SavedDeal::parse(WINNABLE, "x").unwrap();
            save.name = format!("{beginning}, {ending}");
            save.saved = format!("2026-11-22 {saved}");
            pyramid::save(&folders, &save).unwrap();
        }
        let dialog = listed(&folders);
        let shown = screen(&dialog, 80, 24);
        insta::assert_snapshot!(shown);
        let row = |ending: &str| row_with(&shown, ending).to_string();
        // Each row shows its name's start and end, cut in its middle, and its file's end.
        for (ending, file) in [
            ("first deal", "…st-deal.txt"),
            ("second deal", "…nd-deal.txt"),
        ] {
            let row = row(ending);
            assert!(row.contains("Sunday at"), "{row}");
            assert!(row.contains(file), "{row}");
        }
    }

    #[test]
    fn at_80_columns_a_name_is_narrowed_by_no_other_rows_state() {
        let dir = tempfile::tempdir().unwrap();
        let dialog = listed(&both_games(dir.path()));
        let shown = screen(&dialog, 80, 24);
        insta::assert_snapshot!(shown);
        // One long state ("3 moves in, 41 unknown") narrows no other row's name, and a name
        // comes before its own state.
        let row = |name: &str| row_with(&shown, name);
        assert!(
            row("Example: winnable in 40 steps").contains("steps        Pyramid"),
            "{shown}"
        );
        assert!(row("Wednesday twice").contains("twice      problems to fix TriPeaks"));
        assert!(shown.contains("Tuesday       3 moves in, 41 unknown TriPeaks"));
    }

    /// Issue 29: at 80 columns the examples' long names were cut until they could not be read
    /// ("Example: no…full search)") while their states kept the room. A name comes first:
    /// whole when its column holds it, the state (whole, its first part, or cut) beside it
    /// only in what it leaves.
    #[test]
    fn at_80_columns_a_name_comes_before_its_state() {
        let dir = tempfile::tempdir().unwrap();
        let folders = Folders::under(dir.path());
        for (name, moves, saved) in [
            ("Tuesday", 3, "09:00"),
            ("Tuesday at the club", 3, "10:00"),
            ("Tuesday at the club, 3 face down", 6, "11:00"),
        ] {
            let mut played = SavedTriPeaks::parse(AS_DEALT, "x").unwrap();
            played.name = name.to_string();
            played.saved = format!("2026-11-24 {saved}");
            let mut game = played.game();
            for _ in 0..moves {
                let mv = game.position().legal_moves()[0];
                game.play(mv).unwrap();
            }
            played.moves = game.moves().to_vec();
            tripeaks::save(&folders, &played).unwrap();
        }
        let dialog = listed(&folders);
        let shown = screen(&dialog, 80, 24);
        insta::assert_snapshot!(shown);
        // A short name keeps its whole state; a longer one the state's first part; a name
        // that leaves too little for either shows whole, without a state.
        for row in [
            "│   Tuesday       3 moves in, 41 unknown TriPeaks ",
            "│   Tuesday at the club       3 moves in TriPeaks ",
            "│▶  Tuesday at the club, 3 face down     TriPeaks ",
            "│   Example: winnable in 40 steps        Pyramid  ",
            "│   Example: the shortest, 15 steps      Pyramid  ",
            "│   Example: relaxed, one pass  31 steps Pyramid  ",
            "│   TriPeaks: clears in 43 steps         TriPeaks ",
            // Longer than its column, a name gives up its middle only.
            "│   Example: no solut…s the full search) Pyramid  ",
        ] {
            assert!(shown.contains(row), "{row} in\n{shown}");
        }
    }

    #[test]
    fn a_delete_question_or_failure_too_long_for_a_line_keeps_its_end_in_sight() {
        let dir = tempfile::tempdir().unwrap();
        let folders = Folders::under(dir.path());
        let mut save = SavedDeal::parse(WINNABLE, "x").unwrap();
        save.name = "Sunday at the club, the long game we played after lunch with everyone, \
                     second deal"
            .to_string();
        save.saved = "2026-11-22 10:00".to_string();
        pyramid::save(&folders, &save).unwrap();
        let mut dialog = listed(&folders);
        press(&mut dialog, KeyCode::Delete);
        let shown = screen(&dialog, 80, 24);
        insta::assert_snapshot!(shown);
        assert!(
            shown.contains("y deletes it, n or Esc keeps it."),
            "how to answer is seen:\n{shown}"
        );
        press(&mut dialog, KeyCode::Esc);
        // A delete refused in a folder with a long path: the reason stays whole.
        let path = dir
            .path()
            .join("the-games-of-the-whole-family-kept-here-since-the-first-winter")
            .join("saves-of-pyramid-tripeaks-and-klondike")
            .join("sunday-at-the-club-the-long-game-we-played-after-lunch.txt");
        let refused = StorageError::Delete {
            path: path.clone(),
            source: std::io::Error::from(std::io::ErrorKind::PermissionDenied),
        };
        dialog.deleted(&path, Err(refused));
        let shown = screen(&dialog, 80, 24);
        assert!(shown.contains("│Not deleted: cannot delete"), "{shown}");
        assert!(shown.contains("│/"), "{shown}");
        assert!(shown.contains("…"), "{shown}");
        assert!(shown.contains("lunch.txt: permission denied."), "{shown}");
    }

    #[test]
    fn enter_opens_an_entry_of_either_game() {
        let dir = tempfile::tempdir().unwrap();
        let folders = both_games(dir.path());
        let mut dialog = listed(&folders);
        assert_eq!(dialog.visible()[0].game(), GameKind::TriPeaks);
        let OpenAction::Open(entry) = press(&mut dialog, KeyCode::Enter) else {
            panic!("the TriPeaks save opens")
        };
        assert_eq!(entry.game(), GameKind::TriPeaks);
        let mut dialog = listed(&folders);
        for c in "monday".chars() {
            press(&mut dialog, KeyCode::Char(c));
        }
        let OpenAction::Open(entry) = press(&mut dialog, KeyCode::Enter) else {
            panic!("the Pyramid save opens")
        };
        assert_eq!(entry.origin, Origin::User(folders.saves.join("monday.txt")));
        assert!(
            matches!(&entry.holds, Holds::Game(saved) if saved.get::<SavedDeal>().is_some_and(|saved| saved.name == "Monday"))
        );
    }

    #[test]
    fn a_tripeaks_save_is_deleted_after_a_yes() {
        let dir = tempfile::tempdir().unwrap();
        let folders = both_games(dir.path());
        let mut dialog = listed(&folders);
        for c in "tuesday".chars() {
            press(&mut dialog, KeyCode::Char(c));
        }
        press(&mut dialog, KeyCode::Delete);
        let path = folders.saves.join("tuesday.txt");
        assert_eq!(
            press(&mut dialog, KeyCode::Char('y')),
            OpenAction::Delete(path.clone())
        );
        dialog.deleted(&path, crate::store::delete(&path));
        let (entries, broken) = games::list(&folders);
        dialog.relist(entries, broken);
        assert!(!path.exists());
        assert!(dialog.visible().is_empty());
    }
}

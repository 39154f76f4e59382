//! The Open dialog (Ctrl-O): the user's saves and the built-in examples, a filter typed over
//! them, and the keys that choose one. It only decides what a key means; the app opens the
//! deal it answers with.

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::view::{footer, panel_block, popup};
use crate::storage::{self, Folders, Listed, Origin, SavedDeal};
use crate::theme::Theme;

/// The deals the open dialog lists, and the filter typed into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenDialog {
    pub entries: Vec<Listed>,
    pub broken: Vec<String>,
    pub filter: String,
    pub selected: usize,
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
}

impl OpenDialog {
    /// The dialog over what the saves folder holds now.
    pub fn new(folders: &Folders) -> OpenDialog {
        let (entries, broken) = storage::list(folders);
        OpenDialog {
            entries,
            broken,
            filter: String::new(),
            selected: 0,
        }
    }

    /// The entries the filter lets through.
    pub fn visible(&self) -> Vec<&Listed> {
        let filter = self.filter.to_lowercase();
        self.entries
            .iter()
            .filter(|e| e.saved.name.to_lowercase().contains(&filter))
            .collect()
    }

    /// Handles one key.
    pub fn key(&mut self, key: KeyEvent) -> OpenAction {
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
            KeyCode::Backspace => {
                self.filter.pop();
                self.selected = 0;
            }
            KeyCode::Char(c) => {
                self.filter.push(c);
                self.selected = 0;
            }
            _ => {}
        }
        OpenAction::Stay
    }
}

/// What the open dialog says of a save: how far its game went, or its result.
fn listed_state(saved: &SavedDeal) -> String {
    match saved.moves.len() {
        0 => saved.verdict.label(),
        1 => "1 move in".to_string(),
        n => format!("{n} moves in"),
    }
}

/// Draws the dialog over `area`.
pub fn render(dialog: &OpenDialog, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let rect = popup(area, 74, 20, buf, theme);
    let block = panel_block("Open a deal", theme).border_style(Style::new().fg(theme.title));
    let inner = block.inner(rect);
    block.render(rect, buf);
    let mut lines = vec![Line::from(vec![
        Span::raw("Filter: "),
        Span::styled(format!("{}█", dialog.filter), Style::new().fg(theme.cursor)),
    ])];
    lines.push(Line::raw(""));
    let visible = dialog.visible();
    if visible.is_empty() {
        lines.push(Line::styled("No deal matches.", Style::new().fg(theme.dim)));
    }
    let rows = inner.height.saturating_sub(5) as usize;
    let first = dialog.selected.saturating_sub(rows.saturating_sub(1));
    for (index, entry) in visible.iter().enumerate().skip(first).take(rows) {
        let selected = index == dialog.selected;
        let style = if selected {
            Style::new().fg(theme.cursor).add_modifier(Modifier::BOLD)
        } else {
            Style::new().fg(theme.text)
        };
        let origin = match entry.origin {
            Origin::User(_) => "",
            Origin::Example => "example",
        };
        lines.push(Line::from(vec![
            Span::styled(if selected { "▶ " } else { "  " }, style),
            Span::styled(format!("{:<32.32}", entry.saved.name), style),
            Span::styled(
                format!(" {:<17}", entry.saved.saved),
                Style::new().fg(theme.dim),
            ),
            Span::styled(format!("{:<12}", listed_state(&entry.saved)), style),
            Span::styled(origin, Style::new().fg(theme.dim)),
        ]));
    }
    for broken in dialog.broken.iter().take(1) {
        lines.push(Line::styled(
            format!("Skipped: {broken}"),
            Style::new().fg(theme.warning),
        ));
    }
    Paragraph::new(lines).render(inner, buf);
    footer(
        &[
            ("type", "filter"),
            ("↑↓", "choose"),
            ("Enter", "open"),
            ("Esc", "close"),
        ],
        inner,
        buf,
        theme,
    );
}

//! The one line editor every text field of the app is: the save dialog's name and note, the
//! challenge dialog's fields and the Open dialog's filter. A field opens with its default
//! selected, so that the first key typed replaces it, and then edits as a shell's line does:
//! ←→, Home/End and Ctrl-A/Ctrl-E move; Backspace and Delete take the character before or
//! under the cursor; Ctrl-U, Ctrl-W and Ctrl-K cut to the start, a word back and to the end.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Modifier, Style};
use ratatui::text::Span;

/// The cursor past the end of the text.
const END: &str = "█";

/// A line of text being edited, with its cursor.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TextField {
    text: String,
    /// Where the cursor is, in bytes: always on a character's start, or at the end.
    cursor: usize,
    /// The whole text is selected: the first key typed replaces it, Backspace or Delete
    /// clears it, a move leaves it where the text starts or ends.
    selected: bool,
}

/// What a key did to a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// The text changed.
    Changed,
    /// Only the cursor moved, or nothing happened at an end of the text.
    Moved,
    /// Not a key of the line editor.
    Ignored,
}

impl TextField {
    /// A field holding `text`, selected, with the cursor at its end.
    pub fn new(text: impl Into<String>) -> TextField {
        let text = text.into();
        TextField {
            cursor: text.len(),
            text,
            selected: true,
        }
    }

    /// The text as typed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The cursor's place, in characters from the start.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn cursor(&self) -> usize {
        self.text[..self.cursor].chars().count()
    }

    /// Whether the whole text is selected.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn is_selected(&self) -> bool {
        self.selected
    }

    /// Selects the whole text, as a field does when it is entered.
    pub fn select_all(&mut self) {
        self.selected = true;
        self.cursor = self.text.len();
    }

    /// Whether `key` is one the line editor takes, Control keys included: a dialog lets these
    /// through to its field rather than refuse them as commands.
    pub fn takes(key: KeyEvent) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char(c) if ctrl => matches!(c, 'a' | 'e' | 'u' | 'w' | 'k'),
            KeyCode::Char(_)
            | KeyCode::Left
            | KeyCode::Right
            | KeyCode::Home
            | KeyCode::End
            | KeyCode::Backspace
            | KeyCode::Delete => true,
            _ => false,
        }
    }

    /// The text as it would be with `typed` put in at the cursor (over the selection), so
    /// that a field that takes only some text can check it first.
    pub fn with(&self, typed: &str) -> String {
        let mut next = self.clone();
        next.insert(typed);
        next.text
    }

    /// Puts `typed` in at the cursor, in place of the text when it is selected.
    pub fn insert(&mut self, typed: &str) {
        if std::mem::take(&mut self.selected) {
            self.text.clear();
            self.cursor = 0;
        }
        self.text.insert_str(self.cursor, typed);
        self.cursor += typed.len();
    }

    /// Handles one key as a line editor does.
    pub fn key(&mut self, key: KeyEvent) -> Edit {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let before = self.text.clone();
        match key.code {
            KeyCode::Char('a') if ctrl => self.go_to(0),
            KeyCode::Char('e') if ctrl => self.go_to(self.text.len()),
            KeyCode::Char('u') if ctrl => self.cut(0, self.cursor),
            KeyCode::Char('k') if ctrl => self.cut(self.cursor, self.text.len()),
            KeyCode::Char('w') if ctrl => self.cut(self.word_back(), self.cursor),
            KeyCode::Char(_) if ctrl => return Edit::Ignored,
            KeyCode::Char(c) => self.insert(c.encode_utf8(&mut [0; 4])),
            KeyCode::Home => self.go_to(0),
            KeyCode::End => self.go_to(self.text.len()),
            KeyCode::Left if self.selected => self.go_to(0),
            KeyCode::Right if self.selected => self.go_to(self.text.len()),
            KeyCode::Left => self.go_to(self.before(self.cursor)),
            KeyCode::Right => self.go_to(self.after(self.cursor)),
            KeyCode::Backspace | KeyCode::Delete if self.selected => self.cut(0, self.text.len()),
            KeyCode::Backspace => self.cut(self.before(self.cursor), self.cursor),
            KeyCode::Delete => self.cut(self.cursor, self.after(self.cursor)),
            _ => return Edit::Ignored,
        }
        if self.text == before {
            Edit::Moved
        } else {
            Edit::Changed
        }
    }

    /// Moves the cursor to byte `place`, which ends any selection.
    fn go_to(&mut self, place: usize) {
        self.selected = false;
        self.cursor = place;
    }

    /// Removes the bytes from `start` to `end` and leaves the cursor where they were.
    fn cut(&mut self, start: usize, end: usize) {
        self.selected = false;
        self.text.replace_range(start..end, "");
        self.cursor = start;
    }

    /// The start of the character before byte `place`.
    fn before(&self, place: usize) -> usize {
        self.text[..place]
            .char_indices()
            .last()
            .map_or(0, |(i, _)| i)
    }

    /// The end of the character at byte `place`.
    fn after(&self, place: usize) -> usize {
        self.text[place..]
            .chars()
            .next()
            .map_or(place, |c| place + c.len_utf8())
    }

    /// Where Ctrl-W cuts from: back over spaces, then over the word before them.
    fn word_back(&self) -> usize {
        let head = &self.text[..self.cursor];
        let words = head.trim_end();
        words
            .char_indices()
            .rev()
            .find(|(_, c)| c.is_whitespace())
            .map_or(0, |(i, c)| i + c.len_utf8())
    }

    /// The field drawn in `width` columns: the text in `style`, the selection reversed when
    /// the field has the focus, and the cursor as a reversed cell. A text wider than the room
    /// shows the part around the cursor.
    pub fn spans(&self, width: usize, style: Style, focused: bool) -> Vec<Span<'static>> {
        let reversed = style.add_modifier(Modifier::REVERSED);
        if !focused {
            return vec![Span::styled(tail(&self.text, width), style)];
        }
        if self.selected {
            let shown = tail(&self.text, width.saturating_sub(1));
            return vec![Span::styled(shown, reversed), Span::styled(END, style)];
        }
        let (head, rest) = self.text.split_at(self.cursor);
        let mut chars = rest.chars();
        // On a character, the cursor shows it reversed; past the end, it is a block.
        let under = chars.next().map_or_else(
            || Span::styled(END, style),
            |c| Span::styled(String::from(c), reversed),
        );
        let under_width = under.width();
        let head = tail(head, width.saturating_sub(under_width));
        let used = columns(&head) + under_width;
        let after = cut_to(chars.as_str(), width.saturating_sub(used));
        vec![Span::styled(head, style), under, Span::styled(after, style)]
    }
}

/// The end of `text` that fits in `width` columns, starting with `…` when it was cut.
fn tail(text: &str, width: usize) -> String {
    if columns(text) <= width {
        return text.to_string();
    }
    let mut kept: Vec<char> = Vec::new();
    let mut used = 1;
    for c in text.chars().rev() {
        let wide = char_width(c);
        if used + wide > width {
            break;
        }
        kept.push(c);
        used += wide;
    }
    let mut shown = String::from(if width > 0 { "…" } else { "" });
    shown.extend(kept.iter().rev());
    shown
}

/// How many columns `text` takes.
fn columns(text: &str) -> usize {
    Span::raw(text).width()
}

/// How many columns `c` takes.
fn char_width(c: char) -> usize {
    columns(c.encode_utf8(&mut [0; 4]))
}

/// The start of `text` that fits in `width` columns.
fn cut_to(text: &str, width: usize) -> String {
    let mut used = 0;
    text.chars()
        .take_while(|c| {
            used += char_width(*c);
            used <= width
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(field: &mut TextField, code: KeyCode) -> Edit {
        field.key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn ctrl(field: &mut TextField, c: char) -> Edit {
        field.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
    }

    fn typed(field: &mut TextField, text: &str) {
        for c in text.chars() {
            press(field, KeyCode::Char(c));
        }
    }

    #[test]
    fn the_first_key_typed_replaces_the_default() {
        let mut field = TextField::new("deal 2026-11-27");
        assert!(field.is_selected());
        typed(&mut field, "Sunday");
        assert_eq!(field.text(), "Sunday");
        assert_eq!(field.cursor(), 6);
    }

    #[test]
    fn backspace_or_delete_on_the_default_clears_it() {
        for code in [KeyCode::Backspace, KeyCode::Delete] {
            let mut field = TextField::new("1290");
            assert_eq!(press(&mut field, code), Edit::Changed);
            assert_eq!(field.text(), "");
        }
    }

    #[test]
    fn a_move_keeps_the_default_and_edits_at_the_cursor() {
        let mut field = TextField::new("1290");
        press(&mut field, KeyCode::Left);
        assert_eq!(field.cursor(), 0, "Left leaves the selection at the start");
        press(&mut field, KeyCode::Right);
        press(&mut field, KeyCode::Right);
        typed(&mut field, "5");
        assert_eq!(field.text(), "12590");
        press(&mut field, KeyCode::Backspace);
        assert_eq!(field.text(), "1290");
        press(&mut field, KeyCode::Delete);
        assert_eq!(field.text(), "120");
        press(&mut field, KeyCode::End);
        typed(&mut field, "0");
        assert_eq!(field.text(), "1200");
        press(&mut field, KeyCode::Home);
        typed(&mut field, "9");
        assert_eq!(field.text(), "91200");
    }

    #[test]
    fn control_keys_move_and_cut_as_in_a_shell() {
        let mut field = TextField::new("");
        typed(&mut field, "the Sunday  game");
        assert_eq!(ctrl(&mut field, 'w'), Edit::Changed);
        assert_eq!(field.text(), "the Sunday  ");
        assert_eq!(ctrl(&mut field, 'w'), Edit::Changed);
        assert_eq!(field.text(), "the ");
        ctrl(&mut field, 'a');
        assert_eq!(field.cursor(), 0);
        press(&mut field, KeyCode::Right);
        assert_eq!(ctrl(&mut field, 'k'), Edit::Changed);
        assert_eq!(field.text(), "t");
        typed(&mut field, "ea");
        ctrl(&mut field, 'e');
        assert_eq!(field.cursor(), 3);
        press(&mut field, KeyCode::Left);
        assert_eq!(ctrl(&mut field, 'u'), Edit::Changed);
        assert_eq!(field.text(), "a");
        assert_eq!(field.cursor(), 0);
        assert_eq!(ctrl(&mut field, 'x'), Edit::Ignored);
    }

    #[test]
    fn wide_and_accented_characters_are_edited_whole() {
        let mut field = TextField::new("");
        typed(&mut field, "é♦日x");
        press(&mut field, KeyCode::Left);
        press(&mut field, KeyCode::Backspace);
        assert_eq!(field.text(), "é♦x");
        press(&mut field, KeyCode::Home);
        press(&mut field, KeyCode::Delete);
        assert_eq!(field.text(), "♦x");
    }

    #[test]
    fn the_cursor_is_drawn_and_a_long_text_shows_around_it() {
        let style = Style::new();
        let mut field = TextField::new("abc");
        press(&mut field, KeyCode::Left);
        press(&mut field, KeyCode::Right);
        let spans = field.spans(10, style, true);
        let texts: Vec<&str> = spans.iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(texts, ["a", "b", "c"]);
        assert!(spans[1].style.add_modifier.contains(Modifier::REVERSED));
        let long = TextField::new("a".repeat(30) + "end");
        let shown: String = long
            .spans(10, style, false)
            .iter()
            .map(|s| s.content.to_string())
            .collect();
        assert_eq!(shown, format!("…{}end", "a".repeat(6)));
    }
}

//! The rules dialog, the same for every game that has rule options: the game gives its
//! options as a list ([`RuleOption`]: a name, the choices in words, the one chosen) and takes
//! a choice back; the dialog lists them over the editor's board, ↑↓ go between them, ←→
//! (or Enter, Space) change one, Esc closes it. The game's own keys for its rules stay
//! shortcuts in the editor.

use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::app::flow::keys::{Binding, Hint, Press, bind, ch};
use crate::app::widgets::{Look, footer, panel_block, popup};

/// A rule's name and its choices: each in words, with the whole rules it gives, so that the
/// dialog's choice and the rules can never disagree.
pub type Variants<R> = (&'static str, Vec<(String, R)>);

/// The rules as the dialog lists them, each row with the choice `rules` make.
pub fn options_of<R: PartialEq>(
    rules: &R,
    variants: impl IntoIterator<Item = Variants<R>>,
) -> Vec<RuleOption> {
    variants
        .into_iter()
        .map(|(name, choices)| RuleOption {
            name,
            chosen: choices
                .iter()
                .position(|(_, choice)| choice == rules)
                .unwrap_or(0),
            choices: choices.into_iter().map(|(words, _)| words).collect(),
        })
        .collect()
}

/// The rules with the rule on `row` given its choice `choice` (`rules` as they are for a row
/// or a choice the dialog does not have).
pub fn with_option_of<R>(
    rules: R,
    variants: impl IntoIterator<Item = Variants<R>>,
    row: usize,
    choice: usize,
) -> R {
    variants
        .into_iter()
        .nth(row)
        .and_then(|(_, mut choices)| (choice < choices.len()).then(|| choices.swap_remove(choice)))
        .map_or(rules, |(_, chosen)| chosen)
}

/// One rule a game lets the player choose in its rules dialog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleOption {
    /// What the rule is about: "Draw", "Passes".
    pub name: &'static str,
    /// The values it may take, in words, in the order ←→ go through them.
    pub choices: Vec<String>,
    /// The one chosen now.
    pub chosen: usize,
}

/// The rules dialog open over the editor: the row the cursor is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OptionsDialog {
    pub row: usize,
}

/// What a key in the dialog asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionsKey {
    /// The option on `row` takes its choice `choice`.
    Choose { row: usize, choice: usize },
    /// The dialog closes.
    Close,
    /// Only the cursor moved, or nothing happened.
    Stay,
}

/// The keys the dialog answers to, for the help and the key bar.
pub const BINDINGS: &[Binding] = &[
    bind(
        &[Press::Key(KeyCode::Up), Press::Key(KeyCode::Down)],
        "↑↓",
        "go between the rules",
    ),
    bind(
        &[
            Press::Key(KeyCode::Left),
            Press::Key(KeyCode::Right),
            Press::Key(KeyCode::Enter),
            ch(' '),
        ],
        "←→ Enter Space",
        "change the rule the cursor is on",
    ),
    bind(
        &[Press::Key(KeyCode::Esc), ch('o')],
        "Esc o",
        "close the rules",
    ),
];

/// The dialog's key hints.
pub const HINTS: [Hint; 3] = [("↑↓", "rule"), ("←→", "change"), ("Esc", "close")];

impl OptionsDialog {
    /// What `code` does with the dialog over `options`.
    pub fn key(&mut self, code: KeyCode, options: &[RuleOption]) -> OptionsKey {
        let Some(option) = options.get(self.row) else {
            return OptionsKey::Close;
        };
        let count = option.choices.len().max(1);
        let choice = match code {
            KeyCode::Up => {
                self.row = self.row.checked_sub(1).unwrap_or(options.len() - 1);
                return OptionsKey::Stay;
            }
            KeyCode::Down => {
                self.row = (self.row + 1) % options.len();
                return OptionsKey::Stay;
            }
            KeyCode::Esc | KeyCode::Char('o') => return OptionsKey::Close,
            KeyCode::Left => (option.chosen + count - 1) % count,
            KeyCode::Right | KeyCode::Enter | KeyCode::Char(' ') => (option.chosen + 1) % count,
            _ => return OptionsKey::Stay,
        };
        OptionsKey::Choose {
            row: self.row,
            choice,
        }
    }

    /// Draws the dialog in the middle of `area` (the board).
    pub fn draw(self, options: &[RuleOption], area: Rect, buf: &mut Buffer, look: &Look) {
        let theme = look.theme;
        let name_width = options.iter().map(|o| o.name.len()).max().unwrap_or(0);
        let lines: Vec<Line> = options
            .iter()
            .enumerate()
            .map(|(row, option)| {
                let here = row == self.row;
                let value = option
                    .choices
                    .get(option.chosen)
                    .cloned()
                    .unwrap_or_default();
                let (marker, value) = if here {
                    ("» ", format!("‹ {value} ›"))
                } else {
                    ("  ", format!("  {value}  "))
                };
                let value_style = if here {
                    Style::new().fg(theme.cursor).add_modifier(Modifier::BOLD)
                } else {
                    Style::new().fg(theme.text)
                };
                Line::from(vec![
                    Span::styled(marker, Style::new().fg(theme.cursor)),
                    Span::raw(format!("{:<name_width$}  ", option.name)),
                    Span::styled(value, value_style),
                ])
            })
            .collect();
        let widest = lines.iter().map(Line::width).max().unwrap_or(0);
        let keys_width = 34;
        let width = (widest.max(keys_width) + 4) as u16;
        let height = lines.len() as u16 + 4;
        let rect = popup(area, width, height, buf, theme);
        let block = panel_block("Rules", theme);
        let inner = block.inner(rect);
        block.render(rect, buf);
        Paragraph::new(lines).render(inner, buf);
        footer(&HINTS, inner, buf, theme);
    }
}

/// Checks a game's rules dialog from `rules`: every choice of every row, taken back, is shown
/// chosen on its row and leaves every other row's choice as it was; a row the dialog does not
/// have changes nothing.
#[cfg(test)]
pub fn assert_each_choice_changes_only_its_rule<R, V>(rules: R, variants: impl Fn(R) -> V)
where
    R: Copy + PartialEq + std::fmt::Debug,
    V: IntoIterator<Item = Variants<R>>,
{
    let shown = options_of(&rules, variants(rules));
    let chosen_but = |options: &[RuleOption], row: usize| -> Vec<usize> {
        (options.iter().enumerate())
            .filter(|&(other, _)| other != row)
            .map(|(_, option)| option.chosen)
            .collect()
    };
    for (row, option) in shown.iter().enumerate() {
        for choice in 0..option.choices.len() {
            let changed = with_option_of(rules, variants(rules), row, choice);
            let now = options_of(&changed, variants(changed));
            assert_eq!(now[row].chosen, choice, "{row} {choice}");
            assert_eq!(
                chosen_but(&now, row),
                chosen_but(&shown, row),
                "{row} {choice}"
            );
        }
    }
    assert_eq!(
        with_option_of(rules, variants(rules), shown.len() + 1, 0),
        rules
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> Vec<RuleOption> {
        vec![
            RuleOption {
                name: "Draw",
                choices: vec!["1".into(), "3".into()],
                chosen: 1,
            },
            RuleOption {
                name: "Passes",
                choices: vec!["1".into(), "2".into(), "unlimited".into()],
                chosen: 0,
            },
        ]
    }

    #[test]
    fn arrows_go_round_the_rules_and_their_choices() {
        let mut dialog = OptionsDialog::default();
        let options = options();
        assert_eq!(
            dialog.key(KeyCode::Right, &options),
            OptionsKey::Choose { row: 0, choice: 0 }
        );
        assert_eq!(dialog.key(KeyCode::Up, &options), OptionsKey::Stay);
        assert_eq!(dialog.row, 1);
        assert_eq!(
            dialog.key(KeyCode::Left, &options),
            OptionsKey::Choose { row: 1, choice: 2 }
        );
        assert_eq!(dialog.key(KeyCode::Down, &options), OptionsKey::Stay);
        assert_eq!(dialog.row, 0);
        assert_eq!(dialog.key(KeyCode::Char('x'), &options), OptionsKey::Stay);
        assert_eq!(dialog.key(KeyCode::Esc, &options), OptionsKey::Close);
    }
}

//! Colour themes: TOML files of semantic keys (`card_red`, `cursor`, `invalid`, ...).
//!
//! Every key is optional and falls back to the built-in default theme, so a user theme may
//! change one colour. Unknown keys and bad colours are errors that name the file, the line and
//! the key, because a silently ignored typo looks like a bug in the app.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use ratatui::style::Color;

use pyramid::Suit;

/// Declares the theme's keys once: the struct fields, their TOML names and the setter.
macro_rules! theme_keys {
    ($($(#[doc = $doc:literal])* $key:ident),* $(,)?) => {
        /// A colour theme. Fields name meanings, not colours.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct Theme {
            /// The name shown in the app.
            pub name: String,
            $($(#[doc = $doc])* pub $key: Color,)*
            /// Per-suit colours; a suit without one is `card_red` or `card_black`.
            pub suits: [Option<Color>; 4],
        }

        /// The colour keys a theme file may set, besides `name` and the four suits.
        const COLOUR_KEYS: &[&str] = &[$(stringify!($key)),*];

        impl Theme {
            fn colour_mut(&mut self, key: &str) -> Option<&mut Color> {
                match key {
                    $(stringify!($key) => Some(&mut self.$key),)*
                    _ => None,
                }
            }

            /// An all-reset theme that the default file fills in.
            fn blank() -> Theme {
                Theme { name: String::new(), $($key: Color::Reset,)* suits: [None; 4] }
            }
        }
    };
}

theme_keys! {
    /// The screen's background.
    background,
    /// Ordinary text.
    text,
    /// Less important text: counts, empty slots, removed cards.
    dim,
    /// Titles and headings.
    title,
    /// Panel borders.
    border,
    /// Hearts and diamonds.
    card_red,
    /// Clubs and spades.
    card_black,
    /// The background of a card.
    card_face,
    /// The slot the cursor is on.
    cursor,
    /// Duplicates and errors.
    invalid,
    /// The cards of the next move: the hint.
    highlight_move,
    /// Good news: valid, solved.
    success,
    /// Warnings and pending input.
    warning,
    /// Key names in the hint bar and the help.
    key,
}

/// The suit keys, in [`Suit::ALL`] order.
const SUIT_KEYS: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];

/// The themes shipped in `themes/`, built in; the first is the default.
const BUILT_IN: [(&str, &str); 4] = [
    ("default", include_str!("../themes/default.toml")),
    ("light", include_str!("../themes/light.toml")),
    (
        "high-contrast",
        include_str!("../themes/high-contrast.toml"),
    ),
    ("four-colour", include_str!("../themes/four-colour.toml")),
];

/// Why a theme file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThemeError {
    pub file: String,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for ThemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for ThemeError {}

impl Default for Theme {
    fn default() -> Theme {
        let (_, text) = BUILT_IN[0];
        let mut theme = Theme::blank();
        theme
            .apply(text, "themes/default.toml")
            .expect("the built-in default theme is valid");
        theme
    }
}

impl Theme {
    /// Reads a theme file's text over the default theme.
    pub fn parse(text: &str, file: &str) -> Result<Theme, ThemeError> {
        // Colours fall back to the default theme; the name is the file's own or none.
        let mut theme = Theme {
            name: String::new(),
            ..Theme::default()
        };
        theme.apply(text, file)?;
        Ok(theme)
    }

    /// Sets the keys a theme text names.
    fn apply(&mut self, text: &str, file: &str) -> Result<(), ThemeError> {
        let error = |line, message| ThemeError {
            file: file.to_string(),
            line,
            message,
        };
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            let line = e
                .span()
                .map(|span| text[..span.start].lines().count().max(1));
            error(line, format!("not valid TOML: {}", e.message()))
        })?;
        for (key, value) in &table {
            let line = line_of_key(text, key);
            let Some(value) = value.as_str() else {
                return Err(error(line, format!("key '{key}' must be a string")));
            };
            if key == "name" {
                self.name = value.to_string();
                continue;
            }
            let colour = Color::from_str(value).map_err(|_| {
                error(
                    line,
                    format!(
                        "key '{key}': '{value}' is not a colour \
                         (a name such as 'lightred', '#rrggbb', or an index 0-255)"
                    ),
                )
            })?;
            if let Some(suit) = SUIT_KEYS.iter().position(|&s| s == key) {
                self.suits[suit] = Some(colour);
            } else if let Some(slot) = self.colour_mut(key) {
                *slot = colour;
            } else {
                return Err(error(
                    line,
                    format!(
                        "unknown key '{key}'; the keys are name, {}, {}",
                        COLOUR_KEYS.join(", "),
                        SUIT_KEYS.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The colour a card of this suit is drawn in.
    pub fn suit(&self, suit: Suit) -> Color {
        let index = Suit::ALL.iter().position(|&s| s == suit).unwrap_or(0);
        self.suits[index].unwrap_or(if suit.is_red() {
            self.card_red
        } else {
            self.card_black
        })
    }
}

/// The line a top-level key is set on, for messages.
fn line_of_key(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            line.trim_start()
                .strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map(|index| index + 1)
}

/// The built-in themes.
pub fn built_in() -> Vec<Theme> {
    BUILT_IN
        .iter()
        .map(|(name, text)| {
            let mut theme = Theme::parse(text, &format!("themes/{name}.toml"))
                .expect("the built-in themes are valid");
            if theme.name.is_empty() {
                theme.name = (*name).to_string();
            }
            theme
        })
        .collect()
}

/// The built-in themes and the user's from `folder`; broken user themes are skipped and
/// their errors returned, so the app can warn and go on.
pub fn available(folder: &Path) -> (Vec<Theme>, Vec<ThemeError>) {
    let mut themes = built_in();
    let mut errors = Vec::new();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(folder)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    paths.retain(|p| p.extension().is_some_and(|e| e == "toml"));
    paths.sort();
    for path in paths {
        match load_file(&path) {
            Ok(theme) => themes.push(theme),
            Err(error) => errors.push(error),
        }
    }
    (themes, errors)
}

/// Reads a theme file; its name defaults to the file name.
pub fn load_file(path: &Path) -> Result<Theme, ThemeError> {
    let file = path.display().to_string();
    let text = crate::text_file::read_path(path).map_err(|e| ThemeError {
        file: file.clone(),
        line: None,
        message: format!("cannot read it: {e}"),
    })?;
    let mut theme = Theme::parse(&text, &file)?;
    if theme.name.is_empty() {
        theme.name = path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into());
    }
    Ok(theme)
}

/// Finds a theme by name among `themes`, or reads it from a path.
pub fn choose(themes: &[Theme], name_or_path: &str) -> Result<Theme, ThemeError> {
    if let Some(theme) = themes.iter().find(|t| t.name == name_or_path) {
        return Ok(theme.clone());
    }
    let path = Path::new(name_or_path);
    if path.exists() {
        return load_file(path);
    }
    let names: Vec<&str> = themes.iter().map(|t| t.name.as_str()).collect();
    Err(ThemeError {
        file: name_or_path.to_string(),
        line: None,
        message: format!("no such theme or file; the themes are {}", names.join(", ")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_theme_is_complete_and_distinct() {
        let themes = built_in();
        let names: Vec<&str> = themes.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["default", "light", "high-contrast", "four-colour"]);
        for pair in themes.windows(2) {
            assert_ne!(pair[0], pair[1]);
        }
        let four = &themes[3];
        let colours: std::collections::HashSet<Color> =
            Suit::ALL.iter().map(|&s| four.suit(s)).collect();
        assert_eq!(colours.len(), 4, "a distinct colour per suit");
    }

    #[test]
    fn a_theme_may_set_one_key() {
        let theme = Theme::parse("cursor = \"#102030\"\n", "mine.toml").unwrap();
        assert_eq!(theme.cursor, Color::Rgb(0x10, 0x20, 0x30));
        assert_eq!(theme.text, Theme::default().text);
    }

    #[test]
    fn errors_name_the_file_the_line_and_the_key() {
        let unknown = Theme::parse("name = \"x\"\n\ncursr = \"red\"\n", "t.toml").unwrap_err();
        assert_eq!(unknown.line, Some(3));
        assert!(
            unknown
                .to_string()
                .starts_with("t.toml:3: unknown key 'cursr'"),
            "{unknown}"
        );
        let colour = Theme::parse("invalid = \"blurple\"\n", "t.toml").unwrap_err();
        assert!(
            colour
                .to_string()
                .starts_with("t.toml:1: key 'invalid': 'blurple' is not a colour"),
            "{colour}"
        );
        let syntax = Theme::parse("text = \n", "t.toml").unwrap_err();
        assert_eq!(syntax.line, Some(1));
        assert!(syntax.message.starts_with("not valid TOML"), "{syntax}");
    }

    #[test]
    fn broken_user_themes_are_reported_and_the_good_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("ocean.toml"), "cursor = \"blue\"\n").unwrap();
        std::fs::write(dir.path().join("bad.toml"), "cursor = 5\n").unwrap();
        let (themes, errors) = available(dir.path());
        assert_eq!(themes.len(), BUILT_IN.len() + 1);
        assert_eq!(themes.last().unwrap().name, "ocean");
        assert_eq!(errors.len(), 1);
        assert!(errors[0].to_string().contains("bad.toml:1: key 'cursor'"));
        assert!(choose(&themes, "ocean").is_ok());
        assert!(choose(&themes, "nope").is_err());
    }
}

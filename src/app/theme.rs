//! Colour themes: TOML files of semantic keys (`card_red`, `cursor`, `invalid`, ...).
//!
//! Every key is optional and falls back to the built-in default theme, so a user theme may
//! change one colour. Unknown keys and bad colours are errors that name the file, the line and
//! the key, because a silently ignored typo looks like a bug in the app.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use ratatui::style::Color;

use solitaire::Suit;
use solitaire::cards::excerpt::{escaped, excerpt};

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
    ("default", include_str!("../../themes/default.toml")),
    ("light", include_str!("../../themes/light.toml")),
    (
        "high-contrast",
        include_str!("../../themes/high-contrast.toml"),
    ),
    ("four-colour", include_str!("../../themes/four-colour.toml")),
];

/// Why a theme file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThemeError {
    pub file: String,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for ThemeError {
    /// The file, the line and the message, escaped: the file's name, the theme names and the
    /// keys and values quoted are the user's, and may hold escape or bell characters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (file, message) = (escaped(&self.file), escaped(&self.message));
        match self.line {
            Some(line) => write!(f, "{file}:{line}: {message}"),
            None => write!(f, "{file}: {message}"),
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
                return Err(error(
                    line,
                    format!("key '{}' must be a string", excerpt(key)),
                ));
            };
            if key == "name" {
                self.name = value.to_string();
                continue;
            }
            let colour = Color::from_str(value).map_err(|_| {
                error(
                    line,
                    format!(
                        "key '{}': '{}' is not a colour \
                         (a name such as 'lightred', '#rrggbb', or an index 0-255)",
                        excerpt(key),
                        excerpt(value)
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
                        "unknown key '{}'; the keys are name, {}, {}",
                        excerpt(key),
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
    let text = crate::store::text_file::read_path(path).map_err(|e| ThemeError {
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

/// Finds a theme by name among `themes`, or reads it from a path. A name that is the file
/// name of one of the user's `broken` themes gets that theme's error (its file, line and key),
/// not "no such theme".
pub fn choose(
    themes: &[Theme],
    broken: &[ThemeError],
    name_or_path: &str,
) -> Result<Theme, ThemeError> {
    if let Some(theme) = themes.iter().find(|t| t.name == name_or_path) {
        return Ok(theme.clone());
    }
    let path = Path::new(name_or_path);
    if path.exists() {
        return load_file(path);
    }
    if let Some(error) = broken.iter().find(|e| {
        Path::new(&e.file)
            .file_stem()
            .is_some_and(|s| s == name_or_path)
    }) {
        return Err(error.clone());
    }
    let names: Vec<&str> = themes.iter().map(|t| t.name.as_str()).collect();
    Err(ThemeError {
        file: name_or_path.to_string(),
        line: None,
        message: format!("no such theme or file; the themes are {}", names.join(", ")),
    })
}

/// The colours a terminal can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colours {
    /// None: `NO_COLOR` is set (<https://no-color.org>); bold, reverse and the brackets mark
    /// the cursor and the moves instead.
    Off,
    /// The 256 colours of xterm: a theme's RGB colours are shown as the nearest of them.
    Indexed,
    /// 24-bit colour, as `COLORTERM=truecolor` or `24bit` announces.
    True,
}

impl Colours {
    /// What the environment asks for: `NO_COLOR` set and not empty turns colours off;
    /// otherwise `COLORTERM` says whether the terminal has true colour.
    pub fn from_env(no_color: Option<&str>, colorterm: Option<&str>) -> Colours {
        if no_color.is_some_and(|v| !v.is_empty()) {
            Colours::Off
        } else if colorterm.is_some_and(|v| v == "truecolor" || v == "24bit") {
            Colours::True
        } else {
            Colours::Indexed
        }
    }
}

impl Theme {
    /// The theme as a terminal with these colours shows it.
    #[must_use]
    pub fn for_colours(mut self, colours: Colours) -> Theme {
        let map = |colour: &mut Color| {
            *colour = match (colours, *colour) {
                (Colours::Off, _) => Color::Reset,
                (Colours::Indexed, Color::Rgb(r, g, b)) => Color::Indexed(nearest_256(r, g, b)),
                (_, other) => other,
            }
        };
        for key in COLOUR_KEYS {
            if let Some(colour) = self.colour_mut(key) {
                map(colour);
            }
        }
        for suit in self.suits.iter_mut().flatten() {
            map(suit);
        }
        if colours == Colours::Off {
            self.suits = [None; 4];
        }
        self
    }
}

/// The xterm-256 index nearest to an RGB colour: one of the 6x6x6 colour cube (16-231) or the
/// 24 greys (232-255), whichever is closer. The first 16 are left out: terminals redefine them.
pub fn nearest_256(r: u8, g: u8, b: u8) -> u8 {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let distance = |(r2, g2, b2): (u8, u8, u8)| {
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
        d(r, r2) + d(g, g2) + d(b, b2)
    };
    let level = |v: u8| {
        (0..6)
            .min_by_key(|&i| (i32::from(LEVELS[i]) - i32::from(v)).abs())
            .unwrap_or(0)
    };
    let (ri, gi, bi) = (level(r), level(g), level(b));
    let cube = (16 + 36 * ri + 6 * gi + bi) as u8;
    let cube_distance = distance((LEVELS[ri], LEVELS[gi], LEVELS[bi]));
    let grey = (0..24u8)
        .min_by_key(|&i| {
            let v = 8 + 10 * i;
            distance((v, v, v))
        })
        .unwrap_or(0);
    let grey_value = 8 + 10 * grey;
    if distance((grey_value, grey_value, grey_value)) < cube_distance {
        232 + grey
    } else {
        cube
    }
}

/// The theme to start with: the one `--theme` asks for (an error when it does not load), else
/// the one remembered from last time (a warning when it is gone), else the default. The
/// theme a path names is added to `themes`; `broken` are the user's themes that did not load.
pub fn starting(
    themes: &mut Vec<Theme>,
    broken: &[ThemeError],
    asked: Option<&str>,
    remembered: Option<&str>,
) -> Result<(usize, Option<String>), ThemeError> {
    if let Some(asked) = asked {
        let theme = choose(themes, broken, asked)?;
        let index = themes.iter().position(|t| *t == theme).unwrap_or_else(|| {
            themes.push(theme);
            themes.len() - 1
        });
        return Ok((index, None));
    }
    match remembered {
        None => Ok((0, None)),
        Some(name) => match themes.iter().position(|t| t.name == name) {
            Some(index) => Ok((index, None)),
            None => Ok((
                0,
                Some(format!(
                    "the theme '{}' of the preferences is not available; using {}",
                    excerpt(name),
                    themes[0].name
                )),
            )),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_theme_file_not_there_is_said_in_words() {
        let error = load_file(Path::new("/no/such/theme.toml")).unwrap_err();
        assert_eq!(error.message, "cannot read it: no such file or folder");
    }

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
        assert!(choose(&themes, &errors, "ocean").is_ok());
        let bad = choose(&themes, &errors, "bad").unwrap_err().to_string();
        assert!(bad.contains("bad.toml:1: key 'cursor'"), "{bad}");
        let nope = choose(&themes, &errors, "nope").unwrap_err().to_string();
        assert!(
            nope.ends_with("the themes are default, light, high-contrast, four-colour, ocean"),
            "{nope}"
        );
    }

    #[test]
    fn the_remembered_theme_starts_unless_one_is_asked_for() {
        let mut themes = built_in();
        assert_eq!(
            starting(&mut themes, &[], None, Some("light")).unwrap(),
            (1, None)
        );
        assert_eq!(
            starting(&mut themes, &[], Some("four-colour"), Some("light")).unwrap(),
            (3, None)
        );
        assert_eq!(starting(&mut themes, &[], None, None).unwrap(), (0, None));
        let (index, warning) = starting(&mut themes, &[], None, Some("gone")).unwrap();
        assert_eq!(index, 0);
        assert!(warning.unwrap().contains("'gone'"));
        assert!(starting(&mut themes, &[], Some("nosuch"), None).is_err());
    }

    #[test]
    fn colours_follow_no_color_and_colorterm() {
        assert_eq!(
            Colours::from_env(Some("1"), Some("truecolor")),
            Colours::Off
        );
        assert_eq!(
            Colours::from_env(Some(""), Some("truecolor")),
            Colours::True
        );
        assert_eq!(Colours::from_env(None, Some("24bit")), Colours::True);
        assert_eq!(Colours::from_env(None, None), Colours::Indexed);
        assert_eq!(Colours::from_env(None, Some("yes")), Colours::Indexed);
    }

    #[test]
    fn rgb_colours_map_to_the_nearest_xterm_256_colour() {
        assert_eq!(nearest_256(0, 0, 0), 16);
        assert_eq!(nearest_256(255, 255, 255), 231);
        assert_eq!(nearest_256(255, 0, 0), 196);
        assert_eq!(nearest_256(0x80, 0x80, 0x80), 244);
        assert_eq!(nearest_256(0xd0, 0x88, 0x00), 172);
        for theme in built_in() {
            let indexed = theme.clone().for_colours(Colours::Indexed);
            assert_eq!(indexed.name, theme.name);
            for key in COLOUR_KEYS {
                let colour = indexed.clone().colour_mut(key).copied();
                assert!(
                    !matches!(colour, Some(Color::Rgb(..))),
                    "{} {key}: {colour:?}",
                    theme.name
                );
            }
            assert!(
                indexed
                    .suits
                    .iter()
                    .flatten()
                    .all(|c| !matches!(c, Color::Rgb(..)))
            );
        }
        let light = &built_in()[1];
        assert_eq!(
            light.clone().for_colours(Colours::Indexed).card_red,
            Color::Indexed(124)
        );
        assert_eq!(light.clone().for_colours(Colours::True), *light);
    }

    #[test]
    fn without_colours_every_colour_is_the_terminals_own() {
        let plain = built_in()[3].clone().for_colours(Colours::Off);
        for key in COLOUR_KEYS {
            assert_eq!(plain.clone().colour_mut(key).copied(), Some(Color::Reset));
        }
        assert_eq!(plain.suits, [None; 4]);
    }
}

//! The user's preferences, kept between runs in `config.toml` in the config folder: for now
//! the colour theme last chosen with Ctrl-T.
//!
//! A preferences file is a convenience, so a broken one never stops the app: it is reported
//! and the defaults apply. It is read through the bounded reader and written through the one
//! safe writer ([`crate::store::atomic_write`]: a temporary file in the same folder, renamed over the
//! old one), so a crash mid-write leaves the old file whole.

use std::path::Path;

use serde::{Deserialize, Serialize};

use solitaire::cards::excerpt::{escaped, shown_path};

use crate::store::text_file::{self, TextFileError};

/// What the app remembers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Preferences {
    /// The name of the colour theme to start with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub theme: Option<String>,
}

/// Why the preferences could not be read or kept.
#[derive(Debug, thiserror::Error)]
pub enum PreferencesError {
    #[error("{file}: cannot read it: {source}")]
    Read { file: String, source: TextFileError },
    #[error("{file}: {message}")]
    Invalid { file: String, message: String },
    #[error("cannot write {file}: {}", crate::store::system_error::plainly(.source))]
    Write {
        file: String,
        source: std::io::Error,
    },
}

/// Reads the preferences; a missing file means the defaults.
pub fn load(path: &Path) -> Result<Preferences, PreferencesError> {
    let file = shown_path(path);
    let text = match text_file::read_path(path) {
        Ok(text) => text,
        Err(error) if error.is_not_found() => return Ok(Preferences::default()),
        Err(source) => return Err(PreferencesError::Read { file, source }),
    };
    toml::from_str(&text).map_err(|error: toml::de::Error| {
        // An unknown key is reported against the table holding it: look its line up.
        let unknown = error
            .message()
            .strip_prefix("unknown field `")
            .and_then(|rest| rest.split('`').next());
        let line = match unknown {
            Some(key) => text
                .lines()
                .position(|l| l.trim_start().starts_with(key))
                .map(|i| i + 1),
            None => error
                .span()
                .map(|span| text[..span.start].lines().count().max(1)),
        };
        let file = match line {
            Some(line) => format!("{file}:{line}"),
            None => file,
        };
        PreferencesError::Invalid {
            file,
            // The message may quote the file's text, a key it names for one.
            message: escaped(error.message()),
        }
    })
}

/// Writes the preferences, replacing the old file only once the new one is complete.
pub fn save(path: &Path, preferences: &Preferences) -> Result<(), PreferencesError> {
    let write_error = |source| PreferencesError::Write {
        file: shown_path(path),
        source,
    };
    let text = toml::to_string(preferences).map_err(|e| write_error(std::io::Error::other(e)))?;
    crate::store::atomic_write::write_atomically(path, &text).map_err(write_error)
}

/// Remembers the theme, keeping whatever else the file says. A broken file is left alone
/// rather than overwritten, and the error says why.
pub fn remember_theme(path: &Path, name: &str) -> Result<(), PreferencesError> {
    let mut preferences = load(path)?;
    preferences.theme = Some(name.to_string());
    save(path, &preferences)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_theme_is_remembered_and_a_missing_file_means_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config").join("config.toml");
        assert_eq!(load(&path).unwrap(), Preferences::default());
        remember_theme(&path, "light").unwrap();
        assert_eq!(load(&path).unwrap().theme.as_deref(), Some("light"));
        remember_theme(&path, "four-colour").unwrap();
        assert_eq!(load(&path).unwrap().theme.as_deref(), Some("four-colour"));
        // Only the file itself is left in the folder: the temporary one was renamed over it.
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["config.toml"]);
    }

    #[test]
    fn a_broken_file_is_an_error_naming_it_and_is_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(&path, "theme = \"light\"\ncolour = 3\n").unwrap();
        let error = load(&path).unwrap_err().to_string();
        assert!(
            error.contains("config.toml:2: unknown field `colour`"),
            "{error}"
        );
        assert!(remember_theme(&path, "default").is_err());
        let kept = std::fs::read_to_string(&path).unwrap();
        assert!(kept.contains("colour = 3"));
        std::fs::write(&path, "theme = [\n").unwrap();
        assert!(load(&path).is_err());
    }
}

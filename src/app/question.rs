//! The one rule every y/n question of the app answers by: `y` says yes (and so may the key
//! that asked, pressed again), `n` or Esc says no, and any other key, click or paste leaves
//! the question waiting, so that no key pressed out of habit answers it unread.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key does to a question waiting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    Yes,
    No,
    /// No answer: the question goes on waiting.
    Waits,
}

/// The answer keys, as the question's last words and the bottom line name them.
pub const YES_KEY: &str = "y";
pub const NO_KEYS: &str = "n Esc";

/// What `key` answers; `again` is the Control key that asked the question, which says yes
/// when pressed again.
pub fn reply(key: KeyEvent, again: Option<char>) -> Reply {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        KeyCode::Char('y' | 'Y') if !ctrl => Reply::Yes,
        KeyCode::Char(c) if ctrl && again == Some(c) => Reply::Yes,
        KeyCode::Char('n' | 'N') if !ctrl => Reply::No,
        KeyCode::Esc => Reply::No,
        _ => Reply::Waits,
    }
}

/// How to answer, as a question's last words: "y opens it, n or Esc keeps the draft."; `again`
/// names the Control key that says yes too.
pub fn answer_words(yes: &str, no: &str, again: Option<char>) -> String {
    let again = again.map_or(String::new(), |key| {
        format!(" (or Ctrl-{} again)", key.to_ascii_uppercase())
    });
    format!("y{again} {yes}, n or Esc {no}.")
}

/// A key in words, for the line that says it does not answer the question.
pub fn key_name(key: KeyEvent) -> String {
    match key.code {
        KeyCode::Char(c) if key.modifiers.contains(KeyModifiers::CONTROL) => {
            format!("Ctrl-{}", c.to_ascii_uppercase())
        }
        KeyCode::Char(c) => format!("'{c}'"),
        code => code.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn only_y_n_esc_and_the_asking_key_again_answer() {
        let none = KeyModifiers::NONE;
        let ctrl = KeyModifiers::CONTROL;
        assert_eq!(reply(key(KeyCode::Char('y'), none), None), Reply::Yes);
        assert_eq!(
            reply(key(KeyCode::Char('Y'), KeyModifiers::SHIFT), None),
            Reply::Yes
        );
        assert_eq!(reply(key(KeyCode::Char('n'), none), None), Reply::No);
        assert_eq!(reply(key(KeyCode::Esc, none), None), Reply::No);
        assert_eq!(reply(key(KeyCode::Char('n'), ctrl), Some('n')), Reply::Yes);
        for (code, modifiers) in [
            (KeyCode::Char('p'), ctrl),
            (KeyCode::Char('n'), ctrl),
            (KeyCode::Char('y'), ctrl),
            (KeyCode::Char('h'), none),
            (KeyCode::Enter, none),
            (KeyCode::F(1), none),
            (KeyCode::Left, none),
        ] {
            assert_eq!(reply(key(code, modifiers), None), Reply::Waits, "{code:?}");
        }
    }
}

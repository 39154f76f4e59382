//! Input text as it may be shown back in a message: control characters escaped, so that a
//! file holding terminal escape sequences cannot retitle, recolour or clear the terminal it is
//! reported on, and cut short, so that one huge token cannot become a huge message.

/// The most characters of a piece of input a message shows.
pub const EXCERPT_CHARS: usize = 24;

/// `text` with control and bidirectional-formatting characters written as `\u{1b}`.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    out
}

/// A path as messages show it: its text, escaped, and the user's home folder as `~`, so that
/// a file in it takes few columns of a message. A file or folder name may hold any character
/// but `/` and NUL.
pub fn shown_path(path: &std::path::Path) -> String {
    let home = std::env::var_os("HOME").map(std::path::PathBuf::from);
    // A home of `/` would shorten every path to nothing but `~`.
    let in_home = home
        .filter(|home| home.is_absolute() && home.parent().is_some())
        .and_then(|home| {
            path.strip_prefix(home)
                .ok()
                .map(|rest| rest.display().to_string())
        });
    match in_home {
        Some(rest) => escaped(&format!("~/{rest}")),
        None => escaped(&path.display().to_string()),
    }
}

/// At most [`EXCERPT_CHARS`] characters of `text`, escaped, with `…` when some were left out.
pub fn excerpt(text: &str) -> String {
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == EXCERPT_CHARS {
            out.push('…');
            break;
        }
        push_escaped(&mut out, c);
    }
    out
}

fn push_escaped(out: &mut String, c: char) {
    // Bidirectional overrides and isolates reorder what follows them on screen.
    let reorders =
        matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if c.is_control() || reorders {
        out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
    } else {
        out.push(c);
    }
}

/// A count with commas between thousands: "6,785".
pub fn thousands(count: usize) -> String {
    let digits = count.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A count and its noun, singular for one: "1 step", "1,500 steps".
pub fn counted(count: usize, noun: &str) -> String {
    counted_as(count, noun, &format!("{noun}s"))
}

/// A count and the form of its noun that agrees with it, for a noun whose plural is not
/// the singular and an `s`: "1 perfect match", "9 perfect matches", "2 Kings" of a rank.
pub fn counted_as(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{} {many}", thousands(count))
    }
}

/// A count, its noun and the verb `to be`, agreeing: "1 card is", "3 cards are".
pub fn counted_are(count: usize, noun: &str) -> String {
    let verb = if count == 1 { "is" } else { "are" };
    format!("{} {verb}", counted(count, noun))
}

/// Words joined as a sentence lists them: "a", "a and b", "a, b and c" (or with `or`).
pub fn joined<S: AsRef<str>>(words: &[S], conjunction: &str) -> String {
    match words {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} {conjunction} {}", rest.join(", "), last.as_ref())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_in_the_home_folder_is_shown_from_a_tilde_and_others_whole() {
        let Some(home) = std::env::var_os("HOME").map(std::path::PathBuf::from) else {
            eprintln!("skipped: no HOME");
            return;
        };
        if home.parent().is_none() || !home.is_absolute() {
            eprintln!("skipped: HOME is {}", home.display());
            return;
        }
        let saves = home.join(".local/share/pyramid/saves/deal.txt");
        assert_eq!(shown_path(&saves), "~/.local/share/pyramid/saves/deal.txt");
        let mut beside = home.into_os_string();
        beside.push("-other/deal.txt");
        let beside = std::path::PathBuf::from(beside);
        assert_eq!(shown_path(&beside), beside.display().to_string());
        assert_eq!(shown_path(std::path::Path::new("deal.txt")), "deal.txt");
    }

    #[test]
    fn escape_sequences_are_shown_not_sent() {
        assert_eq!(escaped("3c \u{1b}]0;X\u{7}"), "3c \\u{1b}]0;X\\u{7}");
        assert_eq!(escaped("a\u{202e}b"), "a\\u{202e}b");
        assert_eq!(escaped("T♥"), "T♥");
    }

    #[test]
    fn a_count_agrees_with_its_noun() {
        assert_eq!(counted(1, "move"), "1 move");
        assert_eq!(counted(0, "move"), "0 moves");
        assert_eq!(counted(1500, "deal"), "1,500 deals");
        assert_eq!(
            counted_as(1, "perfect match", "perfect matches"),
            "1 perfect match"
        );
        assert_eq!(
            counted_as(9, "perfect match", "perfect matches"),
            "9 perfect matches"
        );
        assert_eq!(counted_are(1, "card"), "1 card is");
        assert_eq!(counted_are(24, "card"), "24 cards are");
    }

    #[test]
    fn a_long_text_is_cut_short() {
        let long = "x".repeat(1000);
        assert_eq!(excerpt(&long).chars().count(), EXCERPT_CHARS + 1);
        assert!(excerpt(&long).ends_with('…'));
        assert_eq!(excerpt("Th"), "Th");
    }
}

//! `pyramid man --out DIR`: the manual pages, made from the command-line definition itself
//! (`clap_mangen`), so that they say what the program takes: `pyramid.1`, and one page per
//! command (`pyramid-solve.1`, `pyramid-stats-merge.1`, ...).
//!
//! The pages go through the one safe writer, and only over files that are earlier pages of
//! the same name: a man folder holds other programs' pages, and one of them that happened to
//! share a name is kept, not written over.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use clap::CommandFactory;

use solitaire::cards::excerpt::shown_path;

use crate::cli::args::Cli;
use crate::cli::input::InputError;
use crate::store::atomic_write::{Replacement, make_folder};

/// The most of a file read to tell whether it is a page of ours (a page is a few KiB).
const MOST_READ: u64 = 1 << 20;

/// One manual page: its file name (`pyramid-solve.1`) and its roff text.
pub struct Page {
    pub file: String,
    /// The title its `.TH` line names (`pyramid-solve`), which an earlier page of ours names
    /// too.
    pub title: String,
    pub text: Vec<u8>,
}

/// Every page, the program's first, then each command's, depth first.
pub fn pages() -> io::Result<Vec<Page>> {
    // Built so that each command knows its full name (`pyramid-stats-merge`); `help` is
    // clap's, and `pyramid help` is no page of its own.
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    let mut pages = Vec::new();
    add_pages(&command, &mut pages)?;
    Ok(pages)
}

fn add_pages(command: &clap::Command, pages: &mut Vec<Page>) -> io::Result<()> {
    // Each page names the program and its version, which clap knows for the top command only.
    let man = clap_mangen::Man::new(command.clone())
        .source(format!("pyramid {}", env!("CARGO_PKG_VERSION")));
    let mut text = Vec::new();
    man.render(&mut text)?;
    let title = command
        .get_display_name()
        .unwrap_or_else(|| command.get_name())
        .to_string();
    pages.push(Page {
        file: man.get_filename(),
        title,
        text,
    });
    for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        add_pages(sub, pages)?;
    }
    Ok(())
}

/// Writes every page into `folder` (made if missing) and says which it wrote. Every page's
/// file is checked before any is written, so a refused one leaves the folder as it was.
pub fn run(folder: &Path) -> Result<u8, InputError> {
    let pages =
        pages().map_err(|error| InputError::Usage(format!("cannot make the pages: {error}")))?;
    let written = write_pages(folder, &pages)?;
    crate::cli::console::out(format_args!(
        "Wrote {} manual pages to {}: {}\n",
        written.len(),
        shown_path(folder),
        pages
            .iter()
            .map(|page| page.file.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    Ok(solitaire::engine::verdict::EXIT_OK)
}

/// Writes `pages` into `folder`, each over nothing or over an earlier page of its title.
pub fn write_pages(folder: &Path, pages: &[Page]) -> Result<Vec<PathBuf>, InputError> {
    let cannot = |path: &Path, error: io::Error| {
        InputError::Usage(format!(
            "cannot write {}: {}",
            shown_path(path),
            crate::store::system_error::plainly(&error)
        ))
    };
    make_folder(folder).map_err(|error| cannot(folder, error))?;
    let mut checked = Vec::new();
    for page in pages {
        let path = folder.join(&page.file);
        let replacement = Replacement::start(&path, |old| refusal(old, &page.title))
            .map_err(|error| cannot(&path, error))?;
        checked.push((path, replacement, page));
    }
    let mut written = Vec::new();
    for (path, replacement, page) in checked {
        replacement
            .finish(|out| out.write_all(&page.text))
            .map_err(|error| cannot(&path, error))?;
        written.push(path);
    }
    Ok(written)
}

/// Why the file at a page's name is kept: unless it is an earlier page titled `title`.
fn refusal(mut old: &File, title: &str) -> Option<String> {
    let mut text = Vec::new();
    let read = (&mut old).take(MOST_READ).read_to_end(&mut text);
    if read.is_ok() && is_page_titled(&String::from_utf8_lossy(&text), title) {
        return None;
    }
    Some(format!(
        "it is not an earlier page of {title}, and is left as it is; name another folder, or \
         remove it first"
    ))
}

/// Whether `text` is a manual page whose `.TH` line names `title` (as ours do).
fn is_page_titled(text: &str, title: &str) -> bool {
    text.lines()
        .filter_map(|line| line.strip_prefix(".TH "))
        .any(|rest| rest.split_whitespace().next() == Some(title))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_is_a_page_for_the_program_and_each_command() {
        let pages = pages().unwrap();
        let files: Vec<&str> = pages.iter().map(|p| p.file.as_str()).collect();
        for file in [
            "pyramid.1",
            "pyramid-solve.1",
            "pyramid-hint.1",
            "pyramid-validate.1",
            "pyramid-batch.1",
            "pyramid-stats.1",
            "pyramid-stats-merge.1",
            "pyramid-paths.1",
            "pyramid-completions.1",
            "pyramid-man.1",
        ] {
            assert!(files.contains(&file), "{file} in {files:?}");
        }
        assert!(!files.contains(&"pyramid-help.1"), "{files:?}");
        for page in &pages {
            let text = String::from_utf8_lossy(&page.text);
            assert!(is_page_titled(&text, &page.title), "{}:\n{text}", page.file);
        }
        let solve = pages.iter().find(|p| p.file == "pyramid-solve.1").unwrap();
        let text = String::from_utf8_lossy(&solve.text);
        assert!(text.contains("max\\-memory"), "{text}");
    }

    #[test]
    fn earlier_pages_are_replaced_and_any_other_file_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("man1");
        let pages = pages().unwrap();
        let written = write_pages(&folder, &pages).unwrap();
        assert_eq!(written.len(), pages.len());
        // Again over the pages written: each is an earlier page of its own title.
        let solve = folder.join("pyramid-solve.1");
        std::fs::write(&solve, ".TH pyramid-solve 1 \"old\"\n").unwrap();
        write_pages(&folder, &pages).unwrap();
        assert!(
            std::fs::read_to_string(&solve)
                .unwrap()
                .contains("max\\-memory")
        );
        // A file that is not such a page stops the run before any page is written.
        let first = folder.join("pyramid.1");
        std::fs::write(&first, "stale\n").unwrap();
        let hint = folder.join("pyramid-hint.1");
        std::fs::write(&hint, ".TH pyramid-solve 1\nsomeone else's\n").unwrap();
        let error = write_pages(&folder, &pages).unwrap_err().to_string();
        assert!(
            error.contains("pyramid.1: it is not an earlier page of pyramid,"),
            "{error}"
        );
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "stale\n");
        assert_eq!(
            std::fs::read_to_string(&hint).unwrap(),
            ".TH pyramid-solve 1\nsomeone else's\n"
        );
        let left: Vec<_> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.starts_with(".pyramid-"))
            .collect();
        assert!(left.is_empty(), "temporary files left: {left:?}");
    }

    #[cfg(unix)]
    #[test]
    fn a_link_at_a_page_s_name_is_not_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("elsewhere.txt");
        std::fs::write(&target, "mine\n").unwrap();
        let folder = dir.path().join("man1");
        std::fs::create_dir(&folder).unwrap();
        std::os::unix::fs::symlink(&target, folder.join("pyramid.1")).unwrap();
        let error = write_pages(&folder, &pages().unwrap())
            .unwrap_err()
            .to_string();
        assert!(error.contains("it is a link"), "{error}");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "mine\n");
    }
}

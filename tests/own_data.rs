//! The deals the project ships and tests with are its own: none of the files in `tests/data`
//! and `saved-games/` is a copy of the shared decks kept beside the repository, nor holds one
//! of their deals in another layout. Each shipped example also says what it shows.

mod common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use solitaire::Deal;
use solitaire::games::pyramid::solver::{Outcome, solve};

/// The files of a folder, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

/// The deal a file holds, if it is one (saved games: the deal under the headers).
fn deal_of(text: &str) -> Option<Deal> {
    Deal::parse(text).ok()
}

#[test]
fn no_fixture_is_a_shared_deal() {
    let Some(shared) = common::shared_decks("no_fixture_is_a_shared_deal") else {
        return;
    };
    let mut texts = HashSet::new();
    let mut deals = HashSet::new();
    let table = std::fs::read_to_string(shared.join("random-1500.tsv")).expect("the table");
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        if let Some((_, cards)) = line.split_once('\t') {
            deals.insert(Deal::parse(cards).expect("a valid deal").to_line());
        }
    }
    for path in files(&shared)
        .into_iter()
        .chain(files(&shared.join("known")))
    {
        let text = std::fs::read_to_string(&path).expect("a shared file");
        if let Some(deal) = deal_of(&text) {
            deals.insert(deal.to_line());
        }
        texts.insert(text);
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["tests/data", "saved-games"] {
        for path in files(&root.join(dir)) {
            let text = std::fs::read_to_string(&path).expect("a fixture");
            assert!(
                !texts.contains(&text),
                "{} copies a shared file",
                path.display()
            );
            if let Some(deal) = deal_of(&text) {
                assert!(
                    !deals.contains(&deal.to_line()),
                    "{} holds a shared deal",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn the_shipped_examples_show_what_their_names_say() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("saved-games");
    let length = |name: &str| {
        let text = std::fs::read_to_string(root.join(name)).expect("an example");
        let deal = Deal::parse(&text).expect("a valid deal");
        match solve(&common::start(&deal), &mut ()).outcome {
            Outcome::Solved(moves) => Some(moves.len()),
            Outcome::NoSolution(_) => None,
            Outcome::Cancelled => unreachable!("nothing cancels"),
        }
    };
    assert_eq!(length("shortest-15-steps.txt"), Some(15));
    assert_eq!(length("winnable-40-steps.txt"), Some(40));
    assert_eq!(length("hard-no-solution.txt"), None);
    assert_eq!(length("no-solution-2d-under-four-jacks.txt"), None);
}

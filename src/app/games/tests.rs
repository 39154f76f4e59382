//! The saves and drafts of every game the app has screens for, through the registry: what
//! the store writes, lists and keeps reads back as each game's.

use std::fs;
use std::path::{Path, PathBuf};

use solitaire::Deal;
use solitaire::cards::deal::DECK_SIZE;
use solitaire::engine::goal::Goal;
use solitaire::engine::headers::saved_name;
use solitaire::games::pyramid::saved::{Draft, SavedDeal, Verdict};
use solitaire::games::pyramid::{Midgame, Rules};
use solitaire::games::tripeaks::saved::{DraftSlot, SavedTriPeaks, TriPeaksDraft};

use super::*;
use crate::app::flow::GameScreen;
use crate::store::draft::{self, Claim, DraftError, DraftName};
use crate::store::{Folders, StorageError, text_file};
use pyramid::Pyramid;
use tripeaks::TriPeaks;

/// Reads one save of the game its `# game:` header names, as the app opens it: a Pyramid game
/// with unknown cards is refused, a TriPeaks one taken.
fn load_game(path: &Path) -> Result<SavedGame, Unopened> {
    let text = text_file::read_path(path).expect("a readable file");
    let saved = read_saved(game_of_text(&text)?, &text, &stem(path))?;
    shown(&saved)?;
    Ok(saved)
}

/// Reads one Pyramid save as the app opens it; another game's is refused, as are unknown
/// cards.
fn load(path: &Path) -> Result<SavedDeal, Unopened> {
    let text = text_file::read_path(path).expect("a readable file");
    let saved = read_saved(GameKind::Pyramid, &text, &stem(path))?;
    shown(&saved)?;
    Ok(saved.get::<SavedDeal>().cloned().expect("a Pyramid game"))
}

fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

/// The shipped examples, as the Open dialog lists them.
fn examples() -> Vec<Listed> {
    entries(Vec::new(), Vec::new()).0
}

/// The drafts as the app finds them when it starts.
fn claim(folders: &Folders) -> Claim<GameDraft> {
    crate::store::claim_draft(folders, read_draft)
}

/// A draft's text as the app keeps it: none when nothing is typed.
fn text_of(draft: &GameDraft) -> Option<String> {
    let work = work(draft);
    (work.typed > 0).then_some(work.all)
}

fn example() -> SavedDeal {
    game(examples().remove(0))
}

/// The first example played on under unlimited passes, drawing through the stock and
/// recycling, until its text is over the reader's limit: a game that can be played, and
/// saved, but not read back.
pub(super) fn too_long_to_read_back() -> SavedDeal {
    use solitaire::games::pyramid::{Move, Passes};
    let mut saved = example();
    saved.rules.passes = Passes::Unlimited;
    let round = std::iter::repeat_n(Move::Draw, 24).chain([Move::Recycle]);
    saved.moves = round.cycle().take(25 * 8_500).collect();
    assert!(saved.to_text().len() as u64 > text_file::MAX_BYTES);
    saved
}

/// A draft with no card typed, at the start, under MSC's rules.
fn empty_draft() -> Draft {
    Draft {
        slots: [None; DECK_SIZE],
        unseen: 0,
        midgame: Midgame::default(),
        moves: Vec::new(),
        goal: Goal::Board,
        rules: Rules::default(),
    }
}

/// The saved game a listed entry holds.
fn game(listed: Listed) -> SavedDeal {
    match listed.holds {
        Holds::Game(saved) => saved.get::<SavedDeal>().cloned().expect("a Pyramid game"),
        holds @ Holds::Unfinished(_) => panic!("a whole Pyramid game, not {holds:?}"),
    }
}

#[test]
fn an_unfinished_save_is_listed_to_open_and_not_as_broken() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    let mut draft = empty_draft();
    for (slot, card) in draft.slots.iter_mut().zip(["Kd", "7s", "Ah"]) {
        *slot = Some(card.parse().unwrap());
    }
    let path = Pyramid::save_unfinished(&folders, "Half way", &[], &draft).unwrap();
    let (listed, broken) = list(&folders);
    assert!(broken.is_empty(), "{broken:?}");
    let first = &listed[0];
    assert_eq!(first.origin, Origin::User(path));
    assert_eq!(first.name(), "Half way");
    assert!(!first.saved().is_empty());
    let Holds::Unfinished(unfinished) = &first.holds else {
        panic!("listed as unfinished: {first:?}")
    };
    assert_eq!(unfinished.typed, 3);
    assert_eq!(Draft::parse(&unfinished.text), Some(draft));
    assert_eq!(listed.len(), 1 + examples().len());
}

#[test]
fn a_save_reads_back_and_other_solvers_read_it_as_a_plain_deal() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    let mut saved = example();
    saved.name = "Tuesday's game!".to_string();
    saved.verdict = Verdict::Solved(40);
    let path = pyramid::save(&folders, &saved).unwrap();
    assert_eq!(path.file_name().unwrap(), "tuesday-s-game.txt");
    assert_eq!(load(&path).unwrap(), saved);
    let text = fs::read_to_string(&path).unwrap();
    assert_eq!(Deal::parse(&text).unwrap(), saved.deal);
}

#[test]
fn saving_never_overwrites_another_deal() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    let mut all = examples();
    let mut first = game(all.remove(0));
    let mut second = game(all.remove(0));
    first.name = "game".to_string();
    second.name = "game".to_string();
    let a = pyramid::save(&folders, &first).unwrap();
    let b = pyramid::save(&folders, &second).unwrap();
    assert_ne!(a, b);
    assert_eq!(load(&a).unwrap().deal, first.deal);
    // The same deal again replaces its own file.
    first.verdict = Verdict::NoSolution;
    assert_eq!(pyramid::save(&folders, &first).unwrap(), a);
    assert_eq!(load(&a).unwrap().verdict, Verdict::NoSolution);
}

#[test]
fn listing_shows_saves_then_examples_and_names_broken_files() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    pyramid::save(&folders, &example()).unwrap();
    fs::write(folders.saves.join("broken.txt"), "Ah Xq").unwrap();
    let (listed, broken) = list(&folders);
    assert_eq!(listed.len(), 1 + crate::store::examples().len());
    assert!(matches!(listed[0].origin, Origin::User(_)));
    assert_eq!(broken.len(), 1);
    assert!(broken[0].contains("broken.txt"), "{broken:?}");
}

#[test]
fn a_move_that_cannot_be_played_is_listed_at_its_place_as_the_commands_name_it() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    fs::create_dir_all(&folders.saves).unwrap();
    let deal = example().deal.to_line();
    fs::write(
        folders.saves.join("bad-move.txt"),
        format!("# moves: draw recycle\n{deal}"),
    )
    .unwrap();
    let (_, broken) = list(&folders);
    assert_eq!(broken.len(), 1);
    assert!(
        broken[0].starts_with("bad-move.txt:1:15: # moves: move 2: 'recycle'"),
        "{broken:?}"
    );
}

#[test]
fn a_saves_folder_that_is_a_file_is_named_so() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-folder");
    fs::write(&file, "x").unwrap();
    let folders = Folders {
        saves: file.clone(),
        ..Folders::under(dir.path())
    };
    let error = pyramid::save(&folders, &example()).unwrap_err().to_string();
    assert!(error.contains("is a file, not a folder"), "{error}");
    assert_eq!(fs::read_to_string(&file).unwrap(), "x");
}

#[test]
fn a_text_that_is_not_a_deal_is_named_so_once() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    fs::create_dir_all(&folders.saves).unwrap();
    let prose = "These words are not cards at all. ".repeat(20);
    fs::write(folders.saves.join("prose.txt"), prose).unwrap();
    let (_, broken) = list(&folders);
    assert_eq!(broken.len(), 1);
    assert_eq!(broken[0].matches("not a deal").count(), 1, "{broken:?}");
}

#[test]
fn drafts_keep_empty_slots_and_an_empty_deal_removes_the_draft() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    let mut draft = empty_draft();
    draft.slots[0] = Some("Kd".parse().unwrap());
    draft.slots[51] = Some("2c".parse().unwrap());
    assert_eq!(
        kept_then_restored(&folders, &Kept::of(draft.clone()), None),
        Some((Kept::of(draft.clone()), None))
    );
    let mut file = claim(&folders).file;
    let path = file.path().unwrap().to_path_buf();
    draft.slots = [None; DECK_SIZE];
    file.store(text_of(&Kept::of(draft.clone())).as_deref(), None)
        .unwrap();
    assert!(!path.exists());
    drop(file);
    assert_eq!(claim(&folders).drafts.restored, None);
}

/// Keeps `draft` as an app does, ends that app, and gives what the next app started
/// restores: the work and its name.
pub(super) fn kept_then_restored(
    folders: &Folders,
    draft: &GameDraft,
    name: Option<&DraftName>,
) -> Option<(GameDraft, Option<DraftName>)> {
    let mut file = claim(folders).file;
    file.store(text_of(draft).as_deref(), name).unwrap();
    drop(file);
    claim(folders)
        .drafts
        .restored
        .map(|restored| (restored.draft, restored.name))
}

#[test]
fn a_game_too_long_to_be_read_back_is_not_saved_and_the_save_it_would_replace_stays() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    let long = too_long_to_read_back();
    let mut short = long.clone();
    short.moves.truncate(25 * 4);
    let path = pyramid::save(&folders, &short).unwrap();
    let before = fs::read(&path).unwrap();
    let error = pyramid::save(&folders, &long).unwrap_err();
    assert!(matches!(error, StorageError::TooLarge { .. }), "{error}");
    let message = error.to_string();
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(message.contains("1 MiB"), "{message}");
    assert_eq!(fs::read(&path).unwrap(), before, "the old save stays");
    assert_eq!(load(&path).unwrap().moves, short.moves);
    assert_eq!(
        fs::read_dir(&folders.saves).unwrap().count(),
        1,
        "nothing else"
    );
    // Just under the limit, the game is saved, and reads back.
    let mut longest = long.clone();
    let mut over = long.to_text().len() - text_file::MAX_BYTES as usize;
    while over > 0 {
        // Each move takes more than four bytes ("draw" and a space, or more).
        longest
            .moves
            .truncate(longest.moves.len() - over.div_ceil(4));
        over = longest
            .to_text()
            .len()
            .saturating_sub(text_file::MAX_BYTES as usize);
    }
    assert_eq!(pyramid::save(&folders, &longest).unwrap(), path);
    assert_eq!(load(&path).unwrap().moves, longest.moves);
}

/// Runs `work` on a thread and fails the test if it has not finished in ten seconds,
/// rather than hang the whole run.
fn in_time<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(work());
    });
    receive
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("finished in time rather than hanging")
}

fn save_in_time(folders: &Folders, saved: &SavedDeal) -> Result<PathBuf, StorageError> {
    let (folders, saved) = (folders.clone(), saved.clone());
    in_time(move || pyramid::save(&folders, &saved))
}

#[test]
fn long_names_are_shortened_for_the_file_and_kept_whole_inside_it() {
    let names = [
        "x".repeat(252),
        "y".repeat(4000),
        "象".repeat(84),
        format!("{}é tail", "ab ".repeat(40)),
    ];
    for name in names {
        let dir = tempfile::tempdir().unwrap();
        let folders = Folders::under(dir.path());
        let mut saved = example();
        saved.name.clone_from(&name);
        let path = save_in_time(&folders, &saved).unwrap();
        let stem = path.file_stem().unwrap().to_str().unwrap();
        assert!(stem.len() <= crate::store::saves::MAX_STEM_BYTES, "{stem}");
        assert!(!stem.is_empty() && !stem.ends_with('-'), "{stem}");
        assert_eq!(load(&path).unwrap().name, name);
        // A second, different deal under the same long name gets its own number.
        let mut other = game(examples().remove(1));
        other.name.clone_from(&name);
        let second = save_in_time(&folders, &other).unwrap();
        assert_ne!(second, path);
        assert_eq!(load(&second).unwrap().deal, other.deal);
    }
}

#[test]
fn a_saves_folder_that_cannot_be_entered_is_an_error_not_a_hang() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    fs::write(&blocker, "keep me").unwrap();
    let folders = Folders {
        saves: blocker.join("saves"),
        config: dir.path().join("config"),
    };
    let error = save_in_time(&folders, &example()).unwrap_err();
    assert!(error.to_string().starts_with("cannot write"), "{error}");
    assert_eq!(fs::read_to_string(&blocker).unwrap(), "keep me");
}

#[cfg(unix)]
#[test]
fn a_saves_folder_without_permission_is_an_error_not_a_hang() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    fs::create_dir_all(&folders.saves).unwrap();
    fs::set_permissions(&folders.saves, fs::Permissions::from_mode(0o000)).unwrap();
    if fs::read_dir(&folders.saves).is_ok() {
        // The superuser enters any folder: nothing to check.
        eprintln!("skipped: permissions do not apply to this user");
        return;
    }
    let result = save_in_time(&folders, &example());
    fs::set_permissions(&folders.saves, fs::Permissions::from_mode(0o755)).unwrap();
    assert!(result.is_err());
}

#[cfg(unix)]
#[test]
fn a_link_at_a_temporary_name_is_never_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    fs::create_dir_all(&folders.saves).unwrap();
    let victim = dir.path().join("victim");
    fs::write(&victim, "keep me").unwrap();
    let pid = std::process::id();
    for name in [
        format!(".game.txt.{pid}.tmp"),
        format!("..draft.txt.{pid}.tmp"),
    ] {
        std::os::unix::fs::symlink(&victim, folders.saves.join(name)).unwrap();
    }
    let mut saved = example();
    saved.name = "game".to_string();
    let path = pyramid::save(&folders, &saved).unwrap();
    assert_eq!(load(&path).unwrap().deal, saved.deal);
    let draft = Draft {
        slots: saved.deal.cards().map(Some),
        unseen: 0,
        midgame: Midgame::default(),
        moves: Vec::new(),
        goal: Goal::Board,
        rules: Rules::default(),
    };
    assert_eq!(
        kept_then_restored(&folders, &Kept::of(draft.clone()), None),
        Some((Kept::of(draft), None))
    );
    assert_eq!(fs::read_to_string(&victim).unwrap(), "keep me");
}

#[test]
fn two_saves_racing_under_one_name_both_keep_their_deal() {
    let mut all = examples();
    let mut first = game(all.remove(0));
    let mut second = game(all.remove(0));
    first.name = "race".to_string();
    second.name = "race".to_string();
    for _ in 0..60 {
        let dir = tempfile::tempdir().unwrap();
        let folders = Folders::under(dir.path());
        fs::create_dir_all(&folders.saves).unwrap();
        let paths = race(&folders, [&first, &second]);
        assert_ne!(paths[0], paths[1]);
        assert_eq!(load(&paths[0]).unwrap().deal, first.deal);
        assert_eq!(load(&paths[1]).unwrap().deal, second.deal);
        let files = fs::read_dir(&folders.saves).unwrap().count();
        assert_eq!(files, 2, "no temporary file is left behind");
    }
}

/// Saves both games at the same moment, each from its own thread; the paths written.
fn race(folders: &Folders, games: [&SavedDeal; 2]) -> Vec<PathBuf> {
    use std::sync::{Arc, Barrier};
    let barrier = Arc::new(Barrier::new(2));
    let writers: Vec<_> = games
        .into_iter()
        .map(|saved| {
            let (folders, saved, barrier) = (folders.clone(), saved.clone(), Arc::clone(&barrier));
            std::thread::spawn(move || {
                barrier.wait();
                pyramid::save(&folders, &saved)
            })
        })
        .collect();
    writers
        .into_iter()
        .map(|writer| writer.join().unwrap().unwrap())
        .collect()
}

#[test]
fn the_same_deal_racing_under_one_name_is_kept_once_or_twice_but_never_lost() {
    let mut saved = example();
    saved.name = "same".to_string();
    for _ in 0..30 {
        let dir = tempfile::tempdir().unwrap();
        let folders = Folders::under(dir.path());
        for path in race(&folders, [&saved, &saved]) {
            assert_eq!(load(&path).unwrap().deal, saved.deal);
        }
    }
}

#[cfg(unix)]
#[test]
fn listing_skips_what_is_not_a_small_regular_file_at_once_and_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    pyramid::save(&folders, &example()).unwrap();
    let saves = folders.saves.clone();
    let fifo = saves.join("fifo.txt");
    let has_fifo = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    std::os::unix::fs::symlink("/dev/zero", saves.join("zero.txt")).unwrap();
    fs::File::create(saves.join("huge.txt"))
        .unwrap()
        .set_len(10 << 20)
        .unwrap();
    let started = std::time::Instant::now();
    let (listed, broken) = in_time(move || list(&folders));
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    let users = listed
        .iter()
        .filter(|l| matches!(l.origin, Origin::User(_)))
        .count();
    assert_eq!(users, 1);
    assert_eq!(broken.len(), 2 + usize::from(has_fifo), "{broken:?}");
    for name in ["zero.txt", "huge.txt"] {
        assert!(broken.iter().any(|b| b.contains(name)), "{broken:?}");
    }
}

#[test]
fn the_relaxed_example_is_won_with_relaxed_pairing_only() {
    use solitaire::games::pyramid::solver::{Outcome, solve};
    use solitaire::games::pyramid::{Passes, Position, Rules};
    let saved = examples()
        .into_iter()
        .filter_map(|listed| match listed.holds {
            Holds::Game(saved) => saved.get::<SavedDeal>().cloned(),
            Holds::Unfinished(_) => None,
        })
        .find(|saved| saved.rules.relaxed)
        .expect("an example with relaxed pairing");
    assert_eq!(saved.rules.passes, Passes::Limited(1));
    let relaxed = solve(&Position::new(&saved.deal, saved.rules), &mut ());
    let Outcome::Solved(moves) = relaxed.outcome else {
        panic!("won with relaxed pairing")
    };
    assert_eq!(saved.verdict, Verdict::Solved(moves.len()));
    let strict = Rules {
        relaxed: false,
        ..saved.rules
    };
    let strict = solve(&Position::new(&saved.deal, strict), &mut ());
    assert!(matches!(strict.outcome, Outcome::NoSolution(_)));
}

/// A TriPeaks example: a whole game at its start.
fn tripeaks_example(file: &str) -> SavedTriPeaks {
    let listed = examples()
        .into_iter()
        .find(|listed| listed.game() == GameKind::TriPeaks && listed.name().contains(file))
        .expect("the example is listed");
    match listed.holds {
        Holds::Game(saved) => saved
            .get::<SavedTriPeaks>()
            .cloned()
            .expect("a TriPeaks game"),
        holds @ Holds::Unfinished(_) => panic!("a whole TriPeaks game, not {holds:?}"),
    }
}

/// The deal as MSC deals it (rows 1 to 3 and the stock unknown) with the moves the referee
/// allows first, under a Score challenge, as the app would save it.
fn tripeaks_played() -> SavedTriPeaks {
    let mut saved = tripeaks_example("as MSC deals it");
    let mut game = saved.game();
    for _ in 0..3 {
        let mv = game.position().legal_moves()[0];
        game.play(mv).unwrap();
    }
    saved.moves = game.moves().to_vec();
    saved.goal = solitaire::engine::goal::Goal::Score {
        target: 30_000,
        earned: 2_500,
    };
    saved.notes = vec!["the peaks are still face down".to_string()];
    saved.saved = "2026-11-23 18:30".to_string();
    saved
}

#[test]
fn the_examples_hold_both_games() {
    let games: Vec<GameKind> = examples().iter().map(Listed::game).collect();
    assert_eq!(
        games.len(),
        crate::store::examples().len(),
        "every example reads"
    );
    assert_eq!(
        games.iter().filter(|&&g| g == GameKind::TriPeaks).count(),
        3
    );
    assert!(tripeaks_example("clears in 43").moves.is_empty());
    assert!(!tripeaks_example("cannot be cleared").deal.has_unknown());
    assert_eq!(
        tripeaks_example("as MSC deals it")
            .deal
            .unknown()
            .count_ones(),
        41
    );
}

#[test]
fn a_tripeaks_game_with_moves_unknown_cards_and_a_challenge_saves_and_loads_back() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    let saved = tripeaks_played();
    assert_eq!(saved.moves.len(), 3);
    let path = tripeaks::save(&folders, &saved).unwrap();
    assert_eq!(
        path.file_name().unwrap(),
        "tripeaks-as-msc-deals-it-rows-1-to-3-face-down.txt"
    );
    assert_eq!(load_game(&path).unwrap(), Kept::of(saved.clone()));
    // Pyramid's reader still refuses it, naming the game.
    let error = load(&path).unwrap_err().to_string();
    assert!(error.contains("holds a TriPeaks game"), "{error}");
    // The file says which game it is, and the commands read it as it is.
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("# game: tripeaks\n"), "{text}");
    assert_eq!(SavedTriPeaks::parse(&text, "x"), Ok(saved));
}

#[test]
fn load_game_takes_unknown_cards_in_pyramid_too() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    fs::create_dir_all(&folders.saves).unwrap();
    let pyramid = folders.saves.join("pyramid.txt");
    let text = example().to_text();
    let last = text.trim_end().rsplit(' ').next().unwrap().to_string();
    fs::write(
        &pyramid,
        format!("{}??\n", text.trim_end().strip_suffix(&last).unwrap()),
    )
    .unwrap();
    let unseen = load_game(&pyramid).unwrap();
    assert_eq!(unseen, Kept::of(load(&pyramid).unwrap()));
    assert!(load(&pyramid).unwrap().deal.has_unknown());
    fs::write(&pyramid, &text).unwrap();
    assert_eq!(
        load_game(&pyramid).unwrap(),
        Kept::of(load(&pyramid).unwrap())
    );
}

#[test]
fn listing_names_the_game_of_each_save_and_the_broken_files() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    let mut pyramid = example();
    pyramid.saved = "2026-11-23 10:00".to_string();
    pyramid::save(&folders, &pyramid).unwrap();
    let mut tripeaks = tripeaks_played();
    tripeaks.saved = "2026-11-23 11:00".to_string();
    tripeaks::save(&folders, &tripeaks).unwrap();
    let mut unfinished = TriPeaksDraft::from_deal(&tripeaks.deal);
    for slot in &mut unfinished.slots[30..] {
        *slot = DraftSlot::Empty;
    }
    TriPeaks::save_unfinished(&folders, "peaks half typed", &[], &unfinished).unwrap();
    // A TriPeaks file with a card twice, which opens in its editor as `pyramid FILE` opens
    // it, and a Pyramid one with a word that is not a card, which opens nowhere.
    let twice =
        (tripeaks.to_text().replacen("Ks", "Ts", 1)).replacen(&tripeaks.name, "peaks twice", 1);
    fs::write(folders.saves.join("twice.txt"), twice).unwrap();
    fs::write(folders.saves.join("broken.txt"), "Ah Xq").unwrap();

    let (listed, broken) = list(&folders);
    let users: Vec<(&str, GameKind)> = listed
        .iter()
        .filter(|l| matches!(l.origin, Origin::User(_)))
        .map(|l| (l.name(), l.game()))
        .collect();
    assert_eq!(
        users,
        [
            ("peaks half typed", GameKind::TriPeaks),
            (tripeaks.name.as_str(), GameKind::TriPeaks),
            ("peaks twice", GameKind::TriPeaks),
            (pyramid.name.as_str(), GameKind::Pyramid),
        ],
        "newest first"
    );
    assert!(matches!(
        &listed[2].holds,
        Holds::Unfinished(u) if u.problems && u.text.contains("Ts")
    ));
    assert_eq!(listed_state(&listed[2].holds), "problems to fix");
    assert!(matches!(
        &listed[0].holds,
        Holds::Unfinished(u) if u.typed == 30
    ));
    assert_eq!(listed[1].holds, Holds::Game(Kept::of(tripeaks)));
    assert_eq!(listed.len(), 4 + crate::store::examples().len());
    assert_eq!(broken.len(), 1, "{broken:?}");
    assert!(
        broken[0].starts_with("broken.txt:") && broken[0].contains("'Xq' is not a card"),
        "{broken:?}"
    );
}

#[test]
fn saving_tripeaks_never_overwrites_another_game() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    let mut first = tripeaks_example("clears in 43");
    let mut second = tripeaks_example("cannot be cleared");
    first.name = "game".to_string();
    second.name = "game".to_string();
    let a = tripeaks::save(&folders, &first).unwrap();
    let b = tripeaks::save(&folders, &second).unwrap();
    assert_eq!(b.file_name().unwrap(), "game-2.txt");
    let read = |path: &Path| {
        let saved = load_game(path).unwrap();
        saved
            .get::<SavedTriPeaks>()
            .cloned()
            .expect("a TriPeaks game")
    };
    assert_eq!(read(&a).deal, first.deal);
    assert_eq!(read(&b).deal, second.deal);
    // The same deal, played on, replaces its own file.
    let mv = first.game().position().legal_moves()[0];
    first.moves.push(mv);
    assert_eq!(tripeaks::save(&folders, &first).unwrap(), a);
    assert_eq!(read(&a).moves, [mv]);
    // A Pyramid save of the very same cards under the name is another game: kept.
    let mut pyramid = SavedDeal::new("game", "", Verdict::Unsolved, first.deal);
    pyramid.name = "game".to_string();
    let c = pyramid::save(&folders, &pyramid).unwrap();
    assert_eq!(c.file_name().unwrap(), "game-3.txt");
    assert_eq!(tripeaks::save(&folders, &first).unwrap(), a);
    assert_eq!(load(&c).unwrap(), pyramid);
    // A plain deal without a game header is Pyramid's, even with TriPeaks' cards.
    fs::write(&a, first.deal.to_layout(GameKind::TriPeaks)).unwrap();
    let d = tripeaks::save(&folders, &first).unwrap();
    assert_eq!(d.file_name().unwrap(), "game-4.txt");
}

#[test]
fn a_tripeaks_game_saved_again_once_cards_are_seen_replaces_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    let dealt = tripeaks_example("as MSC deals it");
    let path = tripeaks::save(&folders, &dealt).unwrap();
    // A peak top seen: the same game, more of it known.
    let card = "Kc".parse().unwrap();
    let mut seen = dealt.clone();
    seen.deal = dealt.deal.reveal(0, card, GameKind::TriPeaks).unwrap();
    assert_eq!(tripeaks::save(&folders, &seen).unwrap(), path);
    // Another card there is another game.
    let mut other = dealt.clone();
    other.deal = dealt
        .deal
        .reveal(0, "Qc".parse().unwrap(), GameKind::TriPeaks)
        .unwrap();
    let stem = path.file_stem().unwrap().to_str().unwrap();
    let second = tripeaks::save(&folders, &other).unwrap();
    assert_eq!(second, folders.saves.join(format!("{stem}-2.txt")));
    // And fewer cards known than a file has is not its deal either.
    let third = tripeaks::save(&folders, &dealt).unwrap();
    assert_eq!(third, folders.saves.join(format!("{stem}-3.txt")));
    let known = |path: &Path| {
        let saved = load_game(path).unwrap();
        saved
            .get::<SavedTriPeaks>()
            .expect("a TriPeaks game")
            .deal
            .card(0)
    };
    assert_eq!(known(&path), Some(card));
    assert_eq!(known(&second), Some("Qc".parse().unwrap()));
    assert_eq!(known(&third), None);
}

#[test]
fn an_unfinished_tripeaks_deal_saved_again_goes_over_itself_only() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    let mut draft = TriPeaksDraft::from_deal(&tripeaks_example("clears in 43").deal);
    for slot in &mut draft.slots[10..] {
        *slot = DraftSlot::Empty;
    }
    let notes = ["typed from the screen".to_string()];
    let path = TriPeaks::save_unfinished(&folders, "peaks", &notes, &draft).unwrap();
    let again = TriPeaks::save_unfinished(&folders, "peaks", &notes, &draft).unwrap();
    assert_eq!(again, path);
    // A Pyramid unfinished deal under the name is kept, and kept apart.
    let mut pyramid = empty_draft();
    pyramid.slots[0] = Some("Kd".parse().unwrap());
    let other = Pyramid::save_unfinished(&folders, "peaks", &[], &pyramid).unwrap();
    assert_ne!(other, path);
    draft.slots[10] = DraftSlot::Unknown;
    let more = TriPeaks::save_unfinished(&folders, "peaks", &notes, &draft).unwrap();
    assert_ne!(more, path);
    let text = fs::read_to_string(&path).unwrap();
    assert_eq!(saved_name(&text, ""), "peaks");
    assert_eq!(
        TriPeaksDraft::parse(&text).map(|d| d.typed()),
        Some(10),
        "{text}"
    );
}

/// A game the library plays and the app does not yet (a new game comes to the commands
/// first): its saves are named with the commands that take them, its drafts never restored.
/// With every game in the app, `--game`'s help says so instead.
#[test]
fn a_game_without_screens_is_named_with_the_commands_that_take_it_and_never_restored() {
    let Some(game) = solitaire::games::ALL
        .iter()
        .find(|game| screens_of(game.kind()).is_none())
    else {
        assert_eq!(
            games_not_in_app(),
            "Each is played by the commands and in the app."
        );
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    let text = format!("# game: {}\nAh 2h 3h\n", game.id());
    fs::create_dir_all(&folders.saves).unwrap();
    fs::write(folders.saves.join("other.txt"), &text).unwrap();
    let (listed, broken) = list(&folders);
    assert_eq!(
        listed.len(),
        crate::store::examples().len(),
        "only the examples open"
    );
    assert_eq!(broken, [format!("other.txt: {}", not_in_app(game.kind()))]);
    assert!(broken[0].contains(&format!(
        "the commands take it (pyramid solve --game {} FILE)",
        game.id()
    )));
    // A draft of it (which the app never writes) starts the app on an empty deal, and
    // is named with the reason.
    let draft = folders.saves.join(".draft-Pa1rsX.txt");
    fs::write(&draft, &text).unwrap();
    let claim = claim(&folders);
    assert_eq!(claim.drafts.restored, None);
    let [(path, DraftError::Text(reason))] = &claim.drafts.unreadable[..] else {
        panic!("{:?}", claim.drafts.unreadable)
    };
    assert_eq!((path, reason), (&draft, &not_in_app(game.kind())));
}

#[test]
fn a_klondike_file_from_the_commands_is_listed_with_its_moves_and_opens() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    let deal = solitaire::games::klondike::Deal::shuffled(1).to_layout();
    let text = format!("# game: klondike\n# moves: draw\n{deal}");
    fs::create_dir_all(&folders.saves).unwrap();
    fs::write(folders.saves.join("klondike.txt"), &text).unwrap();
    let (listed, broken) = list(&folders);
    assert!(broken.is_empty(), "{broken:?}");
    let first = &listed[0];
    assert_eq!(
        (first.game(), first.name()),
        (GameKind::Klondike, "klondike")
    );
    assert_eq!(listed_state(&first.holds), "1 move in");
    // A Solvitaire reduced deck is for the commands: named with the reason.
    let reduced = r#"{"tableau piles": [["3d", "2c", "Ac", "2H"], ["4h", "3h", "2S"], ["4d", "3C"], ["AS"]], "stock": ["3S", "4S", "4C", "2D", "AH", "AD"]}"#;
    fs::write(
        folders.saves.join("reduced.txt"),
        format!("# game: klondike\n{reduced}\n"),
    )
    .unwrap();
    let (_, broken) = list(&folders);
    assert_eq!(broken.len(), 1, "{broken:?}");
    assert!(
        broken[0].starts_with("reduced.txt: the app shows a Klondike table of the whole pack"),
        "{broken:?}"
    );
}

#[test]
fn the_draft_of_either_game_is_kept_with_its_name_and_restored() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    let name = DraftName {
        name: "Tuesday's peaks".to_string(),
        saved: true,
    };
    let saved = tripeaks_played();
    let mut tripeaks = TriPeaksDraft::from_deal(&saved.deal);
    tripeaks.moves.clone_from(&saved.moves);
    tripeaks.goal = saved.goal;
    let draft = Kept::of(tripeaks);
    assert_eq!(
        kept_then_restored(&folders, &draft, Some(&name)),
        Some((draft, Some(name.clone())))
    );

    let mut pyramid = empty_draft();
    pyramid.slots[0] = Some("Kd".parse().unwrap());
    let draft = Kept::of(pyramid.clone());
    assert_eq!(
        kept_then_restored(&folders, &draft, Some(&name)),
        Some((draft, Some(name.clone())))
    );
    // Nothing typed, of either game, removes it.
    let mut file = claim(&folders).file;
    let path = file.path().unwrap().to_path_buf();
    file.store(
        text_of(&Kept::of(TriPeaksDraft::default())).as_deref(),
        None,
    )
    .unwrap();
    assert!(!path.exists());
    drop(file);
    assert_eq!(claim(&folders).drafts.restored, None);
}

#[test]
fn a_pyramid_draft_written_before_the_game_header_still_restores() {
    let dir = tempfile::tempdir().unwrap();
    let folders = Folders::under(dir.path());
    fs::create_dir_all(&folders.saves).unwrap();
    let cards = example()
        .deal
        .to_layout(GameKind::Pyramid)
        .replacen("4d", "..", 1);
    let old = format!(
        "# draft: the game being entered or played, restored on the next start\n\
         # name: old one\n# saved-as: old one\n# challenge: score 1290 earned 0\n{cards}"
    );
    let shared = folders.saves.join(".draft.txt");
    fs::write(&shared, old).unwrap();
    let mut claim = claim(&folders);
    let Some(draft::Restored { draft, name }) = claim.drafts.restored else {
        panic!("the old draft restores")
    };
    let draft = draft.get::<Draft>().cloned().expect("a Pyramid draft");
    assert_eq!(draft.slots[0], None);
    assert_eq!(draft.slots[1], Some("8h".parse().unwrap()));
    assert_eq!(
        draft.goal,
        solitaire::engine::goal::Goal::Score {
            target: 1290,
            earned: 0
        }
    );
    assert_eq!(
        name,
        Some(DraftName {
            name: "old one".to_string(),
            saved: true
        })
    );
    // It is taken over: the work goes on in it.
    assert_eq!(claim.file.path(), Some(shared.as_path()));
    let more = Draft {
        slots: [Some("Kd".parse().unwrap()); DECK_SIZE],
        ..draft
    };
    claim
        .file
        .store(text_of(&Kept::of(more.clone())).as_deref(), None)
        .unwrap();
    assert_eq!(
        Draft::parse(&fs::read_to_string(&shared).unwrap()),
        Some(more)
    );
}

#[test]
fn a_draft_of_either_game_is_read_by_its_game_header() {
    let pyramid = example();
    let draft = Draft::parse(&pyramid.to_text()).unwrap();
    let text = draft.to_text();
    assert_eq!(read_draft(&text).ok(), Some(Kept::of(draft.clone())));
    // Drafts written before there were other games have no game header.
    let old = text.replace("# game: pyramid\n", "");
    assert_eq!(read_draft(&old).ok(), Some(Kept::of(draft)));
    let tripeaks = TriPeaksDraft::from_deal(&pyramid.deal);
    let text = tripeaks.to_text();
    assert_eq!(read_draft(&text).ok(), Some(Kept::of(tripeaks)));
    assert_eq!(
        read_draft(&text.replace("tripeaks", "golf"))
            .unwrap_err()
            .to_string(),
        "# game: 'golf' is not a game: the games are pyramid, tripeaks, klondike, \
         triple-klondike and perfect-pair"
    );
    assert_eq!(
        read_draft(&text.replacen("Ac", "Zz", 1))
            .unwrap_err()
            .to_string(),
        "it does not read as a deal being typed or played"
    );
}

#[test]
fn the_examples_hold_a_whole_deal_of_pyramid_tripeaks_and_klondike_each() {
    let listed = examples();
    for kind in [GameKind::Pyramid, GameKind::TriPeaks, GameKind::Klondike] {
        assert!(
            listed
                .iter()
                .any(|example| example.game() == kind && matches!(example.holds, Holds::Game(_))),
            "no {kind:?} example among {:?}",
            listed.iter().map(Listed::name).collect::<Vec<_>>()
        );
    }
    let klondike = listed
        .iter()
        .find(|example| example.game() == GameKind::Klondike)
        .map(Listed::name);
    assert_eq!(klondike, Some("Klondike: winnable, seed 1"));
}

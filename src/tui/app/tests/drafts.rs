//! The draft of each app running: restored on the next start, never shown, changed or
//! deleted by a second app, and found again after its app was killed.

use super::*;

#[test]
fn a_second_app_keeps_its_own_draft_and_a_killed_apps_work_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let (mut first, _first) = start(dir.path());
    type_text(&mut first, "Ah2h3h");

    // A second app, while the first runs: a new deal, and why.
    let (mut second, _second) = start(dir.path());
    assert_eq!(second.pyramid().editor.filled(), 0, "{}", said(&second));
    assert!(
        said(&second).starts_with("The draft of the other pyramid running is left to it"),
        "{}",
        said(&second)
    );
    type_text(&mut second, "Kd");
    ctrl(&mut second, 'n');
    press(&mut second, KeyCode::Char('y'));
    assert_eq!(second.pyramid().editor.filled(), 0);

    // The first app is killed (nothing of it runs on): its work comes back on the next
    // start, though the second app still runs and cleared its own deal.
    drop(first);
    let (third, _third) = start(dir.path());
    assert_eq!(third.pyramid().editor.filled(), 3, "{}", said(&third));
    assert!(said(&third).starts_with("Restored"), "{}", said(&third));

    // The second app's next cards go to its own draft, never over the third one's.
    type_text(&mut second, "Qc");
    drop(third);
    drop(second);
    // Two apps started one after the other take one draft each.
    let apps: Vec<(App, Receiver<Msg>)> = (0..2).map(|_| start(dir.path())).collect();
    let mut found: Vec<usize> = apps
        .iter()
        .map(|(app, _)| app.pyramid().editor.filled())
        .collect();
    found.sort_unstable();
    assert_eq!(found, [1, 3], "both drafts are there");
}

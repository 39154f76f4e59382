//! Runs a search, of any game, on a background thread and reports back through a channel.
//!
//! The thread sends progress when it changed, at most ten times a second, then one final
//! message. Each job has an id so that the app can drop messages from a job it has already
//! cancelled or replaced. Cancelling sets a flag the solver's observer reads every few
//! thousand nodes, well under 50 ms apart. Every job runs under the default caps (1 GiB of
//! tables), so that a hard position cannot take the machine's memory; a job stopped by a cap
//! ends as a cancelled one does, never as "no solution".

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::thread;
use std::time::{Duration, Instant};

use solitaire::games::pyramid::solver::{self, CapReached, Capped, Caps, Observer, Report, Stats};
use solitaire::games::pyramid::{Goal, Position};

use solitaire::games::pyramid::challenge::{self, Answer};

/// How often progress may be sent.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// What a job tells the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobEvent {
    Progress(Stats),
    /// The Board challenge's answer.
    Finished(Report),
    /// A Score or Card challenge's answer, `None` when cancelled.
    Challenged(Option<Answer>, Stats),
    /// A TriPeaks challenge's answer, `None` when cancelled.
    TriPeaks(
        Option<Box<solitaire::games::tripeaks::challenge::Answer>>,
        Stats,
    ),
    /// The search reached a cap before it knew: neither a way out nor a proof of none.
    Undecided(CapReached),
}

/// A message from job `id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobMessage {
    pub id: u64,
    pub event: JobEvent,
}

/// A running solve.
#[derive(Debug)]
pub struct SolveJob {
    pub id: u64,
    cancel: Arc<AtomicBool>,
}

impl SolveJob {
    /// Starts solving `position` for `goal` under the default caps; messages go to `send`,
    /// converted by `wrap`.
    pub fn start<M: Send + 'static>(
        id: u64,
        position: Position,
        goal: Goal,
        send: Sender<M>,
        wrap: fn(JobMessage) -> M,
    ) -> SolveJob {
        SolveJob::start_with_caps(id, position, goal, Caps::default(), send, wrap)
    }

    /// The same under these caps.
    pub fn start_with_caps<M: Send + 'static>(
        id: u64,
        position: Position,
        goal: Goal,
        caps: Caps,
        send: Sender<M>,
        wrap: fn(JobMessage) -> M,
    ) -> SolveJob {
        SolveJob::run(id, caps, send, wrap, move |observer| {
            if goal == Goal::Board {
                JobEvent::Finished(solver::solve(&position, observer))
            } else {
                let (answer, stats) = challenge::solve(&position, goal, observer);
                JobEvent::Challenged(answer, stats)
            }
        })
    }

    /// Starts solving a TriPeaks challenge from `position` under the default caps.
    pub fn tripeaks<M: Send + 'static>(
        id: u64,
        position: solitaire::games::tripeaks::Position,
        goal: Goal,
        send: Sender<M>,
        wrap: fn(JobMessage) -> M,
    ) -> SolveJob {
        SolveJob::run(id, Caps::default(), send, wrap, move |observer| {
            let (answer, stats) =
                solitaire::games::tripeaks::challenge::solve(&position, goal, observer);
            JobEvent::TriPeaks(answer.map(Box::new), stats)
        })
    }

    /// Runs any search on its own thread, whatever the game: `work` gets the observer that
    /// sends progress and stops at the cancel flag and at the caps, and gives the event to
    /// send at the end (replaced by [`JobEvent::Undecided`] when a cap stopped it).
    pub fn run<M: Send + 'static>(
        id: u64,
        caps: Caps,
        send: Sender<M>,
        wrap: fn(JobMessage) -> M,
        work: impl FnOnce(&mut dyn Observer) -> JobEvent + Send + 'static,
    ) -> SolveJob {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        thread::spawn(move || {
            let mut observer = ChannelObserver {
                id,
                cancel: flag,
                send: send.clone(),
                wrap,
                last_sent: None,
            };
            let mut observer = Capped::new(caps, &mut observer);
            let event = work(&mut observer);
            let event = observer.reached().map_or(event, JobEvent::Undecided);
            // The app may be gone (quit while solving); nothing is left to tell.
            let _ = send.send(wrap(JobMessage { id, event }));
        });
        SolveJob { id, cancel }
    }

    /// Asks the solver to stop; it answers with a cancelled report.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl Drop for SolveJob {
    fn drop(&mut self) {
        // A job nobody waits for should not go on using a core.
        self.cancel();
    }
}

struct ChannelObserver<M> {
    id: u64,
    cancel: Arc<AtomicBool>,
    send: Sender<M>,
    wrap: fn(JobMessage) -> M,
    last_sent: Option<(Instant, Stats)>,
}

impl<M> Observer for ChannelObserver<M> {
    fn progress(&mut self, stats: &Stats) {
        let due = self.last_sent.is_none_or(|(at, last)| {
            at.elapsed() >= PROGRESS_EVERY && last.expanded != stats.expanded
        });
        if due {
            self.last_sent = Some((Instant::now(), *stats));
            let _ = self.send.send((self.wrap)(JobMessage {
                id: self.id,
                event: JobEvent::Progress(*stats),
            }));
        }
    }

    fn should_stop(&mut self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use solitaire::Deal;
    use solitaire::games::pyramid::Rules;
    use solitaire::games::pyramid::solver::Outcome;

    use super::*;

    /// A position the solver needs about 200,000 expansions to prove hopeless.
    fn hard() -> Position {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/saved-games/hard-no-solution.txt"
        ));
        Position::new(&Deal::parse(text).expect("a deal"), Rules::default())
    }

    /// The job's last message.
    fn last(receiver: &mpsc::Receiver<JobMessage>) -> JobEvent {
        receiver
            .iter()
            .map(|message| message.event)
            .find(|event| !matches!(event, JobEvent::Progress(_)))
            .expect("a final message")
    }

    #[test]
    fn a_job_stopped_by_a_cap_ends_undecided_never_lost() {
        let (send, receiver) = mpsc::channel();
        let caps = Caps::new(Some(1000), None, None);
        let _job = SolveJob::start_with_caps(1, hard(), Goal::Board, caps, send, |m| m);
        let JobEvent::Undecided(CapReached::States { cap, .. }) = last(&receiver) else {
            panic!("an undecided answer naming the state cap")
        };
        assert_eq!(cap, 1000);
        let (send, receiver) = mpsc::channel();
        let _job = SolveJob::start(2, hard(), Goal::Board, send, |m| m);
        let JobEvent::Finished(report) = last(&receiver) else {
            panic!("a Board answer")
        };
        assert_eq!(report.outcome, Outcome::NoSolution(None));
    }

    #[test]
    fn any_games_search_runs_with_the_same_progress_cancel_and_caps() {
        let deal = solitaire::Deal::parse_as(
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/saved-games/tripeaks-clears-43-steps.txt"
            )),
            solitaire::GameKind::TriPeaks,
        )
        .expect("a TriPeaks deal");
        let position = solitaire::games::tripeaks::Position::new(&deal);
        let (send, receiver) = mpsc::channel();
        let _job = SolveJob::run(
            7,
            Caps::default(),
            send,
            |m| m,
            move |observer| {
                let report = solitaire::games::tripeaks::solver::solve_board(&position, observer);
                assert!(report.answer.is_some(), "not stopped");
                JobEvent::Progress(report.stats)
            },
        );
        // The work's own event comes last, after any progress.
        let Some(JobEvent::Progress(stats)) = receiver.iter().map(|m| m.event).last() else {
            panic!("the work's own event")
        };
        assert!(stats.expanded > 0);
        // A cap stops it as it stops a Pyramid search.
        let (send, receiver) = mpsc::channel();
        let caps = Caps::new(Some(10), None, None);
        let _job = SolveJob::run(
            8,
            caps,
            send,
            |m| m,
            move |observer| {
                let report =
                    solitaire::games::tripeaks::solver::solve_score(&position, 90_000, observer);
                JobEvent::Progress(report.stats)
            },
        );
        let end = receiver.iter().map(|m| m.event).last();
        assert!(matches!(end, Some(JobEvent::Undecided(_))), "{end:?}");
    }
}

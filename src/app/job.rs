//! A search, of any game, run in the background: a [`Job`] is the work and the flag that
//! cancels it, made by a game screen and started by the loop that runs effects; the screen
//! keeps the [`JobHandle`], which cancels the search when it is dropped.
//!
//! The work runs under the default caps (1 GiB of tables), so that a hard position cannot
//! take the machine's memory; a search stopped by a cap ends undecided, never as "no
//! solution". While it runs it sends its progress when that changed, at most ten times a
//! second, then one final message with whatever answer the work gives, which only the screen
//! that asked reads back ([`Found::take`]); an anytime search also sends each better answer
//! it finds on the way ([`Job::anytime`]). Every job has an id of its own, so that messages
//! of a job already cancelled or replaced are told apart; cancelling sets a flag the search's
//! observer reads every few thousand nodes, well under 50 ms apart.

use std::any::Any;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::thread;
use std::time::{Duration, Instant};

use solitaire::engine::search::{CapReached, Capped, Caps, Observer, Stats};

/// How often progress may be sent.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// The id the next job gets: ids are never reused while the program runs.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// The work of a search, boxed: it gets the observer and where to send a better answer found
/// on the way, and gives its answer.
type Work = Box<dyn FnOnce(&mut dyn Observer, &mut dyn FnMut(Found)) -> Found + Send>;

/// A search to run in the background, not started yet.
pub struct Job {
    id: u64,
    caps: Caps,
    cancel: Arc<AtomicBool>,
    work: Work,
}

/// What the screen that asked for a job keeps of it: its id, to know its messages, and the
/// flag that stops it. Dropping the handle stops the job: a search nobody waits for should
/// not go on using a core.
#[derive(Debug)]
pub struct JobHandle {
    pub id: u64,
    cancel: Arc<AtomicBool>,
}

/// A search's answer, whatever its game: the screen that asked takes it back by its type.
pub struct Found(Box<dyn Any + Send>);

/// What a job tells the app.
#[derive(Debug)]
pub enum JobEvent {
    Progress(Stats),
    /// A better answer found so far, while an anytime search goes on.
    Better(Found),
    /// The work's answer (a cancelled search gives the answer its work gives when stopped).
    Done(Found),
    /// The search reached a cap before it knew: neither a way out nor a proof of none.
    Undecided(CapReached),
}

/// A message from job `id`.
#[derive(Debug)]
pub struct JobMessage {
    pub id: u64,
    pub event: JobEvent,
}

impl Job {
    /// A search doing `work` under the default caps, and the handle that stops it.
    pub fn new<A: Send + 'static>(
        work: impl FnOnce(&mut dyn Observer) -> A + Send + 'static,
    ) -> (Job, JobHandle) {
        Job::with_caps(Caps::default(), work)
    }

    /// The same under these caps.
    pub fn with_caps<A: Send + 'static>(
        caps: Caps,
        work: impl FnOnce(&mut dyn Observer) -> A + Send + 'static,
    ) -> (Job, JobHandle) {
        Job::anytime(caps, move |observer, _: &mut dyn FnMut(())| work(observer))
    }

    /// An anytime search under these caps: `work` hands each better answer it finds to the
    /// function it is given, which sends it at once as [`JobEvent::Better`].
    pub fn anytime<A: Send + 'static, B: Send + 'static>(
        caps: Caps,
        work: impl FnOnce(&mut dyn Observer, &mut dyn FnMut(B)) -> A + Send + 'static,
    ) -> (Job, JobHandle) {
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        let cancel = Arc::new(AtomicBool::new(false));
        let handle = JobHandle {
            id,
            cancel: Arc::clone(&cancel),
        };
        let work: Work = Box::new(move |observer, better| {
            Found::new(work(observer, &mut |answer| better(Found::new(answer))))
        });
        (
            Job {
                id,
                caps,
                cancel,
                work,
            },
            handle,
        )
    }

    /// Runs the search on a thread of its own; its messages go to `send`, made by `wrap`.
    pub fn spawn<M: Send + 'static>(self, send: Sender<M>, wrap: fn(JobMessage) -> M) {
        thread::spawn(move || self.run(&send, wrap));
    }

    /// Runs the search on this thread: progress while it runs, then the end.
    pub fn run<M>(self, send: &Sender<M>, wrap: fn(JobMessage) -> M) {
        let Job {
            id,
            caps,
            cancel,
            work,
        } = self;
        let mut observer = ChannelObserver {
            id,
            cancel,
            send,
            wrap,
            last_sent: None,
        };
        let mut better = |found| {
            let _ = send.send(wrap(JobMessage {
                id,
                event: JobEvent::Better(found),
            }));
        };
        let mut observer = Capped::new(caps, &mut observer);
        let found = work(&mut observer, &mut better);
        let event = observer
            .reached()
            .map_or(JobEvent::Done(found), JobEvent::Undecided);
        // The app may be gone (quit while solving): nothing is left to tell.
        let _ = send.send(wrap(JobMessage { id, event }));
    }
}

impl fmt::Debug for Job {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Job")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

impl JobHandle {
    /// Asks the search to stop; it ends as its work ends when stopped.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl Drop for JobHandle {
    fn drop(&mut self) {
        self.cancel();
    }
}

impl Found {
    /// Any answer.
    pub fn new<A: Send + 'static>(answer: A) -> Found {
        Found(Box::new(answer))
    }

    /// The answer, when it is of type `A`.
    pub fn take<A: 'static>(self) -> Option<A> {
        self.0.downcast().ok().map(|answer| *answer)
    }
}

impl fmt::Debug for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Found(..)")
    }
}

struct ChannelObserver<'a, M> {
    id: u64,
    cancel: Arc<AtomicBool>,
    send: &'a Sender<M>,
    wrap: fn(JobMessage) -> M,
    last_sent: Option<(Instant, Stats)>,
}

impl<M> Observer for ChannelObserver<'_, M> {
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

    use super::*;

    /// A search that counts down, reporting each step, until it is told to stop or reaches
    /// zero; its answer is the count left.
    fn countdown(from: usize) -> impl FnOnce(&mut dyn Observer) -> usize + Send + 'static {
        move |observer| {
            let mut left = from;
            while left > 0 && !observer.should_stop() {
                left -= 1;
                let stats = Stats {
                    expanded: (from - left) as u64,
                    stored: from - left,
                    ..Stats::default()
                };
                observer.progress(&stats);
            }
            left
        }
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
    fn a_job_gives_its_answer_back_by_type_after_its_progress() {
        let (send, receiver) = mpsc::channel();
        let (job, handle) = Job::new(countdown(3));
        job.spawn(send, |m| m);
        let messages: Vec<JobMessage> = receiver.iter().collect();
        assert!(messages.iter().all(|m| m.id == handle.id));
        assert!(matches!(messages[0].event, JobEvent::Progress(_)));
        let Some(JobMessage {
            event: JobEvent::Done(found),
            ..
        }) = messages.into_iter().last()
        else {
            panic!("the answer comes last")
        };
        assert_eq!(found.take::<usize>(), Some(0));
        let (_, other) = Job::new(countdown(1));
        assert_ne!(other.id, handle.id, "every job has an id of its own");
    }

    #[test]
    fn an_anytime_job_sends_each_better_answer_before_its_last() {
        let (send, receiver) = mpsc::channel();
        let (job, handle) = Job::anytime(Caps::NONE, |_observer, better| {
            better(1u8);
            better(2u8);
            3u8
        });
        job.run(&send, |m| m);
        drop(send);
        let mut answers = Vec::new();
        for message in &receiver {
            assert_eq!(message.id, handle.id);
            match message.event {
                JobEvent::Better(found) => answers.push(found.take::<u8>()),
                JobEvent::Done(found) => answers.push(found.take::<u8>().map(|n| n * 10)),
                JobEvent::Progress(_) | JobEvent::Undecided(_) => {}
            }
        }
        assert_eq!(answers, [Some(1), Some(2), Some(30)]);
    }

    #[test]
    fn an_answer_is_taken_back_only_as_its_own_type() {
        assert_eq!(Found::new(7u8).take::<u16>(), None);
        assert_eq!(Found::new("seven").take::<&str>(), Some("seven"));
    }

    #[test]
    fn a_job_stopped_by_a_cap_ends_undecided_never_with_its_answer() {
        let (send, receiver) = mpsc::channel();
        let (job, _handle) = Job::with_caps(Caps::new(Some(1000), None, None), countdown(5000));
        job.run(&send, |m| m);
        drop(send);
        let JobEvent::Undecided(CapReached::States { cap, .. }) = last(&receiver) else {
            panic!("an undecided answer naming the state cap")
        };
        assert_eq!(cap, 1000);
    }

    #[test]
    fn dropping_the_handle_stops_the_search() {
        let (send, receiver) = mpsc::channel();
        let (job, handle) = Job::new(countdown(usize::MAX));
        job.spawn(send, |m| m);
        drop(handle);
        let JobEvent::Done(found) = last(&receiver) else {
            panic!("the work's own end")
        };
        assert!(found.take::<usize>().is_some_and(|left| left > 0));
    }
}

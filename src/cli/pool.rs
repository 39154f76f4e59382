//! Work shared out over threads: each takes the next item until none is left (or a stop is
//! asked for), and the results come back to the caller's thread, in the order they finish or
//! in the items' order. The items come from a stream that makes them as they are taken (deals
//! made from a seed, lines read from a file), so that a long run holds only the items being
//! worked on.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError, mpsc};

/// The number of threads to use: the one asked for, else one per core.
pub fn threads(asked: Option<usize>) -> usize {
    asked
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1)
}

/// Runs `work` on every item of a stream on `jobs` threads, each item made when a thread takes
/// it, and hands each result, with the item's place in the stream, to `done` on this thread as
/// it finishes. Once `stop` is set no new item is started.
pub fn stream<I, R: Send>(
    items: I,
    jobs: usize,
    stop: &AtomicBool,
    work: impl Fn(I::Item) -> R + Sync,
    mut done: impl FnMut(usize, R),
) where
    I: Iterator + Send,
{
    let items = Mutex::new(items.enumerate());
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let sender = sender.clone();
            let (items, work) = (&items, &work);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    // A thread that panicked while taking an item leaves the stream as it was.
                    let next = lock(items).next();
                    let Some((index, item)) = next else { break };
                    if sender.send((index, work(item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for (index, result) in receiver {
            done(index, result);
        }
    });
}

/// How many items [`ordered`] takes ahead of the first whose result is not handed on yet, for
/// each thread: enough that no thread waits for a slow item's turn, few enough that the
/// results waiting for theirs take no room to speak of.
const AHEAD_PER_JOB: usize = 16;

/// Runs `work` on every item of a stream on `jobs` threads, each item made when a thread takes
/// it, and hands the results to `done` on this thread in the stream's order, each as soon as
/// those before it are handed on. Threads take items at most [`AHEAD_PER_JOB`] a thread ahead
/// of the first result not handed on, so that however long the stream and however slow one
/// item, the memory held is that of a few items and results; a stream that waits (a pipe)
/// still has each result handed on once its item and those before are done, since handing on
/// never waits for the stream.
pub fn ordered<I, R: Send>(
    items: I,
    jobs: usize,
    work: impl Fn(I::Item) -> R + Sync,
    mut done: impl FnMut(R),
) where
    I: Iterator + Send,
{
    let ahead = jobs * AHEAD_PER_JOB;
    let items = Mutex::new(items.enumerate());
    let window = Window {
        state: Mutex::new(Room {
            claimed: 0,
            handed: 0,
            abandoned: false,
        }),
        freed: Condvar::new(),
        ahead,
    };
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let sender = sender.clone();
            let (items, window, work) = (&items, &window, &work);
            scope.spawn(move || {
                let _leaving = Leaving(window);
                // A place is claimed before an item is taken: the stream may wait (a pipe),
                // and only its own lock is held meanwhile.
                while window.claim() {
                    let Some((index, item)) = lock(items).next() else {
                        break;
                    };
                    if sender.send((index, work(item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (index, result) in receiver {
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&next) {
                done(result);
                next += 1;
                window.hand_on(next);
            }
        }
    });
}

/// How far the threads of [`ordered`] may take items ahead of the results handed on.
struct Window {
    state: Mutex<Room>,
    freed: Condvar,
    /// How many items may be taken past the first result not handed on.
    ahead: usize,
}

struct Room {
    /// Items that threads have claimed a place for (taken, or about to be).
    claimed: usize,
    /// Results handed on.
    handed: usize,
    /// Whether a thread died while working: its result will never come, so none waits for it.
    abandoned: bool,
}

impl Window {
    /// Waits for a place for one more item; false once a thread has died.
    fn claim(&self) -> bool {
        let mut room = lock(&self.state);
        while room.claimed >= room.handed + self.ahead && !room.abandoned {
            room = self
                .freed
                .wait(room)
                .unwrap_or_else(PoisonError::into_inner);
        }
        room.claimed += 1;
        !room.abandoned
    }

    /// Says that the first `handed` results are handed on, freeing their places.
    fn hand_on(&self, handed: usize) {
        lock(&self.state).handed = handed;
        self.freed.notify_all();
    }
}

/// Set on a thread of [`ordered`]: should it die of a panic, the others stop waiting for its
/// result, so that the panic ends the run rather than hanging it.
struct Leaving<'a>(&'a Window);

impl Drop for Leaving<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            lock(&self.0.state).abandoned = true;
            self.0.freed.notify_all();
        }
    }
}

/// A lock, taken even from a thread that panicked while holding it: the state it guards is
/// left whole by every step taken under it.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_is_taken_as_it_is_worked_on() {
        // An endless stream: only what the threads take is ever made.
        let stop = AtomicBool::new(false);
        let mut seen = Vec::new();
        stream(
            (0u64..).map(|n| n * 2),
            2,
            &stop,
            |n| n + 1,
            |index, result| {
                seen.push((index, result));
                if seen.len() == 100 {
                    stop.store(true, Ordering::Relaxed);
                }
            },
        );
        seen.sort_unstable();
        assert!(seen.len() >= 100);
        assert!(
            seen.iter()
                .all(|&(index, result)| result == index as u64 * 2 + 1)
        );
    }

    #[test]
    fn ordered_results_come_in_the_stream_s_order_with_few_taken_ahead() {
        use std::sync::atomic::AtomicUsize;
        // The first item is slow: the others may not run far ahead of it.
        let made = AtomicUsize::new(0);
        let handed = std::cell::Cell::new(0);
        let mut seen = Vec::new();
        let items = (0..1000usize).inspect(|_| {
            made.fetch_add(1, Ordering::Relaxed);
        });
        ordered(
            items,
            3,
            |n| {
                if n == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(200));
                }
                n * 2
            },
            |result| {
                if handed.get() == 0 {
                    let ahead = made.load(Ordering::Relaxed);
                    assert!(ahead <= 3 * AHEAD_PER_JOB, "{ahead} items taken");
                }
                handed.set(handed.get() + 1);
                seen.push(result);
            },
        );
        assert_eq!(seen, (0..1000).map(|n| n * 2).collect::<Vec<_>>());
    }

    #[test]
    fn results_are_handed_on_while_the_stream_waits_for_more() {
        // A stream that waits, as a pipe does: two items at a time, and their results must
        // come before the next two are sent.
        let (feed, items) = mpsc::channel::<u32>();
        let (report, reports) = mpsc::channel();
        std::thread::spawn(move || {
            ordered(
                items.into_iter(),
                2,
                |n| n * 2,
                |result| {
                    let _ = report.send(result);
                },
            );
        });
        for pair in 0..5 {
            for n in [2 * pair, 2 * pair + 1] {
                feed.send(n).unwrap();
            }
            for n in [2 * pair, 2 * pair + 1] {
                let result = reports.recv_timeout(std::time::Duration::from_secs(20));
                assert_eq!(result, Ok(n * 2), "the result of item {n}");
            }
        }
    }

    #[test]
    fn a_panic_in_ordered_work_ends_the_run_rather_than_hanging_it() {
        let (send, receive) = mpsc::channel();
        std::thread::spawn(move || {
            let outcome = std::panic::catch_unwind(|| {
                ordered(0..10_000usize, 2, |n| assert!(n != 5, "a bug"), |()| {});
            });
            let _ = send.send(outcome.is_err());
        });
        let panicked = receive
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("finished in time rather than hanging");
        assert!(panicked);
    }
}

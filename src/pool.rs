//! Work shared out over threads: each takes the next item until none is left (or a stop is
//! asked for), and the results come back, in the order they finish, to the caller's thread.
//! The items may come from a stream that makes them as they are taken, so that a long run
//! holds only the items being worked on.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

/// The number of threads to use: the one asked for, else one per core.
pub fn threads(asked: Option<usize>) -> usize {
    asked
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1)
}

/// Runs `work` on every item on `jobs` threads and hands each result, with the item's index,
/// to `done` on this thread as it finishes. Once `stop` is set no new item is started.
pub fn run<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    stop: &AtomicBool,
    work: impl Fn(&T) -> R + Sync,
    done: impl FnMut(usize, R),
) {
    stream(items.iter(), jobs, stop, work, done);
}

/// The same over a stream of items, each made when a thread takes it (the index is its place
/// in the stream).
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
                    let next = items
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .next();
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
}

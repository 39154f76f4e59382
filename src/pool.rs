//! Work shared out over threads: each takes the next item until none is left (or a stop is
//! asked for), and the results come back, in the order they finish, to the caller's thread.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
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
    mut done: impl FnMut(usize, R),
) {
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let sender = sender.clone();
            let (next, work) = (&next, &work);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(index) else { break };
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

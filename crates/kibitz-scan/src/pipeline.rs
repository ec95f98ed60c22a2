//! Parallel in order: one thread reads, workers map, the caller's thread writes the
//! results in input order.
//!
//! Memory is bounded by a window of items in flight (read, being worked on, or
//! done and waiting for an earlier one): the reader takes a token from the window
//! for each item and the writer gives it back when the item is written.
//!
//! An item's work may hand out its result in parts ([`ordered_parts`]): the parts
//! of the earliest item not yet written go out as they come, so that a slow item
//! (a chunk of positions to prove) lets out each record as soon as it and every
//! record before it are done, not when the whole chunk is.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};

use crossbeam_channel::{TryRecvError, bounded};

/// What the writer of [`ordered_parts`] hands its sink, in input order.
#[derive(Debug, PartialEq, Eq)]
pub enum Event<P> {
    /// The next part of the output.
    Part(P),
    /// Nothing is ready to be written: the writer is about to wait for the
    /// workers (a good time to flush what was written).
    Waiting,
}

/// A worker's message: a part of item `seq`, or the item's end.
enum Message<P> {
    Part(P),
    End,
}

/// The parts of an item that came before its turn, and whether it has ended.
struct Early<P> {
    parts: Vec<P>,
    ended: bool,
}

/// Runs `work` on every item of `source` on `threads` workers and hands the results
/// to `sink` in the order of the items. `source` runs on a thread of its own.
/// Stops early, returning the error, when `sink` fails (the reader and the
/// workers then stop at their next item).
///
/// ```
/// use kibitz_scan::pipeline::ordered;
/// let mut out = Vec::new();
/// ordered(0..1000u64, 3, |n| n * n, |sq| {
///     out.push(sq);
///     Ok::<(), ()>(())
/// })
/// .unwrap();
/// assert_eq!(out, (0..1000u64).map(|n| n * n).collect::<Vec<_>>());
/// ```
pub fn ordered<I, O, E>(
    source: I,
    threads: usize,
    work: impl Fn(I::Item) -> O + Sync,
    mut sink: impl FnMut(O) -> Result<(), E>,
) -> Result<(), E>
where
    I: Iterator + Send,
    I::Item: Send,
    O: Send,
{
    ordered_parts(
        source,
        threads,
        None,
        |item, emit| emit(work(item)),
        |event| match event {
            Event::Part(out) => sink(out),
            Event::Waiting => Ok(()),
        },
    )
}

/// [`ordered`] with results handed out in parts: `work` calls its second
/// argument with each part of an item's result, in order, and `sink` gets every
/// part of every item in input order — those of the earliest item not yet
/// finished as soon as they come — and [`Event::Waiting`] whenever nothing is
/// ready to write.
///
/// `stop`, once raised, ends the run early: the reader reads no further item, and
/// an item no worker has begun is skipped (no part of it is handed out); items
/// begun are finished (their work may watch the same flag) and their parts
/// written, in order. Items are taken in input order, so what is written is the
/// items before the stop and, at most, those a worker had taken when it came.
///
/// ```
/// use kibitz_scan::pipeline::{Event, ordered_parts};
/// let mut out = Vec::new();
/// ordered_parts(
///     1..4u32,
///     2,
///     None,
///     |n, emit| (0..n).for_each(|i| emit((n, i))),
///     |event| {
///         if let Event::Part(p) = event {
///             out.push(p);
///         }
///         Ok::<(), ()>(())
///     },
/// )
/// .unwrap();
/// assert_eq!(out, [(1, 0), (2, 0), (2, 1), (3, 0), (3, 1), (3, 2)]);
/// ```
pub fn ordered_parts<I, P, E>(
    source: I,
    threads: usize,
    stop: Option<&AtomicBool>,
    work: impl Fn(I::Item, &mut dyn FnMut(P)) + Sync,
    mut sink: impl FnMut(Event<P>) -> Result<(), E>,
) -> Result<(), E>
where
    I: Iterator + Send,
    I::Item: Send,
    P: Send,
{
    let threads = threads.max(1);
    let window = 2 * threads + 2;
    let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    std::thread::scope(|scope| {
        let (task_tx, task_rx) = bounded::<(u64, I::Item)>(threads);
        let (done_tx, done_rx) = bounded::<(u64, Message<P>)>(window);
        let (token_tx, token_rx) = bounded::<()>(window);
        for _ in 0..window {
            // Cannot fail: the channel holds `window` tokens and its receiver lives.
            let _ = token_tx.send(());
        }
        scope.spawn(move || {
            for (seq, item) in (0u64..).zip(source) {
                if stopped() || token_rx.recv().is_err() || task_tx.send((seq, item)).is_err() {
                    break;
                }
            }
        });
        let work = &work;
        for _ in 0..threads {
            let task_rx = task_rx.clone();
            let done_tx = done_tx.clone();
            scope.spawn(move || {
                for (seq, item) in task_rx {
                    let mut open = true;
                    if !stopped() {
                        work(item, &mut |part| {
                            // The writer has gone (its sink failed): the rest is dropped.
                            open = open && done_tx.send((seq, Message::Part(part))).is_ok();
                        });
                    }
                    if !open || done_tx.send((seq, Message::End)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(task_rx);
        drop(done_tx);
        let mut early: BTreeMap<u64, Early<P>> = BTreeMap::new();
        let mut next = 0u64;
        loop {
            let (seq, message) = match done_rx.try_recv() {
                Ok(m) => m,
                Err(TryRecvError::Disconnected) => break,
                Err(TryRecvError::Empty) => {
                    sink(Event::Waiting)?;
                    match done_rx.recv() {
                        Ok(m) => m,
                        Err(_) => break,
                    }
                }
            };
            if seq != next {
                let entry = early.entry(seq).or_insert(Early {
                    parts: Vec::new(),
                    ended: false,
                });
                match message {
                    Message::Part(part) => entry.parts.push(part),
                    Message::End => entry.ended = true,
                }
                continue;
            }
            match message {
                Message::Part(part) => sink(Event::Part(part))?,
                Message::End => {
                    next += 1;
                    let _ = token_tx.send(());
                    // The items after it that came early, as far as they are done;
                    // the first one still open goes on being written as it comes.
                    while let Some(item) = early.remove(&next) {
                        for part in item.parts {
                            sink(Event::Part(part))?;
                        }
                        if !item.ended {
                            break;
                        }
                        next += 1;
                        let _ = token_tx.send(());
                    }
                }
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_kept_when_work_takes_uneven_time() {
        for threads in 1..5 {
            let mut out = Vec::new();
            ordered(
                0..200u32,
                threads,
                |n| {
                    if n % 7 == 0 {
                        std::thread::sleep(std::time::Duration::from_micros(300));
                    }
                    n
                },
                |n| {
                    out.push(n);
                    Ok::<(), ()>(())
                },
            )
            .unwrap();
            assert_eq!(out, (0..200).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_failing_sink_stops_everything() {
        let mut seen = 0;
        let result = ordered(
            0..,
            2,
            |n: u64| n,
            |n| {
                seen += 1;
                if n == 10 { Err(n) } else { Ok(()) }
            },
        );
        assert_eq!(result, Err(10));
        assert_eq!(seen, 11);
    }

    #[test]
    fn the_first_part_of_a_slow_item_is_written_before_the_item_ends() {
        // Item 0 hands out a part at once and its second part only after the
        // writer has seen the first: were parts held until their item ends, the
        // second would never come (the test would hang, not fail quietly).
        let (seen_tx, seen_rx) = crossbeam_channel::bounded::<()>(1);
        let mut out = Vec::new();
        ordered_parts(
            0..3u32,
            2,
            None,
            |n, emit| {
                emit((n, 0));
                if n == 0 {
                    seen_rx.recv().unwrap();
                }
                emit((n, 1));
            },
            |event| {
                if let Event::Part(p) = event {
                    if p == (0, 0) {
                        seen_tx.send(()).unwrap();
                    }
                    out.push(p);
                }
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(out, [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]);
    }

    #[test]
    fn a_stop_writes_the_items_begun_and_skips_the_rest() {
        let stop = AtomicBool::new(false);
        let mut out = Vec::new();
        ordered_parts(
            0..1_000_000u64,
            2,
            Some(&stop),
            |n, emit| {
                if n == 10 {
                    stop.store(true, Ordering::Relaxed);
                }
                emit(n);
            },
            |event| {
                if let Event::Part(n) = event {
                    out.push(n);
                }
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        // Every item up to the one that raised the flag (the work raised it, so
        // the other worker, taking items in order, can have begun no later one).
        let last = *out.last().unwrap();
        assert!((10..20).contains(&last), "{last}");
        assert_eq!(out, (0..=last).collect::<Vec<_>>());
    }
}

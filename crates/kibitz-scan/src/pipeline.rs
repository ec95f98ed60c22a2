//! Parallel in order: one thread reads, workers map, the caller's thread writes the
//! results in input order.
//!
//! Memory is bounded by a window of items in flight (read, being worked on, or
//! done and waiting for an earlier one): the reader takes a token from the window
//! for each item and the writer gives it back when the item is written.

use std::collections::BTreeMap;

use crossbeam_channel::bounded;

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
    let threads = threads.max(1);
    let window = 2 * threads + 2;
    std::thread::scope(|scope| {
        let (task_tx, task_rx) = bounded::<(u64, I::Item)>(threads);
        let (done_tx, done_rx) = bounded::<(u64, O)>(window);
        let (token_tx, token_rx) = bounded::<()>(window);
        for _ in 0..window {
            // Cannot fail: the channel holds `window` tokens and its receiver lives.
            let _ = token_tx.send(());
        }
        scope.spawn(move || {
            for (seq, item) in (0u64..).zip(source) {
                if token_rx.recv().is_err() || task_tx.send((seq, item)).is_err() {
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
                    if done_tx.send((seq, work(item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(task_rx);
        drop(done_tx);
        let mut waiting = BTreeMap::new();
        let mut next = 0u64;
        for (seq, out) in &done_rx {
            waiting.insert(seq, out);
            while let Some(out) = waiting.remove(&next) {
                next += 1;
                sink(out)?;
                let _ = token_tx.send(());
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
}

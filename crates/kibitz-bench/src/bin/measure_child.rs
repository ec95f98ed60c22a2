//! Runs one command and reports its wall time, CPU time and peak memory, for
//! `kibitz-bench stream`.
//!
//! ```text
//! measure_child REPORT MAX_RSS_MIB COMMAND [ARG...]
//! ```
//!
//! Standard input, output and error are the command's own. When the command ends,
//! one line is written to the file `REPORT`:
//!
//! ```text
//! wall_s user_s sys_s max_rss_kib exit_code killed
//! ```
//!
//! The command is this process's only child, so `getrusage(RUSAGE_CHILDREN)` after it
//! is reaped is exactly its CPU time and peak resident set (with its own children's,
//! such as both ends of an `sh -c` pipeline: the CPU times add up, the peak is the
//! largest one's). Wall time runs from just before the spawn to the reaping, so this
//! wrapper's own start-up is not counted.
//!
//! `MAX_RSS_MIB` (0: no limit) guards a shared machine: the resident set of the command
//! and its descendants, summed, is read from `/proc` every 20 ms and they are all killed
//! if it grows past the limit (`killed` is then 1). A peak between two reads may be
//! missed by the guard, not by the report.

use std::process::{Command, ExitCode};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::sleep;
use std::time::{Duration, Instant};

use nix::sys::resource::{UsageWho, getrusage};
use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

/// The resident set of process `pid` in KiB, from `/proc/PID/status`.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// `root` and every process descended from it, from the parent ids in `/proc/*/stat`.
fn process_tree(root: u32) -> Vec<u32> {
    let mut parents: Vec<(u32, u32)> = Vec::new();
    if let Ok(entries) = std::fs::read_dir("/proc") {
        for entry in entries.filter_map(Result::ok) {
            let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse().ok()) else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
                continue;
            };
            // `pid (comm) state ppid …`: the name may hold spaces and parentheses.
            let ppid = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1))
                .and_then(|p| p.parse().ok());
            if let Some(ppid) = ppid {
                parents.push((pid, ppid));
            }
        }
    }
    let mut tree = vec![root];
    let mut i = 0;
    while i < tree.len() {
        let parent = tree[i];
        tree.extend(
            parents
                .iter()
                .filter(|&&(_, p)| p == parent)
                .map(|&(c, _)| c),
        );
        i += 1;
    }
    tree
}

fn seconds(tv: nix::sys::time::TimeVal) -> f64 {
    tv.tv_sec() as f64 + tv.tv_usec() as f64 / 1e6
}

fn run(args: &[String]) -> anyhow::Result<()> {
    let [report, limit, program, rest @ ..] = args else {
        anyhow::bail!("usage: measure_child REPORT MAX_RSS_MIB COMMAND [ARG...]");
    };
    let limit_kib: u64 = limit.parse::<u64>()? * 1024;
    let start = Instant::now();
    let mut child = Command::new(program)
        .args(rest)
        .spawn()
        .map_err(|e| anyhow::anyhow!("{program}: {e}"))?;
    // The guard polls in a thread of its own so that the reaping below is not delayed.
    let pid = child.id();
    let done = Arc::new(AtomicBool::new(false));
    let killed = Arc::new(AtomicBool::new(false));
    let guard = (limit_kib > 0).then(|| {
        let (done, killed) = (Arc::clone(&done), Arc::clone(&killed));
        let limit = limit.clone();
        let program = program.clone();
        std::thread::spawn(move || {
            // The command may be `sh -c 'a | b'`: the limit is on the whole tree's
            // resident set. The tree is looked up at each of the first 10 polls (the
            // pipeline is starting) and then every 25th (0.5 s), the sizes of the
            // processes in it at every poll (20 ms): reading all of /proc at every poll
            // would cost the measured run a noticeable share of a core.
            let mut tree = vec![pid];
            for poll in 0u64.. {
                if done.load(Ordering::Acquire) {
                    return;
                }
                if poll < 10 || poll % 25 == 0 {
                    tree = process_tree(pid);
                }
                let rss: u64 = tree.iter().filter_map(|&p| rss_kib(p)).sum();
                if rss > limit_kib {
                    eprintln!("measure_child: {program} passed {limit} MiB resident; killed");
                    killed.store(true, Ordering::Release);
                    // The command's descendants, not the command itself when it has
                    // any: a shell left alive reaps them, so that their CPU time and
                    // peak still reach this report.
                    let victims = if tree.len() > 1 {
                        &tree[1..]
                    } else {
                        &tree[..]
                    };
                    for &p in victims.iter().rev() {
                        let _ = kill(Pid::from_raw(p as i32), Signal::SIGKILL);
                    }
                    return;
                }
                sleep(Duration::from_millis(20));
            }
        })
    });
    let status = child.wait()?;
    done.store(true, Ordering::Release);
    let wall = start.elapsed().as_secs_f64();
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN)?;
    let line = format!(
        "{wall:.6} {:.6} {:.6} {} {} {}\n",
        seconds(usage.user_time()),
        seconds(usage.system_time()),
        usage.max_rss(),
        status.code().unwrap_or(-1),
        u8::from(killed.load(Ordering::Acquire))
    );
    if let Some(guard) = guard {
        let _ = guard.join();
    }
    std::fs::write(report, line)?;
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("measure_child: {err:#}");
            ExitCode::from(2)
        }
    }
}

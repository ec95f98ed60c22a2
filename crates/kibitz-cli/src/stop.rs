//! What ends a batch early, and inputs read as they are fed.
//!
//! A batch (`solve`, `mate`, `pgn`, `moves --fens`) catches SIGINT and SIGTERM:
//! the first raises a flag that the reader, the workers and the prover watch, so
//! that no more input is read, the searches under way stop, every record
//! finished is written and a closing line says the batch was stopped (exit status
//! 128 + the signal's number, as a shell reports a command the signal killed:
//! 130 for SIGINT, 143 for SIGTERM). A second signal ends the process at once,
//! with that status. The same flag is raised when nobody reads standard output
//! any more ([`Stop::batch`]), and the batch then ends quietly.
//!
//! Standard input and named pipes are read through [`Live`]: a read waits for
//! input in poll(2), a short time at once, so that the flag is seen while the
//! input is silent (a terminal waiting for a line), and, once the batch says so,
//! a silence is reported as [`io::ErrorKind::WouldBlock`], which the chunker
//! takes as "hand over the whole records there are" (a live feed is answered
//! line by line, not when a chunk is full).

use std::fs::File;
use std::io::{self, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use kibitz_scan::source::{Input, OpenError};

use crate::output::Status;

/// The flag that ends a batch early, and what raised it.
pub struct Stop {
    flag: Arc<AtomicBool>,
    /// The number of the signal that raised the flag; 0 for none.
    signal: Arc<AtomicUsize>,
}

impl Stop {
    /// The flag of a batch: raised by SIGINT or SIGTERM (a second one ends the
    /// process at once, with status 128 + its number) and by standard output
    /// losing its reader. Where the handlers cannot be set, signals keep their
    /// default (the process ends at once, as before).
    pub fn batch() -> Stop {
        let stop = Stop {
            flag: Arc::new(AtomicBool::new(false)),
            signal: Arc::new(AtomicUsize::new(0)),
        };
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGINT, SIGTERM};
            use signal_hook::flag;
            let signalled = Arc::new(AtomicBool::new(false));
            for signal in [SIGINT, SIGTERM] {
                // The order matters: a signal that finds `signalled` raised ends
                // the process, and only then is it raised by this one.
                let _ =
                    flag::register_conditional_shutdown(signal, 128 + signal, signalled.clone())
                        .and_then(|_| {
                            flag::register_usize(signal, stop.signal.clone(), signal as usize)
                        })
                        .and_then(|_| flag::register(signal, stop.flag.clone()))
                        .and_then(|_| flag::register(signal, signalled.clone()));
            }
            watch_stdout(stop.flag.clone());
        }
        stop
    }

    /// The flag, for the prover and the pipeline.
    pub fn flag(&self) -> &Arc<AtomicBool> {
        &self.flag
    }

    /// Has the batch been asked to stop?
    pub fn raised(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }

    /// The signal that stopped the batch, if one did.
    pub fn signal(&self) -> Option<i32> {
        match self.signal.load(Ordering::Relaxed) {
            0 => None,
            n => i32::try_from(n).ok(),
        }
    }

    /// How a batch that was asked to stop ends: `Stopped` with a closing line
    /// naming the signal, after `closing` (what was done), or, when standard
    /// output lost its reader, quietly as a closed pipe. None when it was not
    /// asked to stop.
    pub fn outcome(&self, closing: impl FnOnce() -> String) -> Option<anyhow::Result<Status>> {
        if !self.raised() {
            return None;
        }
        Some(match self.signal() {
            Some(signal) => {
                crate::output::warn(format_args!(
                    "stopped by {}: {}; the rest of the input was not answered",
                    signal_name(signal),
                    closing()
                ));
                Ok(Status::Stopped(signal))
            }
            None => Err(io::Error::from(io::ErrorKind::BrokenPipe).into()),
        })
    }
}

/// `SIGINT`, `SIGTERM`, or `signal N`.
fn signal_name(signal: i32) -> String {
    match signal {
        2 => "SIGINT".into(),
        15 => "SIGTERM".into(),
        n => format!("signal {n}"),
    }
}

/// Raises `flag` from a thread of its own when standard output, a pipe or a
/// socket, has lost its reader (`| head` has its lines): a long search takes it
/// as its stop flag, so the command ends at once, quietly, instead of finishing
/// records nobody will read (`kibitz solve --time 1 | head -1` over 200
/// positions took 21 s to exit). The thread waits in poll(2) asking for no
/// event: the kernel still reports an error (a pipe without a reader) or a
/// hang-up (a socket), and nothing else wakes it. A file or a terminal never
/// raises it.
#[cfg(unix)]
fn watch_stdout(flag: Arc<AtomicBool>) {
    use rustix::event::{PollFd, PollFlags, poll};
    use rustix::fs::{FileType, fstat};
    let Ok(stat) = fstat(io::stdout()) else {
        return;
    };
    if !matches!(
        FileType::from_raw_mode(stat.st_mode),
        FileType::Fifo | FileType::Socket
    ) {
        return;
    }
    let watcher = move || {
        let stdout = io::stdout();
        loop {
            let mut fds = [PollFd::new(&stdout, PollFlags::empty())];
            match poll(&mut fds, None) {
                Ok(_) => {
                    let events = fds[0].revents();
                    if events.intersects(PollFlags::ERR | PollFlags::HUP) {
                        flag.store(true, Ordering::Relaxed);
                        return;
                    }
                    if events.contains(PollFlags::NVAL) {
                        return;
                    }
                }
                Err(rustix::io::Errno::INTR) => {}
                Err(_) => return,
            }
        }
    };
    // Without the thread (none can be made) the command still ends, later.
    let _ = std::thread::Builder::new()
        .name("stdout-reader".into())
        .spawn(watcher);
}

/// How long a read from a live input waits before looking at the stop flag
/// again, and the silence after which the input counts as stalled: a line of a
/// live feed reaches the workers at most this long after it arrives.
pub const STALL: std::time::Duration = std::time::Duration::from_millis(50);

/// A pipe, a terminal or a socket read as it is fed (see the module's notes).
pub struct Live {
    inner: File,
    stop: Arc<AtomicBool>,
    /// Report a silence as `WouldBlock` (not while the input's first bytes are
    /// read to tell its format, which wants them all).
    stalls: Arc<AtomicBool>,
}

impl Read for Live {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        #[cfg(unix)]
        loop {
            use rustix::event::{PollFd, PollFlags, Timespec, poll};
            if self.stop.load(Ordering::Relaxed) {
                return Err(io::Error::other("stopped"));
            }
            let wait = Timespec {
                tv_sec: 0,
                tv_nsec: STALL.as_nanos() as _,
            };
            let mut fds = [PollFd::new(&self.inner, PollFlags::IN)];
            match poll(&mut fds, Some(&wait)) {
                Ok(0) if self.stalls.load(Ordering::Relaxed) => {
                    return Err(io::ErrorKind::WouldBlock.into());
                }
                Ok(0) | Err(rustix::io::Errno::INTR) => {}
                // Readable, at its end, or in error: the read says which.
                Ok(_) => return self.inner.read(buf),
                Err(err) => return Err(err.into()),
            }
        }
        #[cfg(not(unix))]
        self.inner.read(buf)
    }
}

/// An opened input; a live one reports its silences once told to.
pub struct Opened {
    /// The input.
    pub input: Input,
    stalls: Option<Arc<AtomicBool>>,
}

impl Opened {
    /// From here on a live input reports its silences, so that its whole
    /// records go to the workers without waiting for a chunk to fill (call it
    /// once the input's first bytes have been looked at).
    pub fn go_live(&self) {
        if let Some(stalls) = &self.stalls {
            stalls.store(true, Ordering::Relaxed);
        }
    }
}

/// Opens `name` (`-` for standard input) as [`Input::open`] does, a pipe, a
/// terminal or a socket through [`Live`], so that the batch sees `stop` while
/// it waits and can answer each line as it comes.
pub fn open(name: &str, stop: &Stop) -> Result<Opened, OpenError> {
    let fail = |error| OpenError {
        name: name.to_string(),
        error,
    };
    let file = match live_file(name) {
        Ok(Some(file)) => file,
        Ok(None) => {
            return Input::open(name).map(|input| Opened {
                input,
                stalls: None,
            });
        }
        Err(error) => return Err(fail(error)),
    };
    let stalls = Arc::new(AtomicBool::new(false));
    let live = Live {
        inner: file,
        stop: stop.flag.clone(),
        stalls: stalls.clone(),
    };
    let shown = if name == "-" { "stdin" } else { name };
    let input = Input::from_reader(shown, live, None).map_err(fail)?;
    Ok(Opened {
        input,
        stalls: Some(stalls),
    })
}

/// `name` as a file to read live (standard input or a path that is not a
/// regular file: a pipe, a terminal, a socket), or None for one read as it is.
fn live_file(name: &str) -> io::Result<Option<File>> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let live = |meta: std::fs::Metadata| !meta.is_file() && !meta.is_dir();
        if name == "-" {
            // A copy of the descriptor, read without std's buffer: poll(2) must
            // see every byte not yet taken.
            let fd = io::stdin().as_fd().try_clone_to_owned()?;
            let file = File::from(fd);
            return Ok(file.metadata().is_ok_and(live).then_some(file));
        }
        if std::fs::metadata(name).is_ok_and(live) {
            return File::open(name).map(Some);
        }
    }
    let _ = name;
    Ok(None)
}

/// `path` (`-`: standard input) for a reader of lines (`moves --fens`): a
/// pipe, a terminal or a socket live from the first byte.
pub fn lines_reader(path: &str, stop: &Stop) -> io::Result<Box<dyn Read>> {
    match live_file(path)? {
        Some(file) => Ok(Box::new(Live {
            inner: file,
            stop: stop.flag.clone(),
            stalls: Arc::new(AtomicBool::new(true)),
        })),
        None if path == "-" => Ok(Box::new(io::stdin().lock())),
        None => Ok(Box::new(File::open(path)?)),
    }
}

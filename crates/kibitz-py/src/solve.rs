//! The prover from Python: the record `kibitz solve --json` writes, as a dict.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use kibitz::board::AnyPosition;
use kibitz::problem::Stipulation;
use kibitz::prover::{DEFAULT_HASH_MB, MAX_HASH_MB, fit_hash_mb};
use kibitz_scan::solve::SolveScan;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// What `kibitz.solve` and `Position.solve` are asked.
pub(crate) struct SolveArgs {
    /// The bound N (`#N`), when no stipulation is given.
    pub n: Option<u32>,
    /// The stipulation, as problemists write it (`h#2`, `s#3`, `#2`).
    pub stipulation: Option<String>,
    /// `#n`, `s#n`: the tries.
    pub tries: bool,
    /// A try fails to at most this many defences.
    pub max_refutations: u32,
    /// `#n`, `s#n`: the set play.
    pub set_play: bool,
    /// Every move that mates within N.
    pub all_keys: bool,
    /// The solution tree.
    pub tree: bool,
    /// Seconds for the search.
    pub time: Option<f64>,
    /// Nodes for the search.
    pub nodes: Option<u64>,
    /// The prover's table in MiB (1 to [`MAX_HASH_MB`]); None: [`DEFAULT_HASH_MB`].
    /// Either is halved until it fits in the memory available ([`fit_hash_mb`]),
    /// as `kibitz solve` does.
    pub hash_mb: Option<usize>,
    /// The most helpmate lines or keys listed (1 or more); None: every one.
    pub max_solutions: Option<usize>,
}

impl SolveArgs {
    /// Checks the bound and the time (before the position is read, so that these
    /// errors come first), giving the time as a duration.
    pub fn checked_time(&self) -> PyResult<Option<Duration>> {
        let max = kibitz::prover::MAX_MATE_MOVES;
        match (self.n, &self.stipulation) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err(
                    "give n or stipulation, not both (n is the stipulation #n)",
                ));
            }
            (None, None) => {
                return Err(PyValueError::new_err(
                    "give n (mate in n) or stipulation (h#2, s#3, #2, ...)",
                ));
            }
            (Some(n), None) if !(1..=max).contains(&n) => {
                return Err(PyValueError::new_err(format!(
                    "n must be 1 to {max}, not {n}"
                )));
            }
            (None, Some(text)) => {
                text.parse::<Stipulation>()
                    .map_err(|e| PyValueError::new_err(e.to_string()))?;
            }
            _ => {}
        }
        if self.max_solutions == Some(0) {
            return Err(PyValueError::new_err("max_solutions must be 1 or more"));
        }
        if self.max_refutations == 0 {
            return Err(PyValueError::new_err("max_refutations must be 1 or more"));
        }
        if let Some(mb) = self.hash_mb
            && !(1..=MAX_HASH_MB).contains(&mb)
        {
            return Err(PyValueError::new_err(format!(
                "hash_mb must be 1 to {MAX_HASH_MB} MiB, not {mb}"
            )));
        }
        match self.time {
            None => Ok(None),
            Some(s) if s.is_finite() && s > 0.0 && s <= 1e6 => Ok(Some(Duration::from_secs_f64(s))),
            Some(s) => Err(PyValueError::new_err(format!(
                "time must be seconds above 0, not {s}"
            ))),
        }
    }
}

/// The stipulation asked for: `stipulation`, or `#n` (checked by
/// [`SolveArgs::checked_time`]).
fn stipulation(args: &SolveArgs) -> PyResult<Stipulation> {
    match (&args.stipulation, args.n) {
        (Some(text), _) => text
            .parse::<Stipulation>()
            .map_err(|e| PyValueError::new_err(e.to_string())),
        (None, n) => Ok(Stipulation::direct_clamped(n.unwrap_or(1))),
    }
}

/// Solves the stipulation asked for in `pos`, on its own engine and without the
/// GIL (Ctrl-C stops it: KeyboardInterrupt), `time` being [`SolveArgs::checked_time`]'s: the record `kibitz solve
/// --json` writes for it, as a dict (made from those very bytes, `input` being
/// `position`).
pub(crate) fn solve<'py>(
    py: Python<'py>,
    pos: &AnyPosition,
    args: &SolveArgs,
    time: Option<Duration>,
) -> PyResult<Bound<'py, PyAny>> {
    let stip = stipulation(args)?;
    let stop = Arc::new(AtomicBool::new(false));
    let scan = SolveScan {
        mate: args.n,
        all_keys: args.all_keys,
        tree: args.tree,
        json: true,
        time,
        nodes: args.nodes,
        stop: Some(stop.clone()),
        // One table for the call: calls on several threads each hold their own.
        hash_mb: Some(fit_hash_mb(args.hash_mb.unwrap_or(DEFAULT_HASH_MB), 1)),
        stipulation: Some(stip),
        tries: args.tries,
        max_refutations: args.max_refutations,
        set_play: args.set_play,
        max_solutions: args.max_solutions,
        ..SolveScan::default()
    };
    // Ctrl-C stops the prover (its stop flag) and raises KeyboardInterrupt.
    let line = crate::interrupt::interruptible(py, &stop, || {
        scan.record(pos, stip).json_line("position")
    })?;
    py.import("json")?.call_method1("loads", (line,))
}

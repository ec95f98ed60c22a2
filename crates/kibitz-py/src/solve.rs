//! The prover from Python: kibitz-scan's typed solve record as a dict, with the
//! keys and values `kibitz solve --json` writes.

use std::time::Duration;

use kibitz::{CastlingMode, Position};
use kibitz_scan::solve::{AttackNode, DefenceNode, SolveRecord, SolveScan, SolveTree};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// What `kibitz.solve` and `Position.solve` are asked.
pub(crate) struct SolveArgs {
    /// The bound N.
    pub n: u32,
    /// Every move that mates within N.
    pub all_keys: bool,
    /// The solution tree.
    pub tree: bool,
    /// Seconds for the search.
    pub time: Option<f64>,
    /// Nodes for the search.
    pub nodes: Option<u64>,
    /// The prover's table in MiB (1 to [`MAX_HASH_MB`]); None: 16.
    pub hash_mb: Option<usize>,
}

/// The largest `hash_mb`, as `kibitz solve --hash` allows.
pub(crate) const MAX_HASH_MB: usize = 65536;

impl SolveArgs {
    /// Checks the bound and the time (before the position is read, so that these
    /// errors come first), giving the time as a duration.
    pub fn checked_time(&self) -> PyResult<Option<Duration>> {
        let max = kibitz::mate::solve::MAX_MATE_MOVES;
        if !(1..=max).contains(&self.n) {
            return Err(PyValueError::new_err(format!(
                "n must be 1 to {max}, not {}",
                self.n
            )));
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

/// Proves the shortest mate within `args.n` in `pos`, without the GIL, `time`
/// being [`SolveArgs::checked_time`]'s: the record as a dict.
pub(crate) fn solve<'py>(
    py: Python<'py>,
    pos: &Position,
    castling: CastlingMode,
    args: &SolveArgs,
    time: Option<Duration>,
) -> PyResult<Bound<'py, PyDict>> {
    let scan = SolveScan {
        mate: Some(args.n),
        all_keys: args.all_keys,
        tree: args.tree,
        json: true,
        time,
        nodes: args.nodes,
        castling,
        stop: None,
        hash_mb: args.hash_mb,
    };
    let record = py.detach(|| scan.solve(pos, args.n));
    record_dict(py, &record)
}

/// The record as `kibitz solve --json` writes it, `input` being `position`.
fn record_dict<'py>(py: Python<'py>, r: &SolveRecord) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("input", "position")?;
    d.set_item("fen", &r.fen)?;
    d.set_item("bound", r.bound)?;
    d.set_item("mate", r.mate)?;
    d.set_item("proven", r.proven)?;
    if !r.shortest {
        d.set_item("shortest", false)?;
    }
    if !r.complete {
        d.set_item("complete", false)?;
    }
    if let Some(reason) = r.reason {
        d.set_item("reason", reason)?;
    }
    if let kibitz::mate::solve::Verdict::Unknown { searched } = r.verdict {
        d.set_item("searched", searched)?;
    }
    if let Some(note) = &r.note {
        d.set_item("note", note)?;
    }
    let keys = PyList::empty(py);
    for key in &r.keys {
        let k = move_dict(py, &key.uci, &key.san)?;
        if let Some(mate) = key.mate {
            k.set_item("mate", mate)?;
        }
        keys.append(k)?;
    }
    d.set_item("keys", keys)?;
    d.set_item("line", &r.line)?;
    d.set_item("nodes", r.nodes)?;
    // Milliseconds to a tenth, as the JSON record writes them.
    d.set_item("ms", (r.ms * 10.0).round() / 10.0)?;
    if let Some(tree) = &r.tree {
        match tree {
            Some(SolveTree::Keys(keys)) => {
                let list = PyList::empty(py);
                for k in keys {
                    list.append(attack_dict(py, k)?)?;
                }
                d.set_item("tree", list)?;
            }
            Some(SolveTree::Defences(replies)) => d.set_item("tree", defences(py, replies)?)?,
            None => d.set_item("tree", py.None())?,
        }
    }
    Ok(d)
}

fn move_dict<'py>(py: Python<'py>, uci: &str, san: &str) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("uci", uci)?;
    d.set_item("san", san)?;
    Ok(d)
}

fn attack_dict<'py>(py: Python<'py>, node: &AttackNode) -> PyResult<Bound<'py, PyDict>> {
    let d = move_dict(py, &node.uci, &node.san)?;
    d.set_item("replies", defences(py, &node.replies)?)?;
    Ok(d)
}

fn defences<'py>(py: Python<'py>, replies: &[DefenceNode]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for reply in replies {
        let d = move_dict(py, &reply.uci, &reply.san)?;
        d.set_item("then", attack_dict(py, &reply.then)?)?;
        list.append(d)?;
    }
    Ok(list)
}

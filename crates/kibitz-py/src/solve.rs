//! The prover from Python: kibitz-scan's typed solve record as a dict, with the
//! keys and values `kibitz solve --json` writes.

use std::time::Duration;

use kibitz::mate::solve::{DEFAULT_HASH_MB, MAX_HASH_MB, fit_hash_mb};
use kibitz::problem::Stipulation;
use kibitz::variant::{Variant, VariantPosition};
use kibitz::{CastlingMode, Position};
use kibitz_scan::solve::{AttackNode, DefenceNode, SolveMove, SolveRecord, SolveScan, SolveTree};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

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
}

impl SolveArgs {
    /// Checks the bound and the time (before the position is read, so that these
    /// errors come first), giving the time as a duration.
    pub fn checked_time(&self) -> PyResult<Option<Duration>> {
        let max = kibitz::mate::solve::MAX_MATE_MOVES;
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

/// The scan `kibitz solve --json` runs for these arguments.
fn scan(
    args: &SolveArgs,
    castling: CastlingMode,
    time: Option<Duration>,
    stip: Stipulation,
    variant: Option<Variant>,
) -> SolveScan {
    SolveScan {
        mate: args.n,
        all_keys: args.all_keys,
        tree: args.tree,
        json: true,
        time,
        nodes: args.nodes,
        castling,
        stop: None,
        // One table for the call: calls on several threads each hold their own.
        hash_mb: Some(fit_hash_mb(args.hash_mb.unwrap_or(DEFAULT_HASH_MB), 1)),
        stipulation: Some(stip),
        tries: args.tries,
        max_refutations: args.max_refutations,
        set_play: args.set_play,
        variant,
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
    let stip = stipulation(args)?;
    let scan = scan(args, castling, time, stip, None);
    let record = py.detach(|| scan.problem(pos, stip));
    record_dict(py, &record)
}

/// Solves the stipulation in a fairy variant's position, without the GIL: the
/// path `kibitz solve --variant NAME --json` takes ([`SolveScan::generic`]), and
/// its record as a dict.
pub(crate) fn solve_variant<'py>(
    py: Python<'py>,
    pos: &VariantPosition,
    args: &SolveArgs,
    time: Option<Duration>,
) -> PyResult<Bound<'py, PyDict>> {
    let stip = stipulation(args)?;
    let scan = scan(
        args,
        CastlingMode::Standard,
        time,
        stip,
        Some(pos.variant().clone()),
    );
    let record = py.detach(|| scan.generic(pos, stip));
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
    if let kibitz::mate::solve::Verdict::Unknown { searched } = r.verdict
        && !r.generic
    {
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
    d.set_item("stipulation", r.stipulation.to_string())?;
    match r.length {
        Some(n) if r.stipulation.is_half() => d.set_item("length", f64::from(n) + 0.5)?,
        Some(n) => d.set_item("length", n)?,
        None => d.set_item("length", py.None())?,
    }
    let solutions = PyList::empty(py);
    for line in &r.solutions {
        solutions.append(moves_list(py, line)?)?;
    }
    d.set_item("solutions", solutions)?;
    if let Some(tries) = &r.tries {
        let list = PyList::empty(py);
        for t in tries {
            let item = move_dict(py, &t.mv.uci, &t.mv.san)?;
            item.set_item("refutations", moves_list(py, &t.refutations)?)?;
            list.append(item)?;
        }
        d.set_item("tries", list)?;
    }
    if let Some(set) = &r.set {
        let list = PyList::empty(py);
        for s in set {
            let item = PyDict::new(py);
            item.set_item("defence", move_dict(py, &s.defence.uci, &s.defence.san)?)?;
            item.set_item("mates", moves_list(py, &s.mates)?)?;
            list.append(item)?;
        }
        d.set_item("set", list)?;
    }
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
        if let Some(then) = &reply.then {
            d.set_item("then", attack_dict(py, then)?)?;
        }
        list.append(d)?;
    }
    Ok(list)
}

fn moves_list<'py>(py: Python<'py>, moves: &[SolveMove]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for mv in moves {
        list.append(move_dict(py, &mv.uci, &mv.san)?)?;
    }
    Ok(list)
}

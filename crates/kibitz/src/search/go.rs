//! What a UCI `go` asks of kibitz, answered within its limits: the prover
//! ([`crate::prover`]) for `go mate N`, the plain search ([`Search`]) for
//! everything else and for the move after a mate that was not proven.
//!
//! Every `go` that is not `infinite` ends in bounded time:
//!
//! * `go mate N` gives the prover the limits of the `go` (`nodes`, `movetime`,
//!   the clock), or [`MATE_TIME`] when it names none. A proven mate for either
//!   side is the answer. Otherwise a note says that no mate within N was proven
//!   (and whether its absence was), and a plain search of at most 2N − 1 plies and
//!   [`AFTER_MATE_TIME`] gives the move.
//! * Every other `go` is the plain search, to its depth, nodes or time.
//!
//! ```
//! use std::sync::Arc;
//! use std::sync::atomic::AtomicBool;
//! use kibitz::Position;
//! use kibitz::search::Search;
//! use kibitz::search::go::{Go, Info, go};
//! let ask = Go { mate: Some(2), ..Go::default() };
//! let mut notes = Vec::new();
//! let stop = Arc::new(AtomicBool::new(false));
//! let pos = Position::startpos();
//! let report = go(&mut Search::new(1), &pos, &ask, stop, 16, |info| {
//!     if let Info::Note(text) = info {
//!         notes.push(text.to_string());
//!     }
//! });
//! assert!(notes[0].starts_with("proven: no mate within 2 moves"));
//! assert!(pos.is_legal(report.pv[0]));
//! ```

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::clock::Instant;

use super::time::{Clock, budget};
use super::{Report, Score, Search};
use crate::Color;
use crate::Position;
use crate::board::Board;
use crate::limits::Limits;
use crate::prover::{MAX_MATE_MOVES, SolveOptions, Verdict, solve};

/// The prover's time for a `go mate N` that names no other limit (no `movetime`,
/// clock, `nodes` or `infinite`): past it the answer is the plain search's move.
pub const MATE_TIME: Duration = Duration::from_secs(10);

/// The longest plain search after a `go mate N` found no mate.
pub const AFTER_MATE_TIME: Duration = Duration::from_secs(1);

/// The parameters of a UCI `go`, times in ms as the protocol gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `depth`: plies of the plain search.
    pub depth: Option<u32>,
    /// `nodes`: nodes of either search.
    pub nodes: Option<u64>,
    /// `mate`: prove a mate within this many moves.
    pub mate: Option<u32>,
    /// `movetime`: the time of this move.
    pub movetime: Option<u64>,
    /// `wtime`: White's clock.
    pub wtime: Option<u64>,
    /// `btime`: Black's clock.
    pub btime: Option<u64>,
    /// `winc`: White's increment.
    pub winc: Option<u64>,
    /// `binc`: Black's increment.
    pub binc: Option<u64>,
    /// `movestogo`: moves to the next time control.
    pub movestogo: Option<u64>,
    /// `infinite`: no time limit; the search runs until `stop`.
    pub infinite: bool,
}

impl Go {
    /// The time this move may take for the side `turn`: `movetime`, else a
    /// share of its clock ([`budget`]); None without either, or with `infinite`.
    pub fn budget(&self, turn: Color) -> Option<Duration> {
        if self.infinite {
            return None;
        }
        if let Some(ms) = self.movetime {
            return Some(Duration::from_millis(ms));
        }
        let (left, inc) = match turn {
            Color::White => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        left.map(|left_ms| {
            budget(&Clock {
                left_ms,
                increment_ms: inc.unwrap_or(0),
                moves_to_go: self.movestogo,
            })
        })
    }

    /// The limits of the search for `turn` starting `now`: the nodes, the
    /// deadline of [`Go::budget`] (none when it lies beyond what the clock can
    /// count), and the flag `stop`.
    pub fn limits(&self, turn: Color, now: Instant, stop: Arc<AtomicBool>) -> Limits {
        Limits {
            nodes: self.nodes,
            deadline: self.budget(turn).and_then(|d| now.checked_add(d)),
            stop: Some(stop),
        }
    }
}

/// A plain search that `go` drives: the orthodox [`Search`], and a variant's
/// ([`VariantSearch`](crate::search::variant::VariantSearch)).
pub trait Think {
    /// The positions it searches.
    type Position: Board;
    /// Searches `pos` by iterative deepening to `depth` plies (None: as deep as
    /// it goes) or until a limit, calling `on_iteration` after each completed
    /// depth; the last complete iteration's report, whose first move is legal
    /// whenever the side to move has one.
    fn think(
        &mut self,
        pos: &Self::Position,
        depth: Option<u32>,
        limits: &Limits,
        on_iteration: impl FnMut(&Report<MoveOf<Self>>),
    ) -> Report<MoveOf<Self>>;
}

/// The move type of a search's positions.
pub type MoveOf<S> = <<S as Think>::Position as Board>::Move;

impl Think for Search {
    type Position = Position;
    fn think(
        &mut self,
        pos: &Position,
        depth: Option<u32>,
        limits: &Limits,
        on_iteration: impl FnMut(&Report),
    ) -> Report {
        Search::think(self, pos, depth, limits, on_iteration)
    }
}

/// What a search tells while it runs (`M`: the engine's move).
#[derive(Debug)]
pub enum Info<'a, M = crate::Move> {
    /// A completed iteration of the plain search, or the prover's proven mate.
    Report(&'a Report<M>),
    /// A sentence for the user (UCI `info string`).
    Note(&'a str),
}

/// Answers `ask` for `pos`: the last report, whose first move is the move to play
/// (none only when the side to move has no legal move). `stop` ends the search
/// early (UCI `stop`); `hash_mb` bounds the prover's table; `on_info` hears every
/// iteration and note.
pub fn go<S: Think>(
    search: &mut S,
    pos: &S::Position,
    ask: &Go,
    stop: Arc<AtomicBool>,
    hash_mb: usize,
    mut on_info: impl FnMut(Info<'_, MoveOf<S>>),
) -> Report<MoveOf<S>> {
    let started = Instant::now();
    let mut limits = ask.limits(pos.turn(), started, stop);
    let mut depth = ask.depth;
    if let Some(n) = ask.mate {
        let n = n.clamp(1, MAX_MATE_MOVES);
        match prove(pos, n, ask, &limits, hash_mb, started) {
            Ok((report, note)) => {
                if let Some(note) = note {
                    on_info(Info::Note(&note));
                }
                on_info(Info::Report(&report));
                return report;
            }
            Err(Some(note)) => on_info(Info::Note(&note)),
            Err(None) => {}
        }
        // A short plain search for the move: at most 2N − 1 plies and a second.
        let plies = n.saturating_mul(2) - 1;
        depth = Some(depth.map_or(plies, |d| d.min(plies)));
        let cap = Instant::now() + AFTER_MATE_TIME;
        limits.deadline = Some(limits.deadline.map_or(cap, |d| d.min(cap)));
    }
    search.think(pos, depth, &limits, |r| on_info(Info::Report(r)))
}

/// What the prover gives `go mate n` (see [`prove`]).
type Proof<M> = Result<(Report<M>, Option<String>), Option<String>>;

/// The prover on `go mate n`: Ok with a proven mate (or loss) as a report, and a
/// note when its length is only an upper bound (a limit struck before a shorter
/// one was ruled out); Err with the note to give when none was proven (None when
/// the side to move has no legal move, which the plain search reports itself).
fn prove<B: Board>(
    pos: &B,
    n: u32,
    ask: &Go,
    limits: &Limits,
    hash_mb: usize,
    started: Instant,
) -> Proof<B::Move> {
    let mut limits = limits.clone();
    if limits.deadline.is_none() && limits.nodes.is_none() && !ask.infinite {
        limits.deadline = Some(started + MATE_TIME);
    }
    let opts = SolveOptions {
        limits,
        hash_mb,
        // One move to play: a second key is not looked for.
        one_key: true,
        ..SolveOptions::mate_in(n)
    };
    let sol = solve(pos, &opts);
    let score = match sol.outcome {
        Verdict::MateIn(m) => Score::Mate(m as i32),
        Verdict::MatedIn(m) if m > 0 => Score::Mate(-(m as i32)),
        Verdict::MatedIn(_) => return Err(None),
        Verdict::NoMateWithin(_) => {
            return Err(Some(format!(
                "proven: no mate within {n} moves for either side; the move is a plain search's"
            )));
        }
        Verdict::Unknown { searched } => {
            return Err(Some(format!(
                "no mate within {n} moves was proven before the limit (none within {searched}, \
                 proven); the move is a plain search's"
            )));
        }
    };
    let pv: Vec<_> = if sol.line.is_empty() {
        sol.keys.first().map(|k| k.mv).into_iter().collect()
    } else {
        sol.line.clone()
    };
    if pv.is_empty() {
        // A loss within the bound proven, but not yet the shortest: no move to
        // give, so the plain search's. (A proven mate names the move that proved
        // it; only if its proof has left the table is there none.)
        let m = match score {
            Score::Mate(m) => m.unsigned_abs(),
            _ => n,
        };
        return Err(Some(if matches!(sol.outcome, Verdict::MateIn(_)) {
            format!(
                "mate within {m} moves, proven, but no move of it was kept; the move is a plain search's"
            )
        } else {
            format!(
                "mated within {m} moves, proven, not yet proven the shortest; the move is a plain search's"
            )
        }));
    }
    // `score mate N` says "mate in N": where only "within N" is proven, say so.
    let note = (!sol.shortest).then(|| {
        let m = match score {
            Score::Mate(m) => m.unsigned_abs(),
            _ => n,
        };
        let who = if matches!(sol.outcome, Verdict::MateIn(_)) {
            "mate"
        } else {
            "mated"
        };
        format!(
            "{who} within {m} moves, proven; a limit struck before a shorter one was ruled out, \
             so the score's length is an upper bound"
        )
    });
    Ok((
        Report {
            depth: sol.line.len().max(1) as u32,
            score,
            nodes: sol.nodes,
            pv,
            elapsed: started.elapsed(),
        },
        note,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notes_and_report(fen: &str, ask: &Go) -> (Vec<String>, Report, Duration) {
        let pos = Position::from_fen(fen).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let mut notes = Vec::new();
        let started = Instant::now();
        let report = go(&mut Search::new(1), &pos, ask, stop, 16, |info| {
            if let Info::Note(text) = info {
                notes.push(text.to_string());
            }
        });
        (notes, report, started.elapsed())
    }

    #[test]
    fn go_mate_without_a_mate_ends_in_time_with_a_legal_move() {
        // The plain search of 2N − 1 = 9 plies alone took minutes here before it
        // was bounded (issue 18).
        let ask = Go {
            mate: Some(5),
            ..Go::default()
        };
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let (notes, report, took) = notes_and_report(fen, &ask);
        assert!(
            took < MATE_TIME + AFTER_MATE_TIME + Duration::from_secs(2),
            "{took:?}"
        );
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].contains("no mate within 5 moves"), "{notes:?}");
        assert!(Position::startpos().is_legal(report.pv[0]));
    }

    #[test]
    fn go_mate_with_a_node_limit_says_what_was_proven() {
        let ask = Go {
            mate: Some(6),
            nodes: Some(5_000),
            ..Go::default()
        };
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3";
        let (notes, report, _) = notes_and_report(fen, &ask);
        // Qxf7# is a mate in one: found well within the nodes.
        assert_eq!(report.score, Score::Mate(1));
        assert!(notes.is_empty());
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
        let (notes, report, _) = notes_and_report(fen, &ask);
        assert!(
            notes[0].starts_with("no mate within 6 moves was proven"),
            "{notes:?}"
        );
        assert!(!report.pv.is_empty());
    }

    #[test]
    fn go_mate_with_a_length_not_yet_proven_the_shortest_says_so() {
        // A mate in 6 (matetrack, bm #6) that df-pn proves within 6 long before
        // "none within 5" is proven: the score is then an upper bound, and the
        // note says so.
        let ask = Go {
            mate: Some(6),
            nodes: Some(200_000),
            ..Go::default()
        };
        let fen = "8/6n1/3Bp1p1/3pP1n1/3k3P/1K4P1/3NP1N1/8 w - - 0 1";
        let (notes, report, _) = notes_and_report(fen, &ask);
        assert_eq!(report.score, Score::Mate(6));
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].starts_with("mate within 6 moves, proven; a limit struck"),
            "{notes:?}"
        );
        let pos = Position::from_fen(fen).unwrap();
        assert!(pos.is_legal(report.pv[0]));
    }

    #[test]
    fn budgets() {
        let ask = Go {
            wtime: Some(60_000),
            btime: Some(0),
            winc: Some(1_000),
            ..Go::default()
        };
        assert_eq!(
            ask.budget(Color::White),
            Some(Duration::from_millis(60_000 / 30 + 750))
        );
        assert_eq!(ask.budget(Color::Black), Some(Duration::from_millis(5)));
        let fixed = Go {
            movetime: Some(100),
            ..ask.clone()
        };
        assert_eq!(fixed.budget(Color::Black), Some(Duration::from_millis(100)));
        let infinite = Go {
            infinite: true,
            ..fixed
        };
        assert_eq!(infinite.budget(Color::White), None);
        // A clock beyond what an Instant can hold is no deadline, not a panic.
        let huge = Go {
            movetime: Some(u64::MAX),
            ..Go::default()
        };
        let stop = Arc::new(AtomicBool::new(false));
        let now = Instant::now();
        let limits = huge.limits(Color::White, now, stop);
        assert!(limits.deadline.is_none_or(|d| d > now));
    }
}

//! What the orthodox search ([`super::Search`]) and the variant search
//! ([`super::variant::VariantSearch`]) share, whatever their positions and moves:
//! the clock that stops them ([`Clock`]), the triangular table of principal
//! variations ([`PvTable`]), and the iterative-deepening loop ([`deepen`]) that
//! calls their alpha-beta at each depth and reports after each.

use std::time::Duration;

use crate::clock::Instant;

use super::{MATE, MATE_BOUND, MAX_PLY, Report, to_score};
use crate::limits::Limits;

/// The nodes counted and the limits of one search: when to stop.
pub(crate) struct Clock {
    limits: Limits,
    started: Instant,
    /// Nodes visited since [`Clock::restart`].
    pub(crate) nodes: u64,
    /// Has a limit been reached (the search then unwinds with no score)?
    pub(crate) aborted: bool,
}

impl Clock {
    pub(crate) fn new() -> Clock {
        Clock {
            limits: Limits::default(),
            started: Instant::now(),
            nodes: 0,
            aborted: false,
        }
    }

    /// Starts a new search under `limits`.
    pub(crate) fn restart(&mut self, limits: &Limits) {
        self.limits = limits.clone();
        self.started = Instant::now();
        self.nodes = 0;
        self.aborted = false;
    }

    /// Should the search stop now? Looked at every 1,024 nodes (reading the time
    /// is not free); depth 1 always finishes, so that a move is always known.
    pub(crate) fn out_of_time(&mut self) -> bool {
        if self.nodes & 1023 != 0 {
            return self.aborted;
        }
        self.limit_reached()
    }

    /// Is a limit reached (looked at now)?
    pub(crate) fn limit_reached(&mut self) -> bool {
        if self.limits.reached(self.nodes) {
            self.aborted = true;
        }
        self.aborted
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

/// The principal variation below each ply of the current line: the line at `ply`
/// is the best move found there followed by the line at `ply + 1`.
pub(crate) struct PvTable<M> {
    lines: Vec<[Option<M>; MAX_PLY]>,
    len: [usize; MAX_PLY],
}

impl<M: Copy> PvTable<M> {
    pub(crate) fn new() -> PvTable<M> {
        PvTable {
            lines: vec![[None; MAX_PLY]; MAX_PLY],
            len: [0; MAX_PLY],
        }
    }

    /// Empties the line at `ply` (a node starts, or ends with no move).
    #[inline]
    pub(crate) fn clear(&mut self, ply: usize) {
        self.len[ply] = 0;
    }

    /// `mv` is the best move at `ply` so far: the line there becomes `mv` and the
    /// line the search of its reply left at `ply + 1`.
    pub(crate) fn set(&mut self, ply: usize, mv: M) {
        let child_len = self.len[ply + 1];
        let (head, tail) = self.lines.split_at_mut(ply + 1);
        head[ply][0] = Some(mv);
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.len[ply] = child_len + 1;
    }

    /// The line at the root.
    pub(crate) fn root(&self) -> Vec<M> {
        self.lines[0][..self.len[0]]
            .iter()
            .flatten()
            .copied()
            .collect()
    }
}

/// A search [`deepen`] drives: its clock, its lines, and one alpha-beta search
/// of the root to a depth.
pub(crate) trait Deepening {
    type Position;
    type Move: Copy;
    fn clock(&mut self) -> &mut Clock;
    fn pv(&self) -> &PvTable<Self::Move>;
    /// The root's score searched to `depth` plies with a full window.
    fn search_root(&mut self, pos: &Self::Position, depth: i32) -> i32;
}

/// Iterative deepening: searches `pos` at depth 1, 2, … up to `depth` (None: as
/// deep as the search goes) or until a limit, calling `on_iteration` after each
/// completed depth, and returns the last complete iteration's report, `best`
/// (the root's first legal move, at depth 0) until one completes. Depth 1
/// always completes, so a legal move is always known where there is one.
pub(crate) fn deepen<S: Deepening>(
    search: &mut S,
    pos: &S::Position,
    depth: Option<u32>,
    mut best: Report<S::Move>,
    mut on_iteration: impl FnMut(&Report<S::Move>),
) -> Report<S::Move> {
    let max_depth = depth
        .unwrap_or(MAX_PLY as u32 - 8)
        .clamp(1, MAX_PLY as u32 - 8);
    for depth in 1..=max_depth {
        if depth > 1 && search.clock().limit_reached() {
            break;
        }
        let score = search.search_root(pos, depth as i32);
        if search.clock().aborted && depth > 1 {
            break;
        }
        let pv = search.pv().root();
        let clock = search.clock();
        best = Report {
            depth,
            score: to_score(score),
            nodes: clock.nodes,
            pv: if pv.is_empty() { best.pv } else { pv },
            elapsed: clock.elapsed(),
        };
        on_iteration(&best);
        // A mate (a win or loss by the variant's rules) found within the full
        // width of this depth cannot get shorter.
        if score.abs() > MATE_BOUND && (MATE - score.abs()) as u32 <= depth {
            break;
        }
        if search.clock().aborted {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_the_move_and_the_line_below_it() {
        let mut pv = PvTable::new();
        pv.clear(3);
        pv.set(2, 'c');
        pv.set(1, 'b');
        pv.set(0, 'a');
        assert_eq!(pv.root(), vec!['a', 'b', 'c']);
        // A better move at ply 1 whose reply's line is empty: the root's line
        // below it is cut there.
        pv.clear(2);
        pv.set(1, 'd');
        pv.set(0, 'a');
        assert_eq!(pv.root(), vec!['a', 'd']);
    }

    #[test]
    fn a_node_limit_stops_the_clock() {
        let mut clock = Clock::new();
        clock.restart(&Limits {
            nodes: Some(2048),
            ..Limits::default()
        });
        clock.nodes = 1024;
        assert!(!clock.out_of_time());
        clock.nodes = 3000;
        // Between the looks, the last answer stands.
        assert!(!clock.out_of_time());
        clock.nodes = 3072;
        assert!(clock.out_of_time() && clock.aborted);
    }
}

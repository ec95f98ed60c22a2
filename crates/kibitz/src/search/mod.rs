//! A plain game-tree search: iterative-deepening alpha-beta over material and
//! piece placement, with a quiescence search on captures.
//!
//! kibitz is a toolkit, not a playing engine; this search is what lets `kibitz uci`
//! answer every `go` with a sensible legal move in time, so that a GUI never waits,
//! while `go mate N` goes to the exact prover ([`crate::prover`]). It finds the
//! mates its depth reaches (scores as [`Score::Mate`]), but proves nothing: a mate
//! score here is only as deep as the search.
//!
//! ```
//! use kibitz::Position;
//! use kibitz::limits::Limits;
//! use kibitz::search::{Score, Search};
//! let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
//! let mut search = Search::new(1);
//! let report = search.think(&pos, Some(3), &Limits::default(), |_| {});
//! assert_eq!(report.pv[0].to_string(), "e1e8");
//! assert_eq!(report.score, Score::Mate(1));
//! ```

mod deepening;
pub mod go;
mod table;
pub mod time;
pub mod variant;

use std::time::Duration;

use crate::limits::Limits;
use crate::{Color, Move, MoveList, Position, Role, Square};
use deepening::{Clock, Deepening, PvTable, deepen};
pub(crate) use table::BestMoves;

/// A search score from the side to move's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves of the side to move; negative when it is mated (UCI
    /// `score mate`).
    Mate(i32),
}

/// What an iteration found. `M` is the engine's move: the orthodox [`Move`] by
/// default, [`VariantMove`](crate::variant::VariantMove) for a variant's search
/// ([`variant`]).
#[derive(Clone, Debug)]
pub struct Report<M = Move> {
    /// The depth completed, in plies.
    pub depth: u32,
    /// The score of the principal variation.
    pub score: Score,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// The principal variation; its first move is the best move. Empty only when the
    /// side to move has no legal move.
    pub pv: Vec<M>,
    /// Time since the search began.
    pub elapsed: Duration,
}

/// Material values in centipawns, by [`Role`] index (pawn, knight, bishop, rook,
/// queen, king).
const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];
pub(crate) const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;
pub(crate) const INFINITY: i32 = MATE + 1;
pub(crate) const MAX_PLY: usize = 96;

/// A bonus for standing near the centre, 0 in the corners to 6 in the middle, by
/// square: the only positional knowledge, enough to make moves that look purposeful.
fn centrality(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    let df = (2 * f - 7).abs();
    let dr = (2 * r - 7).abs();
    (14 - df - dr) / 2
}

/// The static evaluation from the side to move's view.
fn evaluate(pos: &Position) -> i32 {
    let mut score = 0;
    for color in Color::ALL {
        let sign = if color == pos.turn() { 1 } else { -1 };
        for role in Role::ALL {
            for sq in pos.pieces(color, role) {
                let mut v = VALUE[role as usize];
                v += match role {
                    Role::Knight | Role::Bishop => 3 * centrality(sq),
                    Role::Pawn => {
                        let advance = match color {
                            Color::White => sq.rank() as i32 - 1,
                            Color::Black => 6 - sq.rank() as i32,
                        };
                        4 * advance + centrality(sq)
                    }
                    Role::Queen => centrality(sq),
                    Role::Rook | Role::King => 0,
                };
                score += sign * v;
            }
        }
    }
    score
}

/// A search with its memory (the best move per position seen, which orders the next
/// iteration's moves), reused from move to move.
pub struct Search {
    table: BestMoves<Move>,
    clock: Clock,
    pv: PvTable<Move>,
}

impl Search {
    /// A search with at most about `hash_mb` MiB of memory for best moves (1 to
    /// 4096), taken as the search fills it.
    pub fn new(hash_mb: usize) -> Search {
        Search {
            table: BestMoves::new(hash_mb),
            clock: Clock::new(),
            pv: PvTable::new(),
        }
    }

    /// The bytes its table of best moves holds now.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets what earlier searches learnt (`ucinewgame`).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Searches `pos` by iterative deepening to `depth` plies (UCI `go depth`;
    /// None: as deep as the search goes) or until a limit, calling `on_iteration`
    /// after each completed depth, and returns the last complete iteration's report
    /// (depth 1 always completes, so a legal move is always known).
    pub fn think(
        &mut self,
        pos: &Position,
        depth: Option<u32>,
        limits: &Limits,
        on_iteration: impl FnMut(&Report),
    ) -> Report {
        self.clock.restart(limits);
        let moves = pos.legal_moves();
        let mut best = Report {
            depth: 0,
            score: Score::Cp(if pos.is_check() { -MATE } else { 0 }),
            nodes: 0,
            pv: moves.first().copied().into_iter().collect(),
            elapsed: Duration::ZERO,
        };
        if moves.is_empty() {
            if pos.is_check() {
                best.score = Score::Mate(0);
            }
            return best;
        }
        deepen(self, pos, depth, best, on_iteration)
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv.clear(ply);
        if depth <= 0 || ply + 1 >= MAX_PLY {
            return self.quiescence(pos, ply, alpha, beta);
        }
        self.clock.nodes += 1;
        if ply > 0 && self.clock.out_of_time() {
            return 0;
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return if pos.is_check() {
                -(MATE - ply as i32)
            } else {
                0
            };
        }
        if ply > 0 && pos.halfmoves() >= 100 {
            return 0;
        }
        let hinted = self.table.best(pos.key());
        order(pos, &mut moves, hinted);
        let mut best_move = None;
        for &mv in moves.iter() {
            let next = pos.after(mv);
            let extension = i32::from(next.is_check());
            let score = -self.negamax(&next, depth - 1 + extension, ply + 1, -beta, -alpha);
            if self.clock.aborted && ply > 0 {
                return 0;
            }
            if score > alpha {
                alpha = score;
                best_move = Some(mv);
                self.pv.set(ply, mv);
                if alpha >= beta {
                    break;
                }
            }
        }
        if let Some(best) = best_move {
            self.table.store(pos.key(), best);
        }
        alpha
    }

    fn quiescence(&mut self, pos: &Position, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.clock.nodes += 1;
        self.pv.clear(ply);
        if self.clock.out_of_time() {
            return 0;
        }
        let in_check = pos.is_check();
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -(MATE - ply as i32) } else { 0 };
        }
        if !in_check {
            let stand = evaluate(pos);
            if stand >= beta || ply + 1 >= MAX_PLY {
                return stand;
            }
            alpha = alpha.max(stand);
            moves.retain(|m| is_capture(pos, *m) || m.promotion.is_some());
        }
        order(pos, &mut moves, None);
        for &mv in moves.iter() {
            let score = -self.quiescence(&pos.after(mv), ply + 1, -beta, -alpha);
            if self.clock.aborted {
                return 0;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        alpha
    }
}

impl Deepening for Search {
    type Position = Position;
    type Move = Move;

    fn clock(&mut self) -> &mut Clock {
        &mut self.clock
    }

    fn pv(&self) -> &PvTable<Move> {
        &self.pv
    }

    fn search_root(&mut self, pos: &Position, depth: i32) -> i32 {
        self.negamax(pos, depth, 0, -INFINITY, INFINITY)
    }
}

fn is_capture(pos: &Position, mv: Move) -> bool {
    mv.is_en_passant() || (!mv.is_castle() && pos.them().contains(mv.to))
}

/// The hinted move first, then captures by most valuable victim and least valuable
/// attacker, promotions, then the rest.
fn order(pos: &Position, moves: &mut MoveList, hinted: Option<Move>) {
    let key = |mv: &Move| -> i32 {
        if Some(*mv) == hinted {
            return -100_000;
        }
        let mut k = 0;
        if is_capture(pos, *mv) {
            let victim = pos.role_at(mv.to).map_or(VALUE[0], |r| VALUE[r as usize]);
            k -= 10 * victim - VALUE[mv.role as usize] / 10 + 1_000;
        }
        if let Some(p) = mv.promotion {
            k -= VALUE[p as usize];
        }
        k
    };
    moves.as_mut_slice().sort_unstable_by_key(key);
}

pub(crate) fn to_score(score: i32) -> Score {
    if score > MATE_BOUND {
        let plies = MATE - score;
        Score::Mate((plies + 1) / 2)
    } else if score < -MATE_BOUND {
        let plies = MATE + score;
        Score::Mate(-(plies / 2))
    } else {
        Score::Cp(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn always_a_legal_move_even_with_no_time() {
        let stop = Arc::new(AtomicBool::new(true));
        let limits = Limits::stopped_by(stop);
        let pos = Position::startpos();
        let report = Search::new(1).think(&pos, None, &limits, |_| {});
        assert!(pos.is_legal(report.pv[0]));
        assert_eq!(report.depth, 1);
    }

    #[test]
    fn mated_and_stalemated_positions() {
        let mated = Position::from_fen("R6k/6pp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        let r = Search::new(1).think(&mated, Some(3), &Limits::default(), |_| {});
        assert_eq!((r.score, r.pv.len()), (Score::Mate(0), 0));
        let stale = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        let r = Search::new(1).think(&stale, Some(3), &Limits::default(), |_| {});
        assert_eq!((r.score, r.pv.len()), (Score::Cp(0), 0));
    }

    #[test]
    fn wins_material_and_sees_being_mated() {
        // A hanging queen is taken.
        let pos = Position::from_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").unwrap();
        let r = Search::new(1).think(&pos, Some(3), &Limits::default(), |_| {});
        assert_eq!(r.pv[0].to_string(), "d2d5");
        // Black to move, mated next move whatever it does (Kb8, Rh8#): mate -1.
        let pos = Position::from_fen("k7/8/1K6/8/8/8/8/7R b - - 0 1").unwrap();
        let r = Search::new(1).think(&pos, Some(4), &Limits::default(), |_| {});
        assert_eq!(r.score, Score::Mate(-1), "{r:?}");
    }

    /// Issue 44: `setoption name Hash value 4096` took 2.1 GB at once. The table
    /// now starts at 1 MiB, grows as a search fills it, and never past the bound.
    #[test]
    fn the_table_grows_as_it_fills_and_never_past_its_bound() {
        let search = Search::new(4096);
        assert!(search.table_bytes() <= 1 << 20, "{}", search.table_bytes());
        let mut table: BestMoves<Move> = BestMoves::new(2);
        let mv = Position::startpos().legal_moves()[0];
        let mut key = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..1_000_000 {
            key = key
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            table.store(key, mv);
        }
        let bytes = table.bytes();
        assert!(bytes > 1 << 20 && bytes <= 2 << 20, "{bytes}");
        assert_eq!(table.best(key), Some(mv));
        table.clear();
        assert_eq!(table.best(key), None);
    }
}

//! A plain game-tree search for any variant: iterative-deepening alpha-beta with
//! a quiescence search on captures, over material from the piece values of
//! [`crate::variant::values`] and the side to move's mobility.
//!
//! It is what lets `kibitz uci` with `UCI_Variant` answer every `go` with a
//! legal move in time. As the orthodox [`Search`](crate::search::Search), it
//! proves nothing (`go mate N` goes to the prover), and it knows each variant's
//! game ends only as its rules do: a flag, an extinction, a check count or a
//! checkmate ends the line with the variant's value for it. Material in hand
//! (crazyhouse, Seirawan) counts as material on the board.
//!
//! ```
//! use kibitz::limits::Limits;
//! use kibitz::search::Score;
//! use kibitz::search::variant::VariantSearch;
//! use kibitz::variant::{Variant, VariantPosition};
//! // King of the Hill: the king steps onto the hill and wins.
//! let v = Variant::builtin("kingofthehill")?;
//! let pos = VariantPosition::from_fen(&v, "4k3/8/8/8/8/3K4/8/8 w - - 0 1")?;
//! let report = VariantSearch::new(1).think(&pos, Some(2), &Limits::default(), |_| {});
//! assert_eq!(report.score, Score::Mate(1));
//! assert!(["d3d4", "d3e4"].contains(&pos.uci(&report.pv[0]).as_str()));
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use std::time::Duration;

use super::deepening::{Clock, Deepening, PvTable, deepen};
use super::go::Think;
use super::{BestMoves, INFINITY, MATE, MAX_PLY, Report, Score};
use crate::limits::Limits;
use crate::variant::values::{PAWN_VALUE, piece_values};
use crate::variant::{GameValue, Sq, VariantMove, VariantOutcome, VariantPosition};

/// Centipawns per legal move of the side to move: enough to prefer active
/// pieces, far below a pawn.
const MOBILITY: i32 = 2;

/// A variant search with its memory (the best move per position seen, which
/// orders the next iteration's moves), reused from move to move.
pub struct VariantSearch {
    table: BestMoves<VariantMove>,
    clock: Clock,
    /// The piece values of the variant searched, by type index.
    values: Vec<i32>,
    pv: PvTable<VariantMove>,
}

impl VariantSearch {
    /// A search with at most about `hash_mb` MiB of memory for best moves (1 to
    /// 4096), taken as the search fills it.
    pub fn new(hash_mb: usize) -> VariantSearch {
        VariantSearch {
            table: BestMoves::new(hash_mb),
            clock: Clock::new(),
            values: Vec::new(),
            pv: PvTable::new(),
        }
    }

    /// Forgets what earlier searches learnt (`ucinewgame`, a new variant).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Searches `pos` by iterative deepening to `depth` plies (None: as deep as
    /// the search goes) or until a limit, calling `on_iteration` after each
    /// completed depth; returns the last complete iteration's report (depth 1
    /// always completes, so a legal move is known whenever there is one).
    pub fn think(
        &mut self,
        pos: &VariantPosition,
        depth: Option<u32>,
        limits: &Limits,
        on_iteration: impl FnMut(&Report<VariantMove>),
    ) -> Report<VariantMove> {
        self.clock.restart(limits);
        self.values = piece_values(pos.variant());
        let moves = pos.legal_moves();
        let mut best = Report {
            depth: 0,
            score: Score::Cp(0),
            nodes: 0,
            pv: moves.first().copied().into_iter().collect(),
            elapsed: Duration::ZERO,
        };
        if let Some(end) = pos.outcome() {
            best.score = match end.value() {
                GameValue::Win => Score::Mate(0),
                GameValue::Loss => Score::Mate(0),
                GameValue::Draw => Score::Cp(0),
            };
            // The game is over: a move is still named where one is legal (a
            // flag reached leaves moves on the board), as a GUI asks for one.
            return best;
        }
        deepen(self, pos, depth, best, on_iteration)
    }

    /// The score of a game end for the side to move, `ply` plies from the root
    /// (a nearer win scores higher).
    fn end_score(end: VariantOutcome, ply: usize) -> i32 {
        match end.value() {
            GameValue::Win => MATE - ply as i32,
            GameValue::Loss => -(MATE - ply as i32),
            GameValue::Draw => 0,
        }
    }

    /// The game's end here, if any: the variant's own end rules, or no legal
    /// move (`moves` is the legal moves).
    fn end(pos: &VariantPosition, moves: &[VariantMove]) -> Option<VariantOutcome> {
        if pos.ends_by_rule() || moves.is_empty() {
            pos.outcome()
        } else {
            None
        }
    }

    fn negamax(
        &mut self,
        pos: &VariantPosition,
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
        if let Some(end) = Self::end(pos, &moves) {
            return Self::end_score(end, ply);
        }
        if ply > 0 && pos.n_move_draw() {
            return 0;
        }
        let hinted = self.table.best(pos.key());
        self.order(pos, &mut moves, hinted);
        let mut best_move = None;
        for &mv in &moves {
            let mut next = pos.clone();
            next.play_unchecked(&mv);
            let score = -self.negamax(&next, depth - 1, ply + 1, -beta, -alpha);
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

    fn quiescence(&mut self, pos: &VariantPosition, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.clock.nodes += 1;
        self.pv.clear(ply);
        if self.clock.out_of_time() {
            return 0;
        }
        let mut moves = pos.legal_moves();
        if let Some(end) = Self::end(pos, &moves) {
            return Self::end_score(end, ply);
        }
        let in_check = pos.is_check();
        if !in_check {
            let stand = self.evaluate(pos, moves.len());
            if stand >= beta || ply + 1 >= MAX_PLY {
                return stand;
            }
            alpha = alpha.max(stand);
            moves.retain(|m| self.is_capture(pos, m) || m.promotion().is_some());
        } else if ply + 1 >= MAX_PLY {
            return self.evaluate(pos, moves.len());
        }
        self.order(pos, &mut moves, None);
        for mv in &moves {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            let score = -self.quiescence(&next, ply + 1, -beta, -alpha);
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

    /// Material (on the board and in hand) from the side to move's view, plus
    /// its mobility (`mobility` legal moves).
    fn evaluate(&self, pos: &VariantPosition, mobility: usize) -> i32 {
        let mut score = MOBILITY * mobility.min(200) as i32;
        for (t, &value) in self.values.iter().enumerate() {
            let (ours, theirs) = pos.material(t);
            score += value * (i32::from(ours) - i32::from(theirs));
        }
        score
    }

    /// The value of the man on `sq` (0 for an empty square).
    fn value_on(&self, pos: &VariantPosition, sq: Sq) -> i32 {
        match pos.type_on(sq) {
            None => 0,
            Some(t) => self.values.get(t).copied().unwrap_or(PAWN_VALUE),
        }
    }

    fn is_capture(&self, pos: &VariantPosition, mv: &VariantMove) -> bool {
        mv.is_en_passant()
            || (!mv.is_drop()
                && !mv.is_castling()
                && !mv.is_pregame()
                && pos.type_on(mv.to()).is_some())
    }

    /// The hinted move first, then captures by most valuable victim and least
    /// valuable attacker, promotions, then the rest.
    fn order(&self, pos: &VariantPosition, moves: &mut [VariantMove], hinted: Option<VariantMove>) {
        let key = |mv: &VariantMove| -> i32 {
            if Some(*mv) == hinted {
                return -1_000_000;
            }
            let mut k = 0;
            if self.is_capture(pos, mv) {
                let victim = self.value_on(pos, mv.to()).max(PAWN_VALUE);
                k -= 10 * victim - self.value_on(pos, mv.from()) / 10 + 1_000;
            }
            if let Some(p) = mv.promotion() {
                k -= self.values.get(p).copied().unwrap_or(0);
            }
            k
        };
        moves.sort_by_cached_key(key);
    }
}

impl Deepening for VariantSearch {
    type Position = VariantPosition;
    type Move = VariantMove;

    fn clock(&mut self) -> &mut Clock {
        &mut self.clock
    }

    fn pv(&self) -> &PvTable<VariantMove> {
        &self.pv
    }

    fn search_root(&mut self, pos: &VariantPosition, depth: i32) -> i32 {
        self.negamax(pos, depth, 0, -INFINITY, INFINITY)
    }
}

impl Think for VariantSearch {
    type Position = VariantPosition;
    fn think(
        &mut self,
        pos: &VariantPosition,
        depth: Option<u32>,
        limits: &Limits,
        on_iteration: impl FnMut(&Report<VariantMove>),
    ) -> Report<VariantMove> {
        VariantSearch::think(self, pos, depth, limits, on_iteration)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn best(name: &str, fen: &str, depth: u32) -> (String, Score) {
        let v = Variant::builtin(name).unwrap();
        let pos = VariantPosition::from_fen(&v, fen).unwrap();
        let r = VariantSearch::new(1).think(&pos, Some(depth), &Limits::default(), |_| {});
        (pos.uci(&r.pv[0]), r.score)
    }

    #[test]
    fn it_takes_a_hanging_piece_and_mates_in_one() {
        // Capablanca: the archbishop on e5 hangs to the rook.
        let (mv, _) = best("capablanca", "4k5/10/10/4a5/10/10/10/4R4K w - - 0 1", 2);
        assert_eq!(mv, "e1e5");
        // Chess through the variant engine: the back-rank mate.
        let (mv, score) = best("chess", "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1", 3);
        assert_eq!((mv.as_str(), score), ("e1e8", Score::Mate(1)));
    }

    #[test]
    fn a_variant_end_is_a_win_to_play_for() {
        // Three-check: White has given two checks (FEN `1+3`: one to go); any
        // check wins at once.
        let v = Variant::builtin("3check").unwrap();
        let pos = VariantPosition::from_fen(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1").unwrap();
        let r = VariantSearch::new(1).think(&pos, Some(3), &Limits::default(), |_| {});
        assert_eq!(r.score, Score::Mate(1), "{r:?}");
        let mut after = pos.clone();
        after.play_unchecked(&r.pv[0]);
        assert!(after.outcome().is_some());
    }

    #[test]
    fn material_in_hand_counts() {
        // Crazyhouse: a knight in White's hand is a knight up.
        let v = Variant::builtin("crazyhouse").unwrap();
        let pos = VariantPosition::from_fen(&v, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1").unwrap();
        let r = VariantSearch::new(1).think(&pos, Some(1), &Limits::default(), |_| {});
        assert!(matches!(r.score, Score::Cp(cp) if cp >= 250), "{r:?}");
    }

    #[test]
    fn a_node_limit_ends_the_search_with_a_legal_move() {
        let v = Variant::builtin("sixteen").unwrap();
        let pos = VariantPosition::startpos(&v);
        let limits = Limits {
            nodes: Some(2_000),
            ..Limits::default()
        };
        let r = VariantSearch::new(1).think(&pos, None, &limits, |_| {});
        assert!(pos.legal_moves().contains(&r.pv[0]));
        assert!(r.nodes < 20_000, "{r:?}");
    }
}

//! Legal moves, and perft with bulk counting: at the last ply the moves of
//! unpinned pieces are counted, not listed.

use super::board::{NO_SQ, Sq, WideBitboard};
use super::moves::{MoveKind, VariantMove};
use super::rules::{Gating, Rules};
use super::state::{State, code, color_of, type_of};
use super::tables::{CAPTURE, MOVE, Tables, first_time};

impl State {
    /// Legal moves into `out` (cleared first).
    pub fn legal_moves(&self, t: &Tables, r: &Rules, out: &mut Vec<VariantMove>) {
        out.clear();
        let in_check = self.in_check(t);
        self.pseudo_moves(t, r, in_check, out);
        if in_check && r.gating == Gating::Musketeer {
            self.musketeer_evasions(t, out);
        }
        let us = self.turn;
        let king = self.kings[us];
        if king == NO_SQ {
            return;
        }
        // Squares whose piece may not leave without a full test: with hoppers,
        // every square on a line from the king (a move onto one may make a
        // hurdle too); otherwise only the pinned pieces.
        let pinned;
        let sensitive = if t.has_hoppers {
            &t.sensitive[usize::from(king)]
        } else {
            pinned = self.pinned(t, king);
            &pinned
        };
        let king_code = t.king.map(|k| code(us, usize::from(k)));
        out.retain(|mv| {
            if !in_check
                && Some(self.board[usize::from(mv.from)]) != king_code
                && mv.kind != MoveKind::EnPassant
                && !sensitive.contains(mv.from)
                && (!t.has_hoppers || !sensitive.contains(mv.to))
            {
                return true;
            }
            let mut next = *self;
            next.make(t, r, mv);
            let k = next.kings[us];
            k == NO_SQ || !next.attacked(t, k, us ^ 1)
        });
    }

    /// How many moves a pawn contributes when none needs a legality test (no en
    /// passant pending, the pawn not pinned, the king not in check).
    #[inline]
    fn count_pawn(&self, t: &Tables, r: &Rules, from: Sq) -> u64 {
        let us = self.turn;
        let b = &self.board;
        let ty = usize::from(t.pawn.unwrap_or(0));
        let last = if us == 0 {
            Sq::from(r.size.ranks()) - 1
        } else {
            0
        };
        let each = |to: Sq| -> u64 {
            let rank = to / t.files;
            if (r.promotion_ranks[us] >> rank) & 1 == 0 {
                return 1;
            }
            let mut n = u64::from(rank != last && !r.mandatory_promotion);
            let chosen = (0..r.pieces.len() as u8).filter(|&p| self.chosen[us] >> p & 1 != 0);
            for p in r.promotion_types.iter().copied().chain(chosen) {
                let limit = r.promotion_limit[usize::from(p)];
                n += u64::from(limit == 0 || self.counts[us][usize::from(p)] < u16::from(limit));
            }
            n
        };
        let mut n = 0;
        for l in t.leaps_of(us, ty, from) {
            let q = b[usize::from(l.to)];
            if q == 0 {
                if l.mode & MOVE != 0 {
                    n += each(l.to);
                }
            } else if color_of(q) != us && l.mode & CAPTURE != 0 {
                n += each(l.to);
            }
        }
        let rank = from / t.files;
        if (r.double_step[us] | r.triple_step[us]) >> rank & 1 != 0 {
            let step = i32::from(t.files) * if us == 0 { 1 } else { -1 };
            let at = |k: i32| -> Option<Sq> {
                let s = i32::from(from) + k * step;
                (0..t.squares as i32).contains(&s).then_some(s as Sq)
            };
            let mut steps = 1;
            while steps < 3 {
                let Some(s) = at(steps) else { break };
                if b[usize::from(s)] != 0 {
                    break;
                }
                steps += 1;
                let allowed = if steps == 2 {
                    r.double_step[us] >> rank & 1 != 0
                } else {
                    r.triple_step[us] >> rank & 1 != 0
                };
                let Some(to) = at(steps) else { break };
                if b[usize::from(to)] != 0 {
                    break;
                }
                if allowed {
                    n += each(to);
                }
                if r.triple_step[us] >> rank & 1 == 0 {
                    break;
                }
            }
        }
        n
    }

    /// The number of targets of a non-pawn piece (each a move: no promotion, no gating).
    #[inline]
    fn count_targets(&self, t: &Tables, from: Sq, ty: usize) -> u64 {
        if t.overlap[self.turn * t.types + ty] {
            self.count_targets_of::<true>(t, from, ty)
        } else {
            self.count_targets_of::<false>(t, from, ty)
        }
    }

    /// [`count_targets`](Self::count_targets); with `DEDUP`, each target once.
    #[inline(always)]
    fn count_targets_of<const DEDUP: bool>(&self, t: &Tables, from: Sq, ty: usize) -> u64 {
        let us = self.turn;
        let b = &self.board;
        let mut n = 0u64;
        // A square two components reach is one move.
        let dedup = DEDUP;
        let mut seen = WideBitboard::EMPTY;
        for l in t.leaps_of(us, ty, from) {
            if l.block[0] != NO_SQ
                && (b[usize::from(l.block[0])] != 0
                    || (l.block[1] != NO_SQ && b[usize::from(l.block[1])] != 0))
            {
                continue;
            }
            let q = b[usize::from(l.to)];
            if q == 0 {
                n += u64::from(l.mode & MOVE != 0 && first_time(dedup, &mut seen, l.to));
            } else if color_of(q) != us {
                n += u64::from(l.mode & CAPTURE != 0 && first_time(dedup, &mut seen, l.to));
            }
        }
        for ray in &t.rays[us * t.types + ty] {
            // Plain riders only: hopper variants never come here.
            let line = t.ray(from, ray.dir);
            let limit = line.len().min(usize::from(ray.max));
            for &s in &line[..limit] {
                let q = b[usize::from(s)];
                if q == 0 {
                    n += u64::from(ray.mode & MOVE != 0 && first_time(dedup, &mut seen, s));
                } else {
                    n += u64::from(
                        color_of(q) != us
                            && ray.mode & CAPTURE != 0
                            && first_time(dedup, &mut seen, s),
                    );
                    break;
                }
            }
        }
        n
    }

    /// The number of legal moves, without listing them where it can: outside
    /// check, in a variant without hoppers or gating, an unpinned piece other
    /// than the king and the pawns has as many legal moves as targets.
    pub fn count_legal(&self, t: &Tables, r: &Rules, buffer: &mut Vec<VariantMove>) -> u64 {
        let us = self.turn;
        let king = self.kings[us];
        if king == NO_SQ || t.has_hoppers {
            self.legal_moves(t, r, buffer);
            return buffer.len() as u64;
        }
        let Some(pinned) = self.pins_unless_check(t, king) else {
            self.legal_moves(t, r, buffer);
            return buffer.len() as u64;
        };
        let pawn = t.pawn.map_or(usize::MAX, usize::from);
        let mut n = 0;
        for from in self.occ[us].iter() {
            let ty = type_of(self.board[usize::from(from)]);
            if from != king && !pinned.contains(from) {
                // A gated piece refills the square left, so an unpinned piece's
                // gating moves are legal with its plain ones: Seirawan adds one
                // move per type in hand, Musketeer replaces the plain move.
                let files = Sq::from(r.size.files());
                let mult = if r.gating == Gating::Seirawan
                    && from / files == Self::gate_rank(r, us)
                    && self.gates[us] >> (from % files) & 1 != 0
                {
                    1 + self.holdings[us].iter().filter(|&&h| h > 0).count() as u64
                } else {
                    1
                };
                if ty != pawn {
                    n += mult * self.count_targets(t, from, ty);
                    continue;
                }
                if self.ep[0] == NO_SQ {
                    n += mult * self.count_pawn(t, r, from);
                    continue;
                }
            }
            buffer.clear();
            self.piece_moves(t, r, from, false, buffer);
            let full = from == king || pinned.contains(from);
            for mv in buffer.iter() {
                if !full && mv.kind != MoveKind::EnPassant {
                    n += 1;
                    continue;
                }
                let mut next = *self;
                next.make(t, r, mv);
                let k = next.kings[us];
                n += u64::from(k == NO_SQ || !next.attacked(t, k, us ^ 1));
            }
        }
        n
    }

    /// Perft with bulk counting at the last ply.
    pub fn perft(
        &self,
        t: &Tables,
        r: &Rules,
        depth: u32,
        buffers: &mut Vec<Vec<VariantMove>>,
        ply: usize,
    ) -> u64 {
        if depth == 0 {
            return 1;
        }
        if buffers.len() <= ply {
            buffers.push(Vec::with_capacity(128));
        }
        let mut moves = core::mem::take(&mut buffers[ply]);
        let n = if depth == 1 {
            self.count_legal(t, r, &mut moves)
        } else {
            self.legal_moves(t, r, &mut moves);
            let mut sum = 0;
            for mv in &moves {
                let mut next = *self;
                next.make(t, r, mv);
                sum += next.perft(t, r, depth - 1, buffers, ply + 1);
            }
            sum
        };
        buffers[ply] = moves;
        n
    }
}

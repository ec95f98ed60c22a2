//! The position's state, copied on every move (copy-make), and the hot path:
//! pseudo-legal generation from the tables, attack tests, make-move, perft.

use crate::mobility::betza::Hop;

use super::board::{NO_SQ, Sq, WideBitboard};
use super::moves::{MoveKind, NO_TYPE, VariantMove};
use super::rules::{Gating, Rules};
use super::tables::{CAPTURE, MAX_TYPES, MOVE, Tables};

/// Piece code on a square: 0 empty, else `1 + 2 × type + colour`.
#[inline]
pub(crate) fn code(c: usize, t: usize) -> u8 {
    (1 + 2 * t + c) as u8
}

#[inline]
pub(crate) fn color_of(p: u8) -> usize {
    usize::from((p - 1) & 1)
}

#[inline]
pub(crate) fn type_of(p: u8) -> usize {
    usize::from((p - 1) >> 1)
}

/// Everything that changes from move to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct State {
    pub board: [u8; 256],
    pub occ: [WideBitboard; 2],
    /// 0 White, 1 Black.
    pub turn: usize,
    /// Bits: 0 White kingside, 1 White queenside, 2 Black kingside, 3 Black queenside.
    pub castling: u8,
    /// The rook squares of the four castling rights.
    pub rook_sq: [Sq; 4],
    /// En-passant target squares (up to two, for triple steps) and the pawn to take.
    pub ep: [Sq; 2],
    pub ep_victim: Sq,
    pub halfmove: u32,
    pub fullmove: u32,
    pub kings: [Sq; 2],
    pub counts: [[u8; MAX_TYPES]; 2],
    /// Seirawan holdings.
    pub holdings: [[u8; MAX_TYPES]; 2],
    /// Gates: a bit per file of the side's gating rank.
    pub gates: [u16; 2],
    /// Musketeer: the piece type over each file.
    pub musketeer: [[u8; 16]; 2],
    /// Musketeer: the types each side chose (a bit per type), extra promotion choices.
    pub chosen: [u32; 2],
}

impl State {
    pub fn empty() -> State {
        State {
            board: [0; 256],
            occ: [WideBitboard::EMPTY; 2],
            turn: 0,
            castling: 0,
            rook_sq: [NO_SQ; 4],
            ep: [NO_SQ; 2],
            ep_victim: NO_SQ,
            halfmove: 0,
            fullmove: 1,
            kings: [NO_SQ; 2],
            counts: [[0; MAX_TYPES]; 2],
            holdings: [[0; MAX_TYPES]; 2],
            gates: [0; 2],
            musketeer: [[NO_TYPE; 16]; 2],
            chosen: [0; 2],
        }
    }

    #[inline]
    pub fn put(&mut self, t: &Tables, sq: Sq, c: usize, ty: usize) {
        self.board[usize::from(sq)] = code(c, ty);
        self.occ[c].insert(sq);
        self.counts[c][ty] += 1;
        if Some(ty as u8) == t.king {
            self.kings[c] = sq;
        }
    }

    #[inline]
    pub fn remove(&mut self, t: &Tables, sq: Sq) {
        let p = self.board[usize::from(sq)];
        let (c, ty) = (color_of(p), type_of(p));
        self.board[usize::from(sq)] = 0;
        self.occ[c].remove(sq);
        self.counts[c][ty] -= 1;
        if Some(ty as u8) == t.king && self.kings[c] == sq {
            self.kings[c] = NO_SQ;
        }
    }

    /// The gating rank of colour `c` (its castling rank for castling variants, else its first rank).
    #[inline]
    pub fn gate_rank(r: &Rules, c: usize) -> Sq {
        let rel = r.castling.map_or(0, |k| k.rank);
        Sq::from(if c == 0 {
            rel
        } else {
            r.size.ranks() - 1 - rel
        })
    }

    /// Is `sq` attacked by colour `by`?
    pub fn attacked(&self, t: &Tables, sq: Sq, by: usize) -> bool {
        let b = &self.board;
        for a in t.leap_attackers(by, sq) {
            let p = b[usize::from(a.from)];
            if p != 0
                && color_of(p) == by
                && (a.types >> type_of(p)) & 1 != 0
                && (a.block[0] == NO_SQ || b[usize::from(a.block[0])] == 0)
                && (a.block[1] == NO_SQ || b[usize::from(a.block[1])] == 0)
            {
                return true;
            }
        }
        for &d in &t.attack_dirs[by] {
            let du = usize::from(d);
            let line = t.ray(sq, t.opposite[du]);
            let Some(i) = line.iter().position(|&s| b[usize::from(s)] != 0) else {
                continue;
            };
            let p = b[usize::from(line[i])];
            if color_of(p) == by {
                let ty = type_of(p);
                if (t.ride_mask[by][du] >> ty) & 1 != 0 && i < usize::from(t.ride_max[by][du][ty]) {
                    return true;
                }
            }
            // Hoppers: the attacker is the next piece beyond the hurdle `line[i]`;
            // a grasshopper only when the hurdle stands right next to `sq`.
            let hoppers = t.cannon_mask[by][du] | if i == 0 { t.grass_mask[by][du] } else { 0 };
            if hoppers != 0
                && let Some(j) = line[i + 1..].iter().position(|&s| b[usize::from(s)] != 0)
            {
                let q = b[usize::from(line[i + 1 + j])];
                if color_of(q) == by && (hoppers >> type_of(q)) & 1 != 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Is the side to move in check?
    #[inline]
    pub fn in_check(&self, t: &Tables) -> bool {
        let k = self.kings[self.turn];
        k != NO_SQ && self.attacked(t, k, self.turn ^ 1)
    }

    #[inline]
    fn push(&self, r: &Rules, out: &mut Vec<VariantMove>, mv: VariantMove) {
        match r.gating {
            Gating::None => out.push(mv),
            _ => self.push_gated(r, out, mv),
        }
    }

    fn push_gated(&self, r: &Rules, out: &mut Vec<VariantMove>, mv: VariantMove) {
        let us = self.turn;
        let rank = Self::gate_rank(r, us);
        let files = Sq::from(r.size.files());
        // Squares the move vacates that carry a gate.
        let mut spots = [NO_SQ; 2];
        let mut n = 0;
        let mut gate_at = |sq: Sq| {
            if sq != NO_SQ && sq / files == rank && (self.gates[us] >> (sq % files)) & 1 != 0 {
                spots[n] = sq;
                n += 1;
            }
        };
        gate_at(mv.from);
        if mv.is_castling() {
            let side = if mv.kind == MoveKind::CastleKingside {
                0
            } else {
                1
            };
            gate_at(self.rook_sq[2 * us + side]);
        }
        match r.gating {
            Gating::Seirawan => {
                out.push(mv);
                for &sq in &spots[..n] {
                    // The square must be empty after the move (castling may refill it).
                    if mv.is_castling() && (sq == mv.to || sq == self.castle_rook_to(r, &mv)) {
                        continue;
                    }
                    for ty in 0..r.pieces.len() {
                        if self.holdings[us][ty] > 0 {
                            out.push(VariantMove {
                                gate: ty as u8,
                                gate_sq: sq,
                                ..mv
                            });
                        }
                    }
                }
            }
            Gating::Musketeer => {
                let mut gated = false;
                for &sq in &spots[..n] {
                    let ty = self.musketeer[us][usize::from(sq % files)];
                    if ty == NO_TYPE {
                        continue;
                    }
                    if mv.is_castling() && (sq == mv.to || sq == self.castle_rook_to(r, &mv)) {
                        continue;
                    }
                    out.push(VariantMove {
                        gate: ty,
                        gate_sq: sq,
                        ..mv
                    });
                    gated = true;
                }
                if !gated {
                    out.push(mv);
                }
            }
            Gating::None => out.push(mv),
        }
    }

    #[inline]
    pub fn castle_rook_to(&self, r: &Rules, mv: &VariantMove) -> Sq {
        if mv.kind == MoveKind::CastleKingside {
            mv.to - 1
        } else {
            let _ = r;
            mv.to + 1
        }
    }

    fn push_pawn(&self, t: &Tables, r: &Rules, out: &mut Vec<VariantMove>, from: Sq, to: Sq) {
        let us = self.turn;
        let rank = to / t.files;
        if (r.promotion_ranks[us] >> rank) & 1 == 0 {
            self.push(r, out, VariantMove::new(from, to, MoveKind::Normal));
            return;
        }
        let last = if us == 0 {
            Sq::from(r.size.ranks()) - 1
        } else {
            0
        };
        if rank != last && !r.mandatory_promotion {
            self.push(r, out, VariantMove::new(from, to, MoveKind::Normal));
        }
        let chosen = (0..r.pieces.len() as u8).filter(|&t| self.chosen[us] >> t & 1 != 0);
        for p in r.promotion_types.iter().copied().chain(chosen) {
            let limit = r.promotion_limit[usize::from(p)];
            if limit == 0 || self.counts[us][usize::from(p)] < limit {
                let mut mv = VariantMove::new(from, to, MoveKind::Normal);
                mv.promotion = p;
                self.push(r, out, mv);
            }
        }
    }

    /// Pseudo-legal moves (castling is checked for attacked squares already).
    pub fn pseudo_moves(&self, t: &Tables, r: &Rules, in_check: bool, out: &mut Vec<VariantMove>) {
        let us = self.turn;
        let b = &self.board;
        let pawn = t.pawn.map_or(usize::MAX, usize::from);
        for from in self.occ[us].iter() {
            let ty = type_of(b[usize::from(from)]);
            if ty == pawn {
                self.pawn_moves(t, r, from, out);
                continue;
            }
            for l in t.leaps_of(us, ty, from) {
                if l.block[0] != NO_SQ
                    && (b[usize::from(l.block[0])] != 0
                        || (l.block[1] != NO_SQ && b[usize::from(l.block[1])] != 0))
                {
                    continue;
                }
                let q = b[usize::from(l.to)];
                if q == 0 {
                    if l.mode & MOVE != 0 {
                        self.push(r, out, VariantMove::new(from, l.to, MoveKind::Normal));
                    }
                } else if color_of(q) != us && l.mode & CAPTURE != 0 {
                    self.push(r, out, VariantMove::new(from, l.to, MoveKind::Normal));
                }
            }
            for ray in &t.rays[us * t.types + ty] {
                let line = t.ray(from, ray.dir);
                match ray.hop {
                    None => {
                        let limit = line.len().min(usize::from(ray.max));
                        for &s in &line[..limit] {
                            let q = b[usize::from(s)];
                            if q == 0 {
                                if ray.mode & MOVE != 0 {
                                    self.push(r, out, VariantMove::new(from, s, MoveKind::Normal));
                                }
                            } else {
                                if color_of(q) != us && ray.mode & CAPTURE != 0 {
                                    self.push(r, out, VariantMove::new(from, s, MoveKind::Normal));
                                }
                                break;
                            }
                        }
                    }
                    Some(hop) => {
                        let Some(i) = line.iter().position(|&s| b[usize::from(s)] != 0) else {
                            continue;
                        };
                        let beyond = &line[i + 1..];
                        let beyond = if hop == Hop::Grasshopper {
                            &beyond[..beyond.len().min(1)]
                        } else {
                            beyond
                        };
                        for &s in beyond {
                            let q = b[usize::from(s)];
                            if q == 0 {
                                if ray.mode & MOVE != 0 {
                                    self.push(r, out, VariantMove::new(from, s, MoveKind::Normal));
                                }
                            } else {
                                if color_of(q) != us && ray.mode & CAPTURE != 0 {
                                    self.push(r, out, VariantMove::new(from, s, MoveKind::Normal));
                                }
                                break;
                            }
                        }
                    }
                }
            }
            if Some(ty as u8) == t.king && self.castling != 0 && !in_check {
                self.castling_moves(t, r, from, out);
            }
        }
    }

    fn pawn_moves(&self, t: &Tables, r: &Rules, from: Sq, out: &mut Vec<VariantMove>) {
        let us = self.turn;
        let b = &self.board;
        let ty = usize::from(t.pawn.unwrap_or(0));
        for l in t.leaps_of(us, ty, from) {
            let q = b[usize::from(l.to)];
            if q == 0 {
                if l.mode & MOVE != 0 {
                    self.push_pawn(t, r, out, from, l.to);
                } else if r.en_passant && (l.to == self.ep[0] || l.to == self.ep[1]) {
                    self.push(r, out, VariantMove::new(from, l.to, MoveKind::EnPassant));
                }
            } else if color_of(q) != us && l.mode & CAPTURE != 0 {
                self.push_pawn(t, r, out, from, l.to);
            }
        }
        let rank = from / t.files;
        let multi = (r.double_step[us] | r.triple_step[us]) >> rank & 1 != 0;
        if multi {
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
                    let rank_to = to / t.files;
                    if (r.promotion_ranks[us] >> rank_to) & 1 != 0 {
                        // A multi-step into the zone promotes as any pawn move does.
                        self.push_pawn(t, r, out, from, to);
                    } else {
                        self.push(r, out, VariantMove::new(from, to, MoveKind::MultiStep));
                    }
                }
                if r.triple_step[us] >> rank & 1 == 0 {
                    break;
                }
            }
        }
    }

    fn castling_moves(&self, t: &Tables, r: &Rules, king: Sq, out: &mut Vec<VariantMove>) {
        let Some(rules) = r.castling else { return };
        let us = self.turn;
        let files = t.files;
        let rank = Self::gate_rank(r, us);
        if king != rank * files + Sq::from(rules.king_file) {
            return;
        }
        for side in 0..2 {
            if (self.castling >> (2 * us + side)) & 1 == 0 {
                continue;
            }
            let rook = self.rook_sq[2 * us + side];
            if rook == NO_SQ
                || self.board[usize::from(rook)] != code(us, usize::from(rules.rook_type))
            {
                continue;
            }
            let kto = rank * files
                + Sq::from(if side == 0 {
                    rules.kingside_file
                } else {
                    rules.queenside_file
                });
            let rto = if side == 0 { kto - 1 } else { kto + 1 };
            let lo = king.min(rook).min(kto).min(rto);
            let hi = king.max(rook).max(kto).max(rto);
            if (lo..=hi).any(|s| s != king && s != rook && self.board[usize::from(s)] != 0) {
                continue;
            }
            let (a, z) = (king.min(kto), king.max(kto));
            if (a..=z).any(|s| s != king && self.attacked(t, s, us ^ 1)) {
                continue;
            }
            let kind = if side == 0 {
                MoveKind::CastleKingside
            } else {
                MoveKind::CastleQueenside
            };
            self.push(r, out, VariantMove::new(king, kto, kind));
        }
    }

    /// Plays a pseudo-legal move.
    pub fn make(&mut self, t: &Tables, r: &Rules, mv: &VariantMove) {
        let us = self.turn;
        let them = us ^ 1;
        let files = t.files;
        let p = self.board[usize::from(mv.from)];
        let ty = type_of(p);
        self.halfmove += 1;
        if Some(ty as u8) == t.pawn {
            self.halfmove = 0;
        }
        let old_ep = self.ep_victim;
        self.ep = [NO_SQ; 2];
        self.ep_victim = NO_SQ;
        match mv.kind {
            MoveKind::CastleKingside | MoveKind::CastleQueenside => {
                let side = usize::from(mv.kind == MoveKind::CastleQueenside);
                let rook = self.rook_sq[2 * us + side];
                let rty = type_of(self.board[usize::from(rook)]);
                self.remove(t, mv.from);
                self.remove(t, rook);
                self.put(t, mv.to, us, ty);
                self.put(t, self.castle_rook_to(r, mv), us, rty);
                self.clear_rights_at(r, rook);
            }
            _ => {
                if mv.kind == MoveKind::EnPassant {
                    self.remove(t, old_ep);
                    self.halfmove = 0;
                } else if self.board[usize::from(mv.to)] != 0 {
                    self.remove(t, mv.to);
                    self.halfmove = 0;
                    // A gate is lost when the piece on its square is captured.
                    if r.gating != Gating::None && mv.to / files == Self::gate_rank(r, them) {
                        self.gates[them] &= !(1 << (mv.to % files));
                    }
                }
                self.remove(t, mv.from);
                let new_ty = if mv.promotion != NO_TYPE {
                    usize::from(mv.promotion)
                } else {
                    ty
                };
                self.put(t, mv.to, us, new_ty);
                if mv.kind == MoveKind::MultiStep {
                    self.set_ep(t, r, mv);
                }
            }
        }
        if self.castling != 0 {
            self.clear_rights_at(r, mv.from);
            self.clear_rights_at(r, mv.to);
        }
        if r.gating != Gating::None {
            let rank = Self::gate_rank(r, us);
            if mv.gate != NO_TYPE {
                self.put(t, mv.gate_sq, us, usize::from(mv.gate));
                if r.gating == Gating::Seirawan {
                    self.holdings[us][usize::from(mv.gate)] -= 1;
                }
            }
            if mv.from / files == rank {
                self.gates[us] &= !(1 << (mv.from % files));
            }
            if mv.is_castling() {
                let side = usize::from(mv.kind == MoveKind::CastleQueenside);
                let rook = self.rook_sq[2 * us + side];
                self.gates[us] &= !(1 << (rook % files));
            }
            if r.gating == Gating::Seirawan && self.holdings[us].iter().all(|&h| h == 0) {
                self.gates[us] = 0;
            }
        }
        if us == 1 {
            self.fullmove += 1;
        }
        self.turn = them;
    }

    fn clear_rights_at(&mut self, r: &Rules, sq: Sq) {
        let Some(rules) = r.castling else { return };
        for c in 0..2 {
            let king = Self::gate_rank(r, c) * Sq::from(r.size.files()) + Sq::from(rules.king_file);
            for side in 0..2 {
                let i = 2 * c + side;
                if sq == king || sq == self.rook_sq[i] {
                    self.castling &= !(1 << i);
                }
            }
        }
    }

    fn set_ep(&mut self, t: &Tables, r: &Rules, mv: &VariantMove) {
        if !r.en_passant {
            return;
        }
        let them = self.turn ^ 1;
        let pawn = usize::from(t.pawn.unwrap_or(0));
        let step = i32::from(t.files) * if self.turn == 0 { 1 } else { -1 };
        let mut n = 0;
        let mut s = i32::from(mv.from) + step;
        while s != i32::from(mv.to) {
            let sq = s as Sq;
            let capturable = t.leap_attackers(them, sq).iter().any(|a| {
                (a.types >> pawn) & 1 != 0 && self.board[usize::from(a.from)] == code(them, pawn)
            });
            if capturable {
                self.ep[n] = sq;
                n += 1;
            }
            s += step;
        }
        if n > 0 {
            self.ep_victim = mv.to;
        }
    }

    /// Legal moves into `out` (cleared first).
    pub fn legal_moves(&self, t: &Tables, r: &Rules, out: &mut Vec<VariantMove>) {
        out.clear();
        let in_check = self.in_check(t);
        self.pseudo_moves(t, r, in_check, out);
        let us = self.turn;
        let king = self.kings[us];
        if king == NO_SQ {
            return;
        }
        let sensitive = &t.sensitive[usize::from(king)];
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
        self.legal_moves(t, r, &mut moves);
        let n = if depth == 1 {
            moves.len() as u64
        } else {
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

//! Pseudo-legal move generation from the tables: leaps, rays, hoppers, pawns,
//! castling, and the gating and promotion variants of each move.

use crate::mobility::betza::Hop;

use super::board::{NO_SQ, Sq, WideBitboard};
use super::moves::{MoveKind, NO_TYPE, VariantMove};
use super::rules::{Annan, CastlingRules, Gating, Mars, Rules, TakeMake};
use super::state::{State, is_piece_of, type_of};
use super::tables::{CAPTURE, MOVE, Tables, first_time};

impl State {
    #[inline]
    fn push(&self, r: &Rules, out: &mut Vec<VariantMove>, mv: VariantMove) {
        if r.shogi.active {
            return self.push_shogi(r, out, mv);
        }
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
                    if mv.is_castling() && (sq == mv.to || sq == self.castle_rook_to(&mv)) {
                        continue;
                    }
                    for ty in 0..r.pieces.len() {
                        if self.holdings[us][ty] > 0 && r.gates_type(ty) {
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
                    if mv.is_castling() && (sq == mv.to || sq == self.castle_rook_to(&mv)) {
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
    /// Where the rook of a castling move lands: next to the king, on the side it came from.
    pub fn castle_rook_to(&self, mv: &VariantMove) -> Sq {
        if mv.kind == MoveKind::CastleKingside {
            mv.to - 1
        } else {
            mv.to + 1
        }
    }

    pub(crate) fn push_pawn(
        &self,
        t: &Tables,
        r: &Rules,
        out: &mut Vec<VariantMove>,
        from: Sq,
        to: Sq,
    ) {
        let us = self.turn;
        if !t.promo_zone[us].contains(to) {
            self.push(r, out, VariantMove::new(from, to, MoveKind::Normal));
            return;
        }
        let rank = to / t.files;
        let last = if us == 0 {
            Sq::from(r.size.ranks()) - 1
        } else {
            0
        };
        if rank != last && !r.mandatory_promotion {
            // (With shogi rules, `push` adds the pawn's promoted type too.)
            self.push(r, out, VariantMove::new(from, to, MoveKind::Normal));
        } else if let Some(p) = r.shogi.promoted_of(type_of(self.board[usize::from(from)])) {
            // A pawn with a promoted type (`promotedPieceType = p:c`) that must
            // promote promotes to it, as Fairy-Stockfish's pawn promotions do
            // (but where it promotes only by capturing and the square is empty).
            if !(r.shogi.on_capture && self.board[usize::from(to)] == 0) {
                out.push(VariantMove {
                    promotion: p,
                    ..VariantMove::new(from, to, MoveKind::Normal)
                });
            }
        }
        let chosen = (0..r.pieces.len() as u8).filter(|&t| self.chosen[us] >> t & 1 != 0);
        for p in r.promotion_choices(us).iter().copied().chain(chosen) {
            let limit = r.promotion_limit[usize::from(p)];
            if limit == 0 || self.counts[us][usize::from(p)] < u16::from(limit) {
                let mut mv = VariantMove::new(from, to, MoveKind::Normal);
                mv.promotion = p;
                if r.shogi.active {
                    // The promotion is chosen: the shogi rules add no other
                    // (the pawn's own promoted type is listed once, above).
                    out.push(mv);
                } else {
                    self.push(r, out, mv);
                }
            }
        }
    }

    /// Pseudo-legal moves (castling is checked for attacked squares already).
    pub fn pseudo_moves(&self, t: &Tables, r: &Rules, in_check: bool, out: &mut Vec<VariantMove>) {
        // Annan chess moves the pieces as others ([`super::annan`]).
        if t.conditions.conditions.annan != Annan::None {
            return self.annan_moves(t, r, in_check, out);
        }
        // Mars Circe takes from the rebirth squares ([`super::mars`]).
        if t.conditions.conditions.mars != Mars::None {
            return self.mars_moves(t, r, in_check, out);
        }
        // Take&Make and Make&Take move a capturing man twice
        // ([`super::take_make`], [`super::make_take`]).
        if t.conditions.conditions.take_make != TakeMake::None {
            return self.take_make_moves(t, r, in_check, out);
        }
        if t.conditions.conditions.make_take {
            return self.make_take_moves(t, r, in_check, out);
        }
        self.walk_moves(t, r, in_check, out);
    }

    /// Pseudo-legal moves, each piece moving as its own type.
    pub(crate) fn walk_moves(
        &self,
        t: &Tables,
        r: &Rules,
        in_check: bool,
        out: &mut Vec<VariantMove>,
    ) {
        for from in self.occ[self.turn].iter() {
            self.piece_moves(t, r, from, in_check, out);
        }
        if r.drops.enabled {
            self.drop_moves(t, r, out);
        }
        if t.palace.active {
            self.pass_move(r, out);
        }
        if r.regions.cambodian_moves {
            self.cambodian_moves(r, in_check, out);
        }
        if r.regions.sittuyin_promotion {
            self.sittuyin_promotions(t, r, out);
        }
    }

    /// The pseudo-legal moves that take nothing (castling among them), each
    /// piece moving as its own type: the part of the move list that Mars Circe
    /// and Make&Take keep orthodox, since they change only how a man takes.
    pub(crate) fn walk_quiet_moves(
        &self,
        t: &Tables,
        r: &Rules,
        in_check: bool,
        out: &mut Vec<VariantMove>,
    ) {
        let start = out.len();
        self.walk_moves(t, r, in_check, out);
        let quiet: Vec<VariantMove> = out
            .drain(start..)
            .filter(|mv| !self.is_capture(mv))
            .collect();
        out.extend(quiet);
    }

    /// The pseudo-legal moves of the piece on `from`.
    #[inline]
    pub(crate) fn piece_moves(
        &self,
        t: &Tables,
        r: &Rules,
        from: Sq,
        in_check: bool,
        out: &mut Vec<VariantMove>,
    ) {
        let us = self.turn;
        let b = &self.board;
        {
            let ty = type_of(b[usize::from(from)]);
            // The orthodox pawn and the custom pawns (one test for both).
            if (t.special >> ty) & 1 != 0 {
                if t.pawn == Some(ty as u8) {
                    self.pawn_moves(t, r, from, out);
                } else {
                    self.custom_pawn_moves(t, r, from, ty, out);
                }
                return;
            }
            // A square two components reach is one move; only pieces whose
            // components overlap pay for the check.
            let start = out.len();
            if t.overlap[us * t.types + ty] {
                self.target_moves::<true>(t, r, from, ty, out);
            } else {
                self.target_moves::<false>(t, r, from, ty, out);
            }
            if t.palace.active {
                self.palace_moves(t, r, from, ty, start, out);
            }
            if Some(ty as u8) == t.king && self.castling != 0 && !in_check {
                self.castling_moves(t, r, from, out);
            }
        }
    }

    /// The leap and ray moves of a `ty` on `from`; with `DEDUP`, each target once.
    #[inline(always)]
    fn target_moves<const DEDUP: bool>(
        &self,
        t: &Tables,
        r: &Rules,
        from: Sq,
        ty: usize,
        out: &mut Vec<VariantMove>,
    ) {
        let us = self.turn;
        let b = &self.board;
        let dedup = DEDUP;
        let mut seen = WideBitboard::EMPTY;
        // A Janggi cannon hops no cannon and takes none ([`super::palace`]).
        let janggi = (t.palace.cannon_types >> ty) & 1 != 0;
        let first = out.len();
        for l in t.leaps_of(us, ty, from) {
            if l.blocked(b) {
                continue;
            }
            let q = b[usize::from(l.to)];
            if q == 0 {
                if l.mode & MOVE != 0 && first_time(dedup, &mut seen, l.to) {
                    self.push(r, out, VariantMove::new(from, l.to, MoveKind::Normal));
                }
            } else if is_piece_of(q, us ^ 1)
                && l.mode & CAPTURE != 0
                && first_time(dedup, &mut seen, l.to)
            {
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
                            if ray.mode & MOVE != 0 && first_time(dedup, &mut seen, s) {
                                self.push(r, out, VariantMove::new(from, s, MoveKind::Normal));
                            }
                        } else {
                            if is_piece_of(q, us ^ 1)
                                && ray.mode & CAPTURE != 0
                                && first_time(dedup, &mut seen, s)
                            {
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
                    if janggi && t.palace.is_cannon(b[usize::from(line[i])]) {
                        continue;
                    }
                    let beyond = &line[i + 1..];
                    let beyond = if hop == Hop::Grasshopper {
                        &beyond[..beyond.len().min(1)]
                    } else {
                        beyond
                    };
                    for &s in beyond {
                        let q = b[usize::from(s)];
                        if q == 0 {
                            if ray.mode & MOVE != 0 && first_time(dedup, &mut seen, s) {
                                self.push(r, out, VariantMove::new(from, s, MoveKind::Normal));
                            }
                        } else {
                            if is_piece_of(q, us ^ 1)
                                && ray.mode & CAPTURE != 0
                                && !(janggi && t.palace.is_cannon(q))
                                && first_time(dedup, &mut seen, s)
                            {
                                self.push(r, out, VariantMove::new(from, s, MoveKind::Normal));
                            }
                            break;
                        }
                    }
                }
            }
        }
        // A rider's mobility region: its moves end there ([`super::regions`]).
        if let Some(region) = t.ride_region[us * t.types + ty] {
            // The moves listed before this piece's (from `first` on) stay.
            let mut seen = 0;
            out.retain(|m| {
                seen += 1;
                seen <= first || region.contains(m.to())
            });
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
            } else if is_piece_of(q, us ^ 1) && l.mode & CAPTURE != 0 {
                self.push_pawn(t, r, out, from, l.to);
            }
        }
        self.pawn_multi_steps(t, from, |to| {
            if t.promo_zone[us].contains(to) {
                // A multi-step into the zone promotes as any pawn move does.
                self.push_pawn(t, r, out, from, to);
            } else {
                self.push(r, out, VariantMove::new(from, to, MoveKind::MultiStep));
            }
        });
    }

    /// The moves of a custom pawn `ty` on `from` ([`super::pawns`]): its Betza
    /// moves, as promotions where they end in the promotion zone (and also
    /// plain where promotion is optional), and its en-passant captures: an
    /// empty en-passant square it attacks and does not move to quietly (as
    /// Fairy-Stockfish's `generate_moves`).
    fn custom_pawn_moves(
        &self,
        t: &Tables,
        r: &Rules,
        from: Sq,
        ty: usize,
        out: &mut Vec<VariantMove>,
    ) {
        let us = self.turn;
        let start = out.len();
        if t.overlap[us * t.types + ty] {
            self.target_moves::<true>(t, r, from, ty, out);
        } else {
            self.target_moves::<false>(t, r, from, ty, out);
        }
        let zone = t.promo_zone[us];
        if (t.pawn_sets.promotion[us] >> ty) & 1 != 0
            && out[start..].iter().any(|m| zone.contains(m.to))
        {
            let mut promoting = WideBitboard::EMPTY;
            let mut i = start;
            while i < out.len() {
                if zone.contains(out[i].to) {
                    promoting.insert(out[i].to);
                    if r.mandatory_promotion {
                        out.swap_remove(i);
                        continue;
                    }
                }
                i += 1;
            }
            let chosen = (0..r.pieces.len() as u8).filter(|&p| self.chosen[us] >> p & 1 != 0);
            let choices: Vec<u8> = r
                .promotion_choices(us)
                .iter()
                .copied()
                .chain(chosen)
                .collect();
            for to in promoting.iter() {
                for &p in &choices {
                    let limit = r.promotion_limit[usize::from(p)];
                    if limit == 0 || self.counts[us][usize::from(p)] < u16::from(limit) {
                        let mut mv = VariantMove::new(from, to, MoveKind::Normal);
                        mv.promotion = p;
                        self.push(r, out, mv);
                    }
                }
            }
        }
        if self.ep[0] != NO_SQ && (t.pawn_sets.en_passant[us] >> ty) & 1 != 0 {
            for &sq in self.ep.iter().filter(|&&s| s != NO_SQ) {
                if self.board[usize::from(sq)] == 0
                    && self.reaches(t, from, ty, sq, CAPTURE)
                    && !self.reaches(t, from, ty, sq, MOVE)
                {
                    self.push(r, out, VariantMove::new(from, sq, MoveKind::EnPassant));
                }
            }
        }
    }

    /// Does the `ty` on `from` reach the empty square `to` by a move of `mode`
    /// (leap or ride, its path empty)?
    pub(crate) fn reaches(&self, t: &Tables, from: Sq, ty: usize, to: Sq, mode: u8) -> bool {
        let us = self.turn;
        let b = &self.board;
        let leap = t.leaps_of(us, ty, from).iter().any(|l| {
            l.to == to
                && l.mode & mode != 0
                && (l.block[0] == NO_SQ || b[usize::from(l.block[0])] == 0)
                && (l.block[1] == NO_SQ || b[usize::from(l.block[1])] == 0)
        });
        if let Some(region) = t.ride_region[us * t.types + ty]
            && !region.contains(to)
        {
            return false;
        }
        leap || t.rays[us * t.types + ty]
            .iter()
            .filter(|ray| ray.hop.is_none() && ray.mode & mode != 0)
            .any(|ray| {
                let line = t.ray(from, ray.dir);
                let limit = line.len().min(usize::from(ray.max));
                for &s in &line[..limit] {
                    if s == to {
                        return true;
                    }
                    if b[usize::from(s)] != 0 {
                        return false;
                    }
                }
                false
            })
    }

    pub(crate) fn castling_moves(
        &self,
        t: &Tables,
        r: &Rules,
        king: Sq,
        out: &mut Vec<VariantMove>,
    ) {
        let Some(rules) = r.castling else { return };
        let us = self.turn;
        let files = t.files;
        let rank = Self::gate_rank(r, us);
        if king != self.castling_king_sq(r, us) {
            return;
        }
        for side in 0..2 {
            let Some(mv) = self.castling_if_clear(&rules, rank * files, king, side) else {
                continue;
            };
            let (a, z) = (king.min(mv.to), king.max(mv.to));
            if (a..=z).any(|s| s != king && self.attacked(t, s, us ^ 1)) {
                continue;
            }
            self.push(r, out, mv);
        }
    }

    /// Castling on `side` (0 kingside, 1 queenside) of the king on `king`, its
    /// rank starting at square `rank_start`: the move when the side to move has
    /// the right, its castling piece stands on the right's square and every
    /// square the two pass or reach is empty; no square is tested for attacks
    /// (the royal king's castling does that, a non-royal one's need not).
    pub(crate) fn castling_if_clear(
        &self,
        rules: &CastlingRules,
        rank_start: Sq,
        king: Sq,
        side: usize,
    ) -> Option<VariantMove> {
        let us = self.turn;
        if (self.castling >> (2 * us + side)) & 1 == 0 {
            return None;
        }
        let rook = self.rook_sq[2 * us + side];
        if rook == NO_SQ || rook == king || !self.is_castling_rook(rules, us, rook) {
            return None;
        }
        // The square next to the king towards the rook first (most often taken).
        let next = if rook > king { king + 1 } else { king - 1 };
        if next != rook && self.board[usize::from(next)] != 0 {
            return None;
        }
        let kto = rank_start
            + Sq::from(if side == 0 {
                rules.kingside_file
            } else {
                rules.queenside_file
            });
        let rto = if side == 0 { kto - 1 } else { kto + 1 };
        let lo = king.min(rook).min(kto).min(rto);
        let hi = king.max(rook).max(kto).max(rto);
        if (lo..=hi).any(|s| s != king && s != rook && self.board[usize::from(s)] != 0) {
            return None;
        }
        let kind = if side == 0 {
            MoveKind::CastleKingside
        } else {
            MoveKind::CastleQueenside
        };
        Some(VariantMove::new(king, kto, kind))
    }
}

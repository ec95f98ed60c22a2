//! Legal moves, and perft with bulk counting: at the last ply the moves of
//! unpinned pieces are counted, not listed.

use super::board::{NO_SQ, Sq, WideBitboard, count128};
use super::moves::{MoveKind, NO_TYPE, VariantMove};
use super::rules::{Gating, Rules};
use super::state::{State, code, is_piece_of, type_of};
use super::tables::{CAPTURE, MOVE, Tables, first_time};
use crate::mobility::betza::Hop;

impl State {
    /// Legal moves into `out` (cleared first).
    pub fn legal_moves(&self, t: &Tables, r: &Rules, out: &mut Vec<VariantMove>) {
        self.legal_moves_where(t, r, out, |_| true);
    }

    /// The legal moves that `keep` accepts into `out` (cleared first): the
    /// same list as [`legal_moves`](Self::legal_moves) then `retain(keep)`,
    /// but only the pseudo-legal moves `keep` accepts are tested for legality
    /// (finding one move of a game, the replay tests one or two, not forty).
    /// Where legality depends on the other moves (game-end rules, compulsory
    /// drops) every move is tested first.
    pub fn legal_moves_where(
        &self,
        t: &Tables,
        r: &Rules,
        out: &mut Vec<VariantMove>,
        keep: impl Fn(&VariantMove) -> bool,
    ) {
        if r.ends.hooks_moves {
            match self.palace_fast_path(t, r) {
                Some(true) => {}
                Some(false) => {
                    out.clear();
                    return;
                }
                None => {
                    self.legal_moves_ends(t, r, out);
                    out.retain(keep);
                    return;
                }
            }
        }
        out.clear();
        let in_check = self.in_check(t);
        self.pseudo_moves(t, r, in_check, out);
        if in_check && r.gating == Gating::Musketeer {
            self.musketeer_evasions(t, out);
        }
        if !r.drops.must_drop {
            out.retain(&keep);
        }
        let us = self.turn;
        let king = self.kings[us];
        if king == NO_SQ {
            if r.drops.must_drop {
                self.must_drop(r, out);
                out.retain(keep);
            }
            return;
        }
        // Squares whose piece may not leave without a full test: with hoppers,
        // every square on a line from the king with an enemy rider or hopper of
        // that line on it (a move onto one may make a hurdle too); otherwise only
        // the pinned pieces.
        let (mut sensitive, mut onto) = if t.has_hoppers {
            if in_check {
                let s = t.sensitive[usize::from(king)];
                (s, s)
            } else {
                self.danger(t, king)
            }
        } else {
            (self.pinned(t, king), WideBitboard::EMPTY)
        };
        // The palace lines' attacks are walked, not tabled: their squares too.
        if t.palace.active {
            let lines = self.palace_danger(t, king);
            sensitive |= lines;
            onto |= lines;
        }
        let king_code = t.king.map(|k| code(us, usize::from(k)));
        let drop_blocks = if in_check && r.drops.enabled {
            self.drop_blocks(t, king)
        } else {
            None
        };
        out.retain(|mv| {
            if let Some(blocks) = drop_blocks
                && mv.is_drop()
                && !blocks.contains(mv.to)
            {
                return false;
            }
            if !in_check
                && Some(self.board[usize::from(mv.from)]) != king_code
                && !State::is_sittuyin_promotion(r, mv)
                && mv.kind != MoveKind::EnPassant
                && !sensitive.contains(mv.from)
                && (!(t.has_hoppers || t.palace.active) || !onto.contains(mv.to))
            {
                return true;
            }
            self.legal_after(t, r, mv)
        });
        if r.drops.must_drop {
            self.must_drop(r, out);
            out.retain(keep);
        }
    }

    /// Is the pseudo-legal `mv` legal (the mover's royal not attacked after it)?
    #[inline]
    fn legal_after(&self, t: &Tables, r: &Rules, mv: &VariantMove) -> bool {
        // An S-chess gated move is legal where its plain move is, as
        // Fairy-Stockfish tests it: a pinned piece may not leave its line
        // even though the gated piece fills the square it leaves.
        if r.gating == Gating::Seirawan && mv.gate != NO_TYPE && !mv.is_drop() {
            let plain = VariantMove {
                gate: NO_TYPE,
                gate_sq: NO_SQ,
                ..*mv
            };
            return self.legal_after(t, r, &plain);
        }
        let us = self.turn;
        // Makpong: a king in check may only take its one checker.
        if r.regions.makpong
            && !mv.is_drop()
            && mv.from == self.kings[us]
            && self.in_check(t)
            && !self.only_checker(t, mv.to)
        {
            return false;
        }
        let mut next = *self;
        next.make(t, r, mv);
        let k = next.kings[us];
        // Sittuyin: a promotion may not give check.
        if State::is_sittuyin_promotion(r, mv) {
            let theirs = next.kings[us ^ 1];
            if theirs != NO_SQ && next.attacked(t, theirs, us) {
                return false;
            }
        }
        k == NO_SQ || !next.attacked(t, k, us ^ 1)
    }

    /// The legal moves of a king (type `ty`, on `king`) that only leaps, outside
    /// check: its steps (and their gating forms) are counted without listing
    /// them or making them; castling is listed and tested.
    fn count_king_steps(
        &self,
        t: &Tables,
        r: &Rules,
        king: Sq,
        ty: usize,
        buffer: &mut Vec<VariantMove>,
    ) -> u64 {
        let us = self.turn;
        let b = &self.board;
        let mut n = 0;
        // Each step's plain and gated forms, as `push_gated` lists them.
        let files = t.files;
        let on_gate = r.gating != Gating::None
            && king / files == Self::gate_rank(r, us)
            && self.gates[us] >> (king % files) & 1 != 0;
        let (plain, gated) = match r.gating {
            Gating::None => (1, 0),
            Gating::Seirawan if on_gate => {
                let in_hand =
                    (0..t.types).filter(|&ty| self.holdings[us][ty] > 0 && r.gates_type(ty));
                (1, in_hand.count() as u64)
            }
            Gating::Seirawan => (1, 0),
            Gating::Musketeer
                if on_gate && self.musketeer[us][usize::from(king % files)] != NO_TYPE =>
            {
                (0, 1)
            }
            Gating::Musketeer => (1, 0),
        };
        let mut step = |to: Sq| {
            if plain > 0 && !self.attacked_without(t, to, us ^ 1, king) {
                n += plain;
            }
            // A piece gated in on the king's square blocks as the king does now.
            if gated > 0 && !self.attacked_without(t, to, us ^ 1, NO_SQ) {
                n += gated;
            }
        };
        if t.lame[us * t.types + ty] {
            let mut seen = WideBitboard::EMPTY;
            for l in t.leaps_of(us, ty, king) {
                if l.blocked(b) {
                    continue;
                }
                let q = b[usize::from(l.to)];
                let mode = if q == 0 {
                    MOVE
                } else if is_piece_of(q, us ^ 1) {
                    CAPTURE
                } else {
                    continue;
                };
                if l.mode & mode != 0 && first_time(true, &mut seen, l.to) {
                    step(l.to);
                }
            }
        } else {
            // Each target once, from the leap sets (no walls here: every
            // occupied square is a piece).
            let i = (us * t.types + ty) * t.squares + usize::from(king);
            let occ = self.occ[0] | self.occ[1];
            let targets = (t.leap_move_bb[i] & !occ) | (t.leap_cap_bb[i] & self.occ[us ^ 1]);
            for to in targets.iter() {
                step(to);
            }
        }
        // Castling needs the squares between king and rook empty: the one next
        // to the king first.
        let open = |side: usize| {
            let rook = self.rook_sq[2 * us + side];
            if (self.castling >> (2 * us + side)) & 1 == 0 || rook == NO_SQ || rook == king {
                return false;
            }
            let next = if rook > king { king + 1 } else { king - 1 };
            next == rook || b[usize::from(next)] == 0
        };
        if open(0) || open(1) {
            buffer.clear();
            self.castling_moves(t, r, king, buffer);
            for mv in buffer.iter() {
                n += u64::from(self.legal_after(t, r, mv));
            }
        }
        n
    }

    /// The legal ones of the king's pseudo-legal `moves`, without make-move but
    /// for castling: a step is legal if its target is not attacked with the
    /// king's square empty, or, when a piece is gated in on it, filled (as the
    /// king fills it now: a blocker or hurdle alike, and never an attacker).
    #[inline]
    fn count_king_moves(&self, t: &Tables, r: &Rules, moves: &[VariantMove]) -> u64 {
        let us = self.turn;
        let mut n = 0;
        // Gating variants list a step and its gated forms one after the other.
        let mut last = (NO_SQ, false, false);
        for mv in moves {
            if mv.is_castling() {
                n += u64::from(self.legal_after(t, r, mv));
                continue;
            }
            let gated = mv.gate != NO_TYPE;
            if (last.0, last.1) != (mv.to, gated) {
                let gone = if gated { NO_SQ } else { mv.from };
                last = (mv.to, gated, !self.attacked_without(t, mv.to, us ^ 1, gone));
            }
            n += u64::from(last.2);
        }
        n
    }

    /// With hoppers, outside check: the squares a move from may expose `king`,
    /// and those a move to may. A line from the king matters only if an enemy
    /// piece that rides or hops along it stands on it (before the move: a move
    /// off and onto other squares leaves the line as it is); a lame leap only if
    /// its leaper stands at its start. A move onto a square only blocks, unless
    /// it makes a hurdle: the second set has the lines of the enemy hoppers alone.
    pub(crate) fn danger(&self, t: &Tables, king: Sq) -> (WideBitboard, WideBitboard) {
        let them = self.turn ^ 1;
        let nd = t.dirs.len();
        let mut out = WideBitboard::EMPTY;
        let mut onto = WideBitboard::EMPTY;
        for &d in &t.attack_dirs[them] {
            let du = usize::from(d);
            let line = t.ray_bb[usize::from(king) * nd + usize::from(t.opposite[du])];
            let enemies = line & self.occ[them];
            if enemies.is_empty() {
                continue;
            }
            let riders = t.ride_mask[them][du];
            let hoppers = t.cannon_mask[them][du] | t.grass_mask[them][du];
            let (mut rides, mut hops) = (false, false);
            for s in enemies.iter() {
                let ty = type_of(self.board[usize::from(s)]);
                rides |= (riders >> ty) & 1 != 0;
                hops |= (hoppers >> ty) & 1 != 0;
            }
            if rides || hops {
                out |= line;
            }
            if hops {
                onto |= line;
            }
        }
        for a in t.leap_attackers_among(them, king, self.occ[them]) {
            if a.block[0] == NO_SQ {
                continue;
            }
            let p = self.board[usize::from(a.from)];
            if is_piece_of(p, them) && (a.types >> type_of(p)) & 1 != 0 {
                for &s in &a.block {
                    if s != NO_SQ {
                        out.insert(s);
                    }
                }
            }
        }
        (out, onto)
    }

    /// Can no move of the pawn (type `ty`) on `from` reach a square of `set`: its
    /// steps, captures, and the squares up to three ranks ahead?
    #[inline]
    pub(crate) fn pawn_clear_of(&self, t: &Tables, from: Sq, ty: usize, set: WideBitboard) -> bool {
        let us = self.turn;
        let i = (us * t.types + ty) * t.squares + usize::from(from);
        if !((t.leap_move_bb[i] | t.leap_cap_bb[i]) & set).is_empty() {
            return false;
        }
        let step = i32::from(t.files) * if us == 0 { 1 } else { -1 };
        (2..=3).all(|k| {
            let s = i32::from(from) + k * step;
            !(0..t.squares as i32).contains(&s) || !set.contains(s as Sq)
        })
    }

    /// How many moves a pawn move or capture to `to` makes (its promotions).
    fn pawn_choices(&self, t: &Tables, r: &Rules, to: Sq) -> u64 {
        let us = self.turn;
        if !t.promo_zone[us].contains(to) {
            return 1;
        }
        let rank = to / t.files;
        let last = if us == 0 {
            Sq::from(r.size.ranks()) - 1
        } else {
            0
        };
        let mut n = u64::from(rank != last && !r.mandatory_promotion);
        let chosen = (0..r.pieces.len() as u8).filter(|&p| self.chosen[us] >> p & 1 != 0);
        for p in r.promotion_choices(us).iter().copied().chain(chosen) {
            let limit = r.promotion_limit[usize::from(p)];
            n += u64::from(limit == 0 || self.counts[us][usize::from(p)] < u16::from(limit));
        }
        n
    }

    /// How many moves a pawn contributes when none needs a legality test (no en
    /// passant pending, the pawn not pinned, the king not in check).
    #[inline]
    pub(crate) fn count_pawn(&self, t: &Tables, r: &Rules, from: Sq, occ: WideBitboard) -> u64 {
        let us = self.turn;
        let ty = usize::from(t.pawn.unwrap_or(0));
        let i = (us * t.types + ty) * t.squares + usize::from(from);
        let targets = (t.leap_move_bb[i] & !occ) | (t.leap_cap_bb[i] & self.occ[us ^ 1]);
        let zone = t.promo_zone[us];
        let mut n = u64::from((targets & !zone).count());
        for to in (targets & zone).iter() {
            n += self.pawn_choices(t, r, to);
        }
        self.pawn_multi_steps(t, from, |to| n += self.pawn_choices(t, r, to));
        n
    }

    /// The number of targets of a non-pawn piece (each a move: no promotion, no gating).
    /// (Always inlined: it is called once per piece at perft's last ply, and
    /// the call cost a tenth of its work in crazyhouse.)
    #[inline(always)]
    fn count_targets(&self, t: &Tables, from: Sq, ty: usize) -> u64 {
        // A rider in a mobility region: its target set, cut to the region.
        if t.ride_region[self.turn * t.types + ty].is_some() {
            let occ = self.occ[0] | self.occ[1];
            return u64::from(self.targets(t, from, ty, occ).count());
        }
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
            if l.blocked(b) {
                continue;
            }
            let q = b[usize::from(l.to)];
            if q == 0 {
                n += u64::from(l.mode & MOVE != 0 && first_time(dedup, &mut seen, l.to));
            } else if is_piece_of(q, us ^ 1) {
                n += u64::from(l.mode & CAPTURE != 0 && first_time(dedup, &mut seen, l.to));
            }
        }
        // Plain riders only: hopper variants never come here.
        for ray in t.rides_of(us, ty, from) {
            let start = ray.start as usize;
            for &s in &t.ray_squares[start..start + usize::from(ray.len)] {
                let q = b[usize::from(s)];
                if q == 0 {
                    n += u64::from(ray.mode & MOVE != 0 && first_time(dedup, &mut seen, s));
                } else {
                    n += u64::from(
                        is_piece_of(q, us ^ 1)
                            && ray.mode & CAPTURE != 0
                            && first_time(dedup, &mut seen, s),
                    );
                    break;
                }
            }
        }
        n
    }

    /// The moves of the pawns `set` (none pinned, no en passant pending, no
    /// triple steps, a board of at most 128 squares), counted all at once by
    /// shifting the set: steps, double steps, the two captures, and the
    /// promotion choices of the targets in the zone.
    fn count_pawns_bulk(&self, t: &Tables, r: &Rules, set: WideBitboard, occ: WideBitboard) -> u64 {
        let narrow = |b: WideBitboard| u128::from(b.0[0]) | u128::from(b.0[1]) << 64;
        let us = self.turn;
        let pawns = narrow(set);
        if pawns == 0 {
            return 0;
        }
        let empty = !narrow(occ) & t.board128;
        let enemy = narrow(self.occ[us ^ 1]);
        let w = u32::from(t.files);
        let fwd = |b: u128| if us == 0 { b << w } else { b >> w };
        let single = fwd(pawns) & empty;
        let double = fwd(fwd(pawns & t.double128[us]) & empty) & empty;
        // Captures towards the last file and towards the first (Black's forward is down).
        let (to_last, to_first) = (pawns & t.not_last_file128, pawns & t.not_first_file128);
        let (cap_a, cap_b) = if us == 0 {
            (to_last << (w + 1), to_first << (w - 1))
        } else {
            (to_last >> (w - 1), to_first >> (w + 1))
        };
        let (cap_a, cap_b) = (cap_a & enemy, cap_b & enemy);
        let zone = t.zone128[us];
        let mut n = 0;
        // Two counts, not four (each a dozen instructions without a popcount
        // instruction): the steps, the double steps and one side's captures
        // never share a square (a step's target has a pawn behind it, a double
        // step's an empty square; captures land on enemy pieces, steps on
        // empty squares), so their union counts each move once. The two
        // sides' captures may share a target (two pawns taking one piece):
        // counted apart.
        for s in [single | double | cap_a, cap_b] {
            if s == 0 {
                continue;
            }
            n += u64::from(count128(s & !zone));
            if s & zone != 0 {
                let in_zone = s & zone;
                let last = u64::from(count128(in_zone & t.last128[us]));
                let mid = u64::from(count128(in_zone)) - last;
                let kinds = self.promotion_kinds(r);
                n += last * kinds + mid * (kinds + u64::from(!r.mandatory_promotion));
            }
        }
        n
    }

    /// How many promotion choices a pawn has (the pieces it may become).
    fn promotion_kinds(&self, r: &Rules) -> u64 {
        let us = self.turn;
        let chosen = (0..r.pieces.len() as u8).filter(|&p| self.chosen[us] >> p & 1 != 0);
        let mut n = 0;
        for p in r.promotion_choices(us).iter().copied().chain(chosen) {
            let limit = r.promotion_limit[usize::from(p)];
            n += u64::from(limit == 0 || self.counts[us][usize::from(p)] < u16::from(limit));
        }
        n
    }

    /// The targets of a non-pawn `ty` on `from` as a set, each one move of it
    /// (without promotion or gating): leaps from the leap sets, riders and
    /// hoppers by the ray sets and first-blocker scans. `occ` is every piece.
    #[inline]
    pub(crate) fn targets(
        &self,
        t: &Tables,
        from: Sq,
        ty: usize,
        occ: WideBitboard,
    ) -> WideBitboard {
        let us = self.turn;
        let enemy = self.occ[us ^ 1];
        let ct = us * t.types + ty;
        let i = ct * t.squares + usize::from(from);
        let mut out = (t.leap_move_bb[i] & !occ) | (t.leap_cap_bb[i] & enemy);
        if t.lame[ct] {
            let b = &self.board;
            for l in t.leaps_of(us, ty, from) {
                if l.block[0] == NO_SQ
                    || b[usize::from(l.block[0])] != 0
                    || (l.block[1] != NO_SQ && b[usize::from(l.block[1])] != 0)
                {
                    continue;
                }
                let q = b[usize::from(l.to)];
                if (q == 0 && l.mode & MOVE != 0)
                    || (is_piece_of(q, us ^ 1) && l.mode & CAPTURE != 0)
                {
                    out.insert(l.to);
                }
            }
        }
        let nd = t.dirs.len();
        let first = |set: WideBitboard, d: usize| -> usize {
            usize::from(if t.dir_up[d] {
                set.lowest()
            } else {
                set.highest()
            })
        };
        for ray in &t.rays[ct] {
            let d = usize::from(ray.dir);
            let full = t.ray_bb[usize::from(from) * nd + d];
            let blockers = full & occ;
            let reach = match ray.hop {
                None => {
                    let mut reach = full;
                    if !blockers.is_empty() {
                        reach = reach ^ t.ray_bb[first(blockers, d) * nd + d];
                    }
                    let line = t.ray(from, ray.dir);
                    if usize::from(ray.max) < line.len() {
                        reach = match ray.max {
                            0 => WideBitboard::EMPTY,
                            m => {
                                let last = usize::from(line[usize::from(m) - 1]);
                                reach & !t.ray_bb[last * nd + d]
                            }
                        };
                    }
                    reach
                }
                Some(hop) => {
                    if blockers.is_empty() {
                        continue;
                    }
                    let hurdle = first(blockers, d);
                    let beyond = t.ray_bb[hurdle * nd + d];
                    if hop == Hop::Grasshopper {
                        match t.ray(hurdle as Sq, ray.dir).first() {
                            Some(&s) => {
                                let mut one = WideBitboard::EMPTY;
                                one.insert(s);
                                one
                            }
                            None => continue,
                        }
                    } else {
                        let next = beyond & occ;
                        if next.is_empty() {
                            beyond
                        } else {
                            beyond ^ t.ray_bb[first(next, d) * nd + d]
                        }
                    }
                }
            };
            out |= reach
                & match ray.mode {
                    MOVE => !occ,
                    CAPTURE => enemy,
                    _ => !self.occ[us],
                };
        }
        // A rider's mobility region: its moves end there ([`super::regions`]).
        if let Some(region) = t.ride_region[ct] {
            out = out & region;
        }
        out
    }

    /// The number of legal moves, without listing them where it can: outside
    /// check, in a variant without hoppers or gating, an unpinned piece other
    /// than the king and the pawns has as many legal moves as targets.
    pub fn count_legal(&self, t: &Tables, r: &Rules, buffer: &mut Vec<VariantMove>) -> u64 {
        if r.ends.hooks_moves {
            match self.palace_fast_path(t, r) {
                Some(true) => {}
                Some(false) => {
                    buffer.clear();
                    return 0;
                }
                None => return self.count_legal_ends(t, r, buffer),
            }
        }
        let us = self.turn;
        let king = self.kings[us];
        // The counting shortcuts below take every occupied square for a
        // piece; walls (rare, and fixed for the game) take the listing path.
        if king == NO_SQ || !self.walls.is_empty() || (t.palace.active && !t.has_hoppers) {
            self.legal_moves(t, r, buffer);
            return buffer.len() as u64;
        }
        if t.has_hoppers {
            return self.count_legal_hoppers(t, r, king, buffer);
        }
        // Custom pawns promote and take en passant: listed.
        if t.custom_pawns != 0 {
            self.legal_moves(t, r, buffer);
            return buffer.len() as u64;
        }
        // Ouk Chatrang's first-move leaps are listed (until the gates are gone).
        let shogi = r.shogi.active;
        if r.drops.needs_listing()
            || (shogi && !State::shogi_counted(t, r))
            || (r.regions.cambodian_moves && self.gates[us] != 0)
        {
            self.legal_moves(t, r, buffer);
            return buffer.len() as u64;
        }
        let Some(pinned) = self.pins_unless_check(t, king) else {
            self.legal_moves(t, r, buffer);
            return buffer.len() as u64;
        };
        let pawn = t.pawn.map_or(usize::MAX, usize::from);
        let occ = self.occ[0] | self.occ[1];
        let files = Sq::from(r.size.files());
        let mut n = 0;
        // Outside check every drop is legal (it exposes nothing).
        if r.drops.enabled {
            n += self.count_drops(t, r);
        }
        // The unpinned pawns all at once, where they can be.
        let mut pieces = self.occ[us];
        if t.small && self.ep[0] == NO_SQ && t.triple_zone[us].is_empty() {
            let mut bulk = self.pawns[us] & !pinned;
            if r.gating == Gating::Seirawan {
                // A pawn on a gate (from a FEN) has gating moves: one by one.
                let rank = u32::from(Self::gate_rank(r, us)) * u32::from(files);
                let row = ((1u128 << files) - 1) << rank;
                bulk = bulk & !WideBitboard([row as u64, (row >> 64) as u64, 0, 0]);
            }
            n += self.count_pawns_bulk(t, r, bulk, occ);
            pieces = pieces & !bulk;
        }
        // A gated piece refills the square left, so an unpinned piece's gating
        // moves are legal with its plain ones: Seirawan adds one move per type
        // in hand, Musketeer replaces the plain move.
        let (gated_mult, gate_rank) = if r.gating == Gating::Seirawan {
            let in_hand = (0..t.types).filter(|&ty| self.holdings[us][ty] > 0 && r.gates_type(ty));
            (1 + in_hand.count() as u64, Self::gate_rank(r, us))
        } else {
            (1, NO_SQ)
        };
        for from in pieces.iter() {
            let ty = type_of(self.board[usize::from(from)]);
            if from != king && !pinned.contains(from) {
                let mult = if gate_rank != NO_SQ
                    && from / files == gate_rank
                    && self.gates[us] >> (from % files) & 1 != 0
                {
                    gated_mult
                } else {
                    1
                };
                if ty != pawn {
                    n += mult
                        * if shogi {
                            self.count_shogi_targets(t, r, from, ty, occ)
                        } else {
                            self.count_targets(t, from, ty)
                        };
                    continue;
                }
                if self.ep[0] == NO_SQ {
                    n += mult * self.count_pawn(t, r, from, occ);
                    continue;
                }
            }
            if from == king && t.rays[us * t.types + ty].is_empty() {
                n += self.count_king_steps(t, r, king, ty, buffer);
                continue;
            }
            buffer.clear();
            self.piece_moves(t, r, from, false, buffer);
            if from == king {
                n += self.count_king_moves(t, r, buffer);
                continue;
            }
            let full = pinned.contains(from);
            for mv in buffer.iter() {
                if !full && mv.kind != MoveKind::EnPassant {
                    n += 1;
                    continue;
                }
                n += u64::from(self.legal_after(t, r, mv));
            }
        }
        n
    }

    /// [`count_legal`](Self::count_legal) with hoppers: outside check and
    /// without gating, a piece off the [`danger`](Self::danger) squares has a
    /// legal move to each of its targets off them; the rest are tested.
    fn count_legal_hoppers(
        &self,
        t: &Tables,
        r: &Rules,
        king: Sq,
        buffer: &mut Vec<VariantMove>,
    ) -> u64 {
        let us = self.turn;
        if r.gating != Gating::None
            || r.drops.enabled
            || t.custom_pawns != 0
            || self.attacked(t, king, us ^ 1)
        {
            self.legal_moves(t, r, buffer);
            return buffer.len() as u64;
        }
        let (mut danger, mut onto) = self.danger(t, king);
        let palace = t.palace.active;
        if palace {
            let lines = self.palace_danger(t, king);
            danger |= lines;
            onto |= lines;
        }
        let pawn = t.pawn.map_or(usize::MAX, usize::from);
        let occ = self.occ[0] | self.occ[1];
        // Outside check a pass is legal (the king stays where it is safe).
        let mut n = u64::from(palace && r.palace.pass[us]);
        let mut pieces = self.occ[us];
        if t.small && self.ep[0] == NO_SQ && t.triple_zone[us].is_empty() {
            // The pawns none of whose moves touches a danger square, all at once:
            // a pawn is kept out if a danger square lies up to three ranks ahead
            // of it on its file or a file next to it (more than it can reach).
            let narrow = |b: WideBitboard| u128::from(b.0[0]) | u128::from(b.0[1]) << 64;
            let w = u32::from(t.files);
            let back = |b: u128| if us == 0 { b >> w } else { b << w };
            let mut reach = narrow(onto);
            let mut near = reach;
            for _ in 0..3 {
                reach = back(reach);
                near |= reach | reach << 1 | reach >> 1;
            }
            let near = WideBitboard([near as u64, (near >> 64) as u64, 0, 0]);
            let bulk = self.pawns[us] & !danger & !near;
            n += self.count_pawns_bulk(t, r, bulk, occ);
            pieces = pieces & !bulk;
        }
        for from in pieces.iter() {
            let ty = type_of(self.board[usize::from(from)]);
            let full = from == king || danger.contains(from);
            // The palace lines' moves and the Janggi cannon's are not in the
            // target sets: listed.
            let listed = palace
                && (t.palace.diagonal_lines.contains(from)
                    || t.palace.is_cannon(self.board[usize::from(from)]));
            if !full && !listed && ty != pawn {
                let targets = self.targets(t, from, ty, occ);
                n += u64::from((targets & !onto).count());
                for to in (targets & onto).iter() {
                    let mv = VariantMove::new(from, to, MoveKind::Normal);
                    n += u64::from(self.legal_after(t, r, &mv));
                }
                continue;
            }
            if !full && !listed && self.ep[0] == NO_SQ && self.pawn_clear_of(t, from, ty, onto) {
                n += self.count_pawn(t, r, from, occ);
                continue;
            }
            buffer.clear();
            self.piece_moves(t, r, from, false, buffer);
            if from == king {
                n += self.count_king_moves(t, r, buffer);
                continue;
            }
            for mv in buffer.iter() {
                if !full && mv.kind != MoveKind::EnPassant && !onto.contains(mv.to) {
                    n += 1;
                    continue;
                }
                n += u64::from(self.legal_after(t, r, mv));
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

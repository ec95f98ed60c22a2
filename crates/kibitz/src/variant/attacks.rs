//! Attack tests by the reverse tables: is a square attacked, is the king in
//! check, which pieces are pinned.

use super::board::{NO_SQ, Sq, WideBitboard};
use super::rules::{Annan, Mars, TakeMake};
use super::state::{State, WALL, color_of, is_piece_of, type_of};
use super::tables::Tables;

impl State {
    /// Is `sq` attacked by colour `by`?
    pub fn attacked(&self, t: &Tables, sq: Sq, by: usize) -> bool {
        self.attacked_without(t, sq, by, NO_SQ)
    }

    /// Is `sq` attacked by colour `by` with the square `gone` taken as empty (a
    /// king's move: the king leaves `gone`; what stands on `sq` never attacks it)?
    /// Under the fairy conditions that restrict observation (Madrasi,
    /// Anticirce: [`super::conditions`]) an attacker counts only where they allow.
    #[inline]
    pub(crate) fn attacked_without(&self, t: &Tables, sq: Sq, by: usize, gone: Sq) -> bool {
        // Annan chess: `by`'s pieces observe as their annanisers ([`super::annan`]).
        if t.conditions.conditions.annan != Annan::None {
            return self
                .annanised(t, by)
                .observers::<false>(t, sq, by, gone, u32::MAX);
        }
        // Mars Circe: from the rebirth squares ([`super::mars`]).
        if t.conditions.conditions.mars != Mars::None {
            return self.mars_attacked(t, sq, by, gone);
        }
        // Take&Make Absolute and Make&Take: a man checks where its capture
        // of the king, in two parts, would be a move ([`super::take_make`],
        // [`super::make_take`]).
        if t.conditions.conditions.take_make == TakeMake::Absolute {
            return self.take_make_attacked(t, sq, by, gone);
        }
        if t.conditions.conditions.make_take {
            return self.make_take_attacked(t, sq, by, gone);
        }
        if t.conditions.validates {
            self.observers::<true>(t, sq, by, gone, u32::MAX)
        } else {
            self.observers::<false>(t, sq, by, gone, u32::MAX)
        }
    }

    /// Is `sq` observed by a piece of colour `by` of one of the `types` (a
    /// bit per type), by the pieces' moves alone (Madrasi's observation)?
    pub(crate) fn observed_by(&self, t: &Tables, sq: Sq, by: usize, gone: Sq, types: u32) -> bool {
        self.observers::<false>(t, sq, by, gone, types)
    }

    /// The attack search: with `VALIDATE`, each attacker found is asked
    /// [`observer_valid`](Self::observer_valid) and the search goes on past
    /// one that may not observe.
    #[inline(always)]
    fn observers<const VALIDATE: bool>(
        &self,
        t: &Tables,
        sq: Sq,
        by: usize,
        gone: Sq,
        types: u32,
    ) -> bool {
        let b = &self.board;
        let full = |s: Sq| s != gone && b[usize::from(s)] != 0;
        for a in t.leap_attackers_among(by, sq, self.occ[by]) {
            let p = b[usize::from(a.from)];
            if is_piece_of(p, by)
                && ((a.types & types) >> type_of(p)) & 1 != 0
                && (a.block[0] == NO_SQ || !full(a.block[0]))
                && (a.block[1] == NO_SQ || !full(a.block[1]))
                && (!VALIDATE || self.observer_valid(t, a.from, sq, gone))
            {
                return true;
            }
        }
        let nd = t.dirs.len();
        for &d in &t.attack_dirs[by] {
            let du = usize::from(d);
            let back = t.opposite[du];
            // A line without a piece of `by` holds no attacker.
            if (t.ray_bb[usize::from(sq) * nd + usize::from(back)] & self.occ[by]).is_empty() {
                continue;
            }
            let line = t.ray(sq, back);
            let Some(i) = line.iter().position(|&s| full(s)) else {
                continue;
            };
            let p = b[usize::from(line[i])];
            if is_piece_of(p, by) {
                let ty = type_of(p);
                if ((t.ride_mask[by][du] & types) >> ty) & 1 != 0
                    && i < usize::from(t.ride_max[by][du][ty])
                    && (!VALIDATE || self.observer_valid(t, line[i], sq, gone))
                {
                    return true;
                }
            }
            // Hoppers: the attacker is the next piece beyond the hurdle `line[i]`;
            // a grasshopper only when the hurdle stands right next to `sq`.
            let hoppers = t.cannon_mask[by][du] | if i == 0 { t.grass_mask[by][du] } else { 0 };
            if hoppers != 0
                && let Some(j) = line[i + 1..].iter().position(|&s| full(s))
            {
                let from = line[i + 1 + j];
                let q = b[usize::from(from)];
                // A Janggi cannon hops no cannon ([`super::palace`]).
                if is_piece_of(q, by)
                    && ((hoppers & types) >> type_of(q)) & 1 != 0
                    && !(t.palace.is_cannon(q) && t.palace.is_cannon(p))
                    && (!VALIDATE || self.observer_valid(t, from, sq, gone))
                {
                    return true;
                }
            }
        }
        t.palace.active && self.palace_attacked(t, sq, by, gone)
    }

    /// Is `sq` attacked by a piece of colour `by` standing on `attackers` (a
    /// subset of its squares), with `occ` the occupied squares: the position
    /// as a move would leave it, without making the move (no hoppers, Janggi
    /// palace or fairy conditions in the variant: the callers ask first).
    pub(crate) fn attacked_in(
        &self,
        t: &Tables,
        sq: Sq,
        by: usize,
        occ: WideBitboard,
        attackers: WideBitboard,
    ) -> bool {
        let b = &self.board;
        for a in t.leap_attackers_among(by, sq, attackers) {
            if attackers.contains(a.from)
                && (a.types >> type_of(b[usize::from(a.from)])) & 1 != 0
                && (a.block[0] == NO_SQ || !occ.contains(a.block[0]))
                && (a.block[1] == NO_SQ || !occ.contains(a.block[1]))
            {
                return true;
            }
        }
        let nd = t.dirs.len();
        for &d in &t.attack_dirs[by] {
            let du = usize::from(d);
            let back = usize::from(t.opposite[du]);
            let line = t.ray_bb[usize::from(sq) * nd + back];
            let blockers = line & occ;
            if (line & attackers).is_empty() || blockers.is_empty() {
                continue;
            }
            let first = if t.dir_up[back] {
                blockers.lowest()
            } else {
                blockers.highest()
            };
            if !attackers.contains(first) {
                continue;
            }
            let ty = type_of(b[usize::from(first)]);
            if (t.ride_mask[by][du] >> ty) & 1 == 0 {
                continue;
            }
            // The attacker's distance: the squares of the line before it.
            let before = line & !t.ray_bb[usize::from(first) * nd + back];
            if before.count() <= u32::from(t.ride_max[by][du][ty]) {
                return true;
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

    /// One pass over the lines to the king (no hoppers in the variant): `None` if
    /// the king is in check, else the pinned pieces as [`pinned`](Self::pinned) has them.
    pub(crate) fn pins_unless_check(&self, t: &Tables, king: Sq) -> Option<WideBitboard> {
        let us = self.turn;
        let them = us ^ 1;
        let b = &self.board;
        let mut out = WideBitboard::EMPTY;
        for a in t.leap_attackers_among(them, king, self.occ[them]) {
            let p = b[usize::from(a.from)];
            if !is_piece_of(p, them) || (a.types >> type_of(p)) & 1 == 0 {
                continue;
            }
            if a.block[0] == NO_SQ {
                return None;
            }
            let mut open = true;
            for &s in &a.block {
                if s != NO_SQ && b[usize::from(s)] != 0 {
                    open = false;
                    if is_piece_of(b[usize::from(s)], us) {
                        out.insert(s);
                    }
                }
            }
            if open {
                return None;
            }
        }
        let nd = t.dirs.len();
        for &d in &t.attack_dirs[them] {
            let du = usize::from(d);
            let back = t.opposite[du];
            // A line without an enemy piece neither checks nor pins.
            if (t.ray_bb[usize::from(king) * nd + usize::from(back)] & self.occ[them]).is_empty() {
                continue;
            }
            let line = t.ray(king, back);
            let Some(i) = line.iter().position(|&s| b[usize::from(s)] != 0) else {
                continue;
            };
            let p = b[usize::from(line[i])];
            // A wall shields the king: nothing behind it checks or pins.
            if p == WALL {
                continue;
            }
            if color_of(p) == them {
                let ty = type_of(p);
                if (t.ride_mask[them][du] >> ty) & 1 != 0
                    && i < usize::from(t.ride_max[them][du][ty])
                {
                    return None;
                }
                continue;
            }
            let Some(j) = line[i + 1..].iter().position(|&s| b[usize::from(s)] != 0) else {
                continue;
            };
            let q = b[usize::from(line[i + 1 + j])];
            if is_piece_of(q, them) {
                let ty = type_of(q);
                if (t.ride_mask[them][du] >> ty) & 1 != 0
                    && i + 1 + j < usize::from(t.ride_max[them][du][ty])
                {
                    out.insert(line[i]);
                }
            }
        }
        Some(out)
    }

    /// The side to move's pieces that may shield `king` (no hoppers in the variant):
    /// the first piece on a line from the king with an enemy rider of that line
    /// behind it, and our pieces on the path of an enemy lame leap to the king.
    pub(crate) fn pinned(&self, t: &Tables, king: Sq) -> WideBitboard {
        let us = self.turn;
        let them = us ^ 1;
        let b = &self.board;
        let mut out = WideBitboard::EMPTY;
        let nd = t.dirs.len();
        for &d in &t.attack_dirs[them] {
            let du = usize::from(d);
            let back = t.opposite[du];
            // A line without an enemy piece pins nothing.
            if (t.ray_bb[usize::from(king) * nd + usize::from(back)] & self.occ[them]).is_empty() {
                continue;
            }
            let line = t.ray(king, back);
            let Some(i) = line.iter().position(|&s| b[usize::from(s)] != 0) else {
                continue;
            };
            if !is_piece_of(b[usize::from(line[i])], us) {
                continue;
            }
            let Some(j) = line[i + 1..].iter().position(|&s| b[usize::from(s)] != 0) else {
                continue;
            };
            let q = b[usize::from(line[i + 1 + j])];
            if is_piece_of(q, them) {
                let ty = type_of(q);
                if (t.ride_mask[them][du] >> ty) & 1 != 0
                    && i + 1 + j < usize::from(t.ride_max[them][du][ty])
                {
                    out.insert(line[i]);
                }
            }
        }
        for a in t.leap_attackers_among(them, king, self.occ[them]) {
            if a.block[0] == NO_SQ {
                continue;
            }
            let p = b[usize::from(a.from)];
            if is_piece_of(p, them) && (a.types >> type_of(p)) & 1 != 0 {
                for &s in &a.block {
                    if s != NO_SQ {
                        out.insert(s);
                    }
                }
            }
        }
        out
    }
}

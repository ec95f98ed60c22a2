//! Atomic captures (Fairy-Stockfish's `blastOnCapture`, `blastImmuneTypes`)
//! and the pseudo-royal king they go with (`extinctionPseudoRoyal`): a capture
//! explodes the capturer and every piece but a pawn next to the square taken;
//! kings may stand next to each other (a king that would capture the other
//! would explode with it), exploding the enemy king wins, and a move that
//! explodes your own is illegal.

use super::board::{NO_SQ, Sq, WideBitboard};
use super::moves::{MoveKind, NO_TYPE, VariantMove};
use super::rules::Rules;
use super::state::{State, type_of};
use super::tables::Tables;

impl State {
    /// Does a square of `set` stand next to `sq`?
    #[inline]
    pub(crate) fn touches(&self, t: &Tables, sq: Sq, set: WideBitboard) -> bool {
        !(t.adjacent[usize::from(sq)] & set).is_empty()
    }

    /// After a capture on `to`: the capturer and every piece but pawns next
    /// to `to` leave the board (blast-immune types stay), with the castling
    /// rights of the squares emptied.
    pub(crate) fn blast(&mut self, t: &Tables, r: &Rules, to: Sq) {
        let immune = r.ends.blast_immune;
        let pawn = t.pawn.map_or(usize::MAX, usize::from);
        let mut hit = [NO_SQ; 9];
        let mut n = 0;
        let p = self.board[usize::from(to)];
        if p != 0 && immune >> type_of(p) & 1 == 0 {
            hit[n] = to;
            n += 1;
        }
        // (Walls are in neither side's occupancy.)
        let around = t.adjacent[usize::from(to)] & (self.occ[0] | self.occ[1]);
        for s in around.iter() {
            let q = self.board[usize::from(s)];
            if type_of(q) != pawn && immune >> type_of(q) & 1 == 0 {
                hit[n] = s;
                n += 1;
            }
        }
        for &s in &hit[..n] {
            self.remove(t, s);
            if self.castling != 0 {
                self.clear_rights_at(r, s);
            }
        }
    }

    /// The after-move rules of [`super::ends`]: the blast of a capture, the
    /// capturer's petrification ([`super::petrify`]), and a check given
    /// counted (by the side that moved, `mover`, whose piece was of type
    /// `moved` before the move).
    pub(crate) fn after_move_ends(
        &mut self,
        t: &Tables,
        r: &Rules,
        to: Sq,
        captured: bool,
        mover: usize,
        moved: usize,
    ) {
        let petrifies = captured && r.ends.petrify != 0 && self.petrifies(r, to, moved);
        if captured && r.ends.blast_on_capture {
            self.blast(t, r, to);
        }
        if petrifies {
            self.petrify(t, to);
        }
        if r.ends.check_counting && self.in_check(t) {
            self.checks[mover] = self.checks[mover].saturating_sub(1);
        }
    }

    /// The pseudo-royal pieces of both sides, found once per position.
    pub(crate) fn pseudo_royals(&self, t: &Tables, r: &Rules) -> PseudoRoyals {
        let us = self.turn;
        let ours = self.pseudo_royal_types(t, r, us);
        let theirs = self.pseudo_royal_types(t, r, us ^ 1);
        PseudoRoyals {
            ours,
            theirs,
            our_squares: self.pieces_of(t, us, ours),
            their_squares: self.pieces_of(t, us ^ 1, theirs),
        }
    }

    /// With pseudo-royal pieces (the atomic king), is the pseudo-legal `mv`,
    /// which leads to `next`, legal? Not if it explodes one of the mover's own;
    /// else yes if it explodes one of the opponent's; else none of the mover's
    /// may be attacked, unless it stands next to an enemy one (with atomic
    /// captures, taking it would explode the taker's own). A castling king
    /// passes only squares safe in the same sense.
    pub(crate) fn pseudo_royal_safe(
        &self,
        t: &Tables,
        r: &Rules,
        mv: &VariantMove,
        next: &State,
        royals: &PseudoRoyals,
    ) -> bool {
        let us = self.turn;
        let them = us ^ 1;
        let blast = r.ends.blast_on_capture;
        let PseudoRoyals {
            ours,
            theirs,
            our_squares,
            their_squares,
        } = *royals;
        let mut mask = ours;
        while mask != 0 {
            let ty = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if next.counts[us][ty] < self.counts[us][ty] {
                return false;
            }
        }
        if mv.is_castling() && our_squares.contains(mv.from) {
            // The squares from the king's to the one before its destination,
            // with the king lifted off its square.
            let mut lifted = *self;
            lifted.remove(t, mv.from);
            let (a, z) = (mv.from.min(mv.to), mv.from.max(mv.to));
            for s in a..=z {
                if s == mv.to && mv.from != mv.to {
                    continue;
                }
                if !(blast && self.touches(t, s, their_squares)) && lifted.attacked(t, s, them) {
                    return false;
                }
            }
        }
        let mut mask = theirs;
        while mask != 0 {
            let ty = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if next.counts[them][ty] < self.counts[them][ty] {
                return true;
            }
        }
        // Ours after the move: where they stood, the moved one on its target
        // (none exploded, as tested above).
        let mut after = WideBitboard::EMPTY;
        for sq in our_squares.iter() {
            after.insert(if sq == mv.from { mv.to } else { sq });
        }
        // A pawn's promotion to an extinction type (Coregal's queen): the new
        // piece is pseudo-royal while the count allows, else that type no
        // longer is (Fairy-Stockfish's legality test). A shogi promotion
        // (Sho-shogi's crown prince) changes no royalty before the move is
        // made: Fairy-Stockfish's test looks at pawn promotions only.
        let promoted = usize::from(mv.promotion);
        if self.promotes_to_extinction_type(r, mv) {
            if self.extinction_count(r, us, promoted, false) > r.ends.extinction_piece_count {
                let kin = Self::extinction_kin(r, promoted);
                for sq in next.pieces_of(t, us, kin).iter() {
                    after.remove(sq);
                }
            } else {
                after.insert(mv.to);
            }
        }
        !after.iter().any(|sq| {
            !(blast && next.touches(t, sq, their_squares)) && next.threatened(t, r, sq, them)
        })
    }

    /// Is `mv` a pawn's promotion to an extinction type (Coregal's queen,
    /// Spartan's king)? A shogi promotion (Sho-shogi's crown prince) is not:
    /// Fairy-Stockfish's legality test looks at pawn promotions only.
    pub(crate) fn promotes_to_extinction_type(&self, r: &Rules, mv: &VariantMove) -> bool {
        let shogi_style = mv.is_drop()
            || r.shogi
                .changes_type(type_of(self.board[usize::from(mv.from)]));
        mv.promotion != NO_TYPE
            && !shogi_style
            && r.ends.extinction_types >> usize::from(mv.promotion) & 1 != 0
    }

    /// Is `sq` attacked by colour `by` as a threat to a pseudo-royal piece: a
    /// petrifying pseudo-royal piece may not take, so it threatens nothing
    /// ([`super::petrify`]).
    pub(crate) fn threatened(&self, t: &Tables, r: &Rules, sq: Sq, by: usize) -> bool {
        let threats = super::petrify::threatening_types(r);
        if threats == u32::MAX {
            self.attacked(t, sq, by)
        } else {
            self.observed_by(t, sq, by, NO_SQ, threats)
        }
    }
}

impl State {
    /// Can [`atomic_legal`](Self::atomic_legal) judge the moves of this
    /// position: atomic captures of pieces none of which is immune, pseudo-royal
    /// pieces and no royal king for the side to move, checks allowed, and no
    /// rule that sees more than the pieces' plain attacks (hoppers, Janggi's
    /// palace, the fairy conditions, walls)?
    #[inline]
    pub(crate) fn atomic_judged(&self, t: &Tables, r: &Rules) -> bool {
        let e = &r.ends;
        e.blast_on_capture
            && e.extinction_pseudo_royal
            && !e.duple_check
            && e.blast_immune == 0
            && e.checking
            && self.kings[self.turn] == NO_SQ
            && !r.palace.active
            && !t.has_hoppers
            && !t.conditions.validates
            && r.conditions.is_empty()
            && self.walls.is_empty()
    }

    /// [`pseudo_royal_safe`](Self::pseudo_royal_safe) of a plain move (a step,
    /// ride or capture without promotion, gating, en passant or castling)
    /// without playing it, where [`atomic_judged`](Self::atomic_judged): the
    /// squares the move and its blast empty are lifted off the board and each
    /// pseudo-royal piece of the mover is tested against the enemy pieces that
    /// remain. `None` for the other moves (make-move judges them).
    ///
    /// Why this is exact: a capture empties its square, the capturer's and
    /// every square next to it but the pawns' (no type is immune here), and
    /// puts nothing on the board; a quiet move empties its square and fills its
    /// target with a piece of the mover, which only blocks. The pseudo-royal
    /// types stay those of the position (only a loss of such a piece changes
    /// them, and that decides first), and so does the adjacency of the kings
    /// that excuses an attack.
    pub(crate) fn atomic_legal(
        &self,
        t: &Tables,
        mv: &VariantMove,
        royals: &PseudoRoyals,
    ) -> Option<bool> {
        if mv.promotion != NO_TYPE || mv.gate != NO_TYPE || mv.from == mv.to {
            return None;
        }
        let us = self.turn;
        let them = us ^ 1;
        let occ = self.occ[0] | self.occ[1];
        let mut gone = WideBitboard::EMPTY;
        gone.insert(mv.from);
        let mut arrived = WideBitboard::EMPTY;
        match mv.kind {
            MoveKind::Normal if self.board[usize::from(mv.to)] != 0 => {
                gone.insert(mv.to);
                // (No walls here: every occupied square is a piece.)
                let pawns = self.pawns[0] | self.pawns[1];
                gone |= t.adjacent[usize::from(mv.to)] & occ & !pawns;
                if !(gone & royals.our_squares).is_empty() {
                    return Some(false);
                }
                if !(gone & royals.their_squares).is_empty() {
                    return Some(true);
                }
            }
            MoveKind::Normal | MoveKind::MultiStep => arrived.insert(mv.to),
            _ => return None,
        }
        let occ = (occ & !gone) | arrived;
        let attackers = self.occ[them] & !gone;
        let mut ours = royals.our_squares;
        if ours.contains(mv.from) {
            ours.remove(mv.from);
            ours.insert(mv.to);
        }
        Some(!ours.iter().any(|sq| {
            !self.touches(t, sq, royals.their_squares)
                && self.attacked_in(t, sq, them, occ, attackers)
        }))
    }
}

/// The pseudo-royal types and pieces of the side to move and of the other side.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PseudoRoyals {
    /// The side to move's pseudo-royal types (a bit per type).
    pub ours: u32,
    /// The other side's.
    pub theirs: u32,
    /// The side to move's pseudo-royal pieces.
    pub our_squares: WideBitboard,
    /// The other side's.
    pub their_squares: WideBitboard,
}

#[cfg(test)]
mod tests {
    use crate::variant::{Variant, VariantPosition};

    #[test]
    fn a_capture_explodes_the_pieces_around_and_not_the_pawns() {
        let v = Variant::builtin("atomic").unwrap();
        let mut pos = VariantPosition::startpos(&v);
        for mv in ["e2e4", "d7d5", "e4d5", "d8d5", "g1f3", "d5d2"] {
            pos.play_uci(mv).unwrap();
        }
        // Qxd2 exploded the queen, the bishop c1, the queen d1 and the king
        // e1 (the pawn c2 stays): White has lost.
        assert!(pos.legal_moves().is_empty());
        assert_eq!(
            pos.outcome().unwrap().value(),
            crate::variant::GameValue::Loss
        );
    }
}

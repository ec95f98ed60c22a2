//! Make&Take chess (Popeye's `Make&Take`), a condition of chess problems: a
//! man takes by first making a move that takes nothing as the man it will
//! take moves (as that man's side moves: a pawn's step towards the other
//! side's last rank), then taking from there as itself. Moves that take
//! nothing are orthodox. A man checks in the same way: a king is in check
//! where a man could make a king's move that takes nothing and take the king
//! from there (so a king attacks the squares up to two steps away).
//!
//! The move is written from the square the man leaves to the capture square,
//! as Popeye writes it (`Sd4*b5`); where two first parts lead to the same
//! capture it is one move.
//!
//! ```
//! use kibitz::variant::{Conditions, Variant, VariantPosition};
//! let mt = Variant::with_conditions("maketake".parse::<Conditions>()?)?;
//! // The rook on a1 takes the knight on c4: a knight's move to c2 first,
//! // then up the c-file. The rook on h4 does not take it along the rank:
//! // its knight's moves lead to no line through c4.
//! let pos = VariantPosition::from_fen(&mt, "8/5k2/8/8/2n4R/8/8/R6K w - - 0 1")?;
//! let moves: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
//! assert!(moves.contains(&"a1c4".to_string()));
//! assert!(!moves.contains(&"h4c4".to_string()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::board::{NO_SQ, Sq};
use super::moves::VariantMove;
use super::rules::Rules;
use super::state::{State, code, color_of, is_piece_of, type_of};
use super::tables::{Role, Tables};

impl State {
    /// Is `s` on the first rank of colour `c` (where Popeye's pawns neither
    /// move nor take)?
    fn on_first_rank(t: &Tables, s: Sq, c: usize) -> bool {
        let first = if c == 0 { 0 } else { t.conditions.ranks - 1 };
        s / t.files == first
    }

    /// The pseudo-legal moves under Make&Take into `out`: the orthodox moves
    /// that take nothing (castling among them), and each man's captures of a
    /// man of each type the other side has, from each square the man reaches
    /// first by a move of that type that takes nothing.
    pub(crate) fn make_take_moves(
        &self,
        t: &Tables,
        r: &Rules,
        in_check: bool,
        out: &mut Vec<VariantMove>,
    ) {
        let us = self.turn;
        let them = us ^ 1;
        self.walk_quiet_moves(t, r, in_check, out);
        // The types the other side has (a king is never taken).
        let mut victims: Vec<usize> = Vec::new();
        for s in self.occ[them].iter() {
            let ty = type_of(self.board[usize::from(s)]);
            if Some(ty as u8) != t.king && !victims.contains(&ty) {
                victims.push(ty);
            }
        }
        let mut found: Vec<VariantMove> = Vec::new();
        for from in self.occ[us].iter() {
            let ty = type_of(self.board[usize::from(from)]);
            let pawn = Some(ty as u8) == t.pawn;
            for &w in &victims {
                let firsts = self.quiet_targets(t, r, &[], from, them, w);
                for s in firsts.iter() {
                    if pawn && Self::on_first_rank(t, s, us) {
                        continue;
                    }
                    let mut there = *self;
                    there.remove(t, from);
                    there.put(t, s, us, ty);
                    let at = found.len();
                    there.piece_moves(t, r, s, true, &mut found);
                    let mut keep = at;
                    for i in at..found.len() {
                        let mv = found[i];
                        if !there.is_capture(&mv) {
                            continue;
                        }
                        let victim = there.board[usize::from(there.take_make_victim(&mv))];
                        if !is_piece_of(victim, them) || type_of(victim) != w {
                            continue;
                        }
                        let mv = VariantMove { from, ..mv };
                        if !found[..keep].contains(&mv) {
                            found[keep] = mv;
                            keep += 1;
                        }
                    }
                    found.truncate(keep);
                }
            }
        }
        out.extend(found);
    }

    /// Make&Take's attack test: could a man of colour `by` make a king's
    /// move that takes nothing and take on `sq` from there, as itself?
    /// (With `gone` taken as empty.)
    pub(crate) fn make_take_attacked(&self, t: &Tables, sq: Sq, by: usize, gone: Sq) -> bool {
        let mut probe = *self;
        if gone != NO_SQ && probe.board[usize::from(gone)] != 0 {
            probe.remove(t, gone);
        }
        for from in self.occ[by].iter() {
            if from == sq || from == gone {
                continue;
            }
            let p = probe.board[usize::from(from)];
            let pawn = Some(type_of(p) as u8) == t.pawn;
            debug_assert_eq!(color_of(p), by);
            // (The man on `from` stands in for the king whose move it makes.)
            let firsts = probe.quiet_king_targets(t, from, by ^ 1);
            for s in firsts.iter() {
                if s == sq || (pawn && Self::on_first_rank(t, s, by)) {
                    continue;
                }
                if probe.observes_alone(t, from, s, sq, by) {
                    return true;
                }
            }
            if probe.castling_make_attacks(t, from, sq, by) {
                return true;
            }
        }
        false
    }

    /// Make&Take's castling as a first part (Popeye's `make_and_take.c`):
    /// the king's moves include castling, so a man of colour `by` standing
    /// where the other side's king starts (e1 or e8) may first castle as that
    /// king would, with that side's rook on its corner and the squares
    /// between empty (the rook goes along, as in castling), then take on
    /// `sq` from the king's castling square. On boards of 8 files; the
    /// rook's castling right is taken as its being on its corner (Popeye's
    /// diagrams give a rook on its corner the right).
    fn castling_make_attacks(&self, t: &Tables, from: Sq, sq: Sq, by: usize) -> bool {
        let files = t.files;
        if files != 8 {
            return false;
        }
        let victim = by ^ 1;
        let rank = if victim == 0 {
            0
        } else {
            t.conditions.ranks - 1
        };
        let home = |file: u16| -> Sq { rank * files + file };
        if from != home(4) {
            return false;
        }
        let Some(rook_ty) = t.conditions.roles.iter().position(|r| *r == Role::Rook) else {
            return false;
        };
        let rook = code(victim, rook_ty);
        // (corner, king's square, rook's square, the squares between)
        let sides: [(u16, u16, u16, &[u16]); 2] = [(7, 6, 5, &[5, 6]), (0, 2, 3, &[1, 2, 3])];
        for (corner, king_to, rook_to, between) in sides {
            if self.board[usize::from(home(corner))] != rook
                || between
                    .iter()
                    .any(|&f| self.board[usize::from(home(f))] != 0)
            {
                continue;
            }
            let mut probe = *self;
            probe.remove(t, home(corner));
            probe.put(t, home(rook_to), victim, rook_ty);
            if probe.observes_alone(t, from, home(king_to), sq, by) {
                return true;
            }
        }
        false
    }
}

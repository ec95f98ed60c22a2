//! Duple check (Fairy-Stockfish's `dupleCheck`) and Spartan chess, the
//! built-in that plays it.
//!
//! With pseudo-royal pieces (`extinctionPseudoRoyal`), a side's last pieces of
//! an extinction type may not be left attacked ([`super::atomic`]); a side
//! with more of them than that may lose one. Duple check adds that all of a
//! side's pieces of the extinction types, together, are royal: a move may not
//! leave every one of them attacked, and a side with every one attacked is in
//! check (mated, when it has no move). So Spartan's Black, with two kings
//! (neither pseudo-royal while both stand), may leave one king attacked but
//! not both; once one is taken, the other is pseudo-royal.
//!
//! **spartan** (Fairy-Stockfish's, from its `variant.cpp`): White plays chess
//! with a king that is pseudo-royal rather than royal (a commoner, which
//! castles); Black has two such kings, hoplites for pawns (`fmFfcWimA`: a step
//! diagonally forward, a capture straight ahead, a first leap two squares
//! diagonally forward), the lieutenant `L` (`FAsmW`), the captain `C` (`WD`),
//! the general `G` (rook and ferz) and the warlord `W` (bishop and knight). A
//! hoplite promotes on the first rank to a general, warlord, lieutenant,
//! captain, or a king while Black has fewer than two. No en passant.
//!
//! ```
//! use kibitz::variant::{Variant, VariantPosition};
//! let v = Variant::builtin("spartan")?;
//! // The king c8 is attacked by the bishop; Black's other king e8 is not, so
//! // Black may leave c8 attacked, but not move e8 onto the rook's file as well
//! // (d7 shields c8 from the bishop: that one may).
//! let fen = "2k1k3/8/8/5B2/8/8/8/3RK3 b - - 0 1";
//! let pos = VariantPosition::from_fen(&v, fen)?;
//! let ucis: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
//! assert!(ucis.contains(&"e8f8".to_string()) && ucis.contains(&"e8d7".to_string()));
//! assert!(!ucis.contains(&"e8d8".to_string()));
//! assert!(pos.outcome().is_none());
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::VariantError;
use super::atomic::PseudoRoyals;
use super::board::WideBitboard;
use super::moves::VariantMove;
use super::rules::{GameValue, Rules, piece};
use super::state::State;
use super::tables::Tables;

impl State {
    /// With duple check: after the pseudo-legal `mv`, which leads to `next`, is
    /// at least one of the mover's pieces of the extinction types not
    /// attacked? (The pieces where they stood, the moved one on its target, a
    /// pawn's promotion to such a type on its square; as the pseudo-royal
    /// test, an attack by a petrifying pseudo-royal piece, or on a piece next
    /// to an enemy pseudo-royal one with atomic captures, does not count.)
    pub(crate) fn duple_safe(
        &self,
        t: &Tables,
        r: &Rules,
        mv: &VariantMove,
        next: &State,
        royals: &PseudoRoyals,
    ) -> bool {
        let us = self.turn;
        let mut ours = WideBitboard::EMPTY;
        for sq in self.pieces_of(t, us, r.ends.extinction_types).iter() {
            ours.insert(if !mv.is_drop() && sq == mv.from {
                mv.to
            } else {
                sq
            });
        }
        if self.promotes_to_extinction_type(r, mv) {
            ours.insert(mv.to);
        }
        let blast = r.ends.blast_on_capture;
        ours.is_empty()
            || ours.iter().any(|sq| {
                (blast && next.touches(t, sq, royals.their_squares))
                    || !next.threatened(t, r, sq, us ^ 1)
            })
    }

    /// With duple check: are all the side to move's pieces of the extinction
    /// types (at least one) attacked, each but where it stands next to an
    /// enemy pseudo-royal piece with atomic captures (Fairy-Stockfish's duple
    /// check in `checked_pseudo_royals`)? `theirs` are the enemy pseudo-royal pieces.
    pub(crate) fn duple_checked(&self, t: &Tables, r: &Rules, theirs: WideBitboard) -> bool {
        let us = self.turn;
        let ours = self.pieces_of(t, us, r.ends.extinction_types);
        let blast = r.ends.blast_on_capture;
        !ours.is_empty()
            && ours
                .iter()
                .all(|sq| !(blast && self.touches(t, sq, theirs)) && self.attacked(t, sq, us ^ 1))
    }
}

/// The built-ins of this module on orthodox chess `r`; false for another name.
pub(crate) fn builtin_rules(name: &str, r: &mut Rules) -> Result<bool, VariantError> {
    if name != "spartan" {
        return Ok(false);
    }
    // Three kings' pieces: commoner kings, which castle.
    super::ends::builtin_rules("threekings", r);
    r.ends.extinction_piece_count = 0;
    r.ends.extinction_pseudo_royal = true;
    r.ends.duple_check = true;
    r.ends.extinction_value = Some(GameValue::Loss);
    r.add_piece(piece('G', "general", "RF"));
    r.add_piece(piece('W', "warlord", "BN"));
    let hoplite = super::regions::fsf_betza("fmFfcWimA");
    r.add_piece(piece('H', "hoplite", &hoplite));
    let lieutenant = super::regions::fsf_betza("FAsmW");
    r.add_piece(piece('L', "lieutenant", &lieutenant));
    r.add_piece(piece('C', "captain", "WD"));
    r.start_fen = "lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1".to_string();
    // Black's pawn is the hoplite: it promotes and resets the n-move count.
    r.pawn_keys.promotion[2] = Some(vec!['H']);
    r.pawn_keys.n_move[2] = Some(vec!['H']);
    r.set_promotions_black("KGWLC");
    if let Some(k) = r.type_of_letter('K') {
        r.promotion_limit[usize::from(k)] = 2;
    }
    r.en_passant = false;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use crate::variant::{Variant, VariantPosition};

    /// Fairy-Stockfish's `go perft` from Spartan's start (`setoption name
    /// UCI_Variant value spartan`; depth 4 is 473,282, checked in release).
    #[test]
    fn spartan_perft_from_the_start() {
        let v = Variant::builtin("spartan").unwrap();
        let pos = VariantPosition::startpos(&v);
        for (depth, n) in [(1, 20), (2, 640), (3, 14_244)] {
            assert_eq!(pos.perft(depth), n, "perft {depth}");
        }
    }

    /// A side whose pawns are other pieces holds no orthodox pawn: Black's
    /// `p` in Spartan is refused, naming it.
    #[test]
    fn a_black_orthodox_pawn_is_refused_in_spartan() {
        let v = Variant::builtin("spartan").unwrap();
        let err = VariantPosition::from_fen(&v, "2k1k3/p7/8/8/8/8/8/4K3 w - - 0 1")
            .unwrap_err()
            .to_string();
        assert!(err.contains("pawn `p`"), "{err}");
    }
}

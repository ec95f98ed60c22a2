//! Sittuyin (Burmese chess), as Fairy-Stockfish's `sittuyin` (its
//! `variant.cpp`, `movegen.cpp`, `position.cpp`): makruk's pieces with the
//! met written `F`, the pawns set up on the board and every other piece
//! placed first from the hand, and Sittuyin's promotion. All of it is data:
//!
//! - **the placement** (`pieceDrops`, `mustDrop`, `dropRegionWhite = *1 *2 *3`):
//!   while a side has pieces in hand it drops them on its own three ranks;
//!   its rooks on its first rank only (`sittuyinRookDrop`);
//! - **the promotion** (`sittuyinPromotion`,
//!   [`Regions::sittuyin_promotion`](super::rules::Regions)): a pawn reaching
//!   the promotion region (the two long diagonals of the other half,
//!   `promotionRegionWhite = a8 b7 c6 d5 e5 f6 g7 h8`) does not promote by
//!   moving there. Instead, as a move of its own, a pawn in the region (any
//!   pawn, when it is the side's last) may become a met (one at a time:
//!   `promotionLimit = f:1`) on its own square (`h4h4f`, SAN `h4=F`) or on an
//!   empty square the met reaches from there (`e5f6f`, SAN `e5f6=F`), provided
//!   the met then attacks no enemy piece and gives no check;
//! - **the ends**: ASEAN counting ([`super::counting`]), the 50-move rule,
//!   and a draw that may be claimed by a side left with its king and one pawn
//!   whose only moves are promotions ([`VariantPosition::sittuyin_draw`]).
//!
//! ```
//! use kibitz::variant::{Variant, VariantPosition};
//! let v = Variant::builtin("sittuyin")?;
//! let pos = VariantPosition::from_fen(&v, "7R/1r6/3k1np1/3s2N1/3s3P/4n3/6p1/2R3K1[] w - - 2 55")?;
//! let mv = pos.parse_uci("h4h4f")?;
//! assert_eq!(pos.san(&mv), "h4=F");
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::VariantError;
use super::board::WideBitboard;
use super::moves::{MoveKind, NO_TYPE, VariantMove};
use super::position::VariantPosition;
use super::rules::{CountingRule, Rules};
use super::state::State;
use super::tables::Tables;

/// Sittuyin (Fairy-Stockfish's `sittuyin`) on makruk's rules `r`.
pub(crate) fn sittuyin_rules(mut r: Rules) -> Result<Rules, VariantError> {
    r.name = "sittuyin".to_string();
    // The met is written `F` here, and comes before the khon as
    // Fairy-Stockfish's fers comes before its silver (the order of the hand
    // in the FEN: `[KSSFRRNN…]`).
    if let (Some(met), Some(khon)) = (r.type_of_letter('M'), r.type_of_letter('S')) {
        let mut def = r.pieces.remove(usize::from(met));
        def.letter = 'F';
        let at = usize::from(met.min(khon));
        r.pieces.insert(at, def);
        r.promotion_limit = vec![0; r.pieces.len()];
        r.promotion_limit[at] = 1;
    }
    r.set_promotions("F");
    r.start_fen = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1".to_string();
    r.drops.enabled = true;
    r.drops.must_drop = true;
    r.drops.region = Some([0b0000_0111, 0b1110_0000]);
    r.drops.sittuyin_rook_drop = true;
    let size = r.size;
    let region = |squares: &[(i32, i32)]| {
        let mut out = WideBitboard::EMPTY;
        for &(f, rank) in squares {
            if let Some(sq) = size.square_index(f, rank) {
                out.insert(sq);
            }
        }
        out
    };
    // The long diagonals in the other side's half.
    let white = [
        (0, 7),
        (1, 6),
        (2, 5),
        (3, 4),
        (4, 4),
        (5, 5),
        (6, 6),
        (7, 7),
    ];
    let black = white.map(|(f, rank)| (f, 7 - rank));
    r.regions.promotion_squares = [Some(region(&white)), Some(region(&black))];
    r.regions.sittuyin_promotion = true;
    r.promotion_ranks = [0, 0];
    r.regions.counting = CountingRule::Asean;
    r.ends.n_move_rule = 50;
    Ok(r)
}

impl State {
    /// Sittuyin's promotion moves of the side to move, pseudo-legal (that the
    /// met gives no check is legality's test, as in Fairy-Stockfish).
    pub(crate) fn sittuyin_promotions(&self, t: &Tables, r: &Rules, out: &mut Vec<VariantMove>) {
        let us = self.turn;
        let pawns = self.pawns[us];
        let candidates = if pawns.count() > 1 {
            pawns & r.promotion_region(us)
        } else {
            pawns
        };
        for from in candidates.iter() {
            for &pt in r.promotion_choices(us) {
                let ty = usize::from(pt);
                let limit = r.promotion_limit.get(ty).copied().unwrap_or(0);
                if limit != 0 && self.counts[us][ty] >= u16::from(limit) {
                    continue;
                }
                // The board without the pawn: where the new piece may stand,
                // and what it would attack there.
                let mut without = *self;
                without.remove(t, from);
                let occ = without.occ[0] | without.occ[1] | without.walls;
                let mut squares = without.targets(t, from, ty, occ) & !occ;
                squares.insert(from);
                for to in squares.iter() {
                    if !(without.targets(t, to, ty, occ) & without.occ[us ^ 1]).is_empty() {
                        continue;
                    }
                    let mut mv = VariantMove::new(from, to, MoveKind::Normal);
                    mv.promotion = pt;
                    out.push(mv);
                }
            }
        }
    }

    /// Is `mv` one of Sittuyin's promotions, which may not give check?
    pub(crate) fn is_sittuyin_promotion(r: &Rules, mv: &VariantMove) -> bool {
        r.regions.sittuyin_promotion && mv.promotion != NO_TYPE && !mv.is_drop()
    }
}

impl VariantPosition {
    /// May a draw be claimed by Sittuyin's rule that a side left with its
    /// king and one pawn, not in check, whose every legal move is a
    /// promotion, is stalemated (Fairy-Stockfish's `is_optional_game_end`)?
    pub fn sittuyin_draw(&self) -> bool {
        let rules = &self.variant().rules;
        let s = &self.state;
        let us = s.turn;
        if !rules.regions.sittuyin_promotion || s.occ[us].count() != 2 || s.pawns[us].count() != 1 {
            return false;
        }
        !self.is_check() && self.legal_moves().iter().all(|mv| mv.promotion != NO_TYPE)
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::Variant;

    #[test]
    fn the_promotion_region_is_the_long_diagonals() {
        let v = Variant::builtin("sittuyin").unwrap();
        let size = v.rules.size;
        let white = v.rules.promotion_region(0);
        assert_eq!(white.count(), 8);
        for name in ["a8", "d5", "e5", "h8"] {
            assert!(white.contains(size.parse_square(name).unwrap()), "{name}");
        }
        assert!(
            v.rules
                .promotion_region(1)
                .contains(size.parse_square("d4").unwrap())
        );
    }
}

//! Mars Circe ([`Mars`]), a condition of chess problems: a piece captures by
//! first going to its own Circe rebirth square (the square it would be
//! reborn on, under Circe, if it were taken where it stands) and capturing
//! from there, as if it stood there. The square must be empty, or the piece's
//! own; the piece ends on the capture square. A move that takes nothing is
//! orthodox. A piece observes (so checks) only where it could so capture:
//! the kings too in Popeye's default (`RexInclusive`), so that a king on e4
//! guards only the squares around e1; under `RexExclusive` a king neither
//! takes nor observes.
//!
//! The rebirth squares are Circe's ([`ConditionTables::rebirth_square`]),
//! reckoned from the square the piece stands on: a rook on a dark square
//! takes from a1 (a8), a knight on a light one from b1 (g8), a pawn from its
//! second rank on its file, the queen from d1, the king from e1.
//!
//! A capture keeps the move's two squares (from where the piece stands to
//! the capture square): the rebirth square is where it takes from, not where
//! it ends, so the move makes as an orthodox capture.
//!
//! ```
//! use kibitz::variant::{Conditions, Variant, VariantPosition};
//! let mars = Variant::with_conditions("marscirce".parse::<Conditions>()?)?;
//! // The rook on d4 (dark) takes from a1: the knight on a5, not the one on d7.
//! let pos = VariantPosition::from_fen(&mars, "7k/3n4/8/n7/3R4/8/8/4K3 w - - 0 1")?;
//! let moves: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
//! assert!(moves.contains(&"d4a5".to_string()));
//! assert!(!moves.contains(&"d4d7".to_string()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::board::{NO_SQ, Sq, WideBitboard};
use super::moves::VariantMove;
use super::rules::{Mars, Rules};
use super::state::{State, WALL, type_of};
use super::tables::{ConditionTables, Tables};

impl State {
    /// The square the piece of colour `c` on `sq` captures from, if it may
    /// capture at all: its rebirth square, empty once it has left `sq` (or
    /// `sq` itself); never for a king under `RexExclusive`.
    fn mars_square(&self, t: &Tables, sq: Sq, c: usize) -> Option<Sq> {
        let ct: &ConditionTables = &t.conditions;
        let ty = type_of(self.board[usize::from(sq)]);
        if ct.conditions.mars == Mars::RexExclusive && Some(ty as u8) == t.king {
            return None;
        }
        let home = ct.rebirth_square(ty, sq, c);
        (home == sq || self.board[usize::from(home)] == 0).then_some(home)
    }

    /// The pseudo-legal moves under Mars Circe into `out`: the orthodox moves
    /// that take nothing (castling among them), and each piece's captures
    /// from its rebirth square, written from where it stands.
    pub(crate) fn mars_moves(
        &self,
        t: &Tables,
        r: &Rules,
        in_check: bool,
        out: &mut Vec<VariantMove>,
    ) {
        let us = self.turn;
        self.walk_quiet_moves(t, r, in_check, out);
        for from in self.occ[us].iter() {
            let Some(home) = self.mars_square(t, from, us) else {
                continue;
            };
            let mut there = *self;
            if home != from {
                let ty = type_of(self.board[usize::from(from)]);
                there.remove(t, from);
                there.put(t, home, us, ty);
            }
            let at = out.len();
            // (As in check: no castling from the rebirth square; it would
            // take nothing anyway.)
            there.piece_moves(t, r, home, true, out);
            let captures: Vec<VariantMove> = out
                .drain(at..)
                .filter(|mv| there.is_capture(mv))
                .map(|mv| VariantMove { from, ..mv })
                .collect();
            out.extend(captures);
        }
    }

    /// Mars Circe's attack test: does a piece of colour `by` observe `sq`
    /// from its rebirth square (with `gone` taken as empty)? Each piece is
    /// tried alone on a probe where the others of its side are walls: they
    /// still block and serve as hurdles, but observe nothing.
    pub(crate) fn mars_attacked(&self, t: &Tables, sq: Sq, by: usize, gone: Sq) -> bool {
        let mut probe = *self;
        if gone != NO_SQ && probe.board[usize::from(gone)] != 0 {
            probe.remove(t, gone);
        }
        let pieces = probe.occ[by];
        for s in pieces.iter() {
            probe.board[usize::from(s)] = WALL;
        }
        for from in pieces.iter() {
            // A piece does not observe the square it stands on.
            if from == sq {
                continue;
            }
            let p = self.board[usize::from(from)];
            probe.board[usize::from(from)] = p;
            let home = probe.mars_square(t, from, by);
            probe.board[usize::from(from)] = 0;
            if let Some(home) = home {
                probe.board[usize::from(home)] = p;
                probe.occ[by] = WideBitboard::EMPTY;
                probe.occ[by].insert(home);
                let seen = probe.observed_by(t, sq, by, NO_SQ, 1 << type_of(p));
                probe.board[usize::from(home)] = 0;
                if seen {
                    return true;
                }
            }
            probe.board[usize::from(from)] = WALL;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Conditions, Variant, VariantPosition};

    fn position(conditions: &str, fen: &str) -> VariantPosition {
        let v = Variant::with_conditions(conditions.parse().unwrap()).unwrap();
        VariantPosition::from_fen(&v, fen).unwrap()
    }

    fn moves(conditions: &str, fen: &str) -> Vec<String> {
        let pos = position(conditions, fen);
        let mut out: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
        out.sort();
        out
    }

    #[test]
    fn a_piece_takes_from_its_rebirth_square_if_empty() {
        // The knight on g6 (light) takes from b1: the knight on d2; the king
        // on h8 takes from e1 as well (RexInclusive), but not under
        // RexExclusive (Popeye's example for it).
        let fen = "7K/8/6N1/8/8/8/3n4/7k w - - 0 1";
        let m = moves("marscirce", fen);
        assert!(m.contains(&"g6d2".to_string()) && m.contains(&"h8d2".to_string()));
        let m = moves("marscirce rexexclusive", fen);
        assert!(m.contains(&"g6d2".to_string()) && !m.contains(&"h8d2".to_string()));
        // With b1 taken, the knight takes nothing.
        let fen = "7K/8/6N1/8/8/8/3n4/1B5k w - - 0 1";
        assert!(!moves("marscirce rexexclusive", fen).contains(&"g6d2".to_string()));
        // A pawn takes from its second rank: e4 from e2, on d3, not on d5.
        let fen = "7k/8/8/3n4/4P3/3n4/8/K7 w - - 0 1";
        let m = moves("marscirce", fen);
        assert!(m.contains(&"e4d3".to_string()) && !m.contains(&"e4d5".to_string()));
        assert!(m.contains(&"e4e5".to_string()));
    }

    #[test]
    fn a_piece_checks_only_from_its_rebirth_square() {
        // The rook on d4 (dark) stands on the king's file but checks from
        // a1, along the first rank; the king on e4 guards only around e1.
        let fen = "3k4/8/8/8/3R4/8/8/7K b - - 0 1";
        assert!(!position("marscirce", fen).is_check());
        let fen = "8/8/8/8/3R4/8/8/2k4K b - - 0 1";
        assert!(position("marscirce", fen).is_check());
        // Kings may stand side by side.
        let fen = "8/8/8/3k4/4K3/8/8/8 w - - 0 1";
        assert!(moves("marscirce", fen).contains(&"e4e5".to_string()));
        // A blocked rebirth square: the rook on a1's square is taken by a
        // bishop, so the rook on d4 checks nothing.
        let fen = "8/8/8/8/3R4/8/8/B1k4K b - - 0 1";
        assert!(!position("marscirce", fen).is_check());
    }

    #[test]
    fn mars_circe_reads_and_writes_its_words() {
        for text in [
            "marscirce",
            "marscirce rexexclusive",
            "ohneschach marscirce",
        ] {
            let c: Conditions = text.parse().unwrap();
            assert_eq!(c.to_string(), text);
        }
        assert!(Variant::with_conditions("marscirce madrasi".parse().unwrap()).is_err());
        assert!(Variant::with_conditions("circe marscirce".parse().unwrap()).is_err());
    }
}

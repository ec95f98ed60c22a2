//! Chess960 castling for any variant that castles, as Fairy-Stockfish plays it
//! with its `chess960` flag (`fischerandom`, `caparandom`, the UCI option
//! `UCI_Chess960`, the ini key `chess960 = true`).
//!
//! - The king and its castling rooks may stand on any files of the castling
//!   rank. The castling king is the side's king on that rank, wherever it is.
//! - A castling right names its rook: `K`/`Q` (X-FEN) the outermost castling
//!   rook on that side of the king, a file letter (`HAha`, Shredder-FEN) the
//!   rook on that file; the side is the rook's side of the king.
//! - Castling puts the king and the rook where the variant's castling puts them
//!   (chess: g1 and f1, c1 and d1; Capablanca: i1 and h1, c1 and d1), whatever
//!   their start files; every square both pass or reach must be empty but for
//!   the two, the king may not pass through or land on an attacked square, nor
//!   castle out of check.
//! - UCI writes castling as the king taking its own rook (`b1a1`), and the FEN
//!   writes each right as its rook's file letter (Fairy-Stockfish's form:
//!   `HAha`, `JAja` on ten files).
//!
//! ```
//! use kibitz::variant::{Variant, VariantPosition};
//! let v = Variant::builtin("chess")?.with_chess960(true)?;
//! let pos = VariantPosition::from_fen(&v, "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RK1 w Qkq - 0 1")?;
//! assert!(pos.fen().contains(" w Fhf "));
//! let mut after = pos.clone();
//! after.play_uci("f1e1")?;
//! assert!(after.fen().contains(" b hf "));
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```
//!
//! (The letters in the example: White's `Q` right names its one rook, on f1,
//! the queenside of a king on g1.)

use super::VariantError;
use super::board::{NO_SQ, Sq};
use super::rules::{Gating, Rules};
use super::state::State;
use super::tables::Tables;

impl State {
    /// The square of colour `c`'s castling king: the variant's king file on its
    /// castling rank, or in Chess960 the royal king if it stands on that rank
    /// (`NO_SQ` if not).
    #[inline]
    pub(crate) fn castling_king_sq(&self, r: &Rules, c: usize) -> Sq {
        let files = Sq::from(r.size.files());
        let rank = Self::gate_rank(r, c);
        if r.chess960 {
            let k = self.kings[c];
            if k != NO_SQ && k / files == rank {
                k
            } else {
                NO_SQ
            }
        } else {
            let file = r.castling.map_or(0, |k| k.king_file);
            rank * files + Sq::from(file)
        }
    }

    /// Chess960: the royal king of the side to move leaves its square (`ty` is
    /// the moving piece's type), and with it the side's castling rights. (In
    /// standard castling the king's fixed square does this in `clear_rights_at`.)
    #[inline]
    pub(crate) fn chess960_king_moves(&mut self, t: &Tables, r: &Rules, ty: usize) {
        if r.chess960 && Some(ty as u8) == t.king {
            let us = self.turn;
            self.castling &= !(3 << (2 * us));
            self.rook_sq[2 * us] = NO_SQ;
            self.rook_sq[2 * us + 1] = NO_SQ;
        }
    }
}

/// The castling rules Chess960 cannot be played with: refused when the variant
/// is built, naming the rule.
pub(crate) fn check(rules: &Rules) -> Result<(), VariantError> {
    if !rules.chess960 {
        return Ok(());
    }
    let refuse = |what: &str| {
        Err(VariantError::Definition(format!(
            "chess960: not supported with {what}"
        )))
    };
    if rules.gating == Gating::Musketeer {
        return refuse(
            "Musketeer gating (its placement rule is about the king's and rooks' files)",
        );
    }
    if rules.gating == Gating::Seirawan {
        return refuse("Seirawan gating (its castling field also holds the gates)");
    }
    if rules.castling.is_some() && rules.ends.castling_king_letter.is_some() {
        return refuse("a castling king that is not royal (`castlingKingPiece`)");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::board::Board;
    use crate::variant::Variant;
    use crate::variant::VariantPosition;
    use crate::{CastlingMode, Position};

    /// White's back rank of Chess960 start position `n` (0..960, Scharnagl's
    /// numbering: 518 is the standard one).
    fn back_rank(mut n: usize) -> String {
        let mut rank = [' '; 8];
        rank[2 * (n % 4) + 1] = 'B';
        n /= 4;
        rank[2 * (n % 4)] = 'B';
        n /= 4;
        let mut place = |k: usize, piece: char| {
            let f = (0..8).filter(|&f| rank[f] == ' ').nth(k).unwrap();
            rank[f] = piece;
        };
        place(n % 6, 'Q');
        n /= 6;
        const KNIGHTS: [(usize, usize); 10] = [
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 3),
            (2, 4),
            (3, 4),
        ];
        let (a, b) = KNIGHTS[n];
        place(b, 'N');
        place(a, 'N');
        for piece in ['R', 'K', 'R'] {
            place(0, piece);
        }
        rank.iter().collect()
    }

    #[test]
    fn scharnagl_518_is_the_standard_rank() {
        assert_eq!(back_rank(518), "RNBQKBNR");
        assert_eq!(back_rank(0), "BBQNNRKR");
    }

    /// The variant engine with Chess960 on chess plays as the orthodox engine in
    /// Chess960 mode: the same legal moves in UCI (king takes rook), the same
    /// Shredder-FEN after every ply of seeded random games from many start
    /// positions, and the same perft.
    #[test]
    fn chess960_agrees_with_the_orthodox_engine() {
        let v = Variant::builtin("chess")
            .unwrap()
            .with_chess960(true)
            .unwrap();
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut castles = 0;
        for start in (0..960).step_by(7) {
            let rank = back_rank(start);
            let fen = format!(
                "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1",
                rank.to_lowercase(),
                rank
            );
            let mut ortho = Position::from_fen_in(&fen, CastlingMode::Chess960).unwrap();
            let mut pos = VariantPosition::from_fen(&v, &fen).unwrap();
            for _ in 0..60 {
                assert_eq!(pos.fen(), ortho.shredder_fen(), "{fen}");
                let mut want: Vec<String> = ortho
                    .legal_moves()
                    .iter()
                    .map(|m| m.uci_in(CastlingMode::Chess960))
                    .collect();
                let mut got: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
                want.sort();
                got.sort();
                assert_eq!(got, want, "{}", pos.fen());
                if want.is_empty() {
                    break;
                }
                let moves = ortho.legal_moves();
                // Castling when it is there, half the time, so that it is played.
                let castling: Vec<_> = moves.iter().filter(|m| m.is_castle()).collect();
                let mv = if !castling.is_empty() && next() % 2 == 0 {
                    castles += 1;
                    *castling[next() as usize % castling.len()]
                } else {
                    moves[next() as usize % moves.len()]
                };
                pos.play_uci(&mv.uci_in(CastlingMode::Chess960)).unwrap();
                ortho.play(mv).unwrap();
            }
            if start % 70 == 0 {
                assert_eq!(pos.perft(3), ortho.perft(3), "{}", pos.fen());
            }
        }
        assert!(castles > 50, "{castles}");
    }

    #[test]
    fn rights_read_as_x_fen_or_shredder_fen() {
        let v = Variant::builtin("capablanca")
            .unwrap()
            .with_chess960(true)
            .unwrap();
        let x = "rbnkqcbnar/pppppppppp/10/10/10/10/PPPPPPPPPP/RBNKQCBNAR w KQkq - 0 1";
        let shredder = "rbnkqcbnar/pppppppppp/10/10/10/10/PPPPPPPPPP/RBNKQCBNAR w JAja - 0 1";
        let a = VariantPosition::from_fen(&v, x).unwrap();
        assert_eq!(a.fen(), shredder);
        assert_eq!(VariantPosition::from_fen(&v, shredder).unwrap(), a);
        // A right needs its king on the castling rank.
        let err = VariantPosition::from_fen(&v, "10/4k5/10/10/10/10/10/R3K4R w Kk - 0 1")
            .unwrap_err()
            .to_string();
        assert!(err.contains("needs the black king on rank 8"), "{err}");
    }

    #[test]
    fn gating_and_non_royal_castling_kings_are_refused() {
        for name in ["seirawan", "musketeer", "giveaway", "extinction"] {
            let err = Variant::builtin(name)
                .unwrap()
                .with_chess960(true)
                .unwrap_err();
            assert!(err.to_string().contains("chess960"), "{name}: {err}");
        }
    }
}

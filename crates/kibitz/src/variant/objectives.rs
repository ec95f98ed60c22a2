//! Chess with another objective, as Fairy-Stockfish's built-ins of the same
//! names define it (its `variant.cpp`): each is orthodox chess with some of
//! the end and capture rules of [`super::ends`] set, so this module is data
//! only.
//!
//! - **misere**: being checkmated wins;
//! - **losers**: captures are compulsory; being checkmated or stalemated, or
//!   losing every piece but the king, wins;
//! - **codrus**: giveaway (compulsory captures, a commoner king that castles)
//!   where losing the king wins;
//! - **knightmate**: the royal piece `K` moves as a knight, the mann `M` (a
//!   commoner) stands where the knights stood;
//! - **atomar**: atomic without checks whose kings survive blasts and may not
//!   take each other;
//! - **coregal**: the queens are royal too (pseudo-royal: never left attacked,
//!   and a queen attacked with no way out is mate).
//!
//! ```
//! use kibitz::variant::{GameValue, Variant, VariantOutcome, VariantPosition};
//! let v = Variant::builtin("misere")?;
//! let mated = VariantPosition::from_fen(&v, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")?;
//! assert_eq!(mated.outcome(), Some(VariantOutcome::Checkmate(GameValue::Win)));
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::rules::{GameValue, PieceDef, PieceKind, Rules, piece};

/// The built-ins of this module on orthodox chess `r`; false for another name.
pub(crate) fn builtin_rules(name: &str, r: &mut Rules) -> bool {
    match name {
        "misere" => r.checkmate = GameValue::Win,
        "losers" => {
            r.checkmate = GameValue::Win;
            r.stalemate = GameValue::Win;
            let e = &mut r.ends;
            e.extinction_value = Some(GameValue::Win);
            e.extinction_letters = vec!['*'];
            // The king alone is extinct: it cannot be taken.
            e.extinction_piece_count = 1;
            e.must_capture = true;
        }
        "codrus" => {
            // Giveaway's rules with the king as the one extinction type.
            super::ends::builtin_rules("giveaway", r);
            r.set_promotions("QRBN");
            r.ends.extinction_letters = vec!['K'];
        }
        "knightmate" => {
            r.pieces[1] = piece('M', "commoner", "K");
            r.pieces[5] = PieceDef {
                letter: 'K',
                name: "king".to_string(),
                betza: "N".to_string(),
                kind: PieceKind::King,
            };
            r.start_fen = "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1".to_string();
            r.set_promotions("MQRB");
        }
        "atomar" => {
            super::ends::builtin_rules("nocheckatomic", r);
            r.ends.blast_immune_letters = vec!['K'];
            r.ends.mutually_immune_letters = vec!['K'];
        }
        "coregal" => {
            let e = &mut r.ends;
            e.extinction_value = Some(GameValue::Loss);
            e.extinction_letters = vec!['Q'];
            e.extinction_pseudo_royal = true;
            // However many queens a side has, each is royal.
            e.extinction_piece_count = 64;
        }
        _ => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    use crate::testing::variant_perft as perft;
    use crate::variant::{GameValue, Variant, VariantOutcome, VariantPosition};

    fn position(name: &str, fen: &str) -> VariantPosition {
        let v = Variant::builtin(name).unwrap();
        VariantPosition::from_fen(&v, fen).unwrap()
    }

    fn moves(pos: &VariantPosition) -> Vec<String> {
        let mut out: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
        out.sort();
        out
    }

    // Perft counts published in Fairy-Stockfish's tests/perft.sh (its
    // repository, `expect perft.exp VARIANT POSITION DEPTH NODES`).
    #[test]
    fn fairy_stockfish_perft_counts() {
        assert_eq!(perft("atomar", None, 4), 197_779);
        let fen = "7r/6Pb/1np5/1p2kp2/P1P1n3/1P2KP1B/5N2/8 w - - 0 1";
        assert_eq!(perft("atomar", Some(fen), 3), 24_644);
        assert_eq!(perft("codrus", None, 4), 153_299);
        let fen = "5bnr/2pp2pp/P4k2/R3Q1P1/8/2N1K3/1P1PP1PP/2B2BNR w - - 1 15";
        assert_eq!(perft("codrus", Some(fen), 4), 19);
        assert_eq!(perft("coregal", None, 4), 195_896);
        let fen = "rn2kb1r/ppp1pppp/6q1/8/2PP2b1/5B2/PP3P1P/R1BQK1NR w KQkq - 1 9";
        assert_eq!(perft("coregal", Some(fen), 3), 20_421);
        let fen = "2Q5/3Pq2k/6p1/4Bp1p/5P1P/8/8/K7 w - - 2 72";
        assert_eq!(perft("coregal", Some(fen), 4), 55_970);
        let fen = "r3kb1r/1pp1pppp/p1q2n2/3P4/6b1/2N2N2/PPP2PPP/R1BQ1RK1 b kq - 0 9";
        assert_eq!(perft("coregal", Some(fen), 4), 136_511);
        assert_eq!(perft("knightmate", None, 4), 139_774);
        assert_eq!(perft("losers", None, 4), 152_955);
    }

    #[test]
    fn losers_must_capture_and_wins_with_the_king_alone() {
        let pos = position("losers", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(moves(&pos), ["e4d5"]);
        let bare = position("losers", "4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert_eq!(
            bare.outcome(),
            Some(VariantOutcome::Extinction(GameValue::Win))
        );
        let mated = position("losers", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
        assert_eq!(
            mated.outcome(),
            Some(VariantOutcome::Checkmate(GameValue::Win))
        );
    }

    #[test]
    fn codrus_is_won_by_losing_the_king() {
        let pos = position("codrus", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(pos.outcome(), None);
        let gone = position("codrus", "8/8/8/8/8/8/8/R3K3 b - - 0 1");
        assert_eq!(
            gone.outcome(),
            Some(VariantOutcome::Extinction(GameValue::Win))
        );
    }

    #[test]
    fn the_knightmate_king_leaps_as_a_knight() {
        let pos = position("knightmate", "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(moves(&pos), ["a1b3", "a1c2"]);
    }

    #[test]
    fn atomar_kings_survive_blasts_and_do_not_take_each_other() {
        let pos = position("atomar", "8/8/8/8/8/8/3k4/3K4 w - - 0 1");
        assert_eq!(moves(&pos), ["d1c1", "d1c2", "d1e1", "d1e2"]);
        let mut pos = position("atomar", "8/8/8/8/8/3k4/3pq3/3K4 w - - 0 1");
        pos.play_uci("d1e2").unwrap();
        assert_eq!(pos.fen(), "8/8/8/8/8/3k4/3pK3/8 b - - 0 1");
    }

    #[test]
    fn a_coregal_queen_may_not_be_left_attacked() {
        // The rook attacks the queen: the king may not step away and leave
        // her attacked, and she may not leave the king to the rook.
        let pos = position("coregal", "4k3/8/8/8/8/8/8/r2QK3 w - - 0 1");
        assert_eq!(moves(&pos), ["d1a1"]);
        // A new queen is royal at once: she may not be promoted where she
        // stands attacked (the rook g1 and the knight e2 guard f1).
        let fen = "rn2k3/q3n3/p4Bpb/1Pp5/2N2P1r/QP6/P3N1pP/1R1K1BR1 b - - 1 28";
        let pos = position("coregal", fen);
        assert!(!moves(&pos).contains(&"g2f1q".to_string()));
        assert!(moves(&pos).contains(&"g2f1r".to_string()));
    }
}

//! Fairy-Stockfish's pawn variants and its `pawnTypes` key.
//!
//! - **torpedo**: chess whose pawns may step two squares from any rank
//!   (Fairy-Stockfish's `doubleStepRegion` of the whole board); en passant
//!   follows every such step an enemy pawn could take, and a double step
//!   onto the last rank promotes.
//!
//! ```
//! use kibitz::variant::{Variant, VariantPosition};
//! let v = Variant::builtin("torpedo")?;
//! let pos = VariantPosition::from_fen(&v, "4k3/8/8/8/2p5/8/1P6/4K3 w - - 0 1")?;
//! let ucis: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
//! assert!(ucis.contains(&"b2b4".to_string()));
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::rules::{PieceKind, Rules};

/// The built-ins of this module on orthodox chess `r`; false for another name.
pub(crate) fn builtin_rules(name: &str, r: &mut Rules) -> bool {
    match name {
        "torpedo" => {
            let every_rank = (1u16 << r.size.ranks()) - 1;
            r.double_step = [every_rank; 2];
        }
        _ => return false,
    }
    true
}

/// Reads `pawnTypes` (the pieces that are pawns: they promote, are taken en
/// passant and reset the n-move count). kibitz's pawn is one piece type that
/// moves as the orthodox pawn, so the key is read when it names that pawn
/// (or none); a custom piece as the pawn is refused with the reason.
pub(crate) fn apply_pawn_types(rules: &Rules, value: &str) -> Result<(), String> {
    for c in value.chars().filter(|c| !c.is_whitespace() && *c != '-') {
        let named = rules
            .pieces
            .iter()
            .find(|p| p.letter == c.to_ascii_uppercase());
        match named {
            Some(p) if p.kind == PieceKind::Pawn => {}
            Some(p) => {
                return Err(format!(
                    "pawnTypes `{c}`: {} ({}) as a pawn (a custom pawn) is not supported",
                    p.name, p.betza
                ));
            }
            None => return Err(format!("pawnTypes: no piece `{c}`")),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::variant::{Variant, VariantPosition, ini};

    // Perft counts published in Fairy-Stockfish's tests/perft.sh.
    #[test]
    fn fairy_stockfish_perft_counts() {
        let v = Variant::builtin("torpedo").unwrap();
        assert_eq!(VariantPosition::startpos(&v).perft(4), 209_719);
        let fen = "rnbqkbnr/1ppppppp/8/6P1/p7/8/PPPPPP1P/RNBQKBNR w KQkq - 0 1";
        let pos = VariantPosition::from_fen(&v, fen).unwrap();
        assert_eq!(pos.perft(4), 232_819);
    }

    /// Fairy-Stockfish 0.0.90 (pyffish): a pawn on the sixth rank steps two
    /// onto the last and promotes; en passant after a step from the third rank.
    #[test]
    fn torpedo_pawns_step_two_from_any_rank() {
        let v = Variant::builtin("torpedo").unwrap();
        let pos = VariantPosition::from_fen(&v, "4k3/8/P7/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mut ucis: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
        ucis.sort();
        assert!(ucis.contains(&"a6a8q".to_string()), "{ucis:?}");
        let mut pos = VariantPosition::from_fen(&v, "4k3/8/8/8/2p5/8/1P6/4K3 w - - 0 1").unwrap();
        pos.play_uci("b2b4").unwrap();
        assert_eq!(pos.fen(), "4k3/8/8/8/1Pp5/8/8/4K3 b - b3 0 1");
    }

    #[test]
    fn pawn_types_naming_the_pawn_are_read_a_custom_pawn_refused() {
        let text = "[pt:chess]\npawnTypes = p\n";
        assert!(ini::parse(text).is_ok());
        let text = "[allwayspawns:chess]\ncustomPiece1 = p:mWfceFifmnD\npawnTypes = p\n";
        let err = ini::parse(text).map(|_| ()).unwrap_err().to_string();
        assert!(err.contains("custom pawn"), "{err}");
    }
}

//! Fairy-Stockfish's pawn variants and its `pawnTypes` key.
//!
//! - **torpedo**: chess whose pawns may step two squares from any rank
//!   (Fairy-Stockfish's `doubleStepRegion` of the whole board); en passant
//!   follows every such step an enemy pawn could take, and a double step
//!   onto the last rank promotes.
//! - **berolina**, **pawnsideways**, **pawnback**: chess with a custom pawn
//!   (Berolina's moves diagonally and takes straight; the others also step
//!   sideways, or back).
//!
//! Custom pawns (`pawnTypes`, `promotionPawnTypes`, `enPassantTypes`,
//! `nMoveRuleTypes`, each also per colour) are pieces with Betza moves that
//! promote in the promotion zone, take en passant (where their Betza has an
//! `e`, or the keys say so) and reset the n-move count by moves that cannot be
//! undone. As in Fairy-Stockfish, any piece's initial (`i`) move that no other
//! move of it makes leaves en-passant squares: the squares it passed and the
//! one it reached; an en-passant capture onto an empty one takes the piece
//! that moved.
//!
//! ```
//! use kibitz::variant::{Variant, VariantPosition};
//! let v = Variant::builtin("torpedo")?;
//! let pos = VariantPosition::from_fen(&v, "4k3/8/8/8/2p5/8/1P6/4K3 w - - 0 1")?;
//! let ucis: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
//! assert!(ucis.contains(&"b2b4".to_string()));
//!
//! // Berolina: the pawn leaves the square it passed and its own as en-passant squares.
//! let v = Variant::builtin("berolina")?;
//! let mut pos = VariantPosition::startpos(&v);
//! pos.play_uci("e2c4")?;
//! assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/2P5/8/PPPP1PPP/RNBQKBNR b KQkq d3c4 0 1");
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::board::{Sq, WideBitboard};
use super::rules::{PieceKind, Rules};

/// The built-ins of this module on orthodox chess `r`; false for another name.
pub(crate) fn builtin_rules(name: &str, r: &mut Rules) -> bool {
    match name {
        "torpedo" => {
            let every_rank = (1u16 << r.size.ranks()) - 1;
            r.double_step = [every_rank; 2];
        }
        // Fairy-Stockfish's dialect: `e` marks the en-passant taker, `i` the
        // initial moves (from the double-step ranks), `n` a leap that may be blocked.
        "berolina" => custom_pawn(r, "mfFcfeWimfnA"),
        "pawnsideways" => custom_pawn(r, "fsmWfceFifmnD"),
        "pawnback" => {
            custom_pawn(r, "fbmWfceFifmnD");
            // Backward steps are undone by forward ones: no pawn move resets
            // the n-move count, and a pawn never steps back onto its first rank.
            r.pawn_keys.n_move = [Some(Vec::new()), None, None];
            let ranks = r.size.ranks();
            let mut region = [WideBitboard::EMPTY; 2];
            for sq in 0..r.size.squares() {
                let rank = sq / usize::from(r.size.files());
                if rank != 0 {
                    region[0].insert(sq as Sq);
                }
                if rank + 1 != usize::from(ranks) {
                    region[1].insert(sq as Sq);
                }
            }
            r.regions
                .mobility
                .push(("customPiece1".to_string(), region.map(Some)));
        }
        _ => return false,
    }
    true
}

/// Replaces the pawn of `r` by a custom pawn moving as `betza` (Fairy-Stockfish's
/// dialect), the one type that promotes, takes en passant and resets the n-move count.
fn custom_pawn(r: &mut Rules, betza: &str) {
    if let Some(p) = r.kind_index(PieceKind::Pawn) {
        let betza = super::regions::fsf_betza(betza);
        r.pieces[usize::from(p)] = super::rules::piece('P', "customPiece1", &betza);
    }
    r.pawn_keys.pawn_types = Some(vec!['P']);
}

/// The pawn sets of a variant as type masks (a bit per type index), per colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PawnSets {
    pub promotion: [u32; 2],
    pub en_passant: [u32; 2],
    pub n_move: [u32; 2],
    /// Per colour: the sets leave the orthodox pawn out (Spartan's Black, whose
    /// pawn is the hoplite), so that colour may have no orthodox pawn.
    pub no_pawn: [bool; 2],
}

/// Reads the pawn-type keys; false for another key.
pub(crate) fn apply_key(rules: &mut Rules, key: &str, value: &str) -> Result<bool, String> {
    let keys = &mut rules.pawn_keys;
    let slot = if key == "pawnTypes" {
        &mut keys.pawn_types
    } else {
        let (list, rest) = if let Some(rest) = key.strip_prefix("promotionPawnTypes") {
            (&mut keys.promotion, rest)
        } else if let Some(rest) = key.strip_prefix("enPassantTypes") {
            (&mut keys.en_passant, rest)
        } else if let Some(rest) = key.strip_prefix("nMoveRuleTypes") {
            (&mut keys.n_move, rest)
        } else {
            return Ok(false);
        };
        let i = match rest {
            "" => 0,
            "White" => 1,
            "Black" => 2,
            _ => return Ok(false),
        };
        &mut list[i]
    };
    let letters: Vec<char> = value
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    if let Some(c) = letters.iter().find(|c| !c.is_ascii_alphabetic()) {
        return Err(format!("`{c}` is not a piece letter"));
    }
    *slot = Some(letters);
    Ok(true)
}

/// The pawn sets of `rules` (its pieces final): each key as Fairy-Stockfish
/// settles it, the orthodox pawn and (for en passant) every piece whose Betza
/// has an `e` by default. The orthodox pawn (kibitz's [`PieceKind::Pawn`]) has
/// its rules built in, so a set that leaves it out is refused.
pub(crate) fn resolve(rules: &Rules) -> Result<PawnSets, String> {
    let keys = &rules.pawn_keys;
    let mask = |letters: &[char], key: &str| -> Result<u32, String> {
        let mut m = 0u32;
        for &c in letters {
            let t = rules
                .type_of_letter(c)
                .ok_or_else(|| format!("{key}: no piece `{c}`"))?;
            m |= 1 << t;
        }
        Ok(m)
    };
    let pawn = rules.kind_index(PieceKind::Pawn).map_or(0, |p| 1u32 << p);
    let with_e = rules
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.kind == PieceKind::Other && p.betza.contains('e'))
        .fold(0u32, |m, (i, _)| m | 1 << i);
    let base = match &keys.pawn_types {
        Some(l) => Some(mask(l, "pawnTypes")?),
        None => None,
    };
    let settle = |slots: &[Option<Vec<char>>; 3], name: &str, default: u32| {
        let mut out = [0u32; 2];
        for (c, o) in out.iter_mut().enumerate() {
            let colour = ["White", "Black"][c];
            *o = match (&slots[c + 1], &slots[0]) {
                (Some(l), _) => mask(l, &format!("{name}{colour}"))?,
                (None, Some(l)) => mask(l, name)?,
                (None, None) => base.unwrap_or(default),
            };
        }
        Ok::<[u32; 2], String>(out)
    };
    let mut sets = PawnSets {
        promotion: settle(&keys.promotion, "promotionPawnTypes", pawn)?,
        en_passant: settle(&keys.en_passant, "enPassantTypes", pawn | with_e)?,
        n_move: settle(&keys.n_move, "nMoveRuleTypes", pawn)?,
        no_pawn: [false; 2],
    };
    if let Some(p) = rules.kind_index(PieceKind::Pawn) {
        let bit = 1u32 << p;
        let keys = [
            ("promotionPawnTypes", sets.promotion, true),
            ("enPassantTypes", sets.en_passant, rules.en_passant),
            ("nMoveRuleTypes", sets.n_move, true),
        ];
        for (c, no_pawn) in sets.no_pawn.iter_mut().enumerate() {
            *no_pawn = keys
                .iter()
                .any(|&(_, s, applies)| applies && s[c] & bit == 0);
        }
        // One side's sets may leave the pawn out: that side then holds no
        // orthodox pawn (its FEN refuses one). Both sides' may not, and pawns
        // that come from the hand could not be kept off the board.
        let left_out = keys
            .iter()
            .find(|&&(_, s, applies)| applies && (s[0] & s[1] & bit == 0))
            .filter(|_| sets.no_pawn == [true; 2] || rules.drops.enabled);
        if let Some((key, _, _)) = left_out {
            return Err(format!(
                "{key} leaves out the pawn `{}`: an orthodox pawn that is not a pawn to \
                 these rules is not supported (define it as a customPiece)",
                rules.pieces[usize::from(p)].letter.to_ascii_lowercase()
            ));
        }
    }
    Ok(sets)
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

    fn ucis(pos: &VariantPosition) -> Vec<String> {
        let mut out: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
        out.sort();
        out
    }

    /// Fairy-Stockfish 0.0.90 (pyffish): Berolina's first leap leaves the
    /// square passed and its own as en-passant squares; a pawn stepping
    /// straight onto the empty one takes the leaper.
    #[test]
    fn berolina_en_passant_takes_the_leaper() {
        let v = Variant::builtin("berolina").unwrap();
        let mut pos = VariantPosition::from_fen(&v, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
        pos.play_uci("e2c4").unwrap();
        assert_eq!(pos.fen(), "4k3/8/8/8/2Pp4/8/8/4K3 b - d3c4 0 1");
        let want = [
            "d4c3", "d4d3", "d4e3", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8",
        ];
        assert_eq!(ucis(&pos), want);
        let mv = pos.parse_uci("d4d3").unwrap();
        assert_eq!(pos.san(&mv), "Pxd3");
        pos.play_uci("d4d3").unwrap();
        assert_eq!(pos.fen(), "4k3/8/8/8/8/3p4/8/4K3 w - - 0 2");
        // Read back from the FEN, the en-passant squares mean the same.
        let pos = VariantPosition::from_fen(&v, "4k3/8/8/8/2Pp4/8/8/4K3 b - d3c4 0 1").unwrap();
        assert_eq!(ucis(&pos), want);
    }

    /// pyffish: a sideways step can be undone, so it keeps the n-move count.
    #[test]
    fn a_sideways_pawn_step_keeps_the_count() {
        let v = Variant::builtin("pawnsideways").unwrap();
        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 5 9";
        let mut pos = VariantPosition::from_fen(&v, fen).unwrap();
        pos.play_uci("e2d2").unwrap();
        assert_eq!(pos.fen(), "4k3/8/8/8/8/8/3P4/4K3 b - - 6 9");
        let mut pos = VariantPosition::from_fen(&v, fen).unwrap();
        pos.play_uci("e2e3").unwrap();
        assert_eq!(pos.fen(), "4k3/8/8/8/8/4P3/8/4K3 b - - 0 9");
    }

    /// pyffish: Sort of Almost chess promotes White to a chancellor, Black to a queen.
    #[test]
    fn promotion_choices_per_colour() {
        let v = Variant::builtin("sortofalmost").unwrap();
        let mut pos = VariantPosition::from_fen(&v, "4k3/1P6/8/8/8/8/1p6/4K3 w - - 0 1").unwrap();
        let promotions = |pos: &VariantPosition| -> Vec<String> {
            ucis(pos).into_iter().filter(|m| m.len() == 5).collect()
        };
        assert_eq!(promotions(&pos), ["b7b8b", "b7b8c", "b7b8n", "b7b8r"]);
        pos.play_uci("e1d1").unwrap();
        assert_eq!(promotions(&pos), ["b2b1b", "b2b1n", "b2b1q", "b2b1r"]);
    }

    #[test]
    fn pawn_types_naming_the_pawn_or_a_custom_pawn_are_read() {
        let text = "[pt:chess]\npawnTypes = p\n";
        assert!(ini::parse(text).is_ok());
        let text = "[ap:chess]\ncustomPiece1 = p:mWfceFifmnD\npawnTypes = p\n";
        assert!(ini::parse(text).is_ok());
        let text = "[np:chess]\ncustomPiece1 = a:mWfcF\npawnTypes = a\n";
        let err = ini::parse(text).map(|_| ()).unwrap_err().to_string();
        assert!(err.contains("leaves out the pawn"), "{err}");
    }
}

//! Fairy-Stockfish's drop built-ins played on two boards or mixed with other
//! rules, as its `variant.cpp` defines them: `bughouse` (crazyhouse on one of
//! two boards: `twoBoards`, a captured piece goes to the partner, not to the
//! capturer's hand; stalemate loses) and `koedem` (bughouse with a commoner
//! `K` for the king: no check, the side that has lost its commoner and sees
//! the other side hold both loses, `extinctionOpponentPieceCount = 2`; a side
//! with a commoner in hand must drop it, `mustDropType = k`).
//!
//! Only this board is played. The partner's board is not modelled: pieces enter
//! the hand only from a FEN, and pyffish's legal moves never list the "virtual"
//! drops (of pieces not yet in hand) that Fairy-Stockfish's search allows.
//!
//! ```
//! use kibitz::variant::{Variant, VariantPosition};
//! let v = Variant::builtin("bughouse")?;
//! let mut pos = VariantPosition::from_fen(&v, "4k3/1P6/8/8/8/8/8/4K3[Nq] w - - 0 1")?;
//! pos.play_uci("b7b8q")?;
//! assert_eq!(pos.fen(), "1Q~2k3/8/8/8/8/8/8/4K3[Nq] b - - 0 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::VariantError;
use super::rules::{GameValue, PieceKind, Rules, piece};

/// How a built-in of this family is made from its base.
type Derive = fn(&mut Rules) -> Result<(), VariantError>;

/// The built-in `name` of this family: the built-in it starts from and what it
/// changes; `None` for another name.
pub(crate) fn derived(name: &str) -> Option<(&'static str, Derive)> {
    Some(match name {
        "bughouse" => ("crazyhouse", bughouse),
        "koedem" => ("bughouse", koedem),
        _ => return None,
    })
}

fn bughouse(r: &mut Rules) -> Result<(), VariantError> {
    r.drops.two_boards = true;
    r.drops.captures_to_hand = false;
    r.stalemate = GameValue::Loss;
    Ok(())
}

fn koedem(r: &mut Rules) -> Result<(), VariantError> {
    if let Some(king) = r.kind_index(PieceKind::King) {
        r.pieces[usize::from(king)] = piece('K', "commoner", "K");
    }
    r.ends.castling_king_letter = Some('K');
    r.drops.must_drop = true;
    r.drops.must_drop_type = Some('K');
    r.ends.extinction_value = Some(GameValue::Loss);
    r.ends.extinction_letters = vec!['K'];
    r.ends.extinction_opponent_piece_count = 2;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::{GameValue, Variant, VariantOutcome, VariantPosition, ini};

    fn position(variant: &str, fen: &str) -> VariantPosition {
        VariantPosition::from_fen(&Variant::builtin(variant).unwrap(), fen).unwrap()
    }

    fn after(variant: &str, fen: &str, moves: &[&str]) -> String {
        let mut pos = position(variant, fen);
        for m in moves {
            pos.play_uci(m).unwrap();
        }
        pos.fen()
    }

    #[test]
    fn bughouse_captures_leave_the_board_and_promotions_stay_marked() {
        // The captured rook goes to the partner: the hands do not change.
        let fen = "r3k3/1P6/8/8/8/8/8/4K3[Nq] w - - 0 1";
        assert_eq!(
            after("bughouse", fen, &["b7a8q"]),
            "Q~3k3/8/8/8/8/8/8/4K3[Nq] b - - 0 1"
        );
        // The mark follows the promoted queen and leaves with it when taken.
        let fen = "4k3/8/8/3Q~4/8/8/r7/4K3[] b - - 0 1";
        assert_eq!(
            after("bughouse", fen, &["a2a5", "d5a5"]),
            "4k3/8/8/Q~7/8/8/8/4K3[] b - - 0 2"
        );
        let fen = "4k3/8/8/3Q~4/8/8/3r4/4K3[] b - - 0 1";
        assert_eq!(
            after("bughouse", fen, &["d2d5"]),
            "4k3/8/8/3r4/8/8/8/4K3[] w - - 0 2"
        );
        // Crazyhouse, beside it: the capture goes to hand, a promoted piece as a pawn.
        assert_eq!(
            after("crazyhouse", fen, &["d2d5"]),
            "4k3/8/8/3r4/8/8/8/4K3[p] w - - 0 2"
        );
    }

    #[test]
    fn bughouse_drops_only_what_is_in_hand_and_stalemate_loses() {
        let pos = position("bughouse", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
        let drops = pos
            .legal_moves()
            .iter()
            .filter(|m| pos.uci(m).contains('@'))
            .count();
        assert_eq!(drops, 62);
        let stalemate = position("bughouse", "k7/2Q5/1K6/8/8/8/8/8[] b - - 0 1");
        assert_eq!(
            stalemate.outcome(),
            Some(VariantOutcome::Stalemate(GameValue::Loss))
        );
        assert_eq!(
            position("crazyhouse", "k7/2Q5/1K6/8/8/8/8/8[] b - - 0 1").outcome(),
            Some(VariantOutcome::Stalemate(GameValue::Draw))
        );
    }

    #[test]
    fn koedem_drops_a_commoner_in_hand_first() {
        let moves = |fen: &str| {
            let pos = position("koedem", fen);
            let mut ucis: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
            ucis.sort();
            ucis
        };
        // A commoner in hand: its drops are the only moves (the knight waits).
        let ucis = moves("4k3/8/8/8/8/8/8/4K3[NKk] w - - 0 1");
        assert_eq!(ucis.len(), 62);
        assert!(ucis.iter().all(|u| u.starts_with("K@")), "{ucis:?}");
        // Without one, any move.
        assert_eq!(moves("4k3/8/8/8/8/8/8/4K3[Nk] w - - 0 1").len(), 5 + 62);
    }

    #[test]
    fn koedem_is_lost_without_a_commoner_when_the_other_side_has_both() {
        let lost = position("koedem", "4k3/8/8/8/8/8/8/8[Nk] w - - 0 1");
        assert_eq!(
            lost.outcome(),
            Some(VariantOutcome::Extinction(GameValue::Loss))
        );
        // One in hand still counts.
        let alive = position("koedem", "4k3/8/8/8/8/8/8/8[NKk] w - - 0 1");
        assert_eq!(alive.outcome(), None);
        // Both sides without: Fairy-Stockfish needs the other side to hold two.
        let bare = position("koedem", "8/8/8/8/8/8/8/4Q3[] b - - 0 1");
        assert_eq!(
            bare.outcome(),
            Some(VariantOutcome::Stalemate(GameValue::Loss))
        );
    }

    #[test]
    fn must_drop_type_is_read_and_checked() {
        let sections = ini::parse("[mykoedem:koedem]\nmustDropType = *\n").unwrap();
        let pos =
            VariantPosition::from_fen(&sections[0], "4k3/8/8/8/8/8/8/8[NKk] w - - 0 1").unwrap();
        assert_eq!(pos.legal_moves().len(), 64 * 2 - 2);
        let err = ini::parse("[mykoedem:koedem]\nmustDropType = kk\n").unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("mustDropType") && text.contains("line 2"),
            "{text}"
        );
    }

    #[test]
    fn two_boards_is_read_from_variants_ini() {
        let sections =
            ini::parse("[myhouse:crazyhouse]\ntwoBoards = true\ncapturesToHand = false\n").unwrap();
        let mut pos =
            VariantPosition::from_fen(&sections[0], "r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1").unwrap();
        pos.play_uci("b7a8q").unwrap();
        assert_eq!(pos.fen(), "Q~3k3/8/8/8/8/8/8/4K3[] b - - 0 1");
        let err = ini::parse("[myhouse:crazyhouse]\ntwoBoards = maybe\n").unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("twoBoards") && text.contains("line 2"),
            "{text}"
        );
    }
}

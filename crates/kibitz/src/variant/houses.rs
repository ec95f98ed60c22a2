//! Fairy-Stockfish's drop built-ins played on two boards or mixed with other
//! rules, as its `variant.cpp` defines them: `bughouse` (crazyhouse on one of
//! two boards: `twoBoards`, a captured piece goes to the partner, not to the
//! capturer's hand; stalemate loses) and `koedem` (bughouse with a commoner
//! `K` for the king: no check, the side that has lost its commoner and sees
//! the other side hold both loses, `extinctionOpponentPieceCount = 2`; a side
//! with a commoner in hand must drop it, `mustDropType = k`), and `shouse`
//! (S-chess with crazyhouse's drops: a piece in hand is dropped or gated,
//! captures go to hand, and the gates stay while the hand is empty, as it may
//! fill again; a pawn in hand is never gated onto its first rank), and
//! `supply` (xiangqi on one of two boards, without its chasing rules: a
//! captured piece goes to the partner, a piece in hand is dropped on the own
//! side of the river where it could stand, never giving check).
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
use super::regions::parse_region;
use super::rules::{DropRules, GameValue, PieceKind, Rules, piece};

/// How a built-in of this family is made from its base.
type Derive = fn(&mut Rules) -> Result<(), VariantError>;

/// The built-in `name` of this family: the built-in it starts from and what it
/// changes; `None` for another name.
pub(crate) fn derived(name: &str) -> Option<(&'static str, Derive)> {
    Some(match name {
        "bughouse" => ("crazyhouse", bughouse),
        "koedem" => ("bughouse", koedem),
        "shouse" => ("seirawan", shouse),
        "supply" => ("xiangqi", supply),
        _ => return None,
    })
}

fn bughouse(r: &mut Rules) -> Result<(), VariantError> {
    r.drops.two_boards = true;
    r.drops.captures_to_hand = false;
    r.stalemate = GameValue::Loss;
    Ok(())
}

fn shouse(r: &mut Rules) -> Result<(), VariantError> {
    r.drops = DropRules::CRAZYHOUSE;
    Ok(())
}

fn supply(r: &mut Rules) -> Result<(), VariantError> {
    r.drops.enabled = true;
    r.drops.two_boards = true;
    r.drops.captures_to_hand = false;
    r.drops.checks = false;
    // The hand is written from the last type to the first: the types in
    // Fairy-Stockfish's order (chariot, advisor, cannon, soldier, horse,
    // elephant, general), so that `[BNPCAR]` reads as it writes it.
    let order = ['R', 'A', 'C', 'P', 'N', 'B', 'K'];
    r.pieces
        .sort_by_key(|p| order.iter().position(|&l| l == p.letter));
    // Drops on the own side of the river (the elephants' half), and, as a
    // mobility region bounds drops too, on the points an advisor, an
    // elephant or a soldier can reach from its start: the regions the
    // moves already keep to, made explicit for the drops.
    r.drops.region = Some([0b11111, 0b11111 << 5]);
    r.start_fen =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] w - - 0 1".to_string();
    let squares = |text: &str| parse_region(r.size, text).map_err(VariantError::Definition);
    let regions = [
        ("fers", "d1 f1 e2 d3 f3", "d8 f8 e9 d10 f10"),
        ("elephant", "c1 g1 a3 e3 i3 c5 g5", "c6 g6 a8 e8 i8 c10 g10"),
        (
            "soldier",
            "*6 *7 *8 *9 *10 a4 a5 c4 c5 e4 e5 g4 g5 i4 i5",
            "*1 *2 *3 *4 *5 a6 a7 c6 c7 e6 e7 g6 g7 i6 i7",
        ),
    ];
    for (name, white, black) in regions {
        let (white, black) = (squares(white)?, squares(black)?);
        r.regions.set_region(name, 0, white);
        r.regions.set_region(name, 1, black);
    }
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
    fn shouse_gates_pieces_not_pawns_and_keeps_its_gates() {
        let fen = "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 1";
        let pos = position("shouse", fen);
        let gated = pos
            .legal_moves()
            .iter()
            .filter(|m| pos.uci(m).len() == 5)
            .count();
        assert_eq!(gated, 0);
        // An empty hand keeps the gates (a capture may fill it), and writes them.
        let fen = "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR[] w KQBCDFGkqbcdfg - 0 1";
        assert_eq!(position("shouse", fen).fen(), fen);
        // S-chess clears them.
        assert_eq!(
            position("seirawan", fen).fen(),
            "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 1"
        );
        // A capture goes to hand, and the piece in hand is gated or dropped.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
        assert_eq!(
            after("shouse", start, &["e2e4", "d7d5", "e4d5", "d8d5", "g1f3h"]),
            "rnb1kbnr/ppp1pppp/8/3q4/8/5N2/PPPP1PPP/RNBQKBHR[EPehp] b KQBCDFkqbcfg - 1 3"
        );
    }

    #[test]
    fn shouse_san_tells_a_gated_move_from_no_other() {
        let fen =
            "r1bqkbnr/pppp1ppp/2n2p1p/4p2H/N3P3/b1P5/PPP1KPPP/RNQ1NB1R[Hb] b ABFHkqcdfg - 0 11";
        let pos = position("shouse", fen);
        let san = |uci: &str| pos.san(&pos.parse_uci(uci).unwrap());
        assert_eq!(san("g8e7b"), "Ne7/B");
        assert_eq!(san("g8e7"), "Nge7");
        assert_eq!(san("c6e7"), "Nce7");
        // A gated castling names its gate, on the king's square too.
        let pos = position(
            "shouse",
            "r3k2r/1P3ppp/8/8/8/8/5PPP/R3K2R[EPp] w KQkq - 0 20",
        );
        let san = |uci: &str| pos.san(&pos.parse_uci(uci).unwrap());
        assert_eq!(san("e1g1e"), "O-O/Ee1+");
        assert_eq!(san("e1g1"), "O-O");
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

    /// Supply chess: drops on the own half, soldiers, advisors and elephants
    /// on their points only, never a check; SAN names the horse `H`.
    #[test]
    fn supply_drops_where_the_piece_could_stand_and_never_check() {
        let pos = position("supply", "3k5/9/9/9/9/9/9/9/9/4K4[RNCPABrncp] w - - 0 40");
        let drops: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| pos.uci(m))
            .filter(|u| u.contains('@'))
            .collect();
        let on = |piece: &str| drops.iter().filter(|u| u.starts_with(piece)).count();
        assert_eq!(on("P@"), 10);
        assert_eq!(on("A@"), 5);
        assert_eq!(on("B@"), 7);
        // The rook never on the open d-file, where it would check.
        assert!(!drops.iter().any(|u| u.starts_with("R@d")), "{drops:?}");
        assert!(drops.iter().all(|u| u[3..].parse::<u32>().unwrap() <= 5));
        let horse = pos.parse_uci("N@b5").unwrap();
        assert_eq!(pos.san(&horse), "H@b5");
        assert_eq!(pos.uci(&horse), "N@b5");
    }
}

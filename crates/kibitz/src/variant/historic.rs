//! The historic games Fairy-Stockfish has built in (its `variant.cpp`):
//! shatranj, chaturanga, courier chess and raazuvaa, as data on orthodox
//! chess. Their rules beyond the pieces are end rules of [`super::ends`]:
//!
//! - **the bare king**: a side left with its king alone loses, unless it can
//!   bare the other king at once (Fairy-Stockfish's extinction of all pieces
//!   at one piece, the opponent with two or more, claimed by the side to move);
//! - **stalemate loses** (for the side stalemated);
//! - the ferz `F` and alfil `A` in place of the queen and bishop, pawns
//!   without a double step that promote to a ferz only, no castling;
//! - shatranj's n-move rule of 70 moves.
//!
//! Raazuvaa (Maldivian chess) is chess without castling or double steps;
//! courier chess is played on 12 × 8 with the alfil (`E`), ferz (`F`), mann
//! (`M`, a commoner), wazir (`W`) and the modern bishop.
//!
//! ```
//! use kibitz::variant::{GameValue, Variant, VariantOutcome, VariantPosition};
//! let v = Variant::builtin("shatranj")?;
//! let bare = VariantPosition::from_fen(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")?;
//! assert_eq!(bare.outcome(), Some(VariantOutcome::Extinction(GameValue::Win)));
//! assert_eq!(Variant::builtin("courier")?.files(), 12);
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::VariantError;
use super::board::WideBitboard;
use super::rules::{GameValue, Rules, piece};
use super::state::{State, type_of};
use super::tables::Tables;

/// The bare-king rule and the losing stalemate of shatranj and courier chess.
fn bare_king(r: &mut Rules) {
    let e = &mut r.ends;
    e.extinction_value = Some(GameValue::Loss);
    e.extinction_claim = true;
    e.extinction_letters = vec!['*'];
    e.extinction_piece_count = 1;
    e.extinction_opponent_piece_count = 2;
    r.stalemate = GameValue::Loss;
    r.double_step = [0, 0];
    r.castling = None;
}

/// The built-ins of this module on orthodox chess `r`; `Ok(false)` for
/// another name.
pub(crate) fn builtin_rules(name: &str, r: &mut Rules) -> Result<bool, VariantError> {
    match name {
        "shatranj" | "chaturanga" => {
            // The alfil and ferz keep the bishop's and queen's places (and letters).
            r.pieces[2] = piece('B', "alfil", "A");
            r.pieces[4] = piece('Q', "fers", "F");
            r.set_promotions("Q");
            bare_king(r);
            r.ends.n_move_rule = 70;
            if name == "shatranj" {
                r.start_fen = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1".to_string();
            } else {
                // Chaturanga as chess.com plays it: no bare-king rule.
                r.ends.extinction_value = None;
                r.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".to_string();
            }
        }
        "courier" => {
            r.resize(12, 8)?;
            if let Some(q) = r.type_of_letter('Q') {
                r.pieces.remove(usize::from(q));
                r.promotion_limit.remove(usize::from(q));
            }
            r.add_piece(piece('E', "alfil", "A"));
            r.add_piece(piece('F', "fers", "F"));
            r.add_piece(piece('M', "commoner", "K"));
            r.add_piece(piece('W', "wazir", "W"));
            r.set_promotions("F");
            bare_king(r);
            r.start_fen =
                "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"
                    .to_string();
        }
        "shatar" => {
            r.pieces[4] = piece('J', "bers", "RF");
            r.set_promotions("J");
            r.castling = None;
            r.double_step = [0, 0];
            // A bare king draws (Robado), whichever side is bared.
            let e = &mut r.ends;
            e.extinction_value = Some(GameValue::Draw);
            e.extinction_letters = vec!['*'];
            e.extinction_piece_count = 1;
            e.shatar_mate = true;
            r.start_fen = "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1".to_string();
        }
        "raazuvaa" => {
            r.castling = None;
            r.double_step = [0, 0];
            r.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".to_string();
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// A check by one of these is a *shak* (Shatar's mate rule).
fn is_shak(name: &str) -> bool {
    matches!(name, "knight" | "rook" | "bers")
}

impl State {
    /// The enemy pieces that check the king of the side to move.
    fn checkers(&self, t: &Tables) -> WideBitboard {
        let mut out = WideBitboard::EMPTY;
        for sq in self.occ[self.turn ^ 1].iter() {
            if self.checks_from(t, sq) {
                out.insert(sq);
            }
        }
        out
    }

    /// The side to move's place in a run of checks ([`State::shak_run`]):
    /// 0 not in check, 2 in check by a shak now or earlier in the run, else 1.
    pub(crate) fn shak_run_now(&self, t: &Tables, r: &Rules) -> u8 {
        if !self.in_check(t) {
            return 0;
        }
        let shak = self
            .checkers(t)
            .iter()
            .any(|sq| is_shak(&r.pieces[type_of(self.board[usize::from(sq)])].name));
        if shak || self.shak_run[self.turn] == 2 {
            2
        } else {
            1
        }
    }

    /// Checkmate by Shatar's rule (Fairy-Stockfish's `shatarMateRule`), for
    /// the side to move: a mate by knights alone is won by the mated side; a
    /// mate after a run of checks without a shak is a draw; the variant's
    /// value otherwise. The run is known as far as the moves were played
    /// from the position read.
    pub(crate) fn shatar_checkmate_value(&self, t: &Tables, r: &Rules) -> GameValue {
        let by_knights_alone = self
            .checkers(t)
            .iter()
            .all(|sq| r.pieces[type_of(self.board[usize::from(sq)])].name == "knight");
        if by_knights_alone {
            GameValue::Win
        } else if self.shak_run_now(t, r) == 2 {
            r.checkmate
        } else {
            GameValue::Draw
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::{GameValue, Variant, VariantOutcome, VariantPosition};

    fn position(name: &str, fen: &str) -> VariantPosition {
        let v = Variant::builtin(name).unwrap();
        VariantPosition::from_fen(&v, fen).unwrap()
    }

    // Perft counts published in Fairy-Stockfish's tests/perft.sh.
    #[test]
    fn fairy_stockfish_perft_counts() {
        let v = Variant::builtin("shatranj").unwrap();
        assert_eq!(VariantPosition::startpos(&v).perft(4), 68_122);
        let v = Variant::builtin("courier").unwrap();
        assert_eq!(VariantPosition::startpos(&v).perft(4), 500_337);
    }

    #[test]
    fn a_bare_king_loses_unless_it_bares_the_other_at_once() {
        // Bared by White's last move, Black still has its move (it might
        // bare White's king in turn): the game goes on.
        let bared = position("shatranj", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
        assert_eq!(bared.outcome(), None);
        // Black could not: White, to move, has won.
        let won = position("shatranj", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(
            won.outcome(),
            Some(VariantOutcome::Extinction(GameValue::Win))
        );
        // Chaturanga has no bare-king rule.
        let bare = position("chaturanga", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(bare.outcome(), None);
    }

    #[test]
    fn stalemate_loses_and_pawns_promote_to_a_ferz() {
        let stalemate = position("shatranj", "k7/p1K5/P7/1Q6/8/8/8/8 b - - 0 1");
        assert_eq!(
            stalemate.outcome(),
            Some(VariantOutcome::Stalemate(GameValue::Loss))
        );
        let pawn = position("courier", "5k5r/P11/12/12/12/12/12/5K6 w - - 0 1");
        let ucis: Vec<String> = pawn.legal_moves().iter().map(|m| pawn.uci(m)).collect();
        assert!(ucis.contains(&"a7a8f".to_string()), "{ucis:?}");
        assert!(!ucis.iter().any(|u| u.starts_with("a7a8") && u != "a7a8f"));
        let start = VariantPosition::startpos(&Variant::builtin("raazuvaa").unwrap());
        assert_eq!(start.legal_moves().len(), 12);
    }
}

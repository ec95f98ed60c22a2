//! Makruk and its Southeast-Asian relatives, as Fairy-Stockfish builds them
//! (its `variant.cpp`): data on orthodox chess, with the counting rules of
//! [`super::counting`].
//!
//! | variant | what differs from makruk |
//! | --- | --- |
//! | `makruk` | (Thai chess) khon `S` (`FfW`), met `M` (`F`), pawns on the third rank promoting to a met on the sixth; makruk's counting |
//! | `makpong` | a king in check may only take the piece that checks it (`makpongRule`) |
//! | `cambodian` | Ouk Chatrang: the king's and the met's first-move leaps (`cambodianMoves`); Cambodian counting |
//! | `karouk` | Ouk Chatrang where the first check wins (`checkCounting`, one check each) |
//! | `asean` | khon `B`, met `Q`, promotion on the eighth rank to a rook, knight, khon or met; ASEAN counting and the 50-move rule |
//! | `ai-wok` | the met replaced by the ai-wok `A` (`RNF`) |
//! | `sittuyin` | the pieces placed first, Sittuyin's promotion ([`super::sittuyin`]); ASEAN counting |
//!
//! ```
//! use kibitz::variant::{Variant, VariantPosition};
//! let v = Variant::builtin("ai-wok")?;
//! assert_eq!(VariantPosition::startpos(&v).fen(),
//!            "rnsaksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKASNR w - - 0 1");
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::VariantError;
use super::board::{NO_SQ, Sq};
use super::moves::{MoveKind, VariantMove};
use super::rules::{CountingRule, Rules, chess_rules, piece};
use super::state::{State, type_of};

/// Makruk (Fairy-Stockfish's `makruk`): khon `S` (`FfW`), met `M` (`F`), pawns
/// on the third rank promoting to a met on the sixth, no double step, no
/// castling; the counting rule.
pub(crate) fn makruk_rules() -> Result<Rules, VariantError> {
    let mut r = chess_rules();
    r.name = "makruk".to_string();
    r.pieces.retain(|p| p.letter != 'B' && p.letter != 'Q');
    r.promotion_limit = vec![0; r.pieces.len()];
    r.castling = None;
    r.add_piece(piece('S', "khon", "FfW"));
    r.add_piece(piece('M', "met", "F"));
    r.set_promotions("M");
    r.promotion_ranks = [0b1110_0000, 0b0000_0111];
    r.double_step = [0, 0];
    r.start_fen = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1".to_string();
    r.ends.n_move_rule = 0;
    r.regions.counting = CountingRule::Makruk;
    Ok(r)
}

/// The rules of the makruk family's built-in `name`, or `None` for another name.
pub(crate) fn makruk_family(name: &str) -> Result<Option<Rules>, VariantError> {
    let mut r = match name {
        "makruk" => makruk_rules()?,
        "makpong" => {
            let mut r = makruk_rules()?;
            r.regions.makpong = true;
            r
        }
        "cambodian" | "karouk" => {
            let mut r = makruk_rules()?;
            r.start_fen = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1".to_string();
            r.regions.cambodian_moves = true;
            r.regions.counting = CountingRule::Cambodian;
            // Kar Ouk: the first check wins (one check each, `1+1` in the FEN).
            r.ends.check_counting = name == "karouk";
            r
        }
        "ai-wok" => {
            let mut r = makruk_rules()?;
            if let Some(met) = r.type_of_letter('M') {
                r.pieces.remove(usize::from(met));
                r.promotion_limit.remove(usize::from(met));
            }
            r.add_piece(piece('A', "aiwok", "RNF"));
            r.set_promotions("A");
            r.start_fen = "rnsaksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKASNR w - - 0 1".to_string();
            r
        }
        "asean" => {
            let mut r = chess_rules();
            r.pieces.retain(|p| p.letter != 'B' && p.letter != 'Q');
            r.promotion_limit = vec![0; r.pieces.len()];
            r.castling = None;
            r.add_piece(piece('B', "khon", "FfW"));
            r.add_piece(piece('Q', "met", "F"));
            r.set_promotions("RNBQ");
            r.double_step = [0, 0];
            r.start_fen = "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1".to_string();
            r.regions.counting = CountingRule::Asean;
            r
        }
        "sittuyin" => super::sittuyin::sittuyin_rules(makruk_rules()?)?,
        _ => return Ok(None),
    };
    r.name = name.to_string();
    Ok(Some(r))
}

impl State {
    /// Does the piece of colour `c` on `sq` stand on its gate?
    fn on_gate(&self, r: &Rules, c: usize, sq: Sq) -> bool {
        let files = Sq::from(r.size.files());
        sq / files == Self::gate_rank(r, c) && self.gates[c] >> (sq % files) & 1 != 0
    }

    /// Ouk Chatrang's first-move leaps of the side to move
    /// ([`Regions::cambodian_moves`](super::rules::Regions)), pseudo-legal:
    /// the king's (not in check) onto the empty squares a knight reaches on
    /// the rank in front, the met's two squares ahead onto an empty square.
    pub(crate) fn cambodian_moves(&self, r: &Rules, in_check: bool, out: &mut Vec<VariantMove>) {
        let us = self.turn;
        if self.gates[us] == 0 {
            return;
        }
        let size = r.size;
        let forward = if us == 0 { 1 } else { -1 };
        let empty = |f: i32, rank: i32| {
            size.square_index(f, rank)
                .filter(|&sq| self.board[usize::from(sq)] == 0)
        };
        let king = self.kings[us];
        if !in_check && king != NO_SQ && self.on_gate(r, us, king) {
            let (f, rank) = (i32::from(size.file_of(king)), i32::from(size.rank_of(king)));
            for df in [-2, 2] {
                if let Some(to) = empty(f + df, rank + forward) {
                    out.push(VariantMove::new(king, to, MoveKind::Normal));
                }
            }
        }
        for from in self.occ[us].iter() {
            let name = &r.pieces[type_of(self.board[usize::from(from)])].name;
            if (name == "met" || name == "fers") && self.on_gate(r, us, from) {
                let (f, rank) = (i32::from(size.file_of(from)), i32::from(size.rank_of(from)));
                if let Some(to) = empty(f, rank + 2 * forward) {
                    out.push(VariantMove::new(from, to, MoveKind::Normal));
                }
            }
        }
    }

    /// The gates after a move of Ouk Chatrang (called by make-move, the move
    /// made, `us` the mover, `ty` the type that moved): the mover's gate is
    /// left, a gate taken on is lost, and a rook that ends its move on the
    /// file or rank of the other king on its gate takes away that king's leap
    /// (whatever stands between them).
    pub(crate) fn cambodian_gates(&mut self, r: &Rules, mv: &VariantMove, us: usize, ty: usize) {
        let them = us ^ 1;
        let files = Sq::from(r.size.files());
        if !mv.is_drop() && mv.from / files == Self::gate_rank(r, us) {
            self.gates[us] &= !(1 << (mv.from % files));
        }
        if mv.to / files == Self::gate_rank(r, them) {
            self.gates[them] &= !(1 << (mv.to % files));
        }
        // Aiming is on the empty board (Fairy-Stockfish's `attacks_bb<ROOK>(to)`
        // without the occupancy): a rook ending on the king's file or rank.
        let king = self.kings[them];
        let size = r.size;
        if r.pieces[ty].name == "rook"
            && king != NO_SQ
            && self.on_gate(r, them, king)
            && (size.file_of(mv.to) == size.file_of(king)
                || size.rank_of(mv.to) == size.rank_of(king))
        {
            self.gates[them] &= !(1 << (king % files));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::{Variant, VariantPosition};

    fn after(name: &str, fen: &str, moves: &[&str]) -> String {
        let v = Variant::builtin(name).unwrap();
        let mut pos = VariantPosition::from_fen(&v, fen).unwrap();
        for m in moves {
            pos.play_uci(m).unwrap();
        }
        pos.fen()
    }

    // The FENs after these moves are pyffish 0.0.90's (`get_fen`).
    #[test]
    fn ouk_chatrang_first_moves_and_their_rights() {
        let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";
        // The king's leap, and the met's two squares ahead: each gives up its right.
        assert_eq!(
            after("cambodian", start, &["d1b2"]),
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/1K6/RNS1MSNR b Ede - 1 1"
        );
        assert_eq!(
            after("cambodian", start, &["e3e4", "a6a5", "e1e3"]),
            "rnsmksnr/8/1ppppppp/p7/4P3/PPPPMPPP/8/RNSK1SNR b Dde - 1 2"
        );
        // A rook ending its move aiming at the king on its square takes its
        // leap away (and the count of Black's lone king starts).
        assert_eq!(
            after("cambodian", "4k3/8/8/8/8/8/8/R2K4 w DEde - 0 1", &["a1a8"]),
            "R3k3/8/8/8/8/8/8/3K4 b D 30 6 1"
        );
    }

    // Taking the last pawn: Ouk Chatrang counts as makruk, one move shorter;
    // ASEAN chess counts from 0 (pyffish 0.0.90).
    #[test]
    fn counting_rules_start_their_counts() {
        let fen = "8/8/3k4/8/8/4K3/p7/R7 w - - 0 1";
        assert_eq!(
            after("cambodian", fen, &["a1a2"]),
            "8/8/3k4/8/8/4K3/R7/8 b - 30 6 1"
        );
        assert_eq!(
            after("asean", fen, &["a1a2"]),
            "8/8/3k4/8/8/4K3/R7/8 b - 32 0 1"
        );
    }

    #[test]
    fn a_count_run_out_may_be_claimed() {
        let v = Variant::builtin("makruk").unwrap();
        let running = VariantPosition::from_fen(&v, "8/8/3k4/8/8/4K3/8/R7 b - 32 32 60").unwrap();
        assert!(!running.counting_draw());
        let out = VariantPosition::from_fen(&v, "8/8/3k4/8/8/4K3/8/R7 b - 32 33 60").unwrap();
        assert!(out.counting_draw());
    }
}

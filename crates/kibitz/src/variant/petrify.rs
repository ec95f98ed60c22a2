//! Petrification, as Fairy-Stockfish's `petrifyOnCaptureTypes`: a piece of
//! those types that takes another turns to stone on the square it took, a wall
//! ([`super::walls`], `*` in the FEN) for the rest of the game. Its built-in
//! `petrified` plays it on chess with sideways pawns and a pseudo-royal
//! commoner for king, where the king, queen, rooks, bishops and knights
//! petrify (the pawns do not).
//!
//! With pseudo-royal pieces (`extinctionPseudoRoyal`) the rule has two more
//! sides, as there: a pseudo-royal piece may not take (it would petrify, and
//! its side lose it), and so an enemy piece of a petrifying extinction type
//! does not threaten a pseudo-royal piece when a move's legality is judged.
//! Whether a side is *in check* (checkmate or stalemate, when it has no move)
//! counts every attacker, that one too, as Fairy-Stockfish's
//! `checked_pseudo_royals` does.
//!
//! ```
//! use kibitz::variant::{Variant, VariantPosition};
//! let v = Variant::builtin("petrified")?;
//! let mut pos = VariantPosition::from_fen(&v, "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1")?;
//! pos.play_uci("d1d5")?;
//! // The queen took the pawn and is a wall now.
//! assert_eq!(pos.fen(), "4k3/8/8/3*4/8/8/8/4K3 b - - 0 1");
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::VariantError;
use super::board::Sq;
use super::rules::{GameValue, Rules, piece};
use super::state::{State, WALL, type_of};
use super::tables::Tables;

/// Fairy-Stockfish's built-in `petrified`, built on orthodox chess `r`; false
/// for another name.
pub(crate) fn builtin_rules(name: &str, r: &mut Rules) -> Result<bool, VariantError> {
    if name != "petrified" {
        return Ok(false);
    }
    // Sideways pawns ([`super::pawns`]), the king a pseudo-royal commoner.
    super::pawns::builtin_rules("pawnsideways", r);
    if let Some(king) = r.type_of_letter('K') {
        r.pieces[usize::from(king)] = piece('K', "commoner", "K");
    }
    let e = &mut r.ends;
    e.castling_king_letter = Some('K');
    e.extinction_value = Some(GameValue::Loss);
    e.extinction_letters = vec!['K'];
    e.extinction_pseudo_royal = true;
    e.petrify_letters = "KQRBN".chars().collect();
    Ok(true)
}

impl State {
    /// Does the capture just made on `to`, by a piece of type `moved` (before
    /// any promotion), petrify? As in Fairy-Stockfish: the capturer's type
    /// decides, so a pawn promoting as it takes stays unpetrified. (With
    /// atomic captures, which the rules refuse beside petrification for now,
    /// Fairy-Stockfish looks at the piece on `to`, the one the blast takes.)
    pub(crate) fn petrifies(&self, r: &Rules, to: Sq, moved: usize) -> bool {
        let p = self.board[usize::from(to)];
        if p == 0 || p == WALL {
            return false;
        }
        let ty = if r.ends.blast_on_capture {
            if r.ends.blast_immune >> type_of(p) & 1 != 0 {
                return false;
            }
            type_of(p)
        } else {
            moved
        };
        r.ends.petrify >> ty & 1 != 0
    }

    /// Turns the square `to` to a wall, the piece on it (if any) leaving.
    pub(crate) fn petrify(&mut self, t: &Tables, to: Sq) {
        let p = self.board[usize::from(to)];
        if p != 0 && p != WALL {
            self.remove(t, to);
        }
        self.board[usize::from(to)] = WALL;
        self.walls.insert(to);
    }
}

/// The types whose pieces threaten a pseudo-royal piece in the legality test:
/// all but the petrifying extinction types (a bit per type).
pub(crate) fn threatening_types(r: &Rules) -> u32 {
    !(r.ends.petrify & r.ends.extinction_types)
}

#[cfg(test)]
mod tests {
    use crate::variant::{GameValue, Variant, VariantOutcome, VariantPosition, ini};

    fn position(fen: &str) -> VariantPosition {
        let v = Variant::builtin("petrified").unwrap();
        VariantPosition::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    fn moves(pos: &VariantPosition) -> Vec<String> {
        let mut out: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
        out.sort();
        out
    }

    // The answers below are pyffish 0.0.90's for the same FENs.

    #[test]
    fn the_king_takes_nothing_and_the_enemy_king_threatens_nothing() {
        // The kings stand side by side: neither may take the other (it would
        // petrify), so each may stay beside the other.
        let pos = position("8/8/8/8/8/8/3kK3/8 w - - 0 1");
        let all = moves(&pos);
        assert!(!all.contains(&"e2d2".to_string()));
        assert!(all.contains(&"e2e3".to_string()) && all.contains(&"e2e1".to_string()));
        // A pawn the king could take is left alone too.
        let pos = position("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1");
        assert!(!moves(&pos).contains(&"e1e2".to_string()));
    }

    #[test]
    fn a_pawn_takes_without_petrifying() {
        let mut pos = position("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
        pos.play_uci("e4d5").unwrap();
        assert_eq!(pos.fen(), "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1");
        // Nor when it promotes to a queen as it takes: the pawn took.
        let mut pos = position("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        pos.play_uci("a7b8q").unwrap();
        assert_eq!(pos.fen(), "1Q2k3/8/8/8/8/8/8/4K3 b - - 0 1");
    }

    #[test]
    fn an_attacked_king_without_a_move_is_mated_even_by_the_king() {
        // The black king in the corner, a7 and b8 covered by the knight:
        // no move, and attacked by the white king alone, which could not
        // take it: mated all the same.
        let pos = position("k7/1K6/2N5/8/8/8/8/8 b - - 0 1");
        assert!(pos.legal_moves().is_empty());
        assert_eq!(
            pos.outcome(),
            Some(VariantOutcome::Checkmate(GameValue::Loss))
        );
    }

    #[test]
    fn the_key_is_read_and_a_bad_letter_named() {
        let v = &ini::parse("[p:chess]\npetrifyOnCaptureTypes = n\n").unwrap()[0];
        let mut pos = VariantPosition::from_fen(v, "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1").unwrap();
        pos.play_uci("e3d5").unwrap();
        assert_eq!(pos.fen(), "4k3/8/8/3*4/8/8/8/4K3 b - - 0 1");
        for text in [
            "[p:chess]\npetrifyOnCaptureTypes = z\n",
            "[p:atomic]\npetrifyOnCaptureTypes = q\n",
        ] {
            let err = ini::parse(text).unwrap_err();
            assert!(err.to_string().contains("petrifyOnCaptureTypes"), "{err}");
        }
    }
}

//! Annan chess ([`Annan`]), a condition of chess problems: a piece standing
//! right in front of a friendly piece (for White, one rank above it; for
//! Black, one rank below) moves, takes and checks as that piece, its
//! *annaniser*; elsewhere it moves as itself.
//!
//! The engine plays it as a recoding of the board: a copy where each
//! annanised piece of one side wears its annaniser's type
//! ([`State::annanised`]). Lines and hurdles are those of the real board (a
//! recoding moves nothing), so the moves of the copy and its attacks are
//! Annan's, found by the engine's own generator and attack tables. What a
//! move does stays the real piece's, as in Popeye: a pawn that reaches its
//! last rank by another piece's move promotes, a piece that moves as a pawn
//! does not; only a pawn's own two-step (a pawn moving as a pawn) gives an en
//! passant right; a pawn on its own first rank (where another piece's move
//! took it) does not move as a pawn.
//!
//! ```
//! use kibitz::variant::{Conditions, Variant, VariantPosition};
//! let annan = Variant::with_conditions("annan".parse::<Conditions>()?)?;
//! // The knight on d3 stands on the rook on d2: it moves as a rook.
//! let pos = VariantPosition::from_fen(&annan, "4k3/8/8/8/8/3N4/3R4/4K3 w - - 0 1")?;
//! let moves: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
//! assert!(moves.contains(&"d3d8".to_string()));
//! assert!(!moves.contains(&"d3e5".to_string()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::board::Sq;
use super::moves::{MoveKind, NO_TYPE, VariantMove};
use super::rules::{Annan, Rules};
use super::state::{State, code, is_piece_of, type_of};
use super::tables::Tables;

impl State {
    /// The square behind `sq` for colour `c` (White's: one rank below), where
    /// `c`'s annaniser of a piece on `sq` stands; `None` off the board.
    fn annan_rear(t: &Tables, sq: Sq, c: usize) -> Option<Sq> {
        let files = t.conditions.files;
        if c == 0 {
            sq.checked_sub(files)
        } else {
            let rear = sq + files;
            (rear < files * t.conditions.ranks).then_some(rear)
        }
    }

    /// A copy of the position where each annanised piece of colour `c` wears
    /// its annaniser's type (read on the real board: an annaniser annanised
    /// in turn lends its own type), so that the copy's moves and attacks for
    /// `c` are Annan's.
    pub(crate) fn annanised(&self, t: &Tables, c: usize) -> State {
        let annan = t.conditions.conditions.annan;
        let mut walks = *self;
        let royal = |p: u8| Some(type_of(p) as u8) == t.king;
        for sq in self.occ[c].iter() {
            let Some(rear) = Self::annan_rear(t, sq, c) else {
                continue;
            };
            let (front, behind) = (self.board[usize::from(sq)], self.board[usize::from(rear)]);
            if !is_piece_of(behind, c) {
                continue;
            }
            let lends = match annan {
                Annan::None => false,
                Annan::A => true,
                Annan::B => !royal(behind),
                Annan::C => !royal(front),
                Annan::D => !royal(behind) && !royal(front),
            };
            if lends {
                walks.board[usize::from(sq)] = code(c, type_of(behind));
            }
        }
        walks
    }

    /// The pseudo-legal moves under Annan chess into `out`: the moves of the
    /// recoded copy ([`State::annanised`]), with what each does as the real
    /// piece (see the [module docs](self)).
    pub(crate) fn annan_moves(
        &self,
        t: &Tables,
        r: &Rules,
        in_check: bool,
        out: &mut Vec<VariantMove>,
    ) {
        let us = self.turn;
        let walks = self.annanised(t, us);
        let start = out.len();
        walks.walk_moves(t, r, in_check, out);
        let generated: Vec<VariantMove> = out.drain(start..).collect();
        let first_rank = |sq: Sq| {
            let rank = sq / t.conditions.files;
            rank == if us == 0 { 0 } else { t.conditions.ranks - 1 }
        };
        for mut mv in generated {
            if mv.is_castling() {
                out.push(mv);
                continue;
            }
            let real_pawn = Some(type_of(self.board[usize::from(mv.from)]) as u8) == t.pawn;
            let walks_as_pawn = Some(type_of(walks.board[usize::from(mv.from)]) as u8) == t.pawn;
            match (real_pawn, walks_as_pawn) {
                (true, true) if first_rank(mv.from) => {}
                (true, true) => out.push(mv),
                // A pawn moving as another piece promotes on its last rank.
                (true, false) if t.promo_zone[us].contains(mv.to) => {
                    self.push_pawn(t, r, out, mv.from, mv.to)
                }
                (true, false) => out.push(mv),
                // A piece moving as a pawn neither promotes nor gives an en
                // passant right: each promotion of the copy is one move.
                (false, true) => {
                    if mv.promotion != NO_TYPE {
                        let first = r.promotion_choices(us).first().copied();
                        if Some(mv.promotion) != first {
                            continue;
                        }
                        mv.promotion = NO_TYPE;
                    }
                    if mv.kind == MoveKind::MultiStep {
                        mv.kind = MoveKind::Normal;
                    }
                    out.push(mv);
                }
                (false, false) => out.push(mv),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Variant, VariantPosition};

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
    fn a_knight_on_a_rook_checks_as_a_rook() {
        // The knight on e4 stands on the rook on e3: it gives check on the
        // e-file, and a knight's check from f6 would be none.
        let fen = "4k3/8/8/8/4N3/4R3/8/K7 b - - 0 1";
        assert!(position("annan", fen).is_check());
        assert!(!position("", fen).is_check());
        // Black's knight on d7 stands on (Black's rear: one rank up) the
        // king on d8: Type A moves it as a king, Type B as itself.
        let fen = "3k4/3n4/8/8/8/8/8/K7 b - - 0 1";
        let a = moves("annan", fen);
        assert!(a.contains(&"d7d6".to_string()) && !a.contains(&"d7f6".to_string()));
        let b = moves("annan typeb", fen);
        assert!(b.contains(&"d7f6".to_string()) && !b.contains(&"d7d6".to_string()));
    }

    #[test]
    fn the_real_piece_promotes_or_not() {
        // The pawn on d7 moves as the knight under it, and promotes on b8.
        let fen = "k7/3P4/3N4/8/8/8/8/4K3 w - - 0 1";
        let m = moves("annan", fen);
        assert!(m.contains(&"d7b8q".to_string()) && m.contains(&"d7b8n".to_string()));
        assert!(!m.iter().any(|mv| mv.starts_with("d7d8") || mv == "d7b8"));
        // The rook on d7 moves as the pawn under it, and stays a rook on d8.
        let fen = "k7/3R4/3P4/8/8/8/8/4K3 w - - 0 1";
        let m = moves("annan", fen);
        assert!(m.contains(&"d7d8".to_string()), "{m:?}");
        assert!(!m.iter().any(|mv| mv.starts_with("d7d8") && mv.len() == 5));
        assert!(!m.contains(&"d7d1".to_string()));
    }

    #[test]
    fn annan_reads_and_writes_its_types() {
        for text in ["annan", "annan typeb", "annan typec", "circe annan typed"] {
            let c: super::super::Conditions = text.parse().unwrap();
            assert_eq!(c.to_string(), text);
        }
        assert!(Variant::with_conditions("annan madrasi".parse().unwrap()).is_err());
    }
}

//! Names for mating patterns, Lichess's theme names where Lichess has one.
//!
//! Each pattern is a shape of the final position (the mated king, the checker, the
//! men around the king), written here from the usual chess definitions; Lichess's
//! puzzle tagger uses its own definitions, and the agreement is measured in
//! BENCHMARKS.md ("Mate detection").

use core::fmt;

use crate::{Bitboard, Color, File, Move, Position, Rank, Role, Square, attacks, lines};

/// A named mating pattern.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pattern {
    /// The king on its first rank, hemmed in by its own men, mated along that rank.
    BackRank,
    /// A knight mates a king whose every neighbour holds one of its own men.
    Smothered,
    /// Two bishops on criss-crossing diagonals, on either side of the king's file.
    Boden,
    /// Two bishops on neighbouring diagonals, on one side of the king's file.
    DoubleBishop,
    /// A rook next to the king, guarded by a knight that a pawn guards.
    Hook,
    /// A knight and a rook or queen trap the king on an edge file, its own man beside it.
    Anastasia,
    /// A rook next to a cornered king, guarded by a knight.
    Arabian,
    /// A queen diagonally next to the king, whose own men block the two squares away from it.
    Dovetail,
    /// A queen checks across the edge; the king's own men stand on both sides of it.
    Epaulette,
    /// The seed's King-and-Queen mate: a queen moves next to the king and mates.
    CloseQueen,
}

impl Pattern {
    /// Every pattern, in the order [`mate_patterns`] reports them.
    pub const ALL: [Pattern; 10] = [
        Pattern::BackRank,
        Pattern::Smothered,
        Pattern::Boden,
        Pattern::DoubleBishop,
        Pattern::Hook,
        Pattern::Anastasia,
        Pattern::Arabian,
        Pattern::Dovetail,
        Pattern::Epaulette,
        Pattern::CloseQueen,
    ];

    /// The name: Lichess's theme name (`backRankMate`, …), or `epauletteMate` and
    /// `closeQueenMate` for the two Lichess does not tag.
    ///
    /// ```
    /// use kibitz::mate::Pattern;
    /// assert_eq!(Pattern::BackRank.name(), "backRankMate");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Pattern::BackRank => "backRankMate",
            Pattern::Smothered => "smotheredMate",
            Pattern::Boden => "bodenMate",
            Pattern::DoubleBishop => "doubleBishopMate",
            Pattern::Hook => "hookMate",
            Pattern::Anastasia => "anastasiaMate",
            Pattern::Arabian => "arabianMate",
            Pattern::Dovetail => "dovetailMate",
            Pattern::Epaulette => "epauletteMate",
            Pattern::CloseQueen => "closeQueenMate",
        }
    }

    /// Does Lichess tag puzzles with this theme?
    pub const fn is_lichess_theme(self) -> bool {
        !matches!(self, Pattern::Epaulette | Pattern::CloseQueen)
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The patterns the mating move `mv` shows in `pos` (before the move).
///
/// `mv` must be a legal move of `pos`; a move that does not mate gets no names.
///
/// ```
/// use kibitz::{Position, mate::{mate_patterns, Pattern}};
/// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
/// let mv = pos.parse_uci("e1e8").unwrap();
/// assert_eq!(mate_patterns(&pos, mv), [Pattern::BackRank]);
/// ```
pub fn mate_patterns(pos: &Position, mv: Move) -> Vec<Pattern> {
    let after = pos.after(mv);
    if !after.is_checkmate() {
        return Vec::new();
    }
    let shape = Shape::new(&after);
    let mut found = Vec::new();
    let mut add = |yes: bool, p: Pattern| {
        if yes {
            found.push(p);
        }
    };
    add(shape.back_rank(), Pattern::BackRank);
    add(shape.smothered(), Pattern::Smothered);
    let bishops = shape.bishop_pair();
    add(bishops == Some(true), Pattern::Boden);
    add(bishops == Some(false), Pattern::DoubleBishop);
    add(shape.hook(), Pattern::Hook);
    add(shape.anastasia(), Pattern::Anastasia);
    add(shape.arabian(), Pattern::Arabian);
    add(shape.dovetail(), Pattern::Dovetail);
    add(shape.epaulette(), Pattern::Epaulette);
    add(
        mv.role == Role::Queen && attacks::king_attacks(shape.king).contains(mv.to),
        Pattern::CloseQueen,
    );
    found
}

/// The mated position, seen from the mated king.
struct Shape<'a> {
    pos: &'a Position,
    king: Square,
    /// The mated side.
    mated: Color,
    /// The mating side.
    mater: Color,
    checkers: Bitboard,
}

impl<'a> Shape<'a> {
    fn new(pos: &'a Position) -> Shape<'a> {
        let mated = pos.turn();
        Shape {
            pos,
            king: pos.king(mated),
            mated,
            mater: !mated,
            checkers: pos.checkers(),
        }
    }

    fn own(&self) -> Bitboard {
        self.pos.by_color(self.mated)
    }

    fn attacked(&self, sq: Square) -> bool {
        self.pos
            .is_attacked(sq, self.mater, self.pos.occupied().without(self.king))
    }

    /// The single checker and its role.
    fn checker(&self) -> Option<(Square, Role)> {
        let sq = self.checkers.single()?;
        Some((sq, self.pos.role_at(sq)?))
    }

    fn square(&self, df: i32, dr: i32) -> Option<Square> {
        self.king.try_offset(df, dr)
    }

    /// King on its first rank; the squares in front of it held by its own men that the
    /// mater does not attack; a checker on that rank.
    fn back_rank(&self) -> bool {
        let home = self.mated.fold(Rank::First, Rank::Eighth);
        if self.king.rank() != home {
            return false;
        }
        let ahead = attacks::king_attacks(self.king) - Bitboard::rank(home);
        ahead
            .into_iter()
            .all(|sq| self.own().contains(sq) && !self.attacked(sq))
            && self.checkers.into_iter().any(|c| c.rank() == home)
    }

    fn smothered(&self) -> bool {
        matches!(self.checker(), Some((_, Role::Knight)))
            && (attacks::king_attacks(self.king) - self.own()).is_empty()
    }

    /// Two bishops of the mater alone cover the king's free squares and one checks:
    /// `Some(true)` when they stand on either side of the king's file (Boden),
    /// `Some(false)` when on one side (double bishop).
    fn bishop_pair(&self) -> Option<bool> {
        let (_, role) = self.checker()?;
        if role != Role::Bishop {
            return None;
        }
        let bishops = self.pos.pieces(self.mater, Role::Bishop);
        let occ = self.pos.occupied().without(self.king);
        let mut helpers = Bitboard::EMPTY;
        for sq in attacks::king_attacks(self.king) - self.own() {
            let attackers = self.pos.attackers(sq, self.mater, occ);
            if (attackers - bishops).any() {
                return None;
            }
            helpers |= attackers;
        }
        let mut pair = (helpers | self.checkers) & bishops;
        if pair.count() != 2 {
            return None;
        }
        let a = pair.first()?;
        pair = pair.without(a);
        let b = pair.first()?;
        let side = |sq: Square| (sq.file() as i32 - self.king.file() as i32).signum();
        Some(side(a) * side(b) < 0)
    }

    /// A rook next to the king, guarded by a knight, the knight guarded by a pawn.
    fn hook(&self) -> bool {
        let Some((rook, Role::Rook)) = self.checker() else {
            return false;
        };
        if !attacks::king_attacks(self.king).contains(rook) {
            return false;
        }
        let knights = attacks::knight_attacks(rook) & self.pos.pieces(self.mater, Role::Knight);
        knights.into_iter().any(|n| {
            (attacks::pawn_attacks(self.mated, n) & self.pos.pieces(self.mater, Role::Pawn)).any()
        })
    }

    /// King on the a- or h-file, checked along it by a rook or queen; its own man on
    /// the square beside it towards the centre; a knight of the mater covers the
    /// squares diagonally beside it.
    fn anastasia(&self) -> bool {
        let Some((checker, role)) = self.checker() else {
            return false;
        };
        let edge = match self.king.file() {
            File::A => 1,
            File::H => -1,
            _ => return false,
        };
        if !matches!(role, Role::Rook | Role::Queen) || checker.file() != self.king.file() {
            return false;
        }
        let Some(beside) = self.square(edge, 0) else {
            return false;
        };
        if !self.own().contains(beside) {
            return false;
        }
        let knights = self.pos.pieces(self.mater, Role::Knight);
        [self.square(edge, 1), self.square(edge, -1)]
            .into_iter()
            .flatten()
            .filter(|&sq| !self.own().contains(sq))
            .all(|sq| (attacks::knight_attacks(sq) & knights).any())
    }

    /// King in a corner, a rook next to it, guarded by a knight.
    fn arabian(&self) -> bool {
        let corners = Bitboard::EMPTY | Square::A1 | Square::H1 | Square::A8 | Square::H8;
        let Some((rook, Role::Rook)) = self.checker() else {
            return false;
        };
        corners.contains(self.king)
            && attacks::king_attacks(self.king).contains(rook)
            && (attacks::knight_attacks(rook) & self.pos.pieces(self.mater, Role::Knight)).any()
    }

    /// A queen diagonally next to the king; the king's own men on the two squares that
    /// the queen does not see (away from it along the file and the rank).
    fn dovetail(&self) -> bool {
        let Some((queen, Role::Queen)) = self.checker() else {
            return false;
        };
        if !attacks::king_attacks(self.king).contains(queen)
            || lines::same_file(queen, self.king)
            || lines::same_rank(queen, self.king)
        {
            return false;
        }
        let df = queen.file() as i32 - self.king.file() as i32;
        let dr = queen.rank() as i32 - self.king.rank() as i32;
        let tails = [self.square(-df, 0), self.square(0, -dr)];
        if tails.iter().any(Option::is_none) {
            return false;
        }
        let tails: Bitboard = tails.into_iter().flatten().collect();
        (tails - self.own()).is_empty()
            && (attacks::king_attacks(self.king) - tails - self.own())
                .into_iter()
                .all(|sq| {
                    // The other squares are the queen's alone.
                    let occ = self.pos.occupied().without(self.king);
                    self.pos.attackers(sq, self.mater, occ) - queen.bitboard() == Bitboard::EMPTY
                        || sq == queen
                })
    }

    /// King on an edge, its own men on both sides along the edge, a queen checking
    /// from a distance across the edge.
    fn epaulette(&self) -> bool {
        let Some((queen, Role::Queen)) = self.checker() else {
            return false;
        };
        if attacks::king_attacks(self.king).contains(queen) {
            return false;
        }
        let (along, across) = if matches!(self.king.rank(), Rank::First | Rank::Eighth) {
            ((1, 0), lines::same_file(queen, self.king))
        } else if matches!(self.king.file(), File::A | File::H) {
            ((0, 1), lines::same_rank(queen, self.king))
        } else {
            return false;
        };
        let sides = [
            self.square(along.0, along.1),
            self.square(-along.0, -along.1),
        ];
        across
            && sides
                .into_iter()
                .all(|s| s.is_some_and(|sq| self.own().contains(sq)))
    }
}

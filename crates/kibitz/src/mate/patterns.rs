//! Names for mating patterns, Lichess's theme names where Lichess has one.
//!
//! Each pattern is a shape of the final position (the mated king, the mating move,
//! the men around the king). Where a pattern carries a Lichess theme name, the shape
//! follows the geometry Lichess's puzzle tagger checks for that theme (described in
//! our own words on each test below), so that `hookMate` here means what it means on
//! Lichess; the agreement with Lichess's tags is measured in BENCHMARKS.md ("Mate
//! detection"). `epauletteMate` and `closeQueenMate` are ours.

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
    let shape = Shape::new(&after, mv);
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
    // A queen *move* (not a promotion) to a square next to the king: the seed's
    // King-and-Queen contact mate.
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
    /// Where the mating man landed, and what it is there (a promoted pawn counts as
    /// its new role).
    to: Square,
    landed: Role,
}

/// Chebyshev distance: the number of king steps between two squares.
fn distance(a: Square, b: Square) -> u32 {
    let df = (a.file() as i32 - b.file() as i32).unsigned_abs();
    let dr = (a.rank() as i32 - b.rank() as i32).unsigned_abs();
    df.max(dr)
}

impl<'a> Shape<'a> {
    fn new(pos: &'a Position, mv: Move) -> Shape<'a> {
        let mated = pos.turn();
        Shape {
            pos,
            king: pos.king(mated),
            mated,
            mater: !mated,
            checkers: pos.checkers(),
            // Castling mates with the rook.
            to: mv.castling_rook().map_or(mv.to, |(_, rook_to)| rook_to),
            landed: if mv.is_castle() {
                Role::Rook
            } else {
                mv.promotion.unwrap_or(mv.role)
            },
        }
    }

    fn own(&self) -> Bitboard {
        self.pos.by_color(self.mated)
    }

    /// The mater's men attacking `sq` on the board as it stands.
    fn mater_attackers(&self, sq: Square) -> Bitboard {
        self.pos.attackers(sq, self.mater, self.pos.occupied())
    }

    fn attacked(&self, sq: Square) -> bool {
        self.mater_attackers(sq).any()
    }

    fn mater_pieces(&self, role: Role) -> Bitboard {
        self.pos.pieces(self.mater, role)
    }

    fn single_checker(&self) -> Option<(Square, Role)> {
        let sq = self.checkers.single()?;
        Some((sq, self.pos.role_at(sq)?))
    }

    fn square(&self, df: i32, dr: i32) -> Option<Square> {
        self.king.try_offset(df, dr)
    }

    /// King on its first rank; each square in front of it held by one of its own men
    /// that the mater does not attack; a checker on that rank.
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

    /// A knight gives check (alone or in a double check) and every neighbour of the
    /// king holds one of its own men.
    fn smothered(&self) -> bool {
        (self.checkers & self.mater_pieces(Role::Knight)).any()
            && (attacks::king_attacks(self.king) - self.own()).is_empty()
    }

    /// The mater has two bishops or more and on the king's square and every square
    /// around it, whatever attacks is a bishop. `Some(true)` (Boden) when the first
    /// two bishops (a1 to h8 order) stand on either side of the king's file, by
    /// Lichess's test `(first left of king) == (second right of king)`;
    /// `Some(false)` otherwise (double-bishop mate).
    fn bishop_pair(&self) -> Option<bool> {
        let bishops = self.mater_pieces(Role::Bishop);
        if !bishops.more_than_one() {
            return None;
        }
        let zone = attacks::king_attacks(self.king).with(self.king);
        if zone
            .into_iter()
            .any(|sq| (self.mater_attackers(sq) - bishops).any())
        {
            return None;
        }
        let mut iter = bishops.into_iter();
        let (a, b) = (iter.next()?, iter.next()?);
        let k = self.king.file();
        Some((a.file() < k) == (b.file() > k))
    }

    /// A rook lands next to the king, guarded by a knight that also stands next to
    /// the king, and that knight is guarded by a pawn.
    fn hook(&self) -> bool {
        if self.landed != Role::Rook || distance(self.to, self.king) != 1 {
            return false;
        }
        let guards = self.mater_attackers(self.to) & self.mater_pieces(Role::Knight);
        guards.into_iter().any(|n| {
            distance(n, self.king) == 1
                && (self.mater_attackers(n) & self.mater_pieces(Role::Pawn)).any()
        })
    }

    /// King on the a- or h-file (not in a corner), a rook or queen lands on that
    /// file; the square beside the king towards the centre holds one of its own men,
    /// and a knight of the mater stands three files in from the king on its rank.
    fn anastasia(&self) -> bool {
        let inward = match self.king.file() {
            File::A => 1,
            File::H => -1,
            _ => return false,
        };
        if matches!(self.king.rank(), Rank::First | Rank::Eighth)
            || !matches!(self.landed, Role::Rook | Role::Queen)
            || self.to.file() != self.king.file()
        {
            return false;
        }
        self.square(inward, 0)
            .is_some_and(|sq| self.own().contains(sq))
            && self
                .square(3 * inward, 0)
                .is_some_and(|sq| self.mater_pieces(Role::Knight).contains(sq))
    }

    /// King in a corner, a rook lands next to it, guarded by a knight two files and
    /// two ranks away from the king.
    fn arabian(&self) -> bool {
        let corners = Bitboard::EMPTY | Square::A1 | Square::H1 | Square::A8 | Square::H8;
        if !corners.contains(self.king)
            || self.landed != Role::Rook
            || distance(self.to, self.king) != 1
        {
            return false;
        }
        (self.mater_attackers(self.to) & self.mater_pieces(Role::Knight))
            .into_iter()
            .any(|n| {
                (n.file() as i32 - self.king.file() as i32).abs() == 2
                    && (n.rank() as i32 - self.king.rank() as i32).abs() == 2
            })
    }

    /// King off the edges, a queen lands diagonally next to it; every other square
    /// around the king is attacked by nothing of the mater's, or by the queen alone
    /// and then empty (the king's own men block the rest).
    fn dovetail(&self) -> bool {
        if Bitboard::EDGES.contains(self.king)
            || self.landed != Role::Queen
            || distance(self.to, self.king) != 1
            || lines::same_file(self.to, self.king)
            || lines::same_rank(self.to, self.king)
        {
            return false;
        }
        (attacks::king_attacks(self.king).without(self.to))
            .into_iter()
            .all(|sq| {
                let attackers = self.mater_attackers(sq);
                if attackers == self.to.bitboard() {
                    !self.pos.occupied().contains(sq)
                } else {
                    attackers.is_empty()
                }
            })
    }

    /// King on an edge, its own men on both sides along the edge, a queen checking
    /// from a distance across the edge.
    fn epaulette(&self) -> bool {
        let Some((queen, Role::Queen)) = self.single_checker() else {
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

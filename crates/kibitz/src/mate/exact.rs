//! The exact answer: every legal move that checkmates.
//!
//! A mate in one must give check, so only checking moves are tried: the legal move
//! generator reports its moves in sets and a filtering sink keeps the squares that
//! check the enemy king directly, every move of a man that uncovers a check
//! (a "discoverer"), every promotion, en passant, and castling when the enemy king
//! stands on a line the castling rook can check along. Each remaining move
//! is judged on bitboards of the board after it (see `after.rs`): the king's flights,
//! a capture of the checker, a man stepping between, looked for one by one and never
//! listed. Castling, en passant and double steps are played on a copy instead and the
//! reply side asked [`Position::has_legal_move`], which stops at its first move.

use super::after::{self, Men, judged_statically};
use super::flights;
use crate::position::MoveSink;
use crate::{Bitboard, Color, File, Move, MoveKind, Position, Rank, Role, Square, attacks, lines};

/// Where each kind of man must land to mate: on a square that checks the enemy king
/// and covers its open flights (see `flights.rs`); and which of our men uncover a
/// check when they step off their line to it.
struct CheckSquares {
    king: Square,
    /// For each role (indexed by `Role as usize`): the squares from which a man of
    /// that role checks the king and covers every open flight.
    direct: [Bitboard; 6],
    /// For each role but the king: the squares that cover every open flight (a
    /// discovered check needs no more of the man that moves).
    cover: [Bitboard; 6],
    /// Our men standing alone between one of our sliders and the enemy king.
    discoverers: Bitboard,
    occ: Bitboard,
    /// The enemy king's open flights (see `flights.rs`).
    open: Bitboard,
}

impl CheckSquares {
    #[inline(always)]
    fn new(pos: &Position, mover: &Men, defender: &Men) -> CheckSquares {
        let us = mover.color;
        let king = defender.king;
        let occ = pos.occupied();
        let snipers = ((attacks::rook_rays(king) & mover.orthogonal)
            | (attacks::bishop_rays(king) & mover.diagonal))
            & mover.all;
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = lines::between(king, sniper) & occ;
            if !blockers.more_than_one() {
                discoverers |= blockers & mover.all;
            }
        }
        let open = flights::open_flights(mover, defender);
        let cover = flights::covering_squares(us, open);
        let bishop = attacks::compact::bishop_attacks(king, occ);
        let rook = attacks::compact::rook_attacks(king, occ);
        let direct = [
            attacks::pawn_attacks(!us, king) & cover[Role::Pawn as usize],
            attacks::knight_attacks(king) & cover[Role::Knight as usize],
            bishop & cover[Role::Bishop as usize],
            rook & cover[Role::Rook as usize],
            (bishop | rook) & cover[Role::Queen as usize],
            Bitboard::EMPTY,
        ];
        CheckSquares {
            king,
            direct,
            cover,
            discoverers,
            occ,
            open,
        }
    }

    /// Can the pawn on `from` promoting to `role` on `to` mate? The new man may check
    /// along the line through the square the pawn leaves (a push to h8 checks a king
    /// on the h-file), which `direct` (drawn with the pawn still on the board) misses.
    #[inline(always)]
    fn promotion_may_mate(&self, role: Role, from: Square, to: Square) -> bool {
        if !self.cover[role as usize].contains(to) {
            return false;
        }
        let occ = self.occ.without(from);
        let checks = match role {
            Role::Knight => attacks::knight_attacks(to),
            Role::Bishop => attacks::compact::bishop_attacks(to, occ),
            Role::Rook => attacks::compact::rook_attacks(to, occ),
            _ => attacks::compact::queen_attacks(to, occ),
        };
        checks.contains(self.king)
            || (self.discoverers.contains(from) && !lines::line(self.king, from).contains(to))
    }

    /// The targets of a man of `role` on `from` that may mate: they give check and
    /// cover the open flights.
    #[inline(always)]
    fn checking(&self, role: Role, from: Square, to: Bitboard) -> Bitboard {
        let direct = to & self.direct[role as usize];
        if self.discoverers.contains(from) {
            // Stepping off the line to the king uncovers the slider behind.
            direct | ((to - lines::line(self.king, from)) & self.cover[role as usize])
        } else {
            direct
        }
    }
}

/// A move sink that passes on only the moves that can give check, to `judge`.
struct CheckingMoves<'a, F: FnMut(Move)> {
    checks: &'a CheckSquares,
    /// The moving side's king: its moves can only check by discovery.
    our_king: Square,
    judge: F,
}

/// Moves every square of `bb` by `offset` (the inverse of a pawn set's `to - offset`).
#[inline(always)]
fn shift(bb: Bitboard, offset: i8) -> Bitboard {
    if offset >= 0 {
        Bitboard(bb.0 << offset)
    } else {
        Bitboard(bb.0 >> -offset)
    }
}

impl<F: FnMut(Move)> MoveSink for CheckingMoves<'_, F> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, to: Bitboard) {
        for t in self.checks.checking(role, from, to) {
            (self.judge)(Move::normal(role, from, t));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, offset: i8) {
        let checks = self.checks;
        let mut keep = to & checks.direct[Role::Pawn as usize];
        // Pawns that are discoverers are few: look at them one by one.
        for t in shift(checks.discoverers, offset) & to & checks.cover[Role::Pawn as usize] {
            let from = Square::new((t as i32 - offset as i32) as u32);
            if !lines::line(checks.king, from).contains(t) {
                keep |= t;
            }
        }
        for t in keep {
            let from = Square::new((t as i32 - offset as i32) as u32);
            (self.judge)(Move::normal(Role::Pawn, from, t));
        }
    }

    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, offset: i8) {
        for t in to {
            let from = Square::new((t as i32 - offset as i32) as u32);
            for role in Role::PROMOTIONS {
                if self.checks.promotion_may_mate(role, from, t) {
                    (self.judge)(Move {
                        from,
                        to: t,
                        role: Role::Pawn,
                        promotion: Some(role),
                        kind: MoveKind::Normal,
                    });
                }
            }
        }
    }

    #[inline(always)]
    fn special(&mut self, mv: Move) {
        if mv.kind == MoveKind::Castle && !castling_may_check(mv.from.rank(), self.checks.king) {
            return;
        }
        (self.judge)(mv);
    }

    #[inline(always)]
    fn king_mask(&self) -> Bitboard {
        let checks = self.checks;
        if checks.discoverers.contains(self.our_king) {
            (!lines::line(checks.king, self.our_king)) & flights::king_covering_squares(checks.open)
        } else {
            Bitboard::EMPTY
        }
    }
}

/// Castling checks only with the rook from its new square on the d- or f-file (along
/// that file or the back rank), or by uncovering the back rank (every other line
/// through the vacated corner and king squares ends there): the enemy king stands on
/// one of these lines, or castling cannot mate.
#[inline(always)]
fn castling_may_check(back_rank: Rank, enemy_king: Square) -> bool {
    (Bitboard::rank(back_rank) | Bitboard::file(File::D) | Bitboard::file(File::F))
        .contains(enemy_king)
}

/// Calls `found` with every legal move of the side to move that checkmates.
#[inline]
fn for_each_mate(pos: &Position, mut found: impl FnMut(Move)) {
    let us = pos.turn();
    let mover = Men::of(pos, us);
    let defender = Men::of(pos, !us);
    let checks = CheckSquares::new(pos, &mover, &defender);
    let occ = pos.occupied();
    // `direct`: the move checks from its landing square and nothing else checks, so
    // the mate test need not look for the checkers.
    let mut judge = |mv: Move, direct: bool| {
        let mating = if !judged_statically(mv) {
            // Castling, en passant, double steps: rare, so played on a copy.
            let next = pos.after(mv);
            next.is_check() && !next.has_legal_move()
        } else if direct {
            after::mates_by_direct_check(&mover, &defender, occ, mv)
        } else {
            after::mates(&mover, &defender, occ, mv)
        };
        if mating {
            found(mv);
        }
    };
    // The common case: no discovered check, en passant or castling to consider.
    // Then every mate is a direct check by a man landing on its role's `direct`
    // squares, found from those squares without generating other moves.
    let back_rank = us.fold(Rank::First, Rank::Eighth);
    if checks.discoverers.is_empty()
        && pos.ep_square().is_none()
        && !(pos.castling_rights().has_any(us) && castling_may_check(back_rank, checks.king))
    {
        let checkers = pos.checkers();
        // In check, a man must take the checker or step between; in double check only
        // the king may move, and it checks nothing without a discovery.
        let evasion = match checkers.first() {
            None => Bitboard::FULL,
            Some(_) if checkers.more_than_one() => return,
            Some(checker) => lines::between(mover.king, checker) | checker,
        };
        direct_checks(pos, &checks, &mover, evasion, &mut |mv| judge(mv, true));
        return;
    }
    let mut sink = CheckingMoves {
        checks: &checks,
        our_king: mover.king,
        judge: |mv| judge(mv, false),
    };
    pos.generate(&mut sink);
}

/// The mates when no discovered check, en passant or castling is possible: direct
/// checks by a man landing on one of its role's `direct` squares (usually there are
/// none) that also answers any check we are in (lands in `evasion`). A pinned man
/// moves only along its pin line, and the king does not move: nothing else can make
/// these moves illegal.
#[inline(always)]
fn direct_checks(
    pos: &Position,
    checks: &CheckSquares,
    mover: &Men,
    evasion: Bitboard,
    judge: &mut impl FnMut(Move),
) {
    let us = mover.color;
    let occ = pos.occupied();
    let pinned = pos.pinned();
    let our_king = mover.king;
    let legal = |from: Square, to: Square| {
        !pinned.contains(from) || lines::line(our_king, from).contains(to)
    };
    let targets = |role: Role| (checks.direct[role as usize] & evasion) - mover.all;

    let knight_targets = targets(Role::Knight);
    if knight_targets.any() {
        for from in mover.knights - pinned {
            for to in attacks::knight_attacks(from) & knight_targets {
                judge(Move::normal(Role::Knight, from, to));
            }
        }
    }
    // Sliders, one direction at a time (a queen twice). The targets are few: most
    // men have none on their lines and are not looked up at all.
    let (bishop_targets, rook_targets, queen_targets) = (
        targets(Role::Bishop),
        targets(Role::Rook),
        targets(Role::Queen),
    );
    if (bishop_targets | queen_targets).any() {
        for from in mover.diagonal {
            let (role, targets) = if mover.orthogonal.contains(from) {
                (Role::Queen, queen_targets)
            } else {
                (Role::Bishop, bishop_targets)
            };
            let targets = targets & attacks::bishop_rays(from);
            if targets.any() {
                for to in attacks::compact::bishop_attacks(from, occ) & targets {
                    if legal(from, to) {
                        judge(Move::normal(role, from, to));
                    }
                }
            }
        }
    }
    if (rook_targets | queen_targets).any() {
        for from in mover.orthogonal {
            let (role, targets) = if mover.diagonal.contains(from) {
                (Role::Queen, queen_targets)
            } else {
                (Role::Rook, rook_targets)
            };
            let targets = targets & attacks::rook_rays(from);
            if targets.any() {
                for to in attacks::compact::rook_attacks(from, occ) & targets {
                    if legal(from, to) {
                        judge(Move::normal(role, from, to));
                    }
                }
            }
        }
    }

    let pawns = mover.pawns;
    if pawns.is_empty() {
        return;
    }
    let last_rank = Bitboard::rank(us.fold(Rank::Eighth, Rank::First));
    let up: i32 = us.fold(8, -8);
    let pawn_targets = targets(Role::Pawn) - last_rank;
    if pawn_targets.any() {
        let ahead = |bb: Bitboard| match us {
            Color::White => bb.north(),
            Color::Black => bb.south(),
        };
        let empty = !occ;
        let single = ahead(pawns) & empty;
        for to in single & pawn_targets {
            let from = Square::new((to as i32 - up) as u32);
            if legal(from, to) {
                judge(Move::normal(Role::Pawn, from, to));
            }
        }
        let double_rank = Bitboard::rank(us.fold(Rank::Third, Rank::Sixth));
        for to in ahead(single & double_rank) & empty & pawn_targets {
            let from = Square::new((to as i32 - 2 * up) as u32);
            if legal(from, to) {
                judge(Move::normal(Role::Pawn, from, to));
            }
        }
        for to in pawn_targets & pos.by_color(!us) {
            for from in attacks::pawn_attacks(!us, to) & pawns {
                if legal(from, to) {
                    judge(Move::normal(Role::Pawn, from, to));
                }
            }
        }
    }
    // Promotions: each role judged where it would check and cover the flights.
    let seventh = Bitboard::rank(us.fold(Rank::Seventh, Rank::Second));
    for from in pawns & seventh {
        let push = Square::new((from as i32 + up) as u32);
        let to = ((attacks::pawn_attacks(us, from) & pos.by_color(!us)) | (push.bitboard() - occ))
            & evasion;
        for to in to {
            if !legal(from, to) {
                continue;
            }
            for role in Role::PROMOTIONS {
                if checks.promotion_may_mate(role, from, to) {
                    judge(Move {
                        from,
                        to,
                        role: Role::Pawn,
                        promotion: Some(role),
                        kind: MoveKind::Normal,
                    });
                }
            }
        }
    }
}

/// Every legal move of the side to move that checkmates, in no particular order.
///
/// Promotions and under-promotions, castling, en passant, discovered and double
/// checks are all included.
///
/// ```
/// use kibitz::{Position, mate::mates_in_one};
/// // Back-rank mate: Re8#.
/// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
/// let mates: Vec<String> = mates_in_one(&pos).iter().map(|m| m.uci()).collect();
/// assert_eq!(mates, ["e1e8"]);
/// ```
pub fn mates_in_one(pos: &Position) -> Vec<Move> {
    let mut mates = Vec::new();
    for_each_mate(pos, |mv| mates.push(mv));
    mates
}

/// The number of mating moves of the side to move, without building a list.
///
/// ```
/// use kibitz::{Position, mate::count_mates_in_one};
/// assert_eq!(count_mates_in_one(&Position::startpos()), 0);
/// ```
pub fn count_mates_in_one(pos: &Position) -> usize {
    let mut n = 0;
    for_each_mate(pos, |_| n += 1);
    n
}

/// The mates in one the side *not* to move would have if it could move: the
/// position with the turn passed. None when the side to move is in check (passing
/// would leave its king capturable).
///
/// The seed: "one side (not necessarily the side to move) has a legal move to
/// checkmate", a mate threat to answer "rather than to stand pat".
///
/// ```
/// use kibitz::{Position, mate::mate_threats};
/// // Black to move; White threatens Re8#.
/// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 b - - 0 1").unwrap();
/// let threats: Vec<String> = mate_threats(&pos).iter().map(|m| m.uci()).collect();
/// assert_eq!(threats, ["e1e8"]);
/// ```
pub fn mate_threats(pos: &Position) -> Vec<Move> {
    pos.pass().map(|p| mates_in_one(&p)).unwrap_or_default()
}

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
use crate::position::{EachMove, MoveSink};
use crate::{Bitboard, Color, File, Move, MoveKind, Position, Role, Square, attacks, lines};

/// Where each kind of man would check the enemy king, and which of our men uncover
/// a check when they step off their line to it.
struct CheckSquares {
    king: Square,
    knight: Bitboard,
    pawn: Bitboard,
    bishop: Bitboard,
    rook: Bitboard,
    /// Our men standing alone between one of our sliders and the enemy king.
    discoverers: Bitboard,
}

impl CheckSquares {
    #[inline(always)]
    fn new(pos: &Position, us: Color) -> CheckSquares {
        let king = pos.king(!us);
        let occ = pos.occupied();
        let ours = pos.by_color(us);
        let snipers = ((attacks::rook_rays(king) & pos.rooks_and_queens())
            | (attacks::bishop_rays(king) & pos.bishops_and_queens()))
            & ours;
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = lines::between(king, sniper) & occ;
            if !blockers.more_than_one() {
                discoverers |= blockers & ours;
            }
        }
        CheckSquares {
            king,
            knight: attacks::knight_attacks(king),
            pawn: attacks::pawn_attacks(!us, king),
            bishop: attacks::bishop_attacks(king, occ),
            rook: attacks::rook_attacks(king, occ),
            discoverers,
        }
    }

    /// The targets of a man of `role` on `from` that give check.
    #[inline(always)]
    fn checking(&self, role: Role, from: Square, to: Bitboard) -> Bitboard {
        let direct = match role {
            Role::Knight => self.knight,
            Role::Bishop => self.bishop,
            Role::Rook => self.rook,
            Role::Queen => self.bishop | self.rook,
            Role::Pawn => self.pawn,
            Role::King => Bitboard::EMPTY,
        };
        if self.discoverers.contains(from) {
            // Stepping off the line to the king uncovers the slider behind.
            (to & direct) | (to - lines::line(self.king, from))
        } else {
            to & direct
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
        let mut keep = to & checks.pawn;
        // Pawns that are discoverers are few: look at them one by one.
        for t in shift(checks.discoverers, offset) & to {
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
        // Rare: every promotion is a candidate, the mate test decides.
        EachMove(&mut self.judge).promotions(to, offset);
    }

    #[inline(always)]
    fn special(&mut self, mv: Move) {
        // Castling checks only with the rook from its new square on the d- or
        // f-file (along that file or the back rank), or by uncovering the back
        // rank (every other line through the vacated corner and king squares ends
        // there): the enemy king stands on one of these lines, or the copy below
        // is not worth playing.
        if mv.kind == MoveKind::Castle {
            let lines =
                Bitboard::rank(mv.from.rank()) | Bitboard::file(File::D) | Bitboard::file(File::F);
            if !lines.contains(self.checks.king) {
                return;
            }
        }
        (self.judge)(mv);
    }

    #[inline(always)]
    fn king_mask(&self) -> Bitboard {
        let checks = self.checks;
        if checks.discoverers.contains(self.our_king) {
            !lines::line(checks.king, self.our_king)
        } else {
            Bitboard::EMPTY
        }
    }
}

/// Calls `found` with every legal move of the side to move that checkmates.
#[inline]
fn for_each_mate(pos: &Position, mut found: impl FnMut(Move)) {
    let us = pos.turn();
    let checks = CheckSquares::new(pos, us);
    let mover = Men::of(pos, us);
    let defender = Men::of(pos, !us);
    let occ = pos.occupied();
    let judge = |mv: Move| {
        let mating = if judged_statically(mv) {
            after::mates(&mover, &defender, occ, mv)
        } else {
            // Castling, en passant, double steps: rare, so played on a copy.
            let next = pos.after(mv);
            next.is_check() && !next.has_legal_move()
        };
        if mating {
            found(mv);
        }
    };
    let mut sink = CheckingMoves {
        checks: &checks,
        our_king: mover.king,
        judge,
    };
    pos.generate(&mut sink);
}

/// Every legal move of the side to move that checkmates, in move-generation order.
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

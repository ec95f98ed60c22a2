//! The exact answer: every legal move that checkmates.
//!
//! A mate in one must give check and must leave the enemy king no flight. Before any
//! move is looked at, the king's open flights (see `flights.rs`) bound where each kind
//! of man must land, and the squares from which it would check bound them further:
//! usually no man can reach such a square, and the position is done. The few
//! candidates are found from their landing squares, without generating the other
//! moves: direct checks, every move of a man that uncovers a check (a "discoverer"),
//! promotions, en passant, and castling when the enemy king stands on a line the
//! castling rook can check along. Each candidate is judged on bitboards of the board
//! after it (see `after.rs`): the king's flights, a capture of the checker, a man
//! stepping between, looked for one by one and never listed. Castling, en passant and
//! double steps are played on a copy instead and the reply side asked
//! [`Position::has_legal_move`], which stops at its first move.

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
        let zone = flights::king_zone(mover, defender);
        let open = zone.open;
        let cover = flights::covering_squares(us, open);
        // A slider landing next to the king must be supported by another man.
        let unsupported = zone.lone;
        let bishop = attacks::compact::bishop_attacks(king, occ);
        let rook = attacks::compact::rook_attacks(king, occ);
        let direct = [
            attacks::pawn_attacks(!us, king) & cover[Role::Pawn as usize],
            attacks::knight_attacks(king) & cover[Role::Knight as usize],
            (bishop & cover[Role::Bishop as usize]) - unsupported,
            (rook & cover[Role::Rook as usize]) - unsupported,
            ((bishop | rook) & cover[Role::Queen as usize]) - unsupported,
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
}

/// A slider's moves on an empty board from a square (`attacks::rook_rays`, …).
type Rays = fn(Square) -> Bitboard;
/// A slider's attacks from a square on a board (`attacks::compact::rook_attacks`, …).
type Lines = fn(Square, Bitboard) -> Bitboard;

/// Castling checks only with the rook from its new square on the d- or f-file (along
/// that file or the back rank), or by uncovering the back rank (every other line
/// through the vacated corner and king squares ends there): the enemy king stands on
/// one of these lines, or castling cannot mate.
#[inline(always)]
fn castling_may_check(back_rank: Rank, enemy_king: Square) -> bool {
    (Bitboard::rank(back_rank) | Bitboard::file(File::D) | Bitboard::file(File::F))
        .contains(enemy_king)
}

/// Calls `found` with every legal move of the side to move that checkmates, until
/// it returns false (enough found): the moves left are then not judged.
#[inline]
fn for_each_mate(pos: &Position, mut found: impl FnMut(Move) -> bool) {
    let us = pos.turn();
    let mover = Men::of(pos, us);
    let defender = Men::of(pos, !us);
    let checks = CheckSquares::new(pos, &mover, &defender);
    let occ = pos.occupied();
    // `direct`: the move checks from its landing square and nothing else checks, so
    // the mate test need not look for the checkers.
    let mut enough = false;
    let mut judge = |mv: Move, direct: bool| {
        if enough {
            return;
        }
        let mating = if !judged_statically(mv) {
            // Castling, en passant, double steps: rare, so played on a copy.
            let next = pos.after(mv);
            next.is_check() && !next.has_legal_move()
        } else if direct {
            after::mates_by_sole_check(&mover, &defender, occ, mv)
        } else {
            after::mates(&mover, &defender, occ, mv)
        };
        if mating {
            enough = !found(mv);
        }
    };
    candidates(pos, &checks, &mover, &mut judge);
    // En passant and castling move two men each: the move generator lists them.
    let back_rank = us.fold(Rank::First, Rank::Eighth);
    if pos.ep_square().is_some()
        || (pos.castling_rights().has_any(us) && castling_may_check(back_rank, checks.king))
    {
        pos.generate_special(&mut Specials(|mv: Move| {
            if mv.kind != MoveKind::Castle || castling_may_check(back_rank, checks.king) {
                judge(mv, false);
            }
        }));
    }
}

/// A move sink that takes only en passant and castling (from
/// [`Position::generate_special`], which reports nothing else).
struct Specials<F: FnMut(Move)>(F);

impl<F: FnMut(Move)> MoveSink for Specials<F> {
    #[inline(always)]
    fn piece(&mut self, _: Role, _: Square, _: Bitboard) {}
    #[inline(always)]
    fn pawns(&mut self, _: Bitboard, _: i8) {}
    #[inline(always)]
    fn promotions(&mut self, _: Bitboard, _: i8) {}
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        (self.0)(mv);
    }
}

/// Every normal move that may mate, found from the squares it must land on.
///
/// A direct check lands on its role's `direct` squares (usually there are none). A
/// man that uncovers a check (rare) may land anywhere off its line that covers the
/// open flights; the king moves only then, and its safety is tested square by
/// square. The other men must also answer any check we are in (take the checker or
/// step between; in double check only the king moves), and a pinned man moves only
/// along its pin line: nothing else makes these moves illegal.
///
/// `judge` is told whether the move is a plain direct check (then nothing but the
/// man that moved checks).
#[inline(always)]
fn candidates(
    pos: &Position,
    checks: &CheckSquares,
    mover: &Men,
    judge: &mut impl FnMut(Move, bool),
) {
    let us = mover.color;
    let occ = pos.occupied();
    let pinned = pos.pinned();
    let our_king = mover.king;
    let discoverers = checks.discoverers;
    let checkers = pos.checkers();
    let evasion = match checkers.first() {
        None => Bitboard::FULL,
        Some(_) if checkers.more_than_one() => Bitboard::EMPTY,
        Some(checker) => lines::between(our_king, checker) | checker,
    };
    let legal = |from: Square, to: Square| {
        !pinned.contains(from) || lines::line(our_king, from).contains(to)
    };
    let targets = |role: Role| (checks.direct[role as usize] & evasion) - mover.all;

    if discoverers.any() {
        discovered_checks(pos, checks, mover, evasion, judge);
    }
    if evasion.is_empty() {
        return;
    }

    let knight_targets = targets(Role::Knight);
    if knight_targets.any() {
        for from in mover.knights - pinned - discoverers {
            for to in attacks::knight_attacks(from) & knight_targets {
                judge(Move::normal(Role::Knight, from, to), true);
            }
        }
    }
    // Sliders, one direction at a time (a queen twice). The targets are few: most
    // men have none on their lines and are not looked up at all.
    let queens = mover.diagonal & mover.orthogonal;
    let queen_targets = targets(Role::Queen);
    let directions: [(Role, Bitboard, Rays, Lines); 2] = [
        (
            Role::Bishop,
            mover.diagonal,
            attacks::bishop_rays,
            attacks::compact::bishop_attacks,
        ),
        (
            Role::Rook,
            mover.orthogonal,
            attacks::rook_rays,
            attacks::compact::rook_attacks,
        ),
    ];
    for (single, men, rays, attacks_from) in directions {
        let single_targets = targets(single);
        if (single_targets | queen_targets).is_empty() {
            continue;
        }
        for from in men - discoverers {
            let (role, to) = if queens.contains(from) {
                (Role::Queen, queen_targets)
            } else {
                (single, single_targets)
            };
            let to = to & rays(from);
            if to.any() {
                for to in attacks_from(from, occ) & to {
                    if legal(from, to) {
                        judge(Move::normal(role, from, to), true);
                    }
                }
            }
        }
    }

    let pawns = mover.pawns - discoverers;
    if pawns.is_empty() {
        return;
    }
    let last_rank = Bitboard::rank(us.fold(Rank::Eighth, Rank::First));
    let up: i32 = us.fold(8, -8);
    let pawn_targets = targets(Role::Pawn) - last_rank;
    if pawn_targets.any() {
        let single = forward(us, pawns) & !occ;
        for to in single & pawn_targets {
            let from = Square::new((to as i32 - up) as u32);
            if legal(from, to) {
                judge(Move::normal(Role::Pawn, from, to), true);
            }
        }
        let double_rank = Bitboard::rank(us.fold(Rank::Third, Rank::Sixth));
        for to in forward(us, single & double_rank) & !occ & pawn_targets {
            let from = Square::new((to as i32 - 2 * up) as u32);
            if legal(from, to) {
                judge(Move::normal(Role::Pawn, from, to), true);
            }
        }
        for to in pawn_targets & pos.by_color(!us) {
            for from in attacks::pawn_attacks(!us, to) & pawns {
                if legal(from, to) {
                    judge(Move::normal(Role::Pawn, from, to), true);
                }
            }
        }
    }
    // Promotions: each role judged where it would check and cover the flights.
    let seventh = Bitboard::rank(us.fold(Rank::Seventh, Rank::Second));
    for from in pawns & seventh {
        for to in pawn_moves(pos, us, from) & evasion {
            if legal(from, to) {
                promotions(checks, from, to, judge);
            }
        }
    }
}

/// The moves of the men that uncover a check when they step off their line to the
/// enemy king: rare, so each is looked at alone. A discoverer may also check
/// directly, so the mate test looks for the checkers itself.
#[cold]
fn discovered_checks(
    pos: &Position,
    checks: &CheckSquares,
    mover: &Men,
    evasion: Bitboard,
    judge: &mut impl FnMut(Move, bool),
) {
    let us = mover.color;
    let occ = pos.occupied();
    for from in checks.discoverers {
        let off_line = !lines::line(checks.king, from);
        let Some(role) = pos.role_at(from) else {
            continue;
        };
        if role == Role::King {
            let to = (attacks::king_attacks(from) - mover.all)
                & off_line
                & flights::king_covering_squares(checks.open);
            for to in to {
                let mv = Move::normal(Role::King, from, to);
                if pos.is_legal_normal(mv) {
                    judge(mv, false);
                }
            }
            continue;
        }
        let reach = match role {
            Role::Pawn => pawn_moves(pos, us, from),
            _ => mover.attacks_of(role, from, occ) - mover.all,
        };
        let may_mate = checks.direct[role as usize] | (checks.cover[role as usize] & off_line);
        for to in reach & evasion {
            let mv = Move::normal(role, from, to);
            if !pos.is_legal_normal(mv) {
                continue;
            }
            if role == Role::Pawn && matches!(to.rank(), Rank::First | Rank::Eighth) {
                promotions(checks, from, to, judge);
            } else if may_mate.contains(to) {
                judge(mv, false);
            }
        }
    }
}

/// The squares the pawn of `us` on `from` can move to: pushes (a double push from
/// its first rank) onto empty squares, captures onto enemy men.
#[inline(always)]
fn pawn_moves(pos: &Position, us: Color, from: Square) -> Bitboard {
    let occ = pos.occupied();
    let one = forward(us, from.bitboard()) - occ;
    let double_rank = Bitboard::rank(us.fold(Rank::Third, Rank::Sixth));
    let two = forward(us, one & double_rank) - occ;
    one | two | (attacks::pawn_attacks(us, from) & pos.by_color(!us))
}

/// Judges each promotion of the pawn on `from` to `to` that may mate.
#[inline(always)]
fn promotions(checks: &CheckSquares, from: Square, to: Square, judge: &mut impl FnMut(Move, bool)) {
    for role in Role::PROMOTIONS {
        if checks.promotion_may_mate(role, from, to) {
            let mv = Move {
                from,
                to,
                role: Role::Pawn,
                promotion: Some(role),
                kind: MoveKind::Normal,
            };
            judge(mv, false);
        }
    }
}

/// Every square of `bb` one rank ahead for `us`.
#[inline(always)]
fn forward(us: Color, bb: Bitboard) -> Bitboard {
    match us {
        Color::White => bb.north(),
        Color::Black => bb.south(),
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
    for_each_mate(pos, |mv| {
        mates.push(mv);
        true
    });
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
    for_each_mate(pos, |_| {
        n += 1;
        true
    });
    n
}

/// A mating move of the side to move, if it has one: the first found, the rest
/// not looked for (the question of a search's horizon, where most positions with
/// a mate have several).
///
/// ```
/// use kibitz::{Position, mate::first_mate_in_one};
/// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
/// assert_eq!(first_mate_in_one(&pos).map(|m| m.uci()), Some("e1e8".to_string()));
/// assert_eq!(first_mate_in_one(&Position::startpos()), None);
/// ```
pub fn first_mate_in_one(pos: &Position) -> Option<Move> {
    let mut first = None;
    for_each_mate(pos, |mv| {
        first = Some(mv);
        false
    });
    first
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

/// Whether the side *not* to move threatens mate in one: [`mate_threats`] is not
/// empty, found without building a list (never when the side to move is in check).
///
/// ```
/// use kibitz::{Position, mate::has_mate_threat};
/// // Black to move; White threatens Re8#.
/// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 b - - 0 1").unwrap();
/// assert!(has_mate_threat(&pos));
/// // With luft on h6 there is no threat.
/// let pos = Position::from_fen("6k1/5pp1/7p/8/8/8/8/4R1K1 b - - 0 1").unwrap();
/// assert!(!has_mate_threat(&pos));
/// ```
pub fn has_mate_threat(pos: &Position) -> bool {
    pos.pass().is_some_and(|p| first_mate_in_one(&p).is_some())
}

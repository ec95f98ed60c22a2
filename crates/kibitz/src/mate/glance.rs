//! Mate at a Glance: static detection of mating moves from bitboards, no make-move.
//!
//! The seed (the chessprogramming wiki's "Mate at a Glance") lists cheap-to-expensive
//! conditions for the King-and-Queen contact mate, and names back-rank, Boden's,
//! Epaulette and smothered mates as further patterns. Each pattern below proposes a
//! few candidate moves from its shape (a queen next to the king, a heavy piece on the
//! king's edge line, a bishop check with a second bishop, a knight check on a boxed-in
//! king) and [`verify`] then tests the wiki's conditions on bitboards of the board
//! *as it will be* after the move, without making it:
//!
//! 1. the move is legal (condition 3: not pinned off its line; our own check answered);
//! 2. it checks the king;
//! 3. no escape square: each square next to the king is off the board, held by the
//!    king's own men, or attacked by the mover's side with the king lifted off the
//!    board (condition 5; the queen's square counts as an escape unless supported,
//!    condition 2, batteries and x-rays through the vacated square included, condition 4);
//! 4. no man can capture the checker, unless it is pinned (pins recomputed after the
//!    move) off the line through the checker: here we do better than the wiki, whose
//!    "squares only the king defends" also rejects a capture by a pinned man;
//! 5. for a distant check, no man can step between (pawn pushes and double pushes
//!    included, pinned men only along their pin line).
//!
//! The contract is the wiki's Bloom-filter one: a pattern may be missed (pawn moves,
//! promotions and castling are never proposed), but every reported move is a real mate.

use super::after::{self, Men};
use crate::{Bitboard, Color, Move, Position, Role, Square, attacks, lines};

/// The seed's patterns the glance detector looks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GlancePattern {
    /// The queen mates from a square next to the king (the seed's King-and-Queen mate).
    CloseQueen,
    /// A rook or queen checks along the edge line the king stands on (back-rank mates,
    /// and the same shape on the a- and h-files).
    EdgeLine,
    /// A bishop checks while a second bishop helps (Boden's and double-bishop mates).
    Bishops,
    /// A queen checks from a distance a king boxed in by its own men on the edge
    /// (the Epaulette mate).
    Epaulette,
    /// A rook mates from a square next to the king (hook and Arabian mates).
    CloseRook,
    /// A knight checks a king whose every neighbour holds one of its own men.
    Smothered,
}

/// A mating move found at a glance, with the pattern that proposed it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GlanceMate {
    /// The mating move.
    pub mv: Move,
    /// The pattern that found it.
    pub pattern: GlancePattern,
}

/// What the verifier needs to know about the side that moves: its men, which of
/// them are pinned, and which squares answer a check it is in.
struct Mover {
    men: Men,
    pinned: Bitboard,
    /// Squares a non-king move must land on: everything when not in check.
    evasion: Bitboard,
}

/// Is the piece move `role` `from`–`to` by `mover` a legal move that checkmates?
/// Static: computed on bitboards of the board after the move, without making it.
/// Legality is the wiki's condition 3 (and answering a check the mover is in);
/// the rest is [`after::mates`].
#[inline]
fn verify(
    mover: &Mover,
    defender: &Men,
    occ: Bitboard,
    role: Role,
    from: Square,
    to: Square,
) -> bool {
    // Condition 3: legal for the mover.
    if mover.men.all.contains(to) || !mover.evasion.contains(to) {
        return false;
    }
    if mover.pinned.contains(from) && !lines::line(mover.men.king, from).contains(to) {
        return false;
    }
    // Every pattern proposes a man that checks from where it lands.
    after::mates_by_direct_check(&mover.men, defender, occ, Move::normal(role, from, to))
}

/// Runs every pattern for `mover` (who need not be the side to move) and reports each
/// mate found; stops when `found` returns false.
#[inline]
fn scan(pos: &Position, mover_color: Color, mut found: impl FnMut(GlanceMate) -> bool) {
    let defender_color = !mover_color;
    let occ = pos.occupied();
    let defender = Men::of(pos, defender_color);
    let men = Men::of(pos, mover_color);
    let king = defender.king;
    let ring = attacks::king_attacks(king);
    let queens = pos.pieces(mover_color, Role::Queen);
    let rooks = pos.pieces(mover_color, Role::Rook);
    let bishops = pos.pieces(mover_color, Role::Bishop);
    let knights = men.knights;
    let free_ring = ring - defender.all;

    // Cheap gate: which patterns can apply at all (no lookups yet).
    let on_edge = Bitboard::EDGES.contains(king);
    let smothered = free_ring.is_empty() && knights.any();
    if queens.is_empty() && rooks.is_empty() && bishops.count() < 2 && !smothered {
        return;
    }

    let (pinned, evasion) = if mover_color == pos.turn() {
        let checkers = pos.checkers();
        if checkers.more_than_one() {
            return; // only king moves: none of the patterns
        }
        let evasion = match checkers.first() {
            Some(c) => lines::between(men.king, c) | c,
            None => Bitboard::FULL,
        };
        (pos.pinned(), evasion)
    } else {
        if pos.is_check() {
            return; // threat mode: the turn cannot be passed
        }
        (pos.pinned_of(mover_color), Bitboard::FULL)
    };
    let mover = Mover {
        men,
        pinned,
        evasion,
    };
    let targets = !men.all & evasion;
    let mut try_move = |role: Role, from: Square, to: Square, pattern: GlancePattern| -> bool {
        if verify(&mover, &defender, occ, role, from, to) {
            found(GlanceMate {
                mv: Move::normal(role, from, to),
                pattern,
            })
        } else {
            true
        }
    };

    // The seed's King-and-Queen contact mate; condition 1: queen attacks next to the king.
    for q in queens {
        for to in attacks::compact::queen_attacks(q, occ) & ring & targets {
            if !try_move(Role::Queen, q, to, GlancePattern::CloseQueen) {
                return;
            }
        }
    }
    // Rook contact mates (hook, Arabian).
    let rook_ring = ring & attacks::rook_rays(king) & targets;
    if rook_ring.any() {
        for r in rooks {
            for to in attacks::compact::rook_attacks(r, occ) & rook_ring {
                if !try_move(Role::Rook, r, to, GlancePattern::CloseRook) {
                    return;
                }
            }
        }
    }
    // Both patterns below check along a line of the king from a distance, through
    // an empty square next to it: without one, no lookup at all. Then the checking
    // squares themselves: when there are none, no heavy piece is looked up. (Cheap
    // tests on whole sets like these pay; per-piece ray filters before each lookup
    // measured slower than the lookups they saved.)
    let heavy = queens | rooks;
    let open_neighbours = (ring & attacks::rook_rays(king)) - occ;
    let rook_checks = if on_edge && heavy.any() && open_neighbours.any() {
        (attacks::compact::rook_attacks(king, occ) - ring) & targets
    } else {
        Bitboard::EMPTY
    };
    if rook_checks.any() {
        let edge = edge_lines(king);
        // Back-rank mates: a heavy piece checks along the edge the king stands on.
        let along = rook_checks & edge;
        if along.any() {
            for from in heavy {
                let role = if queens.contains(from) {
                    Role::Queen
                } else {
                    Role::Rook
                };
                for to in attacks::compact::rook_attacks(from, occ) & along {
                    if !try_move(role, from, to, GlancePattern::EdgeLine) {
                        return;
                    }
                }
            }
        }
        // Epaulette: the king's neighbours along the edge are its own men, the queen
        // checks from a distance across the edge.
        let across = rook_checks - edge;
        if across.any() {
            for q in queens {
                for to in attacks::compact::rook_attacks(q, occ) & across {
                    if !try_move(Role::Queen, q, to, GlancePattern::Epaulette) {
                        return;
                    }
                }
            }
        }
    }
    // Boden's and double-bishop mates: a bishop checks, another bishop helps.
    if bishops.more_than_one() {
        let bishop_checks = attacks::compact::bishop_attacks(king, occ) & targets;
        for b in bishops {
            for to in attacks::compact::bishop_attacks(b, occ) & bishop_checks {
                if !try_move(Role::Bishop, b, to, GlancePattern::Bishops) {
                    return;
                }
            }
        }
    }
    // Smothered mate: a knight checks a king boxed in by its own men.
    if smothered {
        let knight_checks = attacks::knight_attacks(king) & targets;
        for n in knights - mover.pinned {
            for to in attacks::knight_attacks(n) & knight_checks {
                if !try_move(Role::Knight, n, to, GlancePattern::Smothered) {
                    return;
                }
            }
        }
    }
}

/// The edge lines (rank 1 or 8, file a or h) through `king`, which stands on an edge.
#[inline(always)]
fn edge_lines(king: Square) -> Bitboard {
    // The king's rank (file) is an edge line when all of it lies on the edge.
    let rank = Bitboard::rank(king.rank());
    let file = Bitboard::file(king.file());
    let mut edge = Bitboard::EMPTY;
    if (rank - Bitboard::EDGES).is_empty() {
        edge |= rank;
    }
    if (file - Bitboard::EDGES).is_empty() {
        edge |= file;
    }
    edge
}

/// Mates for `mover`, deduplicated (a move proposed by two patterns is kept once,
/// with the first pattern that found it), each as `keep` makes it of the mate.
fn collect<T>(
    pos: &Position,
    mover: Color,
    keep: impl Fn(GlanceMate) -> T,
    mv: impl Fn(&T) -> Move,
) -> Vec<T> {
    let mut mates: Vec<T> = Vec::new();
    scan(pos, mover, |m| {
        if !mates.iter().any(|x| mv(x) == m.mv) {
            mates.push(keep(m));
        }
        true
    });
    mates
}

/// The moves of [`glance`] (or of [`glance_threats`], with `mover` the side not
/// to move), without their patterns: what the board face asks.
pub(crate) fn glance_moves(pos: &Position, mover: Color) -> Vec<Move> {
    collect(pos, mover, |m| m.mv, |&mv| mv)
}

/// The mating moves of the side to move that the static glance detector sees.
///
/// Every move reported is a legal mate in one (a subset of
/// [`mates_in_one`](super::mates_in_one)); some mates are missed by design.
///
/// ```
/// use kibitz::{Position, mate::{glance, GlancePattern}};
/// // Qg7# next to the king, supported through the battery by the bishop behind it.
/// let pos = Position::from_fen("6k1/5p1p/6p1/8/8/2Q5/1B6/6K1 w - - 0 1").unwrap();
/// let mates = glance(&pos);
/// let g7 = mates.iter().find(|m| m.mv.uci() == "c3g7").unwrap();
/// assert_eq!(g7.pattern, GlancePattern::CloseQueen);
/// assert_eq!(mates.len(), 3); // Qc8# and Qh8# too
/// ```
pub fn glance(pos: &Position) -> Vec<GlanceMate> {
    collect(pos, pos.turn(), |m| m, |m| m.mv)
}

/// The mates in one the side *not* to move would have if it could move, seen at a
/// glance (the seed's mate threats). Empty when the side to move is in check.
///
/// ```
/// use kibitz::{Position, mate::glance_threats};
/// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 b - - 0 1").unwrap();
/// assert_eq!(glance_threats(&pos)[0].mv.uci(), "e1e8");
/// ```
pub fn glance_threats(pos: &Position) -> Vec<GlanceMate> {
    collect(pos, !pos.turn(), |m| m, |m| m.mv)
}

/// Does the side to move have a mate in one that the glance detector sees? Stops at
/// the first one: the cheap test for an evaluation function.
///
/// ```
/// use kibitz::{Position, mate::has_glance_mate};
/// assert!(!has_glance_mate(&Position::startpos()));
/// ```
pub fn has_glance_mate(pos: &Position) -> bool {
    first_glance_mate(pos).is_some()
}

/// The first mating move the glance detector sees, stopping there: the prover's
/// glance-first horizon needs the move, not only the answer.
pub(crate) fn first_glance_mate(pos: &Position) -> Option<Move> {
    let mut first = None;
    scan(pos, pos.turn(), |m| {
        first = Some(m.mv);
        false
    });
    first
}

//! Can a mate still be reached in the moves left? A sound test that cuts the
//! help and series searches where the material cannot build any mating
//! position in time (issue 45: helpmates at Popeye's intelligent speed).
//!
//! In the mating position the mated king stands on some square `s` and
//! * a man of the mating side (not its king) attacks `s` (the check);
//! * each square next to `s` (a flight) holds a man of the mated side (a
//!   block) or is attacked by the mating side with the king gone from `s` (a
//!   guard; a mating man on a flight must be guarded too, or the king takes
//!   it).
//!
//! The moves each man needs to get anywhere are at least its moves on an
//! empty board ([`Distances`]: a pawn's as a pawn or, past promotion, as any
//! piece; captures relaxed away). So with `w` moves left to the mating side
//! and `b` to the mated side, a king square `s` is possible only when
//! * the king's distance to `s` is at most `b`;
//! * some mating man can come to attack `s` in at most `w` moves;
//! * every flight that no mating man (king included) can come to attack in
//!   `w` moves is blocked, and the king's distance plus the sum over those
//!   flights of the nearest mated man's distance is at most `b`. (The blocks
//!   are different men, each move moves one man, so the sum of the nearest
//!   distances is a lower bound.)
//!
//! When no square is possible, no line from here ends in mate: the search
//! cuts it. Every relaxation (empty board, men that may be captured meanwhile,
//! checks that could be parried) only lets more squares pass, so nothing is
//! ever cut that could mate.
//!
//! Applied only where the moves are known: the orthodox engine
//! ([`Board::orthodox`]), and only when neither side may castle (castling moves
//! two men at once, a king in Chess960 far). Elsewhere every line is searched.

use std::cell::Cell;
use std::sync::OnceLock;

use crate::board::Board;
use crate::{Bitboard, Color, Square, attacks};

/// "Cannot reach" in the tables.
const FAR: u8 = u8::MAX;

/// The men, by index in the tables: king, queen, rook, bishop, knight, White's
/// pawn, Black's pawn.
const KING: usize = 0;
const KINDS: usize = 7;

/// Each man's moves between the squares of an empty 8 × 8 board.
struct Distances {
    /// `reach[kind * 64 + from][to]`: the moves from `from` to stand on `to`
    /// (a pawn as a pawn or as the piece it promoted to).
    reach: Vec<[u8; 64]>,
    /// `guard[kind * 64 + from][sq]`: the moves from `from` to attack `sq`
    /// from another square.
    guard: Vec<[u8; 64]>,
    /// `king_guard[at * 64 + s][j]`: the moves of a king from `at` to attack
    /// the `j`-th square next to `s` (in the order of [`flights`]) from a
    /// square two steps or more from `s` (a mating king in a mate on `s`).
    king_guard: Vec<[u8; 8]>,
}

/// The distances, computed once.
fn distances() -> &'static Distances {
    static DISTANCES: OnceLock<Distances> = OnceLock::new();
    DISTANCES.get_or_init(Distances::new)
}

/// `(file, rank)` of square `sq` (a1 = 0, h8 = 63).
fn coords(sq: usize) -> (i32, i32) {
    ((sq % 8) as i32, (sq / 8) as i32)
}

/// The square at `(file, rank)`, if on the board.
fn square(file: i32, rank: i32) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

/// The squares a piece (king, queen, rook, bishop or knight) on `sq` moves to
/// and attacks on an empty board: the shared tables of [`crate::attacks`].
fn piece_steps(kind: usize, sq: usize) -> Bitboard {
    let sq = Square::new(sq as u32);
    match kind {
        KING => attacks::king_attacks(sq),
        1 => attacks::queen_rays(sq),
        2 => attacks::rook_rays(sq),
        3 => attacks::bishop_rays(sq),
        _ => attacks::knight_attacks(sq),
    }
}

/// The squares of `bits`, as indices.
fn indices(bits: Bitboard) -> impl Iterator<Item = usize> {
    bits.into_iter().map(|sq| sq as usize)
}

/// Breadth-first distances from `start` over `next`'s edges among `states`.
fn bfs(states: usize, start: usize, next: impl Fn(usize) -> Vec<usize>) -> Vec<u8> {
    let mut dist = vec![FAR; states];
    dist[start] = 0;
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        for to in next(at) {
            if dist[to] == FAR {
                dist[to] = dist[at] + 1;
                queue.push_back(to);
            }
        }
    }
    dist
}

impl Distances {
    fn new() -> Distances {
        let mut reach = vec![[FAR; 64]; KINDS * 64];
        let mut guard = vec![[FAR; 64]; KINDS * 64];
        let steps: Vec<Vec<Vec<usize>>> = (0..5)
            .map(|kind| {
                (0..64)
                    .map(|sq| indices(piece_steps(kind, sq)).collect())
                    .collect()
            })
            .collect();
        for (kind, moves) in steps.iter().enumerate() {
            for from in 0..64 {
                let d = bfs(64, from, |sq| moves[sq].clone());
                let row = kind * 64 + from;
                for to in 0..64 {
                    reach[row][to] = d[to];
                    // Attacking `to` from `t`: `t` is among `to`'s steps (the
                    // pieces attack both ways).
                    guard[row][to] = moves[to].iter().map(|&t| d[t]).min().unwrap_or(FAR);
                }
            }
        }
        // A pawn: states `sq * 5 + form`, form 0 the pawn, 1 to 4 the queen,
        // rook, bishop and knight it promoted to.
        for (index, forward) in [(5, 1), (6, -1)] {
            let (start_rank, last_rank) = if forward == 1 { (1, 7) } else { (6, 0) };
            let next = |state: usize| -> Vec<usize> {
                let (sq, form) = (state / 5, state % 5);
                if form > 0 {
                    return steps[form][sq].iter().map(|&to| to * 5 + form).collect();
                }
                let (file, rank) = coords(sq);
                let mut out = Vec::new();
                // Forward, or diagonally forward (a capture, en passant too).
                for df in -1..=1 {
                    if let Some(to) = square(file + df, rank + forward) {
                        if coords(to).1 == last_rank {
                            out.extend((1..5).map(|form| to * 5 + form));
                        } else {
                            out.push(to * 5);
                        }
                    }
                }
                if rank == start_rank {
                    out.extend(square(file, rank + 2 * forward).map(|to| to * 5));
                }
                out
            };
            for from in 0..64 {
                let d = &bfs(64 * 5, from * 5, next);
                let row = index * 64 + from;
                for to in 0..64 {
                    reach[row][to] = (0..5).map(|form| d[to * 5 + form]).min().unwrap_or(FAR);
                    let (file, rank) = coords(to);
                    // As a pawn: from a square diagonally behind `to`.
                    let as_pawn = [-1, 1]
                        .iter()
                        .filter_map(|df| square(file + df, rank - forward))
                        .map(|t| d[t * 5]);
                    let promoted = (1..5)
                        .flat_map(|form| steps[form][to].iter().map(move |&t| d[t * 5 + form]));
                    guard[row][to] = as_pawn.chain(promoted).min().unwrap_or(FAR);
                }
            }
        }
        let mut king_guard = vec![[FAR; 8]; 64 * 64];
        for at in 0..64 {
            let walk = &reach[KING * 64 + at];
            for s in 0..64 {
                let square = Square::new(s as u32);
                let apart = !(attacks::king_attacks(square) | square.bitboard());
                let (flights, n) = flights(s);
                for (cost, &f) in king_guard[at * 64 + s].iter_mut().zip(&flights[..n]) {
                    let from = attacks::king_attacks(Square::new(f as u32)) & apart;
                    *cost = indices(from).map(|t| walk[t]).min().unwrap_or(FAR);
                }
            }
        }
        Distances {
            reach,
            guard,
            king_guard,
        }
    }
}

/// The mate-reach test for one search (see the [module docs](self)).
#[derive(Clone, Debug)]
pub(crate) struct MateReach {
    /// The king square that passed last: tried first, as a child position
    /// mostly passes on its parent's square (a position passes at its first
    /// possible square, so the order of the squares tried matters only for
    /// the time).
    last: Cell<usize>,
}

impl MateReach {
    /// The test for searches from `pos`, or None where it does not apply (not
    /// the orthodox engine, or a side may castle).
    pub fn new<B: Board>(pos: &B) -> Option<MateReach> {
        if !pos.orthodox() {
            return None;
        }
        let fen = pos.fen();
        let castling = fen.split(' ').nth(2)?;
        (castling == "-").then(|| MateReach { last: Cell::new(0) })
    }

    /// Can `mated` be checkmated with `mated_moves` moves of its own and
    /// `mating_moves` of the other side left (the mating move included)? False
    /// only when no mate can be reached; true is no promise.
    ///
    /// It runs at every node of the searches, so it allocates nothing.
    pub fn possible<B: Board>(
        &self,
        pos: &B,
        mated: Color,
        mated_moves: u32,
        mating_moves: u32,
    ) -> bool {
        let d = distances();
        // The fewest moves for a mated man (not the king) to stand on a
        // square, for a mating man (king included) to attack it, and for a
        // mating man but the king to attack it.
        let mut block = [FAR; 64];
        let mut guard = [FAR; 64];
        let mut check = [FAR; 64];
        let mut king = None;
        // The mating men (at most one a square).
        let mut mating_men = [Man::default(); 64];
        let mut count = 0;
        let occupied = pos.occupancy().unwrap_or(Bitboard::FULL);
        for sq in indices(occupied) {
            let Some(c) = pos.piece_at((sq % 8) as u8, (sq / 8) as u8) else {
                continue;
            };
            let white = c.is_ascii_uppercase();
            let kind = match c.to_ascii_lowercase() {
                'k' => KING,
                'q' => 1,
                'r' => 2,
                'b' => 3,
                'n' => 4,
                'p' if white => 5,
                'p' => 6,
                // Not an orthodox man: no bound.
                _ => return true,
            };
            let row = kind * 64 + sq;
            if (mated == Color::White) == white {
                if kind == KING {
                    king = Some(sq);
                } else {
                    min_into(&mut block, &d.reach[row]);
                }
            } else {
                min_into(&mut guard, &d.guard[row]);
                if kind != KING {
                    min_into(&mut check, &d.guard[row]);
                }
                mating_men[count] = Man {
                    row,
                    at: sq,
                    king: kind == KING,
                };
                count += 1;
            }
        }
        let Some(king) = king else {
            return true;
        };
        let mating_men = &mating_men[..count];
        let mating = mating_moves.min(u32::from(FAR - 1)) as u8;
        let kings = &d.reach[king];
        // The squares the king can walk to and a mating man can check on.
        let mated = mated_moves.min(u32::from(FAR - 1)) as u8;
        let mut squares = 0u64;
        for (s, (&walk, &check)) in kings.iter().zip(&check).enumerate() {
            squares |= u64::from(walk <= mated && check <= mating) << s;
        }
        let possible = |s: usize| {
            let walk = u32::from(kings[s]);
            let (flights, n) = flights(s);
            let flights = &flights[..n];
            // Each mating man on its own within the moves left.
            let mut need = walk;
            let mut blocks = [FAR; 8];
            for (i, &f) in flights.iter().enumerate() {
                blocks[i] = block[f];
                if guard[f] > mating {
                    need += u32::from(block[f]);
                    if need > mated_moves {
                        return false;
                    }
                }
            }
            // The mating men share the moves left.
            shared(
                mating_men,
                s,
                flights,
                &blocks[..n],
                walk,
                mated_moves,
                mating,
            )
        };
        let last = self.last.get();
        if squares >> last & 1 == 1 && possible(last) {
            return true;
        }
        let others = Bitboard(squares & !(1u64 << last));
        match indices(others).find(|&s| possible(s)) {
            Some(s) => {
                self.last.set(s);
                true
            }
            None => false,
        }
    }
}

/// The squares next to `s` (the king's flights from it), and how many.
fn flights(s: usize) -> ([usize; 8], usize) {
    let mut out = [0; 8];
    let mut n = 0;
    for f in indices(attacks::king_attacks(Square::new(s as u32))) {
        out[n] = f;
        n += 1;
    }
    (out, n)
}

/// A man of the mating side.
#[derive(Copy, Clone, Default)]
struct Man {
    /// Its row in the [`Distances`] tables.
    row: usize,
    /// Its square.
    at: usize,
    /// Is it the king?
    king: bool,
}

/// The duties of a mate on `s`, as bits: bit `j` guards the `j`-th flight
/// (in the order of [`flights`]), [`CHECK`] checks.
const CHECK: u16 = 1 << 8;

/// What one mating man can do for a mate on `s`, by the moves it is given:
/// level `i` is `moves[i]` moves doing the duties `duties[i]`, the moves
/// rising and the duties growing with them. The first level is the least the
/// man must make (the king stands off the squares next to `s`); a level is
/// kept only where it does more than the one before.
#[derive(Copy, Clone, Default)]
struct Levels {
    moves: [u8; 10],
    duties: [u16; 10],
    len: usize,
}

impl Levels {
    /// Everything the man can do within the moves (its last level).
    fn most(&self) -> u16 {
        self.duties[self.len - 1]
    }
}

/// The most mating men [`shared`] shares the moves among; with more, it
/// stands aside (the square passes).
const MOST_SHARED: usize = 4;

impl Man {
    /// The man's [`Levels`] for a mate on `s` within `mating` moves, or None
    /// when it cannot make its least moves in time (the king cannot stand
    /// off `s`). A man standing on `s` moves away (or is taken) first. The
    /// king never checks and ends two steps or more from `s`, so it guards a
    /// flight from such a square only.
    fn levels(&self, s: usize, flights: &[usize], mating: u8) -> Option<Levels> {
        let d = distances();
        // The moves to each duty: the flights, then the check.
        let mut costs = [FAR; 9];
        let base;
        if self.king {
            base = 2u8.saturating_sub(d.reach[KING * 64 + self.at][s]);
            costs[..8].copy_from_slice(&d.king_guard[self.at * 64 + s]);
        } else {
            base = 0;
            let guard = &d.guard[self.row];
            let away = u8::from(self.at == s);
            for (cost, &f) in costs.iter_mut().zip(flights) {
                *cost = guard[f].max(away);
            }
            costs[8] = guard[s].max(away);
        }
        if base > mating {
            return None;
        }
        let done = |moves: u8| {
            costs
                .iter()
                .enumerate()
                .filter(|&(j, &c)| c <= moves && (j == 8 || j < flights.len()))
                .fold(0u16, |bits, (j, _)| bits | 1 << j)
        };
        let mut levels = Levels::default();
        // The moves past the dearest duty within reach buy nothing more.
        let top = costs
            .iter()
            .copied()
            .filter(|&c| c <= mating)
            .max()
            .unwrap_or(0)
            .max(base);
        for moves in base..=top {
            let duties = done(moves);
            if levels.len == 0 || duties != levels.duties[levels.len - 1] {
                levels.moves[levels.len] = moves;
                levels.duties[levels.len] = duties;
                levels.len += 1;
            }
        }
        Some(levels)
    }
}

/// Can the mating men, sharing `mating` moves, check the king on `s` and guard
/// the `flights` the mated side does not block (at the cost of `blocks`, one
/// a flight), with the king's `walk` and the blocks within `mated_moves`?
/// Each mating man makes some of the moves and in the end does every duty its
/// moves reach; a man's share need only be one of its [`Levels`] (a share
/// between two levels does what the lower one does), so those are tried.
fn shared(
    men: &[Man],
    s: usize,
    flights: &[usize],
    blocks: &[u8],
    walk: u32,
    mated_moves: u32,
    mating: u8,
) -> bool {
    // The men with a duty within reach, or a king that must step aside: the
    // others cannot help.
    let mut helpers = [Levels::default(); MOST_SHARED];
    let mut count = 0;
    for man in men {
        let Some(levels) = man.levels(s, flights, mating) else {
            return false;
        };
        if levels.moves[0] > 0 || levels.most() != 0 {
            if count == MOST_SHARED {
                return true;
            }
            helpers[count] = levels;
            count += 1;
        }
    }
    // What the men from each index on can do at most, moves aside: a
    // sharing that fails even so is not tried further.
    let mut rest = [0u16; MOST_SHARED + 1];
    for i in (0..count).rev() {
        rest[i] = rest[i + 1] | helpers[i].most();
    }
    let room = Room {
        men: &helpers[..count],
        rest: &rest,
        blocks,
        all: (1u16 << flights.len()) - 1,
        walk,
        mated_moves,
    };
    room.fits(0, mating, 0)
}

/// One square's sharing problem (see [`shared`]).
struct Room<'a> {
    men: &'a [Levels],
    /// `rest[i]`: the duties the men from `i` on can do at most.
    rest: &'a [u16],
    blocks: &'a [u8],
    /// Every flight's bit.
    all: u16,
    walk: u32,
    mated_moves: u32,
}

impl Room<'_> {
    /// Can the men from `i` on, with `left` moves to share, complete the
    /// duties `done` by the men before them?
    fn fits(&self, i: usize, left: u8, done: u16) -> bool {
        if !self.enough(done | self.rest[i]) {
            return false;
        }
        let Some(man) = self.men.get(i) else {
            return true;
        };
        let mut before = None;
        for (&moves, &duties) in man.moves[..man.len].iter().zip(&man.duties) {
            if moves > left {
                break;
            }
            // A dearer level that adds nothing new to `done` is no better.
            let with = done | duties;
            if before == Some(with) {
                continue;
            }
            before = Some(with);
            if self.fits(i + 1, left - moves, with) {
                return true;
            }
        }
        false
    }

    /// Do the duties `done` check, and can the mated side block the flights
    /// left unguarded in time?
    fn enough(&self, done: u16) -> bool {
        if done & CHECK == 0 {
            return false;
        }
        let mut need = self.walk;
        let mut open = self.all & !done;
        while open != 0 {
            need += u32::from(self.blocks[open.trailing_zeros() as usize]);
            if need > self.mated_moves {
                return false;
            }
            open &= open - 1;
        }
        true
    }
}

/// `into[i] = min(into[i], from[i])`.
#[inline]
fn min_into(into: &mut [u8; 64], from: &[u8; 64]) {
    for (a, &b) in into.iter_mut().zip(from) {
        *a = (*a).min(b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    fn sq(name: &str) -> usize {
        let b = name.as_bytes();
        usize::from(b[1] - b'1') * 8 + usize::from(b[0] - b'a')
    }

    #[test]
    fn the_empty_board_distances() {
        let d = distances();
        // A knight from a1 to h8: 6 moves; a bishop never changes colour.
        assert_eq!(d.reach[4 * 64 + sq("a1")][sq("h8")], 6);
        assert_eq!(d.reach[3 * 64 + sq("a1")][sq("a2")], FAR);
        // A white pawn on e2: e4 in one, d8 (promoting) in five.
        assert_eq!(d.reach[5 * 64 + sq("e2")][sq("e4")], 1);
        assert_eq!(d.reach[5 * 64 + sq("e2")][sq("d8")], 5);
        // Back on e1 only as the piece it promoted to: e8 in five, then one.
        assert_eq!(d.reach[5 * 64 + sq("e2")][sq("e1")], 6);
        // It attacks f3 at once, and f5 after one move (e2-e4).
        assert_eq!(d.guard[5 * 64 + sq("e2")][sq("f3")], 0);
        assert_eq!(d.guard[5 * 64 + sq("e2")][sq("f5")], 1);
        // A black pawn goes down the board.
        assert_eq!(d.reach[6 * 64 + sq("e7")][sq("e5")], 1);
        // A rook attacks any square in at most one move, never its own.
        assert_eq!(d.guard[2 * 64 + sq("a1")][sq("h8")], 1);
        assert_eq!(d.guard[2 * 64 + sq("a1")][sq("a1")], 1);
    }

    #[test]
    fn a_lone_king_far_from_the_mating_men_cannot_be_mated_soon() {
        // White's king and knight against a black king in the corner: no
        // mate in two of White's moves (a knight and king alone cannot mate a
        // lone king at all, but the bound only counts moves).
        let pos = Position::from_fen("7k/8/8/8/8/8/8/N3K3 w - - 0 1").unwrap();
        let reach = MateReach::new(&pos).unwrap();
        assert!(!reach.possible(&pos, Color::Black, 1, 2));
        // A rook on the seventh with the king near: a mate is in reach.
        let pos = Position::from_fen("7k/R7/6K1/8/8/8/8/8 w - - 0 1").unwrap();
        assert!(
            MateReach::new(&pos)
                .unwrap()
                .possible(&pos, Color::Black, 0, 1)
        );
        // With castling rights the test stands aside.
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert!(MateReach::new(&pos).is_none());
    }
}

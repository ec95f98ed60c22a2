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
//! The mating men also share the `w` moves: each piece ends on one square it
//! reaches in its share and does the duties (check, guards) it attacks from
//! there on an empty board, never from `s` itself, the king from two steps
//! or more away; a man may also be taken (it does nothing); a pawn, which may
//! promote on the way, does every duty its share reaches on its own.
//!
//! When no square is possible, no line from here ends in mate: the search
//! cuts it. Every relaxation (empty board, men that may be captured meanwhile,
//! checks that could be parried) only lets more squares pass, so nothing is
//! ever cut that could mate.
//!
//! Applied only where the moves are known: the orthodox engine
//! ([`Board::orthodox`]), and only when neither side may castle (castling moves
//! two men at once, a king in Chess960 far). Elsewhere every line is searched.

use std::cell::{Cell, RefCell};
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
        Distances { reach, guard }
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
    /// What the test keeps between calls.
    scratch: RefCell<Scratch>,
}

/// The memory of [`MateReach`].
#[derive(Clone, Debug)]
struct Scratch {
    /// Each mating man's [`Options`] by king square, kind and square
    /// (`(s * KINDS + kind) * 64 + at`: one king square's together, as the
    /// test asks for one square's men at a time), computed when first asked
    /// for: a move changes one man's, so the searches ask for the same again
    /// and again.
    options: Vec<Option<Options>>,
    /// The sharings that failed for the square being tried.
    failed: Failed,
}

/// The sharings known to fail, for the square being tried: by the man next
/// to take his share and the duties done before him, the most moves left
/// with which the rest failed. An entry counts only when its stamp is the
/// square's, so nothing is cleared between squares.
#[derive(Clone, Debug)]
struct Failed {
    stamp: u32,
    /// `entries[i * 512 + done]`: `stamp << 8 | moves`.
    entries: Vec<u32>,
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
        (castling == "-").then(|| MateReach {
            last: Cell::new(0),
            scratch: RefCell::new(Scratch {
                options: Vec::new(),
                failed: Failed {
                    stamp: 0,
                    entries: vec![0; (MOST_SHARED + 1) * 512],
                },
            }),
        })
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
                mating_men[count] = Man { kind, at: sq };
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
        let mut scratch = self.scratch.borrow_mut();
        if scratch.options.is_empty() {
            scratch.options.resize(KINDS * 64 * 64, None);
        }
        let mut possible = |s: usize| {
            let walk = u32::from(kings[s]);
            let (flights, n) = flights(s);
            let (flights, n) = (&flights[..*n], *n);
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
                &mut scratch,
                mating_men,
                s,
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

/// The squares next to `s` (the king's flights from it), and how many: a
/// table made once, as the test asks for them at every square it tries.
fn flights(s: usize) -> &'static ([usize; 8], usize) {
    static FLIGHTS: OnceLock<Vec<([usize; 8], usize)>> = OnceLock::new();
    &FLIGHTS.get_or_init(|| {
        (0..64)
            .map(|s| {
                let mut out = [0; 8];
                let mut n = 0;
                for f in indices(attacks::king_attacks(Square::new(s as u32))) {
                    out[n] = f;
                    n += 1;
                }
                (out, n)
            })
            .collect()
    })[s]
}

/// A man of the mating side.
#[derive(Copy, Clone, Default)]
struct Man {
    /// Its kind (index in the [`Distances`] tables).
    kind: usize,
    /// Its square.
    at: usize,
}

/// The duties of a mate on `s`, as bits: bit `j` guards the `j`-th flight
/// (in the order of [`flights`]), [`CHECK`] checks.
const CHECK: u16 = 1 << 8;

/// The most [`Options`] kept for one man.
const MOST_OPTIONS: usize = 32;

/// What one mating man can do for a mate on `s`: option `i` is `moves[i]`
/// moves doing the duties `duties[i]`, the moves rising. An option that does
/// no more than a cheaper one is left out.
#[derive(Copy, Clone, Debug)]
struct Options {
    moves: [u8; MOST_OPTIONS],
    duties: [u16; MOST_OPTIONS],
    len: usize,
}

/// No option at all.
const EMPTY: Options = Options {
    moves: [0; MOST_OPTIONS],
    duties: [0; MOST_OPTIONS],
    len: 0,
};

impl Default for Options {
    fn default() -> Options {
        EMPTY
    }
}

impl Options {
    /// Everything the man can do within `moves`, one option or another.
    fn most(&self, moves: u8) -> u16 {
        self.moves[..self.len]
            .iter()
            .zip(&self.duties)
            .take_while(|&(&m, _)| m <= moves)
            .fold(0, |all, (_, &d)| all | d)
    }

    /// Adds the candidates `(moves, duties)`, each pair as `moves << 16 |
    /// duties`, keeping the cheapest of each and none that a cheaper one
    /// covers; false when there are too many to keep (the man then counts as
    /// able to do everything).
    fn from_candidates(candidates: &mut [u32]) -> Option<Options> {
        candidates.sort_unstable();
        let mut out = Options::default();
        for &c in candidates.iter() {
            let (moves, duties) = ((c >> 16) as u8, c as u16);
            if out.duties[..out.len].iter().any(|&d| d & duties == duties) {
                continue;
            }
            if out.len == MOST_OPTIONS {
                return None;
            }
            out.moves[out.len] = moves;
            out.duties[out.len] = duties;
            out.len += 1;
        }
        Some(out)
    }
}

/// The most mating men [`shared`] shares the moves among; with more, it
/// stands aside (the square passes).
const MOST_SHARED: usize = 6;

impl Man {
    /// The man's [`Options`] for a mate on `s` (none for a king that has
    /// nowhere to stand: never on an empty board). A piece ends on one square, so it does the
    /// duties attacked from there (on an empty board), and costs the moves
    /// there; never on `s` (the mated king's). A pawn (which may promote on the
    /// way) is counted more loosely: with some moves it does every duty
    /// within that many moves.
    fn options(&self, s: usize, flights: Bitboard) -> Options {
        let d = distances();
        let row = self.kind * 64 + self.at;
        // The bit of a duty square: its flight's index, or the check.
        let bit = |sq: usize| -> u16 {
            if sq == s {
                CHECK
            } else {
                1 << (flights.0 & ((1u64 << sq) - 1)).count_ones()
            }
        };
        let square = Square::new(s as u32);
        let mut candidates = [0u32; 64];
        let mut n = 0;
        if self.kind >= 5 {
            // A pawn: every duty it can reach within each number of moves.
            let away = u8::from(self.at == s);
            let mut costs = [FAR; 9];
            let mut bits = [0u16; 9];
            for (j, sq) in indices(flights | square.bitboard()).enumerate() {
                costs[j] = d.guard[row][sq].max(away);
                bits[j] = bit(sq);
            }
            // Past the dearest duty in reach more moves do nothing more.
            let top = costs
                .iter()
                .copied()
                .filter(|&c| c < FAR)
                .max()
                .unwrap_or(0);
            for moves in 0..=top {
                let duties = costs
                    .iter()
                    .zip(&bits)
                    .filter(|&(&c, _)| c <= moves)
                    .fold(0u16, |all, (_, &b)| all | b);
                candidates[n] = u32::from(moves) << 16 | u32::from(duties);
                n += 1;
                if n == candidates.len() {
                    break;
                }
            }
        } else {
            let duty_squares = if self.kind == KING {
                flights
            } else {
                flights | square.bitboard()
            };
            // The squares it may end on: the king two steps or more from `s`.
            let mut ends = !square.bitboard();
            if self.kind == KING {
                ends &= !attacks::king_attacks(square);
            }
            // Taken meanwhile (not the king): nothing done, nothing spent.
            if self.kind != KING {
                candidates[n] = 0;
                n += 1;
            }
            let reach = &d.reach[row];
            for t in indices(ends) {
                let moves = reach[t];
                if moves == FAR {
                    continue;
                }
                let duties = indices(piece_steps(self.kind, t) & duty_squares)
                    .fold(0u16, |all, sq| all | bit(sq));
                candidates[n] = u32::from(moves) << 16 | u32::from(duties);
                n += 1;
            }
        }
        Options::from_candidates(&mut candidates[..n]).unwrap_or_else(|| {
            // Too many to keep: the cheapest move count does everything.
            let mut all = Options::default();
            all.moves[0] = candidates[..n]
                .iter()
                .map(|&c| (c >> 16) as u8)
                .min()
                .unwrap_or(0);
            all.duties[0] = ((1u16 << flights.0.count_ones()) - 1) | CHECK;
            all.len = 1;
            all
        })
    }
}

/// Can the mating men, sharing `mating` moves, check the king on `s` and guard
/// the flights the mated side does not block (at the cost of `blocks`, one
/// a flight, in the order of [`flights`]), with the king's `walk` and the blocks within `mated_moves`?
/// Each mating man takes one of its [`Options`].
fn shared(
    scratch: &mut Scratch,
    men: &[Man],
    s: usize,
    blocks: &[u8],
    walk: u32,
    mated_moves: u32,
    mating: u8,
) -> bool {
    let flight_squares = attacks::king_attacks(Square::new(s as u32));
    // The men with a duty within reach, or a king that must step aside: the
    // others cannot help.
    let Scratch { options, failed } = scratch;
    // The men's options are computed first, then borrowed (not copied).
    let mut rows = [0usize; MOST_SHARED];
    let mut count = 0;
    for man in men {
        let row = (s * KINDS + man.kind) * 64 + man.at;
        let options = options[row].get_or_insert_with(|| man.options(s, flight_squares));
        if options.len == 0 || options.moves[0] > mating {
            return false;
        }
        if options.moves[0] > 0 || options.most(mating) != 0 {
            if count == MOST_SHARED {
                return true;
            }
            rows[count] = row;
            count += 1;
        }
    }
    let mut helpers = [&EMPTY; MOST_SHARED];
    for (helper, &row) in helpers.iter_mut().zip(&rows[..count]) {
        *helper = options[row].as_ref().unwrap_or(&EMPTY);
    }
    // The fewest moves the men from each index on make: a sharing with fewer
    // left is not tried further.
    let mut least = [0u8; MOST_SHARED + 1];
    for i in (0..count).rev() {
        least[i] = least[i + 1].saturating_add(helpers[i].moves[0]);
    }
    // A new stamp: the failures of other squares no longer count.
    failed.stamp = failed.stamp.wrapping_add(1) & 0x00ff_ffff;
    if failed.stamp == 0 {
        failed.entries.fill(0);
        failed.stamp = 1;
    }
    let mut room = Room {
        men: &helpers[..count],
        failed,
        least: &least,
        blocks,
        all: (1u16 << blocks.len()) - 1,
        walk,
        mated_moves,
    };
    room.fits(0, mating, 0)
}

/// One square's sharing problem (see [`shared`]).
struct Room<'a> {
    men: &'a [&'a Options],
    failed: &'a mut Failed,
    /// `least[i]`: the fewest moves the men from `i` on make.
    least: &'a [u8],
    blocks: &'a [u8],
    /// Every flight's bit.
    all: u16,
    walk: u32,
    mated_moves: u32,
}

impl Room<'_> {
    /// Can the men from `i` on, with `left` moves to share, complete the
    /// duties `done` by the men before them?
    fn fits(&mut self, i: usize, left: u8, done: u16) -> bool {
        if self.least[i] > left {
            return false;
        }
        // What the men left can do at most, each on its own with every move
        // left: a sharing that fails even so is not tried further.
        let most = self.men[i..]
            .iter()
            .fold(done, |all, man| all | man.most(left));
        if !self.enough(most) {
            return false;
        }
        if i == self.men.len() {
            return true;
        }
        // Failed before with as many moves or more?
        let entry = i * 512 + usize::from(done);
        let known = self.failed.entries[entry];
        if known >> 8 == self.failed.stamp && (known & 0xff) as u8 >= left {
            return false;
        }
        let man = self.men[i];
        // The duties done with each option tried (bits of a 512-bit set): a
        // dearer option that ends the same is no better.
        let mut tried = [0u64; 8];
        for (&moves, &duties) in man.moves[..man.len].iter().zip(&man.duties) {
            if moves > left {
                break;
            }
            let with = done | duties;
            let (word, bit) = (usize::from(with >> 6), with & 63);
            if tried[word] >> bit & 1 == 1 {
                continue;
            }
            tried[word] |= 1 << bit;
            if self.fits(i + 1, left - moves, with) {
                return true;
            }
        }
        self.failed.entries[entry] = self.failed.stamp << 8 | u32::from(left);
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

    #[test]
    fn a_piece_guards_from_the_one_square_it_ends_on() {
        // Each of five rooks alone can give the check or guard any flight of
        // the cornered king in one move, but from no one square all four (the
        // check and g8, g7, h7): no mate in one. Two moves do (Rd7 and Rb8).
        let pos = Position::from_fen("7k/8/8/4R3/3R4/2R5/1R6/R1K5 w - - 0 1").unwrap();
        let reach = MateReach::new(&pos).unwrap();
        assert!(!reach.possible(&pos, Color::Black, 0, 1));
        assert!(reach.possible(&pos, Color::Black, 0, 2));
    }
}

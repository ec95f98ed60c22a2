//! The fast path: how many squares a piece reaches from every square, its groups,
//! strength and mobility string (seed 002), and the designers' extras.
//!
//! Why it is fast: every direction `(dr, dk)` is a multiple `m · (a, b)` of a
//! primitive direction `(a, b)` with `gcd(|a|, |b|) = 1`. Two different primitive
//! directions never reach the same square from the same square, and along one
//! primitive direction the piece reaches the multiples `t · (a, b)` in a fixed set
//! that does not depend on the square: only the board edge, the largest `T` with
//! `T · (a, b)` on the board, does. So a piece compiles into one bit mask of
//! reachable multiples per primitive direction, and the count from a square is a
//! sum of `popcount(mask & low_bits(T))`, without walking or deduplicating.

use core::fmt;
use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{Board, Piece};

/// One primitive direction `(a, b)` and what the piece does along it.
#[derive(Clone, Debug)]
struct Line {
    a: i32,
    b: i32,
    /// Bit `t` set: the piece reaches `t · (a, b)` (given room on the board).
    mask: u32,
    /// Multiples reached by a single leap (never blocked on a crowded board).
    leaps: u32,
    /// Riders along this line: `(multiplier, maximum steps)`, one per multiplier.
    riders: Vec<(u32, u32)>,
}

/// The longest line on a board of at most 26 × 26 has 25 steps, so masks of
/// multiples `1..=25` fit in a `u32`.
const MAX_STEPS: u32 = 25;

/// A piece compiled for one board: its directions grouped by primitive direction.
#[derive(Clone, Debug)]
struct Compiled {
    lines: Vec<Line>,
}

impl Compiled {
    fn new(piece: &Piece, board: Board) -> Compiled {
        let mut lines: Vec<Line> = Vec::new();
        let steps = piece.once().map(|d| (d, None)).chain(
            piece
                .repeated()
                .map(|(d, range)| (d, Some(range.unwrap_or(u32::MAX)))),
        );
        for (d, rider_range) in steps {
            let (dr, dk) = (d.dr().unsigned_abs(), d.dk().unsigned_abs());
            // A step at least as long as the board reaches nothing: skipping it
            // here keeps everything below in small numbers (no overflow).
            if dr >= u64::from(board.ranks()) || dk >= u64::from(board.files()) {
                continue;
            }
            let m = gcd(dr, dk); // ≥ 1: not both zero
            let a = (d.dr() / m as i64) as i32;
            let b = (d.dk() / m as i64) as i32;
            let m = m as u32;
            let index = match lines.iter().position(|l| l.a == a && l.b == b) {
                Some(i) => i,
                None => {
                    lines.push(Line {
                        a,
                        b,
                        mask: 0,
                        leaps: 0,
                        riders: Vec::new(),
                    });
                    lines.len() - 1
                }
            };
            let line = &mut lines[index];
            match rider_range {
                None => {
                    line.mask |= 1 << m;
                    line.leaps |= 1 << m;
                }
                Some(range) => {
                    let mut t = m;
                    let mut taken = 0;
                    while t <= MAX_STEPS && taken < range {
                        line.mask |= 1 << t;
                        t += m;
                        taken += 1;
                    }
                    match line.riders.iter_mut().find(|(rm, _)| *rm == m) {
                        Some(rider) => rider.1 = rider.1.max(range),
                        None => line.riders.push((m, range)),
                    }
                }
            }
        }
        Compiled { lines }
    }

    /// The largest `T` with `(r, k) + T · (a, b)` on the board.
    #[inline]
    fn room(board: Board, r: u8, k: u8, a: i32, b: i32) -> u32 {
        Compiled::axis(r, a, board.ranks()).min(Compiled::axis(k, b, board.files()))
    }

    /// The largest `T` with `pos + T · step` in `0..size` (at most [`MAX_STEPS`]).
    #[inline]
    fn axis(pos: u8, step: i32, size: u8) -> u32 {
        match step {
            0 => MAX_STEPS,
            s if s > 0 => u32::from(size - 1 - pos) / s as u32,
            s => u32::from(pos) / s.unsigned_abs(),
        }
    }
}

#[inline]
fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Bits `1..=t`.
#[inline]
const fn up_to(t: u32) -> u32 {
    (2u32 << t) - 2
}

/// Moves from all squares split by White's point of view: forward is towards
/// rank 8 (`dr < 0`), sideways along the rank, backward towards rank 1.
///
/// ```
/// use kibitz::mobility::{Board, Piece};
/// let split = Piece::from_betza("fW")?.analyse(Board::STANDARD).split();
/// assert_eq!((split.forward, split.sideways, split.backward), (56, 0, 0));
/// # Ok::<(), kibitz::mobility::BetzaError>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Split {
    /// Moves towards rank 8.
    pub forward: u64,
    /// Moves along the rank.
    pub sideways: u64,
    /// Moves towards rank 1.
    pub backward: u64,
}

/// The mobility of a piece on an empty board: the per-square map and everything
/// the seed derives from it.
///
/// ```
/// use kibitz::mobility::{Board, Piece};
/// let bishop = Piece::named("bishop")?.analyse(Board::STANDARD);
/// assert_eq!(bishop.strength(), 560);
/// assert_eq!(bishop.mobility(), "28 × 7 + 20 × 9 + 12 × 11 + 4 × 13");
/// assert_eq!(bishop.average(), 8.75);
/// assert_eq!(bishop.count((4, 3)), Some(13)); // d4
/// # Ok::<(), kibitz::mobility::PieceError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    board: Board,
    counts: Vec<u32>,
    split: Split,
}

impl Piece {
    /// Counts the squares the piece reaches from every square of `board`.
    pub fn analyse(&self, board: Board) -> Analysis {
        let compiled = Compiled::new(self, board);
        let mut counts = vec![0u32; board.len()];
        let mut split = Split::default();
        let files = usize::from(board.files());
        for line in &compiled.lines {
            // room(r, k) is the smaller of a row room and a column room, and
            // mask & up_to(min(x, y)) = (mask & up_to(x)) & up_to(y): one table
            // per axis, no division in the loop over squares.
            let mut by_column = [0u32; Board::MAX_FILES as usize];
            for (k, bits) in (0u8..).zip(by_column.iter_mut().take(files)) {
                *bits = up_to(Compiled::axis(k, line.b, board.files()));
            }
            let mut total = 0u64;
            for (r, row) in (0u8..).zip(counts.chunks_exact_mut(files)) {
                let row_bits = line.mask & up_to(Compiled::axis(r, line.a, board.ranks()));
                for (count, &column_bits) in row.iter_mut().zip(&by_column) {
                    let n = (row_bits & column_bits).count_ones();
                    *count += n;
                    total += u64::from(n);
                }
            }
            match line.a {
                a if a < 0 => split.forward += total,
                0 => split.sideways += total,
                _ => split.backward += total,
            }
        }
        Analysis {
            board,
            counts,
            split,
        }
    }

    /// The expected number of squares attacked from a square, summed over all
    /// squares, when every other square is empty with probability `p`
    /// (independently): a leap always counts 1, a rider's `k`-th square counts
    /// `p^(k-1)`. Where several riders reach the same square along one line, the
    /// square counts the probability that at least one of their paths is empty
    /// (inclusion–exclusion over the paths), so the value stays an exact expectation.
    ///
    /// ```
    /// use kibitz::mobility::{Board, Piece};
    /// let board = Board::STANDARD;
    /// let knight = Piece::named("knight")?;
    /// assert_eq!(knight.crowded(board, 0.7)?, 336.0); // leaps are never blocked
    /// let rook = Piece::named("rook")?;
    /// assert!((rook.crowded(board, 1.0)? - 896.0).abs() < 1e-9);
    /// assert!(rook.crowded(board, 2.0).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn crowded(&self, board: Board, p: f64) -> Result<f64, ProbabilityError> {
        if !(0.0..=1.0).contains(&p) {
            return Err(ProbabilityError { p });
        }
        let compiled = Compiled::new(self, board);
        let mut total = 0.0;
        for line in &compiled.lines {
            // prefix[t]: expected squares attacked along this line with room t.
            let mut prefix = [0.0f64; MAX_STEPS as usize + 1];
            for t in 1..=MAX_STEPS {
                prefix[t as usize] = prefix[t as usize - 1] + attacked(line, t, p);
            }
            for r in 0..board.ranks() {
                for k in 0..board.files() {
                    total += prefix[Compiled::room(board, r, k, line.a, line.b) as usize];
                }
            }
        }
        Ok(total)
    }
}

/// The probability that multiple `t` of a line is attacked.
fn attacked(line: &Line, t: u32, p: f64) -> f64 {
    if line.mask & (1 << t) == 0 {
        return 0.0;
    }
    if line.leaps & (1 << t) != 0 {
        return 1.0;
    }
    // The squares each rider must find empty on its way to t.
    let paths: Vec<u32> = line
        .riders
        .iter()
        .filter(|&&(m, range)| t.is_multiple_of(m) && t / m <= range)
        .map(|&(m, _)| (m..t).step_by(m as usize).fold(0u32, |acc, s| acc | 1 << s))
        .collect();
    // At most the number of divisors of t ≤ 25, i.e. 8 paths and 255 subsets.
    let mut probability = 0.0;
    for subset in 1u32..(1 << paths.len()) {
        let union = (0..paths.len())
            .filter(|i| subset & (1 << i) != 0)
            .fold(0u32, |acc, i| acc | paths[i]);
        let sign = if subset.count_ones() % 2 == 1 {
            1.0
        } else {
            -1.0
        };
        probability += sign * p.powi(union.count_ones() as i32);
    }
    probability
}

/// A probability outside `0..=1`.
///
/// ```
/// use kibitz::mobility::{Board, Piece};
/// let err = Piece::named("rook")?.crowded(Board::STANDARD, 1.5).unwrap_err();
/// assert_eq!(err.to_string(), "probability 1.5 is outside 0 to 1");
/// # Ok::<(), kibitz::mobility::PieceError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ProbabilityError {
    p: f64,
}

impl fmt::Display for ProbabilityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "probability {} is outside 0 to 1", self.p)
    }
}

impl std::error::Error for ProbabilityError {}

impl Analysis {
    /// The board analysed.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The per-square map: how many other squares the piece reaches from each
    /// square, row-major from the top-left corner (index [`Board::index`]).
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }

    /// The count at `(r, k)`, or `None` off the board.
    pub fn count(&self, (r, k): (u8, u8)) -> Option<u32> {
        self.board
            .contains(r.into(), k.into())
            .then(|| self.counts[self.board.index((r, k))])
    }

    /// The seed's `group_size`: number of reachable squares → number of squares in
    /// that group, ascending. A group of 0 (squares the piece cannot leave) is kept.
    ///
    /// ```
    /// use kibitz::mobility::{Board, Piece};
    /// let groups = Piece::named("knight")?.analyse(Board::STANDARD).group_size();
    /// assert_eq!(groups.into_iter().collect::<Vec<_>>(), [(2, 4), (3, 8), (4, 20), (6, 16), (8, 16)]);
    /// # Ok::<(), kibitz::mobility::PieceError>(())
    /// ```
    pub fn group_size(&self) -> BTreeMap<u32, u32> {
        // A count is below the number of squares: a dense histogram first, then
        // only the groups that occur (a map entry per square is ten times slower).
        let mut histogram = vec![0u32; self.board.len()];
        for &count in &self.counts {
            histogram[count as usize] += 1;
        }
        (0u32..)
            .zip(histogram)
            .filter(|&(_, size)| size > 0)
            .collect()
    }

    /// The strength: the sum of the counts over all squares.
    pub fn strength(&self) -> u64 {
        self.counts.iter().map(|&c| u64::from(c)).sum()
    }

    /// The average mobility: strength per square.
    pub fn average(&self) -> f64 {
        self.strength() as f64 / self.board.len() as f64
    }

    /// The seed's mobility string: `size × count` per group, ascending in the
    /// count, joined by ` + ` (the sign is `×`, U+00D7).
    pub fn mobility(&self) -> String {
        let mut text = String::new();
        for (i, (count, size)) in self.group_size().into_iter().enumerate() {
            if i > 0 {
                text.push_str(" + ");
            }
            // Writing to a String cannot fail.
            let _ = write!(text, "{size} × {count}");
        }
        text
    }

    /// Moves split into forward, sideways and backward (White's point of view).
    pub fn split(&self) -> Split {
        self.split
    }
}

/// Facts about where the piece can go in several moves.
impl Piece {
    /// Is every move of the piece on `board` to a square of the same colour (and
    /// has it a move at all)? True for the bishop, ferz, alfil; false for the
    /// knight and for a piece that cannot move.
    ///
    /// ```
    /// use kibitz::mobility::{Board, Piece};
    /// assert!(Piece::named("bishop")?.colour_bound(Board::STANDARD));
    /// assert!(!Piece::named("knight")?.colour_bound(Board::STANDARD));
    /// # Ok::<(), kibitz::mobility::PieceError>(())
    /// ```
    pub fn colour_bound(&self, board: Board) -> bool {
        let effective: Vec<_> = self
            .once()
            .chain(self.repeated().map(|(d, _)| d))
            .filter(|d| {
                d.dr().unsigned_abs() < u64::from(board.ranks())
                    && d.dk().unsigned_abs() < u64::from(board.files())
            })
            .collect();
        !effective.is_empty() && effective.iter().all(|d| (d.dr() + d.dk()) % 2 == 0)
    }

    /// Can the piece, in any number of moves, go from every square of `board` to
    /// every other square? (The rook and knight can on 8 × 8; the bishop, the
    /// dabbaba and a forward-only piece cannot.)
    ///
    /// ```
    /// use kibitz::mobility::{Board, Piece};
    /// assert!(Piece::named("knight")?.reaches_every_square(Board::STANDARD));
    /// assert!(!Piece::named("dabbaba")?.reaches_every_square(Board::STANDARD));
    /// # Ok::<(), kibitz::mobility::PieceError>(())
    /// ```
    pub fn reaches_every_square(&self, board: Board) -> bool {
        // Strongly connected: square 0 reaches every square, and every square
        // reaches square 0 — that is, square 0 reaches every square when each
        // direction is turned around (the board is a rectangle, so a move's path
        // is on it whichever way it is walked). One search each way over a single
        // visited set, walking the directions as `Piece::targets` does: no move
        // lists are built, which on 26 × 26 was a list per square.
        let steps: Vec<((i64, i64), Option<u32>)> = self
            .once()
            .map(|d| (d, Some(1)))
            .chain(self.repeated())
            .map(|(d, range)| ((d.dr(), d.dk()), range))
            .collect();
        let reaches_all = |turned: bool| {
            let n = board.len();
            let mut seen = vec![false; n];
            seen[0] = true;
            let mut found = 1;
            let mut stack = vec![0usize];
            while let Some(at) = stack.pop() {
                let (r0, k0) = board.coordinates(at);
                for &((dr, dk), range) in &steps {
                    let (dr, dk) = if turned {
                        // A direction too long to negate cannot move on any board.
                        match (dr.checked_neg(), dk.checked_neg()) {
                            (Some(r), Some(k)) => (r, k),
                            _ => continue,
                        }
                    } else {
                        (dr, dk)
                    };
                    let (mut r, mut k) = (i64::from(r0), i64::from(k0));
                    let mut taken = 0u32;
                    while range.is_none_or(|limit| taken < limit) {
                        match (r.checked_add(dr), k.checked_add(dk)) {
                            (Some(nr), Some(nk)) if board.contains(nr, nk) => (r, k) = (nr, nk),
                            _ => break,
                        }
                        taken += 1;
                        let to = board.index((r as u8, k as u8));
                        if !seen[to] {
                            seen[to] = true;
                            found += 1;
                            stack.push(to);
                        }
                    }
                }
            }
            found == n
        };
        // A piece that moves every way it can move back (the usual kind) has the
        // same graph turned around: one search settles it.
        let symmetric = steps.iter().all(|&((dr, dk), range)| {
            matches!((dr.checked_neg(), dk.checked_neg()), (Some(r), Some(k)) if steps.contains(&((r, k), range)))
        });
        reaches_all(false) && (symmetric || reaches_all(true))
    }
}

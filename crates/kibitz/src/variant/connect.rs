//! Connection goals, as Fairy-Stockfish plays them (`connectN`,
//! `connectNxN`, `collinearN`, `connectRegion1White`…, with
//! `connectHorizontal`, `connectVertical`, `connectDiagonal`,
//! `connectPieceTypes` and `connectValue`; its `Position::is_immediate_game_end`):
//!
//! - **a row** (`connectN`): N pieces side by side along a line — tic-tac-toe,
//!   Connect Four, Picaria;
//! - **a square** (`connectNxN`): an N × N block of pieces — Teeko;
//! - **a line with gaps** (`collinearN`): N pieces anywhere on one line — the
//!   Three Musketeers, whose musketeers lose so (`connectValue = loss`);
//! - **two regions joined** (`connectRegion1White`, `connectRegion2White`…):
//!   a chain of pieces from a square of the first region to one of the
//!   second. As in Fairy-Stockfish, the chain grows only east, north,
//!   north-east and south-east (the lines' forward steps) from the first.
//!
//! Only the side that has just moved is looked at, and only its pieces of the
//! connecting types. The lines are the ranks (`connectHorizontal`), the files
//! (`connectVertical`) and both diagonals (`connectDiagonal`). A connection
//! ends the game ([`VariantOutcome::Connect`](super::VariantOutcome)) with
//! `connectValue` for the side that made it: a win unless the variant says
//! otherwise.
//!
//! ```
//! use kibitz::variant::{ini::VariantsIni, GameValue, VariantOutcome, VariantPosition};
//! let text = "[ttt]\nmaxRank = 3\nmaxFile = 3\nimmobile = p\npieceDrops = true\n\
//!             startFen = 3/3/3[PPPPPpppp] w - - 0 1\ncastling = false\n\
//!             doubleStep = false\nstalemateValue = draw\nconnectN = 3\n";
//! let ttt = VariantsIni::read(text)?.find("ttt")?;
//! let mut pos = VariantPosition::startpos(&ttt);
//! for uci in ["P@a1", "P@a2", "P@b1", "P@b2"] {
//!     pos.play_uci(uci)?;
//! }
//! assert_eq!(pos.outcome(), None);
//! pos.play_uci("P@c1")?; // a1 b1 c1: White's row of three
//! assert_eq!(pos.outcome(), Some(VariantOutcome::Connect(GameValue::Loss)));
//! assert!(pos.legal_moves().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::board::{BoardSize, Sq, WideBitboard};
use super::ini_values::{boolean, game_value, number};
use super::regions::parse_region;
use super::rules::{Connect, GameValue, PieceDef, Rules};
use super::state::{State, type_of};

impl Default for Connect {
    fn default() -> Connect {
        Connect {
            n: 0,
            square: 0,
            collinear: 0,
            horizontal: true,
            vertical: true,
            diagonal: true,
            region1: [WideBitboard::EMPTY; 2],
            region2: [WideBitboard::EMPTY; 2],
            // Fairy-Stockfish's default: every piece.
            letters: vec!['*'],
            value: GameValue::Win,
            types: 0,
        }
    }
}

impl Connect {
    /// Is there a connection goal at all (Fairy-Stockfish looks at the
    /// pieces only then)?
    pub(crate) fn active(&self) -> bool {
        self.n > 0
            || self.square > 0
            || self.collinear > 0
            || self.region1.iter().any(|r| !r.is_empty())
    }

    /// Turns `connectPieceTypes` into type indices of `pieces`; an error names
    /// a letter that is no piece of the variant.
    pub(crate) fn resolve(&mut self, pieces: &[PieceDef]) -> Result<(), String> {
        self.types = 0;
        for &l in &self.letters {
            if l == '*' {
                self.types = u32::MAX;
                continue;
            }
            let t = pieces
                .iter()
                .position(|p| p.letter == l)
                .ok_or_else(|| format!("connectPieceTypes: `{l}` is not a piece of the variant"))?;
            self.types |= 1 << t;
        }
        Ok(())
    }

    /// The steps `(file, rank)` of the lines looked at: east, north,
    /// north-east, south-east (each line once, by its forward step).
    fn lines(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        [
            (self.horizontal, (1, 0)),
            (self.vertical, (0, 1)),
            (self.diagonal, (1, 1)),
            (self.diagonal, (1, -1)),
        ]
        .into_iter()
        .filter(|&(on, _)| on)
        .map(|(_, step)| step)
    }
}

/// The `variants.ini` keys of this module (Fairy-Stockfish's names): `Ok(true)`
/// when `key` is one of them and was applied, `Ok(false)` when it is not one.
pub(crate) fn apply_key(rules: &mut Rules, key: &str, value: &str) -> Result<bool, String> {
    let size = rules.size;
    let c = &mut rules.connect;
    match key {
        "connectN" => c.n = number(value)?,
        "connectNxN" => c.square = number(value)?,
        "collinearN" => c.collinear = number(value)?,
        "connectHorizontal" => c.horizontal = boolean(value)?,
        "connectVertical" => c.vertical = boolean(value)?,
        "connectDiagonal" => c.diagonal = boolean(value)?,
        "connectRegion1White" => c.region1[0] = parse_region(size, value)?,
        "connectRegion2White" => c.region2[0] = parse_region(size, value)?,
        "connectRegion1Black" => c.region1[1] = parse_region(size, value)?,
        "connectRegion2Black" => c.region2[1] = parse_region(size, value)?,
        "connectValue" => c.value = game_value(value)?,
        "connectPieceTypes" => {
            c.letters = value
                .chars()
                .filter(|&ch| ch != '-' && !ch.is_whitespace())
                .map(|ch| {
                    if ch == '*' || ch.is_ascii_alphabetic() {
                        Ok(ch.to_ascii_uppercase())
                    } else {
                        Err(format!("`{value}` is not a list of piece letters"))
                    }
                })
                .collect::<Result<_, _>>()?;
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// The square `step` away from `sq`, if on the board.
fn step_from(size: BoardSize, sq: Sq, step: (i32, i32)) -> Option<Sq> {
    let (f, r) = (i32::from(size.file_of(sq)), i32::from(size.rank_of(sq)));
    size.square_index(f + step.0, r + step.1)
}

/// Is the `n` × `n` block with its lower left corner on `corner` all of `ours`?
fn block(size: BoardSize, ours: WideBitboard, corner: Sq, n: u32) -> bool {
    let (f, r) = (
        i32::from(size.file_of(corner)),
        i32::from(size.rank_of(corner)),
    );
    let n = n as i32;
    (0..n).all(|df| {
        (0..n).all(|dr| {
            size.square_index(f + df, r + dr)
                .is_some_and(|sq| ours.contains(sq))
        })
    })
}

/// How many of `ours` stand on the line along `step` that starts at `first`,
/// gaps allowed: 0 unless `first` is the line's first square of `ours` (so
/// each line is counted once).
fn line_count(size: BoardSize, ours: WideBitboard, first: Sq, step: (i32, i32)) -> u32 {
    let back = (-step.0, -step.1);
    let mut at = first;
    while let Some(prev) = step_from(size, at, back) {
        if ours.contains(prev) {
            return 0;
        }
        at = prev;
    }
    let mut count = 1;
    let mut at = first;
    while let Some(next) = step_from(size, at, step) {
        count += u32::from(ours.contains(next));
        at = next;
    }
    count
}

impl State {
    /// Has the side that has just moved made a connection? Its value then,
    /// for the side to move (Fairy-Stockfish's order: rows, regions,
    /// squares, lines with gaps).
    pub(crate) fn connection(&self, r: &Rules) -> Option<GameValue> {
        let c = &r.connect;
        if !c.active() {
            return None;
        }
        let mover = self.turn ^ 1;
        let mut ours = WideBitboard::EMPTY;
        for sq in self.occ[mover].iter() {
            if c.types >> type_of(self.board[usize::from(sq)]) & 1 != 0 {
                ours.insert(sq);
            }
        }
        let size = r.size;
        let run = |sq: Sq, step: (i32, i32), n: u32| {
            let mut at = sq;
            for _ in 1..n {
                match step_from(size, at, step) {
                    Some(next) if ours.contains(next) => at = next,
                    _ => return false,
                }
            }
            true
        };
        let connected = (c.n > 0
            && c.lines()
                .any(|step| ours.iter().any(|sq| run(sq, step, c.n))))
            || self.regions_joined(r, ours)
            || (c.square > 0 && ours.iter().any(|sq| block(size, ours, sq, c.square)))
            || (c.collinear > 0
                && c.lines().any(|step| {
                    ours.iter()
                        .any(|sq| line_count(size, ours, sq, step) >= c.collinear)
                }));
        connected.then(|| c.value.flip())
    }

    /// Are the mover's two connection regions joined by a chain of `ours`,
    /// grown from the first region by the lines' forward steps only (as
    /// Fairy-Stockfish grows it)?
    fn regions_joined(&self, r: &Rules, ours: WideBitboard) -> bool {
        let c = &r.connect;
        let mover = self.turn ^ 1;
        let target = c.region2[mover];
        let mut current = c.region1[mover] & ours;
        if current.is_empty() || (target & ours).is_empty() {
            return false;
        }
        loop {
            let mut grown = WideBitboard::EMPTY;
            for step in c.lines() {
                for sq in (current | grown).iter() {
                    if let Some(next) = step_from(r.size, sq, step)
                        && ours.contains(next)
                    {
                        grown.insert(next);
                    }
                }
            }
            if !(grown & target).is_empty() {
                return true;
            }
            if (grown & !current).is_empty() {
                return false;
            }
            current |= grown;
        }
    }
}

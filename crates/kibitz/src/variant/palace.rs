//! Janggi (Korean chess) and the rules of its palace, as Fairy-Stockfish plays
//! them (its `variant.cpp`, `position.h`, `position.cpp` and `movegen.cpp`):
//!
//! - **the palace lines** (`diagonalLines`, the squares d1 f1 e2 d3 f3 and d8 f8
//!   e9 d10 f10 in Janggi): from a square of the lines, a `wazir` (the
//!   advisor) and a king that moves as a wazir also step one square
//!   diagonally to a square of the lines, a `soldier` steps one square
//!   diagonally forward to one, a `rook` (the chariot) rides diagonally and
//!   may stop on (or take on) the squares of the lines it reaches, and a Janggi
//!   cannon hops diagonally as it hops orthogonally, landing on a square of the
//!   lines. Mobility regions still hold (the advisors and king stay in the
//!   palace);
//! - **the Janggi cannon** (`janggiCannon`, `pR`): it always hops over exactly
//!   one piece, which may not be a cannon, and never takes a cannon;
//! - **the Janggi elephant** (`janggiElephant`, `nZ`): one step orthogonally,
//!   then two diagonally outwards, every square passed empty (a lame zebra);
//! - **passing** (`pass`): a side may pass, written as its king's move to its
//!   own square (`e2e2`; SAN `Ke2`). Like any king move it may not leave the
//!   king attacked, so a side in check may not pass (but see bikjang);
//! - **bikjang** (`bikjangRule`): when the kings face each other on an open
//!   line, the side to move must part them or pass; a pass then ends the game;
//! - **two passes in a row** end the game;
//! - **material counting** (`materialCounting = janggi`): a game ended by two
//!   passes or by bikjang goes to the side with more points (chariot 13,
//!   cannon 7, horse 5, elephant 3, advisor 3, soldier 2), the second player
//!   (Black) having 1.5 more: White wins only with more points than Black. A
//!   stalemate valued a draw is counted alike. Without counting, those ends are
//!   draws.
//!
//! Stalemate is a loss (as in xiangqi), though a side that may pass is never
//! stalemated outside check.
//!
//! Two ends need the moves before the position: the pass (or two) just played.
//! The position keeps the number of passes just played, which its FEN does
//! not show (a position read from a FEN has none, as Fairy-Stockfish's has
//! no previous move). Repetition rules (Fairy-Stockfish's n-fold repetition,
//! perpetual checks, Janggi's move repetition) are not judged.
//!
//! A variant with any of these rules has its legal moves made and tested one
//! by one (the end rules' path of [`super::ends`]); the extra moves are added
//! to each piece's and the extra attacks to the attack test by walks along
//! the four diagonals, not by tables.
//!
//! ```
//! use kibitz::variant::{Variant, VariantPosition};
//! let janggi = Variant::builtin("janggi")?;
//! let mut pos = VariantPosition::startpos(&janggi);
//! assert_eq!(pos.legal_moves().len(), 32);
//! pos.play_uci("e2e2")?; // White passes
//! pos.play_uci("e9e9")?; // and Black: the game ends, counted
//! assert!(pos.legal_moves().is_empty());
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::VariantError;
use super::board::{BoardSize, NO_SQ, Sq, WideBitboard};
use super::moves::{MoveKind, VariantMove};
use super::regions::{parse_region, xiangqi_rules};
use super::rules::{
    GameValue, MaterialCounting, Palace, PieceDef, PieceKind, Rules, VariantOutcome, piece,
};
use super::state::{State, WALL, is_piece_of, type_of};
use super::tables::Tables;

/// The four diagonal steps `(file, rank)`.
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

impl Palace {
    /// Finds the pieces the palace rules move by their names (as
    /// Fairy-Stockfish finds its piece types) and notes whether any rule applies.
    pub fn resolve(&mut self, pieces: &[PieceDef]) {
        let (mut step, mut soldier, mut rook, mut cannon) = (0, 0, 0, 0);
        for (i, p) in pieces.iter().enumerate().take(32) {
            let bit = 1u32 << i;
            match p.name.as_str() {
                "wazir" => step |= bit,
                // Fairy-Stockfish's king steps along the lines when it moves as a wazir.
                "king" if p.kind == PieceKind::King && p.betza == "W" => step |= bit,
                "soldier" => soldier |= bit,
                "rook" => rook |= bit,
                "janggiCannon" => cannon |= bit,
                _ => {}
            }
        }
        self.step_types = step;
        self.soldier_types = soldier;
        self.rook_types = rook;
        self.cannon_types = cannon;
        self.active = !self.diagonal_lines.is_empty()
            || self.pass.iter().any(|&p| p)
            || self.bikjang
            || self.material_counting == MaterialCounting::Janggi
            || cannon != 0;
    }

    /// These rules with [`reach`](Palace::reach) filled for a board of `size`.
    pub fn with_reach(&self, size: BoardSize) -> Palace {
        let mut out = self.clone();
        let lines = self.diagonal_lines;
        if lines.is_empty() {
            return out;
        }
        let files = i32::from(size.files());
        out.reach = vec![WideBitboard::EMPTY; size.squares()];
        for sq in lines.iter() {
            let (f, r) = (i32::from(sq) % files, i32::from(sq) / files);
            let mut reach = WideBitboard::EMPTY;
            for (dx, dy) in DIAGONALS {
                let mut ray = WideBitboard::EMPTY;
                let mut k = 1;
                while let Some(s) = size.square_index(f + k * dx, r + k * dy) {
                    ray.insert(s);
                    if lines.contains(s) {
                        reach |= ray;
                    }
                    k += 1;
                }
            }
            out.reach[usize::from(sq)] = reach;
        }
        out
    }

    /// Is the piece `p` (a square's code, not empty) a Janggi cannon?
    #[inline]
    pub fn is_cannon(&self, p: u8) -> bool {
        p != 0 && p != WALL && (self.cannon_types >> type_of(p)) & 1 != 0
    }
}

impl State {
    /// Adds the palace-line moves of the `ty` of the side to move on `from` to
    /// `out`, but for the targets already among `out[start..]` (its other moves).
    pub(crate) fn palace_moves(
        &self,
        t: &Tables,
        r: &Rules,
        from: Sq,
        ty: usize,
        start: usize,
        out: &mut Vec<VariantMove>,
    ) {
        let p = &t.palace;
        let lines = p.diagonal_lines;
        if !lines.contains(from) {
            return;
        }
        let us = self.turn;
        let b = &self.board;
        let bit = 1u32 << ty;
        let region = r.regions.region(&r.pieces[ty].name, us).copied();
        let add = |to: Sq, out: &mut Vec<VariantMove>| {
            if region.is_some_and(|reg| !reg.contains(to))
                || out[start..].iter().any(|m| m.to == to)
            {
                return;
            }
            out.push(VariantMove::new(from, to, MoveKind::Normal));
        };
        let open = |s: Sq| b[usize::from(s)] == 0 || is_piece_of(b[usize::from(s)], us ^ 1);
        let forward = if us == 0 { 1 } else { -1 };
        for (dx, dy) in DIAGONALS {
            let Some(first) = t.offset(from, dx, dy) else {
                continue;
            };
            if (p.step_types & bit != 0 || (p.soldier_types & bit != 0 && dy == forward))
                && lines.contains(first)
                && open(first)
            {
                add(first, out);
            }
            if p.rook_types & bit != 0 {
                // A ride along the diagonal, stopping on the squares of the lines.
                let mut s = Some(first);
                while let Some(sq) = s {
                    if lines.contains(sq) && open(sq) {
                        add(sq, out);
                    }
                    if b[usize::from(sq)] != 0 {
                        break;
                    }
                    s = t.offset(sq, dx, dy);
                }
            }
            if p.cannon_types & bit != 0 {
                // Over the first piece (not a cannon), then on, up to the next.
                let mut s = Some(first);
                while let Some(sq) = s
                    && b[usize::from(sq)] == 0
                {
                    s = t.offset(sq, dx, dy);
                }
                let Some(hurdle) = s else { continue };
                if p.is_cannon(b[usize::from(hurdle)]) {
                    continue;
                }
                let mut s = t.offset(hurdle, dx, dy);
                while let Some(sq) = s {
                    let q = b[usize::from(sq)];
                    if lines.contains(sq) && (q == 0 || (is_piece_of(q, us ^ 1) && !p.is_cannon(q)))
                    {
                        add(sq, out);
                    }
                    if q != 0 {
                        break;
                    }
                    s = t.offset(sq, dx, dy);
                }
            }
        }
    }

    /// Is `sq` attacked by colour `by` along the palace lines, with `gone`
    /// taken as empty? (The attacks mirror [`palace_moves`](Self::palace_moves):
    /// both ends on the lines.)
    pub(crate) fn palace_attacked(&self, t: &Tables, sq: Sq, by: usize, gone: Sq) -> bool {
        let p = &t.palace;
        let lines = p.diagonal_lines;
        // An attacker stands on the lines within reach (`gone` only empties).
        if !lines.contains(sq) || (p.reach[usize::from(sq)] & lines & self.occ[by]).is_empty() {
            return false;
        }
        let b = &self.board;
        let at = |s: Sq| if s == gone { 0 } else { b[usize::from(s)] };
        // A soldier of `by` attacks towards its forward, so stands behind `sq`.
        let behind = if by == 0 { -1 } else { 1 };
        for (dx, dy) in DIAGONALS {
            let mut s = t.offset(sq, dx, dy);
            let mut distance = 1;
            while let Some(x) = s
                && at(x) == 0
            {
                s = t.offset(x, dx, dy);
                distance += 1;
            }
            let Some(first) = s else { continue };
            let q = at(first);
            if is_piece_of(q, by) && lines.contains(first) {
                let bit = 1u32 << type_of(q);
                if p.rook_types & bit != 0
                    || (distance == 1
                        && (p.step_types & bit != 0
                            || (p.soldier_types & bit != 0 && dy == behind)))
                {
                    return true;
                }
            }
            if p.cannon_types == 0 || p.is_cannon(q) {
                continue;
            }
            // `first` is a hurdle: the next piece beyond it may be a cannon of `by`.
            let mut s = t.offset(first, dx, dy);
            while let Some(x) = s
                && at(x) == 0
            {
                s = t.offset(x, dx, dy);
            }
            if let Some(x) = s {
                let c = at(x);
                if is_piece_of(c, by) && p.is_cannon(c) && lines.contains(x) {
                    return true;
                }
            }
        }
        false
    }

    /// Perft's and the legal moves' way through a position of a variant whose
    /// only end rules are the palace's ([`Palace::alone`](super::rules::Palace)):
    /// `Some(false)` when the game has ended (no legal move), `Some(true)`
    /// when the fast paths apply (the kings do not face each other, so the
    /// bikjang rule refuses no move and a pass is tested as a king's move),
    /// `None` for the end rules' path (every move made and tested).
    #[inline]
    pub(crate) fn palace_fast_path(&self, t: &Tables, r: &Rules) -> Option<bool> {
        if !r.palace.alone {
            return None;
        }
        if self.palace_end(t, r).is_some() {
            return Some(false);
        }
        (!(r.palace.bikjang && self.kings_facing(t))).then_some(true)
    }

    /// The squares on which a move's from or to square may change an attack
    /// along the palace lines on `king`: the four diagonals from it, where it
    /// stands on the lines (every attack of [`palace_attacked`](Self::palace_attacked)
    /// runs along them, hurdle included); none elsewhere.
    pub(crate) fn palace_danger(&self, t: &Tables, king: Sq) -> WideBitboard {
        let p = &t.palace;
        if !p.diagonal_lines.contains(king) {
            return WideBitboard::EMPTY;
        }
        // Every attacker along the lines is an enemy piece on them, and a
        // move of ours adds none.
        let reach = p.reach[usize::from(king)];
        if (reach & p.diagonal_lines & self.occ[self.turn ^ 1]).is_empty() {
            return WideBitboard::EMPTY;
        }
        reach
    }

    /// Do the two kings face each other on an open file or rank?
    pub(crate) fn kings_facing(&self, t: &Tables) -> bool {
        let (a, b) = (self.kings[0], self.kings[1]);
        if a == NO_SQ || b == NO_SQ {
            return false;
        }
        let files = t.files;
        let step = if a % files == b % files {
            files
        } else if a / files == b / files {
            1
        } else {
            return false;
        };
        let (lo, hi) = (a.min(b), a.max(b));
        let mut s = lo + step;
        while s < hi {
            if self.board[usize::from(s)] != 0 {
                return false;
            }
            s += step;
        }
        true
    }

    /// Adds the pass of the side to move (its king's move to its own square)
    /// where the variant allows it.
    pub(crate) fn pass_move(&self, r: &Rules, out: &mut Vec<VariantMove>) {
        let king = self.kings[self.turn];
        if r.palace.pass[self.turn] && king != NO_SQ {
            out.push(VariantMove::new(king, king, MoveKind::Pass));
        }
    }

    /// Plays a pass: the turn changes hands, the clocks run, nothing moves.
    pub(crate) fn make_pass(&mut self) {
        self.halfmove = self.halfmove.saturating_add(1);
        self.ep = [NO_SQ; 2];
        self.ep_victim = NO_SQ;
        if self.turn == 1 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn ^= 1;
        self.passes = self.passes.saturating_add(1).min(2);
    }

    /// The legality of `mv` by the bikjang rule before it is made, when the
    /// rule decides it: a pass while the kings face is always legal.
    pub(crate) fn bikjang_pass(&self, t: &Tables, r: &Rules, mv: &VariantMove) -> bool {
        r.palace.bikjang && mv.kind == MoveKind::Pass && self.kings_facing(t)
    }

    /// Is `next` (this position after a move other than a pass) refused by
    /// the bikjang rule: the kings faced and still face?
    pub(crate) fn bikjang_refuses(&self, t: &Tables, r: &Rules, next: &State) -> bool {
        r.palace.bikjang && self.kings_facing(t) && next.kings_facing(t)
    }

    /// The end by the palace rules (Fairy-Stockfish's, in `is_immediate_game_end`):
    /// two passes in a row, or a pass while the kings face under the bikjang
    /// rule; counted by material where the variant counts.
    pub(crate) fn palace_end(&self, t: &Tables, r: &Rules) -> Option<VariantOutcome> {
        if self.passes >= 2 {
            return Some(VariantOutcome::Passes(self.counted(r, GameValue::Draw)));
        }
        if r.palace.bikjang && self.passes == 1 && self.kings_facing(t) {
            return Some(VariantOutcome::Bikjang(self.counted(r, GameValue::Draw)));
        }
        None
    }

    /// `value` for the side to move, decided by material counting where it is
    /// a draw and the variant counts.
    pub(crate) fn counted(&self, r: &Rules, value: GameValue) -> GameValue {
        if value != GameValue::Draw {
            return value;
        }
        match r.palace.material_counting {
            MaterialCounting::None => value,
            MaterialCounting::BlackDrawOdds | MaterialCounting::WhiteDrawOdds => {
                let winner =
                    usize::from(r.palace.material_counting == MaterialCounting::BlackDrawOdds);
                if self.turn == winner {
                    GameValue::Win
                } else {
                    GameValue::Loss
                }
            }
            MaterialCounting::Unweighted => {
                let (white, black) = (self.piece_count(0), self.piece_count(1));
                match white.cmp(&black) {
                    core::cmp::Ordering::Equal => GameValue::Draw,
                    o if (o == core::cmp::Ordering::Greater) == (self.turn == 0) => GameValue::Win,
                    _ => GameValue::Loss,
                }
            }
            MaterialCounting::Janggi => {
                let points = |name: &str| {
                    r.pieces
                        .iter()
                        .position(|p| p.name == name)
                        .map_or(0, |ty| {
                            i32::from(self.counts[0][ty]) - i32::from(self.counts[1][ty])
                        })
                };
                let white = 13 * points("rook")
                    + 7 * points("janggiCannon")
                    + 5 * points("horse")
                    + 3 * points("janggiElephant")
                    + 3 * points("wazir")
                    + 2 * points("soldier")
                    - 1;
                if (white > 0) == (self.turn == 0) {
                    GameValue::Win
                } else {
                    GameValue::Loss
                }
            }
        }
    }
}

/// The `variants.ini` keys of this module (Fairy-Stockfish's names): `Ok(true)`
/// when `key` is one of them and was applied, `Ok(false)` when it is not one.
pub(crate) fn apply_key(rules: &mut Rules, key: &str, value: &str) -> Result<bool, String> {
    use super::ini_values::boolean;
    let p = &mut rules.palace;
    match key {
        "diagonalLines" => p.diagonal_lines = parse_region(rules.size, value)?,
        "pass" => p.pass = [boolean(value)?; 2],
        "passWhite" => p.pass[0] = boolean(value)?,
        "passBlack" => p.pass[1] = boolean(value)?,
        "bikjangRule" => p.bikjang = boolean(value)?,
        "materialCounting" => {
            p.material_counting = match value {
                "janggi" => MaterialCounting::Janggi,
                "none" => MaterialCounting::None,
                "blackdrawodds" => MaterialCounting::BlackDrawOdds,
                "whitedrawodds" => MaterialCounting::WhiteDrawOdds,
                "unweighted" => MaterialCounting::Unweighted,
                _ => return Err(format!("`{value}` is not a material counting rule")),
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Janggi's palaces' diagonals on a 9 × 10 board: d1 f1 e2 d3 f3, d8 f8 e9 d10 f10.
fn janggi_lines(r: &Rules) -> Result<WideBitboard, VariantError> {
    parse_region(r.size, "d1 f1 e2 d3 f3 d8 f8 e9 d10 f10").map_err(VariantError::Definition)
}

/// The Janggi family (Fairy-Stockfish's `janggi`, `janggitraditional`,
/// `janggimodern`, `janggicasual`), `None` for another name. Janggi is xiangqi's
/// board and palace with chariot `R`, horse `N` (SAN `H`), Janggi elephant `B`
/// (`nZ`, SAN `E`), advisor `A` (a wazir in the palace), Janggi cannon `C`,
/// soldier `P` (forward and sideways everywhere), king `K` (a wazir in the
/// palace), no flying general; the palace lines, passing, and:
///
/// | variant | bikjang | material counting |
/// |---|---|---|
/// | `janggi` | yes | yes |
/// | `janggitraditional` | yes (a draw) | no |
/// | `janggimodern` | no | yes (and `nMoveRule` 100) |
/// | `janggicasual` | no | no |
pub(crate) fn janggi_rules(name: &str) -> Result<Option<Rules>, VariantError> {
    let (bikjang, counting) = match name {
        "janggi" => (true, MaterialCounting::Janggi),
        "janggitraditional" => (true, MaterialCounting::None),
        "janggimodern" => (false, MaterialCounting::Janggi),
        "janggicasual" => (false, MaterialCounting::None),
        _ => return Ok(None),
    };
    let mut r = xiangqi_rules()?;
    r.name = name.to_string();
    r.pieces
        .retain(|p| !matches!(p.name.as_str(), "fers" | "cannon" | "elephant"));
    let king = r.pieces.pop();
    r.pieces.push(piece('A', "wazir", "W"));
    r.pieces.push(piece('C', "janggiCannon", "pR"));
    r.pieces.push(piece('B', "janggiElephant", "nZ"));
    r.pieces.extend(king);
    r.promotion_limit = vec![0; r.pieces.len()];
    r.start_fen =
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1".to_string();
    r.regions.mobility.retain(|(n, _)| n == "king");
    for c in 0..2 {
        if let Some(palace) = r.regions.region("king", c).copied() {
            r.regions.set_region("wazir", c, palace);
        }
    }
    r.regions.soldier_rank = 0;
    r.regions.flying_general = false;
    r.regions.san_synonyms = vec![('N', 'H'), ('B', 'E')];
    r.palace.diagonal_lines = janggi_lines(&r)?;
    r.palace.pass = [true, true];
    r.palace.bikjang = bikjang;
    r.palace.material_counting = counting;
    if name == "janggimodern" {
        r.ends.n_move_rule = 100;
        r.ends.move_repetition_illegal = true;
        r.ends.n_fold_rule = 4;
    }
    Ok(Some(r))
}

#[cfg(test)]
mod tests {
    use crate::variant::{Variant, VariantPosition};

    fn moves(pos: &VariantPosition) -> Vec<String> {
        let mut out: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
        out.sort();
        out
    }

    fn janggi(fen: &str) -> VariantPosition {
        VariantPosition::from_fen(&Variant::builtin("janggi").unwrap(), fen).unwrap()
    }

    /// A cannon hops over one piece that is not a cannon and never takes a
    /// cannon: over the soldier on e5 it reaches e6 and takes on e7 only when
    /// that is not a cannon; a cannon as the hurdle gives no hop at all.
    #[test]
    fn cannon_never_hops_over_or_takes_a_cannon() {
        // White cannon e4, White soldier e5, Black soldier e7: e6 and e7x.
        let pos = janggi("3k5/9/9/4p4/9/4P4/4C4/9/4K4/9 w - - 0 1");
        let cannon: Vec<String> = moves(&pos)
            .into_iter()
            .filter(|m| m.starts_with("e4"))
            .collect();
        // (Down the file, over the king on e2, to e1.)
        assert_eq!(cannon, ["e4e1", "e4e6", "e4e7"]);
        // The piece on e7 a Black cannon: e6 only (and not e1 either: the
        // Black cannon would then hop the soldier on e5 to the king).
        let pos = janggi("3k5/9/9/4c4/9/4P4/4C4/9/4K4/9 w - - 0 1");
        let cannon: Vec<String> = moves(&pos)
            .into_iter()
            .filter(|m| m.starts_with("e4"))
            .collect();
        assert_eq!(cannon, ["e4e6"]);
        // The hurdle on e5 a Black cannon: no move along the file at all.
        let pos = janggi("3k5/9/9/4p4/9/4c4/4C4/9/4K4/9 w - - 0 1");
        let up: Vec<String> = moves(&pos)
            .into_iter()
            .filter(|m| m.starts_with("e4e") && *m != "e4e1")
            .collect();
        assert!(up.is_empty(), "{up:?}");
    }

    /// The palace diagonals: a chariot on d1 rides over the empty e2 to f3;
    /// a king on e2 steps to the four corners d1 f1 d3 f3 (all empty); an
    /// advisor on d3 steps to e2 but not to c2 or e4 (off the lines).
    #[test]
    fn palace_diagonal_moves() {
        let pos = janggi("4k4/9/9/9/9/9/9/9/9/3R1K3 w - - 0 1");
        let rook = moves(&pos);
        assert!(rook.contains(&"d1e2".to_string()) && rook.contains(&"d1f3".to_string()));
        let pos = janggi("3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1");
        for to in ["e2d1", "e2f1", "e2d3", "e2f3"] {
            assert!(moves(&pos).contains(&to.to_string()), "{to}");
        }
        let pos = janggi("3k5/9/9/9/9/9/9/3A5/9/5K3 w - - 0 1");
        let advisor: Vec<String> = moves(&pos)
            .into_iter()
            .filter(|m| m.starts_with("d3"))
            .collect();
        assert_eq!(advisor, ["d3d2", "d3e2", "d3e3"]);
        // A cannon on f1 hops over the piece on e2 to d3.
        let pos = janggi("5k3/9/9/9/9/9/9/9/4A4/3K1C3 w - - 0 1");
        assert!(moves(&pos).contains(&"f1d3".to_string()));
    }

    /// A pass is the king's move to its own square; two in a row end the
    /// game, counted: equal material is Black's (White wins only with more).
    /// A side in check may not pass.
    #[test]
    fn passing() {
        let v = Variant::builtin("janggi").unwrap();
        let mut pos = VariantPosition::startpos(&v);
        pos.play_uci("e2e2").unwrap();
        assert_eq!(
            pos.fen(),
            "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1"
        );
        pos.play_uci("e9e9").unwrap();
        assert!(pos.legal_moves().is_empty());
        let end = pos.outcome().unwrap().game_end(pos.turn());
        assert_eq!(end.result(), "0-1");
        // In check from the chariot on e9 (the file open): no pass.
        let pos = janggi("3k5/4r4/9/9/9/9/9/9/4K4/9 w - - 0 1");
        assert!(!moves(&pos).contains(&"e2e2".to_string()));
    }

    /// Janggi written as a `variants.ini` section from xiangqi, with the keys
    /// of this module, plays as the built-in; a bad value is an error.
    #[test]
    fn janggi_from_variants_ini_keys() {
        let text = "[inijanggi:xiangqi]\nfers = -\ncannon = -\nelephant = -\nwazir = a\n\
            janggiCannon = c\njanggiElephant = b\nking = k:W\n\
            mobilityRegionWhiteWazir = d1 e1 f1 d2 e2 f2 d3 e3 f3\n\
            mobilityRegionBlackWazir = d8 e8 f8 d9 e9 f9 d10 e10 f10\n\
            soldierPromotionRank = 1\nflyingGeneral = false\nbikjangRule = true\n\
            materialCounting = janggi\npass = true\n\
            diagonalLines = d1 f1 e2 d3 f3 d8 f8 e9 d10 f10\n\
            startFen = rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1\n";
        let v = crate::variant::ini::parse(text).unwrap().remove(0);
        let builtin = Variant::builtin("janggi").unwrap();
        for fen in [
            "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
            "3k5/4a4/9/9/4p4/4P4/9/9/4A4/3K1C3 w - - 0 1",
        ] {
            let a = VariantPosition::from_fen(&v, fen).unwrap();
            let b = VariantPosition::from_fen(&builtin, fen).unwrap();
            assert_eq!(a.perft(3), b.perft(3), "{fen}");
        }
        for bad in [
            "materialCounting = janggi",
            "pass = true",
            "bikjangRule = true",
        ] {
            let (key, _) = bad.split_once(" = ").unwrap();
            let broken = text.replace(bad, &format!("{key} = maybe"));
            assert!(crate::variant::ini::parse(&broken).is_err(), "{key}");
        }
    }

    /// Bikjang: with the kings facing, the side to move must part them or
    /// pass, and a pass ends the game (counted in `janggi`, drawn in
    /// `janggitraditional`).
    #[test]
    fn bikjang() {
        let fen = "9/4k4/9/9/9/9/9/9/4K4/R8 w - - 0 1";
        let pos = janggi(fen);
        assert!(
            moves(&pos)
                .iter()
                .all(|m| m == "e2e2" || m.starts_with("e2"))
        );
        let v = Variant::builtin("janggitraditional").unwrap();
        let mut pos = VariantPosition::from_fen(&v, fen).unwrap();
        pos.play_uci("e2e2").unwrap();
        assert!(pos.legal_moves().is_empty());
        assert_eq!(
            pos.outcome().unwrap().game_end(pos.turn()).result(),
            "1/2-1/2"
        );
    }
}

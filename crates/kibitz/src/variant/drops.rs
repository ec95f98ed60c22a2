//! Drops: pieces in hand entering the board as a move of their own (`P@e4`), as
//! Fairy-Stockfish plays them (crazyhouse and its family). The rules are data
//! ([`DropRules`], read from the `variants.ini` keys `pieceDrops`,
//! `capturesToHand`, `dropLoop`, `firstRankPawnDrops`, `promotionZonePawnDrops`,
//! `dropNoDoubled`, `dropNoDoubledCount`, `mustDrop`, `mustDropType`, `dropChecks`,
//! `dropRegionWhite`/`Black` as whole ranks, `dropOppositeColoredBishop`,
//! `castlingDroppedPiece`, `pocketSize`); the hand is the state's `holdings` (the one Seirawan gating
//! uses), written in the FEN's `[…]` after the board, White's pieces first, each
//! side's from its last piece type to its first (Fairy-Stockfish's order).
//!
//! With captures to hand, a captured piece joins the capturer's hand; a pawn
//! promoted on the board is marked `~` in the FEN (`Q~`) and goes back to the
//! hand as a pawn, unless the variant's drop loop keeps it what it became.

use super::VariantError;
use super::board::{NO_SQ, Sq, WideBitboard};
use super::ini_values::ranks_region;
use super::moves::{MoveKind, NO_TYPE, VariantMove};
use super::rules::{DropRules, Rules};
use super::state::{State, code, color_of, type_of};
use super::tables::Tables;

impl DropRules {
    /// No drops: every variant's rules before a key or a built-in turns them on.
    pub(crate) const NONE: DropRules = DropRules {
        enabled: false,
        captures_to_hand: false,
        drop_loop: false,
        first_rank_pawn_drops: false,
        promotion_zone_pawn_drops: false,
        no_doubled: None,
        no_doubled_count: 1,
        must_drop: false,
        must_drop_type: None,
        checks: true,
        region: None,
        squares: [None, None],
        opposite_bishops: false,
        castling_dropped_piece: false,
        sittuyin_rook_drop: false,
        pocket_size: 0,
        two_boards: false,
        free_drops: false,
    };

    /// Crazyhouse: drops, captures to hand, promoted pieces demoted.
    pub(crate) const CRAZYHOUSE: DropRules = DropRules {
        enabled: true,
        captures_to_hand: true,
        ..DropRules::NONE
    };

    /// Does a captured promoted piece go to hand as a pawn? (Fairy-Stockfish:
    /// captures to hand without the drop loop.)
    #[inline]
    pub(crate) fn demotes(&self) -> bool {
        self.captures_to_hand && !self.drop_loop
    }

    /// Are promoted pieces remembered and marked `~` in the FEN? Where they
    /// are demoted, and on two boards (Fairy-Stockfish's bughouse marks them
    /// for the partner, to whom a captured one goes as a pawn).
    #[inline]
    pub(crate) fn marks_promoted(&self) -> bool {
        self.demotes() || self.two_boards
    }

    /// Must the legal drops be listed one by one (a rule that looks beyond the
    /// target square), rather than counted by perft?
    #[inline]
    pub(crate) fn needs_listing(&self) -> bool {
        self.enabled && (self.must_drop || !self.checks || self.opposite_bishops)
    }

    /// Applies one `variants.ini` key of the drop family; `None` when the key is
    /// not one of them, else whether its value was read.
    pub(crate) fn apply(&mut self, key: &str, value: &str) -> Option<Result<(), String>> {
        let flag = |slot: &mut bool| -> Result<(), String> {
            *slot = match value {
                "true" => true,
                "false" => false,
                _ => return Err(format!("`{value}` is not true or false")),
            };
            Ok(())
        };
        let small = |what: &str| -> Result<u8, String> {
            value
                .parse::<u8>()
                .map_err(|_| format!("`{value}` is not a {what}"))
        };
        Some(match key {
            "pieceDrops" => flag(&mut self.enabled),
            "capturesToHand" => flag(&mut self.captures_to_hand),
            "dropLoop" => flag(&mut self.drop_loop),
            "firstRankPawnDrops" => flag(&mut self.first_rank_pawn_drops),
            "promotionZonePawnDrops" => flag(&mut self.promotion_zone_pawn_drops),
            "mustDrop" => flag(&mut self.must_drop),
            "dropOppositeColoredBishop" => flag(&mut self.opposite_bishops),
            "castlingDroppedPiece" => flag(&mut self.castling_dropped_piece),
            "sittuyinRookDrop" => flag(&mut self.sittuyin_rook_drop),
            "twoBoards" => flag(&mut self.two_boards),
            "freeDrops" => flag(&mut self.free_drops),
            "dropChecks" => flag(&mut self.checks),
            "dropNoDoubled" => match value {
                "-" => {
                    self.no_doubled = None;
                    Ok(())
                }
                _ if value.len() == 1 && value.as_bytes()[0].is_ascii_alphabetic() => {
                    self.no_doubled = value.chars().next().map(|c| c.to_ascii_uppercase());
                    Ok(())
                }
                _ => Err(format!("`{value}` is not a piece letter")),
            },
            "mustDropType" => match value {
                "*" => {
                    self.must_drop_type = None;
                    Ok(())
                }
                _ if value.len() == 1 && value.as_bytes()[0].is_ascii_alphabetic() => {
                    self.must_drop_type = value.chars().next().map(|c| c.to_ascii_uppercase());
                    Ok(())
                }
                _ => Err(format!("`{value}` is not a piece letter or `*`")),
            },
            // 0 forbids every drop of the piece (Dragonfly's pawns), as a file
            // always holds at least none of them.
            "dropNoDoubledCount" => small("count").map(|n| self.no_doubled_count = n),
            "pocketSize" => small("size").map(|n| self.pocket_size = n),
            "dropRegionWhite" | "whiteDropRegion" | "dropRegionBlack" | "blackDropRegion" => {
                ranks_region(value).map(|ranks| {
                    let c = usize::from(key.contains("lack"));
                    let mut region = self.region.unwrap_or([u16::MAX; 2]);
                    region[c] = ranks;
                    self.region = Some(region);
                    self.squares[c] = None;
                })
            }
            _ => return None,
        })
    }
}

impl Rules {
    /// May a `ty` in hand enter by Seirawan gating? As a drop on the gate's
    /// square: not a pawn, which is never dropped on its first rank (unless
    /// `firstRankPawnDrops`), Fairy-Stockfish's drop region.
    #[inline]
    pub(crate) fn gates_type(&self, ty: usize) -> bool {
        self.pieces[ty].kind != super::rules::PieceKind::Pawn || self.drops.first_rank_pawn_drops
    }
}

/// The FEN row `row` without its promoted marks, and the cells (from 0, in the
/// row's order) of the pieces marked `~`. A `~` after no piece is an error.
pub(crate) fn promoted_marks(row: &str) -> Result<(String, Vec<usize>), VariantError> {
    let mut plain = String::with_capacity(row.len());
    let mut marks = Vec::new();
    let (mut cell, mut number, mut last_piece) = (0usize, 0usize, false);
    for ch in row.chars() {
        if let Some(d) = ch.to_digit(10) {
            number = number * 10 + d as usize;
            last_piece = false;
            plain.push(ch);
            continue;
        }
        cell += number;
        number = 0;
        if ch == '~' {
            if !last_piece {
                return Err(VariantError::Fen {
                    what: format!("`~` (a promoted piece) after no piece in row `{row}`"),
                });
            }
            marks.push(cell - 1);
            last_piece = false;
            continue;
        }
        plain.push(ch);
        cell += 1;
        // (A wall, `*`, is no piece to mark.)
        last_piece = ch != '*';
    }
    Ok((plain, marks))
}

/// The board field's ranks with promoted pieces marked `~` (for the variants
/// whose FEN marks them, [`DropRules::demotes`]).
/// The squares of `fog` are written `*`.
pub(crate) fn write_marked_rows(rules: &Rules, state: &State, fog: WideBitboard, out: &mut String) {
    let files = usize::from(rules.size.files());
    let ranks = usize::from(rules.size.ranks());
    for rank in (0..ranks).rev() {
        let mut run = 0;
        for f in 0..files {
            let sq = rank * files + f;
            let p = state.board[sq];
            let hidden = fog.contains(sq as Sq);
            if p == 0 && !hidden {
                run += 1;
                continue;
            }
            if run > 0 {
                out.push_str(&run.to_string());
                run = 0;
            }
            if hidden {
                out.push('*');
                continue;
            }
            // A shogi promoted piece is `+` and its base's letter.
            super::shogi::push_token(rules, type_of(p), color_of(p) == 1, out);
            if state.promoted.contains(sq as Sq) {
                out.push('~');
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
}

/// The hand in the FEN's brackets: White's pieces then Black's, each side's
/// from its last type to its first.
pub(crate) fn write_hand(rules: &Rules, state: &State, out: &mut String) {
    out.push('[');
    for c in 0..2 {
        for t in (0..rules.pieces.len()).rev() {
            let l = rules.pieces[t].letter;
            let l = if c == 0 { l } else { l.to_ascii_lowercase() };
            for _ in 0..state.holdings[c][t] {
                out.push(l);
            }
        }
    }
    out.push(']');
}

impl State {
    /// The empty squares a piece of type `ty` of the side to move may be dropped
    /// on (before any test of check): its [`drop_region`](Self::drop_region)
    /// without the squares where it could never move (shogi's immobility).
    #[inline]
    pub(crate) fn drop_targets(&self, t: &Tables, r: &Rules, ty: usize) -> WideBitboard {
        let mut out = self.drop_region(t, r, ty);
        if !r.shogi.immobile.is_empty() {
            for sq in out.iter() {
                if self.immobile_on(r, ty, sq) {
                    out.remove(sq);
                }
            }
        }
        out
    }

    /// The empty squares the drop rules leave a piece of type `ty` of the side
    /// to move.
    #[inline]
    fn drop_region(&self, t: &Tables, r: &Rules, ty: usize) -> WideBitboard {
        let us = self.turn;
        let occ = self.occ[0] | self.occ[1] | self.walls;
        let mut out = board_squares(t) & !occ;
        if let Some(region) = r.drops.region {
            for rank in 0..Sq::from(r.size.ranks()) {
                if region[us] >> rank & 1 == 0 {
                    for f in 0..t.files {
                        out.remove(rank * t.files + f);
                    }
                }
            }
        }
        // A region of single squares (Stardust's).
        if let Some(squares) = r.drops.squares[us] {
            out = out & squares;
        }
        // A piece confined to a mobility region is dropped inside it (xiangqi's
        // soldiers in a crazyhouse xiangqi), as Fairy-Stockfish drops it.
        if r.regions.any()
            && let Some(region) = r.regions.region(&r.pieces[ty].name, us)
        {
            out = out & *region;
        }
        // Sittuyin's rooks enter on the first rank.
        if r.drops.sittuyin_rook_drop && r.pieces[ty].name == "rook" {
            let first = if us == 0 { 0 } else { r.size.ranks() as Sq - 1 };
            for rank in (0..Sq::from(r.size.ranks())).filter(|&rank| rank != first) {
                for f in 0..t.files {
                    out.remove(rank * t.files + f);
                }
            }
        }
        // A royal piece is never dropped where it would stand in check.
        if Some(ty as u8) == t.king {
            let targets = out;
            for sq in targets.iter() {
                if self.attacked(t, sq, us ^ 1) {
                    out.remove(sq);
                }
            }
        }
        if Some(ty as u8) == t.pawn {
            if !r.drops.promotion_zone_pawn_drops {
                out = out & !t.promo_zone[us];
            }
            if !r.drops.first_rank_pawn_drops {
                let first = if us == 0 { 0 } else { r.size.ranks() as Sq - 1 };
                for f in 0..t.files {
                    out.remove(first * t.files + f);
                }
            }
        }
        if let Some(letter) = r.drops.no_doubled
            && r.type_of_letter(letter) == Some(ty as u8)
        {
            let own = code(us, ty);
            for f in 0..t.files {
                let on_file = (0..Sq::from(r.size.ranks()))
                    .filter(|&rank| self.board[usize::from(rank * t.files + f)] == own)
                    .count();
                if on_file >= usize::from(r.drops.no_doubled_count) {
                    for rank in 0..Sq::from(r.size.ranks()) {
                        out.remove(rank * t.files + f);
                    }
                }
            }
        }
        // Reversi's and Ataxx's drops ([`super::enclosing`]).
        self.enclosing_drops(t, r, out)
    }

    /// The drop moves of the side to move (pseudo-legal: a drop that leaves its
    /// king in check is removed by the legality test; one that gives check where
    /// `dropChecks` forbids it is never listed).
    pub(crate) fn drop_moves(&self, t: &Tables, r: &Rules, out: &mut Vec<VariantMove>) {
        let us = self.turn;
        for ty in 0..t.types {
            if self.holdings[us][ty] == 0 && !r.drops.free_drops {
                continue;
            }
            for to in self.drop_targets(t, r, ty).iter() {
                let mv = drop_move(ty, to);
                if !r.drops.checks && self.gives_check(t, r, &mv) {
                    continue;
                }
                if r.drops.opposite_bishops && !self.bishops_stay_apart(t, r, ty, to) {
                    continue;
                }
                out.push(mv);
            }
            // Kyoto shogi: the piece may also enter promoted.
            if r.shogi.drop_promoted {
                self.promoted_drops(r, ty, self.drop_region(t, r, ty), out);
            }
        }
    }

    /// How many drops the side to move has, outside check and where every drop
    /// is legal ([`DropRules::needs_listing`] false): their targets, counted.
    #[inline]
    pub(crate) fn count_drops(&self, t: &Tables, r: &Rules) -> u64 {
        let us = self.turn;
        let mut n = 0;
        let mut any: Option<u64> = None;
        for ty in 0..t.types {
            if self.holdings[us][ty] == 0 && !r.drops.free_drops {
                continue;
            }
            let plain = Some(ty as u8) != t.pawn
                && r.enclosing.drop == super::rules::EnclosingRule::None
                && Some(ty as u8) != t.king
                && r.drops.no_doubled.is_none()
                && r.drops.region.is_none()
                && !r.regions.any();
            n += if plain {
                // Every piece but a restricted one drops on every empty square.
                *any.get_or_insert_with(|| {
                    u64::from(
                        (board_squares(t) & !(self.occ[0] | self.occ[1] | self.walls)).count(),
                    )
                })
            } else {
                u64::from(self.drop_targets(t, r, ty).count())
            };
        }
        n
    }

    /// `dropOppositeColoredBishop`, as Fairy-Stockfish tests it: a bishop may
    /// not join more than half the side's bishops (board and hand) on one
    /// colour of squares; another piece may not take a square the bishops still
    /// to drop need (enough free squares of each colour for half of them).
    fn bishops_stay_apart(&self, t: &Tables, r: &Rules, ty: usize, to: Sq) -> bool {
        let us = self.turn;
        let Some(bishop) = r.type_of_letter('B').map(usize::from) else {
            return true;
        };
        let files = t.files;
        let dark = |s: Sq| (s % files + s / files).is_multiple_of(2);
        let total = usize::from(self.counts[us][bishop]) + usize::from(self.holdings[us][bishop]);
        let ours: Vec<Sq> = self.occ[us]
            .iter()
            .filter(|&s| type_of(self.board[usize::from(s)]) == bishop)
            .collect();
        if ty == bishop {
            let same = ours.iter().filter(|&&s| dark(s) == dark(to)).count();
            return same < total.div_ceil(2);
        }
        let mut spots = ours;
        let mut region = self.drop_targets_of(t, r, us, bishop);
        region.remove(to);
        spots.extend(region.iter());
        let dark_spots = spots.iter().filter(|&&s| dark(s)).count();
        dark_spots >= total / 2 && spots.len() - dark_spots >= total / 2
    }

    /// [`drop_targets`](Self::drop_targets) of colour `c`.
    fn drop_targets_of(&self, t: &Tables, r: &Rules, c: usize, ty: usize) -> WideBitboard {
        let mut probe = *self;
        probe.turn = c;
        probe.drop_targets(t, r, ty)
    }

    /// `castlingDroppedPiece`: after a drop on the side's castling rank, the
    /// rights a king on its castling square and a rook in a corner of that rank
    /// now give (Fairy-Stockfish's rule: the dropped piece makes the pair).
    fn castling_after_drop(&mut self, r: &Rules, ty: usize, to: Sq) {
        let Some(c) = r.castling else { return };
        let us = self.turn;
        let files = Sq::from(r.size.files());
        let rank = State::gate_rank(r, us);
        if to / files != rank {
            return;
        }
        let king_sq = rank * files + Sq::from(c.king_file);
        let Some(king) = r.kind_index(super::rules::PieceKind::King) else {
            return;
        };
        let king_there = self.board[usize::from(king_sq)] == code(us, usize::from(king));
        let corners = [rank * files + files - 1, rank * files];
        for (side, &corner) in corners.iter().enumerate() {
            let pair = if to == king_sq && ty == usize::from(king) {
                self.is_castling_rook(&c, us, corner)
            } else {
                to == corner && c.castles_with(ty) && king_there
            };
            if pair {
                self.castling |= 1 << (2 * us + side);
                self.rook_sq[2 * us + side] = corner;
            }
        }
    }

    /// `mustDrop`: with a legal drop among the legal `moves`, only drops are
    /// legal. With `mustDropType` and a piece of that type in hand, only drops of
    /// it: they are the only legal moves if there is one, else no drop is.
    pub(crate) fn must_drop(&self, r: &Rules, moves: &mut Vec<VariantMove>) {
        if let Some(letter) = r.drops.must_drop_type {
            let Some(ty) = r.type_of_letter(letter) else {
                return;
            };
            if self.holdings[self.turn][usize::from(ty)] == 0 {
                return;
            }
            let of_type = |mv: &VariantMove| mv.is_drop() && mv.gate == ty;
            if moves.iter().any(of_type) {
                moves.retain(of_type);
            } else {
                moves.retain(|mv| !mv.is_drop());
            }
            return;
        }
        if moves.iter().any(|mv| mv.is_drop()) {
            moves.retain(|mv| mv.is_drop());
        }
    }

    /// In check: the squares a drop may stop it on (a superset: the empty
    /// squares the king sees along every line), so that the other drops need
    /// no test; `None` where a drop may also stop a check elsewhere (a hopper's
    /// line beyond its hurdle, a lame leap's block square).
    pub(crate) fn drop_blocks(&self, t: &Tables, king: Sq) -> Option<WideBitboard> {
        if t.has_hoppers || t.lame.iter().any(|&l| l) {
            return None;
        }
        let mut out = WideBitboard::EMPTY;
        for d in 0..t.dirs.len() {
            for &s in t.ray(king, d as u8) {
                if self.board[usize::from(s)] != 0 {
                    break;
                }
                out.insert(s);
            }
        }
        Some(out)
    }

    /// Does the move give check (the opponent's royal attacked after it)?
    fn gives_check(&self, t: &Tables, r: &Rules, mv: &VariantMove) -> bool {
        let mut next = *self;
        next.make(t, r, mv);
        let k = next.kings[next.turn];
        k != NO_SQ && next.attacked(t, k, next.turn ^ 1)
    }

    /// Plays a drop (from [`drop_moves`](Self::drop_moves)): the piece leaves
    /// the hand for its square; the halfmove clock restarts (a drop cannot be
    /// taken back), en passant is gone, castling rights stay.
    pub(crate) fn make_drop(&mut self, t: &Tables, r: &Rules, mv: &VariantMove) {
        let us = self.turn;
        let ty = usize::from(mv.gate);
        if !r.drops.free_drops {
            self.holdings[us][ty] -= 1;
        }
        // A promoted drop (Kyoto shogi) enters as its promoted type.
        let placed = if mv.promotion != NO_TYPE {
            usize::from(mv.promotion)
        } else {
            ty
        };
        self.put(t, mv.to, us, placed);
        self.pawn_drop = placed == usize::from(r.shogi.shogi_pawn);
        if r.drops.castling_dropped_piece {
            self.castling_after_drop(r, ty, mv.to);
        }
        self.halfmove = 0;
        self.ep = [NO_SQ; 2];
        self.ep_victim = NO_SQ;
        if us == 1 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = us ^ 1;
    }

    /// Before a board move is made, with captures to hand or on two boards: the
    /// captured piece (the en-passant victim too) joins the mover's hand, with
    /// captures to hand, a promoted one as a pawn unless the drop loop keeps it
    /// (on two boards it leaves the game: it goes to the partner); the promoted
    /// mark follows the piece and is set on a promotion (only where the FEN
    /// marks promoted pieces, [`DropRules::marks_promoted`]).
    pub(crate) fn hand_before_move(&mut self, t: &Tables, r: &Rules, mv: &VariantMove) {
        if mv.is_castling() {
            return;
        }
        let us = self.turn;
        let capsq = if mv.kind == MoveKind::EnPassant {
            self.ep_victim
        } else {
            mv.to
        };
        if capsq != NO_SQ {
            let q = self.board[usize::from(capsq)];
            if q != 0 && color_of(q) != us {
                let mut ty = type_of(q);
                if self.promoted.contains(capsq) {
                    ty = usize::from(t.pawn.unwrap_or(ty as u8));
                }
                // A shogi promoted piece goes to the hand unpromoted.
                ty = r.shogi.unpromoted(ty);
                if r.drops.captures_to_hand {
                    self.holdings[us][ty] = self.holdings[us][ty].saturating_add(1);
                }
                self.promoted.remove(capsq);
            }
        }
        // Promotions are remembered only where they matter: the drop loop
        // keeps them what they became (and its FEN does not mark them).
        if !r.drops.marks_promoted() {
            return;
        }
        if self.promoted.contains(mv.from) {
            self.promoted.remove(mv.from);
            self.promoted.insert(mv.to);
        }
        // (A shogi promotion changes the type: no mark.)
        if mv.promotion != NO_TYPE
            && !r
                .shogi
                .changes_type(type_of(self.board[usize::from(mv.from)]))
        {
            self.promoted.insert(mv.to);
        }
    }
}

/// The drop of a `ty` on `to`.
#[inline]
pub(crate) fn drop_move(ty: usize, to: Sq) -> VariantMove {
    VariantMove {
        gate: ty as u8,
        ..VariantMove::new(to, to, MoveKind::Drop)
    }
}

/// Every square of the board.
#[inline]
fn board_squares(t: &Tables) -> WideBitboard {
    let mut b = WideBitboard::EMPTY;
    let n = t.squares;
    for (i, word) in b.0.iter_mut().enumerate() {
        let lo = i * 64;
        if n > lo {
            let bits = (n - lo).min(64);
            *word = if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
        }
    }
    b
}

/// A drop as Fairy-Stockfish writes it in UCI (and in SAN, but for a piece
/// with a SAN synonym): the piece's uppercase letter, `@`, the square (`P@e4`).
pub(crate) fn drop_notation(rules: &Rules, mv: &VariantMove) -> String {
    let mut s = String::new();
    push_drop_notation(rules, mv, &mut s);
    s
}

/// Appends [`drop_notation`] to `out`.
pub(crate) fn push_drop_notation(rules: &Rules, mv: &VariantMove, out: &mut String) {
    // A promoted drop (Kyoto shogi): `+N@a1`.
    if mv.promotion != NO_TYPE {
        out.push('+');
    }
    out.push(rules.pieces[usize::from(mv.gate)].letter);
    out.push('@');
    rules.size.push_square_name(mv.to, out);
}

#[cfg(test)]
mod tests {
    use super::super::{Variant, VariantError, VariantPosition, ini};

    fn perft(variant: &str, fen: &str, depth: u32) -> u64 {
        crate::testing::variant_perft(variant, Some(fen), depth)
    }

    /// The pocket counts of Fairy-Stockfish's own test suite (`tests/perft.sh`
    /// in its repository, the "pockets" section).
    #[test]
    fn fairy_stockfish_pocket_perft_counts() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
        for name in ["crazyhouse", "loop", "chessgi"] {
            assert_eq!(perft(name, start, 3), 8902, "{name}");
        }
        let cases = [
            (
                "crazyhouse",
                "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1",
                2,
                75_353,
            ),
            ("crazyhouse", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", 3, 88_634),
            ("crazyhouse", "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1", 3, 88_634),
            (
                "crazyhouse",
                "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
                3,
                58_057,
            ),
            (
                "loop",
                "5R2/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnppp] b - - 1 1",
                2,
                31_983,
            ),
            (
                "chessgi",
                "5Rp1/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnpp] b - - 1 48",
                2,
                32_816,
            ),
        ];
        let placement = [
            (
                "placement",
                "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/QR1BKNN1[BRk] w - - 0 1",
                6,
                17_804,
            ),
            (
                "placement",
                "1n1r1q2/pppppppp/8/8/8/8/PPPPPPPP/1N1B1R1N[KQRBkrbbn] b - - 0 4",
                5,
                145_152,
            ),
            (
                "placement",
                "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1",
                4,
                18_492,
            ),
            (
                "placement",
                "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
                3,
                50_560,
            ),
            (
                "pocketknight",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1",
                3,
                88_617,
            ),
        ];
        for (name, fen, depth, nodes) in cases.into_iter().chain(placement) {
            assert_eq!(perft(name, fen, depth), nodes, "{name} {fen}");
        }
    }

    /// Perft 2 by listing every move and every reply (what the bulk count of
    /// the last ply must equal).
    fn listed_perft_2(pos: &VariantPosition) -> u64 {
        pos.legal_moves()
            .iter()
            .map(|mv| {
                let mut next = pos.clone();
                next.play_unchecked(mv);
                next.legal_moves().len() as u64
            })
            .sum()
    }

    #[test]
    fn perft_counts_the_drops_it_lists() {
        // Bulk counting at the last ply (drops counted, not listed) against the list.
        let v = Variant::builtin("crazyhouse").unwrap();
        let pos = VariantPosition::from_fen(
            &v,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[NPbp] w KQkq - 0 1",
        )
        .unwrap();
        assert_eq!(pos.perft(2), listed_perft_2(&pos));
    }

    #[test]
    fn a_captured_promoted_piece_goes_to_hand_as_a_pawn_unless_looping() {
        // White promotes on b8 (`Q~` in crazyhouse); Black's rook takes it: a
        // pawn in crazyhouse's hand, a queen in loop's.
        let fen = "r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1";
        for (name, promoted, taken) in [
            (
                "crazyhouse",
                "rQ~2k3/8/8/8/8/8/8/4K3[] b - - 0 1",
                "1r2k3/8/8/8/8/8/8/4K3[p] w - - 0 2",
            ),
            (
                "loop",
                "rQ2k3/8/8/8/8/8/8/4K3[] b - - 0 1",
                "1r2k3/8/8/8/8/8/8/4K3[q] w - - 0 2",
            ),
        ] {
            let v = Variant::builtin(name).unwrap();
            let mut pos = VariantPosition::from_fen(&v, fen).unwrap();
            pos.play_uci("b7b8q").unwrap();
            assert_eq!(pos.fen(), promoted, "{name}");
            // The mark is read back: the same position, the same demotion.
            let mut again = VariantPosition::from_fen(&v, promoted).unwrap();
            assert_eq!(again, pos, "{name}");
            pos.play_uci("a8b8").unwrap();
            again.play_uci("a8b8").unwrap();
            assert_eq!(pos.fen(), taken, "{name}");
            assert_eq!(again.fen(), taken, "{name}");
        }
    }

    #[test]
    fn drops_are_written_as_fairy_stockfish_writes_them() {
        let v = Variant::builtin("crazyhouse").unwrap();
        let pos = VariantPosition::from_fen(&v, "2k5/8/8/8/8/8/8/4K3[Nq] w - - 0 1").unwrap();
        let mv = pos.parse_uci("N@b6").unwrap();
        assert_eq!(pos.san(&mv), "N@b6+");
        assert_eq!(pos.parse_move("N@b6+").unwrap(), mv);
        let mut next = pos.clone();
        next.play(&mv).unwrap();
        assert_eq!(next.fen(), "2k5/8/1N6/8/8/8/8/4K3[q] b - - 0 1");
        // Pawns never drop on the first or last rank in crazyhouse.
        let pos = VariantPosition::from_fen(&v, "2k5/8/8/8/8/8/8/4K3[P] w - - 0 1").unwrap();
        assert!(pos.parse_uci("P@a1").is_err() && pos.parse_uci("P@a8").is_err());
        assert!(pos.parse_uci("P@a2").is_ok());
    }

    #[test]
    fn a_user_section_inherits_the_drops_and_bad_values_are_named() {
        let text = "[mycrazy:crazyhouse]\ndropNoDoubled = p\n";
        let v = ini::parse(text).unwrap().remove(0);
        let pos = VariantPosition::from_fen(&v, "2k5/8/8/8/8/8/P7/4K3[P] w - - 0 1").unwrap();
        assert!(pos.parse_uci("P@a3").is_err() && pos.parse_uci("P@b3").is_ok());
        // A drop region of whole ranks: listed and counted alike.
        let text = "[low:crazyhouse]\ndropRegionWhite = *1 *2 *3\ndropRegionBlack = *6 *7 *8\n";
        let v = ini::parse(text).unwrap().remove(0);
        let pos = VariantPosition::from_fen(
            &v,
            "2b5/rppnkNpr/2p1pp2/p7/P2pQP2/b1P5/1P1PPP2/RNB1KBNR[Qp] w - - 1 23",
        )
        .unwrap();
        assert!(pos.parse_uci("Q@h3").is_ok() && pos.parse_uci("Q@h4").is_err());
        assert_eq!(pos.perft(2), listed_perft_2(&pos));
        // A region of single squares (Stardust's): listed and counted alike too.
        let text = "[sq:crazyhouse]\ndropRegionWhite = e4 h3 *1\n";
        let v = ini::parse(text).unwrap().remove(0);
        let pos = VariantPosition::from_fen(
            &v,
            "2b5/rppnkNpr/2p1pp2/p7/P2pQP2/b1P5/1P1PPP2/RNB1KBNR[Qp] w - - 1 23",
        )
        .unwrap();
        assert!(pos.parse_uci("Q@h3").is_ok() && pos.parse_uci("Q@g3").is_err());
        assert_eq!(pos.perft(2), listed_perft_2(&pos));
        let err = ini::parse("[x:crazyhouse]\ndropRegionWhite = e44\n").unwrap_err();
        assert!(err.to_string().contains("dropRegionWhite"), "{err}");
        let err = ini::parse("[x:crazyhouse]\ndropLoop = maybe\n").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.to_string().contains("dropLoop"), "{err}");
        let err = ini::parse("[x:crazyhouse]\ndropNoDoubledCount = few\n").unwrap_err();
        assert!(err.to_string().contains("dropNoDoubledCount"), "{err}");
    }

    #[test]
    fn malformed_pockets_are_fen_errors() {
        let v = Variant::builtin("crazyhouse").unwrap();
        for fen in [
            "4k3/8/8/8/8/8/8/4K3[Qx] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3[Q w - - 0 1",
            "4k3/8/8/8/8/8/8/~4K3[] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K~~3[] w - - 0 1",
        ] {
            let err = VariantPosition::from_fen(&v, fen).unwrap_err();
            assert!(matches!(err, VariantError::Fen { .. }), "{fen}: {err}");
        }
    }
}

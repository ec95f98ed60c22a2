//! Drops: pieces in hand entering the board as a move of their own (`P@e4`), as
//! Fairy-Stockfish plays them (crazyhouse and its family). The rules are data
//! ([`DropRules`], read from the `variants.ini` keys `pieceDrops`,
//! `capturesToHand`, `dropLoop`, `firstRankPawnDrops`, `promotionZonePawnDrops`,
//! `dropNoDoubled`, `dropNoDoubledCount`, `mustDrop`, `dropChecks`,
//! `pocketSize`); the hand is the state's `holdings` (the one Seirawan gating
//! uses), written in the FEN's `[…]` after the board, White's pieces first, each
//! side's from its last piece type to its first (Fairy-Stockfish's order).
//!
//! With captures to hand, a captured piece joins the capturer's hand; a pawn
//! promoted on the board is marked `~` in the FEN (`Q~`) and goes back to the
//! hand as a pawn, unless the variant's drop loop keeps it what it became.

use super::VariantError;
use super::board::{NO_SQ, Sq, WideBitboard};
use super::moves::{MoveKind, NO_TYPE, VariantMove};
use super::rules::Rules;
use super::state::{State, code, color_of, type_of};
use super::tables::Tables;

/// The drop rules of a variant (all off for the variants without drops).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct DropRules {
    /// `pieceDrops`: pieces in hand may be dropped on empty squares.
    pub enabled: bool,
    /// `capturesToHand`: a captured piece joins the capturer's hand.
    pub captures_to_hand: bool,
    /// `dropLoop`: a captured promoted piece keeps its promoted type in hand
    /// (and the FEN does not mark promoted pieces).
    pub drop_loop: bool,
    /// `firstRankPawnDrops`: pawns may be dropped on the side's first rank.
    pub first_rank_pawn_drops: bool,
    /// `promotionZonePawnDrops`: pawns may be dropped in the promotion zone.
    pub promotion_zone_pawn_drops: bool,
    /// `dropNoDoubled`: the letter of the piece type that may not be dropped on a
    /// file already holding `no_doubled_count` of the side's pieces of that type.
    pub no_doubled: Option<char>,
    /// `dropNoDoubledCount` (Fairy-Stockfish's default 1).
    pub no_doubled_count: u8,
    /// `mustDrop`: a side with a legal drop must drop.
    pub must_drop: bool,
    /// `dropChecks`: may a drop give check?
    pub checks: bool,
    /// `pocketSize`: read for the ini's sake (it only sizes Fairy-Stockfish's
    /// displays and networks; it changes no rule and no FEN).
    pub pocket_size: u8,
}

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
        checks: true,
        pocket_size: 0,
    };

    /// Crazyhouse: drops, captures to hand, promoted pieces demoted.
    pub(crate) const CRAZYHOUSE: DropRules = DropRules {
        enabled: true,
        captures_to_hand: true,
        ..DropRules::NONE
    };

    /// Does the FEN mark promoted pieces with `~`, and does a captured one go to
    /// hand as a pawn? (Fairy-Stockfish: captures to hand without the drop loop.)
    #[inline]
    pub(crate) fn demotes(&self) -> bool {
        self.captures_to_hand && !self.drop_loop
    }

    /// Must the legal drops be listed one by one (a rule that looks beyond the
    /// target square), rather than counted by perft?
    #[inline]
    pub(crate) fn needs_listing(&self) -> bool {
        self.enabled && (self.must_drop || !self.checks)
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
            "dropNoDoubledCount" => small("count").and_then(|n| {
                if n == 0 {
                    return Err("a count of 0 forbids nothing: at least 1".to_string());
                }
                self.no_doubled_count = n;
                Ok(())
            }),
            "pocketSize" => small("size").map(|n| self.pocket_size = n),
            _ => return None,
        })
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
        last_piece = true;
    }
    Ok((plain, marks))
}

/// The board field's ranks with promoted pieces marked `~` (for the variants
/// whose FEN marks them, [`DropRules::demotes`]).
pub(crate) fn write_marked_rows(rules: &Rules, state: &State, out: &mut String) {
    let files = usize::from(rules.size.files());
    let ranks = usize::from(rules.size.ranks());
    for rank in (0..ranks).rev() {
        let mut run = 0;
        for f in 0..files {
            let sq = rank * files + f;
            let p = state.board[sq];
            if p == 0 {
                run += 1;
                continue;
            }
            if run > 0 {
                out.push_str(&run.to_string());
                run = 0;
            }
            let l = rules.pieces[type_of(p)].letter;
            out.push(if color_of(p) == 0 {
                l
            } else {
                l.to_ascii_lowercase()
            });
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
    /// on (before any test of check).
    #[inline]
    pub(crate) fn drop_targets(&self, t: &Tables, r: &Rules, ty: usize) -> WideBitboard {
        let us = self.turn;
        let occ = self.occ[0] | self.occ[1];
        let mut out = board_squares(t) & !occ;
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
        out
    }

    /// The drop moves of the side to move (pseudo-legal: a drop that leaves its
    /// king in check is removed by the legality test; one that gives check where
    /// `dropChecks` forbids it is never listed).
    pub(crate) fn drop_moves(&self, t: &Tables, r: &Rules, out: &mut Vec<VariantMove>) {
        let us = self.turn;
        for ty in 0..t.types {
            if self.holdings[us][ty] == 0 {
                continue;
            }
            for to in self.drop_targets(t, r, ty).iter() {
                let mv = drop_move(ty, to);
                if !r.drops.checks && self.gives_check(t, r, &mv) {
                    continue;
                }
                out.push(mv);
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
            if self.holdings[us][ty] == 0 {
                continue;
            }
            let plain = Some(ty as u8) != t.pawn && r.drops.no_doubled.is_none();
            n += if plain {
                // Every piece but a restricted one drops on every empty square.
                *any.get_or_insert_with(|| {
                    u64::from((board_squares(t) & !(self.occ[0] | self.occ[1])).count())
                })
            } else {
                u64::from(self.drop_targets(t, r, ty).count())
            };
        }
        n
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
    pub(crate) fn make_drop(&mut self, t: &Tables, mv: &VariantMove) {
        let us = self.turn;
        let ty = usize::from(mv.gate);
        self.holdings[us][ty] -= 1;
        self.put(t, mv.to, us, ty);
        self.halfmove = 0;
        self.ep = [NO_SQ; 2];
        self.ep_victim = NO_SQ;
        if us == 1 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = us ^ 1;
    }

    /// Before a board move is made, with captures to hand: the captured piece
    /// (the en-passant victim too) joins the mover's hand, a promoted one as a
    /// pawn unless the drop loop keeps it; the promoted mark follows the piece
    /// and is set on a promotion (only without the drop loop: with it, no piece
    /// is ever marked).
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
                self.holdings[us][ty] = self.holdings[us][ty].saturating_add(1);
                self.promoted.remove(capsq);
            }
        }
        // Promotions are remembered only where they matter: the drop loop
        // keeps them what they became (and its FEN does not mark them).
        if !r.drops.demotes() {
            return;
        }
        if self.promoted.contains(mv.from) {
            self.promoted.remove(mv.from);
            self.promoted.insert(mv.to);
        }
        if mv.promotion != NO_TYPE {
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

/// A drop as Fairy-Stockfish writes it in UCI and SAN alike: the piece's
/// uppercase letter, `@`, the square (`P@e4`).
pub(crate) fn drop_notation(rules: &Rules, mv: &VariantMove) -> String {
    {
        let mut s = String::new();
        s.push(rules.pieces[usize::from(mv.gate)].letter);
        s.push('@');
        s.push_str(&rules.size.square_name(mv.to));
        s
    }
}

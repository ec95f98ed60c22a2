//! Take&Make chess ([`TakeMake`]), a condition of chess problems: a man that
//! takes must, in the same move, go on from the capture square with a move
//! that takes nothing, made as the man it took moves (as that man's side
//! moves: a pawn taken makes a step towards its own side's last rank). A
//! capture with no such move is no move. The man ends where the second part
//! ends: a pawn landing on its last rank promotes; a pawn may not land on its
//! own first rank. Moves that take nothing are orthodox.
//!
//! Checks are orthodox in Popeye's default (a man checks where it could
//! take the king, whether or not a second part would follow); under
//! `Absolute` a man checks only where the capture of the king could go on
//! with a king's step that takes nothing.
//!
//! A move of Take&Make keeps the capture square ([`MoveKind::TakeMake`],
//! `gate_sq`): UCI writes it between the two squares (`d2d5f4`: the rook on
//! d2 takes on d5, then makes d5-f4), Popeye `Rd2*d5-f4`.
//!
//! ```
//! use kibitz::variant::{Conditions, Variant, VariantPosition};
//! let tm = Variant::with_conditions("takemake".parse::<Conditions>()?)?;
//! // The rook on d2 takes the knight on d5 and goes on as a knight: to b4,
//! // b6, c3, c7, e3, e7, f4 or f6 (what takes nothing).
//! let pos = VariantPosition::from_fen(&tm, "7k/8/8/3n4/8/8/3R4/K7 w - - 0 1")?;
//! let moves: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
//! assert!(moves.contains(&"d2d5f4".to_string()));
//! assert!(!moves.contains(&"d2d5".to_string()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::board::{NO_SQ, Sq, WideBitboard};
use super::moves::{MoveKind, VariantMove};
use super::rules::Rules;
use super::state::{State, WALL, color_of, type_of};
use super::tables::{MOVE, Tables};

impl State {
    /// The square of the man a capture `mv` takes: its `to` (the capture
    /// square of a Take&Make move), or the pawn passed by an en-passant
    /// capture.
    pub(crate) fn take_make_victim(&self, mv: &VariantMove) -> Sq {
        let at = if mv.kind == MoveKind::TakeMake {
            mv.gate_sq
        } else {
            mv.to
        };
        if self.board[usize::from(at)] == 0 {
            self.ep_victim
        } else {
            at
        }
    }

    /// The squares a man of type `ty` and colour `c` standing on `at`
    /// reaches by a move that takes nothing, on a copy where `at` holds it
    /// and `vacated` (the squares the move has left) are empty. A pawn on its
    /// first rank does not move (Popeye's pawns).
    pub(crate) fn quiet_targets(
        &self,
        t: &Tables,
        r: &Rules,
        vacated: &[Sq],
        at: Sq,
        c: usize,
        ty: usize,
    ) -> WideBitboard {
        let mut probe = *self;
        for &s in vacated {
            if probe.board[usize::from(s)] != 0 {
                probe.remove(t, s);
            }
        }
        if probe.board[usize::from(at)] != 0 {
            probe.remove(t, at);
        }
        let mut out = WideBitboard::EMPTY;
        if Some(ty as u8) == t.pawn {
            let first = if c == 0 { 0 } else { r.size.ranks() - 1 };
            if usize::from(at) / usize::from(t.files) == usize::from(first) {
                return out;
            }
        }
        probe.put(t, at, c, ty);
        probe.turn = c;
        probe.ep = [NO_SQ; 2];
        let mut moves = Vec::new();
        // (As in check: no castling in the second part.)
        probe.piece_moves(t, r, at, true, &mut moves);
        for m in moves {
            if matches!(m.kind, MoveKind::Normal | MoveKind::MultiStep)
                && m.to != at
                && probe.board[usize::from(m.to)] == 0
            {
                out.insert(m.to);
            }
        }
        out
    }

    /// The squares a king of colour `c` on `at` (standing in for the man
    /// there) reaches by a move that takes nothing: its leaps and rides from
    /// the tables (the second part of a capture of a king, in the attack
    /// tests, which have no [`Rules`]).
    pub(crate) fn quiet_king_targets(&self, t: &Tables, at: Sq, c: usize) -> WideBitboard {
        let mut out = WideBitboard::EMPTY;
        let Some(king) = t.king else { return out };
        let ty = usize::from(king);
        let b = &self.board;
        for l in t.leaps_of(c, ty, at) {
            if l.mode & MOVE != 0 && !l.blocked(b) && b[usize::from(l.to)] == 0 {
                out.insert(l.to);
            }
        }
        for ray in &t.rays[c * t.types + ty] {
            if ray.hop.is_some() || ray.mode & MOVE == 0 {
                continue;
            }
            let line = t.ray(at, ray.dir);
            let limit = line.len().min(usize::from(ray.max));
            for &s in &line[..limit] {
                if b[usize::from(s)] != 0 {
                    break;
                }
                out.insert(s);
            }
        }
        out
    }

    /// The pseudo-legal moves under Take&Make into `out`: the orthodox moves
    /// that take nothing (castling among them), and each capture followed by
    /// each second part the man taken would make from the capture square.
    pub(crate) fn take_make_moves(
        &self,
        t: &Tables,
        r: &Rules,
        in_check: bool,
        out: &mut Vec<VariantMove>,
    ) {
        let us = self.turn;
        let start = out.len();
        self.walk_moves(t, r, in_check, out);
        let all: Vec<VariantMove> = out.drain(start..).collect();
        let mut done: Vec<(Sq, Sq)> = Vec::new();
        for mv in all {
            if !self.is_capture(&mv) {
                out.push(mv);
                continue;
            }
            // A pawn taking onto its last rank is listed once per promotion:
            // it promotes only where the second part ends.
            if done.contains(&(mv.from, mv.to)) {
                continue;
            }
            done.push((mv.from, mv.to));
            let victim_sq = self.take_make_victim(&mv);
            let victim = self.board[usize::from(victim_sq)];
            let p = self.board[usize::from(mv.from)];
            let pawn = Some(type_of(p) as u8) == t.pawn;
            let targets = self.quiet_targets(
                t,
                r,
                &[victim_sq, mv.from],
                mv.to,
                color_of(victim),
                type_of(victim),
            );
            // The mover's own side plays the second part (promotions are
            // its own).
            let mut there = *self;
            there.remove(t, victim_sq);
            let own_first = if us == 0 { 0 } else { r.size.ranks() - 1 };
            for to in targets.iter() {
                let take_make = |m: VariantMove| VariantMove {
                    kind: MoveKind::TakeMake,
                    gate_sq: mv.to,
                    ..m
                };
                if !pawn {
                    out.push(take_make(VariantMove::new(mv.from, to, MoveKind::Normal)));
                    continue;
                }
                // Popeye: a pawn may not make to its own first rank.
                if usize::from(to) / usize::from(t.files) == usize::from(own_first) {
                    continue;
                }
                let at = out.len();
                there.push_pawn(t, r, out, mv.from, to);
                for m in &mut out[at..] {
                    *m = take_make(*m);
                }
            }
        }
    }

    /// Take&Make Absolute's attack test: is `sq` attacked by a man of colour
    /// `by` whose capture there (of a king of the other side) could go on
    /// with a king's step that takes nothing? (With `gone` taken as empty.)
    pub(crate) fn take_make_attacked(&self, t: &Tables, sq: Sq, by: usize, gone: Sq) -> bool {
        if !self.observed_by(t, sq, by, gone, u32::MAX) {
            return false;
        }
        let mut probe = *self;
        if gone != NO_SQ && probe.board[usize::from(gone)] != 0 {
            probe.remove(t, gone);
        }
        for from in self.occ[by].iter() {
            if from == sq || !probe.observes_alone(t, from, from, sq, by) {
                continue;
            }
            // The capturer stands on `sq`, the king taken and `from` left.
            let mut there = probe;
            there.board[usize::from(from)] = 0;
            there.board[usize::from(sq)] = 0;
            if !there.quiet_king_targets(t, sq, by ^ 1).is_empty() {
                return true;
            }
        }
        false
    }

    /// Does the man of colour `by` on `from`, moved to `at` (which may be
    /// `from`), observe `sq` by itself? The other men of its side are walls
    /// on a probe: they block and serve as hurdles, but observe nothing.
    pub(crate) fn observes_alone(&self, t: &Tables, from: Sq, at: Sq, sq: Sq, by: usize) -> bool {
        let p = self.board[usize::from(from)];
        let mut probe = *self;
        for s in self.occ[by].iter() {
            probe.board[usize::from(s)] = WALL;
        }
        probe.board[usize::from(from)] = 0;
        probe.board[usize::from(at)] = p;
        probe.occ[by] = WideBitboard::EMPTY;
        probe.occ[by].insert(at);
        probe.observed_by(t, sq, by, NO_SQ, 1 << type_of(p))
    }
}

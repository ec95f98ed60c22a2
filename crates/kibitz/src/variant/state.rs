//! The position's state, copied on every move (copy-make), and make-move.
//! Generation is in `movegen`, attack tests in `attacks`, counting in `perft`.

use super::board::{NO_SQ, Sq, WideBitboard};
use super::moves::{MoveKind, NO_TYPE, VariantMove};
use super::rules::{CastlingRules, Gating, MAX_TYPES, Rules};
use super::tables::{MOVE, Tables};

/// Piece code on a square: 0 empty, else `1 + 2 × type + colour`.
#[inline]
pub(crate) fn code(c: usize, t: usize) -> u8 {
    (1 + 2 * t + c) as u8
}

/// A wall square's code on the board (`*` in a FEN, as Fairy-Stockfish's wall
/// squares): no piece stands on it, enters it or rides through it, so move
/// generation and the attack tests see an occupied square of neither colour.
/// It is no `code(c, t)` (those stay below `2 × MAX_TYPES + 1`): every reader
/// that takes an occupied square for a piece tests for it first.
pub(crate) const WALL: u8 = u8::MAX;

/// Is the square's code `p` a piece of colour `c` (not empty, not a wall)?
#[inline]
pub(crate) fn is_piece_of(p: u8, c: usize) -> bool {
    p != 0 && p != WALL && color_of(p) == c
}

#[inline]
pub(crate) fn color_of(p: u8) -> usize {
    usize::from((p - 1) & 1)
}

#[inline]
pub(crate) fn type_of(p: u8) -> usize {
    usize::from((p - 1) >> 1)
}

/// Everything that changes from move to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct State {
    pub board: [u8; 256],
    pub occ: [WideBitboard; 2],
    /// 0 White, 1 Black.
    pub turn: usize,
    /// Bits: 0 White kingside, 1 White queenside, 2 Black kingside, 3 Black queenside.
    pub castling: u8,
    /// The rook squares of the four castling rights.
    pub rook_sq: [Sq; 4],
    /// En-passant target squares (up to two, for triple steps) and the pawn to take.
    pub ep: [Sq; 2],
    pub ep_victim: Sq,
    pub halfmove: u32,
    pub fullmove: u32,
    pub kings: [Sq; 2],
    pub counts: [[u16; MAX_TYPES]; 2],
    /// Seirawan holdings.
    pub holdings: [[u8; MAX_TYPES]; 2],
    /// Gates: a bit per file of the side's gating rank.
    pub gates: [u16; 2],
    /// Musketeer: the piece type over each file.
    pub musketeer: [[u8; 16]; 2],
    /// Musketeer: the types each side chose (a bit per type), extra promotion choices.
    pub chosen: [u32; 2],
    /// The pawns of each colour (kept by `put` and `remove`).
    pub pawns: [WideBitboard; 2],
    /// The pieces of both colours of the types [`Tables::watched`] (the
    /// extinction types and their kin; kept by `put` and `remove`): the
    /// pseudo-royal pieces are among them, found without scanning the board.
    pub watched: WideBitboard,
    /// Drops: the promoted pieces (marked `~` in a crazyhouse FEN).
    pub promoted: WideBitboard,
    /// The counting rule ([`super::counting`]): the limit in plies (0: no count
    /// running) and the plies counted.
    pub counting_limit: u16,
    pub counting_ply: u16,
    /// Check counting: the checks each side still has to give (FEN `3+3`).
    pub checks: [u8; 2],
    /// Did the last move drop a shogi pawn ([`super::shogi`]: a mate by it is lost)?
    pub pawn_drop: bool,
    /// Shatar ([`super::historic`]): per colour, its last position to move
    /// (not in the FEN): 0 not in check (or not known), 1 in check in a run
    /// of checks without a shak, 2 in a run with one.
    pub shak_run: [u8; 2],
    /// Janggi ([`super::palace`]): the passes just played, one after the
    /// other (0 to 2; not in the FEN).
    pub passes: u8,
    /// Circe and Anticirce ([`super::conditions`]): which castling men have
    /// not moved, as Popeye keeps them (a bit per colour for the king and
    /// each rook), since a rebirth on its home square lets a man castle again.
    pub castling_men: u8,
    /// The wall squares (`*` in the FEN; [`WALL`] on the board), fixed for
    /// the game but where walling moves add them ([`super::walling`]): kept
    /// here beside the board so that the set-based readers (drop targets,
    /// empty squares) leave them out too.
    pub walls: WideBitboard,
    /// Castle chess ([`super::castle_wins`]): the castling right (a bit as
    /// `castling`) the move just played used; 0 for any other move, in a
    /// position read from a FEN, and in a variant without `castlingWins`.
    pub castled: u8,
}

impl State {
    pub fn empty() -> State {
        State {
            board: [0; 256],
            occ: [WideBitboard::EMPTY; 2],
            turn: 0,
            castling: 0,
            rook_sq: [NO_SQ; 4],
            ep: [NO_SQ; 2],
            ep_victim: NO_SQ,
            halfmove: 0,
            fullmove: 1,
            kings: [NO_SQ; 2],
            counts: [[0; MAX_TYPES]; 2],
            holdings: [[0; MAX_TYPES]; 2],
            gates: [0; 2],
            musketeer: [[NO_TYPE; 16]; 2],
            chosen: [0; 2],
            pawns: [WideBitboard::EMPTY; 2],
            watched: WideBitboard::EMPTY,
            promoted: WideBitboard::EMPTY,
            counting_limit: 0,
            counting_ply: 0,
            checks: [0; 2],
            pawn_drop: false,
            shak_run: [0; 2],
            passes: 0,
            castling_men: 0,
            walls: WideBitboard::EMPTY,
            castled: 0,
        }
    }

    /// Is the piece on `sq` one of colour `c`'s pieces that castle with the king
    /// (the variant's castling rook types)?
    pub(crate) fn is_castling_rook(&self, castling: &CastlingRules, c: usize, sq: Sq) -> bool {
        let p = self.board[usize::from(sq)];
        is_piece_of(p, c) && castling.castles_with(type_of(p))
    }

    /// Calls `each` with the square of every two- or three-square step the pawn
    /// on `from` of the side to move may make (the rule of the variant's
    /// double- and triple-step regions: every square passed and the one
    /// reached empty): the one rule move generation and perft share.
    #[inline]
    pub(crate) fn pawn_multi_steps(&self, t: &Tables, from: Sq, mut each: impl FnMut(Sq)) {
        let us = self.turn;
        let (double, triple) = (
            t.double_zone[us].contains(from),
            t.triple_zone[us].contains(from),
        );
        if !double && !triple {
            return;
        }
        let step = i32::from(t.files) * if us == 0 { 1 } else { -1 };
        let at = |k: i32| -> Option<Sq> {
            let s = i32::from(from) + k * step;
            (0..t.squares as i32).contains(&s).then_some(s as Sq)
        };
        let mut steps = 1;
        while steps < 3 {
            let Some(s) = at(steps) else { break };
            if self.board[usize::from(s)] != 0 {
                break;
            }
            steps += 1;
            let allowed = if steps == 2 { double } else { triple };
            let Some(to) = at(steps) else { break };
            if self.board[usize::from(to)] != 0 {
                break;
            }
            if allowed {
                each(to);
            }
            if !triple {
                break;
            }
        }
    }

    #[inline]
    pub fn put(&mut self, t: &Tables, sq: Sq, c: usize, ty: usize) {
        self.board[usize::from(sq)] = code(c, ty);
        self.occ[c].insert(sq);
        self.counts[c][ty] += 1;
        if Some(ty as u8) == t.king {
            self.kings[c] = sq;
        }
        if Some(ty as u8) == t.pawn {
            self.pawns[c].insert(sq);
        }
        if t.watched >> ty & 1 != 0 {
            self.watched.insert(sq);
        }
    }

    #[inline]
    pub fn remove(&mut self, t: &Tables, sq: Sq) {
        let p = self.board[usize::from(sq)];
        let (c, ty) = (color_of(p), type_of(p));
        self.board[usize::from(sq)] = 0;
        self.occ[c].remove(sq);
        self.pawns[c].remove(sq);
        self.watched.remove(sq);
        self.counts[c][ty] -= 1;
        if Some(ty as u8) == t.king && self.kings[c] == sq {
            self.kings[c] = NO_SQ;
        }
    }

    /// Musketeer: the chosen types, read from the position as its FEN shows it (the
    /// pieces over the files and the non-orthodox pieces on the board), so that a
    /// position and its FEN promote alike.
    pub fn derive_chosen(&mut self, r: &Rules) {
        if !r.chosen_promotions {
            return;
        }
        for c in 0..2 {
            self.chosen[c] = 0;
            for t in 0..r.pieces.len() {
                let special = r.pieces[t].kind == super::rules::PieceKind::Other
                    && !r.promotion_types.contains(&(t as u8));
                let over =
                    (0..16).any(|f| self.gates[c] >> f & 1 != 0 && self.musketeer[c][f] == t as u8);
                if special && (over || self.counts[c][t] > 0) {
                    self.chosen[c] |= 1 << t;
                }
            }
        }
    }

    /// Musketeer: a king in check gates only when it captures the checking
    /// piece (the published rules); leaving its square otherwise it enters
    /// nothing, and the gate is lost as with any departure. Strips the gate from
    /// the other king moves among the pseudo-legal `moves` of a side in check.
    pub fn musketeer_evasions(&self, t: &Tables, moves: &mut [VariantMove]) {
        let king = self.kings[self.turn];
        for mv in moves.iter_mut() {
            if mv.gate != NO_TYPE
                && mv.from == king
                && mv.gate_sq == king
                && !self.checks_from(t, mv.to)
            {
                mv.gate = NO_TYPE;
                mv.gate_sq = NO_SQ;
            }
        }
    }

    /// Does the enemy piece on `sq` attack the king of the side to move? (The
    /// other enemy pieces are turned into ours on a copy: they still block and
    /// serve as hurdles, but attack nothing.)
    pub(crate) fn checks_from(&self, t: &Tables, sq: Sq) -> bool {
        let us = self.turn;
        let them = us ^ 1;
        let p = self.board[usize::from(sq)];
        if !is_piece_of(p, them) {
            return false;
        }
        let mut probe = *self;
        for s in self.occ[them].iter().filter(|&s| s != sq) {
            let q = probe.board[usize::from(s)];
            probe.board[usize::from(s)] = code(us, type_of(q));
        }
        probe.attacked(t, self.kings[us], them)
    }

    /// Is the enemy piece on `sq` the one piece that checks the king of the
    /// side to move (Fairy-Stockfish's `checkers() == sq`)? It checks, and with
    /// it made ours on a copy (still a blocker and a hurdle) nothing else does.
    pub(crate) fn only_checker(&self, t: &Tables, sq: Sq) -> bool {
        if !self.checks_from(t, sq) {
            return false;
        }
        let us = self.turn;
        let mut probe = *self;
        probe.board[usize::from(sq)] = code(us, type_of(self.board[usize::from(sq)]));
        !probe.attacked(t, self.kings[us], us ^ 1)
    }

    /// The gating rank of colour `c` (its castling rank for castling variants, else its first rank).
    #[inline]
    pub fn gate_rank(r: &Rules, c: usize) -> Sq {
        let rel = r.castling.map_or(0, |k| k.rank);
        Sq::from(if c == 0 {
            rel
        } else {
            r.size.ranks() - 1 - rel
        })
    }

    /// Plays a pseudo-legal move.
    pub fn make(&mut self, t: &Tables, r: &Rules, mv: &VariantMove) {
        self.castled = 0;
        if mv.kind == MoveKind::Pass {
            // A pass by a pawn (the first piece of a side without a king) is
            // no move it could undo: it resets the n-move count, as in
            // Fairy-Stockfish, where a king's pass does not.
            let (us, p) = (self.turn, self.board[usize::from(mv.from)]);
            let resets = p != 0
                && (Some(type_of(p) as u8) == t.pawn
                    || (t.n_move_custom[us] >> type_of(p)) & 1 != 0);
            self.make_pass();
            if resets {
                self.halfmove = 0;
            }
            return;
        }
        self.passes = 0;
        if r.drops.enabled {
            self.pawn_drop = false;
            if mv.kind == MoveKind::Drop {
                let us = self.turn;
                self.make_drop(t, r, mv);
                self.flip_enclosed(t, r, mv.to, us);
                // A drop may give a counted check too (check shogi).
                if r.ends.hooks_make {
                    self.after_move_ends(t, r, mv.to, false, us, usize::from(mv.gate));
                }
                return;
            }
            if r.drops.captures_to_hand || r.drops.two_boards {
                self.hand_before_move(t, r, mv);
            }
        }
        let us = self.turn;
        let them = us ^ 1;
        if r.ends.shatar_mate {
            self.shak_run[us] = self.shak_run_now(t, r);
        }
        let files = t.files;
        let p = self.board[usize::from(mv.from)];
        let ty = type_of(p);
        self.halfmove = self.halfmove.saturating_add(1);
        // A shogi promotion is irreversible too, where no move demotes.
        if Some(ty as u8) == t.pawn
            || (mv.promotion != NO_TYPE && !r.shogi.demotion)
            || ((t.n_move_custom[us] >> ty) & 1 != 0 && !self.reversible(t, ty, mv))
        {
            self.halfmove = 0;
        }
        // The counting rule needs to know what the move took.
        // (A pawn promoting on its own square, in Sittuyin, takes nothing.)
        let in_place = mv.from == mv.to;
        let counted_capture = r.regions.counting != super::rules::CountingRule::None
            && !in_place
            && self.board[usize::from(mv.to)] != 0;
        let captured_pawn = counted_capture
            && t.pawn
                .is_some_and(|pw| type_of(self.board[usize::from(mv.to)]) == usize::from(pw));
        let old_ep = self.ep_victim;
        let captured = r.ends.hooks_make
            && (mv.kind == MoveKind::EnPassant
                || (!mv.is_castling() && !in_place && self.board[usize::from(mv.to)] != 0));
        // Circe and Anticirce ([`super::conditions`]) need what was taken.
        let victim = self.rebirth_victim(t, mv);
        self.ep = [NO_SQ; 2];
        self.ep_victim = NO_SQ;
        match mv.kind {
            MoveKind::CastleKingside | MoveKind::CastleQueenside => {
                let side = usize::from(mv.kind == MoveKind::CastleQueenside);
                // Kept only where castling is a goal: elsewhere a position after
                // castling equals the one its FEN reads.
                if r.castling_wins != 0 {
                    self.castled = 1 << (2 * us + side);
                }
                let rook = self.rook_sq[2 * us + side];
                let rty = type_of(self.board[usize::from(rook)]);
                self.remove(t, mv.from);
                self.remove(t, rook);
                self.put(t, mv.to, us, ty);
                self.put(t, self.castle_rook_to(mv), us, rty);
                self.clear_rights_at(r, rook);
                if r.opposite_castling {
                    self.castling &= !(1 << (2 * (us ^ 1) + side));
                }
            }
            _ => {
                if mv.kind == MoveKind::TakeMake {
                    // Take&Make ([`super::take_make`]): the man taken first;
                    // the man goes on to an empty square (or the one it left).
                    // (The en-passant square is reset already: `old_ep`.)
                    let victim = if self.board[usize::from(mv.gate_sq)] != 0 {
                        mv.gate_sq
                    } else {
                        old_ep
                    };
                    self.remove(t, victim);
                    self.halfmove = 0;
                    if self.castling != 0 {
                        self.clear_rights_at(r, victim);
                    }
                } else if mv.kind == MoveKind::EnPassant {
                    self.remove(t, old_ep);
                    self.halfmove = 0;
                } else if self.board[usize::from(mv.to)] != 0 && !in_place {
                    self.remove(t, mv.to);
                    self.halfmove = 0;
                    // A gate is lost when the piece on its square is captured.
                    if r.gating != Gating::None && mv.to / files == Self::gate_rank(r, them) {
                        self.gates[them] &= !(1 << (mv.to % files));
                    }
                }
                self.remove(t, mv.from);
                let new_ty = if mv.promotion != NO_TYPE {
                    usize::from(mv.promotion)
                } else {
                    ty
                };
                self.put(t, mv.to, us, new_ty);
                if mv.kind == MoveKind::MultiStep {
                    self.set_ep(t, r, mv);
                } else if (t.initial_ep >> ty) & 1 != 0
                    && mv.promotion == NO_TYPE
                    && t.initial_only[(us * t.types + ty) * t.squares + usize::from(mv.from)]
                        .contains(mv.to)
                {
                    self.set_initial_ep(t, r, mv);
                }
            }
        }
        if self.castling != 0 {
            self.chess960_king_moves(t, r, ty);
            self.clear_rights_at(r, mv.from);
            self.clear_rights_at(r, mv.to);
        }
        if t.conditions.rebirths() {
            let reborn = if victim != 0 {
                self.rebirth(t, mv.to, victim, us)
            } else {
                NO_SQ
            };
            self.castling_after_rebirth(r, mv.from, mv.to, reborn);
        }
        if r.gating != Gating::None {
            let rank = Self::gate_rank(r, us);
            if mv.gate != NO_TYPE {
                self.put(t, mv.gate_sq, us, usize::from(mv.gate));
                if r.gating == Gating::Seirawan {
                    self.holdings[us][usize::from(mv.gate)] -= 1;
                }
            }
            if mv.from / files == rank {
                self.gates[us] &= !(1 << (mv.from % files));
            }
            if mv.is_castling() {
                let side = usize::from(mv.kind == MoveKind::CastleQueenside);
                let rook = self.rook_sq[2 * us + side];
                self.gates[us] &= !(1 << (rook % files));
            }
            if r.gating == Gating::Seirawan
                && !r.drops.captures_to_hand
                && self.holdings[us][..t.types].iter().all(|&h| h == 0)
            {
                self.gates[us] = 0;
            }
            if r.gating == Gating::Musketeer {
                for c in 0..2 {
                    for f in 0..16 {
                        if self.gates[c] >> f & 1 == 0 {
                            self.musketeer[c][f] = NO_TYPE;
                        }
                    }
                }
                self.derive_chosen(r);
            }
        }
        if r.regions.cambodian_moves {
            self.cambodian_gates(r, mv, us, ty);
        }
        if r.walling.active() {
            self.place_wall(r, mv);
        }
        if us == 1 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = them;
        self.flip_enclosed(t, r, mv.to, us);
        if r.regions.counting != super::rules::CountingRule::None {
            let promoted = mv.promotion != NO_TYPE;
            self.update_counting(t, r, captured_pawn, counted_capture || promoted);
        }
        if r.ends.hooks_make {
            self.after_move_ends(t, r, mv.to, captured, us, ty);
        }
    }

    #[inline]
    pub(crate) fn clear_rights_at(&mut self, r: &Rules, sq: Sq) {
        let Some(rules) = r.castling else { return };
        // Kings and castling rooks stand on the castling ranks.
        let rank = sq / Sq::from(r.size.files());
        if rank != Self::gate_rank(r, 0) && rank != Self::gate_rank(r, 1) {
            return;
        }
        for c in 0..2 {
            // (A Chess960 king has moved on already: see `chess960_king_moves`.)
            let king = if r.chess960 {
                NO_SQ
            } else {
                Self::gate_rank(r, c) * Sq::from(r.size.files()) + Sq::from(rules.king_file)
            };
            for side in 0..2 {
                let i = 2 * c + side;
                if self.castling >> i & 1 != 0 && (sq == king || sq == self.rook_sq[i]) {
                    self.castling &= !(1 << i);
                    self.rook_sq[i] = NO_SQ;
                }
            }
        }
    }

    fn set_ep(&mut self, t: &Tables, r: &Rules, mv: &VariantMove) {
        if !r.en_passant {
            return;
        }
        let them = self.turn ^ 1;
        let pawn = usize::from(t.pawn.unwrap_or(0));
        let step = i32::from(t.files) * if self.turn == 0 { 1 } else { -1 };
        let mut n = 0;
        let mut s = i32::from(mv.from) + step;
        while s != i32::from(mv.to) {
            let sq = s as Sq;
            // Where other pieces take en passant, every square passed counts
            // (as Fairy-Stockfish's).
            let capturable = t.pawn_sets.en_passant[them] & !(1 << pawn) != 0
                || t.leap_attackers(them, sq).iter().any(|a| {
                    (a.types >> pawn) & 1 != 0
                        && self.board[usize::from(a.from)] == code(them, pawn)
                });
            if capturable && r.ends.en_passant_ranks[them] >> (sq / t.files) & 1 != 0 {
                self.ep[n] = sq;
                n += 1;
            }
            s += step;
        }
        if n > 0 {
            self.ep_victim = mv.to;
        }
    }

    /// Was the piece's move undoable (can a `ty` on `mv.to` step back to
    /// `mv.from` by a quiet move on an empty board)? Such moves of an n-move
    /// type do not reset the count (Fairy-Stockfish's sideways pawn steps).
    fn reversible(&self, t: &Tables, ty: usize, mv: &VariantMove) -> bool {
        let us = self.turn;
        let i = (us * t.types + ty) * t.squares + usize::from(mv.to);
        if t.leap_move_bb[i].contains(mv.from) {
            return true;
        }
        t.rides_of(us, ty, mv.to).iter().any(|line| {
            line.mode & MOVE != 0
                && t.ray_squares[line.start as usize..line.start as usize + usize::from(line.len)]
                    .contains(&mv.from)
        })
    }

    /// After an initial move that no other move of the piece makes: the
    /// squares from past `mv.from` up to `mv.to` on its line (`mv.to` alone off
    /// a line) in the en-passant region of the side to take, as
    /// Fairy-Stockfish's `between_bb`; the piece taken is the moved one (where
    /// its square is among them), else the nearest of the mover's pieces
    /// behind the square on its file.
    fn set_initial_ep(&mut self, t: &Tables, r: &Rules, mv: &VariantMove) {
        if !r.en_passant {
            return;
        }
        let us = self.turn;
        let them = us ^ 1;
        let files = i32::from(t.files);
        let (fx, fy) = (i32::from(mv.from) % files, i32::from(mv.from) / files);
        let (tx, ty) = (i32::from(mv.to) % files, i32::from(mv.to) / files);
        let (dx, dy) = (tx - fx, ty - fy);
        let aligned = dx == 0 || dy == 0 || dx.abs() == dy.abs();
        let mut squares = [NO_SQ; 2];
        let mut n = 0;
        let steps = if aligned { dx.abs().max(dy.abs()) } else { 1 };
        for k in 1..=steps {
            let sq = if aligned {
                ((fy + k * dy.signum()) * files + fx + k * dx.signum()) as Sq
            } else {
                mv.to
            };
            if r.ends.en_passant_ranks[them] >> (sq / t.files) & 1 != 0 && n < 2 {
                squares[n] = sq;
                n += 1;
            }
        }
        if n == 0 {
            return;
        }
        squares[..n].sort_unstable();
        self.ep = squares;
        self.ep_victim = self.ep_capture_square(t, us);
        if self.ep_victim == NO_SQ {
            self.ep = [NO_SQ; 2];
        }
    }

    /// The square of the piece an en-passant capture takes (Fairy-Stockfish's
    /// `capture_square`): an occupied en-passant square (the frontmost for
    /// `mover`, the side whose piece is taken), else the nearest `mover`
    /// piece beyond the first en-passant square on its file, seen from the taker.
    pub(crate) fn ep_capture_square(&self, t: &Tables, mover: usize) -> Sq {
        let occupied: Vec<Sq> = self
            .ep
            .iter()
            .copied()
            .filter(|&s| s != NO_SQ && self.board[usize::from(s)] != 0)
            .collect();
        // The taker is `mover`'s opponent: White takes the lowest, Black the highest.
        let taker = mover ^ 1;
        if let Some(&sq) = if taker == 0 {
            occupied.first()
        } else {
            occupied.last()
        } {
            return sq;
        }
        let step = if mover == 0 {
            i32::from(t.files)
        } else {
            -i32::from(t.files)
        };
        let mut s = i32::from(self.ep[0]) + step;
        while (0..t.squares as i32).contains(&s) {
            let q = self.board[s as usize];
            if is_piece_of(q, mover) {
                return s as Sq;
            }
            s += step;
        }
        NO_SQ
    }
}

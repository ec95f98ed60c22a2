//! Game ends and capture rules beyond checkmate and stalemate, as data, after
//! Fairy-Stockfish's `Variant` fields of the same names: flag goals (King of the
//! Hill, Racing Kings), check counting (Three-check), extinction (Antichess,
//! Horde, Extinction, Three Kings), compulsory captures, moves that may not
//! give check, and atomic captures ([`super::atomic`]).
//!
//! A variant that uses none of them never comes here: the move generator and
//! perft test one flag ([`EndRules::hooks_moves`]) once per position, and the
//! fast paths stay as they were. A variant that does use them has its legal
//! moves listed and tested one by one, because a game end removes every move
//! (Fairy-Stockfish's legal move list is empty once the game has ended).

use super::atomic::PseudoRoyals;
use super::board::{BoardSize, NO_SQ, Sq, WideBitboard, count128};
use super::moves::{MoveKind, NO_TYPE, VariantMove};
use super::rules::{Cell, EndRules, GameValue, PieceDef, PieceKind, Rules, VariantOutcome, piece};
use super::state::{State, code, is_piece_of, type_of};
use super::tables::{CAPTURE, MOVE, Tables};

impl Default for EndRules {
    fn default() -> EndRules {
        EndRules {
            // Fairy-Stockfish's default: any piece (`ALL_PIECES`).
            flag_letter: [Some('*'); 2],
            flag_cells: [Vec::new(), Vec::new()],
            flag_move: false,
            flag_piece_count: 1,
            flag_piece_blocked_win: false,
            flag_piece_safe: false,
            checking: true,
            check_counting: false,
            extinction_value: None,
            extinction_claim: false,
            extinction_letters: Vec::new(),
            extinction_piece_count: 0,
            extinction_opponent_piece_count: 0,
            extinction_pseudo_royal: false,
            duple_check: false,
            must_capture: false,
            pass_on_stalemate: [false; 2],
            stalemate_piece_count: false,
            shatar_mate: false,
            blast_on_capture: false,
            blast_immune_letters: Vec::new(),
            mutually_immune_letters: Vec::new(),
            petrify_letters: Vec::new(),
            castling_king_letter: None,
            n_move_rule: 50,
            n_fold_rule: 3,
            n_fold_value: GameValue::Draw,
            n_fold_value_absolute: false,
            perpetual_check_illegal: false,
            move_repetition_illegal: false,
            en_passant_ranks: [u16::MAX; 2],
            flag_region: [WideBitboard::EMPTY; 2],
            flag_types: [0; 2],
            flag_is_king: [false; 2],
            extinction_types: 0,
            extinction_kin: Vec::new(),
            extinction_all: false,
            blast_immune: 0,
            mutually_immune: 0,
            petrify: 0,
            castling_king_type: None,
            hooks_moves: false,
            hooks_make: false,
        }
    }
}

impl EndRules {
    /// Turns the letters into type indices and the cells into squares of a
    /// board of `size`, and sets the hook flags; an error names a letter that
    /// is no piece of the variant or a cell off the board.
    pub fn resolve(&mut self, pieces: &[PieceDef], size: BoardSize) -> Result<(), String> {
        for c in 0..2 {
            let mut region = WideBitboard::EMPTY;
            for &cell in &self.flag_cells[c] {
                let (files, ranks) = (i32::from(size.files()), i32::from(size.ranks()));
                let squares: Vec<(i32, i32)> = match cell {
                    Cell::Square(f, r) => vec![(i32::from(f), i32::from(r))],
                    Cell::Rank(r) => (0..files).map(|f| (f, i32::from(r))).collect(),
                    Cell::File(f) => (0..ranks).map(|r| (i32::from(f), r)).collect(),
                };
                for (f, r) in squares {
                    let sq = size
                        .square_index(f, r)
                        .ok_or_else(|| format!("flag region: {cell:?} is off the {size} board"))?;
                    region.insert(sq);
                }
            }
            self.flag_region[c] = region;
        }
        let find = |l: char, key: &str| -> Result<u8, String> {
            pieces
                .iter()
                .position(|p| p.letter == l.to_ascii_uppercase())
                .map(|i| i as u8)
                .ok_or_else(|| format!("{key}: `{l}` is not a piece of the variant"))
        };
        for c in 0..2 {
            self.flag_types[c] = match self.flag_letter[c] {
                // No region, no flag: the flag hooks stay off (the fast path).
                _ if self.flag_region[c].is_empty() => 0,
                None => 0,
                Some('*') => u32::MAX,
                Some(l) => 1 << find(l, "flagPiece")?,
            };
            self.flag_is_king[c] = self.flag_types[c].count_ones() == 1
                && pieces[self.flag_types[c].trailing_zeros() as usize].kind == PieceKind::King;
        }
        self.extinction_types = 0;
        self.extinction_all = false;
        for &l in &self.extinction_letters {
            if l == '*' {
                self.extinction_all = true;
            } else {
                self.extinction_types |= 1 << find(l, "extinctionPieceTypes")?;
            }
        }
        self.blast_immune = 0;
        for &l in &self.blast_immune_letters {
            self.blast_immune |= 1 << find(l, "blastImmuneTypes")?;
        }
        self.mutually_immune = 0;
        for &l in &self.mutually_immune_letters {
            self.mutually_immune |= 1 << find(l, "mutuallyImmuneTypes")?;
        }
        self.petrify = 0;
        for &l in &self.petrify_letters {
            self.petrify |= 1 << find(l, "petrifyOnCaptureTypes")?;
        }
        // Petrification beside atomic captures (Fairy-Stockfish's `nuclear`)
        // is not played exactly yet: refused rather than played wrong.
        if self.petrify != 0 && self.blast_on_capture {
            return Err("petrifyOnCaptureTypes with blastOnCapture is not supported".to_string());
        }
        // A castling king no longer in the game (Fairy-Stockfish's massacre
        // removes giveaway's commoner): nothing castles with it, as there, where
        // the key names a piece type, not a letter.
        self.castling_king_type = match self.castling_king_letter {
            Some(l) => match find(l, "castlingKingPiece") {
                Ok(t) => (pieces[usize::from(t)].kind != PieceKind::King).then_some(t),
                Err(_) => None,
            },
            None => None,
        };
        self.hooks_make = self.blast_on_capture || self.check_counting || self.petrify != 0;
        self.hooks_moves = self.hooks_make
            || self.flag_types != [0; 2]
            || !self.checking
            || self.extinction_value.is_some()
            || self.extinction_pseudo_royal
            || self.must_capture
            || self.pass_on_stalemate != [false; 2]
            || self.stalemate_piece_count
            || self.mutually_immune != 0
            || self.castling_king_type.is_some();
        Ok(())
    }
}

impl State {
    /// The number of pieces of colour `c`.
    pub(crate) fn piece_count(&self, c: usize) -> u32 {
        self.occ[c].count()
    }

    /// Has colour `c` reached its flag (Fairy-Stockfish's `flag_reached`)?
    /// With `flagPieceSafe` (and no `flagMove`, or for the side that just
    /// moved), a region holding just enough flag pieces counts only if none
    /// of them is attacked.
    fn flag_reached(&self, t: &Tables, r: &Rules, c: usize) -> bool {
        let e = &r.ends;
        if e.flag_types[c] == 0 {
            return false;
        }
        let region = e.flag_region[c];
        let mut n = 0;
        for sq in region.iter() {
            if self.occ[c].contains(sq)
                && e.flag_types[c] >> type_of(self.board[usize::from(sq)]) & 1 != 0
            {
                n += 1;
            }
        }
        let reached = n > 0
            && (n >= e.flag_piece_count
                || (e.flag_piece_blocked_win
                    && region.iter().all(|sq| self.board[usize::from(sq)] != 0)));
        if reached
            && e.flag_piece_safe
            && (!e.flag_move || c != self.turn)
            && n == e.flag_piece_count
        {
            return region.iter().all(|sq| {
                !(self.occ[c].contains(sq)
                    && e.flag_types[c] >> type_of(self.board[usize::from(sq)]) & 1 != 0
                    && self.attacked(t, sq, c ^ 1))
            });
        }
        reached
    }

    /// The game's end by a variant rule before any move is looked at (Fairy-
    /// Stockfish's `is_immediate_game_end`, in its order): extinction, flags,
    /// check counting. Its value is the side to move's.
    pub(crate) fn immediate_end(&self, t: &Tables, r: &Rules) -> Option<VariantOutcome> {
        let e = &r.ends;
        let us = self.turn;
        let them = us ^ 1;
        if let Some(value) = e.extinction_value
            && (!e.extinction_pseudo_royal || e.blast_on_capture)
        {
            for c in [them, us] {
                let claim = u32::from(e.extinction_claim && c == us);
                let extinct = |mine: u32, theirs: u32| {
                    mine <= e.extinction_piece_count
                        && theirs >= e.extinction_opponent_piece_count + claim
                };
                let by_all =
                    e.extinction_all && extinct(self.piece_count(c), self.piece_count(c ^ 1));
                // (Over the extinction types' bits only.)
                let mut types = e.extinction_types;
                let by_type = core::iter::from_fn(|| {
                    (types != 0).then(|| {
                        let ty = types.trailing_zeros() as usize;
                        types &= types - 1;
                        ty
                    })
                })
                .any(|ty| {
                    ty < t.types
                        && extinct(
                            self.extinction_count(r, c, ty, true),
                            self.extinction_count(r, c ^ 1, ty, true),
                        )
                });
                if by_all || by_type {
                    let v = if c == us { value } else { negate(value) };
                    return Some(VariantOutcome::Extinction(v));
                }
            }
        }
        if e.flag_types != [0; 2] {
            if (e.flag_move || e.flag_piece_safe) && self.flag_reached(t, r, us) {
                // Both kings there, White's first: Racing Kings' draw; both
                // sides' safe flag pieces there: a draw too.
                let draw = ((e.flag_move && us == 0 && e.flag_is_king[them])
                    || (e.flag_piece_safe && !e.flag_move))
                    && self.flag_reached(t, r, them);
                let v = if draw {
                    GameValue::Draw
                } else {
                    GameValue::Win
                };
                return Some(VariantOutcome::Flag(v));
            }
            if (!e.flag_move || e.flag_piece_safe || e.flag_is_king[us])
                && self.flag_reached(t, r, them)
            {
                // Black may still draw by reaching the region with its king.
                let answer = e.flag_move
                    && e.flag_is_king[us]
                    && us == 1
                    && !self.in_check(t)
                    && self.kings[us] != NO_SQ
                    && self.king_can_reach_flag(t, r);
                if !answer {
                    return Some(VariantOutcome::Flag(GameValue::Loss));
                }
            }
        }
        // Castling as the goal ([`super::castle_wins`]).
        if let Some(v) = self.castling_goal(r) {
            return Some(VariantOutcome::Castled(v));
        }
        if e.check_counting && self.checks[them] == 0 {
            return Some(VariantOutcome::CheckCount(GameValue::Loss));
        }
        // A connection by the side that has just moved ([`super::connect`]).
        if let Some(v) = self.connection(r) {
            return Some(VariantOutcome::Connect(v));
        }
        // A full board ([`super::enclosing`]) ends the game as two passes do.
        if r.enclosing.full_board_ends && self.board_full(t) {
            return Some(VariantOutcome::FullBoard(self.counted(r, GameValue::Draw)));
        }
        // Two passes in a row end any game where a side may pass.
        if r.palace.active || r.ends.pass_on_stalemate != [false; 2] {
            return self.palace_end(t, r);
        }
        None
    }

    /// Racing Kings: has the side to move a legal king move into its flag region?
    fn king_can_reach_flag(&self, t: &Tables, r: &Rules) -> bool {
        let mut moves = Vec::new();
        self.legal_moves_unended(t, r, &mut moves);
        let king = self.kings[self.turn];
        let region = r.ends.flag_region[self.turn];
        moves
            .iter()
            .any(|mv| mv.from == king && region.contains(mv.to))
    }

    /// The legal moves of a variant with end rules: none once the game has
    /// ended, else every pseudo-legal move that passes the rules.
    pub(crate) fn legal_moves_ends(&self, t: &Tables, r: &Rules, out: &mut Vec<VariantMove>) {
        out.clear();
        if self.immediate_end(t, r).is_some() {
            return;
        }
        self.legal_moves_unended(t, r, out);
    }

    /// The number of [`legal_moves_ends`](Self::legal_moves_ends), for perft's
    /// last ply: where a quiet move from outside the royal shields is legal
    /// ([`royal_shields`](Self::royal_shields)), the quiet targets of such a
    /// piece (but a pawn) are counted without being listed; its captures and
    /// the moves of the pawns, the royal pieces and the shields are listed and
    /// tested as `legal_moves_unended` tests them. Rules that look at the whole
    /// list (compulsory captures, passes) or add moves of their own (drops,
    /// gating, custom pawns, Ouk Chatrang, Sittuyin) take the listing.
    pub(crate) fn count_legal_ends(
        &self,
        t: &Tables,
        r: &Rules,
        buffer: &mut Vec<VariantMove>,
    ) -> u64 {
        if self.immediate_end(t, r).is_some() {
            return 0;
        }
        let listed = r.ends.must_capture
            || r.conditions.mummer != [super::rules::Mummer::None; 2]
            || r.ends.pass_on_stalemate != [false; 2]
            || r.drops.enabled
            || r.gating != super::rules::Gating::None
            || t.custom_pawns != 0
            || r.shogi.active
            || r.regions.cambodian_moves
            || r.regions.sittuyin_promotion
            || r.walling.active()
            // The counting takes every occupied square for a piece: walls list.
            || !self.walls.is_empty();
        let royals = r
            .ends
            .extinction_pseudo_royal
            .then(|| self.pseudo_royals(t, r));
        let shields = if listed {
            None
        } else {
            self.royal_shields(t, r, royals.as_ref())
        };
        let Some(shields) = shields else {
            self.legal_moves_unended(t, r, buffer);
            return buffer.len() as u64;
        };
        let us = self.turn;
        // (Outside check: `royal_shields` found no royal piece attacked.)
        let in_check = false;
        let occ = self.occ[0] | self.occ[1];
        let mut n = 0;
        // The quiet steps out of the promotion zone of the pawns outside the
        // shields, all at once (the pawns' other moves are listed below).
        let stepped = if t.small && r.triple_step[us] == 0 {
            let set = self.pawns[us] & !shields;
            n += self.quiet_pawn_steps(t, set, occ);
            set
        } else {
            WideBitboard::EMPTY
        };
        let mut ep = WideBitboard::EMPTY;
        for &s in self.ep.iter().filter(|&&s| s != NO_SQ) {
            ep.insert(s);
        }
        let zone = t.promo_zone[us];
        let atomic = royals.is_some() && self.atomic_judged(t, r);
        for from in self.occ[us].iter() {
            let ty = type_of(self.board[usize::from(from)]);
            if stepped.contains(from) {
                let i = (us * t.types + ty) * t.squares + usize::from(from);
                let others = (t.leap_cap_bb[i] & (self.occ[us ^ 1] | ep))
                    | (t.leap_move_bb[i] & zone & !occ);
                if others.is_empty() {
                    continue;
                }
                buffer.clear();
                self.piece_moves(t, r, from, in_check, buffer);
                for mv in buffer.iter() {
                    n += u64::from(if Self::quiet_and_unshielding(mv, &shields, &self.board) {
                        zone.contains(mv.to)
                    } else {
                        self.legal_by_end_rules(t, r, mv, royals.as_ref())
                    });
                }
                continue;
            }
            let free = !shields.contains(from) && Some(ty as u8) != t.king;
            // (A rider in a mobility region is listed: its rays end in the region.)
            if free
                && (t.special >> ty) & 1 == 0
                && !t.overlap[us * t.types + ty]
                && t.ride_region[us * t.types + ty].is_none()
            {
                // Each target once (no overlap): the empty ones counted, the
                // captures tested.
                let b = &self.board;
                let capture = |to: Sq| {
                    let mv = VariantMove::new(from, to, MoveKind::Normal);
                    u64::from(self.legal_by_end_rules(t, r, &mv, royals.as_ref()))
                };
                for l in t.leaps_of(us, ty, from) {
                    if l.blocked(b) {
                        continue;
                    }
                    let q = b[usize::from(l.to)];
                    if q == 0 {
                        n += u64::from(l.mode & MOVE != 0);
                    } else if is_piece_of(q, us ^ 1) && l.mode & CAPTURE != 0 {
                        n += capture(l.to);
                    }
                }
                for ray in t.rides_of(us, ty, from) {
                    let start = ray.start as usize;
                    for &s in &t.ray_squares[start..start + usize::from(ray.len)] {
                        let q = b[usize::from(s)];
                        if q == 0 {
                            n += u64::from(ray.mode & MOVE != 0);
                        } else {
                            if is_piece_of(q, us ^ 1) && ray.mode & CAPTURE != 0 {
                                n += capture(s);
                            }
                            break;
                        }
                    }
                }
                continue;
            }
            // An atomic pseudo-royal piece that only leaps (the king): a capture
            // explodes the capturer, so none of its captures is legal; each of
            // its quiet steps is judged by `atomic_legal`, as the listing below
            // would judge it (through `legal_by_end_rules`), without listing
            // its moves. (The castling of the commoner is counted apart, below.)
            if atomic
                && let Some(p) = royals.as_ref()
                && p.our_squares.contains(from)
                && (t.special >> ty) & 1 == 0
                && !t.lame[us * t.types + ty]
                && t.rays[us * t.types + ty].is_empty()
            {
                n += self.count_atomic_royal_steps(t, from, ty, occ, p);
                continue;
            }
            // A pawn that can neither take nor reach the promotion zone: its
            // moves are all quiet.
            if free
                && t.pawn == Some(ty as u8)
                && self.ep[0] == NO_SQ
                && self.pawn_clear_of(t, from, ty, t.promo_zone[us] | self.occ[us ^ 1])
            {
                n += self.count_pawn(t, r, from, occ);
                continue;
            }
            buffer.clear();
            self.piece_moves(t, r, from, in_check, buffer);
            for mv in buffer.iter() {
                n += u64::from(
                    Self::quiet_and_unshielding(mv, &shields, &self.board)
                        || self.legal_by_end_rules(t, r, mv, royals.as_ref()),
                );
            }
        }
        if r.ends.castling_king_type.is_some() {
            buffer.clear();
            self.non_royal_castling(r, buffer);
            for mv in buffer.iter() {
                n += u64::from(self.legal_by_end_rules(t, r, mv, royals.as_ref()));
            }
        }
        n
    }

    /// The legal steps of the atomic pseudo-royal piece on `from` (of type
    /// `ty`, leaps only), for [`count_legal_ends`](Self::count_legal_ends):
    /// a capture explodes the capturer, so none of its captures is legal; each
    /// quiet step is judged as `atomic_legal` judges it. (Out of line: in the
    /// counting loop its registers cost the other variants more than the call.)
    #[inline(never)]
    fn count_atomic_royal_steps(
        &self,
        t: &Tables,
        from: Sq,
        ty: usize,
        occ: WideBitboard,
        p: &PseudoRoyals,
    ) -> u64 {
        let us = self.turn;
        let mut n = 0;
        let i = (us * t.types + ty) * t.squares + usize::from(from);
        let steps = t.leap_move_bb[i] & !occ;
        let mut alone = WideBitboard::EMPTY;
        alone.insert(from);
        if p.our_squares != alone {
            for to in steps.iter() {
                let mv = VariantMove::new(from, to, MoveKind::Normal);
                n += u64::from(self.atomic_legal(t, &mv, p) == Some(true));
            }
            return n;
        }
        // The side's one pseudo-royal piece: `atomic_legal`'s test of
        // it on its target, with the occupancy after the step (its
        // square left; a piece on the target blocks no line to it),
        // once for all the steps.
        let mut lifted = occ;
        lifted.remove(from);
        for to in steps.iter() {
            n += u64::from(
                self.touches(t, to, p.their_squares)
                    || !self.attacked_in(t, to, us ^ 1, lifted, self.occ[us ^ 1]),
            );
        }
        n
    }

    /// The single and double steps of the pawns `set` of the side to move
    /// that end outside the promotion zone (a board of at most 128 squares,
    /// no triple steps), counted by shifting the set.
    fn quiet_pawn_steps(&self, t: &Tables, set: WideBitboard, occ: WideBitboard) -> u64 {
        let narrow = |b: WideBitboard| u128::from(b.0[0]) | u128::from(b.0[1]) << 64;
        let us = self.turn;
        let pawns = narrow(set);
        if pawns == 0 {
            return 0;
        }
        let empty = !narrow(occ) & t.board128;
        let w = u32::from(t.files);
        let fwd = |b: u128| if us == 0 { b << w } else { b >> w };
        let single = fwd(pawns) & empty;
        let double = fwd(fwd(pawns & t.double128[us]) & empty) & empty;
        let out = !t.zone128[us];
        u64::from(count128(single & out) + count128(double & out))
    }

    /// [`legal_moves_ends`](Self::legal_moves_ends) without the game-end test.
    fn legal_moves_unended(&self, t: &Tables, r: &Rules, out: &mut Vec<VariantMove>) {
        out.clear();
        let in_check = self.in_check(t);
        self.pseudo_moves(t, r, in_check, out);
        if r.ends.castling_king_type.is_some() {
            self.non_royal_castling(r, out);
        }
        let royals = r
            .ends
            .extinction_pseudo_royal
            .then(|| self.pseudo_royals(t, r));
        let shields = self.royal_shields(t, r, royals.as_ref());
        out.retain(|mv| {
            shields.is_some_and(|s| Self::quiet_and_unshielding(mv, &s, &self.board))
                || self.legal_by_end_rules(t, r, mv, royals.as_ref())
        });
        if r.ends.must_capture && out.iter().any(|mv| self.is_capture(mv)) {
            out.retain(|mv| self.is_capture(mv));
        }
        if r.drops.must_drop {
            self.must_drop(r, out);
        }
        // Maximummer, Minimummer ([`super::conditions`]).
        self.mummer_filter(t, r, out);
        if r.walling.active() {
            self.add_walls(t, r, out);
        }
        if out.is_empty() && r.ends.pass_on_stalemate[self.turn] && !in_check {
            // Fairy-Stockfish's pass: the king's, else the first piece's
            // (its lowest square) "move" to its own square.
            let us = self.turn;
            let from = if self.kings[us] != NO_SQ {
                Some(self.kings[us])
            } else {
                self.occ[us].iter().next()
            };
            if let Some(sq) = from {
                out.push(VariantMove::new(sq, sq, MoveKind::Pass));
            }
        }
    }

    /// Where a quiet move cannot expose a royal piece, the squares a quiet move
    /// must not leave: the royal and pseudo-royal pieces of the side to move
    /// and the pieces shielding them. `None` where every move is to be played
    /// and tested ([`legal_by_end_rules`](Self::legal_by_end_rules)): a royal
    /// piece attacked now, checks forbidden, hoppers (a quiet move may give
    /// one a screen), Janggi's palace rules.
    ///
    /// Why this is exact: a move that takes nothing, is no castling, en
    /// passant, drop, gating or promotion, and moves no royal piece leaves
    /// every piece count as it was (so the same types are pseudo-royal) and
    /// changes the attacks on a square only by the piece leaving its square
    /// (opening a line or a lame leap, which [`pinned`](Self::pinned) lists)
    /// or arriving (which only blocks). The adjacency of an atomic king to the
    /// enemy's, which excuses an attack, is unchanged by such a move.
    fn royal_shields(
        &self,
        t: &Tables,
        r: &Rules,
        royals: Option<&PseudoRoyals>,
    ) -> Option<WideBitboard> {
        // (With duple check a quiet move may leave all the pieces of the
        // extinction types attacked, pseudo-royal or not: every move is tested.)
        if !r.ends.checking
            || r.palace.active
            || t.has_hoppers
            || !r.conditions.is_empty()
            || r.ends.duple_check
        {
            return None;
        }
        let us = self.turn;
        let mut shields = WideBitboard::EMPTY;
        // (Without hoppers one pass finds the attack and the pinned pieces:
        // `pins_unless_check`, which lists ours only, the squares moved from.)
        if self.kings[us] != NO_SQ {
            let k = self.kings[us];
            shields.insert(k);
            shields |= self.pins_unless_check(t, k)?;
        }
        if let Some(p) = royals {
            let blast = r.ends.blast_on_capture;
            for sq in p.our_squares.iter() {
                shields.insert(sq);
                // An attack on a royal next to an enemy one is no threat.
                shields |= if blast && self.touches(t, sq, p.their_squares) {
                    self.pinned(t, sq)
                } else {
                    self.pins_unless_check(t, sq)?
                };
            }
        }
        Some(shields)
    }

    /// Is `mv` quiet (see [`royal_shields`](Self::royal_shields)) and from a
    /// square outside `shields`?
    #[inline]
    fn quiet_and_unshielding(mv: &VariantMove, shields: &WideBitboard, board: &[u8]) -> bool {
        matches!(mv.kind, MoveKind::Normal | MoveKind::MultiStep)
            && mv.promotion == NO_TYPE
            && mv.gate == NO_TYPE
            && mv.from != mv.to
            && board[usize::from(mv.to)] == 0
            && !shields.contains(mv.from)
    }

    /// Does `mv` take a piece?
    pub(crate) fn is_capture(&self, mv: &VariantMove) -> bool {
        matches!(mv.kind, MoveKind::EnPassant | MoveKind::TakeMake)
            || (!mv.is_castling()
                && !mv.is_pass()
                && mv.from != mv.to
                && self.board[usize::from(mv.to)] != 0)
    }

    /// Is the pseudo-legal `mv` legal: the royal king not left attacked, no
    /// check given where checks are not allowed, no pseudo-royal piece
    /// exploded or left attacked?
    fn legal_by_end_rules(
        &self,
        t: &Tables,
        r: &Rules,
        mv: &VariantMove,
        royals: Option<&PseudoRoyals>,
    ) -> bool {
        let us = self.turn;
        if !r.conditions.is_empty() && !self.condition_allows(t, mv) {
            return false;
        }
        if r.ends.mutually_immune != 0 && !mv.is_castling() {
            // A mutually immune piece may not take one of its own type (an en
            // passant square is empty, so it never counts here).
            let (p, q) = (
                self.board[usize::from(mv.from)],
                self.board[usize::from(mv.to)],
            );
            if q != 0 && type_of(p) == type_of(q) && r.ends.mutually_immune >> type_of(p) & 1 != 0 {
                return false;
            }
        }
        // Nothing to test without a royal king, checks allowed and no
        // pseudo-royal pieces (Antichess): spare the make-move.
        if self.kings[us] == NO_SQ
            && r.ends.checking
            && royals.is_none()
            && !r.conditions.ohneschach
        {
            return true;
        }
        // Atomic's plain moves: judged without playing them.
        if let Some(p) = royals
            && self.atomic_judged(t, r)
            && let Some(legal) = self.atomic_legal(t, mv, p)
        {
            return legal;
        }
        // Bikjang ([`super::palace`]): a pass is legal, even in check, and
        // any other move must part the kings.
        if r.palace.active && self.bikjang_pass(t, r, mv) {
            return true;
        }
        let mut next = *self;
        next.make(t, r, mv);
        if r.palace.active && self.bikjang_refuses(t, r, &next) {
            return false;
        }
        // A side without a royal king (Horde's White) has nothing to expose.
        if self.kings[us] != NO_SQ {
            let k = next.kings[us];
            if k == NO_SQ || next.attacked(t, k, us ^ 1) {
                return false;
            }
        }
        if !r.ends.checking && next.in_check(t) {
            return false;
        }
        // Isardam ([`super::conditions`]): no like enemy pieces observing
        // each other after the move.
        if r.conditions.isardam && next.isardam_clash(t) {
            return false;
        }
        // Ohneschach ([`super::conditions`]): a check only if it mates.
        if r.conditions.ohneschach && next.in_check(t) && !next.ohneschach_mated(t, r, 1) {
            return false;
        }
        royals.is_none_or(|p| {
            self.pseudo_royal_safe(t, r, mv, &next, p)
                && (!r.ends.duple_check || self.duple_safe(t, r, mv, &next, p))
        })
    }

    /// The types whose pieces of colour `c` are pseudo-royal here: an
    /// extinction type of which `c` has at most one more than the extinction count.
    pub(crate) fn pseudo_royal_types(&self, t: &Tables, r: &Rules, c: usize) -> u32 {
        let e = &r.ends;
        let mut m = 0;
        let mut types = e.extinction_types;
        while types != 0 {
            let ty = types.trailing_zeros() as usize;
            types &= types - 1;
            if ty < t.types
                && self.extinction_count(r, c, ty, false) <= e.extinction_piece_count + 1
            {
                m |= 1 << ty;
            }
        }
        m
    }

    /// The types counted as `ty` for extinction (a bit per type): `ty` and
    /// its kin ([`EndRules::extinction_kin`](super::rules::EndRules)).
    #[inline]
    pub(crate) fn extinction_kin(r: &Rules, ty: usize) -> u32 {
        r.ends.extinction_kin.get(ty).copied().unwrap_or(0) | 1 << ty
    }

    /// How many pieces colour `c` has counted as type `ty` for extinction: on
    /// the board, and in hand too with `hand` (Fairy-Stockfish's
    /// `count_with_hand`).
    pub(crate) fn extinction_count(&self, r: &Rules, c: usize, ty: usize, hand: bool) -> u32 {
        let mut kin = Self::extinction_kin(r, ty);
        let mut n = 0;
        while kin != 0 {
            let k = kin.trailing_zeros() as usize;
            kin &= kin - 1;
            n += u32::from(self.counts[c][k]);
            if hand {
                n += u32::from(self.holdings[c][k]);
            }
        }
        n
    }

    /// The squares of colour `c`'s pieces of the types `mask`.
    pub(crate) fn pieces_of(&self, t: &Tables, c: usize, mask: u32) -> WideBitboard {
        let mut out = WideBitboard::EMPTY;
        // How many there are is known: the scan stops at the last.
        let (mut left, mut m) = (0u32, mask);
        while m != 0 {
            left += u32::from(self.counts[c][m.trailing_zeros() as usize]);
            m &= m - 1;
        }
        if left == 0 {
            return out;
        }
        // The extinction types and their kin are kept in a set of their own:
        // a few pieces to filter, not the board to scan.
        if mask & !t.watched == 0 {
            if mask == t.watched {
                return self.watched & self.occ[c];
            }
            for sq in (self.watched & self.occ[c]).iter() {
                if mask >> super::state::type_of(self.board[usize::from(sq)]) & 1 != 0 {
                    out.insert(sq);
                }
            }
            return out;
        }
        // Pawns are many and seldom asked for: left out of the scan unless they are.
        let scanned = match t.pawn {
            Some(p) if mask >> p & 1 == 0 => self.occ[c] & !self.pawns[c],
            _ => self.occ[c],
        };
        for sq in scanned.iter() {
            if mask >> super::state::type_of(self.board[usize::from(sq)]) & 1 != 0 {
                out.insert(sq);
                left -= 1;
                if left == 0 {
                    break;
                }
            }
        }
        out
    }

    /// Castling with a king that is not royal (a commoner): the right, the
    /// king and rook on their squares and the squares between them empty; no
    /// square need be safe (atomic's pseudo-royal test follows in
    /// [`pseudo_royal_safe`](Self::pseudo_royal_safe)).
    fn non_royal_castling(&self, r: &Rules, out: &mut Vec<VariantMove>) {
        let (Some(rules), Some(kt)) = (r.castling, r.ends.castling_king_type) else {
            return;
        };
        let us = self.turn;
        if self.castling >> (2 * us) & 3 == 0 {
            return;
        }
        let files = Sq::from(r.size.files());
        let rank = Self::gate_rank(r, us);
        let king = rank * files + Sq::from(rules.king_file);
        if self.board[usize::from(king)] != code(us, usize::from(kt)) {
            return;
        }
        for side in 0..2 {
            out.extend(self.castling_if_clear(&rules, rank * files, king, side));
        }
    }

    /// The n-move rule (Fairy-Stockfish's `is_optional_game_end` without the
    /// repetitions, which need the game's history): a draw may be claimed once
    /// the halfmove clock passes twice `nMoveRule`, unless the side to move
    /// is checkmated.
    pub(crate) fn n_move_draw(&self, t: &Tables, r: &Rules) -> bool {
        let n = r.ends.n_move_rule;
        if n == 0 || self.halfmove < 2 * n {
            return false;
        }
        if !self.in_check(t) {
            return true;
        }
        let mut moves = Vec::new();
        self.legal_moves(t, r, &mut moves);
        !moves.is_empty()
    }

    /// Does colour `c`'s non-royal castling king stand on `king`?
    pub(crate) fn castling_king_on(&self, r: &Rules, c: usize, king: Sq) -> bool {
        r.ends
            .castling_king_type
            .is_some_and(|kt| self.board[usize::from(king)] == code(c, usize::from(kt)))
    }

    /// The end when the side to move has no legal move or a rule ended the
    /// game; `None` while the game goes on. With pseudo-royal pieces, no move
    /// with one attacked is checkmate; `stalematePieceCount` decides a
    /// stalemate by who has fewer pieces.
    pub(crate) fn outcome_ends(&self, t: &Tables, r: &Rules) -> Option<VariantOutcome> {
        if let Some(end) = self.immediate_end(t, r) {
            return Some(end);
        }
        let mut moves = Vec::new();
        self.legal_moves_unended(t, r, &mut moves);
        if !moves.is_empty() {
            return None;
        }
        if self.in_check(t) || self.pseudo_royal_attacked(t, r) {
            return Some(VariantOutcome::Checkmate(self.checkmate_value(t, r)));
        }
        let mut value = r.stalemate;
        if r.ends.stalemate_piece_count {
            let us = self.piece_count(self.turn);
            let them = self.piece_count(self.turn ^ 1);
            value = match us.cmp(&them) {
                core::cmp::Ordering::Equal => GameValue::Draw,
                core::cmp::Ordering::Less => r.stalemate,
                core::cmp::Ordering::Greater => negate(r.stalemate),
            };
        }
        let value = self.counted(r, value);
        Some(VariantOutcome::Stalemate(value))
    }

    /// Is a pseudo-royal piece of the side to move attacked (and not next to
    /// an enemy pseudo-royal, with atomic captures)?
    pub(crate) fn pseudo_royal_attacked(&self, t: &Tables, r: &Rules) -> bool {
        if !r.ends.extinction_pseudo_royal {
            return false;
        }
        let us = self.turn;
        let ours = self.pieces_of(t, us, self.pseudo_royal_types(t, r, us));
        let theirs = self.pieces_of(t, us ^ 1, self.pseudo_royal_types(t, r, us ^ 1));
        ours.iter().any(|sq| {
            !(r.ends.blast_on_capture && self.touches(t, sq, theirs))
                && self.attacked(t, sq, us ^ 1)
        }) || (r.ends.duple_check && self.duple_checked(t, r, theirs))
    }
}

/// The built-in variants of this module's rules, with Fairy-Stockfish's names
/// and start positions (its `variant.cpp`), built on orthodox chess `r`;
/// false for another name.
pub(crate) fn builtin_rules(name: &str, r: &mut Rules) -> bool {
    let e = &mut r.ends;
    // No royal king: a commoner `K` that may be taken and castles (Antichess,
    // Extinction, Atomic).
    let commoner = |r: &mut Rules| {
        r.pieces[5] = piece('K', "commoner", "K");
        r.ends.castling_king_letter = Some('K');
    };
    match name {
        "kingofthehill" => {
            e.flag_letter = [Some('K'); 2];
            let hill = vec![
                Cell::Square(3, 3),
                Cell::Square(4, 3),
                Cell::Square(3, 4),
                Cell::Square(4, 4),
            ];
            e.flag_cells = [hill.clone(), hill];
        }
        "racingkings" => {
            e.flag_letter = [Some('K'); 2];
            e.flag_cells = [vec![Cell::Rank(7)], vec![Cell::Rank(7)]];
            e.flag_move = true;
            e.checking = false;
            r.castling = None;
            r.start_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1".to_string();
        }
        "3check" | "5check" => {
            e.check_counting = true;
            let n = if name == "3check" { 3 } else { 5 };
            r.start_fen =
                format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - {n}+{n} 0 1");
        }
        "giveaway" | "antichess" | "suicide" => {
            e.stalemate_piece_count = name == "suicide";
            e.extinction_value = Some(GameValue::Win);
            e.extinction_letters = vec!['*'];
            e.must_capture = true;
            r.stalemate = GameValue::Win;
            commoner(r);
            r.set_promotions("KQRBN");
            if name != "giveaway" {
                r.castling = None;
                r.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".to_string();
            }
        }
        "extinction" | "kinglet" => {
            commoner(r);
            r.ends.extinction_value = Some(GameValue::Loss);
            if name == "extinction" {
                r.ends.extinction_letters = "KQRBNP".chars().collect();
                r.set_promotions("KQRBN");
            } else {
                r.ends.extinction_letters = vec!['P'];
                r.set_promotions("K");
            }
        }
        "threekings" => {
            commoner(r);
            r.ends.extinction_value = Some(GameValue::Loss);
            r.ends.extinction_letters = vec!['K'];
            r.ends.extinction_piece_count = 2;
            r.start_fen = "knbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNK w - - 0 1".to_string();
        }
        "horde" => {
            e.extinction_value = Some(GameValue::Loss);
            e.extinction_letters = vec!['*'];
            // White's pawns step two from the first rank too, and en passant
            // is taken only on the usual ranks (never on the second).
            e.en_passant_ranks = [1 << 5, 1 << 2];
            r.double_step[0] |= 1;
            r.start_fen =
                "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
                    .to_string();
        }
        "atomic" | "nocheckatomic" => {
            commoner(r);
            r.ends.extinction_value = Some(GameValue::Loss);
            r.ends.extinction_letters = vec!['K'];
            r.ends.blast_on_capture = true;
            r.ends.extinction_pseudo_royal = name == "atomic";
        }
        _ => return false,
    }
    true
}

/// Reads a `variants.ini` key of this module's rules into `rules`; false for
/// a key it does not know, an error for a bad value.
pub(crate) fn apply_ini(rules: &mut Rules, key: &str, value: &str) -> Result<bool, String> {
    use super::ini_values::{boolean, game_value, number, ranks_region};
    let e = &mut rules.ends;
    let letter = |v: &str| -> Result<Option<char>, String> {
        let mut chars = v.chars();
        match (chars.next(), chars.next()) {
            (Some('-'), None) => Ok(None),
            (Some('*'), None) => Ok(Some('*')),
            (Some(c), None) if c.is_ascii_alphabetic() => Ok(Some(c.to_ascii_uppercase())),
            _ => Err(format!("`{v}` is not a piece letter")),
        }
    };
    let letters = |v: &str| -> Result<Vec<char>, String> {
        v.chars()
            .filter(|&c| c != '-' && !c.is_whitespace())
            .map(|c| {
                if c == '*' || c.is_ascii_alphabetic() {
                    Ok(c.to_ascii_uppercase())
                } else {
                    Err(format!("`{v}` is not a list of piece letters"))
                }
            })
            .collect()
    };
    match key {
        "flagPiece" => e.flag_letter = [letter(value)?; 2],
        "flagPieceWhite" => e.flag_letter[0] = letter(value)?,
        "flagPieceBlack" => e.flag_letter[1] = letter(value)?,
        "flagRegion" => {
            let cells = cells(value)?;
            e.flag_cells = [cells.clone(), cells];
        }
        "flagRegionWhite" => e.flag_cells[0] = cells(value)?,
        "flagRegionBlack" => e.flag_cells[1] = cells(value)?,
        "flagMove" => e.flag_move = boolean(value)?,
        "flagPieceCount" => e.flag_piece_count = number(value)?,
        "flagPieceBlockedWin" => e.flag_piece_blocked_win = boolean(value)?,
        "flagPieceSafe" => e.flag_piece_safe = boolean(value)?,
        "checking" => e.checking = boolean(value)?,
        "checkCounting" => e.check_counting = boolean(value)?,
        "extinctionValue" => {
            e.extinction_value = match value {
                "none" => None,
                v => Some(game_value(v)?),
            }
        }
        "extinctionClaim" => e.extinction_claim = boolean(value)?,
        "extinctionPseudoRoyal" => e.extinction_pseudo_royal = boolean(value)?,
        "dupleCheck" => e.duple_check = boolean(value)?,
        "extinctionPieceTypes" => e.extinction_letters = letters(value)?,
        "extinctionPieceCount" => e.extinction_piece_count = number(value)?,
        "extinctionOpponentPieceCount" => e.extinction_opponent_piece_count = number(value)?,
        "mustCapture" => e.must_capture = boolean(value)?,
        "passOnStalemate" => e.pass_on_stalemate = [boolean(value)?; 2],
        "passOnStalemateWhite" => e.pass_on_stalemate[0] = boolean(value)?,
        "passOnStalemateBlack" => e.pass_on_stalemate[1] = boolean(value)?,
        "stalematePieceCount" => e.stalemate_piece_count = boolean(value)?,
        "shatarMateRule" => e.shatar_mate = boolean(value)?,
        "blastOnCapture" => e.blast_on_capture = boolean(value)?,
        "blastImmuneTypes" => e.blast_immune_letters = letters(value)?,
        "mutuallyImmuneTypes" => e.mutually_immune_letters = letters(value)?,
        "petrifyOnCaptureTypes" => e.petrify_letters = letters(value)?,
        "castlingKingPiece" => e.castling_king_letter = letter(value)?,
        "nMoveRule" => e.n_move_rule = number(value)?,
        "nFoldRule" => e.n_fold_rule = number(value)?,
        "nFoldValue" => e.n_fold_value = game_value(value)?,
        "nFoldValueAbsolute" => e.n_fold_value_absolute = boolean(value)?,
        "perpetualCheckIllegal" => e.perpetual_check_illegal = boolean(value)?,
        "moveRepetitionIllegal" => e.move_repetition_illegal = boolean(value)?,
        "enPassantRegionWhite" => e.en_passant_ranks[0] = ranks_region(value)?,
        "enPassantRegionBlack" => e.en_passant_ranks[1] = ranks_region(value)?,
        "enPassantRegion" if value != "-" => e.en_passant_ranks = [ranks_region(value)?; 2],
        _ => return Ok(false),
    }
    Ok(true)
}

/// A region's cells: `d4 e4`, `*8` (a rank), `a*` (a file), `-` for none.
fn cells(value: &str) -> Result<Vec<Cell>, String> {
    let bad = |t: &str| format!("region `{value}`: `{t}` is not a square, `*rank` or `file*`");
    let file = |c: char| {
        c.is_ascii_lowercase()
            .then(|| c as u8 - b'a')
            .filter(|&f| f < 16)
    };
    let rank = |t: &str| t.parse::<u8>().ok().filter(|r| (1..=16).contains(r));
    let mut out = Vec::new();
    for t in value.split_whitespace().filter(|&t| t != "-") {
        let first = t.chars().next().unwrap_or(' ');
        let cell = if let Some(r) = t.strip_prefix('*') {
            rank(r).map(|r| Cell::Rank(r - 1))
        } else if t.len() == 2 && t.ends_with('*') {
            file(first).map(Cell::File)
        } else {
            file(first)
                .zip(rank(&t[1..]))
                .map(|(f, r)| Cell::Square(f, r - 1))
        };
        out.push(cell.ok_or_else(|| bad(t))?);
    }
    Ok(out)
}

/// The value for the other side.
pub(crate) fn negate(v: GameValue) -> GameValue {
    match v {
        GameValue::Win => GameValue::Loss,
        GameValue::Loss => GameValue::Win,
        GameValue::Draw => GameValue::Draw,
    }
}

/// The check counts of a FEN (`3+3`, White's remaining first) after the
/// en-passant field, when the variant counts checks: read from a copy of the
/// field iterator, which moves past them only when they are there; without
/// them, the next check wins (as Fairy-Stockfish reads such a FEN).
pub(crate) fn read_check_counts<'a, I>(fields: &mut I) -> Result<[u8; 2], String>
where
    I: Iterator<Item = &'a str> + Clone,
{
    let mut ahead = fields.clone();
    let Some(field) = ahead.next() else {
        return Ok([1, 1]);
    };
    let Some((w, b)) = field.split_once('+') else {
        return Ok([1, 1]);
    };
    let count = |s: &str| {
        s.parse::<u8>()
            .map_err(|_| format!("check counts `{field}`: `{s}` is not a number"))
    };
    let counts = [count(w)?, count(b)?];
    *fields = ahead;
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use crate::testing::variant_perft as perft;
    use crate::variant::{Variant, VariantOutcome, VariantPosition};

    // Perft counts published in Fairy-Stockfish's tests/perft.sh (its repository,
    // `expect perft.exp VARIANT POSITION DEPTH NODES`); the atomic positions
    // castle, a non-royal king's castling.
    #[test]
    fn fairy_stockfish_perft_counts() {
        assert_eq!(perft("racingkings", None, 4), 296_242);
        let race = Some("6r1/2K5/5k2/8/3R4/8/8/8 w - - 0 1");
        assert_eq!(perft("racingkings", race, 4), 86_041);
        let hill = Some("rnb2b1r/ppp2ppp/3k4/8/1PKp1pn1/3Pq3/PBP1P2P/RN1Q1B1R w - - 4 12");
        assert_eq!(perft("kingofthehill", hill, 3), 19_003);
        let checks = Some("7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39");
        assert_eq!(perft("3check", checks, 3), 12_407);
        assert_eq!(perft("atomic", None, 4), 197_326);
        let castle = Some("rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1");
        assert_eq!(perft("atomic", castle, 4), 1_434_825);
        let castle = Some("rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq - 0 1");
        assert_eq!(perft("atomic", castle, 4), 714_499);
        assert_eq!(perft("nocheckatomic", None, 4), 197_779);
        assert_eq!(perft("antichess", None, 4), 153_299);
        assert_eq!(perft("threekings", None, 4), 199_514);
    }

    #[test]
    fn kings_on_the_hill_and_checks_counted_end_the_game() {
        let v = Variant::builtin("kingofthehill").unwrap();
        let pos = VariantPosition::from_fen(&v, "8/8/8/8/3K4/8/8/7k b - - 0 1").unwrap();
        assert!(pos.legal_moves().is_empty());
        assert_eq!(
            pos.outcome(),
            Some(VariantOutcome::Flag(crate::variant::GameValue::Loss))
        );
        let v = Variant::builtin("3check").unwrap();
        let fen = "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 3+3 1 3";
        let mut pos = VariantPosition::from_fen(&v, fen).unwrap();
        assert_eq!(pos.fen(), fen);
        pos.play_uci("c7c6").unwrap();
        pos.play_uci("b5c6").unwrap();
        assert!(pos.fen().contains(" 2+3 "), "{}", pos.fen());
    }

    #[test]
    fn fifty_moves_may_be_claimed_unless_mated() {
        let v = Variant::builtin("chess").unwrap();
        let pos = VariantPosition::from_fen(&v, "4k3/8/8/8/8/8/8/4K2R w - - 100 80").unwrap();
        assert!(pos.n_move_draw());
        let pos = VariantPosition::from_fen(&v, "4k3/8/8/8/8/8/8/4K2R w - - 99 80").unwrap();
        assert!(!pos.n_move_draw());
        let mated = VariantPosition::from_fen(&v, "R3k3/7R/8/8/8/8/8/4K3 b - - 100 80").unwrap();
        assert!(!mated.n_move_draw());
    }

    #[test]
    fn a_bad_check_count_is_an_error() {
        let v = Variant::builtin("3check").unwrap();
        let err = VariantPosition::from_fen(&v, "4k3/8/8/8/8/8/8/4K3 w - - x+3 0 1");
        assert!(err.is_err());
    }
}

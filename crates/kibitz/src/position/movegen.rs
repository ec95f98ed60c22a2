//! Legal move generation.
//!
//! One generator serves both listing moves and counting them: it reports moves in
//! sets (a man and all its target squares, or all pawns shifted one way) to a
//! [`MoveSink`]. Counting a set is one popcount, so perft's leaves never build moves.
//!
//! Legality comes from three masks rather than from making each move: the check
//! mask (squares that capture or block a single checker), pin lines (a pinned man
//! moves only along the line to its king), and attacked-square tests for the king.

use super::{CastlingSide, Move, MoveKind, MoveList, Position, Role};
use crate::{Bitboard, Color, Rank, Square, attacks, lines};

/// Receives the legal moves of a position, set by set.
pub(crate) trait MoveSink {
    /// `role` on `from` may go to every square of `to` (never a promotion).
    fn piece(&mut self, role: Role, from: Square, to: Bitboard);
    /// Pawns may go to every square of `to`, each coming from `to - offset`.
    fn pawns(&mut self, to: Bitboard, offset: i8);
    /// As [`MoveSink::pawns`], onto the last rank: four promotions each.
    fn promotions(&mut self, to: Bitboard, offset: i8);
    /// One en-passant capture or castling.
    fn special(&mut self, mv: Move);
    /// Generators stop early when this turns true (used by "has any legal move").
    #[inline(always)]
    fn done(&self) -> bool {
        false
    }
}

/// Turns the generator's move sets into single moves and hands each to a closure:
/// the one place where sets become moves, for move lists and perft.
pub(crate) struct EachMove<F: FnMut(Move)>(pub F);

impl<F: FnMut(Move)> MoveSink for EachMove<F> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, to: Bitboard) {
        for t in to {
            (self.0)(Move::normal(role, from, t));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, offset: i8) {
        for t in to {
            let from = Square::new((t as i32 - offset as i32) as u32);
            (self.0)(Move::normal(Role::Pawn, from, t));
        }
    }

    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, offset: i8) {
        for t in to {
            let from = Square::new((t as i32 - offset as i32) as u32);
            for role in Role::PROMOTIONS {
                (self.0)(Move {
                    from,
                    to: t,
                    role: Role::Pawn,
                    promotion: Some(role),
                    kind: MoveKind::Normal,
                });
            }
        }
    }

    #[inline(always)]
    fn special(&mut self, mv: Move) {
        (self.0)(mv);
    }
}

/// Counts moves without building them.
#[derive(Default)]
pub(crate) struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn piece(&mut self, _: Role, _: Square, to: Bitboard) {
        self.0 += to.count() as u64;
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, _: i8) {
        self.0 += to.count() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, _: i8) {
        self.0 += 4 * to.count() as u64;
    }
    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Counts the moves, and those of the king (castling included) apart.
#[derive(Default)]
struct KingShareCounter {
    all: u64,
    king: u64,
}

impl MoveSink for KingShareCounter {
    #[inline(always)]
    fn piece(&mut self, role: Role, _: Square, to: Bitboard) {
        let n = to.count() as u64;
        self.all += n;
        if role == Role::King {
            self.king += n;
        }
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, _: i8) {
        self.all += to.count() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, _: i8) {
        self.all += 4 * to.count() as u64;
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.all += 1;
        if mv.is_castle() {
            self.king += 1;
        }
    }
}

/// Stops at the first legal move.
#[derive(Default)]
struct AnyMove(bool);

impl MoveSink for AnyMove {
    #[inline(always)]
    fn piece(&mut self, _: Role, _: Square, to: Bitboard) {
        self.0 |= to.any();
    }
    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, _: i8) {
        self.0 |= to.any();
    }
    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, _: i8) {
        self.0 |= to.any();
    }
    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.0 = true;
    }
    #[inline(always)]
    fn done(&self) -> bool {
        self.0
    }
}

/// Moves every square one rank forward for `color`.
#[inline(always)]
fn forward(color: Color, bb: Bitboard) -> Bitboard {
    match color {
        Color::White => bb.north(),
        Color::Black => bb.south(),
    }
}

impl Position {
    /// Every legal move.
    ///
    /// ```
    /// use kibitz::Position;
    /// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    /// assert_eq!(pos.legal_moves().len(), 48);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut EachMove(|mv| list.push(mv)));
        list
    }

    /// Is `mv` one of the legal moves? The same answer as
    /// `legal_moves().contains(&mv)`, but a knight's, bishop's, rook's, queen's or
    /// king's ordinary move is checked against that man alone, with the masks the
    /// generator uses: the prover tries a sibling's refutation this way before it
    /// generates every reply. Pawn moves, en passant and castling are looked up in
    /// the full list.
    ///
    /// ```
    /// use kibitz::{Move, Position, Role, Square};
    /// let pos = Position::startpos();
    /// assert!(pos.is_legal(Move::normal(Role::Knight, Square::G1, Square::F3)));
    /// assert!(!pos.is_legal(Move::normal(Role::Knight, Square::G1, Square::G3)));
    /// assert!(!pos.is_legal(Move::normal(Role::Bishop, Square::C1, Square::E3)));
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        if mv.kind != MoveKind::Normal || mv.role == Role::Pawn {
            return self.legal_moves().contains(&mv);
        }
        let ours = self.us();
        if mv.promotion.is_some()
            || !(self.by_role(mv.role) & ours).contains(mv.from)
            || ours.contains(mv.to)
        {
            return false;
        }
        let occ = self.occupied();
        let reach = match mv.role {
            Role::King => attacks::king_attacks(mv.from),
            Role::Knight => attacks::knight_attacks(mv.from),
            Role::Bishop => attacks::bishop_attacks(mv.from, occ),
            Role::Rook => attacks::rook_attacks(mv.from, occ),
            _ => attacks::queen_attacks(mv.from, occ),
        };
        // The man reaches the square; the checks, pins and the king's safety
        // decide the rest.
        reach.contains(mv.to) && self.is_legal_normal(mv)
    }

    /// The number of legal moves, counted without building them.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter::default();
        self.generate(&mut counter);
        counter.0
    }

    /// The number of legal moves and, of them, the king's (castling included),
    /// counted without building them: the prover weighs a king's room apart.
    #[inline]
    pub(crate) fn count_legal_and_king_moves(&self) -> (u64, u64) {
        let mut counter = KingShareCounter::default();
        self.generate(&mut counter);
        (counter.all, counter.king)
    }

    /// Does the side to move have any legal move? Stops at the first one found.
    pub fn has_legal_move(&self) -> bool {
        let mut any = AnyMove::default();
        self.generate(&mut any);
        any.0
    }

    /// Every square `color` attacks when the board holds `occupied`.
    #[inline]
    fn attack_map(&self, color: Color, occupied: Bitboard) -> Bitboard {
        let theirs = self.by_color(color);
        let pawns = self.by_role(Role::Pawn) & theirs;
        let ahead = forward(color, pawns);
        let mut map = ahead.west() | ahead.east() | attacks::king_attacks(self.king(color));
        for sq in self.by_role(Role::Knight) & theirs {
            map |= attacks::knight_attacks(sq);
        }
        for sq in self.bishops_and_queens() & theirs {
            map |= attacks::bishop_attacks(sq, occupied);
        }
        for sq in self.rooks_and_queens() & theirs {
            map |= attacks::rook_attacks(sq, occupied);
        }
        map
    }

    /// Is `mv`, a normal move (no castling, no en passant) that the man on `mv.from`
    /// can make on an empty-enough board, legal here? Uses the pins and checks
    /// instead of making the move.
    pub(crate) fn is_legal_normal(&self, mv: Move) -> bool {
        let us = self.turn();
        let king = self.king(us);
        if mv.role == Role::King {
            return !self.is_attacked(mv.to, !us, self.occupied().without(mv.from));
        }
        let checkers = self.checkers();
        if checkers.more_than_one() {
            return false;
        }
        if let Some(checker) = checkers.first()
            && !(lines::between(king, checker) | checker).contains(mv.to)
        {
            return false;
        }
        !self.pinned().contains(mv.from) || lines::line(king, mv.from).contains(mv.to)
    }

    /// Reports the legal en-passant captures and castling moves, the moves of two men,
    /// to `sink.special` (and nothing else).
    pub(crate) fn generate_special<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn();
        if let Some(ep) = self.ep_square() {
            self.generate_en_passant(sink, ep, self.king(us));
        }
        if self.checkers().is_empty() && self.castling_rights().has_any(us) {
            self.generate_castling(sink, self.occupied());
        }
    }

    /// Is an en-passant capture legal? Checks only the (at most two) capturing pawns.
    pub(crate) fn has_legal_en_passant(&self) -> bool {
        let mut any = AnyMove::default();
        if let Some(ep) = self.ep_square() {
            self.generate_en_passant(&mut any, ep, self.king(self.turn()));
        }
        any.0
    }

    /// The squares the king of `color` can step to, castling aside, as if it were
    /// `color`'s turn: not held by its own men, and not attacked once the king has
    /// left its square (so that a slider's ray through that square counts). The
    /// prover asks it of the side not to move, for the room its king has.
    #[inline(always)]
    pub(crate) fn king_steps(&self, color: Color) -> Bitboard {
        let king = self.king(color);
        let without_king = self.occupied().without(king);
        let candidates = attacks::king_attacks(king) - self.by_color(color);
        // Few candidate squares (a king among its own men): test each. Many (an
        // open king, typical of endgames): one attack map of the enemy is cheaper.
        if candidates.count() <= 2 {
            candidates
                .into_iter()
                .filter(|&to| !self.is_attacked(to, !color, without_king))
                .collect()
        } else {
            candidates - self.attack_map(!color, without_king)
        }
    }

    /// Reports every legal move to `sink`.
    #[inline(always)]
    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn();
        let king = self.king(us);
        let ours = self.us();
        let theirs = self.them();
        let occ = ours | theirs;

        sink.piece(Role::King, king, self.king_steps(us));
        if sink.done() {
            return;
        }

        let checkers = self.checkers();
        if checkers.more_than_one() {
            return; // double check: only the king can move
        }
        let check_mask = match checkers.first() {
            Some(checker) => lines::between(king, checker) | checker,
            None => Bitboard::FULL,
        };
        let targets = check_mask - ours;
        let pinned = self.pinned();
        // A pinned man can never answer a check: it would leave its pin line.
        let movable = if checkers.any() { ours - pinned } else { ours };

        for from in self.by_role(Role::Knight) & (movable - pinned) {
            sink.piece(Role::Knight, from, attacks::knight_attacks(from) & targets);
        }
        for from in self.by_role(Role::Bishop) & movable {
            let mut to = attacks::bishop_attacks(from, occ) & targets;
            if pinned.contains(from) {
                to &= lines::line(king, from);
            }
            sink.piece(Role::Bishop, from, to);
        }
        for from in self.by_role(Role::Rook) & movable {
            let mut to = attacks::rook_attacks(from, occ) & targets;
            if pinned.contains(from) {
                to &= lines::line(king, from);
            }
            sink.piece(Role::Rook, from, to);
        }
        for from in self.by_role(Role::Queen) & movable {
            let mut to = attacks::queen_attacks(from, occ) & targets;
            if pinned.contains(from) {
                to &= lines::line(king, from);
            }
            sink.piece(Role::Queen, from, to);
        }
        if sink.done() {
            return;
        }

        self.generate_pawns(
            sink,
            movable & self.by_role(Role::Pawn),
            check_mask,
            king,
            occ,
            theirs,
        );

        if let Some(ep) = self.ep_square() {
            self.generate_en_passant(sink, ep, king);
        }
        if checkers.is_empty() && self.castling_rights().has_any(us) {
            self.generate_castling(sink, occ);
        }
    }

    #[inline(always)]
    fn generate_pawns<S: MoveSink>(
        &self,
        sink: &mut S,
        pawns: Bitboard,
        check_mask: Bitboard,
        king: Square,
        occ: Bitboard,
        theirs: Bitboard,
    ) {
        let us = self.turn();
        let empty = !occ;
        let last_rank = Bitboard::rank(us.fold(Rank::Eighth, Rank::First));
        let double_rank = Bitboard::rank(us.fold(Rank::Third, Rank::Sixth));
        let (up, up_left, up_right): (i8, i8, i8) = match us {
            Color::White => (8, 7, 9),
            Color::Black => (-8, -9, -7),
        };

        // Pinned pawns move only along their pin line: a vertical pin allows pushes,
        // a diagonal pin allows capturing the pinner. Split them off so the bulk of
        // the pawns moves as whole sets.
        let pinned = pawns & self.pinned();
        let free = pawns - pinned;

        let emit = |sink: &mut S, to: Bitboard, offset: i8| {
            sink.pawns(to - last_rank, offset);
            let promo = to & last_rank;
            if promo.any() {
                sink.promotions(promo, offset);
            }
        };

        let single = forward(us, free) & empty;
        let double = forward(us, single & double_rank) & empty & check_mask;
        emit(sink, single & check_mask, up);
        sink.pawns(double, 2 * up);
        // Captures towards the a-file and towards the h-file; file wrap-around masked.
        let left = forward(us, free).west() & theirs & check_mask;
        let right = forward(us, free).east() & theirs & check_mask;
        emit(sink, left, up_left);
        emit(sink, right, up_right);

        for from in pinned {
            let pin_line = lines::line(king, from);
            let one = forward(us, from.bitboard()) & empty;
            let two = forward(us, one & double_rank) & empty;
            let caps = attacks::pawn_attacks(us, from) & theirs;
            let to = (one | two | caps) & pin_line & check_mask;
            for t in to {
                let offset = (t as i32 - from as i32) as i8;
                emit(sink, t.bitboard(), offset);
            }
        }
    }

    /// En passant is rare and has a special danger (both pawns leave the same rank,
    /// possibly exposing the king to a rook), so each candidate is checked by
    /// recomputing the king's attackers on the board after the capture.
    #[cold]
    fn generate_en_passant<S: MoveSink>(&self, sink: &mut S, ep: Square, king: Square) {
        let us = self.turn();
        let candidates = attacks::pawn_attacks(!us, ep) & self.pieces(us, Role::Pawn);
        let captured = Square::from_coords(ep.file(), ep_victim_rank(us));
        for from in candidates {
            let occ = (self.occupied() ^ from ^ captured) | ep;
            let attackers = self.attackers(king, !us, occ) - captured.bitboard();
            if attackers.is_empty() {
                sink.special(Move {
                    from,
                    to: ep,
                    role: Role::Pawn,
                    promotion: None,
                    kind: MoveKind::EnPassant,
                });
            }
        }
    }

    /// Castling, standard or Chess960: the squares between the king and its target
    /// and between the rook and its target must be empty but for these two men, and
    /// the king must not pass or land on an attacked square. Attacks are seen
    /// without the king and the castling rook, since the rook may be what shields
    /// the king's target today (Chess960: king f1, rook g1, enemy rook h1).
    #[cold]
    fn generate_castling<S: MoveSink>(&self, sink: &mut S, occ: Bitboard) {
        let us = self.turn();
        let king = self.king(us);
        for side in CastlingSide::ALL {
            let Some(rook) = self.castling_rights().rook_square(us, side) else {
                continue;
            };
            // Every square between king and rook lies on the path of one of them:
            // one look at the board rules out most castlings (men still at home).
            if (lines::between(king, rook) & occ).any() {
                continue;
            }
            let (king_to, rook_to) = (side.king_target(us), side.rook_target(us));
            let king_path = lines::between(king, king_to).with(king_to);
            let rook_path = lines::between(rook, rook_to).with(rook_to);
            let without_both = occ.without(king).without(rook);
            if ((king_path | rook_path) & without_both).any() {
                continue;
            }
            if king_path
                .into_iter()
                .any(|sq| self.is_attacked(sq, !us, without_both))
            {
                continue;
            }
            sink.special(Move {
                from: king,
                to: rook,
                role: Role::King,
                promotion: None,
                kind: MoveKind::Castle,
            });
        }
    }
}

/// The rank where a pawn of `us`'s opponent stands after a double push that `us`
/// can capture en passant: rank 5 for White to move, rank 4 for Black to move.
#[inline]
fn ep_victim_rank(us: Color) -> Rank {
    us.fold(Rank::Fifth, Rank::Fourth)
}

#[cfg(test)]
mod tests {
    use crate::Position;

    /// The counter agrees with the move list, castling included, along seeded
    /// random games from positions rich in castling, en passant and promotions.
    #[test]
    fn the_kings_share_of_the_moves_agrees_with_the_move_list() {
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut checked = 0;
        for fen in starts {
            let mut pos = Position::from_fen(fen).unwrap();
            for _ in 0..200 {
                let moves = pos.legal_moves();
                let king = pos.king(pos.turn());
                let kings = moves.iter().filter(|m| m.from == king).count() as u64;
                assert_eq!(
                    pos.count_legal_and_king_moves(),
                    (moves.len() as u64, kings),
                    "{}",
                    pos.fen()
                );
                checked += 1;
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos = pos.after(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(checked > 100);
    }
}

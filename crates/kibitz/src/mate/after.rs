//! The board after a move, as bitboards, and the static mate test on it.
//!
//! Both the exact search and the glance detector judge a move without making it:
//! the men of each side are regrouped as the attack tests need them, moved on
//! copies of a few bitboards, and the mated side's answers (king flights, capturing
//! the checker, stepping between) are looked for directly. This is the seed's
//! "attack and defend maps" view of a mate: cheap, and exact for every normal move.

use crate::{Bitboard, Color, Move, MoveKind, Position, Rank, Role, Square, attacks, lines};

/// The men of one side, grouped as the attack tests need them.
#[derive(Copy, Clone)]
pub(crate) struct Men {
    pub(crate) all: Bitboard,
    pub(crate) pawns: Bitboard,
    pub(crate) knights: Bitboard,
    /// Bishops and queens.
    pub(crate) diagonal: Bitboard,
    /// Rooks and queens.
    pub(crate) orthogonal: Bitboard,
    pub(crate) king: Square,
    pub(crate) color: Color,
}

impl Men {
    #[inline(always)]
    pub(crate) fn of(pos: &Position, color: Color) -> Men {
        let all = pos.by_color(color);
        Men {
            all,
            pawns: pos.by_role(Role::Pawn) & all,
            knights: pos.by_role(Role::Knight) & all,
            diagonal: pos.bishops_and_queens() & all,
            orthogonal: pos.rooks_and_queens() & all,
            king: pos.king(color),
            color,
        }
    }

    /// After a `role` on `from` went to `to`, becoming `becomes` (a promotion, or the same role).
    #[inline(always)]
    pub(crate) fn moved(mut self, role: Role, becomes: Role, from: Square, to: Square) -> Men {
        self.all = self.all.without(from).with(to);
        match role {
            Role::Pawn => self.pawns = self.pawns.without(from),
            Role::Knight => self.knights = self.knights.without(from),
            Role::Bishop => self.diagonal = self.diagonal.without(from),
            Role::Rook => self.orthogonal = self.orthogonal.without(from),
            Role::Queen => {
                self.diagonal = self.diagonal.without(from);
                self.orthogonal = self.orthogonal.without(from);
            }
            Role::King => {}
        }
        match becomes {
            Role::Pawn => self.pawns |= to,
            Role::Knight => self.knights |= to,
            Role::Bishop => self.diagonal |= to,
            Role::Rook => self.orthogonal |= to,
            Role::Queen => {
                self.diagonal |= to;
                self.orthogonal |= to;
            }
            Role::King => self.king = to,
        }
        self
    }

    /// After the man on `sq` (if any; never the king) was captured.
    #[inline(always)]
    pub(crate) fn without(mut self, sq: Square) -> Men {
        self.all = self.all.without(sq);
        self.pawns = self.pawns.without(sq);
        self.knights = self.knights.without(sq);
        self.diagonal = self.diagonal.without(sq);
        self.orthogonal = self.orthogonal.without(sq);
        self
    }

    /// Every square the pawns, knights and king attack.
    #[inline(always)]
    pub(crate) fn leaper_attacks(&self) -> Bitboard {
        let ahead = match self.color {
            Color::White => self.pawns.north(),
            Color::Black => self.pawns.south(),
        };
        let mut attacked = ahead.east() | ahead.west() | attacks::king_attacks(self.king);
        for knight in self.knights {
            attacked |= attacks::knight_attacks(knight);
        }
        attacked
    }

    /// The sliders that attack `sq`. (Filtering them first on the small empty-board
    /// ray tables, to skip the magic lookups, measured 2 % slower here: the branches
    /// cost more than the lookups, whose table lines the tests keep in cache.)
    #[inline(always)]
    fn sliders_attacking(&self, sq: Square, occ: Bitboard) -> Bitboard {
        (attacks::compact::rook_attacks(sq, occ) & self.orthogonal)
            | (attacks::compact::bishop_attacks(sq, occ) & self.diagonal)
    }

    /// The squares a man of this side of `role` on `sq` attacks on a board holding `occ`.
    #[inline(always)]
    pub(crate) fn attacks_of(&self, role: Role, sq: Square, occ: Bitboard) -> Bitboard {
        match role {
            Role::Pawn => attacks::pawn_attacks(self.color, sq),
            Role::Knight => attacks::knight_attacks(sq),
            Role::Bishop => attacks::compact::bishop_attacks(sq, occ),
            Role::Rook => attacks::compact::rook_attacks(sq, occ),
            Role::Queen => attacks::compact::queen_attacks(sq, occ),
            Role::King => attacks::king_attacks(sq),
        }
    }

    /// The men other than the king that attack `sq`.
    #[inline(always)]
    pub(crate) fn attackers_but_king(&self, sq: Square, occ: Bitboard) -> Bitboard {
        (attacks::knight_attacks(sq) & self.knights)
            | (attacks::pawn_attacks(!self.color, sq) & self.pawns)
            | self.sliders_attacking(sq, occ)
    }

    /// The men (other than the king) that can move to the empty square `sq`:
    /// pieces by their attacks, pawns by a push or a double push.
    #[inline(always)]
    pub(crate) fn reaching_empty(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let mut men =
            (attacks::knight_attacks(sq) & self.knights) | self.sliders_attacking(sq, occ);
        let back = self.color.fold(-1, 1);
        if let Some(one) = sq.try_offset(0, back) {
            if self.pawns.contains(one) {
                men |= one;
            } else if !occ.contains(one)
                && sq.rank() == self.color.fold(Rank::Fourth, Rank::Fifth)
                && let Some(two) = one.try_offset(0, back)
                && self.pawns.contains(two)
            {
                men |= two;
            }
        }
        men
    }

    /// The men of this side pinned to their king by `attacker`'s sliders on `occ`.
    #[inline(always)]
    pub(crate) fn pinned_by(&self, attacker: &Men, occ: Bitboard) -> Bitboard {
        let king = self.king;
        let snipers = (attacks::rook_rays(king) & attacker.orthogonal)
            | (attacks::bishop_rays(king) & attacker.diagonal);
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = lines::between(king, sniper) & occ;
            if !blockers.more_than_one() {
                pinned |= blockers & self.all;
            }
        }
        pinned
    }
}

/// Can statically judge `mv`: every normal move except a pawn's double step
/// (which may open an en-passant capture of the checking pawn).
#[inline(always)]
pub(crate) fn judged_statically(mv: Move) -> bool {
    mv.kind == MoveKind::Normal
        && !(mv.role == Role::Pawn && mv.from.index().abs_diff(mv.to.index()) == 16)
}

/// Does the legal move `mv` of `mover` checkmate `defender`? `occ` is the board
/// before the move. Exact for the moves [`judged_statically`] accepts.
///
/// Answers are looked for from cheap to expensive, as the seed orders its
/// conditions: can the king take the man that moved next to it; can the king
/// step out (its own square lifted off the board, so that a slider's line runs on
/// through it); is it check at all; is it double check (then nothing else helps);
/// can the checker be taken by a man not pinned off the line through it (pins
/// recomputed after the move: the move may create them); can a man step between
/// (pawn pushes and double pushes included).
#[inline]
pub(crate) fn mates(mover: &Men, defender: &Men, occ: Bitboard, mv: Move) -> bool {
    mates_checked_by(mover, defender, occ, mv, Checker::Unknown)
}

/// [`mates`] for a move whose man checks the king from `mv.to`: the checkers are
/// looked up only when a man could take that man or step between (a second,
/// discovered checker would make those answers useless).
#[inline]
pub(crate) fn mates_by_direct_check(mover: &Men, defender: &Men, occ: Bitboard, mv: Move) -> bool {
    mates_checked_by(mover, defender, occ, mv, Checker::Direct)
}

/// [`mates`] for a move whose man checks the king from `mv.to`, when the caller
/// knows that nothing else checks (no man of the mover stood alone between one of
/// its sliders and the enemy king): the checkers are never looked up.
#[inline]
pub(crate) fn mates_by_sole_check(mover: &Men, defender: &Men, occ: Bitboard, mv: Move) -> bool {
    mates_checked_by(mover, defender, occ, mv, Checker::Sole)
}

/// What the caller knows of the checkers after the move.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Checker {
    /// Nothing: they are looked up.
    Unknown,
    /// The man that moved checks from its landing square; another may too.
    Direct,
    /// The man that moved checks from its landing square, and no other.
    Sole,
}

#[inline(always)]
fn mates_checked_by(mover: &Men, defender: &Men, occ: Bitboard, mv: Move, known: Checker) -> bool {
    let (from, to) = (mv.from, mv.to);
    let occ = occ.without(from).with(to);
    let men = mover.moved(mv.role, mv.promotion.unwrap_or(mv.role), from, to);
    let defender = defender.without(to);
    let king = defender.king;
    // The answers are tested in any order (a mate needs all of them to fail), so the
    // most selective and cheapest comes first: a man that lands next to the king
    // must be supported (seed condition 2), or the king takes it. Most contact
    // checks fail here, before any lookup for the checkers.
    //
    // The lines from the landing square, with the king lifted off the board, serve
    // three tests: who supports the man there, which flights it covers (as a
    // bishop, rook or queen), and which enemy sliders could take it.
    let lifted = occ.without(king);
    let flights = attacks::king_attacks(king) - defender.all;
    let straight = attacks::compact::rook_attacks(to, lifted);
    let diagonal = attacks::compact::bishop_attacks(to, lifted);
    // The leapers' attacks do not depend on the board: one set for all of them.
    let leapers = men.leaper_attacks();
    if flights.contains(to)
        && !leapers.contains(to)
        && (straight & men.orthogonal).is_empty()
        && (diagonal & men.diagonal).is_empty()
    {
        return false;
    }
    // The moved man usually covers most of the other flights (a queen next to the
    // king covers up to all of them), then only the sliders are looked up for what
    // is left. Flights come before the checkers: the candidates are nearly always
    // checks, and an open flight is the most common answer.
    let covered = leapers
        | match mv.promotion.unwrap_or(mv.role) {
            Role::Queen => straight | diagonal,
            Role::Rook => straight,
            Role::Bishop => diagonal,
            role => men.attacks_of(role, to, lifted),
        };
    for sq in flights.without(to) - covered {
        if men.sliders_attacking(sq, lifted).is_empty() {
            return false;
        }
    }
    let checker = match known {
        Checker::Direct | Checker::Sole => to,
        Checker::Unknown => {
            let checkers = men.attackers_but_king(king, occ);
            if checkers.is_empty() {
                return false;
            }
            let Some(checker) = checkers.single() else {
                return true; // double check: only the king could have helped
            };
            checker
        }
    };
    // The men that could take the checker or step between; pins (recomputed after
    // the move, which may create them) only matter, and are only computed, when
    // there is one.
    let capturers = if checker == to {
        // The lines from `to` were drawn through the lifted king: a slider found
        // beyond it cannot capture.
        let sliders = ((straight & defender.orthogonal) | (diagonal & defender.diagonal))
            .into_iter()
            .filter(|&slider| !lines::between(to, slider).contains(king))
            .collect::<Bitboard>();
        sliders
            | (attacks::knight_attacks(to) & defender.knights)
            | (attacks::pawn_attacks(!defender.color, to) & defender.pawns)
    } else {
        defender.attackers_but_king(checker, occ)
    };
    let between = lines::between(king, checker);
    if capturers.is_empty() && between.is_empty() {
        return true;
    }
    if known == Checker::Direct && men.attackers_but_king(king, occ).more_than_one() {
        return true; // double check: only the king could have helped
    }
    let pinned = defender.pinned_by(&men, occ);
    let free = |man: Square, target: Square| {
        !pinned.contains(man) || lines::line(king, man).contains(target)
    };
    if capturers.into_iter().any(|man| free(man, checker)) {
        return false;
    }
    for sq in between {
        if defender
            .reaching_empty(sq, occ)
            .into_iter()
            .any(|man| free(man, sq))
        {
            return false;
        }
    }
    true
}

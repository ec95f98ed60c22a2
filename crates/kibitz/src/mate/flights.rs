//! The mated king's open flights and lone squares, as a filter on whole positions.
//!
//! After a mating move every square next to the enemy king that the king could step
//! to is attacked (the seed's fifth condition, "no escape square"). Take the squares
//! next to the king that hold none of its own men and that no man of the mating side
//! attacks now, counting lines that run through the king and through any of the
//! mating side's own men (each of which might step out of the line). Such an *open
//! flight* can only become attacked by the man that moves, from the square it lands
//! on: a normal move only empties its own square and fills one that either was empty
//! or held an enemy man, so no other man gains a line onto the flight that it did
//! not have through its own side's men already.
//!
//! So before any move is generated, the landing squares are bounded for each kind of
//! man: a knight must land a knight's step from every open flight, a rook on a rank
//! or file through each of them, and so on, and never on an open flight itself (the
//! king would take it: no other man defends it). In most positions no man can land
//! where it also checks the king, and there is no mate to look for.
//!
//! The same count gives the seed's second condition (a man next to the king must be
//! supported by another): a square next to the king that at most one of our men
//! attacks, through our own men included, is *lone*. A bishop, rook or queen that
//! lands there reached it along a line, so it is that one man, and the king takes
//! it.
//!
//! En passant removes a man that is not on the landing square, and castling moves
//! two men: neither is covered by the argument above, and both are left to the
//! caller.

use super::after::Men;
use crate::{Bitboard, Color, Role, attacks};

/// What `mover`'s men do around `defender`'s king, counting lines through the king
/// and through `mover`'s own men (each of which might step out of the line).
#[derive(Copy, Clone, Debug)]
pub(crate) struct KingZone {
    /// The open flights: squares next to the king that it could step to and that no
    /// man of `mover` attacks.
    pub(crate) open: Bitboard,
    /// Squares next to the king that at most one man of `mover` attacks. A slider
    /// landing there is that one man (it reached the square along a line), so
    /// nothing supports it and the king takes it: no mate lands there.
    pub(crate) lone: Bitboard,
}

/// The open flights and the lone squares around `defender`'s king.
#[inline(always)]
pub(crate) fn king_zone(mover: &Men, defender: &Men) -> KingZone {
    let king = defender.king;
    // Squares attacked once, and twice or more, by the men of `mover`.
    let (mut once, mut twice) = (Bitboard::EMPTY, Bitboard::EMPTY);
    let mut add = |attacked: Bitboard| {
        twice |= once & attacked;
        once |= attacked;
    };
    let ahead = match mover.color {
        Color::White => mover.pawns.north(),
        Color::Black => mover.pawns.south(),
    };
    // Two pawns may attack one square from either side.
    add(ahead.east());
    add(ahead.west());
    add(attacks::king_attacks(mover.king));
    for knight in mover.knights {
        add(attacks::knight_attacks(knight));
    }
    // Sliders see through the king and through their own side's men: only the
    // defender's other men block them. Every slider is looked at: skipping those
    // with no line to the king's neighbours saved work but cost more in mispredicted
    // branches (measured).
    let blockers = defender.all.without(king);
    for slider in mover.diagonal {
        add(attacks::compact::bishop_attacks(slider, blockers));
    }
    for slider in mover.orthogonal {
        add(attacks::compact::rook_attacks(slider, blockers));
    }
    let ring = attacks::king_attacks(king);
    KingZone {
        open: ring - defender.all - once,
        lone: ring - twice,
    }
}

/// For each role (indexed by `Role as usize`), the squares a man of `color` of that
/// role could stand on and attack every square of `open` on some board (its moves
/// on an empty board), minus `open` itself. Everything but `open` when `open` is
/// empty. The king's entry is left for [`king_covering_squares`] (rarely needed).
#[inline(always)]
pub(crate) fn covering_squares(color: Color, open: Bitboard) -> [Bitboard; 6] {
    let mut cover = [!open; 6];
    for flight in open {
        let rook = attacks::rook_rays(flight);
        let bishop = attacks::bishop_rays(flight);
        cover[Role::Pawn as usize] &= attacks::pawn_attacks(!color, flight);
        cover[Role::Knight as usize] &= attacks::knight_attacks(flight);
        cover[Role::Bishop as usize] &= bishop;
        cover[Role::Rook as usize] &= rook;
        cover[Role::Queen as usize] &= rook | bishop;
    }
    cover
}

/// The squares a king could stand on next to every square of `open`, minus `open`.
#[inline]
pub(crate) fn king_covering_squares(open: Bitboard) -> Bitboard {
    let mut cover = !open;
    for flight in open {
        cover &= attacks::king_attacks(flight);
    }
    cover
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveKind;

    /// The module's claims, tested on the board after every normal move: an open
    /// flight attacked after the move is attacked by the man that moved; a move that
    /// leaves every open flight attacked lands on its role's covering squares; a
    /// slider landing on a lone square has no support there.
    #[test]
    fn only_the_man_that_moves_can_cover_an_open_flight() {
        let (mut covered_all, mut lone_landings) = (0, 0);
        for pos in crate::testing::random_play(0x0F11_6475, 4000, 120) {
            let us = pos.turn();
            let mover = Men::of(&pos, us);
            let defender = Men::of(&pos, !us);
            let zone = king_zone(&mover, &defender);
            let open = zone.open;
            let cover = covering_squares(us, open);
            for &mv in pos.legal_moves().iter() {
                if mv.kind != MoveKind::Normal {
                    continue; // en passant and castling are left to the caller
                }
                let next = pos.after(mv);
                let lifted = next.occupied().without(defender.king);
                let becomes = mv.promotion.unwrap_or(mv.role);
                // A slider landing on a lone square next to the king has no support.
                if zone.lone.contains(mv.to)
                    && matches!(mv.role, Role::Bishop | Role::Rook | Role::Queen)
                {
                    lone_landings += 1;
                    let support = next.attackers(mv.to, us, lifted);
                    assert!(support.is_empty(), "{} {mv}", pos.fen());
                }
                let mut all = true;
                for flight in open {
                    let attackers = next.attackers(flight, us, lifted);
                    if attackers.is_empty() {
                        all = false;
                    } else {
                        assert_eq!(attackers, mv.to.bitboard(), "{} {mv}", pos.fen());
                    }
                }
                if all && becomes != Role::King {
                    covered_all += 1;
                    assert!(
                        cover[becomes as usize].contains(mv.to),
                        "{} {mv}",
                        pos.fen()
                    );
                }
            }
        }
        // Not vacuous: plenty of moves cover every open flight.
        assert!(covered_all > 5_000, "{covered_all}");
        assert!(lone_landings > 1_000, "{lone_landings}");
    }
}

//! Writing moves in Standard Algebraic Notation.
//!
//! Cost: one SAN is a handful of attack lookups (disambiguation looks only at the men
//! of the same kind that attack the target square), one make-move and a check test,
//! and a "has any legal move" test only when the move gives check. No move list is
//! generated per move.

use core::fmt;

use crate::position::{Move, MoveKind, Position, Role};
use crate::{Bitboard, attacks, lines};

/// How to write promotions and castling.
///
/// ```
/// use kibitz::Position;
/// use kibitz::notation::{SanStyle, parse_san, san_styled};
/// let pos = Position::from_fen("7k/3P4/8/8/8/8/8/4K3 w - - 0 1").unwrap();
/// let mv = parse_san(&pos, "d8Q").unwrap();
/// assert_eq!(san_styled(&pos, mv, SanStyle::Standard), "d8=Q+");
/// assert_eq!(san_styled(&pos, mv, SanStyle::Fide), "d8Q+");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum SanStyle {
    /// PGN's Standard Algebraic Notation as python-chess writes it: `d8=Q`, `O-O`.
    #[default]
    Standard,
    /// FIDE's Laws of Chess, Appendix C, as the seed writes moves: promotions
    /// without `=` (`d8Q`, `exf8N`) and castling with zeros (`0-0`, `0-0-0`).
    Fide,
}

/// The SAN of `mv`, a legal move of `pos`, in the standard style (`Nbd7`, `exd5`,
/// `d8=Q`, `O-O`, with `+` or `#`).
///
/// ```
/// use kibitz::Position;
/// use kibitz::notation::san;
/// let pos = Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3").unwrap();
/// let mv = pos.parse_uci("f3f7").unwrap();
/// assert_eq!(san(&pos, mv), "Qxf7#");
/// ```
pub fn san(pos: &Position, mv: Move) -> String {
    san_styled(pos, mv, SanStyle::Standard)
}

/// The SAN of `mv`, a legal move of `pos`, in `style`.
///
/// ```
/// use kibitz::Position;
/// use kibitz::notation::{SanStyle, san_styled};
/// let pos = Position::from_fen("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1").unwrap();
/// let mv = pos.parse_uci("e1g1").unwrap();
/// assert_eq!(san_styled(&pos, mv, SanStyle::Standard), "O-O");
/// assert_eq!(san_styled(&pos, mv, SanStyle::Fide), "0-0");
/// ```
pub fn san_styled(pos: &Position, mv: Move, style: SanStyle) -> String {
    let mut out = String::with_capacity(8);
    // Writing into a String cannot fail.
    let _ = write_san(&mut out, pos, mv, style);
    out
}

/// The SAN of every move in `moves` (legal moves of `pos`), in order.
///
/// ```
/// use kibitz::Position;
/// use kibitz::notation::{SanStyle, san_all};
/// let pos = Position::startpos();
/// let sans = san_all(&pos, &pos.legal_moves(), SanStyle::Standard);
/// assert_eq!(sans.len(), 20);
/// assert!(sans.iter().any(|s| s == "Nf3"));
/// ```
pub fn san_all(pos: &Position, moves: &[Move], style: SanStyle) -> Vec<String> {
    moves.iter().map(|&mv| san_styled(pos, mv, style)).collect()
}

/// Writes the SAN of `mv`, a legal move of `pos`, to `out`.
///
/// A move that is not legal in `pos` gets some text but no promise about it.
///
/// ```
/// use kibitz::Position;
/// use kibitz::notation::{SanStyle, write_san};
/// let pos = Position::startpos();
/// let mut text = String::new();
/// for mv in pos.legal_moves().iter().filter(|m| m.to.to_string() == "f3") {
///     write_san(&mut text, &pos, *mv, SanStyle::Standard).unwrap();
///     text.push(' ');
/// }
/// assert_eq!(text, "Nf3 f3 ");
/// ```
pub fn write_san(
    out: &mut impl fmt::Write,
    pos: &Position,
    mv: Move,
    style: SanStyle,
) -> fmt::Result {
    write_body(out, pos, mv, style)?;
    let next = pos.after(mv);
    if next.is_check() {
        out.write_char(if next.has_legal_move() { '+' } else { '#' })?;
    }
    Ok(())
}

/// Everything but the check suffix.
fn write_body(out: &mut impl fmt::Write, pos: &Position, mv: Move, style: SanStyle) -> fmt::Result {
    if mv.kind == MoveKind::Castle {
        let zero = if style == SanStyle::Fide { '0' } else { 'O' };
        out.write_char(zero)?;
        out.write_char('-')?;
        out.write_char(zero)?;
        if mv.to.file() < mv.from.file() {
            out.write_char('-')?;
            out.write_char(zero)?;
        }
        return Ok(());
    }
    let capture = mv.kind == MoveKind::EnPassant || pos.them().contains(mv.to);
    if mv.role == Role::Pawn {
        // A pawn capture names the file the pawn came from (`exd5`): that alone is
        // never ambiguous, since two pawns on one file cannot both capture on a square.
        if capture {
            out.write_char(mv.from.file().char())?;
            out.write_char('x')?;
        }
        write_square(out, mv.to)?;
        if let Some(promotion) = mv.promotion {
            if style == SanStyle::Standard {
                out.write_char('=')?;
            }
            out.write_char(promotion.upper_char())?;
        }
        return Ok(());
    }
    out.write_char(mv.role.upper_char())?;
    let rivals = rivals(pos, mv);
    if rivals.any() {
        // python-chess's rule: the file if it tells the men apart, else the rank,
        // else both.
        let same_file = rivals & Bitboard::file(mv.from.file());
        let same_rank = rivals & Bitboard::rank(mv.from.rank());
        // The rank only when a rival shares the file; the file when a rival shares
        // the rank or when the file alone is enough.
        let need_rank = same_file.any();
        let need_file = same_rank.any() || !need_rank;
        if need_file {
            out.write_char(mv.from.file().char())?;
        }
        if need_rank {
            out.write_char(mv.from.rank().char())?;
        }
    }
    if capture {
        out.write_char('x')?;
    }
    write_square(out, mv.to)
}

/// The square's name, two characters written directly (no formatting machinery).
#[inline]
fn write_square(out: &mut impl fmt::Write, sq: crate::Square) -> fmt::Result {
    out.write_char(sq.file().char())?;
    out.write_char(sq.rank().char())
}

/// The other men of the mover's kind and colour that could legally go to `mv.to`:
/// those that attack it and are not held back by a pin or a check. (Kings never need
/// this; pawns are told apart by their file.)
fn rivals(pos: &Position, mv: Move) -> Bitboard {
    let us = pos.turn();
    let occ = pos.occupied();
    let attackers = match mv.role {
        Role::Knight => attacks::knight_attacks(mv.to),
        Role::Bishop => attacks::bishop_attacks(mv.to, occ),
        Role::Rook => attacks::rook_attacks(mv.to, occ),
        Role::Queen => attacks::queen_attacks(mv.to, occ),
        Role::Pawn | Role::King => return Bitboard::EMPTY,
    };
    let candidates = (attackers & pos.pieces(us, mv.role)).without(mv.from);
    if candidates.is_empty() {
        return candidates;
    }
    let pinned = pos.pinned();
    if pos.is_check() {
        // `mv` itself is legal and not a king move, so `mv.to` answers the check;
        // any other man could too unless it is pinned (a pinned man never can).
        return candidates - pinned;
    }
    let king = pos.king(us);
    let mut legal = candidates - pinned;
    for from in candidates & pinned {
        if lines::line(king, from).contains(mv.to) {
            legal |= from;
        }
    }
    legal
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sans(fen: &str, style: SanStyle) -> Vec<String> {
        let pos = Position::from_fen(fen).unwrap();
        let mut v = san_all(&pos, &pos.legal_moves(), style);
        v.sort();
        v
    }

    fn has(fen: &str, expected: &str) {
        let all = sans(fen, SanStyle::Standard);
        assert!(
            all.iter().any(|s| s == expected),
            "{expected} not in {all:?}"
        );
    }

    #[test]
    fn startpos_matches_python_chess() {
        // python-chess: sorted(board.san(m) for m in chess.Board().legal_moves)
        let expected = [
            "Na3", "Nc3", "Nf3", "Nh3", "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4",
            "f3", "f4", "g3", "g4", "h3", "h4",
        ];
        assert_eq!(
            sans(&Position::startpos().fen(), SanStyle::Standard),
            expected
        );
    }

    #[test]
    fn disambiguation_file_rank_both() {
        // Knights on c3 and g3 both reach e2 and e4: the file tells them apart.
        has("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1", "Nce4");
        has("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1", "Nge2");
        has("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1", "Nh5");
        // Two rooks on one rank: the file tells them apart.
        has("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "Rad1");
        has("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "Rhd1");
        // Two rooks on one file: the rank.
        has("4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "R1a4");
        // Three queens (python-chess writes Q1d4, Qa4d4, Qhd4): both only for a4.
        has("5k2/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1", "Q1d4");
        has("5k2/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1", "Qa4d4");
        has("5k2/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1", "Qhd4");
    }

    #[test]
    fn pinned_rival_does_not_disambiguate() {
        // The c3 knight is pinned by the b4 bishop, so the g1 knight writes plain Ne2.
        has("4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1", "Ne2");
    }

    #[test]
    fn promotions_in_both_styles() {
        let fen = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
        let std = sans(fen, SanStyle::Standard);
        assert!(std.contains(&"exd8=Q+".to_string()), "{std:?}");
        assert!(std.contains(&"e8=N".to_string()), "{std:?}");
        let fide = sans(fen, SanStyle::Fide);
        assert!(fide.contains(&"exd8Q+".to_string()), "{fide:?}");
        assert!(fide.contains(&"e8N".to_string()), "{fide:?}");
    }

    #[test]
    fn en_passant_and_mate() {
        has("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6");
        // Scholar's mate.
        has(
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
            "Qxf7#",
        );
        has("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O");
        assert!(
            sans("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", SanStyle::Fide)
                .contains(&"0-0-0".to_string())
        );
    }
}

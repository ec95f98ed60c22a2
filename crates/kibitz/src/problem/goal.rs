//! Whether a move reaches a stipulation's [`Goal`], on any board.

use super::Goal;
use crate::board::Board;

impl Goal {
    /// Does the legal move `mv` of `pos`, leading to `after`, reach the goal?
    ///
    /// ```
    /// use kibitz::Position;
    /// use kibitz::board::Board;
    /// use kibitz::problem::Goal;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// let castle = pos.parse_move("O-O").unwrap();
    /// assert!(Goal::Castling.reached(&pos, castle, &pos.after(castle)));
    /// let rook = pos.parse_move("Rh8+").unwrap();
    /// assert!(Goal::Check.reached(&pos, rook, &pos.after(rook)));
    /// assert!(!Goal::Castling.reached(&pos, rook, &pos.after(rook)));
    /// assert!(Goal::Target { file: 7, rank: 7 }.reached(&pos, rook, &pos.after(rook)));
    /// ```
    pub fn reached<B: Board>(self, pos: &B, mv: B::Move, after: &B) -> bool {
        match self {
            Goal::Mate => after.is_checkmate(),
            Goal::Stalemate => !after.is_check() && !after.has_legal_move(),
            // The side that moved, were it its turn, has no move either (the
            // stalemated side is not in check, so the turn can pass).
            Goal::DoubleStalemate => {
                !after.is_check()
                    && !after.has_legal_move()
                    && after.pass().is_some_and(|p| !p.has_legal_move())
            }
            Goal::Check => after.is_check(),
            Goal::Capture => pos.is_capture(mv) || is_en_passant(pos, mv),
            Goal::Any => true,
            Goal::Castling => is_castling(pos, mv, after),
            Goal::EnPassant => is_en_passant(pos, mv),
            Goal::Target { file, rank } => arrives(pos, mv, after, (file, rank)),
        }
    }
}

/// Does the man that moves end on `target`: its arrival square, or, where a
/// rule moves it on from there (an Anticirce rebirth), the square it is
/// moved to (as Popeye reads `z`, its issue #231)?
fn arrives<B: Board>(pos: &B, mv: B::Move, after: &B, target: (u8, u8)) -> bool {
    let Some(to) = pos.move_facts(mv).to.as_deref().and_then(square) else {
        return false;
    };
    let white = pos.turn() == crate::Color::White;
    let ours = |c: char| c.is_ascii_uppercase() == white;
    if after.piece_at(to.0, to.1).is_some_and(ours) {
        return to == target;
    }
    // The arrival square is empty or the other side's: the man moved on.
    after.piece_at(target.0, target.1).is_some_and(ours)
        && pos.piece_at(target.0, target.1).is_none_or(|c| !ours(c))
}

/// The squares a move leaves and reaches, as (file, rank); None for a drop.
fn from_to<B: Board>(pos: &B, mv: B::Move) -> Option<((u8, u8), (u8, u8))> {
    let facts = pos.move_facts(mv);
    Some((
        facts.from.as_deref().and_then(square)?,
        facts.to.as_deref().and_then(square)?,
    ))
}

/// `e4` as (4, 3); None for anything else.
fn square(name: &str) -> Option<(u8, u8)> {
    let (file, rank) = name.split_at_checked(1)?;
    let file = file.bytes().next().filter(u8::is_ascii_lowercase)? - b'a';
    let rank: u8 = rank.parse().ok()?;
    Some((file, rank.checked_sub(1)?))
}

/// A king's move that moves another man of its side too: a non-castling king
/// move changes two squares of its side's men, a castling three or four
/// (Chess960 included), or leaves the king where it stands. Only the king's
/// side counts: a king's capture under Circe changes a third square, the
/// rebirth square of the man taken, and is no castling.
fn is_castling<B: Board>(pos: &B, mv: B::Move, after: &B) -> bool {
    let Some((from, to)) = from_to(pos, mv) else {
        return false;
    };
    let Some(king @ ('K' | 'k')) = pos.piece_at(from.0, from.1) else {
        return false;
    };
    if from == to {
        return true;
    }
    let ours = |piece: Option<char>| {
        piece.is_some_and(|p| p.is_ascii_uppercase() == king.is_ascii_uppercase())
    };
    let mut changed = 0;
    for rank in 0..pos.ranks() {
        for file in 0..pos.files() {
            let (before, now) = (pos.piece_at(file, rank), after.piece_at(file, rank));
            changed += usize::from(before != now && (ours(before) || ours(now)));
        }
    }
    changed > 2
}

/// A pawn's move to another file onto an empty square (an engine may not
/// count it among its captures).
fn is_en_passant<B: Board>(pos: &B, mv: B::Move) -> bool {
    let Some((from, to)) = from_to(pos, mv) else {
        return false;
    };
    from.0 != to.0
        && matches!(pos.piece_at(from.0, from.1), Some('P' | 'p'))
        && pos.piece_at(to.0, to.1).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Variant, VariantPosition};

    fn under(conditions: &str, fen: &str) -> VariantPosition {
        let variant = Variant::with_conditions(conditions.parse().unwrap()).unwrap();
        VariantPosition::from_fen(&variant, fen).unwrap()
    }

    fn reaches(pos: &VariantPosition, san: &str, file: u8, rank: u8) -> bool {
        let mv = Board::parse_move(pos, san).unwrap();
        Goal::Target { file, rank }.reached(pos, mv, &Board::after(pos, mv))
    }

    #[test]
    fn an_anticirce_capture_reaches_the_square_the_capturer_is_reborn_on() {
        // Rd7xh7 under Anticirce: the rook is reborn on h1 (the rook's home
        // square of h7's colour), so `zh1` is reached and `zh7` is not.
        let pos = under("anticirce", "4k3/3R3p/8/8/8/8/8/4K3 w - - 0 1");
        assert!(reaches(&pos, "Rxh7", 7, 0));
        assert!(!reaches(&pos, "Rxh7", 7, 6));
        // A quiet move arrives where it goes.
        assert!(reaches(&pos, "Rd1", 3, 0));
        assert!(!reaches(&pos, "Rd1", 7, 0));
    }

    #[test]
    fn under_circe_the_capturer_stays_on_the_capture_square() {
        // Rd5xh5 under Circe: the knight taken is reborn on g8, the capturer
        // stays on h5, so `zh5` is reached and neither g8 nor d5 is.
        let pos = under("circe", "4k3/8/8/3R3n/8/8/8/4K3 w - - 0 1");
        assert!(reaches(&pos, "Rxh5", 7, 4));
        assert!(!reaches(&pos, "Rxh5", 6, 7));
        assert!(!reaches(&pos, "Rxh5", 3, 4));
        let after = Board::after(&pos, Board::parse_move(&pos, "Rxh5").unwrap());
        assert_eq!(Board::piece_at(&after, 6, 7), Some('n'));
    }

    #[test]
    fn a_kings_capture_under_circe_is_no_castling() {
        // Kxe2 under Circe changes three squares (e1, e2 and d8, where the
        // queen taken is reborn), but only two of White's: not `00`.
        let pos = under("circe", "k7/8/8/8/8/8/4q3/4K3 w - - 0 1");
        let mv = Board::parse_move(&pos, "Kxe2").unwrap();
        assert!(!Goal::Castling.reached(&pos, mv, &Board::after(&pos, mv)));
        assert_eq!(Board::piece_at(&Board::after(&pos, mv), 3, 7), Some('q'));
        // Castling under Circe still is.
        let pos = under("circe", "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let mv = Board::parse_move(&pos, "O-O").unwrap();
        assert!(Goal::Castling.reached(&pos, mv, &Board::after(&pos, mv)));
    }
}

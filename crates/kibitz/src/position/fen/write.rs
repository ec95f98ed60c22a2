//! Writing FEN, Shredder-FEN and EPD text.

use core::fmt;

use crate::position::castling::back_rank;
use crate::position::{CastlingSide, Piece, Position, Role};
use crate::{Bitboard, Color};

impl Position {
    /// The piece placement field of the FEN.
    pub fn board_fen(&self) -> String {
        let mut buf = FenBuf::new();
        buf.push_placement(self);
        buf.as_str().to_owned()
    }

    /// The FEN of the position, all six fields. The en-passant square is written
    /// only when an en-passant capture is legal. The same text as
    /// [`Position::write_fen`] writes.
    pub fn fen(&self) -> String {
        let mut buf = FenBuf::new();
        buf.push_fen(self, true, false);
        buf.as_str().to_owned()
    }

    /// Writes the FEN of the position ([`Position::fen`]) to `out`, for instance a
    /// `String` reused from line to line: the text is put together on the stack
    /// and handed to `out` in one `write_str`, so nothing is allocated (beyond what
    /// `out` itself may need to grow).
    ///
    /// ```
    /// use kibitz::Position;
    /// let mut line = String::new();
    /// for fen in ["4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "8/8/8/8/8/8/8/K1k5 w - - 12 70"] {
    ///     line.clear();
    ///     Position::from_fen(fen).unwrap().write_fen(&mut line).unwrap();
    ///     assert_eq!(line, fen);
    /// }
    /// ```
    pub fn write_fen(&self, out: &mut (impl fmt::Write + ?Sized)) -> fmt::Result {
        let mut buf = FenBuf::new();
        buf.push_fen(self, true, false);
        out.write_str(buf.as_str())
    }

    /// The FEN with the castling field in Shredder-FEN, the rooks' files (`HAha`), as
    /// Chess960 programs often write it; [`Position::fen`] writes X-FEN (`KQkq`,
    /// a file letter only for an inner rook), the same text for every standard
    /// position. Both read back to the same position.
    ///
    /// ```
    /// use kibitz::Position;
    /// let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    /// let pos = Position::from_fen(fen).unwrap();
    /// assert_eq!(pos.shredder_fen(), fen);
    /// assert_eq!(pos.fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    /// assert_eq!(Position::from_fen(&pos.fen()).unwrap(), pos);
    /// ```
    pub fn shredder_fen(&self) -> String {
        let mut buf = FenBuf::new();
        buf.push_fen(self, true, true);
        buf.as_str().to_owned()
    }

    /// The first four FEN fields (an EPD position).
    pub fn epd(&self) -> String {
        let mut buf = FenBuf::new();
        buf.push_fen(self, false, false);
        buf.as_str().to_owned()
    }
}

/// The longest FEN: a placement of 71 bytes (`p1p1p1p1/...`), five spaces, the
/// side to move, four castling letters, an en-passant square and two clocks of up
/// to twenty digits.
pub(super) const FEN_MAX: usize = 71 + 5 + 1 + 4 + 2 + 20 + 20;

/// A FEN put together on the stack, byte by byte (all ASCII).
pub(super) struct FenBuf {
    bytes: [u8; FEN_MAX],
    len: usize,
}

impl FenBuf {
    #[inline]
    pub(super) fn new() -> FenBuf {
        FenBuf {
            bytes: [0; FEN_MAX],
            len: 0,
        }
    }

    #[inline]
    pub(super) fn push(&mut self, b: u8) {
        self.bytes[self.len] = b;
        self.len += 1;
    }

    #[inline]
    pub(super) fn push_u64(&mut self, mut n: u64) {
        let mut digits = [0u8; 20];
        let mut i = digits.len();
        loop {
            i -= 1;
            digits[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in &digits[i..] {
            self.push(d);
        }
    }

    /// The placement: the letters of the men looked up per occupied square, the
    /// runs of empty squares between them counted from the occupancy bits.
    #[inline]
    pub(super) fn push_placement(&mut self, pos: &Position) {
        let mut letters = [0u8; 64];
        for color in Color::ALL {
            for role in Role::ALL {
                let letter = Piece { color, role }.char() as u8;
                let mut bb = pos.pieces(color, role).0;
                while bb != 0 {
                    letters[bb.trailing_zeros() as usize] = letter;
                    bb &= bb - 1;
                }
            }
        }
        let occupied = pos.occupied().0;
        for rank in (0..8).rev() {
            let mut row = (occupied >> (8 * rank)) as u8;
            let mut file = 0;
            while row != 0 {
                let next = row.trailing_zeros() as usize;
                if next > file {
                    self.push(b'0' + (next - file) as u8);
                }
                self.push(letters[8 * rank + next]);
                file = next + 1;
                row &= row - 1;
            }
            if file < 8 {
                self.push(b'0' + (8 - file) as u8);
            }
            if rank > 0 {
                self.push(b'/');
            }
        }
    }

    /// The castling field: X-FEN (`KQkq`, a file letter only for a rook that is not
    /// the outermost on its side, as python-chess writes it), or Shredder-FEN (file
    /// letters always, `HAha`).
    pub(super) fn push_castling(&mut self, pos: &Position, shredder: bool) {
        let castling = pos.castling;
        if castling.is_empty() {
            self.push(b'-');
            return;
        }
        for color in Color::ALL {
            let rooks = pos.pieces(color, Role::Rook) & Bitboard::rank(back_rank(color));
            for side in CastlingSide::ALL {
                let Some(rook) = castling.rook_square(color, side) else {
                    continue;
                };
                // Rooks beyond this one, towards the corner of its side.
                let beyond = match side {
                    CastlingSide::KingSide => {
                        rooks.0 & !(rook.bitboard().0 | (rook.bitboard().0 - 1))
                    }
                    CastlingSide::QueenSide => rooks.0 & (rook.bitboard().0 - 1),
                };
                let letter = if shredder || beyond != 0 {
                    rook.file().char() as u8
                } else {
                    match side {
                        CastlingSide::KingSide => b'k',
                        CastlingSide::QueenSide => b'q',
                    }
                };
                self.push(if color == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
    }

    /// The FEN, with the clocks or without (EPD).
    #[inline]
    pub(super) fn push_fen(&mut self, pos: &Position, clocks: bool, shredder: bool) {
        self.push_placement(pos);
        self.push(b' ');
        self.push(pos.turn.char() as u8);
        self.push(b' ');
        self.push_castling(pos, shredder);
        self.push(b' ');
        match pos.ep_square() {
            Some(sq) => {
                self.push(sq.file().char() as u8);
                self.push(sq.rank().char() as u8);
            }
            None => self.push(b'-'),
        }
        if clocks {
            self.push(b' ');
            self.push_u64(pos.halfmoves);
            self.push(b' ');
            self.push_u64(pos.fullmoves);
        }
    }

    #[inline]
    pub(super) fn as_str(&self) -> &str {
        // Only ASCII is ever pushed, so this never fails.
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

impl fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_fen(f)
    }
}

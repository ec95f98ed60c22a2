//! Forsyth–Edwards Notation: reading, validating and writing positions.

use core::fmt;

use super::{CastlingRights, CastlingSide, Piece, Position, Role, zobrist};
use crate::{Bitboard, Color, File, Rank, Square, attacks, lines};

pub(crate) const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A FEN that cannot be read: which field, and what in it was wrong.
///
/// ```
/// use kibitz::Position;
/// let err = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/p8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
/// assert_eq!(err.to_string(), "invalid FEN: rank 3 has 9 files");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    FieldCount(usize),
    /// The piece placement does not have 8 ranks.
    RankCount(usize),
    /// A rank of the piece placement covers more or fewer than 8 files.
    RankFiles {
        /// The rank, 1 to 8.
        rank: u8,
        /// How many files it covers.
        files: usize,
    },
    /// A character that is neither a piece letter nor a digit 1–8.
    PieceChar {
        /// The character.
        ch: char,
        /// The rank it appears on, 1 to 8.
        rank: u8,
    },
    /// The side-to-move field is not `w` or `b`.
    Turn(String),
    /// The castling field is not `-` or letters of `KQkq`.
    Castling(String),
    /// The en-passant field is not `-` or a square.
    EnPassant(String),
    /// The halfmove clock is not a non-negative integer.
    Halfmoves(String),
    /// The move number is not a positive integer.
    Fullmoves(String),
    /// The fields parse but do not describe a legal position.
    Position(PositionError),
}

/// Why a position that parses is still not a legal chess position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has no king.
    NoKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// A pawn on rank 1 or rank 8.
    PawnOnBackRank(Square),
    /// The side that just moved left its own king in check.
    OppositeCheck,
    /// More than two men give check, which no legal move can produce.
    TooManyCheckers(u32),
    /// A castling right whose king or rook is not on its start square.
    CastlingWithoutKingOrRook(char),
    /// The en-passant square cannot follow a double pawn push.
    EnPassant(Square),
    /// More than 16 men of one colour.
    TooManyMen(Color, u32),
    /// More than 8 pawns of one colour.
    TooManyPawns(Color, u32),
    /// More promoted pieces (queens beyond 1, rooks, bishops, knights beyond 2) than
    /// pawns missing: no game can reach this material.
    ImpossibleMaterial(Color),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::NoKing(c) => write!(f, "no {c} king"),
            PositionError::TooManyKings(c) => write!(f, "more than one {c} king"),
            PositionError::PawnOnBackRank(sq) => write!(f, "pawn on the back rank ({sq})"),
            PositionError::OppositeCheck => f.write_str("side not to move is in check"),
            PositionError::TooManyCheckers(n) => write!(f, "impossible check by {n} men"),
            PositionError::CastlingWithoutKingOrRook(c) => {
                write!(
                    f,
                    "castling right {c} without king and rook on their start squares"
                )
            }
            PositionError::TooManyMen(c, n) => write!(f, "{n} {c} men, at most 16 are possible"),
            PositionError::TooManyPawns(c, n) => write!(f, "{n} {c} pawns, at most 8 are possible"),
            PositionError::ImpossibleMaterial(c) => {
                write!(
                    f,
                    "impossible {c} material: more promoted pieces than missing pawns"
                )
            }
            PositionError::EnPassant(sq) => {
                write!(
                    f,
                    "impossible en-passant square {sq}: no pawn can just have passed it"
                )
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(f, "invalid FEN: expected 4 to 6 fields, found {n}"),
            FenError::RankCount(n) => {
                write!(f, "invalid FEN: piece placement has {n} ranks, expected 8")
            }
            FenError::RankFiles { rank, files } => {
                write!(f, "invalid FEN: rank {rank} has {files} files")
            }
            FenError::PieceChar { ch, rank } => {
                write!(f, "invalid FEN: unexpected character {ch:?} in rank {rank}")
            }
            FenError::Turn(s) => write!(f, "invalid FEN: side to move must be w or b, found {s:?}"),
            FenError::Castling(s) => {
                write!(
                    f,
                    "invalid FEN: castling rights must be '-' or letters from KQkq, found {s:?}"
                )
            }
            FenError::EnPassant(s) => write!(
                f,
                "invalid FEN: en-passant square must be '-' or a square, found {s:?}"
            ),
            FenError::Halfmoves(s) => write!(
                f,
                "invalid FEN: halfmove clock must be a number, found {s:?}"
            ),
            FenError::Fullmoves(s) => write!(
                f,
                "invalid FEN: move number must be a positive number, found {s:?}"
            ),
            FenError::Position(e) => write!(f, "invalid position: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

fn parse_placement(field: &str) -> Result<([Bitboard; 6], [Bitboard; 2]), FenError> {
    let mut roles = [Bitboard::EMPTY; 6];
    let mut colors = [Bitboard::EMPTY; 2];
    let rank_texts: Vec<&str> = field.split('/').collect();
    if rank_texts.len() != 8 {
        return Err(FenError::RankCount(rank_texts.len()));
    }
    for (i, text) in rank_texts.iter().enumerate() {
        let rank = 7 - i as u32;
        let mut file = 0usize;
        let mut overflow = false;
        for ch in text.chars() {
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as usize;
            } else if let Some(piece) = Piece::from_char(ch) {
                if file < 8 {
                    let sq = Square::from_coords(File::new(file as u32), Rank::new(rank));
                    roles[piece.role as usize] |= sq;
                    colors[piece.color as usize] |= sq;
                } else {
                    overflow = true;
                }
                file += 1;
            } else {
                return Err(FenError::PieceChar {
                    ch,
                    rank: rank as u8 + 1,
                });
            }
        }
        if file != 8 || overflow {
            return Err(FenError::RankFiles {
                rank: rank as u8 + 1,
                files: file,
            });
        }
    }
    Ok((roles, colors))
}

impl Position {
    /// Reads a FEN. All six fields, or the first four (EPD style) with the clocks
    /// defaulting to `0 1`, or five (move number 1). A move number of 0, seen in
    /// some files, is read as 1.
    ///
    /// ```
    /// use kibitz::Position;
    /// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -").unwrap();
    /// assert_eq!(pos.fen(), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    /// let err = Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
    /// assert_eq!(err.to_string(), "invalid position: no white king");
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let (roles, colors) = parse_placement(fields[0])?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::Turn(other.to_string())),
        };
        let castling: CastlingRights = fields[2]
            .parse()
            .map_err(|_| FenError::Castling(fields[2].to_string()))?;
        let ep_square = match fields[3] {
            "-" => None,
            text => Some(
                text.parse::<Square>()
                    .map_err(|_| FenError::EnPassant(text.to_string()))?,
            ),
        };
        let halfmoves = match fields.get(4) {
            None => 0,
            Some(t) => t
                .parse::<u32>()
                .map_err(|_| FenError::Halfmoves(t.to_string()))?,
        };
        let fullmoves = match fields.get(5) {
            None => 1,
            Some(t) => t
                .parse::<u32>()
                .map_err(|_| FenError::Fullmoves(t.to_string()))?
                .max(1),
        };
        Ok(Position::from_parts(
            roles, colors, turn, castling, ep_square, halfmoves, fullmoves,
        )?)
    }

    /// Builds and validates a position from its parts.
    fn from_parts(
        roles: [Bitboard; 6],
        colors: [Bitboard; 2],
        turn: Color,
        castling: CastlingRights,
        ep_square: Option<Square>,
        halfmoves: u32,
        fullmoves: u32,
    ) -> Result<Position, PositionError> {
        for color in Color::ALL {
            let kings = roles[Role::King as usize] & colors[color as usize];
            if kings.is_empty() {
                return Err(PositionError::NoKing(color));
            }
            if kings.more_than_one() {
                return Err(PositionError::TooManyKings(color));
            }
        }
        // Material a game can reach. Besides honesty, this bounds the number of legal
        // moves (at most 323: nine queens, two rooks, bishops and knights, a king and
        // two castlings), which is what sizes `MoveList`.
        for color in Color::ALL {
            let own = colors[color as usize];
            let count = |role: Role| (roles[role as usize] & own).count();
            if own.count() > 16 {
                return Err(PositionError::TooManyMen(color, own.count()));
            }
            if count(Role::Pawn) > 8 {
                return Err(PositionError::TooManyPawns(color, count(Role::Pawn)));
            }
            let promoted = count(Role::Queen).saturating_sub(1)
                + count(Role::Rook).saturating_sub(2)
                + count(Role::Bishop).saturating_sub(2)
                + count(Role::Knight).saturating_sub(2);
            if promoted > 8 - count(Role::Pawn) {
                return Err(PositionError::ImpossibleMaterial(color));
            }
        }
        let back_ranks = Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth);
        if let Some(sq) = (roles[Role::Pawn as usize] & back_ranks).first() {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        for (color, side, ch) in [
            (Color::White, CastlingSide::KingSide, 'K'),
            (Color::White, CastlingSide::QueenSide, 'Q'),
            (Color::Black, CastlingSide::KingSide, 'k'),
            (Color::Black, CastlingSide::QueenSide, 'q'),
        ] {
            if castling.has(color, side) {
                let own = colors[color as usize];
                let king_ok =
                    (roles[Role::King as usize] & own).contains(side.king_squares(color).0);
                let rook_ok =
                    (roles[Role::Rook as usize] & own).contains(side.rook_squares(color).0);
                if !(king_ok && rook_ok) {
                    return Err(PositionError::CastlingWithoutKingOrRook(ch));
                }
            }
        }

        let mut pos = Position {
            roles,
            colors,
            turn,
            castling,
            ep_square: None,
            halfmoves,
            fullmoves,
            hash: 0,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
        };

        if let Some(ep) = ep_square {
            // The pawn that just moved two squares stands in front of `ep` (from the
            // mover's view); `ep` and the square it came from must be empty.
            let mover = !turn;
            let forward = |sq: Square| sq.try_offset(0, mover.fold(1, -1));
            let expected_rank = mover.fold(Rank::Third, Rank::Sixth);
            let pawn_sq = forward(ep);
            let origin = ep.try_offset(0, mover.fold(-1, 1));
            let ok = ep.rank() == expected_rank
                && pawn_sq.is_some_and(|p| (pos.pieces(mover, Role::Pawn)).contains(p))
                && origin.is_some_and(|o| !pos.occupied().contains(o))
                && !pos.occupied().contains(ep);
            if !ok {
                return Err(PositionError::EnPassant(ep));
            }
            // The double push was the last move, so any check on the side to move
            // comes from it: the pushed pawn itself, or a slider whose line to the
            // king ran through the square the pawn left.
            if let (Some(pawn_sq), Some(origin)) = (pawn_sq, origin) {
                let king = pos.king(turn);
                let checkers = pos.attackers(king, mover, pos.occupied());
                let explained = checkers
                    .into_iter()
                    .all(|c| c == pawn_sq || lines::between(king, c).contains(origin));
                if !explained {
                    return Err(PositionError::EnPassant(ep));
                }
            }
            if (attacks::pawn_attacks(mover, ep) & pos.pieces(turn, Role::Pawn)).any() {
                pos.ep_square = Some(ep);
            }
        }

        let opponent_king = pos.king(!turn);
        if pos.is_attacked(opponent_king, turn, pos.occupied()) {
            return Err(PositionError::OppositeCheck);
        }
        pos.update_check_info();
        if pos.checkers.count() > 2 {
            return Err(PositionError::TooManyCheckers(pos.checkers.count()));
        }
        if pos.ep_square.is_some() && !pos.has_legal_en_passant() {
            pos.ep_square = None;
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The Zobrist hash computed from scratch (the incremental one must always equal it).
    pub(crate) fn compute_hash(&self) -> u64 {
        let keys = &zobrist::KEYS;
        let mut h = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in self.pieces(color, role) {
                    h ^= zobrist::piece(color, role, sq);
                }
            }
        }
        h ^= keys.castling[self.castling.bits() as usize];
        if let Some(ep) = self.ep_square {
            h ^= keys.ep_file[ep.file() as usize];
        }
        if self.turn == Color::Black {
            h ^= keys.black_to_move;
        }
        h
    }

    /// The men as a 64-square array, built from the bitboards in one pass per role:
    /// cheaper than asking [`Position::piece_at`] square by square.
    pub(crate) fn mailbox(&self) -> [Option<Piece>; 64] {
        let mut board = [None; 64];
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in self.pieces(color, role) {
                    board[sq as usize] = Some(Piece { color, role });
                }
            }
        }
        board
    }

    /// The piece placement field of the FEN.
    pub fn board_fen(&self) -> String {
        let board = self.mailbox();
        let mut s = String::with_capacity(72);
        for rank in (0..8).rev() {
            let mut empty = 0u8;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    Some(p) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank != 0 {
                s.push('/');
            }
        }
        s
    }

    /// The FEN of the position, all six fields. The en-passant square is written
    /// only when an en-passant capture is legal.
    pub fn fen(&self) -> String {
        let ep = match self.ep_square() {
            Some(sq) => sq.to_string(),
            None => "-".to_string(),
        };
        format!(
            "{} {} {} {} {} {}",
            self.board_fen(),
            self.turn.char(),
            self.castling,
            ep,
            self.halfmoves,
            self.fullmoves
        )
    }

    /// The first four FEN fields (an EPD position).
    pub fn epd(&self) -> String {
        let fen = self.fen();
        fen.splitn(5, ' ').take(4).collect::<Vec<_>>().join(" ")
    }
}

impl core::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

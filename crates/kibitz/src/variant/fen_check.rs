//! Fairy-Stockfish's FEN check (`validate_fen` of its `apiutil.h`, which pyffish
//! and pychess-variants call before they accept a FEN): the same checks in the
//! same order, so a FEN gets the same answer, [`FenFault`] naming the first
//! check it fails.
//!
//! The check is lexical and geometric, not a proof that the position can be
//! played: it looks at the characters, the width and number of ranks, the
//! holdings, the number of royal kings, touching kings, the side to move, the
//! castling rights against the pieces on the castling rank, the shape of the
//! en-passant square and of the counters. A FEN it accepts may still be refused
//! by [`VariantPosition::from_fen`](super::VariantPosition::from_fen), and
//! Fairy-Stockfish's own corners are kept (a last rank is never measured, so
//! `…/RNBQKBN` passes; `12` counts as 12 but `123` as 33), since an answer
//! different from Fairy-Stockfish's is the thing this check exists to avoid.
//!
//! ```
//! use kibitz::variant::{Variant, fen_check::FenFault};
//! let chess = Variant::builtin("chess")?;
//! assert_eq!(chess.validate_fen(chess.start_fen(), false), Ok(()));
//! let no_black_king = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1";
//! assert_eq!(chess.validate_fen(no_black_king, false), Err(FenFault::NumberOfKings));
//! assert_eq!(FenFault::NumberOfKings.code(), -3);
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::moves::NO_TYPE;
use super::rules::{Gating, PieceKind, Rules};

/// The first check a FEN fails, in Fairy-Stockfish's order and with its codes
/// ([`code`](Self::code): `FEN_EMPTY` 0 to `FEN_INVALID_COUNTING_RULE` -14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenFault {
    /// The FEN is the empty string.
    Empty,
    /// More space-separated fields than the variant writes.
    NumberOfFields,
    /// A character of the board field that is no piece of the variant, digit or mark.
    Character,
    /// `+` before a piece that does not promote (shogi-style variants).
    PromotedPiece,
    /// A rank of the wrong width, or the wrong number of ranks.
    BoardGeometry,
    /// The holdings (`[…]` or after the last rank) name no piece, or are not closed.
    Pocket,
    /// More than one king of a side, or not as many as the start position has.
    NumberOfKings,
    /// The two kings stand next to each other.
    TouchingKings,
    /// The side to move is neither `w` nor `b`.
    SideToMove,
    /// A castling right with no king or rook (or gating piece) where it needs one.
    Castling,
    /// The en-passant field is not `-` or a letter and a digit.
    EnPassant,
    /// A move counter that is not a number.
    MoveNumber,
    /// A halfmove clock that is not a number.
    HalfmoveClock,
    /// The check counts (`3+3`, or lichess's `+0+0` at the end) are malformed.
    CheckCount,
    /// The counting field of a variant with a counting rule (makruk) is not a number.
    CountingRule,
}

impl FenFault {
    /// Fairy-Stockfish's number for the fault (`FEN_OK`, a valid FEN, is 1).
    pub fn code(self) -> i32 {
        match self {
            FenFault::Empty => 0,
            FenFault::MoveNumber => -1,
            FenFault::HalfmoveClock => -2,
            FenFault::NumberOfKings => -3,
            FenFault::EnPassant => -4,
            FenFault::Castling => -5,
            FenFault::SideToMove => -6,
            FenFault::Pocket => -7,
            FenFault::BoardGeometry => -8,
            FenFault::TouchingKings => -9,
            FenFault::Character => -10,
            FenFault::NumberOfFields => -11,
            FenFault::PromotedPiece => -12,
            FenFault::CheckCount => -13,
            FenFault::CountingRule => -14,
        }
    }
}

impl core::fmt::Display for FenFault {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            FenFault::Empty => "empty FEN",
            FenFault::NumberOfFields => "wrong number of FEN fields",
            FenFault::Character => "invalid character in the board field",
            FenFault::PromotedPiece => "`+` before a piece that does not promote",
            FenFault::BoardGeometry => "wrong number of files or ranks",
            FenFault::Pocket => "invalid holdings",
            FenFault::NumberOfKings => "wrong number of kings",
            FenFault::TouchingKings => "the kings touch",
            FenFault::SideToMove => "invalid side to move",
            FenFault::Castling => "invalid castling rights",
            FenFault::EnPassant => "invalid en-passant square",
            FenFault::MoveNumber => "invalid move number",
            FenFault::HalfmoveClock => "invalid halfmove clock",
            FenFault::CheckCount => "invalid check counts",
            FenFault::CountingRule => "invalid counting field",
        })
    }
}

impl std::error::Error for FenFault {}

/// A square of the character board as (row from White's first rank, file);
/// (-1, -1) when a piece is not on it, as in Fairy-Stockfish.
type Cell = (i64, i64);
const NOWHERE: Cell = (-1, -1);

/// The board as the check sees it: one character per square, `b' '` empty.
/// Fairy-Stockfish writes a piece past the last file into the next row (its
/// vector is flat); so does this board, and a write past its end is dropped.
struct CharBoard {
    ranks: i64,
    files: i64,
    cells: Vec<u8>,
}

impl CharBoard {
    fn new(ranks: i64, files: i64) -> CharBoard {
        CharBoard {
            ranks,
            files,
            cells: vec![b' '; (ranks * files) as usize],
        }
    }

    fn set(&mut self, row: i64, file: i64, c: u8) {
        let i = row * self.files + file;
        if let Some(cell) = usize::try_from(i).ok().and_then(|i| self.cells.get_mut(i)) {
            *cell = c;
        }
    }

    /// The character at (row, file); `None` past the flat board's ends (where
    /// Fairy-Stockfish reads memory that is not its board).
    fn get(&self, row: i64, file: i64) -> Option<u8> {
        let i = row * self.files + file;
        usize::try_from(i)
            .ok()
            .and_then(|i| self.cells.get(i).copied())
    }

    /// The first square holding `c`, scanning from White's first rank.
    fn find(&self, c: u8) -> Cell {
        match self.cells.iter().position(|&x| x == c) {
            Some(i) => (i as i64 / self.files, i as i64 % self.files),
            None => NOWHERE,
        }
    }
}

/// What the check reads of a variant: Fairy-Stockfish's `Variant` fields, from
/// kibitz's rules.
struct Shape<'a> {
    rules: &'a Rules,
    /// Fairy-Stockfish's `pieceToChar` letters (uppercase; the promoted types
    /// kibitz adds for shogi share their base's letter).
    letters: Vec<u8>,
    /// `pieceToCharSynonyms` (uppercase).
    synonyms: Vec<u8>,
    /// Characters of the board field beyond pieces and digits.
    special: Vec<u8>,
    /// The royal king's letter, when the variant has Fairy-Stockfish's `KING`.
    king: Option<u8>,
    /// Does that king move as a chess king (`kingType == KING`)?
    king_is_chess_king: bool,
    drops_or_gating: bool,
}

impl<'a> Shape<'a> {
    fn new(rules: &'a Rules) -> Shape<'a> {
        let letters: Vec<u8> = rules
            .pieces
            .iter()
            .filter(|p| !p.name.starts_with('+'))
            .map(|p| p.letter as u8)
            .collect();
        let synonyms = rules
            .regions
            .san_synonyms
            .iter()
            .map(|&(_, s)| s.to_ascii_uppercase() as u8)
            .collect();
        let shogi_style = rules.shogi.promoted.iter().any(|&t| t != NO_TYPE);
        let drops_or_gating = rules.drops.enabled || rules.gating == Gating::Seirawan;
        let mut special = b"/*".to_vec();
        if shogi_style {
            special.push(b'+');
        }
        if !rules.promotion_types.is_empty() {
            special.push(b'~');
        }
        // A hand that never runs out (`freeDrops`) is not written: no brackets.
        if drops_or_gating && !rules.drops.free_drops {
            special.extend_from_slice(b"[-]");
        }
        let king = rules.pieces.iter().find(|p| p.kind == PieceKind::King);
        Shape {
            rules,
            letters,
            synonyms,
            special,
            king: king.map(|k| k.letter as u8),
            king_is_chess_king: king.is_some_and(|k| k.betza == "K"),
            drops_or_gating,
        }
    }

    fn is_letter(&self, c: u8) -> bool {
        self.letters.contains(&c.to_ascii_uppercase())
    }

    fn is_piece_char(&self, c: u8) -> bool {
        c.is_ascii_alphabetic()
            && (self.is_letter(c) || self.synonyms.contains(&c.to_ascii_uppercase()))
    }

    fn shogi_style(&self) -> bool {
        self.special.contains(&b'+')
    }

    /// Does `+c` name a piece that does not promote? Fairy-Stockfish looks up
    /// White's letters only (Black's piece numbers are past the piece types).
    fn bad_promoted(&self, c: u8) -> bool {
        if !c.is_ascii_uppercase() {
            return false;
        }
        let base = if self.is_letter(c) {
            c
        } else if let Some(&(b, _)) = self
            .rules
            .regions
            .san_synonyms
            .iter()
            .find(|&&(_, s)| s.to_ascii_uppercase() as u8 == c)
        {
            b.to_ascii_uppercase() as u8
        } else {
            return false;
        };
        self.rules
            .type_of_letter(base as char)
            .is_some_and(|t| self.rules.shogi.promoted[usize::from(t)] == NO_TYPE)
    }

    /// Is `c` on the board a piece of `white`'s colour that castles with the king?
    fn is_castling_rook(&self, c: u8, white: bool) -> bool {
        let Some(castling) = self.rules.castling else {
            return false;
        };
        c.is_ascii_alphabetic()
            && self.is_letter(c)
            && c.is_ascii_uppercase() == white
            && self
                .rules
                .type_of_letter(c as char)
                .is_some_and(|t| castling.castles_with(usize::from(t)))
    }

    /// Fills `board` from the board field: Err when a rank is too wide or the
    /// number of ranks is wrong (Fairy-Stockfish's `fill_char_board`).
    fn fill(&self, board: &mut CharBoard, field: &[u8]) -> Result<(), ()> {
        let max_rank = board.ranks - 1;
        let (mut rank, mut file) = (0i64, 0i64);
        let mut prev = b'?';
        for &c in field {
            if c == b' ' || c == b'[' {
                break;
            }
            if c == b'*' {
                file += 1;
            } else if c.is_ascii_digit() {
                file += i64::from(c - b'0');
                // Two digits count as 9 × the first plus both: `10` is ten, `123` is 33.
                if prev.is_ascii_digit() {
                    file += 9 * i64::from(prev - b'0');
                }
            } else if c == b'/' {
                rank += 1;
                if file != board.files {
                    return Err(());
                }
                if rank == board.ranks {
                    break;
                }
                file = 0;
            } else if !self.special.contains(&c) {
                if file == board.files {
                    return Err(());
                }
                board.set(max_rank - rank, file, c);
                file += 1;
            }
            prev = c;
        }
        let ranks_ok = if self.rules.drops.enabled {
            rank + 1 == board.ranks || rank == board.ranks
        } else {
            rank + 1 == board.ranks
        };
        if ranks_ok { Ok(()) } else { Err(()) }
    }

    /// The holdings of the board field (`[…]`, or a field after the last rank),
    /// Err when one names no piece or is not closed.
    fn pocket(&self, field: &[u8], ranks: i64) -> Result<Vec<u8>, ()> {
        let slashes = field.iter().filter(|&&c| c == b'/').count() as i64;
        let (stop, skip) = if slashes == ranks {
            (b'/', 0)
        } else if field.iter().filter(|&&c| c == b'[').count() == 1 {
            if field.last() != Some(&b']') {
                return Err(());
            }
            (b'[', 1)
        } else {
            return Ok(Vec::new());
        };
        let mut pocket = Vec::new();
        for &c in field.iter().rev().skip(skip) {
            if c == stop {
                return Ok(pocket);
            }
            if c != b'-' {
                if !self.is_piece_char(c) {
                    return Err(());
                }
                pocket.push(c);
            }
        }
        Err(())
    }
}

/// Fairy-Stockfish's field split (`std::getline` on spaces): a space at the
/// end makes no empty last field, one at the start or two in a row do.
fn fields(fen: &[u8]) -> Vec<&[u8]> {
    let mut out: Vec<&[u8]> = fen.split(|&c| c == b' ').collect();
    if out.last().is_some_and(|f| f.is_empty()) {
        out.pop();
    }
    out
}

/// The first byte of a field, NUL for an empty one (`std::string`'s `s[0]`).
fn first(field: &[u8]) -> u8 {
    field.first().copied().unwrap_or(0)
}

fn count(field: &[u8], c: u8) -> usize {
    field.iter().filter(|&&x| x == c).count()
}

/// `-`, or digits only (none at all passes, as in Fairy-Stockfish).
fn digits_or_dash(field: &[u8]) -> bool {
    field == b"-" || field.iter().all(u8::is_ascii_digit)
}

fn check_count(field: &[u8]) -> bool {
    field.len() == 3 && field[0].is_ascii_digit() && field[2].is_ascii_digit()
}

/// Lichess's `+1+2` (checks given, each at most 3).
fn lichess_check_count(field: &[u8]) -> bool {
    let small = |c: u8| c.is_ascii_digit() && c - b'0' <= 3;
    field.len() == 4 && small(field[1]) && small(field[3])
}

fn en_passant(field: &[u8]) -> bool {
    field == b"-"
        || (field.len() == 2 && field[0].is_ascii_alphabetic() && field[1].is_ascii_digit())
}

pub(crate) fn validate(rules: &Rules, fen: &str, chess960: bool) -> Result<(), FenFault> {
    let fen = fen.as_bytes();
    if fen.is_empty() {
        return Err(FenFault::Empty);
    }
    let shape = Shape::new(rules);
    let parts = fields(fen);
    let start_parts = fields(rules.start_fen.as_bytes());
    let max_parts = 6 + usize::from(rules.ends.check_counting);
    if parts.len() > max_parts {
        return Err(FenFault::NumberOfFields);
    }
    let board_field = parts[0];

    if !board_field
        .iter()
        .all(|&c| c.is_ascii_digit() || shape.is_piece_char(c) || shape.special.contains(&c))
    {
        return Err(FenFault::Character);
    }
    if shape.shogi_style()
        && board_field
            .windows(2)
            .any(|w| w[0] == b'+' && shape.bad_promoted(w[1]))
    {
        return Err(FenFault::PromotedPiece);
    }

    let ranks = i64::from(rules.size.ranks());
    let files = i64::from(rules.size.files());
    let mut board = CharBoard::new(ranks, files);
    shape
        .fill(&mut board, board_field)
        .map_err(|()| FenFault::BoardGeometry)?;

    let pocket = if shape.drops_or_gating {
        shape
            .pocket(board_field, ranks)
            .map_err(|()| FenFault::Pocket)?
    } else {
        Vec::new()
    };

    if let Some(king) = shape.king {
        let black_king = king.to_ascii_lowercase();
        let start_board = start_parts.first().copied().unwrap_or_default();
        let (white, black) = (count(board_field, king), count(board_field, black_king));
        if white > 1
            || black > 1
            || white != count(start_board, king)
            || black != count(start_board, black_king)
        {
            return Err(FenFault::NumberOfKings);
        }
        if shape.king_is_chess_king
            && white - count(&pocket, king) == 1
            && black - count(&pocket, black_king) == 1
        {
            let (w, b) = (board.find(king), board.find(black_king));
            if (w.0 - b.0).pow(2) + (w.1 - b.1).pow(2) <= 2 {
                return Err(FenFault::TouchingKings);
            }
        }
    }

    if parts.len() >= 2 && !matches!(first(parts[1]), b'w' | b'b') {
        return Err(FenFault::SideToMove);
    }

    // A FEN of four or five fields with a number third has no castling and
    // en-passant fields (`… w 0 1`, shogi's form).
    let short = (4..=5).contains(&parts.len()) && first(parts[2]).is_ascii_digit();

    if parts.len() >= 3 && !short && rules.castling.is_some() {
        castling(&shape, &board, parts[2], chess960)?;
    }

    if parts.len() >= 4 && !short {
        let double_step = rules.double_step != [0, 0]
            || rules
                .regions
                .double_step_squares
                .iter()
                .any(Option::is_some);
        let pawn = rules.pieces.iter().any(|p| p.kind == PieceKind::Pawn);
        if double_step && pawn {
            if !en_passant(parts[3]) {
                return Err(FenFault::EnPassant);
            }
        } else if rules.regions.counting != super::rules::CountingRule::None
            && !digits_or_dash(parts[3])
        {
            return Err(FenFault::CountingRule);
        }
    }

    let n = parts.len();
    let mut between = if short { 0 } else { 2 };
    let mut trailing = 0;
    if n >= 3 + between && rules.ends.check_counting && n % 2 == 1 {
        if check_count(parts[2 + between]) {
            between += 1;
        } else if n >= 5 + between && lichess_check_count(parts[n - 1]) {
            trailing += 1;
        } else {
            return Err(FenFault::CheckCount);
        }
    }
    if n >= 3 + between && !digits_or_dash(parts[n - 2 - trailing]) {
        return Err(FenFault::HalfmoveClock);
    }
    if n >= 4 + between && !digits_or_dash(parts[n - 1 - trailing]) {
        return Err(FenFault::MoveNumber);
    }
    Ok(())
}

/// The castling field against the board: each right needs its king on the
/// castling rank and a castling rook beyond it (a gating letter: a piece on
/// that file); with the start squares known, the king and that rook on them.
fn castling(
    shape: &Shape<'_>,
    board: &CharBoard,
    field: &[u8],
    chess960: bool,
) -> Result<(), FenFault> {
    let rules = shape.rules;
    let Some(castling) = rules.castling else {
        return Ok(());
    };
    let mut rights: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    for &c in field {
        if c == b'-' {
            continue;
        }
        if !c.is_ascii_alphabetic() {
            return Err(FenFault::Castling);
        }
        rights[usize::from(c.is_ascii_lowercase())].push(c.to_ascii_lowercase());
    }
    if rights.iter().all(Vec::is_empty) {
        return Ok(());
    }
    let king_letter = match rules.ends.castling_king_letter {
        Some(l) => l as u8,
        None => shape.king.unwrap_or(b' '),
    }
    .to_ascii_uppercase();
    let kings = [
        board.find(king_letter),
        board.find(king_letter.to_ascii_lowercase()),
    ];
    let max_rank = board.ranks - 1;
    for (side, flags) in rights.iter().enumerate() {
        let white = side == 0;
        let rank = i64::from(castling.rank);
        let rank = if white { rank } else { max_rank - rank };
        for &flag in flags {
            if flag == b'k' || flag == b'q' {
                if kings[side].0 != rank {
                    return Err(FenFault::Castling);
                }
                let kingside = flag == b'k';
                let mut f = if kingside { board.files - 1 } else { 0 };
                let mut rook = false;
                while f != kings[side].1 {
                    if board
                        .get(rank, f)
                        .is_some_and(|c| shape.is_castling_rook(c, white))
                    {
                        rook = true;
                        break;
                    }
                    f += if kingside { -1 } else { 1 };
                }
                if !rook {
                    return Err(FenFault::Castling);
                }
            } else if board.get(rank, i64::from(flag - b'a')) == Some(b' ') {
                // A gating right (Seirawan's file letters) needs a piece on that file.
                return Err(FenFault::Castling);
            }
        }
    }
    if rules.chess960 || rules.drops.castling_dropped_piece || chess960 {
        return Ok(());
    }
    // The start squares are known: the king and the named rook still on theirs.
    let mut start = CharBoard::new(board.ranks, board.files);
    let _ = shape.fill(&mut start, rules.start_fen.as_bytes());
    for (side, flags) in rights.iter().enumerate() {
        if flags.is_empty() {
            continue;
        }
        let white = side == 0;
        let letter = if white {
            king_letter
        } else {
            king_letter.to_ascii_lowercase()
        };
        if kings[side] != start.find(letter) {
            return Err(FenFault::Castling);
        }
        let rooks: Vec<Cell> = (0..start.cells.len())
            .filter(|&i| shape.is_castling_rook(start.cells[i], white))
            .map(|i| (i as i64 / start.files, i as i64 % start.files))
            .collect();
        for (flag, index) in [(b'k', 1), (b'q', 0)] {
            if !flags.contains(&flag) {
                continue;
            }
            let Some(&(row, file)) = rooks.get(index) else {
                return Err(FenFault::Castling);
            };
            if !board
                .get(row, file)
                .is_some_and(|c| shape.is_castling_rook(c, white))
            {
                return Err(FenFault::Castling);
            }
        }
    }
    Ok(())
}

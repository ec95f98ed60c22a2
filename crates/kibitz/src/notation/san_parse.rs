//! Reading moves in SAN (lenient, as people type them) and UCI.

use core::fmt;

use crate::position::{Move, MoveKind, Position, Role};
use crate::{Bitboard, File, Rank, Square, attacks};

/// What was wrong with a move's text.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SanErrorKind {
    /// Not move notation at all.
    InvalidSan,
    /// Notation, but no legal move of the position fits it.
    IllegalMove,
    /// Notation that fits more than one legal move (`Nd7` with two knights able to go).
    AmbiguousMove,
    /// Neither UCI nor SAN, from [`parse_move`], which reads both: saying only
    /// `invalid SAN` of `e2e9` would hide that UCI was tried too.
    NotAMove,
}

impl SanErrorKind {
    /// The lowercase words that start the error message.
    pub const fn as_str(self) -> &'static str {
        match self {
            SanErrorKind::InvalidSan => "invalid SAN",
            SanErrorKind::IllegalMove => "illegal move",
            SanErrorKind::AmbiguousMove => "ambiguous move",
            SanErrorKind::NotAMove => "neither a UCI move nor SAN",
        }
    }
}

impl fmt::Display for SanErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A move text that could not be read as a legal move: which kind of failure, and
/// the text.
///
/// ```
/// use kibitz::Position;
/// use kibitz::notation::{SanErrorKind, parse_san};
/// let pos = Position::startpos();
/// let err = parse_san(&pos, "Nf4").unwrap_err();
/// assert_eq!(err.kind(), SanErrorKind::IllegalMove);
/// assert_eq!(err.to_string(), "illegal move: \"Nf4\"");
/// assert_eq!(parse_san(&pos, "hello").unwrap_err().to_string(), "invalid SAN: \"hello\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanError {
    kind: SanErrorKind,
    text: String,
}

impl SanError {
    /// An error of `kind` about `text`.
    pub fn new(kind: SanErrorKind, text: impl Into<String>) -> SanError {
        SanError {
            kind,
            text: text.into(),
        }
    }

    /// What was wrong.
    pub fn kind(&self) -> SanErrorKind {
        self.kind
    }

    /// The text that was rejected.
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {:?}", self.kind, self.text)?;
        if self.kind == SanErrorKind::NotAMove
            && let Some(square) = off_board_square(&self.text)
        {
            write!(f, " ({square} is not a square)")?;
        }
        Ok(())
    }
}

/// The first thing in `text` written like a square, a lowercase letter and digits,
/// that is none (`e9` in `e2e9`, `i4`, `a10`): the likeliest reason it did not read.
fn off_board_square(text: &str) -> Option<&str> {
    let b = text.as_bytes();
    (0..b.len().saturating_sub(1)).find_map(|i| {
        if !b[i].is_ascii_lowercase() || !b[i + 1].is_ascii_digit() {
            return None;
        }
        let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let token = &text[i..i + 1 + digits];
        token.parse::<Square>().is_err().then_some(token)
    })
}

impl std::error::Error for SanError {}

/// A SAN text taken apart, before it is matched against a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Parsed {
    Castle {
        queen_side: bool,
    },
    Normal {
        /// `None` when no piece letter was written.
        role: Option<Role>,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
        promotion: Option<Role>,
    },
}

/// Strips what people append to a move: check and mate signs, annotation glyphs
/// (`!`, `?`, `!?`, `??`), and an en-passant mark `e.p.`.
fn strip_suffixes(mut s: &[u8]) -> &[u8] {
    loop {
        let before = s.len();
        while let [rest @ .., b'+' | b'#' | b'!' | b'?'] = s {
            s = rest;
        }
        for ep in [&b"e.p."[..], b"ep"] {
            if let Some(rest) = s.strip_suffix(ep) {
                s = rest;
                while let [rest @ .., b' '] = s {
                    s = rest;
                }
            }
        }
        if s.len() == before {
            return s;
        }
    }
}

fn promotion_role(c: u8) -> Option<Role> {
    match c.to_ascii_uppercase() {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        // Parses, so that `e8=K` is an illegal move rather than gibberish.
        b'K' => Some(Role::King),
        b'P' => Some(Role::Pawn),
        _ => None,
    }
}

fn parse_text(text: &[u8]) -> Option<Parsed> {
    let s = strip_suffixes(text);
    match s {
        b"O-O" | b"0-0" => return Some(Parsed::Castle { queen_side: false }),
        b"O-O-O" | b"0-0-0" => return Some(Parsed::Castle { queen_side: true }),
        _ => {}
    }
    let mut b = s;

    // The piece letter, uppercase only: a lowercase `b` is the b-file.
    let role = match b.first() {
        Some(b'N') => Some(Role::Knight),
        Some(b'B') => Some(Role::Bishop),
        Some(b'R') => Some(Role::Rook),
        Some(b'Q') => Some(Role::Queen),
        Some(b'K') => Some(Role::King),
        Some(b'P') => Some(Role::Pawn),
        _ => None,
    };
    if role.is_some() {
        b = &b[1..];
    }

    // The promotion, from the end: `=Q`, `(Q)`, or a bare `Q` after the square.
    let mut promotion = None;
    if let [rest @ .., b'(', p, b')'] = b {
        promotion = Some(promotion_role(*p)?);
        b = rest;
    } else if let [rest @ .., last] = b
        && let Some(p) = promotion_role(*last)
    {
        // A letter after the target square or after `=` can only be a promotion.
        if matches!(rest.last(), Some(c) if c.is_ascii_digit()) || rest.last() == Some(&b'=') {
            promotion = Some(p);
            b = rest.strip_suffix(b"=").unwrap_or(rest);
        }
    }

    // The target square.
    let [rest @ .., f, r] = b else { return None };
    let to = Square::from_ascii(&[*f, *r])?;
    b = rest;

    // An optional capture or move sign, then the origin file and rank.
    if let [rest @ .., b'x' | b'X' | b'-' | b':'] = b {
        b = rest;
    }
    let mut file = None;
    let mut rank = None;
    if let [first, rest @ ..] = b
        && let Some(f) = File::from_char(*first as char).filter(|_| first.is_ascii_lowercase())
    {
        file = Some(f);
        b = rest;
    }
    if let [first, rest @ ..] = b
        && let Some(r) = Rank::from_char(*first as char)
    {
        rank = Some(r);
        b = rest;
    }
    if !b.is_empty() {
        return None;
    }
    Some(Parsed::Normal {
        role,
        file,
        rank,
        to,
        promotion,
    })
}

/// Reads a move in SAN, leniently: `d8Q`, `d8=Q`, `d8(Q)`, `dxe8=N+`, `0-0`, `O-O-O`,
/// `Nbd7`, `N1f3`, `Ng1f3`, a missing or superfluous `x`, trailing `+`, `#`, `!`, `?`,
/// `!?`. Strict where it matters: a pawn capture needs its file (`d5` never means
/// `exd5`), piece letters are capitals, and the move must be legal and unique.
///
/// ```
/// use kibitz::Position;
/// use kibitz::notation::{SanErrorKind, parse_san};
/// let pos = Position::from_fen("r6k/3P4/8/8/8/8/8/4K1N1 w - - 0 1").unwrap();
/// for text in ["d8Q", "d8=Q", "d8(Q)", "d8=Q+!?"] {
///     assert_eq!(parse_san(&pos, text).unwrap().uci(), "d7d8q");
/// }
/// assert_eq!(parse_san(&pos, "Nxf3").unwrap().uci(), "g1f3");
/// assert_eq!(parse_san(&pos, "d8").unwrap_err().kind(), SanErrorKind::IllegalMove);
/// ```
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, SanError> {
    parse_san_bytes(pos, text.as_bytes())
}

/// [`parse_san`] on bytes, as a PGN reader finds them: the same rules, without
/// decoding the text first. The error quotes the text as UTF-8, or each byte as
/// Windows-1252 where it is not, and at most 80 characters of it (then `…`).
///
/// ```
/// use kibitz::Position;
/// use kibitz::notation::parse_san_bytes;
/// let pos = Position::startpos();
/// assert_eq!(parse_san_bytes(&pos, b"Nf3").unwrap().uci(), "g1f3");
/// assert_eq!(parse_san_bytes(&pos, b"N\xe9").unwrap_err().to_string(), "invalid SAN: \"N\u{e9}\"");
/// ```
pub fn parse_san_bytes(pos: &Position, text: &[u8]) -> Result<Move, SanError> {
    let error = |kind| SanError::new(kind, quote_bytes(text));
    // No SAN is this long, however decorated: refuse it before looking closer.
    if text.len() > MAX_SAN_LEN {
        return Err(error(SanErrorKind::InvalidSan));
    }
    let parsed = parse_text(text).ok_or_else(|| error(SanErrorKind::InvalidSan))?;
    if let Some(result) = match_directly(pos, parsed).or_else(|| match_special(pos, parsed)) {
        return result.map_err(error);
    }
    match_by_scanning(pos, parsed).map_err(error)
}

/// Longer texts are invalid SAN without further ado.
const MAX_SAN_LEN: usize = 64;

pub(crate) use crate::text::quote_bytes;

/// The common case without generating every legal move: the men of the named kind
/// that reach the target square, filtered by the given file and rank, each checked
/// for legality with the position's pins and checks. `None` for the rare forms left
/// to [`match_by_scanning`]: castling, en passant, and fully given origins (`g1f3`).
fn match_directly(pos: &Position, parsed: Parsed) -> Option<Result<Move, SanErrorKind>> {
    let Parsed::Normal {
        role,
        file,
        rank,
        to,
        promotion,
    } = parsed
    else {
        return None;
    };
    if role.is_none() && file.is_some() && rank.is_some() {
        return None;
    }
    let role = role.unwrap_or(Role::Pawn);
    if role == Role::Pawn && pos.ep_square() == Some(to) {
        return None;
    }
    let us = pos.turn();
    let ours = pos.us();
    if ours.contains(to) {
        return Some(Err(SanErrorKind::IllegalMove));
    }
    let occ = pos.occupied();
    let mine = pos.pieces(us, role);
    // The compact slider attacks: a reader plays through many games, and the magic
    // table would miss the cache on most lookups.
    let mut from = match role {
        Role::Knight => attacks::knight_attacks(to) & mine,
        Role::Bishop => attacks::compact::bishop_attacks(to, occ) & mine,
        Role::Rook => attacks::compact::rook_attacks(to, occ) & mine,
        Role::Queen => attacks::compact::queen_attacks(to, occ) & mine,
        Role::King => attacks::king_attacks(to) & mine,
        Role::Pawn => {
            if pos.them().contains(to) {
                // A pawn capture names its file: `d5` is never `exd5`.
                if file.is_none() {
                    return Some(Err(SanErrorKind::IllegalMove));
                }
                attacks::pawn_attacks(!us, to) & mine
            } else {
                let back = |sq: Square| sq.try_offset(0, us.fold(-1, 1));
                let one = back(to);
                let two = one.filter(|&o| {
                    !occ.contains(o) && to.rank() == us.fold(Rank::Fourth, Rank::Fifth)
                });
                [one, two.and_then(back)]
                    .into_iter()
                    .flatten()
                    .filter(|&sq| mine.contains(sq))
                    .take(1)
                    .collect()
            }
        }
    };
    if let Some(f) = file {
        from &= Bitboard::file(f);
    }
    if let Some(r) = rank {
        from &= Bitboard::rank(r);
    }
    let last_rank = to.rank() == us.fold(Rank::Eighth, Rank::First);
    let promotion_ok = match promotion {
        None => !(role == Role::Pawn && last_rank),
        Some(p) => role == Role::Pawn && last_rank && Role::PROMOTIONS.contains(&p),
    };
    if !promotion_ok {
        return Some(Err(SanErrorKind::IllegalMove));
    }
    let mut found = None;
    for sq in from {
        let mv = Move {
            from: sq,
            to,
            role,
            promotion,
            kind: MoveKind::Normal,
        };
        if pos.is_legal_normal(mv) {
            if found.is_some() {
                return Some(Err(SanErrorKind::AmbiguousMove));
            }
            found = Some(mv);
        }
    }
    Some(found.ok_or(SanErrorKind::IllegalMove))
}

/// Does the legal move `mv` fit the parsed text?
fn fits(parsed: Parsed, mv: Move) -> bool {
    match parsed {
        Parsed::Castle { queen_side } => {
            mv.kind == MoveKind::Castle && (mv.to.file() < mv.from.file()) == queen_side
        }
        Parsed::Normal {
            role,
            file,
            rank,
            to,
            promotion,
        } => {
            let from_given = file.is_some() && rank.is_some();
            // A fully given castling names the king's target or the rook.
            let lands = mv.to == to || (from_given && mv.is_castle() && mv.destination() == to);
            lands
                && mv.promotion == promotion
                && file.is_none_or(|f| mv.from.file() == f)
                && rank.is_none_or(|r| mv.from.rank() == r)
                // No letter means a pawn, except in a fully given move such as
                // `g1f3` (long algebraic), which names its man by its square.
                && (mv.role == role.unwrap_or(Role::Pawn) || (role.is_none() && from_given))
                // Castling is written O-O; `Kg1` is not castling, but a fully given
                // `Ke1g1` or `e1g1` is.
                && (mv.kind != MoveKind::Castle || from_given)
                // A pawn capture names its file: `d5` is never `exd5`.
                && (mv.role != Role::Pawn || file.is_some() || mv.from.file() == to.file())
        }
    }
}

/// The one legal move among `moves` that fits, or why there is none.
fn unique_fit(parsed: Parsed, moves: impl IntoIterator<Item = Move>) -> Result<Move, SanErrorKind> {
    let mut found: Option<Move> = None;
    for mv in moves {
        if fits(parsed, mv) {
            if found.is_some() {
                return Err(SanErrorKind::AmbiguousMove);
            }
            found = Some(mv);
        }
    }
    found.ok_or(SanErrorKind::IllegalMove)
}

/// Castling (`O-O`) and en passant (a pawn, not fully given, to the en-passant
/// square) among the legal castling and en-passant moves only, which are all the
/// moves that can fit them. `None` for other texts.
fn match_special(pos: &Position, parsed: Parsed) -> Option<Result<Move, SanErrorKind>> {
    let special = match parsed {
        Parsed::Castle { .. } => true,
        Parsed::Normal {
            role,
            file,
            rank,
            to,
            ..
        } => {
            matches!(role, None | Some(Role::Pawn))
                && !(role.is_none() && file.is_some() && rank.is_some())
                && pos.ep_square() == Some(to)
        }
    };
    if !special {
        return None;
    }
    // At most two en-passant captures or two castlings.
    let mut moves = [None; 4];
    let mut count = 0;
    pos.generate_special(&mut crate::position::movegen::EachMove(|mv| {
        if let Some(slot) = moves.get_mut(count) {
            *slot = Some(mv);
            count += 1;
        }
    }));
    Some(unique_fit(parsed, moves.into_iter().flatten()))
}

/// Matches SAN against every legal move: the general path for the rare forms.
fn match_by_scanning(pos: &Position, parsed: Parsed) -> Result<Move, SanErrorKind> {
    unique_fit(parsed, pos.legal_moves().iter().copied())
}

/// Reads a move in UCI (`e2e4`, `e7e8q`, castling as `e1g1`) or, failing that, in SAN.
/// Errors are [`SanError`]s, so callers see one error type for both notations; a
/// text that is neither is [`SanErrorKind::NotAMove`], and its message names a
/// square off the board when there is one.
///
/// ```
/// use kibitz::Position;
/// use kibitz::notation::parse_move;
/// let pos = Position::startpos();
/// assert_eq!(parse_move(&pos, "g1f3").unwrap(), parse_move(&pos, "Nf3").unwrap());
/// assert_eq!(parse_move(&pos, "e2e5").unwrap_err().to_string(), "illegal move: \"e2e5\"");
/// assert_eq!(
///     parse_move(&pos, "e2e9").unwrap_err().to_string(),
///     "neither a UCI move nor SAN: \"e2e9\" (e9 is not a square)"
/// );
/// ```
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, SanError> {
    match pos.parse_uci(text) {
        Ok(mv) => Ok(mv),
        Err(crate::UciError::Illegal(_)) => Err(SanError::new(SanErrorKind::IllegalMove, text)),
        Err(crate::UciError::Invalid(_)) => parse_san(pos, text).map_err(|err| {
            if err.kind() == SanErrorKind::InvalidSan {
                SanError::new(SanErrorKind::NotAMove, err.text)
            } else {
                err
            }
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The direct path must give exactly the answer of the scan over all legal moves,
    /// for legal, illegal and ambiguous texts alike.
    #[test]
    fn direct_matching_agrees_with_scanning() {
        let mut rng = crate::testing::Xorshift::new(0x9E37_79B9_7F4A_7C15);
        let mut next = move |n: usize| rng.below(n);
        let mut compared = 0;
        for _ in 0..40 {
            let mut pos = Position::startpos();
            for _ in 0..next(120) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[next(moves.len())]);
            }
            for queen_side in [false, true] {
                let parsed = Parsed::Castle { queen_side };
                let special = match_special(&pos, parsed);
                assert_eq!(special, Some(match_by_scanning(&pos, parsed)));
            }
            for role in [
                None,
                Some(Role::Pawn),
                Some(Role::Knight),
                Some(Role::Bishop),
                Some(Role::Rook),
                Some(Role::Queen),
                Some(Role::King),
            ] {
                for to in Square::ALL {
                    for (file, rank) in [
                        (None, None),
                        (Some(File::new(next(8) as u32)), None),
                        (None, Some(Rank::new(next(8) as u32))),
                    ] {
                        for promotion in [
                            None,
                            Some(Role::Queen),
                            Some(Role::Knight),
                            Some(Role::King),
                        ] {
                            let parsed = Parsed::Normal {
                                role,
                                file,
                                rank,
                                to,
                                promotion,
                            };
                            let Some(direct) = match_directly(&pos, parsed)
                                .or_else(|| match_special(&pos, parsed))
                            else {
                                continue;
                            };
                            let scanned = match_by_scanning(&pos, parsed);
                            assert_eq!(direct, scanned, "{} {parsed:?}", pos.fen());
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(compared > 100_000);
    }
}

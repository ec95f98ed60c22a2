//! [`AnyPosition`], a position of either engine, and [`GameRules`], the one
//! place that chooses the engine and reads positions for it.

use super::{Board, BoardError, GameEnd, MoveFacts};
use crate::mate::Pattern;
use crate::notation::SanStyle;
use crate::variant::{Conditions, Variant, VariantMove, VariantPosition};
use crate::{Bitboard, CastlingMode, Color, EpdLineError, Move, Position};

/// The rules a front end plays by: orthodox chess (castling written as standard
/// chess or Chess960 asks) or a variant. It reads the positions of its game
/// ([`GameRules::position`], [`GameRules::read_epd_line`]) and is the only code
/// that chooses between the engines.
#[derive(Clone, Debug)]
pub enum GameRules {
    /// Orthodox chess, on the fast orthodox engine; the mode says how UCI writes
    /// castling and whether Chess960 castling rights are read.
    Chess(CastlingMode),
    /// A variant, on the variant engine.
    Variant(Variant),
}

impl Default for GameRules {
    /// Orthodox chess with standard castling.
    fn default() -> GameRules {
        GameRules::chess()
    }
}

/// The word that stands for the start position wherever a FEN is asked for.
pub const STARTPOS: &str = "startpos";

impl GameRules {
    /// Orthodox chess with standard castling.
    pub fn chess() -> GameRules {
        GameRules::Chess(CastlingMode::Standard)
    }

    /// A variant's rules.
    pub fn variant(variant: Variant) -> GameRules {
        GameRules::Variant(variant)
    }

    /// The rules a front end's options ask for: a variant (None for orthodox
    /// chess) and the castling mode (`--chess960`, `chess960=True`). Chess960
    /// with a variant is the variant with Chess960 castling
    /// ([`Variant::with_chess960`]); one that castles without a rook the
    /// variant's own way (no castling, Musketeer or Seirawan gating, a
    /// non-royal castling king) is an error rather than a silent change of
    /// what was asked. A variant that is Chess960 itself (`fischerandom`)
    /// stays so.
    ///
    /// ```
    /// use kibitz::CastlingMode;
    /// use kibitz::board::GameRules;
    /// use kibitz::variant::Variant;
    /// let v = Variant::builtin("capablanca").unwrap();
    /// assert!(GameRules::new(Some(v.clone()), CastlingMode::Standard).is_ok());
    /// let crc = GameRules::new(Some(v), CastlingMode::Chess960).unwrap();
    /// assert!(crc.as_variant().unwrap().is_chess960());
    /// let grand = Variant::builtin("grand").unwrap();
    /// let err = GameRules::new(Some(grand), CastlingMode::Chess960).unwrap_err();
    /// assert!(err.to_string().contains("no castling"), "{err}");
    /// ```
    pub fn new(variant: Option<Variant>, castling: CastlingMode) -> Result<GameRules, BoardError> {
        match (variant, castling) {
            (None, mode) => Ok(GameRules::Chess(mode)),
            (Some(v), CastlingMode::Standard) => Ok(GameRules::Variant(v)),
            (Some(v), CastlingMode::Chess960) if v.castling().is_none() => {
                Err(BoardError::Unsupported(format!(
                    "the variant {} has no castling for Chess960 to change",
                    v.name()
                )))
            }
            (Some(v), CastlingMode::Chess960) => Ok(GameRules::Variant(v.with_chess960(true)?)),
        }
    }

    /// The game's name: `chess`, `chess960`, or the variant's.
    pub fn name(&self) -> &str {
        match self {
            GameRules::Chess(CastlingMode::Standard) => "chess",
            GameRules::Chess(CastlingMode::Chess960) => "chess960",
            GameRules::Variant(v) => v.name(),
        }
    }

    /// The variant, for a variant's rules.
    pub fn as_variant(&self) -> Option<&Variant> {
        match self {
            GameRules::Variant(v) => Some(v),
            GameRules::Chess(_) => None,
        }
    }

    /// The start position (for Musketeer, before the first selection).
    pub fn startpos(&self) -> AnyPosition {
        match self {
            GameRules::Chess(castling) => AnyPosition::Chess {
                position: Position::startpos(),
                castling: *castling,
            },
            GameRules::Variant(v) => AnyPosition::Variant(Box::new(VariantPosition::startpos(v))),
        }
    }

    /// A position given as text, as `--fen` and the API's `fen=` give it:
    /// `startpos` or a FEN, blanks around it ignored. In standard chess a
    /// Chess960 castling right is an error.
    ///
    /// ```
    /// use kibitz::board::{Board, GameRules};
    /// let chess = GameRules::chess();
    /// assert_eq!(chess.position(" startpos ")?.legal_moves().len(), 20);
    /// assert!(chess.position("4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1").is_err());
    /// assert!(chess.position("8/8/8/8/8/8/8/K6k w - - bm #2;").is_err());
    /// # Ok::<(), kibitz::board::BoardError>(())
    /// ```
    pub fn position(&self, text: &str) -> Result<AnyPosition, BoardError> {
        let text = text.trim();
        if text == STARTPOS {
            return Ok(self.startpos());
        }
        match self {
            GameRules::Chess(castling) => Ok(AnyPosition::Chess {
                position: Position::from_fen_in(text, *castling)?,
                castling: *castling,
            }),
            GameRules::Variant(v) => Ok(AnyPosition::Variant(Box::new(VariantPosition::from_fen(
                v, text,
            )?))),
        }
    }

    /// One line of batch input: a FEN, or an EPD line whose operations are left
    /// to the caller. Up to four fields are a FEN without its clocks; four and at
    /// most two numbers a whole FEN; four and anything else EPD operations, which
    /// must end in `;` (else the line is an error rather than read as something
    /// it is not).
    ///
    /// ```
    /// use kibitz::board::{Board, GameRules};
    /// use kibitz::variant::Variant;
    /// let rules = GameRules::variant(Variant::builtin("capablanca").unwrap());
    /// let line = b"6k3/10/6K3/10/10/10/10/C9 w - - bm #1; id \"x\";";
    /// assert_eq!(rules.read_epd_line(line)?.fen(), "6k3/10/6K3/10/10/10/10/C9 w - - 0 1");
    /// assert!(rules.read_epd_line(b"6k3/10/6K3/10/10/10/10/C9 w - - 0 1 x").is_err());
    /// # Ok::<(), kibitz::board::BoardError>(())
    /// ```
    pub fn read_epd_line(&self, line: &[u8]) -> Result<AnyPosition, BoardError> {
        match self {
            GameRules::Chess(castling) => Ok(AnyPosition::Chess {
                position: Position::from_epd_line_in(line, *castling)?,
                castling: *castling,
            }),
            GameRules::Variant(v) => {
                let text = crate::text::decode_bytes(line);
                let fields: Vec<&str> = text.split_whitespace().collect();
                // Check counting adds a `3+3` field before the clocks.
                let checks = v.rules.ends.check_counting;
                let clock_or_checks = |f: &&str| {
                    f.parse::<u64>().is_ok()
                        || (checks && f.split('+').all(|n| n.parse::<u8>().is_ok()))
                };
                let fen = match fields.len() {
                    0..=4 => fields.join(" "),
                    n if n <= 6 + usize::from(checks)
                        && fields[4..].iter().all(clock_or_checks) =>
                    {
                        fields.join(" ")
                    }
                    _ if fields.last().is_some_and(|f| f.ends_with(';')) => fields[..4].join(" "),
                    _ => {
                        return Err(BoardError::Epd(EpdLineError::Trailing(crate::text::quote(
                            &fields[4..].join(" "),
                        ))));
                    }
                };
                Ok(AnyPosition::Variant(Box::new(VariantPosition::from_fen(
                    v, &fen,
                )?)))
            }
        }
    }

    /// An orthodox position of these rules (a PGN game's), or an error for a
    /// variant's.
    pub fn chess_position(&self, position: Position) -> AnyPosition {
        let castling = match self {
            GameRules::Chess(castling) => *castling,
            GameRules::Variant(_) => CastlingMode::Standard,
        };
        AnyPosition::Chess { position, castling }
    }
}

/// A position of either engine: what a front end holds. Every [`Board`] method
/// is answered by the engine's own implementation (perft by the orthodox
/// bitboard perft or the variant engine's), so holding one costs a branch, not
/// speed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyPosition {
    /// Orthodox chess, and how its UCI writes castling.
    Chess {
        /// The position.
        position: Position,
        /// Standard (`e1g1`) or Chess960 (king takes rook) castling in UCI.
        castling: CastlingMode,
    },
    /// A variant's position, boxed: its state is several times an orthodox
    /// position's, and an `AnyPosition` is moved about whole (a batch of orthodox
    /// positions paid 4 % more instructions for it unboxed).
    Variant(Box<VariantPosition>),
}

/// A move of an [`AnyPosition`]: the move of its engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyMove {
    /// An orthodox move.
    Chess(Move),
    /// A variant's move.
    Variant(VariantMove),
}

impl From<Move> for AnyMove {
    fn from(mv: Move) -> AnyMove {
        AnyMove::Chess(mv)
    }
}

impl From<VariantMove> for AnyMove {
    fn from(mv: VariantMove) -> AnyMove {
        AnyMove::Variant(mv)
    }
}

/// A job written once over [`Board`], run by [`AnyPosition::run`] on the engine's
/// own position type: the orthodox job is compiled for [`Position`] and runs at
/// its speed, without a branch or a converted move per call.
///
/// ```
/// use kibitz::CastlingMode;
/// use kibitz::board::{Board, BoardJob, GameRules};
/// struct FirstUci;
/// impl BoardJob for FirstUci {
///     type Output = String;
///     fn run<B: Board>(self, pos: &B, castling: CastlingMode) -> String {
///         let mut out = String::new();
///         pos.write_uci_in(&mut out, pos.legal_moves()[0], castling);
///         out
///     }
/// }
/// let pos = GameRules::chess().startpos();
/// assert_eq!(pos.run(FirstUci), "b1a3");
/// ```
pub trait BoardJob {
    /// What the job answers.
    type Output;
    /// Runs on `pos`, whose UCI writes castling as `castling` says (the orthodox
    /// engine's choice; a variant's is [`CastlingMode::Standard`]).
    fn run<B: Board>(self, pos: &B, castling: CastlingMode) -> Self::Output;
}

impl AnyPosition {
    /// Runs `job` on the engine's own position: the one place where a position of
    /// either engine is told apart at run time.
    pub fn run<J: BoardJob>(&self, job: J) -> J::Output {
        match self {
            AnyPosition::Chess { position, castling } => job.run(position, *castling),
            AnyPosition::Variant(position) => job.run(&**position, position.castling_mode()),
        }
    }

    /// The orthodox position, for what only orthodox chess has (Shredder-FEN,
    /// the glance detector's patterns): None for a variant's.
    pub fn as_chess(&self) -> Option<&Position> {
        match self {
            AnyPosition::Chess { position, .. } => Some(position),
            AnyPosition::Variant(_) => None,
        }
    }

    /// The variant's position, None for orthodox chess.
    pub fn as_variant(&self) -> Option<&VariantPosition> {
        match self {
            AnyPosition::Variant(pos) => Some(pos),
            AnyPosition::Chess { .. } => None,
        }
    }

    /// How UCI writes castling (a variant's: Chess960 when it castles so).
    pub fn castling_mode(&self) -> CastlingMode {
        match self {
            AnyPosition::Chess { castling, .. } => *castling,
            AnyPosition::Variant(position) => position.castling_mode(),
        }
    }

    /// The moves of the engine as [`AnyMove`]s.
    fn wrap<M: Into<AnyMove>>(moves: impl IntoIterator<Item = M>) -> Vec<AnyMove> {
        moves.into_iter().map(Into::into).collect()
    }
}

/// Calls `$body` with `$p` bound to (a reference to) the engine's position and `$m` to its move,
/// when the move is of the position's engine; `$else` otherwise (a move of the
/// other engine is no legal move of this position).
macro_rules! with_move {
    ($self:expr, $mv:expr, |$p:ident, $m:ident| $body:expr, $else:expr) => {
        match ($self, $mv) {
            (AnyPosition::Chess { position: $p, .. }, AnyMove::Chess($m)) => $body,
            (AnyPosition::Variant($p), AnyMove::Variant($m)) => {
                let $p: &VariantPosition = $p;
                $body
            }
            _ => $else,
        }
    };
}

/// Calls `$body` with `$p` bound to the engine's position.
macro_rules! with_position {
    ($self:expr, |$p:ident| $body:expr) => {
        match $self {
            AnyPosition::Chess { position: $p, .. } => $body,
            AnyPosition::Variant($p) => {
                let $p: &VariantPosition = $p;
                $body
            }
        }
    };
}

impl Board for AnyPosition {
    type Move = AnyMove;
    type Moves = Vec<AnyMove>;

    fn variant_name(&self) -> &str {
        match self {
            AnyPosition::Chess {
                castling: CastlingMode::Chess960,
                ..
            } => "chess960",
            _ => with_position!(self, |p| p.variant_name()),
        }
    }

    fn files(&self) -> u8 {
        with_position!(self, |p| Board::files(p))
    }

    fn ranks(&self) -> u8 {
        with_position!(self, |p| Board::ranks(p))
    }

    fn piece_at(&self, file: u8, rank: u8) -> Option<char> {
        with_position!(self, |p| Board::piece_at(p, file, rank))
    }

    fn occupancy(&self) -> Option<Bitboard> {
        with_position!(self, |p| Board::occupancy(p))
    }

    fn turn(&self) -> Color {
        with_position!(self, |p| Board::turn(p))
    }

    fn fullmoves(&self) -> u64 {
        with_position!(self, |p| Board::fullmoves(p))
    }

    fn fen(&self) -> String {
        with_position!(self, |p| Board::fen(p))
    }

    fn write_fen(&self, out: &mut String) {
        with_position!(self, |p| Board::write_fen(p, out))
    }

    fn key(&self) -> u64 {
        with_position!(self, |p| Board::key(p))
    }

    fn is_check(&self) -> bool {
        with_position!(self, |p| Board::is_check(p))
    }

    fn outcome(&self) -> Option<GameEnd> {
        with_position!(self, |p| Board::outcome(p))
    }

    fn is_checkmate(&self) -> bool {
        // Each engine's own: a variant's game a rule ended is not a mate.
        with_position!(self, |p| Board::is_checkmate(p))
    }

    fn has_royal(&self, color: Color) -> bool {
        with_position!(self, |p| p.has_royal(color))
    }

    fn conditions(&self) -> Conditions {
        with_position!(self, |p| p.conditions())
    }

    fn orthodox(&self) -> bool {
        with_position!(self, |p| p.orthodox())
    }

    fn legal_moves(&self) -> Vec<AnyMove> {
        with_position!(self, |p| AnyPosition::wrap(
            Board::legal_moves(p).iter().copied()
        ))
    }

    fn play_unchecked(&mut self, mv: AnyMove) {
        match (self, mv) {
            (AnyPosition::Chess { position, .. }, AnyMove::Chess(m)) => position.play_unchecked(m),
            (AnyPosition::Variant(p), AnyMove::Variant(m)) => Board::play_unchecked(&mut **p, m),
            // A move of the other engine is no legal move of this position.
            _ => {}
        }
    }

    fn parse_move(&self, text: &str) -> Result<AnyMove, BoardError> {
        with_position!(self, |p| Board::parse_move(p, text).map(AnyMove::from))
    }

    fn write_uci_in(&self, out: &mut String, mv: AnyMove, _castling: CastlingMode) {
        // The position's own mode.
        self.write_uci(out, mv);
    }

    fn write_uci(&self, out: &mut String, mv: AnyMove) {
        match (self, mv) {
            (AnyPosition::Chess { castling, .. }, AnyMove::Chess(m)) => {
                let _ = m.write_uci_in(*castling, out);
            }
            // A move of the other engine: UCI's null move, never a move of this one.
            _ => with_move!(
                self,
                mv,
                |p, m| Board::write_uci(p, out, m),
                out.push_str("0000")
            ),
        }
    }

    fn write_san(&self, out: &mut String, mv: AnyMove, style: SanStyle) {
        with_move!(
            self,
            mv,
            |p, m| Board::write_san(p, out, m, style),
            out.push_str("--")
        )
    }

    fn sans(&self, moves: &[AnyMove], style: SanStyle) -> Vec<String> {
        match self {
            AnyPosition::Chess { position, .. } => {
                let own: Vec<Move> = moves
                    .iter()
                    .filter_map(|m| match m {
                        AnyMove::Chess(m) => Some(*m),
                        AnyMove::Variant(_) => None,
                    })
                    .collect();
                if own.len() == moves.len() {
                    return Board::sans(position, &own, style);
                }
                moves.iter().map(|&m| self.san_styled(m, style)).collect()
            }
            AnyPosition::Variant(_) => moves.iter().map(|&m| self.san_styled(m, style)).collect(),
        }
    }

    fn move_facts(&self, mv: AnyMove) -> MoveFacts {
        with_move!(
            self,
            mv,
            |p, m| Board::move_facts(p, m),
            MoveFacts::default()
        )
    }

    fn pass(&self) -> Option<AnyPosition> {
        match self {
            AnyPosition::Chess { position, castling } => Some(AnyPosition::Chess {
                position: position.pass()?,
                castling: *castling,
            }),
            AnyPosition::Variant(p) => p.pass().map(|p| AnyPosition::Variant(Box::new(p))),
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        with_position!(self, |p| Board::perft(p, depth))
    }

    fn mates_in_one(&self) -> Vec<AnyMove> {
        with_position!(self, |p| AnyPosition::wrap(Board::mates_in_one(p)))
    }

    fn first_mate_in_one(&self) -> Option<AnyMove> {
        with_position!(self, |p| Board::first_mate_in_one(p).map(AnyMove::from))
    }

    fn glance_mates(&self) -> Option<Vec<AnyMove>> {
        with_position!(self, |p| Board::glance_mates(p).map(AnyPosition::wrap))
    }

    fn glance_threats(&self) -> Option<Vec<AnyMove>> {
        with_position!(self, |p| Board::glance_threats(p).map(AnyPosition::wrap))
    }

    fn mate_patterns(&self, mv: AnyMove) -> Vec<Pattern> {
        with_move!(self, mv, |p, m| Board::mate_patterns(p, m), Vec::new())
    }
}

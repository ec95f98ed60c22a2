//! One face for both engines: the [`Board`] trait, implemented by the orthodox
//! [`Position`](crate::Position) (fast, 8 × 8) and the fairy
//! [`VariantPosition`](crate::variant::VariantPosition) (every variant, boards to
//! 16 × 16), and [`AnyPosition`], which holds either.
//!
//! Code that reads positions, plays moves, writes notation, finds mates or solves
//! problems is written once over [`Board`]; a front end (the CLI, the server, the
//! Python module) holds an [`AnyPosition`] and never asks which engine it is. The
//! one place that chooses an engine is [`GameRules`], built from what the user
//! asked for (orthodox chess, Chess960, or a variant by name), which reads FENs,
//! EPD lines and `startpos` into positions.
//!
//! ```
//! use kibitz::board::{Board, GameRules};
//! use kibitz::variant::Variant;
//!
//! // The same code for both engines: the moves of the start, one played.
//! fn first_moves(rules: &GameRules) -> (usize, String) {
//!     let mut pos = rules.startpos();
//!     let count = pos.legal_moves().len();
//!     let mv = pos.parse_move("e4").unwrap();
//!     pos.play_unchecked(mv);
//!     (count, pos.fen())
//! }
//! let chess = GameRules::chess();
//! assert_eq!(first_moves(&chess), (20, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".to_string()));
//! let capablanca = GameRules::variant(Variant::builtin("capablanca")?);
//! assert_eq!(first_moves(&capablanca).0, 28);
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

mod any;
mod chess;
mod end;
mod error;
mod fairy;
pub mod pgn;

use core::fmt::Debug;
use core::hash::Hash;
use core::ops::Deref;
use core::sync::atomic::{AtomicBool, Ordering};

pub use any::{AnyMove, AnyPosition, BoardJob, GameRules, STARTPOS};
pub use end::{EndReason, GameEnd};
pub use error::BoardError;

use crate::mate::Pattern;
use crate::notation::SanStyle;
use crate::variant::Conditions;
use crate::{Bitboard, CastlingMode, Color};

/// What a board needs to offer a move: where the man is picked up and put down
/// (the king's squares for castling), the piece chosen on the way (promotion,
/// gating), and whether it captures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveFacts {
    /// The square the man leaves; None for a Musketeer selection or placement,
    /// which is played from a list, not on the board.
    pub from: Option<String>,
    /// The square it goes to (the king's destination for castling).
    pub to: Option<String>,
    /// The letter (uppercase) of the piece a pawn promotes to.
    pub promotion: Option<char>,
    /// The letter (uppercase) of the piece gated in.
    pub gate: Option<char>,
    /// The square the gated piece enters on, when it is not `from`.
    pub gate_square: Option<String>,
    /// A Musketeer selection or placement, one of the game's first moves.
    pub pregame: bool,
    /// Does it take a man?
    pub capture: bool,
    /// Mars Circe: the square a capture is made from, when it is not `from`
    /// (the man's rebirth square; Popeye writes `Sb8-g1*e2`).
    pub taken_from: Option<String>,
    /// Take&Make: the square a capture takes on, when the man goes on from
    /// it to `to` (Popeye writes `Rc6*d5-d8`).
    pub taken_on: Option<String>,
}

/// The plies [`Board::perft_until`] counts without looking at its stop flag.
pub const PERFT_STOP_DEPTH: u32 = 3;

/// The deepest perft the front ends run (`kibitz perft`, Python's
/// `Position.perft`): deeper is centuries of work on any position with a real
/// game in it, and the count recurses once per ply.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// A chess position of either engine: its board, whose turn it is, its legal
/// moves and the position after each, notation, check, the game's end, perft and
/// mates in one.
///
/// The jobs (perft, mates in one) have one implementation per engine, each the
/// engine's fastest; everything else written over this trait is written once.
pub trait Board: Clone + Debug + Send + Sync + 'static {
    /// A move of this engine.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// The legal moves, as a slice.
    type Moves: Deref<Target = [Self::Move]>;

    // ----- the board -----

    /// The variant's name: `chess` for orthodox chess.
    fn variant_name(&self) -> &str;
    /// Number of files (8 in orthodox chess).
    fn files(&self) -> u8;
    /// Number of ranks.
    fn ranks(&self) -> u8;
    /// The man on `(file, rank)` (both from 0) as its FEN letter: uppercase
    /// White, lowercase Black.
    fn piece_at(&self, file: u8, rank: u8) -> Option<char>;
    /// The squares holding a man, where the engine keeps them as one 8 × 8
    /// bitboard (a1 the lowest bit): a way past the empty squares for code
    /// that reads the whole board. None where it does not (every square is
    /// then asked with [`Board::piece_at`]).
    fn occupancy(&self) -> Option<Bitboard> {
        None
    }

    // ----- the position -----

    /// The side to move.
    fn turn(&self) -> Color;
    /// The move number of the FEN: 1 at the start, one more after each Black
    /// move (variation SAN writes it, `12. Nf3` or `12...Nf6`).
    fn fullmoves(&self) -> u64;
    /// The position in FEN (for a variant, as Fairy-Stockfish writes it).
    fn fen(&self) -> String {
        let mut out = String::new();
        self.write_fen(&mut out);
        out
    }
    /// Appends the FEN to `out` (a batch's reused buffer).
    fn write_fen(&self, out: &mut String);
    /// A 64-bit key equal for equal positions (the men, the side to move,
    /// castling, en passant, holdings; not the clocks), for transposition tables.
    fn key(&self) -> u64;
    /// Is the side to move in check?
    fn is_check(&self) -> bool;
    /// How the game ended, or None while it goes on.
    fn outcome(&self) -> Option<GameEnd>;
    /// Has `color` a king (a royal piece) that can be mated?
    fn has_royal(&self, color: Color) -> bool;
    /// The fairy conditions the game is played under (Circe, Madrasi, …);
    /// none in orthodox chess and in the variants that have none.
    ///
    /// ```
    /// use kibitz::Position;
    /// use kibitz::board::{Board, GameRules};
    /// use kibitz::variant::{Rebirth, Variant};
    /// assert_eq!(Position::startpos().conditions().rebirth, Rebirth::None);
    /// let circe = Variant::with_conditions("circe".parse().unwrap()).unwrap();
    /// let pos = GameRules::variant(circe).startpos();
    /// assert_eq!(pos.conditions().rebirth, Rebirth::Circe);
    /// ```
    fn conditions(&self) -> Conditions {
        Conditions::default()
    }

    /// Are these orthodox chess's men and rules (the orthodox engine, either
    /// castling mode)? Searches that reason about how the men move apply only
    /// here.
    ///
    /// ```
    /// use kibitz::Position;
    /// use kibitz::board::{Board, GameRules};
    /// use kibitz::variant::Variant;
    /// assert!(Position::startpos().orthodox());
    /// assert!(!GameRules::variant(Variant::builtin("chess")?).startpos().orthodox());
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    fn orthodox(&self) -> bool {
        false
    }

    // ----- moves -----

    /// The legal moves.
    fn legal_moves(&self) -> Self::Moves;
    /// Plays a legal move (one of [`Board::legal_moves`]).
    fn play_unchecked(&mut self, mv: Self::Move);
    /// The position after a legal move.
    fn after(&self, mv: Self::Move) -> Self {
        let mut next = self.clone();
        next.play_unchecked(mv);
        next
    }
    /// The legal move written as `text`: UCI or SAN (with or without `+`/`#`).
    fn parse_move(&self, text: &str) -> Result<Self::Move, BoardError>;
    /// Plays the move written as `text` (see [`Board::parse_move`]); returns it.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, BoardError> {
        let mv = self.parse_move(text)?;
        self.play_unchecked(mv);
        Ok(mv)
    }
    /// A legal move in UCI (for a variant, Fairy-Stockfish's dialect).
    fn uci(&self, mv: Self::Move) -> String {
        let mut out = String::new();
        self.write_uci(&mut out, mv);
        out
    }
    /// Appends a legal move's UCI to `out`.
    fn write_uci(&self, out: &mut String, mv: Self::Move);
    /// Appends a legal move's UCI to `out`, castling written as `castling` says
    /// where the engine has a choice (orthodox chess: `e1g1` or, in Chess960,
    /// king takes rook); a variant writes its own.
    fn write_uci_in(&self, out: &mut String, mv: Self::Move, castling: CastlingMode) {
        let _ = castling;
        self.write_uci(out, mv);
    }
    /// A legal move in SAN, in `style` where the engine has a choice (the
    /// variant engine writes one style).
    fn san_styled(&self, mv: Self::Move, style: SanStyle) -> String {
        let mut out = String::new();
        self.write_san(&mut out, mv, style);
        out
    }
    /// Appends a legal move's SAN, in `style`, to `out`.
    fn write_san(&self, out: &mut String, mv: Self::Move, style: SanStyle);
    /// A legal move in standard SAN.
    fn san(&self, mv: Self::Move) -> String {
        self.san_styled(mv, SanStyle::Standard)
    }
    /// Many moves of this position in SAN (faster than one by one where the
    /// engine can share the work).
    fn sans(&self, moves: &[Self::Move], style: SanStyle) -> Vec<String> {
        moves.iter().map(|&mv| self.san_styled(mv, style)).collect()
    }
    /// Where a legal move goes and what it chooses, for a board to draw.
    fn move_facts(&self, mv: Self::Move) -> MoveFacts;
    /// The position with the turn passed to the other side (a null move: set
    /// play, mate threats), None when the side to move is in check.
    fn pass(&self) -> Option<Self>;

    // ----- what searches ask (defaults from the moves; engines answer faster) -----

    /// Has the side to move any legal move?
    fn has_legal_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }
    /// Is the side to move checkmated?
    fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }
    /// Is `mv` a legal move here (a move remembered from another position)?
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.legal_moves().contains(&mv)
    }
    /// Does the legal move `mv` give check?
    fn gives_check(&self, mv: Self::Move) -> bool {
        self.after(mv).is_check()
    }
    /// Does the legal move `mv` take a man?
    fn is_capture(&self, mv: Self::Move) -> bool {
        self.move_facts(mv).capture
    }
    /// The number of legal moves.
    fn count_legal_moves(&self) -> u64 {
        self.legal_moves().len() as u64
    }
    /// The number of legal moves and, of them, the king's (the royal piece's):
    /// a search weighs a king's room apart.
    fn count_legal_and_king_moves(&self) -> (u64, u64) {
        (self.count_legal_moves(), 0)
    }
    /// The moves the king of the side not to move would have, were it to move
    /// (1 when the side to move is in check and cannot pass): how much room a
    /// mated king would need to lose.
    fn defending_king_room(&self) -> u32 {
        if self.is_check() {
            return 1;
        }
        self.pass()
            .map_or(1, |p| p.count_legal_and_king_moves().1 as u32)
    }
    /// Does the side not to move threaten mate in one (were it to move)?
    fn has_mate_threat(&self) -> bool {
        self.pass().is_some_and(|p| p.first_mate_in_one().is_some())
    }
    /// A mate in one the glance detector sees, if any (None for an engine
    /// without one).
    fn first_glance_mate(&self) -> Option<Self::Move> {
        None
    }

    // ----- jobs -----

    /// The number of leaf positions `depth` plies ahead (saturating at
    /// `u64::MAX`).
    fn perft(&self, depth: u32) -> u64;
    /// [`perft`](Board::perft) that can be stopped: `stop` is looked at before
    /// each subtree of [`PERFT_STOP_DEPTH`] plies (a few thousand nodes from a
    /// game's position, at most about ten million from the most crowded), and
    /// once it is raised the count ends with None. Below that depth the plain
    /// perft counts, so the plain one pays nothing for this.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use kibitz::board::{Board, GameRules};
    /// let pos = GameRules::chess().startpos();
    /// assert_eq!(pos.perft_until(5, &AtomicBool::new(false)), Some(4_865_609));
    /// assert_eq!(pos.perft_until(5, &AtomicBool::new(true)), None);
    /// ```
    fn perft_until(&self, depth: u32, stop: &AtomicBool) -> Option<u64> {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if depth <= PERFT_STOP_DEPTH {
            return Some(self.perft(depth));
        }
        let mut nodes = 0u64;
        for &mv in self.legal_moves().iter() {
            nodes = nodes.saturating_add(self.after(mv).perft_until(depth - 1, stop)?);
        }
        Some(nodes)
    }
    /// Every legal move that checkmates.
    fn mates_in_one(&self) -> Vec<Self::Move>;
    /// A legal move that checkmates, if any (cheaper than the list).
    fn first_mate_in_one(&self) -> Option<Self::Move> {
        self.mates_in_one().first().copied()
    }
    /// The mates in one the static "Mate at a Glance" detector sees, or None for
    /// an engine without one (it is orthodox chess's).
    fn glance_mates(&self) -> Option<Vec<Self::Move>> {
        None
    }
    /// The mates in one the side not to move would have were it its turn (the
    /// moves of [`Board::pass`]'s position) that the glance detector sees, or None
    /// for an engine without one.
    fn glance_threats(&self) -> Option<Vec<Self::Move>> {
        None
    }
    /// The mate patterns a mating move shows (back-rank mate, …); none for an
    /// engine that does not name them.
    fn mate_patterns(&self, mv: Self::Move) -> Vec<Pattern> {
        let _ = mv;
        Vec::new()
    }
}

/// The name of a square from its file and rank (both from 0): `a1`, `j10`, `p16`.
///
/// ```
/// assert_eq!(kibitz::board::square_name(0, 0), "a1");
/// assert_eq!(kibitz::board::square_name(9, 9), "j10");
/// ```
pub fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", char::from(b'a' + file), u32::from(rank) + 1)
}

/// The piece-placement field of a FEN for a board of `files` × `ranks`, from the
/// letter on each square (`letter_at(square)`, squares counted from a1 = 0 file
/// by file, rank by rank; `None` is an empty square). Runs of empty squares are
/// written as numbers, `10` and more on wide boards.
///
/// For code that builds a position square by square (a problem's diagram, a
/// seeded test position) and then reads it with the one FEN reader.
///
/// ```
/// use kibitz::board::placement_fen;
/// let mut cells = [None; 64];
/// cells[4] = Some('K');
/// cells[60] = Some('k');
/// cells[8] = Some('P');
/// assert_eq!(placement_fen(8, 8, |sq| cells[sq]), "4k3/8/8/8/8/8/P7/4K3");
/// assert_eq!(placement_fen(10, 1, |sq| (sq == 9).then_some('R')), "9R");
/// ```
pub fn placement_fen(
    files: usize,
    ranks: usize,
    letter_at: impl Fn(usize) -> Option<char>,
) -> String {
    let mut fen = String::with_capacity(files * ranks / 2 + ranks);
    for rank in (0..ranks).rev() {
        let mut empty = 0;
        for file in 0..files {
            match letter_at(rank * files + file) {
                Some(letter) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(letter);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen
}

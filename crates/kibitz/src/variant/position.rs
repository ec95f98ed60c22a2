//! A position of a variant: FEN, legal moves, make-move, check, game end, perft,
//! mates in one, UCI and SAN.

use super::board::{NO_SQ, Sq};
use super::definition::Variant;
use super::moves::{MoveKind, NO_TYPE, VariantMove};
use super::pregame::Pregame;
use super::rules::{Gating, VariantOutcome};
use super::state::{State, WALL, color_of, type_of};
use super::{VariantError, fen};
use crate::Color;

/// A position of a [`Variant`].
///
/// A Musketeer position may be one of the game's first moves (selection and
/// placement of the musketeer pieces, see the [module](super) docs); its legal
/// moves are then those selections or placements.
///
/// ```
/// use kibitz::variant::{Variant, VariantPosition};
/// let grand = Variant::builtin("grand")?;
/// let mut pos = VariantPosition::startpos(&grand);
/// pos.play_uci("e3e5")?;
/// assert_eq!(pos.fen(), "r8r/1nbqkcabn1/pppppppppp/10/10/4P5/10/PPPP1PPPPP/1NBQKCABN1/R8R b - - 0 1");
/// # Ok::<(), kibitz::variant::VariantError>(())
/// ```
#[derive(Clone)]
pub struct VariantPosition {
    variant: Variant,
    pub(crate) state: State,
    /// Musketeer before every selected piece is placed.
    pregame: Option<Pregame>,
}

impl core::fmt::Debug for VariantPosition {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "VariantPosition({} {})", self.variant.name(), self.fen())
    }
}

impl PartialEq for VariantPosition {
    fn eq(&self, other: &Self) -> bool {
        self.variant.rules == other.variant.rules
            && self.state == other.state
            && self.pregame == other.pregame
    }
}

impl Eq for VariantPosition {}

impl VariantPosition {
    /// Reads a FEN of the variant; the error names the row, field or piece that is wrong.
    ///
    /// For Musketeer, pieces selected and not yet placed follow the gating row in
    /// brackets (`…/********[LClc] w KQkq - 0 1`): a position of the game's first moves.
    pub fn from_fen(variant: &Variant, text: &str) -> Result<VariantPosition, VariantError> {
        let (state, pregame) = fen::parse_with_pregame(&variant.rules, &variant.tables, text)?;
        Ok(VariantPosition {
            variant: variant.clone(),
            state,
            pregame,
        })
    }

    /// The variant's start position (for Musketeer, before the first selection).
    pub fn startpos(variant: &Variant) -> VariantPosition {
        // The start FEN was checked when the variant was built.
        VariantPosition::from_fen(variant, &variant.rules.start_fen).unwrap_or_else(|_| {
            VariantPosition {
                variant: variant.clone(),
                state: State::empty(),
                pregame: None,
            }
        })
    }

    /// Is it a Musketeer position before every selected piece is placed (its
    /// moves are selections or placements)?
    pub fn is_pregame(&self) -> bool {
        self.pregame.is_some()
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// How UCI writes castling: [`CastlingMode::Chess960`](crate::CastlingMode)
    /// (king takes rook) when the variant castles as Chess960.
    pub fn castling_mode(&self) -> crate::CastlingMode {
        crate::CastlingMode::from_chess960(self.variant.rules.chess960)
    }

    /// The FEN, as Fairy-Stockfish writes it.
    pub fn fen(&self) -> String {
        fen::write_with_pregame(&self.variant.rules, &self.state, self.pregame.as_ref())
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        if self.state.turn == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The men `color` holds in hand (drop variants: crazyhouse, shogi), as
    /// lowercase letters, each as many times as it is held, from the variant's
    /// last piece type to its first (the pawn last, as ffish.js's `pocket`
    /// lists them); empty where nothing is held.
    ///
    /// ```
    /// use kibitz::Color;
    /// use kibitz::variant::{Variant, VariantPosition};
    /// let v = Variant::builtin("crazyhouse")?;
    /// let pos = VariantPosition::from_fen(&v, "4k3/8/8/8/8/8/8/4K3[QPPn] w - - 0 1")?;
    /// assert_eq!(pos.hand(Color::White), "qpp");
    /// assert_eq!(pos.hand(Color::Black), "n");
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn hand(&self, color: Color) -> String {
        let c = usize::from(color == Color::Black);
        let pieces = &self.variant.rules.pieces;
        let mut out = String::new();
        for (t, &n) in self.state.holdings[c].iter().enumerate().rev() {
            if n > 0
                && let Some(piece) = pieces.get(t)
            {
                let letter = piece.letter.to_ascii_lowercase();
                out.extend(core::iter::repeat_n(letter, usize::from(n)));
            }
        }
        out
    }

    /// The piece on a square: its colour and letter (uppercase).
    pub fn piece_at(&self, sq: super::board::Sq) -> Option<(Color, char)> {
        let p = *self.state.board.get(usize::from(sq))?;
        // (A wall square holds no piece.)
        if p == 0 || p == WALL || usize::from(sq) >= self.variant.tables.squares {
            return None;
        }
        let c = if color_of(p) == 0 {
            Color::White
        } else {
            Color::Black
        };
        Some((c, self.variant.rules.pieces[type_of(p)].letter))
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> Vec<VariantMove> {
        if let Some(pg) = &self.pregame {
            return pg.moves(&self.variant.rules, &self.state);
        }
        let mut out = Vec::with_capacity(64);
        self.state
            .legal_moves(&self.variant.tables, &self.variant.rules, &mut out);
        out
    }

    /// The legal moves that `keep` accepts, in [`legal_moves`](Self::legal_moves)'
    /// order; only those are tested for legality.
    ///
    /// ```
    /// use kibitz::variant::{Variant, VariantPosition};
    /// let v = Variant::builtin("chess")?;
    /// let pos = VariantPosition::startpos(&v);
    /// let knight = pos.legal_moves_where(|mv| pos.uci(mv).starts_with("g1"));
    /// assert_eq!(knight.len(), 2);
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn legal_moves_where(&self, keep: impl Fn(&VariantMove) -> bool) -> Vec<VariantMove> {
        if let Some(pg) = &self.pregame {
            let mut out = pg.moves(&self.variant.rules, &self.state);
            out.retain(keep);
            return out;
        }
        let mut out = Vec::with_capacity(64);
        self.state
            .legal_moves_where(&self.variant.tables, &self.variant.rules, &mut out, keep);
        out
    }

    /// Plays a legal move; an illegal one is refused.
    pub fn play(&mut self, mv: &VariantMove) -> Result<(), VariantError> {
        if !self.legal_moves().contains(mv) {
            return Err(VariantError::IllegalMove { text: self.uci(mv) });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move known to be legal (from [`legal_moves`](Self::legal_moves)).
    pub fn play_unchecked(&mut self, mv: &VariantMove) {
        if let Some(pg) = self.pregame {
            if mv.is_pregame() {
                self.pregame = pg.play(&self.variant.rules, &mut self.state, mv);
            }
            return;
        }
        if mv.is_pregame() {
            return;
        }
        self.state
            .make(&self.variant.tables, &self.variant.rules, mv);
    }

    /// The legal move written as `text` in UCI (see [`uci`](Self::uci)). A
    /// Musketeer placement that breaks the king/rook rule is an error naming the rule.
    pub fn parse_uci(&self, text: &str) -> Result<VariantMove, VariantError> {
        self.find_uci(&self.legal_moves(), text)
            .ok_or_else(|| self.no_move(text))
    }

    /// The move of `moves` written `text` in UCI: each written into one
    /// buffer in turn and compared.
    fn find_uci(&self, moves: &[VariantMove], text: &str) -> Option<VariantMove> {
        let mut buffer = String::with_capacity(8);
        moves.iter().copied().find(|mv| {
            buffer.clear();
            self.write_uci(&mut buffer, mv);
            buffer == text
        })
    }

    /// The legal move written as `text` in UCI or in the variant's SAN (with or
    /// without its `+`/`#`); a selection's piece name in any case.
    ///
    /// ```
    /// use kibitz::variant::{Variant, VariantPosition};
    /// let v = Variant::builtin("capablanca")?;
    /// let pos = VariantPosition::startpos(&v);
    /// assert_eq!(pos.parse_move("Ab3")?, pos.parse_move("c1b3")?);
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<VariantMove, VariantError> {
        let moves = self.legal_moves();
        if let Some(mv) = self.find_uci(&moves, text) {
            return Ok(mv);
        }
        let bare = text.trim().trim_end_matches(['+', '#']);
        moves
            .iter()
            .find(|mv| {
                let san = self.san(mv);
                let san = san.trim_end_matches(['+', '#']);
                san == bare || (mv.is_pregame() && san.eq_ignore_ascii_case(bare))
            })
            .copied()
            .ok_or_else(|| self.no_move(text))
    }

    fn no_move(&self, text: &str) -> VariantError {
        self.pregame
            .as_ref()
            .and_then(|pg| pg.diagnose(&self.variant.rules, &self.state, text))
            .unwrap_or_else(|| VariantError::IllegalMove {
                text: text.to_string(),
            })
    }

    /// Plays a move given in UCI; returns it.
    pub fn play_uci(&mut self, text: &str) -> Result<VariantMove, VariantError> {
        let mv = self.parse_uci(text)?;
        self.play_unchecked(&mv);
        Ok(mv)
    }

    /// UCI as Fairy-Stockfish writes it: squares with their rank numbers (`a10a9`),
    /// castling as the king's move to its destination, a promotion or gated
    /// piece's lowercase letter; gating on the rook's square in castling is written
    /// rook square first (`h1e1h`). Musketeer's first moves as the published
    /// tables' notation: a selection as the piece's name (`leopard`), a placement
    /// as `L@b0` (White's gating row is 0, Black's the row above the last rank).
    pub fn uci(&self, mv: &VariantMove) -> String {
        let mut out = String::with_capacity(8);
        self.write_uci(&mut out, mv);
        out
    }

    /// Appends [`uci`](Self::uci) to `out` (a list's or a reader's one buffer:
    /// no string of its own per move).
    pub fn write_uci(&self, out: &mut String, mv: &VariantMove) {
        if mv.is_pregame() {
            out.push_str(&Pregame::notation(&self.variant.rules, &self.state, mv));
            return;
        }
        if mv.is_drop() {
            super::drops::push_drop_notation(&self.variant.rules, mv, out);
            return;
        }
        let size = self.variant.rules.size;
        let letter = |t: u8| {
            self.variant.rules.pieces[usize::from(t)]
                .letter
                .to_ascii_lowercase()
        };
        let (mut from, mut to) = (mv.from, mv.to);
        if mv.gate != NO_TYPE && mv.gate_sq != mv.from && mv.is_castling() {
            let side = usize::from(mv.kind == MoveKind::CastleQueenside);
            from = self.state.rook_sq[2 * self.state.turn + side];
            to = mv.from;
        } else if mv.is_castling() && (self.variant.rules.chess960 || self.is_also_a_king_step(mv))
        {
            // Fairy-Stockfish writes such castling as the king taking its own rook
            // (`d1a1`), since the king's destination would name the step; in
            // Chess960 it writes all castling so.
            let side = usize::from(mv.kind == MoveKind::CastleQueenside);
            to = self.state.rook_sq[2 * self.state.turn + side];
        }
        size.push_square_name(from, out);
        // Take&Make: the capture square between the two (`d2d5f4`).
        if let Some(taken_on) = mv.take_make_square() {
            size.push_square_name(taken_on, out);
        }
        size.push_square_name(to, out);
        if mv.promotion != NO_TYPE {
            let ty = type_of(self.state.board[usize::from(mv.from)]);
            let to_ty = usize::from(mv.promotion);
            match super::shogi::uci_suffix(&self.variant.rules, ty, to_ty) {
                Some(suffix) => out.push(suffix),
                None => out.push(letter(mv.promotion)),
            }
        }
        if mv.gate != NO_TYPE {
            out.push(letter(mv.gate));
        }
        // A walling move: the square reached again, then the wall's.
        if let Some(wall) = mv.wall() {
            out.push(',');
            size.push_square_name(to, out);
            size.push_square_name(wall, out);
        }
    }

    /// Is castling `mv` written like a move of the king's own to its destination
    /// (a king castling one square, or onto a square it reaches anyway)?
    fn is_also_a_king_step(&self, mv: &VariantMove) -> bool {
        let mut moves = Vec::new();
        self.state.piece_moves(
            &self.variant.tables,
            &self.variant.rules,
            mv.from,
            false,
            &mut moves,
        );
        moves
            .iter()
            .any(|m| !m.is_castling() && m.from == mv.from && m.to == mv.to)
    }

    /// Standard algebraic notation with the variant's letters: `Nf3`, `exd5`,
    /// `Aa10`, `e10=C`, `O-O`, gating as `/H` (and the square when it is not the
    /// from square), `+` for check and `#` for mate. Musketeer's selections and
    /// placements as in UCI (`leopard`, `L@b0`).
    pub fn san(&self, mv: &VariantMove) -> String {
        if mv.is_pregame() {
            return Pregame::notation(&self.variant.rules, &self.state, mv);
        }
        let rules = &self.variant.rules;
        let size = rules.size;
        let b = &self.state.board;
        let p = b[usize::from(mv.from)];
        let mut s = String::new();
        if mv.is_drop() {
            s = super::drops::drop_notation(&self.variant.rules, mv);
            // SAN names the piece by its SAN letter (Supply chess's horse
            // `H@b5`), UCI by its FEN letter (`N@b5`).
            let letter = rules.pieces[usize::from(mv.gate)].letter;
            let san = rules.regions.san_letter(letter);
            if san != letter {
                s = s.replacen(letter, &san.to_string(), 1);
            }
        } else if mv.is_castling() {
            s.push_str(if mv.kind == MoveKind::CastleKingside {
                "O-O"
            } else {
                "O-O-O"
            });
        } else {
            let ty = type_of(p);
            // (A pass is the king's move to its own square, not a capture.)
            let capture = (b[usize::from(mv.to)] != 0 && !mv.is_pass() && mv.from != mv.to)
                || matches!(mv.kind, MoveKind::EnPassant | MoveKind::TakeMake);
            if Some(ty as u8) == self.variant.tables.pawn {
                if capture {
                    s.push(char::from(b'a' + size.file_of(mv.from)));
                } else if mv.from != mv.to && State::is_sittuyin_promotion(rules, mv) {
                    // Sittuyin's promotion onto another square names the pawn's.
                    s.push_str(&size.square_name(mv.from));
                }
            } else {
                if rules.shogi.is_promoted(ty) {
                    super::shogi::push_san_token(rules, ty, &mut s);
                } else {
                    s.push(rules.regions.san_letter(rules.pieces[ty].letter));
                }
                let others: Vec<super::board::Sq> = self
                    .legal_moves()
                    .iter()
                    .filter(|o| o.to == mv.to && o.from != mv.from && !o.is_castling())
                    .filter(|o| b[usize::from(o.from)] == p)
                    // As Fairy-Stockfish's: the same move from another square,
                    // so a custom pawn's en-passant capture is told apart only
                    // from other en-passant captures.
                    .filter(|o| (o.kind == MoveKind::EnPassant) == (mv.kind == MoveKind::EnPassant))
                    // Take&Make: the same capture square too.
                    .filter(|o| o.take_make_square() == mv.take_make_square())
                    // A walling move, as Fairy-Stockfish's, only from moves
                    // with the same wall (so never where the wall is on the
                    // square this one leaves).
                    .filter(|o| mv.wall().is_none() || o.gate_sq == mv.gate_sq)
                    // With S-chess gating, the same gate: a plain move is told
                    // apart from plain moves only, and a gated one from none
                    // (its gate is the square it leaves).
                    .filter(|o| {
                        rules.gating != Gating::Seirawan
                            || (o.gate == mv.gate && o.gate_sq == mv.gate_sq)
                    })
                    .map(|o| o.from)
                    .collect();
                if !others.is_empty() {
                    let file = size.file_of(mv.from);
                    let rank = size.rank_of(mv.from);
                    if others.iter().all(|&o| size.file_of(o) != file) {
                        s.push(char::from(b'a' + file));
                    } else if others.iter().all(|&o| size.rank_of(o) != rank) {
                        s.push_str(&(u32::from(rank) + 1).to_string());
                    } else {
                        s.push_str(&size.square_name(mv.from));
                    }
                }
            }
            if capture {
                s.push('x');
            }
            // Take&Make: the capture square, then where the man goes on to.
            if let Some(taken_on) = mv.take_make_square() {
                s.push_str(&size.square_name(taken_on));
                s.push('-');
            }
            s.push_str(&size.square_name(mv.to));
            if mv.promotion != NO_TYPE {
                s.push('=');
                super::shogi::push_san_token(rules, usize::from(mv.promotion), &mut s);
            }
        }
        if mv.gate != NO_TYPE && !mv.is_drop() {
            s.push('/');
            s.push(rules.pieces[usize::from(mv.gate)].letter);
            // Fairy-Stockfish names the gate of an S-chess castling always.
            if mv.gate_sq != mv.from || (mv.is_castling() && rules.gating == Gating::Seirawan) {
                s.push_str(&size.square_name(mv.gate_sq));
            }
        }
        if let Some(wall) = mv.wall() {
            s.push(',');
            s.push_str(&size.square_name(wall));
        }
        let mut next = self.clone();
        next.play_unchecked(mv);
        if next.is_check() {
            s.push(if next.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        s
    }

    /// The wall squares (`*` in the FEN): squares no piece may enter or
    /// ride through, as Fairy-Stockfish's wall squares (Gustav III's chess,
    /// Omicron, Troitzky). They are fixed for the game, but where the
    /// variant's moves put walls (walling: the Amazons' arrows, the duck).
    ///
    /// ```
    /// use kibitz::variant::{Variant, VariantPosition};
    /// let v = Variant::builtin("chess")?;
    /// let pos = VariantPosition::from_fen(&v, "4k3/8/8/8/8/8/8/R2*K3 w - - 0 1")?;
    /// assert!(pos.walls().contains(3));
    /// // The rook stops at the wall on d1 and takes no wall.
    /// assert!(pos.legal_moves().iter().all(|m| pos.uci(m) != "a1d1" && pos.uci(m) != "a1e1"));
    /// assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/R2*K3 w - - 0 1");
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn walls(&self) -> super::board::WideBitboard {
        self.state.walls
    }

    /// The type index of the man on `sq` (either colour), if any.
    pub(crate) fn type_on(&self, sq: super::board::Sq) -> Option<usize> {
        match self.state.board.get(usize::from(sq)) {
            None | Some(0) | Some(&WALL) => None,
            Some(&p) => Some(type_of(p)),
        }
    }

    /// How many men of type `t` the side to move and the other side have, on
    /// the board and in hand.
    pub(crate) fn material(&self, t: usize) -> (u16, u16) {
        let s = &self.state;
        let us = s.turn;
        let count = |c: usize| s.counts[c][t] + u16::from(s.holdings[c][t]);
        (count(us), count(1 - us))
    }

    /// Does the variant end games by rules other than mate and stalemate
    /// (flags, extinction, check counts), looked at in every position?
    pub(crate) fn ends_by_rule(&self) -> bool {
        self.variant.rules.ends.hooks_moves && self.pregame.is_none()
    }

    /// Is the side to move in check?
    pub fn is_check(&self) -> bool {
        self.state.in_check(&self.variant.tables)
    }

    /// Mars Circe ([`Conditions::mars`](super::Conditions::mars)): the square
    /// a capture `mv` is made from (the man's rebirth square), when it is not
    /// the square the man stands on; `None` for any other move.
    ///
    /// ```
    /// use kibitz::variant::{Conditions, Variant, VariantPosition};
    /// let mars = Variant::with_conditions("marscirce".parse::<Conditions>()?)?;
    /// let pos = VariantPosition::from_fen(&mars, "7K/8/6N1/8/8/8/3n4/7k w - - 0 1")?;
    /// let mv = pos.parse_uci("g6d2")?;
    /// assert_eq!(pos.mars_taken_from(&mv).map(|sq| mars.board().square_name(sq)), Some("b1".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mars_taken_from(&self, mv: &VariantMove) -> Option<super::board::Sq> {
        let t = &self.variant.tables;
        if t.conditions.conditions.mars == super::Mars::None || !self.state.is_capture(mv) {
            return None;
        }
        let ty = type_of(self.state.board[usize::from(mv.from)]);
        let home = t.conditions.rebirth_square(ty, mv.from, self.state.turn);
        (home != mv.from).then_some(home)
    }

    /// Checkmate or stalemate (with the variant's values), or the end by a
    /// variant rule (flag, extinction, check count), or `None` while the game goes on.
    pub fn outcome(&self) -> Option<VariantOutcome> {
        if self.variant.rules.ends.hooks_moves && self.pregame.is_none() {
            return self
                .state
                .outcome_ends(&self.variant.tables, &self.variant.rules);
        }
        if !self.legal_moves().is_empty() {
            return None;
        }
        Some(if self.is_check() {
            VariantOutcome::Checkmate(
                self.state
                    .checkmate_value(&self.variant.tables, &self.variant.rules),
            )
        } else {
            // (A draw may be counted: Armageddon's draw odds.)
            VariantOutcome::Stalemate(
                self.state
                    .counted(&self.variant.rules, self.variant.rules.stalemate),
            )
        })
    }

    /// May a draw be claimed by the n-move rule (the variant's `nMoveRule`, 50
    /// by default: the halfmove clock at twice that, the side to move not
    /// checkmated)? Fairy-Stockfish's `is_optional_game_end` without
    /// repetitions, which need the game's history.
    pub fn n_move_draw(&self) -> bool {
        self.pregame.is_none()
            && self
                .state
                .n_move_draw(&self.variant.tables, &self.variant.rules)
    }

    /// May a draw be claimed by the variant's counting rule (`countingRule`:
    /// makruk, cambodian, asean)? The count written in the FEN has passed its
    /// limit and the side to move is not checkmated: Fairy-Stockfish's
    /// `is_optional_game_end` with no count started from outside.
    pub fn counting_draw(&self) -> bool {
        if self.pregame.is_some() || !self.state.counting_expired() {
            return false;
        }
        if !self.is_check() {
            return true;
        }
        !self.legal_moves().is_empty()
    }

    /// The number of leaf positions `depth` plies ahead (bulk counting at the last ply).
    pub fn perft(&self, depth: u32) -> u64 {
        if self.pregame.is_some() {
            if depth == 0 {
                return 1;
            }
            return self
                .legal_moves()
                .iter()
                .map(|mv| {
                    let mut next = self.clone();
                    next.play_unchecked(mv);
                    next.perft(depth - 1)
                })
                .sum();
        }
        let mut buffers = Vec::new();
        self.state.perft(
            &self.variant.tables,
            &self.variant.rules,
            depth,
            &mut buffers,
            0,
        )
    }

    /// The legal moves that checkmate.
    pub fn mates_in_one(&self) -> Vec<VariantMove> {
        if self.pregame.is_some() {
            // Nothing enters the board before the last placement; the general test.
            return self
                .legal_moves()
                .into_iter()
                .filter(|mv| {
                    let mut next = self.clone();
                    next.play_unchecked(mv);
                    matches!(next.outcome(), Some(VariantOutcome::Checkmate(_)))
                })
                .collect();
        }
        let t = &self.variant.tables;
        let r = &self.variant.rules;
        let mut replies = Vec::new();
        self.legal_moves()
            .into_iter()
            .filter(|mv| {
                let mut next = self.state;
                next.make(t, r, mv);
                if !next.in_check(t) {
                    return false;
                }
                next.legal_moves(t, r, &mut replies);
                replies.is_empty()
            })
            .collect()
    }

    /// The position with the turn passed to the other side (a "null move", for a
    /// problem's set play), or `None` when the side to move is in check. The
    /// en-passant squares are cleared; the clocks are left as they are.
    ///
    /// ```
    /// use kibitz::Color;
    /// use kibitz::variant::{Variant, VariantPosition};
    /// let v = Variant::builtin("chess")?;
    /// let passed = VariantPosition::startpos(&v).pass().unwrap();
    /// assert_eq!(passed.turn(), Color::Black);
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn pass(&self) -> Option<VariantPosition> {
        if self.is_check() {
            return None;
        }
        let mut next = self.clone();
        next.state.turn ^= 1;
        next.state.ep = [NO_SQ; 2];
        next.state.ep_victim = NO_SQ;
        Some(next)
    }

    /// A 64-bit key of what decides the legal moves from here on (the men, the
    /// side to move, castling, en passant, holdings and gates; not the clocks):
    /// equal positions have equal keys, for transposition tables.
    pub fn key(&self) -> u64 {
        let mut s = self.state;
        s.halfmove = 0;
        s.fullmove = 0;
        Self::hash_state(&s)
    }

    /// The key two positions share when they repeat in Fairy-Stockfish's
    /// sense: [`key`](Self::key) without what its key does not hold: makruk's
    /// count, whether the last move dropped a shogi pawn, janggi's passes in a
    /// row. En passant counts as Fairy-Stockfish's key holds it: by file, once
    /// per square, so that the two squares one file gets after an initial
    /// double step of a custom pawn (`e5e6`) cancel out, as if there were none.
    pub(crate) fn repetition_key(&self) -> u64 {
        let mut s = self.state;
        let files = self.variant().tables.files;
        let file = |sq: Sq| if sq == NO_SQ { NO_SQ } else { sq % files };
        s.ep = match s.ep.map(file) {
            [a, b] if a == b => [NO_SQ; 2],
            files => files,
        };
        s.ep_victim = NO_SQ;
        s.halfmove = 0;
        s.fullmove = 0;
        s.counting_ply = 0;
        s.counting_limit = 0;
        s.pawn_drop = false;
        s.passes = 0;
        s.castled = 0;
        Self::hash_state(&s)
    }

    fn hash_state(s: &State) -> u64 {
        let mut h = KeyHasher(0xcbf2_9ce4_8422_2325);
        core::hash::Hash::hash(s, &mut h);
        core::hash::Hasher::finish(&h)
    }

    /// The king square of a side, if it has a royal piece.
    pub fn king(&self, color: Color) -> Option<super::board::Sq> {
        let k = self.state.kings[usize::from(color == Color::Black)];
        (k != NO_SQ).then_some(k)
    }
}

/// A fast multiply-rotate hasher for [`VariantPosition::key`] (not for untrusted
/// keys: tables check nothing else, as the orthodox Zobrist key).
struct KeyHasher(u64);

impl core::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(w));
        }
        for &b in chunks.remainder() {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0 ^ v)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
}

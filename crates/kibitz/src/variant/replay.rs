//! A game replayed from a FEN through a list of UCI moves, with the history
//! that claims need: the questions Fairy-Stockfish's stateless calls (pyffish's
//! `legal_moves`, `game_result`, `is_optional_game_end`, …) answer about the
//! position a move list reaches.
//!
//! Each call of that interface replays the game from its start, so a replay
//! keeps only what the questions need: the current position, the one before
//! the last move (which piece the last move took), and one record per ply (its
//! repetition key and whether the side to move was in check) for repetition
//! claims and the perpetual-check rule.

use super::board::{Sq, WideBitboard};
use super::moves::VariantMove;
use super::position::VariantPosition;
use super::rules::{GameValue, VariantOutcome};
use super::{Variant, VariantError};
use crate::Color;

/// Why a move list could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The start FEN is not a position of the variant.
    Fen(VariantError),
    /// A move of the list is not a legal move in UCI where it stands.
    Move {
        /// The move as given.
        text: String,
        /// Its place in the list, from 0.
        index: usize,
    },
}

impl core::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ReplayError::Fen(err) => err.fmt(f),
            ReplayError::Move { text, .. } => write!(f, "Invalid move '{text}'"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A question kibitz does not answer for this game: a rule it does not judge
/// (the name says which). Answering it otherwise would give a different answer
/// from Fairy-Stockfish's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unjudged(pub String);

impl core::fmt::Display for Unjudged {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unjudged {}

/// One position of the replayed game, for repetition claims.
#[derive(Clone, Copy, Debug)]
struct PlyRecord {
    key: u64,
    check: bool,
}

/// A game replayed from a FEN through UCI moves.
///
/// ```
/// use kibitz::variant::{GameValue, Variant, replay::Replay};
/// let v = Variant::builtin("chess")?;
/// let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(2);
/// let game = Replay::new(&v, v.start_fen(), &shuffle).unwrap();
/// assert_eq!(game.optional_end(0), Ok(Some(GameValue::Draw)));
/// let game = Replay::new(&v, v.start_fen(), &shuffle[..4]).unwrap();
/// assert_eq!(game.optional_end(0), Ok(None));
/// # Ok::<(), kibitz::variant::VariantError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Replay {
    position: VariantPosition,
    /// The position before the last move, and that move.
    last: Option<(VariantPosition, VariantMove)>,
    /// A record per position from the start FEN to the current one; empty
    /// for a replay [`without_claims`](Self::without_claims).
    history: Vec<PlyRecord>,
    /// The number of moves replayed.
    plies: usize,
    /// Were the records kept (may claims be judged)?
    claims: bool,
    /// The squares of the pieces that promoted during the replay (where a
    /// drop variant's FEN does not mark them): taken, they are pawns again.
    promoted: WideBitboard,
    /// [`promoted`](Self::promoted) before the last move.
    promoted_before_last: WideBitboard,
}

impl Replay {
    /// Replays `moves` (UCI as [`VariantPosition::uci`] writes it) from `fen`.
    pub fn new(
        variant: &Variant,
        fen: &str,
        moves: &[impl AsRef<str>],
    ) -> Result<Replay, ReplayError> {
        Self::play_through(variant, fen, moves, true)
    }

    /// The same replay without the record per ply (a repetition key and a
    /// check flag) that only [`optional_end`](Self::optional_end) reads: every
    /// other question is answered the same, for less work per move. Its
    /// `optional_end` is [`Unjudged`].
    ///
    /// ```
    /// use kibitz::variant::{Variant, replay::Replay};
    /// let v = Variant::builtin("chess")?;
    /// let game = Replay::without_claims(&v, v.start_fen(), &["e2e4", "e7e5"]).unwrap();
    /// assert_eq!(game.plies(), 2);
    /// assert!(game.optional_end(0).is_err());
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn without_claims(
        variant: &Variant,
        fen: &str,
        moves: &[impl AsRef<str>],
    ) -> Result<Replay, ReplayError> {
        Self::play_through(variant, fen, moves, false)
    }

    fn play_through(
        variant: &Variant,
        fen: &str,
        moves: &[impl AsRef<str>],
        claims: bool,
    ) -> Result<Replay, ReplayError> {
        let position = VariantPosition::from_fen(variant, fen).map_err(ReplayError::Fen)?;
        let mut game = Replay {
            history: Vec::with_capacity(if claims { moves.len() + 1 } else { 0 }),
            plies: 0,
            claims,
            position,
            last: None,
            promoted: WideBitboard::EMPTY,
            promoted_before_last: WideBitboard::EMPTY,
        };
        game.record();
        for (index, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            let mv = find_uci(&game.position, text).ok_or_else(|| ReplayError::Move {
                text: text.to_string(),
                index,
            })?;
            // Only the last move's position before is asked about (what it took).
            if index + 1 == moves.len() {
                game.last = Some((game.position.clone(), mv));
            }
            game.promoted_before_last = game.promoted;
            let ep_victim = game.position.state.ep_victim;
            game.follow_promoted(ep_victim, &mv);
            game.position.play_unchecked(&mv);
            game.plies += 1;
            game.record();
        }
        Ok(game)
    }

    /// Moves the promoted marks with the move about to be played (`ep_victim`:
    /// the square a pawn taken en passant stands on, before it).
    fn follow_promoted(&mut self, ep_victim: Sq, mv: &VariantMove) {
        if mv.is_pregame() || mv.is_castling() {
            return;
        }
        let to = mv.to();
        if mv.is_drop() {
            self.promoted.remove(to);
            return;
        }
        let from = mv.from();
        let was = self.promoted.contains(from);
        self.promoted.remove(from);
        if mv.is_en_passant() {
            self.promoted.remove(ep_victim);
        }
        if was || mv.promotion().is_some() {
            self.promoted.insert(to);
        } else {
            self.promoted.remove(to);
        }
        if let Some((_, gate)) = mv.gate() {
            self.promoted.remove(gate);
        }
    }

    fn record(&mut self) {
        if !self.claims {
            return;
        }
        self.history.push(PlyRecord {
            key: self.position.repetition_key(),
            check: self.position.is_check(),
        });
    }

    /// The position the moves reach.
    pub fn position(&self) -> &VariantPosition {
        &self.position
    }

    /// The number of moves replayed.
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// Does `mv`, a legal move of the current position, take a piece?
    pub fn is_capture(&self, mv: &VariantMove) -> bool {
        !mv.is_pregame() && self.position.state.is_capture(mv)
    }

    /// The piece the last move took, as its colour and letter (uppercase); a
    /// promoted piece taken in a drop variant is its pawn, as it enters a hand.
    /// `None` when no move was played or it took nothing.
    pub fn last_captured(&self) -> Option<(Color, char)> {
        let (before, mv) = self.last.as_ref()?;
        if mv.is_pregame() || !before.state.is_capture(mv) {
            return None;
        }
        let sq = before.state.take_make_victim(mv);
        let (color, letter) = before.piece_at(sq)?;
        let v = &self.position.variant();
        // A shogi-style promoted piece (`+O`) goes back as what it promoted from,
        // which is its letter; a piece a pawn promoted to (crazyhouse's `Q~`) goes
        // back as the pawn.
        let shogi_promoted = v
            .rules
            .shogi
            .is_promoted(super::state::type_of(before.state.board[usize::from(sq)]));
        let promoted = before.state.promoted.contains(sq) || self.promoted_before_last.contains(sq);
        // (Where custom pawns promote, the first of them: Fairy-Stockfish's
        // main promotion pawn type.)
        let c = usize::from(color == Color::Black);
        let custom = v.tables.pawn_sets.promotion[c];
        let pawn = v
            .tables
            .pawn
            .or((custom != 0).then(|| custom.trailing_zeros() as u8));
        if promoted
            && !shogi_promoted
            && let Some(pawn) = pawn
        {
            return Some((color, v.rules.pieces[usize::from(pawn)].letter));
        }
        Some((color, letter))
    }

    /// The FEN as the side to move sees it in fog of war (Fairy-Stockfish's
    /// `get_fog_fen`): every square that holds none of its pieces and that
    /// none of its legal moves reaches is written `*`.
    ///
    /// ```
    /// use kibitz::variant::{Variant, replay::Replay};
    /// let v = Variant::builtin("chess")?;
    /// let game = Replay::new(&v, v.start_fen(), &[] as &[&str]).unwrap();
    /// assert_eq!(
    ///     game.fog_fen(),
    ///     "********/********/********/********/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    /// );
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn fog_fen(&self) -> String {
        let pos = &self.position;
        let v = pos.variant();
        let state = &pos.state;
        let mut visible = state.occ[state.turn];
        // Castling is the king taking its own rook in Fairy-Stockfish's moves: it
        // shows no square the rook does not stand on.
        for mv in pos.legal_moves() {
            if !mv.is_castling() && !mv.is_pregame() {
                visible.insert(mv.to());
            }
        }
        let mut fog = WideBitboard::EMPTY;
        for sq in 0..v.rules.size.squares() {
            let sq = sq as Sq;
            if !visible.contains(sq) {
                fog.insert(sq);
            }
        }
        super::fen::write_fogged(&v.rules, state, fog)
    }

    /// Is the side to move in check, or (atomic) a pseudo-royal piece of it
    /// attacked: Fairy-Stockfish's `checked`, which `gives_check` answers.
    pub fn is_checked(&self) -> bool {
        let pos = &self.position;
        let v = pos.variant();
        pos.is_check()
            || (!pos.is_pregame()
                && v.rules.ends.extinction_pseudo_royal
                && pos.state.pseudo_royal_attacked(&v.tables, &v.rules))
    }

    /// The end by a variant rule that needs no move looked at (flags,
    /// extinction, check counting): Fairy-Stockfish's `is_immediate_game_end`.
    pub fn immediate_end(&self) -> Option<VariantOutcome> {
        if self.position.is_pregame() {
            return None;
        }
        let v = self.position.variant();
        self.position.state.immediate_end(&v.tables, &v.rules)
    }

    /// The game's value for the side to move as Fairy-Stockfish's `game_result`
    /// gives it: the end by a variant rule, else checkmate's value when in
    /// check and stalemate's otherwise. Only a variant without end rules is
    /// judged while legal moves remain (the end rules' values are known only
    /// at an end).
    pub fn result(&self) -> Result<GameValue, Unjudged> {
        if let Some(end) = self.position.outcome() {
            return Ok(end.value());
        }
        let rules = &self.position.variant().rules;
        if rules.ends.hooks_moves {
            return Err(Unjudged(format!(
                "the result of a {} game that has not ended (legal moves remain)",
                rules.name
            )));
        }
        Ok(if self.position.is_check() {
            rules.checkmate
        } else {
            rules.stalemate
        })
    }

    /// A draw (or win) that the side to move may claim, as Fairy-Stockfish's
    /// `is_optional_game_end` judges it at the root: the n-move rule, then
    /// n-fold repetition (`nFoldRule` times, 3 by default and 4 in shogi: the
    /// position itself and the times before it, within the plies since the
    /// last capture or pawn move, or since the start in a drop variant), worth
    /// `nFoldValue`, where perpetual check loses (`perpetualCheckIllegal`: the
    /// xiangqi, shogi and janggi families), then the counting rule (makruk's,
    /// Ouk Chatrang's, ASEAN's) with the count the position carries. A count
    /// started from outside (`count_started` not 0), xiangqi's chasing rule,
    /// janggi's rule against repeated moves and its material count of a drawn
    /// repetition or of the n-move rule are not judged: they are [`Unjudged`].
    pub fn optional_end(&self, count_started: i32) -> Result<Option<GameValue>, Unjudged> {
        if !self.claims {
            return Err(Unjudged(
                "a claim on a game replayed without its history (Replay::without_claims)".into(),
            ));
        }
        let pos = &self.position;
        if pos.is_pregame() {
            return Ok(None);
        }
        let rules = &pos.variant().rules;
        let state = &pos.state;
        let ends = &rules.ends;
        // Xiangqi's chasing rule, which kibitz does not judge; minixiangqi has none.
        let chasing = rules.regions.flying_general && rules.name != "minixiangqi";
        let counts_material =
            rules.palace.material_counting == super::rules::MaterialCounting::Janggi;
        let draw_odds = rules.palace.material_counting != super::rules::MaterialCounting::None
            && !counts_material;
        if pos.n_move_draw() {
            if draw_odds {
                return Ok(Some(state.counted(rules, GameValue::Draw)));
            }
            if counts_material {
                return Err(Unjudged(
                    "the n-move rule of a variant that counts material (janggi's points)".into(),
                ));
            }
            if chasing && self.plies() >= 20 {
                return Err(Unjudged(
                    "xiangqi's n-move rule with its check offset (the AXF chasing rules)".into(),
                ));
            }
            return Ok(Some(GameValue::Draw));
        }
        let plies = self.plies();
        // A capture or a pawn move ends the repetitions, but where captured
        // pieces come back from the hand.
        let end = if rules.drops.captures_to_hand {
            plies
        } else {
            plies.min(state.halfmove as usize)
        };
        if end >= 4 && ends.n_fold_rule > 0 {
            let h = &self.history;
            let now = plies;
            let at = |back: usize| h[now - back];
            let perpetual = ends.perpetual_check_illegal;
            let mut perpetual_them = perpetual && at(0).check && at(2).check;
            let mut perpetual_us = perpetual && at(1).check && at(3).check;
            let mut count = 0;
            let mut i = 4;
            while i <= end {
                perpetual_them &= at(i).check;
                if at(i).key == at(0).key {
                    if ends.move_repetition_illegal {
                        return Err(Unjudged(
                            "a repetition under janggi's rule against repeated moves".into(),
                        ));
                    }
                    count += 1;
                    if count + 1 >= ends.n_fold_rule as usize {
                        return self.repetition_value(perpetual_them, perpetual_us, chasing);
                    }
                }
                if i < end {
                    perpetual_us &= at(i + 1).check;
                }
                i += 2;
            }
        }
        if rules.regions.counting != super::rules::CountingRule::None {
            // A count started from outside (pyffish's `countStarted`) counts
            // the board's honour from a game ply the position does not know.
            if count_started != 0 {
                return Err(Unjudged(
                    "a count started from outside the position (countStarted)".into(),
                ));
            }
            if pos.counting_draw() {
                return Ok(Some(GameValue::Draw));
            }
        }
        if pos.sittuyin_draw() {
            return Ok(Some(GameValue::Draw));
        }
        Ok(None)
    }

    /// The value, for the side to move, of a position that stood the n-fold
    /// time (Fairy-Stockfish's order): a side that checked on every one of its
    /// moves since loses (`perpetualCheckIllegal`; both: a draw); else
    /// xiangqi's chasing rule decides, which kibitz does not judge; else
    /// `nFoldValue` (White's when absolute), where a draw in janggi counts
    /// material, which kibitz does not judge either.
    fn repetition_value(
        &self,
        perpetual_them: bool,
        perpetual_us: bool,
        chasing: bool,
    ) -> Result<Option<GameValue>, Unjudged> {
        if perpetual_them || perpetual_us {
            return Ok(Some(match (perpetual_them, perpetual_us) {
                (true, false) => GameValue::Win,
                (false, true) => GameValue::Loss,
                _ => GameValue::Draw,
            }));
        }
        if chasing {
            return Err(Unjudged(
                "a repetition in xiangqi, which its chasing rule judges".into(),
            ));
        }
        let rules = &self.position.variant().rules;
        let value = match rules.ends.n_fold_value {
            v if rules.ends.n_fold_value_absolute && self.position.turn() == Color::Black => {
                v.flip()
            }
            v => v,
        };
        if value == GameValue::Draw
            && matches!(
                rules.palace.material_counting,
                super::rules::MaterialCounting::BlackDrawOdds
                    | super::rules::MaterialCounting::WhiteDrawOdds
            )
        {
            return Ok(Some(self.position.state.counted(rules, value)));
        }
        if value == GameValue::Draw
            && rules.palace.material_counting != super::rules::MaterialCounting::None
        {
            return Err(Unjudged(
                "a drawn repetition in janggi, which counts material".into(),
            ));
        }
        Ok(Some(value))
    }
}

/// The legal move written `text` in UCI, as [`VariantPosition::parse_uci`]
/// finds it, writing the UCI only of the moves from or to a square named in
/// `text` (every move's UCI names one of them but a Musketeer selection's):
/// a long game is replayed without writing every legal move of every ply.
fn find_uci(pos: &VariantPosition, text: &str) -> Option<VariantMove> {
    let size = pos.variant().board();
    let bytes = text.as_bytes();
    let mut named = WideBitboard::EMPTY;
    let mut i = 0;
    while i < bytes.len() {
        let mut j = i + 1;
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            j += 1;
        }
        if let Some(sq) = text.get(i..j).and_then(|t| size.parse_square(t)) {
            named.insert(sq);
        }
        i = j;
    }
    // Legality is tested only for the moves from or to a named square.
    pos.legal_moves_where(|mv| {
        mv.is_pregame() || named.contains(mv.to()) || (!mv.is_drop() && named.contains(mv.from()))
    })
    .into_iter()
    .find(|mv| pos.uci(mv) == text)
}

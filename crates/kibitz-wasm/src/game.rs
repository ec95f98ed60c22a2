//! The state behind ffish.js's `Board`: a position of the library's one board
//! face ([`AnyPosition`]), the moves played on it and the positions before them
//! (so that `pop` is a step back, not a replay). Every answer is the library's:
//! moves, UCI, SAN, FEN, check, the game's end, perft. Errors are the library's
//! messages, as text for the binding to raise.

use core::fmt::Write as _;

use kibitz::CastlingMode;
use kibitz::board::{AnyPosition, Board, BoardJob, GameEnd, GameRules};
use kibitz::notation::SanStyle;
use kibitz::{Color, board::MAX_PERFT_DEPTH};

use crate::registry;

/// A game on a board: the rules, the position, and the moves played since the
/// FEN was set.
#[derive(Clone, Debug)]
pub struct Game {
    rules: GameRules,
    position: AnyPosition,
    /// Each move played, in UCI, with the position before it.
    played: Vec<(AnyPosition, String)>,
}

/// The legal moves in UCI, joined by spaces, written by the engine's own
/// position type (no [`kibitz::board::AnyMove`] per move).
struct UciList;

impl BoardJob for UciList {
    type Output = String;
    fn run<B: Board>(self, pos: &B, castling: CastlingMode) -> String {
        let moves = pos.legal_moves();
        let mut out = String::with_capacity(moves.len() * 6);
        for (i, &mv) in moves.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            pos.write_uci_in(&mut out, mv, castling);
        }
        out
    }
}

impl Game {
    /// A game of `variant` from `fen` (None, empty or `startpos`: the variant's
    /// start), castling as Chess960 with `chess960`.
    pub fn new(variant: &str, fen: Option<&str>, chess960: bool) -> Result<Game, String> {
        let rules = registry::rules(variant, chess960)?;
        let position = read_fen(&rules, fen)?;
        Ok(Game {
            rules,
            position,
            played: Vec::new(),
        })
    }

    /// The position.
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// The legal moves in UCI, separated by spaces (ffish.js's `legalMoves`).
    pub fn legal_moves(&self) -> String {
        self.position.run(UciList)
    }

    /// The legal moves in SAN, separated by spaces, in the order of
    /// [`legal_moves`](Self::legal_moves).
    pub fn legal_moves_san(&self) -> String {
        let moves = self.position.legal_moves();
        self.position.sans(&moves, SanStyle::Standard).join(" ")
    }

    /// Plays a legal move given in UCI (or SAN: the library reads either).
    pub fn push(&mut self, text: &str) -> Result<(), String> {
        let mv = self
            .position
            .parse_move(text)
            .map_err(|e| format!("move {:?}: {e}", text))?;
        let uci = self.position.uci(mv);
        let before = self.position.clone();
        self.position.play_unchecked(mv);
        self.played.push((before, uci));
        Ok(())
    }

    /// Plays moves separated by blanks, all or none: at the first that is not
    /// legal where it stands, the game is left as it was.
    pub fn push_moves(&mut self, text: &str) -> Result<(), String> {
        let depth = self.played.len();
        for (i, word) in text.split_whitespace().enumerate() {
            if let Err(err) = self.push(word) {
                self.take_back_to(depth);
                return Err(format!("move {}: {err}", i + 1));
            }
        }
        Ok(())
    }

    /// Takes the last move back; an error when none was played since the FEN.
    pub fn pop(&mut self) -> Result<(), String> {
        match self.played.pop() {
            Some((before, _)) => {
                self.position = before;
                Ok(())
            }
            None => Err("no move to take back".to_string()),
        }
    }

    fn take_back_to(&mut self, depth: usize) {
        if depth < self.played.len() {
            self.position = self.played[depth].0.clone();
            self.played.truncate(depth);
        }
    }

    /// The FEN.
    pub fn fen(&self) -> String {
        self.position.fen()
    }

    /// Sets the position from a FEN (`startpos`: the start), forgetting the moves.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        self.position = read_fen(&self.rules, Some(fen))?;
        self.played.clear();
        Ok(())
    }

    /// Is it White's turn (ffish.js's `turn()`: true for White)?
    pub fn white_to_move(&self) -> bool {
        self.position.turn() == Color::White
    }

    /// Is the side to move in check?
    pub fn is_check(&self) -> bool {
        self.position.is_check()
    }

    /// Does the legal move `text` take a man?
    pub fn is_capture(&self, text: &str) -> Result<bool, String> {
        let mv = self
            .position
            .parse_move(text)
            .map_err(|e| format!("move {:?}: {e}", text))?;
        Ok(self.position.is_capture(mv))
    }

    /// How the game ended, or None while it goes on.
    pub fn game_end(&self) -> Option<GameEnd> {
        self.position.outcome()
    }

    /// The result as PGN writes it: `1-0`, `0-1`, `1/2-1/2`, or `*` while the
    /// game goes on.
    pub fn result(&self) -> &'static str {
        self.game_end().map_or("*", |end| end.result())
    }

    /// The moves played since the FEN, in UCI, separated by spaces.
    pub fn move_stack(&self) -> String {
        let moves: Vec<&str> = self.played.iter().map(|(_, uci)| uci.as_str()).collect();
        moves.join(" ")
    }

    /// The men in White's (`white`) or Black's hand as lowercase letters; empty
    /// in a variant without drops and in orthodox chess.
    pub fn pocket(&self, white: bool) -> String {
        let color = if white { Color::White } else { Color::Black };
        self.position
            .as_variant()
            .map_or_else(String::new, |pos| pos.hand(color))
    }

    /// The SAN of the legal move `text`.
    pub fn san_move(&self, text: &str) -> Result<String, String> {
        let mv = self
            .position
            .parse_move(text)
            .map_err(|e| format!("move {:?}: {e}", text))?;
        Ok(self.position.san(mv))
    }

    /// A line of moves (UCI or SAN, separated by blanks) from the position in
    /// SAN, with move numbers as ffish.js writes them (`1. e4 e5 2. Nf3`,
    /// `3...Nf6`) when `numbers`; the game is not changed.
    pub fn variation_san(&self, text: &str, numbers: bool) -> Result<String, String> {
        let mut pos = self.position.clone();
        let mut out = String::new();
        for (i, word) in text.split_whitespace().enumerate() {
            let mv = pos
                .parse_move(word)
                .map_err(|e| format!("move {} ({:?}): {e}", i + 1, word))?;
            let white = pos.turn() == Color::White;
            if i > 0 {
                out.push(' ');
            }
            if numbers && (i == 0 || white) {
                let _ = write!(out, "{}", pos.fullmoves());
                // Only the line's first move has a number when Black plays it.
                out.push_str(if white { ". " } else { "..." });
            }
            out.push_str(&pos.san(mv));
            pos.play_unchecked(mv);
        }
        Ok(out)
    }

    /// The leaves of the legal move tree `depth` plies deep (at most
    /// [`MAX_PERFT_DEPTH`]).
    pub fn perft(&self, depth: u32) -> Result<u64, String> {
        if depth > MAX_PERFT_DEPTH {
            return Err(format!(
                "perft depth {depth}: at most {MAX_PERFT_DEPTH} plies"
            ));
        }
        Ok(self.position.perft(depth))
    }
}

/// The position a FEN names in `rules`: None, empty or `startpos` is the start.
fn read_fen(rules: &GameRules, fen: Option<&str>) -> Result<AnyPosition, String> {
    match fen.map(str::trim).filter(|f| !f.is_empty()) {
        None => Ok(rules.startpos()),
        Some(text) => rules
            .position(text)
            .map_err(|e| format!("FEN {:?}: {e}", text)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fools_mate_pushed_popped_and_numbered() {
        let mut g = Game::new("chess", None, false).unwrap();
        assert_eq!(g.legal_moves().split(' ').count(), 20);
        g.push_moves("f2f3 e7e5 g2g4").unwrap();
        assert_eq!(g.result(), "*");
        assert_eq!(g.san_move("d8h4").unwrap(), "Qh4#");
        g.push("d8h4").unwrap();
        assert_eq!(g.result(), "0-1");
        assert!(g.is_check());
        assert_eq!(g.move_stack(), "f2f3 e7e5 g2g4 d8h4");
        g.pop().unwrap();
        assert_eq!(g.result(), "*");
        assert_eq!(g.variation_san("d8h4", true).unwrap(), "2...Qh4#");
        let start = Game::new("chess", None, false).unwrap();
        assert_eq!(
            start.variation_san("e2e4 e7e5 g1f3", true).unwrap(),
            "1. e4 e5 2. Nf3"
        );
    }

    #[test]
    fn a_bad_move_leaves_the_game_as_it_was() {
        let mut g = Game::new("capablanca", None, false).unwrap();
        let fen = g.fen();
        let err = g.push_moves("e2e4 e7e5 e4e5").unwrap_err();
        assert!(err.starts_with("move 3:"), "{err}");
        assert_eq!(g.fen(), fen);
        assert_eq!(g.move_stack(), "");
        assert!(g.pop().is_err());
    }

    #[test]
    fn bad_fens_and_variants_are_errors() {
        assert!(Game::new("chess", Some("8/8/8 w - - 0 1"), false).is_err());
        assert!(Game::new("nosuchvariant", None, false).is_err());
        assert!(
            Game::new("chess", None, false)
                .unwrap()
                .perft(MAX_PERFT_DEPTH + 1)
                .is_err()
        );
    }

    #[test]
    fn pocket_reads_the_hand() {
        let g = Game::new(
            "crazyhouse",
            Some("4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1"),
            false,
        )
        .unwrap();
        assert_eq!(
            (g.pocket(true).as_str(), g.pocket(false).as_str()),
            ("q", "n")
        );
    }
}

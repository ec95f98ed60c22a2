//! The state behind ffish.js's `Board`: a position of the library's one board
//! face ([`AnyPosition`]), the moves played on it and the positions before them
//! (so that `pop` is a step back, not a replay). Every answer is the library's:
//! moves, UCI, SAN, FEN, check, the game's end, perft. Errors are the library's
//! messages, as text for the binding to raise.

use core::fmt::Write as _;

use kibitz::CastlingMode;
use kibitz::board::{AnyMove, AnyPosition, Board, GameEnd, GameRules};
use kibitz::notation::SanStyle;
use kibitz::{Color, board::MAX_PERFT_DEPTH};

use crate::registry;

/// A game on a board: the rules, the position the FEN set, and the one after
/// each move played since.
#[derive(Clone, Debug)]
pub struct Game {
    rules: GameRules,
    /// The FEN's position, then the one after each move played: the last is
    /// the current one (never empty). `pop` is a step back to the one before,
    /// not a replay, and finds that position's move list still there.
    plies: Vec<Ply>,
    /// Plies taken back, kept so that the next pushes reuse their position's
    /// box and their list's buffers: a JavaScript walk of the move tree
    /// (`legalMoves`, then `push` and `pop` of each) allocates nothing once it
    /// has been as deep as it goes.
    spare: Vec<Ply>,
}

/// A position of the game, the move that led to it, and its legal moves once
/// asked for.
#[derive(Clone, Debug)]
struct Ply {
    position: AnyPosition,
    /// The move played to reach `position`, in UCI (empty for the FEN's).
    played: String,
    /// Are `moves` and `ucis` the legal moves of `position`? Set by the first
    /// `legalMoves` or `push` there, cleared when the ply is reused: a cache
    /// keyed on the ply, which holds one position for as long as it is set.
    listed: bool,
    /// The legal moves, in the library's order.
    moves: Vec<AnyMove>,
    /// Their UCI, separated by single spaces, in the same order: what
    /// `legalMoves` answers, and where `push` looks a UCI move up.
    ucis: String,
}

impl Ply {
    fn new(position: AnyPosition) -> Ply {
        Ply {
            position,
            played: String::new(),
            listed: false,
            moves: Vec::new(),
            ucis: String::new(),
        }
    }

    /// Lists the legal moves, unless they are already.
    fn list(&mut self) {
        if !self.listed {
            let (moves, ucis) = (&mut self.moves, &mut self.ucis);
            match &self.position {
                AnyPosition::Chess { position, castling } => {
                    list_moves(position, *castling, moves, ucis);
                }
                AnyPosition::Variant(position) => {
                    list_moves(&**position, position.castling_mode(), moves, ucis);
                }
            }
            self.listed = true;
        }
    }

    /// The listed legal move written `text` in UCI.
    fn find_uci(&self, text: &str) -> Option<AnyMove> {
        self.ucis
            .split(' ')
            .zip(&self.moves)
            .find(|&(uci, _)| uci == text)
            .map(|(_, &mv)| mv)
    }

    /// The UCI of the listed legal move `mv`.
    fn uci_of(&self, mv: AnyMove) -> Option<&str> {
        let i = self.moves.iter().position(|&m| m == mv)?;
        self.ucis.split(' ').nth(i)
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
            plies: vec![Ply::new(position)],
            spare: Vec::new(),
        })
    }

    fn ply(&self) -> &Ply {
        self.plies.last().expect("a game has a position")
    }

    fn ply_mut(&mut self) -> &mut Ply {
        self.plies.last_mut().expect("a game has a position")
    }

    /// The position.
    pub fn position(&self) -> &AnyPosition {
        &self.ply().position
    }

    /// The legal moves in UCI, separated by spaces (ffish.js's `legalMoves`);
    /// kept with the position for the `push`es that follow. Each call lists
    /// them anew rather than answer from that list: a repeated call costs
    /// what the first does, so the benchmarks time the listing, not a lookup.
    pub fn legal_moves(&mut self) -> String {
        let ply = self.ply_mut();
        ply.listed = false;
        ply.list();
        ply.ucis.clone()
    }

    /// The legal moves in SAN, separated by spaces, in the order of
    /// [`legal_moves`](Self::legal_moves).
    pub fn legal_moves_san(&self) -> String {
        let position = self.position();
        let moves = position.legal_moves();
        position.sans(&moves, SanStyle::Standard).join(" ")
    }

    /// Plays a legal move given in UCI (or SAN: the library reads either).
    ///
    /// UCI is looked up in the position's list of legal moves and their UCI
    /// (made here if no `legalMoves` made it): no move is generated or written
    /// again for a move of the list just asked for. Any other text goes to the
    /// library's reader, which reads SAN.
    pub fn push(&mut self, text: &str) -> Result<(), String> {
        let ply = self.plies.last_mut().expect("a game has a position");
        ply.list();
        let mut next = match self.spare.pop() {
            Some(mut spare) => {
                copy_position(&mut spare.position, &ply.position);
                spare
            }
            None => Ply::new(ply.position.clone()),
        };
        next.listed = false;
        next.played.clear();
        let mv = match ply.find_uci(text) {
            Some(mv) => {
                next.played.push_str(text);
                mv
            }
            None => match ply.position.parse_move(text) {
                Ok(mv) => {
                    match ply.uci_of(mv) {
                        Some(uci) => next.played.push_str(uci),
                        None => ply.position.write_uci(&mut next.played, mv),
                    }
                    mv
                }
                Err(e) => {
                    self.spare.push(next);
                    return Err(format!("move {:?}: {e}", text));
                }
            },
        };
        next.position.play_unchecked(mv);
        self.plies.push(next);
        Ok(())
    }

    /// Plays moves separated by blanks, all or none: at the first that is not
    /// legal where it stands, the game is left as it was.
    pub fn push_moves(&mut self, text: &str) -> Result<(), String> {
        let depth = self.plies.len();
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
        if self.plies.len() < 2 {
            return Err("no move to take back".to_string());
        }
        self.take_back_to(self.plies.len() - 1);
        Ok(())
    }

    /// Keeps the first `plies` plies (at least one), the others kept as spares.
    fn take_back_to(&mut self, plies: usize) {
        while self.plies.len() > plies.max(1) {
            let ply = self.plies.pop().expect("more plies than kept");
            self.spare.push(ply);
        }
    }

    /// The FEN.
    pub fn fen(&self) -> String {
        self.position().fen()
    }

    /// Sets the position from a FEN (`startpos`: the start), forgetting the moves.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        let position = read_fen(&self.rules, Some(fen))?;
        self.plies = vec![Ply::new(position)];
        self.spare.clear();
        Ok(())
    }

    /// Is it White's turn (ffish.js's `turn()`: true for White)?
    pub fn white_to_move(&self) -> bool {
        self.position().turn() == Color::White
    }

    /// Is the side to move in check?
    pub fn is_check(&self) -> bool {
        self.position().is_check()
    }

    /// Does the legal move `text` take a man?
    pub fn is_capture(&self, text: &str) -> Result<bool, String> {
        let mv = self
            .position()
            .parse_move(text)
            .map_err(|e| format!("move {:?}: {e}", text))?;
        Ok(self.position().is_capture(mv))
    }

    /// How the game ended, or None while it goes on.
    pub fn game_end(&self) -> Option<GameEnd> {
        self.position().outcome()
    }

    /// The result as PGN writes it: `1-0`, `0-1`, `1/2-1/2`, or `*` while the
    /// game goes on.
    pub fn result(&self) -> &'static str {
        self.game_end().map_or("*", |end| end.result())
    }

    /// The moves played since the FEN, in UCI, separated by spaces.
    pub fn move_stack(&self) -> String {
        let moves: Vec<&str> = self.plies[1..].iter().map(|p| p.played.as_str()).collect();
        moves.join(" ")
    }

    /// The men in White's (`white`) or Black's hand as lowercase letters; empty
    /// in a variant without drops and in orthodox chess.
    pub fn pocket(&self, white: bool) -> String {
        let color = if white { Color::White } else { Color::Black };
        self.position()
            .as_variant()
            .map_or_else(String::new, |pos| pos.hand(color))
    }

    /// The SAN of the legal move `text`.
    pub fn san_move(&self, text: &str) -> Result<String, String> {
        let mv = self
            .position()
            .parse_move(text)
            .map_err(|e| format!("move {:?}: {e}", text))?;
        Ok(self.position().san(mv))
    }

    /// A line of moves (UCI or SAN, separated by blanks) from the position in
    /// SAN, with move numbers as ffish.js writes them (`1. e4 e5 2. Nf3`,
    /// `3...Nf6`) when `numbers`; the game is not changed.
    pub fn variation_san(&self, text: &str, numbers: bool) -> Result<String, String> {
        let mut pos = self.position().clone();
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
        Ok(self.position().perft(depth))
    }
}

/// The legal moves of `pos` into `moves` and their UCI into `ucis`,
/// separated by single spaces, in the same order (both cleared first), with
/// the engine's own position type and moves: instantiated here, beside its
/// caller, the UCI writer is inlined into the loop, which the same function
/// in the library (`AnyPosition` for both engines) did not get, at 13 % more
/// instructions for orthodox chess's `legalMoves`.
fn list_moves<B: Board>(
    pos: &B,
    castling: CastlingMode,
    moves: &mut Vec<AnyMove>,
    ucis: &mut String,
) where
    B::Move: Into<AnyMove>,
{
    let legal = pos.legal_moves();
    moves.clear();
    moves.extend(legal.iter().map(|&mv| mv.into()));
    ucis.clear();
    for (i, &mv) in legal.iter().enumerate() {
        if i > 0 {
            ucis.push(' ');
        }
        pos.write_uci_in(ucis, mv, castling);
    }
}

/// Makes `to` a copy of `from`, in place where both are a variant's: the box
/// is reused, not allocated again for every move pushed.
fn copy_position(to: &mut AnyPosition, from: &AnyPosition) {
    match (to, from) {
        (AnyPosition::Variant(to), AnyPosition::Variant(from)) => to.clone_from(from),
        (to, from) => to.clone_from(from),
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
    fn pushes_read_from_the_list_or_as_san_and_reuse_taken_back_plies() {
        let mut g = Game::new("capablanca", None, false).unwrap();
        let start = g.fen();
        // Without a list asked for, with one, and as SAN: the same moves.
        g.push("e2e4").unwrap();
        assert!(g.legal_moves().split(' ').any(|m| m == "e7e5"));
        g.push("e7e5").unwrap();
        g.push("Ab3").unwrap();
        assert_eq!(g.move_stack(), "e2e4 e7e5 c1b3");
        let three = g.fen();
        g.push_moves("j7j6 c1b3").unwrap_err();
        assert_eq!(g.fen(), three);
        // Back to the start, then other moves on the plies taken back.
        for _ in 0..3 {
            g.pop().unwrap();
        }
        assert_eq!(g.fen(), start);
        g.push_moves("d2d4 d7d5").unwrap();
        let mut fresh = Game::new("capablanca", None, false).unwrap();
        fresh.push_moves("d2d4 d7d5").unwrap();
        assert_eq!(g.fen(), fresh.fen());
        assert_eq!(g.legal_moves(), fresh.legal_moves());
        // An illegal move, and a move of the list of another position.
        assert!(g.push("e2e5").is_err());
        assert!(g.push("d4d5").is_err());
        assert_eq!(g.move_stack(), "d2d4 d7d5");
        g.set_fen("startpos").unwrap();
        assert_eq!(g.fen(), start);
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

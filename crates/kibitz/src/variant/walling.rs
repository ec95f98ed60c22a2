//! Walling moves, as Fairy-Stockfish's `wallingRule` (and its
//! `wallingRegionWhite`/`Black`): after its move a side turns one empty square
//! into a wall (`*` in the FEN, [`super::walls`]), and the move is written with
//! that square after a comma, in UCI as the destination and the wall
//! (`d1a1,a1b1`) and in SAN after the move (`Qda1,b1`). The rule says which
//! squares may take the wall:
//!
//! - `arrow` (the Game of the Amazons): a square the piece that moved could
//!   move to from its new square, as if it moved again;
//! - `duck` (Duck chess): any empty square, and the walls already standing
//!   go (the duck moves; it may not stay where it was);
//! - `edge`: a square on the board's edge or next to a wall (orthogonally);
//! - `past` (Snailtrail, Joust): the square the piece left;
//! - `static` (Isolation): any empty square;
//!
//! each only inside the side's walling region (`wallingRegion*`, the whole
//! board unless set). "Empty" is after the move, as there: the square left is
//! free (and the rook's in castling, the pawn's taken en passant), the squares
//! reached are not, and a wall never goes on a wall. A double step's en-passant
//! square that takes the wall is no en-passant square.
//!
//! Legality is the move's without its wall, as Fairy-Stockfish's (a wall only
//! blocks, so it makes no move illegal); a move with no square for its wall is
//! no move. Walling variants take the end rules' path ([`super::ends`]), where
//! every move is listed, so the fast paths of the other variants stay as they
//! were.
//!
//! ```
//! use kibitz::variant::{Variant, VariantPosition};
//! let v = Variant::builtin("snailtrail")?;
//! let mut pos = VariantPosition::startpos(&v);
//! // The snail steps and leaves a wall where it was.
//! assert_eq!(pos.legal_moves().len(), 3);
//! let mv = pos.parse_uci("a1b2,b2a1")?;
//! assert_eq!(mv.wall(), Some(0));
//! assert_eq!(pos.san(&mv), "Pb2,a1");
//! pos.play(&mv)?;
//! assert_eq!(pos.fen(), "6p/7/7/7/7/1P5/*6 b - - 1 1");
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::VariantError;
use super::board::{NO_SQ, Sq, WideBitboard};
use super::moves::{MoveKind, NO_TYPE, VariantMove};
use super::rules::{GameValue, Rules, WallingRule, piece};
use super::state::{State, WALL, code, is_piece_of, type_of};
use super::tables::Tables;

/// Fairy-Stockfish's built-ins with walling moves, as its `variant.cpp`
/// defines them, built on orthodox chess `r`; false for another name.
pub(crate) fn builtin_rules(name: &str, r: &mut Rules) -> Result<bool, VariantError> {
    // The games of one piece a side that only moves (`m`), whose side
    // without a move loses. Castling stays on without a piece to castle, as
    // in Fairy-Stockfish: a FEN's castling field is read and checked.
    let movers = |r: &mut Rules, letter: char, betza: &str, start: &str| {
        r.only_pieces(vec![piece(letter, "customPiece1", betza)]);
        r.castling = super::rules::chess_rules()
            .castling
            .map(|c| super::rules::CastlingRules { rook_types: 0, ..c });
        r.start_fen = start.to_string();
        r.stalemate = GameValue::Loss;
    };
    match name {
        // The Game of the Amazons: four amazons a side (moving as queens,
        // taking nothing) on 10 × 10, each move shooting an arrow.
        "amazons" => {
            r.resize(10, 10)?;
            movers(
                r,
                'Q',
                "mQ",
                "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1",
            );
            r.walling.rule = WallingRule::Arrow;
        }
        // Duck chess: no royal king (a commoner `K` that may be taken and
        // castles); losing it loses, being stalemated wins, and every move
        // moves the duck.
        "duck" => {
            r.pieces[5] = piece('K', "commoner", "K");
            r.ends.castling_king_letter = Some('K');
            r.ends.extinction_value = Some(GameValue::Loss);
            r.ends.extinction_letters = vec!['K'];
            r.stalemate = GameValue::Win;
            r.walling.rule = WallingRule::Duck;
        }
        // Isolation: a king's step that takes nothing, then a wall anywhere
        // but the two start squares.
        "isolation" | "isolation7x7" => {
            let (files, ranks, start, homes) = if name == "isolation" {
                (6, 8, "3p2/6/6/6/6/6/6/2P3 w - - 0 1", "c1 d8")
            } else {
                (7, 7, "3p3/7/7/7/7/7/3P3 w - - 0 1", "d1 d7")
            };
            r.resize(files, ranks)?;
            movers(r, 'P', "mK", start);
            r.walling.rule = WallingRule::Static;
            let homes =
                super::regions::parse_region(r.size, homes).map_err(VariantError::Definition)?;
            let mut region = WideBitboard::EMPTY;
            for s in 0..r.size.squares() {
                if !homes.contains(s as Sq) {
                    region.insert(s as Sq);
                }
            }
            r.walling.region = [Some(region); 2];
        }
        // Snailtrail (a king's step) and Joust (a knight's leap): the square
        // left becomes a wall.
        "snailtrail" => {
            r.resize(7, 7)?;
            movers(r, 'P', "mK", "6p/7/7/7/7/7/P6 w - - 0 1");
            r.walling.rule = WallingRule::Past;
        }
        "joust" => {
            movers(r, 'N', "mN", "8/8/8/4n3/3N4/8/8/8 w - - 0 1");
            r.walling.rule = WallingRule::Past;
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Reads the walling keys of a `variants.ini` section (`wallingRule`,
/// `wallingRegion`, `wallingRegionWhite`, `wallingRegionBlack`); whether `key`
/// was one. A region is squares, `*<rank>` or `<file>*`, as the other regions.
pub(crate) fn apply_key(rules: &mut Rules, key: &str, value: &str) -> Result<bool, String> {
    let colours: &[usize] = match key {
        "wallingRule" => {
            rules.walling.rule = WallingRule::parse(value.trim())?;
            return Ok(true);
        }
        "wallingRegion" => &[0, 1],
        "wallingRegionWhite" => &[0],
        "wallingRegionBlack" => &[1],
        _ => return Ok(false),
    };
    let region = super::regions::parse_region(rules.size, value)?;
    for &c in colours {
        rules.walling.region[c] = Some(region);
    }
    Ok(true)
}

impl State {
    /// Turns each of the legal moves `moves` (without walls) into its walling
    /// moves, one per square its wall may take, in the moves' order.
    pub(crate) fn add_walls(&self, t: &Tables, r: &Rules, moves: &mut Vec<VariantMove>) {
        let base = core::mem::take(moves);
        for mv in &base {
            for sq in self.wall_squares(t, r, mv).iter() {
                let mut walled = *mv;
                walled.gate_sq = sq;
                moves.push(walled);
            }
        }
    }

    /// The squares the wall of `mv` (a move without its wall) may take.
    fn wall_squares(&self, t: &Tables, r: &Rules, mv: &VariantMove) -> WideBitboard {
        let us = self.turn;
        let mut empty = WideBitboard::EMPTY;
        for s in 0..t.squares {
            if self.board[s] == 0 {
                empty.insert(s as Sq);
            }
        }
        // The board after the move: the squares left are free, those reached are not.
        empty.insert(mv.from);
        empty.remove(mv.to);
        match mv.kind {
            MoveKind::CastleKingside | MoveKind::CastleQueenside => {
                let side = usize::from(mv.kind == MoveKind::CastleQueenside);
                empty.insert(self.rook_sq[2 * us + side]);
                empty.remove(mv.to);
                empty.remove(self.castle_rook_to(mv));
            }
            MoveKind::EnPassant => empty.insert(self.ep_victim),
            _ => {}
        }
        let mut squares = empty;
        if let Some(region) = r.walling.region[us] {
            squares = squares & region;
        }
        match r.walling.rule {
            WallingRule::None => return WideBitboard::EMPTY,
            WallingRule::Past => {
                let mut past = WideBitboard::EMPTY;
                if squares.contains(mv.from) {
                    past.insert(mv.from);
                }
                return past;
            }
            WallingRule::Arrow => squares = squares & self.arrow_targets(t, r, mv),
            WallingRule::Edge => squares = squares & self.edge_or_beside_walls(t),
            WallingRule::Duck | WallingRule::Static => {}
        }
        squares
    }

    /// Where the piece of `mv` could move from its new square, its old one
    /// empty (Fairy-Stockfish's `moves_bb` of the piece as it was before a
    /// promotion): its moves on a copy with the piece put on the square reached.
    fn arrow_targets(&self, t: &Tables, r: &Rules, mv: &VariantMove) -> WideBitboard {
        let us = self.turn;
        let p = self.board[usize::from(mv.from)];
        if !is_piece_of(p, us) {
            return WideBitboard::EMPTY;
        }
        let ty = type_of(p);
        let mut probe = *self;
        probe.remove(t, mv.from);
        if probe.board[usize::from(mv.to)] != 0 && probe.board[usize::from(mv.to)] != WALL {
            probe.remove(t, mv.to);
        }
        probe.put(t, mv.to, us, ty);
        probe.ep = [NO_SQ; 2];
        probe.castling = 0;
        let mut moves = Vec::new();
        probe.piece_moves(t, r, mv.to, false, &mut moves);
        let mut out = WideBitboard::EMPTY;
        for m in moves.iter().filter(|m| !m.is_castling() && m.from == mv.to) {
            if probe.board[usize::from(m.to)] == 0 {
                out.insert(m.to);
            }
        }
        debug_assert!(probe.board[usize::from(mv.to)] == code(us, ty));
        out
    }

    /// The board's edge squares and the squares beside a wall (north, south,
    /// east or west).
    fn edge_or_beside_walls(&self, t: &Tables) -> WideBitboard {
        let files = i32::from(t.files);
        let ranks = t.squares as i32 / files;
        let mut out = WideBitboard::EMPTY;
        for s in 0..t.squares as i32 {
            let (f, rank) = (s % files, s / files);
            let edge = f == 0 || f == files - 1 || rank == 0 || rank == ranks - 1;
            let beside = [(0, 1), (0, -1), (1, 0), (-1, 0)].iter().any(|&(df, dr)| {
                let (nf, nr) = (f + df, rank + dr);
                (0..files).contains(&nf)
                    && (0..ranks).contains(&nr)
                    && self.walls.contains((nr * files + nf) as Sq)
            });
            if edge || beside {
                out.insert(s as Sq);
            }
        }
        out
    }

    /// Puts the wall of a walling move (after the move itself): the duck's
    /// walls first leave, and an en-passant square under the new wall is none.
    pub(crate) fn place_wall(&mut self, r: &Rules, mv: &VariantMove) {
        if mv.gate != NO_TYPE || mv.gate_sq == NO_SQ {
            return;
        }
        if r.walling.rule == WallingRule::Duck {
            for s in self.walls.iter() {
                self.board[usize::from(s)] = 0;
            }
            self.walls = WideBitboard::EMPTY;
        }
        self.board[usize::from(mv.gate_sq)] = WALL;
        self.walls.insert(mv.gate_sq);
        if self.ep.contains(&mv.gate_sq) {
            let kept: Vec<Sq> = self
                .ep
                .iter()
                .copied()
                .filter(|&s| s != NO_SQ && s != mv.gate_sq)
                .collect();
            self.ep = [NO_SQ; 2];
            for (i, s) in kept.into_iter().enumerate() {
                self.ep[i] = s;
            }
            if self.ep[0] == NO_SQ {
                self.ep_victim = NO_SQ;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::{Variant, VariantError, VariantOutcome, VariantPosition, ini};

    fn position(variant: &Variant, fen: &str) -> VariantPosition {
        VariantPosition::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    fn moves(pos: &VariantPosition) -> Vec<String> {
        let mut out: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
        out.sort();
        out
    }

    fn played(pos: &VariantPosition, uci: &str) -> VariantPosition {
        let mut next = pos.clone();
        next.play_uci(uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
        next
    }

    // Each answer below is counted by hand, and pyffish 0.0.90 gives the same.

    #[test]
    fn an_arrow_flies_where_the_amazon_could_move_next() {
        // Walls on a2, b2 and c1 leave the amazon on a1 one move, to b1; from
        // there it could go back to a1 or up the diagonal to j9.
        let v = Variant::builtin("amazons").unwrap();
        let pos = position(&v, "q9/10/10/10/10/10/10/10/**8/Q1*7 w - - 0 1");
        let all = moves(&pos);
        assert_eq!(all.len(), 9);
        assert_eq!(all[0], "a1b1,b1a1");
        assert_eq!(all[8], "a1b1,b1j9");
        let mv = pos.parse_uci("a1b1,b1c2").unwrap();
        assert_eq!(pos.san(&mv), "Qb1,c2");
        assert_eq!(
            played(&pos, "a1b1,b1c2").fen(),
            "q9/10/10/10/10/10/10/10/***7/1Q*7 b - - 1 1"
        );
    }

    #[test]
    fn the_duck_moves_on_every_move_and_never_stays() {
        let v = Variant::builtin("duck").unwrap();
        let pos = position(&v, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
        // The king's 4 steps and the pawn's 2, each with a duck on one of the
        // 64 − 4 empty squares after the move.
        assert_eq!(pos.legal_moves().len(), 6 * 60);
        // A duck on the square passed leaves no en-passant square.
        assert_eq!(
            played(&pos, "e2e4,e4e3").fen(),
            "4k3/8/8/8/3pP3/4*3/8/4K3 b - - 0 1"
        );
        let pos = played(&pos, "e2e4,e4a8");
        assert_eq!(pos.fen(), "*3k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
        // The duck leaves a8 and may not stay there.
        let next = played(&pos, "e8d8,d8e3");
        assert_eq!(next.fen(), "3k4/8/8/8/3pP3/4*3/8/4K3 w - - 1 2");
        assert!(!moves(&pos).iter().any(|m| m.ends_with("a8")));
    }

    #[test]
    fn duck_chess_is_lost_with_the_king_and_won_by_stalemate() {
        let v = Variant::builtin("duck").unwrap();
        // A queen next to the king neither checks nor pins: the king may stay
        // beside it, and taking it ends the game.
        let pos = position(&v, "3Qk3/8/8/8/8/8/8/4K3 b - - 0 1");
        assert!(!pos.is_check());
        let pos = position(&v, "3QK3/8/8/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            pos.outcome(),
            Some(VariantOutcome::Extinction(crate::variant::GameValue::Loss))
        );
        assert!(pos.legal_moves().is_empty());
        // No move at all (the king walled in, the pawn blocked): the side to
        // move wins.
        let open = position(&v, "k7/p7/P7/8/8/8/8/7K b - - 0 1");
        let walled = position(&v, "k*6/p*6/P7/8/8/8/8/7K b - - 0 1");
        assert!(!open.legal_moves().is_empty());
        assert_eq!(
            walled.outcome(),
            Some(VariantOutcome::Stalemate(crate::variant::GameValue::Win))
        );
    }

    #[test]
    fn isolation_keeps_the_start_squares_free_of_walls() {
        let v = Variant::builtin("isolation").unwrap();
        let pos = VariantPosition::startpos(&v);
        // Five steps from c1, each with a wall on any of the 48 squares but
        // the two occupied after it and the two start squares.
        assert_eq!(pos.legal_moves().len(), 5 * 45);
        assert!(
            !moves(&pos)
                .iter()
                .any(|m| m.ends_with("c1") || m.ends_with("d8"))
        );
        assert_eq!(
            played(&pos, "c1b1,b1a1").fen(),
            "3p2/6/6/6/6/6/6/*P4 b - - 1 1"
        );
        assert_eq!(pos.perft(2), 47_300);
    }

    #[test]
    fn a_trail_is_left_behind_and_ends_the_game() {
        let v = Variant::builtin("joust").unwrap();
        let pos = VariantPosition::startpos(&v);
        assert_eq!(moves(&pos)[0], "d4b3,b3d4");
        // A knight with every leap walled (or taken) has lost.
        let pos = position(&v, "n7/2*5/1*6/8/8/8/8/7N b - - 0 1");
        assert!(pos.legal_moves().is_empty());
        assert_eq!(
            pos.outcome(),
            Some(VariantOutcome::Stalemate(crate::variant::GameValue::Loss))
        );
    }

    #[test]
    fn an_edge_wall_goes_on_the_rim_or_beside_a_wall() {
        let sections = ini::parse("[edgy:isolation]\nwallingRule = edge\n").unwrap();
        let v = Variant::find("edgy", &sections).unwrap();
        let pos = VariantPosition::startpos(&v);
        // The rim has 24 squares; c1 and d8 stay out of the region, and after
        // each of the five steps its square is taken and c1 free but barred.
        assert_eq!(pos.legal_moves().len(), 108);
        let pos = position(&v, "3p2/6/6/6/6/2*3/6/2P3 w - - 0 1");
        let walls: Vec<String> = moves(&pos)
            .into_iter()
            .filter(|m| m.starts_with("c1b1"))
            .collect();
        // b3, d3, c2 and c4 beside the wall on c3, and the rim's 24 squares
        // less b1 and d8 (taken) and c1 (outside the region).
        for beside in ["b1b3", "b1d3", "b1c2", "b1c4"] {
            assert!(walls.iter().any(|m| m.ends_with(beside)), "{beside}");
        }
        assert_eq!(walls.len(), 21 + 4);
    }

    #[test]
    fn bad_walling_keys_are_errors_naming_their_line() {
        for (text, line, says) in [
            ("[w:chess]\nwallingRule = wobble\n", 2, "not a walling rule"),
            ("[w:isolation]\nmaxRank = 8\nwallingRegion = z9\n", 3, "z9"),
            ("[w:isolation]\nwallingRegionWhite = a12\n", 2, "a12"),
        ] {
            let err = ini::parse(text).unwrap_err().to_string();
            assert!(err.contains(&format!("line {line}")), "{err}");
            assert!(err.contains(says), "{err}");
        }
        // Duck chess's walls with a royal king, walls with drops: refused.
        for text in [
            "[w:chess]\nwallingRule = duck\n",
            "[w:crazyhouse]\nwallingRule = static\n",
        ] {
            let err = ini::parse(text).unwrap_err().to_string();
            assert!(err.contains("wallingRule"), "{err}");
        }
    }

    #[test]
    fn a_bad_walling_fen_is_a_typed_error() {
        let v = Variant::builtin("amazons").unwrap();
        for fen in [
            "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3* w - - 0 1",
            "3q2q3/10/10/q8q/10/10/Q8Q/10/10 w - - 0 1",
            "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 x - - 0 1",
        ] {
            let err = VariantPosition::from_fen(&v, fen).unwrap_err();
            assert!(matches!(err, VariantError::Fen { .. }), "{fen}: {err}");
        }
        // A move without its wall is no move of a walling variant.
        let pos = VariantPosition::startpos(&v);
        assert!(pos.parse_uci("d1d2").is_err());
        assert!(pos.parse_uci("d1d2,d2d1").is_ok());
    }
}

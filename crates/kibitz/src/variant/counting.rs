//! The counting rules of the Southeast-Asian games (Fairy-Stockfish's
//! `countingRule`, its `Position::count_limit` and `do_move`): when one side
//! is left with little, the other must mate within a number of moves, or the
//! game may be claimed a draw.
//!
//! - **makruk**: with no pawn on the board, a side with more than its king
//!   counts the *board's honour*, 64 moves, until the other side's pieces are
//!   taken; a lone king counts the *pieces' honour*, by what the other side
//!   has: two rooks 8, one rook 16, two khons 22, two knights 32, one khon
//!   44, else 64 moves, counted from the pieces on the board;
//! - **cambodian** (Ouk Chatrang): as makruk's, one move shorter (63, 7, 15,
//!   21, 31, 43), and the board's honour only while the counting side has at
//!   most three pieces (pawns do not stop it there);
//! - **asean**: the pieces' honour alone (rook 16, khon 44, knight 64 moves),
//!   counted from 0.
//!
//! The count lives in the FEN as Fairy-Stockfish writes it: the limit in plies
//! in the en-passant field, the plies counted in the halfmove field. When the
//! count passes its limit, the side to move may claim a draw (unless it is
//! mated): [`State::counting_expired`] and
//! [`VariantPosition::counting_draw`](super::VariantPosition::counting_draw).
//!
//! ```
//! use kibitz::variant::{Variant, VariantPosition};
//! let v = Variant::builtin("makruk")?;
//! // A lone black king against a rook: 16 moves (32 plies), counted from
//! // the three pieces on the board; at ply 33 the count has run out.
//! let pos = VariantPosition::from_fen(&v, "8/8/3k4/8/8/4K3/8/R7 b - 32 33 60")?;
//! assert_eq!(pos.counting_draw(), true);
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::rules::{CountingRule, Rules};
use super::state::State;
use super::tables::Tables;

/// The pieces of colour `c`, its king included.
fn pieces_of(s: &State, c: usize) -> u32 {
    s.counts[c].iter().map(|&n| u32::from(n)).sum()
}

/// The pawns of both colours.
fn pawns(s: &State, t: &Tables) -> u16 {
    t.pawn.map_or(0, |p| {
        s.counts[0][usize::from(p)] + s.counts[1][usize::from(p)]
    })
}

/// The counting limit in full moves for `side`, the side that would count
/// (Fairy-Stockfish's `count_limit`); 0 where that side counts nothing.
fn count_limit(s: &State, t: &Tables, r: &Rules, side: usize) -> u16 {
    let other = side ^ 1;
    let of = |name: &str| {
        r.pieces
            .iter()
            .position(|p| p.name == name)
            .map_or(0, |ty| s.counts[other][ty])
    };
    // The khon is Fairy-Stockfish's silver, by either name.
    let (rooks, khons, knights) = (of("rook"), of("khon") + of("silver"), of("knight"));
    // The pieces' honour, by the other side's strongest pieces; Ouk Chatrang's
    // is one move shorter than makruk's.
    let pieces_honour = |shorter: u16| match () {
        _ if rooks > 1 => 8 - shorter,
        _ if rooks == 1 => 16 - shorter,
        _ if khons > 1 => 22 - shorter,
        _ if knights > 1 => 32 - shorter,
        _ if khons == 1 => 44 - shorter,
        _ => 64 - shorter,
    };
    match r.regions.counting {
        CountingRule::None => 0,
        CountingRule::Makruk => {
            if pawns(s, t) > 0 || pieces_of(s, other) == 1 {
                0
            } else if pieces_of(s, side) > 1 {
                64
            } else {
                pieces_honour(0)
            }
        }
        CountingRule::Cambodian => {
            if pieces_of(s, side) > 3 || pieces_of(s, other) == 1 {
                0
            } else if pieces_of(s, side) > 1 {
                63
            } else if pawns(s, t) > 0 {
                0
            } else {
                pieces_honour(1)
            }
        }
        CountingRule::Asean => {
            if pawns(s, t) > 0 || pieces_of(s, side) > 1 {
                0
            } else if rooks > 0 {
                16
            } else if khons > 0 {
                44
            } else if knights > 0 {
                64
            } else {
                0
            }
        }
    }
}

impl State {
    /// The count after a move (called by make-move, the side to move already
    /// the next one): a ply of a running count, and a count started (or
    /// restarted) as Fairy-Stockfish's `do_move` starts it. `captured_pawn`:
    /// the move took a pawn; `captured_or_promoted`: it took something or
    /// promoted.
    pub(crate) fn update_counting(
        &mut self,
        t: &Tables,
        r: &Rules,
        captured_pawn: bool,
        captured_or_promoted: bool,
    ) {
        let s = self;
        if s.counting_limit != 0 {
            s.counting_ply = s.counting_ply.saturating_add(1);
        }
        let rule = r.regions.counting;
        let side = s.turn;
        let mover = side ^ 1;
        let total = (pieces_of(s, 0) + pieces_of(s, 1)) as u16;
        // Taking the last pawn leaves the mover's lone king to count.
        if rule != CountingRule::Asean
            && captured_pawn
            && pieces_of(s, mover) == 1
            && pawns(s, t) == 0
        {
            let limit = count_limit(s, t, r, mover);
            if limit != 0 {
                s.counting_limit = 2 * limit;
                s.counting_ply = 2 * total - 1;
            }
        }
        if s.counting_limit == 0 || (captured_or_promoted && pieces_of(s, side) == 1) {
            let limit = count_limit(s, t, r, side);
            if limit != 0 {
                s.counting_limit = 2 * limit;
                s.counting_ply = if rule == CountingRule::Asean || pieces_of(s, side) > 1 {
                    0
                } else {
                    2 * total
                };
            }
        }
    }

    /// Has a running count passed its limit? The side to move may then claim
    /// a draw (Fairy-Stockfish's `is_optional_game_end` with no count given
    /// from outside). Whether it is mated is the caller's to test.
    pub(crate) fn counting_expired(&self) -> bool {
        self.counting_limit != 0 && self.counting_ply > self.counting_limit
    }
}

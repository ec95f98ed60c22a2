//! Enclosing drops and flips, as Fairy-Stockfish plays them (`enclosingDrop`,
//! `enclosingDropStart`, `flipEnclosedPieces`, `adjudicateFullBoard`; its
//! `position.h` and `position.cpp`), for its built-ins of the Reversi family
//! (`flipersi`, `flipello`, `flipello10`) and Ataxx (`ataxx`):
//!
//! - **Reversi**: a drop must enclose enemy pieces in a line (a queen's line:
//!   one or more enemy pieces in a row, then a piece of its own), and every
//!   enemy piece so enclosed turns to the dropper's colour. While a square of
//!   the start region (`enclosingDropStart`, the four centre squares) is empty,
//!   drops go there, enclosing nothing;
//! - **Ataxx**: a drop (the "copy" move: pieces in hand never run out,
//!   `freeDrops`) lands next to a piece of its own, and any move turns the
//!   enemy pieces next to the square it lands on. The "jump" is the piece's own
//!   move (`mDmNmA`);
//! - a full board ends the game (`adjudicateFullBoard`), counted by material
//!   (`materialCounting = unweighted`, [`super::palace`]'s counting) where the
//!   variant counts.
//!
//! A side with no move passes (`passOnStalemate`, [`super::ends`]) or, without
//! that, is stalemated and loses by having fewer pieces (`stalematePieceCount`);
//! two passes in a row end the game as in Janggi ([`super::palace`]).
//!
//! ```
//! use kibitz::variant::{Variant, VariantPosition};
//! let v = Variant::builtin("flipello")?;
//! let mut pos = VariantPosition::startpos(&v);
//! assert_eq!(pos.legal_moves().len(), 4);
//! pos.play_uci("P@d6")?; // encloses d5 between d6 and d4: it turns
//! assert!(pos.fen().starts_with("8/8/3P4/3PP3/3Pp3/8/8/8"));
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```

use super::VariantError;
use super::board::{Sq, WideBitboard};
use super::regions::parse_region;
use super::rules::{EnclosingRule, GameValue, MaterialCounting, Rules, piece};
use super::state::{State, color_of, type_of};
use super::tables::Tables;

/// The eight king steps `(file, rank)`: the lines of Reversi.
const STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// Fairy-Stockfish's built-ins `ataxx`, `flipersi`, `flipello` and
/// `flipello10`, built on orthodox chess `r`; false for another name.
pub(crate) fn builtin_rules(name: &str, r: &mut Rules) -> Result<bool, VariantError> {
    let (side, start, centre) = match name {
        "ataxx" => (7, "P5p/7/7/7/7/7/p5P w 0 1".to_string(), None),
        "flipersi" => (
            8,
            format!("8/8/8/8/8/8/8/8[{}] w 0 1", hand(32)),
            Some("d4 e4 d5 e5"),
        ),
        "flipello" => (
            8,
            format!("8/8/8/3pP3/3Pp3/8/8/8[{}] w 0 1", hand(60)),
            Some("d4 e4 d5 e5"),
        ),
        "flipello10" => (
            10,
            format!("10/10/10/10/4pP4/4Pp4/10/10/10/10[{}] w - - 0 1", hand(96)),
            Some("e5 f5 e6 f6"),
        ),
        _ => return Ok(false),
    };
    r.resize(side, side)?;
    r.drops.enabled = true;
    r.stalemate = GameValue::Loss;
    r.ends.stalemate_piece_count = true;
    r.palace.material_counting = MaterialCounting::Unweighted;
    r.enclosing.full_board_ends = true;
    if name == "ataxx" {
        // The man jumps two squares away (`mDmNmA`) or copies itself by a drop.
        r.only_pieces(vec![piece('P', "customPiece1", "mDmNmA")]);
        r.drops.free_drops = true;
        r.enclosing.drop = EnclosingRule::Ataxx;
        r.enclosing.flip = EnclosingRule::Ataxx;
        r.ends.n_move_rule = 0;
    } else {
        r.only_pieces(vec![piece('P', "immobile", "")]);
        r.enclosing.drop = EnclosingRule::Reversi;
        r.enclosing.flip = EnclosingRule::Reversi;
    }
    // Flipersi has no pass: a side without a drop is stalemated.
    r.ends.pass_on_stalemate = [name != "flipersi"; 2];
    if let Some(squares) = centre {
        r.enclosing.drop_start = parse_region(r.size, squares).map_err(VariantError::Definition)?;
    }
    r.start_fen = start;
    Ok(true)
}

/// `n` white men then `n` black men: a Reversi hand.
fn hand(n: usize) -> String {
    format!("{}{}", "P".repeat(n), "p".repeat(n))
}

/// The `variants.ini` keys of this module (Fairy-Stockfish's names): `Ok(true)`
/// when `key` is one of them and was applied, `Ok(false)` when it is not one.
pub(crate) fn apply_key(rules: &mut Rules, key: &str, value: &str) -> Result<bool, String> {
    let rule = || match value {
        "none" => Ok(EnclosingRule::None),
        "reversi" => Ok(EnclosingRule::Reversi),
        "ataxx" => Ok(EnclosingRule::Ataxx),
        "top" => Ok(EnclosingRule::Top),
        "anyside" => Ok(EnclosingRule::Anyside),
        "quadwrangle" | "snort" => Err(format!("enclosing rule `{value}` is not supported")),
        _ => Err(format!("`{value}` is not an enclosing rule")),
    };
    let e = &mut rules.enclosing;
    match key {
        "enclosingDrop" => e.drop = rule()?,
        "flipEnclosedPieces" => {
            e.flip = match rule()? {
                // Fairy-Stockfish turns nothing for these (they say where a
                // drop lands): refused rather than guessed.
                EnclosingRule::Top | EnclosingRule::Anyside => {
                    return Err(format!("`{value}` is a rule for drops, not for flips"));
                }
                flip => flip,
            }
        }
        "enclosingDropStart" => e.drop_start = parse_region(rules.size, value)?,
        "adjudicateFullBoard" => e.full_board_ends = super::ini_values::boolean(value)?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// The name of an enclosing rule as `variants.ini` writes it.
pub(crate) fn rule_name(rule: EnclosingRule) -> &'static str {
    match rule {
        EnclosingRule::None => "none",
        EnclosingRule::Reversi => "reversi",
        EnclosingRule::Ataxx => "ataxx",
        EnclosingRule::Top => "top",
        EnclosingRule::Anyside => "anyside",
    }
}

impl State {
    /// The squares of `targets` (empty squares) where the enclosing rule lets
    /// the side to move drop: the empty start squares while there are any,
    /// else those that enclose (Reversi) or touch (Ataxx) as the rule says.
    pub(crate) fn enclosing_drops(
        &self,
        t: &Tables,
        r: &Rules,
        targets: WideBitboard,
    ) -> WideBitboard {
        let e = &r.enclosing;
        if e.drop == EnclosingRule::None {
            return targets;
        }
        let occupied = self.occ[0] | self.occ[1];
        let open_start = e.drop_start & !occupied;
        if !open_start.is_empty() {
            return targets & open_start;
        }
        match e.drop {
            EnclosingRule::Top => return targets & self.on_top(t),
            EnclosingRule::Anyside => return targets & self.slid_in(r),
            _ => {}
        }
        let us = self.turn;
        let mut out = WideBitboard::EMPTY;
        for sq in targets.iter() {
            let allowed = match e.drop {
                EnclosingRule::Reversi => STEPS
                    .iter()
                    .any(|&step| !self.enclosed(t, sq, step, us).is_empty()),
                _ => self.touches(t, sq, self.occ[us]),
            };
            if allowed {
                out.insert(sq);
            }
        }
        out
    }

    /// After a move of colour `us` (not a pass) that landed on `to`: the enemy
    /// pieces the flipping rule encloses turn to `us`, keeping their type.
    pub(crate) fn flip_enclosed(&mut self, t: &Tables, r: &Rules, to: Sq, us: usize) {
        let mut flipped = WideBitboard::EMPTY;
        match r.enclosing.flip {
            EnclosingRule::None | EnclosingRule::Top | EnclosingRule::Anyside => return,
            EnclosingRule::Reversi => {
                for step in STEPS {
                    flipped |= self.enclosed(t, to, step, us);
                }
            }
            EnclosingRule::Ataxx => flipped = t.adjacent[usize::from(to)] & self.occ[us ^ 1],
        }
        for sq in flipped.iter() {
            let p = self.board[usize::from(sq)];
            debug_assert!(p != 0 && color_of(p) != us);
            self.remove(t, sq);
            self.put(t, sq, us, type_of(p));
        }
    }

    /// The enemy pieces of `us` in a row from `from` (not included) along
    /// `step`, where a piece of `us` ends the row; empty where the row ends
    /// otherwise (an empty square, a wall, the edge) or has no enemy piece.
    fn enclosed(&self, t: &Tables, from: Sq, step: (i32, i32), us: usize) -> WideBitboard {
        let mut row = WideBitboard::EMPTY;
        let mut sq = from;
        while let Some(next) = t.offset(sq, step.0, step.1) {
            if self.occ[us ^ 1].contains(next) {
                row.insert(next);
                sq = next;
                continue;
            }
            if self.occ[us].contains(next) {
                return row;
            }
            break;
        }
        WideBitboard::EMPTY
    }

    /// Connect Four's drop squares (`top`): the empty squares of the first
    /// rank and those right above a piece.
    fn on_top(&self, t: &Tables) -> WideBitboard {
        let occupied = self.occ[0] | self.occ[1];
        let mut out = WideBitboard::EMPTY;
        for sq in 0..t.squares as Sq {
            let below = t.offset(sq, 0, -1);
            if !occupied.contains(sq) && below.is_none_or(|b| occupied.contains(b)) {
                out.insert(sq);
            }
        }
        out
    }

    /// The drop squares of Connect Four from any side (`anyside`): from each
    /// edge whose end square of a line is empty, the line's first empty square
    /// counted from rank 1 or file a (the lowest) that has a piece or the far
    /// edge behind it, as Fairy-Stockfish takes them. From the left and from
    /// below that is where a piece slid in stops; from the right and from
    /// above, Fairy-Stockfish takes the lowest such square too, not the one
    /// nearest the edge, and so does kibitz.
    fn slid_in(&self, r: &Rules) -> WideBitboard {
        let occupied = self.occ[0] | self.occ[1];
        let (files, ranks) = (i32::from(r.size.files()), i32::from(r.size.ranks()));
        let sq = |f: i32, rank: i32| r.size.square_index(f, rank);
        let empty = |s: Option<Sq>| s.is_some_and(|s| !occupied.contains(s));
        let mut out = WideBitboard::EMPTY;
        // Each edge: the lines across it, (line, i) -> square, and the step
        // toward the square that must be filled (or off the board).
        let edges: [(i32, i32, (i32, i32), bool); 4] = [
            // From file a along each rank: stops before a piece or at the last file.
            (ranks, files, (1, 0), false),
            // From rank 1 up each file.
            (files, ranks, (0, 1), true),
            // From the last rank down each file.
            (files, ranks, (0, -1), true),
            // From the last file along each rank.
            (ranks, files, (-1, 0), false),
        ];
        for (lines, len, behind, by_file) in edges {
            for line in 0..lines {
                let at = |i: i32| if by_file { sq(line, i) } else { sq(i, line) };
                // The line's end square on this edge must be empty.
                let entry = if behind.0 + behind.1 > 0 {
                    at(0)
                } else {
                    at(len - 1)
                };
                if !empty(entry) {
                    continue;
                }
                let stop = (0..len).find(|&i| {
                    let here = at(i);
                    let next = if by_file {
                        sq(line, i + behind.1)
                    } else {
                        sq(i + behind.0, line)
                    };
                    empty(here) && next.is_none_or(|n| occupied.contains(n))
                });
                if let Some(s) = stop.and_then(at) {
                    out.insert(s);
                }
            }
        }
        out
    }

    /// Has the board no empty square left (walls count as filled)?
    pub(crate) fn board_full(&self, t: &Tables) -> bool {
        let filled = self.occ[0] | self.occ[1] | self.walls;
        filled.count() as usize >= t.squares
    }
}

//! Insufficient material as Fairy-Stockfish's `has_insufficient_material`
//! judges it for one side: which of its pieces could still help to mate, by
//! the class Fairy-Stockfish gives each piece type (major, colour-bound, or
//! neither) and by whether the piece can reach the region of the enemy king.
//!
//! Fairy-Stockfish classes its own piece types; kibitz's pieces carry those
//! types' names (`archbishop`, `fers`, `customPiece1`), so the class is read
//! from the name. A piece Fairy-Stockfish would class by a type kibitz cannot
//! name is left out of nothing: every name not listed is "neither", as
//! Fairy-Stockfish's other types are.

use super::board::WideBitboard;
use super::position::VariantPosition;
use super::replay::Unjudged;
use super::rules::{GameValue, PieceKind};
use super::state::type_of;
use crate::Color;

/// Fairy-Stockfish's `MAJOR_PIECES`: enough to mate with the king's help.
const MAJOR: &[&str] = &[
    "rook",
    "queen",
    "archbishop",
    "chancellor",
    "silver",
    // Makruk's khon is Fairy-Stockfish's silver (`KHON = SILVER`).
    "khon",
    "gold",
    "commoner",
    "centaur",
    "amazon",
    "bers",
];

/// Fairy-Stockfish's `COLORBOUND_PIECES` (the xiangqi elephant `nA` and
/// shako's `FA` are both its colour-bound types; makruk's met is its fers,
/// `MET = FERS`).
const COLOR_BOUND: &[&str] = &["bishop", "fers", "met", "fers_alfil", "alfil", "elephant"];

impl VariantPosition {
    /// Can `color` no longer win by material (Fairy-Stockfish's
    /// `has_insufficient_material`)? A variant whose royal piece is not a plain
    /// king and whose stalemate is not a draw is [`Unjudged`].
    ///
    /// ```
    /// use kibitz::Color;
    /// use kibitz::variant::{Variant, VariantPosition};
    /// let v = Variant::builtin("chess")?;
    /// let kb = VariantPosition::from_fen(&v, "7k/8/8/8/8/8/8/KB6 w - - 0 1")?;
    /// assert_eq!(kb.insufficient_material(Color::White), Ok(true));
    /// let kr = VariantPosition::from_fen(&v, "7k/8/8/8/8/8/8/KR6 w - - 0 1")?;
    /// assert_eq!(kr.insufficient_material(Color::White), Ok(false));
    /// # Ok::<(), kibitz::variant::VariantError>(())
    /// ```
    pub fn insufficient_material(&self, color: Color) -> Result<bool, Unjudged> {
        let v = self.variant();
        let (r, t) = (&v.rules, &v.tables);
        let s = &self.state;
        let c = usize::from(color == Color::Black);
        let e = &r.ends;
        if r.drops.captures_to_hand
            || s.holdings[c].iter().any(|&n| n > 0)
            || (e.extinction_value.is_some() && !e.extinction_pseudo_royal)
            || (0..t.types).any(|ty| e.flag_types[c] >> ty & 1 != 0 && s.counts[c][ty] > 0)
        {
            return Ok(false);
        }
        let pawn_types: Vec<usize> = (0..t.types)
            .filter(|&ty| r.pieces[ty].kind == PieceKind::Pawn)
            .collect();
        let promoting_pawn =
            !r.promotion_choices(c).is_empty() && pawn_types.iter().any(|&ty| s.counts[c][ty] > 0);
        let region = |ty: usize, side: usize| {
            r.regions
                .region(&r.pieces[ty].name, side)
                .copied()
                .unwrap_or(!WideBitboard::EMPTY)
        };
        let king_type = (0..t.types).find(|&ty| r.pieces[ty].kind == PieceKind::King);
        let mut restricted = WideBitboard::EMPTY;
        let mut color_bound = WideBitboard::EMPTY;
        let of_type = |side: Option<usize>, ty: usize| {
            let mut out = WideBitboard::EMPTY;
            for side in side.map_or(0..2, |s| s..s + 1) {
                for sq in s.occ[side].iter() {
                    if type_of(s.board[usize::from(sq)]) == ty {
                        out.insert(sq);
                    }
                }
            }
            out
        };
        for ty in 0..t.types {
            let def = &r.pieces[ty];
            let name = def.name.as_str();
            let enemy_king_region = king_type.map_or(!WideBitboard::EMPTY, |k| region(k, c ^ 1));
            let reaches = !(region(ty, c) & enemy_king_region).is_empty();
            let blast_royal = e.extinction_pseudo_royal
                && e.blast_on_capture
                && (e.extinction_types >> ty & 1 != 0);
            if def.kind == PieceKind::King || !reaches || blast_royal {
                restricted |= of_type(
                    if def.kind == PieceKind::King {
                        None
                    } else {
                        Some(c)
                    },
                    ty,
                );
            } else if MAJOR.contains(&name) || name.starts_with("customPiece") {
                if s.counts[c][ty] > 0 {
                    return Ok(false);
                }
                if promoting_pawn && r.promotion_choices(c).contains(&(ty as u8)) {
                    return Ok(false);
                }
            } else if COLOR_BOUND.contains(&name) {
                color_bound |= of_type(None, ty);
            }
        }
        let all = s.occ[0] | s.occ[1];
        let unbound = all & !(restricted | color_bound);
        let ours = s.occ[c];
        // Makpong's defence also helps a lone piece to mate.
        let hard = r.stalemate != GameValue::Draw || e.check_counting || r.regions.makpong;
        let files = u32::from(r.size.files());
        let dark = |sq: u16| (u32::from(sq) % files + u32::from(sq) / files) % 2 == 0;
        let on_dark = color_bound.iter().any(dark);
        let on_light = color_bound.iter().any(|sq| !dark(sq));
        if !(color_bound & ours).is_empty()
            && ((on_dark && on_light) || !unbound.is_empty() || hard)
        {
            return Ok(false);
        }
        if !(ours & unbound).is_empty() && ((all & !restricted).count() >= 2 || hard) {
            return Ok(false);
        }
        if r.stalemate != GameValue::Draw && king_type.is_some_and(|k| r.pieces[k].betza != "K") {
            return Err(Unjudged(
                "insufficient material with a royal piece that is not a king".into(),
            ));
        }
        Ok(true)
    }
}

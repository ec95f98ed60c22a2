//! Musketeer Chess from its first move: piece selection and placement as moves,
//! as the published rules (Zied Haddad, 2011) and the perft tables'
//! repository (fsmosca/musketeer-chess) describe them.
//!
//! - **Selection.** White selects one of the musketeer piece types, then Black
//!   selects another; both sides then have both types. The move is written as
//!   the piece's name (`leopard`, `cannon`).
//! - **Placement.** Each side places the first selected type over a file of its
//!   gating row (White first), then the second: `L@b0`, `L@g9`, `C@d0`, `C@f9`
//!   (row 0 is White's gating row, the row above the last rank Black's). One
//!   piece over the king's file and the other over a rook's is refused (the two
//!   would enter together when castling).
//!
//! In the FEN the pieces selected and not yet placed follow the White gating
//! row in brackets, White's then Black's, each side's in the order selected:
//! `********/rnbqkbnr/…/RNBQKBNR/********[] w KQkq - 0 1` before the first
//! selection, `…/********[Ll] b …` after White's, `…/********[LClc] w …` once
//! both have selected, `…/*L******[Clc] b …` after White's first placement. A
//! FEN without brackets is a game already under way.

use super::VariantError;
use super::board::NO_SQ;
use super::error::quote;
use super::moves::{MoveKind, NO_TYPE, VariantMove};
use super::rules::{PieceKind, Rules};
use super::state::State;

/// The pieces each side has selected and not yet placed, in the order selected
/// (the first selected is placed first); [`NO_TYPE`] for an empty slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Pregame {
    hand: [[u8; 2]; 2],
}

/// What the side to move does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Select a type (White's selection when nothing is selected, else Black's).
    Select,
    /// Place the first piece of the hand.
    Place,
}

/// The types a side may select: the variant's pieces that are neither pawn, king
/// nor an orthodox promotion choice (the ten musketeer pieces).
fn candidates(r: &Rules) -> impl Iterator<Item = u8> + '_ {
    (0..r.pieces.len() as u8).filter(|&t| {
        r.pieces[usize::from(t)].kind == PieceKind::Other && !r.promotion_types.contains(&t)
    })
}

/// The types over the files of colour `c`'s gating row.
fn placed(r: &Rules, state: &State, c: usize) -> Vec<u8> {
    (0..usize::from(r.size.files()))
        .filter(|&f| state.gates[c] >> f & 1 != 0 && state.musketeer[c][f] != NO_TYPE)
        .map(|f| state.musketeer[c][f])
        .collect()
}

/// Would a piece over `file` break the king/rook rule with colour `c`'s pieces already placed?
fn breaks_rule(r: &Rules, state: &State, c: usize, file: u8) -> bool {
    let Some(k) = r.castling else { return false };
    let rook = |f: u8| f == k.rook_kingside_file || f == k.rook_queenside_file;
    (0..r.size.files()).any(|f| {
        state.gates[c] >> f & 1 != 0
            && state.musketeer[c][usize::from(f)] != NO_TYPE
            && ((f == k.king_file && rook(file)) || (rook(f) && file == k.king_file))
    })
}

impl Pregame {
    fn len(&self, c: usize) -> usize {
        self.hand[c].iter().filter(|&&t| t != NO_TYPE).count()
    }

    fn phase(&self, r: &Rules, state: &State) -> Phase {
        if self.len(0) + placed(r, state, 0).len() < 2 {
            Phase::Select
        } else {
            Phase::Place
        }
    }

    /// Reads the bracket's text (without the brackets) against the board already
    /// read; `None` when every selected piece is placed (the game is under way).
    pub fn parse(r: &Rules, state: &State, text: &str) -> Result<Option<Pregame>, VariantError> {
        let bad = |why: &str| VariantError::Fen {
            what: format!("musketeer hand `[{}]`: {why}", quote(text)),
        };
        let mut hand = [[NO_TYPE; 2]; 2];
        for ch in text.chars() {
            let t = r
                .type_of_letter(ch)
                .filter(|_| ch.is_ascii_alphabetic())
                .filter(|t| candidates(r).any(|c| c == *t))
                .ok_or_else(|| bad(&format!("`{ch}` is not a musketeer piece")))?;
            let c = usize::from(ch.is_ascii_lowercase());
            let Some(slot) = hand[c].iter().position(|&h| h == NO_TYPE) else {
                return Err(bad("more than two pieces for one side"));
            };
            if hand[c].contains(&t) {
                return Err(bad(&format!("`{ch}` twice")));
            }
            hand[c][slot] = t;
        }
        let pg = Pregame { hand };
        let mut all = [Vec::new(), Vec::new()];
        for (c, list) in all.iter_mut().enumerate() {
            *list = placed(r, state, c);
            list.extend(hand[c].iter().copied().filter(|&t| t != NO_TYPE));
            if list.len() > 2 || (list.len() == 2 && list[0] == list[1]) {
                return Err(bad("each side has two different selected pieces"));
            }
            list.sort_unstable();
        }
        if all[0] != all[1] {
            return Err(bad("both sides must have the same selected pieces"));
        }
        let turn = state.turn;
        let (w, b) = (pg.len(0), pg.len(1));
        match all[0].len() {
            0 if turn == 0 => Ok(Some(pg)),
            0 => Err(bad("White selects first")),
            1 if turn == 1 && w == 1 && b == 1 => Ok(Some(pg)),
            1 => Err(bad(
                "after White's selection Black selects, before any placement",
            )),
            _ if w == 0 && b == 0 => Ok(None),
            _ => {
                let in_turn = (turn == 0 && w == b) || (turn == 1 && b == w + 1);
                if !in_turn {
                    return Err(bad("White places first, then the sides take turns"));
                }
                // Both sides place the first selected piece first.
                let consistent = match (w, b) {
                    (2, 2) => hand[0] == hand[1],
                    (1, 2) => hand[1][1] == hand[0][0],
                    _ => true,
                };
                if !consistent {
                    return Err(bad("both sides place the pieces in the order selected"));
                }
                Ok(Some(pg))
            }
        }
    }

    /// The bracket as the FEN writes it: `[LClc]`.
    pub fn write(&self, r: &Rules) -> String {
        let mut out = String::from("[");
        for c in 0..2 {
            for &t in self.hand[c].iter().filter(|&&t| t != NO_TYPE) {
                let l = r.pieces[usize::from(t)].letter;
                out.push(if c == 0 { l } else { l.to_ascii_lowercase() });
            }
        }
        out.push(']');
        out
    }

    /// The legal selections or placements.
    pub fn moves(&self, r: &Rules, state: &State) -> Vec<VariantMove> {
        let us = state.turn;
        let mut out = Vec::new();
        match self.phase(r, state) {
            Phase::Select => {
                for t in candidates(r).filter(|t| !self.hand[0].contains(t)) {
                    let mut mv = VariantMove::new(NO_SQ, NO_SQ, MoveKind::Select);
                    mv.gate = t;
                    out.push(mv);
                }
            }
            Phase::Place => {
                let t = self.hand[us][0];
                for f in 0..r.size.files() {
                    let free = state.gates[us] >> f & 1 == 0
                        || state.musketeer[us][usize::from(f)] == NO_TYPE;
                    if free && !breaks_rule(r, state, us, f) {
                        let mut mv = VariantMove::new(NO_SQ, NO_SQ, MoveKind::Place);
                        mv.gate = t;
                        mv.gate_sq = u16::from(f);
                        out.push(mv);
                    }
                }
            }
        }
        out
    }

    /// The placement written `text` (`A@e0`) when it is one but breaks the
    /// king/rook rule: the error naming the rule.
    pub fn diagnose(&self, r: &Rules, state: &State, text: &str) -> Option<VariantError> {
        let us = state.turn;
        if self.phase(r, state) != Phase::Place {
            return None;
        }
        let (letter, square) = text.split_once('@')?;
        let t = r.type_of_letter(letter.chars().next()?)?;
        let file = square.bytes().next()?.checked_sub(b'a')?;
        let row = if us == 0 {
            "0".to_string()
        } else {
            (u32::from(r.size.ranks()) + 1).to_string()
        };
        let ok = letter.len() == 1
            && t == self.hand[us][0]
            && file < r.size.files()
            && square.get(1..) == Some(row.as_str())
            && breaks_rule(r, state, us, file);
        ok.then_some(VariantError::MusketeerPlacement {
            side: if us == 0 { "white" } else { "black" },
        })
    }

    /// Plays a selection or placement; the new pregame, `None` once every piece is placed.
    pub fn play(mut self, r: &Rules, state: &mut State, mv: &VariantMove) -> Option<Pregame> {
        let us = state.turn;
        match mv.kind {
            MoveKind::Select => {
                let slot = self.len(0);
                if slot < 2 {
                    self.hand[0][slot] = mv.gate;
                    self.hand[1][slot] = mv.gate;
                }
            }
            _ => {
                let f = usize::from(mv.gate_sq);
                state.musketeer[us][f] = mv.gate;
                state.gates[us] |= 1 << f;
                self.hand[us] = [self.hand[us][1], NO_TYPE];
                state.derive_chosen(r);
            }
        }
        if us == 1 {
            state.fullmove = state.fullmove.saturating_add(1);
        }
        state.turn = us ^ 1;
        (self.len(0) + self.len(1) > 0 || placed(r, state, 0).is_empty()).then_some(self)
    }

    /// The UCI (and SAN) of a selection or placement: the piece's name, or
    /// `L@b0` (the letter in upper case for both sides, the gating row 0 for White
    /// and the row above the last rank for Black).
    pub fn notation(r: &Rules, state: &State, mv: &VariantMove) -> String {
        let def = &r.pieces[usize::from(mv.gate)];
        if mv.kind == MoveKind::Select {
            return def.name.clone();
        }
        let row = if state.turn == 0 {
            0
        } else {
            u32::from(r.size.ranks()) + 1
        };
        format!(
            "{}@{}{row}",
            def.letter,
            char::from(b'a' + mv.gate_sq as u8)
        )
    }
}

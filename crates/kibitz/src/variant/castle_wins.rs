//! Castling as the goal (Fairy-Stockfish's `castlingWins`, its Castle chess):
//! a side that castles on a side the variant names wins, and a side that loses
//! every such right (its king or rook moved, its rook taken) loses. The
//! rights are FEN letters: `K` and `Q` White's kingside and queenside, `k`
//! and `q` Black's.
//!
//! Only the move just played tells that a side has castled: in a position
//! read from a FEN, the right is gone and the castled side has lost, as in
//! Fairy-Stockfish. The opponent's rights are looked at first, so a capture
//! that takes both sides' last rights is a win for the side that made it.
//!
//! ```
//! use kibitz::variant::{ini::VariantsIni, GameValue, VariantOutcome, VariantPosition};
//! let text = "[castle:chess]\ncastlingWins = q\n";
//! let castle = VariantsIni::read(text)?.find("castle")?;
//! let mut pos = VariantPosition::startpos(&castle);
//! pos.play_uci("e2e4")?;
//! pos.play_uci("a7a6")?;
//! pos.play_uci("d1h5")?;
//! pos.play_uci("a8a7")?; // Black's queenside rook moves: its right is gone
//! assert_eq!(pos.outcome(), Some(VariantOutcome::Castled(GameValue::Win)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::rules::{GameValue, Rules};
use super::state::State;

/// The `variants.ini` key of this module: `Ok(true)` when `key` is it and was
/// applied, `Ok(false)` when it is not.
pub(crate) fn apply_key(rules: &mut Rules, key: &str, value: &str) -> Result<bool, String> {
    if key != "castlingWins" {
        return Ok(false);
    }
    let mut rights = 0u8;
    for ch in value.chars().filter(|c| !c.is_whitespace()) {
        if ch == '-' {
            break;
        }
        rights |= match ch {
            'K' => 1,
            'Q' => 2,
            'k' => 4,
            'q' => 8,
            _ => {
                return Err(format!(
                    "`{value}` is not castling rights (K, Q, k, q or -)"
                ));
            }
        };
    }
    rules.castling_wins = rights;
    Ok(true)
}

impl State {
    /// The end by the castling goal, the side to move's value: the side that
    /// has just castled on a winning side won; else a side without any of its
    /// winning rights lost (the opponent looked at first).
    pub(crate) fn castling_goal(&self, r: &Rules) -> Option<GameValue> {
        let wins = r.castling_wins;
        if wins == 0 {
            return None;
        }
        if self.castled & wins != 0 {
            return Some(GameValue::Loss);
        }
        let us = self.turn;
        for c in [us ^ 1, us] {
            let goal = wins & (0b11 << (2 * c));
            if goal != 0 && self.castling & goal == 0 {
                return Some(if c == us {
                    GameValue::Loss
                } else {
                    GameValue::Win
                });
            }
        }
        None
    }
}

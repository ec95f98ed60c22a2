//! Set play: the defending side's moves in the diagram as if it moved first, and
//! the answers that then fulfil the stipulation's remaining moves.

use super::Genre;
use super::answer::SetPlay;
use super::rest::Rest;
use crate::board::Board;

/// The set play of `#n` or `s#n` in `pos`: with the turn passed to the defending
/// side, each of its moves that has an answer fulfilling the rest within
/// n − 1 moves (one move for n = 1), with every such answer. Empty when the turn
/// cannot be passed (the side to move is in check).
pub(crate) fn set_play<B: Board>(
    rest: &mut Rest<'_, B>,
    pos: &B,
    genre: Genre,
    n: u32,
) -> Vec<SetPlay<B::Move>> {
    let Some(passed) = pos.pass() else {
        return Vec::new();
    };
    let k = n.saturating_sub(1).max(1);
    let mut out = Vec::new();
    for &defence in passed.legal_moves().iter() {
        let answers = rest.answers(&passed.after(defence), genre, k);
        if rest.aborted() {
            break;
        }
        if !answers.is_empty() {
            out.push(SetPlay { defence, answers });
        }
    }
    out
}

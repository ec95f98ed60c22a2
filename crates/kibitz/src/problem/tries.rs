//! Tries: first moves that fail to at least one and at most a few defences, each
//! with the defences that refute it.

use super::Genre;
use super::answer::ProblemTry;
use super::rest::Rest;
use crate::board::Board;

/// The tries of `#n` or `s#n` in `pos` (the side of the stipulation to move):
/// every first move, not among `keys`, after which between 1 and
/// `max_refutations` defences leave the rest unfulfilled within n − 1. A move
/// after which the defending side has no move (mate or stalemate) is no try.
pub(crate) fn tries<B: Board>(
    rest: &mut Rest<'_, B>,
    pos: &B,
    genre: Genre,
    n: u32,
    keys: &[B::Move],
    max_refutations: u32,
) -> Vec<ProblemTry<B::Move>> {
    let mut out = Vec::new();
    let max = max_refutations.max(1) as usize;
    for &mv in pos.legal_moves().iter() {
        if keys.contains(&mv) {
            continue;
        }
        let child = pos.after(mv);
        let defences = child.legal_moves();
        if defences.is_empty() {
            continue;
        }
        let mut refutations = Vec::new();
        for &d in defences.iter() {
            if !rest.fulfilled(&child.after(d), genre, n - 1) {
                refutations.push(d);
                if refutations.len() > max {
                    break;
                }
            }
            if rest.aborted() {
                return out;
            }
        }
        if (1..=max).contains(&refutations.len()) {
            out.push(ProblemTry { mv, refutations });
        }
    }
    out
}

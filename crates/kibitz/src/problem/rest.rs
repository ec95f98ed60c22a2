//! "Is the rest of the stipulation fulfilled from here?", asked by the tries and
//! the set play after a defence: the prover's battle search ([`Searcher`]) with
//! the direct mate's goal for `#k`, the selfmate's for `s#k`, each on one table
//! for the whole job.

use super::Genre;
use crate::board::Board;
use crate::limits::Limits;
use crate::prover::{DirectMate, Horizon, Searcher, SelfMate};

/// Answers the rest of a `#n` or `s#n` for the side of the stipulation to move.
pub(crate) struct Rest<'l, B: Board> {
    mate: Searcher<'l, B, DirectMate>,
    selfmate: Searcher<'l, B, SelfMate>,
}

impl<'l, B: Board> Rest<'l, B> {
    pub fn new(limits: &'l Limits, hash_mb: usize) -> Rest<'l, B> {
        Rest {
            mate: Searcher::new(hash_mb, limits, Horizon::default()),
            selfmate: Searcher::new(hash_mb, limits, Horizon::default()),
        }
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.mate.nodes + self.selfmate.nodes
    }

    /// Has a limit struck?
    pub fn aborted(&self) -> bool {
        self.mate.aborted || self.selfmate.aborted
    }

    /// After a defence, with the side of the stipulation to move: is `genre`
    /// fulfilled within `k` of its moves? (A defence that mated it ends a direct
    /// mate and fulfils a selfmate.)
    pub fn fulfilled(&mut self, pos: &B, genre: Genre, k: u32) -> bool {
        match genre {
            Genre::Selfmate => pos.is_checkmate() || (k > 0 && self.selfmate.attacker(pos, k, 0)),
            _ => k > 0 && self.mate.attacker(pos, k, 0),
        }
    }

    /// The moves of the side to move that fulfil `genre` within `k` moves, this
    /// one included.
    pub fn answers(&mut self, pos: &B, genre: Genre, k: u32) -> Vec<B::Move> {
        match genre {
            Genre::Direct | Genre::Help if k == 1 => {
                self.mate.tick();
                pos.mates_in_one()
            }
            Genre::Direct | Genre::Help => pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|&mv| self.mate.defender(&pos.after(mv), k - 1, 1))
                .collect(),
            Genre::Selfmate => pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|&mv| self.selfmate.defender(&pos.after(mv), k - 1, 1))
                .collect(),
            // Only `#n` and `s#n` have tries and set play.
            _ => Vec::new(),
        }
    }
}

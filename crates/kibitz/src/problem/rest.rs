//! "Is the rest of the stipulation fulfilled from here?", asked by the tries and
//! the set play after a defence: `#k` by the board's own prover, `s#k` by the
//! selfmate search.

use super::selfmate::{Selfmate, is_mate};
use super::{Genre, ProblemBoard};

/// Answers the rest of a `#n` or `s#n` for the side of the stipulation to move.
pub(crate) struct Rest<'l> {
    /// The selfmate search, whose budget counts every node of the job.
    pub search: Selfmate<'l>,
    hash_mb: usize,
}

impl<'l> Rest<'l> {
    pub fn new(search: Selfmate<'l>, hash_mb: usize) -> Rest<'l> {
        Rest { search, hash_mb }
    }

    /// After a defence, with the side of the stipulation to move: is `genre`
    /// fulfilled within `k` of its moves? (A defence that mated it ends a direct
    /// mate and fulfils a selfmate.)
    pub fn fulfilled<B: ProblemBoard>(&mut self, pos: &B, genre: Genre, k: u32) -> bool {
        match genre {
            Genre::Selfmate => is_mate(pos) || self.search.attacker(pos, k),
            Genre::Direct | Genre::Help => match k {
                0 => false,
                1 => {
                    self.search.budget.tick();
                    pos.has_mating_move()
                }
                _ => {
                    let limits = self.search.budget.remaining();
                    let answer = pos.direct_mate(k, false, false, &limits, self.hash_mb);
                    self.search.budget.absorb(answer.nodes, answer.proven);
                    answer.length.is_some()
                }
            },
        }
    }

    /// The moves of the side to move that fulfil `genre` within `k` moves, this
    /// one included.
    pub fn answers<B: ProblemBoard>(&mut self, pos: &B, genre: Genre, k: u32) -> Vec<B::Move> {
        match genre {
            Genre::Direct | Genre::Help if k == 1 => {
                self.search.budget.tick();
                pos.mating_moves()
            }
            Genre::Direct | Genre::Help => {
                let limits = self.search.budget.remaining();
                let answer = pos.direct_mate(k, true, false, &limits, self.hash_mb);
                self.search.budget.absorb(answer.nodes, answer.proven);
                answer.keys.into_iter().map(|(mv, _)| mv).collect()
            }
            Genre::Selfmate => pos
                .moves()
                .iter()
                .copied()
                .filter(|&mv| self.search.defender(&pos.child(mv), k))
                .collect(),
        }
    }
}

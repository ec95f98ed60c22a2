//! The direct mate `#n` on a fairy board: depth-first with iterative deepening,
//! a transposition table and the mate-in-one test at the last move. The orthodox
//! board uses the existing prover instead ([`crate::mate::solve`]); this search
//! is for the boards that prover does not know.

use super::ProblemBoard;
use super::answer::{DirectAnswer, TreeDefence, TreeNode};
use super::budget::Budget;
use super::table::Table;
use crate::limits::Limits;

/// `#n` for the side to move: see [`ProblemBoard::direct_mate`].
pub(crate) fn prove<B: ProblemBoard>(
    pos: &B,
    n: u32,
    all_keys: bool,
    tree: bool,
    limits: &Limits,
    hash_mb: usize,
) -> DirectAnswer<B::Move> {
    let mut s = Direct {
        budget: Budget::new(limits),
        table: Table::new(hash_mb),
    };
    let mut answer = DirectAnswer {
        length: None,
        proven: true,
        keys: Vec::new(),
        tree: None,
        nodes: 0,
        complete: true,
    };
    for k in 1..=n {
        if s.attacker(pos, k) {
            answer.length = Some(k);
            break;
        }
        if s.budget.aborted {
            answer.proven = false;
            break;
        }
    }
    if let Some(length) = answer.length {
        let last = if all_keys { n } else { length };
        for &mv in pos.moves().iter() {
            let child = pos.child(mv);
            if let Some(k) = (length..=last).find(|&k| s.defender(&child, k - 1)) {
                answer.keys.push((mv, k));
            }
            if s.budget.aborted {
                break;
            }
        }
        answer.keys.sort_by_key(|k| k.1);
        if tree && !s.budget.aborted {
            let nodes: Vec<_> = answer
                .keys
                .iter()
                .map(|&(mv, k)| s.tree(pos, mv, k))
                .collect();
            answer.tree = nodes.into_iter().collect();
        }
        answer.complete = !s.budget.aborted;
    }
    answer.nodes = s.budget.nodes;
    answer
}

struct Direct<'l> {
    budget: Budget<'l>,
    table: Table,
}

impl Direct<'_> {
    /// Does the side to move mate within `n` of its moves?
    fn attacker<B: ProblemBoard>(&mut self, pos: &B, n: u32) -> bool {
        if n == 0 || self.budget.tick() {
            return false;
        }
        if pos.has_mating_move() {
            return true;
        }
        if n == 1 {
            return false;
        }
        let key = pos.table_key();
        if let Some(known) = self.table.get(key, n) {
            return known;
        }
        let mut found = false;
        for &mv in pos.moves().iter() {
            if self.defender(&pos.child(mv), n - 1) {
                found = true;
                break;
            }
            if self.budget.aborted {
                return false;
            }
        }
        self.table.put(key, n, found);
        found
    }

    /// Is the side to move mated within `n` moves of the other side, whatever it
    /// plays?
    fn defender<B: ProblemBoard>(&mut self, pos: &B, n: u32) -> bool {
        let moves = pos.moves();
        if moves.is_empty() {
            return pos.in_check();
        }
        if n == 0 {
            return false;
        }
        for &mv in moves.iter() {
            if !self.attacker(&pos.child(mv), n) {
                return false;
            }
        }
        !self.budget.aborted
    }

    /// The fewest moves within `n` in which the side to move mates, if any.
    fn shortest<B: ProblemBoard>(&mut self, pos: &B, n: u32) -> Option<u32> {
        (1..=n).find(|&k| self.attacker(pos, k))
    }

    /// The tree below the attacker's `mv`, which mates within `n`.
    fn tree<B: ProblemBoard>(&mut self, pos: &B, mv: B::Move, n: u32) -> Option<TreeNode<B::Move>> {
        let child = pos.child(mv);
        let mut replies = Vec::new();
        for &d in child.moves().iter() {
            let next = child.child(d);
            let k = self.shortest(&next, n - 1)?;
            let answer = next
                .moves()
                .iter()
                .copied()
                .find(|&m| self.defender(&next.child(m), k - 1))?;
            replies.push(TreeDefence {
                mv: d,
                then: Some(self.tree(&next, answer, k)?),
            });
        }
        Some(TreeNode { mv, replies })
    }
}

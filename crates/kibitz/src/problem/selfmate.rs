//! The selfmate `s#n`: the side to move forces the other side to mate it, on the
//! other side's n-th move at the latest, whatever that side plays.
//!
//! Depth-first with iterative deepening on n and a transposition table. At a
//! node of the defending side, a reply that checkmates is the goal reached; any
//! other reply must leave a selfmate in fewer moves; with no legal reply (the
//! defending side mated or stalemated) the selfmate has failed.

use super::ProblemBoard;
use super::answer::{TreeDefence, TreeNode};
use super::budget::Budget;
use super::table::Table;

/// The selfmate search.
pub(crate) struct Selfmate<'l> {
    pub budget: Budget<'l>,
    table: Table,
}

/// Is `pos` checkmate (the side to move mated)? Check first: it is cheaper.
pub(crate) fn is_mate<B: ProblemBoard>(pos: &B) -> bool {
    pos.in_check() && pos.moves().is_empty()
}

impl<'l> Selfmate<'l> {
    pub fn new(budget: Budget<'l>, hash_mb: usize) -> Selfmate<'l> {
        Selfmate {
            budget,
            table: Table::new(hash_mb),
        }
    }

    /// Does the side to move force the other side to mate it within `n` of its
    /// own moves?
    pub fn attacker<B: ProblemBoard>(&mut self, pos: &B, n: u32) -> bool {
        if n == 0 || self.budget.tick() {
            return false;
        }
        let key = pos.table_key();
        if let Some(known) = self.table.get(key, n) {
            return known;
        }
        let mut found = false;
        for &mv in pos.moves().iter() {
            if self.defender(&pos.child(mv), n) {
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

    /// The defending side to move: is it forced to mate within `n` moves (this one
    /// included)?
    pub fn defender<B: ProblemBoard>(&mut self, pos: &B, n: u32) -> bool {
        let moves = pos.moves();
        if moves.is_empty() {
            return false;
        }
        // A cheap pass first: with one move left every reply must mate.
        for &mv in moves.iter() {
            let next = pos.child(mv);
            if !is_mate(&next) && (n == 1 || self.budget.aborted) {
                return false;
            }
        }
        if n == 1 {
            return true;
        }
        for &mv in moves.iter() {
            let next = pos.child(mv);
            if !is_mate(&next) && !self.attacker(&next, n - 1) {
                return false;
            }
        }
        !self.budget.aborted
    }

    /// The fewest moves within `n` in which the side to move forces the selfmate.
    pub fn shortest<B: ProblemBoard>(&mut self, pos: &B, n: u32) -> Option<u32> {
        (1..=n).find(|&k| self.attacker(pos, k))
    }

    /// The tree below `mv`, which forces the selfmate within `n`.
    pub fn tree<B: ProblemBoard>(
        &mut self,
        pos: &B,
        mv: B::Move,
        n: u32,
    ) -> Option<TreeNode<B::Move>> {
        let child = pos.child(mv);
        let mut replies = Vec::new();
        for &d in child.moves().iter() {
            let next = child.child(d);
            if is_mate(&next) {
                replies.push(TreeDefence { mv: d, then: None });
                continue;
            }
            let k = self.shortest(&next, n - 1)?;
            let answer = next
                .moves()
                .iter()
                .copied()
                .find(|&m| self.defender(&next.child(m), k))?;
            replies.push(TreeDefence {
                mv: d,
                then: Some(self.tree(&next, answer, k)?),
            });
        }
        Some(TreeNode { mv, replies })
    }
}

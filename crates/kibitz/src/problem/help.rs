//! The helpmate `h#n` / `h#n.5`: every line of exactly the stipulated plies,
//! both sides cooperating, that ends in checkmate of the side to be mated.
//!
//! Depth-first over all lines. A transposition table remembers the positions
//! (with the plies left) that have no solution, so a transposed line is not
//! searched twice; positions with solutions are searched again on every path,
//! as each path is a different solution. The horizon: with one ply left, only
//! the exact mates in one are played (no move generation for the mating
//! side), and with two plies left a move of the side to be mated is followed
//! only when it allows a mate in one.

use super::answer::HelpTechniques;
use super::budget::Budget;
use super::table::Table;
use crate::board::Board;

/// The helpmate search.
pub(crate) struct Help<'l, M> {
    pub budget: Budget<'l>,
    table: Table,
    techniques: HelpTechniques,
    line: Vec<M>,
    /// The solutions found, in the order found.
    pub solutions: Vec<Vec<M>>,
}

impl<'l, M: Copy> Help<'l, M> {
    pub fn new(budget: Budget<'l>, hash_mb: usize, techniques: HelpTechniques) -> Help<'l, M> {
        Help {
            budget,
            table: Table::new(if techniques.table { hash_mb } else { 1 }),
            techniques,
            line: Vec::new(),
            solutions: Vec::new(),
        }
    }

    /// Collects every line of `plies` from `pos` ending in checkmate; true when
    /// there is one.
    pub fn search<B: Board<Move = M>>(&mut self, pos: &B, plies: u32) -> bool {
        if self.budget.tick() {
            return false;
        }
        if plies == 1 {
            return self.last(pos);
        }
        let key = if self.techniques.table {
            let key = pos.key();
            if self.table.get(key, plies) == Some(false) {
                return false;
            }
            Some(key)
        } else {
            None
        };
        let mut found = false;
        for &mv in pos.legal_moves().iter() {
            let child = pos.after(mv);
            if plies == 2 && self.techniques.horizon && child.first_mate_in_one().is_none() {
                continue;
            }
            self.line.push(mv);
            found |= self.search(&child, plies - 1);
            self.line.pop();
            if self.budget.aborted {
                return found;
            }
        }
        if let Some(key) = key
            && !found
        {
            self.table.put(key, plies, false);
        }
        found
    }

    /// The last ply: every mate in one.
    fn last<B: Board<Move = M>>(&mut self, pos: &B) -> bool {
        let mates = if self.techniques.horizon {
            pos.mates_in_one()
        } else {
            pos.legal_moves()
                .iter()
                .copied()
                .filter(|&mv| pos.after(mv).is_checkmate())
                .collect()
        };
        for &mv in &mates {
            let mut line = self.line.clone();
            line.push(mv);
            self.solutions.push(line);
        }
        !mates.is_empty()
    }
}

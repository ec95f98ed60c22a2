//! The helpmate `h#n` / `h#n.5`: every line of exactly the stipulated plies,
//! both sides cooperating, that ends in checkmate of the side to be mated.
//!
//! Depth-first over all lines. A transposition table remembers the positions
//! (with the plies left) that have no solution, so a transposed line is not
//! searched twice; positions with solutions are searched again on every path,
//! as each path is a different solution. The horizon: with one ply left, only
//! the exact mates in one are played (no move generation for the mating
//! side), and with two plies left a move of the side to be mated is followed
//! only when it allows a mate in one. With a cap on the solutions
//! ([`ProblemOptions::max_solutions`](super::ProblemOptions::max_solutions)),
//! the search stops at the first solution past it. The mate-reach test
//! ([`super::reach`]) cuts the lines where the material cannot build a
//! mating position in the moves left (orthodox chess).

use super::answer::HelpTechniques;
use super::budget::Budget;
use super::reach::MateReach;
use super::table::Table;
use crate::board::Board;

/// The plies left up to which the mate-reach test runs before the table's
/// lookup.
const EARLY_REACH: u32 = 2;

/// The helpmate search.
pub(crate) struct Help<'l, M> {
    pub budget: Budget<'l>,
    table: Table,
    techniques: HelpTechniques,
    /// The mate-reach test, where it applies and is asked for.
    reach: Option<MateReach>,
    line: Vec<M>,
    /// The solutions found, in the order found.
    pub solutions: Vec<Vec<M>>,
    /// The most solutions kept (None: all).
    max_solutions: Option<usize>,
    /// A solution past `max_solutions` was found: the search stopped there.
    pub more: bool,
}

impl<'l, M: Copy> Help<'l, M> {
    /// The search from `root` (which says whether the mate-reach test applies).
    pub fn new<B: Board<Move = M>>(
        root: &B,
        budget: Budget<'l>,
        hash_mb: usize,
        techniques: HelpTechniques,
        max_solutions: Option<usize>,
    ) -> Help<'l, M> {
        Help {
            budget,
            table: Table::new(if techniques.table { hash_mb } else { 1 }),
            techniques,
            reach: if techniques.reach {
                MateReach::new(root)
            } else {
                None
            },
            line: Vec::new(),
            solutions: Vec::new(),
            max_solutions,
            more: false,
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
        // The side to move is mated after an even number of plies; it has
        // half of them (rounded down either way), the mating side the rest.
        let mated = if plies.is_multiple_of(2) {
            pos.turn()
        } else {
            !pos.turn()
        };
        let reach = |pos: &B| {
            self.reach
                .as_ref()
                .is_none_or(|reach| reach.possible(pos, mated, plies / 2, plies - plies / 2))
        };
        // Near the leaves the test is cheaper than the table's lookup (and
        // cuts most nodes there): it runs first, and what it cuts is not
        // stored, which keeps the table for the positions searched.
        let early = plies <= EARLY_REACH;
        if early && !reach(pos) {
            return false;
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
        if !early && !reach(pos) {
            // Proven: a transposition into this position is not tested
            // again (the test costs several nodes' move generation).
            if let Some(key) = key {
                self.table.put(key, plies, false);
            }
            return false;
        }
        let mut found = false;
        for &mv in pos.legal_moves().iter() {
            let child = pos.after(mv);
            if plies == 2 && self.techniques.horizon && child.first_mate_in_one().is_none() {
                continue;
            }
            self.line.push(mv);
            found |= self.search(&child, plies - 1);
            self.line.pop();
            // Past the cap nothing more is collected: the search is over.
            if self.budget.aborted || self.more {
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
            if self
                .max_solutions
                .is_some_and(|max| self.solutions.len() >= max.max(1))
            {
                self.more = true;
                break;
            }
            let mut line = self.line.clone();
            line.push(mv);
            self.solutions.push(line);
        }
        !mates.is_empty()
    }
}

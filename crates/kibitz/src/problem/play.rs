//! Every stipulation other than the orthodox `#n`, `s#n` and `h#n` (which have
//! searches of their own), as data: a [`Goal`] tested on each last move and a
//! [`Genre`] saying who moves and who must reach it.
//!
//! * Battle play (`=n`, `+n`, `s=n`, `r#n`, `semi-r#n`, …): depth-first with a
//!   table of proven answers by (position, moves left, node kind); every key
//!   with its shortest length.
//! * Help play (`h=n`, `hx3`, `hs#n`, `hr#n`): every line of exactly the
//!   stipulated plies, a table of positions without a solution as in the
//!   helpmate search.
//! * Series play (`ser-#n`, `ser-h#n`, `ser-s#n`): the series side moves, the
//!   other side passes (so it may not be put in check but by the last series
//!   move); every line of exactly n series moves.
//!
//! The reflex condition (`r`, `semi-r`, `hr`): a defender that can reach the
//! goal must (it has reached it); in `r` and `hr` an attacker that could reach
//! it has failed (it must, and the goal is the defender's). In `hr` both are
//! bound in the help play too, so a line may end early, at the defender's goal.

use super::budget::Budget;
use super::reach::MateReach;
use super::table::Table;
use super::{Genre, Goal, Stipulation};
use crate::board::Board;

/// Node kinds in the table's key (with the moves left).
const ATTACK: u32 = 0;
const DEFEND: u32 = 1;
const HELP: u32 = 2;
const SERIES: u32 = 3;

/// The search of one stipulation.
pub(crate) struct Play<'l, M> {
    pub budget: Budget<'l>,
    table: Table,
    genre: Genre,
    goal: Goal,
    /// `ser-#n`, `ser-h#n`: the mate-reach test, where it applies.
    reach: Option<MateReach>,
    line: Vec<M>,
    /// Help and series play: the solutions found, in the order found.
    pub solutions: Vec<Vec<M>>,
    max_solutions: Option<usize>,
    /// A solution past `max_solutions` was found: the search stopped there.
    pub more: bool,
}

impl<'l, M: Copy> Play<'l, M> {
    pub fn new(
        budget: Budget<'l>,
        hash_mb: usize,
        stip: Stipulation,
        max_solutions: Option<usize>,
    ) -> Play<'l, M> {
        Play {
            budget,
            table: Table::new(hash_mb),
            genre: stip.genre(),
            goal: stip.goal(),
            reach: None,
            line: Vec::new(),
            solutions: Vec::new(),
            max_solutions,
            more: false,
        }
    }

    /// Series mates (`ser-#n`, `ser-h#n`) cut with the mate-reach test
    /// ([`super::reach`]) where it applies to `root`.
    pub fn with_reach<B: Board<Move = M>>(mut self, root: &B) -> Play<'l, M> {
        if self.goal == Goal::Mate && matches!(self.genre, Genre::Series | Genre::SeriesHelp) {
            self.reach = MateReach::new(root);
        }
        self
    }

    fn cached(&self, key: u64, left: u32, kind: u32) -> Option<bool> {
        self.table.get(key, left * 4 + kind)
    }

    fn store(&mut self, key: u64, left: u32, kind: u32, answer: bool) {
        // An answer cut short by a limit proves nothing.
        if !self.budget.aborted {
            self.table.put(key, left * 4 + kind, answer);
        }
    }

    // ----- battle play -----

    /// Does the attacker's move `mv` (from `pos`) fulfil the stipulation with
    /// `k` attacker moves in all, this one included?
    pub fn key_works<B: Board<Move = M>>(&mut self, pos: &B, mv: M, k: u32) -> bool {
        if self.budget.tick() {
            return false;
        }
        let after = pos.after(mv);
        match self.genre {
            Genre::Direct => {
                self.goal.reached(pos, mv, &after) || (k > 1 && self.defend(&after, k - 1))
            }
            _ => self.defend(&after, k - 1),
        }
    }

    /// `r`: can the attacker reach the goal with one of `moves` (the legal
    /// moves of `pos`)? Then it must, and has failed: the goal is the
    /// defender's to reach. True for the diagram's own moves too, where no key
    /// works (Popeye writes such a move `1.Bg7-f8 # ?!?` and no solution).
    pub fn attacker_bound_to_goal<B: Board<Move = M>>(&self, pos: &B, moves: &[M]) -> bool {
        self.genre == Genre::Reflex
            && moves
                .iter()
                .any(|&mv| self.goal.reached(pos, mv, &pos.after(mv)))
    }

    /// Attacker to move with `k` ≥ 1 moves: does it force the stipulation?
    fn attack<B: Board<Move = M>>(&mut self, pos: &B, k: u32) -> bool {
        if self.budget.tick() {
            return false;
        }
        let key = pos.key();
        if let Some(answer) = self.cached(key, k, ATTACK) {
            return answer;
        }
        let moves = pos.legal_moves();
        if self.attacker_bound_to_goal(pos, &moves) {
            self.store(key, k, ATTACK, false);
            return false;
        }
        let mut answer = false;
        for &mv in moves.iter() {
            if self.key_works(pos, mv, k) {
                answer = true;
                break;
            }
            if self.budget.aborted {
                return false;
            }
        }
        self.store(key, k, ATTACK, answer);
        answer
    }

    /// Defender to move, the attacker with `k` moves left: is the stipulation
    /// forced whatever it plays? A defender without a move holds (unless its
    /// goal is reached already, caught by the move before).
    fn defend<B: Board<Move = M>>(&mut self, pos: &B, k: u32) -> bool {
        if self.budget.tick() {
            return false;
        }
        let key = pos.key();
        if let Some(answer) = self.cached(key, k, DEFEND) {
            return answer;
        }
        let moves = pos.legal_moves();
        let answer = if moves.is_empty() {
            false
        } else {
            match self.genre {
                Genre::Direct => moves.iter().all(|&d| self.attack(&pos.after(d), k)),
                Genre::Reflex | Genre::SemiReflex | Genre::HelpReflex
                    if moves
                        .iter()
                        .any(|&d| self.goal.reached(pos, d, &pos.after(d))) =>
                {
                    true
                }
                Genre::Reflex | Genre::SemiReflex | Genre::HelpReflex => {
                    k > 0 && moves.iter().all(|&d| self.attack(&pos.after(d), k))
                }
                // The self forms: every defence reaches the goal or loses later.
                _ => moves.iter().all(|&d| {
                    let after = pos.after(d);
                    self.goal.reached(pos, d, &after) || (k > 0 && self.attack(&after, k))
                }),
            }
        };
        if self.budget.aborted {
            return false;
        }
        self.store(key, k, DEFEND, answer);
        answer
    }

    // ----- help and series play -----

    /// Records `line` + `mv` as a solution; false when the cap stops the search.
    fn record(&mut self, mv: M) -> bool {
        if self
            .max_solutions
            .is_some_and(|max| self.solutions.len() >= max.max(1))
        {
            self.more = true;
            return false;
        }
        let mut line = self.line.clone();
        line.push(mv);
        self.solutions.push(line);
        true
    }

    /// The last move (or the key of the closing `s#1`/`r#1`) of help and series
    /// play: the moves of `pos` that end it, each recorded; true if any.
    fn last<B: Board<Move = M>>(&mut self, pos: &B) -> bool {
        let mut found = false;
        for &mv in pos.legal_moves().iter() {
            let after = pos.after(mv);
            let ends = match self.genre {
                Genre::Help | Genre::Series | Genre::SeriesHelp => {
                    self.goal.reached(pos, mv, &after)
                }
                // The closing s#1 (r#1): after the key the defender is forced.
                _ => self.defend(&after, 0),
            };
            if ends {
                found = true;
                if !self.record(mv) {
                    break;
                }
            }
            if self.budget.aborted {
                break;
            }
        }
        found
    }

    /// Help play with `plies` to go before the closing move (help forms) or the
    /// closing `s#1`/`r#1` key: every line, recorded; true if any.
    pub fn help<B: Board<Move = M>>(&mut self, pos: &B, plies: u32) -> bool {
        if self.budget.tick() {
            return false;
        }
        // `hr`: the closing r#1's key may not be one that reaches the goal.
        if plies == 0 {
            if self.genre == Genre::HelpReflex
                && pos
                    .legal_moves()
                    .iter()
                    .any(|&mv| self.goal.reached(pos, mv, &pos.after(mv)))
            {
                return false;
            }
            return self.last(pos);
        }
        let key = pos.key();
        if self.cached(key, plies, HELP) == Some(false) {
            return false;
        }
        let moves = pos.legal_moves();
        if self.genre == Genre::HelpReflex {
            // `hr`: the reflex condition binds both sides in the help play too,
            // as in Popeye (its TESTS/help_play.inp, "don't write long solutions
            // because Black must mate immediately"). The side that plays the
            // last move (the defender, an odd number of plies before the key)
            // must reach the goal when it can, which ends the play there: a
            // short solution. The attacker that can has failed.
            let goal = self.goal;
            let reaching: Vec<M> = moves
                .iter()
                .copied()
                .filter(|&mv| goal.reached(pos, mv, &pos.after(mv)))
                .collect();
            if !reaching.is_empty() {
                if plies.is_multiple_of(2) {
                    return false;
                }
                for mv in reaching {
                    if !self.record(mv) {
                        break;
                    }
                }
                return true;
            }
        }
        let mut found = false;
        for &mv in moves.iter() {
            self.line.push(mv);
            found |= self.help(&pos.after(mv), plies - 1);
            self.line.pop();
            if self.budget.aborted || self.more {
                return found;
            }
        }
        if !found {
            self.store(key, plies, HELP, false);
        }
        found
    }

    /// Series play: the series side to move with `left` ≥ 1 moves to play.
    pub fn series<B: Board<Move = M>>(&mut self, pos: &B, left: u32) -> bool {
        if self.budget.tick() {
            return false;
        }
        // `ser-h#n`: the series side is mated after its moves, by one move of
        // the other; `ser-#n`: the other side, which only passes, is mated.
        let key = pos.key();
        if left > 1 && self.cached(key, left, SERIES) == Some(false) {
            return false;
        }
        if let Some(reach) = &self.reach {
            let possible = if self.genre == Genre::SeriesHelp {
                reach.possible(pos, pos.turn(), left, 1)
            } else {
                reach.possible(pos, !pos.turn(), 0, left)
            };
            if !possible {
                // Proven: a transposition into this position is not tested
                // again.
                if left > 1 {
                    self.store(key, left, SERIES, false);
                }
                return false;
            }
        }
        if left == 1 {
            if self.genre == Genre::SeriesHelp {
                // The last series move, then the other side's goal move.
                let mut found = false;
                for &mv in pos.legal_moves().iter() {
                    self.line.push(mv);
                    found |= self.last(&pos.after(mv));
                    self.line.pop();
                    if self.budget.aborted || self.more {
                        break;
                    }
                }
                return found;
            }
            return self.last(pos);
        }
        let mut found = false;
        for &mv in pos.legal_moves().iter() {
            // The other side passes: not when the move checks it.
            let Some(passed) = pos.after(mv).pass() else {
                continue;
            };
            self.line.push(mv);
            found |= self.series(&passed, left - 1);
            self.line.pop();
            if self.budget.aborted || self.more {
                return found;
            }
        }
        if !found {
            self.store(key, left, SERIES, false);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use crate::Position;
    use crate::board::Board;
    use crate::problem::{ProblemOptions, ProblemOutcome, solve};

    fn keys(fen: &str, stip: &str) -> Vec<String> {
        let pos = Position::from_fen(fen).unwrap();
        let opts = ProblemOptions {
            all_keys: true,
            ..ProblemOptions::new(stip.parse().unwrap())
        };
        let mut keys: Vec<String> = solve(&pos, &opts)
            .keys
            .iter()
            .map(|k| pos.uci(k.mv))
            .collect();
        keys.sort();
        keys
    }

    #[test]
    fn castling_in_one_is_either_castling() {
        // Both castlings, and no other move, are castling.
        assert_eq!(
            keys("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "001"),
            ["e1c1", "e1g1"]
        );
        // Without the rights, none.
        assert!(keys("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "001").is_empty());
    }

    #[test]
    fn the_target_square_is_reached_by_the_moving_man() {
        // Only the rook reaches c8; the king's way there is too long for 1.
        assert_eq!(keys("4k3/8/8/8/8/8/8/2R1K3 w - - 0 1", "zc81"), ["c1c8"]);
        // `hze80.5` is one move of the side to move, Black: its king stands on
        // e8 and no man of its can arrive there.
        let pos = Position::from_fen("4k3/8/4K3/8/8/8/8/8 b - - 0 1").unwrap();
        let sol = solve(&pos, &ProblemOptions::new("hze80.5".parse().unwrap()));
        assert_eq!(sol.outcome, ProblemOutcome::NoSolution);
    }

    #[test]
    fn a_reflex_attacker_that_can_mate_must_and_has_no_key() {
        // Popeye's TESTS/battle_play.inp, "r#1, but White must deliver mate":
        // Bf8# is on the board, so r#1 has no solution (Popeye: `1.Bg7-f8 # ?!?`),
        // while semi-r#1, which binds Black only, keeps its keys.
        let fen = "8/6B1/8/8/p7/kp6/p7/K7 w - - 0 1";
        let pos = Position::from_fen(fen).unwrap();
        let sol = solve(&pos, &ProblemOptions::new("r#1".parse().unwrap()));
        assert_eq!(sol.outcome, ProblemOutcome::NoSolution);
        assert!(sol.keys.is_empty());
        assert!(!keys(fen, "semi-r#1").is_empty());
        // Deeper too: r#2 has no key either.
        assert!(keys(fen, "r#2").is_empty());
    }

    #[test]
    fn help_reflex_lines_end_where_the_defender_can_mate() {
        // Popeye's TESTS/help_play.inp, "hr#2 - don't write long solutions
        // because Black must mate immediately": Popeye's one solution is
        // `1.f3-f4 b3-b2 #`; 1...h6-h5 2.f4-f5 is not one, Black being bound to
        // mate at once.
        let pos = Position::from_fen("8/8/7p/8/8/kp3P2/p7/K7 w - - 0 1").unwrap();
        let sol = solve(&pos, &ProblemOptions::new("hr#2".parse().unwrap()));
        let lines: Vec<Vec<String>> = sol
            .solutions
            .iter()
            .map(|line| {
                let mut at = pos.clone();
                line.iter()
                    .map(|&mv| {
                        let uci = at.uci(mv);
                        at.play_unchecked(mv);
                        uci
                    })
                    .collect()
            })
            .collect();
        assert_eq!(lines, [["f3f4", "b3b2"]]);
    }

    #[test]
    fn en_passant_is_a_capture() {
        let fen = "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1";
        assert_eq!(keys(fen, "ep1"), ["d5c6"]);
        assert_eq!(keys(fen, "x1"), ["d5c6"]);
    }
}

//! The depth-first AND/OR search behind [`solve`](super::solve).
//!
//! Two node kinds alternate. At an attacker node the side to move looks for one move
//! after which every defence still allows mate in the moves left (OR); at a defender
//! node every legal move must allow it (AND), so one refutation settles the node. The
//! last attacker move is never generated: it is the exact mate-in-one finder,
//! [`first_mate_in_one`], which looks only at the squares a mating man can land on
//! (the hidden [`Horizon`] option swaps in slower variants, only to measure them).
//!
//! Everything that speeds the search up only changes the order in which moves are
//! tried or reuses facts already proven (the transposition table): no move is ever
//! skipped for looking unpromising, so a quiet key in a zugzwang (no check, no
//! threat) is found like any other.

use std::time::Instant;

use super::Horizon;
use super::table::{DEFENDER_SALT, Table};
use crate::limits::Limits;
use crate::mate::{first_glance_mate, first_mate_in_one, has_glance_mate};
use crate::position::MAX_MOVES;
use crate::{Move, Position};

/// The search state of one solve: the table, the node count, the limits.
pub(super) struct Searcher<'a> {
    /// The table, which df-pn shares: it borrows the searcher, its table, node
    /// count and limits, and calls it for its leaves.
    pub table: Table,
    /// Nodes visited: positions entered, at either kind of node, horizon included.
    pub nodes: u64,
    node_limit: u64,
    limits: &'a Limits,
    /// Set when a limit was hit; every caller then unwinds without storing anything,
    /// so the table holds only finished proofs.
    pub aborted: bool,
    /// The end of a share of the time ([`Searcher::share`]), besides the limits'.
    share_deadline: Option<Instant>,
    /// Per ply, the two defences that refuted an attacker move last: they often
    /// refute its siblings too.
    killers: Vec<[Option<Move>; 2]>,
    /// How mate in one is tested.
    horizon: Horizon,
}

/// How often (in nodes) the clock and the stop flag are looked at: at the first
/// node, so that a flag set before the search stops it at once, and then every
/// `POLL` nodes.
const POLL: u64 = 1024;

/// Whether a defender node with `n` attacker moves left is looked up in the table
/// and stored there. With one move left it is not: its killer or its first replies
/// settle it, each by a mate-in-one test, for less than the cache miss of a probe
/// into a table of hundreds of MiB, and its entries, the most numerous of all,
/// crowded out df-pn's numbers and made the table grow. On 45 matetrack positions
/// with `bm` #6–#8 (df-pn, at most 10 M nodes each) the time fell from 54.7 s to
/// 35.1 s with 7 % more nodes, this and [`Table::touch`] together (the touch alone:
/// 51.7 s; BENCHMARKS.md, issue 21, twelfth step).
const fn defence_in_table(n: u32) -> bool {
    n >= 2
}

impl<'a> Searcher<'a> {
    pub fn new(hash_mb: usize, limits: &'a Limits, horizon: Horizon) -> Searcher<'a> {
        Searcher {
            table: Table::new(hash_mb),
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            limits,
            aborted: false,
            share_deadline: None,
            killers: Vec::new(),
            horizon,
        }
    }

    /// Runs the next searches under a share of the budget: at most `node_limit`
    /// nodes counted in all (this search's count goes on) and until `deadline`,
    /// besides the limits. [`Searcher::unshare`] ends it.
    pub fn share(&mut self, node_limit: u64, deadline: Option<Instant>) {
        self.node_limit = node_limit.min(self.limits.nodes.unwrap_or(u64::MAX));
        self.share_deadline = deadline;
        self.aborted = false;
    }

    /// Back to the whole budget after [`Searcher::share`]; true when what stopped
    /// the search under the share was the whole budget's end (the limits' nodes,
    /// deadline or stop flag), so that nothing is left for another search.
    pub fn unshare(&mut self) -> bool {
        self.node_limit = self.limits.nodes.unwrap_or(u64::MAX);
        self.share_deadline = None;
        let spent = self.limits.reached(self.nodes);
        self.aborted = spent;
        spent
    }

    /// A move of the side to move that checkmates, if any.
    #[inline]
    fn mate_in_one(&self, pos: &Position) -> Option<Move> {
        match self.horizon {
            Horizon::Generate => generated_mate(pos),
            // One call: on a miss the empty list never allocates.
            Horizon::Exact => first_mate_in_one(pos),
            Horizon::GlanceFirst => first_glance_mate(pos).or_else(|| first_mate_in_one(pos)),
        }
    }

    /// Has the side to move a mate in one? (The horizon's question: no move needed.)
    #[inline]
    fn has_mate_in_one(&self, pos: &Position) -> bool {
        match self.horizon {
            Horizon::Generate => generated_mate(pos).is_some(),
            Horizon::Exact => first_mate_in_one(pos).is_some(),
            Horizon::GlanceFirst => has_glance_mate(pos) || first_mate_in_one(pos).is_some(),
        }
    }

    /// Counts a node; true when the search must stop (df-pn counts with it too).
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.aborted = true;
        } else if self.nodes % POLL == 1 {
            let shared = self.share_deadline.is_some_and(|d| Instant::now() >= d);
            self.aborted |= shared || self.limits.expired();
        }
        self.aborted
    }

    /// Can the side to move force mate within `n` of its own moves (`n` ≥ 1)?
    ///
    /// False also when the search was aborted (then `self.aborted` is set and the
    /// answer means nothing).
    pub fn attacker(&mut self, pos: &Position, n: u32, ply: usize) -> bool {
        if self.tick() {
            return false;
        }
        let key = pos.hash();
        let mut best = None;
        if let Some(e) = self.table.probe(key) {
            if e.mate_within != 0 && u32::from(e.mate_within) <= n {
                return true;
            }
            if u32::from(e.no_mate_within) >= n {
                return false;
            }
            best = e.best;
        }
        // Mate in one is the cheapest proof of mate within n, and the horizon.
        if let Some(mate) = self.mate_in_one(pos) {
            self.table.store_mate(key, 1, Some(mate));
            return true;
        }
        if n == 1 {
            self.table.store_no_mate(key, 1);
            return false;
        }
        if n == 2 {
            return self.attacker_of_two(pos, key, best, ply);
        }
        for (mv, child) in attacks_in_order(pos, best) {
            if self.defender(&child, n - 1, ply + 1) {
                self.table.store_mate(key, n, Some(mv));
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        self.table.store_no_mate(key, n);
        false
    }

    /// [`Searcher::attacker`] with two moves left (no mate in one): the table's
    /// move, then the checks, then the rest, each in the order of the legal moves,
    /// as it meets them. Nothing is counted or sorted and no position is kept: at
    /// this depth ordering cost as much as the search it ordered (BENCHMARKS.md,
    /// issue 21), and a disproof tries every move anyway.
    fn attacker_of_two(
        &mut self,
        pos: &Position,
        key: u64,
        best: Option<Move>,
        ply: usize,
    ) -> bool {
        let moves = pos.legal_moves();
        let best = best.filter(|b| moves.contains(b));
        // Quiet moves by index into `moves`, for the second pass.
        let mut quiet = [0u64; MAX_MOVES.div_ceil(64)];
        let mut mated = None;
        if let Some(b) = best
            && self.defender(&pos.after(b), 1, ply + 1)
        {
            mated = Some(b);
        }
        for (i, &mv) in moves.iter().enumerate() {
            if mated.is_some() || self.aborted {
                break;
            }
            if Some(mv) == best {
                continue;
            }
            // Quiet moves are not played until their turn comes.
            if !pos.gives_check(mv) {
                quiet[i / 64] |= 1 << (i % 64);
            } else if self.defender(&pos.after(mv), 1, ply + 1) {
                mated = Some(mv);
            }
        }
        for (i, &mv) in moves.iter().enumerate() {
            if mated.is_some() || self.aborted {
                break;
            }
            if quiet[i / 64] & (1 << (i % 64)) != 0 && self.defender(&pos.after(mv), 1, ply + 1) {
                mated = Some(mv);
            }
        }
        if self.aborted {
            return false;
        }
        match mated {
            Some(mv) => self.table.store_mate(key, 2, Some(mv)),
            None => self.table.store_no_mate(key, 2),
        }
        mated.is_some()
    }

    /// Does every legal move of the side to move allow the other side a mate within
    /// `n` of its moves? A side without legal moves: yes when checkmated, no when
    /// stalemated (stalemate is not mate). With `n` = 0: only when checkmated.
    ///
    /// False also when aborted, as for [`Searcher::attacker`].
    pub fn defender(&mut self, pos: &Position, n: u32, ply: usize) -> bool {
        if self.tick() {
            return false;
        }
        // The table before the moves: a known node costs no move generation. (Only
        // nodes with legal moves are stored, and with n = 0 only checkmate counts.)
        let key = pos.hash() ^ DEFENDER_SALT;
        if defence_in_table(n)
            && let Some(e) = self.table.probe(key)
        {
            if e.mate_within != 0 && u32::from(e.mate_within) <= n {
                return true;
            }
            if u32::from(e.no_mate_within) >= n {
                return false;
            }
        }
        if n == 0 {
            return pos.is_checkmate();
        }
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None; 2]);
        }
        // The siblings' refutations first, and before any reply is generated: one
        // of them usually refutes this node too, and then the replies are never
        // listed (a legality test of one move costs far less than the list).
        let mut tried = [None; 2];
        for (i, k) in self.killers[ply].into_iter().enumerate() {
            let Some(k) = k.filter(|&k| pos.is_legal(k)) else {
                continue;
            };
            if self.defence_holds(&pos.after(k), n, ply) {
                return self.refuted(key, n, ply, k);
            }
            if self.aborted {
                return false;
            }
            tried[i] = Some(k);
        }
        let replies = pos.legal_moves();
        if replies.is_empty() {
            return pos.is_check();
        }
        let rest = replies
            .iter()
            .copied()
            .filter(|m| !tried.contains(&Some(*m)));
        let held = if n == 1 {
            self.horizon_defences(pos, rest)
        } else {
            self.deep_defences(pos, rest, n, ply)
        };
        match held {
            _ if self.aborted => false,
            Some(refutation) => self.refuted(key, n, ply, refutation),
            None => {
                if defence_in_table(n) {
                    self.table.store_mate(key, n, None);
                }
                true
            }
        }
    }

    /// After this defence, can the attacker not mate within `n`? (With `n` = 1 the
    /// horizon: no mate in one.) False also when aborted.
    #[inline]
    fn defence_holds(&mut self, child: &Position, n: u32, ply: usize) -> bool {
        if n == 1 {
            !self.tick() && !self.has_mate_in_one(child)
        } else {
            !self.attacker(child, n, ply + 1) && !self.aborted
        }
    }

    /// Records a defender node refuted by `refutation` (no mate within `n`), which
    /// becomes the first killer of its ply; returns false, the node's answer.
    fn refuted(&mut self, key: u64, n: u32, ply: usize, refutation: Move) -> bool {
        let k = &mut self.killers[ply];
        if k[0] != Some(refutation) {
            k[1] = k[0];
            k[0] = Some(refutation);
        }
        if defence_in_table(n) {
            self.table.store_no_mate(key, n);
        }
        false
    }

    /// With one attacker move left: a defence after which the attacker has no mate
    /// in one, or None when every defence allows one. No attacker move is generated.
    fn horizon_defences(
        &mut self,
        pos: &Position,
        replies: impl Iterator<Item = Move>,
    ) -> Option<Move> {
        for mv in replies {
            if self.tick() {
                return None;
            }
            if !self.has_mate_in_one(&pos.after(mv)) {
                return Some(mv);
            }
        }
        None
    }

    /// With `n` ≥ 2 attacker moves left: a refuting defence, or None.
    fn deep_defences(
        &mut self,
        pos: &Position,
        replies: impl Iterator<Item = Move>,
        n: u32,
        ply: usize,
    ) -> Option<Move> {
        // Facts already in the table settle some defences without a search.
        // `order` holds rank << 16 | index into `open`: sorting plain integers
        // rather than positions (the sort moved them, a tenth of the time).
        let mut open = Vec::new();
        let mut order = Vec::new();
        for mv in replies {
            let child = pos.after(mv);
            let known = self.table.probe(child.hash());
            if let Some(e) = known {
                if u32::from(e.no_mate_within) >= n {
                    return Some(mv);
                }
                if e.mate_within != 0 && u32::from(e.mate_within) <= n {
                    continue;
                }
            }
            // The defences that leave the attacker the fewest moves (checks,
            // mostly) first: the likeliest to hold. With two attacker moves left,
            // checks first and no count: the search below costs about as much as
            // counting the attacker's moves (BENCHMARKS.md, issue 21).
            let rank = if n == 2 {
                u64::from(!child.is_check())
            } else {
                child.count_legal_moves()
            };
            order.push((rank << 16) | open.len() as u64);
            open.push((mv, child));
        }
        order.sort_unstable();
        for i in order {
            let (mv, child) = &open[(i & 0xffff) as usize];
            if !self.attacker(child, n, ply + 1) {
                return Some(*mv);
            }
        }
        None
    }

    /// The table's "mate within" bound at this attacker node, if any.
    pub fn mates_within(&self, pos: &Position) -> Option<u32> {
        self.table
            .probe(pos.hash())
            .map(|e| u32::from(e.mate_within))
            .filter(|&m| m != 0)
    }

    /// The table's "lost within" bound at this defender node (0 when checkmated).
    pub fn lost_within(&self, pos: &Position) -> Option<u32> {
        if pos.is_checkmate() {
            return Some(0);
        }
        self.table
            .probe(pos.hash() ^ DEFENDER_SALT)
            .map(|e| u32::from(e.mate_within))
            .filter(|&m| m != 0)
    }

    /// The move the table remembers as mating at this attacker node, if any.
    pub fn hint(&self, pos: &Position) -> Option<Move> {
        self.table.probe(pos.hash()).and_then(|e| e.best)
    }

    /// The fewest moves, at most `n`, in which the side to move mates; None when
    /// it cannot within `n` (or the search was aborted).
    pub fn shortest(&mut self, pos: &Position, n: u32, ply: usize) -> Option<u32> {
        let from = self
            .table
            .probe(pos.hash())
            .map_or(1, |e| u32::from(e.no_mate_within) + 1);
        (from..=n)
            .find(|&k| self.attacker(pos, k, ply) || self.aborted)
            .filter(|_| !self.aborted)
    }
}

/// The legal moves of the attacker with the positions after them, best first: the
/// table's move, then checks, then moves that threaten mate in one, then the rest,
/// each group with the fewest defences first. Moves that stalemate are dropped:
/// they can never mate. (With two moves left, [`Searcher::attacker_of_two`] orders
/// without counting.)
fn attacks_in_order(pos: &Position, best: Option<Move>) -> Vec<(Move, Position)> {
    let moves = pos.legal_moves();
    // Ranks and indices are sorted as integers (rank << 16 | index), and the
    // positions moved once into place, not at every step of the sort.
    let mut children: Vec<Option<(Move, Position)>> = Vec::with_capacity(moves.len());
    let mut order: Vec<u64> = Vec::with_capacity(moves.len());
    for &mv in &moves {
        let child = pos.after(mv);
        let defences = child.count_legal_moves();
        if defences == 0 {
            // Checkmate was seen by the mate-in-one test; this is stalemate.
            continue;
        }
        let group = if Some(mv) == best {
            0
        } else if child.is_check() {
            1
        } else if threatens_mate(&child) {
            2
        } else {
            3
        };
        order.push((((group << 16) + defences) << 16) | children.len() as u64);
        children.push(Some((mv, child)));
    }
    order.sort_unstable();
    order
        .into_iter()
        .filter_map(|i| children[(i & 0xffff) as usize].take())
        .collect()
}

/// The first legal move that checkmates, found by playing them all: the
/// [`Horizon::Generate`] baseline.
fn generated_mate(pos: &Position) -> Option<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .find(|&mv| pos.after(mv).is_checkmate())
}

/// Would the side not to move mate in one if it could move again? The glance
/// detector answers most of these from bitboards; the exact finder the rest.
fn threatens_mate(pos: &Position) -> bool {
    pos.pass()
        .is_some_and(|passed| has_glance_mate(&passed) || first_mate_in_one(&passed).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Defender nodes with two attacker moves left go into the table; those with
    /// one ([`defence_in_table`]) never do, though the search visits them.
    #[test]
    fn defender_nodes_with_one_move_left_stay_out_of_the_table() {
        // No mate within 3 from the start: every first move is refuted, each
        // through attacker nodes with two moves left and defences below them.
        let pos = Position::startpos();
        let limits = Limits::default();
        let mut s = Searcher::new(16, &limits, Horizon::default());
        assert!(!s.attacker(&pos, 3, 0));
        let (mut stored_two, mut one_left) = (0, 0);
        for &m1 in &pos.legal_moves() {
            let p1 = pos.after(m1);
            let e = s.table.probe(p1.hash() ^ DEFENDER_SALT);
            stored_two += usize::from(e.is_some_and(|e| e.no_mate_within >= 2));
            for &m2 in &p1.legal_moves() {
                let p2 = p1.after(m2);
                for &m3 in &p2.legal_moves() {
                    let p3 = p2.after(m3);
                    one_left += 1;
                    assert!(
                        s.table.probe(p3.hash() ^ DEFENDER_SALT).is_none(),
                        "stored: {}",
                        p3.fen()
                    );
                }
            }
        }
        assert_eq!(stored_two, 20, "every first move refuted and stored");
        // Every position three plies on was looked up: perft 3 of the start.
        assert_eq!(one_left, 8_902);
    }

    /// A share of the nodes ends the search before the limits do, and `unshare`
    /// tells the two apart: the first leaves budget for another search, the
    /// second does not.
    #[test]
    fn a_share_ends_first_and_unshare_tells_which_ended() {
        // No mate within 4 from the start: a search that must see every move.
        let pos = Position::startpos();
        let limits = Limits {
            nodes: Some(10_000),
            ..Limits::default()
        };
        let mut s = Searcher::new(1, &limits, Horizon::default());
        s.share(100, None);
        assert!(!s.attacker(&pos, 4, 0));
        assert!(s.aborted && s.nodes <= 101, "{} nodes", s.nodes);
        assert!(!s.unshare(), "the share ended, not the budget");
        assert!(!s.aborted);
        // A share past the limits is the limits.
        s.share(u64::MAX, None);
        assert!(!s.attacker(&pos, 4, 0));
        assert!(s.aborted && s.nodes <= 10_001, "{} nodes", s.nodes);
        assert!(s.unshare(), "the budget is spent");
        assert!(s.aborted);
    }

    /// A share of the time that is already over stops the search at its first
    /// node; the limits (none here) are not spent.
    #[test]
    fn a_share_of_the_time_ends_the_search() {
        let pos = Position::startpos();
        let limits = Limits::default();
        let mut s = Searcher::new(1, &limits, Horizon::default());
        s.share(u64::MAX, Some(Instant::now()));
        assert!(!s.attacker(&pos, 4, 0));
        assert!(s.aborted && s.nodes == 1);
        assert!(!s.unshare());
        assert!(!s.attacker(&pos, 1, 0) && !s.aborted);
    }
}

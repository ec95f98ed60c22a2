//! The depth-first AND/OR search behind [`solve`](super::solve): the battle,
//! one search for every goal ([`Goal`]: `#n`, `s#n`) on any board ([`Board`]).
//!
//! Two node kinds alternate. At an attacker node the side to move looks for one move
//! after which every defence still allows the goal in the moves left (OR); at a
//! defender node every legal move must allow it (AND), so one refutation settles the
//! node. For the direct mate the last attacker move is never generated: it is the
//! board's mate-in-one finder (on the orthodox board
//! [`first_mate_in_one`](crate::mate::first_mate_in_one), which looks only at the
//! squares a mating man can land on; the hidden [`Horizon`] option swaps in slower
//! variants, only to measure them). For the selfmate, the defence that mates is the
//! end of the line.
//!
//! Everything that speeds the search up only changes the order in which moves are
//! tried or reuses facts already proven (the transposition table): no move is ever
//! skipped for looking unpromising, so a quiet key in a zugzwang (no check, no
//! threat) is found like any other.

use crate::clock::Instant;

use super::Horizon;
use super::goal::Goal;
use super::table::{DEFENDER_SALT, Table};
use crate::board::Board;
use crate::limits::Limits;

/// The search state of one solve: the table, the node count, the limits.
pub(crate) struct Searcher<'a, B: Board, G: Goal> {
    /// The table, which df-pn shares: it borrows the searcher, its table, node
    /// count and limits, and calls it for its leaves.
    pub(super) table: Table<B::Move>,
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
    killers: Vec<[Option<B::Move>; 2]>,
    /// How mate in one is tested.
    horizon: Horizon,
    goal: core::marker::PhantomData<G>,
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
/// 51.7 s; docs/bench-log, issue 21, twelfth step).
const fn defence_in_table(n: u32) -> bool {
    n >= 2
}

/// The most moves whose "quiet" marks [`Searcher::attacker_of_two`] keeps on the
/// stack (every orthodox position; a large fairy board may have more).
const STACK_MOVES: usize = 256;

impl<'a, B: Board, G: Goal> Searcher<'a, B, G> {
    pub fn new(hash_mb: usize, limits: &'a Limits, horizon: Horizon) -> Searcher<'a, B, G> {
        Searcher {
            table: Table::new(hash_mb),
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            limits,
            aborted: false,
            share_deadline: None,
            killers: Vec::new(),
            horizon,
            goal: core::marker::PhantomData,
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
    fn mate_in_one(&self, pos: &B) -> Option<B::Move> {
        match self.horizon {
            Horizon::Generate => generated_mate(pos),
            // One call: on a miss the empty list never allocates.
            Horizon::Exact => pos.first_mate_in_one(),
            Horizon::GlanceFirst => pos.first_glance_mate().or_else(|| pos.first_mate_in_one()),
        }
    }

    /// Has the side to move a mate in one? (The horizon's question: no move needed.)
    #[inline]
    fn has_mate_in_one(&self, pos: &B) -> bool {
        match self.horizon {
            Horizon::Generate => generated_mate(pos).is_some(),
            Horizon::Exact => pos.first_mate_in_one().is_some(),
            Horizon::GlanceFirst => {
                pos.first_glance_mate().is_some() || pos.first_mate_in_one().is_some()
            }
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

    /// Can the side to move reach the goal within `n` of its own moves (`n` ≥ 1),
    /// whatever the other side plays?
    ///
    /// False also when the search was aborted (then `self.aborted` is set and the
    /// answer means nothing).
    pub fn attacker(&mut self, pos: &B, n: u32, ply: usize) -> bool {
        if self.tick() {
            return false;
        }
        let key = pos.key();
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
        if G::DIRECT {
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
    fn attacker_of_two(&mut self, pos: &B, key: u64, best: Option<B::Move>, ply: usize) -> bool {
        let moves = pos.legal_moves();
        let best = best.filter(|b| moves.contains(b));
        // Quiet moves by index into `moves`, for the second pass: on the stack for
        // every orthodox position.
        let mut small = [0u64; STACK_MOVES.div_ceil(64)];
        let mut large = Vec::new();
        let quiet: &mut [u64] = if moves.len() <= STACK_MOVES {
            &mut small
        } else {
            large.resize(moves.len().div_ceil(64), 0u64);
            &mut large
        };
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

    /// Does every legal move of the side to move allow the other side the goal
    /// within `n` of its moves? For the direct mate a side without legal moves
    /// has lost when checkmated and held when stalemated (stalemate is not mate),
    /// and with `n` = 0 only checkmate counts. For the selfmate a defence that
    /// mates reaches the goal, a side without legal moves holds (it cannot mate),
    /// and with `n` = 0 every defence must mate.
    ///
    /// False also when aborted, as for [`Searcher::attacker`].
    pub fn defender(&mut self, pos: &B, n: u32, ply: usize) -> bool {
        if self.tick() {
            return false;
        }
        // The table before the moves: a known node costs no move generation. (Only
        // nodes with legal moves are stored, and with n = 0 only checkmate counts.)
        let key = pos.key() ^ DEFENDER_SALT;
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
        if G::DIRECT && n == 0 {
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
            return G::DIRECT && pos.is_check();
        }
        let rest = replies
            .iter()
            .copied()
            .filter(|m| !tried.contains(&Some(*m)));
        let held = if !G::DIRECT {
            self.any_defence_holds(pos, rest, n, ply)
        } else if n == 1 {
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

    /// After this defence, does the goal stay out of reach within `n`? For the
    /// direct mate with `n` = 1 the horizon: no mate in one. For the selfmate, a
    /// defence that mates never holds, and with `n` = 0 any other does. False
    /// also when aborted.
    #[inline]
    fn defence_holds(&mut self, child: &B, n: u32, ply: usize) -> bool {
        if !G::DIRECT {
            if child.is_checkmate() {
                return false;
            }
            return n == 0 || (!self.attacker(child, n, ply + 1) && !self.aborted);
        }
        if n == 1 {
            !self.tick() && !self.has_mate_in_one(child)
        } else {
            !self.attacker(child, n, ply + 1) && !self.aborted
        }
    }

    /// Records a defender node refuted by `refutation` (no goal within `n`), which
    /// becomes the first killer of its ply; returns false, the node's answer.
    fn refuted(&mut self, key: u64, n: u32, ply: usize, refutation: B::Move) -> bool {
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

    /// The selfmate's defences in the order of the legal moves: the first that
    /// holds, or None.
    fn any_defence_holds(
        &mut self,
        pos: &B,
        replies: impl Iterator<Item = B::Move>,
        n: u32,
        ply: usize,
    ) -> Option<B::Move> {
        for mv in replies {
            if self.defence_holds(&pos.after(mv), n, ply) {
                return Some(mv);
            }
            if self.aborted {
                return None;
            }
        }
        None
    }

    /// With one attacker move left: a defence after which the attacker has no mate
    /// in one, or None when every defence allows one. No attacker move is generated.
    fn horizon_defences(
        &mut self,
        pos: &B,
        replies: impl Iterator<Item = B::Move>,
    ) -> Option<B::Move> {
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
        pos: &B,
        replies: impl Iterator<Item = B::Move>,
        n: u32,
        ply: usize,
    ) -> Option<B::Move> {
        // Facts already in the table settle some defences without a search.
        // `order` holds rank << 16 | index into `open`: sorting plain integers
        // rather than positions (the sort moved them, a tenth of the time).
        let mut open = Vec::new();
        let mut order = Vec::new();
        for mv in replies {
            let child = pos.after(mv);
            let known = self.table.probe(child.key());
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
            // counting the attacker's moves (docs/bench-log, issue 21).
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

    /// The table's "goal within" bound at this attacker node, if any.
    pub fn mates_within(&self, pos: &B) -> Option<u32> {
        self.table
            .probe(pos.key())
            .map(|e| u32::from(e.mate_within))
            .filter(|&m| m != 0)
    }

    /// The table's "lost within" bound at this defender node (0 when checkmated,
    /// for the direct mate).
    pub fn lost_within(&self, pos: &B) -> Option<u32> {
        if G::DIRECT && pos.is_checkmate() {
            return Some(0);
        }
        self.table
            .probe(pos.key() ^ DEFENDER_SALT)
            .map(|e| u32::from(e.mate_within))
            .filter(|&m| m != 0)
    }

    /// The move the table remembers as reaching the goal at this attacker node,
    /// if any.
    pub fn hint(&self, pos: &B) -> Option<B::Move> {
        self.table.probe(pos.key()).and_then(|e| e.best)
    }

    /// The fewest moves, at most `n`, in which the side to move reaches the goal;
    /// None when it cannot within `n` (or the search was aborted).
    pub fn shortest(&mut self, pos: &B, n: u32, ply: usize) -> Option<u32> {
        let from = self
            .table
            .probe(pos.key())
            .map_or(1, |e| u32::from(e.no_mate_within) + 1);
        (from..=n)
            .find(|&k| self.attacker(pos, k, ply) || self.aborted)
            .filter(|_| !self.aborted)
    }
}

/// The legal moves of the attacker with the positions after them, best first: the
/// table's move, then checks, then moves that threaten mate in one, then the rest,
/// each group with the fewest defences first. Moves after which the defender has no
/// move are dropped: in the direct mate such a move mates (seen by the mate-in-one
/// test) or stalemates, in the selfmate the defender can no longer mate. (With two
/// moves left, [`Searcher::attacker_of_two`] orders without counting.)
fn attacks_in_order<B: Board>(pos: &B, best: Option<B::Move>) -> Vec<(B::Move, B)> {
    let moves = pos.legal_moves();
    // Ranks and indices are sorted as integers (rank << 16 | index), and the
    // positions moved once into place, not at every step of the sort.
    let mut children: Vec<Option<(B::Move, B)>> = Vec::with_capacity(moves.len());
    let mut order: Vec<u64> = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        let child = pos.after(mv);
        let defences = child.count_legal_moves();
        if defences == 0 {
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
fn generated_mate<B: Board>(pos: &B) -> Option<B::Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .find(|&mv| pos.after(mv).is_checkmate())
}

/// Would the side not to move mate in one if it could move again? The glance
/// detector answers most of these from bitboards (where the board has one); the
/// exact finder the rest.
fn threatens_mate<B: Board>(pos: &B) -> bool {
    pos.pass().is_some_and(|passed| {
        passed.first_glance_mate().is_some() || passed.first_mate_in_one().is_some()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;
    use crate::prover::goal::DirectMate;

    type Searcher<'a> = super::Searcher<'a, Position, DirectMate>;

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
            let e = s.table.probe(p1.key() ^ DEFENDER_SALT);
            stored_two += usize::from(e.is_some_and(|e| e.no_mate_within >= 2));
            for &m2 in &p1.legal_moves() {
                let p2 = p1.after(m2);
                for &m3 in &p2.legal_moves() {
                    let p3 = p2.after(m3);
                    one_left += 1;
                    assert!(
                        s.table.probe(p3.key() ^ DEFENDER_SALT).is_none(),
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

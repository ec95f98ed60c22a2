//! Depth-first proof-number search (df-pn, Nagai 2002) for "mate within n".
//!
//! The same AND/OR tree as [`search`](super::search): at an attacker (OR) node the
//! side to move needs one move after which every defence still allows mate within
//! the moves left; at a defender (AND) node every legal move must allow it. Instead
//! of deepening on n, df-pn grows the tree where the proof looks cheapest: every
//! node carries a proof number (how many leaves must still be proven to prove it)
//! and a disproof number (to disprove it), and the search descends into the most
//! proving child with thresholds, backing up only when a threshold is passed.
//!
//! * **Bound.** A node is a position, its kind and `n`, the attacker's moves left.
//!   Every attacker move lowers `n`, so a proof found is a mate within the bound,
//!   and a disproof is a proof that there is none.
//! * **One table for both engines.** The table ([`super::table`]) holds one entry
//!   per position (and kind): the proven "mate within" and "no mate within" bounds,
//!   which iterative deepening reads and writes too, and the proof and disproof
//!   numbers of the unsolved bound searched with the most work (another bound's
//!   go to a second entry in the same bucket). A node (position, n) is proven
//!   when `mate_within` ≤ n, disproven when `no_mate_within` ≥ n, and otherwise
//!   takes the numbers only when they are for this very n.
//! * **Repetitions and the graph-history interaction.** Because `n` falls by one
//!   every attacker move, no node (position, n) is its own descendant: the search
//!   graph is acyclic. The prover's rules ignore repetitions and the 50-move rule, so
//!   a node's value depends on the node alone, never on the path that reached it.
//!   There is therefore no path-dependent result to keep out of the table and no
//!   cycle to break: the graph-history interaction cannot arise.
//! * **Leaves.** An attacker node is tested with the exact mate-in-one finder first
//!   (proven at once when it mates), and with one move left it is disproven without
//!   generating a move. With two moves left it is solved outright by the
//!   depth-first search of iterative deepening, on the same table and node count
//!   ([`LEAF_MOVES`]): df-pn grows only the tree above mates in two. A defender
//!   node just above them tries its defences in the order likeliest to hold (the
//!   last that held, checks, captures: [`defence_rank`]), since each costs a
//!   search and the first that holds settles the node. A defender node with no
//!   legal move is proven when in check, disproven when stalemated.
//! * **Initial numbers.** A defender node starts with proof number 1 + 3 × its
//!   king's moves + a quarter of its legal defences, three times that when the
//!   attacker threatens no mate ([`defence_proof_number`]: each defence must be
//!   refuted, a king with room is the hard part, and without a threat the defence
//!   is free; not asked in a search for a shorter mate, [`DfPn::for_shorter_mate`])
//!   and disproof number 1 (weighted, see below); an attacker node with
//!   proof number = 1 + the moves of the defending king were it to move (a king
//!   with room is harder to mate) and disproof number = its number of legal moves
//!   (each must be refuted, as its children would say once it is expanded). With
//!   disproof number 1 instead, a defender node chose among its defences blindly;
//!   counted, it first tries the defence that leaves the attacker the fewest moves.
//!   On 80 matetrack positions with `bm` #5–#6, 5 M nodes each, the df-pn engine's
//!   nodes fell by 27–34 % and it proved 80 instead of 77.
//! * **Disproof numbers weighted by the moves left.** A new node's disproof number
//!   counts each refutation still needed at 4ⁿ⁻¹ ([`disproof_weight`]), so that a
//!   defence already being refuted, whose number comes from nodes one move deeper,
//!   looks cheaper than a sibling not yet tried: the search refutes one defence in
//!   depth before it turns to the next (deep df-pn's depth-first bias, on the
//!   disproof side). A quiet king march, where every attacking move looks alike to
//!   the proof numbers, needed more than 100 M nodes without it and 9 M with 8ⁿ⁻¹;
//!   matetrack samples with `bm` #5–#7 took 28–29 % fewer nodes with 8ⁿ⁻¹ than
//!   with no weight. 4ⁿ⁻¹ replaced 8ⁿ⁻¹: as many mates found or more, and 7 of
//!   the 11 hardest bm #8 found after less than half the nodes. Searches with a
//!   bound past 8 moves weight by 2ⁿ⁻¹ instead ([`weight_step`]): with 8ⁿ⁻¹ there,
//!   deeper mates were found less often than with no weight at all, and with 2ⁿ⁻¹
//!   more often (docs/bench-log, issue 21, sixth, seventh and thirteenth steps).
//! * **The attack that proved a sibling.** The attacking move that last proved a
//!   node with as many moves left is remembered, and a defender node reached by it
//!   starts with half its proof number ([`favour_proving_attack`]): most defences
//!   of a position fall to the same attack, a killer move given to df-pn.
//! * **Thresholds.** The 1 + ε trick (Pawlewicz and Lew 2007): the best child's
//!   threshold is the second best's number times 1 + ε (ε = 1/4) rather than plus
//!   one, so that the search does not thrash between two close siblings.
//! * **Memory.** The shared table, bounded by the hash MiB: unsolved numbers go
//!   first (the cheapest work first), and never replace a proven fact.

use super::MAX_MATE_MOVES;
use super::goal::DirectMate;
use super::search::Searcher;
use super::table::DEFENDER_SALT;
use crate::board::Board;

/// Proof or disproof number of a solved node (the other number is 0).
pub(super) const INF: u32 = u32::MAX / 2;

/// The kind of a node.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Kind {
    /// The mating side to move (OR).
    Attacker,
    /// The mating side not to move (AND).
    Defender,
}

/// A child being searched: the move to it, the position and its numbers.
struct Child<B: Board> {
    mv: B::Move,
    pos: B,
    key: u64,
    pn: u32,
    dn: u32,
}

/// The result of a df-pn search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Answer {
    /// Proven: mate within the bound.
    Proven,
    /// Disproven: no mate within the bound, proven.
    Disproven,
    /// A limit struck first.
    Aborted,
}

/// A df-pn search on a solve's [`Searcher`]: its table, its node count and its
/// limits (a node here is a position evaluated or expanded), and its depth-first
/// search for the leaves ([`LEAF_MOVES`]). When a limit strikes, the searcher's
/// `aborted` is set and nothing is stored after that.
pub(super) struct DfPn<'a, 'l, B: Board> {
    s: &'a mut Searcher<'l, B, DirectMate>,
    /// log₂ of the disproof weight's factor per move left ([`disproof_weight`]),
    /// chosen by the bound of the search under way ([`weight_step`]).
    weight_step: u32,
    /// The last two defences that held against a mate in two above the leaves
    /// (the newest first): they often hold at the siblings too.
    refutations: [Option<B::Move>; 2],
    /// By the attacker's moves left: the attack that last proved a node with
    /// that many moves left, favoured at its siblings ([`favour_proving_attack`]).
    proving_attacks: [Option<B::Move>; MAX_MOVES_LEFT + 1],
    /// Whether a defender node's first proof number asks for the attacker's mate
    /// threat ([`defence_proof_number`]).
    threats: bool,
}

/// The table key of a node (the same as iterative deepening's).
fn node_key<B: Board>(pos: &B, kind: Kind) -> u64 {
    let salt = if kind == Kind::Defender {
        DEFENDER_SALT
    } else {
        0
    };
    pos.key() ^ salt
}

/// Saturating sum of numbers, [`INF`] only when one of them is.
fn sum(values: impl Iterator<Item = u32>) -> u32 {
    let mut total: u64 = 0;
    for v in values {
        if v >= INF {
            return INF;
        }
        total += u64::from(v);
    }
    total.min(u64::from(INF - 1)) as u32
}

/// The 1 + ε threshold for the best child, from the second best's number.
fn widen(second: u32) -> u32 {
    if second >= INF {
        INF
    } else {
        second.saturating_add((second / 4).max(1)).min(INF)
    }
}

impl<'a, 'l, B: Board> DfPn<'a, 'l, B> {
    /// A search on the searcher's table, counting its nodes, within its limits.
    pub fn new(s: &'a mut Searcher<'l, B, DirectMate>) -> DfPn<'a, 'l, B> {
        DfPn {
            s,
            weight_step: weight_step(1),
            refutations: [None; 2],
            proving_attacks: [None; MAX_MOVES_LEFT + 1],
            threats: true,
        }
    }

    /// A search for a mate shorter than one already proven, whose answer is
    /// nearly always a disproof: the defender nodes' first proof numbers leave
    /// out the mate-threat test ([`defence_proof_number`]).
    ///
    /// The test costs about 8 % of the time a node, and what it buys is an order
    /// of the attacks, toward the ones that threaten. A disproof refutes every
    /// attack, whatever the order, and without the test the same nodes reach
    /// more disproofs: on 442 matetrack positions with `bm` #6–#8 at 4 M nodes
    /// each (the portfolio), 293 mates were proven the shortest instead of 286,
    /// and on 166 with `bm` #9–#12, 21 instead of 18 (docs/bench-log, issue 21,
    /// sixteenth step). The first proof, which finds the mate, keeps the test.
    pub fn for_shorter_mate(s: &'a mut Searcher<'l, B, DirectMate>) -> DfPn<'a, 'l, B> {
        DfPn {
            threats: false,
            ..DfPn::new(s)
        }
    }

    /// The attack that last proved an attacker node with `n` moves left.
    fn proving_attack(&self, n: u32) -> Option<B::Move> {
        self.proving_attacks[moves_left_slot(n)]
    }

    /// Counts a node; true when the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.s.tick()
    }

    /// Whether a limit struck.
    #[inline]
    fn aborted(&self) -> bool {
        self.s.aborted
    }

    /// Can the side to move force mate within `n` of its moves (`n` ≥ 1)?
    pub fn attacker(&mut self, pos: &B, n: u32) -> Answer {
        self.root(pos, Kind::Attacker, n)
    }

    /// Does every move of the side to move allow the other side mate within `n`
    /// (`n` ≥ 1)? A side without legal moves: only when checkmated.
    pub fn defender(&mut self, pos: &B, n: u32) -> Answer {
        self.root(pos, Kind::Defender, n)
    }

    fn root(&mut self, pos: &B, kind: Kind, n: u32) -> Answer {
        if self.aborted() {
            return Answer::Aborted;
        }
        self.weight_step = weight_step(n);
        let key = node_key(pos, kind);
        let (mut pn, mut dn) = match self.known(key, n) {
            Some(v) => v,
            None => self.evaluate(pos, kind, n),
        };
        while pn != 0 && dn != 0 && !self.aborted() {
            (pn, dn) = self.mid(pos, kind, n, key, INF, INF);
        }
        match (pn, dn) {
            _ if self.aborted() => Answer::Aborted,
            (0, _) => Answer::Proven,
            _ => Answer::Disproven,
        }
    }

    /// The numbers of a node from the table: solved by a proven bound (whichever
    /// engine proved it, at whatever depth), or df-pn's numbers for this `n`.
    fn known(&self, key: u64, n: u32) -> Option<(u32, u32)> {
        let e = self.s.table.probe_bound(key, n)?;
        if e.mate_within != 0 && u32::from(e.mate_within) <= n {
            Some((0, INF))
        } else if u32::from(e.no_mate_within) >= n {
            Some((INF, 0))
        } else {
            e.numbers
        }
    }

    /// Stores a node's numbers: a proof or disproof as a bound, else the numbers.
    fn store(&mut self, key: u64, n: u32, pn: u32, dn: u32, work: u64, best: Option<B::Move>) {
        if pn == 0 {
            self.s.table.store_mate(key, n, best);
        } else if dn == 0 {
            self.s.table.store_no_mate(key, n);
        } else {
            self.s.table.store_numbers(key, n, pn, dn, work);
        }
    }

    /// The numbers of a node not yet in the table, solving the leaves.
    fn evaluate(&mut self, pos: &B, kind: Kind, n: u32) -> (u32, u32) {
        self.tick();
        match kind {
            // Two moves left: solved at once, depth-first (which stores the answer).
            Kind::Attacker if n == LEAF_MOVES => match self.s.attacker(pos, n, 0) {
                _ if self.aborted() => (1, 1),
                true => (0, INF),
                false => (INF, 0),
            },
            Kind::Attacker => {
                if pos.first_mate_in_one().is_some() {
                    (0, INF)
                } else if n <= 1 {
                    (INF, 0)
                } else {
                    // The defending king's moves were it to move (an attacker in
                    // check cannot pass: 1): `Board::defending_king_room`.
                    let room = pos.defending_king_room();
                    // Each move must be refuted, each refutation counted at the
                    // weight of this many moves left; once expanded, the children
                    // count at the weight of one move less (`disproof_weight`).
                    let moves = pos.count_legal_moves().clamp(1, u64::from(INF - 1));
                    let dn = (moves as u32).saturating_mul(disproof_weight(n, self.weight_step));
                    (1 + room, dn.min(INF - 1))
                }
            }
            Kind::Defender => {
                let (replies, king_moves) = pos.count_legal_and_king_moves();
                if replies == 0 {
                    if pos.is_check() { (0, INF) } else { (INF, 0) }
                } else if n == 0 {
                    (INF, 0)
                } else {
                    (
                        defence_proof_number(replies, king_moves, pos, self.threats),
                        disproof_weight(n, self.weight_step),
                    )
                }
            }
        }
    }

    /// Searches an unsolved node until its proof number reaches `th_pn` or its
    /// disproof number `th_dn` (or it is solved), stores and returns its numbers.
    fn mid(&mut self, pos: &B, kind: Kind, n: u32, key: u64, th_pn: u32, th_dn: u32) -> (u32, u32) {
        if kind == Kind::Defender && n == LEAF_MOVES {
            return self.defender_above_leaves(pos, n, key);
        }
        let start = self.s.nodes;
        let (child_kind, child_n) = match kind {
            Kind::Attacker => (Kind::Defender, n - 1),
            Kind::Defender => (Kind::Attacker, n),
        };
        // Every child is made once, here, and searched in place: a position is
        // about 130 bytes, and copying it took 8 % of df-pn's time on a deep bm #8
        // (under 4 % now).
        let mut children: Vec<Child<B>> = (pos.legal_moves().iter())
            .map(|&mv| {
                let child = pos.after(mv);
                Child {
                    mv,
                    key: node_key(&child, child_kind),
                    pos: child,
                    pn: 0,
                    dn: 0,
                }
            })
            .collect();
        // Every child's bucket is asked for before the first is read: the cache
        // misses overlap (on a deep bm #8 at 8 M nodes, about 10 % less time).
        for c in &children {
            self.s.table.touch(c.key);
        }
        let mut listed = children.len();
        for (i, c) in children.iter_mut().enumerate() {
            let (pn, dn) = match self.known(c.key, child_n) {
                Some(v) => v,
                None => match self.evaluate(&c.pos, child_kind, child_n) {
                    (pn, dn)
                        if kind == Kind::Attacker
                            && pn != 0
                            && dn != 0
                            && self.proving_attack(n) == Some(c.mv) =>
                    {
                        (favour_proving_attack(pn), dn)
                    }
                    numbers => numbers,
                },
            };
            if self.aborted() {
                return (1, 1);
            }
            (c.pn, c.dn) = (pn, dn);
            // One proven attack or one holding defence settles the node.
            let settled = match kind {
                Kind::Attacker => pn == 0,
                Kind::Defender => dn == 0,
            };
            if settled {
                listed = i + 1;
                break;
            }
        }
        children.truncate(listed);
        loop {
            // Other paths may have solved a child meanwhile (transpositions).
            for c in &children {
                self.s.table.touch(c.key);
            }
            for c in children.iter_mut() {
                if let Some((pn, dn)) = self.known(c.key, child_n) {
                    (c.pn, c.dn) = (pn, dn);
                }
            }
            let (pn, dn, best, second) = match kind {
                Kind::Attacker => {
                    let (best, second) = two_least(children.iter().map(|c| c.pn));
                    let pn = best.map_or(INF, |i| children[i].pn);
                    (pn, sum(children.iter().map(|c| c.dn)), best, second)
                }
                Kind::Defender => {
                    let (best, second) = two_least(children.iter().map(|c| c.dn));
                    let dn = best.map_or(INF, |i| children[i].dn);
                    (sum(children.iter().map(|c| c.pn)), dn, best, second)
                }
            };
            // No legal move at an attacker node (pn = INF, dn = 0) cannot happen:
            // such nodes are leaves. Defender nodes without moves are leaves too.
            if pn >= th_pn || dn >= th_dn || pn == 0 || dn == 0 {
                if !self.aborted() {
                    let best = match kind {
                        Kind::Attacker if pn == 0 => best.map(|i| children[i].mv),
                        _ => None,
                    };
                    if best.is_some() {
                        self.proving_attacks[moves_left_slot(n)] = best;
                    }
                    self.store(key, n, pn, dn, self.s.nodes - start, best);
                }
                return (pn, dn);
            }
            let Some(i) = best else {
                return (pn, dn);
            };
            let (c_pn, c_dn) = (children[i].pn, children[i].dn);
            let (cth_pn, cth_dn) = match kind {
                Kind::Attacker => (
                    th_pn.min(widen(second)),
                    th_dn.saturating_sub(dn).saturating_add(c_dn).min(INF),
                ),
                Kind::Defender => (
                    th_pn.saturating_sub(pn).saturating_add(c_pn).min(INF),
                    th_dn.min(widen(second)),
                ),
            };
            if self.tick() {
                return (pn, dn);
            }
            let child = &children[i];
            let (npn, ndn) = self.mid(&child.pos, child_kind, child_n, child.key, cth_pn, cth_dn);
            (children[i].pn, children[i].dn) = (npn, ndn);
            if self.aborted() {
                return (pn, dn);
            }
        }
    }

    /// [`DfPn::mid`] at a defender node whose children are leaves (attacker nodes
    /// with [`LEAF_MOVES`] left): each is solved outright as it is met, and the
    /// first defence that holds settles the node, so the node is settled here,
    /// in one pass, whatever the thresholds.
    ///
    /// The defences are met in the order likeliest to hold ([`defence_rank`]),
    /// and a child position is made only when its turn comes: the first or second
    /// defence usually holds, and making all thirty children first, as the other
    /// nodes do, spent more than the leaves they skip.
    fn defender_above_leaves(&mut self, pos: &B, n: u32, key: u64) -> (u32, u32) {
        let start = self.s.nodes;
        let moves = pos.legal_moves();
        let refutations = self.refutations;
        // On the stack for every orthodox position; a large fairy board may need more.
        let mut small = [0u8; crate::MAX_MOVES];
        let mut large = Vec::new();
        let ranks: &mut [u8] = if moves.len() <= small.len() {
            &mut small
        } else {
            large.resize(moves.len(), 0u8);
            &mut large
        };
        for (rank, &mv) in ranks.iter_mut().zip(moves.iter()) {
            *rank = defence_rank(pos, mv, refutations);
        }
        for wanted in 0..=DEFENCE_RANKS {
            for (&rank, &mv) in ranks.iter().zip(moves.iter()) {
                if rank != wanted {
                    continue;
                }
                let child = pos.after(mv);
                let child_key = node_key(&child, Kind::Attacker);
                let holds = match self.known(child_key, n) {
                    Some((pn, dn)) if pn == 0 || dn == 0 => dn == 0,
                    _ => self.evaluate(&child, Kind::Attacker, n).1 == 0,
                };
                if self.aborted() {
                    return (1, 1);
                }
                if holds {
                    if self.refutations[0] != Some(mv) {
                        self.refutations = [Some(mv), self.refutations[0]];
                    }
                    self.store(key, n, INF, 0, self.s.nodes - start, None);
                    return (INF, 0);
                }
            }
        }
        self.store(key, n, 0, INF, self.s.nodes - start, None);
        (0, INF)
    }

    /// The length of the mate that the table proves at an attacker node proven
    /// within `n`, and the attack that gives it: at most `n`, and a mate within
    /// it is proven (by the entries read). Where an entry is missing (replaced),
    /// `n` is taken, and where no attack's proof is left, there is no attack.
    pub fn proof_length(&self, pos: &B, n: u32) -> (u32, Option<B::Move>) {
        if let Some(mate) = pos.first_mate_in_one() {
            return (1, Some(mate));
        }
        self.shortest_attack(pos, n, &mut std::collections::HashMap::new())
    }

    /// [`DfPn::proof_length`] at a defender node proven lost within `n`.
    pub fn loss_length(&self, pos: &B, n: u32) -> u32 {
        let mut memo = std::collections::HashMap::new();
        self.defence_length(pos, n, &mut memo)
    }

    /// The proven "mate within" bound of a node, if any, at most `n`.
    fn proven(&self, key: u64, n: u32) -> Option<u32> {
        self.s
            .table
            .probe(key)
            .map(|e| u32::from(e.mate_within))
            .filter(|&m| m != 0 && m <= n)
    }

    /// An attacker node proven within `n`: 1 for a mate in one, else one more
    /// than the shortest proven defender child.
    fn attack_length(
        &self,
        pos: &B,
        n: u32,
        memo: &mut std::collections::HashMap<u64, u32>,
    ) -> u32 {
        if n <= 1 || pos.first_mate_in_one().is_some() {
            return 1.min(n);
        }
        let key = node_key(pos, Kind::Attacker);
        if let Some(&l) = memo.get(&key) {
            return l.min(n);
        }
        let (best, _) = self.shortest_attack(pos, n, memo);
        memo.insert(key, best);
        best
    }

    /// Of the attacks whose defender child the table proves lost within `n` − 1,
    /// the one with the shortest proven mate and its length (`n` and none when
    /// no attack's proof is left).
    fn shortest_attack(
        &self,
        pos: &B,
        n: u32,
        memo: &mut std::collections::HashMap<u64, u32>,
    ) -> (u32, Option<B::Move>) {
        let mut best = (n, None);
        for &mv in pos.legal_moves().iter() {
            let child = pos.after(mv);
            if let Some(m) = self.proven(node_key(&child, Kind::Defender), n.saturating_sub(1)) {
                let length = 1 + self.defence_length(&child, m, memo);
                if best.1.is_none() || length < best.0 {
                    best = (length, Some(mv));
                }
            }
        }
        best
    }

    /// A defender node proven lost within `n`: the longest of its defences (0
    /// when checkmated).
    fn defence_length(
        &self,
        pos: &B,
        n: u32,
        memo: &mut std::collections::HashMap<u64, u32>,
    ) -> u32 {
        let replies = pos.legal_moves();
        if replies.is_empty() {
            return 0;
        }
        let key = node_key(pos, Kind::Defender);
        if let Some(&l) = memo.get(&key) {
            return l.min(n);
        }
        let mut worst = 0;
        for &mv in replies.iter() {
            let child = pos.after(mv);
            let bound = if child.first_mate_in_one().is_some() {
                Some(1)
            } else {
                self.proven(node_key(&child, Kind::Attacker), n)
            };
            worst = worst.max(match bound {
                Some(m) => self.attack_length(&child, m, memo),
                None => n,
            });
            if worst == n {
                break;
            }
        }
        memo.insert(key, worst);
        worst
    }
}

/// The indices of the least and (the value of) the second least numbers.
fn two_least(values: impl Iterator<Item = u32>) -> (Option<usize>, u32) {
    let mut best: Option<(usize, u32)> = None;
    let mut second = INF;
    for (i, v) in values.enumerate() {
        match best {
            Some((_, b)) if v >= b => second = second.min(v),
            Some((_, b)) => {
                second = b;
                best = Some((i, v));
            }
            None => best = Some((i, v)),
        }
    }
    (best.map(|(i, _)| i), second)
}

/// The initial proof number of a defender node reached by the attack that last
/// proved an attacker node with as many moves left ([`DfPn::proving_attack`]):
/// half its own, at least 1.
///
/// The siblings of a proven attacker node are the other defences of one position,
/// and in a mate most defences fall to the same attack (the threat, the key's
/// follow-up): a killer move, as alpha-beta searchers keep one, given to df-pn as
/// a cheaper-looking proof. Only a node's first numbers are changed; once searched
/// it carries its own. On the 3,284 matetrack positions with `bm` #5–#8 at 1 M nodes
/// each, df-pn found 3,006 instead of 2,996, with fewer nodes on 251 and more on 135
/// of those both found (by 10 % or more); of 144 that it did not find there before
/// (every other one), it found 68, 117 and 129 within 2, 5 and 10 M nodes instead of
/// 64, 109 and 127, with 12 % fewer nodes (geometric mean). A quarter of the number
/// instead of half, and the same favour added for the defence that last held, did
/// less well; the last two proving attacks instead of one did no better on the broad
/// sample (docs/bench-log, issue 21, eleventh step).
fn favour_proving_attack(pn: u32) -> u32 {
    (pn / 2).max(1)
}

/// The most attacker moves left that [`DfPn::proving_attacks`] tells apart: the
/// solver's longest bound.
const MAX_MOVES_LEFT: usize = MAX_MATE_MOVES as usize;

/// The slot of [`DfPn::proving_attacks`] for `n` moves left (the last slot is
/// shared past [`MAX_MOVES_LEFT`], which a solve never reaches).
fn moves_left_slot(n: u32) -> usize {
    (n as usize).min(MAX_MOVES_LEFT)
}

/// The order in which the defences of a node above the leaves are tried: the
/// last refutations ([`DfPn::refutations`]), then checks, then captures, then the
/// rest, each group in the order of the legal moves.
///
/// Each child there costs a mate-in-two search as it is listed, and the first
/// defence that holds ends the listing. In the order of the legal moves, one hard
/// bm #7 needed 291,376 leaves to find its mate; in this order 184,209 (df-pn
/// 16.8 M nodes to the proof, now 10.6 M; docs/bench-log, issue 21, ninth step).
fn defence_rank<B: Board>(pos: &B, mv: B::Move, refutations: [Option<B::Move>; 2]) -> u8 {
    if refutations[0] == Some(mv) {
        0
    } else if refutations[1] == Some(mv) {
        1
    } else if pos.gives_check(mv) {
        2
    } else if pos.is_capture(mv) {
        3
    } else {
        DEFENCE_RANKS
    }
}

/// The last of [`defence_rank`]'s ranks.
const DEFENCE_RANKS: u8 = 4;

/// The initial proof number of a defender node with this many legal `replies`
/// (not none), `king_moves` of them the king's: 1 + 3 × the king's moves + a
/// quarter of all the replies.
///
/// Every defence must be refuted, but they are not alike: a king with room is
/// the hard part of a mate, while most other defences (interpositions, men
/// walking away) fall to the threat itself. Counted alike, as the number of
/// replies, a quiet key that leaves the defence thirty moves looked thirty times
/// as hard as a check with one reply, and the search starved it. On 64 matetrack
/// positions with `bm` #6–#8 that the replies as proof numbers, or a variant of
/// them, did not find within 1 M nodes, df-pn found 58 within 10 M nodes, not 54,
/// with 24 % fewer nodes (geometric mean); of 442 positions with `bm` #6–#8
/// (every 7th of the file's), 396 within 1 M instead of 392, with 39 % fewer.
/// Weights of 2 and 4 for the king's moves, and captures counted apart, did less
/// well (docs/bench-log, issue 21, tenth step).
///
/// ```text
/// replies, king's:   1, 1   8, 0   30, 0   30, 3   40, 8
/// proof number:      4      3      8       17      35
/// ```
///
/// **Unless a mate is threatened, three times that.** When the defender is not
/// in check and the attacker, were it to move again, would have no mate in one
/// ([`Board::has_mate_threat`]), the number is multiplied by [`NO_THREAT_FACTOR`]. An
/// attacking move that neither checks nor threatens mate leaves the defence
/// free to do anything, and seldom leads to a short mate; one that threatens
/// mate narrows the defence to the moves that parry it, and most of the others
/// fall to the threat itself. On 442 matetrack positions with `bm` #6–#8 at 4 M
/// nodes each, df-pn found 435 instead of 431, with 19 % fewer nodes (geometric
/// mean; fewer on 265, more on 124), and the five hardest bm #8 took 10–49 M
/// nodes instead of 50–78 M. Factors of 2 and 4 did as well on the 442 but left
/// the worst of the five at 67 M and 80 M. The test costs about 8 % more time a
/// node (docs/bench-log, issue 21, fourteenth step).
fn defence_proof_number<B: Board>(replies: u64, king_moves: u64, pos: &B, threats: bool) -> u32 {
    let mut pn = 1 + 3 * king_moves + replies / 4;
    if threats && !pos.is_check() && !pos.has_mate_threat() {
        pn *= u64::from(NO_THREAT_FACTOR);
    }
    pn.min(u64::from(INF - 1)) as u32
}

/// What [`defence_proof_number`] multiplies by when no mate is threatened.
const NO_THREAT_FACTOR: u32 = 3;

/// The weight of one unexpanded node's disproof number, `n` moves left: 2^(`step`
/// × (n − 1)), at most 2²⁴, so that a node's number stays below [`INF`] for up to
/// 127 moves (`evaluate` clamps the rarer product past it).
///
/// Once expanded, a node's disproof number is counted in its children's weight,
/// one move less: 2^`step` times less. A defence being refuted therefore looks
/// cheaper than a sibling not yet tried, and the search keeps refuting one defence
/// deep instead of turning to shallow siblings (the depth-first effect of deep
/// df-pn, Zhang, Iida and van den Herik 2017, here on the disproof side only, with
/// the moves left as the depth). The attacker's proof side is unchanged.
///
/// ```text
/// n:                1  2  3   4    …  8      …  25 and up
/// step 2 (≤ #8):    1  4  16  64   …  2^14
/// step 1 (past #8): 1  2  4   8    …  2^7    …  2^24
/// ```
fn disproof_weight(n: u32, step: u32) -> u32 {
    1 << step.saturating_mul(n.max(1) - 1).min(24)
}

/// The step of [`disproof_weight`] for a search within `bound` moves: 2 (a factor
/// of 4 a move) up to [`STEEP_WEIGHT_UP_TO`], 1 (a factor of 2) past it.
///
/// A steep bias refutes in depth at once, which wins where the mate is short and
/// quiet; over a long bound it refutes deep lines of attacks that are not yet the
/// right ones, and a gentler bias finds more of the deep mates. On every 20th line
/// of matetrack (326 positions, 4 M nodes each, the portfolio), a step of 1 past
/// #8 found 269 mates and proved 126 the shortest, against 255 and 124 with 3
/// throughout, 264 and 123 with no weight past #8, and 266 and 124 with 1 only
/// past #9 (docs/bench-log, issue 21, seventh step). Up to #8 the step was 3 until
/// the thirteenth step: on 442 matetrack bm #6–#8 at 4 M nodes (df-pn), 2 found
/// 431 and proved 291 the shortest against 429 and 287, on 93 bm #5 it took 5 %
/// fewer nodes, and of the 13 bm #5–#8 that 3 had not found within 10 s, both
/// found 11 within 150 M nodes, but 2 found 6 of them within 40 M (about 10 s) and
/// 3 none. Past #8, 2 and 1 were alike (144 and 143 of 166 bm #9–#12 found at 4 M
/// nodes).
fn weight_step(bound: u32) -> u32 {
    if bound <= STEEP_WEIGHT_UP_TO { 2 } else { 1 }
}

/// The longest bound searched with the steeper disproof weight ([`weight_step`]).
const STEEP_WEIGHT_UP_TO: u32 = 8;

/// The moves left at which an attacker node is a leaf, solved by the depth-first
/// search ([`Searcher::attacker`]) as soon as df-pn meets it.
///
/// With two moves left the depth-first search is at its fastest (the table's
/// move, then the checks, killers at the defences, the exact mate-in-one finder
/// as its horizon, no position kept) and a mate in two is settled in a few
/// hundred nodes: df-pn growing that subtree itself spends more, in slower nodes.
/// On 80 matetrack positions with `bm` #5–#8 at 2 M nodes each, the df-pn engine
/// proved 48 the shortest instead of 42 (the same 75 found) in 7 % less time, side
/// by side; with three moves left as leaves it found only 71 (BENCHMARKS.md,
/// issue 21, eighth step).
const LEAF_MOVES: u32 = 2;

#[cfg(test)]
mod tests {
    use super::super::Horizon;
    use super::*;
    use crate::Position;
    use crate::limits::Limits;

    /// A defender node above the leaves, settled in one pass with its children made
    /// as they are met ([`DfPn::defender_above_leaves`]), agrees with the
    /// depth-first search, each on a fresh table, both where a defence holds and
    /// where every defence is mated.
    #[test]
    fn defenders_above_the_leaves_agree_with_the_depth_first_search() {
        let limits = Limits::default();
        let (mut held, mut mated) = (0, 0);
        // Back-rank positions (White to move), where some attacking moves keep a
        // mate within two and others let a defence hold, and the start position.
        for fen in [
            "6k1/5ppp/8/8/8/8/5PPP/3RR1K1 w - - 0 1",
            "r5k1/5ppp/8/8/8/8/5PPP/3QR1K1 w - - 0 1",
            "6k1/5p1p/6p1/8/8/8/1B3PPP/3R2K1 w - - 0 1",
            "k7/8/1K6/8/8/8/7Q/8 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            for &mv in &pos.legal_moves() {
                let defender = pos.after(mv);
                let mut depth_first: Searcher<'_, Position, DirectMate> =
                    Searcher::new(1, &limits, Horizon::default());
                let expected = depth_first.defender(&defender, LEAF_MOVES, 0);
                let mut s = Searcher::new(1, &limits, Horizon::default());
                let answer = DfPn::new(&mut s).defender(&defender, LEAF_MOVES);
                let want = if expected {
                    mated += 1;
                    Answer::Proven
                } else {
                    held += 1;
                    Answer::Disproven
                };
                assert_eq!(answer, want, "{fen} after {}", mv.uci());
            }
        }
        assert!(held > 20 && mated > 20, "{held} held, {mated} mated");
    }

    /// A defender not in check counts three times as hard to mate when the
    /// attacker threatens no mate in one ([`NO_THREAT_FACTOR`]), unless the test
    /// is left out ([`DfPn::for_shorter_mate`]).
    #[test]
    fn a_defence_without_a_mate_threat_counts_three_times() {
        for (fen, factor) in [
            // White threatens Re8#.
            ("6k1/5ppp/8/8/8/8/8/4R1K1 b - - 0 1", 1),
            // Luft on h6: no threat.
            ("6k1/5pp1/7p/8/8/8/8/4R1K1 b - - 0 1", 3),
            // In check: the defence is forced, no threat is asked for.
            ("4R1k1/5pp1/7p/8/8/8/8/6K1 b - - 0 1", 1),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let (replies, king) = pos.count_legal_and_king_moves();
            let plain = 1 + 3 * king as u32 + replies as u32 / 4;
            assert_eq!(
                defence_proof_number(replies, king, &pos, true),
                factor * plain,
                "{fen}"
            );
            // A search for a shorter mate asks for no threat.
            assert_eq!(defence_proof_number(replies, king, &pos, false), plain);
        }
    }
}

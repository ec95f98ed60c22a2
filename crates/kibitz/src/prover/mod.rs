//! The prover: forced mates in N, exactly — the shortest length, every key, a
//! principal line and, on request, a solution tree anyone can check.
//!
//! [`solve`] answers, for a position and a bound N (moves of the side that mates):
//!
//! * [`Verdict::MateIn`]`(n)`: the side to move mates in `n` ≤ N by force, and in
//!   no fewer;
//! * [`Verdict::MatedIn`]`(n)`: the side to move is mated in `n` ≤ N (moves of the
//!   opponent) whatever it plays, and it has no mate of its own first;
//! * [`Verdict::NoMateWithin`]`(N)`: neither, proven;
//! * [`Verdict::Unknown`]: a limit (nodes, time, the stop flag) ended the search
//!   first; what was proven so far is kept.
//!
//! The rules are those of composed problems: **the 50-move rule and repetitions are
//! ignored** (a mate in 30 that passes the 50-move mark, or that a repetition could
//! dodge in a game, still counts). Stalemate is not mate, and a defence that gives
//! check must be answered like any other. No pruning drops a move for looking
//! unpromising: a quiet key that threatens nothing (a zugzwang) is found.
//!
//! Two engines share one transposition table, keyed by the position's Zobrist hash
//! (which includes castling and en-passant rights), whose entry per position holds
//! the proven "mate within" and "no mate within" bounds. Iterative deepening on n
//! proves short mates fastest: depth-first, the last attacker move of every line the
//! exact mate-in-one finder, with no move generation. Depth-first proof-number
//! search (df-pn, module `dfpn`) finds deep mates: it grows the proof where it looks
//! cheapest. By default a portfolio runs iterative deepening up to mate in 4 with at
//! most a quarter of the budget (2 M nodes without a limit), then df-pn with the
//! rest; a mate df-pn finds is an upper bound, and proving "no mate within one move
//! less" makes it the shortest (one depth-first search; under a limit, that search
//! with 60 % of what is left, then df-pn with the rest). When a limit strikes in
//! between, [`Solution::shortest`] is false and the length is only an upper bound.
//! The table checks the full 64-bit key, so only a 64-bit hash collision could
//! mislead it — the solution tree, replayed by [`Solution::verify`] with nothing
//! but the rules, catches even that.
//!
//! ```
//! use kibitz::Position;
//! use kibitz::prover::{SolveOptions, Verdict, solve};
//! // 1.Rd5! threatens nothing, yet Black must play Kh3, and Rh5# follows: a
//! // zugzwang key, which a "keys must threaten" search would miss.
//! let pos = Position::from_fen("8/8/8/8/7k/5K2/8/3R4 w - - 0 1").unwrap();
//! let sol = solve(&pos, &SolveOptions { tree: true, ..SolveOptions::mate_in(3) });
//! assert_eq!(sol.outcome, Verdict::MateIn(2));
//! let keys: Vec<String> = sol.keys.iter().map(|k| k.mv.uci()).collect();
//! assert_eq!(keys, ["d1d5"]);
//! let line: Vec<String> = sol.line.iter().map(|m| m.uci()).collect();
//! assert_eq!(line, ["d1d5", "h4h3", "d5h5"]);
//! sol.verify(&pos).unwrap();
//! ```

mod dfpn;
mod goal;
mod search;
mod table;
mod tree;

use crate::board::Board;
use crate::limits::Limits;
use dfpn::{Answer, DfPn};
pub use goal::{DirectMate, Goal, SelfMate};
pub(crate) use search::Searcher;
pub use tree::{Tree, TreeMove, TreeReply, VerifyError, VerifyErrorKind};

/// The searcher of the direct mate on board `B`.
type MateSearcher<'l, B> = Searcher<'l, B, DirectMate>;

/// The longest mate [`solve`] looks for; a larger bound is cut to this.
pub const MAX_MATE_MOVES: u32 = 100;

/// The most a solve's table grows to unless told otherwise, in MiB.
///
/// The table starts at 64 KiB and doubles only as it fills, so a short mate never
/// touches more than it needs; a deep one fills about 256 MiB in 10 s on one core.
/// With 16 MiB, the old default, df-pn's unsolved numbers were pushed out faster
/// than they were used: of the 32 matetrack positions with `bm` #5–#8 that df-pn
/// alone did not prove within 10 M nodes, `kibitz solve --time 10 -j 1` found 16
/// with 256 MiB and 10 with 16 MiB, side by side on a quiet machine, and of 35
/// that it proved within 2 to 20 M nodes, 35 and 34 (docs/bench-log, issue 21,
/// eleventh step). A larger table costs more cache misses per node; at 1 s a
/// position, where it fills less, BENCHMARKS.md has the two side by side.
///
/// ```
/// use kibitz::prover::{DEFAULT_HASH_MB, SolveOptions};
/// assert_eq!(SolveOptions::mate_in(7).hash_mb, DEFAULT_HASH_MB);
/// ```
pub const DEFAULT_HASH_MB: usize = 256;

/// The largest table a solve may be given, in MiB (`kibitz solve --hash`, the
/// Python module's `hash_mb`).
pub const MAX_HASH_MB: usize = 65536;

/// `mb` halved until `tables` tables of that size (one per worker) fit in the
/// memory available, at least 1 MiB: Linux's `MemAvailable`, and `mb` unchanged
/// where that cannot be read. A table grows only as it fills and stops growing
/// when an allocation fails, but on a system that overcommits memory the kernel
/// kills the process instead of failing it: the bound must fit before the search.
///
/// ```
/// use kibitz::prover::{DEFAULT_HASH_MB, fit_hash_mb};
/// // The default table for each of two workers: the default, or less.
/// let mb = fit_hash_mb(DEFAULT_HASH_MB, 2);
/// assert!((1..=DEFAULT_HASH_MB).contains(&mb));
/// ```
pub fn fit_hash_mb(mb: usize, tables: usize) -> usize {
    available_mib().map_or(mb, |available| halve_to_fit(mb, tables, available))
}

/// `mb` halved until `tables` of it fit in `available` MiB, at least 1.
fn halve_to_fit(mb: usize, tables: usize, available: usize) -> usize {
    let mut fit = mb;
    while fit > 1 && fit.saturating_mul(tables) > available {
        fit /= 2;
    }
    fit.max(1)
}

/// Linux's `MemAvailable` in MiB, when it can be read.
fn available_mib() -> Option<usize> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kb = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse::<usize>()
        .ok()?;
    Some(kb / 1024)
}

/// What to prove and when to give up.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// N: look for mates within this many moves of the mating side (at most
    /// [`MAX_MATE_MOVES`]). 0 proves nothing but an existing checkmate.
    pub max_moves: u32,
    /// Every first move that mates within N, each with its own length; otherwise
    /// only the keys of the shortest mate.
    pub all_keys: bool,
    /// One key of the shortest mate is enough (UCI `go mate`, which plays one
    /// move): the other first moves are not searched, so a second key (a cook)
    /// is not looked for. The length is still proven the shortest. Ignored with
    /// `all_keys`.
    ///
    /// ```
    /// use kibitz::Position;
    /// use kibitz::prover::{SolveOptions, Verdict, solve};
    /// // Ra8# and Re8#: two keys, of which one is enough here.
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1").unwrap();
    /// let both = solve(&pos, &SolveOptions { tree: true, ..SolveOptions::mate_in(2) });
    /// assert_eq!(both.keys.len(), 2);
    /// let opts = SolveOptions { one_key: true, tree: true, ..SolveOptions::mate_in(2) };
    /// let one = solve(&pos, &opts);
    /// assert_eq!((one.outcome, one.keys.len()), (Verdict::MateIn(1), 1));
    /// one.verify(&pos).unwrap();
    /// ```
    pub one_key: bool,
    /// Build the solution tree ([`Solution::tree`]).
    pub tree: bool,
    /// The most keys kept (each with its tree); None keeps every one (0 is
    /// taken as 1). The keys
    /// kept are the first ones of the shortest lengths, in the order they would
    /// be listed without the cap, and the search for more stops once more than
    /// this many of the shortest length are found; [`Solution::more_keys`] says
    /// that there were more.
    ///
    /// ```
    /// use kibitz::Position;
    /// use kibitz::prover::{SolveOptions, solve};
    /// // Ra8# and Re8#: two keys, of which one is kept.
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1").unwrap();
    /// let one = solve(&pos, &SolveOptions { max_keys: Some(1), tree: true, ..SolveOptions::mate_in(2) });
    /// assert_eq!((one.keys.len(), one.more_keys), (1, true));
    /// one.verify(&pos).unwrap();
    /// ```
    pub max_keys: Option<usize>,
    /// When to give up: after about this many nodes, at this moment, or when
    /// another thread sets the flag (UCI `stop`); the limits of every search.
    pub limits: Limits,
    /// The most the transposition table may grow to, in MiB: it starts at 64 KiB
    /// and doubles as it fills, so a small proof never clears a large table; it
    /// never grows past this (0 or 1: 64 KiB). When full, unsolved df-pn numbers
    /// make way before proven bounds, shallow bounds before deep ones.
    pub hash_mb: usize,
    /// How mate in one is tested, for A/B measurements only (issue 12, item 5):
    /// every variant gives the same answers, the default is the fastest measured.
    #[doc(hidden)]
    pub horizon: Horizon,
}

/// The mate-in-one test of the prover: at every attacker node (a mate in one is the
/// cheapest proof) and after every defence with one attacker move left (the
/// horizon). All are exact; they differ in speed only, and exist so that
/// `kibitz-bench prover-horizon` can compare them (BENCHMARKS.md).
#[doc(hidden)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Horizon {
    /// Every legal move played and the position after it tested for checkmate.
    Generate,
    /// The exact finder ([`mates_in_one`](crate::mate::mates_in_one),
    /// [`count_mates_in_one`](crate::mate::count_mates_in_one)), which looks only
    /// at the squares a mating man can land on.
    #[default]
    Exact,
    /// The glance detector first (it reports no false mates but misses some), and
    /// the exact finder when it sees none.
    GlanceFirst,
}

impl SolveOptions {
    /// Mates within `n` moves, shortest keys only, no tree, no limits, a table of
    /// up to [`DEFAULT_HASH_MB`].
    ///
    /// ```
    /// use kibitz::prover::SolveOptions;
    /// assert_eq!(SolveOptions::mate_in(3).max_moves, 3);
    /// ```
    pub fn mate_in(n: u32) -> SolveOptions {
        SolveOptions {
            max_moves: n,
            all_keys: false,
            one_key: false,
            tree: false,
            max_keys: None,
            limits: Limits::default(),
            hash_mb: DEFAULT_HASH_MB,
            horizon: Horizon::default(),
        }
    }
}

/// Which search proves the length (hidden: for A/B measurements, issue 21;
/// BENCHMARKS.md). Every engine gives only proven answers, on one shared table.
#[doc(hidden)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// Depth-first search, iterative deepening on the length.
    IterativeDeepening,
    /// Depth-first proof-number search within the bound; then one search for a
    /// mate within one move less than df-pn's (depth-first, and under a limit
    /// df-pn once the depth-first search has spent its share: a disproof makes
    /// df-pn's the shortest, else iterative deepening below it); the keys, line
    /// and tree by the depth-first search, on the same table.
    DfPn,
    /// The default: iterative deepening up to mate in
    /// [`PORTFOLIO_DEEPENING_UP_TO`] with at most a quarter of the budget (of the
    /// time and the nodes; 2 M nodes when no limit is set), then
    /// [`Engine::DfPn`] with the rest, above the length iterative deepening proved
    /// free of mates.
    #[default]
    Portfolio,
}

/// The longest mate the portfolio ([`Engine::Portfolio`]) looks for by iterative
/// deepening before df-pn takes over.
///
/// Iterative deepening proves short mates fastest, and the Lichess puzzles (mate in
/// 2 to 4) are solved by it alone. Past mate in 4 its cost grows by the branching
/// factor at every move, and what it proves absent there barely shortens df-pn's
/// search: on the five hardest matetrack bm #8 at 100 M nodes, the portfolio with
/// iterative deepening over its whole quarter needed 62–99 M nodes to find the mate
/// (one not within 100 M) where df-pn alone needed 50–78 M; stopped after mate in 4,
/// it needed 45–81 M. At 10 s a position it found 11 of the 16 hardest bm #5–#8
/// instead of 10, and on matetrack's seeded 1,000 at 1 s it proved 479 mates the
/// shortest instead of 462, finding 838 instead of 841 (docs/bench-log, issue 21,
/// fourteenth step).
pub const PORTFOLIO_DEEPENING_UP_TO: u32 = 4;

/// What [`solve`] proved about the position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move mates in exactly this many of its moves (none shorter).
    MateIn(u32),
    /// Every move of the side to move allows a mate in this many moves of the
    /// opponent (and some move holds out that long); 0: it is checkmated now.
    MatedIn(u32),
    /// No mate for either side within this many moves (the bound), proven.
    NoMateWithin(u32),
    /// A limit stopped the search: no mate for either side within `searched`
    /// moves is proven, nothing beyond.
    Unknown {
        /// The depths fully proven: no mate within this many moves either way.
        searched: u32,
    },
}

/// A first move that forces mate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Key<M = crate::Move> {
    /// The move.
    pub mv: M,
    /// The fewest moves (this one included) in which it mates by force.
    pub mate_in: u32,
}

/// The answer of [`solve`] (and of [`solve_selfmate`]).
#[derive(Clone, Debug)]
pub struct Solution<M = crate::Move> {
    /// What was proven.
    pub outcome: Verdict,
    /// For [`Verdict::MateIn`]: every key of the shortest mate, or with
    /// [`SolveOptions::all_keys`] every move that mates within N, shortest first.
    /// Empty otherwise.
    pub keys: Vec<Key<M>>,
    /// A principal line to mate, both sides' moves, the attacker's last: the
    /// attacker always takes a shortest mate, the defender the longest resistance.
    /// For [`Verdict::MatedIn`] it starts with the side to move's most stubborn
    /// defence. Empty when there is no mate.
    pub line: Vec<M>,
    /// Nodes searched.
    pub nodes: u64,
    /// With [`SolveOptions::tree`]: the proof, for [`Solution::verify`] or any
    /// move generator to replay.
    pub tree: Option<Tree<M>>,
    /// False when a limit struck after the outcome was proven, while the keys, line
    /// or tree were being gathered: those are then partial (the tree absent). A
    /// proven mate still names a key: the move that proved it, when the table
    /// still holds it (as it nearly always does).
    pub complete: bool,
    /// True when the length in [`Solution::outcome`] is proven the shortest, as
    /// [`Verdict`] says. False when df-pn (the portfolio's second engine) proved a
    /// mate (or loss) within that length but a limit struck before "none within
    /// one move less" was: the length is then an upper bound only and `complete`
    /// is false. For a mate, `keys` holds the one move that proved it (its
    /// `mate_in` the bound); for a loss it is empty. With [`SolveOptions::tree`],
    /// the tree is that proof as the table holds it (its lines end in mate within
    /// the bound, not necessarily the quickest; the bound is then the tree's
    /// length) and `line` its longest line, so that [`Solution::verify`] and any
    /// move generator can check the mate; where a proof has left the table there
    /// is no tree, and `line` holds at most the key.
    pub shortest: bool,
    /// The goal was the selfmate ([`solve_selfmate`]): the defender gives the
    /// mate, and a line ends at its mating defence.
    pub selfmate: bool,
    /// More keys exist than [`SolveOptions::max_keys`] let through: `keys` (and
    /// the tree) hold the first ones only.
    pub more_keys: bool,
}

/// Proves the shortest forced mate within `opts.max_moves`, for the side to move or
/// against it; see the [module docs](self) for the rules.
///
/// ```
/// use kibitz::Position;
/// use kibitz::prover::{SolveOptions, Verdict, solve};
/// // Black to move has only Kh3, and then Rh5# : mated in one.
/// let pos = Position::from_fen("8/8/8/3R4/7k/5K2/8/8 b - - 1 1").unwrap();
/// let sol = solve(&pos, &SolveOptions::mate_in(2));
/// assert_eq!(sol.outcome, Verdict::MatedIn(1));
/// assert_eq!(sol.line.len(), 2);
/// let pos = Position::startpos();
/// assert_eq!(solve(&pos, &SolveOptions::mate_in(2)).outcome, Verdict::NoMateWithin(2));
/// ```
pub fn solve<B: Board>(pos: &B, opts: &SolveOptions) -> Solution<B::Move> {
    solve_with(pos, opts, Engine::default())
}

/// A solution that has found nothing yet, within `bound`.
fn empty_solution<M>(bound: u32, selfmate: bool) -> Solution<M> {
    Solution {
        outcome: Verdict::NoMateWithin(bound),
        keys: Vec::new(),
        line: Vec::new(),
        nodes: 0,
        tree: None,
        complete: true,
        shortest: true,
        selfmate,
        more_keys: false,
    }
}

/// [`solve`] with the search chosen (hidden, for measurements).
#[doc(hidden)]
pub fn solve_with<B: Board>(pos: &B, opts: &SolveOptions, engine: Engine) -> Solution<B::Move> {
    let bound = opts.max_moves.min(MAX_MATE_MOVES);
    let mut s = MateSearcher::new(opts.hash_mb, &opts.limits, opts.horizon);
    let mut sol = empty_solution(bound, false);
    if !pos.has_legal_move() {
        if pos.is_check() {
            sol.outcome = Verdict::MatedIn(0);
            sol.tree = opts.tree.then(|| Tree::Defences(Vec::new()));
        }
        return sol;
    }
    if engine == Engine::DfPn {
        solve_dfpn(pos, opts, bound, 0, &mut s, &mut sol);
        return sol;
    }
    if engine == Engine::Portfolio {
        // A portfolio's iterative deepening runs with a quarter of the budget (of
        // the time and the nodes; 2 M nodes without a node limit) and up to
        // [`PORTFOLIO_DEEPENING_UP_TO`]: it proves short mates fastest, and what it
        // proves absent bounds df-pn's work.
        let start = crate::clock::Instant::now();
        s.share(
            opts.limits.nodes.map_or(2_000_000, |l| l / 4),
            opts.limits
                .deadline
                .map(|d| start + d.saturating_duration_since(start) / 4),
        );
        let deepest = bound.min(PORTFOLIO_DEEPENING_UP_TO);
        sol.outcome = match deepen(&mut s, pos, 1, deepest, None) {
            // None within the depths it takes: df-pn goes on above them.
            Verdict::NoMateWithin(n) if n < bound => Verdict::Unknown { searched: n },
            verdict => verdict,
        };
        s.unshare();
        if let Verdict::Unknown { searched } = sol.outcome {
            solve_dfpn(pos, opts, bound, searched, &mut s, &mut sol);
            return sol;
        }
    } else {
        sol.outcome = deepen(&mut s, pos, 1, bound, None);
    }
    match sol.outcome {
        Verdict::MateIn(n) => gather_keys(&mut s, pos, n, bound, opts, &mut sol, None),
        Verdict::MatedIn(n) => gather_defences(&mut s, pos, n, opts, &mut sol),
        _ => {}
    }
    sol.complete = !s.aborted;
    sol.nodes = s.nodes;
    sol
}

/// Proves the shortest selfmate within `opts.max_moves`: the side to move forces
/// the other side to mate it, on the other side's n-th move at the latest,
/// whatever that side plays. The same battle as [`solve`]'s iterative
/// deepening, with the selfmate's goal ([`SelfMate`]): a defence that mates
/// ends a line, a defending side without moves holds. Its verdict is
/// [`Verdict::MateIn`] (the selfmate's length), [`Verdict::NoMateWithin`] or
/// [`Verdict::Unknown`]; its tree's mating defences have no answer.
///
/// ```
/// use kibitz::Position;
/// use kibitz::prover::{SolveOptions, Verdict, solve_selfmate};
/// // s#1: 1.Qc7+ leaves Black only replies that mate White.
/// let pos = Position::from_fen("RK1kr3/7q/8/4Q3/8/1b6/8/8 w - - 0 1").unwrap();
/// let sol = solve_selfmate(&pos, &SolveOptions { tree: true, ..SolveOptions::mate_in(2) });
/// assert_eq!(sol.outcome, Verdict::MateIn(1));
/// assert_eq!(sol.keys[0].mv.uci(), "e5c7");
/// sol.verify(&pos).unwrap();
/// ```
pub fn solve_selfmate<B: Board>(pos: &B, opts: &SolveOptions) -> Solution<B::Move> {
    let bound = opts.max_moves.min(MAX_MATE_MOVES);
    let mut s: Searcher<'_, B, SelfMate> = Searcher::new(opts.hash_mb, &opts.limits, opts.horizon);
    let mut sol = empty_solution(bound, true);
    if !pos.has_legal_move() {
        return sol;
    }
    for n in 1..=bound {
        if s.attacker(pos, n, 0) {
            sol.outcome = Verdict::MateIn(n);
            break;
        }
        if s.aborted {
            sol.outcome = Verdict::Unknown { searched: n - 1 };
            sol.complete = false;
            sol.nodes = s.nodes;
            return sol;
        }
    }
    if let Verdict::MateIn(n) = sol.outcome {
        gather_keys(&mut s, pos, n, bound, opts, &mut sol, None);
    }
    sol.complete = !s.aborted;
    sol.nodes = s.nodes;
    sol
}

/// Iterative deepening on the length from `from` to `to`: the first length with a
/// mate for the side to move or against it (`side`: only that one, true for the
/// side to move), [`Verdict::NoMateWithin`]`(to)` when there is none, or
/// [`Verdict::Unknown`] when a limit struck.
fn deepen<B: Board>(
    s: &mut MateSearcher<'_, B>,
    pos: &B,
    from: u32,
    to: u32,
    side: Option<bool>,
) -> Verdict {
    for n in from..=to {
        if side != Some(false) && s.attacker(pos, n, 0) {
            return Verdict::MateIn(n);
        }
        if side != Some(true) && !s.aborted && s.defender(pos, n, 0) {
            return Verdict::MatedIn(n);
        }
        if s.aborted {
            return Verdict::Unknown { searched: n - 1 };
        }
    }
    Verdict::NoMateWithin(to)
}

/// The df-pn engine: a mate (or loss) within the bound by df-pn, then the shortest
/// by iterative deepening below the length df-pn proved, both on one table (df-pn's
/// proofs are upper bounds there, and every failed depth a lower one); the keys,
/// the line and the tree as iterative deepening gathers them.
///
/// `none_within`: no mate either way within this many moves is already proven.
fn solve_dfpn<B: Board>(
    pos: &B,
    opts: &SolveOptions,
    bound: u32,
    none_within: u32,
    s: &mut MateSearcher<'_, B>,
    sol: &mut Solution<B::Move>,
) {
    if bound == 0 || none_within >= bound {
        sol.outcome = Verdict::NoMateWithin(bound);
        sol.nodes = s.nodes;
        return;
    }
    let mut d = DfPn::new(s);
    let mut attacker = true;
    let mut answer = d.attacker(pos, bound);
    if answer == Answer::Disproven {
        attacker = false;
        answer = d.defender(pos, bound);
    }
    // The length the proof shows, and for a mate the attack that gives it (where
    // no attack's proof is left in the table, the move that proved the root).
    let (mut upper, mut key_move) = match (answer, attacker) {
        (Answer::Proven, true) => d.proof_length(pos, bound),
        (Answer::Proven, false) => (d.loss_length(pos, bound), None),
        _ => (0, None),
    };
    if attacker && key_move.is_none() {
        key_move = proven_key(s, pos, upper);
    }
    match answer {
        Answer::Aborted => {
            sol.outcome = Verdict::Unknown {
                searched: none_within,
            };
            sol.complete = false;
            sol.nodes = s.nodes;
            return;
        }
        Answer::Disproven => {
            sol.outcome = Verdict::NoMateWithin(bound);
            sol.nodes = s.nodes;
            return;
        }
        Answer::Proven => {}
    }
    let proof = if opts.tree {
        table_proof(s, pos, attacker, upper)
    } else {
        None
    };
    // "No mate within `upper` − 1" in one search at that bound ([`mate_within`]:
    // a disproof must refute every attack whatever the order, and iterations below
    // it would not help); only if there is one after all, iterative deepening
    // finds the shortest.
    let k = upper - 1;
    let shortest = if k <= none_within {
        Verdict::NoMateWithin(k)
    } else {
        let found = mate_within(s, pos, attacker, k, opts);
        if s.aborted {
            Verdict::Unknown {
                searched: none_within,
            }
        } else if found {
            // A mate within k after all: the bound to report should a limit strike,
            // and the move that proved it.
            upper = k;
            key_move = proven_key(s, pos, k);
            deepen(s, pos, none_within + 1, k, Some(attacker))
        } else {
            Verdict::NoMateWithin(k)
        }
    };
    let n = match shortest {
        Verdict::MateIn(k) | Verdict::MatedIn(k) => k,
        Verdict::NoMateWithin(_) => upper,
        Verdict::Unknown { .. } => {
            sol.shortest = false;
            sol.complete = false;
            sol.nodes = s.nodes;
            // The move that proved the mate, as the one key known (its length a
            // bound): a UCI `go mate` has a move to play.
            if let Some(mv) = key_move.filter(|_| attacker) {
                sol.keys.push(Key { mv, mate_in: upper });
                sol.line.push(mv);
            }
            // (Unless a shorter mate was found since, which the proof does not show.)
            if let Some(proof) = proof.filter(|p| p.n <= upper) {
                upper = proof.n;
                if attacker {
                    sol.keys = vec![Key {
                        mv: proof.line[0],
                        mate_in: proof.n,
                    }];
                }
                sol.line = proof.line;
                sol.tree = Some(proof.tree);
            }
            sol.outcome = if attacker {
                Verdict::MateIn(upper)
            } else {
                Verdict::MatedIn(upper)
            };
            return;
        }
    };
    if attacker {
        sol.outcome = Verdict::MateIn(n);
        // The proof's attack is a key when its length is the shortest.
        let known = key_move.filter(|_| n == upper);
        gather_keys(s, pos, n, bound, opts, sol, known);
    } else {
        sol.outcome = Verdict::MatedIn(n);
        gather_defences(s, pos, n, opts, sol);
    }
    sol.complete = !s.aborted;
    sol.nodes = s.nodes;
}

/// The share of the budget left (in percent, of the nodes and of the time) that
/// the search for a mate shorter than df-pn's gives the depth-first search before
/// df-pn takes over (docs/bench-log, issue 21, sixth step).
const SHORTER_DEPTH_FIRST_PERCENT: u32 = 60;

/// The least bound at which df-pn may take over the search for a shorter mate:
/// below it the depth-first search disproves faster and runs alone.
const SHORTER_DFPN_FROM: u32 = 6;

/// Is there a mate (for the side to move when `attacker`, else against it)
/// within `k`? Asked once df-pn has proven one within `k` + 1, to prove that
/// length the shortest: usually there is none, and the answer is a disproof.
///
/// The depth-first search disproves shallow bounds fastest, df-pn deep ones
/// (its disproof numbers weight each refutation by the moves left). So from
/// [`SHORTER_DFPN_FROM`] moves up and under a limit, the depth-first search runs
/// first with [`SHORTER_DEPTH_FIRST_PERCENT`] of what is left, then df-pn with
/// the rest on the same table, which keeps every subtree the first one settled
/// (without the mate-threat test, [`DfPn::for_shorter_mate`]). Below that bound,
/// or without a node or time limit, the depth-first search runs alone, to its
/// end or the limit. False also when aborted (then `s.aborted` is
/// set).
fn mate_within<B: Board>(
    s: &mut MateSearcher<'_, B>,
    pos: &B,
    attacker: bool,
    k: u32,
    opts: &SolveOptions,
) -> bool {
    let start = crate::clock::Instant::now();
    let percent = |left: u64| {
        left / 100 * u64::from(SHORTER_DEPTH_FIRST_PERCENT)
            + left % 100 * u64::from(SHORTER_DEPTH_FIRST_PERCENT) / 100
    };
    let node_share = opts
        .limits
        .nodes
        .map(|l| s.nodes + percent(l.saturating_sub(s.nodes)));
    let time_share = opts
        .limits
        .deadline
        .map(|d| start + d.saturating_duration_since(start) * SHORTER_DEPTH_FIRST_PERCENT / 100);
    let shared = k >= SHORTER_DFPN_FROM && (node_share.is_some() || time_share.is_some());
    if shared {
        s.share(node_share.unwrap_or(u64::MAX), time_share);
    }
    let found = if attacker {
        s.attacker(pos, k, 0)
    } else {
        s.defender(pos, k, 0)
    };
    if !shared {
        return found;
    }
    let share_ran_out = s.aborted;
    let budget_spent = s.unshare();
    if !share_ran_out {
        // Settled within the share (whatever the clock says now).
        s.aborted = false;
        return found;
    }
    if budget_spent {
        return false;
    }
    let mut d = DfPn::for_shorter_mate(s);
    let answer = if attacker {
        d.attacker(pos, k)
    } else {
        d.defender(pos, k)
    };
    answer == Answer::Proven
}

/// A proof read from the table: the tree, its principal line and its length.
struct TableProof<M> {
    tree: Tree<M>,
    line: Vec<M>,
    n: u32,
}

/// The tree of a mate (or loss) df-pn has just proven within `upper`, read from
/// the table (no search), for the case that a limit strikes before the length is
/// proven the shortest. Read at once: the search for a shorter mate that follows
/// fills the table and may replace parts of the proof. Its length (the tree's
/// own) may be less than `upper`; None when a proof has already left the table.
fn table_proof<B: Board>(
    s: &MateSearcher<'_, B>,
    pos: &B,
    attacker: bool,
    upper: u32,
) -> Option<TableProof<B::Move>> {
    let mut line = Vec::new();
    if attacker {
        let t = tree::proof_within(s, pos, upper)?;
        tree::longest_line(&t, &mut line);
        Some(TableProof {
            n: t.depth(),
            tree: Tree::Keys(vec![t]),
            line,
        })
    } else {
        let replies = tree::proof_lost_within(s, pos, upper)?;
        let deepest = replies
            .iter()
            .max_by_key(|r| r.then.as_ref().map_or(0, TreeMove::depth))?;
        let then = deepest.then.as_ref()?;
        line.push(deepest.mv);
        tree::longest_line(then, &mut line);
        Some(TableProof {
            n: then.depth(),
            tree: Tree::Defences(replies),
            line,
        })
    }
}

/// Fills in the keys, the line and the tree of a proven mate in `n`.
///
/// Each key is confirmed by a search of its own, on the table the proof left.
/// When a limit strikes before the first is, the key is the move that proved
/// the mate: `known` (df-pn's attack, whose proof has length `n`), else the one
/// the table's entry for the position holds with a bound of at most `n`.
fn gather_keys<B: Board, G: Goal>(
    s: &mut Searcher<'_, B, G>,
    pos: &B,
    n: u32,
    bound: u32,
    opts: &SolveOptions,
    sol: &mut Solution<B::Move>,
    known: Option<B::Move>,
) {
    let last = if opts.all_keys { bound } else { n };
    let one = opts.one_key && !opts.all_keys;
    // For one key, the table's move first: the proof just found, so that key
    // costs one probe. (Otherwise the keys keep the order of the legal moves.)
    let moves = pos.legal_moves();
    let hint = s.hint(pos).filter(|h| one && moves.contains(h));
    let rest = moves.iter().copied().filter(|&m| Some(m) != hint);
    for mv in hint.into_iter().chain(rest) {
        let child = pos.after(mv);
        // No move mates in fewer than n: start the count there.
        if let Some(k) = (n..=last).find(|&k| s.defender(&child, k - 1, 1) || s.aborted) {
            if s.aborted {
                break;
            }
            sol.keys.push(Key { mv, mate_in: k });
            if one {
                break;
            }
            // Past the cap in keys of the shortest length, no key found later
            // can be listed before them: the rest are not searched.
            if opts
                .max_keys
                .is_some_and(|max| sol.keys.iter().filter(|k| k.mate_in == n).count() > max)
            {
                break;
            }
        }
        if s.aborted {
            break;
        }
    }
    if s.aborted {
        // A limit struck before a key was confirmed: the move that proved the
        // mate is one, so that a proven mate is never reported without a move.
        if sol.keys.is_empty()
            && let Some(mv) = known.or_else(|| proven_key(s, pos, n))
        {
            sol.keys.push(Key { mv, mate_in: n });
            sol.line.push(mv);
        }
        return;
    }
    sol.keys.sort_by_key(|k| k.mate_in);
    if let Some(max) = opts.max_keys
        && sol.keys.len() > max
    {
        sol.keys.truncate(max.max(1));
        sol.more_keys = true;
    }
    let Some(first) = sol.keys.first().copied() else {
        return;
    };
    sol.line.push(first.mv);
    principal_defence(s, &pos.after(first.mv), first.mate_in - 1, &mut sol.line);
    if opts.tree && !s.aborted {
        let keys: Option<Vec<TreeMove<B::Move>>> = sol
            .keys
            .iter()
            .map(|k| tree::after_attack(s, pos, k.mv, k.mate_in))
            .collect();
        sol.tree = keys.map(Tree::Keys);
    }
}

/// The move that the table's entry for `pos` proves mates within `n` (its "mate
/// within" bound at most `n`), if that move is legal here: the move stored with
/// the entry's bound is the one that proved it.
fn proven_key<B: Board, G: Goal>(s: &Searcher<'_, B, G>, pos: &B, n: u32) -> Option<B::Move> {
    let e = s.table.probe(pos.key())?;
    let within = u32::from(e.mate_within);
    let mv = e.best?;
    (within != 0 && within <= n && pos.legal_moves().contains(&mv)).then_some(mv)
}

/// Fills in the line and the tree of a proven loss in `n`.
fn gather_defences<B: Board>(
    s: &mut MateSearcher<'_, B>,
    pos: &B,
    n: u32,
    opts: &SolveOptions,
    sol: &mut Solution<B::Move>,
) {
    principal_defence(s, pos, n, &mut sol.line);
    if opts.tree && !s.aborted {
        sol.tree = tree::defences(s, pos, n).map(Tree::Defences);
    }
}

/// Extends `line` from a defender node lost within `n`: the defence that holds out
/// longest, the attacker's quickest way to the goal after it, and so on down to
/// mate (in a selfmate, the defence that mates).
fn principal_defence<B: Board, G: Goal>(
    s: &mut Searcher<'_, B, G>,
    pos: &B,
    n: u32,
    line: &mut Vec<B::Move>,
) {
    let mut pos = pos.clone();
    let mut n = n;
    while (n > 0 || !G::DIRECT) && !s.aborted {
        // The defence after which the attacker needs the most moves (a selfmate's
        // mating defence needs none: taken only when every defence mates).
        let mut best: Option<(u32, B::Move, B)> = None;
        for &mv in pos.legal_moves().iter() {
            let child = pos.after(mv);
            let k = if !G::DIRECT && child.is_checkmate() {
                0
            } else if let Some(k) = s.shortest(&child, n, 1) {
                k
            } else {
                return;
            };
            if best.as_ref().is_none_or(|&(b, _, _)| k > b) {
                best = Some((k, mv, child));
            }
        }
        let Some((k, defence, child)) = best else {
            return;
        };
        if k == 0 {
            line.push(defence);
            return;
        }
        let Some(attack) = tree::quickest_attack(s, &child, k) else {
            return;
        };
        line.push(defence);
        line.push(attack);
        pos = child.after(attack);
        n = k - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_halved_until_they_fit() {
        assert_eq!(halve_to_fit(256, 1, 1000), 256);
        // 8 × 128 = 1024 MiB does not fit in 1000; 8 × 64 does.
        assert_eq!(halve_to_fit(256, 8, 1000), 64);
        assert_eq!(halve_to_fit(MAX_HASH_MB, 1 << 20, 8000), 1);
        // Never below 1 MiB, even with nothing available.
        assert_eq!(halve_to_fit(1, 4, 0), 1);
        assert_eq!(halve_to_fit(0, 1, 0), 1);
    }
}

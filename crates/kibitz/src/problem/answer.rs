//! What a problem search answers: keys, helpmate lines, tries, set play and the
//! solution tree, typed by the board's move.

use super::Stipulation;
use crate::Color;
use crate::limits::Limits;

/// What to solve and how far to go.
#[derive(Clone, Debug)]
pub struct ProblemOptions {
    /// The stipulation.
    pub stipulation: Stipulation,
    /// `#n`, `s#n`: every first move that fulfils the stipulation within n, each
    /// with its length; otherwise the keys of the shortest length only.
    pub all_keys: bool,
    /// `#n`, `s#n`: the tries ([`ProblemSolution::tries`]).
    pub tries: bool,
    /// A first move is a try when at least one and at most this many defences
    /// refute it (1: the problemists' try).
    pub max_refutations: u32,
    /// `#n`, `s#n`: the set play ([`ProblemSolution::set`]).
    pub set_play: bool,
    /// `#n`, `s#n`: the solution tree.
    pub tree: bool,
    /// When to give up (nodes, time, stop flag).
    pub limits: Limits,
    /// The most the transposition tables may hold, in MiB.
    pub hash_mb: usize,
    /// The helpmate search's techniques, for A/B measurements only.
    #[doc(hidden)]
    pub help: HelpTechniques,
}

/// The helpmate search's techniques; both on by default, off only to measure them
/// (`kibitz-bench problems`). Every setting gives the same solutions.
#[doc(hidden)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HelpTechniques {
    /// Remember positions with no solution in the plies left.
    pub table: bool,
    /// With two plies left, the mated side's move is followed only by the exact
    /// mates in one after it (no generation of the mating side's other moves).
    pub horizon: bool,
}

impl Default for HelpTechniques {
    fn default() -> HelpTechniques {
        HelpTechniques {
            table: true,
            horizon: true,
        }
    }
}

impl ProblemOptions {
    /// The stipulation with nothing more: shortest keys, no tries, set play or
    /// tree, no limits, 16 MiB.
    ///
    /// ```
    /// use kibitz::problem::{ProblemOptions, Stipulation};
    /// let opts = ProblemOptions::new(Stipulation::selfmate(2).unwrap());
    /// assert_eq!(opts.max_refutations, 1);
    /// ```
    pub fn new(stipulation: Stipulation) -> ProblemOptions {
        ProblemOptions {
            stipulation,
            all_keys: false,
            tries: false,
            max_refutations: 1,
            set_play: false,
            tree: false,
            limits: Limits::default(),
            hash_mb: 16,
            help: HelpTechniques::default(),
        }
    }
}

/// What the search found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ProblemOutcome {
    /// Solved; the shortest length in moves (for a helpmate, the stipulation's n:
    /// helpmates are solved in exactly their length).
    Solved(u32),
    /// No solution within the stipulation, proven.
    NoSolution,
    /// The side to be mated is checkmated in the diagram (`h#n`, `s#n`).
    AlreadyMet,
    /// The side to move is checkmated in the diagram, and it is the side that
    /// should mate (`#n`, `h#n.5`).
    Checkmated,
    /// The side to move is stalemated.
    Stalemate,
    /// The side to be mated has no king (a royal piece).
    NoKing(Color),
    /// A limit stopped the search before it was proven.
    Unknown,
}

impl ProblemOutcome {
    /// Why there is no solution, in words, or `None` when solved.
    ///
    /// ```
    /// use kibitz::problem::ProblemOutcome;
    /// assert_eq!(ProblemOutcome::Solved(2).reason(), None);
    /// assert_eq!(ProblemOutcome::Stalemate.reason(), Some("stalemate"));
    /// ```
    pub fn reason(&self) -> Option<&'static str> {
        match self {
            ProblemOutcome::Solved(_) => None,
            ProblemOutcome::NoSolution => Some("no solution within the stipulation"),
            ProblemOutcome::AlreadyMet => Some("the stipulation is met already: checkmate"),
            ProblemOutcome::Checkmated => Some("checkmated already"),
            ProblemOutcome::Stalemate => Some("stalemate"),
            ProblemOutcome::NoKing(Color::White) => {
                Some("impossible: White, to be mated, has no king")
            }
            ProblemOutcome::NoKing(Color::Black) => {
                Some("impossible: Black, to be mated, has no king")
            }
            ProblemOutcome::Unknown => Some("a limit stopped the search"),
        }
    }
}

/// A key: a first move that fulfils the stipulation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ProblemKey<M> {
    /// The move.
    pub mv: M,
    /// The fewest moves (this one included) in which it fulfils the stipulation.
    pub moves: u32,
}

/// A try: a first move that fails to a few defences only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemTry<M> {
    /// The move.
    pub mv: M,
    /// Every defence after which the stipulation is no longer met.
    pub refutations: Vec<M>,
}

/// Set play: a defence played as if the defending side moved first, and the
/// answers that then fulfil the stipulation's remaining moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetPlay<M> {
    /// The defending side's move.
    pub defence: M,
    /// Every answer that fulfils the rest (`#n`: mates within n − 1, `s#n`: forces
    /// the selfmate within n − 1; one move for n = 1).
    pub answers: Vec<M>,
}

/// A move of the side that plays for the stipulation (the attacker in `#n`, the
/// side forcing the selfmate in `s#n`) and every legal reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode<M> {
    /// The move.
    pub mv: M,
    /// Every legal reply; none when `mv` mates (`#n`).
    pub replies: Vec<TreeDefence<M>>,
}

/// A reply and what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeDefence<M> {
    /// The reply.
    pub mv: M,
    /// The next move for the stipulation; `None` when the reply itself is the
    /// mate the selfmate asks for.
    pub then: Option<TreeNode<M>>,
}

/// A direct mate's answer ([`ProblemBoard::direct_mate`](super::ProblemBoard::direct_mate)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectAnswer<M> {
    /// The shortest mate of the side to move within the bound, or `None`.
    pub length: Option<u32>,
    /// False when a limit stopped the search first.
    pub proven: bool,
    /// The keys, each with its length.
    pub keys: Vec<(M, u32)>,
    /// The tree, one node per key, when asked for and complete.
    pub tree: Option<Vec<TreeNode<M>>>,
    /// Nodes searched.
    pub nodes: u64,
    /// False when a limit struck while the keys or tree were gathered.
    pub complete: bool,
}

/// The answer of [`solve`](super::solve).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemSolution<M> {
    /// The stipulation solved.
    pub stipulation: Stipulation,
    /// What was found.
    pub outcome: ProblemOutcome,
    /// `#n`, `s#n`: the keys (cooks are the keys after the first).
    pub keys: Vec<ProblemKey<M>>,
    /// Helpmates: every solution, each its moves in order from the side to move.
    pub solutions: Vec<Vec<M>>,
    /// With [`ProblemOptions::tries`]: the tries, in move-generation order.
    pub tries: Vec<ProblemTry<M>>,
    /// With [`ProblemOptions::set_play`]: for each defence in the diagram with
    /// the turn passed, the answers (empty when the turn cannot be passed: the
    /// side to move is in check).
    pub set: Vec<SetPlay<M>>,
    /// With [`ProblemOptions::tree`] (`#n`, `s#n`): one tree per key.
    pub tree: Option<Vec<TreeNode<M>>>,
    /// Nodes searched.
    pub nodes: u64,
    /// False when a limit struck after the outcome was proven (keys, solutions,
    /// tries, set play or tree partial).
    pub complete: bool,
}

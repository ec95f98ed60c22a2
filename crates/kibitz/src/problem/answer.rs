//! What a problem search answers: keys, helpmate lines, tries, set play and the
//! solution tree, typed by the board's move.

use super::{Genre, Stipulation};
use crate::Color;
use crate::limits::Limits;
use crate::prover::Tree;

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
    /// The most solutions kept: helpmate lines, or the keys of `#n` and `s#n`
    /// (each with its tree); None keeps every one (0 is taken as 1). Past it the search stops
    /// where it can (a helpmate at the next solution, the keys once more than
    /// this many of the shortest length are found) and
    /// [`ProblemSolution::more`] says that more exist.
    ///
    /// ```
    /// use kibitz::Position;
    /// use kibitz::problem::{ProblemOptions, solve};
    /// // A lone king against a queen and a rook: many h#2 lines.
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R2QK3 b - - 0 1").unwrap();
    /// let all = solve(&pos, &ProblemOptions::new("h#2".parse().unwrap()));
    /// assert!(all.solutions.len() > 2 && !all.more);
    /// let opts = ProblemOptions { max_solutions: Some(2), ..ProblemOptions::new("h#2".parse().unwrap()) };
    /// let two = solve(&pos, &opts);
    /// assert_eq!(two.solutions, all.solutions[..2]);
    /// assert!(two.more);
    /// ```
    pub max_solutions: Option<usize>,
    /// `#n`, `s#n`: one key is enough (UCI `go mate`, which plays one move): a
    /// second key (a cook) is not looked for. Ignored with `all_keys`.
    pub one_key: bool,
    /// When to give up (nodes, time, stop flag).
    pub limits: Limits,
    /// The most the transposition tables may hold, in MiB.
    pub hash_mb: usize,
    /// The helpmate search's techniques, for A/B measurements only.
    #[doc(hidden)]
    pub help: HelpTechniques,
}

/// The helpmate search's techniques; all on by default, off only to measure them
/// (`kibitz-bench problems`). Every setting gives the same solutions.
#[doc(hidden)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HelpTechniques {
    /// Remember positions with no solution in the plies left.
    pub table: bool,
    /// With two plies left, the mated side's move is followed only by the exact
    /// mates in one after it (no generation of the mating side's other moves).
    pub horizon: bool,
    /// Cut the lines where no mating position can be built in the moves left
    /// (the mate-reach test; orthodox chess without castling rights).
    pub reach: bool,
}

impl Default for HelpTechniques {
    fn default() -> HelpTechniques {
        HelpTechniques {
            table: true,
            horizon: true,
            reach: true,
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
            max_solutions: None,
            one_key: false,
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
    /// `#n`: the side to move is mated in this many moves of the other side,
    /// whatever it plays, and has no mate of its own first.
    Mated(u32),
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
    /// A limit stopped the search before it was proven; `searched`: the lengths
    /// proven to have no solution (for `#n`, no mate either way).
    Unknown {
        /// The stipulation fails within this many moves, proven.
        searched: u32,
    },
}

impl ProblemOutcome {
    /// The outcome of an exhaustive search for an n-move solution (help and
    /// series play): unknown when a limit stopped it, else whether it found one.
    pub(crate) fn of_search(aborted: bool, found: bool, n: u32) -> ProblemOutcome {
        if aborted {
            ProblemOutcome::Unknown { searched: 0 }
        } else if found {
            ProblemOutcome::Solved(n)
        } else {
            ProblemOutcome::NoSolution
        }
    }

    /// Why there is no solution, in words, or `None` when solved (or, in `#n`,
    /// mated): the words of `genre`'s problems.
    ///
    /// ```
    /// use kibitz::problem::{Genre, ProblemOutcome};
    /// assert_eq!(ProblemOutcome::Solved(2).reason(Genre::Help), None);
    /// assert_eq!(ProblemOutcome::Stalemate.reason(Genre::Direct), Some("stalemate"));
    /// assert_eq!(ProblemOutcome::NoSolution.reason(Genre::Direct), Some("no mate within the bound"));
    /// ```
    pub fn reason(&self, genre: Genre) -> Option<&'static str> {
        self.reason_in(genre == Genre::Direct)
    }

    /// [`reason`](Self::reason) for `stip`: "no mate within the bound" for the
    /// direct mate only.
    ///
    /// ```
    /// use kibitz::problem::ProblemOutcome;
    /// let stalemate = "=2".parse().unwrap();
    /// assert_eq!(ProblemOutcome::NoSolution.reason_for(&stalemate), Some("no solution within the stipulation"));
    /// ```
    pub fn reason_for(&self, stip: &Stipulation) -> Option<&'static str> {
        self.reason_in(stip.is_direct_mate())
    }

    fn reason_in(&self, direct_mate: bool) -> Option<&'static str> {
        match self {
            ProblemOutcome::Solved(_) | ProblemOutcome::Mated(_) => None,
            ProblemOutcome::NoSolution if direct_mate => Some("no mate within the bound"),
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
            ProblemOutcome::Unknown { .. } => Some("not solved within the limit"),
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

/// The answer of [`solve`](super::solve).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemSolution<M> {
    /// The stipulation solved.
    pub stipulation: Stipulation,
    /// What was found.
    pub outcome: ProblemOutcome,
    /// `#n`, `s#n`: the keys (cooks are the keys after the first); with
    /// [`ProblemOptions::all_keys`] every first move that fulfils the
    /// stipulation, each with its length, shortest first.
    pub keys: Vec<ProblemKey<M>>,
    /// `#n`, `s#n`: a principal line, both sides' moves: the side playing for the
    /// stipulation takes the quickest way, the other side the longest
    /// resistance. For `#n` with the side to move mated, it starts with its most
    /// stubborn defence. Empty when there is no solution.
    pub line: Vec<M>,
    /// Helpmates: every solution, each its moves in order from the side to move.
    pub solutions: Vec<Vec<M>>,
    /// With [`ProblemOptions::tries`]: the tries, in move-generation order.
    pub tries: Vec<ProblemTry<M>>,
    /// With [`ProblemOptions::set_play`]: for each defence in the diagram with
    /// the turn passed, the answers (empty when the turn cannot be passed: the
    /// side to move is in check).
    pub set: Vec<SetPlay<M>>,
    /// With [`ProblemOptions::tree`] (`#n`, `s#n`): one tree per key, or in `#n`
    /// with the side to move mated, every defence with the mate after it.
    pub tree: Option<Tree<M>>,
    /// More solutions (helpmate lines, or keys) exist than
    /// [`ProblemOptions::max_solutions`] let through: `solutions` or `keys`
    /// holds the first ones only.
    pub more: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// False when a limit struck after the outcome was proven (keys, solutions,
    /// tries, set play or tree partial).
    pub complete: bool,
    /// `#n`: false when a mate (or loss) within the length in `outcome` was proven
    /// but a limit struck before "none within one move less" was: the length is
    /// then an upper bound ([`crate::prover::Solution::shortest`]). True
    /// otherwise.
    pub shortest: bool,
}

impl<M: Copy> ProblemSolution<M> {
    /// The same answer with every move turned into `f`'s (an engine's moves into
    /// a front end's, [`crate::board::AnyMove`]).
    pub fn map_moves<N>(self, f: impl Fn(M) -> N) -> ProblemSolution<N> {
        let line = |moves: &[M]| moves.iter().map(|&m| f(m)).collect::<Vec<N>>();
        ProblemSolution {
            stipulation: self.stipulation,
            outcome: self.outcome,
            keys: self
                .keys
                .iter()
                .map(|k| ProblemKey {
                    mv: f(k.mv),
                    moves: k.moves,
                })
                .collect(),
            line: line(&self.line),
            solutions: self.solutions.iter().map(|s| line(s)).collect(),
            tries: self
                .tries
                .iter()
                .map(|t| ProblemTry {
                    mv: f(t.mv),
                    refutations: line(&t.refutations),
                })
                .collect(),
            set: self
                .set
                .iter()
                .map(|s| SetPlay {
                    defence: f(s.defence),
                    answers: line(&s.answers),
                })
                .collect(),
            tree: self.tree.as_ref().map(|t| t.map_moves(&f)),
            more: self.more,
            nodes: self.nodes,
            complete: self.complete,
            shortest: self.shortest,
        }
    }
}

//! Chess problems as problemists write them: the direct mate `#n`, the helpmate
//! `h#n` and `h#n.5`, the selfmate `s#n`; every solution, tries and set play,
//! on the orthodox board and on any fairy board up to 16 × 16.
//!
//! * [`Stipulation`]: read from problemists' notation (`"h#2.5".parse()`).
//! * [`solve`]: every solution of a stipulation in a position — every key of a
//!   direct mate or selfmate (a second key, a cook, is visible), every line of a
//!   helpmate, and on request the tries, the set play and the solution tree.
//! * [`ProblemBoard`]: what the search needs of a position, implemented by the
//!   orthodox [`Position`](crate::Position) and by
//!   [`VariantPosition`](crate::variant::VariantPosition).
//!
//! The side to move is taken from the position: in `#n` it mates, in `s#n` it
//! forces the other side to mate it, in `h#n` it begins and is mated, in
//! `h#n.5` it begins and mates. (Problemists' diagrams have White to move
//! except in `h#n`: [`Stipulation::first_mover`].) As in the prover, the
//! 50-move rule and repetitions are ignored and stalemate is not mate.
//!
//! The direct mate on the orthodox board is the prover's
//! ([`crate::mate::solve`]), with its keys and lengths; this module adds the
//! tries and the set play around it, and proves `#n` on fairy boards with a
//! generic search of its own.
//!
//! ```
//! use kibitz::Position;
//! use kibitz::problem::{ProblemOptions, ProblemOutcome, Stipulation, solve};
//! // A helpmate in one: Black plays, White mates.
//! let pos = Position::from_fen("7k/8/6K1/8/8/8/8/R7 b - - 0 1").unwrap();
//! let sol = solve(&pos, &ProblemOptions::new("h#1".parse().unwrap()));
//! assert_eq!(sol.outcome, ProblemOutcome::Solved(1));
//! let lines: Vec<Vec<String>> = sol
//!     .solutions
//!     .iter()
//!     .map(|l| l.iter().map(|m| m.uci()).collect())
//!     .collect();
//! assert_eq!(lines, [["h8g8", "a1a8"]]);
//! ```

mod answer;
mod board;
mod budget;
mod direct;
mod help;
mod rest;
mod selfmate;
mod set_play;
mod stipulation;
mod table;
mod tries;

pub use answer::{
    DirectAnswer, HelpTechniques, ProblemKey, ProblemOptions, ProblemOutcome, ProblemSolution,
    ProblemTry, SetPlay, TreeDefence, TreeNode,
};
pub use board::ProblemBoard;
pub use stipulation::{
    Genre, KNOWN_GENRES, MAX_STIPULATION_MOVES, Stipulation, StipulationError, StipulationErrorKind,
};

use budget::Budget;
use help::Help;
use rest::Rest;
use selfmate::Selfmate;

/// Solves `opts.stipulation` in `pos`: see the [module docs](self).
///
/// ```
/// use kibitz::Position;
/// use kibitz::problem::{ProblemOptions, ProblemOutcome, Stipulation, solve};
/// // s#1: 1.Qc7+ leaves Black only replies that mate White.
/// let pos = Position::from_fen("RK1kr3/7q/8/4Q3/8/1b6/8/8 w - - 0 1").unwrap();
/// let opts = ProblemOptions { tree: true, ..ProblemOptions::new(Stipulation::selfmate(1).unwrap()) };
/// let sol = solve(&pos, &opts);
/// assert_eq!(sol.outcome, ProblemOutcome::Solved(1));
/// assert_eq!(sol.keys[0].mv.uci(), "e5c7");
/// assert!(sol.tree.is_some());
/// ```
pub fn solve<B: ProblemBoard>(pos: &B, opts: &ProblemOptions) -> ProblemSolution<B::Move> {
    let stip = opts.stipulation;
    let mut sol = ProblemSolution {
        stipulation: stip,
        outcome: ProblemOutcome::NoSolution,
        keys: Vec::new(),
        solutions: Vec::new(),
        tries: Vec::new(),
        set: Vec::new(),
        tree: None,
        nodes: 0,
        complete: true,
    };
    let to_move = pos.side_to_move();
    let mated = stip.mated_side(to_move);
    if !pos.has_royal(mated) {
        sol.outcome = ProblemOutcome::NoKing(mated);
        return sol;
    }
    if pos.moves().is_empty() {
        sol.outcome = match (pos.in_check(), mated == to_move) {
            (true, true) => ProblemOutcome::AlreadyMet,
            (true, false) => ProblemOutcome::Checkmated,
            (false, _) => ProblemOutcome::Stalemate,
        };
        return sol;
    }
    let n = stip.moves();
    match stip.genre() {
        Genre::Help => {
            let mut help = Help::new(Budget::new(&opts.limits), opts.hash_mb, opts.help);
            let found = help.search(pos, stip.plies());
            sol.nodes = help.budget.nodes;
            sol.outcome = if help.budget.aborted {
                sol.complete = false;
                ProblemOutcome::Unknown
            } else if found {
                ProblemOutcome::Solved(n)
            } else {
                ProblemOutcome::NoSolution
            };
            sol.solutions = help.solutions;
            return sol;
        }
        Genre::Direct => {
            let answer = pos.direct_mate(n, opts.all_keys, opts.tree, &opts.limits, opts.hash_mb);
            sol.nodes = answer.nodes;
            sol.complete = answer.complete;
            sol.outcome = match (answer.length, answer.proven) {
                (Some(k), _) => ProblemOutcome::Solved(k),
                (None, true) => ProblemOutcome::NoSolution,
                (None, false) => ProblemOutcome::Unknown,
            };
            sol.keys = answer
                .keys
                .iter()
                .map(|&(mv, moves)| ProblemKey { mv, moves })
                .collect();
            sol.tree = answer.tree;
            if sol.outcome == ProblemOutcome::Unknown || !sol.complete {
                sol.complete = false;
                return sol;
            }
        }
        Genre::Selfmate => {
            let mut s = Selfmate::new(Budget::new(&opts.limits), opts.hash_mb);
            let length = s.shortest(pos, n);
            if s.budget.aborted {
                sol.outcome = ProblemOutcome::Unknown;
                sol.complete = false;
                sol.nodes = s.budget.nodes;
                return sol;
            }
            if let Some(length) = length {
                sol.outcome = ProblemOutcome::Solved(length);
                let last = if opts.all_keys { n } else { length };
                for &mv in pos.moves().iter() {
                    let child = pos.child(mv);
                    if let Some(k) = (length..=last).find(|&k| s.defender(&child, k)) {
                        sol.keys.push(ProblemKey { mv, moves: k });
                    }
                }
                sol.keys.sort_by_key(|k| k.moves);
                if opts.tree && !s.budget.aborted {
                    let nodes: Option<Vec<_>> = sol
                        .keys
                        .iter()
                        .map(|k| s.tree(pos, k.mv, k.moves))
                        .collect();
                    sol.tree = nodes;
                }
            }
            sol.nodes = s.budget.nodes;
            if s.budget.aborted {
                sol.complete = false;
                return sol;
            }
        }
    }
    // The problemist's view of a direct mate or selfmate.
    if opts.tries || opts.set_play {
        let keys: Vec<B::Move> = sol.keys.iter().map(|k| k.mv).collect();
        let (tries, set, nodes, aborted) = view(pos, opts, &keys);
        sol.tries = tries;
        sol.set = set;
        sol.nodes += nodes;
        sol.complete &= !aborted;
    }
    sol
}

/// The tries and the set play, with the nodes they took and whether a limit
/// struck.
#[allow(clippy::type_complexity)]
fn view<B: ProblemBoard>(
    pos: &B,
    opts: &ProblemOptions,
    keys: &[B::Move],
) -> (Vec<ProblemTry<B::Move>>, Vec<SetPlay<B::Move>>, u64, bool) {
    let stip = opts.stipulation;
    let mut rest = Rest::new(
        Selfmate::new(Budget::new(&opts.limits), opts.hash_mb),
        opts.hash_mb,
    );
    let tries = if opts.tries {
        tries::tries(
            &mut rest,
            pos,
            stip.genre(),
            stip.moves(),
            keys,
            opts.max_refutations,
        )
    } else {
        Vec::new()
    };
    let set = if opts.set_play {
        set_play::set_play(&mut rest, pos, stip.genre(), stip.moves())
    } else {
        Vec::new()
    };
    (
        tries,
        set,
        rest.search.budget.nodes,
        rest.search.budget.aborted,
    )
}

/// The tries and set play of `#n` or `s#n` alone, for a caller that has the keys
/// already (the orthodox `#n`, proven by [`crate::mate::solve`]): tries (every
/// first move not in `keys` refuted by 1 to `opts.max_refutations` defences) when
/// `opts.tries`, set play when `opts.set_play`; the nodes searched, and whether a
/// limit struck (the lists then partial). A helpmate has neither.
///
/// ```
/// use kibitz::Position;
/// use kibitz::problem::{ProblemOptions, Stipulation, problemist_view};
/// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
/// let opts = ProblemOptions { set_play: true, ..ProblemOptions::new(Stipulation::direct(1).unwrap()) };
/// let view = problemist_view(&pos, &opts, &[]);
/// assert!(view.tries.is_empty());
/// ```
pub fn problemist_view<B: ProblemBoard>(
    pos: &B,
    opts: &ProblemOptions,
    keys: &[B::Move],
) -> ProblemView<B::Move> {
    if opts.stipulation.genre() == Genre::Help || pos.moves().is_empty() {
        return ProblemView {
            tries: Vec::new(),
            set: Vec::new(),
            nodes: 0,
            complete: true,
        };
    }
    let (tries, set, nodes, aborted) = view(pos, opts, keys);
    ProblemView {
        tries,
        set,
        nodes,
        complete: !aborted,
    }
}

/// The answer of [`problemist_view`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemView<M> {
    /// The tries.
    pub tries: Vec<ProblemTry<M>>,
    /// The set play.
    pub set: Vec<SetPlay<M>>,
    /// Nodes searched.
    pub nodes: u64,
    /// False when a limit struck (the lists partial).
    pub complete: bool,
}

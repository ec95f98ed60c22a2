//! Chess problems as problemists write them: the direct mate `#n`, the helpmate
//! `h#n` and `h#n.5`, the selfmate `s#n`; every solution, tries and set play,
//! on the orthodox board and on any fairy board up to 16 × 16. And Popeye's
//! other stipulations as data: a [`Goal`] (`=`, `==`, `+`, `x`, `~`, `00`,
//! `ep`, `z<sq>`, `#`) reached in direct, help, self, reflex, semi-reflex,
//! help-self, help-reflex or series play ([`Genre`]), one search for all of
//! them (`play`); battle play answers with keys, help and series play with
//! every line.
//!
//! * [`Stipulation`]: read from problemists' notation (`"h#2.5".parse()`,
//!   `"ser-h=3".parse()`).
//! * [`solve`]: every solution of a stipulation in a position — every key of a
//!   direct mate or selfmate (a second key, a cook, is visible), every line of a
//!   helpmate, and on request the tries, the set play and the solution tree.
//! * Any [`crate::board::Board`]: the orthodox
//!   [`Position`](crate::Position), any
//!   [`VariantPosition`](crate::variant::VariantPosition), and an
//!   [`crate::board::AnyPosition`] holding either.
//!
//! The side to move is taken from the position: in `#n` it mates, in `s#n` it
//! forces the other side to mate it, in `h#n` it begins and is mated, in
//! `h#n.5` it begins and mates. (Problemists' diagrams have White to move
//! except in `h#n`: [`Stipulation::first_mover`].) As in the prover, the
//! 50-move rule and repetitions are ignored and stalemate is not mate.
//!
//! The direct mate on the orthodox board is the prover's
//! ([`crate::prover`]), with its keys and lengths; this module adds the
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
//! // A series helpmate in 2: Black plays twice, then White mates.
//! let sol = solve(&pos, &ProblemOptions::new("ser-h#2".parse().unwrap()));
//! assert_eq!(sol.outcome, ProblemOutcome::Solved(2));
//! assert!(sol.solutions.iter().all(|l| l.len() == 3));
//! ```

mod answer;
mod budget;
mod goal;
mod help;
mod play;
mod reach;
mod rest;
mod set_play;
mod stipulation;
mod table;
mod tries;

pub use answer::{
    HelpTechniques, ProblemKey, ProblemOptions, ProblemOutcome, ProblemSolution, ProblemTry,
    SetPlay,
};
pub use stipulation::{
    Genre, Goal, KNOWN_GENRES, MAX_STIPULATION_MOVES, Stipulation, StipulationError,
    StipulationErrorKind,
};

use crate::board::{AnyMove, AnyPosition, Board};
use crate::prover::{self, Horizon, Solution, SolveOptions, Verdict};
use budget::Budget;
use help::Help;
use play::Play;
use rest::Rest;

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
pub fn solve<B: Board>(pos: &B, opts: &ProblemOptions) -> ProblemSolution<B::Move> {
    let stip = opts.stipulation;
    let mut sol = ProblemSolution {
        stipulation: stip,
        outcome: ProblemOutcome::NoSolution,
        keys: Vec::new(),
        line: Vec::new(),
        solutions: Vec::new(),
        tries: Vec::new(),
        set: Vec::new(),
        tree: None,
        more: false,
        nodes: 0,
        complete: true,
        shortest: true,
    };
    let to_move = pos.turn();
    let mated = stip.mated_side(to_move);
    let goal = stip.goal();
    if matches!(goal, Goal::Mate | Goal::Check) && !pos.has_royal(mated) {
        sol.outcome = ProblemOutcome::NoKing(mated);
        return sol;
    }
    if !pos.has_legal_move() {
        sol.outcome = match (pos.is_check(), mated == to_move) {
            (true, true) if goal == Goal::Mate => ProblemOutcome::AlreadyMet,
            (true, _) => ProblemOutcome::Checkmated,
            (false, _) => ProblemOutcome::Stalemate,
        };
        return sol;
    }
    let n = stip.moves();
    let orthodox =
        goal == Goal::Mate && matches!(stip.genre(), Genre::Direct | Genre::Selfmate | Genre::Help);
    if !orthodox {
        return solve_play(pos, opts, sol);
    }
    match stip.genre() {
        Genre::Help => {
            let mut help = Help::new(
                pos,
                Budget::new(&opts.limits),
                opts.hash_mb,
                opts.help,
                opts.max_solutions,
            );
            let found = help.search(pos, stip.plies());
            sol.nodes = help.budget.nodes;
            sol.complete &= !help.budget.aborted;
            sol.outcome = ProblemOutcome::of_search(help.budget.aborted, found, n);
            sol.solutions = help.solutions;
            sol.more = help.more;
            return sol;
        }
        _ => {
            let prove = SolveOptions {
                max_moves: n,
                all_keys: opts.all_keys,
                one_key: opts.one_key,
                tree: opts.tree,
                max_keys: opts.max_solutions,
                limits: opts.limits.clone(),
                hash_mb: opts.hash_mb,
                horizon: Horizon::default(),
            };
            let proof = if stip.genre() == Genre::Direct {
                prover::solve(pos, &prove)
            } else {
                prover::solve_selfmate(pos, &prove)
            };
            battle(&mut sol, proof);
            if matches!(sol.outcome, ProblemOutcome::Unknown { .. }) || !sol.complete {
                sol.complete = false;
                return sol;
            }
        }
    }
    // The problemist's view of a direct mate or selfmate.
    if opts.tries || opts.set_play {
        let keys: Vec<B::Move> = sol.keys.iter().map(|k| k.mv).collect();
        let mut rest = Rest::new(&opts.limits, opts.hash_mb);
        if opts.tries {
            sol.tries = tries::tries(&mut rest, pos, stip.genre(), n, &keys, opts.max_refutations);
        }
        if opts.set_play && !rest.aborted() {
            sol.set = set_play::set_play(&mut rest, pos, stip.genre(), n);
        }
        sol.nodes += rest.nodes();
        sol.complete &= !rest.aborted();
    }
    sol
}

/// Every stipulation but the orthodox `#n`, `s#n` and `h#n`: [`play`]'s
/// searches. Battle play answers with its keys (no line, tree, tries or set
/// play); help and series play with every line.
fn solve_play<B: Board>(
    pos: &B,
    opts: &ProblemOptions,
    mut sol: ProblemSolution<B::Move>,
) -> ProblemSolution<B::Move> {
    let stip = opts.stipulation;
    let n = stip.moves();
    let mut play = Play::new(
        Budget::new(&opts.limits),
        opts.hash_mb,
        stip,
        opts.max_solutions,
    );
    if opts.help.reach {
        play = play.with_reach(pos);
    }
    if stip.genre().is_battle() {
        let moves = pos.legal_moves();
        let mut length: Vec<Option<u32>> = vec![None; moves.len()];
        let mut shortest = None;
        let mut searched = 0;
        // `r`: an attacker that can reach the goal in the diagram must, and no
        // key works.
        let bound = play.attacker_bound_to_goal(pos, &moves);
        'lengths: for k in 1..=n {
            if bound {
                break;
            }
            for (i, &mv) in moves.iter().enumerate() {
                if length[i].is_some() {
                    continue;
                }
                if play.key_works(pos, mv, k) {
                    length[i] = Some(k);
                    shortest.get_or_insert(k);
                    if opts.one_key && !opts.all_keys {
                        break 'lengths;
                    }
                }
                if play.budget.aborted {
                    break 'lengths;
                }
            }
            if shortest.is_some() && !opts.all_keys {
                break;
            }
            if shortest.is_none() {
                searched = k;
            }
        }
        let mut keys: Vec<ProblemKey<B::Move>> = moves
            .iter()
            .zip(&length)
            .filter_map(|(&mv, &k)| k.map(|moves| ProblemKey { mv, moves }))
            .collect();
        keys.sort_by_key(|k| k.moves);
        if let Some(max) = opts.max_solutions
            && keys.len() > max.max(1)
        {
            keys.truncate(max.max(1));
            sol.more = true;
        }
        sol.keys = keys;
        sol.outcome = match shortest {
            Some(k) => ProblemOutcome::Solved(k),
            None if play.budget.aborted => ProblemOutcome::Unknown { searched },
            None => ProblemOutcome::NoSolution,
        };
    } else {
        let found = match stip.genre() {
            Genre::Help => play.help(pos, stip.plies() - 1),
            Genre::HelpSelf | Genre::HelpReflex => play.help(pos, stip.plies() - 2),
            _ => play.series(pos, n),
        };
        sol.outcome = ProblemOutcome::of_search(play.budget.aborted, found, n);
        sol.solutions = play.solutions;
        sol.more = play.more;
    }
    sol.nodes = play.budget.nodes;
    sol.complete = !play.budget.aborted;
    sol
}

/// The battle's answer ([`crate::prover`]) as the problem's.
fn battle<M>(sol: &mut ProblemSolution<M>, proof: Solution<M>) {
    sol.outcome = match proof.outcome {
        Verdict::MateIn(k) => ProblemOutcome::Solved(k),
        // Checkmated in the diagram is caught before the battle.
        Verdict::MatedIn(k) => ProblemOutcome::Mated(k),
        Verdict::NoMateWithin(_) => ProblemOutcome::NoSolution,
        Verdict::Unknown { searched } => ProblemOutcome::Unknown { searched },
    };
    sol.keys = proof
        .keys
        .into_iter()
        .map(|k| ProblemKey {
            mv: k.mv,
            moves: k.mate_in,
        })
        .collect();
    sol.line = proof.line;
    sol.tree = proof.tree;
    sol.more = proof.more_keys;
    sol.nodes = proof.nodes;
    sol.complete = proof.complete;
    sol.shortest = proof.shortest;
}

impl AnyPosition {
    /// [`solve`] on the position's own engine (the orthodox one at its full
    /// speed), its moves as [`AnyMove`]s: what a front end holding either engine
    /// calls.
    ///
    /// ```
    /// use kibitz::board::{Board, GameRules};
    /// use kibitz::problem::{ProblemOptions, ProblemOutcome};
    /// let pos = GameRules::chess().position("8/8/8/8/7k/5K2/8/3R4 w - - 0 1").unwrap();
    /// let sol = pos.solve(&ProblemOptions::new("#3".parse().unwrap()));
    /// assert_eq!(sol.outcome, ProblemOutcome::Solved(2));
    /// assert_eq!(pos.san(sol.keys[0].mv), "Rd5");
    /// ```
    pub fn solve(&self, opts: &ProblemOptions) -> ProblemSolution<AnyMove> {
        match self {
            AnyPosition::Chess { position, .. } => solve(position, opts).map_moves(AnyMove::from),
            AnyPosition::Variant(position) => solve(&**position, opts).map_moves(AnyMove::from),
        }
    }
}

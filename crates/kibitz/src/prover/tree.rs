//! Solution trees: built from the proof, and checked by replaying them with nothing
//! but the rules (legal moves, checkmate), apart from the search that made them.

use core::fmt;

use super::goal::{DirectMate, Goal};
use super::search::Searcher;
use super::{MAX_MATE_MOVES, Solution, Verdict};
use crate::board::Board;

/// The proof of a [`Solution`], for [`Solution::verify`] or any move generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tree<M = crate::Move> {
    /// For [`Verdict::MateIn`]: one tree per key, in the order of [`Solution::keys`].
    Keys(Vec<TreeMove<M>>),
    /// For [`Verdict::MatedIn`]: every legal move of the side to move, each with a
    /// quickest mate after it (none when it is checkmated already); a mate within
    /// the bound, not always the quickest, where the length is not proven the
    /// shortest ([`Solution::shortest`]).
    Defences(Vec<TreeReply<M>>),
}

/// A move of the attacking side (the mating side of `#n`, the side forcing the
/// selfmate of `s#n`) and every legal defence to it; a mating move has no
/// replies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeMove<M = crate::Move> {
    /// The attacker's move.
    pub mv: M,
    /// Every legal defence, each with the attacker's answer; empty when `mv` mates.
    pub replies: Vec<TreeReply<M>>,
}

/// A defence and a quickest continuation to the goal after it (a mate within
/// the bound where [`Solution::shortest`] is false).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeReply<M = crate::Move> {
    /// The defender's move.
    pub mv: M,
    /// The attacker's answer; None when the defence is itself the mate a
    /// selfmate asks for.
    pub then: Option<TreeMove<M>>,
}

impl<M> TreeReply<M> {
    /// The attacker moves on the deepest line below the defence.
    fn depth(&self) -> u32 {
        self.then.as_ref().map_or(0, TreeMove::depth)
    }
}

impl<M> TreeMove<M> {
    /// The most attacker moves on any line of the tree, this one included.
    ///
    /// ```
    /// use kibitz::Position;
    /// use kibitz::prover::{SolveOptions, Tree, solve};
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
    /// let sol = solve(&pos, &SolveOptions { tree: true, ..SolveOptions::mate_in(1) });
    /// let Some(Tree::Keys(keys)) = &sol.tree else { panic!() };
    /// assert_eq!(keys[0].depth(), 1);
    /// ```
    pub fn depth(&self) -> u32 {
        1 + self.replies.iter().map(TreeReply::depth).max().unwrap_or(0)
    }
}

impl<M: Copy> Tree<M> {
    /// The same tree with every move turned into `f`'s (an engine's moves into a
    /// front end's, [`crate::board::AnyMove`]).
    pub fn map_moves<N>(&self, f: &impl Fn(M) -> N) -> Tree<N> {
        match self {
            Tree::Keys(keys) => Tree::Keys(keys.iter().map(|t| t.map_moves(f)).collect()),
            Tree::Defences(replies) => {
                Tree::Defences(replies.iter().map(|r| r.map_moves(f)).collect())
            }
        }
    }
}

impl<M: Copy> TreeMove<M> {
    /// The same subtree with every move turned into `f`'s.
    pub fn map_moves<N>(&self, f: &impl Fn(M) -> N) -> TreeMove<N> {
        TreeMove {
            mv: f(self.mv),
            replies: self.replies.iter().map(|r| r.map_moves(f)).collect(),
        }
    }
}

impl<M: Copy> TreeReply<M> {
    /// The same subtree with every move turned into `f`'s.
    pub fn map_moves<N>(&self, f: &impl Fn(M) -> N) -> TreeReply<N> {
        TreeReply {
            mv: f(self.mv),
            then: self.then.as_ref().map(|t| t.map_moves(f)),
        }
    }
}

/// The tree below the attacker's `mv` in `pos`, which reaches the goal within `n`.
pub(super) fn after_attack<B: Board, G: Goal>(
    s: &mut Searcher<'_, B, G>,
    pos: &B,
    mv: B::Move,
    n: u32,
) -> Option<TreeMove<B::Move>> {
    let replies = defences(s, &pos.after(mv), n - 1)?;
    Some(TreeMove { mv, replies })
}

/// Every defence at a defender node lost within `n`, each with a quickest way to
/// the goal (none after a defence that is the selfmate's mate); None if the
/// search was stopped (or the node is not lost, which a finished proof rules out).
pub(super) fn defences<B: Board, G: Goal>(
    s: &mut Searcher<'_, B, G>,
    pos: &B,
    n: u32,
) -> Option<Vec<TreeReply<B::Move>>> {
    let mut out = Vec::new();
    for &mv in pos.legal_moves().iter() {
        let child = pos.after(mv);
        if !G::DIRECT && child.is_checkmate() {
            out.push(TreeReply { mv, then: None });
            continue;
        }
        let k = s.shortest(&child, n, 1)?;
        let attack = quickest_attack(s, &child, k)?;
        out.push(TreeReply {
            mv,
            then: Some(after_attack(s, &child, attack, k)?),
        });
    }
    Some(out)
}

/// A move with which the side to move reaches the goal within `k`, its
/// shortest: the table's move when it still proves it.
pub(super) fn quickest_attack<B: Board, G: Goal>(
    s: &mut Searcher<'_, B, G>,
    pos: &B,
    k: u32,
) -> Option<B::Move> {
    let moves = pos.legal_moves();
    let hint = s.hint(pos).filter(|h| moves.contains(h));
    let rest = moves.iter().copied().filter(|&m| Some(m) != hint);
    for mv in hint.into_iter().chain(rest) {
        if s.defender(&pos.after(mv), k - 1, 1) {
            return Some(mv);
        }
        if s.aborted {
            return None;
        }
    }
    None
}

/// The most moves [`proof_within`] writes before it gives up: a proof read from
/// the table is a graph whose shared positions the tree writes out once per path.
const PROOF_TREE_CAP: usize = 200_000;

/// A tree proving that the side to move mates within `n`, read from the proofs the
/// table holds (df-pn's among them) without searching: each line ends in mate
/// within the moves the table proved, not necessarily the quickest. None where a
/// proof has left the table (replaced) or the tree would pass
/// [`PROOF_TREE_CAP`] moves.
pub(super) fn proof_within<B: Board>(
    s: &Searcher<'_, B, DirectMate>,
    pos: &B,
    n: u32,
) -> Option<TreeMove<B::Move>> {
    let mut left = PROOF_TREE_CAP;
    proof_attack(s, pos, n, &mut left)
}

/// [`proof_within`] at a defender node proven lost within `n`: every defence with
/// its mating tree.
pub(super) fn proof_lost_within<B: Board>(
    s: &Searcher<'_, B, DirectMate>,
    pos: &B,
    n: u32,
) -> Option<Vec<TreeReply<B::Move>>> {
    let mut left = PROOF_TREE_CAP;
    proof_defences(s, pos, n, &mut left)
}

/// An attacker node proven within `n`: a mate in one, or the move to the defender
/// node the table proves lost soonest.
fn proof_attack<B: Board>(
    s: &Searcher<'_, B, DirectMate>,
    pos: &B,
    n: u32,
    left: &mut usize,
) -> Option<TreeMove<B::Move>> {
    *left = left.checked_sub(1)?;
    if let Some(mv) = pos.first_mate_in_one() {
        return Some(TreeMove {
            mv,
            replies: Vec::new(),
        });
    }
    if n < 2 {
        return None;
    }
    let mut best: Option<(u32, B::Move, B)> = None;
    for &mv in pos.legal_moves().iter() {
        let child = pos.after(mv);
        if let Some(m) = s.lost_within(&child).filter(|&m| m < n)
            && best.as_ref().is_none_or(|&(b, _, _)| m < b)
        {
            best = Some((m, mv, child));
        }
    }
    // The table keeps deep facts before shallow ones, so a mate in two's own
    // entries may have made way; such a mate is found again without a search.
    let (m, mv, child) = match best {
        Some(found) => found,
        None if n >= 2 => {
            let mv = mate_in_two(pos)?;
            (1, mv, pos.after(mv))
        }
        None => return None,
    };
    let replies = proof_defences(s, &child, m, left)?;
    Some(TreeMove { mv, replies })
}

/// A move after which every defence allows mate in one (none for a stalemate),
/// found by trying them all: the proof of a mate in two whose table entries are
/// gone.
fn mate_in_two<B: Board>(pos: &B) -> Option<B::Move> {
    pos.legal_moves().iter().copied().find(|&mv| {
        let child = pos.after(mv);
        let replies = child.legal_moves();
        !replies.is_empty()
            && replies
                .iter()
                .all(|&r| child.after(r).first_mate_in_one().is_some())
    })
}

/// A defender node proven lost within `n`: every defence, each with the tree of
/// the attacker's mate after it.
fn proof_defences<B: Board>(
    s: &Searcher<'_, B, DirectMate>,
    pos: &B,
    n: u32,
    left: &mut usize,
) -> Option<Vec<TreeReply<B::Move>>> {
    let mut out = Vec::new();
    for &mv in pos.legal_moves().iter() {
        let child = pos.after(mv);
        let m = if child.first_mate_in_one().is_some() {
            1
        } else if let Some(m) = s.mates_within(&child).filter(|&m| m <= n) {
            m
        } else if n >= 2 && mate_in_two(&child).is_some() {
            2
        } else {
            return None;
        };
        out.push(TreeReply {
            mv,
            then: Some(proof_attack(s, &child, m, left)?),
        });
    }
    Some(out)
}

/// The principal line of a mating tree: the attacker's moves as the tree gives
/// them, the defence with the deepest tree at every defender node.
pub(super) fn longest_line<M: Copy>(t: &TreeMove<M>, line: &mut Vec<M>) {
    line.push(t.mv);
    if let Some(r) = t.replies.iter().max_by_key(|r| r.depth()) {
        line.push(r.mv);
        if let Some(then) = &r.then {
            longest_line(then, line);
        }
    }
}

/// Why a solution did not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError<M = crate::Move> {
    /// The moves from the position to the point of failure.
    pub path: Vec<M>,
    /// What is wrong there.
    pub kind: VerifyErrorKind<M>,
}

/// What [`Solution::verify`] found wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyErrorKind<M = crate::Move> {
    /// A mate was claimed without a tree to show it.
    NoTree,
    /// The tree's kind does not fit the verdict, or its first moves are not the keys.
    KeysDiffer,
    /// A move that is not legal where it stands.
    Illegal(M),
    /// A move given as mating (no replies) that does not checkmate.
    NotCheckmate(M),
    /// A line that ends in stalemate.
    Stalemate,
    /// A legal defence the tree does not answer.
    MissingDefence(M),
    /// A defence listed twice.
    DuplicateDefence(M),
    /// A line longer than the claimed number of attacker moves (or a claim of
    /// mate in 0 or past [`MAX_MATE_MOVES`]).
    TooLong {
        /// The attacker moves the claim allows there.
        allowed: u32,
    },
    /// The principal line is not a legal line of the claimed length ending in mate.
    BadLine,
}

impl<M: fmt::Display> fmt::Display for VerifyError<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str("in the position: ")?;
        } else {
            f.write_str("after")?;
            for mv in &self.path {
                write!(f, " {mv}")?;
            }
            f.write_str(": ")?;
        }
        match &self.kind {
            VerifyErrorKind::NoTree => f.write_str("a mate is claimed but there is no tree"),
            VerifyErrorKind::KeysDiffer => f.write_str("the tree does not hold the keys"),
            VerifyErrorKind::Illegal(mv) => write!(f, "{mv} is not legal"),
            VerifyErrorKind::NotCheckmate(mv) => write!(f, "{mv} does not checkmate"),
            VerifyErrorKind::Stalemate => f.write_str("stalemate"),
            VerifyErrorKind::MissingDefence(mv) => write!(f, "defence {mv} is not answered"),
            VerifyErrorKind::DuplicateDefence(mv) => write!(f, "defence {mv} is listed twice"),
            VerifyErrorKind::TooLong { allowed } => {
                write!(f, "the line goes on past {allowed} more attacker moves")
            }
            VerifyErrorKind::BadLine => {
                f.write_str("the principal line is not a mate of the claimed length")
            }
        }
    }
}

impl<M: fmt::Display + fmt::Debug> std::error::Error for VerifyError<M> {}

impl<M: Copy + PartialEq> Solution<M> {
    /// Replays the solution in `pos` with nothing but the rules: every move legal,
    /// every legal defence answered at every defender node, every line ending in
    /// the goal within the claimed number of moves (a checkmate the attacker
    /// gives in `#n`, one the defender gives in `s#n`), the tree's first moves
    /// the keys, and the principal line reaching the goal in the claimed length.
    ///
    /// A [`Verdict::MateIn`] or [`Verdict::MatedIn`] needs its tree
    /// ([`SolveOptions::tree`](super::SolveOptions::tree)); other verdicts claim
    /// no mate, which a tree cannot show, and pass. "No shorter mate" is the search's
    /// claim alone; the tests check it against a brute-force search.
    ///
    /// ```
    /// use kibitz::Position;
    /// use kibitz::prover::{SolveOptions, Tree, solve};
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
    /// let mut sol = solve(&pos, &SolveOptions { tree: true, ..SolveOptions::mate_in(2) });
    /// assert!(sol.verify(&pos).is_ok());
    /// sol.tree = Some(Tree::Keys(Vec::new()));
    /// assert!(sol.verify(&pos).is_err());
    /// ```
    pub fn verify<B: Board<Move = M>>(&self, pos: &B) -> Result<(), VerifyError<M>> {
        let fail = |kind| failure(&[], kind);
        let mut path = Vec::new();
        let replay = Replay {
            selfmate: self.selfmate,
        };
        // Past the prover's own limit a claim is refused before any replay, which
        // bounds the recursion below whatever tree it is given.
        let too_long = match self.outcome {
            Verdict::MateIn(n) => n == 0 || self.keys.iter().any(|k| k.mate_in > MAX_MATE_MOVES),
            Verdict::MatedIn(n) => n > MAX_MATE_MOVES,
            _ => false,
        };
        if too_long {
            return fail(VerifyErrorKind::TooLong {
                allowed: MAX_MATE_MOVES,
            });
        }
        match (self.outcome, &self.tree) {
            (Verdict::MateIn(_) | Verdict::MatedIn(_), None) => fail(VerifyErrorKind::NoTree),
            (Verdict::MateIn(n), Some(Tree::Keys(keys))) => {
                let same = keys.len() == self.keys.len()
                    && keys.iter().zip(&self.keys).all(|(t, k)| t.mv == k.mv)
                    && self.keys.first().is_some_and(|k| k.mate_in == n)
                    && self.keys.iter().all(|k| k.mate_in >= n);
                if !same {
                    return fail(VerifyErrorKind::KeysDiffer);
                }
                let mut seen = Vec::new();
                for (t, k) in keys.iter().zip(&self.keys) {
                    if seen.contains(&t.mv) {
                        return fail(VerifyErrorKind::KeysDiffer);
                    }
                    seen.push(t.mv);
                    replay.attack(pos, t, k.mate_in, &mut path)?;
                }
                let plies = if self.selfmate { 2 * n } else { 2 * n - 1 };
                check_line(pos, &self.line, plies, keys.first().map(|k| k.mv))
            }
            (Verdict::MatedIn(n), Some(Tree::Defences(defences))) if !self.selfmate => {
                replay.defend(pos, defences, n, &mut path)?;
                check_line(pos, &self.line, 2 * n, None)
            }
            (Verdict::MateIn(_) | Verdict::MatedIn(_), Some(_)) => {
                fail(VerifyErrorKind::KeysDiffer)
            }
            _ => Ok(()),
        }
    }
}

/// The replay of a tree, by the rules of its goal.
#[derive(Copy, Clone)]
struct Replay {
    /// `s#n`: the defender gives the mate, which ends a line at a defence.
    selfmate: bool,
}

impl Replay {
    /// Checks an attacker move and everything below it, with `budget` attacker
    /// moves allowed from here.
    fn attack<B: Board>(
        self,
        pos: &B,
        t: &TreeMove<B::Move>,
        budget: u32,
        path: &mut Vec<B::Move>,
    ) -> Result<(), VerifyError<B::Move>> {
        if budget == 0 {
            return failure(path, VerifyErrorKind::TooLong { allowed: 0 });
        }
        if !pos.is_legal(t.mv) {
            return failure(path, VerifyErrorKind::Illegal(t.mv));
        }
        let next = pos.after(t.mv);
        // The attacker's mate ends a direct mate's line; a selfmate's never ends
        // at an attacker move.
        if t.replies.is_empty() && (self.selfmate || !next.is_checkmate()) {
            return failure(path, VerifyErrorKind::NotCheckmate(t.mv));
        }
        path.push(t.mv);
        self.defend(&next, &t.replies, budget - 1, path)?;
        path.pop();
        Ok(())
    }

    /// Checks a defender node: every legal move answered once, each answer good
    /// within `budget` attacker moves (in a selfmate a defence that mates needs no
    /// answer); with no legal move, checkmate in a direct mate.
    fn defend<B: Board>(
        self,
        pos: &B,
        replies: &[TreeReply<B::Move>],
        budget: u32,
        path: &mut Vec<B::Move>,
    ) -> Result<(), VerifyError<B::Move>> {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return match (pos.is_check() && !self.selfmate, replies.first()) {
                (false, _) => failure(path, VerifyErrorKind::Stalemate),
                (true, Some(r)) => failure(path, VerifyErrorKind::Illegal(r.mv)),
                (true, None) => Ok(()),
            };
        }
        if budget == 0 && !self.selfmate {
            return failure(path, VerifyErrorKind::TooLong { allowed: 0 });
        }
        for (i, r) in replies.iter().enumerate() {
            if !legal.contains(&r.mv) {
                return failure(path, VerifyErrorKind::Illegal(r.mv));
            }
            if replies[..i].iter().any(|q| q.mv == r.mv) {
                return failure(path, VerifyErrorKind::DuplicateDefence(r.mv));
            }
        }
        if let Some(&missing) = legal.iter().find(|m| !replies.iter().any(|r| r.mv == **m)) {
            return failure(path, VerifyErrorKind::MissingDefence(missing));
        }
        for r in replies {
            path.push(r.mv);
            let child = pos.after(r.mv);
            match &r.then {
                // The selfmate's goal: the defence itself mates.
                None if self.selfmate && child.is_checkmate() => {}
                None => return failure(path, VerifyErrorKind::NotCheckmate(r.mv)),
                Some(then) => self.attack(&child, then, budget, path)?,
            }
            path.pop();
        }
        Ok(())
    }
}

/// The principal line: `plies` legal moves (starting with `first` when given)
/// ending in checkmate.
fn check_line<B: Board>(
    pos: &B,
    line: &[B::Move],
    plies: u32,
    first: Option<B::Move>,
) -> Result<(), VerifyError<B::Move>> {
    let mut p = pos.clone();
    let ok = line.len() == plies as usize
        && first.is_none_or(|f| line.first() == Some(&f))
        && line.iter().all(|&mv| {
            let legal = p.is_legal(mv);
            if legal {
                p.play_unchecked(mv);
            }
            legal
        })
        && p.is_checkmate();
    if ok {
        Ok(())
    } else {
        failure(&[], VerifyErrorKind::BadLine)
    }
}

/// The error `kind` found after the moves of `path`.
fn failure<M: Copy>(path: &[M], kind: VerifyErrorKind<M>) -> Result<(), VerifyError<M>> {
    Err(VerifyError {
        path: path.to_vec(),
        kind,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;
    use crate::limits::Limits;
    use crate::prover::Horizon;

    #[test]
    fn a_mate_in_two_whose_entries_are_gone_is_found_again() {
        // 1.Rd5 Kh3 2.Rh5#: with an empty table (as when its shallow entries made
        // way for deeper ones) the proof is rebuilt by trying the moves.
        let pos = Position::from_fen("8/8/8/8/7k/5K2/8/3R4 w - - 0 1").unwrap();
        let limits = Limits::default();
        let s: Searcher<'_, Position, DirectMate> = Searcher::new(1, &limits, Horizon::default());
        let proof = proof_within(&s, &pos, 2).expect("a proof without the table");
        assert_eq!(proof.mv.uci(), "d1d5");
        assert_eq!(proof.replies.len(), 1);
        assert_eq!(proof.replies[0].then.as_ref().unwrap().mv.uci(), "d5h5");
        assert!(proof_within(&s, &pos, 1).is_none());
    }
}

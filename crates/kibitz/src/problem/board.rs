//! The little a problem search needs of a position, implemented by the orthodox
//! [`Position`] and the fairy [`VariantPosition`], so that every genre runs on
//! both.

use core::fmt::Debug;
use core::hash::Hash;

use super::answer::{DirectAnswer, TreeDefence, TreeNode};
use crate::limits::Limits;
use crate::mate::solve::{SolveOptions, Tree, TreeMove, Verdict, solve};
use crate::variant::{VariantMove, VariantPosition};
use crate::{CastlingMode, Color, Move, MoveList, Position};

/// A position a problem can be solved in: legal moves, make-move, check, mates in
/// one, a table key, a null move for set play, and notation. The direct mate is
/// asked of the board too, so that the orthodox board answers it with the
/// existing prover ([`crate::mate::solve`]) and a fairy board with the generic
/// search of this module.
pub trait ProblemBoard: Clone {
    /// A move.
    type Move: Copy + Eq + Hash + Debug;
    /// The legal moves, as a slice.
    type Moves: core::ops::Deref<Target = [Self::Move]>;

    /// The side to move.
    fn side_to_move(&self) -> Color;
    /// The legal moves.
    fn moves(&self) -> Self::Moves;
    /// The position after a legal move.
    fn child(&self, mv: Self::Move) -> Self;
    /// Is the side to move in check?
    fn in_check(&self) -> bool;
    /// Every legal move that checkmates.
    fn mating_moves(&self) -> Vec<Self::Move>;
    /// Has the side to move a mate in one?
    fn has_mating_move(&self) -> bool;
    /// A key equal for equal positions (castling and en passant included, the
    /// clocks not), for transposition tables.
    fn table_key(&self) -> u64;
    /// The position with the turn passed, `None` when the side to move is in check.
    fn passed(&self) -> Option<Self>;
    /// Has `color` a king (a royal piece) to be mated?
    fn has_royal(&self, color: Color) -> bool;
    /// The move in UCI.
    fn move_uci(&self, mv: Self::Move) -> String;
    /// The move in UCI, castling written as `mode` says (only the orthodox board
    /// has a choice; the default is [`ProblemBoard::move_uci`]).
    fn move_uci_in(&self, mv: Self::Move, mode: CastlingMode) -> String {
        let _ = mode;
        self.move_uci(mv)
    }
    /// The move in SAN.
    fn move_san(&self, mv: Self::Move) -> String;
    /// The position in FEN.
    fn to_fen(&self) -> String;
    /// The direct mate `#n` for the side to move: its shortest length within `n`,
    /// its keys (with `all_keys` every first move that mates within `n`, each with
    /// its length), and with `tree` the solution tree.
    fn direct_mate(
        &self,
        n: u32,
        all_keys: bool,
        tree: bool,
        limits: &Limits,
        hash_mb: usize,
    ) -> DirectAnswer<Self::Move>;
}

impl ProblemBoard for Position {
    type Move = Move;
    type Moves = MoveList;

    fn side_to_move(&self) -> Color {
        self.turn()
    }

    fn moves(&self) -> MoveList {
        self.legal_moves()
    }

    fn child(&self, mv: Move) -> Position {
        self.after(mv)
    }

    fn in_check(&self) -> bool {
        self.is_check()
    }

    fn mating_moves(&self) -> Vec<Move> {
        crate::mate::mates_in_one(self)
    }

    fn has_mating_move(&self) -> bool {
        crate::mate::first_mate_in_one(self).is_some()
    }

    fn table_key(&self) -> u64 {
        self.hash()
    }

    fn passed(&self) -> Option<Position> {
        self.pass()
    }

    fn has_royal(&self, _color: Color) -> bool {
        // An orthodox position always has both kings.
        true
    }

    fn move_uci(&self, mv: Move) -> String {
        mv.uci()
    }

    fn move_uci_in(&self, mv: Move, mode: CastlingMode) -> String {
        mv.uci_in(mode)
    }

    fn move_san(&self, mv: Move) -> String {
        crate::notation::san(self, mv)
    }

    fn to_fen(&self) -> String {
        self.fen()
    }

    /// The existing prover, [`crate::mate::solve::solve`].
    fn direct_mate(
        &self,
        n: u32,
        all_keys: bool,
        tree: bool,
        limits: &Limits,
        hash_mb: usize,
    ) -> DirectAnswer<Move> {
        let opts = SolveOptions {
            all_keys,
            tree,
            limits: limits.clone(),
            hash_mb,
            ..SolveOptions::mate_in(n)
        };
        let sol = solve(self, &opts);
        let (length, proven) = match sol.outcome {
            Verdict::MateIn(k) => (Some(k), true),
            // Mated first, or no mate: no mate of the side to move within n.
            Verdict::MatedIn(_) | Verdict::NoMateWithin(_) => (None, true),
            Verdict::Unknown { .. } => (None, false),
        };
        let tree = match sol.tree {
            Some(Tree::Keys(keys)) if tree => Some(keys.iter().map(convert).collect()),
            _ => None,
        };
        DirectAnswer {
            length,
            proven,
            keys: sol.keys.iter().map(|k| (k.mv, k.mate_in)).collect(),
            tree,
            nodes: sol.nodes,
            complete: sol.complete,
        }
    }
}

/// The prover's tree as this module's.
fn convert(t: &TreeMove) -> TreeNode<Move> {
    TreeNode {
        mv: t.mv,
        replies: t
            .replies
            .iter()
            .map(|r| TreeDefence {
                mv: r.mv,
                then: Some(convert(&r.then)),
            })
            .collect(),
    }
}

impl ProblemBoard for VariantPosition {
    type Move = VariantMove;
    type Moves = Vec<VariantMove>;

    fn side_to_move(&self) -> Color {
        self.turn()
    }

    fn moves(&self) -> Vec<VariantMove> {
        self.legal_moves()
    }

    fn child(&self, mv: VariantMove) -> VariantPosition {
        let mut next = self.clone();
        next.play_unchecked(&mv);
        next
    }

    fn in_check(&self) -> bool {
        self.is_check()
    }

    fn mating_moves(&self) -> Vec<VariantMove> {
        self.mates_in_one()
    }

    fn has_mating_move(&self) -> bool {
        !self.mates_in_one().is_empty()
    }

    fn table_key(&self) -> u64 {
        self.key()
    }

    fn passed(&self) -> Option<VariantPosition> {
        self.pass()
    }

    fn has_royal(&self, color: Color) -> bool {
        self.king(color).is_some()
    }

    fn move_uci(&self, mv: VariantMove) -> String {
        self.uci(&mv)
    }

    fn move_san(&self, mv: VariantMove) -> String {
        self.san(&mv)
    }

    fn to_fen(&self) -> String {
        self.fen()
    }

    /// The generic depth-first search of this module (the orthodox prover knows
    /// only the 8 × 8 board).
    fn direct_mate(
        &self,
        n: u32,
        all_keys: bool,
        tree: bool,
        limits: &Limits,
        hash_mb: usize,
    ) -> DirectAnswer<VariantMove> {
        super::direct::prove(self, n, all_keys, tree, limits, hash_mb)
    }
}

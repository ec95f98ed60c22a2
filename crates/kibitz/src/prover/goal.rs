//! What the battle plays for: the goal at the end of the attacker's and the
//! defender's alternating moves, as Popeye builds `#n` and `s#n` from one
//! battle branch with a different end (`stipulation.c`).
//!
//! * [`DirectMate`] (`#n`): the attacker mates. A defender without a move has
//!   lost when it is in check (mate) and held when it is not (stalemate).
//! * [`SelfMate`] (`s#n`): the attacker forces the defender to mate it. A
//!   defence that mates ends the line in the attacker's favour; a defender
//!   without a move holds (it cannot mate).
//!
//! In both, `n` counts the attacker's moves, and a defender node's `n` the
//! attacker's moves left after the defence.

/// The end of the battle: the direct mate ([`DirectMate`], `#n`) or the selfmate
/// ([`SelfMate`], `s#n`); `n` counts the attacker's moves.
pub trait Goal: Copy + Default + core::fmt::Debug + Send + Sync + 'static {
    /// The attacker delivers the mate (`#n`); else the defender must (`s#n`).
    const DIRECT: bool;
    /// The stipulation's sign: `#` or `s#`.
    const SIGN: &'static str;
}

/// `#n`: the side to move mates.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DirectMate;

impl Goal for DirectMate {
    const DIRECT: bool = true;
    const SIGN: &'static str = "#";
}

/// `s#n`: the side to move forces the other side to mate it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SelfMate;

impl Goal for SelfMate {
    const DIRECT: bool = false;
    const SIGN: &'static str = "s#";
}

//! Time management: how long one move may take, from what UCI `go` says about the
//! clock. (Stockfish keeps this in `timeman.cpp`, apart from its protocol loop;
//! kibitz keeps it here, apart from `kibitz uci`.)
//!
//! ```
//! use std::time::Duration;
//! use kibitz::search::time::{Clock, budget};
//! // One minute left, one second added per move, no move count: a thirtieth of
//! // the time left and three quarters of the increment.
//! let clock = Clock { left_ms: 60_000, increment_ms: 1_000, moves_to_go: None };
//! assert_eq!(budget(&clock), Duration::from_millis(2_000 + 750));
//! ```

use std::time::Duration;

/// The moves assumed left when the clock does not say (`movestogo`).
pub const MOVES_TO_GO: u64 = 30;

/// What is kept on the clock for the answer to travel to the GUI, in ms.
pub const MARGIN_MS: u64 = 50;

/// The least a move is given, in ms, however little is left.
pub const MIN_MS: u64 = 5;

/// The clock of the side to move, as UCI `go` gives it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left, in ms (`wtime` / `btime`; a negative time counts as 0).
    pub left_ms: u64,
    /// Added after each move, in ms (`winc` / `binc`).
    pub increment_ms: u64,
    /// Moves until the next time control (`movestogo`), if any.
    pub moves_to_go: Option<u64>,
}

/// The time one move may take: an even share of the time left over the moves to
/// go, plus three quarters of the increment, never planning past the clock (less
/// [`MARGIN_MS`]) nor below [`MIN_MS`].
pub fn budget(clock: &Clock) -> Duration {
    let moves = clock.moves_to_go.unwrap_or(MOVES_TO_GO).max(1);
    let share = (clock.left_ms / moves).saturating_add(clock.increment_ms.saturating_mul(3) / 4);
    let ms = share
        .min(clock.left_ms.saturating_sub(MARGIN_MS))
        .max(MIN_MS);
    Duration::from_millis(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_past_the_clock_nor_below_the_floor() {
        let clock = |left_ms, increment_ms, moves_to_go| Clock {
            left_ms,
            increment_ms,
            moves_to_go,
        };
        // A big increment on a nearly empty clock: the clock wins.
        assert_eq!(budget(&clock(100, 10_000, None)), Duration::from_millis(50));
        assert_eq!(budget(&clock(0, 0, None)), Duration::from_millis(MIN_MS));
        assert_eq!(
            budget(&clock(10_000, 0, Some(0))),
            Duration::from_millis(9_950)
        );
        assert_eq!(
            budget(&clock(10_000, 0, Some(4))),
            Duration::from_millis(2_500)
        );
        assert_eq!(
            budget(&clock(u64::MAX, u64::MAX, None)),
            Duration::from_millis(u64::MAX / 30 + u64::MAX / 4)
        );
        assert_eq!(
            budget(&clock(u64::MAX, u64::MAX, Some(1))),
            Duration::from_millis(u64::MAX - MARGIN_MS)
        );
    }
}

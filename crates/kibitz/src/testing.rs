//! Helpers shared by the unit tests: a seeded generator, so every run sees the same
//! boards, and positions of seeded random play.

use crate::Position;

/// A small seeded generator (xorshift64): fast, and the same numbers on every run.
pub(crate) struct Xorshift(u64);

impl Xorshift {
    /// A generator started from `seed` (not zero).
    pub(crate) fn new(seed: u64) -> Xorshift {
        assert_ne!(seed, 0, "xorshift never leaves zero");
        Xorshift(seed)
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..bound` (`bound` > 0).
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }
}

/// `n` positions of random legal play from the start (a game restarts when it ends or
/// passes `max_moves` full moves), each followed by the same position with the turn
/// passed where that is legal: both colours to move in similar positions.
pub(crate) fn random_play(seed: u64, n: usize, max_moves: u64) -> Vec<Position> {
    let mut rng = Xorshift::new(seed);
    let mut out = Vec::with_capacity(n);
    let mut pos = Position::startpos();
    while out.len() < n {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.fullmoves() > max_moves {
            pos = Position::startpos();
            continue;
        }
        out.extend(pos.pass());
        out.push(pos.clone());
        pos.play_unchecked(moves[rng.below(moves.len())]);
    }
    out.truncate(n);
    out
}

/// Perft of a built-in variant from `fen` (None: its start position), for the
/// variant modules' tests against published counts.
pub(crate) fn variant_perft(name: &str, fen: Option<&str>, depth: u32) -> u64 {
    use crate::variant::{Variant, VariantPosition};
    let v = Variant::builtin(name).unwrap();
    let pos = match fen {
        Some(f) => VariantPosition::from_fen(&v, f).unwrap(),
        None => VariantPosition::startpos(&v),
    };
    pos.perft(depth)
}

//! Seeded random play: games whose moves a small deterministic generator draws, so
//! that tests, fuzzers and the demo have positions on every machine without shipping
//! anybody's games.

use super::Position;

/// The positions of seeded random games, one after another, for ever.
///
/// Each game starts from the start position and ends at checkmate, stalemate or
/// after `max_plies` moves; the next game starts then. Moves are drawn uniformly,
/// except that a mating move is taken when the generator draws the "mate" chance
/// and one exists, and a capture now and then: random games then reach mates in one
/// and thin out as real games do. The same seed gives the same positions on every
/// machine and in every version that keeps this rule.
///
/// ```
/// use kibitz::position::RandomPlay;
///
/// let positions: Vec<_> = RandomPlay::new(7).take(500).collect();
/// assert_eq!(positions[0], kibitz::Position::startpos());
/// assert_eq!(positions, RandomPlay::new(7).take(500).collect::<Vec<_>>());
/// assert!(positions.iter().any(|p| p.is_check()));
/// ```
#[derive(Clone, Debug)]
pub struct RandomPlay {
    state: u64,
    pos: Position,
    plies: u32,
    max_plies: u32,
}

impl RandomPlay {
    /// Random play from `seed` (any value), games of at most 200 plies.
    pub fn new(seed: u64) -> RandomPlay {
        RandomPlay {
            // splitmix64 of the seed: never zero for xorshift, and nearby seeds differ.
            state: splitmix(seed) | 1,
            pos: Position::startpos(),
            plies: 0,
            max_plies: 200,
        }
    }

    /// The same, with games of at most `max_plies` plies (at least 1).
    pub fn max_plies(mut self, max_plies: u32) -> RandomPlay {
        self.max_plies = max_plies.max(1);
        self
    }

    fn below(&mut self, bound: usize) -> usize {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        (self.state % bound as u64) as usize
    }
}

fn splitmix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Iterator for RandomPlay {
    type Item = Position;

    fn next(&mut self) -> Option<Position> {
        let here = self.pos.clone();
        let moves = self.pos.legal_moves();
        if moves.is_empty() || self.plies >= self.max_plies {
            self.pos = Position::startpos();
            self.plies = 0;
        } else {
            let chance = self.below(8);
            let pick = match chance {
                0 => moves
                    .iter()
                    .copied()
                    .find(|&mv| self.pos.after(mv).is_checkmate()),
                1 | 2 => {
                    let them = self.pos.them();
                    let captures: Vec<_> = moves.iter().filter(|m| them.contains(m.to)).collect();
                    (!captures.is_empty()).then(|| *captures[self.below(captures.len())])
                }
                _ => None,
            };
            let mv = pick.unwrap_or_else(|| moves.as_slice()[self.below(moves.len())]);
            self.pos.play_unchecked(mv);
            self.plies += 1;
        }
        Some(here)
    }
}

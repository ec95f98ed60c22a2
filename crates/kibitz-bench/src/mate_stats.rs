//! Tallies over many positions: the glance detector's recall per pattern, and the
//! agreement of [`mate_patterns`] with Lichess's theme tags. Used by
//! `kibitz-bench mate-report` and the test that guards the figures.

use kibitz::mate::{Pattern, glance, mate_patterns, mates_in_one};
use kibitz::{Move, Position};

/// What Lichess says about a puzzle: its theme tags and the solution's first move
/// (the move the tags describe, for a mate in one).
#[derive(Copy, Clone, Debug)]
pub struct LichessLabel<'a> {
    /// The `Themes` column, split on spaces.
    pub themes: &'a [&'a str],
    /// The second move of the `Moves` column, played in the puzzle position.
    pub solution: Move,
}

/// Counts for one pattern.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PatternCount {
    /// Mating moves (exact) showing the pattern.
    pub mates: usize,
    /// Of those, the ones the glance detector reported.
    pub glance: usize,
    /// Puzzles whose solution both Lichess's themes and our names give the pattern.
    pub both: usize,
    /// Puzzles tagged by Lichess only.
    pub lichess_only: usize,
    /// Puzzles named by us only.
    pub ours_only: usize,
}

/// Mate-in-one statistics over a set of positions.
///
/// ```
/// use kibitz::{Position, mate::Pattern};
/// use kibitz_bench::mate_stats::MateStats;
/// let mut stats = MateStats::default();
/// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
/// stats.add(&pos, None);
/// assert_eq!(stats.mates, 1);
/// assert_eq!(stats.glance_mates, 1);
/// assert_eq!(stats.pattern(Pattern::BackRank).mates, 1);
/// ```
#[derive(Clone, Debug, Default)]
pub struct MateStats {
    /// Positions seen.
    pub positions: usize,
    /// Positions with a mate in one.
    pub positions_with_mate: usize,
    /// Mating moves (exact).
    pub mates: usize,
    /// Mating moves the glance detector reported.
    pub glance_mates: usize,
    /// Mating moves that show no named pattern.
    pub unnamed: usize,
    /// Mating moves that show no named pattern, reported by the glance detector.
    pub unnamed_glance: usize,
    /// Glance reports that are not mates (must stay 0).
    pub false_positives: usize,
    /// Puzzles with themes that were compared per pattern.
    pub tagged_positions: usize,
    counts: [PatternCount; Pattern::ALL.len()],
}

impl MateStats {
    /// The counts for `pattern`.
    pub fn pattern(&self, pattern: Pattern) -> PatternCount {
        self.counts[pattern as usize]
    }

    /// Adds one position; `lichess` is the puzzle's label when known. Lichess tags the
    /// puzzle's solution, so the agreement compares its themes with the names of the
    /// solution move (when that move mates), not of other mates the position offers.
    pub fn add(&mut self, pos: &Position, lichess: Option<LichessLabel<'_>>) {
        self.positions += 1;
        let exact = mates_in_one(pos);
        let seen = glance(pos);
        self.false_positives += seen.iter().filter(|g| !exact.contains(&g.mv)).count();
        if !exact.is_empty() {
            self.positions_with_mate += 1;
        }
        for &mv in &exact {
            let found = seen.iter().any(|g| g.mv == mv);
            self.mates += 1;
            self.glance_mates += found as usize;
            let names = mate_patterns(pos, mv);
            if names.is_empty() {
                self.unnamed += 1;
                self.unnamed_glance += found as usize;
            }
            for p in names {
                let c = &mut self.counts[p as usize];
                c.mates += 1;
                c.glance += found as usize;
            }
        }
        if let Some(label) = lichess {
            if !exact.contains(&label.solution) {
                return;
            }
            self.tagged_positions += 1;
            let shown = mate_patterns(pos, label.solution);
            for p in Pattern::ALL {
                let tagged = label.themes.contains(&p.name());
                let c = &mut self.counts[p as usize];
                match (tagged, shown.contains(&p)) {
                    (true, true) => c.both += 1,
                    (true, false) => c.lichess_only += 1,
                    (false, true) => c.ours_only += 1,
                    (false, false) => {}
                }
            }
        }
    }
}

/// `part / whole` as a percentage, 100 when `whole` is 0.
///
/// ```
/// assert_eq!(kibitz_bench::mate_stats::percent(1, 4), 25.0);
/// ```
pub fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        100.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

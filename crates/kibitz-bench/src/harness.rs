//! Running engines side by side, and the statistics of the results.
//!
//! Every round runs every engine on every position, the engine order rotating from round
//! to round so that no engine always runs first (cold) or right after the same neighbour.
//! Speeds are reported as medians over rounds, and the subject's speed ratio to each peer
//! is computed within each round before taking the median: two runs seconds apart share
//! the machine's mood, so their ratio is far steadier than either time.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use anyhow::bail;

use crate::positions::BenchPosition;
use crate::{PerftEngine, PerftFn};

/// The depth of the untimed warm-up run: enough to touch every attack table.
const WARM_UP_DEPTH: u32 = 3;

/// The timings of one perft benchmark.
#[derive(Debug, Clone)]
pub struct PerftReport {
    /// Engine names, the subject first.
    pub engines: Vec<&'static str>,
    /// The positions, in the order run.
    pub positions: Vec<BenchPosition>,
    /// The node count of each position, which every engine agreed on.
    pub nodes: Vec<u64>,
    /// Seconds per round, position and engine: `seconds[round][position][engine]`.
    pub seconds: Vec<Vec<Vec<f64>>>,
}

impl PerftReport {
    /// The median speed of `engine` on `position`, in millions of nodes per second.
    pub fn median_mnps(&self, position: usize, engine: usize) -> f64 {
        let nodes = self.nodes[position] as f64;
        let speeds: Vec<f64> = self
            .seconds
            .iter()
            .map(|round| nodes / round[position][engine] / 1e6)
            .collect();
        median(&speeds).unwrap_or(f64::NAN)
    }

    /// The median over rounds of the subject's speed divided by `peer`'s on `position`.
    ///
    /// Above 1 the subject (engine 0) is faster. Both ran the same nodes, so the speed
    /// ratio is the inverse time ratio.
    pub fn median_ratio(&self, position: usize, peer: usize) -> f64 {
        let ratios: Vec<f64> = self
            .seconds
            .iter()
            .map(|round| round[position][peer] / round[position][0])
            .collect();
        median(&ratios).unwrap_or(f64::NAN)
    }

    /// The report as two text tables: median Mnodes/s, then the subject's ratios.
    pub fn render(&self) -> String {
        let mut speeds = Table::new(["position", "depth", "nodes"].into_iter().map(String::from));
        speeds
            .header
            .extend(self.engines.iter().map(|name| (*name).to_owned()));
        for (p, pos) in self.positions.iter().enumerate() {
            let mut row = vec![
                pos.id.clone(),
                pos.depth.to_string(),
                self.nodes[p].to_string(),
            ];
            row.extend((0..self.engines.len()).map(|e| format!("{:.1}", self.median_mnps(p, e))));
            speeds.rows.push(row);
        }

        let subject = self.engines[0];
        let mut ratios = Table::new(std::iter::once("position".to_owned()));
        ratios
            .header
            .extend(self.engines[1..].iter().map(|name| format!("vs {name}")));
        for (p, pos) in self.positions.iter().enumerate() {
            let mut row = vec![pos.id.clone()];
            row.extend((1..self.engines.len()).map(|e| format!("{:.2}", self.median_ratio(p, e))));
            ratios.rows.push(row);
        }

        let rounds = self.seconds.len();
        let mut out = String::new();
        let _ = writeln!(
            out,
            "perft, bulk counting, median of {rounds} rounds: Mnodes/s (higher is faster)"
        );
        out.push_str(&speeds.render());
        let _ = writeln!(
            out,
            "\n{subject} speed / peer speed, per-round ratio, median of {rounds} (> 1: {subject} is faster)"
        );
        out.push_str(&ratios.render());
        out
    }
}

/// Runs perft on every position with every engine, `rounds` times, interleaved.
///
/// `progress` is called before each round with the round's index. Every run's node
/// count is checked against the other engines' and against the published count.
///
/// # Errors
///
/// Fails if an engine rejects a FEN, or loudly, naming every engine's count, if the
/// engines disagree on a node count or differ from the published one.
pub fn run_perft(
    engines: &[Box<dyn PerftEngine>],
    positions: &[BenchPosition],
    rounds: usize,
    mut progress: impl FnMut(usize),
) -> anyhow::Result<PerftReport> {
    if engines.is_empty() || positions.is_empty() || rounds == 0 {
        bail!("nothing to run: need at least one engine, position and round");
    }
    // FEN parsing happens here, before any clock starts.
    let prepared: Vec<Vec<PerftFn>> = positions
        .iter()
        .map(|pos| {
            engines
                .iter()
                .map(|engine| engine.prepare(&pos.fen))
                .collect()
        })
        .collect::<anyhow::Result<_>>()?;

    let names: Vec<&'static str> = engines.iter().map(|engine| engine.name()).collect();
    // Untimed warm-up: page in every engine's tables before the first clock starts.
    for (pos, runs) in positions.iter().zip(&prepared) {
        for run in runs {
            black_box(run(black_box(WARM_UP_DEPTH.min(pos.depth))));
        }
    }
    // The reference count is the published one where there is one, else the first
    // engine's first count; every later run of every engine must match it.
    let mut agreed: Vec<Option<u64>> = positions.iter().map(|pos| pos.expected).collect();
    let mut seconds = Vec::with_capacity(rounds);
    for round in 0..rounds {
        progress(round);
        let mut round_seconds = Vec::with_capacity(positions.len());
        for (p, (pos, runs)) in positions.iter().zip(&prepared).enumerate() {
            let mut times = vec![0.0; runs.len()];
            let mut counts = vec![0; runs.len()];
            for k in 0..runs.len() {
                let e = (k + round) % runs.len();
                let start = Instant::now();
                counts[e] = black_box(runs[e](black_box(pos.depth)));
                times[e] = start.elapsed().as_secs_f64();
            }
            let reference = *agreed[p].get_or_insert(counts[0]);
            if counts.iter().any(|&count| count != reference) {
                let listing: Vec<String> = names
                    .iter()
                    .zip(&counts)
                    .map(|(name, count)| format!("{name} {count}"))
                    .collect();
                let published = pos.expected.map_or("none".to_owned(), |n| n.to_string());
                bail!(
                    "NODE COUNT MISMATCH on {} depth {} (round {}): {}; published {published}",
                    pos.id,
                    pos.depth,
                    round + 1,
                    listing.join(", ")
                );
            }
            round_seconds.push(times);
        }
        seconds.push(round_seconds);
    }

    Ok(PerftReport {
        engines: names,
        positions: positions.to_vec(),
        nodes: agreed.into_iter().map(|n| n.unwrap_or(0)).collect(),
        seconds,
    })
}

/// The median of `values`, the mean of the middle two for an even count; `None` if empty.
pub fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    Some(if sorted.len() % 2 == 1 {
        sorted[mid]
    } else {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    })
}

/// A plain text table: the first column left-aligned, the others right-aligned.
#[derive(Debug, Clone, Default)]
pub struct Table {
    /// Column titles.
    pub header: Vec<String>,
    /// Cells, one vector per row, as many as there are titles.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column titles and no rows.
    pub fn new(header: impl IntoIterator<Item = String>) -> Self {
        Table {
            header: header.into_iter().collect(),
            rows: Vec::new(),
        }
    }

    /// The table as text, two spaces between columns, one line per row.
    pub fn render(&self) -> String {
        let mut widths: Vec<usize> = self.header.iter().map(|title| title.len()).collect();
        for row in &self.rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.len());
            }
        }
        let mut out = String::new();
        for row in std::iter::once(&self.header).chain(&self.rows) {
            let mut line = String::new();
            for (i, (cell, &width)) in row.iter().zip(&widths).enumerate() {
                if i == 0 {
                    let _ = write!(line, "{cell:<width$}");
                } else {
                    let _ = write!(line, "  {cell:>width$}");
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_even_and_empty() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[]), None);
    }

    #[test]
    fn table_aligns_columns() {
        let mut table = Table::new(["a".to_owned(), "bb".to_owned()]);
        table.rows.push(vec!["long".to_owned(), "1".to_owned()]);
        assert_eq!(table.render(), "a     bb\nlong   1\n");
    }

    /// A fake engine whose "perft" returns a fixed count, to test the bookkeeping.
    struct Fixed(&'static str, u64);

    impl PerftEngine for Fixed {
        fn name(&self) -> &'static str {
            self.0
        }
        fn prepare(&self, _fen: &str) -> anyhow::Result<PerftFn> {
            let nodes = self.1;
            Ok(Box::new(move |_| nodes))
        }
    }

    fn position(expected: Option<u64>) -> BenchPosition {
        BenchPosition {
            id: "p".into(),
            fen: "f".into(),
            depth: 1,
            expected,
        }
    }

    #[test]
    fn disagreement_is_an_error_naming_every_engine() {
        let engines: Vec<Box<dyn PerftEngine>> =
            vec![Box::new(Fixed("x", 5)), Box::new(Fixed("y", 6))];
        let err = run_perft(&engines, &[position(None)], 1, |_| ())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("MISMATCH") && err.contains("x 5") && err.contains("y 6"),
            "{err}"
        );
    }

    #[test]
    fn published_count_is_checked() {
        let engines: Vec<Box<dyn PerftEngine>> =
            vec![Box::new(Fixed("x", 5)), Box::new(Fixed("y", 5))];
        assert!(run_perft(&engines, &[position(Some(7))], 1, |_| ()).is_err());
        let report = run_perft(&engines, &[position(Some(5))], 3, |_| ()).unwrap();
        assert_eq!(report.nodes, [5]);
        assert_eq!(report.seconds.len(), 3);
        assert!(report.render().contains("vs y"));
    }
}

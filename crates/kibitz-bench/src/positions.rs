//! The benchmark positions, read from the project's `data/perft.epd`.
//!
//! The FENs and the published node counts come from the data file rather than from this
//! source, so nothing here is a hand-typed expected answer.

use anyhow::{Context, bail};

/// The perft data shipped with the project: `id`, `epd` and `perft DEPTH NODES` lines.
const PERFT_EPD: &str = include_str!("../../../data/perft.epd");

/// One benchmark position with the depth to search it to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchPosition {
    /// The record's `id` in `data/perft.epd`, such as `kiwipete`.
    pub id: String,
    /// The position as a full six-field FEN.
    pub fen: String,
    /// The perft depth to run.
    pub depth: u32,
    /// The published node count at `depth`, when `data/perft.epd` has one.
    pub expected: Option<u64>,
}

/// The positions and depths of `perft`: start position 6, Kiwipete 5, position 3 at 6.
///
/// `quick` picks depths one ply shallower for smoke tests (about a twentieth of the work);
/// the file has published counts for all of those, so a quick run also checks every
/// engine against them.
///
/// # Errors
///
/// Fails if `data/perft.epd` lacks one of the records.
pub fn perft_suite(quick: bool) -> anyhow::Result<Vec<BenchPosition>> {
    let plan: [(&str, u32); 3] = [("startpos", 6), ("kiwipete", 5), ("position3", 6)];
    plan.iter()
        .map(|&(id, full)| {
            let depth = if quick { full - 1 } else { full };
            let (fen, counts) = epd_record(id).with_context(|| format!("perft position `{id}`"))?;
            let expected = counts.iter().find(|&&(d, _)| d == depth).map(|&(_, n)| n);
            Ok(BenchPosition {
                id: id.to_owned(),
                fen,
                depth,
                expected,
            })
        })
        .collect()
}

/// Finds record `id` in `data/perft.epd`: its FEN and its `(depth, nodes)` pairs.
fn epd_record(id: &str) -> anyhow::Result<(String, Vec<(u32, u64)>)> {
    let mut lines = PERFT_EPD.lines().map(str::trim);
    if !lines.any(|line| line.strip_prefix("id ") == Some(id)) {
        bail!("no record with id `{id}` in data/perft.epd");
    }
    let mut fen = None;
    let mut counts = Vec::new();
    for line in lines.take_while(|line| !line.is_empty() && !line.starts_with("id ")) {
        if let Some(rest) = line.strip_prefix("epd ") {
            fen = Some(rest.to_owned());
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, nodes) = rest
                .split_once(' ')
                .with_context(|| format!("malformed line `{line}`"))?;
            counts.push((depth.parse()?, nodes.parse()?));
        }
    }
    let fen = fen.with_context(|| format!("record `{id}` has no epd line"))?;
    Ok((fen, counts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suite_has_six_field_fens_and_quick_counts() {
        let quick = perft_suite(true).unwrap();
        assert_eq!(quick.len(), 3);
        for pos in &quick {
            assert_eq!(pos.fen.split_whitespace().count(), 6, "{}", pos.fen);
            assert!(pos.expected.is_some(), "no published count for {}", pos.id);
        }
        let full = perft_suite(false).unwrap();
        assert!(
            full.iter()
                .zip(&quick)
                .all(|(f, q)| f.depth > q.depth && f.fen == q.fen)
        );
    }

    #[test]
    fn unknown_id_is_an_error() {
        assert!(epd_record("no-such-position").is_err());
    }
}

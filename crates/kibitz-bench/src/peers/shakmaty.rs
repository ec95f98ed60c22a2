//! shakmaty (niklasf): perft, SAN writing and parsing, mate-in-one brute force.
//!
//! shakmaty is GPL-3.0-or-later: this module may call it, but none of its code goes into
//! kibitz.

use std::fmt::Write as _;

use anyhow::{Context, bail};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Position};

use crate::{PerftEngine, PerftFn};

/// shakmaty 0.30, standard chess.
#[derive(Debug, Clone, Copy, Default)]
pub struct Shakmaty;

impl PerftEngine for Shakmaty {
    fn name(&self) -> &'static str {
        "shakmaty"
    }

    fn prepare(&self, fen: &str) -> anyhow::Result<PerftFn> {
        let pos = parse(fen)?;
        // shakmaty's own perft already bulk-counts: `legal_moves().len()` at depth 1.
        Ok(Box::new(move |depth| shakmaty::perft(&pos, depth)))
    }
}

/// Parses a standard FEN into a validated position.
///
/// # Errors
///
/// Fails if the FEN is malformed or describes an illegal position.
pub fn parse(fen: &str) -> anyhow::Result<Chess> {
    let setup: Fen = fen
        .parse()
        .with_context(|| format!("shakmaty rejects `{fen}`"))?;
    setup
        .into_position(CastlingMode::Standard)
        .with_context(|| format!("shakmaty rejects `{fen}`"))
}

/// Parses many FENs; the untimed half of the SAN benchmarks.
///
/// # Errors
///
/// Fails on the first FEN that [`parse`] rejects.
pub fn parse_all<S: AsRef<str>>(fens: &[S]) -> anyhow::Result<Vec<Chess>> {
    fens.iter().map(|fen| parse(fen.as_ref())).collect()
}

/// Writes the SAN of every legal move of every position into `out` and returns the
/// number of moves written.
///
/// Each position becomes one line of space-separated moves, in shakmaty's generation
/// order, with `+` and `#` suffixes (`SanPlus`), which is the text [`parse_sans`] reads.
pub fn write_sans(positions: &[Chess], out: &mut String) -> usize {
    let mut count = 0;
    for pos in positions {
        for (i, &mv) in pos.legal_moves().iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            // `SanPlus::from_move` plays the move on its own copy to find the suffix.
            let _ = write!(out, "{}", SanPlus::from_move(pos.clone(), mv));
            count += 1;
        }
        out.push('\n');
    }
    count
}

/// Parses text written by [`write_sans`] back into moves, one line per position, and
/// returns the number of moves parsed.
///
/// # Errors
///
/// Fails if a token is not SAN, names no unique legal move, or the line count differs
/// from the position count.
pub fn parse_sans(positions: &[Chess], text: &str) -> anyhow::Result<usize> {
    let mut count = 0;
    let mut lines = text.lines();
    for (index, pos) in positions.iter().enumerate() {
        let line = lines
            .next()
            .with_context(|| format!("no SAN line for position {index}"))?;
        for token in line.split_ascii_whitespace() {
            let san: SanPlus = token
                .parse()
                .with_context(|| format!("position {index}: `{token}` is not SAN"))?;
            let mv = san
                .san
                .to_move(pos)
                .with_context(|| format!("position {index}: `{token}` is no legal move"))?;
            std::hint::black_box(mv);
            count += 1;
        }
    }
    if lines.next().is_some() {
        bail!("more SAN lines than the {} positions", positions.len());
    }
    Ok(count)
}

/// Counts the legal moves of `pos` that give checkmate, by brute force: play every legal
/// move and test the result.
///
/// "In check?" comes before the search for a legal reply because it is far cheaper and
/// most moves give no check. (shakmaty's `is_checkmate` orders its test the same way;
/// this spells it out so that the peers do identical work.)
pub fn mates_in_one(pos: &Chess) -> usize {
    pos.legal_moves()
        .iter()
        .filter(|&&mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            child.is_check() && child.legal_moves().is_empty()
        })
        .count()
}

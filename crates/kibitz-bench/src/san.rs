//! SAN writing and reading, kibitz beside shakmaty on the same positions (the FENs of
//! `data/fixtures/san_moves.tsv`: random-play and puzzle positions). Each helper
//! returns a count so the work cannot be optimised away.

use std::hint::black_box;
use std::time::Instant;

use anyhow::Context;
use kibitz::Position;
use kibitz::notation::{SanStyle, parse_san, san_all, write_san};

use crate::harness::{Table, median};
use crate::peers;

/// Writes every legal move of every position as SAN, one line per position, the
/// text [`kibitz_parse_sans`] reads; returns the number of moves written.
pub fn kibitz_write_sans(positions: &[Position], out: &mut String) -> usize {
    let mut count = 0;
    for pos in positions {
        for (i, &mv) in pos.legal_moves().iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            // Writing into a String cannot fail.
            let _ = write_san(out, pos, mv, SanStyle::Standard);
            count += 1;
        }
        out.push('\n');
    }
    count
}

/// Reads text written by [`kibitz_write_sans`] back into moves; returns the number read.
pub fn kibitz_parse_sans(positions: &[Position], text: &str) -> anyhow::Result<usize> {
    let mut count = 0;
    for (index, (pos, line)) in positions.iter().zip(text.lines()).enumerate() {
        for token in line.split_ascii_whitespace() {
            let mv = parse_san(pos, token).with_context(|| format!("position {index}: {token}"))?;
            black_box(mv);
            count += 1;
        }
    }
    Ok(count)
}

/// The FENs of the SAN fixture.
fn fixture_fens() -> anyhow::Result<Vec<String>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/fixtures/san_moves.tsv"
    );
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
    Ok(text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').next().map(str::to_string))
        .collect())
}

/// Runs the SAN benchmark: `rounds` interleaved rounds, medians of ns per move and of
/// the per-round ratios.
pub fn run(rounds: usize) -> anyhow::Result<String> {
    let fens = fixture_fens()?;
    let ours: Vec<Position> = fens
        .iter()
        .map(|f| Position::from_fen(f).with_context(|| f.clone()))
        .collect::<anyhow::Result<_>>()?;
    let theirs = peers::shakmaty::parse_all(&fens)?;

    let mut write_ns = (Vec::new(), Vec::new());
    let mut read_ns = (Vec::new(), Vec::new());
    let mut gen_ns = Vec::new();
    let mut write_ratio = Vec::new();
    let mut read_ratio = Vec::new();
    let mut moves = 0;
    for round in 0..rounds {
        eprintln!("round {}/{rounds}", round + 1);
        let t = Instant::now();
        moves = black_box(kibitz_movegen_all(&ours));
        gen_ns.push(t.elapsed().as_nanos() as f64 / moves as f64);

        let mut ours_text = String::new();
        let t = Instant::now();
        let n = kibitz_write_sans(&ours, &mut ours_text);
        let kw = t.elapsed().as_nanos() as f64 / n as f64;
        let mut their_text = String::new();
        let t = Instant::now();
        let m = peers::shakmaty::write_sans(&theirs, &mut their_text);
        let sw = t.elapsed().as_nanos() as f64 / m as f64;
        anyhow::ensure!(
            n == m && n == moves,
            "move counts differ: kibitz {n}, shakmaty {m}"
        );

        let t = Instant::now();
        let n = kibitz_parse_sans(&ours, &ours_text)?;
        let kr = t.elapsed().as_nanos() as f64 / n as f64;
        let t = Instant::now();
        let m = peers::shakmaty::parse_sans(&theirs, &their_text)?;
        let sr = t.elapsed().as_nanos() as f64 / m as f64;

        write_ns.0.push(kw);
        write_ns.1.push(sw);
        read_ns.0.push(kr);
        read_ns.1.push(sr);
        write_ratio.push(sw / kw);
        read_ratio.push(sr / kr);
    }
    let m = |v: &[f64]| median(v).unwrap_or(f64::NAN);
    let mut table = Table::new(
        [
            "work",
            "kibitz ns/move",
            "shakmaty ns/move",
            "kibitz speed / shakmaty",
        ]
        .map(String::from),
    );
    table.rows.push(vec![
        "write SAN".into(),
        format!("{:.1}", m(&write_ns.0)),
        format!("{:.1}", m(&write_ns.1)),
        format!("{:.2}", m(&write_ratio)),
    ]);
    table.rows.push(vec![
        "read SAN".into(),
        format!("{:.1}", m(&read_ns.0)),
        format!("{:.1}", m(&read_ns.1)),
        format!("{:.2}", m(&read_ratio)),
    ]);
    Ok(format!(
        "SAN on {} positions, {moves} legal moves, median of {rounds} rounds\n\
         (kibitz generates the moves in {:.1} ns/move)\n{}",
        ours.len(),
        m(&gen_ns),
        table.render()
    ))
}

/// Generates the legal moves of every position (the baseline SAN writing is
/// compared with); returns the number of moves.
pub fn kibitz_movegen_all(positions: &[Position]) -> usize {
    positions.iter().map(|pos| pos.legal_moves().len()).sum()
}

/// Writes the SAN of every legal move of every position; returns the total length
/// of the SAN text.
pub fn kibitz_san_all(positions: &[Position]) -> usize {
    let mut total = 0;
    let mut buf = String::with_capacity(16);
    for pos in positions {
        for &mv in pos.legal_moves().iter() {
            buf.clear();
            // Writing into a String cannot fail.
            let _ = write_san(&mut buf, pos, mv, SanStyle::Standard);
            total += buf.len();
        }
    }
    total
}

/// Writes the SAN of every legal move of every position, then reads each back;
/// returns the number of moves read back to themselves.
pub fn kibitz_san_roundtrip(positions: &[Position]) -> usize {
    let mut ok = 0;
    for pos in positions {
        let moves = pos.legal_moves();
        for (mv, text) in moves.iter().zip(san_all(pos, &moves, SanStyle::Standard)) {
            if parse_san(pos, &text).is_ok_and(|back| back == *mv) {
                ok += 1;
            }
        }
    }
    ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_on_the_start_position() {
        let positions = [Position::startpos()];
        assert_eq!(kibitz_movegen_all(&positions), 20);
        // 4 knight moves of 3 characters and 16 pawn moves of 2 characters.
        assert_eq!(kibitz_san_all(&positions), 4 * 3 + 16 * 2);
        assert_eq!(kibitz_san_roundtrip(&positions), 20);
    }
}

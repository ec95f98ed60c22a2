//! The peers' helpers against the python-chess fixtures in `data/fixtures`.
//!
//! These check two things at once: that the helpers the benchmarks time compute the right
//! answers, and that the fixtures kibitz will be tested against agree with two
//! independent Rust implementations.

use std::str::FromStr;

use kibitz_bench::peers::{cozy, shakmaty as shak};
use shakmaty::Position;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;

const SAN_MOVES: &str = include_str!("../../../../data/fixtures/san_moves.tsv");
const MATES: &str = include_str!("../../../../data/fixtures/mates.tsv");

/// The data lines of a fixture: `#` comments skipped, split at the tab.
fn records(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            line.split_once('\t')
                .unwrap_or_else(|| panic!("no tab in `{line}`"))
        })
}

/// `uci san` pairs of one `san_moves.tsv` line.
fn san_pairs(moves: &str) -> impl Iterator<Item = (&str, &str)> {
    moves
        .split(';')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            pair.split_once(' ')
                .unwrap_or_else(|| panic!("bad pair `{pair}`"))
        })
}

#[test]
fn shakmaty_san_matches_python_chess() {
    let mut checked = 0;
    for (fen, moves) in records(SAN_MOVES) {
        let pos = shak::parse(fen).unwrap();
        let pairs: Vec<_> = san_pairs(moves).collect();
        assert_eq!(pos.legal_moves().len(), pairs.len(), "move count in {fen}");
        for (uci, san) in pairs {
            let mv = UciMove::from_str(uci).unwrap().to_move(&pos).unwrap();
            assert_eq!(
                SanPlus::from_move(pos.clone(), mv).to_string(),
                san,
                "{uci} in {fen}"
            );
            checked += 1;
        }
    }
    assert!(checked > 10_000, "only {checked} moves in the SAN fixture");
}

#[test]
fn shakmaty_san_round_trip_covers_every_move() {
    let fens: Vec<&str> = records(SAN_MOVES).map(|(fen, _)| fen).collect();
    let positions = shak::parse_all(&fens).unwrap();
    let expected: usize = records(SAN_MOVES)
        .map(|(_, moves)| san_pairs(moves).count())
        .sum();
    let mut text = String::new();
    assert_eq!(shak::write_sans(&positions, &mut text), expected);
    assert_eq!(shak::parse_sans(&positions, &text).unwrap(), expected);
}

/// Both peers' mate-in-one counts for `fen` must be `expected`.
fn assert_mates_in_one(fen: &str, expected: usize) {
    let by_cozy = cozy::mates_in_one(&cozy::parse(fen).unwrap());
    let by_shakmaty = shak::mates_in_one(&shak::parse(fen).unwrap());
    assert_eq!(
        (by_cozy, by_shakmaty),
        (expected, expected),
        "(cozy-chess, shakmaty) in {fen}"
    );
}

#[test]
fn mates_in_one_match_python_chess() {
    let mut with_mate = 0;
    for (fen, mates) in records(MATES) {
        let expected = mates.split_whitespace().count();
        assert_mates_in_one(fen, expected);
        with_mate += usize::from(expected > 0);
    }
    assert!(
        with_mate >= 300,
        "only {with_mate} positions with a mate in one"
    );
}

#[test]
fn mates_in_one_match_san_suffixes() {
    // The SAN fixture's `#` suffixes are a second, independent count of mating moves.
    for (fen, moves) in records(SAN_MOVES) {
        assert_mates_in_one(
            fen,
            san_pairs(moves)
                .filter(|(_, san)| san.ends_with('#'))
                .count(),
        );
    }
}

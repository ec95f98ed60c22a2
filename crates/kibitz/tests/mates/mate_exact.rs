//! `mates_in_one` against the Lichess labels, the brute-force oracle and cozy-chess;
//! the glance detector against `mates_in_one` (zero false positives).

use crate::common::{matetrack, mating_ucis, puzzles, random_positions, ucis};
use kibitz::Position;
use kibitz::mate::{glance, glance_threats, mate_threats, mates_in_one};

/// Checks one position both ways: exact = oracle (for both sides via the passed
/// turn), glance ⊆ exact. Returns the number of glance false positives.
fn check(pos: &Position, label: &str) -> usize {
    let exact = ucis(mates_in_one(pos));
    assert_eq!(exact, mating_ucis(pos), "{label}: {}", pos.fen());
    let threats = ucis(mate_threats(pos));
    let passed = pos.pass().map(|p| mating_ucis(&p)).unwrap_or_default();
    assert_eq!(threats, passed, "{label} threats: {}", pos.fen());
    let mut false_positives = 0;
    for m in glance(pos) {
        if !exact.contains(&m.mv.uci()) {
            eprintln!("glance false positive {label}: {} {}", pos.fen(), m.mv);
            false_positives += 1;
        }
    }
    for m in glance_threats(pos) {
        if !threats.contains(&m.mv.uci()) {
            eprintln!(
                "glance threat false positive {label}: {} {}",
                pos.fen(),
                m.mv
            );
            false_positives += 1;
        }
    }
    false_positives
}

#[test]
fn puzzles_agree_with_lichess_and_the_oracle() {
    let Some(puzzles) = puzzles() else {
        return;
    };
    assert!(puzzles.len() > 38_000, "{}", puzzles.len());
    let mut fp = 0;
    for p in &puzzles {
        let exact = mates_in_one(&p.pos);
        if let Some(themes) = &p.themes {
            let labelled = themes.iter().any(|t| t == "mateIn1");
            assert_eq!(!exact.is_empty(), labelled, "{}: {}", p.file, p.pos.fen());
        }
        fp += check(&p.pos, &p.file);
    }
    assert_eq!(fp, 0);
}

#[test]
fn random_play_agrees_with_the_oracle() {
    let positions = random_positions(0x6b69_6269_747a, 300);
    let mut fp = 0;
    let mut mates = 0;
    for pos in &positions {
        mates += mates_in_one(pos).len();
        fp += check(pos, "random");
    }
    assert!(mates > 100, "too few mates to be a test: {mates}");
    assert_eq!(fp, 0);
}

#[test]
fn matetrack_has_no_glance_false_positives() {
    let mut fp = 0;
    let Some(positions) = matetrack() else {
        return;
    };
    for pos in positions {
        fp += check(&pos, "matetrack");
    }
    assert_eq!(fp, 0);
}

//! Perft against published node counts: the chessprogramming wiki's positions (typed
//! in below with their source), the published Chess960 table (`published/`), every
//! entry of the shared data's `perft.epd` (counts from Stockfish's `go perft`; skipped
//! where that data is absent), and deeper levels of the wiki positions as `#[ignore]`
//! tests for release builds:
//!
//! ```text
//! cargo test --release -p kibitz --test perft -- --ignored
//! ```

use kibitz::{Position, perft};

struct Entry {
    id: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

/// Reads the `id` / `epd` / `perft DEPTH NODES` blocks of a perft file.
fn read_perft_file(text: &str) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "" => {}
            _ if key.starts_with('#') => {}
            "id" => entries.push(Entry {
                id: rest.to_string(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "epd" => entries.last_mut().expect("epd before id").fen = rest.to_string(),
            "perft" => {
                let (d, nodes) = rest
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("line {}: {line}", n + 1));
                let entry = entries.last_mut().expect("perft before id");
                entry
                    .counts
                    .push((d.parse().unwrap(), nodes.parse().unwrap()));
            }
            _ => panic!("line {}: unexpected {line:?}", n + 1),
        }
    }
    entries
}

#[test]
fn every_entry_of_the_perft_file() {
    let Some(text) = kibitz_testdata::text("perft.epd") else {
        return;
    };
    let entries = read_perft_file(&text);
    assert!(
        entries.len() >= 60,
        "the file has {} entries",
        entries.len()
    );
    let mut checked = 0;
    for entry in &entries {
        let pos = Position::from_fen(&entry.fen).unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        for &(depth, nodes) in &entry.counts {
            assert_eq!(
                perft(&pos, depth),
                nodes,
                "{} ({}) depth {depth}",
                entry.id,
                entry.fen
            );
            checked += 1;
        }
    }
    assert!(checked >= 240);
}

/// The published Chess960 table (`published/chess960.perft`): every one of the 960
/// positions, Shredder-FEN castling rights, to depth 3 here; depth 4 for all and
/// 5 for some in the ignored test below. The FEN read back from kibitz's own X-FEN
/// and Shredder-FEN must be the same position.
#[test]
fn chess960_table() {
    chess960_to_depth(3, 0);
}

#[test]
#[ignore = "deep perft: run in release mode"]
fn chess960_table_deeper() {
    chess960_to_depth(4, 100);
}

/// Every entry to `depth`, and the first `deeper` entries one level further.
fn chess960_to_depth(depth: u32, deeper: usize) {
    let entries = read_perft_file(include_str!("published/chess960.perft"));
    assert_eq!(entries.len(), 960);
    let mut castles = 0;
    for (i, entry) in entries.iter().enumerate() {
        let pos = Position::from_fen(&entry.fen).unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        assert_eq!(
            pos.shredder_fen(),
            format!("{} 0 1", entry.fen),
            "{}",
            entry.id
        );
        assert_eq!(Position::from_fen(&pos.fen()).unwrap(), pos, "{}", entry.id);
        castles += pos.legal_moves().iter().filter(|m| m.is_castle()).count();
        let limit = if i < deeper { depth + 1 } else { depth };
        for &(d, nodes) in entry.counts.iter().filter(|(d, _)| *d <= limit) {
            assert_eq!(
                perft(&pos, d),
                nodes,
                "{} ({}) depth {d}",
                entry.id,
                entry.fen
            );
        }
    }
    // The table is about castling: make sure it is exercised.
    assert!(castles > 100, "{castles} castlings at the roots");
}

/// Counts from the chessprogramming wiki's "Perft Results" page
/// (https://www.chessprogramming.org/Perft_Results): the start position, Kiwipete and
/// positions 3 to 6, at depths a test build counts in a second.
const WIKI: &[(&str, u32, u64)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        4,
        422_333,
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        3,
        62_379,
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        4,
        3_894_594,
    ),
];

#[test]
fn wiki_positions() {
    for &(fen, depth, nodes) in WIKI {
        assert_eq!(
            perft(&Position::from_fen(fen).unwrap(), depth),
            nodes,
            "{fen} depth {depth}"
        );
    }
}

/// Deeper counts from the chessprogramming wiki's "Perft Results" page.
const DEEP: &[(&str, u32, u64)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178_633_661),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
        89_941_194,
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        5,
        164_075_551,
    ),
];

#[test]
#[ignore = "deep perft: run in release mode"]
fn deep_wiki_positions() {
    for &(fen, depth, nodes) in DEEP {
        assert_eq!(
            perft(&Position::from_fen(fen).unwrap(), depth),
            nodes,
            "{fen} depth {depth}"
        );
    }
}

/// Issue 44: perft could not be stopped (Python's `perft(9)` ran on 60 s after
/// Ctrl-C). `perft_until` counts what `perft` counts, on both engines, and ends
/// soon after its flag is raised.
#[test]
fn perft_until_counts_the_same_and_stops_when_told() {
    use kibitz::board::{Board, GameRules};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let never = AtomicBool::new(false);
    for rules in [
        GameRules::chess(),
        GameRules::variant(kibitz::variant::Variant::builtin("chess").unwrap()),
    ] {
        let pos = rules.position(kiwipete).unwrap();
        assert_eq!(pos.perft_until(4, &never), Some(pos.perft(4)));
        assert_eq!(pos.perft_until(4, &never), Some(4_085_603));
        assert_eq!(pos.perft_until(1, &never), Some(48));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let raiser = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
            Instant::now()
        })
    };
    let pos = GameRules::chess().startpos();
    assert_eq!(pos.perft_until(9, &stop), None);
    let raised = raiser.join().unwrap();
    // Not a timing of the count: perft 9 takes hours, and a subtree of 3 plies
    // from the start position milliseconds.
    assert!(
        raised.elapsed() < Duration::from_secs(5),
        "{:?}",
        raised.elapsed()
    );
}

//! Musketeer Chess against its published perft tables (fsmosca/musketeer-chess,
//! see `PROVENANCE.md`): every line of `musketeer/*.csv` is `FEN,perft4` for one
//! start position after selection and placement. The normal run checks a seeded
//! sample of rows per piece pair; all 13,520 rows run with
//!
//! ```text
//! cargo test --release -p kibitz --test rules -- --ignored musketeer_perft::
//! ```
//!
//! Beside the tables, constructed positions check castling with gating, a gate
//! lost by capture, promotion to a musketeer piece and check evasions with gating.

use std::path::PathBuf;

use crate::common::{musketeer, variant_ucis};
use kibitz::variant::VariantPosition;

/// `(file name, line number, fen, perft 4)` of every table row, or `None` when the data is absent.
fn rows() -> Option<Vec<(String, usize, String, u64)>> {
    let dir = kibitz_testdata::path("musketeer")?;
    let entries = std::fs::read_dir(&dir).unwrap();
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, line) in text.lines().enumerate() {
            let Some((fen, count)) = line.trim().rsplit_once(',') else {
                continue;
            };
            let count: u64 = count
                .parse()
                .unwrap_or_else(|_| panic!("{name}:{}: bad count", i + 1));
            out.push((name.clone(), i + 1, fen.to_string(), count));
        }
    }
    Some(out)
}

fn check(rows: &[(String, usize, String, u64)]) {
    let v = musketeer();
    let mut failures = Vec::new();
    for (file, line, fen, expected) in rows {
        let pos =
            VariantPosition::from_fen(&v, fen).unwrap_or_else(|e| panic!("{file}:{line}: {e}"));
        assert_eq!(pos.fen(), *fen, "{file}:{line}: FEN round trip");
        let got = pos.perft(4);
        if got != *expected {
            failures.push(format!(
                "{file}:{line}: {fen}: perft 4 = {got}, published {expected}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows differ:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}

/// A seeded sample of rows from each table (splitmix64, fixed seed).
#[test]
fn sample_of_every_table_matches_the_published_perft() {
    let Some(rows) = rows() else { return };
    let per_pair: usize = std::env::var("MUSKETEER_SAMPLE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12);
    let mut state: u64 = 0x4d55_534b_4554_4552;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut files: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    files.dedup();
    let mut sample = Vec::new();
    for file in files {
        let of_file: Vec<_> = rows.iter().filter(|r| r.0 == file).collect();
        for _ in 0..per_pair {
            sample.push(of_file[(next() % of_file.len() as u64) as usize].clone());
        }
    }
    check(&sample);
}

#[test]
#[ignore = "all 13,520 rows: run in release"]
fn every_row_matches_the_published_perft() {
    let Some(rows) = rows() else { return };
    check(&rows);
}

#[test]
fn castling_gates_the_piece_over_the_king_or_the_rook() {
    let v = musketeer();
    // Leopard over e (the king's file): castling gates it onto e1.
    let mut pos =
        VariantPosition::from_fen(&v, "****l***/r3k2r/8/8/8/8/8/8/R3K2R/****L*** w KQkq - 0 1")
            .unwrap();
    let moves = variant_ucis(&pos);
    assert!(moves.contains(&"e1g1l".to_string()), "{moves:?}");
    assert!(moves.contains(&"e1c1l".to_string()));
    assert!(!moves.contains(&"e1g1".to_string()), "gating is compulsory");
    pos.play_uci("e1g1l").unwrap();
    assert_eq!(
        pos.fen(),
        "****l***/r3k2r/8/8/8/8/8/8/R3LRK1/******** b kq - 1 1"
    );
    // Hawk over h (a rook's file): kingside castling gates it onto h1.
    let mut pos =
        VariantPosition::from_fen(&v, "*******h/r3k2r/8/8/8/8/8/8/R3K2R/*******H w KQkq - 0 1")
            .unwrap();
    let moves = variant_ucis(&pos);
    assert!(moves.contains(&"h1e1h".to_string()), "{moves:?}");
    assert!(
        moves.contains(&"e1c1".to_string()),
        "queenside vacates no gate"
    );
    pos.play_uci("h1e1h").unwrap();
    assert_eq!(
        pos.fen(),
        "*******h/r3k2r/8/8/8/8/8/8/R4RKH/******** b kq - 1 1"
    );
}

#[test]
fn a_gate_is_lost_when_its_piece_is_captured() {
    let v = musketeer();
    // Black's rook takes the knight on b1 over which White's archbishop waits.
    let mut pos =
        VariantPosition::from_fen(&v, "********/r3k3/8/8/8/8/8/8/1N2K3/*A****** b q - 0 1")
            .unwrap();
    pos.play_uci("a8a1").unwrap();
    pos.play_uci("e1d2").unwrap();
    pos.play_uci("a1b1").unwrap();
    assert_eq!(
        pos.fen(),
        "********/4k3/8/8/8/8/8/3K4/1r6/******** w - - 0 3"
    );
    // Without capture, the knight's departure gates the archbishop.
    let mut pos =
        VariantPosition::from_fen(&v, "********/r3k3/8/8/8/8/8/8/1N2K3/*A****** w q - 0 1")
            .unwrap();
    assert!(
        variant_ucis(&pos)
            .iter()
            .all(|m| !m.starts_with("b1") || m.ends_with('a'))
    );
    pos.play_uci("b1c3a").unwrap();
    assert_eq!(
        pos.fen(),
        "********/r3k3/8/8/8/8/2N5/8/1A2K3/******** b q - 1 1"
    );
}

#[test]
fn pawns_promote_to_the_chosen_pieces() {
    let v = musketeer();
    let pos =
        VariantPosition::from_fen(&v, "***s****/4k3/P7/8/8/8/8/8/4K3/**U***** w - - 0 1").unwrap();
    let moves = variant_ucis(&pos);
    for m in ["a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7a8u"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    assert!(
        !moves.contains(&"a7a8s".to_string()),
        "black's choice is not white's"
    );
    let mut pos = pos;
    pos.play_uci("a7a8u").unwrap();
    assert!(pos.fen().starts_with("***s****/U3k3/"), "{}", pos.fen());
}

#[test]
fn check_evasions_may_gate() {
    let v = musketeer();
    // The rook on e8 checks the king on e1: the bishop may interpose (no gate
    // over f); the king, capturing nothing, steps aside without gating (the
    // published rules: a king in check gates only when it takes the checker).
    let pos =
        VariantPosition::from_fen(&v, "********/k3r3/8/8/8/8/8/8/4KB2/****S*** w - - 0 1").unwrap();
    assert!(pos.is_check());
    let moves = variant_ucis(&pos);
    assert_eq!(moves, ["e1d1", "e1d2", "e1f2", "f1e2"]);
    // ... and loses the gate: the spider stays off the board for good.
    let mut after = pos.clone();
    after.play_uci("e1d1").unwrap();
    assert_eq!(
        after.fen(),
        "********/k3r3/8/8/8/8/8/8/3K1B2/******** b - - 1 1"
    );
    // A king taking its checker gates (compulsorily); stepping aside it does not.
    let pos =
        VariantPosition::from_fen(&v, "********/k7/8/8/8/8/8/4r3/4K3/****S*** w - - 0 1").unwrap();
    assert!(pos.is_check());
    let moves = variant_ucis(&pos);
    assert_eq!(moves, ["e1d1", "e1e2s", "e1f1"]);
    // Taking a piece that does not give check is no exception.
    let pos =
        VariantPosition::from_fen(&v, "********/k3r3/8/8/8/8/8/8/3nK3/****S*** w - - 0 1").unwrap();
    assert!(pos.is_check());
    let moves = variant_ucis(&pos);
    assert!(moves.contains(&"e1d1".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e1d1s".to_string()), "{moves:?}");
    // A pinned knight may leave the pin line: the gated spider closes it again.
    let pos =
        VariantPosition::from_fen(&v, "********/k7/8/8/8/8/8/8/K2N3r/***S**** w - - 0 1").unwrap();
    let moves = variant_ucis(&pos);
    assert!(moves.contains(&"d1c3s".to_string()), "{moves:?}");
    // Without a gate the pinned knight may not move.
    let pos =
        VariantPosition::from_fen(&v, "********/k7/8/8/8/8/8/8/K2N3r/******** w - - 0 1").unwrap();
    assert!(variant_ucis(&pos).iter().all(|m| !m.starts_with("d1")));
    // Out of check by a gating move of another piece: the knight on d3 gives
    // check; the bishop f1 takes it and the fortress enters f1.
    let pos =
        VariantPosition::from_fen(&v, "********/k7/8/8/8/8/3n4/8/4KB2/*****F** w - - 0 1").unwrap();
    assert!(pos.is_check());
    let moves = variant_ucis(&pos);
    assert!(moves.contains(&"f1d3f".to_string()), "{moves:?}");
    // A check given by the gated piece counts: the archbishop entering b1 checks
    // the king on d3 along the diagonal.
    let mut pos =
        VariantPosition::from_fen(&v, "********/8/8/8/8/8/3k4/8/1N5K/*A****** w - - 0 1").unwrap();
    assert_eq!(pos.san(&pos.parse_uci("b1a3a").unwrap()), "Na3/A+");
    pos.play_uci("b1a3a").unwrap();
    assert!(pos.is_check());
}

#[test]
fn placement_breaking_the_king_rook_rule_is_refused() {
    let v = musketeer();
    let err = VariantPosition::from_fen(
        &v,
        "********/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/L***A*** w KQkq - 0 1",
    )
    .unwrap_err();
    assert!(err.to_string().contains("king/rook rule"), "{err}");
}

//! The peer programs of `kibitz-bench stream` against kibitz itself on small inputs:
//! the peers must do the same work as kibitz before their times mean anything.
//! Correctness only; nothing here is timed.

use std::process::Command;

use kibitz::Position;
use kibitz::mate::mates_in_one;
use kibitz::notation::pgn::read_games;
use kibitz_bench::stream::{corpus, fen_lines};

fn stdout_of(program: &str, args: &[&str]) -> String {
    let out = Command::new(program).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn peer_pgn_play_matches_kibitz_read_games() {
    let Some(path) = kibitz_testdata::path("pgn/WorldChamp1886.pgn") else {
        return;
    };
    let path = path.to_str().unwrap().to_owned();
    let games = read_games(&std::fs::read(&path).unwrap());
    let text = stdout_of(env!("CARGO_BIN_EXE_peer_pgn"), &["play", &path]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), games.len());
    for (n, (line, game)) in lines.iter().zip(&games).enumerate() {
        let game = game.as_ref().unwrap();
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields[0], (n + 1).to_string());
        assert_eq!(
            fields[1],
            format!("{} plies", game.plies()),
            "game {}",
            n + 1
        );
        assert_eq!(fields[2], game.result().unwrap_or("*"), "game {}", n + 1);
        assert_eq!(fields[3], game.position.fen(), "game {}", n + 1);
    }
}

#[test]
fn peer_pgn_read_counts_every_game_and_move() {
    if kibitz_testdata::path("pgn").is_none() {
        return;
    }
    let corpus = corpus().unwrap();
    let dir = std::env::temp_dir().join(format!("kibitz-bench-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("corpus.pgn");
    std::fs::write(&path, &corpus.text).unwrap();
    let text = stdout_of(
        env!("CARGO_BIN_EXE_peer_pgn"),
        &["read", path.to_str().unwrap()],
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        text.starts_with(&format!("{} games, ", corpus.games)),
        "{text}"
    );
    assert!(
        text.trim_end()
            .ends_with(&format!(", {} SAN tokens", corpus.plies)),
        "{text}"
    );
}

#[test]
fn peer_fen_mates_match_kibitz_mates_in_one() {
    if kibitz_testdata::path("pgn").is_none() {
        return;
    }
    let corpus = corpus().unwrap();
    let (lines, _) = fen_lines(&corpus, corpus.fens.len());
    // Every position with a mate in one (kibitz's answer) and the first 800 without,
    // 1,000 at most.
    let mut chosen: Vec<&str> = Vec::new();
    let mut plain = 0;
    for fen in lines {
        let pos = Position::from_fen(fen).unwrap();
        if !mates_in_one(&pos).is_empty() {
            chosen.push(fen);
        } else if plain < 800 {
            chosen.push(fen);
            plain += 1;
        }
    }
    let with_mate = chosen.len() - plain;
    assert!(with_mate >= 30, "only {with_mate} positions with a mate");
    let chosen: Vec<&str> = chosen.into_iter().take(1000).collect();
    let dir = std::env::temp_dir().join(format!("kibitz-bench-fen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("positions.fen");
    std::fs::write(&path, chosen.join("\n") + "\n").unwrap();
    let text = stdout_of(env!("CARGO_BIN_EXE_peer_fen"), &[path.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), chosen.len());
    let mut mates_seen = 0;
    for (line, fen) in lines.iter().zip(&chosen) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields[1], *fen);
        let mut peer: Vec<String> = match fields[2] {
            "-" => Vec::new(),
            list => list.split(' ').map(str::to_owned).collect(),
        };
        let pos = Position::from_fen(fen).unwrap();
        let mut ours: Vec<String> = mates_in_one(&pos).iter().map(|mv| mv.uci()).collect();
        peer.sort();
        ours.sort();
        assert_eq!(peer, ours, "{fen}");
        mates_seen += ours.len();
    }
    assert!(mates_seen > 0);
}

#[test]
fn peer_fen_uci_writes_castling_as_the_king_move() {
    let dir = std::env::temp_dir().join(format!("kibitz-bench-castle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("castle.fen");
    // O-O mates (the rook lands on f1, the king on f8 is boxed in), and so does Rf1.
    let fen = "4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1";
    std::fs::write(&path, format!("{fen}\n")).unwrap();
    let text = stdout_of(env!("CARGO_BIN_EXE_peer_fen"), &[path.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    let pos = Position::from_fen(fen).unwrap();
    let mut ours: Vec<String> = mates_in_one(&pos).iter().map(|mv| mv.uci()).collect();
    ours.sort();
    assert_eq!(ours, ["e1g1", "h1f1"]);
    let mut peer: Vec<&str> = text
        .trim_end()
        .split('\t')
        .nth(2)
        .unwrap()
        .split(' ')
        .collect();
    peer.sort_unstable();
    assert_eq!(peer, ours);
}

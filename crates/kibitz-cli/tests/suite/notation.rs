//! `kibitz moves`, `kibitz play`, `kibitz pgn`: text, --json and exit codes.
//! Expected SAN and FENs are python-chess's for the same moves.

use crate::common::run;

/// Exit status, stdout and stderr of `kibitz ARGS`.
fn kibitz(args: &[&str]) -> (i32, String, String) {
    run(args, b"")
}

fn sorted_lines(s: &str) -> Vec<&str> {
    let mut v: Vec<&str> = s.lines().collect();
    v.sort();
    v
}

#[test]
fn moves_of_the_start_position() {
    let (code, out, _) = kibitz(&["moves"]);
    assert_eq!(code, 0);
    assert_eq!(
        sorted_lines(&out),
        [
            "Na3", "Nc3", "Nf3", "Nh3", "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4",
            "f3", "f4", "g3", "g4", "h3", "h4"
        ]
    );
    let (_, same, _) = kibitz(&["moves", "--fen", "startpos"]);
    assert_eq!(same, out);
    let (_, uci, _) = kibitz(&["moves", "--format", "uci"]);
    assert!(uci.lines().any(|l| l == "g1f3"));
    assert_eq!(uci.lines().count(), 20);
}

#[test]
fn moves_in_fide_and_standard_style() {
    let fen = "7k/3P4/8/8/8/8/8/4K3 w - - 0 1";
    let (_, std, _) = kibitz(&["moves", "--fen", fen]);
    // python-chess: sorted(board.san(m) for m in board.legal_moves)
    assert_eq!(
        sorted_lines(&std),
        [
            "Kd1", "Kd2", "Ke2", "Kf1", "Kf2", "d8=B", "d8=N", "d8=Q+", "d8=R+"
        ]
    );
    let (_, fide, _) = kibitz(&["moves", "--fen", fen, "--format", "fide"]);
    assert_eq!(
        sorted_lines(&fide),
        [
            "Kd1", "Kd2", "Ke2", "Kf1", "Kf2", "d8B", "d8N", "d8Q+", "d8R+"
        ]
    );
}

#[test]
fn moves_json() {
    let (code, out, _) = kibitz(&[
        "moves",
        "--json",
        "--fen",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["fen"], "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 26);
    assert!(
        moves
            .iter()
            .any(|m| m["uci"] == "e1c1" && m["san"] == "O-O-O")
    );
    assert!(
        moves
            .iter()
            .any(|m| m["uci"] == "a1a8" && m["san"] == "Rxa8+")
    );
}

#[test]
fn a_bad_fen_is_a_bad_input_and_exits_1() {
    // Once 2, the status of usage errors; a bad FEN is data, as in `mate --fen`.
    for cmd in ["moves", "play"] {
        let mut args = vec![cmd, "--fen", "8/8/8/8 w - - 0 1"];
        if cmd == "play" {
            args.push("e4");
        }
        let (code, out, err) = kibitz(&args);
        assert_eq!(code, 1, "{cmd}");
        assert!(out.is_empty());
        assert!(
            err.contains("kibitz: --fen: invalid FEN: piece placement has 4 ranks"),
            "{err}"
        );
    }
}

#[test]
fn play_san_and_uci() {
    let (code, out, _) = kibitz(&["play", "e4", "e5", "g1f3", "Nc6", "Bb5"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
    );
    let (code, out, _) = kibitz(&[
        "play", "--json", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "h5f7",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        v["fen"],
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
    );
    assert_eq!(
        v["moves"],
        serde_json::json!(["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"])
    );
    // Lenient forms and a FEN start.
    let (code, out, _) = kibitz(&[
        "play",
        "--fen",
        "7k/3P4/8/8/8/8/8/4K3 w - - 0 1",
        "d8(Q)+",
        "Kh7",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "3Q4/7k/8/8/8/8/8/4K3 w - - 1 2");
}

#[test]
fn play_errors_name_the_move_and_exit_1() {
    let (code, out, err) = kibitz(&["play", "e4", "e5", "Nf6"]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(err.contains("move 3: illegal move: \"Nf6\""), "{err}");

    let fen = "1n2k3/8/5n2/8/8/8/8/4K3 b - - 0 1";
    let (code, _, err) = kibitz(&["play", "--fen", fen, "Nd7"]);
    assert_eq!(code, 1);
    assert!(err.contains("move 1: ambiguous move: \"Nd7\""), "{err}");

    let (code, out, err) = kibitz(&["play", "--json", "e4", "xyz"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("move 2: neither a UCI move nor SAN: \"xyz\""),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["moves"], serde_json::json!(["e4"]));
    assert_eq!(v["error"], "move 2: neither a UCI move nor SAN: \"xyz\"");
}

#[test]
fn play_reads_long_algebraic_with_a_piece_letter() {
    // python-chess's parse_san reads all of these (Ng1-f3 was once `illegal move`).
    let (code, out, err) = kibitz(&["play", "Ng1-f3", "d7-d5", "Nb1xc3", "Ng8xf6", "e2-e4"]);
    assert_eq!(code, 0, "{err}");
    let (_, same, _) = kibitz(&["play", "Nf3", "d5", "Nc3", "Nf6", "e4"]);
    assert_eq!(out, same);
    let (code, out, _) = kibitz(&["play", "--json", "Ng1-f3", "Ng8-f6", "Nf3-f5"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["moves"], serde_json::json!(["Nf3", "Nf6"]));
    assert_eq!(v["error"], "move 3: illegal move: \"Nf3-f5\"");
}

#[test]
fn play_says_a_text_is_neither_uci_nor_san_and_names_the_square() {
    // Once `invalid SAN: "e2e9"`, as if UCI had not been tried.
    let (code, out, err) = kibitz(&["play", "e4", "e7e9"]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert_eq!(
        err,
        "kibitz: move 2: neither a UCI move nor SAN: \"e7e9\" (e9 is not a square)\n"
    );
    let (code, _, err) = kibitz(&["play", "e2e9"]);
    assert_eq!(code, 1);
    assert!(err.contains("(e9 is not a square)"), "{err}");
}

const TWO_GAMES: &[u8] =
    b"[Event \"good\"]\n[White \"R\xe9ti\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"also good\"]\n\n1. d4 *\n";

#[test]
fn pgn_text_and_json() {
    let (code, out, err) = run(&["pgn", "-"], TWO_GAMES);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with(
            "-:1\t4 plies\t0-1\trnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
        ),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains("White=\"Réti\""), "{}", lines[0]);
    assert!(lines[1].starts_with("-:3\t1 plies\t*\t"), "{}", lines[1]);
    assert!(
        err.contains("kibitz: -: game 2, line 9, ply 3: illegal move: \"Ke3\""),
        "{err}"
    );

    let (code, out, _) = run(&["pgn", "--json", "-"], TWO_GAMES);
    assert_eq!(code, 1);
    let games: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0]["game"], 1);
    assert_eq!(games[0]["tags"]["White"], "Réti");
    assert_eq!(games[0]["plies"], 4);
    assert_eq!(games[0]["result"], "0-1");
    assert!(games[0].get("error").is_none());
    assert_eq!(games[1]["game"], 2);
    assert_eq!(games[1]["plies"], 2);
    assert!(games[1]["error"].as_str().unwrap().contains("ply 3"));
    assert_eq!(
        games[2]["fen"],
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"
    );
}

/// Tag sections with no movetext between them are one game; a tag given again
/// keeps its place and takes the later value, so no JSON object holds a key twice.
#[test]
fn pgn_writes_each_tag_once() {
    let text = b"[Event \"a\"]\n[Result \"*\"]\n\n[Event \"b\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n";
    let (code, out, err) = run(&["pgn", "--json", "-"], text);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "{\"file\":\"-\",\"game\":1,\"tags\":{\"Event\":\"b\",\"Result\":\"1-0\"},\"plies\":1,\
         \"result\":\"1-0\",\"fen\":\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"}\n"
    );
    let (code, out, _) = run(&["pgn", "-"], text);
    assert_eq!(code, 0);
    assert!(out.ends_with("\tEvent=\"b\" Result=\"1-0\"\n"), "{out}");
    // Without movetext or result: the [Result] tag's later value is the result.
    let (_, out, _) = run(
        &["pgn", "--json", "-"],
        b"[Result \"1-0\"]\n\n[Result \"0-1\"]\n",
    );
    assert!(
        out.starts_with("{\"file\":\"-\",\"game\":1,\"tags\":{\"Result\":\"0-1\"},\"plies\":0,\"result\":\"0-1\""),
        "{out}"
    );
}

#[test]
fn pgn_data_files_read_cleanly() {
    let Some(path) = kibitz_testdata::path("pgn/WorldChamp1886.pgn") else {
        return;
    };
    let (code, out, err) = kibitz(&["pgn", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 20);
}

/// A file of 20 short games, written for the test.
fn twenty_games() -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("kibitz-twenty-{}.pgn", std::process::id()));
    let games: String = (1..=20)
        .map(|n| format!("[Event \"game {n}\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2\n\n"))
        .collect();
    std::fs::write(&path, games).unwrap();
    path
}

#[test]
fn an_unreadable_file_is_reported_and_the_others_are_read() {
    let path = twenty_games();
    let good = path.to_str().unwrap();
    for command in ["pgn", "mate"] {
        let (code, out, err) = kibitz(&[command, good, "/nonexistent/games.pgn", good]);
        assert_eq!(code, 1, "{command}: {err}");
        assert!(err.contains("/nonexistent/games.pgn: cannot open"), "{err}");
        if command == "pgn" {
            assert_eq!(out.lines().count(), 40, "both good files are read");
        } else {
            assert!(err.contains("1 errors"), "{err}");
        }
    }
    std::fs::remove_file(path).unwrap();
}

//! `kibitz square`, `kibitz line` and `kibitz perft` as a user runs them.

use crate::common::{json_lines, kibitz};

#[test]
fn square_json_has_every_key() {
    let out = kibitz()
        .args(["square", "d4", "a1", "h8", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    let d4 = &lines[0];
    assert_eq!(d4["square"], "d4");
    assert_eq!(d4["index"], 27);
    assert_eq!(d4["file"], "d");
    assert_eq!(d4["rank"], "4");
    assert_eq!(d4["coordinates"], serde_json::json!([4, 3]));
    assert_eq!(d4["color"], "dark");
    assert_eq!(d4["diagonal"], 7);
    assert_eq!(d4["anti_diagonal"], 6);
    assert_eq!(d4["diagonal_alt"], 0);
    assert_eq!(d4["anti_diagonal_alt"], 1);
    // Seed: a1 is anti-diagonal 0, h8 is 14, and both are dark.
    assert_eq!(lines[1]["anti_diagonal"], 0);
    assert_eq!(lines[2]["anti_diagonal"], 14);
    assert_eq!(lines[2]["anti_diagonal_alt"], 9);
    assert_eq!(lines[1]["color"], "dark");
}

#[test]
fn square_answers_the_good_names_and_reports_the_bad_with_status_1() {
    // Once nothing was printed for e4 and a1, and the status was 2.
    let assert = kibitz().args(["square", "e4", "i9", "a1"]).assert().code(1);
    let out = String::from_utf8_lossy(&assert.get_output().stdout).to_string();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("e4  index 28") && lines[1].starts_with("a1  index  0"));
    let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    // The seed's `invalid position` is for the exercise's functions; here the
    // message says what a square name is.
    assert_eq!(
        err,
        "kibitz: \"i9\" is not a square name such as e4 (files a to h, ranks 1 to 8)\n"
    );
    // With --json, one record per argument, the bad one an error record.
    let assert = kibitz()
        .args(["square", "e4", "i9", "a1", "--json"])
        .assert()
        .code(1);
    let lines = json_lines(&assert.get_output().stdout);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["square"], "e4");
    assert_eq!(lines[1]["square"], "i9");
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .contains("is not a square name")
    );
    assert_eq!(lines[2]["index"], 0);
    // A name of any length is quoted cut short.
    let long = "z".repeat(100_000);
    let assert = kibitz().args(["square", &long]).assert().code(1);
    assert!(assert.get_output().stderr.len() < 300);
}

#[test]
fn line_reports_each_bad_square_with_status_1() {
    let assert = kibitz()
        .args(["line", "e4", "i9"])
        .assert()
        .code(1)
        .stdout("");
    let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(err.contains("\"i9\" is not a square name"), "{err}");
    let assert = kibitz().args(["line", "a0", "i9"]).assert().code(1);
    let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(err.contains("\"a0\"") && err.contains("\"i9\""), "{err}");
}

#[test]
fn line_a1_h8_is_the_seed_trap() {
    let out = kibitz()
        .args(["line", "a1", "h8", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v = &json_lines(&out)[0];
    assert_eq!(v["same_diagonal"], true);
    assert_eq!(v["same_anti_diagonal"], false);
    assert_eq!(v["same_file"], false);
    assert_eq!(
        v["between"],
        serde_json::json!(["b2", "c3", "d4", "e5", "f6", "g7"])
    );
    // From A towards B, even when B has the lower index.
    let out = kibitz()
        .args(["line", "a8", "h1", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v = &json_lines(&out)[0];
    assert_eq!(v["same_anti_diagonal"], true);
    assert_eq!(
        v["between"],
        serde_json::json!(["b7", "c6", "d5", "e4", "f3", "g2"])
    );
}

#[test]
fn perft_counts_and_json() {
    let out = kibitz()
        .args(["perft", "3", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v = &json_lines(&out)[0];
    assert_eq!(v["nodes"], 8902);
    assert_eq!(v["depth"], 3);
    assert_eq!(
        v["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(v["seconds"].is_number() && v["nps"].is_number());
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = kibitz()
        .args(["perft", "2", "--fen", kiwipete, "--divide"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8_lossy(&out);
    assert!(text.contains("nodes 2039"), "{text}");
    assert_eq!(text.lines().filter(|l| l.contains(": ")).count(), 48);
    kibitz()
        .args(["perft", "1", "--fen", "startpos"])
        .assert()
        .success()
        .stdout(predicates::str::contains("nodes 20"));
}

#[test]
fn perft_with_a_garbage_fen_exits_1_with_the_fen_error() {
    // A bad FEN is a bad input (1), not a usage error (2, as it once was).
    let assert = kibitz()
        .args(["perft", "3", "--fen", "garbage"])
        .assert()
        .code(1)
        .stdout("");
    let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert_eq!(
        err,
        "kibitz: --fen: invalid FEN: expected 4 to 6 fields, found 1\n"
    );
    let assert = kibitz()
        .args(["perft", "3", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"])
        .assert()
        .code(1);
    assert!(String::from_utf8_lossy(&assert.get_output().stderr).contains("no white king"));
}

#[test]
fn closed_pipe_is_quiet() {
    // `kibitz perft 1 --divide | head -1`: stdout closes early; exit status stays 0.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("kibitz"))
        .args(["perft", "2", "--divide"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{:?} {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn solve_ends_soon_after_its_reader_has_gone() {
    // `kibitz solve --time 600 … | head -1` once head has its line: the search under
    // way stops when the pipe loses its reader, instead of running its 600 s before
    // the write that fails. (Not a timing: without the stop it takes 600 s.)
    use std::time::{Duration, Instant};
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("kibitz"))
        .args([
            "solve",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "--mate",
            "12",
            "--time",
            "600",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let give_up = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > give_up {
            let _ = child.kill();
            panic!("kibitz solve still searching 60 s after its reader went");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
}

#[test]
fn play_accepts_flags_after_the_moves() {
    let out = kibitz()
        .args(["play", "e4", "e5", "Nf3", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v = &json_lines(&out)[0];
    assert_eq!(v["moves"], serde_json::json!(["e4", "e5", "Nf3"]));
}

#[test]
fn demo_runs_on_built_in_data() {
    let out = kibitz()
        .arg("demo")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8_lossy(&out);
    assert!(text.contains("positions with a mate in one"), "{text}");
    assert!(text.contains("closeQueenMate"), "{text}");
    // The seed's own numbers, from the mobility table.
    assert!(
        text.contains("4 × 2 + 8 × 3 + 20 × 4 + 16 × 6 + 16 × 8"),
        "{text}"
    );
    assert!(
        text.contains("28 × 7 + 20 × 9 + 12 × 11 + 4 × 13"),
        "{text}"
    );
}

#[test]
fn perft_depth_is_bounded_and_deep_counts_warn() {
    // Once, depth 100000 overflowed the stack (exit 134) and 17,000 ran for ever.
    for depth in ["100000", "21", "18446744073709551616"] {
        let out = kibitz().args(["perft", depth]).assert().code(2);
        let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(
            err.contains("0..=20") || err.contains("too large"),
            "{depth}: {err}"
        );
    }
    let out = kibitz()
        .args(["perft", "7", "--fen", "8/8/8/8/8/8/k7/2K5 w - - 0 1"])
        .assert()
        .success();
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("perft 7 may take a long time"), "{err}");
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(stdout.starts_with("nodes "), "{stdout}");
}

#[test]
fn an_unwritable_stderr_does_not_panic() {
    // `eprintln!` panics (exit 101) when stderr cannot be written, as with 2>/dev/full.
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    for (args, code) in [
        (&["square", "i9"][..], 1),
        (&["play", "zz"], 1),
        (&["perft", "1", "--fen", "x"], 1),
        (&["pgn", "/nonexistent"], 1),
        (&["mate", "--fen", "x"], 1),
        (&["perft", "7", "--fen", "8/8/8/8/8/8/k7/2K5 w - - 0 1"], 0),
    ] {
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("kibitz"))
            .args(args)
            .stdout(std::process::Stdio::null())
            .stderr(full.try_clone().unwrap())
            .status()
            .unwrap();
        assert_eq!(out.code(), Some(code), "{args:?}");
    }
}

#[test]
fn usage_errors_quote_a_long_argument_cut_short() {
    // clap quoted the whole argument, twice with its tip: a 100 KB message.
    let long = "x".repeat(100_000);
    let flag = format!("--{long}");
    for args in [
        vec!["perft", long.as_str()],
        vec!["square", flag.as_str()],
        vec![long.as_str()],
        vec!["moves", "--format", long.as_str()],
        vec!["mate", "-j", long.as_str()],
    ] {
        let out = kibitz().args(&args).assert().code(2);
        let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(
            err.len() < 400 && err.contains("xxx…'"),
            "{args:.20?}: {err}"
        );
    }
}

#[test]
fn a_pipe_closed_before_the_first_json_line_is_quiet() {
    // serde_json's error hid the broken pipe when a line was longer than stdout's
    // 1 KiB line buffer: `kibitz: Broken pipe (os error 32)`, exit 2.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for args in [
        &["moves", "--json", "--fen", kiwipete][..],
        &["perft", "2", "--divide", "--json", "--fen", kiwipete],
        &[
            "mobility", "rook", "--board", "26x26", "--from", "m13", "--json",
        ],
    ] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("kibitz"))
            .args(args)
            .stdout(writer)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
    }
}

#[test]
fn help_says_what_kibitz_is_and_what_the_alt_diagonals_are() {
    // `about` without a value showed the crate's description, "The kibitz
    // command-line tool", and nothing explained diagonal_alt.
    let out = kibitz().arg("--help").assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.starts_with("kibitz — a chess toolkit"), "{text}");
    assert!(!text.contains("seed 002"), "{text}");
    let out = kibitz().args(["square", "--help"]).assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(
        text.contains("`diagonal_alt` = (rank − file) & 15") && text.contains("8 is never used"),
        "{text}"
    );
}

#[test]
fn serve_accepts_a_host_name() {
    // `--host localhost` was refused: only an IP address was read.
    use std::io::{BufRead, BufReader};
    let binary = env!("CARGO_BIN_EXE_kibitz");
    let mut child = std::process::Command::new(binary)
        .args(["serve", "--host", "localhost", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(std::time::Duration::from_secs(30));
    child.kill().unwrap();
    child.wait().unwrap();
    let line = line.expect("the address within 30 s");
    assert!(
        line.starts_with("kibitz serve: listening on http://127.0.0.1:")
            || line.starts_with("kibitz serve: listening on http://[::1]:"),
        "{line}"
    );
    // A name that does not resolve is a usage error naming it, not a panic.
    let assert = kibitz()
        .args(["serve", "--host", "no-such-host.invalid", "--port", "0"])
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(err.contains("no-such-host.invalid"), "{err}");
}

#[test]
fn serve_reads_its_variants_file_before_listening() {
    // A variants.ini the library's reader refuses stops the server before it
    // listens, with the reader's line and reason; a missing file names the file.
    let dir = std::env::temp_dir().join(format!("kibitz-serve-variants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ini");
    std::fs::write(&bad, "[x:chess]\nnoSuchKey = 1\n").unwrap();
    let expected = kibitz::variant::ini::parse("[x:chess]\nnoSuchKey = 1\n")
        .unwrap_err()
        .to_string();
    let assert = kibitz()
        .args(["serve", "--port", "0", "--variants"])
        .arg(&bad)
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(err.contains(&expected), "{err}");
    let missing = dir.join("missing.ini");
    let assert = kibitz()
        .args(["serve", "--port", "0", "--variants"])
        .arg(&missing)
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(err.contains("missing.ini"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 44: the closing line said "1 positions".
#[test]
fn the_closing_line_counts_one_position_in_the_singular() {
    for args in [
        &["mate", "--fen", "startpos"][..],
        &["solve", "--fen", "startpos", "--mate", "1"],
    ] {
        let out = kibitz().args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.starts_with("1 position, "), "{args:?}: {stderr}");
    }
}

/// Issue 44: `solve --variant X --fen startpos` must solve the variant's start
/// position (it once failed with exit status 0); so must `mate`.
#[test]
fn a_variant_start_position_is_solved() {
    for variant in ["capablanca", "chess"] {
        let out = kibitz()
            .args([
                "solve",
                "--variant",
                variant,
                "--fen",
                "startpos",
                "--mate",
                "1",
                "--json",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{variant}");
        let record = &json_lines(&out.stdout)[0];
        assert_eq!(record["proven"], true, "{variant}: {record}");
        assert!(record.get("error").is_none(), "{variant}: {record}");
        let fen = record["fen"].as_str().unwrap();
        assert!(fen.ends_with(" w KQkq - 0 1"), "{variant}: {fen}");
        assert_eq!(fen.starts_with("rnbqkbnr/"), variant == "chess", "{fen}");
    }
}

/// Issue 44: UCI `setoption name Hash value 4096` took 2.1 GB at once, where
/// `solve --hash` grows as needed. The engine's memory after it is still small.
#[cfg(target_os = "linux")]
#[test]
fn uci_hash_is_a_bound_taken_as_needed() {
    use std::io::{BufRead, BufReader, Write};
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("kibitz"))
        .arg("uci")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "setoption name Hash value 4096\nisready").unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while stdout.read_line(&mut line).unwrap() > 0 && !line.contains("readyok") {
        line.clear();
    }
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    writeln!(stdin, "quit").unwrap();
    child.wait().unwrap();
    let rss_kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    assert!(rss_kib < 100 << 10, "{rss_kib} KiB after Hash 4096");
}

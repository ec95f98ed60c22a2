//! Issue 18 as a user meets it: long records, record limits, and messages written
//! the same way in every command.

use crate::common::{json_lines, kibitz};

#[test]
fn a_record_past_max_record_is_an_error_and_reading_goes_on() {
    // A FEN line, a line of 3 MiB of spaces, then another FEN line; --max-record 1.
    let mut input = b"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\n".to_vec();
    input.extend(std::iter::repeat_n(b' ', 3 << 20));
    input.extend(b"\n6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\n");
    let assert = kibitz()
        .args(["mate", "-", "--json", "--max-record", "1", "-j", "1"])
        .write_stdin(input)
        .assert()
        .code(1);
    let out = assert.get_output();
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["input"], "stdin:3");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("kibitz: stdin:2 (byte 35): record of 3145729 bytes is longer than the limit of 1 MiB; skipped"),
        "{err}"
    );
    assert!(
        err.contains("(1 thread)") || !err.contains("1 threads"),
        "{err}"
    );
}

#[test]
fn messages_say_1_thread_and_write_speeds_as_whole_numbers() {
    let assert = kibitz()
        .args(["mate", "-", "-j", "1"])
        .write_stdin("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\n")
        .assert()
        .success();
    let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(err.contains(", 1 thread)"), "{err}");
    // positions/s is a whole number with thousands separators, as in every command.
    let rate = err
        .split(" positions/s")
        .next()
        .and_then(|s| s.rsplit(' ').next())
        .unwrap();
    assert!(
        rate.chars().all(|c| c.is_ascii_digit() || c == ','),
        "{err}"
    );

    let out = kibitz()
        .args(["perft", "3", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let report = &json_lines(&out)[0];
    assert!(report["nps"].is_u64(), "{report}");
}

#[test]
fn a_huge_time_is_quoted_in_at_most_80_characters() {
    let time = "9".repeat(300);
    let assert = kibitz()
        .args(["solve", "--fen", "startpos", "--mate", "1", "--time", &time])
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(err.contains("--time"), "{err}");
    assert!(err.lines().all(|line| line.chars().count() < 200), "{err}");
}

#[test]
fn moves_fens_keeps_going_past_a_line_that_is_not_utf8() {
    let out = crate::common::kibitz()
        .args(["moves", "--variant", "grand", "--fens", "-", "--json"])
        .write_stdin(&b"garbage\n\xff\xfe\n10/10/10 w - - 0 1\n"[..])
        .output()
        .unwrap();
    let records = crate::common::json_lines(&out.stdout);
    assert_eq!(records.len(), 3, "{records:?}");
    assert_eq!(records[2]["line"], 3);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn moves_fens_skips_a_line_past_its_limit_and_keeps_going() {
    // A FEN, 1 MiB without a newline, another FEN: the long line is one error
    // record (its line number), the FENs around it are answered.
    let mut input = b"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 1 << 20));
    input.extend(b"\n6k1/5ppp/8/8/8/8/8/4R1K1 b - - 0 1\n");
    let out = kibitz()
        .args(["moves", "--fens", "-", "--json"])
        .write_stdin(input)
        .output()
        .unwrap();
    let records = json_lines(&out.stdout);
    assert_eq!(records.len(), 3, "{records:?}");
    assert_eq!(records[1]["line"], 2);
    let error = records[1]["error"].as_str().unwrap();
    assert!(error.contains("longer than the limit"), "{error}");
    assert!(records[2]["moves"].is_array(), "{:?}", records[2]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn chess960_castling_rights_are_read_only_when_asked_for() {
    // KQ with the king on d1: Chess960 rights (X-FEN), standard chess has none.
    let fen = "1r1k3r/8/8/8/8/8/8/R2K3R w KQk - 0 1";
    for command in [&["moves", "--fen", fen][..], &["perft", "1", "--fen", fen]] {
        let out = kibitz().args(command).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{command:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("castling right K is a Chess960 right"),
            "{command:?}: {err}"
        );
        kibitz().args(command).arg("--chess960").assert().success();
    }
    kibitz()
        .args(["play", "--fen", fen, "O-O", "--chess960"])
        .assert()
        .success();
    kibitz()
        .args(["play", "--fen", fen, "O-O"])
        .assert()
        .code(1);
    // In a batch it is one error record; with --chess960 the line is read.
    let line = format!("{fen}\n");
    let out = kibitz()
        .args(["mate", "-", "--json", "-j", "1"])
        .write_stdin(line.clone())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let records = json_lines(&out.stdout);
    assert!(records[0]["error"].as_str().unwrap().contains("Chess960"));
    kibitz()
        .args(["mate", "-", "--json", "-j", "1", "--chess960"])
        .write_stdin(line)
        .assert()
        .success();
}

#[test]
fn mate_variant_writes_one_record_a_line_and_keeps_going_past_bad_ones() {
    // Capablanca's start, a line that is not a FEN, one that is not UTF-8, one past
    // the line limit, and the start again: five records in order, three errors.
    let start = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    let mut input = format!("{start}\ngarbage\n").into_bytes();
    input.extend(b"\xff\xfe\n");
    input.extend(std::iter::repeat_n(b'1', 100 << 10));
    input.extend(format!("\n\n{start}\n").bytes());
    let out = kibitz()
        .args(["mate", "--variant", "capablanca", "--json", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    let records = json_lines(&out.stdout);
    let places: Vec<&str> = records
        .iter()
        .map(|r| r["input"].as_str().unwrap())
        .collect();
    assert_eq!(
        places,
        ["stdin:1", "stdin:2", "stdin:3", "stdin:4", "stdin:6"],
        "{records:?}"
    );
    let errors: Vec<bool> = records.iter().map(|r| r.get("error").is_some()).collect();
    assert_eq!(errors, [false, true, true, true, false]);
    assert_eq!(records[0]["mates"], serde_json::json!([]));
    assert_eq!(out.status.code(), Some(1));
}

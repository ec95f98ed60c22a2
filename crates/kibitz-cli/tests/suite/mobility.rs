//! `kibitz mobility` end to end: text, JSON, --from, --svg and every bad input.

use crate::common;

/// `kibitz mobility ARGS`, colours as a terminal gets them.
fn kibitz(args: &[&str]) -> assert_cmd::assert::Assert {
    common::kibitz()
        .arg("mobility")
        .args(args)
        .env_remove("NO_COLOR")
        .assert()
}

fn stdout(args: &[&str]) -> String {
    let output = kibitz(args).success().get_output().stdout.clone();
    String::from_utf8(output).unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&stdout(&all)).unwrap()
}

#[test]
fn text_report_of_the_knight() {
    let text = stdout(&["knight"]);
    assert!(text.contains("strength:  336\n"), "{text}");
    assert!(text.contains("mobility:  4 × 2 + 8 × 3 + 20 × 4 + 16 × 6 + 16 × 8\n"));
    assert!(text.contains("average:   5.2500\n"));
    // The heat map: rank 8 on top, corners reach 2 squares; no colour off a terminal.
    assert!(
        text.contains("  8   2   3   4   4   4   4   3   2 \n"),
        "{text}"
    );
    assert!(!text.contains('\x1b'));
}

#[test]
fn json_report_of_the_bishop() {
    let value = json(&["bishop"]);
    assert_eq!(value["piece"], "bishop");
    assert_eq!(value["board"], "8x8");
    assert_eq!(
        value["group_size"],
        serde_json::json!({"7": 28, "9": 20, "11": 12, "13": 4})
    );
    assert_eq!(value["strength"], 560);
    assert_eq!(value["average"], 8.75);
    assert_eq!(value["mobility"], "28 × 7 + 20 × 9 + 12 × 11 + 4 × 13");
    assert_eq!(value["colour_bound"], true);
    assert!(value.get("moves").is_none());
}

#[test]
fn from_lists_the_seed_squares() {
    let value = json(&["bishop", "--from", "g1"]);
    assert_eq!(
        value["moves"],
        serde_json::json!(["a7", "b6", "c5", "d4", "e3", "f2", "h2"])
    );
    let text = stdout(&["--leaper", "1,2", "--from", "g2"]);
    assert!(text.contains("from g2: e1 e3 f4 h4\n"), "{text}");
}

#[test]
fn directions_and_betza_add_up() {
    // The archbishop three ways: by name, by Betza, by directions.
    let by_name = json(&["archbishop"]);
    let by_betza = json(&["--betza", "BN"]);
    let by_directions = json(&["--rider", "1,1", "--leaper", "2,1"]);
    for value in [&by_betza, &by_directions] {
        assert_eq!(value["strength"], 896);
        assert_eq!(value["mobility"], by_name["mobility"]);
    }
    // Negative directions, with = or as the next argument.
    let pair = json(&["--once=-1,2", "--once", "-1,-2"]);
    assert_eq!(pair["strength"], 84);
    assert_eq!(pair["forward"], 84);
}

#[test]
fn larger_boards() {
    let value = json(&["rook", "--board", "10x10", "--from", "a10"]);
    assert_eq!(value["board"], "10x10");
    assert_eq!(value["mobility"], "100 × 18");
    assert_eq!(value["moves"].as_array().map(Vec::len), Some(18));
    // i1 is a square of 10 × 10 only.
    kibitz(&["rook", "--board", "10x10", "--from", "i1"]).success();
    fails(
        &["rook", "--from", "i1"],
        1,
        "\"i1\" is not a square of the 8x8 board",
    );
}

#[test]
fn svg_picture() {
    let dir = std::env::temp_dir().join(format!("kibitz-mobility-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("knight.svg");
    kibitz(&["knight", "--svg", path.to_str().unwrap()]).success();
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(svg.starts_with("<svg "));
    assert!(svg.trim_end().ends_with("</svg>"));
    // 64 squares plus one legend swatch per group (5 for the knight).
    assert_eq!(svg.matches("<rect x=").count(), 64 + 5);
    assert!(svg.contains(">16 × 8</text>"));
    assert!(svg.contains("strength 336"));
}

/// Runs with `args`, expects exit `code`, nothing on stdout and `message` on stderr.
fn fails(args: &[&str], code: i32, message: &str) {
    let assert = kibitz(args).code(code).stdout("");
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(stderr.contains(message), "{args:?}: {stderr}");
}

#[test]
fn bad_input_exits_1() {
    // Pieces, boards and squares are the data of the question: a bad one is a bad
    // input (1; these were 2 once, like usage errors).
    let cases: &[(&[&str], &str)] = &[
        (&["--once", "0,0"], "direction (0, 0) moves nowhere"),
        (
            &["--once", "1;2"],
            "malformed direction `1;2` at position 1",
        ),
        (
            &["--repeated", "x,2"],
            "malformed direction `x,2` at position 0",
        ),
        (&["--leaper", "0,0"], "moves nowhere"),
        (&["rook", "--board", "0x8"], "has 0 files"),
        (&["rook", "--board", "27x8"], "has 27 files"),
        (&["rook", "--board", "8by8"], "malformed board"),
        (&["dragon"], "unknown piece `dragon`"),
        (&["--betza", "pR"], "unsupported betza modifier `p`"),
        (&["--betza", "cK"], "unsupported betza modifier `c`"),
        (&["--betza", "J"], "different leaps in different sources"),
        (
            &["rook", "--from", "x9"],
            "--from: \"x9\" is not a square of the 8x8 board (a1 to h8)",
        ),
        (
            &["rook", "--board", "10x12", "--from", "k1"],
            "\"k1\" is not a square of the 10x12 board (a1 to j12)",
        ),
        // An over-long number is named as written, not as a value it was clamped to.
        (
            &["rook", "--board", "18446744073709551616x2"],
            "--board: board `18446744073709551616x2` has 18446744073709551616 files, expected 1 to 26",
        ),
        (
            &["rook", "--board", "8x99999999999999999999"],
            "has 99999999999999999999 ranks",
        ),
    ];
    for (args, message) in cases {
        fails(args, 1, message);
    }
    // The seed's exact words are for its functions, not for the command line.
    let assert = kibitz(&["rook", "--from", "x9"]).code(1);
    assert!(!String::from_utf8_lossy(&assert.get_output().stderr).contains("invalid position"));
}

#[test]
fn usage_errors_exit_2() {
    fails(
        &["rook", "--empty", "1.5"],
        2,
        "probability 1.5 is outside 0 to 1",
    );
    fails(&[], 2, "no piece given");
    fails(&["rook", "--no-such-flag"], 2, "unexpected argument");
}

#[test]
fn what_a_bad_input_quotes_is_cut_short() {
    let long = "q".repeat(100_000);
    for args in [
        vec![long.as_str()],
        vec!["rook", "--board", &long],
        vec!["--once", &long],
        vec!["rook", "--from", &long],
    ] {
        let assert = kibitz(&args).code(1);
        let stderr = &assert.get_output().stderr;
        assert!(stderr.len() < 600, "{} bytes", stderr.len());
        assert!(String::from_utf8_lossy(stderr).contains('…'));
    }
}

#[test]
fn huge_directions_reach_nothing() {
    let value = json(&["--once", "100,0", "--repeated", "-9223372036854775808,1"]);
    assert_eq!(value["strength"], 0);
    assert_eq!(value["mobility"], "64 × 0");
}

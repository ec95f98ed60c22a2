//! `kibitz mate` and `kibitz demo` from the outside.

use crate::common::{json_lines, kibitz, run};

/// Runs `kibitz mate --json` with `args` on `stdin`, expects exit status `code`,
/// and returns the records.
fn mate_json(args: &[&str], stdin: &str, code: i32) -> Vec<serde_json::Value> {
    let out = kibitz()
        .args(["mate", "--json"])
        .args(args)
        .arg("-")
        .write_stdin(stdin)
        .assert()
        .code(code);
    json_lines(&out.get_output().stdout)
}

#[test]
fn fen_lines_one_record_each_in_order_with_errors() {
    let input =
        "# comment\n6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\n\nnot a fen\n8/8/8/8/8/8/8/K6k w - -\n";
    let lines = mate_json(&[], input, 1);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["input"], "stdin:2");
    assert_eq!(lines[0]["mates"][0]["uci"], "e1e8");
    assert_eq!(lines[0]["mates"][0]["san"], "Re8#");
    assert_eq!(lines[0]["mates"][0]["patterns"][0], "backRankMate");
    assert_eq!(lines[0]["mates"][0]["glance"], true);
    assert!(lines[1]["error"].as_str().unwrap().contains("stdin:4"));
    assert_eq!(lines[2]["mates"].as_array().unwrap().len(), 0);
}

#[test]
fn epd_operations_are_read_and_trailing_garbage_is_an_error() {
    let input = "6k1/5ppp/8/8/8/8/8/4R1K1 w - - bm Re8#; id \"back rank\";\n\
                 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1 garbage\n\
                 6k1/5ppp/8/8/8/8/8/4R1K1 w - - x y\n\
                 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 3\n";
    let lines = mate_json(&[], input, 1);
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["mates"][0]["uci"], "e1e8");
    for (line, found) in [(1, "\"0 1 garbage\""), (2, "\"x y\"")] {
        let error = lines[line]["error"].as_str().unwrap();
        assert!(error.contains(&format!("stdin:{}", line + 1)), "{error}");
        assert!(error.contains(found), "{error}");
    }
    assert_eq!(lines[3]["mates"][0]["uci"], "e1e8");
}

#[test]
fn puzzle_csv_with_and_without_header_and_threats() {
    let header = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
        025sW,r2q1rk1/1b2bpp1/2p1p2p/1pPp4/1P4Q1/P3P2P/1B1N1PP1/R3R1K1 b - - 0 18,b7c8 g4g7,399,102,84,366,mateIn1,x,\n\
        bad,r2q1rk1/1b2bpp1/2p1p2p/1pPp4/1P4Q1/P3P2P/1B1N1PP1/R3R1K1 b - - 0 18,a1a2 g4g7,399,102,84,366,mateIn1,x,\n";
    let lines = mate_json(&["--threats"], header, 1);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["mates"][0]["uci"], "g4g7");
    assert!(lines[0]["threats"].is_array());
    let error = lines[1]["error"].as_str().unwrap();
    assert!(
        error.contains("stdin:3") && error.contains("first move") && error.contains("a1a2"),
        "{error}"
    );
    let bare =
        "r2q1rk1/1b2bpp1/2p1p2p/1pPp4/1P4Q1/P3P2P/1B1N1PP1/R3R1K1 b - - 0 18,b7c8 g4g7,399\n";
    kibitz()
        .args(["mate", "--glance", "-"])
        .write_stdin(bare)
        .assert()
        .success()
        .stdout(predicates::str::contains("Qxg7#"));
}

#[test]
fn pgn_reports_missed_mates() {
    // Game 1: Black takes the mate; game 2: Black misses it, then an unreadable move.
    let pgn = "[Event \"x\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Event \"y\"]\n\n1. f3 e5 2. g4 d6 3. e4 Zz9 *\n";
    let lines = mate_json(&[], pgn, 1);
    assert_eq!(lines[0]["input"], "stdin:game 1:ply 4");
    assert_eq!(lines[0]["played"], "Qh4#");
    assert_eq!(lines[0]["missed"], false);
    assert_eq!(lines[1]["input"], "stdin:game 2:ply 4");
    assert_eq!(lines[1]["missed"], true);
    assert!(lines[2]["error"].is_string());
}

/// A puzzle CSV of the project's own making (a back-rank mate after ...a6), with
/// `#` comment lines before its header.
const COMMENTED_PUZZLES: &str = "# made for this test\n\n# second comment\n\
    PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
    own1,6k1/p4ppp/8/8/8/8/8/4R1K1 b - - 0 1,a7a6 e1e8,1000,80,90,100,mate mateIn1 backRankMate,,\n";

#[test]
fn mate_and_solve_skip_comments_before_a_csv_header_alike() {
    // `kibitz solve` once took the comment for the header and the header for a bad
    // row (exit 1); with one chunk per line, `kibitz mate` did the same.
    for chunk_bytes in ["1", "1048576"] {
        let lines = mate_json(&["--chunk-bytes", chunk_bytes], COMMENTED_PUZZLES, 0);
        assert_eq!(lines.len(), 1, "mate, chunks of {chunk_bytes}: {lines:?}");
        assert_eq!(lines[0]["input"], "stdin:5");
        assert_eq!(lines[0]["mates"][0]["san"], "Re8#");
        let out = kibitz()
            .args(["solve", "--json", "--chunk-bytes", chunk_bytes, "-"])
            .write_stdin(COMMENTED_PUZZLES)
            .assert()
            .code(0);
        let lines = json_lines(&out.get_output().stdout);
        assert_eq!(lines.len(), 1, "solve, chunks of {chunk_bytes}: {lines:?}");
        assert_eq!(lines[0]["input"], "stdin:5");
        assert_eq!(lines[0]["bound"], 1);
        assert_eq!(lines[0]["mate"], 1);
    }
}

/// `kibitz solve ARGS` on `stdin`: its JSON records, text and exit status.
fn solve(args: &[&str], stdin: &str) -> (Vec<serde_json::Value>, String, i32) {
    let out = kibitz()
        .arg("solve")
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let records = if args.contains(&"--json") {
        json_lines(&out.stdout)
    } else {
        Vec::new()
    };
    (records, text, out.status.code().unwrap_or(-1))
}

#[test]
fn solve_bm_zero_is_an_error_and_a_bound_past_100_is_cut_with_a_note() {
    let rook = "8/8/8/8/7k/5K2/8/3R4 w - -";
    let (records, _, code) = solve(&["--json", "-"], &format!("{rook} bm #0;\n"));
    assert_eq!(code, 1);
    let error = records[0]["error"].as_str().unwrap();
    assert!(error.contains("`bm #0` is no mate bound"), "{error}");
    // A number too long for the reader is never quoted as a smaller one.
    for (n, quoted) in [
        ("101", "the bound 101 is"),
        ("99999999999999999999", "the bound (at least 4294967295) is"),
    ] {
        let (records, _, code) = solve(&["--json", "-"], &format!("{rook} bm #{n};\n"));
        assert_eq!(code, 0, "bm #{n}");
        assert_eq!(records[0]["bound"], 100, "bm #{n}");
        assert_eq!(records[0]["mate"], 2, "bm #{n}");
        let note = records[0]["note"].as_str().unwrap();
        assert!(
            note.contains("cut to 100") && note.contains(quoted),
            "{note}"
        );
    }
    let (records, _, _) = solve(&["--json", "-"], &format!("{rook} bm #3;\n"));
    assert!(records[0].get("note").is_none());
}

/// A bound that runs into other text, or a `#` with no number, is an error record
/// quoting the operand, whatever the input's variant; the lines around it are
/// solved.
#[test]
fn solve_bm_that_is_no_number_is_an_error_record_and_the_batch_goes_on() {
    let rook = "8/8/8/8/7k/5K2/8/3R4 w - -";
    for variant in [None, Some("chess")] {
        let mut args = vec!["--json", "-"];
        if let Some(v) = variant {
            args.extend(["--variant", v]);
        }
        let input = format!(
            "{rook} bm #7x;\n{rook} bm #;\n{rook} bm #0;\n{rook} bm #{};\n{rook} id \"a bm #x\"; bm #3;\n",
            "9".repeat(40) + "z"
        );
        let (records, _, code) = solve(&args, &input);
        assert_eq!(code, 1, "{variant:?}");
        assert_eq!(records.len(), 5, "{variant:?}: {records:?}");
        // A long operand is quoted in part.
        let quoted = [
            "`bm #7x` is",
            "`bm #` is",
            "`bm #0` is",
            "`bm #999999999999999…` is",
        ];
        for (record, quote) in records.iter().zip(quoted) {
            let error = record["error"].as_str().unwrap();
            assert!(error.contains(quote) && error.len() < 200, "{error}");
        }
        assert_eq!(records[4]["mate"], 2, "{variant:?}");
    }
}

#[test]
fn solve_all_in_text_writes_each_keys_length() {
    let (_, text, code) = solve(
        &["--all", "--mate", "3", "-"],
        "8/8/8/8/7k/5K2/8/3R4 w - - 0 1\n",
    );
    assert_eq!(code, 0);
    assert!(text.contains("Rd5 (#2)"), "{text}");
}

#[test]
fn solve_max_solutions_lists_the_first_ones_and_says_more_exist() {
    // A lone king against a queen and a rook: many h#2 lines; Ra8# and Re8#.
    let helpmate = "4k3/8/8/8/8/8/8/R2QK3 b - - 0 1\n";
    let (all, _, code) = solve(&["--stip", "h#2", "--json", "-"], helpmate);
    assert_eq!(code, 0);
    assert!(all[0]["solutions"].as_array().unwrap().len() > 3);
    assert_eq!(all[0].get("more_solutions"), None);
    let (three, _, _) = solve(
        &["--stip", "h#2", "--max-solutions", "3", "--json", "-"],
        helpmate,
    );
    assert_eq!(
        three[0]["solutions"].as_array().unwrap()[..],
        all[0]["solutions"].as_array().unwrap()[..3]
    );
    assert_eq!(three[0]["more_solutions"], true);
    let (_, text, _) = solve(&["--stip", "h#2", "--max-solutions", "3", "-"], helpmate);
    assert!(
        text.contains("first 3 solutions (more exist): 1."),
        "{text}"
    );
    let (_, text, _) = solve(
        &["--all", "--mate", "2", "--max-solutions", "1", "-"],
        "6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1\n",
    );
    assert!(text.contains("keys: Ra8# (#1) (more exist)"), "{text}");
    let (_, _, code) = solve(&["--stip", "h#2", "--max-solutions", "0", "-"], helpmate);
    assert_eq!(code, 2);
    // Popeye's MaxSolutions is the same cap, and says so too.
    let problem = "BeginProblem\nPieces White Ke1 Qd1 Ra1 Black Ke8\nStipulation h#2\nOption MaxSolutions 2\nEndProblem\n";
    let (records, _, code) = solve(&["--json", "-"], problem);
    assert_eq!(code, 0, "{records:?}");
    assert_eq!(records[0]["solutions"].as_array().unwrap().len(), 2);
    assert_eq!(records[0]["more_solutions"], true);
}

#[test]
fn solve_text_of_a_search_a_limit_stopped_claims_no_proven_length() {
    // Stopped before anything is proven: "not proven", and no "(partial: a limit
    // struck after the length was proven)", which belongs to proven lengths.
    let (_, text, code) = solve(
        &["--nodes", "1", "--mate", "8", "-"],
        "5B1k/6pP/8/6N1/2P1p3/1K2P3/8/1b6 w - - 0 1\n",
    );
    assert_eq!(code, 0);
    assert!(
        text.contains("not proven (no mate within 0 proven)"),
        "{text}"
    );
    assert!(!text.contains("partial"), "{text}");
}

#[test]
fn solve_refuses_a_node_limit_of_zero_as_it_refuses_time_zero() {
    for flag in [["--nodes", "0"], ["--time", "0"]] {
        let (_, _, code) = solve(&[flag[0], flag[1], "--fen", "startpos", "--mate", "1"], "");
        assert_eq!(code, 2, "{flag:?}");
    }
}

#[test]
fn solve_hash_bounds_the_table_and_refuses_zero_or_past_65536() {
    let rook = "8/8/8/8/7k/5K2/8/3R4 w - - 0 1\n";
    for mb in ["0", "65537", "x"] {
        let (_, _, code) = solve(&["--hash", mb, "--mate", "3", "-"], rook);
        assert_eq!(code, 2, "--hash {mb}");
    }
    let (one, _, code) = solve(&["--json", "--hash", "1", "--mate", "3", "-"], rook);
    assert_eq!(code, 0);
    assert_eq!(one[0]["mate"], 2);
    assert_eq!(one[0]["keys"][0]["san"], "Rd5");
    // The largest is accepted, halved (said on stderr) where the workers' tables
    // would not fit in the memory there is; the table only grows as it fills.
    let out = kibitz()
        .args([
            "solve", "--json", "--hash", "65536", "-j", "256", "--mate", "3", "-",
        ])
        .write_stdin(rook)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let records = json_lines(&out.stdout);
    assert_eq!(records[0]["mate"], 2);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("do not fit in the memory"), "{stderr}");
}

#[test]
fn solve_a_mate_found_but_not_proven_shortest_says_so() {
    // matetrack bm #7: with 300,000 nodes df-pn proves a mate within 7, and the
    // limit strikes before "no mate within 6" is proven (the budget is in nodes,
    // so the run is the same every time).
    let fen = "1B5r/8/8/1b6/8/3p2RB/7k/5K2 w - - 0 1\n";
    let (records, _, code) = solve(&["--json", "--nodes", "300000", "--mate", "7", "-"], fen);
    assert_eq!(code, 0);
    let r = &records[0];
    assert_eq!(r["mate"], 7, "{r}");
    assert_eq!(r["proven"], true, "{r}");
    assert_eq!(r["shortest"], false, "{r}");
    assert_eq!(r["complete"], false, "{r}");
    assert_eq!(r["keys"].as_array().unwrap().len(), 1, "{r}");
    let (_, text, _) = solve(&["--nodes", "300000", "--mate", "7", "-"], fen);
    assert!(
        text.contains("mate in at most 7 (not proven shortest)"),
        "{text}"
    );
    // With --tree the proof df-pn left in the table comes along: one key, whose
    // length is the tree's own, and a line of that length through it (the
    // library's verify and python-chess replay such trees in the prover's tests).
    let (records, _, code) = solve(
        &["--json", "--tree", "--nodes", "300000", "--mate", "7", "-"],
        fen,
    );
    assert_eq!(code, 0);
    let r = &records[0];
    assert_eq!(r["shortest"], false, "{r}");
    let mate = r["mate"].as_u64().unwrap();
    assert!((1..=7).contains(&mate), "{r}");
    let tree = r["tree"].as_array().unwrap();
    assert_eq!(tree.len(), 1, "{r}");
    assert_eq!(tree[0]["uci"], r["keys"][0]["uci"], "{r}");
    assert_eq!(
        r["line"].as_array().unwrap().len() as u64,
        2 * mate - 1,
        "{r}"
    );
}

#[test]
fn solve_format_popeye_writes_each_problem_in_popeyes_layout() {
    // The moves come from the solver (h#1 and #1 each have one solution);
    // the test checks the layout around them, Popeye's.
    let problems = "BeginProblem\nPieces White Kg6 Ra1 Black Kh8\nStipulation h#1\nNextProblem\n\
                    Pieces White Kg6 Ra1 Black Kh8\nStipulation #1\nNextProblem\n\
                    Pieces White Kg6 Ra1 Black Kh8\nCondition Maximummer\nStipulation #1\nEndProblem\n";
    let (code, text, _) = run(&["solve", "--format", "popeye", "-"], problems.as_bytes());
    // The third problem is an error record: the batch says so in its status.
    assert_eq!(code, 1, "{text}");
    let mut records = text.split("solution finished.\n\n");
    assert_eq!(
        records.next(),
        Some("  h#1                         2 + 1\n\n  1.Kh8-g8 Ra1-a8 #\n\n")
    );
    assert_eq!(
        records.next(),
        Some("  #1                          2 + 1\n\n   1.Ra1-a8 # !\n\n\n")
    );
    // A problem outside kibitz's subset stays an error record.
    let rest = records.next().unwrap_or_default();
    assert!(rest.contains("problem 3: condition `Maximummer`"), "{rest}");
    // FEN inputs too; --format json is --json; the two may not be mixed.
    let (code, text, _) = run(
        &[
            "solve",
            "--format",
            "popeye",
            "--stip",
            "h#1",
            "--fen",
            "7k/8/6K1/8/8/8/8/R7 b - - 0 1",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert!(text.contains("\n  1.Kh8-g8 Ra1-a8 #\n"), "{text}");
    let (code, text, _) = run(
        &[
            "solve",
            "--format",
            "json",
            "--mate",
            "1",
            "--fen",
            "7k/8/6K1/8/8/8/8/R7 w - - 0 1",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert_eq!(json_lines(&text)[0]["mate"], 1);
    let (code, _, err) = run(&["solve", "--json", "--format", "popeye", "-"], b"");
    assert_eq!(code, 2, "{err}");
}

//! The batch edge end to end, through the library: records are the same whatever
//! the chunk size, the thread count or the compression; damage in a compressed
//! stream ends it with an error after the records before it.

use std::io::{self, Write};
use std::path::PathBuf;

use kibitz_scan::detect::Format;
use kibitz_scan::games::GameList;
use kibitz_scan::mate::MateScan;
use kibitz_scan::scanned::Totals;
use kibitz_scan::source::{Compression, Input};
use kibitz_scan::{Options, run};

/// The outside test data's `rel` (`KIBITZ_TEST_DATA`), or None when it is absent.
fn data(rel: &str) -> Option<PathBuf> {
    kibitz_testdata::path(rel)
}

fn data_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["lichess", "matetrack", "pgn"] {
        let Some(dir) = data(dir) else { continue };
        for entry in std::fs::read_dir(dir).unwrap() {
            files.push(entry.unwrap().path());
        }
    }
    files.sort();
    files
}

/// The scan's output (stdout and stderr) and totals for `bytes`.
fn scan(bytes: Vec<u8>, scan: impl Into<MateScan>, options: Options) -> (Vec<u8>, Vec<u8>, Totals) {
    let scan: MateScan = scan.into();
    let input = Input::from_reader("in", io::Cursor::new(bytes), None).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let totals = run(
        input,
        &options,
        Format::detect,
        |name, format, chunk| scan.chunk(name, format, chunk),
        |scanned, before, _| scanned.out.write(&mut out, &mut err, before),
    )
    .unwrap();
    (out, err, totals)
}

fn list(bytes: Vec<u8>, options: Options) -> (Vec<u8>, Vec<u8>, Totals) {
    let input = Input::from_reader("in", io::Cursor::new(bytes), None).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let games = GameList { json: true };
    let totals = run(
        input,
        &options,
        |_| Format::Pgn,
        |name, _, chunk| games.chunk(name, chunk),
        |scanned, before, _| scanned.out.write(&mut out, &mut err, before),
    )
    .unwrap();
    (out, err, totals)
}

fn options(threads: usize, chunk_bytes: usize) -> Options {
    Options {
        threads,
        chunk_bytes,
        ..Options::default()
    }
}

#[test]
fn every_data_file_gives_the_same_records_for_any_chunk_size_and_thread_count() {
    let json = MateScan {
        json: true,
        threats: true,
        ..MateScan::default()
    };
    for path in data_files() {
        let bytes = std::fs::read(&path).unwrap();
        let whole = scan(bytes.clone(), json.clone(), options(1, 1 << 30));
        assert!(whole.2.positions > 0, "{}", path.display());
        // Small chunks on small files only: a chunk per few bytes is slow on the big ones.
        let small = if bytes.len() < 200_000 { 97 } else { 4096 };
        for (threads, chunk) in [(1, small), (2, 1 << 16), (3, small + 1)] {
            let cut = scan(bytes.clone(), json.clone(), options(threads, chunk));
            let name = format!(
                "{} with {threads} threads, {chunk}-byte chunks",
                path.display()
            );
            assert_eq!(cut.2, whole.2, "{name}");
            assert_eq!(
                String::from_utf8_lossy(&cut.1),
                String::from_utf8_lossy(&whole.1),
                "{name}"
            );
            assert!(cut.0 == whole.0, "{name}");
        }
    }
}

#[test]
fn game_listing_is_the_same_for_any_chunk_size() {
    let Some(path) = data("pgn/WorldChamp1886.pgn") else {
        return;
    };
    let bytes = std::fs::read(&path).unwrap();
    let whole = list(bytes.clone(), options(1, 1 << 30));
    assert_eq!(whole.2.games, 20);
    for chunk in [1, 2, 3, 5, 17, 1000] {
        assert_eq!(list(bytes.clone(), options(2, chunk)).0, whole.0, "{chunk}");
    }
}

#[test]
fn tiny_chunks_keep_hostile_pgn_together() {
    let pgn = b"\xEF\xBB\xBF% escape\n[Event \"a\"]\n\n1. e4 {\n\n[not a tag] } e5 (1... d5 (1... c5)) 2. Nf3 *\n\
        [Event \"b\"]\n1. d4 d5 2. Zz9 *\n\n[Event \"c\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\n[White \"d\"]\n\n1. e4 \
        {unclosed\n\n[Event \"e\"]\n1. f3 e5 2. g4 Qh4# 0-1\n"
        .to_vec();
    let whole = list(pgn.clone(), options(1, 1 << 20));
    // The comment left open runs to the end, over the tags of "e" (python-chess
    // reads it so): four games.
    assert_eq!(whole.2.games, 4, "{}", String::from_utf8_lossy(&whole.0));
    for chunk in 1..40 {
        let cut = list(pgn.clone(), options(2, chunk));
        assert_eq!(
            String::from_utf8_lossy(&cut.0),
            String::from_utf8_lossy(&whole.0),
            "{chunk}"
        );
        assert_eq!(cut.2, whole.2, "{chunk}");
    }
}

fn compress(bytes: &[u8], how: Compression) -> Vec<u8> {
    match how {
        Compression::None => bytes.to_vec(),
        Compression::Zstd => pzstd_layout(bytes),
        Compression::Gzip => {
            // Two members, as `cat a.gz b.gz` makes.
            let (a, b) = bytes.split_at(bytes.len() / 2);
            let mut out = Vec::new();
            for part in [a, b] {
                let mut enc =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                enc.write_all(part).unwrap();
                out.extend(enc.finish().unwrap());
            }
            out
        }
        Compression::Bzip2 => {
            let mut enc = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            enc.write_all(bytes).unwrap();
            enc.finish().unwrap()
        }
    }
}

/// What pzstd writes (and the Lichess database ships): for each block of input, a
/// 12-byte skippable frame holding the size of the zstd frame that follows.
fn pzstd_layout(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for block in bytes.chunks(40_000) {
        let frame = zstd::encode_all(block, 3).unwrap();
        out.extend_from_slice(&0x184D_2A50u32.to_le_bytes());
        out.extend_from_slice(&4u32.to_le_bytes());
        out.extend_from_slice(&(frame.len() as u32).to_le_bytes());
        out.extend(frame);
    }
    out
}

#[test]
fn compressed_inputs_give_the_same_records() {
    let text = MateScan::default();
    for file in ["pgn/London1851.pgn", "lichess/mateIn1_rating2000.csv"] {
        let Some(path) = data(file) else {
            return;
        };
        let bytes = std::fs::read(&path).unwrap();
        let plain = scan(bytes.clone(), text.clone(), options(2, 1 << 14));
        for how in [Compression::Zstd, Compression::Gzip, Compression::Bzip2] {
            let packed = compress(&bytes, how);
            assert_eq!(Compression::sniff(&packed), how);
            let got = scan(packed, text.clone(), options(2, 1 << 14));
            assert!(got == plain, "{file} as {how:?}");
        }
    }
}

#[test]
fn a_damaged_stream_keeps_the_records_before_the_damage_and_says_where() {
    // Several bzip2 blocks (100 kB each at level 1): a block is decoded whole or not.
    let Some(path) = data("lichess/mateIn1_rating2000.csv") else {
        return;
    };
    let mut bytes = std::fs::read(&path).unwrap();
    let header = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let rows = bytes[header..].to_vec();
    for _ in 0..3 {
        bytes.extend_from_slice(&rows);
    }
    let plain = scan(bytes.clone(), MateScan::default(), options(2, 4096));
    for how in [Compression::Zstd, Compression::Gzip, Compression::Bzip2] {
        let mut packed = compress(&bytes, how);
        packed.truncate(packed.len() * 2 / 3);
        let (out, err, totals) = scan(packed.clone(), MateScan::default(), options(2, 4096));
        let err = String::from_utf8(err).unwrap();
        // The line cut by the damage is not read: it could pass for another position.
        assert_eq!(totals.errors, 1, "{how:?}: {err}");
        assert!(
            err.contains("input ends in error after byte"),
            "{how:?}: {err}"
        );
        assert!(err.contains(how.name()), "{how:?}: {err}");
        // The records written are the first records of the undamaged input.
        assert!(out.len() > 10_000, "{how:?}: {}", out.len());
        assert!(plain.0.starts_with(&out), "{how:?}");

        // Garbage in the middle rather than a cut end.
        let mid = packed.len() / 2;
        packed[mid..mid + 64].fill(0x55);
        let (_, err, totals) = scan(packed, MateScan::default(), options(1, 4096));
        assert!(
            totals.errors >= 1,
            "{how:?}: {}",
            String::from_utf8_lossy(&err)
        );
    }
}

#[test]
fn every_line_is_answered_even_when_bad() {
    let mut text = String::new();
    for i in 0..5000 {
        match i % 4 {
            0 => text.push_str("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\n"),
            1 => text.push_str("not a fen\n"),
            2 => text.push_str("8/8/8/8/8/8/8/K6k w - - bm Ka2; id \"x\";\r\n"),
            _ => text.push_str("\u{fffd}\u{0}\n"),
        }
    }
    for (threads, chunk) in [(1, 1), (2, 33), (3, 1 << 20)] {
        let (out, _, totals) = scan(
            text.clone().into_bytes(),
            MateScan {
                json: true,
                ..MateScan::default()
            },
            options(threads, chunk),
        );
        assert_eq!(totals.positions, 5000);
        assert_eq!(totals.errors, 2500);
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.lines().count(), 5000);
        for (i, line) in out.lines().enumerate() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(record["input"], format!("in:{}", i + 1));
        }
    }
}

#[test]
fn lichess_comments_give_the_clock_and_eval_of_the_move_played() {
    // Black misses Qh4# at ply 4 and plays d6 instead; the comment after d6 holds
    // Black's clock and the eval after it.
    let pgn = b"[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/x\"]\n\n\
        1. f3 { [%eval -0.3] [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. g4?? { [%eval #-1] [%clk 0:02:58] } \
        2... d6?! { [%eval 2.5] [%clk 0:02:51.5] } 3. Nc3 { [%clk 0:02:55] } 1-0\n"
        .to_vec();
    let (out, _, totals) = scan(
        pgn,
        MateScan {
            json: true,
            ..MateScan::default()
        },
        options(1, 1 << 20),
    );
    // Five positions before a move, and the final one (the game ended 1-0).
    assert_eq!(totals.positions, 6);
    let records: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    let r = &records[0];
    assert_eq!(r["input"], "in:game 1:ply 4");
    assert_eq!(r["mates"][0]["san"], "Qh4#");
    assert_eq!(r["played"], "d6");
    assert_eq!(r["missed"], true);
    assert_eq!(r["clock"], "0:02:51.5");
    assert_eq!(r["eval"], "2.5");
    // Qh4# is still on the board when the game ends: the final position's record,
    // without a move played, clock or eval.
    let last = &records[1];
    assert_eq!(last["input"], "in:game 1:ply 6");
    assert_eq!(last["mates"][0]["san"], "Qh4#");
    assert!(last.get("played").is_none() && last.get("missed").is_none());
    assert!(last.get("clock").is_none());
}

#[test]
fn chess960_games_are_played_and_other_variants_reported() {
    let pgn = b"[Event \"a\"]\n[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n1. g3 *\n\n\
        [Event \"b\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n1. g3 *\n\n\
        [Event \"c\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n"
        .to_vec();
    let (out, _, totals) = list(pgn, options(1, 1 << 20));
    assert_eq!(totals.games, 3);
    assert_eq!(totals.errors, 1);
    let records: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for r in &records[..2] {
        // X-FEN: the h- and f-file rooks are the outermost on their sides.
        assert_eq!(
            r["fen"],
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P2P1/NPP1P2P/BQ1BNRKR b KQkq - 0 9"
        );
        assert!(r["error"].is_null());
    }
    let error = records[2]["error"].as_str().unwrap();
    assert!(
        error.contains("unsupported variant \"Crazyhouse\""),
        "{error}"
    );
    assert!(records[2]["fen"].is_null());
}

#[test]
fn a_last_game_cut_off_before_its_result_is_an_error_only_at_the_end() {
    let whole = b"[Event \"a\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. d4 d5 2. c4 *\n\n[Event \"c\"]\n\n1. f3 e5 2. g4".to_vec();
    for chunk in [1, 7, 1 << 20] {
        let (out, _, totals) = list(whole.clone(), options(2, chunk));
        assert_eq!(totals.games, 3, "{chunk}");
        assert_eq!(totals.errors, 1, "{chunk}");
        let records: Vec<serde_json::Value> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        // Game a has no result but is followed by another game: not an error.
        assert!(records[0].get("error").is_none(), "{chunk}");
        assert_eq!(records[2]["game"], 3);
        assert_eq!(records[2]["plies"], 3);
        assert_eq!(
            records[2]["error"],
            "game 3, line 9: the input ends inside this game, before its result"
        );
        let (mate, _, totals) = scan(
            whole.clone(),
            MateScan {
                json: true,
                ..MateScan::default()
            },
            options(2, chunk),
        );
        assert_eq!(totals.errors, 1);
        let mate = String::from_utf8(mate).unwrap();
        assert!(
            mate.contains("\"in:game 3: line 9: the input ends inside this game"),
            "{mate}"
        );
    }
}

#[test]
fn a_byte_order_mark_is_no_part_of_the_first_record() {
    let json = MateScan {
        json: true,
        ..MateScan::default()
    };
    let fen = b"\xEF\xBB\xBF6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\n".to_vec();
    let csv = b"\xEF\xBB\xBFPuzzleId,FEN,Moves,Rating\n00IPp,4Q3/6pk/p3p2p/5p2/1p1P2P1/4q2P/2B1n2B/7K w - - 0 35,g4f5 e3f3,1603\n".to_vec();
    let pgn = b"\xEF\xBB\xBF[Event \"x\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n".to_vec();
    for text in [fen, csv, pgn] {
        let (out, _, totals) = scan(text.clone(), json.clone(), options(1, 1 << 20));
        assert_eq!(totals.errors, 0, "{}", String::from_utf8_lossy(&out));
        assert_eq!(totals.with_mate, 1, "{}", String::from_utf8_lossy(&text));
    }
}

#[test]
fn puzzle_csv_is_read_by_column_name_with_quotes() {
    let json = MateScan {
        json: true,
        ..MateScan::default()
    };
    let fen = "4Q3/6pk/p3p2p/5p2/1p1P2P1/4q2P/2B1n2B/7K w - - 0 35";
    let files = [
        format!("Moves,Rating,FEN\ng4f5 e3f3,1603,{fen}\n"),
        format!("FEN,Moves\n{fen},g4f5 e3f3\n"),
        format!("\"PuzzleId\",\"FEN\",\"Moves\"\n\"00IPp\",\"{fen}\",\"g4f5 e3f3\"\n"),
        format!("PuzzleId,Moves,FEN,Themes\n\"a,b\",\"g4f5 e3f3\",{fen},\"mate mateIn1\"\n"),
    ];
    for text in files {
        let (out, _, totals) = scan(text.clone().into_bytes(), json.clone(), options(1, 1 << 20));
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            (totals.positions, totals.errors, totals.with_mate),
            (1, 0, 1),
            "{text}\n{out}"
        );
        assert!(
            out.contains("\"input\":\"in:2\"") && out.contains("Qf3#"),
            "{out}"
        );
    }
    // A stray quote spoils its own line only: every line stays one record.
    let text = format!("FEN,Moves\n\"{fen},g4f5 e3f3\n{fen},g4f5 e3f3\n");
    let (_, _, totals) = scan(text.into_bytes(), json.clone(), options(1, 1 << 20));
    assert_eq!((totals.positions, totals.errors), (2, 1));
}

#[test]
fn comment_lines_before_a_csv_header_are_skipped() {
    let json = MateScan {
        json: true,
        ..MateScan::default()
    };
    let fen = "4Q3/6pk/p3p2p/5p2/1p1P2P1/4q2P/2B1n2B/7K w - - 0 35";
    // Format::detect skips them to find the header; the rows were then read as if
    // the comment were the header (an error record for the real header).
    for text in [
        format!("# puzzles\n\n# mate in one\nFEN,Moves\n{fen},g4f5 e3f3\n"),
        format!("# no header\n{fen},g4f5 e3f3,1603\n"),
    ] {
        let (out, _, totals) = scan(text.clone().into_bytes(), json.clone(), options(1, 1 << 20));
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            (totals.positions, totals.errors, totals.with_mate),
            (1, 0, 1),
            "{text}\n{out}"
        );
    }
}

/// The first chunk a worker gets is one record, and the chunks grow to the size
/// asked for: a slow job's first answer is written when it is found, not after a
/// chunk of others (`kibitz solve --time 5 | head -1`).
#[test]
fn the_first_chunk_is_one_record_and_the_chunks_grow_to_the_size_asked_for() {
    let text: String = (0..400).map(|i| format!("line {i:03}\n")).collect();
    let input = Input::from_reader("in", io::Cursor::new(text.clone().into_bytes()), None).unwrap();
    let mut lines_per_chunk = Vec::new();
    let mut joined = String::new();
    kibitz_scan::run_each(
        input,
        &options(1, 512),
        |_| Format::Fen,
        |_, _, chunk| String::from_utf8(chunk.bytes.clone()).unwrap(),
        |bytes, _| {
            let bytes = bytes.unwrap();
            lines_per_chunk.push(bytes.lines().count());
            joined.push_str(&bytes);
            Ok(())
        },
    )
    .unwrap();
    assert_eq!(joined, text);
    // Lines of 9 bytes: 1, 2, 4, …, 256 bytes aimed at, then 512.
    assert_eq!(lines_per_chunk[..10], [1, 1, 1, 1, 2, 4, 8, 15, 29, 57]);
    assert!(lines_per_chunk[10..].iter().all(|&n| n <= 57));
}

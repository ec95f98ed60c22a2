//! `kibitz mate` and `kibitz pgn` on streams: compressed files and pipes, any
//! thread count, damaged input, thread limits.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::{json_lines, kibitz, run};

/// Compresses `bytes` with the command-line tool `tool` (e.g. `pzstd -q -c`), if
/// the machine has it.
fn compress_with(tool: &[&str], bytes: &[u8]) -> Option<Vec<u8>> {
    let mut child = Command::new(tool[0])
        .args(&tool[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let input = bytes.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().ok()?;
    writer.join().ok()?.ok()?;
    out.status.success().then_some(out.stdout)
}

fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kibitz-cli-streaming-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn path_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn compressed_stdin_and_files_give_the_records_of_the_plain_file() {
    let Some(path) = kibitz_testdata::path("pgn/London1851.pgn") else {
        return;
    };
    let pgn = std::fs::read(&path).unwrap();
    let (code, plain, _) = run(&["mate", "--json", "-", "-j", "1"], &pgn);
    assert_eq!(code, 0);
    assert!(!plain.is_empty());
    // pzstd writes the layout of the Lichess database: skippable frames between
    // zstd frames. Debian's zstd package has it; test.sh installs it.
    let tools: [&[&str]; 4] = [
        &["pzstd", "-q", "-c", "-p", "2"],
        &["zstd", "-q", "-c"],
        &["gzip", "-c"],
        &["bzip2", "-c"],
    ];
    let mut tried = 0;
    for tool in tools {
        let Some(packed) = compress_with(tool, &pgn) else {
            continue;
        };
        tried += 1;
        for threads in ["1", "2"] {
            let (code, got, err) = run(&["mate", "--json", "-", "-j", threads], &packed);
            assert_eq!(code, 0, "{tool:?}: {err}");
            assert!(got == plain, "{tool:?} on stdin, -j {threads}");
        }
        let file = temp_file(&format!("games.{}", tool[0]), &packed);
        let (code, got, _) = run(&["pgn", path_str(&file), "--json", "-j", "2"], b"");
        assert_eq!(code, 0);
        let (_, want, _) = run(&["pgn", path_str(&path), "--json"], b"");
        let name = |s: &str| s.replace(path_str(&file), "F");
        assert_eq!(
            name(&got),
            name(&want).replace(path_str(&path), "F"),
            "{tool:?}"
        );
    }
    assert!(tried >= 2, "neither zstd nor gzip found");
}

#[test]
fn a_truncated_stream_writes_what_came_before_and_exits_1() {
    let Some(path) = kibitz_testdata::path("lichess/mateIn1_rating1700.csv") else {
        return;
    };
    let csv = std::fs::read(&path).unwrap();
    let Some(mut packed) = compress_with(&["gzip", "-c"], &csv) else {
        return;
    };
    packed.truncate(packed.len() / 2);
    let (code, out, err) = run(&["mate", "-", "--json"], &packed);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("stdin: input ends in error after byte"),
        "{err}"
    );
    assert!(err.contains("gzip"), "{err}");
    let records = json_lines(&out);
    assert!(records.len() > 1000);
    for record in records {
        assert!(record.get("error").is_none(), "{record}");
    }
}

#[test]
fn output_does_not_depend_on_threads_or_chunks() {
    let Some(file) = kibitz_testdata::path("pgn/Capablanca.pgn") else {
        return;
    };
    let args = |extra: &[&'static str]| {
        let mut v = vec!["mate", path_str(&file), "--threats"];
        v.extend_from_slice(extra);
        v.into_iter().map(str::to_string).collect::<Vec<_>>()
    };
    let base = kibitz().args(args(&["-j", "1"])).output().unwrap().stdout;
    assert!(!base.is_empty());
    for extra in [
        &["-j", "2"][..],
        &["-j", "3", "--chunk-bytes", "777"],
        &["-j", "2", "--chunk-bytes", "1"],
    ] {
        let got = kibitz().args(args(extra)).output().unwrap().stdout;
        assert!(got == base, "{extra:?}");
    }
}

#[test]
fn thread_counts_are_bounded() {
    for bad in ["0", "257", "100000"] {
        let (code, _, err) = run(&["mate", "--fen", "startpos", "-j", bad], b"");
        assert_eq!(code, 2, "-j {bad}: {err}");
        assert!(
            err.contains("--threads") && err.contains("1..=256"),
            "{err}"
        );
    }
    let (code, out, _) = run(&["mate", "--fen", "startpos", "-j", "256"], b"");
    assert_eq!(code, 0);
    assert!(out.starts_with("--fen 1  rnbqkbnr/"));
}

/// A slow batch writes each record as it is done: with stdin still open, the
/// first positions' records come out (the prover's records used to wait for
/// 64 KiB of output, minutes at 10 s a position, and were lost with the run when
/// it was killed).
#[test]
fn a_slow_batch_lets_its_records_out_before_the_input_ends() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("kibitz"))
        .args([
            "solve", "--mate", "5", "--time", "0.2", "--json", "-j", "1", "-",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Past the 64 KiB the reader looks at to tell the format, of positions that
    // take their 0.2 s each; stdin stays open.
    let mut stdin = child.stdin.take().unwrap();
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4\n";
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(fen.repeat(1000).as_bytes());
        let _ = stdin.flush();
        stdin
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut first = String::new();
        let _ = stdout.read_line(&mut first);
        let _ = tx.send(first);
    });
    // The first chunk (a few lines) takes about 1.5 s whatever the load, since
    // the time limit is the clock's; 64 KiB of records would take more than 30 s.
    let first = rx.recv_timeout(std::time::Duration::from_secs(15));
    child.kill().unwrap();
    child.wait().unwrap();
    drop(writer.join());
    let first = first.expect("no record came out while stdin was open");
    assert!(first.contains("\"input\":\"stdin:1\""), "{first}");
}

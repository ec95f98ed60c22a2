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

/// Nine positions proven at once (mates in one), then one no limit short of the
/// deadline proves (`bm #126`): the tenth record, in a chunk with the ninth
/// once the chunks have grown, is the slow one.
fn easy_then_hard() -> String {
    let easy = "5K2/8/2qk4/2nPp3/3r4/6B1/B7/3R4 w - e6 0 1 bm #1;\n";
    let hard = "n7/b1p1K3/1pP4p/1P4p1/6p1/1p4Pn/1P2N1br/3NRn1k w - - bm #126;\n";
    format!("{}{hard}", easy.repeat(9))
}

/// `kibitz ARGS` with its stdout read line by line on a thread of its own: the
/// child, its stdin, and the lines as they come.
fn spawn_reading(
    args: &[&str],
) -> (
    std::process::Child,
    std::process::ChildStdin,
    std::sync::mpsc::Receiver<String>,
) {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("kibitz"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in stdout.lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, stdin, rx)
}

/// The next `n` lines from `rx`, each within `secs` seconds (None if one is late).
fn lines_within(
    rx: &std::sync::mpsc::Receiver<String>,
    n: usize,
    secs: u64,
) -> Option<Vec<String>> {
    (0..n)
        .map(|_| rx.recv_timeout(std::time::Duration::from_secs(secs)).ok())
        .collect()
}

/// Sends `signal` (`-INT`, `-TERM`) to the child, by its id.
fn signal(child: &std::process::Child, signal: &str) {
    let status = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Waits for the child at most `secs` seconds: its status, or None (and the
/// child killed) if it is still running.
fn wait_within(child: &mut std::process::Child, secs: u64) -> Option<std::process::ExitStatus> {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    while std::time::Instant::now() < until {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// Issue 44: `kibitz solve two.epd --time 10 | head -1` took the 10 s of the
/// hard position, since a chunk's records waited for its last one (and the first
/// chunk was not flushed). Each record now goes out as soon as it and those
/// before it are done; when the reader goes, the search stops.
#[cfg(unix)]
#[test]
fn solve_writes_each_record_before_a_slow_one_after_it_is_done() {
    use std::io::{BufRead, BufReader};
    let file = temp_file("easy-then-hard.epd", easy_then_hard().as_bytes());
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("kibitz"))
        .args(["solve", path_str(&file), "--time", "120", "-j", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // A watchdog: were the easy records held until the hard one is done, they
    // would come after 120 s; at 60 s the child is killed and the read ends.
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let id = child.id().to_string();
    let watchdog = std::thread::spawn(move || {
        if done_rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .is_err()
        {
            let _ = Command::new("kill").args(["-KILL", &id]).status();
        }
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut lines = Vec::new();
    for _ in 0..9 {
        let mut line = String::new();
        if stdout.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        lines.push(line);
    }
    assert_eq!(
        lines.len(),
        9,
        "the nine easy records did not come before the hard one was done: {lines:?}"
    );
    assert!(
        lines[8].starts_with(&format!("{}:9  ", path_str(&file))),
        "{lines:?}"
    );
    // `| head -9`: the reader goes, and the search under way stops.
    drop(stdout);
    let status = wait_within(&mut child, 30);
    let _ = done_tx.send(());
    watchdog.join().unwrap();
    assert!(
        status.is_some(),
        "kibitz solve went on after its reader had gone"
    );
}

/// Issue 44: SIGINT (or SIGTERM) after 3 s left an empty output. The batch now
/// ends at once with every finished record written, a closing line that says
/// it was stopped, and exit status 128 + the signal (130, 143).
#[cfg(unix)]
#[test]
fn a_signal_ends_a_batch_with_every_finished_record() {
    use std::io::Read;
    let file = temp_file("easy-then-hard-sigint.epd", easy_then_hard().as_bytes());
    for (sig, status) in [("-INT", 130), ("-TERM", 143)] {
        let (mut child, stdin, rx) = spawn_reading(&[
            "solve",
            path_str(&file),
            "--time",
            "120",
            "--json",
            "-j",
            "2",
        ]);
        drop(stdin);
        let lines = lines_within(&rx, 9, 30).expect("the easy records");
        signal(&child, sig);
        let exit = wait_within(&mut child, 10).expect("stopped within 10 s of the signal");
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        let rest: Vec<String> = rx.try_iter().collect();
        assert_eq!(exit.code(), Some(status), "{stderr}");
        assert_eq!(lines.len() + rest.len(), 9, "{rest:?}");
        let name = if sig == "-INT" { "SIGINT" } else { "SIGTERM" };
        assert!(
            stderr.contains(&format!(
                "stopped by {name}: 9 positions, 9 with a forced mate"
            )),
            "{stderr}"
        );
    }
}

/// A batch waiting for a silent pipe (a terminal, a feed) is stopped too.
#[cfg(unix)]
#[test]
fn a_signal_ends_a_batch_waiting_for_its_input() {
    use std::io::Read;
    for args in [
        &["mate", "-"][..],
        &["solve", "--mate", "2", "-"],
        &["moves", "--fens", "-"],
    ] {
        let (mut child, stdin, _rx) = spawn_reading(args);
        std::thread::sleep(std::time::Duration::from_millis(300));
        signal(&child, "-INT");
        let exit = wait_within(&mut child, 10);
        drop(stdin);
        let exit = exit.unwrap_or_else(|| panic!("{args:?} went on waiting after SIGINT"));
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        assert_eq!(exit.code(), Some(130), "{args:?}: {stderr}");
        assert!(stderr.contains("stopped by SIGINT"), "{args:?}: {stderr}");
    }
}

/// Issue 44: `kibitz mate -` on a slowly fed pipe wrote nothing until the input
/// ended. Each line of a live pipe is answered while the pipe stays open, by
/// every command that reads lines.
#[test]
fn each_line_of_a_live_pipe_is_answered_while_it_stays_open() {
    let fen = "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1";
    let epd = "8/8/8/8/7k/5K2/8/3R4 w - - 0 1 bm #3;";
    for (args, line, answer) in [
        (&["mate", "-"][..], fen, "Re8#"),
        (&["solve", "-"], epd, "mate in 2"),
        (&["moves", "--fens", "-"], fen, "Re8#"),
        (
            &["pgn", "-"],
            "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]",
            "1 plies",
        ),
    ] {
        let (mut child, mut stdin, rx) = spawn_reading(args);
        for _ in 0..2 {
            writeln!(stdin, "{line}").unwrap();
            stdin.flush().unwrap();
            // `moves` writes a line a move: the one looked for is among them.
            let got = std::iter::from_fn(|| lines_within(&rx, 1, 20))
                .take(50)
                .find(|got| got[0].contains(answer));
            if got.is_none() {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{args:?}: no answer while the pipe was open");
            }
            if args[0] != "moves" {
                // One record a line (moves writes a line a move).
                assert!(
                    rx.recv_timeout(std::time::Duration::from_millis(300))
                        .is_err()
                );
            }
            if args[0] == "pgn" {
                break;
            }
        }
        drop(stdin);
        assert!(wait_within(&mut child, 20).is_some());
    }
}

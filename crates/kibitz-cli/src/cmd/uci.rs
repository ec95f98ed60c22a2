//! `kibitz uci`: a UCI engine that GUIs and scripts (python-chess's
//! `chess.engine`) can drive.
//!
//! The loop reads commands on the main thread and searches on one worker thread,
//! so that `isready` and `stop` are answered while a search runs. `go mate N`
//! asks for a mate in N; every other `go` runs the plain alpha-beta search of
//! [`kibitz::search`] until its limit. Each search ends with a legal `bestmove`
//! (or `bestmove 0000` when there is no legal move). Unknown commands are ignored,
//! as the protocol says; a bad `position` line is answered with `info string`
//! naming the problem, and the position stays as it was.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use kibitz::mate::solve::{MAX_MATE_MOVES, SolveOptions, Verdict, solve};
use kibitz::search::{Limits, Report, Score, Search};
use kibitz::{CastlingMode, Color, Move, Position};

/// Arguments of `kibitz uci` (none: everything comes on stdin).
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Where the engine writes: stdout, or a buffer in tests. A write error (the GUI
/// went away) makes the engine quit quietly.
type Out = Arc<Mutex<dyn Write + Send>>;

fn say(out: &Out, line: &str) -> bool {
    let Ok(mut w) = out.lock() else {
        return false;
    };
    writeln!(w, "{line}").and_then(|()| w.flush()).is_ok()
}

/// The largest `Hash` accepted, in MiB (the table halves itself until it fits in
/// the memory there is).
const MAX_HASH_MB: usize = 4096;

/// The engine's state between commands.
struct Engine {
    out: Out,
    position: Position,
    hash_mb: usize,
    castling: CastlingMode,
    /// The search's memory, handed to the worker for a search and back after it.
    search: Arc<Mutex<Search>>,
    worker: Option<(JoinHandle<()>, Arc<AtomicBool>)>,
}

/// What the loop does after a command.
#[derive(Debug, PartialEq, Eq)]
enum Control {
    Continue,
    Quit,
}

/// Runs `kibitz uci` on stdin and stdout.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    let out: Out = Arc::new(Mutex::new(io::stdout()));
    let mut engine = Engine::new(out);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // A line that is not UTF-8 is still a line: its bad bytes cannot match a
        // command, so it is ignored like any unknown command.
        let line = String::from_utf8_lossy(&bytes);
        if engine.handle(line.trim_end_matches(['\n', '\r'])) == Control::Quit {
            break;
        }
    }
    engine.stop_search();
    Ok(ExitCode::SUCCESS)
}

impl Engine {
    fn new(out: Out) -> Engine {
        Engine {
            out,
            position: Position::startpos(),
            hash_mb: 16,
            castling: CastlingMode::Standard,
            search: Arc::new(Mutex::new(Search::new(16))),
            worker: None,
        }
    }

    /// One command line.
    fn handle(&mut self, line: &str) -> Control {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Control::Continue;
        };
        let rest: Vec<&str> = words.collect();
        let ok = match command {
            "uci" => {
                let lines = [
                    format!("id name kibitz {}", env!("CARGO_PKG_VERSION")),
                    "id author the kibitz developers".to_string(),
                    format!("option name Hash type spin default 16 min 1 max {MAX_HASH_MB}"),
                    "option name Threads type spin default 1 min 1 max 1".to_string(),
                    "option name UCI_Chess960 type check default false".to_string(),
                    "uciok".to_string(),
                ];
                lines.iter().all(|l| say(&self.out, l))
            }
            "isready" => say(&self.out, "readyok"),
            "ucinewgame" => {
                self.stop_search();
                if let Ok(mut s) = self.search.lock() {
                    s.clear();
                }
                self.position = Position::startpos();
                true
            }
            "setoption" => {
                self.set_option(&rest);
                true
            }
            "position" => {
                self.stop_search();
                match parse_position(&rest) {
                    Ok(pos) => {
                        self.position = pos;
                        true
                    }
                    Err(why) => say(&self.out, &format!("info string {why}")),
                }
            }
            "go" => {
                self.stop_search();
                self.go(&rest);
                true
            }
            "stop" => {
                self.stop_search();
                true
            }
            "quit" => return Control::Quit,
            // Anything else (`debug`, `register`, `ponderhit`, typos) is ignored.
            _ => true,
        };
        if ok { Control::Continue } else { Control::Quit }
    }

    /// `setoption name NAME [value VALUE]`; names are case-insensitive.
    fn set_option(&mut self, words: &[&str]) {
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            say(&self.out, "info string setoption: expected 'name'");
            return;
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    self.stop_search();
                    self.hash_mb = mb;
                    self.search = Arc::new(Mutex::new(Search::new(mb)));
                }
                _ => {
                    say(
                        &self.out,
                        &format!(
                            "info string Hash must be 1 to {MAX_HASH_MB}, not {:?}",
                            value.chars().take(20).collect::<String>()
                        ),
                    );
                }
            },
            // One search thread; other values are accepted and said so.
            "threads" => {
                if value != "1" {
                    say(
                        &self.out,
                        "info string Threads: kibitz searches with 1 thread",
                    );
                }
            }
            "uci_chess960" => {
                self.castling = match value.to_ascii_lowercase().as_str() {
                    "true" => CastlingMode::Chess960,
                    _ => CastlingMode::Standard,
                }
            }
            _ => {
                let name: String = name.chars().take(40).collect();
                say(&self.out, &format!("info string unknown option {name:?}"));
            }
        }
    }

    /// Starts a search on the worker thread.
    fn go(&mut self, words: &[&str]) {
        let go = GoArgs::parse(words);
        let stop = Arc::new(AtomicBool::new(false));
        let limits = go.limits(&self.position, Instant::now(), stop.clone());
        let pos = self.position.clone();
        let out = self.out.clone();
        let search = self.search.clone();
        let castling = self.castling;
        let infinite = go.infinite;
        let stop_flag = stop.clone();
        let mate = go.mate;
        let hash_mb = self.hash_mb;
        let handle = std::thread::spawn(move || {
            let Ok(mut search) = search.lock() else {
                return;
            };
            let started = Instant::now();
            // `go mate N`: the prover first; a proven mate (or loss) is the answer.
            let proven = mate.and_then(|n| prove(&pos, n, &limits, hash_mb, started));
            let report = match proven {
                Some(report) => {
                    say(&out, &info_line(&report, castling));
                    report
                }
                // No mate within N: the plain search still gives a move, in what
                // is left of the limits (at once after a `stop`).
                None => search.think(&pos, &limits, |r| {
                    say(&out, &info_line(r, castling));
                }),
            };
            // `go infinite` answers only when told to stop, as the protocol asks.
            while infinite && !stop_flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            if report.depth == 0 && report.elapsed == Duration::ZERO {
                // No iteration ran (no legal move): still say where things stand.
                let mut r = report.clone();
                r.elapsed = started.elapsed();
                say(&out, &info_line(&r, castling));
            }
            let best = report
                .pv
                .first()
                .map_or("0000".to_string(), |m| m.uci_in(castling));
            say(&out, &format!("bestmove {best}"));
        });
        self.worker = Some((handle, stop));
    }

    /// Stops a running search and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some((handle, stop)) = self.worker.take() {
            stop.store(true, Ordering::Relaxed);
            let _ = handle.join();
        }
    }
}

/// `go mate n`: the prover's answer as a search report, when it proved a mate
/// for either side within `n`; None otherwise (no mate, or a limit struck).
fn prove(
    pos: &Position,
    n: u32,
    limits: &Limits,
    hash_mb: usize,
    started: Instant,
) -> Option<Report> {
    let opts = SolveOptions {
        node_limit: limits.nodes,
        deadline: limits.deadline,
        stop: limits.stop.clone(),
        hash_mb,
        ..SolveOptions::mate_in(n.clamp(1, MAX_MATE_MOVES))
    };
    let sol = solve(pos, &opts);
    let score = match sol.outcome {
        Verdict::MateIn(m) => Score::Mate(m as i32),
        Verdict::MatedIn(m) if m > 0 => Score::Mate(-(m as i32)),
        _ => return None,
    };
    let pv = if sol.line.is_empty() {
        sol.keys.first().map(|k| k.mv).into_iter().collect()
    } else {
        sol.line.clone()
    };
    Some(Report {
        depth: sol.line.len().max(1) as u32,
        score,
        nodes: sol.nodes,
        pv,
        elapsed: started.elapsed(),
    })
}

/// `info depth … score … nodes … nps … time … pv …`.
fn info_line(r: &Report, castling: CastlingMode) -> String {
    let ms = r.elapsed.as_millis();
    let nps = (r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-3)) as u64;
    let score = match r.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let pv: Vec<String> = r.pv.iter().map(|m| m.uci_in(castling)).collect();
    let mut line = format!(
        "info depth {} score {score} nodes {} nps {nps} time {ms}",
        r.depth.max(1),
        r.nodes
    );
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// `position startpos|fen FEN [moves M...]`.
fn parse_position(words: &[&str]) -> Result<Position, String> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let mut pos = match setup.split_first() {
        Some((&"startpos", [])) => Position::startpos(),
        Some((&"fen", fen)) if !fen.is_empty() => {
            Position::from_fen(&fen.join(" ")).map_err(|e| format!("position: {e}"))?
        }
        _ => {
            return Err("position: expected 'startpos' or 'fen FEN', then 'moves …'".to_string());
        }
    };
    for (i, text) in moves.iter().enumerate() {
        let mv: Move = pos
            .parse_uci(text)
            .map_err(|e| format!("position: move {} ({text}): {e}", i + 1))?;
        pos.play_unchecked(mv);
    }
    Ok(pos)
}

/// The parameters of `go`.
#[derive(Debug, Default, PartialEq)]
struct GoArgs {
    depth: Option<u32>,
    nodes: Option<u64>,
    mate: Option<u32>,
    movetime: Option<u64>,
    wtime: Option<u64>,
    btime: Option<u64>,
    winc: Option<u64>,
    binc: Option<u64>,
    movestogo: Option<u64>,
    infinite: bool,
}

impl GoArgs {
    /// Reads `go` parameters; a value that does not read is ignored (negative
    /// clock times, which some GUIs send when a flag falls, count as 0).
    fn parse(words: &[&str]) -> GoArgs {
        let mut go = GoArgs::default();
        let mut it = words.iter().peekable();
        while let Some(&word) = it.next() {
            let mut number = || {
                it.next()
                    .and_then(|v| v.parse::<i64>().ok())
                    .map(|v| v.max(0) as u64)
            };
            match word {
                "depth" => go.depth = number().map(|v| v.min(u64::from(u32::MAX)) as u32),
                "nodes" => go.nodes = number(),
                "mate" => go.mate = number().map(|v| v.min(u64::from(u32::MAX)) as u32),
                "movetime" => go.movetime = number(),
                "wtime" => go.wtime = number(),
                "btime" => go.btime = number(),
                "winc" => go.winc = number(),
                "binc" => go.binc = number(),
                "movestogo" => go.movestogo = number(),
                "infinite" => go.infinite = true,
                _ => {}
            }
        }
        go
    }

    /// The search limits: `mate N` (when the prover finds none) as a depth of
    /// 2N − 1 plies, the clock as a share of the time left.
    fn limits(&self, pos: &Position, now: Instant, stop: Arc<AtomicBool>) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            deadline: None,
            stop: Some(stop),
        };
        if let Some(n) = self.mate {
            let plies = n.saturating_mul(2).saturating_sub(1).max(1);
            limits.depth = Some(limits.depth.map_or(plies, |d| d.min(plies)));
        }
        let (time, inc) = match pos.turn() {
            Color::White => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        let budget = if let Some(ms) = self.movetime {
            Some(ms)
        } else {
            time.map(|t| {
                let moves = self.movestogo.unwrap_or(30).max(1);
                let share = t / moves + inc.unwrap_or(0) * 3 / 4;
                // Keep a margin for the answer to travel; never plan past the clock.
                share.min(t.saturating_sub(50)).max(5)
            })
        };
        if !self.infinite {
            limits.deadline = budget.map(|ms| now + Duration::from_millis(ms));
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A buffer the engine writes to, and what it holds.
    fn engine() -> (Engine, Arc<Mutex<Vec<u8>>>) {
        let buf = Arc::new(Mutex::new(Vec::new()));
        let out: Out = buf.clone();
        (Engine::new(out), buf)
    }

    fn lines(buf: &Arc<Mutex<Vec<u8>>>) -> Vec<String> {
        String::from_utf8(buf.lock().unwrap().clone())
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn handshake_and_readiness() {
        let (mut e, buf) = engine();
        assert_eq!(e.handle("uci"), Control::Continue);
        assert_eq!(e.handle("isready"), Control::Continue);
        assert_eq!(e.handle("frobnicate 3"), Control::Continue);
        assert_eq!(e.handle("quit"), Control::Quit);
        let out = lines(&buf);
        assert!(out[0].starts_with("id name kibitz"));
        assert!(out.contains(&"uciok".to_string()));
        assert_eq!(out.last().unwrap(), "readyok");
    }

    #[test]
    fn bad_position_lines_are_named_and_the_position_kept() {
        let (mut e, buf) = engine();
        e.handle("position startpos moves e2e4");
        e.handle("position startpos moves e7e5 e2e5");
        e.handle("position fen 8/8/8 w - - 0 1");
        e.handle("position sideways");
        let out = lines(&buf);
        assert_eq!(out.len(), 3, "{out:?}");
        assert!(
            out[1].starts_with("info string position: invalid FEN"),
            "{}",
            out[1]
        );
        assert_eq!(
            e.position.fen(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
    }

    #[test]
    fn go_mate_finds_the_mate_and_answers_a_legal_bestmove() {
        let (mut e, buf) = engine();
        e.handle("position fen 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1");
        e.handle("go mate 1");
        e.stop_search();
        let out = lines(&buf);
        assert!(out.iter().any(|l| l.contains("score mate 1")), "{out:?}");
        assert_eq!(out.last().unwrap(), "bestmove e1e8");
    }

    #[test]
    fn stop_answers_an_infinite_search() {
        let (mut e, buf) = engine();
        e.handle("position startpos");
        e.handle("go infinite");
        std::thread::sleep(Duration::from_millis(50));
        e.handle("stop");
        let out = lines(&buf);
        let best = out.last().unwrap();
        let mv = best.strip_prefix("bestmove ").unwrap();
        assert!(Position::startpos().parse_uci(mv).is_ok(), "{out:?}");
    }

    #[test]
    fn no_legal_move_gives_the_null_move() {
        let (mut e, buf) = engine();
        e.handle("position fen R6k/6pp/8/8/8/8/8/6K1 b - - 0 1");
        e.handle("go depth 3");
        e.stop_search();
        let out = lines(&buf);
        assert_eq!(out.last().unwrap(), "bestmove 0000");
        assert!(out.iter().any(|l| l.contains("score mate 0")), "{out:?}");
    }

    #[test]
    fn clock_budget() {
        let go = GoArgs::parse(&[
            "wtime",
            "60000",
            "btime",
            "-5",
            "winc",
            "1000",
            "movestogo",
            "x",
        ]);
        assert_eq!(go.btime, Some(0));
        let now = Instant::now();
        let stop = Arc::new(AtomicBool::new(false));
        let limits = go.limits(&Position::startpos(), now, stop);
        let budget = limits.deadline.unwrap() - now;
        assert_eq!(budget, Duration::from_millis(60000 / 30 + 750));
    }
}

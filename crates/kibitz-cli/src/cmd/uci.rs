//! `kibitz uci`: a UCI engine that GUIs and scripts (python-chess's
//! `chess.engine`) can drive.
//!
//! This file is the protocol loop only: it reads commands on the main thread
//! (one function per command) and writes answers; what a `go` searches, and for
//! how long, is [`kibitz::search::go`] and [`kibitz::search::time`]. The search
//! runs on one worker thread, so that `isready` and `stop` are answered while it
//! runs. Each `go` ends with a legal `bestmove` (`bestmove 0000` when there is
//! no legal move or no position); `go mate N` with no mate proven says so in an
//! `info string` first. Unknown commands are ignored, as the protocol says.
//!
//! With `UCI_Variant` set to another of kibitz's variants (a built-in, or a
//! section of the `variants.ini` that `VariantPath` names), positions and moves
//! are Fairy-Stockfish's (holdings, drops `P@e4`, gating `e1g1h`, ranks past
//! 9), and `go` searches with the variant engine's own search
//! ([`kibitz::search::variant`]); `go mate N` runs the same prover on it. Orthodox
//! chess (`UCI_Variant` = `chess`, the default) keeps the orthodox engine.
//! `go perft N` counts the legal move tree in either, move by move, as
//! Stockfish and Fairy-Stockfish print it; as there, the count ends before the
//! next command is handled, except `stop` and `quit`, which cut it short.
//!
//! A bad `position` line is answered with an `info string` naming the problem:
//! a move that is not legal ends the move list there (the moves before it are
//! played and the rest ignored, as Stockfish does); a setup that does not read
//! (neither `startpos` nor a valid `fen`) leaves no position, and a `go` then
//! answers `bestmove 0000` rather than a move for an older position.

use crate::output::Status;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use kibitz::board::Board;
use kibitz::search::go::{Go, Info, Think, go};
use kibitz::search::variant::VariantSearch;
use kibitz::search::{Report, Score, Search};
use kibitz::variant::ini::{MAX_INI_BYTES, VariantsIni};
use kibitz::variant::{Variant, VariantPosition};
use kibitz::{CastlingMode, Position};

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

/// The largest `Hash` accepted, in MiB: a bound, taken as the search fills its
/// table (which stops growing where the memory runs short).
const MAX_HASH_MB: usize = 4096;

/// A position of the engine that plays it.
#[derive(Clone, Debug)]
enum Held {
    /// Orthodox chess: the orthodox engine.
    Chess(Position),
    /// Any other variant: the variant engine (boxed: its board is larger).
    Variant(Box<VariantPosition>),
}

/// The engine's state between commands.
struct Engine {
    out: Out,
    /// None after a `position` line whose setup did not read.
    position: Option<Held>,
    /// The variant of `UCI_Variant`; None for orthodox chess.
    variant: Option<Variant>,
    /// The `variants.ini` of `VariantPath`, whose sections `UCI_Variant` may name.
    ini: Option<VariantsIni>,
    hash_mb: usize,
    castling: CastlingMode,
    /// The searches' memory, handed to the worker for a search and back after it.
    search: Arc<Mutex<Search>>,
    variant_search: Arc<Mutex<VariantSearch>>,
    worker: Option<Worker>,
}

/// The worker thread of a `go`: a search or a `go perft` count.
struct Worker {
    handle: JoinHandle<()>,
    stop: Arc<AtomicBool>,
    /// A `go perft` count, which finishes before the next command but `stop`
    /// and `quit` is handled.
    perft: bool,
}

/// What the loop does after a command.
#[derive(Debug, PartialEq, Eq)]
enum Control {
    Continue,
    Quit,
}

/// Runs `kibitz uci` on stdin and stdout.
pub fn run(_args: Args) -> anyhow::Result<Status> {
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
    Ok(Status::Fine)
}

impl Engine {
    fn new(out: Out) -> Engine {
        Engine {
            out,
            position: Some(Held::Chess(Position::startpos())),
            variant: None,
            ini: None,
            hash_mb: 16,
            castling: CastlingMode::Standard,
            search: Arc::new(Mutex::new(Search::new(16))),
            variant_search: Arc::new(Mutex::new(VariantSearch::new(16))),
            worker: None,
        }
    }

    /// The start position of the variant played.
    fn startpos(&self) -> Held {
        match &self.variant {
            None => Held::Chess(Position::startpos()),
            Some(v) => Held::Variant(Box::new(VariantPosition::startpos(v))),
        }
    }

    /// Every variant `UCI_Variant` offers: the built-ins, then the sections of
    /// `VariantPath`'s file not already among them.
    fn variant_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Variant::builtin_names()
            .iter()
            .map(|n| n.to_string())
            .collect();
        if let Some(ini) = &self.ini {
            for name in ini.names() {
                if !names.iter().any(|n| n == name) {
                    names.push(name.to_string());
                }
            }
        }
        names
    }

    /// One command line; false from a command: the output is gone, quit.
    fn handle(&mut self, line: &str) -> Control {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Control::Continue;
        };
        let rest: Vec<&str> = words.collect();
        // Fairy-Stockfish and Stockfish count `go perft` in their command loop: a
        // GUI that sends `go perft 4` and then `position …` reads the whole count
        // before anything else. Here only `stop` and `quit` end it early.
        if !matches!(command, "stop" | "quit") {
            self.finish_perft();
        }
        let ok = match command {
            "uci" => self.uci(),
            "isready" => say(&self.out, "readyok"),
            "ucinewgame" => self.new_game(),
            "setoption" => self.set_option(&rest),
            "position" => self.set_position(&rest),
            "go" => self.go(&rest),
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

    /// `uci`: who the engine is and its options.
    fn uci(&self) -> bool {
        let current = self.variant.as_ref().map_or("chess", |v| v.name());
        let combo: String = self
            .variant_names()
            .iter()
            .map(|n| format!(" var {n}"))
            .collect();
        let lines = [
            format!("id name kibitz {}", env!("CARGO_PKG_VERSION")),
            "id author the kibitz developers".to_string(),
            format!("option name Hash type spin default 16 min 1 max {MAX_HASH_MB}"),
            "option name Threads type spin default 1 min 1 max 1".to_string(),
            "option name UCI_Chess960 type check default false".to_string(),
            format!("option name UCI_Variant type combo default {current}{combo}"),
            "option name VariantPath type string default <empty>".to_string(),
            "uciok".to_string(),
        ];
        lines.iter().all(|l| say(&self.out, l))
    }

    /// `ucinewgame`: forget what earlier searches learnt.
    fn new_game(&mut self) -> bool {
        self.stop_search();
        if let Ok(mut s) = self.search.lock() {
            s.clear();
        }
        if let Ok(mut s) = self.variant_search.lock() {
            s.clear();
        }
        self.position = Some(self.startpos());
        true
    }

    /// `setoption name NAME [value VALUE]`; names are case-insensitive.
    fn set_option(&mut self, words: &[&str]) -> bool {
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return say(&self.out, "info string setoption: expected 'name'");
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
                    self.variant_search = Arc::new(Mutex::new(VariantSearch::new(mb)));
                    true
                }
                _ => say(
                    &self.out,
                    &format!(
                        "info string Hash must be 1 to {MAX_HASH_MB}, not {:?}",
                        kibitz::text::quote_to(value, 20)
                    ),
                ),
            },
            // One search thread; other values are accepted and said so.
            "threads" if value != "1" => say(
                &self.out,
                "info string Threads: kibitz searches with 1 thread",
            ),
            "threads" => true,
            "uci_chess960" => {
                self.castling = match value.to_ascii_lowercase().as_str() {
                    "true" => CastlingMode::Chess960,
                    _ => CastlingMode::Standard,
                };
                true
            }
            "uci_variant" => self.set_variant(value),
            "variantpath" => self.set_variant_path(value),
            _ => {
                let name = kibitz::text::quote_to(name, 40);
                say(&self.out, &format!("info string unknown option {name:?}"))
            }
        }
    }

    /// `UCI_Variant`: the variant played from now on, from its start position.
    /// An unknown name keeps the variant played and says which names are known.
    fn set_variant(&mut self, name: &str) -> bool {
        self.stop_search();
        let found = match &self.ini {
            Some(ini) => ini.find(name),
            None => Variant::builtin(name),
        };
        match found {
            // Orthodox chess, unless the file redefines it, is the orthodox engine.
            Ok(v)
                if v.name() == "chess"
                    && !self
                        .ini
                        .as_ref()
                        .is_some_and(|i| i.names().any(|n| n == "chess")) =>
            {
                self.variant = None;
            }
            Ok(v) => self.variant = Some(v),
            Err(e) => {
                let text = kibitz::text::quote_to(&e.to_string(), 200);
                return say(&self.out, &format!("info string UCI_Variant: {text}"));
            }
        }
        if let Ok(mut s) = self.variant_search.lock() {
            s.clear();
        }
        self.position = Some(self.startpos());
        true
    }

    /// `VariantPath`: reads a `variants.ini` whose sections `UCI_Variant` may then
    /// name (`<empty>` or nothing forgets it). A file that does not read keeps
    /// the one before, and the error names its line.
    fn set_variant_path(&mut self, path: &str) -> bool {
        if path.is_empty() || path == "<empty>" {
            self.ini = None;
            return true;
        }
        let shown = kibitz::text::quote_to(path, 80);
        let text = match read_bounded(path) {
            Ok(text) => text,
            Err(e) => return say(&self.out, &format!("info string VariantPath {shown}: {e}")),
        };
        match VariantsIni::read(&text) {
            Ok(ini) => {
                let count = ini.names().count();
                self.ini = Some(ini);
                say(
                    &self.out,
                    &format!("info string VariantPath {shown}: {count} variants read"),
                )
            }
            Err(e) => say(&self.out, &format!("info string VariantPath {shown}: {e}")),
        }
    }

    /// `position startpos|fen FEN [moves M...]`.
    fn set_position(&mut self, words: &[&str]) -> bool {
        self.stop_search();
        let (position, problem) = parse_position(words, self.castling, self.variant.as_ref());
        self.position = position;
        match problem {
            Some(why) => say(&self.out, &format!("info string {why}")),
            None => true,
        }
    }

    /// `go …`: starts a search (or `go perft N`, a count) on the worker thread.
    fn go(&mut self, words: &[&str]) -> bool {
        self.stop_search();
        let Some(held) = self.position.clone() else {
            return say(
                &self.out,
                "info string go: no position (the last position line was refused)",
            ) && say(&self.out, "bestmove 0000");
        };
        let stop = Arc::new(AtomicBool::new(false));
        let out = self.out.clone();
        let castling = self.castling;
        let hash_mb = self.hash_mb;
        let flag = stop.clone();
        let counting = parse_perft(words);
        let handle = if let Some(depth) = counting {
            match held {
                Held::Chess(pos) => {
                    std::thread::spawn(move || perft(&pos, depth, &flag, &out, castling))
                }
                Held::Variant(pos) => {
                    std::thread::spawn(move || perft(&*pos, depth, &flag, &out, castling))
                }
            }
        } else {
            let ask = parse_go(words);
            match held {
                Held::Chess(pos) => {
                    let search = self.search.clone();
                    std::thread::spawn(move || {
                        search_and_answer(&search, &pos, &ask, &flag, &out, hash_mb, castling)
                    })
                }
                Held::Variant(pos) => {
                    let search = self.variant_search.clone();
                    std::thread::spawn(move || {
                        search_and_answer(&search, &*pos, &ask, &flag, &out, hash_mb, castling)
                    })
                }
            }
        };
        self.worker = Some(Worker {
            handle,
            stop,
            perft: counting.is_some(),
        });
        true
    }

    /// Stops a running search and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.stop.store(true, Ordering::Relaxed);
            let _ = worker.handle.join();
        }
    }

    /// Waits for a running `go perft` to write its total (a search runs on).
    fn finish_perft(&mut self) {
        if self.worker.as_ref().is_some_and(|w| w.perft)
            && let Some(worker) = self.worker.take()
        {
            let _ = worker.handle.join();
        }
    }
}

/// Runs `go` with `search` on `pos` and writes its `info` lines and the
/// `bestmove` (always legal, `0000` only without a legal move): the one answer
/// of both engines.
fn search_and_answer<S: Think>(
    search: &Mutex<S>,
    pos: &S::Position,
    ask: &Go,
    stop: &Arc<AtomicBool>,
    out: &Out,
    hash_mb: usize,
    castling: CastlingMode,
) {
    let Ok(mut search) = search.lock() else {
        return;
    };
    let started = Instant::now();
    let report = go(&mut *search, pos, ask, stop.clone(), hash_mb, |info| {
        match info {
            Info::Report(r) => say(out, &info_line(pos, r, castling)),
            Info::Note(text) => say(out, &format!("info string {text}")),
        };
    });
    // `go infinite` answers only when told to stop, as the protocol asks.
    while ask.infinite && !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(2));
    }
    if report.depth == 0 && report.elapsed == Duration::ZERO {
        // No iteration ran (no legal move, or the game is over): still say
        // where things stand.
        let mut r = report.clone();
        r.elapsed = started.elapsed();
        say(out, &info_line(pos, &r, castling));
    }
    let best = report
        .pv
        .first()
        .map_or("0000".to_string(), |&m| uci_of(pos, m, castling));
    say(out, &format!("bestmove {best}"));
}

/// A legal move of `pos` in UCI, castling as `castling` says for chess.
fn uci_of<B: Board>(pos: &B, mv: B::Move, castling: CastlingMode) -> String {
    let mut text = String::new();
    pos.write_uci_in(&mut text, mv, castling);
    text
}

/// `go perft N`: each legal move with the leaves below it, then the total, as
/// Stockfish writes them (`e2e4: 20`, a blank line, `Nodes searched: 400`).
/// `stop` or `quit` ends the count early, with a note and no total; any other
/// command waits for the total ([`Engine::finish_perft`]).
fn perft<B: Board>(pos: &B, depth: u32, stop: &AtomicBool, out: &Out, castling: CastlingMode) {
    let depth = depth.clamp(1, kibitz::board::MAX_PERFT_DEPTH);
    let mut total = 0u64;
    for &mv in pos.legal_moves().iter() {
        let Some(count) = pos.after(mv).perft_until(depth - 1, stop) else {
            say(out, "info string perft stopped before the end of the count");
            return;
        };
        total = total.saturating_add(count);
        if !say(out, &format!("{}: {count}", uci_of(pos, mv, castling))) {
            return;
        }
    }
    say(out, "");
    say(out, &format!("Nodes searched: {total}"));
}

/// The depth of `go perft N`, if the `go` is one (a depth that does not read
/// is 1).
fn parse_perft(words: &[&str]) -> Option<u32> {
    match words {
        ["perft", rest @ ..] => Some(
            rest.first()
                .and_then(|d| d.parse::<u32>().ok())
                .unwrap_or(1),
        ),
        _ => None,
    }
}

/// Reads a `variants.ini` of at most [`MAX_INI_BYTES`] (the reader's own cap).
fn read_bounded(path: &str) -> Result<String, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_INI_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() > MAX_INI_BYTES {
        return Err(format!("larger than {MAX_INI_BYTES} bytes"));
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
}

/// `info depth … score … nodes … nps … time … pv …`.
fn info_line<B: Board>(pos: &B, r: &Report<B::Move>, castling: CastlingMode) -> String {
    let ms = r.elapsed.as_millis();
    let nps = (r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-3)) as u64;
    let score = match r.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    // Each move of the line written in the position it is played in.
    let mut at = pos.clone();
    let mut pv = Vec::with_capacity(r.pv.len());
    for &mv in &r.pv {
        pv.push(uci_of(&at, mv, castling));
        at.play_unchecked(mv);
    }
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

/// `position startpos|fen FEN [moves M...]`: the position (None when the setup
/// does not read) and what was wrong, if anything. A move that is not legal
/// ends the list: the position is the one before it. For chess the FEN is
/// standard unless `UCI_Chess960` is on (a Chess960 castling right is a bad
/// position otherwise); for another variant (`variant`) it is
/// Fairy-Stockfish's, and so are the moves.
fn parse_position(
    words: &[&str],
    castling: CastlingMode,
    variant: Option<&Variant>,
) -> (Option<Held>, Option<String>) {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let no_position = "; no position until a good position line";
    let fen = match setup.split_first() {
        Some((&"startpos", [])) => None,
        Some((&"fen", fen)) if !fen.is_empty() => Some(fen.join(" ")),
        _ => {
            let why = "position: expected 'startpos' or 'fen FEN', then 'moves …'";
            return (None, Some(format!("{why}{no_position}")));
        }
    };
    let refused = |e: &dyn std::fmt::Display| (None, Some(format!("position: {e}{no_position}")));
    match variant {
        None => {
            let mut pos = match fen {
                None => Position::startpos(),
                Some(fen) => match Position::from_fen_in(&fen, castling) {
                    Ok(pos) => pos,
                    Err(e) => return refused(&e),
                },
            };
            let problem = play_moves(&mut pos, moves, |p, t| {
                p.parse_uci(t).map_err(|e| e.to_string())
            });
            (Some(Held::Chess(pos)), problem)
        }
        Some(v) => {
            // `UCI_Chess960` turns Chess960 castling on for a variant that castles
            // (a variant that is Chess960 by itself, fischerandom, stays so).
            let chess960;
            let v = if castling == CastlingMode::Chess960 {
                chess960 = match v.with_chess960(true) {
                    Ok(v) => v,
                    Err(e) => return refused(&e),
                };
                &chess960
            } else {
                v
            };
            let mut pos = match fen {
                None => VariantPosition::startpos(v),
                Some(fen) => match VariantPosition::from_fen(v, &fen) {
                    Ok(pos) => pos,
                    Err(e) => return refused(&e),
                },
            };
            let problem = play_moves(&mut pos, moves, |p, t| {
                p.parse_uci(t).map_err(|e| e.to_string())
            });
            (Some(Held::Variant(Box::new(pos))), problem)
        }
    }
}

/// Plays the UCI `moves` on `pos` as `parse` reads them, up to the first that
/// does not read; what was wrong with it, if one did not.
fn play_moves<B: Board>(
    pos: &mut B,
    moves: &[&str],
    parse: impl Fn(&B, &str) -> Result<B::Move, String>,
) -> Option<String> {
    for (i, text) in moves.iter().enumerate() {
        match parse(pos, text) {
            Ok(mv) => pos.play_unchecked(mv),
            Err(e) => {
                let text = kibitz::text::quote_to(text, 20);
                return Some(format!(
                    "position: move {} ({text}): {e}; the position is the one before it \
                     and the moves from it on are ignored",
                    i + 1
                ));
            }
        }
    }
    None
}

/// Reads `go` parameters; a value that does not read is ignored (negative clock
/// times, which some GUIs send when a flag falls, count as 0).
fn parse_go(words: &[&str]) -> Go {
    let mut go = Go::default();
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine's chess position.
    fn chess(e: &Engine) -> &Position {
        match e.position.as_ref().unwrap() {
            Held::Chess(pos) => pos,
            Held::Variant(pos) => panic!("a variant position: {pos:?}"),
        }
    }

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

    /// Waits (at most `secs`) for a `bestmove` from the worker, without `stop`.
    fn wait_for_bestmove(buf: &Arc<Mutex<Vec<u8>>>, secs: u64) -> Vec<String> {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(secs) {
            let out = lines(buf);
            if out.iter().any(|l| l.starts_with("bestmove")) {
                return out;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("no bestmove within {secs} s: {:?}", lines(buf));
    }

    #[test]
    fn a_bad_move_ends_the_move_list_as_in_stockfish() {
        let (mut e, buf) = engine();
        e.handle("position startpos moves e2e4");
        // e7e5 is not White's move: the position is the start, as Stockfish has it.
        e.handle("position startpos moves e7e5 e2e5");
        let out = lines(&buf);
        assert_eq!(out.len(), 1, "{out:?}");
        assert!(
            out[0].starts_with("info string position: move 1 (e7e5)"),
            "{out:?}"
        );
        assert_eq!(chess(&e).fen(), Position::startpos().fen());
        e.handle("position startpos moves e2e4 e7e5 zz g1f3");
        assert_eq!(
            chess(&e).fen(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
        e.handle("go depth 2");
        let out = wait_for_bestmove(&buf, 10);
        let best = out.last().unwrap().strip_prefix("bestmove ").unwrap();
        assert!(chess(&e).parse_uci(best).is_ok(), "{out:?}");
    }

    #[test]
    fn a_setup_that_does_not_read_leaves_no_position() {
        for line in [
            "position fen 8/8/8 w - - 0 1",
            "position sideways",
            "position fen",
            "position",
        ] {
            let (mut e, buf) = engine();
            // Before: a move for Black after 1. e4 answered the bad line.
            e.handle("position startpos moves e2e4");
            e.handle(line);
            assert!(e.position.is_none(), "{line}");
            e.handle("go depth 3");
            e.stop_search();
            let out = lines(&buf);
            assert!(out[0].starts_with("info string position: "), "{out:?}");
            assert!(out[0].ends_with("no position until a good position line"));
            assert!(out[1].starts_with("info string go: no position"), "{out:?}");
            assert_eq!(out.last().unwrap(), "bestmove 0000", "{line}");
            // A good line afterwards is searched as usual.
            e.handle("position startpos moves e2e4");
            e.handle("go depth 1");
            let out = wait_for_bestmove_after(&buf, out.len());
            let best = out.strip_prefix("bestmove ").unwrap();
            assert!(chess(&e).parse_uci(best).is_ok());
        }
    }

    /// The first `bestmove` line after the first `skip` lines (waits at most 10 s).
    fn wait_for_bestmove_after(buf: &Arc<Mutex<Vec<u8>>>, skip: usize) -> String {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(10) {
            if let Some(l) = lines(buf)[skip..]
                .iter()
                .find(|l| l.starts_with("bestmove"))
            {
                return l.clone();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("no bestmove: {:?}", lines(buf));
    }

    #[test]
    fn go_mate_without_a_mate_says_so_and_answers_in_time() {
        // Before: `go mate 5` from the start ran a 9-ply plain search for minutes.
        for n in [3, 5] {
            let (mut e, buf) = engine();
            e.handle("position startpos");
            let started = Instant::now();
            e.handle(&format!("go mate {n}"));
            let out = wait_for_bestmove(&buf, 15);
            assert!(started.elapsed() < Duration::from_secs(12), "{out:?}");
            let note = out
                .iter()
                .position(|l| l.starts_with("info string"))
                .unwrap_or_else(|| panic!("no info string: {out:?}"));
            assert!(
                out[note].contains(&format!("no mate within {n} moves")),
                "{out:?}"
            );
            let best = out.last().unwrap().strip_prefix("bestmove ").unwrap();
            assert!(Position::startpos().parse_uci(best).is_ok(), "{out:?}");
            e.stop_search();
        }
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

    /// The engine's variant position.
    fn variant(e: &Engine) -> &VariantPosition {
        match e.position.as_ref().unwrap() {
            Held::Variant(pos) => pos,
            Held::Chess(pos) => panic!("a chess position: {pos:?}"),
        }
    }

    #[test]
    fn uci_variant_is_offered_and_plays_the_variant() {
        // Before: `setoption name UCI_Variant value capablanca` was an unknown
        // option, and `go` answered an orthodox move for a Capablanca FEN.
        let (mut e, buf) = engine();
        e.handle("uci");
        let out = lines(&buf);
        let combo = out
            .iter()
            .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
            .unwrap_or_else(|| panic!("{out:?}"));
        for name in Variant::builtin_names() {
            assert!(combo.contains(&format!(" var {name}")), "{name}: {combo}");
        }
        e.handle("setoption name UCI_Variant value capablanca");
        e.handle("position startpos moves e2e4 e7e5 c1d3");
        let pos = variant(&e).clone();
        assert_eq!(pos.variant().name(), "capablanca");
        let skip = lines(&buf).len();
        e.handle("go depth 2");
        let best = wait_for_bestmove_after(&buf, skip);
        let best = best.strip_prefix("bestmove ").unwrap();
        assert!(pos.parse_uci(best).is_ok(), "{best}");
        // Drops in crazyhouse, written as Fairy-Stockfish writes them.
        e.handle("setoption name UCI_Variant value crazyhouse");
        e.handle("position startpos moves e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@d4");
        assert!(
            variant(&e)
                .fen()
                .starts_with("rnb1kbnr/ppp1pppp/8/q7/3P4/2N5/PPPP1PPP/R1BQKBNR[p] b"),
            "{}",
            variant(&e).fen()
        );
        // Back to chess: the orthodox engine.
        e.handle("setoption name UCI_Variant value chess");
        assert_eq!(chess(&e).fen(), Position::startpos().fen());
        e.handle("setoption name UCI_Variant value nosuchvariant");
        let out = lines(&buf);
        assert!(
            out.last()
                .unwrap()
                .starts_with("info string UCI_Variant: unknown variant"),
            "{out:?}"
        );
    }

    /// The lines once `go perft` has written its total (waits at most 30 s).
    fn wait_for_total(buf: &Arc<Mutex<Vec<u8>>>) -> Vec<String> {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(30) {
            let out = lines(buf);
            if out.iter().any(|l| l.starts_with("Nodes searched")) {
                return out;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("no total: {:?}", lines(buf));
    }

    #[test]
    fn go_perft_ends_before_the_next_command_but_stop() {
        // Before: `position` right after `go perft` stopped the count, and the GUI
        // read "perft stopped" instead of Fairy-Stockfish's full count.
        let (mut e, buf) = engine();
        e.handle("setoption name UCI_Variant value capablanca");
        e.handle("go perft 3");
        e.handle("position startpos moves e2e4");
        let out = lines(&buf);
        let total = VariantPosition::startpos(&Variant::builtin("capablanca").unwrap()).perft(3);
        assert_eq!(out.last().unwrap(), &format!("Nodes searched: {total}"));
        assert!(!out.iter().any(|l| l.contains("perft stopped")), "{out:?}");
        // `isready` is answered after the count, as in Fairy-Stockfish.
        let skip = lines(&buf).len();
        e.handle("go perft 2");
        e.handle("isready");
        let out = lines(&buf)[skip..].to_vec();
        assert_eq!(out.last().unwrap(), "readyok");
        assert!(
            out[out.len() - 2].starts_with("Nodes searched: "),
            "{out:?}"
        );
        // `stop` still ends a count too deep to wait for.
        let skip = lines(&buf).len();
        let started = Instant::now();
        e.handle("position startpos");
        e.handle("go perft 9");
        e.handle("stop");
        assert!(started.elapsed() < Duration::from_secs(10));
        let out = lines(&buf)[skip..].to_vec();
        assert!(out.last().unwrap().contains("perft stopped"), "{out:?}");
    }

    #[test]
    fn uci_chess960_castles_a_variant_as_king_takes_rook() {
        let (mut e, buf) = engine();
        e.handle("setoption name UCI_Chess960 value true");
        e.handle("setoption name UCI_Variant value capablanca");
        // Capablanca's start, White's pieces between king and h-rook cleared.
        e.handle("position fen rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQK3R w KQkq - 0 1");
        let pos = variant(&e).clone();
        assert!(pos.variant().is_chess960(), "{:?}", lines(&buf));
        assert!(
            pos.parse_uci("f1j1").is_ok(),
            "{:?}",
            pos.legal_moves()
                .iter()
                .map(|m| pos.uci(m))
                .collect::<Vec<_>>()
        );
        // Seirawan's gating has no Chess960 form: the position is refused.
        e.handle("setoption name UCI_Variant value seirawan");
        e.handle("position startpos");
        assert!(e.position.is_none());
        assert!(
            lines(&buf)
                .last()
                .unwrap()
                .starts_with("info string position: ")
        );
    }

    #[test]
    fn go_perft_counts_each_move_in_either_engine() {
        let (mut e, buf) = engine();
        e.handle("position startpos");
        e.handle("go perft 2");
        let out = wait_for_total(&buf);
        assert_eq!(out.len(), 22, "{out:?}");
        assert_eq!(out.last().unwrap(), "Nodes searched: 400");
        assert!(out.contains(&"e2e4: 20".to_string()), "{out:?}");
        let v = Variant::builtin("capablanca").unwrap();
        let (mut e, buf) = engine();
        e.handle("setoption name UCI_Variant value capablanca");
        e.handle("go perft 3");
        wait_for_total(&buf);
        let total = VariantPosition::startpos(&v).perft(3);
        assert_eq!(
            lines(&buf).last().unwrap(),
            &format!("Nodes searched: {total}")
        );
    }

    #[test]
    fn variant_path_loads_sections_for_uci_variant() {
        let dir = std::env::temp_dir().join(format!("kibitz-uci-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("variants.ini");
        std::fs::write(
            &path,
            "[wide:chess]\nmaxFile = 14\nmaxRank = 14\nstartFen = 14/14/14/14/14/14/14/14/14/14/14/14/14/K12k w - - 0 1\n",
        )
        .unwrap();
        let (mut e, buf) = engine();
        e.handle(&format!(
            "setoption name VariantPath value {}",
            path.display()
        ));
        e.handle("setoption name UCI_Variant value wide");
        assert_eq!(variant(&e).variant().files(), 14);
        e.handle("uci");
        assert!(lines(&buf).iter().any(|l| l.contains(" var wide")));
        e.handle("go depth 1");
        e.stop_search();
        let best = lines(&buf).last().unwrap().clone();
        assert!(
            variant(&e)
                .parse_uci(best.strip_prefix("bestmove ").unwrap())
                .is_ok(),
            "{best}"
        );
        // A file that is not there is said so, and the sections read stay.
        e.handle("setoption name VariantPath value /no/such/file.ini");
        assert!(
            lines(&buf)
                .last()
                .unwrap()
                .starts_with("info string VariantPath")
        );
        e.handle("setoption name UCI_Variant value wide");
        assert_eq!(variant(&e).variant().files(), 14);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn go_parameters() {
        let go = parse_go(&[
            "wtime",
            "60000",
            "btime",
            "-5",
            "winc",
            "1000",
            "movestogo",
            "x",
            "mate",
            "99999999999",
            "infinite",
        ]);
        assert_eq!(go.wtime, Some(60000));
        assert_eq!(go.btime, Some(0));
        assert_eq!(go.winc, Some(1000));
        assert_eq!(go.movestogo, None);
        assert_eq!(go.mate, Some(u32::MAX));
        assert!(go.infinite);
    }
}

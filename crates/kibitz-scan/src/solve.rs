//! The prover's batch job, `kibitz solve`: for each input position, the shortest
//! forced mate within a bound, proven by [`kibitz::mate::solve`] — every key, a
//! principal line, nodes and time, and on request the solution tree.
//!
//! Inputs as for the mate scan: FEN/EPD lines (an EPD `bm #N` operation, as in
//! matetrack, gives the bound), Lichess puzzle CSV (the position after the first
//! move; a `mateInN` theme gives the bound), and PGN (each game's start position).
//! An explicit bound (`--mate N`) overrides both.

use core::fmt::Write as _;
use core::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use kibitz::limits::Limits;
use kibitz::mate::solve::{
    MAX_MATE_MOVES, Solution, SolveOptions, Tree, TreeMove, TreeReply, Verdict, solve,
};
use kibitz::notation::lichess;
use kibitz::notation::pgn::{GameEnd, Visitor, visit_games};
use kibitz::notation::{SanStyle, write_san};
use kibitz::{CastlingMode, Move, Position};

use crate::chunk::Chunk;
use crate::csv_line::CsvLine;
use crate::detect::Format;
use crate::json;
use crate::lines::lines;
use crate::mate::{Input, Name, error_record};
use crate::render::Rendered;
use crate::scanned::Scanned;

/// What `kibitz solve` asks of each position.
#[derive(Clone, Debug, Default)]
pub struct SolveScan {
    /// The bound N for every position; None: each position's own label (`bm #N`,
    /// `mateInN`), and a position without one is an error record.
    pub mate: Option<u32>,
    /// Every move that mates within N, not only the shortest mate's keys.
    pub all_keys: bool,
    /// Write the solution tree.
    pub tree: bool,
    /// JSON Lines rather than text.
    pub json: bool,
    /// Time for each position.
    pub time: Option<Duration>,
    /// Nodes for each position.
    pub nodes: Option<u64>,
    /// How UCI writes castling.
    pub castling: CastlingMode,
    /// Set to stop every search at once (the CLI's Ctrl-C is not wired; tests).
    pub stop: Option<Arc<AtomicBool>>,
}

impl SolveScan {
    /// Scans one chunk of an input named `name` holding `format`.
    pub fn chunk(&self, name: &str, format: Format, chunk: &Chunk) -> Scanned {
        let mut scanned = Scanned::default();
        let mut escaped = String::new();
        json::escape(&mut escaped, name);
        let name = Name {
            text: name,
            json: &escaped,
        };
        match format {
            Format::Pgn => {
                let mut games = StartPositions {
                    scan: self,
                    name,
                    game: 0,
                    started: false,
                    scanned: &mut scanned,
                };
                visit_games(&chunk.bytes, chunk.first_line as usize, &mut games);
            }
            Format::Fen | Format::Puzzles { .. } => {
                self.positions(name, format, chunk, &mut scanned)
            }
        }
        scanned
    }

    /// One position given as text (a FEN, an EPD line or `startpos`).
    pub fn one(&self, name: &str, text: &str) -> Scanned {
        let mut scanned = Scanned::default();
        let mut escaped = String::new();
        json::escape(&mut escaped, name);
        let text = text.trim();
        let parsed = if text == "startpos" {
            Ok((Position::startpos(), None))
        } else {
            Position::from_epd_line(text.as_bytes())
                .map(|pos| (pos, epd_mate_bound(text)))
                .map_err(|e| e.to_string())
        };
        let name = Name {
            text: name,
            json: &escaped,
        };
        self.position(&mut scanned, &Input::Named(name), parsed);
        scanned
    }

    fn positions(&self, name: Name<'_>, format: Format, chunk: &Chunk, scanned: &mut Scanned) {
        let (header, columns) = match format {
            Format::Puzzles { columns, header } => (header && chunk.first_line == 1, Some(columns)),
            _ => (false, None),
        };
        let mut header_pending = header;
        let mut csv = CsvLine::default();
        for line in lines(chunk) {
            let text = line.text();
            let text = text.trim_start_matches('\u{feff}').trim();
            if text.is_empty() || (columns.is_none() && text.starts_with('#')) {
                continue;
            }
            let parsed = if let Some(columns) = columns {
                if header_pending {
                    header_pending = false;
                    continue;
                }
                csv.split(line.bytes);
                let cells = csv.cells();
                let cells: Vec<&str> = cells.iter().map(|c| c.as_ref()).collect();
                lichess::read_cells(&cells, &columns)
                    .map(|puzzle| {
                        let bound = puzzle.themes.as_ref().and_then(|t| theme_mate_bound(t));
                        (puzzle.position, bound)
                    })
                    .map_err(|e| e.to_string())
            } else {
                Position::from_epd_line(text.as_bytes())
                    .map(|pos| (pos, epd_mate_bound(text)))
                    .map_err(|e| e.to_string())
            };
            let input = Input::Line {
                name,
                line: line.number,
            };
            self.position(scanned, &input, parsed);
        }
    }

    /// One position's record, or its error's.
    fn position(
        &self,
        scanned: &mut Scanned,
        input: &Input<'_>,
        parsed: Result<(Position, Option<u32>), String>,
    ) {
        scanned.totals.positions += 1;
        let (pos, label) = match parsed {
            Ok(p) => p,
            Err(err) => {
                scanned.totals.errors += 1;
                self.error(&mut scanned.out, input, &err);
                return;
            }
        };
        let Some(bound) = self.mate.or(label) else {
            scanned.totals.errors += 1;
            let why = "no mate bound: give --mate N (or an EPD `bm #N`, a Lichess mateInN theme)";
            self.error(&mut scanned.out, input, why);
            return;
        };
        let bound = bound.clamp(1, MAX_MATE_MOVES);
        let started = Instant::now();
        let opts = SolveOptions {
            all_keys: self.all_keys,
            tree: self.tree,
            limits: Limits {
                nodes: self.nodes,
                deadline: self.time.map(|t| started + t),
                stop: self.stop.clone(),
            },
            ..SolveOptions::mate_in(bound)
        };
        let solution = solve(&pos, &opts);
        let ms = started.elapsed().as_secs_f64() * 1e3;
        match solution.outcome {
            Verdict::MateIn(_) | Verdict::MatedIn(1..) => scanned.totals.with_mate += 1,
            Verdict::Unknown { .. } => scanned.totals.unproven += 1,
            _ => {}
        }
        self.record(&mut scanned.out, input, &pos, bound, &solution, ms);
    }

    fn record(
        &self,
        out: &mut Rendered,
        input: &Input<'_>,
        pos: &Position,
        bound: u32,
        sol: &Solution,
        ms: f64,
    ) {
        let castling = self.castling;
        let (mate, proven, reason) = match sol.outcome {
            Verdict::MateIn(n) => (Some(n as i64), true, None),
            Verdict::MatedIn(0) => (None, true, Some("checkmated already")),
            Verdict::MatedIn(n) => (Some(-(n as i64)), true, None),
            Verdict::NoMateWithin(_) if !pos.has_legal_move() => (None, true, Some("stalemate")),
            Verdict::NoMateWithin(_) => (None, true, Some("no mate within the bound")),
            Verdict::Unknown { .. } => (None, false, Some("a limit stopped the search")),
        };
        let line = san_line(pos, &sol.line);
        if self.json {
            out.text.push('{');
            json::key(&mut out.text, "input");
            input.json(out);
            let t = &mut out.text;
            t.push(',');
            json::key(t, "fen");
            t.push('"');
            let _ = pos.write_fen(t);
            t.push_str("\",");
            json::key(t, "bound");
            json::uint(t, u64::from(bound));
            t.push(',');
            json::key(t, "mate");
            match mate {
                Some(n) => {
                    let _ = write!(t, "{n}");
                }
                None => t.push_str("null"),
            }
            t.push(',');
            json::key(t, "proven");
            t.push_str(if proven { "true" } else { "false" });
            // A limit that struck after the length was proven leaves the keys,
            // the line or the tree partial: said so rather than left to guess.
            if !sol.complete {
                t.push(',');
                json::key(t, "complete");
                t.push_str("false");
            }
            if let Some(reason) = reason {
                t.push(',');
                json::key(t, "reason");
                json::string(t, reason);
            }
            if let Verdict::Unknown { searched } = sol.outcome {
                t.push(',');
                json::key(t, "searched");
                json::uint(t, u64::from(searched));
            }
            t.push(',');
            json::key(t, "keys");
            t.push('[');
            for (i, key) in sol.keys.iter().enumerate() {
                if i > 0 {
                    t.push(',');
                }
                t.push('{');
                move_fields(t, pos, key.mv, castling);
                if self.all_keys {
                    t.push(',');
                    json::key(t, "mate");
                    json::uint(t, u64::from(key.mate_in));
                }
                t.push('}');
            }
            t.push_str("],");
            json::key(t, "line");
            t.push('[');
            for (i, san) in line.iter().enumerate() {
                if i > 0 {
                    t.push(',');
                }
                json::string(t, san);
            }
            t.push_str("],");
            json::key(t, "nodes");
            json::uint(t, sol.nodes);
            t.push(',');
            json::key(t, "ms");
            let _ = write!(t, "{ms:.1}");
            if self.tree {
                t.push(',');
                json::key(t, "tree");
                match &sol.tree {
                    Some(Tree::Keys(keys)) => {
                        t.push('[');
                        for (i, k) in keys.iter().enumerate() {
                            if i > 0 {
                                t.push(',');
                            }
                            tree_move(t, pos, k, castling);
                        }
                        t.push(']');
                    }
                    Some(Tree::Defences(replies)) => tree_replies(t, pos, replies, castling),
                    None => t.push_str("null"),
                }
            }
            t.push_str("}\n");
        } else {
            input.text(out);
            let t = &mut out.text;
            t.push_str("  ");
            let _ = pos.write_fen(t);
            t.push_str("  ");
            match sol.outcome {
                Verdict::MateIn(n) => {
                    let _ = write!(t, "mate in {n}");
                }
                Verdict::MatedIn(0) => t.push_str("checkmated already"),
                Verdict::MatedIn(n) => {
                    let _ = write!(t, "mated in {n}");
                }
                Verdict::NoMateWithin(_) if !pos.has_legal_move() => t.push_str("stalemate"),
                Verdict::NoMateWithin(n) => {
                    let _ = write!(t, "no mate within {n}");
                }
                Verdict::Unknown { searched } => {
                    let _ = write!(t, "not proven (no mate within {searched} proven)");
                }
            }
            if !sol.keys.is_empty() {
                t.push_str("  keys: ");
                for (i, key) in sol.keys.iter().enumerate() {
                    if i > 0 {
                        t.push(' ');
                    }
                    let _ = write_san(t, pos, key.mv, SanStyle::Standard);
                }
            }
            if !line.is_empty() {
                t.push_str("  line: ");
                t.push_str(&line.join(" "));
            }
            let _ = write!(t, "  nodes: {}  ms: {ms:.1}", sol.nodes);
            t.push('\n');
        }
    }

    fn error(&self, out: &mut Rendered, input: &Input<'_>, message: &str) {
        let mut text = Rendered::default();
        text.text.push_str(message);
        error_record(
            out,
            input,
            self.json,
            r#""mate":null,"proven":false,"#,
            text,
        );
    }
}

/// `"uci":"…","san":"…"` of a move in `pos`.
fn move_fields(t: &mut String, pos: &Position, mv: Move, castling: CastlingMode) {
    json::key(t, "uci");
    t.push('"');
    let _ = mv.write_uci_in(castling, t);
    t.push_str("\",");
    json::key(t, "san");
    t.push('"');
    let _ = write_san(t, pos, mv, SanStyle::Standard);
    t.push('"');
}

/// `{"uci","san","replies":[…]}` of an attacker's move in `pos`.
fn tree_move(t: &mut String, pos: &Position, node: &TreeMove, castling: CastlingMode) {
    t.push('{');
    move_fields(t, pos, node.mv, castling);
    t.push(',');
    json::key(t, "replies");
    tree_replies(t, &pos.after(node.mv), &node.replies, castling);
    t.push('}');
}

/// `[{"uci","san","then":{…}}, …]`: defences in `pos` and the answers to them.
fn tree_replies(t: &mut String, pos: &Position, replies: &[TreeReply], castling: CastlingMode) {
    t.push('[');
    for (i, reply) in replies.iter().enumerate() {
        if i > 0 {
            t.push(',');
        }
        t.push('{');
        move_fields(t, pos, reply.mv, castling);
        t.push(',');
        json::key(t, "then");
        tree_move(t, &pos.after(reply.mv), &reply.then, castling);
        t.push('}');
    }
    t.push(']');
}

/// The SAN of a line of moves played from `pos`.
fn san_line(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves {
        let mut san = String::new();
        let _ = write_san(&mut san, &pos, mv, SanStyle::Standard);
        out.push(san);
        pos.play_unchecked(mv);
    }
    out
}

/// The bound of an EPD line's `bm #N` (or `bm #-N`, the side to move mated in N).
///
/// ```
/// use kibitz_scan::solve::epd_mate_bound;
/// assert_eq!(epd_mate_bound("8/8/8/8/8/8/8/K6k w - - bm #3; id \"x\";"), Some(3));
/// assert_eq!(epd_mate_bound("8/8/8/8/8/8/8/K6k b - - bm #-2;"), Some(2));
/// assert_eq!(epd_mate_bound("8/8/8/8/8/8/8/K6k w - - bm Qd5;"), None);
/// ```
pub fn epd_mate_bound(line: &str) -> Option<u32> {
    let at = line.find("bm #")? + 4;
    let digits: String = line[at..]
        .trim_start_matches('-')
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok().filter(|&n| n > 0)
}

/// The bound of a Lichess puzzle's `mateInN` theme. Lichess's `mateIn5` means
/// "mate in 5 or more" (its puzzles here need 5 to 9 moves), so its bound is
/// [`LONG_MATE_BOUND`].
fn theme_mate_bound(themes: &[String]) -> Option<u32> {
    let n: u32 = themes
        .iter()
        .find_map(|t| t.strip_prefix("mateIn").and_then(|n| n.parse().ok()))?;
    Some(if n >= 5 { LONG_MATE_BOUND } else { n })
}

/// The bound for Lichess's open-ended `mateIn5` ("mate in 5 or more").
pub const LONG_MATE_BOUND: u32 = 8;

/// Each game's start position.
struct StartPositions<'s, 'o> {
    scan: &'s SolveScan,
    name: Name<'s>,
    /// The game's place in the chunk, from 0.
    game: u64,
    /// Did the game's start position get a record?
    started: bool,
    scanned: &'o mut Scanned,
}

impl Visitor for StartPositions<'_, '_> {
    fn begin_game(&mut self, _line: usize) {
        self.started = false;
    }

    fn begin_movetext(&mut self, start: &Position) -> ControlFlow<()> {
        self.started = true;
        let input = Input::Game {
            name: self.name,
            game: self.game,
        };
        let parsed = Ok((start.clone(), None));
        self.scan.position(self.scanned, &input, parsed);
        // The moves are not needed.
        ControlFlow::Break(())
    }

    fn end_game(&mut self, end: &GameEnd<'_>) {
        self.scanned.totals.games += 1;
        if let Some(err) = end.error
            && !self.started
        {
            // A game whose start could not be set up (a bad [FEN], an unknown
            // variant) has no position: one error record in its place.
            let input = Input::Game {
                name: self.name,
                game: self.game,
            };
            self.scanned.totals.positions += 1;
            self.scanned.totals.errors += 1;
            self.scan
                .error(&mut self.scanned.out, &input, &err.to_string());
        }
        self.game += 1;
    }
}

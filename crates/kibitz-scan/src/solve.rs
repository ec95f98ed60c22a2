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
    MAX_MATE_MOVES, SolveOptions, Tree, TreeMove, TreeReply, Verdict, solve,
};
use kibitz::notation::pgn::{GameEnd, Visitor, visit_games};
use kibitz::notation::{SanStyle, san, write_san};
use kibitz::{CastlingMode, Move, Position};

use crate::chunk::Chunk;
use crate::detect::Format;
use crate::json;
use crate::mate::{Input, Name, error_record};
use crate::reader::{LineError, LineReader, read_one};
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
        let name = Name {
            text: name,
            json: &escaped,
        };
        let read = read_one(text).map(|e| (e.position, e.mate_bound));
        self.position(&mut scanned, &Input::Named(name), read);
        scanned
    }

    fn positions(&self, name: Name<'_>, format: Format, chunk: &Chunk, scanned: &mut Scanned) {
        LineReader::new(format).read(chunk, |line, read| {
            let read = read.map(|e| (e.position, e.mate_bound));
            self.position(scanned, &Input::Line { name, line }, read);
        });
    }

    /// One position's record, or its error's.
    fn position(
        &self,
        scanned: &mut Scanned,
        input: &Input<'_>,
        parsed: Result<(Position, Option<u32>), LineError>,
    ) {
        scanned.totals.positions += 1;
        let (pos, label) = match parsed {
            Ok(p) => p,
            Err(err) => {
                scanned.totals.errors += 1;
                self.error(&mut scanned.out, input, &err.to_string());
                return;
            }
        };
        let Some(bound) = self.mate.or(label) else {
            scanned.totals.errors += 1;
            let why = "no mate bound: give --mate N (or an EPD `bm #N`, a Lichess mateInN theme)";
            self.error(&mut scanned.out, input, why);
            return;
        };
        let record = self.solve(&pos, bound);
        match record.verdict {
            Verdict::MateIn(_) | Verdict::MatedIn(1..) => scanned.totals.with_mate += 1,
            Verdict::Unknown { .. } => scanned.totals.unproven += 1,
            _ => {}
        }
        record.write(&mut scanned.out, input, self.json);
    }

    /// Proves the shortest mate within `bound` moves (clamped to 1 to
    /// [`MAX_MATE_MOVES`]) in `pos`: the record `kibitz solve` writes, typed.
    ///
    /// ```
    /// use kibitz::Position;
    /// use kibitz_scan::solve::SolveScan;
    /// let pos = Position::from_fen("8/8/8/8/7k/5K2/8/3R4 w - - 0 1").unwrap();
    /// let record = SolveScan::default().solve(&pos, 3);
    /// assert_eq!(record.mate, Some(2));
    /// assert_eq!(record.keys[0].san, "Rd5");
    /// assert_eq!(record.line, ["Rd5", "Kh3", "Rh5#"]);
    /// assert!(record.json_line("fen").starts_with(r#"{"input":"fen","fen":"8/8/8/8/7k/5K2/8/3R4 w - - 0 1","bound":3,"mate":2,"#));
    /// ```
    pub fn solve(&self, pos: &Position, bound: u32) -> SolveRecord {
        let note = (bound > MAX_MATE_MOVES).then(|| {
            format!("the bound {bound} is past the prover's limit: cut to {MAX_MATE_MOVES}")
        });
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
        let sol = solve(pos, &opts);
        let ms = started.elapsed().as_secs_f64() * 1e3;
        let castling = self.castling;
        let (mate, proven, reason) = match sol.outcome {
            Verdict::MateIn(n) => (Some(n as i64), true, None),
            Verdict::MatedIn(0) => (None, true, Some("checkmated already")),
            Verdict::MatedIn(n) => (Some(-(n as i64)), true, None),
            Verdict::NoMateWithin(_) if !pos.has_legal_move() => (None, true, Some("stalemate")),
            Verdict::NoMateWithin(_) => (None, true, Some("no mate within the bound")),
            Verdict::Unknown { .. } => (None, false, Some("a limit stopped the search")),
        };
        let keys = sol
            .keys
            .iter()
            .map(|key| SolveKey {
                uci: key.mv.uci_in(castling),
                san: san(pos, key.mv),
                mate: self.all_keys.then_some(key.mate_in),
            })
            .collect();
        let tree = self.tree.then(|| {
            sol.tree.as_ref().map(|tree| match tree {
                Tree::Keys(keys) => SolveTree::Keys(
                    keys.iter()
                        .map(|k| AttackNode::new(pos, k, castling))
                        .collect(),
                ),
                Tree::Defences(replies) => {
                    SolveTree::Defences(DefenceNode::all(pos, replies, castling))
                }
            })
        });
        SolveRecord {
            fen: pos.fen(),
            bound,
            verdict: sol.outcome,
            mate,
            proven,
            complete: sol.complete,
            reason,
            note,
            keys,
            line: san_line(pos, &sol.line),
            nodes: sol.nodes,
            ms,
            tree,
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

/// The answer for one position, as `kibitz solve` writes it, the API answers it
/// and Python's `kibitz.solve` returns it.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveRecord {
    /// The position, in FEN.
    pub fen: String,
    /// The bound N the search was given.
    pub bound: u32,
    /// What was proven.
    pub verdict: Verdict,
    /// The mate's length, negative when the side to move is mated; None with a
    /// `reason`.
    pub mate: Option<i64>,
    /// False when a limit stopped the search before the answer was proven.
    pub proven: bool,
    /// False when a limit struck after the length was proven: the keys, line or
    /// tree are partial.
    pub complete: bool,
    /// Why there is no `mate`.
    pub reason: Option<&'static str>,
    /// Said of the input rather than the answer: a bound past the prover's limit
    /// ([`MAX_MATE_MOVES`]) was cut to it.
    pub note: Option<String>,
    /// The keys (with `all_keys`, every move that mates within N).
    pub keys: Vec<SolveKey>,
    /// A principal line, in SAN.
    pub line: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds taken.
    pub ms: f64,
    /// With `tree`: the solution tree (None inside when there is none to give).
    pub tree: Option<Option<SolveTree>>,
}

/// A key: a first move that forces mate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveKey {
    /// In UCI.
    pub uci: String,
    /// In SAN.
    pub san: String,
    /// With `all_keys`: the fewest moves in which it mates.
    pub mate: Option<u32>,
}

/// A solution tree: from the attacker's keys, or (the side to move being mated)
/// from its defences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveTree {
    /// The attacker's keys.
    Keys(Vec<AttackNode>),
    /// Every defence of the side to move.
    Defences(Vec<DefenceNode>),
}

/// An attacker's move and every defence to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackNode {
    /// In UCI.
    pub uci: String,
    /// In SAN.
    pub san: String,
    /// Every legal defence (none after mate).
    pub replies: Vec<DefenceNode>,
}

/// A defence and the attacker's answer to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefenceNode {
    /// In UCI.
    pub uci: String,
    /// In SAN.
    pub san: String,
    /// A shortest mating answer.
    pub then: AttackNode,
}

impl AttackNode {
    fn new(pos: &Position, node: &TreeMove, castling: CastlingMode) -> AttackNode {
        AttackNode {
            uci: node.mv.uci_in(castling),
            san: san(pos, node.mv),
            replies: DefenceNode::all(&pos.after(node.mv), &node.replies, castling),
        }
    }
}

impl DefenceNode {
    fn all(pos: &Position, replies: &[TreeReply], castling: CastlingMode) -> Vec<DefenceNode> {
        replies
            .iter()
            .map(|reply| DefenceNode {
                uci: reply.mv.uci_in(castling),
                san: san(pos, reply.mv),
                then: AttackNode::new(&pos.after(reply.mv), &reply.then, castling),
            })
            .collect()
    }
}

impl SolveRecord {
    /// The record as one line of JSON (with its line feed), its `input` named
    /// `name`: the bytes `kibitz solve --json` writes.
    pub fn json_line(&self, name: &str) -> String {
        let mut escaped = String::new();
        json::escape(&mut escaped, name);
        let input = Input::Named(Name {
            text: name,
            json: &escaped,
        });
        let mut out = Rendered::default();
        self.write(&mut out, &input, true);
        out.text
    }

    /// Writes the record as text or JSON.
    pub(crate) fn write(&self, out: &mut Rendered, input: &Input<'_>, as_json: bool) {
        if as_json {
            out.text.push('{');
            json::key(&mut out.text, "input");
            input.json(out);
            self.json_fields(&mut out.text);
            out.text.push_str("}\n");
        } else {
            input.text(out);
            self.text(&mut out.text);
            out.text.push('\n');
        }
    }

    /// `,"fen":…` to the end of the record.
    fn json_fields(&self, t: &mut String) {
        t.push(',');
        json::key(t, "fen");
        json::string(t, &self.fen);
        t.push(',');
        json::key(t, "bound");
        json::uint(t, u64::from(self.bound));
        t.push(',');
        json::key(t, "mate");
        match self.mate {
            Some(n) => {
                let _ = write!(t, "{n}");
            }
            None => t.push_str("null"),
        }
        t.push(',');
        json::key(t, "proven");
        t.push_str(if self.proven { "true" } else { "false" });
        // A limit that struck after the length was proven leaves the keys,
        // the line or the tree partial: said so rather than left to guess.
        if !self.complete {
            t.push(',');
            json::key(t, "complete");
            t.push_str("false");
        }
        if let Some(reason) = self.reason {
            t.push(',');
            json::key(t, "reason");
            json::string(t, reason);
        }
        if let Verdict::Unknown { searched } = self.verdict {
            t.push(',');
            json::key(t, "searched");
            json::uint(t, u64::from(searched));
        }
        if let Some(note) = &self.note {
            t.push(',');
            json::key(t, "note");
            json::string(t, note);
        }
        t.push(',');
        json::key(t, "keys");
        t.push('[');
        for (i, key) in self.keys.iter().enumerate() {
            if i > 0 {
                t.push(',');
            }
            t.push('{');
            move_fields(t, &key.uci, &key.san);
            if let Some(mate) = key.mate {
                t.push(',');
                json::key(t, "mate");
                json::uint(t, u64::from(mate));
            }
            t.push('}');
        }
        t.push_str("],");
        json::key(t, "line");
        t.push('[');
        for (i, san) in self.line.iter().enumerate() {
            if i > 0 {
                t.push(',');
            }
            json::string(t, san);
        }
        t.push_str("],");
        json::key(t, "nodes");
        json::uint(t, self.nodes);
        t.push(',');
        json::key(t, "ms");
        let _ = write!(t, "{:.1}", self.ms);
        if let Some(tree) = &self.tree {
            t.push(',');
            json::key(t, "tree");
            match tree {
                Some(SolveTree::Keys(keys)) => {
                    t.push('[');
                    for (i, k) in keys.iter().enumerate() {
                        if i > 0 {
                            t.push(',');
                        }
                        attack_json(t, k);
                    }
                    t.push(']');
                }
                Some(SolveTree::Defences(replies)) => defences_json(t, replies),
                None => t.push_str("null"),
            }
        }
    }

    /// `  FEN  verdict  keys: …  line: …  nodes: N  ms: T` after the input's name.
    fn text(&self, t: &mut String) {
        t.push_str("  ");
        t.push_str(&self.fen);
        t.push_str("  ");
        match self.verdict {
            Verdict::MateIn(n) => {
                let _ = write!(t, "mate in {n}");
            }
            Verdict::MatedIn(0) => t.push_str("checkmated already"),
            Verdict::MatedIn(n) => {
                let _ = write!(t, "mated in {n}");
            }
            Verdict::NoMateWithin(_) if self.reason == Some("stalemate") => t.push_str("stalemate"),
            Verdict::NoMateWithin(n) => {
                let _ = write!(t, "no mate within {n}");
            }
            Verdict::Unknown { searched } => {
                let _ = write!(t, "not proven (no mate within {searched} proven)");
            }
        }
        if !self.keys.is_empty() {
            t.push_str("  keys: ");
            for (i, key) in self.keys.iter().enumerate() {
                if i > 0 {
                    t.push(' ');
                }
                t.push_str(&key.san);
                // With --all, each key's own length, as --help promises.
                if let Some(mate) = key.mate {
                    let _ = write!(t, " (#{mate})");
                }
            }
        }
        if !self.complete {
            t.push_str("  (partial: a limit struck after the length was proven)");
        }
        if let Some(note) = &self.note {
            t.push_str("  note: ");
            t.push_str(note);
        }
        if !self.line.is_empty() {
            t.push_str("  line: ");
            t.push_str(&self.line.join(" "));
        }
        let _ = write!(t, "  nodes: {}  ms: {:.1}", self.nodes, self.ms);
    }
}

/// `"uci":"…","san":"…"` (UCI and SAN need no escaping).
fn move_fields(t: &mut String, uci: &str, san: &str) {
    json::key(t, "uci");
    t.push('"');
    t.push_str(uci);
    t.push_str("\",");
    json::key(t, "san");
    t.push('"');
    t.push_str(san);
    t.push('"');
}

/// `{"uci","san","replies":[…]}` of an attacker's move.
fn attack_json(t: &mut String, node: &AttackNode) {
    t.push('{');
    move_fields(t, &node.uci, &node.san);
    t.push(',');
    json::key(t, "replies");
    defences_json(t, &node.replies);
    t.push('}');
}

/// `[{"uci","san","then":{…}}, …]`: defences and the answers to them.
fn defences_json(t: &mut String, replies: &[DefenceNode]) {
    t.push('[');
    for (i, reply) in replies.iter().enumerate() {
        if i > 0 {
            t.push(',');
        }
        t.push('{');
        move_fields(t, &reply.uci, &reply.san);
        t.push(',');
        json::key(t, "then");
        attack_json(t, &reply.then);
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

pub use crate::reader::{LONG_MATE_BOUND, epd_mate_bound};

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

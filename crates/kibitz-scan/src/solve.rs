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
use kibitz::problem::{
    Genre, ProblemBoard, ProblemOptions, ProblemOutcome, ProblemSolution, Stipulation, TreeNode,
    problemist_view,
};
use kibitz::variant::{Variant, VariantPosition};
use kibitz::{CastlingMode, Move, Position};

use crate::chunk::Chunk;
use crate::detect::Format;
use crate::json;
use crate::mate::{Input, Name, error_record};
use crate::reader::{LineError, LineReader, read_one};
use crate::render::Rendered;
use crate::scanned::{Scanned, Totals};

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
    /// Standard chess or Chess960 (`--chess960`): how FEN lines are read (a
    /// Chess960 castling right is an error record in standard chess) and how UCI
    /// writes castling.
    pub castling: CastlingMode,
    /// Set to stop every search at once (the CLI's Ctrl-C is not wired; tests).
    pub stop: Option<Arc<AtomicBool>>,
    /// The prover's table for each position, in MiB (`--hash`); None: the
    /// prover's default, 16.
    pub hash_mb: Option<usize>,
    /// The stipulation for every position (`--stip`); before `mate` and the
    /// positions' own labels (EPD `stip`, `bm #N`, `mateInN`).
    pub stipulation: Option<Stipulation>,
    /// `#n`, `s#n`: list the tries.
    pub tries: bool,
    /// A try fails to at least one and at most this many defences (0 is taken as 1).
    pub max_refutations: u32,
    /// `#n`, `s#n`: list the set play.
    pub set_play: bool,
    /// Solve on this fairy variant's board (FEN/EPD lines only).
    pub variant: Option<Variant>,
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
        if let Some(variant) = &self.variant {
            self.variant_line(&mut scanned, &Input::Named(name), variant, text);
            return scanned;
        }
        let read = read_one(text, self.castling).map(|e| (e.position, e.mate_bound, e.stipulation));
        self.position(&mut scanned, &Input::Named(name), read);
        scanned
    }

    /// A FEN/EPD line of the variant: its position, and its record.
    fn variant_line(
        &self,
        scanned: &mut Scanned,
        input: &Input<'_>,
        variant: &Variant,
        text: &str,
    ) {
        scanned.totals.positions += 1;
        let tokens: Vec<&str> = text.split_whitespace().collect();
        // The FEN: four fields, and the two clocks when they are there; the EPD
        // operations follow.
        let mut fields = tokens.len().min(4);
        while fields < tokens.len().min(6) && tokens[fields].bytes().all(|b| b.is_ascii_digit()) {
            fields += 1;
        }
        let fen = tokens[..fields].join(" ");
        let ops = tokens[fields..].join(" ");
        let read = VariantPosition::from_fen(variant, &fen)
            .map_err(|e| e.to_string())
            .and_then(|pos| {
                let stip = crate::reader::epd_stipulation(ops.as_bytes())
                    .map_err(|e| format!("EPD `stip`: {e}"))?;
                let bound = epd_mate_bound(ops.as_bytes()).map_err(|e| e.to_string())?;
                Ok((pos, bound, stip))
            });
        let (pos, bound, stip) = match read {
            Ok(r) => r,
            Err(err) => {
                scanned.totals.errors += 1;
                self.error(&mut scanned.out, input, &err);
                return;
            }
        };
        let Some(stip) = self.stipulation_for(bound, stip) else {
            scanned.totals.errors += 1;
            self.error(&mut scanned.out, input, NO_STIPULATION);
            return;
        };
        let record = self.generic(&pos, stip);
        count(&mut scanned.totals, &record);
        record.write(&mut scanned.out, input, self.json);
    }

    /// The stipulation of a position: `--stip`, `--mate N`, its own `stip`, its own
    /// mate bound.
    fn stipulation_for(&self, bound: Option<u32>, own: Option<Stipulation>) -> Option<Stipulation> {
        self.stipulation
            .or_else(|| self.mate.map(Stipulation::direct_clamped))
            .or(own)
            .or_else(|| bound.map(Stipulation::direct_clamped))
    }

    fn positions(&self, name: Name<'_>, format: Format, chunk: &Chunk, scanned: &mut Scanned) {
        if let Some(variant) = &self.variant {
            for line in crate::lines::lines(chunk) {
                let text = line.text();
                let text = text.trim().trim_start_matches('\u{feff}');
                if text.is_empty() {
                    continue;
                }
                let input = Input::Line {
                    name,
                    line: line.number,
                };
                if format != Format::Fen {
                    scanned.totals.positions += 1;
                    scanned.totals.errors += 1;
                    self.error(
                        &mut scanned.out,
                        &input,
                        "--variant takes FEN/EPD lines only",
                    );
                    continue;
                }
                self.variant_line(scanned, &input, variant, text);
            }
            return;
        }
        LineReader::new(format, self.castling).read(chunk, |line, read| {
            let read = read.map(|e| (e.position, e.mate_bound, e.stipulation));
            self.position(scanned, &Input::Line { name, line }, read);
        });
    }

    /// One position's record, or its error's.
    fn position(
        &self,
        scanned: &mut Scanned,
        input: &Input<'_>,
        parsed: Result<(Position, Option<u32>, Option<Stipulation>), LineError>,
    ) {
        scanned.totals.positions += 1;
        let (pos, label, own) = match parsed {
            Ok(p) => p,
            Err(err) => {
                scanned.totals.errors += 1;
                self.error(&mut scanned.out, input, &err.to_string());
                return;
            }
        };
        let record = match (self.stipulation.or(own), self.mate.or(label)) {
            (Some(stip), _) => self.problem(&pos, stip),
            (None, Some(bound)) => self.solve(&pos, bound),
            (None, None) => {
                scanned.totals.errors += 1;
                self.error(&mut scanned.out, input, NO_STIPULATION);
                return;
            }
        };
        count(&mut scanned.totals, &record);
        record.write(&mut scanned.out, input, self.json);
    }

    /// Solves `stip` in an orthodox position: `#n` by the prover (with
    /// [`SolveScan::solve`]'s record), with the tries and set play asked for;
    /// the other genres by [`kibitz::problem::solve`].
    ///
    /// ```
    /// use kibitz::Position;
    /// use kibitz_scan::solve::SolveScan;
    /// let pos = Position::from_fen("7k/8/6K1/8/8/8/8/R7 b - - 0 1").unwrap();
    /// let record = SolveScan::default().problem(&pos, "h#1".parse().unwrap());
    /// assert_eq!(record.length, Some(1));
    /// assert_eq!(record.solutions[0][1].san, "Ra8#");
    /// ```
    pub fn problem(&self, pos: &Position, stip: Stipulation) -> SolveRecord {
        if stip.genre() != Genre::Direct {
            return self.generic(pos, stip);
        }
        let started = Instant::now();
        let mut record = self.solve(pos, stip.moves());
        if self.tries || self.set_play {
            // The tries and set play get what the proof left of the limits.
            let mut opts = self.options(stip, started);
            opts.limits.nodes = self.nodes.map(|n| n.saturating_sub(record.nodes).max(1));
            let viewed = Instant::now();
            let keys: Vec<Move> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| record.keys.iter().any(|k| k.uci == m.uci_in(self.castling)))
                .collect();
            let view = problemist_view(pos, &opts, &keys);
            record.nodes += view.nodes;
            record.complete &= view.complete;
            let board = Board(pos, self.castling);
            record.tries = self.tries.then(|| tries_record(&board, &view.tries));
            record.set = self.set_play.then(|| set_record(&board, &view.set));
            record.ms += viewed.elapsed().as_secs_f64() * 1e3;
        }
        record
    }

    /// The options of a problem search with the scan's limits, from `started`.
    fn options(&self, stip: Stipulation, started: Instant) -> ProblemOptions {
        ProblemOptions {
            all_keys: self.all_keys,
            tries: self.tries,
            max_refutations: self.max_refutations.max(1),
            set_play: self.set_play,
            tree: self.tree,
            limits: Limits {
                nodes: self.nodes,
                deadline: self.time.map(|t| started + t),
                stop: self.stop.clone(),
            },
            ..ProblemOptions::new(stip)
        }
    }

    /// Solves `stip` by [`kibitz::problem::solve`] on any board (a fairy
    /// position, or an orthodox one for `h#`/`s#`).
    pub fn generic<B: ProblemBoard>(&self, pos: &B, stip: Stipulation) -> SolveRecord {
        let started = Instant::now();
        let opts = self.options(stip, started);
        let sol: ProblemSolution<B::Move> = kibitz::problem::solve(pos, &opts);
        let ms = started.elapsed().as_secs_f64() * 1e3;
        let board = Board(pos, self.castling);
        let n = stip.moves();
        let (verdict, mate, proven) = match sol.outcome {
            ProblemOutcome::Solved(k) => (
                Verdict::MateIn(k),
                (stip.genre() == Genre::Direct).then_some(i64::from(k)),
                true,
            ),
            ProblemOutcome::Unknown => (Verdict::Unknown { searched: 0 }, None, false),
            _ => (Verdict::NoMateWithin(n), None, true),
        };
        let keys = sol
            .keys
            .iter()
            .map(|k| SolveKey {
                uci: board.uci(k.mv),
                san: board.san(k.mv),
                mate: self.all_keys.then_some(k.moves),
            })
            .collect();
        let solutions = sol.solutions.iter().map(|line| board.line(line)).collect();
        let tree = (self.tree && stip.genre() != Genre::Help).then(|| {
            sol.tree
                .as_ref()
                .map(|keys| SolveTree::Keys(keys.iter().map(|k| board.attack(k)).collect()))
        });
        let length = match sol.outcome {
            ProblemOutcome::Solved(k) => Some(k),
            _ => None,
        };
        SolveRecord {
            fen: pos.to_fen(),
            bound: n,
            verdict,
            mate,
            proven,
            // The genre solver tries every length in turn: what it finds is
            // the shortest.
            shortest: true,
            complete: sol.complete,
            reason: sol.outcome.reason(),
            note: None,
            keys,
            line: Vec::new(),
            nodes: sol.nodes,
            ms,
            tree,
            stipulation: stip,
            length,
            solutions,
            tries: (self.tries && stip.genre() != Genre::Help)
                .then(|| tries_record(&board, &sol.tries)),
            set: (self.set_play && stip.genre() != Genre::Help)
                .then(|| set_record(&board, &sol.set)),
            generic: true,
        }
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
        // The readers saturate a longer number at u32::MAX: quoted as "at least".
        let note = (bound > MAX_MATE_MOVES).then(|| match bound {
            u32::MAX => format!(
                "the bound (at least {bound}) is past the prover's limit: cut to {MAX_MATE_MOVES}"
            ),
            _ => format!("the bound {bound} is past the prover's limit: cut to {MAX_MATE_MOVES}"),
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
            hash_mb: self.hash_mb.unwrap_or(SolveOptions::mate_in(bound).hash_mb),
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
            shortest: sol.shortest,
            complete: sol.complete,
            reason,
            note,
            keys,
            line: san_line(pos, &sol.line),
            nodes: sol.nodes,
            ms,
            tree,
            stipulation: Stipulation::direct_clamped(bound),
            length: match sol.outcome {
                Verdict::MateIn(n) => Some(n),
                _ => None,
            },
            solutions: Vec::new(),
            tries: None,
            set: None,
            generic: false,
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
    /// False when a mate (or loss) within `mate` moves was proven but a limit
    /// struck before "none shorter" was: `mate` is then an upper bound, and the
    /// keys, line and tree are empty (`complete` is false).
    pub shortest: bool,
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
    /// The stipulation solved (`#N` for a mate bound).
    pub stipulation: Stipulation,
    /// The shortest number of moves that fulfils it (a helpmate's: its own n),
    /// None when nothing does.
    pub length: Option<u32>,
    /// Helpmates: every solution, its moves in order from the side to move.
    pub solutions: Vec<Vec<SolveMove>>,
    /// When asked for (`#n`, `s#n`): the tries.
    pub tries: Option<Vec<SolveTry>>,
    /// When asked for (`#n`, `s#n`): the set play.
    pub set: Option<Vec<SolveSet>>,
    /// Solved by [`kibitz::problem::solve`] (a genre other than the orthodox
    /// `#n`, or a fairy board), not by the prover: `verdict` is then only
    /// `MateIn` (solved), `NoMateWithin` or `Unknown`.
    pub generic: bool,
}

/// A move, in UCI and SAN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveMove {
    /// In UCI.
    pub uci: String,
    /// In SAN.
    pub san: String,
}

/// A try and the defences that refute it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveTry {
    /// The first move.
    pub mv: SolveMove,
    /// Every defence after which the stipulation fails.
    pub refutations: Vec<SolveMove>,
}

/// A set defence and the answers that fulfil the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveSet {
    /// The defending side's move, the turn passed to it in the diagram.
    pub defence: SolveMove,
    /// Every answer fulfilling the rest of the stipulation.
    pub mates: Vec<SolveMove>,
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
    /// A shortest answer; None when the defence is itself the mate a selfmate
    /// asks for.
    pub then: Option<AttackNode>,
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
                then: Some(AttackNode::new(&pos.after(reply.mv), &reply.then, castling)),
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
        // A mate proven but not yet proven the shortest: `mate` is a bound.
        if !self.shortest {
            t.push(',');
            json::key(t, "shortest");
            t.push_str("false");
        }
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
        if let Verdict::Unknown { searched } = self.verdict
            && !self.generic
        {
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
        t.push(',');
        json::key(t, "stipulation");
        json::string(t, &self.stipulation.to_string());
        t.push(',');
        json::key(t, "length");
        t.push_str(&self.length_text().unwrap_or_else(|| "null".into()));
        t.push(',');
        json::key(t, "solutions");
        t.push('[');
        for (i, line) in self.solutions.iter().enumerate() {
            if i > 0 {
                t.push(',');
            }
            moves_json(t, line);
        }
        t.push(']');
        if let Some(tries) = &self.tries {
            t.push(',');
            json::key(t, "tries");
            t.push('[');
            for (i, tr) in tries.iter().enumerate() {
                if i > 0 {
                    t.push(',');
                }
                t.push('{');
                move_fields(t, &tr.mv.uci, &tr.mv.san);
                t.push(',');
                json::key(t, "refutations");
                moves_json(t, &tr.refutations);
                t.push('}');
            }
            t.push(']');
        }
        if let Some(set) = &self.set {
            t.push(',');
            json::key(t, "set");
            t.push('[');
            for (i, sp) in set.iter().enumerate() {
                if i > 0 {
                    t.push(',');
                }
                t.push('{');
                json::key(t, "defence");
                moves_json_one(t, &sp.defence);
                t.push(',');
                json::key(t, "mates");
                moves_json(t, &sp.mates);
                t.push('}');
            }
            t.push(']');
        }
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
        if self.generic {
            self.problem_text(t);
            return;
        }
        match self.verdict {
            Verdict::MateIn(n) if !self.shortest => {
                let _ = write!(t, "mate in at most {n} (not proven shortest)");
            }
            Verdict::MateIn(n) => {
                let _ = write!(t, "mate in {n}");
            }
            Verdict::MatedIn(0) => t.push_str("checkmated already"),
            Verdict::MatedIn(n) if !self.shortest => {
                let _ = write!(t, "mated in at most {n} (not proven shortest)");
            }
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
        if self.proven && !self.complete && self.shortest {
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
        self.view_text(t);
        let _ = write!(t, "  nodes: {}  ms: {:.1}", self.nodes, self.ms);
    }

    /// The length as JSON writes it: `2`, or `2.5` for `h#2.5`.
    pub fn length_text(&self) -> Option<String> {
        let n = self.length?;
        Some(if self.stipulation.is_half() {
            format!("{n}.5")
        } else {
            n.to_string()
        })
    }

    /// The text of a record of [`kibitz::problem::solve`]: the stipulation, the
    /// outcome, the keys or the helpmate lines (`1.Kf4 Qd1 2.Kg3 Qg1#`).
    fn problem_text(&self, t: &mut String) {
        t.push_str(&self.stipulation.to_string());
        match (self.length_text(), self.reason) {
            (Some(len), _) => {
                let _ = write!(t, "  solved in {len}");
            }
            (None, Some(reason)) => {
                let _ = write!(t, "  {reason}");
            }
            (None, None) => {}
        }
        if !self.keys.is_empty() {
            t.push_str("  keys: ");
            for (i, key) in self.keys.iter().enumerate() {
                if i > 0 {
                    t.push(' ');
                }
                t.push_str(&key.san);
                if let Some(mate) = key.mate {
                    let _ = write!(t, " ({mate})");
                }
            }
        }
        if !self.solutions.is_empty() {
            let _ = write!(t, "  {} solution", self.solutions.len());
            if self.solutions.len() > 1 {
                t.push('s');
            }
            t.push(':');
            for (i, line) in self.solutions.iter().enumerate() {
                t.push_str(if i == 0 { " " } else { "; " });
                for (ply, mv) in line.iter().enumerate() {
                    if ply % 2 == 0 {
                        if ply > 0 {
                            t.push(' ');
                        }
                        let _ = write!(t, "{}.", ply / 2 + 1);
                    } else {
                        t.push(' ');
                    }
                    t.push_str(&mv.san);
                }
            }
        }
        if !self.complete {
            t.push_str("  (partial: a limit struck)");
        }
        self.view_text(t);
        let _ = write!(t, "  nodes: {}  ms: {:.1}", self.nodes, self.ms);
    }

    /// `  tries: Rd5? Kh3!  set: 1...Kh3 Rh5#` when asked for.
    fn view_text(&self, t: &mut String) {
        if let Some(tries) = &self.tries {
            t.push_str("  tries:");
            if tries.is_empty() {
                t.push_str(" none");
            }
            for tr in tries {
                let _ = write!(t, " {}?", tr.mv.san);
                for r in &tr.refutations {
                    let _ = write!(t, " {}!", r.san);
                }
                t.push(';');
            }
            if t.ends_with(';') {
                t.pop();
            }
        }
        if let Some(set) = &self.set {
            t.push_str("  set:");
            if set.is_empty() {
                t.push_str(" none");
            }
            for sp in set {
                let _ = write!(t, " 1...{}", sp.defence.san);
                for m in &sp.mates {
                    let _ = write!(t, " {}", m.san);
                }
                t.push(';');
            }
            if t.ends_with(';') {
                t.pop();
            }
        }
    }
}

/// Counts a record in the batch's totals.
fn count(totals: &mut Totals, record: &SolveRecord) {
    match record.verdict {
        Verdict::MateIn(_) | Verdict::MatedIn(1..) => totals.with_mate += 1,
        Verdict::Unknown { .. } => totals.unproven += 1,
        _ => {}
    }
}

/// `[{"uci","san"}, …]`.
fn moves_json(t: &mut String, moves: &[SolveMove]) {
    t.push('[');
    for (i, mv) in moves.iter().enumerate() {
        if i > 0 {
            t.push(',');
        }
        moves_json_one(t, mv);
    }
    t.push(']');
}

/// `{"uci","san"}`.
fn moves_json_one(t: &mut String, mv: &SolveMove) {
    t.push('{');
    move_fields(t, &mv.uci, &mv.san);
    t.push('}');
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
        if let Some(then) = &reply.then {
            t.push(',');
            json::key(t, "then");
            attack_json(t, then);
        }
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
        let parsed = Ok((start.clone(), None, None));
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

/// A board and how UCI writes castling: moves into the record's notation.
struct Board<'a, B>(&'a B, CastlingMode);

impl<B: ProblemBoard> Board<'_, B> {
    fn uci(&self, mv: B::Move) -> String {
        self.0.move_uci_in(mv, self.1)
    }

    fn san(&self, mv: B::Move) -> String {
        self.0.move_san(mv)
    }

    fn mv(&self, mv: B::Move) -> SolveMove {
        SolveMove {
            uci: self.uci(mv),
            san: self.san(mv),
        }
    }

    /// A line of moves played from the board.
    fn line(&self, moves: &[B::Move]) -> Vec<SolveMove> {
        let mut pos = self.0.clone();
        let mut out = Vec::with_capacity(moves.len());
        for &mv in moves {
            out.push(Board(&pos, self.1).mv(mv));
            pos = pos.child(mv);
        }
        out
    }

    /// A tree node, in notation.
    fn attack(&self, node: &TreeNode<B::Move>) -> AttackNode {
        let child = self.0.child(node.mv);
        let next = Board(&child, self.1);
        AttackNode {
            uci: self.uci(node.mv),
            san: self.san(node.mv),
            replies: node
                .replies
                .iter()
                .map(|r| {
                    let after = child.child(r.mv);
                    DefenceNode {
                        uci: next.uci(r.mv),
                        san: next.san(r.mv),
                        then: r.then.as_ref().map(|t| Board(&after, self.1).attack(t)),
                    }
                })
                .collect(),
        }
    }
}

/// The tries in notation.
fn tries_record<B: ProblemBoard>(
    board: &Board<'_, B>,
    tries: &[kibitz::problem::ProblemTry<B::Move>],
) -> Vec<SolveTry> {
    tries
        .iter()
        .map(|t| {
            let child = board.0.child(t.mv);
            let after = Board(&child, board.1);
            SolveTry {
                mv: board.mv(t.mv),
                refutations: t.refutations.iter().map(|&r| after.mv(r)).collect(),
            }
        })
        .collect()
}

/// The set play in notation (the defences in the position with the turn passed).
fn set_record<B: ProblemBoard>(
    board: &Board<'_, B>,
    set: &[kibitz::problem::SetPlay<B::Move>],
) -> Vec<SolveSet> {
    let Some(passed) = board.0.passed() else {
        return Vec::new();
    };
    let passed = Board(&passed, board.1);
    set.iter()
        .map(|s| {
            let child = passed.0.child(s.defence);
            let after = Board(&child, board.1);
            SolveSet {
                defence: passed.mv(s.defence),
                mates: s.answers.iter().map(|&m| after.mv(m)).collect(),
            }
        })
        .collect()
}

/// Why a position without a stipulation has no record.
const NO_STIPULATION: &str = "no mate bound or stipulation: give --mate N or --stip (h#2, s#3, \
    #2, …), or an EPD `bm #N` or `stip`, a Lichess mateInN theme";

//! The prover's batch job, `kibitz solve`: for each input position, the
//! stipulation solved by [`kibitz::problem`] on the position's own engine — for
//! `#n` the shortest forced mate within a bound, proven by the battle search
//! ([`kibitz::prover`]): every key, a principal line, nodes and time, and on
//! request the solution tree, the tries and the set play. One record builder
//! ([`SolveScan::record`]) for every stipulation and every board.
//!
//! Inputs as for the mate scan: FEN/EPD lines (an EPD `bm #N` operation, as in
//! matetrack, gives the bound; `stip h#2;` the stipulation), Lichess puzzle CSV
//! (the position after the first move; a `mateInN` theme gives the bound), and
//! PGN (each game's start position). `--stip` and `--mate N` override both.

use core::fmt::Write as _;
use core::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use kibitz::Position;
use kibitz::board::{AnyMove, AnyPosition, Board, GameRules};
use kibitz::clock::Instant;
use kibitz::limits::Limits;
use kibitz::notation::pgn::{GameEnd, Visitor, visit_games};
use kibitz::problem::{Genre, ProblemOptions, ProblemOutcome, Stipulation};
use kibitz::prover::{DEFAULT_HASH_MB, MAX_MATE_MOVES, Tree, TreeMove, TreeReply};

use crate::chunk::Chunk;
use crate::detect::Format;
use crate::json;
use crate::mate::{Input, Name, error_record};
use crate::popeye_layout::{self, HelpSet, PieceNames, Shown};
use crate::reader::{Entry, LineError, LineReader, read_one};
use crate::render::Rendered;
use crate::scanned::{Scanned, Totals};

/// What `kibitz solve` asks of each position.
#[derive(Clone, Debug, Default)]
pub struct SolveScan {
    /// The bound N for every position (`--mate N`, the stipulation `#N`); None:
    /// each position's own label (`stip`, `bm #N`, `mateInN`), and a position
    /// without one is an error record.
    pub mate: Option<u32>,
    /// Every move that fulfils the stipulation within N, not only the shortest
    /// keys.
    pub all_keys: bool,
    /// Write the solution tree.
    pub tree: bool,
    /// JSON Lines rather than text.
    pub json: bool,
    /// Time for each position.
    pub time: Option<Duration>,
    /// Nodes for each position.
    pub nodes: Option<u64>,
    /// The game: orthodox chess, standard or Chess960 (how FEN lines are read — a
    /// Chess960 castling right is an error record in standard chess — and how UCI
    /// writes castling), or a variant (FEN/EPD lines).
    pub rules: GameRules,
    /// Set to stop every search at once. A record whose search it cut (not
    /// proven, or proven but not complete) is not written: the batch
    /// ([`SolveScan::chunk_each`]) ends with the records finished before it.
    pub stop: Option<Arc<AtomicBool>>,
    /// The battle's table for each position, in MiB (`--hash`); None: the
    /// prover's default, [`DEFAULT_HASH_MB`] (the table grows only as it fills).
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
    /// With the tree in Popeye's layout, leave its threats out (Popeye's
    /// `option NoThreat`).
    pub no_threat: bool,
    /// The most solutions listed: helpmate lines, or keys (`--max-solutions`);
    /// None lists every one. Past it the search stops where it can and the
    /// record says that more exist ([`SolveRecord::more_solutions`]).
    pub max_solutions: Option<usize>,
    /// Write each record in Popeye's text layout ([`crate::popeye_layout`]),
    /// naming the pieces so: every key within N is listed and, in help and
    /// series play, the shorter solutions too, as Popeye lists them. None: the
    /// record's own text or JSON.
    pub popeye_layout: Option<PieceNames>,
}

impl SolveScan {
    /// Scans one chunk of an input named `name` holding `format`: its records,
    /// all at once.
    pub fn chunk(&self, name: &str, format: Format, chunk: &Chunk) -> Scanned {
        let mut scanned = Scanned::default();
        self.chunk_each(name, format, chunk, &mut |record| {
            scanned.totals += record.totals;
            scanned.out.append(record.out);
        });
        scanned
    }

    /// Scans one chunk of an input named `name` holding `format`, handing each
    /// record to `emit` as soon as it is done: a chunk of an easy position and a
    /// hard one lets the easy one's record out at once, not when the hard one
    /// is proven. Once [`stop`](SolveScan::stop) is raised, a record whose search
    /// it cut is left out and so is the rest of the chunk.
    pub fn chunk_each(
        &self,
        name: &str,
        format: Format,
        chunk: &Chunk,
        emit: &mut dyn FnMut(Scanned),
    ) {
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
                    cut: false,
                    scanned: &mut scanned,
                    emit,
                };
                visit_games(&chunk.bytes, chunk.first_line as usize, &mut games);
                let rest = std::mem::take(games.scanned);
                if !games.cut {
                    emit(rest);
                }
            }
            Format::Fen | Format::Puzzles { .. } => {
                let mut cut = false;
                LineReader::new(format, &self.rules).read(chunk, |line, read| {
                    if !cut {
                        let input = Input::Line { name, line };
                        cut = !self.position(&mut scanned, &input, read);
                        if !cut {
                            emit(std::mem::take(&mut scanned));
                        }
                    }
                });
            }
        }
    }

    /// Has [`stop`](SolveScan::stop) been raised?
    fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(core::sync::atomic::Ordering::Relaxed))
    }

    /// Did the stop flag cut `record` short? Then it is not an answer: a
    /// search that ended on its own just before the stop still is.
    pub fn cut_short(&self, record: &SolveRecord) -> bool {
        self.stopped() && !(record.proven && record.complete && record.shortest)
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
        let read = read_one(text, &self.rules);
        self.position(&mut scanned, &Input::Named(name), read);
        scanned
    }

    /// The format of an input of the scan's game, from its first bytes.
    pub fn detect(&self, head: &[u8]) -> Format {
        Format::detect_for(head, &self.rules)
    }

    /// The stipulation of a position and a note on it: `--stip`, `--mate N`, its
    /// own `stip`, its own mate bound (a bound past the prover's limit cut to it,
    /// which the note says).
    fn stipulation_for(&self, entry: &Entry) -> Option<(Stipulation, Option<String>)> {
        if let Some(stip) = self.stipulation.or(entry.stipulation) {
            return Some((stip, None));
        }
        let bound = self.mate.or(entry.mate_bound)?;
        // The readers saturate a longer number at u32::MAX: quoted as "at least".
        let note = (bound > MAX_MATE_MOVES).then(|| match bound {
            u32::MAX => format!(
                "the bound (at least {bound}) is past the prover's limit: cut to {MAX_MATE_MOVES}"
            ),
            _ => format!("the bound {bound} is past the prover's limit: cut to {MAX_MATE_MOVES}"),
        });
        Some((Stipulation::direct_clamped(bound), note))
    }

    /// One position's record, or its error's; false (and nothing written) when
    /// the stop flag has cut its search short, or was raised before it began.
    fn position(
        &self,
        scanned: &mut Scanned,
        input: &Input<'_>,
        parsed: Result<Entry, LineError>,
    ) -> bool {
        if self.stopped() {
            return false;
        }
        let entry = match parsed {
            Ok(entry) => entry,
            Err(err) => {
                scanned.totals.positions += 1;
                scanned.totals.errors += 1;
                self.error(&mut scanned.out, input, &err.to_string());
                return true;
            }
        };
        let Some((stip, note)) = self.stipulation_for(&entry) else {
            scanned.totals.positions += 1;
            scanned.totals.errors += 1;
            self.error(&mut scanned.out, input, NO_STIPULATION);
            return true;
        };
        let mut record = self.record(&entry.position, stip);
        if self.cut_short(&record) {
            return false;
        }
        record.note = note;
        scanned.totals.positions += 1;
        count(&mut scanned.totals, &record);
        record.write(&mut scanned.out, input, self.json);
        true
    }

    /// The options of a problem search with the scan's limits, from `started`.
    fn options(&self, stip: Stipulation, started: Instant) -> ProblemOptions {
        ProblemOptions {
            all_keys: self.all_keys,
            tries: self.tries,
            max_refutations: self.max_refutations.max(1),
            set_play: self.set_play,
            tree: self.tree,
            max_solutions: self.max_solutions,
            limits: Limits {
                nodes: self.nodes,
                deadline: self.time.map(|t| started + t),
                stop: self.stop.clone(),
            },
            hash_mb: self.hash_mb.unwrap_or(DEFAULT_HASH_MB),
            ..ProblemOptions::new(stip)
        }
    }

    /// Solves `stip` in `pos`, on its own engine: the record `kibitz solve`
    /// writes, typed — for every stipulation and every board, the same record.
    ///
    /// ```
    /// use kibitz::board::GameRules;
    /// use kibitz_scan::solve::SolveScan;
    /// let chess = GameRules::chess();
    /// let pos = chess.position("8/8/8/8/7k/5K2/8/3R4 w - - 0 1").unwrap();
    /// let record = SolveScan::default().record(&pos, "#3".parse().unwrap());
    /// assert_eq!(record.mate, Some(2));
    /// assert_eq!(record.keys[0].san, "Rd5");
    /// assert_eq!(record.line, ["Rd5", "Kh3", "Rh5#"]);
    /// assert!(record.json_line("fen").starts_with(r#"{"input":"fen","fen":"8/8/8/8/7k/5K2/8/3R4 w - - 0 1","bound":3,"mate":2,"#));
    /// let pos = chess.position("7k/8/6K1/8/8/8/8/R7 b - - 0 1").unwrap();
    /// let record = SolveScan::default().record(&pos, "h#1".parse().unwrap());
    /// assert_eq!(record.length, Some(1));
    /// assert_eq!(record.solutions[0][1].san, "Ra8#");
    /// ```
    pub fn record(&self, pos: &AnyPosition, stip: Stipulation) -> SolveRecord {
        let started = Instant::now();
        let mut options = self.options(stip, started);
        // Popeye lists every key within N, the short ones too.
        options.all_keys |= self.popeye_layout.is_some();
        let sol = pos.solve(&options);
        let popeye = self.popeye_layout.as_ref().map(|names| {
            let shorter: Vec<_> = shorter_stipulations(stip)
                .into_iter()
                .map(|short| {
                    (
                        short,
                        pos.solve(&ProblemOptions {
                            stipulation: short,
                            ..options.clone()
                        }),
                    )
                })
                .collect();
            let shown = Shown {
                set_play: self.set_play,
                tries: self.tries,
                variations: self.tree,
                no_threat: self.no_threat,
            };
            // Popeye's set play of help play: the turn passed, a half move less.
            let help_set = help_set_stipulation(stip)
                .filter(|_| self.set_play)
                .and_then(|set| Some((pos.pass()?, set)))
                .map(|(passed, set)| {
                    let solved = passed.solve(&ProblemOptions {
                        stipulation: set,
                        ..options.clone()
                    });
                    (passed, set, solved)
                });
            let set = help_set.as_ref().map(|(passed, set, solved)| HelpSet {
                passed,
                stipulation: *set,
                solution: solved,
            });
            popeye_layout::write_with_set(pos, stip, &sol, &shorter, set, names, shown)
        });
        let ms = started.elapsed().as_secs_f64() * 1e3;
        let genre = stip.genre();
        let (mate, proven) = match sol.outcome {
            ProblemOutcome::Solved(k) if stip.is_direct_mate() => (Some(i64::from(k)), true),
            ProblemOutcome::Mated(k) => (Some(-i64::from(k)), true),
            ProblemOutcome::Unknown { .. } => (None, false),
            _ => (None, true),
        };
        let keys = sol
            .keys
            .iter()
            .map(|k| SolveKey {
                uci: pos.uci(k.mv),
                san: pos.san(k.mv),
                mate: self.all_keys.then_some(k.moves),
            })
            .collect();
        let battle = genre.is_battle();
        let tree = (self.tree && battle).then(|| {
            sol.tree.as_ref().map(|tree| match tree {
                Tree::Keys(keys) => {
                    SolveTree::Keys(keys.iter().map(|k| AttackNode::new(pos, k)).collect())
                }
                Tree::Defences(replies) => SolveTree::Defences(DefenceNode::all(pos, replies)),
            })
        });
        let length = match sol.outcome {
            ProblemOutcome::Solved(k) => Some(k),
            _ => None,
        };
        SolveRecord {
            fen: pos.fen(),
            bound: stip.moves(),
            outcome: sol.outcome,
            mate,
            proven,
            shortest: sol.shortest,
            complete: sol.complete,
            reason: sol.outcome.reason_for(&stip),
            note: None,
            keys,
            line: line_of(pos, &sol.line).into_iter().map(|m| m.san).collect(),
            nodes: sol.nodes,
            ms,
            tree,
            stipulation: stip,
            length,
            solutions: sol
                .solutions
                .iter()
                .map(|l| solution_of(pos, stip, l))
                .collect(),
            more_solutions: sol.more,
            tries: (self.tries && battle).then(|| {
                sol.tries
                    .iter()
                    .map(|t| {
                        let child = pos.after(t.mv);
                        SolveTry {
                            mv: SolveMove::new(pos, t.mv),
                            refutations: t
                                .refutations
                                .iter()
                                .map(|&r| SolveMove::new(&child, r))
                                .collect(),
                        }
                    })
                    .collect()
            }),
            set: (self.set_play && battle).then(|| set_record(pos, &sol.set)),
            popeye,
        }
    }

    /// Proves the shortest mate within `bound` moves (clamped to 1 to
    /// [`MAX_MATE_MOVES`], the record's note saying so) in `pos`: the
    /// stipulation `#bound`'s record.
    ///
    /// ```
    /// use kibitz::board::GameRules;
    /// use kibitz_scan::solve::SolveScan;
    /// let pos = GameRules::chess().position("8/8/8/8/7k/5K2/8/3R4 w - - 0 1").unwrap();
    /// let record = SolveScan::default().solve(&pos, 500);
    /// assert_eq!((record.mate, record.bound), (Some(2), 100));
    /// assert!(record.note.unwrap().contains("cut to 100"));
    /// ```
    pub fn solve(&self, pos: &AnyPosition, bound: u32) -> SolveRecord {
        let entry = Entry {
            position: pos.clone(),
            mate_bound: Some(bound),
            stipulation: None,
        };
        let scan = SolveScan {
            mate: None,
            stipulation: None,
            ..self.clone()
        };
        let (stip, note) = scan
            .stipulation_for(&entry)
            .unwrap_or((Stipulation::direct_clamped(bound), None));
        let mut record = self.record(pos, stip);
        record.note = note;
        record
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

/// The stipulations of the shorter solutions Popeye lists before the
/// full-length ones in help play (`h#2` lists the `h#1` lines first; `h#1.5` the
/// `h#0.5`), shortest first; none in battle play, whose short keys are keys.
fn shorter_stipulations(stip: Stipulation) -> Vec<Stipulation> {
    if stip.genre() != Genre::Help {
        return Vec::new();
    }
    (0..stip.moves())
        .filter_map(|k| Stipulation::new(Genre::Help, stip.goal(), k, stip.is_half()))
        .collect()
}

/// The stipulation of help play's set play: a half move shorter (`h#1.5` for
/// `h#2`, `h#1` for `h#1.5`, `h#0.5` for `h#1`), played from the diagram with
/// the turn passed; None outside help play.
fn help_set_stipulation(stip: Stipulation) -> Option<Stipulation> {
    if stip.genre() != Genre::Help {
        return None;
    }
    let (moves, half) = if stip.is_half() {
        (stip.moves(), false)
    } else {
        (stip.moves().checked_sub(1)?, true)
    };
    Stipulation::new(Genre::Help, stip.goal(), moves, half)
}

/// A line of moves played from `pos`, in notation.
fn line_of(pos: &AnyPosition, moves: &[AnyMove]) -> Vec<SolveMove> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves {
        out.push(SolveMove::new(&pos, mv));
        pos.play_unchecked(mv);
    }
    out
}

/// A help or series solution in notation: in series play the other side passes
/// between the series moves ([`Stipulation::passes_after`]).
fn solution_of(pos: &AnyPosition, stip: Stipulation, moves: &[AnyMove]) -> Vec<SolveMove> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        out.push(SolveMove::new(&pos, mv));
        pos.play_unchecked(mv);
        if stip.passes_after(i)
            && let Some(passed) = pos.pass()
        {
            pos = passed;
        }
    }
    out
}

/// The set play in notation (the defences in the position with the turn passed).
fn set_record(pos: &AnyPosition, set: &[kibitz::problem::SetPlay<AnyMove>]) -> Vec<SolveSet> {
    let Some(passed) = pos.pass() else {
        return Vec::new();
    };
    set.iter()
        .map(|s| {
            let child = passed.after(s.defence);
            SolveSet {
                defence: SolveMove::new(&passed, s.defence),
                mates: s
                    .answers
                    .iter()
                    .map(|&m| SolveMove::new(&child, m))
                    .collect(),
            }
        })
        .collect()
}

/// The answer for one position, as `kibitz solve` writes it, the API answers it
/// and Python's `kibitz.solve` returns it.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveRecord {
    /// The position, in FEN.
    pub fen: String,
    /// The bound N the search was given.
    pub bound: u32,
    /// What was found.
    pub outcome: ProblemOutcome,
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
    /// More solutions (helpmate lines, or keys) exist than
    /// [`SolveScan::max_solutions`] let the record list: `"more_solutions": true`
    /// in JSON, `(more exist)` in text.
    pub more_solutions: bool,
    /// When asked for (`#n`, `s#n`): the tries.
    pub tries: Option<Vec<SolveTry>>,
    /// When asked for (`#n`, `s#n`): the set play.
    pub set: Option<Vec<SolveSet>>,
    /// With [`SolveScan::popeye_layout`]: the solution in Popeye's text layout,
    /// written in place of the record's text.
    pub popeye: Option<String>,
}

/// A move, in UCI and SAN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveMove {
    /// In UCI.
    pub uci: String,
    /// In SAN.
    pub san: String,
}

impl SolveMove {
    /// The legal move `mv` of `pos`, in notation.
    fn new(pos: &AnyPosition, mv: AnyMove) -> SolveMove {
        SolveMove {
            uci: pos.uci(mv),
            san: pos.san(mv),
        }
    }
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
    fn new(pos: &AnyPosition, node: &TreeMove<AnyMove>) -> AttackNode {
        AttackNode {
            uci: pos.uci(node.mv),
            san: pos.san(node.mv),
            replies: DefenceNode::all(&pos.after(node.mv), &node.replies),
        }
    }
}

impl DefenceNode {
    fn all(pos: &AnyPosition, replies: &[TreeReply<AnyMove>]) -> Vec<DefenceNode> {
        replies
            .iter()
            .map(|reply| DefenceNode {
                uci: pos.uci(reply.mv),
                san: pos.san(reply.mv),
                then: reply
                    .then
                    .as_ref()
                    .map(|t| AttackNode::new(&pos.after(reply.mv), t)),
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
        } else if let Some(popeye) = &self.popeye {
            // Popeye's layout names no input: its counts line begins the record.
            out.text.push_str(popeye);
            out.text.push('\n');
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
        if let ProblemOutcome::Unknown { searched } = self.outcome
            && self.stipulation.is_direct_mate()
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
        // Listed up to the cap only: said so rather than left to guess.
        if self.more_solutions {
            t.push(',');
            json::key(t, "more_solutions");
            t.push_str("true");
        }
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
        // The direct mate is written as the prover speaks (`mate in 2`), every
        // other stipulation as problemists do (`h#2  solved in 2`).
        if !self.stipulation.is_direct_mate() {
            self.problem_text(t);
            return;
        }
        match self.outcome {
            ProblemOutcome::Solved(n) if !self.shortest => {
                let _ = write!(t, "mate in at most {n} (not proven shortest)");
            }
            ProblemOutcome::Solved(n) => {
                let _ = write!(t, "mate in {n}");
            }
            ProblemOutcome::Mated(n) if !self.shortest => {
                let _ = write!(t, "mated in at most {n} (not proven shortest)");
            }
            ProblemOutcome::Mated(n) => {
                let _ = write!(t, "mated in {n}");
            }
            ProblemOutcome::NoSolution => {
                let _ = write!(t, "no mate within {}", self.bound);
            }
            ProblemOutcome::Unknown { searched } => {
                let _ = write!(t, "not proven (no mate within {searched} proven)");
            }
            _ => t.push_str(self.reason.unwrap_or("")),
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
            if self.more_solutions {
                t.push_str(MORE);
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
            if self.more_solutions {
                t.push_str(MORE);
            }
        }
        if !self.solutions.is_empty() {
            // Past the cap: the first ones, and more exist.
            let first = if self.more_solutions { "first " } else { "" };
            let _ = write!(t, "  {first}{} solution", self.solutions.len());
            if self.solutions.len() > 1 {
                t.push('s');
            }
            if self.more_solutions {
                t.push_str(MORE);
            }
            t.push(':');
            for (i, line) in self.solutions.iter().enumerate() {
                t.push_str(if i == 0 { " " } else { "; " });
                let series = self.stipulation.genre().is_series();
                for (ply, mv) in line.iter().enumerate() {
                    // Series play numbers every move, as Popeye does.
                    if series {
                        if ply > 0 {
                            t.push(' ');
                        }
                        let _ = write!(t, "{}.", ply + 1);
                    } else if ply % 2 == 0 {
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

/// Written after the keys or the solutions listed when more exist.
const MORE: &str = " (more exist)";

/// Counts a record in the batch's totals.
pub(crate) fn count(totals: &mut Totals, record: &SolveRecord) {
    match record.outcome {
        ProblemOutcome::Solved(_) | ProblemOutcome::Mated(1..) => totals.with_mate += 1,
        ProblemOutcome::Unknown { .. } => totals.unproven += 1,
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

pub use crate::reader::{LONG_MATE_BOUND, epd_mate_bound};

/// Each game's start position.
struct StartPositions<'s, 'o> {
    scan: &'s SolveScan,
    name: Name<'s>,
    /// The game's place in the chunk, from 0.
    game: u64,
    /// Did the game's start position get a record?
    started: bool,
    /// The stop flag cut a search short: nothing more is written.
    cut: bool,
    /// The records not yet handed out (a game's count comes after its record).
    scanned: &'o mut Scanned,
    emit: &'o mut dyn FnMut(Scanned),
}

impl Visitor for StartPositions<'_, '_> {
    fn begin_game(&mut self, _line: usize) {
        self.started = false;
    }

    fn begin_movetext(&mut self, start: &Position) -> ControlFlow<()> {
        self.started = true;
        if self.cut {
            return ControlFlow::Break(());
        }
        let input = Input::Game {
            name: self.name,
            game: self.game,
        };
        let parsed = Ok(Entry {
            position: self.scan.rules.chess_position(start.clone()),
            mate_bound: None,
            stipulation: None,
        });
        self.cut = !self.scan.position(self.scanned, &input, parsed);
        if !self.cut {
            (self.emit)(std::mem::take(self.scanned));
        }
        // The moves are not needed.
        ControlFlow::Break(())
    }

    fn end_game(&mut self, end: &GameEnd<'_>) {
        self.scanned.totals.games += 1;
        if let Some(err) = end.error
            && !self.started
            && !self.cut
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

/// Why a position without a stipulation has no record.
const NO_STIPULATION: &str = "no mate bound or stipulation: give --mate N or --stip (h#2, s#3, \
    #2, …), or an EPD `bm #N` or `stip`, a Lichess mateInN theme";
